//! The build's phases stopped early: a dealer loaded and derived, its pages read without
//! rendering or writing any.

use domain::view::card::card_view;
use domain::view::site::ViewContext;
use domain::view::{site_pages, Page, PageKind};
use generator::pipeline::{derive, load, BuildOptions};
use generator::render::CardCache;
use serde_json::{json, Value};

mod common;
use common::{dealers_dir, line, DEALER};

const COROLLA: &str = "2022-toyota-corolla-101";
const OTHER_COROLLA: &str = "2022-toyota-corolla-102";

fn paths(pages: &[Page]) -> Vec<(&str, PageKind)> {
    pages.iter().map(|p| (p.path.as_str(), p.kind)).collect()
}

#[test]
fn a_dealer_loaded_and_derived_has_every_page_in_order_and_nothing_rendered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let feed = dir.path().join("feed.jsonl");
    let rows = [
        line(101, COROLLA, "Corolla", "used", 24_990.0, 5, json!({})),
        line(
            102,
            OTHER_COROLLA,
            "Corolla",
            "used",
            23_990.0,
            6,
            json!({}),
        ),
        line(
            103,
            "2022-toyota-rav4-103",
            "RAV4",
            "new",
            41_500.0,
            1,
            json!({}),
        ),
    ];
    std::fs::write(&feed, rows.join("\n") + "\n").expect("feed");
    let mut opts = BuildOptions::new(dealers_dir(), &feed, dir.path().join("dist"));
    opts.only = vec![DEALER.to_string()];

    let loaded = load(&opts).expect("loaded");
    let [stock] = loaded.dealers.as_slice() else {
        panic!("one dealer: {:?}", loaded.dealers.len());
    };
    assert_eq!(stock.cars.len(), 3);
    let view = ViewContext::with_stock(&stock.dealer, &stock.cars, opts.now);
    let cards = CardCache::new(&stock.cars, &view);
    let derived = derive(stock, &view, &cards).expect("derived");
    let pages = derived.pages();

    // The same pages in the same order as the view models' own page list, though the
    // build makes its search landing pages on every core and its cars' pages on demand.
    let expected = site_pages(&stock.dealer, &stock.cars, opts.now);
    assert_eq!(paths(&pages), paths(&expected));
    assert!(pages.iter().any(|p| p.kind == PageKind::Search));
    assert_eq!(
        pages.iter().filter(|p| p.kind == PageKind::Vehicle).count(),
        3
    );

    // A vehicle page links the file of its similar cars, which holds their cards.
    let page = pages
        .iter()
        .find(|p| p.path == format!("/cars/{COROLLA}"))
        .expect("the Corolla's page");
    let props: Value = page.props.value();
    let corolla = stock
        .cars
        .iter()
        .find(|c| c.slug == COROLLA)
        .expect("the Corolla");
    let file = derived
        .cars
        .pages_of(corolla)
        .similar
        .expect("similar cars");
    assert_eq!(props["page"]["similar_url"], json!(file.path));
    assert_eq!(file.path, format!("/_site/similar/{COROLLA}.json"));
    let file: Value = serde_json::from_str(&file.json).expect("similar cars file");
    let similar = file["cars"].as_array().expect("similar cars");
    let other = stock
        .cars
        .iter()
        .find(|c| c.slug == OTHER_COROLLA)
        .expect("the other Corolla");
    let expected_card = serde_json::to_value(card_view(other, &view)).expect("card");
    assert_eq!(similar.first(), Some(&expected_card), "{similar:?}");

    // Stopped after derive: no site, staging folder or index was written.
    assert!(
        !opts.out.exists(),
        "nothing written to {}",
        opts.out.display()
    );
}
