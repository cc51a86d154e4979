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
use domain::messages::{
    BURST_SUBJECT, CARD_DECLINED, CARD_PAYMENTS_UNAVAILABLE, CARD_REQUIRED, CARD_UNREADABLE,
    CAR_ALREADY_RESERVED, CAR_NOT_FOUND, CAR_NOT_PRICED, CAR_NOT_PURCHASABLE, CAR_SOLD,
    CONFIRM_WITH_BANK, HOLD_LAPSED, INVALID_CAR_ID, NOT_AUTHENTICATED, PHONE_HOLDS_A_CAR,
    PHONE_NOT_SIGNED_IN, PHONE_NOT_VERIFIED, RESERVATION_CATEGORY, RESERVATION_NOT_FOUND,
    TOO_MANY_RESERVATIONS,
};
use domain::rules::availability::ReserveState;
use domain::rules::forms::{validate_enquiry, EnquiryFormSettings, EnquiryInput};
use serde::{Deserialize, Serialize};
use serde_json::Number;
use utoipa::ToSchema;

use crate::error::answers::{RateLimited, UnknownSite};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{car_id_param, ApiJson, ClientIp};
use crate::lead::{
    field_key, new_lead_id, stored_fields, Contact, LeadFields, LeadPayload, PaymentStatus, Scalar,
};
use crate::rate::{limit_lead, limit_platform};
use crate::routes::leads::SessionPhone;

use crate::payment::flow::{self, Reading, AUTHORISE_WITHIN};
use crate::payment::stripe::StripeError;
use crate::payment::CardPayments;
use crate::stock_car::stock_facts;
use crate::store::{
    HoldChange, LeadRecord, ReservationRecord, ReserveOutcome, StateChange, TransitionOutcome,
};
use crate::tenancy::Site;
use crate::AppState;

/// Counts the dealer's reservations; when a window's count reaches the policy's
/// threshold (once per window: the count passes it only once) it logs
/// `reservation_burst` (the alarm reads it) and queues one email to the dealer's lead
/// address, keyed by the window so a retry or a second instance queues nothing more.
async fn burst_check(state: &AppState, site: &crate::tenancy::Tenant) {
    let dealer = site.slug.as_str();
    let rule = state.policy.reservation_burst;
    let now = state.clock.now();
    let count = match state
        .store
        .hit_rate(dealer, "reservations", "all", rule.window(), now)
        .await
    {
        Ok(count) => count,
        Err(e) => {
            tracing::warn!(dealer, error = %e, "counting reservations failed");
            return;
        }
    };
    if count != rule.max {
        return;
    }
    tracing::error!(
        event = "reservation_burst",
        dealer,
        count,
        window_secs = rule.window_secs,
        "a burst of reservations: check the dealer's reserved cars for a script holding its stock"
    );
    let secs = rule.window_secs.max(1);
    let window = now.timestamp().div_euclid(secs);
    let text = burst_text(state, site, count, rule.window_secs, now).await;
    if let Err(e) = crate::delivery::outbox::queue_alert(
        state,
        dealer,
        &format!("reservation-burst-{window}"),
        BURST_SUBJECT,
        &text,
    )
    .await
    {
        tracing::error!(dealer, error = %e, "the dealer's burst email could not be queued");
    }
}

/// What the dealer's burst email says: how many, within what time, and the cars held
/// now, named from the dealer's own stock.
async fn burst_text(
    state: &AppState,
    site: &crate::tenancy::Tenant,
    count: u64,
    window_secs: i64,
    now: DateTime<Utc>,
) -> String {
    let minutes = (window_secs / 60).max(1);
    let within = if minutes % 60 == 0 {
        match minutes / 60 {
            1 => "one hour".to_owned(),
            hours => format!("{hours} hours"),
        }
    } else {
        format!("{minutes} minutes")
    };
    let mut text = format!(
        "{count} cars on your website were reserved within {within}, more than shoppers usually reserve. \
         Someone may be holding your stock with invented details.\n\n\
         Please check the reservation emails: call the shoppers, and release any hold that is not genuine."
    );
    let held = state
        .store
        .held_cars(&site.slug, now)
        .await
        .unwrap_or_default();
    if !held.is_empty() {
        let market = state.market.current();
        text.push_str("\n\nCars reserved now:");
        for id in held.iter().take(50) {
            let name = market
                .listing_by_id(&site.slug, *id)
                .and_then(|listing| market.car(&site.slug, &listing.slug))
                .map(|car| format!("{} {} {}", car.year, car.make, car.model));
            match name {
                Some(name) => text.push_str(&format!("\n- {name} (car {id})")),
                None => text.push_str(&format!("\n- car {id}")),
            }
        }
    }
    text
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
    /// The card, as the id Stripe.js returned for it (`pm_...`, `card_...` or `tok_...`):
    /// required by dealers taking the deposit by card, ignored by the others. Card
    /// details never reach this API.
    #[serde(default)]
    pub payment_method: Option<String>,
}

/// Answer of `POST /api/reservations` (201).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ReservationAnswer {
    /// The reservation's id.
    pub reservation_id: String,
    /// The held car.
    pub car_id: u64,
    /// Where the deposit stands: `awaiting_payment` (paid at the dealership), `held`
    /// (authorised on the card) or `requires_action` (3-D Secure: finish it with
    /// Stripe.js and `client_secret`, then `POST /api/reservations/{id}/confirm`).
    pub status: PaymentStatus,
    /// Fully refundable deposit, dollars.
    pub deposit: u32,
    /// Hours the car is held.
    pub hold_hours: u32,
    /// When the hold ends (RFC 3339); while `requires_action`, when it lapses unless the
    /// card is authorised.
    pub expires_at: DateTime<Utc>,
    /// What the shopper is told: how long the car is held and how to pay the deposit.
    pub message: String,
    /// The PaymentIntent's client secret for Stripe.js, with `requires_action` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    /// The buy-online journey's token for this browser (`POST /api/journeys/{car_id}`),
    /// given once, in the answer that made the reservation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub journey_token: Option<String>,
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
fn check(request: &ReservationRequest, card: bool) -> Result<Contact, ApiError> {
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
    if card {
        match request.payment_method.as_deref().map(str::trim) {
            None | Some("") => {
                fields.insert("payment_method".to_owned(), CARD_REQUIRED.to_owned());
            }
            Some(id) if !crate::payment::stripe::is_card_id(id) => {
                fields.insert("payment_method".to_owned(), CARD_UNREADABLE.to_owned());
            }
            Some(_) => {}
        }
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
    } else if fields.len() == 1 && fields.contains_key("payment_method") {
        Err(ApiError::validation(fields))
    } else {
        Err(ApiError::validation(fields).with_code(ErrorCode::BadRequest))
    }
}

/// Holds a car for 48 hours; the deposit is paid through the payment provider.
#[utoipa::path(post, path = "/api/reservations", tag = "reservations", request_body = ReservationRequest,
    responses((status = 201, body = ReservationAnswer, description = "The car is held for this shopper"),
        (status = 400, body = ErrorBody, description = "A bad field; `fields` names each one"),
        (status = 401, body = ErrorBody, description = "`phone_not_verified`: a dealer paid at the dealership holds a car only under a phone confirmed by sign-in, and the request has no session"),
        (status = 402, body = ErrorBody, description = "`card_declined`: the card issuer declined the deposit (its reason in `message` and `fields.payment_method`); the car was released"),
        (status = 403, body = ErrorBody, description = "`phone_not_signed_in`: the reservation's `phone` is not the signed-in one (named in `fields.phone`)"),
        (status = 422, body = ErrorBody, description = "`validation_failed`: a dealer taking deposits by card got no usable `payment_method`"),
        (status = 503, body = ErrorBody, description = "`unavailable`: card payments cannot be reached; the car was released"),
        (status = 404, body = ErrorBody, description = "`car_not_found`: the dealer publishes no car with this id; or the host names no dealer"),
        (status = 409, body = ErrorBody, description = "`car_reserved`: the car already has an active hold (or the feed marks it reserved); `phone_has_hold`: the phone holds another car of the dealer; `car_sold`: sold; `car_not_priced`: no advertised price; `car_not_purchasable`: coming soon or priced at $200 or less"),
        RateLimited))]
pub async fn reserve(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    SessionPhone(session_phone): SessionPhone,
    headers: HeaderMap,
    ApiJson(request): ApiJson<ReservationRequest>,
) -> Result<(StatusCode, Json<ReservationAnswer>), ApiError> {
    let card = state.card_dealers.contains_key(&site.slug);
    let contact = check(&request, card)?;
    let card_payments = match (card, &state.card_payments) {
        (false, _) => None,
        (true, Some(payments)) => Some(std::sync::Arc::clone(payments)),
        (true, None) => {
            tracing::error!(dealer = %site.slug, "the dealer takes deposits by card but FORECOURT_STRIPE_SECRET_KEY is not set");
            return Err(ApiError::new(
                ErrorCode::Unavailable,
                CARD_PAYMENTS_UNAVAILABLE,
            ));
        }
    };
    for_sale(&state, &site.slug, request.car_id)?;
    limit_platform(
        &state,
        &site.slug,
        "reservations-ip",
        &ip,
        state.policy.reservations_per_ip,
    )
    .await
    .map_err(|e| match e {
        // The window is a day: "wait a few minutes" would not be true.
        ApiError::Client {
            code: ErrorCode::RateLimited,
            fields,
            retry_after,
            ..
        } => ApiError::Client {
            code: ErrorCode::RateLimited,
            message: TOO_MANY_RESERVATIONS.to_owned(),
            fields,
            retry_after,
        },
        other => other,
    })?;
    // A reservation is a lead: it counts against the lead limits.
    limit_lead(
        &state,
        &site.slug,
        &ip,
        contact.phone.as_ref().map(|p| p.digits()),
    )
    .await?;
    // The phone is the shopper's own when it is the one they signed in with. A hold
    // paid at the dealership costs nothing, so only such a phone may take one (one live
    // hold per phone, so a verified phone is what a hold costs); a card hold is paid for
    // by the card's authorisation.
    let verified = contact
        .phone
        .as_ref()
        .is_some_and(|phone| session_phone.as_deref() == Some(phone.digits()));
    if card_payments.is_none() && !verified {
        return Err(match session_phone {
            None => ApiError::new(ErrorCode::PhoneNotVerified, PHONE_NOT_VERIFIED),
            Some(_) => ApiError::Client {
                code: ErrorCode::PhoneNotSignedIn,
                message: PHONE_NOT_SIGNED_IN.to_owned(),
                fields: Some(std::collections::BTreeMap::from([(
                    "phone".to_owned(),
                    PHONE_NOT_SIGNED_IN.to_owned(),
                )])),
                retry_after: None,
            },
        });
    }
    let now = state.clock.now();
    // A card hold lasts until the card is authorised, at most 15 minutes; authorised, it
    // runs for the dealer's hold hours.
    let (status, expires_at) = if card_payments.is_some() {
        (PaymentStatus::Authorising, now + AUTHORISE_WITHIN)
    } else {
        (
            PaymentStatus::AwaitingPayment,
            now + Duration::hours(i64::from(site.reserve_hold_hours)),
        )
    };
    let reservation = ReservationRecord {
        id: new_lead_id(),
        dealer: site.slug.clone(),
        car_id: request.car_id,
        lead_id: new_lead_id(),
        status,
        deposit: site.reserve_deposit,
        hold_hours: site.reserve_hold_hours,
        created_at: now,
        expires_at,
        card: card_payments.is_some(),
        payment_intent: None,
        history: vec![StateChange {
            at: now,
            status,
            by: "shopper".to_owned(),
            note: None,
        }],
    };
    let payment_method = request.payment_method.clone().unwrap_or_default();
    let mut lead = reservation_lead(&reservation, request, contact, &headers);
    lead.fields.phone_verified = Some(verified);
    stock_car_fields(&state, &site.slug, reservation.car_id, &mut lead.fields);
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
    burst_check(&state, &site).await;
    tracing::info!(dealer = %site.slug, reservation_id = %reservation.id, car_id = reservation.car_id, "car held");
    let journey_token = crate::routes::journey::open(&state, &reservation, &lead).await;
    state.outbox_wake.notify_one();
    if let Some(card) = card_payments {
        let answer = authorise(&state, &card, &reservation, payment_method.trim()).await?;
        return Ok((
            StatusCode::CREATED,
            Json(ReservationAnswer {
                journey_token,
                ..answer
            }),
        ));
    }
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
            client_secret: None,
            journey_token,
        }),
    ))
}

/// The answer for a card reservation in the state `record` is in.
pub fn card_answer(record: &ReservationRecord, client_secret: Option<String>) -> ReservationAnswer {
    let message = match record.status {
        PaymentStatus::RequiresAction => CONFIRM_WITH_BANK.to_owned(),
        _ => domain::messages::reservation_held_on_card(record.hold_hours, record.deposit),
    };
    ReservationAnswer {
        reservation_id: record.id.clone(),
        car_id: record.car_id,
        status: record.status,
        deposit: record.deposit,
        hold_hours: record.hold_hours,
        expires_at: record.expires_at,
        message,
        client_secret: client_secret.filter(|_| record.status == PaymentStatus::RequiresAction),
        journey_token: None,
    }
}

/// The 402 of a declined card: the issuer's reason, beside the card field.
pub fn declined(reason: &str) -> ApiError {
    ApiError::Client {
        code: ErrorCode::CardDeclined,
        message: reason.to_owned(),
        fields: Some(std::collections::BTreeMap::from([(
            "payment_method".to_owned(),
            reason.to_owned(),
        )])),
        retry_after: None,
    }
}

/// Authorises the deposit of a stored card hold: a PaymentIntent created and confirmed
/// on the server. Authorised holds the car for the hold's hours; 3-D Secure keeps the
/// 15-minute hold for the browser to finish; anything else releases the car at once.
async fn authorise(
    state: &AppState,
    card: &CardPayments,
    reservation: &ReservationRecord,
    payment_method: &str,
) -> Result<ReservationAnswer, ApiError> {
    let release = |to: PaymentStatus, note: Option<String>| async move {
        flow::record(
            state,
            reservation,
            flow::AUTHORISING,
            to,
            "shopper",
            note,
            None,
            HoldChange::Release,
        )
        .await
    };
    let attempt = async {
        let method = if payment_method.starts_with("tok_") {
            card.stripe.token_card(payment_method).await?
        } else {
            payment_method.to_owned()
        };
        card.stripe
            .authorise(
                reservation.deposit,
                &method,
                &reservation.dealer,
                reservation.car_id,
                &reservation.id,
            )
            .await
    };
    let intent = match attempt.await {
        Ok(intent) => intent,
        Err(StripeError::Declined { message }) => {
            release(PaymentStatus::Declined, Some(message.clone())).await?;
            return Err(declined(&message));
        }
        Err(StripeError::Refused { status, error }) => {
            tracing::info!(dealer = %reservation.dealer, reservation_id = %reservation.id, status,
                code = ?error.code, "Stripe refused the card");
            release(PaymentStatus::Declined, error.message).await?;
            return Err(ApiError::validation(std::collections::BTreeMap::from([(
                "payment_method".to_owned(),
                CARD_UNREADABLE.to_owned(),
            )])));
        }
        Err(StripeError::Unavailable(e)) => {
            // Whether an authorisation was made is unknown: the reconciliation pass
            // cancels it if it was, as its reservation no longer holds the car.
            tracing::error!(dealer = %reservation.dealer, reservation_id = %reservation.id,
                error = format!("{e:#}"), "Stripe unavailable; the hold is released");
            release(
                PaymentStatus::Cancelled,
                Some("card payments unavailable".into()),
            )
            .await?;
            return Err(ApiError::new(
                ErrorCode::Unavailable,
                CARD_PAYMENTS_UNAVAILABLE,
            ));
        }
    };
    let client_secret = intent.client_secret.clone();
    match flow::read(&intent) {
        Reading::Authorised | Reading::Declined(_) | Reading::Cancelled | Reading::Captured => {
            follow_answer(state, card, reservation, &intent, client_secret).await
        }
        Reading::NeedsAction(_) | Reading::Pending => {
            let to = PaymentStatus::RequiresAction;
            let outcome = flow::record(
                state,
                reservation,
                flow::AUTHORISING,
                to,
                "stripe",
                None,
                Some(intent.id.clone()),
                HoldChange::Keep,
            )
            .await?;
            match outcome {
                TransitionOutcome::Done(record) => Ok(card_answer(&record, client_secret)),
                other => Err(ApiError::Internal(anyhow::anyhow!(
                    "a new card hold could not record its 3-D Secure step: {other:?}"
                ))),
            }
        }
    }
}

/// Whether the PaymentIntent's last attempt failed in the bank's 3-D Secure check.
fn authentication_failed(intent: &crate::payment::stripe::PaymentIntent) -> bool {
    intent
        .last_payment_error
        .as_ref()
        .and_then(|e| e.code.as_deref())
        == Some("payment_intent_authentication_failure")
}

/// Records what a PaymentIntent says and answers the shopper: held, declined (402), or
/// lapsed (409).
pub async fn follow_answer(
    state: &AppState,
    card: &CardPayments,
    reservation: &ReservationRecord,
    intent: &crate::payment::stripe::PaymentIntent,
    client_secret: Option<String>,
) -> Result<ReservationAnswer, ApiError> {
    let outcome = flow::follow(state, card, reservation, intent, "shopper")
        .await
        .map_err(ApiError::Internal)?;
    match (flow::read(intent), outcome) {
        // Stripe's words for a failed 3-D Secure check speak to developers ("The
        // provided PaymentMethod has failed authentication"): the shopper reads plain ones.
        (Reading::Declined(_), _) if authentication_failed(intent) => {
            Err(declined(NOT_AUTHENTICATED))
        }
        (Reading::Declined(reason), _) => Err(declined(&reason)),
        (_, TransitionOutcome::Lapsed(_)) => Err(ApiError::new(ErrorCode::HoldLapsed, HOLD_LAPSED)),
        (Reading::Cancelled, _) => Err(ApiError::new(ErrorCode::HoldLapsed, HOLD_LAPSED)),
        (_, TransitionOutcome::Done(record) | TransitionOutcome::NotAllowed(record)) => {
            match record.status {
                PaymentStatus::Held | PaymentStatus::RequiresAction => {
                    Ok(card_answer(&record, client_secret))
                }
                PaymentStatus::Expired | PaymentStatus::Cancelled => {
                    Err(ApiError::new(ErrorCode::HoldLapsed, HOLD_LAPSED))
                }
                PaymentStatus::Declined => Err(declined(
                    record
                        .history
                        .iter()
                        .rev()
                        .find_map(|c| c.note.as_deref())
                        .unwrap_or(CARD_DECLINED),
                )),
                _ => Ok(card_answer(&record, None)),
            }
        }
        (_, TransitionOutcome::NotFound) => {
            Err(ApiError::new(ErrorCode::NotFound, RESERVATION_NOT_FOUND))
        }
    }
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

/// Names the held car in its lead from the dealer's published stock (year, make, model,
/// condition and price), so the dealer's email, its subject and the ADF say which car it
/// is, not only its id.
fn stock_car_fields(state: &AppState, dealer: &str, car_id: u64, fields: &mut LeadFields) {
    if let Some(car) = stock_facts(state, dealer, car_id) {
        car.fill(car_id, fields);
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
    let car_id = car_id_param(car_id)?;
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
