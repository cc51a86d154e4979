//! Colour picker orders, reviews, counts, the sales counter's figures, the price-range
//! slider and constants (seed 000 sections 4, 5, 9; seed 001 sections 4, 5, 9).

use domain::entities::{ModelColour, ModelVariant, Review};
use domain::rules::colour_picker::*;
use domain::rules::constants::*;
use domain::rules::counts::*;
use domain::rules::distance::haversine_km;
use domain::rules::format::*;
use domain::rules::reviews::*;
use domain::rules::slider::*;
use serde_json::json;

fn colour(id: u64, oem: &str, variant: &str) -> ModelColour {
    serde_json::from_value(json!({
        "id": id, "name": format!("Colour {id}"), "photo_url": format!("/media/c{id}.svg"),
        "hexCode": "#FFFFFF", "oem_id": oem, "model_variant_name": variant
    }))
    .expect("valid colour")
}

fn variant(name: &str, series: Option<&str>) -> ModelVariant {
    serde_json::from_value(
        json!({"name": name, "full_name": format!("Omoda 5 {name}"), "series": series}),
    )
    .expect("valid variant")
}

#[test]
fn body_style_sort_order() {
    let cases = [
        ("wagon", 1),
        ("dual_cab", 1),
        ("2_door", 1),
        ("sedan", 2),
        ("extra_cab", 2),
        ("4_door", 2),
        ("hatch", 3),
        ("single_cab", 3),
        ("coupe", 4),
    ];
    for (oem, rank) in cases {
        assert_eq!(body_style_rank(Some(oem)), rank, "{oem}");
    }
    assert_eq!(body_style_rank(None), 4);
    let sorted = sort_by_body_style(&[
        colour(1, "hatch", "EX"),
        colour(2, "sedan", "EX"),
        colour(3, "wagon", "EX"),
        colour(4, "single_cab", "EX"),
    ]);
    assert_eq!(
        sorted.iter().map(|c| c.id).collect::<Vec<_>>(),
        [3, 2, 1, 4]
    );
}

#[test]
fn tabs_need_three_body_styles_and_more_than_15_colours() {
    let styles = ["wagon", "sedan", "hatch"];
    let make = |n: usize, kinds: usize| -> Vec<ModelColour> {
        (0..n)
            .map(|i| colour(i as u64, styles[i % kinds], "EX"))
            .collect()
    };
    let cases = [
        ("3 styles, 16 colours", make(16, 3), true),
        ("3 styles, 15 colours", make(15, 3), false),
        ("2 styles, 20 colours", make(20, 2), false),
    ];
    for (name, colours, tabs) in cases {
        assert_eq!(shows_body_style_tabs(&colours), tabs, "{name}");
    }
    assert_eq!(body_styles(&make(16, 3)), ["wagon", "sedan", "hatch"]);
}

#[test]
fn series_sort_order_duo_city_sport() {
    // Seed 000 s9: "Series sort order duo, city, sport on one variant": the order of the
    // dealer that sets it (search.series_sort_order), any case; unnamed series follow.
    let variants = vec![
        variant("A", Some("Sport")),
        variant("B", None),
        variant("C", Some("city")),
        variant("D", Some("DUO")),
    ];
    let names = |order: &[&str]| -> Vec<String> {
        sort_variants_by_series(&variants, order)
            .into_iter()
            .map(|v| v.name)
            .collect()
    };
    assert_eq!(names(&["duo", "city", "sport"]), ["D", "C", "A", "B"]);
    // A dealer without an order keeps the model file's order.
    assert_eq!(names(&[]), ["A", "B", "C", "D"]);
}

fn review(id: u64, rating: f64, day: &str) -> Review {
    serde_json::from_value(
        json!({"id": id, "customer_name": "Jo", "rating": rating, "review_date": day}),
    )
    .expect("valid review")
}

#[test]
fn stars_reviews_and_minimum_rating() {
    // sample aggregate 4498 reviews averaging 4.6: 4 whole stars plus 0.6
    let cases = [
        (4.6, 4, 0.6),
        (5.0, 4, 1.0),
        (3.25, 3, 0.3),
        (0.0, 0, 0.0),
        (4.0, 4, 0.0),
        (7.0, 4, 1.0),
    ];
    for (average, whole, partial) in cases {
        let stars = star_rating(average);
        assert_eq!((stars.whole, stars.partial), (whole, partial), "{average}");
    }
    let sample = summary_from_aggregate(Some(4.6), Some(4498)).expect("has reviews");
    assert_eq!((sample.count, sample.average), (4498, 4.6));
    assert_eq!(summary_from_aggregate(Some(4.6), Some(0)), None);

    let reviews = vec![
        review(1, 5.0, "2026-01-01"),
        review(2, 3.0, "2026-03-01"),
        review(3, 4.0, "2026-02-01"),
    ];
    let summary = summarise(&reviews).expect("has reviews");
    assert_eq!((summary.count, summary.average), (3, 4.0));
    let shown: Vec<u64> = shown_reviews(&reviews, DEFAULT_MIN_REVIEW_RATING)
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(shown, [3, 1], "minimum rating 4, newest first");
    assert_eq!(shown_reviews(&reviews, 1.0).len(), 3);
}

#[test]
fn counts_above_1999_are_capped() {
    let cases = [
        ("exact count", 1999, Some(5000), vec![], 1999),
        (
            "capped: stock count used",
            2000,
            Some(3125),
            vec![1000, 1500],
            3125,
        ),
        (
            "capped: facet counts summed",
            2000,
            None,
            vec![1000, 1500, 700],
            3200,
        ),
        ("small count", 12, None, vec![], 12),
    ];
    for (name, reported, stock, facets, expected) in cases {
        assert_eq!(
            displayed_count(reported, stock, &facets),
            expected,
            "{name}"
        );
    }
}

#[derive(serde::Deserialize)]
struct SalesCounterCases {
    counter: SalesCounterFigures,
}

#[derive(serde::Deserialize)]
struct SalesCounterFigures {
    sales_per_day: u32,
    seconds_per_sale: u32,
    utc_offset_seconds: i32,
}

#[test]
fn sales_counter_figures_are_the_counted_ones() {
    // The browser counts the table's cases from these figures
    // (frontend/src/features/home/sales-count.test.ts); the home page sends ours.
    let table: SalesCounterCases =
        serde_json::from_str(include_str!("data/sales_counter_cases.json"))
            .expect("case table parses");
    let figures = table.counter;
    assert_eq!(
        (
            figures.sales_per_day,
            figures.seconds_per_sale,
            figures.utc_offset_seconds
        ),
        (SALES_PER_DAY, SECONDS_PER_SALE, BRISBANE_UTC_OFFSET_SECONDS)
    );
    assert_eq!(SALES_PER_DAY * SECONDS_PER_SALE, 86_400);
}

#[test]
fn price_range_slider_steps_500_and_thumbs_never_meet() {
    let (min, max) = (PRICE_RANGE_DEFAULT_MIN, PRICE_RANGE_DEFAULT_MAX);
    assert_eq!((min, max, PRICE_RANGE_STEP), (5000.0, 250_000.0, 500.0));
    let cases = [
        (
            "low snaps to 500",
            price_range_set_low(min, 40_000.0, min, 12_340.0),
            12_500.0,
        ),
        (
            "low stays below high",
            price_range_set_low(min, 40_000.0, min, 40_000.0),
            39_500.0,
        ),
        (
            "low not under min",
            price_range_set_low(10_000.0, 40_000.0, min, 100.0),
            5_000.0,
        ),
        (
            "high stays above low",
            price_range_set_high(20_000.0, 40_000.0, max, 20_000.0),
            20_500.0,
        ),
        (
            "high not over max",
            price_range_set_high(20_000.0, 40_000.0, max, 300_000.0),
            250_000.0,
        ),
    ];
    for (name, got, expected) in cases {
        assert_eq!(got, expected, "{name}");
    }
    assert_eq!(parse_money("$5,000"), Some(5000.0));
    assert_eq!(parse_money("five"), None);
}

#[derive(serde::Deserialize)]
struct DistanceTable {
    cases: Vec<DistanceCase>,
}

#[derive(serde::Deserialize)]
struct DistanceCase {
    note: String,
    from: (f64, f64),
    to: (f64, f64),
    km: f64,
}

#[test]
fn haversine_distance_table() {
    // The table the dealer locator reads too (frontend/src/features/locator/locator-state.test.ts).
    let table: DistanceTable =
        serde_json::from_str(include_str!("data/distance_cases.json")).expect("parses");
    assert!(!table.cases.is_empty());
    for case in table.cases {
        let got = haversine_km(case.from.0, case.from.1, case.to.0, case.to.1);
        assert!(
            (got - case.km).abs() < 1e-6,
            "{}: {got} km, expected {} km",
            case.note,
            case.km
        );
    }
}

#[test]
fn constants_and_video_position() {
    assert_eq!(
        DISTANCE_CHOICES_KM,
        [25, 50, 75, 100, 150, 250, 500, 750, 1000]
    );
    assert_eq!(
        (
            DEFAULT_RADIUS_KM,
            MAP_PICK_RADIUS_KM,
            MAP_PICK_NEAREST,
            MAP_MAX_ZOOM
        ),
        (50, 250, 5, 15)
    );
    assert_eq!(
        breakpoints::ALL,
        [
            ("xs", 400),
            ("sm", 576),
            ("md", 768),
            ("lg", 992),
            ("xl", 1200),
            ("xxl", 1400)
        ]
    );
    assert_eq!(
        (
            AUTOCOMPLETE_DEBOUNCE_MS,
            SEARCH_BOX_DEBOUNCE_MS,
            SLIDER_DEBOUNCE_MS
        ),
        (300, 300, 400)
    );
    assert_eq!(
        (
            PAGE_SIZE,
            MAKES_SHOWN_FIRST,
            POPULAR_MAKES_COUNT,
            MODEL_LIST_LIMIT
        ),
        (21, 7, 20, 30)
    );
    assert_eq!((RESERVE_DEPOSIT_DOLLARS, RESERVE_HOLD_HOURS), (200, 48));
    assert_eq!(
        (
            SPIN_INTERVAL_MS,
            SPIN_DRAG_SENSITIVITY,
            STICKY_HEADER_PX,
            BOTTOM_BAR_PX,
            COLLAPSE_MS
        ),
        (100, 20, 500, 900, 300)
    );
    let video = [
        (VideoPosition::Start, 0),
        (VideoPosition::Second, 1),
        (VideoPosition::Middle, 5),
        (VideoPosition::End, 10),
    ];
    for (position, index) in video {
        assert_eq!(position.index(10), index, "{position:?}");
    }
    assert_eq!(VideoPosition::default(), VideoPosition::Second);
}

#[test]
fn formatting_helpers() {
    let cases = [
        (1000.0, "$1,000"),
        (250_000.0, "$250,000"),
        (999.4, "$999"),
        (0.0, "$0"),
        (-1500.0, "-$1,500"),
        (1_234_567.0, "$1,234,567"),
    ];
    for (amount, text) in cases {
        assert_eq!(format_dollars(amount), text);
    }
    assert_eq!(
        format_au_date("2027-03-12".parse().expect("date")),
        "12/03/2027"
    );
    assert_eq!(
        truncate_chars("hello world", 6),
        Truncated {
            text: "hello...".into(),
            truncated: true
        }
    );
}
