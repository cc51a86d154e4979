//! `GET /api/search`: the stock search of the Host's dealer, which the search page calls
//! with its URL state after hydration. The query string is parsed by the `search` crate
//! under the dealer's fixed filters (its stock filters, sold window and manufacturer) and
//! answered by the embedded index the generator wrote (`dist/_search`) or by Meilisearch.
//! A bad parameter is a 400 naming it; a dealer without an index is a 404; a backend that
//! cannot answer is a 503. No query string gives a 500.
//!
//! The shopper's text is read for filter phrases first ("hybrid under 30k" is the text
//! "hybrid" with `range[price]=:30000`, see [`::search::understand`]); the answer says
//! what was understood so the page shows the same filters as its sidebar would. An
//! empty answer that a range emptied names that range and what is found without it.

use std::collections::BTreeMap;

use ::search::{Facet, SearchAnswer, SearchError, SearchQuery};
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;
use domain::messages::{SEARCH_NO_INDEX, SEARCH_UNAVAILABLE};
use domain::view::card::{mark_held, CardView};
use serde::Serialize;

use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::tenancy::{Site, Tenant};
use crate::AppState;

/// Cache header of search answers: short, so a new build or a sold car shows soon, long
/// enough to absorb repeated queries (the key includes the host, hence the dealer).
pub const CACHE_CONTROL: &str = "public, max-age=30";

fn search_error(e: SearchError) -> ApiError {
    match e {
        SearchError::UnknownDealer(_) | SearchError::BadDealer(_) => {
            ApiError::new(ErrorCode::NotFound, SEARCH_NO_INDEX)
        }
        other => {
            tracing::error!(error = %other, "search failed");
            ApiError::new(ErrorCode::Unavailable, SEARCH_UNAVAILABLE)
        }
    }
}

/// Searches the dealer's stock. Parameters as the search page keeps its URL state:
/// `query`, `page` (from 0), `hitsPerPage` (1-100), `sortBy` (`relevance`, `latest`,
/// `price_desc`, `price_asc` or `<field>:<asc|desc>`), `refinementList[<facet>][<i>]=<value>`,
/// `menu[<facet>]=<value>`, `range[<field>]=<min>:<max>`, `lat`, `lng`, `radius` (km), and
/// `ids` (only the cars of these ids, up to 100, comma-separated: the watchlist page),
/// and the dealer search parameters `locationId` and `locationType` (seed 000 s2).
/// Other parameters are ignored.
#[utoipa::path(get, path = "/api/search", tag = "search",
    params(
        ("query" = Option<String>, Query, description = "Text typed by the shopper (at most 200 characters)"),
        ("page" = Option<u32>, Query, description = "Page, from 0"),
        ("hitsPerPage" = Option<u32>, Query, description = "Hits per page, 1 to 100 (default 21)"),
        ("sortBy" = Option<String>, Query, description = "relevance, latest, price_desc, price_asc or <field>:<asc|desc>"),
        ("ids" = Option<String>, Query, description = "Only these car ids: up to 100 positive whole numbers separated by commas"),
        ("locationId" = Option<u64>, Query, description = "Only the cars held at (or distributed to) this dealer location (seed 000 s2 dealer search parameter)"),
        ("locationType" = Option<String>, Query, description = "Only the cars at a location of this department type: sales, service, parts or service-and-parts"),
    ),
    responses(
        (status = 200, body = SearchReply, description = "One page of card view models with the count, pages and facets"),
        (status = 400, body = ErrorBody, description = "A parameter is malformed; the message and `fields` name it"),
        (status = 404, body = ErrorBody, description = "The host names no dealer, or the dealer has no search index"),
        (status = 503, body = ErrorBody, description = "The search backend cannot answer now"),
    ))]
pub async fn stock_search(
    State(state): State<AppState>,
    Site(site): Site,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    answer(&state, &site, raw.as_deref().unwrap_or_default()).await
}

/// The same search for queries too long for a URL: the body is the query string
/// (`application/x-www-form-urlencoded`, the parameters of `GET /api/search`). Answers
/// are not cached by the CDN (POST), but the API's own answer cache still applies.
#[utoipa::path(post, path = "/api/search", tag = "search",
    request_body(content = String, content_type = "application/x-www-form-urlencoded",
        description = "The parameters of GET /api/search as a form body"),
    responses(
        (status = 200, body = SearchReply, description = "One page of card view models with the count, pages and facets"),
        (status = 400, body = ErrorBody, description = "A parameter is malformed; the message and `fields` name it"),
        (status = 404, body = ErrorBody, description = "The host names no dealer, or the dealer has no search index"),
        (status = 503, body = ErrorBody, description = "The search backend cannot answer now"),
    ))]
pub async fn stock_search_post(
    State(state): State<AppState>,
    Site(site): Site,
    headers: axum::http::HeaderMap,
    body: String,
) -> Result<Response, ApiError> {
    let form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.trim()
                .to_ascii_lowercase()
                .starts_with("application/x-www-form-urlencoded")
        });
    if !form {
        return Err(ApiError::bad_field(
            "content-type",
            "send the search parameters as an application/x-www-form-urlencoded body",
        ));
    }
    answer(&state, &site, body.trim()).await
}

/// Shows the cars reserved since the build as Reserved (the index has them as they were
/// at build time). A store failure only logs: the results still answer.
async fn mark_held_cars(state: &AppState, site: &Tenant, hits: &mut [serde_json::Value]) {
    let held = match state.store.held_cars(&site.slug, state.clock.now()).await {
        Ok(held) => held,
        Err(e) => {
            tracing::warn!(dealer = %site.slug, error = %anyhow::Error::new(e), "holds unreadable; results shown as built");
            return;
        }
    };
    if held.is_empty() {
        return;
    }
    for hit in hits.iter_mut() {
        let is_held = hit
            .get("id")
            .and_then(serde_json::Value::as_u64)
            .is_some_and(|id| held.binary_search(&id).is_ok());
        if !is_held {
            continue;
        }
        if let Ok(mut card) = serde_json::from_value::<CardView>(hit.clone()) {
            mark_held(&mut card);
            if let Ok(value) = serde_json::to_value(card) {
                *hit = value;
            }
        }
    }
}

/// A range as the URL writes it (`range[<field>]=<min>:<max>`); either side may be open.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
pub struct RangeBounds {
    /// Lowest accepted value.
    pub min: Option<f64>,
    /// Highest accepted value.
    pub max: Option<f64>,
}

/// Filter phrases read from the shopper's text, as the search state writes them: the
/// page puts these into its URL in place of the text it sent.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct UnderstoodQuery {
    /// The words left over: the text query that was searched.
    pub query: String,
    /// The phrases read as filters, as typed ("under 30k").
    pub phrases: Vec<String>,
    /// Every range of a field a phrase named, as applied (combined with the URL's own
    /// range of that field), by field name.
    pub ranges: BTreeMap<String, RangeBounds>,
    /// Every `refinementList` of a facet a phrase named, as applied, by facet name.
    pub refinements: BTreeMap<String, Vec<String>>,
}

/// For an empty answer: the range that emptied it and what is found without it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct RelaxedRange {
    /// The range field (`price`, `km`, `year`, ...).
    pub field: String,
    /// The range that was applied.
    pub applied: RangeBounds,
    /// Cars found without it (everything else unchanged).
    pub count: u64,
    /// Lowest and highest value of the field among those cars.
    pub min: Option<f64>,
    /// See `min`.
    pub max: Option<f64>,
}

/// For an empty answer: the text spelled as the dealer's stock spells it, which finds cars.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Suggestion {
    /// The text to search instead ("Corolla" for "corrola").
    pub query: String,
    /// Cars it finds (with every other filter unchanged).
    pub count: u64,
}

/// The answer of `GET /api/search`: the search answer, plus what the API read from the
/// shopper's text and, for an empty answer, the nearest answer (without one range, or
/// with the text spelled as the stock spells it).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SearchReply {
    /// The search answer.
    #[serde(flatten)]
    pub answer: SearchAnswer,
    /// Present when phrases of the text were read as filters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub understood: Option<UnderstoodQuery>,
    /// Present when nothing was found and dropping one range finds cars.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relaxed: Option<RelaxedRange>,
    /// Present when nothing was found, no range is to blame, and the stock's spelling of
    /// the text finds cars.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<Suggestion>,
}

/// Reads filter phrases from the query's text and applies them; `None` when the text
/// holds none. A number the stock names as a make or model ("Peugeot 2008") stays text.
async fn understand_query(state: &AppState, query: &mut SearchQuery) -> Option<UnderstoodQuery> {
    if query.text.trim().is_empty() {
        return None;
    }
    let mut understood = ::search::understand(&query.text);
    if understood.filters.iter().any(|f| f.facet == Facet::Year) {
        let known: Vec<String> = stock_words(state, query)
            .await
            .iter()
            .map(|w| w.to_lowercase())
            .collect();
        understood = ::search::understand_keeping(&query.text, |w| {
            known.iter().any(|k| k == &w.to_lowercase())
        });
    }
    if understood.is_empty() {
        return None;
    }
    understood.apply_to(query);
    let ranges = understood
        .ranges
        .iter()
        .filter_map(|u| query.ranges.iter().find(|r| r.field == u.field))
        .map(|r| {
            (
                r.field.name().to_string(),
                RangeBounds {
                    min: r.min,
                    max: r.max,
                },
            )
        })
        .collect();
    let refinements = understood
        .filters
        .iter()
        .filter_map(|u| query.filters.iter().find(|f| f.facet == u.facet && !f.menu))
        .map(|f| (f.facet.name().to_string(), f.values.clone()))
        .collect();
    Some(UnderstoodQuery {
        query: query.text.clone(),
        phrases: understood.phrases,
        ranges,
        refinements,
    })
}

/// The words of the makes and models of the dealer's stock (under its fixed filters),
/// most cars first; none when the backend cannot answer.
async fn stock_words(state: &AppState, query: &SearchQuery) -> Vec<String> {
    let mut stock = SearchQuery::new(query.fixed.clone());
    stock.sold_after = query.sold_after;
    stock.hits_per_page = 1;
    let Ok(stock) = state.search.search(stock).await else {
        return Vec::new();
    };
    ["make", "model"]
        .iter()
        .filter_map(|facet| stock.facets.get(*facet))
        .flatten()
        .map(|item| item.value.clone())
        .collect()
}

/// The first range (in field order) without which the query finds cars.
async fn relax(state: &AppState, query: &SearchQuery) -> Option<RelaxedRange> {
    for (i, range) in query.ranges.iter().enumerate() {
        let mut wider = query.clone();
        wider.ranges.remove(i);
        wider.page = 0;
        let Ok(found) = state.search.search(wider).await else {
            return None;
        };
        if found.count == 0 {
            continue;
        }
        let stats = found.facets_stats.get(range.field.name());
        return Some(RelaxedRange {
            field: range.field.name().to_string(),
            applied: RangeBounds {
                min: range.min,
                max: range.max,
            },
            count: found.count,
            min: stats.map(|s| s.min),
            max: stats.map(|s| s.max),
        });
    }
    None
}

/// The makes and models of the dealer's stock (most cars first) that the text may have
/// meant, checked to find cars with the query's other filters.
async fn suggest(state: &AppState, query: &SearchQuery) -> Option<Suggestion> {
    let known = stock_words(state, query).await;
    let text = ::search::phrases::did_you_mean(&query.text, known.iter().map(String::as_str))?;
    let mut spelled = query.clone();
    spelled.text = text;
    spelled.page = 0;
    let found = state.search.search(spelled.clone()).await.ok()?;
    (found.count > 0).then_some(Suggestion {
        query: spelled.text,
        count: found.count,
    })
}

async fn answer(state: &AppState, site: &Tenant, raw: &str) -> Result<Response, ApiError> {
    let now = state.clock.now().timestamp();
    let mut query = SearchQuery::from_query_string_at(raw, &site.search, now)
        .map_err(|e| ApiError::bad_field(&e.parameter, e.message))?;
    let understood = understand_query(state, &mut query).await;
    let mut answer = state
        .search
        .search(query.clone())
        .await
        .map_err(search_error)?;
    let empty = answer.count == 0 && query.ids.is_empty();
    let relaxed = if empty {
        relax(state, &query).await
    } else {
        None
    };
    let suggestion = if empty && relaxed.is_none() && !query.text.trim().is_empty() {
        suggest(state, &query).await
    } else {
        None
    };
    mark_held_cars(state, site, &mut answer.hits).await;
    Ok((
        [(
            header::CACHE_CONTROL,
            HeaderValue::from_static(CACHE_CONTROL),
        )],
        Json(SearchReply {
            answer,
            understood,
            relaxed,
            suggestion,
        }),
    )
        .into_response())
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/search", get(stock_search).post(stock_search_post))
}
