//! The digest of everything one dealer's site and search index are made from, recorded
//! in its manifest: a rebuild whose digest matches the live site's skips the dealer.

use std::path::Path;
use std::sync::OnceLock;

use chrono::{DateTime, Utc};
use domain::config::Dealer;
use domain::rules::stock::listed_in_search;
use domain::rules::tag::card_tag;
use walkdir::WalkDir;

use super::{DealerStock, Frontend};
use crate::manifest::{content_hash, json_digest};

/// This generator: its version and a digest of its own executable, so a new build of
/// the generator (a changed template or rule) never reuses a site of the old one.
fn generator_id() -> Option<&'static str> {
    static ID: OnceLock<Option<String>> = OnceLock::new();
    ID.get_or_init(|| {
        let exe = std::fs::read(std::env::current_exe().ok()?).ok()?;
        Some(content_hash(&[env!("CARGO_PKG_VERSION").as_bytes(), &exe]))
    })
    .as_deref()
}

/// Every file under the dealer's folder, by relative path, in path order.
fn folder_digest(dir: &Path) -> Option<[u8; 32]> {
    let mut hasher = blake3::Hasher::new();
    for entry in WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.ok()?;
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry.path().strip_prefix(dir).ok()?.to_string_lossy();
        let bytes = std::fs::read(entry.path()).ok()?;
        hasher.update(content_hash(&[rel.as_bytes(), &bytes]).as_bytes());
    }
    Some(*hasher.finalize().as_bytes())
}

/// The digest of what every output of a dealer is made with besides its stock and the
/// clock: its loaded config and every dealer's files, the frontend bundle, the Stripe.js
/// URL of the environment and this generator. `None` when a part cannot be read.
pub fn setup_digest(dealer: &Dealer, frontend: &Frontend) -> Option<String> {
    Some(content_hash(&[
        generator_id()?.as_bytes(),
        frontend.bundle_hash.as_bytes(),
        &json_digest(dealer).ok()?,
        // Every dealer's folder, not only this one's: a page can show another dealer's
        // config (the locator's network locations), and config changes are rare.
        &folder_digest(dealer.dir.parent().unwrap_or(&dealer.dir))?,
        // The Stripe.js URL the reserve pages and their policy name.
        std::env::var(domain::csp::STRIPE_JS_URL_ENV)
            .unwrap_or_default()
            .as_bytes(),
    ]))
}

/// The digest of a dealer's inputs at `now`: its setup ([`setup_digest`]) and its
/// accepted stock (in feed order).
/// Time enters as the rules see it: the day (offers, menus, the footer's year) and, per
/// car, the outcome of the rules that compare instants (the "just arrived" and other
/// card tags, the sold-cars window of search), so a rebuild later the same day skips
/// unless a car crossed one of those lines. `None` (always build) when a part cannot
/// be read.
pub fn inputs_digest(stock: &DealerStock, setup: &str, now: DateTime<Utc>) -> Option<String> {
    let tags = stock.dealer.config.tags.settings();
    let timed: Vec<_> = stock
        .cars
        .iter()
        .map(|car| {
            (
                card_tag(car, &tags, now),
                listed_in_search(car, &stock.dealer.config, now),
            )
        })
        .collect();
    Some(content_hash(&[
        setup.as_bytes(),
        &json_digest(&stock.cars).ok()?,
        now.date_naive().to_string().as_bytes(),
        &json_digest(&timed).ok()?,
    ]))
}
