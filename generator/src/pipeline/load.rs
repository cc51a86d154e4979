//! Phase 1, [`load`]: the dealers and the feed, each dealer's stock filters applied; and
//! the feed sanity guard ([`guard`]) a dealer's stock passes before it is built.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use chrono::{DateTime, Utc};
use domain::car::Car;
use domain::config::{load_dealers, Dealer};
use domain::rules::market::{Listing, Market, MarketCar};
use domain::rules::stock::dealer_keeps_car;

use super::{BuildError, BuildOptions};
use crate::feed::{read_feed, FeedReport, ReadOptions};
use crate::manifest::BuildManifest;

/// One dealer after [`load`]: its config and its accepted stock.
#[derive(Debug, Clone)]
pub struct DealerStock {
    /// The dealer's configuration.
    pub dealer: Dealer,
    /// The feed's cars for this dealer that pass its stock filters.
    pub cars: Vec<Car>,
    /// Feed rows of this dealer the stock filters dropped.
    pub filtered_out: usize,
}

impl DealerStock {
    /// The dealer slug.
    pub fn slug(&self) -> &str {
        &self.dealer.config.slug
    }
}

/// The result of [`load`].
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The dealers to build, in slug order.
    pub dealers: Vec<DealerStock>,
    /// Problems that did not stop the build (feed rows of dealers not being built).
    pub warnings: Vec<String>,
    /// What reading the feed found (rows accepted and rejected, with line numbers).
    pub feed: Option<FeedReport>,
    /// Every priced, available car of the feed, whichever dealer it belongs to: the
    /// market the local price comparison measures against; with every dealer's
    /// published stock (what the API may hold or compare).
    pub market: Market,
}

/// Phase 1: loads the dealers (all of them, so cross-dealer rules are checked, then
/// keeps `opts.only`) and the feed, and applies each dealer's stock filters.
pub fn load(opts: &BuildOptions) -> Result<Loaded, BuildError> {
    let dealers = load_dealers(&opts.dealers_dir).map_err(|e| BuildError::new(format!("{e}")))?;
    // Every dealer's filters, not only those built now: the market file lists the
    // published stock of all of them, and a build of one dealer must not unlist the rest.
    let configs: HashMap<String, domain::config::DealerConfig> = dealers
        .iter()
        .map(|d| (d.config.slug.clone(), d.config.clone()))
        .collect();
    let dealers = select_dealers(dealers, &opts.only, &opts.dealers_dir)?;
    let feed = read_feed(&opts.feed, &ReadOptions::at(opts.now))
        .map_err(|e| BuildError::new(e.to_string()))?;
    let report = feed.report.clone();
    let cars = feed.into_cars();
    let published = |car: &&Car| {
        configs
            .get(&car.dealership_slug)
            .is_some_and(|c| dealer_keeps_car(car, c, opts.now))
    };
    let market = Market::new(
        cars.iter()
            .filter_map(|car| MarketCar::of(&car.dealership_slug, car)),
    )
    .with_listings(
        cars.iter()
            .filter(published)
            .map(|car| Listing::of(&car.dealership_slug, car)),
    );
    let mut loaded = assign_stock(dealers, cars, Vec::new(), opts.now);
    loaded.feed = Some(report);
    loaded.market = market;
    Ok(loaded)
}

/// The dealers named in `only` (all when empty); an unknown slug is an error listing the
/// known ones.
pub fn select_dealers(
    dealers: Vec<Dealer>,
    only: &[String],
    dir: &Path,
) -> Result<Vec<Dealer>, BuildError> {
    if only.is_empty() {
        return Ok(dealers);
    }
    let known: BTreeSet<&str> = dealers.iter().map(|d| d.config.slug.as_str()).collect();
    let unknown: Vec<&String> = only
        .iter()
        .filter(|s| !known.contains(s.as_str()))
        .collect();
    if !unknown.is_empty() {
        let unknown: Vec<&str> = unknown.iter().map(|s| s.as_str()).collect();
        return Err(BuildError::new(format!(
            "--dealer {}: no such dealer in {} (dealers there: {})",
            unknown.join(", "),
            dir.display(),
            known.into_iter().collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(dealers
        .into_iter()
        .filter(|d| only.contains(&d.config.slug))
        .collect())
}

/// Splits the feed's cars by `dealership_slug` and applies each dealer's stock filters
/// and search status filter (`domain::rules::stock::dealer_keeps_car`) at `now`.
pub fn assign_stock(
    dealers: Vec<Dealer>,
    cars: Vec<Car>,
    mut warnings: Vec<String>,
    now: DateTime<Utc>,
) -> Loaded {
    let mut by_dealer: HashMap<String, Vec<Car>> = HashMap::new();
    for car in cars {
        by_dealer
            .entry(car.dealership_slug.clone())
            .or_default()
            .push(car);
    }
    let mut dealers: Vec<DealerStock> = dealers
        .into_iter()
        .map(|dealer| {
            let rows = by_dealer.remove(&dealer.config.slug).unwrap_or_default();
            let total = rows.len();
            let cars: Vec<Car> = rows
                .into_iter()
                .filter(|car| dealer_keeps_car(car, &dealer.config, now))
                .collect();
            DealerStock {
                filtered_out: total - cars.len(),
                cars,
                dealer,
            }
        })
        .collect();
    dealers.sort_by(|a, b| a.dealer.config.slug.cmp(&b.dealer.config.slug));
    let mut strangers: Vec<(String, usize)> = by_dealer
        .into_iter()
        .map(|(slug, cars)| (slug, cars.len()))
        .collect();
    strangers.sort();
    for (slug, count) in strangers {
        warnings.push(format!("feed: {count} cars have dealership_slug \"{slug}\", which is not a dealer being built; skipped"));
    }
    Loaded {
        dealers,
        warnings,
        feed: None,
        market: Market::default(),
    }
}

/// Why the feed sanity guard refused a dealer.
#[derive(Debug, Clone, PartialEq)]
pub struct GuardRefusal {
    /// Stock accepted by the last successful build.
    pub previous: usize,
    /// Stock accepted now.
    pub current: usize,
    /// The dealer's allowed drop (share, 0 to 1).
    pub max_drop: f64,
}

impl GuardRefusal {
    /// The message an operator reads, saying why and how to force.
    pub fn message(&self, slug: &str) -> String {
        let drop = 1.0 - self.current as f64 / self.previous as f64;
        format!(
            "{slug}: not published: the feed has {} cars for this dealer after its stock filters, {:.0}% fewer than the {} of the last successful build; the largest drop allowed is {:.0}% (feed.max_stock_drop in dealers/{slug}/dealer.toml). The live site is unchanged. If the stock really dropped, rebuild with --force.",
            self.current,
            drop * 100.0,
            self.previous,
            self.max_drop * 100.0
        )
    }
}

/// The feed sanity guard: refuses a stock count that dropped by more than the dealer's
/// `feed.max_stock_drop` against the manifest of the live site in `site_dir`.
pub fn guard(stock: &DealerStock, site_dir: &Path) -> Result<(), GuardRefusal> {
    let Some(previous) = BuildManifest::read(site_dir).map(|m| m.stock_count) else {
        return Ok(());
    };
    if previous == 0 {
        return Ok(());
    }
    let max_drop = stock.dealer.config.feed.max_stock_drop;
    let current = stock.cars.len();
    let drop = 1.0 - current as f64 / previous as f64;
    if drop > max_drop {
        Err(GuardRefusal {
            previous,
            current,
            max_drop,
        })
    } else {
        Ok(())
    }
}
