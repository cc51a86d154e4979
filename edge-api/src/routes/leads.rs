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
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::Json;
use axum::Router;
use domain::messages;
use domain::messages::{
    APPOINTMENT_FIRST_STEP, IDEMPOTENCY_KEY_REUSED, NOT_FOUND, SLOT_UNAVAILABLE,
};
use domain::rules::forms::{check_additional_services, validate_enquiry, EnquiryInput};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::answers::{BadRequest, NotFound, RateLimited};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ClientIp};
use crate::extract::{IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY};
use crate::lead::{
    field_key, new_lead_id, present, stored_fields, AppointmentChoice, Contact, LeadFields,
    LeadPayload,
};
use crate::rate::limit_lead;
use crate::routes::appointments;
use crate::store::{BookingOutcome, IdempotencyKey, LeadOutcome, LeadRecord, Remembered};
use crate::tenancy::{Site, Tenant};
use crate::AppState;

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
    pub fields: LeadFields,
}

/// Answer of `POST /api/leads`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LeadAnswer {
    /// Always true (errors use the common error body).
    pub success: bool,
    /// The lead's id: send it with later steps.
    pub lead_id: String,
}

/// The phone of the request's signed-in session on this dealer, if any: a lead sent with
/// that phone is the phone owner's own, so its confirmation may go by text.
pub struct SessionPhone(pub Option<String>);

impl axum::extract::FromRequestParts<AppState> for SessionPhone {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match crate::extract::SignedIn::from_request_parts(parts, state).await {
            Ok(user) => Ok(SessionPhone(Some(user.phone))),
            Err(_) => Ok(SessionPhone(None)),
        }
    }
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

/// Checks the payload with the domain's enquiry rules: a first submission must carry the
/// contact details (and the message, unless the dealer lifts it or the form has none);
/// a later step is checked only on the fields it sends. Answers the contact details,
/// parsed once for the rate limit and the store.
fn check(payload: &LeadPayload, first: bool, tenant: &Tenant) -> Result<Contact, ApiError> {
    // A control character is malformed input, not a form mistake: 400 before the rules.
    let characters = payload.character_errors();
    if !characters.is_empty() {
        return Err(ApiError::validation(characters).with_code(ErrorCode::BadRequest));
    }
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let (contact, contact_errors) = Contact::parse(payload);
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
    }
    if let Some(attributes) = &payload.lead_attributes {
        fields.extend(attributes.check());
    }
    if let Some(services) = &payload.additional_services {
        if let Err(message) = check_additional_services(services, &tenant.additional_services) {
            fields.insert("additional_services".to_owned(), message);
        }
    }
    // The domain's enquiry rules already named a bad contact field of a first submission.
    for (field, message) in contact_errors {
        fields.entry(field).or_insert(message);
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
        Ok(contact)
    } else {
        Err(ApiError::validation(fields))
    }
}

/// Stores a test-drive lead with its appointment slot: a retried submission replays the
/// lead it created; otherwise the slot must be offered now and is booked with the lead.
async fn book(
    state: &AppState,
    site: &Tenant,
    choice: &AppointmentChoice,
    fields: LeadFields,
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
        BadRequest, NotFound,
        (status = 409, body = ErrorBody, description = "`slot_unavailable`: the appointment's slot is not offered (booked meanwhile, closed or past)"),
        (status = 422, body = ErrorBody, description = "`validation_failed`: `fields` names each bad field; `idempotency_key_reused`: the Idempotency-Key came before with another body"),
        RateLimited))]
pub async fn submit(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    SessionPhone(session_phone): SessionPhone,
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
    let contact = check(&payload, first, &site)?;
    // Stripe's rule: a key replays only the request it first came with.
    let request_hash = serde_json::to_vec(&payload)
        .map(|body| blake3::hash(&body).to_hex().to_string())
        .map_err(|e| ApiError::Internal(e.into()))?;
    let key = key.as_deref().map(|key| IdempotencyKey {
        key,
        request_hash: &request_hash,
    });
    let now = state.clock.now();
    // A retry of a stored submission creates nothing, so it is answered before the
    // limits and spends none of the shopper's quota.
    if let Some(key) = key {
        match state.store.idempotent_lead(&site.slug, key, now).await? {
            Some(Remembered::Lead(lead_id)) => {
                tracing::info!(dealer = %site.slug, %lead_id, "lead replayed");
                return Ok((
                    StatusCode::OK,
                    Json(LeadAnswer {
                        success: true,
                        lead_id,
                    }),
                ));
            }
            Some(Remembered::OtherRequest) => {
                return Err(ApiError::new(
                    ErrorCode::IdempotencyKeyReused,
                    IDEMPOTENCY_KEY_REUSED,
                ))
            }
            None => {}
        }
    }
    limit_lead(
        &state,
        &site.slug,
        &ip,
        contact.phone.as_ref().map(|p| p.digits()),
    )
    .await?;
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
    let appointment = payload.appointment.clone();
    let verified = contact
        .phone
        .as_ref()
        .map(|phone| session_phone.as_deref() == Some(phone.digits()));
    let fields = LeadFields {
        phone_verified: verified,
        ..stored_fields(payload, contact, &headers, first)
    };
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
    responses((status = 200, body = DevLead, description = "The lead as stored"), NotFound))]
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

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/leads", post(submit))
}

/// This feature's development endpoints, mounted only in dev mode (see [`crate::app`]).
pub fn dev_router() -> Router<AppState> {
    Router::new().route("/api/dev/leads/{lead_id}", get(dev_lead))
}
