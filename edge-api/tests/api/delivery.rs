//! Lead delivery: the outbox survives a receiver that is down, retries with backoff on
//! the injected clock, records every attempt, and delivers JSON and ADF when the receiver
//! comes back.

use std::time::Duration as StdDuration;

use chrono::Duration;
use edge_api::clock::Clock;
use edge_api::delivery::outbox::{drain, spawn_worker, DrainReport};
use edge_api::policy::Policy;
use edge_api::store::Target;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{free_port, serve, state, tenants, Receiver};

const HOST: &str = "alpha.localhost";

fn lead_body() -> Value {
    json!({ "name": "Jo & Co", "last_name": "Citizen", "email": "jo@example.com", "phone": "0412345678",
            "postcode": "4000", "message": "Price <best>?", "category": "General Enquiry",
            "Vehicle Make": "Toyota", "Vehicle Model": "HiLux", "car_id": 1042, "vehicle_status": "used" })
}

#[tokio::test]
async fn a_lead_survives_the_receiver_being_down_and_is_delivered_when_it_returns() {
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let (state, clock, dir) = state(tenants(Some(&base)), Policy::default());
    let app = serve(state, clock, dir).await;

    let answer = app.post(HOST, "/api/leads", &lead_body(), None).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let id = answer.json["lead_id"].as_str().expect("id").to_owned();

    // Receiver down: both targets fail, the entry is rescheduled 30 s later.
    let report = drain(&app.state).await.expect("drain");
    assert_eq!(
        report,
        DrainReport {
            delivered: 0,
            failed: 1,
            parked: 0
        }
    );
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    assert_eq!(entry.attempts.len(), 2);
    assert!(entry
        .attempts
        .iter()
        .all(|a| a.error.is_some() && a.status.is_none() && a.at == app.clock.now()));
    assert_eq!(entry.due_at, Some(app.clock.now() + Duration::seconds(30)));
    assert_eq!(
        drain(&app.state).await.expect("drain"),
        DrainReport::default(),
        "not due yet"
    );

    // Still down at the second attempt: the delay doubles.
    app.clock.advance(Duration::seconds(30));
    assert_eq!(drain(&app.state).await.expect("drain").failed, 1);
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    assert_eq!(entry.attempts.len(), 4);
    assert_eq!(entry.failed_passes, 2);
    assert_eq!(
        entry.due_at,
        Some(app.clock.now() + Duration::seconds(60)),
        "the delay doubles"
    );

    // The receiver comes back.
    let receiver = Receiver::start(port).await;
    app.clock.advance(Duration::seconds(60));
    assert_eq!(
        drain(&app.state).await.expect("drain"),
        DrainReport {
            delivered: 1,
            failed: 0,
            parked: 0
        }
    );
    let got = receiver.all();
    assert_eq!(got.len(), 2);
    let json_post = got
        .iter()
        .find(|r| r.path == "/json")
        .expect("json delivery");
    assert_eq!(json_post.content_type, "application/json");
    let body: Value = serde_json::from_str(&json_post.body).expect("json");
    assert_eq!(body["lead_id"], id.as_str());
    assert_eq!(body["dealer"], "alpha");
    assert_eq!(body["lead"]["Vehicle Model"], "HiLux");
    let adf = got.iter().find(|r| r.path == "/adf").expect("adf delivery");
    assert_eq!(adf.content_type, "application/xml");
    assert!(adf
        .body
        .starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?adf version=\"1.0\"?>"));
    assert!(
        adf.body.contains("<name part=\"first\">Jo &amp; Co</name>"),
        "{}",
        adf.body
    );
    assert!(adf.body.contains("Message: Price &lt;best&gt;?"));
    assert!(
        adf.body.contains("<make>Toyota</make>")
            && adf.body.contains("<vendorname>Alpha Motors</vendorname>")
    );

    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    assert_eq!(entry.attempts.len(), 6);
    assert_eq!(
        entry.attempts[4..]
            .iter()
            .map(|a| a.status)
            .collect::<Vec<_>>(),
        vec![Some(200), Some(200)]
    );
    assert_eq!(entry.delivered, vec![Target::Json, Target::Adf]);
    assert_eq!(entry.delivered_at, Some(app.clock.now()));
    app.clock.advance(Duration::days(1));
    assert_eq!(
        drain(&app.state).await.expect("drain"),
        DrainReport::default(),
        "delivered once"
    );
    assert_eq!(receiver.all().len(), 2);
}

#[tokio::test]
async fn the_worker_delivers_a_new_lead_without_waiting_for_its_poll() {
    let port = free_port();
    let receiver = Receiver::start(port).await;
    let (state, clock, dir) = state(
        tenants(Some(&format!("http://127.0.0.1:{port}"))),
        Policy::default(),
    );
    let app = serve(state, clock, dir).await;
    // A poll interval far longer than the test: only the wake-up after the lead can deliver.
    let worker = spawn_worker(app.state.clone(), StdDuration::from_secs(3600));
    let answer = app.post(HOST, "/api/leads", &lead_body(), None).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    let deadline = tokio::time::Instant::now() + StdDuration::from_secs(20);
    while receiver.all().len() < 2 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the worker did not deliver"
        );
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    worker.abort();
}
