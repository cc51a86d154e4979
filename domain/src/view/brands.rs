//! Brands: the `/brands` grid grouped by vehicle category (cars, motorcycles, trucks; the
//! `#cars` style anchors of the dealer-group menus) and one `/{brand}/overview` page per
//! brand that does not link out to its own site (seed 000 s2).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};
use crate::config::Dealer;
use crate::entities::Manufacturer;
use crate::messages;
use crate::rules::availability::is_available;

use super::card::ImageView;
use super::home::CountLink;
use super::markdown::markdown_to_html;
use super::model::{models_page_view, ModelCardView};
use super::offers::{offer_expired, offer_started, offer_view, OfferView};
use super::site::asset_url;
use super::slug::{refinement_param, slugify};
use super::vehicle::{car_type_label, Crumb};

/// Route of the brands list.
pub const BRANDS_PATH: &str = "/brands";
/// Heading of the brands list.
pub const BRANDS_TITLE: &str = "Our Brands";

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
    /// Available cars of the make.
    #[ts(type = "number")]
    pub count: u64,
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

/// The `/brands` page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BrandsPageView {
    /// Heading.
    pub title: String,
    /// Groups in the order cars, motorcycles, trucks, then any other category.
    pub groups: Vec<BrandGroupView>,
}

/// One `/{brand}/overview` page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BrandPageView {
    /// Brand name.
    pub name: String,
    /// Logo.
    pub logo: Option<ImageView>,
    /// Overview copy as HTML (markdown subset, every character of the config escaped).
    pub overview_html: String,
    /// All stock of the make, then by car type.
    pub stock_links: Vec<CountLink>,
    /// Model pages of the make.
    pub models: Vec<ModelCardView>,
    /// Current offers of the make.
    pub offers: Vec<OfferView>,
    /// Locations that sell the make.
    pub locations: Vec<BrandLocation>,
    /// Breadcrumbs.
    pub breadcrumbs: Vec<Crumb>,
}

/// A location selling a brand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BrandLocation {
    /// Name.
    pub name: String,
    /// Location page.
    pub url: String,
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
        None => (format!("/{}/overview", brand.slug), false),
    }
}

/// The cars of a brand among `cars`, sold ones in their window included: a brand's count
/// links to its search page, which lists those too (one count source).
fn of_make<'a>(cars: &'a [Car], brand: &'a Manufacturer) -> impl Iterator<Item = &'a Car> + 'a {
    let slug = slugify(&brand.name);
    cars.iter()
        .filter(move |c| slugify(&c.make) == slug || slugify(&c.make) == brand.slug)
}

fn logo(brand: &Manufacturer) -> Option<ImageView> {
    brand
        .logo
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| ImageView {
            url: asset_url(l),
            alt: format!("{} logo", brand.name),
        })
}

fn category_title(category: &str) -> String {
    let mut chars = category.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => "Other".to_string(),
    }
}

/// The `/brands` page.
pub fn brands_page_view(brands: &[Manufacturer], cars: &[Car]) -> BrandsPageView {
    const ORDER: [&str; 3] = ["cars", "motorcycles", "trucks"];
    let mut groups: Vec<BrandGroupView> = Vec::new();
    for brand in brands {
        let category = brand.category.trim().to_lowercase();
        let (url, external) = brand_url(brand);
        let card = BrandCardView {
            name: brand.name.clone(),
            url,
            external,
            logo: logo(brand),
            count: of_make(cars, brand).count() as u64,
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
    BrandsPageView {
        title: BRANDS_TITLE.to_string(),
        groups,
    }
}

/// The overview page of one brand.
pub fn brand_page_view(
    brand: &Manufacturer,
    dealer: &Dealer,
    cars: &[Car],
    today: chrono::NaiveDate,
) -> BrandPageView {
    let of_make: Vec<&Car> = of_make(cars, brand).collect();
    let make_slug = slugify(&brand.name);
    let mut stock_links = Vec::new();
    if !of_make.is_empty() {
        stock_links.push(CountLink {
            label: format!("All {} stock", brand.name),
            url: format!("/search/{make_slug}"),
            count: of_make.len() as u64,
        });
        for car_type in CarType::ORDER {
            let count = of_make.iter().filter(|c| c.car_type == car_type).count() as u64;
            if count > 0 {
                stock_links.push(CountLink {
                    label: format!("{} {} cars", car_type_label(car_type), brand.name),
                    url: format!(
                        "/search/{make_slug}?{}",
                        refinement_param("car_type", 0, car_type.as_str())
                    ),
                    count,
                });
            }
        }
    }
    let same_make = |make: Option<&str>| {
        make.is_some_and(|m| slugify(m) == make_slug || slugify(m) == brand.slug)
    };
    let models: Vec<_> = dealer
        .models
        .iter()
        .filter(|m| same_make(Some(&m.make)))
        .cloned()
        .collect();
    let overview = brand
        .overview
        .clone()
        .filter(|o| !o.trim().is_empty())
        .unwrap_or_else(|| {
            format!(
                "Explore new and used {} at {}.",
                brand.name, dealer.config.name
            )
        });
    BrandPageView {
        name: brand.name.clone(),
        logo: logo(brand),
        overview_html: markdown_to_html(&overview),
        stock_links,
        models: models_page_view(&models).models,
        offers: dealer
            .offers
            .iter()
            .filter(|o| {
                offer_started(o, today) && !offer_expired(o, today) && same_make(o.make.as_deref())
            })
            .map(offer_view)
            .collect(),
        locations: dealer
            .locations
            .iter()
            .filter(|l| l.visible && l.manufacturers.iter().any(|m| same_make(Some(m))))
            .map(|l| BrandLocation {
                name: l.name.clone(),
                url: format!("/locations/{}", l.slug),
            })
            .collect(),
        breadcrumbs: vec![
            Crumb {
                label: messages::BREADCRUMB_HOME.to_string(),
                url: Some("/".to_string()),
            },
            Crumb {
                label: BRANDS_TITLE.to_string(),
                url: Some(BRANDS_PATH.to_string()),
            },
            Crumb {
                label: brand.name.clone(),
                url: None,
            },
        ],
    }
}
