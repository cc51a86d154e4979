//! The home page: slides, a search shortcut, featured stock and the blocks a dealer's
//! configuration switches on: the dealer-group stat banners and brand grids, model cards,
//! the warranty carousel, the sales counter, link banners and the service banner, the
//! Our Locations carousel and blog promo cards (seed 000 s1; seed 001 s2, s9).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};
use crate::config::{ContentPage, Dealer, HeroStyle, VehicleCategory};
use crate::messages;
use crate::rules::availability::is_available;
use crate::rules::constants::POPULAR_MAKES_COUNT;
use crate::rules::counts::{
    BRISBANE_UTC_OFFSET_SECONDS, SALES_COUNTER_REFRESH_MS, SALES_PER_DAY, SECONDS_PER_SALE,
};
use crate::rules::finance::mentions_rate;
use crate::rules::vehicle_text::blog_promo_text;

use super::brand_groups::{brand_groups, dealer_brands, BrandGroupView};
use super::card::{card_view, CardView};
use super::images::{asset_url, ImageView};
use super::links::CountLink;
use super::location_cards::{locations_carousel, LocationsCarouselView};
use super::model_cards::{model_cards, ModelCardView};
use super::names::car_type_label;
use super::offer_cards::links_to_ended;
use super::price_slider::{price_slider_view, PriceSliderView};
use super::site::{configured_brand_grids, ViewContext};
use super::slug::{slugify, valid_href};

/// How many cars the home page features.
pub const FEATURED_CARS: usize = 8;
/// Route prefixes of the dealer pages that are blog posts (seed 001 s2: /news, /blog).
pub const BLOG_PREFIXES: [&str; 2] = ["/news/", "/blog/"];

/// A home page slide (seed 001 s9: 1920 by 540).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SlideView {
    /// Heading.
    pub title: String,
    /// Sub-heading.
    pub description: String,
    /// Link target.
    pub url: Option<String>,
    /// Image (the poster of a video slide).
    pub image: ImageView,
    /// Video instead of the image.
    pub video: Option<String>,
    /// Hide the text overlay.
    pub hide_overlay: bool,
    /// The shown text quotes an interest rate (the page shows the comparison rate warning).
    pub mentions_rate: bool,
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
    /// Background image.
    pub image: Option<ImageView>,
    /// Whether the link leaves the dealer's site.
    pub external: bool,
}

/// A stat banner, e.g. "50+" "Locations".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct StatBannerView {
    /// The figure.
    pub value: String,
    /// What it counts.
    pub label: String,
}

/// One item of the warranty carousel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct WarrantyItemView {
    /// e.g. '7-year unlimited km warranty'.
    pub title: String,
    /// The dealer's page about it, when it has one.
    pub url: Option<String>,
}

/// The warranty carousel (seed 001 s2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct WarrantyView {
    /// Heading.
    pub title: String,
    /// The three items.
    pub items: Vec<WarrantyItemView>,
}

/// The sales counter (seed 001 s9): the browser counts one sale per `seconds_per_sale`
/// since midnight at `utc_offset_seconds` (Brisbane), at most `sales_per_day`, and
/// recounts every `refresh_ms`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SalesCounterView {
    /// Heading.
    pub heading: String,
    /// 192.
    pub sales_per_day: u32,
    /// 450.
    pub seconds_per_sale: u32,
    /// 150000.
    #[ts(type = "number")]
    pub refresh_ms: u64,
    /// Brisbane: 36000.
    pub utc_offset_seconds: i32,
}

/// A blog promo card (seed 001 s9: title cut at 80, description at 100 characters).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BlogCardView {
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
    /// The post.
    pub url: String,
}

/// The home page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct HomePageView {
    /// Heading (the dealer's name).
    pub title: String,
    /// Slides.
    pub slides: Vec<SlideView>,
    /// Where the slides put their text (theme.hero_style).
    pub hero_style: HeroStyle,
    /// Dealer-group stat banners (50+ locations, 40+ brands, 30+ years).
    pub stat_banners: Vec<StatBannerView>,
    /// Heading of the search shortcut, naming what the dealer sells.
    pub search_heading: String,
    /// The default search page.
    pub search_path: String,
    /// The price-range slider of the search block, where the dealer shows it.
    pub price_slider: Option<PriceSliderView>,
    /// Stock by car type (new, demo, used), types without cars left out.
    pub car_types: Vec<CountLink>,
    /// Stock by make, most cars first; the first 20 when `all_makes` is given.
    pub makes: Vec<CountLink>,
    /// Every make by name, on sites that group Popular Makes and All Makes; else empty.
    pub all_makes: Vec<CountLink>,
    /// Brand grids (dealer group: cars, motorcycles, trucks; one per configured grid).
    pub brand_grids: Vec<BrandGroupView>,
    /// Model pages of the dealer.
    pub models: Vec<ModelCardView>,
    /// The warranty carousel, where switched on.
    pub warranty: Option<WarrantyView>,
    /// The latest available cars with a visible price.
    pub featured: Vec<CardView>,
    /// The sales counter, where switched on.
    pub sales_counter: Option<SalesCounterView>,
    /// Link banners (special offers, trade-in), without the one the service banner replaces.
    pub banners: Vec<BannerView>,
    /// The service banner.
    pub service_banner: BannerView,
    /// The Our Locations carousel.
    pub locations: Option<LocationsCarouselView>,
    /// Blog promo cards: the dealer's pages under /news/ and /blog/.
    pub blog: Vec<BlogCardView>,
    /// The showroom template (`template`): the latest arrivals come right after the
    /// slides, before the search shortcut.
    pub featured_first: bool,
}

fn is_external(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}

/// The noun of what a dealer sells, for "Find your next ...": "car", or the categories
/// joined ("motorcycle or caravan").
pub fn vehicle_noun(categories: &[VehicleCategory]) -> String {
    let words: Vec<&str> = categories
        .iter()
        .map(|c| match c {
            VehicleCategory::Cars => "car",
            VehicleCategory::Motorcycles => "motorcycle",
            VehicleCategory::Trucks => "truck",
            VehicleCategory::Caravans => "caravan",
        })
        .collect();
    match words.as_slice() {
        [] => "car".to_string(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The brand grids of the configuration (`group.brand_grids`), each filled with the
/// dealer's brands of its category and their stock counts; none when none are configured.
pub fn brand_grids(dealer: &Dealer, cars: &[Car]) -> Vec<BrandGroupView> {
    if dealer.config.group.brand_grids.is_empty() {
        return Vec::new();
    }
    let categories = &dealer.config.vehicle_categories;
    configured_brand_grids(
        dealer,
        brand_groups(&dealer_brands(dealer, cars), cars, categories),
    )
}

fn page_at<'a>(pages: &'a [ContentPage], paths: &[&str]) -> Option<&'a ContentPage> {
    paths
        .iter()
        .find_map(|p| pages.iter().find(|page| page.path == *p))
}

/// The warranty carousel: seed 001 s2's three items, each linking to the dealer's page
/// about it (/pages/capped-price-service, /pages/roadside-assistance), else to its
/// warranty page (/warranty or /pages/warranty), when it has one.
pub fn warranty_view(dealer: &Dealer) -> WarrantyView {
    let warranty =
        page_at(&dealer.pages, &["/warranty", "/pages/warranty"]).map(|p| p.path.clone());
    let item = |title: &str, own: &[&str]| WarrantyItemView {
        title: title.to_string(),
        url: page_at(&dealer.pages, own)
            .map(|p| p.path.clone())
            .or_else(|| warranty.clone()),
    };
    WarrantyView {
        title: messages::WARRANTY_HEADING.to_string(),
        items: vec![
            item(messages::WARRANTY_7_YEAR, &[]),
            item(
                messages::CAPPED_PRICE_SERVICING_7_YEAR,
                &["/pages/capped-price-service"],
            ),
            item(
                messages::ROADSIDE_ASSISTANCE_7_YEAR,
                &["/pages/roadside-assistance"],
            ),
        ],
    }
}

/// The first paragraph of a markdown body as plain text: links keep their text,
/// emphasis and code marks are dropped, headings and lists are skipped.
pub fn first_paragraph(markdown: &str) -> String {
    let mut lines: Vec<&str> = Vec::new();
    for line in markdown.lines().map(str::trim) {
        if line.is_empty() {
            if lines.is_empty() {
                continue;
            }
            break;
        }
        if lines.is_empty()
            && (line.starts_with('#')
                || line.starts_with('-')
                || line.starts_with('|')
                || line.starts_with('>'))
        {
            continue;
        }
        lines.push(line);
    }
    let text = lines.join(" ");
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' | '_' | '`' => {}
            '[' => {
                let label: String = chars.by_ref().take_while(|c| *c != ']').collect();
                out.push_str(&label);
                if chars.peek() == Some(&'(') {
                    chars.by_ref().take_while(|c| *c != ')').for_each(drop);
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Blog promo cards: the dealer's pages under /news/ and /blog/, in file order, each
/// with its description (else its first paragraph), cut at 80 and 100 characters.
pub fn blog_cards(pages: &[ContentPage]) -> Vec<BlogCardView> {
    pages
        .iter()
        .filter(|p| {
            BLOG_PREFIXES
                .iter()
                .any(|prefix| p.path.starts_with(prefix))
        })
        .map(|p| {
            let description = p
                .description
                .clone()
                .filter(|d| !d.trim().is_empty())
                .unwrap_or_else(|| first_paragraph(&p.markdown));
            let text = blog_promo_text(p.title.trim(), description.trim());
            BlogCardView {
                title: text.title,
                description: text.description,
                url: p.path.clone(),
            }
        })
        .collect()
}

/// The service banner: the manufacturer's booking page where the site books service
/// there (seed 000 s2, one variant), else /service.
pub fn service_banner(dealer: &Dealer) -> BannerView {
    let service = &dealer.config.service;
    let url = service
        .external_booking_url
        .clone()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| {
            if service.booking_embed {
                format!(
                    "{}#{}",
                    crate::routes::SERVICE.pattern,
                    super::links::SERVICE_FORM_ID
                )
            } else {
                crate::routes::SERVICE.pattern.to_string()
            }
        });
    BannerView {
        title: "Book a Service".to_string(),
        text: "Book your next service online with our service team.".to_string(),
        external: is_external(&url),
        url,
        image: None,
    }
}

fn same_target(a: &str, b: &str) -> bool {
    let path = |u: &str| {
        u.split(['#', '?'])
            .next()
            .unwrap_or(u)
            .trim_end_matches('/')
            .to_string()
    };
    path(a) == path(b)
}

/// The home page of a dealer's stock.
pub fn home_page_view(cars: &[Car], ctx: &ViewContext<'_>) -> HomePageView {
    let dealer = ctx.dealer;
    let config = &dealer.config;
    let only_cars = config
        .vehicle_categories
        .iter()
        .all(|c| *c == VehicleCategory::Cars);
    let stock_word = if only_cars { "Cars" } else { "Stock" };
    let car_types = CarType::ORDER
        .into_iter()
        .map(|t| CountLink {
            label: format!("{} {stock_word}", car_type_label(t)),
            url: super::links::car_type_path(t, &config.search),
            count: cars.iter().filter(|c| c.car_type == t).count() as u64,
        })
        .filter(|l| l.count > 0)
        .collect();
    let mut by_make: BTreeMap<String, (String, u64)> = BTreeMap::new();
    for car in cars {
        let slug = slugify(&car.make);
        if !slug.is_empty() {
            by_make
                .entry(slug)
                .or_insert_with(|| (car.make.trim().to_string(), 0))
                .1 += 1;
        }
    }
    let mut all_makes: Vec<CountLink> = by_make
        .into_iter()
        .map(|(slug, (label, count))| CountLink {
            label,
            url: crate::routes::SEARCH.path(&[&slug]),
            count,
        })
        .collect();
    all_makes.sort_by_key(|a| a.label.to_lowercase());
    let mut makes = all_makes.clone();
    makes.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
    // Seed 000 s9 / 001 s9: one config groups the first 20 makes as Popular Makes, then All Makes.
    let all_makes = if config.search.popular_makes && makes.len() > POPULAR_MAKES_COUNT {
        makes.truncate(POPULAR_MAKES_COUNT);
        all_makes
    } else {
        Vec::new()
    };
    let mut featured: Vec<&Car> = cars
        .iter()
        .filter(|c| is_available(c) && c.visible_price().is_some() && c.primary_image().is_some())
        .collect();
    featured.sort_by(|a, b| {
        b.created_at
            .cmp(&a.created_at)
            .then_with(|| a.id.cmp(&b.id))
    });
    let service_banner = service_banner(dealer);
    HomePageView {
        title: config.name.clone(),
        slides: dealer
            .slides
            .iter()
            .filter(|s| {
                s.start.is_none_or(|d| d <= ctx.today)
                    && s.expiry.is_none_or(|d| d >= ctx.today)
                    && !s
                        .url
                        .as_deref()
                        .is_some_and(|u| links_to_ended(dealer, u, ctx.today))
            })
            .map(|s| SlideView {
                title: s.name.clone(),
                description: s.description.clone(),
                url: s.url.as_deref().map(valid_href),
                image: ImageView::new(asset_url(&s.image), s.name.clone()),
                video: s.video.clone().filter(|v| !v.trim().is_empty()),
                hide_overlay: s.hide_overlay,
                mentions_rate: !s.hide_overlay
                    && (mentions_rate(&s.name) || mentions_rate(&s.description)),
            })
            .collect(),
        hero_style: config.theme.hero_style,
        stat_banners: {
            // A value may name a figure of the dealer's data ("{locations}"), so the banner
            // cannot disagree with the locator beside it.
            let in_stock = cars.iter().filter(|c| is_available(c)).count();
            let figures = super::figures::group_figures(dealer, Some(in_stock));
            config
                .group
                .stat_banners
                .iter()
                .map(|s| StatBannerView {
                    value: super::figures::fill_figures(&s.value, &figures),
                    label: super::figures::fill_figures(&s.label, &figures),
                })
                .collect()
        },
        search_heading: format!(
            "Find your next {}",
            vehicle_noun(&config.vehicle_categories)
        ),
        search_path: config.search.default_page.clone(),
        price_slider: config
            .search
            .price_range_slider
            .then(|| price_slider_view(cars, &config.search.default_page)),
        car_types,
        makes,
        all_makes,
        brand_grids: brand_grids(dealer, cars),
        models: model_cards(&dealer.models),
        warranty: config
            .features
            .warranty_carousel
            .then(|| warranty_view(dealer)),
        featured: featured
            .into_iter()
            .take(FEATURED_CARS)
            .map(|c| card_view(c, ctx))
            .collect(),
        sales_counter: config.features.sales_counter.then(|| SalesCounterView {
            heading: messages::SALES_COUNTER_HEADING.to_string(),
            sales_per_day: SALES_PER_DAY,
            seconds_per_sale: SECONDS_PER_SALE,
            refresh_ms: SALES_COUNTER_REFRESH_MS,
            utc_offset_seconds: BRISBANE_UTC_OFFSET_SECONDS,
        }),
        banners: dealer
            .banners
            .iter()
            .filter(|b| {
                !same_target(&b.url, &service_banner.url)
                    && !same_target(&b.url, crate::routes::SERVICE.pattern)
                    && !links_to_ended(dealer, &b.url, ctx.today)
            })
            .map(|b| BannerView {
                title: b.title.clone(),
                text: b.text.clone(),
                url: valid_href(&b.url),
                image: b
                    .image
                    .as_deref()
                    .filter(|i| !i.trim().is_empty())
                    .map(|i| ImageView::new(asset_url(i), String::new())),
                external: is_external(&b.url),
            })
            .collect(),
        service_banner,
        locations: locations_carousel(ctx),
        blog: blog_cards(&dealer.pages),
        featured_first: config.template.featured_first(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nouns_name_what_the_dealer_sells() {
        assert_eq!(vehicle_noun(&[VehicleCategory::Cars]), "car");
        assert_eq!(
            vehicle_noun(&[VehicleCategory::Motorcycles, VehicleCategory::Caravans]),
            "motorcycle or caravan"
        );
        assert_eq!(
            vehicle_noun(&[
                VehicleCategory::Cars,
                VehicleCategory::Motorcycles,
                VehicleCategory::Trucks
            ]),
            "car, motorcycle or truck"
        );
    }

    #[test]
    fn the_showroom_template_leads_with_the_latest_arrivals() {
        // Seed 000 s1: "Each dealer site is identified by a slug and a template."
        let first = |dealer: &Dealer| {
            let ctx = ViewContext::new(dealer, chrono::Utc::now());
            home_page_view(&[], &ctx).featured_first
        };
        let mut dealer = crate::view::test_dealer("");
        assert!(!first(&dealer), "standard: the search shortcut first");
        dealer.config.template = crate::config::SiteTemplate::Showroom;
        assert!(first(&dealer), "showroom: the latest arrivals first");
    }

    #[test]
    fn first_paragraph_is_plain_text() {
        let md = "# Title\n\nRead **our** [guide](/pages/guide) to `EOFY`\nsavings.\n\nSecond paragraph.";
        assert_eq!(first_paragraph(md), "Read our guide to EOFY savings.");
        assert_eq!(first_paragraph(""), "");
    }

    #[test]
    fn blog_cards_are_news_and_blog_pages_cut_at_80_and_100() {
        let page =
            |slug: &str, path: &str, title: &str, description: Option<&str>, markdown: &str| {
                ContentPage {
                    slug: slug.into(),
                    title: title.into(),
                    path: path.into(),
                    description: description.map(str::to_string),
                    markdown: markdown.into(),
                    expiry: None,
                }
            };
        let long_title = "T".repeat(81);
        let long_text = "d".repeat(101);
        let pages = vec![
            page("about-us", "/about-us", "About", None, "About us."),
            page("a", "/news/a", &long_title, None, &long_text),
            page(
                "b",
                "/blog/vehicle-reviews/b",
                "Short",
                Some("Given."),
                "Body.",
            ),
        ];
        let cards = blog_cards(&pages);
        assert_eq!(cards.len(), 2, "only /news/ and /blog/ pages");
        assert_eq!(cards[0].title, format!("{}...", "T".repeat(80)));
        assert_eq!(cards[0].description, format!("{}...", "d".repeat(100)));
        assert_eq!(
            (
                cards[1].title.as_str(),
                cards[1].description.as_str(),
                cards[1].url.as_str()
            ),
            ("Short", "Given.", "/blog/vehicle-reviews/b")
        );
    }

    #[test]
    fn banner_targets_compare_without_anchor_or_query() {
        assert!(same_target("/service#service-booking", "/service"));
        assert!(same_target("/service/", "/service"));
        assert!(!same_target("/sell-my-car", "/service"));
    }
}
