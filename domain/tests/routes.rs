//! The route table (`domain::routes`): every file it names exists, every page kind has a
//! route, no two patterns serve the same paths, every page the sample dealers' sites
//! publish is served by exactly one route of its kind, and `docs/routes.md` is the table.
//!
//! Regenerate the document with
//!     FORECOURT_UPDATE_TYPES=1 cargo test -p domain --test routes

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, TimeZone, Utc};
use domain::car::Car;
use domain::config::{load_dealers, Dealer};
use domain::routes::{route_for, route_of, routes_markdown, Route, ROUTES};
use domain::view::{site_pages, PageKind};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn samples() -> Vec<Dealer> {
    load_dealers(&root().join("dealers"))
        .unwrap_or_else(|errors| panic!("dealers/ must load:\n{errors}"))
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
        .single()
        .expect("valid time")
}

/// A small stock at the dealer's first location: new, used and demo cars of its brands
/// (so it has make, model, body and type landing pages) and a sold one.
fn stock(dealer: &Dealer) -> Vec<Car> {
    let location = dealer
        .locations
        .first()
        .map_or_else(|| dealer.config.slug.clone(), |l| l.slug.clone());
    let make = dealer
        .config
        .manufacturer
        .clone()
        .or_else(|| dealer.brands.first().map(|b| b.name.clone()))
        .unwrap_or_else(|| "Toyota".to_string());
    let other = dealer
        .brands
        .iter()
        .map(|b| b.name.clone())
        .find(|name| *name != make)
        .unwrap_or_else(|| make.clone());
    [
        (1, make.as_str(), "Alpha", "new", "in_stock", "SUV"),
        (2, make.as_str(), "Alpha", "used", "in_stock", "SUV"),
        (3, other.as_str(), "Beta", "demo", "in_stock", "Ute"),
        (4, make.as_str(), "Gamma", "used", "sold", "Hatch"),
    ]
    .into_iter()
    .map(|(id, make, model, car_type, status, body)| {
        serde_json::from_value(serde_json::json!({
            "id": id, "slug": format!("car-{id}"), "year": 2024, "make": make,
            "model": model, "car_type": car_type, "status": status,
            "created_at": "2026-11-01T00:00:00Z", "dealership_slug": location,
            "price": 30000.0, "simple_body": body,
            "sold": status == "sold", "sold_at": "2026-11-21T12:00:00Z"
        }))
        .expect("car")
    })
    .collect()
}

#[test]
fn every_file_the_table_names_exists() {
    for route in ROUTES {
        for file in [route.view, route.component] {
            assert!(
                root().join(file).is_file(),
                "{}: {file} does not exist",
                route.pattern
            );
        }
    }
}

#[test]
fn every_page_kind_has_a_route() {
    for kind in PageKind::ALL {
        assert!(
            ROUTES.iter().any(|r| r.kind == kind),
            "no route renders {kind:?}"
        );
    }
}

/// Two patterns of different shapes that match one path differ in where they name a
/// literal, so with no two of one shape every path has exactly one best route.
#[test]
fn no_two_routes_serve_the_same_paths() {
    let mut shapes: BTreeMap<String, &Route> = BTreeMap::new();
    for route in ROUTES {
        if route.chosen_by.is_some() {
            assert!(
                route.pattern.starts_with('{'),
                "{}: a dealer-named route's pattern is its setting in braces",
                route.pattern
            );
            continue;
        }
        assert!(route.pattern.starts_with('/'), "{}", route.pattern);
        if let Some(twin) = shapes.insert(route.shape(), route) {
            panic!(
                "{} and {} serve the same paths",
                twin.pattern, route.pattern
            );
        }
    }
}

#[test]
fn a_path_is_served_by_the_route_with_the_leftmost_literal() {
    let pattern = |path: &str| route_of(path).map(|r| r.pattern);
    assert_eq!(pattern("/"), Some("/"));
    assert_eq!(pattern("/cars/trade-in"), Some("/cars/trade-in"));
    assert_eq!(pattern("/cars/2024-toyota-rav4"), Some("/cars/{slug}"));
    assert_eq!(
        pattern("/cars/x/checkout?car_id=1"),
        Some("/cars/{slug}/checkout")
    );
    assert_eq!(pattern("/search/overview"), Some("/search/{slug}"));
    assert_eq!(pattern("/toyota/overview"), Some("/{brand}/overview"));
    assert_eq!(
        pattern("/search/new-used-and-demo-cars"),
        Some("/search/new-used-and-demo-cars")
    );
    assert_eq!(
        pattern("/search/toyota/rav4"),
        Some("/search/{make}/{model}")
    );
    assert_eq!(pattern("/models/"), None, "an empty segment names nothing");
    assert_eq!(pattern("/no-such-page"), None);
    assert_eq!(
        domain::routes::MODEL.path(&["rav4"]),
        "/models/rav4",
        "a route fills its segments"
    );
    assert_eq!(
        domain::routes::SEARCH_MODEL.path(&["toyota", "rav4"]),
        "/search/toyota/rav4"
    );
}

#[test]
fn every_published_page_is_served_by_one_route_of_its_kind() {
    let mut served: BTreeMap<&str, usize> = BTreeMap::new();
    for dealer in samples() {
        let cars = stock(&dealer);
        for page in site_pages(&dealer, &cars, now()) {
            let slug = &dealer.config.slug;
            let route = route_for(&dealer, &page.path)
                .unwrap_or_else(|| panic!("{slug}: {} matches no route", page.path));
            assert_eq!(
                route.kind, page.kind,
                "{slug}: {} is a {:?} page but its route {} is {:?}",
                page.path, page.kind, route.pattern, route.kind
            );
            *served.entry(route.pattern).or_default() += 1;
        }
    }
    // The samples between them publish most routes; each route they leave out is one a
    // sample does not switch on.
    assert!(served.len() * 3 > ROUTES.len() * 2, "{served:?}");
}

#[test]
fn docs_routes_md_is_the_table() {
    let path = root().join("docs/routes.md");
    let fresh = routes_markdown();
    if std::env::var("FORECOURT_UPDATE_TYPES").is_ok_and(|v| v == "1") {
        fs::write(&path, &fresh).expect("write docs/routes.md");
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "docs/routes.md is out of step with domain/src/routes.rs; run \
         FORECOURT_UPDATE_TYPES=1 cargo test -p domain --test routes"
    );
}
