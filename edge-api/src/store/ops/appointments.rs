//! Booked appointments and the slots they take.

use chrono::{DateTime, NaiveDate, Utc};

use super::{new_item, new_lead_writes, RACE_RETRIES};
use crate::store::{
    keys, BookingOutcome, BookingRecord, Condition, IdempotencyKey, Item, LeadRecord, Remembered,
    Store, StoreError, Write,
};

pub(crate) async fn book_appointment<S: Store + ?Sized>(
    store: &S,
    lead: &LeadRecord,
    booking: &BookingRecord,
    idempotency_key: Option<IdempotencyKey<'_>>,
    now: DateTime<Utc>,
) -> Result<BookingOutcome, StoreError> {
    let pk = keys::appointments(&booking.dealer, &booking.location, booking.date);
    let mut writes = new_lead_writes(lead, idempotency_key, now)?;
    writes.push(Write::Put {
        item: new_item(pk.clone(), &keys::slot(booking.time), booking, None)?,
        condition: Condition::Absent { now },
    });
    for _ in 0..RACE_RETRIES {
        match store.write(writes.clone()).await {
            Ok(()) => return Ok(BookingOutcome::Booked(lead.id.clone())),
            Err(StoreError::ConditionFailed) => {
                if let Some(key) = idempotency_key {
                    match store.idempotent_lead(&booking.dealer, key, now).await? {
                        Some(Remembered::Lead(existing)) => {
                            return Ok(BookingOutcome::Replayed(existing))
                        }
                        Some(Remembered::OtherRequest) => return Ok(BookingOutcome::KeyReused),
                        None => {}
                    }
                }
                if store.get(&pk, &keys::slot(booking.time)).await?.is_some() {
                    return Ok(BookingOutcome::Taken);
                }
                // Collided with a transaction that has not committed; try again.
            }
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::ConditionFailed)
}

pub(crate) async fn booked_slots<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    location: &str,
    date: NaiveDate,
) -> Result<Vec<BookingRecord>, StoreError> {
    let items = store
        .query(
            &keys::appointments(dealer, location, date),
            keys::SLOT_PREFIX,
        )
        .await?;
    items.iter().map(Item::record).collect()
}
