//! The daytime path of a feed change (`generator::watch`, `forecourt watch`): only the
//! dealers whose rows changed are rebuilt, a run for a dealer never overlaps another
//! (the dealer's lock), and a run that fails leaves the live site, search index and
//! market file as they were.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use generator::pipeline::{build, lock_dealer, BuildOptions, DealerStatus, Progress, LOCK_DIR};
use generator::render::WorkerCommand;
use generator::watch::{rebuild, Snapshot};
use serde_json::json;
use walkdir::WalkDir;

mod common;
use common::{dealers_dir, line, DEALER};

/// Three cars of the fixture dealer, the first at `price`.
fn rows(price: f64) -> Vec<String> {
    vec![
        line(
            201,
            "2022-toyota-corolla-201",
            "Corolla",
            "used",
            price,
            3,
            json!({}),
        ),
        line(
            202,
            "2022-toyota-hilux-202",
            "HiLux",
            "used",
            48_000.0,
            5,
            json!({}),
        ),
        line(
            203,
            "2022-toyota-camry-203",
            "Camry",
            "new",
            36_000.0,
            8,
            json!({}),
        ),
    ]
}

fn options(dir: &Path, rows: &[String]) -> BuildOptions {
    let feed = dir.join("feed.jsonl");
    std::fs::write(&feed, rows.join("\n") + "\n").expect("write feed");
    let mut opts = BuildOptions::new(dealers_dir(), feed, dir.join("dist"));
    opts.only = vec![DEALER.to_string()];
    opts.frontend = Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend");
    opts.workers = 2;
    opts
}

/// Every file of the output folder (sites, search indexes, market file) with its bytes;
/// build records of runs (locks, staging folders) left out.
fn snapshot(out: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    WalkDir::new(out)
        .into_iter()
        .filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            e.depth() != 1 || !name.starts_with('.')
        })
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(out).expect("inside").to_path_buf();
            (rel, std::fs::read(e.path()).expect("read"))
        })
        .collect()
}

#[test]
fn a_feed_change_names_only_the_dealer_whose_rows_changed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let same = rows(24_990.0);
    let opts = options(dir.path(), &same);
    let before = Snapshot::take(&opts, None);
    assert_eq!(before.affected(&Snapshot::take(&opts, Some(&before))), None);

    // The same rows written again: nothing to rebuild.
    std::fs::write(&opts.feed, same.join("\n") + "\n").expect("rewrite");
    assert_eq!(before.affected(&Snapshot::take(&opts, Some(&before))), None);

    // One car repriced, and a row for another dealer: both dealers, nothing else.
    let mut changed = same.clone();
    changed[0] = changed[0].replace("24990", "23990");
    assert_ne!(changed[0], same[0]);
    changed.push(
        line(
            301,
            "2020-kia-rio-301",
            "Rio",
            "used",
            9_000.0,
            2,
            json!({}),
        )
        .replace(DEALER, "fixture-motors"),
    );
    // A different length, so the stamp moves even within the file system's mtime grain.
    std::fs::write(&opts.feed, changed.join("\n") + "\n\n").expect("rewrite");
    assert_eq!(
        before.affected(&Snapshot::take(&opts, Some(&before))),
        Some(vec!["fixture-motors".to_string(), DEALER.to_string()])
    );
}

#[test]
fn a_second_run_for_a_dealer_is_refused_while_one_runs_and_a_failed_run_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("dist");
    let base = rows(24_990.0);
    let first = build(&options(dir.path(), &base), &Progress::quiet())
        .unwrap_or_else(|e| panic!("the build stopped: {e}"));
    assert!(first.success(), "{first:?}");
    let live = snapshot(&out);
    assert!(
        live.keys().any(|p| p.starts_with("_search"))
            && live.keys().any(|p| p.starts_with("_data")),
        "the site, its index and the market file are there: {:?}",
        live.keys().collect::<Vec<_>>()
    );

    // Another run holds the dealer: this one does not start, and says which lock.
    let held = lock_dealer(&out, DEALER).expect("lock");
    let refused = rebuild(
        &options(dir.path(), &rows(19_990.0)),
        &[DEALER.to_string()],
        &Progress::quiet(),
    )
    .expect_err("a second run for the dealer must not start");
    let lock_file = out.join(LOCK_DIR).join(format!("{DEALER}.lock"));
    assert!(
        refused.contains(DEALER)
            && refused.contains(&lock_file.display().to_string())
            && refused.contains(&format!("held by process {}", std::process::id())),
        "{refused}"
    );
    assert_eq!(snapshot(&out), live, "nothing changed while refused");
    drop(held);

    // A run that fails midway (the SSR worker dies) leaves the site, its search index
    // and the market file as they were.
    let mut failing = options(dir.path(), &rows(19_990.0));
    failing.full = true;
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/build/worker.js");
    let mut worker = WorkerCommand::node(&fixture);
    worker
        .env
        .push((OsString::from("FIXTURE_CRASH_AFTER"), OsString::from("2")));
    worker.env.push((
        OsString::from("FIXTURE_COUNT"),
        dir.path().join("count").into_os_string(),
    ));
    failing.worker = Some(worker);
    let report = build(&failing, &Progress::quiet()).expect("the run itself starts");
    let status = &report.dealer(DEALER).expect("dealer").status;
    assert!(matches!(status, DealerStatus::Failed(_)), "{status:?}");
    assert_eq!(
        snapshot(&out),
        live,
        "the failed run left everything as it was"
    );

    // The same stock again: the served search index is kept, no new generation written.
    let current = || {
        std::fs::read_to_string(out.join("_search").join(DEALER).join("CURRENT")).expect("CURRENT")
    };
    let served = current();
    let same = rebuild(
        &options(dir.path(), &base),
        &[DEALER.to_string()],
        &Progress::quiet(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(same.success(), "{same:?}");
    assert_eq!(current(), served, "an unchanged stock writes no new index");

    // With the lock released, the watcher's rebuild of the dealer publishes the change.
    let next = rebuild(
        &options(dir.path(), &rows(19_990.0)),
        &[DEALER.to_string()],
        &Progress::quiet(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(next.success(), "{next:?}");
    let page = std::fs::read_to_string(
        out.join(DEALER)
            .join("cars/2022-toyota-corolla-201/index.html"),
    )
    .expect("the car's page");
    assert!(page.contains("$19,990"), "the new price is live");
    assert_ne!(current(), served, "the changed stock is indexed");
}
