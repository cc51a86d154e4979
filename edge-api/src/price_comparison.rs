//! Where a car's price comparison comes from: one [`PriceComparisonProvider`] chosen at
//! start-up. [`LocalPriceComparison`] estimates from the market file the build writes
//! (`dist/_data/market.tsv`: comparable cars across every dealer's stock, see
//! [`domain::rules::market`]); [`HttpPriceComparison`] asks the provider at
//! `FORECOURT_AUTOGAUGE_URL` for dealers with a provider key
//! (`features.autogauge.provider_key`, sent as a bearer token with the same path) and
//! answers every other dealer locally.
//!
//! A car with too few comparables (or one the provider has no data for) is an ordinary
//! answer with every field null and `view` null, so the panel stays hidden without an
//! error in the browser; a failing provider is 502. The provider is paid per call, so
//! its answers are cached in the store for [`PROVIDER_CACHE_TTL`] per dealer and car
//! (shared by every API instance; failures are not cached).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::messages::PRICE_COMPARISON_FAILED;
use domain::rules::market::Market;
use domain::rules::price_comparison::{
    price_comparison_view, PriceComparison, PriceComparisonView,
};
use domain::view::slug::encode_query_value;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorCode};
use crate::policy::PROVIDER_TIMEOUT;
use crate::store::Store;

/// How long a provider's answer about a car is reused (the market moves slowly; a day
/// bounds the calls per car and the staleness of a price change).
pub const PROVIDER_CACHE_TTL: chrono::Duration = chrono::Duration::hours(24);
/// Name of the provider answers in the store's cache.
const CACHE_NAME: &str = "autogauge";

/// The answer: the seed's price comparison object, the comparables it was computed from
/// (locally; null from a provider) and the panel's view.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Autogauge {
    /// Position of the listing within the market range, 0 to 1 (1 is the cheapest end).
    pub fill: Option<f64>,
    /// The car's listing price.
    pub listing_price: Option<f64>,
    /// Market range minimum.
    pub market_range_min: Option<f64>,
    /// Market range maximum.
    pub market_range_max: Option<f64>,
    /// Confidence, 0 to 1.
    pub confidence: Option<f64>,
    /// Label replacing Good Deal / Great Deal when given.
    pub description: Option<String>,
    /// Comparable cars behind a local estimate.
    pub comparables: Option<usize>,
    /// What the panel shows; null when the seed's visibility rule hides it.
    #[schema(value_type = Option<Object>)]
    pub view: Option<PriceComparisonView>,
}

impl Autogauge {
    /// The answer for a car without enough data: nothing to show.
    pub fn no_data(comparables: Option<usize>) -> Autogauge {
        Autogauge::new(PriceComparison::default(), comparables)
    }

    /// The answer of a comparison, with the panel's view.
    pub fn new(comparison: PriceComparison, comparables: Option<usize>) -> Autogauge {
        let view = price_comparison_view(&comparison);
        let PriceComparison {
            fill,
            listing_price,
            market_range_min,
            market_range_max,
            confidence,
            description,
        } = comparison;
        Autogauge {
            fill,
            listing_price,
            market_range_min,
            market_range_max,
            confidence,
            description,
            comparables,
            view,
        }
    }
}

/// One car to compare: a car the dealer's site publishes (the caller checks, so nothing
/// else reaches a paid provider).
#[derive(Clone, Copy)]
pub struct ComparisonRequest<'a> {
    /// The dealer's slug.
    pub dealer: &'a str,
    /// The dealer's provider key, when it has one.
    pub key: Option<&'a str>,
    /// The car's slug.
    pub slug: &'a str,
    /// The stock state now.
    pub market: &'a Market,
    /// Where provider answers are cached.
    pub store: &'a dyn Store,
    /// The time now.
    pub now: DateTime<Utc>,
}

/// A source of price comparisons.
#[async_trait]
pub trait PriceComparisonProvider: Send + Sync {
    /// The comparison of the car; `None` when the source does not know the car at all
    /// (the handler's 404 `no_data`); a failing source is 502 `bad_gateway`.
    async fn compare(&self, request: ComparisonRequest<'_>) -> Result<Option<Autogauge>, ApiError>;
}

/// The estimate from the platform's own stock.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalPriceComparison;

#[async_trait]
impl PriceComparisonProvider for LocalPriceComparison {
    async fn compare(&self, request: ComparisonRequest<'_>) -> Result<Option<Autogauge>, ApiError> {
        let market = request.market;
        let Some(car) = market.car(request.dealer, request.slug) else {
            return Ok(None);
        };
        Ok(Some(match market.estimate(car) {
            Some((comparison, n)) => Autogauge::new(comparison, Some(n)),
            None => Autogauge::no_data(Some(market.comparables(car).count())),
        }))
    }
}

/// The provider's API for dealers with a key, the local estimate for the others.
#[derive(Debug, Clone)]
pub struct HttpPriceComparison {
    base: String,
    http: reqwest::Client,
}

impl HttpPriceComparison {
    /// The provider at `base` (`GET {base}/cars/{slug}/autogauge`).
    pub fn new(base: impl Into<String>, http: reqwest::Client) -> HttpPriceComparison {
        HttpPriceComparison {
            base: base.into(),
            http,
        }
    }

    /// The provider's answer about a published car: from the store's cache while fresh,
    /// else asked and cached (an answer of "no data" too; a failure is not cached, so
    /// the next request asks again).
    async fn cached(
        &self,
        request: ComparisonRequest<'_>,
        key: &str,
    ) -> Result<Autogauge, ApiError> {
        let ComparisonRequest {
            dealer,
            slug,
            store,
            now,
            ..
        } = request;
        if let Some(value) = store.cached(dealer, CACHE_NAME, slug, now).await? {
            match serde_json::from_value::<Autogauge>(value) {
                Ok(answer) => return Ok(answer),
                // A cached answer of another shape (an older release): ask again.
                Err(e) => {
                    tracing::warn!(dealer, slug, error = %e, "unreadable cached price comparison")
                }
            }
        }
        let answer = self.ask(key, slug).await?;
        // The shopper has the answer either way: a cache that cannot be written only
        // costs the next request a provider call.
        match serde_json::to_value(&answer) {
            Ok(value) => {
                if let Err(e) = store
                    .cache(
                        dealer,
                        CACHE_NAME,
                        slug,
                        value,
                        now,
                        now + PROVIDER_CACHE_TTL,
                    )
                    .await
                {
                    tracing::warn!(dealer, slug, error = %e, "price comparison not cached");
                }
            }
            Err(e) => tracing::warn!(dealer, slug, error = %e, "price comparison not cached"),
        }
        Ok(answer)
    }

    /// Asks the provider for `GET {base}/cars/{slug}/autogauge` with the dealer's key.
    async fn ask(&self, key: &str, slug: &str) -> Result<Autogauge, ApiError> {
        let url = format!(
            "{}/cars/{}/autogauge",
            self.base.trim_end_matches('/'),
            encode_query_value(slug)
        );
        let failed = |e: String| {
            tracing::warn!(%url, error = %e, "price comparison provider failed");
            ApiError::new(ErrorCode::BadGateway, PRICE_COMPARISON_FAILED)
        };
        let response = self
            .http
            .get(&url)
            .bearer_auth(key)
            .timeout(PROVIDER_TIMEOUT)
            .send()
            .await
            .map_err(|e| failed(e.to_string()))?;
        match response.status().as_u16() {
            200 => {}
            404 => return Ok(Autogauge::no_data(None)),
            status => return Err(failed(format!("status {status}"))),
        }
        let comparison: PriceComparison =
            response.json().await.map_err(|e| failed(e.to_string()))?;
        Ok(Autogauge::new(comparison, None))
    }
}

#[async_trait]
impl PriceComparisonProvider for HttpPriceComparison {
    async fn compare(&self, request: ComparisonRequest<'_>) -> Result<Option<Autogauge>, ApiError> {
        match request.key {
            Some(key) => self.cached(request, key).await.map(Some),
            None => LocalPriceComparison.compare(request).await,
        }
    }
}
