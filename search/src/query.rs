//! The query model and its URL form, exactly as the search page keeps its state:
//! `query`, `page` (from 0), `hitsPerPage`, `sortBy`, `refinementList[<facet>][<i>]=<value>`,
//! `range[<field>]=<min>:<max>`, `menu[<facet>]=<value>`, `lat`, `lng`, `radius`, and the
//! dealer search parameters `locationId` and `locationType` (seed 000 s2). Other
//! parameters (analytics tags, `userLocation`...) are ignored; a bad
//! value of a known parameter is a [`QueryError`] that names the parameter.

use chrono::Utc;
use serde::{Deserialize, Serialize};

use crate::facets::{Facet, RangeField};
// The seed's distance choices, default radius (used when `lat`/`lng` come without
// `radius`) and sold window are the domain's, not redefined here.
use domain::rules::constants::{DEFAULT_RADIUS_KM, DISTANCE_CHOICES_KM};
use domain::rules::stock::DEFAULT_INCLUDE_SOLD_CARS_DAYS;

/// Default hits per page (seed 000 s9 and seed 001: 21).
pub const DEFAULT_HITS_PER_PAGE: u32 = domain::rules::constants::PAGE_SIZE as u32;
/// Largest accepted `hitsPerPage` (the largest `search.page_size` a dealer may configure).
pub const MAX_HITS_PER_PAGE: u32 = domain::rules::constants::MAX_PAGE_SIZE as u32;
/// Largest accepted `page` (pages past the end answer an empty page; this bounds the work).
pub const MAX_PAGE: u32 = 100_000;
/// Longest text query read, in characters (the rest is ignored).
pub const MAX_QUERY_CHARS: usize = 200;
/// Longest accepted raw query string, in bytes.
pub const MAX_QUERY_STRING_BYTES: usize = 16 * 1024;
/// Most values selected in one facet.
pub const MAX_VALUES_PER_FACET: usize = 100;
/// Longest accepted facet value, in characters.
pub const MAX_VALUE_CHARS: usize = 200;

/// The dealer's own search filters, which the shopper cannot remove (seed 000 s9 "per-dealer
/// stock filters", seed 001 "search status filter"). Loaded from the dealer's configuration.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixedFilters {
    /// Dealer slug: which index is searched.
    pub dealer: String,
    /// Only used cars.
    #[serde(default)]
    pub used_only: bool,
    /// Only cars with status in_stock.
    #[serde(default)]
    pub in_stock_only: bool,
    /// Minimum number of photos.
    #[serde(default)]
    pub min_photos: u32,
    /// Stock numbers never shown (compared ignoring case).
    #[serde(default)]
    pub excluded_stocknums: Vec<String>,
    /// Sold cars stay searchable this many days after `sold_at` (0: never; a sold car
    /// without `sold_at` is not shown).
    #[serde(default = "default_sold_days")]
    pub sold_within_days: u32,
    /// Only these makes (compared ignoring case); empty: any make.
    #[serde(default)]
    pub manufacturers: Vec<String>,
}

fn default_sold_days() -> u32 {
    DEFAULT_INCLUDE_SOLD_CARS_DAYS
}

impl FixedFilters {
    /// The defaults for a dealer: no restriction except the 3-day sold window.
    pub fn for_dealer(dealer: &str) -> FixedFilters {
        FixedFilters {
            dealer: dealer.to_string(),
            used_only: false,
            in_stock_only: false,
            min_photos: 0,
            excluded_stocknums: Vec::new(),
            sold_within_days: DEFAULT_INCLUDE_SOLD_CARS_DAYS,
            manufacturers: Vec::new(),
        }
    }

    /// The fixed filters of a dealer's configuration: its stock filters (the same ones the
    /// generator applies to the feed, sold window included) and its manufacturer's makes
    /// ("added to the search filter", [`domain::rules::stock::search_makes`]).
    pub fn for_config(config: &domain::config::DealerConfig) -> FixedFilters {
        let stock = &config.stock_filters;
        FixedFilters {
            dealer: config.slug.clone(),
            used_only: stock.used_only,
            in_stock_only: stock.in_stock_only,
            min_photos: stock.min_photos,
            excluded_stocknums: stock.excluded_stock_numbers.clone(),
            sold_within_days: stock.include_sold_cars_days,
            manufacturers: domain::rules::stock::search_makes(config),
        }
    }
}

/// Result order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortBy {
    /// Most relevant: fewest typos first, then the written order (`sortBy=relevance` or absent).
    #[default]
    Relevance,
    /// By a numeric field; cars without a value come last either way. Named options:
    /// `latest` (created_at_timestamp desc), `price_desc`, `price_asc`; dealer-configured
    /// options are written `<field>:<asc|desc>` (e.g. `km:asc`, `year:desc`).
    Field {
        /// The field.
        field: RangeField,
        /// Highest first.
        desc: bool,
    },
}

impl SortBy {
    /// Parses a `sortBy` value.
    pub fn parse(s: &str) -> Option<SortBy> {
        let s = s.trim();
        match s {
            "" | "relevance" => return Some(SortBy::Relevance),
            "latest" => {
                return Some(SortBy::Field {
                    field: RangeField::CreatedAtTimestamp,
                    desc: true,
                })
            }
            "price_desc" => {
                return Some(SortBy::Field {
                    field: RangeField::Price,
                    desc: true,
                })
            }
            "price_asc" => {
                return Some(SortBy::Field {
                    field: RangeField::Price,
                    desc: false,
                })
            }
            _ => {}
        }
        let (field, dir) = s.split_once(':')?;
        let field = RangeField::from_name(field)?;
        match dir {
            "asc" => Some(SortBy::Field { field, desc: false }),
            "desc" => Some(SortBy::Field { field, desc: true }),
            _ => None,
        }
    }

    /// The `sortBy` value (empty for relevance).
    pub fn to_param(self) -> String {
        match self {
            SortBy::Relevance => String::new(),
            SortBy::Field {
                field: RangeField::CreatedAtTimestamp,
                desc: true,
            } => "latest".into(),
            SortBy::Field {
                field: RangeField::Price,
                desc: true,
            } => "price_desc".into(),
            SortBy::Field {
                field: RangeField::Price,
                desc: false,
            } => "price_asc".into(),
            SortBy::Field { field, desc } => {
                format!("{}:{}", field.name(), if desc { "desc" } else { "asc" })
            }
        }
    }
}

/// Values selected in one facet: a car matches when it has any of them. Several
/// selections on one facet (a refinement list and a menu) must all match.
#[derive(Debug, Clone, PartialEq)]
pub struct FacetFilter {
    /// The facet.
    pub facet: Facet,
    /// The selected values (OR).
    pub values: Vec<String>,
    /// Came from `menu[...]` rather than `refinementList[...]`.
    pub menu: bool,
}

/// A numeric range; either side may be open.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RangeFilter {
    /// The field.
    pub field: RangeField,
    /// Lowest accepted value.
    pub min: Option<f64>,
    /// Highest accepted value.
    pub max: Option<f64>,
}

impl RangeFilter {
    /// Whether a value is inside the range (a missing value never is).
    pub fn contains(&self, v: f64) -> bool {
        !v.is_nan() && self.min.is_none_or(|m| v >= m) && self.max.is_none_or(|m| v <= m)
    }
}

/// Cars within `radius_km` of a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Near {
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lng: f64,
    /// Radius, one of [`DISTANCE_CHOICES_KM`].
    pub radius_km: u32,
}

/// One stock search.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchQuery {
    /// Text typed by the shopper.
    pub text: String,
    /// Page, from 0.
    pub page: u32,
    /// Hits per page.
    pub hits_per_page: u32,
    /// Order.
    pub sort: SortBy,
    /// Facet selections, sorted by facet.
    pub filters: Vec<FacetFilter>,
    /// Numeric ranges, at most one per field, sorted by field.
    pub ranges: Vec<RangeFilter>,
    /// Distance filter.
    pub near: Option<Near>,
    /// The dealer's fixed filters.
    pub fixed: FixedFilters,
    /// Sold cars sold at or after this Unix time are kept (`None`: no sold cars). Computed
    /// from `fixed.sold_within_days` when the query is parsed, to the minute.
    pub sold_after: Option<i64>,
    /// Only these cars (the watchlist page asks for its saved cars); empty: every car.
    /// Sorted and without repeats.
    pub ids: Vec<u64>,
    /// Seed 000 s2 `locationId`: only cars held at (or distributed to) this location.
    pub location_id: Option<u64>,
    /// Seed 000 s2 `locationType`: only cars at a location of this department type, one
    /// of [`LOCATION_TYPES`].
    pub location_type: Option<String>,
}

/// The facet `locationId` selects on: the dealership picker names the locations by it and
/// keeps every location's count whichever is picked (counted without the pick, like a
/// facet's own selection).
pub const LOCATION_FACET: Facet = Facet::LocationName;

/// The values `locationType` takes: the department types of a location (seed 000 s3).
pub const LOCATION_TYPES: [&str; 4] = ["sales", "service", "parts", "service-and-parts"];

/// A query string the API answers with 400; the message names the parameter.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct QueryError {
    /// The offending parameter, as written in the URL.
    pub parameter: String,
    /// What is wrong, naming the parameter.
    pub message: String,
}

fn err(parameter: &str, what: impl std::fmt::Display) -> QueryError {
    let parameter: String = parameter.chars().take(80).collect();
    QueryError {
        message: format!("{parameter}: {what}"),
        parameter,
    }
}

/// Splits `name[a][b]` into `name` and the bracketed parts; `None` if malformed.
fn brackets(key: &str) -> Option<(&str, Vec<&str>)> {
    let open = key.find('[')?;
    let (head, mut rest) = key.split_at(open);
    let mut parts = Vec::new();
    while !rest.is_empty() {
        let inner = rest.strip_prefix('[')?;
        let close = inner.find(']')?;
        parts.push(&inner[..close]);
        rest = &inner[close + 1..];
    }
    Some((head, parts))
}

/// Seed 001 s7: range values are money texts with dollar signs and commas removed (the
/// domain's rule); blank is an open side.
fn parse_number(param: &str, s: &str) -> Result<Option<f64>, QueryError> {
    if s.chars().all(|c| c == '$' || c == ',' || c.is_whitespace()) {
        return Ok(None);
    }
    match domain::rules::slider::parse_money(s) {
        Some(v) => Ok(Some(v)),
        None => Err(err(
            param,
            format!(
                "'{}' is not a number",
                s.chars().take(40).collect::<String>()
            ),
        )),
    }
}

fn value_facet(param: &str, name: &str) -> Result<Facet, QueryError> {
    let facet =
        Facet::from_name(name).ok_or_else(|| err(param, format!("unknown facet '{name}'")))?;
    if !facet.has_values() {
        return Err(err(
            param,
            format!("facet '{name}' takes a range: use range[{name}]=min:max"),
        ));
    }
    Ok(facet)
}

impl SearchQuery {
    /// The car types the shopper filtered on (`car_type` facet values).
    pub fn car_type_values(&self) -> Vec<&str> {
        self.filters
            .iter()
            .filter(|f| f.facet == Facet::CarType)
            .flat_map(|f| f.values.iter().map(String::as_str))
            .collect()
    }

    /// The facets with a selection, counted without it: those of `filters`, and
    /// [`LOCATION_FACET`] when `locationId` is set. Sorted, without repeats.
    pub fn selected_facets(&self) -> Vec<Facet> {
        let mut v: Vec<Facet> = self.filters.iter().map(|f| f.facet).collect();
        if self.location_id.is_some() {
            v.push(LOCATION_FACET);
        }
        v.sort_unstable();
        v.dedup();
        v
    }

    /// An unfiltered first page for a dealer, most relevant first.
    pub fn new(fixed: FixedFilters) -> SearchQuery {
        let sold_after = sold_after(&fixed, Utc::now().timestamp());
        SearchQuery {
            text: String::new(),
            page: 0,
            hits_per_page: DEFAULT_HITS_PER_PAGE,
            sort: SortBy::Relevance,
            filters: Vec::new(),
            ranges: Vec::new(),
            near: None,
            fixed,
            sold_after,
            ids: Vec::new(),
            location_id: None,
            location_type: None,
        }
    }

    /// Parses the search page's query string (with or without the leading `?`), with the
    /// sold window measured from now.
    pub fn from_query_string(qs: &str, fixed: &FixedFilters) -> Result<SearchQuery, QueryError> {
        SearchQuery::from_query_string_at(qs, fixed, Utc::now().timestamp())
    }

    /// [`SearchQuery::from_query_string`] with the sold window measured from `now` (Unix s).
    pub fn from_query_string_at(
        qs: &str,
        fixed: &FixedFilters,
        now: i64,
    ) -> Result<SearchQuery, QueryError> {
        if qs.len() > MAX_QUERY_STRING_BYTES {
            return Err(err(
                "query string",
                format!("longer than {MAX_QUERY_STRING_BYTES} bytes"),
            ));
        }
        let mut q = SearchQuery::new(fixed.clone());
        q.sold_after = sold_after(fixed, now);
        let mut lists: Vec<(Facet, usize, String)> = Vec::new();
        let mut menus: Vec<(Facet, String)> = Vec::new();
        let (mut lat, mut lng, mut radius) = (None, None, None);
        for (key, value) in form_urlencoded::parse(qs.trim_start_matches('?').as_bytes()) {
            let (key, value) = (key.as_ref(), value.as_ref());
            match key {
                "query" => {
                    // A longer text is cut, not refused: only its first words are read
                    // anyway, and a pasted paragraph deserves an answer, not a 400.
                    q.text = value.trim().chars().take(MAX_QUERY_CHARS).collect::<String>().trim().to_string();
                }
                "page" => {
                    q.page = match value.trim().parse::<u32>() {
                        Ok(p) if p <= MAX_PAGE => p,
                        _ => return Err(err("page", format!("must be a whole number from 0 to {MAX_PAGE}"))),
                    }
                }
                "hitsPerPage" => {
                    q.hits_per_page = match value.trim().parse::<u32>() {
                        Ok(h) if (1..=MAX_HITS_PER_PAGE).contains(&h) => h,
                        _ => {
                            return Err(err("hitsPerPage", format!("must be a whole number from 1 to {MAX_HITS_PER_PAGE}")))
                        }
                    }
                }
                "sortBy" => {
                    q.sort = SortBy::parse(value).ok_or_else(|| {
                        err("sortBy", "must be relevance, latest, price_desc, price_asc or <field>:<asc|desc> on a range field")
                    })?
                }
                "ids" => q.ids = parse_ids(value)?,
                "locationId" => {
                    q.location_id = match value.trim() {
                        "" => None,
                        v => match v.parse::<u64>() {
                            Ok(id) if id > 0 => Some(id),
                            _ => return Err(err("locationId", "must be a location id (a positive whole number)")),
                        },
                    }
                }
                "locationType" => {
                    let v = value.trim().to_ascii_lowercase();
                    q.location_type = match v.as_str() {
                        "" => None,
                        t if LOCATION_TYPES.contains(&t) => Some(v),
                        _ => return Err(err("locationType", format!("must be one of {}", LOCATION_TYPES.join(", ")))),
                    }
                }
                "lat" => lat = parse_number("lat", value)?,
                "lng" => lng = parse_number("lng", value)?,
                "radius" => radius = parse_number("radius", value)?,
                _ => {
                    let Some((head, parts)) = brackets(key) else { continue };
                    match head {
                        "refinementList" => {
                            let facet = value_facet(key, parts.first().copied().unwrap_or(""))?;
                            let index = match parts.get(1) {
                                None | Some(&"") => lists.len(),
                                Some(i) => i.parse::<usize>().map_err(|_| err(key, "index must be a number"))?,
                            };
                            if parts.len() > 2 {
                                return Err(err(key, "expected refinementList[<facet>][<i>]"));
                            }
                            lists.push((facet, index, value.to_string()));
                        }
                        "menu" => {
                            if parts.len() != 1 {
                                return Err(err(key, "expected menu[<facet>]"));
                            }
                            menus.push((value_facet(key, parts[0])?, value.to_string()));
                        }
                        "range" => {
                            if parts.len() != 1 {
                                return Err(err(key, "expected range[<field>]"));
                            }
                            let field =
                                RangeField::from_name(parts[0]).ok_or_else(|| err(key, format!("unknown range field '{}'", parts[0])))?;
                            let (a, b) = value.split_once(':').ok_or_else(|| err(key, "expected <min>:<max>"))?;
                            let (min, max) = (parse_number(key, a)?, parse_number(key, b)?);
                            if let (Some(a), Some(b)) = (min, max) {
                                if a > b {
                                    return Err(err(key, "min is above max"));
                                }
                            }
                            q.ranges.retain(|r| r.field != field);
                            if min.is_some() || max.is_some() {
                                q.ranges.push(RangeFilter { field, min, max });
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        for (facet, value) in lists
            .iter()
            .map(|(f, _, v)| (*f, v))
            .chain(menus.iter().map(|(f, v)| (*f, v)))
        {
            if value.chars().count() > MAX_VALUE_CHARS {
                return Err(err(
                    facet.name(),
                    format!("value longer than {MAX_VALUE_CHARS} characters"),
                ));
            }
        }
        lists.sort_by_key(|(f, i, _)| (*f, *i));
        for (facet, _, value) in lists {
            let value = value.trim().to_string();
            if value.is_empty() {
                continue;
            }
            match q.filters.last_mut() {
                Some(last) if last.facet == facet => {
                    if !last.values.iter().any(|v| v.eq_ignore_ascii_case(&value)) {
                        last.values.push(value);
                    }
                    if last.values.len() > MAX_VALUES_PER_FACET {
                        return Err(err(
                            &format!("refinementList[{}]", facet.name()),
                            format!("more than {MAX_VALUES_PER_FACET} values"),
                        ));
                    }
                }
                _ => q.filters.push(FacetFilter {
                    facet,
                    values: vec![value],
                    menu: false,
                }),
            }
        }
        for (facet, value) in menus {
            let value = value.trim().to_string();
            q.filters.retain(|f| !(f.menu && f.facet == facet));
            if !value.is_empty() {
                q.filters.push(FacetFilter {
                    facet,
                    values: vec![value],
                    menu: true,
                });
            }
        }
        q.filters.sort_by_key(|f| (f.facet, f.menu));
        q.ranges.sort_by_key(|r| r.field);
        q.near = match (lat, lng, radius) {
            (None, None, None) => None,
            (Some(lat), Some(lng), radius) => {
                if !(-90.0..=90.0).contains(&lat) {
                    return Err(err("lat", "must be between -90 and 90"));
                }
                if !(-180.0..=180.0).contains(&lng) {
                    return Err(err("lng", "must be between -180 and 180"));
                }
                let radius_km = match radius {
                    None => DEFAULT_RADIUS_KM,
                    Some(r) => DISTANCE_CHOICES_KM
                        .into_iter()
                        .find(|c| f64::from(*c) == r)
                        .ok_or_else(|| {
                            err(
                                "radius",
                                "must be one of 25, 50, 75, 100, 150, 250, 500, 750, 1000 (km)",
                            )
                        })?,
                };
                Some(Near {
                    lat,
                    lng,
                    radius_km,
                })
            }
            (None, _, _) => return Err(err("lat", "lat and lng are needed for a distance search")),
            (_, None, _) => return Err(err("lng", "lat and lng are needed for a distance search")),
        };
        Ok(q)
    }

    /// The canonical query string of this query (facets and values in a fixed order), which
    /// [`SearchQuery::from_query_string`] reads back to an equal query.
    pub fn to_query_string(&self) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        if !self.text.is_empty() {
            out.append_pair("query", &self.text);
        }
        if self.page != 0 {
            out.append_pair("page", &self.page.to_string());
        }
        if self.hits_per_page != DEFAULT_HITS_PER_PAGE {
            out.append_pair("hitsPerPage", &self.hits_per_page.to_string());
        }
        if self.sort != SortBy::Relevance {
            out.append_pair("sortBy", &self.sort.to_param());
        }
        for f in &self.filters {
            if f.menu {
                out.append_pair(&format!("menu[{}]", f.facet.name()), &f.values[0]);
            } else {
                for (i, v) in f.values.iter().enumerate() {
                    out.append_pair(&format!("refinementList[{}][{i}]", f.facet.name()), v);
                }
            }
        }
        let num = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
        for r in &self.ranges {
            out.append_pair(
                &format!("range[{}]", r.field.name()),
                &format!("{}:{}", num(r.min), num(r.max)),
            );
        }
        if let Some(n) = self.near {
            out.append_pair("lat", &n.lat.to_string());
            out.append_pair("lng", &n.lng.to_string());
            out.append_pair("radius", &n.radius_km.to_string());
        }
        if !self.ids.is_empty() {
            let ids: Vec<String> = self.ids.iter().map(u64::to_string).collect();
            out.append_pair("ids", &ids.join(","));
        }
        if let Some(id) = self.location_id {
            out.append_pair("locationId", &id.to_string());
        }
        if let Some(t) = &self.location_type {
            out.append_pair("locationType", t);
        }
        out.finish()
    }

    /// Cache key: everything that changes the answer.
    pub fn cache_key(&self) -> String {
        format!(
            "{}\u{1}{:?}\u{1}{:?}",
            self.to_query_string(),
            self.fixed,
            self.sold_after
        )
    }

    /// Whether nothing narrows the dealer's stock beyond the fixed filters.
    pub fn is_unfiltered(&self) -> bool {
        self.text.is_empty()
            && self.filters.is_empty()
            && self.ranges.is_empty()
            && self.near.is_none()
            && self.ids.is_empty()
            && self.location_id.is_none()
            && self.location_type.is_none()
    }
}

/// The most car ids one query may name.
pub const MAX_IDS: usize = 100;

/// `ids=1,2,3`: positive whole numbers separated by commas, at most [`MAX_IDS`].
fn parse_ids(value: &str) -> Result<Vec<u64>, QueryError> {
    let message = || {
        err(
            "ids",
            format!("must be up to {MAX_IDS} car ids (positive whole numbers) separated by commas"),
        )
    };
    let mut ids = Vec::new();
    for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<u64>() {
            Ok(id) if id > 0 => ids.push(id),
            _ => return Err(message()),
        }
    }
    ids.sort_unstable();
    ids.dedup();
    if ids.len() > MAX_IDS {
        return Err(message());
    }
    Ok(ids)
}

/// The sold cut-off for `now`, rounded down to the minute so cached answers are reused.
fn sold_after(fixed: &FixedFilters, now: i64) -> Option<i64> {
    (fixed.sold_within_days > 0).then(|| {
        let t = now - i64::from(fixed.sold_within_days) * 86_400;
        t - t.rem_euclid(60)
    })
}

/// Query words as both backends split them: runs of letters and digits, lower-cased,
/// multi-word synonym phrases as one word ([`crate::synonyms::Synonyms::collapse`]), at
/// most 10 (Meilisearch's limit). The flag says the last word is a prefix (the text does
/// not end with a space).
pub fn query_words(text: &str) -> (Vec<String>, bool) {
    // Only the first words are read; the bound keeps a pasted essay cheap.
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(40)
        .map(str::to_lowercase)
        .collect();
    let mut words = crate::synonyms::Synonyms::get().collapse(words);
    words.truncate(10);
    let prefix = text.chars().last().is_some_and(|c| c.is_alphanumeric());
    (words, prefix)
}

/// Meilisearch's default typo tolerance: one typo from 5 letters, two from 9.
pub fn allowed_typos(word: &str) -> u8 {
    match word.chars().count() {
        n if n >= 9 => 2,
        n if n >= 5 => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fx() -> FixedFilters {
        FixedFilters::for_dealer("demo")
    }

    fn parse(qs: &str) -> Result<SearchQuery, QueryError> {
        SearchQuery::from_query_string_at(qs, &fx(), 1_700_000_000)
    }

    #[test]
    fn ids_are_positive_whole_numbers_up_to_the_limit() {
        let q = parse("ids=12,%203,12,,7").expect("parsed");
        assert_eq!(q.ids, vec![3, 7, 12]);
        assert!(!q.is_unfiltered());
        assert_eq!(
            parse(&q.to_query_string()).expect("round trip").ids,
            vec![3, 7, 12]
        );
        for bad in ["ids=0", "ids=-1", "ids=abc", "ids=1.5"] {
            assert_eq!(parse(bad).expect_err(bad).parameter, "ids", "{bad}");
        }
        let many: Vec<String> = (1..=(MAX_IDS as u64 + 1)).map(|i| i.to_string()).collect();
        assert_eq!(
            parse(&format!("ids={}", many.join(",")))
                .expect_err("too many")
                .parameter,
            "ids"
        );
        assert!(parse("ids=").expect("blank").ids.is_empty());
    }

    #[test]
    fn parses_every_parameter() {
        let q = parse(
            "?query=rav4+gx&page=2&hitsPerPage=12&sortBy=price_asc&refinementList%5Bmake%5D%5B1%5D=Mazda\
             &refinementList[make][0]=Toyota&menu[body]=SUV&range[price]=%2410%2C000:30000&range[km]=:50000\
             &lat=-27.47&lng=153.02&radius=100&utm_source=x",
        )
        .expect("valid");
        assert_eq!(q.text, "rav4 gx");
        assert_eq!((q.page, q.hits_per_page), (2, 12));
        assert_eq!(
            q.sort,
            SortBy::Field {
                field: RangeField::Price,
                desc: false
            }
        );
        assert_eq!(q.filters.len(), 2);
        assert_eq!(q.filters[0].facet, Facet::Make);
        assert_eq!(q.filters[0].values, vec!["Toyota", "Mazda"]);
        assert_eq!(
            q.filters[1],
            FacetFilter {
                facet: Facet::Body,
                values: vec!["SUV".into()],
                menu: true
            }
        );
        assert_eq!(
            q.ranges[0],
            RangeFilter {
                field: RangeField::Price,
                min: Some(10_000.0),
                max: Some(30_000.0)
            }
        );
        assert_eq!(
            q.ranges[1],
            RangeFilter {
                field: RangeField::Km,
                min: None,
                max: Some(50_000.0)
            }
        );
        assert_eq!(
            q.near,
            Some(Near {
                lat: -27.47,
                lng: 153.02,
                radius_km: 100
            })
        );
        assert_eq!(
            q.sold_after,
            Some(1_700_000_000 - 3 * 86_400 - (1_700_000_000 - 3 * 86_400) % 60)
        );
    }

    #[test]
    fn round_trips_through_the_canonical_string() {
        let q = parse("query=hilux&refinementList[make][0]=Toyota&range[year]=2018:&sortBy=km:asc&menu[state]=QLD&page=1")
            .expect("valid");
        let again = parse(&q.to_query_string()).expect("canonical string parses");
        assert_eq!(q, again);
    }

    /// Seed 000 s2: "Dealer search parameters: locationId, locationType, lat, lng,
    /// userLocation".
    #[test]
    fn dealer_search_parameters() {
        let q = parse("locationId=3101&locationType=Service&userLocation=4000").expect("valid");
        assert_eq!(q.location_id, Some(3101));
        assert_eq!(q.location_type.as_deref(), Some("service"));
        assert!(!q.is_unfiltered());
        assert_eq!(q.selected_facets(), vec![LOCATION_FACET]);
        assert_eq!(parse(&q.to_query_string()).expect("round trip"), q);
        let blank = parse("locationId=&locationType=").expect("blank is none");
        assert_eq!((blank.location_id, blank.location_type), (None, None));
    }

    #[test]
    fn defaults() {
        let q = parse("").expect("empty is valid");
        assert_eq!(
            (q.page, q.hits_per_page, q.sort),
            (0, 21, SortBy::Relevance)
        );
        assert!(q.is_unfiltered());
        let q = parse("lat=-27&lng=153").expect("radius defaults");
        assert_eq!(q.near.map(|n| n.radius_km), Some(50));
        assert_eq!(
            parse("sortBy=latest").expect("latest").sort,
            SortBy::Field {
                field: RangeField::CreatedAtTimestamp,
                desc: true
            }
        );
    }

    #[test]
    fn bad_input_names_the_parameter() {
        let cases = [
            (
                "refinementList[colour_code][0]=red",
                "refinementList[colour_code][0]",
            ),
            ("refinementList[price][0]=1", "refinementList[price][0]"),
            ("menu[nope]=x", "menu[nope]"),
            ("range[price]=abc:100", "range[price]"),
            ("range[price]=500:100", "range[price]"),
            ("range[colour]=1:2", "range[colour]"),
            ("range[price]=100", "range[price]"),
            ("page=-1", "page"),
            ("page=x", "page"),
            ("hitsPerPage=0", "hitsPerPage"),
            ("hitsPerPage=1000", "hitsPerPage"),
            ("sortBy=colour:asc", "sortBy"),
            ("radius=33&lat=1&lng=2", "radius"),
            ("lat=1", "lng"),
            ("lat=100&lng=1", "lat"),
            ("locationId=abc", "locationId"),
            ("locationId=0", "locationId"),
            ("locationType=garage", "locationType"),
        ];
        for (qs, param) in cases {
            let e = parse(qs).expect_err(qs);
            assert_eq!(e.parameter, param, "{qs}");
            assert!(e.message.starts_with(param), "{qs}: {}", e.message);
        }
        let long = format!("query={}", "ab ".repeat(MAX_QUERY_CHARS));
        assert_eq!(
            parse(&long).expect("long text is cut").text.chars().count(),
            MAX_QUERY_CHARS
        );
    }

    #[test]
    fn words_and_typos() {
        assert_eq!(
            query_words("Land-Rover  def"),
            (vec!["land".into(), "rover".into(), "def".into()], true)
        );
        assert!(!query_words("corolla ").1);
        assert_eq!(
            (
                allowed_typos("ford"),
                allowed_typos("mazda"),
                allowed_typos("landcruis"),
                allowed_typos("landcrui")
            ),
            (0, 1, 2, 1)
        );
    }

    #[test]
    fn no_sold_cars_when_the_window_is_zero() {
        let mut f = fx();
        f.sold_within_days = 0;
        assert_eq!(
            SearchQuery::from_query_string_at("", &f, 1_700_000_000)
                .expect("ok")
                .sold_after,
            None
        );
    }
}
