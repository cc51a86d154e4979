//! Seed 001's bottom bar: "reserve, enquire or instant message, call". Where the dealer
//! has a messaging channel (config `messaging`), Message Now is a plain link that opens
//! it with the car prefilled: `sms:` (RFC 5724) and WhatsApp's `https://wa.me/` take a
//! message body, so no third-party script is needed. Messenger's `https://m.me/` takes
//! no message, only a `ref` the page receives with the conversation, so the car goes
//! there as its id.

use super::contact::{AuPhone, AuPhoneKind};
use crate::config::MessagingConfig;
use crate::view::slug::encode_query_value;

/// The message a shopper starts with: the car's name and the link to its page.
pub fn message_text(car_name: &str, car_url: &str) -> String {
    format!("Hi, I'm interested in the {car_name}: {car_url}")
}

/// The link Message Now opens for the car named `car_name` at `car_url` (with id
/// `car_id`), or `None` when the dealer has no (valid) channel and Message Now stays
/// the enquiry form. Every value is percent-encoded, so a name cannot add parameters.
pub fn message_url(
    messaging: &MessagingConfig,
    car_id: u64,
    car_name: &str,
    car_url: &str,
) -> Option<String> {
    let body = encode_query_value(&message_text(car_name, car_url));
    let mobile = |number: &String| {
        AuPhone::parse(number)
            .ok()
            .filter(|p| p.kind() == Some(AuPhoneKind::Mobile))
    };
    if let Some(phone) = messaging.sms.as_ref().and_then(mobile) {
        return Some(format!("sms:{}?body={body}", phone.e164()));
    }
    if let Some(phone) = messaging.whatsapp.as_ref().and_then(mobile) {
        // wa.me takes the full international number without "+".
        return Some(format!(
            "https://wa.me/{}?text={body}",
            phone.e164().trim_start_matches('+')
        ));
    }
    let page = messaging
        .messenger
        .as_deref()
        .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.'))?;
    Some(format!("https://m.me/{page}?ref=car-{car_id}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn channel(
        sms: Option<&str>,
        whatsapp: Option<&str>,
        messenger: Option<&str>,
    ) -> MessagingConfig {
        MessagingConfig {
            sms: sms.map(str::to_string),
            whatsapp: whatsapp.map(str::to_string),
            messenger: messenger.map(str::to_string),
        }
    }

    const URL: &str = "https://www.redgum.com.au/cars/2021-toyota-hilux-sr5-7";

    #[test]
    fn sms_opens_the_number_with_the_car_prefilled() {
        let url = message_url(
            &channel(Some("0412 345 678"), None, None),
            7,
            "2021 Toyota HiLux SR5",
            URL,
        );
        assert_eq!(
            url.as_deref(),
            Some("sms:+61412345678?body=Hi%2C%20I%27m%20interested%20in%20the%202021%20Toyota%20HiLux%20SR5%3A%20https%3A%2F%2Fwww.redgum.com.au%2Fcars%2F2021-toyota-hilux-sr5-7")
        );
    }

    #[test]
    fn whatsapp_takes_the_international_number_without_its_plus() {
        let url =
            message_url(&channel(None, Some("+61 412 345 678"), None), 7, "Ute", URL).unwrap();
        assert!(url.starts_with("https://wa.me/61412345678?text=Hi%2C%20I%27m%20interested%20in%20the%20Ute%3A%20https%3A%2F%2F"), "{url}");
    }

    #[test]
    fn a_car_name_cannot_break_out_of_the_message() {
        let url = message_url(
            &channel(Some("0412345678"), None, None),
            7,
            "A&B <x> \"y\" #z?body=evil",
            URL,
        )
        .unwrap();
        assert!(
            url.contains("A%26B%20%3Cx%3E%20%22y%22%20%23z%3Fbody%3Devil"),
            "{url}"
        );
        assert_eq!(url.matches("body=").count(), 1);
        assert!(!url.contains(['<', '>', '"', ' ', '#', '&']));
    }

    #[test]
    fn messenger_opens_the_page_with_the_car_as_its_ref() {
        let url = message_url(&channel(None, None, Some("redgummotors")), 7, "Ute", URL);
        assert_eq!(url.as_deref(), Some("https://m.me/redgummotors?ref=car-7"));
    }

    #[test]
    fn without_a_valid_channel_message_now_stays_the_enquiry_form() {
        assert_eq!(
            message_url(&MessagingConfig::default(), 7, "Ute", URL),
            None
        );
        // A landline takes no text messages.
        assert_eq!(
            message_url(&channel(Some("(07) 3123 4567"), None, None), 7, "Ute", URL),
            None
        );
        assert_eq!(
            message_url(&channel(None, None, Some("bad/page")), 7, "Ute", URL),
            None
        );
    }
}
