//! The image service behind `/img/w_<width>,q_<quality>/<source>` (seed 001 s9: "images
//! via a cloud image service (quality and width parameters)"). The URL scheme is
//! `domain::rules::image_url`; this is the work under it: fetch the original (the site's
//! media, or a feed photo from a host the dealer allows), decode it within limits, resize
//! it (never enlarged), encode it as AVIF, WebP or JPEG as the browser accepts, and keep
//! the result on disk so each variant is made once. Locally the originals come from the
//! `dist/` folder; on Lambda from the dealer's own site over HTTPS (CloudFront and S3),
//! and CloudFront caches every variant (`infra/template.yaml`).
//!
//! What one anonymous request can cost is bounded: a source has one spelling on disk
//! ([`source`]), the disk cache has a cap in bytes ([`cache`]), encodes run on at most
//! as many threads as there are cores with a bounded queue, AVIF (hundreds of times
//! WebP's CPU, seconds even for the narrowest photo) is never encoded while a request
//! waits but in the background, one at a time, and the caller counts every request
//! that makes something (the route limits them per client address).

pub mod cache;
pub mod codec;
pub mod source;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, UNIX_EPOCH};

use axum::http::HeaderMap;
use domain::rules::image_url::{ImageRequest, ImageSource, ImageUrlError};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::{ApiError, ErrorCode};
use cache::DiskCache;

/// The header CloudFront's image function sets from `Accept` (`avif`, `webp` or `jpeg`),
/// so the CDN's cache key holds three variants at most instead of one per `Accept` string.
pub const FORMAT_HEADER: &str = "x-forecourt-image-format";

/// Bump when what the service writes for the same request changes (codec settings), so
/// no disk cache serves the old bytes.
const CACHE_VERSION: &str = "2";

/// The disk cache's cap when none is configured: room for tens of thousands of variants,
/// far below a server's disk.
pub const DEFAULT_CACHE_MAX_BYTES: u64 = 2 << 30;

/// Requests waiting for an encoder, per encoder, before the service answers busy.
const QUEUE_PER_ENCODER: usize = 16;

/// AVIF encodes waiting for the background encoder; more are dropped (a later request
/// asks again).
const MAX_BACKGROUND: usize = 64;

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
    /// A `site/` source that is not the site's media or one of its image files (400).
    #[error("the image source \"site/{0}\" is not a photo of the site; use site/media/<path>, site/assets/<file> or site/<file> for a JPEG, PNG or WebP file the site publishes")]
    NotSitePhoto(String),
    /// Every encoder is busy and the queue is full (503, with `Retry-After`).
    #[error("the image service is busy; please try again in a moment")]
    Busy,
    /// The caller refused a request that would make a variant (its rate limit).
    #[error("{0}")]
    Refused(ApiError),
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
            ImageError::Url(_) | ImageError::NotSitePhoto(_) => {
                sentence(ErrorCode::BadRequest, message)
            }
            ImageError::Busy => sentence(ErrorCode::Unavailable, message),
            ImageError::Refused(api) => Some(api),
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
    /// A stand-in for the format asked for, which is being made: cache it briefly.
    pub provisional: bool,
}

/// The image service: originals, limits, the disk cache and its per-key locks, the
/// encoders and the background AVIF queue.
pub struct ImageService {
    site_base: Option<String>,
    cache: Option<DiskCache>,
    limits: ImageLimits,
    allowed_hosts: HashMap<String, Vec<String>>,
    http: reqwest::Client,
    locks: Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>,
    encodes: AtomicU64,
    encoders: Encoders,
    background: Arc<Semaphore>,
    pending: Mutex<HashSet<String>>,
}

impl std::fmt::Debug for ImageService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImageService")
            .field("site_base", &self.site_base)
            .field("cache", &self.cache)
            .field("limits", &self.limits)
            .field("allowed_hosts", &self.allowed_hosts)
            .field("encoders", &self.encoders)
            .finish_non_exhaustive()
    }
}

/// How long a feed host may take to answer.
const FETCH_TIMEOUT: Duration = Duration::from_secs(8);

/// Encoding slots: one per core, and a bounded queue of requests waiting for one.
///
/// Past the queue a request is answered 503 with `Retry-After` rather than left to
/// wait: a page of photos from a cold cache waits a moment in the queue, but a flood
/// would hold connections and memory for longer than any browser waits, and a quick
/// busy answer lets the browser or the CDN ask again once the work is done.
#[derive(Debug)]
struct Encoders {
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
}

impl Encoders {
    fn new(slots: usize, max_waiting: usize) -> Self {
        Encoders {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            waiting: AtomicUsize::new(0),
            max_waiting,
        }
    }

    /// A slot, at once or after a wait in the queue; [`ImageError::Busy`] when the
    /// queue is full.
    async fn slot(&self) -> Result<OwnedSemaphorePermit, ImageError> {
        if let Ok(slot) = Arc::clone(&self.slots).try_acquire_owned() {
            return Ok(slot);
        }
        let place = Waiting::enter(&self.waiting);
        if place.ahead >= self.max_waiting {
            return Err(ImageError::Busy);
        }
        Arc::clone(&self.slots)
            .acquire_owned()
            .await
            .map_err(|e| ImageError::Internal(anyhow::anyhow!("image encoders closed: {e}")))
    }
}

/// A place in the queue, left when dropped (also when the request is dropped).
struct Waiting<'a> {
    count: &'a AtomicUsize,
    ahead: usize,
}

impl<'a> Waiting<'a> {
    fn enter(count: &'a AtomicUsize) -> Self {
        let ahead = count.fetch_add(1, Ordering::SeqCst);
        Waiting { count, ahead }
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.count.fetch_sub(1, Ordering::SeqCst);
    }
}

impl ImageService {
    /// A service keeping variants under `cache_dir` (none: made on every request, where
    /// a CDN in front keeps them), at most [`DEFAULT_CACHE_MAX_BYTES`] of them. Without a
    /// `dist/`, site media is read from `<site_base><path>` (with the dealer's domain as
    /// `Host`) when a base is given, else from `https://<domain><path>`.
    pub fn new(site_base: Option<String>, cache_dir: Option<PathBuf>) -> Self {
        let http = reqwest::Client::builder()
            // A redirect could lead to a host the dealer does not allow.
            .redirect(reqwest::redirect::Policy::none())
            .timeout(FETCH_TIMEOUT)
            .build()
            .unwrap_or_default();
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        ImageService {
            site_base: site_base.filter(|b| !b.trim().is_empty()),
            cache: cache_dir.map(|dir| DiskCache::new(dir, DEFAULT_CACHE_MAX_BYTES)),
            limits: ImageLimits::default(),
            allowed_hosts: HashMap::new(),
            http,
            locks: Mutex::new(HashMap::new()),
            encodes: AtomicU64::new(0),
            encoders: Encoders::new(cores, cores * QUEUE_PER_ENCODER),
            background: Arc::new(Semaphore::new(1)),
            pending: Mutex::new(HashSet::new()),
        }
    }

    /// The same service with other limits.
    pub fn with_limits(mut self, limits: ImageLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The same service keeping at most `max_bytes` of variants on disk.
    pub fn with_cache_max_bytes(mut self, max_bytes: u64) -> Self {
        self.cache = self
            .cache
            .map(|cache| DiskCache::new(cache.dir().to_path_buf(), max_bytes));
        self
    }

    /// The same service with `encoders` encodes at once (at least one) and at most
    /// `queue` requests waiting for one.
    pub fn with_encoders(mut self, encoders: usize, queue: usize) -> Self {
        self.encoders = Encoders::new(encoders, queue);
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

    /// The bytes of variants on disk.
    pub async fn cached_bytes(&self) -> u64 {
        match &self.cache {
            Some(cache) => cache.bytes().await,
            None => 0,
        }
    }

    /// Whether an AVIF encode is queued or under way in the background.
    pub fn encoding_later(&self) -> bool {
        !lock(&self.pending).is_empty()
    }

    /// The variant of `request` in `format` for a dealer's site: from the disk cache, or
    /// made and kept there. `admit` is awaited once before anything is fetched or
    /// encoded for the request (a rate limit); a variant read from the cache costs
    /// nothing and does not ask. AVIF is answered from the cache, else with a provisional
    /// JPEG (AVIF is only negotiated for browsers that do not list WebP, and every
    /// browser shows JPEG) while the AVIF is made in the background.
    pub async fn variant<A, AF>(
        self: &Arc<Self>,
        request: &ImageRequest,
        format: Format,
        site: SiteOf<'_>,
        admit: A,
    ) -> Result<Variant, ImageError>
    where
        A: FnOnce() -> AF,
        AF: std::future::Future<Output = Result<(), ImageError>>,
    {
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
        if format == Format::Avif {
            let key = cache_key(&identity, Format::Avif);
            if let Some(bytes) = self.read(&key).await {
                return Ok(Variant {
                    bytes,
                    format,
                    from_cache: true,
                    provisional: false,
                });
            }
            admit().await?;
            let stand_in = self
                .cached(&cache_key(&identity, Format::Jpeg), Format::Jpeg, || {
                    self.make(&located, width, quality, Format::Jpeg)
                })
                .await?;
            self.encode_later(key, located, width, quality);
            return Ok(Variant {
                provisional: true,
                ..stand_in
            });
        }
        self.cached(&cache_key(&identity, format), format, || async {
            admit().await?;
            self.make(&located, width, quality, format).await
        })
        .await
    }

    /// The not-found image at `width` and `quality` in `format`; JPEG when AVIF is
    /// asked for: a few flat colours are small in JPEG too, and AVIF would take seconds.
    pub async fn not_found(
        &self,
        width: u32,
        quality: u32,
        format: Format,
    ) -> Result<Variant, ImageError> {
        let format = match format {
            Format::Avif => Format::Jpeg,
            other => other,
        };
        let identity = format!("{CACHE_VERSION}\nnot-found\n{width}\n{quality}");
        self.cached(&cache_key(&identity, format), format, || async move {
            let slot = self.encoders.slot().await?;
            blocking(move || {
                let _slot = slot;
                codec::encode(&codec::not_found(width), format, quality)
            })
            .await
        })
        .await
    }

    /// Fetches, decodes, resizes and encodes, holding an encoder slot from the fetch on:
    /// the slot bounds the memory of originals in flight as well as the CPU.
    async fn make(
        &self,
        located: &Located,
        width: u32,
        quality: u32,
        format: Format,
    ) -> Result<Vec<u8>, ImageError> {
        let slot = self.encoders.slot().await?;
        let bytes = self.fetch(located).await?;
        let limits = self.limits;
        // The slot moves into the work: it is held until the CPU is free again, even
        // when the request that asked is gone.
        blocking(move || {
            let _slot = slot;
            let pixels = codec::resize(codec::decode(&bytes, &limits)?, width)?;
            codec::encode(&pixels, format, quality)
        })
        .await
    }

    /// Queues the AVIF under `key` for the background encoder (one encode at a time),
    /// unless it is queued already, the queue is full or there is no disk to keep it on.
    fn encode_later(self: &Arc<Self>, key: String, located: Located, width: u32, quality: u32) {
        if self.cache.is_none() {
            return;
        }
        {
            let mut pending = lock(&self.pending);
            if pending.len() >= MAX_BACKGROUND || !pending.insert(key.clone()) {
                return;
            }
        }
        let service = Arc::clone(self);
        tokio::spawn(async move {
            let made = match Arc::clone(&service.background).acquire_owned().await {
                Ok(_turn) => service
                    .cached(&key, Format::Avif, || {
                        service.make(&located, width, quality, Format::Avif)
                    })
                    .await
                    .map(|_| ()),
                Err(e) => Err(ImageError::Internal(anyhow::anyhow!(
                    "background encoder closed: {e}"
                ))),
            };
            if let Err(e) = made {
                tracing::info!(source = %located.url, error = %e, "background AVIF not made");
            }
            lock(&service.pending).remove(&key);
        });
    }

    async fn read(&self, key: &str) -> Option<Vec<u8>> {
        self.cache.as_ref()?.read(key).await
    }

    /// Reads `key`'s variant from disk, or makes it with `make` (once at a time per
    /// variant: concurrent requests for it wait for the first and read its file).
    async fn cached<F, Fut>(
        &self,
        key: &str,
        format: Format,
        make: F,
    ) -> Result<Variant, ImageError>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<Vec<u8>, ImageError>>,
    {
        let hit = |bytes| Variant {
            bytes,
            format,
            from_cache: true,
            provisional: false,
        };
        if let Some(bytes) = self.read(key).await {
            return Ok(hit(bytes));
        }
        let lock = self.lock(key);
        let _guard = lock.lock().await;
        if let Some(bytes) = self.read(key).await {
            return Ok(hit(bytes));
        }
        let bytes = make().await?;
        self.encodes.fetch_add(1, Ordering::Relaxed);
        if let Some(cache) = &self.cache {
            if let Err(e) = cache.write(key, &bytes).await {
                // Still an answer: the next request makes it again.
                tracing::warn!(dir = %cache.dir().display(), key, error = %e, "image variant not cached");
            }
        }
        Ok(Variant {
            bytes,
            format,
            from_cache: false,
            provisional: false,
        })
    }

    fn lock(&self, key: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = lock(&self.locks);
        if let Some(lock) = locks.get(key).and_then(Weak::upgrade) {
            return lock;
        }
        // Forget the locks nobody holds any more, so the map stays small.
        locks.retain(|_, lock| lock.strong_count() > 0);
        let lock = Arc::new(tokio::sync::Mutex::new(()));
        locks.insert(key.to_owned(), Arc::downgrade(&lock));
        lock
    }

    /// Where the original is, and what identifies its content for the cache key: the
    /// source decoded and spelt one way, so every spelling of a photo is one variant.
    async fn locate(&self, source: &ImageSource, site: SiteOf<'_>) -> Result<Located, ImageError> {
        let slug = site.slug;
        match source {
            ImageSource::Remote { .. } => Ok(Located {
                scope: String::new(),
                url: source::normalise_remote(&source.original_url()),
                version: String::new(),
                file: None,
                host: None,
            }),
            ImageSource::Site(path) => {
                let relative = source::site_file(path).ok_or(ImageError::Missing)?;
                if !source::is_site_photo(&relative) {
                    return Err(ImageError::NotSitePhoto(relative));
                }
                let canonical = format!("/{}", source::encode_path(&relative));
                // `/media/*` is shared by every dealer; anything else is the dealer's own.
                let scope = match relative.strip_prefix("media/") {
                    Some(_) => String::new(),
                    None => slug.to_owned(),
                };
                match site.dist {
                    Some(dist) => {
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
                            url: canonical,
                            version: format!("{}:{modified}", meta.len()),
                            file: Some(file),
                            host: None,
                        })
                    }
                    None => {
                        let domain = site.domain.ok_or(ImageError::Missing)?;
                        let (url, host) = match &self.site_base {
                            Some(base) => (
                                format!("{}{canonical}", base.trim_end_matches('/')),
                                Some(domain.to_owned()),
                            ),
                            None => (format!("https://{domain}{canonical}"), None),
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

/// The file name of a variant: the hash of what identifies it, and its format.
fn cache_key(identity: &str, format: Format) -> String {
    format!(
        "{}.{}",
        blake3::hash(identity.as_bytes()).to_hex(),
        format.name()
    )
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("accept", HeaderValue::from_str(value).expect("header"));
        headers
    }

    #[tokio::test]
    async fn encodes_wait_for_a_slot_and_past_the_queue_the_service_is_busy() {
        let encoders = Arc::new(Encoders::new(1, 1));
        let held = encoders.slot().await.expect("the free slot");
        let queued = Arc::clone(&encoders);
        let waiter = tokio::spawn(async move { queued.slot().await.map(drop) });
        while encoders.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        assert!(
            matches!(encoders.slot().await, Err(ImageError::Busy)),
            "the queue is full"
        );
        assert_eq!(encoders.waiting.load(Ordering::SeqCst), 1, "busy left it");
        drop(held);
        waiter
            .await
            .expect("joined")
            .expect("the waiter gets the slot");
        assert_eq!(encoders.waiting.load(Ordering::SeqCst), 0);
        assert!(encoders.slot().await.is_ok(), "free again");
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
