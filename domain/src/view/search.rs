//! Search landing pages (seed 000 s2, seed 001 s2): every route with its fixed filter,
//! its first page of results (latest first) and the facet counts of the dealer's stock
//! matching that filter. After hydration the page asks `GET /api/search` with the URL
//! state; the facet names here are the ones that endpoint takes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};
use crate::config::{SearchFilter, SortOption};
use crate::messages;
use crate::rules::availability::{car_type_rank, collapse_sold_runs, is_available};

use super::card::{car_location_name, card_view, CardView};
use super::site::ViewContext;
use super::slug::slugify;
use super::vehicle::car_type_label;

/// The route of the default search page.
pub const ALL_STOCK_ROUTE: &str = "/search/new-used-and-demo-cars";
/// The default sort of a landing page (seed: latest first), as `sortBy` names it.
pub const DEFAULT_SORT: &str = "latest";
/// The search endpoint the page queries after hydration.
pub const SEARCH_API_PATH: &str = "/api/search";

/// A filter a landing route fixes (sent as `menu[facet]=value`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FixedFilter {
    /// Facet name of the search endpoint, e.g. "make".
    pub facet: String,
    /// Value, e.g. "Toyota".
    pub value: String,
}

/// One facet value with its count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FacetItemView {
    /// Text shown.
    pub label: String,
    /// Value for `refinementList[facet][i]`.
    pub value: String,
    /// Matching cars.
    #[ts(type = "number")]
    pub count: u64,
}

/// A value facet of the sidebar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FacetView {
    /// Facet name of the search endpoint.
    pub facet: String,
    /// Heading.
    pub label: String,
    /// Values, most cars first (car types in the order new, demo, used).
    pub items: Vec<FacetItemView>,
}

/// A numeric range of the sidebar (`range[facet]=min:max`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RangeView {
    /// Range field name of the search endpoint.
    pub facet: String,
    /// Heading.
    pub label: String,
    /// Lowest value in the matching stock.
    pub min: f64,
    /// Highest value in the matching stock.
    pub max: f64,
}

/// A sort option (`sortBy` value and label).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SortOptionView {
    /// `sortBy` value.
    pub value: String,
    /// Label.
    pub label: String,
}

/// A search landing page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SearchPageView {
    /// Route, e.g. "/search/toyota".
    pub route: String,
    /// Page heading.
    pub title: String,
    /// Filters the route fixes.
    pub fixed_filters: Vec<FixedFilter>,
    /// The first page of results, latest first, consecutive sold cars collapsed.
    pub hits: Vec<CardView>,
    /// Matching cars.
    #[ts(type = "number")]
    pub count: u64,
    /// Number of pages.
    pub pages: u32,
    /// Hits per page.
    pub page_size: u32,
    /// The sort of `hits`.
    pub sort_by: String,
    /// Sort options offered.
    pub sort_options: Vec<SortOptionView>,
    /// Value facets, in the dealer's filter order.
    pub facets: Vec<FacetView>,
    /// Numeric ranges, in the dealer's filter order.
    pub ranges: Vec<RangeView>,
    /// The search endpoint.
    pub api_path: String,
    /// Answers kept in the client cache (oldest dropped when full).
    pub cache_size: u32,
}

/// A landing route and what it fixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRoute {
    /// Path.
    pub path: String,
    /// Heading.
    pub title: String,
    /// Fixed filters.
    pub fixed: Vec<FixedFilter>,
}

fn fixed(facet: &str, value: &str) -> FixedFilter {
    FixedFilter { facet: facet.to_string(), value: value.to_string() }
}

/// The value a car has for a search facet, as the search index derives it.
fn facet_values(car: &Car, facet: &str) -> Vec<String> {
    let one = |v: Option<&str>| v.map(str::trim).filter(|v| !v.is_empty()).map(str::to_string).into_iter().collect();
    match facet {
        "car_type" => vec![car.car_type.as_str().to_string()],
        "categories" => match car.car_type {
            CarType::New => vec!["new".into(), "new-and-demo".into()],
            CarType::Demo => vec!["demo".into(), "new-and-demo".into()],
            CarType::Used => vec!["used".into()],
        },
        "make" => one(Some(&car.make)),
        "model" => one(Some(&car.model)),
        "colour" => one(car.colour.as_deref()),
        "body" => one(car.simple_body.as_deref()),
        "transmission" => one(car.simple_transmission.as_deref()),
        "fuel" => one(car.simple_fuel.as_deref()),
        "drive" => one(car.simple_drive.as_deref()),
        "year" => vec![car.year.to_string()],
        "seats" => car.seats.map(|s| s.to_string()).into_iter().collect(),
        "location_name" => car_location_name(car).into_iter().collect(),
        "tag" => one(car.tag.as_deref()),
        "state" => one(car.state.as_deref().or(car.location.as_ref().and_then(|l| l.state.as_deref()))),
        "certified" => vec![car.certified.to_string()],
        _ => Vec::new(),
    }
}

fn matches(car: &Car, filters: &[FixedFilter]) -> bool {
    filters
        .iter()
        .all(|f| facet_values(car, &f.facet).iter().any(|v| v.eq_ignore_ascii_case(&f.value)))
}

/// Every landing route of a dealer's stock, without duplicate paths: the all-stock page,
/// the car type pages, new-and-demo, each make, each make and model, each body and each
/// location (`/search/{location slug}`). A make, body or location whose slug is taken by
/// an earlier route keeps only the earlier route.
pub fn search_routes(ctx: &ViewContext<'_>, cars: &[Car]) -> Vec<SearchRoute> {
    let mut routes: Vec<SearchRoute> = Vec::new();
    let push = |routes: &mut Vec<SearchRoute>, path: String, title: String, filters: Vec<FixedFilter>| {
        if !routes.iter().any(|r| r.path == path) {
            routes.push(SearchRoute { path, title, fixed: filters });
        }
    };
    let name = &ctx.dealer.config.name;
    push(&mut routes, ALL_STOCK_ROUTE.to_string(), format!("New, Used and Demo Cars for Sale | {name}"), vec![]);
    for car_type in CarType::ORDER {
        push(
            &mut routes,
            format!("/search/{}-cars", car_type.as_str()),
            format!("{} Cars for Sale | {name}", car_type_label(car_type)),
            vec![fixed("car_type", car_type.as_str())],
        );
    }
    push(
        &mut routes,
        "/search/new-and-demo-cars".to_string(),
        format!("New and Demo Cars for Sale | {name}"),
        vec![fixed("categories", "new-and-demo")],
    );
    let mut makes: BTreeMap<String, (String, BTreeMap<String, String>)> = BTreeMap::new();
    let mut bodies: BTreeMap<String, String> = BTreeMap::new();
    for car in cars {
        let make_slug = slugify(&car.make);
        if !make_slug.is_empty() {
            let entry = makes.entry(make_slug).or_insert_with(|| (car.make.trim().to_string(), BTreeMap::new()));
            let model_slug = slugify(&car.model);
            if !model_slug.is_empty() {
                entry.1.entry(model_slug).or_insert_with(|| car.model.trim().to_string());
            }
        }
        if let Some(body) = car.simple_body.as_deref().map(str::trim).filter(|b| !slugify(b).is_empty()) {
            bodies.entry(slugify(body)).or_insert_with(|| body.to_string());
        }
    }
    for (make_slug, (make, models)) in &makes {
        push(&mut routes, format!("/search/{make_slug}"), format!("{make} Cars for Sale | {name}"), vec![fixed("make", make)]);
        for (model_slug, model) in models {
            push(
                &mut routes,
                format!("/search/{make_slug}/{model_slug}"),
                format!("{make} {model} for Sale | {name}"),
                vec![fixed("make", make), fixed("model", model)],
            );
        }
    }
    for (body_slug, body) in &bodies {
        push(&mut routes, format!("/search/{body_slug}"), format!("{body} Cars for Sale | {name}"), vec![fixed("body", body)]);
    }
    for location in ctx.dealer.locations.iter().filter(|l| l.visible) {
        push(
            &mut routes,
            format!("/search/{}", location.slug),
            format!("Cars for Sale at {} | {name}", location.name),
            vec![fixed("location_name", &location.name)],
        );
    }
    routes
}

/// The endpoint's facet name of a filter widget with values, if it has one.
fn value_facet(filter: SearchFilter) -> Option<(&'static str, &'static str)> {
    Some(match filter {
        SearchFilter::CarType => ("car_type", "Condition"),
        SearchFilter::Make => ("make", "Make"),
        SearchFilter::Model => ("model", "Model"),
        SearchFilter::Body => ("body", "Body Type"),
        SearchFilter::Colour => ("colour", "Colour"),
        SearchFilter::Transmission => ("transmission", "Transmission"),
        SearchFilter::FuelType => ("fuel", "Fuel Type"),
        SearchFilter::Drive => ("drive", "Drive"),
        SearchFilter::Seats => ("seats", "Seats"),
        SearchFilter::Location => ("location_name", "Dealership"),
        SearchFilter::Tag => ("tag", "Tag"),
        SearchFilter::State => ("state", "State"),
        SearchFilter::Certified => ("certified", "Certified Pre-Owned"),
        SearchFilter::Year | SearchFilter::Price | SearchFilter::Odometer => return None,
        SearchFilter::Distance | SearchFilter::WeeklyPrice => return None,
    })
}

/// The endpoint's range field of a filter widget, if it is a range.
fn range_facet(filter: SearchFilter) -> Option<(&'static str, &'static str)> {
    match filter {
        SearchFilter::Price => Some(("price", "Price")),
        SearchFilter::Odometer => Some(("km", "Kilometres")),
        SearchFilter::Year => Some(("year", "Year")),
        _ => None,
    }
}

fn facet_label(facet: &str, value: &str) -> String {
    if facet == "car_type" {
        if let Some(t) = CarType::parse(value) {
            return car_type_label(t).to_string();
        }
    }
    if facet == "certified" {
        return if value == "true" { "Yes".to_string() } else { "No".to_string() };
    }
    value.to_string()
}

/// Value facets of `cars` for the dealer's filters. The model facet is listed only once
/// a make is selected (seed 000 s4), i.e. on routes that fix a make.
pub fn facets(cars: &[&Car], filters: &[SearchFilter], fixed: &[FixedFilter]) -> Vec<FacetView> {
    let make_fixed = fixed.iter().any(|f| f.facet == "make");
    filters
        .iter()
        .filter_map(|f| value_facet(*f))
        .filter(|(facet, _)| *facet != "model" || make_fixed)
        .map(|(facet, label)| {
            let mut counts: BTreeMap<String, u64> = BTreeMap::new();
            for car in cars {
                for value in facet_values(car, facet) {
                    *counts.entry(value).or_default() += 1;
                }
            }
            let mut items: Vec<FacetItemView> = counts
                .into_iter()
                .map(|(value, count)| FacetItemView { label: facet_label(facet, &value), value, count })
                .collect();
            if facet == "car_type" {
                items.sort_by_key(|i| CarType::parse(&i.value).map_or(usize::MAX, car_type_rank));
            } else {
                items.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
            }
            FacetView { facet: facet.to_string(), label: label.to_string(), items }
        })
        .filter(|f| !f.items.is_empty())
        .collect()
}

/// Numeric ranges of `cars` for the dealer's filters.
pub fn ranges(cars: &[&Car], filters: &[SearchFilter]) -> Vec<RangeView> {
    filters
        .iter()
        .filter_map(|f| range_facet(*f))
        .filter_map(|(facet, label)| {
            let values: Vec<f64> = cars
                .iter()
                .filter_map(|c| match facet {
                    "price" => c.visible_price(),
                    "km" => c.km.map(f64::from),
                    _ => Some(f64::from(c.year)),
                })
                .collect();
            let min = values.iter().copied().reduce(f64::min)?;
            let max = values.iter().copied().reduce(f64::max)?;
            Some(RangeView { facet: facet.to_string(), label: label.to_string(), min, max })
        })
        .collect()
}

/// The `sortBy` value and label of a sort option (the search endpoint's names).
pub fn sort_option(option: SortOption) -> SortOptionView {
    let (value, label) = match option {
        SortOption::MostRelevant => ("relevance", messages::SORT_MOST_RELEVANT),
        SortOption::Latest => (DEFAULT_SORT, messages::SORT_LATEST),
        SortOption::HighestPrice => ("price_desc", messages::SORT_HIGHEST_PRICE),
        SortOption::LowestPrice => ("price_asc", messages::SORT_LOWEST_PRICE),
        SortOption::LowestKm => ("km:asc", "lowest kilometres"),
        SortOption::NewestYear => ("year:desc", "newest year"),
        SortOption::OldestYear => ("year:asc", "oldest year"),
    };
    SortOptionView { value: value.to_string(), label: label.to_string() }
}

/// The order of a landing page's results (and of the search index's documents): latest
/// first; ties by id so a build is reproducible.
pub fn latest_first(a: &Car, b: &Car) -> std::cmp::Ordering {
    b.created_at.cmp(&a.created_at).then_with(|| a.id.cmp(&b.id))
}

/// The landing page of `route` over the dealer's stock.
pub fn search_page_view(route: &SearchRoute, cars: &[Car], ctx: &ViewContext<'_>) -> SearchPageView {
    let search = &ctx.dealer.config.search;
    let page_size = search.page_size.max(1);
    let mut matching: Vec<&Car> = cars.iter().filter(|c| matches(c, &route.fixed)).collect();
    matching.sort_by(|a, b| latest_first(a, b));
    let available: Vec<bool> = matching.iter().map(|c| is_available(c)).collect();
    let hits = collapse_sold_runs(&available).into_iter().take(page_size).map(|i| card_view(matching[i], ctx)).collect();
    let count = matching.len() as u64;
    SearchPageView {
        route: route.path.clone(),
        title: route.title.split(" | ").next().unwrap_or(&route.title).to_string(),
        fixed_filters: route.fixed.clone(),
        hits,
        count,
        pages: u32::try_from(count.div_ceil(page_size as u64)).unwrap_or(u32::MAX),
        page_size: u32::try_from(page_size).unwrap_or(u32::MAX),
        sort_by: DEFAULT_SORT.to_string(),
        sort_options: search.sort_options.iter().map(|o| sort_option(*o)).collect(),
        facets: facets(&matching, &search.filters, &route.fixed),
        ranges: ranges(&matching, &search.filters),
        api_path: SEARCH_API_PATH.to_string(),
        cache_size: u32::try_from(search.cache_size).unwrap_or(u32::MAX),
    }
}
