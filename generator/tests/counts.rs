//! One count source: every count a built page shows beside a link to the search (home make
//! and car-type links, brand tiles, the landing page's own count) equals what the dealer's
//! search index answers for the same set, on a feed holding the cars where the two used to
//! part: one hidden from the dealer website, one of another make than the dealer's
//! manufacturer, one sold yesterday (inside the sold window).

use std::path::Path;

use chrono::{Duration, Utc};
use domain::config::load_dealers;
use domain::view::{site_pages, Page};
use generator::feed::{read_feed, ReadOptions};
use generator::pipeline::assign_stock;
use generator::reindex::{run, IndexOptions};
use search::{EmbeddedSearch, FixedFilters, SearchQuery};
use serde_json::{json, Value};

mod common;
use common::{corolla, dealers_dir, line, DEALER};

fn write_feed(dir: &Path) -> std::path::PathBuf {
    let sold_at = (Utc::now() - Duration::days(1)).to_rfc3339();
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
            "2022-toyota-camry-104",
            "Camry",
            "used",
            30_000.0,
            2,
            json!({ "show_on_dealer_website": false }),
        ),
        line(
            105,
            "2022-lexus-nx-105",
            "NX",
            "used",
            61_000.0,
            4,
            json!({ "make": "Lexus" }),
        ),
        line(
            106,
            "2022-toyota-yaris-106",
            "Yaris",
            "used",
            18_000.0,
            9,
            json!({ "status": "sold", "sold": true, "sold_at": sold_at }),
        ),
    ];
    let feed = dir.join("feed.jsonl");
    std::fs::write(&feed, rows.join("\n") + "\n").expect("write feed");
    feed
}

fn page(pages: &[Page], path: &str) -> Value {
    pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no page {path}"))
        .props
        .value()["page"]
        .clone()
}

/// The count of the link labelled `label` in a list of `{label, url, count}`.
fn link_count(links: &Value, label: &str) -> u64 {
    links
        .as_array()
        .and_then(|l| l.iter().find(|l| l["label"] == label))
        .and_then(|l| l["count"].as_u64())
        .unwrap_or_else(|| panic!("no link {label} in {links}"))
}

#[test]
fn home_links_brand_tiles_and_landing_pages_count_what_the_search_answers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let feed = write_feed(dir.path());
    let out = dir.path().join("dist");
    run(&IndexOptions {
        dealers: dealers_dir(),
        feed: feed.clone(),
        out: out.clone(),
        only: vec![DEALER.to_string()],
        meilisearch_url: None,
        meilisearch_key: None,
    })
    .expect("indexed");

    let now = Utc::now();
    let dealers: Vec<_> = load_dealers(&dealers_dir())
        .expect("dealers")
        .into_iter()
        .filter(|d| d.config.slug == DEALER)
        .collect();
    let cars = read_feed(&feed, &ReadOptions::at(now))
        .expect("feed")
        .into_cars();
    let stock = assign_stock(dealers, cars, Vec::new(), now)
        .dealers
        .pop()
        .expect("jacaranda");
    let pages = site_pages(&stock.dealer, &stock.cars, now);

    let engine = EmbeddedSearch::open(&out.join("_search")).expect("open");
    let fixed = FixedFilters::for_config(&stock.dealer.config);
    let answer = |qs: &str| {
        engine
            .search_now(&SearchQuery::from_query_string(qs, &fixed).expect("query"))
            .expect("answer")
            .count
    };
    let toyota = answer("refinementList[make][0]=Toyota");
    let used = answer("refinementList[car_type][0]=used");
    // Corolla, RAV4, HiLux and the Yaris sold yesterday; the hidden Camry and the Lexus
    // are not listed by this Toyota dealer's search.
    assert_eq!((toyota, used), (4, 2));

    let home = page(&pages, "/");
    assert_eq!(
        link_count(&home["makes"], "Toyota"),
        toyota,
        "home make link"
    );
    assert_eq!(
        link_count(&home["car_types"], "Used Cars"),
        used,
        "home car-type link"
    );
    assert!(
        link_count(&home["makes"], "Toyota") > 0
            && home["makes"]
                .as_array()
                .is_some_and(|m| m.iter().all(|l| l["label"] != "Lexus")),
        "the Lexus the search never lists gets no home link: {}",
        home["makes"]
    );
    assert_eq!(
        page(&pages, "/search/toyota")["count"],
        toyota,
        "landing page"
    );
    assert_eq!(
        page(&pages, "/search/used-cars")["count"],
        used,
        "landing page"
    );
    let tiles = &page(&pages, "/brands")["groups"][0]["brands"];
    assert_eq!(link_count_by_name(tiles, "Toyota"), toyota, "brand tile");
}

fn link_count_by_name(tiles: &Value, name: &str) -> u64 {
    tiles
        .as_array()
        .and_then(|l| l.iter().find(|l| l["name"] == name))
        .and_then(|l| l["count"].as_u64())
        .unwrap_or_else(|| panic!("no tile {name} in {tiles}"))
}
