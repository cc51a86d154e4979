//! Lead delivery by email: a real SMTP server (aiosmtpd) and moto's SES receive what the
//! outbox sends, with the headers, recipients and an ADF document valid against the ADF
//! 1.0 DTD's structure; a crash mid-send never sends a message twice; a failing
//! confirmation never holds up the lead.

use std::collections::BTreeMap;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration as StdDuration, Instant};

use async_trait::async_trait;
use chrono::Duration;
use domain::config::{LeadEmailConfig, LeadEmailFormat, LeadRecipient};
use domain::messages::NEXT_STEP;
use domain::rules::availability::ReserveState;
use domain::rules::market::{Listing, Market, MarketCar};
use edge_api::clock::Clock;
use edge_api::delivery::mail::{FileMail, MailSettings, MailTransport, OutgoingMail, SmtpMail};
use edge_api::delivery::outbox::{drain, DrainReport, LEASE};
use edge_api::delivery::ses::SesMail;
use edge_api::market::MarketSource;
use edge_api::policy::Policy;
use edge_api::store::{SendState, Target};
use edge_api::tenancy::{Tenant, Tenants};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{free_port, serve, state, tenants, TestApp};

const HOST: &str = "alpha.localhost";
const FROM: &str = "leads@mail.forecourt.test";

fn recipient(address: &str, format: LeadEmailFormat, categories: &[&str]) -> LeadRecipient {
    LeadRecipient {
        address: address.into(),
        format,
        locations: Vec::new(),
        categories: categories.iter().map(|c| (*c).to_owned()).collect(),
    }
}

/// Alpha with three inboxes: sales (readable, ADF attached), the CRM (ADF body) and
/// service (Service leads only); confirmations by email and SMS.
fn mail_tenants() -> Tenants {
    let alpha: Tenant = tenants(None)
        .by_slug("alpha")
        .expect("alpha")
        .as_ref()
        .clone();
    Tenants::new([Tenant {
        lead_email: LeadEmailConfig {
            recipients: vec![
                recipient(
                    "sales@alpha.example.com.au",
                    LeadEmailFormat::ReadableWithAdf,
                    &[],
                ),
                recipient("crm@leads.alpha.example.com.au", LeadEmailFormat::Adf, &[]),
                recipient(
                    "service@alpha.example.com.au",
                    LeadEmailFormat::Readable,
                    &["Service"],
                ),
            ],
            confirmation: true,
            confirmation_sms: true,
        },
        ..alpha
    }])
}

fn lead_body() -> Value {
    json!({ "name": "Jo & Co", "last_name": "Citizen", "email": "jo@example.com", "phone": "0412345678",
            "postcode": "4000", "message": "Price <best>?", "category": "General Enquiry", "location": "brisbane",
            "Vehicle Make": "Toyota", "Vehicle Model": "HiLux", "Vehicle Year": 2021, "VIN": "MR0FA3CD100123456",
            "stock_number": "JT1042", "car_id": 1042, "vehicle_status": "used",
            "url": "https://www.alphamotors.com.au/cars/2021-toyota-hilux-1042",
            "lead_attributes": {
                "landing_page": "/?utm_source=google&gclid=g<1>",
                "referrer": "https://www.google.com/search?q=<ute>",
                "visited_pages": ["/?utm_source=google&gclid=g<1>", "/cars/2021-toyota-hilux-1042"],
                "linked_query_params": { "utm_source": "google", "utm_campaign": "utes", "gclid": "g<1>",
                                         "fbclid": "f1", "msclkid": "m1" }
            } })
}

/// Alpha publishes the HiLux the lead is about: confirmations name cars from the stock.
fn hilux_market() -> MarketSource {
    let slug = "2021-toyota-hilux-1042";
    MarketSource::fixed(
        Market::new([MarketCar {
            dealer: "alpha".into(),
            slug: slug.into(),
            make: "Toyota".into(),
            model: "HiLux".into(),
            year: 2021,
            km: 41_000,
            price: 45_990.0,
            car_type: domain::car::CarType::Used,
            badge: None,
        }])
        .with_listings([Listing {
            dealer: "alpha".into(),
            id: 1042,
            slug: slug.into(),
            reserve: ReserveState::Reservable,
        }]),
    )
}

async fn app_with(transport: Arc<dyn MailTransport>) -> TestApp {
    let (mut state, clock, dir) = state(mail_tenants(), Policy::default());
    state.market = Arc::new(hilux_market());
    state.mail = Some(MailSettings {
        transport,
        from: FROM.into(),
    });
    serve(state, clock, dir).await
}

async fn submit(app: &TestApp) -> String {
    let answer = app.post(HOST, "/api/leads", &lead_body(), None).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    answer.json["lead_id"].as_str().expect("id").to_owned()
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn python() -> PathBuf {
    let bin = repo_root().join(".venv/bin/python");
    assert!(
        bin.exists(),
        "{} is missing: run `make venv` (it installs moto and aiosmtpd)",
        bin.display()
    );
    bin
}

// ---------------------------------------------------------------- ADF structure

/// An element of a parsed XML document.
#[derive(Debug, Default)]
struct Node {
    name: String,
    attrs: BTreeMap<String, String>,
    children: Vec<Node>,
    text: String,
}

/// Parses a document into its root element, with the processing instructions seen.
fn parse_xml(doc: &str) -> Result<(Node, Vec<String>), String> {
    use xmlparser::{ElementEnd, Token, Tokenizer};
    let mut stack: Vec<Node> = vec![Node::default()];
    let mut pis = Vec::new();
    for token in Tokenizer::from(doc) {
        match token.map_err(|e| format!("not well-formed XML: {e}"))? {
            Token::ProcessingInstruction {
                target, content, ..
            } => {
                pis.push(format!(
                    "{} {}",
                    target.as_str(),
                    content.map(|c| c.as_str()).unwrap_or("")
                ));
            }
            Token::ElementStart { local, .. } => stack.push(Node {
                name: local.as_str().to_owned(),
                ..Node::default()
            }),
            Token::Attribute { local, value, .. } => {
                let top = stack.last_mut().ok_or("attribute outside an element")?;
                top.attrs
                    .insert(local.as_str().to_owned(), value.as_str().to_owned());
            }
            Token::ElementEnd { end, .. } => {
                let closing = match end {
                    ElementEnd::Open => continue,
                    ElementEnd::Close(_, local) => Some(local.as_str().to_owned()),
                    ElementEnd::Empty => None,
                };
                let node = stack.pop().ok_or("unbalanced")?;
                if let Some(name) = closing {
                    if name != node.name {
                        return Err(format!("</{name}> closes <{}>", node.name));
                    }
                }
                stack.last_mut().ok_or("unbalanced")?.children.push(node);
            }
            Token::Text { text } => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(text.as_str());
                }
            }
            _ => {}
        }
    }
    let mut doc_node = stack.pop().ok_or("empty")?;
    if !stack.is_empty() || doc_node.children.len() != 1 {
        return Err("expected exactly one root element".into());
    }
    Ok((doc_node.children.remove(0), pis))
}

/// Children names against a DTD content model: (name, min, max) in order.
fn sequence(parent: &Node, model: &[(&str, usize, usize)]) -> Result<(), String> {
    let names: Vec<&str> = parent.children.iter().map(|c| c.name.as_str()).collect();
    let mut i = 0;
    for &(name, min, max) in model {
        let mut count = 0;
        while i < names.len() && names[i] == name && count < max {
            i += 1;
            count += 1;
        }
        if count < min {
            return Err(format!(
                "<{}> needs {min}+ <{name}> at position {i}, has {names:?}",
                parent.name
            ));
        }
    }
    if i != names.len() {
        return Err(format!(
            "<{}>: unexpected <{}> at position {i} (children {names:?})",
            parent.name, names[i]
        ));
    }
    Ok(())
}

fn children<'a>(node: &'a Node, name: &str) -> Vec<&'a Node> {
    node.children.iter().filter(|c| c.name == name).collect()
}

fn enum_attr(node: &Node, attr: &str, allowed: &[&str], required: bool) -> Result<(), String> {
    match node.attrs.get(attr) {
        Some(v) if allowed.contains(&v.as_str()) => Ok(()),
        Some(v) => Err(format!(
            "<{} {attr}=\"{v}\">: expected one of {allowed:?}",
            node.name
        )),
        None if required => Err(format!("<{}> needs {attr}", node.name)),
        None => Ok(()),
    }
}

fn contact(node: &Node) -> Result<(), String> {
    sequence(
        node,
        &[
            ("name", 1, usize::MAX),
            ("email", 0, usize::MAX),
            ("phone", 0, usize::MAX),
            ("address", 0, 1),
        ],
    )?;
    for name in children(node, "name") {
        enum_attr(
            name,
            "part",
            &["surname", "first", "middle", "suffix", "last", "full"],
            false,
        )?;
    }
    Ok(())
}

const MANY: usize = usize::MAX;

/// The structure the ADF 1.0 DTD gives a document: `<?adf version="1.0"?>`, `<adf>` of
/// prospects, each `id* requestdate vehicle+ customer vendor provider?`, with the
/// vehicle, customer, contact, vendor and provider content models and their attribute
/// values; plus the specification's rule that a customer contact has an email or phone.
pub(crate) fn check_adf(doc: &str) -> Result<(), String> {
    let (root, pis) = parse_xml(doc)?;
    if !pis
        .iter()
        .any(|p| p.starts_with("adf ") && p.contains("version=\"1.0\""))
    {
        return Err(format!("no <?adf version=\"1.0\"?> (instructions {pis:?})"));
    }
    if root.name != "adf" {
        return Err(format!("root is <{}>, expected <adf>", root.name));
    }
    sequence(&root, &[("prospect", 1, MANY)])?;
    for prospect in &root.children {
        enum_attr(prospect, "status", &["new", "resend"], false)?;
        sequence(
            prospect,
            &[
                ("id", 0, MANY),
                ("requestdate", 1, 1),
                ("vehicle", 1, MANY),
                ("customer", 1, 1),
                ("vendor", 1, 1),
                ("provider", 0, 1),
            ],
        )?;
        let date = &children(prospect, "requestdate")[0].text;
        chrono::DateTime::parse_from_rfc3339(date.trim())
            .map_err(|e| format!("requestdate {date}: {e}"))?;
        for vehicle in children(prospect, "vehicle") {
            enum_attr(
                vehicle,
                "interest",
                &["buy", "lease", "sell", "trade-in", "test-drive"],
                false,
            )?;
            enum_attr(vehicle, "status", &["new", "used"], false)?;
            sequence(
                vehicle,
                &[
                    ("id", 0, MANY),
                    ("year", 1, 1),
                    ("make", 1, 1),
                    ("model", 1, 1),
                    ("vin", 0, 1),
                    ("stock", 0, 1),
                    ("trim", 0, 1),
                    ("doors", 0, 1),
                    ("bodystyle", 0, 1),
                    ("transmission", 0, 1),
                    ("odometer", 0, 1),
                    ("condition", 0, 1),
                    ("colorcombination", 0, MANY),
                    ("imagetag", 0, 1),
                    ("price", 0, MANY),
                    ("pricecomments", 0, 1),
                    ("option", 0, MANY),
                    ("finance", 0, 1),
                    ("comments", 0, 1),
                ],
            )?;
        }
        let customer = children(prospect, "customer")[0];
        sequence(
            customer,
            &[
                ("contact", 1, 1),
                ("id", 0, MANY),
                ("timeframe", 0, 1),
                ("comments", 0, 1),
            ],
        )?;
        let customer_contact = children(customer, "contact")[0];
        contact(customer_contact)?;
        if children(customer_contact, "email").is_empty()
            && children(customer_contact, "phone").is_empty()
        {
            return Err("the customer's contact needs an email or a phone".into());
        }
        let vendor = children(prospect, "vendor")[0];
        sequence(
            vendor,
            &[
                ("id", 0, MANY),
                ("vendorname", 1, 1),
                ("url", 0, 1),
                ("contact", 1, 1),
            ],
        )?;
        contact(children(vendor, "contact")[0])?;
        for provider in children(prospect, "provider") {
            sequence(
                provider,
                &[
                    ("id", 0, MANY),
                    ("name", 1, 1),
                    ("service", 0, 1),
                    ("url", 0, 1),
                    ("email", 0, 1),
                    ("phone", 0, 1),
                    ("contact", 0, 1),
                ],
            )?;
        }
    }
    Ok(())
}

#[test]
fn the_adf_check_refuses_what_the_dtd_refuses() {
    let good = "<?xml version=\"1.0\"?>\n<?adf version=\"1.0\"?>\n<adf><prospect><requestdate>2026-11-22T09:00:00+00:00</requestdate>\
        <vehicle interest=\"buy\"><year>2021</year><make>Toyota</make><model>HiLux</model></vehicle>\
        <customer><contact><name part=\"full\">Jo</name><phone>0412345678</phone></contact></customer>\
        <vendor><vendorname>Alpha</vendorname><contact><name part=\"full\">Alpha</name></contact></vendor></prospect></adf>";
    check_adf(good).expect("valid");
    for (bad, why) in [
        (
            good.replace("<?adf version=\"1.0\"?>", ""),
            "no adf instruction",
        ),
        (
            good.replace("<year>2021</year>", ""),
            "vehicle without year",
        ),
        (
            good.replace(
                "<make>Toyota</make><model>HiLux</model>",
                "<model>HiLux</model><make>Toyota</make>",
            ),
            "make after model",
        ),
        (
            good.replace("<phone>0412345678</phone>", ""),
            "contact without email or phone",
        ),
        (
            good.replace("<contact><name part=\"full\">Alpha</name></contact>", ""),
            "vendor without contact",
        ),
        (
            good.replace("interest=\"buy\"", "interest=\"enquire\""),
            "unknown interest",
        ),
        (
            good.replace("<requestdate>2026-11-22T09:00:00+00:00</requestdate>", ""),
            "no requestdate",
        ),
    ] {
        assert!(check_adf(&bad).is_err(), "{why} passed the check");
    }
}

/// The ADF document of a lead about a car, from the outbox's own renderer.
#[test]
fn a_lead_about_a_car_renders_a_valid_adf_document_naming_the_site() {
    let lead: edge_api::store::LeadRecord = serde_json::from_value(json!({
        "id": "L1", "dealer": "alpha", "steps": 1,
        "created_at": "2026-01-05T10:00:00Z", "updated_at": "2026-01-05T10:00:00Z",
        "fields": lead_body(),
    }))
    .expect("lead");
    let adf = edge_api::delivery::adf::lead_to_adf_for_site(
        &lead,
        "Alpha Motors",
        Some("https://www.alphamotors.com.au"),
    );
    check_adf(&adf).unwrap_or_else(|e| panic!("{e}\n{adf}"));
    for line in [
        "<vin>MR0FA3CD100123456</vin>",
        "<stock>JT1042</stock>",
        "<url>https://www.alphamotors.com.au</url>",
        "<service>Alpha Motors website</service>",
    ] {
        assert!(adf.contains(line), "{line} missing from\n{adf}");
    }
}

/// The ADF document of any lead ("one `<prospect>` per lead, `<vehicle>` with
/// VIN and stock number"): the DTD requires `vehicle+`, each with year, make and model,
/// so every kind of lead gets a valid document, its vehicles saying what they are.
#[test]
fn every_kind_of_lead_renders_a_valid_adf_document() {
    let contact = json!({ "name": "Jo", "last_name": "Citizen", "phone": "0412345678" });
    let adf_of = |fields: Value| {
        let mut all = contact.clone();
        all.as_object_mut()
            .expect("object")
            .extend(fields.as_object().expect("object").clone());
        let lead: edge_api::store::LeadRecord = serde_json::from_value(json!({
            "id": "L9", "dealer": "alpha", "steps": 1,
            "created_at": "2026-01-05T10:00:00Z", "updated_at": "2026-01-05T10:00:00Z",
            "fields": all,
        }))
        .expect("lead");
        let adf = edge_api::delivery::adf::lead_to_adf(&lead, "Alpha Motors");
        check_adf(&adf).unwrap_or_else(|e| panic!("{e}\n{adf}"));
        adf
    };
    let has = |adf: &str, parts: &[&str]| {
        for part in parts {
            assert!(adf.contains(part), "{part} missing from\n{adf}");
        }
    };
    // A general enquiry naming no car: the DTD's minimal vehicle, empty, and why.
    let general = adf_of(json!({ "category": "General Enquiry", "message": "Open on Sunday?" }));
    has(
        &general,
        &["<vehicle>\n      <year></year>\n      <make></make>\n      <model></model>\n      <comments>No vehicle named (General Enquiry)</comments>\n    </vehicle>"],
    );
    // A finance enquiry about a car: the car, as a car's enquiry names it.
    let finance = adf_of(
        json!({ "category": "Finance", "subcategory": "Finance Enquiry",
        "car_id": 77, "stock_number": "S77", "Vehicle Make": "Mazda", "Vehicle Model": "CX-5",
        "vehicle_status": "used", "price": 31990 }),
    );
    has(
        &finance,
        &["<vehicle interest=\"buy\" status=\"used\">\n      <id source=\"car_id\">77</id>\n      <year></year>\n      <make>Mazda</make>\n      <model>CX-5</model>\n      <stock>S77</stock>\n      <price type=\"asking\" currency=\"AUD\">31990</price>"],
    );
    // A test drive is ADF's test-drive interest.
    let drive = adf_of(
        json!({ "category": "Test Drive", "car_id": 5, "Vehicle Make": "Kia",
        "Vehicle Model": "EV6", "Vehicle Year": 2024 }),
    );
    has(
        &drive,
        &["<vehicle interest=\"test-drive\">", "<year>2024</year>"],
    );
    // The trade-in form: make, model and year are the shopper's own car, with the offer;
    // started from a car for sale, that car is the one they would buy.
    let trade = adf_of(
        json!({ "category": "Trade-In", "subcategory": "3. Offer Accepted",
        "offer_accepted": true, "offer_price": 21000, "rego": "ABC123", "regoState": "QLD",
        "kms": 52000, "Vehicle Make": "Holden", "Vehicle Model": "Commodore",
        "Vehicle Year": 2015, "car_id": 1042 }),
    );
    has(
        &trade,
        &[
            "<vehicle interest=\"buy\">\n      <id source=\"car_id\">1042</id>\n      <year></year>\n      <make></make>\n      <model></model>\n    </vehicle>",
            "<vehicle interest=\"trade-in\" status=\"used\">\n      <year>2015</year>\n      <make>Holden</make>\n      <model>Commodore</model>\n      <odometer units=\"km\">52000</odometer>\n      <price type=\"offer\" currency=\"AUD\">21000</price>\n      <comments>Rego ABC123 (QLD)</comments>",
        ],
    );
    // A parts order: the shopper's car the parts are for (ADF has no parts interest).
    let parts = adf_of(json!({ "category": "Parts", "subcategory": "Parts Order",
        "Vehicle Make": "Toyota", "Vehicle Model": "HiLux", "Vehicle Year": 2019,
        "VIN": "MR0FA3CD100123456", "Rego": "XYZ789", "Part#": "04465-0K240",
        "Order Detail": "Front pads" }));
    has(
        &parts,
        &[
            "<vehicle>\n      <year>2019</year>\n      <make>Toyota</make>\n      <model>HiLux</model>\n      <vin>MR0FA3CD100123456</vin>\n      <comments>The shopper&#39;s car the parts are for. Rego XYZ789</comments>",
            "Part#: 04465-0K240",
        ],
    );
    assert!(!parts.contains("trade-in"), "{parts}");
    // An enquiry about a car that mentions a trade-in: the car, and the trade-in apart.
    let with_trade = adf_of(json!({ "category": "General Enquiry", "car_id": 9,
        "Vehicle Make": "Ford", "Vehicle Model": "Ranger", "do-you-have-a-trade-in": "Yes",
        "kms": 80000 }));
    has(
        &with_trade,
        &[
            "<make>Ford</make>",
            "<vehicle interest=\"trade-in\" status=\"used\">\n      <year></year>\n      <make></make>\n      <model></model>\n      <odometer units=\"km\">80000</odometer>",
        ],
    );
}

// ---------------------------------------------------------------- SMTP

/// aiosmtpd on a free port, writing each received message (envelope, headers, the
/// decoded parts) as a JSON line; killed by its PID when dropped.
struct SmtpServer {
    child: Child,
    port: u16,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const SMTP_SERVER: &str = r#"
import json, sys, time, email
from email import policy
from aiosmtpd.controller import Controller
port, out = int(sys.argv[1]), sys.argv[2]
class Keep:
    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.content, policy=policy.default)
        parts = []
        for part in msg.walk():
            if part.is_multipart():
                continue
            parts.append({"type": part.get_content_type(), "filename": part.get_filename(),
                          "text": part.get_payload(decode=True).decode("utf-8")})
        headers = {}
        for k, v in msg.items():
            headers.setdefault(k.lower(), []).append(str(v))
        with open(out, "a") as f:
            f.write(json.dumps({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos,
                                "headers": headers, "parts": parts}) + "\n")
        return "250 Message accepted"
controller = Controller(Keep(), hostname="127.0.0.1", port=port)
controller.start()
while True:
    time.sleep(3600)
"#;

impl SmtpServer {
    fn start() -> SmtpServer {
        SmtpServer::start_on(free_port())
    }

    fn received(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).expect("json line"))
            .collect()
    }
}

fn header<'a>(message: &'a Value, name: &str) -> &'a str {
    message["headers"][name][0]
        .as_str()
        .unwrap_or_else(|| panic!("no {name} in {message}"))
}

fn part<'a>(message: &'a Value, content_type: &str) -> &'a Value {
    message["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .find(|p| p["type"] == content_type)
        .unwrap_or_else(|| panic!("no {content_type} part in {message}"))
}

#[tokio::test]
async fn a_lead_reaches_a_real_smtp_server_in_each_recipients_format() {
    let smtp = SmtpServer::start();
    let transport = SmtpMail::from_url(&format!("smtp://127.0.0.1:{}", smtp.port)).expect("url");
    let app = app_with(Arc::new(transport)).await;
    // Signed in with the lead's phone, so the confirmation may go by text too.
    let cookie = app.sign_in(HOST, "0412345678").await;
    let answer = app
        .post(HOST, "/api/leads", &lead_body(), Some(&cookie))
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let id = answer.json["lead_id"].as_str().expect("id").to_owned();
    assert_eq!(
        drain(&app.state).await.expect("drain"),
        DrainReport {
            delivered: 1,
            failed: 0,
            parked: 0
        }
    );

    let got = smtp.received();
    let to = |address: &str| {
        got.iter()
            .find(|m| m["rcpt_tos"] == json!([address]))
            .unwrap_or_else(|| panic!("nothing for {address} in {got:#?}"))
    };
    // Sales, the CRM and the shopper; service takes Service leads only.
    assert_eq!(got.len(), 3, "{got:#?}");
    for message in &got {
        assert_eq!(message["mail_from"], FROM);
        assert_eq!(header(message, "from"), format!("Alpha Motors <{FROM}>"));
    }

    let sales = to("sales@alpha.example.com.au");
    assert_eq!(
        header(sales, "reply-to"),
        "Jo & Co Citizen <jo@example.com>"
    );
    assert_eq!(
        header(sales, "subject"),
        "New lead: General Enquiry – 2021 Toyota HiLux – Jo & Co Citizen (Alpha Motors)"
    );
    let message_id = header(sales, "message-id");
    assert!(
        message_id.starts_with(&format!("<{id}.1.lead."))
            && message_id.ends_with("@mail.forecourt.test>"),
        "{message_id}"
    );
    let text = part(sales, "text/plain")["text"].as_str().expect("text");
    for line in [
        "Name: Jo & Co Citizen",
        "Phone: 0412 345 678",
        "Car: 2021 Toyota HiLux",
        "Stock number: JT1042",
        "VIN: MR0FA3CD100123456",
        "Location: Alpha Motors brisbane",
        "Message: Price <best>?",
        // The attribution, as the shopper's browser kept it.
        "Landing page: /?utm_source=google&gclid=g<1>",
        "Referrer: https://www.google.com/search?q=<ute>",
        "Campaign: fbclid=f1, gclid=g<1>, msclkid=m1, utm_campaign=utes, utm_source=google",
        "Pages visited: /?utm_source=google&gclid=g<1> > /cars/2021-toyota-hilux-1042",
        // On the Brisbane location's clock, in words.
        "Received: Sunday 22 November 2026, 7:00 pm AEST",
    ] {
        assert!(text.contains(line), "{line} missing from\n{text}");
    }
    let html = part(sales, "text/html")["text"].as_str().expect("html");
    assert!(
        html.contains("Price &lt;best&gt;?")
            && html
                .contains("<th align=\"left\" valign=\"top\">Car</th><td>2021 Toyota HiLux</td>"),
        "{html}"
    );
    // Attribution rows, escaped: nothing from the shopper's URL becomes markup.
    for row in [
        "<th align=\"left\" valign=\"top\">Landing page</th><td>/?utm_source=google&amp;gclid=g&lt;1&gt;</td>",
        "<th align=\"left\" valign=\"top\">Referrer</th><td>https://www.google.com/search?q=&lt;ute&gt;</td>",
        "<th align=\"left\" valign=\"top\">Campaign</th><td>fbclid=f1, gclid=g&lt;1&gt;, msclkid=m1, utm_campaign=utes, utm_source=google</td>",
        "<th align=\"left\" valign=\"top\">Pages visited</th><td>/?utm_source=google&amp;gclid=g&lt;1&gt; &gt; /cars/2021-toyota-hilux-1042</td>",
    ] {
        assert!(html.contains(row), "{row} missing from\n{html}");
    }
    assert!(!html.contains("<ute>") && !html.contains("g<1>"), "{html}");
    let attached = part(sales, "application/xml");
    assert_eq!(attached["filename"], "lead.adf.xml");
    let adf = attached["text"].as_str().expect("adf");
    check_adf(adf).unwrap_or_else(|e| panic!("{e}\n{adf}"));
    assert!(adf.contains("<stock>JT1042</stock>") && adf.contains("<vin>MR0FA3CD100123456</vin>"));
    // ADF's request date stays ISO 8601 for the CRM.
    assert!(
        adf.contains("<requestdate>2026-11-22T09:00:00+00:00</requestdate>"),
        "{adf}"
    );
    assert!(
        adf.contains("<url>https://www.alphamotors.com.au</url>"),
        "{adf}"
    );

    // The CRM gets the ADF document itself as the body.
    let crm = to("crm@leads.alpha.example.com.au");
    assert_eq!(crm["parts"].as_array().expect("parts").len(), 1, "{crm}");
    let body = part(crm, "text/plain")["text"].as_str().expect("body");
    check_adf(body).unwrap_or_else(|e| panic!("{e}\n{body}"));
    assert_ne!(
        header(crm, "message-id"),
        message_id,
        "one Message-ID per recipient"
    );

    // The shopper's confirmation names the car, the location and what happens next.
    let shopper = to("jo@example.com");
    assert_eq!(
        header(shopper, "subject"),
        "We have received your enquiry about the 2021 Toyota HiLux – Alpha Motors"
    );
    assert_eq!(
        header(shopper, "reply-to"),
        "Alpha Motors <sales@alpha.example.com.au>"
    );
    let text = part(shopper, "text/plain")["text"].as_str().expect("text");
    assert!(
        text.contains("Hi Jo,")
            && text.contains("the 2021 Toyota HiLux")
            && text.contains("our team at Alpha Motors brisbane")
            && text
                .contains("Car page: https://www.alphamotors.com.au/cars/2021-toyota-hilux-1042")
            && text.contains(NEXT_STEP),
        "{text}"
    );
    // And by SMS, the dealer having turned it on.
    let sms = app
        .state
        .sms
        .sent_to("alpha", "0412345678")
        .expect("local sender");
    // The sign-in code, then the confirmation.
    assert_eq!(sms.len(), 2, "{sms:#?}");
    let sms = &sms[1..];
    assert!(
        sms[0].body.contains("2021 Toyota HiLux") && sms[0].body.contains("Alpha Motors brisbane"),
        "{}",
        sms[0].body
    );

    // Every attempt is on the entry, and nothing goes twice.
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    assert!(
        entry.mail.iter().all(|m| m.state == SendState::Sent),
        "{:?}",
        entry.mail
    );
    assert_eq!(
        entry
            .attempts
            .iter()
            .filter(|a| a.recipient.is_some())
            .count(),
        4
    );
    app.clock.advance(Duration::days(1));
    assert_eq!(
        drain(&app.state).await.expect("drain"),
        DrainReport::default()
    );
    assert_eq!(smtp.received().len(), 3);
}

#[tokio::test]
async fn an_smtp_server_that_is_down_gets_the_lead_later_with_backoff() {
    let port = free_port();
    let transport = SmtpMail::from_url(&format!("smtp://127.0.0.1:{port}")).expect("url");
    let app = app_with(Arc::new(transport)).await;
    let id = submit(&app).await;
    assert_eq!(drain(&app.state).await.expect("drain").failed, 1);
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    assert_eq!(entry.due_at, Some(app.clock.now() + Duration::seconds(30)));
    assert!(entry
        .attempts
        .iter()
        .filter(|a| a.target == Target::LeadEmail)
        .all(|a| a.error.as_deref().is_some_and(|e| e.starts_with("SMTP"))));
    assert_eq!(
        entry
            .mail
            .iter()
            .filter(|m| m.state == SendState::Failed)
            .count(),
        3,
        "{:?}",
        entry.mail
    );

    // The server comes up on that port; the next due pass delivers.
    let smtp = SmtpServer::start_on(port);
    app.clock.advance(Duration::seconds(30));
    assert_eq!(drain(&app.state).await.expect("drain").delivered, 1);
    assert_eq!(smtp.received().len(), 3);
}

impl SmtpServer {
    fn start_on(port: u16) -> SmtpServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let log = dir.path().join("received.jsonl");
        let child = Command::new(python())
            .args([
                "-c",
                SMTP_SERVER,
                &port.to_string(),
                log.to_str().expect("utf-8"),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start aiosmtpd (make venv installs it)");
        let server = SmtpServer {
            child,
            port,
            log,
            _dir: dir,
        };
        let deadline = Instant::now() + StdDuration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "aiosmtpd did not start on port {port}"
            );
            std::thread::sleep(StdDuration::from_millis(50));
        }
        server
    }
}

// ---------------------------------------------------------------- crash mid-send

/// Sends through the inner transport, then never returns: the worker is killed inside
/// the send, after the message went out and before its outcome is written.
struct DiesAfterSending {
    inner: FileMail,
    sends: AtomicUsize,
}

#[async_trait]
impl MailTransport for DiesAfterSending {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        self.inner.send(mail).await?;
        self.sends.fetch_add(1, Ordering::SeqCst);
        std::future::pending::<()>().await;
        unreachable!()
    }
    async fn already_sent(&self, id: &str) -> Option<bool> {
        self.inner.already_sent(id).await
    }
    fn name(&self) -> &'static str {
        "dies"
    }
}

/// A transport that counts sends and, like SMTP and SES, cannot look a message up.
struct Blind {
    inner: FileMail,
    sends: AtomicUsize,
}

#[async_trait]
impl MailTransport for Blind {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        self.sends.fetch_add(1, Ordering::SeqCst);
        self.inner.send(mail).await
    }
    fn name(&self) -> &'static str {
        "blind"
    }
}

fn eml_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Runs one pass that dies inside its first send (the task is aborted there, as a
/// `kill -9` would stop the process), then returns what the dying transport sent.
async fn pass_killed_mid_send(app: &TestApp, dies: Arc<DiesAfterSending>) {
    let mut state = app.state.clone();
    state.mail = Some(MailSettings {
        transport: dies.clone(),
        from: FROM.into(),
    });
    let pass = tokio::spawn(async move { drain(&state).await });
    let deadline = Instant::now() + StdDuration::from_secs(10);
    while dies.sends.load(Ordering::SeqCst) == 0 {
        assert!(Instant::now() < deadline, "the first send never happened");
        tokio::time::sleep(StdDuration::from_millis(10)).await;
    }
    pass.abort();
    let _ = pass.await;
}

#[tokio::test]
async fn a_crash_mid_send_never_sends_twice_and_a_lookup_transport_finishes_exactly_once() {
    let mail_dir = tempfile::tempdir().expect("temp dir");
    let file = FileMail::new(mail_dir.path());
    let app = app_with(Arc::new(file.clone())).await;
    let id = submit(&app).await;
    let dies = Arc::new(DiesAfterSending {
        inner: file.clone(),
        sends: AtomicUsize::new(0),
    });
    pass_killed_mid_send(&app, dies).await;
    assert_eq!(
        eml_files(mail_dir.path()).len(),
        1,
        "one message went out before the kill"
    );
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    assert_eq!(
        entry.mail[0].state,
        SendState::Sending,
        "the marker was written before the send"
    );

    // The restarted worker takes the entry once its lease ends.
    app.clock.advance(LEASE + Duration::seconds(1));
    assert_eq!(drain(&app.state).await.expect("drain").delivered, 1);
    let files = eml_files(mail_dir.path());
    assert_eq!(files.len(), 3, "sales, CRM, shopper: each once ({files:?})");
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    assert!(
        entry.mail.iter().all(|m| m.state == SendState::Sent),
        "{:?}",
        entry.mail
    );
    let first = &entry.mail[0];
    assert!(
        files.contains(&format!("{}.eml", first.message_id)),
        "{files:?}"
    );
}

#[tokio::test]
async fn a_crash_mid_send_on_a_transport_that_cannot_look_up_leaves_it_in_doubt_not_resent() {
    let mail_dir = tempfile::tempdir().expect("temp dir");
    let file = FileMail::new(mail_dir.path());
    let blind = Arc::new(Blind {
        inner: file.clone(),
        sends: AtomicUsize::new(0),
    });
    let app = app_with(blind.clone()).await;
    let id = submit(&app).await;
    let dies = Arc::new(DiesAfterSending {
        inner: file.clone(),
        sends: AtomicUsize::new(0),
    });
    pass_killed_mid_send(&app, dies).await;

    app.clock.advance(LEASE + Duration::seconds(1));
    assert_eq!(drain(&app.state).await.expect("drain").delivered, 1);
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    assert_eq!(entry.mail[0].state, SendState::InDoubt);
    assert_eq!(
        blind.sends.load(Ordering::SeqCst),
        2,
        "only the two messages not yet tried"
    );
    assert_eq!(
        eml_files(mail_dir.path()).len(),
        3,
        "the interrupted one is not sent again"
    );
    let doubt = entry
        .attempts
        .iter()
        .find(|a| a.recipient.as_deref() == Some(entry.mail[0].to.as_str()))
        .expect("attempt");
    assert!(
        doubt
            .error
            .as_deref()
            .is_some_and(|e| e.contains("interrupted mid-send")),
        "{doubt:?}"
    );
}

// ---------------------------------------------------------------- confirmations

/// Refuses every message to one address (a shopper whose mailbox bounces).
struct Refuses {
    inner: FileMail,
    refused: String,
}

#[async_trait]
impl MailTransport for Refuses {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        if mail.to == self.refused {
            anyhow::bail!("550 mailbox unavailable");
        }
        self.inner.send(mail).await
    }
    fn name(&self) -> &'static str {
        "refuses"
    }
}

#[tokio::test]
async fn a_failing_confirmation_never_holds_up_the_lead_and_is_given_up() {
    let mail_dir = tempfile::tempdir().expect("temp dir");
    let transport = Refuses {
        inner: FileMail::new(mail_dir.path()),
        refused: "jo@example.com".into(),
    };
    let app = app_with(Arc::new(transport)).await;
    let id = submit(&app).await;
    drain(&app.state).await.expect("drain");
    assert_eq!(
        eml_files(mail_dir.path()).len(),
        2,
        "the dealer's inboxes got the lead on the first pass"
    );
    for _ in 1..edge_api::delivery::outbox::CONFIRMATION_TRIES {
        app.clock.advance(Duration::hours(1));
        drain(&app.state).await.expect("drain");
    }
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    let confirmation = entry
        .mail
        .iter()
        .find(|m| m.target == Target::ConfirmationEmail)
        .expect("confirmation");
    assert_eq!(confirmation.state, SendState::GaveUp);
    assert_eq!(
        confirmation.failures,
        edge_api::delivery::outbox::CONFIRMATION_TRIES
    );
    assert!(entry.delivered_at.is_some(), "the entry is done");
    assert_eq!(
        eml_files(mail_dir.path()).len(),
        2,
        "lead emails were not sent again"
    );
}

// ---------------------------------------------------------------- SES

#[tokio::test]
async fn ses_sends_the_raw_message_and_moto_records_it() {
    if std::env::var("FORECOURT_SKIP_DYNAMODB").is_ok_and(|v| v == "1") {
        eprintln!("FORECOURT_SKIP_DYNAMODB=1: the moto run is skipped");
        return;
    }
    let moto = crate::store_conformance::start_moto();
    let config = aws_sdk_sesv2::Config::builder()
        .behavior_version(aws_sdk_sesv2::config::BehaviorVersion::latest())
        .region(aws_sdk_sesv2::config::Region::new("ap-southeast-2"))
        .credentials_provider(aws_sdk_sesv2::config::Credentials::new(
            "testing", "testing", None, None, "ses",
        ))
        .endpoint_url(&moto.url)
        .build();
    let client = aws_sdk_sesv2::Client::from_conf(config);
    let app = app_with(Arc::new(SesMail::new(client.clone()))).await;
    let id = submit(&app).await;
    // The platform's domain is not verified yet: SES refuses, and the lead waits.
    assert_eq!(drain(&app.state).await.expect("drain").failed, 1);
    let entry = &app
        .state
        .store
        .outbox_of_lead("alpha", &id)
        .await
        .expect("outbox")[0];
    let refused = entry
        .attempts
        .iter()
        .find(|a| a.target == Target::LeadEmail)
        .expect("attempt");
    assert!(
        refused
            .error
            .as_deref()
            .is_some_and(|e| e.contains("Did not have authority")),
        "{refused:?}"
    );

    client
        .create_email_identity()
        .email_identity("mail.forecourt.test")
        .send()
        .await
        .expect("verify domain");
    app.clock.advance(Duration::seconds(30));
    assert_eq!(drain(&app.state).await.expect("drain").delivered, 1);

    let data: Value = reqwest::get(format!("{}/moto-api/data.json", moto.url))
        .await
        .expect("moto")
        .json()
        .await
        .expect("json");
    let sent: Vec<&Value> = data["ses"]["RawMessage"]
        .as_array()
        .unwrap_or_else(|| panic!("no RawMessage in {}", data["ses"]))
        .iter()
        .collect();
    assert_eq!(sent.len(), 3, "{sent:#?}");
    let raw = |to: &str| -> String {
        sent.iter()
            .find(|m| {
                m["destinations"]
                    .as_array()
                    .is_some_and(|d| d.iter().any(|x| x.as_str().is_some_and(|x| x.contains(to))))
            })
            .and_then(|m| m["raw_data"].as_str())
            .unwrap_or_else(|| panic!("nothing for {to} in {sent:#?}"))
            .to_owned()
    };
    let crm = raw("crm@leads.alpha.example.com.au");
    // Raw headers as lettre encodes them (the SMTP test reads them decoded).
    assert!(
        crm.contains(&format!("From: \"Alpha Motors\" <{FROM}>")),
        "{crm}"
    );
    assert!(
        crm.contains("\r\nTo: crm@leads.alpha.example.com.au\r\n"),
        "{crm}"
    );
    assert!(
        crm.contains("Reply-To: =?utf-8?b?Sm8gJiBDbyBDaXRpemVu?= <jo@example.com>"),
        "{crm}"
    );
    assert!(crm.contains(&format!("Message-ID: <{id}.1.lead.")), "{crm}");
    let body = plain_body(&crm);
    check_adf(&body).unwrap_or_else(|e| panic!("{e}\n{body}"));
    assert!(raw("jo@example.com").contains("Subject: We have received your enquiry"));
}

/// The decoded text/plain body of a raw message (Python's email package does the MIME).
fn plain_body(raw: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("message.eml");
    std::fs::write(&file, raw).expect("write");
    let out = Command::new(python())
        .args([
            "-c",
            "import sys, email\nfrom email import policy\nm = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=policy.default)\nsys.stdout.write(m.get_body(('plain',)).get_content())",
            file.to_str().expect("utf-8"),
        ])
        .output()
        .expect("python");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// A reservation's email to the dealer writes money and the hold's end as a person reads
/// them: amounts with thousands separators, the end on the lead location's clock in
/// words (as "Received"), in the readable email's ADF and in an ADF-only email alike.
#[test]
fn a_reservation_email_writes_money_and_the_hold_end_as_the_dealer_reads_them() {
    use chrono::TimeZone;
    use edge_api::delivery::lead_mail::lead_email;
    use edge_api::lead::{LeadFields, PaymentStatus, Scalar};
    use edge_api::store::{LeadRecord, OutboxEntry};

    let tenants = mail_tenants();
    let tenant = tenants.by_slug("alpha").expect("alpha");
    let at = chrono::Utc
        .with_ymd_and_hms(2026, 11, 29, 9, 38, 21)
        .single()
        .expect("time");
    let lead = LeadRecord {
        id: "lead1".into(),
        dealer: "alpha".into(),
        created_at: at,
        updated_at: at,
        steps: 1,
        fields: LeadFields {
            category: Some("Reservation".into()),
            location: Some("brisbane".into()),
            price: Some(Scalar::Number(16_990.into())),
            offer_price: Some(Scalar::Text("21000".into())),
            reservation_id: Some("r1".into()),
            reservation_status: Some(PaymentStatus::Held),
            deposit: Some(200),
            hold_expires_at: Some(at + Duration::hours(48) + Duration::nanoseconds(875_611_249)),
            ..LeadFields::default()
        },
    };
    let entry: OutboxEntry = serde_json::from_value(json!({
        "dealer": "alpha", "lead_id": "lead1", "seq": 1,
        "lead": serde_json::to_value(&lead).expect("lead"),
        "due_at": null, "delivered": [], "delivered_at": null, "attempts": []
    }))
    .expect("entry");
    let ends = "Hold ends: Tuesday 1 December 2026, 7:38 pm AEST";

    let readable = lead_email(
        tenant,
        &entry,
        &recipient(
            "sales@alpha.example.com.au",
            LeadEmailFormat::ReadableWithAdf,
            &[],
        ),
        FROM,
        &[],
    )
    .expect("email");
    for line in ["Price: $16,990\n", "Trade-in offer: $21,000\n"] {
        assert!(
            readable.text.contains(line),
            "{line:?} in\n{}",
            readable.text
        );
    }
    let html = readable.html.as_deref().expect("html");
    assert!(
        html.contains("<th align=\"left\" valign=\"top\">Price</th><td>$16,990</td>"),
        "{html}"
    );
    let (_, _, adf) = readable.attachment.expect("the ADF attached");
    let only_adf = lead_email(
        tenant,
        &entry,
        &recipient("crm@leads.alpha.example.com.au", LeadEmailFormat::Adf, &[]),
        FROM,
        &[],
    )
    .expect("email");
    for doc in [adf, only_adf.text] {
        assert!(doc.contains(ends), "{ends:?} in\n{doc}");
        assert!(!doc.contains("2026-12-01T"), "no raw instant in\n{doc}");
    }
}
