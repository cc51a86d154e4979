//! Breadcrumbs, as the vehicle, model, offer, location, parts, form and brand pages show
//! them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One breadcrumb; the current page has no link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Crumb {
    /// Text.
    pub label: String,
    /// Target, none for the current page.
    pub url: Option<String>,
}
