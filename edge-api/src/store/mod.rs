//! Storage behind the API. [`Store`] is one async trait: each backend implements five
//! primitives with its own atomicity (a redb write transaction, a DynamoDB conditional
//! write or `TransactWriteItems`), and every domain operation (users, sessions, sign-in
//! codes, watchlist, leads with their outbox, reservations with their car holds,
//! idempotency keys, rate-limit counters) is written once on top of them, so both
//! backends keep the same invariants and the same key design (`PK`/`SK` strings such as
//! `DEALER#<slug>#USER#<phone>`, see [`keys`]).

pub mod dynamo;
pub mod journey;
pub mod keys;
mod ops;
mod records;
pub mod redb;

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::lead::LeadFields;

pub use self::dynamo::DynamoStore;
pub use self::journey::{
    DeliveryChoice, DeliveryStep, FinanceChoice, FinanceStep, Frequency, JourneyRecord,
    JourneySave, OrderSent, TradeInChoice, TradeInStep,
};
pub use self::records::{
    Attempt, BookingOutcome, BookingRecord, HoldChange, HoldRecord, IdempotencyKey, LeadOutcome,
    LeadRecord, MailSend, OtpCheck, OtpIssue, OutboxEntry, Parked, ParkedItem, Remembered,
    ReservationRecord, ReserveOutcome, SendState, SessionRecord, StateChange, Target, Transition,
    TransitionOutcome, Unreadable, UserRecord,
};
pub use self::redb::RedbStore;

/// Sign-in codes a shopper may get wrong before the code is locked.
pub const OTP_MAX_ATTEMPTS: u32 = 5;
/// How long an idempotency key remembers the lead it created.
pub const IDEMPOTENCY_TTL: Duration = Duration::hours(24);

/// One stored item, the same shape in every backend.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Partition key, always starting with `DEALER#<slug>#`.
    pub pk: String,
    /// Sort key.
    pub sk: String,
    /// Key in the GSI1 index (`GSI1PK`, `GSI1SK`); `None` keeps the item out of it.
    pub gsi1: Option<(String, String)>,
    /// Expiry in Unix seconds (the DynamoDB TTL attribute `expires_at`).
    pub expires_at: Option<i64>,
    /// Optimistic-concurrency version, starting at 1.
    pub version: u64,
    /// The record itself (a JSON object).
    pub data: Value,
}

impl Item {
    /// Whether the item has expired at `now` (expired items are treated as absent).
    pub fn expired(&self, now: DateTime<Utc>) -> bool {
        self.expires_at.is_some_and(|at| at <= now.timestamp())
    }

    fn record<T: DeserializeOwned>(&self) -> Result<T, StoreError> {
        serde_json::from_value(self.data.clone()).map_err(|e| {
            StoreError::Backend(
                anyhow::Error::new(e).context(format!("corrupt item {} {}", self.pk, self.sk)),
            )
        })
    }
}

/// The precondition of one write.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Condition {
    /// Write unconditionally.
    Always,
    /// The item must not exist, or must have expired at `now` (create-once).
    Absent {
        /// The time against which `expires_at` is compared.
        now: DateTime<Utc>,
    },
    /// The item must exist with exactly this version.
    Version(u64),
}

/// One write of an all-or-nothing batch.
#[derive(Debug, Clone, PartialEq)]
pub enum Write {
    /// Create or replace an item.
    Put {
        /// The new item.
        item: Item,
        /// What must hold first.
        condition: Condition,
    },
    /// Delete an item.
    Delete {
        /// Partition key.
        pk: String,
        /// Sort key.
        sk: String,
        /// What must hold first.
        condition: Condition,
    },
}

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A condition of the batch did not hold (or, on DynamoDB, a concurrent transaction
    /// held one of its items); nothing was written.
    #[error("a write condition did not hold")]
    ConditionFailed,
    /// The backend failed (I/O, network, corrupt data).
    #[error("storage backend failed")]
    Backend(#[source] anyhow::Error),
}

impl StoreError {
    /// Wraps any backend error.
    pub fn backend(e: impl Into<anyhow::Error>) -> Self {
        StoreError::Backend(e.into())
    }
}

/// Storage of every piece of shopper data, partitioned by dealer.
///
/// Implementors provide the five primitives; the domain operations are provided, each
/// written once in `ops/` (grouped by concern) on top of the primitives.
#[async_trait]
pub trait Store: Send + Sync {
    /// Reads one item (expired items included; callers filter).
    async fn get(&self, pk: &str, sk: &str) -> Result<Option<Item>, StoreError>;
    /// Every item of a partition whose sort key starts with `sk_prefix`, by sort key.
    async fn query(&self, pk: &str, sk_prefix: &str) -> Result<Vec<Item>, StoreError>;
    /// Items of GSI1 partition `gsi1pk` with `GSI1SK <= sk_max`, by `GSI1SK`, at most `limit`.
    async fn query_gsi1(
        &self,
        gsi1pk: &str,
        sk_max: &str,
        limit: usize,
    ) -> Result<Vec<Item>, StoreError>;
    /// Applies every write or none ([`StoreError::ConditionFailed`] when a condition fails).
    async fn write(&self, writes: Vec<Write>) -> Result<(), StoreError>;
    /// Atomically adds one to a counter item and returns the new count; the counter
    /// expires at `expires_at` (Unix seconds).
    async fn increment(&self, pk: &str, sk: &str, expires_at: i64) -> Result<u64, StoreError>;

    // ---------------------------------------------------------------- sign-in codes

    /// Stores a new sign-in code for `phone`, replacing any pending one. The new code
    /// inherits the wrong guesses left on a pending code, so asking for codes again does
    /// not buy more guesses; while the pending code is locked no new code is issued (the
    /// lock ends when that code expires).
    async fn put_otp(
        &self,
        dealer: &str,
        phone: &str,
        code_hash: &str,
        now: DateTime<Utc>,
        ttl: Duration,
    ) -> Result<OtpIssue, StoreError> {
        ops::sign_in::put_otp(self, dealer, phone, code_hash, now, ttl).await
    }

    /// Checks a sign-in code; a right code is used up, a wrong one costs an attempt. A
    /// check that loses a race to another check reads the code again (it never reports a
    /// live code as missing).
    async fn check_otp(
        &self,
        dealer: &str,
        phone: &str,
        code_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<OtpCheck, StoreError> {
        ops::sign_in::check_otp(self, dealer, phone, code_hash, now).await
    }

    // ---------------------------------------------------------------- users and sessions

    /// Creates the user on first sign-in (create-once; later calls change nothing).
    async fn ensure_user(
        &self,
        dealer: &str,
        phone: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        ops::sign_in::ensure_user(self, dealer, phone, now).await
    }

    /// The user, if they ever signed in with this dealer.
    async fn user(&self, dealer: &str, phone: &str) -> Result<Option<UserRecord>, StoreError> {
        ops::sign_in::user(self, dealer, phone).await
    }

    /// Stores a new session under the hash of its token (create-once).
    async fn create_session(
        &self,
        dealer: &str,
        token_hash: &str,
        session: &SessionRecord,
    ) -> Result<(), StoreError> {
        ops::sign_in::create_session(self, dealer, token_hash, session).await
    }

    /// The live session with this token hash, if any.
    async fn session(
        &self,
        dealer: &str,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<SessionRecord>, StoreError> {
        ops::sign_in::session(self, dealer, token_hash, now).await
    }

    /// Ends a session.
    async fn delete_session(&self, dealer: &str, token_hash: &str) -> Result<(), StoreError> {
        ops::sign_in::delete_session(self, dealer, token_hash).await
    }

    // ---------------------------------------------------------------- watchlist

    /// Saves a car on the user's watchlist (saving twice keeps one entry).
    async fn save_car(
        &self,
        dealer: &str,
        phone: &str,
        car_id: u64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        ops::watchlist::save_car(self, dealer, phone, car_id, now).await
    }

    /// Removes a car from the user's watchlist (removing a missing car is not an error).
    async fn remove_car(&self, dealer: &str, phone: &str, car_id: u64) -> Result<(), StoreError> {
        ops::watchlist::remove_car(self, dealer, phone, car_id).await
    }

    /// The car ids on the user's watchlist, in id order.
    async fn watchlist(&self, dealer: &str, phone: &str) -> Result<Vec<u64>, StoreError> {
        ops::watchlist::watchlist(self, dealer, phone).await
    }

    // ---------------------------------------------------------------- leads and outbox

    /// Stores a new lead together with its first outbox entry (and the idempotency key,
    /// if any) in one transaction. A key seen before returns the lead it created.
    async fn create_lead(
        &self,
        lead: LeadRecord,
        idempotency_key: Option<IdempotencyKey<'_>>,
        now: DateTime<Utc>,
    ) -> Result<LeadOutcome, StoreError> {
        ops::leads::create_lead(self, lead, idempotency_key, now).await
    }

    /// Merges a later step into an existing lead and queues the merged lead for delivery,
    /// in one transaction guarded by the lead's version.
    async fn update_lead(
        &self,
        dealer: &str,
        lead_id: &str,
        fields: LeadFields,
        idempotency_key: Option<IdempotencyKey<'_>>,
        now: DateTime<Utc>,
    ) -> Result<LeadOutcome, StoreError> {
        ops::leads::update_lead(self, dealer, lead_id, fields, idempotency_key, now).await
    }

    /// One lead of the dealer.
    async fn lead(&self, dealer: &str, lead_id: &str) -> Result<Option<LeadRecord>, StoreError> {
        ops::leads::lead(self, dealer, lead_id).await
    }

    /// Every outbox entry of a lead, oldest first (delivered ones included).
    async fn outbox_of_lead(
        &self,
        dealer: &str,
        lead_id: &str,
    ) -> Result<Vec<OutboxEntry>, StoreError> {
        ops::leads::outbox_of_lead(self, dealer, lead_id).await
    }

    /// Undelivered outbox entries of the dealer due at `now`, oldest due first. An item
    /// that cannot be read as an entry is moved, as stored, to the parked index and
    /// logged, so it never stands at the head of the queue.
    async fn due_outbox(
        &self,
        dealer: &str,
        now: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<OutboxEntry>, StoreError> {
        ops::leads::due_outbox(self, dealer, now, limit).await
    }

    /// The dealer's parked outbox items, oldest first, at most `limit` (for an operator).
    async fn parked_outbox(
        &self,
        dealer: &str,
        limit: usize,
    ) -> Result<Vec<ParkedItem>, StoreError> {
        ops::leads::parked_outbox(self, dealer, limit).await
    }

    /// Saves an outbox entry if nobody changed it since it was read; returns the entry
    /// with its new version. Delivered entries leave the due index.
    async fn save_outbox(&self, entry: &OutboxEntry) -> Result<OutboxEntry, StoreError> {
        ops::leads::save_outbox(self, entry).await
    }

    // ---------------------------------------------------------------- reservations

    /// Holds a car for a reservation until `reservation.expires_at`: the hold (create-once
    /// per car; an expired hold counts as absent), the reservation and its lead with the
    /// lead's first outbox entry are one all-or-nothing write, so of any number of
    /// concurrent reservations of a car exactly one is stored, with its lead.
    async fn reserve(
        &self,
        reservation: &ReservationRecord,
        lead: &LeadRecord,
        now: DateTime<Utc>,
    ) -> Result<ReserveOutcome, StoreError> {
        ops::reservations::reserve(self, reservation, lead, now).await
    }

    /// The live hold on a car, if any (an expired hold is no hold).
    async fn hold(
        &self,
        dealer: &str,
        car_id: u64,
        now: DateTime<Utc>,
    ) -> Result<Option<HoldRecord>, StoreError> {
        ops::reservations::hold(self, dealer, car_id, now).await
    }

    /// The cars of the dealer that live holds keep, in id order.
    async fn held_cars(&self, dealer: &str, now: DateTime<Utc>) -> Result<Vec<u64>, StoreError> {
        ops::reservations::held_cars(self, dealer, now).await
    }

    /// One reservation of the dealer.
    async fn reservation(
        &self,
        dealer: &str,
        reservation_id: &str,
    ) -> Result<Option<ReservationRecord>, StoreError> {
        ops::reservations::reservation(self, dealer, reservation_id).await
    }

    /// Changes a reservation's state if it is in one of `t.from`: records the change on
    /// the reservation, applies `t.hold` to the car's hold (and the phone's), and updates
    /// the reservation's lead with the new state, queued for the dealer through the
    /// outbox, all in one transaction guarded by the items' versions.
    async fn transition(
        &self,
        dealer: &str,
        reservation_id: &str,
        t: &Transition<'_>,
        now: DateTime<Utc>,
    ) -> Result<TransitionOutcome, StoreError> {
        ops::reservations::transition(self, dealer, reservation_id, t, now).await
    }

    /// The dealer's card reservations due at `now` in the payments index (a hold that
    /// has ended or is about to, oldest first), at most `limit`.
    async fn due_card_reservations(
        &self,
        dealer: &str,
        now: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<ReservationRecord>, StoreError> {
        ops::reservations::due_card_reservations(self, dealer, now, limit).await
    }

    /// Remembers a Stripe event id (create-once, for 30 days); false when it was seen
    /// before.
    async fn first_sight_of_event(
        &self,
        dealer: &str,
        event_id: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        ops::reservations::first_sight_of_event(self, dealer, event_id, now).await
    }

    /// Marks a dealer link's token used (create-once until `until`); false when it was
    /// used before.
    async fn use_link_token(
        &self,
        dealer: &str,
        token_hash: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        ops::reservations::use_link_token(self, dealer, token_hash, until, now).await
    }

    // ---------------------------------------------------------------- appointments

    /// Stores a test-drive lead with its booked slot in one transaction (the slot is
    /// create-once), so of any number of shoppers asking for one slot exactly one gets it
    /// and only that lead is stored. A repeated idempotency key returns the first lead.
    async fn book_appointment(
        &self,
        lead: &LeadRecord,
        booking: &BookingRecord,
        idempotency_key: Option<IdempotencyKey<'_>>,
        now: DateTime<Utc>,
    ) -> Result<BookingOutcome, StoreError> {
        ops::appointments::book_appointment(self, lead, booking, idempotency_key, now).await
    }

    /// The booked slots of a location on a date, earliest first.
    async fn booked_slots(
        &self,
        dealer: &str,
        location: &str,
        date: NaiveDate,
    ) -> Result<Vec<BookingRecord>, StoreError> {
        ops::appointments::booked_slots(self, dealer, location, date).await
    }

    // ---------------------------------------------------------------- buy-online journeys

    /// Starts a reservation's journey (create-once) with the index entry that finds it
    /// from the reservation's phone; false when the journey exists already.
    async fn open_journey(
        &self,
        journey: &JourneyRecord,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        ops::journeys::open_journey(self, journey, now).await
    }

    /// The journey of a reservation of the dealer, with its version.
    async fn journey(
        &self,
        dealer: &str,
        reservation_id: &str,
    ) -> Result<Option<JourneyRecord>, StoreError> {
        ops::journeys::journey(self, dealer, reservation_id).await
    }

    /// The reservations whose journeys of a car a phone began, oldest first.
    async fn journeys_of_phone(
        &self,
        dealer: &str,
        phone: &str,
        car_id: u64,
    ) -> Result<Vec<String>, StoreError> {
        ops::journeys::journeys_of_phone(self, dealer, phone, car_id).await
    }

    /// Saves a journey if nobody changed it since it was read (its `version`), with a
    /// new lead (and its outbox entry) and a booked pick-up slot in the same
    /// transaction: a step's application or the order is stored exactly once, however
    /// often the shopper presses the button.
    async fn save_journey(
        &self,
        journey: &JourneyRecord,
        lead: Option<&LeadRecord>,
        booking: Option<&BookingRecord>,
        now: DateTime<Utc>,
    ) -> Result<JourneySave, StoreError> {
        ops::journeys::save_journey(self, journey, lead, booking, now).await
    }

    // ---------------------------------------------------------------- logged events

    /// Appends one event of a kind (a phone reveal, a saved valuation) to the dealer's
    /// log of that UTC day.
    async fn record_event(
        &self,
        dealer: &str,
        kind: &str,
        id: &str,
        data: Value,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        ops::events::record_event(self, dealer, kind, id, data, at).await
    }

    /// The events of a kind logged on one UTC day, oldest first.
    async fn events(
        &self,
        dealer: &str,
        kind: &str,
        date: NaiveDate,
    ) -> Result<Vec<Value>, StoreError> {
        ops::events::events(self, dealer, kind, date).await
    }

    // ---------------------------------------------------------------- idempotency and rates

    /// What a remembered idempotency key says about this request: the lead the same
    /// request created, or that the key came with another request (a key stored without
    /// a request hash replays for any request).
    async fn idempotent_lead(
        &self,
        dealer: &str,
        key: IdempotencyKey<'_>,
        now: DateTime<Utc>,
    ) -> Result<Option<Remembered>, StoreError> {
        ops::limits::idempotent_lead(self, dealer, key, now).await
    }

    /// Counts one hit of `subject` in the current fixed window of `scope`; returns the
    /// hits in this window so far (this one included).
    async fn hit_rate(
        &self,
        dealer: &str,
        scope: &str,
        subject: &str,
        window: Duration,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        ops::limits::hit_rate(self, dealer, scope, subject, window, now).await
    }

    /// [`Store::hit_rate`] on a counter shared by every dealer (a phone's sign-in codes
    /// are capped across the platform, whichever site asks).
    async fn hit_platform_rate(
        &self,
        scope: &str,
        subject: &str,
        window: Duration,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        ops::limits::hit_platform_rate(self, scope, subject, window, now).await
    }

    // ---------------------------------------------------------------- provider answers

    /// A provider's answer cached under `name` and `key` for the dealer, while fresh.
    async fn cached(
        &self,
        dealer: &str,
        name: &str,
        key: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Value>, StoreError> {
        ops::cache::cached(self, dealer, name, key, now).await
    }

    /// Caches a provider's answer until `expires` (replacing any cached one).
    async fn cache(
        &self,
        dealer: &str,
        name: &str,
        key: &str,
        value: Value,
        now: DateTime<Utc>,
        expires: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        ops::cache::cache(self, dealer, name, key, value, now, expires).await
    }
}
