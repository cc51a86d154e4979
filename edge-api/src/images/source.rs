//! One spelling of each original: a source path is decoded and spelt again the one way
//! the service writes it, so `c%61r.jpg` and `car.jpg` are one variant on disk and one
//! fetch, and a `site/` source names a place the image service may read.

use crate::site_path::{percent_decode, MAX_SEGMENT_BYTES};

/// The extensions of the files a site publishes that the service decodes.
const PHOTO_EXTENSIONS: [&str; 4] = ["jpg", "jpeg", "png", "webp"];

/// The file a site path names, relative to the site root, decoded as the file service
/// decodes it (`%20` is a space); `None` for anything that would leave the folder or
/// name a dotfile once decoded (`a%2F..` is `a/..`).
pub fn site_file(path: &str) -> Option<String> {
    let decoded = String::from_utf8(percent_decode(path.trim_start_matches('/'))).ok()?;
    let safe = decoded.split('/').all(|segment| {
        !segment.is_empty()
            && !segment.starts_with('.')
            && !segment.contains('\\')
            && segment.len() <= MAX_SEGMENT_BYTES
    });
    safe.then_some(decoded)
}

/// Whether a decoded site file (from [`site_file`]) is one the service reads: the feed's
/// media (`media/...`), the site's built assets (`assets/...`) or the dealer's own image
/// files at the site root (its logo). Everything else a dealer's domain answers is a
/// page or the API (`img/`, `api/`, a car's price comparison): on Lambda a site source
/// is fetched through that domain, so reading one would call the API from itself.
pub fn is_site_photo(file: &str) -> bool {
    let photo_name = |name: &str| {
        name.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && PHOTO_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
        })
    };
    match file.split_once('/') {
        Some(("media", rest)) => !rest.is_empty(),
        Some(("assets", rest)) => photo_name(rest),
        Some(_) => false,
        None => photo_name(file),
    }
}

/// A decoded path spelt for a URL: every byte but the unreserved ones and `/` as `%XX`.
pub fn encode_path(decoded: &str) -> String {
    let mut out = String::with_capacity(decoded.len());
    for byte in decoded.bytes() {
        if is_unreserved(byte) || byte == b'/' {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A feed photo's path and query in RFC 3986's normal form: escapes of unreserved
/// characters decoded (`%61` is `a`), every other escape in upper case. The same
/// resource for any server, so the cache keeps it once.
pub fn normalise_remote(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = String::with_capacity(path.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], escaped) {
            (b'%', Some(byte)) => {
                if is_unreserved(byte) {
                    out.push(char::from(byte));
                } else {
                    out.push_str(&format!("%{byte:02X}"));
                }
                i += 3;
            }
            _ => {
                // Copy the whole character (the path is a str, so boundaries are sound).
                let width = path[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&path[i..i + width]);
                i += width;
            }
        }
    }
    out
}

fn is_unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_paths_are_decoded_and_cannot_leave_the_site() {
        assert_eq!(
            site_file("/media/a%20b.jpg").as_deref(),
            Some("media/a b.jpg")
        );
        assert_eq!(site_file("/logo.png").as_deref(), Some("logo.png"));
        assert_eq!(
            site_file("/%6dedia/c%61r.jpg").as_deref(),
            Some("media/car.jpg")
        );
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
    fn only_media_assets_and_the_dealers_image_files_are_site_photos() {
        for good in [
            "media/photo.jpg",
            "media/photos-v1/suv-white-01.jpg",
            "media/no-extension",
            "assets/hero-1a2b.webp",
            "logo.png",
            "Banner.JPG",
        ] {
            assert!(is_site_photo(good), "{good}");
        }
        for bad in [
            "img/w_640,q_75/site/media/photo.jpg",
            "api/leads",
            "api/openapi.json",
            "cars/toyota-camry-1/autogauge",
            "index.html",
            "sitemap.xml",
            "stock/index.jpg",
            "media",
            "assets/app-1.js",
            ".jpg",
            "logo.svg",
        ] {
            assert!(!is_site_photo(bad), "{bad}");
        }
    }

    #[test]
    fn one_spelling_per_path() {
        assert_eq!(encode_path("media/a b+c.jpg"), "media/a%20b%2Bc.jpg");
        assert_eq!(encode_path("media/é.jpg"), "media/%C3%A9.jpg");
        assert_eq!(
            site_file(&format!("/{}", encode_path("media/a b+c%.jpg"))).as_deref(),
            Some("media/a b+c%.jpg"),
            "decoding the spelling gives the file back"
        );
        assert_eq!(
            normalise_remote("/stock/c%61r%2f1.jpg?v=%7e2&x=%3d"),
            "/stock/car%2F1.jpg?v=~2&x=%3D"
        );
        assert_eq!(normalise_remote("/a%zz/é%"), "/a%zz/é%");
    }
}
