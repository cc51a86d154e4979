//! The limits: per-address limits counted across the platform, a stranger
//! cannot lock a shopper out of sign-in, an idempotent retry spends no quota, 429s name
//! the real wait, IPv6 clients are counted by their /64, and the watchlist takes only
//! the dealer's published cars, a bounded number of them, at a bounded rate.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request};
use chrono::Duration;
use domain::messages::{watchlist_full, CAR_NOT_LISTED, INVALID_CAR_ID};
use domain::rules::availability::ReserveState;
use domain::rules::market::{Listing, Market};
use edge_api::market::MarketSource;
use edge_api::policy::{Policy, RateLimit};
use edge_api::routes::watchlist::MAX_WATCHLIST;
use edge_api::tenancy::{Tenants, TradeInSettings};
use edge_api::{app, AppState};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::support::{serve, state, tenants, Answer, TestApp};

const ALPHA: &str = "alpha.localhost";
const BETA: &str = "beta.localhost";
/// A car only beta publishes.
const BETA_ONLY: u64 = 9_004;

fn rule(max: u64, window_secs: i64) -> RateLimit {
    RateLimit { max, window_secs }
}

/// The test tenants with quotes, price comparison and trade-in valuations on at both
/// dealers, so a per-address limit can be tried on each.
fn both_dealers_paid_features() -> Tenants {
    Tenants::new(tenants(None).all().map(|tenant| {
        let mut tenant = (**tenant).clone();
        tenant.youx_quote = true;
        tenant.autogauge = true;
        tenant.trade_in = TradeInSettings {
            enabled: true,
            default_state: "QLD".into(),
            ..TradeInSettings::default()
        };
        tenant
    }))
}

/// Alpha publishes cars 1 to 300 (all for sale); beta publishes [`BETA_ONLY`].
fn stock() -> Market {
    let listing = |dealer: &str, id: u64| Listing {
        dealer: dealer.into(),
        id,
        slug: format!("car-{id}"),
        reserve: ReserveState::Reservable,
    };
    let mut listings: Vec<Listing> = (1..=300).map(|id| listing("alpha", id)).collect();
    listings.push(listing("beta", BETA_ONLY));
    Market::default().with_listings(listings)
}

/// A state over [`stock`].
fn stocked(
    tenants: Tenants,
    policy: Policy,
) -> (
    AppState,
    Arc<edge_api::clock::ManualClock>,
    tempfile::TempDir,
) {
    let (mut st, clock, dir) = state(tenants, policy);
    st.market = Arc::new(MarketSource::fixed(stock()));
    (st, clock, dir)
}

async fn spawn_stocked(tenants: Tenants, policy: Policy) -> TestApp {
    let (st, clock, dir) = stocked(tenants, policy);
    serve(st, clock, dir).await
}

/// The i-th lead of one shopper: its own e-mail and phone.
fn lead(i: usize) -> Value {
    json!({ "name": "Jo", "last_name": "Citizen", "email": format!("shopper{i}@example.com"),
        "phone": format!("04123456{:02}", i % 100), "postcode": "4000",
        "message": "Is it still available?", "category": "General Enquiry",
        "dealership_slug": "alpha" })
}

fn quote() -> Value {
    json!({ "selfAssessedCreditScore": "GREAT", "purchasePrice": 30_000.0, "loanTerm": 5,
        "year": 2024, "vin": "JTMW1RFV10D012345", "nvic": "0A1B2C", "whoIsHelping": "" })
}

/// One request straight into the app from `peer` (the local server's client address).
async fn from(
    state: &AppState,
    peer: &str,
    method: &str,
    host: &str,
    path: &str,
    body: Option<&Value>,
) -> (StatusCode, HeaderMap, Value) {
    let peer: SocketAddr = peer.parse().expect("peer");
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("host", format!("{host}:8080"))
        .header("content-type", "application/json")
        .extension(ConnectInfo(peer))
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .expect("request");
    let response = app(state.clone()).oneshot(request).await.expect("answer");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .expect("body")
        .to_bytes();
    (
        status,
        headers,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

const SAVE: &str = "/api/watchlist/save-car";
const REMOVE: &str = "/api/watchlist/remove-car";

/// A watchlist change (`SAVE` or `REMOVE`) of a signed-in shopper.
async fn change(app: &TestApp, path: &str, phone: &str, cookie: &str, car_id: u64) -> Answer {
    app.post(
        ALPHA,
        path,
        &json!({ "phone_number": phone, "car_id": car_id }),
        Some(cookie),
    )
    .await
}

fn limited(status: StatusCode, body: &Value) -> bool {
    status == StatusCode::TOO_MANY_REQUESTS && body["code"] == "rate_limited"
}

#[tokio::test]
async fn per_address_limits_that_send_or_cost_are_counted_across_every_dealer() {
    let one = rule(1, 3600);
    let policy = Policy {
        code_per_ip: rule(1, 900),
        verify_per_ip: rule(1, 900),
        leads_per_ip: one,
        quotes_per_ip: one,
        autogauge_per_ip: one,
        valuations_per_ip: one,
        ..Policy::default()
    };
    let (st, _clock, _dir) = stocked(both_dealers_paid_features(), policy);
    let peer = "198.51.100.30:40000";
    let valuation =
        json!({ "vehicle": { "year": 2022, "make": "Toyota", "model": "RAV4" }, "kms": 40_000 });
    let code = |phone: &str| json!({ "phone": phone });
    let guess = json!({ "phone": "0412345678", "code": "000000" });
    // (what, path, alpha's body, beta's body): the first is alpha's whole quota.
    let cases: Vec<(&str, &str, Value, Value)> = vec![
        (
            "sign-in codes",
            "/api/auth/request-code",
            code("0412345678"),
            code("0498765432"),
        ),
        ("code checks", "/api/auth/verify", guess.clone(), guess),
        ("leads", "/api/leads", lead(1), lead(2)),
        ("quotes", "/api/youx/quote", quote(), quote()),
        (
            "valuations",
            "/api/trade-in/lookup",
            valuation.clone(),
            valuation,
        ),
    ];
    for (what, path, alpha_body, beta_body) in cases {
        let (status, _, body) = from(&st, peer, "POST", ALPHA, path, Some(&alpha_body)).await;
        assert!(!limited(status, &body), "{what} on alpha: {status} {body}");
        let (status, _, body) = from(&st, peer, "POST", BETA, path, Some(&beta_body)).await;
        assert!(
            limited(status, &body),
            "{what}: beta gave no fresh quota: {status} {body}"
        );
    }
    // A price comparison is counted before the car is looked up.
    let (status, _, body) = from(&st, peer, "GET", ALPHA, "/cars/car-1/autogauge", None).await;
    assert!(!limited(status, &body), "{status} {body}");
    let (status, _, body) = from(&st, peer, "GET", BETA, "/cars/nope/autogauge", None).await;
    assert!(limited(status, &body), "price comparison: {status} {body}");
    // A reservation is a lead: the lead on alpha spent the address's quota for beta too.
    let other = "198.51.100.31:40000";
    let (status, _, body) = from(&st, other, "POST", ALPHA, "/api/leads", Some(&lead(3))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let hold = json!({ "car_id": BETA_ONLY, "name": "Jo", "last_name": "Citizen",
        "email": "jo@example.com", "phone": "0412 345 699", "postcode": "4000" });
    let (status, _, body) = from(&st, other, "POST", BETA, "/api/reservations", Some(&hold)).await;
    assert!(limited(status, &body), "reservation: {status} {body}");
}

#[tokio::test]
async fn a_phones_lead_limit_stays_with_each_dealer() {
    let policy = Policy {
        leads_per_phone: rule(1, 3600),
        ..Policy::default()
    };
    let (st, _clock, _dir) = stocked(tenants(None), policy);
    let peer = "198.51.100.40:40000";
    for host in [ALPHA, BETA] {
        let (status, _, body) = from(&st, peer, "POST", host, "/api/leads", Some(&lead(7))).await;
        assert_eq!(status, StatusCode::CREATED, "{host}: {body}");
    }
    let (status, _, body) = from(&st, peer, "POST", ALPHA, "/api/leads", Some(&lead(7))).await;
    assert!(limited(status, &body), "{status} {body}");
}

#[tokio::test]
async fn a_stranger_asking_codes_for_someones_phone_cannot_lock_its_owner_out() {
    let policy = Policy::default();
    let (st, _clock, _dir) = stocked(tenants(None), policy.clone());
    let victim = json!({ "phone": "0412345678" });
    let stranger = "203.0.113.9:50000";
    let mut sent = 0;
    for i in 0..policy.code_per_phone.max * 2 {
        let host = if i % 2 == 0 { ALPHA } else { BETA };
        let (status, _, body) = from(
            &st,
            stranger,
            "POST",
            host,
            "/api/auth/request-code",
            Some(&victim),
        )
        .await;
        if status == StatusCode::OK {
            sent += 1;
        } else {
            assert!(limited(status, &body), "{status} {body}");
        }
    }
    assert_eq!(
        sent, policy.code_per_phone_ip.max,
        "the stranger's address stops at its own limit"
    );
    // The owner, from their own address, still gets codes on either site.
    let owner = "198.51.100.20:50000";
    for host in [BETA, ALPHA] {
        let (status, _, body) = from(
            &st,
            owner,
            "POST",
            host,
            "/api/auth/request-code",
            Some(&victim),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{host}: {body}");
    }
    // Another phone from the stranger's address is still within that address's limit.
    let (status, _, body) = from(
        &st,
        stranger,
        "POST",
        ALPHA,
        "/api/auth/request-code",
        Some(&json!({ "phone": "0498765432" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_retried_lead_is_answered_from_its_key_without_spending_quota() {
    let policy = Policy {
        leads_per_ip: rule(2, 3600),
        ..Policy::default()
    };
    let app = spawn_stocked(tenants(None), policy).await;
    let send = |body: Value, key: Option<&'static str>| {
        let mut request = app
            .request(reqwest::Method::POST, ALPHA, "/api/leads")
            .json(&body);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        app.send(request)
    };
    let first = send(lead(1), Some("form-1")).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    let id = first.json["lead_id"].as_str().expect("lead id").to_owned();
    for attempt in 0..5 {
        let again = send(lead(1), Some("form-1")).await;
        assert_eq!(
            (again.status, again.json["lead_id"].as_str()),
            (StatusCode::OK, Some(id.as_str())),
            "retry {attempt}: {}",
            again.text
        );
    }
    // The retries spent nothing: the address's second lead is still accepted.
    let second = send(lead(2), None).await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.text);
    let third = send(lead(3), None).await;
    assert!(limited(third.status, &third.json), "{}", third.text);
    // A stored lead's retry is answered even once the address is over its limit.
    let late = send(lead(1), Some("form-1")).await;
    assert_eq!(
        (late.status, late.json["lead_id"].as_str()),
        (StatusCode::OK, Some(id.as_str())),
        "{}",
        late.text
    );
    // The key with another body is refused as before.
    let reused = send(lead(4), Some("form-1")).await;
    assert_eq!(
        (reused.status, reused.json["code"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("idempotency_key_reused")
        ),
        "{}",
        reused.text
    );
}

#[tokio::test]
async fn a_429_says_how_long_is_left_of_the_window_that_was_hit() {
    let policy = Policy {
        quotes_per_ip: rule(1, 3600),
        code_per_ip: rule(1, 900),
        ..Policy::default()
    };
    let app = spawn_stocked(tenants(None), policy).await;
    // 09:20:34: the hour's window ends at 10:00, the quarter's at 09:30.
    app.clock.advance(Duration::seconds(20 * 60 + 34));
    let retry_after = |answer: &Answer| {
        answer
            .headers
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    assert_eq!(
        app.post(ALPHA, "/api/youx/quote", &quote(), None)
            .await
            .status,
        StatusCode::OK
    );
    let hour = app.post(ALPHA, "/api/youx/quote", &quote(), None).await;
    assert_eq!(hour.status, StatusCode::TOO_MANY_REQUESTS, "{}", hour.text);
    assert_eq!(retry_after(&hour).as_deref(), Some("2366"));
    let code = |phone: &str| json!({ "phone": phone });
    let ok = app
        .post(ALPHA, "/api/auth/request-code", &code("0412345678"), None)
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    let quarter = app
        .post(ALPHA, "/api/auth/request-code", &code("0498765432"), None)
        .await;
    assert_eq!(quarter.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(retry_after(&quarter).as_deref(), Some("566"));
    // Later in the same window the wait is shorter.
    app.clock.advance(Duration::seconds(500));
    let later = app.post(ALPHA, "/api/youx/quote", &quote(), None).await;
    assert_eq!(retry_after(&later).as_deref(), Some("1866"));
}

#[tokio::test]
async fn ipv6_clients_are_counted_by_their_64_and_mapped_ipv4_as_ipv4() {
    let policy = Policy {
        quotes_per_ip: rule(2, 3600),
        ..Policy::default()
    };
    let (st, _clock, _dir) = stocked(tenants(None), policy);
    let quote = quote();
    let ask = |peer: &'static str| {
        let st = st.clone();
        let quote = quote.clone();
        async move {
            let (status, _, body) =
                from(&st, peer, "POST", ALPHA, "/api/youx/quote", Some(&quote)).await;
            (status, body)
        }
    };
    // Three addresses of one /64: the third is over the /64's limit.
    assert_eq!(ask("[2001:db8:1:2::1]:40000").await.0, StatusCode::OK);
    assert_eq!(ask("[2001:db8:1:2::abcd]:40001").await.0, StatusCode::OK);
    let (status, body) = ask("[2001:db8:1:2:ffff:ffff:ffff:fffe]:40002").await;
    assert!(limited(status, &body), "{status} {body}");
    // The next /64 is another client.
    assert_eq!(ask("[2001:db8:1:3::1]:40003").await.0, StatusCode::OK);
    // An IPv4 client seen through a dual-stack socket is the IPv4 client.
    assert_eq!(ask("[::ffff:192.0.2.7]:40004").await.0, StatusCode::OK);
    assert_eq!(ask("192.0.2.7:40005").await.0, StatusCode::OK);
    let (status, body) = ask("[::ffff:192.0.2.7]:40006").await;
    assert!(limited(status, &body), "{status} {body}");
}

#[tokio::test]
async fn the_watchlist_takes_only_the_dealers_published_cars() {
    let app = spawn_stocked(tenants(None), Policy::default()).await;
    let cookie = app.sign_in(ALPHA, "0412345678").await;
    let save = |car_id: u64| change(&app, SAVE, "0412345678", &cookie, car_id);
    let zero = save(0).await;
    assert_eq!(
        (zero.status, zero.json["fields"]["car_id"].as_str()),
        (StatusCode::BAD_REQUEST, Some(INVALID_CAR_ID)),
        "{}",
        zero.text
    );
    for car_id in [u64::MAX, 301, BETA_ONLY] {
        let refused = save(car_id).await;
        assert_eq!(
            (
                refused.status,
                refused.json["code"].as_str(),
                refused.json["message"].as_str()
            ),
            (
                StatusCode::NOT_FOUND,
                Some("car_not_found"),
                Some(CAR_NOT_LISTED)
            ),
            "{car_id}: {}",
            refused.text
        );
    }
    let saved = save(12).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let list = app.get(ALPHA, "/api/watchlist", Some(&cookie)).await;
    assert_eq!(list.json["watchlist"], json!([{ "id": 12 }]));
    // Beta's own car is saved on beta's site.
    let beta = app.sign_in(BETA, "0412345678").await;
    let on_beta = app
        .post(
            BETA,
            "/api/watchlist/save-car",
            &json!({ "phone_number": "0412345678", "car_id": BETA_ONLY }),
            Some(&beta),
        )
        .await;
    assert_eq!(on_beta.status, StatusCode::OK, "{}", on_beta.text);
    // A car no longer published can still be removed.
    let removed = app
        .post(
            ALPHA,
            "/api/watchlist/remove-car",
            &json!({ "phone_number": "0412345678", "car_id": 301 }),
            Some(&cookie),
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.text);
}

#[tokio::test]
async fn a_watchlist_holds_at_most_its_cap_of_cars() {
    let policy = Policy {
        watchlist_per_user: rule(10_000, 3600),
        ..Policy::default()
    };
    let app = spawn_stocked(tenants(None), policy).await;
    let cookie = app.sign_in(ALPHA, "0412345678").await;
    let save = |car_id: u64| change(&app, SAVE, "0412345678", &cookie, car_id);
    let cap = MAX_WATCHLIST as u64;
    for car_id in 1..=cap {
        let saved = save(car_id).await;
        assert_eq!(saved.status, StatusCode::OK, "{car_id}: {}", saved.text);
    }
    let full = save(cap + 1).await;
    assert_eq!(
        (
            full.status,
            full.json["code"].as_str(),
            full.json["message"].as_str()
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("validation_failed"),
            Some(watchlist_full(MAX_WATCHLIST).as_str())
        ),
        "{}",
        full.text
    );
    assert!(watchlist_full(MAX_WATCHLIST).contains(&MAX_WATCHLIST.to_string()));
    // Saving a car already on the full list is still fine, and removing one makes room.
    assert_eq!(save(5).await.status, StatusCode::OK);
    let removed = app
        .post(
            ALPHA,
            "/api/watchlist/remove-car",
            &json!({ "phone_number": "0412345678", "car_id": 5 }),
            Some(&cookie),
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    let saved = save(cap + 1).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let list = app.get(ALPHA, "/api/watchlist", Some(&cookie)).await;
    assert_eq!(
        list.json["watchlist"].as_array().map(Vec::len),
        Some(MAX_WATCHLIST)
    );
}

#[tokio::test]
async fn watchlist_changes_are_rate_limited_per_shopper() {
    let policy = Policy {
        watchlist_per_user: rule(3, 3600),
        ..Policy::default()
    };
    let app = spawn_stocked(tenants(None), policy).await;
    let mine = app.sign_in(ALPHA, "0412345678").await;
    let theirs = app.sign_in(ALPHA, "0498765432").await;
    assert_eq!(
        change(&app, SAVE, "0412345678", &mine, 1).await.status,
        StatusCode::OK
    );
    assert_eq!(
        change(&app, REMOVE, "0412345678", &mine, 1).await.status,
        StatusCode::OK
    );
    assert_eq!(
        change(&app, SAVE, "0412345678", &mine, 2).await.status,
        StatusCode::OK
    );
    let over = change(&app, SAVE, "0412345678", &mine, 3).await;
    assert!(limited(over.status, &over.json), "{}", over.text);
    assert!(over.headers.contains_key("retry-after"));
    // Another shopper has their own budget.
    assert_eq!(
        change(&app, SAVE, "0498765432", &theirs, 3).await.status,
        StatusCode::OK
    );
}
