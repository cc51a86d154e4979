//! Host-based tenancy: every dealer's data is its own.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{spawn, stored_json};

#[tokio::test]
async fn one_dealer_can_never_read_or_change_anothers_data() {
    let app = spawn().await;
    let alpha_cookie = app.sign_in("alpha.localhost", "0412345678").await;
    app.post(
        "alpha.localhost",
        "/api/watchlist/save-car",
        &json!({ "phone_number": "0412345678", "car_id": 9 }),
        Some(&alpha_cookie),
    )
    .await;

    // Alpha's session is nothing on beta.
    let me = app
        .get("beta.localhost", "/api/me", Some(&alpha_cookie))
        .await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);
    let list = app
        .get("beta.localhost", "/api/watchlist", Some(&alpha_cookie))
        .await;
    assert_eq!(list.status, StatusCode::UNAUTHORIZED);

    // The same phone signed in on beta has an empty watchlist.
    let beta_cookie = app.sign_in("beta.localhost", "0412345678").await;
    let list = app
        .get("beta.localhost", "/api/watchlist", Some(&beta_cookie))
        .await;
    assert_eq!(list.json["watchlist"], json!([]));

    // A lead of alpha cannot be continued from beta.
    let lead = json!({ "name": "Jo", "email": "jo@example.com", "phone": "0412345678", "postcode": "4000", "category": "General Enquiry", "message": "Hi" });
    let created = app.post("alpha.localhost", "/api/leads", &lead, None).await;
    let id = created.json["lead_id"].as_str().expect("id");
    let hijack = app
        .post(
            "beta.localhost",
            "/api/leads",
            &json!({ "lead_id": id, "message": "changed" }),
            None,
        )
        .await;
    assert_eq!(hijack.status, StatusCode::NOT_FOUND);
    let stored = app
        .state
        .store
        .lead("alpha", id)
        .await
        .expect("read")
        .expect("lead");
    assert_eq!(
        stored_json(&stored.fields)["message"],
        "Hi",
        "unchanged by beta"
    );
    assert!(app
        .state
        .store
        .lead("beta", id)
        .await
        .expect("read")
        .is_none());
}

#[tokio::test]
async fn configured_domains_resolve_and_unknown_hosts_are_refused() {
    let app = spawn().await;
    let cookie = app.sign_in("www.alphamotors.com.au", "0412345678").await;
    let me = app
        .get("www.alphamotors.com.au", "/api/me", Some(&cookie))
        .await;
    assert_eq!(me.status, StatusCode::OK);
    assert!(
        me.headers.contains_key("strict-transport-security"),
        "HSTS outside localhost"
    );
    let local = app.get("alpha.localhost", "/api/openapi.json", None).await;
    assert!(!local.headers.contains_key("strict-transport-security"));
    assert_eq!(local.headers["x-content-type-options"], "nosniff");
    assert_eq!(local.headers["x-frame-options"], "SAMEORIGIN");
    assert_eq!(
        local.headers["referrer-policy"],
        "strict-origin-when-cross-origin"
    );

    let verify = app
        .post(
            "www.alphamotors.com.au",
            "/api/auth/request-code",
            &json!({ "phone": "0412345678" }),
            None,
        )
        .await;
    assert_eq!(verify.status, StatusCode::OK);
    for host in ["gamma.localhost", "evil.example.com", "localhost"] {
        let answer = app
            .post(
                host,
                "/api/auth/request-code",
                &json!({ "phone": "0412345678" }),
                None,
            )
            .await;
        assert_eq!(
            (answer.status, answer.json["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("unknown_site")),
            "{host}"
        );
    }
}

#[tokio::test]
async fn a_secure_cookie_is_set_outside_localhost() {
    let app = spawn().await;
    app.post(
        "www.alphamotors.com.au",
        "/api/auth/request-code",
        &json!({ "phone": "0412345678" }),
        None,
    )
    .await;
    let code = app.last_code("www.alphamotors.com.au", "0412345678").await;
    let verified = app
        .post(
            "www.alphamotors.com.au",
            "/api/auth/verify",
            &json!({ "phone": "0412345678", "code": code }),
            None,
        )
        .await;
    let cookie = verified.headers["set-cookie"].to_str().expect("cookie");
    assert!(cookie.contains("; Secure"), "{cookie}");
}

#[tokio::test]
async fn cors_allows_only_the_dealers_own_origins() {
    let app = spawn().await;
    let preflight = |origin: &'static str| {
        app.request(
            reqwest::Method::OPTIONS,
            "www.alphamotors.com.au",
            "/api/leads",
        )
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
    };
    let own = app.send(preflight("https://www.alphamotors.com.au")).await;
    assert_eq!(
        own.headers
            .get("access-control-allow-origin")
            .and_then(|v| v.to_str().ok()),
        Some("https://www.alphamotors.com.au")
    );
    assert_eq!(
        own.headers
            .get("access-control-allow-credentials")
            .and_then(|v| v.to_str().ok()),
        Some("true")
    );
    let other_dealer = app.send(preflight("https://beta.example.com.au")).await;
    assert!(other_dealer
        .headers
        .get("access-control-allow-origin")
        .is_none());
    let stranger = app.send(preflight("https://evil.example.com")).await;
    assert!(stranger
        .headers
        .get("access-control-allow-origin")
        .is_none());
}
