//! `generator::reindex::run` (`forecourt index`): a tiny JSON Lines feed over the fixture
//! dealers gives each dealer an embedded search index whose hits are the card view
//! models of the cars its stock filters keep.

use std::path::{Path, PathBuf};

use chrono::{Duration, Utc};
use domain::config::load_dealers;
use generator::reindex::{run, IndexOptions};
use search::{EmbeddedSearch, FixedFilters, SearchQuery};
use serde_json::json;

mod common;
use common::{corolla, dealers_dir, line, DEALER, OTHER_DEALER};

/// Five rows of the fixture dealer (one without photos, which its `min_photos = 1` drops;
/// one sold a month ago, outside its 3-day sold window) and one of the other fixture dealer.
fn write_feed(dir: &Path) -> PathBuf {
    let sold_at = (Utc::now() - Duration::days(30)).to_rfc3339();
    let rows = [
        corolla(),
        line(
            102,
            "2022-toyota-rav4-102",
            "RAV4",
            "new",
            41_500.0,
            1,
            json!({}),
        ),
        line(
            103,
            "2022-toyota-hilux-103",
            "HiLux",
            "demo",
            52_000.0,
            3,
            json!({}),
        ),
        line(
            104,
            "2022-toyota-yaris-104",
            "Yaris",
            "used",
            18_000.0,
            2,
            json!({ "images": [] }),
        ),
        line(
            105,
            "2022-toyota-camry-105",
            "Camry",
            "used",
            30_000.0,
            9,
            json!({ "status": "sold", "sold": true, "sold_at": sold_at }),
        ),
        line(
            201,
            "2021-mazda-cx5-201",
            "CX-5",
            "used",
            29_000.0,
            4,
            json!({ "make": "Mazda", "dealership_slug": OTHER_DEALER }),
        ),
    ];
    let feed = dir.join("feed.jsonl");
    std::fs::write(&feed, rows.join("\n") + "\n").expect("write feed");
    feed
}

fn options(dir: &Path, only: &[&str]) -> IndexOptions {
    IndexOptions {
        dealers: dealers_dir(),
        feed: write_feed(dir),
        out: dir.join("dist"),
        only: only.iter().map(|s| s.to_string()).collect(),
        meilisearch_url: None,
        meilisearch_key: None,
    }
}

#[test]
fn indexes_the_filtered_stock_with_card_view_hits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let opts = options(dir.path(), &[DEALER]);
    let summary = run(&opts).expect("indexed");
    assert!(
        summary.starts_with(&format!("{DEALER}: 3 cars indexed")),
        "{summary}"
    );
    assert_eq!(
        summary.lines().count(),
        1,
        "only the named dealer: {summary}"
    );
    assert!(opts
        .out
        .join("_search")
        .join(DEALER)
        .join("CURRENT")
        .is_file());
    assert!(!opts.out.join("_search").join(OTHER_DEALER).exists());

    let dealers = load_dealers(&dealers_dir()).expect("dealers");
    let dealer = dealers
        .iter()
        .find(|d| d.config.slug == DEALER)
        .expect("the fixture dealer");
    let engine = EmbeddedSearch::open(&opts.out.join("_search")).expect("open");
    let fixed = FixedFilters::for_config(&dealer.config);
    let all = engine
        .search_now(&SearchQuery::new(fixed.clone()))
        .expect("answer");
    assert_eq!(all.count, 3);
    // Latest first, as the search pages list them; each hit is the page's card.
    let ids: Vec<u64> = all.hits.iter().filter_map(|h| h["id"].as_u64()).collect();
    assert_eq!(ids, vec![102, 103, 101]);
    let rav4 = &all.hits[0];
    assert_eq!(rav4["path"], "/cars/2022-toyota-rav4-102");
    assert_eq!(rav4["price_text"], "$41,500");
    assert_eq!(
        rav4["name"].as_str().map(|n| n.contains("RAV4")),
        Some(true)
    );

    let used =
        SearchQuery::from_query_string("refinementList[car_type][0]=used&query=corol", &fixed)
            .expect("query");
    let used = engine.search_now(&used).expect("answer");
    assert_eq!(
        used.hits
            .iter()
            .filter_map(|h| h["id"].as_u64())
            .collect::<Vec<_>>(),
        vec![101]
    );
    // The cars sit at their location, so the distance filter finds them near Grafton.
    let near =
        SearchQuery::from_query_string("lat=-29.69&lng=152.93&radius=25", &fixed).expect("query");
    assert_eq!(engine.search_now(&near).expect("answer").count, 3);
    let far =
        SearchQuery::from_query_string("lat=-33.87&lng=151.21&radius=25", &fixed).expect("query");
    assert_eq!(engine.search_now(&far).expect("answer").count, 0);
    // Seed 000 s2 dealer search parameters: the cars are held at location 9101, a sales
    // location.
    let count = |qs: &str| {
        let q = SearchQuery::from_query_string(qs, &fixed).expect("query");
        engine.search_now(&q).expect("answer").count
    };
    assert_eq!(count("locationId=9101"), 3);
    assert_eq!(count("locationId=9102"), 0);
    assert_eq!(count("locationType=sales"), 3);
    assert_eq!(count("locationType=service"), 0);

    // Running again serves a new generation.
    run(&opts).expect("indexed again");
    let current = std::fs::read_to_string(opts.out.join("_search").join(DEALER).join("CURRENT"))
        .expect("CURRENT");
    assert_eq!(current.trim(), "gen-000002");
}

#[test]
fn every_dealer_gets_an_index_and_unknown_dealers_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let summary = run(&options(dir.path(), &[])).expect("indexed");
    assert!(
        summary.contains(&format!("{DEALER}: 3 cars indexed")),
        "{summary}"
    );
    // The other dealer keeps used cars with 8 photos or more: none of this feed.
    assert!(
        summary.contains(&format!("{OTHER_DEALER}: 0 cars indexed")),
        "{summary}"
    );
    assert_eq!(
        summary.lines().count(),
        load_dealers(&dealers_dir()).expect("dealers").len(),
        "{summary}"
    );

    let error = run(&options(dir.path(), &["no-such-dealer"])).expect_err("unknown dealer");
    assert!(error.to_string().contains("no-such-dealer"), "{error}");
}

#[test]
fn a_one_dealer_build_measures_prices_against_every_dealers_priced_available_cars() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = generator::pipeline::BuildOptions::new(
        dealers_dir(),
        write_feed(dir.path()),
        dir.path().join("dist"),
    );
    opts.only = vec![DEALER.to_string()];
    let loaded = generator::pipeline::load(&opts).expect("loaded");
    assert_eq!(loaded.dealers.len(), 1);
    let market = &loaded.market;
    // The sold Camry is not on the market; the photo-less Yaris (dropped from the site by
    // its stock filter) still is, and so is the other dealer's Mazda.
    assert_eq!(market.len(), 5);
    assert!(market.car(DEALER, "2022-toyota-camry-105").is_none());
    assert!(market.car(DEALER, "2022-toyota-yaris-104").is_some());
    assert_eq!(
        market
            .car(OTHER_DEALER, "2021-mazda-cx5-201")
            .map(|c| c.price),
        Some(29_000.0)
    );
    // The published stock is what each dealer's site shows (its stock filters), with the
    // reserve state of each car: not the photo-less Yaris, not the Camry sold a month
    // ago, not the other dealer's Mazda (its filters want 8 photos) although it is not built now.
    let mut listed: Vec<(u64, &str)> = [101, 102, 103, 104, 105]
        .iter()
        .filter_map(|id| market.listing_by_id(DEALER, *id))
        .map(|l| (l.id, l.reserve.as_str()))
        .collect();
    listed.sort_unstable();
    assert_eq!(
        listed,
        [
            (101, "reservable"),
            (102, "reservable"),
            (103, "reservable")
        ]
    );
    assert_eq!(market.listings_len(), 3);
    assert!(market.listing(OTHER_DEALER, "2021-mazda-cx5-201").is_none());
    generator::pipeline::write_market(market, &opts.out).expect("written");
    let text = std::fs::read_to_string(opts.out.join(generator::pipeline::MARKET_FILE))
        .expect("market file");
    assert_eq!(
        domain::rules::market::Market::from_tsv(&text).expect("readable"),
        *market
    );
}
