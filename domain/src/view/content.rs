//! Content pages: the dealer's `pages/*.md` rendered with the markdown subset.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::config::ContentPage;

use super::markdown::{escape_html, markdown_to_html};
use super::site::ViewContext;

/// A content page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ContentPageView {
    /// Heading.
    pub title: String,
    /// Body HTML from the markdown subset (every dealer character escaped first).
    pub html: String,
}

/// The view of a dealer page.
pub fn content_page_view(page: &ContentPage) -> ContentPageView {
    ContentPageView {
        title: page.title.clone(),
        html: markdown_to_html(&page.markdown),
    }
}

/// The About Us page of a dealer without an `about-us` page: its name and the addresses
/// and phones of its visible locations, all from its configuration.
pub fn about_us_from_config(ctx: &ViewContext<'_>) -> ContentPageView {
    let dealer = &ctx.dealer.config;
    let mut html = format!("<p>{}</p>\n", escape_html(&dealer.name));
    let locations: Vec<_> = ctx.dealer.locations.iter().filter(|l| l.visible).collect();
    if !locations.is_empty() {
        html.push_str("<h2>Our locations</h2>\n<ul>\n");
        for l in locations {
            let a = &l.address;
            html.push_str(&format!(
                "<li><a href=\"/locations/{}\">{}</a>: {}, {} {} {}</li>\n",
                escape_html(&l.slug),
                escape_html(&l.name),
                escape_html(&a.street),
                escape_html(&a.city),
                escape_html(&a.state),
                escape_html(&a.postcode)
            ));
        }
        html.push_str("</ul>\n");
    }
    ContentPageView {
        title: "About Us".to_string(),
        html,
    }
}
