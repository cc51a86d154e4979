//! Result count capping (seed 000 s9) and the sales counter (seed 001 s9).

use chrono::{DateTime, FixedOffset, Timelike, Utc};

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

/// Brisbane's fixed offset.
pub const BRISBANE: FixedOffset = match FixedOffset::east_opt(BRISBANE_UTC_OFFSET_SECONDS) {
    Some(offset) => offset,
    None => panic!("UTC+10 is a valid offset"),
};

/// Seed 001 s9: sales so far today in Brisbane time: one per whole 450 seconds since
/// Brisbane midnight, so 0 at midnight, 1 at 00:07:30 and 191 in the last 450 seconds of
/// the day (the 192nd lands on the next midnight, when the count restarts).
pub fn sales_so_far_today(now: DateTime<Utc>) -> u32 {
    let local = now.with_timezone(&BRISBANE);
    (local.num_seconds_from_midnight() / SECONDS_PER_SALE).min(SALES_PER_DAY)
}
