//! The vehicle page: `[vehicle_page]`.

use super::*;

/// Detail viewer mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ViewerMode {
    /// 360-degree spinner (default).
    #[default]
    Spinner,
    /// Walkaround video.
    Walkaround,
    /// Image gallery (one variant's default).
    Gallery,
    /// Interior view.
    Interior,
}

/// Vehicle detail page settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VehiclePageConfig {
    /// Viewer mode shown first; default the template's (spinner, gallery on the
    /// showroom template).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewer_default_mode: Option<ViewerMode>,
    /// Position of the stock video in the gallery; default second.
    #[serde(default)]
    pub stock_video_position: VideoPosition,
    /// Show "Unregistered" when the rego has expired (some sites); default false (nothing shown).
    #[serde(default)]
    pub rego_expiry_unregistered: bool,
    /// Spin auto-rotate interval in ms; default 100.
    #[serde(default = "spin_interval")]
    pub spin_interval_ms: u64,
    /// Spin drag sensitivity; default 20.
    #[serde(default = "spin_drag")]
    pub spin_drag_sensitivity: u32,
    /// Similar cars listed (in_stock only); default 4.
    #[serde(default = "similar_cars")]
    pub similar_cars: usize,
    /// Show the delivery calculator; default true.
    #[serde(default = "yes")]
    pub delivery_calculator: bool,
    /// Show the fuel cost calculator (always hidden for electric cars); default true.
    #[serde(default = "yes")]
    pub fuel_calculator: bool,
    /// Show the used-car "48 hour money back guarantee" copy; default false.
    #[serde(default)]
    pub money_back_guarantee: bool,
    /// Points of the "Why Buy From Us" section; none hides it.
    #[serde(default)]
    pub why_buy_from_us: Vec<String>,
    /// Points of the "Protect Your Car" section (aftercare products); none hides it.
    #[serde(default)]
    pub protect_your_car: Vec<String>,
    /// Warranty years quoted on new and demo cars by make, for brands that give more than
    /// the standard 3 (seed 001 s9: "5 or 7 year for some brands"), e.g. { Chery = 7 };
    /// default none.
    #[serde(default)]
    pub brand_warranty_years: std::collections::BTreeMap<String, u32>,
    /// Head the dealer comments "Our Comments" (seed 001 s2, one group's vehicle page) instead of "Dealer Comments" (seed 001 s9); default false.
    #[serde(default)]
    pub our_comments: bool,
    /// Heading of the certified section of a certified used car of `tags.certified_manufacturer`; default "{make} Certified Pre-Owned" (seed 001 s2 "Toyota Certified Pre-Owned").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified_title: Option<String>,
    /// Points of the certified section, the make's own programme; default for Toyota the seed 001 s9 "90 point inspection", "1-year roadside assist", for other makes none (the section is then left out).
    #[serde(default)]
    pub certified_points: Vec<String>,
}

/// Seed 001 s9: "warranties quoted 3-year standard".
pub const STANDARD_WARRANTY_YEARS: u32 = 3;

fn similar_cars() -> usize {
    DEFAULT_SIMILAR_CARS_COUNT
}
fn spin_interval() -> u64 {
    SPIN_INTERVAL_MS
}
fn spin_drag() -> u32 {
    SPIN_DRAG_SENSITIVITY
}

impl VehiclePageConfig {
    /// The warranty quoted for a new or demo car of `make`: "3-year standard warranty",
    /// or the brand's own ("7-year warranty") where the dealer lists it (make matched
    /// ignoring case).
    pub fn warranty_text(&self, make: &str) -> String {
        let brand = self
            .brand_warranty_years
            .iter()
            .find(|(m, _)| m.trim().eq_ignore_ascii_case(make.trim()))
            .map(|(_, years)| *years);
        match brand {
            Some(years) => format!("{years}-year warranty"),
            None => format!("{STANDARD_WARRANTY_YEARS}-year standard warranty"),
        }
    }

    /// The parameters of the similar cars rule (`rules::availability::similar_cars`).
    pub fn similar_cars_settings(&self) -> SimilarCarsSettings {
        SimilarCarsSettings {
            count: self.similar_cars,
            price_share: DEFAULT_SIMILAR_PRICE_SHARE,
        }
    }
}

impl Default for VehiclePageConfig {
    fn default() -> Self {
        VehiclePageConfig {
            viewer_default_mode: None,
            stock_video_position: VideoPosition::Second,
            rego_expiry_unregistered: false,
            spin_interval_ms: SPIN_INTERVAL_MS,
            spin_drag_sensitivity: SPIN_DRAG_SENSITIVITY,
            similar_cars: DEFAULT_SIMILAR_CARS_COUNT,
            delivery_calculator: true,
            fuel_calculator: true,
            money_back_guarantee: false,
            why_buy_from_us: Vec::new(),
            protect_your_car: Vec::new(),
            brand_warranty_years: std::collections::BTreeMap::new(),
            our_comments: false,
            certified_title: None,
            certified_points: Vec::new(),
        }
    }
}
