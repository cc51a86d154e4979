//! Phase 2, [`derive`]: a dealer's pages and data files from its stock.

use domain::config::Dealer;
use domain::view::pages::{site_files, site_pages_by_car, CarPages, SiteFile, SitePages};
use domain::view::site::ViewContext;
use domain::view::Page;
use rayon::prelude::*;

use super::DealerStock;
use crate::render::CardCache;

/// One dealer after [`derive`]: its pages, the cars' pages still to be made.
pub struct Derived<'a> {
    /// The dealer's configuration.
    pub dealer: Dealer,
    /// Stock accepted (recorded in the manifest for the next guard).
    pub stock_count: usize,
    /// Every page of the site but its cars' own, in page order.
    pub pages: Vec<Page>,
    /// Where the cars' pages stand among `pages` (after home).
    pub cars_at: usize,
    /// The cars' pages, made on demand: [`render`](fn@super::render) makes them a few
    /// cars at a time, just before rendering them.
    pub cars: CarPages<'a>,
    /// The site's data files (`domain::view::site_files`).
    pub files: Vec<SiteFile>,
}

impl Derived<'_> {
    /// Every page of the site, in page order (the cars' pages in stock order), its cars'
    /// pages made now: what [`render`](fn@super::render) renders, without rendering it.
    pub fn pages(&self) -> Vec<Page> {
        let mut pages = self.pages.clone();
        let cars = self
            .cars
            .cars()
            .iter()
            .flat_map(|car| self.cars.pages_of(car).pages);
        pages.splice(self.cars_at..self.cars_at, cars);
        pages
    }
}

/// Phase 2: the pages and data files of one dealer (`domain::view::site_pages_by_car`)
/// in the build's view context, with the cards of its stock made once for the build.
pub fn derive<'a>(
    stock: &'a DealerStock,
    ctx: &'a ViewContext<'a>,
    cards: &'a CardCache<'a>,
) -> Result<Derived<'a>, String> {
    let slug = stock.slug();
    let files = site_files(&stock.dealer, &stock.cars, ctx.now)
        .map_err(|e| format!("{slug}: the site's data files do not serialize: {e}"))?;
    let SitePages {
        mut pages,
        made_at,
        cars,
        searches,
    } = site_pages_by_car(ctx, &stock.cars, cards);
    // The search landing pages, on every core, where they stand among the pages.
    let search_pages: Vec<Page> = searches
        .routes()
        .par_iter()
        .map(|route| searches.page_of(route))
        .collect();
    pages.splice(made_at..made_at, search_pages);
    Ok(Derived {
        stock_count: stock.cars.len(),
        pages,
        cars_at: made_at,
        cars,
        files,
        dealer: stock.dealer.clone(),
    })
}
