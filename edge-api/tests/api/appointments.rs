//! Test-drive appointments: slots stay inside opening hours, skip closed days and
//! special closed dates, and a booked slot is not offered again; concurrent bookings of
//! one slot give one lead.

use chrono::Duration;
use edge_api::policy::{Policy, RateLimit};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{spawn, spawn_with, stored_json, tenants};

const HOST: &str = "alpha.localhost";

fn times(answer: &Value) -> Vec<String> {
    answer["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .map(|s| s["time"].as_str().expect("time").to_owned())
        .collect()
}

fn test_drive(time: &str) -> Value {
    json!({ "name": "Jo", "email": "jo@example.com", "phone": "0412345678", "postcode": "4000", "category": "Test Drive", "message": "Keen",
            "car_id": 1042, "appointment": { "location": "brisbane", "date": "2026-11-24", "time": time } })
}

#[tokio::test]
async fn slots_fall_inside_opening_hours_and_never_on_closed_days() {
    // The clock reads Sunday 22 November 2026, 9:00 UTC (19:00 in Brisbane).
    let app = spawn().await;
    let tuesday = app
        .get(
            HOST,
            "/api/appointments?location=brisbane&date=2026-11-24",
            None,
        )
        .await;
    assert_eq!(tuesday.status, StatusCode::OK, "{}", tuesday.text);
    let slots = times(&tuesday.json);
    assert_eq!(slots.first().map(String::as_str), Some("08:30"));
    assert_eq!(
        slots.last().map(String::as_str),
        Some("16:30"),
        "the last slot ends at closing time"
    );
    assert_eq!(slots.len(), 17);
    assert_eq!(tuesday.json["slots"][0]["label"], "8:30am");
    assert_eq!(tuesday.json["hours"], "8:30am - 5:00pm");
    assert_eq!(tuesday.headers["cache-control"], "no-store");
    let saturday = app
        .get(
            HOST,
            "/api/appointments?location=brisbane&date=2026-11-28",
            None,
        )
        .await;
    assert_eq!(
        times(&saturday.json),
        ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]
    );
    for closed in ["2026-11-29", "2026-12-25", "2026-11-22", "2026-11-21"] {
        let answer = app
            .get(
                HOST,
                &format!("/api/appointments?location=brisbane&date={closed}"),
                None,
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK);
        assert!(
            times(&answer.json).is_empty(),
            "{closed}: Sunday, Christmas Day, tonight and the past"
        );
    }
    for (query, field) in [
        ("date=2026-11-24", "location"),
        ("location=nowhere&date=2026-11-24", "location"),
        ("location=brisbane&date=24/11/2026", "date"),
        ("location=brisbane", "date"),
    ] {
        let answer = app
            .get(HOST, &format!("/api/appointments?{query}"), None)
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{query}");
        assert!(
            answer.json["fields"][field].is_string(),
            "{query}: {}",
            answer.text
        );
    }
}

#[tokio::test]
async fn a_booked_slot_is_not_offered_again_and_a_retry_books_nothing_twice() {
    let app = spawn().await;
    let booked = app
        .send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .header("idempotency-key", "td-1")
                .json(&test_drive("10:00")),
        )
        .await;
    assert_eq!(booked.status, StatusCode::CREATED, "{}", booked.text);
    let lead_id = booked.json["lead_id"].as_str().expect("lead").to_owned();
    let lead = app
        .state
        .store
        .lead("alpha", &lead_id)
        .await
        .expect("read")
        .expect("stored");
    assert_eq!(stored_json(&lead.fields)["appointment"]["time"], "10:00");
    let slots = times(
        &app.get(
            HOST,
            "/api/appointments?location=brisbane&date=2026-11-24",
            None,
        )
        .await
        .json,
    );
    assert!(!slots.contains(&"10:00".to_owned()) && slots.contains(&"10:30".to_owned()));
    // The same submission retried gets the same lead; another shopper gets 409.
    let retried = app
        .send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .header("idempotency-key", "td-1")
                .json(&test_drive("10:00")),
        )
        .await;
    assert_eq!(
        (retried.status, retried.json["lead_id"].as_str()),
        (StatusCode::OK, Some(lead_id.as_str()))
    );
    let taken = app
        .post(HOST, "/api/leads", &test_drive("10:00"), None)
        .await;
    assert_eq!(
        (taken.status, taken.json["code"].as_str()),
        (StatusCode::CONFLICT, Some("slot_unavailable")),
        "{}",
        taken.text
    );
    // Times outside the hours, or not on the half hour, are not slots.
    for bad in ["07:00", "17:00", "10:15"] {
        let answer = app.post(HOST, "/api/leads", &test_drive(bad), None).await;
        assert_eq!(answer.status, StatusCode::CONFLICT, "{bad}");
    }
    let garbled = app.post(HOST, "/api/leads", &test_drive("ten"), None).await;
    assert_eq!(
        (garbled.status, garbled.json["fields"]["time"].is_string()),
        (StatusCode::BAD_REQUEST, true)
    );
    // An appointment belongs to the first step of a form.
    let mut later = test_drive("11:00");
    later["lead_id"] = json!(lead_id);
    assert_eq!(
        app.post(HOST, "/api/leads", &later, None).await.status,
        StatusCode::BAD_REQUEST
    );
    // Within an hour of now nothing is offered: at 23:30 UTC it is 9:30 on Tuesday in Brisbane.
    app.clock
        .advance(Duration::hours(38) + Duration::minutes(30));
    let soon = times(
        &app.get(
            HOST,
            "/api/appointments?location=brisbane&date=2026-11-24",
            None,
        )
        .await
        .json,
    );
    assert_eq!(soon.first().map(String::as_str), Some("10:30"));
}

#[tokio::test]
async fn concurrent_bookings_of_one_slot_store_one_lead() {
    let loose = RateLimit {
        max: 1000,
        window_secs: 3600,
    };
    let app = spawn_with(
        tenants(None),
        Policy {
            leads_per_ip: loose,
            leads_per_phone: loose,
            ..Policy::default()
        },
    )
    .await;
    let mut tasks = tokio::task::JoinSet::new();
    let app = std::sync::Arc::new(app);
    for i in 0..20 {
        let app = app.clone();
        tasks.spawn(async move {
            let mut body = test_drive("14:00");
            body["phone"] = json!(format!("04123456{i:02}"));
            app.post(HOST, "/api/leads", &body, None).await.status
        });
    }
    let statuses = tasks.join_all().await;
    assert_eq!(
        statuses
            .iter()
            .filter(|s| **s == StatusCode::CREATED)
            .count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT),
        "{statuses:?}"
    );
    let date = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).expect("date");
    let booked = app
        .state
        .store
        .booked_slots("alpha", "brisbane", date)
        .await
        .expect("bookings");
    assert_eq!(booked.len(), 1);
}
