//! Australian postcodes (seed 001 s5/s8) and the delivery calculator messages (seed 000
//! s5/s8). Parse, don't validate: a [`Postcode`] is always exactly four digits.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages;

/// Seed 001 s5/s9: postcode length.
pub const POSTCODE_LENGTH: usize = 4;

/// Why a postcode text was rejected.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize, JsonSchema, TS,
)]
#[serde(rename_all = "snake_case")]
pub enum PostcodeError {
    /// Nothing entered: 'Please enter a postcode.'
    #[error("{}", messages::PLEASE_ENTER_A_POSTCODE)]
    Missing,
    /// Not exactly four digits: 'Invalid postcode. Please enter a 4-digit number.'
    #[error("{}", messages::INVALID_POSTCODE_FORMAT)]
    Format,
}

/// An Australian postcode: exactly four ASCII digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, JsonSchema, TS)]
pub struct Postcode(String);

impl Postcode {
    /// Seed 001 s5: surrounding whitespace is ignored; empty text is [`PostcodeError::Missing`],
    /// anything but exactly four digits is [`PostcodeError::Format`].
    pub fn parse(text: &str) -> Result<Postcode, PostcodeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(PostcodeError::Missing);
        }
        if text.len() == POSTCODE_LENGTH && text.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Postcode(text.to_string()))
        } else {
            Err(PostcodeError::Format)
        }
    }

    /// The four digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Postcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Postcode {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Postcode::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Why the delivery calculator shows an error (seed 000 s8).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize, JsonSchema, TS,
)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryError {
    /// Lookup without a postcode.
    #[error("{}", messages::PLEASE_ENTER_A_POSTCODE)]
    MissingPostcode,
    /// Lookup with a postcode of the wrong format.
    #[error("{}", messages::INVALID_POSTCODE_FORMAT)]
    InvalidPostcode,
    /// Lookup with no result for the postcode.
    #[error("{}", messages::DELIVERY_NO_ESTIMATE)]
    NoEstimate,
}

/// Seed 000 s5: the postcode a delivery lookup may use; empty gives 'Please enter a postcode.'.
pub fn delivery_postcode(text: &str) -> Result<Postcode, DeliveryError> {
    Postcode::parse(text).map_err(|e| match e {
        PostcodeError::Missing => DeliveryError::MissingPostcode,
        PostcodeError::Format => DeliveryError::InvalidPostcode,
    })
}
