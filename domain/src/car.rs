//! The Car entity: one row of the stock feed, with every field of seed 000 section 3
//! and seed 001 section 3. JSON keys are exactly the seeds' names (snake_case as written
//! there, and the few camelCase names the seeds use: `standardEquipment`, `youxQuote`).

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Kind of vehicle stock. Display order is new, demo, used (see [`CarType::ORDER`]).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
    TS,
)]
#[serde(rename_all = "snake_case")]
pub enum CarType {
    /// A new car.
    #[default]
    New,
    /// A demonstrator car.
    Demo,
    /// A used car.
    Used,
}

impl CarType {
    /// Seed 000 section 4: "Car types are ordered new, demo, used."
    pub const ORDER: [CarType; 3] = [CarType::New, CarType::Demo, CarType::Used];

    /// The lower-case word used in routes (`/search/{type}-cars`) and the feed.
    pub fn as_str(self) -> &'static str {
        match self {
            CarType::New => "new",
            CarType::Demo => "demo",
            CarType::Used => "used",
        }
    }

    /// Parses the feed/route word.
    pub fn parse(s: &str) -> Option<CarType> {
        match s.trim().to_ascii_lowercase().as_str() {
            "new" => Some(CarType::New),
            "demo" => Some(CarType::Demo),
            "used" => Some(CarType::Used),
            _ => None,
        }
    }
}

/// Stock status of a car (seed 000: in_stock, coming_soon, sold).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema, TS,
)]
#[serde(rename_all = "snake_case")]
pub enum CarStatus {
    /// On the lot and available.
    #[default]
    InStock,
    /// Arriving soon; counts as available.
    ComingSoon,
    /// Sold; not available.
    Sold,
}

impl CarStatus {
    /// The snake_case word used in the feed and search facets.
    pub fn as_str(self) -> &'static str {
        match self {
            CarStatus::InStock => "in_stock",
            CarStatus::ComingSoon => "coming_soon",
            CarStatus::Sold => "sold",
        }
    }
}

/// A thumbnail reference inside an image (`image.thumb.url`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct Thumb {
    /// URL of the thumbnail.
    pub url: String,
}

/// One gallery image (`image.url`, `image.thumb.url`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct Image {
    /// URL of the full-size image.
    pub url: String,
    /// Thumbnail of the image, when the feed has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub thumb: Option<Thumb>,
}

/// A hotspot position at one spin angle.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct HotspotPosition {
    /// Spin frame index (angle) the position applies to.
    pub angle: u32,
    /// Horizontal position, percent of the frame width.
    pub x: f64,
    /// Vertical position, percent of the frame height.
    pub y: f64,
}

/// A hotspot on the 360 spin or interior view.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct Hotspot {
    /// Text shown when the hotspot is opened.
    pub description: String,
    /// Anchor names (labels) of the hotspot.
    #[serde(default)]
    pub anchors: Vec<String>,
    /// Positions by spin angle; frames without a position hide the hotspot.
    #[serde(default)]
    pub positions: Vec<HotspotPosition>,
}

/// Exterior and interior hotspots of a car.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct Hotspots {
    /// Hotspots on the exterior 360 spin.
    #[serde(default)]
    pub exterior: Vec<Hotspot>,
    /// Hotspots on the interior view.
    #[serde(default)]
    pub interior: Vec<Hotspot>,
}

/// The car's dealership location as carried in the feed.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct CarLocation {
    /// Location display name.
    #[serde(default)]
    pub name: String,
    /// Location slug (matches a location in the dealer's locations.toml).
    #[serde(default)]
    pub slug: String,
    /// Location phone number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub phone: Option<String>,
    /// City or suburb.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub city: Option<String>,
    /// State abbreviation (QLD, NSW, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub state: Option<String>,
    /// Street address line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub address: Option<String>,
    /// Other location slugs the car is distributed to.
    #[serde(default)]
    pub distribution_locations: Vec<String>,
}

/// Variant sub-fields of seed 000 section 3.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct Variant {
    /// Number of cylinders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cylinders: Option<serde_json::Value>,
    /// Engine size in cc.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub enginesize: Option<serde_json::Value>,
    /// Engine size in litres.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub enginesize_litres: Option<serde_json::Value>,
    /// Induction (turbo, naturally aspirated...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub induction: Option<serde_json::Value>,
    /// Combined fuel consumption, L/100km.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fuelconsumptioncombined: Option<serde_json::Value>,
    /// Fuel tank capacity, litres.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fuelcapacity: Option<serde_json::Value>,
    /// Gross vehicle mass, kg.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub grossvehiclemass: Option<serde_json::Value>,
    /// Vehicle length, mm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vehiclelength: Option<serde_json::Value>,
    /// Vehicle height, mm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vehicleheight: Option<serde_json::Value>,
    /// Vehicle width, mm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vehiclewidth: Option<serde_json::Value>,
    /// Braked towing capacity, kg.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub towingcapacitybraked: Option<serde_json::Value>,
    /// Body configuration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bodyconfiguration: Option<serde_json::Value>,
    /// Torque, Nm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub torque: Option<serde_json::Value>,
    /// ANCAP safety rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ancaprating: Option<serde_json::Value>,
    /// Caravans: how many people it sleeps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub berths: Option<serde_json::Value>,
    /// Caravans: tare mass (empty, unladen), kg.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tare: Option<serde_json::Value>,
    /// Caravans: aggregate trailer mass (the most it may weigh loaded), kg.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub atm: Option<serde_json::Value>,
    /// Caravans: ball weight (the load on the tow ball), kg.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ballweight: Option<serde_json::Value>,
}

/// Finance lender data for one provider on one car (seed 001 section 3).
/// `term{N}` variants arrive in `extra_terms`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Lender {
    /// Interest (advertised) rate, percent per annum; null hides the strip.
    #[serde(default)]
    pub interest_rate: Option<f64>,
    /// Comparison rate, percent per annum; null hides the strip.
    #[serde(default)]
    pub comparison_rate: Option<f64>,
    /// Weekly repayment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub payment_week: Option<f64>,
    /// Monthly repayment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub payment_month: Option<f64>,
    /// Term in years.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub term_years: Option<f64>,
    /// Term in weeks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub term_weeks: Option<f64>,
    /// Term in months.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub term_months: Option<f64>,
    /// Deposit amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub deposit: Option<f64>,
    /// Balloon (final payment) amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub balloon: Option<f64>,
    /// Establishment fees added to the financed amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub establishment_fees: Option<f64>,
    /// Total payable over the term.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub total_payable: Option<f64>,
    /// Lender disclaimer text (truncated at 197 characters where shown short).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub disclaimer: Option<String>,
    /// Provider name as the lender reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub finance_provider: Option<String>,
    /// `term{N}` fields (term in months or years variants), keyed by their full name.
    #[serde(flatten, default)]
    #[ts(skip)]
    pub extra_terms: BTreeMap<String, serde_json::Value>,
}

/// youX quote attached to a car (seed 000 `youxQuote`, seed 001 quote object).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct YouxQuote {
    /// Weekly repayment amount.
    #[serde(default)]
    pub weekly_repayment_amount: Option<f64>,
    /// Advertised rate, percent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub advertised_rate: Option<f64>,
    /// Comparison rate, percent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub comparison_rate: Option<f64>,
}

/// A video attached to a car.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct Video {
    /// URL of the video file or page.
    pub url: String,
    /// Poster image URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub thumb: Option<String>,
}

/// `text` split at `separator` with any run of words said twice in a row said once,
/// case-insensitively: "Toyota Toyota RAV4" gives "Toyota RAV4", "Omoda Omoda 5 FX FX"
/// gives "Omoda 5 FX", and with `-` the slug "2022-ktm-390-duke-390-duke-7" gives
/// "2022-ktm-390-duke-7". Feeds build names by joining make, model and badge, which
/// often already contain each other.
pub fn without_repeats(text: &str, separator: char) -> String {
    let mut words: Vec<&str> = text.split(separator).filter(|w| !w.is_empty()).collect();
    let same = |a: &[&str], b: &[&str]| a.iter().zip(b).all(|(x, y)| x.eq_ignore_ascii_case(y));
    let mut i = 0;
    while i < words.len() {
        // The longest run starting here that the next words repeat, removed once; then
        // this position is looked at again (a run may repeat three times).
        let longest = (1..=(words.len() - i) / 2)
            .rev()
            .find(|&n| same(&words[i..i + n], &words[i + n..i + 2 * n]));
        match longest {
            Some(n) => {
                words.drain(i + n..i + 2 * n);
            }
            None => i += 1,
        }
    }
    words.join(&separator.to_string())
}

/// A feed slug with the words it repeats said once.
fn slug_without_repeats<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let slug = String::deserialize(d)?;
    Ok(without_repeats(&slug, '-'))
}

/// One car of the stock feed. Every field of seed 000 section 3 and seed 001 section 3.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct Car {
    /// Stable numeric id of the car.
    pub id: u64,
    /// URL slug, unique per dealer (`/cars/{slug}`), with any words the feed repeats
    /// said once ("390-duke-390-duke" is "390-duke"); the CDN's router answers the feed's
    /// form with a 301 to this one.
    #[serde(deserialize_with = "slug_without_repeats")]
    pub slug: String,
    /// Path of the vehicle page; derived from the slug when absent.
    #[serde(default)]
    pub path: String,
    /// Display name, e.g. "2023 Toyota RAV4 GX Auto 2WD".
    #[serde(default)]
    pub name: String,
    /// Model year.
    pub year: u16,
    /// Manufacturer, e.g. "Toyota".
    pub make: String,
    /// Model, e.g. "RAV4".
    pub model: String,
    /// Badge, e.g. "GX".
    #[serde(default)]
    pub badge: Option<String>,
    /// Series, e.g. "AXAH52R".
    #[serde(default)]
    pub series: Option<String>,
    /// Exterior colour.
    #[serde(default)]
    pub colour: Option<String>,
    /// Price in AUD; 0 or null means no visible price.
    #[serde(default)]
    pub price: Option<f64>,
    /// Price before a discount.
    #[serde(default)]
    pub before_price: Option<f64>,
    /// Price type (drive away, excl. government charges, ...).
    #[serde(default)]
    pub price_type: Option<String>,
    /// Odometer, km.
    #[serde(default)]
    pub km: Option<u32>,
    /// new, used or demo.
    pub car_type: CarType,
    /// in_stock, coming_soon or sold.
    pub status: CarStatus,
    /// Seed 001 `sold` flag; a true value makes the car unavailable whatever its status.
    #[serde(default)]
    pub sold: bool,
    /// When the car was sold; used for the sold-cars window.
    #[serde(default)]
    pub sold_at: Option<DateTime<Utc>>,
    /// Held by a reservation.
    #[serde(default)]
    pub reserved: bool,
    /// Custom tag, e.g. "Test Drive Only".
    #[serde(default)]
    pub tag: Option<String>,
    /// Dealer stock number.
    #[serde(default)]
    pub stocknum: Option<String>,
    /// 17-character VIN.
    #[serde(default)]
    pub vin: Option<String>,
    /// Registration plate.
    #[serde(default)]
    pub regplate: Option<String>,
    /// Registration expiry date.
    #[serde(default)]
    pub rego_expiry: Option<NaiveDate>,
    /// Build date (free text as supplied, e.g. "2022-11").
    #[serde(default)]
    pub build_date: Option<String>,
    /// Compliance date (free text as supplied).
    #[serde(default)]
    pub compliance_date: Option<String>,
    /// Manufacturer certified pre-owned.
    #[serde(default)]
    pub certified: bool,
    /// When the car was listed.
    pub created_at: DateTime<Utc>,
    /// Seats.
    #[serde(default)]
    pub seats: Option<u8>,
    /// Fuel as supplied (e.g. "Petrol - Unleaded ULP").
    #[serde(default)]
    pub fuel: Option<String>,
    /// Simplified fuel (Petrol, Diesel, Electric, Hybrid, Plug-in Hybrid).
    #[serde(default)]
    pub simple_fuel: Option<String>,
    /// Simplified body (SUV, Sedan, Hatch, Ute, Wagon, Van, Coupe, Convertible, ...).
    #[serde(default)]
    pub simple_body: Option<String>,
    /// Simplified transmission (Automatic, Manual).
    #[serde(default)]
    pub simple_transmission: Option<String>,
    /// Simplified drive (FWD, RWD, AWD, 4WD).
    #[serde(default)]
    pub simple_drive: Option<String>,
    /// Drive as supplied.
    #[serde(default)]
    pub drive: Option<String>,
    /// Engine size, cc.
    #[serde(default)]
    pub engine_size: Option<u32>,
    /// Engine size, litres.
    #[serde(default)]
    pub engine_size_litres: Option<f64>,
    /// Number of gears.
    #[serde(default)]
    pub gearnum: Option<u8>,
    /// Body configuration.
    #[serde(default)]
    pub bodyconfiguration: Option<String>,
    /// Page view count.
    #[serde(default)]
    pub views: Option<u32>,
    /// Gallery images.
    #[serde(default)]
    pub images: Vec<Image>,
    /// Thumbnail URLs.
    #[serde(default)]
    pub thumbnails: Vec<String>,
    /// Primary image URL; first image when absent.
    #[serde(default)]
    pub primary_image_url: Option<String>,
    /// Stock video URL.
    #[serde(default)]
    pub video_url: Option<String>,
    /// External video (embed) URL.
    #[serde(default)]
    pub external_video_url: Option<String>,
    /// Other videos.
    #[serde(default)]
    pub videos: Vec<Video>,
    /// Walkaround videos.
    #[serde(default)]
    pub walkaround_videos: Vec<Video>,
    /// Exterior 360 spin frames, in angle order.
    #[serde(default)]
    pub spin_images: Vec<String>,
    /// Interior panorama image.
    #[serde(default)]
    pub spin_interior_image: Option<String>,
    /// Spin provider code.
    #[serde(default)]
    pub spin_code: Option<String>,
    /// Exterior and interior hotspots.
    #[serde(default)]
    pub hotspots: Hotspots,
    /// Dealer comments; pipes separate paragraphs.
    #[serde(default)]
    pub dealercomments: Option<String>,
    /// Standard equipment list.
    #[serde(default, rename = "standardEquipment")]
    pub standard_equipment: Vec<String>,
    /// Feature list.
    #[serde(default)]
    pub features: Vec<String>,
    /// Location of the car.
    #[serde(default)]
    pub location: Option<CarLocation>,
    /// Location display name (search facet).
    #[serde(default)]
    pub location_name: Option<String>,
    /// Dealership id.
    #[serde(default)]
    pub dealership_id: Option<u64>,
    /// Slug of the dealer whose site lists this car.
    pub dealership_slug: String,
    /// City (search facet).
    #[serde(default)]
    pub city: Option<String>,
    /// State (search facet).
    #[serde(default)]
    pub state: Option<String>,
    /// youX quote.
    #[serde(default, rename = "youxQuote")]
    pub youx_quote: Option<YouxQuote>,
    /// Finance lenders keyed by provider key (taurus, 360_finance, ausloans, manual,
    /// angle, powertorque, nissan_finance, car_clarity).
    #[serde(default)]
    pub finance_lenders: BTreeMap<String, Lender>,
    /// NVIC code (Glass's guide).
    #[serde(default)]
    pub nvic: Option<String>,
    /// Whether the car has an NVIC.
    #[serde(default)]
    pub has_nvic: bool,
    /// History report URL.
    #[serde(default)]
    pub file: Option<String>,
    /// Variant sub-fields.
    #[serde(default)]
    pub variant: Variant,
    /// Shown on the dealer website (seed 001 search status filter).
    #[serde(default = "default_true")]
    pub show_on_dealer_website: bool,
    /// Subscription price per week, where offered.
    #[serde(default)]
    pub subscription_price: Option<f64>,
}

fn default_true() -> bool {
    true
}

impl Car {
    /// The vehicle page path: the feed's `path` or `/cars/{slug}`.
    pub fn page_path(&self) -> String {
        if self.path.is_empty() {
            crate::routes::VEHICLE.path(&[&self.slug])
        } else if let Some(slug) = self.path.strip_prefix("/cars/") {
            crate::routes::VEHICLE.path(&[&without_repeats(slug, '-')])
        } else {
            self.path.clone()
        }
    }

    /// The primary image URL: the feed's, or the first image.
    pub fn primary_image(&self) -> Option<&str> {
        self.primary_image_url
            .as_deref()
            .or_else(|| self.images.first().map(|i| i.url.as_str()))
    }

    /// The price when it is visible (present and above zero).
    pub fn visible_price(&self) -> Option<f64> {
        self.price.filter(|p| *p > 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::without_repeats;

    #[test]
    fn words_said_twice_in_a_row_are_said_once() {
        assert_eq!(without_repeats("Toyota Toyota RAV4", ' '), "Toyota RAV4");
        assert_eq!(without_repeats("Omoda Omoda 5 FX FX", ' '), "Omoda 5 FX");
        assert_eq!(
            without_repeats("2022 KTM 390 Duke 390 Duke", ' '),
            "2022 KTM 390 Duke"
        );
        assert_eq!(
            without_repeats("Ford Ranger ranger XLT", ' '),
            "Ford Ranger XLT"
        );
        assert_eq!(
            without_repeats("2022-ktm-390-duke-390-duke-7", '-'),
            "2022-ktm-390-duke-7"
        );
        assert_eq!(without_repeats("ranger-ranger", '-'), "ranger");
        // Nothing repeated: unchanged, including a model that contains its make.
        assert_eq!(
            without_repeats("2024 Mazda Mazda3 G20", ' '),
            "2024 Mazda Mazda3 G20"
        );
        assert_eq!(
            without_repeats("2022-toyota-corolla-101", '-'),
            "2022-toyota-corolla-101"
        );
    }
}
