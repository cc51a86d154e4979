//! The stock feed: one car per JSON line (or per CSV row), field names exactly those of
//! [`domain::car::Car`].
//!
//! [`read_feed`] streams the file (a `BufReader`, never the whole file in memory), parses
//! chunks of lines in parallel with rayon and then checks and groups the rows in file
//! order, so line numbers, the kept row of a duplicate pair and every count are the same
//! on every run. A row that cannot be read, or that breaks a rule of [`check`], is
//! skipped and reported as `line N: field: problem`; blank lines are ignored. The result
//! is the accepted cars grouped by `dealership_slug` plus a [`FeedReport`] whose
//! `Display` is the summary table a person reads after a build.

pub(crate) mod check;
pub mod csv;
mod jsonl;
mod report;

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use chrono::{DateTime, Datelike, Utc};
use domain::car::Car;
use rayon::prelude::*;

pub use check::{check_car, is_url_safe, vin_problem, MIN_YEAR};
pub use report::{DealerCounts, FeedReport, LineError};

/// Rows parsed per parallel batch: large enough to keep both cores busy, small enough
/// that only a few megabytes of raw text are held at once.
const CHUNK_ROWS: usize = 2048;

/// How many line errors a [`FeedReport`] stores by default (all are counted).
pub const DEFAULT_MAX_STORED_ERRORS: usize = 1000;

/// The two accepted feed formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FeedFormat {
    /// JSON Lines: one JSON object (a car) per line (`.jsonl`, `.ndjson`).
    JsonLines,
    /// CSV with a header row of Car field names; complex columns hold JSON text (`.csv`).
    Csv,
}

impl FeedFormat {
    /// The format named by a file's extension: `.jsonl`/`.ndjson` or `.csv` (any case).
    pub fn from_path(path: &Path) -> Option<FeedFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "jsonl" | "ndjson" => Some(FeedFormat::JsonLines),
            "csv" => Some(FeedFormat::Csv),
            _ => None,
        }
    }

    /// Human name used in reports: "JSON Lines" or "CSV".
    pub fn label(self) -> &'static str {
        match self {
            FeedFormat::JsonLines => "JSON Lines",
            FeedFormat::Csv => "CSV",
        }
    }
}

impl FromStr for FeedFormat {
    type Err = String;

    /// Parses an explicit format override: `jsonl`, `ndjson`, `json-lines` or `csv`.
    fn from_str(s: &str) -> Result<FeedFormat, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "jsonl" | "ndjson" | "json-lines" | "jsonlines" => Ok(FeedFormat::JsonLines),
            "csv" => Ok(FeedFormat::Csv),
            other => Err(format!(
                "unknown feed format \"{other}\"; expected jsonl or csv"
            )),
        }
    }
}

impl fmt::Display for FeedFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// How [`read_feed`] reads a feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOptions {
    /// Format override; `None` detects it from the file extension.
    pub format: Option<FeedFormat>,
    /// Line errors stored in the report (every error is still counted).
    pub max_stored_errors: usize,
    /// Latest plausible model year (the year after the build's reference date).
    pub max_year: u16,
}

impl ReadOptions {
    /// Options for a build at `now`: format from the extension, years up to next year,
    /// [`DEFAULT_MAX_STORED_ERRORS`] stored errors.
    pub fn at(now: DateTime<Utc>) -> ReadOptions {
        let next_year = u16::try_from(now.year() + 1).unwrap_or(u16::MAX);
        ReadOptions {
            format: None,
            max_stored_errors: DEFAULT_MAX_STORED_ERRORS,
            max_year: next_year,
        }
    }
}

impl Default for ReadOptions {
    /// Options at the current time (only the year plausibility bound depends on it).
    fn default() -> Self {
        ReadOptions::at(Utc::now())
    }
}

/// A problem with the feed as a whole (as opposed to one bad row, which is reported and
/// skipped).
#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    /// The file cannot be opened.
    #[error("feed {path}: cannot open: {source}")]
    Open {
        /// The feed path.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Reading failed part-way (disk or pipe error, not a bad row).
    #[error("feed {source_name}: read error after line {line}: {source}")]
    Read {
        /// The feed path or name.
        source_name: String,
        /// The last line read successfully.
        line: u64,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The extension names no known format and no override was given.
    #[error("feed {}: cannot tell the format from the extension; use .jsonl, .ndjson or .csv, or give the format explicitly (jsonl or csv)", path.display())]
    UnknownFormat {
        /// The feed path.
        path: PathBuf,
    },
    /// The CSV header row is unusable (unknown or repeated column names).
    #[error("feed {source_name}: line 1: {problem}")]
    CsvHeader {
        /// The feed path or name.
        source_name: String,
        /// What is wrong with the header.
        problem: String,
    },
}

/// The parsed feed: accepted cars grouped by dealer plus the report.
#[derive(Debug, Clone, PartialEq)]
pub struct Feed {
    /// Accepted cars by `dealership_slug` (sorted), each list in feed order.
    pub dealers: BTreeMap<String, Vec<Car>>,
    /// Counts per dealer and the line errors.
    pub report: FeedReport,
}

impl Feed {
    /// Every accepted car, dealer by dealer (slug order), each dealer's in feed order.
    pub fn cars(&self) -> impl Iterator<Item = &Car> {
        self.dealers.values().flatten()
    }

    /// Number of accepted cars.
    pub fn len(&self) -> usize {
        self.report.accepted
    }

    /// Whether no car was accepted.
    pub fn is_empty(&self) -> bool {
        self.report.accepted == 0
    }

    /// The accepted cars of one dealer (empty when the feed has none).
    pub fn dealer(&self, slug: &str) -> &[Car] {
        self.dealers.get(slug).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Consumes the feed into one list of cars in [`Feed::cars`] order.
    pub fn into_cars(self) -> Vec<Car> {
        self.dealers.into_values().flatten().collect()
    }
}

/// Reads the feed at `path`, format from `opts.format` or else from the extension.
pub fn read_feed(path: &Path, opts: &ReadOptions) -> Result<Feed, FeedError> {
    let format = match opts.format.or_else(|| FeedFormat::from_path(path)) {
        Some(format) => format,
        None => {
            return Err(FeedError::UnknownFormat {
                path: path.to_path_buf(),
            })
        }
    };
    let file = File::open(path).map_err(|source| FeedError::Open {
        path: path.to_path_buf(),
        source,
    })?;
    parse_feed(file, format, &path.display().to_string(), opts)
}

/// Parses a feed from any reader (a file, stdin, a byte slice in tests); `source_name`
/// names it in the report and in errors.
pub fn parse_feed<R: Read>(
    reader: R,
    format: FeedFormat,
    source_name: &str,
    opts: &ReadOptions,
) -> Result<Feed, FeedError> {
    let reader = BufReader::with_capacity(1 << 20, reader);
    let mut collector = Collector::new(format, source_name, opts);
    match format {
        FeedFormat::JsonLines => jsonl::read(reader, source_name, opts, &mut collector)?,
        FeedFormat::Csv => csv::read(reader, source_name, opts, &mut collector)?,
    }
    Ok(collector.finish())
}

/// One row after the parallel phase: a car that passed the per-row checks, or the
/// field and problem that rejected it (with the row's dealer when it could be read).
pub(crate) type RowResult = Result<Car, RowError>;

/// Why one row was rejected.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RowError {
    pub field: String,
    pub problem: String,
    pub dealership_slug: Option<String>,
}

impl RowError {
    pub(crate) fn new(
        field: impl Into<String>,
        problem: impl Into<String>,
        dealership_slug: Option<String>,
    ) -> RowError {
        RowError {
            field: field.into(),
            problem: problem.into(),
            dealership_slug,
        }
    }
}

/// Parses a batch of rows in parallel, keeping their order.
pub(crate) fn parse_batch<T, F>(rows: &[(u64, T)], parse: F) -> Vec<(u64, RowResult)>
where
    T: Sync,
    F: Fn(&T) -> RowResult + Sync,
{
    rows.par_iter()
        .map(|(line, row)| (*line, parse(row)))
        .collect()
}

/// Sequential phase: duplicate checks across rows, grouping and counting, in file order.
pub(crate) struct Collector {
    dealers: BTreeMap<String, Vec<Car>>,
    seen: HashMap<String, DealerSeen>,
    report: FeedReport,
    max_stored_errors: usize,
}

#[derive(Default)]
struct DealerSeen {
    ids: HashMap<u64, u64>,
    slugs: HashMap<String, u64>,
}

impl Collector {
    fn new(format: FeedFormat, source_name: &str, opts: &ReadOptions) -> Collector {
        Collector {
            dealers: BTreeMap::new(),
            seen: HashMap::new(),
            report: FeedReport::new(source_name, format),
            max_stored_errors: opts.max_stored_errors,
        }
    }

    /// Takes the results of one batch, in line order.
    pub(crate) fn take(&mut self, rows: Vec<(u64, RowResult)>) {
        for (line, row) in rows {
            self.report.rows += 1;
            match row {
                Ok(car) => self.accept(line, car),
                Err(e) => self.reject(line, e),
            }
        }
    }

    fn accept(&mut self, line: u64, car: Car) {
        let seen = self.seen.entry(car.dealership_slug.clone()).or_default();
        if let Some(first) = seen.ids.get(&car.id) {
            let problem = format!(
                "duplicate id {} for dealer {} (first on line {first}); row skipped",
                car.id, car.dealership_slug
            );
            let dealer = Some(car.dealership_slug);
            return self.reject(line, RowError::new("id", problem, dealer));
        }
        if let Some(first) = seen.slugs.get(&car.slug) {
            let problem = format!(
                "duplicate slug \"{}\" for dealer {} (first on line {first}); row skipped",
                car.slug, car.dealership_slug
            );
            let dealer = Some(car.dealership_slug);
            return self.reject(line, RowError::new("slug", problem, dealer));
        }
        seen.ids.insert(car.id, line);
        seen.slugs.insert(car.slug.clone(), line);
        self.report.accepted += 1;
        self.report
            .dealers
            .entry(car.dealership_slug.clone())
            .or_default()
            .accepted += 1;
        self.dealers
            .entry(car.dealership_slug.clone())
            .or_default()
            .push(car);
    }

    fn reject(&mut self, line: u64, e: RowError) {
        self.report.rejected += 1;
        match e.dealership_slug.as_deref().filter(|s| !s.is_empty()) {
            Some(slug) => {
                self.report
                    .dealers
                    .entry(slug.to_string())
                    .or_default()
                    .rejected += 1
            }
            None => self.report.unattributed_rejected += 1,
        }
        if self.report.errors.len() < self.max_stored_errors {
            self.report.errors.push(LineError {
                line,
                field: e.field,
                problem: e.problem,
                dealership_slug: e.dealership_slug.filter(|s| !s.is_empty()),
            });
        }
    }

    fn finish(self) -> Feed {
        Feed {
            dealers: self.dealers,
            report: self.report,
        }
    }
}
