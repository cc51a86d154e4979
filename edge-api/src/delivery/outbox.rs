//! Lead delivery from the outbox. Each due entry is claimed (a short lease written with
//! a version condition, so two workers never post the same entry at once), then POSTed
//! as JSON to the dealer's `webhook_url` and as ADF 1.0 XML to its `adf_webhook_url`,
//! emailed to each of the dealer's `leads.email.recipients` it concerns, and confirmed
//! to the shopper (email; SMS where the dealer turns it on; first step only).
//! Every attempt is recorded on the entry (time, status, error); a failed target is
//! retried with exponential backoff and nothing is ever dropped. [`drain`] is one pass
//! (the Lambda schedule calls it); [`spawn_worker`] runs passes in the local server.
//!
//! Email guarantee, per lead step and recipient: before a message is handed to the
//! transport its [`SendState::Sending`] marker is written to the entry (a versioned,
//! conditional write), and the outcome is written right after. A pass that finds the
//! marker without an outcome knows the worker stopped mid-send (a crash or a kill). It
//! then asks the transport whether the message, by its deterministic Message-ID, went
//! out: the `.eml` folder transport can tell, so the message is sent exactly once; SMTP
//! and SES cannot, so the message is marked [`SendState::InDoubt`], not sent again, and
//! logged as `lead_email_in_doubt` for a person to check. So a message is never sent
//! twice to the same recipient, and one is left in doubt only when a process dies in the
//! one call that sends it. A confirmation's failure never holds up the lead's own
//! targets: it is tried [`CONFIRMATION_TRIES`] times and then given up.

// Lead delivery handles shopper data: nothing here may panic on it.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use serde_json::json;

use crate::delivery::adf::lead_to_adf_with_notes;
use crate::delivery::lead_mail;
use crate::delivery::mail::OutgoingMail;
use crate::delivery::sms::Sms;
use crate::payment::links::DealerAction;
use crate::store::{
    Attempt, MailSend, OutboxEntry, Parked, ParkedItem, SendState, StoreError, Target,
};
use crate::tenancy::Tenant;
use crate::AppState;
use domain::messages::ALERT_CATEGORY;

/// How long a claimed entry is hidden from other workers while it is being delivered.
pub const LEASE: Duration = Duration::seconds(60);
/// Entries taken per dealer per pass.
pub const BATCH: usize = 50;
/// Timeout of one webhook call.
pub const WEBHOOK_TIMEOUT: StdDuration = StdDuration::from_secs(10);
/// Attempts at a shopper's confirmation before it is given up (the lead is unaffected).
pub const CONFIRMATION_TRIES: u32 = 3;

/// Exponential backoff between failed attempts of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// Delay after the first failure.
    pub base: Duration,
    /// Longest delay.
    pub max: Duration,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            base: Duration::seconds(30),
            max: Duration::hours(1),
        }
    }
}

impl Backoff {
    /// Delay before the next attempt after `failures` failed passes (1 or more).
    pub fn delay(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(30);
        let delay = self
            .base
            .num_milliseconds()
            .saturating_mul(1i64 << doublings);
        Duration::milliseconds(delay.min(self.max.num_milliseconds()))
    }
}

/// Passes that may claim an entry without finishing it before it is parked: a panic, an
/// error, or the process dying while the entry was being delivered. A target that
/// answers with an error is not this: the pass finishes and the entry is retried with
/// [`Backoff`], as long as it takes, because the lead itself is fine.
pub const MAX_UNFINISHED: u32 = 3;

/// What one pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrainReport {
    /// Entries now fully delivered.
    pub delivered: usize,
    /// Entries with a failed target, or whose pass did not finish (rescheduled).
    pub failed: usize,
    /// Entries taken out of delivery for an operator in this pass.
    pub parked: usize,
}

/// One pass over every dealer's due outbox entries. Each entry is delivered on its own:
/// a panic or an error in one is recorded on that entry (and parks it once it has
/// happened [`MAX_UNFINISHED`] times) and the pass goes on with the next; a store error
/// reading one dealer's queue skips that dealer for this pass. The error is the last
/// store error met, after every dealer had its turn.
pub async fn drain(state: &AppState) -> Result<DrainReport, StoreError> {
    // Card holds that ended get their authorisation cancelled on the same schedule.
    if let Err(e) = crate::payment::flow::payment_pass(state).await {
        tracing::error!(
            error = format!("{e:#}"),
            "the card deposit pass failed; tried again next pass"
        );
    }
    let mut report = DrainReport::default();
    let mut store_error = None;
    for tenant in state.tenants.all() {
        let now = state.clock.now();
        let due = match state.store.due_outbox(&tenant.slug, now, BATCH).await {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(dealer = %tenant.slug, error = %e, "reading the outbox failed; this dealer waits for the next pass");
                store_error = Some(e);
                continue;
            }
        };
        for entry in due {
            match deliver_one(state, tenant, entry, now).await {
                Ok(Some(Outcome::Delivered)) => report.delivered += 1,
                Ok(Some(Outcome::Failed)) => report.failed += 1,
                Ok(Some(Outcome::Parked)) => report.parked += 1,
                // Another worker claimed it first.
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(dealer = %tenant.slug, error = %e, "an outbox entry could not be claimed");
                    store_error = Some(e);
                }
            }
        }
    }
    match store_error {
        Some(e) if report == DrainReport::default() => Err(e),
        _ => Ok(report),
    }
}

/// What became of one entry in a pass.
enum Outcome {
    Delivered,
    Failed,
    Parked,
}

/// Claims one due entry and delivers it in isolation; `None` when another worker holds it.
async fn deliver_one(
    state: &AppState,
    tenant: &Tenant,
    entry: OutboxEntry,
    now: DateTime<Utc>,
) -> Result<Option<Outcome>, StoreError> {
    if entry.unfinished >= MAX_UNFINISHED {
        let reason = format!(
            "{} delivery passes did not finish; the last one: {}",
            entry.unfinished,
            entry
                .last_error
                .as_deref()
                .unwrap_or("the process stopped mid-pass (a crash or a kill)")
        );
        return park(state, tenant, entry, reason, now).await;
    }
    // The claim counts as unfinished until the pass saves the entry at its end.
    let claim = OutboxEntry {
        due_at: Some(now + LEASE),
        unfinished: entry.unfinished + 1,
        ..entry
    };
    let claimed = match state.store.save_outbox(&claim).await {
        Ok(claimed) => claimed,
        Err(StoreError::ConditionFailed) => return Ok(None),
        Err(e) => return Err(e),
    };
    let (lead_id, seq) = (claimed.lead_id.clone(), claimed.seq);
    let pass = std::panic::AssertUnwindSafe(deliver(state, tenant, claimed));
    let error = match futures_util::FutureExt::catch_unwind(pass).await {
        Ok(Ok(true)) => return Ok(Some(Outcome::Delivered)),
        Ok(Ok(false)) => return Ok(Some(Outcome::Failed)),
        Ok(Err(e)) => format!("store: {e}"),
        Err(panic) => format!(
            "panicked: {}",
            crate::delivery::mail::panic_message(panic.as_ref())
        ),
    };
    tracing::error!(event = "lead_delivery_unfinished", dealer = %tenant.slug, lead_id = %lead_id, seq,
        error = %error, "an outbox entry's delivery pass did not finish; recorded on the entry");
    // Read the entry again: the pass may have saved it before it failed.
    let Some(mut entry) = state
        .store
        .outbox_of_lead(&tenant.slug, &lead_id)
        .await?
        .into_iter()
        .find(|e| e.seq == seq)
    else {
        return Ok(Some(Outcome::Failed));
    };
    entry.last_error = Some(error.clone());
    if entry.unfinished >= MAX_UNFINISHED {
        let reason = format!(
            "{} delivery passes did not finish; the last one: {error}",
            entry.unfinished
        );
        return park(state, tenant, entry, reason, state.clock.now()).await;
    }
    entry.failed_passes += 1;
    entry.due_at = Some(state.clock.now() + state.backoff.delay(entry.failed_passes));
    match state.store.save_outbox(&entry).await {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(Some(Outcome::Failed)),
        Err(e) => Err(e),
    }
}

/// Takes an entry out of delivery with its reason, and says so in the log the alarms read.
async fn park(
    state: &AppState,
    tenant: &Tenant,
    entry: OutboxEntry,
    reason: String,
    now: DateTime<Utc>,
) -> Result<Option<Outcome>, StoreError> {
    tracing::error!(event = "lead_delivery_parked", dealer = %tenant.slug, lead_id = %entry.lead_id,
        seq = entry.seq, reason = %reason, "an outbox entry was parked for an operator: `forecourt-api outbox parked` lists it");
    let parked = OutboxEntry {
        parked: Some(Parked { at: now, reason }),
        due_at: None,
        ..entry
    };
    match state.store.save_outbox(&parked).await {
        Ok(_) => Ok(Some(Outcome::Parked)),
        Err(StoreError::ConditionFailed) => Ok(None),
        Err(e) => Err(e),
    }
}

async fn post(
    state: &AppState,
    url: &str,
    content_type: &str,
    body: String,
    key: &str,
) -> (Option<u16>, Option<String>) {
    let sent = state
        .http
        .post(url)
        .timeout(WEBHOOK_TIMEOUT)
        .header(reqwest::header::CONTENT_TYPE, content_type)
        .header("Idempotency-Key", key)
        .body(body)
        .send()
        .await;
    match sent {
        Ok(response) if response.status().is_success() => (Some(response.status().as_u16()), None),
        Ok(response) => (
            Some(response.status().as_u16()),
            Some(format!("receiver answered {}", response.status())),
        ),
        Err(e) => {
            let mut message = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(cause) = source {
                message.push_str(": ");
                message.push_str(&cause.to_string());
                source = cause.source();
            }
            (None, Some(message))
        }
    }
}

/// The JSON a dealer's webhook receives. A card reservation's step carries the signed
/// links its state allows as `payment_links` (`action`, `label`, `url`), the same links
/// its email has: a dealer taking leads by webhook acts on the deposit with them.
pub fn lead_json(
    entry: &OutboxEntry,
    tenant: &Tenant,
    links: &[(DealerAction, String)],
) -> serde_json::Value {
    let mut body = json!({
        "lead_id": entry.lead_id,
        "step": entry.seq,
        "dealer": tenant.slug,
        "dealer_name": tenant.name,
        "created_at": entry.lead.created_at,
        "updated_at": entry.lead.updated_at,
        "lead": entry.lead.fields,
    });
    if !links.is_empty() {
        body["payment_links"] = links
            .iter()
            .map(|(action, url)| json!({ "action": action.as_str(), "label": action.label(), "url": url }))
            .collect();
    }
    body
}

/// The ADF document a dealer's ADF endpoint receives for a step, its signed `links` in
/// the comments.
pub fn adf_body(entry: &OutboxEntry, tenant: &Tenant, links: &[(DealerAction, String)]) -> String {
    lead_to_adf_with_notes(
        &entry.lead,
        &tenant.name,
        None,
        &lead_mail::dealer_notes(tenant, &entry.lead, links),
    )
}

/// The signed links a card reservation's step gives the dealer (see
/// [`crate::payment::links`]): capture and release while the deposit is held, refund
/// once it was taken; none for anything else. Made from the step itself, so every
/// target of the step (email, webhook, ADF) carries the same single-use links.
pub fn payment_links(
    state: &AppState,
    tenant: &Tenant,
    entry: &OutboxEntry,
) -> Vec<(DealerAction, String)> {
    let (Some(card), fields) = (&state.card_payments, &entry.lead.fields) else {
        return Vec::new();
    };
    match (
        &fields.reservation_id,
        fields.reservation_status,
        fields.hold_expires_at,
    ) {
        (Some(id), Some(status), Some(ends)) => {
            card.links_for(tenant, id, status, ends, entry.lead.updated_at)
        }
        _ => Vec::new(),
    }
}

/// Lead id prefix of an alert to the dealer ([`queue_alert`]). Only the API makes a
/// first step with such an id (a shopper's lead ids are random hex).
pub const ALERT_PREFIX: &str = "alert-";

/// Whether an entry is an alert to the dealer rather than a lead: it goes by email to
/// the dealer's lead address only, never to a webhook, a CRM or a shopper.
pub fn is_alert(entry: &OutboxEntry) -> bool {
    entry.seq == 1 && entry.lead_id.starts_with(ALERT_PREFIX)
}

/// Queues one email to the dealer's lead address ([`lead_mail::alert_recipient`])
/// through the outbox, so it gets the leads' retries and crash safety. `key` makes it
/// once: an alert already queued under the key queues nothing (false).
pub async fn queue_alert(
    state: &AppState,
    dealer: &str,
    key: &str,
    subject: &str,
    text: &str,
) -> Result<bool, StoreError> {
    let now = state.clock.now();
    let alert = crate::store::LeadRecord {
        id: format!("{ALERT_PREFIX}{key}"),
        dealer: dealer.to_owned(),
        created_at: now,
        updated_at: now,
        steps: 1,
        fields: crate::lead::LeadFields {
            category: Some(ALERT_CATEGORY.to_owned()),
            subcategory: Some(subject.to_owned()),
            message: Some(text.to_owned()),
            ..crate::lead::LeadFields::default()
        },
    };
    match state.store.create_lead(alert, None, now).await {
        Ok(_) => {
            state.outbox_wake.notify_one();
            Ok(true)
        }
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Whether the dealer is told about this step. A card reservation reaches the dealer
/// once its deposit is authorised, in one message carrying the links: the steps while
/// the card is being authorised are not sent, and a hold that ends before it was ever
/// authorised (declined, lapsed, or given up) was never news to the dealer, so its end
/// is not either. Only the shopper hears about those. Every other step goes out.
pub async fn for_dealer(
    state: &AppState,
    tenant: &Tenant,
    entry: &OutboxEntry,
) -> Result<bool, StoreError> {
    use crate::lead::PaymentStatus;
    let fields = &entry.lead.fields;
    let (Some(id), Some(status)) = (&fields.reservation_id, fields.reservation_status) else {
        return Ok(true);
    };
    match status {
        PaymentStatus::Authorising | PaymentStatus::RequiresAction | PaymentStatus::Declined => {
            Ok(false)
        }
        PaymentStatus::Expired | PaymentStatus::Cancelled => {
            Ok(match state.store.reservation(&tenant.slug, id).await? {
                Some(reservation) => reservation.history.iter().any(|change| {
                    matches!(
                        change.status,
                        PaymentStatus::Held | PaymentStatus::AwaitingPayment
                    )
                }),
                None => true,
            })
        }
        PaymentStatus::AwaitingPayment
        | PaymentStatus::Held
        | PaymentStatus::Captured
        | PaymentStatus::Refunded => Ok(true),
    }
}

/// Delivers one claimed entry to every target still owed it; returns whether it is
/// now fully delivered.
async fn deliver(
    state: &AppState,
    tenant: &Tenant,
    mut entry: OutboxEntry,
) -> Result<bool, StoreError> {
    let key = format!("{}-{}", entry.lead_id, entry.seq);
    let dealer = !is_alert(&entry) && for_dealer(state, tenant, &entry).await?;
    let none = None;
    let targets = if dealer {
        [
            (Target::Json, &tenant.webhook_url),
            (Target::Adf, &tenant.adf_webhook_url),
        ]
    } else {
        [(Target::Json, &none), (Target::Adf, &none)]
    };
    let links = payment_links(state, tenant, &entry);
    for (target, url) in targets {
        let Some(url) = url.as_deref() else { continue };
        if entry.delivered.contains(&target) {
            continue;
        }
        let (status, error) = match target {
            Target::Json => {
                post(
                    state,
                    url,
                    "application/json",
                    lead_json(&entry, tenant, &links).to_string(),
                    &key,
                )
                .await
            }
            Target::Adf => {
                post(
                    state,
                    url,
                    "application/xml",
                    adf_body(&entry, tenant, &links),
                    &key,
                )
                .await
            }
            // Messages go out in `send_mail`.
            Target::LeadEmail | Target::ConfirmationEmail | Target::ConfirmationSms => continue,
        };
        let at = state.clock.now();
        if let Some(error) = &error {
            tracing::warn!(event = "lead_delivery_failed", dealer = %tenant.slug, lead_id = %entry.lead_id,
                seq = entry.seq, target = ?target, status, error = %error, "lead delivery failed");
        } else {
            entry.delivered.push(target);
        }
        entry.attempts.push(Attempt {
            at,
            target,
            status,
            error,
            recipient: None,
        });
    }
    let Some(mut entry) = send_mail(state, tenant, entry, dealer, &links).await? else {
        // Another worker took the entry over (our lease ran out mid-pass).
        return Ok(false);
    };
    let now = state.clock.now();
    let owed = targets
        .iter()
        .any(|(t, url)| url.is_some() && !entry.delivered.contains(t))
        || entry.mail.iter().any(|m| !m.state.settled());
    if owed {
        entry.failed_passes += 1;
        entry.due_at = Some(now + state.backoff.delay(entry.failed_passes));
    } else {
        if dealer
            && tenant.webhook_url.is_none()
            && tenant.adf_webhook_url.is_none()
            && entry.mail.is_empty()
        {
            tracing::info!(dealer = %tenant.slug, lead_id = %entry.lead_id, "dealer has no lead webhook; lead kept in the store");
        }
        entry.due_at = None;
        entry.delivered_at = Some(now);
    }
    // The pass finished: whatever its targets answered, the entry itself is fine.
    entry.unfinished = 0;
    entry.last_error = None;
    state.store.save_outbox(&entry).await?;
    Ok(!owed)
}

/// The car a lead names, looked up in the dealer's published stock by its id.
fn stock_car(
    state: &AppState,
    tenant: &Tenant,
    lead: &crate::store::LeadRecord,
) -> lead_mail::StockCar {
    let id = match &lead.fields.car_id {
        Some(crate::lead::Scalar::Number(n)) => n.as_u64(),
        Some(crate::lead::Scalar::Text(t)) => t.trim().parse().ok(),
        None => None,
    };
    let Some(car) = id.and_then(|id| crate::stock_car::stock_facts(state, &tenant.slug, id)) else {
        return lead_mail::StockCar::default();
    };
    lead_mail::StockCar {
        url: tenant
            .site_url()
            .map(|site| format!("{site}/cars/{}", car.slug)),
        name: Some(car.name),
    }
}

/// One message the entry owes: an email (built) or a text message.
enum Planned {
    Email(OutgoingMail),
    Sms(Sms),
}

/// The messages an entry owes under the dealer's current configuration: the dealer's
/// only when `dealer` (see [`for_dealer`]), with the step's signed `links`.
fn plan(
    state: &AppState,
    tenant: &Tenant,
    entry: &OutboxEntry,
    dealer: bool,
    links: &[(DealerAction, String)],
) -> Vec<(Target, String, Result<Planned, String>)> {
    let mut out = Vec::new();
    if is_alert(entry) {
        if let (Some(mail), Some(recipient)) = (&state.mail, lead_mail::alert_recipient(tenant)) {
            let built = lead_mail::alert_email(tenant, entry, recipient, &mail.from)
                .and_then(|parts| parts.build())
                .map(Planned::Email)
                .map_err(|e| format!("{e:#}"));
            out.push((
                Target::LeadEmail,
                recipient.address.trim().to_owned(),
                built,
            ));
        }
        return out;
    }
    let card_authorising = matches!(
        entry.lead.fields.reservation_status,
        Some(crate::lead::PaymentStatus::Authorising)
    );
    if let (Some(mail), true) = (&state.mail, dealer) {
        for recipient in lead_mail::recipients(tenant, &entry.lead) {
            let built = lead_mail::lead_email(tenant, entry, recipient, &mail.from, links)
                .and_then(|parts| parts.build())
                .map(Planned::Email)
                .map_err(|e| format!("{e:#}"));
            out.push((
                Target::LeadEmail,
                recipient.address.trim().to_owned(),
                built,
            ));
        }
    }
    // A confirmation goes out once per lead, with its first step; a reservation's later
    // steps are its changes of state, which the shopper hears about.
    if entry.seq != 1 {
        if let (Some(mail), Some(_)) = (&state.mail, &entry.lead.fields.reservation_id) {
            let car = stock_car(state, tenant, &entry.lead);
            match lead_mail::reservation_update_email(tenant, entry, &car, &mail.from) {
                Ok(Some(parts)) => {
                    let to = parts.to.email.to_string();
                    let built = parts
                        .build()
                        .map(Planned::Email)
                        .map_err(|e| format!("{e:#}"));
                    out.push((Target::ConfirmationEmail, to, built));
                }
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(dealer = %tenant.slug, lead_id = %entry.lead_id, error = format!("{e:#}"),
                    "a reservation update email could not be built")
                }
            }
        }
        return out;
    }
    // A card reservation's first step is sent while the card is being authorised: the
    // shopper hears how that ended (reserved, or the card not accepted) instead.
    if card_authorising {
        return out;
    }
    let car = stock_car(state, tenant, &entry.lead);
    if let (Some(mail), true) = (&state.mail, tenant.lead_email.confirmation) {
        match lead_mail::confirmation_email(tenant, entry, &car, &mail.from) {
            Ok(Some(parts)) => {
                let to = parts.to.email.to_string();
                let built = parts
                    .build()
                    .map(Planned::Email)
                    .map_err(|e| format!("{e:#}"));
                out.push((Target::ConfirmationEmail, to, built));
            }
            Ok(None) => {}
            Err(e) => {
                let to = entry
                    .lead
                    .fields
                    .email
                    .as_ref()
                    .map(|e| e.as_str().to_owned())
                    .unwrap_or_default();
                out.push((Target::ConfirmationEmail, to, Err(format!("{e:#}"))));
            }
        }
    }
    // A text goes only to a phone its owner proved by signing in: anyone can type a number.
    if tenant.lead_email.confirmation_sms && entry.lead.fields.phone_verified == Some(true) {
        if let Some(phone) = &entry.lead.fields.phone {
            let sms = Sms {
                dealer: tenant.slug.clone(),
                phone: phone.digits().to_owned(),
                body: lead_mail::confirmation_sms(tenant, &entry.lead, &car),
                sent_at: state.clock.now(),
            };
            out.push((
                Target::ConfirmationSms,
                phone.digits().to_owned(),
                Ok(Planned::Sms(sms)),
            ));
        }
    }
    out
}

/// Sends every message the entry still owes, each behind its `Sending` marker (see the
/// module documentation); `None` when another worker took the entry over.
async fn send_mail(
    state: &AppState,
    tenant: &Tenant,
    mut entry: OutboxEntry,
    dealer: bool,
    links: &[(DealerAction, String)],
) -> Result<Option<OutboxEntry>, StoreError> {
    for (target, to, planned) in plan(state, tenant, &entry, dealer, links) {
        let message_id = match &planned {
            Ok(Planned::Email(mail)) => mail.message_id.clone(),
            _ => String::new(),
        };
        let index = match entry
            .mail
            .iter()
            .position(|m| m.target == target && m.to == to)
        {
            Some(i) => i,
            None => {
                entry.mail.push(MailSend {
                    target,
                    to: to.clone(),
                    message_id: message_id.clone(),
                    state: SendState::Failed,
                    failures: 0,
                });
                entry.mail.len() - 1
            }
        };
        let record = entry.mail[index].clone();
        if record.state.settled() {
            continue;
        }
        let at = state.clock.now();
        if record.state == SendState::Sending {
            let went_out = match (&planned, &state.mail) {
                (Ok(Planned::Email(_)), Some(mail)) => {
                    mail.transport.already_sent(&record.message_id).await
                }
                _ => None,
            };
            match went_out {
                Some(true) => {
                    entry.mail[index].state = SendState::Sent;
                    entry.attempts.push(Attempt {
                        at,
                        target,
                        status: None,
                        error: None,
                        recipient: Some(to),
                    });
                    continue;
                }
                Some(false) => {}
                None => {
                    tracing::error!(event = "lead_email_in_doubt", dealer = %tenant.slug, lead_id = %entry.lead_id,
                        seq = entry.seq, target = ?target, to = %to, message_id = %record.message_id,
                        "a send was interrupted and the transport cannot tell whether it went out; not resent, so it is never sent twice: check the recipient's inbox");
                    entry.mail[index].state = SendState::InDoubt;
                    entry.attempts.push(Attempt { at, target, status: None,
                        error: Some("interrupted mid-send; not resent because the transport cannot tell whether it went out".to_owned()),
                        recipient: Some(to) });
                    continue;
                }
            }
        }
        let planned = match planned {
            Ok(planned) => planned,
            Err(error) => {
                // A message that cannot be built (a bad address) will not build next time.
                tracing::error!(event = "lead_message_given_up", dealer = %tenant.slug, lead_id = %entry.lead_id,
                    seq = entry.seq, target = ?target, to = %to, error = %error, "a lead message cannot be built; given up");
                entry.mail[index].state = SendState::GaveUp;
                entry.attempts.push(Attempt {
                    at,
                    target,
                    status: None,
                    error: Some(error),
                    recipient: Some(to),
                });
                continue;
            }
        };
        entry.mail[index].state = SendState::Sending;
        entry = match state.store.save_outbox(&entry).await {
            Ok(saved) => saved,
            Err(StoreError::ConditionFailed) => return Ok(None),
            Err(e) => return Err(e),
        };
        let sent = match (&planned, &state.mail) {
            (Planned::Email(mail), Some(settings)) => settings.transport.send(mail).await,
            (Planned::Sms(sms), _) => state.sms.send(sms.clone()).await,
            (Planned::Email(_), None) => Err(anyhow::anyhow!("no mail transport")),
        };
        let at = state.clock.now();
        let error = sent.err().map(|e| format!("{e:#}"));
        let send = &mut entry.mail[index];
        match &error {
            None => send.state = SendState::Sent,
            Some(error) => {
                send.failures += 1;
                let confirmation =
                    matches!(target, Target::ConfirmationEmail | Target::ConfirmationSms);
                // A text message has no id to check after a crash and SNS keeps no record,
                // so a failed one is not retried; a confirmation email gets a few tries.
                send.state = if target == Target::ConfirmationSms
                    || (confirmation && send.failures >= CONFIRMATION_TRIES)
                {
                    SendState::GaveUp
                } else {
                    SendState::Failed
                };
                tracing::warn!(event = "lead_delivery_failed", dealer = %tenant.slug, lead_id = %entry.lead_id,
                    seq = entry.seq, target = ?target, to = %to, error = %error, "lead message failed");
            }
        }
        entry.attempts.push(Attempt {
            at,
            target,
            status: None,
            error,
            recipient: Some(to),
        });
        entry = match state.store.save_outbox(&entry).await {
            Ok(saved) => saved,
            Err(StoreError::ConditionFailed) => return Ok(None),
            Err(e) => return Err(e),
        };
    }
    Ok(Some(entry))
}

/// Runs delivery passes until the task is dropped: after each new lead and at least
/// every `poll`. The passes run in a task of their own that is started again if it
/// ever ends, so nothing one pass meets can stop delivery for good.
pub fn spawn_worker(state: AppState, poll: StdDuration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let passes = tokio::spawn(run_passes(state.clone(), poll));
            match passes.await {
                Err(e) if e.is_panic() => {
                    let message = crate::delivery::mail::panic_message(e.into_panic().as_ref());
                    tracing::error!(event = "outbox_worker_restarted", error = %message, "the outbox worker panicked; started again");
                }
                Err(_) | Ok(()) => {
                    tracing::error!(
                        event = "outbox_worker_restarted",
                        "the outbox worker ended; started again"
                    );
                }
            }
            tokio::time::sleep(StdDuration::from_millis(200)).await;
        }
    })
}

async fn run_passes(state: AppState, poll: StdDuration) {
    loop {
        if let Err(e) = drain(&state).await {
            tracing::error!(
                error = format!("{:#}", anyhow::Error::new(e)),
                "outbox pass failed"
            );
        }
        tokio::select! {
            () = state.outbox_wake.notified() => {}
            () = tokio::time::sleep(poll) => {}
        }
    }
}

/// Every dealer's parked outbox items, by dealer, oldest first.
pub async fn parked(state: &AppState) -> Result<Vec<(String, ParkedItem)>, StoreError> {
    let mut out = Vec::new();
    for tenant in state.tenants.all() {
        for item in state.store.parked_outbox(&tenant.slug, usize::MAX).await? {
            out.push((tenant.slug.clone(), item));
        }
    }
    Ok(out)
}

/// Puts a parked entry back in the queue, due now, with its counters cleared (the
/// operator fixed the cause); false when no such parked entry exists.
pub async fn retry(
    state: &AppState,
    dealer: &str,
    lead_id: &str,
    seq: u32,
) -> Result<bool, StoreError> {
    let Some(entry) = state
        .store
        .outbox_of_lead(dealer, lead_id)
        .await?
        .into_iter()
        .find(|e| e.seq == seq && e.parked.is_some())
    else {
        return Ok(false);
    };
    tracing::info!(dealer, lead_id, seq, "a parked outbox entry is due again");
    state
        .store
        .save_outbox(&OutboxEntry {
            parked: None,
            unfinished: 0,
            last_error: None,
            due_at: Some(state.clock.now()),
            ..entry
        })
        .await?;
    state.outbox_wake.notify_one();
    Ok(true)
}

/// Undelivered entries of every dealer due by `horizon` (for reports and tests).
pub async fn pending(state: &AppState, horizon: DateTime<Utc>) -> Result<usize, StoreError> {
    let mut count = 0;
    for tenant in state.tenants.all() {
        count += state
            .store
            .due_outbox(&tenant.slug, horizon, usize::MAX)
            .await?
            .len();
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_its_cap() {
        let backoff = Backoff::default();
        let delays: Vec<i64> = [1, 2, 3, 4, 7, 8, 200]
            .iter()
            .map(|&n| backoff.delay(n).num_seconds())
            .collect();
        assert_eq!(delays, vec![30, 60, 120, 240, 1920, 3600, 3600]);
    }
}
