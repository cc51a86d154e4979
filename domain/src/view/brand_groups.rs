//! The brand tiles grouped by vehicle category: the `/brands` grid, the home page's brand
//! grids and the header's mega menu show them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::config::{Dealer, VehicleCategory};
use crate::entities::Manufacturer;
use crate::rules::availability::is_available;

use super::images::asset_url;
use super::images::ImageView;
use super::slug::slugify;
use super::words::count_words;

/// One brand tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BrandCardView {
    /// Brand name.
    pub name: String,
    /// `/{slug}/overview`, or the brand's own site.
    pub url: String,
    /// Whether the link leaves the dealer's site.
    pub external: bool,
    /// Logo; none shows the name as a word mark (seed 001 s8: a missing logo falls back).
    pub logo: Option<ImageView>,
    /// The make's cars the search lists, sold ones in their window included.
    #[ts(type = "number")]
    pub count: u64,
    /// The count in the dealer's vehicle words ("12 cars", "1 motorcycle"): not "in
    /// stock", since it includes recently sold cars.
    pub count_label: String,
}

/// The brands of one vehicle category.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BrandGroupView {
    /// Anchor id: cars, motorcycles or trucks.
    pub id: String,
    /// Heading, e.g. "Cars".
    pub title: String,
    /// Tiles in configured order.
    pub brands: Vec<BrandCardView>,
}

/// The brands a dealer shows: brands.toml, or else the makes of its stock (most cars first).
pub fn dealer_brands(dealer: &Dealer, cars: &[Car]) -> Vec<Manufacturer> {
    if !dealer.brands.is_empty() {
        return dealer.brands.clone();
    }
    let mut by_slug: BTreeMap<String, (String, u64)> = BTreeMap::new();
    for car in cars.iter().filter(|c| is_available(c)) {
        let slug = slugify(&car.make);
        if !slug.is_empty() {
            by_slug
                .entry(slug)
                .or_insert_with(|| (car.make.trim().to_string(), 0))
                .1 += 1;
        }
    }
    let mut makes: Vec<(String, String, u64)> =
        by_slug.into_iter().map(|(s, (n, c))| (s, n, c)).collect();
    makes.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.1.cmp(&b.1)));
    makes
        .into_iter()
        .enumerate()
        .map(|(i, (slug, name, _))| Manufacturer {
            id: i as u64 + 1,
            name,
            slug,
            logo: None,
            external_url: None,
            category: "cars".to_string(),
            overview: None,
        })
        .collect()
}

/// The page path of a brand, or its external site.
pub fn brand_url(brand: &Manufacturer) -> (String, bool) {
    match brand
        .external_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
    {
        Some(url) => (url.to_string(), true),
        None => (crate::routes::BRAND.path(&[&brand.slug]), false),
    }
}

/// The cars of a brand among `cars` (by its make's name or slug), sold ones in their
/// window included: a brand's count links to its search page, which lists those too
/// (one count source).
pub fn of_make<'a>(cars: &'a [Car], brand: &'a Manufacturer) -> impl Iterator<Item = &'a Car> + 'a {
    let slug = slugify(&brand.name);
    cars.iter()
        .filter(move |c| slugify(&c.make) == slug || slugify(&c.make) == brand.slug)
}

/// A brand's logo, when it has one.
pub fn logo(brand: &Manufacturer) -> Option<ImageView> {
    brand
        .logo
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| ImageView::new(asset_url(l), format!("{} logo", brand.name)))
}

fn category_title(category: &str) -> String {
    let mut chars = category.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => "Other".to_string(),
    }
}

/// "12 cars", "1 motorcycle": a brand's count in the words of its category (brands.toml)
/// where that is one of `categories` (the dealer's), else in the dealer's count words.
pub fn count_label(brand: &Manufacturer, categories: &[VehicleCategory], count: u64) -> String {
    let category = brand.category.trim();
    let words = match categories
        .iter()
        .find(|c| c.as_str().eq_ignore_ascii_case(category))
    {
        Some(own) => count_words(&[*own]),
        None => count_words(categories),
    };
    let word = if count == 1 { words.one } else { words.many };
    format!("{count} {word}")
}

/// The brand tiles by category, in the order cars, motorcycles, trucks, then any other
/// category; each tile counts the cars of its make in `cars`, labelled in the words of
/// the dealer's vehicle `categories`.
pub fn brand_groups(
    brands: &[Manufacturer],
    cars: &[Car],
    categories: &[VehicleCategory],
) -> Vec<BrandGroupView> {
    const ORDER: [&str; 3] = ["cars", "motorcycles", "trucks"];
    let mut groups: Vec<BrandGroupView> = Vec::new();
    for brand in brands {
        let category = brand.category.trim().to_lowercase();
        let (url, external) = brand_url(brand);
        let count = of_make(cars, brand).count() as u64;
        let card = BrandCardView {
            name: brand.name.clone(),
            url,
            external,
            logo: logo(brand),
            count,
            count_label: count_label(brand, categories, count),
        };
        match groups.iter_mut().find(|g| g.id == category) {
            Some(group) => group.brands.push(card),
            None => groups.push(BrandGroupView {
                title: category_title(&category),
                id: category,
                brands: vec![card],
            }),
        }
    }
    groups.sort_by_key(|g| ORDER.iter().position(|o| *o == g.id).unwrap_or(ORDER.len()));
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn car(id: u64, make: &str, status: &str) -> Car {
        serde_json::from_value(serde_json::json!({
            "id": id, "slug": format!("c{id}"), "year": 2024, "make": make, "model": "X",
            "car_type": "new", "status": status, "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme"
        }))
        .expect("car")
    }

    fn brands() -> Vec<Manufacturer> {
        serde_json::from_value(serde_json::json!([
            {"id": 1, "name": "Yamaha", "slug": "yamaha", "category": "motorcycles"},
            {"id": 2, "name": "Jayco", "slug": "jayco", "category": "caravans"},
            {"id": 3, "name": "Isuzu", "slug": "isuzu", "category": "utes"}
        ]))
        .expect("brands")
    }

    fn labels(groups: &[BrandGroupView]) -> Vec<(String, String)> {
        groups
            .iter()
            .flat_map(|g| &g.brands)
            .map(|b| (b.name.clone(), b.count_label.clone()))
            .collect()
    }

    /// The tiles' counts include recently sold cars, so they say "2 motorcycles", not
    /// "2 in stock"; a brand of a category the dealer does not sell takes the dealer's
    /// words ("vehicles" for mixed stock).
    #[test]
    fn brand_counts_are_labelled_in_the_dealers_vehicle_words() {
        let cars = vec![
            car(1, "Yamaha", "in_stock"),
            car(2, "Yamaha", "sold"),
            car(3, "Jayco", "in_stock"),
        ];
        let categories = [VehicleCategory::Motorcycles, VehicleCategory::Caravans];
        let groups = brand_groups(&brands(), &cars, &categories);
        assert_eq!(
            labels(&groups),
            vec![
                ("Yamaha".into(), "2 motorcycles".into()),
                ("Jayco".into(), "1 caravan".into()),
                ("Isuzu".into(), "0 vehicles".into()),
            ]
        );
        let groups = brand_groups(&brands(), &cars, &[VehicleCategory::Cars]);
        assert_eq!(labels(&groups)[2], ("Isuzu".into(), "0 cars".into()));
    }
}
