//! The build manifest of one dealer's site (`dist/<slug>/.forecourt/manifest.json`):
//! the content hash of every output and the stock count the build accepted.
//!
//! The next build renders only pages whose hash changed and compares its stock count
//! with [`BuildManifest::stock_count`] (the feed sanity guard).

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Folder inside a site that holds the build metadata (shared with `publish`).
pub use crate::publish::META_DIR;
/// File name of the manifest inside [`META_DIR`].
pub const MANIFEST_FILE: &str = "manifest.json";
/// File name of the changed-paths list inside [`META_DIR`].
pub const CHANGED_FILE: &str = "changed.txt";
/// Version of the manifest format; a manifest of another version is ignored (full build).
pub const MANIFEST_VERSION: u32 = 1;

/// What a successful build of one dealer recorded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildManifest {
    /// Format version ([`MANIFEST_VERSION`]).
    pub version: u32,
    /// Stock the build accepted after the dealer's stock filters.
    pub stock_count: usize,
    /// When the build ran (RFC 3339).
    pub built_at: String,
    /// Output path relative to the site (e.g. `cars/abc/index.html`) -> content hash.
    pub outputs: BTreeMap<String, String>,
    /// Digest of everything the site and its search index were made from
    /// (`pipeline::inputs_digest`), recorded once both are live; `None` until then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<String>,
    /// Each car's pages by the car's page path, with the digest of what they were made
    /// from: a rebuild keeps the pages of a car whose digest is the same without making
    /// them again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cars: BTreeMap<String, CarRecord>,
}

/// The pages one car's inputs made ([`BuildManifest::cars`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarRecord {
    /// The digest of everything the car's pages were made from.
    pub key: String,
    /// The car's pages, as the sitemap lists them.
    pub pages: Vec<crate::pipeline::Listed>,
}

impl BuildManifest {
    /// Path of the manifest of the site in `site_dir`.
    pub fn path(site_dir: &Path) -> PathBuf {
        site_dir.join(META_DIR).join(MANIFEST_FILE)
    }

    /// The manifest of the live site in `site_dir`; `None` when there is none, it does
    /// not parse, or it has another format version (the build is then a full one).
    pub fn read(site_dir: &Path) -> Option<BuildManifest> {
        let text = std::fs::read_to_string(BuildManifest::path(site_dir)).ok()?;
        let manifest: BuildManifest = serde_json::from_str(&text).ok()?;
        (manifest.version == MANIFEST_VERSION).then_some(manifest)
    }

    /// Writes the manifest into `site_dir`.
    pub fn write(&self, site_dir: &Path) -> io::Result<()> {
        let path = BuildManifest::path(site_dir);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let json = serde_json::to_vec_pretty(self).map_err(io::Error::other)?;
        std::fs::write(path, json)
    }
}

/// The content hash of one output: blake3 over every input that shapes it, each
/// length-prefixed so two different input lists never hash alike.
pub fn content_hash(parts: &[&[u8]]) -> String {
    let mut hasher = blake3::Hasher::new();
    for part in parts {
        hasher.update(&(part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    hasher.finalize().to_hex().to_string()
}

/// The blake3 digest of `value` serialized as JSON, streamed into the hasher (no JSON
/// text is kept): a part for [`content_hash`].
pub fn json_digest<T: serde::Serialize + ?Sized>(value: &T) -> Result<[u8; 32], serde_json::Error> {
    use std::io::Write;
    let mut hasher = blake3::Hasher::new();
    // serde_json writes token by token: buffered, the hasher sees few large updates.
    let mut buffered = std::io::BufWriter::with_capacity(16 * 1024, &mut hasher);
    serde_json::to_writer(&mut buffered, value)?;
    buffered.flush().map_err(serde_json::Error::io)?;
    drop(buffered);
    Ok(*hasher.finalize().as_bytes())
}

/// The URL path an output file is served at (`cars/abc/index.html` -> `/cars/abc`,
/// `index.html` -> `/`, `404.html` -> `/404.html`): the paths CDN invalidation needs.
pub fn url_of_output(output: &str) -> String {
    if output == "index.html" {
        "/".to_string()
    } else if let Some(dir) = output.strip_suffix("/index.html") {
        format!("/{dir}")
    } else {
        format!("/{output}")
    }
}

/// The output file of a page path (`/` -> `index.html`, `/404` -> `404.html`,
/// `/cars/abc` -> `cars/abc/index.html`).
pub fn output_of_path(path: &str) -> String {
    let trimmed = path.trim_matches('/');
    if trimmed.is_empty() {
        "index.html".to_string()
    } else if trimmed == "404" {
        "404.html".to_string()
    } else {
        format!("{trimmed}/index.html")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_and_urls_round_trip() {
        assert_eq!(output_of_path("/"), "index.html");
        assert_eq!(output_of_path("/404"), "404.html");
        assert_eq!(output_of_path("/cars/abc"), "cars/abc/index.html");
        assert_eq!(url_of_output("cars/abc/index.html"), "/cars/abc");
        assert_eq!(url_of_output("index.html"), "/");
        assert_eq!(url_of_output("sitemap.xml"), "/sitemap.xml");
    }

    #[test]
    fn content_hash_separates_parts() {
        assert_ne!(content_hash(&[b"ab", b"c"]), content_hash(&[b"a", b"bc"]));
        assert_eq!(content_hash(&[b"x"]), content_hash(&[b"x"]));
    }

    #[test]
    fn a_json_digest_is_the_digest_of_the_json_text() {
        let value = serde_json::json!({"a": [1, "two"], "b": null});
        let text = serde_json::to_vec(&value).expect("json");
        assert_eq!(
            json_digest(&value).expect("digest"),
            *blake3::hash(&text).as_bytes()
        );
    }
}
