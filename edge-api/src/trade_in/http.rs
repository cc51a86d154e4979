//! Valuations by the dealer's provider over HTTP, for dealers with a provider key.

use async_trait::async_trait;
use chrono::NaiveDate;
use domain::messages::VALUATION_FAILED;
use domain::rules::market::Market;
use domain::rules::trade_in::{eligibility, NoOffer, TradeInCar};
use serde::Deserialize;
use serde_json::json;

use super::api::Vehicle;
use super::check::{car_of, check_vehicle, Fields};
use super::local::LocalValuer;
use super::{Offer, TradeInValuer, ValuationRequest, ValuationSource};
use crate::error::{ApiError, ErrorCode};
use crate::policy::PROVIDER_TIMEOUT;
use crate::tenancy::TradeInSettings;

/// The provider at a base URL for dealers with a key; [`LocalValuer`] for the others.
#[derive(Debug, Clone)]
pub struct HttpValuer {
    base: String,
    http: reqwest::Client,
}

impl HttpValuer {
    /// The provider at `base` (`POST {base}/lookup`, `POST {base}/valuation`).
    pub fn new(base: impl Into<String>, http: reqwest::Client) -> HttpValuer {
        HttpValuer {
            base: base.into(),
            http,
        }
    }
}

#[async_trait]
impl TradeInValuer for HttpValuer {
    fn source(&self, settings: &TradeInSettings) -> ValuationSource {
        match settings.provider_key {
            Some(_) => ValuationSource::Provider,
            None => LocalValuer.source(settings),
        }
    }

    async fn lookup(
        &self,
        settings: &TradeInSettings,
        rego: &str,
        rego_state: &str,
        today: NaiveDate,
    ) -> Result<Vehicle, ApiError> {
        match &settings.provider_key {
            Some(key) => {
                provider_lookup(&self.http, &self.base, key, rego, rego_state, today).await
            }
            None => LocalValuer.lookup(settings, rego, rego_state, today).await,
        }
    }

    fn check(
        &self,
        settings: &TradeInSettings,
        market: &Market,
        car: &TradeInCar,
        today: NaiveDate,
    ) -> Result<(), NoOffer> {
        match settings.provider_key {
            Some(_) => eligibility(car.year, car.km, today),
            None => LocalValuer.check(settings, market, car, today),
        }
    }

    async fn value(
        &self,
        settings: &TradeInSettings,
        market: &Market,
        request: ValuationRequest<'_>,
        today: NaiveDate,
    ) -> Result<Result<Offer, NoOffer>, ApiError> {
        let Some(key) = &settings.provider_key else {
            return LocalValuer.value(settings, market, request, today).await;
        };
        let car = car_of(request.vehicle, request.kms);
        if let Err(reason) = eligibility(car.year, car.km, today) {
            return Ok(Err(reason));
        }
        Ok(
            match provider_valuation(&self.http, &self.base, key, request).await? {
                Some(offer) => Ok(Offer {
                    offer_price: offer.offer_price,
                    range_min: offer.range_min.unwrap_or(offer.offer_price),
                    range_max: offer
                        .range_max
                        .unwrap_or(offer.offer_price)
                        .max(offer.offer_price),
                    comparables: None,
                    confidence: None,
                    deductions: Vec::new(),
                    provider_id: offer.id,
                }),
                None => Err(NoOffer::NoOnlineOffer),
            },
        )
    }
}

fn provider_failed(url: &str, error: String) -> ApiError {
    tracing::warn!(%url, %error, "trade-in valuation provider failed");
    ApiError::new(ErrorCode::BadGateway, VALUATION_FAILED)
}

/// The vehicle the provider found for a rego; 422 on `rego` when it knows none.
async fn provider_lookup(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    rego: &str,
    rego_state: &str,
    today: NaiveDate,
) -> Result<Vehicle, ApiError> {
    let url = format!("{}/lookup", base.trim_end_matches('/'));
    let sent = http
        .post(&url)
        .bearer_auth(key)
        .timeout(PROVIDER_TIMEOUT)
        .json(&json!({ "rego": rego, "state": rego_state }))
        .send()
        .await;
    let response = sent.map_err(|e| provider_failed(&url, e.to_string()))?;
    match response.status().as_u16() {
        200 => {}
        404 => {
            let message = domain::messages::rego_not_found(rego, rego_state);
            return Err(ApiError::validation(Fields::from([(
                "rego".to_owned(),
                message,
            )])));
        }
        status => return Err(provider_failed(&url, format!("status {status}"))),
    }
    let found: ProviderVehicle = response
        .json()
        .await
        .map_err(|e| provider_failed(&url, e.to_string()))?;
    let mut fields = Fields::new();
    let vehicle = Vehicle {
        year: found.year,
        make: found.make,
        model: found.model,
        badge: found.badge,
        body: found.body,
    };
    check_vehicle(&mut fields, &vehicle, today)
        .ok_or_else(|| provider_failed(&url, format!("unusable vehicle: {fields:?}")))
}

/// A vehicle as the provider describes it (other fields it sends are ignored).
#[derive(Debug, Deserialize)]
struct ProviderVehicle {
    year: u16,
    make: String,
    model: String,
    #[serde(default)]
    badge: Option<String>,
    #[serde(default)]
    body: Option<String>,
}

/// The provider's offer.
#[derive(Debug, Deserialize)]
struct ProviderOffer {
    offer_price: f64,
    #[serde(default)]
    range_min: Option<f64>,
    #[serde(default)]
    range_max: Option<f64>,
    #[serde(default)]
    id: Option<String>,
}

/// The provider's offer for the car, or none when it has no estimate.
async fn provider_valuation(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    request: ValuationRequest<'_>,
) -> Result<Option<ProviderOffer>, ApiError> {
    let url = format!("{}/valuation", base.trim_end_matches('/'));
    let adjustment_answers: Vec<_> = request
        .answers
        .iter()
        .map(|a| json!({ "id": a.question.id, "answer": a.answer.value }))
        .collect();
    let body = json!({
        "vehicle": request.vehicle,
        "kms": request.kms,
        "rego": request.rego,
        "state": request.rego_state,
        "adjustmentAnswers": adjustment_answers,
    });
    let sent = http
        .post(&url)
        .bearer_auth(key)
        .timeout(PROVIDER_TIMEOUT)
        .json(&body)
        .send()
        .await;
    let response = sent.map_err(|e| provider_failed(&url, e.to_string()))?;
    match response.status().as_u16() {
        200 => {}
        404 => return Ok(None),
        status => return Err(provider_failed(&url, format!("status {status}"))),
    }
    let offer: ProviderOffer = response
        .json()
        .await
        .map_err(|e| provider_failed(&url, e.to_string()))?;
    let money = |v: f64| v.is_finite() && v > 0.0;
    let ranges_ok = [offer.range_min, offer.range_max]
        .iter()
        .flatten()
        .all(|v| money(*v));
    if !money(offer.offer_price) || !ranges_ok {
        return Err(provider_failed(
            &url,
            format!("unusable offer {}", offer.offer_price),
        ));
    }
    Ok(Some(offer))
}
