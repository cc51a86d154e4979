//! Sign-in: codes by SMS (dev outbox), verification, sessions, limits.

use chrono::Duration;
use domain::messages::{CODE_EXPIRED, CODE_LOCKED, WRONG_CODE};
use edge_api::policy::{Policy, RateLimit};
use reqwest::StatusCode;
use serde_json::json;

use crate::support::{spawn, spawn_with, tenants};

const HOST: &str = "alpha.localhost";

#[tokio::test]
async fn a_texted_code_signs_in_and_sign_out_ends_the_session() {
    let app = spawn().await;
    let sent = app
        .post(
            HOST,
            "/api/auth/request-code",
            &json!({ "phone": "+61 412 345 678" }),
            None,
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    assert_eq!(sent.json["phone"], "0412345678");
    assert_eq!(sent.json["expires_in"], 300);
    let code = app.last_code(HOST, "0412345678").await;
    assert_eq!(code.len(), 6);
    assert!(code.bytes().all(|b| b.is_ascii_digit()));

    let verified = app
        .post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": "0412 345 678", "code": code }),
            None,
        )
        .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);
    let set_cookie = verified
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .expect("cookie")
        .to_owned();
    assert!(
        set_cookie.contains("HttpOnly")
            && set_cookie.contains("SameSite=Lax")
            && set_cookie.contains("Path=/")
    );
    assert!(
        !set_cookie.contains("Secure"),
        "no Secure cookie on localhost: {set_cookie}"
    );
    let cookie = verified.session_cookie().expect("session");

    let me = app.get(HOST, "/api/me", Some(&cookie)).await;
    assert_eq!(
        (me.status, me.json["phone"].as_str()),
        (StatusCode::OK, Some("0412345678"))
    );
    // The page's question "who is signed in" is answered 200 either way, never cached.
    let session = app.get(HOST, "/api/session", Some(&cookie)).await;
    assert_eq!(
        (session.status, &session.json),
        (
            StatusCode::OK,
            &json!({ "signed_in": true, "phone": "0412345678" })
        )
    );
    assert_eq!(
        session
            .headers
            .get("cache-control")
            .and_then(|v| v.to_str().ok()),
        Some("no-store")
    );
    let nobody = app.get(HOST, "/api/session", None).await;
    assert_eq!(
        (nobody.status, &nobody.json),
        (
            StatusCode::OK,
            &json!({ "signed_in": false, "phone": null })
        )
    );
    let other_site = app
        .get("beta.localhost", "/api/session", Some(&cookie))
        .await;
    assert_eq!(other_site.json["signed_in"], false);

    let out = app
        .post(HOST, "/api/auth/sign-out", &json!({}), Some(&cookie))
        .await;
    assert_eq!(out.status, StatusCode::OK);
    assert!(out
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|c| c.contains("Max-Age=0")));
    let after = app.get(HOST, "/api/me", Some(&cookie)).await;
    assert_eq!(
        (after.status, after.json["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("sign_in_required"))
    );
    assert_eq!(
        app.get(HOST, "/api/session", Some(&cookie)).await.json["signed_in"],
        false
    );
}

#[tokio::test]
async fn a_code_is_single_use_expires_after_five_minutes_and_locks_after_five_misses() {
    let app = spawn().await;
    let phone = "0412345678";
    app.post(
        HOST,
        "/api/auth/request-code",
        &json!({ "phone": phone }),
        None,
    )
    .await;
    let code = app.last_code(HOST, phone).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..4 {
        let miss = app
            .post(
                HOST,
                "/api/auth/verify",
                &json!({ "phone": phone, "code": wrong }),
                None,
            )
            .await;
        assert_eq!(
            (miss.status, miss.json["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some(WRONG_CODE))
        );
    }
    let fifth = app
        .post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": phone, "code": wrong }),
            None,
        )
        .await;
    assert_eq!(
        (fifth.status, fifth.json["message"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some(CODE_LOCKED))
    );
    let right = app
        .post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": phone, "code": code }),
            None,
        )
        .await;
    assert_eq!(
        right.json["message"], CODE_LOCKED,
        "a locked code stays locked"
    );

    // The locked code expires after its five minutes; then a new code can be asked for.
    app.clock.advance(Duration::minutes(5));
    app.post(
        HOST,
        "/api/auth/request-code",
        &json!({ "phone": phone }),
        None,
    )
    .await;
    let code = app.last_code(HOST, phone).await;
    app.clock.advance(Duration::minutes(5));
    let late = app
        .post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": phone, "code": code }),
            None,
        )
        .await;
    assert_eq!(
        (late.status, late.json["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some(CODE_EXPIRED))
    );

    app.post(
        HOST,
        "/api/auth/request-code",
        &json!({ "phone": phone }),
        None,
    )
    .await;
    let code = app.last_code(HOST, phone).await;
    let first = app
        .post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": phone, "code": code }),
            None,
        )
        .await;
    assert_eq!(first.status, StatusCode::OK);
    let reuse = app
        .post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": phone, "code": code }),
            None,
        )
        .await;
    assert_eq!(reuse.json["message"], CODE_EXPIRED);
}

#[tokio::test]
async fn code_requests_are_rate_limited_per_phone_and_per_address() {
    let policy = Policy {
        code_per_phone: RateLimit {
            max: 2,
            window_secs: 900,
        },
        code_per_ip: RateLimit {
            max: 3,
            window_secs: 900,
        },
        ..Policy::default()
    };
    let app = spawn_with(tenants(None), policy).await;
    for _ in 0..2 {
        let ok = app
            .post(
                HOST,
                "/api/auth/request-code",
                &json!({ "phone": "0412345678" }),
                None,
            )
            .await;
        assert_eq!(ok.status, StatusCode::OK);
    }
    let limited = app
        .post(
            HOST,
            "/api/auth/request-code",
            &json!({ "phone": "0412345678" }),
            None,
        )
        .await;
    assert_eq!(
        (limited.status, limited.json["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"))
    );
    assert!(limited.headers.contains_key("retry-after"));
    // The address has now made 3 requests; a fourth, for another phone, is refused too.
    let by_ip = app
        .post(
            HOST,
            "/api/auth/request-code",
            &json!({ "phone": "0498765432" }),
            None,
        )
        .await;
    assert_eq!(by_ip.status, StatusCode::TOO_MANY_REQUESTS);
    // A new window starts afresh.
    app.clock.advance(Duration::minutes(15));
    let later = app
        .post(
            HOST,
            "/api/auth/request-code",
            &json!({ "phone": "0412345678" }),
            None,
        )
        .await;
    assert_eq!(later.status, StatusCode::OK);
}

#[tokio::test]
async fn the_sms_outbox_exists_only_in_dev_mode() {
    let (mut state, clock, dir) = crate::support::state(tenants(None), Policy::default());
    state.runtime = edge_api::Runtime::Local { dev_mode: false };
    let app = crate::support::serve(state, clock, dir).await;
    app.post(
        HOST,
        "/api/auth/request-code",
        &json!({ "phone": "0412345678" }),
        None,
    )
    .await;
    let outbox = app
        .get(HOST, "/api/dev/sms-outbox?phone=0412345678", None)
        .await;
    assert_eq!(
        (outbox.status, outbox.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
}

#[tokio::test]
async fn a_bad_phone_names_the_field() {
    let app = spawn().await;
    let bad = app
        .post(
            HOST,
            "/api/auth/request-code",
            &json!({ "phone": "12345" }),
            None,
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json["fields"]["phone"].is_string(), "{}", bad.text);
}

#[tokio::test]
async fn a_phone_gets_at_most_code_per_phone_codes_across_every_dealer() {
    let policy = Policy {
        code_per_phone: RateLimit {
            max: 2,
            window_secs: 900,
        },
        ..Policy::default()
    };
    let app = spawn_with(tenants(None), policy).await;
    let app = &app;
    let ask = |host: &'static str| async move {
        app.post(
            host,
            "/api/auth/request-code",
            &json!({ "phone": "0412345678" }),
            None,
        )
        .await
    };
    assert_eq!(ask(HOST).await.status, StatusCode::OK);
    assert_eq!(ask("beta.localhost").await.status, StatusCode::OK);
    // Either dealer's site now finds the phone's platform budget spent.
    for host in ["beta.localhost", HOST] {
        let limited = ask(host).await;
        assert_eq!(
            (limited.status, limited.json["code"].as_str()),
            (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")),
            "{host}: {}",
            limited.text
        );
    }
    let texts = |host| app.get(host, "/api/dev/sms-outbox?phone=0412345678", None);
    let sent: usize = [texts(HOST).await, texts("beta.localhost").await]
        .iter()
        .map(|o| o.json["messages"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(sent, 2, "only two codes were texted");
    // Another phone is not affected.
    assert_eq!(
        app.post(
            "beta.localhost",
            "/api/auth/request-code",
            &json!({ "phone": "0498765432" }),
            None
        )
        .await
        .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_new_code_keeps_the_wrong_guesses_left_and_a_locked_phone_gets_no_new_code() {
    let app = spawn().await;
    let phone = "0412345678";
    let app = &app;
    let verify = |code: String| async move {
        app.post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": phone, "code": code }),
            None,
        )
        .await
    };
    app.post(
        HOST,
        "/api/auth/request-code",
        &json!({ "phone": phone }),
        None,
    )
    .await;
    let code = app.last_code(HOST, phone).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..3 {
        assert_eq!(verify(wrong.into()).await.json["code"], "wrong_code");
    }
    // Two guesses are left, and a new code does not give more.
    assert_eq!(
        app.post(
            HOST,
            "/api/auth/request-code",
            &json!({ "phone": phone }),
            None
        )
        .await
        .status,
        StatusCode::OK
    );
    let code = app.last_code(HOST, phone).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert_eq!(verify(wrong.into()).await.json["code"], "wrong_code");
    let locked = verify(wrong.into()).await;
    assert_eq!(
        (locked.status, locked.json["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("code_locked")),
        "{}",
        locked.text
    );
    assert_eq!(
        verify(code.clone()).await.json["code"],
        "code_locked",
        "the right code is locked too"
    );
    // Locked: asking for a new code is refused and texts nothing.
    let refused = app
        .post(
            HOST,
            "/api/auth/request-code",
            &json!({ "phone": phone }),
            None,
        )
        .await;
    assert_eq!(
        (refused.status, refused.json["message"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some(CODE_LOCKED))
    );
    assert_eq!(app.last_code(HOST, phone).await, code);
    // Once the locked code has expired, a new code comes with a full budget.
    app.clock.advance(Duration::minutes(5));
    assert_eq!(
        app.post(
            HOST,
            "/api/auth/request-code",
            &json!({ "phone": phone }),
            None
        )
        .await
        .status,
        StatusCode::OK
    );
    let code = app.last_code(HOST, phone).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..4 {
        assert_eq!(verify(wrong.into()).await.json["code"], "wrong_code");
    }
    assert_eq!(verify(code).await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_wrong_guesses_answer_wrong_or_locked_never_expired() {
    let policy = Policy {
        verify_per_ip: RateLimit {
            max: 1_000,
            window_secs: 900,
        },
        ..Policy::default()
    };
    let (mut st, clock, dir) = crate::support::state(tenants(None), policy);
    // Reads that arrive late, as from DynamoDB: most guesses lose the race to write.
    st.store = std::sync::Arc::new(crate::store_conformance::SlowReads(st.store.clone()));
    let app = crate::support::serve(st, clock, dir).await;
    let phone = "0412345678";
    app.post(
        HOST,
        "/api/auth/request-code",
        &json!({ "phone": phone }),
        None,
    )
    .await;
    let code = app.last_code(HOST, phone).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let mut requests = tokio::task::JoinSet::new();
    for _ in 0..40 {
        let request = app
            .request(reqwest::Method::POST, HOST, "/api/auth/verify")
            .json(&json!({ "phone": phone, "code": wrong }));
        requests.spawn(async move {
            let response = request.send().await.expect("request");
            let status = response.status();
            let body: serde_json::Value = response.json().await.unwrap_or_default();
            (status, body["code"].as_str().unwrap_or_default().to_owned())
        });
    }
    let answers = requests.join_all().await;
    let codes: Vec<&str> = answers.iter().map(|(_, code)| code.as_str()).collect();
    assert!(
        codes
            .iter()
            .all(|c| *c == "wrong_code" || *c == "code_locked"),
        "{codes:?}"
    );
    assert_eq!(
        codes.iter().filter(|c| **c == "wrong_code").count(),
        4,
        "four wrong, then locked: {codes:?}"
    );
    let right = app
        .post(
            HOST,
            "/api/auth/verify",
            &json!({ "phone": phone, "code": code }),
            None,
        )
        .await;
    assert_eq!(right.json["code"], "code_locked");
}
