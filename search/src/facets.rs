//! The search facets of seed 000 section 3 and the numeric range fields, with how each is
//! derived from a [`Car`]. Both backends index exactly what [`SearchDoc::derive`] returns,
//! so this file is the one place where a facet's meaning is decided.
//!
//! | facet | derived from |
//! | --- | --- |
//! | `badge` | `car.badge` |
//! | `status` | `sold` when `car.sold` is true, otherwise `car.status` (`in_stock`, `coming_soon`, `sold`) |
//! | `car_type` | `car.car_type` (`new`, `demo`, `used`) |
//! | `categories` | from `car_type`, several values: new -> `new`, `new-and-demo`; demo -> `demo`, `new-and-demo`; used -> `used` (the routes `/search/{type}-cars` and `/search/new-and-demo-cars`) |
//! | `city` | `car.city`, else `car.location.city` |
//! | `colour` | `car.colour` |
//! | `dealership_name` | [`IndexDoc::dealership_name`], else `car.location.name`, else `car.location_name` |
//! | `filtered_features` | the entries of [`FILTERED_FEATURES`] found (case-insensitive substring) in `car.features` or `car.standardEquipment`, several values |
//! | `item_type` | from `simple_body`: motorcycle words -> `motorcycle`, caravan words -> `caravan`, otherwise `car` |
//! | `km` | `car.km` (range only) |
//! | `location_name` | `car.location_name`, else `car.location.name` |
//! | `make`, `model` | `car.make`, `car.model` |
//! | `make_model` | `"{make} > {model}"` |
//! | `price` | the visible price (`car.price` above 0; range only) |
//! | `subscription_price` | `car.subscription_price` (range only) |
//! | `price_range` | the band of [`PRICE_BANDS`] holding the visible price |
//! | `seats` | `car.seats` (values and range) |
//! | `body`, `drive`, `fuel`, `transmission` | `simple_body`, `simple_drive`, `simple_fuel`, `simple_transmission` |
//! | `state` | `car.state`, else `car.location.state` |
//! | `tag` | `car.tag` (the custom tag) |
//! | `weekly_price_range` | the band of [`WEEKLY_BANDS`] holding the weekly price (below) |
//! | `year` | `car.year` (values and range) |
//! | `certified` | `true` / `false` |
//! | `created_at_timestamp` | `car.created_at`, Unix seconds (range only) |
//!
//! Caravans add three range fields (no facet values): `berths`, `length` (mm) and `atm`
//! (kg), from `car.variant.berths`, `vehiclelength` and `atm`.
//!
//! The searchable text (every attribute a shopper names, synonyms expanded) is
//! [`searchable_text`].
//!
//! The weekly price (range field `weekly_price`) is [`IndexDoc::weekly_price`] when the
//! generator gives one (it knows the dealer's finance provider), else the lowest
//! `payment_week` of the car's finance lenders, else `youxQuote.weeklyRepaymentAmount`.
//! Empty and blank strings are no value.

use domain::car::{Car, CarStatus, CarType};
use serde_json::Value;

/// A search facet of seed 000 section 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Facet {
    /// Badge (trim), e.g. GX.
    Badge,
    /// Stock status.
    Status,
    /// new, demo or used.
    CarType,
    /// Car-type categories (several per car).
    Categories,
    /// City.
    City,
    /// Exterior colour.
    Colour,
    /// Dealership name.
    DealershipName,
    /// Popular features found in the feature list (several per car).
    FilteredFeatures,
    /// car, motorcycle or caravan.
    ItemType,
    /// Odometer (range only).
    Km,
    /// Location name.
    LocationName,
    /// Manufacturer.
    Make,
    /// "Make > Model".
    MakeModel,
    /// Model.
    Model,
    /// Visible price (range only).
    Price,
    /// Subscription price per week (range only).
    SubscriptionPrice,
    /// Price band.
    PriceRange,
    /// Seats.
    Seats,
    /// Simplified body.
    Body,
    /// Simplified drive.
    Drive,
    /// Simplified fuel.
    Fuel,
    /// Simplified transmission.
    Transmission,
    /// State.
    State,
    /// Custom tag.
    Tag,
    /// Weekly finance price band.
    WeeklyPriceRange,
    /// Model year.
    Year,
    /// Certified pre-owned.
    Certified,
    /// Listing time, Unix seconds (range only).
    CreatedAtTimestamp,
}

/// Number of facets.
pub const FACET_COUNT: usize = 28;

impl Facet {
    /// Every facet, in seed order (the index of a facet in this array is [`Facet::index`]).
    pub const ALL: [Facet; FACET_COUNT] = [
        Facet::Badge,
        Facet::Status,
        Facet::CarType,
        Facet::Categories,
        Facet::City,
        Facet::Colour,
        Facet::DealershipName,
        Facet::FilteredFeatures,
        Facet::ItemType,
        Facet::Km,
        Facet::LocationName,
        Facet::Make,
        Facet::MakeModel,
        Facet::Model,
        Facet::Price,
        Facet::SubscriptionPrice,
        Facet::PriceRange,
        Facet::Seats,
        Facet::Body,
        Facet::Drive,
        Facet::Fuel,
        Facet::Transmission,
        Facet::State,
        Facet::Tag,
        Facet::WeeklyPriceRange,
        Facet::Year,
        Facet::Certified,
        Facet::CreatedAtTimestamp,
    ];

    /// Position of the facet in [`Facet::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The facet's name in URLs, answers and the Meilisearch index.
    pub fn name(self) -> &'static str {
        match self {
            Facet::Badge => "badge",
            Facet::Status => "status",
            Facet::CarType => "car_type",
            Facet::Categories => "categories",
            Facet::City => "city",
            Facet::Colour => "colour",
            Facet::DealershipName => "dealership_name",
            Facet::FilteredFeatures => "filtered_features",
            Facet::ItemType => "item_type",
            Facet::Km => "km",
            Facet::LocationName => "location_name",
            Facet::Make => "make",
            Facet::MakeModel => "make_model",
            Facet::Model => "model",
            Facet::Price => "price",
            Facet::SubscriptionPrice => "subscription_price",
            Facet::PriceRange => "price_range",
            Facet::Seats => "seats",
            Facet::Body => "body",
            Facet::Drive => "drive",
            Facet::Fuel => "fuel",
            Facet::Transmission => "transmission",
            Facet::State => "state",
            Facet::Tag => "tag",
            Facet::WeeklyPriceRange => "weekly_price_range",
            Facet::Year => "year",
            Facet::Certified => "certified",
            Facet::CreatedAtTimestamp => "created_at_timestamp",
        }
    }

    /// The facet with this name.
    pub fn from_name(name: &str) -> Option<Facet> {
        Facet::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether the answer lists this facet's values with counts (every facet except the
    /// continuous ones, which only have `facets_stats`).
    pub fn has_values(self) -> bool {
        !matches!(
            self,
            Facet::Km | Facet::Price | Facet::SubscriptionPrice | Facet::CreatedAtTimestamp
        )
    }

    /// The numeric field behind the facet, for facets that take `range[...]`.
    pub fn range_field(self) -> Option<RangeField> {
        match self {
            Facet::Km => Some(RangeField::Km),
            Facet::Price => Some(RangeField::Price),
            Facet::SubscriptionPrice => Some(RangeField::SubscriptionPrice),
            Facet::Seats => Some(RangeField::Seats),
            Facet::Year => Some(RangeField::Year),
            Facet::CreatedAtTimestamp => Some(RangeField::CreatedAtTimestamp),
            _ => None,
        }
    }

    /// The facets whose values are listed, in [`Facet::ALL`] order.
    pub fn with_values() -> impl Iterator<Item = Facet> {
        Facet::ALL.into_iter().filter(|f| f.has_values())
    }
}

/// A numeric field that takes `range[<name>]=min:max`, can be sorted on and has
/// `facets_stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RangeField {
    /// Visible price, AUD.
    Price,
    /// Odometer, km.
    Km,
    /// Model year.
    Year,
    /// Weekly finance price, AUD.
    WeeklyPrice,
    /// Subscription price per week, AUD.
    SubscriptionPrice,
    /// Seats.
    Seats,
    /// Listing time, Unix seconds.
    CreatedAtTimestamp,
    /// Caravans: how many people it sleeps.
    Berths,
    /// Caravans: length, mm.
    Length,
    /// Caravans: aggregate trailer mass, kg.
    Atm,
}

/// Number of range fields.
pub const RANGE_COUNT: usize = 10;

impl RangeField {
    /// Every range field (the index of a field in this array is [`RangeField::index`]).
    pub const ALL: [RangeField; RANGE_COUNT] = [
        RangeField::Price,
        RangeField::Km,
        RangeField::Year,
        RangeField::WeeklyPrice,
        RangeField::SubscriptionPrice,
        RangeField::Seats,
        RangeField::CreatedAtTimestamp,
        RangeField::Berths,
        RangeField::Length,
        RangeField::Atm,
    ];

    /// Position of the field in [`RangeField::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The field's name in URLs, answers and the Meilisearch index.
    pub fn name(self) -> &'static str {
        match self {
            RangeField::Price => "price",
            RangeField::Km => "km",
            RangeField::Year => "year",
            RangeField::WeeklyPrice => "weekly_price",
            RangeField::SubscriptionPrice => "subscription_price",
            RangeField::Seats => "seats",
            RangeField::CreatedAtTimestamp => "created_at_timestamp",
            RangeField::Berths => "berths",
            RangeField::Length => "length",
            RangeField::Atm => "atm",
        }
    }

    /// The field with this name.
    pub fn from_name(name: &str) -> Option<RangeField> {
        RangeField::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Price bands of the `price_range` facet: (value, label, lower bound inclusive, upper
/// bound exclusive).
pub const PRICE_BANDS: [(&str, &str, f64, f64); 8] = [
    ("0-10000", "Under $10,000", 0.0, 10_000.0),
    ("10000-20000", "$10,000 - $20,000", 10_000.0, 20_000.0),
    ("20000-30000", "$20,000 - $30,000", 20_000.0, 30_000.0),
    ("30000-40000", "$30,000 - $40,000", 30_000.0, 40_000.0),
    ("40000-50000", "$40,000 - $50,000", 40_000.0, 50_000.0),
    ("50000-75000", "$50,000 - $75,000", 50_000.0, 75_000.0),
    ("75000-100000", "$75,000 - $100,000", 75_000.0, 100_000.0),
    ("100000-", "$100,000+", 100_000.0, f64::INFINITY),
];

/// Weekly price bands of the `weekly_price_range` facet (seed 000 s9: weekly finance
/// amounts are shown with /wk): (value, label, lower inclusive, upper exclusive).
pub const WEEKLY_BANDS: [(&str, &str, f64, f64); 6] = [
    ("0-100", "Under $100/wk", 0.0, 100.0),
    ("100-150", "$100 - $150/wk", 100.0, 150.0),
    ("150-200", "$150 - $200/wk", 150.0, 200.0),
    ("200-300", "$200 - $300/wk", 200.0, 300.0),
    ("300-400", "$300 - $400/wk", 300.0, 400.0),
    ("400-", "$400+/wk", 400.0, f64::INFINITY),
];

/// Popular features offered as the `filtered_features` facet. A car has a feature when
/// one of its feature or standard equipment lines contains the name, ignoring case.
pub const FILTERED_FEATURES: [&str; 16] = [
    "Apple CarPlay",
    "Android Auto",
    "Reversing Camera",
    "360 Camera",
    "Sunroof",
    "Heated Seats",
    "Leather Seats",
    "Navigation",
    "Bluetooth",
    "Adaptive Cruise Control",
    "Blind Spot",
    "Lane Keep",
    "Parking Sensors",
    "Keyless Entry",
    "Tow Bar",
    "Third Row",
];

const MOTORCYCLE_WORDS: [&str; 4] = ["motorcycle", "motorbike", "scooter", "bike"];
const CARAVAN_WORDS: [&str; 6] = [
    "caravan",
    "camper",
    "motorhome",
    "pop top",
    "fifth wheel",
    "campervan",
];

/// Display label of a facet value (the value itself unless the facet has a wording).
pub fn label(facet: Facet, value: &str) -> String {
    let worded = match (facet, value) {
        (Facet::Status, "in_stock") => Some("In Stock"),
        (Facet::Status, "coming_soon") => Some("Coming Soon"),
        (Facet::Status, "sold") => Some("Sold"),
        (Facet::CarType, "new") => Some("New"),
        (Facet::CarType, "demo") => Some("Demo"),
        (Facet::CarType, "used") => Some("Used"),
        (Facet::Categories, "new") => Some("New Cars"),
        (Facet::Categories, "new-and-demo") => Some("New & Demo Cars"),
        (Facet::Categories, "demo") => Some("Demo Cars"),
        (Facet::Categories, "used") => Some("Used Cars"),
        (Facet::ItemType, "car") => Some("Cars"),
        (Facet::ItemType, "motorcycle") => Some("Motorcycles"),
        (Facet::ItemType, "caravan") => Some("Caravans"),
        (Facet::Certified, "true") => Some("Certified Pre-Owned"),
        (Facet::Certified, "false") => Some("Not Certified"),
        (Facet::PriceRange, v) => PRICE_BANDS.iter().find(|b| b.0 == v).map(|b| b.1),
        (Facet::WeeklyPriceRange, v) => WEEKLY_BANDS.iter().find(|b| b.0 == v).map(|b| b.1),
        _ => None,
    };
    worded
        .map(str::to_string)
        .unwrap_or_else(|| value.to_string())
}

/// Fixed display order of a facet's values where the seeds or the bands give one
/// (`None`: items are ordered by count, most first, then by label).
pub fn fixed_rank(facet: Facet, value: &str) -> Option<i64> {
    let pos = |list: &[&str]| list.iter().position(|v| *v == value).map(|p| p as i64);
    match facet {
        Facet::CarType => Some(pos(&["new", "demo", "used"]).unwrap_or(99)),
        Facet::Categories => Some(pos(&["new", "new-and-demo", "demo", "used"]).unwrap_or(99)),
        Facet::Status => Some(pos(&["in_stock", "coming_soon", "sold"]).unwrap_or(99)),
        Facet::PriceRange => {
            Some(PRICE_BANDS.iter().position(|b| b.0 == value).unwrap_or(99) as i64)
        }
        Facet::WeeklyPriceRange => {
            Some(WEEKLY_BANDS.iter().position(|b| b.0 == value).unwrap_or(99) as i64)
        }
        // Newest year first; fewest seats first.
        Facet::Year => Some(-value.parse::<i64>().unwrap_or(0)),
        Facet::Seats => Some(value.parse::<i64>().unwrap_or(0)),
        _ => None,
    }
}

/// One car as the search indexes take it, given by the generator.
#[derive(Debug, Clone)]
pub struct IndexDoc<'a> {
    /// The car.
    pub car: &'a Car,
    /// The card view model JSON, stored and returned verbatim as the hit.
    pub card: Value,
    /// Latitude of the car's location, for the distance filter.
    pub lat: Option<f64>,
    /// Longitude of the car's location, for the distance filter.
    pub lng: Option<f64>,
    /// Weekly finance price as the card shows it (the generator knows the dealer's
    /// provider); `None` derives it from the car (see the module docs).
    pub weekly_price: Option<f64>,
    /// Dealership name for the `dealership_name` facet; `None` uses the car's location.
    pub dealership_name: Option<String>,
    /// Ids of the dealer locations holding the car (the generator gives its own location,
    /// where the dealership picker counts it), for the seed 000 s2 `locationId` parameter.
    pub location_ids: Vec<u64>,
    /// Department types of those locations (`sales`, `service`, `parts`; a
    /// service-and-parts location is all three words of it), for `locationType`.
    pub location_types: Vec<String>,
}

impl<'a> IndexDoc<'a> {
    /// A document with no coordinates and derived weekly price and dealership name.
    pub fn new(car: &'a Car, card: Value) -> IndexDoc<'a> {
        IndexDoc {
            car,
            card,
            lat: None,
            lng: None,
            weekly_price: None,
            dealership_name: None,
            location_ids: Vec::new(),
            location_types: Vec::new(),
        }
    }

    /// The same document placed at a location.
    pub fn at(mut self, lat: f64, lng: f64) -> IndexDoc<'a> {
        self.lat = Some(lat);
        self.lng = Some(lng);
        self
    }
}

/// The flat record both backends index: facet values, numbers, searchable text and the
/// attributes the dealer's fixed filters use.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchDoc {
    /// Position in the written order; the last tie-breaker of every sort.
    pub ord: u64,
    /// Car id.
    pub id: u64,
    /// Values per facet, indexed by [`Facet::index`] (empty for range-only facets).
    pub values: Vec<Vec<String>>,
    /// Numbers per range field, indexed by [`RangeField::index`].
    pub nums: [Option<f64>; RANGE_COUNT],
    /// Searchable phrases, one per attribute value (see [`searchable_text`]).
    pub text: Vec<String>,
    /// Number of photos.
    pub photos: u64,
    /// Stock number.
    pub stocknum: Option<String>,
    /// Sold (status sold or the sold flag).
    pub sold: bool,
    /// When it was sold, Unix seconds.
    pub sold_at: Option<i64>,
    /// `show_on_dealer_website`.
    pub listed: bool,
    /// Latitude.
    pub lat: Option<f64>,
    /// Longitude.
    pub lng: Option<f64>,
    /// Location ids (see [`IndexDoc::location_ids`]), sorted, without repeats.
    pub location_ids: Vec<u64>,
    /// Location types (see [`IndexDoc::location_types`]), lower case, sorted, without repeats.
    pub location_types: Vec<String>,
    /// Card JSON.
    pub card: Value,
}

/// A feed's specification number (a number, or a string of one such as "2,800"); none
/// when missing, not a number, or not above 0.
fn spec_number(value: Option<&Value>) -> Option<f64> {
    let n = match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().replace(',', "").parse::<f64>().ok(),
        _ => None,
    }?;
    (n.is_finite() && n > 0.0).then_some(n)
}

/// Seats from which a car also answers to "people mover".
pub const PEOPLE_MOVER_SEATS: u8 = 7;
/// Berths from which a caravan also answers to "family van".
pub const FAMILY_VAN_BERTHS: u64 = 4;

/// The searchable phrases of a car, each one attribute value, so that every attribute a
/// shopper names finds it: make, model, badge, series, colour, body and body
/// configuration, fuel, transmission and drive (the simplified values: the feed's full
/// fuel text of a hybrid says "Petrol/Electric", which would answer "electric"), seats
/// ("7 seats", "7 seater", and "people mover" from [`PEOPLE_MOVER_SEATS`]), car type,
/// year, item type words (motorcycle, caravan), berths ("4 berth", "sleeps 4", and
/// "family van" from [`FAMILY_VAN_BERTHS`]), location, dealership, city and state, the
/// feed's `features` lines and the [`FILTERED_FEATURES`] found in them or in
/// `standardEquipment` (its other lines are the same for every car of a model and hold
/// words such as "diesel heater" that would answer the wrong searches), stock number,
/// VIN and rego. Then the synonyms of [`crate::synonyms`], and repeats removed.
pub fn searchable_text(doc: &IndexDoc<'_>, values: &[Vec<String>], item_type: &str) -> Vec<String> {
    let car = doc.car;
    let loc = car.location.as_ref();
    let mut parts: Vec<String> = Vec::new();
    let mut push = |s: Option<&str>| {
        if let Some(s) = clean(s) {
            parts.push(s);
        }
    };
    push(Some(&car.make));
    push(Some(&car.model));
    push(car.badge.as_deref());
    push(car.series.as_deref());
    // "CX-5" is also typed "cx5", "BT-50" "bt50": the name's letters and digits run together.
    for name in [Some(car.model.as_str()), car.badge.as_deref()] {
        push(joined(name).as_deref());
    }
    push(car.colour.as_deref());
    push(car.simple_body.as_deref());
    // A truck's configuration is Cab Chassis, which the synonyms make a ute: a truck
    // answers "truck", not "ute".
    if !car
        .simple_body
        .as_deref()
        .is_some_and(|b| b.eq_ignore_ascii_case("truck"))
    {
        push(car.bodyconfiguration.as_deref());
    }
    push(car.simple_fuel.as_deref());
    push(car.simple_transmission.as_deref());
    push(car.simple_drive.as_deref());
    push(Some(car.car_type.as_str()));
    push(Some(&car.year.to_string()));
    match item_type {
        "motorcycle" => push(Some("motorcycle")),
        "caravan" => push(Some("caravan")),
        _ => {}
    }
    if let Some(n) = car.seats.filter(|n| *n > 0) {
        push(Some(&format!("{n} seats")));
        push(Some(&format!("{n} seater")));
        if n >= PEOPLE_MOVER_SEATS && item_type == "car" {
            push(Some("people mover"));
        }
    }
    let berths = car.variant.berths.as_ref().and_then(|v| match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse::<u64>().ok(),
        _ => None,
    });
    if let Some(b) = berths.filter(|b| *b > 0) {
        push(Some(&format!("{b} berth")));
        push(Some(&format!("sleeps {b}")));
        if b >= FAMILY_VAN_BERTHS && item_type == "caravan" {
            push(Some("family van"));
        }
    }
    // A yard's name says what it mostly sells ("South Grafton Used Cars"); the car's own
    // type answers "new", "used" and "demo", so those words of the name are left out.
    push(without_type_words(car.location_name.as_deref()).as_deref());
    push(without_type_words(loc.map(|l| l.name.as_str())).as_deref());
    push(doc.dealership_name.as_deref());
    push(car.city.as_deref());
    push(loc.and_then(|l| l.city.as_deref()));
    push(car.state.as_deref());
    push(loc.and_then(|l| l.state.as_deref()));
    for line in &car.features {
        push(Some(line));
    }
    for f in &values[Facet::FilteredFeatures.index()] {
        push(Some(f));
    }
    push(car.stocknum.as_deref());
    push(car.vin.as_deref());
    push(car.regplate.as_deref());
    let extra = crate::synonyms::Synonyms::get().expand(&parts);
    parts.extend(extra);
    let mut seen = std::collections::HashSet::new();
    parts.retain(|p| seen.insert(p.to_lowercase()));
    parts
}

/// A name with separators ("CX-5", "LandCruiser 300") as one word of its letters and
/// digits ("CX5"); `None` for a name that is one word already.
fn joined(name: Option<&str>) -> Option<String> {
    let name = name?;
    let words: Vec<&str> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    (words.len() > 1).then(|| words.concat())
}

/// The words of a place name other than the car types (new, used, demo).
fn without_type_words(name: Option<&str>) -> Option<String> {
    let kept: Vec<&str> = name?
        .split_whitespace()
        .filter(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            !["new", "used", "demo"]
                .iter()
                .any(|t| w.eq_ignore_ascii_case(t))
        })
        .collect();
    Some(kept.join(" "))
}

fn clean(s: Option<&str>) -> Option<String> {
    s.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

fn band(bands: &[(&str, &str, f64, f64)], v: Option<f64>) -> Vec<String> {
    v.and_then(|v| bands.iter().find(|b| v >= b.2 && v < b.3))
        .map(|b| vec![b.0.to_string()])
        .unwrap_or_default()
}

impl SearchDoc {
    /// Derives the record of one car at position `ord` (see the module docs for each facet).
    pub fn derive(ord: u64, doc: &IndexDoc<'_>) -> SearchDoc {
        let car = doc.car;
        let loc = car.location.as_ref();
        let mut values: Vec<Vec<String>> = vec![Vec::new(); FACET_COUNT];
        let mut set = |f: Facet, v: Option<String>| values[f.index()] = v.into_iter().collect();
        let sold = car.sold || car.status == CarStatus::Sold;
        let price = car.visible_price();
        let weekly = doc.weekly_price.or_else(|| {
            let lender = car
                .finance_lenders
                .values()
                .filter_map(|l| l.payment_week)
                .filter(|w| *w > 0.0)
                .fold(None, |m: Option<f64>, w| Some(m.map_or(w, |m| m.min(w))));
            lender.or_else(|| {
                car.youx_quote
                    .as_ref()
                    .and_then(|q| q.weekly_repayment_amount)
            })
        });
        let body = clean(car.simple_body.as_deref());
        let body_l = body.as_deref().unwrap_or("").to_lowercase();
        let item_type = if MOTORCYCLE_WORDS.iter().any(|w| body_l.contains(w)) {
            "motorcycle"
        } else if CARAVAN_WORDS.iter().any(|w| body_l.contains(w)) {
            "caravan"
        } else {
            "car"
        };
        set(Facet::Badge, clean(car.badge.as_deref()));
        set(
            Facet::Status,
            Some(if sold { "sold" } else { car.status.as_str() }.to_string()),
        );
        set(Facet::CarType, Some(car.car_type.as_str().to_string()));
        set(
            Facet::City,
            clean(car.city.as_deref()).or_else(|| clean(loc.and_then(|l| l.city.as_deref()))),
        );
        set(Facet::Colour, clean(car.colour.as_deref()));
        set(
            Facet::DealershipName,
            clean(doc.dealership_name.as_deref())
                .or_else(|| clean(loc.map(|l| l.name.as_str())))
                .or_else(|| clean(car.location_name.as_deref())),
        );
        set(Facet::ItemType, Some(item_type.to_string()));
        set(
            Facet::LocationName,
            clean(car.location_name.as_deref()).or_else(|| clean(loc.map(|l| l.name.as_str()))),
        );
        let make = clean(Some(&car.make));
        let model = clean(Some(&car.model));
        set(Facet::Make, make.clone());
        set(Facet::Model, model.clone());
        set(
            Facet::MakeModel,
            match (&make, &model) {
                (Some(a), Some(b)) => Some(format!("{a} > {b}")),
                _ => None,
            },
        );
        set(Facet::Seats, car.seats.map(|s| s.to_string()));
        set(Facet::Body, body.clone());
        set(Facet::Drive, clean(car.simple_drive.as_deref()));
        set(Facet::Fuel, clean(car.simple_fuel.as_deref()));
        set(
            Facet::Transmission,
            clean(car.simple_transmission.as_deref()),
        );
        set(
            Facet::State,
            clean(car.state.as_deref()).or_else(|| clean(loc.and_then(|l| l.state.as_deref()))),
        );
        set(Facet::Tag, clean(car.tag.as_deref()));
        set(Facet::Year, Some(car.year.to_string()));
        set(Facet::Certified, Some(car.certified.to_string()));
        values[Facet::Categories.index()] = match car.car_type {
            CarType::New => vec!["new".to_string(), "new-and-demo".to_string()],
            CarType::Demo => vec!["demo".to_string(), "new-and-demo".to_string()],
            CarType::Used => vec!["used".to_string()],
        };
        values[Facet::PriceRange.index()] = band(&PRICE_BANDS, price);
        values[Facet::WeeklyPriceRange.index()] = band(&WEEKLY_BANDS, weekly);
        let lines: Vec<String> = car
            .features
            .iter()
            .chain(car.standard_equipment.iter())
            .map(|l| l.to_lowercase())
            .collect();
        values[Facet::FilteredFeatures.index()] = FILTERED_FEATURES
            .iter()
            .filter(|f| {
                let f = f.to_lowercase();
                lines.iter().any(|l| l.contains(&f))
            })
            .map(|f| f.to_string())
            .collect();

        let mut nums = [None; RANGE_COUNT];
        nums[RangeField::Price.index()] = price;
        nums[RangeField::Km.index()] = car.km.map(f64::from);
        nums[RangeField::Year.index()] = Some(f64::from(car.year));
        nums[RangeField::WeeklyPrice.index()] = weekly.filter(|w| w.is_finite());
        nums[RangeField::SubscriptionPrice.index()] =
            car.subscription_price.filter(|p| p.is_finite());
        nums[RangeField::Seats.index()] = car.seats.map(f64::from);
        nums[RangeField::CreatedAtTimestamp.index()] = Some(car.created_at.timestamp() as f64);
        nums[RangeField::Berths.index()] = spec_number(car.variant.berths.as_ref());
        nums[RangeField::Length.index()] = spec_number(car.variant.vehiclelength.as_ref());
        nums[RangeField::Atm.index()] = spec_number(car.variant.atm.as_ref());

        let text = searchable_text(doc, &values, item_type);

        SearchDoc {
            ord,
            id: car.id,
            values,
            nums,
            text,
            photos: car.images.len() as u64,
            stocknum: clean(car.stocknum.as_deref()),
            sold,
            sold_at: car.sold_at.map(|t| t.timestamp()),
            listed: car.show_on_dealer_website,
            lat: doc.lat.filter(|v| v.is_finite()),
            lng: doc.lng.filter(|v| v.is_finite()),
            location_ids: {
                let mut ids = doc.location_ids.clone();
                ids.sort_unstable();
                ids.dedup();
                ids
            },
            location_types: {
                let mut types: Vec<String> = doc
                    .location_types
                    .iter()
                    .filter_map(|t| clean(Some(t)))
                    .map(|t| t.to_lowercase())
                    .collect();
                types.sort_unstable();
                types.dedup();
                types
            },
            card: doc.card.clone(),
        }
    }
}
