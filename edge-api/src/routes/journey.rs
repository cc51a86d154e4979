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

use std::collections::BTreeMap;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::Json;
use axum::Router;
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use domain::messages::{self, ONLINE_PURCHASE_CATEGORY};
use domain::rules::delivery::{delivery_estimate, delivery_origins};
use domain::rules::finance::{comparison_rate, repayment, PaymentFrequency, RepaymentInput};
use domain::rules::postcode::{delivery_postcode, DeliveryError};
use domain::view::form::FormKind;
use rand::Rng;
use serde::de::IntoDeserializer;
use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};
use utoipa::ToSchema;

use crate::error::answers::RateLimited;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{car_id_param, ApiJson, ClientIp};
use crate::lead::{new_lead_id, AppointmentChoice, LeadFields, PaymentStatus, Scalar};
use crate::rate::{limit, limit_platform};
use crate::routes::appointments;
use crate::routes::leads::SessionPhone;
use crate::routes::trade_in::VALUATION_EVENT;
use crate::stock_car::{stock_facts, StockFacts};
use crate::store::{
    BookingRecord, DeliveryChoice, DeliveryStep, FinanceChoice, FinanceStep, Frequency,
    JourneyRecord, JourneySave, LeadRecord, OrderSent, ReservationRecord, TradeInChoice,
    TradeInStep,
};
use crate::tenancy::{Site, Tenant};
use crate::AppState;

/// Shown without a token and without a sign-in.
pub const SIGN_IN_TO_CONTINUE: &str =
    "Please sign in with the phone number you reserved this car with to continue buying it online.";
/// Shown when the token or the signed-in phone is not the reservation's.
pub const NOT_YOUR_JOURNEY: &str = "This purchase belongs to another shopper. Please sign in with the phone number you reserved the car with.";
/// Shown when the signed-in phone has no reservation of the car.
pub const NO_JOURNEY: &str = "We could not find a reservation of this car under your phone number. Please reserve the car first.";
/// Shown when an order is sent without a live hold.
pub const NO_LIVE_HOLD: &str = "Your hold on this car has ended, so the order cannot be sent. Please reserve the car again to continue.";
/// Shown for a token that is not one the API gives.
pub const BAD_TOKEN: &str = "This purchase link is not valid. Please open the page again from the browser you reserved in, or sign in.";
/// Shown for a bad finance choice.
pub const CHOOSE_FINANCE: &str = "Please choose finance, paying cash, or skip this step for now.";
/// Shown for a bad trade-in choice.
pub const CHOOSE_TRADE_IN: &str =
    "Please attach your trade-in offer, choose no trade-in, or skip this step for now.";
/// Shown for a bad delivery choice.
pub const CHOOSE_DELIVERY: &str =
    "Please choose delivery, pick-up at the dealership, or skip this step for now.";
/// Shown for a valuation the dealer has no record of.
pub const VALUATION_NOT_FOUND: &str =
    "We could not find that trade-in offer (offers last 14 days). Please value your car again.";
/// Shown for a pick-up without a location.
pub const CHOOSE_PICKUP_LOCATION: &str = "Please choose where to pick the car up.";
/// Shown for a postcode beyond every delivery zone.
pub const NO_DELIVERY: &str = "We cannot deliver to this postcode. Please choose pick-up at the dealership instead, or call us.";
/// Shown when the postcode table is missing.
pub const DELIVERY_UNAVAILABLE: &str =
    "Delivery prices are not available right now. Please try again later or choose pick-up.";

/// How long a trade-in offer can be attached after the car was valued.
pub const OFFER_DAYS: i64 = 14;

/// The widest interest-rate range any calculator of the platform offers (percent a year).
const RATE_MIN: f64 = domain::rules::finance::DEFAULT_INTEREST_MIN;
const RATE_MAX: f64 = domain::rules::finance::BRAND_INTEREST_MAX;
/// Amounts the calculator takes (deposit, balloon), AUD.
const AMOUNT_MAX: f64 = domain::rules::finance::PURCHASE_PRICE_MAX;

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

fn token_hash(secret: &str) -> String {
    blake3::hash(secret.as_bytes()).to_hex().to_string()
}

fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// The journey of `car_id` the request may open: the token's, else the signed-in
/// phone's latest.
async fn owned(
    state: &AppState,
    site: &Tenant,
    car_id: u64,
    token: Option<&str>,
    session_phone: Option<&str>,
) -> Result<JourneyRecord, ApiError> {
    let token = token.map(str::trim).filter(|t| !t.is_empty());
    if let Some(token) = token {
        let (reservation_id, secret) = token
            .split_once('.')
            .filter(|(id, secret)| {
                !id.is_empty()
                    && id.len() <= 64
                    && id.bytes().all(|b| b.is_ascii_alphanumeric())
                    && secret.len() == 64
                    && secret.bytes().all(|b| b.is_ascii_hexdigit())
            })
            .ok_or_else(|| ApiError::bad_field("token", BAD_TOKEN))?;
        let journey = state.store.journey(&site.slug, reservation_id).await?;
        // Equal hashes of a 256-bit secret: comparing them leaks nothing usable.
        match journey {
            Some(j) if j.token_hash == token_hash(secret) && j.car_id == car_id => return Ok(j),
            _ if session_phone.is_none() => {
                return Err(ApiError::new(ErrorCode::Forbidden, NOT_YOUR_JOURNEY))
            }
            // A stale token of this browser: the signed-in phone decides.
            _ => {}
        }
    }
    let Some(phone) = session_phone else {
        return Err(ApiError::new(
            ErrorCode::SignInRequired,
            SIGN_IN_TO_CONTINUE,
        ));
    };
    let phone = digits(phone);
    let ids = state
        .store
        .journeys_of_phone(&site.slug, &phone, car_id)
        .await?;
    for id in ids.iter().rev() {
        if let Some(journey) = state.store.journey(&site.slug, id).await? {
            if journey.phone.as_deref().map(digits).as_deref() == Some(phone.as_str()) {
                return Ok(journey);
            }
        }
    }
    Err(ApiError::new(ErrorCode::NotFound, NO_JOURNEY))
}

async fn reservation_of(
    state: &AppState,
    journey: &JourneyRecord,
) -> Result<ReservationRecord, ApiError> {
    state
        .store
        .reservation(&journey.dealer, &journey.reservation_id)
        .await?
        .ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "journey {} has no reservation",
                journey.reservation_id
            ))
        })
}

/// Whether the reservation's hold still keeps the car (a deposit held on the card, or
/// to be paid at the dealership).
async fn live(
    state: &AppState,
    reservation: &ReservationRecord,
    now: DateTime<Utc>,
) -> Result<bool, ApiError> {
    if !matches!(
        reservation.status,
        PaymentStatus::Held | PaymentStatus::AwaitingPayment
    ) {
        return Ok(false);
    }
    Ok(state
        .store
        .hold(&reservation.dealer, reservation.car_id, now)
        .await?
        .is_some_and(|h| h.reservation_id == reservation.id))
}

fn domain_frequency(f: Frequency) -> PaymentFrequency {
    match f {
        Frequency::Week => PaymentFrequency::Week,
        Frequency::Fortnight => PaymentFrequency::Fortnight,
        Frequency::Month => PaymentFrequency::Month,
    }
}

fn summary(
    price: Option<f64>,
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
) -> SummaryView {
    let trade_in = journey
        .trade_in
        .as_ref()
        .filter(|t| t.choice == TradeInChoice::Offer)
        .and_then(|t| t.offer_price)
        .unwrap_or(0.0);
    let delivery_fee = journey
        .delivery
        .as_ref()
        .filter(|d| d.choice == DeliveryChoice::Delivery)
        .and_then(|d| d.fee)
        .unwrap_or(0.0);
    // Only money the shopper has already put up comes off: a deposit still to pay at the
    // dealership is paid out of the balance, so taking it off too would show them a
    // balance $200 short of what they will hand over.
    let deposit_deducted = matches!(
        reservation.status,
        PaymentStatus::Held | PaymentStatus::Captured
    );
    let deducted = if deposit_deducted {
        f64::from(reservation.deposit)
    } else {
        0.0
    };
    let balance = price.map(|p| {
        let left = p + delivery_fee - trade_in - deducted;
        (left.max(0.0) * 100.0).round() / 100.0
    });
    let repayment = match (&journey.finance, balance) {
        (Some(f), Some(balance)) if f.choice == FinanceChoice::Finance => {
            let (rate, term_years) = (f.rate.unwrap_or(RATE_MIN), f.term_years.unwrap_or(1.0));
            let frequency = f.frequency.unwrap_or(Frequency::Week);
            let deposit = f.deposit.unwrap_or(0.0);
            let balloon = f.balloon.unwrap_or(0.0);
            Some(RepaymentView {
                amount: repayment(&RepaymentInput {
                    amount: balance,
                    deposit,
                    trade_in: 0.0,
                    establishment_fees: 0.0,
                    balloon,
                    rate,
                    term_years,
                    frequency: domain_frequency(frequency),
                    round_up: false,
                }),
                frequency,
                financed: (balance - deposit).max(0.0),
                rate,
                comparison_rate: comparison_rate(rate, 0.0, 0.0),
                term_years,
                balloon,
            })
        }
        _ => None,
    };
    SummaryView {
        price,
        trade_in,
        deposit: reservation.deposit,
        deposit_deducted,
        delivery_fee,
        balance,
        repayment,
    }
}

async fn view(
    state: &AppState,
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
) -> Result<JourneyView, ApiError> {
    let now = state.clock.now();
    let car = stock_facts(state, &journey.dealer, journey.car_id);
    Ok(JourneyView {
        reservation_id: journey.reservation_id.clone(),
        car_id: journey.car_id,
        car_name: car.as_ref().map(|c| c.name.clone()),
        hold: HoldView {
            status: reservation.status,
            label: reservation.status.label().to_owned(),
            live: live(state, reservation, now).await?,
            deposit: reservation.deposit,
            expires_at: reservation.expires_at,
        },
        finance: journey.finance.clone(),
        trade_in: journey.trade_in.clone(),
        delivery: journey.delivery.clone(),
        summary: summary(car.map(|c| c.price), journey, reservation),
        order: journey.order.clone(),
    })
}

/// A number in a range, on a step (None: any).
fn in_range(
    fields: &mut Fields,
    name: &str,
    value: Option<f64>,
    (min, max, step): (f64, f64, Option<f64>),
    message: String,
) -> Option<f64> {
    let v = value?;
    let on_step = step.is_none_or(|s| ((v / s) - (v / s).round()).abs() < 1e-9);
    if !(v.is_finite() && v >= min && v <= max && on_step) {
        fields.insert(name.to_owned(), message);
        return None;
    }
    Some(v)
}

/// A step's choice as sent: one of its enum's words (`skipped`, `cash`, `offer`, …, as
/// they are stored), else `message` under the field `name`.
fn step_choice<C: serde::de::DeserializeOwned>(
    raw: &str,
    name: &str,
    message: &str,
    fields: &mut Fields,
) -> Option<C> {
    let word: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
        raw.trim().into_deserializer();
    let choice = C::deserialize(word).ok();
    if choice.is_none() {
        fields.insert(name.to_owned(), message.to_owned());
    }
    choice
}

fn finance_step(
    input: &FinanceInput,
    before: Option<&FinanceStep>,
    fields: &mut Fields,
) -> Option<FinanceStep> {
    let choice: FinanceChoice =
        step_choice(&input.choice, "finance.choice", CHOOSE_FINANCE, fields)?;
    // An application once sent stays on record, whatever the shopper chooses later.
    let (application_lead_id, applied_at) = before
        .map(|b| (b.application_lead_id.clone(), b.applied_at))
        .unwrap_or_default();
    if choice != FinanceChoice::Finance {
        return Some(FinanceStep {
            choice,
            deposit: None,
            term_years: None,
            rate: None,
            balloon: None,
            frequency: None,
            application_lead_id,
            applied_at,
        });
    }
    let money = |what: &str| format!("Please enter {what} between $0 and $250,000.");
    let deposit = in_range(
        fields,
        "finance.deposit",
        Some(input.deposit.unwrap_or(0.0)),
        (0.0, AMOUNT_MAX, None),
        money("a deposit"),
    );
    let balloon = in_range(
        fields,
        "finance.balloon",
        Some(input.balloon.unwrap_or(0.0)),
        (0.0, AMOUNT_MAX, None),
        money("a final payment"),
    );
    let term_years = match input.term_years {
        None => {
            fields.insert(
                "finance.term_years".into(),
                "Please choose a loan term.".into(),
            );
            None
        }
        some => in_range(
            fields,
            "finance.term_years",
            some,
            (1.0, 7.0, Some(0.5)),
            "Please choose a loan term of 1 to 7 years, in half years.".into(),
        ),
    };
    let rate = match input.rate {
        None => {
            fields.insert(
                "finance.rate".into(),
                "Please enter an interest rate.".into(),
            );
            None
        }
        some => in_range(
            fields,
            "finance.rate",
            some,
            (RATE_MIN, RATE_MAX, None),
            format!("Please enter an interest rate between {RATE_MIN}% and {RATE_MAX}% a year."),
        ),
    };
    let frequency = match input.frequency.as_deref().map(str::trim) {
        None | Some("") | Some("week") => Some(Frequency::Week),
        Some("fortnight") => Some(Frequency::Fortnight),
        Some("month") => Some(Frequency::Month),
        Some(_) => {
            fields.insert(
                "finance.frequency".into(),
                "Please choose weekly, fortnightly or monthly repayments.".into(),
            );
            None
        }
    };
    Some(FinanceStep {
        choice,
        deposit,
        term_years,
        rate,
        balloon,
        frequency,
        application_lead_id,
        applied_at,
    })
}

/// The offer recorded under a valuation id in the last [`OFFER_DAYS`] days.
async fn valuation(
    state: &AppState,
    dealer: &str,
    id: &str,
    now: DateTime<Utc>,
) -> Result<Option<Value>, ApiError> {
    let today = now.date_naive();
    for back in 0..OFFER_DAYS {
        let date = today - Duration::days(back);
        let events = state.store.events(dealer, VALUATION_EVENT, date).await?;
        if let Some(found) = events.into_iter().find(|e| e["id"].as_str() == Some(id)) {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

async fn trade_in_step(
    state: &AppState,
    dealer: &str,
    input: &TradeInInput,
    fields: &mut Fields,
    now: DateTime<Utc>,
) -> Result<Option<TradeInStep>, ApiError> {
    let Some(choice) = step_choice(&input.choice, "trade_in.choice", CHOOSE_TRADE_IN, fields)
    else {
        return Ok(None);
    };
    let mut step = TradeInStep {
        choice,
        valuation_id: None,
        offer_price: None,
        vehicle: None,
        kms: None,
        rego: None,
        valued_at: None,
    };
    if choice != TradeInChoice::Offer {
        return Ok(Some(step));
    }
    let id = input.valuation_id.as_deref().map(str::trim).filter(|id| {
        !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    let Some(id) = id else {
        fields.insert(
            "trade_in.valuation_id".into(),
            "Please value your car first, then attach the offer.".into(),
        );
        return Ok(None);
    };
    let Some(found) = valuation(state, dealer, id, now).await? else {
        fields.insert("trade_in.valuation_id".into(), VALUATION_NOT_FOUND.into());
        return Ok(None);
    };
    let text = |v: &Value| {
        v.as_str()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    };
    let vehicle = &found["vehicle"];
    let name: Vec<String> = [
        vehicle["year"].as_u64().map(|y| y.to_string()),
        text(&vehicle["make"]),
        text(&vehicle["model"]),
        text(&vehicle["badge"]),
    ]
    .into_iter()
    .flatten()
    .collect();
    step.valuation_id = Some(id.to_owned());
    step.offer_price = found["offer_price"]
        .as_f64()
        .filter(|p| p.is_finite() && *p > 0.0);
    step.vehicle = (!name.is_empty()).then(|| name.join(" "));
    step.kms = found["kms"].as_u64().and_then(|k| u32::try_from(k).ok());
    step.rego = text(&found["rego"]);
    step.valued_at = serde_json::from_value(found["at"].clone()).ok();
    if step.offer_price.is_none() {
        fields.insert("trade_in.valuation_id".into(), VALUATION_NOT_FOUND.into());
        return Ok(None);
    }
    Ok(Some(step))
}

/// The field messages of an error about a pick-up, under `delivery.`.
fn pickup_error(e: ApiError, fields: &mut Fields) -> Result<(), ApiError> {
    match e {
        ApiError::Client {
            code: ErrorCode::BadRequest,
            fields: Some(errors),
            ..
        } => {
            for (name, message) in errors {
                fields.insert(format!("delivery.{name}"), message);
            }
            Ok(())
        }
        other => Err(other),
    }
}

async fn delivery_step(
    state: &AppState,
    site: &Tenant,
    input: &DeliveryInput,
    fields: &mut Fields,
    now: DateTime<Utc>,
) -> Result<Option<DeliveryStep>, ApiError> {
    let Some(choice) = step_choice(&input.choice, "delivery.choice", CHOOSE_DELIVERY, fields)
    else {
        return Ok(None);
    };
    let mut step = DeliveryStep {
        choice,
        postcode: None,
        place: None,
        region: None,
        fee: None,
        location: None,
        location_name: None,
        date: None,
        time: None,
    };
    match choice {
        DeliveryChoice::Skipped => {}
        DeliveryChoice::Delivery => {
            let raw = input.postcode.clone().unwrap_or_default();
            let postcode = match delivery_postcode(&raw) {
                Ok(p) => p,
                Err(e) => {
                    fields.insert("delivery.postcode".into(), e.to_string());
                    return Ok(None);
                }
            };
            if state.postcodes.is_empty() {
                return Err(ApiError::new(ErrorCode::Unavailable, DELIVERY_UNAVAILABLE));
            }
            let estimate = delivery_origins(&site.delivery_origins, None)
                .ok()
                .and_then(|origins| {
                    let place = state.postcodes.get(&postcode)?;
                    delivery_estimate(&site.delivery_zones, origins, place)
                });
            let Some(estimate) = estimate else {
                let message = if state.postcodes.get(&postcode).is_none() {
                    DeliveryError::NoEstimate.to_string()
                } else {
                    NO_DELIVERY.to_owned()
                };
                fields.insert("delivery.postcode".into(), message);
                return Ok(None);
            };
            step.place = Some(format!("{} {}", estimate.locality, estimate.state));
            step.region = Some(estimate.region);
            step.fee = Some(estimate.price);
            step.postcode = Some(estimate.postcode);
        }
        DeliveryChoice::Pickup => {
            let Some(location) = input
                .location
                .as_deref()
                .map(str::trim)
                .filter(|l| !l.is_empty())
            else {
                fields.insert("delivery.location".into(), CHOOSE_PICKUP_LOCATION.into());
                return Ok(None);
            };
            let choice = AppointmentChoice {
                location: location.to_owned(),
                date: input.date.clone().unwrap_or_default(),
                time: input.time.clone().unwrap_or_default(),
            };
            let booking = match appointments::booking(state, site, &choice, "", now).await {
                Ok(b) => b,
                Err(e) => {
                    pickup_error(e, fields)?;
                    return Ok(None);
                }
            };
            step.location_name = site
                .locations
                .iter()
                .find(|l| l.slug == booking.location)
                .map(|l| l.name.clone());
            step.location = Some(booking.location);
            step.date = Some(booking.date);
            step.time = Some(booking.time);
        }
    }
    Ok(Some(step))
}

/// "$12,345" or "$12,345.50".
fn money(amount: f64) -> String {
    let cents = (amount * 100.0).round() as i64;
    let (whole, part) = (cents.abs() / 100, cents.abs() % 100);
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let sign = if cents < 0 { "-" } else { "" };
    if part == 0 {
        format!("{sign}${grouped}")
    } else {
        format!("{sign}${grouped}.{part:02}")
    }
}

fn number(value: f64) -> Scalar {
    Number::from_f64(value)
        .map(Scalar::Number)
        .unwrap_or_else(|| Scalar::Text(value.to_string()))
}

fn finance_line(step: Option<&FinanceStep>, s: &SummaryView) -> String {
    match step.map(|f| f.choice) {
        Some(FinanceChoice::Cash) => "Paying cash".to_owned(),
        Some(FinanceChoice::Finance) => {
            let mut line = match &s.repayment {
                Some(r) => format!(
                    "Finance: {} financed over {} years at {}% p.a. (comparison rate {:.2}% p.a.), final payment {}, estimated {} per {}",
                    money(r.financed),
                    r.term_years,
                    r.rate,
                    r.comparison_rate,
                    money(r.balloon),
                    money(r.amount),
                    r.frequency.noun()
                ),
                None => "Finance (no price to work repayments out from)".to_owned(),
            };
            if let Some(f) = step {
                if let Some(d) = f.deposit.filter(|d| *d > 0.0) {
                    line.push_str(&format!(", cash deposit {}", money(d)));
                }
                match &f.application_lead_id {
                    Some(id) => {
                        line.push_str(&format!("; pre-approval application sent (lead {id})"))
                    }
                    None => line.push_str("; no pre-approval application"),
                }
            }
            line
        }
        Some(FinanceChoice::Skipped) => "Skipped: to talk about with the dealer".to_owned(),
        None => "Not chosen".to_owned(),
    }
}

fn trade_in_line(step: Option<&TradeInStep>) -> String {
    match step {
        Some(t) if t.choice == TradeInChoice::Offer => {
            let mut line = format!(
                "Online offer {} for {}",
                t.offer_price.map(money).unwrap_or_default(),
                t.vehicle.as_deref().unwrap_or("the shopper's car")
            );
            if let Some(kms) = t.kms {
                line.push_str(&format!(", {kms} km"));
            }
            if let Some(rego) = &t.rego {
                line.push_str(&format!(", rego {rego}"));
            }
            if let Some(id) = &t.valuation_id {
                line.push_str(&format!(" (valuation {id})"));
            }
            line
        }
        Some(t) if t.choice == TradeInChoice::None => "No trade-in".to_owned(),
        Some(_) => "Skipped: to talk about with the dealer".to_owned(),
        None => "Not chosen".to_owned(),
    }
}

fn delivery_line(step: Option<&DeliveryStep>) -> String {
    match step {
        Some(d) if d.choice == DeliveryChoice::Delivery => format!(
            "Delivery to {} {} ({}), fee {}",
            d.postcode.as_deref().unwrap_or_default(),
            d.place.as_deref().unwrap_or_default(),
            d.region.as_deref().unwrap_or_default(),
            d.fee.map(money).unwrap_or_default()
        ),
        Some(d) if d.choice == DeliveryChoice::Pickup => format!(
            "Pick-up at {} on {} at {}",
            d.location_name
                .as_deref()
                .or(d.location.as_deref())
                .unwrap_or_default(),
            d.date
                .map(|d| d.format("%A %-d %B %Y").to_string())
                .unwrap_or_default(),
            d.time
                .map(|t| t.format("%H:%M").to_string())
                .unwrap_or_default()
        ),
        Some(_) => "Skipped: to talk about with the dealer".to_owned(),
        None => "Not chosen".to_owned(),
    }
}

/// The order as the dealer reads it: one line a step, then the drive-away figures.
fn order_detail(
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
    s: &SummaryView,
) -> String {
    let mut lines = vec![
        format!(
            "1. Reservation {}: {}; {} deposit; hold ends {}",
            reservation.id,
            reservation.status.label(),
            money(f64::from(reservation.deposit)),
            reservation.expires_at.to_rfc3339()
        ),
        format!("2. Finance: {}", finance_line(journey.finance.as_ref(), s)),
        format!("3. Trade-in: {}", trade_in_line(journey.trade_in.as_ref())),
        format!(
            "4. Delivery or pick-up: {}",
            delivery_line(journey.delivery.as_ref())
        ),
    ];
    let mut review = vec![match s.price {
        Some(p) => format!("price {}", money(p)),
        None => "price to be confirmed".to_owned(),
    }];
    if s.trade_in > 0.0 {
        review.push(format!("less trade-in {}", money(s.trade_in)));
    }
    if s.deposit_deducted {
        review.push(format!("less deposit {}", money(f64::from(s.deposit))));
    } else if reservation.status == PaymentStatus::AwaitingPayment {
        review.push(format!(
            "deposit {} to pay at the dealership (part of the balance)",
            money(f64::from(s.deposit))
        ));
    }
    if s.delivery_fee > 0.0 {
        review.push(format!("plus delivery {}", money(s.delivery_fee)));
    }
    if let Some(balance) = s.balance {
        review.push(format!("balance {}", money(balance)));
    }
    if let Some(r) = &s.repayment {
        review.push(format!(
            "estimated repayments {} per {}",
            money(r.amount),
            r.frequency.noun()
        ));
    }
    lines.push(format!("5. Drive-away: {}", review.join(", ")));
    lines.join("\n")
}

/// The contact details of the reservation's lead, for the leads the journey sends.
fn contact_fields(lead: &LeadRecord) -> LeadFields {
    let f = &lead.fields;
    LeadFields {
        name: f.name.clone(),
        last_name: f.last_name.clone(),
        email: f.email.clone(),
        phone: f.phone.clone(),
        postcode: f.postcode.clone(),
        phone_verified: f.phone_verified,
        user_agent: f.user_agent.clone(),
        source: Some(messages::LEAD_SOURCE_WEBSITE.to_owned()),
        ..LeadFields::default()
    }
}

/// Names the car in a lead of the journey: its id always, the rest from the stock.
fn car_fields(fields: &mut LeadFields, car_id: u64, car: Option<&StockFacts>) {
    match car {
        Some(car) => car.fill(car_id, fields),
        None => fields.car_id = Some(Scalar::Number(Number::from(car_id))),
    }
}

async fn reservation_lead(
    state: &AppState,
    reservation: &ReservationRecord,
) -> Result<LeadRecord, ApiError> {
    state
        .store
        .lead(&reservation.dealer, &reservation.lead_id)
        .await?
        .ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "reservation {} has no lead",
                reservation.id
            ))
        })
}

/// Counts a lead the journey sends against the lead limits, as a form's would.
async fn lead_limits(
    state: &AppState,
    site: &Tenant,
    ip: &str,
    lead: &LeadRecord,
) -> Result<(), ApiError> {
    limit_platform(state, &site.slug, "leads-ip", ip, state.policy.leads_per_ip).await?;
    if let Some(phone) = &lead.fields.phone {
        limit(
            state,
            &site.slug,
            "leads-phone",
            phone.digits(),
            state.policy.leads_per_phone,
        )
        .await?;
    }
    Ok(())
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

/// Shown when a step is changed after the order was sent.
pub const ORDER_IS_SENT: &str = "Your order has been sent to the dealer, so these steps can no longer be changed here. Please call the dealership to change anything.";

/// The pre-approval application: a finance lead with the calculator's figures for the car.
async fn application_lead(
    state: &AppState,
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
    now: DateTime<Utc>,
) -> Result<LeadRecord, ApiError> {
    let contact = reservation_lead(state, reservation).await?;
    let car = stock_facts(state, &journey.dealer, journey.car_id);
    let s = summary(car.as_ref().map(|c| c.price), journey, reservation);
    let (category, subcategory) = FormKind::FinanceEnquiry.category();
    let mut fields = LeadFields {
        category: Some(category.to_owned()),
        subcategory: subcategory.map(str::to_owned),
        finance: Some(messages::YES.to_owned()),
        vehicle_type: Some(messages::FINANCE_VEHICLE_TYPE_CAR.to_owned()),
        message: Some(format!(
            "Pre-approval application from the buy-online journey (reservation {}). {}.",
            reservation.id,
            finance_line(journey.finance.as_ref(), &s)
        )),
        ..contact_fields(&contact)
    };
    car_fields(&mut fields, journey.car_id, car.as_ref());
    Ok(LeadRecord {
        id: new_lead_id(),
        dealer: journey.dealer.clone(),
        created_at: now,
        updated_at: now,
        steps: 1,
        fields,
    })
}

/// The Online Purchase lead: the car, the reservation (so the dealer's deposit links
/// come with it) and every step, as fields the dealer's email and ADF show.
fn order_lead(
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
    contact: &LeadRecord,
    car: Option<&StockFacts>,
    s: &SummaryView,
    now: DateTime<Utc>,
) -> LeadRecord {
    let mut fields = LeadFields {
        category: Some(ONLINE_PURCHASE_CATEGORY.to_owned()),
        reservation_id: Some(reservation.id.clone()),
        reservation_status: Some(reservation.status),
        deposit: Some(reservation.deposit),
        hold_expires_at: Some(reservation.expires_at),
        order_detail: Some(order_detail(journey, reservation, s)),
        form_completed: Some(true),
        lead_status: Some(messages::LEAD_STATUS_COMPLETE.to_owned()),
        ..contact_fields(contact)
    };
    car_fields(&mut fields, journey.car_id, car);
    match journey.finance.as_ref().map(|f| f.choice) {
        Some(FinanceChoice::Finance) => fields.finance = Some(messages::YES.to_owned()),
        Some(FinanceChoice::Cash) => fields.finance = Some(messages::NO.to_owned()),
        _ => {}
    }
    match &journey.trade_in {
        Some(t) if t.choice == TradeInChoice::Offer => {
            fields.has_trade_in = Some(messages::YES.to_owned());
            fields.offer_price = t.offer_price.map(number);
            fields.id = t.valuation_id.clone().map(Scalar::Text);
            fields.kms = t.kms.map(|k| Scalar::Number(Number::from(k)));
            fields.rego = t.rego.clone();
        }
        Some(t) if t.choice == TradeInChoice::None => {
            fields.has_trade_in = Some(messages::NO.to_owned());
        }
        _ => {}
    }
    if let Some(d) = journey
        .delivery
        .as_ref()
        .filter(|d| d.choice == DeliveryChoice::Pickup)
    {
        fields.location = d.location.clone();
    }
    LeadRecord {
        id: new_lead_id(),
        dealer: journey.dealer.clone(),
        created_at: now,
        updated_at: now,
        steps: 1,
        fields,
    }
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
        let s = summary(car.as_ref().map(|c| c.price), &journey, &reservation);
        let lead = order_lead(&journey, &reservation, &contact, car.as_ref(), &s, now);
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
                    return Err(ApiError::new(
                        ErrorCode::SlotUnavailable,
                        appointments::SLOT_UNAVAILABLE,
                    ));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_deposit_on_the_card_comes_off_the_balance() {
        let at = DateTime::<Utc>::UNIX_EPOCH;
        let journey = JourneyRecord {
            dealer: "alpha".into(),
            reservation_id: "R1".into(),
            car_id: 1,
            phone: None,
            token_hash: String::new(),
            created_at: at,
            updated_at: at,
            finance: None,
            trade_in: None,
            delivery: None,
            order: None,
            version: 0,
        };
        let reservation = |status| ReservationRecord {
            id: "R1".into(),
            dealer: "alpha".into(),
            car_id: 1,
            lead_id: "L1".into(),
            status,
            deposit: 200,
            hold_hours: 48,
            created_at: at,
            expires_at: at,
            card: status == PaymentStatus::Held,
            payment_intent: None,
            history: Vec::new(),
        };
        for (status, deducted, balance) in [
            (PaymentStatus::Held, true, 45_790.0),
            (PaymentStatus::Captured, true, 45_790.0),
            (PaymentStatus::AwaitingPayment, false, 45_990.0),
            (PaymentStatus::Expired, false, 45_990.0),
        ] {
            let s = summary(Some(45_990.0), &journey, &reservation(status));
            assert_eq!(
                (s.deposit_deducted, s.balance),
                (deducted, Some(balance)),
                "{status:?}"
            );
            let detail = order_detail(&journey, &reservation(status), &s);
            assert_eq!(detail.contains("less deposit $200"), deducted, "{detail}");
            assert_eq!(
                detail.contains("deposit $200 to pay at the dealership (part of the balance)"),
                status == PaymentStatus::AwaitingPayment,
                "{detail}"
            );
        }
    }

    #[test]
    fn a_step_choice_is_one_of_its_stored_words_trimmed() {
        let mut fields = Fields::new();
        let cases = [
            (" cash ", Some(FinanceChoice::Cash)),
            ("finance", Some(FinanceChoice::Finance)),
            ("skipped", Some(FinanceChoice::Skipped)),
            ("Cash", None),
            ("", None),
        ];
        for (raw, want) in cases {
            let got: Option<FinanceChoice> =
                step_choice(raw, "finance.choice", "pick", &mut fields);
            assert_eq!(got, want, "{raw:?}");
        }
        assert_eq!(
            fields.get("finance.choice").map(String::as_str),
            Some("pick")
        );
        let none: Option<TradeInChoice> =
            step_choice("none", "trade_in.choice", "pick", &mut fields);
        assert_eq!(none, Some(TradeInChoice::None));
        let pickup: Option<DeliveryChoice> =
            step_choice("pickup", "delivery.choice", "pick", &mut fields);
        assert_eq!(pickup, Some(DeliveryChoice::Pickup));
        assert!(!fields.contains_key("trade_in.choice") && !fields.contains_key("delivery.choice"));
    }
}
