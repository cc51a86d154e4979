//! Range sliders of the search filters (seed 000 s5) and the price-range slider (seed
//! 001 s4, s5, s9), plus the `range[price]=min:max` URL value (seed 001 s7).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Seed 000 s5: default slider maximum when the facet has none.
pub const DEFAULT_SLIDER_MAX: f64 = 100_000.0;
/// Seed 000 s5: price and km values round to the nearest 1000.
pub const ROUND_TO: f64 = 1000.0;
/// Seed 000 s5: the step is one hundredth of the range.
pub const STEP_DIVISOR: f64 = 100.0;
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

/// A facet's bounds and the slider's current values.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct SliderState {
    /// Facet minimum.
    pub facet_min: f64,
    /// Facet maximum.
    pub facet_max: f64,
    /// Selected low value.
    pub low: f64,
    /// Selected high value.
    pub high: f64,
}

/// Seed 000 s5: a facet without a maximum uses 100000.
pub fn facet_max_or_default(max: Option<f64>) -> f64 {
    max.unwrap_or(DEFAULT_SLIDER_MAX)
}

/// Seed 000 s5: the step is one hundredth of the range (at least 1 so the slider moves).
pub fn slider_step(facet_min: f64, facet_max: f64) -> f64 {
    ((facet_max - facet_min) / STEP_DIVISOR).max(1.0)
}

/// Seed 000 s5: price and km round to the nearest 1000; other kinds are unchanged.
pub fn round_value(kind: SliderKind, value: f64) -> f64 {
    match kind {
        SliderKind::Price | SliderKind::Km => (value / ROUND_TO).round() * ROUND_TO,
        SliderKind::Other => value,
    }
}

impl SliderState {
    /// A slider over the whole facet; a missing maximum is 100000.
    pub fn new(facet_min: f64, facet_max: Option<f64>) -> SliderState {
        let facet_max = facet_max_or_default(facet_max);
        SliderState {
            facet_min,
            facet_max,
            low: facet_min,
            high: facet_max,
        }
    }

    fn settle(&self, kind: SliderKind, value: f64) -> f64 {
        round_value(kind, value).clamp(self.facet_min, self.facet_max)
    }

    /// Seed 000 s5: input below the facet minimum or above the maximum is ignored (None);
    /// otherwise the value is rounded for price and km, clamped within the facet, and
    /// cannot pass the high value.
    pub fn set_low(&self, kind: SliderKind, value: f64) -> Option<SliderState> {
        if !(self.facet_min..=self.facet_max).contains(&value) {
            return None;
        }
        let low = self.settle(kind, value).min(self.high);
        Some(SliderState { low, ..*self })
    }

    /// Seed 000 s5: like [`SliderState::set_low`]; the high value cannot drop below the low value.
    pub fn set_high(&self, kind: SliderKind, value: f64) -> Option<SliderState> {
        if !(self.facet_min..=self.facet_max).contains(&value) {
            return None;
        }
        let high = self.settle(kind, value).max(self.low);
        Some(SliderState { high, ..*self })
    }
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

/// Seed 001 s7: the `range[price]` value "min:max" from money texts; None when either
/// side is not a number.
pub fn price_range_param(min: &str, max: &str) -> Option<String> {
    let (min, max) = (parse_money(min)?, parse_money(max)?);
    Some(format!("{}:{}", min, max))
}
