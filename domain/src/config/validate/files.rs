//! The other files of a dealer folder: `brands.toml`, `offers.toml`, `parts.toml`,
//! `models/*.toml` and `pages/*.md`.

use super::*;

pub(super) fn brands(dealer: &Dealer) -> Vec<ConfigError> {
    let mut c = Checker::new(dealer.dir.join("brands.toml"));
    let categories: Vec<&str> = [
        VehicleCategory::Cars,
        VehicleCategory::Motorcycles,
        VehicleCategory::Trucks,
        VehicleCategory::Caravans,
    ]
    .map(VehicleCategory::as_str)
    .to_vec();
    for (i, brand) in dealer.brands.iter().enumerate() {
        let key = format!("brands[{i}]");
        c.not_empty(&format!("{key}.name"), &brand.name);
        c.slug(&format!("{key}.slug"), &brand.slug);
        if !categories.contains(&brand.category.as_str()) {
            c.error(
                format!("{key}.category"),
                format!(
                    "expected one of {}, found \"{}\"",
                    categories.join(", "),
                    brand.category
                ),
            );
        }
        if let Some(logo) = &brand.logo {
            c.asset(&dealer.dir, &format!("{key}.logo"), logo);
        }
        if let Some(url) = &brand.external_url {
            c.url(&format!("{key}.external_url"), url);
        }
    }
    for (key, value, first) in duplicates(
        dealer
            .brands
            .iter()
            .enumerate()
            .map(|(i, b)| (format!("brands[{i}].slug"), b.slug.as_str())),
    ) {
        c.error(
            key,
            format!("slug \"{value}\" is used twice (also {first})"),
        );
    }
    for (key, value, first) in duplicates(
        dealer
            .brands
            .iter()
            .enumerate()
            .map(|(i, b)| (format!("brands[{i}].id"), b.id.to_string())),
    ) {
        c.error(key, format!("id {value} is used twice (also {first})"));
    }
    c.errors
}

/// An offer, promo or slide whose last day comes before its first is never shown.
fn date_order(
    c: &mut Checker,
    key: &str,
    start: Option<chrono::NaiveDate>,
    expiry: Option<chrono::NaiveDate>,
) {
    if let (Some(start), Some(expiry)) = (start, expiry) {
        if start > expiry {
            c.error(
                format!("{key}.expiry"),
                format!("expiry {expiry} is before start {start}"),
            );
        }
    }
}

pub(super) fn offers(dealer: &Dealer) -> Vec<ConfigError> {
    let mut c = Checker::new(dealer.dir.join("offers.toml"));
    for (i, offer) in dealer.offers.iter().enumerate() {
        let key = format!("offers[{i}]");
        c.not_empty(&format!("{key}.title"), &offer.title);
        c.not_empty(&format!("{key}.image"), &offer.image);
        date_order(&mut c, &key, offer.start, offer.expiry);
        if let Some(price) = offer.price {
            if price < 0.0 {
                c.error(
                    format!("{key}.price"),
                    format!("must be 0 or more, found {price}"),
                );
            }
        }
    }
    for (key, value, first) in duplicates(
        dealer
            .offers
            .iter()
            .enumerate()
            .map(|(i, o)| (format!("offers[{i}].id"), o.id.to_string())),
    ) {
        c.error(key, format!("id {value} is used twice (also {first})"));
    }
    for (i, promo) in dealer.promos.iter().enumerate() {
        let key = format!("promos[{i}]");
        date_order(&mut c, &key, promo.start, promo.expiry);
        match &promo.node {
            PromoContent::WeWantYourCar { url } => c.link(&format!("{key}.node.url"), url),
            PromoContent::Banner { title, url, .. } => {
                c.not_empty(&format!("{key}.node.title"), title);
                c.link(&format!("{key}.node.url"), url);
            }
        }
    }
    for (i, slide) in dealer.slides.iter().enumerate() {
        let key = format!("slides[{i}]");
        date_order(&mut c, &key, slide.start, slide.expiry);
        c.not_empty(&format!("{key}.name"), &slide.name);
        if let Some(url) = &slide.url {
            c.link(&format!("{key}.url"), url);
        }
    }
    for (i, banner) in dealer.banners.iter().enumerate() {
        let key = format!("banners[{i}]");
        c.not_empty(&format!("{key}.title"), &banner.title);
        c.link(&format!("{key}.url"), &banner.url);
    }
    c.errors
}

pub(super) fn parts(dealer: &Dealer) -> Vec<ConfigError> {
    let mut c = Checker::new(dealer.dir.join("parts.toml"));
    for (i, part) in dealer.parts.iter().enumerate() {
        let key = format!("parts[{i}]");
        c.not_empty(&format!("{key}.number"), &part.number);
        c.not_empty(&format!("{key}.name"), &part.name);
        c.not_empty(&format!("{key}.category"), &part.category);
        for (j, make) in part.makes.iter().enumerate() {
            c.not_empty(&format!("{key}.makes[{j}]"), make);
        }
        for (j, model) in part.models.iter().enumerate() {
            c.not_empty(&format!("{key}.models[{j}]"), model);
        }
        if let Some(price) = part.price {
            // A NaN price is caught too (it is not above 0).
            if price.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
                c.error(
                    format!("{key}.price"),
                    format!("expected a price in dollars above 0 (e.g. 189.95), found {price}; leave `price` out to show \"{}\"", crate::messages::ENQUIRE_FOR_PRICE),
                );
            }
        }
    }
    // Part numbers are printed in either case; "pzq15-89440" is the part "PZQ15-89440".
    let mut numbers: BTreeMap<String, usize> = BTreeMap::new();
    for (i, part) in dealer.parts.iter().enumerate() {
        let folded = part.number.trim().to_uppercase();
        if folded.is_empty() {
            continue;
        }
        match numbers.get(&folded) {
            Some(first) => c.error(
                format!("parts[{i}].number"),
                format!("part number \"{}\" is used twice (also parts[{first}].number); list each part once", part.number),
            ),
            None => {
                numbers.insert(folded, i);
            }
        }
    }
    // The filters list each category and make once, so one spelling each.
    let categories = dealer
        .parts
        .iter()
        .enumerate()
        .map(|(i, p)| (format!("parts[{i}].category"), p.category.as_str()));
    let makes = dealer.parts.iter().enumerate().flat_map(|(i, p)| {
        p.makes
            .iter()
            .enumerate()
            .map(move |(j, m)| (format!("parts[{i}].makes[{j}]"), m.as_str()))
    });
    for (key, value, first, first_value) in case_variants(categories.chain(makes)) {
        c.error(key, format!("\"{value}\" is spelt \"{first_value}\" in {first}; write it the same way so the filter lists it once"));
    }
    c.errors
}

/// Values written in a different case (or with spaces around) than an earlier one:
/// (key of the variant, its value, first key, first value).
fn case_variants<'a>(
    values: impl Iterator<Item = (String, &'a str)>,
) -> Vec<(String, String, String, String)> {
    let mut seen: BTreeMap<String, (String, &str)> = BTreeMap::new();
    let mut out = Vec::new();
    for (key, value) in values {
        let folded = value.trim().to_lowercase();
        if folded.is_empty() {
            continue;
        }
        match seen.get(&folded) {
            Some((first, first_value)) if *first_value != value => out.push((
                key,
                value.to_string(),
                first.clone(),
                first_value.to_string(),
            )),
            Some(_) => {}
            None => {
                seen.insert(folded, (key, value));
            }
        }
    }
    out
}

pub(super) fn model_file(file: &Path, model: &Model) -> Vec<ConfigError> {
    let mut c = Checker::new(file.to_path_buf());
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if stem != model.slug {
        c.error(
            "slug",
            format!(
                "\"{}\" must equal the file name \"{stem}\" (the file name is the slug)",
                model.slug
            ),
        );
    }
    c.slug("slug", &model.slug);
    c.not_empty("name", &model.name);
    c.not_empty("make", &model.make);
    let variant_names: BTreeSet<&str> = model
        .variants
        .iter()
        .flat_map(|v| [v.name.as_str(), v.full_name.as_str()])
        .collect();
    for (i, colour) in model.colours.iter().enumerate() {
        c.colour(&format!("colours[{i}].hexCode"), &colour.hex_code);
        if !variant_names.contains(colour.model_variant_name.as_str()) {
            c.error(
                format!("colours[{i}].model_variant_name"),
                format!(
                    "no variant is named \"{}\"; known: {}",
                    colour.model_variant_name,
                    variant_names.iter().copied().collect::<Vec<_>>().join(", ")
                ),
            );
        }
    }
    for (key, value, first) in duplicates(
        model
            .colours
            .iter()
            .enumerate()
            .map(|(i, col)| (format!("colours[{i}].id"), col.id.to_string())),
    ) {
        c.error(key, format!("id {value} is used twice (also {first})"));
    }
    for (i, variant) in model.variants.iter().enumerate() {
        if let Some(price) = variant.price {
            c.positive(&format!("variants[{i}].price"), price);
        }
    }
    if let Some(url) = &model.brochure_url {
        c.link("brochure_url", url);
    }
    c.errors
}

pub(super) fn pages(dealer: &Dealer) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    let mut paths: BTreeMap<&str, &str> = BTreeMap::new();
    for page in &dealer.pages {
        let mut c = Checker::new(dealer.dir.join("pages").join(format!("{}.md", page.slug)));
        if !is_slug(&page.slug) {
            c.error(
                "",
                format!(
                    "the file name must be a URL-safe slug (e.g. eofy-sale.md), found \"{}.md\"",
                    page.slug
                ),
            );
        }
        if !page.path.starts_with('/') || page.path.contains(' ') {
            c.error(
                "path",
                format!("expected a route like /about-us, found \"{}\"", page.path),
            );
        }
        if let Some(first) = paths.insert(page.path.as_str(), page.slug.as_str()) {
            c.error(
                "path",
                format!("\"{}\" is also the path of pages/{first}.md", page.path),
            );
        }
        c.not_empty("title", &page.title);
        errors.extend(c.errors);
    }
    errors
}
