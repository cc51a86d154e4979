//! Where stock searches are answered: the embedded index the generator wrote
//! (`dist/_search`), Meilisearch, or nothing. One backend serves every dealer and is
//! built once with the state; `GET /api/search` (the route) asks it.

use std::path::PathBuf;
use std::sync::Arc;

use ::search::{EmbeddedSearch, MeiliSearch, Search, SearchAnswer, SearchError, SearchQuery};
use tokio::sync::OnceCell;

enum Backend {
    /// Nothing configured.
    None,
    /// The generator's indexes under this folder, opened on the first search (the folder
    /// may appear after the server starts).
    Embedded {
        root: PathBuf,
        opened: OnceCell<Arc<EmbeddedSearch>>,
    },
    /// Any other backend (Meilisearch).
    Other(Arc<dyn Search>),
}

/// Where `GET /api/search` looks stock up; one for every dealer, shared by the state.
pub struct SearchBackend(Backend);

impl SearchBackend {
    /// No search: every search answers 404.
    pub fn none() -> SearchBackend {
        SearchBackend(Backend::None)
    }

    /// The embedded indexes written by the generator under `root` (`<dist>/_search`).
    pub fn embedded(root: impl Into<PathBuf>) -> SearchBackend {
        SearchBackend(Backend::Embedded {
            root: root.into(),
            opened: OnceCell::new(),
        })
    }

    /// The Meilisearch server at `url`, with a search key.
    pub fn meilisearch(url: &str, key: Option<&str>) -> Result<SearchBackend, SearchError> {
        Ok(SearchBackend::other(Arc::new(MeiliSearch::new(url, key)?)))
    }

    /// Any backend.
    pub fn other(backend: Arc<dyn Search>) -> SearchBackend {
        SearchBackend(Backend::Other(backend))
    }

    /// Answers a query. The embedded engine is synchronous (and a dealer's first search
    /// loads its index), so it runs on the blocking pool.
    pub async fn search(&self, query: SearchQuery) -> Result<SearchAnswer, SearchError> {
        match &self.0 {
            Backend::None => Err(SearchError::UnknownDealer(query.fixed.dealer)),
            Backend::Other(backend) => backend.search(&query).await,
            Backend::Embedded { root, opened } => {
                let engine = opened
                    .get_or_try_init(|| async { EmbeddedSearch::open(root).map(Arc::new) })
                    .await
                    // No index folder at all: no dealer has an index yet.
                    .map_err(|_| SearchError::UnknownDealer(query.fixed.dealer.clone()))?
                    .clone();
                tokio::task::spawn_blocking(move || engine.search_now(&query))
                    .await
                    .map_err(|e| SearchError::Index(format!("search task: {e}")))?
            }
        }
    }
}
