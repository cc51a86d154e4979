//! Result count capping (seed 000 s9) and the sales counter's figures (seed 001 s9). The
//! counter itself counts in the browser (`frontend/src/features/home/sales-count.ts`, on
//! `domain/tests/data/sales_counter_cases.json`) from the figures the home page gets.

/// Seed 000 s9: counts above this are treated as capped.
pub const COUNT_CAP: u64 = 1999;

/// Seed 000 s9: a reported count above 1999 is capped, so the stock count is used when
/// known, else the facet counts are summed; counts up to 1999 are exact.
pub fn displayed_count(reported: u64, stock_count: Option<u64>, facet_counts: &[u64]) -> u64 {
    if reported <= COUNT_CAP {
        return reported;
    }
    stock_count.unwrap_or_else(|| facet_counts.iter().sum())
}

/// Seed 001 s9: sales counted per day.
pub const SALES_PER_DAY: u32 = 192;
/// Seed 001 s9: one sale per this many seconds (86400 / 192).
pub const SECONDS_PER_SALE: u32 = 450;
/// Seed 001 s9: the counter refreshes every this many milliseconds.
pub const SALES_COUNTER_REFRESH_MS: u64 = 150_000;
/// Brisbane is UTC+10 all year (Queensland has no daylight saving).
pub const BRISBANE_UTC_OFFSET_SECONDS: i32 = 10 * 3600;
