//! The parts and accessories catalogue (`/parts/search`, seed 001 s2) of a dealer with a
//! `parts.toml`: every part as a card saying what it fits and what it costs, with a link
//! to the parts order form that fills in the part, and the category and make filters
//! with their counts. The page is rendered with its first page of parts; the browser
//! filters the whole list in place (frontend/src/features/parts).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::config::Dealer;
use crate::entities::Part;
use crate::messages;
use crate::rules::format::format_price;

use super::crumbs::Crumb;
use super::form::{
    form_path, FormKind, ORDER_DETAIL_PARAM, PART_NUMBER_PARAM, VEHICLE_MAKE_PARAM,
    VEHICLE_MODEL_PARAM,
};
use super::links::enquiry_url;
use super::slug::encode_query_value;

/// Parts on one page of results.
pub const PARTS_PAGE_SIZE: u32 = 24;

/// One part of the catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PartView {
    /// Part number, e.g. "PZQ15-89440".
    pub number: String,
    /// Name.
    pub name: String,
    /// Category (the category filter).
    pub category: String,
    /// One or two sentences, when the dealer gave some.
    pub description: Option<String>,
    /// The makes it fits (the make filter); empty when it fits every make.
    pub makes: Vec<String>,
    /// What it fits, e.g. "Toyota RAV4, HiLux", "All Toyota models" or "All models".
    pub fits: String,
    /// The price as shown ("$189.95"), or 'Enquire for price.'.
    pub price_text: String,
    /// The parts order form with this part filled in (or, where the dealer has no parts
    /// form, the enquiry form naming the part).
    pub order_url: String,
}

/// A value of a filter and how many parts it keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PartFilterOption {
    /// The value, e.g. "Towing" or "Toyota".
    pub value: String,
    /// Parts the filter keeps with this value chosen.
    pub count: u32,
}

/// The `/parts/search` page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PartsSearchPageView {
    /// Heading.
    pub title: String,
    /// Text under the heading (also the meta description).
    pub intro: String,
    /// Home, then this page.
    pub breadcrumbs: Vec<Crumb>,
    /// Every part, in the order of parts.toml.
    pub parts: Vec<PartView>,
    /// The categories, by name, with their number of parts.
    pub categories: Vec<PartFilterOption>,
    /// The makes the parts name, by name, each with the parts that fit it (those naming
    /// it and those that fit every make).
    pub makes: Vec<PartFilterOption>,
    /// Parts on one page of results.
    pub page_size: u32,
    /// The parts order form, for parts not in the catalogue; none when the dealer's own
    /// pages take its routes.
    pub order_form_url: Option<String>,
}

/// "A", "A and B", "A, B and C".
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn trimmed(values: &[String]) -> Vec<String> {
    values
        .iter()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .collect()
}

/// What a part fits, in words: "Toyota RAV4, HiLux" (one make and its models), "Ford,
/// Mazda: Ranger, BT-50" (several makes and their models), "All Toyota models" (makes
/// without models), "RAV4, HiLux" (models without a make) or "All models".
pub fn fits_text(part: &Part) -> String {
    let (makes, models) = (trimmed(&part.makes), trimmed(&part.models));
    match (makes.as_slice(), models.is_empty()) {
        ([], true) => messages::FITS_ALL_MODELS.to_string(),
        ([], false) => models.join(", "),
        (makes, true) => format!("All {} models", join_and(makes)),
        ([make], false) => format!("{make} {}", models.join(", ")),
        (makes, false) => format!("{}: {}", makes.join(", "), models.join(", ")),
    }
}

/// The price as shown: dollars and cents, or 'Enquire for price.' without a price.
pub fn price_text(part: &Part) -> String {
    part.price
        .filter(|p| *p > 0.0)
        .map(format_price)
        .unwrap_or_else(|| messages::ENQUIRE_FOR_PRICE.to_string())
}

/// The link that orders `part`: the parts order form at `form` with the part number, the
/// order detail and, when the part fits exactly one, the make and the model filled in
/// (the form's `query_param`s); without a parts form, the enquiry form naming the part.
pub fn order_url(part: &Part, form: Option<&str>) -> String {
    let number = part.number.trim();
    let name = part.name.trim();
    let Some(form) = form else {
        return enquiry_url(&format!(
            "I'd like to order the {name}, part number {number}."
        ));
    };
    let only = |values: &[String]| match trimmed(values).as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    };
    let mut params = vec![(PART_NUMBER_PARAM, number.to_string())];
    params.extend(only(&part.makes).map(|make| (VEHICLE_MAKE_PARAM, make)));
    params.extend(only(&part.models).map(|model| (VEHICLE_MODEL_PARAM, model)));
    params.push((
        ORDER_DETAIL_PARAM,
        format!("{name}, part number {number}, quantity 1"),
    ));
    let query: Vec<String> = params
        .iter()
        .map(|(key, value)| format!("{key}={}", encode_query_value(value)))
        .collect();
    format!(
        "{form}?{}#{}",
        query.join("&"),
        FormKind::PartsOrder.form_id()
    )
}

/// Whether `part` fits `make` (it names the make, ignoring case, or names none).
fn fits_make(part: &Part, make: &str) -> bool {
    let makes = trimmed(&part.makes);
    makes.is_empty() || makes.iter().any(|m| m.eq_ignore_ascii_case(make))
}

fn part_view(part: &Part, form: Option<&str>) -> PartView {
    PartView {
        number: part.number.trim().to_string(),
        name: part.name.trim().to_string(),
        category: part.category.trim().to_string(),
        description: part
            .description
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(str::to_string),
        makes: trimmed(&part.makes),
        fits: fits_text(part),
        price_text: price_text(part),
        order_url: order_url(part, form),
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The view of `/parts/search` for a dealer with parts.
pub fn parts_search_page_view(dealer: &Dealer) -> PartsSearchPageView {
    let form = form_path(dealer, FormKind::PartsOrder);
    let parts: Vec<PartView> = dealer
        .parts
        .iter()
        .map(|p| part_view(p, form.as_deref()))
        .collect();
    let mut categories: BTreeMap<&str, usize> = BTreeMap::new();
    for part in &parts {
        *categories.entry(part.category.as_str()).or_default() += 1;
    }
    let named: std::collections::BTreeSet<&str> = parts
        .iter()
        .flat_map(|p| p.makes.iter().map(String::as_str))
        .collect();
    let makes = named
        .into_iter()
        .map(|make| PartFilterOption {
            value: make.to_string(),
            count: count(dealer.parts.iter().filter(|p| fits_make(p, make)).count()),
        })
        .collect();
    let name = &dealer.config.name;
    PartsSearchPageView {
        title: messages::PARTS_TITLE.to_string(),
        intro: format!(
            "Genuine parts and accessories from {name}. Find what suits your vehicle, then order online and our parts team will confirm price and availability."
        ),
        breadcrumbs: vec![
            Crumb { label: messages::BREADCRUMB_HOME.to_string(), url: Some("/".to_string()) },
            Crumb { label: messages::PARTS_TITLE.to_string(), url: None },
        ],
        categories: categories.into_iter().map(|(value, n)| PartFilterOption { value: value.to_string(), count: count(n) }).collect(),
        makes,
        parts,
        page_size: PARTS_PAGE_SIZE,
        order_form_url: form,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ContentPage;
    use crate::view::test_dealer;

    fn part(
        number: &str,
        category: &str,
        makes: &[&str],
        models: &[&str],
        price: Option<f64>,
    ) -> Part {
        Part {
            number: number.to_string(),
            name: format!("Part {number}"),
            category: category.to_string(),
            makes: makes.iter().map(|s| s.to_string()).collect(),
            models: models.iter().map(|s| s.to_string()).collect(),
            price,
            description: None,
        }
    }

    #[test]
    fn fits_reads_as_words() {
        let fits =
            |makes: &[&str], models: &[&str]| fits_text(&part("X", "Towing", makes, models, None));
        assert_eq!(fits(&["Toyota"], &["RAV4", "HiLux"]), "Toyota RAV4, HiLux");
        assert_eq!(fits(&[], &[]), "All models");
        assert_eq!(fits(&["Toyota"], &[]), "All Toyota models");
        assert_eq!(fits(&["Ford", "Mazda"], &[]), "All Ford and Mazda models");
        assert_eq!(
            fits(&["Ford", "Mazda", "Kia"], &[]),
            "All Ford, Mazda and Kia models"
        );
        assert_eq!(
            fits(&["Ford", "Mazda"], &["Ranger", "BT-50"]),
            "Ford, Mazda: Ranger, BT-50"
        );
        assert_eq!(fits(&[], &["RAV4"]), "RAV4");
        assert_eq!(
            fits(&[" ", "Toyota "], &[""]),
            "All Toyota models",
            "blank entries are left out"
        );
    }

    #[test]
    fn prices_show_cents_and_a_missing_price_asks_for_an_enquiry() {
        assert_eq!(
            price_text(&part("X", "Towing", &[], &[], Some(1290.0))),
            "$1,290"
        );
        assert_eq!(
            price_text(&part("X", "Towing", &[], &[], Some(79.95))),
            "$79.95"
        );
        assert_eq!(
            price_text(&part("X", "Towing", &[], &[], None)),
            "Enquire for price."
        );
        assert_eq!(
            price_text(&part("X", "Towing", &[], &[], None)),
            messages::ENQUIRE_FOR_PRICE
        );
    }

    #[test]
    fn the_order_link_fills_in_the_parts_form() {
        let towbar = Part {
            name: "Towbar & Wiring Kit".into(),
            ..part(
                "PZQ64-42041",
                "Towing",
                &["Toyota"],
                &["HiLux"],
                Some(1290.0),
            )
        };
        assert_eq!(
            order_url(&towbar, Some("/parts")),
            "/parts?part_number=PZQ64-42041&make=Toyota&model=HiLux\
             &order_detail=Towbar%20%26%20Wiring%20Kit%2C%20part%20number%20PZQ64-42041%2C%20quantity%201#parts-form"
        );
        // Several models: the shopper says which; every make: no make.
        let mats = part("PZQ20-60000", "Interior", &[], &["RAV4", "Camry"], None);
        let url = order_url(&mats, Some("/parts"));
        assert!(
            url.starts_with("/parts?part_number=PZQ20-60000&order_detail="),
            "{url}"
        );
        // Without a parts form, the enquiry names the part.
        let url = order_url(&towbar, None);
        assert!(
            url.starts_with(
                "/contact-us?message=I%27d%20like%20to%20order%20the%20Towbar%20%26%20Wiring%20Kit"
            ),
            "{url}"
        );
    }

    #[test]
    fn filters_count_parts_by_category_and_by_the_makes_they_fit() {
        let mut dealer = test_dealer("");
        dealer.parts = vec![
            part("A1", "Towing", &["Toyota"], &["HiLux"], Some(1290.0)),
            part("A2", "Interior", &["Mazda"], &[], None),
            part("A3", "Towing", &["Toyota", "Mazda"], &[], Some(89.0)),
            part("A4", "Servicing", &[], &[], Some(29.95)),
        ];
        let view = parts_search_page_view(&dealer);
        let options = |o: &[PartFilterOption]| {
            o.iter()
                .map(|o| (o.value.clone(), o.count))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            options(&view.categories),
            [
                ("Interior".to_string(), 1),
                ("Servicing".to_string(), 1),
                ("Towing".to_string(), 2)
            ]
        );
        // A part for every make counts under each make.
        assert_eq!(
            options(&view.makes),
            [("Mazda".to_string(), 3), ("Toyota".to_string(), 3)]
        );
        assert_eq!(view.page_size, 24);
        assert_eq!(view.title, "Parts & Accessories");
        let crumbs: Vec<&str> = view.breadcrumbs.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(crumbs, ["Home", "Parts & Accessories"]);
        assert!(view.intro.contains("Acme Motors"));
        let numbers: Vec<&str> = view.parts.iter().map(|p| p.number.as_str()).collect();
        assert_eq!(numbers, ["A1", "A2", "A3", "A4"], "file order");
        assert_eq!(view.parts[0].fits, "Toyota HiLux");
        assert_eq!(view.parts[0].price_text, "$1,290");
        assert_eq!(view.parts[1].price_text, "Enquire for price.");
        assert!(view.parts[3].makes.is_empty());
        assert!(
            view.parts[0]
                .order_url
                .starts_with("/parts?part_number=A1&make=Toyota&model=HiLux&"),
            "{}",
            view.parts[0].order_url
        );
        assert_eq!(view.order_form_url.as_deref(), Some("/parts"));

        // The dealer's own page at /parts leaves the enquiry form.
        dealer.pages.push(ContentPage {
            slug: "parts".into(),
            title: "Parts".into(),
            path: "/parts".into(),
            description: None,
            markdown: String::new(),
            expiry: None,
        });
        let view = parts_search_page_view(&dealer);
        assert_eq!(view.order_form_url, None);
        assert!(
            view.parts[0].order_url.starts_with("/contact-us?message="),
            "{}",
            view.parts[0].order_url
        );
    }
}
