//! The OpenAPI 3 document of every endpoint, generated from the handlers' annotations
//! and served at `/api/openapi.json`. It lists what this server serves: the development
//! endpoints only in the local server's dev mode.

use axum::extract::State;
use axum::Json;
use utoipa::OpenApi;

use crate::{AppState, Runtime};

/// The API description of every server (no development endpoints).
#[derive(OpenApi)]
#[openapi(
    info(title = "Forecourt edge API", description = "Sign-in, watchlist, leads, reservations, appointments, stock search, delivery estimates, price comparisons, finance quotes, trade-in valuations and dealer locations for every Forecourt dealer site. The dealer is the request's Host."),
    paths(
        crate::auth::request_code,
        crate::auth::verify,
        crate::auth::sign_out,
        crate::auth::me,
        crate::auth::session,
        crate::watchlist::save_car,
        crate::watchlist::remove_car,
        crate::watchlist::list,
        crate::leads::submit,
        crate::reservations::reserve,
        crate::reservations::status,
        crate::search::stock_search,
        crate::locator::manufacturer_locations_list,
        crate::locator::postcode_place,
        crate::search::stock_search_post,
        crate::delivery::estimate,
        crate::price_comparison::autogauge,
        crate::activity::reveal_phone,
        crate::activity::miscellaneous,
        crate::appointments::slots,
        crate::quote::quote,
        crate::trade_in::options,
        crate::trade_in::lookup,
        crate::trade_in::valuation,
        document,
    ),
    tags(
        (name = "auth", description = "Sign-in by SMS code"),
        (name = "watchlist", description = "Saved cars of the signed-in user"),
        (name = "leads", description = "Every lead form"),
        (name = "reservations", description = "Holding a car for 48 hours against a refundable deposit"),
        (name = "search", description = "Stock search of the dealer's site"),
        (name = "locations", description = "Dealer locations for the dealer locator"),
        (name = "vehicle", description = "The vehicle page's live widgets: delivery estimate, price comparison, phone reveal"),
        (name = "appointments", description = "Test-drive appointment slots"),
        (name = "finance", description = "Finance quotes"),
        (name = "trade-in", description = "Online trade-in valuations: the car, the condition questions and the offer"),
        (name = "meta", description = "This document")
    )
)]
pub struct ApiDoc;

/// The development endpoints, added to the document where they are mounted.
#[derive(OpenApi)]
#[openapi(
    paths(crate::auth::sms_outbox, crate::leads::dev_lead),
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
