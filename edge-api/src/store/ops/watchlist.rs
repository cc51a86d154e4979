//! The watchlist: the cars a signed-in shopper saved.

use chrono::{DateTime, Utc};

use super::new_item;
use crate::store::records::WatchRecord;
use crate::store::{keys, Condition, Store, StoreError, Write};

pub(crate) async fn save_car<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    phone: &str,
    car_id: u64,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let record = WatchRecord {
        car_id,
        saved_at: now,
    };
    let item = new_item(
        keys::user(dealer, phone),
        &keys::watch(car_id),
        &record,
        None,
    )?;
    match store
        .write(vec![Write::Put {
            item,
            condition: Condition::Absent { now },
        }])
        .await
    {
        Err(StoreError::ConditionFailed) => Ok(()),
        other => other,
    }
}

pub(crate) async fn remove_car<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    phone: &str,
    car_id: u64,
) -> Result<(), StoreError> {
    let pk = keys::user(dealer, phone);
    store
        .write(vec![Write::Delete {
            pk,
            sk: keys::watch(car_id),
            condition: Condition::Always,
        }])
        .await
}

pub(crate) async fn watchlist<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    phone: &str,
) -> Result<Vec<u64>, StoreError> {
    let items = store
        .query(&keys::user(dealer, phone), keys::WATCH_PREFIX)
        .await?;
    items
        .iter()
        .map(|i| i.record::<WatchRecord>().map(|r| r.car_id))
        .collect()
}
