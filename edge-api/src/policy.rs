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
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Policy {
    /// Sign-in code lifetime in seconds (seed: valid 5 minutes).
    pub otp_ttl_secs: i64,
    /// Session lifetime in seconds.
    pub session_ttl_secs: i64,
    /// Largest accepted request body in bytes.
    pub max_body_bytes: usize,
    /// Codes requested per phone, counted across every dealer of the platform.
    pub code_per_phone: RateLimit,
    /// Codes requested per client address.
    pub code_per_ip: RateLimit,
    /// Code checks per client address.
    pub verify_per_ip: RateLimit,
    /// Lead submissions per client address.
    pub leads_per_ip: RateLimit,
    /// Lead submissions per phone number.
    pub leads_per_phone: RateLimit,
    /// Logged events (phone reveals, saved valuations) per client address.
    pub events_per_ip: RateLimit,
    /// Finance quotes per client address.
    pub quotes_per_ip: RateLimit,
    /// Trade-in lookups and valuations per client address.
    pub valuations_per_ip: RateLimit,
    /// Price comparisons (`/cars/{slug}/autogauge`) per client address: a vehicle page
    /// asks once, so this is far above browsing and far below scraping the provider.
    pub autogauge_per_ip: RateLimit,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            otp_ttl_secs: 5 * 60,
            session_ttl_secs: 30 * 24 * 60 * 60,
            max_body_bytes: 64 * 1024,
            code_per_phone: RateLimit {
                max: 5,
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
