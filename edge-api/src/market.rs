//! The stock state the build publishes: every dealer's priced stock and published cars
//! ([`Market`]), read by reservations, the price comparison, the trade-in offer and the
//! car page's stock check while the API runs, so a car sold in a later build is refused
//! without a restart or a redeploy.
//!
//! Locally it is the market file the build writes (`dist/_data/market.tsv`), read again
//! when its modification time changes. On AWS it is one object per dealer in the site
//! bucket, [`stock_key`] (`_stock/<slug>.tsv`, the lines of that dealer's market file),
//! which `forecourt publish` uploads after every build of that dealer. One object per
//! dealer because the nightly and daytime runs build one dealer each: each run replaces
//! only its own dealer's object, so two runs never overwrite each other's stock. The
//! objects are outside every site prefix, so the CDN (which maps a host to its dealer's
//! prefix) never serves them. The API keeps what it read for at most [`MAX_STOCK_TTL`]
//! and then asks again with `If-None-Match`: an unchanged object costs a 304 and no
//! parsing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use chrono::{DateTime, Duration, Utc};
use domain::rules::market::Market;

use crate::AppState;

/// The longest the API answers from a stock state it read without asking again.
pub const MAX_STOCK_TTL: Duration = Duration::seconds(60);
/// Key prefix of the dealers' stock objects in the site bucket.
pub const STOCK_PREFIX: &str = "_stock";

/// The bucket key of a dealer's stock object.
pub fn stock_key(slug: &str) -> String {
    format!("{STOCK_PREFIX}/{slug}.tsv")
}

/// Where the stock state comes from.
#[derive(Debug, Default)]
enum Origin {
    /// Given once (tests, and an API without a market file).
    #[default]
    Fixed,
    /// The market file at this path.
    File(PathBuf),
    /// Each dealer's object in the site bucket.
    Bucket(Box<BucketStock>),
}

/// The dealers' stock objects and what was last read of them.
#[derive(Debug)]
struct BucketStock {
    client: aws_sdk_s3::Client,
    bucket: String,
    dealers: Vec<String>,
    ttl: Duration,
    /// One refresh at a time; requests arriving meanwhile wait for its answer.
    read: tokio::sync::Mutex<BucketRead>,
    fetches: Fetches,
}

/// What the last refresh found.
#[derive(Debug, Default)]
struct BucketRead {
    /// When the objects were last asked for.
    checked: Option<DateTime<Utc>>,
    /// Dealer slug -> the object's ETag and text, for each object read.
    objects: BTreeMap<String, (Option<String>, String)>,
}

#[derive(Debug, Default)]
struct Fetches {
    downloaded: AtomicU64,
    not_modified: AtomicU64,
    missing: AtomicU64,
    failed: AtomicU64,
}

/// How the bucket's stock objects were answered since the API started (logs and tests).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StockFetches {
    /// Objects downloaded (new or changed).
    pub downloaded: u64,
    /// Conditional requests answered 304: the object had not changed.
    pub not_modified: u64,
    /// Dealers without a stock object (no stock until their build publishes one).
    pub missing: u64,
    /// Requests that failed or objects that were unreadable; the last good state stays.
    pub failed: u64,
}

/// What was last read: the file's modification time, the market, and the dealers whose
/// stock state it holds (`None`: every dealer's, as a market file does).
type Cached = (
    Option<SystemTime>,
    Arc<Market>,
    Option<Arc<BTreeSet<String>>>,
);

/// The stock state, read again when the build replaces it.
#[derive(Debug, Default)]
pub struct MarketSource {
    origin: Origin,
    cached: RwLock<Cached>,
}

impl MarketSource {
    /// A fixed market (tests, and an API without a market file).
    pub fn fixed(market: Market) -> MarketSource {
        MarketSource {
            origin: Origin::Fixed,
            cached: RwLock::new((None, Arc::new(market), None)),
        }
    }

    /// The market in the file at `path` (empty while the file is missing).
    pub fn file(path: PathBuf) -> MarketSource {
        let source = MarketSource {
            origin: Origin::File(path),
            cached: RwLock::default(),
        };
        source.current();
        source
    }

    /// The stock objects of `dealers` in `bucket`, read through `client` and kept for
    /// `ttl` (at most [`MAX_STOCK_TTL`]). Empty until the first [`MarketSource::refresh`].
    pub fn bucket(
        client: aws_sdk_s3::Client,
        bucket: impl Into<String>,
        dealers: impl IntoIterator<Item = String>,
        ttl: Duration,
    ) -> MarketSource {
        MarketSource {
            origin: Origin::Bucket(Box::new(BucketStock {
                client,
                bucket: bucket.into(),
                dealers: dealers.into_iter().collect(),
                ttl: ttl.clamp(Duration::zero(), MAX_STOCK_TTL),
                read: tokio::sync::Mutex::default(),
                fetches: Fetches::default(),
            })),
            cached: RwLock::default(),
        }
    }

    /// The market now. A file is read again when its modification time changed; the
    /// bucket's objects are what the last [`MarketSource::refresh`] read.
    pub fn current(&self) -> Arc<Market> {
        let Origin::File(path) = &self.origin else {
            return self.cached_market();
        };
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        if let Ok(cached) = self.cached.read() {
            if cached.0 == modified && modified.is_some() {
                return Arc::clone(&cached.1);
            }
        }
        let (market, known) = match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| Market::from_tsv(&t).map_err(|e| e.to_string()))
        {
            Ok(market) => {
                tracing::info!(path = %path.display(), cars = market.len(), "market file loaded");
                (Arc::new(market), None)
            }
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "no market file (run `forecourt build`); local price comparisons have no data");
                (Arc::new(Market::default()), Some(Arc::default()))
            }
        };
        self.replace((modified, Arc::clone(&market), known));
        market
    }

    fn cached_market(&self) -> Arc<Market> {
        self.cached
            .read()
            .map(|c| Arc::clone(&c.1))
            .unwrap_or_default()
    }

    fn replace(&self, read: Cached) {
        match self.cached.write() {
            Ok(mut cached) => *cached = read,
            Err(poisoned) => *poisoned.into_inner() = read,
        }
    }

    /// Whether a stock state of `dealer` was read: a car it does not list is then gone.
    /// Without one (no market file, or no object of the dealer in the bucket yet) the
    /// API knows nothing of the dealer's cars.
    pub fn knows(&self, dealer: &str) -> bool {
        self.current();
        self.cached
            .read()
            .map(|c| c.2.as_ref().is_none_or(|known| known.contains(dealer)))
            .unwrap_or(false)
    }

    /// How the bucket's objects were answered so far (all zero for a file).
    pub fn fetches(&self) -> StockFetches {
        let Origin::Bucket(stock) = &self.origin else {
            return StockFetches::default();
        };
        let f = &stock.fetches;
        StockFetches {
            downloaded: f.downloaded.load(Ordering::Relaxed),
            not_modified: f.not_modified.load(Ordering::Relaxed),
            missing: f.missing.load(Ordering::Relaxed),
            failed: f.failed.load(Ordering::Relaxed),
        }
    }

    /// Asks the bucket again for every dealer's object when what was read is older than
    /// the cache window at `now` (or `now` is before it: a clock set back). Does nothing
    /// for a file or a fixed market. A failed request keeps that dealer's last state; a
    /// missing object leaves that dealer with no stock.
    pub async fn refresh(&self, now: DateTime<Utc>) {
        let Origin::Bucket(stock) = &self.origin else {
            return;
        };
        let mut read = stock.read.lock().await;
        if read
            .checked
            .is_some_and(|at| now >= at && now - at < stock.ttl)
        {
            return;
        }
        let asks = stock.dealers.iter().map(|slug| {
            let etag = read.objects.get(slug).and_then(|(etag, _)| etag.clone());
            async move { (slug, stock.fetch(slug, etag).await) }
        });
        let answers = futures_util::future::join_all(asks).await;
        let mut changed = read.checked.is_none();
        for (slug, answer) in answers {
            match answer {
                Fetched::NotModified | Fetched::Failed => {}
                Fetched::Missing => changed |= read.objects.remove(slug).is_some(),
                Fetched::Object(etag, text) => {
                    read.objects.insert(slug.clone(), (etag, text));
                    changed = true;
                }
            }
        }
        read.checked = Some(now);
        if changed {
            match combine(read.objects.values().map(|(_, text)| text.as_str())) {
                Ok(market) => {
                    tracing::info!(bucket = %stock.bucket, dealers = read.objects.len(), cars = market.listings_len(), "stock state loaded");
                    let known = read.objects.keys().cloned().collect();
                    self.replace((None, Arc::new(market), Some(Arc::new(known))));
                }
                Err(e) => {
                    tracing::error!(bucket = %stock.bucket, error = %e, "the dealers' stock objects do not combine; the previous stock state stays");
                }
            }
        }
    }
}

/// One dealer's answer.
enum Fetched {
    NotModified,
    Missing,
    Failed,
    Object(Option<String>, String),
}

impl BucketStock {
    async fn fetch(&self, slug: &str, etag: Option<String>) -> Fetched {
        let key = stock_key(slug);
        let answer = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(&key)
            .set_if_none_match(etag)
            .send()
            .await;
        let output = match answer {
            Ok(output) => output,
            Err(e) => {
                let status = e.raw_response().map(|r| r.status().as_u16());
                return match status {
                    Some(304) => {
                        self.fetches.not_modified.fetch_add(1, Ordering::Relaxed);
                        Fetched::NotModified
                    }
                    Some(404) => {
                        self.fetches.missing.fetch_add(1, Ordering::Relaxed);
                        tracing::warn!(bucket = %self.bucket, key, "no stock object for this dealer (its build has not published one): nothing of it can be reserved");
                        Fetched::Missing
                    }
                    _ => {
                        self.fetches.failed.fetch_add(1, Ordering::Relaxed);
                        let error = aws_sdk_s3::Error::from(e);
                        tracing::error!(bucket = %self.bucket, key, error = %error, "cannot read a dealer's stock object; its last state stays");
                        Fetched::Failed
                    }
                };
            }
        };
        let etag = output.e_tag().map(str::to_owned);
        let text = match output.body.collect().await {
            Ok(bytes) => String::from_utf8(bytes.to_vec()).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        }
        .and_then(|text| dealer_part(slug, &text).map(|()| text));
        match text {
            Ok(text) => {
                self.fetches.downloaded.fetch_add(1, Ordering::Relaxed);
                Fetched::Object(etag, text)
            }
            Err(e) => {
                self.fetches.failed.fetch_add(1, Ordering::Relaxed);
                tracing::error!(bucket = %self.bucket, key, error = %e, "a dealer's stock object is unreadable; its last state stays");
                Fetched::Failed
            }
        }
    }
}

/// The header line every stock object starts with: the market file's.
fn header() -> String {
    Market::default().to_tsv().trim_end().to_owned()
}

/// Checks that `text` is a market file of `slug`'s cars only (an object of one dealer
/// cannot list, and so hold or price, another dealer's cars).
pub fn dealer_part(slug: &str, text: &str) -> Result<(), String> {
    if text.lines().next() != Some(header().as_str()) {
        return Err(format!("expected the header \"{}\"", header()));
    }
    Market::from_tsv(text).map_err(|e| e.to_string())?;
    match text
        .lines()
        .enumerate()
        .skip(1)
        .find(|(_, line)| !line.trim().is_empty() && line.split('\t').next() != Some(slug))
    {
        Some((i, _)) => Err(format!("line {} is not a car of {slug}", i + 1)),
        None => Ok(()),
    }
}

/// The market of every dealer's stock object (each checked by [`dealer_part`]).
pub fn combine<'a>(parts: impl IntoIterator<Item = &'a str>) -> Result<Market, String> {
    let mut text = header();
    text.push('\n');
    for part in parts {
        for line in part.lines().skip(1) {
            text.push_str(line);
            text.push('\n');
        }
    }
    Market::from_tsv(&text).map_err(|e| e.to_string())
}

/// The lines of `slug`'s cars in a market file, as the dealer's stock object.
pub fn dealer_stock(market: &Market, slug: &str) -> String {
    let mut out = String::new();
    for (i, line) in market.to_tsv().lines().enumerate() {
        if i == 0 || line.split('\t').next() == Some(slug) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Middleware: before a request, the bucket's stock state is read again when the cache
/// window has passed, so every handler that reads [`MarketSource::current`] (the API's
/// and the price comparison's) sees the last build's stock within the window. Photos
/// never read it.
pub async fn fresh_stock(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with("/img/") {
        state.market.refresh(state.clock.now()).await;
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALPHA: &str = "dealer\tslug\tmake\tmodel\tyear\tkm\tprice\tid\treserve\tcar_type\tbadge\nalpha\t2021-toyota-hilux-1042\tToyota\tHiLux\t2021\t40000\t45990\t1042\treservable\tused\tSR5\n";
    const BETA: &str = "dealer\tslug\tmake\tmodel\tyear\tkm\tprice\tid\treserve\tcar_type\tbadge\nbeta\t2020-mazda-cx5-7\t\t\t\t\t\t7\tsold\t\t\n";

    #[test]
    fn each_dealer_part_lists_only_its_own_cars_and_the_parts_combine() {
        assert_eq!(dealer_part("alpha", ALPHA), Ok(()));
        assert_eq!(
            dealer_part("beta", ALPHA),
            Err("line 2 is not a car of beta".to_owned())
        );
        assert!(dealer_part("alpha", "dealer\tslug\n")
            .expect_err("wrong header")
            .contains("expected the header"));
        let market = combine([ALPHA, BETA]).expect("combine");
        assert_eq!(market.listings_len(), 2);
        assert!(market.listing_by_id("beta", 7).is_some());
        assert_eq!(dealer_stock(&market, "beta"), BETA);
        assert_eq!(dealer_stock(&market, "alpha"), ALPHA);
    }
}
