//! Location pages and the home page of the sample dealers under dealers/ (seed 001 s2,
//! s3, s4, s9): departments, holiday hours, reviews, the routes behind the site flag,
//! the Our Locations carousel, and the home blocks each dealer's configuration switches on.

use std::path::Path;

use chrono::{DateTime, Utc};
use domain::car::{Car, CarLocation, CarStatus, CarType, Image};
use domain::config::{load_dealers, Dealer};
use domain::view::pages::site_pages;
use domain::view::{Page, PageKind};
use serde_json::Value;

fn now() -> DateTime<Utc> {
    "2026-11-24T00:00:00Z".parse().expect("instant")
}

fn sample(slug: &str) -> Dealer {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers");
    let dealers =
        load_dealers(&dir).unwrap_or_else(|errors| panic!("dealers/ must load:\n{errors}"));
    dealers
        .into_iter()
        .find(|d| d.config.slug == slug)
        .expect("sample dealer")
}

fn page<'a>(pages: &'a [Page], path: &str) -> &'a Page {
    pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no page {path}"))
}

fn texts(values: &Value, key: &str) -> Vec<String> {
    values
        .as_array()
        .expect("array")
        .iter()
        .map(|v| v[key].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_location_page_has_its_site_departments_holiday_hours_reviews_and_licence() {
    let pages = site_pages(&sample("jacaranda-toyota"), &[], now());
    let grafton = &page(&pages, "/locations/jacaranda-toyota-grafton")
        .props
        .value()["page"];

    // The sales yard and its service centre in the same town are one site.
    let departments = &grafton["departments"];
    assert_eq!(
        texts(departments, "location_type"),
        ["sales", "service-and-parts"]
    );
    assert_eq!(texts(departments, "label"), ["Sales", "Service & Parts"]);
    let service_hours = &departments[1]["hours"];
    assert_eq!(service_hours[0]["label"], "Monday - Friday");
    assert_eq!(service_hours[0]["text"], "7:30am - 5:00pm");

    // Special hours from the build date on, with the weekly hours replaced.
    let holidays = &departments[0]["holiday_hours"];
    assert_eq!(
        texts(holidays, "date"),
        ["2026-12-24", "2026-12-25", "2026-12-26"]
    );
    assert_eq!(
        texts(holidays, "text"),
        ["8:00am - 12:00pm", "Closed", "Closed"]
    );
    assert_eq!(holidays[0]["label"], "Thursday 24 December 2026");
    assert_eq!(holidays[0]["occasion"], "Christmas Eve");

    // The reported aggregate, and the reviews rated 4 or more, newest first, with replies.
    let reviews = &grafton["reviews"];
    assert_eq!(reviews["rating"]["count"], 612);
    assert_eq!(reviews["rating"]["label"], "4.7 out of 5");
    assert_eq!(reviews["rating"]["stars"]["whole"], 4);
    assert_eq!(reviews["rating"]["stars"]["partial"], 0.7);
    assert_eq!(
        texts(&reviews["reviews"], "customer_name"),
        ["Megan R.", "Tony B."]
    );
    assert_eq!(
        reviews["reviews"][0]["reply_text"],
        "Thanks Megan, enjoy the RAV4 and see you at the first service!"
    );
    assert_eq!(reviews["reviews"][0]["reply_date"], "20/10/2026");

    // Jacaranda shows its licence numbers.
    assert_eq!(grafton["location"]["dealer_licence"], "MD 041872");
    assert_eq!(grafton["location"]["repairer_number"], "MVRL 45120");
    assert!(grafton["map"]["directions_url"]
        .as_str()
        .expect("url")
        .starts_with("https://www.google.com/maps/dir/?api=1&destination=-29.6897,152.9336"));

    // The used-car yard across the river offers the same service centre; its "COMING
    // EARLY 2026" badge ended with March.
    let south = &page(&pages, "/locations/jacaranda-toyota-south-grafton")
        .props
        .value()["page"];
    assert_eq!(
        texts(&south["departments"], "location_name"),
        [
            "Jacaranda Toyota South Grafton Used Cars",
            "Jacaranda Toyota Service Centre"
        ]
    );
    assert_eq!(south["location"]["badge"], Value::Null);
}

fn south_grafton_badge(cars: &[Car], at: &str) -> Value {
    let at: DateTime<Utc> = at.parse().expect("instant");
    let pages = site_pages(&sample("jacaranda-toyota"), cars, at);
    page(&pages, "/locations/jacaranda-toyota-south-grafton")
        .props
        .value()["page"]["location"]["badge"]
        .clone()
}

#[test]
fn a_coming_soon_badge_shows_until_its_last_day_and_not_once_the_yard_has_stock() {
    let early = "2026-02-01T00:00:00Z";
    assert_eq!(south_grafton_badge(&[], early), "COMING EARLY 2026");
    assert_eq!(
        south_grafton_badge(&[], "2026-03-31T12:00:00Z"),
        "COMING EARLY 2026"
    );
    assert_eq!(
        south_grafton_badge(&[], "2026-04-01T00:00:00Z"),
        Value::Null
    );
    // A car listed at the yard: it is open for business, so not "coming".
    let car = Car {
        id: 1,
        slug: "car-1".into(),
        year: 2022,
        make: "Toyota".into(),
        model: "RAV4".into(),
        car_type: CarType::Used,
        status: CarStatus::InStock,
        created_at: "2026-01-20T00:00:00Z".parse().expect("instant"),
        dealership_slug: "jacaranda-toyota".into(),
        price: Some(30_000.0),
        images: vec![Image {
            url: "/media/1-0.svg".into(),
            thumb: None,
        }],
        location: Some(CarLocation {
            name: "Jacaranda Toyota South Grafton Used Cars".into(),
            slug: "jacaranda-toyota-south-grafton".into(),
            ..CarLocation::default()
        }),
        show_on_dealer_website: true,
        ..Car::default()
    };
    assert_eq!(south_grafton_badge(&[car], early), Value::Null);
}

#[test]
fn departments_are_the_nearest_of_the_same_dealership() {
    // Moreton's 52 locations share one dealership: Springwood offers its own service
    // centre, not the nearest of another town.
    let moreton = site_pages(&sample("moreton-motor-group"), &[], now());
    let springwood = &page(&moreton, "/locations/moreton-springwood")
        .props
        .value()["page"]["departments"];
    assert_eq!(
        texts(springwood, "location_name"),
        ["Moreton Springwood", "Moreton Springwood Service & Parts"]
    );
    let service = &page(&moreton, "/locations/moreton-springwood-service")
        .props
        .value()["page"]["departments"];
    assert_eq!(
        texts(service, "location_type"),
        ["service-and-parts", "sales"]
    );
    // Ironbark's two yards are 300 km apart: no dropdown.
    let ironbark = site_pages(&sample("ironbark-moto-caravans"), &[], now());
    assert!(ironbark
        .iter()
        .filter(|p| p.kind == PageKind::Location)
        .all(|p| p.props.value()["page"]["departments"]
            .as_array()
            .map(Vec::len)
            == Some(1)));
}

#[test]
fn the_minimum_rating_and_the_licence_flag_come_from_the_config() {
    let mut dealer = sample("jacaranda-toyota");
    dealer.config.locations.min_review_rating = 5.0;
    dealer.config.locations.show_dealer_licence = false;
    let pages = site_pages(&dealer, &[], now());
    let grafton = &page(&pages, "/locations/jacaranda-toyota-grafton")
        .props
        .value()["page"];
    assert_eq!(
        texts(&grafton["reviews"]["reviews"], "customer_name"),
        ["Megan R."]
    );
    assert_eq!(grafton["location"]["dealer_licence"], Value::Null);
    assert_eq!(grafton["location"]["repairer_number"], Value::Null);
}

#[test]
fn location_routes_follow_the_site_flag_and_closed_days_follow_the_site_setting() {
    let moreton = site_pages(&sample("moreton-motor-group"), &[], now());
    for path in [
        "/locations/moreton-springwood",
        "/contact-us/moreton-springwood",
        "/our-location/moreton-springwood",
        "/dealerships",
        "/contact",
    ] {
        let p = page(&moreton, path);
        assert!(
            matches!(p.kind, PageKind::Location | PageKind::Locations),
            "{path}"
        );
    }
    let jacaranda = site_pages(&sample("jacaranda-toyota"), &[], now());
    assert!(
        !jacaranda
            .iter()
            .any(|p| p.path.starts_with("/our-location/")),
        "the flag is off for Jacaranda"
    );

    // Moreton's Sundays at a service site read "By appointment only"; Ironbark's an Enquire link.
    let service = &page(&moreton, "/locations/moreton-springwood-service")
        .props
        .value()["page"]["location"]["hours"];
    let sunday = service
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["label"] == "Sunday")
        .expect("Sunday");
    assert_eq!(
        (sunday["text"].as_str(), sunday["enquire_link"].as_bool()),
        (Some("By appointment only"), Some(false))
    );
    let ironbark = site_pages(&sample("ironbark-moto-caravans"), &[], now());
    let enquire_links = ironbark
        .iter()
        .filter(|p| p.kind == PageKind::Location)
        .filter_map(|p| {
            p.props.value()["page"]["location"]["hours"]
                .as_array()
                .cloned()
        })
        .flatten()
        .filter(|r| r["enquire_link"] == true && r["text"] == "Enquire")
        .count();
    assert!(
        enquire_links > 0,
        "Ironbark words a closed day as an Enquire link"
    );
}

#[test]
fn the_group_home_page_has_stats_brand_grids_sales_counter_and_a_narrow_carousel() {
    let pages = site_pages(&sample("moreton-motor-group"), &[], now());
    let home = &page(&pages, "/").props.value();
    let view = &home["page"];
    // The figures come from the group's locations and brands, so they agree with the
    // locator: 26 dealerships (each a sales and a service location), 42 brands.
    assert_eq!(texts(&view["stat_banners"], "value"), ["26", "42", "30+"]);
    // The trucks slide's link is written with [ ] in offers.toml; its href is encoded.
    let slides = texts(&view["slides"], "url");
    assert!(
        slides.iter().any(|u| u
            == "/search/new-used-and-demo-cars?refinementList%5Bmake%5D%5B0%5D=Isuzu%20Trucks"),
        "{slides:?}"
    );
    assert_eq!(
        texts(&view["brand_grids"], "title"),
        ["Cars", "Motorcycles", "Trucks"]
    );
    assert!(view["brand_grids"][2]["brands"]
        .as_array()
        .expect("trucks")
        .iter()
        .any(|b| b["name"] == "Hino"));
    let counter = &view["sales_counter"];
    assert_eq!(
        (
            counter["sales_per_day"].as_u64(),
            counter["seconds_per_sale"].as_u64(),
            counter["refresh_ms"].as_u64(),
            counter["utc_offset_seconds"].as_i64()
        ),
        (Some(192), Some(450), Some(150_000), Some(36_000))
    );
    // 52 locations at 26 sites: one card per site, more than 3 hide the hint on large screens, more than 4 narrow the cards.
    let carousel = &view["locations"];
    assert_eq!(carousel["title"], "Our Locations");
    assert_eq!(carousel["swipe_hint"], "Swipe");
    assert_eq!(carousel["locations"].as_array().expect("cards").len(), 26);
    assert!(texts(&carousel["locations"], "location_type")
        .iter()
        .all(|t| t == "sales"));
    assert_eq!(
        (
            carousel["hide_hint_on_large"].as_bool(),
            carousel["narrow_cards"].as_bool()
        ),
        (Some(true), Some(true))
    );
    assert_eq!(
        view["warranty"],
        Value::Null,
        "the warranty carousel is Kingfisher's"
    );
    // The mega menu opens from the Models item with the same grids.
    assert_eq!(home["site"]["mega_menu"]["item_label"], "Models");
    assert_eq!(
        texts(&home["site"]["mega_menu"]["groups"], "title"),
        ["Cars", "Motorcycles", "Trucks"]
    );
}

#[test]
fn dealer_homes_carry_their_own_blocks() {
    let kingfisher = site_pages(&sample("kingfisher-chery"), &[], now());
    let view = &page(&kingfisher, "/").props.value()["page"];
    let warranty = &view["warranty"]["items"];
    assert_eq!(
        texts(warranty, "title"),
        [
            "7-year unlimited km warranty",
            "7-year capped price servicing",
            "up to 7 years roadside assistance"
        ]
    );
    assert_eq!(
        texts(warranty, "url"),
        ["/warranty", "/warranty", "/warranty"]
    );
    assert!(texts(&view["models"], "url").contains(&"/models/omoda-5".to_string()));
    assert_eq!(view["hero_style"], "split", "theme.hero_style");
    assert_eq!(view["sales_counter"], Value::Null);
    assert_eq!(
        view["locations"]["hide_hint_on_large"], false,
        "two sites keep the swipe hint"
    );
    // No brands.toml: no brand groups, but the mega menu still shows the dealer's models
    // (models/*.toml), without a "from" price when nothing is in stock.
    let mega = &page(&kingfisher, "/").props.value()["site"]["mega_menu"];
    assert_eq!(mega["groups"], Value::Array(vec![]), "no brands.toml");
    assert!(texts(&mega["models"], "url").contains(&"/models/tiggo-4-pro".to_string()));
    assert!(mega["models"]
        .as_array()
        .is_some_and(|models| models.iter().all(|m| m["price_text"].is_null())));

    let ironbark = site_pages(&sample("ironbark-moto-caravans"), &[], now());
    let view = &page(&ironbark, "/").props.value()["page"];
    assert_eq!(
        view["search_heading"],
        "Find your next motorcycle or caravan"
    );
    assert_eq!(
        texts(&view["brand_grids"], "title"),
        ["Motorcycles", "Caravans"]
    );

    // Jacaranda books service at Toyota: the service banner leaves the site and replaces
    // the configured /service banner.
    let jacaranda = site_pages(&sample("jacaranda-toyota"), &[], now());
    let view = &page(&jacaranda, "/").props.value()["page"];
    assert_eq!(
        view["service_banner"]["url"],
        "https://www.toyota.com.au/service-booking"
    );
    assert_eq!(view["service_banner"]["external"], true);
    assert!(!texts(&view["banners"], "url")
        .iter()
        .any(|u| u.starts_with("/service")));
    // Wattle books in its xtime frame.
    let wattle = site_pages(&sample("wattle-nissan"), &[], now());
    assert_eq!(
        page(&wattle, "/").props.value()["page"]["service_banner"]["url"],
        "/service#service-booking"
    );
}
