//! Per-dealer configuration, edited in git under `dealers/<slug>/`.
//!
//! A dealer folder holds:
//! - `dealer.toml` ([`DealerConfig`]): identity, domains, looks and every per-dealer switch;
//! - `locations.toml` (optional, `[[locations]]`): the dealer's locations;
//! - `brands.toml` (optional, `[[brands]]`): the manufacturers the dealer shows (/brands, brand grids);
//! - `offers.toml` (optional, [`OffersFile`]): `[[offers]]`, `[[promos]]`, `[[slides]]` and
//!   `[[banners]]` — the marketing content that changes often, apart from the switches;
//! - `parts.toml` (optional, [`PartsFile`]): `[[parts]]`, the parts and accessories
//!   catalogue of `/parts/search` (the stock feed carries no parts);
//! - `models/*.toml` (optional): one [`Model`] per file, file name = model slug;
//! - `pages/*.md` (optional): static pages ([`ContentPage`]);
//! - the logo file named by `theme.logo`.
//!
//! [`load_dealers`] and [`load_dealer`] read them and report every problem of every file
//! at once, each naming the file, the line, the key and what is allowed
//! ([`ConfigErrors`]).

mod error;
mod finance;
mod load;
mod page;
mod rule_inputs;
mod sections;
mod validate;

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::car::CarType;
use crate::entities::{
    Location, Manufacturer, Model, Part, PromoNode, Slide, SpecialHours, SpecialOffer,
};
use crate::rules::constants::DEFAULT_STATE;
use crate::rules::forms::EnquiryFormSettings;

pub use error::{ConfigError, ConfigErrors};
pub use finance::*;
pub use load::{load_dealer, load_dealers};
pub use page::ContentPage;
pub use sections::*;
pub use validate::is_hex_colour;

/// Where leads for this dealer are delivered.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadsConfig {
    /// Webhook receiving each lead as JSON (https URL); default none (leads are only stored).
    #[serde(default)]
    #[schemars(regex(pattern = r"^https://"))]
    pub webhook_url: Option<String>,
    /// Webhook receiving each lead as ADF 1.0 XML (https URL); default none.
    #[serde(default)]
    #[schemars(regex(pattern = r"^https://"))]
    pub adf_webhook_url: Option<String>,
    /// Lead emails to the dealer's people and CRM, and the shopper's confirmation.
    #[serde(default)]
    pub email: LeadEmailConfig,
}

/// Lead delivery by email (`[leads.email]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadEmailConfig {
    /// Who receives each lead (`[[leads.email.recipients]]`); default none.
    #[serde(default)]
    pub recipients: Vec<LeadRecipient>,
    /// Email the shopper a confirmation naming the car, the location and what happens
    /// next, when the lead carries an email address; default true.
    #[serde(default = "yes")]
    pub confirmation: bool,
    /// Also text the confirmation to the shopper's mobile; default false.
    #[serde(default)]
    pub confirmation_sms: bool,
}

impl Default for LeadEmailConfig {
    fn default() -> Self {
        LeadEmailConfig {
            recipients: Vec::new(),
            confirmation: true,
            confirmation_sms: false,
        }
    }
}

fn yes() -> bool {
    true
}

/// One inbox receiving leads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadRecipient {
    /// Email address (e.g. "sales@dealer.com.au" or the CRM's lead-import address).
    pub address: String,
    /// What this inbox gets; default "readable".
    #[serde(default)]
    pub format: LeadEmailFormat,
    /// Only leads for these location slugs (of locations.toml); default every location.
    #[serde(default)]
    pub locations: Vec<String>,
    /// Only leads of these categories (e.g. "Service", "Parts"; compared ignoring case);
    /// default every category.
    #[serde(default)]
    pub categories: Vec<String>,
}

/// The form of a lead email.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LeadEmailFormat {
    /// HTML with a plain-text alternative, for people.
    #[default]
    Readable,
    /// The ADF 1.0 XML document as the plain-text body, the way CRM lead inboxes import it.
    Adf,
    /// The readable email with the ADF 1.0 document attached as `lead.adf.xml`.
    ReadableWithAdf,
}

/// The image service (`/img/w_<width>,q_<quality>/<source>`): the feed hosts it may fetch from.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImagesConfig {
    /// Host names (with a port, if not the scheme's default) whose photos the image service resizes for this dealer, e.g. "photos.feedprovider.com.au"; lower case, no scheme or path; default none (only the site's own media).
    #[serde(default)]
    pub allowed_hosts: Vec<String>,
    /// Widest a dealer page's own images (content pages, posts, offers) are drawn, px, 100 to 2000; default 600 (seed 001).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_width_px: Option<u32>,
}

/// The instant messaging channel the vehicle page's Message Now opens (seed 001's bottom bar), with the car's name and link prefilled; set at most one. Without one, Message Now opens the enquiry form.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MessagingConfig {
    /// Australian mobile number that takes text messages (an `sms:` link), e.g. "0412 345 678"; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sms: Option<String>,
    /// Australian mobile number on WhatsApp (a `https://wa.me/` link), e.g. "0412 345 678"; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub whatsapp: Option<String>,
    /// Facebook page user name for Messenger (a `https://m.me/` link), e.g. "redgummotors"; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub messenger: Option<String>,
}

fn all_car_types() -> Vec<CarType> {
    CarType::ORDER.to_vec()
}

fn cars_only() -> Vec<VehicleCategory> {
    vec![VehicleCategory::Cars]
}

fn default_state() -> String {
    DEFAULT_STATE.to_string()
}

/// The contents of `dealers/<slug>/dealer.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DealerConfig {
    /// URL-safe dealer id (a-z, 0-9 and hyphens); must equal the folder name; also the `<slug>.localhost` host and the feed's `dealership_slug`.
    pub slug: String,
    /// Trading name.
    pub name: String,
    /// Site template, the layout variant of the home and vehicle pages: "standard" (the
    /// vehicle viewer opens on the spinner; the home page leads with the search shortcut)
    /// or "showroom" (the viewer opens on the gallery, seed 000's "gallery on one
    /// variant"; the home page leads with the latest arrivals); default "standard".
    #[serde(default)]
    pub template: SiteTemplate,
    /// Seed 001 s3 website session plugins, by name or feature: "Autogauge" (the price
    /// comparison panel), "Car Analysis" (the market analysis under it: comparable cars
    /// and confidence; needs Autogauge), "PPSR Report" (the history report link of cars
    /// whose feed row has one); default ["PPSR Report"].
    #[serde(default = "default_session_plugins")]
    pub session_plugins: Vec<SessionPlugin>,
    /// Public domains served for this dealer (host names only, e.g. "www.acme.com.au"); unique across dealers.
    #[serde(default)]
    pub domains: Vec<String>,
    /// Primary manufacturer of a franchise dealer (e.g. "Toyota"), added to the search filter; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manufacturer: Option<String>,
    /// Makes the dealer sells (the sample feed uses them); with `manufacturer`, search also lists these (a franchise's other brands); default none.
    #[serde(default)]
    pub makes: Vec<String>,
    /// Car types the dealer carries; default new, demo, used.
    #[serde(default = "all_car_types")]
    pub car_types: Vec<CarType>,
    /// Vehicle categories sold: cars, motorcycles, trucks, caravans (the motorcycle/caravan variant lists more than cars); default cars.
    #[serde(default = "cars_only")]
    pub vehicle_categories: Vec<VehicleCategory>,
    /// Default state for forms and searches (lower-case abbreviation); default "qld".
    #[serde(default = "default_state")]
    pub default_state: String,
    /// Looks: colours, fonts and logo.
    pub theme: ThemeConfig,
    /// Phone numbers and masking.
    #[serde(default)]
    pub phones: PhonesConfig,
    /// Finance provider and calculator.
    #[serde(default)]
    pub finance: FinanceConfig,
    /// Car card tags.
    #[serde(default)]
    pub tags: TagsConfig,
    /// Favourites (watchlist).
    #[serde(default)]
    pub favourites: FavouritesConfig,
    /// Reserve online.
    #[serde(default)]
    pub reserve: ReserveConfig,
    /// Routes gated behind sign-in on this site.
    #[serde(default)]
    pub gated_routes: GatedRoutesConfig,
    /// Search page.
    #[serde(default)]
    pub search: SearchConfig,
    /// Stock filters applied to the feed (used only, minimum photos, in stock only, excluded stock numbers, include_sold_cars_days default 3).
    #[serde(default)]
    pub stock_filters: StockFilters,
    /// Feed safety (max_stock_drop default 0.5).
    #[serde(default)]
    pub feed: FeedConfig,
    /// Vehicle detail page.
    #[serde(default)]
    pub vehicle_page: VehiclePageConfig,
    /// Forms.
    #[serde(default)]
    pub forms: FormsConfig,
    /// Locations and opening hours.
    #[serde(default)]
    pub locations: LocationsConfig,
    /// Garage feature.
    #[serde(default)]
    pub garage: GarageConfig,
    /// Service booking.
    #[serde(default)]
    pub service: ServiceConfig,
    /// Dealer-group brand grids and stat banners.
    #[serde(default)]
    pub group: GroupConfig,
    /// Optional features.
    #[serde(default)]
    pub features: FeaturesConfig,
    /// Delivery estimate regions, by distance from the nearest location; default none (no estimates).
    #[serde(default)]
    pub delivery_zones: Vec<DeliveryZone>,
    /// Lead delivery.
    #[serde(default)]
    pub leads: LeadsConfig,
    /// The image service: feed hosts it may fetch from; default none.
    #[serde(default)]
    pub images: ImagesConfig,
    /// The instant messaging channel of Message Now; default none (the enquiry form).
    #[serde(default)]
    pub messaging: MessagingConfig,
    /// Analytics ids.
    #[serde(default)]
    pub analytics: AnalyticsConfig,
    /// Announcement bar; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub announcement: Option<AnnouncementConfig>,
    /// Header and footer menus.
    #[serde(default)]
    pub menus: MenusConfig,
    /// The footer's business details (ABN, dealer licence), social and legal links.
    #[serde(default)]
    pub footer: FooterConfig,
    /// The spin-to-win promotion's prizes, odds and terms (/spin-to-win, published with `features.spin_to_win`).
    #[serde(default)]
    pub spin_to_win: SpinToWinConfig,
}

/// The layout variant of a dealer's home and vehicle pages (`template`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SiteTemplate {
    /// Spinner first on vehicle pages; the search shortcut first on the home page.
    #[default]
    Standard,
    /// Gallery first on vehicle pages; the latest arrivals first on the home page.
    Showroom,
}

impl SiteTemplate {
    /// The viewer mode a vehicle page opens on unless `vehicle_page.viewer_default_mode`
    /// says otherwise (seed 000 s4: "default spinner (gallery on one variant)").
    pub fn viewer_default_mode(self) -> ViewerMode {
        match self {
            SiteTemplate::Standard => ViewerMode::Spinner,
            SiteTemplate::Showroom => ViewerMode::Gallery,
        }
    }

    /// Whether the home page shows the latest arrivals before the search shortcut.
    pub fn featured_first(self) -> bool {
        self == SiteTemplate::Showroom
    }
}

/// A website session plugin (seed 001 s3: "feature or name values Autogauge, Car
/// Analysis, PPSR Report"): the name, or the feature word, switches the feature on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SessionPlugin {
    /// The price comparison panel of vehicle pages (`GET {car path}/autogauge`).
    #[serde(rename = "Autogauge", alias = "autogauge")]
    Autogauge,
    /// The market analysis under the price comparison: how many comparable cars it rests
    /// on and its confidence.
    #[serde(rename = "Car Analysis", alias = "car_analysis")]
    CarAnalysis,
    /// The history report (PPSR) link of a car whose feed row has one (`file`).
    #[serde(rename = "PPSR Report", alias = "ppsr_report")]
    PpsrReport,
}

impl SessionPlugin {
    /// Its name, as the seed spells it.
    pub fn name(self) -> &'static str {
        match self {
            SessionPlugin::Autogauge => "Autogauge",
            SessionPlugin::CarAnalysis => "Car Analysis",
            SessionPlugin::PpsrReport => "PPSR Report",
        }
    }
}

/// The history report link keeps showing where the feed has one, as before the plugins
/// were configurable; the paid comparison plugins are opt-in.
fn default_session_plugins() -> Vec<SessionPlugin> {
    vec![SessionPlugin::PpsrReport]
}

impl DealerConfig {
    /// Whether the website session plugin `plugin` is on.
    pub fn has_plugin(&self, plugin: SessionPlugin) -> bool {
        self.session_plugins.contains(&plugin)
    }

    /// The viewer mode vehicle pages open on: `vehicle_page.viewer_default_mode`, else
    /// the template's.
    pub fn viewer_default_mode(&self) -> ViewerMode {
        self.vehicle_page
            .viewer_default_mode
            .unwrap_or(self.template.viewer_default_mode())
    }
}

/// `dealers/<slug>/locations.toml`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocationsFile {
    /// The dealer's locations (`[[locations]]`).
    #[serde(default)]
    pub locations: Vec<Location>,
    /// Special hours of several locations at once (`[[special_hours]]`), each naming its
    /// location by `location_id` or `location.id` (seed 001 s3); loading adds each to its
    /// location's `special_hours`. Default none.
    #[serde(default)]
    pub special_hours: Vec<SpecialHours>,
}

/// `dealers/<slug>/brands.toml`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BrandsFile {
    /// The manufacturers the dealer shows (`[[brands]]`).
    #[serde(default)]
    pub brands: Vec<Manufacturer>,
}

/// `dealers/<slug>/offers.toml`: marketing content.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OffersFile {
    /// Special offers (`[[offers]]`).
    #[serde(default)]
    pub offers: Vec<SpecialOffer>,
    /// Promo cards in search results (`[[promos]]`).
    #[serde(default)]
    pub promos: Vec<PromoNode>,
    /// Home page slides (`[[slides]]`).
    #[serde(default)]
    pub slides: Vec<Slide>,
    /// Link banners (`[[banners]]`).
    #[serde(default)]
    pub banners: Vec<Banner>,
}

/// `dealers/<slug>/parts.toml`: the parts and accessories catalogue.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartsFile {
    /// The parts and accessories shown on /parts/search (`[[parts]]`); default none (no catalogue page).
    #[serde(default)]
    pub parts: Vec<Part>,
}

/// One dealer's whole configuration: dealer.toml plus its optional files.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dealer {
    /// dealer.toml.
    pub config: DealerConfig,
    /// locations.toml.
    pub locations: Vec<Location>,
    /// offers.toml `[[offers]]`.
    pub offers: Vec<SpecialOffer>,
    /// models/*.toml, sorted by slug.
    pub models: Vec<Model>,
    /// offers.toml `[[promos]]`.
    pub promos: Vec<PromoNode>,
    /// offers.toml `[[slides]]`.
    pub slides: Vec<Slide>,
    /// offers.toml `[[banners]]`.
    pub banners: Vec<Banner>,
    /// brands.toml.
    pub brands: Vec<Manufacturer>,
    /// parts.toml, in file order.
    pub parts: Vec<Part>,
    /// pages/*.md, sorted by slug.
    pub pages: Vec<ContentPage>,
    /// The dealer folder (to resolve the logo and other local files).
    #[serde(skip)]
    pub dir: PathBuf,
}

impl Dealer {
    /// A dealer with only its dealer.toml: no locations, offers, models, brands, parts or pages
    /// (tests and tools that need no more), in `dir`.
    pub fn with_config(config: DealerConfig, dir: impl Into<PathBuf>) -> Dealer {
        Dealer {
            config,
            locations: Vec::new(),
            offers: Vec::new(),
            models: Vec::new(),
            promos: Vec::new(),
            slides: Vec::new(),
            banners: Vec::new(),
            brands: Vec::new(),
            parts: Vec::new(),
            pages: Vec::new(),
            dir: dir.into(),
        }
    }

    /// The parameters of the enquiry form rules (`rules::forms`): the location select
    /// shows when the dealer has more than one visible sales location.
    pub fn enquiry_form_settings(&self) -> EnquiryFormSettings {
        let dealerships: std::collections::BTreeSet<Option<u64>> = self
            .locations
            .iter()
            .filter(|l| l.visible)
            .map(|l| l.dealership_id)
            .collect();
        let sales_locations = self
            .locations
            .iter()
            .filter(|l| l.visible && l.location_type == crate::entities::LocationType::Sales)
            .count();
        EnquiryFormSettings {
            message_optional: !self.config.forms.message_required,
            location_shown: sales_locations > 1,
            dealership_count: dealerships.len(),
            terms_required: self.config.forms.terms_notice,
            postcode_optional: false,
        }
    }

    /// The dealer's main location (the address of the dealership): the visible location
    /// marked primary, else the first visible one.
    pub fn primary_location(&self) -> Option<&Location> {
        let visible = || self.locations.iter().filter(|l| l.visible);
        visible().find(|l| l.primary).or_else(|| visible().next())
    }
}

/// A config value naming a file inside the dealer folder (not a URL, not absolute).
pub(crate) fn local_file(dir: &std::path::Path, value: &str) -> Option<PathBuf> {
    if value.starts_with("http://") || value.starts_with("https://") || value.starts_with('/') {
        None
    } else {
        Some(dir.join(value))
    }
}
