//! The route table: every page URL a dealer's site publishes, as a path pattern with the
//! page kind that renders it, the Rust view module that makes its props and the React
//! page component that draws it. The page list (`view::pages`) builds its paths from these
//! entries, the path constants elsewhere are read from them, and `docs/routes.md` is
//! written from [`ROUTES`] (held to it by `domain/tests/routes.rs`).
//!
//! A pattern is `/`-separated segments: a literal, or `{name}` for one segment the data
//! names (a slug, an id). A path is served by the route whose pattern matches it with
//! literals furthest left ([`route_of`]), so `/cars/trade-in` is the trade-in form and not
//! a car. A few routes are named by the dealer's configuration rather than by a pattern
//! ([`Route::chosen_by`]); [`route_for`] reads those from the dealer.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::config::Dealer;

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

/// One route of a dealer's site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// The path pattern (`/cars/{slug}`); for a route the dealer names, the setting in
    /// braces (`{finance.link}`).
    pub pattern: &'static str,
    /// The page kind that renders it.
    pub kind: PageKind,
    /// The Rust module that makes the page's view model, from the workspace root.
    pub view: &'static str,
    /// The React page component of the kind, from the workspace root.
    pub component: &'static str,
    /// The dealer setting that names the path, for a route that is not a fixed pattern.
    pub chosen_by: Option<&'static str>,
    /// When the site publishes it, in a few words.
    pub about: &'static str,
}

impl Route {
    /// The path of this route with its `{name}` segments filled by `params`, in order.
    pub fn path(&self, params: &[&str]) -> String {
        let mut params = params.iter();
        let mut path = String::with_capacity(self.pattern.len() + 32);
        for (i, segment) in self.pattern.split('/').enumerate() {
            if i > 0 {
                path.push('/');
            }
            let param = if is_param(segment) {
                params.next()
            } else {
                None
            };
            path.push_str(param.copied().unwrap_or(segment));
        }
        path
    }

    /// Whether this route's pattern matches `path` (a path without query or fragment).
    pub fn matches(&self, path: &str) -> bool {
        self.rank(path).is_some()
    }

    /// For a path the pattern matches, which of its segments the pattern names literally;
    /// of two matching routes the one with a literal further left serves the path.
    fn rank(&self, path: &str) -> Option<Vec<bool>> {
        if self.chosen_by.is_some() || self.pattern.split('/').count() != path.split('/').count() {
            return None;
        }
        self.pattern
            .split('/')
            .zip(path.split('/'))
            .map(|(pattern, segment)| {
                if is_param(pattern) {
                    (!segment.is_empty()).then_some(false)
                } else {
                    (pattern == segment).then_some(true)
                }
            })
            .collect()
    }

    /// The pattern with each `{name}` as `{}`: two routes of one shape would serve the
    /// same paths.
    pub fn shape(&self) -> String {
        self.pattern
            .split('/')
            .map(|s| if is_param(s) { "{}" } else { s })
            .collect::<Vec<_>>()
            .join("/")
    }
}

fn is_param(segment: &str) -> bool {
    segment.len() > 2 && segment.starts_with('{') && segment.ends_with('}')
}

/// The fixed-pattern route that serves `path` (query and fragment ignored), if any.
pub fn route_of(path: &str) -> Option<&'static Route> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    ROUTES
        .iter()
        .filter_map(|route| route.rank(path).map(|rank| (rank, route)))
        .max_by(|(a, _), (b, _)| a.cmp(b))
        .map(|(_, route)| route)
}

/// The route that serves `path` on `dealer`'s site: one the dealer's configuration names
/// (its own pages, its finance link, its garage page), else [`route_of`].
pub fn route_for(dealer: &Dealer, path: &str) -> Option<&'static Route> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    if dealer.pages.iter().any(|p| p.path == path) {
        return Some(&DEALER_PAGE);
    }
    let garage = &dealer.config.garage;
    if garage.enabled
        && path != MY_GARAGE.pattern
        && path.strip_prefix('/') == Some(garage.page.trim_matches('/'))
    {
        return Some(&GARAGE);
    }
    route_of(path).or_else(|| {
        // The only form route without a fixed pattern is the dealer's finance link.
        (local_path(&dealer.config.finance.link) == Some(path)).then_some(&FINANCE_LINK)
    })
}

/// A config link that names a page of the site itself: its path without query, fragment
/// or trailing slash.
pub fn local_path(link: &str) -> Option<&str> {
    let path = link
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .trim_end_matches('/');
    (link.starts_with('/') && !link.starts_with("//") && !path.is_empty()).then_some(path)
}

/// The route table as a markdown document (`docs/routes.md`).
pub fn routes_markdown() -> String {
    let mut text = String::from(
        "# Routes\n\n\
         <!-- Written from domain/src/routes.rs by \
         `FORECOURT_UPDATE_TYPES=1 cargo test -p domain --test routes`; edit the table there. -->\n\n\
         Every page URL a dealer's site publishes: the path pattern, the page kind that renders \
         it (`docs/contracts.md`), the Rust view module that makes its props and the React page \
         component that draws it. `{name}` is one path segment the data names; where two \
         patterns match a path, the one with a literal segment further left serves it \
         (`/cars/trade-in` is a form, not a car). A path in braces is named by the dealer's \
         configuration. A dealer's own page (`pages/*.md`) at another route's path takes its \
         place.\n\n\
         | path | kind | view | page component | published |\n\
         | --- | --- | --- | --- | --- |\n",
    );
    for route in ROUTES {
        let about = match route.chosen_by {
            Some(setting) => format!("{} (set by `{setting}`)", route.about),
            None => route.about.to_string(),
        };
        text.push_str(&format!(
            "| `{}` | {} | `{}` | `{}` | {about} |\n",
            route.pattern,
            route.kind.as_str(),
            route.view,
            route.component,
        ));
    }
    text
}

const fn route(
    pattern: &'static str,
    kind: PageKind,
    view: &'static str,
    component: &'static str,
    about: &'static str,
) -> Route {
    Route {
        pattern,
        kind,
        view,
        component,
        chosen_by: None,
        about,
    }
}

/// A route whose path the dealer's `setting` names.
const fn chosen(
    setting: &'static str,
    pattern: &'static str,
    kind: PageKind,
    view: &'static str,
    component: &'static str,
    about: &'static str,
) -> Route {
    Route {
        chosen_by: Some(setting),
        ..route(pattern, kind, view, component, about)
    }
}

/// `/`: every site.
pub const HOME: Route = route(
    "/",
    PageKind::Home,
    "domain/src/view/home.rs",
    "frontend/src/pages/home-page.tsx",
    "every site",
);

/// `/cars/{slug}`: each car of the stock (a feed `path` outside /cars/ is served as it is).
pub const VEHICLE: Route = route(
    "/cars/{slug}",
    PageKind::Vehicle,
    "domain/src/view/vehicle.rs",
    "frontend/src/pages/vehicle-page.tsx",
    "each car of the stock (a feed `path` outside /cars/ is served as it is)",
);

/// `/cars/{slug}/checkout`: each reservable car, where `reserve.route` is checkout.
pub const RESERVE_CHECKOUT: Route = route(
    "/cars/{slug}/checkout",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "each reservable car, where `reserve.route` is checkout",
);

/// `/cars/{slug}/buy-online`: each reservable car, where `reserve.route` is buy-online.
pub const RESERVE_BUY_ONLINE: Route = route(
    "/cars/{slug}/buy-online",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "each reservable car, where `reserve.route` is buy-online",
);

/// `/search`: every car.
pub const CARS: Route = route(
    "/search",
    PageKind::Search,
    "domain/src/view/search.rs",
    "frontend/src/pages/search-page.tsx",
    "every car",
);

/// `/search/new-used-and-demo-cars`: every car; the default search page.
pub const ALL_STOCK: Route = route(
    "/search/new-used-and-demo-cars",
    PageKind::Search,
    "domain/src/view/search.rs",
    "frontend/src/pages/search-page.tsx",
    "every car; the default search page",
);

/// `/search/{slug}`: a car type (`{type}-cars`), make, body type or location with stock.
pub const SEARCH: Route = route(
    "/search/{slug}",
    PageKind::Search,
    "domain/src/view/search.rs",
    "frontend/src/pages/search-page.tsx",
    "a car type (`{type}-cars`), make, body type or location with stock",
);

/// `/search/{make}/{model}`: a model with stock.
pub const SEARCH_MODEL: Route = route(
    "/search/{make}/{model}",
    PageKind::Search,
    "domain/src/view/search.rs",
    "frontend/src/pages/search-page.tsx",
    "a model with stock",
);

/// `/used-car/{car_type}`: a car type, where `search.used_car_path_variant` is on.
pub const USED_CAR: Route = route(
    "/used-car/{car_type}",
    PageKind::Search,
    "domain/src/view/search.rs",
    "frontend/src/pages/search-page.tsx",
    "a car type, where `search.used_car_path_variant` is on",
);

/// `/locations/{slug}`: each location.
pub const LOCATION: Route = route(
    "/locations/{slug}",
    PageKind::Location,
    "domain/src/view/location.rs",
    "frontend/src/pages/location-page.tsx",
    "each location",
);

/// `/contact-us/{slug}`: each location (names /locations/{slug} as canonical).
pub const LOCATION_CONTACT: Route = route(
    "/contact-us/{slug}",
    PageKind::Location,
    "domain/src/view/location.rs",
    "frontend/src/pages/location-page.tsx",
    "each location (names /locations/{slug} as canonical)",
);

/// `/our-location/{slug}`: each location, where `locations.our_location_route` is on.
pub const OUR_LOCATION: Route = route(
    "/our-location/{slug}",
    PageKind::Location,
    "domain/src/view/location.rs",
    "frontend/src/pages/location-page.tsx",
    "each location, where `locations.our_location_route` is on",
);

/// `/dealerships`: every site.
pub const DEALERSHIPS: Route = route(
    "/dealerships",
    PageKind::Locations,
    "domain/src/view/location.rs",
    "frontend/src/pages/locations-page.tsx",
    "every site",
);

/// `/contact`: every site (names /dealerships as canonical).
pub const CONTACT: Route = route(
    "/contact",
    PageKind::Locations,
    "domain/src/view/location.rs",
    "frontend/src/pages/locations-page.tsx",
    "every site (names /dealerships as canonical)",
);

/// `/dealer-locator`: a site with a location.
pub const LOCATOR: Route = route(
    "/dealer-locator",
    PageKind::Locator,
    "domain/src/view/locator.rs",
    "frontend/src/pages/locator-page.tsx",
    "a site with a location",
);

/// `/models`: a site with models.
pub const MODELS: Route = route(
    "/models",
    PageKind::Models,
    "domain/src/view/model.rs",
    "frontend/src/pages/models-page.tsx",
    "a site with models",
);

/// `/models/{slug}`: each model.
pub const MODEL: Route = route(
    "/models/{slug}",
    PageKind::Model,
    "domain/src/view/model.rs",
    "frontend/src/pages/model-page.tsx",
    "each model",
);

/// `/special-offers`: every site.
pub const OFFERS: Route = route(
    "/special-offers",
    PageKind::Offers,
    "domain/src/view/offers.rs",
    "frontend/src/pages/offers-page.tsx",
    "every site",
);

/// `/offers`: every site (names /special-offers as canonical).
pub const OFFERS_ALIAS: Route = route(
    "/offers",
    PageKind::Offers,
    "domain/src/view/offers.rs",
    "frontend/src/pages/offers-page.tsx",
    "every site (names /special-offers as canonical)",
);

/// `/offers/{id}`: each offer that has started.
pub const OFFER: Route = route(
    "/offers/{id}",
    PageKind::Offer,
    "domain/src/view/offers.rs",
    "frontend/src/pages/offer-page.tsx",
    "each offer that has started",
);

/// `/brands`: a site with brands.
pub const BRANDS: Route = route(
    "/brands",
    PageKind::Brands,
    "domain/src/view/brands.rs",
    "frontend/src/pages/brands-page.tsx",
    "a site with brands",
);

/// `/{brand}/overview`: each brand without an external page.
pub const BRAND: Route = route(
    "/{brand}/overview",
    PageKind::Brand,
    "domain/src/view/brands.rs",
    "frontend/src/pages/brand-page.tsx",
    "each brand without an external page",
);

/// `/parts/search`: a dealer with a parts.toml.
pub const PARTS_SEARCH: Route = route(
    "/parts/search",
    PageKind::PartsSearch,
    "domain/src/view/parts.rs",
    "frontend/src/pages/parts-search-page.tsx",
    "a dealer with a parts.toml",
);

/// `/contact-us`: every site: the general enquiry.
pub const ENQUIRY: Route = route(
    "/contact-us",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site: the general enquiry",
);

/// `/book-test-drive`: every site.
pub const TEST_DRIVE: Route = route(
    "/book-test-drive",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site",
);

/// `/service`: every site: service booking.
pub const SERVICE: Route = route(
    "/service",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site: service booking",
);

/// `/trade-in`: every site.
pub const TRADE_IN: Route = route(
    "/trade-in",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site",
);

/// `/sell-my-car`: every site (the trade-in form).
pub const SELL_MY_CAR: Route = route(
    "/sell-my-car",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site (the trade-in form)",
);

/// `/cars/trade-in`: every site (the trade-in form, `?car_id=`).
pub const CAR_TRADE_IN: Route = route(
    "/cars/trade-in",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site (the trade-in form, `?car_id=`)",
);

/// `/sell-your-car`: every site (the trade-in form).
pub const SELL_YOUR_CAR: Route = route(
    "/sell-your-car",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site (the trade-in form)",
);

/// `/parts`: every site: the parts order.
pub const PARTS_ORDER: Route = route(
    "/parts",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site: the parts order",
);

/// `/vehicle-parts-and-accessories`: where `features.parts_orders` is on (the parts order).
pub const PARTS_ORDER_ALIAS: Route = route(
    "/vehicle-parts-and-accessories",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "where `features.parts_orders` is on (the parts order)",
);

/// `/finance`: every site: the finance enquiry.
pub const FINANCE: Route = route(
    "/finance",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site: the finance enquiry",
);

/// `{finance.link}`: the finance enquiry at the dealer's own finance route.
pub const FINANCE_LINK: Route = chosen(
    "finance.link",
    "{finance.link}",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "the finance enquiry at the dealer's own finance route",
);

/// `/personalised/finance`: every site: finance by credit check (`?car_id=`).
pub const PERSONALISED_FINANCE: Route = route(
    "/personalised/finance",
    PageKind::Form,
    "domain/src/view/form_page.rs",
    "frontend/src/pages/form-page.tsx",
    "every site: finance by credit check (`?car_id=`)",
);

/// `/about-us`: every site.
pub const ABOUT_US: Route = route(
    "/about-us",
    PageKind::Content,
    "domain/src/view/content.rs",
    "frontend/src/pages/content-page.tsx",
    "every site",
);

/// `/privacy-policy`: every site.
pub const PRIVACY: Route = route(
    "/privacy-policy",
    PageKind::Content,
    "domain/src/view/content.rs",
    "frontend/src/pages/content-page.tsx",
    "every site",
);

/// `/terms-and-conditions`: every site.
pub const TERMS: Route = route(
    "/terms-and-conditions",
    PageKind::Content,
    "domain/src/view/content.rs",
    "frontend/src/pages/content-page.tsx",
    "every site",
);

/// `{pages/*.md path}`: each of the dealer's own pages (default /pages/{slug}).
pub const DEALER_PAGE: Route = chosen(
    "path in pages/*.md",
    "{pages/*.md path}",
    PageKind::Content,
    "domain/src/view/content.rs",
    "frontend/src/pages/content-page.tsx",
    "each of the dealer's own pages (default /pages/{slug})",
);

/// `/news`: a site with a post under it.
pub const NEWS: Route = route(
    "/news",
    PageKind::Posts,
    "domain/src/view/posts.rs",
    "frontend/src/pages/posts-page.tsx",
    "a site with a post under it",
);

/// `/blog`: a site with a post under it.
pub const BLOG: Route = route(
    "/blog",
    PageKind::Posts,
    "domain/src/view/posts.rs",
    "frontend/src/pages/posts-page.tsx",
    "a site with a post under it",
);

/// `/blog/vehicle-reviews`: a site with a post under it.
pub const VEHICLE_REVIEWS: Route = route(
    "/blog/vehicle-reviews",
    PageKind::Posts,
    "domain/src/view/posts.rs",
    "frontend/src/pages/posts-page.tsx",
    "a site with a post under it",
);

/// `/spin-to-win`: where the dealer runs the promotion.
pub const SPIN_TO_WIN: Route = route(
    "/spin-to-win",
    PageKind::SpinToWin,
    "domain/src/view/spin.rs",
    "frontend/src/pages/spin-to-win-page.tsx",
    "where the dealer runs the promotion",
);

/// `/sign-in`: every site.
pub const SIGN_IN: Route = route(
    "/sign-in",
    PageKind::Client,
    "domain/src/view/client.rs",
    "frontend/src/pages/client-page.tsx",
    "every site",
);

/// `/watchlist`: where `favourites.enabled` is on.
pub const WATCHLIST: Route = route(
    "/watchlist",
    PageKind::Client,
    "domain/src/view/client.rs",
    "frontend/src/pages/client-page.tsx",
    "where `favourites.enabled` is on",
);

/// `/checkout-journey`: where `reserve.buy_online_journey` is on.
pub const CHECKOUT_JOURNEY: Route = route(
    "/checkout-journey",
    PageKind::Client,
    "domain/src/view/client.rs",
    "frontend/src/pages/client-page.tsx",
    "where `reserve.buy_online_journey` is on",
);

/// `/success`: every site.
pub const SUCCESS: Route = route(
    "/success",
    PageKind::Client,
    "domain/src/view/client.rs",
    "frontend/src/pages/client-page.tsx",
    "every site",
);

/// `/print`: every site (`?car_id=`).
pub const PRINT: Route = route(
    "/print",
    PageKind::Client,
    "domain/src/view/client.rs",
    "frontend/src/pages/client-page.tsx",
    "every site (`?car_id=`)",
);

/// `/my-garage`: where `garage.enabled` is on, at the default `garage.page`.
pub const MY_GARAGE: Route = route(
    "/my-garage",
    PageKind::Client,
    "domain/src/view/client.rs",
    "frontend/src/pages/client-page.tsx",
    "where `garage.enabled` is on, at the default `garage.page`",
);

/// `{garage.page}`: where `garage.enabled` is on, at the dealer's own `garage.page`.
pub const GARAGE: Route = chosen(
    "garage.page",
    "{garage.page}",
    PageKind::Client,
    "domain/src/view/client.rs",
    "frontend/src/pages/client-page.tsx",
    "where `garage.enabled` is on, at the dealer's own `garage.page`",
);

/// `/online-payment`: where `reserve.enabled` is on.
pub const ONLINE_PAYMENT: Route = route(
    "/online-payment",
    PageKind::Client,
    "domain/src/view/client.rs",
    "frontend/src/pages/client-page.tsx",
    "where `reserve.enabled` is on",
);

/// `/compare`: where `features.compare` is on.
pub const COMPARE: Route = route(
    "/compare",
    PageKind::Compare,
    "domain/src/view/compare.rs",
    "frontend/src/pages/compare-page.tsx",
    "where `features.compare` is on",
);

/// `/404`: every site (served at any missing path).
pub const NOT_FOUND: Route = route(
    "/404",
    PageKind::NotFound,
    "domain/src/view/client.rs",
    "frontend/src/pages/not-found-page.tsx",
    "every site (served at any missing path)",
);

/// Every route, in the order `docs/routes.md` lists them.
pub const ROUTES: &[Route] = &[
    HOME,
    VEHICLE,
    RESERVE_CHECKOUT,
    RESERVE_BUY_ONLINE,
    CARS,
    ALL_STOCK,
    SEARCH,
    SEARCH_MODEL,
    USED_CAR,
    LOCATION,
    LOCATION_CONTACT,
    OUR_LOCATION,
    DEALERSHIPS,
    CONTACT,
    LOCATOR,
    MODELS,
    MODEL,
    OFFERS,
    OFFERS_ALIAS,
    OFFER,
    BRANDS,
    BRAND,
    PARTS_SEARCH,
    ENQUIRY,
    TEST_DRIVE,
    SERVICE,
    TRADE_IN,
    SELL_MY_CAR,
    CAR_TRADE_IN,
    SELL_YOUR_CAR,
    PARTS_ORDER,
    PARTS_ORDER_ALIAS,
    FINANCE,
    FINANCE_LINK,
    PERSONALISED_FINANCE,
    ABOUT_US,
    PRIVACY,
    TERMS,
    DEALER_PAGE,
    NEWS,
    BLOG,
    VEHICLE_REVIEWS,
    SPIN_TO_WIN,
    SIGN_IN,
    WATCHLIST,
    CHECKOUT_JOURNEY,
    SUCCESS,
    PRINT,
    MY_GARAGE,
    GARAGE,
    ONLINE_PAYMENT,
    COMPARE,
    NOT_FOUND,
];
