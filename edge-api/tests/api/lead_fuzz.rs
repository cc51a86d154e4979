//! Every text field of a lead, filled with control characters, noncharacters, markup and
//! oversized text: the API never answers 5xx; and leads stored with such text (as an
//! older API or another tool may have stored them) are all delivered, by webhook (JSON
//! and ADF) and email in every format, with no panic, nothing parked, and every ADF
//! document well-formed to a real XML parser (Python's expat).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use domain::config::{LeadEmailConfig, LeadEmailFormat, LeadRecipient};
use edge_api::delivery::mail::{FileMail, MailSettings};
use edge_api::delivery::outbox::drain;
use edge_api::lead::LeadFields;
use edge_api::policy::{Policy, RateLimit};
use edge_api::store::{LeadOutcome, LeadRecord};
use edge_api::tenancy::{Tenant, Tenants};
use serde_json::{json, Value};

use crate::support::{free_port, serve, state, tenants, Receiver};

/// Every free-text field of the lead payload, as the forms name them.
const TEXT_FIELDS: &[&str] = &[
    "name",
    "last_name",
    "message",
    "category",
    "subcategory",
    "location",
    "dealership_slug",
    "Rego",
    "lead_status",
    "vehicle_type",
    "regoState",
    "rego",
    "url",
    "source",
    "user_agent",
    "manufacturer_slug",
    "stock_number",
    "Vehicle Make",
    "Vehicle Model",
    "vehicle_status",
    "VIN",
    "Part#",
    "Rego/VIN/Part#",
    "Order Detail",
];

/// What a fuzzer throws at a text field.
fn nasty() -> Vec<String> {
    let mut values: Vec<String> = [
        "Eve\nX",
        "Eve\r\nBcc: victim@example.com",
        "nul\u{0}byte",
        "bell\u{7}",
        "esc\u{1b}[31mred",
        "c1\u{85}next",
        "line\u{2028}sep",
        "non\u{FFFE}char",
        "non\u{FFFF}char",
        "\u{FDD0}",
        "\u{202E}evil",
        "<script>alert(1)</script> & \"quotes\" 'single'",
        "]]><!--",
        "=?utf-8?b?SGVsbG8=?=",
        "tab\there",
        " ",
        "",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    values.push("🚗".repeat(300));
    values.push("x".repeat(5000));
    values
}

fn base_lead() -> Value {
    json!({ "name": "Jo", "last_name": "Citizen", "email": "jo@example.com", "phone": "0412345678",
            "postcode": "4000", "message": "Is it available?", "category": "General Enquiry" })
}

/// Alpha with a webhook pair and one inbox in each email format, confirmations on.
fn fuzz_tenants(webhook: &str) -> Tenants {
    let alpha: Tenant = tenants(Some(webhook))
        .by_slug("alpha")
        .expect("alpha")
        .as_ref()
        .clone();
    let inbox = |address: &str, format| LeadRecipient {
        address: address.into(),
        format,
        locations: Vec::new(),
        categories: Vec::new(),
    };
    Tenants::new([Tenant {
        lead_email: LeadEmailConfig {
            recipients: vec![
                inbox(
                    "sales@alpha.example.com.au",
                    LeadEmailFormat::ReadableWithAdf,
                ),
                inbox("crm@alpha.example.com.au", LeadEmailFormat::Adf),
                inbox("manager@alpha.example.com.au", LeadEmailFormat::Readable),
            ],
            confirmation: true,
            confirmation_sms: true,
        },
        ..alpha
    }])
}

fn generous() -> Policy {
    let lots = RateLimit {
        max: 1_000_000,
        window_secs: 60,
    };
    Policy {
        leads_per_ip: lots,
        leads_per_phone: lots,
        ..Policy::default()
    }
}

#[tokio::test]
async fn no_text_in_any_lead_field_gets_a_5xx() {
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let (state, clock, dir) = state(fuzz_tenants(&base), generous());
    let app = serve(state, clock, dir).await;
    let mut refused = 0;
    for field in TEXT_FIELDS {
        for value in nasty() {
            let mut body = base_lead();
            body[*field] = json!(value);
            let answer = app.post("alpha.localhost", "/api/leads", &body, None).await;
            assert!(
                answer.status.as_u16() < 500,
                "{field} = {value:?}: {} {}",
                answer.status,
                answer.text
            );
            refused += usize::from(answer.status.is_client_error());
        }
    }
    assert!(refused > 0, "control characters are refused somewhere");
}

fn python() -> PathBuf {
    let bin = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/python");
    assert!(
        bin.exists(),
        "{} is missing: run `make venv`",
        bin.display()
    );
    bin
}

/// Parses every ADF document in `dir` (`*.xml` files, and the ADF bodies and attachments
/// of `*.eml` messages) with expat; answers what failed.
fn expat_failures(dir: &Path) -> String {
    let script = r#"
import email, email.policy, pathlib, sys, xml.parsers.expat
bad = []
def check(name, data):
    p = xml.parsers.expat.ParserCreate()
    try:
        p.Parse(data, True)
    except xml.parsers.expat.ExpatError as e:
        bad.append(f"{name}: {e}")
docs = 0
for f in sorted(pathlib.Path(sys.argv[1]).iterdir()):
    if f.suffix == ".xml":
        docs += 1; check(f.name, f.read_bytes())
    elif f.suffix == ".eml":
        m = email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
        for part in m.walk():
            if part.is_multipart():
                continue
            body = part.get_content()
            if isinstance(body, bytes):
                body = body.decode("utf-8")
            if body.lstrip().startswith("<?xml"):
                docs += 1; check(f.name, body.encode("utf-8"))
if docs == 0:
    bad.append("no ADF document found")
print("\n".join(bad))
"#;
    let out = Command::new(python())
        .arg("-c")
        .arg(script)
        .arg(dir)
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

#[tokio::test]
async fn leads_stored_with_any_text_are_all_delivered_as_well_formed_adf_and_email() {
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let receiver = Receiver::start(port).await;
    let mail_dir = tempfile::tempdir().expect("mail dir");
    let (mut state, clock, dir) = state(fuzz_tenants(&base), Policy::default());
    state.mail = Some(MailSettings {
        transport: Arc::new(FileMail::new(mail_dir.path())),
        from: "leads@mail.forecourt.test".into(),
    });
    let app = serve(state, clock, dir).await;

    let mut ids = Vec::new();
    for (i, field) in TEXT_FIELDS.iter().enumerate() {
        for (j, value) in nasty().into_iter().enumerate() {
            let mut stored = serde_json::to_value(LeadFields {
                name: Some("Jo".into()),
                email: Some(edge_api::validate::email("jo@example.com").expect("email")),
                phone: Some(edge_api::validate::phone("0412345678").expect("phone")),
                phone_verified: Some(true),
                ..LeadFields::default()
            })
            .expect("fields");
            stored[*field] = json!(value);
            let fields: LeadFields = serde_json::from_value(stored).expect("stored fields");
            let now = app.state.clock.now();
            let lead = LeadRecord {
                id: format!("fuzz{i:02}x{j:02}"),
                dealer: "alpha".into(),
                created_at: now,
                updated_at: now,
                steps: 1,
                fields,
            };
            match app
                .state
                .store
                .create_lead(lead, None, now)
                .await
                .expect("store")
            {
                LeadOutcome::Stored(id) => ids.push(id),
                other => panic!("not stored: {other:?}"),
            }
        }
    }
    let mut delivered = 0;
    let mut parked = 0;
    while delivered + parked < ids.len() {
        let report = drain(&app.state).await.expect("drain");
        assert!(
            report.delivered + report.parked > 0,
            "a pass delivered nothing"
        );
        delivered += report.delivered;
        parked += report.parked;
    }
    assert_eq!((delivered, parked), (ids.len(), 0));

    // Every ADF the webhook received, with the emails' ADF, through expat.
    let adf_dir = tempfile::tempdir().expect("adf dir");
    let received = receiver.all();
    assert_eq!(
        received.len(),
        2 * ids.len(),
        "a JSON and an ADF post per lead"
    );
    for (n, post) in received.iter().filter(|r| r.path == "/adf").enumerate() {
        std::fs::write(adf_dir.path().join(format!("{n}.xml")), &post.body).expect("write");
    }
    for post in received.iter().filter(|r| r.path == "/json") {
        serde_json::from_str::<Value>(&post.body).expect("the JSON webhook body is JSON");
    }
    let failures = expat_failures(adf_dir.path());
    assert!(failures.is_empty(), "{failures}");
    let failures = expat_failures(mail_dir.path());
    assert!(failures.is_empty(), "{failures}");
    // Three dealer emails and the confirmation per lead, none lost.
    let emails = std::fs::read_dir(mail_dir.path()).expect("mail").count();
    assert_eq!(emails, 4 * ids.len());
}
