//! The dead-link check: before a dealer's staged site is swapped in, every internal
//! `href` and `src` of every page is resolved against the files about to be published
//! (the staging folder) and, for `#fragment`s, against the `id`s of the page they name.
//! A site with a dead link is not published; the error names the link, the pages that
//! carry it and the dealer config key that made it.
//!
//! What is not a file of the site, and how it is checked instead:
//! - other schemes (`https:`, `tel:`, `mailto:`...) and `//host` links: other sites;
//! - `/media/...`: the feed's photos, published beside the sites as `_media/` (from the
//!   feed's `media/` folder): the file must be there;
//! - `/img/...`: the image service; the path must parse (domain::rules::image_url) and a
//!   site source (`site/...`) must itself resolve, as a page link would;
//! - `/api/...`: the edge API's routes (its own tests hold them), never a file of a build;
//! - `/cars/{slug}/autogauge`: the API's price comparison of a car, so the car's page must
//!   be published;
//! - `?query` or `#fragment` alone: the page itself (a search page's query is read by
//!   its script), so only the fragment is checked.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use domain::config::Dealer;
use domain::rules::image_url::{self, ImageSource};
use domain::view::links::switched_off_feature;

use crate::manifest::META_DIR;

/// Where each link that appears in the dealer's configuration comes from: the dotted key
/// of every string value that is a root path or a fragment, by that value.
fn config_keys(dealer: &Dealer) -> HashMap<String, Vec<String>> {
    let mut keys: HashMap<String, Vec<String>> = HashMap::new();
    // (file, the key of the value in it, the value)
    let files: [(&str, &str, serde_json::Result<serde_json::Value>); 5] = [
        ("dealer.toml", "", serde_json::to_value(&dealer.config)),
        (
            "offers.toml",
            "offers",
            serde_json::to_value(&dealer.offers),
        ),
        (
            "offers.toml",
            "banners",
            serde_json::to_value(&dealer.banners),
        ),
        (
            "offers.toml",
            "slides",
            serde_json::to_value(&dealer.slides),
        ),
        (
            "offers.toml",
            "promos",
            serde_json::to_value(&dealer.promos),
        ),
    ];
    for (file, root, value) in files {
        if let Ok(value) = value {
            walk(&value, root.to_string(), &mut |key, text| {
                if text.starts_with('/') || text.starts_with('#') {
                    keys.entry(text.to_string())
                        .or_default()
                        .push(format!("{key} in {file}"));
                }
            });
        }
    }
    keys
}

fn walk(value: &serde_json::Value, key: String, found: &mut impl FnMut(&str, &str)) {
    match value {
        serde_json::Value::String(text) => found(&key, text),
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, format!("{key}[{i}]"), found);
            }
        }
        serde_json::Value::Object(fields) => {
            for (name, item) in fields {
                let key = if key.is_empty() {
                    name.clone()
                } else {
                    format!("{key}.{name}")
                };
                walk(item, key, found);
            }
        }
        _ => {}
    }
}

/// The top-level keys dealer.toml itself sets (the rest are the platform's defaults).
fn keys_set_in_file(dealer: &Dealer) -> Option<BTreeSet<String>> {
    let text = std::fs::read_to_string(dealer.dir.join("dealer.toml")).ok()?;
    let table: toml::Table = text.parse().ok()?;
    Some(table.keys().cloned().collect())
}

/// What made `link`: the config keys holding it, else the feature its route needs.
fn origin_of(
    link: &str,
    path: &str,
    keys: &HashMap<String, Vec<String>>,
    dealer: &Dealer,
    set: Option<&BTreeSet<String>>,
) -> String {
    let slug = &dealer.config.slug;
    let found = keys.get(link).or_else(|| keys.get(path));
    let mut origin = match found {
        Some(found) => {
            let named: Vec<String> = found
                .iter()
                .map(|key| {
                    let top = key.split(['.', '[', ' ']).next().unwrap_or(key);
                    match key.strip_suffix(" in dealer.toml") {
                        Some(key) if set.is_some_and(|set| !set.contains(top)) => format!(
                            "{key} (the platform default: dealers/{slug}/dealer.toml does not set {top})"
                        ),
                        _ => key.replace(" in ", &format!(" in dealers/{slug}/")),
                    }
                })
                .collect();
            format!("made by {}", named.join(", "))
        }
        None => "made by the page itself, not by a config key".to_string(),
    };
    if let Some(gate) = switched_off_feature(&dealer.config.features, path) {
        origin.push_str(&format!(
            "; the page is built only with {gate} = true in dealers/{slug}/dealer.toml"
        ));
    }
    origin
}

/// The files of a staged site, by their path from its root (`/`-separated), build
/// records left out.
fn site_files(site: &Path) -> std::io::Result<BTreeSet<String>> {
    let mut files = BTreeSet::new();
    for entry in walkdir::WalkDir::new(site).min_depth(1) {
        let entry = entry.map_err(std::io::Error::other)?;
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry
            .path()
            .strip_prefix(site)
            .map_err(std::io::Error::other)?
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        if !rel.starts_with(META_DIR) {
            files.insert(rel);
        }
    }
    Ok(files)
}

/// The HTML character references a renderer writes in attribute values, decoded.
pub fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let decoded = rest.find(';').filter(|&end| end <= 10).and_then(|end| {
            let name = &rest[1..end];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => {
                    let number = name.strip_prefix('#')?;
                    let code = match number.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok(),
                        None => number.parse().ok(),
                    };
                    code.and_then(char::from_u32)
                }
            };
            c.map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `%XX` escapes of a path decoded (as the file service reads them).
fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The values of every `name="..."` attribute of a document (`name` is `href`, `src` or
/// `id`; the renderers quote attributes with `"`), entities decoded.
fn attributes<'a>(html: &'a str, name: &'a str) -> impl Iterator<Item = String> + 'a {
    let needle = format!("{name}=\"");
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let at = from + html[from..].find(&needle)?;
        let start = at + needle.len();
        from = start;
        // An attribute, not the tail of another name (`data-href`, `srcset`...).
        let before = html[..at].chars().next_back();
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let end = start + html[start..].find('"')?;
        from = end;
        return Some(decode_entities(&html[start..end]));
    })
}

/// The file a root path names, as the site's file service maps clean URLs.
fn file_of(path: &str) -> String {
    let path = percent_decode(path);
    let rel = path.trim_start_matches('/');
    if rel.is_empty() || path.ends_with('/') {
        return format!("{rel}index.html");
    }
    let last = rel.rsplit('/').next().unwrap_or(rel);
    if last.contains('.') {
        rel.to_string()
    } else {
        format!("{rel}/index.html")
    }
}

/// The URL of a page output (`cars/x/index.html` -> `/cars/x`).
fn url_of(file: &str) -> String {
    crate::manifest::url_of_output(file)
}

/// Why a link does not resolve.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Problem {
    NoFile(String),
    NoAnchor { file: String, id: String },
    NoMedia(String),
    BadImage(String),
    Relative,
}

impl Problem {
    fn sentence(&self) -> String {
        match self {
            Problem::NoFile(file) => format!("this build publishes no {file}"),
            Problem::NoAnchor { file, id } => {
                format!("{} has no element with id=\"{id}\"", url_of(file))
            }
            Problem::NoMedia(file) => {
                format!("the feed's media folder has no {file}")
            }
            Problem::BadImage(why) => format!("not an image service path: {why}"),
            Problem::Relative => {
                "a relative link (the site's links start with /, # or ?)".to_string()
            }
        }
    }
}

/// What the check reads besides the staged site.
pub struct LinkCheck<'a> {
    /// The dealer (for naming the config key behind a dead link).
    pub dealer: &'a Dealer,
    /// The staged site.
    pub site: &'a Path,
    /// The feed's media folder (published as `/media/`), if the feed has one.
    pub media: Option<&'a Path>,
}

/// A link of a page that resolves nowhere: the link, the pages carrying it, and why.
type Dead = BTreeMap<(String, Problem), Vec<String>>;

/// Pages named in an error for a link many pages carry.
const PAGES_NAMED: usize = 3;

impl LinkCheck<'_> {
    /// Checks every page; `Ok(links checked)`, or one error per dead link (without the
    /// dealer's slug: the caller prefixes it).
    pub fn run(&self) -> Result<usize, Vec<String>> {
        let files = site_files(self.site).map_err(|e| {
            vec![format!(
                "cannot list the staged site {} for the link check: {e}",
                self.site.display()
            )]
        })?;
        let mut ids: HashMap<String, BTreeSet<String>> = HashMap::new();
        let mut dead: Dead = BTreeMap::new();
        let mut checked = 0;
        // A root link resolves the same on every page, and the header, footer and cards
        // repeat most of them on thousands of pages: each is resolved once.
        let mut resolved: HashMap<String, Option<Problem>> = HashMap::new();
        for page in files.iter().filter(|f| f.ends_with(".html")) {
            let html = std::fs::read_to_string(self.site.join(page))
                .map_err(|e| vec![format!("cannot read {page} for the link check: {e}")])?;
            let links: Vec<String> = attributes(&html, "href")
                .chain(attributes(&html, "src"))
                .collect();
            ids.entry(page.clone())
                .or_insert_with(|| attributes(&html, "id").collect());
            for link in links {
                checked += 1;
                let trimmed = link.trim();
                let root = trimmed.starts_with('/') && !trimmed.starts_with("//");
                let problem = match resolved.get(&link) {
                    Some(known) if root => known.clone(),
                    _ => {
                        let found = self.problem(&link, page, &files, &mut ids);
                        if root {
                            resolved.insert(link.clone(), found.clone());
                        }
                        found
                    }
                };
                if let Some(problem) = problem {
                    dead.entry((link, problem)).or_default().push(url_of(page));
                }
            }
        }
        if dead.is_empty() {
            return Ok(checked);
        }
        let keys = config_keys(self.dealer);
        let set = keys_set_in_file(self.dealer);
        Err(dead
            .into_iter()
            .map(|((link, problem), pages)| {
                let path = link.split(['?', '#']).next().unwrap_or(&link);
                let origin = origin_of(&link, path, &keys, self.dealer, set.as_ref());
                let mut named: Vec<&str> =
                    pages.iter().take(PAGES_NAMED).map(String::as_str).collect();
                if pages.len() > PAGES_NAMED {
                    named.push("...");
                }
                format!(
                    "dead link {link} on {} page{} ({}): {}; {origin}. The site is not published.",
                    pages.len(),
                    if pages.len() == 1 { "" } else { "s" },
                    named.join(", "),
                    problem.sentence(),
                )
            })
            .collect())
    }

    /// Why `link` on `page` resolves nowhere, or `None` when it resolves (or is not the
    /// site's to check: see the module's list).
    fn problem(
        &self,
        link: &str,
        page: &str,
        files: &BTreeSet<String>,
        ids: &mut HashMap<String, BTreeSet<String>>,
    ) -> Option<Problem> {
        let link = link.trim();
        if link.starts_with("//") || has_scheme(link) {
            return None;
        }
        let (rest, fragment) = match link.split_once('#') {
            Some((rest, fragment)) => (rest, Some(fragment)),
            None => (link, None),
        };
        let path = rest.split('?').next().unwrap_or(rest);
        let file = if path.is_empty() {
            page.to_string()
        } else if !path.starts_with('/') {
            return Some(Problem::Relative);
        } else if path.starts_with("/api/") {
            return None;
        } else if let Some(media) = path.strip_prefix("/media/") {
            return self.media_problem(media);
        } else if path.starts_with(image_url::PREFIX) {
            return match image_url::parse(&percent_decode(path)) {
                Err(e) => Some(Problem::BadImage(e.to_string())),
                Ok(request) => match request.source {
                    ImageSource::Site(source) => self.problem(&source, page, files, ids),
                    ImageSource::Remote { .. } => None,
                },
            };
        } else if let Some(car) = autogauge_car(path) {
            file_of(&format!("/cars/{car}"))
        } else {
            file_of(path)
        };
        if !files.contains(&file) {
            return Some(Problem::NoFile(file));
        }
        let fragment = fragment.map(percent_decode).filter(|f| !f.is_empty())?;
        if !file.ends_with(".html") {
            return None;
        }
        if !ids.contains_key(&file) {
            let found = std::fs::read_to_string(self.site.join(&file))
                .map(|html| attributes(&html, "id").collect())
                .unwrap_or_default();
            ids.insert(file.clone(), found);
        }
        if ids.get(&file).is_some_and(|ids| ids.contains(&fragment)) {
            None
        } else {
            Some(Problem::NoAnchor { file, id: fragment })
        }
    }

    fn media_problem(&self, media: &str) -> Option<Problem> {
        let name = percent_decode(media);
        let exists = self.media.is_some_and(|dir| {
            !name.split('/').any(|s| s == ".." || s.is_empty()) && dir.join(&name).is_file()
        });
        (!exists).then_some(Problem::NoMedia(name))
    }
}

/// `scheme:` at the start (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
fn has_scheme(link: &str) -> bool {
    let Some((scheme, _)) = link.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// The car slug of `/cars/{slug}/autogauge` (the API's price comparison).
fn autogauge_car(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/cars/")?;
    let (car, tail) = rest.split_once('/')?;
    (tail == "autogauge" && !car.is_empty()).then_some(car)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dealer() -> Dealer {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dealers");
        domain::config::load_dealers(&dir)
            .expect("fixture dealers")
            .into_iter()
            .find(|d| d.config.slug == "fixture-toyota")
            .expect("fixture-toyota")
    }

    fn write(root: &Path, rel: &str, body: &str) {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
        std::fs::write(path, body).expect("write");
    }

    /// A site of three pages and an asset; media holds one photo.
    fn site(home_links: &str) -> (tempfile::TempDir, tempfile::TempDir) {
        let site = tempfile::tempdir().expect("site");
        let media = tempfile::tempdir().expect("media");
        write(
            site.path(),
            "index.html",
            &format!(r##"<main id="main"><a href="/about-us">About</a>{home_links}</main>"##),
        );
        write(
            site.path(),
            "about-us/index.html",
            r##"<h1 id="team">Team</h1><a href="#team">Team</a><a href="?page=2">2</a>"##,
        );
        write(
            site.path(),
            "cars/a-car/index.html",
            r##"<div id="vehicle-map"></div><img src="/logo.svg" alt="">"##,
        );
        write(site.path(), "logo.svg", "<svg/>");
        write(site.path(), "assets/app-1.js", "");
        write(site.path(), ".forecourt/manifest.json", "{}");
        write(media.path(), "car-1.svg", "<svg/>");
        (site, media)
    }

    fn check(home_links: &str) -> Result<usize, Vec<String>> {
        check_with_pages(home_links, &[])
    }

    /// [`check`] of a site that also has `pages` (path under the site, body).
    fn check_with_pages(home_links: &str, pages: &[(&str, &str)]) -> Result<usize, Vec<String>> {
        let dealer = dealer();
        let (site, media) = site(home_links);
        for (rel, body) in pages {
            write(site.path(), rel, body);
        }
        LinkCheck {
            dealer: &dealer,
            site: site.path(),
            media: Some(media.path()),
        }
        .run()
    }

    #[test]
    fn links_to_published_pages_assets_anchors_media_and_the_api_pass() {
        let links = [
            "/",
            "/#main",
            "#main",
            "/about-us/",
            "/about-us#team",
            "/cars/a-car#vehicle-map",
            "/assets/app-1.js",
            "/logo.svg",
            "/media/car-1.svg",
            "/img/w_320,q_75/site/logo.svg",
            "/img/w_320,q_75/site/media/car-1.svg",
            "/img/w_640,q_75/https/cdn.example.com/a.jpg",
            "/api/search?make=Toyota",
            "/cars/a-car/autogauge",
            "https://example.com/x",
            "tel:0755551234",
            "mailto:sales@example.com",
            "//cdn.example.com/x.js",
            "?sort=price",
            "#",
        ];
        let html: String = links
            .iter()
            .map(|l| format!(r##"<a href="{}">x</a>"##, l.replace('&', "&amp;")))
            .collect();
        let checked = check(&html).unwrap_or_else(|e| panic!("{e:#?}"));
        // The home page's links and its link to about-us, about-us's two, the car page's one.
        assert_eq!(checked, links.len() + 1 + 2 + 1);
    }

    #[test]
    fn entities_in_attribute_values_are_decoded() {
        assert_eq!(
            decode_entities("&#x2f;assets&#x2F;a.js?a=1&amp;b=2&#39;&bogus;"),
            "/assets/a.js?a=1&b=2'&bogus;"
        );
        // A renderer writes `/` as `&#x2f;`: still the published asset.
        assert!(check(r##"<script src="&#x2f;assets&#x2f;app-1.js"></script>"##).is_ok());
    }

    #[test]
    fn dead_pages_anchors_media_and_image_paths_are_each_named() {
        let errors = check(concat!(
            r##"<a href="/nowhere">a</a><a href="/cars/a-car#no-such-id">b</a>"##,
            r##"<a href="#gone">c</a><img src="/media/none.svg"><img src="/img/w_999,q_75/site/logo.svg">"##,
            r##"<img src="/img/w_320,q_75/site/missing.svg"><a href="relative/path">d</a>"##,
            r##"<a data-href="/ignored-data-attribute">e</a>"##,
        ))
        .expect_err("dead links");
        let want = [
            "dead link /nowhere on 1 page (/): this build publishes no nowhere/index.html; made by the page itself, not by a config key.",
            "dead link /cars/a-car#no-such-id on 1 page (/): /cars/a-car has no element with id=\"no-such-id\"",
            "dead link #gone on 1 page (/): / has no element with id=\"gone\"",
            "dead link /media/none.svg on 1 page (/): the feed's media folder has no none.svg",
            "dead link /img/w_999,q_75/site/logo.svg on 1 page (/): not an image service path: width 999",
            "dead link /img/w_320,q_75/site/missing.svg on 1 page (/): this build publishes no missing.svg",
            "dead link relative/path on 1 page (/): a relative link",
        ];
        for want in want {
            assert!(
                errors.iter().any(|e| e.starts_with(want)),
                "{want}\nnot in {errors:#?}"
            );
        }
        assert_eq!(errors.len(), 7, "{errors:#?}");
        assert!(errors
            .iter()
            .all(|e| e.ends_with("The site is not published.")));
    }

    /// A link resolved once for the whole site is still reported on every page carrying it.
    #[test]
    fn a_dead_link_on_several_pages_names_each_page() {
        let errors = check_with_pages(
            r##"<a href="/nowhere">a</a>"##,
            &[(
                "cars/a-car/index.html",
                r##"<div id="vehicle-map"></div><a href="/nowhere">a</a>"##,
            )],
        )
        .expect_err("dead link");
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].starts_with("dead link /nowhere on 2 pages (/cars/a-car, /):"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn a_dead_link_of_a_switched_off_feature_names_the_switch() {
        let errors = check(r##"<a href="/vehicle-parts-and-accessories">Parts</a>"##)
            .expect_err("the parts order form is not published");
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].contains("made by menus.footer[2].links[1].url (the platform default: dealers/fixture-toyota/dealer.toml does not set menus); the page is built only with features.parts_orders = true in dealers/fixture-toyota/dealer.toml"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn a_link_many_pages_carry_is_one_error_naming_a_few_of_them() {
        let paths: Vec<String> = (0..5).map(|i| format!("p{i}/index.html")).collect();
        let pages: Vec<(&str, &str)> = paths
            .iter()
            .map(|path| (path.as_str(), r##"<a href="/gone">x</a>"##))
            .collect();
        let errors = check_with_pages("", &pages).expect_err("dead");
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].starts_with("dead link /gone on 5 pages (/p0, /p1, /p2, ...)"),
            "{}",
            errors[0]
        );
    }
}
