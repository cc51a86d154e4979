//! The production mail transport: Amazon SES v2 `SendEmail` with the raw MIME message,
//! so the Message-ID, Reply-To and the ADF attachment go out exactly as built. The From
//! address is on the platform's verified domain (`FORECOURT_MAIL_FROM`); the API role
//! needs `ses:SendEmail` on that identity.

// Lead delivery handles shopper data: nothing here may panic on it.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use async_trait::async_trait;
use aws_sdk_sesv2::primitives::Blob;
use aws_sdk_sesv2::types::{EmailContent, RawMessage};

use crate::delivery::mail::{MailTransport, OutgoingMail};

/// [`MailTransport`] over Amazon SES.
#[derive(Debug, Clone)]
pub struct SesMail {
    client: aws_sdk_sesv2::Client,
}

impl SesMail {
    /// A transport with an existing client.
    pub fn new(client: aws_sdk_sesv2::Client) -> Self {
        SesMail { client }
    }

    /// A transport configured from the AWS environment, optionally at a local endpoint.
    pub async fn from_env(endpoint: Option<&str>) -> Self {
        let mut loader = aws_config::defaults(aws_config::BehaviorVersion::latest());
        if let Some(url) = endpoint {
            loader = loader.endpoint_url(url);
        }
        SesMail::new(aws_sdk_sesv2::Client::new(&loader.load().await))
    }
}

#[async_trait]
impl MailTransport for SesMail {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        let raw = RawMessage::builder()
            .data(Blob::new(mail.bytes()))
            .build()?;
        // No Destination: SES takes the recipients from the message's own headers,
        // which hold exactly the one recipient of this message.
        let sent = self
            .client
            .send_email()
            .content(EmailContent::builder().raw(raw).build())
            .send()
            .await
            .map_err(|e| anyhow::Error::new(aws_sdk_sesv2::Error::from(e)))?;
        tracing::info!(to = %mail.to, message_id = %mail.message_id, ses_id = sent.message_id().unwrap_or(""), "email sent by SES");
        Ok(())
    }

    fn name(&self) -> &'static str {
        "ses"
    }
}
