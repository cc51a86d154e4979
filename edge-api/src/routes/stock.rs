//! `GET /api/stock/{car_id}`: a car's state now, from the stock state the last build
//! published ([`crate::market`]) and the live holds. A car page is built once; when it
//! loads, it asks this so a car sold (or held) since the build says so on its page.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;
use domain::rules::availability::ReserveState;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::answers::UnknownSite;
use crate::error::{ApiError, ErrorBody};
use crate::extract::car_id_param;
use crate::tenancy::Site;
use crate::AppState;

/// A car's state, as its page shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockStatus {
    /// For sale (whether or not it can be reserved online).
    Available,
    /// Sold.
    Sold,
    /// Held by a reservation, or marked reserved by the dealer's feed.
    Reserved,
    /// Not in the dealer's published stock any more (or never was).
    Gone,
    /// The dealer's stock state is not published yet: the page stays as it was built.
    Unknown,
}

/// Answer of `GET /api/stock/{car_id}`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct StockState {
    /// The car asked about.
    pub car_id: u64,
    /// Its state now.
    pub status: StockStatus,
    /// Its asking price, AUD, when it is for sale with a price; null otherwise.
    pub price: Option<f64>,
}

/// A car's state now: the last build's stock state and the live holds.
#[utoipa::path(get, path = "/api/stock/{car_id}", tag = "vehicle",
    params(("car_id" = u64, Path, description = "The car's id")),
    responses((status = 200, body = StockState, description = "The car's state now (Cache-Control: no-store)"),
        (status = 400, body = ErrorBody, description = "The id is not a positive whole number"),
        UnknownSite))]
pub async fn stock_state(
    State(state): State<AppState>,
    Site(site): Site,
    car_id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let car_id = car_id_param(car_id)?;
    let market = state.market.current();
    let (status, price) = match market.listing_by_id(&site.slug, car_id) {
        None if !state.market.knows(&site.slug) => (StockStatus::Unknown, None),
        None => (StockStatus::Gone, None),
        Some(listing) => {
            let price = market.car(&site.slug, &listing.slug).map(|c| c.price);
            match listing.reserve {
                ReserveState::Sold => (StockStatus::Sold, None),
                ReserveState::Reserved => (StockStatus::Reserved, price),
                _ => {
                    let held = state
                        .store
                        .hold(&site.slug, car_id, state.clock.now())
                        .await?
                        .is_some();
                    let status = if held {
                        StockStatus::Reserved
                    } else {
                        StockStatus::Available
                    };
                    (status, price)
                }
            }
        }
    };
    let mut response = Json(StockState {
        car_id,
        status,
        price,
    })
    .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/stock/{car_id}", get(stock_state))
}
