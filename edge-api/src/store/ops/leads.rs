//! Leads and their outbox entries.

use chrono::{DateTime, Utc};

use super::{
    idempotency_write, new_lead_writes, outbox_entry, outbox_item, outbox_write, to_data,
    RACE_RETRIES,
};
use crate::lead::LeadFields;
use crate::store::{
    keys, Condition, IdempotencyKey, Item, LeadOutcome, LeadRecord, OutboxEntry, ParkedItem, Store,
    StoreError, Unreadable, Write,
};

pub(crate) async fn create_lead<S: Store + ?Sized>(
    store: &S,
    lead: LeadRecord,
    idempotency_key: Option<IdempotencyKey<'_>>,
    now: DateTime<Utc>,
) -> Result<LeadOutcome, StoreError> {
    let dealer = lead.dealer.clone();
    let id = lead.id.clone();
    match store
        .write(new_lead_writes(&lead, idempotency_key, now)?)
        .await
    {
        Ok(()) => Ok(LeadOutcome::Stored(id)),
        Err(StoreError::ConditionFailed) => match idempotency_key {
            Some(key) => match store.idempotent_lead(&dealer, key, now).await? {
                Some(remembered) => Ok(remembered.outcome()),
                None => Err(StoreError::ConditionFailed),
            },
            None => Err(StoreError::ConditionFailed),
        },
        Err(e) => Err(e),
    }
}

pub(crate) async fn update_lead<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    lead_id: &str,
    fields: LeadFields,
    idempotency_key: Option<IdempotencyKey<'_>>,
    now: DateTime<Utc>,
) -> Result<LeadOutcome, StoreError> {
    let pk = keys::lead(dealer, lead_id);
    for _ in 0..RACE_RETRIES {
        if let Some(key) = idempotency_key {
            if let Some(remembered) = store.idempotent_lead(dealer, key, now).await? {
                return Ok(remembered.outcome());
            }
        }
        let Some(item) = store.get(&pk, keys::SK_LEAD).await? else {
            return Ok(LeadOutcome::NotFound);
        };
        let mut lead: LeadRecord = item.record()?;
        lead.fields.merge(fields.clone());
        lead.steps += 1;
        lead.updated_at = now;
        let next = Item {
            data: to_data(&lead)?,
            version: item.version + 1,
            ..item.clone()
        };
        let mut writes = vec![
            Write::Put {
                item: next,
                condition: Condition::Version(item.version),
            },
            outbox_write(&lead, now)?,
        ];
        if let Some(key) = idempotency_key {
            writes.push(idempotency_write(dealer, key, lead_id, now)?);
        }
        match store.write(writes).await {
            Ok(()) => return Ok(LeadOutcome::Stored(lead_id.to_owned())),
            Err(StoreError::ConditionFailed) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::ConditionFailed)
}

pub(crate) async fn lead<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    lead_id: &str,
) -> Result<Option<LeadRecord>, StoreError> {
    match store
        .get(&keys::lead(dealer, lead_id), keys::SK_LEAD)
        .await?
    {
        Some(item) => item.record().map(Some),
        None => Ok(None),
    }
}

pub(crate) async fn outbox_of_lead<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    lead_id: &str,
) -> Result<Vec<OutboxEntry>, StoreError> {
    let items = store
        .query(&keys::lead(dealer, lead_id), keys::OUTBOX_PREFIX)
        .await?;
    items.iter().map(outbox_entry).collect()
}

pub(crate) async fn due_outbox<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    now: DateTime<Utc>,
    limit: usize,
) -> Result<Vec<OutboxEntry>, StoreError> {
    let items = store
        .query_gsi1(
            &keys::outbox_index(dealer),
            &keys::due_upper_bound(now),
            limit,
        )
        .await?;
    let mut entries = Vec::with_capacity(items.len());
    for item in items {
        match outbox_entry(&item) {
            Ok(entry) => entries.push(entry),
            Err(e) => {
                tracing::error!(event = "lead_delivery_parked", dealer, pk = %item.pk, sk = %item.sk,
                    error = %e, "an outbox item cannot be read; parked as stored for an operator");
                let parked = Item {
                    gsi1: Some((
                        keys::outbox_parked_index(dealer),
                        keys::outbox_due(now, &item.pk, 0),
                    )),
                    version: item.version + 1,
                    ..item.clone()
                };
                match store
                    .write(vec![Write::Put {
                        item: parked,
                        condition: Condition::Version(item.version),
                    }])
                    .await
                {
                    Ok(()) | Err(StoreError::ConditionFailed) => {}
                    Err(e) => return Err(e),
                }
            }
        }
    }
    Ok(entries)
}

pub(crate) async fn parked_outbox<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    limit: usize,
) -> Result<Vec<ParkedItem>, StoreError> {
    let items = store
        .query_gsi1(&keys::outbox_parked_index(dealer), "~", limit)
        .await?;
    Ok(items
        .iter()
        .map(|item| match outbox_entry(item) {
            Ok(entry) => ParkedItem::Entry(Box::new(entry)),
            Err(e) => ParkedItem::Unreadable(Unreadable {
                pk: item.pk.clone(),
                sk: item.sk.clone(),
                error: e.to_string(),
            }),
        })
        .collect())
}

pub(crate) async fn save_outbox<S: Store + ?Sized>(
    store: &S,
    entry: &OutboxEntry,
) -> Result<OutboxEntry, StoreError> {
    let item = outbox_item(entry, entry.version + 1)?;
    store
        .write(vec![Write::Put {
            item,
            condition: Condition::Version(entry.version),
        }])
        .await?;
    Ok(OutboxEntry {
        version: entry.version + 1,
        ..entry.clone()
    })
}
