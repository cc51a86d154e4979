//! Brands: the `/brands` grid grouped by vehicle category (cars, motorcycles, trucks; the
//! `#cars` style anchors of the dealer-group menus) and one `/{brand}/overview` page per
//! brand that does not link out to its own site (seed 000 s2).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};
use crate::config::{Dealer, VehicleCategory};
use crate::entities::Manufacturer;
use crate::messages;

use super::brand_groups::{brand_groups, logo, of_make, BrandGroupView};
use super::crumbs::Crumb;
use super::images::ImageView;
use super::links::{CountLink, BRANDS_PATH};
use super::markdown::markdown_to_html;
use super::model_cards::{model_cards, ModelCardView};
use super::names::car_type_label;
use super::offer_cards::{offer_expired, offer_started, offer_view, OfferView};
use super::slug::{refinement_param, slugify};

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

/// The `/brands` page; its counts in the words of the dealer's vehicle `categories`.
pub fn brands_page_view(
    brands: &[Manufacturer],
    cars: &[Car],
    categories: &[VehicleCategory],
) -> BrandsPageView {
    BrandsPageView {
        title: messages::BRANDS_TITLE.to_string(),
        groups: brand_groups(brands, cars, categories),
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
            url: crate::routes::SEARCH.path(&[&make_slug]),
            count: of_make.len() as u64,
        });
        for car_type in CarType::ORDER {
            let count = of_make.iter().filter(|c| c.car_type == car_type).count() as u64;
            if count > 0 {
                stock_links.push(CountLink {
                    label: format!("{} {} cars", car_type_label(car_type), brand.name),
                    url: format!(
                        "{}?{}",
                        crate::routes::SEARCH.path(&[&make_slug]),
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
        models: model_cards(&models),
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
                url: crate::routes::LOCATION.path(&[&l.slug]),
            })
            .collect(),
        breadcrumbs: vec![
            Crumb {
                label: messages::BREADCRUMB_HOME.to_string(),
                url: Some("/".to_string()),
            },
            Crumb {
                label: messages::BRANDS_TITLE.to_string(),
                url: Some(BRANDS_PATH.to_string()),
            },
            Crumb {
                label: brand.name.clone(),
                url: None,
            },
        ],
    }
}
