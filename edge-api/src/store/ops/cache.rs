//! Cached answers of upstream providers.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::new_item;
use crate::store::records::CacheRecord;
use crate::store::{keys, Condition, Store, StoreError, Write};

pub(crate) async fn cached<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    name: &str,
    key: &str,
    now: DateTime<Utc>,
) -> Result<Option<Value>, StoreError> {
    match store
        .get(&keys::cache(dealer, name, key), keys::SK_CACHE)
        .await?
    {
        Some(item) if !item.expired(now) => item.record::<CacheRecord>().map(|r| Some(r.value)),
        _ => Ok(None),
    }
}

pub(crate) async fn cache<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    name: &str,
    key: &str,
    value: Value,
    now: DateTime<Utc>,
    expires: DateTime<Utc>,
) -> Result<(), StoreError> {
    let record = CacheRecord {
        value,
        stored_at: now,
    };
    let item = new_item(
        keys::cache(dealer, name, key),
        keys::SK_CACHE,
        &record,
        Some(expires),
    )?;
    store
        .write(vec![Write::Put {
            item,
            condition: Condition::Always,
        }])
        .await
}
