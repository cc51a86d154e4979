//! Semantic checks serde cannot express: slugs, colours, URLs, phone numbers, ranges,
//! unique ids and slugs, references between files, and domains unique across dealers.
//! Each check names the key path; the loader adds the line from the file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::error::ConfigError;
use super::{local_file, CardButton, Dealer, MenuItem, SessionPlugin, VehicleCategory};
use crate::entities::{Location, Model, OpenStatus, PromoContent, SpecialHours};
use crate::rules::constants::MAX_PAGE_SIZE;

mod channels;
mod files;
mod locations;

use channels::{lead_email, messaging};
use files::{brands, model_file, offers, pages, parts};
use locations::locations;

/// Australian state and territory abbreviations (lower case).
pub const AU_STATES: [&str; 8] = ["act", "nsw", "nt", "qld", "sa", "tas", "vic", "wa"];

/// Whether `s` is a URL-safe slug: lower-case letters, digits and single hyphens inside.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Whether `s` is a colour "#RRGGBB".
pub fn is_hex_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// Whether `s` is an absolute http(s) URL with a host.
pub fn is_url(s: &str) -> bool {
    let rest = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"));
    match rest {
        Some(rest) => {
            let host = rest.split(['/', '?', '#']).next().unwrap_or("");
            let host = host.split(':').next().unwrap_or("");
            is_host(host) || host == "localhost"
        }
        None => false,
    }
}

/// Whether `s` is a site link: a path ("/..."), an anchor ("#..."), tel:/mailto: or a URL.
pub fn is_link(s: &str) -> bool {
    (s.starts_with('/') && !s.starts_with("//"))
        || s.starts_with('#')
        || s.starts_with("tel:")
        || s.starts_with("mailto:")
        || is_url(s)
}

/// Whether `s` is a host name such as "www.acme.com.au".
pub fn is_host(s: &str) -> bool {
    s.contains('.')
        && s.split('.').all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
}

/// Whether `s` looks like an Australian phone number: 10 digits starting with 0
/// (e.g. "(07) 3000 0000", "0400 000 000"), a 13/1300/1800 number, or +61 form.
pub fn is_au_phone(s: &str) -> bool {
    if !s.chars().all(|c| c.is_ascii_digit() || " ()+-".contains(c)) {
        return false;
    }
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    if let Some(rest) = s.trim().strip_prefix("+61") {
        let rest_digits: String = rest.chars().filter(char::is_ascii_digit).collect();
        return rest_digits.len() == 9;
    }
    (digits.len() == 10 && digits.starts_with('0'))
        || (digits.len() == 10 && (digits.starts_with("1300") || digits.starts_with("1800")))
        || (digits.len() == 6 && digits.starts_with("13"))
}

/// Whether `s` is a 24-hour time "HH:MM".
fn is_time(s: &str) -> bool {
    let Some((h, m)) = s.split_once(':') else {
        return false;
    };
    h.len() == 2
        && m.len() == 2
        && h.parse::<u8>().is_ok_and(|h| h < 24)
        && m.parse::<u8>().is_ok_and(|m| m < 60)
}

const PHONE_HINT: &str =
    "expected an Australian phone number like (07) 3000 0000, 0400 000 000 or 1300 000 000";
const LINK_HINT: &str = "expected a link like /special-offers or https://example.com.au/page";
const URL_HINT: &str = "expected a URL like https://example.com.au/path";

/// Collects the errors of one file.
struct Checker {
    file: PathBuf,
    errors: Vec<ConfigError>,
}

impl Checker {
    fn new(file: PathBuf) -> Self {
        Checker {
            file,
            errors: Vec::new(),
        }
    }

    fn error(&mut self, key: impl Into<String>, message: impl Into<String>) {
        self.errors.push(ConfigError::new(&self.file, key, message));
    }

    fn colour(&mut self, key: &str, value: &str) {
        if !is_hex_colour(value) {
            self.error(
                key,
                format!("expected a colour like #1A2B3C, found \"{value}\""),
            );
        }
    }

    fn url(&mut self, key: &str, value: &str) {
        if !is_url(value) {
            self.error(key, format!("{URL_HINT}, found \"{value}\""));
        }
    }

    /// A lead webhook: an https URL only. Leads carry a shopper's name, phone and email,
    /// and dealer files ship to production as they are, so no plain-http exception
    /// (local tests post to loopback receivers through tenants they build themselves).
    fn webhook(&mut self, key: &str, value: &str) {
        if !is_url(value) {
            self.error(key, format!("{URL_HINT}, found \"{value}\""));
        } else if !value.starts_with("https://") {
            self.error(
                key,
                format!("expected an https URL (leads carry the shopper's name, phone and email, so they are only sent encrypted), found \"{value}\""),
            );
        }
    }

    fn link(&mut self, key: &str, value: &str) {
        if !is_link(value) {
            self.error(key, format!("{LINK_HINT}, found \"{value}\""));
        }
    }

    fn phone(&mut self, key: &str, value: &str) {
        if !is_au_phone(value) {
            self.error(key, format!("{PHONE_HINT}, found \"{value}\""));
        }
    }

    fn slug(&mut self, key: &str, value: &str) {
        if !is_slug(value) {
            self.error(
                key,
                format!("expected a URL-safe slug (lower-case letters, digits and single hyphens, e.g. \"north-lakes\"), found \"{value}\""),
            );
        }
    }

    fn not_empty(&mut self, key: &str, value: &str) {
        if value.trim().is_empty() {
            self.error(key, "must not be empty");
        }
    }

    /// A file in the dealer folder or a URL/path.
    fn asset(&mut self, dir: &Path, key: &str, value: &str) {
        if let Some(path) = local_file(dir, value) {
            if !path.is_file() {
                self.error(key, format!("file \"{value}\" not found in the dealer folder; give a file next to dealer.toml or a URL"));
            }
        }
    }

    fn range(&mut self, key: &str, min: f64, max: f64) {
        if min > max {
            self.error(
                format!("{key}.min"),
                format!("min ({min}) must not be above max ({max})"),
            );
        }
    }

    fn within(&mut self, key: &str, value: f64, min: f64, max: f64) {
        if min <= max && (value < min || value > max) {
            self.error(key, format!("{value} is outside {min} to {max}"));
        }
    }

    fn positive(&mut self, key: &str, value: f64) {
        if value <= 0.0 || value.is_nan() {
            self.error(key, format!("must be above 0, found {value}"));
        }
    }

    fn menu(&mut self, key: &str, items: &[MenuItem]) {
        for (i, item) in items.iter().enumerate() {
            self.not_empty(&format!("{key}[{i}].label"), &item.label);
            self.link(&format!("{key}[{i}].url"), &item.url);
            self.menu(&format!("{key}[{i}].children"), &item.children);
        }
    }
}

/// Reports every value that occurs more than once: (key of the repeat, value, first key).
fn duplicates<V: AsRef<str>>(
    values: impl Iterator<Item = (String, V)>,
) -> Vec<(String, String, String)> {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut out = Vec::new();
    for (key, value) in values {
        let value = value.as_ref().to_string();
        match seen.get(&value) {
            Some(first) => out.push((key, value, first.clone())),
            None => {
                seen.insert(value, key);
            }
        }
    }
    out
}

/// Every semantic check of one dealer; `brands_ok` is false when brands.toml failed to
/// parse, so checks against the brands would only repeat that failure.
/// `model_files` holds the file of each of `dealer.models`.
pub(crate) fn dealer(
    dealer: &Dealer,
    special_hours: &[SpecialHours],
    brands_ok: bool,
    model_files: &[PathBuf],
) -> Vec<ConfigError> {
    let mut errors = dealer_toml(dealer, brands_ok);
    errors.extend(locations(dealer, special_hours));
    errors.extend(brands(dealer));
    errors.extend(offers(dealer));
    errors.extend(parts(dealer));
    for (model, file) in dealer.models.iter().zip(model_files) {
        errors.extend(model_file(file, model));
    }
    for (key, slug, first) in duplicates(
        dealer
            .models
            .iter()
            .zip(model_files)
            .map(|(m, f)| (f.display().to_string(), m.slug.as_str())),
    ) {
        errors.push(ConfigError::new(
            key,
            "slug",
            format!("model slug \"{slug}\" is also used by {first}"),
        ));
    }
    errors.extend(pages(dealer));
    errors
}

fn dealer_toml(dealer: &Dealer, brands_ok: bool) -> Vec<ConfigError> {
    let dir = &dealer.dir;
    let config = &dealer.config;
    let mut c = Checker::new(dir.join("dealer.toml"));
    c.slug("slug", &config.slug);
    session_plugins(&mut c, &config.session_plugins);
    if let Some(folder) = dir.file_name().map(|f| f.to_string_lossy().into_owned()) {
        if is_slug(&config.slug) && folder != config.slug {
            c.error(
                "slug",
                format!(
                    "\"{}\" must equal the folder name \"{folder}\"",
                    config.slug
                ),
            );
        }
    }
    c.not_empty("name", &config.name);
    for (i, domain) in config.domains.iter().enumerate() {
        if !is_host(domain) {
            c.error(
                format!("domains[{i}]"),
                format!("expected a host name like www.example.com.au (no https://, no path), found \"{domain}\""),
            );
        }
    }
    for (key, value, first) in duplicates(
        config
            .domains
            .iter()
            .enumerate()
            .map(|(i, d)| (format!("domains[{i}]"), d.as_str())),
    ) {
        c.error(key, format!("\"{value}\" is listed twice (also {first})"));
    }
    for (i, make) in config.makes.iter().enumerate() {
        c.not_empty(&format!("makes[{i}]"), make);
    }
    if config.car_types.is_empty() {
        c.error("car_types", "list at least one of new, demo, used");
    }
    if config.vehicle_categories.is_empty() {
        c.error(
            "vehicle_categories",
            "list at least one of cars, motorcycles, trucks, caravans",
        );
    }
    if !AU_STATES.contains(&config.default_state.as_str()) {
        c.error(
            "default_state",
            format!(
                "expected one of {}, found \"{}\"",
                AU_STATES.join(", "),
                config.default_state
            ),
        );
    }

    let theme = &config.theme;
    c.colour("theme.primary", &theme.primary);
    c.colour("theme.secondary", &theme.secondary);
    c.colour("theme.accent", &theme.accent);
    c.colour("theme.text", &theme.text);
    c.colour("theme.background", &theme.background);
    for (key, font) in [
        ("theme.font_body", &theme.font_body),
        ("theme.font_heading", &theme.font_heading),
    ] {
        let lower = font.to_ascii_lowercase();
        if lower.contains("url(") || lower.contains("@import") || lower.contains("http") {
            c.error(
                key,
                "expected a CSS font-family list of system fonts; web fonts are not loaded",
            );
        }
        c.not_empty(key, font);
    }
    c.asset(dir, "theme.logo", &theme.logo);
    c.not_empty("theme.logo", &theme.logo);
    if let Some(favicon) = &theme.favicon {
        c.asset(dir, "theme.favicon", favicon);
    }

    let phones = &config.phones;
    for (key, phone) in [
        ("phones.override", &phones.site_override),
        ("phones.new", &phones.new),
        ("phones.demo", &phones.demo),
        ("phones.used", &phones.used),
        ("phones.new_fallback", &phones.new_fallback),
        ("phones.used_fallback", &phones.used_fallback),
    ] {
        if let Some(phone) = phone {
            c.phone(key, phone);
        }
    }

    let finance = &config.finance;
    c.link("finance.link", &finance.link);
    let calc = &finance.calculator;
    c.positive(
        "finance.calculator.purchase_price_min",
        calc.purchase_price_min,
    );
    c.positive("finance.calculator.amount.min", calc.amount.min);
    c.positive("finance.calculator.term.max", calc.term.max);
    c.within(
        "finance.calculator.term.default",
        calc.term.default,
        1.0,
        calc.term.max,
    );
    c.range(
        "finance.calculator.interest",
        calc.interest.min,
        calc.interest.max,
    );
    c.within(
        "finance.calculator.interest.default",
        calc.interest.default,
        calc.interest.min,
        calc.interest.max,
    );
    if calc.establishment_fee < 0.0 {
        c.error(
            "finance.calculator.establishment_fee",
            format!("must be 0 or more, found {}", calc.establishment_fee),
        );
    }
    for (i, fee) in finance.fees.iter().enumerate() {
        c.not_empty(&format!("finance.fees[{i}].name"), &fee.name);
        if fee.amount < 0.0 {
            c.error(
                format!("finance.fees[{i}].amount"),
                format!("must be 0 or more, found {}", fee.amount),
            );
        }
    }

    let tags = &config.tags;
    if let Some(make) = &tags.certified_manufacturer {
        if !config.makes.is_empty() && !config.makes.iter().any(|m| m.eq_ignore_ascii_case(make)) {
            c.error(
                "tags.certified_manufacturer",
                format!("\"{make}\" is not in `makes` ({})", config.makes.join(", ")),
            );
        }
        if tags.certified_logo.is_none() {
            c.error(
                "tags.certified_logo",
                "required when tags.certified_manufacturer is set",
            );
        }
    }
    if let Some(logo) = &tags.certified_logo {
        c.asset(dir, "tags.certified_logo", logo);
    }
    if let Some(tag) = &tags.green_tag_text {
        c.not_empty("tags.green_tag_text", tag);
    }
    c.not_empty("tags.sold_text", &tags.sold_text);
    c.not_empty("tags.new_arrival_text", &tags.new_arrival_text);

    let search = &config.search;
    if search.page_size == 0 {
        c.error("search.page_size", "must be at least 1");
    }
    if search.page_size > MAX_PAGE_SIZE {
        c.error(
            "search.page_size",
            format!(
                "must be at most {MAX_PAGE_SIZE} (the largest page the search endpoint answers)"
            ),
        );
    }
    if search.cache_size == 0 {
        c.error("search.cache_size", "must be at least 1");
    }
    if search.sort_options.is_empty() {
        c.error("search.sort_options", "list at least one sort option");
    }
    let mut seen = BTreeSet::new();
    for (i, option) in search.sort_options.iter().enumerate() {
        if !seen.insert(format!("{option:?}")) {
            c.error(format!("search.sort_options[{i}]"), "listed twice");
        }
    }
    let mut seen = BTreeSet::new();
    for (i, filter) in search.filters.iter().enumerate() {
        if !seen.insert(format!("{filter:?}")) {
            c.error(format!("search.filters[{i}]"), "listed twice");
        }
    }
    let mut seen = BTreeSet::new();
    for (i, filter) in search.tile_filters.iter().enumerate() {
        if !seen.insert(format!("{filter:?}")) {
            c.error(format!("search.tile_filters[{i}]"), "listed twice");
        }
        if !search.filters.contains(filter) {
            c.error(
                format!("search.tile_filters[{i}]"),
                "not a filter of search.filters; list it there too",
            );
        }
    }
    let mut seen = BTreeSet::new();
    for (i, button) in search.card_buttons.iter().enumerate() {
        if !seen.insert(format!("{button:?}")) {
            c.error(format!("search.card_buttons[{i}]"), "listed twice");
        }
    }
    match &search.custom_card_button {
        Some(custom) => {
            c.not_empty("search.custom_card_button.label", &custom.label);
            c.link("search.custom_card_button.url", &custom.url);
        }
        None if search.card_buttons.contains(&CardButton::Custom) => {
            c.error(
                "search.card_buttons",
                "lists custom: give its label and url in [search.custom_card_button]",
            );
        }
        None => {}
    }
    if !search.default_page.starts_with("/search") {
        c.error(
            "search.default_page",
            format!(
                "expected a search route like /search/used-cars, found \"{}\"",
                search.default_page
            ),
        );
    }

    if !(0.0..=1.0).contains(&config.feed.max_stock_drop) {
        c.error(
            "feed.max_stock_drop",
            format!(
                "expected a share from 0 to 1 (0.5 = half the stock), found {}",
                config.feed.max_stock_drop
            ),
        );
    }
    if config.vehicle_page.spin_interval_ms == 0 {
        c.error("vehicle_page.spin_interval_ms", "must be at least 1");
    }
    c.not_empty("forms.parts_heading", &config.forms.parts_heading);
    // The category select lists General Enquiry first; a blank or repeated entry would
    // be an option that sends nothing or the same lead twice over.
    let mut categories: Vec<String> = vec![crate::messages::GENERAL_ENQUIRY.to_ascii_lowercase()];
    for (i, category) in config.forms.enquiry_categories.iter().enumerate() {
        let key = format!("forms.enquiry_categories[{i}]");
        let folded = category.trim().to_ascii_lowercase();
        if folded.is_empty() {
            c.error(key, "expected a category name, found an empty text");
        } else if categories.contains(&folded) {
            c.error(
                key,
                format!(
                    "\"{}\" is listed already (General Enquiry is always offered first)",
                    category.trim()
                ),
            );
        } else {
            categories.push(folded);
        }
    }
    c.within(
        "locations.min_review_rating",
        config.locations.min_review_rating,
        1.0,
        5.0,
    );
    c.slug("garage.page", &config.garage.page);

    let service = &config.service;
    if let Some(url) = &service.booking_embed_url {
        c.url("service.booking_embed_url", url);
    }
    if let Some(url) = &service.external_booking_url {
        c.url("service.external_booking_url", url);
    }

    for (i, grid) in config.group.brand_grids.iter().enumerate() {
        c.not_empty(&format!("group.brand_grids[{i}].title"), &grid.title);
        if brands_ok
            && !dealer
                .brands
                .iter()
                .any(|b| b.category == grid.category.as_str())
        {
            c.error(
                format!("group.brand_grids[{i}].category"),
                format!(
                    "no brand in brands.toml has category \"{}\"",
                    grid.category.as_str()
                ),
            );
        }
    }
    for (i, stat) in config.group.stat_banners.iter().enumerate() {
        c.not_empty(&format!("group.stat_banners[{i}].value"), &stat.value);
        c.not_empty(&format!("group.stat_banners[{i}].label"), &stat.label);
    }
    if let Some(key) = &config.features.autogauge.provider_key {
        c.not_empty("features.autogauge.provider_key", key);
    }
    if let Some(key) = &config.features.trade_in_provider_key {
        c.not_empty("features.trade_in_provider_key", key);
    }

    for (i, zone) in config.delivery_zones.iter().enumerate() {
        c.not_empty(&format!("delivery_zones[{i}].region"), &zone.region);
        if zone.price < 0.0 {
            c.error(
                format!("delivery_zones[{i}].price"),
                format!("must be 0 or more, found {}", zone.price),
            );
        }
        c.positive(&format!("delivery_zones[{i}].max_km"), zone.max_km);
    }
    for (key, value, first) in duplicates(
        config
            .delivery_zones
            .iter()
            .enumerate()
            .map(|(i, z)| (format!("delivery_zones[{i}].region"), z.region.as_str())),
    ) {
        c.error(
            key,
            format!("region \"{value}\" is listed twice (also {first})"),
        );
    }
    let distances: Vec<String> = config
        .delivery_zones
        .iter()
        .map(|z| z.max_km.to_string())
        .collect();
    for (key, value, first) in duplicates(
        distances
            .iter()
            .enumerate()
            .map(|(i, d)| (format!("delivery_zones[{i}].max_km"), d.as_str())),
    ) {
        c.error(
            key,
            format!("two zones end at {value} km (also {first}); each zone needs its own distance"),
        );
    }

    if let Some(url) = &config.leads.webhook_url {
        c.webhook("leads.webhook_url", url);
    }
    if let Some(url) = &config.leads.adf_webhook_url {
        c.webhook("leads.adf_webhook_url", url);
    }
    for (i, host) in config.images.allowed_hosts.iter().enumerate() {
        if !is_image_host(host) {
            c.error(
                format!("images.allowed_hosts[{i}]"),
                format!("expected a lower-case host name such as \"photos.example.com.au\" (a port may follow after ':'; no scheme or path), found \"{host}\""),
            );
        }
    }
    if let Some(px) = config.images.max_width_px {
        if !(100..=2000).contains(&px) {
            c.error(
                "images.max_width_px",
                format!("expected a width from 100 to 2000 px, found {px}"),
            );
        }
    }
    messaging(&mut c, &config.messaging);
    // The ids go into script URLs on every page, so only the vendors' own id shapes pass.
    let tag_id = |id: &str, prefix: &str| {
        id.strip_prefix(prefix).is_some_and(|rest| {
            !rest.is_empty()
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        })
    };
    lead_email(&mut c, dealer);
    if let Some(id) = &config.analytics.gtm_id {
        if !tag_id(id, "GTM-") {
            c.error(
                "analytics.gtm_id",
                format!("expected an id like GTM-ABC1234, found \"{id}\""),
            );
        }
    }
    if let Some(id) = &config.analytics.ga4_id {
        if !tag_id(id, "G-") {
            c.error(
                "analytics.ga4_id",
                format!("expected an id like G-ABC123DEF4, found \"{id}\""),
            );
        }
    }
    if let Some(id) = &config.analytics.meta_pixel_id {
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
            c.error(
                "analytics.meta_pixel_id",
                format!("expected the pixel's digits, like 802144551093317, found \"{id}\""),
            );
        }
    }
    if let Some(bar) = &config.announcement {
        c.not_empty("announcement.text", &bar.text);
        if let Some(url) = &bar.url {
            c.link("announcement.url", url);
        }
        if let Some(colour) = &bar.background {
            c.colour("announcement.background", colour);
        }
    }
    c.menu("menus.header", &config.menus.header);
    for (i, column) in config.menus.footer.iter().enumerate() {
        c.not_empty(&format!("menus.footer[{i}].title"), &column.title);
        c.menu(&format!("menus.footer[{i}].links"), &column.links);
    }
    let footer = &config.footer;
    if let Some(abn) = &footer.abn {
        if !is_abn(abn) {
            c.error("footer.abn", format!("expected an ABN: 11 digits whose check digits add up (spaces allowed, e.g. \"51 824 753 556\"), found \"{abn}\""));
        }
    }
    if let Some(licence) = &footer.dealer_licence {
        c.not_empty("footer.dealer_licence", licence);
    }
    for (i, social) in footer.social.iter().enumerate() {
        c.url(&format!("footer.social[{i}].url"), &social.url);
    }
    c.menu("footer.legal", &footer.legal);
    if let Some(name) = &footer.legal_name {
        c.not_empty("footer.legal_name", name);
    }
    let spin = &config.spin_to_win;
    if config.features.spin_to_win {
        if spin.prizes.len() < 2 {
            c.error(
                "spin_to_win.prizes",
                "features.spin_to_win is on: list at least two prizes, e.g. prizes = [{ label = \"$50 fuel voucher\", weight = 10 }, ...]",
            );
        }
        c.not_empty("spin_to_win.terms", &spin.terms);
    }
    for (i, prize) in spin.prizes.iter().enumerate() {
        c.not_empty(&format!("spin_to_win.prizes[{i}].label"), &prize.label);
        if prize.weight == 0 {
            c.error(
                format!("spin_to_win.prizes[{i}].weight"),
                "expected a weight of at least 1 (a prize that cannot be won does not go on the wheel)",
            );
        }
    }
    c.errors
}

/// `session_plugins`: each once, and Car Analysis only beside the Autogauge panel it
/// explains.
fn session_plugins(c: &mut Checker, plugins: &[SessionPlugin]) {
    for (i, plugin) in plugins.iter().enumerate() {
        if plugins[..i].contains(plugin) {
            c.error(
                format!("session_plugins[{i}]"),
                format!("\"{}\" is listed twice", plugin.name()),
            );
        }
    }
    if let Some(i) = plugins
        .iter()
        .position(|p| *p == SessionPlugin::CarAnalysis)
    {
        if !plugins.contains(&SessionPlugin::Autogauge) {
            c.error(
                format!("session_plugins[{i}]"),
                "\"Car Analysis\" is the market analysis under the Autogauge price comparison; add \"Autogauge\" or remove it",
            );
        }
    }
}

/// An Australian Business Number: 11 digits (spaces allowed) passing the ABR check: take
/// 1 from the first digit, weight the digits 10, 1, 3, 5, ..., 19; the sum divides by 89.
pub fn is_abn(text: &str) -> bool {
    const WEIGHTS: [u32; 11] = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
    if !text.chars().all(|c| c.is_ascii_digit() || c == ' ') {
        return false;
    }
    let digits: Vec<u32> = text.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != 11 || digits[0] == 0 {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .zip(WEIGHTS)
        .enumerate()
        .map(|(i, (d, w))| (if i == 0 { d - 1 } else { *d }) * w)
        .sum();
    sum % 89 == 0
}

/// Checks between dealers: each domain serves one dealer.
pub(crate) fn across(dealers: &[Dealer]) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    let mut owners: BTreeMap<&str, &str> = BTreeMap::new();
    for dealer in dealers {
        let mut own = BTreeSet::new();
        for (i, domain) in dealer.config.domains.iter().enumerate() {
            if !own.insert(domain.as_str()) {
                continue;
            }
            match owners.get(domain.as_str()) {
                Some(other) => errors.push(ConfigError::new(
                    dealer.dir.join("dealer.toml"),
                    format!("domains[{i}]"),
                    format!("\"{domain}\" is already a domain of dealer `{other}`; each domain serves one dealer"),
                )),
                None => {
                    owners.insert(domain.as_str(), dealer.config.slug.as_str());
                }
            }
        }
    }
    errors
}

/// A host the image service may fetch from, as its URL scheme writes it: lower-case
/// letters, digits, dots and hyphens, an optional `:port`.
fn is_image_host(host: &str) -> bool {
    let (name, port) = match host.split_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (host, None),
    };
    let name_ok = !name.is_empty()
        && !name.starts_with(['.', '-'])
        && !name.ends_with(['.', '-'])
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-');
    let port_ok =
        port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()));
    name_ok && port_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_hosts_are_bare_lower_case_host_names() {
        assert!(is_image_host("photos.example.com.au"));
        assert!(is_image_host("127.0.0.1:8443"));
        for bad in [
            "",
            "https://photos.example.com.au",
            "photos.example.com.au/stock",
            "Photos.Example.com.au",
            ".example.com",
            "example.com:",
            "example.com:123456",
        ] {
            assert!(!is_image_host(bad), "{bad}");
        }
    }

    #[test]
    fn slugs_colours_urls_and_phones() {
        assert!(is_slug("north-lakes-2"));
        assert!(!is_slug("North Lakes"));
        assert!(!is_slug("-x"));
        assert!(!is_slug("a--b"));
        assert!(is_hex_colour("#1a2B3c"));
        assert!(!is_hex_colour("red"));
        assert!(!is_hex_colour("#12345"));
        assert!(is_url("https://hooks.example.com.au/leads"));
        assert!(!is_url("hooks.example.com.au"));
        assert!(is_link("/special-offers"));
        assert!(!is_link("//evil.example"));
        assert!(is_host("www.acme.com.au"));
        assert!(!is_host("https://www.acme.com.au"));
        assert!(is_au_phone("(07) 3000 0000"));
        assert!(is_au_phone("0400 000 000"));
        assert!(is_au_phone("1300 000 000"));
        assert!(is_au_phone("13 22 11"));
        assert!(!is_au_phone("call us"));
        assert!(!is_au_phone("3000 0000"));
        assert!(is_time("08:30"));
        assert!(!is_time("8:30am"));
    }

    #[test]
    fn an_abn_needs_eleven_digits_whose_check_adds_up() {
        assert!(is_abn("51 824 753 556"));
        assert!(is_abn("51824753556"));
        assert!(!is_abn("51 824 753 557"));
        assert!(!is_abn("5182475355"));
        assert!(!is_abn("ABN 51 824 753 556"));
        assert!(!is_abn("01 824 753 556"));
    }

    #[test]
    fn the_footer_keys_are_checked() {
        let mut acme = crate::view::test_dealer("[footer]\nabn = \"51 824 753 557\"\ndealer_licence = \" \"\nsocial = [{ network = \"facebook\", url = \"facebook.com/acme\" }]\nlegal = [{ label = \"Privacy\", url = \"privacy\" }]\n");
        acme.dir = std::env::temp_dir();
        let keys: Vec<String> = dealer(&acme, &[], true, &[])
            .iter()
            .map(|e| e.key.clone())
            .collect();
        for key in [
            "footer.abn",
            "footer.dealer_licence",
            "footer.social[0].url",
            "footer.legal[0].url",
        ] {
            assert!(
                keys.iter().any(|k| k == key),
                "{key} not reported: {keys:?}"
            );
        }
    }

    /// Tag ids end up in script URLs: anything but the vendor's id shape is refused.
    #[test]
    fn tag_ids_must_have_the_vendors_shape() {
        let keys = |toml: &str| {
            let mut acme = crate::view::test_dealer(toml);
            acme.dir = std::env::temp_dir();
            dealer(&acme, &[], true, &[])
                .iter()
                .map(|e| e.key.clone())
                .filter(|k| k.starts_with("analytics."))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            keys(
                "[analytics]\ngtm_id = \"GTM-AB12\"\nga4_id = \"G-X1\"\nmeta_pixel_id = \"123\"\n"
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            keys("[analytics]\ngtm_id = \"GTM-a&b\"\nga4_id = \"G-\"\nmeta_pixel_id = \"12x\"\n"),
            [
                "analytics.gtm_id",
                "analytics.ga4_id",
                "analytics.meta_pixel_id"
            ]
        );
    }
}
