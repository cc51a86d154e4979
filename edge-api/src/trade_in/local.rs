//! Valuations from the platform's own stock.

use async_trait::async_trait;
use chrono::NaiveDate;
use domain::messages::REGO_LOOKUP_OFF;
use domain::rules::market::Market;
use domain::rules::trade_in::{local_check, local_offer, NoOffer, TradeInCar};

use super::api::Vehicle;
use super::check::car_of;
use super::{Offer, TradeInValuer, ValuationRequest, ValuationSource};
use crate::error::{ApiError, ErrorCode};
use crate::tenancy::TradeInSettings;

/// Offers computed from comparable cars in the market; no rego lookup.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalValuer;

#[async_trait]
impl TradeInValuer for LocalValuer {
    fn source(&self, _settings: &TradeInSettings) -> ValuationSource {
        ValuationSource::Local
    }

    async fn lookup(
        &self,
        _settings: &TradeInSettings,
        _rego: &str,
        _rego_state: &str,
        _today: NaiveDate,
    ) -> Result<Vehicle, ApiError> {
        Err(ApiError::new(ErrorCode::NotFound, REGO_LOOKUP_OFF))
    }

    fn check(
        &self,
        _settings: &TradeInSettings,
        market: &Market,
        car: &TradeInCar,
        today: NaiveDate,
    ) -> Result<(), NoOffer> {
        local_check(market, car, today).map(|_| ())
    }

    async fn value(
        &self,
        _settings: &TradeInSettings,
        market: &Market,
        request: ValuationRequest<'_>,
        today: NaiveDate,
    ) -> Result<Result<Offer, NoOffer>, ApiError> {
        let car = car_of(request.vehicle, request.kms);
        Ok(
            local_offer(market, &car, request.answers, today).map(|offer| Offer {
                offer_price: offer.offer_price,
                range_min: offer.range_min,
                range_max: offer.range_max,
                comparables: Some(offer.comparables),
                confidence: Some(offer.confidence),
                deductions: offer.deductions.iter().map(|d| d.amount).collect(),
                provider_id: None,
            }),
        )
    }
}
