//! The buy-online journey of one reservation as stored: the shopper's choice at each
//! step after the reservation (finance, trade-in, delivery or pick-up) and the order
//! sent to the dealer. Each step is a choice or skipped; a step never chosen is absent.
//! Figures the shopper cannot be trusted with (the trade-in offer, the delivery fee) are
//! the API's own, stored as it worked them out.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How the shopper pays for the car.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FinanceChoice {
    /// Left for later (or to talk about with the dealer).
    Skipped,
    /// Paying cash.
    Cash,
    /// Financing the car with these figures.
    Finance,
}

/// How often a repayment falls due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Frequency {
    /// 52 a year.
    Week,
    /// 26 a year.
    Fortnight,
    /// 12 a year.
    Month,
}

impl Frequency {
    /// "week", "fortnight", "month" as the shopper reads "per week".
    pub fn noun(self) -> &'static str {
        match self {
            Frequency::Week => "week",
            Frequency::Fortnight => "fortnight",
            Frequency::Month => "month",
        }
    }
}

/// The finance step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FinanceStep {
    /// The choice.
    pub choice: FinanceChoice,
    /// Cash deposit put towards the loan, AUD (finance only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deposit: Option<f64>,
    /// Loan term in years (finance only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term_years: Option<f64>,
    /// Interest rate, percent per annum (finance only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<f64>,
    /// Final (balloon) payment, AUD (finance only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub balloon: Option<f64>,
    /// Establishment fee financed with the loan, AUD: the car page's (finance only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub establishment_fee: Option<f64>,
    /// The comparison rate the page quoted, percent per annum (finance only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comparison_rate: Option<f64>,
    /// Repayment frequency (finance only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frequency: Option<Frequency>,
    /// The pre-approval application's lead, once sent to the dealer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_lead_id: Option<String>,
    /// When the application was sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applied_at: Option<DateTime<Utc>>,
}

/// What the shopper does with their own car.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TradeInChoice {
    /// Left for later.
    Skipped,
    /// No trade-in.
    None,
    /// The online offer for their car is attached.
    Offer,
}

/// The trade-in step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TradeInStep {
    /// The choice.
    pub choice: TradeInChoice,
    /// The valuation's id (offer only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valuation_id: Option<String>,
    /// The offer, AUD, as the valuation recorded it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer_price: Option<f64>,
    /// The shopper's car, e.g. "2019 Mazda CX-5 Maxx".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vehicle: Option<String>,
    /// Its odometer, km.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kms: Option<u32>,
    /// Its registration, when looked up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rego: Option<String>,
    /// When the car was valued.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valued_at: Option<DateTime<Utc>>,
}

/// How the shopper takes the car.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryChoice {
    /// Left for later.
    Skipped,
    /// Delivered to a postcode.
    Delivery,
    /// Picked up at the dealer's yard in an appointment slot.
    Pickup,
}

/// The delivery step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct DeliveryStep {
    /// The choice.
    pub choice: DeliveryChoice,
    /// Delivery: the postcode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postcode: Option<String>,
    /// Delivery: the postcode's place, e.g. "Brisbane QLD".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// Delivery: the dealer's zone for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// Delivery: the fee, AUD (0 is free).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fee: Option<f64>,
    /// Pick-up: the location's slug.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// Pick-up: the location's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location_name: Option<String>,
    /// Pick-up: the location's local date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = Date)]
    pub date: Option<NaiveDate>,
    /// Pick-up: the slot's local start time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, example = "10:30")]
    pub time: Option<NaiveTime>,
}

/// The order sent to the dealer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct OrderSent {
    /// The Online Purchase lead.
    pub lead_id: String,
    /// When it was sent.
    pub sent_at: DateTime<Utc>,
}

/// One reservation's buy-online journey.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JourneyRecord {
    /// Dealer slug.
    pub dealer: String,
    /// The reservation the journey starts from (its id is the journey's).
    pub reservation_id: String,
    /// The reserved car.
    pub car_id: u64,
    /// The reservation's phone, national digits: signed in with it, the shopper opens
    /// the journey on any device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// Hash of the secret the reservation's answer gave the shopper's browser.
    pub token_hash: String,
    /// When the journey began (with the reservation).
    pub created_at: DateTime<Utc>,
    /// Its latest change.
    pub updated_at: DateTime<Utc>,
    /// The finance step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finance: Option<FinanceStep>,
    /// The trade-in step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trade_in: Option<TradeInStep>,
    /// The delivery step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivery: Option<DeliveryStep>,
    /// The order, once sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<OrderSent>,
    /// Store version (not serialised into the record).
    #[serde(skip)]
    pub version: u64,
}

/// What [`crate::store::Store::save_journey`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum JourneySave {
    /// Saved (with its lead and booking, if any); the journey as stored now.
    Saved(Box<JourneyRecord>),
    /// Someone changed the journey since it was read; nothing was written.
    Changed,
    /// The pick-up slot was booked by another lead; nothing was written.
    SlotTaken,
}
