//! The tag shown on a car card, in the priority order of seed 000 section 4.

use chrono::{DateTime, Duration, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarStatus, CarType};
use crate::messages;

/// Seed 000 s4/s9: the just-arrived window, in days, unless configured.
pub const DEFAULT_JUST_ARRIVED_DAYS: u32 = 8;
/// Seed 001 s9: default text of the New-type tag.
pub const DEFAULT_NEW_ARRIVAL_TEXT: &str = messages::NEW_ARRIVAL;

fn default_just_arrived_days() -> u32 {
    DEFAULT_JUST_ARRIVED_DAYS
}

fn default_new_arrival_text() -> String {
    DEFAULT_NEW_ARRIVAL_TEXT.to_string()
}

/// Per-dealer switches of the card tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagSettings {
    /// Show Electric, Hybrid and Plug-in Hybrid fuel tags first (on some sites).
    #[serde(default)]
    pub fuel_tags: bool,
    /// The manufacturer whose certified used cars show a certified logo (on some sites).
    #[serde(default)]
    pub certified_manufacturer: Option<String>,
    /// A custom tag text shown green (the runout sale tag of one site); other custom tags are red.
    #[serde(default)]
    pub green_tag_text: Option<String>,
    /// Text of the New-type tag (default "New Arrival").
    #[serde(default = "default_new_arrival_text")]
    pub new_arrival_text: String,
    /// The just-arrived window in days (default 8).
    #[serde(default = "default_just_arrived_days")]
    pub just_arrived_days: u32,
}

impl Default for TagSettings {
    fn default() -> Self {
        TagSettings {
            fuel_tags: false,
            certified_manufacturer: None,
            green_tag_text: None,
            new_arrival_text: DEFAULT_NEW_ARRIVAL_TEXT.to_string(),
            just_arrived_days: DEFAULT_JUST_ARRIVED_DAYS,
        }
    }
}

/// Which rule produced a card tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum TagKind {
    /// Electric, Hybrid or Plug-in Hybrid.
    Fuel,
    /// Reserved.
    Reserved,
    /// Certified logo of the configured manufacturer; `text` is the manufacturer (logo alt text).
    Certified,
    /// The car's custom tag.
    Custom,
    /// COMING SOON.
    ComingSoon,
    /// New-type tag within the just-arrived window.
    NewArrival,
}

/// Colour of a custom tag (seed 000 s4: green for one site's runout tag, otherwise red).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum TagColour {
    /// The configured green tag.
    Green,
    /// Every other custom tag.
    Red,
}

/// The tag a card renders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct CardTag {
    /// Rule that produced the tag.
    pub kind: TagKind,
    /// Text to show (or the logo's alt text for [`TagKind::Certified`]).
    pub text: String,
    /// Colour, set only for custom tags.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<TagColour>,
}

/// The fuel tag text of a car: its `simple_fuel` (or `fuel`) read as Electric, Hybrid
/// or Plug-in Hybrid ignoring case, spaces and hyphens ("PHEV" reads as Plug-in Hybrid).
pub fn fuel_tag(car: &Car) -> Option<&'static str> {
    let fuel = car.simple_fuel.as_deref().or(car.fuel.as_deref())?;
    let key: String = fuel
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match key.as_str() {
        "electric" | "ev" => Some(messages::FUEL_ELECTRIC),
        "hybrid" => Some(messages::FUEL_HYBRID),
        "pluginhybrid" | "phev" => Some(messages::FUEL_PLUG_IN_HYBRID),
        _ => None,
    }
}

/// Whether the car was created within `days` days before `now` (a creation date in the
/// future also counts as just arrived).
pub fn just_arrived(car: &Car, days: u32, now: DateTime<Utc>) -> bool {
    now.signed_duration_since(car.created_at) <= Duration::days(i64::from(days))
}

/// Seed 000 s4: the card tag in priority order: fuel tag (when enabled), Reserved,
/// certified logo (configured manufacturer, used car marked certified), custom tag
/// (green when it equals the configured green text ignoring case, otherwise red),
/// COMING SOON, the New-type tag within the just-arrived window, else none.
pub fn card_tag(car: &Car, settings: &TagSettings, now: DateTime<Utc>) -> Option<CardTag> {
    let tag = |kind, text: &str, colour| {
        Some(CardTag {
            kind,
            text: text.to_string(),
            colour,
        })
    };
    if settings.fuel_tags {
        if let Some(text) = fuel_tag(car) {
            return tag(TagKind::Fuel, text, None);
        }
    }
    if car.reserved {
        return tag(TagKind::Reserved, messages::RESERVED, None);
    }
    if let Some(manufacturer) = settings.certified_manufacturer.as_deref() {
        if car.certified
            && car.car_type == CarType::Used
            && car.make.trim().eq_ignore_ascii_case(manufacturer.trim())
        {
            return tag(TagKind::Certified, manufacturer.trim(), None);
        }
    }
    if let Some(custom) = car.tag.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        let green = settings
            .green_tag_text
            .as_deref()
            .is_some_and(|g| g.trim().eq_ignore_ascii_case(custom));
        let colour = if green {
            TagColour::Green
        } else {
            TagColour::Red
        };
        return tag(TagKind::Custom, custom, Some(colour));
    }
    if car.status == CarStatus::ComingSoon {
        return tag(TagKind::ComingSoon, messages::COMING_SOON, None);
    }
    if just_arrived(car, settings.just_arrived_days, now) {
        return tag(TagKind::NewArrival, &settings.new_arrival_text, None);
    }
    None
}
