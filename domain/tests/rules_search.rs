//! The search page rules the browser applies too, on the case tables it shares with the
//! frontend's tests (`domain/tests/data/*_cases.json`): range sliders (seed 000 s5),
//! sold-run collapsing (seed 000 s4) and promo cards (seed 000 s2/s4).

use chrono::NaiveDate;
use domain::car::CarType;
use domain::entities::PromoNode;
use domain::rules::availability::collapse_sold_runs;
use domain::rules::promo::{insert_promos, promo_visible, ResultCell};
use domain::rules::slider::{
    price_range_set_high, price_range_set_low, slider_step, SliderKind, SliderState,
    DEFAULT_SLIDER_MAX, PRICE_RANGE_DEFAULT_MAX, PRICE_RANGE_DEFAULT_MIN, PRICE_RANGE_STEP,
};
use serde::Deserialize;

fn cases<T: for<'de> Deserialize<'de>>(text: &str) -> T {
    serde_json::from_str(text).expect("case table parses")
}

#[derive(Deserialize)]
struct SliderCases {
    default_slider_max: f64,
    steps: Vec<StepCase>,
    moves: Vec<MoveCase>,
}

#[derive(Deserialize)]
struct StepCase {
    name: String,
    facet_min: f64,
    facet_max: f64,
    step: f64,
}

#[derive(Deserialize)]
struct MoveCase {
    name: String,
    kind: SliderKind,
    side: String,
    value: f64,
    /// facet_min, facet_max, low, high
    state: [f64; 4],
    expected: Option<[f64; 2]>,
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
fn range_sliders_follow_the_shared_cases() {
    let table: SliderCases = cases(include_str!("data/slider_cases.json"));
    assert_eq!(table.default_slider_max, DEFAULT_SLIDER_MAX);
    assert_eq!(
        SliderState::new(0.0, None).facet_max,
        table.default_slider_max
    );
    for case in &table.steps {
        assert_eq!(
            slider_step(case.facet_min, case.facet_max),
            case.step,
            "{}",
            case.name
        );
    }
    assert!(!table.moves.is_empty());
    for case in &table.moves {
        let [facet_min, facet_max, low, high] = case.state;
        let state = SliderState {
            facet_min,
            facet_max,
            low,
            high,
        };
        let moved = match case.side.as_str() {
            "low" => state.set_low(case.kind, case.value),
            "high" => state.set_high(case.kind, case.value),
            other => panic!("{}: unknown side {other}", case.name),
        };
        assert_eq!(
            moved.map(|s| [s.low, s.high]),
            case.expected,
            "{}",
            case.name
        );
    }
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

#[derive(Deserialize)]
struct PromoCases {
    visibility: Vec<VisibilityCase>,
    insertion: Vec<InsertionCase>,
}

#[derive(Deserialize)]
struct VisibilityCase {
    name: String,
    promo: PromoNode,
    today: NaiveDate,
    search_types: Vec<CarType>,
    visible: bool,
}

#[derive(Deserialize)]
struct InsertionCase {
    name: String,
    results: usize,
    promos: Vec<PromoNode>,
    today: NaiveDate,
    search_types: Vec<CarType>,
    cells: Vec<String>,
}

#[test]
fn promos_show_and_sit_as_the_shared_cases_say() {
    let table: PromoCases = cases(include_str!("data/promo_cases.json"));
    for case in &table.visibility {
        assert_eq!(
            promo_visible(&case.promo, case.today, &case.search_types),
            case.visible,
            "{}",
            case.name
        );
    }
    for case in &table.insertion {
        let results: Vec<usize> = (0..case.results).collect();
        let cells: Vec<String> =
            insert_promos(&results, &case.promos, case.today, &case.search_types)
                .iter()
                .map(|cell| match cell {
                    ResultCell::Result(i) => format!("result {i}"),
                    ResultCell::Promo(p) => {
                        let index = case
                            .promos
                            .iter()
                            .position(|q| std::ptr::eq(q, *p))
                            .expect("a configured promo");
                        format!("promo {index}")
                    }
                })
                .collect();
        assert_eq!(cells, case.cells, "{}", case.name);
    }
}
