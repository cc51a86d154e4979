//! Integration tests of the edge API: one binary, one module per feature, each against
//! the real app on a loopback port with a fresh store.

mod abuse;
mod activity;
mod appointments;
mod auth;
mod dealer_files;
mod delivery;
mod delivery_estimate;
mod edge_checks;
mod hardening;
mod images;
mod lambda;
mod layering;
mod lead_email;
mod lead_fuzz;
mod leads;
mod local_server;
mod locator;
mod openapi_types;
mod origins;
mod outbox_isolation;
mod payments;
mod price_comparison;
mod quote;
mod reservations;
mod search;
mod security_headers;
mod sms;
mod static_site;
mod stock_state;
mod store_conformance;
mod support;
mod tenancy;
mod trade_in;
mod watchlist;
