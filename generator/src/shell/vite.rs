//! The Vite client manifest (`frontend/build/client/.vite/manifest.json`): which script,
//! stylesheets and preloads belong to the hydration entry of each page kind.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::ShellError;

#[derive(Debug, Clone, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default)]
    imports: Vec<String>,
}

/// The parsed Vite manifest.
#[derive(Debug, Clone)]
pub struct ViteManifest {
    chunks: BTreeMap<String, Chunk>,
}

/// The manifest key of the script every page loads first (`frontend/src/boot.ts`): it
/// loads the page's entry and chunks once the page's largest image is in.
const BOOT: &str = "src/boot.ts";

/// The URLs the document of one page kind loads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryAssets {
    /// The boot module (`<script type="module">`), the same for every kind.
    pub boot: String,
    /// The kind's hydration entry, which boot imports.
    pub script: String,
    /// Stylesheets of the entry and of every chunk it imports, in import order.
    pub css: Vec<String>,
    /// Chunks the entry imports, which boot preloads beside it.
    pub preloads: Vec<String>,
}

impl ViteManifest {
    /// Reads the manifest file.
    pub fn read(path: &Path) -> Result<ViteManifest, ShellError> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            ShellError(format!(
                "cannot read the Vite manifest {}: {e}",
                path.display()
            ))
        })?;
        ViteManifest::parse(&text).map_err(|e| ShellError(format!("{}: {e}", path.display())))
    }

    /// Parses manifest JSON.
    pub fn parse(text: &str) -> Result<ViteManifest, ShellError> {
        let chunks = serde_json::from_str(text)
            .map_err(|e| ShellError(format!("not a Vite manifest: {e}")))?;
        Ok(ViteManifest { chunks })
    }

    /// The assets of the hydration entry `src/entries/<kind>.tsx`.
    pub fn entry(&self, kind: &str) -> Result<EntryAssets, ShellError> {
        let key = format!("src/entries/{kind}.tsx");
        let entry = self.chunks.get(&key).ok_or_else(|| {
            ShellError(format!(
                "the frontend build has no hydration entry {key} for \"{kind}\" pages (add frontend/{key} and rebuild)"
            ))
        })?;
        let boot = self.chunks.get(BOOT).ok_or_else(|| {
            ShellError(format!(
                "the frontend build has no boot script {BOOT} (it is an input of frontend/vite.config.ts)"
            ))
        })?;
        let mut assets = EntryAssets {
            boot: url(&boot.file),
            script: url(&entry.file),
            css: Vec::new(),
            preloads: Vec::new(),
        };
        let mut seen = HashSet::new();
        self.collect(entry, &mut assets, &mut seen);
        Ok(assets)
    }

    fn collect(&self, chunk: &Chunk, assets: &mut EntryAssets, seen: &mut HashSet<String>) {
        for import in &chunk.imports {
            if !seen.insert(import.clone()) {
                continue;
            }
            if let Some(imported) = self.chunks.get(import) {
                assets.preloads.push(url(&imported.file));
                self.collect(imported, assets, seen);
            }
        }
        for css in &chunk.css {
            let css = url(css);
            if !assets.css.contains(&css) {
                assets.css.push(css);
            }
        }
    }
}

fn url(file: &str) -> String {
    format!("/{}", file.trim_start_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"{
      "src/boot.ts": { "file": "assets/boot-1.js", "isEntry": true },
      "src/entries/vehicle.tsx": { "file": "assets/vehicle-2.js", "isEntry": true,
        "css": ["assets/vehicle-3.css"], "imports": ["_layout.js", "_card.js"] },
      "_layout.js": { "file": "assets/layout-4.js", "css": ["assets/layout-5.css"] },
      "_card.js": { "file": "assets/card-6.js", "imports": ["_layout.js"] }
    }"#;

    #[test]
    fn an_entry_is_booted_with_its_chunks_and_every_stylesheet_in_the_head() {
        let assets = ViteManifest::parse(MANIFEST)
            .expect("manifest")
            .entry("vehicle")
            .expect("entry");
        assert_eq!(
            assets,
            EntryAssets {
                boot: "/assets/boot-1.js".into(),
                script: "/assets/vehicle-2.js".into(),
                css: vec![
                    "/assets/layout-5.css".into(),
                    "/assets/vehicle-3.css".into()
                ],
                preloads: vec!["/assets/layout-4.js".into(), "/assets/card-6.js".into()],
            }
        );
    }

    #[test]
    fn a_build_without_the_entry_or_the_boot_script_says_what_to_add() {
        let manifest = ViteManifest::parse(MANIFEST).expect("manifest");
        let missing = manifest.entry("home").expect_err("no home entry");
        assert!(
            missing
                .to_string()
                .contains("add frontend/src/entries/home.tsx"),
            "{missing}"
        );
        let without_boot = ViteManifest::parse(
            r#"{ "src/entries/home.tsx": { "file": "assets/home-1.js", "isEntry": true } }"#,
        )
        .expect("manifest")
        .entry("home")
        .expect_err("no boot");
        assert!(
            without_boot.to_string().contains("src/boot.ts"),
            "{without_boot}"
        );
    }
}
