//! Words the pages show that the seeds do not give: the finance figures' labels and the
//! comparison rate warning the law prescribes, each page's heading and the labels a
//! feature's page adds.

// ---- Comparison rate (National Credit Code s 164 / Consumer Credit Code; not seed text) ----

/// The prescribed comparison rate warning, shown wherever an interest rate or repayment is.
pub const COMPARISON_RATE_WARNING: &str = "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.";
/// The basis of every comparison rate shown (`rules::finance::comparison_rate`: $30,000 over 60 months).
pub const COMPARISON_RATE_BASIS: &str =
    "Comparison rate calculated on a secured loan of $30,000 over 5 years.";
/// Label of the comparison rate figure.
pub const COMPARISON_RATE: &str = "Comparison rate";
/// Label of the interest rate figure.
pub const INTEREST_RATE: &str = "Interest rate";

// ---- Page headings ----

/// Heading of the parts catalogue.
pub const PARTS_TITLE: &str = "Parts & Accessories";
/// Heading of the dealer locator.
pub const LOCATOR_TITLE: &str = "Dealer Locator";
/// Heading of the offers list.
pub const OFFERS_TITLE: &str = "Special Offers";
/// Heading of the brands list.
pub const BRANDS_TITLE: &str = "Our Brands";
/// Heading of the `/models` list.
pub const MODELS_TITLE: &str = "Our Models";

// ---- Home page ----

/// Heading of the sales counter.
pub const SALES_COUNTER_HEADING: &str = "Cars sold today";
/// Heading of the warranty carousel.
pub const WARRANTY_HEADING: &str = "Ownership benefits";

// ---- Offers ----

/// Call to action of an offer page.
pub const ENQUIRE_ABOUT_OFFER: &str = "Enquire About This Offer";
/// Notice on the page of an offer whose expiry has passed.
pub const OFFER_ENDED: &str = "This offer has ended.";

// ---- Parts ----

/// What a part fits when its entry names no make and no model.
pub const FITS_ALL_MODELS: &str = "All models";
/// The footer's link to the parts catalogue, added for a dealer with parts whose menus
/// do not link to it already.
pub const SEARCH_PARTS: &str = "Search Parts";

// ---- Spin to win ----

/// The category its entries are sent with (the dealer reads it on the lead).
pub const SPIN_TO_WIN_CATEGORY: &str = "Spin to Win";

// ---- Compare ----

/// The compare page's label of the price row.
pub const PRICE_ROW: &str = "Price";

/// The rows of the compare page, in order: price, the key facts a shopper compares first
/// (kilometres, year, fuel, transmission, body) and the key specifications shoppers
/// weigh between cars. Each label is the one the vehicle page's Key information or All
/// Specifications uses, so a value reads the same on both pages.
pub const COMPARE_ROWS: [&str; 15] = [
    PRICE_ROW,
    "Kilometres",
    "Year",
    "Fuel",
    "Transmission",
    "Body",
    "Condition",
    "Drive",
    "Engine size",
    "Engine capacity (cc)",
    "Seats",
    "Berths",
    "Fuel consumption combined (L/100km)",
    "Colour",
    "ANCAP rating",
];
