//! Which pages may use the API: CORS and state changes accept exactly the dealer's own
//! origins (its configured https domains; `http://<slug>.localhost` in the local server
//! only), and a POST from anywhere else is refused before it changes anything.

use domain::messages::CROSS_SITE;
use edge_api::policy::Policy;
use edge_api::Runtime;
use reqwest::StatusCode;
use serde_json::json;

use crate::support::{serve, spawn, state, tenants, Answer, TestApp};

const SITE: &str = "www.alphamotors.com.au";
const OWN: &str = "https://www.alphamotors.com.au";

/// The app with this runtime (the support default is the local server in dev mode).
async fn spawn_as(runtime: Runtime) -> TestApp {
    let (mut state, clock, dir) = state(tenants(None), Policy::default());
    state.runtime = runtime;
    serve(state, clock, dir).await
}

/// A CORS preflight for a POST to `/api/leads` on `host` from `origin`.
async fn preflight(app: &TestApp, host: &str, origin: &str) -> Answer {
    let request = app
        .request(reqwest::Method::OPTIONS, host, "/api/leads")
        .header("x-forwarded-host", host)
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type");
    app.send(request).await
}

fn allowed_origin(answer: &Answer) -> Option<&str> {
    answer
        .headers
        .get("access-control-allow-origin")
        .and_then(|v| v.to_str().ok())
}

/// A POST of `{}` to `path` on `host` with these extra headers.
async fn post_from(app: &TestApp, host: &str, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut request = app
        .request(reqwest::Method::POST, host, path)
        .json(&json!({}));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request).await
}

fn refused(answer: &Answer) -> bool {
    answer.status == StatusCode::FORBIDDEN && answer.json["code"] == "cross_site_request"
}

#[tokio::test]
async fn a_cross_site_form_post_cannot_sign_the_shopper_out() {
    let app = spawn().await;
    let cookie = app.sign_in(SITE, "0412345678").await;
    // What an attacker's page submits: a plain form, the shopper's cookie along.
    let form = |origin: Option<&str>, fetch_site: Option<&str>| {
        let mut request = app
            .request(reqwest::Method::POST, SITE, "/api/auth/sign-out")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("cookie", &cookie)
            .body("x=1");
        if let Some(origin) = origin {
            request = request.header("origin", origin);
        }
        if let Some(site) = fetch_site {
            request = request.header("sec-fetch-site", site);
        }
        request
    };
    for (origin, fetch_site) in [
        (Some("https://evil.example.com"), Some("cross-site")),
        (Some("null"), None),
        (None, Some("cross-site")),
        (None, Some("same-site")),
    ] {
        let answer = app.send(form(origin, fetch_site)).await;
        assert!(
            refused(&answer),
            "{origin:?} {fetch_site:?}: {} {}",
            answer.status,
            answer.text
        );
        assert_eq!(answer.json["message"], CROSS_SITE);
        assert!(
            answer.session_cookie().is_none(),
            "the cookie is not cleared: {:?}",
            answer.headers
        );
        assert_eq!(
            app.get(SITE, "/api/me", Some(&cookie)).await.status,
            StatusCode::OK,
            "still signed in"
        );
    }
    // The dealer's own page signs out.
    let own = app.send(form(Some(OWN), Some("same-origin"))).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.text);
    assert!(own
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|c| c.contains("Max-Age=0")));
    assert_eq!(
        app.get(SITE, "/api/me", Some(&cookie)).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn every_state_changing_endpoint_refuses_other_origins() {
    let app = spawn().await;
    let doc = app.get(SITE, "/api/openapi.json", None).await;
    let paths = doc.json["paths"].as_object().expect("paths");
    let posts: Vec<String> = paths
        .iter()
        .filter(|(_, item)| item.get("post").is_some())
        .map(|(path, _)| path.replace("{car_id}", "1042").replace("{lead_id}", "x"))
        .collect();
    assert!(
        posts.len() >= 12,
        "the document lists the POST endpoints: {posts:?}"
    );
    let foreign: [&[(&str, &str)]; 7] = [
        &[("origin", "https://evil.example.com")],
        // Another scheme, another port, another dealer: not this site either.
        &[("origin", "http://www.alphamotors.com.au")],
        &[("origin", "https://www.alphamotors.com.au:8443")],
        &[("origin", "https://www.alphamotors.com.au/")],
        &[("origin", "https://beta.example.com.au")],
        // A localhost page on a production host.
        &[("origin", "http://alpha.localhost:8080")],
        &[("sec-fetch-site", "cross-site")],
    ];
    for path in &posts {
        for headers in foreign {
            let answer = post_from(&app, SITE, path, headers).await;
            assert!(
                refused(&answer),
                "POST {path} {headers:?}: {} {}",
                answer.status,
                answer.text
            );
        }
        // The dealer's own page, and a program sending neither header, reach the handler.
        for headers in [
            &[("origin", OWN)][..],
            &[("origin", OWN), ("sec-fetch-site", "same-origin")],
            &[("sec-fetch-site", "same-origin")],
            &[],
        ] {
            let answer = post_from(&app, SITE, path, headers).await;
            assert!(
                !refused(&answer),
                "POST {path} {headers:?}: {}",
                answer.text
            );
        }
    }
    // Reads are not state changes: a GET from anywhere is answered (CORS decides what
    // the page may read).
    let read = app
        .send(
            app.request(reqwest::Method::GET, SITE, "/api/session")
                .header("origin", "https://evil.example.com"),
        )
        .await;
    assert_eq!(read.status, StatusCode::OK);
}

#[tokio::test]
async fn localhost_pages_change_state_only_on_the_local_server() {
    let lead = json!({ "name": "Jo", "email": "jo@example.com", "phone": "0412345678", "postcode": "4000", "category": "General Enquiry", "message": "Hi" });
    let submit = |app: &TestApp, host: &'static str, origin: &'static str| {
        app.request(reqwest::Method::POST, host, "/api/leads")
            .header("x-forwarded-host", host)
            .header("origin", origin)
            .json(&lead)
    };
    let local = spawn_as(Runtime::Local { dev_mode: false }).await;
    // The local site, and a dev server of the same dealer on another port.
    for origin in [
        "http://alpha.localhost",
        "http://alpha.localhost:8080",
        "http://alpha.localhost:5173",
    ] {
        let answer = local.send(submit(&local, "alpha.localhost", origin)).await;
        assert_eq!(
            answer.status,
            StatusCode::CREATED,
            "{origin}: {}",
            answer.text
        );
    }
    for origin in [
        "http://beta.localhost:8080",
        "https://alpha.localhost:8080",
        "http://localhost:8080",
        "http://127.0.0.1:8080",
    ] {
        let answer = local.send(submit(&local, "alpha.localhost", origin)).await;
        assert!(
            refused(&answer),
            "{origin}: {} {}",
            answer.status,
            answer.text
        );
    }
    let lambda = spawn_as(Runtime::Lambda).await;
    for host in ["alpha.localhost", SITE] {
        let answer = lambda
            .send(submit(&lambda, host, "http://alpha.localhost:8080"))
            .await;
        assert!(
            refused(&answer),
            "Lambda, {host}: {} {}",
            answer.status,
            answer.text
        );
    }
    let own = lambda.send(submit(&lambda, SITE, OWN)).await;
    assert_eq!(own.status, StatusCode::CREATED, "{}", own.text);
}

#[tokio::test]
async fn cors_allows_exactly_the_configured_origins() {
    let local = spawn_as(Runtime::Local { dev_mode: true }).await;
    let own = preflight(&local, SITE, OWN).await;
    assert_eq!(allowed_origin(&own), Some(OWN));
    assert_eq!(
        own.headers
            .get("access-control-allow-credentials")
            .and_then(|v| v.to_str().ok()),
        Some("true")
    );
    for origin in [
        "http://www.alphamotors.com.au",
        "https://www.alphamotors.com.au:8443",
        "https://alphamotors.com.au",
        "http://alpha.localhost:8080",
        "https://alpha.localhost",
    ] {
        let answer = preflight(&local, SITE, origin).await;
        assert_eq!(
            allowed_origin(&answer),
            None,
            "{origin} on a production host"
        );
    }
    // The local site's own pages, on any local port, and nobody else's.
    let dev_server = preflight(&local, "alpha.localhost", "http://alpha.localhost:5173").await;
    assert_eq!(
        allowed_origin(&dev_server),
        Some("http://alpha.localhost:5173")
    );
    assert_eq!(
        dev_server
            .headers
            .get("access-control-allow-credentials")
            .and_then(|v| v.to_str().ok()),
        Some("true")
    );
    assert_eq!(
        allowed_origin(&preflight(&local, "alpha.localhost", "http://beta.localhost:5173").await),
        None
    );

    let lambda = spawn_as(Runtime::Lambda).await;
    assert_eq!(
        allowed_origin(&preflight(&lambda, SITE, OWN).await),
        Some(OWN)
    );
    for host in ["alpha.localhost", SITE] {
        let answer = preflight(&lambda, host, "http://alpha.localhost:8080").await;
        assert_eq!(allowed_origin(&answer), None, "Lambda, {host}");
    }
}
