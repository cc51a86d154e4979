//! Car rules of seed 000 sections 4, 5 and 9 and seed 001 section 4: stock filters,
//! availability, sold runs, similar cars, favourites, card tags and price comparison.

use chrono::{DateTime, Duration, Utc};
use domain::car::{Car, CarType};
use domain::config::StockFilters;
use domain::rules::availability::*;
use domain::rules::price_comparison::*;
use domain::rules::stock::*;
use domain::rules::tag::*;

fn now() -> DateTime<Utc> {
    "2026-11-22T10:00:00Z".parse().expect("valid instant")
}

fn car(json: serde_json::Value) -> Car {
    let mut base = serde_json::json!({
        "id": 1, "slug": "car-1", "year": 2022, "make": "Toyota", "model": "RAV4",
        "car_type": "used", "status": "in_stock", "created_at": "2026-10-01T00:00:00Z",
        "dealership_slug": "demo", "price": 30000.0
    });
    if let (Some(base), Some(extra)) = (base.as_object_mut(), json.as_object()) {
        for (k, v) in extra {
            base.insert(k.clone(), v.clone());
        }
    }
    serde_json::from_value(base).expect("test car parses")
}

fn images(n: usize) -> serde_json::Value {
    serde_json::Value::Array(
        (0..n)
            .map(|i| serde_json::json!({"url": format!("/media/{i}.svg")}))
            .collect(),
    )
}

#[test]
fn stock_filters_defaults_and_toml_shape() {
    let defaults = StockFilters::default();
    assert_eq!(
        defaults.include_sold_cars_days, 3,
        "seed 001 s9: sold cars shown 3 days by default"
    );
    assert_eq!(DEFAULT_INCLUDE_SOLD_CARS_DAYS, 3);
    let from_empty: StockFilters = serde_json::from_str("{}").expect("all fields default");
    assert_eq!(from_empty, defaults);
    let unknown = serde_json::from_str::<StockFilters>(r#"{"used_onyl": true}"#);
    assert!(unknown.is_err(), "unknown keys are rejected");
}

#[test]
fn keep_car_applies_each_filter() {
    let sold_at = |days: i64| (now() - Duration::days(days)).to_rfc3339();
    let used_only = StockFilters {
        used_only: true,
        ..StockFilters::default()
    };
    let min_photos = StockFilters {
        min_photos: 3,
        ..StockFilters::default()
    };
    let in_stock_only = StockFilters {
        in_stock_only: true,
        ..StockFilters::default()
    };
    let excluded = StockFilters {
        excluded_stock_numbers: vec![" ab123 ".into()],
        ..StockFilters::default()
    };
    let zero_days = StockFilters {
        include_sold_cars_days: 0,
        ..StockFilters::default()
    };
    let d = StockFilters::default();
    let cases = [
        (
            "used-only keeps used",
            &used_only,
            serde_json::json!({"car_type": "used"}),
            true,
        ),
        (
            "used-only drops new",
            &used_only,
            serde_json::json!({"car_type": "new"}),
            false,
        ),
        (
            "used-only drops demo",
            &used_only,
            serde_json::json!({"car_type": "demo"}),
            false,
        ),
        (
            "minimum photos met",
            &min_photos,
            serde_json::json!({"images": images(3)}),
            true,
        ),
        (
            "minimum photos missed",
            &min_photos,
            serde_json::json!({"images": images(2)}),
            false,
        ),
        (
            "in-stock-only keeps in_stock",
            &in_stock_only,
            serde_json::json!({}),
            true,
        ),
        (
            "in-stock-only drops coming_soon",
            &in_stock_only,
            serde_json::json!({"status": "coming_soon"}),
            false,
        ),
        (
            "in-stock-only drops sold flag",
            &in_stock_only,
            serde_json::json!({"sold": true, "sold_at": sold_at(1)}),
            false,
        ),
        (
            "excluded stock number, case and spaces ignored",
            &excluded,
            serde_json::json!({"stocknum": "AB123"}),
            false,
        ),
        (
            "other stock number kept",
            &excluded,
            serde_json::json!({"stocknum": "AB124"}),
            true,
        ),
        (
            "sold 2 days ago is within 3 days",
            &d,
            serde_json::json!({"status": "sold", "sold_at": sold_at(2)}),
            true,
        ),
        (
            "sold exactly 3 days ago is kept",
            &d,
            serde_json::json!({"status": "sold", "sold_at": sold_at(3)}),
            true,
        ),
        (
            "sold 4 days ago is dropped",
            &d,
            serde_json::json!({"status": "sold", "sold_at": sold_at(4)}),
            false,
        ),
        (
            "sold flag without a date is dropped",
            &d,
            serde_json::json!({"sold": true}),
            false,
        ),
        (
            "0 days: sold this instant is still within",
            &zero_days,
            serde_json::json!({"status": "sold", "sold_at": sold_at(0)}),
            true,
        ),
        (
            "0 days: sold an hour ago is dropped",
            &zero_days,
            serde_json::json!({"status": "sold", "sold_at": (now() - Duration::hours(1)).to_rfc3339()}),
            false,
        ),
        (
            "defaults keep an available car",
            &d,
            serde_json::json!({"status": "coming_soon"}),
            true,
        ),
    ];
    for (name, filters, overrides, expected) in cases {
        assert_eq!(
            keep_car(&car(overrides), filters, now()),
            expected,
            "{name}"
        );
    }
}

#[test]
fn availability_and_sold_wording() {
    let cases = [
        (
            "in_stock is available",
            serde_json::json!({"status": "in_stock"}),
            true,
        ),
        (
            "coming_soon is available",
            serde_json::json!({"status": "coming_soon"}),
            true,
        ),
        (
            "sold status is not",
            serde_json::json!({"status": "sold"}),
            false,
        ),
        (
            "sold flag is not",
            serde_json::json!({"status": "in_stock", "sold": true}),
            false,
        ),
    ];
    for (name, overrides, available) in cases {
        let c = car(overrides);
        assert_eq!(is_available(&c), available, "{name}");
        let expected_text = if available { None } else { Some("JUST SOLD") };
        assert_eq!(sold_text(&c, None), expected_text, "{name}");
        assert_eq!(
            sold_text(&c, Some("   ")),
            expected_text,
            "{name}: blank wording falls back"
        );
        assert_eq!(offers_find_similar(&c), !available, "{name}");
    }
    assert_eq!(
        sold_text(&car(serde_json::json!({"status": "sold"})), Some("SOLD")),
        Some("SOLD")
    );
    assert!(
        offers_find_similar(&car(serde_json::json!({"price": 0.0}))),
        "no visible price"
    );
    assert!(
        offers_find_similar(&car(serde_json::json!({"price": null}))),
        "no visible price"
    );
}

#[test]
fn consecutive_sold_cars_collapse_unless_all_sold() {
    // true = available, false = sold
    let cases: [(&str, &[bool], &[usize]); 6] = [
        ("no sold", &[true, true, true], &[0, 1, 2]),
        (
            "a run of three sold shows its first",
            &[true, false, false, false, true],
            &[0, 1, 4],
        ),
        (
            "two separate runs",
            &[false, false, true, false, false],
            &[0, 2, 3],
        ),
        ("single sold cars stay", &[false, true, false], &[0, 1, 2]),
        (
            "every hit sold shows all",
            &[false, false, false],
            &[0, 1, 2],
        ),
        ("empty list", &[], &[]),
    ];
    for (name, available, shown) in cases {
        assert_eq!(collapse_sold_runs(available), shown, "{name}");
    }
    let cars = [
        car(serde_json::json!({"id": 1})),
        car(serde_json::json!({"id": 2, "status": "sold"})),
        car(serde_json::json!({"id": 3, "sold": true})),
    ];
    let available: Vec<bool> = cars.iter().map(is_available).collect();
    let ids: Vec<u64> = collapse_sold_runs(&available)
        .into_iter()
        .map(|i| cars[i].id)
        .collect();
    assert_eq!(ids, vec![1, 2]);
}

#[test]
fn car_types_are_ordered_new_demo_used() {
    assert_eq!(
        order_car_types(&[CarType::Used, CarType::New, CarType::Demo, CarType::Used]),
        vec![CarType::New, CarType::Demo, CarType::Used]
    );
    assert_eq!(
        order_car_types(&[CarType::Used, CarType::Demo]),
        vec![CarType::Demo, CarType::Used]
    );
}

#[test]
fn similar_cars_list_only_in_stock_cars_and_never_the_car() {
    let me = car(serde_json::json!({"id": 1, "simple_body": "SUV", "price": 30000.0}));
    let candidates = vec![
        car(serde_json::json!({"id": 1, "simple_body": "SUV"})),
        car(serde_json::json!({"id": 2, "price": 45000.0})),
        car(serde_json::json!({"id": 3, "price": 31000.0})),
        car(serde_json::json!({"id": 4, "status": "coming_soon"})),
        car(serde_json::json!({"id": 5, "status": "sold"})),
        car(serde_json::json!({"id": 6, "sold": true})),
        car(
            serde_json::json!({"id": 7, "make": "Mazda", "model": "CX-5", "simple_body": "suv", "price": 33000.0}),
        ),
        car(
            serde_json::json!({"id": 8, "make": "Kia", "model": "Sportage", "simple_body": "SUV", "price": 37000.0}),
        ),
        car(
            serde_json::json!({"id": 9, "make": "Kia", "model": "Cerato", "simple_body": "Sedan", "price": 30000.0}),
        ),
        car(
            serde_json::json!({"id": 10, "make": "Kia", "model": "Sorento", "simple_body": "SUV", "price": 25000.0}),
        ),
    ];
    let ids = |settings: &SimilarCarsSettings| -> Vec<u64> {
        similar_cars(&me, &candidates, settings)
            .iter()
            .map(|c| c.id)
            .collect()
    };
    // Same make/model by nearest price (3, 2), then same body within 20% by nearest price (7, 10); 8 is 23% away.
    assert_eq!(ids(&SimilarCarsSettings::default()), vec![3, 2, 7, 10]);
    assert_eq!(
        ids(&SimilarCarsSettings {
            count: 2,
            ..SimilarCarsSettings::default()
        }),
        vec![3, 2]
    );
    assert_eq!(
        ids(&SimilarCarsSettings {
            price_share: 0.25,
            count: 10
        }),
        vec![3, 2, 7, 10, 8]
    );
    assert_eq!(DEFAULT_SIMILAR_CARS_COUNT, 4);
}

/// Seed 000 s4 as written: every candidate compared with the car, sorted by price distance
/// (stock order among ties). The index must answer the same.
fn similar_by_scanning<'a>(
    car: &Car,
    candidates: &'a [Car],
    settings: &SimilarCarsSettings,
) -> Vec<&'a Car> {
    let key = |text: &str| text.trim().to_ascii_lowercase();
    let listable = |other: &&Car| {
        other.id != car.id && !other.sold && other.status == domain::car::CarStatus::InStock
    };
    let price = car.visible_price();
    let distance = |other: &Car| match (price, other.visible_price()) {
        (Some(a), Some(b)) => (a - b).abs(),
        _ => f64::INFINITY,
    };
    let same_model =
        |other: &Car| key(&other.make) == key(&car.make) && key(&other.model) == key(&car.model);
    let mut model: Vec<&Car> = candidates
        .iter()
        .filter(listable)
        .filter(|o| same_model(o))
        .collect();
    let mut body: Vec<&Car> = match (car.simple_body.as_deref(), price) {
        (Some(b), Some(p)) => candidates
            .iter()
            .filter(listable)
            .filter(|o| !same_model(o) && o.simple_body.as_deref().map(key) == Some(key(b)))
            .filter(|o| {
                o.visible_price()
                    .is_some_and(|q| (p - q).abs() <= p * settings.price_share)
            })
            .collect(),
        _ => Vec::new(),
    };
    model.sort_by(|a, b| distance(a).total_cmp(&distance(b)));
    body.sort_by(|a, b| distance(a).total_cmp(&distance(b)));
    model.into_iter().chain(body).take(settings.count).collect()
}

#[test]
fn the_similar_index_answers_as_a_scan_of_every_car() {
    // A small deterministic mix with many equal prices (ties), unpriced, sold and coming
    // soon cars, and bodies written in different cases.
    let mut seed = 7_u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let models = [
        ("Toyota", "RAV4"),
        ("Toyota", "HiLux"),
        ("Mazda", "CX-5"),
        ("Kia", "Sportage"),
        ("toyota", "rav4 "),
    ];
    let bodies = ["SUV", "suv", "Ute", "Sedan"];
    let stock: Vec<Car> = (1..=400)
        .map(|id| {
            let (make, model) = models[next(models.len() as u64) as usize];
            let price = if next(8) == 0 { 0.0 } else { 20_000.0 + 1_000.0 * next(30) as f64 };
            let status = ["in_stock", "in_stock", "in_stock", "coming_soon", "sold"][next(5) as usize];
            let mut extra = serde_json::json!({"id": id, "make": make, "model": model, "price": price, "status": status, "sold": next(20) == 0});
            if next(6) != 0 {
                extra["simple_body"] = serde_json::json!(bodies[next(bodies.len() as u64) as usize]);
            }
            car(extra)
        })
        .collect();
    let index = SimilarIndex::new(&stock);
    for settings in [
        SimilarCarsSettings::default(),
        SimilarCarsSettings {
            count: 12,
            price_share: 0.1,
        },
        SimilarCarsSettings {
            count: 0,
            price_share: 0.2,
        },
    ] {
        for me in &stock {
            let ids = |cars: Vec<&Car>| cars.iter().map(|c| c.id).collect::<Vec<u64>>();
            assert_eq!(
                ids(index.similar(me, &settings)),
                ids(similar_by_scanning(me, &stock, &settings)),
                "car {} with {settings:?}",
                me.id
            );
        }
    }
}

#[test]
fn favourites_save_button_and_autograb() {
    let used = car(serde_json::json!({"images": images(1)}));
    let used_no_images = car(serde_json::json!({}));
    let new_car = car(serde_json::json!({"car_type": "new", "images": images(1)}));
    let free = car(serde_json::json!({"price": 0.0, "images": images(1)}));
    let sold = car(serde_json::json!({"status": "sold", "images": images(1)}));
    let cases = [
        (
            "disabled by configuration",
            &used,
            false,
            FavouritesRule::Purchasable,
            false,
        ),
        (
            "enabled and purchasable",
            &used,
            true,
            FavouritesRule::Purchasable,
            true,
        ),
        (
            "not purchasable (sold)",
            &sold,
            true,
            FavouritesRule::Purchasable,
            false,
        ),
        (
            "variant: used, price above 0, images",
            &used,
            true,
            FavouritesRule::UsedWithPriceAndImages,
            true,
        ),
        (
            "variant: no images",
            &used_no_images,
            true,
            FavouritesRule::UsedWithPriceAndImages,
            false,
        ),
        (
            "variant: new car",
            &new_car,
            true,
            FavouritesRule::UsedWithPriceAndImages,
            false,
        ),
        (
            "variant: price 0",
            &free,
            true,
            FavouritesRule::UsedWithPriceAndImages,
            false,
        ),
    ];
    for (name, c, enabled, rule, expected) in cases {
        assert_eq!(favourites_offered(c, enabled, rule), expected, "{name}");
    }
    // A sold car shows a save button only when already saved.
    assert!(!show_save_button(&sold, false));
    assert!(show_save_button(&sold, true));
    assert!(show_save_button(&used, false));

    let autograb = [
        (
            "in_stock, price over 200",
            serde_json::json!({"price": 201.0}),
            true,
        ),
        (
            "price 200 is not over 200",
            serde_json::json!({"price": 200.0}),
            false,
        ),
        ("no price", serde_json::json!({"price": null}), false),
        ("reserved", serde_json::json!({"reserved": true}), false),
        ("sold flag", serde_json::json!({"sold": true}), false),
        (
            "coming_soon",
            serde_json::json!({"status": "coming_soon"}),
            false,
        ),
    ];
    for (name, overrides, expected) in autograb {
        assert_eq!(autograb_purchasable(&car(overrides)), expected, "{name}");
    }
}

#[test]
fn search_status_filter() {
    let sold_at = |days: i64| (now() - Duration::days(days)).to_rfc3339();
    let cases = [
        ("in_stock", serde_json::json!({}), true),
        (
            "coming_soon",
            serde_json::json!({"status": "coming_soon"}),
            true,
        ),
        (
            "sold within the window",
            serde_json::json!({"status": "sold", "sold_at": sold_at(2)}),
            true,
        ),
        (
            "sold before the window",
            serde_json::json!({"status": "sold", "sold_at": sold_at(5)}),
            false,
        ),
        (
            "show_on_dealer_website false",
            serde_json::json!({"show_on_dealer_website": false}),
            false,
        ),
    ];
    for (name, overrides, expected) in cases {
        assert_eq!(
            passes_search_status_filter(&car(overrides), 3, now()),
            expected,
            "{name}"
        );
    }
}

#[test]
fn card_tag_priority_order() {
    let all_on = TagSettings {
        fuel_tags: true,
        certified_manufacturer: Some("Toyota".into()),
        green_tag_text: Some("Runout Sale".into()),
        ..TagSettings::default()
    };
    let off = TagSettings::default();
    let recent = (now() - Duration::days(3)).to_rfc3339();
    let eight_days = (now() - Duration::days(8)).to_rfc3339();
    let nine_days = (now() - Duration::days(9)).to_rfc3339();
    let cases = [
        (
            "1. electric fuel tag first",
            &all_on,
            serde_json::json!({"simple_fuel": "Electric", "reserved": true}),
            Some((TagKind::Fuel, "Electric", None)),
        ),
        (
            "1. hybrid",
            &all_on,
            serde_json::json!({"simple_fuel": "hybrid"}),
            Some((TagKind::Fuel, "Hybrid", None)),
        ),
        (
            "1. plug-in hybrid",
            &all_on,
            serde_json::json!({"simple_fuel": "Plug-In Hybrid"}),
            Some((TagKind::Fuel, "Plug-in Hybrid", None)),
        ),
        (
            "1. fuel tags off on this site",
            &off,
            serde_json::json!({"simple_fuel": "Electric"}),
            None,
        ),
        (
            "2. Reserved",
            &all_on,
            serde_json::json!({"reserved": true, "certified": true}),
            Some((TagKind::Reserved, "Reserved", None)),
        ),
        (
            "3. certified used Toyota",
            &all_on,
            serde_json::json!({"certified": true, "tag": "Test Drive Only"}),
            Some((TagKind::Certified, "Toyota", None)),
        ),
        (
            "3. certified of another make falls through",
            &all_on,
            serde_json::json!({"certified": true, "make": "Mazda"}),
            None,
        ),
        (
            "4. custom tag is red",
            &all_on,
            serde_json::json!({"tag": "Test Drive Only", "status": "coming_soon"}),
            Some((TagKind::Custom, "Test Drive Only", Some(TagColour::Red))),
        ),
        (
            "4. runout sale tag is green",
            &all_on,
            serde_json::json!({"tag": "runout sale"}),
            Some((TagKind::Custom, "runout sale", Some(TagColour::Green))),
        ),
        (
            "4. runout sale is red where not configured",
            &off,
            serde_json::json!({"tag": "Runout Sale"}),
            Some((TagKind::Custom, "Runout Sale", Some(TagColour::Red))),
        ),
        (
            "5. COMING SOON",
            &off,
            serde_json::json!({"status": "coming_soon", "created_at": recent}),
            Some((TagKind::ComingSoon, "COMING SOON", None)),
        ),
        (
            "6. New Arrival within 8 days",
            &off,
            serde_json::json!({"created_at": recent}),
            Some((TagKind::NewArrival, "New Arrival", None)),
        ),
        (
            "6. exactly 8 days is within",
            &off,
            serde_json::json!({"created_at": eight_days}),
            Some((TagKind::NewArrival, "New Arrival", None)),
        ),
        (
            "7. 9 days old: no tag",
            &off,
            serde_json::json!({"created_at": nine_days}),
            None,
        ),
        (
            "7. blank custom tag is no tag",
            &off,
            serde_json::json!({"tag": "  "}),
            None,
        ),
    ];
    for (name, settings, overrides, expected) in cases {
        let got = card_tag(&car(overrides), settings, now());
        let got = got.as_ref().map(|t| (t.kind, t.text.as_str(), t.colour));
        assert_eq!(got, expected, "{name}");
    }
    let custom = TagSettings {
        just_arrived_days: 14,
        new_arrival_text: "Just Landed".into(),
        ..TagSettings::default()
    };
    let tag = card_tag(
        &car(serde_json::json!({"created_at": nine_days})),
        &custom,
        now(),
    )
    .expect("within 14 days");
    assert_eq!(tag.text, "Just Landed");
    assert_eq!(DEFAULT_JUST_ARRIVED_DAYS, 8);
}

#[test]
fn price_comparison_visibility_label_and_band() {
    let full = PriceComparison {
        fill: Some(0.5),
        listing_price: Some(30_000.0),
        market_range_min: Some(28_000.0),
        market_range_max: Some(34_000.0),
        confidence: Some(0.8),
        description: None,
    };
    let cases = [
        ("all present", full.clone(), true),
        (
            "fill missing",
            PriceComparison {
                fill: None,
                ..full.clone()
            },
            false,
        ),
        (
            "listing price missing",
            PriceComparison {
                listing_price: None,
                ..full.clone()
            },
            false,
        ),
        (
            "range min missing",
            PriceComparison {
                market_range_min: None,
                ..full.clone()
            },
            false,
        ),
        (
            "range max missing",
            PriceComparison {
                market_range_max: None,
                ..full.clone()
            },
            false,
        ),
        (
            "confidence missing",
            PriceComparison {
                confidence: None,
                ..full.clone()
            },
            false,
        ),
        (
            "confidence 0.2 is not above 0.2",
            PriceComparison {
                confidence: Some(0.2),
                ..full.clone()
            },
            false,
        ),
        (
            "confidence 0.21",
            PriceComparison {
                confidence: Some(0.21),
                ..full.clone()
            },
            true,
        ),
        (
            "range max below listing price",
            PriceComparison {
                market_range_max: Some(29_999.0),
                ..full.clone()
            },
            false,
        ),
        (
            "range max equal to listing price",
            PriceComparison {
                market_range_max: Some(30_000.0),
                ..full.clone()
            },
            true,
        ),
    ];
    for (name, pc, shown) in cases {
        assert_eq!(price_comparison_view(&pc).is_some(), shown, "{name}");
    }
    let labels = [
        (0.64, None, "Good Deal", FillBand::High),
        (0.65, None, "Great Deal", FillBand::High),
        (0.29, None, "Good Deal", FillBand::Low),
        (0.3, None, "Good Deal", FillBand::Medium),
        (0.59, None, "Good Deal", FillBand::Medium),
        (0.6, None, "Good Deal", FillBand::High),
        (
            0.9,
            Some("Priced to sell"),
            "Priced to sell",
            FillBand::High,
        ),
        (0.1, Some(" "), "Good Deal", FillBand::Low),
    ];
    for (fill, description, label, band) in labels {
        let view = price_comparison_view(&PriceComparison {
            fill: Some(fill),
            description: description.map(String::from),
            ..full.clone()
        })
        .expect("shown");
        assert_eq!(view.label, label, "fill {fill}");
        assert_eq!(view.band, band, "fill {fill}");
    }
}
