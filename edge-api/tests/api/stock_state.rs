//! The stock state the build publishes, read while the API runs: locally the market file
//! a later build rewrites, on Lambda each dealer's object in the site bucket (moto's S3)
//! read through the S3 client with a cache window and conditional requests. A car sold,
//! repriced or removed by a build is answered so (`GET /api/stock/{car_id}`,
//! reservations, price comparisons) without a restart or a redeploy.

use std::sync::Arc;

use chrono::Duration;
use domain::messages::INVALID_CAR_ID;
use domain::rules::availability::ReserveState;
use domain::rules::market::{Listing, Market, MarketCar};
use edge_api::market::{dealer_stock, stock_key, MarketSource, StockFetches, MAX_STOCK_TTL};
use edge_api::policy::Policy;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{serve, state, tenants};

const HOST: &str = "alpha.localhost";
const RAV4: u64 = 1;
const YARIS: u64 = 2;
const KLUGER: u64 = 3;

fn car(dealer: &str, slug: &str, model: &str, price: f64) -> MarketCar {
    MarketCar {
        dealer: dealer.into(),
        slug: slug.into(),
        make: "Toyota".into(),
        model: model.into(),
        year: 2022,
        km: 30_000,
        price,
        car_type: domain::car::CarType::Used,
        badge: None,
    }
}

fn listing(dealer: &str, id: u64, slug: &str, reserve: ReserveState) -> Listing {
    Listing {
        dealer: dealer.into(),
        id,
        slug: slug.into(),
        reserve,
    }
}

/// What a build publishes: alpha's RAV4 (sold in the later build), Yaris (repriced) and
/// Klugers (gone), and beta's Yarises to compare with. `later` is the second build.
fn stock(later: bool) -> Market {
    let yaris_price = if later { 19_500.0 } else { 23_000.0 };
    let mut cars = vec![car("alpha", "2022-toyota-yaris-2", "Yaris", yaris_price)];
    let mut listings = vec![listing(
        "alpha",
        YARIS,
        "2022-toyota-yaris-2",
        ReserveState::Reservable,
    )];
    if later {
        listings.push(listing(
            "alpha",
            RAV4,
            "2022-toyota-rav4-1",
            ReserveState::Sold,
        ));
    } else {
        cars.push(car("alpha", "2022-toyota-rav4-1", "RAV4", 36_000.0));
        cars.push(car("alpha", "2022-toyota-kluger-3", "Kluger", 52_000.0));
        // Enough Klugers (with unpublished ones) to value a trade-in against.
        cars.extend((0..4).map(|i| car("alpha", &format!("kluger-{i}"), "Kluger", 50_000.0)));
        listings.push(listing(
            "alpha",
            RAV4,
            "2022-toyota-rav4-1",
            ReserveState::Reservable,
        ));
        listings.push(listing(
            "alpha",
            KLUGER,
            "2022-toyota-kluger-3",
            ReserveState::Reservable,
        ));
    }
    for i in 0..8u32 {
        let slug = format!("yaris-{i}");
        cars.push(car("beta", &slug, "Yaris", 20_000.0 + f64::from(i) * 500.0));
        listings.push(listing(
            "beta",
            100 + u64::from(i),
            &slug,
            ReserveState::Reservable,
        ));
    }
    Market::new(cars).with_listings(listings)
}

fn reservation(car_id: u64) -> Value {
    json!({
        "car_id": car_id, "name": "Jo", "last_name": "Citizen", "email": "jo@example.com",
        "phone": "0412 345 678", "postcode": "4000"
    })
}

#[tokio::test]
async fn a_car_sold_repriced_or_removed_by_a_later_build_is_answered_so_without_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("market.tsv");
    let (mut st, clock, store_dir) = state(tenants(None), Policy::default());
    st.market = Arc::new(MarketSource::file(path.clone()));
    let app = serve(st, clock, store_dir).await;
    // Before any build the API knows nothing of the stock: the page stays as built.
    let unknown = app.get(HOST, "/api/stock/1", None).await;
    assert_eq!(
        unknown.json,
        json!({ "car_id": RAV4, "status": "unknown", "price": null })
    );
    std::fs::write(&path, stock(false).to_tsv()).expect("first build");

    let state_of = |id: u64| {
        let app = &app;
        async move {
            let answer = app.get(HOST, &format!("/api/stock/{id}"), None).await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
            assert_eq!(answer.headers["cache-control"], "no-store");
            answer.json
        }
    };
    assert_eq!(
        state_of(RAV4).await,
        json!({ "car_id": RAV4, "status": "available", "price": 36_000.0 })
    );
    assert_eq!(state_of(YARIS).await["price"], 23_000.0);
    assert_eq!(state_of(KLUGER).await["status"], "available");
    let yaris_path = "/cars/2022-toyota-yaris-2/autogauge";
    assert_eq!(
        app.get(HOST, yaris_path, None).await.json["listing_price"],
        23_000.0
    );
    let valued = || async {
        let options = app.get(HOST, "/api/trade-in/options", None).await;
        assert_eq!(options.status, StatusCode::OK, "{}", options.text);
        // The models the market can value (the catalogue lists every model besides).
        options.json["makes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|m| m["valued"].as_array().is_some_and(|v| !v.is_empty()))
            .map(|m| json!({ "make": m["make"], "models": m["valued"] }))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        json!(valued().await),
        json!([{ "make": "Toyota", "models": ["Kluger", "Yaris"] }])
    );

    // The later build: written beside and renamed over, as the build writes it, with a
    // later modification time.
    let partial = dir.path().join("market.tsv.partial");
    std::fs::write(&partial, stock(true).to_tsv()).expect("later build");
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&partial)
        .and_then(|f| f.set_modified(later))
        .expect("mtime");
    std::fs::rename(&partial, &path).expect("swap");

    assert_eq!(
        state_of(RAV4).await,
        json!({ "car_id": RAV4, "status": "sold", "price": null })
    );
    let sold = app
        .post(HOST, "/api/reservations", &reservation(RAV4), None)
        .await;
    assert_eq!(
        (sold.status, sold.json["code"].as_str()),
        (StatusCode::CONFLICT, Some("car_sold")),
        "{}",
        sold.text
    );
    assert_eq!(
        state_of(YARIS).await,
        json!({ "car_id": YARIS, "status": "available", "price": 19_500.0 })
    );
    assert_eq!(
        app.get(HOST, yaris_path, None).await.json["listing_price"],
        19_500.0,
        "the comparison prices the car as the later build does"
    );
    assert_eq!(state_of(KLUGER).await["status"], "gone");
    assert_eq!(
        json!(valued().await),
        json!([{ "make": "Toyota", "models": ["Yaris"] }]),
        "trade-ins are valued against the later build's stock"
    );
    let gone = app
        .post(HOST, "/api/reservations", &reservation(KLUGER), None)
        .await;
    assert_eq!(
        (gone.status, gone.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("car_not_found"))
    );
    assert_eq!(
        app.get(HOST, "/cars/2022-toyota-kluger-3/autogauge", None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // A hold makes a car reserved; another dealer's car is not this dealer's.
    // A hold paid at the dealership is taken under the shopper's signed-in phone.
    let cookie = app.sign_in(HOST, "0412 345 678").await;
    let held = app
        .post(
            HOST,
            "/api/reservations",
            &reservation(YARIS),
            Some(&cookie),
        )
        .await;
    assert_eq!(held.status, StatusCode::CREATED, "{}", held.text);
    assert_eq!(state_of(YARIS).await["status"], "reserved");
    assert_eq!(state_of(100).await["status"], "gone", "beta's car");
    for bad in ["0", "abc", "-1", "99999999999999999999999"] {
        let answer = app.get(HOST, &format!("/api/stock/{bad}"), None).await;
        assert_eq!(
            (answer.status, answer.json["fields"]["car_id"].as_str()),
            (StatusCode::BAD_REQUEST, Some(INVALID_CAR_ID)),
            "{bad}: {}",
            answer.text
        );
    }
}

// ---------------------------------------------------------------- Lambda and S3

const SECRET: &str = "fixture-origin-secret-6d1f0c2a9b8e4f7a";
const BUCKET: &str = "forecourt-sites-test";

fn s3_client(url: &str) -> aws_sdk_s3::Client {
    let config = aws_sdk_s3::Config::builder()
        .behavior_version(aws_sdk_s3::config::BehaviorVersion::latest())
        .region(aws_sdk_s3::config::Region::new("ap-southeast-2"))
        .credentials_provider(aws_sdk_s3::config::Credentials::new(
            "testing", "testing", None, None, "stock",
        ))
        .endpoint_url(url)
        .force_path_style(true)
        .build();
    aws_sdk_s3::Client::from_conf(config)
}

async fn put_stock(client: &aws_sdk_s3::Client, slug: &str, market: &Market) {
    client
        .put_object()
        .bucket(BUCKET)
        .key(stock_key(slug))
        .body(dealer_stock(market, slug).into_bytes().into())
        .send()
        .await
        .expect("put the stock object");
}

/// An API Gateway event of the API, as CloudFront sends it for alpha's site.
fn event(method: &str, path: &str, body: Option<&Value>) -> String {
    let path_in_fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/apigw-v2-lead.json");
    let mut event: Value =
        serde_json::from_str(&std::fs::read_to_string(path_in_fixture).expect("fixture"))
            .expect("json");
    event["rawPath"] = json!(path);
    event["requestContext"]["http"]["method"] = json!(method);
    event["requestContext"]["http"]["path"] = json!(path);
    event["pathParameters"]["proxy"] = json!(path.trim_start_matches("/api/"));
    let body = body.map(Value::to_string).unwrap_or_default();
    event["headers"]["content-length"] = json!(body.len().to_string());
    event["headers"]["idempotency-key"] = json!(format!("{method}-{path}-{}", body.len()));
    event["body"] = if body.is_empty() {
        Value::Null
    } else {
        json!(body)
    };
    event.to_string()
}

async fn invoke(router: axum::Router, event: &str) -> (StatusCode, Value) {
    use lambda_http::IntoResponse;
    use tower::ServiceExt;
    let request = lambda_http::request::from_str(event).expect("a valid Lambda event");
    let response = router.oneshot(request).await.expect("answer");
    let response = response.into_response().await;
    let status = response.status();
    let body = match response.body() {
        lambda_http::Body::Text(text) => serde_json::from_str(text).expect("json"),
        lambda_http::Body::Binary(bytes) => serde_json::from_slice(bytes).expect("json"),
        _ => Value::Null,
    };
    (status, body)
}

#[tokio::test]
async fn the_lambda_reads_each_dealers_stock_object_through_the_s3_client_and_sees_a_new_build_after_the_window(
) {
    if std::env::var("FORECOURT_SKIP_DYNAMODB").is_ok_and(|v| v == "1") {
        eprintln!("FORECOURT_SKIP_DYNAMODB=1: the moto run is skipped");
        return;
    }
    let moto = crate::store_conformance::start_moto();
    let client = s3_client(&moto.url);
    client
        .create_bucket()
        .bucket(BUCKET)
        .create_bucket_configuration(
            aws_sdk_s3::types::CreateBucketConfiguration::builder()
                .location_constraint(aws_sdk_s3::types::BucketLocationConstraint::ApSoutheast2)
                .build(),
        )
        .send()
        .await
        .expect("bucket");
    put_stock(&client, "alpha", &stock(false)).await;
    put_stock(&client, "beta", &stock(false)).await;

    let (mut st, clock, _dir) = state(tenants(None), Policy::default());
    st.runtime = edge_api::Runtime::Lambda;
    st.origin_secrets = edge_api::extract::OriginSecrets::new([SECRET]);
    st.dist = None;
    let source = Arc::new(MarketSource::bucket(
        client.clone(),
        BUCKET,
        ["alpha".to_owned(), "beta".to_owned(), "gamma".to_owned()],
        MAX_STOCK_TTL,
    ));
    st.market = Arc::clone(&source);
    let router = || edge_api::lambda::router(st.clone());

    let (status, body) = invoke(router(), &event("GET", "/api/stock/1", None)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({ "car_id": RAV4, "status": "available", "price": 36_000.0 })
    );
    assert_eq!(
        source.fetches(),
        StockFetches {
            downloaded: 2,
            not_modified: 0,
            missing: 1,
            failed: 0
        },
        "alpha's and beta's objects; gamma has none yet"
    );
    assert!(source.knows("alpha") && !source.knows("gamma"));

    // The later build publishes alpha's object; within the window the API answers from
    // what it read, without asking.
    put_stock(&client, "alpha", &stock(true)).await;
    clock.advance(Duration::seconds(30));
    let (_, body) = invoke(router(), &event("GET", "/api/stock/1", None)).await;
    assert_eq!(body["status"], "available");
    assert_eq!(
        source.fetches().downloaded,
        2,
        "no request inside the window"
    );

    // Past the window: alpha's changed object is downloaded, beta's unchanged one is a 304.
    clock.advance(MAX_STOCK_TTL);
    let (_, body) = invoke(router(), &event("GET", "/api/stock/1", None)).await;
    assert_eq!(
        body,
        json!({ "car_id": RAV4, "status": "sold", "price": null })
    );
    assert_eq!(
        source.fetches(),
        StockFetches {
            downloaded: 3,
            not_modified: 1,
            missing: 2,
            failed: 0
        }
    );
    let (status, body) = invoke(
        router(),
        &event("POST", "/api/reservations", Some(&reservation(RAV4))),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("car_sold")),
        "{body}"
    );
    let (status, body) = invoke(
        router(),
        &event("POST", "/api/reservations", Some(&reservation(KLUGER))),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("car_not_found")),
        "{body}"
    );
    let (_, body) = invoke(router(), &event("GET", "/api/stock/2", None)).await;
    assert_eq!(body["price"], 19_500.0, "repriced");
    // Beta's cars still compare: the Yaris has its comparables from beta's object.
    let (status, body) = invoke(
        router(),
        &event("GET", "/cars/2022-toyota-yaris-2/autogauge", None),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["listing_price"].as_f64(), body["comparables"].as_u64()),
        (Some(19_500.0), Some(8))
    );

    // An object that is not a dealer's stock state is refused; the last good one stays.
    client
        .put_object()
        .bucket(BUCKET)
        .key(stock_key("alpha"))
        .body(dealer_stock(&stock(false), "beta").into_bytes().into())
        .send()
        .await
        .expect("put");
    clock.advance(MAX_STOCK_TTL);
    let (_, body) = invoke(router(), &event("GET", "/api/stock/1", None)).await;
    assert_eq!(body["status"], "sold");
    assert_eq!(source.fetches().failed, 1);
}
