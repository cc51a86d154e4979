//! Embedded backend behaviour beyond the conformance suite: atomic swap to a newer build,
//! errors for unknown dealers, the answer cache, and no panic on any query string.

use std::time::Duration;

use chrono::{TimeZone, Utc};
use domain::car::{Car, CarStatus, CarType};
use search::{
    stage_index, write_index, EmbeddedSearch, FixedFilters, IndexDoc, Search, SearchError,
    SearchQuery,
};
use serde_json::json;

fn car(i: u64, make: &str, model: &str) -> Car {
    Car {
        id: i,
        slug: format!("c{i}"),
        year: 2020,
        make: make.into(),
        model: model.into(),
        car_type: CarType::Used,
        status: CarStatus::InStock,
        price: Some(10_000.0 + i as f64),
        created_at: Utc
            .with_ymd_and_hms(2025, 1, 1, 0, 0, 0)
            .single()
            .expect("date"),
        dealership_slug: "swap".into(),
        show_on_dealer_website: true,
        ..Default::default()
    }
}

fn docs(cars: &[Car]) -> Vec<IndexDoc<'_>> {
    cars.iter()
        .map(|c| IndexDoc::new(c, json!({"id": c.id})))
        .collect()
}

/// An index of dealer "swap" holding one car, a search over it that looks for a newer
/// build at every query, and the unfiltered query of that dealer.
fn one_car_index() -> (tempfile::TempDir, EmbeddedSearch, SearchQuery) {
    let dir = tempfile::tempdir().expect("temp dir");
    write_index(dir.path(), "swap", &docs(&[car(1, "Toyota", "Yaris")])).expect("first build");
    let search = EmbeddedSearch::open(dir.path())
        .expect("open")
        .with_check_every(Duration::ZERO);
    (
        dir,
        search,
        SearchQuery::new(FixedFilters::for_dealer("swap")),
    )
}

#[tokio::test]
async fn swaps_to_a_newer_build_and_keeps_the_previous_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = vec![car(1, "Toyota", "Yaris"), car(2, "Kia", "Rio")];
    let r1 = write_index(dir.path(), "swap", &docs(&first)).expect("first build");
    assert_eq!(r1.generation, "gen-000001");
    let search = EmbeddedSearch::open(dir.path())
        .expect("open")
        .with_check_every(Duration::ZERO);
    let q = SearchQuery::new(FixedFilters::for_dealer("swap"));
    assert_eq!(search.search(&q).await.expect("answer").count, 2);
    assert_eq!(search.generation("swap").as_deref(), Some("gen-000001"));

    let second = vec![car(3, "Mazda", "2")];
    let r2 = write_index(dir.path(), "swap", &docs(&second)).expect("second build");
    assert_eq!(r2.generation, "gen-000002");
    let a = search.search(&q).await.expect("answer after swap");
    assert_eq!(a.count, 1);
    assert_eq!(a.hits, vec![json!({"id": 3})]);
    assert_eq!(search.generation("swap").as_deref(), Some("gen-000002"));

    write_index(dir.path(), "swap", &docs(&first)).expect("third build");
    let left: Vec<String> = std::fs::read_dir(dir.path().join("swap"))
        .expect("dealer dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with("gen-"))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(left, vec!["gen-000002", "gen-000003"]);
    assert_eq!(search.search(&q).await.expect("answer").count, 2);
}

#[tokio::test]
async fn a_staged_index_is_served_only_once_published() {
    let (dir, search, q) = one_car_index();

    // A build that fails after staging: the staged generation is removed, nothing changes.
    let two = [car(2, "Kia", "Rio"), car(3, "Mazda", "2")];
    let staged = stage_index(dir.path(), "swap", &docs(&two)).expect("stage");
    assert_eq!((staged.docs(), staged.generation()), (2, "gen-000002"));
    assert_eq!(
        search.search(&q).await.expect("answer").count,
        1,
        "staged is not served"
    );
    drop(staged);
    assert!(
        !dir.path().join("swap/gen-000002").exists(),
        "dropped unpublished: removed"
    );
    assert_eq!(search.search(&q).await.expect("answer").count, 1);

    // A build that succeeds publishes it.
    let staged = stage_index(dir.path(), "swap", &docs(&two)).expect("stage again");
    assert_eq!(search.search(&q).await.expect("answer").count, 1);
    let report = staged.publish().expect("publish");
    assert_eq!((report.generation.as_str(), report.docs), ("gen-000002", 2));
    assert_eq!(search.search(&q).await.expect("answer").count, 2);
    assert!(
        dir.path().join("swap/gen-000002").is_dir(),
        "published: kept"
    );
}

#[tokio::test]
async fn a_reader_that_checks_rarely_keeps_serving_its_build() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_index(dir.path(), "swap", &docs(&[car(1, "Toyota", "Yaris")])).expect("build");
    let search = EmbeddedSearch::open(dir.path())
        .expect("open")
        .with_check_every(Duration::from_secs(3600));
    let q = SearchQuery::new(FixedFilters::for_dealer("swap"));
    assert_eq!(search.search(&q).await.expect("answer").count, 1);
    write_index(
        dir.path(),
        "swap",
        &docs(&[car(1, "Toyota", "Yaris"), car(2, "Kia", "Rio")]),
    )
    .expect("rebuild");
    assert_eq!(
        search
            .search(&q)
            .await
            .expect("old build still served")
            .count,
        1
    );
}

#[tokio::test]
async fn a_broken_build_does_not_replace_a_working_one() {
    let (dir, search, q) = one_car_index();
    assert_eq!(search.search(&q).await.expect("answer").count, 1);
    std::fs::create_dir_all(dir.path().join("swap/gen-000009")).expect("empty generation");
    std::fs::write(dir.path().join("swap/CURRENT"), "gen-000009").expect("point at it");
    assert_eq!(
        search
            .search(&q)
            .await
            .expect("still the working build")
            .count,
        1
    );
    assert_eq!(search.generation("swap").as_deref(), Some("gen-000001"));
    let fresh = EmbeddedSearch::open(dir.path()).expect("open");
    assert!(
        matches!(fresh.search(&q).await, Err(SearchError::Index(_))),
        "nothing to fall back on"
    );
}

#[tokio::test]
async fn unknown_and_bad_dealers_are_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let search = EmbeddedSearch::open(dir.path()).expect("open");
    let q = SearchQuery::new(FixedFilters::for_dealer("nobody"));
    assert_eq!(
        search.search(&q).await,
        Err(SearchError::UnknownDealer("nobody".into()))
    );
    let q = SearchQuery::new(FixedFilters::for_dealer("../etc"));
    assert!(matches!(
        search.search(&q).await,
        Err(SearchError::BadDealer(_))
    ));
    assert!(matches!(
        write_index(dir.path(), "Bad Slug", &[]),
        Err(SearchError::BadDealer(_))
    ));
    assert!(EmbeddedSearch::open(&dir.path().join("missing")).is_err());
}

#[tokio::test]
async fn an_empty_stock_answers_an_empty_page() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_index(dir.path(), "empty", &[]).expect("build");
    let search = EmbeddedSearch::open(dir.path()).expect("open");
    let q = SearchQuery::from_query_string(
        "query=corolla&refinementList[make][0]=Kia&page=3",
        &FixedFilters::for_dealer("empty"),
    )
    .expect("valid");
    let a = search.search(&q).await.expect("answer");
    assert_eq!((a.count, a.pages, a.hits.len()), (0, 0, 0));
    assert_eq!(
        a.facets["make"].len(),
        1,
        "the selected value stays listed with 0"
    );
    assert!(a.facets_stats.is_empty());
}

/// A small deterministic generator (xorshift) for the fuzz test.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

#[tokio::test]
async fn never_panics_on_random_query_strings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cars: Vec<Car> = (0..40)
        .map(|i| {
            car(
                i,
                ["Toyota", "Kia", "Mazda", "Ford"][i as usize % 4],
                "Model",
            )
        })
        .collect();
    write_index(dir.path(), "fuzz", &docs(&cars)).expect("build");
    let search = EmbeddedSearch::open(dir.path()).expect("open");
    let fixed = FixedFilters::for_dealer("fuzz");
    let pieces = [
        "query=",
        "page=",
        "hitsPerPage=",
        "sortBy=",
        "refinementList[",
        "range[",
        "menu[",
        "lat=",
        "lng=",
        "radius=",
        "make",
        "price",
        "km",
        "year",
        "colour",
        "weekly_price",
        "]",
        "[",
        "][0]",
        "[1]",
        "=",
        "&",
        ":",
        "$",
        ",",
        "%",
        "%5B",
        "%5D",
        "%zz",
        "+",
        "-1",
        "0",
        "21",
        "1e308",
        "nan",
        "inf",
        "99999999999999999999",
        "toyota",
        "kia",
        "é",
        "\u{1F697}",
        "\u{0}",
        " ",
        "price_asc",
        "latest",
        "km:desc",
        "25",
        "-27.5",
        "153",
        "a".repeat(45).leak(),
        "x".repeat(250).leak(),
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut ok, mut rejected) = (0, 0);
    for _ in 0..3000 {
        let n = 1 + rng.next() % 12;
        let qs: String = (0..n).map(|_| rng.pick(&pieces)).collect();
        match SearchQuery::from_query_string(&qs, &fixed) {
            Ok(q) => {
                let a = search
                    .search(&q)
                    .await
                    .unwrap_or_else(|e| panic!("{qs:?}: {e}"));
                assert!(a.hits.len() as u32 <= q.hits_per_page);
                ok += 1;
            }
            Err(e) => {
                assert!(
                    !e.parameter.is_empty() && e.message.contains(&e.parameter),
                    "{qs:?}: {e}"
                );
                rejected += 1;
            }
        }
    }
    // Random bytes, too.
    for _ in 0..2000 {
        let bytes: Vec<u8> = (0..(rng.next() % 64))
            .map(|_| (rng.next() % 256) as u8)
            .collect();
        let qs = String::from_utf8_lossy(&bytes);
        if let Ok(q) = SearchQuery::from_query_string(&qs, &fixed) {
            search
                .search(&q)
                .await
                .unwrap_or_else(|e| panic!("{qs:?}: {e}"));
        }
    }
    assert!(
        ok > 100 && rejected > 100,
        "the fuzz mix exercises both paths: {ok} ok, {rejected} rejected"
    );
}

#[tokio::test]
async fn answers_are_cached_per_query() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_index(dir.path(), "cache", &docs(&[car(1, "Toyota", "Yaris")])).expect("build");
    let search = EmbeddedSearch::open(dir.path())
        .expect("open")
        .with_cache_entries(1);
    let fixed = FixedFilters::for_dealer("cache");
    let q1 = SearchQuery::from_query_string("query=yaris", &fixed).expect("valid");
    let q2 = SearchQuery::from_query_string("query=rio", &fixed).expect("valid");
    assert_eq!(search.cached_answers(), 0);
    let a = search.search(&q1).await.expect("answer");
    assert_eq!(search.cached_answers(), 1);
    let again = search.search(&q1).await.expect("cached");
    assert_eq!((a.count, again.count, again.hits.clone()), (1, 1, a.hits));
    assert_eq!(search.search(&q2).await.expect("answer").count, 0);
    assert_eq!(search.cached_answers(), 1, "the oldest answer was dropped");
    assert_eq!(search.search_uncached(&q1).expect("uncached").count, 1);
    assert_eq!(search.cached_answers(), 1);
}
