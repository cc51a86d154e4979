//! The query model, read from and written to the search URL by the domain's grammar
//! ([`domain::search_url`], pages from 0): `query`, `page`, `hitsPerPage`, `sortBy`,
//! `refinementList[<facet>][<i>]=<value>`, `range[<field>]=<min>:<max>`,
//! `menu[<facet>]=<value>`, `lat`, `lng`, `radius`, `ids`, and the dealer search parameters
//! `locationId` and `locationType` (seed 000 s2). Other parameters (analytics tags,
//! `userLocation`...) are ignored; a parameter the grammar rejects, or a name, value or
//! size this API does not accept, is a [`QueryError`] that names the parameter.

use chrono::Utc;
use serde::{Deserialize, Serialize};

use crate::facets::{Facet, RangeField};
// The sold window is the domain's, not redefined here (so are the distance choices and
// default radius, which the grammar applies).
use domain::rules::constants::MAX_IDS;
use domain::rules::stock::DEFAULT_INCLUDE_SOLD_CARS_DAYS;
use domain::search_url::{NameKind, PageBase, Rejected, SearchUrl, UrlNear, UrlRange};

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
    /// Radius, one of [`domain::rules::constants::DISTANCE_CHOICES_KM`].
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

/// Whether a facet or field name of a bracketed parameter exists: facets that take values
/// for `refinementList` and `menu`, range fields for `range`.
fn check_name(kind: NameKind, name: &str) -> Result<(), String> {
    match kind {
        NameKind::Refinement | NameKind::Menu => match Facet::from_name(name) {
            None => Err(format!("unknown facet '{name}'")),
            Some(f) if !f.has_values() => Err(format!(
                "facet '{name}' takes a range: use range[{name}]=min:max"
            )),
            Some(_) => Ok(()),
        },
        NameKind::Range => RangeField::from_name(name)
            .map(|_| ())
            .ok_or_else(|| format!("unknown range field '{name}'")),
    }
}

/// The message of a parameter the grammar rejected, with this API's bounds where it has them.
fn rejected_error(r: &Rejected) -> QueryError {
    match r.parameter.as_str() {
        "page" => err(
            "page",
            format!("must be a whole number from 0 to {MAX_PAGE}"),
        ),
        "hitsPerPage" => err(
            "hitsPerPage",
            format!("must be a whole number from 1 to {MAX_HITS_PER_PAGE}"),
        ),
        "ids" => ids_error(),
        _ => err(&r.parameter, &r.message),
    }
}

fn ids_error() -> QueryError {
    err(
        "ids",
        format!("must be up to {MAX_IDS} car ids (positive whole numbers) separated by commas"),
    )
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
    /// The grammar is the domain's ([`SearchUrl`], pages from 0); this adds the names and
    /// the bounds the API accepts.
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
        let (url, rejected) = SearchUrl::parse_checked(qs, PageBase::Zero, &check_name);
        if let Some(r) = rejected.first() {
            return Err(rejected_error(r));
        }
        let mut q = SearchQuery::new(fixed.clone());
        q.sold_after = sold_after(fixed, now);
        // A longer text is cut, not refused: only its first words are read anyway, and a
        // pasted paragraph deserves an answer, not a 400.
        q.text = url
            .query
            .chars()
            .take(MAX_QUERY_CHARS)
            .collect::<String>()
            .trim()
            .to_string();
        if url.page > MAX_PAGE {
            return Err(rejected_error(&Rejected {
                parameter: "page".into(),
                message: String::new(),
            }));
        }
        q.page = url.page;
        if let Some(h) = url.hits_per_page {
            if !(1..=MAX_HITS_PER_PAGE).contains(&h) {
                return Err(rejected_error(&Rejected {
                    parameter: "hitsPerPage".into(),
                    message: String::new(),
                }));
            }
            q.hits_per_page = h;
        }
        q.sort = SortBy::parse(&url.sort_by).ok_or_else(|| {
            err(
                "sortBy",
                "must be relevance, latest, price_desc, price_asc or <field>:<asc|desc> on a range field",
            )
        })?;
        if url.ids.len() > MAX_IDS {
            return Err(ids_error());
        }
        q.ids = url.ids;
        // The grammar keeps only positive whole numbers.
        q.location_id = url.location_id.parse::<u64>().ok();
        q.location_type = match url.location_type.as_str() {
            "" => None,
            t if LOCATION_TYPES.contains(&t) => Some(url.location_type.clone()),
            _ => {
                return Err(err(
                    "locationType",
                    format!("must be one of {}", LOCATION_TYPES.join(", ")),
                ))
            }
        };
        let facet = |name: &str| {
            Facet::from_name(name).ok_or_else(|| err(name, format!("unknown facet '{name}'")))
        };
        for (name, values) in &url.refinements {
            let facet = facet(name)?;
            if values.len() > MAX_VALUES_PER_FACET {
                return Err(err(
                    &format!("refinementList[{name}]"),
                    format!("more than {MAX_VALUES_PER_FACET} values"),
                ));
            }
            q.filters.push(FacetFilter {
                facet,
                values: values.clone(),
                menu: false,
            });
        }
        for (name, value) in &url.menu {
            q.filters.push(FacetFilter {
                facet: facet(name)?,
                values: vec![value.clone()],
                menu: true,
            });
        }
        for f in &q.filters {
            if f.values.iter().any(|v| v.chars().count() > MAX_VALUE_CHARS) {
                return Err(err(
                    f.facet.name(),
                    format!("value longer than {MAX_VALUE_CHARS} characters"),
                ));
            }
        }
        q.filters.sort_by_key(|f| (f.facet, f.menu));
        for (name, r) in &url.ranges {
            let field = RangeField::from_name(name)
                .ok_or_else(|| err(name, format!("unknown range field '{name}'")))?;
            q.ranges.push(RangeFilter {
                field,
                min: r.min,
                max: r.max,
            });
        }
        q.ranges.sort_by_key(|r| r.field);
        q.near = url.near.map(|n| Near {
            lat: n.lat,
            lng: n.lng,
            radius_km: n.radius,
        });
        Ok(q)
    }

    /// The canonical query string of this query, written by the domain's grammar (facets
    /// and fields by name), which [`SearchQuery::from_query_string`] reads back to an equal
    /// query.
    pub fn to_query_string(&self) -> String {
        let mut url = SearchUrl {
            query: self.text.clone(),
            page: self.page,
            hits_per_page: (self.hits_per_page != DEFAULT_HITS_PER_PAGE)
                .then_some(self.hits_per_page),
            sort_by: self.sort.to_param(),
            ids: self.ids.clone(),
            location_id: self
                .location_id
                .map(|id| id.to_string())
                .unwrap_or_default(),
            location_type: self.location_type.clone().unwrap_or_default(),
            near: self.near.map(|n| UrlNear {
                lat: n.lat,
                lng: n.lng,
                radius: n.radius_km,
                postcode: String::new(),
            }),
            ..SearchUrl::default()
        };
        for f in &self.filters {
            if f.menu {
                if let Some(v) = f.values.first() {
                    url.menu.insert(f.facet.name().to_string(), v.clone());
                }
            } else {
                url.refinements
                    .entry(f.facet.name().to_string())
                    .or_default()
                    .extend(f.values.iter().cloned());
            }
        }
        for r in &self.ranges {
            url.ranges.insert(
                r.field.name().to_string(),
                UrlRange {
                    min: r.min,
                    max: r.max,
                },
            );
        }
        url.to_query_string(PageBase::Zero)
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
