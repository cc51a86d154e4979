//! The field rules the handlers apply, all from `domain::rules` (one place for every rule
//! and message): Australian phone numbers, e-mail addresses, 4-digit postcodes. Each
//! answers the parsed value, or the seed's message for the field.

use domain::rules::contact::{AuPhone, AuPhoneKind, Email};
use domain::rules::postcode::{Postcode, PostcodeError};

/// Shown when a sign-in code is asked for a number that cannot receive SMS.
pub const MOBILE_REQUIRED: &str = "Please enter an Australian mobile number to receive your code.";

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

/// An e-mail address (domain lower-cased), or the message.
pub fn email(raw: &str) -> Result<Email, String> {
    Email::parse(raw).map_err(|e| e.to_string())
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
