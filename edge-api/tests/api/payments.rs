//! Card deposits against a real Stripe-compatible server: localstripe (PyPI, pinned in
//! requirements-dev.txt), started here on 127.0.0.1 and a free port and killed by its
//! PID. Cards are turned into tokens with the publishable key, as Stripe.js does, so
//! card numbers never reach the API. Set FORECOURT_SKIP_STRIPE=1 to skip these tests
//! where the venv cannot be installed.

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration as StdDuration, Instant};

use chrono::Duration;
use domain::messages::NOT_AUTHENTICATED;
use domain::rules::availability::ReserveState;
use domain::rules::market::{Listing, Market, MarketCar};
use edge_api::clock::Clock;
use edge_api::lead::PaymentStatus;
use edge_api::market::MarketSource;
use edge_api::payment::links::DealerAction;
use edge_api::payment::stripe::{sign, StripeSettings};
use edge_api::payment::{flow, CardPayments};
use edge_api::policy::{Policy, RateLimit};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{serve, state, tenants, TestApp};

const HOST: &str = "alpha.localhost";
const PUBLISHABLE: &str = "pk_test_alpha";
const SECRET: &str = "sk_test_forecourt";
const WEBHOOK_SECRET: &str = "whsec_forecourt_test";
/// Authorised.
const VISA: &str = "4242424242424242";
/// Declined when charged.
const DECLINED: &str = "4000000000000341";
/// Asks for 3-D Secure.
const THREE_D_SECURE: &str = "4000002500003155";

/// localstripe, killed (by its PID) when dropped, also on panic.
struct LocalStripe {
    child: Child,
    url: String,
}

impl Drop for LocalStripe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn skipped() -> bool {
    let skip = std::env::var("FORECOURT_SKIP_STRIPE").is_ok_and(|v| v == "1");
    if skip {
        eprintln!("FORECOURT_SKIP_STRIPE=1: the localstripe tests are skipped");
    }
    skip
}

/// Starts localstripe on a free loopback port (fails with a hint when the venv lacks it).
fn start_localstripe() -> LocalStripe {
    let python = repo_root().join(".venv/bin/python");
    let has_it = Command::new(&python)
        .args(["-c", "import localstripe"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        has_it,
        "{} cannot import localstripe: run `make venv` (requirements-dev.txt pins it), or set FORECOURT_SKIP_STRIPE=1 to skip these tests",
        python.display()
    );
    let port = crate::support::free_port();
    let child = Command::new(&python)
        .arg(repo_root().join("scripts/lib/localstripe_local.py"))
        .arg(port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start localstripe");
    let server = LocalStripe {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + StdDuration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "localstripe did not start on port {port}"
        );
        std::thread::sleep(StdDuration::from_millis(100));
    }
    server
}

/// Cars 1 to 100 of alpha for sale; 21 and 50 also as the market file names them.
fn stock() -> Market {
    let named = |id: u64, model: &str, badge: Option<&str>| MarketCar {
        dealer: "alpha".into(),
        slug: format!("car-{id}"),
        make: "Toyota".into(),
        model: model.into(),
        year: 2021,
        km: 48_000,
        price: 38_990.0,
        car_type: domain::car::CarType::Used,
        badge: badge.map(str::to_owned),
    };
    Market::new([named(21, "HiLux", Some("SR5")), named(50, "Camry", None)]).with_listings(
        (1..=100)
            .map(|id| Listing {
                dealer: "alpha".into(),
                id,
                slug: format!("car-{id}"),
                reserve: ReserveState::Reservable,
            })
            .collect::<Vec<_>>(),
    )
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
        ..Policy::default()
    }
}

/// The app with alpha taking deposits by card on the Stripe at `api_base`.
async fn spawn(api_base: &str) -> TestApp {
    spawn_mailing(api_base, None).await
}

/// [`spawn`], with lead emails written to `mail_dir` (alpha's go to its sales team).
async fn spawn_mailing(api_base: &str, mail_dir: Option<&std::path::Path>) -> TestApp {
    spawn_delivering(
        api_base,
        mail_dir,
        None,
        "recipients = [{ address = \"sales@alphamotors.com.au\" }]",
    )
    .await
}

/// [`spawn`], with alpha's leads posted to `webhook_base` (`/json` and `/adf`) when
/// given, and emailed to `mail_dir` as its `lead_email` config says.
async fn spawn_delivering(
    api_base: &str,
    mail_dir: Option<&std::path::Path>,
    webhook_base: Option<&str>,
    lead_email: &str,
) -> TestApp {
    let mut alpha = (**tenants(webhook_base).by_slug("alpha").expect("alpha")).clone();
    alpha.lead_email = toml::from_str(lead_email).expect("lead email config");
    let beta = (**tenants(None).by_slug("beta").expect("beta")).clone();
    let (mut st, clock, dir) = state(edge_api::tenancy::Tenants::new([alpha, beta]), relaxed());
    if let Some(mail_dir) = mail_dir {
        st.mail = Some(edge_api::delivery::mail::MailSettings {
            transport: Arc::new(edge_api::delivery::mail::FileMail::new(mail_dir)),
            from: "leads@forecourt.example".into(),
        });
    }
    st.market = Arc::new(MarketSource::fixed(stock()));
    st.card_dealers = Arc::new([("alpha".to_owned(), PUBLISHABLE.to_owned())].into());
    st.card_payments = Some(Arc::new(
        CardPayments::new(
            StripeSettings {
                secret_key: SECRET.into(),
                webhook_secret: Some(WEBHOOK_SECRET.into()),
                api_base: api_base.into(),
            },
            Some(0),
        )
        .expect("card payments"),
    ));
    serve(st, clock, dir).await
}

/// What Stripe.js's `createToken` does: the card goes to Stripe with the publishable
/// key, and the browser keeps only the token (here its card's id).
async fn card(stripe: &LocalStripe, number: &str) -> String {
    let token: Value = reqwest::Client::new()
        .post(format!("{}/v1/tokens", stripe.url))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!(
            "key={PUBLISHABLE}&card[number]={number}&card[exp_month]=12&card[exp_year]=2030&card[cvc]=123"
        ))
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("token JSON");
    token["card"]["id"].as_str().expect("a card id").to_owned()
}

/// A PaymentIntent as localstripe has it (read with the secret key).
async fn intent(stripe: &LocalStripe, id: &str) -> Value {
    reqwest::Client::new()
        .get(format!("{}/v1/payment_intents/{id}", stripe.url))
        .bearer_auth(SECRET)
        .send()
        .await
        .expect("intent")
        .json()
        .await
        .expect("intent JSON")
}

/// Every PaymentIntent localstripe holds.
async fn intents(stripe: &LocalStripe) -> Vec<Value> {
    let list: Value = reqwest::Client::new()
        .get(format!("{}/v1/payment_intents?limit=100", stripe.url))
        .bearer_auth(SECRET)
        .send()
        .await
        .expect("list")
        .json()
        .await
        .expect("list JSON");
    list["data"].as_array().cloned().unwrap_or_default()
}

fn body(car_id: u64, phone: &str, payment_method: Option<&str>) -> Value {
    let mut body = json!({
        "car_id": car_id, "name": "Jo", "last_name": "Citizen", "email": "jo@example.com",
        "phone": phone, "postcode": "4000"
    });
    if let Some(pm) = payment_method {
        body["payment_method"] = json!(pm);
    }
    body
}

async fn reserve(
    app: &TestApp,
    car_id: u64,
    phone: &str,
    payment_method: Option<&str>,
) -> crate::support::Answer {
    app.post(
        HOST,
        "/api/reservations",
        &body(car_id, phone, payment_method),
        None,
    )
    .await
}

async fn reserved(app: &TestApp, car_id: u64) -> bool {
    let answer = app
        .get(HOST, &format!("/api/reservations/{car_id}"), None)
        .await;
    answer.json["reserved"].as_bool().expect("reserved flag")
}

async fn stored(app: &TestApp, id: &str) -> edge_api::store::ReservationRecord {
    app.state
        .store
        .reservation("alpha", id)
        .await
        .expect("read")
        .expect("stored")
}

fn card_payments(app: &TestApp) -> Arc<CardPayments> {
    app.state.card_payments.clone().expect("configured")
}

#[tokio::test]
async fn a_card_dealer_needs_a_card_id_and_no_stripe_call_is_made_without_one() {
    // Nothing listens at this base: a request reaching Stripe would fail with 503.
    let app = spawn(&format!("http://127.0.0.1:{}", crate::support::free_port())).await;
    for pm in [None, Some(""), Some("4242424242424242")] {
        let answer = reserve(&app, 1, "0412 345 678", pm).await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{pm:?}: {}",
            answer.text
        );
        assert!(
            answer.json["fields"]["payment_method"].is_string(),
            "{}",
            answer.text
        );
        assert!(!reserved(&app, 1).await, "nothing is held");
    }
    // Stripe unreachable: 503, and the car is free again at once.
    let answer = reserve(&app, 1, "0412 345 678", Some("pm_card_visa")).await;
    assert_eq!(
        answer.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        answer.text
    );
    assert!(!reserved(&app, 1).await);
    // A dealer paying at the dealership is unchanged (beta).
    let answer = app
        .post(
            "beta.localhost",
            "/api/reservations",
            &body(1, "0412 345 678", None),
            None,
        )
        .await;
    assert_ne!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.text
    );
}

#[tokio::test]
async fn authorised_declined_and_3d_secure_cards_on_localstripe() {
    if skipped() {
        return;
    }
    let stripe = start_localstripe();
    let app = spawn(&stripe.url).await;
    let now = app.clock.now();

    // Authorised: held for 48 hours, a manual-capture PaymentIntent of the deposit in cents.
    let visa = card(&stripe, VISA).await;
    let answer = reserve(&app, 1, "0412 345 678", Some(&visa)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json["status"], "held");
    assert!(answer.json.get("client_secret").is_none());
    let expires =
        chrono::DateTime::parse_from_rfc3339(answer.json["expires_at"].as_str().expect("time"))
            .expect("rfc3339");
    assert_eq!(expires, now + Duration::hours(48));
    let id = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let record = stored(&app, &id).await;
    assert_eq!(record.status, PaymentStatus::Held);
    let pi = intent(&stripe, record.payment_intent.as_deref().expect("pi")).await;
    assert_eq!(pi["status"], "requires_capture");
    assert_eq!(pi["amount"], 20_000);
    assert_eq!(pi["currency"], "aud");
    assert_eq!(pi["capture_method"], "manual");
    assert_eq!(pi["metadata"]["dealer"], "alpha");
    assert_eq!(pi["metadata"]["car_id"], "1");
    assert_eq!(pi["metadata"]["reservation_id"], id.as_str());
    assert!(reserved(&app, 1).await);
    assert_eq!(
        record.history.iter().map(|c| c.status).collect::<Vec<_>>(),
        [PaymentStatus::Authorising, PaymentStatus::Held]
    );

    // Declined: 402 with the issuer's reason, the car free again at once.
    let declined = card(&stripe, DECLINED).await;
    let answer = reserve(&app, 2, "0412 000 111", Some(&declined)).await;
    assert_eq!(
        answer.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        answer.text
    );
    assert_eq!(answer.json["code"], "card_declined");
    assert_eq!(answer.json["message"], "Your card was declined.");
    assert_eq!(
        answer.json["fields"]["payment_method"],
        "Your card was declined."
    );
    assert!(!reserved(&app, 2).await, "the declined hold is released");
    // Same phone, another card: the car is reservable again.
    let visa2 = card(&stripe, VISA).await;
    let again = reserve(&app, 2, "0412 000 111", Some(&visa2)).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.text);

    // A token id (createToken's own id) works too.
    let token: Value = reqwest::Client::new()
        .post(format!("{}/v1/tokens", stripe.url))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("key={PUBLISHABLE}&card[number]={VISA}&card[exp_month]=12&card[exp_year]=2030&card[cvc]=123"))
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("json");
    let answer = reserve(&app, 5, "0412 000 555", token["id"].as_str()).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json["status"], "held");

    // 3-D Secure: held 15 minutes with the client secret; finished in the browser, then
    // confirmed on the server.
    let secure = card(&stripe, THREE_D_SECURE).await;
    let answer = reserve(&app, 3, "0412 000 222", Some(&secure)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json["status"], "requires_action");
    let secret = answer.json["client_secret"]
        .as_str()
        .expect("client secret")
        .to_owned();
    let expires =
        chrono::DateTime::parse_from_rfc3339(answer.json["expires_at"].as_str().expect("time"))
            .expect("rfc3339");
    assert_eq!(expires, now + Duration::minutes(15));
    let id3 = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let confirm_path = format!("/api/reservations/{id3}/confirm");
    // Confirmed before the browser finished: still waiting, nothing changes.
    let early = app.post(HOST, &confirm_path, &json!({}), None).await;
    assert_eq!(early.status, StatusCode::OK, "{}", early.text);
    assert_eq!(early.json["status"], "requires_action");
    let pi_id = secret.split("_secret_").next().expect("pi id").to_owned();
    let authenticated = reqwest::Client::new()
        .post(format!(
            "{}/v1/payment_intents/{pi_id}/_authenticate?success=true",
            stripe.url
        ))
        .json(&json!({ "key": PUBLISHABLE, "client_secret": secret }))
        .send()
        .await
        .expect("authenticate");
    assert!(authenticated.status().is_success());
    let confirmed = app.post(HOST, &confirm_path, &json!({}), None).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text);
    assert_eq!(confirmed.json["status"], "held");
    assert_eq!(stored(&app, &id3).await.status, PaymentStatus::Held);
    assert_eq!(intent(&stripe, &pi_id).await["status"], "requires_capture");

    // 3-D Secure failed: 402, the car free.
    let secure = card(&stripe, THREE_D_SECURE).await;
    let answer = reserve(&app, 4, "0412 000 333", Some(&secure)).await;
    let secret = answer.json["client_secret"]
        .as_str()
        .expect("client secret")
        .to_owned();
    let pi_id = secret.split("_secret_").next().expect("pi id").to_owned();
    reqwest::Client::new()
        .post(format!(
            "{}/v1/payment_intents/{pi_id}/_authenticate?success=false",
            stripe.url
        ))
        .json(&json!({ "key": PUBLISHABLE, "client_secret": secret }))
        .send()
        .await
        .expect("authenticate");
    let id4 = answer.json["reservation_id"].as_str().expect("id");
    let failed = app
        .post(
            HOST,
            &format!("/api/reservations/{id4}/confirm"),
            &json!({}),
            None,
        )
        .await;
    assert_eq!(
        failed.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        failed.text
    );
    assert_eq!(failed.json["code"], "card_declined");
    // In the shopper's words, beside the card field, not Stripe's.
    assert_eq!(
        (
            failed.json["message"].as_str(),
            failed.json["fields"]["payment_method"].as_str()
        ),
        (Some(NOT_AUTHENTICATED), Some(NOT_AUTHENTICATED))
    );
    assert!(!reserved(&app, 4).await);

    // Unknown reservation and bad ids are 4xx.
    let missing = app
        .post(HOST, "/api/reservations/nope/confirm", &json!({}), None)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "{}", missing.text);
    let bad = app
        .post(HOST, "/api/reservations/a%20b/confirm", &json!({}), None)
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
}

#[tokio::test]
async fn unauthorised_holds_lapse_ended_holds_are_cancelled_and_orphans_reconciled() {
    if skipped() {
        return;
    }
    let stripe = start_localstripe();
    let app = spawn(&stripe.url).await;

    // 3-D Secure never finished: after 15 minutes the hold lapses and the PI is cancelled.
    let secure = card(&stripe, THREE_D_SECURE).await;
    let pending = reserve(&app, 10, "0412 000 010", Some(&secure)).await;
    assert_eq!(
        pending.json["status"], "requires_action",
        "{}",
        pending.text
    );
    let pending_id = pending.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    // Held for 48 hours.
    let visa = card(&stripe, VISA).await;
    let held = reserve(&app, 11, "0412 000 011", Some(&visa)).await;
    assert_eq!(held.json["status"], "held", "{}", held.text);
    let held_id = held.json["reservation_id"].as_str().expect("id").to_owned();

    assert_eq!(flow::payment_pass(&app.state).await.expect("pass"), 0);
    app.clock.advance(Duration::minutes(16));
    assert_eq!(flow::payment_pass(&app.state).await.expect("pass"), 1);
    let lapsed = stored(&app, &pending_id).await;
    assert_eq!(lapsed.status, PaymentStatus::Expired);
    assert_eq!(
        intent(&stripe, lapsed.payment_intent.as_deref().expect("pi")).await["status"],
        "canceled"
    );
    assert!(!reserved(&app, 10).await);
    // A confirm after the lapse does not hold the car again.
    let late = app
        .post(
            HOST,
            &format!("/api/reservations/{pending_id}/confirm"),
            &json!({}),
            None,
        )
        .await;
    assert_ne!(late.status, StatusCode::OK, "{}", late.text);
    assert!(!reserved(&app, 10).await);

    // 48 hours without a sale: the authorisation is cancelled, the car free.
    let still = stored(&app, &held_id).await;
    assert_eq!(still.status, PaymentStatus::Held);
    app.clock.advance(Duration::hours(48));
    assert_eq!(flow::payment_pass(&app.state).await.expect("pass"), 1);
    let ended = stored(&app, &held_id).await;
    assert_eq!(ended.status, PaymentStatus::Expired);
    assert_eq!(
        intent(&stripe, ended.payment_intent.as_deref().expect("pi")).await["status"],
        "canceled"
    );
    assert!(!reserved(&app, 11).await);

    // An authorisation whose reservation was never stored (a crash after Stripe said
    // yes) is cancelled by the reconciliation pass; a live hold's is left alone.
    let live = reserve(&app, 12, "0412 000 012", Some(&card(&stripe, VISA).await)).await;
    assert_eq!(live.json["status"], "held", "{}", live.text);
    let orphan: Value = reqwest::Client::new()
        .post(format!("{}/v1/payment_intents", stripe.url))
        .bearer_auth(SECRET)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!(
            "amount=20000&currency=aud&capture_method=manual&confirm=true&payment_method={}&metadata[dealer]=alpha&metadata[car_id]=13&metadata[reservation_id]=ghost",
            card(&stripe, VISA).await
        ))
        .send()
        .await
        .expect("orphan")
        .json()
        .await
        .expect("json");
    assert_eq!(orphan["status"], "requires_capture");
    let cancelled = flow::reconcile(&app.state).await.expect("reconcile");
    assert_eq!(cancelled, [orphan["id"].as_str().expect("id").to_owned()]);
    assert_eq!(
        intent(&stripe, orphan["id"].as_str().expect("id")).await["status"],
        "canceled"
    );
    let live_pi = stored(&app, live.json["reservation_id"].as_str().expect("id"))
        .await
        .payment_intent
        .expect("pi");
    assert_eq!(
        intent(&stripe, &live_pi).await["status"],
        "requires_capture"
    );
}

#[tokio::test]
async fn the_shopper_cancels_and_the_dealer_captures_and_refunds_through_single_use_links() {
    if skipped() {
        return;
    }
    let stripe = start_localstripe();
    let app = spawn(&stripe.url).await;

    // The shopper cancels (signed in with the reservation's phone).
    let answer = reserve(&app, 20, "0412 345 678", Some(&card(&stripe, VISA).await)).await;
    let id = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let path = format!("/api/reservations/{id}/cancel");
    let anonymous = app.post(HOST, &path, &json!({}), None).await;
    assert_eq!(
        anonymous.status,
        StatusCode::UNAUTHORIZED,
        "{}",
        anonymous.text
    );
    let stranger = app.sign_in(HOST, "0499 999 999").await;
    let refused = app.post(HOST, &path, &json!({}), Some(&stranger)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    assert!(reserved(&app, 20).await);
    let owner = app.sign_in(HOST, "0412 345 678").await;
    let cancelled = app.post(HOST, &path, &json!({}), Some(&owner)).await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.text);
    assert_eq!(cancelled.json["status"], "cancelled");
    assert!(!reserved(&app, 20).await);
    let record = stored(&app, &id).await;
    assert_eq!(
        intent(&stripe, record.payment_intent.as_deref().expect("pi")).await["status"],
        "canceled"
    );
    let twice = app.post(HOST, &path, &json!({}), Some(&owner)).await;
    assert_eq!(twice.status, StatusCode::CONFLICT, "{}", twice.text);

    // The dealer's links: a GET shows a page and changes nothing; the POST captures once.
    let answer = reserve(&app, 21, "0412 000 021", Some(&card(&stripe, VISA).await)).await;
    let id = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let record = stored(&app, &id).await;
    let pi = record.payment_intent.clone().expect("pi");
    let card = card_payments(&app);
    let tenant = app.state.tenants.by_slug("alpha").expect("alpha").clone();
    let links = card.links_for(
        &tenant,
        &id,
        record.status,
        record.expires_at,
        app.clock.now(),
    );
    assert_eq!(
        links.iter().map(|(a, _)| *a).collect::<Vec<_>>(),
        [DealerAction::Capture, DealerAction::Cancel]
    );
    let local = |url: &str| {
        url.split_once("/api/")
            .map(|(_, p)| format!("/api/{p}"))
            .expect("path")
    };
    let capture = local(&links[0].1);
    let page = app.get(HOST, &capture, None).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page
        .text
        .contains("<meta name=\"robots\" content=\"noindex"));
    assert!(page.text.contains("<form method=\"post\""));
    assert!(page.text.contains("Sale agreed: take the deposit"));
    // The dealer sees whose reservation and which car the button acts on, as their team
    // knows the car (with its page, which shows the stock number); the API's ids are
    // at most small reference text.
    assert!(
        page.text
            .contains("<title>Sale agreed: take the deposit – Alpha Motors</title>")
            && page.text.contains("<h1>Alpha Motors</h1>")
            && page
                .text
                .contains("for the 2021 Toyota HiLux SR5: the sale is agreed")
            && page.text.contains(
                "<a href=\"https://www.alphamotors.com.au/cars/car-21\">the car&#39;s page</a>"
            )
            && page
                .text
                .contains(&format!("<small>Reservation reference {id} · ")),
        "{}",
        page.text
    );
    assert!(!page.text.contains("car 21"), "{}", page.text);
    assert_eq!(
        page.headers
            .get("referrer-policy")
            .and_then(|v| v.to_str().ok()),
        Some("same-origin")
    );
    assert_eq!(
        intent(&stripe, &pi).await["status"],
        "requires_capture",
        "a GET changes nothing"
    );
    // A forged token, or the cancel link's token on capture, is refused.
    let forged = capture.replace("token=", "token=1");
    assert_eq!(app.get(HOST, &forged, None).await.status, StatusCode::GONE);
    let cancel_token = links[1].1.split("token=").nth(1).expect("token");
    let swapped = format!("/api/reservations/{id}/dealer?action=capture&token={cancel_token}");
    let post = |path: String| {
        let app = &app;
        async move {
            app.send(
                app.request(reqwest::Method::POST, HOST, &path)
                    .header("origin", format!("http://{HOST}:{}", app.addr.port()))
                    .header("content-type", "application/x-www-form-urlencoded"),
            )
            .await
        }
    };
    assert_eq!(post(swapped).await.status, StatusCode::GONE);
    assert_eq!(intent(&stripe, &pi).await["status"], "requires_capture");
    let done = post(capture.clone()).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    assert!(done.text.contains("The deposit was taken"));
    assert_eq!(intent(&stripe, &pi).await["status"], "succeeded");
    assert_eq!(stored(&app, &id).await.status, PaymentStatus::Captured);
    let again = post(capture).await;
    assert_eq!(again.status, StatusCode::GONE, "single use: {}", again.text);
    // The release link no longer applies after the sale.
    assert_eq!(post(local(&links[1].1)).await.status, StatusCode::GONE);
    // After the capture, a refund link.
    let record = stored(&app, &id).await;
    let links = card.links_for(
        &tenant,
        &id,
        record.status,
        record.expires_at,
        app.clock.now(),
    );
    assert_eq!(
        links.iter().map(|(a, _)| *a).collect::<Vec<_>>(),
        [DealerAction::Refund]
    );
    let refunded = post(local(&links[0].1)).await;
    assert_eq!(refunded.status, StatusCode::OK, "{}", refunded.text);
    let record = stored(&app, &id).await;
    assert_eq!(record.status, PaymentStatus::Refunded);
    assert_eq!(
        record
            .history
            .iter()
            .map(|c| (c.status, c.by.as_str()))
            .collect::<Vec<_>>(),
        [
            (PaymentStatus::Authorising, "shopper"),
            (PaymentStatus::Held, "shopper"),
            (PaymentStatus::Captured, "dealer"),
            (PaymentStatus::Refunded, "dealer"),
        ]
    );
    // Every change reached the dealer's outbox.
    let outbox = app
        .state
        .store
        .outbox_of_lead("alpha", &record.lead_id)
        .await
        .expect("outbox");
    assert_eq!(
        outbox
            .iter()
            .map(|e| e.lead.fields.reservation_status.expect("status"))
            .collect::<Vec<_>>(),
        [
            PaymentStatus::Authorising,
            PaymentStatus::Held,
            PaymentStatus::Captured,
            PaymentStatus::Refunded
        ]
    );
}

#[tokio::test]
async fn webhooks_must_be_signed_and_follow_the_payment_intent_at_stripe() {
    if skipped() {
        return;
    }
    let stripe = start_localstripe();
    let app = spawn(&stripe.url).await;
    let answer = reserve(&app, 30, "0412 000 030", Some(&card(&stripe, VISA).await)).await;
    let id = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let pi = stored(&app, &id).await.payment_intent.expect("pi");
    // Stripe cancels it (say, from the dashboard); the event tells the API.
    reqwest::Client::new()
        .post(format!("{}/v1/payment_intents/{pi}/cancel", stripe.url))
        .bearer_auth(SECRET)
        .send()
        .await
        .expect("cancel");
    let event = json!({
        "id": "evt_1", "type": "payment_intent.canceled",
        // The body's own status is not trusted: the API reads Stripe's.
        "data": { "object": { "id": pi, "object": "payment_intent", "status": "requires_capture" } }
    })
    .to_string();
    let now = app.clock.now().timestamp();
    let send = |signature: Option<String>, payload: String| {
        let app = &app;
        async move {
            let mut request = app
                .request(reqwest::Method::POST, HOST, "/api/payments/stripe/webhook")
                .header("content-type", "application/json")
                .body(payload);
            if let Some(signature) = signature {
                request = request.header("stripe-signature", signature);
            }
            app.send(request).await
        }
    };
    for (what, signature) in [
        ("unsigned", None),
        (
            "stale",
            Some(sign(event.as_bytes(), WEBHOOK_SECRET, now - 301)),
        ),
        (
            "forged",
            Some(sign(event.as_bytes(), "whsec_someone_else", now)),
        ),
        ("garbage", Some("t=abc,v1=zz".to_owned())),
    ] {
        let answer = send(signature, event.clone()).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{what}: {}",
            answer.text
        );
        assert_eq!(
            stored(&app, &id).await.status,
            PaymentStatus::Held,
            "{what} changes nothing"
        );
    }
    assert!(reserved(&app, 30).await);
    let signed = send(
        Some(sign(event.as_bytes(), WEBHOOK_SECRET, now)),
        event.clone(),
    )
    .await;
    assert_eq!(signed.status, StatusCode::OK, "{}", signed.text);
    assert_eq!(stored(&app, &id).await.status, PaymentStatus::Cancelled);
    assert!(!reserved(&app, 30).await);
    // The same event again is accepted and does nothing more.
    let entries = |app: &TestApp, lead: String| {
        let store = app.state.store.clone();
        async move {
            store
                .outbox_of_lead("alpha", &lead)
                .await
                .expect("outbox")
                .len()
        }
    };
    let lead = stored(&app, &id).await.lead_id;
    let before = entries(&app, lead.clone()).await;
    let replay = send(Some(sign(event.as_bytes(), WEBHOOK_SECRET, now)), event).await;
    assert_eq!(replay.status, StatusCode::OK, "{}", replay.text);
    assert_eq!(entries(&app, lead).await, before);
    // A signed event that is not JSON is a 400, never a 500.
    let junk = "not json".to_owned();
    let answer = send(Some(sign(junk.as_bytes(), WEBHOOK_SECRET, now)), junk).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
}

#[tokio::test]
async fn twenty_cards_racing_for_one_car_leave_one_authorisation_and_touch_no_other_card() {
    if skipped() {
        return;
    }
    let stripe = start_localstripe();
    let app = Arc::new(spawn(&stripe.url).await);
    let mut cards = Vec::new();
    for _ in 0..20 {
        cards.push(card(&stripe, VISA).await);
    }
    let mut tasks = tokio::task::JoinSet::new();
    for (i, pm) in cards.into_iter().enumerate() {
        let app = Arc::clone(&app);
        tasks.spawn(async move {
            let phone = format!("0412 100 {:03}", i);
            let answer = reserve(&app, 40, &phone, Some(&pm)).await;
            (answer.status, answer.json)
        });
    }
    let mut winners = Vec::new();
    while let Some(result) = tasks.join_next().await {
        let (status, json) = result.expect("task");
        match status {
            StatusCode::CREATED => winners.push(json),
            StatusCode::CONFLICT => assert_eq!(json["code"], "car_reserved"),
            other => panic!("unexpected {other}: {json}"),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one winner");
    assert_eq!(winners[0]["status"], "held");
    // The losers lost the hold before any Stripe call: one PaymentIntent exists at all.
    let all = intents(&stripe).await;
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0]["status"], "requires_capture");
    assert_eq!(
        all[0]["metadata"]["reservation_id"],
        winners[0]["reservation_id"]
    );
}

/// The text of every message the file transport wrote, oldest first.
fn mails(dir: &std::path::Path) -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .map(|bytes| {
            // Quoted-printable soft breaks and escapes, undone enough to read links.
            String::from_utf8_lossy(&bytes)
                .replace("=\r\n", "")
                .replace("=\n", "")
                .replace("=3D", "=")
        })
        .collect()
}

#[tokio::test]
async fn the_dealers_email_carries_the_links_and_every_change_reaches_both_by_email() {
    if skipped() {
        return;
    }
    let stripe = start_localstripe();
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = spawn_mailing(&stripe.url, Some(mail_dir.path())).await;
    let answer = reserve(&app, 50, "0412 000 050", Some(&card(&stripe, VISA).await)).await;
    assert_eq!(answer.json["status"], "held", "{}", answer.text);
    let id = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    edge_api::delivery::outbox::drain(&app.state)
        .await
        .expect("drain");
    let sent = mails(mail_dir.path());
    let dealer: Vec<&String> = sent
        .iter()
        .filter(|m| m.contains("To: sales@alphamotors.com.au"))
        .collect();
    // One reservation email, sent once the card is authorised, with the links: none
    // while the card was being authorised.
    assert_eq!(dealer.len(), 1, "{dealer:#?}");
    let held = dealer
        .iter()
        .find(|m| m.contains("Sale agreed: take the deposit"))
        .unwrap_or_else(|| panic!("a dealer email with the links: {sent:#?}"));
    assert!(held.contains("Release the car"));
    // It names the held car from the stock.
    assert!(
        held.contains("Car: 2021 Toyota Camry") && held.contains("Condition: used"),
        "{held}"
    );
    let link = held
        .split(|c: char| c.is_whitespace() || c == '"' || c == '<' || c == '>')
        .find(|w| w.contains("action=capture"))
        .expect("capture link")
        .replace("&amp;", "&");
    assert!(
        link.contains(&format!(
            "/api/reservations/{id}/dealer?action=capture&token="
        )),
        "{link}"
    );
    let reserved = sent
        .iter()
        .find(|m| m.contains("<jo@example.com>") && m.contains("is held on your card"))
        .unwrap_or_else(|| panic!("the shopper hears the deposit is held: {sent:#?}"));
    // ...and how to cancel: the dealer site's page where they sign in and cancel.
    assert!(
        reserved.contains("Cancel the reservation, and release the hold on your card, at https://www.alphamotors.com.au/online-payment (sign in with the phone number you reserved with)."),
        "{reserved}"
    );
    // Following the emailed link: the page, then the button's POST.
    let path = link
        .split_once("/api/")
        .map(|(_, p)| format!("/api/{p}"))
        .expect("path");
    assert_eq!(app.get(HOST, &path, None).await.status, StatusCode::OK);
    let done = app
        .send(
            app.request(reqwest::Method::POST, HOST, &path)
                .header("origin", format!("http://{HOST}:{}", app.addr.port()))
                .header("content-type", "application/x-www-form-urlencoded"),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    edge_api::delivery::outbox::drain(&app.state)
        .await
        .expect("drain");
    let sent = mails(mail_dir.path());
    assert!(
        sent.iter().any(|m| m.contains("To: sales@alphamotors.com.au") && m.contains("Refund the deposit")),
        "after the capture the dealer gets the refund link"
    );
    assert!(
        sent.iter()
            .any(|m| m.contains("<jo@example.com>") && m.contains("has now been taken")),
        "the shopper hears the deposit was taken"
    );
}

/// The capture link's path and query, as a dealer link of `id` in `text` (XML or HTML
/// escaping undone).
fn link_in(text: &str, id: &str, action: &str) -> Option<String> {
    let text = text.replace("&amp;", "&");
    let start = text.find(&format!(
        "/api/reservations/{id}/dealer?action={action}&token="
    ))?;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| c.is_whitespace() || matches!(c, '"' | '<' | '>'))
        .unwrap_or(rest.len());
    Some(rest[..end].to_owned())
}

/// A dealer taking leads by webhook and ADF (and a CRM reading ADF by email) gets the
/// signed links too: in the webhook JSON as `payment_links`, in the ADF's comments (the
/// document stays valid ADF), once the card is authorised and never for a declined
/// card; the links work, and after the capture the next step carries the refund link.
#[tokio::test]
async fn webhook_and_adf_dealers_get_the_links_once_the_card_is_held_and_they_work() {
    if skipped() {
        return;
    }
    let stripe = start_localstripe();
    let port = crate::support::free_port();
    let receiver = crate::support::Receiver::start(port).await;
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = spawn_delivering(
        &stripe.url,
        Some(mail_dir.path()),
        Some(&format!("http://127.0.0.1:{port}")),
        "recipients = [{ address = \"crm@alphamotors.com.au\", format = \"adf\" }]",
    )
    .await;

    // A declined card never reaches the dealer: nothing was held for it.
    let declined = reserve(
        &app,
        60,
        "0412 000 060",
        Some(&card(&stripe, DECLINED).await),
    )
    .await;
    assert_eq!(
        declined.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        declined.text
    );
    edge_api::delivery::outbox::drain(&app.state)
        .await
        .expect("drain");
    assert!(receiver.all().is_empty(), "{:#?}", receiver.all());
    let to_crm = |dir: &std::path::Path| {
        mails(dir)
            .into_iter()
            .filter(|m| m.contains("To: crm@alphamotors.com.au"))
            .collect::<Vec<_>>()
    };
    assert!(to_crm(mail_dir.path()).is_empty());

    let answer = reserve(&app, 61, "0412 000 061", Some(&card(&stripe, VISA).await)).await;
    assert_eq!(answer.json["status"], "held", "{}", answer.text);
    let id = answer.json["reservation_id"]
        .as_str()
        .expect("id")
        .to_owned();
    edge_api::delivery::outbox::drain(&app.state)
        .await
        .expect("drain");
    let got = receiver.all();
    let posted = |path: &str| {
        got.iter()
            .filter(|r| r.path == path)
            .map(|r| r.body.clone())
            .collect::<Vec<_>>()
    };
    let (json_bodies, adf_bodies) = (posted("/json"), posted("/adf"));
    assert_eq!((json_bodies.len(), adf_bodies.len()), (1, 1), "{got:#?}");
    let body: Value = serde_json::from_str(&json_bodies[0]).expect("webhook JSON");
    assert_eq!(body["lead"]["reservation_status"], "held");
    let links = body["payment_links"].as_array().expect("payment_links");
    assert_eq!(
        links
            .iter()
            .map(|l| (l["action"].as_str(), l["label"].as_str()))
            .collect::<Vec<_>>(),
        [
            (Some("capture"), Some("Sale agreed: take the deposit")),
            (Some("cancel"), Some("Release the car")),
        ]
    );
    let capture =
        link_in(links[0]["url"].as_str().expect("url"), &id, "capture").expect("a capture link");
    // The dev endpoint a local journey reads shows exactly what the endpoints received.
    let dev = app
        .get(
            HOST,
            &format!("/api/dev/reservations/{id}/deliveries"),
            None,
        )
        .await;
    assert_eq!(dev.status, StatusCode::OK, "{}", dev.text);
    assert_eq!(dev.json["webhook"], json!([body]));
    assert_eq!(dev.json["adf"], json!(adf_bodies));
    crate::lead_email::check_adf(&adf_bodies[0]).expect("valid ADF");
    assert_eq!(
        link_in(&adf_bodies[0], &id, "capture").as_deref(),
        Some(capture.as_str()),
        "the ADF carries the same link: {}",
        adf_bodies[0]
    );
    let emailed = to_crm(mail_dir.path());
    assert_eq!(emailed.len(), 1, "one ADF email to the CRM: {emailed:#?}");
    let xml = &emailed[0][emailed[0].find("<?xml").expect("an ADF body")..];
    let xml = &xml[..xml.find("</adf>").expect("the ADF's end") + "</adf>".len()];
    crate::lead_email::check_adf(xml).expect("the emailed ADF is valid");
    assert_eq!(
        link_in(xml, &id, "capture").as_deref(),
        Some(capture.as_str())
    );

    // The webhook's link works like the email's: a page, then its button.
    assert_eq!(app.get(HOST, &capture, None).await.status, StatusCode::OK);
    let done = app
        .send(
            app.request(reqwest::Method::POST, HOST, &capture)
                .header("origin", format!("http://{HOST}:{}", app.addr.port()))
                .header("content-type", "application/x-www-form-urlencoded"),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    assert_eq!(stored(&app, &id).await.status, PaymentStatus::Captured);
    edge_api::delivery::outbox::drain(&app.state)
        .await
        .expect("drain");
    let bodies: Vec<Value> = receiver
        .all()
        .iter()
        .filter(|r| r.path == "/json")
        .map(|r| serde_json::from_str(&r.body).expect("JSON"))
        .collect();
    assert_eq!(bodies.len(), 2);
    assert_eq!(bodies[1]["lead"]["reservation_status"], "captured");
    assert_eq!(bodies[1]["payment_links"][0]["action"], "refund");
}
