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

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use serde_json::json;

use crate::adf::lead_to_adf;
use crate::lead_mail;
use crate::mail::OutgoingMail;
use crate::sms::Sms;
use crate::store::{Attempt, MailSend, OutboxEntry, SendState, StoreError, Target};
use crate::tenancy::Tenant;
use crate::AppState;

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

/// What one pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrainReport {
    /// Entries now fully delivered.
    pub delivered: usize,
    /// Entries with a failed target (rescheduled).
    pub failed: usize,
}

/// One pass over every dealer's due outbox entries.
pub async fn drain(state: &AppState) -> Result<DrainReport, StoreError> {
    let mut report = DrainReport::default();
    for tenant in state.tenants.all() {
        let now = state.clock.now();
        for entry in state.store.due_outbox(&tenant.slug, now, BATCH).await? {
            let claim = OutboxEntry {
                due_at: Some(now + LEASE),
                ..entry
            };
            let claimed = match state.store.save_outbox(&claim).await {
                Ok(claimed) => claimed,
                // Another worker claimed it first.
                Err(StoreError::ConditionFailed) => continue,
                Err(e) => return Err(e),
            };
            if deliver(state, tenant, claimed).await? {
                report.delivered += 1;
            } else {
                report.failed += 1;
            }
        }
    }
    Ok(report)
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

/// The JSON a dealer's webhook receives.
pub fn lead_json(entry: &OutboxEntry, tenant: &Tenant) -> serde_json::Value {
    json!({
        "lead_id": entry.lead_id,
        "step": entry.seq,
        "dealer": tenant.slug,
        "dealer_name": tenant.name,
        "created_at": entry.lead.created_at,
        "updated_at": entry.lead.updated_at,
        "lead": entry.lead.fields,
    })
}

/// Delivers one claimed entry to every target still owed it; returns whether it is
/// now fully delivered.
async fn deliver(
    state: &AppState,
    tenant: &Tenant,
    mut entry: OutboxEntry,
) -> Result<bool, StoreError> {
    let key = format!("{}-{}", entry.lead_id, entry.seq);
    let targets = [
        (Target::Json, &tenant.webhook_url),
        (Target::Adf, &tenant.adf_webhook_url),
    ];
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
                    lead_json(&entry, tenant).to_string(),
                    &key,
                )
                .await
            }
            Target::Adf => {
                post(
                    state,
                    url,
                    "application/xml",
                    lead_to_adf(&entry.lead, &tenant.name),
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
    let Some(mut entry) = send_mail(state, tenant, entry).await? else {
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
        if tenant.webhook_url.is_none() && tenant.adf_webhook_url.is_none() && entry.mail.is_empty()
        {
            tracing::info!(dealer = %tenant.slug, lead_id = %entry.lead_id, "dealer has no lead webhook; lead kept in the store");
        }
        entry.due_at = None;
        entry.delivered_at = Some(now);
    }
    state.store.save_outbox(&entry).await?;
    Ok(!owed)
}

/// One message the entry owes: an email (built) or a text message.
enum Planned {
    Email(OutgoingMail),
    Sms(Sms),
}

/// The messages an entry owes under the dealer's current configuration.
fn plan(
    state: &AppState,
    tenant: &Tenant,
    entry: &OutboxEntry,
) -> Vec<(Target, String, Result<Planned, String>)> {
    let mut out = Vec::new();
    if let Some(mail) = &state.mail {
        for recipient in lead_mail::recipients(tenant, &entry.lead) {
            let built = lead_mail::lead_email(tenant, entry, recipient, &mail.from)
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
    // A confirmation goes out once per lead, with its first step.
    if entry.seq != 1 {
        return out;
    }
    if let (Some(mail), true) = (&state.mail, tenant.lead_email.confirmation) {
        match lead_mail::confirmation_email(tenant, entry, &mail.from) {
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
    if tenant.lead_email.confirmation_sms {
        if let Some(phone) = &entry.lead.fields.phone {
            let sms = Sms {
                dealer: tenant.slug.clone(),
                phone: phone.digits().to_owned(),
                body: lead_mail::confirmation_sms(tenant, &entry.lead),
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
) -> Result<Option<OutboxEntry>, StoreError> {
    for (target, to, planned) in plan(state, tenant, &entry) {
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
/// every `poll`.
pub fn spawn_worker(state: AppState, poll: StdDuration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
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
    })
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
