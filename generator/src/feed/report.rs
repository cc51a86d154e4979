//! What reading a feed found: counts per dealer and the rejected lines.

use std::collections::BTreeMap;
use std::fmt;

use super::FeedFormat;

/// One rejected row: `line N: field: problem`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// 1-based line number in the file (for CSV, the line the record starts on).
    pub line: u64,
    /// The field (JSON path such as `images[2].url`, or the CSV column) at fault; `json`
    /// or `csv` when the line itself cannot be read.
    pub field: String,
    /// What is wrong, in words a feed editor can act on.
    pub problem: String,
    /// The row's dealer when it could be read.
    pub dealership_slug: Option<String>,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}: {}", self.line, self.field, self.problem)
    }
}

/// Accepted and rejected rows of one dealer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DealerCounts {
    /// Rows kept.
    pub accepted: usize,
    /// Rows skipped because of a line error.
    pub rejected: usize,
}

/// The outcome of reading a feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedReport {
    /// The feed path (or the name given to [`super::parse_feed`]).
    pub source: String,
    /// The format it was read as.
    pub format: FeedFormat,
    /// Non-blank rows read.
    pub rows: usize,
    /// Rows accepted.
    pub accepted: usize,
    /// Rows rejected.
    pub rejected: usize,
    /// Counts per `dealership_slug`, sorted by slug.
    pub dealers: BTreeMap<String, DealerCounts>,
    /// Rejected rows whose dealer could not be read.
    pub unattributed_rejected: usize,
    /// The first rejected rows, in line order (capped; see [`FeedReport::errors_not_stored`]).
    pub errors: Vec<LineError>,
}

impl FeedReport {
    /// An empty report for a feed about to be read.
    pub fn new(source: &str, format: FeedFormat) -> FeedReport {
        FeedReport {
            source: source.to_string(),
            format,
            rows: 0,
            accepted: 0,
            rejected: 0,
            dealers: BTreeMap::new(),
            unattributed_rejected: 0,
            errors: Vec::new(),
        }
    }

    /// Rejected rows beyond the stored cap.
    pub fn errors_not_stored(&self) -> usize {
        self.rejected - self.errors.len()
    }

    /// The counts of one dealer (zero when the feed has no row for it).
    pub fn dealer(&self, slug: &str) -> DealerCounts {
        self.dealers.get(slug).copied().unwrap_or_default()
    }
}

impl fmt::Display for FeedReport {
    /// A summary line, a table of accepted and rejected rows per dealer, then the stored
    /// line errors.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "feed {} ({}): {} rows, {} accepted, {} rejected",
            self.source, self.format, self.rows, self.accepted, self.rejected
        )?;
        let unattributed = "(dealer unknown)";
        let width = self
            .dealers
            .keys()
            .map(|k| k.chars().count())
            .chain([unattributed.len(), "dealer".len()])
            .max()
            .unwrap_or(6);
        writeln!(
            f,
            "  {:<width$}  {:>8}  {:>8}",
            "dealer", "accepted", "rejected"
        )?;
        for (slug, counts) in &self.dealers {
            writeln!(
                f,
                "  {:<width$}  {:>8}  {:>8}",
                slug, counts.accepted, counts.rejected
            )?;
        }
        if self.unattributed_rejected > 0 {
            writeln!(
                f,
                "  {:<width$}  {:>8}  {:>8}",
                unattributed, 0, self.unattributed_rejected
            )?;
        }
        writeln!(
            f,
            "  {:<width$}  {:>8}  {:>8}",
            "total", self.accepted, self.rejected
        )?;
        if !self.errors.is_empty() {
            writeln!(f, "rejected rows (each skipped):")?;
            for e in &self.errors {
                writeln!(f, "  {e}")?;
            }
            let rest = self.errors_not_stored();
            if rest > 0 {
                writeln!(f, "  ... and {rest} more rejected rows not listed")?;
            }
        }
        Ok(())
    }
}
