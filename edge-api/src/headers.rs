//! The security headers of every answer: one definition, applied by the local server
//! and the API's layers and held by tests to CloudFront's
//! response headers policies and its sites' viewer-response function in
//! `infra/template.yaml`, so production and local answers carry the same list.
//!
//! Pages get the dealer's Content-Security-Policy ([`domain::csp`]): CloudFront cannot
//! pick a response headers policy by host, so its site policy leaves the CSP out and the
//! viewer-response function sets each dealer host's policy from the key-value store the
//! deploy fills (the API sets its own, as locally).
//! Feed media (`/media/*`) is sandboxed instead, so an SVG photo opened directly cannot
//! run script on a dealer's origin.

/// Content-Security-Policy of pages and the API with no dealer's additions; a dealer's
/// own is [`domain::csp::page_csp`] (its tag, feed and map tile origins).
pub use domain::csp::PAGE_CSP;

/// Content-Security-Policy of feed media: opened directly, an image is a sandboxed
/// document (an opaque origin) that runs no script and loads nothing; its own `<style>`
/// still applies.
pub const MEDIA_CSP: &str = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/// HSTS: two years, subdomains included. Sent only to non-local hosts locally, since a
/// browser that pinned `*.localhost` to HTTPS could no longer open the local server.
pub const HSTS: &str = "max-age=63072000; includeSubDomains";

/// Name of the HSTS header (the one header local answers leave out).
pub const HSTS_HEADER: &str = "strict-transport-security";

/// Every header a page or API answer carries, lower-case name and value.
pub const PAGE_HEADERS: &[(&str, &str)] = &[
    (HSTS_HEADER, HSTS),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "SAMEORIGIN"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=(self), payment=(), usb=()",
    ),
    ("content-security-policy", PAGE_CSP),
];

/// Headers an answer may set itself, which the list then leaves as they are (locally and
/// in CloudFront's site policy): a page reached by a signed link sends `same-origin`, so
/// the link never leaves the site in a Referer.
pub const SET_BY_ANSWER: &[&str] = &["referrer-policy"];

/// Which set of headers an answer gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Pages, assets and the API.
    Page,
    /// Feed media under `/media/`.
    Media,
}

impl Kind {
    /// The kind of answer a request path gets.
    pub fn of_path(path: &str) -> Kind {
        if path.starts_with("/media/") {
            Kind::Media
        } else {
            Kind::Page
        }
    }
}

/// The headers of one kind of answer: media is the page list with its own CSP.
pub fn headers(kind: Kind) -> Vec<(&'static str, &'static str)> {
    PAGE_HEADERS
        .iter()
        .map(|&(name, value)| match (kind, name) {
            (Kind::Media, "content-security-policy") => (name, MEDIA_CSP),
            _ => (name, value),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_differs_from_pages_only_in_its_policy() {
        let page = headers(Kind::Page);
        let media = headers(Kind::Media);
        assert_eq!(page.len(), media.len());
        let differing: Vec<_> = page
            .iter()
            .zip(&media)
            .filter(|(a, b)| a != b)
            .map(|(a, _)| a.0)
            .collect();
        assert_eq!(differing, ["content-security-policy"]);
        assert_eq!(Kind::of_path("/media/car.svg"), Kind::Media);
        assert_eq!(Kind::of_path("/cars/media/"), Kind::Page);
    }
}
