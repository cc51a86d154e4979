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
pub mod redb;

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use serde_json::Value;

use crate::lead::{LeadFields, PaymentStatus};

pub use self::dynamo::DynamoStore;
pub use self::journey::{
    DeliveryChoice, DeliveryStep, FinanceChoice, FinanceStep, Frequency, JourneyRecord,
    JourneySave, OrderSent, TradeInChoice, TradeInStep,
};
pub use self::redb::RedbStore;

/// Sign-in codes a shopper may get wrong before the code is locked.
pub const OTP_MAX_ATTEMPTS: u32 = 5;
/// How long an idempotency key remembers the lead it created.
pub const IDEMPOTENCY_TTL: Duration = Duration::hours(24);
/// How many times an optimistic write is retried after losing a race.
const RACE_RETRIES: usize = 5;
/// How many times a sign-in code check or issue is retried after losing a race. Each
/// lost race means another request changed the code (at most [`OTP_MAX_ATTEMPTS`] wrong
/// guesses, one right one, a new code), so a check settles long before this; the bound
/// only guards against a backend that keeps failing conditions.
const OTP_RACE_RETRIES: usize = 64;

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

/// A signed-in shopper of one dealer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserRecord {
    /// Normalised phone number (the user's identity).
    pub phone: String,
    /// First sign-in.
    pub created_at: DateTime<Utc>,
}

/// A session created by a verified sign-in code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionRecord {
    /// The signed-in phone number.
    pub phone: String,
    /// When the session started.
    pub created_at: DateTime<Utc>,
    /// When the session ends.
    pub expires_at: DateTime<Utc>,
}

/// A pending sign-in code (only its hash is stored).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct OtpRecord {
    code_hash: String,
    attempts_left: u32,
    created_at: DateTime<Utc>,
}

/// What checking a sign-in code found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtpCheck {
    /// The code was right; it is now used up.
    Valid,
    /// The code was wrong; this many attempts remain.
    Wrong {
        /// Attempts left before the code locks.
        attempts_left: u32,
    },
    /// No code is pending (never requested, expired or already used).
    Missing,
    /// Too many wrong attempts; a new code is needed.
    Locked,
}

/// What asking for a new sign-in code did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtpIssue {
    /// The new code is stored; it keeps the attempts the pending code had left.
    Issued {
        /// Wrong guesses the phone has left.
        attempts_left: u32,
    },
    /// The pending code is locked by wrong guesses: no new code until it expires.
    Locked {
        /// When the lock ends.
        until: DateTime<Utc>,
    },
}

/// One saved car on a watchlist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct WatchRecord {
    car_id: u64,
    saved_at: DateTime<Utc>,
}

/// A stored lead: every field the forms sent, merged across steps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeadRecord {
    /// Lead id returned to the browser.
    pub id: String,
    /// Dealer slug.
    pub dealer: String,
    /// First submission.
    pub created_at: DateTime<Utc>,
    /// Latest submission.
    pub updated_at: DateTime<Utc>,
    /// Submissions so far (1 for a one-step form).
    pub steps: u32,
    /// The lead's fields as the seed names them, contact details parsed.
    pub fields: LeadFields,
}

/// Which webhook of the dealer an attempt went to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// `leads.webhook_url`: the lead as JSON.
    Json,
    /// `leads.adf_webhook_url`: the lead as ADF 1.0 XML.
    Adf,
    /// A lead email to one of `leads.email.recipients`.
    LeadEmail,
    /// The shopper's confirmation email.
    ConfirmationEmail,
    /// The shopper's confirmation text message.
    ConfirmationSms,
}

/// Where one message of an outbox entry (a lead email, a confirmation) stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SendState {
    /// Written to the store just before the transport is called: found on a later pass,
    /// the worker stopped mid-send (a crash) and the outcome is unknown.
    Sending,
    /// The transport accepted it.
    Sent,
    /// The last attempt failed; it is tried again.
    Failed,
    /// Interrupted mid-send and the transport cannot tell whether it went out: it is
    /// not sent again (never twice), and the log names it for a person to check.
    InDoubt,
    /// A confirmation that failed every attempt; the lead is unaffected.
    GaveUp,
}

impl SendState {
    /// Whether nothing more will be tried.
    pub fn settled(self) -> bool {
        matches!(
            self,
            SendState::Sent | SendState::InDoubt | SendState::GaveUp
        )
    }
}

/// One message of an outbox entry to one recipient.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MailSend {
    /// Which kind of message.
    pub target: Target,
    /// Recipient address (or phone, for a text message).
    pub to: String,
    /// The message's deterministic Message-ID (empty for a text message).
    pub message_id: String,
    /// Where it stands.
    pub state: SendState,
    /// Failed attempts so far.
    #[serde(default)]
    pub failures: u32,
}

/// One delivery attempt, kept forever on its outbox entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// When it was made.
    pub at: DateTime<Utc>,
    /// Which webhook.
    pub target: Target,
    /// HTTP status received, if any.
    pub status: Option<u16>,
    /// What went wrong, if anything.
    pub error: Option<String>,
    /// The recipient, for email and SMS targets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recipient: Option<String>,
}

/// Why and when an outbox entry was taken out of delivery.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Parked {
    /// When it was parked.
    pub at: DateTime<Utc>,
    /// What an operator reads: what failed, and how often.
    pub reason: String,
}

/// An outbox item the worker could not read, parked as it was stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Unreadable {
    /// Partition key of the item.
    pub pk: String,
    /// Sort key of the item.
    pub sk: String,
    /// Why it could not be read.
    pub error: String,
}

/// What the operator's list of parked outbox items holds.
#[derive(Debug, Clone, PartialEq)]
pub enum ParkedItem {
    /// An entry parked with its reason.
    Entry(Box<OutboxEntry>),
    /// An item that could not be read as an entry at all.
    Unreadable(Unreadable),
}

/// A lead snapshot waiting to be (or already) delivered to the dealer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutboxEntry {
    /// Dealer slug.
    pub dealer: String,
    /// The lead.
    pub lead_id: String,
    /// Which submission of the lead (1, 2, ...).
    pub seq: u32,
    /// The lead as it was at this submission.
    pub lead: LeadRecord,
    /// When the next attempt is due; `None` once delivered.
    pub due_at: Option<DateTime<Utc>>,
    /// Targets that accepted it.
    pub delivered: Vec<Target>,
    /// When every target had accepted it.
    pub delivered_at: Option<DateTime<Utc>>,
    /// Every attempt, oldest first.
    pub attempts: Vec<Attempt>,
    /// Delivery passes that left a target undelivered (drives the backoff).
    #[serde(default)]
    pub failed_passes: u32,
    /// Every email and text message of the entry, one per target and recipient.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mail: Vec<MailSend>,
    /// Passes that claimed the entry and did not finish it (a panic, an error, or the
    /// process dying mid-pass); back to 0 when a pass finishes. Counted at the claim, so
    /// an entry that kills the whole process is parked all the same.
    #[serde(default)]
    pub unfinished: u32,
    /// Why the last unfinished pass failed, when it could tell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
    /// Set when the entry is taken out of delivery for an operator (see
    /// [`crate::outbox::MAX_UNFINISHED`]); it is never tried again by itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parked: Option<Parked>,
    /// Store version (not serialised into the record).
    #[serde(skip)]
    pub version: u64,
}

/// What storing a lead submission did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeadOutcome {
    /// Stored (with its outbox entry) under this lead id.
    Stored(String),
    /// The idempotency key was used before: nothing new was stored.
    Replayed(String),
    /// The lead id of a later step is unknown for this dealer.
    NotFound,
    /// The idempotency key was used before for another request: nothing was stored.
    KeyReused,
}

/// An idempotency key with the hash of the request it came with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdempotencyKey<'a> {
    /// The client's key.
    pub key: &'a str,
    /// Hash of the request body (a replay must send the same body).
    pub request_hash: &'a str,
}

/// What a remembered idempotency key says about a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Remembered {
    /// The same request came before and created this lead.
    Lead(String),
    /// The key came with another request.
    OtherRequest,
}

impl Remembered {
    fn outcome(self) -> LeadOutcome {
        match self {
            Remembered::Lead(id) => LeadOutcome::Replayed(id),
            Remembered::OtherRequest => LeadOutcome::KeyReused,
        }
    }
}

/// The hold that keeps one car for one reservation until it expires (at most one active
/// hold per car: the hold is written create-once, replacing only an expired one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HoldRecord {
    /// The held car.
    pub car_id: u64,
    /// The reservation holding it.
    pub reservation_id: String,
    /// When the hold started.
    pub created_at: DateTime<Utc>,
    /// When the hold ends (the car is free again from this instant).
    pub expires_at: DateTime<Utc>,
}

/// A reservation of a car (kept after its hold expires, as the dealer's record).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReservationRecord {
    /// Reservation id returned to the browser.
    pub id: String,
    /// Dealer slug.
    pub dealer: String,
    /// The reserved car.
    pub car_id: u64,
    /// The lead that tells the dealer about it.
    pub lead_id: String,
    /// Where the deposit stands.
    pub status: PaymentStatus,
    /// Refundable deposit in dollars.
    pub deposit: u32,
    /// Hours the car is held.
    pub hold_hours: u32,
    /// When the reservation was made.
    pub created_at: DateTime<Utc>,
    /// When its hold ends.
    pub expires_at: DateTime<Utc>,
    /// Whether the deposit is authorised on a card (Stripe): such a reservation stays in
    /// the payments index, due at its hold's end, until it settles.
    #[serde(default)]
    pub card: bool,
    /// The Stripe PaymentIntent of the deposit, once created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_intent: Option<String>,
    /// Every change of state, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<StateChange>,
}

/// One change of a reservation's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateChange {
    /// When it happened.
    pub at: DateTime<Utc>,
    /// The new state.
    pub status: PaymentStatus,
    /// Who or what changed it: `shopper`, `dealer`, `stripe`, `expiry`, `reconciliation`.
    pub by: String,
    /// The card issuer's reason, for a decline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// What a change of state does to the reservation's hold on the car.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldChange {
    /// The hold stays as it is.
    Keep,
    /// The hold (and the reservation's end) move to this instant; only a hold still
    /// standing for this reservation can be extended.
    Extend(DateTime<Utc>),
    /// The hold is deleted: the car is free again.
    Release,
}

/// A change of a reservation's state asked of [`Store::transition`].
#[derive(Debug, Clone, PartialEq)]
pub struct Transition<'a> {
    /// The states it may start from.
    pub from: &'a [PaymentStatus],
    /// The change.
    pub change: StateChange,
    /// The PaymentIntent to record, if learnt now.
    pub payment_intent: Option<String>,
    /// What happens to the hold.
    pub hold: HoldChange,
}

/// What [`Store::transition`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum TransitionOutcome {
    /// Done: the reservation as stored now (its lead updated and queued for the dealer).
    Done(ReservationRecord),
    /// The reservation is in a state the change may not start from; nothing changed.
    NotAllowed(ReservationRecord),
    /// The hold to extend no longer stands for this reservation; nothing changed.
    Lapsed(ReservationRecord),
    /// No such reservation.
    NotFound,
}

/// What asking for a hold on a car did.
#[derive(Debug, Clone, PartialEq)]
pub enum ReserveOutcome {
    /// The car is now held; the reservation and its lead are stored.
    Held,
    /// Another reservation holds the car; nothing was stored.
    Taken(HoldRecord),
    /// The shopper's phone holds another car of the dealer; nothing was stored.
    PhoneHolds(HoldRecord),
}

/// A booked test-drive slot at one location (the lead it belongs to carries the shopper).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BookingRecord {
    /// Dealer slug.
    pub dealer: String,
    /// Location slug.
    pub location: String,
    /// The location's local date.
    pub date: NaiveDate,
    /// The slot's local start time.
    pub time: NaiveTime,
    /// The test-drive lead.
    pub lead_id: String,
    /// When it was booked.
    pub created_at: DateTime<Utc>,
}

/// What asking for an appointment slot did.
#[derive(Debug, Clone, PartialEq)]
pub enum BookingOutcome {
    /// The slot is booked and the lead stored with it.
    Booked(String),
    /// The idempotency key was seen before: the lead it created.
    Replayed(String),
    /// Another lead booked the slot first; nothing was stored.
    Taken,
    /// The idempotency key was used before for another request; nothing was stored.
    KeyReused,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct IdempotencyRecord {
    lead_id: String,
    /// Absent on keys stored before requests were hashed: those replay as before.
    #[serde(default)]
    request_hash: Option<String>,
    created_at: DateTime<Utc>,
}

/// A cached answer of an upstream provider.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct CacheRecord {
    value: Value,
    stored_at: DateTime<Utc>,
}

/// Storage of every piece of shopper data, partitioned by dealer.
///
/// Implementors provide the five primitives; the domain operations are provided.
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
        let pk = keys::otp(dealer, phone);
        for _ in 0..OTP_RACE_RETRIES {
            let current = self.get(&pk, keys::SK_OTP).await?;
            let mut attempts_left = OTP_MAX_ATTEMPTS;
            if let Some(item) = current.as_ref().filter(|i| !i.expired(now)) {
                attempts_left = item.record::<OtpRecord>()?.attempts_left;
                if attempts_left == 0 {
                    let until = item
                        .expires_at
                        .and_then(|at| DateTime::from_timestamp(at, 0))
                        .unwrap_or(now + ttl);
                    return Ok(OtpIssue::Locked { until });
                }
            }
            let record = OtpRecord {
                code_hash: code_hash.to_owned(),
                attempts_left,
                created_at: now,
            };
            let mut item = new_item(pk.clone(), keys::SK_OTP, &record, Some(now + ttl))?;
            // Conditional on what was read, so a wrong guess racing this write is not lost.
            let condition = match &current {
                Some(old) => {
                    item.version = old.version + 1;
                    Condition::Version(old.version)
                }
                None => Condition::Absent { now },
            };
            match self.write(vec![Write::Put { item, condition }]).await {
                Ok(()) => return Ok(OtpIssue::Issued { attempts_left }),
                Err(StoreError::ConditionFailed) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::ConditionFailed)
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
        let pk = keys::otp(dealer, phone);
        for _ in 0..OTP_RACE_RETRIES {
            let Some(item) = self
                .get(&pk, keys::SK_OTP)
                .await?
                .filter(|i| !i.expired(now))
            else {
                return Ok(OtpCheck::Missing);
            };
            let mut record: OtpRecord = item.record()?;
            if record.attempts_left == 0 {
                return Ok(OtpCheck::Locked);
            }
            let outcome = if record.code_hash == code_hash {
                let delete = Write::Delete {
                    pk: pk.clone(),
                    sk: keys::SK_OTP.into(),
                    condition: Condition::Version(item.version),
                };
                self.write(vec![delete]).await.map(|()| OtpCheck::Valid)
            } else {
                record.attempts_left -= 1;
                let attempts_left = record.attempts_left;
                let next = Item {
                    data: to_data(&record)?,
                    version: item.version + 1,
                    ..item.clone()
                };
                self.write(vec![Write::Put {
                    item: next,
                    condition: Condition::Version(item.version),
                }])
                .await
                .map(|()| {
                    if attempts_left == 0 {
                        OtpCheck::Locked
                    } else {
                        OtpCheck::Wrong { attempts_left }
                    }
                })
            };
            match outcome {
                Err(StoreError::ConditionFailed) => continue,
                other => return other,
            }
        }
        Err(StoreError::ConditionFailed)
    }

    // ---------------------------------------------------------------- users and sessions

    /// Creates the user on first sign-in (create-once; later calls change nothing).
    async fn ensure_user(
        &self,
        dealer: &str,
        phone: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let record = UserRecord {
            phone: phone.to_owned(),
            created_at: now,
        };
        let item = new_item(keys::user(dealer, phone), keys::SK_PROFILE, &record, None)?;
        match self
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

    /// The user, if they ever signed in with this dealer.
    async fn user(&self, dealer: &str, phone: &str) -> Result<Option<UserRecord>, StoreError> {
        match self
            .get(&keys::user(dealer, phone), keys::SK_PROFILE)
            .await?
        {
            Some(item) => item.record().map(Some),
            None => Ok(None),
        }
    }

    /// Stores a new session under the hash of its token (create-once).
    async fn create_session(
        &self,
        dealer: &str,
        token_hash: &str,
        session: &SessionRecord,
    ) -> Result<(), StoreError> {
        let item = new_item(
            keys::session(dealer, token_hash),
            keys::SK_SESSION,
            session,
            Some(session.expires_at),
        )?;
        self.write(vec![Write::Put {
            item,
            condition: Condition::Absent {
                now: session.created_at,
            },
        }])
        .await
    }

    /// The live session with this token hash, if any.
    async fn session(
        &self,
        dealer: &str,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<SessionRecord>, StoreError> {
        match self
            .get(&keys::session(dealer, token_hash), keys::SK_SESSION)
            .await?
        {
            Some(item) if !item.expired(now) => item.record().map(Some),
            _ => Ok(None),
        }
    }

    /// Ends a session.
    async fn delete_session(&self, dealer: &str, token_hash: &str) -> Result<(), StoreError> {
        let pk = keys::session(dealer, token_hash);
        self.write(vec![Write::Delete {
            pk,
            sk: keys::SK_SESSION.into(),
            condition: Condition::Always,
        }])
        .await
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
        match self
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

    /// Removes a car from the user's watchlist (removing a missing car is not an error).
    async fn remove_car(&self, dealer: &str, phone: &str, car_id: u64) -> Result<(), StoreError> {
        let pk = keys::user(dealer, phone);
        self.write(vec![Write::Delete {
            pk,
            sk: keys::watch(car_id),
            condition: Condition::Always,
        }])
        .await
    }

    /// The car ids on the user's watchlist, in id order.
    async fn watchlist(&self, dealer: &str, phone: &str) -> Result<Vec<u64>, StoreError> {
        let items = self
            .query(&keys::user(dealer, phone), keys::WATCH_PREFIX)
            .await?;
        items
            .iter()
            .map(|i| i.record::<WatchRecord>().map(|r| r.car_id))
            .collect()
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
        let dealer = lead.dealer.clone();
        let id = lead.id.clone();
        match self
            .write(new_lead_writes(&lead, idempotency_key, now)?)
            .await
        {
            Ok(()) => Ok(LeadOutcome::Stored(id)),
            Err(StoreError::ConditionFailed) => match idempotency_key {
                Some(key) => match self.idempotent_lead(&dealer, key, now).await? {
                    Some(remembered) => Ok(remembered.outcome()),
                    None => Err(StoreError::ConditionFailed),
                },
                None => Err(StoreError::ConditionFailed),
            },
            Err(e) => Err(e),
        }
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
        let pk = keys::lead(dealer, lead_id);
        for _ in 0..RACE_RETRIES {
            if let Some(key) = idempotency_key {
                if let Some(remembered) = self.idempotent_lead(dealer, key, now).await? {
                    return Ok(remembered.outcome());
                }
            }
            let Some(item) = self.get(&pk, keys::SK_LEAD).await? else {
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
            match self.write(writes).await {
                Ok(()) => return Ok(LeadOutcome::Stored(lead_id.to_owned())),
                Err(StoreError::ConditionFailed) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::ConditionFailed)
    }

    /// One lead of the dealer.
    async fn lead(&self, dealer: &str, lead_id: &str) -> Result<Option<LeadRecord>, StoreError> {
        match self
            .get(&keys::lead(dealer, lead_id), keys::SK_LEAD)
            .await?
        {
            Some(item) => item.record().map(Some),
            None => Ok(None),
        }
    }

    /// Every outbox entry of a lead, oldest first (delivered ones included).
    async fn outbox_of_lead(
        &self,
        dealer: &str,
        lead_id: &str,
    ) -> Result<Vec<OutboxEntry>, StoreError> {
        let items = self
            .query(&keys::lead(dealer, lead_id), keys::OUTBOX_PREFIX)
            .await?;
        items.iter().map(outbox_entry).collect()
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
        let items = self
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
                    match self
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

    /// The dealer's parked outbox items, oldest first, at most `limit` (for an operator).
    async fn parked_outbox(
        &self,
        dealer: &str,
        limit: usize,
    ) -> Result<Vec<ParkedItem>, StoreError> {
        let items = self
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

    /// Saves an outbox entry if nobody changed it since it was read; returns the entry
    /// with its new version. Delivered entries leave the due index.
    async fn save_outbox(&self, entry: &OutboxEntry) -> Result<OutboxEntry, StoreError> {
        let item = outbox_item(entry, entry.version + 1)?;
        self.write(vec![Write::Put {
            item,
            condition: Condition::Version(entry.version),
        }])
        .await?;
        Ok(OutboxEntry {
            version: entry.version + 1,
            ..entry.clone()
        })
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
            match self.write(writes.clone()).await {
                Ok(()) => return Ok(ReserveOutcome::Held),
                Err(StoreError::ConditionFailed) => {
                    if let Some(current) = self.hold(dealer, reservation.car_id, now).await? {
                        return Ok(ReserveOutcome::Taken(current));
                    }
                    if let Some(phone) = &phone {
                        if let Some(item) = self
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

    /// The live hold on a car, if any (an expired hold is no hold).
    async fn hold(
        &self,
        dealer: &str,
        car_id: u64,
        now: DateTime<Utc>,
    ) -> Result<Option<HoldRecord>, StoreError> {
        match self.get(&keys::holds(dealer), &keys::hold(car_id)).await? {
            Some(item) if !item.expired(now) => item.record().map(Some),
            _ => Ok(None),
        }
    }

    /// The cars of the dealer that live holds keep, in id order.
    async fn held_cars(&self, dealer: &str, now: DateTime<Utc>) -> Result<Vec<u64>, StoreError> {
        let items = self.query(&keys::holds(dealer), keys::HOLD_PREFIX).await?;
        items
            .iter()
            .filter(|i| !i.expired(now))
            .map(|i| i.record::<HoldRecord>().map(|h| h.car_id))
            .collect()
    }

    /// One reservation of the dealer.
    async fn reservation(
        &self,
        dealer: &str,
        reservation_id: &str,
    ) -> Result<Option<ReservationRecord>, StoreError> {
        match self
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
        let pk = keys::reservation(dealer, reservation_id);
        for _ in 0..RACE_RETRIES {
            let Some(item) = self.get(&pk, keys::SK_RESERVATION).await? else {
                return Ok(TransitionOutcome::NotFound);
            };
            let mut record: ReservationRecord = item.record()?;
            if !t.from.contains(&record.status) {
                return Ok(TransitionOutcome::NotAllowed(record));
            }
            let lead_item = self
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
                if let Some(hold) = self.get(&hpk, &hsk).await? {
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
            match self.write(writes).await {
                Ok(()) => return Ok(TransitionOutcome::Done(record)),
                Err(StoreError::ConditionFailed) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::ConditionFailed)
    }

    /// The dealer's card reservations due at `now` in the payments index (a hold that
    /// has ended or is about to, oldest first), at most `limit`.
    async fn due_card_reservations(
        &self,
        dealer: &str,
        now: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<ReservationRecord>, StoreError> {
        let items = self
            .query_gsi1(
                &keys::payments_index(dealer),
                &keys::due_upper_bound(now),
                limit,
            )
            .await?;
        items.iter().map(Item::record).collect()
    }

    /// Remembers a Stripe event id (create-once, for 30 days); false when it was seen
    /// before.
    async fn first_sight_of_event(
        &self,
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
        match self
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

    /// Marks a dealer link's token used (create-once until `until`); false when it was
    /// used before.
    async fn use_link_token(
        &self,
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
        match self
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
        let pk = keys::appointments(&booking.dealer, &booking.location, booking.date);
        let mut writes = new_lead_writes(lead, idempotency_key, now)?;
        writes.push(Write::Put {
            item: new_item(pk.clone(), &keys::slot(booking.time), booking, None)?,
            condition: Condition::Absent { now },
        });
        for _ in 0..RACE_RETRIES {
            match self.write(writes.clone()).await {
                Ok(()) => return Ok(BookingOutcome::Booked(lead.id.clone())),
                Err(StoreError::ConditionFailed) => {
                    if let Some(key) = idempotency_key {
                        match self.idempotent_lead(&booking.dealer, key, now).await? {
                            Some(Remembered::Lead(existing)) => {
                                return Ok(BookingOutcome::Replayed(existing))
                            }
                            Some(Remembered::OtherRequest) => return Ok(BookingOutcome::KeyReused),
                            None => {}
                        }
                    }
                    if self.get(&pk, &keys::slot(booking.time)).await?.is_some() {
                        return Ok(BookingOutcome::Taken);
                    }
                    // Collided with a transaction that has not committed; try again.
                }
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::ConditionFailed)
    }

    /// The booked slots of a location on a date, earliest first.
    async fn booked_slots(
        &self,
        dealer: &str,
        location: &str,
        date: NaiveDate,
    ) -> Result<Vec<BookingRecord>, StoreError> {
        let items = self
            .query(
                &keys::appointments(dealer, location, date),
                keys::SLOT_PREFIX,
            )
            .await?;
        items.iter().map(Item::record).collect()
    }

    // ---------------------------------------------------------------- buy-online journeys

    /// Starts a reservation's journey (create-once) with the index entry that finds it
    /// from the reservation's phone; false when the journey exists already.
    async fn open_journey(
        &self,
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
        match self.write(writes).await {
            Ok(()) => Ok(true),
            Err(StoreError::ConditionFailed) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The journey of a reservation of the dealer, with its version.
    async fn journey(
        &self,
        dealer: &str,
        reservation_id: &str,
    ) -> Result<Option<JourneyRecord>, StoreError> {
        match self
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

    /// The reservations whose journeys of a car a phone began, oldest first.
    async fn journeys_of_phone(
        &self,
        dealer: &str,
        phone: &str,
        car_id: u64,
    ) -> Result<Vec<String>, StoreError> {
        #[derive(Deserialize)]
        struct Entry {
            reservation_id: String,
            created_at: DateTime<Utc>,
        }
        let items = self
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
        match self.write(writes).await {
            Ok(()) => Ok(JourneySave::Saved(Box::new(JourneyRecord {
                version: journey.version + 1,
                ..journey.clone()
            }))),
            Err(StoreError::ConditionFailed) => {
                if let Some((pk, sk)) = &slot {
                    if self.get(pk, sk).await?.is_some() {
                        return Ok(JourneySave::SlotTaken);
                    }
                }
                Ok(JourneySave::Changed)
            }
            Err(e) => Err(e),
        }
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
        let item = Item {
            pk: keys::events(dealer, kind, at.date_naive()),
            sk: keys::event(at, id),
            gsi1: None,
            expires_at: None,
            version: 1,
            data,
        };
        self.write(vec![Write::Put {
            item,
            condition: Condition::Absent { now: at },
        }])
        .await
    }

    /// The events of a kind logged on one UTC day, oldest first.
    async fn events(
        &self,
        dealer: &str,
        kind: &str,
        date: NaiveDate,
    ) -> Result<Vec<Value>, StoreError> {
        Ok(self
            .query(&keys::events(dealer, kind, date), keys::EVENT_PREFIX)
            .await?
            .into_iter()
            .map(|i| i.data)
            .collect())
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
        match self
            .get(&keys::idempotency(dealer, key.key), keys::SK_IDEMPOTENCY)
            .await?
        {
            Some(item) if !item.expired(now) => {
                let record: IdempotencyRecord = item.record()?;
                Ok(Some(match record.request_hash {
                    Some(hash) if hash != key.request_hash => Remembered::OtherRequest,
                    _ => Remembered::Lead(record.lead_id),
                }))
            }
            _ => Ok(None),
        }
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
        let secs = window.num_seconds().max(1);
        let window_index = now.timestamp().div_euclid(secs);
        let pk = keys::rate(dealer, scope, subject, window_index);
        self.increment(&pk, keys::SK_RATE, (window_index + 1) * secs)
            .await
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
        let secs = window.num_seconds().max(1);
        let window_index = now.timestamp().div_euclid(secs);
        let pk = keys::platform_rate(scope, subject, window_index);
        self.increment(&pk, keys::SK_RATE, (window_index + 1) * secs)
            .await
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
        match self
            .get(&keys::cache(dealer, name, key), keys::SK_CACHE)
            .await?
        {
            Some(item) if !item.expired(now) => item.record::<CacheRecord>().map(|r| Some(r.value)),
            _ => Ok(None),
        }
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
        let record = CacheRecord {
            value,
            stored_at: now,
        };
        let item = new_item(
            keys::cache(dealer, name, key),
            keys::SK_CACHE,
            &record,
            Some(expires),
        )?;
        self.write(vec![Write::Put {
            item,
            condition: Condition::Always,
        }])
        .await
    }
}

fn to_data<T: Serialize>(record: &T) -> Result<Value, StoreError> {
    serde_json::to_value(record).map_err(StoreError::backend)
}

fn new_item<T: Serialize>(
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
fn reservation_item(record: &ReservationRecord, version: u64) -> Result<Item, StoreError> {
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

fn outbox_item(entry: &OutboxEntry, version: u64) -> Result<Item, StoreError> {
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
fn new_lead_writes(
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

fn outbox_write(lead: &LeadRecord, now: DateTime<Utc>) -> Result<Write, StoreError> {
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

fn outbox_entry(item: &Item) -> Result<OutboxEntry, StoreError> {
    let mut entry: OutboxEntry = item.record()?;
    entry.version = item.version;
    Ok(entry)
}

fn idempotency_write(
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
