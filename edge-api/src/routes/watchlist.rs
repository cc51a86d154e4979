//! The watchlist (seed 000 s7): save and remove a car for the signed-in user, list the
//! saved ids. The session's user must own `phone_number`, else 403. Only a car the
//! dealer's site publishes can be saved (404 `car_not_found` otherwise), a watchlist
//! holds at most [`MAX_WATCHLIST`] cars, and changes are rate-limited per shopper; a
//! car that is no longer published can still be removed.

use axum::extract::State;
use axum::routing::{get, post};
use axum::Json;
use axum::Router;
use domain::messages::{
    watchlist_full, CAR_NOT_LISTED, CAR_REMOVED, CAR_SAVED_IN_WATCHLIST, FORBIDDEN, INVALID_CAR_ID,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::answers::{Forbidden, SignInRequired};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, SignedIn};
use crate::rate::limit;
use crate::validate;
use crate::AppState;

/// Most cars one shopper's watchlist holds on one dealer's site: far above what anybody
/// compares, and a bound on what one account can make the store keep.
pub const MAX_WATCHLIST: usize = 200;

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
    responses((status = 200, body = WatchlistAnswer, description = "The car is saved; the whole watchlist"),
        (status = 400, body = ErrorBody, description = "`bad_request`: `car_id` is not a positive whole number"),
        SignInRequired, Forbidden,
        (status = 404, body = ErrorBody, description = "`car_not_found`: the dealer's site publishes no car with this id"),
        (status = 422, body = ErrorBody, description = "`validation_failed`: the watchlist already holds the most cars it can; remove one first"),
        (status = 429, body = ErrorBody, description = "`rate_limited`: too many watchlist changes by this shopper; wait and try again")))]
pub async fn save_car(
    State(state): State<AppState>,
    user: SignedIn,
    ApiJson(body): ApiJson<WatchlistChange>,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    owner(&user, &body.phone_number)?;
    if body.car_id == 0 {
        return Err(ApiError::bad_field("car_id", INVALID_CAR_ID));
    }
    let dealer = &user.site.0.slug;
    changes_limit(&state, &user).await?;
    if state
        .market
        .current()
        .listing_by_id(dealer, body.car_id)
        .is_none()
    {
        return Err(ApiError::new(ErrorCode::CarNotFound, CAR_NOT_LISTED));
    }
    // Read, then write: two saves at once may pass the cap together, which bounds the
    // list all the same.
    let saved = state.store.watchlist(dealer, &user.phone).await?;
    if saved.len() >= MAX_WATCHLIST && !saved.contains(&body.car_id) {
        return Err(ApiError::bad_field("car_id", watchlist_full(MAX_WATCHLIST))
            .with_code(ErrorCode::ValidationFailed));
    }
    state
        .store
        .save_car(dealer, &user.phone, body.car_id, state.clock.now())
        .await?;
    answer(&state, &user, Some(CAR_SAVED_IN_WATCHLIST)).await
}

/// Counts one watchlist change of the shopper. Per dealer: the list is the dealer's, and
/// a change sends nothing and costs no provider call.
async fn changes_limit(state: &AppState, user: &SignedIn) -> Result<(), ApiError> {
    limit(
        state,
        &user.site.0.slug,
        "watchlist-user",
        &user.phone,
        state.policy.watchlist_per_user,
    )
    .await
}

/// Removes a car from the signed-in user's watchlist.
#[utoipa::path(post, path = "/api/watchlist/remove-car", tag = "watchlist", request_body = WatchlistChange,
    responses((status = 200, body = WatchlistAnswer, description = "The car is removed; the whole watchlist"), SignInRequired, Forbidden,
        (status = 429, body = ErrorBody, description = "`rate_limited`: too many watchlist changes by this shopper; wait and try again")))]
pub async fn remove_car(
    State(state): State<AppState>,
    user: SignedIn,
    ApiJson(body): ApiJson<WatchlistChange>,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    owner(&user, &body.phone_number)?;
    changes_limit(&state, &user).await?;
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
