//! The checks of what a shopper enters about their car: each bad field named, with its
//! message, in the field map of a 422 answer.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use domain::messages;
use domain::messages::{INVALID_KMS, INVALID_YEAR};
use domain::rules::trade_in::{
    newest_year, parse_rego, parse_rego_state, TradeInCar, MAX_KMS_INPUT, MAX_NAME_CHARS,
    OLDEST_YEAR,
};

use super::api::Vehicle;

/// Longest badge or body accepted.
pub const MAX_DETAIL_CHARS: usize = 100;

/// Messages by field.
pub type Fields = BTreeMap<String, String>;

/// A make, model, badge or body: trimmed, within `max` characters, no control characters.
fn name(
    fields: &mut Fields,
    key: &str,
    label: &str,
    raw: &str,
    max: usize,
    required: bool,
) -> Option<String> {
    let text = raw.trim();
    if text.is_empty() {
        if required {
            fields.insert(key.to_owned(), messages::field_required(label));
        }
        return None;
    }
    if text.chars().count() > max || text.chars().any(char::is_control) {
        fields.insert(
            key.to_owned(),
            format!("{label} must be at most {max} letters, numbers or spaces."),
        );
        return None;
    }
    Some(text.to_owned())
}

/// The vehicle checked and trimmed, each bad field named under `vehicle.`.
pub fn check_vehicle(fields: &mut Fields, vehicle: &Vehicle, today: NaiveDate) -> Option<Vehicle> {
    let before = fields.len();
    if !(OLDEST_YEAR..=newest_year(today)).contains(&vehicle.year) {
        fields.insert("vehicle.year".to_owned(), INVALID_YEAR.to_owned());
    }
    let make = name(
        fields,
        "vehicle.make",
        "Make",
        &vehicle.make,
        MAX_NAME_CHARS,
        true,
    );
    let model = name(
        fields,
        "vehicle.model",
        "Model",
        &vehicle.model,
        MAX_NAME_CHARS,
        true,
    );
    let badge = vehicle
        .badge
        .as_deref()
        .and_then(|b| name(fields, "vehicle.badge", "Badge", b, MAX_DETAIL_CHARS, false));
    let body = vehicle
        .body
        .as_deref()
        .and_then(|b| name(fields, "vehicle.body", "Body", b, MAX_DETAIL_CHARS, false));
    if fields.len() > before {
        return None;
    }
    Some(Vehicle {
        year: vehicle.year,
        make: make?,
        model: model?,
        badge,
        body,
    })
}

/// An odometer reading beyond what a car shows.
pub fn check_kms(fields: &mut Fields, kms: u32) {
    if kms > MAX_KMS_INPUT {
        fields.insert("kms".to_owned(), INVALID_KMS.to_owned());
    }
}

/// The rego and state, when a rego is given (state defaults to the dealer's).
pub fn check_rego(
    fields: &mut Fields,
    rego: Option<&str>,
    rego_state: Option<&str>,
    default_state: &str,
) -> Option<(String, String)> {
    let rego = rego.filter(|r| !r.trim().is_empty())?;
    let rego = parse_rego(rego)
        .map_err(|m| fields.insert("rego".to_owned(), m.to_owned()))
        .ok();
    let state = rego_state
        .filter(|s| !s.trim().is_empty())
        .unwrap_or(default_state);
    let state = parse_rego_state(state)
        .map_err(|m| fields.insert("regoState".to_owned(), m.to_owned()))
        .ok();
    Some((rego?, state?.to_owned()))
}

/// The car as the valuation rules take it.
pub fn car_of(vehicle: &Vehicle, kms: u32) -> TradeInCar {
    TradeInCar {
        year: vehicle.year,
        make: vehicle.make.clone(),
        model: vehicle.model.clone(),
        km: kms,
    }
}
