//! Trade-in valuation (seed 001 s5/s9 "online estimates are not generated for cars over
//! 7 years or 100,000 km"; s7 "Trade-in estimate provider"): one [`TradeInValuer`]
//! chosen at start-up. [`LocalValuer`] offers from the market file the build writes
//! ([`domain::rules::trade_in`]); no registry is reachable here, so the shopper picks
//! year, make and model. [`HttpValuer`] asks the provider at `FORECOURT_VALUATION_URL`
//! for dealers with `features.trade_in_provider_key` (`POST {url}/lookup` with
//! `{rego, state}` answering the vehicle, 404 for an unknown rego; `POST {url}/valuation`
//! with `{vehicle, kms, adjustmentAnswers}` answering `{offer_price, range_min?,
//! range_max?, id?}`, 404 when it has no estimate), with the key as a bearer token and a
//! 3-second limit, and values every other dealer's cars locally. Not being able to
//! estimate (too old, too far driven, too few comparables) is an ordinary answer; a
//! failing provider is 502.

pub mod api;
pub mod catalogue;
pub mod check;
mod http;
mod local;

use async_trait::async_trait;
use chrono::NaiveDate;
use domain::rules::market::Market;
use domain::rules::trade_in::{Answered, NoOffer, TradeInCar};

pub use self::http::HttpValuer;
pub use self::local::LocalValuer;
use crate::error::ApiError;
use crate::tenancy::TradeInSettings;
use api::Vehicle;

/// Where a dealer's valuations come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValuationSource {
    /// The market: the shopper picks year, make and model.
    Local,
    /// The dealer's provider: the car is found by rego.
    Provider,
}

impl ValuationSource {
    /// As the answer's `source` says it.
    pub fn as_str(self) -> &'static str {
        match self {
            ValuationSource::Local => "local",
            ValuationSource::Provider => "provider",
        }
    }
}

/// A checked car and its condition answers to value.
#[derive(Debug, Clone, Copy)]
pub struct ValuationRequest<'a> {
    /// The car.
    pub vehicle: &'a Vehicle,
    /// Odometer, km.
    pub kms: u32,
    /// The rego, when looked up.
    pub rego: Option<&'a str>,
    /// Its state.
    pub rego_state: Option<&'a str>,
    /// An answer to every condition question.
    pub answers: &'a [Answered],
}

/// An offer for a car.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    /// The offer, AUD.
    pub offer_price: f64,
    /// Bottom of the range, AUD.
    pub range_min: f64,
    /// Top of the range, AUD.
    pub range_max: f64,
    /// Comparable cars behind a local offer.
    pub comparables: Option<usize>,
    /// Confidence of a local offer, 0 to 1.
    pub confidence: Option<f64>,
    /// Dollars each answer took off, in the answers' order; empty when the source does
    /// not itemise.
    pub deductions: Vec<f64>,
    /// The provider's own id of the valuation.
    pub provider_id: Option<String>,
}

/// A source of trade-in valuations.
#[async_trait]
pub trait TradeInValuer: Send + Sync {
    /// Where the dealer's valuations come from.
    fn source(&self, settings: &TradeInSettings) -> ValuationSource;

    /// The vehicle registered as `rego` in `rego_state`: 404
    /// [`domain::messages::REGO_LOOKUP_OFF`] where cars are not found by rego, 422 on `rego`
    /// for a rego nobody knows, 502 when the provider fails.
    async fn lookup(
        &self,
        settings: &TradeInSettings,
        rego: &str,
        rego_state: &str,
        today: NaiveDate,
    ) -> Result<Vehicle, ApiError>;

    /// Whether an online estimate can be made for the car (a provider values any car it
    /// found; locally the market must hold comparables).
    fn check(
        &self,
        settings: &TradeInSettings,
        market: &Market,
        car: &TradeInCar,
        today: NaiveDate,
    ) -> Result<(), NoOffer>;

    /// The offer for the car, or why there is none; a failing provider is an error.
    async fn value(
        &self,
        settings: &TradeInSettings,
        market: &Market,
        request: ValuationRequest<'_>,
        today: NaiveDate,
    ) -> Result<Result<Offer, NoOffer>, ApiError>;
}
