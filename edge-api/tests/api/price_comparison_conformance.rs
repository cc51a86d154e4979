//! The one conformance suite of [`PriceComparisonProvider`]: the same cases run against
//! the local estimate (over the market of [`crate::price_comparison::market`]) and
//! against the HTTP provider pointed at a loopback fake that knows the same cars.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::rules::market::Market;
use edge_api::error::ErrorCode;
use edge_api::price_comparison::{
    Autogauge, ComparisonRequest, HttpPriceComparison, LocalPriceComparison,
    PriceComparisonProvider,
};
use edge_api::store::{RedbStore, Store};
use tempfile::TempDir;

use crate::price_comparison::{counting_provider, market};

/// Alpha's car with twelve comparables.
const RICH: &str = "2022-toyota-rav4-1";
/// Alpha's car with three.
const SPARSE: &str = "2022-toyota-yaris-2";

/// One implementation with what its cases need.
struct Subject {
    provider: Arc<dyn PriceComparisonProvider>,
    /// The dealer's key, when the implementation needs one to be asked.
    key: Option<&'static str>,
    /// The calls the implementation made to a remote service, when it makes any.
    calls: Option<Arc<AtomicUsize>>,
    market: Market,
    store: Arc<dyn Store>,
    _dir: TempDir,
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0)
        .single()
        .expect("time")
}

fn store() -> (Arc<dyn Store>, TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = RedbStore::open(&dir.path().join("store.redb")).expect("store");
    (Arc::new(store), dir)
}

impl Subject {
    async fn compare_as(
        &self,
        key: Option<&str>,
        slug: &str,
        at: DateTime<Utc>,
    ) -> Result<Option<Autogauge>, edge_api::error::ApiError> {
        self.provider
            .compare(ComparisonRequest {
                dealer: "alpha",
                key,
                slug,
                market: &self.market,
                store: self.store.as_ref(),
                now: at,
            })
            .await
    }

    async fn compare(&self, slug: &str) -> Autogauge {
        self.compare_as(self.key, slug, now())
            .await
            .expect("an answer")
            .expect("a known car")
    }

    fn calls(&self) -> Option<usize> {
        self.calls.as_ref().map(|c| c.load(Ordering::SeqCst))
    }
}

async fn a_car_with_enough_data_is_compared(s: &Subject) {
    let answer = s.compare(RICH).await;
    let (min, max) = (
        answer.market_range_min.expect("a range"),
        answer.market_range_max.expect("a range"),
    );
    assert!(min > 0.0 && min <= max, "{answer:?}");
    assert!(answer.listing_price.is_some_and(|p| p > 0.0), "{answer:?}");
    assert!(
        answer.fill.is_some_and(|f| (0.0..=1.0).contains(&f)),
        "{answer:?}"
    );
    assert!(answer.view.is_some(), "the panel shows: {answer:?}");
}

async fn a_car_without_enough_data_shows_nothing(s: &Subject) {
    let answer = s.compare(SPARSE).await;
    assert_eq!(
        (
            answer.fill,
            answer.listing_price,
            answer.market_range_min,
            answer.market_range_max,
            answer.confidence,
        ),
        (None, None, None, None, None),
        "{answer:?}"
    );
    assert!(answer.view.is_none(), "the panel stays hidden");
}

async fn the_same_car_gets_the_same_answer_all_day(s: &Subject) {
    let first = s.compare(RICH).await;
    let before = s.calls();
    let later = s
        .compare_as(s.key, RICH, now() + Duration::hours(23))
        .await
        .expect("an answer")
        .expect("a known car");
    assert_eq!(
        serde_json::to_value(&later).expect("json"),
        serde_json::to_value(&first).expect("json")
    );
    assert_eq!(s.calls(), before, "answered without asking again");
}

async fn a_dealer_without_a_key_gets_the_local_estimate(s: &Subject) {
    let before = s.calls();
    for slug in [RICH, SPARSE] {
        let answer = s
            .compare_as(None, slug, now())
            .await
            .expect("an answer")
            .expect("a known car");
        let local = LocalPriceComparison
            .compare(ComparisonRequest {
                dealer: "alpha",
                key: None,
                slug,
                market: &s.market,
                store: s.store.as_ref(),
                now: now(),
            })
            .await
            .expect("an answer")
            .expect("a known car");
        assert_eq!(
            serde_json::to_value(&answer).expect("json"),
            serde_json::to_value(&local).expect("json"),
            "{slug}"
        );
        assert!(answer.comparables.is_some(), "{slug}: a local estimate");
    }
    assert_eq!(s.calls(), before, "no remote call without a key");
}

async fn conformance(s: &Subject) {
    a_car_with_enough_data_is_compared(s).await;
    a_car_without_enough_data_shows_nothing(s).await;
    the_same_car_gets_the_same_answer_all_day(s).await;
    a_dealer_without_a_key_gets_the_local_estimate(s).await;
}

#[tokio::test]
async fn the_local_estimate_conforms() {
    let (store, dir) = store();
    conformance(&Subject {
        provider: Arc::new(LocalPriceComparison),
        key: None,
        calls: None,
        market: market(),
        store,
        _dir: dir,
    })
    .await;
}

#[tokio::test]
async fn the_http_provider_conforms() {
    let (base, calls, server) = counting_provider().await;
    let (store, dir) = store();
    let subject = Subject {
        provider: Arc::new(HttpPriceComparison::new(base, reqwest::Client::new())),
        key: Some("key-123"),
        calls: Some(calls),
        market: market(),
        store,
        _dir: dir,
    };
    conformance(&subject).await;
    // What only a remote source can do: fail. A failure is a bad gateway, not cached.
    for _ in 0..2 {
        let failed = subject.compare_as(subject.key, "broken", now()).await;
        assert_eq!(failed.err().map(|e| e.code()), Some(ErrorCode::BadGateway));
    }
    assert_eq!(
        subject.calls(),
        Some(4),
        "RICH and SPARSE once each, then two failures"
    );
    server.abort();
}
