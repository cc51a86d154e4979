//! Stock filters: `[stock_filters]`.

use super::*;

use crate::rules::stock::DEFAULT_INCLUDE_SOLD_CARS_DAYS;

fn default_include_sold_cars_days() -> u32 {
    DEFAULT_INCLUDE_SOLD_CARS_DAYS
}

/// A dealer's stock filters; every field defaults to "keep everything" except the
/// sold-cars window, which defaults to [`DEFAULT_INCLUDE_SOLD_CARS_DAYS`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StockFilters {
    /// Keep only used cars (seed 000 "used-only").
    #[serde(default)]
    pub used_only: bool,
    /// Keep only cars with at least this many photos (seed 000 "minimum photo counts"); 0 keeps all.
    #[serde(default)]
    pub min_photos: u32,
    /// Keep only cars whose status is in_stock and that are not flagged sold (seed 000 "in-stock-only").
    #[serde(default)]
    pub in_stock_only: bool,
    /// Stock numbers never listed (seed 000 "excluded stock numbers"); compared trimmed and case-insensitively.
    #[serde(default)]
    pub excluded_stock_numbers: Vec<String>,
    /// Days a sold car stays listed after `sold_at` (seed 001: 3 by default); 0 hides sold cars at once.
    #[serde(default = "default_include_sold_cars_days")]
    pub include_sold_cars_days: u32,
}

impl Default for StockFilters {
    fn default() -> Self {
        StockFilters {
            used_only: false,
            min_photos: 0,
            in_stock_only: false,
            excluded_stock_numbers: Vec::new(),
            include_sold_cars_days: DEFAULT_INCLUDE_SOLD_CARS_DAYS,
        }
    }
}
