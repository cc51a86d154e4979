//! The SNS sender against moto's server (the same server the store suite starts).

use chrono::Utc;
use edge_api::delivery::sms::{Sms, SmsSender};
use edge_api::delivery::sns::SnsSms;

use crate::store_conformance::start_moto;

#[tokio::test]
async fn sns_publishes_a_sign_in_code_to_the_e164_number() {
    if std::env::var("FORECOURT_SKIP_DYNAMODB").is_ok_and(|v| v == "1") {
        eprintln!("FORECOURT_SKIP_DYNAMODB=1: moto is not started, the SNS run is skipped");
        return;
    }
    let moto = start_moto();
    use aws_sdk_sns::config::{BehaviorVersion, Credentials, Region};
    let config = aws_sdk_sns::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("ap-southeast-2"))
        .credentials_provider(Credentials::new(
            "testing", "testing", None, None, "sms-test",
        ))
        .endpoint_url(&moto.url)
        .build();
    let sender = SnsSms::new(aws_sdk_sns::Client::from_conf(config));
    let sms = Sms {
        dealer: "alpha".into(),
        phone: "0412345678".into(),
        body: "123456 is your code.".into(),
        sent_at: Utc::now(),
    };
    sender.send(sms.clone()).await.expect("published");
    assert!(
        sender.sent_to("alpha", "0412345678").is_none(),
        "SNS keeps no copy for the dev outbox"
    );
    let bad = Sms {
        phone: "12".into(),
        ..sms
    };
    assert!(
        sender.send(bad).await.is_err(),
        "a number that is not Australian is refused before sending"
    );
}
