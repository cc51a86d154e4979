//! `GET {car path}/autogauge`: the local market estimate from every dealer's stock, and
//! the provider proxy for a dealer with a key (only for published cars, cached a day,
//! limited per client address).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use axum::routing::get;
use axum::Router;
use chrono::Duration;
use domain::car::CarType;
use domain::rules::availability::ReserveState;
use domain::rules::market::{Listing, Market, MarketCar};
use edge_api::market::MarketSource;
use edge_api::policy::{Policy, RateLimit};
use edge_api::price_comparison::HttpPriceComparison;
use edge_api::tenancy::{Tenant, Tenants};
use reqwest::StatusCode;

use crate::support::{serve, state, tenants};

fn car(dealer: &str, slug: &str, model: &str, km: u32, price: f64) -> MarketCar {
    MarketCar {
        dealer: dealer.into(),
        slug: slug.into(),
        make: "Toyota".into(),
        model: model.into(),
        year: 2022,
        km,
        price,
        car_type: CarType::Used,
        badge: None,
    }
}

/// A published car of `dealer`.
fn listing(dealer: &str, id: u64, slug: &str) -> Listing {
    Listing {
        dealer: dealer.into(),
        id,
        slug: slug.into(),
        reserve: ReserveState::Reservable,
    }
}

/// Alpha's RAV4 against twelve RAV4s of both dealers; its Yaris has only three peers.
/// Every car is published by its dealer.
pub(crate) fn market() -> Market {
    let mut cars = vec![
        car("alpha", "2022-toyota-rav4-1", "RAV4", 40_000, 36_000.0),
        car("alpha", "2022-toyota-yaris-2", "Yaris", 30_000, 21_000.0),
    ];
    cars.extend((0..12).map(|i| {
        car(
            if i % 2 == 0 { "alpha" } else { "beta" },
            &format!("rav4-{i}"),
            "RAV4",
            35_000 + i * 1000,
            33_000.0 + f64::from(i) * 700.0,
        )
    }));
    cars.extend((0..3).map(|i| {
        car(
            "beta",
            &format!("yaris-{i}"),
            "Yaris",
            30_000,
            20_000.0 + f64::from(i) * 500.0,
        )
    }));
    let listings: Vec<Listing> = cars
        .iter()
        .zip(1..)
        .map(|(c, id)| listing(&c.dealer, id, &c.slug))
        .collect();
    Market::new(cars).with_listings(listings)
}

#[tokio::test]
async fn the_local_estimate_compares_with_every_dealers_stock_and_needs_enough_comparables() {
    let (mut st, clock, dir) = state(tenants(None), Policy::default());
    st.market = Arc::new(MarketSource::fixed(market()));
    let app = serve(st, clock, dir).await;

    let rav4 = app
        .get(
            "alpha.localhost",
            "/cars/2022-toyota-rav4-1/autogauge",
            None,
        )
        .await;
    assert_eq!(rav4.status, StatusCode::OK, "{}", rav4.text);
    assert_eq!(rav4.json["comparables"], 12, "beta's RAV4s count too");
    assert_eq!(rav4.json["listing_price"], 36_000.0);
    let (min, max) = (
        rav4.json["market_range_min"].as_f64().expect("min"),
        rav4.json["market_range_max"].as_f64().expect("max"),
    );
    assert!(min < 36_000.0 && 36_000.0 <= max, "{min}..{max}");
    let confidence = rav4.json["confidence"].as_f64().expect("confidence");
    assert!(confidence > 0.2 && confidence < 1.0);
    // 36,000 in 33,800..39,900: fill 0.64, the high band, still a Good Deal (below 0.65).
    assert_eq!(rav4.json["fill"], 0.64);
    assert_eq!(rav4.json["view"]["band"], "high", "{}", rav4.text);
    assert_eq!(rav4.json["view"]["label"], "Good Deal");
    assert_eq!(rav4.headers["cache-control"], "public, max-age=3600");

    // Three comparables are too few: no data (an ordinary answer), the panel stays hidden.
    let yaris = app
        .get(
            "alpha.localhost",
            "/cars/2022-toyota-yaris-2/autogauge",
            None,
        )
        .await;
    assert_eq!(yaris.status, StatusCode::OK, "{}", yaris.text);
    assert_eq!(yaris.json["comparables"], 3);
    for field in [
        "fill",
        "listing_price",
        "market_range_min",
        "market_range_max",
        "confidence",
        "view",
    ] {
        assert!(yaris.json[field].is_null(), "{field}: {}", yaris.text);
    }
    // An unknown car, another dealer's car, and a dealer without the panel: no data.
    for (host, path) in [
        ("alpha.localhost", "/cars/nope/autogauge"),
        ("alpha.localhost", "/cars/rav4-1/autogauge"),
        ("beta.example.com.au", "/cars/rav4-1/autogauge"),
    ] {
        let answer = app.get(host, path, None).await;
        assert_eq!(
            (answer.status, answer.json["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("no_data")),
            "{host}{path}"
        );
    }
}

/// A low-km used RAV4 GX among brand-new RAV4s (delivery kilometres, dearer, inside
/// its odometer window), used GXs, and used RAV4s of another badge.
fn mixed_market() -> Market {
    let typed = |slug: &str, car_type, badge: &str, km, price| MarketCar {
        car_type,
        badge: Some(badge.into()),
        ..car("alpha", slug, "RAV4", km, price)
    };
    let mut cars = vec![
        typed("used-gx", CarType::Used, "GX", 12_000, 33_000.0),
        typed("dear-gx", CarType::Used, "GX", 12_000, 45_000.0),
    ];
    cars.extend((0..12u32).map(|i| {
        typed(
            &format!("new-{i}"),
            CarType::New,
            "GX",
            14 + i,
            44_000.0 + f64::from(i) * 900.0,
        )
    }));
    cars.extend((0..6u32).map(|i| {
        typed(
            &format!("gx-{i}"),
            CarType::Used,
            "GX",
            10_000 + i * 1000,
            31_000.0 + f64::from(i) * 800.0,
        )
    }));
    cars.extend((0..6u32).map(|i| {
        typed(
            &format!("edge-{i}"),
            CarType::Used,
            "Edge",
            12_000,
            52_000.0 + f64::from(i) * 500.0,
        )
    }));
    let listings: Vec<Listing> = cars
        .iter()
        .zip(1..)
        .map(|(c, id)| listing(&c.dealer, id, &c.slug))
        .collect();
    Market::new(cars).with_listings(listings)
}

#[tokio::test]
async fn a_used_car_is_compared_like_with_like_and_the_panel_shows_only_on_the_seeds_rule() {
    let (mut st, clock, dir) = state(tenants(None), Policy::default());
    st.market = Arc::new(MarketSource::fixed(mixed_market()));
    let app = serve(st, clock, dir).await;

    // Compared with the six used GXs and the dear used GX: not the new RAV4s (14-25 km,
    // inside the old odometer window), not the Edges.
    let used = app
        .get("alpha.localhost", "/cars/used-gx/autogauge", None)
        .await;
    assert_eq!(used.status, StatusCode::OK, "{}", used.text);
    assert_eq!(used.json["comparables"], 7, "{}", used.text);
    let max = used.json["market_range_max"].as_f64().expect("max");
    assert!(max < 44_000.0, "no new car in the range: {}", used.text);
    assert!(!used.json["view"].is_null(), "{}", used.text);

    // A new car is compared with new cars only.
    let new = app
        .get("alpha.localhost", "/cars/new-0/autogauge", None)
        .await;
    assert_eq!(new.json["comparables"], 11, "{}", new.text);
    assert!(new.json["market_range_min"].as_f64().expect("min") >= 44_000.0);

    // Above its honest range: every figure is there, but range max is below the listing
    // price, so the seed's rule hides the panel.
    let dear = app
        .get("alpha.localhost", "/cars/dear-gx/autogauge", None)
        .await;
    assert_eq!(dear.status, StatusCode::OK, "{}", dear.text);
    assert_eq!(dear.json["listing_price"], 45_000.0);
    assert!(dear.json["market_range_max"].as_f64().expect("max") < 45_000.0);
    assert!(dear.json["confidence"].as_f64().expect("confidence") > 0.2);
    assert!(dear.json["view"].is_null(), "{}", dear.text);
}

#[tokio::test]
async fn the_market_file_is_read_again_after_a_build_replaces_it() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("market.tsv");
    let source = MarketSource::file(path.clone());
    assert!(source.current().is_empty(), "no file yet");
    std::fs::write(&path, market().to_tsv()).expect("write");
    assert_eq!(source.current().len(), market().len());
}

fn keyed_tenants(key: &str) -> Tenants {
    let alpha: Tenant = tenants(None)
        .by_slug("alpha")
        .expect("alpha")
        .as_ref()
        .clone();
    Tenants::new([Tenant {
        autogauge_key: Some(key.into()),
        ..alpha
    }])
}

#[tokio::test]
async fn a_dealer_with_a_provider_key_is_answered_by_the_provider() {
    let provider = Router::new().route(
        "/cars/{slug}/autogauge",
        get(|axum::extract::Path(slug): axum::extract::Path<String>, headers: axum::http::HeaderMap| async move {
            if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some("Bearer key-123") {
                return (StatusCode::UNAUTHORIZED, String::new());
            }
            match slug.as_str() {
                "known" => (StatusCode::OK, r#"{"fill":0.8,"listing_price":30000,"market_range_min":28000,"market_range_max":34000,"confidence":0.9,"description":"Priced to sell"}"#.to_owned()),
                "broken" => (StatusCode::OK, "not json".to_owned()),
                _ => (StatusCode::NOT_FOUND, String::new()),
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let server = tokio::spawn(async move { axum::serve(listener, provider).await.expect("serve") });

    let (mut st, clock, dir) = state(keyed_tenants("key-123"), Policy::default());
    st.price_comparison = Arc::new(HttpPriceComparison::new(base, reqwest::Client::new()));
    let published = ["known", "other", "broken", "fresh"]
        .into_iter()
        .zip(1..)
        .map(|(slug, id)| listing("alpha", id, slug));
    st.market = Arc::new(MarketSource::fixed(
        Market::default().with_listings(published),
    ));
    let app = serve(st, clock, dir).await;
    let known = app
        .get("alpha.localhost", "/cars/known/autogauge", None)
        .await;
    assert_eq!(known.status, StatusCode::OK, "{}", known.text);
    assert_eq!(
        known.json["view"]["label"], "Priced to sell",
        "the provider's description wins"
    );
    assert_eq!(known.json["comparables"], serde_json::Value::Null);
    let unknown = app
        .get("alpha.localhost", "/cars/other/autogauge", None)
        .await;
    assert_eq!(
        (unknown.status, unknown.json["view"].is_null()),
        (StatusCode::OK, true),
        "the provider has no data: nothing to show"
    );
    let broken = app
        .get("alpha.localhost", "/cars/broken/autogauge", None)
        .await;
    assert_eq!(
        (broken.status, broken.json["code"].as_str()),
        (StatusCode::BAD_GATEWAY, Some("bad_gateway"))
    );
    server.abort();
    let down = app
        .get("alpha.localhost", "/cars/fresh/autogauge", None)
        .await;
    assert_eq!(down.status, StatusCode::BAD_GATEWAY);
}

/// A provider on a loopback port that counts the calls it gets: it compares every car
/// but `broken` (a server error) and alpha's Yaris (no data, as in [`market`]).
pub(crate) async fn counting_provider() -> (String, Arc<AtomicUsize>, tokio::task::JoinHandle<()>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&calls);
    let provider = Router::new().route(
        "/cars/{slug}/autogauge",
        get(move |axum::extract::Path(slug): axum::extract::Path<String>| {
            let counter = Arc::clone(&counter);
            async move {
                counter.fetch_add(1, Ordering::SeqCst);
                match slug.as_str() {
                    "broken" => (StatusCode::INTERNAL_SERVER_ERROR, String::new()),
                    // The car the market has too few comparables for.
                    "2022-toyota-yaris-2" => (StatusCode::NOT_FOUND, String::new()),
                    _ => (StatusCode::OK, r#"{"fill":0.8,"listing_price":30000,"market_range_min":28000,"market_range_max":34000,"confidence":0.9}"#.to_owned()),
                }
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let server = tokio::spawn(async move { axum::serve(listener, provider).await.expect("serve") });
    (base, calls, server)
}

#[tokio::test]
async fn the_provider_is_asked_only_about_published_cars_and_once_a_day_per_car() {
    let (base, calls, server) = counting_provider().await;
    let (mut st, clock, dir) = state(keyed_tenants("key-123"), Policy::default());
    st.price_comparison = Arc::new(HttpPriceComparison::new(base, reqwest::Client::new()));
    let published = [
        listing("alpha", 1, "known"),
        listing("alpha", 2, "broken"),
        listing("beta", 3, "betas-car"),
    ];
    st.market = Arc::new(MarketSource::fixed(
        Market::default().with_listings(published),
    ));
    let app = serve(st, clock, dir).await;

    // Slugs alpha does not publish (unknown, another dealer's, odd) never reach the provider.
    for path in [
        "/cars/nope/autogauge",
        "/cars/betas-car/autogauge",
        "/cars/..%2F..%2Fadmin/autogauge",
    ] {
        let answer = app.get("alpha.localhost", path, None).await;
        assert_eq!(
            (answer.status, answer.json["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("no_data")),
            "{path}: {}",
            answer.text
        );
    }
    assert_eq!(
        calls.load(Ordering::SeqCst),
        0,
        "no provider call for a car alpha does not publish"
    );

    // A published car: one call, then the cached answer (the same) for a day.
    let first = app
        .get("alpha.localhost", "/cars/known/autogauge", None)
        .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    app.clock.advance(Duration::hours(23));
    let again = app
        .get("alpha.localhost", "/cars/known/autogauge", None)
        .await;
    assert_eq!((again.status, &again.json), (StatusCode::OK, &first.json));
    assert_eq!(calls.load(Ordering::SeqCst), 1, "answered from the cache");
    app.clock.advance(Duration::hours(1));
    assert_eq!(
        app.get("alpha.localhost", "/cars/known/autogauge", None)
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        calls.load(Ordering::SeqCst),
        2,
        "a day later the provider is asked again"
    );

    // A failure is not cached: the next request asks again.
    for _ in 0..2 {
        assert_eq!(
            app.get("alpha.localhost", "/cars/broken/autogauge", None)
                .await
                .status,
            StatusCode::BAD_GATEWAY
        );
    }
    assert_eq!(calls.load(Ordering::SeqCst), 4);
    server.abort();
}

#[tokio::test]
async fn price_comparisons_are_rate_limited_per_client_address() {
    let (base, calls, server) = counting_provider().await;
    let policy = Policy {
        autogauge_per_ip: RateLimit {
            max: 3,
            window_secs: 3600,
        },
        ..Policy::default()
    };
    let (mut st, clock, dir) = state(keyed_tenants("key-123"), policy);
    st.price_comparison = Arc::new(HttpPriceComparison::new(base, reqwest::Client::new()));
    st.market = Arc::new(MarketSource::fixed(
        Market::default().with_listings([listing("alpha", 1, "known")]),
    ));
    let app = serve(st, clock, dir).await;
    // Unknown slugs count too: scraping by guessing is limited like any other request.
    for path in [
        "/cars/known/autogauge",
        "/cars/nope/autogauge",
        "/cars/known/autogauge",
    ] {
        assert_ne!(
            app.get("alpha.localhost", path, None).await.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{path}"
        );
    }
    let limited = app
        .get("alpha.localhost", "/cars/known/autogauge", None)
        .await;
    assert_eq!(
        (limited.status, limited.json["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")),
        "{}",
        limited.text
    );
    assert!(limited.headers.contains_key("retry-after"));
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    app.clock.advance(Duration::hours(1));
    assert_eq!(
        app.get("alpha.localhost", "/cars/known/autogauge", None)
            .await
            .status,
        StatusCode::OK,
        "a new window"
    );
    server.abort();
}
