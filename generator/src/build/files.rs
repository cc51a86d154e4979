//! File-system side of a build: hard links with a copy fallback, sitemap and robots,
//! and the staging folder that is swapped in only when a dealer's build succeeded.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use domain::view::{Page, PageKind};
use rayon::prelude::*;
use walkdir::WalkDir;

use crate::shell::SiteHead;

/// Hard-links `from` to `to` (creating parent folders), copying when linking is not
/// possible (another file system). Outputs are never modified in place, so a link
/// shared with the live site is safe.
pub fn link_or_copy(from: &Path, to: &Path) -> io::Result<()> {
    if let Some(parent) = to.parent() {
        fs::create_dir_all(parent)?;
    }
    if to.exists() {
        fs::remove_file(to)?;
    }
    match fs::hard_link(from, to) {
        Ok(()) => Ok(()),
        Err(_) => fs::copy(from, to).map(|_| ()),
    }
}

/// Writes `bytes` to `path`, creating parent folders.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, bytes)
}

/// Mirrors every file under `from` into `to` with [`link_or_copy`], skipping paths for
/// which `skip` (given the relative path) is true. Returns the relative paths linked.
pub fn link_tree(from: &Path, to: &Path, skip: impl Fn(&Path) -> bool) -> io::Result<Vec<String>> {
    let mut linked = Vec::new();
    for entry in WalkDir::new(from).into_iter() {
        let entry = entry.map_err(io::Error::other)?;
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry.path().strip_prefix(from).map_err(io::Error::other)?;
        if skip(rel) {
            continue;
        }
        link_or_copy(entry.path(), &to.join(rel))?;
        linked.push(rel.to_string_lossy().replace('\\', "/"));
    }
    Ok(linked)
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

/// sitemap.xml: the absolute URL of every page with `in_sitemap`, in page order.
pub fn sitemap(site: &SiteHead, pages: &[Page]) -> String {
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
pub fn robots(site: &SiteHead, pages: &[Page]) -> String {
    let mut txt = String::from("User-agent: *\n");
    let mut disallowed: Vec<&str> = pages.iter().filter(|p| p.kind == PageKind::Client).map(|p| p.path.as_str()).collect();
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

/// Where a build of `slug` stages its output: `<out>/.staging-<slug>-<pid>`.
pub fn staging_dir(out: &Path, slug: &str) -> PathBuf {
    out.join(format!(".staging-{slug}-{}", std::process::id()))
}

fn old_dir(out: &Path, slug: &str) -> PathBuf {
    out.join(format!(".old-{slug}-{}", std::process::id()))
}

/// Cleans up after an interrupted build of `slug`: removes stale staging folders and,
/// when a swap was cut between its two renames (the live folder is gone, the old one
/// is still there), puts the old site back.
pub fn recover(out: &Path, slug: &str) -> io::Result<()> {
    let live = out.join(slug);
    let Ok(entries) = fs::read_dir(out) else { return Ok(()) };
    let staging_prefix = format!(".staging-{slug}-");
    let old_prefix = format!(".old-{slug}-");
    let mut olds = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_ours = |prefix: &str| name.strip_prefix(prefix).is_some_and(|pid| pid.chars().all(|c| c.is_ascii_digit()));
        if is_ours(&staging_prefix) {
            fs::remove_dir_all(entry.path())?;
        } else if is_ours(&old_prefix) {
            olds.push(entry.path());
        }
    }
    for old in olds {
        if live.exists() {
            fs::remove_dir_all(&old)?;
        } else {
            fs::rename(&old, &live)?;
        }
    }
    Ok(())
}

/// Swaps `staging` in as `<out>/<slug>`: the live folder is renamed away, the staging
/// folder renamed in, then the old one removed. Each rename is atomic, so the site is
/// either the old or the new one; [`recover`] repairs a swap cut between the two.
pub fn swap_in(out: &Path, slug: &str, staging: &Path) -> io::Result<()> {
    let live = out.join(slug);
    if live.exists() {
        let old = old_dir(out, slug);
        fs::rename(&live, &old)?;
        if let Err(e) = fs::rename(staging, &live) {
            fs::rename(&old, &live)?;
            return Err(e);
        }
        remove_tree(&old)
    } else {
        fs::rename(staging, &live)
    }
}

/// Removes the folder `dir` and everything in it, the folders two levels down (a page
/// each, `cars/<slug>/`) on every core.
pub fn remove_tree(dir: &Path) -> io::Result<()> {
    let mut folders = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            for inner in fs::read_dir(entry.path())? {
                folders.push(inner?.path());
            }
        }
    }
    folders.par_iter().filter(|path| path.is_dir()).map(fs::remove_dir_all).collect::<io::Result<()>>()?;
    fs::remove_dir_all(dir)
}
