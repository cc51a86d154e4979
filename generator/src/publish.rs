//! Publishing a built site to S3 + CloudFront.
//!
//! A deploy is a plan computed from two listings: the files of `dist/<slug>/` now, and the
//! listing written at the last successful publish (`.forecourt/published.json`, kept in
//! the bucket next to the site). Only files whose content hash changed are uploaded, files
//! that left the site are deleted after the new pages are up, and only the viewer paths of
//! changed pages are invalidated. The dry run prints the same plan the deploy executes,
//! so what an operator reviews is exactly what runs.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Folder (inside a site) that holds build metadata.
pub const META_DIR: &str = ".forecourt";
/// File name of the listing of what was last published.
pub const PUBLISHED_FILE: &str = "published.json";
/// Above this many changed paths one wildcard invalidation is cheaper than a list.
pub const MAX_INVALIDATION_PATHS: usize = 100;

/// Content hashes of a site's files, keyed by path relative to the site folder with `/`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listing {
    /// Relative path -> blake3 hex digest of the content.
    pub files: BTreeMap<String, String>,
}

impl Listing {
    /// Reads a listing written by an earlier publish; a missing file is an empty listing
    /// (a first deploy uploads everything).
    pub fn read(path: &Path) -> io::Result<Listing> {
        match fs::read(path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: {e}", path.display()),
                )
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Listing::default()),
            Err(e) => Err(e),
        }
    }

    /// Lists every file under `site_dir` except the build metadata folder.
    pub fn scan(site_dir: &Path) -> io::Result<Listing> {
        let mut files = BTreeMap::new();
        for entry in walkdir::WalkDir::new(site_dir).sort_by_file_name() {
            let entry = entry.map_err(io::Error::other)?;
            if !entry.file_type().is_file() {
                continue;
            }
            let rel = relative_key(site_dir, entry.path());
            if rel.starts_with(&format!("{META_DIR}/")) {
                continue;
            }
            let digest = blake3::hash(&fs::read(entry.path())?).to_hex().to_string();
            files.insert(rel, digest);
        }
        Ok(Listing { files })
    }
}

fn relative_key(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Where a site goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// S3 bucket of the environment.
    pub bucket: String,
    /// Key prefix in the bucket: the dealer slug, or `_media` for the shared media.
    pub prefix: String,
    /// CloudFront distribution id, when paths should be invalidated.
    pub distribution: Option<String>,
}

/// One step of a deploy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operation {
    /// Upload a file.
    Put {
        /// Local file.
        file: PathBuf,
        /// Destination key.
        key: String,
        /// Content-Type header.
        content_type: &'static str,
        /// Cache-Control header.
        cache_control: &'static str,
    },
    /// Remove a key that is no longer part of the site.
    Delete {
        /// Key to remove.
        key: String,
    },
    /// Point a dealer host at its site prefix in the CDN's host map.
    MapHost {
        /// Viewer host, e.g. `www.acme.com.au`.
        host: String,
        /// Site prefix (dealer slug).
        slug: String,
    },
    /// Set a dealer host's pages' Content-Security-Policy in the CDN's policy map (the
    /// sites' viewer-response function sends it; infra/template.yaml `DealerPolicies`).
    SetPolicy {
        /// Viewer host, lower case.
        host: String,
        /// The policy, [`domain::csp::page_csp`] of the dealer.
        csp: String,
    },
    /// Invalidate viewer paths on the CDN.
    Invalidate {
        /// Distribution id.
        distribution: String,
        /// Viewer paths.
        paths: Vec<String>,
    },
}

/// The ordered operations of one publish.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// Operations in execution order: uploads (assets before pages), deletes, listing,
    /// invalidation.
    pub operations: Vec<Operation>,
    /// Files uploaded because they are new or changed.
    pub uploaded: usize,
    /// Keys deleted.
    pub deleted: usize,
    /// Files left alone because their content is unchanged.
    pub unchanged: usize,
}

/// Content type of a site file, from its extension.
pub fn content_type(key: &str) -> &'static str {
    match key.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "woff2" => "font/woff2",
        "ico" => "image/x-icon",
        _ => "application/octet-stream",
    }
}

/// Key prefix of the media shared by every dealer site (served at `/media/*`).
pub const MEDIA_PREFIX: &str = domain::site_files::MEDIA_DIR;
/// Key prefix of the dealers' stock states (`_stock/<slug>.tsv`), outside every site
/// prefix so the CDN never serves them: the API reads them (edge-api `market`).
pub const STOCK_PREFIX: &str = "_stock";
/// Where in a site folder the build writes the dealer's stock state.
pub const STOCK_FILE: &str = "stock.tsv";

/// The bucket key of a dealer's stock state.
pub fn stock_key(slug: &str) -> String {
    format!("{STOCK_PREFIX}/{slug}.tsv")
}

/// Key prefix of the platform's own pages, outside every dealer's prefix.
pub const ERRORS_PREFIX: &str = "_errors";
/// The page CloudFront answers a missing object with: `ResponsePagePath` in
/// infra/template.yaml is `/` followed by this key. CloudFront fetches error pages
/// without running the viewer-request function that maps a host to its dealer's
/// prefix, so this cannot be a dealer's own `404.html`; it is one neutral page.
pub const ERROR_PAGE_KEY: &str = "_errors/404.html";
/// The platform's 404 page: no dealer's name or style (any dealer's visitor may see
/// it), a way back to the home page of the host it was asked on.
pub const PLATFORM_404: &str = r#"<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:4rem 1.5rem;color:#1f2933;background:#fff;text-align:center}
h1{font-size:1.75rem;margin:0 0 1rem}
p{margin:0 0 1.5rem;line-height:1.5}
a{color:#0b57d0}
</style>
</head>
<body>
<main>
<h1>Page not found</h1>
<p>This page could not be found. The car may have been sold, or the address may have changed.</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
"#;

/// Writes the platform's own pages into `dir` (the folder published under
/// [`ERRORS_PREFIX`]), so the object CloudFront's error response names is uploaded by
/// the same plan as everything else.
pub fn write_platform_pages(dir: &Path) -> io::Result<()> {
    let file = ERROR_PAGE_KEY
        .strip_prefix(&format!("{ERRORS_PREFIX}/"))
        .unwrap_or(ERROR_PAGE_KEY);
    fs::create_dir_all(dir)?;
    let path = dir.join(file);
    // Rewritten only when it differs, so an unchanged page keeps its listing entry.
    if fs::read(&path).ok().as_deref() != Some(PLATFORM_404.as_bytes()) {
        fs::write(path, PLATFORM_404)?;
    }
    Ok(())
}
/// Cache-Control of files whose name changes whenever their content does.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache-Control of pages: browsers revalidate after 5 minutes; the CDN keeps them until
/// the deploy invalidates their path.
pub const REVALIDATE: &str = "public, max-age=300, s-maxage=31536000";

/// Cache policy of a file of a target: content-hashed assets and media never change.
pub fn cache_control(prefix: &str, key: &str) -> &'static str {
    if prefix == MEDIA_PREFIX || key.starts_with("assets/") {
        IMMUTABLE
    } else {
        REVALIDATE
    }
}

/// The viewer paths that serve a file of a target: `cars/x/index.html` is `/cars/x` and
/// `/cars/x/`; the home page is `/`; any other file is its own path. The platform's
/// pages are asked for by their bucket key (CloudFront's error page path).
pub fn target_viewer_paths(prefix: &str, key: &str) -> Vec<String> {
    if prefix == ERRORS_PREFIX {
        return vec![format!("/{prefix}/{key}")];
    }
    viewer_paths(key)
}

/// The viewer paths that serve a site file: `cars/x/index.html` is `/cars/x` and
/// `/cars/x/`; the home page is `/`; any other file is its own path.
pub fn viewer_paths(key: &str) -> Vec<String> {
    if key == "index.html" {
        return vec!["/".to_string()];
    }
    if let Some(dir) = key.strip_suffix("/index.html") {
        return vec![format!("/{dir}"), format!("/{dir}/")];
    }
    vec![format!("/{key}")]
}

/// Computes the plan that turns what was published (`previous`) into `current`.
pub fn plan(site_dir: &Path, current: &Listing, previous: &Listing, target: &Target) -> Plan {
    let key_of = |rel: &str| format!("{}/{}", target.prefix, rel);
    let mut plan = Plan::default();
    let mut changed: Vec<&str> = Vec::new();
    for (rel, hash) in &current.files {
        if previous.files.get(rel) == Some(hash) {
            plan.unchanged += 1;
        } else {
            changed.push(rel);
        }
    }
    // Assets and media first, so no uploaded page ever references a missing file.
    changed.sort_by_key(|rel| (rel.ends_with(".html"), *rel));
    let mut invalidate: Vec<String> = Vec::new();
    for rel in &changed {
        plan.operations.push(Operation::Put {
            file: site_dir.join(rel),
            key: key_of(rel),
            content_type: content_type(rel),
            cache_control: cache_control(&target.prefix, rel),
        });
        if previous.files.contains_key(*rel) && cache_control(&target.prefix, rel) == REVALIDATE {
            invalidate.extend(target_viewer_paths(&target.prefix, rel));
        }
    }
    plan.uploaded = changed.len();
    for rel in previous
        .files
        .keys()
        .filter(|rel| !current.files.contains_key(*rel))
    {
        plan.operations.push(Operation::Delete { key: key_of(rel) });
        plan.deleted += 1;
        if cache_control(&target.prefix, rel) == REVALIDATE {
            invalidate.extend(target_viewer_paths(&target.prefix, rel));
        }
    }
    if let Some(distribution) = &target.distribution {
        if !invalidate.is_empty() {
            invalidate.sort();
            invalidate.dedup();
            if invalidate.len() > MAX_INVALIDATION_PATHS {
                invalidate = vec!["/*".to_string()];
            }
            plan.operations.push(Operation::Invalidate {
                distribution: distribution.clone(),
                paths: invalidate,
            });
        }
    }
    plan
}

/// Options of `forecourt publish`.
#[derive(Debug, Clone)]
pub struct PublishOptions {
    /// The built site folder, e.g. `dist/acme-motors`.
    pub site: PathBuf,
    /// Key prefix in the bucket (the dealer slug, or `_media`).
    pub prefix: String,
    /// Bucket name.
    pub bucket: String,
    /// Distribution to invalidate.
    pub distribution: Option<String>,
    /// Listing of the last publish (a missing file means a first deploy).
    pub previous: Option<PathBuf>,
    /// Dealer domains to map to this site in the CDN host map.
    pub hosts: Vec<String>,
    /// The pages' policy of each dealer domain, for the CDN's policy map.
    pub policies: Vec<(String, String)>,
    /// Instead of planning, record the current listing as published.
    pub record: bool,
}

/// Runs `forecourt publish`: returns the plan as shell commands, or records the listing.
/// Publishing [`ERRORS_PREFIX`] first writes the platform's pages into its folder.
pub fn publish(opts: &PublishOptions) -> io::Result<String> {
    if opts.prefix == ERRORS_PREFIX {
        write_platform_pages(&opts.site)?;
    }
    let current = Listing::scan(&opts.site)?;
    if opts.record {
        let meta = opts.site.join(META_DIR);
        fs::create_dir_all(&meta)?;
        let json = serde_json::to_vec_pretty(&current).map_err(io::Error::other)?;
        fs::write(meta.join(PUBLISHED_FILE), json)?;
        return Ok(String::new());
    }
    let previous = match &opts.previous {
        Some(path) => Listing::read(path)?,
        None => Listing::default(),
    };
    let target = Target {
        bucket: opts.bucket.clone(),
        prefix: opts.prefix.clone(),
        distribution: opts.distribution.clone(),
    };
    let mut plan = plan(&opts.site, &current, &previous, &target);
    // Host mappings go before the invalidation so the first request after it routes right.
    let at = plan
        .operations
        .iter()
        .position(|op| matches!(op, Operation::Invalidate { .. }))
        .unwrap_or(plan.operations.len());
    // The first domain is the dealer's primary (its canonical URLs name it); each other
    // host's value also names the primary, which the CDN's router redirects it to.
    let primary = opts.hosts.first().map(|h| h.trim().to_ascii_lowercase());
    let hosts = opts.hosts.iter().map(|host| Operation::MapHost {
        host: host.clone(),
        slug: match &primary {
            Some(primary) if *primary != host.trim().to_ascii_lowercase() => {
                format!("{} {primary}", opts.prefix)
            }
            _ => opts.prefix.clone(),
        },
    });
    // Written on every publish, since a config change alters a policy without changing a page.
    let policies = opts
        .policies
        .iter()
        .map(|(host, csp)| Operation::SetPolicy {
            host: host.to_ascii_lowercase(),
            csp: csp.clone(),
        });
    // The stock state the build wrote goes up after the pages and before their
    // invalidation, on every publish: the API asks for it with If-None-Match, so an
    // unchanged one costs it nothing.
    let stock_file = opts.site.join(META_DIR).join(STOCK_FILE);
    let stock = stock_file.is_file().then(|| Operation::Put {
        file: stock_file.clone(),
        key: stock_key(&opts.prefix),
        content_type: "text/tab-separated-values; charset=utf-8",
        cache_control: "no-store",
    });
    plan.operations
        .splice(at..at, stock.into_iter().chain(hosts).chain(policies));
    Ok(plan.to_shell(&opts.bucket))
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

impl Plan {
    /// The plan as AWS CLI commands, one a line: what the deploy runs and the dry run prints.
    pub fn to_shell(&self, bucket: &str) -> String {
        let mut out = String::new();
        for op in &self.operations {
            match op {
                Operation::Put {
                    file,
                    key,
                    content_type,
                    cache_control,
                } => {
                    let _ = writeln!(
                        out,
                        "aws s3 cp {} {} --content-type {} --cache-control {}",
                        quote(&file.to_string_lossy()),
                        quote(&format!("s3://{bucket}/{key}")),
                        quote(content_type),
                        quote(cache_control)
                    );
                }
                Operation::Delete { key } => {
                    let _ = writeln!(out, "aws s3 rm {}", quote(&format!("s3://{bucket}/{key}")));
                }
                Operation::MapHost { host, slug } => {
                    let _ = writeln!(out, "kvs_put {} {}", quote(host), quote(slug));
                }
                Operation::SetPolicy { host, csp } => {
                    let _ = writeln!(out, "kvs_put_csp {} {}", quote(host), quote(csp));
                }
                Operation::Invalidate {
                    distribution,
                    paths,
                } => {
                    let paths: Vec<String> = paths.iter().map(|p| quote(p)).collect();
                    let _ = writeln!(
                        out,
                        "aws cloudfront create-invalidation --distribution-id {} --paths {}",
                        quote(distribution),
                        paths.join(" ")
                    );
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewer_paths_of_clean_urls() {
        assert_eq!(viewer_paths("index.html"), vec!["/"]);
        assert_eq!(
            viewer_paths("cars/a/index.html"),
            vec!["/cars/a", "/cars/a/"]
        );
        assert_eq!(viewer_paths("sitemap.xml"), vec!["/sitemap.xml"]);
    }

    #[test]
    fn hashed_assets_are_immutable_and_pages_revalidate() {
        assert_eq!(cache_control("acme", "assets/vehicle-3f2a.js"), IMMUTABLE);
        assert_eq!(cache_control("acme", "cars/a/index.html"), REVALIDATE);
        assert_eq!(cache_control("acme", "logo.svg"), REVALIDATE);
        assert_eq!(
            cache_control(MEDIA_PREFIX, "toyota-rav4-white-1.svg"),
            IMMUTABLE
        );
        assert_eq!(
            content_type("cars/a/index.html"),
            "text/html; charset=utf-8"
        );
        assert_eq!(content_type("x.svg"), "image/svg+xml");
    }

    #[test]
    fn shell_quoting_survives_quotes() {
        assert_eq!(quote("it's"), r"'it'\''s'");
    }
}
