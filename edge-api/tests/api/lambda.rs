//! The Lambda handler path: API Gateway (HTTP API v2) and function URL events from
//! `tests/data/` through the same router `bootstrap` runs.

use edge_api::app;
use edge_api::policy::Policy;
use lambda_http::IntoResponse;
use reqwest::StatusCode;
use serde_json::Value;
use tower::ServiceExt;

use crate::support::{state, tenants};

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

async fn invoke(router: axum::Router, event: &str) -> (StatusCode, Value) {
    let request = lambda_http::request::from_str(event).expect("a valid Lambda event");
    let response = router.oneshot(request).await.expect("answer");
    // The conversion lambda_http::run applies before answering the runtime.
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
async fn an_api_gateway_lead_event_stores_the_lead_for_the_forwarded_host() {
    let (mut state, _clock, _dir) = state(tenants(None), Policy::default());
    state.trust_forwarded_for = true;
    state.dist = None;
    let event = fixture("apigw-v2-lead.json");
    let (status, body) = invoke(app(state.clone()), &event).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["lead_id"].as_str().expect("lead id");
    let lead = state.store.lead("alpha", id).await.expect("read").expect("stored for alpha");
    assert_eq!(lead.fields["user_agent"], "Mozilla/5.0 (X11; Linux x86_64) Fixture");
    assert_eq!(lead.fields["car_id"], 1042);
    // The same event again (a retried invocation) carries the same idempotency key.
    let (again, body) = invoke(app(state.clone()), &event).await;
    assert_eq!((again, body["lead_id"].as_str()), (StatusCode::OK, Some(id)));
    // The per-address counter used the shopper's address, not the gateway's.
    let hits = state.store.hit_rate("alpha", "leads-ip", "203.0.113.7", chrono::Duration::hours(1), state.clock.now()).await.expect("hits");
    assert_eq!(hits, 3);
}

#[tokio::test]
async fn a_function_url_event_is_answered() {
    let (state, _clock, _dir) = state(tenants(None), Policy::default());
    let (status, body) = invoke(app(state), &fixture("function-url-openapi.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["paths"]["/api/leads"].is_object());
}

#[tokio::test]
async fn the_lambda_state_has_no_development_endpoints_whatever_its_settings_say() {
    let dir = tempfile::tempdir().expect("temp dir");
    let flags = edge_api::config::Flags {
        dev_mode: Some(true),
        dealers: Some(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers")),
        data: Some(dir.path().join("data")),
        dist: Some(dir.path().join("dist")),
        sms: Some(edge_api::config::SmsChoice::Log),
        ..edge_api::config::Flags::default()
    };
    let settings = edge_api::config::Settings::resolve(&flags).expect("settings");
    assert!(settings.dev_mode, "FORECOURT_DEV_MODE set on the function");
    let state = edge_api::lambda::state_from_env(&settings).await.expect("state");
    assert_eq!(state.runtime, edge_api::Runtime::Lambda);
    let get = |path: &str| {
        axum::http::Request::get(path)
            .header("host", "abc123def4.execute-api.ap-southeast-2.amazonaws.com")
            .header("x-forwarded-host", "jacaranda-toyota.localhost")
            .body(axum::body::Body::empty())
            .expect("request")
    };
    let outbox = app(state.clone()).oneshot(get("/api/dev/sms-outbox?phone=0412345678")).await.expect("answer");
    assert_eq!(outbox.status(), StatusCode::NOT_FOUND);
    let doc = app(state).oneshot(get("/api/openapi.json")).await.expect("answer");
    let bytes = http_body_util::BodyExt::collect(doc.into_body()).await.expect("body").to_bytes();
    let doc: Value = serde_json::from_slice(&bytes).expect("json");
    let paths = doc["paths"].as_object().expect("paths");
    assert!(paths.contains_key("/api/leads"));
    assert!(paths.keys().all(|p| !p.starts_with("/api/dev/")), "{:?}", paths.keys().collect::<Vec<_>>());
}
