//! Logged events by dealer, kind and day.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::Value;

use crate::store::{keys, Condition, Item, Store, StoreError, Write};

pub(crate) async fn record_event<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    kind: &str,
    id: &str,
    data: Value,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    let item = Item {
        pk: keys::events(dealer, kind, at.date_naive()),
        sk: keys::event(at, id),
        gsi1: None,
        expires_at: None,
        version: 1,
        data,
    };
    store
        .write(vec![Write::Put {
            item,
            condition: Condition::Absent { now: at },
        }])
        .await
}

pub(crate) async fn events<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    kind: &str,
    date: NaiveDate,
) -> Result<Vec<Value>, StoreError> {
    Ok(store
        .query(&keys::events(dealer, kind, date), keys::EVENT_PREFIX)
        .await?
        .into_iter()
        .map(|i| i.data)
        .collect())
}
