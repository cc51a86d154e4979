//! The search URL grammar, read and written once for Rust: `query`, `page`, `hitsPerPage`,
//! `sortBy`, `refinementList[<facet>][<i>]=<value>`, `range[<field>]=<min>:<max>`,
//! `menu[<facet>]=<value>`, the distance search `lat`, `lng`, `radius` (km) with the
//! shopper's postcode as `userLocation`, `ids`, and the dealer search parameters
//! `locationId` and `locationType` (seed 000 s2). The browser's twin is
//! `frontend/src/features/search/search-state.ts`; both are held to
//! `domain/tests/data/search_url.json`.
//!
//! Reading never fails: a value the grammar cannot read is left out and reported as a
//! [`Rejected`] parameter. The search API answers 400 on the first one; the search page
//! ignores them, so a shared link with one bad parameter still shows the rest. Which
//! facet and field names exist, and the API's size bounds, are the search crate's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::constants::{DEFAULT_RADIUS_KM, DISTANCE_CHOICES_KM};
use crate::rules::slider::parse_money;

/// How a URL counts pages: the page's own address from 1 (`page=2` is the second page, what
/// a shopper reading the address expects), the search API from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageBase {
    /// The search API: `page=0` is the first page.
    Zero,
    /// The search page's address: `page=1` is the first page.
    One,
}

impl PageBase {
    fn offset(self) -> u32 {
        match self {
            PageBase::Zero => 0,
            PageBase::One => 1,
        }
    }
}

/// A numeric range; either side may be open.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct UrlRange {
    /// Lowest accepted value.
    pub min: Option<f64>,
    /// Highest accepted value.
    pub max: Option<f64>,
}

/// A distance search: around a point, within `radius` km.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UrlNear {
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lng: f64,
    /// Radius in km, one of [`DISTANCE_CHOICES_KM`].
    pub radius: u32,
    /// The postcode the shopper gave (`userLocation`), shown back in the picker; may be empty.
    #[serde(default)]
    pub postcode: String,
}

/// The search state a URL holds. Serialised with the browser's field names, so the case
/// table reads the same in both languages.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct SearchUrl {
    /// The text, trimmed.
    pub query: String,
    /// Page, from 0 whatever the URL's [`PageBase`].
    pub page: u32,
    /// Hits per page, when the URL names it.
    pub hits_per_page: Option<u32>,
    /// The order as written (`latest`, `price_asc`, `km:asc`...; `relevance` is kept, so a
    /// shopper's explicit choice wins over a dealer's default); empty: not given.
    pub sort_by: String,
    /// Selected values by facet, in index order, trimmed, without blanks or repeats
    /// (ignoring ASCII case).
    pub refinements: BTreeMap<String, Vec<String>>,
    /// Ranges by field; a range open on both sides is none.
    pub ranges: BTreeMap<String, UrlRange>,
    /// One value by facet, trimmed; a blank value is none.
    pub menu: BTreeMap<String, String>,
    /// The distance search.
    pub near: Option<UrlNear>,
    /// Only these cars (the watchlist asks for its saved cars): sorted, without repeats.
    pub ids: Vec<u64>,
    /// A dealer location's id, a positive whole number without leading zeros; empty: any.
    pub location_id: String,
    /// A location department type, trimmed and lower-cased; empty: any.
    pub location_type: String,
}

/// A parameter the grammar could not read, left out of the state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// The parameter as written in the URL (decoded).
    pub parameter: String,
    /// What is wrong with it, without the parameter's name.
    pub message: String,
}

/// Which bracketed parameter a name belongs to, for the caller's check of the names it knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    /// `refinementList[<facet>]`.
    Refinement,
    /// `menu[<facet>]`.
    Menu,
    /// `range[<field>]`.
    Range,
}

/// The key of the `index`th selected value of `facet`.
pub fn refinement_key(facet: &str, index: usize) -> String {
    format!("refinementList[{facet}][{index}]")
}

/// One `key=value` pair, encoded as the writer encodes every pair (form encoding: a space
/// is `+`, brackets and every other reserved character percent-encoded, so the text is a
/// valid href).
pub fn encode_pair(key: &str, value: &str) -> String {
    form_urlencoded::Serializer::new(String::new())
        .append_pair(key, value)
        .finish()
}

/// The decoded `key`, `value` pairs of a query string (with or without its `?`).
pub fn pairs(qs: &str) -> impl Iterator<Item = (String, String)> + '_ {
    form_urlencoded::parse(qs.strip_prefix('?').unwrap_or(qs).as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
}

/// Splits `name[a][b]` into `name` and the bracketed parts; `None` if not of that shape.
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

/// A whole number as Rust's `u32` reads one (an optional `+`, then digits).
fn whole(value: &str) -> Option<u32> {
    value.trim().parse::<u32>().ok()
}

/// A positive whole number written with digits only, as its canonical text.
fn positive_id(value: &str) -> Option<u64> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse::<u64>().ok().filter(|id| *id > 0)
}

/// Seed 001 s7: a number is a money text with dollar signs and commas removed (the
/// domain's rule); blank is absent.
fn number(value: &str) -> Result<Option<f64>, String> {
    if value
        .chars()
        .all(|c| c == '$' || c == ',' || c.is_whitespace())
    {
        return Ok(None);
    }
    parse_money(value).map(Some).ok_or_else(|| {
        format!(
            "'{}' is not a number",
            value.chars().take(40).collect::<String>()
        )
    })
}

/// Writes a number as both languages print it (no exponent for the values a URL holds).
fn write_number(value: f64) -> String {
    value.to_string()
}

impl SearchUrl {
    /// Reads a query string, every facet and field name accepted.
    pub fn parse(qs: &str, base: PageBase) -> (SearchUrl, Vec<Rejected>) {
        SearchUrl::parse_checked(qs, base, &|_, _| Ok(()))
    }

    /// Reads a query string; `check` says whether a facet or field name exists (an error
    /// message when not), and a parameter with an unknown name is rejected.
    pub fn parse_checked(
        qs: &str,
        base: PageBase,
        check: &dyn Fn(NameKind, &str) -> Result<(), String>,
    ) -> (SearchUrl, Vec<Rejected>) {
        let mut url = SearchUrl::default();
        let mut rejected = Vec::new();
        let mut reject = |parameter: &str, message: String| {
            rejected.push(Rejected {
                parameter: parameter.to_string(),
                message,
            })
        };
        // (facet, index, value) in URL order; sorted by index at the end.
        let mut lists: Vec<(String, usize, String)> = Vec::new();
        let (mut lat, mut lng, mut radius) = (None, None, None);
        let mut near_rejected = false;
        let mut postcode = String::new();
        for (key, value) in pairs(qs) {
            match key.as_str() {
                "query" => url.query = value.trim().to_string(),
                "page" => match whole(&value).and_then(|p| p.checked_sub(base.offset())) {
                    Some(p) => url.page = p,
                    None => reject(
                        "page",
                        match base {
                            PageBase::Zero => "must be a whole number".into(),
                            PageBase::One => "must be a whole number from 1".into(),
                        },
                    ),
                },
                "hitsPerPage" => match whole(&value) {
                    Some(h) => url.hits_per_page = Some(h),
                    None => reject("hitsPerPage", "must be a whole number".into()),
                },
                "sortBy" => url.sort_by = value.trim().to_string(),
                "ids" => {
                    let mut ids = Vec::new();
                    let mut bad = false;
                    for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                        match positive_id(part) {
                            Some(id) => ids.push(id),
                            None => bad = true,
                        }
                    }
                    if bad {
                        reject(
                            "ids",
                            "must be car ids (positive whole numbers) separated by commas".into(),
                        );
                    } else {
                        ids.sort_unstable();
                        ids.dedup();
                        url.ids = ids;
                    }
                }
                "locationId" => match value.trim() {
                    "" => url.location_id.clear(),
                    v => match positive_id(v) {
                        Some(id) => url.location_id = id.to_string(),
                        None => reject(
                            "locationId",
                            "must be a location id (a positive whole number)".into(),
                        ),
                    },
                },
                "locationType" => url.location_type = value.trim().to_ascii_lowercase(),
                "lat" | "lng" | "radius" => {
                    let slot = match key.as_str() {
                        "lat" => &mut lat,
                        "lng" => &mut lng,
                        _ => &mut radius,
                    };
                    match number(&value) {
                        Ok(v) => *slot = v,
                        Err(message) => {
                            near_rejected = true;
                            reject(&key, message)
                        }
                    }
                }
                "userLocation" => postcode = value.trim().to_string(),
                _ => {
                    let Some((head, parts)) = brackets(&key) else {
                        continue;
                    };
                    let (kind, shape) = match head {
                        "refinementList" => (
                            NameKind::Refinement,
                            "expected refinementList[<facet>][<i>]",
                        ),
                        "menu" => (NameKind::Menu, "expected menu[<facet>]"),
                        "range" => (NameKind::Range, "expected range[<field>]"),
                        _ => continue,
                    };
                    let most = if kind == NameKind::Refinement { 2 } else { 1 };
                    let name = parts.first().copied().unwrap_or("");
                    if parts.len() > most || name.is_empty() {
                        reject(&key, shape.into());
                        continue;
                    }
                    if let Err(message) = check(kind, name) {
                        reject(&key, message);
                        continue;
                    }
                    match kind {
                        NameKind::Refinement => {
                            let index = match parts.get(1) {
                                // No index: after the values of the facet before it.
                                None | Some(&"") => {
                                    lists.iter().filter(|(f, _, _)| f == name).count()
                                }
                                Some(i) if i.bytes().all(|b| b.is_ascii_digit()) => {
                                    match i.parse::<usize>() {
                                        Ok(i) => i,
                                        Err(_) => {
                                            reject(&key, "index must be a number".into());
                                            continue;
                                        }
                                    }
                                }
                                Some(_) => {
                                    reject(&key, "index must be a number".into());
                                    continue;
                                }
                            };
                            lists.push((name.to_string(), index, value.trim().to_string()));
                        }
                        NameKind::Menu => {
                            let value = value.trim();
                            if value.is_empty() {
                                url.menu.remove(name);
                            } else {
                                url.menu.insert(name.to_string(), value.to_string());
                            }
                        }
                        NameKind::Range => {
                            let Some((a, b)) = value.split_once(':') else {
                                reject(&key, "expected <min>:<max>".into());
                                continue;
                            };
                            let (min, max) = match (number(a), number(b)) {
                                (Ok(min), Ok(max)) => (min, max),
                                (Err(message), _) | (_, Err(message)) => {
                                    reject(&key, message);
                                    continue;
                                }
                            };
                            if let (Some(a), Some(b)) = (min, max) {
                                if a > b {
                                    reject(&key, "min is above max".into());
                                    continue;
                                }
                            }
                            if min.is_none() && max.is_none() {
                                url.ranges.remove(name);
                            } else {
                                url.ranges.insert(name.to_string(), UrlRange { min, max });
                            }
                        }
                    }
                }
            }
        }
        lists.sort_by_key(|(f, i, _)| (f.clone(), *i));
        for (facet, _, value) in lists {
            if value.is_empty() {
                continue;
            }
            let values = url.refinements.entry(facet).or_default();
            if !values.iter().any(|v| v.eq_ignore_ascii_case(&value)) {
                values.push(value);
            }
        }
        if !near_rejected {
            match (lat, lng, radius) {
                (None, None, None) => {}
                (Some(lat), Some(lng), radius) => {
                    if !(-90.0..=90.0).contains(&lat) {
                        reject("lat", "must be between -90 and 90".into());
                    } else if !(-180.0..=180.0).contains(&lng) {
                        reject("lng", "must be between -180 and 180".into());
                    } else {
                        match radius {
                            None => {
                                url.near = Some(UrlNear {
                                    lat,
                                    lng,
                                    radius: DEFAULT_RADIUS_KM,
                                    postcode,
                                })
                            }
                            Some(r) => match DISTANCE_CHOICES_KM
                                .into_iter()
                                .find(|c| f64::from(*c) == r)
                            {
                                Some(radius) => {
                                    url.near = Some(UrlNear {
                                        lat,
                                        lng,
                                        radius,
                                        postcode,
                                    })
                                }
                                None => {
                                    let choices: Vec<String> =
                                        DISTANCE_CHOICES_KM.iter().map(u32::to_string).collect();
                                    reject(
                                        "radius",
                                        format!("must be one of {} (km)", choices.join(", ")),
                                    )
                                }
                            },
                        }
                    }
                }
                (None, _, _) => {
                    reject("lat", "lat and lng are needed for a distance search".into())
                }
                (_, None, _) => {
                    reject("lng", "lat and lng are needed for a distance search".into())
                }
            }
        }
        (url, rejected)
    }

    /// The canonical query string (without `?`): parameters in a fixed order, facets and
    /// fields by name; [`SearchUrl::parse`] reads it back to an equal state.
    pub fn to_query_string(&self, base: PageBase) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        if !self.query.is_empty() {
            out.append_pair("query", &self.query);
        }
        if self.page > 0 {
            out.append_pair("page", &(self.page + base.offset()).to_string());
        }
        if let Some(h) = self.hits_per_page {
            out.append_pair("hitsPerPage", &h.to_string());
        }
        if !self.sort_by.is_empty() {
            out.append_pair("sortBy", &self.sort_by);
        }
        for (facet, values) in &self.refinements {
            for (i, v) in values.iter().enumerate() {
                out.append_pair(&refinement_key(facet, i), v);
            }
        }
        let side = |v: Option<f64>| v.map(write_number).unwrap_or_default();
        for (field, r) in &self.ranges {
            if r.min.is_some() || r.max.is_some() {
                out.append_pair(
                    &format!("range[{field}]"),
                    &format!("{}:{}", side(r.min), side(r.max)),
                );
            }
        }
        for (facet, value) in &self.menu {
            if !value.is_empty() {
                out.append_pair(&format!("menu[{facet}]"), value);
            }
        }
        if let Some(n) = &self.near {
            out.append_pair("lat", &write_number(n.lat));
            out.append_pair("lng", &write_number(n.lng));
            out.append_pair("radius", &n.radius.to_string());
            if !n.postcode.is_empty() {
                out.append_pair("userLocation", &n.postcode);
            }
        }
        if !self.ids.is_empty() {
            let ids: Vec<String> = self.ids.iter().map(u64::to_string).collect();
            out.append_pair("ids", &ids.join(","));
        }
        if !self.location_id.is_empty() {
            out.append_pair("locationId", &self.location_id);
        }
        if !self.location_type.is_empty() {
            out.append_pair("locationType", &self.location_type);
        }
        out.finish()
    }
}
