//! Colour picker, reviews, promo cards, counts, sales counter, sliders and constants
//! (seed 000 sections 4, 5, 9; seed 001 sections 4, 5, 9).

use chrono::{DateTime, NaiveDate, Utc};
use domain::car::CarType;
use domain::entities::{ModelColour, ModelVariant, PromoNode, Review};
use domain::rules::colour_picker::*;
use domain::rules::constants::*;
use domain::rules::counts::*;
use domain::rules::distance::haversine_km;
use domain::rules::format::*;
use domain::rules::promo::*;
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
fn picker_state_defaults_resets_and_wraps() {
    let variants = vec![variant("EX", None), variant("EX+", None)];
    let colours = vec![
        colour(1, "wagon", "EX"),
        colour(2, "wagon", "EX"),
        colour(3, "wagon", "EX"),
        colour(4, "wagon", "EX+"),
    ];
    let state = ColourPickerState::initial(&colours, &variants);
    assert_eq!(
        (state.variant, state.colour),
        (0, 0),
        "selected variant defaults to the first"
    );
    let visible = state.visible_colours(&colours, &variants);
    assert_eq!(visible.iter().map(|c| c.id).collect::<Vec<_>>(), [1, 2, 3]);
    // arrows wrap at both ends
    let prev = state.previous(visible.len());
    assert_eq!(prev.colour, 2);
    assert_eq!(prev.next(visible.len()).colour, 0);
    let moved = state.next(3).next(3);
    assert_eq!(moved.colour, 2);
    // changing variant resets the colour to the first
    let other = moved.select_variant(1, &colours, &variants);
    assert_eq!((other.variant, other.colour), (1, 0));
    assert_eq!(
        other
            .visible_colours(&colours, &variants)
            .iter()
            .map(|c| c.id)
            .collect::<Vec<_>>(),
        [4]
    );
    assert_eq!(state.next(0).colour, 0);

    // With tabs, only colours of the chosen body style show.
    let many: Vec<ModelColour> = (0..18)
        .map(|i| colour(i, ["hatch", "sedan", "wagon"][(i % 3) as usize], "EX"))
        .collect();
    let tabbed = ColourPickerState::initial(&many, &variants);
    assert_eq!(tabbed.body_style.as_deref(), Some("wagon"));
    assert!(tabbed
        .visible_colours(&many, &variants)
        .iter()
        .all(|c| c.oem_id.as_deref() == Some("wagon")));
    let sedans = tabbed.select_body_style("sedan");
    assert_eq!(sedans.visible_colours(&many, &variants).len(), 6);
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

fn promo(
    position: u32,
    display: &[&str],
    strict: bool,
    start: Option<&str>,
    expiry: Option<&str>,
) -> PromoNode {
    serde_json::from_value(json!({
        "position": position, "display": display, "strictDisplay": strict,
        "start": start, "expiry": expiry, "node": {"kind": "we_want_your_car"}
    }))
    .expect("valid promo")
}

#[test]
fn promo_visibility() {
    let today: NaiveDate = "2026-06-10".parse().expect("date");
    let used = [CarType::Used];
    let cases = [
        (
            "within dates",
            promo(0, &[], false, Some("2026-06-01"), Some("2026-06-15")),
            &used[..],
            true,
        ),
        (
            "start day included",
            promo(0, &[], false, Some("2026-06-10"), None),
            &used[..],
            true,
        ),
        (
            "expiry day included",
            promo(0, &[], false, None, Some("2026-06-10")),
            &used[..],
            true,
        ),
        (
            "before start",
            promo(0, &[], false, Some("2026-06-11"), None),
            &used[..],
            false,
        ),
        (
            "after expiry (mid-June EOFY promo)",
            promo(0, &[], false, None, Some("2026-06-09")),
            &used[..],
            false,
        ),
        (
            "display type matches",
            promo(0, &["used"], false, None, None),
            &used[..],
            true,
        ),
        (
            "display type differs",
            promo(0, &["new"], false, None, None),
            &used[..],
            false,
        ),
        (
            "unrestricted search shows typed promo",
            promo(0, &["new"], false, None, None),
            &[][..],
            true,
        ),
        (
            "strict: exact types",
            promo(0, &["new", "demo"], true, None, None),
            &[CarType::Demo, CarType::New][..],
            true,
        ),
        (
            "strict: superset search hides",
            promo(0, &["new"], true, None, None),
            &[CarType::New, CarType::Used][..],
            false,
        ),
        (
            "strict: unrestricted search hides",
            promo(0, &["new"], true, None, None),
            &[][..],
            false,
        ),
    ];
    for (name, p, search, expected) in cases {
        assert_eq!(promo_visible(&p, today, search), expected, "{name}");
    }
}

#[test]
fn promo_insertion_positions() {
    let today: NaiveDate = "2026-06-10".parse().expect("date");
    let results = ["a", "b", "c", "d"];
    let promos = vec![
        promo(2, &[], false, None, None),
        promo(0, &[], false, None, None),
        promo(9, &[], false, None, None),
        promo(1, &["new"], false, None, None),
    ];
    let cells = insert_promos(&results, &promos, today, &[CarType::Used]);
    let shape: Vec<String> = cells
        .iter()
        .map(|c| match c {
            ResultCell::Result(r) => r.to_string(),
            ResultCell::Promo(p) => format!("P{}", p.position),
        })
        .collect();
    assert_eq!(shape, ["P0", "a", "P2", "b", "c", "d", "P9"]);
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
    cases: Vec<SalesCounterCase>,
}

#[derive(serde::Deserialize)]
struct SalesCounterCase {
    note: String,
    instant: DateTime<Utc>,
    sales: u32,
}

#[test]
fn sales_counter_in_brisbane_time() {
    // The same table drives the browser's counter (frontend/src/features/home/sales-counter.test.ts).
    let table: SalesCounterCases =
        serde_json::from_str(include_str!("data/sales_counter_cases.json"))
            .expect("case table parses");
    assert!(table.cases.len() >= 6);
    for case in table.cases {
        assert_eq!(
            sales_so_far_today(case.instant),
            case.sales,
            "{}",
            case.note
        );
    }
    assert_eq!(SALES_PER_DAY * SECONDS_PER_SALE, 86_400);
}

#[test]
fn range_slider_rules() {
    let s = SliderState::new(3_000.0, Some(87_000.0));
    assert_eq!(
        slider_step(s.facet_min, s.facet_max),
        840.0,
        "one hundredth of the range"
    );
    assert_eq!(
        SliderState::new(0.0, None).facet_max,
        100_000.0,
        "default slider max"
    );
    let cases = [
        (
            "rounded to nearest 1000",
            s.set_low(SliderKind::Price, 12_499.0)
                .map(|n| (n.low, n.high)),
            Some((12_000.0, 87_000.0)),
        ),
        (
            "km rounded too",
            s.set_high(SliderKind::Km, 45_500.0)
                .map(|n| (n.low, n.high)),
            Some((3_000.0, 46_000.0)),
        ),
        (
            "year not rounded",
            s.set_low(SliderKind::Other, 12_499.0)
                .map(|n| (n.low, n.high)),
            Some((12_499.0, 87_000.0)),
        ),
        (
            "below the minimum is ignored",
            s.set_low(SliderKind::Price, 2_999.0)
                .map(|n| (n.low, n.high)),
            None,
        ),
        (
            "above the maximum is ignored",
            s.set_high(SliderKind::Price, 87_001.0)
                .map(|n| (n.low, n.high)),
            None,
        ),
        (
            "rounding clamped within the facet",
            s.set_high(SliderKind::Price, 86_900.0)
                .map(|n| (n.low, n.high)),
            Some((3_000.0, 87_000.0)),
        ),
        (
            "rounding below facet min clamped",
            s.set_low(SliderKind::Price, 3_400.0)
                .map(|n| (n.low, n.high)),
            Some((3_000.0, 87_000.0)),
        ),
    ];
    for (name, got, expected) in cases {
        assert_eq!(got, expected, "{name}");
    }
    let narrowed = s.set_high(SliderKind::Price, 20_000.0).expect("in range");
    assert_eq!(
        narrowed.set_low(SliderKind::Price, 50_000.0).map(|n| n.low),
        Some(20_000.0),
        "min cannot pass max"
    );
    let raised = s.set_low(SliderKind::Price, 40_000.0).expect("in range");
    assert_eq!(
        raised.set_high(SliderKind::Price, 10_000.0).map(|n| n.high),
        Some(40_000.0),
        "max cannot drop below min"
    );
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
    assert_eq!(
        price_range_param("$5,000", "$250,000").as_deref(),
        Some("5000:250000")
    );
    assert_eq!(price_range_param("five", "$250,000"), None);
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
