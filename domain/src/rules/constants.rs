//! Business constants of both seeds that are not tied to one rule module (seed 000 s2,
//! s4, s5, s9; seed 001 s4, s9). Rule-specific constants live next to their rule.

/// Seed 000 s9: distance choices, km.
pub const DISTANCE_CHOICES_KM: [u32; 9] = [25, 50, 75, 100, 150, 250, 500, 750, 1000];
/// Seed 000 s9: default nearby radius, km.
pub const DEFAULT_RADIUS_KM: u32 = 50;
/// Seed 000 s9: radius after a map pick, km.
pub const MAP_PICK_RADIUS_KM: u32 = 250;
/// Seed 000 s9: locations shown after a map pick.
pub const MAP_PICK_NEAREST: usize = 5;
/// Seed 000 s9: map maximum zoom.
pub const MAP_MAX_ZOOM: u8 = 15;
/// Seed 001 s9: map default zoom.
pub const MAP_DEFAULT_ZOOM: u8 = 10;
/// Seed 001 s9: map default mode.
pub const MAP_DEFAULT_MODE: &str = "roadmap";
/// Seed 001 s9: earth radius, km.
pub const EARTH_RADIUS_KM: f64 = 6371.0;

/// Style breakpoints (min-width, px) of seed 001 s9.
pub mod breakpoints {
    /// xs.
    pub const XS: u32 = 400;
    /// sm.
    pub const SM: u32 = 576;
    /// md.
    pub const MD: u32 = 768;
    /// lg.
    pub const LG: u32 = 992;
    /// xl.
    pub const XL: u32 = 1200;
    /// xxl.
    pub const XXL: u32 = 1400;
    /// Every breakpoint as (name, min-width px), smallest first.
    pub const ALL: [(&str, u32); 6] = [
        ("xs", XS),
        ("sm", SM),
        ("md", MD),
        ("lg", LG),
        ("xl", XL),
        ("xxl", XXL),
    ];
    /// Seed 001 s9: "matching max-width down variants for sm, md, lg and xl": below a
    /// breakpoint, as (name, max-width px). Each stops 0.02 px short of its breakpoint so
    /// `x` and `x-down` never both match at a fractional width (browsers zoom).
    pub const DOWN: [(&str, f64); 4] = [
        ("sm-down", SM as f64 - 0.02),
        ("md-down", MD as f64 - 0.02),
        ("lg-down", LG as f64 - 0.02),
        ("xl-down", XL as f64 - 0.02),
    ];
}

/// Seed 000 s9: address autocomplete debounce, ms.
pub const AUTOCOMPLETE_DEBOUNCE_MS: u64 = 300;
/// Seed 000 s2/s9: search box debounce, ms.
pub const SEARCH_BOX_DEBOUNCE_MS: u64 = 300;
/// Seed 000 s5/s9: slider debounce, ms.
pub const SLIDER_DEBOUNCE_MS: u64 = 400;

/// Seed 000 s9 / seed 001 s7/s9: page size of the catalogue, offers and default search.
pub const PAGE_SIZE: usize = 21;
/// Largest search page (`search.page_size`, and `hitsPerPage` of `GET /api/search`).
pub const MAX_PAGE_SIZE: usize = 100;
/// The most car ids one search may name (`ids` of `GET /api/search`: the watchlist's saved
/// cars, looked up in one query).
pub const MAX_IDS: usize = 100;
/// Seed 000 s9: offers and catalogue client caches hold this many results.
pub const OFFERS_CACHE_SIZE: usize = 10;
/// Seed 001 s3/s9: search history entries kept.
pub const SEARCH_HISTORY_SIZE: usize = 5;
/// Cars the compare page sets side by side at most (seed 000 s4 allows 3 or 4;
/// 4 fills the widest screens and still scrolls sideways on a phone).
pub const COMPARE_MAX_CARS: usize = 4;
/// Seed 000 s9: makes shown before Show all makes.
pub const MAKES_SHOWN_FIRST: usize = 7;
/// Seed 000 s9 / seed 001 s9: makes under Popular Makes.
pub const POPULAR_MAKES_COUNT: usize = 20;
/// Seed 000 s9: model list limit.
pub const MODEL_LIST_LIMIT: usize = 30;
/// Seed 000 s9: a thumbnail strip needs more than this many images.
pub const THUMBNAIL_STRIP_MIN_IMAGES_EXCLUSIVE: usize = 3;

/// Seed 000 s9 / seed 001 s9: reservation deposit, dollars (fully refundable).
pub const RESERVE_DEPOSIT_DOLLARS: u32 = 200;
/// Seed 000 s9 / seed 001 s9: a reserved car is held this many hours.
pub const RESERVE_HOLD_HOURS: u32 = 48;
/// Seed 000 s9: used-car money back guarantee, hours.
pub const MONEY_BACK_GUARANTEE_HOURS: u32 = 48;

/// Seed 000 s9: spin auto-rotate interval, ms.
pub const SPIN_INTERVAL_MS: u64 = 100;
/// Seed 000 s9: spin drag sensitivity.
pub const SPIN_DRAG_SENSITIVITY: u32 = 20;
/// Seed 000 s2/s4/s9: the sticky header appears at this scroll, px.
pub const STICKY_HEADER_PX: u32 = 500;
/// Seed 001 s2/s4/s9: the fixed bottom bar appears after scrolling past this, px.
pub const BOTTOM_BAR_PX: u32 = 900;
/// Seed 000 s4/s9 / seed 001 s9: collapse animation, ms.
pub const COLLAPSE_MS: u64 = 300;

/// Where the stock video goes in the gallery (seed 000 section 9).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
    ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum VideoPosition {
    /// First item.
    Start,
    /// Second item (default).
    #[default]
    Second,
    /// Middle of the gallery.
    Middle,
    /// Last item.
    End,
}

impl VideoPosition {
    /// The gallery index the video takes among `image_count` images.
    pub fn index(self, image_count: usize) -> usize {
        match self {
            VideoPosition::Start => 0,
            VideoPosition::Second => image_count.min(1),
            VideoPosition::Middle => image_count / 2,
            VideoPosition::End => image_count,
        }
    }
}

/// Seed 001 s9: toasts shown at a time.
pub const TOAST_LIMIT: usize = 1;
/// Seed 001 s9: default state.
pub const DEFAULT_STATE: &str = "qld";
/// Seed 001 s9 / seed 000 s2: default search page.
pub const DEFAULT_SEARCH_PATH: &str = crate::routes::ALL_STOCK.pattern;
/// Seed 001 s9: filters on by default.
pub const DEFAULT_FILTERS: [&str; 11] = [
    "car_type",
    "colour",
    "body",
    "transmission",
    "odometer",
    "price",
    "fuelType",
    "drive",
    "year",
    "make",
    "model",
];
/// Seed 001 s7: youX quote self-assessed credit score, always GREAT.
pub const YOUX_CREDIT_SCORE: &str = "GREAT";
/// Seed 001 s7: youX quote loan term, years.
pub const YOUX_LOAN_TERM_YEARS: u32 = 5;
/// Seed 001 s9: location image height, px.
pub const LOCATION_IMAGE_HEIGHT_PX: u32 = 230;
/// Seed 001 s9: location card image size, px (height, width as written "400 by 600").
pub const LOCATION_CARD_IMAGE_PX: (u32, u32) = (400, 600);
/// Seed 001 s9: more than this many locations hides the swipe hint on large screens.
pub const SWIPE_HINT_MAX_LOCATIONS: usize = 3;
/// Seed 001 s9: more than this many locations uses narrower cards.
pub const NARROW_CARDS_MIN_LOCATIONS_EXCLUSIVE: usize = 4;
/// Seed 001 s9: promotions slider size, px (width, height).
pub const PROMOTIONS_SLIDER_PX: (u32, u32) = (1920, 540);
/// Seed 001 s9: default image max width, px.
pub const IMAGE_MAX_WIDTH_PX: u32 = 600;
/// Seed 001 s9: image service default quality.
pub const IMAGE_QUALITY: u32 = 75;
/// Seed 001 s9: image service default width, px.
pub const IMAGE_WIDTH_PX: u32 = 640;
/// Seed 001 s2: driver-assist systems shown before expanding.
pub const DRIVER_ASSIST_SHOWN: usize = 6;
/// Seed 001 s5: money input quick picks run from, to (dollars).
pub const QUICK_PICKS: [u32; 2] = [5_000, 70_000];
/// Seed 001 s5: one group's money input quick picks run from, to (dollars).
pub const QUICK_PICKS_HIGH: [u32; 2] = [300_000, 800_000];
/// Seed 001 s3: website session plugin names.
pub const SESSION_PLUGINS: [&str; 3] = ["Autogauge", "Car Analysis", "PPSR Report"];

/// How many of a dealer's `search.card_buttons` a car card shows at once; the others
/// wait under the card's More menu (and `forecourt check` warns about them).
pub const CARD_BUTTONS_SHOWN: usize = 2;
