//! Invalid dealer folders under tests/fixtures/invalid/<case>/ and the exact lines a
//! dealer reads for each: file:line:column: key path: what is wrong and what is allowed.

use std::path::Path;

use domain::config::{load_dealer, load_dealers};

fn errors_of(case: &str) -> Vec<String> {
    let dir = Path::new("tests/fixtures/invalid").join(case);
    match load_dealers(&dir) {
        Ok(dealers) => panic!("{case}: expected errors, loaded {} dealers", dealers.len()),
        Err(errors) => errors.lines(),
    }
}

#[test]
fn misspelt_key_suggests_the_right_one_and_lists_the_allowed_keys() {
    assert_eq!(
        errors_of("misspelt_key"),
        ["tests/fixtures/invalid/misspelt_key/acme/dealer.toml:10:1: finance.provder: unknown key; did you mean `provider`? allowed: provider, link, calculator, fees, examples, vehicle_types"]
    );
}

#[test]
fn wrong_type_names_what_was_expected_and_what_was_found() {
    assert_eq!(
        errors_of("wrong_type"),
        ["tests/fixtures/invalid/wrong_type/acme/dealer.toml:11:14: stock_filters.min_photos: expected a whole number, found the string \"five\""]
    );
}

#[test]
fn missing_required_key_is_named() {
    assert_eq!(
        errors_of("missing_key"),
        ["tests/fixtures/invalid/missing_key/acme/dealer.toml: name: missing required key"]
    );
}

#[test]
fn a_dealer_file_cannot_turn_on_development_endpoints() {
    assert_eq!(
        errors_of("dev_mode"),
        ["tests/fixtures/invalid/dev_mode/acme/dealer.toml:3:1: dev_mode: not a dealer setting: development endpoints (/api/dev/*) are turned on only by starting the local server with `--dev-mode` (`forecourt-api --dev-mode`, as `make serve` does); remove this key"]
    );
}

#[test]
fn lead_webhooks_must_be_https_even_on_loopback() {
    let p = "tests/fixtures/invalid/http_webhook/acme/dealer.toml";
    assert_eq!(
        errors_of("http_webhook"),
        [
            format!("{p}:10:15: leads.webhook_url: expected an https URL (leads carry the shopper's name, phone and email, so they are only sent encrypted), found \"http://leads.acme.com.au/hooks\""),
            format!("{p}:11:19: leads.adf_webhook_url: expected an https URL (leads carry the shopper's name, phone and email, so they are only sent encrypted), found \"http://127.0.0.1:9000/adf\""),
        ]
    );
}

#[test]
fn lead_email_recipients_are_checked_address_format_and_filters() {
    let p = "tests/fixtures/invalid/bad_lead_email/acme/dealer.toml";
    assert_eq!(
        errors_of("bad_lead_email"),
        [format!("{p}:15:10: leads.email.recipients[1].format: unknown value \"pdf\"; allowed: readable, adf, readable_with_adf")]
    );
    let mut fixed = std::fs::read_to_string(p).expect("fixture");
    fixed = fixed.replace("format = \"pdf\"", "format = \"adf\"");
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("acme")).expect("dir");
    std::fs::write(dir.path().join("acme/dealer.toml"), fixed).expect("write");
    let errors = load_dealers(dir.path())
        .expect_err("bad recipients")
        .lines();
    let f = dir.path().join("acme/dealer.toml").display().to_string();
    assert_eq!(
        errors,
        [
            format!("{f}:10:11: leads.email.recipients[0].address: expected an email address like sales@dealer.com.au, found \"sales at acme.com.au\""),
            format!("{f}:11:14: leads.email.recipients[0].locations[0]: no location \"acme-north\" in locations.toml; expected one of: "),
        ]
    );
}

#[test]
fn a_lead_email_inbox_listed_twice_or_only_filtered_inboxes_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("acme")).expect("dir");
    let toml = "slug = \"acme\"\nname = \"Acme Cars\"\n\n[theme]\nprimary = \"#123456\"\nsecondary = \"#654321\"\nlogo = \"/media/acme.svg\"\n\n\
        [[leads.email.recipients]]\naddress = \"sales@acme.com.au\"\ncategories = [\"Sales\"]\n\n\
        [[leads.email.recipients]]\naddress = \"Sales@ACME.com.au\"\ncategories = [\"Service\"]\n";
    std::fs::write(dir.path().join("acme/dealer.toml"), toml).expect("write");
    let errors = load_dealers(dir.path())
        .expect_err("bad recipients")
        .lines();
    let f = dir.path().join("acme/dealer.toml").display().to_string();
    assert_eq!(
        errors,
        [
            format!("{f}:9:1: leads.email.recipients: every recipient has a locations or categories filter, so a lead outside them would reach no inbox; add a recipient without filters"),
            format!("{f}:14:11: leads.email.recipients[1].address: sales@acme.com.au is also leads.email.recipients[0].address; list each inbox once (with the format it needs)"),
        ]
    );
}

#[test]
fn bad_colour_is_placed_on_its_line() {
    assert_eq!(
        errors_of("bad_colour"),
        ["tests/fixtures/invalid/bad_colour/acme/dealer.toml:5:11: theme.primary: expected a colour like #1A2B3C, found \"red\""]
    );
}

#[test]
fn a_search_page_larger_than_the_search_endpoint_answers_is_refused() {
    let errors = errors_of("page_too_large");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("search.page_size: must be at most 100"),
        "{errors:?}"
    );
}

#[test]
fn duplicate_domain_across_dealers_names_the_owner() {
    assert_eq!(
        errors_of("duplicate_domain"),
        ["tests/fixtures/invalid/duplicate_domain/bravo/dealer.toml:3:32: domains[1]: \"www.acme.com.au\" is already a domain of dealer `acme`; each domain serves one dealer"]
    );
}

#[test]
fn broken_toml_syntax_points_at_the_character() {
    assert_eq!(
        errors_of("bad_toml"),
        ["tests/fixtures/invalid/bad_toml/acme/dealer.toml:2:18: not valid TOML: invalid basic string, expected `\"`"]
    );
}

#[test]
fn every_error_of_every_file_is_reported_in_one_run() {
    let p = "tests/fixtures/invalid/many_errors";
    let expected = [
        format!("{p}/acme-motors/dealer.toml:1:8: slug: \"acme\" must equal the folder name \"acme-motors\""),
        format!("{p}/acme-motors/dealer.toml:3:12: domains[0]: expected a host name like www.example.com.au (no https://, no path), found \"https://www.acme.com.au\""),
        format!("{p}/acme-motors/dealer.toml:8:8: theme.logo: file \"logo.svg\" not found in the dealer folder; give a file next to dealer.toml or a URL"),
        format!("{p}/acme-motors/dealer.toml:11:7: finance.calculator.interest.min: min (9) must not be above max (4)"),
        format!("{p}/acme-motors/dealer.toml:15:15: leads.webhook_url: expected a URL like https://example.com.au/path, found \"hooks.acme.com.au\""),
        format!("{p}/acme-motors/dealer.toml:19:14: announcement.background: expected a colour like #1A2B3C, found \"blue\""),
        format!("{p}/acme-motors/locations.toml:15:9: locations[0].contact_detail.phone: expected an Australian phone number like (07) 3000 0000, 0400 000 000 or 1300 000 000, found \"3000 0000\""),
        format!("{p}/acme-motors/locations.toml:24:8: locations[1].slug: slug \"acme-north\" is used twice (also locations[0].slug)"),
        format!("{p}/acme-motors/locations.toml:30:12: locations[1].address.postcode: expected 4 digits, found \"412\""),
        format!("{p}/acme-motors/models/tiggo.toml:2:8: slug: \"tiggo-4-pro\" must equal the file name \"tiggo\" (the file name is the slug)"),
        format!("{p}/acme-motors/models/tiggo.toml:15:11: colours[0].hexCode: expected a colour like #1A2B3C, found \"black\""),
        format!("{p}/acme-motors/offer.toml: unknown file; did you mean `offers.toml`? allowed: dealer.toml, locations.toml, brands.toml, offers.toml, parts.toml, models/*.toml, pages/*.md"),
        format!("{p}/acme-motors/pages/about.md:1:1: a page starts with a `# Title` line or with front matter between `+++` lines holding `title = \"...\"`"),
        format!("{p}/bravo/dealer.toml:10:12: finance.provider: unknown value \"tauras\"; did you mean `taurus`? allowed: taurus, 360_finance, ausloans, manual, angle, powertorque, nissan_finance, car_clarity"),
        format!("{p}/bravo/dealer.toml:13:1: search.page_sise: unknown key; did you mean `page_size`? allowed: page_size, cache_size, sort_options, filters, popular_makes, default_page, used_car_path_variant, series_sort_order, carousel, show_view_count, status_filter, price_range_slider, tile_filters, card_buttons, custom_card_button"),
        format!("{p}/bravo/dealer.toml:16:23: vehicle_page.viewer_default_mode: unknown value \"carousel\"; allowed: spinner, walkaround, gallery, interior"),
        // A wrong value in a required key drops its array element, so the next one is still checked.
        format!("{p}/bravo/locations.toml:18:27: locations[0].contact_detail.opening_hours[1].status: unknown value \"Shut\"; allowed: Open, Closed"),
        format!("{p}/bravo/locations.toml:22:8: locations[0].special_hours[0].date: expected a date in quotes like \"2026-12-25\", found a date without quotes"),
    ];
    assert_eq!(errors_of("many_errors"), expected);
}

#[test]
fn parts_catalogue_errors_name_the_part_and_what_to_write() {
    let p = "tests/fixtures/invalid/bad_parts";
    let expected = [
        format!("{p}/acme/parts.toml:10:10: parts[1].number: part number \"pzq15-89440\" is used twice (also parts[0].number); list each part once"),
        format!("{p}/acme/parts.toml:11:8: parts[1].name: must not be empty"),
        format!("{p}/acme/parts.toml:12:12: parts[1].category: \"exterior\" is spelt \"Exterior\" in parts[0].category; write it the same way so the filter lists it once"),
        format!("{p}/acme/parts.toml:13:9: parts[1].price: expected a price in dollars above 0 (e.g. 189.95), found -20; leave `price` out to show \"Enquire for price.\""),
        format!("{p}/acme/parts.toml:19:10: parts[2].makes[0]: \"toyota\" is spelt \"Toyota\" in parts[0].makes[0]; write it the same way so the filter lists it once"),
        format!("{p}/acme/parts.toml:23:10: parts[3].number: must not be empty"),
        format!("{p}/acme/parts.toml:26:9: parts[3].price: expected a price in dollars above 0 (e.g. 189.95), found 0; leave `price` out to show \"Enquire for price.\""),
        // A misspelt key is reported by itself (the file's semantic checks wait for it).
        format!("{p}/bravo/parts.toml:5:1: parts[0].prices: unknown key; did you mean `price`? allowed: number, name, category, makes, models, price, description"),
    ];
    assert_eq!(errors_of("bad_parts"), expected);
}

#[test]
fn display_prints_one_error_per_line() {
    let errors = load_dealers(Path::new("tests/fixtures/invalid/many_errors"))
        .expect_err("fixture is invalid");
    let text = errors.to_string();
    assert_eq!(text.lines().count(), errors.len());
    assert!(!text.ends_with('\n'));
}

#[test]
fn load_dealer_checks_one_folder() {
    let errors =
        load_dealer(Path::new("tests/fixtures/invalid/bad_colour/acme")).expect_err("bad colour");
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors.iter().next().map(|e| e.key.as_str()),
        Some("theme.primary")
    );
    assert_eq!(errors.iter().next().and_then(|e| e.position), Some((5, 11)));
}

#[test]
fn an_empty_folder_is_an_error_not_an_empty_site_list() {
    let dir = tempfile::tempdir().expect("temp dir");
    let errors = load_dealers(dir.path()).expect_err("no dealers");
    assert!(errors
        .to_string()
        .ends_with("no dealer folders found (a dealer folder holds a dealer.toml)"));
}

#[test]
fn special_hours_take_one_spelling_of_each_and_name_their_location() {
    // Seed 001 s3: "Special hours entry: date, status, location_id or location.id,
    // start_hour and end_hour or hours.begin and end." Both spellings, or neither where
    // one is needed, is an error naming the file, line and key.
    let p = "tests/fixtures/invalid/special_hours/acme/locations.toml";
    assert_eq!(
        errors_of("special_hours"),
        [
            format!("{p}:13:11: locations[0].address.map_key: expected 1 to 3 letters or digits (e.g. \"A\" or \"S1\"), found \"SPR1\""),
            format!("{p}:19:9: locations[0].special_hours[0].hours: give the hours either as `start_hour` and `end_hour` or as `hours.begin` and `hours.end`, not both"),
            format!("{p}:24:15: locations[0].special_hours[1].location_id: this entry sits under location 7 (`locations[0]`) but names location 8; remove `location_id` or move the entry to the file-level `[[special_hours]]` list"),
            format!("{p}:26:1: special_hours[0]: a file-level special hours entry names its location: `location_id = 123` or `location.id = 123`"),
            format!("{p}:32:1: special_hours[1]: an Open entry needs its hours: `start_hour` and `end_hour`, or `hours.begin` and `hours.end` (e.g. \"08:30\" and \"17:30\")"),
            format!("{p}:34:1: special_hours[1].location: give the location either as `location_id` or as `location.id`, not both"),
            format!("{p}:39:15: special_hours[2].location.id: no location has id 9; known: 7"),
            format!("{p}:45:8: special_hours[3].date: 2026-12-25 is listed twice for location 7 (also locations[0].special_hours[1].date)"),
            format!("{p}:48:13: special_hours[3].hours.end: closing time 09:00 must be after opening time 13:00"),
        ]
    );
}

#[test]
fn session_plugins_are_each_listed_once_and_car_analysis_needs_autogauge() {
    // Seed 001 s3: "Website session plugins: feature or name values Autogauge, Car
    // Analysis, PPSR Report."
    let p = "tests/fixtures/invalid/session_plugins/acme/dealer.toml";
    assert_eq!(
        errors_of("session_plugins"),
        [
            format!("{p}:3:20: session_plugins[0]: \"Car Analysis\" is the market analysis under the Autogauge price comparison; add \"Autogauge\" or remove it"),
            format!("{p}:3:51: session_plugins[2]: \"PPSR Report\" is listed twice"),
        ]
    );
    // The old switch says where the panel went.
    assert_eq!(
        errors_of("autogauge_enabled"),
        ["tests/fixtures/invalid/autogauge_enabled/acme/dealer.toml:10:1: features.autogauge.enabled: moved: the price comparison panel is the website session plugin \"Autogauge\"; write `session_plugins = [\"Autogauge\", \"PPSR Report\"]` near the top of dealer.toml (keep the plugins the site has) and remove this key"]
    );
}

#[test]
fn messaging_takes_one_mobile_or_page_and_image_widths_are_bounded() {
    let p = "tests/fixtures/invalid/messaging_and_image_width/acme/dealer.toml";
    assert_eq!(
        errors_of("messaging_and_image_width"),
        [
            format!("{p}:10:16: images.max_width_px: expected a width from 100 to 2000 px, found 5000"),
            format!("{p}:12:1: messaging: set one channel of sms, whatsapp and messenger: Message Now opens one"),
            format!("{p}:13:7: messaging.sms: expected an Australian mobile number such as \"0412 345 678\", found \"(07) 3123 4567\""),
            format!("{p}:14:13: messaging.messenger: expected the page's Facebook user name (5 to 50 letters, digits or dots) such as \"redgummotors\", found \"acme/cars\""),
        ]
    );
}

#[test]
fn a_location_badge_needs_its_last_day() {
    // "COMING EARLY 2026" is news with an end: without one it would stay up for ever.
    let p = "tests/fixtures/invalid/badge_without_end/acme/locations.toml";
    assert_eq!(
        errors_of("badge_without_end"),
        [format!("{p}:5:9: locations[0].badge: a badge needs an end: add `badge_until`, the last day it shows (e.g. `badge_until = \"2026-03-31\"` for \"COMING EARLY 2026\")")]
    );
}
