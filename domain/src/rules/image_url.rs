//! The image service's URL scheme (seed 001 s9: "images via a cloud image service (quality
//! and width parameters)"): `/img/w_<width>,q_<quality>/<source>`.
//!
//! The source is either site media, `site/<path>` (served at `/<path>`), or a feed photo,
//! `<scheme>/<host>/<path>` for `http` and `https`. A feed URL's query is kept
//! percent-encoded in the last segment so the whole source stays one path. Widths and
//! qualities come from fixed lists so a CDN caches few variants of each photo.

use std::fmt;

use super::constants::{IMAGE_QUALITY, IMAGE_WIDTH_PX};

/// Path prefix of the image service.
pub const PREFIX: &str = "/img/";

/// The widths the service renders, px: every `srcset` uses these and nothing else.
pub const WIDTHS: [u32; 9] = [160, 320, 480, 640, 800, 960, 1280, 1600, 1920];

/// The qualities the service encodes at; the seed's default is 75.
pub const QUALITIES: [u32; 4] = [50, 60, 75, 85];

/// Seed 001 s9: default width and quality.
pub const DEFAULT_WIDTH: u32 = IMAGE_WIDTH_PX;
/// Seed 001 s9: default quality.
pub const DEFAULT_QUALITY: u32 = IMAGE_QUALITY;

/// Where the original photo lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageSource {
    /// A file the site publishes, by its path from the site root (with its leading `/`).
    Site(String),
    /// A photo on a feed's host.
    Remote {
        /// `https` or `http`.
        scheme: RemoteScheme,
        /// Host name (and port, if any), lower case.
        host: String,
        /// Path from the host root with its leading `/`, and the query if any.
        path: String,
    },
}

/// The scheme of a remote source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemoteScheme {
    /// `https://`
    Https,
    /// `http://`
    Http,
}

impl RemoteScheme {
    fn as_str(self) -> &'static str {
        match self {
            Self::Https => "https",
            Self::Http => "http",
        }
    }
}

impl ImageSource {
    /// The source a page names as `url`: a root path (`/media/x.jpg`) or an absolute
    /// http(s) URL. `None` for anything the service does not take (data: URLs, relative
    /// paths, other schemes).
    pub fn from_url(url: &str) -> Option<Self> {
        if let Some(path) = url.strip_prefix('/') {
            if path.starts_with('/') || path.is_empty() {
                return None;
            }
            return Some(Self::Site(format!("/{path}")));
        }
        let (scheme, rest) = if let Some(rest) = url.strip_prefix("https://") {
            (RemoteScheme::Https, rest)
        } else if let Some(rest) = url.strip_prefix("http://") {
            (RemoteScheme::Http, rest)
        } else {
            return None;
        };
        let (host, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        if host.is_empty() || path == "/" {
            return None;
        }
        Some(Self::Remote {
            scheme,
            host: host.to_ascii_lowercase(),
            path: path.to_string(),
        })
    }

    /// The URL of the original: a root path or an absolute URL.
    pub fn original_url(&self) -> String {
        match self {
            Self::Site(path) => path.clone(),
            Self::Remote { scheme, host, path } => format!("{}://{host}{path}", scheme.as_str()),
        }
    }

    /// The host a remote source is fetched from; `None` for site media.
    pub fn remote_host(&self) -> Option<&str> {
        match self {
            Self::Site(_) => None,
            Self::Remote { host, .. } => Some(host),
        }
    }

    fn path_segment(&self) -> String {
        match self {
            Self::Site(path) => format!("site{path}"),
            Self::Remote { scheme, host, path } => {
                format!("{}/{host}{}", scheme.as_str(), path.replace('?', "%3F"))
            }
        }
    }
}

/// One variant of one photo, as the service is asked for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRequest {
    /// Width in px, one of [`WIDTHS`]; the service never enlarges past the original.
    pub width: u32,
    /// Encoder quality, one of [`QUALITIES`].
    pub quality: u32,
    /// The original.
    pub source: ImageSource,
}

impl ImageRequest {
    /// The service path of this variant.
    pub fn url(&self) -> String {
        format!(
            "{PREFIX}w_{},q_{}/{}",
            self.width,
            self.quality,
            self.source.path_segment()
        )
    }
}

/// Why a path is not an image-service request. Every variant is a 400 at the API.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageUrlError {
    /// The path does not start with `/img/`.
    #[error("image paths start with {PREFIX}")]
    NotImagePath,
    /// The parameter segment is not `w_<width>,q_<quality>`.
    #[error(
        "the parameters \"{0}\" are not of the form w_<width>,q_<quality>, for example w_640,q_75"
    )]
    BadParameters(String),
    /// A width outside the ladder.
    #[error("width {0} is not one the image service renders; use one of {widths}", widths = list(&WIDTHS))]
    Width(u32),
    /// A quality outside the list.
    #[error("quality {0} is not one the image service encodes at; use one of {qualities}", qualities = list(&QUALITIES))]
    Quality(u32),
    /// The source part is missing or malformed.
    #[error("the image source \"{0}\" is neither site/<path> nor https/<host>/<path>")]
    Source(String),
}

fn list(values: &[u32]) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses a service path (`/img/w_640,q_75/site/media/x.jpg`).
pub fn parse(path: &str) -> Result<ImageRequest, ImageUrlError> {
    let rest = path
        .strip_prefix(PREFIX)
        .ok_or(ImageUrlError::NotImagePath)?;
    let (params, source) = rest
        .split_once('/')
        .ok_or_else(|| ImageUrlError::Source(String::new()))?;
    let (width, quality) = parse_params(params)?;
    if !WIDTHS.contains(&width) {
        return Err(ImageUrlError::Width(width));
    }
    if !QUALITIES.contains(&quality) {
        return Err(ImageUrlError::Quality(quality));
    }
    Ok(ImageRequest {
        width,
        quality,
        source: parse_source(source)?,
    })
}

fn parse_params(params: &str) -> Result<(u32, u32), ImageUrlError> {
    let bad = || ImageUrlError::BadParameters(params.to_string());
    let (w, q) = params.split_once(',').ok_or_else(bad)?;
    let number = |part: &str, key: &str| -> Result<u32, ImageUrlError> {
        let digits = part.strip_prefix(key).ok_or_else(bad)?;
        if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        digits.parse().map_err(|_| bad())
    };
    Ok((number(w, "w_")?, number(q, "q_")?))
}

fn parse_source(source: &str) -> Result<ImageSource, ImageUrlError> {
    let bad = || ImageUrlError::Source(source.to_string());
    // No climbing out of the site root or into another host's path.
    if source
        .split('/')
        .any(|segment| segment == ".." || segment == "." || segment.is_empty())
        || source.contains('\\')
    {
        return Err(bad());
    }
    let (kind, rest) = source.split_once('/').ok_or_else(bad)?;
    let scheme = match kind {
        "site" => return Ok(ImageSource::Site(format!("/{rest}"))),
        "https" => RemoteScheme::Https,
        "http" => RemoteScheme::Http,
        _ => return Err(bad()),
    };
    let (host, path) = rest.split_once('/').ok_or_else(bad)?;
    let host_ok = host
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-' || b == b':');
    if !host_ok {
        return Err(bad());
    }
    Ok(ImageSource::Remote {
        scheme,
        host: host.to_ascii_lowercase(),
        path: format!("/{}", path.replace("%3F", "?").replace("%3f", "?")),
    })
}

/// The service URL of `url` at `width` (snapped up to the ladder, capped at its top) and
/// `quality`; `None` where the service does not take the source, so the page keeps the
/// original (an SVG drawing, a data: URL).
pub fn service_url(url: &str, width: u32, quality: u32) -> Option<String> {
    let source = ImageSource::from_url(url)?;
    if is_vector(url) {
        return None;
    }
    Some(
        ImageRequest {
            width: ladder_width(width),
            quality: nearest_quality(quality),
            source,
        }
        .url(),
    )
}

/// A `srcset` over the ladder up to `max_width` (inclusive of the first step at or past
/// it), or `None` where the service does not take the source.
pub fn srcset(url: &str, max_width: u32, quality: u32) -> Option<String> {
    let top = ladder_width(max_width);
    let entries: Vec<String> = WIDTHS
        .iter()
        .filter(|&&w| w <= top)
        .map(|&w| service_url(url, w, quality).map(|u| format!("{u} {w}w")))
        .collect::<Option<_>>()?;
    Some(entries.join(", "))
}

/// The smallest ladder width at or above `width`, or the top of the ladder.
pub fn ladder_width(width: u32) -> u32 {
    WIDTHS
        .iter()
        .copied()
        .find(|&w| w >= width)
        .unwrap_or(WIDTHS[WIDTHS.len() - 1])
}

fn nearest_quality(quality: u32) -> u32 {
    QUALITIES
        .iter()
        .copied()
        .min_by_key(|&q| q.abs_diff(quality))
        .unwrap_or(DEFAULT_QUALITY)
}

fn is_vector(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    path.to_ascii_lowercase().ends_with(".svg")
}

impl fmt::Display for ImageRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_media_round_trips() {
        let url = service_url("/media/camry-front.jpg", 640, 75).expect("served");
        assert_eq!(url, "/img/w_640,q_75/site/media/camry-front.jpg");
        let request = parse(&url).expect("parses");
        assert_eq!(request.width, 640);
        assert_eq!(request.quality, 75);
        assert_eq!(request.source.original_url(), "/media/camry-front.jpg");
        assert_eq!(request.source.remote_host(), None);
    }

    #[test]
    fn feed_photos_keep_host_path_and_query() {
        let original = "https://Photos.Example.com.au/stock/123/1.jpg?v=2";
        let url = service_url(original, 500, 75).expect("served");
        assert_eq!(
            url,
            "/img/w_640,q_75/https/photos.example.com.au/stock/123/1.jpg%3Fv=2"
        );
        let request = parse(&url).expect("parses");
        assert_eq!(
            request.source.original_url(),
            "https://photos.example.com.au/stock/123/1.jpg?v=2"
        );
        assert_eq!(request.source.remote_host(), Some("photos.example.com.au"));
    }

    #[test]
    fn widths_snap_to_the_ladder_and_stop_at_its_top() {
        assert_eq!(ladder_width(1), 160);
        assert_eq!(ladder_width(600), 640);
        assert_eq!(ladder_width(640), 640);
        assert_eq!(ladder_width(5000), 1920);
    }

    #[test]
    fn srcset_lists_ladder_widths_up_to_the_layout_maximum() {
        let set = srcset("/media/a.jpg", 600, 75).expect("served");
        assert_eq!(
            set,
            "/img/w_160,q_75/site/media/a.jpg 160w, /img/w_320,q_75/site/media/a.jpg 320w, \
             /img/w_480,q_75/site/media/a.jpg 480w, /img/w_640,q_75/site/media/a.jpg 640w"
        );
    }

    #[test]
    fn vector_drawings_and_data_urls_stay_as_they_are() {
        assert_eq!(service_url("/media/a.svg", 640, 75), None);
        assert_eq!(service_url("/media/a.SVG?x=1", 640, 75), None);
        assert_eq!(service_url("data:image/png;base64,AAAA", 640, 75), None);
        assert_eq!(service_url("media/a.jpg", 640, 75), None);
        assert_eq!(service_url("//cdn.example.com/a.jpg", 640, 75), None);
        assert_eq!(srcset("/media/a.svg", 640, 75), None);
    }

    #[test]
    fn off_ladder_and_malformed_requests_are_refused_with_a_reason() {
        let cases = [
            ("/img/w_641,q_75/site/a.jpg", ImageUrlError::Width(641)),
            ("/img/w_640,q_74/site/a.jpg", ImageUrlError::Quality(74)),
            (
                "/img/w640,q_75/site/a.jpg",
                ImageUrlError::BadParameters("w640,q_75".into()),
            ),
            (
                "/img/w_640/site/a.jpg",
                ImageUrlError::BadParameters("w_640".into()),
            ),
            (
                "/img/w_99999999999,q_75/site/a.jpg",
                ImageUrlError::BadParameters("w_99999999999,q_75".into()),
            ),
            (
                "/img/w_640,q_75/site/../secret",
                ImageUrlError::Source("site/../secret".into()),
            ),
            (
                "/img/w_640,q_75/ftp/host/a.jpg",
                ImageUrlError::Source("ftp/host/a.jpg".into()),
            ),
            (
                "/img/w_640,q_75/https/ho st/a.jpg",
                ImageUrlError::Source("https/ho st/a.jpg".into()),
            ),
            (
                "/img/w_640,q_75/site//etc/passwd",
                ImageUrlError::Source("site//etc/passwd".into()),
            ),
            ("/img/w_640,q_75", ImageUrlError::Source(String::new())),
            ("/media/a.jpg", ImageUrlError::NotImagePath),
        ];
        for (path, expected) in cases {
            assert_eq!(parse(path), Err(expected), "{path}");
        }
        assert!(ImageUrlError::Width(641)
            .to_string()
            .contains("160, 320, 480, 640, 800, 960, 1280, 1600, 1920"));
    }

    #[test]
    fn seed_defaults_are_on_the_lists() {
        assert!(WIDTHS.contains(&DEFAULT_WIDTH));
        assert!(QUALITIES.contains(&DEFAULT_QUALITY));
    }
}
