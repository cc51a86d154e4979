//! What a build did, per dealer, and the closing summary table.

use std::fmt::{self, Write as _};
use std::time::Duration;

/// Time spent in each phase of one dealer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PhaseTimes {
    /// Loading config and feed (shared by all dealers of the build).
    pub load: Duration,
    /// Deriving the pages: the site's own, then its cars' (made while rendering, on a
    /// thread of their own, so the two overlap).
    pub derive: Duration,
    /// Rendering through the worker pool and the shell, from the first page to the last.
    pub render: Duration,
    /// Writing the rest of the site and swapping it in.
    pub write: Duration,
    /// Writing and publishing the search index.
    pub index: Duration,
}

/// How one dealer's build ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealerStatus {
    /// The new site is live.
    Published,
    /// The feed sanity guard refused the stock drop; the message says why and how to force.
    Refused(String),
    /// The build failed; each error names the dealer and, for a page, its path.
    Failed(Vec<String>),
}

/// One dealer's line of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealerOutcome {
    /// Dealer slug.
    pub slug: String,
    /// Stock accepted.
    pub stock: usize,
    /// Pages in the site.
    pub pages: usize,
    /// Pages rendered by a worker.
    pub rendered: usize,
    /// Pages reused unchanged from the live site.
    pub unchanged: usize,
    /// Cars whose pages were kept without making them: the live site's were made from
    /// the same inputs.
    pub cars_kept: usize,
    /// Outputs deleted since the last build.
    pub deleted: usize,
    /// Cars in the published search index.
    pub indexed: usize,
    /// Outcome.
    pub status: DealerStatus,
    /// Published without building: its inputs are those of the live site.
    pub skipped: bool,
    /// Phase timings.
    pub times: PhaseTimes,
    /// What the site tells search engines, in counts.
    pub seo: super::sitemap::SeoSummary,
}

impl DealerOutcome {
    /// A dealer about to be built.
    pub fn new(slug: &str, stock: usize) -> DealerOutcome {
        DealerOutcome {
            slug: slug.to_string(),
            stock,
            pages: 0,
            rendered: 0,
            unchanged: 0,
            cars_kept: 0,
            deleted: 0,
            indexed: 0,
            status: DealerStatus::Failed(vec![format!("{slug}: the build did not finish")]),
            skipped: false,
            times: PhaseTimes::default(),
            seo: super::sitemap::SeoSummary::default(),
        }
    }

    /// The errors and refusals of this dealer, one message each.
    pub fn errors(&self) -> Vec<String> {
        match &self.status {
            DealerStatus::Published => Vec::new(),
            DealerStatus::Refused(message) => vec![message.clone()],
            DealerStatus::Failed(errors) => errors.clone(),
        }
    }
}

/// The result of a whole build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildReport {
    /// One outcome per dealer, in slug order.
    pub dealers: Vec<DealerOutcome>,
    /// Feed problems that did not stop the build.
    pub warnings: Vec<String>,
    /// Time spent checking (and maybe building) the frontend.
    pub frontend: Duration,
    /// Media files copied to `_media`, `None` when the feed has no media folder.
    pub media_files: Option<usize>,
    /// Total wall time.
    pub total: Duration,
}

impl BuildReport {
    /// Whether every dealer published.
    pub fn success(&self) -> bool {
        self.dealers
            .iter()
            .all(|d| d.status == DealerStatus::Published)
    }

    /// The outcome of one dealer.
    pub fn dealer(&self, slug: &str) -> Option<&DealerOutcome> {
        self.dealers.iter().find(|d| d.slug == slug)
    }

    /// Every error and refusal, one message each.
    pub fn errors(&self) -> Vec<String> {
        self.dealers
            .iter()
            .flat_map(DealerOutcome::errors)
            .collect()
    }
}

fn secs(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64())
}

impl fmt::Display for BuildReport {
    /// The closing summary table.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let header = [
            "dealer",
            "status",
            "stock",
            "rendered",
            "unchanged",
            "deleted",
            "indexed",
            "errors",
            "load s",
            "derive s",
            "render s",
            "write s",
            "index s",
        ];
        let rows: Vec<[String; 13]> = self
            .dealers
            .iter()
            .map(|d| {
                let status = match d.status {
                    DealerStatus::Published if d.skipped => "unchanged",
                    DealerStatus::Published => "published",
                    DealerStatus::Refused(_) => "REFUSED",
                    DealerStatus::Failed(_) => "FAILED",
                };
                [
                    d.slug.clone(),
                    status.to_string(),
                    d.stock.to_string(),
                    d.rendered.to_string(),
                    d.unchanged.to_string(),
                    d.deleted.to_string(),
                    d.indexed.to_string(),
                    d.errors().len().to_string(),
                    secs(d.times.load),
                    secs(d.times.derive),
                    secs(d.times.render),
                    secs(d.times.write),
                    secs(d.times.index),
                ]
            })
            .collect();
        let mut widths = header.map(str::len);
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.len());
            }
        }
        let mut out = String::new();
        let line = |out: &mut String, cells: &[String]| {
            for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
                if i > 0 {
                    out.push_str("  ");
                }
                if i < 2 {
                    let _ = write!(out, "{cell:<w$}");
                } else {
                    let _ = write!(out, "{cell:>w$}");
                }
            }
            out.push('\n');
        };
        line(&mut out, &header.map(String::from));
        for row in &rows {
            line(&mut out, row);
        }
        let _ = write!(
            out,
            "frontend check {}s, total {}s",
            secs(self.frontend),
            secs(self.total)
        );
        if let Some(n) = self.media_files {
            let _ = write!(out, ", {n} media files");
        }
        out.push('\n');
        for d in self
            .dealers
            .iter()
            .filter(|d| d.status == DealerStatus::Published && !d.skipped)
        {
            let seo = &d.seo;
            let _ = writeln!(
                out,
                "seo {}: {} indexable, {} noindexed, {} in sitemap, {} indexable not in sitemap, {} duplicate titles",
                d.slug,
                seo.indexable,
                seo.noindexed,
                seo.in_sitemap,
                seo.indexable_not_in_sitemap,
                seo.duplicate_titles
            );
        }
        for error in self.errors() {
            let _ = writeln!(out, "error: {error}");
        }
        f.write_str(&out)
    }
}
