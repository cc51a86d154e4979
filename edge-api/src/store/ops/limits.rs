//! Idempotency keys and rate-limit counters.

use chrono::{DateTime, Duration, Utc};

use crate::store::records::IdempotencyRecord;
use crate::store::{keys, IdempotencyKey, Remembered, Store, StoreError};

pub(crate) async fn idempotent_lead<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    key: IdempotencyKey<'_>,
    now: DateTime<Utc>,
) -> Result<Option<Remembered>, StoreError> {
    match store
        .get(&keys::idempotency(dealer, key.key), keys::SK_IDEMPOTENCY)
        .await?
    {
        Some(item) if !item.expired(now) => {
            let record: IdempotencyRecord = item.record()?;
            Ok(Some(match record.request_hash {
                Some(hash) if hash != key.request_hash => Remembered::OtherRequest,
                _ => Remembered::Lead(record.lead_id),
            }))
        }
        _ => Ok(None),
    }
}

pub(crate) async fn hit_rate<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    scope: &str,
    subject: &str,
    window: Duration,
    now: DateTime<Utc>,
) -> Result<u64, StoreError> {
    let secs = window.num_seconds().max(1);
    let window_index = now.timestamp().div_euclid(secs);
    let pk = keys::rate(dealer, scope, subject, window_index);
    store
        .increment(&pk, keys::SK_RATE, (window_index + 1) * secs)
        .await
}

pub(crate) async fn hit_platform_rate<S: Store + ?Sized>(
    store: &S,
    scope: &str,
    subject: &str,
    window: Duration,
    now: DateTime<Utc>,
) -> Result<u64, StoreError> {
    let secs = window.num_seconds().max(1);
    let window_index = now.timestamp().div_euclid(secs);
    let pk = keys::platform_rate(scope, subject, window_index);
    store
        .increment(&pk, keys::SK_RATE, (window_index + 1) * secs)
        .await
}
