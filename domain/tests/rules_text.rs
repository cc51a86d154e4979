//! Vehicle page texts, phone choice, fuel calculator and opening hours (seed 001
//! sections 3, 4, 5 and 9; seed 000 sections 4 and 9).

use chrono::NaiveDate;
use domain::car::Car;
use domain::entities::{OpeningHour, SpecialHours};
use domain::rules::fuel::*;
use domain::rules::hours::*;
use domain::rules::phone::*;
use domain::rules::vehicle_text::*;
use serde_json::json;

fn car(extra: serde_json::Value) -> Car {
    let mut base = json!({
        "id": 1, "slug": "car-1", "year": 2022, "make": "Toyota", "model": "RAV4",
        "car_type": "used", "status": "in_stock", "created_at": "2026-10-01T00:00:00Z",
        "dealership_slug": "demo", "price": 30000.0
    });
    if let (Some(base), Some(extra)) = (base.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            base.insert(k.clone(), v.clone());
        }
    }
    serde_json::from_value(base).expect("test car parses")
}

fn date(text: &str) -> NaiveDate {
    text.parse().expect("valid date")
}

#[test]
fn rego_expiry_text_rule() {
    let today = date("2026-11-22");
    let cases = [
        (
            "future shows Expires on dd/mm/yyyy",
            Some("2027-03-12"),
            false,
            Some("Expires on 12/03/2027"),
        ),
        (
            "today still registered",
            Some("2026-11-22"),
            true,
            Some("Expires on 22/11/2026"),
        ),
        (
            "past shows Unregistered on some sites",
            Some("2026-11-21"),
            true,
            Some("Unregistered"),
        ),
        (
            "past shows nothing elsewhere",
            Some("2026-11-21"),
            false,
            None,
        ),
        ("no expiry date", None, true, None),
    ];
    for (name, expiry, show_unregistered, expected) in cases {
        assert_eq!(
            rego_expiry_text(expiry.map(date), today, show_unregistered).as_deref(),
            expected,
            "{name}"
        );
    }
}

#[test]
fn spec_rows_drop_empty_null_and_null_text() {
    let values = [
        json!("2.5L"),
        json!(""),
        json!(null),
        json!("null"),
        json!("NULL"),
        json!(7.4),
        json!("  "),
        json!(5),
    ];
    let labels = [
        "Engine",
        "Badge",
        "Torque",
        "Series",
        "Colour",
        "Fuel Consumption",
        "Drive",
        "ANCAP",
    ];
    let rows = spec_rows(
        labels
            .iter()
            .zip(values.iter())
            .map(|(l, v)| (*l, Some(v)))
            .chain([("Seats", None)]),
    );
    let got: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r.label.as_str(), r.value.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("Engine", "2.5L"),
            ("Fuel Consumption", "7.4"),
            ("ANCAP", "5")
        ]
    );
}

#[test]
fn dealer_comments_paragraphs_pending_and_truncation() {
    let pending = "Dealer comments are pending. Please check back here later.";
    let cases: [(Option<&str>, Vec<&str>, bool, bool); 5] = [
        (None, vec![pending], false, true),
        (Some(""), vec![pending], false, true),
        (Some(" | || "), vec![pending], false, true),
        (
            Some("One owner.|Full service history. | Drives well."),
            vec!["One owner.", "Full service history.", "Drives well."],
            false,
            false,
        ),
        (
            Some("Single paragraph"),
            vec!["Single paragraph"],
            false,
            false,
        ),
    ];
    for (input, paragraphs, truncated, is_pending) in cases {
        let c = dealer_comments(input);
        assert_eq!(c.paragraphs, paragraphs, "{input:?}");
        assert_eq!(c.short_paragraphs, paragraphs, "{input:?}");
        assert_eq!(
            (c.truncated, c.pending),
            (truncated, is_pending),
            "{input:?}"
        );
    }
    // 400 characters: 300 + 150 across two paragraphs cut after 100 of the second.
    let long = format!("{}|{}", "a".repeat(300), "b".repeat(150));
    let c = dealer_comments(Some(&long));
    assert!(c.truncated);
    assert_eq!(c.paragraphs.len(), 2);
    assert_eq!(
        c.short_paragraphs,
        vec!["a".repeat(300), format!("{}...", "b".repeat(100))]
    );
    // Exactly 400 is not truncated; a third paragraph after 400 characters is.
    let exact = dealer_comments(Some(&"c".repeat(400)));
    assert!(!exact.truncated);
    let beyond = dealer_comments(Some(&format!("{}|more", "c".repeat(400))));
    assert!(beyond.truncated);
    assert_eq!(beyond.short_paragraphs, vec!["c".repeat(400)]);
}

#[test]
fn trade_in_estimate_eligibility() {
    let today = date("2026-11-22");
    let cases = [
        ("7 years old, 100,000 km: eligible", 2019, 100_000, true),
        ("8 years old: not eligible", 2018, 50_000, false),
        ("over 100,000 km: not eligible", 2024, 100_001, false),
        ("new car", 2026, 10, true),
    ];
    for (name, year, km, expected) in cases {
        assert_eq!(
            trade_in_estimate_eligible(year, km, today),
            expected,
            "{name}"
        );
    }
}

#[test]
fn blog_promo_truncation() {
    let t = blog_promo_text(&"t".repeat(81), &"d".repeat(100));
    assert_eq!(t.title, format!("{}...", "t".repeat(80)));
    assert_eq!(t.description, "d".repeat(100));
    let t = blog_promo_text("Short", &"d".repeat(101));
    assert_eq!(t.title, "Short");
    assert_eq!(t.description, format!("{}...", "d".repeat(100)));
}

#[test]
fn phone_choice_order() {
    let full = PhoneSettings {
        site_override: Some("1300 000 001".into()),
        new_cars: Some("07 3000 0002".into()),
        demo_cars: Some("07 3000 0003".into()),
        used_cars: Some("07 3000 0004".into()),
        new_fallback: Some("07 3000 0005".into()),
        used_fallback: Some("07 3000 0006".into()),
    };
    let no_override = PhoneSettings {
        site_override: None,
        ..full.clone()
    };
    let fallbacks_only = PhoneSettings {
        site_override: None,
        new_cars: None,
        demo_cars: None,
        used_cars: Some(" ".into()),
        ..full.clone()
    };
    let none = PhoneSettings::default();
    let with_location =
        json!({"location": {"name": "Brisbane", "slug": "brisbane", "phone": "07 3000 0007"}});
    let cases = [
        (
            "site override first",
            &full,
            json!({"car_type": "used"}),
            Some(("1300 000 001", PhoneSource::SiteOverride)),
        ),
        (
            "per-car-type: new",
            &no_override,
            json!({"car_type": "new"}),
            Some(("07 3000 0002", PhoneSource::CarType)),
        ),
        (
            "per-car-type: demo",
            &no_override,
            json!({"car_type": "demo"}),
            Some(("07 3000 0003", PhoneSource::CarType)),
        ),
        (
            "per-car-type: used",
            &no_override,
            json!({"car_type": "used"}),
            Some(("07 3000 0004", PhoneSource::CarType)),
        ),
        (
            "new fallback for demo",
            &fallbacks_only,
            json!({"car_type": "demo"}),
            Some(("07 3000 0005", PhoneSource::Fallback)),
        ),
        (
            "used fallback (blank used number skipped)",
            &fallbacks_only,
            json!({"car_type": "used"}),
            Some(("07 3000 0006", PhoneSource::Fallback)),
        ),
        (
            "car location phone last",
            &none,
            with_location,
            Some(("07 3000 0007", PhoneSource::Location)),
        ),
        ("none: warning", &none, json!({}), None),
    ];
    for (name, settings, overrides, expected) in cases {
        let got = choose_phone(&car(overrides), settings);
        assert_eq!(
            got.as_ref().map(|c| (c.number.as_str(), c.source)),
            expected,
            "{name}"
        );
    }
}

#[test]
fn fuel_calculator_rule() {
    // weekly = 250 / 100 × 10 × 1.70 = 42.50
    let cases = [
        (
            "defaults: 10 L/100km when the variant has none",
            json!({}),
            Some((10.0, 42.5)),
        ),
        (
            "variant economy 7.4",
            json!({"variant": {"fuelconsumptioncombined": 7.4}}),
            Some((7.4, 31.45)),
        ),
        (
            "variant economy as text",
            json!({"variant": {"fuelconsumptioncombined": "6.2 L/100km"}}),
            Some((6.2, 26.35)),
        ),
        (
            "zero economy counts as none",
            json!({"variant": {"fuelconsumptioncombined": 0}}),
            Some((10.0, 42.5)),
        ),
        (
            "hidden for electric",
            json!({"simple_fuel": "Electric"}),
            None,
        ),
        (
            "hybrid is not hidden",
            json!({"simple_fuel": "Hybrid"}),
            Some((10.0, 42.5)),
        ),
    ];
    for (name, overrides, expected) in cases {
        let got = fuel_calculator(&car(overrides), DEFAULT_FUEL_PRICE, DEFAULT_KM_PER_WEEK);
        assert_eq!(
            got.map(|f| (f.consumption, f.weekly_cost)),
            expected,
            "{name}"
        );
    }
    assert_eq!(
        (DEFAULT_FUEL_PRICE, DEFAULT_KM_PER_WEEK, DEFAULT_CONSUMPTION),
        (1.70, 250.0, 10.0)
    );
}

fn hour(weekday: u8, open: Option<(&str, &str)>) -> OpeningHour {
    serde_json::from_value(match open {
        Some((o, c)) => json!({"weekday": weekday, "status": "Open", "open": o, "close": c}),
        None => json!({"weekday": weekday, "status": "Closed"}),
    })
    .expect("valid hour")
}

#[test]
fn formatted_hours_derivation() {
    let cases = [
        ("08:30", "17:30", Some("8:30am - 5:30pm")),
        ("00:00", "12:00", Some("12:00am - 12:00pm")),
        ("09:00:00", "13:15", Some("9:00am - 1:15pm")),
        ("9am", "17:00", None),
    ];
    for (open, close, expected) in cases {
        assert_eq!(
            formatted_hours(open, close).as_deref(),
            expected,
            "{open}-{close}"
        );
    }
    let preformatted: OpeningHour =
        serde_json::from_value(json!({"weekday": 1, "status": "Open", "formated_hours": "8am - 6pm", "open": "08:00", "close": "18:00"}))
            .expect("valid hour");
    assert_eq!(entry_hours(&preformatted).as_deref(), Some("8am - 6pm"));
}

#[test]
fn monday_to_friday_grouping_and_closed_wording() {
    let weekdays = |sat: Option<(&str, &str)>| -> Vec<OpeningHour> {
        let mut hours: Vec<OpeningHour> =
            (1..=5).map(|d| hour(d, Some(("08:30", "17:30")))).collect();
        hours.push(hour(6, sat));
        hours.push(hour(0, None));
        hours
    };
    let rows = hours_rows(
        &weekdays(Some(("08:00", "12:00"))),
        ClosedDisplay::ByAppointmentOnly,
    );
    let got: Vec<(&str, &str, bool)> = rows
        .iter()
        .map(|r| (r.label.as_str(), r.text.as_str(), r.enquire_link))
        .collect();
    assert_eq!(
        got,
        vec![
            ("Monday - Friday", "8:30am - 5:30pm", false),
            ("Saturday", "8:00am - 12:00pm", false),
            ("Sunday", "By appointment only", false),
        ]
    );

    let rows = hours_rows(&weekdays(None), ClosedDisplay::EnquireLink);
    let got: Vec<(&str, &str, bool)> = rows
        .iter()
        .map(|r| (r.label.as_str(), r.text.as_str(), r.enquire_link))
        .collect();
    assert_eq!(
        got[1..],
        [("Saturday", "Enquire", true), ("Sunday", "Enquire", true)]
    );

    // Friday differs: no grouping, seven rows Monday first.
    let mut uneven = weekdays(None);
    uneven[4] = hour(5, Some(("08:30", "16:00")));
    let rows = hours_rows(&uneven, ClosedDisplay::Closed);
    let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday"
        ]
    );
    assert_eq!(rows[4].text, "8:30am - 4:00pm");
    assert_eq!(rows[6].text, "Closed");
    assert!(
        hours_rows(&[], ClosedDisplay::Closed).is_empty(),
        "no opening hours: nothing shown"
    );
}

#[test]
fn special_hours_for_a_date() {
    let weekly: Vec<OpeningHour> = (1..=5).map(|d| hour(d, Some(("08:30", "17:30")))).collect();
    let special: Vec<SpecialHours> = serde_json::from_value(json!([
        {"date": "2026-12-25", "status": "Closed", "name": "Christmas Day"},
        {"date": "2026-12-24", "status": "Open", "start_hour": "09:00", "end_hour": "12:00", "name": "Christmas Eve"}
    ]))
    .expect("valid special hours");
    let cases = [
        ("2026-12-25", false, None, true),
        ("2026-12-24", true, Some("9:00am - 12:00pm"), true),
        ("2026-12-23", true, Some("8:30am - 5:30pm"), false),
        ("2026-12-27", false, None, false),
    ];
    for (day, open, hours, is_special) in cases {
        let got = hours_on(date(day), &weekly, &special);
        assert_eq!(
            (got.open, got.hours.as_deref(), got.special),
            (open, hours, is_special),
            "{day}"
        );
    }
    assert_eq!(
        special_hours_on(date("2026-12-25"), &special).and_then(|s| s.name.as_deref()),
        Some("Christmas Day")
    );
}
