//! `GET {car path}/autogauge` (seed 000 s3/s4/s7): the price comparison of one car as
//! fill, listing_price, market_range_min, market_range_max, confidence and description,
//! plus what the panel shows (`view`, null when the seed's visibility rule hides it),
//! from the [`crate::price_comparison`] provider chosen at start-up.
//!
//! An unknown car or a dealer without the panel is 404 `no_data`. The provider is paid
//! per call, so it is asked only about cars the dealer's site publishes (the market
//! file's listings: anything else is 404 `no_data` without a call), and every client
//! address is limited to `autogauge_per_ip` requests across the platform (429
//! `rate_limited`).

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;

use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ClientIp;
use crate::price_comparison::{Autogauge, ComparisonRequest};
use crate::rate::limit_platform;
use crate::tenancy::Site;
use crate::AppState;
use domain::messages::NO_PRICE_COMPARISON;

/// Cache header of an answer (the market changes with a build).
pub const CACHE_CONTROL: &str = "public, max-age=3600";

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
    let no_data = || ApiError::new(ErrorCode::NoData, NO_PRICE_COMPARISON);
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
    let request = ComparisonRequest {
        dealer: &site.slug,
        key: site.autogauge_key.as_deref(),
        slug: &slug,
        market: &market,
        store: state.store.as_ref(),
        now: state.clock.now(),
    };
    let answer = state
        .price_comparison
        .compare(request)
        .await?
        .ok_or_else(no_data)?;
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    Ok(response)
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/cars/{slug}/autogauge", get(autogauge))
}
