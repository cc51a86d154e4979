//! Reservations (seed 001 s9: "reservation deposit $200, fully refundable, car held 48
//! hours"). `POST /api/reservations` holds a car for 48 hours: the hold is a create-once
//! item per car, written in one transaction with the reservation and a lead (category
//! Reservation) with its outbox entry, so of any number of concurrent reservations of a
//! car exactly one wins and the dealer hears about it through the usual lead delivery;
//! the others get 409 `car_reserved`. An expired hold counts as absent, so the car can
//! be reserved again. A hold is taken only on a car the dealer's site publishes and the
//! reserve rule allows ([`domain::rules::availability::reserve_state`], read from the
//! build's market file): an unknown id is 404 `car_not_found`, a sold car 409
//! `car_sold`, a car without a price 409 `car_not_priced`, a car the Autograb rule does
//! not allow (seed 001 s4: coming soon, or priced at $200 or less) 409
//! `car_not_purchasable`, a car the feed marks reserved 409 `car_reserved`. The deposit
//! is collected by the [`PaymentProvider`] of the state.
//! `GET /api/reservations/{car_id}` tells whether a car is held.
//!
//! [`PaymentProvider`]: crate::payment::PaymentProvider

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Json;
use axum::Router;
use chrono::{DateTime, Duration, Utc};
use domain::messages::{CAR_ALREADY_RESERVED, RESERVATION_CATEGORY};
use domain::rules::availability::ReserveState;
use domain::rules::forms::{validate_enquiry, EnquiryFormSettings, EnquiryInput};
use serde::{Deserialize, Serialize};
use serde_json::Number;
use utoipa::ToSchema;

use crate::error::answers::{RateLimited, UnknownSite};
use crate::error::INVALID_CAR_ID;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ClientIp};
use crate::lead::{
    field_key, new_lead_id, stored_fields, Contact, LeadFields, LeadPayload, PaymentStatus, Scalar,
};
use crate::rate::{limit, limit_platform};

use crate::store::{LeadRecord, ReservationRecord, ReserveOutcome};
use crate::tenancy::Site;
use crate::AppState;

/// Shown when the dealer publishes no car with the requested id.
pub const CAR_NOT_FOUND: &str = "This dealership has no car with that id for sale. Please choose the car again from the stock list.";
/// Shown when the car has been sold.
pub const CAR_SOLD: &str = "This car has been sold, so it cannot be reserved. Please choose another car from the stock list.";
/// Shown when the car shows no price.
pub const CAR_NOT_PRICED: &str = "This car has no advertised price, so it cannot be reserved online. Please enquire about it instead.";
/// Shown when the car is not purchasable online (seed 001 s4 Autograb rule).
pub const CAR_NOT_PURCHASABLE: &str = "This car cannot be bought online yet: it is not in stock or has no sale price. Please enquire about it instead.";
/// Shown when the shopper's phone already holds another car of the dealer.
pub const PHONE_HOLDS_A_CAR: &str = "This phone number already has a car reserved here. One car can be held at a time: please call the dealership to change your reservation.";

/// Counts the dealer's reservations and logs `reservation_burst` once, when a window's
/// count reaches the policy's threshold (the alarm reads it).
async fn burst_check(state: &AppState, dealer: &str) {
    let rule = state.policy.reservation_burst;
    match state
        .store
        .hit_rate(
            dealer,
            "reservations",
            "all",
            rule.window(),
            state.clock.now(),
        )
        .await
    {
        Ok(count) if count == rule.max => {
            tracing::error!(event = "reservation_burst", dealer, count, window_secs = rule.window_secs,
                "a burst of reservations: check the dealer's reserved cars for a script holding its stock");
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(dealer, error = %e, "counting reservations failed"),
    }
}

/// Cache header of the hold status (it changes with every reservation).
pub const CACHE_CONTROL: &str = "no-store";

/// Body of `POST /api/reservations`: the car and the shopper's contact details.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReservationRequest {
    /// The car to hold (a positive id).
    #[schema(minimum = 1)]
    pub car_id: u64,
    /// First name.
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// Last name.
    #[serde(default)]
    pub last_name: Option<String>,
    /// E-mail address.
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    /// Australian phone number.
    #[serde(default)]
    #[schema(required = true)]
    pub phone: String,
    /// 4-digit postcode (blank is fine).
    #[serde(default)]
    pub postcode: Option<String>,
    /// Comments for the dealer.
    #[serde(default)]
    pub message: Option<String>,
}

/// Answer of `POST /api/reservations` (201).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ReservationAnswer {
    /// The reservation's id.
    pub reservation_id: String,
    /// The held car.
    pub car_id: u64,
    /// Where the deposit stands (`awaiting_payment`).
    pub status: PaymentStatus,
    /// Fully refundable deposit, dollars.
    pub deposit: u32,
    /// Hours the car is held.
    pub hold_hours: u32,
    /// When the hold ends (RFC 3339).
    pub expires_at: DateTime<Utc>,
    /// What the shopper is told: how long the car is held and how to pay the deposit.
    pub message: String,
}

/// Answer of `GET /api/reservations/{car_id}`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct HoldStatus {
    /// The car asked about.
    pub car_id: u64,
    /// Whether a live hold keeps the car.
    pub reserved: bool,
    /// When that hold ends (RFC 3339); null when the car is not reserved.
    pub expires_at: Option<DateTime<Utc>>,
}

/// Checks the request with the lead form's rules and messages (name, e-mail and phone
/// required and well-formed, postcode 4 digits when given) and the car id; every bad
/// field is named in one 400.
fn check(request: &ReservationRequest) -> Result<Contact, ApiError> {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let input = EnquiryInput {
        name: request.name.clone(),
        last_name: text(&request.last_name),
        email: request.email.clone(),
        phone: request.phone.clone(),
        postcode: text(&request.postcode),
        message: text(&request.message),
        category: RESERVATION_CATEGORY.to_owned(),
        ..EnquiryInput::default()
    };
    // A reservation form has no location or dealership select and no comments rule, and
    // is not an enquiry: its postcode stays optional.
    let settings = EnquiryFormSettings {
        message_optional: true,
        postcode_optional: true,
        ..EnquiryFormSettings::default()
    };
    let mut fields = contact_payload(request).character_errors();
    if request.car_id == 0 {
        fields.insert("car_id".to_owned(), INVALID_CAR_ID.to_owned());
    }
    for error in validate_enquiry(&input, &settings) {
        fields
            .entry(field_key(error.field))
            .or_insert(error.message);
    }
    // Every contact field is named above when bad; parsed once here for the limit and
    // the lead.
    let (contact, _) = Contact::parse(&contact_payload(request));
    if fields.is_empty() {
        Ok(contact)
    } else {
        Err(ApiError::validation(fields).with_code(ErrorCode::BadRequest))
    }
}

/// Holds a car for 48 hours; the deposit is paid through the payment provider.
#[utoipa::path(post, path = "/api/reservations", tag = "reservations", request_body = ReservationRequest,
    responses((status = 201, body = ReservationAnswer, description = "The car is held for this shopper"),
        (status = 400, body = ErrorBody, description = "A bad field; `fields` names each one"),
        (status = 404, body = ErrorBody, description = "`car_not_found`: the dealer publishes no car with this id; or the host names no dealer"),
        (status = 409, body = ErrorBody, description = "`car_reserved`: the car already has an active hold (or the feed marks it reserved); `phone_has_hold`: the phone holds another car of the dealer; `car_sold`: sold; `car_not_priced`: no advertised price; `car_not_purchasable`: coming soon or priced at $200 or less"),
        RateLimited))]
pub async fn reserve(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(request): ApiJson<ReservationRequest>,
) -> Result<(StatusCode, Json<ReservationAnswer>), ApiError> {
    let contact = check(&request)?;
    for_sale(&state, &site.slug, request.car_id)?;
    limit_platform(
        &state,
        &site.slug,
        "reservations-ip",
        &ip,
        state.policy.reservations_per_ip,
    )
    .await?;
    // A reservation is a lead: it counts against the lead limits, the address's across
    // the platform (each sends a confirmation), the phone's per dealer.
    limit_platform(
        &state,
        &site.slug,
        "leads-ip",
        &ip,
        state.policy.leads_per_ip,
    )
    .await?;
    if let Some(phone) = &contact.phone {
        limit(
            &state,
            &site.slug,
            "leads-phone",
            phone.digits(),
            state.policy.leads_per_phone,
        )
        .await?;
    }
    let now = state.clock.now();
    let reservation = ReservationRecord {
        id: new_lead_id(),
        dealer: site.slug.clone(),
        car_id: request.car_id,
        lead_id: new_lead_id(),
        status: PaymentStatus::AwaitingPayment,
        deposit: site.reserve_deposit,
        hold_hours: site.reserve_hold_hours,
        created_at: now,
        expires_at: now + Duration::hours(i64::from(site.reserve_hold_hours)),
    };
    let lead = reservation_lead(&reservation, request, contact, &headers);
    match state.store.reserve(&reservation, &lead, now).await? {
        ReserveOutcome::Held => {}
        ReserveOutcome::Taken(hold) => {
            tracing::info!(dealer = %site.slug, car_id = hold.car_id, until = %hold.expires_at, "car already held");
            return Err(ApiError::new(ErrorCode::CarReserved, CAR_ALREADY_RESERVED));
        }
        ReserveOutcome::PhoneHolds(hold) => {
            tracing::info!(dealer = %site.slug, car_id = hold.car_id, until = %hold.expires_at, "phone already holds a car");
            return Err(ApiError::new(ErrorCode::PhoneHasHold, PHONE_HOLDS_A_CAR));
        }
    }
    burst_check(&state, &site.slug).await;
    tracing::info!(dealer = %site.slug, reservation_id = %reservation.id, car_id = reservation.car_id, "car held");
    state.outbox_wake.notify_one();
    let payment = state.payments.start(&reservation).await?;
    Ok((
        StatusCode::CREATED,
        Json(ReservationAnswer {
            reservation_id: reservation.id,
            car_id: reservation.car_id,
            status: payment.status,
            deposit: reservation.deposit,
            hold_hours: reservation.hold_hours,
            expires_at: reservation.expires_at,
            message: payment.message,
        }),
    ))
}

/// Refuses a car the dealer does not publish or the reserve rule does not allow.
fn for_sale(state: &AppState, dealer: &str, car_id: u64) -> Result<(), ApiError> {
    let market = state.market.current();
    let listing = market
        .listing_by_id(dealer, car_id)
        .ok_or_else(|| ApiError::new(ErrorCode::CarNotFound, CAR_NOT_FOUND))?;
    match listing.reserve {
        ReserveState::Reservable => Ok(()),
        ReserveState::Sold => Err(ApiError::new(ErrorCode::CarSold, CAR_SOLD)),
        ReserveState::Reserved => Err(ApiError::new(ErrorCode::CarReserved, CAR_ALREADY_RESERVED)),
        ReserveState::NoPrice => Err(ApiError::new(ErrorCode::CarNotPriced, CAR_NOT_PRICED)),
        ReserveState::NotPurchasable => Err(ApiError::new(
            ErrorCode::CarNotPurchasable,
            CAR_NOT_PURCHASABLE,
        )),
    }
}

/// The lead fields a reservation form sends, as the lead form would send them.
fn contact_payload(request: &ReservationRequest) -> LeadPayload {
    LeadPayload {
        name: Some(request.name.clone()),
        last_name: request.last_name.clone(),
        email: Some(request.email.clone()),
        phone: Some(request.phone.clone()),
        postcode: request.postcode.clone(),
        message: request.message.clone(),
        ..LeadPayload::default()
    }
}

/// The lead that tells the dealer about a reservation: the contact details parsed as a
/// lead form's are, category Reservation, the car and the reservation's terms.
fn reservation_lead(
    reservation: &ReservationRecord,
    request: ReservationRequest,
    contact: Contact,
    headers: &HeaderMap,
) -> LeadRecord {
    let payload = LeadPayload {
        category: Some(RESERVATION_CATEGORY.to_owned()),
        car_id: Some(Scalar::Number(Number::from(reservation.car_id))),
        ..contact_payload(&request)
    };
    let fields = LeadFields {
        reservation_id: Some(reservation.id.clone()),
        reservation_status: Some(reservation.status),
        deposit: Some(reservation.deposit),
        hold_expires_at: Some(reservation.expires_at),
        ..stored_fields(payload, contact, headers, true)
    };
    LeadRecord {
        id: reservation.lead_id.clone(),
        dealer: reservation.dealer.clone(),
        created_at: reservation.created_at,
        updated_at: reservation.created_at,
        steps: 1,
        fields,
    }
}

/// Whether a car is held, and until when (expired holds are not).
#[utoipa::path(get, path = "/api/reservations/{car_id}", tag = "reservations",
    params(("car_id" = u64, Path, description = "The car's id")),
    responses((status = 200, body = HoldStatus, description = "The car's hold status (Cache-Control: no-store)"),
        (status = 400, body = ErrorBody, description = "The id is not a positive whole number"),
        UnknownSite))]
pub async fn status(
    State(state): State<AppState>,
    Site(site): Site,
    car_id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let car_id = car_id
        .ok()
        .map(|Path(raw)| raw)
        .filter(|raw| !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|raw| raw.parse::<u64>().ok())
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::bad_field("car_id", INVALID_CAR_ID))?;
    let hold = state
        .store
        .hold(&site.slug, car_id, state.clock.now())
        .await?;
    let answer = HoldStatus {
        car_id,
        reserved: hold.is_some(),
        expires_at: hold.map(|h| h.expires_at),
    };
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    Ok(response)
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/reservations", post(reserve))
        .route("/api/reservations/{car_id}", get(status))
}
