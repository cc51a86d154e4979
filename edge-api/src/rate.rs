//! Rate limits kept in the store (so every Lambda instance shares the same counters).

use crate::error::{ApiError, ErrorCode, RATE_LIMITED};
use crate::policy::RateLimit;
use crate::AppState;

/// Counts one request of `subject` under `scope` for a dealer; 429 once over the limit.
pub async fn limit(state: &AppState, dealer: &str, scope: &str, subject: &str, rule: RateLimit) -> Result<(), ApiError> {
    let hits = state.store.hit_rate(dealer, scope, subject, rule.window(), state.clock.now()).await?;
    if hits > rule.max {
        tracing::warn!(dealer, scope, subject, hits, "rate limit reached");
        return Err(ApiError::new(ErrorCode::RateLimited, RATE_LIMITED));
    }
    Ok(())
}
