//! Rate limits kept in the store (so every Lambda instance shares the same counters).
//!
//! Which counters are shared by every dealer and which are one dealer's is said where
//! each limit is declared ([`crate::policy::Policy`]). A subject that is a client
//! address is counted by its bucket ([`address_bucket`]): an IPv6 client by its /64,
//! so rotating through one network's addresses buys no fresh quota.

use std::borrow::Cow;
use std::net::IpAddr;

use chrono::{DateTime, Utc};

use crate::error::{ApiError, ErrorCode};
use crate::extract::address_bucket;
use crate::policy::RateLimit;
use crate::AppState;
use domain::messages::RATE_LIMITED;

/// Counts one request of `subject` under `scope` for a dealer; 429 once over the limit.
pub async fn limit(
    state: &AppState,
    dealer: &str,
    scope: &str,
    subject: &str,
    rule: RateLimit,
) -> Result<(), ApiError> {
    let subject = counted_as(subject);
    let now = state.clock.now();
    let hits = state
        .store
        .hit_rate(dealer, scope, &subject, rule.window(), now)
        .await?;
    over(hits, rule, now, dealer, scope, &subject)
}

/// [`limit`] on a counter every dealer shares: the subject is capped across the
/// platform, whichever site the request came to.
pub async fn limit_platform(
    state: &AppState,
    dealer: &str,
    scope: &str,
    subject: &str,
    rule: RateLimit,
) -> Result<(), ApiError> {
    let subject = counted_as(subject);
    let now = state.clock.now();
    let hits = state
        .store
        .hit_platform_rate(scope, &subject, rule.window(), now)
        .await?;
    over(hits, rule, now, dealer, scope, &subject)
}

/// Counts one lead against the lead limits: the client address's across the platform
/// (every lead sends a confirmation) and the phone's per dealer, so a stranger typing a
/// phone cannot stop its owner enquiring elsewhere. Every way a lead is sent (a form, a
/// reservation, a journey's order) counts here.
pub async fn limit_lead(
    state: &AppState,
    dealer: &str,
    ip: &str,
    phone_digits: Option<&str>,
) -> Result<(), ApiError> {
    limit_platform(state, dealer, "leads-ip", ip, state.policy.leads_per_ip).await?;
    if let Some(phone) = phone_digits {
        limit(
            state,
            dealer,
            "leads-phone",
            phone,
            state.policy.leads_per_phone,
        )
        .await?;
    }
    Ok(())
}

/// The subject a counter is kept under: a client address by its bucket, anything else
/// (a phone, a compound subject already built from a bucket) as it is. A compound
/// subject naming an address builds on this.
pub fn counted_as(subject: &str) -> Cow<'_, str> {
    match subject.parse::<IpAddr>() {
        Ok(ip) => Cow::Owned(address_bucket(ip)),
        Err(_) => Cow::Borrowed(subject),
    }
}

/// Whole seconds until the fixed window holding `now` ends (at least one). The store
/// starts its windows at multiples of the window length since the Unix epoch
/// ([`crate::store::Store::hit_rate`]), so the end follows from the rule and the clock.
pub fn retry_after(rule: RateLimit, now: DateTime<Utc>) -> u64 {
    let secs = rule.window_secs.max(1);
    let at = now.timestamp();
    let end = (at.div_euclid(secs) + 1) * secs;
    u64::try_from(end - at).unwrap_or(1).max(1)
}

fn over(
    hits: u64,
    rule: RateLimit,
    now: DateTime<Utc>,
    dealer: &str,
    scope: &str,
    subject: &str,
) -> Result<(), ApiError> {
    if hits > rule.max {
        let wait = retry_after(rule, now);
        tracing::warn!(dealer, scope, subject, hits, wait, "rate limit reached");
        return Err(ApiError::new(ErrorCode::RateLimited, RATE_LIMITED).retry_after(wait));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn the_wait_is_what_is_left_of_the_window_that_was_hit() {
        let hour = RateLimit {
            max: 1,
            window_secs: 3600,
        };
        let at = |h, m, s| {
            Utc.with_ymd_and_hms(2026, 11, 22, h, m, s)
                .single()
                .expect("time")
        };
        assert_eq!(retry_after(hour, at(9, 0, 0)), 3600);
        assert_eq!(retry_after(hour, at(9, 20, 34)), 2366);
        assert_eq!(retry_after(hour, at(9, 59, 59)), 1);
        let quarter = RateLimit {
            max: 1,
            window_secs: 900,
        };
        assert_eq!(retry_after(quarter, at(9, 20, 0)), 600);
        let broken = RateLimit {
            max: 1,
            window_secs: 0,
        };
        assert_eq!(retry_after(broken, at(9, 20, 0)), 1);
    }

    #[test]
    fn addresses_are_counted_by_their_bucket_and_other_subjects_as_they_are() {
        assert_eq!(counted_as("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(counted_as("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(counted_as("192.0.2.7"), "192.0.2.7");
        assert_eq!(counted_as("0412345678"), "0412345678");
        assert_eq!(counted_as("unknown"), "unknown");
    }
}
