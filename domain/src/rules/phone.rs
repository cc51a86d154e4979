//! Which phone number a car shows (seed 001 s5 "Phone choice order").

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};

/// A dealer's phone numbers, each optional.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhoneSettings {
    /// Site override: used for every car when set.
    #[serde(default)]
    pub site_override: Option<String>,
    /// Number for new cars.
    #[serde(default)]
    pub new_cars: Option<String>,
    /// Number for demo cars.
    #[serde(default)]
    pub demo_cars: Option<String>,
    /// Number for used cars.
    #[serde(default)]
    pub used_cars: Option<String>,
    /// New-car fallback (also used for demo cars).
    #[serde(default)]
    pub new_fallback: Option<String>,
    /// Used-car fallback.
    #[serde(default)]
    pub used_fallback: Option<String>,
}

/// Where the chosen number came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum PhoneSource {
    /// The site override.
    SiteOverride,
    /// The number for the car's type.
    CarType,
    /// The new or used fallback.
    Fallback,
    /// The car's location phone.
    Location,
}

/// The chosen number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct PhoneChoice {
    /// Number as configured.
    pub number: String,
    /// Where it came from.
    pub source: PhoneSource,
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Seed 001 s5: site override, then the number for the car's type, then the new/used
/// fallback (demo cars use the new fallback), then the car's location phone. None means
/// no number: the caller logs [`crate::messages::MISSING_PHONE_WARNING`] (seed 001 s8
/// "Missing phone: console warning").
pub fn choose_phone(car: &Car, settings: &PhoneSettings) -> Option<PhoneChoice> {
    let choice = |number: &str, source| {
        Some(PhoneChoice {
            number: number.to_string(),
            source,
        })
    };
    if let Some(n) = present(&settings.site_override) {
        return choice(n, PhoneSource::SiteOverride);
    }
    let by_type = match car.car_type {
        CarType::New => &settings.new_cars,
        CarType::Demo => &settings.demo_cars,
        CarType::Used => &settings.used_cars,
    };
    if let Some(n) = present(by_type) {
        return choice(n, PhoneSource::CarType);
    }
    let fallback = match car.car_type {
        CarType::New | CarType::Demo => &settings.new_fallback,
        CarType::Used => &settings.used_fallback,
    };
    if let Some(n) = present(fallback) {
        return choice(n, PhoneSource::Fallback);
    }
    let location_phone = car.location.as_ref().and_then(|l| present(&l.phone));
    location_phone.and_then(|n| choice(n, PhoneSource::Location))
}
