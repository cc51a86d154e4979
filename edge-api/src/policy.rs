//! The API's limits in one typed value with documented defaults: sign-in code lifetime
//! and attempts, session length, body size and the rate limits (all overridable in the
//! config file, so tests and small installs can tighten or relax them).

use chrono::Duration;

/// How long a paid provider (price comparison, trade-in valuation) may take to answer.
pub const PROVIDER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);
use serde::Deserialize;

/// A fixed-window rate limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateLimit {
    /// Requests allowed per window.
    pub max: u64,
    /// Window length in seconds.
    pub window_secs: i64,
}

impl RateLimit {
    /// The window as a duration.
    pub fn window(&self) -> Duration {
        Duration::seconds(self.window_secs)
    }
}

/// Every limit of the API.
///
/// Where a limit is counted: everything that sends a text or an email or costs a paid
/// provider a call (sign-in codes and code checks, leads and reservations per address,
/// price comparisons, quotes, valuations) is counted across the platform, so one client
/// does not get a fresh quota on every dealer's site. Counted per dealer only where the
/// dealer's own data is the point: a phone's leads to one dealer (counted across the
/// platform, a stranger typing someone's number could stop them enquiring anywhere), a
/// shopper's watchlist, and the logged events of one dealer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Policy {
    /// Sign-in code lifetime in seconds (seed: valid 5 minutes).
    pub otp_ttl_secs: i64,
    /// Session lifetime in seconds.
    pub session_ttl_secs: i64,
    /// Largest accepted request body in bytes.
    pub max_body_bytes: usize,
    /// Codes requested per phone, counted across the platform. Only requests within
    /// [`Policy::code_per_phone_ip`] count here, and that limit is at most half of this
    /// one, so a stranger's address leaves the owner's address its whole share.
    pub code_per_phone: RateLimit,
    /// Codes requested for one phone from one client address, across the platform.
    pub code_per_phone_ip: RateLimit,
    /// Codes requested per client address, across the platform.
    pub code_per_ip: RateLimit,
    /// Code checks per client address, across the platform.
    pub verify_per_ip: RateLimit,
    /// Lead submissions and reservations per client address, across the platform (each
    /// sends the shopper a confirmation).
    pub leads_per_ip: RateLimit,
    /// Lead submissions and reservations per phone number, per dealer.
    pub leads_per_phone: RateLimit,
    /// Logged events (phone reveals, saved valuations) per client address, per dealer.
    pub events_per_ip: RateLimit,
    /// Finance quotes per client address, across the platform.
    pub quotes_per_ip: RateLimit,
    /// Trade-in lookups and valuations per client address, across the platform.
    pub valuations_per_ip: RateLimit,
    /// Price comparisons (`/cars/{slug}/autogauge`) per client address, across the
    /// platform: a vehicle page asks once, so this is far above browsing and far below
    /// scraping the provider.
    pub autogauge_per_ip: RateLimit,
    /// Watchlist changes per signed-in shopper, per dealer (the list is the dealer's).
    pub watchlist_per_user: RateLimit,
    /// Image service requests that make a variant (a cache miss: a fetch and an encode)
    /// per client address, across the platform (the CPU and disk are shared); variants
    /// read from the cache are not counted. Far above a shopper's pages from a cold
    /// cache, far below filling the disk or keeping the CPU busy.
    pub image_misses_per_ip: RateLimit,
    /// Reservations per client address, across the platform: each holds a car for days,
    /// so one address must not be able to mark a lot Reserved with invented phones.
    pub reservations_per_ip: RateLimit,
    /// Place suggestions (`GET /api/places`) per client address, across the platform: a
    /// shopper typing a suburb asks a few times per place, so this is far above typing
    /// and far below walking the dataset.
    pub places_per_ip: RateLimit,
    /// Reservations of one dealer in a window past which the burst is logged as
    /// `reservation_burst` (an alarm): a lot being held by a script, not shoppers.
    pub reservation_burst: RateLimit,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            otp_ttl_secs: 5 * 60,
            session_ttl_secs: 30 * 24 * 60 * 60,
            max_body_bytes: 64 * 1024,
            code_per_phone: RateLimit {
                max: 8,
                window_secs: 15 * 60,
            },
            code_per_phone_ip: RateLimit {
                max: 4,
                window_secs: 15 * 60,
            },
            code_per_ip: RateLimit {
                max: 20,
                window_secs: 15 * 60,
            },
            verify_per_ip: RateLimit {
                max: 30,
                window_secs: 15 * 60,
            },
            leads_per_ip: RateLimit {
                max: 30,
                window_secs: 60 * 60,
            },
            leads_per_phone: RateLimit {
                max: 15,
                window_secs: 60 * 60,
            },
            events_per_ip: RateLimit {
                max: 120,
                window_secs: 60 * 60,
            },
            quotes_per_ip: RateLimit {
                max: 120,
                window_secs: 60 * 60,
            },
            valuations_per_ip: RateLimit {
                max: 60,
                window_secs: 60 * 60,
            },
            autogauge_per_ip: RateLimit {
                max: 300,
                window_secs: 60 * 60,
            },
            watchlist_per_user: RateLimit {
                max: 120,
                window_secs: 60 * 60,
            },
            // A local site (make demo) has no CDN in front: every photo a shopper sees
            // is a miss the first time, and one evening's browsing is thousands of them.
            image_misses_per_ip: RateLimit {
                max: 3000,
                window_secs: 60 * 60,
            },
            reservations_per_ip: RateLimit {
                max: 3,
                window_secs: 24 * 60 * 60,
            },
            places_per_ip: RateLimit {
                max: 600,
                window_secs: 60 * 60,
            },
            reservation_burst: RateLimit {
                max: 10,
                window_secs: 60 * 60,
            },
        }
    }
}

impl Policy {
    /// Sign-in code lifetime.
    pub fn otp_ttl(&self) -> Duration {
        Duration::seconds(self.otp_ttl_secs)
    }

    /// Session lifetime.
    pub fn session_ttl(&self) -> Duration {
        Duration::seconds(self.session_ttl_secs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_can_spend_at_most_half_of_a_phones_codes() {
        let policy = Policy::default();
        assert!(policy.code_per_phone_ip.max * 2 <= policy.code_per_phone.max);
        assert!(policy.code_per_phone_ip.window_secs >= policy.code_per_phone.window_secs);
    }
}
