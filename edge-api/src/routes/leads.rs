//! `POST /api/leads`: one endpoint for every form of seed 001 (enquiry, multi-step
//! enquiry, test drive, trade-in with valuation adjustments, rego lookup, offer accepted,
//! parts order steps, finance enquiry, career enquiry). The payload fields are the
//! seed's (section 3: Enquiry payload, Lead payload, Parts order fields, Trade-in
//! valuation). A lead is stored with its outbox entry in one transaction before the
//! answer; a later step carrying `lead_id` updates the same lead; an `Idempotency-Key`
//! header makes a retry create nothing twice. In dev mode `GET /api/dev/leads/{lead_id}`
//! shows a stored lead, so end-to-end journeys can check what a form stored.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::Json;
use domain::messages;
use domain::rules::forms::{categorise_lead, validate_enquiry, EnquiryInput, FormField};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody, ErrorCode, IDEMPOTENCY_KEY_REUSED, NOT_FOUND};
use crate::extract::{ApiJson, ClientIp};
use crate::rate::limit;
use crate::routes::appointments::{self, AppointmentChoice, SLOT_UNAVAILABLE};
use crate::store::{BookingOutcome, IdempotencyKey, LeadOutcome, LeadRecord, Remembered};
use crate::tenancy::{Site, Tenant};
use crate::validate;
use crate::AppState;

/// Header that makes a submission safe to retry.
pub const IDEMPOTENCY_HEADER: &str = "idempotency-key";
/// Longest accepted idempotency key.
pub const MAX_IDEMPOTENCY_KEY: usize = 200;

/// A number or a text (forms send ids and amounts either way).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Scalar {
    /// A JSON number.
    #[schema(value_type = f64)]
    Number(serde_json::Number),
    /// A JSON string.
    Text(String),
}

/// Tracking attached to a lead (seed 001 s3: lead_attributes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadAttributes {
    /// Pages the shopper visited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visited_pages: Option<Vec<String>>,
    /// Query parameters of the landing URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Object)]
    pub linked_query_params: Option<Value>,
}

/// Every field a form may send (seed 001 s3), all optional; names as the seed spells them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadPayload {
    // ---- Enquiry payload
    /// First name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Last name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// E-mail address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Australian phone number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// 4-digit postcode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postcode: Option<String>,
    /// Comments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Enquiry category (e.g. General Enquiry).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// Subcategory (e.g. 3. Offer Accepted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subcategory: Option<String>,
    /// Chosen location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// Chosen dealership.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealership_slug: Option<String>,
    /// Marketing opt-in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opt_in: Option<bool>,
    /// Registration (enquiry form spelling).
    #[serde(default, rename = "Rego", skip_serializing_if = "Option::is_none")]
    pub rego_upper: Option<String>,
    /// Page the form was on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_id: Option<Scalar>,
    /// Extra services asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional_services: Option<Vec<String>>,
    /// Lead id of an earlier step (updates that lead).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead_id: Option<String>,
    /// Lead status (Complete on the last parts step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead_status: Option<String>,
    /// True on the last step of a multi-step form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form_completed: Option<bool>,
    // ---- Enquiry form fields
    /// Phone (default), Email or SMS.
    #[serde(
        default,
        rename = "PreferredContactMethod",
        skip_serializing_if = "Option::is_none"
    )]
    pub preferred_contact_method: Option<String>,
    /// Finance question (Yes/No).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finance: Option<String>,
    /// Chosen location id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location_id: Option<Scalar>,
    /// Odometer of the shopper's car.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kms: Option<Scalar>,
    /// State of the registration.
    #[serde(default, rename = "regoState", skip_serializing_if = "Option::is_none")]
    pub rego_state: Option<String>,
    /// Registration (rego lookup and trade-in spelling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rego: Option<String>,
    /// Trade-in question (Yes/No).
    #[serde(
        default,
        rename = "do-you-have-a-trade-in",
        skip_serializing_if = "Option::is_none"
    )]
    pub has_trade_in: Option<String>,
    /// Price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<Scalar>,
    // ---- Lead payload
    /// Page URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Lead source (Website).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Browser user agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_agent: Option<String>,
    /// The car enquired about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub car_id: Option<Scalar>,
    /// The car's dealership id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub car_dealership_id: Option<Scalar>,
    /// Tracking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead_attributes: Option<LeadAttributes>,
    /// True when a trade-in offer was accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer_accepted: Option<bool>,
    /// Manufacturer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manufacturer_slug: Option<String>,
    /// Stock number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock_number: Option<String>,
    /// Vehicle make.
    #[serde(
        default,
        rename = "Vehicle Make",
        skip_serializing_if = "Option::is_none"
    )]
    pub vehicle_make: Option<String>,
    /// Vehicle model.
    #[serde(
        default,
        rename = "Vehicle Model",
        skip_serializing_if = "Option::is_none"
    )]
    pub vehicle_model: Option<String>,
    /// new, used or demo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vehicle_status: Option<String>,
    /// Whether price comparison was on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub autogauge_enabled: Option<bool>,
    // ---- Parts order fields
    /// Vehicle year.
    #[serde(
        default,
        rename = "Vehicle Year",
        skip_serializing_if = "Option::is_none"
    )]
    pub vehicle_year: Option<Scalar>,
    /// VIN.
    #[serde(default, rename = "VIN", skip_serializing_if = "Option::is_none")]
    pub vin: Option<String>,
    /// Part number.
    #[serde(default, rename = "Part#", skip_serializing_if = "Option::is_none")]
    pub part_number: Option<String>,
    /// Combined free-text field.
    #[serde(
        default,
        rename = "Rego/VIN/Part#",
        skip_serializing_if = "Option::is_none"
    )]
    pub rego_vin_part: Option<String>,
    /// What to order.
    #[serde(
        default,
        rename = "Order Detail",
        skip_serializing_if = "Option::is_none"
    )]
    pub order_detail: Option<String>,
    // ---- Trade-in valuation
    /// Offered price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer_price: Option<Scalar>,
    /// Valuation id (with adjustment answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Scalar>,
    /// Valuation adjustment answers.
    #[serde(
        default,
        rename = "adjustmentAnswers",
        skip_serializing_if = "Option::is_none"
    )]
    #[schema(value_type = Object)]
    pub adjustment_answers: Option<Value>,
    // ---- Test drive
    /// The appointment a test drive asks for (optional; first submission only): the slot
    /// is booked with the lead, or the answer is 409 `slot_unavailable`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appointment: Option<AppointmentChoice>,
    // ---- Abuse
    /// Honeypot: hidden from people; a filled value is answered like success and dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub website: Option<String>,
}

/// A stored lead as `GET /api/dev/leads/{lead_id}` shows it (dev mode only).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DevLead {
    /// The lead's id.
    pub lead_id: String,
    /// First submission (RFC 3339).
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// Latest submission (RFC 3339).
    pub updated_at: chrono::DateTime<chrono::Utc>,
    /// Submissions so far.
    pub steps: u32,
    /// The fields as stored, merged across steps.
    #[schema(value_type = Object)]
    pub fields: Map<String, Value>,
}

/// Answer of `POST /api/leads`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LeadAnswer {
    /// Always true (errors use the common error body).
    pub success: bool,
    /// The lead's id: send it with later steps.
    pub lead_id: String,
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Whether a submission is a trade-in step (valuation, rego lookup, offer) or a step of
/// a multi-step form: those carry no Comments field, so the message is not required.
fn message_free(payload: &LeadPayload) -> bool {
    // The enquiry form also sends rego/regoState, but always with its trade-in question.
    let rego_lookup =
        (payload.rego.is_some() || payload.rego_state.is_some()) && payload.has_trade_in.is_none();
    payload.form_completed.is_some()
        || rego_lookup
        || payload.offer_price.is_some()
        || payload.adjustment_answers.is_some()
        || payload.offer_accepted.is_some()
}

pub(crate) fn field_key(field: FormField) -> String {
    match serde_json::to_value(field) {
        Ok(Value::String(key)) => key,
        _ => format!("{field:?}"),
    }
}

/// Checks the payload with the domain's enquiry rules: a first submission must carry the
/// contact details (and the message, unless the dealer lifts it or the form has none);
/// a later step is checked only on the fields it sends.
fn check(payload: &LeadPayload, first: bool, tenant: &Tenant) -> Result<(), ApiError> {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let mut fields = BTreeMap::new();
    if first {
        let input = EnquiryInput {
            name: text(&payload.name),
            last_name: text(&payload.last_name),
            email: text(&payload.email),
            phone: text(&payload.phone),
            postcode: text(&payload.postcode),
            message: text(&payload.message),
            category: text(&payload.category),
            location: text(&payload.location),
            dealership_slug: text(&payload.dealership_slug),
            opt_in: payload.opt_in.unwrap_or(false),
            rego: text(&payload.rego_upper),
            terms_accepted: false,
        };
        let mut settings = tenant.forms;
        settings.message_optional |= message_free(payload);
        for error in validate_enquiry(&input, &settings) {
            fields
                .entry(field_key(error.field))
                .or_insert(error.message);
        }
    } else {
        if let Some(email) = present(&payload.email) {
            if let Err(message) = validate::email(email) {
                fields.insert("email".to_owned(), message);
            }
        }
        if let Some(phone) = present(&payload.phone) {
            if let Err(message) = validate::phone(phone) {
                fields.insert("phone".to_owned(), message);
            }
        }
        if let Some(postcode) = &payload.postcode {
            if let Err(message) = validate::optional_postcode(postcode) {
                fields.insert("postcode".to_owned(), message);
            }
        }
    }
    let choices: [(&str, &Option<String>, &[&str]); 3] = [
        (
            "PreferredContactMethod",
            &payload.preferred_contact_method,
            &[
                messages::CONTACT_PHONE,
                messages::CONTACT_EMAIL,
                messages::CONTACT_SMS,
            ],
        ),
        ("finance", &payload.finance, &[messages::YES, messages::NO]),
        (
            "do-you-have-a-trade-in",
            &payload.has_trade_in,
            &[messages::YES, messages::NO],
        ),
    ];
    for (name, value, allowed) in choices {
        if let Some(v) = present(value) {
            if !allowed.contains(&v) {
                fields.insert(
                    name.to_owned(),
                    format!("Please choose one of: {}.", allowed.join(", ")),
                );
            }
        }
    }
    if fields.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(fields))
    }
}

/// The stored fields of a submission: the payload as sent, normalised (phone digits,
/// e-mail, postcode), with the seed's recategorisations applied.
pub(crate) fn fields_of(
    mut payload: LeadPayload,
    headers: &HeaderMap,
    first: bool,
) -> Result<Map<String, Value>, ApiError> {
    payload.lead_id = None;
    payload.website = None;
    if let Some(phone) = present(&payload.phone) {
        payload.phone = validate::phone(phone).ok();
    }
    if let Some(email) = present(&payload.email) {
        payload.email = validate::email(email).ok();
    }
    if let Some(postcode) = &payload.postcode {
        payload.postcode = validate::optional_postcode(postcode).ok().flatten();
    }
    if let Some(category) = present(&payload.category) {
        let sorted = categorise_lead(category, payload.subcategory.as_deref(), None);
        payload.category = Some(sorted.category);
        payload.subcategory = sorted.subcategory;
    }
    if payload.offer_accepted == Some(true) {
        payload.subcategory = Some(messages::OFFER_ACCEPTED_SUBCATEGORY.to_owned());
    }
    if payload.form_completed == Some(true) {
        payload.lead_status = Some(messages::LEAD_STATUS_COMPLETE.to_owned());
    }
    if first {
        payload
            .source
            .get_or_insert_with(|| messages::LEAD_SOURCE_WEBSITE.to_owned());
        if payload.user_agent.is_none() {
            payload.user_agent = headers
                .get(header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
        }
    }
    match serde_json::to_value(&payload).map_err(|e| ApiError::Internal(e.into()))? {
        Value::Object(map) => Ok(map),
        _ => Ok(Map::new()),
    }
}

pub(crate) fn new_lead_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Shown when a later step of a form asks for an appointment.
pub const APPOINTMENT_FIRST_STEP: &str =
    "An appointment can only be chosen with the first step of a form.";

/// Stores a test-drive lead with its appointment slot: a retried submission replays the
/// lead it created; otherwise the slot must be offered now and is booked with the lead.
async fn book(
    state: &AppState,
    site: &Tenant,
    choice: &AppointmentChoice,
    fields: Map<String, Value>,
    key: Option<IdempotencyKey<'_>>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<LeadOutcome, ApiError> {
    if let Some(key) = key {
        match state.store.idempotent_lead(&site.slug, key, now).await? {
            Some(Remembered::Lead(existing)) => return Ok(LeadOutcome::Replayed(existing)),
            Some(Remembered::OtherRequest) => return Ok(LeadOutcome::KeyReused),
            None => {}
        }
    }
    let lead = LeadRecord {
        id: new_lead_id(),
        dealer: site.slug.clone(),
        created_at: now,
        updated_at: now,
        steps: 1,
        fields,
    };
    let booking = appointments::booking(state, site, choice, &lead.id, now).await?;
    match state
        .store
        .book_appointment(&lead, &booking, key, now)
        .await?
    {
        BookingOutcome::Booked(id) => Ok(LeadOutcome::Stored(id)),
        BookingOutcome::Replayed(id) => Ok(LeadOutcome::Replayed(id)),
        BookingOutcome::KeyReused => Ok(LeadOutcome::KeyReused),
        BookingOutcome::Taken => Err(ApiError::new(ErrorCode::SlotUnavailable, SLOT_UNAVAILABLE)),
    }
}

/// Receives any lead form; answers with the lead id once the lead is stored.
#[utoipa::path(post, path = "/api/leads", tag = "leads", request_body = LeadPayload,
    params(("Idempotency-Key" = Option<String>, Header, description = "Makes a retried submission create nothing twice")),
    responses((status = 201, body = LeadAnswer, description = "A new lead was stored"),
        (status = 200, body = LeadAnswer, description = "A step updated the lead, or the idempotency key was seen before"),
        (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`slot_unavailable`: the appointment's slot is not offered (booked meanwhile, closed or past)"),
        (status = 422, body = ErrorBody, description = "`validation_failed`: `fields` names each bad field; `idempotency_key_reused`: the Idempotency-Key came before with another body"),
        (status = 429, body = ErrorBody)))]
pub async fn submit(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(payload): ApiJson<LeadPayload>,
) -> Result<(StatusCode, Json<LeadAnswer>), ApiError> {
    let key = match headers.get(IDEMPOTENCY_HEADER) {
        None => None,
        Some(v) => match v.to_str().map(str::trim) {
            Ok(k) if !k.is_empty() && k.len() <= MAX_IDEMPOTENCY_KEY => Some(k.to_owned()),
            _ => {
                return Err(ApiError::bad_field(
                    "Idempotency-Key",
                    "Idempotency-Key must be 1 to 200 visible characters.",
                ))
            }
        },
    };
    let lead_id = present(&payload.lead_id).map(str::to_owned);
    let first = lead_id.is_none();
    check(&payload, first, &site)?;
    limit(
        &state,
        &site.slug,
        "leads-ip",
        &ip,
        state.policy.leads_per_ip,
    )
    .await?;
    if let Some(phone) = present(&payload.phone).and_then(|p| validate::phone(p).ok()) {
        limit(
            &state,
            &site.slug,
            "leads-phone",
            &phone,
            state.policy.leads_per_phone,
        )
        .await?;
    }
    if present(&payload.website).is_some() {
        tracing::warn!(dealer = %site.slug, %ip, "lead honeypot filled; answered and dropped");
        return Ok((
            StatusCode::CREATED,
            Json(LeadAnswer {
                success: true,
                lead_id: lead_id.unwrap_or_else(new_lead_id),
            }),
        ));
    }
    // Stripe's rule: a key replays only the request it first came with.
    let request_hash = serde_json::to_vec(&payload)
        .map(|body| blake3::hash(&body).to_hex().to_string())
        .map_err(|e| ApiError::Internal(e.into()))?;
    let key = key.as_deref().map(|key| IdempotencyKey {
        key,
        request_hash: &request_hash,
    });
    let appointment = payload.appointment.clone();
    let fields = fields_of(payload, &headers, first)?;
    let now = state.clock.now();
    let outcome = match (lead_id, appointment) {
        (None, None) => {
            let lead = LeadRecord {
                id: new_lead_id(),
                dealer: site.slug.clone(),
                created_at: now,
                updated_at: now,
                steps: 1,
                fields,
            };
            state.store.create_lead(lead, key, now).await?
        }
        (None, Some(choice)) => book(&state, &site, &choice, fields, key, now).await?,
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_field("appointment", APPOINTMENT_FIRST_STEP))
        }
        (Some(id), None) => {
            state
                .store
                .update_lead(&site.slug, &id, fields, key, now)
                .await?
        }
    };
    let (status, lead_id) = match outcome {
        LeadOutcome::Stored(id) if first => (StatusCode::CREATED, id),
        LeadOutcome::Stored(id) | LeadOutcome::Replayed(id) => (StatusCode::OK, id),
        LeadOutcome::NotFound => {
            return Err(ApiError::bad_field("lead_id", NOT_FOUND).with_code(ErrorCode::NotFound))
        }
        LeadOutcome::KeyReused => {
            return Err(ApiError::new(
                ErrorCode::IdempotencyKeyReused,
                IDEMPOTENCY_KEY_REUSED,
            ))
        }
    };
    tracing::info!(dealer = %site.slug, %lead_id, status = status.as_u16(), "lead stored");
    state.outbox_wake.notify_one();
    Ok((
        status,
        Json(LeadAnswer {
            success: true,
            lead_id,
        }),
    ))
}

/// A stored lead of the dealer; 404 for an unknown id. Mounted only in the local server
/// started with `--dev-mode` (like the SMS outbox; see [`crate::app`]).
#[utoipa::path(get, path = "/api/dev/leads/{lead_id}", tag = "dev",
    params(("lead_id" = String, Path, description = "The id `POST /api/leads` answered")),
    responses((status = 200, body = DevLead), (status = 404, body = ErrorBody)))]
pub async fn dev_lead(
    State(state): State<AppState>,
    Site(site): Site,
    Path(lead_id): Path<String>,
) -> Result<Json<DevLead>, ApiError> {
    let lead = state
        .store
        .lead(&site.slug, lead_id.trim())
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, NOT_FOUND))?;
    Ok(Json(DevLead {
        lead_id: lead.id,
        created_at: lead.created_at,
        updated_at: lead.updated_at,
        steps: lead.steps,
        fields: lead.fields,
    }))
}
