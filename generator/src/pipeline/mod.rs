//! `forecourt build`: dealers/ + the stock feed -> one static site per dealer.
//!
//! The build is four phases, each a public function returning a value a test can stop
//! at: [`load`] -> [`Loaded`] (config + feed, each dealer's stock filters applied);
//! [`derive`] -> [`Derived`] (the pages of `domain::view`, the search landing pages made
//! on every core; its cars' pages are made on demand, [`Derived::pages`] makes them all);
//! [`render`] -> [`Rendered`] (the cars' pages made a few at a time, their similar cars'
//! files written beside them, a window of pages in flight to the SSR worker pool, each
//! wrapped in the document shell, into a staging folder); [`write`] -> [`Published`] (sitemap, robots, assets,
//! manifest, then the swap). [`build`] runs them all for every dealer and returns a
//! [`BuildReport`]; it also writes each dealer's search index (`<out>/_search/<slug>`, see
//! [`crate::index`]) from the same stock, staged before rendering and published right
//! after the site's swap. A dealer whose inputs ([`inputs_digest`]) are those its live
//! site was built from is skipped whole, unless the build is `--full`.
//!
//! Safety: a dealer whose accepted stock drops by more than its `feed.max_stock_drop`
//! against the last successful build is not published unless forced ([`guard`]), and a
//! dealer whose build fails anywhere keeps its live site, because the new site is only
//! swapped in at the very end of [`write`]. Other dealers publish either way.

mod derive;
mod files;
mod frontend;
mod inputs;
mod links;
mod load;
mod market;
mod progress;
mod render;
mod report;
mod sitemap;
mod write;

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use domain::view::site::ViewContext;
use rayon::prelude::*;

use crate::manifest::BuildManifest;
use crate::render::{CardCache, Pool, PoolOptions, WorkerCommand};
use crate::shell::Shell;

pub use derive::{derive, Derived};
pub use files::{link_or_copy, lock_dealer, recover, staging_dir, swap_in, DealerLock, LOCK_DIR};
pub use frontend::{ensure_frontend, frontend_is_stale, read_frontend, Frontend};
pub use inputs::{inputs_digest, setup_digest};
pub use links::{decode_entities, Checked, LinkCheck, Since, LINKS_FILE};
pub use load::{assign_stock, guard, load, select_dealers, DealerStock, GuardRefusal, Loaded};
pub use market::{dealer_stock, write_market, write_stock, MARKET_FILE};
pub use progress::{Bar, Progress};
pub use render::{render, RenderContext, Rendered};
pub use report::{BuildReport, DealerOutcome, DealerStatus, PhaseTimes};
pub use sitemap::{robots, sitemap, ContentDates, Listed};
pub use write::{copy_media, media_dir, write, Published};

/// A build error a dealer or an operator reads: it says what and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError(String);

impl BuildError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> BuildError {
        BuildError(message.into())
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BuildError {}

/// Everything `forecourt build` takes.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// The dealers folder.
    pub dealers_dir: PathBuf,
    /// Only these dealer slugs (all when empty).
    pub only: Vec<String>,
    /// The stock feed (JSON Lines or CSV).
    pub feed: PathBuf,
    /// The output folder (`dist`).
    pub out: PathBuf,
    /// The frontend folder (`frontend`).
    pub frontend: PathBuf,
    /// Ignore the manifests: render every page.
    pub full: bool,
    /// Publish even when the feed sanity guard refuses a dealer's stock drop.
    pub force: bool,
    /// SSR worker processes.
    pub workers: usize,
    /// The build time every rule sees (sold-cars window, "just arrived" tags...).
    pub now: DateTime<Utc>,
    /// The worker command; `node frontend/build/server/worker.js` when `None`.
    pub worker: Option<WorkerCommand>,
}

impl BuildOptions {
    /// The defaults of the CLI, relative to the current folder, at the current time.
    pub fn new(
        dealers_dir: impl Into<PathBuf>,
        feed: impl Into<PathBuf>,
        out: impl Into<PathBuf>,
    ) -> BuildOptions {
        BuildOptions {
            dealers_dir: dealers_dir.into(),
            only: Vec::new(),
            feed: feed.into(),
            out: out.into(),
            frontend: PathBuf::from("frontend"),
            full: false,
            force: false,
            workers: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2),
            now: Utc::now(),
            worker: None,
        }
    }
}

/// Runs every phase for every dealer: the frontend build when stale, load, guard,
/// derive, render and write. Dealers fail independently; the report says which
/// published. An error here (config, feed, frontend) stops the whole build before any
/// site changes; a Node that cannot start fails each dealer that has pages to build.
pub fn build(opts: &BuildOptions, progress: &Progress) -> Result<BuildReport, BuildError> {
    let started = Instant::now();
    let frontend = ensure_frontend(&opts.frontend, progress)?;
    let frontend_time = started.elapsed();

    let t = Instant::now();
    let loaded = load(opts)?;
    let load_time = t.elapsed();
    if let Some(feed) = &loaded.feed {
        progress.line(feed.to_string().trim_end());
    }
    for warning in &loaded.warnings {
        progress.line(warning);
    }
    std::fs::create_dir_all(&opts.out)
        .map_err(|e| BuildError::new(format!("cannot create {}: {e}", opts.out.display())))?;
    // Every dealer of this run is locked before any of its files change, and stays
    // locked until its site, index and the market file are written.
    let _locks = loaded
        .dealers
        .iter()
        .map(|stock| lock_dealer(&opts.out, stock.slug()))
        .collect::<Result<Vec<DealerLock>, String>>()
        .map_err(BuildError::new)?;

    let shell = Shell::new().map_err(|e| BuildError::new(e.to_string()))?;
    let command = opts.worker.clone().unwrap_or_else(|| {
        let mut cmd = WorkerCommand::node(&frontend.worker_script);
        cmd.cwd = Some(frontend.dir.clone());
        cmd
    });
    // Started by the first dealer that is built: a rebuild that skips every dealer runs no Node.
    let pool = Pool::on_demand(command, PoolOptions::new(opts.workers));
    let planning = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.workers.max(1))
        .thread_name(|i| format!("plan-{i}"))
        .build()
        .map_err(|e| BuildError::new(format!("cannot start the planning threads: {e}")))?;
    let ctx = RenderContext {
        pool: &pool,
        shell: &shell,
        frontend: &frontend,
        out: &opts.out,
        full: opts.full,
        progress,
        planning: &planning,
    };

    let outcomes: Vec<DealerOutcome> = loaded
        .dealers
        .into_par_iter()
        .map(|stock| build_dealer(stock, opts, &ctx, load_time))
        .collect();

    let media = copy_media(&opts.feed, &opts.out)?;
    // A feed that a dealer's guard refused (or that failed a build) may be truncated:
    // the market of the last good build stays.
    if outcomes.iter().all(|o| o.status == DealerStatus::Published) {
        write_market(&loaded.market, &opts.out)?;
    } else {
        progress.line(
            "market: a dealer did not publish; the price comparison keeps the previous market file",
        );
    }
    // Each published dealer's own stock state, from its own (guarded) part of the feed;
    // a dealer that did not publish keeps the state of its live site.
    let market_tsv = loaded.market.to_tsv();
    for outcome in outcomes
        .iter()
        .filter(|o| o.status == DealerStatus::Published && !o.skipped)
    {
        write_stock(&market_tsv, &opts.out, &outcome.slug)?;
    }
    drop(pool);
    Ok(BuildReport {
        dealers: outcomes,
        warnings: loaded.warnings,
        frontend: frontend_time,
        media_files: media,
        total: started.elapsed(),
    })
}

fn build_dealer(
    stock: DealerStock,
    opts: &BuildOptions,
    ctx: &RenderContext<'_>,
    load: Duration,
) -> DealerOutcome {
    let slug = stock.slug().to_string();
    let mut outcome = DealerOutcome::new(&slug, stock.cars.len());
    outcome.times.load = load;
    if let Err(refusal) = guard(&stock, &opts.out.join(&slug)) {
        if opts.force {
            ctx.progress.line(&format!(
                "{slug}: publishing despite the stock drop (--force): {} -> {} cars",
                refusal.previous, refusal.current
            ));
        } else {
            outcome.status = DealerStatus::Refused(refusal.message(&slug));
            return outcome;
        }
    }
    // A dealer whose inputs are those its live site and index were made from would
    // come out byte for byte the same: it is not derived, rendered, written or indexed.
    let site_dir = opts.out.join(&slug);
    let setup = setup_digest(&stock.dealer, ctx.frontend);
    let inputs = setup
        .as_deref()
        .and_then(|setup| inputs_digest(&stock, setup, opts.now));
    let live = BuildManifest::read(&site_dir);
    if !opts.full
        && inputs.is_some()
        && live.as_ref().and_then(|m| m.inputs.as_ref()) == inputs.as_ref()
    {
        outcome.status = DealerStatus::Published;
        outcome.skipped = true;
        outcome.unchanged = live.map_or(0, |m| m.outputs.len());
        return outcome;
    }
    outcome.status = match publish_dealer(stock, setup.as_deref(), opts, ctx, &mut outcome) {
        Ok(()) => DealerStatus::Published,
        Err(errors) => DealerStatus::Failed(errors),
    };
    // Recorded only now that the site and its index are both live, so a build that
    // stopped half way is built again.
    if let (DealerStatus::Published, Some(inputs)) = (&outcome.status, inputs) {
        if let Some(mut manifest) = BuildManifest::read(&site_dir) {
            manifest.inputs = Some(inputs);
            if let Err(e) = manifest.write(&site_dir) {
                ctx.progress.line(&format!(
                    "{slug}: cannot record the build's inputs in {} (the next build builds it again): {e}",
                    BuildManifest::path(&site_dir).display()
                ));
            }
        }
    }
    outcome
}

/// Index, derive, render and write one dealer, filling in the outcome's counts and times.
fn publish_dealer(
    stock: DealerStock,
    setup: Option<&str>,
    opts: &BuildOptions,
    ctx: &RenderContext<'_>,
    outcome: &mut DealerOutcome,
) -> Result<(), Vec<String>> {
    let slug = stock.slug().to_string();
    // The first worker loads the SSR bundle while the pages are made.
    ctx.pool.warm().map_err(|e| vec![format!("{slug}: {e}")])?;
    // The search index is written from the same stock now and served only once the
    // site is swapped in; dropped with a failed build, it leaves the live index as it was.
    // The two run side by side (each phase's time is its own) and show the same cards,
    // made once (counted in derive).
    let t = Instant::now();
    let view = ViewContext::with_stock(&stock.dealer, &stock.cars, opts.now);
    let cards = CardCache::new(&stock.cars, &view);
    let cards_time = t.elapsed();
    let ((index, index_time), (site, derive_time)) = rayon::join(
        || {
            let t = Instant::now();
            (
                crate::index::stage_dealer(&opts.out, &stock.dealer, &stock.cars, &view, &cards),
                t.elapsed(),
            )
        },
        || {
            let t = Instant::now();
            (derive(&stock, &view, &cards), cards_time + t.elapsed())
        },
    );
    outcome.times.index = index_time;
    outcome.times.derive = derive_time;
    let index = index.map_err(|e| vec![e])?;
    let site = site.map_err(|e| vec![e])?;

    // The cars' pages are made while rendering (their time counts as derive).
    let t = Instant::now();
    let staged = render(site, setup, ctx);
    outcome.times.render = t.elapsed();
    drop(cards);
    drop(stock);
    let staged = staged?;
    outcome.times.derive += staged.derive_time;
    outcome.cars_kept = staged.cars_kept;
    outcome.pages = staged.pages.len();
    outcome.seo = sitemap::SeoSummary::of(&staged.pages);

    let t = Instant::now();
    let media = media_dir(&opts.feed);
    let written = write(staged, ctx.frontend, ctx.out, media.as_deref(), opts.now);
    outcome.times.write = t.elapsed();
    let written = written?;
    outcome.rendered = written.rendered;
    outcome.unchanged = written.unchanged;
    outcome.deleted = written.deleted.len();

    let t = Instant::now();
    let docs = index.docs();
    let published = index.publish();
    outcome.times.index += t.elapsed();
    // On error the new site is live and search keeps answering from the previous index.
    published.map_err(|e| vec![format!("{slug}: the site is published but its search index is not (search still answers from the previous build): {e}")])?;
    outcome.indexed = docs;
    Ok(())
}
