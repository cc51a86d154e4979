//! The buy-online journey (`/checkout-journey`): after reserving a car, the shopper
//! chooses finance (the calculator's figures, with a pre-approval application) or cash,
//! attaches the online trade-in offer for their car or none, and has the car delivered
//! to a postcode or picks it up at the yard in an appointment slot; then sends the order
//! to the dealer as one lead (category Online Purchase) carrying every step. The state
//! is kept against the reservation, so it survives a reload and follows the shopper to
//! another device.
//!
//! Only the shopper who made the hold may read or change it: the browser that reserved
//! holds the journey's token (`<reservation id>.<secret>`, given once in the
//! reservation's answer, its hash stored), and on any device the shopper signed in with
//! the reservation's phone finds it by the car. Tokens travel in the JSON body, never in
//! a URL or a header the CDN drops. An order needs a live hold (409 `hold_lapsed`), and
//! carries the reservation, so the dealer's capture and release links of the deposit
//! come with it.
use crate::error::answers::RateLimited;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{car_id_param, ApiJson, ClientIp};
use crate::lead::{AppointmentChoice, PaymentStatus};
use crate::rate::limit;
use crate::routes::appointments;
use crate::routes::leads::SessionPhone;
use crate::stock_car::stock_facts;
use crate::store::{
    BookingRecord, DeliveryChoice, DeliveryStep, FinanceChoice, FinanceStep, Frequency,
    JourneyRecord, JourneySave, LeadRecord, OrderSent, ReservationRecord, TradeInStep,
};
use crate::tenancy::Site;
use crate::AppState;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use domain::messages::{NO_LIVE_HOLD, ORDER_IS_SENT, SLOT_UNAVAILABLE};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

mod logic;

use self::logic::{
    application_lead, delivery_step, finance_step, lead_limits, live, order_lead, owned,
    reservation_lead, reservation_of, summary, token_hash, trade_in_step, view,
};

/// How long a trade-in offer can be attached after the car was valued.
pub const OFFER_DAYS: i64 = 14;

/// The widest interest-rate range any calculator of the platform offers (percent a year).
const RATE_MIN: f64 = domain::rules::finance::DEFAULT_INTEREST_MIN;
const RATE_MAX: f64 = domain::rules::finance::BRAND_INTEREST_MAX;
/// Amounts the calculator takes (deposit, balloon), AUD.
const AMOUNT_MAX: f64 = domain::rules::finance::PURCHASE_PRICE_MAX;
/// The largest establishment fee a step may carry, AUD.
const ESTABLISHMENT_FEE_MAX: f64 = 5_000.0;
/// The highest comparison rate a step may quote, percent a year: fees on a small loan
/// add several points to its rate.
const COMPARISON_RATE_MAX: f64 = 30.0;

/// Body of a read or an order: the token the reservation's answer gave this browser
/// (omit it when signed in with the reservation's phone).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JourneyRequest {
    /// The journey token (`journey_token` of `POST /api/reservations`).
    #[serde(default)]
    pub token: Option<String>,
}

/// The finance step as the shopper chose it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FinanceInput {
    /// `finance`, `cash` or `skipped`.
    pub choice: String,
    /// Cash deposit towards the loan, AUD (0 to 250,000).
    #[serde(default)]
    pub deposit: Option<f64>,
    /// Loan term, years (1 to 7, in half years).
    #[serde(default)]
    pub term_years: Option<f64>,
    /// Interest rate, percent a year (0.5 to 20).
    #[serde(default)]
    pub rate: Option<f64>,
    /// Final (balloon) payment, AUD (0 to 250,000).
    #[serde(default)]
    pub balloon: Option<f64>,
    /// Establishment fee financed with the loan, AUD (0 to 5,000): the car page
    /// calculator's `establishment_fee`. Omitted: the dealer's.
    #[serde(default)]
    pub establishment_fee: Option<f64>,
    /// The comparison rate the page quotes for these figures, percent a year (0.5 to
    /// 30): its lender's own at the lender's rate. Omitted: worked out from the fees.
    #[serde(default)]
    pub comparison_rate: Option<f64>,
    /// `week` (default), `fortnight` or `month`.
    #[serde(default)]
    pub frequency: Option<String>,
    /// Send the dealer a pre-approval application with these figures (once).
    #[serde(default)]
    pub apply: Option<bool>,
}

/// The trade-in step as the shopper chose it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TradeInInput {
    /// `offer`, `none` or `skipped`.
    pub choice: String,
    /// With `offer`: the id `POST /api/trade-in/valuation` answered.
    #[serde(default)]
    pub valuation_id: Option<String>,
}

/// The delivery step as the shopper chose it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeliveryInput {
    /// `delivery`, `pickup` or `skipped`.
    pub choice: String,
    /// With `delivery`: the 4-digit postcode.
    #[serde(default)]
    pub postcode: Option<String>,
    /// With `pickup`: the location's slug.
    #[serde(default)]
    pub location: Option<String>,
    /// With `pickup`: the location's local date, YYYY-MM-DD.
    #[serde(default)]
    pub date: Option<String>,
    /// With `pickup`: one of the offered start times, HH:MM.
    #[serde(default)]
    pub time: Option<String>,
}

/// Body of `POST /api/journeys/{car_id}/steps`: the token and the steps to change (a
/// step left out keeps its choice).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StepsRequest {
    /// The journey token (omit it when signed in with the reservation's phone).
    #[serde(default)]
    pub token: Option<String>,
    /// The finance step.
    #[serde(default)]
    pub finance: Option<FinanceInput>,
    /// The trade-in step.
    #[serde(default)]
    pub trade_in: Option<TradeInInput>,
    /// The delivery step.
    #[serde(default)]
    pub delivery: Option<DeliveryInput>,
}

/// Where the reservation stands.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct HoldView {
    /// The reservation's state.
    pub status: PaymentStatus,
    /// The state as the shopper reads it.
    pub label: String,
    /// Whether a live hold keeps the car for this reservation (an order needs one).
    pub live: bool,
    /// The refundable deposit, AUD.
    pub deposit: u32,
    /// When the hold ends.
    pub expires_at: DateTime<Utc>,
}

/// The estimated repayments of the finance step.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RepaymentView {
    /// One repayment, AUD.
    pub amount: f64,
    /// How often.
    pub frequency: Frequency,
    /// Amount financed, AUD (the balance less the cash deposit).
    pub financed: f64,
    /// Interest rate, percent a year.
    pub rate: f64,
    /// Comparison rate, percent a year ($30,000 over 5 years).
    pub comparison_rate: f64,
    /// Term, years.
    pub term_years: f64,
    /// Final payment, AUD.
    pub balloon: f64,
}

/// The drive-away summary.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SummaryView {
    /// The car's advertised price, AUD; null when the dealer no longer lists a price.
    pub price: Option<f64>,
    /// The attached trade-in offer, AUD (0 without one).
    pub trade_in: f64,
    /// The reservation's deposit, AUD.
    pub deposit: u32,
    /// Whether the deposit comes off the balance: it is held on (or was taken from) the
    /// shopper's card. A deposit to pay at the dealership is part of the balance.
    pub deposit_deducted: bool,
    /// The delivery fee, AUD (0 for pick-up or free delivery).
    pub delivery_fee: f64,
    /// Left to pay: price + delivery − trade-in, less the deposit when it is deducted;
    /// null without a price.
    pub balance: Option<f64>,
    /// Estimated repayments, with finance chosen.
    pub repayment: Option<RepaymentView>,
}

/// The journey as the shopper sees it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct JourneyView {
    /// The reservation it starts from.
    pub reservation_id: String,
    /// The car.
    pub car_id: u64,
    /// The car's name, e.g. "2021 Toyota HiLux".
    pub car_name: Option<String>,
    /// The reservation.
    pub hold: HoldView,
    /// Step 2 (absent until chosen or skipped).
    pub finance: Option<FinanceStep>,
    /// Step 3.
    pub trade_in: Option<TradeInStep>,
    /// Step 4.
    pub delivery: Option<DeliveryStep>,
    /// Step 5.
    pub summary: SummaryView,
    /// The order, once sent.
    pub order: Option<OrderSent>,
}

type Fields = BTreeMap<String, String>;

/// Starts the journey of a new reservation; answers the token its browser keeps. A
/// journey that cannot be stored is logged and the reservation stands without one.
pub async fn open(
    state: &AppState,
    reservation: &ReservationRecord,
    lead: &LeadRecord,
) -> Option<String> {
    let mut secret = [0u8; 32];
    rand::rng().fill(&mut secret);
    let secret: String = secret.iter().map(|b| format!("{b:02x}")).collect();
    let journey = JourneyRecord {
        dealer: reservation.dealer.clone(),
        reservation_id: reservation.id.clone(),
        car_id: reservation.car_id,
        phone: lead.fields.phone.as_ref().map(|p| p.digits().to_owned()),
        token_hash: token_hash(&secret),
        created_at: reservation.created_at,
        updated_at: reservation.created_at,
        finance: None,
        trade_in: None,
        delivery: None,
        order: None,
        version: 0,
    };
    match state
        .store
        .open_journey(&journey, reservation.created_at)
        .await
    {
        Ok(true) => Some(format!("{}.{secret}", reservation.id)),
        Ok(false) => {
            tracing::error!(dealer = %reservation.dealer, reservation_id = %reservation.id, "a journey of this reservation exists already");
            None
        }
        Err(e) => {
            tracing::error!(dealer = %reservation.dealer, reservation_id = %reservation.id, error = %e, "the journey could not be stored");
            None
        }
    }
}

/// Opens the journey of a reserved car: the token's, or the signed-in phone's.
#[utoipa::path(post, path = "/api/journeys/{car_id}", tag = "journey", request_body = JourneyRequest,
    params(("car_id" = u64, Path, description = "The reserved car's id")),
    responses((status = 200, body = JourneyView, description = "The journey: the hold, each step's choice, the drive-away summary and the order once sent"),
        (status = 400, body = ErrorBody, description = "A bad car id or token; `fields` names it"),
        (status = 401, body = ErrorBody, description = "`sign_in_required`: no token and not signed in"),
        (status = 403, body = ErrorBody, description = "The token is not this car's journey's"),
        (status = 404, body = ErrorBody, description = "The signed-in phone has no reservation of this car; or the host names no dealer")))]
pub async fn read(
    State(state): State<AppState>,
    Site(site): Site,
    SessionPhone(session_phone): SessionPhone,
    car_id: Result<Path<String>, PathRejection>,
    ApiJson(body): ApiJson<JourneyRequest>,
) -> Result<Json<JourneyView>, ApiError> {
    let car_id = car_id_param(car_id)?;
    let journey = owned(
        &state,
        &site,
        car_id,
        body.token.as_deref(),
        session_phone.as_deref(),
    )
    .await?;
    let reservation = reservation_of(&state, &journey).await?;
    Ok(Json(view(&state, &journey, &reservation).await?))
}

/// Records the shopper's choice at one or more steps; with `finance.apply`, sends the
/// dealer a pre-approval application (a finance lead, once).
#[utoipa::path(post, path = "/api/journeys/{car_id}/steps", tag = "journey", request_body = StepsRequest,
    params(("car_id" = u64, Path, description = "The reserved car's id")),
    responses((status = 200, body = JourneyView, description = "The journey with the steps changed"),
        (status = 400, body = ErrorBody, description = "A bad field; `fields` names each one (`finance.rate`, `delivery.postcode`, ...)"),
        (status = 401, body = ErrorBody, description = "`sign_in_required`: no token and not signed in"),
        (status = 403, body = ErrorBody, description = "The token is not this car's journey's"),
        (status = 404, body = ErrorBody, description = "The signed-in phone has no reservation of this car"),
        (status = 409, body = ErrorBody, description = "`slot_unavailable`: the pick-up time is no longer offered; `hold_lapsed`: the order was sent, so the steps are final"),
        RateLimited))]
pub async fn steps(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    SessionPhone(session_phone): SessionPhone,
    car_id: Result<Path<String>, PathRejection>,
    ApiJson(body): ApiJson<StepsRequest>,
) -> Result<Json<JourneyView>, ApiError> {
    let car_id = car_id_param(car_id)?;
    let mut journey = owned(
        &state,
        &site,
        car_id,
        body.token.as_deref(),
        session_phone.as_deref(),
    )
    .await?;
    limit(
        &state,
        &site.slug,
        "journey-ip",
        &ip,
        state.policy.events_per_ip,
    )
    .await?;
    if journey.order.is_some() {
        return Err(ApiError::new(ErrorCode::HoldLapsed, ORDER_IS_SENT));
    }
    let now = state.clock.now();
    let mut fields = Fields::new();
    let finance = match &body.finance {
        Some(input) => finance_step(input, journey.finance.as_ref(), &mut fields),
        None => None,
    };
    let trade_in = match &body.trade_in {
        Some(input) => trade_in_step(&state, &site.slug, input, &mut fields, now).await?,
        None => None,
    };
    let delivery = match &body.delivery {
        Some(input) => delivery_step(&state, &site, input, &mut fields, now).await?,
        None => None,
    };
    if !fields.is_empty() {
        return Err(ApiError::validation(fields).with_code(ErrorCode::BadRequest));
    }
    let apply = body.finance.as_ref().and_then(|f| f.apply) == Some(true);
    let reservation = reservation_of(&state, &journey).await?;
    for _ in 0..3 {
        if finance.is_some() {
            journey.finance = finance.clone();
        }
        if trade_in.is_some() {
            journey.trade_in = trade_in.clone();
        }
        if delivery.is_some() {
            journey.delivery = delivery.clone();
        }
        journey.updated_at = now;
        let wants_application = apply
            && journey.finance.as_ref().is_some_and(|step| {
                step.choice == FinanceChoice::Finance && step.application_lead_id.is_none()
            });
        let application = if wants_application {
            let lead = application_lead(&state, &journey, &reservation, now).await?;
            lead_limits(&state, &site, &ip, &lead).await?;
            if let Some(step) = &mut journey.finance {
                step.application_lead_id = Some(lead.id.clone());
                step.applied_at = Some(now);
            }
            Some(lead)
        } else {
            None
        };
        match state
            .store
            .save_journey(&journey, application.as_ref(), None, now)
            .await?
        {
            JourneySave::Saved(saved) => {
                if let Some(lead) = &application {
                    tracing::info!(dealer = %site.slug, lead_id = %lead.id, reservation_id = %saved.reservation_id, "pre-approval application sent");
                    state.outbox_wake.notify_one();
                }
                return Ok(Json(view(&state, &saved, &reservation).await?));
            }
            JourneySave::Changed | JourneySave::SlotTaken => {
                // Another tab changed the journey: apply this change to what it stored.
                journey = state
                    .store
                    .journey(&site.slug, &journey.reservation_id)
                    .await?
                    .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("journey vanished")))?;
                if journey.order.is_some() {
                    return Err(ApiError::new(ErrorCode::HoldLapsed, ORDER_IS_SENT));
                }
            }
        }
    }
    Err(ApiError::Internal(anyhow::anyhow!(
        "the journey kept changing while it was saved"
    )))
}

/// Sends the order to the dealer: one Online Purchase lead with every step, while the
/// reservation's hold stands. A pick-up slot is booked with it. Sending again answers
/// the order already sent.
#[utoipa::path(post, path = "/api/journeys/{car_id}/order", tag = "journey", request_body = JourneyRequest,
    params(("car_id" = u64, Path, description = "The reserved car's id")),
    responses((status = 201, body = JourneyView, description = "The order was sent to the dealer"),
        (status = 200, body = JourneyView, description = "The order had been sent already"),
        (status = 400, body = ErrorBody, description = "A bad car id or token"),
        (status = 401, body = ErrorBody, description = "`sign_in_required`: no token and not signed in"),
        (status = 403, body = ErrorBody, description = "The token is not this car's journey's"),
        (status = 404, body = ErrorBody, description = "The signed-in phone has no reservation of this car"),
        (status = 409, body = ErrorBody, description = "`hold_lapsed`: no live hold keeps the car for this reservation; `slot_unavailable`: the pick-up time was booked meanwhile"),
        RateLimited))]
pub async fn order(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    SessionPhone(session_phone): SessionPhone,
    car_id: Result<Path<String>, PathRejection>,
    ApiJson(body): ApiJson<JourneyRequest>,
) -> Result<(StatusCode, Json<JourneyView>), ApiError> {
    let car_id = car_id_param(car_id)?;
    let mut journey = owned(
        &state,
        &site,
        car_id,
        body.token.as_deref(),
        session_phone.as_deref(),
    )
    .await?;
    let now = state.clock.now();
    for _ in 0..3 {
        let reservation = reservation_of(&state, &journey).await?;
        if journey.order.is_some() {
            return Ok((
                StatusCode::OK,
                Json(view(&state, &journey, &reservation).await?),
            ));
        }
        if !live(&state, &reservation, now).await? {
            return Err(ApiError::new(ErrorCode::HoldLapsed, NO_LIVE_HOLD));
        }
        let contact = reservation_lead(&state, &reservation).await?;
        let car = stock_facts(&state, &site.slug, car_id);
        let s = summary(
            car.as_ref().map(|c| c.price),
            &site.finance,
            &journey,
            &reservation,
        );
        let lead = order_lead(
            &site,
            &journey,
            &reservation,
            &contact,
            car.as_ref(),
            &s,
            now,
        );
        lead_limits(&state, &site, &ip, &lead).await?;
        let booking: Option<BookingRecord> = match journey
            .delivery
            .as_ref()
            .filter(|d| d.choice == DeliveryChoice::Pickup)
        {
            Some(d) => {
                let choice = AppointmentChoice {
                    location: d.location.clone().unwrap_or_default(),
                    date: d
                        .date
                        .map(|d: NaiveDate| d.format("%Y-%m-%d").to_string())
                        .unwrap_or_default(),
                    time: d
                        .time
                        .map(|t: NaiveTime| t.format("%H:%M").to_string())
                        .unwrap_or_default(),
                };
                Some(appointments::booking(&state, &site, &choice, &lead.id, now).await?)
            }
            None => None,
        };
        let mut sent = journey.clone();
        sent.order = Some(OrderSent {
            lead_id: lead.id.clone(),
            sent_at: now,
        });
        sent.updated_at = now;
        match state
            .store
            .save_journey(&sent, Some(&lead), booking.as_ref(), now)
            .await?
        {
            JourneySave::Saved(saved) => {
                tracing::info!(dealer = %site.slug, lead_id = %lead.id, reservation_id = %saved.reservation_id, "online purchase order sent");
                state.outbox_wake.notify_one();
                return Ok((
                    StatusCode::CREATED,
                    Json(view(&state, &saved, &reservation).await?),
                ));
            }
            outcome @ (JourneySave::SlotTaken | JourneySave::Changed) => {
                journey = state
                    .store
                    .journey(&site.slug, &journey.reservation_id)
                    .await?
                    .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("journey vanished")))?;
                // A second press of the button finds the first one's order.
                if outcome == JourneySave::SlotTaken && journey.order.is_none() {
                    return Err(ApiError::new(ErrorCode::SlotUnavailable, SLOT_UNAVAILABLE));
                }
            }
        }
    }
    Err(ApiError::Internal(anyhow::anyhow!(
        "the journey kept changing while the order was sent"
    )))
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/journeys/{car_id}", post(read))
        .route("/api/journeys/{car_id}/steps", post(steps))
        .route("/api/journeys/{car_id}/order", post(order))
}
