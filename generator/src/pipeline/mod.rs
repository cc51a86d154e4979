//! `forecourt build`: dealers/ + the stock feed -> one static site per dealer.
//!
//! The build is four phases, each a public function returning a value a test can stop
//! at: [`load`] -> [`Loaded`] (config + feed, each dealer's stock filters applied);
//! [`derive`] -> [`Derived`] (the pages of `domain::view`, the search landing pages made
//! on every core; its cars' pages are made on demand, [`Derived::pages`] makes them all);
//! [`render`] -> [`Rendered`] (the cars' pages made a few at a time in render order, a
//! window of pages in flight to the SSR worker pool, each wrapped in the document shell,
//! into a staging folder); [`write`] -> [`Published`] (sitemap, robots, assets,
//! manifest, then the swap). [`build`] runs them all for every dealer and returns a
//! [`BuildReport`]; it also writes each dealer's search index (`<out>/_search/<slug>`, see
//! [`crate::index`]) from the same stock, staged before rendering and published right
//! after the site's swap.
//!
//! Safety: a dealer whose accepted stock drops by more than its `feed.max_stock_drop`
//! against the last successful build is not published unless forced ([`guard`]), and a
//! dealer whose build fails anywhere keeps its live site, because the new site is only
//! swapped in at the very end of [`write`]. Other dealers publish either way.

mod files;
mod frontend;
mod links;
mod progress;
mod report;
mod sitemap;

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use domain::car::Car;
use domain::config::{load_dealers, Dealer};
use domain::rules::stock::dealer_keeps_car;
use domain::view::pages::{site_files, site_pages_by_car, CarPages, SiteFile, SitePages};
use domain::view::site::ViewContext;
use domain::view::{Page, PageKind};
use rayon::prelude::*;

use crate::feed::{read_feed, FeedReport, ReadOptions};
use crate::manifest::{
    content_hash, json_digest, output_of_path, url_of_output, BuildManifest, CHANGED_FILE,
    MANIFEST_VERSION, META_DIR,
};
use crate::render::{
    render_order, CardCache, Pool, PoolOptions, RenderError, RenderJob, WorkerCommand,
};
use crate::shell::{Shell, ShellAssets, ShellSite, SiteHead};
use domain::rules::market::{Listing, Market, MarketCar};

pub use files::{link_or_copy, lock_dealer, recover, staging_dir, swap_in, DealerLock, LOCK_DIR};
pub use frontend::{ensure_frontend, frontend_is_stale, read_frontend, Frontend};
pub use links::{decode_entities, Checked, LinkCheck, Since, LINKS_FILE};
pub use progress::{Bar, Progress};
pub use report::{BuildReport, DealerOutcome, DealerStatus, PhaseTimes};
pub use sitemap::{robots, sitemap, ContentDates, Listed};

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

/// One dealer after [`load`]: its config and its accepted stock.
#[derive(Debug, Clone)]
pub struct DealerStock {
    /// The dealer's configuration.
    pub dealer: Dealer,
    /// The feed's cars for this dealer that pass its stock filters.
    pub cars: Vec<Car>,
    /// Feed rows of this dealer the stock filters dropped.
    pub filtered_out: usize,
}

impl DealerStock {
    /// The dealer slug.
    pub fn slug(&self) -> &str {
        &self.dealer.config.slug
    }
}

/// The result of [`load`].
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The dealers to build, in slug order.
    pub dealers: Vec<DealerStock>,
    /// Problems that did not stop the build (feed rows of dealers not being built).
    pub warnings: Vec<String>,
    /// What reading the feed found (rows accepted and rejected, with line numbers).
    pub feed: Option<FeedReport>,
    /// Every priced, available car of the feed, whichever dealer it belongs to: the
    /// market the local price comparison measures against; with every dealer's
    /// published stock (what the API may hold or compare).
    pub market: Market,
}

/// Phase 1: loads the dealers (all of them, so cross-dealer rules are checked, then
/// keeps `opts.only`) and the feed, and applies each dealer's stock filters.
pub fn load(opts: &BuildOptions) -> Result<Loaded, BuildError> {
    let dealers = load_dealers(&opts.dealers_dir).map_err(|e| BuildError::new(format!("{e}")))?;
    // Every dealer's filters, not only those built now: the market file lists the
    // published stock of all of them, and a build of one dealer must not unlist the rest.
    let configs: HashMap<String, domain::config::DealerConfig> = dealers
        .iter()
        .map(|d| (d.config.slug.clone(), d.config.clone()))
        .collect();
    let dealers = select_dealers(dealers, &opts.only, &opts.dealers_dir)?;
    let feed = read_feed(&opts.feed, &ReadOptions::at(opts.now))
        .map_err(|e| BuildError::new(e.to_string()))?;
    let report = feed.report.clone();
    let cars = feed.into_cars();
    let published = |car: &&Car| {
        configs
            .get(&car.dealership_slug)
            .is_some_and(|c| dealer_keeps_car(car, c, opts.now))
    };
    let market = Market::new(
        cars.iter()
            .filter_map(|car| MarketCar::of(&car.dealership_slug, car)),
    )
    .with_listings(
        cars.iter()
            .filter(published)
            .map(|car| Listing::of(&car.dealership_slug, car)),
    );
    let mut loaded = assign_stock(dealers, cars, Vec::new(), opts.now);
    loaded.feed = Some(report);
    loaded.market = market;
    Ok(loaded)
}

/// The dealers named in `only` (all when empty); an unknown slug is an error listing the
/// known ones.
pub fn select_dealers(
    dealers: Vec<Dealer>,
    only: &[String],
    dir: &Path,
) -> Result<Vec<Dealer>, BuildError> {
    if only.is_empty() {
        return Ok(dealers);
    }
    let known: BTreeSet<&str> = dealers.iter().map(|d| d.config.slug.as_str()).collect();
    let unknown: Vec<&String> = only
        .iter()
        .filter(|s| !known.contains(s.as_str()))
        .collect();
    if !unknown.is_empty() {
        let unknown: Vec<&str> = unknown.iter().map(|s| s.as_str()).collect();
        return Err(BuildError::new(format!(
            "--dealer {}: no such dealer in {} (dealers there: {})",
            unknown.join(", "),
            dir.display(),
            known.into_iter().collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(dealers
        .into_iter()
        .filter(|d| only.contains(&d.config.slug))
        .collect())
}

/// Splits the feed's cars by `dealership_slug` and applies each dealer's stock filters
/// and search status filter (`domain::rules::stock::dealer_keeps_car`) at `now`.
pub fn assign_stock(
    dealers: Vec<Dealer>,
    cars: Vec<Car>,
    mut warnings: Vec<String>,
    now: DateTime<Utc>,
) -> Loaded {
    let mut by_dealer: HashMap<String, Vec<Car>> = HashMap::new();
    for car in cars {
        by_dealer
            .entry(car.dealership_slug.clone())
            .or_default()
            .push(car);
    }
    let mut dealers: Vec<DealerStock> = dealers
        .into_iter()
        .map(|dealer| {
            let rows = by_dealer.remove(&dealer.config.slug).unwrap_or_default();
            let total = rows.len();
            let cars: Vec<Car> = rows
                .into_iter()
                .filter(|car| dealer_keeps_car(car, &dealer.config, now))
                .collect();
            DealerStock {
                filtered_out: total - cars.len(),
                cars,
                dealer,
            }
        })
        .collect();
    dealers.sort_by(|a, b| a.dealer.config.slug.cmp(&b.dealer.config.slug));
    let mut strangers: Vec<(String, usize)> = by_dealer
        .into_iter()
        .map(|(slug, cars)| (slug, cars.len()))
        .collect();
    strangers.sort();
    for (slug, count) in strangers {
        warnings.push(format!("feed: {count} cars have dealership_slug \"{slug}\", which is not a dealer being built; skipped"));
    }
    Loaded {
        dealers,
        warnings,
        feed: None,
        market: Market::default(),
    }
}

/// Why the feed sanity guard refused a dealer.
#[derive(Debug, Clone, PartialEq)]
pub struct GuardRefusal {
    /// Stock accepted by the last successful build.
    pub previous: usize,
    /// Stock accepted now.
    pub current: usize,
    /// The dealer's allowed drop (share, 0 to 1).
    pub max_drop: f64,
}

impl GuardRefusal {
    /// The message an operator reads, saying why and how to force.
    pub fn message(&self, slug: &str) -> String {
        let drop = 1.0 - self.current as f64 / self.previous as f64;
        format!(
            "{slug}: not published: the feed has {} cars for this dealer after its stock filters, {:.0}% fewer than the {} of the last successful build; the largest drop allowed is {:.0}% (feed.max_stock_drop in dealers/{slug}/dealer.toml). The live site is unchanged. If the stock really dropped, rebuild with --force.",
            self.current,
            drop * 100.0,
            self.previous,
            self.max_drop * 100.0
        )
    }
}

/// The feed sanity guard: refuses a stock count that dropped by more than the dealer's
/// `feed.max_stock_drop` against the manifest of the live site in `site_dir`.
pub fn guard(stock: &DealerStock, site_dir: &Path) -> Result<(), GuardRefusal> {
    let Some(previous) = BuildManifest::read(site_dir).map(|m| m.stock_count) else {
        return Ok(());
    };
    if previous == 0 {
        return Ok(());
    }
    let max_drop = stock.dealer.config.feed.max_stock_drop;
    let current = stock.cars.len();
    let drop = 1.0 - current as f64 / previous as f64;
    if drop > max_drop {
        Err(GuardRefusal {
            previous,
            current,
            max_drop,
        })
    } else {
        Ok(())
    }
}

/// One dealer after [`derive`]: its pages, the cars' pages still to be made.
pub struct Derived<'a> {
    /// The dealer's configuration.
    pub dealer: Dealer,
    /// Stock accepted (recorded in the manifest for the next guard).
    pub stock_count: usize,
    /// Every page of the site but its cars' own, in page order.
    pub pages: Vec<Page>,
    /// Where the cars' pages stand among `pages` (after home).
    pub cars_at: usize,
    /// The cars' pages, made on demand: [`render`] makes them a few cars at a time, just
    /// before rendering them.
    pub cars: CarPages<'a>,
    /// The site's data files (`domain::view::site_files`).
    pub files: Vec<SiteFile>,
}

impl Derived<'_> {
    /// Every page of the site, in page order (the cars' pages in stock order), its cars'
    /// pages made now: what [`render`] renders, without rendering it.
    pub fn pages(&self) -> Vec<Page> {
        let mut pages = self.pages.clone();
        let cars = self
            .cars
            .cars()
            .iter()
            .flat_map(|car| self.cars.pages_of(car));
        pages.splice(self.cars_at..self.cars_at, cars);
        pages
    }
}

/// Phase 2: the pages and data files of one dealer (`domain::view::site_pages_by_car`)
/// in the build's view context, with the cards of its stock made once for the build.
pub fn derive<'a>(
    stock: &'a DealerStock,
    ctx: &'a ViewContext<'a>,
    cards: &'a CardCache<'a>,
) -> Result<Derived<'a>, String> {
    let slug = stock.slug();
    let files = site_files(&stock.dealer, &stock.cars, ctx.now)
        .map_err(|e| format!("{slug}: the site's data files do not serialize: {e}"))?;
    let SitePages {
        mut pages,
        made_at,
        cars,
        searches,
    } = site_pages_by_car(ctx, &stock.cars, cards);
    // The search landing pages, on every core, where they stand among the pages.
    let search_pages: Vec<Page> = searches
        .routes()
        .par_iter()
        .map(|route| searches.page_of(route))
        .collect();
    pages.splice(made_at..made_at, search_pages);
    Ok(Derived {
        stock_count: stock.cars.len(),
        pages,
        cars_at: made_at,
        cars,
        files,
        dealer: stock.dealer.clone(),
    })
}

/// What render and write share for one build.
pub struct RenderContext<'a> {
    /// The running worker pool.
    pub pool: &'a Pool,
    /// The compiled document shell.
    pub shell: &'a Shell,
    /// The built frontend.
    pub frontend: &'a Frontend,
    /// The output folder.
    pub out: &'a Path,
    /// Ignore manifests.
    pub full: bool,
    /// Where progress goes.
    pub progress: &'a Progress,
    /// The threads that make, hash and link pages while they render. Not the global
    /// rayon pool: its threads wait for SSR answers in the dealers' render loops, and a
    /// thread waiting for rayon work there may pick up another dealer's whole build.
    pub planning: &'a rayon::ThreadPool,
}

/// One dealer after [`render`]: the pages in its staging folder.
#[derive(Debug)]
pub struct Rendered {
    /// The dealer's configuration.
    pub dealer: Dealer,
    /// The staging folder ([`staging_dir`]).
    pub staging: PathBuf,
    /// Every page, for the sitemap and robots.
    pub pages: Vec<Listed>,
    /// The site's data files, written with the sitemap.
    pub files: Vec<SiteFile>,
    /// Stock accepted.
    pub stock_count: usize,
    /// The live site's outputs and hashes (its manifest; empty on a first or `--full` build).
    pub previous: BTreeMap<String, String>,
    /// The outputs the staging folder held before this build (the site before the live one).
    pub held: BTreeMap<String, String>,
    /// The new outputs so far (pages), with their content hashes.
    pub outputs: BTreeMap<String, String>,
    /// Pages whose content differs from the live site's.
    pub changed: Vec<String>,
    /// Pages rendered by a worker.
    pub rendered: usize,
    /// Pages not rendered: the same as in the live site or the staging folder.
    pub unchanged: usize,
    /// Time spent making the cars' pages (derive work, done while rendering).
    pub derive_time: Duration,
}

/// Phase 3: readies the staging folder ([`files::prepare_staging`]) and brings the pages
/// of one dealer up to date in it: a page whose content hash matches the staging folder's
/// copy is kept, one that matches the live site's is linked from there, the rest are
/// rendered. On error the staging folder is removed and every failing page is listed
/// with its path.
pub fn render(site: Derived<'_>, ctx: &RenderContext<'_>) -> Result<Rendered, Vec<String>> {
    let slug = site.dealer.config.slug.clone();
    let live = ctx.out.join(&slug);
    let (staging, held) = files::prepare_staging(ctx.out, &slug).map_err(|e| {
        vec![format!(
            "{slug}: cannot ready the staging folder {}: {e}",
            staging_dir(ctx.out, &slug).display()
        )]
    })?;
    let previous = if ctx.full {
        BTreeMap::new()
    } else {
        BuildManifest::read(&live)
            .map(|m| m.outputs)
            .unwrap_or_default()
    };
    let Derived {
        dealer,
        stock_count,
        pages,
        cars_at,
        cars,
        files,
    } = site;
    let dirs = Dirs {
        live: &live,
        staging: &staging,
        previous: &previous,
        held: &held,
    };
    match render_into(&dealer, pages, cars_at, &cars, ctx, &dirs) {
        Ok(done) => Ok(Rendered {
            staging,
            pages: done.listed,
            files,
            stock_count,
            previous,
            held,
            outputs: done.outputs,
            changed: done.changed,
            rendered: done.rendered,
            unchanged: done.unchanged,
            derive_time: done.derive_time,
            dealer,
        }),
        Err(errors) => {
            let _ = files::remove_tree(&staging);
            Err(errors)
        }
    }
}

/// Pages of a dealer handed to the SSR pool ahead of the one whose answer is awaited: many
/// times the requests the workers keep in flight, so they never wait for this thread's
/// shell rendering and file writes. The planning thread runs as far ahead again.
const SUBMIT_AHEAD: usize = 128;

/// Cars whose pages are made together (on the planning threads): half a window of
/// vehicle pages, so memory holds a few windows of pages, not a site's.
const CARS_PER_CHUNK: usize = 64;

/// The live site and the staging folder of one dealer, with their outputs' hashes.
struct Dirs<'a> {
    live: &'a Path,
    staging: &'a Path,
    previous: &'a BTreeMap<String, String>,
    held: &'a BTreeMap<String, String>,
}

struct RenderOutcome {
    outputs: BTreeMap<String, String>,
    changed: Vec<String>,
    listed: Vec<Listed>,
    rendered: usize,
    unchanged: usize,
    derive_time: Duration,
}

/// A page to render, with its output file.
struct Planned {
    page: Page,
    output: String,
    shell_assets: ShellAssets,
}

/// What a page needs in the staging folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The staging folder has it already (it was the same two builds ago).
    Keep,
    /// The live site has it: hard-link it into the staging folder.
    Link,
    /// Render it.
    Render,
}

/// The assets of a page kind and the hash of everything that shapes its pages besides
/// their data: the site's head, the bundle, the shell template and the kind's assets.
#[derive(Clone)]
struct KindParts {
    shell_assets: ShellAssets,
    hash: String,
}

/// Plans the pages of one dealer as they are made: the output file and content hash of
/// each; kept or linked when unchanged, otherwise handed back to be rendered.
struct Planner<'a> {
    slug: &'a str,
    threads: &'a rayon::ThreadPool,
    frontend: &'a Frontend,
    full: bool,
    dirs: &'a Dirs<'a>,
    head_json: Vec<u8>,
    kinds: HashMap<PageKind, KindParts>,
    /// The page that writes each output so far.
    seen: HashMap<String, String>,
    outputs: BTreeMap<String, String>,
    changed: Vec<String>,
    unchanged: usize,
    errors: Vec<String>,
}

impl Planner<'_> {
    fn kind_parts(&mut self, kind: PageKind) -> Result<KindParts, String> {
        if let Some(parts) = self.kinds.get(&kind) {
            return Ok(parts.clone());
        }
        let assets = self
            .frontend
            .vite
            .entry(kind.as_str())
            .map_err(|e| e.to_string())?;
        let digest = json_digest(&assets).map_err(|e| e.to_string())?;
        let hash = content_hash(&[
            &self.head_json,
            self.frontend.bundle_hash.as_bytes(),
            Shell::template_hash().as_bytes(),
            &digest,
        ]);
        let parts = KindParts {
            shell_assets: ShellAssets::of(&assets),
            hash,
        };
        self.kinds.insert(kind, parts.clone());
        Ok(parts)
    }

    /// Plans `pages`, in order, and returns those to render; errors go to `errors`.
    fn plan(&mut self, pages: Vec<Page>, bar: &Bar) -> Vec<Planned> {
        let slug = self.slug;
        let mut planned = Vec::with_capacity(pages.len());
        for page in pages {
            let output = output_of_path(&page.path);
            if let Some(first) = self.seen.get(&output) {
                self.errors.push(format!(
                    "{slug} {}: two pages write {output} (the other is {first})",
                    page.path
                ));
                continue;
            }
            self.seen.insert(output.clone(), page.path.clone());
            match self.kind_parts(page.kind) {
                Ok(parts) => planned.push((page, output, parts)),
                Err(e) => self.errors.push(format!("{slug} {}: {e}", page.path)),
            }
        }
        // Hashing, and linking (a system call per page), on every core.
        let (full, dirs) = (self.full, self.dirs);
        let steps: Vec<Result<(String, Step), String>> = self.threads.install(|| {
            planned
                .par_iter()
                .map(|(page, output, parts)| {
                    let data = json_digest(page).map_err(|e| {
                        format!("{slug} {}: the page does not serialize: {e}", page.path)
                    })?;
                    let hash = content_hash(&[&data, parts.hash.as_bytes()]);
                    let target = dirs.staging.join(output);
                    if !full && dirs.held.get(output) == Some(&hash) && target.is_file() {
                        return Ok((hash, Step::Keep));
                    }
                    let live_file = dirs.live.join(output);
                    if dirs.previous.get(output) == Some(&hash) && live_file.is_file() {
                        files::link_or_copy(&live_file, &target).map_err(|e| {
                            format!("{slug}: cannot reuse {}: {e}", live_file.display())
                        })?;
                        return Ok((hash, Step::Link));
                    }
                    Ok((hash, Step::Render))
                })
                .collect()
        });
        let mut jobs = Vec::new();
        for ((page, output, parts), step) in planned.into_iter().zip(steps) {
            let (hash, step) = match step {
                Ok(done) => done,
                Err(e) => {
                    self.errors.push(e);
                    continue;
                }
            };
            if dirs.previous.get(&output) != Some(&hash) {
                self.changed.push(output.clone());
            }
            self.outputs.insert(output.clone(), hash);
            if step == Step::Render {
                jobs.push(Planned {
                    page,
                    output,
                    shell_assets: parts.shell_assets,
                });
            } else {
                self.unchanged += 1;
                bar.inc();
            }
        }
        jobs
    }
}

/// Makes and plans the pages of one dealer in render order and sends those to render to
/// `jobs`: the site's own pages, then its cars' pages, a chunk of cars at a time (the
/// channel holds a window of pages, so memory holds a few windows, not a site). After an
/// error it plans the rest only to report every error, and sends nothing more. Returns
/// each car's pages for the sitemap (in stock order, whatever the render order) and the
/// time spent making the cars' pages.
fn plan_all(
    planner: &mut Planner<'_>,
    pages: Vec<Page>,
    cars: &CarPages<'_>,
    bar: &Bar,
    jobs: &SyncSender<Planned>,
) -> (Vec<Vec<Listed>>, Duration) {
    let send = |planned: Vec<Planned>, failed: bool| {
        if !failed {
            for job in planned {
                // The receiver is gone only when the render loop stopped.
                if jobs.send(job).is_err() {
                    break;
                }
            }
        }
    };
    let site_jobs = planner.plan(pages, bar);
    send(site_jobs, !planner.errors.is_empty());
    let mut car_pages = vec![Vec::new(); cars.cars().len()];
    let mut making = Duration::ZERO;
    for chunk in render_order(cars.cars()).chunks(CARS_PER_CHUNK) {
        let t = Instant::now();
        let made: Vec<(usize, Vec<Page>)> = planner.threads.install(|| {
            chunk
                .par_iter()
                .map(|&at| (at, cars.pages_of(&cars.cars()[at])))
                .collect()
        });
        making += t.elapsed();
        for (at, pages) in made {
            // The bar counted one page per car.
            bar.grow(pages.len().saturating_sub(1) as u64);
            car_pages[at] = pages.iter().map(Listed::from).collect();
            let planned = planner.plan(pages, bar);
            send(planned, !planner.errors.is_empty());
        }
    }
    (car_pages, making)
}

/// The next page planned for the window: waits for the planning thread only when nothing
/// is in flight. `None` when there is nothing to submit now (`open` false: never again).
fn next_planned(jobs: &Receiver<Planned>, wait: bool, open: &mut bool) -> Option<Planned> {
    if wait {
        let job = jobs.recv().ok();
        *open = job.is_some();
        return job;
    }
    match jobs.try_recv() {
        Ok(job) => Some(job),
        Err(TryRecvError::Empty) => None,
        Err(TryRecvError::Disconnected) => {
            *open = false;
            None
        }
    }
}

fn render_into(
    dealer: &Dealer,
    pages: Vec<Page>,
    cars_at: usize,
    cars: &CarPages<'_>,
    ctx: &RenderContext<'_>,
    dirs: &Dirs<'_>,
) -> Result<RenderOutcome, Vec<String>> {
    let slug = &dealer.config.slug;
    let head = SiteHead::of(dealer);
    let head_json = serde_json::to_vec(&head).map_err(|e| vec![format!("{slug}: {e}")])?;
    let shell_site = ShellSite::of(&head);

    let bar = ctx.progress.bar(
        &format!("{slug} render"),
        (pages.len() + cars.cars().len()) as u64,
    );
    let mut listed: Vec<Listed> = pages.iter().map(Listed::from).collect();
    let mut planner = Planner {
        slug,
        threads: ctx.planning,
        frontend: ctx.frontend,
        full: ctx.full,
        dirs,
        head_json,
        kinds: HashMap::new(),
        seen: HashMap::new(),
        outputs: BTreeMap::new(),
        changed: Vec::new(),
        unchanged: 0,
        errors: Vec::new(),
    };
    let mut errors = Vec::new();
    let mut rendered = 0;
    // Pages are made and planned on a thread of their own while this one submits them a
    // window ahead of the answers, wraps them in the shell and writes them.
    let (car_pages, derive_time) = std::thread::scope(|scope| {
        let (tx, jobs) = std::sync::mpsc::sync_channel::<Planned>(SUBMIT_AHEAD);
        let (planner, bar) = (&mut planner, &bar);
        let planning = std::thread::Builder::new()
            .name(format!("plan-{slug}"))
            .spawn_scoped(scope, move || plan_all(planner, pages, cars, bar, &tx))
            .map_err(|e| vec![format!("{slug}: cannot start its planning thread: {e}")])?;
        let submit = |p: Planned| {
            let job = RenderJob {
                label: format!("{slug} {}", p.page.path),
                kind: p.page.kind.as_str().to_string(),
                props_json: p.page.props.json().to_string(),
            };
            let answer = ctx.pool.submit(job);
            (p, answer)
        };
        let mut in_flight: VecDeque<(Planned, Receiver<Result<String, RenderError>>)> =
            VecDeque::with_capacity(SUBMIT_AHEAD);
        let mut open = true;
        loop {
            while open && in_flight.len() < SUBMIT_AHEAD {
                match next_planned(&jobs, in_flight.is_empty(), &mut open) {
                    Some(job) => in_flight.push_back(submit(job)),
                    None => break,
                }
            }
            let Some((p, answer)) = in_flight.pop_front() else {
                break;
            };
            let result = answer.recv().unwrap_or_else(|_| {
                Err(RenderError {
                    page: format!("{slug} {}", p.page.path),
                    message: "the SSR worker pool stopped".to_string(),
                })
            });
            bar.inc();
            let body = match result {
                Ok(body) => body,
                Err(e) => {
                    errors.push(e.to_string());
                    continue;
                }
            };
            let document = match ctx.shell.document(&shell_site, &p.page, &p.shell_assets) {
                Ok(document) => document,
                Err(e) => {
                    errors.push(format!("{slug} {e}"));
                    continue;
                }
            };
            let target = dirs.staging.join(&p.output);
            if let Err(e) = files::write_file_parts(&target, &document.parts(&body)) {
                errors.push(format!(
                    "{slug} {}: cannot write {}: {e}",
                    p.page.path,
                    target.display()
                ));
                continue;
            }
            rendered += 1;
        }
        drop(jobs);
        planning
            .join()
            .map_err(|_| vec![format!("{slug}: its planning thread panicked")])
    })?;
    errors.splice(0..0, std::mem::take(&mut planner.errors));
    if !errors.is_empty() {
        bar.finish(&format!("failed: {} errors", errors.len()));
        return Err(errors);
    }
    bar.finish(&format!(
        "{rendered} rendered, {} unchanged",
        planner.unchanged
    ));
    let rest = listed.split_off(cars_at);
    listed.extend(car_pages.into_iter().flatten());
    listed.extend(rest);
    Ok(RenderOutcome {
        outputs: planner.outputs,
        changed: planner.changed,
        listed,
        rendered,
        unchanged: planner.unchanged,
        derive_time,
    })
}

/// What [`write`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Published {
    /// The live site folder.
    pub site_dir: PathBuf,
    /// Pages (and sitemap/robots/dealer files) rendered or changed.
    pub changed: Vec<String>,
    /// Outputs of the last build that are gone.
    pub deleted: Vec<String>,
    /// Pages rendered by a worker.
    pub rendered: usize,
    /// Pages reused from the live site.
    pub unchanged: usize,
}

fn dealer_files(dealer: &Dealer) -> Vec<PathBuf> {
    const EXTENSIONS: [&str; 8] = ["svg", "png", "jpg", "jpeg", "webp", "gif", "ico", "avif"];
    let Ok(entries) = std::fs::read_dir(&dealer.dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        })
        .collect();
    files.sort();
    files
}

/// The feed's media folder, published as `/media/` (see [`copy_media`]), if it has one.
pub fn media_dir(feed: &Path) -> Option<PathBuf> {
    let media = feed.parent().unwrap_or(Path::new(".")).join("media");
    media.is_dir().then_some(media)
}

/// Phase 4: completes the staging folder (sitemap.xml, robots.txt, the client assets,
/// the dealer's images such as its logo), checks its links ([`LinkCheck`], against
/// `media` for `/media/` links), writes the manifest and changed.txt and swaps it in.
/// A dead link stops it before the swap: one error per dead link, the live site unchanged.
pub fn write(
    staged: Rendered,
    frontend: &Frontend,
    out: &Path,
    media: Option<&Path>,
    built_at: DateTime<Utc>,
) -> Result<Published, Vec<String>> {
    let slug = staged.dealer.config.slug.clone();
    let staging = staged.staging.clone();
    let result = write_inner(staged, frontend, out, media, built_at);
    if result.is_err() {
        let _ = files::remove_tree(&staging);
    }
    result.map_err(|errors| errors.into_iter().map(|e| format!("{slug}: {e}")).collect())
}

fn write_inner(
    staged: Rendered,
    frontend: &Frontend,
    out: &Path,
    media: Option<&Path>,
    built_at: DateTime<Utc>,
) -> Result<Published, Vec<String>> {
    let slug = &staged.dealer.config.slug;
    let staging = &staged.staging;
    let head = SiteHead::of(&staged.dealer);
    let mut outputs = staged.outputs;
    let mut changed: Vec<String> = staged.changed;

    let dates = ContentDates::of(&out.join(slug), &outputs, built_at);
    let mut extra: Vec<(String, Vec<u8>)> = vec![
        (
            "sitemap.xml".to_string(),
            sitemap(&head, &staged.pages, &dates).into_bytes(),
        ),
        ("robots.txt".to_string(), robots(&head).into_bytes()),
    ];
    for file in &staged.files {
        extra.push((
            file.path.trim_start_matches('/').to_string(),
            file.json.as_bytes().to_vec(),
        ));
    }
    for file in dealer_files(&staged.dealer) {
        let bytes = std::fs::read(&file)
            .map_err(|e| vec![format!("cannot read {}: {e}", file.display())])?;
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if outputs.contains_key(&name) {
            return Err(vec![format!(
                "{} has the same name as a page output",
                file.display()
            )]);
        }
        extra.push((name, bytes));
    }
    for (name, bytes) in extra {
        let hash = content_hash(&[&bytes]);
        files::write_file(&staging.join(&name), &bytes).map_err(|e| {
            vec![format!(
                "cannot write {}: {e}",
                staging.join(&name).display()
            )]
        })?;
        if staged.previous.get(&name) != Some(&hash) {
            changed.push(name.clone());
        }
        outputs.insert(name, hash);
    }

    // Hashed bundle files: content-addressed names, so never listed as changed.
    files::mirror_tree(
        &frontend.client_dir,
        staging,
        |rel| rel.starts_with(".vite"),
        files::Prune::SourceFolders,
        |rel| outputs.contains_key(rel),
    )
    .map_err(|e| {
        vec![format!(
            "cannot copy the client assets from {}: {e}",
            frontend.client_dir.display()
        )]
    })?;
    // What the staging folder held and this site has no more.
    for rel in staged.held.keys().filter(|rel| !outputs.contains_key(*rel)) {
        files::remove_output(staging, rel).map_err(|e| {
            vec![format!(
                "cannot remove {} from {}: {e}",
                rel,
                staging.display()
            )]
        })?;
    }
    // The folder now holds exactly what the swap publishes: check its links (on a
    // rebuild, the changed pages' and, from the live site's link record, those of the
    // pages linking to what is gone).
    let changed_set: BTreeSet<String> = changed.iter().cloned().collect();
    let live = out.join(slug);
    let since = links::Since {
        live: &live,
        changed: &changed_set,
    };
    let checked = LinkCheck {
        dealer: &staged.dealer,
        site: staging,
        media,
    }
    .check((!staged.previous.is_empty()).then_some(&since))?;
    checked.write_record(staging).map_err(|e| {
        vec![format!(
            "cannot write the link record in {}: {e}",
            staging.display()
        )]
    })?;

    let deleted: Vec<String> = staged
        .previous
        .keys()
        .filter(|k| !outputs.contains_key(*k))
        .cloned()
        .collect();
    let manifest = BuildManifest {
        version: MANIFEST_VERSION,
        stock_count: staged.stock_count,
        built_at: built_at.to_rfc3339(),
        outputs,
    };
    manifest.write(staging).map_err(|e| {
        vec![format!(
            "cannot write the manifest in {}: {e}",
            staging.display()
        )]
    })?;
    changed.sort();
    let mut changed_urls: Vec<String> = changed
        .iter()
        .chain(deleted.iter())
        .map(|o| url_of_output(o))
        .collect();
    changed_urls.sort();
    changed_urls.dedup();
    let mut text = changed_urls.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    let changed_file = staging.join(META_DIR).join(CHANGED_FILE);
    files::write_file(&changed_file, text.as_bytes())
        .map_err(|e| vec![format!("cannot write {}: {e}", changed_file.display())])?;

    swap_in(out, slug, staging).map_err(|e| {
        vec![format!(
            "cannot swap {} in as {}: {e}",
            staging.display(),
            out.join(slug).display()
        )]
    })?;
    Ok(Published {
        site_dir: out.join(slug),
        rendered: staged.rendered,
        unchanged: staged.unchanged,
        changed,
        deleted,
    })
}

/// Where the market file of the local price comparison lives under the output folder.
pub const MARKET_FILE: &str = "_data/market.tsv";

/// Writes the market file (a temporary file, then a rename, so the API never reads half).
pub fn write_market(market: &Market, out: &Path) -> Result<(), BuildError> {
    let path = out.join(MARKET_FILE);
    let fail = |e: std::io::Error| {
        BuildError::new(format!("market: cannot write {}: {e}", path.display()))
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let partial = path.with_extension("tsv.partial");
    std::fs::write(&partial, market.to_tsv()).map_err(fail)?;
    std::fs::rename(&partial, &path).map_err(fail)
}

/// The lines of the market file that are `slug`'s cars, under the file's header.
pub fn dealer_stock(market_tsv: &str, slug: &str) -> String {
    let mut out = String::new();
    for (i, line) in market_tsv.lines().enumerate() {
        if i == 0 || line.split('\t').next() == Some(slug) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Writes a dealer's stock state into its site folder, in the build metadata (not a
/// page of the site), where `forecourt publish` takes it to the bucket the API reads
/// on AWS (a temporary file, then a rename, so a publish never uploads half).
pub fn write_stock(market_tsv: &str, out: &Path, slug: &str) -> Result<(), BuildError> {
    let path = out
        .join(slug)
        .join(crate::publish::META_DIR)
        .join(crate::publish::STOCK_FILE);
    let fail =
        |e: std::io::Error| BuildError::new(format!("stock: cannot write {}: {e}", path.display()));
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let partial = path.with_extension("tsv.partial");
    std::fs::write(&partial, dealer_stock(market_tsv, slug)).map_err(fail)?;
    std::fs::rename(&partial, &path).map_err(fail)
}

/// Copies the feed's sibling `media/` folder to `<out>/_media` (staged and swapped like a
/// site: the staging folder, the media of the swap before, is made to mirror the folder
/// by hard links). Returns the number of files, or `None` when the feed has no media folder.
pub fn copy_media(feed: &Path, out: &Path) -> Result<Option<usize>, BuildError> {
    let Some(media) = media_dir(feed) else {
        return Ok(None);
    };
    let slug = crate::publish::MEDIA_PREFIX;
    let fail = |e: std::io::Error| {
        BuildError::new(format!(
            "media: cannot copy {} to {}: {e}",
            media.display(),
            out.join(slug).display()
        ))
    };
    std::fs::create_dir_all(out).map_err(fail)?;
    // Every dealer's run copies the one media folder: runs of different dealers may
    // overlap, so they take turns here.
    let _lock = files::lock_shared(out, slug).map_err(BuildError::new)?;
    files::recover(out, slug).map_err(fail)?;
    let staging = staging_dir(out, slug);
    std::fs::create_dir_all(&staging).map_err(fail)?;
    let mirrored = files::mirror_tree(&media, &staging, |_| false, files::Prune::All, |_| false)
        .map_err(fail)?;
    swap_in(out, slug, &staging).map_err(fail)?;
    Ok(Some(mirrored.len()))
}

/// Runs every phase for every dealer: the frontend build when stale, load, guard,
/// derive, render and write. Dealers fail independently; the report says which
/// published. An error here (config, feed, frontend, Node) stops the whole build
/// before any site changes.
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
    let pool = Pool::start(command, PoolOptions::new(opts.workers))
        .map_err(|e| BuildError::new(e.to_string()))?;
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
        .filter(|o| o.status == DealerStatus::Published)
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
    outcome.status = match publish_dealer(stock, opts, ctx, &mut outcome) {
        Ok(()) => DealerStatus::Published,
        Err(errors) => DealerStatus::Failed(errors),
    };
    outcome
}

/// Index, derive, render and write one dealer, filling in the outcome's counts and times.
fn publish_dealer(
    stock: DealerStock,
    opts: &BuildOptions,
    ctx: &RenderContext<'_>,
    outcome: &mut DealerOutcome,
) -> Result<(), Vec<String>> {
    let slug = stock.slug().to_string();
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
    let staged = render(site, ctx);
    outcome.times.render = t.elapsed();
    drop(cards);
    drop(stock);
    let staged = staged?;
    outcome.times.derive += staged.derive_time;
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
