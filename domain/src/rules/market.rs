//! The local price comparison (seed 000 s3/s4/s7: `GET {car path}/autogauge` answers
//! fill, listing_price, market_range_min, market_range_max, confidence, description).
//! When a dealer has no price-comparison provider key, the estimate is computed here
//! from comparable cars across every dealer's stock, like with like ([`Market::comparables`]):
//! same make and model, the same market (new with new; used and demo cars together, see
//! [`same_market`]), the same badge where both cars name one, a year within
//! [`YEAR_WINDOW`] and an odometer within [`km_window`], available and priced. The market
//! range is the 10th to 90th percentile of their prices, so it holds most of them; the
//! fill says where the listing sits in it (1 at the bottom of the range, the best deal);
//! the confidence grows with the number of comparables. Fewer than [`MIN_COMPARABLES`]
//! give no data, and the panel stays hidden. A listing in the dear part of the range
//! (the seed's low fill band) is described as [`messages::ABOVE_MARKET_AVERAGE`] rather
//! than called a Good Deal.
//!
//! The build writes every car of the feed as one line of a [`Market`] file
//! (`dist/_data/market.tsv`, [`Market::to_tsv`]); the edge API loads it
//! ([`Market::from_tsv`]). The same file lists each dealer's published stock
//! ([`Listing`]: id, slug and [`ReserveState`]), so the API takes holds and asks the
//! price-comparison provider only for cars a dealer's site shows.

use std::collections::HashMap;

use crate::car::{Car, CarType};
use crate::messages;
use crate::rules::availability::{is_available, reserve_state, ReserveState};
use crate::rules::price_comparison::{price_comparison_view, PriceComparison, LOW_BAND_BELOW};

/// [`Market::deal_labels`]: the panel is hidden for want of comparables.
pub const HIDDEN_TOO_FEW: &str = "hidden: too few comparable cars";
/// [`Market::deal_labels`]: the panel is hidden as the listing is dearer than its range
/// (or the confidence too low).
pub const HIDDEN_ABOVE_RANGE: &str = "hidden: priced above the market range";

/// Comparables needed before an estimate is given.
pub const MIN_COMPARABLES: usize = 5;
/// Largest year difference of a comparable.
pub const YEAR_WINDOW: u16 = 2;
/// Odometer window floor, km (a new car compares with cars up to this).
pub const KM_WINDOW_MIN: u32 = 20_000;
/// Odometer window as a share of the car's own km.
pub const KM_WINDOW_SHARE: f64 = 0.5;
/// Lower percentile of the market range.
pub const RANGE_LOW_PERCENTILE: f64 = 0.10;
/// Upper percentile of the market range.
pub const RANGE_HIGH_PERCENTILE: f64 = 0.90;
/// Prices at or below this are not real asking prices (nominal ones such as $1).
pub const MIN_MARKET_PRICE: f64 = 500.0;

/// One priced car of the market.
#[derive(Debug, Clone, PartialEq)]
pub struct MarketCar {
    /// Dealer slug.
    pub dealer: String,
    /// Car slug (unique within its dealer).
    pub slug: String,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Model year.
    pub year: u16,
    /// Odometer, km.
    pub km: u32,
    /// Asking price, AUD.
    pub price: f64,
    /// New, demo or used.
    pub car_type: CarType,
    /// Badge (variant), when the feed names one.
    pub badge: Option<String>,
}

impl MarketCar {
    /// The market line of a feed car, if it is available and priced.
    pub fn of(dealer: &str, car: &Car) -> Option<MarketCar> {
        let price = car
            .price
            .filter(|p| p.is_finite() && *p > MIN_MARKET_PRICE)?;
        is_available(car).then(|| MarketCar {
            dealer: dealer.to_owned(),
            slug: car.slug.clone(),
            make: car.make.clone(),
            model: car.model.clone(),
            year: car.year,
            km: car.km.unwrap_or(0),
            price,
            car_type: car.car_type,
            badge: car
                .badge
                .as_deref()
                .map(str::trim)
                .filter(|b| !b.is_empty())
                .map(str::to_owned),
        })
    }
}

/// One car a dealer's site publishes (kept by the dealer's stock filters): what the API
/// needs to hold it or to compare its price.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// Dealer slug.
    pub dealer: String,
    /// Car id (unique within its dealer).
    pub id: u64,
    /// Car slug (unique within its dealer).
    pub slug: String,
    /// Whether it can be reserved, and if not why.
    pub reserve: ReserveState,
}

impl Listing {
    /// The listing of a published feed car.
    pub fn of(dealer: &str, car: &Car) -> Listing {
        Listing {
            dealer: dealer.to_owned(),
            id: car.id,
            slug: car.slug.clone(),
            reserve: reserve_state(car),
        }
    }
}

/// Why a market file could not be read.
#[derive(Debug, thiserror::Error)]
#[error("line {line} of the market file: {reason}")]
pub struct MarketFileError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

fn key(make: &str, model: &str) -> (String, String) {
    (make.trim().to_lowercase(), model.trim().to_lowercase())
}

/// Every priced car of every dealer, grouped by make and model, and every dealer's
/// published stock.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Market {
    by_model: HashMap<(String, String), Vec<MarketCar>>,
    by_car: HashMap<(String, String), (String, String, usize)>,
    len: usize,
    listings: HashMap<(String, String), Listing>,
    listing_by_id: HashMap<(String, u64), String>,
}

/// The header line of the market file: a priced car's columns (empty for a published
/// car outside the market), then a published car's id and reserve state (empty for a
/// car that is only a comparable), then the priced car's type and badge.
const HEADER: &str = "dealer\tslug\tmake\tmodel\tyear\tkm\tprice\tid\treserve\tcar_type\tbadge";
/// The header of files written before car types were added: read for the published
/// cars only, as a priced line without its car type cannot be compared like with like
/// (the next build writes the current file).
const HEADER_V2: &str = "dealer\tslug\tmake\tmodel\tyear\tkm\tprice\tid\treserve";
/// The header of files written before listings were added (nothing usable: no listings
/// and no car types).
const HEADER_V1: &str = "dealer\tslug\tmake\tmodel\tyear\tkm\tprice";

/// Keeps a value on one TSV line.
fn cell(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

impl Market {
    /// The market of these cars.
    pub fn new(cars: impl IntoIterator<Item = MarketCar>) -> Market {
        let mut market = Market::default();
        for car in cars {
            let group = key(&car.make, &car.model);
            let list = market.by_model.entry(group.clone()).or_default();
            market.by_car.insert(
                (car.dealer.clone(), car.slug.clone()),
                (group.0, group.1, list.len()),
            );
            list.push(car);
            market.len += 1;
        }
        market
    }

    /// The market with these published cars (a later listing of the same dealer and slug
    /// or id replaces an earlier one).
    pub fn with_listings(mut self, listings: impl IntoIterator<Item = Listing>) -> Market {
        for listing in listings {
            self.listing_by_id
                .insert((listing.dealer.clone(), listing.id), listing.slug.clone());
            self.listings
                .insert((listing.dealer.clone(), listing.slug.clone()), listing);
        }
        self
    }

    /// A car the dealer publishes, by slug.
    pub fn listing(&self, dealer: &str, slug: &str) -> Option<&Listing> {
        self.listings.get(&(dealer.to_owned(), slug.to_owned()))
    }

    /// A car the dealer publishes, by id.
    pub fn listing_by_id(&self, dealer: &str, id: u64) -> Option<&Listing> {
        let slug = self.listing_by_id.get(&(dealer.to_owned(), id))?;
        self.listing(dealer, slug).filter(|l| l.id == id)
    }

    /// How many published cars the file lists.
    pub fn listings_len(&self) -> usize {
        self.listings.len()
    }

    /// How many cars the market holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the market is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A dealer's car by slug.
    pub fn car(&self, dealer: &str, slug: &str) -> Option<&MarketCar> {
        let (make, model, i) = self.by_car.get(&(dealer.to_owned(), slug.to_owned()))?;
        self.by_model.get(&(make.clone(), model.clone()))?.get(*i)
    }

    /// Every make and model of the market with its number of cars, sorted by make and
    /// model (ignoring case); each is spelt as its first car spells it.
    pub fn models(&self) -> Vec<(&str, &str, usize)> {
        let mut models: Vec<(&str, &str, usize)> = self
            .by_model
            .values()
            .filter_map(|cars| {
                cars.first()
                    .map(|c| (c.make.as_str(), c.model.as_str(), cars.len()))
            })
            .collect();
        models.sort_by_key(|(make, model, _)| (make.to_lowercase(), model.to_lowercase()));
        models
    }

    /// The comparables of `subject` (itself excluded): like with like, the same make and
    /// model in the same market ([`same_market`]), the same badge where both name one,
    /// a year within [`YEAR_WINDOW`] and an odometer within [`km_window`].
    pub fn comparables<'a>(
        &'a self,
        subject: &'a MarketCar,
    ) -> impl Iterator<Item = &'a MarketCar> + 'a {
        let window = km_window(subject.km);
        self.by_model
            .get(&key(&subject.make, &subject.model))
            .into_iter()
            .flatten()
            .filter(move |c| {
                !(c.dealer == subject.dealer && c.slug == subject.slug)
                    && same_market(c.car_type, subject.car_type)
                    && same_badge(c.badge.as_deref(), subject.badge.as_deref())
                    && c.year.abs_diff(subject.year) <= YEAR_WINDOW
                    && c.km.abs_diff(subject.km) <= window
            })
    }

    /// The price comparison of `subject`, or `None` with too few comparables.
    pub fn estimate(&self, subject: &MarketCar) -> Option<(PriceComparison, usize)> {
        let prices: Vec<f64> = self.comparables(subject).map(|c| c.price).collect();
        estimate_from(subject.price, prices)
    }

    /// What the price comparison panel says of each published, priced car, counted per
    /// car type: the deal label where the panel shows, else why it is hidden
    /// ([`HIDDEN_TOO_FEW`], [`HIDDEN_ABOVE_RANGE`]). Sorted by car type (new, demo, used)
    /// and label. `make bench` prints it over the sample stock.
    pub fn deal_labels(&self) -> Vec<(CarType, String, usize)> {
        let mut counts: HashMap<(CarType, String), usize> = HashMap::new();
        for listing in self.listings.values() {
            let Some(car) = self.car(&listing.dealer, &listing.slug) else {
                continue;
            };
            let label = match self.estimate(car) {
                None => HIDDEN_TOO_FEW.to_owned(),
                Some((pc, _)) => match price_comparison_view(&pc) {
                    Some(view) => view.label,
                    None => HIDDEN_ABOVE_RANGE.to_owned(),
                },
            };
            *counts.entry((car.car_type, label)).or_default() += 1;
        }
        let mut rows: Vec<(CarType, String, usize)> =
            counts.into_iter().map(|((t, l), n)| (t, l, n)).collect();
        rows.sort_by_key(|(t, l, _)| {
            let order = CarType::ORDER.iter().position(|o| o == t);
            (order, l.clone())
        });
        rows
    }

    /// The file: a header line, then one tab-separated line per car (a priced car, a
    /// published car, or both), sorted by dealer and slug.
    pub fn to_tsv(&self) -> String {
        let mut out = String::with_capacity((self.len + self.listings.len()) * 64);
        out.push_str(HEADER);
        out.push('\n');
        let mut keys: Vec<(&str, &str)> = self
            .by_car
            .keys()
            .chain(self.listings.keys())
            .map(|(d, s)| (d.as_str(), s.as_str()))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        for (dealer, slug) in keys {
            let (priced, kind) = match self.car(dealer, slug) {
                Some(c) => (
                    format!(
                        "{}\t{}\t{}\t{}\t{}",
                        cell(&c.make),
                        cell(&c.model),
                        c.year,
                        c.km,
                        c.price
                    ),
                    format!(
                        "{}\t{}",
                        c.car_type.as_str(),
                        cell(c.badge.as_deref().unwrap_or(""))
                    ),
                ),
                None => ("\t\t\t\t".to_owned(), "\t".to_owned()),
            };
            let listed = match self.listing(dealer, slug) {
                Some(l) => format!("{}\t{}", l.id, l.reserve.as_str()),
                None => "\t".to_owned(),
            };
            out.push_str(&format!(
                "{}\t{}\t{priced}\t{listed}\t{kind}\n",
                cell(dealer),
                cell(slug)
            ));
        }
        out
    }

    /// Reads the file written by [`Market::to_tsv`] (or by an older build: see
    /// [`HEADER_V2`] and [`HEADER_V1`]).
    pub fn from_tsv(text: &str) -> Result<Market, MarketFileError> {
        let mut lines = text.lines().enumerate();
        let columns = match lines.next() {
            Some((_, h)) if h == HEADER => 11,
            Some((_, h)) if h == HEADER_V2 => 9,
            Some((_, h)) if h == HEADER_V1 => 7,
            _ => {
                return Err(MarketFileError {
                    line: 1,
                    reason: format!("expected the header \"{HEADER}\""),
                })
            }
        };
        let mut cars = Vec::new();
        let mut listings = Vec::new();
        for (i, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let bad = |reason: &str| MarketFileError {
                line: i + 1,
                reason: reason.to_owned(),
            };
            let mut cols: Vec<&str> = line.split('\t').collect();
            // A line of an older build's stock object (9 columns) may follow the current
            // header when the API combines dealers' objects: read as the older file.
            let typed = cols.len() == 11;
            if cols.len() != columns && !(columns == 11 && cols.len() == 9) {
                return Err(bad(&format!("expected {columns} tab-separated columns")));
            }
            cols.resize(11, "");
            let [dealer, slug, make, model, year, km, price, id, reserve, car_type, badge] =
                cols[..]
            else {
                return Err(bad("expected 11 tab-separated columns"));
            };
            // An older file's priced line has no car type: it is no comparable.
            if !price.is_empty() && typed {
                cars.push(MarketCar {
                    dealer: dealer.to_owned(),
                    slug: slug.to_owned(),
                    make: make.to_owned(),
                    model: model.to_owned(),
                    year: year
                        .parse()
                        .map_err(|_| bad("the year is not a whole number"))?,
                    km: km
                        .parse()
                        .map_err(|_| bad("the km is not a whole number"))?,
                    price: price
                        .parse()
                        .ok()
                        .filter(|p: &f64| p.is_finite())
                        .ok_or_else(|| bad("the price is not a number"))?,
                    car_type: CarType::parse(car_type)
                        .ok_or_else(|| bad("the car type is not one of new, demo, used"))?,
                    badge: Some(badge.trim())
                        .filter(|b| !b.is_empty())
                        .map(str::to_owned),
                });
            }
            if !id.is_empty() {
                listings.push(Listing {
                    dealer: dealer.to_owned(),
                    id: id
                        .parse()
                        .map_err(|_| bad("the id is not a whole number"))?,
                    slug: slug.to_owned(),
                    reserve: ReserveState::parse(reserve).ok_or_else(|| {
                        bad("the reserve state is not one of reservable, sold, reserved, no_price")
                    })?,
                });
            }
        }
        Ok(Market::new(cars).with_listings(listings))
    }
}

/// Whether cars of these types are sold in the same market: a new car only against new
/// cars (a new car's price is the maker's drive-away price, and a few delivery
/// kilometres make it no used car); used and demo cars against each other, as a
/// demonstrator is a registered, driven car sold second-hand, priced against low-km used
/// cars (the odometer window keeps it to those).
pub fn same_market(a: CarType, b: CarType) -> bool {
    (a == CarType::New) == (b == CarType::New)
}

/// Whether two badges name the same variant: equal ignoring case and spacing, or either
/// unknown (a feed that names no badge is compared on make, model, year and km alone).
pub fn same_badge(a: Option<&str>, b: Option<&str>) -> bool {
    let norm = |b: &str| {
        b.split_whitespace()
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
            .join(" ")
    };
    match (
        a.map(norm).filter(|b| !b.is_empty()),
        b.map(norm).filter(|b| !b.is_empty()),
    ) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

/// How far a comparable's odometer may be from `km`.
pub fn km_window(km: u32) -> u32 {
    let share = (f64::from(km) * KM_WINDOW_SHARE).round() as u32;
    share.max(KM_WINDOW_MIN)
}

/// The value at `p` (0 to 1) of sorted values, interpolated linearly (0 when empty).
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = p * (sorted.len() - 1) as f64;
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo as f64)
}

/// Confidence from the number of comparables: 1 − 1/√n, two decimals (5 give 0.55,
/// 20 give 0.78, 100 give 0.9).
pub fn confidence(comparables: usize) -> f64 {
    let n = comparables as f64;
    ((1.0 - 1.0 / n.sqrt()) * 100.0).round() / 100.0
}

/// The comparison of a listing against comparable prices; `None` below
/// [`MIN_COMPARABLES`]. The answer also says how many comparables it used.
pub fn estimate_from(listing_price: f64, mut prices: Vec<f64>) -> Option<(PriceComparison, usize)> {
    prices.retain(|p| p.is_finite() && *p > MIN_MARKET_PRICE);
    if prices.len() < MIN_COMPARABLES {
        return None;
    }
    prices.sort_by(f64::total_cmp);
    let round = |v: f64| (v / 100.0).round() * 100.0;
    let min = round(percentile(&prices, RANGE_LOW_PERCENTILE));
    let max = round(percentile(&prices, RANGE_HIGH_PERCENTILE));
    let fill = if max > min {
        ((max - listing_price) / (max - min)).clamp(0.0, 1.0)
    } else {
        0.5
    };
    let fill = (fill * 100.0).round() / 100.0;
    // The seed calls every fill below 0.65 a Good Deal; a listing in the dear part of the
    // range (the low band) is said to be what it is instead.
    let description = (fill < LOW_BAND_BELOW).then(|| messages::ABOVE_MARKET_AVERAGE.to_owned());
    let comparison = PriceComparison {
        fill: Some(fill),
        listing_price: Some(listing_price),
        market_range_min: Some(min),
        market_range_max: Some(max),
        confidence: Some(confidence(prices.len())),
        description,
    };
    Some((comparison, prices.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn car(dealer: &str, slug: &str, model: &str, year: u16, km: u32, price: f64) -> MarketCar {
        MarketCar {
            dealer: dealer.into(),
            slug: slug.into(),
            make: "Toyota".into(),
            model: model.into(),
            year,
            km,
            price,
            car_type: CarType::Used,
            badge: None,
        }
    }

    #[test]
    fn a_used_car_is_compared_with_used_and_demo_cars_of_its_badge_never_with_new_stock() {
        let subject = MarketCar {
            badge: Some("GXL".into()),
            ..car("a", "subject", "RAV4", 2024, 14_000, 38_000.0)
        };
        let mut cars = vec![subject.clone()];
        // Brand-new RAV4s with delivery kilometres, inside the year and km windows.
        cars.extend((0..10).map(|i| MarketCar {
            car_type: CarType::New,
            badge: Some("GXL".into()),
            ..car("b", &format!("new{i}"), "RAV4", 2025, 14 + i, 52_000.0)
        }));
        // Used and demo GXLs, and used ones whose badge the feed does not name.
        cars.extend((0..3).map(|i| MarketCar {
            badge: Some(" gxl ".into()),
            ..car(
                "b",
                &format!("used{i}"),
                "RAV4",
                2023,
                20_000,
                37_000.0 + f64::from(i) * 500.0,
            )
        }));
        cars.extend((0..2).map(|i| MarketCar {
            car_type: CarType::Demo,
            badge: Some("GXL".into()),
            ..car("c", &format!("demo{i}"), "RAV4", 2024, 5_000, 40_000.0)
        }));
        cars.push(car("c", "unnamed", "RAV4", 2024, 12_000, 39_000.0));
        // Another badge of the same model is another car.
        cars.extend((0..4).map(|i| MarketCar {
            badge: Some("Edge".into()),
            ..car("c", &format!("edge{i}"), "RAV4", 2024, 12_000, 55_000.0)
        }));
        let market = Market::new(cars);
        let mut slugs: Vec<&str> = market
            .comparables(&subject)
            .map(|c| c.slug.as_str())
            .collect();
        slugs.sort_unstable();
        assert_eq!(
            slugs,
            ["demo0", "demo1", "unnamed", "used0", "used1", "used2"]
        );
        let (pc, n) = market.estimate(&subject).expect("estimate");
        assert_eq!(n, 6);
        assert!(
            pc.market_range_max.expect("max") < 45_000.0,
            "no new car's price in a used car's range: {pc:?}"
        );
        // A new car compares with new cars only.
        let new = market.car("b", "new0").expect("new").clone();
        assert!(market.comparables(&new).all(|c| c.car_type == CarType::New));
        assert_eq!(market.comparables(&new).count(), 9);
    }

    #[test]
    fn deal_labels_count_each_published_priced_car_by_type() {
        let mut cars: Vec<MarketCar> = (0..8)
            .map(|i| {
                car(
                    "a",
                    &format!("u{i}"),
                    "RAV4",
                    2022,
                    30_000,
                    30_000.0 + f64::from(i) * 1_000.0,
                )
            })
            .collect();
        cars.push(MarketCar {
            car_type: CarType::New,
            ..car("a", "lonely", "RAV4", 2025, 10, 50_000.0)
        });
        cars.push(car("a", "dear", "RAV4", 2022, 30_000, 60_000.0));
        let listings: Vec<Listing> = ["u0", "u4", "u7", "lonely", "dear", "unpriced"]
            .iter()
            .zip(1..)
            .map(|(slug, id)| Listing {
                dealer: "a".into(),
                id,
                slug: (*slug).into(),
                reserve: ReserveState::Reservable,
            })
            .collect();
        let market = Market::new(cars).with_listings(listings);
        let rows = market.deal_labels();
        let row = |t: CarType, l: &str| {
            rows.iter()
                .find(|(rt, rl, _)| *rt == t && rl == l)
                .map(|(_, _, n)| *n)
        };
        assert_eq!(row(CarType::New, HIDDEN_TOO_FEW), Some(1));
        assert_eq!(row(CarType::Used, HIDDEN_ABOVE_RANGE), Some(1), "{rows:?}");
        assert_eq!(
            row(CarType::Used, messages::GOOD_DEAL).unwrap_or(0)
                + row(CarType::Used, messages::GREAT_DEAL).unwrap_or(0)
                + row(CarType::Used, messages::ABOVE_MARKET_AVERAGE).unwrap_or(0),
            3,
            "{rows:?}"
        );
        assert_eq!(rows.iter().map(|(_, _, n)| n).sum::<usize>(), 5, "{rows:?}");
        assert_eq!(rows[0].0, CarType::New, "new first");
    }

    #[test]
    fn the_dear_part_of_the_range_is_not_called_a_good_deal() {
        let prices: Vec<f64> = (0..10).map(|i| 30_000.0 + f64::from(i) * 1_000.0).collect();
        // 30,900..38,100 at the 10th and 90th percentiles.
        let label = |price: f64| {
            let (pc, _) = estimate_from(price, prices.clone()).expect("estimate");
            price_comparison_view(&pc).map(|v| v.label)
        };
        assert_eq!(
            label(37_500.0).as_deref(),
            Some(messages::ABOVE_MARKET_AVERAGE)
        );
        assert_eq!(label(34_000.0).as_deref(), Some(messages::GOOD_DEAL));
        assert_eq!(label(31_000.0).as_deref(), Some(messages::GREAT_DEAL));
        assert_eq!(label(29_000.0).as_deref(), Some(messages::GREAT_DEAL));
        assert_eq!(label(39_000.0), None, "above the range: hidden");
    }

    #[test]
    fn too_few_comparables_give_no_data() {
        let mut cars = vec![car("a", "subject", "RAV4", 2022, 40_000, 36_000.0)];
        cars.extend((0..4).map(|i| {
            car(
                "b",
                &format!("c{i}"),
                "RAV4",
                2022,
                40_000,
                35_000.0 + f64::from(i) * 1000.0,
            )
        }));
        // Plenty of cars, but of another model, year or odometer: none compare.
        cars.extend((0..10).map(|i| car("b", &format!("h{i}"), "HiLux", 2022, 40_000, 50_000.0)));
        cars.push(car("b", "old", "RAV4", 2015, 40_000, 20_000.0));
        cars.push(car("b", "worn", "RAV4", 2022, 150_000, 25_000.0));
        let market = Market::new(cars);
        let subject = market.car("a", "subject").expect("subject").clone();
        assert_eq!(market.comparables(&subject).count(), 4);
        assert_eq!(market.estimate(&subject), None);
    }

    #[test]
    fn the_range_holds_most_comparable_prices_and_the_fill_places_the_listing() {
        let prices: Vec<f64> = (0..20).map(|i| 30_000.0 + f64::from(i) * 500.0).collect(); // 30,000..39,500
        let mut cars = vec![car("a", "subject", "RAV4", 2022, 40_000, 33_000.0)];
        cars.extend(prices.iter().enumerate().map(|(i, p)| {
            car(
                "b",
                &format!("c{i}"),
                "rav4",
                2021 + (i % 3) as u16,
                30_000 + i as u32 * 1000,
                *p,
            )
        }));
        let market = Market::new(cars);
        let subject = market.car("a", "subject").expect("subject").clone();
        let (pc, n) = market.estimate(&subject).expect("estimate");
        assert_eq!(n, 20);
        let (min, max) = (
            pc.market_range_min.expect("min"),
            pc.market_range_max.expect("max"),
        );
        let inside = prices.iter().filter(|p| (min..=max).contains(*p)).count();
        assert!(
            inside * 10 >= prices.len() * 7,
            "{inside} of {} inside {min}..{max}",
            prices.len()
        );
        assert!(min > 30_000.0 && max < 39_500.0, "{min}..{max}");
        // 33,000 sits in the cheaper part of the range: a high fill, a Great Deal.
        let view = price_comparison_view(&pc).expect("visible");
        assert!(view.fill > 0.65, "{}", view.fill);
        assert_eq!(view.label, "Great Deal");
        assert_eq!(pc.confidence, Some(0.78));
        // A listing above the whole range is hidden by the seed's visibility rule.
        let dear = MarketCar {
            price: 45_000.0,
            ..subject
        };
        let (pc, _) = market.estimate(&dear).expect("estimate");
        assert_eq!(pc.fill, Some(0.0));
        assert!(price_comparison_view(&pc).is_none());
    }

    #[test]
    fn confidence_falls_with_fewer_comparables() {
        assert!(confidence(5) < confidence(20) && confidence(20) < confidence(100));
        assert_eq!((confidence(5), confidence(100)), (0.55, 0.9));
    }

    #[test]
    fn the_file_round_trips_and_bad_lines_name_themselves() {
        let market = Market::new([
            car("a", "x", "RAV4", 2022, 1, 30_000.5),
            car("b", "y\tz", "Yaris", 2020, 0, 19_990.0),
        ]);
        let again = Market::from_tsv(&market.to_tsv()).expect("read");
        assert_eq!(again.len(), 2);
        assert_eq!(again.car("a", "x"), market.car("a", "x"));
        assert!(
            again.car("b", "y z").is_some(),
            "tabs inside a value become spaces"
        );
        let err = Market::from_tsv(&format!(
            "{HEADER}\na\tx\tToyota\tRAV4\tnew\t1\t2\t\t\tused\t\n"
        ))
        .expect_err("bad year");
        assert_eq!(
            err.to_string(),
            "line 2 of the market file: the year is not a whole number"
        );
        assert!(Market::from_tsv("nonsense\n").is_err());
        let typed = Market::new([MarketCar {
            car_type: CarType::Demo,
            badge: Some("GR Sport".into()),
            ..car("a", "x", "RAV4", 2022, 1, 30_000.0)
        }]);
        assert_eq!(Market::from_tsv(&typed.to_tsv()).expect("read"), typed);
        let err = Market::from_tsv(&format!(
            "{HEADER}\na\tx\tToyota\tRAV4\t2022\t1\t2\t\t\tnearly new\t\n"
        ))
        .expect_err("bad car type");
        assert_eq!(
            err.to_string(),
            "line 2 of the market file: the car type is not one of new, demo, used"
        );
        // An older file's priced lines have no car type: listings only.
        let v2 = Market::from_tsv(&format!(
            "{HEADER_V2}\na\tx\tToyota\tRAV4\t2022\t1\t30000\t7\treservable\n"
        ))
        .expect("read");
        assert_eq!((v2.len(), v2.listings_len()), (0, 1));
        let mixed = Market::from_tsv(&format!(
            "{HEADER}\na\tx\tToyota\tRAV4\t2022\t1\t30000\t7\treservable\n"
        ))
        .expect("an older line under the current header");
        assert_eq!((mixed.len(), mixed.listings_len()), (0, 1));
    }

    #[test]
    fn published_cars_round_trip_with_their_reserve_state_and_priced_ones_stay_comparables() {
        let listing = |dealer: &str, id: u64, slug: &str, reserve| Listing {
            dealer: dealer.into(),
            id,
            slug: slug.into(),
            reserve,
        };
        let market = Market::new([
            car("a", "x", "RAV4", 2022, 1, 30_000.0),
            car("b", "elsewhere", "RAV4", 2022, 1, 31_000.0),
        ])
        .with_listings([
            listing("a", 7, "x", ReserveState::Reservable),
            listing("a", 8, "sold-one", ReserveState::Sold),
            listing("a", 9, "no-price", ReserveState::NoPrice),
        ]);
        let again = Market::from_tsv(&market.to_tsv()).expect("read");
        assert_eq!(again, market);
        assert_eq!((again.len(), again.listings_len()), (2, 3));
        assert_eq!(
            again
                .listing_by_id("a", 8)
                .map(|l| (l.slug.as_str(), l.reserve)),
            Some(("sold-one", ReserveState::Sold))
        );
        assert_eq!(again.listing("a", "no-price").map(|l| l.id), Some(9));
        assert!(
            again.car("a", "no-price").is_none(),
            "an unpriced listing is no comparable"
        );
        assert!(
            again.listing("b", "elsewhere").is_none() && again.listing_by_id("b", 7).is_none(),
            "a comparable is not published"
        );
        let err = Market::from_tsv(&format!("{HEADER}\na\tx\t\t\t\t\t\t7\tmaybe\t\t\n"))
            .expect_err("bad state");
        assert_eq!(err.to_string(), "line 2 of the market file: the reserve state is not one of reservable, sold, reserved, no_price");
    }
}
