//! Reservations: a car held for 48 hours, at most one active hold per car (also under 100
//! concurrent requests), only on a car the dealer publishes and the reserve rule allows,
//! expiry on the manual clock, the lead that tells the dealer, and 400s that name each
//! bad field.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, LazyLock, Mutex};

use chrono::{DateTime, Duration, Utc};
use domain::messages::{
    field_required, reservation_held_pay_at_dealership, CAR_ALREADY_RESERVED, CAR_NOT_FOUND,
    CAR_NOT_PRICED, CAR_NOT_PURCHASABLE, CAR_SOLD, INVALID_CAR_ID, INVALID_EMAIL, INVALID_PHONE,
    INVALID_POSTCODE_FORMAT, PHONE_HOLDS_A_CAR, PHONE_NOT_SIGNED_IN, PHONE_NOT_VERIFIED,
    PLEASE_FIX_ERRORS, RESERVATION_CATEGORY, TOO_MANY_RESERVATIONS,
};
use domain::rules::availability::ReserveState;
use domain::rules::market::{Listing, Market, MarketCar};
use edge_api::clock::Clock;
use edge_api::market::MarketSource;
use edge_api::policy::{Policy, RateLimit};
use edge_api::tenancy::Tenants;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{serve, state, stored_json, tenants, TestApp};

const HOST: &str = "alpha.localhost";
/// Alpha's cars that the reserve rule refuses (every other id up to 2000 is for sale).
const SOLD: u64 = 9_001;
const NO_PRICE: u64 = 9_002;
const RESERVED_IN_FEED: u64 = 9_003;
/// Coming soon, or priced at $200 or less (seed 001 s4 Autograb purchasable).
const NOT_PURCHASABLE: u64 = 9_005;
/// A car only beta publishes.
const BETA_ONLY: u64 = 9_004;

/// The stock the build published: cars 1 to 2000 of alpha and beta for sale, and alpha's
/// cars the reserve rule refuses.
fn stock() -> Market {
    let listing = |dealer: &str, id: u64, reserve| Listing {
        dealer: dealer.into(),
        id,
        slug: format!("car-{id}"),
        reserve,
    };
    let mut listings: Vec<Listing> = ["alpha", "beta"]
        .iter()
        .flat_map(|dealer| (1..=2000).map(move |id| listing(dealer, id, ReserveState::Reservable)))
        .collect();
    listings.push(listing("alpha", SOLD, ReserveState::Sold));
    listings.push(listing("alpha", NO_PRICE, ReserveState::NoPrice));
    listings.push(listing("alpha", RESERVED_IN_FEED, ReserveState::Reserved));
    listings.push(listing(
        "alpha",
        NOT_PURCHASABLE,
        ReserveState::NotPurchasable,
    ));
    listings.push(listing("beta", BETA_ONLY, ReserveState::Reservable));
    // Car 1042 as the market file names it; the others are listed by id only.
    let hilux = MarketCar {
        dealer: "alpha".into(),
        slug: "car-1042".into(),
        make: "Toyota".into(),
        model: "HiLux".into(),
        year: 2021,
        km: 48_000,
        price: 38_990.0,
        car_type: domain::car::CarType::Used,
        badge: None,
    };
    Market::new([hilux]).with_listings(listings)
}

/// The app over [`stock`].
async fn spawn_with(tenants: Tenants, policy: Policy) -> TestApp {
    let (mut st, clock, dir) = state(tenants, policy);
    st.market = Arc::new(MarketSource::fixed(stock()));
    serve(st, clock, dir).await
}

async fn spawn() -> TestApp {
    spawn_with(tenants(None), Policy::default()).await
}

fn request(car_id: u64) -> Value {
    request_from(car_id, "0412 345 678")
}

fn request_from(car_id: u64, phone: &str) -> Value {
    json!({
        "car_id": car_id, "name": "Jo", "last_name": "Citizen", "email": "jo@example.com",
        "phone": phone, "postcode": "4000", "message": "I'll come in on Saturday."
    })
}

fn time(value: &Value) -> DateTime<Utc> {
    value
        .as_str()
        .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

/// Session cookies by app address, host and phone.
type Sessions = HashMap<(SocketAddr, String, String), String>;

/// The session of `phone` on `host` (a hold paid at the dealership is taken only under
/// the phone the shopper signed in with), signed in once per app and kept while the app
/// still knows it.
async fn session(app: &TestApp, host: &str, phone: &str) -> String {
    static SESSIONS: LazyLock<Mutex<Sessions>> = LazyLock::new(Mutex::default);
    let key = (app.addr, host.to_owned(), phone.to_owned());
    let kept = SESSIONS.lock().expect("sessions").get(&key).cloned();
    if let Some(cookie) = kept {
        // A port is used again by a later test's app, which never issued the cookie.
        if app.get(host, "/api/session", Some(&cookie)).await.json["signed_in"] == true {
            return cookie;
        }
    }
    let cookie = app.sign_in(host, phone).await;
    SESSIONS
        .lock()
        .expect("sessions")
        .insert(key, cookie.clone());
    cookie
}

/// `POST /api/reservations` signed in with the body's phone.
async fn hold(app: &TestApp, host: &str, body: &Value) -> crate::support::Answer {
    let phone = body["phone"].as_str().expect("a phone");
    let cookie = session(app, host, phone).await;
    app.post(host, "/api/reservations", body, Some(&cookie))
        .await
}

async fn reserve(app: &TestApp, host: &str, car_id: u64) -> crate::support::Answer {
    hold(app, host, &request(car_id)).await
}

/// A policy that lets one address and phone reserve as often as a test needs.
fn relaxed() -> Policy {
    let many = RateLimit {
        max: 10_000,
        window_secs: 3600,
    };
    Policy {
        leads_per_ip: many,
        leads_per_phone: many,
        reservations_per_ip: many,
        ..Policy::default()
    }
}

#[tokio::test]
async fn a_reservation_holds_the_car_for_48_hours_awaiting_payment_at_the_dealership() {
    let app = spawn().await;
    let now = app.clock.now();
    let cookie = session(&app, HOST, "0412 345 678").await;
    let answer = app
        .send(
            app.request(reqwest::Method::POST, HOST, "/api/reservations")
                .header("user-agent", "TestBrowser/1")
                .header("cookie", &cookie)
                .json(&request(1042)),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let body = answer.json.as_object().expect("object");
    let mut keys: Vec<&str> = body.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "car_id",
            "deposit",
            "expires_at",
            "hold_hours",
            "journey_token",
            "message",
            "reservation_id",
            "status"
        ]
    );
    assert_eq!(answer.json["car_id"], 1042);
    assert_eq!(answer.json["status"], "awaiting_payment");
    assert_eq!(
        (
            answer.json["deposit"].as_u64(),
            answer.json["hold_hours"].as_u64()
        ),
        (Some(200), Some(48))
    );
    assert_eq!(time(&answer.json["expires_at"]), now + Duration::hours(48));
    let message = answer.json["message"].as_str().expect("message");
    assert_eq!(message, reservation_held_pay_at_dealership(48, 200));
    assert!(
        message.contains("48 hours")
            && message.contains("$200 fully refundable")
            && message.contains("at the dealership")
    );

    // The reservation and its lead were stored before the answer; the lead is queued for the dealer.
    let id = answer.json["reservation_id"].as_str().expect("id");
    let reservation = app
        .state
        .store
        .reservation("alpha", id)
        .await
        .expect("read")
        .expect("stored");
    assert_eq!(
        (reservation.car_id, reservation.expires_at),
        (1042, now + Duration::hours(48))
    );
    let lead = app
        .state
        .store
        .lead("alpha", &reservation.lead_id)
        .await
        .expect("read")
        .expect("lead stored");
    assert_eq!(stored_json(&lead.fields)["category"], RESERVATION_CATEGORY);
    assert_eq!(stored_json(&lead.fields)["car_id"], 1042);
    assert_eq!(stored_json(&lead.fields)["phone"], "0412345678");
    assert_eq!(stored_json(&lead.fields)["reservation_id"], id);
    assert_eq!(stored_json(&lead.fields)["user_agent"], "TestBrowser/1");
    assert_eq!(stored_json(&lead.fields)["phone_verified"], true);
    // The dealer reads which car is held, named by the stock rather than the request.
    let fields = stored_json(&lead.fields);
    assert_eq!(
        (
            &fields["Vehicle Year"],
            &fields["Vehicle Make"],
            &fields["Vehicle Model"],
            &fields["vehicle_status"],
            &fields["price"],
        ),
        (
            &json!(2021),
            &json!("Toyota"),
            &json!("HiLux"),
            &json!("used"),
            &json!(38990)
        )
    );
    assert_eq!(
        app.state
            .store
            .outbox_of_lead("alpha", &lead.id)
            .await
            .expect("outbox")
            .len(),
        1
    );
}

#[tokio::test]
async fn a_hold_is_taken_only_on_a_published_car_that_is_for_sale() {
    let app = spawn().await;
    for (car_id, why) in [
        (u64::MAX, "the largest id"),
        (5_000, "an id alpha never published"),
        (BETA_ONLY, "another dealer's car"),
    ] {
        let answer = reserve(&app, HOST, car_id).await;
        assert_eq!(
            answer.status,
            StatusCode::NOT_FOUND,
            "{why}: {}",
            answer.text
        );
        assert_eq!(
            (
                answer.json["code"].as_str(),
                answer.json["message"].as_str()
            ),
            (Some("car_not_found"), Some(CAR_NOT_FOUND)),
            "{why}"
        );
    }
    for (car_id, code, message) in [
        (SOLD, "car_sold", CAR_SOLD),
        (NO_PRICE, "car_not_priced", CAR_NOT_PRICED),
        // Seed 001 s4: "only if in_stock, not sold, not reserved, and price over 200".
        (NOT_PURCHASABLE, "car_not_purchasable", CAR_NOT_PURCHASABLE),
        (RESERVED_IN_FEED, "car_reserved", CAR_ALREADY_RESERVED),
    ] {
        let answer = reserve(&app, HOST, car_id).await;
        assert_eq!(
            answer.status,
            StatusCode::CONFLICT,
            "{code}: {}",
            answer.text
        );
        assert_eq!(
            (
                answer.json["code"].as_str(),
                answer.json["message"].as_str()
            ),
            (Some(code), Some(message))
        );
    }
    // None of them was held, and no lead went to the dealer; a car for sale still holds.
    for car_id in [u64::MAX, 5_000, BETA_ONLY, SOLD, NO_PRICE, RESERVED_IN_FEED] {
        assert!(
            app.state
                .store
                .hold("alpha", car_id, app.clock.now())
                .await
                .expect("read")
                .is_none(),
            "{car_id}"
        );
    }
    assert_eq!(
        edge_api::delivery::outbox::pending(&app.state, app.clock.now())
            .await
            .expect("pending"),
        0
    );
    assert_eq!(reserve(&app, HOST, 1_999).await.status, StatusCode::CREATED);
    assert_eq!(
        reserve(&app, "beta.localhost", BETA_ONLY).await.status,
        StatusCode::CREATED
    );
    // Without a market file (no build yet) nothing can be held.
    let (st, clock, dir) = state(tenants(None), Policy::default());
    let bare = serve(st, clock, dir).await;
    assert_eq!(reserve(&bare, HOST, 1).await.json["code"], "car_not_found");
}

#[tokio::test]
async fn a_held_car_answers_409_car_reserved_until_the_hold_expires() {
    let app = spawn_with(tenants(None), relaxed()).await;
    assert_eq!(reserve(&app, HOST, 7).await.status, StatusCode::CREATED);
    let second = reserve(&app, HOST, 7).await;
    assert_eq!(second.status, StatusCode::CONFLICT, "{}", second.text);
    assert_eq!(
        (
            second.json["code"].as_str(),
            second.json["message"].as_str()
        ),
        (Some("car_reserved"), Some(CAR_ALREADY_RESERVED))
    );
    assert_eq!(second.json["success"], false);
    // Another car of the dealer (for another phone), and the same car id at another
    // dealer, are free.
    let other = hold(&app, HOST, &request_from(8, "0413 000 111")).await;
    assert_eq!(other.status, StatusCode::CREATED, "{}", other.text);
    assert_eq!(
        reserve(&app, "beta.localhost", 7).await.status,
        StatusCode::CREATED
    );
    // The losing request stored no lead: two alpha leads and one beta lead are queued.
    assert_eq!(
        edge_api::delivery::outbox::pending(&app.state, app.clock.now())
            .await
            .expect("pending"),
        3
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_100_concurrent_reservations_of_one_car_exactly_one_holds_it() {
    let app = spawn_with(tenants(None), relaxed()).await;
    let cookie = session(&app, HOST, "0412 345 678").await;
    let mut requests = tokio::task::JoinSet::new();
    for _ in 0..100 {
        let request = app
            .request(reqwest::Method::POST, HOST, "/api/reservations")
            .header("cookie", &cookie)
            .json(&request(555));
        requests.spawn(async move {
            let response = request.send().await.expect("request");
            let status = response.status();
            (
                status,
                response.json::<Value>().await.unwrap_or(Value::Null),
            )
        });
    }
    let answers = requests.join_all().await;
    let held: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .map(|(_, body)| body)
        .collect();
    let refused = answers
        .iter()
        .filter(|(s, body)| *s == StatusCode::CONFLICT && body["code"] == "car_reserved")
        .count();
    assert_eq!(
        (held.len(), refused),
        (1, 99),
        "{:?}",
        answers.iter().map(|(s, _)| *s).collect::<Vec<_>>()
    );
    let hold = app
        .state
        .store
        .hold("alpha", 555, app.clock.now())
        .await
        .expect("read")
        .expect("held");
    assert_eq!(
        Some(hold.reservation_id.as_str()),
        held[0]["reservation_id"].as_str()
    );
    assert_eq!(
        edge_api::delivery::outbox::pending(&app.state, app.clock.now())
            .await
            .expect("pending"),
        1,
        "one hold, one lead"
    );
}

#[tokio::test]
async fn a_hold_expires_after_48_hours_and_the_car_can_be_reserved_again() {
    let app = spawn().await;
    let start = app.clock.now();
    let first = reserve(&app, HOST, 42).await;
    assert_eq!(first.status, StatusCode::CREATED);
    app.clock
        .advance(Duration::hours(48) - Duration::seconds(1));
    let status = app.get(HOST, "/api/reservations/42", None).await;
    assert_eq!(
        (
            status.json["reserved"].as_bool(),
            time(&status.json["expires_at"])
        ),
        (Some(true), start + Duration::hours(48))
    );
    assert_eq!(
        reserve(&app, HOST, 42).await.status,
        StatusCode::CONFLICT,
        "one second before expiry"
    );
    app.clock.advance(Duration::seconds(1));
    let status = app.get(HOST, "/api/reservations/42", None).await;
    assert_eq!(
        status.json,
        json!({ "car_id": 42, "reserved": false, "expires_at": null })
    );
    let again = reserve(&app, HOST, 42).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.text);
    assert_ne!(again.json["reservation_id"], first.json["reservation_id"]);
    assert_eq!(time(&again.json["expires_at"]), start + Duration::hours(96));
    // The first reservation stays on record.
    let id = first.json["reservation_id"].as_str().expect("id");
    assert!(app
        .state
        .store
        .reservation("alpha", id)
        .await
        .expect("read")
        .is_some());
}

#[tokio::test]
async fn the_hold_status_is_not_cached_and_follows_the_reservation() {
    let app = spawn().await;
    let before = app.get(HOST, "/api/reservations/9", None).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.text);
    assert_eq!(
        before.json,
        json!({ "car_id": 9, "reserved": false, "expires_at": null })
    );
    assert_eq!(
        before
            .headers
            .get("cache-control")
            .and_then(|v| v.to_str().ok()),
        Some("no-store")
    );
    let held = reserve(&app, HOST, 9).await;
    let after = app.get(HOST, "/api/reservations/9", None).await;
    assert_eq!(
        (
            after.status,
            after.json["car_id"].as_u64(),
            after.json["reserved"].as_bool()
        ),
        (StatusCode::OK, Some(9), Some(true))
    );
    assert_eq!(after.json["expires_at"], held.json["expires_at"]);
    let elsewhere = app.get("beta.localhost", "/api/reservations/9", None).await;
    assert_eq!(elsewhere.json["reserved"], false, "holds are per dealer");
    for bad in [
        "abc",
        "0",
        "-1",
        "1.5",
        "+3",
        "99999999999999999999999",
        "%FF",
    ] {
        let answer = app
            .get(HOST, &format!("/api/reservations/{bad}"), None)
            .await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{bad}: {}",
            answer.text
        );
        assert_eq!(
            (
                answer.json["code"].as_str(),
                answer.json["fields"]["car_id"].as_str()
            ),
            (Some("bad_request"), Some(INVALID_CAR_ID)),
            "{bad}"
        );
    }
    assert_eq!(
        app.get("nobody.localhost", "/api/reservations/9", None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn bad_fields_answer_400_naming_each_with_the_lead_form_messages() {
    let app = spawn().await;
    let answer = app
        .post(
            HOST,
            "/api/reservations",
            &json!({ "car_id": 0, "email": "not-an-email", "phone": "123", "postcode": "40" }),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    assert_eq!(
        (
            answer.json["code"].as_str(),
            answer.json["message"].as_str()
        ),
        (Some("bad_request"), Some(PLEASE_FIX_ERRORS))
    );
    assert_eq!(
        answer.json["fields"],
        json!({
            "car_id": INVALID_CAR_ID, "name": field_required("First name"), "email": INVALID_EMAIL,
            "phone": INVALID_PHONE, "postcode": INVALID_POSTCODE_FORMAT
        })
    );
    let blank = app
        .post(
            HOST,
            "/api/reservations",
            &json!({ "car_id": 3, "name": " ", "email": "", "phone": "" }),
            None,
        )
        .await;
    assert_eq!(
        blank.json["fields"],
        json!({ "name": field_required("First name"), "email": field_required("Email"), "phone": field_required("Phone") })
    );
    // Only name, email and phone are required; a blank postcode is fine.
    let minimal = json!({ "car_id": 3, "name": "Jo", "email": "jo@example.com", "phone": "0412345678", "postcode": "" });
    assert_eq!(hold(&app, HOST, &minimal).await.status, StatusCode::CREATED);

    let mut wrong_types = Vec::new();
    for (field, value) in [
        ("car_id", json!("abc")),
        ("car_id", json!(-1)),
        ("car_id", json!(2.5)),
        ("car_id", Value::Null),
        ("name", json!(5)),
        ("website", json!("x")),
    ] {
        let mut body = request(11);
        body[field] = value.clone();
        wrong_types.push((field, value, body));
    }
    let mut missing = request(11);
    missing.as_object_mut().expect("object").remove("car_id");
    wrong_types.push(("car_id", Value::Null, missing));
    for (field, value, body) in wrong_types {
        let answer = app.post(HOST, "/api/reservations", &body, None).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{field}={value}: {}",
            answer.text
        );
        assert!(
            answer.json["fields"].get(field).is_some(),
            "{field}={value}: {}",
            answer.text
        );
    }
    // Nothing above held car 11.
    assert_eq!(
        app.get(HOST, "/api/reservations/11", None).await.json["reserved"],
        false
    );
}

#[tokio::test]
async fn no_body_gets_a_500() {
    let app = spawn().await;
    let bodies = [
        "",
        "{",
        "[]",
        "null",
        "{\"car_id\": 18446744073709551616}",
        "{\"car_id\": 1e3}",
        "\"x\"",
    ];
    for body in bodies {
        let request = app
            .request(reqwest::Method::POST, HOST, "/api/reservations")
            .header("content-type", "application/json")
            .body(body);
        let answer = app.send(request).await;
        assert!(
            answer.status.is_client_error(),
            "{body:?}: {} {}",
            answer.status,
            answer.text
        );
    }
    let plain = app
        .request(reqwest::Method::POST, HOST, "/api/reservations")
        .body("car_id=1");
    assert_eq!(
        app.send(plain).await.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
}

#[tokio::test]
async fn reservations_count_against_the_lead_limits() {
    let policy = Policy {
        leads_per_phone: RateLimit {
            max: 1,
            window_secs: 3600,
        },
        ..Policy::default()
    };
    let app = spawn_with(tenants(None), policy).await;
    assert_eq!(reserve(&app, HOST, 1).await.status, StatusCode::CREATED);
    // The phone's lead limit answers before its hold is even looked at.
    let limited = reserve(&app, HOST, 2).await;
    assert_eq!(
        (limited.status, limited.json["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"))
    );
}

#[tokio::test]
async fn both_endpoints_are_in_the_openapi_document() {
    let app = spawn().await;
    let doc = app.get(HOST, "/api/openapi.json", None).await;
    let paths = &doc.json["paths"];
    assert!(
        paths["/api/reservations"]["post"]["responses"]["409"].is_object(),
        "{}",
        paths
    );
    let not_found = paths["/api/reservations"]["post"]["responses"]["404"]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(not_found.contains("car_not_found"), "{not_found}");
    assert!(paths["/api/reservations/{car_id}"]["get"]["responses"]["200"].is_object());
    let schema = &doc.json["components"]["schemas"]["ReservationRequest"];
    let required: Vec<&str> = schema["required"]
        .as_array()
        .expect("required")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(required, ["car_id", "name", "email", "phone"]);
}

#[tokio::test]
async fn the_deposit_is_the_dealers_own() {
    let app = spawn().await;
    // Beta's configuration asks a $500 deposit (see support::tenants).
    let answer = reserve(&app, "beta.localhost", 11).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(answer.json["deposit"], 500);
    assert!(
        answer.json["message"]
            .as_str()
            .is_some_and(|m| m.contains("$500")),
        "{}",
        answer.json
    );
}

#[tokio::test]
async fn a_phone_holds_one_car_per_dealer_and_an_address_only_a_few() {
    let app = spawn().await;
    let jo = "0412 345 678";
    let post = |car: u64, phone: &'static str, host: &'static str| {
        let app = &app;
        async move { hold(app, host, &request_from(car, phone)).await }
    };
    assert_eq!(post(1, jo, HOST).await.status, StatusCode::CREATED);
    // A second car for the same phone at the same dealer is refused, and stores nothing.
    let second = post(2, jo, HOST).await;
    assert_eq!(second.status, StatusCode::CONFLICT, "{}", second.text);
    assert_eq!(
        (
            second.json["code"].as_str(),
            second.json["message"].as_str()
        ),
        (Some("phone_has_hold"), Some(PHONE_HOLDS_A_CAR))
    );
    assert!(app
        .state
        .store
        .hold("alpha", 2, app.clock.now())
        .await
        .expect("read")
        .is_none());
    // Another dealer's car is that dealer's business.
    assert_eq!(
        post(1, jo, "beta.localhost").await.status,
        StatusCode::CREATED
    );
    // One address tries only a few reservations a day, whatever phones it types, on any
    // dealer (the refused one above counted too).
    let fourth = post(3, "0413 000 111", HOST).await;
    assert_eq!(
        (
            fourth.status,
            fourth.json["code"].as_str(),
            fourth.json["message"].as_str()
        ),
        (
            StatusCode::TOO_MANY_REQUESTS,
            Some("rate_limited"),
            Some(TOO_MANY_RESERVATIONS)
        ),
        "{}",
        fourth.text
    );
    // Once the hold ends (and the day's window with it), the phone may hold another car.
    app.clock.advance(chrono::Duration::hours(49));
    assert_eq!(post(2, jo, HOST).await.status, StatusCode::CREATED);
}

/// A shopper paying at the dealership cancels from their account: the car is free again
/// at once; someone else's session cannot cancel it, and a card id sent by mistake is
/// ignored by a dealer that takes no cards.
#[tokio::test]
async fn the_shopper_cancels_a_reservation_paid_at_the_dealership() {
    let app = spawn_with(tenants(None), relaxed()).await;
    let mut body = request_from(1200, "0412 345 678");
    body["payment_method"] = json!("pm_card_visa");
    let answer = hold(&app, HOST, &body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json["status"], "awaiting_payment");
    let id = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let path = format!("/api/reservations/{id}/cancel");
    let stranger = app.sign_in(HOST, "0499 999 999").await;
    let refused = app.post(HOST, &path, &json!({}), Some(&stranger)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    let owner = app.sign_in(HOST, "0412 345 678").await;
    let cancelled = app.post(HOST, &path, &json!({}), Some(&owner)).await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.text);
    assert_eq!(cancelled.json["status"], "cancelled");
    let status = app.get(HOST, "/api/reservations/1200", None).await;
    assert_eq!(status.json["reserved"], false, "{}", status.text);
    // The same phone may hold a car again.
    let again = hold(&app, HOST, &request_from(1201, "0412 345 678")).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.text);
}

/// A hold paid at the dealership costs the shopper nothing, so it is taken only under a
/// phone confirmed by sign-in: without a session 401, with a session of another phone
/// (or of another dealer's site) 401/403 naming what to do; none of them holds the car
/// or tells the dealer. The phone's own session holds it, and the lead says the phone
/// is verified.
#[tokio::test]
async fn a_hold_paid_at_the_dealership_needs_the_phone_the_shopper_signed_in_with() {
    let app = spawn_with(tenants(None), relaxed()).await;
    let anonymous = app
        .post(HOST, "/api/reservations", &request(300), None)
        .await;
    assert_eq!(
        (
            anonymous.status,
            anonymous.json["code"].as_str(),
            anonymous.json["message"].as_str()
        ),
        (
            StatusCode::UNAUTHORIZED,
            Some("phone_not_verified"),
            Some(PHONE_NOT_VERIFIED)
        ),
        "{}",
        anonymous.text
    );
    let someone_else = session(&app, HOST, "0499 000 111").await;
    let mismatch = app
        .post(
            HOST,
            "/api/reservations",
            &request(300),
            Some(&someone_else),
        )
        .await;
    assert_eq!(
        (mismatch.status, mismatch.json["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("phone_not_signed_in")),
        "{}",
        mismatch.text
    );
    assert_eq!(mismatch.json["fields"]["phone"], PHONE_NOT_SIGNED_IN);
    // A session belongs to one dealer's site.
    let at_beta = session(&app, "beta.localhost", "0412 345 678").await;
    let elsewhere = app
        .post(HOST, "/api/reservations", &request(300), Some(&at_beta))
        .await;
    assert_eq!(
        elsewhere.status,
        StatusCode::UNAUTHORIZED,
        "{}",
        elsewhere.text
    );
    assert!(app
        .state
        .store
        .hold("alpha", 300, app.clock.now())
        .await
        .expect("read")
        .is_none());
    assert_eq!(
        edge_api::delivery::outbox::pending(&app.state, app.clock.now())
            .await
            .expect("pending"),
        0
    );
    let owner = hold(&app, HOST, &request(300)).await;
    assert_eq!(owner.status, StatusCode::CREATED, "{}", owner.text);
    let reservation = app
        .state
        .store
        .reservation("alpha", owner.json["reservation_id"].as_str().expect("id"))
        .await
        .expect("read")
        .expect("stored");
    let lead = app
        .state
        .store
        .lead("alpha", &reservation.lead_id)
        .await
        .expect("read")
        .expect("lead");
    assert_eq!(lead.fields.phone_verified, Some(true));
}

/// The text of every email the file transport wrote, soft line breaks undone.
fn mails(dir: &std::path::Path) -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .map(|bytes| {
            String::from_utf8_lossy(&bytes)
                .replace("=\r\n", "")
                .replace("=\n", "")
                .replace("=3D", "=")
        })
        .collect()
}

/// The shopper's confirmation of a hold paid at the dealership says what the reserve
/// page said: the car is held, for how long, and the deposit is paid in person. It is
/// not thanked for an enquiry.
#[tokio::test]
async fn the_confirmation_of_a_hold_paid_at_the_dealership_says_how_to_complete_it() {
    let (mut st, clock, dir) = state(tenants(None), relaxed());
    let mail_dir = tempfile::tempdir().expect("mail dir");
    st.mail = Some(edge_api::delivery::mail::MailSettings {
        transport: Arc::new(edge_api::delivery::mail::FileMail::new(mail_dir.path())),
        from: "leads@forecourt.example".into(),
    });
    st.market = Arc::new(MarketSource::fixed(stock()));
    let app = serve(st, clock, dir).await;
    let answer = reserve(&app, HOST, 1042).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    edge_api::delivery::outbox::drain(&app.state)
        .await
        .expect("drain");
    let sent = mails(mail_dir.path());
    let confirmation = sent
        .iter()
        .find(|m| m.contains("<jo@example.com>"))
        .unwrap_or_else(|| panic!("a confirmation to the shopper: {sent:#?}"));
    assert!(
        confirmation.contains("Thank you for reserving the 2021 Toyota HiLux")
            && confirmation.contains(&reservation_held_pay_at_dealership(48, 200))
            && !confirmation.contains("your enquiry about"),
        "{confirmation}"
    );
}

/// When a window's reservations of a dealer reach the burst threshold, the dealer's lead
/// address gets one email through the outbox naming the cars held: not one per
/// reservation, and not again in the same window; the next window's burst is news again.
/// The alert goes nowhere else (no webhook, no shopper).
#[tokio::test]
async fn a_burst_of_reservations_emails_the_dealer_once_per_window() {
    let port = crate::support::free_port();
    let receiver = crate::support::Receiver::start(port).await;
    let base = format!("http://127.0.0.1:{port}");
    let mut alpha = (**tenants(Some(&base)).by_slug("alpha").expect("alpha")).clone();
    alpha.lead_email = toml::from_str(
        "recipients = [{ address = \"crm@alphamotors.com.au\", format = \"adf\" }, { address = \"sales@alphamotors.com.au\" }]",
    )
    .expect("lead email config");
    let beta = (**tenants(None).by_slug("beta").expect("beta")).clone();
    let policy = Policy {
        reservation_burst: RateLimit {
            max: 3,
            window_secs: 3600,
        },
        ..relaxed()
    };
    let (mut st, clock, dir) = state(Tenants::new([alpha, beta]), policy);
    let mail_dir = tempfile::tempdir().expect("mail dir");
    st.mail = Some(edge_api::delivery::mail::MailSettings {
        transport: Arc::new(edge_api::delivery::mail::FileMail::new(mail_dir.path())),
        from: "leads@forecourt.example".into(),
    });
    st.market = Arc::new(MarketSource::fixed(stock()));
    let app = serve(st, clock, dir).await;
    // Start at the top of an hour, so the five reservations share one window.
    let now = app.clock.now().timestamp();
    app.clock
        .advance(Duration::seconds(3600 - now.rem_euclid(3600)));
    let alerts = |app: &TestApp| {
        let dir = mail_dir.path().to_owned();
        let state = app.state.clone();
        async move {
            edge_api::delivery::outbox::drain(&state)
                .await
                .expect("drain");
            mails(&dir)
                .into_iter()
                .filter(|m| m.contains("were reserved within"))
                .collect::<Vec<_>>()
        }
    };
    for (car, phone) in [(401, "0412 000 401"), (402, "0412 000 402")] {
        let answer = hold(&app, HOST, &request_from(car, phone)).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    }
    assert!(alerts(&app).await.is_empty(), "two is no burst");
    for (car, phone) in [
        (403, "0412 000 403"),
        (404, "0412 000 404"),
        (405, "0412 000 405"),
    ] {
        let answer = hold(&app, HOST, &request_from(car, phone)).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    }
    let sent = alerts(&app).await;
    assert_eq!(sent.len(), 1, "one email for the window: {sent:#?}");
    let alert = &sent[0];
    assert!(alert.contains("To: sales@alphamotors.com.au"), "{alert}");
    assert!(
        alert.contains("3 cars on your website were reserved within one hour"),
        "{alert}"
    );
    for car in [401, 402, 403] {
        assert!(
            alert.contains(&format!("car {car})")) || alert.contains(&format!("- car {car}")),
            "{alert}"
        );
    }
    // Only the leads reached the webhooks: five JSON and five ADF posts.
    let posted = receiver.all();
    assert_eq!(posted.len(), 10, "{posted:#?}");
    assert!(posted
        .iter()
        .all(|r| !r.body.contains("were reserved within")));
    // The next hour's burst is news again.
    app.clock.advance(Duration::hours(1));
    for (car, phone) in [
        (406, "0412 000 406"),
        (407, "0412 000 407"),
        (408, "0412 000 408"),
    ] {
        let answer = hold(&app, HOST, &request_from(car, phone)).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    }
    assert_eq!(alerts(&app).await.len(), 2);
}
