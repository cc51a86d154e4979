//! Watchlist: save, remove, list; only the signed-in owner of the phone number.

use domain::messages::{CAR_REMOVED, CAR_SAVED_IN_WATCHLIST};
use reqwest::StatusCode;
use serde_json::json;

use std::sync::Arc;

use domain::rules::availability::ReserveState;
use domain::rules::market::{Listing, Market};
use edge_api::market::MarketSource;
use edge_api::policy::Policy;

use crate::support::{serve, state, tenants, TestApp};

const HOST: &str = "alpha.localhost";

/// The app with alpha publishing cars 1 to 50: only a published car can be saved.
async fn spawn() -> TestApp {
    let (mut st, clock, dir) = state(tenants(None), Policy::default());
    let listings = (1..=50).map(|id| Listing {
        dealer: "alpha".into(),
        id,
        slug: format!("car-{id}"),
        reserve: ReserveState::Reservable,
    });
    st.market = Arc::new(MarketSource::fixed(
        Market::default().with_listings(listings),
    ));
    serve(st, clock, dir).await
}

#[tokio::test]
async fn save_remove_and_list_answer_the_success_flag_and_seed_toasts() {
    let app = spawn().await;
    let cookie = app.sign_in(HOST, "0412345678").await;
    let saved = app
        .post(
            HOST,
            "/api/watchlist/save-car",
            &json!({ "phone_number": "0412345678", "car_id": 42 }),
            Some(&cookie),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["success"], true);
    assert_eq!(saved.json["message"], CAR_SAVED_IN_WATCHLIST);
    app.post(
        HOST,
        "/api/watchlist/save-car",
        &json!({ "phone_number": "+61412345678", "car_id": 7 }),
        Some(&cookie),
    )
    .await;
    let list = app.get(HOST, "/api/watchlist", Some(&cookie)).await;
    assert_eq!(list.json["watchlist"], json!([{ "id": 7 }, { "id": 42 }]));
    let removed = app
        .post(
            HOST,
            "/api/watchlist/remove-car",
            &json!({ "phone_number": "0412345678", "car_id": 42 }),
            Some(&cookie),
        )
        .await;
    assert_eq!(
        (
            removed.json["success"].as_bool(),
            removed.json["message"].as_str()
        ),
        (Some(true), Some(CAR_REMOVED))
    );
    assert_eq!(removed.json["watchlist"], json!([{ "id": 7 }]));
}

#[tokio::test]
async fn another_users_watchlist_is_forbidden() {
    let app = spawn().await;
    let mine = app.sign_in(HOST, "0412345678").await;
    let theirs = app.sign_in(HOST, "0498765432").await;
    app.post(
        HOST,
        "/api/watchlist/save-car",
        &json!({ "phone_number": "0498765432", "car_id": 5 }),
        Some(&theirs),
    )
    .await;
    for path in ["/api/watchlist/save-car", "/api/watchlist/remove-car"] {
        let answer = app
            .post(
                HOST,
                path,
                &json!({ "phone_number": "0498765432", "car_id": 5 }),
                Some(&mine),
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::FORBIDDEN,
            "{path}: {}",
            answer.text
        );
        assert_eq!(
            (
                answer.json["success"].as_bool(),
                answer.json["code"].as_str()
            ),
            (Some(false), Some("forbidden"))
        );
    }
    let theirs_list = app.get(HOST, "/api/watchlist", Some(&theirs)).await;
    assert_eq!(
        theirs_list.json["watchlist"],
        json!([{ "id": 5 }]),
        "nothing changed"
    );
    let anonymous = app
        .post(
            HOST,
            "/api/watchlist/save-car",
            &json!({ "phone_number": "0498765432", "car_id": 5 }),
            None,
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}
