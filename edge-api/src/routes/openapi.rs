//! The OpenAPI 3 document of every endpoint, generated from the handlers' annotations
//! and served at `/api/openapi.json`. It lists what this server serves: the development
//! endpoints only in the local server's dev mode.

use axum::extract::State;
use axum::routing::get;
use axum::Json;
use axum::Router;
use utoipa::OpenApi;

use crate::{AppState, Runtime};

/// The API description of every server (no development endpoints).
#[derive(OpenApi)]
#[openapi(
    info(title = "Forecourt edge API", description = "Sign-in, watchlist, leads, reservations, appointments, stock search, delivery estimates, price comparisons, finance quotes, trade-in valuations, dealer locations and resized photos for every Forecourt dealer site. The dealer is the request's Host."),
    paths(
        crate::routes::auth::request_code,
        crate::routes::auth::verify,
        crate::routes::auth::sign_out,
        crate::routes::auth::me,
        crate::routes::auth::session,
        crate::routes::watchlist::save_car,
        crate::routes::watchlist::remove_car,
        crate::routes::watchlist::list,
        crate::routes::leads::submit,
        crate::routes::reservations::reserve,
        crate::routes::reservations::status,
        crate::routes::payments::confirm,
        crate::routes::payments::cancel,
        crate::routes::payments::dealer_page,
        crate::routes::payments::dealer_act,
        crate::routes::payments::webhook,
        crate::routes::journey::read,
        crate::routes::journey::steps,
        crate::routes::journey::order,
        crate::routes::search::stock_search,
        crate::routes::locator::manufacturer_locations_list,
        crate::routes::locator::postcode_place,
        crate::routes::places::suggest,
        crate::routes::search::stock_search_post,
        crate::routes::delivery::estimate,
        crate::routes::price_comparison::autogauge,
        crate::routes::stock::stock_state,
        crate::routes::activity::reveal_phone,
        crate::routes::activity::miscellaneous,
        crate::routes::appointments::slots,
        crate::routes::quote::quote,
        crate::routes::trade_in::options,
        crate::routes::trade_in::lookup,
        crate::routes::trade_in::valuation,
        crate::routes::img::image,
        document,
    ),
    tags(
        (name = "auth", description = "Sign-in by SMS code"),
        (name = "watchlist", description = "Saved cars of the signed-in user"),
        (name = "leads", description = "Every lead form"),
        (name = "reservations", description = "Holding a car for 48 hours against a refundable deposit"),
        (name = "journey", description = "Buying a reserved car online: finance, trade-in, delivery or pick-up, and the order to the dealer"),
        (name = "search", description = "Stock search of the dealer's site"),
        (name = "locations", description = "Dealer locations for the dealer locator"),
        (name = "vehicle", description = "The vehicle page's live widgets: the car's state now, delivery estimate, price comparison, phone reveal"),
        (name = "appointments", description = "Test-drive appointment slots"),
        (name = "finance", description = "Finance quotes"),
        (name = "trade-in", description = "Online trade-in valuations: the car, the condition questions and the offer"),
        (name = "images", description = "The image service: a photo at a ladder width and quality, as AVIF, WebP or JPEG"),
        (name = "meta", description = "This document")
    )
)]
pub struct ApiDoc;

/// The development endpoints, added to the document where they are mounted.
#[derive(OpenApi)]
#[openapi(
    paths(crate::routes::auth::sms_outbox, crate::routes::leads::dev_lead, crate::routes::payments::dev_deliveries),
    tags((name = "dev", description = "Local server started with --dev-mode only"))
)]
pub struct DevApiDoc;

/// The document of the endpoints a server of this runtime serves.
pub fn document_for(runtime: Runtime) -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    if runtime.dev_mode() {
        doc.merge(DevApiDoc::openapi());
    }
    doc
}

/// This OpenAPI document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta", responses((status = 200, description = "The OpenAPI 3 document")))]
pub async fn document(State(state): State<AppState>) -> Json<utoipa::openapi::OpenApi> {
    Json(document_for(state.runtime))
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(document))
}
