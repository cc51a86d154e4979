//! The image service's disk cache: one file per variant under `<dir>/<2 hex>/<key>`, and
//! an index of their sizes in least-recently-used order, so the folder stays under a cap
//! in bytes however many variants are asked for. The index is built from the folder on
//! first use (a restart keeps what the last run made, oldest file first) and kept in
//! memory after that; it is this process's view, exact enough to bound the folder.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use anyhow::Context;
use tokio::sync::OnceCell;

/// Marks a file being written (renamed into place when whole); one left by a stopped
/// process is removed when the folder is indexed.
const TEMP_MARK: &str = ".tmp";

/// Variants on disk, at most `max_bytes` of them.
pub struct DiskCache {
    dir: PathBuf,
    max_bytes: u64,
    index: OnceCell<Mutex<Index>>,
}

impl std::fmt::Debug for DiskCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiskCache")
            .field("dir", &self.dir)
            .field("max_bytes", &self.max_bytes)
            .finish_non_exhaustive()
    }
}

/// Sizes and use order of the cached files.
#[derive(Debug, Default)]
struct Index {
    /// Key to (bytes, last use).
    entries: HashMap<String, (u64, u64)>,
    /// Last use to key: the first is the least recently used.
    order: BTreeMap<u64, String>,
    total: u64,
    clock: u64,
}

impl Index {
    /// Records a use of `key` (of `bytes`), as the most recent.
    fn touch(&mut self, key: &str, bytes: u64) {
        self.clock += 1;
        let now = self.clock;
        if let Some((old_bytes, used)) = self.entries.insert(key.to_owned(), (bytes, now)) {
            self.order.remove(&used);
            self.total -= old_bytes;
        }
        self.order.insert(now, key.to_owned());
        self.total += bytes;
    }

    fn forget(&mut self, key: &str) {
        if let Some((bytes, used)) = self.entries.remove(key) {
            self.order.remove(&used);
            self.total -= bytes;
        }
    }

    /// Takes the least recently used keys out until the total is at most `max_bytes`.
    fn evict(&mut self, max_bytes: u64) -> Vec<String> {
        let mut victims = Vec::new();
        while self.total > max_bytes {
            let Some((_, key)) = self.order.pop_first() else {
                break;
            };
            if let Some((bytes, _)) = self.entries.remove(&key) {
                self.total -= bytes;
            }
            victims.push(key);
        }
        victims
    }
}

impl DiskCache {
    /// A cache in `dir` (made when first written) holding at most `max_bytes`.
    pub fn new(dir: PathBuf, max_bytes: u64) -> Self {
        DiskCache {
            dir,
            max_bytes,
            index: OnceCell::new(),
        }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The cap in bytes.
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// The bytes of the files it holds, as indexed.
    pub async fn bytes(&self) -> u64 {
        lock(self.index().await).total
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(key.get(..2).unwrap_or("__")).join(key)
    }

    /// The variant kept under `key`, if any.
    pub async fn read(&self, key: &str) -> Option<Vec<u8>> {
        let index = self.index().await;
        match tokio::fs::read(self.path(key)).await {
            Ok(bytes) if !bytes.is_empty() => {
                lock(index).touch(key, bytes.len() as u64);
                Some(bytes)
            }
            _ => {
                // Evicted, or removed by hand: its bytes no longer count.
                lock(index).forget(key);
                None
            }
        }
    }

    /// Keeps `bytes` under `key`, then removes the least recently used variants until
    /// the folder is under the cap again. A variant larger than the whole cap is not kept.
    pub async fn write(&self, key: &str, bytes: &[u8]) -> anyhow::Result<()> {
        let index = self.index().await;
        let size = bytes.len() as u64;
        if size > self.max_bytes {
            return Ok(());
        }
        let path = self.path(key);
        let dir = path.parent().context("a cache path has a folder")?;
        tokio::fs::create_dir_all(dir).await?;
        // Through a temporary name and a rename, so a reader never sees half a file.
        let temp = path.with_extension(format!("{}{}", &TEMP_MARK[1..], std::process::id()));
        tokio::fs::write(&temp, bytes).await?;
        tokio::fs::rename(&temp, &path).await?;
        let victims = {
            let mut index = lock(index);
            index.touch(key, size);
            index.evict(self.max_bytes)
        };
        self.remove(victims).await;
        Ok(())
    }

    async fn remove(&self, keys: Vec<String>) {
        for key in keys {
            let path = self.path(&key);
            match tokio::fs::remove_file(&path).await {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "image variant not evicted");
                }
            }
        }
    }

    /// The index, built from the folder on first use (and the folder brought under the
    /// cap, in case the cap was lowered since the last run).
    async fn index(&self) -> &Mutex<Index> {
        self.index
            .get_or_init(|| async {
                let dir = self.dir.clone();
                let found = tokio::task::spawn_blocking(move || scan(&dir))
                    .await
                    .unwrap_or_default();
                let mut index = Index::default();
                for (key, bytes) in found {
                    index.touch(&key, bytes);
                }
                let victims = index.evict(self.max_bytes);
                self.remove(victims).await;
                Mutex::new(index)
            })
            .await
    }
}

fn lock(index: &Mutex<Index>) -> std::sync::MutexGuard<'_, Index> {
    index.lock().unwrap_or_else(|p| p.into_inner())
}

/// The variants in `dir` as (key, bytes), oldest first; half-written files are removed.
fn scan(dir: &Path) -> Vec<(String, u64)> {
    let mut found: Vec<(SystemTime, String, u64)> = Vec::new();
    for sub in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(sub.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let Ok(meta) = file.metadata() else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let name = file.file_name().to_string_lossy().into_owned();
            if name.contains(TEMP_MARK) {
                let _ = std::fs::remove_file(file.path());
                continue;
            }
            let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            found.push((modified, name, meta.len()));
        }
    }
    found.sort();
    found
        .into_iter()
        .map(|(_, key, bytes)| (key, bytes))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u8) -> String {
        format!("{n:02x}{}.webp", "0".repeat(62))
    }

    #[tokio::test]
    async fn the_folder_stays_under_the_cap_least_recently_used_first() {
        let dir = tempfile::tempdir().expect("dir");
        let cache = DiskCache::new(dir.path().join("images"), 3_000);
        for n in 0..3 {
            cache.write(&key(n), &[n; 1_000]).await.expect("write");
        }
        assert_eq!(cache.bytes().await, 3_000);
        // The first is read again, so the second is now the least recently used.
        assert!(cache.read(&key(0)).await.is_some());
        cache.write(&key(3), &[3; 1_000]).await.expect("write");
        assert_eq!(cache.bytes().await, 3_000);
        assert!(cache.read(&key(1)).await.is_none(), "evicted");
        for n in [0, 2, 3] {
            assert_eq!(cache.read(&key(n)).await, Some(vec![n; 1_000]), "{n}");
        }
        assert!(!cache.path(&key(1)).exists(), "its file is gone");
        // Larger than the whole cap: answered, never kept.
        cache.write(&key(4), &[4; 3_001]).await.expect("write");
        assert!(cache.read(&key(4)).await.is_none());
        assert_eq!(cache.bytes().await, 3_000);
    }

    #[tokio::test]
    async fn a_restart_indexes_the_folder_and_applies_a_lower_cap() {
        let dir = tempfile::tempdir().expect("dir");
        let folder = dir.path().join("images");
        let first = DiskCache::new(folder.clone(), 10_000);
        for n in 0..4 {
            first.write(&key(n), &[n; 1_000]).await.expect("write");
            // Distinct modification times, so the restart sees their order.
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let half_written = first.path(&key(0)).with_extension("tmp123");
        std::fs::write(&half_written, b"half").expect("temp");
        let second = DiskCache::new(folder, 2_000);
        assert_eq!(second.bytes().await, 2_000, "the oldest two removed");
        assert!(second.read(&key(0)).await.is_none());
        assert!(second.read(&key(3)).await.is_some());
        assert!(!half_written.exists(), "a half-written file is removed");
    }
}
