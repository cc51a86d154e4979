//! Reservations with their car holds, and the payment links and events that act on them.

use chrono::{DateTime, Duration, Utc};

use super::{new_item, new_lead_writes, outbox_write, reservation_item, to_data, RACE_RETRIES};
use crate::store::{
    keys, Condition, HoldChange, HoldRecord, Item, LeadRecord, ReservationRecord, ReserveOutcome,
    Store, StoreError, Transition, TransitionOutcome, Write,
};

pub(crate) async fn reserve<S: Store + ?Sized>(
    store: &S,
    reservation: &ReservationRecord,
    lead: &LeadRecord,
    now: DateTime<Utc>,
) -> Result<ReserveOutcome, StoreError> {
    let dealer = reservation.dealer.as_str();
    let hold = HoldRecord {
        car_id: reservation.car_id,
        reservation_id: reservation.id.clone(),
        created_at: now,
        expires_at: reservation.expires_at,
    };
    let expires = Some(reservation.expires_at);
    let mut writes = vec![
        Write::Put {
            item: new_item(
                keys::holds(dealer),
                &keys::hold(reservation.car_id),
                &hold,
                expires,
            )?,
            condition: Condition::Absent { now },
        },
        Write::Put {
            item: reservation_item(reservation, 1)?,
            condition: Condition::Absent { now },
        },
    ];
    // One live hold per phone per dealer, so invented phones are the only way to hold
    // a second car (and the per-address limit caps those).
    let phone = lead.fields.phone.as_ref().map(|p| p.digits().to_owned());
    if let Some(phone) = &phone {
        writes.push(Write::Put {
            item: new_item(
                keys::phone_hold(dealer, phone),
                keys::SK_PHONE_HOLD,
                &hold,
                expires,
            )?,
            condition: Condition::Absent { now },
        });
    }
    writes.extend(new_lead_writes(lead, None, now)?);
    for _ in 0..RACE_RETRIES {
        match store.write(writes.clone()).await {
            Ok(()) => return Ok(ReserveOutcome::Held),
            Err(StoreError::ConditionFailed) => {
                if let Some(current) = store.hold(dealer, reservation.car_id, now).await? {
                    return Ok(ReserveOutcome::Taken(current));
                }
                if let Some(phone) = &phone {
                    if let Some(item) = store
                        .get(&keys::phone_hold(dealer, phone), keys::SK_PHONE_HOLD)
                        .await?
                    {
                        if !item.expired(now) {
                            return Ok(ReserveOutcome::PhoneHolds(item.record()?));
                        }
                    }
                }
                // No live hold to lose to: the batch collided with a transaction that
                // has not committed (DynamoDB cancels both); try again.
            }
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::ConditionFailed)
}

pub(crate) async fn hold<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    car_id: u64,
    now: DateTime<Utc>,
) -> Result<Option<HoldRecord>, StoreError> {
    match store.get(&keys::holds(dealer), &keys::hold(car_id)).await? {
        Some(item) if !item.expired(now) => item.record().map(Some),
        _ => Ok(None),
    }
}

pub(crate) async fn held_cars<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    now: DateTime<Utc>,
) -> Result<Vec<u64>, StoreError> {
    let items = store.query(&keys::holds(dealer), keys::HOLD_PREFIX).await?;
    items
        .iter()
        .filter(|i| !i.expired(now))
        .map(|i| i.record::<HoldRecord>().map(|h| h.car_id))
        .collect()
}

pub(crate) async fn reservation<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    reservation_id: &str,
) -> Result<Option<ReservationRecord>, StoreError> {
    match store
        .get(
            &keys::reservation(dealer, reservation_id),
            keys::SK_RESERVATION,
        )
        .await?
    {
        Some(item) => item.record().map(Some),
        None => Ok(None),
    }
}

pub(crate) async fn transition<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    reservation_id: &str,
    t: &Transition<'_>,
    now: DateTime<Utc>,
) -> Result<TransitionOutcome, StoreError> {
    let pk = keys::reservation(dealer, reservation_id);
    for _ in 0..RACE_RETRIES {
        let Some(item) = store.get(&pk, keys::SK_RESERVATION).await? else {
            return Ok(TransitionOutcome::NotFound);
        };
        let mut record: ReservationRecord = item.record()?;
        if !t.from.contains(&record.status) {
            return Ok(TransitionOutcome::NotAllowed(record));
        }
        let lead_item = store
            .get(&keys::lead(dealer, &record.lead_id), keys::SK_LEAD)
            .await?;
        let mut lead: Option<LeadRecord> = match &lead_item {
            Some(item) => Some(item.record()?),
            None => None,
        };
        let phone = lead
            .as_ref()
            .and_then(|l| l.fields.phone.as_ref())
            .map(|p| p.digits().to_owned());
        let mut writes = Vec::new();
        // The hold items standing for this reservation (a lapsed or replaced hold is
        // another reservation's business).
        let mut ours = Vec::new();
        let mut hold_keys = vec![(keys::holds(dealer), keys::hold(record.car_id))];
        if let Some(phone) = &phone {
            hold_keys.push((
                keys::phone_hold(dealer, phone),
                keys::SK_PHONE_HOLD.to_owned(),
            ));
        }
        for (hpk, hsk) in hold_keys {
            if let Some(hold) = store.get(&hpk, &hsk).await? {
                let held: HoldRecord = hold.record()?;
                if held.reservation_id == record.id && !hold.expired(now) {
                    ours.push((hold, held));
                }
            }
        }
        match t.hold {
            HoldChange::Keep => {}
            HoldChange::Release => {
                for (hold, _) in &ours {
                    writes.push(Write::Delete {
                        pk: hold.pk.clone(),
                        sk: hold.sk.clone(),
                        condition: Condition::Version(hold.version),
                    });
                }
            }
            HoldChange::Extend(until) => {
                if ours.is_empty() {
                    return Ok(TransitionOutcome::Lapsed(record));
                }
                for (hold, held) in &ours {
                    let extended = HoldRecord {
                        expires_at: until,
                        ..held.clone()
                    };
                    writes.push(Write::Put {
                        item: Item {
                            expires_at: Some(until.timestamp()),
                            version: hold.version + 1,
                            data: to_data(&extended)?,
                            ..hold.clone()
                        },
                        condition: Condition::Version(hold.version),
                    });
                }
                record.expires_at = until;
            }
        }
        record.status = t.change.status;
        record.history.push(t.change.clone());
        if t.payment_intent.is_some() {
            record.payment_intent = t.payment_intent.clone();
        }
        writes.push(Write::Put {
            item: reservation_item(&record, item.version + 1)?,
            condition: Condition::Version(item.version),
        });
        if let (Some(lead), Some(lead_item)) = (lead.as_mut(), &lead_item) {
            lead.fields.reservation_status = Some(record.status);
            lead.fields.hold_expires_at = Some(record.expires_at);
            lead.steps += 1;
            lead.updated_at = now;
            writes.push(Write::Put {
                item: Item {
                    data: to_data(&*lead)?,
                    version: lead_item.version + 1,
                    ..lead_item.clone()
                },
                condition: Condition::Version(lead_item.version),
            });
            writes.push(outbox_write(lead, now)?);
        }
        match store.write(writes).await {
            Ok(()) => return Ok(TransitionOutcome::Done(record)),
            Err(StoreError::ConditionFailed) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::ConditionFailed)
}

pub(crate) async fn due_card_reservations<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    now: DateTime<Utc>,
    limit: usize,
) -> Result<Vec<ReservationRecord>, StoreError> {
    let items = store
        .query_gsi1(
            &keys::payments_index(dealer),
            &keys::due_upper_bound(now),
            limit,
        )
        .await?;
    items.iter().map(Item::record).collect()
}

pub(crate) async fn first_sight_of_event<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    event_id: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let item = new_item(
        keys::stripe_event(dealer, event_id),
        keys::SK_STRIPE_EVENT,
        &serde_json::json!({ "seen_at": now }),
        Some(now + Duration::days(30)),
    )?;
    match store
        .write(vec![Write::Put {
            item,
            condition: Condition::Absent { now },
        }])
        .await
    {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e),
    }
}

pub(crate) async fn use_link_token<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    token_hash: &str,
    until: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let item = new_item(
        keys::used_link(dealer, token_hash),
        keys::SK_USED_LINK,
        &serde_json::json!({ "used_at": now }),
        Some(until),
    )?;
    match store
        .write(vec![Write::Put {
            item,
            condition: Condition::Absent { now },
        }])
        .await
    {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e),
    }
}
