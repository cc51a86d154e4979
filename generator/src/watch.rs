//! `forecourt watch`: the local path of a dealer's feed change. It polls the feed, its
//! media folder and the dealers folder; when the feed changes it rebuilds only the dealers
//! whose rows changed (an incremental build: their changed pages, their search index, the
//! market file the API reads), and when a dealer's folder or the media changes, those
//! dealers or all. The edge API serving `dist/` reads the new pages, index and market
//! file as they are swapped in, without a restart: `make demo` runs this beside it.
//!
//! Each run holds the lock of each dealer it builds ([`crate::pipeline::lock_dealer`]), so
//! it never overlaps another build of the same dealer (a nightly `forecourt build`, say);
//! and a failed run leaves the live site, index and market file as they were.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

use walkdir::WalkDir;

use crate::feed::{read_feed, ReadOptions};
use crate::manifest::json_digest;
use crate::pipeline::{build, BuildOptions, BuildReport, DealerStatus, Progress};

/// What the watcher compares between two polls.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snapshot {
    /// The feed file's modification time and length (a cheap test before reading it).
    feed_stamp: Option<(SystemTime, u64)>,
    /// Each dealer's rows of the feed, digested (dealer slug -> digest).
    feed_rows: BTreeMap<String, [u8; 32]>,
    /// Each dealer folder's newest modification time and file count.
    dealer_dirs: BTreeMap<String, (Option<SystemTime>, usize)>,
    /// The feed's media folder: newest modification time and file count.
    media: (Option<SystemTime>, usize),
}

fn tree_stamp(root: &Path) -> (Option<SystemTime>, usize) {
    let mut newest = None;
    let mut count = 0;
    for entry in WalkDir::new(root).into_iter().filter_map(Result::ok) {
        count += 1;
        if let Some(modified) = entry.metadata().ok().and_then(|m| m.modified().ok()) {
            if newest.is_none_or(|n| modified > n) {
                newest = Some(modified);
            }
        }
    }
    (newest, count)
}

fn file_stamp(path: &Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

impl Snapshot {
    /// The state of the feed and dealers of `opts` now. The feed is read (and each
    /// dealer's rows digested) only when its stamp differs from `last`'s.
    pub fn take(opts: &BuildOptions, last: Option<&Snapshot>) -> Snapshot {
        let feed_stamp = file_stamp(&opts.feed);
        let feed_rows = match last {
            Some(last) if last.feed_stamp == feed_stamp => last.feed_rows.clone(),
            _ => feed_rows(opts),
        };
        let mut dealer_dirs = BTreeMap::new();
        if let Ok(entries) = std::fs::read_dir(&opts.dealers_dir) {
            for entry in entries.filter_map(Result::ok) {
                let name = entry.file_name().to_string_lossy().into_owned();
                dealer_dirs.insert(name, tree_stamp(&entry.path()));
            }
        }
        let media = opts.feed.parent().unwrap_or(Path::new(".")).join("media");
        Snapshot {
            feed_stamp,
            feed_rows,
            dealer_dirs,
            media: tree_stamp(&media),
        }
    }

    /// The dealers to rebuild going from `self` to `now`: those whose feed rows or folder
    /// changed; every dealer (an empty list) when the media folder or a file beside the
    /// dealer folders (the schema, say) changed. `None` when nothing changed.
    pub fn affected(&self, now: &Snapshot) -> Option<Vec<String>> {
        if self == now {
            return None;
        }
        if self.media != now.media {
            return Some(Vec::new());
        }
        let mut slugs = BTreeSet::new();
        for slug in self.feed_rows.keys().chain(now.feed_rows.keys()) {
            if self.feed_rows.get(slug) != now.feed_rows.get(slug) {
                slugs.insert(slug.clone());
            }
        }
        for name in self.dealer_dirs.keys().chain(now.dealer_dirs.keys()) {
            if self.dealer_dirs.get(name) != now.dealer_dirs.get(name) {
                let (before, after) = (self.dealer_dirs.get(name), now.dealer_dirs.get(name));
                // A file beside the dealers (schema.json) is not one dealer's.
                let is_file = |s: Option<&(Option<SystemTime>, usize)>| s.is_some_and(|s| s.1 == 1);
                if is_file(before) || is_file(after) {
                    return Some(Vec::new());
                }
                slugs.insert(name.clone());
            }
        }
        if slugs.is_empty() {
            // Only the feed's stamp moved (the same rows written again).
            return None;
        }
        Some(slugs.into_iter().collect())
    }
}

/// Each dealer's rows of the feed, digested; empty when the feed does not read (the build
/// that follows says why).
fn feed_rows(opts: &BuildOptions) -> BTreeMap<String, [u8; 32]> {
    let Ok(feed) = read_feed(&opts.feed, &ReadOptions::at(opts.now)) else {
        return BTreeMap::new();
    };
    feed.dealers
        .iter()
        .filter_map(|(slug, cars)| json_digest(cars).ok().map(|d| (slug.clone(), d)))
        .collect()
}

/// One rebuild of the watcher: the dealers `affected` names (all when empty) that are
/// also dealers of `opts.dealers_dir` (a feed may name dealers that are not).
pub fn rebuild(
    opts: &BuildOptions,
    affected: &[String],
    progress: &Progress,
) -> Result<BuildReport, String> {
    let mut opts = opts.clone();
    opts.now = chrono::Utc::now();
    if !affected.is_empty() {
        let known: BTreeSet<String> = domain::config::load_dealers(&opts.dealers_dir)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|d| d.config.slug)
            .collect();
        opts.only = affected
            .iter()
            .filter(|s| known.contains(*s) && (opts.only.is_empty() || opts.only.contains(s)))
            .cloned()
            .collect();
        if opts.only.is_empty() {
            return Err(format!(
                "the feed changed only for {}, which {} has no dealer for; nothing rebuilt",
                affected.join(", "),
                opts.dealers_dir.display()
            ));
        }
    }
    build(&opts, progress).map_err(|e| e.to_string())
}

/// What [`watch`] takes.
#[derive(Debug, Clone)]
pub struct WatchOptions {
    /// The build each change runs (its `only`, when set, limits the dealers watched).
    pub build: BuildOptions,
    /// How often the feed and the dealers folder are looked at.
    pub interval: Duration,
    /// Build once before watching (every dealer of `build`).
    pub initial_build: bool,
}

/// Watches until the process is stopped: after each change, rebuilds the affected
/// dealers and prints one line per dealer (published or why not) with the time from the
/// change being seen to the site, index and market file being live.
pub fn watch(opts: &WatchOptions) -> Result<(), String> {
    let progress = Progress::quiet();
    let mut last = Snapshot::take(&opts.build, None);
    if opts.initial_build {
        report(rebuild(&opts.build, &[], &progress), Instant::now());
    }
    eprintln!(
        "watching {} and {} every {} ms; edit the feed and the affected dealer republishes",
        opts.build.feed.display(),
        opts.build.dealers_dir.display(),
        opts.interval.as_millis()
    );
    loop {
        std::thread::sleep(opts.interval);
        let now = Snapshot::take(&opts.build, Some(&last));
        let Some(affected) = last.affected(&now) else {
            last = now;
            continue;
        };
        let seen = Instant::now();
        eprintln!(
            "change: rebuilding {}",
            if affected.is_empty() {
                "every dealer".to_string()
            } else {
                affected.join(", ")
            }
        );
        report(rebuild(&opts.build, &affected, &progress), seen);
        // Whatever the outcome, the next change is measured from this state: a failed
        // build is tried again on the next edit, not in a loop.
        last = Snapshot::take(&opts.build, Some(&now));
    }
}

fn report(result: Result<BuildReport, String>, seen: Instant) {
    let took = seen.elapsed().as_secs_f64();
    match result {
        Ok(report) => {
            for dealer in &report.dealers {
                match &dealer.status {
                    DealerStatus::Published => eprintln!(
                        "{}: published in {took:.1} s ({} pages rendered, {} unchanged, {} cars indexed)",
                        dealer.slug, dealer.rendered, dealer.unchanged, dealer.indexed
                    ),
                    DealerStatus::Refused(why) => eprintln!("{why}"),
                    DealerStatus::Failed(errors) => {
                        eprintln!("{}: not published; the live site is unchanged:", dealer.slug);
                        for e in errors {
                            eprintln!("  {e}");
                        }
                    }
                }
            }
        }
        Err(e) => eprintln!("error: {e} (the live sites are unchanged)"),
    }
}

/// The watcher's default poll.
pub const DEFAULT_INTERVAL: Duration = Duration::from_millis(500);
