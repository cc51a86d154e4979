//! The watchlist (seed 000 s7): save and remove a car for the signed-in user, list the
//! saved ids. The session's user must own `phone_number`, else 403.

use axum::extract::State;
use axum::routing::{get, post};
use axum::Json;
use axum::Router;
use domain::messages::{CAR_REMOVED, CAR_SAVED_IN_WATCHLIST};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::answers::{Forbidden, SignInRequired};
use crate::error::{ApiError, ErrorCode, FORBIDDEN};
use crate::extract::{ApiJson, SignedIn};
use crate::validate;
use crate::AppState;

/// Body of the save and remove calls (seed 000 s7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WatchlistChange {
    /// The signed-in user's phone number.
    pub phone_number: String,
    /// The car's id.
    pub car_id: u64,
}

/// One saved car (seed 000 s3: Watchlist entry).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WatchlistEntry {
    /// Car id.
    pub id: u64,
}

/// Answer of every watchlist call.
#[derive(Debug, Serialize, ToSchema)]
pub struct WatchlistAnswer {
    /// True when the call succeeded (the browser reads this flag).
    pub success: bool,
    /// The toast text of the change (absent on a plain listing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The whole watchlist after the call.
    pub watchlist: Vec<WatchlistEntry>,
}

fn owner(user: &SignedIn, phone_number: &str) -> Result<(), ApiError> {
    // A number that does not even parse cannot be the user's own.
    match validate::phone(phone_number) {
        Ok(phone) if phone.digits() == user.phone => Ok(()),
        _ => Err(ApiError::new(ErrorCode::Forbidden, FORBIDDEN)),
    }
}

async fn answer(
    state: &AppState,
    user: &SignedIn,
    message: Option<&str>,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    let ids = state
        .store
        .watchlist(&user.site.0.slug, &user.phone)
        .await?;
    Ok(Json(WatchlistAnswer {
        success: true,
        message: message.map(str::to_owned),
        watchlist: ids.into_iter().map(|id| WatchlistEntry { id }).collect(),
    }))
}

/// Saves a car on the signed-in user's watchlist.
#[utoipa::path(post, path = "/api/watchlist/save-car", tag = "watchlist", request_body = WatchlistChange,
    responses((status = 200, body = WatchlistAnswer, description = "The car is saved; the whole watchlist"), SignInRequired, Forbidden))]
pub async fn save_car(
    State(state): State<AppState>,
    user: SignedIn,
    ApiJson(body): ApiJson<WatchlistChange>,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    owner(&user, &body.phone_number)?;
    state
        .store
        .save_car(
            &user.site.0.slug,
            &user.phone,
            body.car_id,
            state.clock.now(),
        )
        .await?;
    answer(&state, &user, Some(CAR_SAVED_IN_WATCHLIST)).await
}

/// Removes a car from the signed-in user's watchlist.
#[utoipa::path(post, path = "/api/watchlist/remove-car", tag = "watchlist", request_body = WatchlistChange,
    responses((status = 200, body = WatchlistAnswer, description = "The car is removed; the whole watchlist"), SignInRequired, Forbidden))]
pub async fn remove_car(
    State(state): State<AppState>,
    user: SignedIn,
    ApiJson(body): ApiJson<WatchlistChange>,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    owner(&user, &body.phone_number)?;
    state
        .store
        .remove_car(&user.site.0.slug, &user.phone, body.car_id)
        .await?;
    answer(&state, &user, Some(CAR_REMOVED)).await
}

/// The signed-in user's saved cars.
#[utoipa::path(get, path = "/api/watchlist", tag = "watchlist",
    responses((status = 200, body = WatchlistAnswer, description = "The whole watchlist"), SignInRequired))]
pub async fn list(
    State(state): State<AppState>,
    user: SignedIn,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    answer(&state, &user, None).await
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/watchlist", get(list))
        .route("/api/watchlist/save-car", post(save_car))
        .route("/api/watchlist/remove-car", post(remove_car))
}
