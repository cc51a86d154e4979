//! `GET /api/places?q=`: Australian suburbs and towns answering what a shopper typed, for
//! the place fields of the dealer locator, the search's distance picker and the delivery
//! calculator (seed 000: "Address autocomplete is limited to Australia"). The answer comes
//! from a [`PlaceProvider`]; the one this platform runs is [`LocalPlaces`], the bundled
//! postcode and locality dataset (`forecourt postcodes`), in production too: no hosted
//! places service can be tested from here. Nearer places to the dealer come first among
//! equal matches, so a Brisbane dealer's shoppers see Queensland's Springwood before New
//! South Wales'.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;
use domain::messages::{PLACES_UNAVAILABLE, QUERY_MISSING, QUERY_TOO_LONG};
use domain::rules::postcodes::{PlaceSuggestion, PostcodeTable, MAX_SUGGESTIONS};
use serde::Deserialize;

use crate::error::answers::{RateLimited, UnknownSite};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ClientIp;
use crate::rate::limit_platform;
use crate::tenancy::Site;
use crate::AppState;

/// Longest query accepted, in characters: longer than any Australian place name with its
/// state and postcode.
pub const MAX_QUERY_CHARS: usize = 60;
/// Cache header of an answer (the dataset changes with a deploy at most).
pub const CACHE_CONTROL: &str = "public, max-age=3600";

/// Why a provider could not answer.
#[derive(Debug, thiserror::Error)]
pub enum PlacesError {
    /// The provider has nothing to search (the local dataset was not loaded).
    #[error("no place data is loaded")]
    NoData,
}

/// Something that suggests Australian places for typed text.
pub trait PlaceProvider: Send + Sync {
    /// At most `limit` places for `query`, nearer to `near` first among equal matches.
    fn suggest(
        &self,
        query: &str,
        near: Option<(f64, f64)>,
        limit: usize,
    ) -> Result<Vec<PlaceSuggestion>, PlacesError>;
}

/// The bundled dataset's localities ([`PostcodeTable::suggest`]): prefix matches, a typo
/// forgiven, postcodes too.
pub struct LocalPlaces<'a>(pub &'a PostcodeTable);

impl PlaceProvider for LocalPlaces<'_> {
    fn suggest(
        &self,
        query: &str,
        near: Option<(f64, f64)>,
        limit: usize,
    ) -> Result<Vec<PlaceSuggestion>, PlacesError> {
        if self.0.locality_count() == 0 {
            return Err(PlacesError::NoData);
        }
        Ok(self.0.suggest(query, near, limit))
    }
}

/// The query of `GET /api/places`.
#[derive(Debug, Deserialize)]
pub struct PlacesQuery {
    /// What the shopper typed.
    #[serde(default)]
    pub q: String,
}

/// Checks the typed text: present and bounded, naming `q` otherwise.
fn typed(query: Result<Query<PlacesQuery>, QueryRejection>) -> Result<String, ApiError> {
    let q = query
        .map(|Query(p)| p.q)
        .map_err(|_| ApiError::bad_field("q", QUERY_MISSING))?;
    let q = q.trim();
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::bad_field("q", QUERY_TOO_LONG));
    }
    if q.is_empty() {
        return Err(ApiError::bad_field("q", QUERY_MISSING));
    }
    Ok(q.to_string())
}

/// Australian places for what a shopper typed.
#[utoipa::path(get, path = "/api/places", tag = "locations",
    params(("q" = String, Query, description = "A suburb or town name or its start (a typo is forgiven from 4 letters), optionally with a state and postcode, or a postcode; at most 60 characters")),
    responses(
        (status = 200, body = Vec<PlaceSuggestion>, description = "At most 8 places, best match first; among equal matches the nearest to the dealer"),
        (status = 400, body = ErrorBody, description = "`q` is missing, empty or longer than 60 characters; `fields` names `q`"),
        (status = 503, body = ErrorBody, description = "No place data is loaded"),
        UnknownSite,
        RateLimited,
    ))]
pub async fn suggest(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    query: Result<Query<PlacesQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let q = typed(query)?;
    // Across the platform: one client typing on many dealers' sites is one client.
    limit_platform(
        &state,
        &site.slug,
        "places-ip",
        &ip,
        state.policy.places_per_ip,
    )
    .await?;
    let near = site
        .website
        .locations
        .first()
        .map(|l| (l.address.lat, l.address.long))
        .filter(|(lat, lng)| *lat != 0.0 || *lng != 0.0);
    let provider = LocalPlaces(&state.postcodes);
    let places = provider.suggest(&q, near, MAX_SUGGESTIONS).map_err(|e| {
        // The shopper's field keeps working without suggestions; the log says why.
        tracing::warn!(dealer = %site.slug, error = %e, "place suggestions failed");
        ApiError::new(ErrorCode::Unavailable, PLACES_UNAVAILABLE)
    })?;
    let mut response = Json(places).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    Ok(response)
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/places", get(suggest))
}
