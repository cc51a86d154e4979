//! The trade-in valuation: options, the "Your Car" lookup and the offer, computed locally
//! from the market or asked of the dealer's provider.

use std::sync::{Arc, Mutex};

use axum::routing::post;
use axum::Router;
use domain::messages::{REGO_LOOKUP_OFF, TRADE_IN_OFF};
use domain::rules::market::{Market, MarketCar};
use edge_api::clock::Clock;
use edge_api::market::MarketSource;
use edge_api::policy::{Policy, RateLimit};
use edge_api::routes::trade_in::VALUATION_EVENT;
use edge_api::tenancy::TradeInSettings;
use edge_api::tenancy::{Tenant, Tenants};
use edge_api::trade_in::HttpValuer;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{serve, state, tenants, TestApp};

fn listing(dealer: &str, slug: String, model: &str, year: u16, km: u32, price: f64) -> MarketCar {
    MarketCar {
        dealer: dealer.into(),
        slug,
        make: "Toyota".into(),
        model: model.into(),
        year,
        km,
        price,
        car_type: domain::car::CarType::Used,
        badge: None,
    }
}

/// Twelve 2022 RAV4s of both dealers (35,000 to 46,000 km, $33,000 to $40,700), three
/// Yarises, and six 2012 HiLuxes.
pub(crate) fn market() -> Market {
    let mut cars: Vec<MarketCar> = (0..12u32)
        .map(|i| {
            listing(
                if i % 2 == 0 { "alpha" } else { "beta" },
                format!("rav4-{i}"),
                "RAV4",
                2022,
                35_000 + i * 1_000,
                33_000.0 + f64::from(i) * 700.0,
            )
        })
        .collect();
    cars.extend((0..3).map(|i| {
        listing(
            "beta",
            format!("yaris-{i}"),
            "Yaris",
            2022,
            30_000,
            20_000.0,
        )
    }));
    cars.extend((0..6).map(|i| {
        listing(
            "beta",
            format!("hilux-{i}"),
            "HiLux",
            2012,
            150_000,
            15_000.0,
        )
    }));
    Market::new(cars)
}

async fn local_app(policy: Policy) -> TestApp {
    let (mut st, clock, dir) = state(tenants(None), policy);
    st.market = Arc::new(MarketSource::fixed(market()));
    serve(st, clock, dir).await
}

fn best_answers() -> Value {
    json!([
        { "id": "accident_damage", "answer": "none" },
        { "id": "service_history", "answer": "full" },
        { "id": "mechanical", "answer": "no" },
        { "id": "tyres", "answer": "good" },
        { "id": "keys", "answer": "two" },
        { "id": "interior", "answer": "clean" },
    ])
}

fn rav4(year: u16, kms: u32, answers: Value) -> Value {
    json!({ "vehicle": { "year": year, "make": "Toyota", "model": "RAV4" }, "kms": kms, "adjustmentAnswers": answers })
}

#[tokio::test]
async fn options_offer_the_markets_models_the_questions_and_the_dealers_state() {
    let app = local_app(Policy::default()).await;
    let options = app
        .get("alpha.localhost", "/api/trade-in/options", None)
        .await;
    assert_eq!(options.status, StatusCode::OK, "{}", options.text);
    assert_eq!(
        options.json["lookup"], false,
        "no provider: the shopper picks the car"
    );
    assert_eq!(options.json["default_state"], "QLD");
    // The catalogue's makes and models, not only those in stock: a shopper's Corolla or
    // Mazda is in the list whether or not the market has one to compare with.
    let makes = options.json["makes"].as_array().expect("makes");
    let models_of = |make: &str| -> Vec<String> {
        makes
            .iter()
            .find(|m| m["make"] == make)
            .and_then(|m| m["models"].as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let toyota = models_of("Toyota");
    for model in [
        "HiLux",
        "RAV4",
        "Yaris",
        "Corolla",
        "LandCruiser 70",
        "Kluger",
    ] {
        assert!(toyota.contains(&model.to_owned()), "{model} in {toyota:?}");
    }
    assert_eq!(
        toyota.iter().filter(|m| m.as_str() == "RAV4").count(),
        1,
        "a model the market and the catalogue both have is listed once"
    );
    let valued = makes
        .iter()
        .find(|m| m["make"] == "Toyota")
        .map(|m| m["valued"].clone());
    assert_eq!(
        valued,
        Some(json!(["HiLux", "RAV4"])),
        "the Yaris has too few cars to value"
    );
    for make in ["Mazda", "Holden", "Hyundai", "Tesla"] {
        assert!(!models_of(make).is_empty(), "{make} offered");
    }
    assert!(
        models_of("Jayco").is_empty() && models_of("Hino").is_empty(),
        "a car dealer is not offered caravans or trucks"
    );
    let names: Vec<&str> = makes.iter().filter_map(|m| m["make"].as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|m| m.to_lowercase());
    assert_eq!(names, sorted, "makes sorted");
    let years = options.json["years"].as_array().expect("years");
    assert_eq!(
        (years.first(), years.last(), years.len()),
        (Some(&json!(2026)), Some(&json!(1997)), 30),
        "this year first (the clock is 2026), not next year's"
    );
    let questions = options.json["questions"].as_array().expect("questions");
    assert_eq!(questions.len(), 6);
    assert_eq!(questions[4]["id"], "keys");
    assert_eq!(questions[4]["required_message"], "Keys is required.");
    assert_eq!(
        questions[4]["answers"][1],
        json!({ "value": "one", "label": "One" })
    );
    assert_eq!(
        (
            options.json["max_age_years"].as_i64(),
            options.json["max_km"].as_u64()
        ),
        (Some(7), Some(100_000))
    );
    assert_eq!(options.json["save_valuations"], false);
    assert_eq!(
        (
            options.json["lead_subcategory"].as_str(),
            options.json["start_label"].as_str()
        ),
        (Some("3. Offer Accepted"), Some("Get Your Valuation"))
    );
    assert_eq!(
        (
            options.json["messages"]["kms_required"].as_str(),
            options.json["messages"]["year_required"].as_str()
        ),
        (Some("Odometer is required."), Some("Year is required."))
    );

    assert_eq!(options.json["enabled"], true);

    // Every trade-in page asks: a dealer without valuations says so without an error.
    let off = app
        .get("beta.example.com.au", "/api/trade-in/options", None)
        .await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.text);
    assert_eq!(
        (
            off.json["enabled"].as_bool(),
            off.json["makes"].as_array().map(Vec::len),
            off.json["questions"].as_array().map(Vec::len)
        ),
        (Some(false), Some(0), Some(0))
    );
    let look_off = app
        .post(
            "beta.example.com.au",
            "/api/trade-in/lookup",
            &json!({ "vehicle": { "year": 2022, "make": "Toyota", "model": "RAV4" }, "kms": 1 }),
            None,
        )
        .await;
    assert_eq!(
        (look_off.status, look_off.json["message"].as_str()),
        (StatusCode::NOT_FOUND, Some(TRADE_IN_OFF))
    );
    let post_off = app
        .post(
            "beta.example.com.au",
            "/api/trade-in/valuation",
            &rav4(2022, 40_500, best_answers()),
            None,
        )
        .await;
    assert_eq!(post_off.status, StatusCode::NOT_FOUND);
}

/// The catalogue covers what the sample dealers' shoppers own: every make a sample dealer
/// sells is offered, with its models, and a dealer of motorcycles and caravans is offered
/// those too (a car dealer is not).
#[test]
fn the_catalogue_offers_every_make_the_sample_dealers_sell() {
    use edge_api::trade_in::catalogue::offered_models;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers");
    let dealers = domain::config::load_dealers(&dir).expect("sample dealers load");
    for dealer in &dealers {
        let settings = TradeInSettings::of(&dealer.config);
        let offered = offered_models(&settings.makes, Vec::new());
        for make in &dealer.config.makes {
            // A dealer may write a make's short name ("Isuzu" for "Isuzu UTE").
            let found = offered.iter().find(|m| {
                m.make.eq_ignore_ascii_case(make)
                    || m.make
                        .to_lowercase()
                        .starts_with(&format!("{} ", make.to_lowercase()))
            });
            assert!(
                found.is_some_and(|m| m.models.len() >= 2),
                "{}: {make} is offered with its models",
                dealer.config.slug
            );
        }
    }
    let van_dealer = offered_models(&["Jayco".to_owned()], Vec::new());
    assert!(van_dealer.iter().any(|m| m.make == "Jayco"));
    assert!(
        van_dealer.iter().any(|m| m.make == "Toyota"),
        "and the car a shopper tows with"
    );
    let car_dealer = offered_models(&["Toyota".to_owned()], Vec::new());
    assert!(!car_dealer.iter().any(|m| m.make == "Jayco"));
    // The market's models are added to the catalogue's.
    let with_market = offered_models(
        &[],
        vec![(
            "Toyota".to_owned(),
            vec!["Crown".to_owned(), "RAV4".to_owned()],
        )],
    );
    let toyota = with_market
        .iter()
        .find(|m| m.make == "Toyota")
        .expect("Toyota");
    assert!(toyota.models.contains(&"Crown".to_owned()));
    assert_eq!(toyota.models.iter().filter(|m| *m == "RAV4").count(), 1);
    assert_eq!(toyota.valued, ["Crown", "RAV4"]);
}

#[tokio::test]
async fn the_lookup_says_whether_an_online_estimate_can_be_made() {
    let app = local_app(Policy::default()).await;
    let look = |year: u16, model: &str, kms: u32| json!({ "vehicle": { "year": year, "make": " toyota ", "model": model }, "kms": kms });
    let ready = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &look(2022, "RAV4", 40_000),
            None,
        )
        .await;
    assert_eq!(ready.status, StatusCode::OK, "{}", ready.text);
    assert_eq!(
        (
            ready.json["outcome"].as_str(),
            ready.json["message"].is_null()
        ),
        (Some("ready"), true)
    );
    assert_eq!(
        ready.json["vehicle"],
        json!({ "year": 2022, "make": "toyota", "model": "RAV4" }),
        "trimmed"
    );

    // Seed 001 s5: not for cars over 7 years or 100,000 km.
    for (year, kms) in [(2018, 40_000), (2022, 100_001)] {
        let old = app
            .post(
                "alpha.localhost",
                "/api/trade-in/lookup",
                &look(year, "RAV4", kms),
                None,
            )
            .await;
        assert_eq!(
            old.json["outcome"], "not_eligible",
            "{year} {kms}: {}",
            old.text
        );
        assert!(
            old.json["message"]
                .as_str()
                .is_some_and(|m| m.contains("over 7 years or 100,000 km")),
            "{}",
            old.text
        );
    }
    let few = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &look(2022, "Yaris", 30_000),
            None,
        )
        .await;
    assert_eq!(few.json["outcome"], "no_estimate", "{}", few.text);
    let unknown = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &look(2022, "Corolla Cross", 30_000),
            None,
        )
        .await;
    assert_eq!(unknown.json["outcome"], "no_estimate");

    // No registry here: a rego lookup needs the dealer's provider.
    let rego = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &json!({ "rego": "ABC123", "regoState": "qld", "kms": 1000 }),
            None,
        )
        .await;
    assert_eq!(
        (rego.status, rego.json["message"].as_str()),
        (StatusCode::NOT_FOUND, Some(REGO_LOOKUP_OFF))
    );

    let neither = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &json!({ "kms": 1000 }),
            None,
        )
        .await;
    assert_eq!(
        neither.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        neither.text
    );
    assert_eq!(
        neither.json["fields"]["rego"],
        "Please enter your car's rego, or its year, make and model."
    );
    let bad = app
        .post("alpha.localhost", "/api/trade-in/lookup", &json!({ "vehicle": { "year": 1900, "make": "", "model": "x".repeat(61) }, "kms": 3_000_000 }), None)
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.text);
    assert_eq!(bad.json["message"], "Please fix the following errors:");
    assert_eq!(
        bad.json["fields"]["vehicle.year"],
        "Please choose the year the car was built."
    );
    assert_eq!(bad.json["fields"]["vehicle.make"], "Make is required.");
    assert!(
        bad.json["fields"]["vehicle.model"].is_string() && bad.json["fields"]["kms"].is_string(),
        "{}",
        bad.text
    );
    let wrong_type = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &json!({ "vehicle": { "year": 2022, "make": "Toyota", "model": "RAV4" }, "kms": -5 }),
            None,
        )
        .await;
    assert_eq!(
        wrong_type.status,
        StatusCode::BAD_REQUEST,
        "{}",
        wrong_type.text
    );
}

#[tokio::test]
async fn the_local_offer_comes_from_comparable_cars_less_margin_reconditioning_and_the_answers() {
    let app = local_app(Policy::default()).await;
    let offer = app
        .post(
            "alpha.localhost",
            "/api/trade-in/valuation",
            &rav4(2022, 40_500, best_answers()),
            None,
        )
        .await;
    assert_eq!(offer.status, StatusCode::OK, "{}", offer.text);
    assert_eq!(offer.json["outcome"], "offer");
    // The 10th percentile of the twelve RAV4s is $33,770 (same year, median km): less 12%
    // and $1,200 is $28,517.60, down to $28,500. The median $36,850 gives $31,200.
    assert_eq!(offer.json["offer_price"], 28_500.0);
    assert_eq!(
        (
            offer.json["range_min"].as_f64(),
            offer.json["range_max"].as_f64()
        ),
        (Some(28_500.0), Some(31_200.0))
    );
    assert_eq!(
        (
            offer.json["comparables"].as_u64(),
            offer.json["source"].as_str()
        ),
        (Some(12), Some("local"))
    );
    let id = offer.json["id"]
        .as_str()
        .expect("a valuation id")
        .to_owned();

    let mut answers = best_answers();
    answers[4]["answer"] = json!("one");
    let one_key = app
        .post(
            "alpha.localhost",
            "/api/trade-in/valuation",
            &rav4(2022, 40_500, answers),
            None,
        )
        .await;
    assert_eq!(
        one_key.json["offer_price"], 28_000.0,
        "$450 off: {}",
        one_key.text
    );
    assert_eq!(
        one_key.json["adjustments"][4],
        json!({ "id": "keys", "answer": "one", "amount": 450.0 })
    );
    assert_ne!(one_key.json["id"], offer.json["id"]);

    // Each offer is recorded under its id for the dealer.
    let events = app
        .state
        .store
        .events("alpha", VALUATION_EVENT, app.clock.now().date_naive())
        .await
        .expect("events");
    assert_eq!(events.len(), 2);
    let recorded = events
        .iter()
        .find(|e| e["id"] == json!(id))
        .expect("the first offer is recorded");
    assert_eq!(
        (
            recorded["offer_price"].as_f64(),
            recorded["vehicle"]["model"].as_str()
        ),
        (Some(28_500.0), Some("RAV4"))
    );

    // No offer for an old car, and nothing recorded.
    let old = app
        .post(
            "alpha.localhost",
            "/api/trade-in/valuation",
            &rav4(2017, 40_500, best_answers()),
            None,
        )
        .await;
    assert_eq!(
        (
            old.json["outcome"].as_str(),
            old.json["id"].is_null(),
            old.json["offer_price"].is_null()
        ),
        (Some("not_eligible"), true, true)
    );
    let yaris = json!({ "vehicle": { "year": 2022, "make": "Toyota", "model": "Yaris" }, "kms": 30_000, "adjustmentAnswers": best_answers() });
    let few = app
        .post("alpha.localhost", "/api/trade-in/valuation", &yaris, None)
        .await;
    assert_eq!(few.json["outcome"], "no_estimate", "{}", few.text);
    assert_eq!(
        app.state
            .store
            .events("alpha", VALUATION_EVENT, app.clock.now().date_naive())
            .await
            .expect("events")
            .len(),
        2
    );
}

#[tokio::test]
async fn every_question_needs_one_known_answer() {
    let app = local_app(Policy::default()).await;
    let partial = json!([{ "id": "accident_damage", "answer": "dented" }, { "id": "colour", "answer": "red" }]);
    let bad = app
        .post(
            "alpha.localhost",
            "/api/trade-in/valuation",
            &rav4(2022, 40_500, partial),
            None,
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.text);
    let fields = &bad.json["fields"];
    assert_eq!(
        fields["adjustmentAnswers.accident_damage"],
        "Accident or body damage: please choose one of none, minor, repaired, unrepaired."
    );
    assert_eq!(fields["adjustmentAnswers.tyres"], "Tyres is required.");
    assert_eq!(
        fields["adjustmentAnswers"],
        "There is no question \"colour\"."
    );
    let mut with_rego = rav4(2022, 40_500, best_answers());
    with_rego["rego"] = json!("ABC 123!");
    with_rego["regoState"] = json!("Queensland");
    let bad_rego = app
        .post(
            "alpha.localhost",
            "/api/trade-in/valuation",
            &with_rego,
            None,
        )
        .await;
    assert_eq!(bad_rego.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        bad_rego.json["fields"]["rego"].is_string()
            && bad_rego.json["fields"]["regoState"].is_string(),
        "{}",
        bad_rego.text
    );
    let unknown_field = app.post("alpha.localhost", "/api/trade-in/valuation", &json!({ "vehicle": { "year": 2022, "make": "Toyota", "model": "RAV4", "vin": "X" }, "kms": 1, "adjustmentAnswers": [] }), None).await;
    assert_eq!(
        (
            unknown_field.status,
            unknown_field.json["fields"]["vehicle.vin"].as_str()
        ),
        (
            StatusCode::BAD_REQUEST,
            Some("vehicle.vin: is not a field of this form")
        )
    );
}

#[tokio::test]
async fn lookups_and_valuations_are_rate_limited_per_address() {
    let policy = Policy {
        valuations_per_ip: RateLimit {
            max: 2,
            window_secs: 3600,
        },
        ..Policy::default()
    };
    let app = local_app(policy).await;
    let body =
        json!({ "vehicle": { "year": 2022, "make": "Toyota", "model": "RAV4" }, "kms": 40_000 });
    for _ in 0..2 {
        assert_eq!(
            app.post("alpha.localhost", "/api/trade-in/lookup", &body, None)
                .await
                .status,
            StatusCode::OK
        );
    }
    let limited = app
        .post(
            "alpha.localhost",
            "/api/trade-in/valuation",
            &rav4(2022, 40_500, best_answers()),
            None,
        )
        .await;
    assert_eq!(
        (limited.status, limited.json["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"))
    );
}

/// What the fake provider was sent.
pub(crate) type Calls = Arc<Mutex<Vec<(String, Value)>>>;

/// A provider knowing ABC123 (a 2021 Mazda CX-5) and OLD1 (a 2012 car); it values the
/// CX-5 at $21,000 (or has no estimate when the interior is worn), and answers BROKEN
/// with nonsense.
pub(crate) async fn fake_provider(calls: Calls) -> (String, tokio::task::JoinHandle<()>) {
    let authorised = |headers: &axum::http::HeaderMap| {
        headers.get("authorization").and_then(|v| v.to_str().ok()) == Some("Bearer trade-key")
    };
    let lookup_calls = Arc::clone(&calls);
    let valuation_calls = Arc::clone(&calls);
    let router = Router::new()
        .route(
            "/lookup",
            post(move |headers: axum::http::HeaderMap, axum::Json(body): axum::Json<Value>| {
                let calls = Arc::clone(&lookup_calls);
                async move {
                    if !authorised(&headers) {
                        return (StatusCode::UNAUTHORIZED, String::new());
                    }
                    calls.lock().expect("calls").push(("lookup".into(), body.clone()));
                    match (body["rego"].as_str(), body["state"].as_str()) {
                        (Some("ABC123"), Some("NSW")) => (StatusCode::OK, json!({ "year": 2021, "make": "Mazda", "model": "CX-5", "badge": "Maxx Sport", "body": "Wagon", "colour": "Red" }).to_string()),
                        (Some("OLD1"), _) => (StatusCode::OK, json!({ "year": 2012, "make": "Mazda", "model": "3" }).to_string()),
                        (Some("BROKEN"), _) => (StatusCode::OK, "not json".to_owned()),
                        _ => (StatusCode::NOT_FOUND, String::new()),
                    }
                }
            }),
        )
        .route(
            "/valuation",
            post(move |headers: axum::http::HeaderMap, axum::Json(body): axum::Json<Value>| {
                let calls = Arc::clone(&valuation_calls);
                async move {
                    if !authorised(&headers) {
                        return (StatusCode::UNAUTHORIZED, String::new());
                    }
                    calls.lock().expect("calls").push(("valuation".into(), body.clone()));
                    let worn = body["adjustmentAnswers"].as_array().is_some_and(|a| a.iter().any(|x| x["id"] == "interior" && x["answer"] == "worn"));
                    if worn {
                        return (StatusCode::NOT_FOUND, String::new());
                    }
                    (StatusCode::OK, json!({ "offer_price": 21_000, "range_min": 20_500, "range_max": 22_500, "id": "prov-77" }).to_string())
                }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let server = tokio::spawn(async move { axum::serve(listener, router).await.expect("serve") });
    (base, server)
}

#[tokio::test]
async fn a_dealer_with_a_provider_key_looks_regos_up_and_gets_the_providers_offer() {
    let calls: Calls = Arc::default();
    let (base, server) = fake_provider(Arc::clone(&calls)).await;
    let alpha: Tenant = tenants(None)
        .by_slug("alpha")
        .expect("alpha")
        .as_ref()
        .clone();
    let keyed = Tenant {
        trade_in: TradeInSettings {
            provider_key: Some("trade-key".into()),
            ..alpha.trade_in.clone()
        },
        ..alpha
    };
    let (mut st, clock, dir) = state(Tenants::new([keyed]), Policy::default());
    st.trade_in = Arc::new(HttpValuer::new(base, reqwest::Client::new()));
    st.market = Arc::new(MarketSource::fixed(market()));
    let app = serve(st, clock, dir).await;

    let options = app
        .get("alpha.localhost", "/api/trade-in/options", None)
        .await;
    assert_eq!(
        (
            options.json["lookup"].as_bool(),
            options.json["makes"].as_array().map(Vec::len)
        ),
        (Some(true), Some(0))
    );

    let found = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &json!({ "rego": "abc 123", "regoState": "nsw", "kms": 52_000 }),
            None,
        )
        .await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.text);
    assert_eq!(found.json["outcome"], "ready");
    assert_eq!(
        found.json["vehicle"],
        json!({ "year": 2021, "make": "Mazda", "model": "CX-5", "badge": "Maxx Sport", "body": "Wagon" })
    );
    assert_eq!(
        (
            found.json["rego"].as_str(),
            found.json["regoState"].as_str()
        ),
        (Some("ABC123"), Some("NSW"))
    );
    assert_eq!(
        calls.lock().expect("calls")[0],
        (
            "lookup".to_owned(),
            json!({ "rego": "ABC123", "state": "NSW" })
        ),
        "normalised before asking"
    );

    let unknown = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &json!({ "rego": "ZZZ999", "kms": 10 }),
            None,
        )
        .await;
    assert_eq!(
        unknown.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unknown.text
    );
    assert!(
        unknown.json["fields"]["rego"]
            .as_str()
            .is_some_and(|m| m.contains("ZZZ999 in QLD")),
        "the dealer's state by default: {}",
        unknown.text
    );
    let old = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &json!({ "rego": "OLD1", "kms": 10 }),
            None,
        )
        .await;
    assert_eq!(old.json["outcome"], "not_eligible", "{}", old.text);

    let cx5 = json!({ "vehicle": found.json["vehicle"], "kms": 52_000, "rego": "ABC123", "regoState": "NSW", "adjustmentAnswers": best_answers() });
    let offer = app
        .post("alpha.localhost", "/api/trade-in/valuation", &cx5, None)
        .await;
    assert_eq!(offer.status, StatusCode::OK, "{}", offer.text);
    assert_eq!(
        (
            offer.json["outcome"].as_str(),
            offer.json["source"].as_str()
        ),
        (Some("offer"), Some("provider"))
    );
    assert_eq!(
        (
            offer.json["offer_price"].as_f64(),
            offer.json["range_max"].as_f64()
        ),
        (Some(21_000.0), Some(22_500.0))
    );
    assert!(
        offer.json["adjustments"][0]["amount"].is_null(),
        "the provider does not itemise"
    );
    let sent = calls
        .lock()
        .expect("calls")
        .last()
        .cloned()
        .expect("a valuation call");
    assert_eq!(
        (
            sent.0.as_str(),
            &sent.1["kms"],
            &sent.1["adjustmentAnswers"]
        ),
        ("valuation", &json!(52_000), &best_answers())
    );
    let events = app
        .state
        .store
        .events("alpha", VALUATION_EVENT, app.clock.now().date_naive())
        .await
        .expect("events");
    assert_eq!(events[0]["provider_id"], "prov-77");

    let mut worn = cx5.clone();
    worn["adjustmentAnswers"][5]["answer"] = json!("worn");
    let none = app
        .post("alpha.localhost", "/api/trade-in/valuation", &worn, None)
        .await;
    assert_eq!(none.json["outcome"], "no_estimate", "{}", none.text);
    // Too old: the provider is not asked.
    let asked = calls.lock().expect("calls").len();
    let mut old_car = cx5.clone();
    old_car["vehicle"]["year"] = json!(2015);
    let refused = app
        .post("alpha.localhost", "/api/trade-in/valuation", &old_car, None)
        .await;
    assert_eq!(refused.json["outcome"], "not_eligible");
    assert_eq!(calls.lock().expect("calls").len(), asked);

    let broken = app
        .post(
            "alpha.localhost",
            "/api/trade-in/lookup",
            &json!({ "rego": "BROKEN", "kms": 10 }),
            None,
        )
        .await;
    assert_eq!(
        (broken.status, broken.json["code"].as_str()),
        (StatusCode::BAD_GATEWAY, Some("bad_gateway"))
    );
    server.abort();
    let _ = server.await;
    let down = app
        .post("alpha.localhost", "/api/trade-in/valuation", &cx5, None)
        .await;
    assert_eq!(
        (down.status, down.json["code"].as_str()),
        (StatusCode::BAD_GATEWAY, Some("bad_gateway")),
        "{}",
        down.text
    );
}

#[tokio::test]
async fn the_sample_dealers_switch_valuations_on_with_features_trade_in() {
    let sample = crate::support::sample_tenants();
    let on: Vec<&str> = sample
        .all()
        .filter(|t| t.trade_in.enabled)
        .map(|t| t.slug.as_str())
        .collect();
    assert!(
        on.contains(&"moreton-motor-group") && !on.contains(&"ironbark-moto-caravans"),
        "{on:?}"
    );
    let redgum = sample.by_slug("redgum-motors").expect("redgum");
    assert!(redgum.trade_in.save_valuations);
    assert!(sample.all().all(|t| t.trade_in.default_state.len() >= 2
        && t.trade_in.default_state == t.trade_in.default_state.to_uppercase()));
}
