//! Feature switches and the site's chrome: `[features]`, delivery zones, analytics, the announcement, menus, the footer and banners.

use super::*;

/// Price comparison (autogauge) settings; the panel itself is the session plugin
/// "Autogauge" (`session_plugins`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AutogaugeConfig {
    /// Key of the dealer at the price comparison provider; default none (the local provider computes from stock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_key: Option<String>,
}

/// Optional features that only some dealers have.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeaturesConfig {
    /// Show the sales counter (192 a day, Brisbane time); default false.
    #[serde(default)]
    pub sales_counter: bool,
    /// Request youX finance quotes (POST /api/youx/quote); default false.
    #[serde(default)]
    pub youx_quote: bool,
    /// Price comparison.
    #[serde(default)]
    pub autogauge: AutogaugeConfig,
    /// Parts order form at /vehicle-parts-and-accessories; default false.
    #[serde(default)]
    pub parts_orders: bool,
    /// Online trade-in valuation (/trade-in, /sell-my-car); default false.
    #[serde(default)]
    pub trade_in: bool,
    /// Key of the dealer at the trade-in valuation provider (rego lookup and offers); default none (offers are computed from the market, the shopper picks year, make and model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trade_in_provider_key: Option<String>,
    /// Spin-to-win page (/spin-to-win); default false.
    #[serde(default)]
    pub spin_to_win: bool,
    /// Warranty carousel (7-year warranty, capped servicing, roadside); default false.
    #[serde(default)]
    pub warranty_carousel: bool,
    /// Save each trade-in valuation through POST /api/miscellaneous with column_name valuation (one site); default false.
    #[serde(default)]
    pub save_valuations: bool,
    /// Compare toggle on car cards and the /compare page (seed 000 s4 "save or compare toggle", some sites); default false.
    #[serde(default)]
    pub compare: bool,
}

/// A delivery region: postcodes whose centre lies within `max_km` of the nearest
/// location (straight line, Earth radius 6371 km) get this region's price. Zones are
/// tried from the smallest `max_km` up; beyond the largest there is no estimate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeliveryZone {
    /// Region name shown with the estimate, e.g. "Brisbane Metro".
    pub region: String,
    /// Delivery price in AUD.
    pub price: f64,
    /// Largest distance in km from the nearest dealer location.
    pub max_km: f64,
}

/// Analytics ids; absent ids load nothing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsConfig {
    /// Google Tag Manager container id, e.g. "GTM-ABC1234"; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gtm_id: Option<String>,
    /// GA4 measurement id, e.g. "G-ABC123DEF4"; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ga4_id: Option<String>,
    /// Meta pixel id; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta_pixel_id: Option<String>,
}

/// Announcement bar above the header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnnouncementConfig {
    /// The message.
    pub text: String,
    /// Link target; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Bar colour "#RRGGBB"; default the theme's accent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^#[0-9A-Fa-f]{6}$"))]
    pub background: Option<String>,
}

/// A menu link, possibly with children (mega menu).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MenuItem {
    /// Link text.
    pub label: String,
    /// Link target ("/path" or "https://...").
    pub url: String,
    /// Sub-links; default none.
    #[serde(default)]
    pub children: Vec<MenuItem>,
}

/// A footer column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FooterColumn {
    /// Column heading, e.g. "Buyer Tools".
    pub title: String,
    /// Links of the column.
    pub links: Vec<MenuItem>,
}

/// A social network the footer links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SocialNetwork {
    /// Facebook.
    Facebook,
    /// Instagram.
    Instagram,
    /// YouTube.
    Youtube,
    /// TikTok.
    Tiktok,
    /// LinkedIn.
    Linkedin,
    /// X (Twitter).
    X,
}

impl SocialNetwork {
    /// The word used in config ("facebook").
    pub fn as_str(self) -> &'static str {
        match self {
            SocialNetwork::Facebook => "facebook",
            SocialNetwork::Instagram => "instagram",
            SocialNetwork::Youtube => "youtube",
            SocialNetwork::Tiktok => "tiktok",
            SocialNetwork::Linkedin => "linkedin",
            SocialNetwork::X => "x",
        }
    }

    /// The network's name as people write it.
    pub fn label(self) -> &'static str {
        match self {
            SocialNetwork::Facebook => "Facebook",
            SocialNetwork::Instagram => "Instagram",
            SocialNetwork::Youtube => "YouTube",
            SocialNetwork::Tiktok => "TikTok",
            SocialNetwork::Linkedin => "LinkedIn",
            SocialNetwork::X => "X",
        }
    }
}

/// A link to the dealer's page on a social network.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SocialLink {
    /// The network.
    pub network: SocialNetwork,
    /// The dealer's page there, "https://...".
    pub url: String,
}

/// The footer's business details and links (`[footer]`); every key optional, and the
/// footer shows only what is configured.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FooterConfig {
    /// Registered business name the privacy policy and terms are given in (e.g. "Jacaranda Motors Pty Ltd"); default the trading name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_name: Option<String>,
    /// Australian Business Number, 11 digits (spaces allowed), e.g. "51 824 753 556".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abn: Option<String>,
    /// Motor dealer licence, e.g. "MD 3456789".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer_licence: Option<String>,
    /// Social network links, in order; default none.
    #[serde(default)]
    pub social: Vec<SocialLink>,
    /// Legal links (privacy policy, terms), pages the site has; default none.
    #[serde(default)]
    pub legal: Vec<MenuItem>,
}

/// Header and footer menus.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MenusConfig {
    /// Header menu; default Home, Models, Stock, Finance, Service & Parts, Company.
    #[serde(default = "header_menu")]
    pub header: Vec<MenuItem>,
    /// Footer columns; default Models, Buyer Tools, Service & Parts.
    #[serde(default = "footer_menu")]
    pub footer: Vec<FooterColumn>,
}

fn link(label: &str, url: &str) -> MenuItem {
    MenuItem {
        label: label.to_string(),
        url: url.to_string(),
        children: Vec::new(),
    }
}

fn header_menu() -> Vec<MenuItem> {
    let urls = [
        "/",
        "/brands",
        DEFAULT_SEARCH_PATH,
        "/finance",
        "/service",
        "/about-us",
    ];
    messages::HEADER_MENU
        .iter()
        .zip(urls)
        .map(|(label, url)| link(label, url))
        .collect()
}

fn footer_menu() -> Vec<FooterColumn> {
    let [models, buyer_tools, service] = messages::FOOTER_HEADINGS;
    vec![
        FooterColumn {
            title: models.to_string(),
            links: vec![link("All Brands", "/brands")],
        },
        FooterColumn {
            title: buyer_tools.to_string(),
            links: vec![
                link("Finance", "/finance"),
                link("Trade-in", "/trade-in"),
                link("Special Offers", "/special-offers"),
            ],
        },
        FooterColumn {
            title: service.to_string(),
            links: vec![
                link("Book a Service", "/service"),
                link("Parts & Accessories", "/vehicle-parts-and-accessories"),
            ],
        },
    ]
}

impl Default for MenusConfig {
    fn default() -> Self {
        MenusConfig {
            header: header_menu(),
            footer: footer_menu(),
        }
    }
}

/// A banner with a link (special offers, service, trade-in).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Banner {
    /// Heading.
    pub title: String,
    /// Short text; default empty.
    #[serde(default)]
    pub text: String,
    /// Link target.
    pub url: String,
    /// Background image URL; default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
}
