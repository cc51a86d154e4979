//! Range sliders of the search filters (seed 000 s5) and the price-range slider (seed
//! 001 s4, s5, s9), plus the money text of the `range[price]=min:max` URL value (seed 001
//! s7). The filter sliders' stepping, rounding and clamping run only in the browser
//! (`frontend/src/features/search/slider-state.ts`, on `domain/tests/data/slider_cases.json`);
//! the page gets their default maximum and kind from here.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Seed 000 s5: default slider maximum when the facet has none.
pub const DEFAULT_SLIDER_MAX: f64 = 100_000.0;
/// Seed 001 s9: price-range slider default minimum.
pub const PRICE_RANGE_DEFAULT_MIN: f64 = 5000.0;
/// Seed 001 s9: price-range slider default maximum.
pub const PRICE_RANGE_DEFAULT_MAX: f64 = 250_000.0;
/// Seed 001 s5/s9: price-range slider step.
pub const PRICE_RANGE_STEP: f64 = 500.0;

/// Which facet a slider filters; price and km round to the nearest 1000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum SliderKind {
    /// Price, rounded to 1000.
    Price,
    /// Odometer, rounded to 1000.
    Km,
    /// Any other numeric facet (year, seats...), not rounded.
    Other,
}

fn snap_to_price_step(value: f64) -> f64 {
    (value / PRICE_RANGE_STEP).round() * PRICE_RANGE_STEP
}

/// Seed 001 s4/s5: the new low value of the price-range slider: snapped to the 500 step,
/// at least `min` and at least one step below `high`, so the low thumb never reaches the
/// high one. When the range is too narrow for any move the low value stays.
pub fn price_range_set_low(low: f64, high: f64, min: f64, new_low: f64) -> f64 {
    let upper = high - PRICE_RANGE_STEP;
    if upper < min {
        return low;
    }
    snap_to_price_step(new_low).clamp(min, upper)
}

/// Seed 001 s4/s5: the new high value: snapped to the 500 step, at most `max` and at
/// least one step above `low`.
pub fn price_range_set_high(low: f64, high: f64, max: f64, new_high: f64) -> f64 {
    let lower = low + PRICE_RANGE_STEP;
    if lower > max {
        return high;
    }
    snap_to_price_step(new_high).clamp(lower, max)
}

/// Seed 001 s7: a money text with dollar signs and commas removed, e.g. "$5,000" gives 5000.
pub fn parse_money(text: &str) -> Option<f64> {
    let cleaned: String = text
        .chars()
        .filter(|c| *c != '$' && *c != ',' && !c.is_whitespace())
        .collect();
    cleaned.parse::<f64>().ok().filter(|v| v.is_finite())
}
