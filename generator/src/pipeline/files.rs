//! File-system side of a build: hard links with a copy fallback, and the staging
//! folder that is swapped in only when a dealer's build succeeded.
//!
//! A site and its staging folder trade places at each swap, so a build starts from
//! the site before the live one and changes only the files that differ from it: a
//! rebuild after a small feed change writes a few hundred files, not the whole site.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use walkdir::WalkDir;

use crate::manifest::BuildManifest;

/// Hard-links `from` to `to` (creating parent folders, replacing a file already there),
/// copying when linking is not possible (another file system). [`write_file`] never
/// writes into a file with more than one link, so a link shared with the live site is safe.
pub fn link_or_copy(from: &Path, to: &Path) -> io::Result<()> {
    with_parent(to, || replace(to, || fs::hard_link(from, to))).or_else(|e| {
        if e.kind() == io::ErrorKind::NotFound {
            return Err(e);
        }
        // `fs::copy` truncates a file already there: remove it first.
        remove_if_present(to)?;
        fs::copy(from, to).map(|_| ())
    })
}

/// Removes the file `path`; one already gone is no error.
fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Writes `bytes` to the file `path` (creating it and its parent folders). Only ever
/// used in a staging folder, which nothing serves. A file already there that is a hard
/// link shared with the live site (more than one link) is unlinked and made anew, so
/// the live site's copy never changes; a file of its own is rewritten in place, which
/// reuses its inode and blocks instead of freeing them and allocating new ones.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_file_parts(path, &[bytes])
}

/// [`write_file`] of the bytes of `parts` one after another, handed to the kernel as
/// they are (vectored writes), without joining them in memory first: a page is the
/// shell's few kilobytes around the worker's markup and the props.
pub fn write_file_parts(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let len: usize = parts.iter().map(|part| part.len()).sum();
    with_parent(path, || {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)?;
        let meta = file.metadata()?;
        if meta.nlink() > 1 {
            drop(file);
            fs::remove_file(path)?;
            file = fs::File::create_new(path)?;
        }
        write_all_vectored(&mut file, parts)?;
        if meta.nlink() == 1 && meta.len() > len as u64 {
            file.set_len(len as u64)?;
        }
        Ok(())
    })
}

/// Writes every byte of `parts`, in order, with as few system calls as the kernel allows.
fn write_all_vectored(file: &mut fs::File, parts: &[&[u8]]) -> io::Result<()> {
    let mut slices: Vec<io::IoSlice<'_>> = parts
        .iter()
        .filter(|part| !part.is_empty())
        .map(|part| io::IoSlice::new(part))
        .collect();
    let mut rest = &mut slices[..];
    while !rest.is_empty() {
        match file.write_vectored(rest) {
            Ok(0) => {
                return Err(io::Error::new(
                    io::ErrorKind::WriteZero,
                    "the file took no more bytes",
                ))
            }
            Ok(n) => io::IoSlice::advance_slices(&mut rest, n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Runs `create` (which makes a new file at `path`); when a file is already there it is
/// removed and `create` runs again.
fn replace(path: &Path, create: impl Fn() -> io::Result<()>) -> io::Result<()> {
    match create() {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            fs::remove_file(path)?;
            create()
        }
        other => other,
    }
}

/// Runs `op` (which makes a file at `path`); when the parent folder is missing it is
/// created and `op` runs again. Most outputs go to folders that exist, so most writes
/// cost no `mkdir`.
fn with_parent(path: &Path, op: impl Fn() -> io::Result<()>) -> io::Result<()> {
    match op() {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
            op()
        }
        other => other,
    }
}

/// Removes the file `rel` of the folder `root` and then each of its parent folders that
/// is left empty (up to, not including, `root`). A file already gone is no error.
pub fn remove_output(root: &Path, rel: &str) -> io::Result<()> {
    remove_if_present(&root.join(rel))?;
    let mut dir = Path::new(rel).parent();
    while let Some(d) = dir.filter(|d| !d.as_os_str().is_empty()) {
        if fs::remove_dir(root.join(d)).is_err() {
            break;
        }
        dir = d.parent();
    }
    Ok(())
}

/// Whether `a` and `b` are the same file (hard links of one inode).
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

/// Which files of a mirror's target that the source lacks are removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prune {
    /// Every such file: the target is the source's alone.
    All,
    /// Those inside the folders the source has at its top level (a site's `assets/`),
    /// the rest of the target being other files.
    SourceFolders,
}

/// Makes the folder `to` mirror the files under `from`, skipping paths (relative) for
/// which `skip` is true: each file not already linked there is hard-linked (or copied,
/// [`link_or_copy`]), and each file of `to` that `from` lacks is removed as `prune`
/// says, unless `keep` (given its relative path) says otherwise. Folders left empty go
/// too. Returns the relative paths of the mirrored files.
pub fn mirror_tree(
    from: &Path,
    to: &Path,
    skip: impl Fn(&Path) -> bool,
    prune: Prune,
    keep: impl Fn(&str) -> bool,
) -> io::Result<BTreeSet<String>> {
    let mut mirrored = BTreeSet::new();
    let mut roots = vec![];
    for entry in WalkDir::new(from).min_depth(1) {
        let entry = entry.map_err(io::Error::other)?;
        let rel = entry.path().strip_prefix(from).map_err(io::Error::other)?;
        if skip(rel) {
            continue;
        }
        if entry.depth() == 1 && entry.file_type().is_dir() {
            roots.push(to.join(rel));
        }
        if !entry.file_type().is_file() {
            continue;
        }
        let target = to.join(rel);
        let linked = match (entry.metadata(), fs::symlink_metadata(&target)) {
            (Ok(source), Ok(existing)) => same_file(&source, &existing),
            _ => false,
        };
        if !linked {
            link_or_copy(entry.path(), &target)?;
        }
        mirrored.insert(relative(rel));
    }
    if prune == Prune::All {
        roots = vec![to.to_path_buf()];
    }
    for root in roots.iter().filter(|r| r.is_dir()) {
        let strays: Vec<String> = WalkDir::new(root)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .filter_map(|e| e.path().strip_prefix(to).ok().map(relative))
            .filter(|rel| !mirrored.contains(rel) && !keep(rel))
            .collect();
        for rel in strays {
            remove_output(to, &rel)?;
        }
    }
    Ok(mirrored)
}

/// A relative path as a manifest key (forward slashes).
fn relative(rel: &Path) -> String {
    rel.to_string_lossy().replace('\\', "/")
}

/// The folder a build of `slug` stages its site in: `<out>/.previous-<slug>`, which
/// between builds holds the site the last swap replaced. A build turns it into the new
/// site by changing only what differs (most pages are the same), then swaps it with the
/// live one, so the live site becomes the next build's base.
pub fn staging_dir(out: &Path, slug: &str) -> PathBuf {
    out.join(format!(".previous-{slug}"))
}

fn old_dir(out: &Path, slug: &str) -> PathBuf {
    out.join(format!(".old-{slug}-{}", std::process::id()))
}

/// Readies the staging folder of `slug` ([`staging_dir`]) for a build and returns it
/// with the outputs it holds and their content hashes (its manifest). The manifest is
/// removed first, so a build cut short leaves a folder no later build trusts; a folder
/// without a valid manifest is emptied (the build then links every unchanged page from
/// the live site).
pub fn prepare_staging(out: &Path, slug: &str) -> io::Result<(PathBuf, BTreeMap<String, String>)> {
    recover(out, slug)?;
    let staging = staging_dir(out, slug);
    if let Some(manifest) = BuildManifest::read(&staging) {
        fs::remove_file(BuildManifest::path(&staging))?;
        return Ok((staging, manifest.outputs));
    }
    if staging.exists() {
        remove_tree(&staging)?;
    }
    fs::create_dir_all(&staging)?;
    Ok((staging, BTreeMap::new()))
}

/// Cleans up after an interrupted build of `slug`: removes staging folders of the
/// earlier layout (`.staging-<slug>-<pid>`) and, when a two-rename swap was cut between
/// its renames, puts the live site back (or keeps the old one as the previous site).
pub fn recover(out: &Path, slug: &str) -> io::Result<()> {
    let live = out.join(slug);
    let Ok(entries) = fs::read_dir(out) else {
        return Ok(());
    };
    let staging_prefix = format!(".staging-{slug}-");
    let old_prefix = format!(".old-{slug}-");
    let mut olds = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_ours = |prefix: &str| {
            name.strip_prefix(prefix)
                .is_some_and(|pid| pid.chars().all(|c| c.is_ascii_digit()))
        };
        if is_ours(&staging_prefix) {
            remove_tree(&entry.path())?;
        } else if is_ours(&old_prefix) {
            olds.push(entry.path());
        }
    }
    for old in olds {
        let previous = staging_dir(out, slug);
        if !live.exists() {
            fs::rename(&old, &live)?;
        } else if !previous.exists() {
            fs::rename(&old, &previous)?;
        } else {
            remove_tree(&old)?;
        }
    }
    Ok(())
}

/// Exchanges the folders `a` and `b` in one atomic step (Linux `renameat2` with
/// `RENAME_EXCHANGE`). `Ok(false)` when the system or file system cannot.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(true),
        Err(e)
            if e == rustix::io::Errno::INVAL
                || e == rustix::io::Errno::NOSYS
                || e == rustix::io::Errno::NOTSUP =>
        {
            Ok(false)
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<bool> {
    Ok(false)
}

/// Swaps `staging` in as `<out>/<slug>`; the site it replaces takes the staging
/// folder's place (the next build's base, [`staging_dir`]). One atomic exchange where
/// the system has it, else two renames that [`recover`] repairs when cut between them:
/// either way the site is the old or the new one, never a mix.
pub fn swap_in(out: &Path, slug: &str, staging: &Path) -> io::Result<()> {
    let live = out.join(slug);
    if !live.exists() {
        return fs::rename(staging, &live);
    }
    if exchange(&live, staging)? {
        return Ok(());
    }
    let old = old_dir(out, slug);
    fs::rename(&live, &old)?;
    if let Err(e) = fs::rename(staging, &live) {
        fs::rename(&old, &live)?;
        return Err(e);
    }
    fs::rename(&old, staging)
}
/// The folder of the dealers' run locks under an output folder.
pub const LOCK_DIR: &str = ".locks";

/// The lock a build holds on one dealer while it runs: `<out>/.locks/<slug>.lock`, locked
/// with `flock` (released by the system when the process ends, however it ends) and
/// holding the holder's process id and start time for the message of a refused run.
#[derive(Debug)]
pub struct DealerLock {
    /// The lock file.
    pub path: PathBuf,
    /// Open for as long as the lock is held: closing it releases the lock.
    _file: fs::File,
}

/// Takes the lock of dealer `slug` in `out`, or says which run holds it: two runs for one
/// dealer never overlap (each would swap its own staging folder in).
pub fn lock_dealer(out: &Path, slug: &str) -> Result<DealerLock, String> {
    let (path, file) = open_lock(out, slug)?;
    let fail = |e: io::Error| format!("{slug}: cannot take the lock file {}: {e}", path.display());
    if !try_lock(&file).map_err(fail)? {
        let holder = fs::read_to_string(&path).unwrap_or_default();
        let holder = holder.trim();
        return Err(format!(
            "{slug}: not started: another run for this dealer is under way (lock file {}{}); runs for one dealer never overlap, so start this one again once that one has ended",
            path.display(),
            if holder.is_empty() {
                String::new()
            } else {
                format!(", held by {holder}")
            }
        ));
    }
    claim(path, file)
}

/// Takes the lock `name` in `out`, waiting while another run holds it. For what runs of
/// different dealers share (the media folder): the second run waits its turn rather
/// than failing, since the copy is short.
pub fn lock_shared(out: &Path, name: &str) -> Result<DealerLock, String> {
    let (path, file) = open_lock(out, name)?;
    lock_wait(&file)
        .map_err(|e| format!("{name}: cannot take the lock file {}: {e}", path.display()))?;
    claim(path, file)
}

/// Opens (creating) `<out>/.locks/<name>.lock` without locking it.
fn open_lock(out: &Path, name: &str) -> Result<(PathBuf, fs::File), String> {
    let dir = out.join(LOCK_DIR);
    let path = dir.join(format!("{name}.lock"));
    let fail = |e: io::Error| format!("{name}: cannot take the lock file {}: {e}", path.display());
    fs::create_dir_all(&dir).map_err(fail)?;
    let file = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(fail)?;
    Ok((path, file))
}

/// Writes the holder's process id and start time into a lock just taken.
fn claim(path: PathBuf, mut file: fs::File) -> Result<DealerLock, String> {
    let fail = |e: io::Error| format!("cannot write the lock file {}: {e}", path.display());
    file.set_len(0).map_err(fail)?;
    writeln!(
        file,
        "process {} since {}",
        std::process::id(),
        chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    )
    .map_err(fail)?;
    Ok(DealerLock { path, _file: file })
}

/// `flock(LOCK_EX)`, waiting for the holder.
#[cfg(target_os = "linux")]
fn lock_wait(file: &fs::File) -> io::Result<()> {
    rustix::fs::flock(file, rustix::fs::FlockOperation::LockExclusive).map_err(io::Error::from)
}

/// The standard library's blocking file lock elsewhere.
#[cfg(not(target_os = "linux"))]
fn lock_wait(file: &fs::File) -> io::Result<()> {
    file.lock()
}

/// `flock(LOCK_EX | LOCK_NB)`: `Ok(false)` when another open file holds it.
#[cfg(target_os = "linux")]
fn try_lock(file: &fs::File) -> io::Result<bool> {
    use rustix::fs::{flock, FlockOperation};
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// The standard library's file lock elsewhere (`flock` or `LockFileEx`).
#[cfg(not(target_os = "linux"))]
fn try_lock(file: &fs::File) -> io::Result<bool> {
    match file.try_lock() {
        Ok(()) => Ok(true),
        Err(fs::TryLockError::WouldBlock) => Ok(false),
        Err(fs::TryLockError::Error(e)) => Err(e),
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
    folders
        .par_iter()
        .filter(|path| path.is_dir())
        .map(fs::remove_dir_all)
        .collect::<io::Result<()>>()?;
    fs::remove_dir_all(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(path: &Path, text: &str) {
        write_file(path, text.as_bytes()).expect("write");
    }

    fn read(path: &Path) -> String {
        fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn a_shared_lock_waits_for_its_holder_instead_of_failing() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let dir = tempfile::tempdir().expect("temp dir");
        let held = lock_shared(dir.path(), "_media").expect("first lock");
        assert!(
            lock_dealer(dir.path(), "_media").is_err(),
            "the lock is held, so a non-waiting taker is refused"
        );
        let taken = Arc::new(AtomicBool::new(false));
        let waiter = {
            let (out, taken) = (dir.path().to_path_buf(), Arc::clone(&taken));
            std::thread::spawn(move || {
                let lock = lock_shared(&out, "_media").expect("second lock");
                taken.store(true, Ordering::SeqCst);
                lock
            })
        };
        std::thread::sleep(std::time::Duration::from_millis(150));
        assert!(
            !taken.load(Ordering::SeqCst),
            "the second run waits while the first holds the lock"
        );
        drop(held);
        let second = waiter.join().expect("waiter");
        assert!(taken.load(Ordering::SeqCst));
        assert!(
            read(&second.path).starts_with("process "),
            "the holder is written down"
        );
    }

    #[test]
    fn writing_over_a_hard_link_leaves_the_other_name_alone() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (live, staged) = (
            dir.path().join("live/cars/a/index.html"),
            dir.path().join("staged/cars/a/index.html"),
        );
        put(&live, "old");
        link_or_copy(&live, &staged).expect("link");
        put(&staged, "new");
        assert_eq!(
            (read(&live), read(&staged)),
            ("old".to_string(), "new".to_string())
        );
    }

    #[test]
    fn a_file_of_its_own_is_rewritten_in_place_to_the_new_length() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("cars/a/index.html");
        put(&path, "a page of some length");
        let inode = fs::metadata(&path).expect("meta").ino();
        put(&path, "short");
        assert_eq!(read(&path), "short");
        put(&path, "a longer page than before");
        assert_eq!(read(&path), "a longer page than before");
        assert_eq!(
            fs::metadata(&path).expect("meta").ino(),
            inode,
            "the same inode, rewritten"
        );
    }

    #[test]
    fn a_file_written_in_parts_holds_them_in_order_and_only_them() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("cars/a/index.html");
        put(&path, &"x".repeat(200_000));
        let big = "b".repeat(100_000);
        write_file_parts(&path, &[b"<head>", b"", big.as_bytes(), b"", b"</html>"]).expect("write");
        assert_eq!(
            read(&path),
            format!("<head>{big}</html>"),
            "a longer file before is cut to the new length"
        );
        write_file_parts(&path, &[]).expect("write nothing");
        assert_eq!(read(&path), "");
    }

    #[test]
    fn a_swap_puts_the_staged_site_live_and_keeps_the_old_one_as_the_next_base() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path();
        put(&out.join("acme/index.html"), "old");
        let staging = staging_dir(out, "acme");
        put(&staging.join("index.html"), "new");
        swap_in(out, "acme", &staging).expect("swap");
        assert_eq!(read(&out.join("acme/index.html")), "new");
        assert_eq!(read(&staging.join("index.html")), "old");
    }

    #[test]
    fn recovery_finishes_a_two_rename_swap_cut_midway() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path();
        // Cut after the live site was renamed away: it comes back.
        put(&out.join(".old-acme-77/index.html"), "live");
        put(&out.join(".staging-acme-77/index.html"), "half");
        recover(out, "acme").expect("recover");
        assert_eq!(read(&out.join("acme/index.html")), "live");
        assert!(!out.join(".staging-acme-77").exists() && !out.join(".old-acme-77").exists());
        // Cut after the new site went live: the old one becomes the previous site.
        put(&out.join(".old-acme-78/index.html"), "older");
        recover(out, "acme").expect("recover");
        assert_eq!(read(&out.join("acme/index.html")), "live");
        assert_eq!(read(&staging_dir(out, "acme").join("index.html")), "older");
    }

    #[test]
    fn a_mirror_links_what_is_new_and_prunes_only_inside_the_source_folders() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (from, to) = (dir.path().join("client"), dir.path().join("site"));
        put(&from.join("assets/app-1.js"), "app");
        put(&from.join(".vite/manifest.json"), "{}");
        put(&to.join("assets/app-0.js"), "stale");
        put(&to.join("assets/kept.txt"), "a page output");
        put(&to.join("index.html"), "page");
        let mirrored = mirror_tree(
            &from,
            &to,
            |rel| rel.starts_with(".vite"),
            Prune::SourceFolders,
            |rel| rel == "assets/kept.txt",
        )
        .expect("mirror");
        assert_eq!(
            mirrored.into_iter().collect::<Vec<_>>(),
            vec!["assets/app-1.js".to_string()]
        );
        assert_eq!(read(&to.join("assets/app-1.js")), "app");
        assert!(!to.join("assets/app-0.js").exists() && !to.join(".vite").exists());
        assert!(to.join("assets/kept.txt").exists() && to.join("index.html").exists());

        let source = fs::metadata(from.join("assets/app-1.js")).expect("meta");
        let linked = fs::metadata(to.join("assets/app-1.js")).expect("meta");
        assert!(same_file(&source, &linked), "a hard link, not a copy");
        mirror_tree(
            &from,
            &to,
            |rel| rel.starts_with(".vite"),
            Prune::All,
            |_| false,
        )
        .expect("mirror");
        assert!(
            !to.join("index.html").exists() && !to.join("assets/kept.txt").exists(),
            "Prune::All leaves only the source's files"
        );
    }

    #[test]
    fn removing_an_output_removes_the_folders_it_leaves_empty() {
        let dir = tempfile::tempdir().expect("temp dir");
        put(&dir.path().join("cars/a/index.html"), "a");
        put(&dir.path().join("cars/b/index.html"), "b");
        remove_output(dir.path(), "cars/a/index.html").expect("remove");
        assert!(
            !dir.path().join("cars/a").exists() && dir.path().join("cars/b/index.html").exists()
        );
        remove_output(dir.path(), "cars/a/index.html").expect("a file already gone is no error");
    }
}
