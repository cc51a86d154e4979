//! The field rules the handlers apply, all from `domain::rules` (one place for every rule
//! and message): Australian phone numbers, e-mail addresses, 4-digit postcodes.

use domain::rules::contact::{AuPhone, AuPhoneKind, Email};
use domain::rules::postcode::{Postcode, PostcodeError};

/// Shown when a sign-in code is asked for a number that cannot receive SMS.
pub const MOBILE_REQUIRED: &str = "Please enter an Australian mobile number to receive your code.";

/// A phone number in national digits (`0412345678`), or the seed's message.
pub fn phone(raw: &str) -> Result<String, String> {
    AuPhone::parse(raw)
        .map(|p| p.digits().to_owned())
        .map_err(|e| e.to_string())
}

/// A mobile number (sign-in codes go by SMS), in national digits.
pub fn mobile(raw: &str) -> Result<String, String> {
    let parsed = AuPhone::parse(raw).map_err(|e| e.to_string())?;
    match parsed.kind() {
        Some(AuPhoneKind::Mobile) => Ok(parsed.digits().to_owned()),
        _ => Err(MOBILE_REQUIRED.to_owned()),
    }
}

/// An e-mail address (domain lower-cased), or the message.
pub fn email(raw: &str) -> Result<String, String> {
    Email::parse(raw)
        .map(|e| e.as_str().to_owned())
        .map_err(|e| e.to_string())
}

/// An optional postcode: blank is fine, anything else must be 4 digits
/// ('Invalid postcode. Please enter a 4-digit number.').
pub fn optional_postcode(raw: &str) -> Result<Option<String>, String> {
    match Postcode::parse(raw) {
        Ok(p) => Ok(Some(p.as_str().to_owned())),
        Err(PostcodeError::Missing) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}
