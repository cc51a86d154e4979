//! The records the store keeps, as every backend stores them in an item's data, and
//! the outcomes of the operations on them.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::lead::{LeadFields, PaymentStatus};

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
pub(super) struct OtpRecord {
    pub(super) code_hash: String,
    pub(super) attempts_left: u32,
    pub(super) created_at: DateTime<Utc>,
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
pub(super) struct WatchRecord {
    pub(super) car_id: u64,
    pub(super) saved_at: DateTime<Utc>,
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
    /// Set when the entry is taken out of delivery for an operator (after too many
    /// unfinished passes); it is never tried again by itself.
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
    pub(super) fn outcome(self) -> LeadOutcome {
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
pub(super) struct IdempotencyRecord {
    pub(super) lead_id: String,
    /// Absent on keys stored before requests were hashed: those replay as before.
    #[serde(default)]
    pub(super) request_hash: Option<String>,
    pub(super) created_at: DateTime<Utc>,
}

/// A cached answer of an upstream provider.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct CacheRecord {
    pub(super) value: Value,
    pub(super) stored_at: DateTime<Utc>,
}
