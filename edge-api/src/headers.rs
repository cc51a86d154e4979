//! The security headers of every answer: one definition, applied by the local server
//! ([`crate::layers::security_headers`]) and held by a test to CloudFront's response
//! headers policies in `infra/template.yaml`, so production and local answers carry the
//! same list.
//!
//! Pages get a strict Content-Security-Policy: scripts only from the site's own origin
//! (the JSON props and JSON-LD are data blocks, which CSP does not run), no plugins, no
//! framing by other sites. Styles allow `'unsafe-inline'`: the shell's dealer theme
//! variables and a few React `style` attributes with computed values (star fill, price
//! bar, hotspot position, colour swatch) are inline, and a style cannot run script.
//! Feed media (`/media/*`) is sandboxed instead, so an SVG photo opened directly cannot
//! run script on a dealer's origin.

/// Content-Security-Policy of pages and the API.
pub const PAGE_CSP: &str =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:; media-src 'self' https:; font-src 'self' data:; connect-src 'self'; \
frame-src https:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'; form-action 'self'";

/// Where Google's tags load from and report to (GTM, and GA4 through gtag.js or a
/// container): the script origin and the collection endpoints.
const GOOGLE_SCRIPT: &[&str] = &["https://www.googletagmanager.com"];
const GOOGLE_CONNECT: &[&str] = &[
    "https://www.googletagmanager.com",
    "https://www.google-analytics.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
];
/// Where the Meta pixel loads from and reports to.
const META_SCRIPT: &[&str] = &["https://connect.facebook.net"];
const META_CONNECT: &[&str] = &["https://connect.facebook.net", "https://www.facebook.com"];

/// The page CSP of a dealer: [`PAGE_CSP`] with exactly the script and connect origins of
/// the tags its `[analytics]` ids enable (issue 28: they load only after consent, but the
/// policy is fixed per answer). No ids give [`PAGE_CSP`] itself. Images and frames are
/// already allowed from any https origin.
pub fn page_csp(analytics: &domain::config::AnalyticsConfig) -> String {
    let mut script: Vec<&str> = Vec::new();
    let mut connect: Vec<&str> = Vec::new();
    if analytics.gtm_id.is_some() || analytics.ga4_id.is_some() {
        script.extend(GOOGLE_SCRIPT);
        connect.extend(GOOGLE_CONNECT);
    }
    if analytics.meta_pixel_id.is_some() {
        script.extend(META_SCRIPT);
        connect.extend(META_CONNECT);
    }
    PAGE_CSP
        .split("; ")
        .map(|directive| {
            let extra = match directive.split(' ').next() {
                Some("script-src") => &script,
                Some("connect-src") => &connect,
                _ => return directive.to_owned(),
            };
            std::iter::once(directive)
                .chain(extra.iter().copied())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

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

    /// Issue 28: each tag id adds its own origins, and nothing else changes.
    #[test]
    fn a_dealer_policy_allows_exactly_its_tags() {
        use domain::config::AnalyticsConfig;
        let none = AnalyticsConfig::default();
        assert_eq!(page_csp(&none), PAGE_CSP);
        let directive = |csp: &str, name: &str| {
            csp.split("; ")
                .find(|d| d.starts_with(name))
                .map(str::to_owned)
                .expect(name)
        };
        let gtm = page_csp(&AnalyticsConfig {
            gtm_id: Some("GTM-A1".into()),
            ..AnalyticsConfig::default()
        });
        assert_eq!(
            directive(&gtm, "script-src"),
            "script-src 'self' https://www.googletagmanager.com"
        );
        assert!(directive(&gtm, "connect-src").contains("https://*.google-analytics.com"));
        assert!(!gtm.contains("facebook"));
        let meta = page_csp(&AnalyticsConfig {
            meta_pixel_id: Some("123".into()),
            ..AnalyticsConfig::default()
        });
        assert_eq!(
            directive(&meta, "script-src"),
            "script-src 'self' https://connect.facebook.net"
        );
        assert_eq!(
            directive(&meta, "connect-src"),
            "connect-src 'self' https://connect.facebook.net https://www.facebook.com"
        );
        assert!(!meta.contains("google"));
        // Everything but the two directives is the platform's policy.
        let rest = |csp: &str| {
            csp.split("; ")
                .filter(|d| !d.starts_with("script-src") && !d.starts_with("connect-src"))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(rest(&meta), rest(PAGE_CSP));
        assert_eq!(rest(&gtm), rest(PAGE_CSP));
    }

    #[test]
    fn scripts_are_never_inline() {
        let script = PAGE_CSP
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src"))
            .expect("script-src");
        assert_eq!(script, "script-src 'self'");
    }
}
