//! The home page: slides, a search shortcut and featured stock.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};
use crate::rules::availability::is_available;
use crate::rules::finance::mentions_rate;

use super::card::{card_view, CardView, ImageView};
use super::site::{asset_url, ViewContext};
use super::slug::slugify;
use super::vehicle::car_type_label;

/// How many cars the home page features.
pub const FEATURED_CARS: usize = 8;

/// A home page slide.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SlideView {
    /// Heading.
    pub title: String,
    /// Sub-heading.
    pub description: String,
    /// Link target.
    pub url: Option<String>,
    /// Image.
    pub image: ImageView,
    /// Hide the text overlay.
    pub hide_overlay: bool,
    /// The shown text quotes an interest rate (the page shows the comparison rate warning).
    pub mentions_rate: bool,
}

/// A link with the number of cars behind it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CountLink {
    /// Text.
    pub label: String,
    /// Target.
    pub url: String,
    /// Cars behind the link.
    #[ts(type = "number")]
    pub count: u64,
}

/// A link banner (special offers, service, trade-in).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BannerView {
    /// Heading.
    pub title: String,
    /// Text.
    pub text: String,
    /// Target.
    pub url: String,
}

/// The home page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct HomePageView {
    /// Heading (the dealer's name).
    pub title: String,
    /// Slides.
    pub slides: Vec<SlideView>,
    /// The default search page.
    pub search_path: String,
    /// Stock by car type (new, demo, used), types without cars left out.
    pub car_types: Vec<CountLink>,
    /// Stock by make, most cars first.
    pub makes: Vec<CountLink>,
    /// The latest available cars with a visible price.
    pub featured: Vec<CardView>,
    /// Link banners.
    pub banners: Vec<BannerView>,
}

/// The home page of a dealer's stock.
pub fn home_page_view(cars: &[Car], ctx: &ViewContext<'_>) -> HomePageView {
    let dealer = ctx.dealer;
    let car_types = CarType::ORDER
        .into_iter()
        .map(|t| CountLink {
            label: format!("{} Cars", car_type_label(t)),
            url: format!("/search/{}-cars", t.as_str()),
            count: cars.iter().filter(|c| c.car_type == t).count() as u64,
        })
        .filter(|l| l.count > 0)
        .collect();
    let mut by_make: BTreeMap<String, (String, u64)> = BTreeMap::new();
    for car in cars {
        let slug = slugify(&car.make);
        if !slug.is_empty() {
            by_make.entry(slug).or_insert_with(|| (car.make.trim().to_string(), 0)).1 += 1;
        }
    }
    let mut makes: Vec<CountLink> = by_make
        .into_iter()
        .map(|(slug, (label, count))| CountLink { label, url: format!("/search/{slug}"), count })
        .collect();
    makes.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
    let mut featured: Vec<&Car> =
        cars.iter().filter(|c| is_available(c) && c.visible_price().is_some() && c.primary_image().is_some()).collect();
    featured.sort_by(|a, b| b.created_at.cmp(&a.created_at).then_with(|| a.id.cmp(&b.id)));
    HomePageView {
        title: dealer.config.name.clone(),
        slides: dealer
            .slides
            .iter()
            .map(|s| SlideView {
                title: s.name.clone(),
                description: s.description.clone(),
                url: s.url.clone(),
                image: ImageView { url: asset_url(&s.image), alt: s.name.clone() },
                hide_overlay: s.hide_overlay,
                mentions_rate: !s.hide_overlay && (mentions_rate(&s.name) || mentions_rate(&s.description)),
            })
            .collect(),
        search_path: dealer.config.search.default_page.clone(),
        car_types,
        makes,
        featured: featured.into_iter().take(FEATURED_CARS).map(|c| card_view(c, ctx)).collect(),
        banners: dealer
            .banners
            .iter()
            .map(|b| BannerView { title: b.title.clone(), text: b.text.clone(), url: b.url.clone() })
            .collect(),
    }
}
