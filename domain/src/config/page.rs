//! Static pages under `dealers/<slug>/pages/*.md` (about us, warranty, EOFY sales...).
//!
//! A page is either TOML front matter between `+++` lines followed by the markdown body,
//! or a markdown file whose first line is `# Title`. The slug comes from the file name;
//! the route defaults to `/pages/{slug}` and front matter `path` can move it (e.g.
//! `/about-us`). The markdown is kept raw; rendering happens in the generator.

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One static page of a dealer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContentPage {
    /// File name without `.md`.
    pub slug: String,
    /// Page title (front matter `title` or the first `# Title` line).
    pub title: String,
    /// Route of the page; default `/pages/{slug}`.
    pub path: String,
    /// Meta description; default none.
    pub description: Option<String>,
    /// Markdown body without the front matter or the title line.
    pub markdown: String,
    /// Last day of a sale page (front matter `expiry`); after it the page says it ended
    /// and nothing links to it.
    pub expiry: Option<NaiveDate>,
}

/// The keys allowed in a page's front matter.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct FrontMatter {
    /// Page title.
    pub title: String,
    /// Route, default `/pages/{slug}`.
    #[serde(default)]
    pub path: Option<String>,
    /// Meta description.
    #[serde(default)]
    pub description: Option<String>,
    /// Last day of a sale page, e.g. "2025-06-15": after it the page stays for old links,
    /// says the sale ended and leaves the sitemap, the menus and the home slides.
    #[serde(default)]
    pub expiry: Option<NaiveDate>,
}

/// A page source split into its front matter (with the byte offset where it starts)
/// and its body.
pub(crate) enum PageSource<'a> {
    /// `+++` front matter then body.
    FrontMatter {
        /// The TOML text.
        toml: &'a str,
        /// Byte offset of the TOML text in the file.
        offset: usize,
        /// The markdown body.
        body: &'a str,
    },
    /// A first `# Title` line then body.
    Heading {
        /// The title.
        title: &'a str,
        /// The markdown body.
        body: &'a str,
    },
    /// Neither.
    Untitled,
    /// `+++` opened but never closed.
    UnclosedFrontMatter,
}

/// Splits a page file.
pub(crate) fn split(source: &str) -> PageSource<'_> {
    let source_trimmed = source.strip_prefix('\u{feff}').unwrap_or(source);
    let bom = source.len() - source_trimmed.len();
    if let Some(rest) = source_trimmed.strip_prefix("+++") {
        let rest = rest
            .strip_prefix("\r\n")
            .or_else(|| rest.strip_prefix('\n'));
        let Some(rest) = rest else {
            return PageSource::UnclosedFrontMatter;
        };
        let offset = source.len() - rest.len();
        let mut pos = 0;
        for line in rest.split_inclusive('\n') {
            if line.trim_end() == "+++" {
                return PageSource::FrontMatter {
                    toml: &rest[..pos],
                    offset,
                    body: rest[pos + line.len()..].trim_start_matches(['\r', '\n']),
                };
            }
            pos += line.len();
        }
        return PageSource::UnclosedFrontMatter;
    }
    let body = &source[bom..];
    let first_line_end = body.find('\n').map_or(body.len(), |i| i + 1);
    let first = body[..first_line_end].trim();
    match first.strip_prefix("# ") {
        Some(title) if !title.trim().is_empty() => PageSource::Heading {
            title: title.trim(),
            body: body[first_line_end..].trim_start_matches(['\r', '\n']),
        },
        _ => PageSource::Untitled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_pages_take_the_first_line_as_title() {
        let PageSource::Heading { title, body } = split("# About Us\n\nWe sell cars.\n") else {
            panic!("not a heading page");
        };
        assert_eq!(title, "About Us");
        assert_eq!(body, "We sell cars.\n");
    }

    #[test]
    fn front_matter_is_split_from_the_body() {
        let source = "+++\ntitle = \"EOFY\"\n+++\n\nBody\n";
        let PageSource::FrontMatter { toml, offset, body } = split(source) else {
            panic!("no front matter");
        };
        assert_eq!(toml, "title = \"EOFY\"\n");
        assert_eq!(&source[offset..offset + 5], "title");
        assert_eq!(body, "Body\n");
    }

    #[test]
    fn other_files_are_untitled() {
        assert!(matches!(split("Just text\n"), PageSource::Untitled));
        assert!(matches!(
            split("+++\ntitle = \"x\"\n"),
            PageSource::UnclosedFrontMatter
        ));
    }
}
