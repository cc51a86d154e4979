//! The key design shared by every backend. Every partition key of shopper data starts
//! with `DEALER#<slug>#`, so one dealer's data can never be addressed from another's.
//! The one exception is a counter that must see every dealer at once (a phone's sign-in
//! codes across the platform): it starts with `PLATFORM#` and holds only a count.
//!
//! | item | PK | SK | GSI1PK / GSI1SK | TTL |
//! | --- | --- | --- | --- | --- |
//! | user | `DEALER#s#USER#<phone>` | `PROFILE` | | |
//! | saved car | `DEALER#s#USER#<phone>` | `WATCH#<car id, 20 digits>` | | |
//! | session | `DEALER#s#SESSION#<token hash>` | `SESSION` | | yes |
//! | sign-in code | `DEALER#s#OTP#<phone>` | `OTP` | | yes |
//! | lead | `DEALER#s#LEAD#<id>` | `LEAD` | | |
//! | outbox entry | `DEALER#s#LEAD#<id>` | `OUTBOX#<seq, 6 digits>` | `DEALER#s#OUTBOX` / `<due ms, 16 digits>#<id>#<seq>` while undelivered; `DEALER#s#OUTBOX-PARKED` / `<parked ms>#<id>#<seq>` once parked | |
//! | idempotency key | `DEALER#s#IDEMPOTENCY#<key hash>` | `IDEMPOTENCY` | | yes |
//! | rate counter | `DEALER#s#RATE#<scope>#<subject>#<window>` | `RATE` | | yes |
//! | platform rate counter | `PLATFORM#RATE#<scope>#<subject>#<window>` | `RATE` | | yes |
//! | cached provider answer | `DEALER#s#CACHE#<name>#<key hash>` | `CACHE` | | yes |
//! | car hold | `DEALER#s#HOLD` | `HOLD#<car id, 20 digits>` | | yes |
//! | a phone's hold | `DEALER#s#PHONEHOLD#<phone>` | `HOLD` | | yes |
//! | reservation | `DEALER#s#RESERVATION#<id>` | `RESERVATION` | `DEALER#s#PAYMENTS` / `<hold end ms>#<id>#000000` while a card deposit holds the car | |
//! | handled Stripe event | `DEALER#s#STRIPEEVENT#<event id>` | `EVENT` | | yes |
//! | used dealer link | `DEALER#s#USEDLINK#<token hash>` | `USED` | | yes |
//! | appointment booking | `DEALER#s#APPOINTMENT#<location>#<date>` | `SLOT#<HH:MM>` | | |
//! | logged event | `DEALER#s#EVENT#<kind>#<date>` | `AT#<ms, 16 digits>#<id>` | | |
//! | buy-online journey | `DEALER#s#JOURNEY#<reservation id>` | `JOURNEY` | | |
//! | a phone's journey | `DEALER#s#USER#<phone>` | `JOURNEY#<car id, 20 digits>#<reservation id>` | | |

use chrono::{DateTime, Utc};

/// Sort key of a user's profile item.
pub const SK_PROFILE: &str = "PROFILE";
/// Sort key prefix of saved cars.
pub const WATCH_PREFIX: &str = "WATCH#";
/// Sort key of a session.
pub const SK_SESSION: &str = "SESSION";
/// Sort key of a sign-in code.
pub const SK_OTP: &str = "OTP";
/// Sort key of a lead.
pub const SK_LEAD: &str = "LEAD";
/// Sort key prefix of a lead's outbox entries.
pub const OUTBOX_PREFIX: &str = "OUTBOX#";
/// Sort key of an idempotency key.
pub const SK_IDEMPOTENCY: &str = "IDEMPOTENCY";
/// Sort key of a rate counter.
pub const SK_RATE: &str = "RATE";
/// Sort key of a cached provider answer.
pub const SK_CACHE: &str = "CACHE";
/// Sort key prefix of car holds.
pub const HOLD_PREFIX: &str = "HOLD#";
/// Sort key of a reservation.
pub const SK_RESERVATION: &str = "RESERVATION";
/// Sort key prefix of booked appointment slots.
pub const SLOT_PREFIX: &str = "SLOT#";
/// Sort key prefix of logged events.
pub const EVENT_PREFIX: &str = "AT#";
/// Sort key of a buy-online journey.
pub const SK_JOURNEY: &str = "JOURNEY";
/// Sort key prefix of a user's journeys.
pub const JOURNEY_PREFIX: &str = "JOURNEY#";

/// Values inside keys are hashed or restricted so that `#` cannot forge another key.
fn clean(part: &str) -> String {
    part.replace('#', "%23")
}

/// `DEALER#<slug>`.
pub fn dealer(slug: &str) -> String {
    format!("DEALER#{}", clean(slug))
}

/// Partition of a user (profile and saved cars).
pub fn user(slug: &str, phone: &str) -> String {
    format!("{}#USER#{}", dealer(slug), clean(phone))
}

/// Sort key of one saved car.
pub fn watch(car_id: u64) -> String {
    format!("{WATCH_PREFIX}{car_id:020}")
}

/// Partition of a session.
pub fn session(slug: &str, token_hash: &str) -> String {
    format!("{}#SESSION#{}", dealer(slug), clean(token_hash))
}

/// Partition of a phone's pending sign-in code.
pub fn otp(slug: &str, phone: &str) -> String {
    format!("{}#OTP#{}", dealer(slug), clean(phone))
}

/// Partition of a lead and its outbox entries.
pub fn lead(slug: &str, lead_id: &str) -> String {
    format!("{}#LEAD#{}", dealer(slug), clean(lead_id))
}

/// Sort key of an outbox entry.
pub fn outbox(seq: u32) -> String {
    format!("{OUTBOX_PREFIX}{seq:06}")
}

/// GSI1 partition holding a dealer's undelivered outbox entries.
pub fn outbox_index(slug: &str) -> String {
    format!("{}#OUTBOX", dealer(slug))
}

/// GSI1 partition holding a dealer's parked outbox entries (taken out of delivery).
pub fn outbox_parked_index(slug: &str) -> String {
    format!("{}#OUTBOX-PARKED", dealer(slug))
}

/// GSI1 sort key of an undelivered outbox entry: due time first, so a range query
/// returns the entries due by a time, oldest first.
pub fn outbox_due(due: DateTime<Utc>, lead_id: &str, seq: u32) -> String {
    format!(
        "{:016}#{}#{seq:06}",
        due.timestamp_millis().max(0),
        clean(lead_id)
    )
}

/// The greatest GSI1 sort key of an entry due at `now`.
pub fn due_upper_bound(now: DateTime<Utc>) -> String {
    // '$' sorts after '#', so every key with this exact millisecond is included.
    format!("{:016}$", now.timestamp_millis().max(0))
}

/// Partition of an idempotency key (hashed: keys are client-chosen).
pub fn idempotency(slug: &str, key: &str) -> String {
    format!(
        "{}#IDEMPOTENCY#{}",
        dealer(slug),
        blake3::hash(key.as_bytes()).to_hex()
    )
}

/// Partition of one rate counter window.
pub fn rate(slug: &str, scope: &str, subject: &str, window: i64) -> String {
    format!(
        "{}#RATE#{}#{}#{window}",
        dealer(slug),
        clean(scope),
        clean(subject)
    )
}

/// Partition of one counter window shared by every dealer.
pub fn platform_rate(scope: &str, subject: &str, window: i64) -> String {
    format!("PLATFORM#RATE#{}#{}#{window}", clean(scope), clean(subject))
}

/// Partition of one cached provider answer (the key is hashed: it may be a client's slug).
pub fn cache(slug: &str, name: &str, key: &str) -> String {
    format!(
        "{}#CACHE#{}#{}",
        dealer(slug),
        clean(name),
        blake3::hash(key.as_bytes()).to_hex()
    )
}

/// Partition of the dealer's car holds (one item per held car, so one car has at most
/// one hold and a query lists every held car in id order).
pub fn holds(slug: &str) -> String {
    format!("{}#HOLD", dealer(slug))
}

/// Partition of the one live hold a phone may have at a dealer.
pub fn phone_hold(slug: &str, phone: &str) -> String {
    format!("{}#PHONEHOLD#{}", dealer(slug), clean(phone))
}

/// Sort key of a phone's hold.
pub const SK_PHONE_HOLD: &str = "HOLD";

/// Sort key of the hold on one car.
pub fn hold(car_id: u64) -> String {
    format!("{HOLD_PREFIX}{car_id:020}")
}

/// GSI1 partition of the dealer's card reservations that still hold a car (the expiry
/// and reconciliation pass reads it by due time).
pub fn payments_index(slug: &str) -> String {
    format!("{}#PAYMENTS", dealer(slug))
}

/// Partition of a Stripe event already handled.
pub fn stripe_event(slug: &str, event_id: &str) -> String {
    format!("{}#STRIPEEVENT#{}", dealer(slug), clean(event_id))
}

/// Sort key of a handled Stripe event.
pub const SK_STRIPE_EVENT: &str = "EVENT";

/// Partition of a used dealer link (by the hash of its token).
pub fn used_link(slug: &str, token_hash: &str) -> String {
    format!("{}#USEDLINK#{}", dealer(slug), clean(token_hash))
}

/// Sort key of a used dealer link.
pub const SK_USED_LINK: &str = "USED";

/// Partition of a reservation.
pub fn reservation(slug: &str, reservation_id: &str) -> String {
    format!("{}#RESERVATION#{}", dealer(slug), clean(reservation_id))
}

/// Partition of one location's appointment bookings on one date (one item per booked
/// slot, so a slot is booked at most once and a query lists the day's bookings).
pub fn appointments(slug: &str, location: &str, date: chrono::NaiveDate) -> String {
    format!(
        "{}#APPOINTMENT#{}#{}",
        dealer(slug),
        clean(location),
        date.format("%Y-%m-%d")
    )
}

/// Sort key of one booked slot.
pub fn slot(time: chrono::NaiveTime) -> String {
    format!("{SLOT_PREFIX}{}", time.format("%H:%M"))
}

/// Partition of one kind of logged event (reveal-phone, miscellaneous) on one UTC date.
pub fn events(slug: &str, kind: &str, date: chrono::NaiveDate) -> String {
    format!(
        "{}#EVENT#{}#{}",
        dealer(slug),
        clean(kind),
        date.format("%Y-%m-%d")
    )
}

/// Sort key of one logged event: its time first, so a day reads in order.
pub fn event(at: DateTime<Utc>, id: &str) -> String {
    format!(
        "{EVENT_PREFIX}{:016}#{}",
        at.timestamp_millis().max(0),
        clean(id)
    )
}

/// Partition of the buy-online journey of one reservation.
pub fn journey(slug: &str, reservation_id: &str) -> String {
    format!("{}#JOURNEY#{}", dealer(slug), clean(reservation_id))
}

/// Sort key prefix of a user's journeys of one car (in the user's partition).
pub fn user_journeys_of_car(car_id: u64) -> String {
    format!("{JOURNEY_PREFIX}{car_id:020}#")
}

/// Sort key of one of a user's journeys (in the user's partition).
pub fn user_journey(car_id: u64, reservation_id: &str) -> String {
    format!("{}{}", user_journeys_of_car(car_id), clean(reservation_id))
}
