//! The six sample dealers under dealers/ load, carry the features the seeds describe,
//! and a dealer.toml with only the required keys gets every documented default.

use std::collections::BTreeSet;
use std::path::Path;

use domain::car::CarType;
use domain::config::*;
use domain::entities::OpenStatus;
use domain::rules::availability::SimilarCarsSettings;
use domain::rules::constants::DEFAULT_FILTERS;
use domain::rules::finance::{CalculatorSettings, FinanceProvider, PaymentFrequency};
use domain::rules::phone::PhoneSettings;
use domain::rules::stock::search_makes;
use domain::rules::tag::TagSettings;

const SLUGS: [&str; 6] = [
    "ironbark-moto-caravans",
    "jacaranda-toyota",
    "kingfisher-chery",
    "moreton-motor-group",
    "redgum-motors",
    "wattle-nissan",
];

fn samples() -> Vec<Dealer> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers");
    load_dealers(&dir).unwrap_or_else(|errors| panic!("dealers/ must load:\n{errors}"))
}

fn sample(slug: &str) -> Dealer {
    samples()
        .into_iter()
        .find(|d| d.config.slug == slug)
        .unwrap_or_else(|| panic!("no dealer {slug}"))
}

#[test]
fn all_six_samples_load_in_folder_order() {
    let slugs: Vec<String> = samples().into_iter().map(|d| d.config.slug).collect();
    assert_eq!(slugs, SLUGS);
}

#[test]
fn every_sample_has_what_a_site_needs() {
    for dealer in samples() {
        let slug = &dealer.config.slug;
        assert!(!dealer.config.domains.is_empty(), "{slug}: domains");
        assert!(
            dealer.config.domains.iter().all(|d| d.ends_with(".com.au")),
            "{slug}: .com.au domains"
        );
        assert!(!dealer.config.makes.is_empty(), "{slug}: makes");
        assert!(!dealer.config.car_types.is_empty(), "{slug}: car types");
        assert!(
            dealer.dir.join(&dealer.config.theme.logo).is_file(),
            "{slug}: logo file"
        );
        assert!(
            dealer.config.leads.webhook_url.is_some(),
            "{slug}: lead webhook"
        );
        assert!(
            !dealer.config.delivery_zones.is_empty(),
            "{slug}: delivery zones"
        );
        assert!(
            dealer.config.finance.provider.is_some(),
            "{slug}: finance provider"
        );
        assert!(!dealer.offers.is_empty(), "{slug}: offers");
        assert!(!dealer.promos.is_empty(), "{slug}: promo nodes");
        assert!(!dealer.slides.is_empty(), "{slug}: slides");
        assert!(!dealer.pages.is_empty(), "{slug}: pages");
        assert!(!dealer.locations.is_empty(), "{slug}: locations");
        assert_eq!(
            dealer.locations.iter().filter(|l| l.primary).count(),
            1,
            "{slug}: one primary location"
        );
        assert!(
            dealer.locations.iter().any(|l| !l.reviews.is_empty()),
            "{slug}: reviews"
        );
        assert!(
            dealer.locations.iter().any(|l| !l.special_hours.is_empty()),
            "{slug}: special hours"
        );
        assert!(
            dealer.locations.iter().any(|l| l
                .contact_detail
                .opening_hours
                .iter()
                .any(|h| h.status == OpenStatus::Closed)),
            "{slug}: a Closed day"
        );
        for location in &dealer.locations {
            let hours = &location.contact_detail.opening_hours;
            assert_eq!(hours.len(), 7, "{slug}/{}: a week of hours", location.slug);
            assert!(
                location.contact_detail.phone.is_some(),
                "{slug}/{}: phone",
                location.slug
            );
        }
        let fonts = format!(
            "{} {}",
            dealer.config.theme.font_body, dealer.config.theme.font_heading
        );
        assert!(
            !fonts.contains("http") && !fonts.contains("url("),
            "{slug}: system fonts only"
        );
    }
}

#[test]
fn themes_differ_between_dealers() {
    let primaries: BTreeSet<String> = samples()
        .into_iter()
        .map(|d| d.config.theme.primary)
        .collect();
    assert_eq!(primaries.len(), 6);
}

#[test]
fn location_slugs_are_unique_across_dealers_for_the_feed() {
    let mut seen = BTreeSet::new();
    for dealer in samples() {
        for location in &dealer.locations {
            assert!(
                seen.insert(location.slug.clone()),
                "location slug {} used twice",
                location.slug
            );
        }
    }
}

#[test]
fn toyota_dealer_is_certified_with_taurus() {
    let dealer = sample("jacaranda-toyota");
    assert_eq!(dealer.config.makes, ["Toyota"]);
    assert_eq!(
        dealer.config.finance.provider,
        Some(FinanceProvider::Taurus)
    );
    assert_eq!(
        dealer.config.tags.certified_manufacturer.as_deref(),
        Some("Toyota")
    );
    assert!(dealer.config.tags.fuel_tags);
}

#[test]
fn used_car_specialist_filters_stock_and_fixes_the_rate() {
    let dealer = sample("redgum-motors");
    let config = &dealer.config;
    assert_eq!(config.car_types, [CarType::Used]);
    assert!(config.stock_filters.used_only);
    assert!(config.stock_filters.min_photos >= 1);
    assert!(!config.stock_filters.excluded_stock_numbers.is_empty());
    assert_eq!(config.finance.provider, Some(FinanceProvider::AusLoans));
    assert_eq!(config.finance.calculator.establishment_fee, 1360.5);
    let interest = &config.finance.calculator.interest;
    assert!(interest.locked);
    assert_eq!(interest.default, 12.94);
    let settings = config.finance.calculator.settings();
    assert_eq!(settings.interest_locked, Some(12.94));
    assert!(settings.loan_default_is_price);
    assert_eq!(config.forms.enquiry_button_text.label(), "Message Now");
    assert_eq!(
        config.favourites.rule,
        FavouritesRule::UsedWithPriceAndImages
    );
    assert_eq!(config.reserve.route, ReserveRoute::BuyOnline);
    assert_eq!(config.tags.green_tag_text.as_deref(), Some("Runout Sale"));
    assert_eq!(config.locations.closed_hours, ClosedDisplay::EnquireLink);
}

#[test]
fn dealer_group_has_50_locations_40_brands_grids_and_banners() {
    let dealer = sample("moreton-motor-group");
    assert!(
        dealer.locations.len() >= 50,
        "{} locations",
        dealer.locations.len()
    );
    assert!(dealer.brands.len() >= 40, "{} brands", dealer.brands.len());
    let grids: Vec<VehicleCategory> = dealer
        .config
        .group
        .brand_grids
        .iter()
        .map(|g| g.category)
        .collect();
    assert_eq!(
        grids,
        [
            VehicleCategory::Cars,
            VehicleCategory::Motorcycles,
            VehicleCategory::Trucks
        ]
    );
    let stats: Vec<(&str, &str)> = dealer
        .config
        .group
        .stat_banners
        .iter()
        .map(|s| (s.value.as_str(), s.label.as_str()))
        .collect();
    assert_eq!(
        stats,
        [
            ("{locations}", "Locations"),
            ("{brands}", "Brands"),
            ("30+", "Years")
        ]
    );
    assert!(dealer.config.search.popular_makes);
    assert!(dealer.config.features.sales_counter);
    assert_eq!(
        dealer.config.finance.calculator.quick_picks,
        QuickPicks::High
    );
    assert!(
        dealer
            .config
            .finance
            .calculator
            .settings()
            .loan_max_follows_price
    );
    let form = dealer.enquiry_form_settings();
    // Each Moreton site is its own dealership: the enquiry form asks for the preferred one.
    assert!(form.location_shown && form.dealership_count > 1 && form.terms_required);
    for location in &dealer.locations {
        assert!(
            !location.address.street.is_empty() && location.address.postcode.len() == 4,
            "{}",
            location.slug
        );
    }
    // Brisbane based: the primary location is in Greater Brisbane.
    let primary = dealer.primary_location().expect("primary location");
    assert_eq!(primary.slug, "moreton-springwood");
    assert_eq!(primary.address.state, "QLD");
    assert!((-28.0..-27.0).contains(&primary.address.lat));
}

#[test]
fn a_franchise_searches_its_manufacturers_makes_and_an_open_dealer_any() {
    // Kingfisher sells Omoda beside Chery: its Omoda cars are in search and get landing pages.
    assert_eq!(
        search_makes(&sample("kingfisher-chery").config),
        ["Chery", "Omoda"]
    );
    assert_eq!(search_makes(&sample("jacaranda-toyota").config), ["Toyota"]);
    // A group with no manufacturer lists makes only for its feed, not as a limit.
    assert!(search_makes(&sample("moreton-motor-group").config).is_empty());
}

#[test]
fn chery_dealer_has_the_model_pages_and_the_colour_picker() {
    let dealer = sample("kingfisher-chery");
    let slugs: Vec<&str> = dealer.models.iter().map(|m| m.slug.as_str()).collect();
    assert_eq!(
        slugs,
        ["omoda-5", "omoda-5-fx", "tiggo-4-pro", "tiggo-7-pro"]
    );
    let prices: BTreeSet<u64> = dealer
        .models
        .iter()
        .flat_map(|m| m.variants.iter().filter_map(|v| v.price))
        .map(|p| p as u64)
        .collect();
    for price in [39_990, 41_990, 45_990] {
        assert!(prices.contains(&price), "drive-away price {price}");
    }
    for model in &dealer.models {
        assert_eq!(model.driver_assist.len(), 18, "{}", model.slug);
        assert!(
            model
                .colours
                .iter()
                .all(|c| c.hex_code.len() == 7 && c.oem_id.is_some()),
            "{}",
            model.slug
        );
    }
    let picker = dealer
        .models
        .iter()
        .find(|m| {
            let styles: BTreeSet<&str> = m
                .colours
                .iter()
                .filter_map(|c| c.oem_id.as_deref())
                .collect();
            styles.len() >= 3 && m.colours.len() > 15
        })
        .expect("a model with 3+ body styles and more than 15 colours");
    assert_eq!(picker.slug, "tiggo-7-pro");
}

#[test]
fn motorcycle_and_caravan_variant() {
    let dealer = sample("ironbark-moto-caravans");
    assert_eq!(
        dealer.config.vehicle_categories,
        [VehicleCategory::Motorcycles, VehicleCategory::Caravans]
    );
    // Seed 000 s4 "default spinner (gallery on one variant)": this dealer's template.
    assert_eq!(
        dealer.config.template,
        domain::config::SiteTemplate::Showroom
    );
    assert_eq!(dealer.config.vehicle_page.viewer_default_mode, None);
    assert_eq!(dealer.config.viewer_default_mode(), ViewerMode::Gallery);
    assert!(!dealer.config.phones.masked);
    assert_eq!(
        dealer.config.finance.provider,
        Some(FinanceProvider::Powertorque)
    );
}

#[test]
fn nissan_dealer_has_finance_masked_phones_and_garage() {
    let dealer = sample("wattle-nissan");
    let config = &dealer.config;
    assert_eq!(
        config.finance.provider,
        Some(FinanceProvider::NissanFinance)
    );
    assert!(config.phones.masked);
    assert!(config.garage.enabled);
    assert_eq!(config.garage.page, "my-garage");
    assert!(config
        .service
        .booking_embed_url
        .as_deref()
        .is_some_and(|u| u.contains("xtime")));
}

#[test]
fn the_toyota_dealer_and_the_group_list_parts_the_others_do_not() {
    for dealer in samples() {
        let slug = dealer.config.slug.as_str();
        let with_parts = matches!(slug, "jacaranda-toyota" | "moreton-motor-group");
        assert_eq!(!dealer.parts.is_empty(), with_parts, "{slug}: parts.toml");
        // Catalogues of 10 to 20 parts, each fitting one of the dealer's makes (or all).
        if with_parts {
            assert!(
                (10..=20).contains(&dealer.parts.len()),
                "{slug}: {} parts",
                dealer.parts.len()
            );
            for part in &dealer.parts {
                assert!(
                    part.makes.iter().all(|m| dealer.config.makes.contains(m)),
                    "{slug}: {} fits {:?}",
                    part.number,
                    part.makes
                );
            }
            assert!(
                dealer.parts.iter().any(|p| p.price.is_none()),
                "{slug}: a part to enquire about"
            );
        }
    }
    let group = sample("moreton-motor-group");
    let makes: BTreeSet<&str> = group
        .parts
        .iter()
        .flat_map(|p| p.makes.iter().map(String::as_str))
        .collect();
    assert!(
        makes.len() >= 5,
        "the group's parts span its franchises: {makes:?}"
    );
    assert!(
        group.parts.iter().any(|p| p.makes.is_empty()),
        "and some suit every make"
    );
}

#[test]
fn pages_keep_title_route_and_raw_markdown() {
    let dealer = sample("jacaranda-toyota");
    let about = dealer
        .pages
        .iter()
        .find(|p| p.slug == "about-us")
        .expect("about-us page");
    assert_eq!(about.title, "About Jacaranda Toyota");
    assert_eq!(about.path, "/about-us");
    assert!(about.markdown.starts_with("Jacaranda Toyota has sold"));
    let warranty = dealer
        .pages
        .iter()
        .find(|p| p.slug == "warranty")
        .expect("warranty page");
    assert_eq!(warranty.title, "Toyota Warranty Advantage");
    assert_eq!(warranty.path, "/pages/warranty");
    assert!(!warranty.markdown.contains("# Toyota"));
}

#[test]
fn the_gating_rule_sees_the_garage_page_only_where_the_garage_is_on() {
    let mut config = load_dealer(Path::new("tests/fixtures/valid/minimal-motors"))
        .expect("minimal dealer loads")
        .config;
    config.garage.page = "mymotorama".into();
    config.gated_routes.finance = true;
    assert_eq!(config.gates().garage_page, None);
    assert!(config.gates().finance && !config.gates().checkout);
    config.garage.enabled = true;
    assert_eq!(config.gates().garage_page, Some("mymotorama"));
}

#[test]
fn absent_keys_take_the_seed_defaults() {
    let dealer = load_dealer(Path::new("tests/fixtures/valid/minimal-motors"))
        .expect("minimal dealer loads");
    let c = &dealer.config;
    assert_eq!(c.template, SiteTemplate::Standard);
    assert_eq!(c.car_types, [CarType::New, CarType::Demo, CarType::Used]);
    assert_eq!(c.vehicle_categories, [VehicleCategory::Cars]);
    assert_eq!(c.default_state, "qld");
    assert_eq!(c.theme.font_body, SYSTEM_FONT_STACK);
    assert!(c.phones.masked);
    assert_eq!(c.finance.provider, None);
    assert_eq!(c.finance.link, "/finance");
    let calc = &c.finance.calculator;
    assert_eq!(calc.purchase_price_min, 1000.0);
    assert_eq!(calc.amount.min, 1000.0);
    assert!(!calc.amount.default_to_car_price && !calc.amount.max_105_percent_of_price);
    assert_eq!((calc.term.max, calc.term.default), (7.0, 6.0));
    assert!(!calc.term.display_months);
    assert_eq!(
        (calc.interest.min, calc.interest.max, calc.interest.default),
        (0.5, 15.0, 8.5)
    );
    assert!(!calc.interest.hidden && !calc.interest.locked && !calc.round_up);
    assert_eq!(calc.establishment_fee, 0.0);
    assert_eq!(calc.frequency, PaymentFrequency::Week);
    assert_eq!(calc.quick_picks.range(), [5_000, 70_000]);
    // The config hands the calculator rule exactly the seed's general settings.
    assert_eq!(calc.settings(), CalculatorSettings::default());
    assert_eq!(c.tags.settings(), TagSettings::default());
    assert_eq!(c.phones.settings(), PhoneSettings::default());
    assert_eq!(
        c.vehicle_page.similar_cars_settings(),
        SimilarCarsSettings::default()
    );
    assert_eq!(c.tags.just_arrived_days, 8);
    assert_eq!(c.tags.sold_text, "JUST SOLD");
    assert_eq!(c.tags.new_arrival_text, "New Arrival");
    assert!(
        !c.tags.fuel_tags
            && c.tags.certified_manufacturer.is_none()
            && c.tags.green_tag_text.is_none()
    );
    assert!(!c.favourites.enabled);
    assert_eq!(c.reserve.route, ReserveRoute::Checkout);
    assert_eq!((c.reserve.deposit, c.reserve.hold_hours), (200, 48));
    assert_eq!(c.gated_routes, GatedRoutesConfig::default());
    assert!(!c.gated_routes.checkout && !c.gated_routes.finance && !c.gated_routes.spin_to_win);
    assert_eq!(c.search.page_size, 21);
    assert_eq!(
        c.search.sort_options,
        [
            SortOption::MostRelevant,
            SortOption::Latest,
            SortOption::HighestPrice,
            SortOption::LowestPrice
        ]
    );
    assert_eq!(c.search.filters, SearchFilter::DEFAULTS);
    // The same names as the rule constants of seed 001 section 9.
    let names: Vec<String> = c
        .search
        .filters
        .iter()
        .map(|f| {
            serde_json::to_value(f)
                .expect("name")
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    assert_eq!(names, DEFAULT_FILTERS);
    assert!(!c.search.popular_makes);
    assert_eq!(c.search.default_page, "/search/new-used-and-demo-cars");
    assert_eq!(c.stock_filters.include_sold_cars_days, 3);
    assert!(
        !c.stock_filters.used_only
            && c.stock_filters.min_photos == 0
            && !c.stock_filters.in_stock_only
    );
    assert_eq!(c.feed.max_stock_drop, 0.5);
    assert_eq!(c.template, domain::config::SiteTemplate::Standard);
    assert_eq!(c.viewer_default_mode(), ViewerMode::Spinner);
    assert_eq!(
        c.session_plugins,
        [domain::config::SessionPlugin::PpsrReport]
    );
    assert_eq!(c.vehicle_page.stock_video_position, VideoPosition::Second);
    assert!(!c.vehicle_page.rego_expiry_unregistered);
    assert_eq!(
        (
            c.vehicle_page.spin_interval_ms,
            c.vehicle_page.spin_drag_sensitivity
        ),
        (100, 20)
    );
    assert_eq!(c.forms.enquiry_button_text.label(), "Enquire Now");
    assert!(c.forms.message_required && !c.forms.terms_notice);
    assert_eq!(c.forms.parts_heading, "Order Parts Online");
    assert_eq!(c.locations.closed_hours, ClosedDisplay::Closed);
    assert!(!c.locations.show_dealer_licence && !c.locations.our_location_route);
    assert_eq!(c.locations.min_review_rating, 4.0);
    assert!(!c.garage.enabled);
    assert_eq!(c.garage.page, "my-garage");
    assert_eq!(c.service, ServiceConfig::default());
    assert!(
        !c.features.sales_counter
            && !c.features.youx_quote
            && !c.has_plugin(domain::config::SessionPlugin::Autogauge)
    );
    assert!(c.delivery_zones.is_empty());
    assert_eq!(c.leads, LeadsConfig::default());
    let header: Vec<&str> = c.menus.header.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(
        header,
        [
            "Home",
            "Models",
            "Stock",
            "Finance",
            "Service & Parts",
            "Company"
        ]
    );
    let footer: Vec<&str> = c.menus.footer.iter().map(|m| m.title.as_str()).collect();
    assert_eq!(footer, ["Models", "Buyer Tools", "Service & Parts"]);
    assert!(dealer.locations.is_empty() && dealer.offers.is_empty() && dealer.models.is_empty());
    assert!(dealer.primary_location().is_none());
}

#[test]
fn config_serializes_for_the_pages() {
    let dealer = sample("wattle-nissan");
    let json = serde_json::to_value(&dealer).expect("dealer serializes");
    assert_eq!(json["config"]["finance"]["provider"], "nissan_finance");
    assert_eq!(json["config"]["phones"]["masked"], true);
    assert!(
        json.get("dir").is_none(),
        "the folder path stays out of page props"
    );
}

#[test]
fn special_hours_in_either_spelling_land_under_their_location() {
    // Seed 001 s3: "Special hours entry: date, status, location_id or location.id,
    // start_hour and end_hour or hours.begin and end."
    let dealer = sample("jacaranda-toyota");
    let hours_of = |id: u64, date: &str| {
        let location = dealer
            .locations
            .iter()
            .find(|l| l.id == id)
            .expect("location");
        location
            .special_hours
            .iter()
            .find(|s| s.date.to_string() == date)
            .map(|s| {
                (
                    s.location_id,
                    s.start_hour.clone(),
                    s.end_hour.clone(),
                    s.hours.is_none() && s.location.is_none(),
                )
            })
            .unwrap_or_else(|| panic!("{id} has no special hours on {date}"))
    };
    let span = |a: &str, b: &str| (Some(a.to_string()), Some(b.to_string()));
    // Under its location, as `hours = { begin, end }`.
    let (id, start, end, folded) = hours_of(1101, "2026-12-24");
    assert_eq!(
        (id, (start, end), folded),
        (Some(1101), span("08:00", "12:00"), true)
    );
    // File level, by `location.id` with `hours.begin`/`hours.end`.
    let (id, start, end, folded) = hours_of(1102, "2026-12-31");
    assert_eq!(
        (id, (start, end), folded),
        (Some(1102), span("07:30", "12:00"), true)
    );
    // File level, by `location_id` with `start_hour`/`end_hour`.
    let (id, start, end, _) = hours_of(1103, "2026-12-31");
    assert_eq!((id, (start, end)), (Some(1103), span("08:30", "13:00")));
    // Seed 001 s3 `address.map_key`.
    assert_eq!(
        dealer.locations[0].address.map_key.as_deref(),
        Some("G"),
        "Grafton's map key"
    );
}

#[test]
fn session_plugins_are_read_by_name_or_feature_word() {
    // Seed 001 s3: "Website session plugins: feature or name values Autogauge, Car
    // Analysis, PPSR Report."
    let jacaranda = sample("jacaranda-toyota").config;
    assert_eq!(
        jacaranda.session_plugins,
        [
            SessionPlugin::Autogauge,
            SessionPlugin::CarAnalysis,
            SessionPlugin::PpsrReport
        ]
    );
    // Wattle writes the feature words.
    let wattle = sample("wattle-nissan").config;
    assert!(wattle.has_plugin(SessionPlugin::Autogauge));
    assert!(wattle.has_plugin(SessionPlugin::PpsrReport));
    assert!(!wattle.has_plugin(SessionPlugin::CarAnalysis));
}
