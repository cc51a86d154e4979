//! The price-range slider of seed 001 (home page search block), shared by the page views
//! that show it and the search page's sort values.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::rules::slider::{
    price_range_set_high, price_range_set_low, PRICE_RANGE_DEFAULT_MAX, PRICE_RANGE_DEFAULT_MIN,
    PRICE_RANGE_STEP,
};

/// `sortBy` value of the highest price first (seed 001 s2: "sorted by price descending").
pub const SORT_PRICE_DESC: &str = "price_desc";

/// The price-range slider of seed 001 s2 ("a button that goes to search sorted by price
/// descending"), s4 (the low value never reaches the high one) and s9 (defaults min 5000,
/// max 250000, step 500), shown in the home page's search block where the dealer switches
/// `search.price_range_slider` on. The browser moves the thumbs under the same rules
/// (`price_range_set_low` / `price_range_set_high`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PriceSliderView {
    /// Lowest value (seed default 5000).
    pub min: f64,
    /// Highest value (seed default 250000).
    pub max: f64,
    /// Step (500).
    pub step: f64,
    /// Where the low thumb starts: the dealer's cheapest priced car, on the step.
    pub low: f64,
    /// Where the high thumb starts: the dearest priced car, on the step, a step above `low`.
    pub high: f64,
    /// The search page the button opens.
    pub search_path: String,
    /// The sort the button asks for (`price_desc`, highest price first).
    pub sort_by: String,
}

/// The price-range slider over a dealer's stock: the thumbs start around the priced
/// cars (so the first search finds them all), inside the seed's defaults and on its step,
/// placed by the same rules that move them.
pub fn price_slider_view(cars: &[Car], search_path: &str) -> PriceSliderView {
    let (min, max) = (PRICE_RANGE_DEFAULT_MIN, PRICE_RANGE_DEFAULT_MAX);
    let prices: Vec<f64> = cars.iter().filter_map(Car::visible_price).collect();
    let cheapest = prices.iter().copied().reduce(f64::min).unwrap_or(min);
    let dearest = prices.iter().copied().reduce(f64::max).unwrap_or(max);
    // The cheapest car rounds down and the dearest up, so both stay inside the range.
    let low = price_range_set_low(
        min,
        max,
        min,
        (cheapest / PRICE_RANGE_STEP).floor() * PRICE_RANGE_STEP,
    );
    let high = price_range_set_high(
        low,
        max,
        max,
        (dearest / PRICE_RANGE_STEP).ceil() * PRICE_RANGE_STEP,
    );
    PriceSliderView {
        min,
        max,
        step: PRICE_RANGE_STEP,
        low,
        high,
        search_path: search_path.to_string(),
        sort_by: SORT_PRICE_DESC.to_string(),
    }
}
