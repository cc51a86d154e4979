//! Price comparison panel (seed 000 sections 3, 4 and 5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages;

/// Seed 000 s5: the panel needs a confidence above this.
pub const MIN_CONFIDENCE: f64 = 0.2;
/// Seed 000 s4: fill below this is a Good Deal, otherwise a Great Deal.
pub const GREAT_DEAL_FILL: f64 = 0.65;
/// Seed 000 s4: fill below this is the low band.
pub const LOW_BAND_BELOW: f64 = 0.3;
/// Seed 000 s4: fill below this (and at least 0.3) is the medium band.
pub const MEDIUM_BAND_BELOW: f64 = 0.6;

/// The price comparison answer (seed 000 s3); any field may be missing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct PriceComparison {
    /// Position of the listing within the market range, 0 to 1.
    #[serde(default)]
    pub fill: Option<f64>,
    /// The car's listing price.
    #[serde(default)]
    pub listing_price: Option<f64>,
    /// Market range minimum.
    #[serde(default)]
    pub market_range_min: Option<f64>,
    /// Market range maximum.
    #[serde(default)]
    pub market_range_max: Option<f64>,
    /// Confidence of the estimate, 0 to 1.
    #[serde(default)]
    pub confidence: Option<f64>,
    /// Label replacing Good Deal / Great Deal when given.
    #[serde(default)]
    pub description: Option<String>,
}

/// Colour band of the fill (seed 000 s4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum FillBand {
    /// Fill below 0.3.
    Low,
    /// Fill from 0.3 up to below 0.6.
    Medium,
    /// Fill 0.6 or more.
    High,
}

/// What the panel renders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct PriceComparisonView {
    /// Fill, 0 to 1.
    pub fill: f64,
    /// Listing price.
    pub listing_price: f64,
    /// Market range minimum.
    pub market_range_min: f64,
    /// Market range maximum.
    pub market_range_max: f64,
    /// Good Deal, Great Deal or the given description.
    pub label: String,
    /// Colour band of the fill.
    pub band: FillBand,
}

/// Seed 000 s4: low below 0.3, medium below 0.6, high otherwise.
pub fn fill_band(fill: f64) -> FillBand {
    if fill < LOW_BAND_BELOW {
        FillBand::Low
    } else if fill < MEDIUM_BAND_BELOW {
        FillBand::Medium
    } else {
        FillBand::High
    }
}

/// Seed 000 s4: the description when given (non-blank), else Good Deal below 0.65 and
/// Great Deal from 0.65.
pub fn deal_label(fill: f64, description: Option<&str>) -> String {
    match description.map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => d.to_string(),
        None if fill < GREAT_DEAL_FILL => messages::GOOD_DEAL.to_string(),
        None => messages::GREAT_DEAL.to_string(),
    }
}

/// Seed 000 s5: the panel shows only when fill, listing price, range min, range max and
/// confidence are all present, confidence is above 0.2 and range max is at least the
/// listing price. None hides the panel.
pub fn price_comparison_view(pc: &PriceComparison) -> Option<PriceComparisonView> {
    let fill = pc.fill?;
    let listing_price = pc.listing_price?;
    let market_range_min = pc.market_range_min?;
    let market_range_max = pc.market_range_max?;
    let confidence = pc.confidence?;
    if confidence <= MIN_CONFIDENCE || market_range_max < listing_price {
        return None;
    }
    Some(PriceComparisonView {
        fill,
        listing_price,
        market_range_min,
        market_range_max,
        label: deal_label(fill, pc.description.as_deref()),
        band: fill_band(fill),
    })
}
