//! The SSR worker pool against a tiny real Node worker (tests/fixtures/build/worker.js)
//! that speaks the protocol and can be told to throw or crash.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use generator::render::{Pool, PoolOptions, RenderJob, WorkerCommand};

fn fixture_worker() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/build/worker.js")
}

fn pool(workers: usize, starts: &Path) -> Pool {
    let mut command = WorkerCommand::node(&fixture_worker());
    command.env.push((
        OsString::from("FIXTURE_STARTS"),
        starts.as_os_str().to_os_string(),
    ));
    let mut options = PoolOptions::new(workers);
    options.timeout = Duration::from_secs(20);
    Pool::start(command, options).expect("node starts")
}

fn job(label: &str, props: serde_json::Value) -> RenderJob {
    RenderJob {
        label: label.to_string(),
        kind: "vehicle".to_string(),
        props_json: props.to_string(),
    }
}

fn starts(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|s| s.lines().count())
        .unwrap_or(0)
}

#[test]
fn renders_many_pages_in_order_with_several_in_flight() {
    let dir = tempfile::tempdir().expect("tempdir");
    let starts_file = dir.path().join("starts");
    let pool = pool(2, &starts_file);
    // Delays make answers come back out of order on each worker.
    let jobs: Vec<RenderJob> = (0..40)
        .map(|i| {
            job(
                &format!("acme /cars/{i}"),
                serde_json::json!({ "text": format!("car {i}"), "delay_ms": (i * 7) % 13 }),
            )
        })
        .collect();
    let results = pool.render_all(jobs, |_| {});
    for (i, result) in results.iter().enumerate() {
        assert_eq!(
            result.as_deref(),
            Ok(format!("<p data-kind=\"vehicle\">car {i}</p>").as_str())
        );
    }
    assert_eq!(pool.stats().crashes, 0);
    drop(pool);
    assert_eq!(
        starts(&starts_file),
        2,
        "two long-lived workers served 40 pages"
    );
}

#[test]
fn a_javascript_error_fails_that_page_with_the_error_text_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pool = pool(1, &dir.path().join("starts"));
    let results = pool.render_all(
        vec![
            job("acme /cars/a", serde_json::json!({ "text": "a" })),
            job("acme /cars/broken", serde_json::json!({ "throw": "Cannot read properties of undefined (reading 'price')" })),
            job("acme /cars/c", serde_json::json!({ "text": "c" })),
        ],
        |_| {},
    );
    assert!(results[0].is_ok() && results[2].is_ok());
    let error = results[1].as_ref().expect_err("the page threw");
    assert_eq!(error.page, "acme /cars/broken");
    assert!(
        error
            .message
            .contains("Cannot read properties of undefined (reading 'price')"),
        "{}",
        error.message
    );
    assert_eq!(
        pool.stats().crashes,
        0,
        "a thrown error does not restart the worker"
    );
}

#[test]
fn a_crashed_worker_is_restarted_and_the_page_retried_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let starts_file = dir.path().join("starts");
    let marker = dir.path().join("crashed-once");
    let pool = pool(1, &starts_file);
    let mut jobs: Vec<RenderJob> = (0..6)
        .map(|i| job(&format!("acme /cars/{i}"), serde_json::json!({ "text": i })))
        .collect();
    jobs.insert(
        3,
        job(
            "acme /cars/flaky",
            serde_json::json!({ "crash_once": "out of memory", "marker": marker, "text": "flaky" }),
        ),
    );
    let results = pool.render_all(jobs, |_| {});
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    assert_eq!(
        results[3].as_deref(),
        Ok("<p data-kind=\"vehicle\">flaky</p>")
    );
    assert_eq!(pool.stats().crashes, 1);
    drop(pool);
    assert_eq!(
        starts(&starts_file),
        2,
        "the crashed worker was started again"
    );
}

#[test]
fn a_page_that_crashes_the_worker_twice_fails_with_the_error_and_spares_the_others() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pool = pool(2, &dir.path().join("starts"));
    let mut jobs: Vec<RenderJob> = (0..12)
        .map(|i| job(&format!("acme /cars/{i}"), serde_json::json!({ "text": i })))
        .collect();
    jobs.insert(
        5,
        job(
            "acme /cars/poison",
            serde_json::json!({ "crash": "Maximum call stack size exceeded" }),
        ),
    );
    let results = pool.render_all(jobs, |_| {});
    let failed: Vec<_> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert_eq!(failed.len(), 1, "only the poison page fails: {failed:?}");
    assert_eq!(failed[0].page, "acme /cars/poison");
    assert!(
        failed[0].message.contains("crashed twice"),
        "{}",
        failed[0].message
    );
    assert!(
        failed[0]
            .message
            .contains("TypeError: Maximum call stack size exceeded"),
        "{}",
        failed[0].message
    );
    assert_eq!(pool.stats().crashes, 2);
    // The pool still works after the failures.
    let again = pool.render_all(
        vec![job("acme /", serde_json::json!({ "text": "home" }))],
        |_| {},
    );
    assert!(again[0].is_ok());
}

#[test]
fn a_missing_program_is_a_start_error_naming_the_command() {
    let command = WorkerCommand {
        program: OsString::from("forecourt-no-such-node-binary"),
        args: vec![OsString::from("worker.js")],
        env: Vec::new(),
        cwd: None,
    };
    let error = Pool::start(command, PoolOptions::new(1))
        .err()
        .expect("cannot start");
    assert!(
        error
            .to_string()
            .contains("forecourt-no-such-node-binary worker.js"),
        "{error}"
    );
}

#[test]
fn an_on_demand_pool_starts_a_worker_per_share_of_pages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let starts_file = dir.path().join("starts");
    let mut command = WorkerCommand::node(&fixture_worker());
    command.env.push((
        OsString::from("FIXTURE_STARTS"),
        starts_file.as_os_str().to_os_string(),
    ));
    let mut options = PoolOptions::new(3);
    options.pages_per_worker = 2;
    let pool = Pool::on_demand(command.clone(), options);
    drop(pool);
    assert_eq!(
        starts(&starts_file),
        0,
        "a pool given no page starts no worker"
    );

    let pool = Pool::on_demand(command, options);
    let one = pool.render_all(
        vec![job("acme /cars/1", serde_json::json!({ "text": "one" }))],
        |_| {},
    );
    assert!(one[0].is_ok());
    // Counted as started (a worker writes its own start line only once it runs).
    assert_eq!(pool.stats().spawned, 1, "one page, one worker");
    let two = (0..2)
        .map(|i| {
            job(
                &format!("acme /cars/{i}"),
                serde_json::json!({ "text": "x" }),
            )
        })
        .collect();
    assert!(pool.render_all(two, |_| {}).iter().all(Result::is_ok));
    assert_eq!(
        pool.stats().spawned,
        2,
        "a second worker from the third page"
    );
    let jobs = (0..6)
        .map(|i| {
            job(
                &format!("acme /cars/{i}"),
                serde_json::json!({ "text": "x" }),
            )
        })
        .collect();
    assert!(pool.render_all(jobs, |_| {}).iter().all(Result::is_ok));
    drop(pool);
    assert_eq!(starts(&starts_file), 3, "never more than the pool's size");
}

#[test]
fn an_on_demand_pool_reports_a_missing_program_once_warmed() {
    let command = WorkerCommand {
        program: OsString::from("forecourt-no-such-node-binary"),
        args: vec![OsString::from("worker.js")],
        env: Vec::new(),
        cwd: None,
    };
    let pool = Pool::on_demand(command, PoolOptions::new(2));
    let error = pool.warm().expect_err("cannot start");
    assert!(
        error
            .to_string()
            .contains("forecourt-no-such-node-binary worker.js"),
        "{error}"
    );
    let page = pool.render_all(
        vec![job("acme /cars/a", serde_json::json!({ "text": "a" }))],
        |_| {},
    );
    let failed = page[0].as_ref().expect_err("no worker");
    assert!(
        failed.message.contains("could not start the SSR worker"),
        "{}",
        failed.message
    );
}
