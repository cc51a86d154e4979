//! The Vite build of `frontend/`: run when the bundles are missing or older than their
//! sources, then read once per build (worker script, client manifest, bundle hash).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::SystemTime;

use walkdir::WalkDir;

use super::{BuildError, Progress};
use crate::shell::ViteManifest;

/// Serializes frontend builds started from one process (parallel tests, serve rebuilds).
static BUILD_LOCK: Mutex<()> = Mutex::new(());

/// A built frontend, ready for a site build.
#[derive(Debug, Clone)]
pub struct Frontend {
    /// The `frontend/` folder.
    pub dir: PathBuf,
    /// `frontend/build/server/worker.js`, what the pool runs.
    pub worker_script: PathBuf,
    /// `frontend/build/client`: the assets copied into each site.
    pub client_dir: PathBuf,
    /// The parsed client manifest.
    pub vite: ViteManifest,
    /// blake3 over every file of `frontend/build`: part of each page's content hash.
    pub bundle_hash: String,
}

/// Paths inside `frontend/`.
fn worker_script(dir: &Path) -> PathBuf {
    dir.join("build/server/worker.js")
}
fn client_manifest(dir: &Path) -> PathBuf {
    dir.join("build/client/.vite/manifest.json")
}

fn mtime(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The newest modification time of the frontend's sources: everything under `src/`,
/// `package.json`, `package-lock.json`, `index.html` and the Vite/TypeScript configs.
fn newest_source(dir: &Path) -> Option<SystemTime> {
    let mut newest = None;
    let mut consider = |t: Option<SystemTime>| {
        if let Some(t) = t {
            if newest.is_none_or(|n| t > n) {
                newest = Some(t);
            }
        }
    };
    for entry in WalkDir::new(dir.join("src"))
        .into_iter()
        .filter_map(Result::ok)
    {
        if entry.file_type().is_file() {
            consider(entry.metadata().ok().and_then(|m| m.modified().ok()));
        }
    }
    for file in [
        "package.json",
        "package-lock.json",
        "index.html",
        "tsconfig.json",
    ] {
        consider(mtime(&dir.join(file)));
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.filter_map(Result::ok) {
            if entry
                .file_name()
                .to_string_lossy()
                .starts_with("vite.config.")
            {
                consider(mtime(&entry.path()));
            }
        }
    }
    newest
}

/// Whether `frontend/build` is missing or older than any of its sources.
pub fn frontend_is_stale(dir: &Path) -> bool {
    let built = [worker_script(dir), client_manifest(dir)]
        .iter()
        .map(|p| mtime(p))
        .collect::<Option<Vec<_>>>();
    let Some(built) = built.and_then(|b| b.into_iter().min()) else {
        return true;
    };
    newest_source(dir).is_some_and(|src| src > built)
}

fn run(dir: &Path, args: &[&str]) -> Result<(), BuildError> {
    let shown = format!("npm {}", args.join(" "));
    let output = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| {
            BuildError::new(format!(
                "frontend: could not run `{shown}` in {}: {e} (is Node.js 20 installed?)",
                dir.display()
            ))
        })?;
    if output.status.success() {
        return Ok(());
    }
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    let tail: Vec<&str> = text
        .lines()
        .rev()
        .take(40)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    Err(BuildError::new(format!(
        "frontend: `{shown}` in {} failed ({}):\n{}",
        dir.display(),
        output.status,
        tail.join("\n")
    )))
}

/// Builds the frontend when needed (`npm ci` first when `node_modules` is missing, then
/// `npm run build`) and reads the result.
pub fn ensure_frontend(dir: &Path, progress: &Progress) -> Result<Frontend, BuildError> {
    // Workers run with the frontend folder as their working directory, so every path
    // handed to them must not depend on ours.
    let absolute = std::path::absolute(dir)
        .map_err(|e| BuildError::new(format!("frontend: cannot resolve {}: {e}", dir.display())))?;
    let dir = absolute.as_path();
    if !dir.join("package.json").is_file() {
        return Err(BuildError::new(format!(
            "frontend: {} has no package.json; pass --frontend with the path of the frontend folder",
            dir.display()
        )));
    }
    {
        let _guard = BUILD_LOCK
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if frontend_is_stale(dir) {
            if !dir.join("node_modules").is_dir() {
                progress.line(&format!(
                    "frontend: installing packages (npm ci in {})",
                    dir.display()
                ));
                run(dir, &["ci", "--no-audit", "--no-fund"])?;
            }
            progress.line(&format!(
                "frontend: building the bundles (npm run build in {})",
                dir.display()
            ));
            run(dir, &["run", "build"])?;
        }
    }
    read_frontend(dir)
}

/// Reads an already built frontend.
pub fn read_frontend(dir: &Path) -> Result<Frontend, BuildError> {
    let worker = worker_script(dir);
    if !worker.is_file() {
        return Err(BuildError::new(format!(
            "frontend: {} is missing; run `npm run build` in {}",
            worker.display(),
            dir.display()
        )));
    }
    let vite = ViteManifest::read(&client_manifest(dir))
        .map_err(|e| BuildError::new(format!("frontend: {e}")))?;
    let build = dir.join("build");
    let mut files: Vec<PathBuf> = WalkDir::new(&build)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    files.sort();
    let mut hasher = blake3::Hasher::new();
    for file in &files {
        let rel = file.strip_prefix(&build).unwrap_or(file);
        hasher.update(rel.to_string_lossy().as_bytes());
        let bytes = std::fs::read(file).map_err(|e| {
            BuildError::new(format!("frontend: cannot read {}: {e}", file.display()))
        })?;
        hasher.update(&(bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    Ok(Frontend {
        dir: dir.to_path_buf(),
        worker_script: worker,
        client_dir: build.join("client"),
        vite,
        bundle_hash: hasher.finalize().to_hex().to_string(),
    })
}
