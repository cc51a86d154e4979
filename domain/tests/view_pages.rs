//! The per-dealer page list and its view models, on a small dealer and stock built in code.

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use domain::car::{Car, CarLocation, CarStatus, CarType, Image, Thumb};
use domain::config::{ContentPage, Dealer, DealerConfig, PartsFile};
use domain::entities::Location;
use domain::view::{site_pages, Page, PageKind};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
        .single()
        .expect("valid time")
}

fn dealer() -> Dealer {
    let config: DealerConfig = toml::from_str(
        r##"
slug = "acme"
name = "Acme Motors"
domains = ["www.acme.com.au"]
[theme]
primary = "#123456"
secondary = "#654321"
logo = "logo.svg"
[finance]
provider = "manual"
[search]
page_size = 2
"##,
    )
    .expect("dealer.toml");
    let location: Location = toml::from_str(
        r#"
id = 1
name = "Acme Springwood"
slug = "springwood"
primary = true
[address]
street = "1 Main St"
city = "Springwood"
state = "QLD"
postcode = "4127"
lat = -27.6
long = 153.1
[contact_detail]
phone = "07 3000 1234"
[[contact_detail.opening_hours]]
weekday = 1
status = "Open"
open = "08:30"
close = "17:30"
[[contact_detail.opening_hours]]
weekday = 2
status = "Open"
open = "08:30"
close = "17:30"
[[contact_detail.opening_hours]]
weekday = 3
status = "Open"
open = "08:30"
close = "17:30"
[[contact_detail.opening_hours]]
weekday = 4
status = "Open"
open = "08:30"
close = "17:30"
[[contact_detail.opening_hours]]
weekday = 5
status = "Open"
open = "08:30"
close = "17:30"
[[contact_detail.opening_hours]]
weekday = 0
status = "Closed"
"#,
    )
    .expect("location");
    Dealer {
        locations: vec![location],
        pages: vec![ContentPage {
            slug: "warranty".into(),
            title: "Warranty".into(),
            path: "/pages/warranty".into(),
            description: None,
            markdown: "# Cover\n\nSee <script>alert(1)</script> [terms](/terms-and-conditions).\n"
                .into(),
            expiry: None,
        }],
        ..Dealer::with_config(config, "dealers/acme")
    }
}

fn car(id: u64, make: &str, model: &str, car_type: CarType, days_old: i64) -> Car {
    Car {
        id,
        slug: format!("car-{id}"),
        year: 2022,
        make: make.into(),
        model: model.into(),
        car_type,
        status: CarStatus::InStock,
        created_at: now() - Duration::days(days_old),
        dealership_slug: "acme".into(),
        price: Some(30_000.0 + id as f64),
        km: Some(12_345),
        vin: Some(format!("JTMW1RFV00D{id:06}")),
        simple_body: Some("SUV".into()),
        images: (0..5)
            .map(|i| Image {
                url: format!("/media/{id}-{i}.svg"),
                thumb: Some(Thumb {
                    url: format!("/media/{id}-{i}-t.svg"),
                }),
            })
            .collect(),
        location: Some(CarLocation {
            name: "Acme Springwood".into(),
            slug: "springwood".into(),
            ..CarLocation::default()
        }),
        // As a feed row without the field has it (`Car::default()` says false).
        show_on_dealer_website: true,
        ..Car::default()
    }
}

fn stock() -> Vec<Car> {
    let mut sold = car(3, "Toyota", "HiLux", CarType::Used, 20);
    sold.status = CarStatus::Sold;
    sold.sold_at = Some(now() - Duration::days(1));
    let mut no_price = car(4, "Mazda", "CX-5", CarType::Demo, 30);
    no_price.price = None;
    no_price.dealercomments = Some(format!("{}|Second paragraph", "x".repeat(450)));
    no_price.rego_expiry = NaiveDate::from_ymd_opt(2027, 3, 12);
    vec![
        car(1, "Toyota", "RAV4", CarType::New, 2),
        car(2, "Toyota", "RAV4", CarType::Used, 15),
        sold,
        no_price,
    ]
}

fn page<'a>(pages: &'a [Page], path: &str) -> &'a Page {
    pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no page {path}"))
}

#[test]
fn account_pages_follow_the_config_and_gated_pages_say_so() {
    let pages = site_pages(&dealer(), &stock(), now());
    // Without favourites, a garage or the online purchase journey, their pages are not built.
    for path in ["/watchlist", "/my-garage", "/checkout-journey"] {
        assert!(pages.iter().all(|p| p.path != path), "{path} built");
    }
    assert_eq!(
        page(&pages, "/cars/car-1/checkout").props.value()["gate"],
        serde_json::Value::Null
    );
    assert_eq!(
        page(&pages, "/cars/car-1").props.value()["page"]["card"]["saveable"],
        false
    );

    let mut dealer = dealer();
    dealer.config.favourites.enabled = true;
    dealer.config.garage.enabled = true;
    dealer.config.garage.page = "mygarage".into();
    dealer.config.reserve.buy_online_journey = true;
    dealer.config.gated_routes.checkout = true;
    let pages = site_pages(&dealer, &stock(), now());
    assert_eq!(
        page(&pages, "/watchlist").props.value()["gate"],
        "watchlist"
    );
    assert_eq!(page(&pages, "/mygarage").props.value()["gate"], "my-garage");
    assert!(pages.iter().all(|p| p.path != "/my-garage"));
    let journey = page(&pages, "/checkout-journey");
    assert_eq!(journey.props.value()["gate"], "checkout");
    assert_eq!(
        journey.props.value()["page"]["reserve_terms"],
        serde_json::json!({
            "deposit": 200,
            "hold_hours": 48,
            "pay_note": "This vehicle is held for you for 48 hours. Please pay the $200 fully refundable deposit at the dealership to complete your reservation."
        })
    );
    assert_eq!(
        page(&pages, "/cars/car-1/checkout").props.value()["gate"],
        "checkout"
    );
    assert_eq!(
        page(&pages, "/sign-in").props.value()["gate"],
        serde_json::Value::Null
    );
    assert_eq!(page(&pages, "/").props.value()["site"]["favourites"], true);
    assert_eq!(
        page(&pages, "/").props.value()["site"]["garage_path"],
        "/mygarage"
    );
    let car = page(&pages, "/cars/car-1");
    assert_eq!(car.props.value()["page"]["card"]["saveable"], true);
    assert_eq!(
        car.props.value()["page"]["widgets"]["buy_online_url"],
        "/checkout-journey?car_id=car-1"
    );
}

#[test]
fn a_dealer_taking_card_deposits_tells_the_card_story() {
    let mut dealer = dealer();
    dealer.config.reserve.payment = domain::config::ReservePayment::Stripe;
    dealer.config.reserve.stripe_publishable_key = Some("pk_test_acme".into());
    let pages = site_pages(&dealer, &stock(), now());
    let note = page(&pages, "/online-payment").props.value()["page"]["reserve_terms"]["pay_note"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(note.contains("$200 is held on your card"), "{note}");
    let reserve = page(&pages, "/cars/car-1/checkout").props.value()["page"].clone();
    assert_eq!(reserve["card_payment"]["publishable_key"], "pk_test_acme");
    for text in [&reserve["intro"], &reserve["thank_you"]["text"]] {
        let text = text.as_str().unwrap_or_default();
        assert!(text.contains("held on your card"), "{text}");
        assert!(!text.contains("at the dealership"), "{text}");
    }
}

#[test]
fn the_page_list_has_every_route() {
    let pages = site_pages(&dealer(), &stock(), now());
    for path in [
        "/",
        "/404",
        "/cars/car-1",
        "/cars/car-3",
        "/search/new-used-and-demo-cars",
        "/search/new-cars",
        "/search/used-cars",
        "/search/demo-cars",
        "/search/new-and-demo-cars",
        "/search/toyota",
        "/search/toyota/rav4",
        "/search/mazda/cx-5",
        "/search/suv",
        "/search/springwood",
        "/locations/springwood",
        "/contact-us/springwood",
        "/dealerships",
        "/contact",
        "/about-us",
        "/pages/warranty",
        "/sign-in",
        "/success",
        "/print",
        "/cars/trade-in",
        "/special-offers",
        "/dealer-locator",
        "/offers",
        "/brands",
        "/toyota/overview",
        "/mazda/overview",
        "/contact-us",
        "/service",
    ] {
        page(&pages, path);
    }
    let mut paths: Vec<&str> = pages.iter().map(|p| p.path.as_str()).collect();
    let before = paths.len();
    paths.sort_unstable();
    paths.dedup();
    assert_eq!(before, paths.len(), "duplicate paths");
    assert_eq!(page(&pages, "/404").kind, PageKind::NotFound);
    assert_eq!(page(&pages, "/brands").kind, PageKind::Brands);
    // The reserve page of an available car with a price posts its id to the reservations API.
    let reserve = page(&pages, "/cars/car-1/checkout");
    assert_eq!(reserve.kind, PageKind::Form);
    assert!(!reserve.in_sitemap);
    assert_eq!(
        reserve.props.value()["page"]["api_path"],
        "/api/reservations"
    );
    assert_eq!(reserve.props.value()["page"]["kind"], "reservation");
    assert_eq!(reserve.props.value()["page"]["car"]["id"], 1);
    let fields = reserve.props.value()["page"]["steps"][0]["fields"]
        .as_array()
        .cloned()
        .expect("fields");
    assert!(
        fields
            .iter()
            .any(|f| f["name"] == "car_id" && f["default_value"] == "1"),
        "{fields:?}"
    );
    // Until online payment exists, the page and its success page both say the deposit is
    // paid at the dealership.
    let intro = reserve.props.value()["page"]["intro"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let thanks = reserve.props.value()["page"]["thank_you"]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    for text in [&intro, &thanks] {
        assert!(
            text.contains("$200 fully refundable deposit at the dealership"),
            "{text}"
        );
    }
    let brand = page(&pages, "/toyota/overview");
    assert_eq!(brand.kind, PageKind::Brand);
    // Search links carry their refinement brackets percent-encoded (valid hrefs).
    let links = brand.props.value()["page"]["stock_links"]
        .as_array()
        .cloned()
        .expect("stock links");
    assert!(
        links.iter().any(|l| l["url"]
            .as_str()
            .is_some_and(|u| u.contains("refinementList%5Bcar_type%5D%5B0%5D="))),
        "{links:?}"
    );
    assert!(
        links.iter().all(|l| l["url"]
            .as_str()
            .is_some_and(|u| !u.contains('[') && !u.contains(']'))),
        "{links:?}"
    );
    assert_eq!(page(&pages, "/special-offers").kind, PageKind::Offers);
    assert!(
        !pages.iter().any(|p| p.path == "/models"),
        "no model pages without models/*.toml"
    );
    assert!(!page(&pages, "/sign-in").in_sitemap);
    assert!(page(&pages, "/cars/car-1").in_sitemap);
}

#[test]
fn search_pages_hold_the_first_page_latest_first_with_facets() {
    let pages = site_pages(&dealer(), &stock(), now());
    let toyota = &page(&pages, "/search/toyota").props.value()["page"];
    assert_eq!(toyota["count"], 3);
    assert_eq!(toyota["pages"], 2);
    let hits = toyota["hits"].as_array().expect("hits");
    assert_eq!(hits.len(), 2, "page size from the config");
    assert_eq!(hits[0]["id"], 1, "latest first");
    assert_eq!(hits[1]["id"], 2);
    assert_eq!(toyota["fixed_filters"][0]["facet"], "make");
    let facets = toyota["facets"].as_array().expect("facets");
    let car_type = facets
        .iter()
        .find(|f| f["facet"] == "car_type")
        .expect("car_type facet");
    let labels: Vec<&str> = car_type["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["label"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(labels, ["New", "Used"]);
    assert!(
        facets.iter().any(|f| f["facet"] == "model"),
        "model facet once a make is fixed"
    );
    let all = &page(&pages, "/search/new-used-and-demo-cars").props.value()["page"];
    assert!(!all["facets"]
        .as_array()
        .expect("facets")
        .iter()
        .any(|f| f["facet"] == "model"));
}

#[test]
fn cards_follow_the_rules() {
    let pages = site_pages(&dealer(), &stock(), now());
    let sold = &page(&pages, "/cars/car-3").props.value()["page"];
    assert_eq!(sold["card"]["sold_text"], "JUST SOLD");
    assert_eq!(sold["sold_notice"], "SOLD");
    assert_eq!(sold["find_similar_url"], "/search/toyota/hilux");
    assert_eq!(sold["card"]["reserve_url"], serde_json::Value::Null);
    let fresh = &page(&pages, "/cars/car-1").props.value()["page"];
    assert_eq!(fresh["card"]["tag"]["text"], "New Arrival");
    assert_eq!(fresh["card"]["price_text"], "$30,001");
    assert_eq!(fresh["card"]["km_text"], "12,345 km");
    assert_eq!(fresh["card"]["reserve_url"], "/cars/car-1/checkout");
    assert_eq!(fresh["show_thumbnails"], true);
    let no_price = &page(&pages, "/cars/car-4").props.value()["page"];
    assert_eq!(no_price["card"]["price_text"], "Enquire for price.");
    assert_eq!(no_price["card"]["find_similar_url"], "/search/mazda/cx-5");
    assert_eq!(no_price["comments"]["truncated"], true);
    assert_eq!(no_price["rego_expiry"], "Expires on 12/03/2027");
    let crumbs: Vec<&str> = no_price["breadcrumbs"]
        .as_array()
        .expect("crumbs")
        .iter()
        .map(|c| c["label"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        crumbs,
        ["Home", "Demo", "Mazda", "CX-5", "SUV", "2022 Mazda CX-5"]
    );
}

#[test]
fn vehicle_json_ld_is_a_car_with_an_offer() {
    let pages = site_pages(&dealer(), &stock(), now());
    let vehicle = page(&pages, "/cars/car-1");
    let car = vehicle
        .json_ld
        .iter()
        .find(|j| j["@type"] == "Car")
        .expect("Car");
    assert_eq!(car["vehicleIdentificationNumber"], "JTMW1RFV00D000001");
    assert_eq!(car["mileageFromOdometer"]["unitCode"], "KMT");
    assert_eq!(car["offers"]["priceCurrency"], "AUD");
    assert_eq!(car["offers"]["price"], 30001.0);
    assert_eq!(car["offers"]["availability"], "https://schema.org/InStock");
    assert_eq!(car["url"], "https://www.acme.com.au/cars/car-1");
    assert!(vehicle
        .json_ld
        .iter()
        .any(|j| j["@type"] == "BreadcrumbList"));
    let sold = page(&pages, "/cars/car-3");
    assert_eq!(
        sold.json_ld[0]["offers"]["availability"],
        "https://schema.org/SoldOut"
    );
    assert_eq!(vehicle.hero_image.as_deref(), Some("/media/1-0.svg"));
}

#[test]
fn locations_group_weekday_hours_and_carry_opening_hours_json_ld() {
    let pages = site_pages(&dealer(), &stock(), now());
    let location = page(&pages, "/locations/springwood");
    let hours = location.props.value()["page"]["location"]["hours"]
        .as_array()
        .cloned()
        .expect("hours");
    assert_eq!(hours[0]["label"], "Monday - Friday");
    assert_eq!(hours[0]["text"], "8:30am - 5:30pm");
    let dealer_ld = &location.json_ld[0];
    assert_eq!(dealer_ld["@type"], "AutoDealer");
    assert_eq!(
        dealer_ld["openingHoursSpecification"]
            .as_array()
            .expect("spec")
            .len(),
        5
    );
    assert_eq!(
        dealer_ld["openingHoursSpecification"][0]["dayOfWeek"],
        "https://schema.org/Monday"
    );
    assert_eq!(
        location.props.value()["site"]["phone"]["display"],
        "07 3000 1234"
    );
}

#[test]
fn content_pages_escape_dealer_html() {
    let pages = site_pages(&dealer(), &stock(), now());
    let html = page(&pages, "/pages/warranty").props.value()["page"]["html"]
        .as_str()
        .expect("html")
        .to_string();
    assert!(html.contains("<h2>Cover</h2>"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"/terms-and-conditions\">terms</a>"),
        "{html}"
    );
    assert!(!html.contains("<script"), "{html}");
}

#[test]
fn only_a_dealer_with_parts_gets_the_parts_catalogue() {
    let pages = site_pages(&dealer(), &stock(), now());
    assert!(
        pages
            .iter()
            .all(|p| p.path != "/parts/search" && p.kind != PageKind::PartsSearch),
        "no parts.toml, no catalogue"
    );
    // The order form is there either way.
    assert_eq!(page(&pages, "/parts").kind, PageKind::Form);

    let mut with_parts = dealer();
    with_parts.parts = toml::from_str::<PartsFile>(
        r#"
[[parts]]
number = "PZQ64-42041"
name = "Towbar <Heavy Duty>"
category = "Towing"
makes = ["Toyota"]
models = ["HiLux"]
price = 1290

[[parts]]
number = "08880-83717"
name = "Engine Oil 0W-20 (5 L)"
category = "Servicing"
"#,
    )
    .expect("parts.toml")
    .parts;
    let pages = site_pages(&with_parts, &stock(), now());
    let catalogue = page(&pages, "/parts/search");
    assert_eq!(catalogue.kind, PageKind::PartsSearch);
    assert_eq!(catalogue.kind.as_str(), "parts_search");
    assert!(catalogue.in_sitemap);
    assert_eq!(catalogue.title, "Parts & Accessories | Acme Motors");
    assert!(catalogue
        .json_ld
        .iter()
        .any(|j| j["@type"] == "BreadcrumbList"));
    let view = &catalogue.props.value()["page"];
    assert_eq!(view["page_size"], 24);
    assert_eq!(
        view["parts"][0]["name"], "Towbar <Heavy Duty>",
        "markup in config stays text for React to escape"
    );
    assert_eq!(view["parts"][0]["fits"], "Toyota HiLux");
    assert_eq!(view["parts"][1]["fits"], "All models");
    assert_eq!(view["parts"][1]["price_text"], "Enquire for price.");
    assert_eq!(view["order_form_url"], "/parts");

    // The order link fills in the fields of the order form it points at.
    let url = view["parts"][0]["order_url"]
        .as_str()
        .expect("order_url")
        .to_string();
    let (path, rest) = url.split_once('?').expect("a query");
    let query = rest.split('#').next().unwrap_or_default();
    let form = page(&pages, path).props.value()["page"].clone();
    let fields: Vec<serde_json::Value> = form["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .flat_map(|s| s["fields"].as_array().cloned().unwrap_or_default())
        .collect();
    let filled: Vec<(String, String)> = query
        .split('&')
        .map(|pair| {
            let (param, _) = pair.split_once('=').expect("param=value");
            let field = fields
                .iter()
                .find(|f| f["query_param"] == param)
                .unwrap_or_else(|| panic!("no field takes {param}"));
            (
                param.to_string(),
                field["name"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let names: Vec<&str> = filled.iter().map(|(_, name)| name.as_str()).collect();
    assert_eq!(
        names,
        ["Part#", "Vehicle Make", "Vehicle Model", "Order Detail"]
    );
    assert!(
        url.ends_with(&format!(
            "#{}",
            form["form_id"].as_str().unwrap_or_default()
        )),
        "{url}"
    );

    // The footer leads to the catalogue (under Service & Parts), once.
    let footer_links = |pages: &[Page]| -> Vec<(String, String)> {
        let columns = pages[0].props.value()["site"]["footer_columns"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        columns
            .iter()
            .flat_map(|c| {
                c["links"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .into_iter()
                    .map(move |l| {
                        (
                            c["title"].as_str().unwrap_or_default().to_string(),
                            l["url"].as_str().unwrap_or_default().to_string(),
                        )
                    })
            })
            .filter(|(_, url)| url == "/parts/search")
            .collect()
    };
    assert_eq!(
        footer_links(&pages),
        [("Service & Parts".to_string(), "/parts/search".to_string())]
    );
    assert_eq!(
        footer_links(&site_pages(&dealer(), &stock(), now())),
        Vec::<(String, String)>::new(),
        "no catalogue, no link"
    );
    let mut linked = with_parts.clone();
    linked
        .config
        .menus
        .header
        .push(toml::from_str("label = \"Parts\"\nurl = \"/parts/search\"").expect("menu item"));
    assert_eq!(
        footer_links(&site_pages(&linked, &stock(), now())),
        Vec::<(String, String)>::new(),
        "already in the header"
    );
}
