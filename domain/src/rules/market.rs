//! The local price comparison (seed 000 s3/s4/s7: `GET {car path}/autogauge` answers
//! fill, listing_price, market_range_min, market_range_max, confidence, description).
//! When a dealer has no price-comparison provider key, the estimate is computed here
//! from comparable cars across every dealer's stock: same make and model, a year within
//! [`YEAR_WINDOW`] and an odometer within [`km_window`], available and priced. The market
//! range is the 10th to 90th percentile of their prices, so it holds most of them; the
//! fill says where the listing sits in it (1 at the bottom of the range, the best deal);
//! the confidence grows with the number of comparables. Fewer than [`MIN_COMPARABLES`]
//! give no data, and the panel stays hidden.
//!
//! The build writes every car of the feed as one line of a [`Market`] file
//! (`dist/_data/market.tsv`, [`Market::to_tsv`]); the edge API loads it
//! ([`Market::from_tsv`]).

use std::collections::HashMap;

use crate::car::Car;
use crate::rules::availability::is_available;
use crate::rules::price_comparison::PriceComparison;

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
}

impl MarketCar {
    /// The market line of a feed car, if it is available and priced.
    pub fn of(dealer: &str, car: &Car) -> Option<MarketCar> {
        let price = car.price.filter(|p| p.is_finite() && *p > MIN_MARKET_PRICE)?;
        is_available(car).then(|| MarketCar {
            dealer: dealer.to_owned(),
            slug: car.slug.clone(),
            make: car.make.clone(),
            model: car.model.clone(),
            year: car.year,
            km: car.km.unwrap_or(0),
            price,
        })
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

/// Every priced car of every dealer, grouped by make and model.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Market {
    by_model: HashMap<(String, String), Vec<MarketCar>>,
    by_car: HashMap<(String, String), (String, String, usize)>,
    len: usize,
}

/// The header line of the market file.
const HEADER: &str = "dealer\tslug\tmake\tmodel\tyear\tkm\tprice";

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
            market.by_car.insert((car.dealer.clone(), car.slug.clone()), (group.0, group.1, list.len()));
            list.push(car);
            market.len += 1;
        }
        market
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
        let mut models: Vec<(&str, &str, usize)> =
            self.by_model.values().filter_map(|cars| cars.first().map(|c| (c.make.as_str(), c.model.as_str(), cars.len()))).collect();
        models.sort_by_key(|(make, model, _)| (make.to_lowercase(), model.to_lowercase()));
        models
    }

    /// The comparables of `subject` (itself excluded).
    pub fn comparables<'a>(&'a self, subject: &'a MarketCar) -> impl Iterator<Item = &'a MarketCar> + 'a {
        let window = km_window(subject.km);
        self.by_model.get(&key(&subject.make, &subject.model)).into_iter().flatten().filter(move |c| {
            !(c.dealer == subject.dealer && c.slug == subject.slug)
                && c.year.abs_diff(subject.year) <= YEAR_WINDOW
                && c.km.abs_diff(subject.km) <= window
        })
    }

    /// The price comparison of `subject`, or `None` with too few comparables.
    pub fn estimate(&self, subject: &MarketCar) -> Option<(PriceComparison, usize)> {
        let prices: Vec<f64> = self.comparables(subject).map(|c| c.price).collect();
        estimate_from(subject.price, prices)
    }

    /// The file: a header line, then one tab-separated line per car.
    pub fn to_tsv(&self) -> String {
        let mut out = String::with_capacity(self.len * 64);
        out.push_str(HEADER);
        out.push('\n');
        let mut cars: Vec<&MarketCar> = self.by_model.values().flatten().collect();
        cars.sort_by(|a, b| (&a.dealer, &a.slug).cmp(&(&b.dealer, &b.slug)));
        for c in cars {
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                cell(&c.dealer),
                cell(&c.slug),
                cell(&c.make),
                cell(&c.model),
                c.year,
                c.km,
                c.price
            ));
        }
        out
    }

    /// Reads the file written by [`Market::to_tsv`].
    pub fn from_tsv(text: &str) -> Result<Market, MarketFileError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, h)) if h == HEADER => {}
            _ => return Err(MarketFileError { line: 1, reason: format!("expected the header \"{HEADER}\"") }),
        }
        let mut cars = Vec::new();
        for (i, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let bad = |reason: &str| MarketFileError { line: i + 1, reason: reason.to_owned() };
            let cols: Vec<&str> = line.split('\t').collect();
            let [dealer, slug, make, model, year, km, price] = cols[..] else {
                return Err(bad("expected 7 tab-separated columns"));
            };
            cars.push(MarketCar {
                dealer: dealer.to_owned(),
                slug: slug.to_owned(),
                make: make.to_owned(),
                model: model.to_owned(),
                year: year.parse().map_err(|_| bad("the year is not a whole number"))?,
                km: km.parse().map_err(|_| bad("the km is not a whole number"))?,
                price: price.parse().ok().filter(|p: &f64| p.is_finite()).ok_or_else(|| bad("the price is not a number"))?,
            });
        }
        Ok(Market::new(cars))
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
    let fill = if max > min { ((max - listing_price) / (max - min)).clamp(0.0, 1.0) } else { 0.5 };
    let comparison = PriceComparison {
        fill: Some((fill * 100.0).round() / 100.0),
        listing_price: Some(listing_price),
        market_range_min: Some(min),
        market_range_max: Some(max),
        confidence: Some(confidence(prices.len())),
        description: None,
    };
    Some((comparison, prices.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::price_comparison::price_comparison_view;

    fn car(dealer: &str, slug: &str, model: &str, year: u16, km: u32, price: f64) -> MarketCar {
        MarketCar { dealer: dealer.into(), slug: slug.into(), make: "Toyota".into(), model: model.into(), year, km, price }
    }

    #[test]
    fn too_few_comparables_give_no_data() {
        let mut cars = vec![car("a", "subject", "RAV4", 2022, 40_000, 36_000.0)];
        cars.extend((0..4).map(|i| car("b", &format!("c{i}"), "RAV4", 2022, 40_000, 35_000.0 + f64::from(i) * 1000.0)));
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
        cars.extend(prices.iter().enumerate().map(|(i, p)| car("b", &format!("c{i}"), "rav4", 2021 + (i % 3) as u16, 30_000 + i as u32 * 1000, *p)));
        let market = Market::new(cars);
        let subject = market.car("a", "subject").expect("subject").clone();
        let (pc, n) = market.estimate(&subject).expect("estimate");
        assert_eq!(n, 20);
        let (min, max) = (pc.market_range_min.expect("min"), pc.market_range_max.expect("max"));
        let inside = prices.iter().filter(|p| (min..=max).contains(*p)).count();
        assert!(inside * 10 >= prices.len() * 7, "{inside} of {} inside {min}..{max}", prices.len());
        assert!(min > 30_000.0 && max < 39_500.0, "{min}..{max}");
        // 33,000 sits in the cheaper part of the range: a high fill, a Great Deal.
        let view = price_comparison_view(&pc).expect("visible");
        assert!(view.fill > 0.65, "{}", view.fill);
        assert_eq!(view.label, "Great Deal");
        assert_eq!(pc.confidence, Some(0.78));
        // A listing above the whole range is hidden by the seed's visibility rule.
        let dear = MarketCar { price: 45_000.0, ..subject };
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
        let market = Market::new([car("a", "x", "RAV4", 2022, 1, 30_000.5), car("b", "y\tz", "Yaris", 2020, 0, 19_990.0)]);
        let again = Market::from_tsv(&market.to_tsv()).expect("read");
        assert_eq!(again.len(), 2);
        assert_eq!(again.car("a", "x"), market.car("a", "x"));
        assert!(again.car("b", "y z").is_some(), "tabs inside a value become spaces");
        let err = Market::from_tsv("dealer\tslug\tmake\tmodel\tyear\tkm\tprice\na\tx\tToyota\tRAV4\tnew\t1\t2\n").expect_err("bad year");
        assert_eq!(err.to_string(), "line 2 of the market file: the year is not a whole number");
        assert!(Market::from_tsv("nonsense\n").is_err());
    }
}
