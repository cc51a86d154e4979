//! The pages of a site's stock, made on demand: each car's vehicle page (and reserve
//! page), and each search landing page.

use serde::Serialize;

use crate::car::Car;
use crate::rules::availability::{is_available, SimilarIndex};
use crate::rules::stock::listed_in_search;

use super::card::{reserve_url, Cards};
use super::crumbs::Crumb;
use super::form_page::{reservation_page_view, FormPageView};
use super::jsonld::{breadcrumb_json_ld, car_json_ld, StockKind};
use super::names::display_name;
use super::pages::{canonicalise, make_page, SiteFile};
use super::search::{search_page_view_of, RouteIndex, SearchPageView, SearchRoute};
use super::site::ViewContext;
use super::vehicle::{
    similar_cars_path, similar_cars_view, vehicle_page_view_indexed, SimilarCarsView, VehicleKind,
};
use super::{Page, PageKind, Props};

/// What one car publishes: its pages and the site file of its similar cars.
pub struct CarOutputs {
    /// Its vehicle page and, when the site offers reserving it, its reserve page.
    pub pages: Vec<Page>,
    /// Its similar cars ([`super::vehicle::SimilarCarsView`]), when it has any.
    pub similar: Option<SiteFile>,
}

/// The file of `car`'s similar cars, when it has any.
pub fn similar_cars_file(car: &Car, similar_cars: &SimilarCarsView) -> Option<SiteFile> {
    (!similar_cars.cars.is_empty()).then(|| SiteFile {
        path: similar_cars_path(car),
        json: serde_json::to_string(similar_cars).expect("cards serialize"),
    })
}

/// The pages of one car: its vehicle page and, when the site offers reserving it, its
/// reserve page (`reservation_form` is the site's reservation form); and the file of its
/// similar cars (`similar_cars`).
#[allow(clippy::too_many_arguments)] // the parts of a site that a car's pages read
fn car_pages(
    car: &Car,
    title: Option<&str>,
    similar_cars: &SimilarCarsView,
    cards: &dyn Cards,
    reservation_form: Option<&FormPageView>,
    ctx: &ViewContext<'_>,
    site: &Props,
    search_paths: &std::collections::HashSet<String>,
) -> CarOutputs {
    let similar = similar_cars_file(car, similar_cars);
    let mut view = vehicle_page_view_indexed(car, similar_cars, cards, ctx);
    unlink_unpublished_searches(&mut view.breadcrumbs, search_paths);
    // A car the search does not list has no model landing page: its "Find Me Something
    // Similar" (sold, or on its card when unpriced) and its similar cars' "See all" go to
    // the make's, else to all stock.
    for url in [&mut view.find_similar_url, &mut view.card.find_similar_url]
        .into_iter()
        .flatten()
        .chain([&mut view.similar_search_url])
    {
        if !search_paths.contains(url.as_str()) {
            let make = url.rsplit_once('/').map(|(make, _)| make.to_string());
            *url = make
                .filter(|make| search_paths.contains(make))
                .unwrap_or_else(|| super::search::ALL_STOCK_ROUTE.to_string());
        }
    }
    let car_name = title.map_or_else(|| display_name(car), str::to_string);
    let description = super::head_text::car_description(car, ctx);
    let crumbs: Vec<Crumb> = view.breadcrumbs.clone();
    let hero = view.images.first().map(|i| i.url.clone());
    let path = car.page_path();
    let mut page = make_page(
        ctx,
        site,
        path.clone(),
        PageKind::Vehicle,
        car_name,
        description,
        &view,
    );
    page.hero_preload = hero
        .as_deref()
        .map(|url| super::images::HeroImage::new(url, "vehicle_hero"));
    page.hero_image = hero;
    // A sold car stays reachable for its window but is no longer worth a search result.
    page.in_sitemap = is_available(car);
    // The feed dates a car only by its listing; its page says nothing newer.
    page.lastmod = Some(car.created_at.format("%Y-%m-%d").to_string());
    let kind = match VehicleKind::of(car) {
        VehicleKind::Car => StockKind::Car,
        VehicleKind::Motorcycle => StockKind::Motorcycle,
        VehicleKind::Caravan => StockKind::Caravan,
    };
    page.json_ld.push(car_json_ld(car, kind, ctx));
    page.json_ld.push(breadcrumb_json_ld(&crumbs, &path, ctx));
    let mut pages = vec![page];
    if let (Some(reserve_path), Some(form)) = (reserve_url(car, ctx), reservation_form) {
        let view = reservation_page_view(car, form, ctx);
        let crumbs = view.breadcrumbs.clone();
        let mut page = make_page(
            ctx,
            site,
            reserve_path.clone(),
            PageKind::Form,
            view.title.clone(),
            view.intro.clone(),
            &view,
        );
        // One template per car with nothing of its own to find: kept out of the index.
        page.in_sitemap = false;
        page.noindex = true;
        page.json_ld
            .push(breadcrumb_json_ld(&crumbs, &reserve_path, ctx));
        pages.push(page);
    }
    CarOutputs { pages, similar }
}

/// Makes the pages of each car of a site (its vehicle page and, when the site offers
/// reserving it, its reserve page).
pub struct CarPages<'a> {
    pub(super) ctx: &'a ViewContext<'a>,
    pub(super) cars: &'a [Car],
    pub(super) similar: SimilarIndex<'a>,
    pub(super) cards: &'a dyn Cards,
    pub(super) reservation_form: Option<FormPageView>,
    pub(super) site: Props,
    /// The search landing routes the site publishes (its breadcrumbs link only those).
    pub(super) search_paths: std::collections::HashSet<String>,
    /// Each car's page title (by id), distinct within the site.
    pub(super) titles: std::collections::HashMap<u64, String>,
}

impl<'a> CarPages<'a> {
    /// The site's cars, in stock order.
    pub fn cars(&self) -> &'a [Car] {
        self.cars
    }

    /// The pages of `car`, one of the site's cars, and its similar cars' file.
    pub fn pages_of(&self, car: &Car) -> CarOutputs {
        self.pages_with(car, &self.similar_of(car))
    }

    /// The similar cars of `car`, one of the site's cars.
    pub fn similar_of(&self, car: &Car) -> SimilarCarsView {
        similar_cars_view(car, &self.similar, self.cards, self.ctx)
    }

    /// The pages of `car` and its similar cars' file, given its similar cars
    /// ([`CarPages::similar_of`]).
    pub fn pages_with(&self, car: &Car, similar_cars: &SimilarCarsView) -> CarOutputs {
        car_pages(
            car,
            self.titles.get(&car.id).map(String::as_str),
            similar_cars,
            self.cards,
            self.reservation_form.as_ref(),
            self.ctx,
            &self.site,
            &self.search_paths,
        )
    }

    /// What the pages of every car read of the site and the clock.
    pub fn shared_inputs(&self) -> SharedCarInputs<'_> {
        fn sorted(set: &std::collections::HashSet<String>) -> Vec<&str> {
            let mut all: Vec<&str> = set.iter().map(String::as_str).collect();
            all.sort_unstable();
            all
        }
        SharedCarInputs {
            today: self.ctx.today,
            current_year: self.ctx.current_year,
            tags: &self.ctx.tags,
            site_view: &self.ctx.site,
            stocked_locations: sorted(&self.ctx.stocked_locations),
            site: &self.site,
            search_paths: sorted(&self.search_paths),
            reservation_form: self.reservation_form.as_ref(),
        }
    }

    /// What the pages of `car` read of the car, given its similar cars
    /// ([`CarPages::similar_of`]).
    pub fn inputs_of(&self, car: &'a Car, similar_cars: &SimilarCarsView) -> CarInputs<'_> {
        CarInputs {
            car,
            title: self.titles.get(&car.id).map(String::as_str),
            card: self.cards.json(car, self.ctx),
            has_similar: !similar_cars.cars.is_empty(),
        }
    }
}

/// What every car's pages read besides the car itself ([`CarInputs`]), the dealer's
/// config and the code that makes and renders them: the day and the clock's rules as
/// the cards show them, the site's shared part, the search pages it publishes and its
/// reservation form. Pages made from the same inputs are the same pages, so a rebuild
/// that finds a car's inputs and these unchanged may keep its pages without making them.
#[derive(Serialize)]
pub struct SharedCarInputs<'a> {
    today: chrono::NaiveDate,
    current_year: i32,
    tags: &'a crate::rules::tag::TagSettings,
    site_view: &'a super::site::SiteView,
    stocked_locations: Vec<&'a str>,
    site: &'a Props,
    search_paths: Vec<&'a str>,
    reservation_form: Option<&'a FormPageView>,
}

/// What one car's pages read of the car: the car, its page title, its card (which
/// carries what the clock decides of it, its tag) and whether it has similar cars (the
/// page links their file; their cards are in the file, not the page).
#[derive(Serialize)]
pub struct CarInputs<'a> {
    car: &'a Car,
    title: Option<&'a str>,
    card: super::card::CardJson,
    has_similar: bool,
}

/// A breadcrumb to a search landing page the site does not publish (the make of a car
/// that the search does not list, e.g. one hidden from the dealer website) is left out:
/// a link would be dead, and a trail step without a page is no step to show or mark up.
fn unlink_unpublished_searches(
    crumbs: &mut Vec<Crumb>,
    search_paths: &std::collections::HashSet<String>,
) {
    crumbs.retain(|crumb| {
        !crumb.url.as_deref().is_some_and(|url| {
            let path = url.split(['?', '#']).next().unwrap_or(url);
            path.starts_with("/search/") && !search_paths.contains(path)
        })
    });
}

/// The trail of a search landing page: home, the make of a model's page (linked to the
/// make's page where the site has one), the page itself.
fn search_crumbs(route: &SearchRoute, title: &str, routes: &[SearchRoute]) -> Vec<Crumb> {
    let mut crumbs = vec![Crumb {
        label: crate::messages::BREADCRUMB_HOME.to_string(),
        url: Some("/".to_string()),
    }];
    let fixed = |facet: &str| {
        route
            .fixed
            .iter()
            .find(|f| f.facet == facet)
            .map(|f| f.value.clone())
    };
    if let (Some(make), Some(_)) = (fixed("make"), fixed("model")) {
        let make_path = crate::routes::SEARCH.path(&[&super::slug::slugify(&make)]);
        if routes.iter().any(|r| r.path == make_path) {
            crumbs.push(Crumb {
                label: make,
                url: Some(make_path),
            });
        }
    }
    crumbs.push(Crumb {
        label: title.to_string(),
        url: None,
    });
    crumbs
}

/// Makes the search landing pages of a site, each route's cars found from an index.
pub struct SearchPages<'a> {
    pub(super) ctx: &'a ViewContext<'a>,
    pub(super) routes: Vec<SearchRoute>,
    pub(super) index: RouteIndex<'a>,
    pub(super) cards: &'a dyn Cards,
    pub(super) site: Props,
}

impl SearchPages<'_> {
    /// The site's search landing routes, in page order.
    pub fn routes(&self) -> &[SearchRoute] {
        &self.routes
    }

    /// The route that `route` lists the same cars as, under the same title, which the
    /// site links (new and demo cars of a dealer with no demo stock are its new cars; the
    /// used-car path variant is the one its links use): one URL for one list.
    fn duplicate_of(&self, route: &SearchRoute) -> Option<&str> {
        let same: Vec<&SearchRoute> = self
            .routes
            .iter()
            .filter(|r| r.title == route.title)
            .collect();
        if same.len() < 2 {
            return None;
        }
        let variant = self.ctx.dealer.config.search.used_car_path_variant;
        same.iter()
            .find(|r| variant && r.path.starts_with("/used-car/"))
            .or(same.first())
            .map(|r| r.path.as_str())
    }

    /// The landing page of `route`, one of [`SearchPages::routes`].
    pub fn page_of(&self, route: &SearchRoute) -> Page {
        let ctx = self.ctx;
        // The index holds every car (the cards made for the build are found again by
        // identity); a landing page lists only what the live search lists.
        let mut matching = self.index.matching(route);
        matching.retain(|c| listed_in_search(c, &ctx.dealer.config, ctx.now));
        let view = search_page_view_of(route, matching.clone(), self.cards, ctx);
        let description = super::head_text::search_description(&view.title, &matching, ctx);
        let hero = view
            .hits
            .first()
            .and_then(|c| c.image.as_ref().map(|i| i.url.clone()));
        let crumbs = search_crumbs(route, &view.title, &self.routes);
        let view = SearchPageView {
            breadcrumbs: crumbs.clone(),
            ..view
        };
        let mut page = make_page(
            ctx,
            &self.site,
            route.path.clone(),
            PageKind::Search,
            route.title.clone(),
            description,
            &view,
        );
        page.hero_preload = hero
            .as_deref()
            .map(|url| super::images::HeroImage::new(url, "card"));
        page.hero_image = hero;
        // A landing page with no car has nothing to rank for (it stays for its links).
        page.in_sitemap = view.count > 0;
        // /search lists every car as the default stock search does: the seed names that
        // one the default, and the site links it.
        if route.path == super::search::CARS_ROUTE
            && self
                .routes
                .iter()
                .any(|r| r.path == super::search::ALL_STOCK_ROUTE)
        {
            canonicalise(&mut page, super::search::ALL_STOCK_ROUTE);
        }
        if let Some(canonical) = self.duplicate_of(route) {
            canonicalise(&mut page, canonical);
        }
        page.json_ld
            .push(breadcrumb_json_ld(&crumbs, &route.path, ctx));
        page
    }
}
