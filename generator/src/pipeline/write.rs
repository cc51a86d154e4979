//! Phase 4, [`write`]: a dealer's staging folder completed, link-checked and swapped in;
//! and the feed's media folder, published beside the sites ([`copy_media`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use domain::config::Dealer;

use super::{
    files, links, robots, sitemap, staging_dir, swap_in, BuildError, ContentDates, Frontend,
    LinkCheck, Rendered,
};
use crate::manifest::{
    content_hash, url_of_output, BuildManifest, CHANGED_FILE, MANIFEST_VERSION, META_DIR,
};
use crate::shell::SiteHead;

/// What [`write`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Published {
    /// The live site folder.
    pub site_dir: PathBuf,
    /// Pages (and sitemap/robots/dealer files) rendered or changed.
    pub changed: Vec<String>,
    /// Outputs of the last build that are gone.
    pub deleted: Vec<String>,
    /// Pages rendered by a worker.
    pub rendered: usize,
    /// Pages reused from the live site.
    pub unchanged: usize,
}

fn dealer_files(dealer: &Dealer) -> Vec<PathBuf> {
    const EXTENSIONS: [&str; 8] = ["svg", "png", "jpg", "jpeg", "webp", "gif", "ico", "avif"];
    let Ok(entries) = std::fs::read_dir(&dealer.dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        })
        .collect();
    files.sort();
    files
}

/// The feed's media folder, published as `/media/` (see [`copy_media`]), if it has one.
pub fn media_dir(feed: &Path) -> Option<PathBuf> {
    let media = feed.parent().unwrap_or(Path::new(".")).join("media");
    media.is_dir().then_some(media)
}

/// Phase 4: completes the staging folder (sitemap.xml, robots.txt, the client assets,
/// the dealer's images such as its logo), checks its links ([`LinkCheck`], against
/// `media` for `/media/` links), writes the manifest and changed.txt and swaps it in.
/// A dead link stops it before the swap: one error per dead link, the live site unchanged.
pub fn write(
    staged: Rendered,
    frontend: &Frontend,
    out: &Path,
    media: Option<&Path>,
    built_at: DateTime<Utc>,
) -> Result<Published, Vec<String>> {
    let slug = staged.dealer.config.slug.clone();
    let staging = staged.staging.clone();
    let result = write_inner(staged, frontend, out, media, built_at);
    if result.is_err() {
        let _ = files::remove_tree(&staging);
    }
    result.map_err(|errors| errors.into_iter().map(|e| format!("{slug}: {e}")).collect())
}

fn write_inner(
    staged: Rendered,
    frontend: &Frontend,
    out: &Path,
    media: Option<&Path>,
    built_at: DateTime<Utc>,
) -> Result<Published, Vec<String>> {
    let slug = &staged.dealer.config.slug;
    let staging = &staged.staging;
    let head = SiteHead::of(&staged.dealer);
    let mut outputs = staged.outputs;
    let mut changed: Vec<String> = staged.changed;

    let dates = ContentDates::of(&out.join(slug), &outputs, built_at);
    let mut extra: Vec<(String, Vec<u8>)> = vec![
        (
            "sitemap.xml".to_string(),
            sitemap(&head, &staged.pages, &dates).into_bytes(),
        ),
        ("robots.txt".to_string(), robots(&head).into_bytes()),
    ];
    for file in &staged.files {
        extra.push((
            file.path.trim_start_matches('/').to_string(),
            file.json.as_bytes().to_vec(),
        ));
    }
    for file in dealer_files(&staged.dealer) {
        let bytes = std::fs::read(&file)
            .map_err(|e| vec![format!("cannot read {}: {e}", file.display())])?;
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if outputs.contains_key(&name) {
            return Err(vec![format!(
                "{} has the same name as a page output",
                file.display()
            )]);
        }
        extra.push((name, bytes));
    }
    for (name, bytes) in extra {
        let hash = content_hash(&[&bytes]);
        files::write_file(&staging.join(&name), &bytes).map_err(|e| {
            vec![format!(
                "cannot write {}: {e}",
                staging.join(&name).display()
            )]
        })?;
        if staged.previous.get(&name) != Some(&hash) {
            changed.push(name.clone());
        }
        outputs.insert(name, hash);
    }

    // Hashed bundle files: content-addressed names, so never listed as changed.
    files::mirror_tree(
        &frontend.client_dir,
        staging,
        |rel| rel.starts_with(".vite"),
        files::Prune::SourceFolders,
        |rel| outputs.contains_key(rel),
    )
    .map_err(|e| {
        vec![format!(
            "cannot copy the client assets from {}: {e}",
            frontend.client_dir.display()
        )]
    })?;
    // What the staging folder held and this site has no more.
    for rel in staged.held.keys().filter(|rel| !outputs.contains_key(*rel)) {
        files::remove_output(staging, rel).map_err(|e| {
            vec![format!(
                "cannot remove {} from {}: {e}",
                rel,
                staging.display()
            )]
        })?;
    }
    // The folder now holds exactly what the swap publishes: check its links (on a
    // rebuild, the changed pages' and, from the live site's link record, those of the
    // pages linking to what is gone).
    let changed_set: BTreeSet<String> = changed.iter().cloned().collect();
    let live = out.join(slug);
    let since = links::Since {
        live: &live,
        changed: &changed_set,
    };
    let checked = LinkCheck {
        dealer: &staged.dealer,
        site: staging,
        media,
    }
    .check((!staged.previous.is_empty()).then_some(&since))?;
    checked.write_record(staging).map_err(|e| {
        vec![format!(
            "cannot write the link record in {}: {e}",
            staging.display()
        )]
    })?;

    let deleted: Vec<String> = staged
        .previous
        .keys()
        .filter(|k| !outputs.contains_key(*k))
        .cloned()
        .collect();
    let manifest = BuildManifest {
        version: MANIFEST_VERSION,
        stock_count: staged.stock_count,
        built_at: built_at.to_rfc3339(),
        outputs,
        inputs: None,
        cars: staged.cars,
    };
    manifest.write(staging).map_err(|e| {
        vec![format!(
            "cannot write the manifest in {}: {e}",
            staging.display()
        )]
    })?;
    changed.sort();
    let mut changed_urls: Vec<String> = changed
        .iter()
        .chain(deleted.iter())
        .map(|o| url_of_output(o))
        .collect();
    changed_urls.sort();
    changed_urls.dedup();
    let mut text = changed_urls.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    let changed_file = staging.join(META_DIR).join(CHANGED_FILE);
    files::write_file(&changed_file, text.as_bytes())
        .map_err(|e| vec![format!("cannot write {}: {e}", changed_file.display())])?;

    swap_in(out, slug, staging).map_err(|e| {
        vec![format!(
            "cannot swap {} in as {}: {e}",
            staging.display(),
            out.join(slug).display()
        )]
    })?;
    Ok(Published {
        site_dir: out.join(slug),
        rendered: staged.rendered,
        unchanged: staged.unchanged,
        changed,
        deleted,
    })
}

/// Copies the feed's sibling `media/` folder to `<out>/_media` (staged and swapped like a
/// site: the staging folder, the media of the swap before, is made to mirror the folder
/// by hard links). Returns the number of files, or `None` when the feed has no media folder.
pub fn copy_media(feed: &Path, out: &Path) -> Result<Option<usize>, BuildError> {
    let Some(media) = media_dir(feed) else {
        return Ok(None);
    };
    let slug = crate::publish::MEDIA_PREFIX;
    let fail = |e: std::io::Error| {
        BuildError::new(format!(
            "media: cannot copy {} to {}: {e}",
            media.display(),
            out.join(slug).display()
        ))
    };
    std::fs::create_dir_all(out).map_err(fail)?;
    // Every dealer's run copies the one media folder: runs of different dealers may
    // overlap, so they take turns here.
    let _lock = files::lock_shared(out, slug).map_err(BuildError::new)?;
    files::recover(out, slug).map_err(fail)?;
    let staging = staging_dir(out, slug);
    std::fs::create_dir_all(&staging).map_err(fail)?;
    let mirrored = files::mirror_tree(&media, &staging, |_| false, files::Prune::All, |_| false)
        .map_err(fail)?;
    swap_in(out, slug, &staging).map_err(fail)?;
    Ok(Some(mirrored.len()))
}
