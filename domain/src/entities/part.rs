//! The dealer's parts and accessories catalogue (`dealers/<slug>/parts.toml`, shown on
//! `/parts/search`). The stock feed carries no parts, so the dealer lists them here.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A part or accessory the dealer sells (`[[parts]]` in parts.toml).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// Part number as the manufacturer prints it, e.g. "PZQ15-89440"; unique within the file (ignoring case).
    pub number: String,
    /// Name shown on the catalogue card, e.g. "Towbar Kit - Heavy Duty".
    pub name: String,
    /// Category, the catalogue's category filter, e.g. "Interior", "Exterior", "Towing", "Servicing".
    pub category: String,
    /// Makes the part fits, e.g. ["Toyota"]; default none (fits every make).
    #[serde(default)]
    pub makes: Vec<String>,
    /// Models the part fits, e.g. ["RAV4", "HiLux"]; default none (every model of its makes).
    #[serde(default)]
    pub models: Vec<String>,
    /// Price in AUD including GST, e.g. 189.95; default none (the card shows "Enquire for price.").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<f64>,
    /// One or two sentences shown on the card; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}
