//! Rate limits kept in the store (so every Lambda instance shares the same counters).

use crate::error::{ApiError, ErrorCode, RATE_LIMITED};
use crate::policy::RateLimit;
use crate::AppState;

/// Counts one request of `subject` under `scope` for a dealer; 429 once over the limit.
pub async fn limit(
    state: &AppState,
    dealer: &str,
    scope: &str,
    subject: &str,
    rule: RateLimit,
) -> Result<(), ApiError> {
    let hits = state
        .store
        .hit_rate(dealer, scope, subject, rule.window(), state.clock.now())
        .await?;
    over(hits, rule, dealer, scope, subject)
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
    let hits = state
        .store
        .hit_platform_rate(scope, subject, rule.window(), state.clock.now())
        .await?;
    over(hits, rule, dealer, scope, subject)
}

fn over(
    hits: u64,
    rule: RateLimit,
    dealer: &str,
    scope: &str,
    subject: &str,
) -> Result<(), ApiError> {
    if hits > rule.max {
        tracing::warn!(dealer, scope, subject, hits, "rate limit reached");
        return Err(ApiError::new(ErrorCode::RateLimited, RATE_LIMITED));
    }
    Ok(())
}
