//! The API's endpoints, one module per feature. Each handler module sits on the
//! infrastructure below it (tenancy, extractors, the store, the outbox, layers and
//! providers); nothing below imports a route.

pub mod activity;
pub mod appointments;
pub mod auth;
pub mod delivery;
pub mod leads;
pub mod locator;
pub mod openapi;
pub mod price_comparison;
pub mod quote;
pub mod reservations;
pub mod search;
pub mod static_site;
pub mod trade_in;
pub mod watchlist;
