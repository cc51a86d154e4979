//! The embedded store: one redb file, ACID write transactions, the same keys as the
//! DynamoDB table. `items` maps `(PK, SK)` to the item; `gsi1` maps
//! `(GSI1PK, GSI1SK, PK, SK)` to nothing and is kept in step inside each transaction.

use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Condition, Item, Store, StoreError, Write};

const ITEMS: TableDefinition<(&str, &str), &[u8]> = TableDefinition::new("items");
const GSI1: TableDefinition<(&str, &str, &str, &str), ()> = TableDefinition::new("gsi1");

/// The stored value of an item (its keys are the table key).
#[derive(Serialize, Deserialize)]
struct Stored {
    gsi1: Option<(String, String)>,
    expires_at: Option<i64>,
    version: u64,
    data: Value,
}

/// [`Store`] in a redb file.
#[derive(Clone)]
pub struct RedbStore {
    db: Arc<Database>,
}

impl RedbStore {
    /// Opens (or creates) the store file and its tables.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| {
                StoreError::Backend(
                    anyhow::Error::new(e).context(format!("creating {}", parent.display())),
                )
            })?;
        }
        let db = Database::create(path).map_err(|e| {
            StoreError::Backend(
                anyhow::Error::new(e).context(format!("opening {}", path.display())),
            )
        })?;
        let txn = db.begin_write().map_err(StoreError::backend)?;
        txn.open_table(ITEMS).map_err(StoreError::backend)?;
        txn.open_table(GSI1).map_err(StoreError::backend)?;
        txn.commit().map_err(StoreError::backend)?;
        Ok(RedbStore { db: Arc::new(db) })
    }

    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Database) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let db = Arc::clone(&self.db);
        tokio::task::spawn_blocking(move || f(&db))
            .await
            .map_err(StoreError::backend)?
    }
}

fn decode(pk: &str, sk: &str, bytes: &[u8]) -> Result<Item, StoreError> {
    let stored: Stored = serde_json::from_slice(bytes).map_err(StoreError::backend)?;
    Ok(Item {
        pk: pk.to_owned(),
        sk: sk.to_owned(),
        gsi1: stored.gsi1,
        expires_at: stored.expires_at,
        version: stored.version,
        data: stored.data,
    })
}

fn encode(item: &Item) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(&Stored {
        gsi1: item.gsi1.clone(),
        expires_at: item.expires_at,
        version: item.version,
        data: item.data.clone(),
    })
    .map_err(StoreError::backend)
}

fn holds(condition: Condition, current: Option<&Item>) -> bool {
    match condition {
        Condition::Always => true,
        Condition::Absent { now } => current.is_none_or(|i| i.expired(now)),
        Condition::Version(v) => current.is_some_and(|i| i.version == v),
    }
}

#[async_trait]
impl Store for RedbStore {
    async fn get(&self, pk: &str, sk: &str) -> Result<Option<Item>, StoreError> {
        let (pk, sk) = (pk.to_owned(), sk.to_owned());
        self.blocking(move |db| {
            let txn = db.begin_read().map_err(StoreError::backend)?;
            let table = txn.open_table(ITEMS).map_err(StoreError::backend)?;
            let found = table
                .get((pk.as_str(), sk.as_str()))
                .map_err(StoreError::backend)?;
            found.map(|v| decode(&pk, &sk, v.value())).transpose()
        })
        .await
    }

    async fn query(&self, pk: &str, sk_prefix: &str) -> Result<Vec<Item>, StoreError> {
        let (pk, prefix) = (pk.to_owned(), sk_prefix.to_owned());
        self.blocking(move |db| {
            let txn = db.begin_read().map_err(StoreError::backend)?;
            let table = txn.open_table(ITEMS).map_err(StoreError::backend)?;
            let mut out = Vec::new();
            for entry in table
                .range((pk.as_str(), prefix.as_str())..)
                .map_err(StoreError::backend)?
            {
                let (key, value) = entry.map_err(StoreError::backend)?;
                let (k_pk, k_sk) = key.value();
                if k_pk != pk || !k_sk.starts_with(&prefix) {
                    break;
                }
                out.push(decode(k_pk, k_sk, value.value())?);
            }
            Ok(out)
        })
        .await
    }

    async fn query_gsi1(
        &self,
        gsi1pk: &str,
        sk_max: &str,
        limit: usize,
    ) -> Result<Vec<Item>, StoreError> {
        let (gpk, max) = (gsi1pk.to_owned(), sk_max.to_owned());
        self.blocking(move |db| {
            let txn = db.begin_read().map_err(StoreError::backend)?;
            let index = txn.open_table(GSI1).map_err(StoreError::backend)?;
            let items = txn.open_table(ITEMS).map_err(StoreError::backend)?;
            let mut out = Vec::new();
            for entry in index
                .range((gpk.as_str(), "", "", "")..)
                .map_err(StoreError::backend)?
            {
                let (key, _) = entry.map_err(StoreError::backend)?;
                let (k_gpk, k_gsk, pk, sk) = key.value();
                if k_gpk != gpk || k_gsk > max.as_str() || out.len() >= limit {
                    break;
                }
                if let Some(value) = items.get((pk, sk)).map_err(StoreError::backend)? {
                    out.push(decode(pk, sk, value.value())?);
                }
            }
            Ok(out)
        })
        .await
    }

    async fn write(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        self.blocking(move |db| {
            let txn = db.begin_write().map_err(StoreError::backend)?;
            {
                let mut items = txn.open_table(ITEMS).map_err(StoreError::backend)?;
                let mut index = txn.open_table(GSI1).map_err(StoreError::backend)?;
                for write in &writes {
                    let (pk, sk, condition) = match write {
                        Write::Put { item, condition } => {
                            (item.pk.as_str(), item.sk.as_str(), *condition)
                        }
                        Write::Delete { pk, sk, condition } => {
                            (pk.as_str(), sk.as_str(), *condition)
                        }
                    };
                    let current = items
                        .get((pk, sk))
                        .map_err(StoreError::backend)?
                        .map(|v| decode(pk, sk, v.value()))
                        .transpose()?;
                    // Dropping the transaction without commit discards earlier writes.
                    if !holds(condition, current.as_ref()) {
                        return Err(StoreError::ConditionFailed);
                    }
                    if let Some((gpk, gsk)) = current.as_ref().and_then(|c| c.gsi1.as_ref()) {
                        index
                            .remove((gpk.as_str(), gsk.as_str(), pk, sk))
                            .map_err(StoreError::backend)?;
                    }
                    match write {
                        Write::Put { item, .. } => {
                            items
                                .insert((pk, sk), encode(item)?.as_slice())
                                .map_err(StoreError::backend)?;
                            if let Some((gpk, gsk)) = &item.gsi1 {
                                index
                                    .insert((gpk.as_str(), gsk.as_str(), pk, sk), ())
                                    .map_err(StoreError::backend)?;
                            }
                        }
                        Write::Delete { .. } => {
                            items.remove((pk, sk)).map_err(StoreError::backend)?;
                        }
                    }
                }
            }
            txn.commit().map_err(StoreError::backend)
        })
        .await
    }

    async fn increment(&self, pk: &str, sk: &str, expires_at: i64) -> Result<u64, StoreError> {
        let (pk, sk) = (pk.to_owned(), sk.to_owned());
        self.blocking(move |db| {
            let txn = db.begin_write().map_err(StoreError::backend)?;
            let count = {
                let mut items = txn.open_table(ITEMS).map_err(StoreError::backend)?;
                let current = items
                    .get((pk.as_str(), sk.as_str()))
                    .map_err(StoreError::backend)?
                    .map(|v| decode(&pk, &sk, v.value()))
                    .transpose()?;
                let count = current
                    .as_ref()
                    .and_then(|c| c.data.get("count"))
                    .and_then(Value::as_u64)
                    .unwrap_or(0)
                    + 1;
                let item = Item {
                    pk: pk.clone(),
                    sk: sk.clone(),
                    gsi1: None,
                    expires_at: Some(expires_at),
                    version: count,
                    data: serde_json::json!({ "count": count }),
                };
                items
                    .insert((pk.as_str(), sk.as_str()), encode(&item)?.as_slice())
                    .map_err(StoreError::backend)?;
                count
            };
            txn.commit().map_err(StoreError::backend)?;
            Ok(count)
        })
        .await
    }
}
