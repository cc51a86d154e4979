//! Integration tests of the edge API: one binary, one module per feature, each against
//! the real app on a loopback port with a fresh store.

mod abuse;
mod auth;
mod delivery;
mod lambda;
mod leads;
mod locator;
mod reservations;
mod search;
mod sms;
mod static_site;
mod store_conformance;
mod support;
mod tenancy;
mod watchlist;
