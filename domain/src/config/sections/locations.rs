//! Locations, the garage and service, and a dealer group's pages: `[locations]`, `[garage]`, `[service]` and `[group]`.

use super::*;

/// Location pages and hours settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocationsConfig {
    /// Wording of Closed days: closed ("Closed"), by_appointment_only ("By appointment only") or enquire_link (an "Enquire" link); default closed.
    #[serde(default)]
    pub closed_hours: ClosedDisplay,
    /// Show dealer licence and motor vehicle repairer numbers; default false.
    #[serde(default)]
    pub show_dealer_licence: bool,
    /// Publish /our-location/{location slug} pages (site flag); default false.
    #[serde(default)]
    pub our_location_route: bool,
    /// Lowest review rating shown; default 4.
    #[serde(default = "min_review_rating")]
    pub min_review_rating: f64,
    /// The manufacturer whose dealer network the dealer locator lists after this dealer's
    /// own dealerships, each marked as that network (e.g. "Toyota": the other sites'
    /// Toyota sales locations); default none (the locator lists this dealer's own only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locator_network: Option<String>,
}

fn min_review_rating() -> f64 {
    DEFAULT_MIN_REVIEW_RATING
}

impl Default for LocationsConfig {
    fn default() -> Self {
        LocationsConfig {
            closed_hours: ClosedDisplay::Closed,
            show_dealer_licence: false,
            our_location_route: false,
            min_review_rating: DEFAULT_MIN_REVIEW_RATING,
            locator_network: None,
        }
    }
}

/// The garage feature (some dealers), always behind sign-in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GarageConfig {
    /// Offer the garage; default false.
    #[serde(default)]
    pub enabled: bool,
    /// Page name of the garage route (/{page}), e.g. "my-garage", "mymotorama"; default "my-garage".
    #[serde(default = "garage_page")]
    pub page: String,
}

fn garage_page() -> String {
    DEFAULT_GARAGE_PAGE.to_string()
}

impl Default for GarageConfig {
    fn default() -> Self {
        GarageConfig {
            enabled: false,
            page: garage_page(),
        }
    }
}

/// Service booking settings.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ServiceConfig {
    /// Book-a-service embed address (xtime) shown in a frame at /service#service-booking (one dealer); default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub booking_embed_url: Option<String>,
    /// The dealer's booking page uses the embed; when true and `booking_embed_url` is missing the page shows "no xtime url found"; default false.
    #[serde(default)]
    pub booking_embed: bool,
    /// External manufacturer service booking page the service banner links to (one variant); default none (/service).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_booking_url: Option<String>,
}

/// Vehicle category of a brand grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VehicleCategory {
    /// Cars.
    Cars,
    /// Motorcycles.
    Motorcycles,
    /// Trucks.
    Trucks,
    /// Caravans.
    Caravans,
}

impl VehicleCategory {
    /// The word used in config and in `Manufacturer::category`.
    pub fn as_str(self) -> &'static str {
        match self {
            VehicleCategory::Cars => "cars",
            VehicleCategory::Motorcycles => "motorcycles",
            VehicleCategory::Trucks => "trucks",
            VehicleCategory::Caravans => "caravans",
        }
    }
}

/// A grid of brand logos (dealer-group home page and mega menu).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BrandGrid {
    /// Heading, e.g. "Cars".
    pub title: String,
    /// Brands of this category (from brands.toml) fill the grid.
    pub category: VehicleCategory,
}

/// A stat banner, e.g. value "50+" label "Locations".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatBanner {
    /// The big figure, e.g. "50+".
    pub value: String,
    /// What it counts, e.g. "Locations".
    pub label: String,
}

/// Dealer-group blocks (one group site).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupConfig {
    /// Brand grids for cars, motorcycles and trucks; default none.
    #[serde(default)]
    pub brand_grids: Vec<BrandGrid>,
    /// Stat banners (50+ locations, 40+ brands, 30+ years); default none.
    #[serde(default)]
    pub stat_banners: Vec<StatBanner>,
}
