//! What a site tells crawlers: sitemap.xml and robots.txt, from the list of its pages.

use domain::view::{Page, PageKind};

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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// URL path.
    pub path: String,
    /// Its page kind (client-only shells are kept from robots).
    pub kind: PageKind,
    /// Whether it belongs in sitemap.xml.
    pub in_sitemap: bool,
}

impl From<&Page> for Listed {
    fn from(page: &Page) -> Listed {
        Listed {
            path: page.path.clone(),
            kind: page.kind,
            in_sitemap: page.in_sitemap,
        }
    }
}

/// sitemap.xml: the absolute URL of every page with `in_sitemap`, in page order.
pub fn sitemap(site: &SiteHead, pages: &[Listed]) -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for page in pages.iter().filter(|p| p.in_sitemap) {
        xml.push_str("  <url><loc>");
        xml.push_str(&xml_escape(&site.absolute(&page.path)));
        xml.push_str("</loc></url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// robots.txt: everything allowed except the client-only shells (sign-in, watchlist,
/// checkout...), and the sitemap's absolute URL.
pub fn robots(site: &SiteHead, pages: &[Listed]) -> String {
    let mut txt = String::from("User-agent: *\n");
    let mut disallowed: Vec<&str> = pages
        .iter()
        .filter(|p| p.kind == PageKind::Client)
        .map(|p| p.path.as_str())
        .collect();
    disallowed.sort_unstable();
    disallowed.dedup();
    if disallowed.is_empty() {
        txt.push_str("Allow: /\n");
    }
    for path in disallowed {
        txt.push_str(&format!("Disallow: {path}\n"));
    }
    txt.push_str(&format!("\nSitemap: {}\n", site.absolute("/sitemap.xml")));
    txt
}
