//! Search landing pages (seed 000 s2, seed 001 s2): every route with its fixed filter,
//! its first page of results (latest first) and the facet counts of the dealer's stock
//! matching that filter. After hydration the page asks `GET /api/search` with the URL
//! state; the facet names here are the ones that endpoint takes.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};
use crate::config::{SearchFilter, SortOption};
use crate::entities::{Location, PromoContent, PromoNode};
use crate::messages;
use crate::rules::availability::{
    car_type_rank, collapse_sold_runs, is_available, order_car_types,
};
use crate::rules::constants::{
    DEFAULT_RADIUS_KM, DISTANCE_CHOICES_KM, MAKES_SHOWN_FIRST, MODEL_LIST_LIMIT,
    POPULAR_MAKES_COUNT, SEARCH_BOX_DEBOUNCE_MS, SLIDER_DEBOUNCE_MS,
};
use crate::rules::slider::{SliderKind, DEFAULT_SLIDER_MAX};

use super::card::{car_location_name, weekly_amount, CardView, Cards};
use super::images::asset_url;
use super::names::car_type_label;
use super::offer_cards::links_to_ended;
use super::price_slider::SORT_PRICE_DESC;
use super::site::ViewContext;
use super::words::{categories_of, count_words, VehicleWords};

use super::search_routes::{facet_values, matches, value_facet};
pub use super::search_routes::{
    search_routes, FixedFilter, SearchRoute, ALL_STOCK_ROUTE, CARS_ROUTE,
};

/// The default sort of a landing page (seed: latest first), as `sortBy` names it.
pub const DEFAULT_SORT: &str = "latest";
/// The search endpoint the page queries after hydration.
pub const SEARCH_API_PATH: &str = "/api/search";

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
    /// Logo of a tile (the brand's logo for a make), when there is one.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
}

/// How a value facet is shown (seed 000 s2: checkbox or tile facets, a dealership picker).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FacetWidget {
    /// A checkbox per value with its count.
    Checkbox,
    /// A tile per value: logo (when known), label and count (config `search.tile_filters`).
    Tiles,
    /// The dealership picker: one location, required when applied (seed 000 s5).
    Picker,
}

/// A dealership of the picker (seed 000 s3 "Dealership picker fields: dealership_name,
/// location_id, dealership_id, dealership_slug"). Picking it searches with the seed 000 s2
/// dealer search parameter `locationId`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DealershipPick {
    /// Name shown (the location's dealership name, else its name).
    pub dealership_name: String,
    /// The location's id: the `locationId` of the search.
    #[ts(type = "number")]
    pub location_id: u64,
    /// The dealership's id, where the location names one.
    #[ts(type = "number | null")]
    pub dealership_id: Option<u64>,
    /// The dealership's slug, where the location names one.
    pub dealership_slug: Option<String>,
    /// The facet value of the location's cars, whose count the picker shows.
    pub value: String,
}

/// A value facet of the sidebar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FacetView {
    /// Facet name of the search endpoint.
    pub facet: String,
    /// Heading.
    pub label: String,
    /// How it is shown.
    pub widget: FacetWidget,
    /// Values, most cars first (car types in the order new, demo, used).
    pub items: Vec<FacetItemView>,
    /// The dealership picker's dealerships: the dealer's locations holding the cars of
    /// `items`, in the items' order (empty for other widgets).
    pub dealerships: Vec<DealershipPick>,
}

/// What a range counts, for its labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum RangeUnit {
    /// Dollars, e.g. "$12,000".
    Dollars,
    /// Dollars a week, e.g. "$120/wk".
    DollarsPerWeek,
    /// A subscription price, e.g. "$150 / week" (seed 000 s9: "price ranges for
    /// subscription prices add / week").
    SubscriptionPerWeek,
    /// Kilometres, e.g. "12,000 km".
    Km,
    /// A plain number (year).
    Plain,
}

/// A numeric range of the sidebar (`range[facet]=min:max`): a two-thumb slider with
/// number inputs, under the slider rules of `crate::rules::slider`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RangeView {
    /// Range field name of the search endpoint.
    pub facet: String,
    /// Heading.
    pub label: String,
    /// Lowest value in the matching stock.
    pub min: f64,
    /// Highest value in the matching stock (the default slider max when the stock has none).
    pub max: f64,
    /// Rounding rule (price and km round to the nearest 1000).
    pub kind: SliderKind,
    /// What the values count.
    pub unit: RangeUnit,
}

/// The distance picker (seed 000 s2/s9): the shopper's postcode and a radius.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DistanceView {
    /// Radius choices, km.
    pub choices_km: Vec<u32>,
    /// The radius picked at first, km.
    pub default_km: u32,
}

/// Limits and pauses of the search widgets (seed 000 s5/s9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SearchLimits {
    /// Makes shown before Show all makes.
    pub makes_shown_first: u32,
    /// Makes under Popular Makes, on the dealer that groups them (All Makes follows).
    pub popular_makes: Option<u32>,
    /// Models listed once a make is selected.
    pub model_list_limit: u32,
    /// Pause before the search box writes the query, ms.
    #[ts(type = "number")]
    pub search_box_debounce_ms: u64,
    /// Pause before a slider change applies, ms.
    #[ts(type = "number")]
    pub slider_debounce_ms: u64,
    /// Slider maximum when a facet has none.
    pub default_slider_max: f64,
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
    /// The trail above the heading (home, a model's make, the page), as its markup says.
    #[serde(default)]
    pub breadcrumbs: Vec<super::crumbs::Crumb>,
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
    /// The dealer lists the model filter: its list shows once a make is selected (seed
    /// 000 s4), or always where the dealer has no make filter.
    pub model_filter: bool,
    /// The distance picker, when the dealer lists it.
    pub distance: Option<DistanceView>,
    /// Widget limits and pauses.
    pub limits: SearchLimits,
    /// Car types the route restricts the search to (none: every type), new, demo, used.
    pub car_types: Vec<CarType>,
    /// Promo cards not yet expired at the build, as configured; the grid shows those
    /// within their dates on the shopper's day, for the searched car types.
    pub promos: Vec<PromoNode>,
    /// The build day (YYYY-MM-DD): the server-rendered grid places promos as of it.
    pub today: String,
    /// Offer the carousel mode of the results (config `search.carousel`).
    pub carousel: bool,
    /// What the counts call the route's stock ("12 motorcycles found"; words.rs).
    pub vehicle_words: VehicleWords,
    /// The sidebar's widgets in the dealer's filter order: facet and range names, and
    /// "distance" for the distance picker.
    pub order: Vec<String>,
}

/// The endpoint's range field of a filter widget, if it is a range, with its heading,
/// rounding rule and unit.
fn range_facet(
    filter: SearchFilter,
) -> Option<(&'static str, &'static str, SliderKind, RangeUnit)> {
    match filter {
        SearchFilter::Price => Some(("price", "Price", SliderKind::Price, RangeUnit::Dollars)),
        SearchFilter::Odometer => Some(("km", "Kilometres", SliderKind::Km, RangeUnit::Km)),
        SearchFilter::Year => Some(("year", "Year", SliderKind::Other, RangeUnit::Plain)),
        SearchFilter::WeeklyPrice => Some((
            "weekly_price",
            "Weekly Price",
            SliderKind::Other,
            RangeUnit::DollarsPerWeek,
        )),
        SearchFilter::SubscriptionPrice => Some((
            "subscription_price",
            "Subscription",
            SliderKind::Other,
            RangeUnit::SubscriptionPerWeek,
        )),
        SearchFilter::Berths => Some(("berths", "Berths", SliderKind::Other, RangeUnit::Plain)),
        SearchFilter::Length => {
            Some(("length", "Length (mm)", SliderKind::Other, RangeUnit::Plain))
        }
        SearchFilter::Atm => Some(("atm", "ATM (kg)", SliderKind::Other, RangeUnit::Plain)),
        _ => None,
    }
}

/// A caravan's specification number (the search index's `berths`, `length`, `atm`): a
/// number or a string of one, above 0.
fn spec_number(value: Option<&serde_json::Value>) -> Option<f64> {
    let n = match value? {
        serde_json::Value::Number(n) => n.as_f64(),
        serde_json::Value::String(s) => s.trim().replace(',', "").parse::<f64>().ok(),
        _ => None,
    }?;
    (n.is_finite() && n > 0.0).then_some(n)
}

/// The name of a filter widget in [`SearchPageView::order`].
fn widget_name(filter: SearchFilter) -> &'static str {
    value_facet(filter)
        .map(|(name, _)| name)
        .or_else(|| range_facet(filter).map(|(name, ..)| name))
        .unwrap_or("distance")
}

/// How the dealer shows a value filter.
fn widget(filter: SearchFilter, tiles: &[SearchFilter]) -> FacetWidget {
    if filter == SearchFilter::Location {
        FacetWidget::Picker
    } else if tiles.contains(&filter) {
        FacetWidget::Tiles
    } else {
        FacetWidget::Checkbox
    }
}

fn facet_label(facet: &str, value: &str) -> String {
    if facet == "car_type" {
        if let Some(t) = CarType::parse(value) {
            return car_type_label(t).to_string();
        }
    }
    if facet == "certified" {
        return if value == "true" {
            "Yes".to_string()
        } else {
            "No".to_string()
        };
    }
    value.to_string()
}

/// Value facets of `cars` for the dealer's filters. The model facet is listed only once
/// a make is selected (seed 000 s4), i.e. on routes that fix a make, or where the dealer
/// has no make filter to select one with. `tiles` are the filters shown as tiles and
/// `logos` the logo of a value by facet (a make's brand logo).
pub fn facets(
    cars: &[&Car],
    filters: &[SearchFilter],
    fixed: &[FixedFilter],
    tiles: &[SearchFilter],
    logos: &BTreeMap<(&str, String), String>,
) -> Vec<FacetView> {
    let make_fixed =
        fixed.iter().any(|f| f.facet == "make") || !filters.contains(&SearchFilter::Make);
    filters
        .iter()
        .filter_map(|f| value_facet(*f).map(|(facet, label)| (facet, label, widget(*f, tiles))))
        .filter(|(facet, _, _)| *facet != "model" || make_fixed)
        .map(|(facet, label, widget)| {
            let mut counts: BTreeMap<String, u64> = BTreeMap::new();
            for car in cars {
                for value in facet_values(car, facet) {
                    *counts.entry(value).or_default() += 1;
                }
            }
            let mut items: Vec<FacetItemView> = counts
                .into_iter()
                .map(|(value, count)| FacetItemView {
                    label: facet_label(facet, &value),
                    logo: logos.get(&(facet, value.to_lowercase())).cloned(),
                    value,
                    count,
                })
                .collect();
            if facet == "car_type" {
                items.sort_by_key(|i| CarType::parse(&i.value).map_or(usize::MAX, car_type_rank));
            } else {
                items.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
            }
            FacetView {
                facet: facet.to_string(),
                label: label.to_string(),
                widget,
                items,
                dealerships: Vec::new(),
            }
        })
        .filter(|f| !f.items.is_empty())
        .collect()
}

/// The picker's dealerships of `facet` (a `location_name` picker): for each item, the
/// dealer location its cars are held at (matched by the car's location slug).
fn dealership_picks(
    facet: &FacetView,
    cars: &[&Car],
    locations: &[Location],
) -> Vec<DealershipPick> {
    let mut by_value: HashMap<String, &Location> = HashMap::new();
    for car in cars {
        let (Some(value), Some(at)) = (car_location_name(car), car.location.as_ref()) else {
            continue;
        };
        if let Some(location) = locations.iter().find(|l| l.visible && l.slug == at.slug) {
            by_value.entry(value.to_lowercase()).or_insert(location);
        }
    }
    facet
        .items
        .iter()
        .filter_map(|item| {
            let l = by_value.get(&item.value.to_lowercase())?;
            Some(DealershipPick {
                dealership_name: l
                    .dealership_name
                    .clone()
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or_else(|| l.name.clone()),
                location_id: l.id,
                dealership_id: l.dealership_id,
                dealership_slug: l.dealership_slug.clone(),
                value: item.value.clone(),
            })
        })
        .collect()
}

/// Numeric ranges of `cars` for the dealer's filters; `weekly` is a car's weekly price
/// (as the search index has it). A range no car has a value for is left out.
pub fn ranges(
    cars: &[&Car],
    filters: &[SearchFilter],
    weekly: impl Fn(&Car) -> Option<f64>,
) -> Vec<RangeView> {
    filters
        .iter()
        .filter_map(|f| range_facet(*f))
        .filter_map(|(facet, label, kind, unit)| {
            let values: Vec<f64> = cars
                .iter()
                .filter_map(|c| match facet {
                    "price" => c.visible_price(),
                    "km" => c.km.map(f64::from),
                    "weekly_price" => weekly(c),
                    "subscription_price" => c.subscription_price.filter(|p| p.is_finite()),
                    "berths" => spec_number(c.variant.berths.as_ref()),
                    "length" => spec_number(c.variant.vehiclelength.as_ref()),
                    "atm" => spec_number(c.variant.atm.as_ref()),
                    _ => Some(f64::from(c.year)),
                })
                .collect();
            let min = values.iter().copied().reduce(f64::min)?;
            let max = values
                .iter()
                .copied()
                .reduce(f64::max)
                .unwrap_or(DEFAULT_SLIDER_MAX);
            Some(RangeView {
                facet: facet.to_string(),
                label: label.to_string(),
                min,
                max,
                kind,
                unit,
            })
        })
        .collect()
}

/// Seed 000 s4 promos: the car types a route restricts the search to, from its fixed
/// car type or category (new-and-demo is new and demo); none for every type.
pub fn route_car_types(fixed: &[FixedFilter]) -> Vec<CarType> {
    let mut types = Vec::new();
    for f in fixed {
        match f.facet.as_str() {
            "car_type" => types.extend(CarType::parse(&f.value)),
            "categories" if f.value == "new-and-demo" => {
                types.extend([CarType::New, CarType::Demo])
            }
            "categories" => types.extend(CarType::parse(&f.value)),
            _ => {}
        }
    }
    order_car_types(&types)
}

/// The logo of a make tile: the dealer's brand of that name with a logo.
fn make_logos(ctx: &ViewContext<'_>) -> BTreeMap<(&'static str, String), String> {
    ctx.dealer
        .brands
        .iter()
        .filter_map(|b| {
            Some((
                ("make", b.name.trim().to_lowercase()),
                asset_url(b.logo.as_deref()?.trim()),
            ))
        })
        .filter(|(_, url)| !url.is_empty() && url != "/")
        .collect()
}

/// The `sortBy` value and label of a sort option (the search endpoint's names).
pub fn sort_option(option: SortOption) -> SortOptionView {
    let (value, label) = match option {
        SortOption::MostRelevant => ("relevance", messages::SORT_MOST_RELEVANT),
        SortOption::Latest => (DEFAULT_SORT, messages::SORT_LATEST),
        SortOption::HighestPrice => (SORT_PRICE_DESC, messages::SORT_HIGHEST_PRICE),
        SortOption::LowestPrice => ("price_asc", messages::SORT_LOWEST_PRICE),
        SortOption::LowestKm => ("km:asc", "lowest kilometres"),
        SortOption::NewestYear => ("year:desc", "newest year"),
        SortOption::OldestYear => ("year:asc", "oldest year"),
    };
    // The seed's words, shown in sentence case ("Highest price") as every other label.
    let mut chars = label.chars();
    let label = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    SortOptionView {
        value: value.to_string(),
        label,
    }
}

/// The order of a landing page's results (and of the search index's documents): latest
/// first; ties by id so a build is reproducible.
pub fn latest_first(a: &Car, b: &Car) -> std::cmp::Ordering {
    b.created_at
        .cmp(&a.created_at)
        .then_with(|| a.id.cmp(&b.id))
}

/// The landing page of `route` over the dealer's stock. Tests' shorthand: a build finds
/// each route's cars from a [`RouteIndex`] and shares its cards.
#[cfg(test)]
pub fn search_page_view(
    route: &SearchRoute,
    cars: &[Car],
    ctx: &ViewContext<'_>,
) -> SearchPageView {
    let matching: Vec<&Car> = cars.iter().filter(|c| matches(c, &route.fixed)).collect();
    search_page_view_of(route, matching, &crate::view::card::MakeCards, ctx)
}

/// The cars of one stock by facet value, for the fixed filters of landing routes: a
/// build finds each route's cars from the index instead of testing every car of the
/// stock against every route.
pub struct RouteIndex<'a> {
    cars: &'a [Car],
    /// facet -> ASCII-lowercased value -> positions in `cars`, ascending.
    by_value: HashMap<String, HashMap<String, Vec<usize>>>,
}

impl<'a> RouteIndex<'a> {
    /// Indexes `cars` by every facet the fixed filters of `routes` use.
    pub fn new(cars: &'a [Car], routes: &[SearchRoute]) -> RouteIndex<'a> {
        let mut by_value: HashMap<String, HashMap<String, Vec<usize>>> = HashMap::new();
        for route in routes {
            for filter in &route.fixed {
                if !by_value.contains_key(&filter.facet) {
                    by_value.insert(filter.facet.clone(), HashMap::new());
                }
            }
        }
        for (facet, values) in &mut by_value {
            for (at, car) in cars.iter().enumerate() {
                let mut seen: Vec<String> = facet_values(car, facet)
                    .into_iter()
                    .map(|v| v.to_ascii_lowercase())
                    .collect();
                seen.sort_unstable();
                seen.dedup();
                for value in seen {
                    values.entry(value).or_default().push(at);
                }
            }
        }
        RouteIndex { cars, by_value }
    }

    /// The cars matching every fixed filter of `route`, in stock order: those of the
    /// filter with the fewest, tested against the others.
    pub fn matching(&self, route: &SearchRoute) -> Vec<&'a Car> {
        let mut shortest: Option<&Vec<usize>> = None;
        for filter in &route.fixed {
            let Some(values) = self.by_value.get(filter.facet.as_str()) else {
                // A facet the index was not built for: test every car.
                return self
                    .cars
                    .iter()
                    .filter(|c| matches(c, &route.fixed))
                    .collect();
            };
            let Some(list) = values.get(&filter.value.to_ascii_lowercase()) else {
                return Vec::new();
            };
            if shortest.is_none_or(|s| list.len() < s.len()) {
                shortest = Some(list);
            }
        }
        match shortest {
            None => self.cars.iter().collect(),
            Some(list) => list
                .iter()
                .map(|&at| &self.cars[at])
                .filter(|c| matches(c, &route.fixed))
                .collect(),
        }
    }
}

/// The landing page of `route` over the cars already found to match it, in stock order,
/// with their cards from `cards`.
pub fn search_page_view_of(
    route: &SearchRoute,
    mut matching: Vec<&Car>,
    cards: &dyn Cards,
    ctx: &ViewContext<'_>,
) -> SearchPageView {
    let search = &ctx.dealer.config.search;
    let page_size = search.page_size.max(1);
    matching.sort_by(|a, b| latest_first(a, b));
    let available: Vec<bool> = matching.iter().map(|c| is_available(c)).collect();
    let hits = collapse_sold_runs(&available)
        .into_iter()
        .take(page_size)
        .map(|i| cards.card(matching[i], ctx))
        .collect();
    let count = matching.len() as u64;
    let filters = &search.filters;
    let fixed_types = route_car_types(&route.fixed);
    SearchPageView {
        route: route.path.clone(),
        title: route
            .title
            .split(" | ")
            .next()
            .unwrap_or(&route.title)
            .to_string(),
        // The page list sets the trail, which needs the site's other routes.
        breadcrumbs: Vec::new(),
        fixed_filters: route.fixed.clone(),
        hits,
        count,
        pages: u32::try_from(count.div_ceil(page_size as u64)).unwrap_or(u32::MAX),
        page_size: u32::try_from(page_size).unwrap_or(u32::MAX),
        sort_by: DEFAULT_SORT.to_string(),
        sort_options: search
            .sort_options
            .iter()
            .map(|o| sort_option(*o))
            .collect(),
        facets: facets(
            &matching,
            filters,
            &route.fixed,
            &search.tile_filters,
            &make_logos(ctx),
        )
        .into_iter()
        .map(|mut f| {
            if f.widget == FacetWidget::Picker {
                f.dealerships = dealership_picks(&f, &matching, &ctx.dealer.locations);
            }
            f
        })
        .collect(),
        ranges: ranges(&matching, filters, |car| weekly_amount(car, ctx)),
        api_path: SEARCH_API_PATH.to_string(),
        cache_size: u32::try_from(search.cache_size).unwrap_or(u32::MAX),
        model_filter: filters.contains(&SearchFilter::Model),
        distance: filters
            .contains(&SearchFilter::Distance)
            .then(|| DistanceView {
                choices_km: DISTANCE_CHOICES_KM.to_vec(),
                default_km: DEFAULT_RADIUS_KM,
            }),
        limits: SearchLimits {
            makes_shown_first: MAKES_SHOWN_FIRST as u32,
            popular_makes: search.popular_makes.then_some(POPULAR_MAKES_COUNT as u32),
            model_list_limit: MODEL_LIST_LIMIT as u32,
            search_box_debounce_ms: SEARCH_BOX_DEBOUNCE_MS,
            slider_debounce_ms: SLIDER_DEBOUNCE_MS,
            default_slider_max: DEFAULT_SLIDER_MAX,
        },
        car_types: fixed_types,
        promos: ctx
            .dealer
            .promos
            .iter()
            .filter(|p| {
                let url = match &p.node {
                    PromoContent::WeWantYourCar { url } | PromoContent::Banner { url, .. } => url,
                };
                p.expiry.is_none_or(|e| e >= ctx.today)
                    && !links_to_ended(ctx.dealer, url, ctx.today)
            })
            .cloned()
            .collect(),
        today: ctx.today.format("%Y-%m-%d").to_string(),
        carousel: search.carousel,
        vehicle_words: count_words(&categories_of(ctx.dealer, matching.iter().copied())),
        order: sidebar_order(filters),
    }
}

/// The sidebar's widget names: the dealer's filter order, except that Make, then Model,
/// come first after the car type, since a shopper narrows by make before anything else
/// (the seed's default list names them last).
fn sidebar_order(filters: &[SearchFilter]) -> Vec<String> {
    let names: Vec<&str> = filters.iter().map(|f| widget_name(*f)).collect();
    let hoisted = ["make", "model"];
    let mut order: Vec<String> = Vec::with_capacity(names.len());
    order.extend(
        names
            .iter()
            .filter(|n| **n == "car_type")
            .map(|n| n.to_string()),
    );
    order.extend(
        hoisted
            .iter()
            .filter(|h| names.contains(h))
            .map(|h| h.to_string()),
    );
    order.extend(
        names
            .iter()
            .filter(|n| **n != "car_type" && !hoisted.contains(n))
            .map(|n| n.to_string()),
    );
    order
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::config::CardButton;
    use crate::entities::Manufacturer;
    use crate::view::card::card_view;
    use crate::view::search_routes::fixed;
    use crate::view::test_dealer as dealer;

    #[test]
    fn caravans_get_berths_length_and_atm_ranges_and_no_kilometres_without_odometers() {
        let caravan = |id: u64, variant: serde_json::Value| -> Car {
            serde_json::from_value(serde_json::json!({
                "id": id, "slug": "c", "year": 2024, "make": "Jayco", "model": "Journey",
                "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
                "dealership_slug": "acme", "simple_body": "Caravan", "variant": variant
            }))
            .expect("caravan")
        };
        let a = caravan(
            1,
            serde_json::json!({"berths": 2, "vehiclelength": 5800.0, "atm": 1900}),
        );
        let b = caravan(
            2,
            serde_json::json!({"berths": "6", "vehiclelength": "8,000", "atm": 2800}),
        );
        let filters = [
            SearchFilter::Odometer,
            SearchFilter::Berths,
            SearchFilter::Length,
            SearchFilter::Atm,
        ];
        let got: Vec<(String, f64, f64)> = ranges(&[&a, &b], &filters, |_| None)
            .into_iter()
            .map(|r| (r.facet, r.min, r.max))
            .collect();
        assert_eq!(
            got,
            [
                ("berths".to_string(), 2.0, 6.0),
                ("length".to_string(), 5800.0, 8000.0),
                ("atm".to_string(), 1900.0, 2800.0),
            ],
            "no km range: no caravan has an odometer"
        );
    }

    fn now() -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time")
    }

    fn car(id: u64, make: &str, model: &str, car_type: &str, price: f64) -> Car {
        serde_json::from_value(serde_json::json!({
            "id": id, "slug": format!("car-{id}"), "year": 2024, "make": make, "model": model,
            "car_type": car_type, "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": price, "km": 12_000 + id * 1000, "simple_body": "SUV"
        }))
        .expect("car")
    }

    fn stock() -> Vec<Car> {
        vec![
            car(1, "Toyota", "RAV4", "used", 32_990.0),
            car(2, "Toyota", "HiLux", "new", 55_990.0),
            car(3, "Jayco", "Journey", "demo", 80_000.0),
        ]
    }

    #[test]
    fn the_route_index_finds_each_routes_cars_as_testing_every_car_does() {
        let mut stock = stock();
        // Case and space variants of one make and model, a make with a model of another
        // make's name, and a car with no body.
        stock.push(car(4, " toyota ", "rav4", "demo", 30_000.0));
        stock.push(car(5, "TOYOTA", "Journey", "new", 40_000.0));
        let mut bare = car(6, "Kia", "Sportage", "used", 25_000.0);
        bare.simple_body = None;
        stock.push(bare);
        let dealer = dealer("");
        let ctx = ViewContext::new(&dealer, now());
        let mut routes = search_routes(&ctx, &stock);
        routes.push(SearchRoute {
            path: "/x".into(),
            title: "x".into(),
            fixed: vec![fixed("make", "toyota"), fixed("categories", "new-and-demo")],
        });
        routes.push(SearchRoute {
            path: "/y".into(),
            title: "y".into(),
            fixed: vec![fixed("make", "Holden")],
        });
        let index = RouteIndex::new(&stock, &routes);
        // A facet the index was not built for falls back to testing every car.
        let year = SearchRoute {
            path: "/z".into(),
            title: "z".into(),
            fixed: vec![fixed("year", "2024")],
        };
        let ids = |cars: Vec<&Car>| cars.iter().map(|c| c.id).collect::<Vec<_>>();
        for route in routes.iter().chain([&year]) {
            let scanned: Vec<&Car> = stock.iter().filter(|c| matches(c, &route.fixed)).collect();
            assert_eq!(ids(index.matching(route)), ids(scanned), "{}", route.path);
        }
        let toyota = routes.iter().find(|r| r.path == "/x").expect("route");
        assert_eq!(ids(index.matching(toyota)), vec![2, 4, 5]);
        assert!(routes.len() > 8, "{routes:?}");
    }

    #[test]
    fn every_seed_route_renders_including_cars_and_the_used_car_variant() {
        let plain = dealer("");
        let ctx = ViewContext::new(&plain, now());
        let paths: Vec<String> = search_routes(&ctx, &stock())
            .into_iter()
            .map(|r| r.path)
            .collect();
        for path in [
            "/search/new-used-and-demo-cars",
            "/search",
            "/search/used-cars",
            "/search/new-and-demo-cars",
            "/search/toyota/rav4",
            "/search/suv",
        ] {
            assert!(paths.iter().any(|p| p == path), "{path} in {paths:?}");
        }
        assert!(
            !paths.iter().any(|p| p.starts_with("/used-car/")),
            "{paths:?}"
        );
        let variant = dealer("[search]\nused_car_path_variant = true\n");
        let ctx = ViewContext::new(&variant, now());
        let routes = search_routes(&ctx, &stock());
        let used = routes
            .iter()
            .find(|r| r.path == "/used-car/used")
            .expect("the used-car variant");
        assert_eq!(used.fixed, vec![fixed("car_type", "used")]);
    }

    #[test]
    fn sort_labels_are_in_sentence_case() {
        let labels: Vec<String> = [
            SortOption::Latest,
            SortOption::HighestPrice,
            SortOption::LowestKm,
        ]
        .into_iter()
        .map(|o| sort_option(o).label)
        .collect();
        assert_eq!(labels, ["Latest", "Highest price", "Lowest kilometres"]);
    }

    #[test]
    fn a_motorcycle_and_caravan_dealer_never_says_cars_and_demo_only_with_demo_stock() {
        let mut moto = dealer("");
        moto.config.vehicle_categories = vec![
            crate::config::VehicleCategory::Motorcycles,
            crate::config::VehicleCategory::Caravans,
        ];
        moto.brands = serde_json::from_value(serde_json::json!([
            {"id": 1, "name": "Yamaha", "slug": "yamaha", "category": "motorcycles"},
            {"id": 2, "name": "Jayco", "slug": "jayco", "category": "caravans"}
        ]))
        .expect("brands");
        let mut cars = vec![
            car(1, "Yamaha", "Tenere 700", "new", 19_990.0),
            car(2, "Jayco", "Journey", "used", 80_000.0),
        ];
        cars[1].simple_body = Some("Caravan".to_string());
        let ctx = ViewContext::new(&moto, now());
        let routes = search_routes(&ctx, &cars);
        let title = |path: &str| {
            routes
                .iter()
                .find(|r| r.path == path)
                .map(|r| r.title.split(" | ").next().unwrap_or("").to_string())
        };
        assert_eq!(
            title("/search/new-used-and-demo-cars").as_deref(),
            Some("New and Used Motorcycles and Caravans for Sale")
        );
        assert_eq!(
            title("/search").as_deref(),
            Some("Motorcycles and Caravans for Sale")
        );
        assert_eq!(
            title("/search/new-cars").as_deref(),
            Some("New Motorcycles for Sale")
        );
        assert_eq!(
            title("/search/new-and-demo-cars").as_deref(),
            Some("New Motorcycles for Sale")
        );
        assert_eq!(
            title("/search/yamaha").as_deref(),
            Some("Yamaha Motorcycles for Sale")
        );
        assert_eq!(
            title("/search/caravan").as_deref(),
            Some("Caravans for Sale")
        );
        for route in &routes {
            assert!(
                !route.title.to_lowercase().contains("car ")
                    && !route.title.to_lowercase().contains("cars"),
                "{route:?}"
            );
        }
        let jayco = routes
            .iter()
            .find(|r| r.path == "/search/jayco")
            .expect("jayco route");
        let view = search_page_view_of(
            jayco,
            cars.iter().filter(|c| c.make == "Jayco").collect(),
            &crate::view::card::MakeCards,
            &ctx,
        );
        assert_eq!(
            view.vehicle_words,
            VehicleWords {
                one: "caravan".into(),
                many: "caravans".into()
            }
        );
        // A car dealer keeps its words.
        let plain = dealer("");
        let ctx = ViewContext::new(&plain, now());
        let routes = search_routes(&ctx, &stock());
        assert_eq!(
            routes[0].title.split(" | ").next(),
            Some("New, Used and Demo Cars for Sale")
        );
    }

    #[test]
    fn make_then_model_come_first_after_the_car_type() {
        use SearchFilter::*;
        let names = |filters: &[SearchFilter]| sidebar_order(filters);
        // The seed's default list names make and model last.
        assert_eq!(
            names(&[CarType, Colour, Body, Price, Model, Make]),
            ["car_type", "make", "model", "colour", "body", "price"]
        );
        assert_eq!(names(&[Price, Make, Year]), ["make", "price", "year"]);
        assert_eq!(names(&[Model, Price]), ["model", "price"]);
        let default = dealer("");
        let page = search_page_view(
            &SearchRoute {
                path: ALL_STOCK_ROUTE.into(),
                title: "All".into(),
                fixed: vec![],
            },
            &stock(),
            &ViewContext::new(&default, now()),
        );
        assert_eq!(page.order[..3], ["car_type", "make", "model"]);
    }

    #[test]
    fn a_page_carries_its_widgets_in_the_dealer_order_with_the_seed_limits() {
        let mut group = dealer(
            "[search]\nfilters = [\"car_type\", \"make\", \"model\", \"location\", \"distance\", \"price\", \"weekly_price\", \"odometer\"]\n\
             popular_makes = true\ntile_filters = [\"make\"]\ncarousel = true\n",
        );
        group.brands = vec![Manufacturer {
            logo: Some("jayco.svg".into()),
            ..serde_json::from_value(serde_json::json!({"id": 1, "name": "Jayco", "slug": "jayco"}))
                .expect("brand")
        }];
        let ctx = ViewContext::new(&group, now());
        let route = SearchRoute {
            path: ALL_STOCK_ROUTE.into(),
            title: "All".into(),
            fixed: vec![],
        };
        let page = search_page_view(&route, &stock(), &ctx);
        assert_eq!(
            page.order,
            [
                "car_type",
                "make",
                "model",
                "location_name",
                "distance",
                "price",
                "weekly_price",
                "km"
            ]
        );
        let make = page
            .facets
            .iter()
            .find(|f| f.facet == "make")
            .expect("make facet");
        assert_eq!(make.widget, FacetWidget::Tiles);
        let jayco = make
            .items
            .iter()
            .find(|i| i.value == "Jayco")
            .expect("Jayco");
        assert_eq!(jayco.logo.as_deref(), Some("/jayco.svg"));
        assert!(make
            .items
            .iter()
            .find(|i| i.value == "Toyota")
            .is_some_and(|i| i.logo.is_none()));
        assert_eq!(
            page.facets
                .iter()
                .find(|f| f.facet == "location_name")
                .map(|f| f.widget),
            None,
            "no locations in the stock"
        );
        assert!(page.model_filter);
        assert!(
            !page.facets.iter().any(|f| f.facet == "model"),
            "models wait for a make"
        );
        assert_eq!(
            page.distance,
            Some(DistanceView {
                choices_km: vec![25, 50, 75, 100, 150, 250, 500, 750, 1000],
                default_km: 50
            })
        );
        assert_eq!(
            (
                page.limits.makes_shown_first,
                page.limits.popular_makes,
                page.limits.model_list_limit
            ),
            (7, Some(20), 30)
        );
        assert_eq!(
            (
                page.limits.search_box_debounce_ms,
                page.limits.slider_debounce_ms,
                page.limits.default_slider_max
            ),
            (300, 400, 100_000.0)
        );
        let price = page
            .ranges
            .iter()
            .find(|r| r.facet == "price")
            .expect("price range");
        assert_eq!(
            (price.min, price.max, price.kind, price.unit),
            (32_990.0, 80_000.0, SliderKind::Price, RangeUnit::Dollars)
        );
        let km = page
            .ranges
            .iter()
            .find(|r| r.facet == "km")
            .expect("km range");
        assert_eq!(km.kind, SliderKind::Km);
        assert!(
            !page.ranges.iter().any(|r| r.facet == "weekly_price"),
            "no car has a weekly price without a finance provider"
        );
        assert!(page.carousel);
        assert_eq!(page.today, "2026-11-22");
    }

    #[test]
    fn a_single_make_dealer_lists_models_without_a_make_filter() {
        let nissan = dealer("[search]\nfilters = [\"car_type\", \"model\"]\n");
        let ctx = ViewContext::new(&nissan, now());
        let route = SearchRoute {
            path: ALL_STOCK_ROUTE.into(),
            title: "All".into(),
            fixed: vec![],
        };
        let page = search_page_view(&route, &stock(), &ctx);
        assert!(page
            .facets
            .iter()
            .any(|f| f.facet == "model" && f.items.len() == 3));
        assert_eq!(
            page.facets
                .iter()
                .find(|f| f.facet == "car_type")
                .map(|f| f.widget),
            Some(FacetWidget::Checkbox)
        );
    }

    #[test]
    fn promos_go_to_the_page_until_they_expire_with_the_route_car_types() {
        let mut acme = dealer("");
        acme.promos = serde_json::from_value(serde_json::json!([
            {"position": 1, "display": ["used"], "node": {"kind": "we_want_your_car"}},
            {"position": 2, "expiry": "2026-11-21", "node": {"kind": "we_want_your_car"}},
            {"position": 3, "start": "2026-12-01", "node": {"kind": "we_want_your_car"}},
        ]))
        .expect("promos");
        let ctx = ViewContext::new(&acme, now());
        let route = SearchRoute {
            path: "/search/new-and-demo-cars".into(),
            title: "New".into(),
            fixed: vec![fixed("categories", "new-and-demo")],
        };
        let page = search_page_view(&route, &stock(), &ctx);
        assert_eq!(
            page.promos.iter().map(|p| p.position).collect::<Vec<_>>(),
            [1, 3],
            "expired promos are left out, later ones kept"
        );
        assert_eq!(page.car_types, [CarType::New, CarType::Demo]);
        assert_eq!(
            route_car_types(&[fixed("car_type", "used")]),
            [CarType::Used]
        );
        assert!(route_car_types(&[fixed("make", "Toyota")]).is_empty());
    }

    #[test]
    fn cards_carry_the_dealer_buttons_and_the_view_count() {
        let acme = dealer(
            "[search]\ncard_buttons = [\"details\", \"test_drive\", \"finance\", \"reserve\", \"trade_in\", \"online_purchase\", \"enquire\", \"custom\"]\n\
             show_view_count = true\ncustom_card_button = { label = \"Inspect\", url = \"/inspect?car={slug}&id={id}\" }\n\
             [reserve]\nbuy_online_journey = true\n",
        );
        let ctx = ViewContext::new(&acme, now());
        let mut rav4 = car(1, "Toyota", "RAV4", "used", 32_990.0);
        rav4.views = Some(1234);
        let card = card_view(&rav4, &ctx);
        let buttons: Vec<(CardButton, &str, &str)> = card
            .buttons
            .iter()
            .map(|b| (b.kind, b.label.as_str(), b.url.as_str()))
            .collect();
        assert_eq!(
            buttons,
            [
                (CardButton::Details, "View Details", "/cars/car-1"),
                (
                    CardButton::TestDrive,
                    "Book a Test Drive",
                    "/book-test-drive?car_id=1"
                ),
                (
                    CardButton::Finance,
                    "Get Pre-Approved",
                    "/finance?vehiclePriceBudget=32990&car_id=1&car_type=used#finance-form"
                ),
                (CardButton::Reserve, "Reserve Now", "/cars/car-1/checkout"),
                (
                    CardButton::TradeIn,
                    "Get Your Valuation",
                    "/cars/trade-in?car_id=1"
                ),
                (
                    CardButton::OnlinePurchase,
                    "Buy Online",
                    "/checkout-journey?car_id=car-1"
                ),
                (CardButton::Enquire, "Enquire Now", "/contact-us?car_id=1"),
                (CardButton::Custom, "Inspect", "/inspect?car=car-1&id=1"),
            ]
        );
        assert_eq!(card.views_text.as_deref(), Some("1,234 views"));

        // A held car loses reserve and online purchase; a sold or unpriced car has no buttons.
        let mut held = card.clone();
        crate::view::card::mark_held(&mut held);
        assert!(!held
            .buttons
            .iter()
            .any(|b| matches!(b.kind, CardButton::Reserve | CardButton::OnlinePurchase)));
        assert_eq!(held.buttons.len(), 6);
        let mut sold = rav4.clone();
        sold.sold = true;
        assert!(card_view(&sold, &ctx).buttons.is_empty());
        let plain = dealer("");
        let plain_ctx = ViewContext::new(&plain, now());
        let default = card_view(&rav4, &plain_ctx);
        assert_eq!(
            default.buttons.iter().map(|b| b.kind).collect::<Vec<_>>(),
            [CardButton::Details, CardButton::Reserve]
        );
        assert_eq!(
            default.views_text, None,
            "the view count only where the site shows it"
        );
    }

    #[test]
    fn a_certified_tag_shows_the_dealer_certified_logo() {
        let certified = dealer(
            "[tags]\ncertified_manufacturer = \"Toyota\"\ncertified_logo = \"certified.svg\"\n",
        );
        let ctx = ViewContext::new(&certified, now());
        let mut rav4 = car(1, "Toyota", "RAV4", "used", 32_990.0);
        rav4.certified = true;
        let card = card_view(&rav4, &ctx);
        assert_eq!(
            card.tag_logo
                .as_ref()
                .map(|l| (l.url.as_str(), l.alt.as_str())),
            Some(("/certified.svg", "Toyota certified pre-owned"))
        );
        rav4.reserved = true;
        assert_eq!(
            card_view(&rav4, &ctx).tag_logo,
            None,
            "Reserved ranks above the certified logo"
        );
        let mut held = card.clone();
        crate::view::card::mark_held(&mut held);
        assert_eq!(held.tag_logo, None);
    }
}
