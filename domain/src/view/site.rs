//! What every page shares: the dealer's name, logo, menus, phone and canonical
//! base URL ([`SiteView`]), plus the per-build context the other view models derive from
//! ([`ViewContext`]).

use std::collections::HashSet;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};
use crate::config::{Dealer, MenuItem};
use crate::messages;
use crate::rules::format::format_dollars;
use crate::rules::stock::listed_in_search;
use crate::rules::tag::TagSettings;

use super::brand_groups::{brand_groups, BrandGroupView};
use super::images::{asset_url, ImageView};
use super::links::{switched_off_feature, BRANDS_PATH, PARTS_SEARCH_PATH};
use super::model_cards::model_title;
use super::names::car_type_label;
use super::offer_cards::links_to_ended;
use super::slug::{refinement_param, slugify};
use super::words::make_and_model;

/// A link of the header or footer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LinkView {
    /// Link text.
    pub label: String,
    /// Target ("/path" or "https://...").
    pub url: String,
    /// Sub-links (mega menu); empty for plain links.
    pub children: Vec<LinkView>,
}

impl LinkView {
    fn from_menu(item: &MenuItem) -> LinkView {
        LinkView {
            label: item.label.clone(),
            url: item.url.clone(),
            children: item.children.iter().map(LinkView::from_menu).collect(),
        }
    }
}

/// The menu items whose pages the dealer's site publishes at `today` (a link to a
/// feature's route the dealer has switched off, or to an offer or sale page that has
/// ended, is left out), with their children likewise.
fn published_links(dealer: &Dealer, items: &[MenuItem], today: NaiveDate) -> Vec<LinkView> {
    items
        .iter()
        .filter(|item| {
            switched_off_feature(&dealer.config.features, &item.url).is_none()
                && !links_to_ended(dealer, &item.url, today)
        })
        .map(|item| {
            let mut link = LinkView::from_menu(item);
            link.children = published_links(dealer, &item.children, today);
            link
        })
        .collect()
}

/// A footer column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FooterColumnView {
    /// Column heading.
    pub title: String,
    /// Links of the column.
    pub links: Vec<LinkView>,
}

/// A phone number as shown and dialled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PhoneView {
    /// The number as configured, e.g. "07 3000 1234".
    pub display: String,
    /// `tel:` link target (digits and a leading +).
    pub href: String,
    /// Masked until clicked (seed 000 s4); false shows it unmasked.
    pub masked: bool,
}

impl PhoneView {
    /// A phone view of `number`; `masked` as the site configures.
    pub fn new(number: &str, masked: bool) -> PhoneView {
        let dial: String = number
            .trim()
            .chars()
            .enumerate()
            .filter(|(i, c)| c.is_ascii_digit() || (*i == 0 && *c == '+'))
            .map(|(_, c)| c)
            .collect();
        PhoneView {
            display: number.trim().to_string(),
            href: format!("tel:{dial}"),
            masked,
        }
    }
}

/// The announcement bar above the header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AnnouncementView {
    /// The message.
    pub text: String,
    /// Link target, when the bar links somewhere.
    pub url: Option<String>,
}

/// What every page of a dealer's site shares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SiteView {
    /// Dealer slug.
    pub slug: String,
    /// Trading name.
    pub name: String,
    /// Logo URL ("/logo.svg" for a file in the dealer folder, or the configured URL).
    pub logo_url: String,
    /// Absolute base of canonical URLs, without trailing slash.
    pub canonical_base: String,
    /// Header menu.
    pub header_menu: Vec<LinkView>,
    /// Footer columns.
    pub footer_columns: Vec<FooterColumnView>,
    /// Header phone: the site override, else the primary (or first visible) location's phone.
    pub phone: Option<PhoneView>,
    /// The default search page.
    pub search_path: String,
    /// Announcement bar.
    pub announcement: Option<AnnouncementView>,
    /// The site offers saving cars to a watchlist (config `favourites.enabled`).
    pub favourites: bool,
    /// The site offers comparing cars side by side (config `features.compare`): cards
    /// show the compare toggle and `/compare` exists.
    pub compare: bool,
    /// The garage page (config `garage`), where the site has one.
    pub garage_path: Option<String>,
    /// The brand grid of the header's Models item (seed 001 s2 mega menu), where the
    /// dealer lists brands (brands.toml).
    pub mega_menu: Option<MegaMenuView>,
    /// The footer's stock shortcuts, business details, social and legal links.
    pub footer: FooterView,
    /// The dealer's tag ids (config `[analytics]`): loaded only after the shopper accepts.
    pub analytics: AnalyticsView,
}

/// The tags a dealer's pages load once the shopper consents; none without ids.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
pub struct AnalyticsView {
    /// Google Tag Manager container id ("GTM-ABC1234").
    pub gtm_id: Option<String>,
    /// GA4 measurement id ("G-ABC123DEF4"), loaded through gtag.js.
    pub ga4_id: Option<String>,
    /// Meta pixel id (digits).
    pub meta_pixel_id: Option<String>,
}

/// The footer below the link columns: only what the dealer configures (`[footer]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FooterView {
    /// Stock shortcuts, one per car type the dealer sells ("New Motorcycles and Caravans").
    pub stock_links: Vec<LinkView>,
    /// "ABN 51 824 753 556", where configured.
    pub abn: Option<String>,
    /// "Dealer licence MD 3456789", where configured.
    pub licence: Option<String>,
    /// Social network links (label is the network's name).
    pub social: Vec<SocialLinkView>,
    /// Legal links, as configured (pages the site has); the privacy policy and terms where
    /// none are configured.
    pub legal: Vec<LinkView>,
    /// "© Acme Motors".
    pub copyright: String,
}

/// A social network link of the footer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SocialLinkView {
    /// Network id ("facebook"), for its icon.
    pub network: String,
    /// The network's name ("Facebook").
    pub label: String,
    /// The dealer's page there.
    pub url: String,
}

/// The [`FooterView`] of a dealer.
fn footer_view(dealer: &Dealer, today: NaiveDate) -> FooterView {
    let config = &dealer.config;
    let footer = &config.footer;
    let noun = super::words::heading_noun(&config.vehicle_categories);
    FooterView {
        stock_links: CarType::ORDER
            .into_iter()
            .filter(|t| config.car_types.contains(t))
            .map(|t| LinkView {
                label: format!("{} {noun}", car_type_label(t)),
                url: super::links::car_type_path(t, &config.search),
                children: Vec::new(),
            })
            .collect(),
        abn: footer
            .abn
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(|a| format!("ABN {a}")),
        licence: footer
            .dealer_licence
            .as_deref()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| format!("Dealer licence {l}")),
        social: footer
            .social
            .iter()
            .map(|s| SocialLinkView {
                network: s.network.as_str().to_string(),
                label: s.network.label().to_string(),
                url: s.url.clone(),
            })
            .collect(),
        // Every site has both legal pages: listed where the dealer lists none.
        legal: if footer.legal.is_empty() {
            vec![
                LinkView {
                    label: "Privacy Policy".to_string(),
                    url: super::links::PRIVACY_PATH.to_string(),
                    children: Vec::new(),
                },
                LinkView {
                    label: "Terms and Conditions".to_string(),
                    url: super::links::TERMS_PATH.to_string(),
                    children: Vec::new(),
                },
            ]
        } else {
            published_links(dealer, &footer.legal, today)
        },
        copyright: format!("\u{a9} {}", config.name),
    }
}

/// The mega menu: brand groups and model thumbnails under one header item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MegaMenuView {
    /// Label of the header item it opens from.
    pub item_label: String,
    /// Brand groups (cars, motorcycles, trucks...); empty without brands.toml.
    pub groups: Vec<BrandGroupView>,
    /// The models of the catalogue and of the listed stock, by make then title, without
    /// their prices: those are in the site file at `prices_url`, so a price change does
    /// not change (and re-render) every page of the site.
    pub models: Vec<MenuModelView>,
    /// The site file of the models' "from" prices ([`MENU_PRICES_PATH`]); none when no
    /// model has a priced car.
    pub prices_url: Option<String>,
}

/// The site file of the mega menu's "from" prices: a JSON object of model URL to
/// "from $NN,NNN", fetched when the menu opens.
pub const MENU_PRICES_PATH: &str = "/_site/menu-prices.json";

/// The mega menu's "from" prices by model URL ([`MENU_PRICES_PATH`]).
pub fn menu_prices(
    dealer: &Dealer,
    cars: &[Car],
    now: DateTime<Utc>,
) -> std::collections::BTreeMap<String, String> {
    menu_models(dealer, cars, now)
        .into_iter()
        .filter_map(|m| m.price_text.map(|price| (m.url, price)))
        .collect()
}

/// A model thumbnail of the mega menu.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MenuModelView {
    /// "Toyota HiLux".
    pub title: String,
    /// The model page, else the search for the model.
    pub url: String,
    /// The model's image, else the photo of its listed car with the lowest id (a choice
    /// a price change does not move).
    pub image: Option<ImageView>,
    /// "from $39,990": the lowest price among the model's cars the search lists; none
    /// when none of them has a price.
    pub price_text: Option<String>,
}

/// One model of the menu while it is gathered.
struct MenuModel {
    make: String,
    title: String,
    url: String,
    image: Option<ImageView>,
    cheapest: Option<f64>,
    /// The photo of the listed car with the lowest id, and that id.
    photo: Option<(u64, String)>,
}

/// The mega menu's models: each catalogue model (models/*.toml), and each model of the
/// cars the live search lists (`listed_in_search`, the one count source), merged by make
/// and name. A model's "from" price is the lowest among its listed cars.
pub fn menu_models(dealer: &Dealer, cars: &[Car], now: DateTime<Utc>) -> Vec<MenuModelView> {
    let key = |make: &str, model: &str| (slugify(make), slugify(model));
    let mut models: Vec<((String, String), MenuModel)> = dealer
        .models
        .iter()
        .map(|m| {
            let title = model_title(m);
            let image = Some(m.image.trim())
                .filter(|i| !i.is_empty())
                .map(|i| ImageView::new(asset_url(i), title.clone()));
            (
                key(&m.make, &m.name),
                MenuModel {
                    make: m.make.trim().to_string(),
                    url: format!("{MODELS_PATH}/{}", m.slug),
                    title,
                    image,
                    cheapest: None,
                    photo: None,
                },
            )
        })
        .collect();
    let search_path = &dealer.config.search.default_page;
    for car in cars
        .iter()
        .filter(|c| listed_in_search(c, &dealer.config, now))
    {
        let k = key(&car.make, &car.model);
        if k.0.is_empty() || k.1.is_empty() {
            continue;
        }
        let index = match models.iter().position(|(mk, _)| *mk == k) {
            Some(i) => i,
            None => {
                let (make, model) = (car.make.trim(), car.model.trim());
                models.push((
                    k,
                    MenuModel {
                        make: make.to_string(),
                        title: make_and_model(make, model),
                        url: format!(
                            "{search_path}?{}&{}",
                            refinement_param("make", 0, make),
                            refinement_param("model", 0, model)
                        ),
                        image: None,
                        cheapest: None,
                        photo: None,
                    },
                ));
                models.len() - 1
            }
        };
        let entry = &mut models[index].1;
        if let Some(url) = car.primary_image() {
            if entry.photo.as_ref().is_none_or(|(id, _)| car.id < *id) {
                entry.photo = Some((car.id, url.to_string()));
            }
        }
        if let Some(price) = car.visible_price() {
            if entry.cheapest.is_none_or(|p| price < p) {
                entry.cheapest = Some(price);
            }
        }
    }
    let mut models: Vec<MenuModel> = models.into_iter().map(|(_, m)| m).collect();
    models.sort_by(|a, b| {
        a.make
            .to_lowercase()
            .cmp(&b.make.to_lowercase())
            .then_with(|| a.title.cmp(&b.title))
    });
    models
        .into_iter()
        .map(|m| MenuModelView {
            image: m
                .image
                .or_else(|| m.photo.map(|(_, url)| ImageView::new(url, m.title.clone()))),
            price_text: m
                .cheapest
                .map(|price| format!("from {}", format_dollars(price))),
            title: m.title,
            url: m.url,
        })
        .collect()
}

/// The configured brand grids (`group.brand_grids`), each taking the group of its
/// category from `groups` under the configured title; without configured grids, `groups`
/// as they are. Grids whose category has no brands are left out.
pub fn configured_brand_grids(dealer: &Dealer, groups: Vec<BrandGroupView>) -> Vec<BrandGroupView> {
    let grids = &dealer.config.group.brand_grids;
    if grids.is_empty() {
        return groups;
    }
    grids
        .iter()
        .filter_map(|grid| {
            let group = groups.iter().find(|g| g.id == grid.category.as_str())?;
            Some(BrandGroupView {
                id: group.id.clone(),
                title: grid.title.clone(),
                brands: group.brands.clone(),
            })
        })
        .collect()
}

/// The mega menu under the header item that links to the brands page (the seed's Models
/// item): the brand grid of a dealer with brands.toml, and the model thumbnails of
/// [`menu_models`]; none when it would be empty.
pub fn mega_menu(dealer: &Dealer, cars: &[Car], now: DateTime<Utc>) -> Option<MegaMenuView> {
    let item = dealer
        .config
        .menus
        .header
        .iter()
        .find(|i| i.url.starts_with(BRANDS_PATH) || i.url.starts_with(MODELS_PATH))?;
    let mut models = menu_models(dealer, cars, now);
    let priced = models.iter().any(|m| m.price_text.is_some());
    for model in &mut models {
        model.price_text = None;
    }
    let groups = configured_brand_grids(
        dealer,
        brand_groups(&dealer.brands, &[], &dealer.config.vehicle_categories),
    );
    (!groups.is_empty() || !models.is_empty()).then(|| MegaMenuView {
        item_label: item.label.clone(),
        groups,
        models,
        prices_url: priced.then(|| MENU_PRICES_PATH.to_string()),
    })
}

/// Everything the view models of one build derive from besides the cars.
#[derive(Debug, Clone)]
pub struct ViewContext<'a> {
    /// The dealer.
    pub dealer: &'a Dealer,
    /// Build time (card tags, sold windows).
    pub now: DateTime<Utc>,
    /// The build date (rego expiry).
    pub today: NaiveDate,
    /// The build year (finance strip rules).
    pub current_year: i32,
    /// Card tag settings from the dealer's configuration.
    pub tags: TagSettings,
    /// The shared part of every page.
    pub site: SiteView,
    /// Slugs of the locations holding cars the search lists (a yard that already sells
    /// cars is not "coming soon").
    pub stocked_locations: HashSet<String>,
}

/// Slugs of the dealer's locations holding a car the search lists at `now`: the car's
/// location by slug, or by a name the feed gives it (a location's stock link searches by
/// its name).
fn stocked_locations(dealer: &Dealer, cars: &[Car], now: DateTime<Utc>) -> HashSet<String> {
    let mut held: HashSet<&str> = HashSet::new();
    for car in cars
        .iter()
        .filter(|c| listed_in_search(c, &dealer.config, now))
    {
        if let Some(location) = &car.location {
            held.extend([location.slug.trim(), location.name.trim()]);
        }
        held.extend(car.location_name.as_deref().map(str::trim));
    }
    dealer
        .locations
        .iter()
        .filter(|l| held.contains(l.slug.as_str()) || held.contains(l.name.trim()))
        .map(|l| l.slug.clone())
        .collect()
}

impl<'a> ViewContext<'a> {
    /// The context of a build of `dealer` at `now`, without stock: the mega menu shows
    /// only the catalogue's models (what does not list cars: the index, the API).
    pub fn new(dealer: &'a Dealer, now: DateTime<Utc>) -> ViewContext<'a> {
        ViewContext::with_stock(dealer, &[], now)
    }

    /// The context of a build of `dealer` and its `cars` at `now`: the mega menu's models
    /// take their "from" prices and photos from the cars the search lists.
    pub fn with_stock(dealer: &'a Dealer, cars: &[Car], now: DateTime<Utc>) -> ViewContext<'a> {
        ViewContext {
            dealer,
            now,
            today: now.date_naive(),
            current_year: now.year(),
            tags: dealer.config.tags.settings(),
            site: site_view(dealer, cars, now),
            stocked_locations: stocked_locations(dealer, cars, now),
        }
    }

    /// The absolute URL of a site path.
    pub fn absolute(&self, path: &str) -> String {
        format!("{}{}", self.site.canonical_base, path)
    }
}

/// The canonical base: `https://` and the first configured domain, else the local
/// `http://{slug}.localhost` host the local server answers.
pub fn canonical_base(dealer: &Dealer) -> String {
    match dealer.config.domains.first() {
        Some(domain) => format!("https://{}", domain.trim().trim_end_matches('/')),
        None => format!("http://{}.localhost", dealer.config.slug),
    }
}

/// The header phone of a site: the site override, else the phone of the primary visible
/// location, else of the first visible location.
pub fn site_phone(dealer: &Dealer) -> Option<PhoneView> {
    let masked = dealer.config.phones.masked;
    let non_empty = |p: &Option<String>| {
        p.as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_string)
    };
    if let Some(number) = non_empty(&dealer.config.phones.site_override) {
        return Some(PhoneView::new(&number, masked));
    }
    dealer
        .primary_location()
        .into_iter()
        .chain(dealer.locations.iter().filter(|l| l.visible))
        .find_map(|l| {
            non_empty(&l.contact_detail.phone)
                .or_else(|| non_empty(&l.contact_detail.landline_phone))
        })
        .map(|number| PhoneView::new(&number, masked))
}

/// The footer columns of a dealer: its menu, and a link to /parts/search when the dealer
/// has a parts catalogue no menu links to, in the Service & Parts column (else the last).
fn footer_columns(dealer: &Dealer, today: NaiveDate) -> Vec<FooterColumnView> {
    let menus = &dealer.config.menus;
    let mut columns: Vec<FooterColumnView> = menus
        .footer
        .iter()
        .map(|c| FooterColumnView {
            title: c.title.clone(),
            links: published_links(dealer, &c.links, today),
        })
        .collect();
    fn links_to(item: &MenuItem) -> bool {
        item.url == PARTS_SEARCH_PATH || item.children.iter().any(links_to)
    }
    let linked = menus.header.iter().any(links_to)
        || menus.footer.iter().flat_map(|c| &c.links).any(links_to);
    if dealer.parts.is_empty() || linked {
        return columns;
    }
    let service = messages::FOOTER_HEADINGS[2];
    let link = LinkView {
        label: messages::SEARCH_PARTS.to_string(),
        url: PARTS_SEARCH_PATH.to_string(),
        children: Vec::new(),
    };
    let at = columns
        .iter()
        .position(|c| c.title == service)
        .or(columns.len().checked_sub(1));
    match at.and_then(|at| columns.get_mut(at)) {
        Some(column) => column.links.push(link),
        None => columns.push(FooterColumnView {
            title: service.to_string(),
            links: vec![link],
        }),
    }
    columns
}

/// The model catalogue's path (view/pages.rs publishes it for a dealer with models).
const MODELS_PATH: &str = crate::routes::MODELS.pattern;

/// The header menu; a single-brand dealer with model pages has its Models item go to
/// its models (`/models`), not to a brands page of one tile.
fn header_menu(dealer: &Dealer, today: NaiveDate) -> Vec<LinkView> {
    let single_brand_models = dealer.brands.len() <= 1 && !dealer.models.is_empty();
    published_links(dealer, &dealer.config.menus.header, today)
        .into_iter()
        .map(|mut link| {
            if single_brand_models && link.url.trim_end_matches('/') == BRANDS_PATH {
                link.url = MODELS_PATH.to_string();
            }
            link
        })
        .collect()
}

/// The [`SiteView`] of a dealer whose live search lists (some of) `cars` at `now`.
pub fn site_view(dealer: &Dealer, cars: &[Car], now: DateTime<Utc>) -> SiteView {
    let config = &dealer.config;
    let theme = &config.theme;
    SiteView {
        slug: config.slug.clone(),
        name: config.name.clone(),
        logo_url: asset_url(&theme.logo),
        canonical_base: canonical_base(dealer),
        header_menu: header_menu(dealer, now.date_naive()),
        footer_columns: footer_columns(dealer, now.date_naive()),
        phone: site_phone(dealer),
        search_path: config.search.default_page.clone(),
        announcement: config.announcement.as_ref().map(|a| AnnouncementView {
            text: a.text.clone(),
            url: a.url.clone(),
        }),
        favourites: config.favourites.enabled,
        compare: config.features.compare,
        garage_path: config
            .garage
            .enabled
            .then(|| format!("/{}", config.garage.page.trim_matches('/'))),
        mega_menu: mega_menu(dealer, cars, now),
        footer: footer_view(dealer, now.date_naive()),
        analytics: AnalyticsView {
            gtm_id: config.analytics.gtm_id.clone(),
            ga4_id: config.analytics.ga4_id.clone(),
            meta_pixel_id: config.analytics.meta_pixel_id.clone(),
        },
    }
}

/// A stable website id from the dealer slug (FNV-1a, 32 bits: small enough for JSON numbers).
pub fn website_id(slug: &str) -> u64 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in slug.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    u64::from(hash)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entities::{Model, ModelStatus};
    use crate::view::test_dealer;

    fn model(slug: &str) -> Model {
        Model {
            id: 1,
            slug: slug.to_string(),
            name: slug.to_string(),
            make: "Chery".to_string(),
            status: ModelStatus::Available,
            short_description: String::new(),
            image: String::new(),
            images: vec![],
            colours: vec![],
            brochure_url: None,
            model_specifications: vec![],
            variants: vec![],
            driver_assist: vec![],
            benefits: vec![],
        }
    }

    #[test]
    fn a_single_brand_dealers_models_item_goes_to_its_models() {
        let models_url = |dealer: &Dealer| {
            site_view(dealer, &[], DateTime::UNIX_EPOCH)
                .header_menu
                .into_iter()
                .find(|l| l.label == "Models")
                .map(|l| l.url)
        };
        let mut single = test_dealer("");
        assert_eq!(
            models_url(&single).as_deref(),
            Some(BRANDS_PATH),
            "no model pages: the brands page stays"
        );
        single.models = vec![model("tiggo-4")];
        assert_eq!(models_url(&single).as_deref(), Some(MODELS_PATH));
    }

    /// The default footer linked /vehicle-parts-and-accessories, a page built
    /// only with `features.parts_orders` (seed 001 s2 lists it with the parts order form):
    /// menus show only links whose pages exist.
    #[test]
    fn menus_leave_out_links_to_a_switched_off_features_page() {
        let parts_links = |dealer: &Dealer| {
            let view = site_view(dealer, &[], DateTime::UNIX_EPOCH);
            view.footer_columns
                .iter()
                .flat_map(|c| &c.links)
                .chain(&view.header_menu)
                .filter(|l| l.url == "/vehicle-parts-and-accessories")
                .count()
        };
        let mut dealer = test_dealer("");
        assert_eq!(parts_links(&dealer), 0, "parts orders off: no link");
        dealer.config.features.parts_orders = true;
        assert_eq!(
            parts_links(&dealer),
            1,
            "parts orders on: the footer links it"
        );
        dealer.config.features.parts_orders = false;
        dealer.config.menus.header[0].children =
            vec![dealer.config.menus.footer[2].links[1].clone()];
        let view = site_view(&dealer, &[], DateTime::UNIX_EPOCH);
        assert!(
            view.header_menu[0].children.is_empty(),
            "a sub-link is left out too"
        );
    }

    fn listed_car(
        id: u64,
        make: &str,
        model: &str,
        price: Option<f64>,
        photo: &str,
        shown: bool,
    ) -> Car {
        serde_json::from_value(serde_json::json!({
            "id": id, "slug": format!("c{id}"), "year": 2024, "make": make, "model": model,
            "car_type": "new", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": price, "primary_image_url": photo,
            "show_on_dealer_website": shown
        }))
        .expect("car")
    }

    /// The menu's models: the catalogue's image, else the photo of the listed car with the
    /// lowest id; "from" the lowest price among the cars the search lists (a hidden car's
    /// lower price does not count), in the prices file, not in the pages; no "from" line
    /// without a priced car.
    #[test]
    fn the_mega_menu_shows_models_with_their_lowest_listed_price() {
        let now = DateTime::parse_from_rfc3339("2026-11-20T00:00:00Z")
            .expect("now")
            .with_timezone(&Utc);
        let mut dealer = test_dealer("");
        let mut corolla = model("corolla");
        corolla.name = "Corolla".to_string();
        corolla.make = "Toyota".to_string();
        corolla.image = "corolla.png".to_string();
        dealer.models = vec![corolla];
        // The dealer's search lists only Toyotas (config `manufacturer`).
        let cars = vec![
            listed_car(1, "Toyota", "Corolla", Some(31990.0), "/c1.jpg", true),
            listed_car(2, "Toyota", "Corolla", Some(1000.0), "/hidden.jpg", false),
            listed_car(3, "Toyota", "HiLux", Some(56990.0), "/h1.jpg", true),
            listed_car(4, "Toyota", "HiLux", Some(54490.0), "/h2.jpg", true),
            listed_car(5, "Toyota", "RAV4", None, "/r1.jpg", true),
            listed_car(6, "Chery", "Omoda 5", Some(20000.0), "/o1.jpg", true),
        ];
        let menu = mega_menu(&dealer, &cars, now).expect("a mega menu");
        assert_eq!(menu.item_label, "Models");
        let shown: Vec<(&str, Option<&str>, Option<&str>)> = menu
            .models
            .iter()
            .map(|m| {
                (
                    m.title.as_str(),
                    m.image.as_ref().map(|i| i.url.as_str()),
                    m.price_text.as_deref(),
                )
            })
            .collect();
        // The pages carry no price, so a price change re-renders none of them.
        assert_eq!(
            shown,
            vec![
                ("Toyota Corolla", Some("/corolla.png"), None),
                ("Toyota HiLux", Some("/h1.jpg"), None),
                ("Toyota RAV4", Some("/r1.jpg"), None),
            ]
        );
        assert_eq!(menu.prices_url.as_deref(), Some(MENU_PRICES_PATH));
        let prices = menu_prices(&dealer, &cars, now);
        assert_eq!(
            prices.into_iter().collect::<Vec<_>>(),
            vec![
                ("/models/corolla".to_string(), "from $31,990".to_string()),
                (menu.models[1].url.clone(), "from $54,490".to_string()),
            ]
        );
        // A cheaper HiLux changes the prices file and leaves the menu as it was.
        let mut cheaper = cars.clone();
        cheaper[2].price = Some(49_990.0);
        assert_eq!(mega_menu(&dealer, &cheaper, now), Some(menu.clone()));
        assert_eq!(
            menu_prices(&dealer, &cheaper, now)
                .get(&menu.models[1].url)
                .map(String::as_str),
            Some("from $49,990")
        );
        assert_eq!(menu.models[0].url, "/models/corolla");
        assert!(menu.models[1].url.ends_with("model%5D%5B0%5D=HiLux"));
        let catalogue_only = mega_menu(&dealer, &[], now).expect("the catalogue's models");
        assert_eq!(catalogue_only.models[0].price_text, None);
        assert_eq!(catalogue_only.prices_url, None);
    }
}
