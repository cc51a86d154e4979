//! Lead delivery from the outbox. Each due entry is claimed (a short lease written with
//! a version condition, so two workers never post the same entry at once), then POSTed
//! as JSON to the dealer's `webhook_url` and as ADF 1.0 XML to its `adf_webhook_url`.
//! Every attempt is recorded on the entry (time, status, error); a failed target is
//! retried with exponential backoff and nothing is ever dropped. [`drain`] is one pass
//! (the Lambda schedule calls it); [`spawn_worker`] runs passes in the local server.

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use serde_json::json;

use crate::adf::lead_to_adf;
use crate::store::{Attempt, OutboxEntry, StoreError, Target};
use crate::tenancy::Tenant;
use crate::AppState;

/// How long a claimed entry is hidden from other workers while it is being delivered.
pub const LEASE: Duration = Duration::seconds(60);
/// Entries taken per dealer per pass.
pub const BATCH: usize = 50;
/// Timeout of one webhook call.
pub const WEBHOOK_TIMEOUT: StdDuration = StdDuration::from_secs(10);

/// Exponential backoff between failed attempts of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// Delay after the first failure.
    pub base: Duration,
    /// Longest delay.
    pub max: Duration,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            base: Duration::seconds(30),
            max: Duration::hours(1),
        }
    }
}

impl Backoff {
    /// Delay before the next attempt after `failures` failed passes (1 or more).
    pub fn delay(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(30);
        let delay = self
            .base
            .num_milliseconds()
            .saturating_mul(1i64 << doublings);
        Duration::milliseconds(delay.min(self.max.num_milliseconds()))
    }
}

/// What one pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrainReport {
    /// Entries now fully delivered.
    pub delivered: usize,
    /// Entries with a failed target (rescheduled).
    pub failed: usize,
}

/// One pass over every dealer's due outbox entries.
pub async fn drain(state: &AppState) -> Result<DrainReport, StoreError> {
    let mut report = DrainReport::default();
    for tenant in state.tenants.all() {
        let now = state.clock.now();
        for entry in state.store.due_outbox(&tenant.slug, now, BATCH).await? {
            let claim = OutboxEntry {
                due_at: Some(now + LEASE),
                ..entry
            };
            let claimed = match state.store.save_outbox(&claim).await {
                Ok(claimed) => claimed,
                // Another worker claimed it first.
                Err(StoreError::ConditionFailed) => continue,
                Err(e) => return Err(e),
            };
            if deliver(state, tenant, claimed).await? {
                report.delivered += 1;
            } else {
                report.failed += 1;
            }
        }
    }
    Ok(report)
}

async fn post(
    state: &AppState,
    url: &str,
    content_type: &str,
    body: String,
    key: &str,
) -> (Option<u16>, Option<String>) {
    let sent = state
        .http
        .post(url)
        .timeout(WEBHOOK_TIMEOUT)
        .header(reqwest::header::CONTENT_TYPE, content_type)
        .header("Idempotency-Key", key)
        .body(body)
        .send()
        .await;
    match sent {
        Ok(response) if response.status().is_success() => (Some(response.status().as_u16()), None),
        Ok(response) => (
            Some(response.status().as_u16()),
            Some(format!("receiver answered {}", response.status())),
        ),
        Err(e) => {
            let mut message = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(cause) = source {
                message.push_str(": ");
                message.push_str(&cause.to_string());
                source = cause.source();
            }
            (None, Some(message))
        }
    }
}

/// The JSON a dealer's webhook receives.
pub fn lead_json(entry: &OutboxEntry, tenant: &Tenant) -> serde_json::Value {
    json!({
        "lead_id": entry.lead_id,
        "step": entry.seq,
        "dealer": tenant.slug,
        "dealer_name": tenant.name,
        "created_at": entry.lead.created_at,
        "updated_at": entry.lead.updated_at,
        "lead": entry.lead.fields,
    })
}

/// Delivers one claimed entry to every target still owed it; returns whether it is
/// now fully delivered.
async fn deliver(
    state: &AppState,
    tenant: &Tenant,
    mut entry: OutboxEntry,
) -> Result<bool, StoreError> {
    let key = format!("{}-{}", entry.lead_id, entry.seq);
    let targets = [
        (Target::Json, &tenant.webhook_url),
        (Target::Adf, &tenant.adf_webhook_url),
    ];
    for (target, url) in targets {
        let Some(url) = url.as_deref() else { continue };
        if entry.delivered.contains(&target) {
            continue;
        }
        let (status, error) = match target {
            Target::Json => {
                post(
                    state,
                    url,
                    "application/json",
                    lead_json(&entry, tenant).to_string(),
                    &key,
                )
                .await
            }
            Target::Adf => {
                post(
                    state,
                    url,
                    "application/xml",
                    lead_to_adf(&entry.lead, &tenant.name),
                    &key,
                )
                .await
            }
        };
        let at = state.clock.now();
        if let Some(error) = &error {
            tracing::warn!(event = "lead_delivery_failed", dealer = %tenant.slug, lead_id = %entry.lead_id,
                seq = entry.seq, target = ?target, status, error = %error, "lead delivery failed");
        } else {
            entry.delivered.push(target);
        }
        entry.attempts.push(Attempt {
            at,
            target,
            status,
            error,
        });
    }
    let now = state.clock.now();
    let owed = targets
        .iter()
        .any(|(t, url)| url.is_some() && !entry.delivered.contains(t));
    if owed {
        entry.failed_passes += 1;
        entry.due_at = Some(now + state.backoff.delay(entry.failed_passes));
    } else {
        if tenant.webhook_url.is_none() && tenant.adf_webhook_url.is_none() {
            tracing::info!(dealer = %tenant.slug, lead_id = %entry.lead_id, "dealer has no lead webhook; lead kept in the store");
        }
        entry.due_at = None;
        entry.delivered_at = Some(now);
    }
    state.store.save_outbox(&entry).await?;
    Ok(!owed)
}

/// Runs delivery passes until the task is dropped: after each new lead and at least
/// every `poll`.
pub fn spawn_worker(state: AppState, poll: StdDuration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(e) = drain(&state).await {
                tracing::error!(
                    error = format!("{:#}", anyhow::Error::new(e)),
                    "outbox pass failed"
                );
            }
            tokio::select! {
                () = state.outbox_wake.notified() => {}
                () = tokio::time::sleep(poll) => {}
            }
        }
    })
}

/// Undelivered entries of every dealer due by `horizon` (for reports and tests).
pub async fn pending(state: &AppState, horizon: DateTime<Utc>) -> Result<usize, StoreError> {
    let mut count = 0;
    for tenant in state.tenants.all() {
        count += state
            .store
            .due_outbox(&tenant.slug, horizon, usize::MAX)
            .await?
            .len();
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_its_cap() {
        let backoff = Backoff::default();
        let delays: Vec<i64> = [1, 2, 3, 4, 7, 8, 200]
            .iter()
            .map(|&n| backoff.delay(n).num_seconds())
            .collect();
        assert_eq!(delays, vec![30, 60, 120, 240, 1920, 3600, 3600]);
    }
}
