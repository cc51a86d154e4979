//! Malformed input: never a 500, always the common JSON error naming the field.

use axum::routing::get;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::support::spawn;
use domain::messages::{MALFORMED_JSON, NOT_JSON};

const HOST: &str = "alpha.localhost";

#[tokio::test]
async fn malformed_bodies_never_give_a_500() {
    let app = spawn().await;
    let cookie = app.sign_in(HOST, "0412345678").await;
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let bodies: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"{".to_vec(),
        b"null".to_vec(),
        b"[]".to_vec(),
        b"\"text\"".to_vec(),
        b"{\"phone\": 412345678}".to_vec(),
        b"{\"car_id\": \"x\", \"phone_number\": []}".to_vec(),
        b"{\"car_id\": -1, \"phone_number\": \"0412345678\"}".to_vec(),
        b"{\"car_id\": 1e400}".to_vec(),
        b"{\"name\": {\"nested\": true}}".to_vec(),
        b"{\"lead_attributes\": {\"visited_pages\": [1, 2]}}".to_vec(),
        vec![0xff, 0xfe, b'{', b'}'],
        b"{} trailing".to_vec(),
        deep.into_bytes(),
    ];
    let paths = [
        "/api/auth/request-code",
        "/api/auth/verify",
        "/api/watchlist/save-car",
        "/api/watchlist/remove-car",
        "/api/leads",
    ];
    for path in paths {
        for body in &bodies {
            let request = app
                .request(reqwest::Method::POST, HOST, path)
                .header("content-type", "application/json")
                .header("cookie", &cookie)
                .body(body.clone());
            let answer = app.send(request).await;
            assert!(
                answer.status.is_client_error(),
                "{path} {:?} -> {}",
                String::from_utf8_lossy(body),
                answer.status
            );
            assert_eq!(answer.json["success"], false, "{path}: {}", answer.text);
            assert!(
                answer.json["code"].is_string() && answer.json["message"].is_string(),
                "{path}: {}",
                answer.text
            );
        }
    }
}

#[tokio::test]
async fn errors_name_the_field_unknown_fields_are_refused_and_limits_hold() {
    let app = spawn().await;
    let answer = app
        .post(
            HOST,
            "/api/leads",
            &json!({ "name": "Jo", "favourite_colour": "red" }),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.json["fields"]["favourite_colour"].is_string(),
        "{}",
        answer.text
    );
    let answer = app
        .post(HOST, "/api/leads", &json!({ "opt_in": "yes" }), None)
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.json["fields"]["opt_in"].is_string(),
        "{}",
        answer.text
    );
    let answer = app
        .post(
            HOST,
            "/api/leads",
            &json!({ "lead_attributes": { "visited_pages": [1] } }),
            None,
        )
        .await;
    assert!(
        answer.json["fields"]["lead_attributes.visited_pages[0]"].is_string(),
        "{}",
        answer.text
    );
    let answer = app
        .post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": "0412345678" }),
            None,
        )
        .await;
    assert!(
        answer.json["fields"]["code"].is_string(),
        "missing field named: {}",
        answer.text
    );

    let raw = |body: &'static str, content_type: &'static str| {
        app.request(reqwest::Method::POST, HOST, "/api/leads")
            .header("content-type", content_type)
            .body(body)
    };
    let broken = app.send(raw("{\"name\": ", "application/json")).await;
    assert_eq!(
        (broken.status, broken.json["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some(MALFORMED_JSON))
    );
    let form = app
        .send(raw("name=Jo", "application/x-www-form-urlencoded"))
        .await;
    assert_eq!(
        (form.status, form.json["message"].as_str()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, Some(NOT_JSON))
    );

    let huge = json!({ "message": "x".repeat(200 * 1024) });
    let too_big = app.post(HOST, "/api/leads", &huge, None).await;
    assert_eq!(
        (too_big.status, too_big.json["code"].as_str()),
        (StatusCode::PAYLOAD_TOO_LARGE, Some("payload_too_large"))
    );

    let wrong_method = app.get(HOST, "/api/leads", None).await;
    assert_eq!(
        (wrong_method.status, wrong_method.json["code"].as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, Some("method_not_allowed"))
    );
    let bad_key = app
        .send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .header("Idempotency-Key", "k".repeat(300))
                .json(&json!({})),
        )
        .await;
    assert!(bad_key.json["fields"]["Idempotency-Key"].is_string());
    let bad_query = app.get(HOST, "/api/dev/sms-outbox", None).await;
    assert_eq!(bad_query.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_panic_is_answered_with_the_common_json_error() {
    let router = axum::Router::new()
        .route(
            "/boom",
            get(|| async { panic!("handler bug") as &'static str }),
        )
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            edge_api::layers::panic_response,
        ));
    let request = axum::http::Request::builder()
        .uri("/boom")
        .body(axum::body::Body::empty())
        .expect("request");
    let response = router.oneshot(request).await.expect("answer");
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .expect("body")
        .to_bytes();
    let body: Value = serde_json::from_slice(&bytes).expect("json");
    assert_eq!(body["code"], "internal");
    assert_eq!(body["message"], domain::messages::FORM_SUBMIT_ERROR);
}

#[tokio::test]
async fn the_openapi_document_lists_every_endpoint() {
    let app = spawn().await;
    let doc = app.get(HOST, "/api/openapi.json", None).await;
    assert_eq!(doc.status, StatusCode::OK);
    assert!(doc.json["openapi"]
        .as_str()
        .is_some_and(|v| v.starts_with("3.")));
    let paths = doc.json["paths"].as_object().expect("paths");
    for path in [
        "/api/auth/request-code",
        "/api/auth/verify",
        "/api/auth/sign-out",
        "/api/me",
        "/api/session",
        "/api/dev/sms-outbox",
        "/api/watchlist",
        "/api/watchlist/save-car",
        "/api/watchlist/remove-car",
        "/api/leads",
        "/api/search",
        "/api/openapi.json",
    ] {
        assert!(paths.contains_key(path), "{path} missing from the document");
    }
    let lead = &doc.json["components"]["schemas"]["LeadPayload"]["properties"];
    for field in [
        "Vehicle Make",
        "Rego/VIN/Part#",
        "adjustmentAnswers",
        "regoState",
        "do-you-have-a-trade-in",
        "PreferredContactMethod",
    ] {
        assert!(lead.get(field).is_some(), "LeadPayload lacks {field}");
    }
}

/// OpenAPI requires a description on every response; the shared error answers
/// (`edge_api::error::answers`) carry theirs, so no endpoint documents a bare status.
#[tokio::test]
async fn every_documented_answer_says_what_it_means() {
    let app = spawn().await;
    let doc = app.get(HOST, "/api/openapi.json", None).await;
    let mut bare = Vec::new();
    for (path, methods) in doc.json["paths"].as_object().expect("paths") {
        for (method, operation) in methods.as_object().expect("methods") {
            for (status, answer) in operation["responses"].as_object().expect("responses") {
                if answer["description"]
                    .as_str()
                    .is_none_or(|d| d.trim().is_empty())
                {
                    bare.push(format!("{method} {path} {status}"));
                }
            }
        }
    }
    assert!(bare.is_empty(), "answers without a description: {bare:?}");
}

#[tokio::test]
async fn development_endpoints_are_documented_and_served_only_in_dev_mode() {
    let dev = spawn().await;
    let doc = dev.get(HOST, "/api/openapi.json", None).await;
    let outbox = &doc.json["paths"]["/api/dev/sms-outbox"]["get"];
    // The phone is the query string (`?phone=`), as the handler reads it.
    assert_eq!(
        outbox["parameters"],
        serde_json::json!([{ "name": "phone", "in": "query", "required": true, "description": "The phone whose messages to list.", "schema": { "type": "string" } }])
    );
    assert!(doc.json["paths"]["/api/dev/leads/{lead_id}"].is_object());
    assert!(doc.json["tags"]
        .as_array()
        .expect("tags")
        .iter()
        .any(|t| t["name"] == "dev"));

    for runtime in [
        edge_api::Runtime::Local { dev_mode: false },
        edge_api::Runtime::Lambda,
    ] {
        let (mut state, clock, dir) = crate::support::state(
            crate::support::tenants(None),
            edge_api::policy::Policy::default(),
        );
        state.runtime = runtime;
        let app = crate::support::serve(state, clock, dir).await;
        let doc = app.get(HOST, "/api/openapi.json", None).await;
        let paths = doc.json["paths"].as_object().expect("paths");
        assert!(paths.contains_key("/api/leads"), "{runtime:?}");
        assert!(
            paths.keys().all(|p| !p.starts_with("/api/dev/")),
            "{runtime:?}: {:?}",
            paths.keys().collect::<Vec<_>>()
        );
        assert!(
            doc.json["tags"]
                .as_array()
                .expect("tags")
                .iter()
                .all(|t| t["name"] != "dev"),
            "{runtime:?}"
        );
        for path in [
            "/api/dev/sms-outbox?phone=0412345678",
            "/api/dev/leads/0123456789abcdef",
        ] {
            let answer = app.get(HOST, path, None).await;
            assert_eq!(
                (answer.status, answer.json["code"].as_str()),
                (StatusCode::NOT_FOUND, Some("not_found")),
                "{runtime:?} {path}"
            );
        }
    }
}
