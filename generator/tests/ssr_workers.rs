//! The Node SSR workers a build starts: none when every dealer is skipped (each worker
//! loads the whole SSR bundle), and one at least when a dealer is built.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use generator::pipeline::{build, BuildOptions, BuildReport, Progress};
use generator::render::WorkerCommand;

mod common;
use common::{corolla, dealers_with, DEALER};

/// The real SSR worker, started through a shell that first appends a line to `starts`.
fn counted_worker(frontend: &Path, starts: &Path) -> WorkerCommand {
    let node = WorkerCommand::node(&frontend.join("build/server/worker.js"));
    let mut args = vec![
        OsString::from("-c"),
        OsString::from("echo started >> \"$WORKER_STARTS\" && exec \"$0\" \"$@\""),
        node.program,
    ];
    args.extend(node.args);
    let mut env = node.env;
    env.push((
        OsString::from("WORKER_STARTS"),
        starts.as_os_str().to_owned(),
    ));
    WorkerCommand {
        program: OsString::from("sh"),
        args,
        env,
        cwd: Some(frontend.to_path_buf()),
    }
}

fn starts(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |s| s.lines().count())
}

fn run(opts: &BuildOptions) -> BuildReport {
    let report =
        build(opts, &Progress::quiet()).unwrap_or_else(|e| panic!("the build stopped: {e}"));
    assert!(report.success(), "{report}");
    report
}

#[test]
fn a_rebuild_that_skips_every_dealer_starts_no_worker() {
    let dir = tempfile::tempdir().expect("temp dir");
    dealers_with(dir.path(), |toml| toml);
    let feed = dir.path().join("feed.jsonl");
    let row = corolla();
    std::fs::write(&feed, row + "\n").expect("write feed");
    let frontend: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend");
    let starts_file = dir.path().join("starts");
    let mut opts = BuildOptions::new(dir.path().join("dealers"), feed, dir.path().join("dist"));
    opts.only = vec![DEALER.to_string()];
    opts.frontend = frontend.clone();
    opts.workers = 3;
    opts.worker = Some(counted_worker(
        &std::path::absolute(&frontend).expect("path"),
        &starts_file,
    ));

    let first = run(&opts);
    assert!(
        first.dealer(DEALER).is_some_and(|d| d.rendered > 0),
        "{first}"
    );
    let started = starts(&starts_file);
    assert!(
        (1..=3).contains(&started),
        "{started} workers for 3 allowed"
    );

    let second = run(&opts);
    assert!(second.dealer(DEALER).is_some_and(|d| d.skipped), "{second}");
    assert_eq!(
        starts(&starts_file),
        started,
        "a skipped build started workers"
    );
}
