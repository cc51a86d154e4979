//! The dead-link check: before a dealer's staged site is swapped in, every internal
//! `href` and `src` of every page is resolved against the files about to be published
//! (the staging folder) and, for `#fragment`s, against the `id`s of the page they name.
//! A site with a dead link is not published; the error names the link, the pages that
//! carry it and the dealer config key that made it.
//!
//! A rebuild reads only the pages that changed: every root link of the site and the pages
//! carrying it are recorded with the site (`.forecourt/links.tsv`), and the recorded links
//! of the unchanged pages are resolved again against the staged files, so a page that
//! did not change but links to a car removed since (or to an `id` a changed page dropped)
//! is still caught, without being read. A first or `--full` build reads every page.
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

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

use domain::config::Dealer;
use domain::routes::route_for;
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
    // Which page the link was meant to reach, or that no page of any site has its shape
    // (a typing slip rather than a page this build did not publish).
    let trimmed = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    if path.starts_with('/') && !path.starts_with("/api/") && !path.contains('.') {
        origin.push_str(&match route_for(dealer, trimmed) {
            Some(route) => format!(
                "; it has the shape of {} ({} page)",
                route.pattern,
                route.kind.as_str()
            ),
            None => "; no page of a site has that shape (the routes are listed in docs/routes.md)"
                .to_string(),
        });
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

/// `%XX` escapes of a path decoded (invalid escapes kept, as the file service reads them).
fn percent_decode(path: &str) -> String {
    percent_encoding::percent_decode_str(path)
        .decode_utf8_lossy()
        .into_owned()
}

/// The values of every `name="..."` attribute of a document (`name` is `href`, `src` or
/// `id`; the renderers quote attributes with `"`), entities decoded.
fn attributes<'a>(html: &'a str, name: &'a str) -> impl Iterator<Item = String> + 'a {
    // Every changed page is scanned three times: memchr's vectorised search, not str::find.
    let needle = memchr::memmem::Finder::new(format!("{name}=\"").as_bytes()).into_owned();
    let bytes = html.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let at = from + needle.find(&bytes[from..])?;
        let start = at + needle.needle().len();
        from = start;
        // An attribute, not the tail of another name (`data-href`, `srcset`...).
        let before = html[..at].chars().next_back();
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let end = start + memchr::memchr(b'"', &bytes[start..])?;
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

/// What an incremental check knows of the live site the staged one replaces.
pub struct Since<'a> {
    /// The live site: its link record ([`LINKS_FILE`]) is the last check's.
    pub live: &'a Path,
    /// Outputs whose content differs from the live site's (new ones included).
    pub changed: &'a BTreeSet<String>,
}

/// What a check did: the links it resolved, the pages it read, and the link record of the
/// staged site for the next build's incremental check.
pub struct Checked {
    /// Links resolved (every link of every page read, and each recorded link re-resolved).
    pub links: usize,
    /// Pages read from the staging folder (an incremental check reads only changed ones).
    pub pages_read: usize,
    /// Whether the check was incremental (a live link record was there to start from).
    pub incremental: bool,
    record: LinkRecord,
}

impl Checked {
    /// Writes the link record into the site's build records, for the next check.
    pub fn write_record(&self, site: &Path) -> std::io::Result<()> {
        let path = site.join(META_DIR).join(LINKS_FILE);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, self.record.to_text())
    }
}

/// File name of the link record inside the site's build records.
pub const LINKS_FILE: &str = "links.tsv";

/// Every root link of a site (`/...`, not `//host`) and the pages carrying it: what an
/// incremental check needs to re-resolve the links of pages it does not read. The text
/// form is a header line, one line per page (`P\t<output>`, pages in path order), then
/// one line per link (`L\t<link>\t<page numbers as ranges, a-b,c>`), the link escaped.
#[derive(Debug, Default, PartialEq)]
struct LinkRecord {
    pages: Vec<String>,
    links: BTreeMap<String, Vec<u32>>,
}

const RECORD_HEADER: &str = "forecourt-links 1";

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

impl LinkRecord {
    fn to_text(&self) -> String {
        let mut text = String::with_capacity(64 * (self.pages.len() + self.links.len()));
        text.push_str(RECORD_HEADER);
        text.push('\n');
        for page in &self.pages {
            text.push_str("P\t");
            text.push_str(&escape(page));
            text.push('\n');
        }
        for (link, pages) in &self.links {
            text.push_str("L\t");
            text.push_str(&escape(link));
            text.push('\t');
            let mut i = 0;
            let mut first = true;
            while i < pages.len() {
                let mut j = i;
                while j + 1 < pages.len() && pages[j + 1] == pages[j] + 1 {
                    j += 1;
                }
                if !first {
                    text.push(',');
                }
                first = false;
                if i == j {
                    text.push_str(&pages[i].to_string());
                } else {
                    text.push_str(&format!("{}-{}", pages[i], pages[j]));
                }
                i = j + 1;
            }
            text.push('\n');
        }
        text
    }

    /// The record in `text`; `None` when it is not one (the check is then a full one).
    fn parse(text: &str) -> Option<LinkRecord> {
        let mut lines = text.lines();
        if lines.next()? != RECORD_HEADER {
            return None;
        }
        let mut record = LinkRecord::default();
        for line in lines {
            if let Some(page) = line.strip_prefix("P\t") {
                record.pages.push(unescape(page));
            } else if let Some(rest) = line.strip_prefix("L\t") {
                let (link, ranges) = rest.rsplit_once('\t')?;
                let mut pages = Vec::new();
                for range in ranges.split(',').filter(|r| !r.is_empty()) {
                    let (a, b) = match range.split_once('-') {
                        Some((a, b)) => (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?),
                        None => {
                            let a = range.parse::<u32>().ok()?;
                            (a, a)
                        }
                    };
                    if b < a || b as usize >= record.pages.len() {
                        return None;
                    }
                    pages.extend(a..=b);
                }
                record.links.insert(unescape(link), pages);
            } else {
                return None;
            }
        }
        Some(record)
    }

    fn read(site: &Path) -> Option<LinkRecord> {
        let text = std::fs::read_to_string(site.join(META_DIR).join(LINKS_FILE)).ok()?;
        LinkRecord::parse(&text)
    }
}

/// A link of a page that resolves nowhere: the link, the pages carrying it, and why.
type Dead = BTreeMap<(String, Problem), Vec<String>>;

/// Pages named in an error for a link many pages carry.
const PAGES_NAMED: usize = 3;

/// Whether a link is one the record keeps: a root path, resolved the same on every page.
fn is_root(link: &str) -> bool {
    let trimmed = link.trim();
    trimmed.starts_with('/') && !trimmed.starts_with("//")
}

/// The last check's record and, by its page numbers, the new number of each page kept
/// unread (`None`: read again, or gone).
type Kept = (LinkRecord, Vec<Option<u32>>);

/// The lookups one check shares between the pages it reads and the links it re-resolves.
struct Resolver<'a> {
    files: &'a BTreeSet<String>,
    ids: HashMap<String, BTreeSet<String>>,
    /// A root link resolves the same on every page, and the header, footer and cards
    /// repeat most of them on thousands of pages: each is resolved once.
    resolved: HashMap<String, Option<Problem>>,
    /// Pages whose `id`s the last check saw and that have not changed since (an
    /// incremental check): a fragment into one of them that resolved then still does.
    trusted: Option<&'a dyn Fn(&str) -> bool>,
}

impl LinkCheck<'_> {
    /// Checks every page; `Ok(links checked)`, or one error per dead link (without the
    /// dealer's slug: the caller prefixes it).
    pub fn run(&self) -> Result<usize, Vec<String>> {
        self.check(None).map(|checked| checked.links)
    }

    /// Checks the staged site. With `since` and the live site's link record, only the
    /// pages that changed are read; the recorded links of the others are re-resolved
    /// against the staged files (what disappeared, a removed car's page or a changed
    /// page's `id`s, shows there) without reading them. Without either, every page is read.
    pub fn check(&self, since: Option<&Since<'_>>) -> Result<Checked, Vec<String>> {
        let files = site_files(self.site).map_err(|e| {
            vec![format!(
                "cannot list the staged site {} for the link check: {e}",
                self.site.display()
            )]
        })?;
        let pages: Vec<&String> = files.iter().filter(|f| f.ends_with(".html")).collect();
        let previous = since.and_then(|s| LinkRecord::read(s.live).map(|r| (s, r)));
        // Pages to read: all of them, or those changed or not in the last record.
        let (to_read, kept): (Vec<bool>, Option<Kept>) = match previous {
            None => (vec![true; pages.len()], None),
            Some((since, old)) => {
                let at: HashMap<&str, u32> = pages
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (p.as_str(), i as u32))
                    .collect();
                let recorded: BTreeSet<&str> = old.pages.iter().map(String::as_str).collect();
                let read = pages
                    .iter()
                    .map(|p| since.changed.contains(*p) || !recorded.contains(p.as_str()))
                    .collect::<Vec<bool>>();
                // Old page number -> new, for the pages kept unread.
                let map: Vec<Option<u32>> = old
                    .pages
                    .iter()
                    .map(|p| at.get(p.as_str()).copied().filter(|&i| !read[i as usize]))
                    .collect();
                (read, Some((old, map)))
            }
        };
        let unread: HashSet<&str> = pages
            .iter()
            .zip(&to_read)
            .filter(|(_, read)| !**read)
            .map(|(p, _)| p.as_str())
            .collect();
        let trust = |file: &str| unread.contains(file);
        let mut resolver = Resolver {
            files: &files,
            ids: HashMap::new(),
            resolved: HashMap::new(),
            trusted: None,
        };
        let mut dead: Dead = BTreeMap::new();
        let mut checked = 0;
        let mut pages_read = 0;
        let mut record = LinkRecord {
            pages: pages.iter().map(|p| p.to_string()).collect(),
            links: BTreeMap::new(),
        };
        for (number, page) in pages.iter().enumerate() {
            if !to_read[number] {
                continue;
            }
            let html = std::fs::read_to_string(self.site.join(page))
                .map_err(|e| vec![format!("cannot read {page} for the link check: {e}")])?;
            pages_read += 1;
            let links: Vec<String> = attributes(&html, "href")
                .chain(attributes(&html, "src"))
                .collect();
            resolver
                .ids
                .entry(page.to_string())
                .or_insert_with(|| attributes(&html, "id").collect());
            for link in links {
                checked += 1;
                let root = is_root(&link);
                let problem = self.resolve(&link, page, root, &mut resolver);
                if root {
                    let carriers = record.links.entry(link.clone()).or_default();
                    if carriers.last() != Some(&(number as u32)) {
                        carriers.push(number as u32);
                    }
                }
                if let Some(problem) = problem {
                    dead.entry((link, problem)).or_default().push(url_of(page));
                }
            }
        }
        let incremental = kept.is_some();
        if let Some((old, map)) = kept {
            // The links of the pages not read, as the last check recorded them: each is
            // resolved again against the staged files; a fragment into a page that did
            // not change is taken as resolved (it did then).
            resolver.trusted = Some(&trust);
            for (link, carriers) in old.links {
                let unread: Vec<u32> = carriers
                    .iter()
                    .filter_map(|&old| map.get(old as usize).copied().flatten())
                    .collect();
                if unread.is_empty() {
                    continue;
                }
                checked += 1;
                if let Some(problem) = self.resolve(&link, "", true, &mut resolver) {
                    let named = dead.entry((link.clone(), problem)).or_default();
                    named.extend(unread.iter().map(|&n| url_of(pages[n as usize])));
                }
                let all = record.links.entry(link).or_default();
                all.extend(unread);
                all.sort_unstable();
                all.dedup();
            }
        }
        if dead.is_empty() {
            return Ok(Checked {
                links: checked,
                pages_read,
                incremental,
                record,
            });
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

    /// [`Self::problem`] of a link, a root link's answer kept for the rest of the check.
    fn resolve(
        &self,
        link: &str,
        page: &str,
        root: bool,
        resolver: &mut Resolver<'_>,
    ) -> Option<Problem> {
        if root {
            if let Some(known) = resolver.resolved.get(link) {
                return known.clone();
            }
        }
        let found = self.problem(link, page, resolver);
        if root {
            resolver.resolved.insert(link.to_string(), found.clone());
        }
        found
    }

    /// Why `link` on `page` resolves nowhere, or `None` when it resolves (or is not the
    /// site's to check: see the module's list).
    fn problem(&self, link: &str, page: &str, resolver: &mut Resolver<'_>) -> Option<Problem> {
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
                    ImageSource::Site(source) => self.problem(&source, page, resolver),
                    ImageSource::Remote { .. } => None,
                },
            };
        } else if let Some(car) = autogauge_car(path) {
            file_of(&format!("/cars/{car}"))
        } else {
            file_of(path)
        };
        if !resolver.files.contains(&file) {
            return Some(Problem::NoFile(file));
        }
        let fragment = fragment.map(percent_decode).filter(|f| !f.is_empty())?;
        if !file.ends_with(".html") {
            return None;
        }
        if resolver.trusted.is_some_and(|trusted| trusted(&file)) {
            return None;
        }
        let ids = &mut resolver.ids;
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
            "dead link /nowhere on 1 page (/): this build publishes no nowhere/index.html; made by the page itself, not by a config key; no page of a site has that shape (the routes are listed in docs/routes.md).",
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
    fn a_dead_link_names_the_route_it_has_the_shape_of() {
        let errors = check(r##"<a href="/cars/a-sold-car">gone</a>"##).expect_err("dead link");
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].contains("; it has the shape of /cars/{slug} (vehicle page)."),
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

    /// A full check of `site`, its link record written there as a live site's would be.
    fn full_check_recorded(site: &Path, media: &Path) -> Checked {
        let dealer = dealer();
        let checked = LinkCheck {
            dealer: &dealer,
            site,
            media: Some(media),
        }
        .check(None)
        .unwrap_or_else(|e| panic!("{e:#?}"));
        checked.write_record(site).expect("record");
        checked
    }

    fn check_since(site: &Path, media: &Path, changed: &[&str]) -> Result<Checked, Vec<String>> {
        let dealer = dealer();
        let changed: BTreeSet<String> = changed.iter().map(|c| c.to_string()).collect();
        LinkCheck {
            dealer: &dealer,
            site,
            media: Some(media),
        }
        .check(Some(&Since {
            live: site,
            changed: &changed,
        }))
    }

    #[test]
    fn a_rebuild_reads_only_changed_pages_and_finds_a_car_removed_under_an_unchanged_page() {
        let (site, media) = site(r##"<a href="/cars/a-car">A car</a><a href="/cars/b-car">B</a>"##);
        write(site.path(), "cars/b-car/index.html", r##"<p id="b">B</p>"##);
        let full = full_check_recorded(site.path(), media.path());
        assert_eq!((full.pages_read, full.incremental), (4, false));

        // Nothing changed: no page is read, every recorded link still resolves.
        let none = check_since(site.path(), media.path(), &[]).unwrap_or_else(|e| panic!("{e:#?}"));
        assert_eq!((none.pages_read, none.incremental), (0, true));
        assert_eq!(none.record, full.record);

        // The car's page is gone and only about-us changed: the home page, not read, is
        // named for its link to the removed car.
        std::fs::remove_dir_all(site.path().join("cars/a-car")).expect("remove car");
        write(
            site.path(),
            "about-us/index.html",
            r##"<h1 id="team">Team</h1><a href="/about-us#team">Team</a>"##,
        );
        let errors = match check_since(site.path(), media.path(), &["about-us/index.html"]) {
            Ok(checked) => panic!(
                "the dead link went unseen ({} pages read)",
                checked.pages_read
            ),
            Err(errors) => errors,
        };
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].starts_with("dead link /cars/a-car on 1 page (/): this build publishes no cars/a-car/index.html"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn a_rebuild_finds_an_anchor_a_changed_page_dropped_under_an_unchanged_page() {
        let (site, media) = site(r##"<a href="/about-us#team">Team</a>"##);
        full_check_recorded(site.path(), media.path());
        write(
            site.path(),
            "about-us/index.html",
            r##"<h1 id="staff">Staff</h1>"##,
        );
        let errors = check_since(site.path(), media.path(), &["about-us/index.html"])
            .err()
            .expect("dead anchor");
        assert!(
            errors.len() == 1 && errors[0].starts_with("dead link /about-us#team on 1 page (/): /about-us has no element with id=\"team\""),
            "{errors:#?}"
        );
        // A changed page's new links are checked as in a full check.
        write(
            site.path(),
            "about-us/index.html",
            r##"<h1 id="team">Team</h1><a href="/gone">x</a>"##,
        );
        let checked = check_since(site.path(), media.path(), &["about-us/index.html"]);
        let errors = checked.err().expect("dead link on the changed page");
        assert!(
            errors[0].starts_with("dead link /gone on 1 page (/about-us)"),
            "{errors:#?}"
        );
    }

    #[test]
    fn a_rebuild_without_a_record_reads_every_page() {
        let (site, media) = site("");
        let checked =
            check_since(site.path(), media.path(), &[]).unwrap_or_else(|e| panic!("{e:#?}"));
        assert_eq!((checked.pages_read, checked.incremental), (3, false));
    }

    #[test]
    fn the_link_record_reads_back_as_written() {
        let record = LinkRecord {
            pages: vec![
                "a\tb/index.html".into(),
                "index.html".into(),
                "x/index.html".into(),
            ],
            links: BTreeMap::from([
                ("/".to_string(), vec![0, 1, 2]),
                ("/a\\b\nc".to_string(), vec![0, 2]),
            ]),
        };
        let text = record.to_text();
        assert!(text.contains("L\t/\t0-2\n"), "{text}");
        assert_eq!(LinkRecord::parse(&text), Some(record));
        assert_eq!(LinkRecord::parse("forecourt-links 1\nL\t/\t0\n"), None);
        assert_eq!(LinkRecord::parse("something else\n"), None);
    }
}
