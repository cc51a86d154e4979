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

/// The URLs the document of one page kind loads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryAssets {
    /// The entry module (`<script type="module">`).
    pub script: String,
    /// Stylesheets of the entry and of every chunk it imports, in import order.
    pub css: Vec<String>,
    /// Chunks the entry imports (`<link rel="modulepreload">`).
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
        let mut assets = EntryAssets {
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
