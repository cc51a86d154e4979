//! The image service behind `/img/w_<width>,q_<quality>/<source>` (seed 001 s9: "images
//! via a cloud image service (quality and width parameters)"). The URL scheme is
//! `domain::rules::image_url`; this is the work under it: fetch the original (the site's
//! media, or a feed photo from a host the dealer allows), decode it within limits, resize
//! it (never enlarged), encode it as AVIF, WebP or JPEG as the browser accepts, and keep
//! the result on disk so each variant is made once. Locally the originals come from the
//! `dist/` folder; on Lambda from the dealer's own site over HTTPS (CloudFront and S3),
//! and CloudFront caches every variant (`infra/template.yaml`).

pub mod codec;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, UNIX_EPOCH};

use anyhow::Context;
use axum::http::HeaderMap;
use domain::rules::image_url::{ImageRequest, ImageSource, ImageUrlError};

use crate::error::{ApiError, ErrorCode};

/// The header CloudFront's image function sets from `Accept` (`avif`, `webp` or `jpeg`),
/// so the CDN's cache key holds three variants at most instead of one per `Accept` string.
pub const FORMAT_HEADER: &str = "x-forecourt-image-format";

/// Bump when what the service writes for the same request changes (codec settings), so
/// no disk cache serves the old bytes.
const CACHE_VERSION: &str = "1";

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// AV1 in HEIF: the smallest, for browsers that say so.
    Avif,
    /// Lossy WebP.
    Webp,
    /// Baseline JPEG: every browser.
    Jpeg,
}

impl Format {
    /// The `Content-Type`.
    pub fn mime(self) -> &'static str {
        match self {
            Format::Avif => "image/avif",
            Format::Webp => "image/webp",
            Format::Jpeg => "image/jpeg",
        }
    }

    /// The name in [`FORMAT_HEADER`] and in cache file names.
    pub fn name(self) -> &'static str {
        match self {
            Format::Avif => "avif",
            Format::Webp => "webp",
            Format::Jpeg => "jpeg",
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        match name.trim().to_ascii_lowercase().as_str() {
            "avif" => Some(Format::Avif),
            "webp" => Some(Format::Webp),
            "jpeg" | "jpg" => Some(Format::Jpeg),
            _ => None,
        }
    }

    /// The format a request gets: CloudFront's [`FORMAT_HEADER`] when present, else
    /// `Accept`: WebP, then AVIF, when listed with a non-zero q; else JPEG. WebP before
    /// AVIF because variants are encoded on first request, in the path of a page's
    /// largest image: here a 640 px AVIF took about 8 times the CPU of WebP (3.7 s
    /// against 0.46 s in a debug build) for a few per cent fewer bytes.
    /// (`image/*` and `*/*` say nothing: browsers that decode AVIF or WebP list them.)
    pub fn negotiate(headers: &HeaderMap) -> Self {
        if let Some(format) = headers
            .get(FORMAT_HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(Format::from_name)
        {
            return format;
        }
        let accept = headers
            .get_all(axum::http::header::ACCEPT)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect::<Vec<_>>()
            .join(",");
        let accepts = |mime: &str| {
            accept.split(',').any(|part| {
                let mut pieces = part.split(';');
                let kind = pieces.next().unwrap_or("").trim();
                let q = pieces
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                kind.eq_ignore_ascii_case(mime) && q > 0.0
            })
        };
        if accepts("image/webp") {
            Format::Webp
        } else if accepts("image/avif") {
            Format::Avif
        } else {
            Format::Jpeg
        }
    }
}

/// How big an original the service takes, so a hostile or broken source cannot exhaust
/// memory: the bytes fetched, and the pixels and sides decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageLimits {
    /// Bytes of the original.
    pub max_bytes: u64,
    /// Width times height of the original.
    pub max_pixels: u64,
    /// Longest side of the original, px.
    pub max_side: u32,
}

impl Default for ImageLimits {
    /// 25 MB and 50 megapixels: above a yard camera's 1-3 MB, 24 MP photo and a phone's
    /// 12 MB one, and about 200 MB of RGBA at most, within the Lambda's memory.
    fn default() -> Self {
        ImageLimits {
            max_bytes: 25 * 1024 * 1024,
            max_pixels: 50_000_000,
            max_side: 12_000,
        }
    }
}

/// Why a variant cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// The path is not the service's scheme (400).
    #[error(transparent)]
    Url(#[from] ImageUrlError),
    /// A feed host the dealer does not allow (400).
    #[error("the image host \"{0}\" is not one this dealer allows; add it to images.allowed_hosts in the dealer's dealer.toml")]
    HostNotAllowed(String),
    /// The original is not a JPEG, PNG or WebP (400).
    #[error("the image source is not a JPEG, PNG or WebP image")]
    NotAnImage,
    /// The original is over the limits (400).
    #[error("the image source is larger than the image service takes (at most {} MB and {} megapixels)", .0.max_bytes / (1024 * 1024), .0.max_pixels / 1_000_000)]
    TooLarge(ImageLimits),
    /// No original at that source (404, with the not-found image).
    #[error("no image at that source")]
    Missing,
    /// The feed host failed or timed out (502, with the not-found image).
    #[error("the image host did not answer: {0}")]
    Upstream(String),
    /// A failure of ours (500).
    #[error("image service failure")]
    Internal(#[source] anyhow::Error),
}

impl ImageError {
    /// The API error of a refused request; `None` for the ones answered with the
    /// not-found image.
    pub fn api_error(self) -> Option<ApiError> {
        let message = self.to_string();
        let sentence = |code, text: String| {
            let mut text = text;
            if let Some(first) = text.get(..1) {
                text = format!("{}{}.", first.to_uppercase(), &text[1..]);
            }
            Some(ApiError::new(code, text))
        };
        match self {
            ImageError::Url(_) => sentence(ErrorCode::BadRequest, message),
            ImageError::HostNotAllowed(_) => sentence(ErrorCode::ImageHostNotAllowed, message),
            ImageError::NotAnImage => sentence(ErrorCode::NotAnImage, message),
            ImageError::TooLarge(_) => sentence(ErrorCode::ImageTooLarge, message),
            ImageError::Missing | ImageError::Upstream(_) => None,
            ImageError::Internal(e) => Some(ApiError::Internal(e)),
        }
    }
}

/// The dealer a variant is made for, and where its site media is.
#[derive(Debug, Clone, Copy)]
pub struct SiteOf<'a> {
    /// The dealer's slug.
    pub slug: &'a str,
    /// Its first public domain (where its site is on the internet).
    pub domain: Option<&'a str>,
    /// The local server's `dist/`: `/media/*` from `<dist>/_media`, anything else from
    /// the dealer's folder `<dist>/<slug>`. Without one (Lambda) site media is read over
    /// HTTPS from the dealer's site, `https://<domain><path>` (CloudFront and S3), or from
    /// the service's site base with the domain as `Host`.
    pub dist: Option<&'a Path>,
}

/// One encoded variant.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The bytes.
    pub bytes: Vec<u8>,
    /// Their format.
    pub format: Format,
    /// Read from the disk cache rather than made now.
    pub from_cache: bool,
}

/// The image service: originals, limits, the disk cache and its per-key locks.
pub struct ImageService {
    site_base: Option<String>,
    cache_dir: Option<PathBuf>,
    limits: ImageLimits,
    allowed_hosts: HashMap<String, Vec<String>>,
    http: reqwest::Client,
    locks: Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>,
    encodes: AtomicU64,
}

impl std::fmt::Debug for ImageService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImageService")
            .field("site_base", &self.site_base)
            .field("cache_dir", &self.cache_dir)
            .field("limits", &self.limits)
            .field("allowed_hosts", &self.allowed_hosts)
            .finish_non_exhaustive()
    }
}

/// How long a feed host may take to answer.
const FETCH_TIMEOUT: Duration = Duration::from_secs(8);

impl ImageService {
    /// A service keeping variants under `cache_dir` (none: made on every request, where
    /// a CDN in front keeps them). Without a `dist/`, site media is read from
    /// `<site_base><path>` (with the dealer's domain as `Host`) when a base is given, else
    /// from `https://<domain><path>`.
    pub fn new(site_base: Option<String>, cache_dir: Option<PathBuf>) -> Self {
        let http = reqwest::Client::builder()
            // A redirect could lead to a host the dealer does not allow.
            .redirect(reqwest::redirect::Policy::none())
            .timeout(FETCH_TIMEOUT)
            .build()
            .unwrap_or_default();
        ImageService {
            site_base: site_base.filter(|b| !b.trim().is_empty()),
            cache_dir,
            limits: ImageLimits::default(),
            allowed_hosts: HashMap::new(),
            http,
            locks: Mutex::new(HashMap::new()),
            encodes: AtomicU64::new(0),
        }
    }

    /// The same service with other limits.
    pub fn with_limits(mut self, limits: ImageLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The same service allowing feed photos from `hosts` for the dealer `slug`.
    pub fn allow_hosts(mut self, slug: &str, hosts: &[String]) -> Self {
        self.allowed_hosts.insert(
            slug.to_owned(),
            hosts.iter().map(|h| h.to_ascii_lowercase()).collect(),
        );
        self
    }

    /// The feed hosts of every dealer, from their configuration.
    pub fn allow_dealers(self, dealers: &[domain::config::Dealer]) -> Self {
        dealers.iter().fold(self, |service, dealer| {
            service.allow_hosts(&dealer.config.slug, &dealer.config.images.allowed_hosts)
        })
    }

    /// How many variants were encoded (not read from the cache) since start.
    pub fn encodes(&self) -> u64 {
        self.encodes.load(Ordering::Relaxed)
    }

    /// The variant of `request` in `format` for a dealer's site: from the disk cache, or
    /// made and kept there.
    pub async fn variant(
        &self,
        request: &ImageRequest,
        format: Format,
        site: SiteOf<'_>,
    ) -> Result<Variant, ImageError> {
        let slug = site.slug;
        if let Some(host) = request.source.remote_host() {
            let allowed = self
                .allowed_hosts
                .get(slug)
                .is_some_and(|hosts| hosts.iter().any(|h| h == host));
            if !allowed {
                return Err(ImageError::HostNotAllowed(host.to_owned()));
            }
        }
        let located = self.locate(&request.source, site).await?;
        let identity = format!(
            "{CACHE_VERSION}\n{}\n{}\n{}\n{}\n{}",
            located.scope, located.url, located.version, request.width, request.quality
        );
        let (width, quality) = (request.width, request.quality);
        self.cached(&identity, format, || async move {
            let bytes = self.fetch(&located).await?;
            let limits = self.limits;
            blocking(move || {
                let pixels = codec::resize(codec::decode(&bytes, &limits)?, width)?;
                codec::encode(&pixels, format, quality)
            })
            .await
        })
        .await
    }

    /// The not-found image at `width` and `quality` in `format`.
    pub async fn not_found(
        &self,
        width: u32,
        quality: u32,
        format: Format,
    ) -> Result<Variant, ImageError> {
        let identity = format!("{CACHE_VERSION}\nnot-found\n{width}\n{quality}");
        self.cached(&identity, format, || async move {
            blocking(move || codec::encode(&codec::not_found(width), format, quality)).await
        })
        .await
    }

    /// Reads `identity`'s variant from disk, or makes it with `make` (once at a time
    /// per variant: concurrent requests for it wait for the first and read its file).
    async fn cached<F, Fut>(
        &self,
        identity: &str,
        format: Format,
        make: F,
    ) -> Result<Variant, ImageError>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<Vec<u8>, ImageError>>,
    {
        let key = format!(
            "{}.{}",
            blake3::hash(identity.as_bytes()).to_hex(),
            format.name()
        );
        let path = self
            .cache_dir
            .as_ref()
            .map(|dir| dir.join(&key[..2]).join(&key));
        if let Some(bytes) = read_cached(path.as_deref()).await {
            return Ok(Variant {
                bytes,
                format,
                from_cache: true,
            });
        }
        let lock = self.lock(&key);
        let _guard = lock.lock().await;
        if let Some(bytes) = read_cached(path.as_deref()).await {
            return Ok(Variant {
                bytes,
                format,
                from_cache: true,
            });
        }
        let bytes = make().await?;
        self.encodes.fetch_add(1, Ordering::Relaxed);
        if let Some(path) = &path {
            if let Err(e) = write_cached(path, &bytes).await {
                // Still an answer: the next request makes it again.
                tracing::warn!(path = %path.display(), error = %e, "image variant not cached");
            }
        }
        Ok(Variant {
            bytes,
            format,
            from_cache: false,
        })
    }

    fn lock(&self, key: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.locks.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(lock) = locks.get(key).and_then(Weak::upgrade) {
            return lock;
        }
        // Forget the locks nobody holds any more, so the map stays small.
        locks.retain(|_, lock| lock.strong_count() > 0);
        let lock = Arc::new(tokio::sync::Mutex::new(()));
        locks.insert(key.to_owned(), Arc::downgrade(&lock));
        lock
    }

    /// Where the original is, and what identifies its content for the cache key.
    async fn locate(&self, source: &ImageSource, site: SiteOf<'_>) -> Result<Located, ImageError> {
        let slug = site.slug;
        match source {
            ImageSource::Remote { .. } => Ok(Located {
                scope: String::new(),
                url: source.original_url(),
                version: String::new(),
                file: None,
                host: None,
            }),
            ImageSource::Site(path) => {
                // `/media/*` is shared by every dealer; anything else is the dealer's own.
                let shared = path.starts_with("/media/");
                let scope = if shared {
                    String::new()
                } else {
                    slug.to_owned()
                };
                match site.dist {
                    Some(dist) => {
                        let relative = site_file(path).ok_or(ImageError::Missing)?;
                        let file = match relative.strip_prefix("media/") {
                            Some(rest) => dist.join("_media").join(rest),
                            None => dist.join(slug).join(&relative),
                        };
                        let meta = tokio::fs::metadata(&file)
                            .await
                            .map_err(|_| ImageError::Missing)?;
                        if !meta.is_file() {
                            return Err(ImageError::Missing);
                        }
                        // A rebuilt photo under the same name is a new variant.
                        let modified = meta
                            .modified()
                            .ok()
                            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                            .map_or(0, |d| d.as_nanos());
                        Ok(Located {
                            scope,
                            url: path.clone(),
                            version: format!("{}:{modified}", meta.len()),
                            file: Some(file),
                            host: None,
                        })
                    }
                    None => {
                        let domain = site.domain.ok_or(ImageError::Missing)?;
                        let (url, host) = match &self.site_base {
                            Some(base) => (
                                format!("{}{path}", base.trim_end_matches('/')),
                                Some(domain.to_owned()),
                            ),
                            None => (format!("https://{domain}{path}"), None),
                        };
                        Ok(Located {
                            scope: format!("{scope}\n{domain}"),
                            url,
                            version: String::new(),
                            file: None,
                            host,
                        })
                    }
                }
            }
        }
    }

    /// The original's bytes, at most `limits.max_bytes` of them.
    async fn fetch(&self, located: &Located) -> Result<Vec<u8>, ImageError> {
        if let Some(file) = &located.file {
            let meta = tokio::fs::metadata(file)
                .await
                .map_err(|_| ImageError::Missing)?;
            if meta.len() > self.limits.max_bytes {
                return Err(ImageError::TooLarge(self.limits));
            }
            return tokio::fs::read(file).await.map_err(|_| ImageError::Missing);
        }
        let mut request = self.http.get(&located.url);
        if let Some(host) = &located.host {
            request = request.header(axum::http::header::HOST, host.as_str());
        }
        let mut response = request
            .send()
            .await
            .map_err(|e| ImageError::Upstream(e.without_url().to_string()))?;
        let status = response.status();
        if status == reqwest::StatusCode::NOT_FOUND || status == reqwest::StatusCode::GONE {
            return Err(ImageError::Missing);
        }
        if !status.is_success() {
            return Err(ImageError::Upstream(format!("status {status}")));
        }
        if response
            .content_length()
            .is_some_and(|n| n > self.limits.max_bytes)
        {
            return Err(ImageError::TooLarge(self.limits));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| ImageError::Upstream(e.without_url().to_string()))?
        {
            if (bytes.len() + chunk.len()) as u64 > self.limits.max_bytes {
                return Err(ImageError::TooLarge(self.limits));
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    }
}

/// The file a site path names, relative to the site root, decoded as the file service
/// decodes it (`%20` is a space); `None` for anything that would leave the folder or
/// name a dotfile once decoded (`a%2F..` is `a/..`).
fn site_file(path: &str) -> Option<String> {
    let decoded = String::from_utf8(crate::site_path::percent_decode(
        path.trim_start_matches('/'),
    ))
    .ok()?;
    let safe = decoded.split('/').all(|segment| {
        !segment.is_empty()
            && !segment.starts_with('.')
            && !segment.contains('\\')
            && segment.len() <= crate::site_path::MAX_SEGMENT_BYTES
    });
    safe.then_some(decoded)
}

/// An original, found.
struct Located {
    /// Whose it is: empty for shared sources, else the dealer (and domain).
    scope: String,
    /// Its path or URL.
    url: String,
    /// What changes when its content does (size and mtime of a file).
    version: String,
    /// The file, for `dist/` originals.
    file: Option<PathBuf>,
    /// The `Host` to send with `url`, when it is not the URL's own.
    host: Option<String>,
}

/// Decoding and encoding take a core for milliseconds to seconds: off the async threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ImageError> + Send + 'static,
) -> Result<T, ImageError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ImageError::Internal(anyhow::anyhow!("image work stopped: {e}")))?
}

async fn read_cached(path: Option<&Path>) -> Option<Vec<u8>> {
    tokio::fs::read(path?).await.ok().filter(|b| !b.is_empty())
}

/// Writes through a temporary name and renames, so a reader never sees half a file.
async fn write_cached(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().context("a cache path has a folder")?;
    tokio::fs::create_dir_all(dir).await?;
    let temp = path.with_extension(format!("tmp{}", std::process::id()));
    tokio::fs::write(&temp, bytes).await?;
    tokio::fs::rename(&temp, path).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("accept", HeaderValue::from_str(value).expect("header"));
        headers
    }

    #[test]
    fn site_paths_are_decoded_and_cannot_leave_the_site() {
        assert_eq!(
            site_file("/media/a%20b.jpg").as_deref(),
            Some("media/a b.jpg")
        );
        assert_eq!(site_file("/logo.png").as_deref(), Some("logo.png"));
        for bad in [
            "/media/a%2F..%2F..%2Fsecret",
            "/media/%2e%2e/x.jpg",
            "/.forecourt/x",
            "/media//x",
        ] {
            assert_eq!(site_file(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_best_accepted_format_wins() {
        let chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
        assert_eq!(Format::negotiate(&accept(chrome)), Format::Webp);
        assert_eq!(Format::negotiate(&accept("image/webp,*/*")), Format::Webp);
        assert_eq!(
            Format::negotiate(&accept("image/avif,image/webp;q=0")),
            Format::Avif
        );
        assert_eq!(Format::negotiate(&accept("image/avif,*/*")), Format::Avif);
        assert_eq!(
            Format::negotiate(&accept("image/*,*/*;q=0.8")),
            Format::Jpeg
        );
        assert_eq!(Format::negotiate(&HeaderMap::new()), Format::Jpeg);
        let mut cdn = accept(chrome);
        cdn.insert(FORMAT_HEADER, HeaderValue::from_static("webp"));
        assert_eq!(
            Format::negotiate(&cdn),
            Format::Webp,
            "CloudFront's choice first"
        );
    }
}
