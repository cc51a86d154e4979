//! Availability and the rules that follow from it (seed 000 sections 4 and 5, seed 001
//! sections 4 and 5): sold wording, sold-run collapsing in lists, car type order,
//! similar cars, favourites, save button, Find Me Something Similar, autograb and the
//! search status filter.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarStatus, CarType};
use crate::messages;

use super::stock::{is_sold, sold_within};

/// Seed 000 section 4: default wording of the sold tag.
pub const DEFAULT_SOLD_TEXT: &str = messages::JUST_SOLD;
/// Seed 001 section 4: autograb purchase needs a price over this many dollars.
pub const AUTOGRAB_MIN_PRICE: f64 = 200.0;

/// Seed 000 s4 / seed 001 s4: in_stock and coming_soon are available; the `sold` flag
/// or any other status makes a car unavailable.
pub fn is_available(car: &Car) -> bool {
    !car.sold && matches!(car.status, CarStatus::InStock | CarStatus::ComingSoon)
}

/// The sold tag text of an unavailable car: the site's configured wording, or
/// [`DEFAULT_SOLD_TEXT`] when none (or an empty one) is configured. None for available cars.
pub fn sold_text<'a>(car: &Car, configured: Option<&'a str>) -> Option<&'a str> {
    if is_available(car) {
        return None;
    }
    Some(
        configured
            .filter(|t| !t.trim().is_empty())
            .unwrap_or(DEFAULT_SOLD_TEXT),
    )
}

/// Seed 000 s4: in lists, a run of consecutive sold cars shows only its first car; when
/// every car is sold, all are shown. Returns the indices of `available` to show, in order.
pub fn collapse_sold_runs(available: &[bool]) -> Vec<usize> {
    if available.iter().all(|a| !a) {
        return (0..available.len()).collect();
    }
    let mut shown = Vec::with_capacity(available.len());
    for (i, &is_available) in available.iter().enumerate() {
        let continues_sold_run = i > 0 && !is_available && !available[i - 1];
        if !continues_sold_run {
            shown.push(i);
        }
    }
    shown
}

/// Seed 000 s4: position of a car type in the display order new, demo, used.
pub fn car_type_rank(car_type: CarType) -> usize {
    match car_type {
        CarType::New => 0,
        CarType::Demo => 1,
        CarType::Used => 2,
    }
}

/// Sorts car types into the display order new, demo, used, dropping duplicates.
pub fn order_car_types(types: &[CarType]) -> Vec<CarType> {
    let mut ordered: Vec<CarType> = types.to_vec();
    ordered.sort_by_key(|t| car_type_rank(*t));
    ordered.dedup();
    ordered
}

/// Seed 000 s9 leaves the similar cars count to configuration; 4 fills one row of the
/// widest grid (four cards at xl and xxl) without a partial row.
pub const DEFAULT_SIMILAR_CARS_COUNT: usize = 4;
/// Price nearness for similar cars: a car within this share of the price (either way)
/// with the same body counts as similar.
pub const DEFAULT_SIMILAR_PRICE_SHARE: f64 = 0.2;

/// Parameters of the similar cars list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SimilarCarsSettings {
    /// How many similar cars to list (default [`DEFAULT_SIMILAR_CARS_COUNT`]).
    #[serde(default = "default_similar_count")]
    pub count: usize,
    /// Price nearness share for same-body matches (default [`DEFAULT_SIMILAR_PRICE_SHARE`]).
    #[serde(default = "default_similar_share")]
    pub price_share: f64,
}

fn default_similar_count() -> usize {
    DEFAULT_SIMILAR_CARS_COUNT
}

fn default_similar_share() -> f64 {
    DEFAULT_SIMILAR_PRICE_SHARE
}

impl Default for SimilarCarsSettings {
    fn default() -> Self {
        SimilarCarsSettings {
            count: DEFAULT_SIMILAR_CARS_COUNT,
            price_share: DEFAULT_SIMILAR_PRICE_SHARE,
        }
    }
}

/// The similar-car candidates of a stock, grouped once by make and model and by body,
/// each group also sorted by price, so a vehicle page looks only at the cars nearest its
/// own price: a dealer with 40,000 cars would otherwise compare every car with every car
/// of its body (hundreds of millions of comparisons per build).
pub struct SimilarIndex<'a> {
    by_model: HashMap<(String, String), Group<'a>>,
    by_body: HashMap<String, Group<'a>>,
}

/// Cars of one group in stock order, with their make-and-model keys, and the positions of
/// the priced ones sorted by price (then stock order).
#[derive(Default)]
struct Group<'a> {
    cars: Vec<&'a Car>,
    models: Vec<(String, String)>,
    by_price: Vec<(f64, usize)>,
}

impl<'a> Group<'a> {
    fn push(&mut self, car: &'a Car, model: (String, String)) {
        if let Some(price) = car.visible_price() {
            self.by_price.push((price, self.cars.len()));
        }
        self.cars.push(car);
        self.models.push(model);
    }

    fn sort(&mut self) {
        self.by_price
            .sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    }

    /// At most `need` priced cars that `keep` accepts, within `max_distance` of `price`,
    /// nearest price first and in stock order among equally near ones: a walk outward
    /// from `price` to the distance of the `need`-th accepted car, then every accepted car
    /// up to that distance, sorted.
    fn nearest(
        &self,
        price: f64,
        max_distance: f64,
        need: usize,
        keep: impl Fn(usize) -> bool,
    ) -> Vec<&'a Car> {
        if need == 0 {
            return Vec::new();
        }
        let prices = &self.by_price;
        let start = prices.partition_point(|(p, _)| *p < price);
        let (mut lo, mut hi) = (start, start);
        let (mut found, mut reach) = (0, 0.0);
        loop {
            let left = lo
                .checked_sub(1)
                .and_then(|i| prices.get(i))
                .map(|&(p, at)| (price - p, at));
            let right = prices.get(hi).map(|&(p, at)| (p - price, at));
            let (distance, at, leftward) = match (left, right) {
                (Some(l), Some(r)) if l.0 <= r.0 => (l.0, l.1, true),
                (_, Some(r)) => (r.0, r.1, false),
                (Some(l), None) => (l.0, l.1, true),
                (None, None) => break,
            };
            if distance > max_distance || (found >= need && distance > reach) {
                break;
            }
            if leftward {
                lo -= 1;
            } else {
                hi += 1;
            }
            if keep(at) {
                found += 1;
                reach = distance;
            }
        }
        let mut picked: Vec<(f64, usize)> = prices
            .get(lo..hi)
            .unwrap_or_default()
            .iter()
            .filter(|(_, at)| keep(*at))
            .map(|&(p, at)| ((p - price).abs(), at))
            .collect();
        picked.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        picked
            .into_iter()
            .take(need)
            .filter_map(|(_, at)| self.cars.get(at).copied())
            .collect()
    }
}

fn key(text: &str) -> String {
    text.trim().to_ascii_lowercase()
}

/// The make and model similar cars are grouped by (trimmed, case folded): cars with the
/// same key list each other first.
pub fn model_key(car: &Car) -> (String, String) {
    (key(&car.make), key(&car.model))
}

impl<'a> SimilarIndex<'a> {
    /// Groups the cars of `candidates` that may be listed (in stock, not flagged sold),
    /// keeping their order.
    pub fn new(candidates: &'a [Car]) -> SimilarIndex<'a> {
        let mut by_model: HashMap<(String, String), Group<'a>> = HashMap::new();
        let mut by_body: HashMap<String, Group<'a>> = HashMap::new();
        for car in candidates
            .iter()
            .filter(|c| !c.sold && c.status == CarStatus::InStock)
        {
            let model = model_key(car);
            if let Some(body) = car.simple_body.as_deref() {
                by_body
                    .entry(key(body))
                    .or_default()
                    .push(car, model.clone());
            }
            by_model.entry(model.clone()).or_default().push(car, model);
        }
        by_model
            .values_mut()
            .chain(by_body.values_mut())
            .for_each(Group::sort);
        SimilarIndex { by_model, by_body }
    }

    /// Seed 000 s4: similar cars list only in_stock cars (not flagged sold), never the car
    /// itself. Same make and model come first (nearest price first, then those without a
    /// price), then cars of the same simple body whose price is within `price_share` of
    /// the car's (nearest price first); at most `count` cars, stock order among ties.
    pub fn similar(&self, car: &Car, settings: &SimilarCarsSettings) -> Vec<&'a Car> {
        let count = settings.count;
        let price = car.visible_price();
        let model_key = model_key(car);
        let mut similar: Vec<&'a Car> = Vec::with_capacity(count);
        if let Some(group) = self.by_model.get(&model_key) {
            let other = |at: usize| group.cars.get(at).is_some_and(|c| c.id != car.id);
            if let Some(price) = price {
                similar = group.nearest(price, f64::INFINITY, count, other);
            }
            let unpriced = (0..group.cars.len()).filter(|&at| {
                other(at)
                    && (price.is_none()
                        || group
                            .cars
                            .get(at)
                            .is_some_and(|c| c.visible_price().is_none()))
            });
            let rest = count.saturating_sub(similar.len());
            similar.extend(
                unpriced
                    .take(rest)
                    .filter_map(|at| group.cars.get(at).copied()),
            );
        }
        if let (Some(body), Some(price)) = (car.simple_body.as_deref(), price) {
            if let Some(group) = self.by_body.get(&key(body)) {
                let other_model = |at: usize| {
                    group.cars.get(at).is_some_and(|c| c.id != car.id)
                        && group.models.get(at) != Some(&model_key)
                };
                similar.extend(group.nearest(
                    price,
                    price * settings.price_share,
                    count.saturating_sub(similar.len()),
                    other_model,
                ));
            }
        }
        similar
    }
}

/// [`SimilarIndex::similar`] over `candidates` (one page; a build indexes the stock once).
pub fn similar_cars<'a>(
    car: &Car,
    candidates: &'a [Car],
    settings: &SimilarCarsSettings,
) -> Vec<&'a Car> {
    SimilarIndex::new(candidates).similar(car, settings)
}

/// Which favourites rule a site uses (seed 000 s5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum FavouritesRule {
    /// Offered when the site enables favourites and the car is purchasable (available).
    #[default]
    Purchasable,
    /// Also requires a used car with a price above 0 and at least one image.
    UsedWithPriceAndImages,
}

/// Seed 000 s5: whether the card or page offers the favourite (save) toggle to a shopper
/// who has not saved the car ([`show_save_button`] without a save: a sold car is not
/// offered). The browser adds the other half of that rule, which only it knows: a car
/// the shopper saved keeps its toggle (`SaveToggle`: `saveable || saved`).
pub fn favourites_offered(car: &Car, enabled: bool, rule: FavouritesRule) -> bool {
    if !enabled || !show_save_button(car, false) {
        return false;
    }
    match rule {
        FavouritesRule::Purchasable => true,
        FavouritesRule::UsedWithPriceAndImages => {
            car.car_type == CarType::Used && car.visible_price().is_some() && !car.images.is_empty()
        }
    }
}

/// Seed 000 s4: a sold car shows a save button only when already saved; an available car
/// always shows it (subject to [`favourites_offered`]).
pub fn show_save_button(car: &Car, already_saved: bool) -> bool {
    is_available(car) || already_saved
}

/// Seed 000 s4 / seed 001 s4: Find Me Something Similar replaces the buttons when the
/// car is not available or has no visible price.
pub fn offers_find_similar(car: &Car) -> bool {
    !is_available(car) || car.visible_price().is_none()
}

/// Seed 001 s4: autograb purchase only if in_stock, not sold, not reserved and price over 200.
pub fn autograb_purchasable(car: &Car) -> bool {
    car.status == CarStatus::InStock
        && !car.sold
        && !car.reserved
        && car.price.is_some_and(|p| p > AUTOGRAB_MIN_PRICE)
}

/// Whether a shopper can reserve a car online (seed 000 s2 "reserve a car online", seed
/// 001 s9 deposit and hold), and if not, why: the car must be available (not sold), not
/// already reserved, show a price, and be purchasable under the Autograb rule (seed 001
/// s4: in stock, not coming soon, and priced over $200). The reserve and buy-online
/// buttons (`view::card::reserve_url`), the checkout pages and the API's holds
/// all follow this rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReserveState {
    /// Can be reserved.
    Reservable,
    /// Sold (the flag or the status): not for sale.
    Sold,
    /// The feed marks it reserved already.
    Reserved,
    /// No visible price: the shopper has to enquire.
    NoPrice,
    /// Seed 001 s4 Autograb purchasable fails: coming soon (not in stock yet) or priced
    /// at $200 or less (a placeholder, not a sale price).
    NotPurchasable,
}

impl ReserveState {
    /// Every state, for parsing and tests.
    pub const ALL: [ReserveState; 5] = [
        ReserveState::Reservable,
        ReserveState::Sold,
        ReserveState::Reserved,
        ReserveState::NoPrice,
        ReserveState::NotPurchasable,
    ];

    /// The snake_case word written in the build's data files.
    pub fn as_str(self) -> &'static str {
        match self {
            ReserveState::Reservable => "reservable",
            ReserveState::Sold => "sold",
            ReserveState::Reserved => "reserved",
            ReserveState::NoPrice => "no_price",
            ReserveState::NotPurchasable => "not_purchasable",
        }
    }

    /// The state spelt by [`ReserveState::as_str`].
    pub fn parse(word: &str) -> Option<ReserveState> {
        ReserveState::ALL.into_iter().find(|s| s.as_str() == word)
    }
}

/// The [`ReserveState`] of a car.
pub fn reserve_state(car: &Car) -> ReserveState {
    if !is_available(car) {
        ReserveState::Sold
    } else if car.reserved {
        ReserveState::Reserved
    } else if car.visible_price().is_none() {
        ReserveState::NoPrice
    } else if !autograb_purchasable(car) {
        ReserveState::NotPurchasable
    } else {
        ReserveState::Reservable
    }
}

/// Seed 001 s4 (one dealer group): the search lists in_stock or coming_soon cars, or cars
/// sold within the last `sold_window_days` days, and only when show_on_dealer_website is
/// true.
pub fn passes_search_status_filter(car: &Car, sold_window_days: u32, now: DateTime<Utc>) -> bool {
    if !car.show_on_dealer_website {
        return false;
    }
    if is_sold(car) {
        return sold_within(car, sold_window_days, now);
    }
    matches!(car.status, CarStatus::InStock | CarStatus::ComingSoon)
}
