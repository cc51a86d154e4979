//! View models: what each page of a dealer's site shows, derived once in Rust from the
//! configuration, the stock and the rules, and handed to React as props.
//!
//! The contract with the generator is [`Page`]: `site_pages` (in this module's
//! submodules) returns the full page list of a dealer, and the generator renders each
//! page's `props` with the SSR bundle of its `kind` and wraps it in the document shell.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub mod brand_groups;
pub mod brands;
pub mod card;
pub mod client;
pub mod compare;
pub mod content;
pub mod contrast;
pub mod crumbs;
pub mod figures;
pub mod finance;
pub mod form;
pub mod form_fields;
pub mod form_page;
pub mod form_view;
pub mod head_text;
pub mod home;
pub mod images;
pub mod jsonld;
pub mod links;
pub mod location;
pub mod location_cards;
pub mod locator;
pub mod markdown;
pub mod model;
pub mod model_cards;
pub mod names;
pub mod offer_cards;
pub mod offers;
pub mod pages;
pub mod pages_stock;
pub mod parts;
pub mod posts;
pub mod price_slider;
pub mod schedule;
pub mod search;
pub mod search_routes;
pub mod site;
pub mod slug;
pub mod spin;
pub mod ts_constants;
pub mod vehicle;
pub mod vehicle_blocks;
pub mod vehicle_media;
pub mod vehicle_specs;
pub mod vehicle_youx;
pub mod words;

pub use pages::site_pages;

/// The page kinds; each has one hydration entry `frontend/src/entries/<kind>.tsx` and one
/// page component in `frontend/src/server/page-registry.tsx`, and `docs/contracts.md`
/// lists them. The list is exported to TypeScript (`types/generated/PageKind.ts`); tests on
/// both sides hold the entries, the registry and the docs to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PageKind {
    /// Home page.
    Home,
    /// A search landing page with its first page of results.
    Search,
    /// A vehicle detail page.
    Vehicle,
    /// A single location page.
    Location,
    /// The list of locations.
    Locations,
    /// The dealer locator.
    Locator,
    /// A model page.
    Model,
    /// The list of model pages.
    Models,
    /// The parts and accessories catalogue (/parts/search).
    PartsSearch,
    /// The special offers list.
    Offers,
    /// One special offer.
    Offer,
    /// The brands list.
    Brands,
    /// One brand overview.
    Brand,
    /// A form page (trade-in, sell-my-car, service, parts, contact...).
    Form,
    /// A content page (about, terms, privacy, dealer markdown pages).
    Content,
    /// A client-only page shell (sign-in, watchlist, checkout, success, print, garage).
    Client,
    /// The 404 page.
    NotFound,
    /// The compare page (/compare): the shopper's chosen cars side by side.
    Compare,
    /// A post index (/news, /blog, /blog/vehicle-reviews).
    Posts,
    /// The spin-to-win prize wheel (/spin-to-win).
    SpinToWin,
}

impl PageKind {
    /// Every kind, in declaration order.
    pub const ALL: [PageKind; 20] = [
        PageKind::Home,
        PageKind::Search,
        PageKind::Vehicle,
        PageKind::Location,
        PageKind::Locations,
        PageKind::Locator,
        PageKind::Model,
        PageKind::Models,
        PageKind::PartsSearch,
        PageKind::Offers,
        PageKind::Offer,
        PageKind::Brands,
        PageKind::Brand,
        PageKind::Form,
        PageKind::Content,
        PageKind::Client,
        PageKind::NotFound,
        PageKind::Compare,
        PageKind::Posts,
        PageKind::SpinToWin,
    ];

    /// The snake_case name used for the entry file and the worker protocol.
    pub fn as_str(self) -> &'static str {
        match self {
            PageKind::Home => "home",
            PageKind::Search => "search",
            PageKind::Vehicle => "vehicle",
            PageKind::Location => "location",
            PageKind::Locations => "locations",
            PageKind::Locator => "locator",
            PageKind::Model => "model",
            PageKind::Models => "models",
            PageKind::PartsSearch => "parts_search",
            PageKind::Offers => "offers",
            PageKind::Offer => "offer",
            PageKind::Brands => "brands",
            PageKind::Brand => "brand",
            PageKind::Form => "form",
            PageKind::Content => "content",
            PageKind::Client => "client",
            PageKind::NotFound => "not_found",
            PageKind::Compare => "compare",
            PageKind::Posts => "posts",
            PageKind::SpinToWin => "spin_to_win",
        }
    }
}

/// One page of a dealer's site, ready to render.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Page {
    /// URL path, starting with `/`, without trailing slash except the home page `/`
    /// (written to `<path>/index.html`; `/404` is written to `404.html`).
    pub path: String,
    /// Which React page renders it.
    pub kind: PageKind,
    /// Document title.
    pub title: String,
    /// Meta description.
    pub description: String,
    /// Props for the React page: the serialized view models, kept as their JSON text so
    /// a page is serialized once however many times its props are read.
    pub props: Props,
    /// schema.org JSON-LD objects for the head.
    pub json_ld: Vec<serde_json::Value>,
    /// Open Graph / hero image URL to preload, when the page has one.
    pub hero_image: Option<String>,
    /// The page's largest image as its `<img>` draws it (candidates and `sizes`), for a
    /// preload that fetches what the `<img>` will use; set on the vehicle, search and
    /// home pages. Without it a photo hero is not preloaded (the original would be a
    /// second, larger download).
    #[serde(default)]
    pub hero_preload: Option<images::HeroImage>,
    /// Whether the page belongs in sitemap.xml (client shells and 404 do not).
    pub in_sitemap: bool,
    /// Whether search engines are asked not to index the page (`noindex, follow`): a
    /// shopper's own or one-step pages (sign-in, reserve, print...) and the 404.
    #[serde(default)]
    pub noindex: bool,
    /// The path of the page's canonical URL: its own, or the one page of a group of
    /// duplicate routes that the others name; `None` where no URL stands for the page
    /// (the 404, served at any path).
    #[serde(default)]
    pub canonical: Option<String>,
    /// When the data behind the page last changed (`YYYY-MM-DD`), where the data says so
    /// (a car's listing date); the sitemap dates the other pages by their content.
    #[serde(default)]
    pub lastmod: Option<String>,
}

/// A page's props as JSON text.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Props(Box<serde_json::value::RawValue>);

impl Props {
    /// The props of `value`, serialized once.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Result<Props, serde_json::Error> {
        serde_json::value::to_raw_value(value).map(Props)
    }

    /// The JSON text.
    pub fn json(&self) -> &str {
        self.0.get()
    }

    /// The props parsed into a value (tests and tools; a build only reads the text).
    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(self.0.get()).unwrap_or(serde_json::Value::Null)
    }
}

impl PartialEq for Props {
    fn eq(&self, other: &Props) -> bool {
        self.json() == other.json()
    }
}

/// A dealer for unit tests: Acme Motors (Toyota) with `extra` appended to its dealer.toml.
#[cfg(test)]
pub(crate) fn test_dealer(extra: &str) -> crate::config::Dealer {
    let config: crate::config::DealerConfig = toml::from_str(&format!(
        "slug = \"acme\"\nname = \"Acme Motors\"\nmanufacturer = \"Toyota\"\n\
         [theme]\nprimary = \"#123456\"\nsecondary = \"#654321\"\nlogo = \"logo.svg\"\n{extra}"
    ))
    .expect("dealer.toml");
    crate::config::Dealer::with_config(config, "dealers/acme")
}
