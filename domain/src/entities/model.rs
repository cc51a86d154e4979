use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A manufacturer (seed 001 section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct Manufacturer {
    /// Manufacturer id.
    pub id: u64,
    /// Display name, e.g. "Toyota".
    pub name: String,
    /// URL slug, e.g. "toyota".
    pub slug: String,
    /// Logo URL; may be null (falls back to the supplied logo or the not-found image).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub logo: Option<String>,
    /// External site for brands that link out instead of /{brand}/overview.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub external_url: Option<String>,
    /// Vehicle category for dealer-group brand grids: cars, motorcycles or trucks.
    #[serde(default = "cars")]
    pub category: String,
    /// Overview copy for /{brand}/overview.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub overview: Option<String>,
}

fn cars() -> String {
    "cars".to_string()
}

/// One specification of a model (value and category).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ModelSpecification {
    /// Specification name, e.g. "Power".
    pub name: String,
    /// Value; null values are skipped when the first four are shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub value: Option<String>,
    /// Category, e.g. "Engine".
    #[serde(default)]
    pub category: String,
}

/// A colour of a model (seed 001 "Model colour").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ModelColour {
    /// Colour id.
    pub id: u64,
    /// Colour name.
    pub name: String,
    /// Photo of the car in this colour.
    pub photo_url: String,
    /// Swatch colour, "#RRGGBB".
    #[serde(rename = "hexCode")]
    pub hex_code: String,
    /// Body-style code: wagon, sedan, hatch, dual_cab, extra_cab, single_cab, 2_door, 4_door.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub oem_id: Option<String>,
    /// Name of the variant this colour belongs to.
    pub model_variant_name: String,
}

/// A variant of a model (seed 001 "Variant").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ModelVariant {
    /// Short name, e.g. "EX".
    pub name: String,
    /// Full name, e.g. "Omoda 5 EX".
    pub full_name: String,
    /// Series; used for the series sort order on one variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub series: Option<String>,
    /// Variant image URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image: Option<String>,
    /// Drive-away price in AUD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub price: Option<f64>,
    /// Key features.
    #[serde(default)]
    pub features: Vec<String>,
}

/// Status of a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum ModelStatus {
    /// On sale.
    #[default]
    Available,
    /// Coming soon: the test-drive button becomes Register Interest.
    ComingSoon,
}

/// A manufacturer model page (seed 001 "Model").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct Model {
    /// Model id.
    pub id: u64,
    /// URL slug (`/models/{slug}`), e.g. "omoda-5".
    pub slug: String,
    /// Display name.
    pub name: String,
    /// Make of the model.
    pub make: String,
    /// Available or coming_soon.
    #[serde(default)]
    pub status: ModelStatus,
    /// One-paragraph description.
    #[serde(default)]
    pub short_description: String,
    /// Hero image.
    pub image: String,
    /// Carousel images.
    #[serde(default)]
    pub images: Vec<String>,
    /// Colours of all variants.
    #[serde(default)]
    pub colours: Vec<ModelColour>,
    /// Brochure PDF URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub brochure_url: Option<String>,
    /// Specifications.
    #[serde(default)]
    pub model_specifications: Vec<ModelSpecification>,
    /// Variants.
    #[serde(default)]
    pub variants: Vec<ModelVariant>,
    /// Driver-assist systems (6 shown, the rest expandable).
    #[serde(default)]
    pub driver_assist: Vec<String>,
    /// Ownership benefits.
    #[serde(default)]
    pub benefits: Vec<String>,
}
