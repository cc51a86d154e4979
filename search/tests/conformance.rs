//! One conformance suite for every search backend: a fixture stock of twelve cars built in
//! code, queries in URL form, and answers written out by hand from the fixture (see the
//! table in `fixture()`). The embedded backend always runs; the Meilisearch backend runs
//! against a real server when `MEILISEARCH_BIN` (a binary the test starts) or
//! `MEILISEARCH_URL` is set, otherwise it prints one line saying it was skipped.

use chrono::{DateTime, TimeZone, Utc};
use domain::car::{Car, CarLocation, CarStatus, CarType, Lender, YouxQuote};
use search::test_server::RealMeilisearch;
use search::{
    index_meilisearch, write_index, EmbeddedSearch, FixedFilters, IndexDoc, MeiliSearch, Search,
    SearchAnswer, SearchQuery,
};
use serde_json::json;

const DEALER: &str = "conformance-fixture";

fn day(y: i32, m: u32, d: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, 0, 0, 0)
        .single()
        .expect("valid date")
}

/// "Now" for every case: the sold window is measured from here.
fn now() -> i64 {
    day(2026, 1, 10).timestamp()
}

const BRISBANE: (f64, f64) = (-27.4698, 153.0251);
const SOUTHPORT: (f64, f64) = (-27.9670, 153.4000); // ~66 km from Brisbane
const SYDNEY: (f64, f64) = (-33.8688, 151.2093); // ~730 km from Brisbane

struct Spec {
    make: &'static str,
    model: &'static str,
    badge: &'static str,
    series: &'static str,
    year: u16,
    car_type: CarType,
    status: CarStatus,
    price: Option<f64>,
    km: u32,
    body: &'static str,
    transmission: &'static str,
    fuel: &'static str,
    drive: &'static str,
    colour: &'static str,
    seats: u8,
    stocknum: &'static str,
    place: (&'static str, &'static str, (f64, f64)),
    photos: usize,
    created: DateTime<Utc>,
}

/// The fixture. Visible with the default fixed filters: ords 0-7, 9, 11 (10 cars).
///
/// | ord | car | type | status | price | km | body | place | photos | created |
/// | 0 | Toyota RAV4 GX 2022 | new | in_stock | 42000 | 10 | SUV | Brisbane | 5 | 2026-01-05 |
/// | 1 | Toyota RAV4 Cruiser 2021 (series Sports) | used | in_stock | 38500 | 35000 | SUV | Brisbane | 3 | 2025-12-01 |
/// | 2 | Toyota Corolla Ascent Sport 2020 | used | in_stock | 24990 | 52000 | Hatch | Southport | 2 | 2025-11-15 |
/// | 3 | Toyota HiLux SR5 2023 | demo | in_stock | 58990 | 4000 | Ute | Brisbane | 8 | 2026-01-08 |
/// | 4 | Mazda CX-5 Maxx 2019 | used | coming_soon | 27500 | 61000 | SUV | Sydney | 4 | 2025-12-20 |
/// | 5 | Mazda 3 G20 2021 | used | in_stock | 23000 | 30000 | Sedan | Sydney | 0 | 2025-10-01 |
/// | 6 | Kia Carnival Platinum 2024 (8 seats) | new | in_stock | 74000 | 5 | Van | Brisbane | 6 | 2026-01-09 |
/// | 7 | Kia Cerato S 2018, sold 2026-01-08 | used | sold | 15990 | 88000 | Sedan | Brisbane | 3 | 2025-09-01 |
/// | 8 | Kia Rio S 2017, sold 2025-12-20 (outside 3 days) | used | sold | 11000 | 99000 | Hatch | Brisbane | 3 | 2025-08-01 |
/// | 9 | Ford Ranger XLT 2022, certified, no price | used | in_stock | - | 40000 | Ute | Southport | 7 | 2025-12-28 |
/// | 10 | Ford Everest Trend 2023, not on website | used | in_stock | 61000 | 20000 | SUV | Brisbane | 5 | 2025-12-30 |
/// | 11 | Harley-Davidson Street Bob 2021 (2 seats) | used | in_stock | 21000 | 9000 | Motorcycle | Brisbane | 4 | 2025-12-10 |
fn fixture() -> Vec<Car> {
    use CarStatus::*;
    use CarType::*;
    let bne = ("Brisbane City", "Brisbane", BRISBANE);
    let gc = ("Gold Coast", "Southport", SOUTHPORT);
    let syd = ("Sydney West", "Sydney", SYDNEY);
    let s = |make,
             model,
             badge,
             series,
             year,
             car_type,
             status,
             price,
             km,
             body,
             transmission,
             fuel,
             drive,
             colour,
             seats,
             stocknum,
             place,
             photos,
             created| Spec {
        make,
        model,
        badge,
        series,
        year,
        car_type,
        status,
        price,
        km,
        body,
        transmission,
        fuel,
        drive,
        colour,
        seats,
        stocknum,
        place,
        photos,
        created,
    };
    let specs = vec![
        s(
            "Toyota",
            "RAV4",
            "GX",
            "AXAH52R",
            2022,
            New,
            InStock,
            Some(42000.0),
            10,
            "SUV",
            "Automatic",
            "Petrol",
            "AWD",
            "White",
            5,
            "T100",
            bne,
            5,
            day(2026, 1, 5),
        ),
        s(
            "Toyota",
            "RAV4",
            "Cruiser",
            "Sports",
            2021,
            Used,
            InStock,
            Some(38500.0),
            35000,
            "SUV",
            "Automatic",
            "Hybrid",
            "AWD",
            "Silver",
            5,
            "T101",
            bne,
            3,
            day(2025, 12, 1),
        ),
        s(
            "Toyota",
            "Corolla",
            "Ascent Sport",
            "ZWE211R",
            2020,
            Used,
            InStock,
            Some(24990.0),
            52000,
            "Hatch",
            "Automatic",
            "Petrol",
            "FWD",
            "White",
            5,
            "T102",
            gc,
            2,
            day(2025, 11, 15),
        ),
        s(
            "Toyota",
            "HiLux",
            "SR5",
            "GUN126R",
            2023,
            Demo,
            InStock,
            Some(58990.0),
            4000,
            "Ute",
            "Automatic",
            "Diesel",
            "4WD",
            "Black",
            5,
            "T103",
            bne,
            8,
            day(2026, 1, 8),
        ),
        s(
            "Mazda",
            "CX-5",
            "Maxx",
            "KF",
            2019,
            Used,
            ComingSoon,
            Some(27500.0),
            61000,
            "SUV",
            "Automatic",
            "Petrol",
            "FWD",
            "Red",
            5,
            "M200",
            syd,
            4,
            day(2025, 12, 20),
        ),
        s(
            "Mazda",
            "3",
            "G20",
            "BP",
            2021,
            Used,
            InStock,
            Some(23000.0),
            30000,
            "Sedan",
            "Manual",
            "Petrol",
            "FWD",
            "Red",
            5,
            "M201",
            syd,
            0,
            day(2025, 10, 1),
        ),
        s(
            "Kia",
            "Carnival",
            "Platinum",
            "KA4",
            2024,
            New,
            InStock,
            Some(74000.0),
            5,
            "Van",
            "Automatic",
            "Diesel",
            "FWD",
            "White",
            8,
            "K300",
            bne,
            6,
            day(2026, 1, 9),
        ),
        s(
            "Kia",
            "Cerato",
            "S",
            "BD",
            2018,
            Used,
            Sold,
            Some(15990.0),
            88000,
            "Sedan",
            "Automatic",
            "Petrol",
            "FWD",
            "Blue",
            5,
            "K301",
            bne,
            3,
            day(2025, 9, 1),
        ),
        s(
            "Kia",
            "Rio",
            "S",
            "YB",
            2017,
            Used,
            Sold,
            Some(11000.0),
            99000,
            "Hatch",
            "Automatic",
            "Petrol",
            "FWD",
            "Blue",
            5,
            "K302",
            bne,
            3,
            day(2025, 8, 1),
        ),
        s(
            "Ford",
            "Ranger",
            "XLT",
            "PY",
            2022,
            Used,
            InStock,
            None,
            40000,
            "Ute",
            "Automatic",
            "Diesel",
            "4WD",
            "Grey",
            5,
            "F400",
            gc,
            7,
            day(2025, 12, 28),
        ),
        s(
            "Ford",
            "Everest",
            "Trend",
            "UB",
            2023,
            Used,
            InStock,
            Some(61000.0),
            20000,
            "SUV",
            "Automatic",
            "Diesel",
            "4WD",
            "Grey",
            7,
            "F401",
            bne,
            5,
            day(2025, 12, 30),
        ),
        s(
            "Harley-Davidson",
            "Street Bob",
            "114",
            "M8",
            2021,
            Used,
            InStock,
            Some(21000.0),
            9000,
            "Motorcycle",
            "Manual",
            "Petrol",
            "RWD",
            "Black",
            2,
            "H500",
            bne,
            4,
            day(2025, 12, 10),
        ),
    ];
    specs
        .into_iter()
        .enumerate()
        .map(|(i, sp)| {
            let mut car = Car {
                id: 1000 + i as u64,
                slug: format!("car-{i}"),
                name: format!("{} {} {} {}", sp.year, sp.make, sp.model, sp.badge),
                year: sp.year,
                make: sp.make.into(),
                model: sp.model.into(),
                badge: Some(sp.badge.into()),
                series: Some(sp.series.into()),
                colour: Some(sp.colour.into()),
                price: sp.price,
                km: Some(sp.km),
                car_type: sp.car_type,
                status: sp.status,
                stocknum: Some(sp.stocknum.into()),
                vin: Some(format!("VIN{}X{}", 101 + 37 * i, (b'A' + i as u8) as char)),
                created_at: sp.created,
                seats: Some(sp.seats),
                simple_body: Some(sp.body.into()),
                simple_transmission: Some(sp.transmission.into()),
                simple_fuel: Some(sp.fuel.into()),
                simple_drive: Some(sp.drive.into()),
                images: (0..sp.photos)
                    .map(|p| domain::car::Image {
                        url: format!("/media/{i}-{p}.svg"),
                        thumb: None,
                    })
                    .collect(),
                location: Some(CarLocation {
                    name: sp.place.0.into(),
                    slug: sp.place.0.to_lowercase().replace(' ', "-"),
                    ..Default::default()
                }),
                location_name: Some(sp.place.0.into()),
                city: Some(sp.place.1.into()),
                state: Some(if sp.place.2 == SYDNEY { "NSW" } else { "QLD" }.into()),
                dealership_slug: DEALER.into(),
                show_on_dealer_website: true,
                ..Default::default()
            };
            match i {
                0 => {
                    car.youx_quote = Some(YouxQuote {
                        weekly_repayment_amount: Some(189.0),
                        ..Default::default()
                    });
                    car.features = vec!["Apple CarPlay / Android Auto".into()];
                }
                1 => {
                    car.finance_lenders.insert(
                        "taurus".into(),
                        Lender {
                            payment_week: Some(165.0),
                            ..Default::default()
                        },
                    );
                }
                3 => {
                    car.finance_lenders.insert(
                        "angle".into(),
                        Lender {
                            payment_week: Some(245.0),
                            ..Default::default()
                        },
                    );
                    car.features = vec!["Tow bar".into()];
                    car.standard_equipment = vec!["Reversing camera".into()];
                }
                6 => {
                    car.youx_quote = Some(YouxQuote {
                        weekly_repayment_amount: Some(310.0),
                        ..Default::default()
                    })
                }
                7 => car.sold_at = Some(day(2026, 1, 8)),
                8 => car.sold_at = Some(day(2025, 12, 20)),
                5 => {
                    car.features = vec!["Sunroof".into(), "Sat nav".into()];
                    car.regplate = Some("123ABC".into());
                }
                9 => {
                    car.certified = true;
                    car.features = vec!["Towbar".into()];
                }
                10 => car.show_on_dealer_website = false,
                _ => {}
            }
            car
        })
        .collect()
}

/// Each car at its place's location: Brisbane City (id 101, sales), Gold Coast (102,
/// service-and-parts, which also answers to service and parts, as the generator indexes
/// it) and Sydney West (103, sales).
fn docs(cars: &[Car]) -> Vec<IndexDoc<'_>> {
    cars.iter()
        .map(|c| {
            let ((lat, lng), id, types) = match c.city.as_deref() {
                Some("Sydney") => (SYDNEY, 103, vec!["sales"]),
                Some("Southport") => (
                    SOUTHPORT,
                    102,
                    vec!["service-and-parts", "service", "parts"],
                ),
                _ => (BRISBANE, 101, vec!["sales"]),
            };
            let mut doc = IndexDoc::new(c, json!({"id": c.id, "title": c.name})).at(lat, lng);
            doc.location_ids = vec![id];
            doc.location_types = types.into_iter().map(str::to_string).collect();
            doc
        })
        .collect()
}

/// A backend under test.
enum Backend {
    Embedded(EmbeddedSearch),
    Meili(MeiliSearch),
}

impl Backend {
    async fn run(&self, qs: &str, fixed: &FixedFilters) -> SearchAnswer {
        let q = SearchQuery::from_query_string_at(qs, fixed, now())
            .unwrap_or_else(|e| panic!("{qs}: {e}"));
        let answer = match self {
            Backend::Embedded(e) => e.search(&q).await,
            Backend::Meili(m) => m.search_uncached(&q).await,
        };
        answer.unwrap_or_else(|e| panic!("{qs}: {e}"))
    }
}

/// Car ordinals of the hits (card ids are 1000 + ord).
fn ords(a: &SearchAnswer) -> Vec<u64> {
    a.hits
        .iter()
        .map(|h| h["id"].as_u64().expect("card id") - 1000)
        .collect()
}

fn items(a: &SearchAnswer, facet: &str) -> Vec<(String, u64)> {
    a.facets
        .get(facet)
        .unwrap_or_else(|| panic!("facet {facet} missing"))
        .iter()
        .map(|i| (i.value.clone(), i.count))
        .collect()
}

fn pairs(list: &[(&str, u64)]) -> Vec<(String, u64)> {
    list.iter().map(|(v, c)| (v.to_string(), *c)).collect()
}

fn stats(a: &SearchAnswer, field: &str) -> (f64, f64) {
    let s = a
        .facets_stats
        .get(field)
        .unwrap_or_else(|| panic!("stats {field} missing"));
    (s.min, s.max)
}

async fn conformance(b: &Backend) {
    let fx = FixedFilters::for_dealer(DEALER);

    // Unfiltered: the 10 visible cars in written order, every facet counted.
    let a = b.run("", &fx).await;
    assert_eq!((a.count, a.page, a.pages), (10, 0, 1));
    assert_eq!(ords(&a), vec![0, 1, 2, 3, 4, 5, 6, 7, 9, 11]);
    assert_eq!(
        items(&a, "make"),
        pairs(&[
            ("Toyota", 4),
            ("Kia", 2),
            ("Mazda", 2),
            ("Ford", 1),
            ("Harley-Davidson", 1)
        ])
    );
    assert_eq!(
        items(&a, "car_type"),
        pairs(&[("new", 2), ("demo", 1), ("used", 7)])
    );
    assert_eq!(
        items(&a, "status"),
        pairs(&[("in_stock", 8), ("coming_soon", 1), ("sold", 1)])
    );
    assert_eq!(
        items(&a, "body"),
        pairs(&[
            ("SUV", 3),
            ("Sedan", 2),
            ("Ute", 2),
            ("Hatch", 1),
            ("Motorcycle", 1),
            ("Van", 1)
        ])
    );
    assert_eq!(
        items(&a, "item_type"),
        pairs(&[("car", 9), ("motorcycle", 1)])
    );
    assert_eq!(
        items(&a, "price_range"),
        pairs(&[
            ("10000-20000", 1),
            ("20000-30000", 4),
            ("30000-40000", 1),
            ("40000-50000", 1),
            ("50000-75000", 2)
        ])
    );
    assert_eq!(
        items(&a, "weekly_price_range"),
        pairs(&[("150-200", 2), ("200-300", 1), ("300-400", 1)])
    );
    assert_eq!(
        items(&a, "categories"),
        pairs(&[("new", 2), ("new-and-demo", 3), ("demo", 1), ("used", 7)])
    );
    assert_eq!(items(&a, "certified"), pairs(&[("false", 9), ("true", 1)]));
    assert_eq!(items(&a, "seats"), pairs(&[("2", 1), ("5", 8), ("8", 1)]));
    assert_eq!(items(&a, "state"), pairs(&[("QLD", 8), ("NSW", 2)]));
    assert_eq!(
        items(&a, "filtered_features"),
        pairs(&[
            ("Android Auto", 1),
            ("Apple CarPlay", 1),
            ("Reversing Camera", 1),
            ("Sunroof", 1),
            ("Tow Bar", 1)
        ])
    );
    assert_eq!(
        items(&a, "location_name"),
        pairs(&[("Brisbane City", 6), ("Gold Coast", 2), ("Sydney West", 2)])
    );
    assert_eq!(items(&a, "make_model")[0], ("Toyota > RAV4".to_string(), 2));
    assert_eq!(stats(&a, "price"), (15990.0, 74000.0));
    assert_eq!(stats(&a, "km"), (5.0, 88000.0));
    assert_eq!(stats(&a, "year"), (2018.0, 2024.0));
    assert_eq!(stats(&a, "weekly_price"), (165.0, 310.0));
    assert!(!a.facets_stats.contains_key("subscription_price"));
    let labels: Vec<&str> = a.facets["price_range"]
        .iter()
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(labels[0], "$10,000 - $20,000");
    assert!(a.facets.contains_key("badge") && !a.facets.contains_key("created_at_timestamp"));

    // Disjunctive counting: each facet ignores its own selection.
    let a = b
        .run(
            "refinementList[make][0]=Toyota&refinementList[body][0]=SUV",
            &fx,
        )
        .await;
    assert_eq!(a.count, 2);
    assert_eq!(ords(&a), vec![0, 1]);
    assert_eq!(items(&a, "make"), pairs(&[("Toyota", 2), ("Mazda", 1)]));
    assert_eq!(
        items(&a, "body"),
        pairs(&[("SUV", 2), ("Hatch", 1), ("Ute", 1)])
    );
    assert_eq!(items(&a, "car_type"), pairs(&[("new", 1), ("used", 1)]));

    // OR within a facet, case-insensitive values.
    let a = b
        .run(
            "refinementList[make][0]=toyota&refinementList[make][1]=Mazda",
            &fx,
        )
        .await;
    assert_eq!(a.count, 6);
    assert_eq!(
        items(&a, "fuel"),
        pairs(&[("Petrol", 4), ("Diesel", 1), ("Hybrid", 1)])
    );

    // A selected value with no matches stays listed with 0.
    let a = b
        .run(
            "refinementList[colour][0]=Red&refinementList[make][0]=Kia",
            &fx,
        )
        .await;
    assert_eq!(a.count, 0);
    assert_eq!(items(&a, "make"), pairs(&[("Mazda", 2), ("Kia", 0)]));

    // Ranges; stats ignore their own range.
    let a = b.run("range[price]=%2420%2C000:40000", &fx).await;
    assert_eq!(ords(&a), vec![1, 2, 4, 5, 11]);
    assert_eq!(stats(&a, "price"), (15990.0, 74000.0));
    assert_eq!(stats(&a, "km"), (9000.0, 61000.0));
    let a = b.run("range[km]=:10&range[year]=2022:", &fx).await;
    assert_eq!(ords(&a), vec![0, 6]);

    // Text: prefix on the last word, typos from 5 and 9 letters, stock number, VIN.
    for (text, expected) in [
        ("rav", vec![0, 1]),
        ("corola", vec![2]),
        ("hilux", vec![3]),
        ("t103", vec![3]),
        ("VIN101XA", vec![0]),
        ("vin138x", vec![1]),
        ("toyta", vec![0, 1, 2, 3]),
        ("kia carnival", vec![6]),
        ("kia ", vec![6, 7]),
        ("harley davidson", vec![11]),
        ("hilx", vec![]),
        ("sport", vec![2, 1]),
        ("hilux s", vec![3]),
        // "S" exactly before "seats" as a prefix.
        ("kia s", vec![7, 6]),
    ] {
        let a = b.run(&format!("query={text}"), &fx).await;
        assert_eq!(ords(&a), expected, "query {text:?}");
        assert_eq!(a.count, expected.len() as u64, "query {text:?}");
    }

    // A one-letter prefix (ranking among equal prefix matches is backend-specific).
    let a = b.run("query=r", &fx).await;
    let mut got = ords(&a);
    got.sort_unstable();
    // RAV4, Red, Ranger, Reversing camera (3), RWD (11).
    assert_eq!((got, a.count), (vec![0, 1, 3, 4, 5, 9, 11], 7));

    shopper_words(b, &fx).await;
    synonyms_agree(b, &fx).await;
    bad_text_is_answered(b, &fx).await;

    // Sorts; cars without the field come last.
    let a = b.run("sortBy=price_asc", &fx).await;
    assert_eq!(ords(&a), vec![7, 11, 5, 2, 4, 1, 0, 3, 6, 9]);
    let a = b.run("sortBy=price_desc", &fx).await;
    assert_eq!(ords(&a), vec![6, 3, 0, 1, 4, 2, 5, 11, 7, 9]);
    let a = b.run("sortBy=latest", &fx).await;
    assert_eq!(ords(&a), vec![6, 3, 0, 9, 4, 11, 1, 2, 5, 7]);
    let a = b.run("range[year]=2022:&sortBy=year:asc", &fx).await;
    assert_eq!(ords(&a), vec![0, 9, 3, 6]);
    let a = b.run("query=toyota&sortBy=km:desc", &fx).await;
    assert_eq!(ords(&a), vec![2, 1, 3, 0]);

    // Pages.
    let a = b.run("hitsPerPage=4&page=2", &fx).await;
    assert_eq!((ords(&a), a.count, a.pages), (vec![9, 11], 10, 3));
    let a = b.run("hitsPerPage=4&page=5", &fx).await;
    assert_eq!((ords(&a), a.count, a.page, a.pages), (vec![], 10, 5, 3));

    // Menus and categories.
    let a = b.run("menu[state]=NSW", &fx).await;
    assert_eq!(ords(&a), vec![4, 5]);
    assert_eq!(items(&a, "state"), pairs(&[("QLD", 8), ("NSW", 2)]));
    let a = b
        .run("refinementList[categories][0]=new-and-demo", &fx)
        .await;
    assert_eq!(ords(&a), vec![0, 3, 6]);
    let a = b
        .run(
            "refinementList[make_model][0]=Toyota > RAV4&refinementList[year][0]=2021",
            &fx,
        )
        .await;
    assert_eq!(ords(&a), vec![1]);
    assert_eq!(items(&a, "year"), pairs(&[("2022", 1), ("2021", 1)]));

    // Distance from Brisbane.
    let a = b.run("lat=-27.4698&lng=153.0251&radius=25", &fx).await;
    assert_eq!(ords(&a), vec![0, 1, 3, 6, 7, 11]);
    let a = b.run("lat=-27.4698&lng=153.0251&radius=75", &fx).await;
    assert_eq!(ords(&a), vec![0, 1, 2, 3, 6, 7, 9, 11]);
    let a = b.run("lat=-27.4698&lng=153.0251&radius=750", &fx).await;
    assert_eq!(a.count, 10);

    // Seed 000 s2 "Dealer search parameters: locationId, locationType, lat, lng,
    // userLocation": a location's cars; the dealership picker's counts ignore the pick,
    // as a facet's own selection does.
    let a = b.run("locationId=101", &fx).await;
    assert_eq!(ords(&a), vec![0, 1, 3, 6, 7, 11]);
    assert_eq!(
        items(&a, "location_name"),
        pairs(&[("Brisbane City", 6), ("Gold Coast", 2), ("Sydney West", 2)])
    );
    assert_eq!(
        items(&a, "make"),
        pairs(&[("Toyota", 3), ("Kia", 2), ("Harley-Davidson", 1)])
    );
    let a = b
        .run("locationId=101&refinementList[make][0]=Kia", &fx)
        .await;
    assert_eq!(ords(&a), vec![6, 7]);
    assert_eq!(items(&a, "location_name"), pairs(&[("Brisbane City", 2)]));
    assert_eq!(b.run("locationId=999", &fx).await.count, 0);
    assert_eq!(ords(&b.run("locationType=service", &fx).await), vec![2, 9]);
    assert_eq!(ords(&b.run("locationType=parts", &fx).await), vec![2, 9]);
    assert_eq!(
        ords(&b.run("locationType=sales", &fx).await),
        vec![0, 1, 3, 4, 5, 6, 7, 11]
    );
    assert_eq!(
        ords(&b.run("locationType=sales&locationId=103", &fx).await),
        vec![4, 5]
    );

    // The watchlist page asks for its saved cars by id; unknown ids find nothing.
    assert_eq!(
        ords(&b.run("ids=1006,1001,1004,99999", &fx).await),
        vec![1, 4, 6]
    );
    let a = b
        .run("ids=1006,1001&refinementList[make][0]=Kia", &fx)
        .await;
    assert_eq!(ords(&a), vec![6]);
    assert_eq!(b.run("ids=99999", &fx).await.count, 0);

    // The dealer's fixed filters.
    let mut f = fx.clone();
    f.used_only = true;
    f.min_photos = 3;
    f.excluded_stocknums = vec!["f400".into()];
    let a = b.run("", &f).await;
    assert_eq!(ords(&a), vec![1, 4, 7, 11]);
    // The shopper cannot widen them: selecting new cars finds nothing.
    let a = b.run("refinementList[car_type][0]=new", &f).await;
    assert_eq!(a.count, 0);
    f.in_stock_only = true;
    assert_eq!(ords(&b.run("", &f).await), vec![1, 11]);
    let mut f = fx.clone();
    f.manufacturers = vec!["kia".into()];
    assert_eq!(ords(&b.run("", &f).await), vec![6, 7]);
    // A franchise that also sells its manufacturer's other brand lists both.
    f.manufacturers = vec!["kia".into(), "Mazda".into()];
    assert_eq!(ords(&b.run("", &f).await), vec![4, 5, 6, 7]);
    let mut f = fx.clone();
    f.sold_within_days = 0;
    assert_eq!(b.run("", &f).await.count, 9);
    f.sold_within_days = 30;
    let a = b.run("", &f).await;
    assert_eq!(ords(&a), vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
    assert_eq!(
        items(&a, "status"),
        pairs(&[("in_stock", 8), ("coming_soon", 1), ("sold", 2)])
    );
}

/// Every attribute a shopper names finds the cars that have it, judged from
/// the fixture table: fuel, transmission, drive, seats, car type, year, body words,
/// place, features, rego, item type, and words combined.
const SHOPPER_WORDS: &[(&str, &[u64])] = &[
    ("hybrid", &[1]),
    ("rav4 hybrid", &[1]),
    ("diesel", &[3, 6, 9]),
    ("petrol", &[0, 2, 4, 5, 7, 11]),
    ("4x4", &[3, 9]),
    ("4wd", &[3, 9]),
    ("awd", &[0, 1]),
    ("AWD", &[0, 1]),
    ("2wd", &[2, 4, 5, 6, 7, 11]),
    ("fwd", &[2, 4, 5, 6, 7]),
    ("rwd", &[11]),
    ("automatic", &[0, 1, 2, 3, 4, 6, 7, 9]),
    ("auto", &[0, 1, 2, 3, 4, 6, 7, 9]),
    ("manual", &[5, 11]),
    ("8 seater", &[6]),
    ("8 seats", &[6]),
    ("2 seater", &[11]),
    ("people mover", &[6]),
    ("new", &[0, 6]),
    ("demo", &[3]),
    ("used toyota", &[1, 2]),
    ("2020", &[2]),
    ("2022 toyota", &[0]),
    ("ute", &[3, 9]),
    ("utility", &[3, 9]),
    ("cab chassis", &[3, 9]),
    ("van", &[6]),
    ("motorcycle", &[11]),
    ("motorbike", &[11]),
    ("white", &[0, 2, 6]),
    ("red mazda", &[4, 5]),
    ("grey", &[9]),
    ("gray", &[9]),
    ("brisbane", &[0, 1, 3, 6, 7, 11]),
    ("southport", &[2, 9]),
    ("gold coast", &[2, 9]),
    ("sydney west", &[4, 5]),
    ("nsw", &[4, 5]),
    ("tow bar", &[3, 9]),
    ("towbar", &[3, 9]),
    ("sunroof", &[5]),
    ("sat nav", &[5]),
    ("navigation", &[5]),
    ("apple carplay", &[0]),
    ("carplay", &[0]),
    ("reversing camera", &[3]),
    ("123abc", &[5]),
    ("diesel 4x4 ute", &[3, 9]),
    ("white diesel", &[6]),
    ("electric", &[]),
    ("ev", &[]),
    ("phev", &[]),
];

async fn shopper_words(b: &Backend, fx: &FixedFilters) {
    for (text, expected) in SHOPPER_WORDS {
        assert_eq!(
            found(b, fx, text).await,
            expected.to_vec(),
            "query {text:?}"
        );
    }
}

/// `query=<text>`, written by the search URL grammar's writer.
fn query_param(text: &str) -> String {
    domain::search_url::encode_pair("query", text)
}

/// The cars of a text query, sorted (the count must agree with the hits).
async fn found(b: &Backend, fx: &FixedFilters, text: &str) -> Vec<u64> {
    let a = b
        .run(&format!("{}&hitsPerPage=100", query_param(text)), fx)
        .await;
    let mut got = ords(&a);
    assert_eq!(a.count, got.len() as u64, "count of {text:?}");
    got.sort_unstable();
    got
}

/// Each side of every synonym of `search/data/synonyms.json` finds the same cars; a
/// one-way synonym finds at least what each of its targets finds.
async fn synonyms_agree(b: &Backend, fx: &FixedFilters) {
    let list = search::Synonyms::get();
    for group in &list.equivalent {
        let first = found(b, fx, &group[0]).await;
        for p in &group[1..] {
            assert_eq!(found(b, fx, p).await, first, "{p:?} vs {:?}", group[0]);
        }
    }
    for one in &list.one_way {
        let from = found(b, fx, &one.from).await;
        for t in &one.to {
            let to = found(b, fx, t).await;
            assert!(
                to.iter().all(|o| from.contains(o)),
                "{:?} finds {from:?}, not all of {t:?}: {to:?}",
                one.from
            );
        }
    }
}

/// Text that is not words is answered, never an error: a long paste (cut to its first
/// words), punctuation only or emoji (no words: every car), SQL and filter syntax (their
/// letters and digits are words like any other), quotes and a leading minus (no phrase or
/// negation operators).
async fn bad_text_is_answered(b: &Backend, fx: &FixedFilters) {
    let all: Vec<u64> = vec![0, 1, 2, 3, 4, 5, 6, 7, 9, 11];
    let long_words = "toyota ".repeat(150);
    let long_word = "a".repeat(1000);
    let cases: Vec<(&str, Vec<u64>)> = vec![
        (long_words.as_str(), vec![0, 1, 2, 3]),
        (long_word.as_str(), vec![]),
        ("!!! ??? ... ,,, ---", all.clone()),
        ("\u{1F697}\u{1F699}", all.clone()),
        ("\u{1F697} ute", vec![3, 9]),
        ("make = \"x\" OR 1=1", vec![]),
        ("'; DROP TABLE cars; --", vec![]),
        ("toyota\" AND price > 0", vec![]),
        ("-diesel", vec![3, 6, 9]),
        ("\"kia\"", vec![6, 7]),
        ("kia*", vec![6, 7]),
        ("\u{0}\u{1}", all.clone()),
        ("日本車", vec![]),
    ];
    for (text, expected) in cases {
        let shown: String = text.chars().take(40).collect();
        assert_eq!(found(b, fx, text).await, expected, "query {shown:?}");
    }
}

#[tokio::test]
async fn embedded_backend_conforms() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cars = fixture();
    let report = write_index(dir.path(), DEALER, &docs(&cars)).expect("index written");
    assert_eq!(report.docs, 12);
    let backend = Backend::Embedded(EmbeddedSearch::open(dir.path()).expect("opened"));
    conformance(&backend).await;
}

/// The same cases against a real Meilisearch (see `search::test_server`: `MEILISEARCH_BIN`
/// starts one for this test, `MEILISEARCH_URL` names a running one).
#[tokio::test]
async fn real_meilisearch_backend_conforms() {
    let Some(server) = RealMeilisearch::from_env("meilisearch conformance") else {
        return;
    };
    let cars = fixture();
    let n = index_meilisearch(server.url(), server.key(), DEALER, &docs(&cars))
        .await
        .expect("indexed");
    assert_eq!(n, 12);
    let backend = Backend::Meili(MeiliSearch::new(server.url(), server.key()).expect("client"));
    conformance(&backend).await;

    // The same order, not only the same cars, for every shopper word and synonym phrase.
    let dir = tempfile::tempdir().expect("temp dir");
    write_index(dir.path(), DEALER, &docs(&cars)).expect("index written");
    let embedded = Backend::Embedded(EmbeddedSearch::open(dir.path()).expect("opened"));
    let fx = FixedFilters::for_dealer(DEALER);
    let list = search::Synonyms::get();
    let texts = SHOPPER_WORDS
        .iter()
        .map(|(t, _)| t.to_string())
        .chain(list.equivalent.iter().flatten().cloned())
        .chain(list.one_way.iter().map(|o| o.from.clone()));
    for text in texts {
        let qs = query_param(&text);
        assert_eq!(
            ords(&backend.run(&qs, &fx).await),
            ords(&embedded.run(&qs, &fx).await),
            "order of {text:?}"
        );
    }
}

/// A caravan and motorcycle dealer's stock: caravans (berths, length in mm, ATM in kg,
/// no odometer; one with its specifications as text) and a motorcycle.
fn caravan_fixture() -> Vec<Car> {
    let car = |id: u64, body: &str, km: Option<u32>, variant: serde_json::Value| -> Car {
        serde_json::from_value(json!({
            "id": id, "slug": format!("v-{id}"), "year": 2024, "make": "Jayco", "model": "Journey",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": CARAVAN_DEALER, "price": 50_000.0 + (id % 1000) as f64, "km": km,
            "simple_body": body, "variant": variant
        }))
        .expect("car")
    };
    vec![
        car(
            1000,
            "Caravan",
            None,
            json!({"berths": 2, "vehiclelength": 5800.0, "atm": 1900}),
        ),
        car(
            1001,
            "Caravan",
            None,
            json!({"berths": 4, "vehiclelength": 7100.0, "atm": 2500}),
        ),
        car(
            1002,
            "Caravan",
            None,
            json!({"berths": "6", "vehiclelength": "8,000", "atm": "2,800"}),
        ),
        car(1003, "Motorcycle", Some(12_000), json!({})),
    ]
}

const CARAVAN_DEALER: &str = "caravan-fixture";

/// Berths, length and ATM filter caravans alike in both backends; an answer of caravans
/// has no odometer stats, so the kilometres filter is not offered on it.
async fn caravan_ranges(b: &Backend) {
    let fx = FixedFilters::for_dealer(CARAVAN_DEALER);
    let a = b.run("", &fx).await;
    assert_eq!(stats(&a, "berths"), (2.0, 6.0));
    assert_eq!(stats(&a, "length"), (5800.0, 8000.0));
    assert_eq!(stats(&a, "atm"), (1900.0, 2800.0));
    assert_eq!(ords(&b.run("range[berths]=4:", &fx).await), vec![1, 2]);
    assert_eq!(ords(&b.run("range[length]=:7500", &fx).await), vec![0, 1]);
    assert_eq!(ords(&b.run("range[atm]=2000:2600", &fx).await), vec![1]);
    let caravans = b.run("range[berths]=1:", &fx).await;
    assert_eq!(ords(&caravans), vec![0, 1, 2]);
    assert!(
        !caravans.facets_stats.contains_key("km"),
        "{:?}",
        caravans.facets_stats
    );
    assert!(a.facets_stats.contains_key("km"), "the motorcycle has one");
}

#[tokio::test]
async fn caravan_ranges_agree_in_both_backends() {
    let cars = caravan_fixture();
    let dir = tempfile::tempdir().expect("temp dir");
    write_index(dir.path(), CARAVAN_DEALER, &docs(&cars)).expect("index written");
    caravan_ranges(&Backend::Embedded(
        EmbeddedSearch::open(dir.path()).expect("opened"),
    ))
    .await;
    let Some(server) = RealMeilisearch::from_env("meilisearch caravan ranges") else {
        return;
    };
    index_meilisearch(server.url(), server.key(), CARAVAN_DEALER, &docs(&cars))
        .await
        .expect("indexed");
    caravan_ranges(&Backend::Meili(
        MeiliSearch::new(server.url(), server.key()).expect("client"),
    ))
    .await;
}

/// The documents each push's tasks received, as the server counts them: per task type
/// (`documentAdditionOrUpdate` received documents, `documentDeletion` provided ids), the
/// sum over every succeeded task of the index.
async fn documents_received(server: &RealMeilisearch, uid: &str) -> (usize, usize, usize) {
    use meilisearch_sdk::tasks::{Task, TaskType, TasksSearchQuery};
    let client = meilisearch_sdk::client::Client::new(server.url(), server.key()).expect("client");
    let mut query = TasksSearchQuery::new(&client);
    query.with_index_uids([uid]).with_limit(1000);
    let tasks = client.get_tasks_with(&query).await.expect("tasks");
    let (mut added, mut deleted, mut count) = (0, 0, 0);
    for task in tasks.results {
        let Task::Succeeded { content } = task else {
            continue;
        };
        match content.update_type {
            TaskType::DocumentAdditionOrUpdate { details } => {
                count += 1;
                added += details.map_or(0, |d| d.received_documents);
            }
            TaskType::DocumentDeletion { details } => {
                count += 1;
                deleted += details.and_then(|d| d.provided_ids).unwrap_or(0);
            }
            _ => {}
        }
    }
    (added, deleted, count)
}

/// A second push sends nothing when nothing changed, and then only what did: one car
/// repriced and one new are sent, one sold off the stock is deleted; counted by the
/// server's own task records, and the index then answers with the new stock.
#[tokio::test]
async fn real_meilisearch_push_sends_only_changed_documents() {
    let Some(server) = RealMeilisearch::from_env("meilisearch incremental push") else {
        return;
    };
    let dealer = "push-fixture";
    let uid = search::meili::index_uid(dealer);
    // Latest first, as a build writes a dealer's documents.
    let latest = domain::view::search::latest_first;
    let mut cars = fixture();
    cars.sort_by(latest);
    let first = search::push_meilisearch(server.url(), server.key(), dealer, &docs(&cars))
        .await
        .expect("first push");
    assert!(first.rebuilt && first.sent == 12, "{first:?}");
    // The first push built the index whole in `-next`: its documents went there.
    let live_after_first = documents_received(&server, &uid).await;

    let again = search::push_meilisearch(server.url(), server.key(), dealer, &docs(&cars))
        .await
        .expect("unchanged push");
    assert_eq!((again.sent, again.deleted, again.rebuilt), (0, 0, false));
    assert_eq!(documents_received(&server, &uid).await, live_after_first);

    cars[3].price = Some(cars[3].price.unwrap_or(10_000.0) - 500.0);
    let gone = cars.remove(5);
    let mut new = cars[0].clone();
    new.id = 5000;
    new.created_at = cars[0].created_at + chrono::Duration::hours(1);
    new.stocknum = Some("NEW1".into());
    // The newest car comes first: every other car's position moves, none of its document.
    cars.insert(0, new);
    assert!(cars.windows(2).all(|w| latest(&w[0], &w[1]).is_lt()));
    let changed = search::push_meilisearch(server.url(), server.key(), dealer, &docs(&cars))
        .await
        .expect("changed push");
    assert_eq!(
        (changed.sent, changed.deleted, changed.rebuilt),
        (2, 1, false)
    );
    let (added, deleted, tasks) = documents_received(&server, &uid).await;
    assert_eq!(
        (added, deleted, tasks),
        (
            live_after_first.0 + 2,
            live_after_first.1 + 1,
            live_after_first.2 + 2
        )
    );

    let client = meilisearch_sdk::client::Client::new(server.url(), server.key()).expect("client");
    let index = client.index(&uid);
    let held = meilisearch_sdk::documents::DocumentsQuery::new(&index)
        .with_fields(["id"])
        .with_limit(100)
        .execute::<serde_json::Value>()
        .await
        .expect("documents");
    let mut ids: Vec<u64> = held
        .results
        .iter()
        .map(|d| d["id"].as_u64().expect("id"))
        .collect();
    ids.sort_unstable();
    let mut want: Vec<u64> = cars.iter().map(|c| c.id).collect();
    want.sort_unstable();
    assert_eq!(ids, want, "{} was sold off the stock", gone.id);
}
