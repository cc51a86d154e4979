//! Sending sign-in codes by SMS. Locally the message goes to the log and to an in-memory
//! outbox that the dev-only endpoint `GET /api/dev/sms-outbox?phone=` reads (end-to-end
//! tests read the code there).

// Lead delivery handles shopper data: nothing here may panic on it.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// One text message.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Sms {
    /// Dealer slug the message was sent for.
    pub dealer: String,
    /// Recipient (normalised phone).
    pub phone: String,
    /// Text.
    pub body: String,
    /// When it was sent.
    pub sent_at: DateTime<Utc>,
}

/// Something that delivers text messages.
#[async_trait]
pub trait SmsSender: Send + Sync {
    /// Sends one message.
    async fn send(&self, sms: Sms) -> anyhow::Result<()>;
    /// Messages sent to a phone of a dealer, newest last, when this sender keeps them
    /// (only the local sender does).
    fn sent_to(&self, _dealer: &str, _phone: &str) -> Option<Vec<Sms>> {
        None
    }
}

/// The local sender: logs each message and keeps the last few per phone.
#[derive(Debug, Default)]
pub struct LogSms {
    sent: Mutex<HashMap<(String, String), Vec<Sms>>>,
}

/// Messages kept per phone by [`LogSms`].
const KEPT_PER_PHONE: usize = 20;

#[async_trait]
impl SmsSender for LogSms {
    async fn send(&self, sms: Sms) -> anyhow::Result<()> {
        tracing::info!(dealer = %sms.dealer, phone = %sms.phone, body = %sms.body, "sms (local sender)");
        let mut sent = self.sent.lock().unwrap_or_else(|p| p.into_inner());
        let list = sent
            .entry((sms.dealer.clone(), sms.phone.clone()))
            .or_default();
        list.push(sms);
        if list.len() > KEPT_PER_PHONE {
            list.remove(0);
        }
        Ok(())
    }

    fn sent_to(&self, dealer: &str, phone: &str) -> Option<Vec<Sms>> {
        let sent = self.sent.lock().unwrap_or_else(|p| p.into_inner());
        Some(
            sent.get(&(dealer.to_owned(), phone.to_owned()))
                .cloned()
                .unwrap_or_default(),
        )
    }
}
