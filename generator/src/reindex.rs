//! `forecourt index`: rebuilds every dealer's search index ([`crate::index`]) from the
//! feed after the build's load phase, without rendering pages, and optionally pushes the
//! same documents to Meilisearch.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use domain::car::Car;
use domain::config::Dealer;
use domain::view::site::ViewContext;
use search::IndexDoc;

use crate::index::{docs_digest, index_docs, index_error, index_root, DOCS_DIGEST_FILE};
use crate::pipeline::{load, BuildError, BuildOptions};
use crate::render::CardCache;

/// Everything `forecourt index` takes.
#[derive(Debug, Clone, Default)]
pub struct IndexOptions {
    /// The dealers folder.
    pub dealers: PathBuf,
    /// The stock feed (JSON Lines or CSV).
    pub feed: PathBuf,
    /// The output folder (`dist`); the indexes go to `<out>/_search`.
    pub out: PathBuf,
    /// Only these dealer slugs (all when empty).
    pub only: Vec<String>,
    /// Also push each dealer's documents to the Meilisearch server at this URL.
    pub meilisearch_url: Option<String>,
    /// The Meilisearch key (an admin key: the push creates, swaps and deletes indexes).
    pub meilisearch_key: Option<String>,
}

/// [`index_docs`] of a dealer's stock with the view context of a build at `now`.
fn dealer_docs<'a>(
    dealer: &Dealer,
    cars: &'a [Car],
    now: DateTime<Utc>,
) -> Result<Vec<IndexDoc<'a>>, String> {
    let ctx = ViewContext::new(dealer, now);
    index_docs(cars, &CardCache::new(cars, &ctx), &ctx)
}

/// A Meilisearch server to push to, with the runtime the client needs.
struct Meili {
    url: String,
    key: Option<String>,
    runtime: tokio::runtime::Runtime,
}

impl Meili {
    fn from_options(opts: &IndexOptions) -> Result<Option<Meili>, BuildError> {
        let Some(url) = opts
            .meilisearch_url
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty())
        else {
            return Ok(None);
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| {
                BuildError::new(format!("cannot start the Meilisearch client runtime: {e}"))
            })?;
        let key = opts.meilisearch_key.clone().filter(|k| !k.is_empty());
        Ok(Some(Meili {
            url: url.to_string(),
            key,
            runtime,
        }))
    }

    /// Brings the dealer's Meilisearch index up to date: only the changed documents
    /// are sent and the removed ones deleted (a first push builds it whole).
    fn push(&self, slug: &str, docs: &[IndexDoc<'_>]) -> Result<search::MeiliPush, String> {
        self.runtime
            .block_on(search::push_meilisearch(
                &self.url,
                self.key.as_deref(),
                slug,
                docs,
            ))
            .map_err(|e| format!("{slug}: Meilisearch at {}: {e}", self.url))
    }
}

/// One dealer's line of [`run`]'s summary.
fn index_one(
    out: &Path,
    dealer: &Dealer,
    cars: &[Car],
    now: DateTime<Utc>,
    meili: Option<&Meili>,
) -> Result<String, String> {
    let slug = &dealer.config.slug;
    let docs = dealer_docs(dealer, cars, now)?;
    let digest_file = index_root(out).join(slug).join(DOCS_DIGEST_FILE);
    let _stale = std::fs::remove_file(&digest_file);
    let written =
        search::write_index(&index_root(out), slug, &docs).map_err(|e| index_error(slug, e))?;
    // The next build writes no new generation for the same documents.
    if let Ok(digest) = docs_digest(&docs) {
        let _recorded = std::fs::write(&digest_file, digest);
    }
    let mut line = format!(
        "{slug}: {} cars indexed in {}",
        written.docs,
        written.path.display()
    );
    if let Some(meili) = meili {
        let pushed = meili.push(slug, &docs)?;
        let uid = search::meili::index_uid(slug);
        line.push_str(&if pushed.rebuilt {
            format!("; Meilisearch index {uid} built with all {} cars", pushed.sent)
        } else {
            format!(
                "; Meilisearch index {uid}: {} cars sent (new or changed), {} deleted, {} unchanged",
                pushed.sent,
                pushed.deleted,
                pushed.docs - pushed.sent
            )
        });
    }
    Ok(line)
}

/// `forecourt index`: loads the dealers (or those in `only`) and the feed, applies each
/// dealer's stock filters as a build does, and rebuilds every dealer's embedded index
/// under `<out>/_search` without rendering any page; with `meilisearch_url` it also pushes
/// the same documents to Meilisearch. Dealers fail independently: the answer is one line
/// per dealer with its document count (each line ends with a newline), or an error
/// holding every line when any failed.
pub fn run(opts: &IndexOptions) -> Result<String, BuildError> {
    let mut build = BuildOptions::new(&opts.dealers, &opts.feed, &opts.out);
    build.only = opts.only.clone();
    let loaded = load(&build)?;
    let meili = Meili::from_options(opts)?;
    let mut lines = Vec::with_capacity(loaded.dealers.len());
    let mut failed = 0;
    for stock in &loaded.dealers {
        match index_one(
            &opts.out,
            &stock.dealer,
            &stock.cars,
            build.now,
            meili.as_ref(),
        ) {
            Ok(line) => lines.push(line),
            Err(e) => {
                failed += 1;
                lines.push(format!("FAILED {e}"));
            }
        }
    }
    let summary: String = lines.iter().map(|l| format!("{l}\n")).collect();
    if failed > 0 {
        return Err(BuildError::new(format!(
            "{failed} of {} dealers not indexed:\n{}",
            loaded.dealers.len(),
            summary.trim_end()
        )));
    }
    Ok(summary)
}
