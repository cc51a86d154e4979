//! The page list of one dealer ([`site_pages`]): every page with its kind, props,
//! title, description, JSON-LD and hero image, ready to render.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::config::Dealer;
use crate::routes;
use crate::rules::availability::SimilarIndex;
use crate::rules::gating::{gate_for, SignInType};
use crate::rules::stock::listed_in_search;

use super::brand_groups::{brand_url, dealer_brands};
use super::brands::{brand_page_view, brands_page_view};
use super::card::{reserve_url, Cards, MakeCards};
use super::client::{ClientPageView, ClientShell, NotFoundView, ReserveTerms};
use super::content::{
    about_us_from_config, content_page_view, default_privacy_policy, default_terms, ContentPageView,
};
use super::crumbs::Crumb;
use super::form::{form_path, form_routes, FormKind, VEHICLE_FORMS_PATH};
use super::form_page::{form_page_view, vehicle_form_set};
use super::home::home_page_view;
use super::jsonld::{breadcrumb_json_ld, dealer_json_ld, home_dealer_json_ld};
use super::links::{BRANDS_PATH, OFFERS_PATH, PARTS_SEARCH_PATH, PRIVACY_PATH, TERMS_PATH};
use super::location::{location_page_view, LocationsPageView};
use super::location_cards::{location_view, visible_locations, DEALERSHIPS_PATH};
use super::locator::{locator_page_view, LOCATOR_PATH};
use super::markdown::escape_html;
use super::model::{model_page_view, models_page_view};
use super::offer_cards::{offer_started, page_ended};
use super::offers::{offer_page_view, offers_page_view};
pub use super::pages_stock::{
    similar_cars_file, CarInputs, CarOutputs, CarPages, SearchPages, SharedCarInputs,
};
use super::parts::parts_search_page_view;
use super::search::{search_routes, RouteIndex};
use super::site::{menu_prices, SiteView, ViewContext, MENU_PRICES_PATH};
use super::{Page, PageKind, Props};

/// The props of every page: the shared site part and the page's own view model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PageProps<T: TS> {
    /// What every page shares.
    pub site: SiteView,
    /// The page's view model.
    pub page: T,
    /// The sign-in type, when the page needs a signed-in user (seed 001 s6).
    pub gate: Option<SignInType>,
}

/// Routes of the well-known static pages, served from the dealer page of the same slug.
pub const STATIC_ROUTES: [&str; 3] = [
    routes::ABOUT_US.pattern,
    routes::TERMS.pattern,
    routes::PRIVACY.pattern,
];

/// [`PageProps`] as a build writes it: the same fields, with the site part serialized
/// once per build rather than once per page.
#[derive(Serialize)]
struct PagePropsJson<'a, T> {
    site: &'a Props,
    page: &'a T,
    gate: Option<SignInType>,
}

struct PageBuilder<'a> {
    ctx: &'a ViewContext<'a>,
    /// `ctx.site` serialized.
    site: Props,
    pages: Vec<Page>,
}

impl PageBuilder<'_> {
    fn push<T: Serialize + TS>(
        &mut self,
        path: String,
        kind: PageKind,
        title: String,
        description: String,
        view: T,
    ) -> &mut Page {
        self.pages.push(make_page(
            self.ctx,
            &self.site,
            path,
            kind,
            title,
            description,
            &view,
        ));
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }
}

/// One page: its props (`site` is the site view serialized) and its title with the
/// dealer's name.
pub(super) fn make_page<T: Serialize + TS>(
    ctx: &ViewContext<'_>,
    site: &Props,
    path: String,
    kind: PageKind,
    title: String,
    description: String,
    view: &T,
) -> Page {
    let config = &ctx.dealer.config;
    let gate = gate_for(&path, &config.gates());
    let props = Props::of(&PagePropsJson {
        site,
        page: view,
        gate,
    })
    .unwrap_or_else(|e| {
        // Serializing plain data structs cannot fail; keep the page renderable if it does.
        Props::of(&serde_json::json!({ "error": e.to_string() })).expect("a JSON object serializes")
    });
    let name = &config.name;
    let title = if title.contains(name.as_str()) {
        title
    } else {
        format!("{title} | {name}")
    };
    // The client shells (sign-in, watchlist, success, print, online payment, the garage,
    // the buy-online journey) and the compare page hold one shopper's things, not content
    // to find; crawlers may read them, so they say noindex rather than being disallowed.
    let noindex = noindex_kind(kind);
    // Every description fits what search results show, whatever page wrote it.
    let description = super::head_text::fit_description(&description, ctx);
    Page {
        // The 404 page answers at any missing path: no URL stands for it.
        canonical: (kind != PageKind::NotFound).then(|| path.clone()),
        path,
        kind,
        title,
        description,
        props,
        json_ld: Vec::new(),
        hero_image: None,
        hero_preload: None,
        in_sitemap: !noindex,
        noindex,
        lastmod: None,
    }
}

/// Whether every page of `kind` is kept out of search results.
fn noindex_kind(kind: PageKind) -> bool {
    matches!(
        kind,
        PageKind::Client | PageKind::NotFound | PageKind::Compare
    )
}

/// Makes `page` a duplicate of the group page at `canonical`: it stays reachable at its own
/// route but names the group page as its canonical URL, and only that one is in the
/// sitemap.
pub(super) fn canonicalise(page: &mut Page, canonical: &str) {
    if page.path != canonical {
        page.canonical = Some(canonical.to_string());
        page.in_sitemap = false;
    }
}

/// A data file of a site that is not a page: its output path and JSON text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteFile {
    /// URL path, starting with `/`.
    pub path: String,
    /// The file's JSON.
    pub json: String,
}

/// The data files of a dealer's site built at `now` over `cars`: the vehicle pages' form
/// set and the mega menu's "from" prices.
pub fn site_files(
    dealer: &Dealer,
    cars: &[Car],
    now: DateTime<Utc>,
) -> Result<Vec<SiteFile>, serde_json::Error> {
    let ctx = ViewContext::new(dealer, now);
    Ok(vec![
        SiteFile {
            path: VEHICLE_FORMS_PATH.to_string(),
            json: serde_json::to_string(&vehicle_form_set(&ctx))?,
        },
        SiteFile {
            path: MENU_PRICES_PATH.to_string(),
            json: serde_json::to_string(&menu_prices(dealer, cars, now))?,
        },
    ])
}

/// Every page of a dealer's site built at `now`; `cars` is the dealer's stock after its
/// stock filters (sold cars kept for the sold window are included and show as sold).
pub fn site_pages(dealer: &Dealer, cars: &[Car], now: DateTime<Utc>) -> Vec<Page> {
    let ctx = ViewContext::with_stock(dealer, cars, now);
    site_pages_by_car(&ctx, cars, &MakeCards).all()
}

/// The pages of a dealer's site, the many alike ones still to be made: the site's own
/// pages, and the pages of its cars and of its search landing routes, each made when
/// asked for ([`CarPages::pages_of`], [`SearchPages::page_of`]), so a caller can make
/// them in the order and the number at a time it chooses.
pub struct SitePages<'a> {
    /// Every page that is not a car's own or a search landing page (home, locations,
    /// forms...).
    pub pages: Vec<Page>,
    /// Where the cars' pages, then the search landing pages, stand among `pages` in
    /// [`SitePages::all`] (after home).
    pub made_at: usize,
    /// The pages of each car.
    pub cars: CarPages<'a>,
    /// The search landing pages.
    pub searches: SearchPages<'a>,
}

impl SitePages<'_> {
    /// Every page: the home page, the cars' pages in stock order, the search landing
    /// pages, then the others.
    pub fn all(self) -> Vec<Page> {
        let SitePages {
            mut pages,
            made_at,
            cars,
            searches,
        } = self;
        let rest = pages.split_off(made_at);
        pages.extend(cars.cars.iter().flat_map(|car| cars.pages_of(car).pages));
        pages.extend(searches.routes.iter().map(|route| searches.page_of(route)));
        pages.extend(rest);
        pages
    }
}

/// The pages of a dealer's site with its cars' pages made on demand ([`SitePages`]).
pub fn site_pages_by_car<'a>(
    ctx: &'a ViewContext<'a>,
    cars: &'a [Car],
    cards: &'a dyn Cards,
) -> SitePages<'a> {
    let dealer = ctx.dealer;
    let site = Props::of(&ctx.site).expect("the site view serializes");
    let mut b = PageBuilder {
        ctx,
        site,
        pages: Vec::new(),
    };
    let name = dealer.config.name.clone();

    // One count source: every count that links to the search (home links, brand tiles,
    // landing pages and their chips) counts the cars the live search lists, so a link and
    // the search answer it opens agree. Vehicle pages exist for all of `cars`.
    let listed: Vec<Car> = cars
        .iter()
        .filter(|c| listed_in_search(c, &dealer.config, ctx.now))
        .cloned()
        .collect();

    // Home.
    let home = home_page_view(&listed, ctx);
    // The first slide, else the first featured card, each preloaded as it is drawn.
    let hero_preload = home
        .slides
        .first()
        .map(|s| super::images::HeroImage::new(&s.image.url, "slide"))
        .or_else(|| {
            home.featured.first().and_then(|c| {
                c.image
                    .as_ref()
                    .map(|i| super::images::HeroImage::new(&i.url, "card"))
            })
        });
    let hero = hero_preload.as_ref().map(|h| h.url.clone());
    let description = format!(
        "New, used and demo cars for sale at {name}. Browse {} cars in stock.",
        listed.len()
    );
    let page = b.push(
        routes::HOME.pattern.to_string(),
        PageKind::Home,
        name.clone(),
        description,
        home,
    );
    page.hero_preload = hero_preload;
    page.hero_image = hero;
    page.json_ld
        .push(home_dealer_json_ld(&visible_locations(ctx), ctx));

    // The cars' own pages and the search landing pages, made on demand.
    let made_at = b.pages.len();
    let reservation_form = cars
        .iter()
        .any(|car| reserve_url(car, ctx).is_some())
        .then(|| form_page_view(FormKind::Reservation, ctx));
    let car_pages = CarPages {
        ctx,
        cars,
        similar: SimilarIndex::new(cars),
        cards,
        reservation_form,
        site: b.site.clone(),
        search_paths: std::collections::HashSet::new(),
        titles: super::head_text::car_titles(cars),
    };
    let routes = search_routes(ctx, &listed);
    let car_pages = CarPages {
        search_paths: routes.iter().map(|r| r.path.clone()).collect(),
        ..car_pages
    };
    // The index borrows the routes for their facets only while it is built.
    let index = RouteIndex::new(cars, &routes);
    let searches = SearchPages {
        ctx,
        routes,
        index,
        cards,
        site: b.site.clone(),
    };

    // Locations.
    let locations = visible_locations(ctx);
    for location in &locations {
        let view = location_view(location, ctx);
        let description = format!(
            "{} at {}, {}. Opening hours, phone and directions.",
            location.name, view.street, view.locality
        );
        let hero = view.image.as_ref().map(|i| i.url.clone());
        let mut routes = vec![
            (view.url.clone(), location.name.clone()),
            (
                view.contact_url.clone(),
                format!("Contact {}", location.name),
            ),
        ];
        // Seed 001 s2: /our-location/{slug} when the site flag is on.
        if dealer.config.locations.our_location_route {
            routes.push((
                routes::OUR_LOCATION.path(&[&location.slug]),
                location.name.clone(),
            ));
        }
        // /locations/{slug} is the location's own page, the one the location cards link;
        // the contact and our-location routes show the same page.
        let canonical = view.url.clone();
        for (path, title) in routes {
            let page_view = location_page_view(location, title.clone(), ctx);
            let crumbs = page_view.breadcrumbs.clone();
            let page = b.push(
                path.clone(),
                PageKind::Location,
                title,
                description.clone(),
                page_view,
            );
            canonicalise(page, &canonical);
            page.hero_image = hero.clone();
            page.json_ld.push(dealer_json_ld(location, ctx));
            page.json_ld.push(breadcrumb_json_ld(&crumbs, &path, ctx));
        }
    }
    let list: Vec<_> = locations.iter().map(|l| location_view(l, ctx)).collect();
    for (path, title) in [
        (DEALERSHIPS_PATH, "Our Dealerships"),
        (routes::CONTACT.pattern, "Contact Us"),
    ] {
        let view = LocationsPageView {
            title: title.to_string(),
            locations: list.clone(),
        };
        let description = format!("Locations, phone numbers and opening hours of {name}.");
        let page = b.push(
            path.to_string(),
            PageKind::Locations,
            title.to_string(),
            description,
            view,
        );
        // "Our Dealerships" is the list every location page and card links back to.
        canonicalise(page, DEALERSHIPS_PATH);
        page.json_ld
            .extend(locations.iter().map(|l| dealer_json_ld(l, ctx)));
    }

    // Models, offers, brands and the locator (a dealer content page at the same path wins).
    let occupied = |path: &str| dealer.pages.iter().any(|p| p.path == path);
    let home_crumb = || Crumb {
        label: crate::messages::BREADCRUMB_HOME.to_string(),
        url: Some(routes::HOME.pattern.to_string()),
    };
    if !locations.is_empty() && !occupied(LOCATOR_PATH) {
        let view = locator_page_view(dealer);
        let crumbs = vec![
            home_crumb(),
            Crumb {
                label: view.title.clone(),
                url: None,
            },
        ];
        let description = format!(
            "Find the nearest dealer to you: {name} and every dealer selling the same makes."
        );
        let page = b.push(
            LOCATOR_PATH.to_string(),
            PageKind::Locator,
            view.title.clone(),
            description,
            view,
        );
        page.json_ld
            .push(breadcrumb_json_ld(&crumbs, LOCATOR_PATH, ctx));
    }
    if !dealer.models.is_empty() && !occupied(routes::MODELS.pattern) {
        let view = models_page_view(&dealer.models);
        let description =
            format!("The new model range at {name}: prices, specifications and colours.");
        let crumbs = vec![
            home_crumb(),
            Crumb {
                label: view.title.clone(),
                url: None,
            },
        ];
        let hero = view.models.first().map(|m| m.image.url.clone());
        let page = b.push(
            routes::MODELS.pattern.to_string(),
            PageKind::Models,
            view.title.clone(),
            description,
            view,
        );
        page.hero_image = hero;
        page.json_ld
            .push(breadcrumb_json_ld(&crumbs, routes::MODELS.pattern, ctx));
    }
    for model in &dealer.models {
        let path = routes::MODEL.path(&[&model.slug]);
        if occupied(&path) {
            continue;
        }
        let mut view = model_page_view(model, &listed, &dealer.config.search.series_sort_order);
        // The trail passes through the model's make, where the site has the make's page.
        let make_path = routes::SEARCH.path(&[&super::slug::slugify(&model.make)]);
        if searches.routes.iter().any(|r| r.path == make_path) {
            let at = view.breadcrumbs.len().saturating_sub(1);
            view.breadcrumbs.insert(
                at,
                Crumb {
                    label: model.make.trim().to_string(),
                    url: Some(make_path),
                },
            );
        }
        // Seed 001 s2: a coming-soon model's Register Interest is a form on its page.
        if view.coming_soon {
            view.register_interest =
                Some(super::form_page::register_interest_form(&view.title, ctx));
            view.cta_url = format!("#{}", super::form_view::REGISTER_INTEREST_FORM_ID);
        }
        let description = if model.short_description.trim().is_empty() {
            format!(
                "{} at {name}: variants, prices, colours and specifications.",
                view.title
            )
        } else {
            model.short_description.clone()
        };
        let hero = Some(view.image.url.clone());
        let crumbs = view.breadcrumbs.clone();
        let page = b.push(
            path.clone(),
            PageKind::Model,
            view.title.clone(),
            description,
            view,
        );
        page.hero_image = hero;
        page.json_ld.push(breadcrumb_json_ld(&crumbs, &path, ctx));
    }
    let offers = offers_page_view(&dealer.offers, ctx.today);
    // The seed's route of the list, and the one the site links, names the pair, unless
    // a dealer page takes it.
    let offer_lists = [OFFERS_PATH, routes::OFFERS_ALIAS.pattern];
    let offers_canonical = offer_lists.into_iter().find(|p| !occupied(p));
    for path in offer_lists {
        if occupied(path) {
            continue;
        }
        let description = format!("Current special offers at {name}.");
        let crumbs = vec![
            home_crumb(),
            Crumb {
                label: offers.title.clone(),
                url: None,
            },
        ];
        let hero = offers.offers.first().map(|o| o.image.url.clone());
        let page = b.push(
            path.to_string(),
            PageKind::Offers,
            offers.title.clone(),
            description,
            offers.clone(),
        );
        if let Some(canonical) = offers_canonical {
            canonicalise(page, canonical);
        }
        page.hero_image = hero;
        page.json_ld.push(breadcrumb_json_ld(&crumbs, path, ctx));
    }
    for offer in dealer.offers.iter().filter(|o| offer_started(o, ctx.today)) {
        let path = routes::OFFER.path(&[&offer.id.to_string()]);
        if occupied(&path) {
            continue;
        }
        let view = offer_page_view(offer, ctx.today);
        let description = if offer.description.trim().is_empty() {
            format!("{} at {name}.", offer.title)
        } else {
            offer.description.clone()
        };
        let hero = Some(view.offer.image.url.clone());
        let crumbs = view.breadcrumbs.clone();
        let ended = view.ended;
        let page = b.push(
            path.clone(),
            PageKind::Offer,
            offer.title.clone(),
            description,
            view,
        );
        page.hero_image = hero;
        // An ended offer's page stays for old links (it says it ended and points to the
        // current offers) but is no longer one to find: out of the sitemap and the index.
        if ended {
            page.in_sitemap = false;
            page.noindex = true;
        }
        page.json_ld.push(breadcrumb_json_ld(&crumbs, &path, ctx));
    }
    let brands = dealer_brands(dealer, &listed);
    if !brands.is_empty() && !occupied(BRANDS_PATH) {
        let view = brands_page_view(&brands, &listed, &dealer.config.vehicle_categories);
        let crumbs = vec![
            home_crumb(),
            Crumb {
                label: view.title.clone(),
                url: None,
            },
        ];
        let page = b.push(
            BRANDS_PATH.to_string(),
            PageKind::Brands,
            view.title.clone(),
            format!("The brands {name} sells."),
            view,
        );
        page.json_ld
            .push(breadcrumb_json_ld(&crumbs, BRANDS_PATH, ctx));
    }
    for brand in &brands {
        let (path, external) = brand_url(brand);
        if external || occupied(&path) {
            continue;
        }
        let view = brand_page_view(brand, dealer, &listed, ctx.today);
        let description = format!(
            "New and used {} at {name}: stock, models, offers and locations.",
            brand.name
        );
        let crumbs = view.breadcrumbs.clone();
        let hero = view.logo.as_ref().map(|l| l.url.clone());
        let page = b.push(
            path.clone(),
            PageKind::Brand,
            format!("{} Overview", brand.name),
            description,
            view,
        );
        page.hero_image = hero;
        page.json_ld.push(breadcrumb_json_ld(&crumbs, &path, ctx));
    }

    // The parts catalogue, for a dealer with a parts.toml (the feed carries no parts).
    if !dealer.parts.is_empty() && !occupied(PARTS_SEARCH_PATH) {
        let view = parts_search_page_view(dealer);
        let crumbs = view.breadcrumbs.clone();
        let page = b.push(
            PARTS_SEARCH_PATH.to_string(),
            PageKind::PartsSearch,
            view.title.clone(),
            view.intro.clone(),
            view,
        );
        page.json_ld
            .push(breadcrumb_json_ld(&crumbs, PARTS_SEARCH_PATH, ctx));
    }

    // Form pages.
    for route in form_routes(dealer) {
        // An alias (e.g. /sell-my-car of the trade-in form) names the form's main route,
        // the one the site links and titles the form by.
        let canonical = form_path(dealer, route.kind).unwrap_or_else(|| route.path.clone());
        let view = form_page_view(route.kind, ctx);
        let crumbs = view.breadcrumbs.clone();
        let page = b.push(
            route.path.clone(),
            PageKind::Form,
            view.title.clone(),
            view.intro.clone(),
            view,
        );
        canonicalise(page, &canonical);
        page.json_ld
            .push(breadcrumb_json_ld(&crumbs, &route.path, ctx));
    }

    // Content pages: dealer pages, each well-known route served by the page of its slug.
    let mut taken: Vec<String> = Vec::new();
    for content in &dealer.pages {
        let well_known = format!("/{}", content.slug);
        let path = if content.path == format!("/pages/{}", content.slug)
            && STATIC_ROUTES.contains(&well_known.as_str())
            && !dealer.pages.iter().any(|p| p.path == well_known)
        {
            well_known
        } else {
            content.path.clone()
        };
        let mut view: ContentPageView = content_page_view(content);
        let ended = page_ended(content, ctx.today);
        if ended {
            // A sale page that has ended stays for old links, as an ended offer's page does,
            // and says so above the sale it describes.
            view.html = format!(
                "<p class=\"notice\" role=\"status\">{} <a href=\"{OFFERS_PATH}\">See current offers</a></p>\n{}",
                escape_html(crate::messages::OFFER_ENDED),
                view.html
            );
        }
        let description = content
            .description
            .clone()
            .unwrap_or_else(|| format!("{} | {name}", content.title));
        let page = b.push(
            path.clone(),
            PageKind::Content,
            content.title.clone(),
            description,
            view,
        );
        if ended {
            page.in_sitemap = false;
            page.noindex = true;
        }
        taken.push(path);
    }
    // Post indexes: the dealer's posts under /news, /blog and /blog/vehicle-reviews.
    for (path, view) in super::posts::post_indexes(dealer) {
        let crumbs = view.breadcrumbs.clone();
        let page = b.push(
            path.to_string(),
            PageKind::Posts,
            view.title.clone(),
            format!("{} from {name}.", view.title),
            view,
        );
        page.json_ld.push(breadcrumb_json_ld(&crumbs, path, ctx));
    }

    // Seed 001 s2: the spin-to-win wheel, where the dealer runs the promotion.
    if let Some(view) =
        super::spin::spin_page_view(ctx).filter(|_| !occupied(super::spin::SPIN_TO_WIN_PATH))
    {
        let crumbs = view.breadcrumbs.clone();
        let description = if view.intro.trim().is_empty() {
            format!(
                "{} at {name}: the prizes, their odds and the terms.",
                view.title
            )
        } else {
            view.intro.clone()
        };
        let path = super::spin::SPIN_TO_WIN_PATH;
        let page = b.push(
            path.to_string(),
            PageKind::SpinToWin,
            view.title.clone(),
            description,
            view,
        );
        page.json_ld.push(breadcrumb_json_ld(&crumbs, path, ctx));
    }

    // Seed 001 s2: every site has a privacy policy and terms; the platform's default,
    // filled with the dealer's details, where the dealer has no page of its own.
    for (path, default) in [
        (
            PRIVACY_PATH,
            default_privacy_policy as fn(&ViewContext<'_>) -> ContentPageView,
        ),
        (TERMS_PATH, default_terms),
    ] {
        if !taken.iter().any(|p| p == path) {
            let view = default(ctx);
            b.push(
                path.to_string(),
                PageKind::Content,
                view.title.clone(),
                format!("{} of {name}.", view.title),
                view,
            );
        }
    }
    if !taken.iter().any(|p| p == routes::ABOUT_US.pattern) {
        let view = about_us_from_config(ctx);
        b.push(
            routes::ABOUT_US.pattern.to_string(),
            PageKind::Content,
            view.title.clone(),
            format!("About {name}."),
            view,
        );
    }

    // Client-only shells and 404.
    for shell in ClientShell::ALL {
        let (path, title) = shell.route_and_title();
        let path = match shell {
            ClientShell::Watchlist if !dealer.config.favourites.enabled => continue,
            ClientShell::CheckoutJourney if !dealer.config.reserve.buy_online_journey => continue,
            // Deposits are paid only where the site takes reservations.
            ClientShell::OnlinePayment if !dealer.config.reserve.enabled => continue,
            ClientShell::MyGarage => match &b.ctx.site.garage_path {
                Some(garage) => garage.clone(),
                None => continue,
            },
            _ => path.to_string(),
        };
        let reserve = &dealer.config.reserve;
        let reserve_terms = matches!(
            shell,
            ClientShell::CheckoutJourney | ClientShell::OnlinePayment
        )
        .then(|| ReserveTerms {
            deposit: reserve.deposit,
            hold_hours: reserve.hold_hours,
            // Held on the card for a dealer that takes cards, else paid at the dealership.
            pay_note: if reserve.card_key().is_some() {
                crate::messages::reservation_held_on_card(reserve.hold_hours, reserve.deposit)
            } else {
                crate::messages::reservation_held_pay_at_dealership(
                    reserve.hold_hours,
                    reserve.deposit,
                )
            },
        });
        let view = ClientPageView {
            shell,
            title: title.to_string(),
            reserve_terms,
        };
        b.push(
            path,
            PageKind::Client,
            title.to_string(),
            format!("{title} | {name}"),
            view,
        );
    }
    // The compare page, where the site offers comparing (its cars are the
    // shopper's, read in the browser, so it is a shell like the client pages).
    if dealer.config.features.compare {
        let view = super::compare::compare_page_view(&dealer.config.search.default_page);
        b.push(
            routes::COMPARE.pattern.to_string(),
            PageKind::Compare,
            view.title.clone(),
            format!("Compare cars side by side | {name}"),
            view,
        );
    }
    let not_found = NotFoundView {
        title: "Page not found".to_string(),
        search_path: dealer.config.search.default_page.clone(),
    };
    b.push(
        routes::NOT_FOUND.pattern.to_string(),
        PageKind::NotFound,
        not_found.title.clone(),
        "This page could not be found.".to_string(),
        not_found,
    );

    SitePages {
        pages: b.pages,
        made_at,
        cars: car_pages,
        searches,
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::view::test_dealer;

    #[test]
    fn built_props_are_the_page_props_type() {
        let dealer = test_dealer("");
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let ctx = ViewContext::new(&dealer, now);
        let view = ClientPageView {
            shell: ClientShell::SignIn,
            title: "Sign in".into(),
            reserve_terms: None,
        };
        let typed = PageProps {
            site: ctx.site.clone(),
            page: view.clone(),
            gate: Some(SignInType::Watchlist),
        };
        let site = Props::of(&ctx.site).expect("site");
        let built = Props::of(&PagePropsJson {
            site: &site,
            page: &view,
            gate: Some(SignInType::Watchlist),
        })
        .expect("props");
        assert_eq!(built.value(), serde_json::to_value(&typed).expect("typed"));
    }

    /// A build that refuses dead links: a car with a page that the search does
    /// not list (another make than the dealer's manufacturer) has no make or model landing
    /// page, so its breadcrumbs name them without a link and "Find Me Something Similar"
    /// goes to all stock; a listed car's breadcrumbs link its landing pages.
    #[test]
    fn a_car_pages_search_links_go_only_to_published_landing_pages() {
        let dealer = test_dealer("");
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let car = |id: u64, make: &str, model: &str, status: &str| -> Car {
            serde_json::from_value(serde_json::json!({
                "id": id, "slug": format!("c{id}"), "year": 2024, "make": make,
                "model": model, "car_type": "used", "status": status,
                "created_at": "2026-11-01T00:00:00Z", "dealership_slug": "acme",
                "price": 30000.0, "simple_body": "SUV",
                "sold": status == "sold", "sold_at": "2026-11-21T12:00:00Z"
            }))
            .expect("car")
        };
        let cars = vec![
            car(1, "Toyota", "RAV4", "in_stock"),
            car(2, "Omoda", "Omoda 5", "sold"),
            car(3, "Omoda", "Omoda 5", "in_stock"),
        ];
        let mut cars = cars;
        // Unpriced: its card offers "Find Me Something Similar".
        cars[2].price = None;
        let pages = site_pages(&dealer, &cars, now);
        let paths: std::collections::HashSet<&str> =
            pages.iter().map(|p| p.path.as_str()).collect();
        assert!(paths.contains("/search/toyota/rav4"));
        assert!(!paths.contains("/search/omoda"), "Omoda is not listed");
        let crumbs = |path: &str| -> Vec<(String, Option<String>)> {
            let page = pages.iter().find(|p| p.path == path).expect("the car page");
            page.props.value()["page"]["breadcrumbs"]
                .as_array()
                .expect("breadcrumbs")
                .iter()
                .map(|c| {
                    (
                        c["label"].as_str().unwrap_or_default().to_string(),
                        c["url"].as_str().map(str::to_string),
                    )
                })
                .collect()
        };
        let omoda = crumbs("/cars/c2");
        assert!(
            !omoda
                .iter()
                .any(|(label, _)| label == "Omoda" || label == "Omoda 5"),
            "no step without a page: {omoda:?}"
        );
        let markup = pages
            .iter()
            .find(|p| p.path == "/cars/c2")
            .expect("page")
            .json_ld
            .iter()
            .find(|b| b["@type"] == "BreadcrumbList")
            .expect("breadcrumb markup")
            .clone();
        let names: Vec<&str> = markup["itemListElement"]
            .as_array()
            .expect("items")
            .iter()
            .map(|i| i["name"].as_str().unwrap_or_default())
            .collect();
        let shown: Vec<&str> = omoda.iter().map(|(label, _)| label.as_str()).collect();
        assert_eq!(names, shown, "the markup is the trail the page shows");
        let toyota = crumbs("/cars/c1");
        assert!(
            toyota.contains(&("RAV4".to_string(), Some("/search/toyota/rav4".to_string()))),
            "{toyota:?}"
        );
        let sold = pages.iter().find(|p| p.path == "/cars/c2").expect("page");
        assert_eq!(
            sold.props.value()["page"]["find_similar_url"],
            super::super::search::ALL_STOCK_ROUTE,
            "no Omoda landing page: all stock"
        );
        for page in &pages {
            let view = &page.props.value()["page"];
            for similar in [&view["find_similar_url"], &view["card"]["find_similar_url"]] {
                if let Some(url) = similar.as_str() {
                    assert!(paths.contains(url), "{}: {url} is not published", page.path);
                }
            }
        }
    }

    /// Seed 001 s2: "Some dealers use a used-car/{car type}/ path variant": where the
    /// dealer switches it on, the car's breadcrumb, the home links and the footer go to
    /// /used-car/{type}, a page the site publishes; elsewhere to /search/{type}-cars.
    #[test]
    fn the_used_car_path_variant_is_what_breadcrumbs_and_links_use() {
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let cars: Vec<Car> = vec![serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "c1", "year": 2024, "make": "Toyota", "model": "RAV4",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": 30000.0
        }))
        .expect("car")];
        for (extra, expected) in [
            ("[search]\nused_car_path_variant = true\n", "/used-car/used"),
            ("", "/search/used-cars"),
        ] {
            let dealer = test_dealer(extra);
            let pages = site_pages(&dealer, &cars, now);
            assert!(
                pages.iter().any(|p| p.path == expected),
                "{expected} published"
            );
            let car = pages
                .iter()
                .find(|p| p.path == "/cars/c1")
                .expect("car page");
            let props = car.props.value();
            assert_eq!(props["page"]["breadcrumbs"][1]["url"], expected);
            assert!(
                props["site"]["footer"]["stock_links"]
                    .as_array()
                    .expect("stock links")
                    .iter()
                    .any(|l| l["url"] == expected),
                "footer links {expected}"
            );
        }
    }

    /// Seed 001 s2: "/privacy-policy, /terms-and-conditions" on every site: the
    /// platform's default, unless the dealer's own markdown page takes the route.
    #[test]
    fn every_site_has_a_privacy_policy_and_terms_and_a_dealer_page_replaces_them() {
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let mut dealer = test_dealer("");
        let html = |pages: &[Page], path: &str| -> String {
            let page = pages.iter().find(|p| p.path == path).expect(path);
            assert_eq!(page.kind, PageKind::Content);
            assert!(page.in_sitemap);
            page.props.value()["page"]["html"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        };
        let pages = site_pages(&dealer, &[], now);
        assert!(html(&pages, "/privacy-policy").contains("Australian Privacy Principles"));
        assert!(html(&pages, "/terms-and-conditions").contains("Acme Motors website"));
        dealer.pages.push(crate::config::ContentPage {
            slug: "terms-and-conditions".into(),
            title: "Terms".into(),
            path: "/pages/terms-and-conditions".into(),
            description: None,
            markdown: "Our own terms.".into(),
            expiry: None,
        });
        let pages = site_pages(&dealer, &[], now);
        assert_eq!(
            pages
                .iter()
                .filter(|p| p.path == "/terms-and-conditions")
                .count(),
            1
        );
        assert_eq!(
            html(&pages, "/terms-and-conditions"),
            "<p>Our own terms.</p>\n"
        );
    }

    /// Seed 001 s2: "/spin-to-win, /online-payment" and "/personalised/finance?car_id={id}";
    /// seed 001 s6: "online-payment ... always; ... spin-to-win and finance-by-credit-check
    /// only on sites where these are switched on". Each route is a page, gated as the
    /// table says.
    #[test]
    fn the_gated_routes_are_pages_gated_as_the_site_says() {
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let wheel = "[spin_to_win]\nterms = \"One spin each.\"\nprizes = [{ label = \"A\", weight = 1 }, { label = \"B\", weight = 1 }]\n";
        let gate = |pages: &[Page], path: &str| -> Option<serde_json::Value> {
            pages
                .iter()
                .find(|p| p.path == path)
                .map(|p| p.props.value()["gate"].clone())
        };
        let plain = test_dealer(wheel);
        let pages = site_pages(&plain, &[], now);
        assert_eq!(gate(&pages, "/spin-to-win"), None, "the promotion is off");
        assert_eq!(
            gate(&pages, "/online-payment"),
            Some(serde_json::json!("online-payment"))
        );
        assert_eq!(
            gate(&pages, "/personalised/finance"),
            Some(serde_json::Value::Null)
        );
        let finance = pages
            .iter()
            .find(|p| p.path == "/personalised/finance")
            .expect("page");
        assert_eq!(finance.kind, PageKind::Form);
        assert!(!finance.in_sitemap);

        let switched = test_dealer(&format!(
            "[gated_routes]\nspin_to_win = true\nfinance_by_credit_check = true\n[features]\nspin_to_win = true\n{wheel}"
        ));
        let pages = site_pages(&switched, &[], now);
        let spin = pages
            .iter()
            .find(|p| p.path == "/spin-to-win")
            .expect("the wheel");
        assert_eq!(spin.kind, PageKind::SpinToWin);
        assert_eq!(spin.props.value()["gate"], "spin-to-win");
        assert_eq!(spin.props.value()["page"]["prizes"][0]["odds"], "50%");
        assert_eq!(
            gate(&pages, "/personalised/finance"),
            Some(serde_json::json!("car-finance"))
        );
    }

    /// A model page's trail names its make (linked to the make's landing page), and its
    /// markup is the trail the page shows.
    #[test]
    fn a_model_pages_trail_passes_through_its_make() {
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let mut dealer = test_dealer("");
        dealer.models = vec![serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "rav4", "name": "RAV4", "make": "Toyota",
            "status": "available", "image": "/media/models/rav4.svg"
        }))
        .expect("model")];
        let cars: Vec<Car> = vec![serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "c1", "year": 2024, "make": "Toyota", "model": "RAV4",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": 30000.0
        }))
        .expect("car")];
        let pages = site_pages(&dealer, &cars, now);
        let model = pages
            .iter()
            .find(|p| p.path == "/models/rav4")
            .expect("model page");
        let shown: Vec<String> = model.props.value()["page"]["breadcrumbs"]
            .as_array()
            .expect("trail")
            .iter()
            .map(|c| c["label"].as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(shown[shown.len() - 2], "Toyota", "{shown:?}");
        assert_eq!(
            model.props.value()["page"]["breadcrumbs"][shown.len() - 2]["url"],
            "/search/toyota"
        );
        let markup: Vec<String> = model
            .json_ld
            .iter()
            .find(|b| b["@type"] == "BreadcrumbList")
            .expect("markup")["itemListElement"]
            .as_array()
            .expect("items")
            .iter()
            .map(|i| i["name"].as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(markup, shown);
    }

    /// Seed 001 s2: "Anchors: #register-interest-form": a coming-soon model's calls to
    /// action go to the Register Interest form on its page, whose id is the anchor.
    #[test]
    fn a_coming_soon_model_links_its_register_interest_form() {
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let mut dealer = test_dealer("");
        dealer.models = vec![serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "omoda-e5", "name": "Omoda E5", "make": "Omoda",
            "status": "coming_soon", "image": "/media/models/omoda-e5.svg"
        }))
        .expect("model")];
        let pages = site_pages(&dealer, &[], now);
        let model = pages
            .iter()
            .find(|p| p.path == "/models/omoda-e5")
            .expect("model page");
        let view = &model.props.value()["page"];
        assert_eq!(view["cta_url"], "#register-interest-form");
        assert_eq!(
            view["register_interest"]["form_id"],
            "register-interest-form"
        );
        let message = view["register_interest"]["steps"][0]["fields"]
            .as_array()
            .expect("fields")
            .iter()
            .find(|f| f["name"] == "message")
            .expect("message field")
            .clone();
        assert_eq!(
            message["default_value"],
            "Please register my interest in the Omoda E5."
        );
    }
}
