//! Leads: every seed form through one endpoint, validation messages word for word,
//! steps, idempotency, honeypot and limits.

use domain::messages::{
    field_required, CAREER_ENQUIRY, GENERAL_ENQUIRY, IDEMPOTENCY_KEY_REUSED, INVALID_EMAIL,
    INVALID_PHONE, INVALID_POSTCODE_FORMAT, LEAD_SOURCE_WEBSITE, LEAD_STATUS_COMPLETE,
    OFFER_ACCEPTED_SUBCATEGORY, PLEASE_FIX_ERRORS, SELECT_DEALERSHIP_LOCATION,
};
use edge_api::clock::Clock;
use edge_api::policy::{Policy, RateLimit};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{spawn, spawn_with, stored_json, tenants, TestApp};

const HOST: &str = "alpha.localhost";

fn enquiry() -> Value {
    json!({
        "name": "Jo", "last_name": "Citizen", "email": "jo@example.com", "phone": "0412 345 678",
        "postcode": "4000", "message": "Is it still available?", "category": "General Enquiry",
        "opt_in": true, "Rego": "ABC123", "page_id": 17, "location": "Alpha Motors Brisbane",
        "dealership_slug": "alpha", "PreferredContactMethod": "Email", "finance": "Yes",
        "do-you-have-a-trade-in": "No", "location_id": 3, "kms": "12000", "price": 39990,
        "url": "https://www.alphamotors.com.au/cars/red-ute", "car_id": 1042, "car_dealership_id": 9,
        "lead_attributes": { "visited_pages": ["/", "/cars/red-ute"], "linked_query_params": { "utm_source": "google" } },
        "manufacturer_slug": "toyota", "stock_number": "S123", "Vehicle Make": "Toyota", "Vehicle Model": "HiLux",
        "vehicle_status": "used", "autogauge_enabled": false
    })
}

async fn stored(app: &TestApp, lead_id: &str) -> edge_api::store::LeadRecord {
    app.state
        .store
        .lead("alpha", lead_id)
        .await
        .expect("read")
        .expect("lead stored")
}

#[tokio::test]
async fn an_enquiry_is_stored_with_its_outbox_entry_before_the_answer() {
    let app = spawn().await;
    let answer = app
        .send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .header("user-agent", "TestBrowser/1")
                .json(&enquiry()),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json["success"], true);
    let id = answer.json["lead_id"].as_str().expect("lead_id").to_owned();
    let lead = stored(&app, &id).await;
    assert_eq!(stored_json(&lead.fields)["phone"], "0412345678");
    assert_eq!(stored_json(&lead.fields)["Vehicle Make"], "Toyota");
    assert_eq!(stored_json(&lead.fields)["source"], LEAD_SOURCE_WEBSITE);
    assert_eq!(stored_json(&lead.fields)["user_agent"], "TestBrowser/1");
    assert_eq!(
        stored_json(&lead.fields)["lead_attributes"]["linked_query_params"]["utm_source"],
        "google"
    );
    assert_eq!(
        app.state
            .store
            .outbox_of_lead("alpha", &id)
            .await
            .expect("outbox")
            .len(),
        1
    );
}

#[tokio::test]
async fn validation_answers_422_with_the_seed_messages_per_field() {
    let app = spawn().await;
    for postcode in ["400", "40000", "ABCD", " 4 00", "4OOO"] {
        let mut body = enquiry();
        body["postcode"] = json!(postcode);
        let answer = app.post(HOST, "/api/leads", &body, None).await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{postcode:?}"
        );
        assert_eq!(answer.json["message"], PLEASE_FIX_ERRORS);
        assert_eq!(
            answer.json["fields"]["postcode"], INVALID_POSTCODE_FORMAT,
            "{postcode:?}"
        );
    }
    let answer = app
        .post(
            HOST,
            "/api/leads",
            &json!({ "email": "not-an-email", "phone": "123" }),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let fields = &answer.json["fields"];
    assert_eq!(fields["name"], field_required("First name"));
    assert_eq!(fields["category"], field_required("Enquiry type"));
    assert_eq!(fields["message"], field_required("Comments"));
    assert_eq!(fields["email"], INVALID_EMAIL);
    assert_eq!(fields["phone"], INVALID_PHONE);
    // Seed 001 s5: "Postcode: required, exactly 4 digits, max length 4, message
    // 'Invalid postcode. Please enter a 4-digit number.'" A blank or missing postcode is
    // refused like a malformed one: 422 `validation_failed` naming the field.
    for blank in [Some(json!("  ")), None] {
        let mut body = enquiry();
        match blank {
            Some(value) => body["postcode"] = value,
            None => {
                body.as_object_mut().expect("object").remove("postcode");
            }
        }
        let answer = app.post(HOST, "/api/leads", &body, None).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json["code"], "validation_failed");
        assert_eq!(
            answer.json["fields"]["postcode"],
            "Invalid postcode. Please enter a 4-digit number."
        );
    }
    let mut body = enquiry();
    body["PreferredContactMethod"] = json!("Pigeon");
    let answer = app.post(HOST, "/api/leads", &body, None).await;
    assert_eq!(
        answer.json["fields"]["PreferredContactMethod"],
        "Please choose one of: Phone, Email, SMS."
    );
}

#[tokio::test]
async fn dealer_switches_lift_the_message_and_require_a_dealership() {
    let app = spawn().await;
    let mut body = enquiry();
    body.as_object_mut().expect("object").remove("message");
    body.as_object_mut()
        .expect("object")
        .remove("dealership_slug");
    let alpha = app.post(HOST, "/api/leads", &body, None).await;
    assert_eq!(alpha.json["fields"]["message"], field_required("Comments"));
    assert!(
        alpha.json["fields"].get("dealership_slug").is_none(),
        "alpha has one dealership"
    );
    let beta = app.post("beta.localhost", "/api/leads", &body, None).await;
    assert_eq!(beta.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        beta.json["fields"].get("message").is_none(),
        "beta lifts the message requirement"
    );
    assert_eq!(
        beta.json["fields"]["dealership_slug"],
        SELECT_DEALERSHIP_LOCATION
    );
    body["dealership_slug"] = json!("beta-north");
    assert_eq!(
        app.post("beta.localhost", "/api/leads", &body, None)
            .await
            .status,
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn career_enquiries_are_recategorised_and_accepted_offers_get_their_subcategory() {
    let app = spawn().await;
    let mut career = enquiry();
    career["category"] = json!("Career Enquiry");
    let answer = app.post(HOST, "/api/leads", &career, None).await;
    let lead = stored(&app, answer.json["lead_id"].as_str().expect("id")).await;
    assert_eq!(
        (
            stored_json(&lead.fields)["category"].as_str(),
            stored_json(&lead.fields)["subcategory"].as_str()
        ),
        (Some(GENERAL_ENQUIRY), Some(CAREER_ENQUIRY))
    );

    let mut trade_in = enquiry();
    trade_in["category"] = json!("Trade In");
    trade_in["rego"] = json!("XYZ987");
    trade_in["regoState"] = json!("QLD");
    let first = app.post(HOST, "/api/leads", &trade_in, None).await;
    let id = first.json["lead_id"].as_str().expect("id").to_owned();
    let valuation = json!({ "lead_id": id, "id": 5521, "adjustmentAnswers": [{ "question": "Accident damage", "answer": "No" }], "offer_price": 18500 });
    let step = app.post(HOST, "/api/leads", &valuation, None).await;
    assert_eq!(
        (step.status, step.json["lead_id"].as_str()),
        (StatusCode::OK, Some(id.as_str()))
    );
    let accept = app
        .post(
            HOST,
            "/api/leads",
            &json!({ "lead_id": id, "offer_accepted": true }),
            None,
        )
        .await;
    assert_eq!(accept.status, StatusCode::OK);
    let lead = stored(&app, &id).await;
    assert_eq!(lead.steps, 3);
    assert_eq!(
        stored_json(&lead.fields)["subcategory"],
        OFFER_ACCEPTED_SUBCATEGORY
    );
    assert_eq!(stored_json(&lead.fields)["offer_accepted"], true);
    assert_eq!(
        stored_json(&lead.fields)["adjustmentAnswers"][0]["answer"],
        "No"
    );
    assert_eq!(stored_json(&lead.fields)["regoState"], "QLD");
}

#[tokio::test]
async fn parts_order_steps_update_one_lead_and_the_last_is_complete() {
    let app = spawn().await;
    let contact = json!({ "name": "Sam", "email": "sam@example.com", "phone": "0733334444", "postcode": "4101", "category": "Parts", "form_completed": false });
    let first = app.post(HOST, "/api/leads", &contact, None).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    let id = first.json["lead_id"].as_str().expect("id").to_owned();
    let vehicle = json!({ "lead_id": id, "Vehicle Make": "Mazda", "Vehicle Model": "CX-5", "Vehicle Year": 2019, "Rego": "123ABC", "VIN": "JM0KF4W7A00000001", "Part#": "KD45-67-330", "form_completed": false });
    assert_eq!(
        app.post(HOST, "/api/leads", &vehicle, None).await.status,
        StatusCode::OK
    );
    let order = json!({ "lead_id": id, "Order Detail": "Two front wiper blades", "Rego/VIN/Part#": "KD45-67-330", "form_completed": true });
    assert_eq!(
        app.post(HOST, "/api/leads", &order, None).await.status,
        StatusCode::OK
    );
    let lead = stored(&app, &id).await;
    assert_eq!(lead.steps, 3);
    assert_eq!(
        stored_json(&lead.fields)["lead_status"],
        LEAD_STATUS_COMPLETE
    );
    assert_eq!(stored_json(&lead.fields)["form_completed"], true);
    assert_eq!(stored_json(&lead.fields)["Vehicle Year"], 2019);
    assert_eq!(stored_json(&lead.fields)["name"], "Sam");
    assert_eq!(
        app.state
            .store
            .outbox_of_lead("alpha", &id)
            .await
            .expect("outbox")
            .len(),
        3
    );
    let unknown = app
        .post(
            HOST,
            "/api/leads",
            &json!({ "lead_id": "does-not-exist", "form_completed": true }),
            None,
        )
        .await;
    assert_eq!(
        (unknown.status, unknown.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
}

#[tokio::test]
async fn a_repeated_idempotency_key_creates_one_lead() {
    let app = spawn().await;
    let send = || {
        app.send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .header("Idempotency-Key", "form-7f3a")
                .json(&enquiry()),
        )
    };
    let first = send().await;
    let second = send().await;
    assert_eq!(
        (first.status, second.status),
        (StatusCode::CREATED, StatusCode::OK)
    );
    assert_eq!(first.json["lead_id"], second.json["lead_id"]);
    let now = app.clock.now();
    assert_eq!(
        edge_api::delivery::outbox::pending(&app.state, now)
            .await
            .expect("pending"),
        1,
        "one lead, one delivery"
    );
}

#[tokio::test]
async fn an_idempotency_key_reused_with_another_body_is_refused_with_422() {
    let app = spawn().await;
    let send = |body: serde_json::Value| {
        app.send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .header("Idempotency-Key", "form-7f3a")
                .json(&body),
        )
    };
    let first = send(enquiry()).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    let mut other = enquiry();
    other["message"] = json!("A different question altogether.");
    let reused = send(other).await;
    assert_eq!(
        reused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reused.text
    );
    assert_eq!(
        (
            reused.json["code"].as_str(),
            reused.json["message"].as_str()
        ),
        (Some("idempotency_key_reused"), Some(IDEMPOTENCY_KEY_REUSED))
    );
    assert!(
        reused.json["lead_id"].is_null(),
        "the first lead is not given away: {}",
        reused.text
    );
    // The same body again is still a retry of the first submission.
    let retry = send(enquiry()).await;
    assert_eq!(
        (retry.status, &retry.json["lead_id"]),
        (StatusCode::OK, &first.json["lead_id"])
    );
    assert_eq!(
        edge_api::delivery::outbox::pending(&app.state, app.clock.now())
            .await
            .expect("pending"),
        1,
        "one lead only"
    );
    // A later step under a key used for a first step is another request too.
    let id = first.json["lead_id"].as_str().expect("id");
    let step = app
        .send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .header("Idempotency-Key", "form-7f3a")
                .json(&json!({ "lead_id": id, "form_completed": true })),
        )
        .await;
    assert_eq!(
        (step.status, step.json["code"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("idempotency_key_reused")
        ),
        "{}",
        step.text
    );
    // The OpenAPI document names the answer.
    let doc = app.get(HOST, "/api/openapi.json", None).await;
    let described = doc.json["paths"]["/api/leads"]["post"]["responses"]["422"]["description"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(described.contains("idempotency_key_reused"), "{described}");
}

#[tokio::test]
async fn a_filled_honeypot_is_answered_like_success_and_stores_nothing() {
    let app = spawn().await;
    let mut body = enquiry();
    body["website"] = json!("http://spam.example");
    let answer = app.post(HOST, "/api/leads", &body, None).await;
    assert_eq!(
        (answer.status, answer.json["success"].as_bool()),
        (StatusCode::CREATED, Some(true))
    );
    let id = answer.json["lead_id"].as_str().expect("id");
    assert!(app
        .state
        .store
        .lead("alpha", id)
        .await
        .expect("read")
        .is_none());
    assert_eq!(
        edge_api::delivery::outbox::pending(&app.state, app.clock.now())
            .await
            .expect("pending"),
        0
    );
}

#[tokio::test]
async fn leads_are_rate_limited_per_address_and_per_phone() {
    let policy = Policy {
        leads_per_ip: RateLimit {
            max: 3,
            window_secs: 3600,
        },
        leads_per_phone: RateLimit {
            max: 2,
            window_secs: 3600,
        },
        ..Policy::default()
    };
    let app = spawn_with(tenants(None), policy).await;
    assert_eq!(
        app.post(HOST, "/api/leads", &enquiry(), None).await.status,
        StatusCode::CREATED
    );
    assert_eq!(
        app.post(HOST, "/api/leads", &enquiry(), None).await.status,
        StatusCode::CREATED
    );
    let by_phone = app.post(HOST, "/api/leads", &enquiry(), None).await;
    assert_eq!(
        (by_phone.status, by_phone.json["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"))
    );
    let mut other = enquiry();
    other["phone"] = json!("0499888777");
    let by_ip = app.post(HOST, "/api/leads", &other, None).await;
    assert_eq!(by_ip.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn forms_without_a_comments_field_need_no_message() {
    let app = spawn().await;
    let contact = json!({ "name": "Jo", "email": "jo@example.com", "phone": "0412345678", "postcode": "4000", "category": "Trade In" });
    let mut rego_lookup = contact.clone();
    rego_lookup["rego"] = json!("XYZ987");
    rego_lookup["regoState"] = json!("QLD");
    assert_eq!(
        app.post(HOST, "/api/leads", &rego_lookup, None)
            .await
            .status,
        StatusCode::CREATED
    );
    let mut parts_step = contact.clone();
    parts_step["form_completed"] = json!(false);
    assert_eq!(
        app.post(HOST, "/api/leads", &parts_step, None).await.status,
        StatusCode::CREATED
    );
    // The enquiry form sends rego with its trade-in question and keeps the message rule.
    let mut enquiry_with_trade_in = rego_lookup.clone();
    enquiry_with_trade_in["do-you-have-a-trade-in"] = json!("Yes");
    let answer = app
        .post(HOST, "/api/leads", &enquiry_with_trade_in, None)
        .await;
    assert_eq!(answer.json["fields"]["message"], field_required("Comments"));
}

#[tokio::test]
async fn a_stored_lead_can_be_read_back_only_in_dev_mode() {
    let app = spawn().await;
    let answer = app.post(HOST, "/api/leads", &enquiry(), None).await;
    let id = answer.json["lead_id"].as_str().expect("lead_id").to_owned();
    let read = app.get(HOST, &format!("/api/dev/leads/{id}"), None).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    assert_eq!(read.json["lead_id"], id.as_str());
    assert_eq!(read.json["steps"], 1);
    assert_eq!(read.json["fields"]["phone"], "0412345678");
    assert_eq!(read.json["fields"]["car_id"], 1042);
    let unknown = app.get(HOST, "/api/dev/leads/0123456789abcdef", None).await;
    assert_eq!(
        (unknown.status, unknown.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    // Another dealer's host finds nothing of this one.
    let other = app
        .get("beta.localhost", &format!("/api/dev/leads/{id}"), None)
        .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);

    let (mut state, clock, dir) = crate::support::state(tenants(None), Policy::default());
    state.runtime = edge_api::Runtime::Local { dev_mode: false };
    let live = crate::support::serve(state, clock, dir).await;
    let stored = live.post(HOST, "/api/leads", &enquiry(), None).await;
    let id = stored.json["lead_id"].as_str().expect("lead_id").to_owned();
    let hidden = live.get(HOST, &format!("/api/dev/leads/{id}"), None).await;
    assert_eq!(
        (hidden.status, hidden.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    // Documented like the SMS outbox: under the dev tag, where it is served.
    let doc = app.get(HOST, "/api/openapi.json", None).await;
    assert_eq!(
        doc.json["paths"]["/api/dev/leads/{lead_id}"]["get"]["tags"],
        json!(["dev"])
    );
    let live_doc = live.get(HOST, "/api/openapi.json", None).await;
    assert!(
        live_doc.json["paths"]
            .get("/api/dev/leads/{lead_id}")
            .is_none(),
        "not served, not documented"
    );
}

/// The visit's attribution is kept with the lead, and its sizes are checked
/// here whatever the browser claims to bound.
#[tokio::test]
async fn attribution_is_stored_with_the_lead_and_its_bounds_are_enforced() {
    let app = spawn().await;
    let mut lead = enquiry();
    let attribution = json!({
        "landing_page": "/?utm_source=google&gclid=abc",
        "referrer": "https://www.google.com/",
        "visited_pages": ["/?utm_source=google&gclid=abc", "/cars/red-ute"],
        "linked_query_params": { "utm_source": "google", "gclid": "abc", "fbclid": "f", "msclkid": "m" }
    });
    lead["lead_attributes"] = attribution.clone();
    let answer = app
        .send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .json(&lead),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let id = answer.json["lead_id"].as_str().expect("lead_id").to_owned();
    assert_eq!(
        stored_json(&stored(&app, &id).await.fields)["lead_attributes"],
        attribution
    );

    let too_many_pages: Vec<String> = (0..51).map(|i| format!("/p/{i}")).collect();
    let too_many_params: serde_json::Map<String, Value> =
        (0..31).map(|i| (format!("utm_{i}"), json!("v"))).collect();
    for (attributes, field) in [
        (
            json!({ "visited_pages": too_many_pages }),
            "lead_attributes.visited_pages",
        ),
        (
            json!({ "visited_pages": ["/", "x".repeat(2049)] }),
            "lead_attributes.visited_pages[1]",
        ),
        (
            json!({ "landing_page": "x".repeat(2049) }),
            "lead_attributes.landing_page",
        ),
        (
            json!({ "referrer": "x".repeat(2049) }),
            "lead_attributes.referrer",
        ),
        (
            json!({ "linked_query_params": too_many_params }),
            "lead_attributes.linked_query_params",
        ),
        (
            json!({ "linked_query_params": { "utm_source": "v".repeat(513) } }),
            "lead_attributes.linked_query_params",
        ),
        (
            json!({ "linked_query_params": { "k".repeat(65): "v" } }),
            "lead_attributes.linked_query_params",
        ),
    ] {
        let mut lead = enquiry();
        lead["lead_attributes"] = attributes;
        let answer = app
            .send(
                app.request(reqwest::Method::POST, HOST, "/api/leads")
                    .json(&lead),
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {}",
            answer.text
        );
        let message = answer.json["fields"][field].as_str().unwrap_or_default();
        assert!(
            message.starts_with("Send at most") || message.contains("too long"),
            "{field}: {}",
            answer.text
        );
    }
}

/// Seed 001 s3 Enquiry payload: "... page_id, additional_services, lead_id ...": the
/// services the shopper ticked are stored with the lead; a service the dealer's form does
/// not offer, or one listed twice, is refused naming the field.
#[tokio::test]
async fn additional_services_are_stored_and_must_be_offered() {
    let app = spawn().await;
    let mut lead = enquiry();
    lead["additional_services"] = json!(["Service plan", "Roadside assistance"]);
    let answer = app
        .send(
            app.request(reqwest::Method::POST, HOST, "/api/leads")
                .json(&lead),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let id = answer.json["lead_id"].as_str().expect("lead_id").to_owned();
    assert_eq!(
        stored_json(&stored(&app, &id).await.fields)["additional_services"],
        json!(["Service plan", "Roadside assistance"])
    );

    for (services, message) in [
        (
            json!(["Free fuel"]),
            "Please choose additional services from: Extended warranty, Service plan, \
             Paint and interior protection, Roadside assistance.",
        ),
        (
            json!(["Service plan", "Service plan"]),
            "\"Service plan\" is listed twice.",
        ),
    ] {
        let mut lead = enquiry();
        lead["additional_services"] = services;
        let answer = app
            .send(
                app.request(reqwest::Method::POST, HOST, "/api/leads")
                    .json(&lead),
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            answer.text
        );
        assert_eq!(answer.json["fields"]["additional_services"], message);
    }

    // Beta's form offers none: any service is refused, none is fine.
    let mut lead = enquiry();
    lead["dealership_slug"] = json!("beta-cairns");
    lead["additional_services"] = json!(["Service plan"]);
    let answer = app
        .send(
            app.request(reqwest::Method::POST, "beta.localhost", "/api/leads")
                .json(&lead),
        )
        .await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.text
    );
    assert_eq!(
        answer.json["fields"]["additional_services"],
        "This form offers no additional services."
    );
}
