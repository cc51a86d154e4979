//! The post indexes /news, /blog and /blog/vehicle-reviews (seed 001 s2): the dealer's
//! markdown pages under each path, listed as blog promo cards whose title is cut at 80
//! characters and description at 100 (seed 001 s9). An index exists only where the
//! dealer has a post under it and no page of its own at the index path.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::config::{ContentPage, Dealer};
use crate::routes;
use crate::rules::vehicle_text::blog_promo_text;

use super::crumbs::Crumb;

/// The post indexes, each with its title: /blog lists every post under /blog/, the
/// vehicle reviews included.
pub const POST_INDEXES: [(&str, &str); 3] = [
    (routes::NEWS.pattern, "News"),
    (routes::BLOG.pattern, "Blog"),
    (routes::VEHICLE_REVIEWS.pattern, "Vehicle Reviews"),
];

/// A post index page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PostsPageView {
    /// Heading ("News").
    pub title: String,
    /// Home, then this page (under /blog, the blog first).
    pub breadcrumbs: Vec<Crumb>,
    /// The posts, in title order.
    pub posts: Vec<PostCardView>,
}

/// A blog promo card (seed 001 s9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PostCardView {
    /// Title, cut at 80 characters.
    pub title: String,
    /// The post's full title, when the card cuts it (the link's accessible name).
    pub full_title: Option<String>,
    /// Description (front matter `description`, else the post's first paragraph), cut at
    /// 100 characters.
    pub description: String,
    /// The post's page.
    pub url: String,
}

/// Whether `page` is a post of the index at `index`.
fn is_post_of(page: &ContentPage, index: &str) -> bool {
    page.path
        .strip_prefix(index)
        .is_some_and(|rest| rest.starts_with('/') && rest.len() > 1)
}

/// The first paragraph of a post's markdown as plain text (headings and list items
/// skipped, emphasis marks and link targets dropped).
fn first_paragraph(markdown: &str) -> String {
    let lines: Vec<&str> = markdown
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty() || l.starts_with('#') || l.starts_with("- "))
        .take_while(|l| !l.is_empty())
        .collect();
    let text = lines.join(" ");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(c) = rest.chars().next() {
        if c == '[' {
            if let Some((label, after)) = rest[1..].split_once("](") {
                if let Some(end) = after.find(')') {
                    out.push_str(label);
                    rest = &after[end + 1..];
                    continue;
                }
            }
        }
        if c != '*' && c != '_' {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The post card of `page`.
fn post_card(page: &ContentPage) -> PostCardView {
    let description = page
        .description
        .clone()
        .unwrap_or_else(|| first_paragraph(&page.markdown));
    let text = blog_promo_text(&page.title, &description);
    PostCardView {
        full_title: (text.title != page.title).then(|| page.title.clone()),
        title: text.title,
        description: text.description,
        url: page.path.clone(),
    }
}

/// The post indexes `dealer` publishes: (path, view), for each index with a post and no
/// dealer page at its path.
pub fn post_indexes(dealer: &Dealer) -> Vec<(&'static str, PostsPageView)> {
    POST_INDEXES
        .iter()
        .filter(|(path, _)| !dealer.pages.iter().any(|p| p.path == *path))
        .filter_map(|&(path, title)| {
            let mut posts: Vec<&ContentPage> = dealer
                .pages
                .iter()
                .filter(|p| is_post_of(p, path))
                .collect();
            if posts.is_empty() {
                return None;
            }
            posts.sort_by(|a, b| a.title.cmp(&b.title));
            let mut breadcrumbs = vec![Crumb {
                label: crate::messages::BREADCRUMB_HOME.to_string(),
                url: Some("/".to_string()),
            }];
            if path.starts_with("/blog/") {
                breadcrumbs.push(Crumb {
                    label: "Blog".to_string(),
                    url: Some(routes::BLOG.pattern.to_string()),
                });
            }
            breadcrumbs.push(Crumb {
                label: title.to_string(),
                url: None,
            });
            Some((
                path,
                PostsPageView {
                    title: title.to_string(),
                    breadcrumbs,
                    posts: posts.into_iter().map(post_card).collect(),
                },
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::test_dealer;

    fn page(path: &str, title: &str, description: Option<&str>, markdown: &str) -> ContentPage {
        ContentPage {
            slug: path.rsplit('/').next().unwrap_or_default().to_string(),
            title: title.to_string(),
            path: path.to_string(),
            description: description.map(str::to_string),
            markdown: markdown.to_string(),
            expiry: None,
        }
    }

    /// Seed 001 s2: "/news, /blog, /blog/vehicle-reviews"; seed 001 s9: "blog title
    /// truncated at 80, description at 100".
    #[test]
    fn indexes_list_their_posts_as_promo_cards_cut_at_80_and_100() {
        let mut dealer = test_dealer("");
        let long_title = "T".repeat(85);
        dealer.pages = vec![
            page("/news/a", &long_title, Some(&"d".repeat(120)), "Body."),
            page(
                "/blog/vehicle-reviews/omoda-5",
                "Omoda 5 review",
                None,
                "## Verdict\n\nA *smooth* [city SUV](/models/omoda-5)\nwith a long warranty.\n\nMore.",
            ),
            page("/pages/warranty", "Warranty", None, "Seven years."),
        ];
        let indexes = post_indexes(&dealer);
        let paths: Vec<&str> = indexes.iter().map(|(p, _)| *p).collect();
        assert_eq!(paths, ["/news", "/blog", "/blog/vehicle-reviews"]);
        let news = &indexes[0].1;
        assert_eq!(news.posts.len(), 1);
        assert_eq!(news.posts[0].title, format!("{}...", "T".repeat(80)));
        assert_eq!(
            news.posts[0].full_title.as_deref(),
            Some(long_title.as_str())
        );
        assert_eq!(news.posts[0].description, format!("{}...", "d".repeat(100)));
        let reviews = &indexes[2].1;
        assert_eq!(reviews.posts[0].url, "/blog/vehicle-reviews/omoda-5");
        assert_eq!(
            reviews.posts[0].description,
            "A smooth city SUV with a long warranty."
        );
        assert_eq!(reviews.posts[0].full_title, None);
        assert_eq!(
            reviews.breadcrumbs[1].url.as_deref(),
            Some("/blog"),
            "a review index sits under the blog"
        );
        // The blog lists the reviews too.
        assert_eq!(indexes[1].1.posts.len(), 1);
    }

    #[test]
    fn no_posts_or_a_dealer_page_at_the_path_means_no_index() {
        let mut dealer = test_dealer("");
        dealer.pages = vec![
            page("/news", "Our news", None, "Hand-written."),
            page("/news/a", "A", None, "Body."),
        ];
        assert!(post_indexes(&dealer).is_empty());
    }
}
