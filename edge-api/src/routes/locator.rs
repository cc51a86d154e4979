//! The dealer locator's endpoints. `GET /api/manufacturer-locations` (seed 000 s7): the
//! Host dealer's own website with its sales locations (a group's dealerships), then, only
//! where the dealer configures a manufacturer network, the other websites' sales
//! locations of that make, marked as the network; computed from the loaded dealer
//! configurations (it changes only with a deploy, so the
//! CDN may keep it a while). `GET /api/postcodes/{postcode}`: where a postcode is, from
//! the Australian postcode dataset (`forecourt postcodes`), so the locator can measure
//! distances from a shopper's postcode.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;
use domain::messages;
use domain::messages::POSTCODES_UNAVAILABLE;
use domain::rules::postcode::Postcode;
use domain::rules::postcodes::PostcodePlace;
use domain::view::locator::{manufacturer_locations, Website};

use crate::error::answers::UnknownSite;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::tenancy::Site;
use crate::AppState;

/// Cache header of the answer.
pub const CACHE_CONTROL: &str = "public, max-age=300";
/// Cache header of a postcode's place (the dataset changes with a deploy at most).
pub const POSTCODE_CACHE_CONTROL: &str = "public, max-age=86400";

/// The websites and locations of the dealer locator.
#[utoipa::path(get, path = "/api/manufacturer-locations", tag = "locations",
    responses(
        (status = 200, body = Vec<Website>, description = "Websites (seed 000 s7: id, name, url, dealership, locations), each with its sales locations in the seed 000 s3 Dealership location shape: the Host's own website first, then, where the Host configures a manufacturer network, the other websites selling that make with `network` naming it"),
        UnknownSite,
    ))]
pub async fn manufacturer_locations_list(
    State(state): State<AppState>,
    Site(site): Site,
) -> Response {
    let websites: Vec<Website> = state.tenants.all().map(|t| t.website.clone()).collect();
    let network = site.makes.first().map(String::as_str);
    let answer = manufacturer_locations(&websites, &site.slug, network);
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    response
}

/// Where a postcode is.
#[utoipa::path(get, path = "/api/postcodes/{postcode}", tag = "locations",
    params(("postcode" = String, Path, description = "Four digits")),
    responses(
        (status = 200, body = PostcodePlace, description = "The postcode's usual locality, state and where its people are (lat, lng): the usual locality, or the centre of its localities weighted towards the built-up ones"),
        (status = 400, body = ErrorBody, description = "Not four digits: 'Invalid postcode. Please enter a 4-digit number.'"),
        (status = 404, body = ErrorBody, description = "Four digits the dataset does not know: 'Invalid postcode.', or the host names no dealer"),
        (status = 503, body = ErrorBody, description = "The API runs without the postcode file"),
    ))]
pub async fn postcode_place(
    State(state): State<AppState>,
    Site(_site): Site,
    postcode: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let postcode = postcode
        .ok()
        .and_then(|Path(raw)| Postcode::parse(&raw).ok())
        .ok_or_else(|| ApiError::bad_field("postcode", messages::INVALID_POSTCODE_FORMAT))?;
    if state.postcodes.is_empty() {
        return Err(ApiError::new(ErrorCode::Unavailable, POSTCODES_UNAVAILABLE));
    }
    let place: PostcodePlace = state
        .postcodes
        .get(&postcode)
        .cloned()
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, messages::INVALID_POSTCODE))?;
    let mut response = Json(place).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(POSTCODE_CACHE_CONTROL),
    );
    Ok(response)
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/manufacturer-locations",
            get(manufacturer_locations_list),
        )
        .route("/api/postcodes/{postcode}", get(postcode_place))
}
