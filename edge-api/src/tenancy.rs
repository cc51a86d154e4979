//! Which dealer a request is for, from its host: a configured domain of the dealer, or
//! `<slug>.localhost[:port]` locally. Behind CloudFront the API reads
//! `X-Forwarded-Host`, which the CDN sets to the viewer's host. A request naming more
//! than one host (two `Host` or `X-Forwarded-Host` headers, or a comma list, which is how
//! API Gateway passes repeated headers) is refused: which one a proxy or cache in front
//! read is unknown, so no answer can be trusted to be for the right dealer.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use ::search::FixedFilters;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use domain::config::{Dealer, DealerConfig, DeliveryZone, LeadEmailConfig};
use domain::csp::MapTiles;
use domain::entities::Location;
use domain::messages::{AMBIGUOUS_HOST, UNKNOWN_SITE};
use domain::rules::delivery::Origin;
use domain::rules::finance::LoanTerms;
use domain::rules::forms::EnquiryFormSettings;
use domain::rules::trade_in::parse_rego_state;
use domain::view::locator::{locator_network, website, Website};

use crate::error::{ApiError, ErrorCode};
use crate::AppState;

/// One dealer as the API sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Tenant {
    /// Dealer slug: the partition of every stored key.
    pub slug: String,
    /// Trading name (used in SMS and ADF).
    pub name: String,
    /// Public domains.
    pub domains: Vec<String>,
    /// Webhook receiving each lead as JSON.
    pub webhook_url: Option<String>,
    /// Webhook receiving each lead as ADF 1.0 XML.
    pub adf_webhook_url: Option<String>,
    /// Lead emails and the shopper's confirmation (config `[leads.email]`).
    pub lead_email: LeadEmailConfig,
    /// The dealer's enquiry form switches (message requirement, dealership count).
    pub forms: EnquiryFormSettings,
    /// The services the enquiry form offers (config `forms.additional_services`): a lead's
    /// `additional_services` must be among them.
    pub additional_services: Vec<String>,
    /// The dealer's own search filters (its stock filters and manufacturer), which every
    /// `GET /api/search` of this dealer applies; `dealer` is the slug.
    pub search: FixedFilters,
    /// The dealer's website and locations, for `GET /api/manufacturer-locations`.
    pub website: Website,
    /// The manufacturer network its locator lists after its own dealerships (config
    /// `locations.locator_network`): none or one make.
    pub makes: Vec<String>,
    /// The reservation deposit in dollars (config `reserve.deposit`).
    pub reserve_deposit: u32,
    /// How long a reservation holds the car (config `reserve.hold_hours`).
    pub reserve_hold_hours: u32,
    /// Delivery zones (config `[[delivery_zones]]`).
    pub delivery_zones: Vec<DeliveryZone>,
    /// Where deliveries start: the dealer's visible locations.
    pub delivery_origins: Vec<Origin>,
    /// Visible locations with their hours, for test-drive appointment slots.
    pub locations: Vec<Location>,
    /// The price comparison panel is on (session plugin "Autogauge").
    pub autogauge: bool,
    /// The dealer's key at the price comparison provider; none computes locally.
    pub autogauge_key: Option<String>,
    /// youX quotes are on (config `features.youx_quote`).
    pub youx_quote: bool,
    /// The dealer's loan terms (calculator settings, fees), as every finance figure uses them.
    pub finance: LoanTerms,
    /// Online trade-in valuations (config `features.trade_in` and its provider key).
    pub trade_in: TradeInSettings,
    /// The Content-Security-Policy of the dealer's pages: the platform's, with the
    /// origins of its tags, feed hosts and the map tiles ([`domain::csp::page_csp`]).
    pub page_csp: String,
}

impl Tenant {
    /// The public site URL of the dealer (its first domain), for ADF's provider, the
    /// emails and the payment links.
    pub fn site_url(&self) -> Option<String> {
        self.domains.first().map(|d| format!("https://{d}"))
    }
}

impl From<&Dealer> for Tenant {
    fn from(dealer: &Dealer) -> Self {
        let config = &dealer.config;
        let mut dealerships: Vec<u64> = dealer
            .locations
            .iter()
            .filter_map(|l| l.dealership_id)
            .collect();
        dealerships.sort_unstable();
        dealerships.dedup();
        Tenant {
            slug: config.slug.clone(),
            name: config.name.clone(),
            domains: config
                .domains
                .iter()
                .map(|d| d.to_ascii_lowercase())
                .collect(),
            webhook_url: config.leads.webhook_url.clone(),
            adf_webhook_url: config.leads.adf_webhook_url.clone(),
            lead_email: config.leads.email.clone(),
            forms: EnquiryFormSettings {
                message_optional: !config.forms.message_required,
                // Which selects a page shows (location, terms) is known to the browser,
                // which checks them; the API checks what every submission must carry.
                location_shown: false,
                dealership_count: dealerships.len(),
                terms_required: false,
                postcode_optional: false,
            },
            additional_services: config.forms.offered_services(),
            search: FixedFilters::for_config(config),
            website: website(dealer),
            makes: locator_network(dealer).into_iter().collect(),
            reserve_deposit: config.reserve.deposit,
            reserve_hold_hours: config.reserve.hold_hours,
            delivery_zones: config.delivery_zones.clone(),
            delivery_origins: dealer
                .locations
                .iter()
                .filter(|l| l.visible)
                .map(|l| Origin {
                    slug: l.slug.clone(),
                    name: l.name.clone(),
                    lat: l.address.lat,
                    lng: l.address.long,
                })
                .collect(),
            locations: dealer
                .locations
                .iter()
                .filter(|l| l.visible)
                .cloned()
                .collect(),
            autogauge: config.has_plugin(domain::config::SessionPlugin::Autogauge),
            autogauge_key: config.features.autogauge.provider_key.clone(),
            youx_quote: config.features.youx_quote,
            finance: config.finance.loan_terms(),
            trade_in: TradeInSettings::of(config),
            page_csp: domain::csp::page_csp(config, None),
        }
    }
}

/// Every dealer served, by slug and by domain.
#[derive(Debug, Clone, Default)]
pub struct Tenants {
    by_slug: BTreeMap<String, Arc<Tenant>>,
    by_domain: HashMap<String, String>,
}

impl Tenants {
    /// The tenants of these dealer configurations.
    pub fn new(tenants: impl IntoIterator<Item = Tenant>) -> Self {
        let mut all = Tenants::default();
        for tenant in tenants {
            for domain in &tenant.domains {
                all.by_domain.insert(domain.clone(), tenant.slug.clone());
            }
            all.by_slug.insert(tenant.slug.clone(), Arc::new(tenant));
        }
        all
    }

    /// The tenants of loaded dealers, on the offline basemap.
    pub fn from_dealers(dealers: &[Dealer]) -> Self {
        Tenants::from_dealers_with_tiles(dealers, None)
    }

    /// The tenants of loaded dealers whose maps draw the deployment's tiles: their pages'
    /// policy admits the tile origin.
    pub fn from_dealers_with_tiles(dealers: &[Dealer], tiles: Option<&MapTiles>) -> Self {
        Tenants::new(dealers.iter().map(|dealer| Tenant {
            page_csp: domain::csp::page_csp(&dealer.config, tiles),
            ..Tenant::from(dealer)
        }))
    }

    /// Every slug, sorted.
    pub fn slugs(&self) -> Vec<&str> {
        self.by_slug.keys().map(String::as_str).collect()
    }

    /// Every tenant, by slug.
    pub fn all(&self) -> impl Iterator<Item = &Arc<Tenant>> {
        self.by_slug.values()
    }

    /// The tenant with this slug.
    pub fn by_slug(&self, slug: &str) -> Option<&Arc<Tenant>> {
        self.by_slug.get(slug)
    }

    /// The tenant a host (with or without port) belongs to.
    pub fn resolve_host(&self, host: &str) -> Option<&Arc<Tenant>> {
        let host = domain::hosts::host_name(host);
        if let Some(slug) = self.by_domain.get(&host) {
            return self.by_slug.get(slug);
        }
        domain::hosts::local_slug(&host).and_then(|slug| self.by_slug.get(slug))
    }

    /// The tenant of a request's headers.
    pub fn resolve(&self, headers: &HeaderMap) -> Option<&Arc<Tenant>> {
        request_host(headers).and_then(|h| self.resolve_host(h))
    }
}

/// A request naming more than one host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmbiguousHost;

/// The host a request was addressed to (`X-Forwarded-Host` first, then `Host`), or
/// [`AmbiguousHost`] when either header is repeated or holds a comma list. `None` when
/// neither is present as text.
pub fn single_host(headers: &HeaderMap) -> Result<Option<&str>, AmbiguousHost> {
    let one = |name: &str| {
        let mut values = headers.get_all(name).iter();
        let Some(value) = values.next() else {
            return Ok(None);
        };
        if values.next().is_some() {
            return Err(AmbiguousHost);
        }
        let Ok(text) = value.to_str() else {
            return Ok(None);
        };
        if text.contains(',') {
            return Err(AmbiguousHost);
        }
        Ok(Some(text.trim()).filter(|t| !t.is_empty()))
    };
    let forwarded = one("x-forwarded-host")?;
    let host = one(header::HOST.as_str())?;
    Ok(forwarded.or(host))
}

/// The host a request was addressed to; `None` when absent or ambiguous (the [`Site`]
/// extractor answers an ambiguous one with 400).
pub fn request_host(headers: &HeaderMap) -> Option<&str> {
    single_host(headers).ok().flatten()
}

pub use domain::hosts::strip_port;

/// Whether a host is local (no HSTS, no `Secure` cookies).
pub fn is_local_host(host: &str) -> bool {
    let name = strip_port(host).to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost") || name == "127.0.0.1" || name == "[::1]"
}

/// The dealer of the current request (extractor; 400 `bad_request` naming `Host` when
/// the request names more than one host, 404 `unknown_site` when none is a dealer's).
#[derive(Debug, Clone)]
pub struct Site(pub Arc<Tenant>);

impl FromRequestParts<AppState> for Site {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        single_host(&parts.headers)
            .map_err(|AmbiguousHost| ApiError::bad_field("Host", AMBIGUOUS_HOST))?;
        state
            .tenants
            .resolve(&parts.headers)
            .cloned()
            .map(Site)
            .ok_or_else(|| ApiError::new(ErrorCode::UnknownSite, UNKNOWN_SITE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_resolve_with_or_without_ports() {
        assert!(is_local_host("alpha.localhost:3000") && is_local_host("127.0.0.1:8080"));
        assert!(!is_local_host("www.acme.com.au") && !is_local_host("localhost.evil.com"));
    }

    #[test]
    fn one_host_is_read_and_more_than_one_is_ambiguous() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.append(*name, axum::http::HeaderValue::from_static(value));
            }
            map
        };
        assert_eq!(
            single_host(&headers(&[("host", "alpha.localhost:8080")])),
            Ok(Some("alpha.localhost:8080"))
        );
        // A proxy's X-Forwarded-Host wins over the Host it connected with.
        assert_eq!(
            single_host(&headers(&[
                ("host", "127.0.0.1"),
                ("x-forwarded-host", "alpha.localhost")
            ])),
            Ok(Some("alpha.localhost"))
        );
        assert_eq!(single_host(&headers(&[])), Ok(None));
        for pairs in [
            &[("host", "alpha.localhost"), ("host", "beta.localhost")][..],
            &[("host", "alpha.localhost"), ("host", "alpha.localhost")][..],
            &[("host", "alpha.localhost, beta.localhost")][..],
            &[
                ("host", "alpha.localhost"),
                ("x-forwarded-host", "alpha.localhost"),
                ("x-forwarded-host", "beta.localhost"),
            ][..],
            &[(
                "x-forwarded-host",
                "www.alphamotors.com.au, evil.example.com",
            )][..],
        ] {
            assert_eq!(
                single_host(&headers(pairs)),
                Err(AmbiguousHost),
                "{pairs:?}"
            );
            assert_eq!(request_host(&headers(pairs)), None, "{pairs:?}");
        }
    }
}

/// A dealer's valuation settings.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TradeInSettings {
    /// Online valuations are on (config `features.trade_in`).
    pub enabled: bool,
    /// The dealer's key at the valuation provider; none values locally.
    pub provider_key: Option<String>,
    /// The browser saves each valuation through `POST /api/miscellaneous` (config
    /// `features.save_valuations`).
    pub save_valuations: bool,
    /// The registration state preselected (config `default_state`, upper case).
    pub default_state: String,
    /// The makes the dealer sells (config `makes`): the trade-in catalogue offers the
    /// motorcycles, caravans or trucks of a category one of them belongs to.
    pub makes: Vec<String>,
}

impl TradeInSettings {
    /// The settings of a dealer's configuration.
    pub fn of(config: &DealerConfig) -> TradeInSettings {
        TradeInSettings {
            enabled: config.features.trade_in,
            provider_key: config
                .features
                .trade_in_provider_key
                .clone()
                .filter(|k| !k.trim().is_empty()),
            save_valuations: config.features.save_valuations,
            default_state: parse_rego_state(&config.default_state)
                .unwrap_or("QLD")
                .to_owned(),
            makes: config.makes.clone(),
        }
    }
}
