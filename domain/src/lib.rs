//! Forecourt's domain: the entities of the specification, the per-dealer configuration
//! and every business rule, each a pure function. Both the generator and the edge API
//! depend on this crate so that a rule exists in exactly one place.

pub mod car;
pub mod config;
pub mod csp;
pub mod entities;
pub mod hosts;
pub mod messages;
pub mod routes;
pub mod rules;
pub mod search_url;
pub mod site_files;
pub mod view;
