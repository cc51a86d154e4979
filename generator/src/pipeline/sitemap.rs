//! What a site tells crawlers: sitemap.xml and robots.txt, from the list of its pages.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use chrono::{DateTime, Utc};
use domain::view::{Page, PageKind};

use crate::manifest::{output_of_path, BuildManifest};
use crate::shell::SiteHead;

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// What sitemap.xml and robots.txt need of a page: the site lists its pages long after
/// their props are rendered and dropped.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Listed {
    /// URL path.
    pub path: String,
    /// Its page kind.
    pub kind: PageKind,
    /// Whether it belongs in sitemap.xml: a page that asks to rank (indexable, its own
    /// canonical URL) and that the page list put there.
    pub in_sitemap: bool,
    /// The date its data last changed, where the data says (`YYYY-MM-DD`).
    pub lastmod: Option<String>,
    /// Whether it says `noindex`.
    pub noindex: bool,
    /// Whether it asks search engines to rank it: no `noindex`, and its own canonical URL.
    pub indexable: bool,
    /// Its document title, for the build's count of titles pages share.
    pub title: String,
}

impl From<&Page> for Listed {
    fn from(page: &Page) -> Listed {
        Listed {
            path: page.path.clone(),
            kind: page.kind,
            in_sitemap: page.in_sitemap
                && !page.noindex
                && page.canonical.as_deref() == Some(page.path.as_str()),
            lastmod: page.lastmod.clone(),
            noindex: page.noindex,
            indexable: !page.noindex && page.canonical.as_deref() == Some(page.path.as_str()),
            title: page.title.clone(),
        }
    }
}

/// What a dealer's build tells search engines, in counts: the pages that ask to rank,
/// those that say noindex, those in the sitemap, the indexable pages missing from it,
/// and the titles two indexable pages share (each should be 0 but the first three).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeoSummary {
    /// Pages with no noindex and their own canonical URL.
    pub indexable: usize,
    /// Pages that say noindex.
    pub noindexed: usize,
    /// URLs in sitemap.xml.
    pub in_sitemap: usize,
    /// Indexable pages not in sitemap.xml (a landing page with no car, a sold car).
    pub indexable_not_in_sitemap: usize,
    /// Titles that more than one indexable page has.
    pub duplicate_titles: usize,
}

impl SeoSummary {
    /// The counts over a site's pages.
    pub fn of(pages: &[Listed]) -> SeoSummary {
        let mut titles: HashMap<&str, usize> = HashMap::new();
        let mut summary = SeoSummary::default();
        for page in pages {
            summary.in_sitemap += usize::from(page.in_sitemap);
            summary.noindexed += usize::from(page.noindex);
            if page.indexable {
                summary.indexable += 1;
                *titles.entry(page.title.as_str()).or_default() += 1;
                summary.indexable_not_in_sitemap += usize::from(!page.in_sitemap);
            }
        }
        summary.duplicate_titles = titles.values().filter(|n| **n > 1).count();
        summary
    }
}

/// When the pages that their data does not date last changed: the date of the build that
/// last changed a page's content (its output's hash). A page whose hash is the live
/// site's keeps the date the live sitemap gave it; any other is dated by this build. So a
/// date moves only when what a crawler would read moves.
#[derive(Debug, Clone, Default)]
pub struct ContentDates {
    /// The live sitemap's `<lastmod>` of each of its URLs (escaped as written).
    previous: HashMap<String, String>,
    /// The outputs whose hash is the live site's.
    unchanged: std::collections::HashSet<String>,
    /// This build's date.
    today: String,
}

impl ContentDates {
    /// The dates of a build at `built_at` whose page outputs hash to `outputs`, against
    /// the live site in `live` (its manifest and sitemap; none on a first build).
    pub fn of(
        live: &Path,
        outputs: &BTreeMap<String, String>,
        built_at: DateTime<Utc>,
    ) -> ContentDates {
        let live_outputs = BuildManifest::read(live)
            .map(|m| m.outputs)
            .unwrap_or_default();
        let unchanged = outputs
            .iter()
            .filter(|(output, hash)| live_outputs.get(*output) == Some(*hash))
            .map(|(output, _)| output.clone())
            .collect();
        let previous = std::fs::read_to_string(live.join("sitemap.xml"))
            .map(|xml| previous_dates(&xml))
            .unwrap_or_default();
        ContentDates {
            previous,
            unchanged,
            today: built_at.format("%Y-%m-%d").to_string(),
        }
    }

    /// The date of the page at `loc` (its escaped absolute URL) written to `output`.
    fn date(&self, loc: &str, output: &str) -> String {
        self.unchanged
            .contains(output)
            .then(|| self.previous.get(loc).cloned())
            .flatten()
            .unwrap_or_else(|| self.today.clone())
    }
}

/// The `<loc>` and `<lastmod>` of each URL of a sitemap this module wrote.
fn previous_dates(xml: &str) -> HashMap<String, String> {
    xml.lines()
        .filter_map(|line| {
            let loc = line.split("<loc>").nth(1)?.split("</loc>").next()?;
            let date = line.split("<lastmod>").nth(1)?.split("</lastmod>").next()?;
            Some((loc.to_string(), date.to_string()))
        })
        .collect()
}

/// sitemap.xml: the absolute URL of every page with `in_sitemap`, in page order, each
/// with its `<lastmod>`: the data's date (a car's listing) where the page has one, else
/// the date its content last changed ([`ContentDates`]).
pub fn sitemap(site: &SiteHead, pages: &[Listed], dates: &ContentDates) -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for page in pages.iter().filter(|p| p.in_sitemap) {
        let loc = xml_escape(&site.absolute(&page.path));
        let date = page
            .lastmod
            .clone()
            .unwrap_or_else(|| dates.date(&loc, &output_of_path(&page.path)));
        xml.push_str("  <url><loc>");
        xml.push_str(&loc);
        xml.push_str("</loc><lastmod>");
        xml.push_str(&xml_escape(&date));
        xml.push_str("</lastmod></url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// What crawlers must not fetch: the edge API under `/api/`, whose answers belong to
/// one shopper or change state, and whose limits are for shoppers. Every page stays
/// fetchable, so a crawler can read a page's `noindex`.
const DISALLOWED: [&str; 1] = ["/api/"];

/// robots.txt: every page allowed (the pages kept out of the index say so themselves),
/// the API disallowed, and the sitemap's absolute URL.
pub fn robots(site: &SiteHead) -> String {
    let mut txt = String::from("User-agent: *\n");
    for path in DISALLOWED {
        txt.push_str(&format!("Disallow: {path}\n"));
    }
    txt.push_str(&format!("\nSitemap: {}\n", site.absolute("/sitemap.xml")));
    txt
}
