//! The search page rules the browser applies too, on the case tables it shares with the
//! frontend's tests (`domain/tests/data/*_cases.json`): the price-range slider (seed 001
//! s4/s9) and sold-run collapsing (seed 000 s4). The filter sliders (seed 000 s5) and promo
//! cards (seed 000 s2/s4) run only in the browser; here their tables are held to the
//! values and shapes Rust writes.

use chrono::NaiveDate;
use domain::car::CarType;
use domain::entities::PromoNode;
use domain::rules::availability::collapse_sold_runs;
use domain::rules::slider::{
    price_range_set_high, price_range_set_low, DEFAULT_SLIDER_MAX, PRICE_RANGE_DEFAULT_MAX,
    PRICE_RANGE_DEFAULT_MIN, PRICE_RANGE_STEP,
};
use serde::Deserialize;

fn cases<T: for<'de> Deserialize<'de>>(text: &str) -> T {
    serde_json::from_str(text).expect("case table parses")
}

/// The filter sliders' moves run only in the browser; the table they are tested on
/// carries the default maximum the search page gets from Rust.
#[derive(Deserialize)]
struct SliderCases {
    default_slider_max: f64,
}

#[derive(Deserialize)]
struct PriceRangeCases {
    defaults: PriceRangeDefaults,
    moves: Vec<PriceRangeMove>,
}

#[derive(Deserialize)]
struct PriceRangeDefaults {
    min: f64,
    max: f64,
    step: f64,
}

#[derive(Deserialize)]
struct PriceRangeMove {
    name: String,
    side: String,
    value: f64,
    /// low, high
    state: [f64; 2],
    /// min, max
    bounds: [f64; 2],
    expected: f64,
}

/// Seed 001 s9 "Price slider defaults min 5000, max 250000, step 500" and s4 "the low
/// value can never reach the high value and vice versa", on the table the browser's
/// price-range slider is tested on too.
#[test]
fn price_range_slider_follows_the_shared_cases() {
    let table: PriceRangeCases = cases(include_str!("data/price_range_cases.json"));
    assert_eq!(
        (table.defaults.min, table.defaults.max, table.defaults.step),
        (
            PRICE_RANGE_DEFAULT_MIN,
            PRICE_RANGE_DEFAULT_MAX,
            PRICE_RANGE_STEP
        )
    );
    assert!(!table.moves.is_empty());
    for case in &table.moves {
        let ([low, high], [min, max]) = (case.state, case.bounds);
        let got = match case.side.as_str() {
            "low" => price_range_set_low(low, high, min, case.value),
            "high" => price_range_set_high(low, high, max, case.value),
            other => panic!("{}: unknown side {other}", case.name),
        };
        assert_eq!(got, case.expected, "{}", case.name);
    }
}

#[test]
fn slider_table_default_max_is_the_one_the_page_gets() {
    let table: SliderCases = cases(include_str!("data/slider_cases.json"));
    assert_eq!(table.default_slider_max, DEFAULT_SLIDER_MAX);
}

#[derive(Deserialize)]
struct CollapseCases {
    cases: Vec<CollapseCase>,
}

#[derive(Deserialize)]
struct CollapseCase {
    name: String,
    available: Vec<bool>,
    shown: Vec<usize>,
}

#[test]
fn sold_runs_collapse_as_the_shared_cases_say() {
    let table: CollapseCases = cases(include_str!("data/collapse_cases.json"));
    for case in &table.cases {
        assert_eq!(
            collapse_sold_runs(&case.available),
            case.shown,
            "{}",
            case.name
        );
    }
}

/// Promo visibility and placement run only in the browser (`frontend/src/features/search/
/// results.ts`, which knows the shopper's day); the table they are tested on must hold
/// promos and car types as dealers configure them.
#[derive(Deserialize)]
struct PromoCases {
    #[serde(rename = "visibility")]
    _visibility: Vec<VisibilityCase>,
    #[serde(rename = "insertion")]
    _insertion: Vec<InsertionCase>,
}

#[derive(Deserialize)]
struct VisibilityCase {
    #[serde(rename = "promo")]
    _promo: PromoNode,
    #[serde(rename = "today")]
    _today: NaiveDate,
    #[serde(rename = "search_types")]
    _search_types: Vec<CarType>,
}

#[derive(Deserialize)]
struct InsertionCase {
    #[serde(rename = "promos")]
    _promos: Vec<PromoNode>,
    #[serde(rename = "today")]
    _today: NaiveDate,
    #[serde(rename = "search_types")]
    _search_types: Vec<CarType>,
}

#[test]
fn promo_table_holds_configured_promos() {
    let _: PromoCases = cases(include_str!("data/promo_cases.json"));
}
