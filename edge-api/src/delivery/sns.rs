//! The production SMS sender: Amazon SNS `Publish` to a phone number, as a
//! transactional message (sign-in codes must not be throttled as promotional).

// Lead delivery handles shopper data: nothing here may panic on it.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use async_trait::async_trait;
use aws_sdk_sns::types::MessageAttributeValue;
use domain::rules::contact::AuPhone;

use crate::delivery::sms::{Sms, SmsSender};

/// Sender id shown on handsets that support one (max 11 characters).
pub const SENDER_ID: &str = "Forecourt";

/// [`SmsSender`] over Amazon SNS.
#[derive(Debug, Clone)]
pub struct SnsSms {
    client: aws_sdk_sns::Client,
}

impl SnsSms {
    /// A sender with an existing client.
    pub fn new(client: aws_sdk_sns::Client) -> Self {
        SnsSms { client }
    }

    /// A sender configured from the AWS environment, optionally at a local endpoint.
    pub async fn from_env(endpoint: Option<&str>) -> Self {
        let mut loader = aws_config::defaults(aws_config::BehaviorVersion::latest());
        if let Some(url) = endpoint {
            loader = loader.endpoint_url(url);
        }
        SnsSms::new(aws_sdk_sns::Client::new(&loader.load().await))
    }
}

fn attribute(value: &str) -> anyhow::Result<MessageAttributeValue> {
    Ok(MessageAttributeValue::builder()
        .data_type("String")
        .string_value(value)
        .build()?)
}

#[async_trait]
impl SmsSender for SnsSms {
    async fn send(&self, sms: Sms) -> anyhow::Result<()> {
        let phone = AuPhone::parse(&sms.phone)?.e164();
        self.client
            .publish()
            .phone_number(&phone)
            .message(&sms.body)
            .message_attributes("AWS.SNS.SMS.SMSType", attribute("Transactional")?)
            .message_attributes("AWS.SNS.SMS.SenderID", attribute(SENDER_ID)?)
            .send()
            .await
            .map_err(|e| anyhow::Error::new(aws_sdk_sns::Error::from(e)))?;
        tracing::info!(dealer = %sms.dealer, "sign-in code sent by SNS");
        Ok(())
    }
}
