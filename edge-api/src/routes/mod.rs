//! The API's endpoints, one module per feature. Each handler module sits on the
//! infrastructure below it (tenancy, extractors, the store, the outbox, layers and
//! providers); nothing below imports a route.

pub mod activity;
pub mod appointments;
pub mod auth;
pub mod delivery;
pub mod img;
pub mod journey;
pub mod leads;
pub mod locator;
pub mod openapi;
pub mod payments;
pub mod places;
pub mod price_comparison;
pub mod quote;
pub mod reservations;
pub mod search;
pub mod static_site;
pub mod stock;
pub mod trade_in;
pub mod watchlist;

use axum::Router;

use crate::AppState;

/// Every feature's endpoints in one router; with `dev_mode`, the development endpoints
/// (`/api/dev/*`) too. Elsewhere those paths are unknown like any other.
pub fn router(dev_mode: bool) -> Router<AppState> {
    let api = Router::new()
        .merge(auth::router())
        .merge(watchlist::router())
        .merge(leads::router())
        .merge(reservations::router())
        .merge(journey::router())
        .merge(payments::router())
        .merge(locator::router())
        .merge(places::router())
        .merge(delivery::router())
        .merge(appointments::router())
        .merge(activity::router())
        .merge(quote::router())
        .merge(trade_in::router())
        .merge(price_comparison::router())
        .merge(stock::router())
        .merge(search::router())
        .merge(img::router())
        .merge(openapi::router());
    if dev_mode {
        api.merge(auth::dev_router())
            .merge(leads::dev_router())
            .merge(payments::dev_router())
    } else {
        api
    }
}
