//! `POST /api/reveal-phone` and `POST /api/miscellaneous`: stored per dealer and day.

use edge_api::clock::Clock;
use reqwest::StatusCode;
use serde_json::json;

use crate::support::spawn;

#[tokio::test]
async fn a_phone_reveal_is_logged_with_its_car_dealership_and_website() {
    let app = spawn().await;
    let answer = app
        .post(
            "alpha.localhost",
            "/api/reveal-phone",
            &json!({ "car_id": 1042, "dealership_id": 7, "website_id": 99 }),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json["success"], true);
    let today = app.clock.now().date_naive();
    let events = app
        .state
        .store
        .events("alpha", "reveal-phone", today)
        .await
        .expect("events");
    assert_eq!(events.len(), 1);
    assert_eq!(
        (
            events[0]["car_id"].as_u64(),
            events[0]["dealership_id"].as_u64(),
            events[0]["website_id"].as_u64()
        ),
        (Some(1042), Some(7), Some(99))
    );
    assert!(
        app.state
            .store
            .events("beta", "reveal-phone", today)
            .await
            .expect("events")
            .is_empty(),
        "per dealer"
    );
    let only_car = app
        .post(
            "alpha.localhost",
            "/api/reveal-phone",
            &json!({ "car_id": 5 }),
            None,
        )
        .await;
    assert_eq!(only_car.status, StatusCode::CREATED);
    for (body, field) in [
        (json!({}), "car_id"),
        (json!({ "car_id": 0 }), "car_id"),
        (json!({ "car_id": "x" }), "car_id"),
        (json!({ "car_id": 1, "extra": 1 }), "extra"),
    ] {
        let bad = app
            .post("alpha.localhost", "/api/reveal-phone", &body, None)
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            bad.json["fields"][field].is_string(),
            "{body}: {}",
            bad.text
        );
    }
}

#[tokio::test]
async fn a_valuation_is_saved_under_its_column() {
    let app = spawn().await;
    let valuation = json!({ "offer_price": 18500, "rego": "ABC123", "regoState": "QLD" });
    let saved = app
        .post(
            "alpha.localhost",
            "/api/miscellaneous",
            &json!({ "column_name": "valuation", "value": valuation, "car_id": 1042 }),
            None,
        )
        .await;
    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.text);
    let events = app
        .state
        .store
        .events("alpha", "miscellaneous", app.clock.now().date_naive())
        .await
        .expect("events");
    assert_eq!(events[0]["value"]["offer_price"], 18500);
    assert_eq!(events[0]["column_name"], "valuation");
    let unknown = app
        .post(
            "alpha.localhost",
            "/api/miscellaneous",
            &json!({ "column_name": "password", "value": 1 }),
            None,
        )
        .await;
    assert_eq!(
        (
            unknown.status,
            unknown.json["fields"]["column_name"].as_str()
        ),
        (
            StatusCode::BAD_REQUEST,
            Some("column_name must be one of: valuation.")
        )
    );
}
