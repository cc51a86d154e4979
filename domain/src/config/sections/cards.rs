//! What a car's card shows besides the car: `[phones]`, `[tags]` and `[favourites]`.

use super::*;

/// Dealer phone numbers. The phone shown for a car is, in order: `override`, the number
/// of the car's type, the new/used fallback, then the car location's phone (seed 001).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhonesConfig {
    /// One number for every car on the site, above all others; default none.
    #[serde(default, rename = "override", skip_serializing_if = "Option::is_none")]
    pub site_override: Option<String>,
    /// Number for new cars; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new: Option<String>,
    /// Number for demo cars; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub demo: Option<String>,
    /// Number for used cars; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used: Option<String>,
    /// Fallback for new and demo cars without their own number; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_fallback: Option<String>,
    /// Fallback for used cars without their own number; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_fallback: Option<String>,
    /// Mask phone numbers until clicked (and log the reveal); false shows them unmasked (some variants); default true.
    #[serde(default = "yes")]
    pub masked: bool,
}

impl Default for PhonesConfig {
    fn default() -> Self {
        PhonesConfig {
            site_override: None,
            new: None,
            demo: None,
            used: None,
            new_fallback: None,
            used_fallback: None,
            masked: true,
        }
    }
}

impl PhonesConfig {
    /// The parameters of the phone choice rule (`rules::phone`).
    pub fn settings(&self) -> PhoneSettings {
        PhoneSettings {
            site_override: self.site_override.clone(),
            new_cars: self.new.clone(),
            demo_cars: self.demo.clone(),
            used_cars: self.used.clone(),
            new_fallback: self.new_fallback.clone(),
            used_fallback: self.used_fallback.clone(),
        }
    }
}

/// Car card tag settings (seed 000 section 4, in priority order).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagsConfig {
    /// Show Electric / Hybrid / Plug-in Hybrid fuel tags first (some sites); default false.
    #[serde(default)]
    pub fuel_tags: bool,
    /// Make whose certified used cars show the certified logo (some sites), e.g. "Toyota"; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified_manufacturer: Option<String>,
    /// Image of the certified logo (file in the dealer folder or URL); required with `certified_manufacturer`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified_logo: Option<String>,
    /// Custom tag text shown green (one site's runout sale tag, e.g. "Runout Sale"); every other custom tag is red; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub green_tag_text: Option<String>,
    /// Text of the New-type tag; default "New Arrival".
    #[serde(default = "new_arrival_text")]
    pub new_arrival_text: String,
    /// Days a new car counts as just arrived; default 8.
    #[serde(default = "just_arrived_days")]
    pub just_arrived_days: u32,
    /// Wording of the sold tag; default "JUST SOLD".
    #[serde(default = "sold_text")]
    pub sold_text: String,
}

fn just_arrived_days() -> u32 {
    DEFAULT_JUST_ARRIVED_DAYS
}
fn new_arrival_text() -> String {
    DEFAULT_NEW_ARRIVAL_TEXT.to_string()
}
fn sold_text() -> String {
    messages::JUST_SOLD.to_string()
}

impl Default for TagsConfig {
    fn default() -> Self {
        TagsConfig {
            fuel_tags: false,
            certified_manufacturer: None,
            certified_logo: None,
            green_tag_text: None,
            new_arrival_text: new_arrival_text(),
            just_arrived_days: DEFAULT_JUST_ARRIVED_DAYS,
            sold_text: sold_text(),
        }
    }
}

impl TagsConfig {
    /// The parameters of the card tag rule (`rules::tag`).
    pub fn settings(&self) -> TagSettings {
        TagSettings {
            fuel_tags: self.fuel_tags,
            certified_manufacturer: self.certified_manufacturer.clone(),
            green_tag_text: self.green_tag_text.clone(),
            new_arrival_text: self.new_arrival_text.clone(),
            just_arrived_days: self.just_arrived_days,
        }
    }
}

/// Favourites (watchlist) settings.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FavouritesConfig {
    /// Offer the save toggle; favourites exist only where enabled; default false.
    #[serde(default)]
    pub enabled: bool,
    /// Which cars can be saved; default purchasable.
    #[serde(default)]
    pub rule: FavouritesRule,
}
