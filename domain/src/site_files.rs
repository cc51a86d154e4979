//! Which file of a built site answers a request path: the rules both local servers
//! follow (`forecourt serve`, the dealer's preview with live reload, and the edge API's
//! local site serving), so a URL finds the same file, or the same 404, in both. Clean
//! URLs name a folder's `index.html`; dotfiles (`.forecourt/` build records), `..` and
//! names no file system could hold are never served. On Lambda the CDN does this.

use std::path::PathBuf;

/// The longest file or folder name the file systems we serve from allow, in bytes.
pub const MAX_SEGMENT_BYTES: usize = 255;
/// The longest whole path served, in bytes (decoded): far beyond any built page, well
/// inside the file systems' limit of 4,096, past which opening a file is an I/O error.
pub const MAX_PATH_BYTES: usize = 2048;
/// The URL prefix of the car media every site shares.
pub const MEDIA_URL_PREFIX: &str = "/media/";
/// The folder of `dist/` (and the bucket prefix) those media are in.
pub const MEDIA_DIR: &str = "_media";
/// A site's page for a path it does not have, served with status 404.
pub const NOT_FOUND_PAGE: &str = "404.html";

/// `%XX` escapes decoded (invalid escapes kept as they are), as the file services read them.
pub fn percent_decode(segment: &str) -> Vec<u8> {
    percent_encoding::percent_decode_str(segment).collect()
}

/// The path inside a site folder a clean URL maps to: a path ending in `/`, or whose last
/// segment has no `.`, is a folder's `index.html` (`/cars/x` -> `/cars/x/index.html`).
pub fn file_path(path: &str) -> String {
    if path.ends_with('/') {
        return format!("{path}index.html");
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        path.to_owned()
    } else {
        format!("{path}/index.html")
    }
}

/// Whether a request path (as sent, `%XX` escaped) may name a file of the site: no
/// segment (decoded) starts with `.` (dotfiles, `.forecourt/` build records, `..`), holds
/// a path separator (`%2F`) or is longer than a file name can be, and the whole path is
/// no longer than [`MAX_PATH_BYTES`] (a file service would fail with an I/O error).
pub fn servable(path: &str) -> bool {
    let segments: Vec<Vec<u8>> = path.split('/').map(percent_decode).collect();
    segments.iter().map(Vec::len).sum::<usize>() + segments.len() <= MAX_PATH_BYTES
        && segments.iter().all(|segment| {
            !segment.starts_with(b".")
                && !segment.iter().any(|b| matches!(b, b'/' | b'\\' | 0))
                && segment.len() <= MAX_SEGMENT_BYTES
        })
}

/// The file, relative to the site folder, that answers a request path (as sent): the
/// [`file_path`] of its decoded segments. `None` for a path that is not [`servable`] or
/// not UTF-8 once decoded (no built file has such a name).
pub fn relative_file(path: &str) -> Option<PathBuf> {
    if !servable(path) {
        return None;
    }
    let decoded = path
        .split('/')
        .map(|segment| String::from_utf8(percent_decode(segment)).ok())
        .collect::<Option<Vec<String>>>()?
        .join("/");
    Some(PathBuf::from(
        file_path(&decoded).trim_start_matches('/').to_owned(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_urls_name_an_index_file() {
        assert_eq!(file_path("/"), "/index.html");
        assert_eq!(file_path("/cars/a"), "/cars/a/index.html");
        assert_eq!(file_path("/cars/a/"), "/cars/a/index.html");
        assert_eq!(file_path("/robots.txt"), "/robots.txt");
        assert_eq!(file_path("/assets/app.1a2b.js"), "/assets/app.1a2b.js");
    }

    #[test]
    fn dotfiles_and_overlong_names_are_not_servable() {
        assert!(servable("/cars/red-ute/"));
        assert!(servable("/media/car-1.svg"));
        assert!(!servable("/.forecourt/manifest.json"));
        assert!(!servable("/%2Eforecourt/changed.txt"));
        assert!(!servable("/cars/.env"));
        assert!(!servable("/cars/../../etc/passwd"));
        assert!(!servable("/cars/%2E%2E%2F%2E%2E%2Fetc/passwd"));
        assert!(!servable("/cars/a%2F..%2F..%2Fsecret"));
        assert!(!servable(&format!(
            "/cars/{}",
            "a".repeat(MAX_SEGMENT_BYTES + 1)
        )));
        assert!(servable(&format!(
            "/cars/{}",
            "a".repeat(MAX_SEGMENT_BYTES)
        )));
        assert!(!servable(&format!(
            "/cars/{}",
            "%61".repeat(MAX_SEGMENT_BYTES + 1)
        )));
        // Each segment fits, the whole path does not (a 500 from the file service before).
        let long = format!("/{}", vec!["a".repeat(200); 21].join("/"));
        assert!(long.len() > 4096 && !servable(&long));
    }

    #[test]
    fn a_request_path_names_a_file_inside_the_site() {
        let file = |path: &str| relative_file(path).map(|p| p.to_string_lossy().into_owned());
        assert_eq!(file("/").as_deref(), Some("index.html"));
        assert_eq!(file("/cars/a").as_deref(), Some("cars/a/index.html"));
        assert_eq!(file("/cars/a/").as_deref(), Some("cars/a/index.html"));
        assert_eq!(file("/robots.txt").as_deref(), Some("robots.txt"));
        assert_eq!(
            file("/cars/caf%C3%A9/").as_deref(),
            Some("cars/café/index.html")
        );
        assert_eq!(file("/../etc/passwd"), None);
        assert_eq!(file("/.forecourt/manifest.json"), None);
        assert_eq!(file("/a%2F..%2F..%2Fetc/passwd"), None);
        assert_eq!(file("/cars/%FF/"), None);
    }
}
