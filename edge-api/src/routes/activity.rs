//! What the browser reports for the dealer's records, stored as logged events per UTC
//! day (`DEALER#<slug>#EVENT#<kind>#<date>`):
//! - `POST /api/reveal-phone` (seed 000 s4/s7: "clicking a masked number logs a reveal";
//!   payload car_id, dealership_id, website_id; the browser only logs a failure);
//! - `POST /api/miscellaneous` (seed 001 s7: "valuation response plus column_name
//!   valuation (one site); success or failure only logged").

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::Json;
use axum::Router;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use utoipa::ToSchema;

use crate::error::answers::{BadRequest, NotFound, RateLimited, TooLarge};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{ApiJson, ClientIp};
use crate::lead::new_lead_id;
use crate::rate::limit;
use crate::tenancy::Site;
use crate::AppState;
use domain::messages::INVALID_CAR_ID;

/// Event kind of a phone reveal.
pub const REVEAL_PHONE: &str = "reveal-phone";
/// Event kind of a saved record of `POST /api/miscellaneous`.
pub const MISCELLANEOUS: &str = "miscellaneous";
/// The columns `POST /api/miscellaneous` may save (seed 001 s7 names one).
pub const MISCELLANEOUS_COLUMNS: [&str; 1] = ["valuation"];

/// Body of `POST /api/reveal-phone`.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevealPhone {
    /// The car whose page showed the number.
    pub car_id: u64,
    /// The car's dealership, when known.
    #[serde(default)]
    pub dealership_id: Option<u64>,
    /// The website, when known.
    #[serde(default)]
    pub website_id: Option<u64>,
}

/// Body of `POST /api/miscellaneous`.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Miscellaneous {
    /// What is saved: `valuation`.
    pub column_name: String,
    /// The value saved (the valuation response as the provider gave it).
    #[schema(value_type = Object)]
    pub value: Value,
    /// The car it concerns, when any.
    #[serde(default)]
    pub car_id: Option<u64>,
    /// The lead it belongs to, when any.
    #[serde(default)]
    pub lead_id: Option<String>,
}

/// Answer of both endpoints (201).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Recorded {
    /// Always true.
    pub success: bool,
    /// The stored event's id.
    pub id: String,
}

async fn record(
    state: &AppState,
    dealer: &str,
    kind: &str,
    mut data: Map<String, Value>,
) -> Result<(StatusCode, Json<Recorded>), ApiError> {
    let id = new_lead_id();
    let now = state.clock.now();
    data.insert("at".into(), json!(now));
    state
        .store
        .record_event(dealer, kind, &id, Value::Object(data), now)
        .await?;
    tracing::info!(dealer, kind, %id, "event recorded");
    Ok((StatusCode::CREATED, Json(Recorded { success: true, id })))
}

/// Logs that a shopper revealed the dealer's masked phone number.
#[utoipa::path(post, path = "/api/reveal-phone", tag = "vehicle", request_body = RevealPhone,
    responses((status = 201, body = Recorded, description = "The event is recorded"), BadRequest, NotFound, RateLimited))]
pub async fn reveal_phone(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<RevealPhone>,
) -> Result<(StatusCode, Json<Recorded>), ApiError> {
    if body.car_id == 0 {
        return Err(ApiError::bad_field("car_id", INVALID_CAR_ID));
    }
    limit(
        &state,
        &site.slug,
        "events-ip",
        &ip,
        state.policy.events_per_ip,
    )
    .await?;
    let mut data = Map::new();
    data.insert("car_id".into(), json!(body.car_id));
    data.insert("dealership_id".into(), json!(body.dealership_id));
    data.insert("website_id".into(), json!(body.website_id));
    record(&state, &site.slug, REVEAL_PHONE, data).await
}

/// Saves a record the dealer keeps (a trade-in valuation response).
#[utoipa::path(post, path = "/api/miscellaneous", tag = "leads", request_body = Miscellaneous,
    responses((status = 201, body = Recorded, description = "The event is recorded"), (status = 400, body = ErrorBody, description = "An unknown column_name or a bad field"),
        NotFound, TooLarge, RateLimited))]
pub async fn miscellaneous(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Miscellaneous>,
) -> Result<(StatusCode, Json<Recorded>), ApiError> {
    if !MISCELLANEOUS_COLUMNS.contains(&body.column_name.as_str()) {
        return Err(ApiError::bad_field(
            "column_name",
            format!(
                "column_name must be one of: {}.",
                MISCELLANEOUS_COLUMNS.join(", ")
            ),
        ));
    }
    if body.car_id == Some(0) {
        return Err(ApiError::bad_field("car_id", INVALID_CAR_ID));
    }
    limit(
        &state,
        &site.slug,
        "events-ip",
        &ip,
        state.policy.events_per_ip,
    )
    .await?;
    let mut data = Map::new();
    data.insert("column_name".into(), json!(body.column_name));
    data.insert("value".into(), body.value);
    data.insert("car_id".into(), json!(body.car_id));
    data.insert("lead_id".into(), json!(body.lead_id));
    record(&state, &site.slug, MISCELLANEOUS, data).await
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/reveal-phone", post(reveal_phone))
        .route("/api/miscellaneous", post(miscellaneous))
}
