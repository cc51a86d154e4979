//! `GET /api/delivery-estimate?postcode=NNNN` (seed 000 s3/s4/s8: "Delivery price lookup
//! by postcode ... returns price and region name"): the postcode is placed by the
//! Australian postcode dataset and priced by the dealer's delivery zones
//! ([`domain::rules::delivery::delivery_estimate`]). Without a postcode the answer is the
//! seed's 'Please enter a postcode.'; a postcode the dataset does not know, or one beyond
//! every zone, gets the seed's no-estimate text.

use std::collections::HashMap;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;
use domain::messages::POSTCODES_UNAVAILABLE;
use domain::rules::delivery::{delivery_estimate, delivery_origins, DeliveryEstimate};
use domain::rules::postcode::{delivery_postcode, DeliveryError};

use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::tenancy::Site;
use crate::AppState;

/// Cache header of an estimate (zones and the dataset change with a deploy at most).
pub const CACHE_CONTROL: &str = "public, max-age=3600";

/// The delivery price and region for a postcode.
#[utoipa::path(get, path = "/api/delivery-estimate", tag = "vehicle",
    params(
        ("postcode" = String, Query, description = "The shopper's 4-digit postcode"),
        ("location" = Option<String>, Query, description = "The car's location slug: the distance is measured from it (else from the nearest location)"),
    ),
    responses(
        (status = 200, body = DeliveryEstimate, description = "The region and price (AUD, 0 is free) of the postcode, with its distance from the location it is measured from"),
        (status = 400, body = ErrorBody, description = "'Please enter a postcode.', 'Invalid postcode. Please enter a 4-digit number.', or a location the dealer does not have"),
        (status = 404, body = ErrorBody, description = "`no_estimate`: the seed's no-estimate text, or the host names no dealer"),
        (status = 503, body = ErrorBody, description = "The API runs without the postcode file"),
    ))]
pub async fn estimate(
    State(state): State<AppState>,
    Site(site): Site,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let mut query = query.map(|Query(q)| q).unwrap_or_default();
    let raw = query.remove("postcode").unwrap_or_default();
    let postcode =
        delivery_postcode(&raw).map_err(|e| ApiError::bad_field("postcode", e.to_string()))?;
    let location = query.remove("location");
    let origins = delivery_origins(&site.delivery_origins, location.as_deref())
        .map_err(|e| ApiError::bad_field("location", e.to_string()))?;
    if state.postcodes.is_empty() {
        return Err(ApiError::new(ErrorCode::Unavailable, POSTCODES_UNAVAILABLE));
    }
    let no_estimate =
        || ApiError::new(ErrorCode::NoEstimate, DeliveryError::NoEstimate.to_string());
    let place = state.postcodes.get(&postcode).ok_or_else(no_estimate)?;
    let answer: DeliveryEstimate =
        delivery_estimate(&site.delivery_zones, origins, place).ok_or_else(no_estimate)?;
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    Ok(response)
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/delivery-estimate", get(estimate))
}
