//! `GET /api/places?q=`: Australian places for the place fields, from the bundled dataset.

use std::sync::Arc;

use domain::rules::postcodes::PostcodeTable;
use edge_api::policy::{Policy, RateLimit};
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::{postcode_table, serve, spawn, state, tenants, TestApp};

async fn with_table(table: PostcodeTable, policy: Policy) -> TestApp {
    let (mut st, clock, dir) = state(tenants(None), policy);
    st.postcodes = Arc::new(table);
    serve(st, clock, dir).await
}

fn labels(json: &Value) -> Vec<String> {
    json.as_array()
        .expect("a list of places")
        .iter()
        .map(|p| p["label"].as_str().expect("label").to_string())
        .collect()
}

#[tokio::test]
async fn typing_the_start_of_a_suburb_offers_it_and_its_neighbours_nearest_the_dealer_first() {
    let app = with_table(postcode_table(), Policy::default()).await;
    // Alpha's yard is in Brisbane.
    let spring = app
        .get("alpha.localhost", "/api/places?q=Spring", None)
        .await;
    assert_eq!(spring.status, StatusCode::OK, "{}", spring.text);
    assert_eq!(spring.headers["cache-control"], "public, max-age=3600");
    let found = labels(&spring.json);
    assert_eq!(found.len(), 8, "at most 8: {found:?}");
    assert!(
        found.contains(&"Springwood QLD 4127".to_string()),
        "{found:?}"
    );
    assert!(
        found.iter().all(|l| l.starts_with("Spring")),
        "only places starting with the typed text: {found:?}"
    );
    let first = &spring.json[0];
    for field in ["name", "state", "postcode", "label"] {
        assert!(first[field].is_string(), "{field}");
    }
    assert!(first["lat"].is_f64() && first["lng"].is_f64());
    assert_eq!(
        first["state"], "QLD",
        "a Brisbane dealer's nearest Spring first"
    );

    let typo = app
        .get("alpha.localhost", "/api/places?q=Sprignwood%20QLD", None)
        .await;
    assert_eq!(labels(&typo.json), ["Springwood QLD 4127"]);

    let postcode = app.get("alpha.localhost", "/api/places?q=4114", None).await;
    let in_4114 = labels(&postcode.json);
    assert_eq!(
        in_4114.first().map(String::as_str),
        Some("Kingston QLD 4114")
    );
    assert!(in_4114.contains(&"Woodridge QLD 4114".to_string()));
    assert!(in_4114.iter().all(|l| l.ends_with(" 4114")));

    let nothing = app
        .get("alpha.localhost", "/api/places?q=Qwxzv", None)
        .await;
    assert_eq!(
        (nothing.status, nothing.json.clone()),
        (StatusCode::OK, Value::Array(vec![]))
    );
}

#[tokio::test]
async fn a_missing_empty_or_overlong_query_is_a_400_naming_q() {
    let app = with_table(postcode_table(), Policy::default()).await;
    let long = format!("/api/places?q={}", "a".repeat(61));
    for path in [
        "/api/places",
        "/api/places?q=",
        "/api/places?q=%20%20",
        long.as_str(),
    ] {
        let answer = app.get("alpha.localhost", path, None).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{path}");
        assert!(
            answer.json["fields"]["q"].is_string(),
            "{path}: {}",
            answer.text
        );
    }
    let sixty = format!("/api/places?q={}", "a".repeat(60));
    assert_eq!(
        app.get("alpha.localhost", &sixty, None).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn suggestions_are_rate_limited_per_client_address_across_dealers() {
    let policy = Policy {
        places_per_ip: RateLimit {
            max: 2,
            window_secs: 3600,
        },
        ..Policy::default()
    };
    let table = PostcodeTable::from_tsv(
        "postcode\tlat\tlng\tlocality\tstate\tkind\tremoteness\n\
         4000\t-27.4698\t153.0251\tBRISBANE\tQLD\tpostcode\t\n\
         4000\t-27.4698\t153.0251\tBrisbane\tQLD\tlocality\t1\n",
    )
    .expect("table");
    let app = with_table(table, policy).await;
    let ask = |host: &'static str| app.get(host, "/api/places?q=Bris", None);
    assert_eq!(ask("alpha.localhost").await.status, StatusCode::OK);
    assert_eq!(ask("beta.example.com.au").await.status, StatusCode::OK);
    let third = ask("alpha.localhost").await;
    assert_eq!(
        (third.status, third.json["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"))
    );
}

#[tokio::test]
async fn without_place_data_the_answer_is_503_never_500() {
    let app = spawn().await;
    let answer = app
        .get("alpha.localhost", "/api/places?q=Spring", None)
        .await;
    assert_eq!(
        (answer.status, answer.json["code"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("unavailable"))
    );
}
