//! The store's domain operations, one file per concern, each written once over the five
//! primitives of [`Store`] so every backend keeps the same invariants.

pub(super) mod appointments;
pub(super) mod cache;
pub(super) mod events;
pub(super) mod journeys;
pub(super) mod leads;
pub(super) mod limits;
pub(super) mod reservations;
pub(super) mod sign_in;
pub(super) mod watchlist;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;

use crate::store::records::IdempotencyRecord;
use crate::store::{
    keys, Condition, IdempotencyKey, Item, LeadRecord, OutboxEntry, ReservationRecord, StoreError,
    Write, IDEMPOTENCY_TTL,
};

/// How many times an optimistic write is retried after losing a race.
pub(super) const RACE_RETRIES: usize = 5;
/// How many times a sign-in code check or issue is retried after losing a race. Each
/// lost race means another request changed the code (at most [`OTP_MAX_ATTEMPTS`] wrong
/// guesses, one right one, a new code), so a check settles long before this; the bound
/// only guards against a backend that keeps failing conditions.
pub(super) const OTP_RACE_RETRIES: usize = 64;

pub(super) fn to_data<T: Serialize>(record: &T) -> Result<Value, StoreError> {
    serde_json::to_value(record).map_err(StoreError::backend)
}

pub(super) fn new_item<T: Serialize>(
    pk: String,
    sk: &str,
    record: &T,
    expires: Option<DateTime<Utc>>,
) -> Result<Item, StoreError> {
    Ok(Item {
        pk,
        sk: sk.to_owned(),
        gsi1: None,
        expires_at: expires.map(|t| t.timestamp()),
        version: 1,
        data: to_data(record)?,
    })
}

/// A reservation's item: a card reservation not yet settled is in the payments index,
/// due when its hold ends (when the expiry pass must cancel its authorisation).
pub(super) fn reservation_item(
    record: &ReservationRecord,
    version: u64,
) -> Result<Item, StoreError> {
    let mut item = new_item(
        keys::reservation(&record.dealer, &record.id),
        keys::SK_RESERVATION,
        record,
        None,
    )?;
    item.version = version;
    if record.card && record.status.holds_car() {
        item.gsi1 = Some((
            keys::payments_index(&record.dealer),
            keys::outbox_due(record.expires_at, &record.id, 0),
        ));
    }
    Ok(item)
}

pub(super) fn outbox_item(entry: &OutboxEntry, version: u64) -> Result<Item, StoreError> {
    // A parked entry leaves the due index for the parked one; a delivered one leaves both.
    let gsi1 = match &entry.parked {
        Some(parked) => Some((
            keys::outbox_parked_index(&entry.dealer),
            keys::outbox_due(parked.at, &entry.lead_id, entry.seq),
        )),
        None => entry
            .due_at
            .filter(|_| entry.delivered_at.is_none())
            .map(|due| {
                (
                    keys::outbox_index(&entry.dealer),
                    keys::outbox_due(due, &entry.lead_id, entry.seq),
                )
            }),
    };
    Ok(Item {
        pk: keys::lead(&entry.dealer, &entry.lead_id),
        sk: keys::outbox(entry.seq),
        gsi1,
        expires_at: None,
        version,
        data: to_data(entry)?,
    })
}

/// The writes that store a new lead: the lead (create-once), its first outbox entry and
/// the idempotency key, if any.
pub(super) fn new_lead_writes(
    lead: &LeadRecord,
    idempotency_key: Option<IdempotencyKey<'_>>,
    now: DateTime<Utc>,
) -> Result<Vec<Write>, StoreError> {
    let mut writes = vec![Write::Put {
        item: new_item(
            keys::lead(&lead.dealer, &lead.id),
            keys::SK_LEAD,
            lead,
            None,
        )?,
        condition: Condition::Absent { now },
    }];
    writes.push(outbox_write(lead, now)?);
    if let Some(key) = idempotency_key {
        writes.push(idempotency_write(&lead.dealer, key, &lead.id, now)?);
    }
    Ok(writes)
}

pub(super) fn outbox_write(lead: &LeadRecord, now: DateTime<Utc>) -> Result<Write, StoreError> {
    let entry = OutboxEntry {
        dealer: lead.dealer.clone(),
        lead_id: lead.id.clone(),
        seq: lead.steps,
        lead: lead.clone(),
        due_at: Some(now),
        delivered: Vec::new(),
        delivered_at: None,
        attempts: Vec::new(),
        failed_passes: 0,
        mail: Vec::new(),
        unfinished: 0,
        last_error: None,
        parked: None,
        version: 0,
    };
    Ok(Write::Put {
        item: outbox_item(&entry, 1)?,
        condition: Condition::Absent { now },
    })
}

pub(super) fn outbox_entry(item: &Item) -> Result<OutboxEntry, StoreError> {
    let mut entry: OutboxEntry = item.record()?;
    entry.version = item.version;
    Ok(entry)
}

pub(super) fn idempotency_write(
    dealer: &str,
    key: IdempotencyKey<'_>,
    lead_id: &str,
    now: DateTime<Utc>,
) -> Result<Write, StoreError> {
    let record = IdempotencyRecord {
        lead_id: lead_id.to_owned(),
        request_hash: Some(key.request_hash.to_owned()),
        created_at: now,
    };
    let item = new_item(
        keys::idempotency(dealer, key.key),
        keys::SK_IDEMPOTENCY,
        &record,
        Some(now + IDEMPOTENCY_TTL),
    )?;
    Ok(Write::Put {
        item,
        condition: Condition::Absent { now },
    })
}
