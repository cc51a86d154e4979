//! Contact details entered in forms: Australian phone numbers and email addresses
//! (seed 001 s5 form types "phone" and "email"; the seeds give no format, so the rules
//! below are Forecourt's and are documented on each type).

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages;

/// Kind of Australian number, by its leading digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum AuPhoneKind {
    /// 04xx xxx xxx.
    Mobile,
    /// (0A) xxxx xxxx with area code 02, 03, 07 or 08.
    Landline,
    /// 1300 xxx xxx or 1800 xxx xxx.
    LocalRate,
    /// 13 xx xx.
    ShortLocalRate,
}

/// An Australian phone number, stored as its national digits ("0412345678").
///
/// Accepted input: digits with any spaces, hyphens, dots or parentheses; a leading
/// "+61" or "61" (11 digits) becomes "0", and "+61 (0)4..." drops the "(0)". The
/// national number must then be a mobile (04 + 8 digits), a landline (02, 03, 07 or 08 +
/// 8 digits), a 1300/1800 number (10 digits) or a 13 number (6 digits).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema, TS)]
pub struct AuPhone(String);

/// The phone text is not an Australian number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", messages::INVALID_PHONE)]
pub struct AuPhoneError;

impl AuPhone {
    /// Parses and normalises, e.g. "+61 412 345 678", "0412-345-678" and "(04) 1234 5678"
    /// all give "0412345678"; "(07) 3123 4567" gives "0731234567".
    pub fn parse(text: &str) -> Result<AuPhone, AuPhoneError> {
        let text = text.trim().replace("(0)", "");
        let mut digits = String::with_capacity(text.len());
        for (i, c) in text.chars().enumerate() {
            match c {
                '0'..='9' => digits.push(c),
                '+' if i == 0 => {}
                ' ' | '-' | '.' | '(' | ')' => {}
                _ => return Err(AuPhoneError),
            }
        }
        let national = if text.starts_with('+') {
            match digits.strip_prefix("61") {
                Some(rest) => format!("0{rest}"),
                None => return Err(AuPhoneError),
            }
        } else if digits.len() == 11 && digits.starts_with("61") {
            format!("0{}", &digits[2..])
        } else {
            digits
        };
        let phone = AuPhone(national);
        phone.kind().map(|_| phone).ok_or(AuPhoneError)
    }

    /// The kind of number.
    pub fn kind(&self) -> Option<AuPhoneKind> {
        let d = self.0.as_str();
        match (d.len(), d.get(..2)) {
            (10, Some("04")) => Some(AuPhoneKind::Mobile),
            (10, Some("02" | "03" | "07" | "08")) => Some(AuPhoneKind::Landline),
            (10, _) if d.starts_with("1300") || d.starts_with("1800") => {
                Some(AuPhoneKind::LocalRate)
            }
            (6, Some("13")) => Some(AuPhoneKind::ShortLocalRate),
            _ => None,
        }
    }

    /// National digits, e.g. "0412345678".
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// The `tel:` form, e.g. "+61412345678" (1300, 1800 and 13 numbers stay national).
    pub fn e164(&self) -> String {
        match self.kind() {
            Some(AuPhoneKind::Mobile | AuPhoneKind::Landline) => format!("+61{}", &self.0[1..]),
            _ => self.0.clone(),
        }
    }

    /// The display form: "0412 345 678", "(07) 3123 4567", "1300 123 456" or "13 12 34".
    pub fn display(&self) -> String {
        let d = &self.0;
        match self.kind() {
            Some(AuPhoneKind::Mobile) => format!("{} {} {}", &d[..4], &d[4..7], &d[7..]),
            Some(AuPhoneKind::Landline) => format!("({}) {} {}", &d[..2], &d[2..6], &d[6..]),
            Some(AuPhoneKind::LocalRate) => format!("{} {} {}", &d[..4], &d[4..7], &d[7..]),
            Some(AuPhoneKind::ShortLocalRate) => format!("{} {} {}", &d[..2], &d[2..4], &d[4..]),
            None => d.clone(),
        }
    }
}

impl fmt::Display for AuPhone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

impl<'de> Deserialize<'de> for AuPhone {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        AuPhone::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Longest email address accepted (RFC 5321 path limit).
pub const EMAIL_MAX_LENGTH: usize = 254;

/// An email address, trimmed, with the domain lower-cased.
///
/// Rule: at most 254 characters, exactly one "@", a non-empty local part of at most 64
/// characters without whitespace, and a domain of two or more dot-separated labels, each
/// 1 to 63 letters, digits or hyphens not starting or ending with a hyphen, the last
/// label being at least two letters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema, TS)]
pub struct Email(String);

/// The email text is not an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", messages::INVALID_EMAIL)]
pub struct EmailError;

impl Email {
    /// Parses an address under the rule of [`Email`].
    pub fn parse(text: &str) -> Result<Email, EmailError> {
        let text = text.trim();
        if text.len() > EMAIL_MAX_LENGTH {
            return Err(EmailError);
        }
        let (local, domain) = text.split_once('@').ok_or(EmailError)?;
        if local.is_empty()
            || local.len() > 64
            || local.chars().any(|c| c.is_whitespace() || c == '@')
        {
            return Err(EmailError);
        }
        let labels: Vec<&str> = domain.split('.').collect();
        let label_ok = |l: &&str| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        };
        let tld_ok = labels
            .last()
            .is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
        if labels.len() < 2 || !labels.iter().all(label_ok) || !tld_ok {
            return Err(EmailError);
        }
        Ok(Email(format!("{local}@{}", domain.to_ascii_lowercase())))
    }

    /// The address.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Email {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Email::parse(&text).map_err(serde::de::Error::custom)
    }
}
