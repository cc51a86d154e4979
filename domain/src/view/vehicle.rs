//! The vehicle detail page (seed 000 s2/s4, seed 001 s2/s5).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::config::SessionPlugin;
use crate::messages;
use crate::rules::availability::{is_available, SimilarIndex};
use crate::rules::constants::{
    BOTTOM_BAR_PX, COLLAPSE_MS, STICKY_HEADER_PX, THUMBNAIL_STRIP_MIN_IMAGES_EXCLUSIVE,
};
use crate::rules::fuel::{
    fuel_calculator, FuelCalculator, DEFAULT_FUEL_PRICE, DEFAULT_KM_PER_WEEK,
};
use crate::rules::phone::choose_phone;
use crate::rules::vehicle_text::{dealer_comments, rego_expiry_text, DealerComments, SpecRow};

use super::card::{finance_link, reserve_url, similar_search_path, CardJson, CardView, Cards};
use super::crumbs::Crumb;
use super::finance::{
    finance_calculator_view, finance_estimate_view, FinanceCalculatorView, FinanceEstimateView,
};
use super::form::{vehicle_forms_view, VehicleFormsView};
use super::names::{car_type_label, display_name};
use super::site::{website_id, PhoneView, ViewContext};
use super::slug::slugify;
use super::vehicle_blocks::{
    promo_banner, vehicle_assurances, vehicle_map, PromoBannerView, VehicleAssurancesView,
    VehicleMapView,
};
pub use super::vehicle_media::{
    gallery, gallery_video, hotspot_views, viewer_view, GalleryImage, GalleryVideo, HotspotView,
    ViewerModeView, ViewerView,
};
pub use super::vehicle_specs::{
    build_and_compliance, feed_month, key_chips, key_information, specifications, VehicleKind,
};
use super::vehicle_specs::{listed, with_warranty};
pub use super::vehicle_youx::{
    youx_quote_view, QuoteFigures, YouxQuoteRequest, YouxQuoteView, YOUX_CREDIT_SCORE,
    YOUX_LOAN_TERM_YEARS, YOUX_NAME,
};

/// A link to the car's location page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationLink {
    /// Location name.
    pub name: String,
    /// `/locations/{slug}` when the dealer has that location, else none.
    pub url: Option<String>,
}

/// Everything the vehicle page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct VehiclePageView {
    /// The car's card (title, price, tag, weekly finance, sold wording, buttons).
    pub card: CardView,
    /// Home / car type / make / model / body / current.
    pub breadcrumbs: Vec<Crumb>,
    /// Gallery images, primary first.
    pub images: Vec<GalleryImage>,
    /// Seed 000 s9: the thumbnail strip shows only with more than 3 images.
    pub show_thumbnails: bool,
    /// Key chips under the price: year, km, transmission, fuel, body (caravans: berths
    /// and ATM; motorcycles: engine capacity).
    pub key_chips: Vec<String>,
    /// Key information rows (empty values dropped).
    pub key_information: Vec<SpecRow>,
    /// Specification rows (empty, null and 'null' values dropped).
    pub specifications: Vec<SpecRow>,
    /// Dealer comments with their 400-character short form.
    pub comments: DealerComments,
    /// Heading of the comments: "Our Comments" where the dealer sets
    /// `vehicle_page.our_comments` (seed 001 s2), else "Dealer Comments" (seed 001 s9).
    pub comments_title: String,
    /// 'Expires on {date}', 'Unregistered' where the site shows it, or none.
    pub rego_expiry: Option<String>,
    /// The car's location.
    pub location: Option<LocationLink>,
    /// The number to call for this car (phone choice rule).
    pub phone: Option<PhoneView>,
    /// 'SOLD' when the car is unavailable.
    pub sold_notice: Option<String>,
    /// Find Me Something Similar target when the car is unavailable.
    pub find_similar_url: Option<String>,
    /// Feature list (the Car Summary section, seed 001 s2).
    pub features: Vec<String>,
    /// Standard equipment list (feed `standardEquipment`, seed 000 s3 / seed 001 s3),
    /// shown in the Car Summary section.
    pub standard_equipment: Vec<String>,
    /// The title of that section: "Car Summary" on a car, "Summary" on a motorcycle,
    /// caravan or truck.
    pub summary_title: String,
    /// The similar stock's heading: "Similar cars", "Similar caravans".
    pub similar_title: String,
    /// What the compare page shows of this car (price, km, year, fuel, transmission,
    /// body, key specs), read from this page when the shopper compares it.
    pub compare: Vec<SpecRow>,
    /// The site file of the similar in-stock cars ([`SimilarCarsView`], at
    /// [`similar_cars_path`]), which the page loads after it is shown; none when there
    /// are none. A file, not props: a neighbour's new price rewrites it, not this page.
    pub similar_url: Option<String>,
    /// The model's search page: where the similar cars section's "See all" link goes,
    /// all it offers without scripts.
    pub similar_search_url: String,
    /// The interactive widgets of the page (calculators, share, print, sticky bars).
    pub widgets: VehicleWidgets,
    /// The detail viewer: which modes the car has and which shows first.
    pub viewer: ViewerView,
    /// The finance calculator (`#finance-calculator`) of an available car.
    pub finance_calculator: Option<FinanceCalculatorView>,
    /// The finance estimate box of an available, priced car.
    pub finance_estimate: Option<FinanceEstimateView>,
    /// The car's finance enquiry link (seed 001 s2), where the calculator's Enquire goes.
    pub finance_url: String,
    /// The enquiry, test-drive and photo request forms the page opens as dialogs (seed
    /// 000 s2/s5), for an available car.
    pub forms: Option<VehicleFormsView>,
    /// Where the car is (`#vehicle-map`, seed 000 s2), when it names a location.
    pub map: Option<VehicleMapView>,
    /// The promo banner: latest offers, book service online, sell your car (seed 000 s2).
    pub promo_banner: Option<PromoBannerView>,
    /// Certified, Reserve Online, money back, Why Buy From Us, Protect Your Car and the
    /// history report link.
    pub assurances: VehicleAssurancesView,
}

/// What the browser-side widgets of a vehicle page need (seed 000 s2/s4/s5/s7/s9, seed
/// 001 s2/s5/s7/s9): which of them the dealer shows, and the ids and paths they call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct VehicleWidgets {
    /// Config `vehicle_page.delivery_calculator`, and the dealer has delivery zones.
    pub delivery_calculator: bool,
    /// The car's location slug the delivery estimate is measured from, when the
    /// dealer has that location; else the API measures from the nearest one.
    pub delivery_location: Option<String>,
    /// Session plugin "Autogauge" (seed 001 s3): ask `{car path}/autogauge` after
    /// hydration.
    pub price_comparison: bool,
    /// Session plugin "Car Analysis" (seed 001 s3): the price comparison panel also says
    /// how many comparable cars it rests on and how confident it is.
    pub car_analysis: bool,
    /// Seed 001 s5: the fuel cost calculator's starting values; none when the dealer
    /// turned it off (`vehicle_page.fuel_calculator`) or the car is electric.
    pub fuel: Option<FuelCalculator>,
    /// The car's absolute URL (copied by the share button).
    pub car_url: String,
    /// Seed 001 s2: `/print?car_id={slug}` (opens in a new tab).
    pub print_url: String,
    /// The online purchase journey (/checkout-journey?car_id={slug}), on sites that offer
    /// it (config `reserve.buy_online_journey`), for a car that can be reserved.
    pub buy_online_url: Option<String>,
    /// The youX finance quote (config `features.youx_quote`) of an available car with a
    /// price: the feed's quote when it has one, else the request the page sends once.
    pub youx_quote: Option<YouxQuoteView>,
    /// Enquiry target of the bottom bar.
    pub enquire_url: String,
    /// Enquiry button text (config `forms.enquiry_button_text`: Enquire Now or Message Now).
    pub enquire_label: String,
    /// Seed 001's instant message: the dealer's messaging channel (config `messaging`)
    /// with the car prefilled, which the bottom bar's Message Now opens instead of the
    /// enquiry form; none without a channel.
    pub message_url: Option<String>,
    /// The car's dealership id (reveal-phone log).
    pub dealership_id: Option<u64>,
    /// The dealer's website id (reveal-phone log).
    pub website_id: u64,
    /// Seed 000 s9: the sticky header shows from this scroll offset (px).
    pub sticky_header_px: u32,
    /// Seed 001 s2/s9: the fixed bottom bar shows past this scroll offset (px).
    pub bottom_bar_px: u32,
    /// Seed 000 s9: collapse animation of the accordion sections (ms).
    pub collapse_ms: u32,
}

/// Breadcrumbs of a vehicle page (seed 001 s2): Home, car type, make, model, body, current.
pub fn breadcrumbs(car: &Car, search: &crate::config::SearchConfig) -> Vec<Crumb> {
    let link = |label: &str, url: String| Crumb {
        label: label.to_string(),
        url: Some(url),
    };
    let mut crumbs = vec![
        link(messages::BREADCRUMB_HOME, "/".to_string()),
        link(
            car_type_label(car.car_type),
            super::links::car_type_path(car.car_type, search),
        ),
        link(
            &car.make,
            crate::routes::SEARCH.path(&[&slugify(&car.make)]),
        ),
        link(&car.model, similar_search_path(car)),
    ];
    if let Some(body) = car
        .simple_body
        .as_deref()
        .map(str::trim)
        .filter(|b| !b.is_empty() && !slugify(b).is_empty())
    {
        crumbs.push(link(body, crate::routes::SEARCH.path(&[&slugify(body)])));
    }
    crumbs.push(Crumb {
        label: display_name(car),
        url: None,
    });
    crumbs
}

/// The compare rows of `car` whose card is `card`: [`messages::COMPARE_ROWS`] that the
/// car has (a row it lacks is absent; the compare page shows a dash), in that order.
pub fn compare_rows(car: &Car, card: &CardView) -> Vec<SpecRow> {
    let price = match (&card.price, card.price_type.as_deref()) {
        (Some(_), Some(kind)) => format!("{} {kind}", card.price_text),
        _ => card.price_text.clone(),
    };
    let known: Vec<SpecRow> = key_information(car)
        .into_iter()
        .chain(specifications(car))
        .collect();
    messages::COMPARE_ROWS
        .iter()
        .filter_map(|label| {
            if *label == messages::PRICE_ROW {
                return Some(SpecRow {
                    label: messages::PRICE_ROW.to_string(),
                    value: price.clone(),
                });
            }
            known.iter().find(|row| row.label == *label).cloned()
        })
        .collect()
}

/// The location link of a car.
pub fn location_link(car: &Car, ctx: &ViewContext<'_>) -> Option<LocationLink> {
    let location = car.location.as_ref();
    let name = super::card::car_location_name(car)?;
    let url = location
        .map(|l| l.slug.as_str())
        .filter(|slug| {
            ctx.dealer
                .locations
                .iter()
                .any(|l| l.visible && l.slug == *slug)
        })
        .map(|slug| crate::routes::LOCATION.path(&[slug]));
    Some(LocationLink { name, url })
}

/// The widgets of the vehicle page of `car`.
pub fn vehicle_widgets(car: &Car, ctx: &ViewContext<'_>) -> VehicleWidgets {
    let config = &ctx.dealer.config;
    let fuel = if config.vehicle_page.fuel_calculator {
        fuel_calculator(car, DEFAULT_FUEL_PRICE, DEFAULT_KM_PER_WEEK)
    } else {
        None
    };
    VehicleWidgets {
        delivery_calculator: config.vehicle_page.delivery_calculator
            && !config.delivery_zones.is_empty(),
        delivery_location: car
            .location
            .as_ref()
            .map(|l| l.slug.clone())
            .filter(|slug| {
                ctx.dealer
                    .locations
                    .iter()
                    .any(|l| l.visible && l.slug == *slug)
            }),
        price_comparison: config.has_plugin(SessionPlugin::Autogauge),
        car_analysis: config.has_plugin(SessionPlugin::CarAnalysis),
        fuel,
        car_url: ctx.absolute(&car.page_path()),
        print_url: format!("{}?car_id={}", crate::routes::PRINT.pattern, car.slug),
        youx_quote: youx_quote_view(car, ctx),
        buy_online_url: super::card::buy_online_url(car, ctx),
        enquire_url: format!("{}?car_id={}", crate::routes::ENQUIRY.pattern, car.id),
        enquire_label: config.forms.enquiry_button_text.label().to_string(),
        message_url: super::links::message_url(
            &config.messaging,
            car.id,
            &display_name(car),
            &ctx.absolute(&car.page_path()),
        ),
        dealership_id: car.dealership_id,
        website_id: website_id(&config.slug),
        sticky_header_px: STICKY_HEADER_PX,
        bottom_bar_px: BOTTOM_BAR_PX,
        collapse_ms: u32::try_from(COLLAPSE_MS).unwrap_or(u32::MAX),
    }
}

/// The vehicle page of `car`; `stock` is the dealer's stock (for similar cars). Tests'
/// shorthand: a build indexes the stock once and shares its cards.
#[cfg(test)]
pub fn vehicle_page_view(car: &Car, stock: &[Car], ctx: &ViewContext<'_>) -> VehiclePageView {
    let cards = &crate::view::card::MakeCards;
    let similar = similar_cars_view(car, &SimilarIndex::new(stock), cards, ctx);
    vehicle_page_view_indexed(car, &similar, cards, ctx)
}

/// The similar cars of a vehicle page: the cards of the site file at
/// [`similar_cars_path`], which the page loads after it is shown.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SimilarCarsView {
    /// Similar in-stock cars, most alike first.
    #[ts(as = "Vec<CardView>")]
    pub cars: Vec<CardJson>,
}

/// Where the site file of `car`'s similar cars ([`SimilarCarsView`]) is published.
pub fn similar_cars_path(car: &Car) -> String {
    format!("{SIMILAR_CARS_DIR}/{}.json", car.slug)
}

/// The folder of the similar cars' site files.
pub const SIMILAR_CARS_DIR: &str = "/_site/similar";

/// The similar cars of `car` from the dealer's indexed stock, their cards from `cards`.
pub fn similar_cars_view(
    car: &Car,
    stock: &SimilarIndex<'_>,
    cards: &dyn Cards,
    ctx: &ViewContext<'_>,
) -> SimilarCarsView {
    let settings = ctx.dealer.config.vehicle_page.similar_cars_settings();
    SimilarCarsView {
        cars: stock
            .similar(car, &settings)
            .into_iter()
            .map(|c| cards.json(c, ctx))
            .collect(),
    }
}

/// The vehicle page of `car` with its similar cars (`similar`, the page links their
/// file when there are any) and its card from `cards`.
pub fn vehicle_page_view_indexed(
    car: &Car,
    similar: &SimilarCarsView,
    cards: &dyn Cards,
    ctx: &ViewContext<'_>,
) -> VehiclePageView {
    let config = &ctx.dealer.config;
    let images = gallery(car);
    let available = is_available(car);
    let words = super::words::car_action_words(ctx.dealer, car);
    let similar = &similar.cars;
    let card = cards.card(car, ctx);
    VehiclePageView {
        compare: compare_rows(car, &card),
        card,
        breadcrumbs: breadcrumbs(car, &config.search),
        show_thumbnails: images.len() > THUMBNAIL_STRIP_MIN_IMAGES_EXCLUSIVE,
        images,
        key_chips: key_chips(car),
        key_information: with_warranty(key_information(car), car, &config.vehicle_page),
        specifications: specifications(car),
        comments: dealer_comments(car.dealercomments.as_deref()),
        comments_title: if config.vehicle_page.our_comments {
            messages::OUR_COMMENTS
        } else {
            messages::DEALER_COMMENTS
        }
        .to_string(),
        rego_expiry: rego_expiry_text(
            car.rego_expiry,
            ctx.today,
            config.vehicle_page.rego_expiry_unregistered,
        ),
        location: location_link(car, ctx),
        phone: choose_phone(car, &config.phones.settings())
            .map(|c| PhoneView::new(&c.number, config.phones.masked)),
        sold_notice: (!available).then(|| messages::SOLD.to_string()),
        find_similar_url: (!available).then(|| similar_search_path(car)),
        features: listed(&car.features),
        standard_equipment: listed(&car.standard_equipment),
        summary_title: words.summary.to_string(),
        similar_title: format!("Similar {}", words.many),
        similar_url: (!similar.is_empty()).then(|| similar_cars_path(car)),
        similar_search_url: similar_search_path(car),
        widgets: vehicle_widgets(car, ctx),
        // The mode the page opens on comes from the template unless the dealer names one.
        viewer: viewer_view(
            car,
            &crate::config::VehiclePageConfig {
                viewer_default_mode: Some(config.viewer_default_mode()),
                ..config.vehicle_page.clone()
            },
        ),
        finance_calculator: available.then(|| finance_calculator_view(ctx, Some(car))),
        finance_estimate: finance_estimate_view(car, ctx),
        finance_url: finance_link(car, ctx),
        forms: available.then(|| vehicle_forms_view(car, ctx)),
        map: vehicle_map(car, ctx),
        promo_banner: promo_banner(ctx),
        assurances: vehicle_assurances(car, reserve_url(car, ctx).is_some(), ctx),
    }
}

#[cfg(test)]
mod tests {

    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::car::{Hotspot, HotspotPosition};
    use crate::config::{Dealer, DealerConfig};

    fn dealer(extra: &str) -> Dealer {
        let toml_text = format!(
            "slug = \"acme\"\nname = \"Acme Motors\"\ndomains = [\"www.acme.com.au\"]\n{extra}\n[theme]\nprimary = \"#123456\"\nsecondary = \"#654321\"\nlogo = \"logo.svg\"\n[finance]\nprovider = \"manual\"\n"
        );
        let config: DealerConfig = toml::from_str(&toml_text).expect("dealer.toml");
        Dealer::with_config(config, "dealers/acme")
    }

    fn car() -> Car {
        Car {
            id: 42,
            slug: "2024-toyota-rav4-gx-42".into(),
            year: 2024,
            make: "Toyota".into(),
            model: "RAV4".into(),
            dealership_id: Some(7),
            ..Car::default()
        }
    }

    fn widgets(extra: &str, car: &Car) -> VehicleWidgets {
        let dealer = dealer(extra);
        let ctx = ViewContext::new(
            &dealer,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        vehicle_widgets(car, &ctx)
    }

    const ZONE: &str = "[[delivery_zones]]\nregion = \"Metro\"\nprice = 0\nmax_km = 50\n";

    #[test]
    fn the_finance_link_carries_the_seed_parameters_and_anchor() {
        let dealer = dealer("");
        let ctx = ViewContext::new(
            &dealer,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        let mut priced = Car {
            price: Some(38_990.0),
            vin: Some("JTM AB1".into()),
            ..car()
        };
        priced.location = Some(crate::car::CarLocation {
            name: "Acme Springwood".into(),
            slug: "acme-springwood".into(),
            ..Default::default()
        });
        assert_eq!(
            finance_link(&priced, &ctx),
            "/finance?preferredDealership=acme-springwood&vehiclePriceBudget=38990&car_id=42&car_type=new&vin=JTM%20AB1#finance-form"
        );
        let page = vehicle_page_view(&priced, &[], &ctx);
        assert_eq!(page.finance_url, finance_link(&priced, &ctx));
        assert!(page.finance_calculator.is_some() && page.finance_estimate.is_some());
        let sold = Car {
            sold: true,
            ..priced
        };
        let page = vehicle_page_view(&sold, &[], &ctx);
        assert!(
            page.finance_calculator.is_none() && page.finance_estimate.is_none(),
            "no finance for an unavailable car"
        );
    }

    #[test]
    fn build_and_compliance_dates_share_one_format_and_never_contradict() {
        let dated = |build: &str, compliance: &str| Car {
            build_date: Some(build.into()),
            compliance_date: Some(compliance.into()),
            ..car()
        };
        let rows = |c: &Car| -> Vec<(String, String)> {
            specifications(c)
                .into_iter()
                .filter(|r| r.label.ends_with(" date"))
                .map(|r| (r.label, r.value))
                .collect()
        };
        assert_eq!(
            rows(&dated("2023-04", "07/2023")),
            [
                ("Build date".to_string(), "04/2023".to_string()),
                ("Compliance date".to_string(), "07/2023".to_string())
            ]
        );
        // Complied before it was built: the compliance date is not shown.
        assert_eq!(
            rows(&dated("2023-04", "01/2023")),
            [("Build date".to_string(), "04/2023".to_string())]
        );
        assert_eq!(feed_month("17/04/2023"), Some((2023, 4)));
        assert_eq!(feed_month("2023-04-17"), Some((2023, 4)));
        assert_eq!(feed_month("April"), None);
        assert_eq!(
            rows(&dated("Late 2022", "2023-01-09")),
            [
                ("Build date".to_string(), "Late 2022".to_string()),
                ("Compliance date".to_string(), "01/2023".to_string())
            ]
        );
        assert_eq!(feed_month("13/2023"), None);
    }

    #[test]
    fn a_motorcycle_or_caravan_page_says_its_own_words_not_car() {
        let at = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let page_of = |category: &str| {
            let dealer = dealer(&format!("vehicle_categories = [\"{category}\"]"));
            let ctx = ViewContext::new(&dealer, at);
            let bike = Car {
                price: Some(9_990.0),
                features: vec!["ABS".into()],
                ..car()
            };
            let page = vehicle_page_view(&bike, &[], &ctx);
            let forms = page.forms.expect("forms");
            let reserve = vehicle_assurances(&bike, true, &ctx)
                .reserve_online
                .expect("reserve")
                .points[0]
                .clone();
            (
                forms.test_drive.label,
                forms.test_drive.title,
                forms.test_drive.intro,
                reserve,
                page.summary_title,
                page.similar_title,
            )
        };
        let (label, title, intro, reserve, summary, similar) = page_of("motorcycles");
        assert_eq!(
            (label.as_str(), title.as_str()),
            ("Book a Test Ride", "Book a Test Ride")
        );
        assert!(
            intro.starts_with("Pick a day and time to ride the "),
            "{intro}"
        );
        assert!(
            reserve.starts_with("Reserve this motorcycle online"),
            "{reserve}"
        );
        assert_eq!(
            (summary.as_str(), similar.as_str()),
            ("Summary", "Similar motorcycles")
        );
        let (label, _, intro, reserve, summary, similar) = page_of("caravans");
        assert_eq!(label, "Book an Inspection");
        assert!(
            intro.starts_with("Pick a day and time to inspect the "),
            "{intro}"
        );
        assert!(
            reserve.starts_with("Reserve this caravan online"),
            "{reserve}"
        );
        assert_eq!(
            (summary.as_str(), similar.as_str()),
            ("Summary", "Similar caravans")
        );
        let (label, _, _, reserve, summary, similar) = page_of("cars");
        assert_eq!(label, "Book a Test Drive");
        assert!(reserve.starts_with("Reserve this car online"), "{reserve}");
        assert_eq!(
            (summary.as_str(), similar.as_str()),
            ("Car Summary", "Similar cars")
        );
    }

    #[test]
    fn widgets_carry_ids_paths_and_seed_constants() {
        let w = widgets(ZONE, &car());
        assert!(w.delivery_calculator);
        assert!(!w.price_comparison);
        assert_eq!(
            w.car_url,
            "https://www.acme.com.au/cars/2024-toyota-rav4-gx-42"
        );
        assert_eq!(w.print_url, "/print?car_id=2024-toyota-rav4-gx-42");
        assert_eq!(w.enquire_url, "/contact-us?car_id=42");
        assert_eq!(w.enquire_label, messages::ENQUIRE_NOW);
        assert_eq!(w.dealership_id, Some(7));
        assert_eq!(w.website_id, website_id("acme"));
        assert_eq!(
            (w.sticky_header_px, w.bottom_bar_px, w.collapse_ms),
            (500, 900, 300)
        );
    }

    #[test]
    fn message_now_opens_the_dealers_channel_with_the_car_or_stays_the_form() {
        assert_eq!(widgets("", &car()).message_url, None);
        let w = widgets("[messaging]\nwhatsapp = \"0412 345 678\"\n", &car());
        let url = w.message_url.expect("a WhatsApp link");
        assert!(url.starts_with("https://wa.me/61412345678?text="), "{url}");
        assert!(
            url.ends_with("the%202024%20Toyota%20RAV4%3A%20https%3A%2F%2Fwww.acme.com.au%2Fcars%2F2024-toyota-rav4-gx-42"),
            "{url}"
        );
    }

    #[test]
    fn delivery_calculator_follows_the_switch_and_needs_zones() {
        assert!(
            !widgets("", &car()).delivery_calculator,
            "no zones: no estimate is possible"
        );
        let off = format!("[vehicle_page]\ndelivery_calculator = false\n{ZONE}");
        assert!(!widgets(&off, &car()).delivery_calculator);
    }

    #[test]
    fn price_comparison_and_car_analysis_follow_the_session_plugins() {
        // Seed 001 s3: "Website session plugins: feature or name values Autogauge, Car
        // Analysis, PPSR Report".
        let none = widgets("", &car());
        assert!(!none.price_comparison && !none.car_analysis);
        let both = widgets(
            "session_plugins = [\"Autogauge\", \"car_analysis\"]\n",
            &car(),
        );
        assert!(both.price_comparison && both.car_analysis);
        let panel = widgets("session_plugins = [\"autogauge\"]\n", &car());
        assert!(panel.price_comparison && !panel.car_analysis);
    }

    #[test]
    fn the_template_picks_the_viewer_mode_unless_the_dealer_names_one() {
        // Seed 000 s4: "Detail viewer: modes spinner, walkaround, gallery, interior;
        // default spinner (gallery on one variant)".
        let spinning = Car {
            spin_images: vec!["https://img.example/1.jpg".into()],
            ..car()
        };
        let opens_on = |extra: &str| {
            let dealer = dealer(extra);
            let ctx = ViewContext::new(
                &dealer,
                Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                    .single()
                    .expect("time"),
            );
            viewer_view(
                &spinning,
                &crate::config::VehiclePageConfig {
                    viewer_default_mode: Some(ctx.dealer.config.viewer_default_mode()),
                    ..ctx.dealer.config.vehicle_page.clone()
                },
            )
            .default_mode
        };
        assert_eq!(opens_on(""), ViewerModeView::Spinner);
        assert_eq!(
            opens_on("template = \"showroom\"\n"),
            ViewerModeView::Gallery
        );
        assert_eq!(
            opens_on(
                "template = \"showroom\"\n[vehicle_page]\nviewer_default_mode = \"spinner\"\n"
            ),
            ViewerModeView::Spinner
        );
    }

    #[test]
    fn fuel_calculator_defaults_and_hides_for_electric_cars_or_when_off() {
        let fuel = widgets("", &car()).fuel.expect("fuel calculator");
        assert_eq!(
            (fuel.fuel_price, fuel.km_per_week, fuel.consumption),
            (1.70, 250.0, 10.0)
        );
        assert_eq!(fuel.weekly_cost, 42.5);
        let electric = Car {
            simple_fuel: Some("Electric".into()),
            ..car()
        };
        assert_eq!(widgets("", &electric).fuel, None);
        assert_eq!(
            widgets("[vehicle_page]\nfuel_calculator = false\n", &car()).fuel,
            None
        );
    }

    #[test]
    fn weekly_fuel_cost_matches_the_shared_cases() {
        // The same file drives frontend/src/features/vehicle/fuel.test.ts.
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/data/fuel_cases.json"))
                .expect("fuel_cases.json");
        let cases = cases["cases"].as_array().expect("cases");
        assert!(!cases.is_empty());
        for case in cases {
            let n = |key: &str| {
                case[key]
                    .as_f64()
                    .unwrap_or_else(|| panic!("{key} in {case}"))
            };
            let cost = crate::rules::fuel::weekly_fuel_cost(
                n("km_per_week"),
                n("consumption"),
                n("fuel_price"),
            );
            assert!(
                (cost - n("weekly_cost")).abs() < 1e-9,
                "{}: {cost}",
                case["note"]
            );
        }
    }

    #[test]
    fn viewer_offers_the_modes_the_car_has_and_the_dealer_default_when_possible() {
        let config = crate::config::VehiclePageConfig::default();
        let plain = viewer_view(&car(), &config);
        assert_eq!(plain.modes, vec![ViewerModeView::Gallery]);
        assert_eq!(
            plain.default_mode,
            ViewerModeView::Gallery,
            "no spin frames: the gallery shows first"
        );
        let spinning = Car {
            spin_images: vec!["/media/s1.svg".into(), "/media/s2.svg".into()],
            walkaround_videos: vec![crate::car::Video {
                url: "/media/walk.mp4".into(),
                thumb: None,
            }],
            spin_interior_image: Some("/media/in.svg".into()),
            ..car()
        };
        let full = viewer_view(&spinning, &config);
        assert_eq!(
            full.modes,
            vec![
                ViewerModeView::Spinner,
                ViewerModeView::Walkaround,
                ViewerModeView::Gallery,
                ViewerModeView::Interior
            ]
        );
        assert_eq!(full.default_mode, ViewerModeView::Spinner);
        assert_eq!(
            (full.spin_interval_ms, full.spin_drag_sensitivity),
            (100, 20)
        );
        let gallery_first = crate::config::VehiclePageConfig {
            viewer_default_mode: Some(crate::config::ViewerMode::Gallery),
            ..config
        };
        assert_eq!(
            viewer_view(&spinning, &gallery_first).default_mode,
            ViewerModeView::Gallery
        );
    }

    fn spot(description: &str, anchors: &[&str], positions: &[(u32, f64, f64)]) -> Hotspot {
        Hotspot {
            description: description.into(),
            anchors: anchors.iter().map(|a| a.to_string()).collect(),
            positions: positions
                .iter()
                .map(|&(angle, x, y)| HotspotPosition { angle, x, y })
                .collect(),
        }
    }

    #[test]
    fn viewer_carries_hotspots_by_angle_for_the_views_the_car_has() {
        let config = crate::config::VehiclePageConfig::default();
        let mut spinning = Car {
            spin_images: vec!["/s/1.svg".into(), "/s/2.svg".into(), "/s/3.svg".into()],
            ..car()
        };
        spinning.hotspots.exterior = vec![
            spot(
                "LED headlights",
                &["Headlights"],
                &[(0, 18.0, 46.0), (2, 120.0, -5.0), (7, 50.0, 50.0)],
            ),
            spot("Only off the frames", &["Ghost"], &[(3, 10.0, 10.0)]),
            spot("  ", &["No text"], &[(0, 10.0, 10.0)]),
            spot(
                "Alloy wheels",
                &[" ", ""],
                &[(1, f64::NAN, 10.0), (1, 27.0, 70.0)],
            ),
        ];
        spinning.hotspots.interior = vec![spot(
            "Touchscreen",
            &["Infotainment"],
            &[(0, 50.0, 40.0), (4, 1.0, 1.0)],
        )];
        let view = viewer_view(&spinning, &config);
        type Shown<'a> = (&'a str, &'a str, Vec<(u32, f64, f64)>);
        let exterior: Vec<Shown<'_>> = view
            .exterior_hotspots
            .iter()
            .map(|h| {
                (
                    h.label.as_str(),
                    h.description.as_str(),
                    h.positions.iter().map(|p| (p.angle, p.x, p.y)).collect(),
                )
            })
            .collect();
        assert_eq!(
            exterior,
            vec![
                ("Headlights", "LED headlights", vec![(0, 18.0, 46.0), (2, 100.0, 0.0)]),
                ("Alloy wheels", "Alloy wheels", vec![(1, 27.0, 70.0)]),
            ],
            "frames past the last spin image, blank text and non-finite points dropped; points clamped; no anchor: the description labels it"
        );
        assert!(
            view.interior_hotspots.is_empty(),
            "no interior image: no interior hotspots"
        );
        let with_interior = Car {
            spin_interior_image: Some("/media/in.svg".into()),
            ..spinning.clone()
        };
        let interior = viewer_view(&with_interior, &config).interior_hotspots;
        assert_eq!(interior.len(), 1);
        assert_eq!(
            interior[0].positions,
            vec![HotspotPosition {
                angle: 0,
                x: 50.0,
                y: 40.0
            }],
            "the interior view is one frame: angle 0"
        );
        let still = Car {
            spin_images: Vec::new(),
            ..spinning
        };
        assert!(
            viewer_view(&still, &config).exterior_hotspots.is_empty(),
            "no spin: no exterior hotspots"
        );
    }

    #[test]
    fn the_stock_video_takes_the_configured_gallery_position() {
        use crate::config::VideoPosition;
        let images = (1..=6)
            .map(|i| crate::car::Image {
                url: format!("/media/{i}.svg"),
                thumb: None,
            })
            .collect();
        let filmed = Car {
            images,
            video_url: Some(" /media/rav4.mp4 ".into()),
            ..car()
        };
        let index = |position: VideoPosition| {
            let config = crate::config::VehiclePageConfig {
                stock_video_position: position,
                ..Default::default()
            };
            viewer_view(&filmed, &config)
                .gallery_video
                .expect("video")
                .index
        };
        assert_eq!(
            [
                index(VideoPosition::Start),
                index(VideoPosition::Second),
                index(VideoPosition::Middle),
                index(VideoPosition::End)
            ],
            [0, 1, 3, 6]
        );
        let video = viewer_view(&filmed, &crate::config::VehiclePageConfig::default())
            .gallery_video
            .expect("video");
        assert_eq!(video.url, "/media/rav4.mp4");
        assert_eq!(
            video.poster.as_deref(),
            Some("/media/1.svg"),
            "no poster of its own: the primary image"
        );
        assert_eq!(video.title, "2024 Toyota RAV4, video");
        // A provider page cannot play in the page's <video>: the next playable one is used.
        let listed = Car {
            video_url: Some("https://youtu.be/dQw4w9WgXcQ".into()),
            videos: vec![
                crate::car::Video {
                    url: "javascript:alert(1)".into(),
                    thumb: None,
                },
                crate::car::Video {
                    url: "https://cdn.example.com/v.mp4".into(),
                    thumb: Some("/media/poster.svg".into()),
                },
            ],
            ..filmed.clone()
        };
        let video = viewer_view(&listed, &crate::config::VehiclePageConfig::default())
            .gallery_video
            .expect("video");
        assert_eq!(
            (video.url.as_str(), video.poster.as_deref()),
            ("https://cdn.example.com/v.mp4", Some("/media/poster.svg"))
        );
        let none = Car {
            video_url: Some("https://vimeo.com/76979871".into()),
            ..car()
        };
        assert_eq!(
            viewer_view(&none, &crate::config::VehiclePageConfig::default()).gallery_video,
            None
        );
    }

    #[test]
    fn the_external_video_becomes_an_embed_or_a_link() {
        use crate::rules::video::EmbedProvider;
        let config = crate::config::VehiclePageConfig::default();
        let with = |url: &str| {
            viewer_view(
                &Car {
                    external_video_url: Some(url.into()),
                    ..car()
                },
                &config,
            )
            .external_video
        };
        let youtube = with("https://www.youtube.com/watch?v=dQw4w9WgXcQ").expect("embed");
        assert_eq!(
            (youtube.provider, youtube.url.as_str()),
            (
                EmbedProvider::Youtube,
                "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"
            )
        );
        assert_eq!(
            with("https://dealer.example.com/walk").map(|e| e.provider),
            Some(EmbedProvider::Link)
        );
        assert_eq!(with("javascript:alert(1)"), None);
        assert_eq!(viewer_view(&car(), &config).external_video, None);
    }

    #[test]
    fn the_page_carries_the_map_and_the_promo_banner() {
        let dealer = dealer("");
        let ctx = ViewContext::new(
            &dealer,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        let mut located = car();
        located.location = Some(crate::car::CarLocation {
            name: "Acme Springwood".into(),
            city: Some("Springwood".into()),
            ..Default::default()
        });
        let page = vehicle_page_view(&located, &[], &ctx);
        assert_eq!(
            page.map.as_ref().map(|m| m.name.as_str()),
            Some("Acme Springwood")
        );
        assert_eq!(page.promo_banner.map(|b| b.links.len()), Some(3));
        assert_eq!(vehicle_page_view(&car(), &[], &ctx).map, None);
    }
}

/// One figure per fact: the card's /wk, the sidebar (which shows the card's
/// finance), the estimate box and the calculator's opening state are one loan on the
/// estimate box's basis, whatever terms the lender's own data carries.
#[cfg(test)]
mod one_weekly_figure_tests {
    use super::*;
    use crate::car::Lender;
    use crate::rules::finance::{repayment, PaymentFrequency, RepaymentInput};
    use crate::rules::format::format_price;
    use crate::view::vehicle_youx::youx_tests::ctx;

    /// A car whose lender quotes its own term, deposit and balloon (as the sample feed's
    /// lenders do), unlike the estimate's.
    fn car(price: f64, provider: &str) -> Car {
        let mut car: Car = serde_json::from_value(serde_json::json!({
            "id": 9, "slug": "2023-toyota-rav4-gx-9", "year": 2023, "make": "Toyota",
            "model": "RAV4", "car_type": "used", "status": "in_stock",
            "created_at": "2026-11-01T00:00:00Z", "dealership_slug": "acme", "price": price
        }))
        .expect("car");
        car.finance_lenders = std::collections::BTreeMap::from([(
            provider.to_string(),
            Lender {
                interest_rate: Some(6.42),
                comparison_rate: Some(7.01),
                payment_week: Some(197.08),
                payment_month: Some(854.0),
                establishment_fees: Some(395.0),
                term_years: Some(6.0),
                deposit: Some(0.0),
                balloon: Some(13_200.0),
                ..Lender::default()
            },
        )]);
        car
    }

    /// The weekly repayment the calculator opens on, from its view alone (what the
    /// browser computes before the shopper touches anything).
    fn calculator_opening_weekly(view: &crate::view::finance::FinanceCalculatorView) -> f64 {
        let r = &view.ranges;
        repayment(&RepaymentInput {
            amount: r.purchase_price.default,
            deposit: r.deposit.default,
            trade_in: r.trade_in.default,
            establishment_fees: view.establishment_fee,
            balloon: r.residual.default,
            rate: r.interest.default,
            term_years: r.term_years.default,
            frequency: PaymentFrequency::Week,
            round_up: view.round_up,
        })
    }

    #[test]
    fn card_sidebar_estimate_and_calculator_show_one_weekly_figure() {
        for (config, provider, price) in [
            // Moreton: 360 Finance, its own fee, the price as the calculator's amount.
            (
                "[features]\nyoux_quote = true\n[finance]\nprovider = \"360_finance\"\n\
                 [finance.calculator]\nestablishment_fee = 1300\nquick_picks = \"high\"\n\
                 [finance.calculator.amount]\nmin = 5000\nmax_105_percent_of_price = true\n\
                 [finance.calculator.interest]\nmin = 1\nmax = 15.99\ndefault = 10\n",
                "360_finance",
                52_990.0,
            ),
            // A dealer on the seed's defaults (six-year calculator term, round-up off).
            ("[finance]\nprovider = \"taurus\"\n", "taurus", 23_990.0),
            // A dealer whose calculator rounds up and stops at a shorter term.
            (
                "[finance]\nprovider = \"manual\"\n[finance.calculator]\nround_up = true\n\
                 [finance.calculator.term]\nmax = 5\ndefault = 5\n",
                "manual",
                149_990.0,
            ),
        ] {
            let dealer = crate::view::test_dealer(config);
            let ctx = ctx(&dealer);
            let cheap = car(6_190.0, provider);
            let car = car(price, provider);
            let page = vehicle_page_view(&car, &[], &ctx);
            let card = page.card.finance.as_ref().expect("the strip shows");
            let estimate = page.finance_estimate.as_ref().expect("estimate box");
            let calculator = page.finance_calculator.as_ref().expect("calculator");
            let shown = format_price(estimate.weekly);
            assert_eq!(card.weekly, shown, "{provider}: card and sidebar");
            assert_eq!(
                format_price(calculator_opening_weekly(calculator)),
                shown,
                "{provider}: the calculator's opening state"
            );
            assert_eq!(
                crate::view::card::weekly_amount(&car, &ctx),
                Some(estimate.weekly),
                "{provider}: the search index's weekly price"
            );
            // One rate too: the estimate's and the card's are the same loan's.
            assert_eq!(
                card.comparison_rate,
                format!(
                    "{} p.a.",
                    crate::view::finance::format_rate(estimate.comparison_rate)
                ),
                "{provider}"
            );
            assert_eq!(
                calculator.ranges.interest.default, estimate.rate,
                "{provider}"
            );
            // A repayment the estimate calls Enquire for Finance is no figure on the card.
            let page = vehicle_page_view(&cheap, &[], &ctx);
            assert!(
                page.finance_estimate.as_ref().is_some_and(|e| e.enquire),
                "{provider}"
            );
            assert_eq!(page.card.finance, None, "{provider}");
            assert_eq!(crate::view::card::weekly_amount(&cheap, &ctx), None);
            // A quote beside it names itself and its own terms.
            if let Some(quote) = page.widgets.youx_quote.as_ref() {
                assert!(
                    quote
                        .assumptions
                        .starts_with("youX's quote for great credit")
                        && quote
                            .assumptions
                            .contains("no deposit and no final payment"),
                    "{}",
                    quote.assumptions
                );
            }
        }
    }
}
