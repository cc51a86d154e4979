//! The sections of dealer.toml other than finance. Each per-dealer behaviour of the seeds
//! ("on some sites", "one dealer", "one variant", "where enabled") is one named field
//! with the seed's default, so an absent key always means the seeds' general behaviour.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::messages;
use crate::rules::availability::{
    SimilarCarsSettings, DEFAULT_SIMILAR_CARS_COUNT, DEFAULT_SIMILAR_PRICE_SHARE,
};
use crate::rules::constants::{
    DEFAULT_SEARCH_PATH, OFFERS_CACHE_SIZE, PAGE_SIZE, RESERVE_DEPOSIT_DOLLARS, RESERVE_HOLD_HOURS,
    SPIN_DRAG_SENSITIVITY, SPIN_INTERVAL_MS,
};
use crate::rules::phone::PhoneSettings;
use crate::rules::reviews::DEFAULT_MIN_REVIEW_RATING;
use crate::rules::tag::{TagSettings, DEFAULT_JUST_ARRIVED_DAYS, DEFAULT_NEW_ARRIVAL_TEXT};

pub use crate::rules::availability::FavouritesRule;
/// Where the stock video goes in the gallery: one type for the config and the rule.
pub use crate::rules::constants::VideoPosition;
pub use crate::rules::hours::ClosedDisplay;

/// Share of a dealer's stock a new feed may drop before the build refuses it.
pub const DEFAULT_MAX_STOCK_DROP: f64 = 0.5;
/// Seed 001 section 2: the garage page is /my-garage.
pub const DEFAULT_GARAGE_PAGE: &str = "my-garage";

fn yes() -> bool {
    true
}

// ---------------------------------------------------------------- theme

/// Looks: CSS custom properties of the site (colours are "#RRGGBB").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ThemeConfig {
    /// Brand colour of buttons, links and headers, "#RRGGBB".
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub primary: String,
    /// Second brand colour (footer, secondary buttons), "#RRGGBB".
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub secondary: String,
    /// Highlight colour (badges, price), "#RRGGBB"; default "#E4002B".
    #[serde(default = "accent")]
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub accent: String,
    /// Body text colour, "#RRGGBB"; default "#1A1A1A".
    #[serde(default = "text")]
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub text: String,
    /// Page background colour, "#RRGGBB"; default "#FFFFFF".
    #[serde(default = "background")]
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub background: String,
    /// CSS font-family of body text; system font stacks only (no web fonts); default the system UI stack.
    #[serde(default = "system_font")]
    pub font_body: String,
    /// CSS font-family of headings; system font stacks only; default the system UI stack.
    #[serde(default = "system_font")]
    pub font_heading: String,
    /// Logo file inside the dealer folder (e.g. "logo.svg") or an absolute URL.
    pub logo: String,
    /// Favicon file inside the dealer folder or an absolute URL; default the logo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub favicon: Option<String>,
    /// Header bar colour: light (the page background), dark (the secondary colour) or brand (the primary colour); default light.
    #[serde(default)]
    pub header_style: HeaderStyle,
    /// Corners of buttons, cards and images: square, rounded or pill (round-ended buttons); default rounded.
    #[serde(default)]
    pub corners: Corners,
    /// Heading letters: normal or uppercase; default normal.
    #[serde(default)]
    pub heading_case: HeadingCase,
    /// Home page slide text: inset (a panel on the image), split (a full-height panel over the image's left side) or caption (a bar under the image); default inset.
    #[serde(default)]
    pub hero_style: HeroStyle,
}

/// Where the home page slides put their text.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum HeroStyle {
    /// A panel on the image, bottom left (default).
    #[default]
    Inset,
    /// A full-height panel over the left side of the image.
    Split,
    /// A bar under the image.
    Caption,
}

/// The colour of the header bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HeaderStyle {
    /// The page background (default).
    #[default]
    Light,
    /// The secondary colour.
    Dark,
    /// The primary colour.
    Brand,
}

/// The corner shape of buttons, cards and images.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Corners {
    /// No rounding.
    Square,
    /// Slightly rounded (default).
    #[default]
    Rounded,
    /// Round-ended buttons, rounded cards.
    Pill,
}

impl Corners {
    /// (card radius, button radius) as CSS lengths.
    pub fn radii(self) -> (&'static str, &'static str) {
        match self {
            Corners::Square => ("0", "0"),
            Corners::Rounded => ("6px", "4px"),
            Corners::Pill => ("12px", "999px"),
        }
    }
}

/// How headings are lettered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HeadingCase {
    /// As written (default).
    #[default]
    Normal,
    /// Upper case.
    Uppercase,
}

fn accent() -> String {
    "#E4002B".to_string()
}
fn text() -> String {
    "#1A1A1A".to_string()
}
fn background() -> String {
    "#FFFFFF".to_string()
}
/// The default font stack: the platform's own UI font, never downloaded.
pub const SYSTEM_FONT_STACK: &str =
    "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, sans-serif";
fn system_font() -> String {
    SYSTEM_FONT_STACK.to_string()
}

// ---------------------------------------------------------------- phones

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

// ---------------------------------------------------------------- tags

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

// ---------------------------------------------------------------- favourites

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

// ---------------------------------------------------------------- reserve and gating

/// Route of the reserve button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReserveRoute {
    /// /cars/{slug}/checkout (default).
    #[default]
    Checkout,
    /// /cars/{slug}/buy-online (some dealers).
    BuyOnline,
}

/// Reserve-online settings (seed 000 section 9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReserveConfig {
    /// Offer Reserve Now on available cars; default true.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Route of the reserve page; default checkout.
    #[serde(default)]
    pub route: ReserveRoute,
    /// Refundable deposit in AUD; default 200.
    #[serde(default = "deposit")]
    pub deposit: u32,
    /// Hours the car is held; default 48.
    #[serde(default = "hold_hours")]
    pub hold_hours: u32,
    /// Offer the online purchase journey (/checkout-journey) on some sites; default false.
    #[serde(default)]
    pub buy_online_journey: bool,
    /// How the deposit is taken: `dealership` (default: paid in person) or `stripe` (the
    /// shopper's card is authorised online and captured only when the sale goes ahead).
    #[serde(default)]
    pub payment: ReservePayment,
    /// The dealer's Stripe publishable key (`pk_test_...` or `pk_live_...`), required with
    /// `payment = "stripe"`. Secret keys never go in dealer files: the API reads
    /// `FORECOURT_STRIPE_SECRET_KEY` from its environment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stripe_publishable_key: Option<String>,
}

/// How a reservation's deposit is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReservePayment {
    /// Paid at the dealership; the hold is recorded as awaiting payment.
    #[default]
    Dealership,
    /// A card authorisation through Stripe, captured when the sale is agreed.
    Stripe,
}

impl ReserveConfig {
    /// The publishable key of a dealer that takes deposits by card; `None` for a dealer
    /// paid at the dealership.
    pub fn card_key(&self) -> Option<&str> {
        match self.payment {
            ReservePayment::Stripe => self.stripe_publishable_key.as_deref(),
            ReservePayment::Dealership => None,
        }
    }
}

fn deposit() -> u32 {
    RESERVE_DEPOSIT_DOLLARS
}
fn hold_hours() -> u32 {
    RESERVE_HOLD_HOURS
}

impl Default for ReserveConfig {
    fn default() -> Self {
        ReserveConfig {
            enabled: true,
            route: ReserveRoute::Checkout,
            deposit: RESERVE_DEPOSIT_DOLLARS,
            hold_hours: RESERVE_HOLD_HOURS,
            buy_online_journey: false,
            payment: ReservePayment::Dealership,
            stripe_publishable_key: None,
        }
    }
}

/// Routes that need a signed-in user only on sites that switch them on (seed 001 section 6).
/// online-payment, my-garage and the garage pages are always gated.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GatedRoutesConfig {
    /// Gate /cars/{slug}/checkout; default false.
    #[serde(default)]
    pub checkout: bool,
    /// Gate /finance; default false.
    #[serde(default)]
    pub finance: bool,
    /// Gate /spin-to-win; default false.
    #[serde(default)]
    pub spin_to_win: bool,
    /// Gate finance by credit check (/personalised/finance); default false.
    #[serde(default)]
    pub finance_by_credit_check: bool,
}

// ---------------------------------------------------------------- search

/// A sort option of the search page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortOption {
    /// most relevant (on by default).
    MostRelevant,
    /// latest (on by default).
    Latest,
    /// highest price (on by default).
    HighestPrice,
    /// lowest price (on by default).
    LowestPrice,
    /// lowest kilometres first.
    LowestKm,
    /// newest year first.
    NewestYear,
    /// oldest year first.
    OldestYear,
}

impl SortOption {
    /// Seed 001 section 9: sort options on by default.
    pub const DEFAULTS: [SortOption; 4] = [
        SortOption::MostRelevant,
        SortOption::Latest,
        SortOption::HighestPrice,
        SortOption::LowestPrice,
    ];
}

/// A filter widget of the search page (seed 001 section 9 names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum SearchFilter {
    /// New, used or demo.
    #[serde(rename = "car_type")]
    CarType,
    /// Colour.
    #[serde(rename = "colour")]
    Colour,
    /// Body.
    #[serde(rename = "body")]
    Body,
    /// Transmission.
    #[serde(rename = "transmission")]
    Transmission,
    /// Odometer range.
    #[serde(rename = "odometer")]
    Odometer,
    /// Price range.
    #[serde(rename = "price")]
    Price,
    /// Fuel type.
    #[serde(rename = "fuelType")]
    FuelType,
    /// Drive.
    #[serde(rename = "drive")]
    Drive,
    /// Year range.
    #[serde(rename = "year")]
    Year,
    /// Make.
    #[serde(rename = "make")]
    Make,
    /// Model (shown once a make is selected).
    #[serde(rename = "model")]
    Model,
    /// Seats.
    #[serde(rename = "seats")]
    Seats,
    /// Dealership location picker.
    #[serde(rename = "location")]
    Location,
    /// Distance picker.
    #[serde(rename = "distance")]
    Distance,
    /// Weekly price range.
    #[serde(rename = "weekly_price")]
    WeeklyPrice,
    /// Subscription price range, a week (seed 000 s3 facet `subscription_price`).
    #[serde(rename = "subscription_price")]
    SubscriptionPrice,
    /// Certified pre-owned.
    #[serde(rename = "certified")]
    Certified,
    /// Tag.
    #[serde(rename = "tag")]
    Tag,
    /// State.
    #[serde(rename = "state")]
    State,
    /// Caravans: berths range.
    #[serde(rename = "berths")]
    Berths,
    /// Caravans: length range, mm.
    #[serde(rename = "length")]
    Length,
    /// Caravans: ATM (aggregate trailer mass) range, kg.
    #[serde(rename = "atm")]
    Atm,
}

impl SearchFilter {
    /// Seed 001 section 9: filters on by default.
    pub const DEFAULTS: [SearchFilter; 11] = [
        SearchFilter::CarType,
        SearchFilter::Colour,
        SearchFilter::Body,
        SearchFilter::Transmission,
        SearchFilter::Odometer,
        SearchFilter::Price,
        SearchFilter::FuelType,
        SearchFilter::Drive,
        SearchFilter::Year,
        SearchFilter::Make,
        SearchFilter::Model,
    ];
}

/// A button of the car card (seed 000 s2: details, test drive, finance, reserve, trade
/// in, online purchase, enquire, custom). A button the car cannot offer (reserve on a
/// held car, online purchase where the journey is off) is left out of that card.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum CardButton {
    /// View Details: the vehicle page.
    Details,
    /// The test-drive form with the car (/book-test-drive?car_id={id}).
    TestDrive,
    /// The finance enquiry link built per car (finance.link with the car's parameters).
    Finance,
    /// Reserve Now, where the site reserves and the car can be reserved.
    Reserve,
    /// Trade in (/cars/trade-in?car_id={id}).
    TradeIn,
    /// Online purchase (/checkout-journey?car_id={slug}), where reserve.buy_online_journey is on.
    OnlinePurchase,
    /// The enquiry form with the car (/contact-us?car_id={id}), labelled as forms.enquiry_button_text.
    Enquire,
    /// The dealer's own button (search.custom_card_button).
    Custom,
}

/// The dealer's own car card button.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomCardButton {
    /// Button text.
    pub label: String,
    /// Target; `{id}` and `{slug}` are replaced by the car's id and slug.
    pub url: String,
}

fn card_buttons() -> Vec<CardButton> {
    vec![CardButton::Details, CardButton::Reserve]
}

/// Search page settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchConfig {
    /// Hits per search page; default 21.
    #[serde(default = "page_size")]
    pub page_size: usize,
    /// Search results kept in the client cache (oldest dropped when full); default 10.
    #[serde(default = "cache_size")]
    pub cache_size: usize,
    /// Sort options offered, in order; default most_relevant, latest, highest_price, lowest_price.
    #[serde(default = "sort_options")]
    pub sort_options: Vec<SortOption>,
    /// Filter widgets shown, in order; default car_type, colour, body, transmission, odometer, price, fuelType, drive, year, make, model.
    #[serde(default = "filters")]
    pub filters: Vec<SearchFilter>,
    /// Group makes under Popular Makes (first 20) and All Makes (one dealer); default false.
    #[serde(default)]
    pub popular_makes: bool,
    /// The default search page; default "/search/new-used-and-demo-cars".
    #[serde(default = "search_page")]
    pub default_page: String,
    /// Use the used-car/{car type}/ path variant for search links (some dealers); default false.
    #[serde(default)]
    pub used_car_path_variant: bool,
    /// Series sort order of a model page's variants, ignoring case (one variant uses duo, city, sport); series not listed follow in the model file's order; default none (the model file's order).
    #[serde(default)]
    pub series_sort_order: Vec<String>,
    /// Show the carousel mode of the results grid; default false.
    #[serde(default)]
    pub carousel: bool,
    /// Show the view count on car cards; default false.
    #[serde(default)]
    pub show_view_count: bool,
    /// Search only in_stock, coming_soon and recently sold cars shown on the dealer website (one dealer group; the sold window is stock_filters.include_sold_cars_days); default false.
    #[serde(default)]
    pub status_filter: bool,
    /// Show the price-range slider with its highest-price search button in the home page's search block (seed 001 s2, some dealers); default false.
    #[serde(default)]
    pub price_range_slider: bool,
    /// Value filters shown as tiles (label, count and the brand logo for make) instead of checkboxes; default none.
    #[serde(default)]
    pub tile_filters: Vec<SearchFilter>,
    /// Buttons of the car card, in order; default details, reserve.
    #[serde(default = "card_buttons")]
    pub card_buttons: Vec<CardButton>,
    /// The custom card button, needed when card_buttons lists custom; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_card_button: Option<CustomCardButton>,
}

fn page_size() -> usize {
    PAGE_SIZE
}
// The seeds do not show the search cache size; it matches the offers and catalogue caches.
fn cache_size() -> usize {
    OFFERS_CACHE_SIZE
}
fn sort_options() -> Vec<SortOption> {
    SortOption::DEFAULTS.to_vec()
}
fn filters() -> Vec<SearchFilter> {
    SearchFilter::DEFAULTS.to_vec()
}
fn search_page() -> String {
    DEFAULT_SEARCH_PATH.to_string()
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            page_size: PAGE_SIZE,
            cache_size: OFFERS_CACHE_SIZE,
            sort_options: sort_options(),
            filters: filters(),
            popular_makes: false,
            default_page: search_page(),
            used_car_path_variant: false,
            series_sort_order: Vec::new(),
            carousel: false,
            show_view_count: false,
            status_filter: false,
            price_range_slider: false,
            tile_filters: Vec::new(),
            card_buttons: card_buttons(),
            custom_card_button: None,
        }
    }
}

// ---------------------------------------------------------------- feed

/// Stock feed safety settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeedConfig {
    /// Largest share (0 to 1) of the dealer's live stock a new feed may drop before the build refuses it unless forced; default 0.5.
    #[serde(default = "max_stock_drop")]
    pub max_stock_drop: f64,
}

fn max_stock_drop() -> f64 {
    DEFAULT_MAX_STOCK_DROP
}

impl Default for FeedConfig {
    fn default() -> Self {
        FeedConfig {
            max_stock_drop: DEFAULT_MAX_STOCK_DROP,
        }
    }
}

// ---------------------------------------------------------------- vehicle page

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

// ---------------------------------------------------------------- forms

/// Text of the enquiry button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EnquiryButtonText {
    /// "Enquire Now" (default).
    #[default]
    EnquireNow,
    /// "Message Now" (some sites).
    MessageNow,
}

impl EnquiryButtonText {
    /// The words on the button.
    pub fn label(self) -> &'static str {
        match self {
            EnquiryButtonText::EnquireNow => messages::ENQUIRE_NOW,
            EnquiryButtonText::MessageNow => messages::MESSAGE_NOW,
        }
    }
}

/// Enquiry, test-drive and parts form settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormsConfig {
    /// Enquiry button text: enquire_now ("Enquire Now") or message_now ("Message Now"); default enquire_now.
    #[serde(default)]
    pub enquiry_button_text: EnquiryButtonText,
    /// The enquiry message is required; false lifts it (site flag); default true.
    #[serde(default = "yes")]
    pub message_required: bool,
    /// Show the terms notice and require agreement before submitting (some sites); default false.
    #[serde(default)]
    pub terms_notice: bool,
    /// Heading of the parts order form; default "Order Parts Online".
    #[serde(default = "parts_heading")]
    pub parts_heading: String,
    /// Use one combined Rego/VIN/Part# field in the parts form instead of three; default false.
    #[serde(default)]
    pub parts_combined_field: bool,
    /// Categories the enquiry form offers after General Enquiry (seed 001 s9: "General
    /// Enquiry plus others"), e.g. "Career Enquiry"; default none.
    #[serde(default)]
    pub enquiry_categories: Vec<String>,
    /// Services the enquiry form lets the shopper tick, sent as `additional_services`
    /// (seed 001 s3); an empty list leaves the question out; default Extended warranty,
    /// Service plan, Paint and interior protection, Roadside assistance.
    #[serde(default = "additional_services")]
    pub additional_services: Vec<String>,
}

fn additional_services() -> Vec<String> {
    crate::rules::forms::DEFAULT_ADDITIONAL_SERVICES
        .map(String::from)
        .to_vec()
}

impl FormsConfig {
    /// The additional services offered, as the form shows them and the API accepts them:
    /// trimmed, blanks and repeats left out.
    pub fn offered_services(&self) -> Vec<String> {
        let mut offered: Vec<String> = Vec::new();
        for service in &self.additional_services {
            let service = service.trim();
            if !service.is_empty() && !offered.iter().any(|o| o == service) {
                offered.push(service.to_string());
            }
        }
        offered
    }
}

fn parts_heading() -> String {
    messages::ORDER_PARTS_ONLINE.to_string()
}

impl Default for FormsConfig {
    fn default() -> Self {
        FormsConfig {
            enquiry_button_text: EnquiryButtonText::EnquireNow,
            message_required: true,
            terms_notice: false,
            parts_heading: parts_heading(),
            parts_combined_field: false,
            enquiry_categories: Vec::new(),
            additional_services: additional_services(),
        }
    }
}

// ---------------------------------------------------------------- locations

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

// ---------------------------------------------------------------- garage and service

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

// ---------------------------------------------------------------- dealer group

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

// ---------------------------------------------------------------- features

/// Price comparison (autogauge) settings; the panel itself is the session plugin
/// "Autogauge" (`session_plugins`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AutogaugeConfig {
    /// Key of the dealer at the price comparison provider; default none (the local provider computes from stock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_key: Option<String>,
}

/// Optional features that only some dealers have.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeaturesConfig {
    /// Show the sales counter (192 a day, Brisbane time); default false.
    #[serde(default)]
    pub sales_counter: bool,
    /// Request youX finance quotes (POST /api/youx/quote); default false.
    #[serde(default)]
    pub youx_quote: bool,
    /// Price comparison.
    #[serde(default)]
    pub autogauge: AutogaugeConfig,
    /// Parts order form at /vehicle-parts-and-accessories; default false.
    #[serde(default)]
    pub parts_orders: bool,
    /// Online trade-in valuation (/trade-in, /sell-my-car); default false.
    #[serde(default)]
    pub trade_in: bool,
    /// Key of the dealer at the trade-in valuation provider (rego lookup and offers); default none (offers are computed from the market, the shopper picks year, make and model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trade_in_provider_key: Option<String>,
    /// Spin-to-win page (/spin-to-win); default false.
    #[serde(default)]
    pub spin_to_win: bool,
    /// Warranty carousel (7-year warranty, capped servicing, roadside); default false.
    #[serde(default)]
    pub warranty_carousel: bool,
    /// Save each trade-in valuation through POST /api/miscellaneous with column_name valuation (one site); default false.
    #[serde(default)]
    pub save_valuations: bool,
    /// Compare toggle on car cards and the /compare page (seed 000 s4 "save or compare toggle", some sites); default false.
    #[serde(default)]
    pub compare: bool,
}

/// A delivery region: postcodes whose centre lies within `max_km` of the nearest
/// location (straight line, Earth radius 6371 km) get this region's price. Zones are
/// tried from the smallest `max_km` up; beyond the largest there is no estimate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeliveryZone {
    /// Region name shown with the estimate, e.g. "Brisbane Metro".
    pub region: String,
    /// Delivery price in AUD.
    pub price: f64,
    /// Largest distance in km from the nearest dealer location.
    pub max_km: f64,
}

/// Analytics ids; absent ids load nothing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsConfig {
    /// Google Tag Manager container id, e.g. "GTM-ABC1234"; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gtm_id: Option<String>,
    /// GA4 measurement id, e.g. "G-ABC123DEF4"; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ga4_id: Option<String>,
    /// Meta pixel id; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta_pixel_id: Option<String>,
}

/// Announcement bar above the header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnnouncementConfig {
    /// The message.
    pub text: String,
    /// Link target; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Bar colour "#RRGGBB"; default the theme's accent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub background: Option<String>,
}

/// A menu link, possibly with children (mega menu).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MenuItem {
    /// Link text.
    pub label: String,
    /// Link target ("/path" or "https://...").
    pub url: String,
    /// Sub-links; default none.
    #[serde(default)]
    pub children: Vec<MenuItem>,
}

/// A footer column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FooterColumn {
    /// Column heading, e.g. "Buyer Tools".
    pub title: String,
    /// Links of the column.
    pub links: Vec<MenuItem>,
}

/// A social network the footer links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SocialNetwork {
    /// Facebook.
    Facebook,
    /// Instagram.
    Instagram,
    /// YouTube.
    Youtube,
    /// TikTok.
    Tiktok,
    /// LinkedIn.
    Linkedin,
    /// X (Twitter).
    X,
}

impl SocialNetwork {
    /// The word used in config ("facebook").
    pub fn as_str(self) -> &'static str {
        match self {
            SocialNetwork::Facebook => "facebook",
            SocialNetwork::Instagram => "instagram",
            SocialNetwork::Youtube => "youtube",
            SocialNetwork::Tiktok => "tiktok",
            SocialNetwork::Linkedin => "linkedin",
            SocialNetwork::X => "x",
        }
    }

    /// The network's name as people write it.
    pub fn label(self) -> &'static str {
        match self {
            SocialNetwork::Facebook => "Facebook",
            SocialNetwork::Instagram => "Instagram",
            SocialNetwork::Youtube => "YouTube",
            SocialNetwork::Tiktok => "TikTok",
            SocialNetwork::Linkedin => "LinkedIn",
            SocialNetwork::X => "X",
        }
    }
}

/// A link to the dealer's page on a social network.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SocialLink {
    /// The network.
    pub network: SocialNetwork,
    /// The dealer's page there, "https://...".
    pub url: String,
}

/// The footer's business details and links (`[footer]`); every key optional, and the
/// footer shows only what is configured.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FooterConfig {
    /// Registered business name the privacy policy and terms are given in (e.g. "Jacaranda Motors Pty Ltd"); default the trading name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_name: Option<String>,
    /// Australian Business Number, 11 digits (spaces allowed), e.g. "51 824 753 556".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abn: Option<String>,
    /// Motor dealer licence, e.g. "MD 3456789".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer_licence: Option<String>,
    /// Social network links, in order; default none.
    #[serde(default)]
    pub social: Vec<SocialLink>,
    /// Legal links (privacy policy, terms), pages the site has; default none.
    #[serde(default)]
    pub legal: Vec<MenuItem>,
}

/// Header and footer menus.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MenusConfig {
    /// Header menu; default Home, Models, Stock, Finance, Service & Parts, Company.
    #[serde(default = "header_menu")]
    pub header: Vec<MenuItem>,
    /// Footer columns; default Models, Buyer Tools, Service & Parts.
    #[serde(default = "footer_menu")]
    pub footer: Vec<FooterColumn>,
}

fn link(label: &str, url: &str) -> MenuItem {
    MenuItem {
        label: label.to_string(),
        url: url.to_string(),
        children: Vec::new(),
    }
}

fn header_menu() -> Vec<MenuItem> {
    let urls = [
        "/",
        "/brands",
        DEFAULT_SEARCH_PATH,
        "/finance",
        "/service",
        "/about-us",
    ];
    messages::HEADER_MENU
        .iter()
        .zip(urls)
        .map(|(label, url)| link(label, url))
        .collect()
}

fn footer_menu() -> Vec<FooterColumn> {
    let [models, buyer_tools, service] = messages::FOOTER_HEADINGS;
    vec![
        FooterColumn {
            title: models.to_string(),
            links: vec![link("All Brands", "/brands")],
        },
        FooterColumn {
            title: buyer_tools.to_string(),
            links: vec![
                link("Finance", "/finance"),
                link("Trade-in", "/trade-in"),
                link("Special Offers", "/special-offers"),
            ],
        },
        FooterColumn {
            title: service.to_string(),
            links: vec![
                link("Book a Service", "/service"),
                link("Parts & Accessories", "/vehicle-parts-and-accessories"),
            ],
        },
    ]
}

impl Default for MenusConfig {
    fn default() -> Self {
        MenusConfig {
            header: header_menu(),
            footer: footer_menu(),
        }
    }
}

/// A banner with a link (special offers, service, trade-in).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Banner {
    /// Heading.
    pub title: String,
    /// Short text; default empty.
    #[serde(default)]
    pub text: String,
    /// Link target.
    pub url: String,
    /// Background image URL; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
}

// ---------------------------------------------------------------- spin to win

/// The spin-to-win promotion (`[spin_to_win]`): a prize wheel whose every prize shows its
/// odds; each entry is a lead, and its prize follows from the entry by the published rule
/// (`frontend/src/features/forms/spin/spin.ts`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpinToWinConfig {
    /// Heading; default "Spin to Win".
    #[serde(default = "spin_title")]
    pub title: String,
    /// What the promotion is, under the heading; default none.
    #[serde(default)]
    pub intro: String,
    /// The prizes on the wheel, in wheel order; at least two where `features.spin_to_win` is on.
    #[serde(default)]
    pub prizes: Vec<SpinPrize>,
    /// Terms of the promotion (the markdown subset); required where `features.spin_to_win` is on.
    #[serde(default)]
    pub terms: String,
}

fn spin_title() -> String {
    "Spin to Win".to_string()
}

impl Default for SpinToWinConfig {
    fn default() -> Self {
        SpinToWinConfig {
            title: spin_title(),
            intro: String::new(),
            prizes: Vec::new(),
            terms: String::new(),
        }
    }
}

/// One prize of the wheel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpinPrize {
    /// What the shopper wins, e.g. "$50 fuel voucher".
    pub label: String,
    /// Relative weight: the prize's odds are its weight over the sum of all weights; at least 1.
    pub weight: u32,
}
