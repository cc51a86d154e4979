//! The Content-Security-Policy of a dealer's pages, defined once: the edge API sends it
//! on every answer of the local server and the API, and the deploy writes it per dealer
//! host into CloudFront's key-value store, where the sites' viewer-response function
//! sets it (infra/template.yaml `SiteHeadersFunction`), so production pages carry the
//! same policy as local ones.
//!
//! Scripts only from the site's own origin (the JSON props and JSON-LD are data blocks,
//! which CSP does not run), no plugins, no framing by other sites. Styles allow
//! `'unsafe-inline'`: the shell's dealer theme variables and a few React `style`
//! attributes with computed values are inline, and a style cannot run script. Images come
//! from the site (photos go through its image service at `/img`) and data: URLs, plus
//! exactly the origins the configuration names: the deployment's map tile server and the
//! feed hosts the dealer allows (a feed's spin frames are drawn from there directly).
//! Tag origins are added only for the ids the dealer's `[analytics]` sets.

use crate::config::DealerConfig;

/// The platform's policy: a dealer with no tag ids, no feed hosts and the offline
/// basemap gets exactly this.
pub const PAGE_CSP: &str =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; media-src 'self' https:; font-src 'self' data:; connect-src 'self'; \
frame-src https:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'; form-action 'self'";

/// The environment variable naming the map tile URL template, read by the frontend build
/// (frontend/src/lib/map/map-config.ts) and, for the policy, by the API and the
/// deploy.
pub const MAP_TILE_URL_ENV: &str = "VITE_MAP_TILE_URL";

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

/// The origin of the deployment's map tiles (`https://tiles.example.com`), from the URL
/// template the maps draw (`https://tiles.example.com/{z}/{x}/{y}.png`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapTiles(String);

impl MapTiles {
    /// The tile origin of a template; `None` for a blank one (the offline basemap, served
    /// by the site itself). The frontend build refuses the same bad templates with the
    /// same rule (an `https` URL whose host has no placeholder), so a site that built is
    /// never refused here.
    pub fn parse(template: &str) -> Result<Option<MapTiles>, String> {
        let template = template.trim();
        if template.is_empty() {
            return Ok(None);
        }
        let host = template
            .strip_prefix("https://")
            .and_then(|rest| rest.split_once('/'))
            .map(|(host, _)| host)
            .filter(|host| {
                !host.is_empty()
                    && host
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'))
            })
            .ok_or_else(|| {
                format!("{MAP_TILE_URL_ENV} must be an https URL template such as https://tiles.example.com/{{z}}/{{x}}/{{y}}.png, not \"{template}\"")
            })?;
        Ok(Some(MapTiles(format!(
            "https://{}",
            host.to_ascii_lowercase()
        ))))
    }

    /// The origin, e.g. `https://tiles.example.com`.
    pub fn origin(&self) -> &str {
        &self.0
    }
}

/// The environment variable naming the Stripe.js URL the reserve page loads (Stripe's own
/// by default; tests and the demo point it at localstripe's stand-in).
pub const STRIPE_JS_URL_ENV: &str = "FORECOURT_STRIPE_JS_URL";
/// Stripe's own Stripe.js.
pub const STRIPE_JS_URL: &str = "https://js.stripe.com/v3/";

/// The origins a page taking cards through Stripe.js needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeOrigins {
    /// Where Stripe.js loads from.
    pub script: Vec<String>,
    /// Where it sends card details.
    pub connect: Vec<String>,
    /// Its card field and 3-D Secure frames.
    pub frame: Vec<String>,
}

impl StripeOrigins {
    /// The origins for a Stripe.js URL: exactly Stripe's for its own URL; for any other
    /// (localstripe's stand-in serves its script and API from one origin) that origin.
    pub fn for_js_url(url: &str) -> Result<StripeOrigins, String> {
        let url = url.trim();
        if url.is_empty() || url == STRIPE_JS_URL {
            let own = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect();
            return Ok(StripeOrigins {
                script: own(&["https://js.stripe.com"]),
                connect: own(&["https://api.stripe.com"]),
                frame: own(&["https://js.stripe.com", "https://hooks.stripe.com"]),
            });
        }
        let (scheme, rest) = url
            .split_once("://")
            .filter(|(scheme, _)| matches!(*scheme, "https" | "http"))
            .ok_or_else(|| format!("{STRIPE_JS_URL_ENV} must be an http(s) URL, not \"{url}\""))?;
        let host = rest.split('/').next().unwrap_or_default();
        if host.is_empty()
            || !host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'))
        {
            return Err(format!(
                "{STRIPE_JS_URL_ENV} must name a host, such as http://127.0.0.1:8420/js.stripe.com/v3/, not \"{url}\""
            ));
        }
        let origin = format!("{scheme}://{}", host.to_ascii_lowercase());
        Ok(StripeOrigins {
            script: vec![origin.clone()],
            connect: vec![origin.clone()],
            frame: vec![origin],
        })
    }

    /// The origins of the Stripe.js URL this process is configured with (the environment
    /// variable, Stripe's own when unset or unusable).
    pub fn from_env() -> StripeOrigins {
        let url = std::env::var(STRIPE_JS_URL_ENV).unwrap_or_default();
        StripeOrigins::for_js_url(&url).unwrap_or_else(|_| {
            StripeOrigins::for_js_url(STRIPE_JS_URL).expect("Stripe's own URL parses")
        })
    }
}

/// The page policy of a dealer: [`PAGE_CSP`] with the script and connect origins of the
/// tags its analytics ids enable (they load only after consent, but the policy is fixed
/// per answer), the image origins of its allowed feed hosts and the map tiles, and for a
/// dealer taking deposits by card the Stripe.js origins of this process's configuration.
pub fn page_csp(config: &DealerConfig, tiles: Option<&MapTiles>) -> String {
    let stripe = config.reserve.card_key().map(|_| StripeOrigins::from_env());
    page_csp_with(config, tiles, stripe.as_ref())
}

/// [`page_csp`] with the Stripe origins given (`None`: the dealer takes no cards).
pub fn page_csp_with(
    config: &DealerConfig,
    tiles: Option<&MapTiles>,
    stripe: Option<&StripeOrigins>,
) -> String {
    let analytics = &config.analytics;
    let mut script: Vec<String> = Vec::new();
    let mut connect: Vec<String> = Vec::new();
    let mut frame: Vec<String> = Vec::new();
    let own = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    if analytics.gtm_id.is_some() || analytics.ga4_id.is_some() {
        script.extend(own(GOOGLE_SCRIPT));
        connect.extend(own(GOOGLE_CONNECT));
    }
    if analytics.meta_pixel_id.is_some() {
        script.extend(own(META_SCRIPT));
        connect.extend(own(META_CONNECT));
    }
    let mut img: Vec<String> = config
        .images
        .allowed_hosts
        .iter()
        .map(|host| format!("https://{}", host.trim().to_ascii_lowercase()))
        .collect();
    img.extend(tiles.map(|t| t.origin().to_owned()));
    img.sort();
    img.dedup();
    if let Some(stripe) = stripe {
        script.extend(stripe.script.iter().cloned());
        connect.extend(stripe.connect.iter().cloned());
        frame.extend(stripe.frame.iter().cloned());
    }
    PAGE_CSP
        .split("; ")
        .map(|directive| {
            let extra = match directive.split(' ').next() {
                Some("script-src") => &script,
                Some("connect-src") => &connect,
                Some("img-src") => &img,
                Some("frame-src") => &frame,
                _ => return directive.to_owned(),
            };
            std::iter::once(directive)
                .chain(extra.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::AnalyticsConfig;

    fn dealer(analytics: AnalyticsConfig, hosts: &[&str]) -> DealerConfig {
        let mut config = crate::view::test_dealer("").config;
        config.analytics = analytics;
        config.images.allowed_hosts = hosts.iter().map(|h| (*h).to_owned()).collect();
        config
    }

    fn directive(csp: &str, name: &str) -> String {
        csp.split("; ")
            .find(|d| d.split(' ').next() == Some(name))
            .map(str::to_owned)
            .unwrap_or_else(|| panic!("{name} in {csp}"))
    }

    /// A dealer taking cards gets exactly Stripe's origins; the others' policy is unchanged.
    #[test]
    fn a_card_taking_dealer_gets_exactly_stripes_origins() {
        let mut card = dealer(AnalyticsConfig::default(), &[]);
        card.reserve.payment = crate::config::ReservePayment::Stripe;
        card.reserve.stripe_publishable_key = Some("pk_test_abc".into());
        let stripe = StripeOrigins::for_js_url(STRIPE_JS_URL).expect("parses");
        let csp = page_csp_with(&card, None, Some(&stripe));
        assert_eq!(
            directive(&csp, "script-src"),
            "script-src 'self' https://js.stripe.com"
        );
        assert_eq!(
            directive(&csp, "connect-src"),
            "connect-src 'self' https://api.stripe.com"
        );
        assert_eq!(
            directive(&csp, "frame-src"),
            "frame-src https: https://js.stripe.com https://hooks.stripe.com"
        );
        let changed = ["script-src", "connect-src", "frame-src"];
        let rest = |csp: &str| {
            csp.split("; ")
                .filter(|d| !changed.contains(&d.split(' ').next().unwrap_or_default()))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(rest(&csp), rest(PAGE_CSP));
        // A dealer paid at the dealership keeps the platform's policy.
        let plain = dealer(AnalyticsConfig::default(), &[]);
        assert_eq!(page_csp(&plain, None), PAGE_CSP);
        // localstripe's stand-in: its one origin for script, API and frames.
        let local =
            StripeOrigins::for_js_url("http://127.0.0.1:8420/js.stripe.com/v3/").expect("parses");
        let csp = page_csp_with(&card, None, Some(&local));
        assert_eq!(
            directive(&csp, "script-src"),
            "script-src 'self' http://127.0.0.1:8420"
        );
        assert!(StripeOrigins::for_js_url("javascript:alert(1)").is_err());
        assert!(StripeOrigins::for_js_url("https://").is_err());
    }

    /// Each tag id adds its own origins, and nothing else changes.
    #[test]
    fn a_dealer_policy_allows_exactly_its_tags() {
        let none = dealer(AnalyticsConfig::default(), &[]);
        assert_eq!(page_csp(&none, None), PAGE_CSP);
        let gtm = page_csp(
            &dealer(
                AnalyticsConfig {
                    gtm_id: Some("GTM-A1".into()),
                    ..AnalyticsConfig::default()
                },
                &[],
            ),
            None,
        );
        assert_eq!(
            directive(&gtm, "script-src"),
            "script-src 'self' https://www.googletagmanager.com"
        );
        assert!(directive(&gtm, "connect-src").contains("https://*.google-analytics.com"));
        assert!(!gtm.contains("facebook"));
        let meta = page_csp(
            &dealer(
                AnalyticsConfig {
                    meta_pixel_id: Some("123".into()),
                    ..AnalyticsConfig::default()
                },
                &[],
            ),
            None,
        );
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

    /// Images from the configured tile origin and feed hosts
    /// only, never from any https origin.
    #[test]
    fn images_come_from_the_site_the_tile_origin_and_the_feed_hosts_only() {
        assert_eq!(directive(PAGE_CSP, "img-src"), "img-src 'self' data:");
        let tiles = MapTiles::parse(" https://Tiles.Example.com:8443/osm/{z}/{x}/{y}.png ")
            .expect("valid")
            .expect("set");
        assert_eq!(tiles.origin(), "https://tiles.example.com:8443");
        let csp = page_csp(
            &dealer(AnalyticsConfig::default(), &["photos.feed.example"]),
            Some(&tiles),
        );
        assert_eq!(
            directive(&csp, "img-src"),
            "img-src 'self' data: https://photos.feed.example https://tiles.example.com:8443"
        );
        assert!(!csp
            .split("; ")
            .any(|d| d.starts_with("img-src") && d.contains(" https: ")));
        let rest = |csp: &str| {
            csp.split("; ")
                .filter(|d| !d.starts_with("img-src"))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(rest(&csp), rest(PAGE_CSP));
    }

    #[test]
    fn a_tile_template_is_an_https_url_with_a_plain_host() {
        assert_eq!(MapTiles::parse("  ").expect("blank"), None);
        for bad in [
            "http://t.example/{z}/{x}/{y}.png",
            "https://{s}.tile.example/{z}/{x}/{y}.png",
            "https://t.example",
            "tiles.example/{z}/{x}/{y}.png",
        ] {
            let error = MapTiles::parse(bad).expect_err(bad);
            assert!(
                error.starts_with("VITE_MAP_TILE_URL must be an https URL template"),
                "{error}"
            );
        }
    }

    #[test]
    fn scripts_are_never_inline() {
        assert_eq!(directive(PAGE_CSP, "script-src"), "script-src 'self'");
    }
}
