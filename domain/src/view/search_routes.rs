//! The search landing routes (seed 000 s2, seed 001 s2): every route a dealer's stock
//! gives, with the filters it fixes, and which cars match them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::card::car_location_name;
use super::names::car_type_label;
use super::site::ViewContext;
use super::slug::slugify;
use super::words::{categories_of, heading_noun, joined, make_and_model, with_noun};
use crate::car::{Car, CarType};
use crate::config::SearchFilter;
use crate::routes;

/// The route of the default search page.
pub const ALL_STOCK_ROUTE: &str = routes::ALL_STOCK.pattern;

/// Seed 001 s2: "/search (cars)", every car.
pub const CARS_ROUTE: &str = routes::CARS.pattern;

/// A filter a landing route fixes (sent as `menu[facet]=value`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FixedFilter {
    /// Facet name of the search endpoint, e.g. "make".
    pub facet: String,
    /// Value, e.g. "Toyota".
    pub value: String,
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

pub(super) fn fixed(facet: &str, value: &str) -> FixedFilter {
    FixedFilter {
        facet: facet.to_string(),
        value: value.to_string(),
    }
}

/// The value a car has for a search facet, as the search index derives it.
pub(super) fn facet_values(car: &Car, facet: &str) -> Vec<String> {
    let one = |v: Option<&str>| {
        v.map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
            .into_iter()
            .collect()
    };
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
        "state" => one(car
            .state
            .as_deref()
            .or(car.location.as_ref().and_then(|l| l.state.as_deref()))),
        "certified" => vec![car.certified.to_string()],
        _ => Vec::new(),
    }
}

pub(super) fn matches(car: &Car, filters: &[FixedFilter]) -> bool {
    filters.iter().all(|f| {
        facet_values(car, &f.facet)
            .iter()
            .any(|v| v.eq_ignore_ascii_case(&f.value))
    })
}

/// Every landing route of a dealer's stock, without duplicate paths: the all-stock page,
/// the car type pages, new-and-demo, each make, each make and model, each body and each
/// location (`/search/{location slug}`). A make, body or location whose slug is taken by
/// an earlier route keeps only the earlier route.
pub fn search_routes(ctx: &ViewContext<'_>, cars: &[Car]) -> Vec<SearchRoute> {
    let mut routes: Vec<SearchRoute> = Vec::new();
    let push =
        |routes: &mut Vec<SearchRoute>, path: String, title: String, filters: Vec<FixedFilter>| {
            if !routes.iter().any(|r| r.path == path) {
                routes.push(SearchRoute {
                    path,
                    title,
                    fixed: filters,
                });
            }
        };
    let dealer = ctx.dealer;
    let name = &dealer.config.name;
    // Headings use the dealer's vehicle words (words.rs) and name only car types it has.
    let noun_of = |set: &mut dyn Iterator<Item = &Car>| heading_noun(&categories_of(dealer, set));
    let all_noun = noun_of(&mut cars.iter());
    // Titles have always read "New, Used and Demo".
    const TITLE_ORDER: [CarType; 3] = [CarType::New, CarType::Used, CarType::Demo];
    let mut types: Vec<CarType> = TITLE_ORDER
        .into_iter()
        .filter(|t| cars.iter().any(|c| c.car_type == *t))
        .collect();
    if types.is_empty() {
        types = TITLE_ORDER
            .into_iter()
            .filter(|t| dealer.config.car_types.contains(t))
            .collect();
    }
    let type_words = |types: &[CarType]| {
        joined(
            &types
                .iter()
                .map(|t| car_type_label(*t).to_string())
                .collect::<Vec<_>>(),
        )
    };
    let type_noun = |t: CarType| {
        let of_type: Vec<&Car> = cars.iter().filter(|c| c.car_type == t).collect();
        if of_type.is_empty() {
            all_noun.clone()
        } else {
            noun_of(&mut of_type.into_iter())
        }
    };
    push(
        &mut routes,
        ALL_STOCK_ROUTE.to_string(),
        format!("{} {all_noun} for Sale | {name}", type_words(&types))
            .trim_start()
            .to_string(),
        vec![],
    );
    push(
        &mut routes,
        CARS_ROUTE.to_string(),
        format!("{all_noun} for Sale | {name}"),
        vec![],
    );
    for car_type in CarType::ORDER {
        push(
            &mut routes,
            super::links::car_type_search_path(car_type),
            format!(
                "{} {} for Sale | {name}",
                car_type_label(car_type),
                type_noun(car_type)
            ),
            vec![fixed("car_type", car_type.as_str())],
        );
    }
    // Seed 001 s2: some dealers link their stock as /used-car/{car type}.
    if dealer.config.search.used_car_path_variant {
        for car_type in CarType::ORDER {
            push(
                &mut routes,
                super::links::car_type_path(car_type, &dealer.config.search),
                format!(
                    "{} {} for Sale | {name}",
                    car_type_label(car_type),
                    type_noun(car_type)
                ),
                vec![fixed("car_type", car_type.as_str())],
            );
        }
    }
    // "Demo" only where the dealer has demo stock.
    let new_and_demo: Vec<CarType> = [CarType::New, CarType::Demo]
        .into_iter()
        .filter(|t| *t == CarType::New || types.contains(t))
        .collect();
    let new_and_demo_cars: Vec<&Car> = cars
        .iter()
        .filter(|c| new_and_demo.contains(&c.car_type))
        .collect();
    let new_and_demo_noun = if new_and_demo_cars.is_empty() {
        all_noun.clone()
    } else {
        noun_of(&mut new_and_demo_cars.into_iter())
    };
    push(
        &mut routes,
        "/search/new-and-demo-cars".to_string(),
        format!(
            "{} {new_and_demo_noun} for Sale | {name}",
            type_words(&new_and_demo)
        ),
        vec![fixed("categories", "new-and-demo")],
    );
    // make slug -> (make, model slug -> model, the make's cars)
    type Makes<'c> = BTreeMap<String, (String, BTreeMap<String, String>, Vec<&'c Car>)>;
    let mut makes: Makes<'_> = BTreeMap::new();
    let mut bodies: BTreeMap<String, (String, Vec<&Car>)> = BTreeMap::new();
    for car in cars {
        let make_slug = slugify(&car.make);
        if !make_slug.is_empty() {
            let entry = makes
                .entry(make_slug)
                .or_insert_with(|| (car.make.trim().to_string(), BTreeMap::new(), Vec::new()));
            entry.2.push(car);
            let model_slug = slugify(&car.model);
            if !model_slug.is_empty() {
                entry
                    .1
                    .entry(model_slug)
                    .or_insert_with(|| car.model.trim().to_string());
            }
        }
        if let Some(body) = car
            .simple_body
            .as_deref()
            .map(str::trim)
            .filter(|b| !slugify(b).is_empty())
        {
            bodies
                .entry(slugify(body))
                .or_insert_with(|| (body.to_string(), Vec::new()))
                .1
                .push(car);
        }
    }
    for (make_slug, (make, models, of_make)) in &makes {
        let noun = noun_of(&mut of_make.iter().copied());
        push(
            &mut routes,
            routes::SEARCH.path(&[make_slug]),
            format!("{} for Sale | {name}", with_noun(make, &noun)),
            vec![fixed("make", make)],
        );
        for (model_slug, model) in models {
            push(
                &mut routes,
                routes::SEARCH_MODEL.path(&[make_slug, model_slug]),
                format!("{} for Sale | {name}", make_and_model(make, model)),
                vec![fixed("make", make), fixed("model", model)],
            );
        }
    }
    for (body_slug, (body, of_body)) in &bodies {
        let noun = noun_of(&mut of_body.iter().copied());
        push(
            &mut routes,
            routes::SEARCH.path(&[body_slug]),
            format!("{} for Sale | {name}", with_noun(body, &noun)),
            vec![fixed("body", body)],
        );
    }
    for location in dealer.locations.iter().filter(|l| l.visible) {
        push(
            &mut routes,
            routes::SEARCH.path(&[&location.slug]),
            format!("{all_noun} for Sale at {} | {name}", location.name),
            vec![fixed("location_name", &location.name)],
        );
    }
    routes
}

/// The endpoint's facet name of a filter widget with values, if it has one.
pub(super) fn value_facet(filter: SearchFilter) -> Option<(&'static str, &'static str)> {
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
        SearchFilter::SubscriptionPrice => return None,
        SearchFilter::Berths | SearchFilter::Length | SearchFilter::Atm => return None,
    })
}
