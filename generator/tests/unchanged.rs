//! A rebuild skips a dealer whose inputs (its feed rows, its folder, the day the rules
//! see, the frontend and the generator) are those of its live site: nothing of its site
//! or search index is touched. A change to any of them builds that dealer, and only it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use chrono::{DateTime, Duration, Utc};
use generator::pipeline::{build, BuildOptions, BuildReport, DealerStatus, Progress};
use serde_json::json;
use walkdir::WalkDir;

mod common;
use common::{corolla, dealers_with, line, DEALER, OTHER_DEALER};

/// A few cars of the fixture dealer (the HiLux at $52,000) and one of the other (with
/// the 8 photos its stock filter wants). Made once per test: the rows carry dates
/// relative to the clock.
fn rows() -> Vec<String> {
    vec![
        corolla(),
        line(
            103,
            "2022-toyota-hilux-103",
            "HiLux",
            "demo",
            52_000.0,
            3,
            json!({}),
        ),
        line(
            110,
            "2022-toyota-yaris-110",
            "Yaris",
            "used",
            20_000.0,
            12,
            json!({}),
        ),
        line(
            201,
            "2021-mazda-cx5-201",
            "CX-5",
            "used",
            29_000.0,
            4,
            json!({
                "make": "Mazda",
                "dealership_slug": OTHER_DEALER,
                "images": (0..8)
                    .map(|i| json!({ "url": format!("https://cdn.example.com/cx5-{i}.jpg") }))
                    .collect::<Vec<_>>(),
            }),
        ),
    ]
}

fn options(dir: &Path, rows: &[String], now: DateTime<Utc>) -> BuildOptions {
    let feed = dir.join("feed.jsonl");
    std::fs::write(&feed, rows.join("\n") + "\n").expect("write feed");
    let mut opts = BuildOptions::new(dir.join("dealers"), feed, dir.join("dist"));
    opts.only = vec![DEALER.to_string(), OTHER_DEALER.to_string()];
    opts.frontend = Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend");
    opts.workers = 2;
    opts.now = now;
    opts
}

fn run(opts: &BuildOptions) -> BuildReport {
    let report =
        build(opts, &Progress::quiet()).unwrap_or_else(|e| panic!("the build stopped: {e}"));
    assert!(report.success(), "{report}");
    report
}

fn skipped(report: &BuildReport, slug: &str) -> bool {
    let outcome = report.dealer(slug).expect("dealer");
    assert_eq!(outcome.status, DealerStatus::Published);
    outcome.skipped
}

/// Every file of a dealer's site and search index: bytes and modification time.
fn files(out: &Path, slug: &str) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    [out.join(slug), out.join("_search").join(slug)]
        .iter()
        .flat_map(|root| WalkDir::new(root).into_iter().filter_map(Result::ok))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let bytes = std::fs::read(e.path()).expect("read");
            let mtime = e.metadata().expect("meta").modified().expect("mtime");
            (e.path().to_path_buf(), (bytes, mtime))
        })
        .collect()
}

#[test]
fn a_rebuild_with_nothing_changed_skips_every_dealer_and_touches_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    dealers_with(dir.path(), |toml| toml);
    let (rows, now) = (rows(), Utc::now());
    let opts = options(dir.path(), &rows, now);
    let first = run(&opts);
    assert!(!skipped(&first, DEALER) && !skipped(&first, OTHER_DEALER));
    let before = [files(&opts.out, DEALER), files(&opts.out, OTHER_DEALER)];
    assert!(before[0].keys().any(|p| p.ends_with("index.html")));
    assert!(before[0]
        .keys()
        .any(|p| p.starts_with(opts.out.join("_search"))));

    // A later run the same day (or the same instant when the build started just before
    // midnight): no rule sees a difference.
    let later = if (now + Duration::minutes(1)).date_naive() == now.date_naive() {
        now + Duration::minutes(1)
    } else {
        now
    };
    let second = run(&options(dir.path(), &rows, later));
    for slug in [DEALER, OTHER_DEALER] {
        assert!(skipped(&second, slug), "{second}");
        assert_eq!(second.dealer(slug).expect("dealer").rendered, 0);
    }
    assert!(second.to_string().contains("unchanged"), "{second}");
    let after = [files(&opts.out, DEALER), files(&opts.out, OTHER_DEALER)];
    assert!(before == after, "a skipped dealer's files changed");

    // --full builds it all the same.
    let mut full = options(dir.path(), &rows, later);
    full.full = true;
    let full = run(&full);
    assert!(!skipped(&full, DEALER) && !skipped(&full, OTHER_DEALER));

    // A manifest that does not parse: that dealer is built.
    let manifest = opts.out.join(DEALER).join(".forecourt/manifest.json");
    std::fs::write(&manifest, "{").expect("write manifest");
    let report = run(&options(dir.path(), &rows, later));
    assert!(!skipped(&report, DEALER), "{report}");
    assert!(skipped(&report, OTHER_DEALER), "{report}");
}

#[test]
fn a_changed_price_config_file_or_day_rebuilds_the_dealers_it_touches() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dealers = dealers_with(dir.path(), |toml| toml);
    let (rows, now) = (rows(), Utc::now());
    run(&options(dir.path(), &rows, now));

    // One car's price: its dealer only, and the new price is on its page.
    let mut repriced = rows.clone();
    repriced[1] = repriced[1].replace("52000.0", "49500.0");
    assert_ne!(repriced, rows);
    let report = run(&options(dir.path(), &repriced, now));
    assert!(!skipped(&report, DEALER), "{report}");
    assert!(skipped(&report, OTHER_DEALER), "{report}");
    let hilux = dir
        .path()
        .join("dist")
        .join(DEALER)
        .join("cars/2022-toyota-hilux-103/index.html");
    assert!(std::fs::read_to_string(hilux)
        .expect("page")
        .contains("$49,500"));
    assert!(skipped(&run(&options(dir.path(), &repriced, now)), DEALER));

    // One file of a dealer's folder, even one the config does not parse into a value:
    // every dealer, since a page can show another dealer's config (the locator's
    // network locations).
    let logo = dealers.join(DEALER).join("logo.svg");
    let svg = std::fs::read_to_string(&logo).expect("logo");
    std::fs::write(&logo, svg + "\n<!-- redrawn -->\n").expect("write logo");
    let report = run(&options(dir.path(), &repriced, now));
    assert!(
        !skipped(&report, DEALER) && !skipped(&report, OTHER_DEALER),
        "{report}"
    );

    // The day the rules see: every dealer.
    let report = run(&options(dir.path(), &repriced, now + Duration::days(1)));
    assert!(
        !skipped(&report, DEALER) && !skipped(&report, OTHER_DEALER),
        "{report}"
    );
}
