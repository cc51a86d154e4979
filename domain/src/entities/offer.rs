use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::CarType;

/// What a promo node shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PromoContent {
    /// The "We Want Your Car" call-to-action card.
    WeWantYourCar {
        /// Link target, default /sell-my-car.
        #[serde(default = "sell_link")]
        url: String,
    },
    /// An image card linking somewhere.
    Banner {
        /// Heading text.
        title: String,
        /// Image URL.
        image: String,
        /// Link target.
        url: String,
        /// Image alternative text.
        #[serde(default)]
        alt: String,
    },
}

fn sell_link() -> String {
    "/sell-my-car".to_string()
}

/// A promo card inserted into search results (seed 000 "Promo node").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct PromoNode {
    /// First day shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub start: Option<NaiveDate>,
    /// Last day shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expiry: Option<NaiveDate>,
    /// Zero-based position in the results grid.
    pub position: u32,
    /// Car types whose searches show it.
    #[serde(default)]
    pub display: Vec<CarType>,
    /// When true the promo shows only when the search is restricted to exactly its car types.
    #[serde(default, rename = "strictDisplay")]
    pub strict_display: bool,
    /// The card content.
    pub node: PromoContent,
}

/// A special offer (`/special-offers`, `/offers/{id}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct SpecialOffer {
    /// Offer id (`/offers/{id}`).
    pub id: u64,
    /// Title.
    pub title: String,
    /// Categories used by the offers filter.
    #[serde(default)]
    pub categories: Vec<String>,
    /// Offer price in AUD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub price: Option<f64>,
    /// Make, for the make filter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub make: Option<String>,
    /// Model, for the model filter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub model: Option<String>,
    /// Body, for the body filter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub body: Option<String>,
    /// Short description.
    #[serde(default)]
    pub description: String,
    /// Terms and conditions.
    #[serde(default)]
    pub terms: String,
    /// Image URL.
    pub image: String,
    /// First day shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub start: Option<NaiveDate>,
    /// Last day shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expiry: Option<NaiveDate>,
}

/// A home page slide (seed 001 "Slide"), shown at 1920 by 540.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct Slide {
    /// Heading.
    pub name: String,
    /// First day shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub start: Option<NaiveDate>,
    /// Last day shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expiry: Option<NaiveDate>,
    /// Sub-heading.
    #[serde(default)]
    pub description: String,
    /// Link target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub url: Option<String>,
    /// Image URL.
    pub image: String,
    /// Video URL instead of the image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub video: Option<String>,
    /// Hide the text overlay.
    #[serde(default)]
    pub hide_overlay: bool,
}
