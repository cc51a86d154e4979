//! `GET /api/manufacturer-locations` (seed 000 s7): the websites on the platform with
//! their sales locations that sell the Host dealer's makes, for the dealer locator. The
//! answer is computed from the loaded dealer configurations; it changes only with a
//! deploy, so the CDN may keep it for a while.

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::view::locator::{manufacturer_locations, Website};

use crate::error::ErrorBody;
use crate::tenancy::Site;
use crate::AppState;

/// Cache header of the answer.
pub const CACHE_CONTROL: &str = "public, max-age=300";

/// The websites and locations of the dealer locator.
#[utoipa::path(get, path = "/api/manufacturer-locations", tag = "locations",
    responses(
        (status = 200, body = Vec<Object>, description = "Websites, each with id, name, url, dealership and its sales locations (id, name, department, street, city, state, postcode, lat, lng, phone, makes, url); the Host's own website first"),
        (status = 404, body = ErrorBody, description = "The host names no dealer"),
    ))]
pub async fn manufacturer_locations_list(State(state): State<AppState>, Site(site): Site) -> Response {
    let websites: Vec<Website> = state.tenants.all().map(|t| t.website.clone()).collect();
    let answer = manufacturer_locations(&websites, &site.slug, &site.makes);
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE_CONTROL));
    response
}
