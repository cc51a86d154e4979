//! No input can stop lead delivery: a line break or control character in a one-line field
//! is refused at the API; a lead stored with one anyway still goes out; and an entry
//! whose delivery panics, errors or kills the process is retried a few times, then
//! parked with its reason while every other lead of every dealer is delivered, in the
//! local worker, after a restart and through the Lambda drain handler.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration as StdDuration, Instant};

use async_trait::async_trait;
use chrono::Duration;
use domain::config::{LeadEmailConfig, LeadEmailFormat, LeadRecipient};
use domain::messages::{NO_CONTROL_CHARACTERS, ONE_LINE_ONLY};
use edge_api::clock::Clock;
use edge_api::delivery::mail::{FileMail, MailSettings, MailTransport, OutgoingMail};
use edge_api::delivery::outbox::{self, drain, LEASE, MAX_UNFINISHED};
use edge_api::lead::LeadFields;
use edge_api::policy::Policy;
use edge_api::store::{LeadOutcome, LeadRecord, ParkedItem};
use edge_api::tenancy::{Tenant, Tenants};
use edge_api::AppState;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{serve, state, tenants, TestApp};

const FROM: &str = "leads@mail.forecourt.test";
const POISON: &str = "poison@example.com";

/// Alpha, beta and a third dealer cut from alpha, each with a sales inbox and the
/// shopper's confirmation on.
fn three_dealers() -> Tenants {
    let base = tenants(None);
    let with_mail = |tenant: &Tenant, slug: &str, name: &str| Tenant {
        slug: slug.into(),
        name: name.into(),
        domains: vec![format!("www.{slug}.example.com.au")],
        lead_email: LeadEmailConfig {
            recipients: vec![LeadRecipient {
                address: format!("sales@{slug}.example.com.au"),
                format: LeadEmailFormat::ReadableWithAdf,
                locations: Vec::new(),
                categories: Vec::new(),
            }],
            confirmation: true,
            confirmation_sms: false,
        },
        ..tenant.clone()
    };
    let alpha = base.by_slug("alpha").expect("alpha").as_ref().clone();
    let beta = base.by_slug("beta").expect("beta").as_ref().clone();
    Tenants::new([
        with_mail(&alpha, "alpha", "Alpha Motors"),
        with_mail(&beta, "beta", "Beta Cars"),
        with_mail(&alpha, "gamma", "Gamma Autos"),
    ])
}

fn enquiry(name: &str, email: &str) -> Value {
    json!({ "name": name, "last_name": "Citizen", "email": email, "phone": "0412345678",
            "postcode": "4000", "message": "Is it still available?\nThanks", "category": "General Enquiry" })
}

/// A transport that writes `.eml` files, and panics on any message to or from the poison
/// address (standing in for any fault one entry can cause in building or sending).
struct PanicsOnPoison {
    inner: FileMail,
}

#[async_trait]
impl MailTransport for PanicsOnPoison {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        let raw = String::from_utf8_lossy(&mail.bytes()).into_owned();
        assert!(!raw.contains(POISON), "this message cannot be sent");
        self.inner.send(mail).await
    }
    async fn already_sent(&self, id: &str) -> Option<bool> {
        self.inner.already_sent(id).await
    }
    fn name(&self) -> &'static str {
        "panics-on-poison"
    }
}

/// A transport that never returns for the poison address: the pass is killed inside it,
/// as a process that dies on the entry every time would be.
struct HangsOnPoison {
    inner: FileMail,
    hung: AtomicUsize,
}

#[async_trait]
impl MailTransport for HangsOnPoison {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        if String::from_utf8_lossy(&mail.bytes()).contains(POISON) {
            self.hung.fetch_add(1, Ordering::SeqCst);
            std::future::pending::<()>().await;
        }
        self.inner.send(mail).await
    }
    async fn already_sent(&self, id: &str) -> Option<bool> {
        self.inner.already_sent(id).await
    }
    fn name(&self) -> &'static str {
        "hangs-on-poison"
    }
}

async fn app_with(transport: Arc<dyn MailTransport>) -> TestApp {
    let (mut state, clock, dir) = state(three_dealers(), Policy::default());
    state.mail = Some(MailSettings {
        transport,
        from: FROM.into(),
    });
    serve(state, clock, dir).await
}

/// Stores a lead straight into the store, as an older API or another tool could have.
async fn store_lead(state: &AppState, dealer: &str, fields: LeadFields) -> String {
    static STORED: AtomicUsize = AtomicUsize::new(0);
    let now = state.clock.now();
    let lead = LeadRecord {
        id: format!("stored{}", STORED.fetch_add(1, Ordering::SeqCst)),
        dealer: dealer.into(),
        created_at: now,
        updated_at: now,
        steps: 1,
        fields,
    };
    match state
        .store
        .create_lead(lead, None, now)
        .await
        .expect("store")
    {
        LeadOutcome::Stored(id) => id,
        other => panic!("not stored: {other:?}"),
    }
}

fn fields(name: &str, email: &str) -> LeadFields {
    LeadFields {
        name: Some(name.into()),
        email: Some(edge_api::validate::email(email).expect("email")),
        category: Some("General Enquiry".into()),
        ..LeadFields::default()
    }
}

async fn twenty_good_leads(app: &TestApp) -> Vec<(String, String)> {
    let mut ids = Vec::new();
    for i in 0..20 {
        let dealer = ["alpha", "beta", "gamma"][i % 3];
        let mut body = enquiry(&format!("Shopper {i}"), &format!("shopper{i}@example.com"));
        // Beta has two dealerships: its form asks which one.
        body["dealership_slug"] = json!(format!("{dealer}-cairns"));
        let answer = app
            .post(&format!("{dealer}.localhost"), "/api/leads", &body, None)
            .await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
        ids.push((
            dealer.to_owned(),
            answer.json["lead_id"].as_str().expect("id").to_owned(),
        ));
    }
    ids
}

async fn delivered(state: &AppState, dealer: &str, lead_id: &str) -> bool {
    state
        .store
        .outbox_of_lead(dealer, lead_id)
        .await
        .expect("outbox")
        .iter()
        .all(|e| e.delivered_at.is_some())
}

fn eml_count(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

#[tokio::test]
async fn a_line_break_or_control_character_in_a_one_line_field_is_refused_on_every_step() {
    let (state, clock, dir) = state(three_dealers(), Policy::default());
    let app = serve(state, clock, dir).await;
    let host = "alpha.localhost";

    let answer = app
        .post(
            host,
            "/api/leads",
            &enquiry("Eve\nX", "eve@example.com"),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    assert_eq!(answer.json["fields"]["name"], ONE_LINE_ONLY);

    // Free text keeps its line breaks, but no other control.
    let mut body = enquiry("Eve", "eve@example.com");
    body["message"] = json!("Hi\u{0}there");
    let answer = app.post(host, "/api/leads", &body, None).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    assert_eq!(answer.json["fields"]["message"], NO_CONTROL_CHARACTERS);

    let first = app
        .post(host, "/api/leads", &enquiry("Eve", "eve@example.com"), None)
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    let lead_id = first.json["lead_id"].as_str().expect("id");
    for (field, value) in [
        ("last_name", "Smith\r\nBcc: x@example.com"),
        ("Vehicle Model", "RAV4\u{85}"),
        ("stock_number", "A\u{FFFE}"),
    ] {
        let step = json!({ "lead_id": lead_id, field: value });
        let answer = app.post(host, "/api/leads", &step, None).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{field}: {}",
            answer.text
        );
        assert_eq!(answer.json["fields"][field], ONE_LINE_ONLY, "{field}");
    }
    let step =
        json!({ "lead_id": lead_id, "lead_attributes": { "referrer": "https://x.test/\n" } });
    let answer = app.post(host, "/api/leads", &step, None).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    assert_eq!(
        answer.json["fields"]["lead_attributes.referrer"],
        ONE_LINE_ONLY
    );

    let reservation =
        json!({ "car_id": 1, "name": "Eve\nX", "email": "eve@example.com", "phone": "0412345678" });
    let answer = app
        .post(host, "/api/reservations", &reservation, None)
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    assert_eq!(answer.json["fields"]["name"], ONE_LINE_ONLY);
}

#[tokio::test]
async fn a_stored_lead_with_a_line_break_in_its_name_is_still_delivered() {
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = app_with(Arc::new(FileMail::new(mail_dir.path()))).await;
    let id = store_lead(
        &app.state,
        "alpha",
        fields("Eve\nX\u{0}", "eve@example.com"),
    )
    .await;

    let report = drain(&app.state).await.expect("drain");
    assert_eq!((report.delivered, report.parked), (1, 0));
    assert!(delivered(&app.state, "alpha", &id).await);
    // The dealer's email (Reply-To the shopper) and the shopper's confirmation.
    let messages: Vec<String> = std::fs::read_dir(mail_dir.path())
        .expect("mail")
        .map(|e| std::fs::read_to_string(e.expect("entry").path()).expect("eml"))
        .collect();
    assert_eq!(messages.len(), 2);
    assert!(
        messages
            .iter()
            .any(|m| m.contains("Reply-To: \"Eve X\" <eve@example.com>")
                || m.contains("Reply-To: Eve X <eve@example.com>")),
        "{messages:#?}"
    );
}

/// Delivers until nothing is due, moving the clock past every backoff; answers the passes.
async fn drain_until_settled(state: &AppState, clock: &edge_api::clock::ManualClock) -> usize {
    for pass in 1..=20 {
        drain(state).await.expect("drain");
        if outbox::pending(state, clock.now() + Duration::days(2))
            .await
            .expect("pending")
            == 0
        {
            return pass;
        }
        clock.advance(Duration::hours(2));
    }
    panic!("the outbox never settled");
}

#[tokio::test]
async fn a_poison_entry_is_parked_with_its_reason_and_twenty_leads_of_three_dealers_go_out() {
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = app_with(Arc::new(PanicsOnPoison {
        inner: FileMail::new(mail_dir.path()),
    }))
    .await;
    // The poison entry is first in the queue.
    let poison = store_lead(&app.state, "beta", fields("Mallory", POISON)).await;
    app.clock.advance(Duration::seconds(1));
    let good = twenty_good_leads(&app).await;

    // One pass delivers every good lead: the poison entry's panic stays its own.
    let report = drain(&app.state).await.expect("drain");
    assert_eq!((report.delivered, report.failed), (20, 1));
    for (dealer, id) in &good {
        assert!(delivered(&app.state, dealer, id).await, "{dealer} {id}");
    }
    // Every good lead's dealer email and confirmation, nothing of the poison one's.
    assert_eq!(eml_count(mail_dir.path()), 40);

    let passes = drain_until_settled(&app.state, &app.clock).await;
    assert_eq!(
        passes, MAX_UNFINISHED as usize,
        "retried a few times, then parked"
    );
    let parked = outbox::parked(&app.state).await.expect("parked");
    let [(dealer, ParkedItem::Entry(entry))] = parked.as_slice() else {
        panic!("one parked entry expected: {parked:?}");
    };
    assert_eq!(
        (dealer.as_str(), entry.lead_id.as_str()),
        ("beta", poison.as_str())
    );
    let reason = &entry.parked.as_ref().expect("parked").reason;
    assert!(
        reason.contains("3 delivery passes did not finish")
            && reason.contains("panicked: this message cannot be sent"),
        "{reason}"
    );

    // A restart (a new worker over the same store) leaves it parked and delivers new leads.
    let mut restarted = AppState::new(app.state.store.clone(), three_dealers());
    restarted.mail = app.state.mail.clone();
    restarted.clock = app.state.clock.clone();
    let fresh = store_lead(&restarted, "gamma", fields("Grace", "grace@example.com")).await;
    let report = drain(&restarted).await.expect("drain");
    assert_eq!((report.delivered, report.failed, report.parked), (1, 0, 0));
    assert!(delivered(&restarted, "gamma", &fresh).await);
    assert_eq!(outbox::parked(&restarted).await.expect("parked").len(), 1);

    // An operator who fixed the cause puts it back; it is due at once.
    assert!(outbox::retry(&restarted, "beta", &poison, 1)
        .await
        .expect("retry"));
    assert!(outbox::parked(&restarted).await.expect("parked").is_empty());
    assert_eq!(
        outbox::pending(&restarted, restarted.clock.now())
            .await
            .expect("pending"),
        1
    );
}

#[tokio::test]
async fn an_entry_that_kills_every_pass_it_is_in_is_parked_by_the_passes_after() {
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let hangs = Arc::new(HangsOnPoison {
        inner: FileMail::new(mail_dir.path()),
        hung: AtomicUsize::new(0),
    });
    let app = app_with(hangs.clone()).await;
    let poison = store_lead(&app.state, "alpha", fields("Mallory", POISON)).await;
    for killed in 1..=MAX_UNFINISHED as usize {
        let state = app.state.clone();
        let pass = tokio::spawn(async move { drain(&state).await });
        let deadline = Instant::now() + StdDuration::from_secs(10);
        while hangs.hung.load(Ordering::SeqCst) < killed {
            assert!(Instant::now() < deadline, "the pass never reached the send");
            tokio::time::sleep(StdDuration::from_millis(10)).await;
        }
        // The process dies here: nothing after the send is written.
        pass.abort();
        let _ = pass.await;
        app.clock.advance(LEASE + Duration::seconds(1));
    }
    let good = store_lead(&app.state, "alpha", fields("Grace", "grace@example.com")).await;
    let report = drain(&app.state).await.expect("drain");
    assert_eq!((report.delivered, report.parked), (1, 1));
    assert!(delivered(&app.state, "alpha", &good).await);
    let parked = outbox::parked(&app.state).await.expect("parked");
    let [(_, ParkedItem::Entry(entry))] = parked.as_slice() else {
        panic!("one parked entry expected: {parked:?}");
    };
    assert_eq!(entry.lead_id, poison);
    assert!(
        entry
            .parked
            .as_ref()
            .expect("parked")
            .reason
            .contains("the process stopped mid-pass"),
        "{entry:?}"
    );
}

#[tokio::test]
async fn the_lambda_drain_handler_parks_the_poison_entry_and_delivers_the_rest() {
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = app_with(Arc::new(PanicsOnPoison {
        inner: FileMail::new(mail_dir.path()),
    }))
    .await;
    store_lead(&app.state, "alpha", fields("Mallory", POISON)).await;
    app.clock.advance(Duration::seconds(1));
    let good = twenty_good_leads(&app).await;
    let mut parked = 0;
    let mut delivered_total = 0;
    for _ in 0..=MAX_UNFINISHED {
        let output = edge_api::lambda::drain_event(&app.state)
            .await
            .expect("every scheduled run succeeds");
        parked += output.parked;
        delivered_total += output.delivered;
        app.clock.advance(Duration::hours(2));
    }
    assert_eq!((delivered_total, parked), (20, 1));
    for (dealer, id) in &good {
        assert!(delivered(&app.state, dealer, id).await, "{dealer} {id}");
    }
}

#[tokio::test]
async fn the_local_worker_keeps_delivering_past_a_poison_entry() {
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = app_with(Arc::new(PanicsOnPoison {
        inner: FileMail::new(mail_dir.path()),
    }))
    .await;
    store_lead(&app.state, "alpha", fields("Mallory", POISON)).await;
    let worker = outbox::spawn_worker(app.state.clone(), StdDuration::from_millis(50));
    let good = twenty_good_leads(&app).await;
    let deadline = Instant::now() + StdDuration::from_secs(30);
    loop {
        let mut all = true;
        for (dealer, id) in &good {
            all &= delivered(&app.state, dealer, id).await;
        }
        if all {
            break;
        }
        assert!(Instant::now() < deadline, "the worker stopped delivering");
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    worker.abort();
}

#[tokio::test]
async fn an_outbox_item_that_cannot_be_read_is_parked_as_stored_and_the_queue_goes_on() {
    use edge_api::store::{keys, Condition, Item, Write};
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let app = app_with(Arc::new(FileMail::new(mail_dir.path()))).await;
    let now = app.state.clock.now();
    // An entry written by some other tool, first in alpha's queue, that is not an entry.
    let garbage = Item {
        pk: keys::lead("alpha", "garbled"),
        sk: keys::outbox(1),
        gsi1: Some((
            keys::outbox_index("alpha"),
            keys::outbox_due(now - Duration::minutes(5), "garbled", 1),
        )),
        expires_at: None,
        version: 1,
        data: json!({ "not": "an outbox entry" }),
    };
    app.state
        .store
        .write(vec![Write::Put {
            item: garbage,
            condition: Condition::Always,
        }])
        .await
        .expect("write");
    let good = store_lead(&app.state, "alpha", fields("Grace", "grace@example.com")).await;

    let report = drain(&app.state).await.expect("drain");
    assert_eq!(report.delivered, 1);
    assert!(delivered(&app.state, "alpha", &good).await);
    let parked = outbox::parked(&app.state).await.expect("parked");
    let [(dealer, ParkedItem::Unreadable(item))] = parked.as_slice() else {
        panic!("the unreadable item parked: {parked:?}");
    };
    assert_eq!(
        (dealer.as_str(), item.sk.as_str()),
        ("alpha", "OUTBOX#000001")
    );
    // It no longer stands in the queue.
    assert_eq!(
        outbox::pending(&app.state, app.clock.now() + Duration::days(1))
            .await
            .expect("pending"),
        0
    );
}
