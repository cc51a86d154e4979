//! `GET {car path}/autogauge` (seed 000 s3/s4/s7): the price comparison of one car as
//! fill, listing_price, market_range_min, market_range_max, confidence and description,
//! plus what the panel shows (`view`, null when the seed's visibility rule hides it).
//!
//! A dealer with a provider key (`features.autogauge.provider_key`) is answered by the
//! provider at `FORECOURT_AUTOGAUGE_URL`, which gets the same path with the key as a
//! bearer token. Every other dealer gets the local estimate
//! ([`domain::rules::market`]) from the market file the build writes
//! (`dist/_data/market.tsv`): comparable cars across every dealer's stock. A car with too
//! few comparables (or one the provider has no data for) is an ordinary answer with every
//! field null and `view` null, so the panel stays hidden without an error in the browser;
//! an unknown car or a dealer without the panel is 404 `no_data`, a failing provider 502.
//!
//! The provider is paid per call, so it is asked only about cars the dealer's site
//! publishes (the market file's listings: anything else is 404 `no_data` without a
//! call), its answers are cached in the store for [`PROVIDER_CACHE_TTL`] per dealer and
//! car (shared by every API instance; failures are not cached), and every client
//! address is limited to `autogauge_per_ip` requests across the platform (429
//! `rate_limited`).

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;
use domain::rules::market::MarketCar;
use domain::rules::price_comparison::{
    price_comparison_view, PriceComparison, PriceComparisonView,
};
use domain::view::slug::encode_query_value;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ClientIp;
use crate::policy::PROVIDER_TIMEOUT;
use crate::rate::limit_platform;
use crate::tenancy::Site;
use crate::AppState;

/// Shown when there is no comparison for the car.
pub const NO_DATA: &str = "There is no price comparison for this car.";
/// Shown when the provider failed.
pub const PROVIDER_FAILED: &str = "The price comparison service did not answer.";
/// Cache header of an answer (the market changes with a build).
pub const CACHE_CONTROL: &str = "public, max-age=3600";
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
    fn no_data(comparables: Option<usize>) -> Autogauge {
        Autogauge::new(PriceComparison::default(), comparables)
    }

    fn new(comparison: PriceComparison, comparables: Option<usize>) -> Autogauge {
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

/// The price comparison of one of the dealer's cars.
#[utoipa::path(get, path = "/cars/{slug}/autogauge", tag = "vehicle",
    params(("slug" = String, Path, description = "The car's slug, as in its page path /cars/{slug}")),
    responses(
        (status = 200, body = Autogauge, description = "The comparison; `view` is null when the panel stays hidden (every field is null when there is too little data)"),
        (status = 404, body = ErrorBody, description = "`no_data`: no such car published by this dealer, or the dealer has no price comparison; or the host names no dealer"),
        (status = 429, body = ErrorBody, description = "`rate_limited`: too many price comparisons from this address"),
        (status = 502, body = ErrorBody, description = "`bad_gateway`: the dealer's provider failed"),
    ))]
pub async fn autogauge(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    slug: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let no_data = || ApiError::new(ErrorCode::NoData, NO_DATA);
    let slug = slug
        .ok()
        .map(|Path(s)| s)
        .filter(|s| !s.is_empty() && s.len() <= 200)
        .ok_or_else(no_data)?;
    if !site.autogauge {
        return Err(no_data());
    }
    // Across the platform: the provider is paid per call whichever dealer asks.
    limit_platform(
        &state,
        &site.slug,
        "autogauge-ip",
        &ip,
        state.policy.autogauge_per_ip,
    )
    .await?;
    let market = state.market.current();
    if market.listing(&site.slug, &slug).is_none() {
        return Err(no_data());
    }
    let answer = match (&site.autogauge_key, &state.autogauge_url) {
        (Some(key), Some(base)) => {
            cached_from_provider(&state, &site.slug, base, key, &slug).await?
        }
        _ => {
            let car: &MarketCar = market.car(&site.slug, &slug).ok_or_else(no_data)?;
            match market.estimate(car) {
                Some((comparison, n)) => Autogauge::new(comparison, Some(n)),
                None => Autogauge::no_data(Some(market.comparables(car).count())),
            }
        }
    };
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    Ok(response)
}

/// The provider's answer about a published car: from the store's cache while fresh,
/// else asked and cached (an answer of "no data" too; a failure is not cached, so the
/// next request asks again).
async fn cached_from_provider(
    state: &AppState,
    dealer: &str,
    base: &str,
    key: &str,
    slug: &str,
) -> Result<Autogauge, ApiError> {
    let now = state.clock.now();
    if let Some(value) = state.store.cached(dealer, CACHE_NAME, slug, now).await? {
        match serde_json::from_value::<Autogauge>(value) {
            Ok(answer) => return Ok(answer),
            // A cached answer of another shape (an older release): ask again.
            Err(e) => {
                tracing::warn!(dealer, slug, error = %e, "unreadable cached price comparison")
            }
        }
    }
    let answer = from_provider(&state.http, base, key, slug).await?;
    // The shopper has the answer either way: a cache that cannot be written only costs
    // the next request a provider call.
    match serde_json::to_value(&answer) {
        Ok(value) => {
            if let Err(e) = state
                .store
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
async fn from_provider(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    slug: &str,
) -> Result<Autogauge, ApiError> {
    let url = format!(
        "{}/cars/{}/autogauge",
        base.trim_end_matches('/'),
        encode_query_value(slug)
    );
    let failed = |e: String| {
        tracing::warn!(%url, error = %e, "price comparison provider failed");
        ApiError::new(ErrorCode::BadGateway, PROVIDER_FAILED)
    };
    let response = http
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
    let comparison: PriceComparison = response.json().await.map_err(|e| failed(e.to_string()))?;
    Ok(Autogauge::new(comparison, None))
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/cars/{slug}/autogauge", get(autogauge))
}
