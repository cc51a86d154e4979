//! The edge's own checks on the local server: the client address is the socket peer
//! whatever headers say, and a request naming two hosts is refused.

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use domain::messages::{AMBIGUOUS_HOST, RATE_LIMITED};
use edge_api::app;
use edge_api::policy::Policy;
use edge_api::AppState;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

use crate::support::{spawn, state, tenants};

async fn answer(state: &AppState, request: Request<Body>) -> (StatusCode, Value) {
    let response = app(state.clone()).oneshot(request).await.expect("answer");
    let status = response.status();
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .expect("body")
        .to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The i-th lead of one device (own phone and e-mail), from `peer`, with these headers.
fn lead(i: usize, peer: SocketAddr, headers: &[(&str, String)]) -> Request<Body> {
    let body = json!({ "name": "Jo", "last_name": "Citizen", "email": format!("shopper{i}@example.com"),
        "phone": format!("04123456{:02}", i % 100), "postcode": "4000", "message": "Is it still available?", "category": "General Enquiry" });
    let mut request = Request::post("/api/leads")
        .header("host", "alpha.localhost:8080")
        .header("content-type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    request
        .extension(ConnectInfo(peer))
        .body(Body::from(body.to_string()))
        .expect("request")
}

async fn accepted_before_429(
    state: &AppState,
    requests: impl IntoIterator<Item = Request<Body>>,
) -> Option<usize> {
    for (accepted, request) in requests.into_iter().enumerate() {
        let (status, body) = answer(state, request).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(body["message"], RATE_LIMITED);
            return Some(accepted);
        }
        assert!(status.is_success(), "lead {accepted}: {status} {body}");
    }
    None
}

#[tokio::test]
async fn the_local_server_counts_the_socket_peer_whatever_the_forwarding_headers_say() {
    let max = Policy::default().leads_per_ip.max as usize;
    let peer: SocketAddr = "192.168.1.20:50123".parse().expect("peer");
    let (fixed_state, _clock, _dir) = state(tenants(None), Policy::default());
    let fixed = accepted_before_429(
        &fixed_state,
        (0..max + 5).map(|i| lead(i, peer, &[("x-forwarded-for", "203.0.113.7".into())])),
    )
    .await;
    let (rotating_state, _clock, _dir) = state(tenants(None), Policy::default());
    let rotating = accepted_before_429(
        &rotating_state,
        (0..max + 5).map(|i| {
            lead(
                i,
                peer,
                &[
                    ("x-forwarded-for", format!("198.51.100.{i}")),
                    ("cloudfront-viewer-address", format!("198.51.100.{i}:443")),
                ],
            )
        }),
    )
    .await;
    assert_eq!(fixed, Some(max));
    assert_eq!(
        rotating, fixed,
        "neither X-Forwarded-For nor CloudFront-Viewer-Address picks the bucket locally"
    );
    let hits = rotating_state
        .store
        .hit_platform_rate(
            "leads-ip",
            "192.168.1.20",
            chrono::Duration::hours(1),
            rotating_state.clock.now(),
        )
        .await
        .expect("hits");
    assert_eq!(
        hits as usize,
        max + 1 + 1,
        "the accepted leads, the refused one and this probe"
    );
}

#[tokio::test]
async fn two_host_headers_are_refused_with_a_400_naming_the_host() {
    let (state, _clock, _dir) = state(tenants(None), Policy::default());
    let peer: SocketAddr = "127.0.0.1:50000".parse().expect("peer");
    let two_hosts = Request::post("/api/auth/request-code")
        .header("host", "alpha.localhost")
        .header("host", "beta.localhost")
        .header("content-type", "application/json")
        .extension(ConnectInfo(peer))
        .body(Body::from(r#"{"phone":"0412345678"}"#))
        .expect("request");
    let (status, body) = answer(&state, two_hosts).await;
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
    let two_forwarded = Request::get("/api/me")
        .header("host", "127.0.0.1:8080")
        .header("x-forwarded-host", "alpha.localhost")
        .header("x-forwarded-host", "beta.localhost")
        .body(Body::empty())
        .expect("request");
    let (status, body) = answer(&state, two_forwarded).await;
    assert_eq!(
        (status, body["fields"]["Host"].as_str()),
        (StatusCode::BAD_REQUEST, Some(AMBIGUOUS_HOST)),
        "{body}"
    );
    // One X-Forwarded-Host (a proxy in front) still names the dealer over the Host.
    let proxied = Request::get("/api/me")
        .header("host", "127.0.0.1:8080")
        .header("x-forwarded-host", "alpha.localhost")
        .body(Body::empty())
        .expect("request");
    let (status, body) = answer(&state, proxied).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("sign_in_required")),
        "{body}"
    );
}

#[tokio::test]
async fn the_running_server_refuses_two_host_headers_on_the_wire() {
    let app = spawn().await;
    let mut stream = tokio::net::TcpStream::connect(app.addr)
        .await
        .expect("connect");
    let body = r#"{"phone":"0412345678"}"#;
    let request = format!(
        "POST /api/auth/request-code HTTP/1.1\r\nHost: alpha.localhost\r\nHost: beta.localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.expect("read");
    assert!(raw.starts_with("HTTP/1.1 400"), "{raw}");
    assert!(raw.contains(AMBIGUOUS_HOST), "{raw}");
}
