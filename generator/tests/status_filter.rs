//! Seed 001 s4: "Search status filter (one dealer group): in_stock, coming_soon, or sold
//! within a recent window, and show_on_dealer_website true". Where a dealer switches
//! `search.status_filter` on, the build keeps only the cars the rule passes: a hidden car
//! gets no page (so no sitemap entry, which lists the pages), no place in the
//! server-rendered results and no search document.

use chrono::{Duration, Utc};
use domain::config::load_dealers;
use domain::rules::availability::passes_search_status_filter;
use domain::view::site_pages;
use generator::feed::{read_feed, ReadOptions};
use generator::pipeline::assign_stock;
use serde_json::json;

mod common;
use common::{corolla, dealers_dir, line, DEALER};

#[test]
fn the_search_status_filter_hides_cars_from_pages_and_results_where_switched_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let days_ago = |d: i64| (Utc::now() - Duration::days(d)).to_rfc3339();
    let rows = [
        corolla(),
        line(
            102,
            "2022-toyota-rav4-102",
            "RAV4",
            "new",
            41_500.0,
            1,
            json!({ "status": "coming_soon" }),
        ),
        line(
            104,
            "2022-toyota-camry-104",
            "Camry",
            "used",
            30_000.0,
            2,
            json!({ "show_on_dealer_website": false }),
        ),
        line(
            106,
            "2022-toyota-yaris-106",
            "Yaris",
            "used",
            18_000.0,
            9,
            json!({ "status": "sold", "sold": true, "sold_at": days_ago(1) }),
        ),
        line(
            107,
            "2022-toyota-hiace-107",
            "HiAce",
            "used",
            38_000.0,
            20,
            json!({ "status": "sold", "sold": true, "sold_at": days_ago(5) }),
        ),
    ];
    let feed = dir.path().join("feed.jsonl");
    std::fs::write(&feed, rows.join("\n") + "\n").expect("write feed");
    let now = Utc::now();
    let cars = read_feed(&feed, &ReadOptions::at(now))
        .expect("feed")
        .into_cars();

    let built = |status_filter: bool| {
        let mut dealers: Vec<_> = load_dealers(&dealers_dir())
            .expect("dealers")
            .into_iter()
            .filter(|d| d.config.slug == DEALER)
            .collect();
        dealers[0].config.search.status_filter = status_filter;
        let stock = assign_stock(dealers, cars.clone(), Vec::new(), now)
            .dealers
            .pop()
            .expect("the fixture dealer");
        let ids: Vec<u64> = stock.cars.iter().map(|c| c.id).collect();
        let pages = site_pages(&stock.dealer, &stock.cars, now);
        let paths: Vec<String> = pages.iter().map(|p| p.path.clone()).collect();
        let results = pages
            .iter()
            .find(|p| p.path == "/search/new-used-and-demo-cars")
            .expect("the all-stock page")
            .props
            .value()["page"]["hits"]
            .clone();
        (ids, paths, results.to_string())
    };

    // Off (the default): the stock filters alone; the hidden Camry still has its page.
    let (ids, paths, _) = built(false);
    assert_eq!(ids, vec![101, 102, 104, 106]);
    assert!(paths.iter().any(|p| p.contains("camry-104")), "{paths:?}");

    // On: exactly the cars the rule passes (the sold window is the dealer's 3 days).
    let (ids, paths, results) = built(true);
    let passing: Vec<u64> = cars
        .iter()
        .filter(|c| passes_search_status_filter(c, 3, now))
        .map(|c| c.id)
        .collect();
    assert_eq!(ids, passing);
    assert_eq!(ids, vec![101, 102, 106]);
    assert!(
        !paths.iter().any(|p| p.contains("camry-104")),
        "no page for the hidden car: {paths:?}"
    );
    assert!(paths.iter().any(|p| p.contains("corolla-101")), "{paths:?}");
    assert!(!results.contains("camry-104"), "{results}");
    assert!(results.contains("corolla-101"), "{results}");
}
