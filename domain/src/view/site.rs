//! What every page shares: the dealer's name, logo, theme, menus, phone and canonical
//! base URL ([`SiteView`]), plus the per-build context the other view models derive from
//! ([`ViewContext`]).

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::CarType;
use crate::config::{Dealer, MenuItem};
use crate::messages;
use crate::rules::tag::TagSettings;

use super::brand_groups::{brand_groups, BrandGroupView};
use super::images::asset_url;
use super::links::{BRANDS_PATH, PARTS_SEARCH_PATH};
use super::names::car_type_label;

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

/// A footer column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FooterColumnView {
    /// Column heading.
    pub title: String,
    /// Links of the column.
    pub links: Vec<LinkView>,
}

/// The dealer's looks; the document shell turns them into CSS custom properties on
/// `:root` (`--brand-primary`, `--brand-secondary`, `--brand-accent`, `--brand-text`,
/// `--brand-bg`, `--font-body`, `--font-heading`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ThemeView {
    /// `--brand-primary`.
    pub primary: String,
    /// `--brand-secondary`.
    pub secondary: String,
    /// `--brand-accent`.
    pub accent: String,
    /// `--brand-text`.
    pub text: String,
    /// `--brand-bg`.
    pub background: String,
    /// `--font-body`.
    pub font_body: String,
    /// `--font-heading`.
    pub font_heading: String,
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
    /// Looks, for the document shell's CSS custom properties.
    pub theme: ThemeView,
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
    /// The garage page (config `garage`), where the site has one.
    pub garage_path: Option<String>,
    /// The brand grid of the header's Models item (seed 001 s2 mega menu), where the
    /// dealer lists brands (brands.toml).
    pub mega_menu: Option<MegaMenuView>,
    /// The footer's stock shortcuts, business details, social and legal links.
    pub footer: FooterView,
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
    /// Legal links, as configured (pages the site has).
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
fn footer_view(dealer: &Dealer) -> FooterView {
    let config = &dealer.config;
    let footer = &config.footer;
    let noun = super::words::heading_noun(&config.vehicle_categories);
    FooterView {
        stock_links: CarType::ORDER
            .into_iter()
            .filter(|t| config.car_types.contains(t))
            .map(|t| LinkView {
                label: format!("{} {noun}", car_type_label(t)),
                url: format!("/search/{}-cars", t.as_str()),
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
        legal: footer.legal.iter().map(LinkView::from_menu).collect(),
        copyright: format!("\u{a9} {}", config.name),
    }
}

/// The mega menu: brand groups under one header item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MegaMenuView {
    /// Label of the header item it opens from.
    pub item_label: String,
    /// Brand groups (cars, motorcycles, trucks...).
    pub groups: Vec<BrandGroupView>,
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

/// The mega menu of a dealer with brands.toml: under the header item that links to the
/// brands page (the seed's Models item).
pub fn mega_menu(dealer: &Dealer) -> Option<MegaMenuView> {
    if dealer.brands.is_empty() {
        return None;
    }
    let item = dealer
        .config
        .menus
        .header
        .iter()
        .find(|i| i.url.starts_with(BRANDS_PATH))?;
    let groups = configured_brand_grids(
        dealer,
        brand_groups(&dealer.brands, &[], &dealer.config.vehicle_categories),
    );
    (!groups.is_empty()).then(|| MegaMenuView {
        item_label: item.label.clone(),
        groups,
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
}

impl<'a> ViewContext<'a> {
    /// The context of a build of `dealer` at `now`.
    pub fn new(dealer: &'a Dealer, now: DateTime<Utc>) -> ViewContext<'a> {
        ViewContext {
            dealer,
            now,
            today: now.date_naive(),
            current_year: now.year(),
            tags: dealer.config.tags.settings(),
            site: site_view(dealer),
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
    let visible = || dealer.locations.iter().filter(|l| l.visible);
    visible()
        .find(|l| l.primary)
        .into_iter()
        .chain(visible())
        .find_map(|l| {
            non_empty(&l.contact_detail.phone)
                .or_else(|| non_empty(&l.contact_detail.landline_phone))
        })
        .map(|number| PhoneView::new(&number, masked))
}

/// The footer's link to the parts catalogue, added for a dealer with parts whose menus
/// do not link to it already.
pub const SEARCH_PARTS: &str = "Search Parts";

/// The footer columns of a dealer: its menu, and a link to /parts/search when the dealer
/// has a parts catalogue no menu links to, in the Service & Parts column (else the last).
fn footer_columns(dealer: &Dealer) -> Vec<FooterColumnView> {
    let menus = &dealer.config.menus;
    let mut columns: Vec<FooterColumnView> = menus
        .footer
        .iter()
        .map(|c| FooterColumnView {
            title: c.title.clone(),
            links: c.links.iter().map(LinkView::from_menu).collect(),
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
        label: SEARCH_PARTS.to_string(),
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
const MODELS_PATH: &str = "/models";

/// The header menu; a single-brand dealer with model pages has its Models item go to
/// its models (`/models`), not to a brands page of one tile.
fn header_menu(dealer: &Dealer) -> Vec<LinkView> {
    let single_brand_models = dealer.brands.len() <= 1 && !dealer.models.is_empty();
    dealer
        .config
        .menus
        .header
        .iter()
        .map(|item| {
            let mut link = LinkView::from_menu(item);
            if single_brand_models && link.url.trim_end_matches('/') == BRANDS_PATH {
                link.url = MODELS_PATH.to_string();
            }
            link
        })
        .collect()
}

/// The [`SiteView`] of a dealer.
pub fn site_view(dealer: &Dealer) -> SiteView {
    let config = &dealer.config;
    let theme = &config.theme;
    SiteView {
        slug: config.slug.clone(),
        name: config.name.clone(),
        logo_url: asset_url(&theme.logo),
        canonical_base: canonical_base(dealer),
        theme: ThemeView {
            primary: theme.primary.clone(),
            secondary: theme.secondary.clone(),
            accent: theme.accent.clone(),
            text: theme.text.clone(),
            background: theme.background.clone(),
            font_body: theme.font_body.clone(),
            font_heading: theme.font_heading.clone(),
        },
        header_menu: header_menu(dealer),
        footer_columns: footer_columns(dealer),
        phone: site_phone(dealer),
        search_path: config.search.default_page.clone(),
        announcement: config.announcement.as_ref().map(|a| AnnouncementView {
            text: a.text.clone(),
            url: a.url.clone(),
        }),
        favourites: config.favourites.enabled,
        garage_path: config
            .garage
            .enabled
            .then(|| format!("/{}", config.garage.page.trim_matches('/'))),
        mega_menu: mega_menu(dealer),
        footer: footer_view(dealer),
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
            site_view(dealer)
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
}
