//! The search page and the stock feed: `[search]` and `[feed]`.

use super::*;

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
