//! `forecourt build` (`generator::pipeline::build`) on the fixture dealer fixture-toyota with
//! a small feed, rendered by the real SSR bundle of frontend/: the pages and their text,
//! the changed list of an incremental rebuild, the feed sanity guard and a build that
//! dies midway.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use chrono::{Duration, NaiveDate, Utc};
use domain::rules::vehicle_text::rego_expiry_text;
use generator::pipeline::{build, BuildOptions, BuildReport, DealerStatus, Progress};
use generator::render::WorkerCommand;
use serde_json::{json, Value};
use walkdir::WalkDir;

mod common;
use common::{dealers_dir, dealers_with, line, DEALER};

const COROLLA: &str = "/cars/2022-toyota-corolla-101";
const HILUX: &str = "/cars/2022-toyota-hilux-103";
const SOLD_CAMRY: &str = "/cars/2022-toyota-camry-105";
const VIN: &str = "JTDBR3FE10J012345";

fn rego() -> NaiveDate {
    NaiveDate::from_ymd_opt(2099, 3, 31).expect("date")
}

/// Ten cars of the fixture dealer: a Corolla with a tag, rego, VIN and comments; a sold
/// Camry inside the dealer's 3-day sold window; and eight more. `hilux_price` is the
/// HiLux's price (the car an incremental rebuild changes).
fn rows(hilux_price: f64) -> Vec<String> {
    let sold_at = (Utc::now() - Duration::days(1)).to_rfc3339();
    let mut rows = vec![
        line(
            101,
            "2022-toyota-corolla-101",
            "Corolla",
            "used",
            24_990.0,
            5,
            json!({
                "tag": "Test Drive Only",
                "vin": VIN,
                "km": 45_000,
                "rego_expiry": rego().to_string(),
                "dealercomments": "One owner|Full service history|<script>alert(1)</script>",
            }),
        ),
        line(
            102,
            "2022-toyota-rav4-102",
            "RAV4",
            "new",
            41_500.0,
            1,
            json!({}),
        ),
        line(
            103,
            "2022-toyota-hilux-103",
            "HiLux",
            "demo",
            hilux_price,
            3,
            json!({}),
        ),
        line(
            105,
            "2022-toyota-camry-105",
            "Camry",
            "used",
            30_000.0,
            9,
            json!({ "status": "sold", "sold": true, "sold_at": sold_at }),
        ),
    ];
    for (i, model) in ["Yaris", "Kluger", "Prado", "LandCruiser", "C-HR", "Supra"]
        .iter()
        .enumerate()
    {
        let id = 110 + i as u64;
        let slug = format!("2022-toyota-{}-{id}", model.to_lowercase());
        rows.push(line(
            id,
            &slug,
            model,
            "used",
            20_000.0 + 1_000.0 * i as f64,
            10 + i as i64,
            json!({}),
        ));
    }
    rows
}

fn write_feed(dir: &Path, rows: &[String]) -> PathBuf {
    let feed = dir.join("feed.jsonl");
    std::fs::write(&feed, rows.join("\n") + "\n").expect("write feed");
    feed
}

fn options(dir: &Path, rows: &[String]) -> BuildOptions {
    let mut opts = BuildOptions::new(dealers_dir(), write_feed(dir, rows), dir.join("dist"));
    opts.only = vec![DEALER.to_string()];
    opts.frontend = Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend");
    opts.workers = 2;
    opts
}

fn run(opts: &BuildOptions) -> BuildReport {
    build(opts, &Progress::quiet()).unwrap_or_else(|e| panic!("the build stopped: {e}"))
}

fn site(dir: &Path) -> PathBuf {
    dir.join("dist").join(DEALER)
}

fn page(dir: &Path, path: &str) -> String {
    let file = site(dir)
        .join(path.trim_start_matches('/'))
        .join("index.html");
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

fn changed_list(dir: &Path) -> Vec<String> {
    let text =
        std::fs::read_to_string(site(dir).join(".forecourt/changed.txt")).expect("changed.txt");
    text.lines().map(str::to_string).collect()
}

fn json_ld(html: &str) -> Vec<Value> {
    html.split(r#"<script type="application/ld+json">"#)
        .skip(1)
        .map(|rest| {
            let block = rest.split("</script>").next().unwrap_or_default();
            serde_json::from_str(block)
                .unwrap_or_else(|e| panic!("JSON-LD does not parse: {e}: {block}"))
        })
        .collect()
}

/// Every file of the live site with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    WalkDir::new(site(dir))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().to_path_buf(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .collect()
}

#[test]
fn a_built_site_shows_each_cars_page_with_its_text_and_json_ld() {
    let dir = tempfile::tempdir().expect("temp dir");
    let report = run(&options(dir.path(), &rows(52_000.0)));
    assert!(report.success(), "{report:?}");

    let corolla = page(dir.path(), COROLLA);
    assert!(corolla.contains("Test Drive Only"), "the tag");
    assert!(corolla.contains("$24,990"), "the price");
    let rego_text =
        rego_expiry_text(Some(rego()), Utc::now().date_naive(), false).expect("rego text");
    assert!(
        corolla.contains(&rego_text),
        "the rego expiry text {rego_text}"
    );
    assert!(
        corolla.contains("<p>One owner</p>") && corolla.contains("<p>Full service history</p>"),
        "comments, a paragraph per pipe"
    );
    assert!(
        !corolla.contains("<script>alert(1)"),
        "a script in the comments is text"
    );
    assert!(
        corolla.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "and shown as text"
    );

    let car = json_ld(&corolla)
        .into_iter()
        .find(|block| block["@type"] == "Car")
        .expect("Car JSON-LD");
    assert_eq!(car["vehicleIdentificationNumber"], VIN);
    assert_eq!(car["mileageFromOdometer"]["unitCode"], "KMT");
    assert_eq!(car["offers"]["priceCurrency"], "AUD");
    assert_eq!(car["offers"]["price"], 24_990.0);
    assert_eq!(car["offers"]["availability"], "https://schema.org/InStock");

    let sold = page(dir.path(), SOLD_CAMRY);
    assert!(sold.contains(domain::messages::SOLD), "the sold notice");
    assert!(sold.contains(domain::messages::FIND_ME_SOMETHING_SIMILAR));

    // The vehicle pages' forms are the site's, published once.
    let forms: Value = serde_json::from_slice(
        &std::fs::read(site(dir.path()).join("_site/vehicle-forms.json")).expect("forms"),
    )
    .expect("JSON");
    assert_eq!(forms["enquiry"]["kind"], "general_enquiry");
    let sitemap = std::fs::read_to_string(site(dir.path()).join("sitemap.xml")).expect("sitemap");
    assert!(sitemap.contains(&format!("{COROLLA}</loc>")), "{sitemap}");
}

/// A page lists the HiLux where it links the HiLux's page (the mega menu's thumbnail of
/// the model may show its photo, whose name has the car's slug, on every page).
fn lists_hilux(html: &str) -> bool {
    html.contains(&format!("href=\"{HILUX}"))
}

#[test]
fn a_rebuild_renders_only_the_changed_car_and_the_pages_that_list_it() {
    // A second HiLux, which lists the first as a similar car.
    let rows = |hilux_price: f64| {
        let mut all = rows(hilux_price);
        all.push(line(
            104,
            "2021-toyota-hilux-104",
            "HiLux",
            "used",
            46_000.0,
            7,
            json!({}),
        ));
        all
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let first = run(&options(dir.path(), &rows(52_000.0)));
    assert!(first.success(), "{first:?}");
    let pages = first.dealer(DEALER).expect("dealer").pages;

    let second = run(&options(dir.path(), &rows(49_500.0)));
    let outcome = second.dealer(DEALER).expect("dealer");
    assert_eq!(outcome.status, DealerStatus::Published);
    let changed = changed_list(dir.path());
    assert!(changed.contains(&HILUX.to_string()), "{changed:?}");
    assert!(
        outcome.rendered < pages / 2,
        "{} of {pages} pages rendered again",
        outcome.rendered
    );
    assert_eq!(outcome.rendered + outcome.unchanged, pages);
    for path in changed
        .iter()
        .filter(|p| !p.contains('.') && p.as_str() != HILUX)
    {
        let html = page(dir.path(), path);
        assert!(
            lists_hilux(&html),
            "{path} changed but does not list the HiLux"
        );
    }
    assert!(page(dir.path(), HILUX).contains("$49,500"));
    // The cars that show the HiLux as a similar car have their similar cars' file
    // rewritten with its new price; their own pages stay as they were.
    let similar: Vec<&String> = changed
        .iter()
        .filter(|p| p.starts_with("/_site/similar/"))
        .collect();
    assert!(!similar.is_empty(), "{changed:?}");
    for file in similar {
        let text = std::fs::read_to_string(site(dir.path()).join(file.trim_start_matches('/')))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            text.contains(HILUX) && text.contains("$49,500"),
            "{file}: {text}"
        );
        let car = file
            .trim_start_matches("/_site/similar/")
            .trim_end_matches(".json");
        let car_page = format!("/cars/{car}");
        assert!(
            !changed.contains(&car_page),
            "{car_page} changed: {changed:?}"
        );
        assert!(
            page(dir.path(), &car_page).contains(&format!("\"similar_url\":\"{file}\"")),
            "{car_page} links {file}"
        );
    }
    // The dealer's stock state, which the publish uploads for the API, follows the build:
    // only this dealer's cars, the HiLux at its new price, the Camry sold.
    let stock = std::fs::read_to_string(
        site(dir.path())
            .join(generator::publish::META_DIR)
            .join(generator::publish::STOCK_FILE),
    )
    .expect("stock state");
    let line = |slug: &str| {
        stock
            .lines()
            .find(|l| l.split('\t').nth(1) == Some(slug))
            .unwrap_or_else(|| panic!("{slug} in {stock}"))
    };
    assert!(
        line("2022-toyota-hilux-103").contains("\t49500\t103\treservable\t"),
        "{stock}"
    );
    assert!(
        line("2022-toyota-camry-105").contains("\t105\tsold\t"),
        "{stock}"
    );
    assert!(
        stock
            .lines()
            .skip(1)
            .all(|l| l.starts_with(&format!("{DEALER}\t"))),
        "{stock}"
    );
    for path in [COROLLA, SOLD_CAMRY] {
        let html = page(dir.path(), path);
        assert_eq!(
            lists_hilux(&html),
            changed.contains(&path.to_string()),
            "{path}"
        );
    }

    // Nothing changed: nothing rendered, nothing listed.
    let third = run(&options(dir.path(), &rows(49_500.0)));
    assert_eq!(third.dealer(DEALER).expect("dealer").rendered, 0);
    assert_eq!(changed_list(dir.path()), Vec::<String>::new());
}

#[test]
fn a_page_gone_from_the_live_site_is_made_again_by_the_next_build() {
    let dir = tempfile::tempdir().expect("temp dir");
    assert!(run(&options(dir.path(), &rows(52_000.0))).success());
    let corolla = site(dir.path())
        .join(COROLLA.trim_start_matches('/'))
        .join("index.html");
    std::fs::remove_file(&corolla).expect("remove the Corolla's page");

    // Another car changes, so the dealer is built; the Corolla's page is unchanged but
    // cannot be linked from the live site, so it is rendered.
    let next = run(&options(dir.path(), &rows(49_500.0)));
    assert!(next.success(), "{next:?}");
    assert!(page(dir.path(), COROLLA).contains("Corolla"));
}

#[test]
fn a_feed_missing_half_the_stock_is_refused_until_forced() {
    let dir = tempfile::tempdir().expect("temp dir");
    let all = rows(52_000.0);
    assert!(run(&options(dir.path(), &all)).success());
    let before = snapshot(dir.path());

    let short: Vec<String> = all.iter().take(4).cloned().collect();
    let refused = run(&options(dir.path(), &short));
    let status = &refused.dealer(DEALER).expect("dealer").status;
    let DealerStatus::Refused(message) = status else {
        panic!("not refused: {status:?}")
    };
    assert!(
        message.contains(DEALER) && message.contains("--force"),
        "{message}"
    );
    assert_eq!(snapshot(dir.path()), before, "the live site is untouched");

    let mut forced = options(dir.path(), &short);
    forced.force = true;
    assert!(run(&forced).success());
    assert!(
        !site(dir.path()).join("cars/2022-toyota-yaris-110").exists(),
        "the missing cars' pages are gone"
    );
    assert!(
        changed_list(dir.path()).contains(&"/cars/2022-toyota-yaris-110".to_string()),
        "and listed for invalidation"
    );
}

#[test]
fn a_build_that_dies_midway_leaves_the_live_site_as_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let all = rows(52_000.0);
    assert!(run(&options(dir.path(), &all)).success());
    let before = snapshot(dir.path());

    // Every page again, by a worker that answers a few pages and then dies on each one.
    let mut opts = options(dir.path(), &rows(47_000.0));
    opts.full = true;
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/build/worker.js");
    let mut worker = WorkerCommand::node(&fixture);
    worker
        .env
        .push((OsString::from("FIXTURE_CRASH_AFTER"), OsString::from("5")));
    worker.env.push((
        OsString::from("FIXTURE_COUNT"),
        dir.path().join("count").into_os_string(),
    ));
    opts.worker = Some(worker);
    let report = run(&opts);
    let status = &report.dealer(DEALER).expect("dealer").status;
    let DealerStatus::Failed(errors) = status else {
        panic!("did not fail: {status:?}")
    };
    assert!(
        errors
            .iter()
            .any(|e| e.contains("/cars/") && e.contains("the fixture worker died midway")),
        "{errors:?}"
    );

    assert_eq!(snapshot(dir.path()), before, "the live site is untouched");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("dist"))
        .expect("dist")
        .filter_map(Result::ok)
        .filter(|e| {
            [".staging", ".previous", ".old"]
                .iter()
                .any(|p| e.file_name().to_string_lossy().starts_with(p))
        })
        .collect();
    assert!(
        leftovers.is_empty(),
        "no staging folder is left: {leftovers:?}"
    );

    // The next build starts from the live site and publishes.
    let next = run(&options(dir.path(), &rows(47_000.0)));
    assert!(next.success(), "{next:?}");
    assert!(page(dir.path(), HILUX).contains("$47,000"));
}

#[test]
fn a_site_of_many_cars_is_made_a_few_cars_at_a_time_and_lists_every_car_in_stock_order() {
    // Enough cars for several chunks of cars' pages (a build makes them as it renders).
    let dir = tempfile::tempdir().expect("temp dir");
    let mut all = rows(52_000.0);
    for i in 0..150_u64 {
        let model = ["Corolla", "RAV4", "HiLux"][(i % 3) as usize];
        let id = 300 + i;
        all.push(line(
            id,
            &format!("2022-toyota-{}-{id}", model.to_lowercase()),
            model,
            "used",
            15_000.0 + 10.0 * i as f64,
            20,
            json!({}),
        ));
    }
    let mut opts = options(dir.path(), &all);
    opts.worker = Some(WorkerCommand::node(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/build/worker.js"),
    ));
    let report = run(&opts);
    assert!(report.success(), "{report:?}");

    let slugs: Vec<String> = all
        .iter()
        .map(|row| {
            serde_json::from_str::<Value>(row).expect("row")["slug"]
                .as_str()
                .expect("slug")
                .to_string()
        })
        .collect();
    for slug in &slugs {
        assert!(
            page(dir.path(), &format!("/cars/{slug}")).contains("<html"),
            "{slug}"
        );
    }
    let sitemap = std::fs::read_to_string(site(dir.path()).join("sitemap.xml")).expect("sitemap");
    let listed: Vec<&str> = sitemap
        .lines()
        .filter_map(|l| l.split("/cars/").nth(1))
        .filter_map(|rest| rest.split("</loc>").next())
        .collect();
    // The sold Camry keeps its page for the sold window but is not listed.
    let unsold: Vec<&String> = slugs.iter().filter(|s| !s.contains("camry-105")).collect();
    assert_eq!(listed, unsold, "the unsold cars' pages in stock order");
    let outcome = report.dealer(DEALER).expect("dealer");
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(site(dir.path()).join(".forecourt/manifest.json"))
            .expect("manifest"),
    )
    .expect("manifest json");
    let html_outputs = manifest["outputs"]
        .as_object()
        .expect("outputs")
        .keys()
        .filter(|k| k.ends_with(".html"))
        .count();
    assert_eq!(outcome.pages, html_outputs, "every page counted once");
    assert_eq!(outcome.rendered, outcome.pages);
}

/// Every file of a site folder with its bytes, by relative path, without the build
/// metadata (its manifest carries the build time).
fn contents(site_dir: &Path) -> BTreeMap<String, Vec<u8>> {
    WalkDir::new(site_dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path()
                    .strip_prefix(site_dir)
                    .expect("inside")
                    .to_string_lossy()
                    .into_owned(),
                e,
            )
        })
        .filter(|(rel, _)| !rel.starts_with(".forecourt"))
        .map(|(rel, e)| (rel, std::fs::read(e.path()).expect("read")))
        .collect()
}

#[test]
fn each_rebuild_publishes_the_same_site_as_a_full_build_and_changes_only_what_differs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let now = Utc::now();
    let all = rows(52_000.0);
    let without_yaris: Vec<String> = all
        .iter()
        .filter(|r| !r.contains("yaris"))
        .cloned()
        .collect();
    let corolla_driven = all
        .iter()
        .map(|r| r.replace("\"km\":45000", "\"km\":46000"))
        .collect::<Vec<_>>();
    assert_ne!(corolla_driven, all);
    // The feed of each build: a first one, a price change, the change undone, a car
    // sold out of the feed, and back; then one car's odometer, which no other car's
    // page shows.
    let steps = [
        all.clone(),
        rows(49_500.0),
        all.clone(),
        without_yaris,
        all,
        corolla_driven,
    ];
    for (step, feed) in steps.iter().enumerate() {
        let mut opts = options(dir.path(), feed);
        opts.now = now;
        let report = run(&opts);
        assert!(report.success(), "step {step}: {report:?}");

        let fresh = dir.path().join(format!("fresh-{step}"));
        std::fs::create_dir_all(&fresh).expect("fresh dir");
        let mut full = options(&fresh, feed);
        full.now = now;
        full.full = true;
        assert!(run(&full).success());
        let (live, expected) = (contents(&site(dir.path())), contents(&site(&fresh)));
        assert_eq!(
            live.keys().collect::<Vec<_>>(),
            expected.keys().collect::<Vec<_>>(),
            "step {step}: the files"
        );
        for (rel, bytes) in &expected {
            assert!(
                live[rel] == *bytes,
                "step {step}: {rel} differs from a full build's"
            );
        }
        std::fs::remove_dir_all(&fresh).expect("remove fresh");

        let outcome = report.dealer(DEALER).expect("dealer");
        let changed = changed_list(dir.path());
        match step {
            // Undone: the pages are the site's before the live one, kept, not rendered,
            // and listed as changed all the same (the CDN has the other version).
            2 | 4 => {
                assert_eq!(outcome.rendered, 0, "step {step} renders nothing");
                let page = if step == 2 {
                    HILUX
                } else {
                    "/cars/2022-toyota-yaris-110"
                };
                assert!(changed.contains(&page.to_string()), "{changed:?}");
            }
            3 => {
                assert!(
                    changed.contains(&"/cars/2022-toyota-yaris-110".to_string()),
                    "{changed:?}"
                );
                assert!(
                    !site(dir.path()).join("cars/2022-toyota-yaris-110").exists(),
                    "the sold car's folder is gone"
                );
            }
            1 => assert!(
                outcome.rendered > 0 && outcome.rendered < outcome.pages / 2,
                "{outcome:?}"
            ),
            // The other cars' pages are kept without being made (debug builds make them
            // all the same and check they are the live site's).
            5 => {
                assert_eq!(outcome.cars_kept, outcome.stock - 1, "{outcome:?}");
                assert!(changed.contains(&COROLLA.to_string()), "{changed:?}");
                assert!(page(dir.path(), COROLLA).contains("46,000 km"));
            }
            _ => {}
        }
    }
}

/// "After rendering, the build checks every internal href and src of every page
/// of a dealer against the pages and assets it is about to publish (anchors included)
/// and refuses to publish a site with a dead one, naming page, link and the config key
/// that made it." The fixture dealer's default footer (which linked
/// /vehicle-parts-and-accessories without features.parts_orders) builds clean; a footer
/// link to a page nobody publishes stops the dealer before the swap.
#[test]
fn a_dead_internal_link_stops_the_dealer_naming_page_link_and_config_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    let clean = run(&options(dir.path(), &rows(52_000.0)));
    assert!(
        clean.success(),
        "the fixture dealer builds clean: {clean:?}"
    );
    let before = snapshot(dir.path());

    let mut opts = options(dir.path(), &rows(52_000.0));
    opts.dealers_dir = dealers_with_extra(
        dir.path(),
        r##"[[menus.footer]]
title = "Company"
links = [{ label = "About", url = "/about-us#team" }, { label = "History", url = "/our-history" }]
"##,
    );
    let report = run(&opts);
    let outcome = report
        .dealers
        .iter()
        .find(|d| d.slug == DEALER)
        .expect("the dealer");
    let DealerStatus::Failed(errors) = &outcome.status else {
        panic!("a dead link must stop the dealer: {outcome:?}");
    };
    let dead = errors
        .iter()
        .find(|e| e.contains("dead link /our-history "))
        .unwrap_or_else(|| panic!("the dead link is named: {errors:#?}"));
    assert!(dead.starts_with(&format!("{DEALER}: ")), "{dead}");
    assert!(
        dead.contains("this build publishes no our-history/index.html"),
        "{dead}"
    );
    assert!(
        dead.contains(&format!(
            "made by menus.footer[0].links[1].url in dealers/{DEALER}/dealer.toml"
        )),
        "{dead}"
    );
    assert!(dead.contains(" pages (/"), "the pages carrying it: {dead}");
    // The default about page is published, without an element of id "team".
    assert!(
        errors
            .iter()
            .any(|e| e.contains("dead link /about-us#team ")
                && e.contains("/about-us has no element with id=\"team\"")),
        "{errors:#?}"
    );
    assert_eq!(snapshot(dir.path()), before, "the live site is unchanged");
}

/// The fixture dealers copied to `dir`, with `extra` appended to the fixture dealer's
/// dealer.toml.
fn dealers_with_extra(dir: &Path, extra: &str) -> PathBuf {
    dealers_with(dir, |text| format!("{text}\n{extra}\n"))
}
