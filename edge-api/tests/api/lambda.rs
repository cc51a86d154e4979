//! The Lambda handler path: API Gateway (HTTP API v2) and function URL events from
//! `tests/data/` through the router `bootstrap` runs (`edge_api::lambda::router`): the
//! origin secret CloudFront adds, the client address CloudFront saw, and never the
//! `X-Forwarded-For` a client wrote.

use std::sync::Arc;

use domain::messages::{AMBIGUOUS_HOST, ORIGIN_REQUIRED, RATE_LIMITED};
use edge_api::clock::ManualClock;
use edge_api::extract::OriginSecrets;
use edge_api::lambda::{router, ORIGIN_SECRET_HEADER};
use edge_api::policy::Policy;
use edge_api::AppState;
use lambda_http::IntoResponse;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tempfile::TempDir;
use tower::ServiceExt;

use crate::support::{state, stored_json, tenants};

/// The origin secret the fixtures of CloudFront traffic carry.
const SECRET: &str = "fixture-origin-secret-6d1f0c2a9b8e4f7a";

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fixture event with some of its parts changed.
fn edited(name: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut event: Value = serde_json::from_str(&fixture(name)).expect("fixture json");
    edit(&mut event);
    event.to_string()
}

/// The state of a Lambda instance configured with the fixtures' origin secret.
fn lambda_state() -> (AppState, Arc<ManualClock>, TempDir) {
    let (mut state, clock, dir) = state(tenants(None), Policy::default());
    state.runtime = edge_api::Runtime::Lambda;
    state.origin_secrets = OriginSecrets::new([SECRET]);
    state.dist = None;
    (state, clock, dir)
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

/// How many events are accepted before the first 429 (`None` when none is refused).
async fn accepted_before_429(
    state: &AppState,
    events: impl IntoIterator<Item = String>,
) -> Option<usize> {
    for (accepted, event) in events.into_iter().enumerate() {
        let (status, body) = invoke(router(state.clone()), &event).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(body["message"], RATE_LIMITED);
            return Some(accepted);
        }
        assert!(status.is_success(), "event {accepted}: {status} {body}");
    }
    None
}

/// The i-th lead of one shopper device: its own phone, e-mail and idempotency key (so
/// only the per-address limit can refuse it), sent with this `X-Forwarded-For`.
fn lead_event(i: usize, forwarded_for: &str) -> String {
    edited("apigw-v2-lead.json", |event| {
        let headers = &mut event["headers"];
        headers["x-forwarded-for"] = json!(forwarded_for);
        headers["idempotency-key"] = json!(format!("lead-{i}"));
        let mut body: Value =
            serde_json::from_str(event["body"].as_str().expect("body")).expect("body json");
        body["phone"] = json!(format!("04123456{:02}", i % 100));
        body["email"] = json!(format!("shopper{i}@example.com"));
        event["body"] = json!(body.to_string());
        event["headers"]["content-length"] =
            json!(event["body"].as_str().map_or(0, str::len).to_string());
    })
}

/// The i-th sign-in code request of one device, for its own phone.
fn code_event(i: usize, forwarded_for: &str) -> String {
    edited("apigw-v2-request-code.json", |event| {
        event["headers"]["x-forwarded-for"] = json!(forwarded_for);
        event["body"] = json!(json!({ "phone": format!("04123456{:02}", i % 100) }).to_string());
        event["headers"]["content-length"] =
            json!(event["body"].as_str().map_or(0, str::len).to_string());
    })
}

#[tokio::test]
async fn an_api_gateway_lead_event_stores_the_lead_for_the_forwarded_host() {
    let (state, _clock, _dir) = lambda_state();
    let event = fixture("apigw-v2-lead.json");
    let (status, body) = invoke(router(state.clone()), &event).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["lead_id"].as_str().expect("lead id");
    let lead = state
        .store
        .lead("alpha", id)
        .await
        .expect("read")
        .expect("stored for alpha");
    assert_eq!(
        stored_json(&lead.fields)["user_agent"],
        "Mozilla/5.0 (X11; Linux x86_64) Fixture"
    );
    assert_eq!(stored_json(&lead.fields)["car_id"], 1042);
    assert!(
        !serde_json::to_string(&lead.fields)
            .expect("fields")
            .contains(SECRET),
        "the secret is never stored"
    );
    // The same event again (a retried invocation) carries the same idempotency key.
    let (again, body) = invoke(router(state.clone()), &event).await;
    assert_eq!(
        (again, body["lead_id"].as_str()),
        (StatusCode::OK, Some(id))
    );
    // The per-address counter (the platform's) used the address CloudFront saw, not the
    // gateway's; the retry, answered from its key, did not count.
    let hits = state
        .store
        .hit_platform_rate(
            "leads-ip",
            "203.0.113.7",
            chrono::Duration::hours(1),
            state.clock.now(),
        )
        .await
        .expect("hits");
    assert_eq!(hits, 2, "the lead and this probe");
}

#[tokio::test]
async fn a_function_url_event_without_the_origin_secret_is_refused() {
    // The stack creates no function URL; one added by hand is not behind CloudFront,
    // so its requests carry no secret and are refused like any direct call.
    let (state, _clock, _dir) = lambda_state();
    let (status, body) = invoke(router(state.clone()), &fixture("function-url-openapi.json")).await;
    assert_eq!(
        (status, body["code"].as_str(), body["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("forbidden"),
            Some(ORIGIN_REQUIRED)
        )
    );
    // With the secret (as CloudFront sends it) the same event is answered.
    let event = edited("function-url-openapi.json", |event| {
        event["headers"][ORIGIN_SECRET_HEADER] = json!(SECRET)
    });
    let (status, body) = invoke(router(state), &event).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["paths"]["/api/leads"].is_object());
}

#[tokio::test]
async fn a_rotating_forwarded_for_reaches_the_lead_limit_at_the_same_count_as_a_fixed_one() {
    let max = Policy::default().leads_per_ip.max as usize;
    let (fixed_state, _clock, _dir) = lambda_state();
    let fixed = accepted_before_429(
        &fixed_state,
        (0..max + 5).map(|i| lead_event(i, "203.0.113.7, 130.176.0.1")),
    )
    .await;
    let (rotating_state, _clock, _dir) = lambda_state();
    let rotating = accepted_before_429(
        &rotating_state,
        (0..max + 5).map(|i| lead_event(i, &format!("198.51.100.{i}, 203.0.113.7, 130.176.0.1"))),
    )
    .await;
    assert_eq!(fixed, Some(max));
    assert_eq!(
        rotating, fixed,
        "X-Forwarded-For does not pick the rate-limit bucket"
    );
}

#[tokio::test]
async fn a_rotating_forwarded_for_reaches_the_sign_in_code_limit_at_the_same_count_as_a_fixed_one()
{
    let max = Policy::default().code_per_ip.max as usize;
    let (fixed_state, _clock, _dir) = lambda_state();
    let fixed = accepted_before_429(
        &fixed_state,
        (0..max + 5).map(|i| code_event(i, "2001:db8:4:7::15, 130.176.0.9")),
    )
    .await;
    let (rotating_state, _clock, _dir) = lambda_state();
    let rotating = accepted_before_429(
        &rotating_state,
        (0..max + 5).map(|i| code_event(i, &format!("2001:db8:99::{i:x}, 130.176.0.9"))),
    )
    .await;
    assert_eq!(fixed, Some(max));
    assert_eq!(
        rotating, fixed,
        "X-Forwarded-For does not pick the rate-limit bucket"
    );
    // The IPv6 viewer address (port after the last colon) picks the bucket: its /64,
    // counted across the platform.
    let hits = fixed_state
        .store
        .hit_platform_rate(
            "code-ip",
            "2001:db8:4:7::/64",
            chrono::Duration::minutes(15),
            fixed_state.clock.now(),
        )
        .await
        .expect("hits");
    assert_eq!(
        hits as usize,
        max + 1 + 1,
        "the accepted requests, the refused one and this probe"
    );
}

#[tokio::test]
async fn a_direct_call_with_a_forged_viewer_address_is_refused_without_the_right_secret() {
    let (state, _clock, _dir) = lambda_state();
    let wrong = format!("{}x", &SECRET[..SECRET.len() - 1]);
    let cases = [
        ("no secret", edited("apigw-v2-direct-forged.json", |_| {})),
        (
            "wrong secret",
            edited("apigw-v2-direct-forged.json", |e| {
                e["headers"][ORIGIN_SECRET_HEADER] = json!(wrong)
            }),
        ),
        (
            "empty secret",
            edited("apigw-v2-direct-forged.json", |e| {
                e["headers"][ORIGIN_SECRET_HEADER] = json!("")
            }),
        ),
        // API Gateway joins a repeated header with commas.
        (
            "secret twice",
            edited("apigw-v2-direct-forged.json", |e| {
                e["headers"][ORIGIN_SECRET_HEADER] = json!(format!("{SECRET}, {SECRET}"))
            }),
        ),
    ];
    for (case, event) in cases {
        let (status, body) = invoke(router(state.clone()), &event).await;
        assert_eq!(
            (status, body["code"].as_str(), body["message"].as_str()),
            (
                StatusCode::FORBIDDEN,
                Some("forbidden"),
                Some(ORIGIN_REQUIRED)
            ),
            "{case}"
        );
    }
    // Nothing was stored and nothing counted under the address the caller wrote.
    let forged = state
        .store
        .hit_platform_rate(
            "leads-ip",
            "192.0.2.99",
            chrono::Duration::hours(1),
            state.clock.now(),
        )
        .await
        .expect("hits");
    assert_eq!(forged, 1, "only this probe");

    // Through CloudFront (secret right) a viewer address that is not an address is not
    // believed either: the gateway's source address is the bucket.
    let garbage = edited("apigw-v2-lead.json", |e| {
        e["headers"]["cloudfront-viewer-address"] = json!("203.0.113.7, 192.0.2.1:80")
    });
    let (status, body) = invoke(router(state.clone()), &garbage).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let source = state
        .store
        .hit_platform_rate(
            "leads-ip",
            "130.176.0.1",
            chrono::Duration::hours(1),
            state.clock.now(),
        )
        .await
        .expect("hits");
    assert_eq!(source, 2, "the lead and this probe");
}

#[tokio::test]
async fn a_state_not_configured_for_lambda_refuses_every_event() {
    // Without a secret nothing can prove it came through CloudFront (bootstrap does not
    // start without one).
    let (state, _clock, _dir) = state(tenants(None), Policy::default());
    let (status, body) = invoke(router(state), &fixture("apigw-v2-lead.json")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("forbidden"))
    );
}

#[tokio::test]
async fn an_event_naming_two_hosts_is_refused() {
    let (state, _clock, _dir) = lambda_state();
    // API Gateway passes a repeated header as one comma list.
    let event = edited("apigw-v2-lead.json", |e| {
        e["headers"]["x-forwarded-host"] = json!("www.alphamotors.com.au, beta.example.com.au")
    });
    let (status, body) = invoke(router(state.clone()), &event).await;
    assert_eq!(
        (
            status,
            body["code"].as_str(),
            body["fields"]["Host"].as_str()
        ),
        (
            StatusCode::BAD_REQUEST,
            Some("bad_request"),
            Some(AMBIGUOUS_HOST)
        ),
        "{body}"
    );
    // (The Host of an API Gateway event is the gateway's own domain; lambda_http cannot
    // even build a request from a Host holding a comma list, so only X-Forwarded-Host
    // can name a second host on Lambda.)
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
        // SES needs the platform's sending address; creating its client sends nothing.
        mail_from: Some("leads@mail.example.com.au".into()),
        ..edge_api::config::Flags::default()
    };
    let settings = edge_api::config::Settings::resolve(&flags).expect("settings");
    assert!(settings.dev_mode, "FORECOURT_DEV_MODE set on the function");
    let state = edge_api::lambda::state_from_env(&settings)
        .await
        .expect("state");
    assert_eq!(state.runtime, edge_api::Runtime::Lambda);
    let get = |path: &str| {
        axum::http::Request::get(path)
            .header(
                "host",
                "abc123def4.execute-api.ap-southeast-2.amazonaws.com",
            )
            .header("x-forwarded-host", "jacaranda-toyota.localhost")
            .body(axum::body::Body::empty())
            .expect("request")
    };
    let outbox = edge_api::app(state.clone())
        .oneshot(get("/api/dev/sms-outbox?phone=0412345678"))
        .await
        .expect("answer");
    assert_eq!(outbox.status(), StatusCode::NOT_FOUND);
    let doc = edge_api::app(state)
        .oneshot(get("/api/openapi.json"))
        .await
        .expect("answer");
    let bytes = http_body_util::BodyExt::collect(doc.into_body())
        .await
        .expect("body")
        .to_bytes();
    let doc: Value = serde_json::from_slice(&bytes).expect("json");
    let paths = doc["paths"].as_object().expect("paths");
    assert!(paths.contains_key("/api/leads"));
    assert!(
        paths.keys().all(|p| !p.starts_with("/api/dev/")),
        "{:?}",
        paths.keys().collect::<Vec<_>>()
    );
}
