//! Phase 3, [`render`]: a dealer's pages brought up to date in its staging folder, the
//! unchanged ones kept or linked and the rest rendered by the SSR worker pool.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError};
use std::time::{Duration, Instant};

use domain::config::Dealer;
use domain::view::pages::{similar_cars_file, CarOutputs, CarPages, SiteFile};
use domain::view::{Page, PageKind};
use rayon::prelude::*;

use super::{files, staging_dir, Bar, Derived, Frontend, Listed, Progress};
use crate::manifest::{content_hash, json_digest, output_of_path, BuildManifest, CarRecord};
use crate::render::{Pool, RenderError, RenderJob};
use crate::shell::{Shell, ShellAssets, ShellSite, SiteHead};

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
    /// Each car's pages and the digest of what they were made from.
    pub cars: BTreeMap<String, CarRecord>,
    /// Pages whose content differs from the live site's.
    pub changed: Vec<String>,
    /// Pages rendered by a worker.
    pub rendered: usize,
    /// Pages not rendered: the same as in the live site or the staging folder.
    pub unchanged: usize,
    /// Cars whose pages were kept without making them: made from the same inputs.
    pub cars_kept: usize,
    /// Time spent making the cars' pages (derive work, done while rendering).
    pub derive_time: Duration,
}

/// Phase 3: readies the staging folder ([`files::prepare_staging`]) and brings the pages
/// of one dealer up to date in it: a page whose content hash matches the staging folder's
/// copy is kept, one that matches the live site's is linked from there, the rest are
/// rendered. On error the staging folder is removed and every failing page is listed
/// with its path. A car whose pages the live site made from the same inputs (`setup`,
/// [`super::setup_digest`], with what the car's pages read) keeps them without making them.
pub fn render(
    site: Derived<'_>,
    setup: Option<&str>,
    ctx: &RenderContext<'_>,
) -> Result<Rendered, Vec<String>> {
    let slug = site.dealer.config.slug.clone();
    let live = ctx.out.join(&slug);
    let (staging, held) = files::prepare_staging(ctx.out, &slug).map_err(|e| {
        vec![format!(
            "{slug}: cannot ready the staging folder {}: {e}",
            staging_dir(ctx.out, &slug).display()
        )]
    })?;
    let live_manifest = if ctx.full {
        BuildManifest::default()
    } else {
        BuildManifest::read(&live).unwrap_or_default()
    };
    let BuildManifest {
        outputs: previous,
        cars: previous_cars,
        ..
    } = live_manifest;
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
        previous_cars: &previous_cars,
        held: &held,
    };
    match render_into(&dealer, pages, cars_at, &cars, setup, ctx, &dirs) {
        Ok(done) => Ok(Rendered {
            staging,
            pages: done.listed,
            files,
            stock_count,
            previous,
            held,
            outputs: done.outputs,
            cars: done.cars,
            changed: done.changed,
            rendered: done.rendered,
            unchanged: done.unchanged,
            cars_kept: done.cars_kept,
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
    /// The live site's cars: what made each one's pages.
    previous_cars: &'a BTreeMap<String, CarRecord>,
    held: &'a BTreeMap<String, String>,
}

struct RenderOutcome {
    outputs: BTreeMap<String, String>,
    cars: BTreeMap<String, CarRecord>,
    changed: Vec<String>,
    listed: Vec<Listed>,
    rendered: usize,
    unchanged: usize,
    cars_kept: usize,
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

/// The content hash and step of each of some outputs.
type Steps = Vec<(String, Step)>;

/// The assets of a page kind and the hash of everything that shapes its pages besides
/// their data: the site's head, the bundle, the shell template and the kind's assets.
#[derive(Clone)]
struct KindParts {
    shell_assets: ShellAssets,
    hash: String,
}

impl KindParts {
    /// The content hash of `page`, one of this kind's: its data and the kind's parts.
    fn hash_of(&self, page: &Page) -> Result<String, serde_json::Error> {
        let data = json_digest(page)?;
        Ok(content_hash(&[&data, self.hash.as_bytes()]))
    }
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
    /// Each car's pages so far, with the digest of their inputs.
    cars: BTreeMap<String, CarRecord>,
    changed: Vec<String>,
    unchanged: usize,
    cars_kept: usize,
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
            if !self.claim(&output, &page.path) {
                continue;
            }
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
                    let hash = parts.hash_of(page).map_err(|e| {
                        format!("{slug} {}: the page does not serialize: {e}", page.path)
                    })?;
                    let step = dirs.step(slug, output, &hash, full)?;
                    Ok((hash, step))
                })
                .collect()
        });
        let mut jobs = Vec::new();
        for ((page, output, parts), step) in planned.into_iter().zip(steps) {
            let Some(step) = self.record(&output, step) else {
                continue;
            };
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

impl Planner<'_> {
    /// Whether `output` is `path`'s alone; a second path writing it is an error.
    fn claim(&mut self, output: &str, path: &str) -> bool {
        if let Some(first) = self.seen.get(output) {
            self.errors.push(format!(
                "{} {path}: two pages write {output} (the other is {first})",
                self.slug
            ));
            return false;
        }
        self.seen.insert(output.to_string(), path.to_string());
        true
    }

    /// Notes `output`'s hash and whether it changed; `None` (the error noted) when its
    /// step failed.
    fn record(&mut self, output: &str, step: Result<(String, Step), String>) -> Option<Step> {
        let (hash, step) = match step {
            Ok(done) => done,
            Err(e) => {
                self.errors.push(e);
                return None;
            }
        };
        if self.dirs.previous.get(output) != Some(&hash) {
            self.changed.push(output.to_string());
        }
        self.outputs.insert(output.to_string(), hash);
        Some(step)
    }

    /// Notes the pages of a car kept as the live site has them, each output's step
    /// taken ([`Dirs::keep_car`]).
    fn keep(&mut self, pages: &[Listed], steps: Steps, bar: &Bar) {
        // The bar counted one page per car.
        bar.grow(pages.len().saturating_sub(1) as u64);
        for (page, step) in pages.iter().zip(steps) {
            let output = output_of_path(&page.path);
            if self.claim(&output, &page.path) {
                self.record(&output, Ok(step));
                self.unchanged += 1;
            }
            bar.inc();
        }
    }

    /// Debug builds (the tests) make the pages of every car kept unmade and check that
    /// they are the live site's: a page input the car's digest misses fails here.
    #[cfg(debug_assertions)]
    fn check_kept(&mut self, made: &[Page], kept: &[Listed]) {
        let listed: Vec<Listed> = made.iter().map(Listed::from).collect();
        assert_eq!(listed, kept, "a car kept unmade has other pages");
        for page in made {
            let parts = self.kind_parts(page.kind).expect("the kind has assets");
            let hash = parts.hash_of(page).expect("the page serializes");
            assert_eq!(
                self.dirs.previous.get(&output_of_path(&page.path)),
                Some(&hash),
                "{}: kept unmade, yet its inputs make another page",
                page.path
            );
        }
    }

    /// Brings the cars' site files (their similar cars) up to date in the staging
    /// folder: kept or linked when unchanged, else written. No worker renders them.
    fn place_files(&mut self, site_files: Vec<SiteFile>) {
        let slug = self.slug;
        let mut placed = Vec::with_capacity(site_files.len());
        for file in site_files {
            let output = file.path.trim_start_matches('/').to_string();
            if self.claim(&output, &file.path) {
                placed.push((file, output));
            }
        }
        let (full, dirs) = (self.full, self.dirs);
        let steps: Vec<Result<(String, Step), String>> = self.threads.install(|| {
            placed
                .par_iter()
                .map(|(file, output)| {
                    let hash = content_hash(&[file.json.as_bytes()]);
                    let step = dirs.step(slug, output, &hash, full)?;
                    if step == Step::Render {
                        let target = dirs.staging.join(output);
                        files::write_file(&target, file.json.as_bytes()).map_err(|e| {
                            format!("{slug}: cannot write {}: {e}", target.display())
                        })?;
                    }
                    Ok((hash, step))
                })
                .collect()
        });
        for ((_, output), step) in placed.iter().zip(steps) {
            self.record(output, step);
        }
    }
}

impl Dirs<'_> {
    /// The pages of the car whose page is `path` and each one's step, when the live site
    /// made them from the inputs `key` and every one is kept or linked; `None` when the
    /// car's pages are to be made.
    fn keep_car(
        &self,
        slug: &str,
        path: &str,
        key: &str,
        full: bool,
    ) -> Option<(Vec<Listed>, Steps)> {
        let record = self.previous_cars.get(path).filter(|r| r.key == key)?;
        let steps = record
            .pages
            .iter()
            .map(|page| {
                let output = output_of_path(&page.path);
                let hash = self.previous.get(&output)?;
                match self.step(slug, &output, hash, full) {
                    Ok(Step::Render) | Err(_) => None,
                    Ok(step) => Some((hash.clone(), step)),
                }
            })
            .collect::<Option<Vec<_>>>()?;
        Some((record.pages.clone(), steps))
    }

    /// What `output`, whose content hashes to `hash`, needs in the staging folder: kept
    /// when the staging folder's copy is the same (never on a `full` build), linked from
    /// the live site when that copy is, else made. No file is looked at to keep one: the
    /// staging folder's manifest lists exactly what the folder holds, as it is removed
    /// before a build touches the folder ([`files::prepare_staging`]), and a lookup per
    /// output costs a rebuild as much as making its pages.
    fn step(&self, slug: &str, output: &str, hash: &str, full: bool) -> Result<Step, String> {
        if !full && self.held.get(output).map(String::as_str) == Some(hash) {
            return Ok(Step::Keep);
        }
        if self.previous.get(output).map(String::as_str) == Some(hash) {
            let live_file = self.live.join(output);
            match files::link_or_copy(&live_file, &self.staging.join(output)) {
                Ok(()) => return Ok(Step::Link),
                // Gone from the live site: made again.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(format!("{slug}: cannot reuse {}: {e}", live_file.display())),
            }
        }
        Ok(Step::Render)
    }
}

/// One car of a rebuild: its pages kept as the live site has them, or made.
enum CarMade {
    /// The live site's pages, each one's step taken, and the car's similar cars' file.
    Kept {
        pages: Vec<Listed>,
        steps: Steps,
        similar: Option<SiteFile>,
    },
    Made(CarOutputs),
}

/// Makes and plans the pages of one dealer and sends those to render to `jobs`: the
/// site's own pages, then its cars' pages and similar cars' files, a chunk of cars at a
/// time (the channel holds a window of pages, so memory holds a few windows, not a site).
/// A car whose pages the live site made from the same inputs keeps them unmade.
/// After an error it plans the rest only to report every error, and sends nothing more.
/// Returns each car's pages for the sitemap (in stock order) and the time spent making
/// the cars' pages.
fn plan_all(
    planner: &mut Planner<'_>,
    pages: Vec<Page>,
    cars: &CarPages<'_>,
    setup: Option<&str>,
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
    // What every car's pages share; without it, every car is made.
    let shared = setup.and_then(|setup| {
        let site = json_digest(&cars.shared_inputs()).ok()?;
        Some(content_hash(&[setup.as_bytes(), &site]))
    });
    let mut car_pages = Vec::with_capacity(cars.cars().len());
    let mut making = Duration::ZERO;
    for chunk in cars.cars().chunks(CARS_PER_CHUNK) {
        let t = Instant::now();
        let (slug, dirs, full) = (planner.slug, planner.dirs, planner.full);
        let made: Vec<(Option<String>, CarMade)> = planner.threads.install(|| {
            chunk
                .par_iter()
                .map(|car| {
                    let similar = cars.similar_of(car);
                    let key = shared.as_ref().and_then(|shared| {
                        let own = json_digest(&cars.inputs_of(car, &similar)).ok()?;
                        Some(content_hash(&[shared.as_bytes(), &own]))
                    });
                    let kept = key
                        .as_deref()
                        .and_then(|key| dirs.keep_car(slug, &car.page_path(), key, full));
                    let made = match kept {
                        Some((pages, steps)) => CarMade::Kept {
                            pages,
                            steps,
                            similar: similar_cars_file(car, &similar),
                        },
                        None => CarMade::Made(cars.pages_with(car, &similar)),
                    };
                    (key, made)
                })
                .collect()
        });
        making += t.elapsed();
        let mut similar = Vec::new();
        for (car, (key, made)) in chunk.iter().zip(made) {
            let (listed, file) = match made {
                CarMade::Kept {
                    pages,
                    steps,
                    similar: file,
                } => {
                    #[cfg(debug_assertions)]
                    planner.check_kept(&cars.pages_of(car).pages, &pages);
                    planner.keep(&pages, steps, bar);
                    planner.cars_kept += 1;
                    (pages, file)
                }
                CarMade::Made(CarOutputs {
                    pages,
                    similar: file,
                }) => {
                    // The bar counted one page per car.
                    bar.grow(pages.len().saturating_sub(1) as u64);
                    let listed: Vec<Listed> = pages.iter().map(Listed::from).collect();
                    let planned = planner.plan(pages, bar);
                    send(planned, !planner.errors.is_empty());
                    (listed, file)
                }
            };
            if let Some(key) = key {
                let record = CarRecord {
                    key,
                    pages: listed.clone(),
                };
                planner.cars.insert(car.page_path(), record);
            }
            car_pages.push(listed);
            similar.extend(file);
        }
        planner.place_files(similar);
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
    setup: Option<&str>,
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
        cars: BTreeMap::new(),
        changed: Vec::new(),
        unchanged: 0,
        cars_kept: 0,
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
            .spawn_scoped(scope, move || {
                plan_all(planner, pages, cars, setup, bar, &tx)
            })
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
        cars: planner.cars,
        changed: planner.changed,
        listed,
        rendered,
        unchanged: planner.unchanged,
        cars_kept: planner.cars_kept,
        derive_time,
    })
}
