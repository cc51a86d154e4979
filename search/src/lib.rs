//! Stock search for every dealer site: the query model, the answer, and two backends
//! (embedded tantivy, Meilisearch) that give identical answers. Both the generator (which
//! writes each dealer's index at build time) and the edge API (which answers
//! `GET /api/search`) depend on this crate, so the index schema exists once.
//!
//! - [`facets`]: the seed's facet names and how each is derived from a car.
//! - [`query`]: [`SearchQuery`], parsed from the search page's URL state.
//! - [`answer`]: [`SearchAnswer`], the JSON the search page reads.
//! - [`embedded`]: [`write_index`] (or [`stage_index`] then [`StagedIndex::publish`]) at
//!   build time, [`EmbeddedSearch`] at request time.
//! - [`meili`]: [`index_meilisearch`] and [`MeiliSearch`].
//! - [`synonyms`]: the one synonym list (`search/data/synonyms.json`) both backends use.
//! - [`phrases`]: [`understand`], which turns "diesel ute under 40k" into the sidebar's
//!   filters (price up to 40,000) and the words left over ("diesel ute").
//!
//! Wiring, generator side (after deriving each car's card view model) and API side:
//!
//! ```no_run
//! use std::{path::Path, sync::Arc};
//! use search::{write_index, EmbeddedSearch, FixedFilters, IndexDoc, Search, SearchQuery};
//!
//! # async fn demo(cars: Vec<domain::car::Car>, cards: Vec<serde_json::Value>) -> Result<(), Box<dyn std::error::Error>> {
//! // Build time: one call per dealer.
//! let docs: Vec<IndexDoc> = cars.iter().zip(cards).map(|(car, card)| IndexDoc::new(car, card)).collect();
//! write_index(Path::new("dist/_search"), "acme-motors", &docs)?;
//!
//! // Request time: one backend for every dealer, shared through the router state.
//! let backend: Arc<dyn Search> = Arc::new(EmbeddedSearch::open(Path::new("dist/_search"))?);
//! let fixed = FixedFilters::for_dealer("acme-motors"); // or FixedFilters::for_config(&dealer.config)
//! let query = SearchQuery::from_query_string("query=rav4&refinementList[make][0]=Toyota", &fixed)?; // Err -> 400
//! let answer = backend.search(&query).await?; // Err -> 500 (404 for SearchError::UnknownDealer)
//! println!("{}", serde_json::to_string(&answer)?);
//! # Ok(()) }
//! ```

pub mod answer;
pub mod cache;
pub mod embedded;
pub mod engine;
pub mod facets;
pub mod meili;
pub mod phrases;
pub mod query;
pub mod synonyms;
#[cfg(feature = "test-server")]
pub mod test_server;

pub use answer::{FacetItem, FacetStats, SearchAnswer};
pub use embedded::{stage_index, write_index, EmbeddedSearch, StagedIndex, WriteReport, INDEX_DIR};
pub use facets::{Facet, IndexDoc, RangeField};
pub use meili::{index_meilisearch, push_meilisearch, MeiliPush, MeiliSearch};
pub use phrases::{understand, understand_keeping, Understood};
pub use query::{FixedFilters, QueryError, SearchQuery, SortBy};
pub use synonyms::Synonyms;

/// A search backend. Object safe: the API holds an `Arc<dyn Search>`.
#[async_trait::async_trait]
pub trait Search: Send + Sync {
    /// Answers one query.
    async fn search(&self, query: &SearchQuery) -> Result<SearchAnswer, SearchError>;
}

/// A search that could not be answered (the query itself was valid).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// No index was written for this dealer.
    #[error("no search index for dealer '{0}'")]
    UnknownDealer(String),
    /// The dealer slug cannot name an index.
    #[error("'{0}' is not a valid dealer slug")]
    BadDealer(String),
    /// The index could not be read or written.
    #[error("search index: {0}")]
    Index(String),
    /// A file could not be read or written.
    #[error("search files: {0}")]
    Io(String),
    /// Meilisearch refused or failed.
    #[error("meilisearch: {0}")]
    Meilisearch(String),
}
