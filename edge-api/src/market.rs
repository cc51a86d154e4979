//! The market file the build writes (`dist/_data/market.tsv`): every dealer's priced
//! stock, read by the local price comparison and the local trade-in offer, and read
//! again when a build replaces it.

use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use domain::rules::market::Market;

/// The market file, re-read when the build replaces it.
#[derive(Debug, Default)]
pub struct MarketSource {
    path: Option<PathBuf>,
    cached: RwLock<(Option<SystemTime>, Arc<Market>)>,
}

impl MarketSource {
    /// A fixed market (tests, and an API without a market file).
    pub fn fixed(market: Market) -> MarketSource {
        MarketSource {
            path: None,
            cached: RwLock::new((None, Arc::new(market))),
        }
    }

    /// The market in the file at `path` (empty while the file is missing).
    pub fn file(path: PathBuf) -> MarketSource {
        let source = MarketSource {
            path: Some(path),
            cached: RwLock::default(),
        };
        source.current();
        source
    }

    /// The market now: the file is read again when its modification time changed.
    pub fn current(&self) -> Arc<Market> {
        let Some(path) = &self.path else {
            return self
                .cached
                .read()
                .map(|c| Arc::clone(&c.1))
                .unwrap_or_default();
        };
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        if let Ok(cached) = self.cached.read() {
            if cached.0 == modified && modified.is_some() {
                return Arc::clone(&cached.1);
            }
        }
        let market = match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| Market::from_tsv(&t).map_err(|e| e.to_string()))
        {
            Ok(market) => {
                tracing::info!(path = %path.display(), cars = market.len(), "market file loaded");
                Arc::new(market)
            }
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "no market file (run `forecourt build`); local price comparisons have no data");
                Arc::new(Market::default())
            }
        };
        if let Ok(mut cached) = self.cached.write() {
            *cached = (modified, Arc::clone(&market));
        }
        market
    }
}
