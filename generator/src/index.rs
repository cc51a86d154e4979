//! Each dealer's stock search index (the `search` crate): `<out>/_search/<slug>`, read by
//! the edge API's `GET /api/search`, and optionally the dealer's Meilisearch index.
//!
//! A document is a car of the dealer's stock after its stock filters (the cars the pages
//! show) with the card view model the search pages render for it, built through the same
//! `domain::view` code ([`ViewContext::new`] and the build's [`CardCache`]), so a hit from the API is
//! the card the server-rendered page shows.
//!
//! [`crate::pipeline::build`] stages the index of a dealer before rendering and publishes it
//! only after the dealer's new site is swapped in ([`stage_dealer`]), so a failed build
//! leaves the served index as it was. [`crate::reindex::run`] (`forecourt index`) rebuilds
//! the indexes from the feed alone, without rendering pages. This module uses nothing of
//! the pipeline: the pipeline and `forecourt index` both stand on it.

use std::path::{Path, PathBuf};

use domain::car::Car;
use domain::config::Dealer;
use domain::entities::LocationType;
use domain::view::card::{weekly_amount, Cards};
use domain::view::search::latest_first;
use domain::view::site::ViewContext;
use search::{stage_index, IndexDoc, StagedIndex};

use crate::render::CardCache;

/// The folder of the embedded indexes of a build output: `<out>/_search`.
pub fn index_root(out: &Path) -> PathBuf {
    out.join(search::INDEX_DIR)
}

/// The search documents of a dealer's stock, latest first (the order of the search
/// pages, which is also the "most relevant" order without text): each car with its card
/// view model (from `cards`, the build's), its location's coordinates (for the distance
/// filter) and the weekly amount its card shows.
pub fn index_docs<'a>(
    cars: &'a [Car],
    cards: &CardCache<'_>,
    ctx: &ViewContext<'_>,
) -> Result<Vec<IndexDoc<'a>>, String> {
    let mut ordered: Vec<&'a Car> = cars.iter().collect();
    ordered.sort_by(|a, b| latest_first(a, b));
    ordered
        .into_iter()
        .map(|car| {
            let card = serde_json::to_value(cards.card(car, ctx)).map_err(|e| {
                format!(
                    "{}: the card of car {} does not serialize: {e}",
                    ctx.dealer.config.slug, car.id
                )
            })?;
            let mut doc = IndexDoc::new(car, card);
            doc.weekly_price = weekly_amount(car, ctx);
            let location = car
                .location
                .as_ref()
                .and_then(|at| ctx.dealer.locations.iter().find(|l| l.slug == at.slug));
            // Seed 000 s2 locationId / locationType: the car's own location, the one the
            // dealership picker counts it at (its location name).
            if let Some(l) = location {
                doc.location_ids.push(l.id);
                doc.location_types
                    .extend(location_type_words(l.location_type).map(str::to_string));
            }
            Ok(match location {
                Some(l) => doc.at(l.address.lat, l.address.long),
                None => doc,
            })
        })
        .collect()
}

/// The `locationType` words a location answers to: its own type, and for a combined
/// service-and-parts location also `service` and `parts`.
fn location_type_words(kind: LocationType) -> impl Iterator<Item = &'static str> {
    let words: &[&'static str] = match kind {
        LocationType::Sales => &["sales"],
        LocationType::Service => &["service"],
        LocationType::Parts => &["parts"],
        LocationType::ServiceAndParts => &["service-and-parts", "service", "parts"],
    };
    words.iter().copied()
}

/// A search crate error of a dealer's index, with the dealer's slug.
pub(crate) fn index_error(slug: &str, e: search::SearchError) -> String {
    format!("{slug}: search index: {e}")
}

/// A dealer's index as a build stages it: a new generation to publish, or none when the
/// served one already holds exactly these documents.
#[derive(Debug)]
pub struct DealerIndex {
    staged: Option<StagedIndex>,
    docs: usize,
    digest: String,
    digest_file: PathBuf,
}

impl DealerIndex {
    /// Documents of the dealer's index.
    pub fn docs(&self) -> usize {
        self.docs
    }

    /// Whether a new generation was written (false: the served one is the same).
    pub fn rewritten(&self) -> bool {
        self.staged.is_some()
    }

    /// Serves the new generation, if any, and records which documents it holds.
    pub fn publish(self) -> Result<(), String> {
        let Some(staged) = self.staged else {
            return Ok(());
        };
        // No record while the generation changes: a run cut here re-indexes next time.
        let _stale = std::fs::remove_file(&self.digest_file);
        staged.publish().map_err(|e| e.to_string())?;
        // Without the record the next build writes the index again: never wrong, only slower.
        let _recorded = std::fs::write(&self.digest_file, &self.digest);
        Ok(())
    }
}

/// The file beside a dealer's index generations that names the documents the served one
/// holds (a digest), so a rebuild whose documents did not change writes no new generation.
pub(crate) const DOCS_DIGEST_FILE: &str = "forecourt-docs.digest";

/// A digest of a dealer's documents and of the program that indexes them (a new build of
/// the generator may write the index differently, so it writes it again).
pub(crate) fn docs_digest(docs: &[IndexDoc<'_>]) -> Result<String, String> {
    let program = std::env::current_exe()
        .and_then(std::fs::metadata)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_nanos().to_string())
        .unwrap_or_default();
    let mut hasher = blake3::Hasher::new();
    hasher.update(program.as_bytes());
    for doc in docs {
        let digest = crate::manifest::json_digest(&(
            doc.car,
            &doc.card,
            doc.lat,
            doc.lng,
            doc.weekly_price,
            &doc.dealership_name,
            &doc.location_ids,
            &doc.location_types,
        ))
        .map_err(|e| format!("a search document does not serialize: {e}"))?;
        hasher.update(&digest);
    }
    Ok(hasher.finalize().to_hex().to_string())
}

/// Writes a dealer's index under `<out>/_search` without serving it yet: the caller
/// publishes the returned [`DealerIndex`] once the rest of the dealer's build succeeded,
/// or drops it (which removes the new generation) when the build fails. When the served
/// generation holds the same documents, nothing is written. `cars` is the dealer's stock
/// after its stock filters, as the pages get it; `ctx` is the view context of the build's
/// pages and `cards` their cards.
pub fn stage_dealer(
    out: &Path,
    dealer: &Dealer,
    cars: &[Car],
    ctx: &ViewContext<'_>,
    cards: &CardCache<'_>,
) -> Result<DealerIndex, String> {
    let slug = &dealer.config.slug;
    let docs = index_docs(cars, cards, ctx)?;
    let digest = docs_digest(&docs).map_err(|e| format!("{slug}: search index: {e}"))?;
    let dealer_dir = index_root(out).join(slug);
    let digest_file = dealer_dir.join(DOCS_DIGEST_FILE);
    let served = std::fs::read_to_string(dealer_dir.join("CURRENT"))
        .ok()
        .is_some_and(|generation| dealer_dir.join(generation.trim()).is_dir());
    let staged = if served && std::fs::read_to_string(&digest_file).ok() == Some(digest.clone()) {
        None
    } else {
        Some(stage_index(&index_root(out), slug, &docs).map_err(|e| index_error(slug, e))?)
    };
    Ok(DealerIndex {
        staged,
        docs: docs.len(),
        digest,
        digest_file,
    })
}
