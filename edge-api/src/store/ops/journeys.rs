//! The buy-online journeys of reserved cars.

use chrono::{DateTime, Utc};
use serde::Deserialize;

use super::{new_item, new_lead_writes};
use crate::store::{
    keys, BookingRecord, Condition, Item, JourneyRecord, JourneySave, LeadRecord, Store,
    StoreError, Write,
};

pub(crate) async fn open_journey<S: Store + ?Sized>(
    store: &S,
    journey: &JourneyRecord,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let mut writes = vec![Write::Put {
        item: new_item(
            keys::journey(&journey.dealer, &journey.reservation_id),
            keys::SK_JOURNEY,
            journey,
            None,
        )?,
        condition: Condition::Absent { now },
    }];
    if let Some(phone) = &journey.phone {
        writes.push(Write::Put {
            item: new_item(
                keys::user(&journey.dealer, phone),
                &keys::user_journey(journey.car_id, &journey.reservation_id),
                &serde_json::json!({
                    "reservation_id": journey.reservation_id,
                    "car_id": journey.car_id,
                    "created_at": journey.created_at,
                }),
                None,
            )?,
            condition: Condition::Always,
        });
    }
    match store.write(writes).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e),
    }
}

pub(crate) async fn journey<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    reservation_id: &str,
) -> Result<Option<JourneyRecord>, StoreError> {
    match store
        .get(&keys::journey(dealer, reservation_id), keys::SK_JOURNEY)
        .await?
    {
        Some(item) => {
            let mut record: JourneyRecord = item.record()?;
            record.version = item.version;
            Ok(Some(record))
        }
        None => Ok(None),
    }
}

pub(crate) async fn journeys_of_phone<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    phone: &str,
    car_id: u64,
) -> Result<Vec<String>, StoreError> {
    #[derive(Deserialize)]
    struct Entry {
        reservation_id: String,
        created_at: DateTime<Utc>,
    }
    let items = store
        .query(
            &keys::user(dealer, phone),
            &keys::user_journeys_of_car(car_id),
        )
        .await?;
    let mut entries = items
        .iter()
        .map(Item::record::<Entry>)
        .collect::<Result<Vec<_>, _>>()?;
    entries.sort_by_key(|e| e.created_at);
    Ok(entries.into_iter().map(|e| e.reservation_id).collect())
}

pub(crate) async fn save_journey<S: Store + ?Sized>(
    store: &S,
    journey: &JourneyRecord,
    lead: Option<&LeadRecord>,
    booking: Option<&BookingRecord>,
    now: DateTime<Utc>,
) -> Result<JourneySave, StoreError> {
    let mut item = new_item(
        keys::journey(&journey.dealer, &journey.reservation_id),
        keys::SK_JOURNEY,
        journey,
        None,
    )?;
    item.version = journey.version + 1;
    let mut writes = vec![Write::Put {
        item,
        condition: Condition::Version(journey.version),
    }];
    if let Some(lead) = lead {
        writes.extend(new_lead_writes(lead, None, now)?);
    }
    let slot = booking.map(|b| {
        (
            keys::appointments(&b.dealer, &b.location, b.date),
            keys::slot(b.time),
        )
    });
    if let (Some(booking), Some((pk, sk))) = (booking, &slot) {
        writes.push(Write::Put {
            item: new_item(pk.clone(), sk, booking, None)?,
            condition: Condition::Absent { now },
        });
    }
    match store.write(writes).await {
        Ok(()) => Ok(JourneySave::Saved(Box::new(JourneyRecord {
            version: journey.version + 1,
            ..journey.clone()
        }))),
        Err(StoreError::ConditionFailed) => {
            if let Some((pk, sk)) = &slot {
                if store.get(pk, sk).await?.is_some() {
                    return Ok(JourneySave::SlotTaken);
                }
            }
            Ok(JourneySave::Changed)
        }
        Err(e) => Err(e),
    }
}
