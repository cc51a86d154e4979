//! View models: what each page of a dealer's site shows, derived once in Rust from the
//! configuration, the stock and the rules, and handed to React as props.
//!
//! The contract with the generator is [`Page`]: `site_pages` (in this module's
//! submodules) returns the full page list of a dealer, and the generator renders each
//! page's `props` with the SSR bundle of its `kind` and wraps it in the document shell.

use serde::{Deserialize, Serialize};

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

pub use crate::routes::PageKind;

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
