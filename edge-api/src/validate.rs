//! The field rules the handlers apply, all from `domain::rules` (one place for every rule
//! and message): Australian phone numbers, e-mail addresses, 4-digit postcodes. Each
//! answers the parsed value, or the seed's message for the field.

use domain::messages::{MOBILE_REQUIRED, NO_CONTROL_CHARACTERS, ONE_LINE_ONLY};
use domain::rules::contact::{AuPhone, AuPhoneKind, Email};
use domain::rules::postcode::{Postcode, PostcodeError};

/// An Australian phone number, or the seed's message.
pub fn phone(raw: &str) -> Result<AuPhone, String> {
    AuPhone::parse(raw).map_err(|e| e.to_string())
}

/// A mobile number (sign-in codes go by SMS).
pub fn mobile(raw: &str) -> Result<AuPhone, String> {
    let parsed = phone(raw)?;
    match parsed.kind() {
        Some(AuPhoneKind::Mobile) => Ok(parsed),
        _ => Err(MOBILE_REQUIRED.to_owned()),
    }
}

/// An e-mail address (domain lower-cased), or the message. The mailer's own parser must
/// take it too: an address stored but refused at sending time would lose the reply path.
pub fn email(raw: &str) -> Result<Email, String> {
    let email = Email::parse(raw).map_err(|e| e.to_string())?;
    match email.as_str().parse::<lettre::Address>() {
        Ok(_) => Ok(email),
        Err(_) => Err(domain::rules::contact::EmailError.to_string()),
    }
}

/// An optional postcode: blank is fine, anything else must be 4 digits
/// ('Invalid postcode. Please enter a 4-digit number.').
pub fn optional_postcode(raw: &str) -> Result<Option<Postcode>, String> {
    match Postcode::parse(raw) {
        Ok(p) => Ok(Some(p)),
        Err(PostcodeError::Missing) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// Whether a character can never be part of a shopper's text: C0 and C1 controls,
/// Unicode noncharacters (which XML 1.0 forbids too) and, in one-line fields, the line
/// and paragraph separators. A multi-line field keeps line breaks and tabs.
fn forbidden(c: char, multiline: bool) -> bool {
    let noncharacter = matches!(c as u32, 0xFDD0..=0xFDEF) || (c as u32) & 0xFFFE == 0xFFFE;
    match c {
        '\n' | '\r' | '\t' => !multiline,
        '\u{2028}' | '\u{2029}' => !multiline,
        c => c.is_control() || noncharacter,
    }
}

/// The message for a text field holding a character it cannot take, if it does.
pub fn text_characters(value: &str, multiline: bool) -> Option<&'static str> {
    value
        .chars()
        .any(|c| forbidden(c, multiline))
        .then_some(if multiline {
            NO_CONTROL_CHARACTERS
        } else {
            ONE_LINE_ONLY
        })
}

/// Every string inside a JSON payload that holds a character its field cannot take,
/// named by its path (`name`, `lead_attributes.referrer`, `additional_services[1]`).
/// Only the top-level fields in `multiline` keep line breaks.
pub fn payload_characters(
    payload: &serde_json::Value,
    multiline: &[&str],
) -> std::collections::BTreeMap<String, String> {
    fn walk(
        value: &serde_json::Value,
        path: String,
        multiline: bool,
        out: &mut std::collections::BTreeMap<String, String>,
    ) {
        match value {
            serde_json::Value::String(text) => {
                if let Some(message) = text_characters(text, multiline) {
                    out.insert(path, message.to_owned());
                }
            }
            serde_json::Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    walk(item, format!("{path}[{i}]"), false, out);
                }
            }
            serde_json::Value::Object(map) => {
                for (key, item) in map {
                    // A key is text the shopper chose too (query parameter names); a
                    // bad one is named by the object that holds it, not echoed back.
                    if text_characters(key, false).is_some() {
                        out.insert(path.clone(), ONE_LINE_ONLY.to_owned());
                        continue;
                    }
                    walk(item, format!("{path}.{key}"), false, out);
                }
            }
            _ => {}
        }
    }
    let mut out = std::collections::BTreeMap::new();
    if let serde_json::Value::Object(map) = payload {
        for (key, value) in map {
            walk(
                value,
                key.clone(),
                multiline.contains(&key.as_str()),
                &mut out,
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_fields_refuse_every_control_and_multi_line_fields_keep_line_breaks() {
        for bad in [
            "Eve\nX",
            "Eve\rX",
            "Eve\tX",
            "Eve\u{0}",
            "Eve\u{85}",
            "Eve\u{2028}",
            "\u{FFFE}",
            "a\u{1FFFF}",
        ] {
            assert_eq!(text_characters(bad, false), Some(ONE_LINE_ONLY), "{bad:?}");
        }
        assert_eq!(text_characters("Line one\r\nLine\ttwo", true), None);
        for bad in ["a\u{0}", "a\u{7}", "a\u{1b}[31m", "\u{FFFF}", "\u{FDD0}"] {
            assert_eq!(
                text_characters(bad, true),
                Some(NO_CONTROL_CHARACTERS),
                "{bad:?}"
            );
        }
        for good in ["Zoë O'Brien-Nguyễn", "李 明", "🚗 RAV4", ""] {
            assert_eq!(text_characters(good, false), None, "{good:?}");
        }
    }

    #[test]
    fn a_payload_names_each_bad_string_by_its_path() {
        let payload = serde_json::json!({
            "name": "Eve\nX",
            "message": "Hi\nthere",
            "additional_services": ["ok", "bad\u{0}"],
            "lead_attributes": {"linked_query_params": {"utm\nsource": "x", "gclid": "a\u{7}"}},
            "car_id": 5,
        });
        let found = payload_characters(&payload, &["message"]);
        let paths: Vec<&str> = found.keys().map(String::as_str).collect();
        assert_eq!(
            paths,
            [
                "additional_services[1]",
                "lead_attributes.linked_query_params",
                "lead_attributes.linked_query_params.gclid",
                "name"
            ]
        );
    }
}
