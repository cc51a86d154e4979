//! `GET /api/search`: the stock search of the Host's dealer, which the search page calls
//! with its URL state after hydration. The query string is parsed by the `search` crate
//! under the dealer's fixed filters (its stock filters, sold window and manufacturer) and
//! answered by the embedded index the generator wrote (`dist/_search`) or by Meilisearch.
//! A bad parameter is a 400 naming it; a dealer without an index is a 404; a backend that
//! cannot answer is a 503. No query string gives a 500.

use ::search::{SearchAnswer, SearchError, SearchQuery};
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;
use domain::view::card::{mark_held, CardView};

use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::tenancy::{Site, Tenant};
use crate::AppState;

/// Cache header of search answers: short, so a new build or a sold car shows soon, long
/// enough to absorb repeated queries (the key includes the host, hence the dealer).
pub const CACHE_CONTROL: &str = "public, max-age=30";
/// Shown when the dealer has no search index (yet).
pub const NO_INDEX: &str = "This site's stock search is not available yet.";
/// Shown when the search backend cannot answer.
pub const UNAVAILABLE: &str = "Search is unavailable right now. Please try again shortly.";

fn search_error(e: SearchError) -> ApiError {
    match e {
        SearchError::UnknownDealer(_) | SearchError::BadDealer(_) => {
            ApiError::new(ErrorCode::NotFound, NO_INDEX)
        }
        other => {
            tracing::error!(error = %other, "search failed");
            ApiError::new(ErrorCode::Unavailable, UNAVAILABLE)
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
        (status = 200, body = SearchAnswer, description = "One page of card view models with the count, pages and facets"),
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
        (status = 200, body = SearchAnswer, description = "One page of card view models with the count, pages and facets"),
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

async fn answer(state: &AppState, site: &Tenant, raw: &str) -> Result<Response, ApiError> {
    let now = state.clock.now().timestamp();
    let query = SearchQuery::from_query_string_at(raw, &site.search, now)
        .map_err(|e| ApiError::bad_field(&e.parameter, e.message))?;
    let mut answer = state.search.search(query).await.map_err(search_error)?;
    mark_held_cars(state, site, &mut answer.hits).await;
    Ok((
        [(
            header::CACHE_CONTROL,
            HeaderValue::from_static(CACHE_CONTROL),
        )],
        Json(answer),
    )
        .into_response())
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/search", get(stock_search).post(stock_search_post))
}
