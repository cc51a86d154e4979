//! Seed 001's bottom bar: "reserve, enquire or instant message, call". Where the dealer
//! has a messaging channel (config `messaging`), Message Now is a plain link that opens
//! it with the car prefilled: `sms:` (RFC 5724) and WhatsApp's `https://wa.me/` take a
//! message body, so no third-party script is needed. Messenger's `https://m.me/` takes
//! no message, only a `ref` the page receives with the conversation, so the car goes
//! there as its id. The rule picks the channel; `view::links::message_url` writes the link.

use super::contact::{AuPhone, AuPhoneKind};

/// The message a shopper starts with: the car's name and the link to its page.
pub fn message_text(car_name: &str, car_url: &str) -> String {
    format!("Hi, I'm interested in the {car_name}: {car_url}")
}

/// The channel Message Now opens, in the seed's order of preference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MessageChannel<'a> {
    /// Text messages to a mobile number.
    Sms(AuPhone),
    /// WhatsApp to a mobile number.
    WhatsApp(AuPhone),
    /// A Messenger page name.
    Messenger(&'a str),
}

/// The dealer's first valid channel among its configured `sms` and `whatsapp` numbers
/// (mobiles only: a landline takes no text messages) and `messenger` page name (letters,
/// digits and dots); `None` when it has none and Message Now stays the enquiry form.
pub fn message_channel<'a>(
    sms: Option<&str>,
    whatsapp: Option<&str>,
    messenger: Option<&'a str>,
) -> Option<MessageChannel<'a>> {
    let mobile = |number: &str| {
        AuPhone::parse(number)
            .ok()
            .filter(|p| p.kind() == Some(AuPhoneKind::Mobile))
    };
    if let Some(phone) = sms.and_then(mobile) {
        return Some(MessageChannel::Sms(phone));
    }
    if let Some(phone) = whatsapp.and_then(mobile) {
        return Some(MessageChannel::WhatsApp(phone));
    }
    messenger
        .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.'))
        .map(MessageChannel::Messenger)
}
