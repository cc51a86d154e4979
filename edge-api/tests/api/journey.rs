//! The buy-online journey: its state kept against the reservation (read again after a
//! reload, and on another device after signing in with the reservation's phone), only
//! for the shopper who made the hold, each step skipped and returned to, 400s naming
//! each bad field, no order without a live hold, and the order as one Online Purchase
//! lead whose dealer email and ADF carry every step.

use std::sync::Arc;

use chrono::{Duration, NaiveDate};
use domain::messages::{
    LEAD_STATUS_COMPLETE, NOT_YOUR_JOURNEY, NO_JOURNEY, NO_LIVE_HOLD, ONLINE_PURCHASE_CATEGORY,
    VALUATION_NOT_FOUND,
};
use domain::rules::availability::ReserveState;
use domain::rules::finance::{repayment, CarLoan, LoanTerms, PaymentFrequency, RepaymentInput};
use domain::rules::market::{Listing, Market, MarketCar};
use edge_api::lead::PaymentStatus;
use edge_api::market::MarketSource;
use edge_api::policy::{Policy, RateLimit};
use edge_api::tenancy::{Tenant, Tenants};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{postcode_table, serve, state, tenants, Answer, TestApp};

const HOST: &str = "alpha.localhost";
/// The car the shopper buys: a 2021 Toyota HiLux at $45,990.
const CAR: u64 = 1042;
const PRICE: f64 = 45_990.0;
/// Another car of alpha's, also for sale.
const OTHER_CAR: u64 = 1043;
const PHONE: &str = "0412 345 678";

fn car(slug: &str, model: &str, year: u16, km: u32, price: f64) -> MarketCar {
    MarketCar {
        dealer: "alpha".into(),
        slug: slug.into(),
        make: "Toyota".into(),
        model: model.into(),
        year,
        km,
        price,
        car_type: domain::car::CarType::Used,
        badge: None,
    }
}

/// Alpha's stock: the HiLux and another car for sale, and RAV4s a trade-in RAV4 is
/// valued against.
fn stock() -> Market {
    let mut cars = vec![
        car("hilux-1042", "HiLux", 2021, 40_000, PRICE),
        car("corolla-1043", "Corolla", 2020, 50_000, 24_990.0),
    ];
    cars.extend((0..8u32).map(|i| {
        car(
            &format!("rav4-{i}"),
            "RAV4",
            2022,
            35_000 + i * 1_000,
            33_000.0 + f64::from(i) * 700.0,
        )
    }));
    let listing = |id: u64, slug: &str| Listing {
        dealer: "alpha".into(),
        id,
        slug: slug.into(),
        reserve: ReserveState::Reservable,
    };
    Market::new(cars).with_listings([
        listing(CAR, "hilux-1042"),
        listing(OTHER_CAR, "corolla-1043"),
    ])
}

fn relaxed() -> Policy {
    let many = RateLimit {
        max: 10_000,
        window_secs: 3600,
    };
    Policy {
        leads_per_ip: many,
        leads_per_phone: many,
        reservations_per_ip: many,
        valuations_per_ip: many,
        ..Policy::default()
    }
}

/// The app over [`stock`] with the postcode dataset; lead emails go to `mail_dir`.
async fn spawn(mail_dir: Option<&std::path::Path>) -> TestApp {
    spawn_with(mail_dir, |_| {}).await
}

/// [`spawn`] with alpha changed by `adjust` first.
async fn spawn_with(
    mail_dir: Option<&std::path::Path>,
    adjust: impl FnOnce(&mut Tenant),
) -> TestApp {
    let mut alpha = (**tenants(None).by_slug("alpha").expect("alpha")).clone();
    adjust(&mut alpha);
    alpha.lead_email = toml::from_str("recipients = [{ address = \"sales@alphamotors.com.au\" }]")
        .expect("lead email config");
    let beta = (**tenants(None).by_slug("beta").expect("beta")).clone();
    let (mut st, clock, dir) = state(Tenants::new([alpha, beta]), relaxed());
    if let Some(mail_dir) = mail_dir {
        st.mail = Some(edge_api::delivery::mail::MailSettings {
            transport: Arc::new(edge_api::delivery::mail::FileMail::new(mail_dir)),
            from: "leads@forecourt.example".into(),
        });
    }
    st.market = Arc::new(MarketSource::fixed(stock()));
    st.postcodes = Arc::new(postcode_table());
    serve(st, clock, dir).await
}

/// Reserves a car (signed in with the phone, as a dealer paid at the dealership asks);
/// answers (reservation id, journey token).
async fn reserve(app: &TestApp, car_id: u64, phone: &str) -> (String, String) {
    let cookie = app.sign_in(HOST, phone).await;
    let answer = app
        .post(
            HOST,
            "/api/reservations",
            &json!({ "car_id": car_id, "name": "Jo", "last_name": "Citizen", "email": "jo@example.com",
                     "phone": phone, "postcode": "4000" }),
            Some(&cookie),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let id = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let token = answer.json["journey_token"]
        .as_str()
        .expect("the reservation's answer gives the journey token")
        .to_owned();
    assert!(token.starts_with(&format!("{id}.")), "{token}");
    (id, token)
}

async fn read(app: &TestApp, car_id: u64, body: Value, cookie: Option<&str>) -> Answer {
    app.post(HOST, &format!("/api/journeys/{car_id}"), &body, cookie)
        .await
}

async fn steps(app: &TestApp, body: Value, cookie: Option<&str>) -> Answer {
    app.post(HOST, &format!("/api/journeys/{CAR}/steps"), &body, cookie)
        .await
}

async fn order(app: &TestApp, token: &str) -> Answer {
    app.post(
        HOST,
        &format!("/api/journeys/{CAR}/order"),
        &json!({ "token": token }),
        None,
    )
    .await
}

fn weekly(amount: f64, deposit: f64, rate: f64, term_years: f64) -> f64 {
    repayment(&RepaymentInput {
        amount,
        deposit,
        trade_in: 0.0,
        establishment_fees: 0.0,
        balloon: 0.0,
        rate,
        term_years,
        frequency: PaymentFrequency::Week,
        round_up: false,
    })
}

/// Values a RAV4 through the trade-in endpoint; answers (valuation id, offer).
async fn value_rav4(app: &TestApp) -> (String, f64) {
    let answers = json!([
        { "id": "accident_damage", "answer": "none" },
        { "id": "service_history", "answer": "full" },
        { "id": "mechanical", "answer": "no" },
        { "id": "tyres", "answer": "good" },
        { "id": "keys", "answer": "two" },
        { "id": "interior", "answer": "clean" },
    ]);
    let valued = app
        .post(
            HOST,
            "/api/trade-in/valuation",
            &json!({ "vehicle": { "year": 2022, "make": "Toyota", "model": "RAV4" }, "kms": 36_000,
                     "rego": "ABC123", "regoState": "QLD", "adjustmentAnswers": answers }),
            None,
        )
        .await;
    assert_eq!(valued.status, StatusCode::OK, "{}", valued.text);
    assert_eq!(valued.json["outcome"], "offer", "{}", valued.text);
    (
        valued.json["id"].as_str().expect("id").to_owned(),
        valued.json["offer_price"].as_f64().expect("offer"),
    )
}

#[tokio::test]
async fn the_journey_is_kept_against_the_reservation_and_survives_a_reload() {
    let app = spawn(None).await;
    let (id, token) = reserve(&app, CAR, PHONE).await;
    let fresh = read(&app, CAR, json!({ "token": token }), None).await;
    assert_eq!(fresh.status, StatusCode::OK, "{}", fresh.text);
    assert_eq!(fresh.json["reservation_id"], id.as_str());
    assert_eq!(fresh.json["car_name"], "2021 Toyota HiLux");
    assert_eq!(fresh.json["hold"]["live"], true);
    assert_eq!(fresh.json["hold"]["status"], "awaiting_payment");
    for step in ["finance", "trade_in", "delivery", "order"] {
        assert!(fresh.json[step].is_null(), "{step} not chosen yet");
    }
    assert_eq!(fresh.json["summary"]["price"], PRICE);
    // The deposit is to be paid at the dealership: it is part of the balance, not held.
    assert_eq!(fresh.json["summary"]["deposit_deducted"], false);
    assert_eq!(fresh.json["summary"]["balance"], PRICE);

    let changed = steps(
        &app,
        json!({ "token": token,
                "finance": { "choice": "finance", "deposit": 5000, "term_years": 5, "rate": 8.5, "frequency": "week" },
                "delivery": { "choice": "delivery", "postcode": "4217" } }),
        None,
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    let delivery = &changed.json["delivery"];
    assert_eq!(delivery["choice"], "delivery");
    assert_eq!(delivery["region"], "South East Queensland");
    assert_eq!(delivery["fee"], 250.0);
    let balance = PRICE + 250.0;
    let summary = &changed.json["summary"];
    assert_eq!(summary["delivery_fee"], 250.0);
    assert_eq!(summary["balance"], balance);
    assert_eq!(
        summary["repayment"]["amount"].as_f64(),
        Some(weekly(balance, 5000.0, 8.5, 5.0)),
        "the calculator's arithmetic over the balance: {summary}"
    );
    assert_eq!(summary["repayment"]["financed"], balance - 5000.0);
    assert!(summary["repayment"]["comparison_rate"].as_f64().is_some());

    // A reload reads the same journey back.
    let reloaded = read(&app, CAR, json!({ "token": token }), None).await;
    assert_eq!(reloaded.status, StatusCode::OK);
    assert_eq!(reloaded.json, changed.json);
}

#[tokio::test]
async fn the_summary_repayment_is_the_car_pages_loan_with_its_fee_and_the_dealers_rounding() {
    // A dealer that finances an establishment fee, counts another upfront fee and a
    // monthly fee in its comparison rate, and rounds repayments up (as redgum-motors does).
    let terms = LoanTerms {
        establishment_fee: 1_360.5,
        other_upfront_fees: 150.0,
        monthly_fees: 8.0,
        round_up: true,
        ..LoanTerms::default()
    };
    let app = spawn_with(None, |alpha| alpha.finance = terms.clone()).await;
    let (_, token) = reserve(&app, CAR, PHONE).await;
    // The car page's loan on the same inputs (the domain's one arithmetic), its fee the
    // dealer's or, where the page finances a lender's, that one.
    let page_loan = |fee: f64| {
        let (upfront_fees, monthly_fees) = terms.comparison_fees(fee);
        CarLoan {
            deposit: 4_000.0,
            balloon: 13_797.0,
            rate: 12.94,
            term_years: 5.0,
            establishment_fee: fee,
            upfront_fees,
            monthly_fees,
            ..CarLoan::of(&terms, PRICE, None)
        }
    };
    for (fee, loan) in [(None, page_loan(1_360.5)), (Some(395.0), page_loan(395.0))] {
        let chosen = steps(
            &app,
            json!({ "token": token,
                    "finance": { "choice": "finance", "deposit": 4000, "term_years": 5, "rate": 12.94,
                                 "balloon": 13_797, "frequency": "week", "establishment_fee": fee } }),
            None,
        )
        .await;
        assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
        let summary = &chosen.json["summary"];
        assert_eq!(
            summary["repayment"]["amount"].as_f64(),
            Some(loan.repayment(PaymentFrequency::Week)),
            "{fee:?}: {summary}"
        );
        assert_eq!(
            summary["repayment"]["comparison_rate"].as_f64(),
            Some(loan.comparison_rate_at(12.94)),
            "{fee:?}: {summary}"
        );
        // Rounded up to the dollar, and the fees count in the comparison rate.
        let amount = summary["repayment"]["amount"].as_f64().expect("amount");
        assert_eq!(amount.fract(), 0.0, "{summary}");
        assert!(loan.comparison_rate_at(12.94) > 12.94, "{summary}");
    }
    assert_ne!(
        page_loan(395.0).weekly(),
        page_loan(1_360.5).weekly(),
        "the two fees give two figures"
    );

    // A lender's own comparison rate is in the page's data only: the step quotes it, and
    // the summary (and so the order) quotes what the page did.
    let quoted = steps(
        &app,
        json!({ "token": token,
                "finance": { "choice": "finance", "deposit": 4000, "term_years": 5, "rate": 12.94,
                             "balloon": 13_797, "frequency": "week", "establishment_fee": 395,
                             "comparison_rate": 13.21 } }),
        None,
    )
    .await;
    assert_eq!(quoted.status, StatusCode::OK, "{}", quoted.text);
    assert_eq!(
        quoted.json["summary"]["repayment"]["comparison_rate"].as_f64(),
        Some(13.21),
        "{}",
        quoted.text
    );
    let refused = steps(
        &app,
        json!({ "token": token,
                "finance": { "choice": "finance", "deposit": 4000, "term_years": 5, "rate": 12.94,
                             "frequency": "week", "comparison_rate": 95 } }),
        None,
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert!(
        refused.text.contains("finance.comparison_rate"),
        "{}",
        refused.text
    );
}

#[tokio::test]
async fn another_device_opens_it_after_sign_in_and_strangers_are_refused() {
    let app = spawn(None).await;
    let (id, token) = reserve(&app, CAR, PHONE).await;
    let chosen = steps(
        &app,
        json!({ "token": token, "finance": { "choice": "cash" } }),
        None,
    )
    .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);

    // Another device: no token, signed in with the reservation's phone.
    let own = app.sign_in(HOST, "0412345678").await;
    let there = read(&app, CAR, json!({}), Some(&own)).await;
    assert_eq!(there.status, StatusCode::OK, "{}", there.text);
    assert_eq!(there.json["reservation_id"], id.as_str());
    assert_eq!(there.json["finance"]["choice"], "cash");
    let moved = steps(
        &app,
        json!({ "trade_in": { "choice": "none" } }),
        Some(&own),
    )
    .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    let back_home = read(&app, CAR, json!({ "token": token }), None).await;
    assert_eq!(back_home.json["trade_in"]["choice"], "none");

    // Neither token nor sign-in.
    let anonymous = read(&app, CAR, json!({}), None).await;
    assert_eq!(
        anonymous.status,
        StatusCode::UNAUTHORIZED,
        "{}",
        anonymous.text
    );
    // A stranger signed in with another phone.
    let stranger = app.sign_in(HOST, "0498765432").await;
    let theirs = read(&app, CAR, json!({}), Some(&stranger)).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND, "{}", theirs.text);
    assert_eq!(theirs.json["message"], NO_JOURNEY);
    let meddled = steps(
        &app,
        json!({ "finance": { "choice": "skipped" } }),
        Some(&stranger),
    )
    .await;
    assert_eq!(meddled.status, StatusCode::NOT_FOUND, "{}", meddled.text);
    // A guessed secret, and the right token for another car.
    let guessed = format!("{id}.{}", "0".repeat(64));
    let forged = read(&app, CAR, json!({ "token": guessed }), None).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.text);
    assert_eq!(forged.json["message"], NOT_YOUR_JOURNEY);
    let other_car = read(&app, OTHER_CAR, json!({ "token": token }), None).await;
    assert_eq!(
        other_car.status,
        StatusCode::FORBIDDEN,
        "{}",
        other_car.text
    );
    let forged_order = order(&app, &guessed).await;
    assert_eq!(forged_order.status, StatusCode::FORBIDDEN);
    // Nothing the strangers sent changed the journey.
    let after = read(&app, CAR, json!({ "token": token }), None).await;
    assert_eq!(after.json["finance"]["choice"], "cash");
    assert!(after.json["order"].is_null());
}

#[tokio::test]
async fn a_step_can_be_skipped_and_returned_to() {
    let app = spawn(None).await;
    let (_, token) = reserve(&app, CAR, PHONE).await;
    let skipped = steps(
        &app,
        json!({ "token": token, "finance": { "choice": "skipped" }, "trade_in": { "choice": "skipped" },
                "delivery": { "choice": "skipped" } }),
        None,
    )
    .await;
    assert_eq!(skipped.status, StatusCode::OK, "{}", skipped.text);
    for step in ["finance", "trade_in", "delivery"] {
        assert_eq!(skipped.json[step]["choice"], "skipped", "{step}");
    }
    assert!(skipped.json["summary"]["repayment"].is_null());

    // Back to the trade-in: the offer the valuation recorded is attached, not a figure
    // the browser sends.
    let (valuation_id, offer) = value_rav4(&app).await;
    let attached = steps(
        &app,
        json!({ "token": token, "trade_in": { "choice": "offer", "valuation_id": valuation_id } }),
        None,
    )
    .await;
    assert_eq!(attached.status, StatusCode::OK, "{}", attached.text);
    let trade_in = &attached.json["trade_in"];
    assert_eq!(trade_in["choice"], "offer");
    assert_eq!(trade_in["offer_price"], offer);
    assert_eq!(trade_in["vehicle"], "2022 Toyota RAV4");
    assert_eq!(trade_in["kms"], 36_000);
    assert_eq!(trade_in["rego"], "ABC123");
    assert_eq!(attached.json["summary"]["trade_in"], offer);
    assert_eq!(
        attached.json["summary"]["balance"].as_f64(),
        // The deposit is to be paid at the dealership: part of the balance.
        Some(((PRICE - offer) * 100.0).round() / 100.0)
    );
    // The other steps kept their choice.
    assert_eq!(attached.json["finance"]["choice"], "skipped");
    assert_eq!(attached.json["delivery"]["choice"], "skipped");

    // And back to finance, then on to cash.
    let financed = steps(
        &app,
        json!({ "token": token, "finance": { "choice": "finance", "term_years": 3, "rate": 7, "frequency": "month" } }),
        None,
    )
    .await;
    assert_eq!(financed.status, StatusCode::OK, "{}", financed.text);
    assert_eq!(financed.json["summary"]["repayment"]["frequency"], "month");
    let cash = steps(
        &app,
        json!({ "token": token, "finance": { "choice": "cash" } }),
        None,
    )
    .await;
    assert_eq!(cash.json["finance"]["choice"], "cash");
    assert!(cash.json["finance"]["rate"].is_null());
    assert!(cash.json["summary"]["repayment"].is_null());
}

#[tokio::test]
async fn bad_input_answers_400_naming_the_field_and_changes_nothing() {
    let app = spawn(None).await;
    let (id, token) = reserve(&app, CAR, PHONE).await;
    let cases = [
        (json!({ "finance": { "choice": "loan" } }), "finance.choice"),
        (
            json!({ "finance": { "choice": "finance", "term_years": 5, "rate": 30 } }),
            "finance.rate",
        ),
        (
            json!({ "finance": { "choice": "finance", "term_years": 7.3, "rate": 8 } }),
            "finance.term_years",
        ),
        (
            json!({ "finance": { "choice": "finance", "rate": 8 } }),
            "finance.term_years",
        ),
        (
            json!({ "finance": { "choice": "finance", "term_years": 5, "rate": 8, "deposit": -1 } }),
            "finance.deposit",
        ),
        (
            json!({ "finance": { "choice": "finance", "term_years": 5, "rate": 8, "frequency": "daily" } }),
            "finance.frequency",
        ),
        (
            json!({ "finance": { "choice": "finance", "term_years": 5, "rate": 8, "establishment_fee": 5000.5 } }),
            "finance.establishment_fee",
        ),
        (
            json!({ "finance": { "choice": "finance", "term_years": 5, "rate": 8, "establishment_fee": -1 } }),
            "finance.establishment_fee",
        ),
        (
            json!({ "trade_in": { "choice": "offer" } }),
            "trade_in.valuation_id",
        ),
        (
            json!({ "trade_in": { "choice": "offer", "valuation_id": "0123456789abcdef" } }),
            "trade_in.valuation_id",
        ),
        (
            json!({ "trade_in": { "choice": "offer", "valuation_id": "../../x" } }),
            "trade_in.valuation_id",
        ),
        (
            json!({ "trade_in": { "choice": "maybe" } }),
            "trade_in.choice",
        ),
        (
            json!({ "delivery": { "choice": "delivery", "postcode": "12" } }),
            "delivery.postcode",
        ),
        (
            json!({ "delivery": { "choice": "delivery" } }),
            "delivery.postcode",
        ),
        (
            json!({ "delivery": { "choice": "pickup" } }),
            "delivery.location",
        ),
        (
            json!({ "delivery": { "choice": "pickup", "location": "nowhere", "date": "2026-11-24", "time": "10:00" } }),
            "delivery.location",
        ),
        (
            json!({ "delivery": { "choice": "pickup", "location": "brisbane", "date": "24/11/2026", "time": "10:00" } }),
            "delivery.date",
        ),
        (
            json!({ "delivery": { "choice": "pickup", "location": "brisbane", "date": "2026-11-24", "time": "ten" } }),
            "delivery.time",
        ),
        (
            json!({ "delivery": { "choice": "drone" } }),
            "delivery.choice",
        ),
    ];
    for (body, field) in cases {
        let mut body = body;
        body["token"] = json!(token);
        let answer = steps(&app, body.clone(), None).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            answer.text
        );
        assert!(
            answer.json["fields"][field]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{body} names {field}: {}",
            answer.text
        );
    }
    let unknown = steps(
        &app,
        json!({ "token": token, "trade_in": { "choice": "offer", "valuation_id": "0123456789abcdef" } }),
        None,
    )
    .await;
    assert_eq!(
        unknown.json["fields"]["trade_in.valuation_id"],
        VALUATION_NOT_FOUND
    );
    // A token that is not one the API gives, a car id that is not one, fields that do not
    // exist and a body that is not JSON: 4xx, never a 500.
    let garbage = read(&app, CAR, json!({ "token": "not a token" }), None).await;
    assert_eq!(garbage.status, StatusCode::BAD_REQUEST);
    assert!(
        garbage.json["fields"]["token"].is_string(),
        "{}",
        garbage.text
    );
    let bad_car = app
        .post(HOST, "/api/journeys/abc", &json!({ "token": token }), None)
        .await;
    assert_eq!(bad_car.status, StatusCode::BAD_REQUEST, "{}", bad_car.text);
    let extra = steps(&app, json!({ "token": token, "price": 1 }), None).await;
    assert!(extra.status.is_client_error(), "{}", extra.text);
    let typed = steps(
        &app,
        json!({ "token": token, "finance": { "choice": "finance", "rate": "eight" } }),
        None,
    )
    .await;
    assert!(typed.status.is_client_error(), "{}", typed.text);
    let not_json = app
        .send(
            app.request(
                reqwest::Method::POST,
                HOST,
                &format!("/api/journeys/{CAR}/steps"),
            )
            .header("content-type", "application/json")
            .body("{"),
        )
        .await;
    assert!(not_json.status.is_client_error(), "{}", not_json.text);
    let after = read(&app, CAR, json!({ "token": token }), None).await;
    assert_eq!(after.json["reservation_id"], id.as_str());
    for step in ["finance", "trade_in", "delivery"] {
        assert!(
            after.json[step].is_null(),
            "{step} unchanged: {}",
            after.text
        );
    }
}

#[tokio::test]
async fn no_order_is_sent_without_a_live_hold() {
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = spawn(Some(mail_dir.path())).await;
    let (_, token) = reserve(&app, CAR, PHONE).await;
    app.clock.advance(Duration::hours(49));
    let lapsed = order(&app, &token).await;
    assert_eq!(lapsed.status, StatusCode::CONFLICT, "{}", lapsed.text);
    assert_eq!(lapsed.json["code"], "hold_lapsed");
    assert_eq!(lapsed.json["message"], NO_LIVE_HOLD);
    let view = read(&app, CAR, json!({ "token": token }), None).await;
    assert_eq!(view.json["hold"]["live"], false);
    assert!(view.json["order"].is_null());
    edge_api::delivery::outbox::drain(&app.state)
        .await
        .expect("drain");
    assert!(
        !mails(mail_dir.path())
            .iter()
            .any(|m| m.contains(ONLINE_PURCHASE_CATEGORY)),
        "no order reached the dealer"
    );
}

/// The text of every message the file transport wrote, with quoted-printable undone
/// enough to read.
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

#[tokio::test]
async fn the_order_is_one_online_purchase_lead_with_every_step_in_the_email_and_the_adf() {
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = spawn(Some(mail_dir.path())).await;
    let (reservation_id, token) = reserve(&app, CAR, PHONE).await;
    let (valuation_id, offer) = value_rav4(&app).await;
    // Sunday evening in Brisbane: Tuesday's 10:00 is offered.
    let chosen = steps(
        &app,
        json!({ "token": token,
                "finance": { "choice": "finance", "deposit": 2000, "term_years": 5, "rate": 8.5, "frequency": "week", "apply": true },
                "trade_in": { "choice": "offer", "valuation_id": valuation_id },
                "delivery": { "choice": "pickup", "location": "brisbane", "date": "2026-11-24", "time": "10:00" } }),
        None,
    )
    .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
    let application = chosen.json["finance"]["application_lead_id"]
        .as_str()
        .expect("the pre-approval application was sent")
        .to_owned();
    // Applying again sends nothing more.
    let again = steps(
        &app,
        json!({ "token": token, "finance": { "choice": "finance", "deposit": 2000, "term_years": 5, "rate": 8.5, "apply": true } }),
        None,
    )
    .await;
    assert_eq!(
        again.json["finance"]["application_lead_id"],
        application.as_str()
    );
    let finance_lead = app
        .state
        .store
        .lead("alpha", &application)
        .await
        .expect("read")
        .expect("the finance lead");
    assert_eq!(finance_lead.fields.category.as_deref(), Some("Finance"));
    assert_eq!(finance_lead.fields.finance.as_deref(), Some("Yes"));
    assert_eq!(finance_lead.fields.name.as_deref(), Some("Jo"));

    let sent = order(&app, &token).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
    let lead_id = sent.json["order"]["lead_id"]
        .as_str()
        .expect("order lead")
        .to_owned();
    // Pressing the button again sends nothing more; the steps are final.
    let twice = order(&app, &token).await;
    assert_eq!(twice.status, StatusCode::OK, "{}", twice.text);
    assert_eq!(twice.json["order"]["lead_id"], lead_id.as_str());
    let late = steps(
        &app,
        json!({ "token": token, "trade_in": { "choice": "none" } }),
        None,
    )
    .await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.text);

    // The lead: the car, the reservation (whose deposit the dealer's links act on), and
    // every step as fields.
    let lead = app
        .state
        .store
        .lead("alpha", &lead_id)
        .await
        .expect("read")
        .expect("the order lead");
    let f = &lead.fields;
    assert_eq!(f.category.as_deref(), Some(ONLINE_PURCHASE_CATEGORY));
    assert_eq!(f.reservation_id.as_deref(), Some(reservation_id.as_str()));
    assert_eq!(f.reservation_status, Some(PaymentStatus::AwaitingPayment));
    assert_eq!(f.deposit, Some(200));
    assert_eq!(f.lead_status.as_deref(), Some(LEAD_STATUS_COMPLETE));
    assert_eq!(f.finance.as_deref(), Some("Yes"));
    assert_eq!(f.has_trade_in.as_deref(), Some("Yes"));
    assert_eq!(f.location.as_deref(), Some("brisbane"));
    assert_eq!(f.phone.as_ref().map(|p| p.digits()), Some("0412345678"));
    // The price in whole dollars, as the reservation's lead writes it.
    assert_eq!(
        serde_json::to_value(&f.price).expect("price"),
        json!(45_990u64)
    );
    assert_eq!(f.vehicle_model.as_deref(), Some("HiLux"));
    let detail = f.order_detail.clone().expect("order detail");
    for line in [
        format!("1. Reservation {reservation_id}"),
        "2. Finance: $".to_owned(),
        "financed over 5 years".to_owned(),
        format!("pre-approval application sent (lead {application})"),
        "3. Trade-in: Online offer $".to_owned(),
        format!("(valuation {valuation_id})"),
        "4. Delivery or pick-up: Pick-up at Alpha Motors brisbane on Tuesday 24 November 2026 at 10:00".to_owned(),
        "5. Drive-away: price $45,990".to_owned(),
        "deposit $200 to pay at the dealership (part of the balance)".to_owned(),
        "estimated repayments $".to_owned(),
    ] {
        assert!(detail.contains(&line), "{line:?} in {detail}");
    }
    // Each step's label once, and the hold's end as the email writes times: the
    // Brisbane location's clock, in words, not an RFC 3339 instant.
    assert!(!detail.contains("Finance: Finance"), "{detail}");
    assert!(
        detail.contains("; hold ends Tuesday 24 November 2026, ")
            && detail.contains(" AEST\n2. Finance"),
        "{detail}"
    );
    assert!(!detail.contains("+00:00"), "{detail}");
    // The pick-up slot is booked with the order.
    let booked = app
        .state
        .store
        .booked_slots(
            "alpha",
            "brisbane",
            NaiveDate::from_ymd_opt(2026, 11, 24).expect("date"),
        )
        .await
        .expect("slots");
    assert_eq!(booked.len(), 1);
    assert_eq!(booked[0].lead_id, lead_id);

    // The dealer's email: exactly one Online Purchase lead, each step in it.
    edge_api::delivery::outbox::drain(&app.state)
        .await
        .expect("drain");
    let sent_mail = mails(mail_dir.path());
    let orders: Vec<&String> = sent_mail
        .iter()
        .filter(|m| {
            m.contains("To: sales@alphamotors.com.au")
                && m.contains(&format!("New lead: {ONLINE_PURCHASE_CATEGORY}"))
        })
        .collect();
    assert_eq!(orders.len(), 1, "{sent_mail:#?}");
    let email = orders[0];
    for text in [
        "Order detail",
        "1. Reservation",
        "2. Finance: $",
        "3. Trade-in: Online offer",
        "4. Delivery or pick-up: Pick-up at Alpha Motors brisbane",
        "5. Drive-away: price $45,990",
        "hold ends Tuesday 24 November 2026, ",
        "Price: $45,990",
        "Finance: Yes",
        "Trade-in offer",
        "ABC123",
    ] {
        assert!(
            email.contains(text),
            "{text:?} in the dealer's email:\n{email}"
        );
    }
    // The offer's figure as the email writes money.
    let offer_row = format!(
        "Trade-in offer: {}",
        domain::rules::format::format_price(offer)
    );
    assert!(email.contains(&offer_row), "{offer_row:?} in\n{email}");
    assert!(
        !email.contains("45990.0") && !email.contains("Finance: Finance"),
        "the price in whole dollars, the finance label once:\n{email}"
    );
    // The shopper's confirmations: the pre-approval thanks them for an enquiry, the
    // order for their order.
    let to_shopper: Vec<&String> = sent_mail
        .iter()
        .filter(|m| !m.contains("To: sales@alphamotors.com.au") && m.contains("jo@example.com"))
        .collect();
    let order_thanks: Vec<&&String> = to_shopper
        .iter()
        .filter(|m| m.contains("Subject: Your order for the 2021 Toyota HiLux"))
        .collect();
    assert_eq!(order_thanks.len(), 1, "{to_shopper:#?}");
    assert!(
        order_thanks[0].contains("Thank you for your order of the 2021 Toyota HiLux")
            && !order_thanks[0].contains("Thank you for your enquiry"),
        "{}",
        order_thanks[0]
    );
    assert!(
        to_shopper
            .iter()
            .any(|m| m.contains("Thank you for your enquiry about the 2021 Toyota HiLux")),
        "the pre-approval's confirmation: {to_shopper:#?}"
    );
    assert!(
        sent_mail
            .iter()
            .any(|m| m.contains("To: sales@alphamotors.com.au") && m.contains("New lead: Finance")),
        "the pre-approval application reached the dealer"
    );
    // The ADF: the trade-in with its offer, and the steps in the comments.
    let adf = edge_api::delivery::adf::lead_to_adf(&lead, "Alpha Motors");
    for text in [
        "Order Detail: 1. Reservation",
        "2. Finance: $",
        "3. Trade-in: Online offer",
        "4. Delivery or pick-up: Pick-up at",
        "5. Drive-away: price $45,990",
        "trade-in",
        "Category: Online Purchase",
    ] {
        assert!(adf.contains(text), "{text:?} in the ADF:\n{adf}");
    }
}

#[tokio::test]
async fn delivery_to_a_postcode_is_priced_by_the_dealers_zones_in_the_order() {
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = spawn(Some(mail_dir.path())).await;
    let (_, token) = reserve(&app, CAR, PHONE).await;
    let chosen = steps(
        &app,
        json!({ "token": token, "finance": { "choice": "cash" }, "trade_in": { "choice": "none" },
                "delivery": { "choice": "delivery", "postcode": "4000" } }),
        None,
    )
    .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
    assert_eq!(chosen.json["delivery"]["fee"], 0.0);
    assert_eq!(chosen.json["delivery"]["region"], "Brisbane Metro");
    let sent = order(&app, &token).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
    let lead_id = sent.json["order"]["lead_id"].as_str().expect("lead");
    let lead = app
        .state
        .store
        .lead("alpha", lead_id)
        .await
        .expect("read")
        .expect("lead");
    let detail = lead.fields.order_detail.expect("detail");
    assert!(detail.contains("2. Finance: Paying cash"), "{detail}");
    assert!(detail.contains("3. Trade-in: No trade-in"), "{detail}");
    assert!(
        detail.contains(
            "4. Delivery or pick-up: Delivery to 4000 Brisbane QLD (Brisbane Metro), fee $0"
        ),
        "{detail}"
    );
    assert_eq!(lead.fields.finance.as_deref(), Some("No"));
    assert_eq!(lead.fields.has_trade_in.as_deref(), Some("No"));
}

#[tokio::test]
async fn the_endpoints_are_in_the_openapi_document() {
    let app = spawn(None).await;
    let doc = app.get(HOST, "/api/openapi.json", None).await;
    for path in [
        "/api/journeys/{car_id}",
        "/api/journeys/{car_id}/steps",
        "/api/journeys/{car_id}/order",
    ] {
        assert!(doc.json["paths"][path]["post"].is_object(), "{path}");
    }
    assert!(
        doc.json["components"]["schemas"]["ReservationAnswer"]["properties"]["journey_token"]
            .is_object()
    );
}
