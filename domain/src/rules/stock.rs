//! Per-dealer stock filters (seed 000 section 9 last line, seed 001 section 9 "sold cars
//! shown 3 days by default", DESIGN "Data flow" step 3). The generator applies
//! [`keep_car`] to every feed row of a dealer before any view model is derived.

use chrono::{DateTime, Duration, Utc};

use crate::car::{Car, CarStatus, CarType};
use crate::rules::availability::passes_search_status_filter;

/// Seed 001 section 9: "sold cars shown 3 days by default".
pub const DEFAULT_INCLUDE_SOLD_CARS_DAYS: u32 = 3;

/// What [`keep_car`] reads of a dealer's stock filters (`config::StockFilters`, the
/// `[stock_filters]` section, implements it), so the rules take values and not the
/// configuration.
pub trait StockFilterValues {
    /// Keep only used cars.
    fn used_only(&self) -> bool;
    /// Keep only cars with at least this many photos; 0 keeps all.
    fn min_photos(&self) -> u32;
    /// Keep only cars in stock and not flagged sold.
    fn in_stock_only(&self) -> bool;
    /// Stock numbers never listed, compared trimmed and case-insensitively.
    fn excluded_stock_numbers(&self) -> &[String];
    /// Days a sold car stays listed after `sold_at`; 0 hides sold cars at once.
    fn include_sold_cars_days(&self) -> u32;
}

/// Whether a car is sold: status `sold` or the seed 001 `sold` flag.
pub fn is_sold(car: &Car) -> bool {
    car.sold || car.status == CarStatus::Sold
}

/// Whether a sold car is still inside the sold-cars window at `now`.
///
/// A sold car with no `sold_at` cannot be placed in the window and is dropped, so a feed
/// that omits the date never keeps a sold car listed for ever.
pub fn sold_within(car: &Car, days: u32, now: DateTime<Utc>) -> bool {
    match car.sold_at {
        Some(sold_at) => now.signed_duration_since(sold_at) <= Duration::days(i64::from(days)),
        None => false,
    }
}

/// Whether a dealer lists this car at `now` under its stock filters.
pub fn keep_car(car: &Car, filters: &impl StockFilterValues, now: DateTime<Utc>) -> bool {
    if filters.used_only() && car.car_type != CarType::Used {
        return false;
    }
    if (car.images.len() as u64) < u64::from(filters.min_photos()) {
        return false;
    }
    let sold = is_sold(car);
    if filters.in_stock_only() && (sold || car.status != CarStatus::InStock) {
        return false;
    }
    if let Some(stocknum) = car.stocknum.as_deref() {
        let stocknum = stocknum.trim();
        if filters
            .excluded_stock_numbers()
            .iter()
            .any(|excluded| excluded.trim().eq_ignore_ascii_case(stocknum))
        {
            return false;
        }
    }
    if sold && !sold_within(car, filters.include_sold_cars_days(), now) {
        return false;
    }
    true
}

/// What the dealer-level stock rules read of a dealer's configuration (`DealerConfig`
/// implements it), so the rules take the values and not the configuration itself.
pub trait DealerStock {
    /// The dealer's stock filters.
    fn stock_filters(&self) -> &impl StockFilterValues;
    /// Whether the search status filter is on (`search.status_filter`).
    fn status_filter(&self) -> bool;
    /// The dealer's primary manufacturer, if it is a franchise.
    fn manufacturer(&self) -> Option<&str>;
    /// The other makes the dealer lists (`makes`).
    fn makes(&self) -> &[String];
}

/// Whether a dealer publishes this car at `now`: its stock filters and, where the dealer
/// switches `search.status_filter` on (seed 001 s4 "Search status filter (one dealer
/// group)"), [`passes_search_status_filter`] over the dealer's sold window. The build
/// keeps only these cars, so a hidden car gets no page, no sitemap entry, no place in
/// the server-rendered results and no search document.
pub fn dealer_keeps_car(car: &Car, config: &impl DealerStock, now: DateTime<Utc>) -> bool {
    let filters = config.stock_filters();
    keep_car(car, filters, now)
        && (!config.status_filter()
            || passes_search_status_filter(car, filters.include_sold_cars_days(), now))
}

/// Whether the dealer's live search lists this car at `now`: its stock filters, the seed
/// 001 `show_on_dealer_website` flag and the dealer's primary manufacturer, the fixed
/// filters `search::FixedFilters::for_config` applies to every query. Every count a page
/// links to the search with (home links, brand tiles, landing pages) counts these cars, so
/// the link and the search answer the same number (one count source).
pub fn listed_in_search(car: &Car, config: &impl DealerStock, now: DateTime<Utc>) -> bool {
    if !car.show_on_dealer_website || !dealer_keeps_car(car, config, now) {
        return false;
    }
    let makes = search_makes(config);
    makes.is_empty()
        || makes
            .iter()
            .any(|m| car.make.trim().eq_ignore_ascii_case(m))
}

/// The makes a franchise dealer's search is limited to (empty: any make). The seed adds the
/// dealer's manufacturer to the search filter; a franchise that also sells the
/// manufacturer's other brands lists them in `makes` (Kingfisher Chery sells Omoda), and a
/// shopper who finds those cars on the lot expects to find them in search, so the listed
/// makes join the manufacturer. A dealer with no manufacturer is not limited by make.
pub fn search_makes(config: &impl DealerStock) -> Vec<String> {
    let Some(primary) = config
        .manufacturer()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    else {
        return Vec::new();
    };
    let mut makes = vec![primary.to_string()];
    for make in config.makes().iter().map(|m| m.trim()) {
        if !make.is_empty() && !makes.iter().any(|m| m.eq_ignore_ascii_case(make)) {
            makes.push(make.to_string());
        }
    }
    makes
}
