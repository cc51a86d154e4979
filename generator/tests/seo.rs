//! Found by search engines, over a built site: what is kept out of the index
//! says so and stays fetchable, the sitemap lists only what should rank with a date on
//! every URL, each group of duplicate routes names one canonical URL, the vehicle markup
//! says what the page says, and every page has an absolute Open Graph image.
//!
//! The fixture dealer is built by `forecourt build` with the fixture SSR worker and a
//! stand-in frontend build (a Vite manifest naming every page kind's entry): what is
//! asserted here is the document shell, the sitemap and robots.txt, which wrap whatever
//! markup a worker returns.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chrono::{Duration, Utc};
use domain::view::PageKind;
use generator::pipeline::{build, BuildOptions, Progress};
use generator::render::WorkerCommand;
use serde_json::{json, Value};
use walkdir::WalkDir;

mod common;
use common::{dealers_with, line, DEALER};

const BASE: &str = "https://www.fixture-toyota.example";
const COROLLA: &str = "/cars/2022-toyota-corolla-101";
const UNPRICED: &str = "/cars/2022-toyota-rav4-102";
const SOLD_CAMRY: &str = "/cars/2022-toyota-camry-105";
const COMING_SOON: &str = "/cars/2022-toyota-kluger-106";
const COMING_SOON_TAGGED: &str = "/cars/2022-toyota-prado-107";
const MOTORCYCLE: &str = "/cars/2022-yamaha-mt-07-108";
const CARAVAN: &str = "/cars/2022-jayco-starcraft-109";
const LOCATION: &str = "fixture-toyota-grafton";

/// The feed: a Corolla with its specifications, an enquire-for-price RAV4, a sold Camry
/// inside the sold window, two coming-soon cars (one whose custom tag is what its page
/// shows), a motorcycle and a caravan. No demo car, so /search/demo-cars lists none.
fn rows() -> Vec<String> {
    let sold_at = (Utc::now() - Duration::days(1)).to_rfc3339();
    vec![
        line(
            101,
            "2022-toyota-corolla-101",
            "Corolla",
            "used",
            24_990.0,
            5,
            json!({
                "badge": "Ascent Sport",
                "simple_fuel": "Petrol",
                "simple_transmission": "Automatic",
                "simple_drive": "FWD",
                "engine_size": 1987,
                "seats": 5,
                "simple_body": "Hatch",
            }),
        ),
        line(
            102,
            "2022-toyota-rav4-102",
            "RAV4",
            "new",
            0.0,
            1,
            json!({ "price": null }),
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
        line(
            106,
            "2022-toyota-kluger-106",
            "Kluger",
            "new",
            61_000.0,
            2,
            json!({ "status": "coming_soon" }),
        ),
        line(
            107,
            "2022-toyota-prado-107",
            "Prado",
            "new",
            71_000.0,
            2,
            json!({ "status": "coming_soon", "tag": "Test Drive Only" }),
        ),
        line(
            108,
            "2022-yamaha-mt-07-108",
            "MT-07",
            "used",
            9_990.0,
            4,
            json!({ "make": "Yamaha", "simple_body": "Motorcycle", "engine_size": 689 }),
        ),
        line(
            109,
            "2022-jayco-starcraft-109",
            "Starcraft",
            "used",
            45_990.0,
            4,
            json!({ "make": "Jayco", "simple_body": "Caravan" }),
        ),
        // Two Corollas alike but for their odometers, and a feed name that says the
        // make twice.
        line(
            110,
            "2022-toyota-corolla-110",
            "Corolla",
            "used",
            23_990.0,
            6,
            json!({ "badge": "Ascent Sport", "colour": "White", "km": 40_000 }),
        ),
        line(
            111,
            "2022-toyota-corolla-111",
            "Corolla",
            "used",
            23_990.0,
            6,
            json!({ "badge": "Ascent Sport", "colour": "White", "km": 52_000 }),
        ),
        line(
            112,
            "2022-toyota-yaris-112",
            "Yaris",
            "used",
            19_990.0,
            7,
            json!({ "name": "2022 Toyota Toyota Yaris" }),
        ),
    ]
}

/// A frontend build standing in for Vite's: the fixture worker as the SSR worker and a
/// client manifest with the boot script and every page kind's entry.
fn stand_in_frontend(dir: &Path) -> PathBuf {
    let frontend = dir.join("frontend");
    std::fs::create_dir_all(frontend.join("build/server")).expect("server dir");
    std::fs::create_dir_all(frontend.join("build/client/.vite")).expect("client dir");
    std::fs::create_dir_all(frontend.join("build/client/assets")).expect("assets dir");
    // Written first: a source newer than the build would ask for a Vite build.
    std::fs::write(frontend.join("package.json"), "{}\n").expect("package.json");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/build/worker.js"),
        frontend.join("build/server/worker.js"),
    )
    .expect("worker");
    let mut manifest = serde_json::Map::new();
    manifest.insert(
        "src/boot.ts".into(),
        json!({ "file": "assets/boot.js", "isEntry": true }),
    );
    std::fs::write(frontend.join("build/client/assets/boot.js"), "").expect("boot");
    for kind in PageKind::ALL {
        let file = format!("assets/{}.js", kind.as_str());
        std::fs::write(frontend.join("build/client").join(&file), "").expect("entry");
        manifest.insert(
            format!("src/entries/{}.tsx", kind.as_str()),
            json!({ "file": file, "isEntry": true }),
        );
    }
    std::fs::write(
        frontend.join("build/client/.vite/manifest.json"),
        Value::Object(manifest).to_string(),
    )
    .expect("manifest");
    frontend
}

/// The fixture dealers copied to `dir`, the fixture dealer with the our-location routes,
/// favourites (the watchlist), compare and the buy-online journey switched on.
fn dealers(dir: &Path) -> PathBuf {
    dealers_with(dir, |text| {
        let text = text.replace(
            "route = \"checkout\"",
            "route = \"checkout\"\nbuy_online_journey = true",
        );
        format!(
            "{text}\n[locations]\nour_location_route = true\n\n[favourites]\nenabled = true\n\n[features]\ncompare = true\n\n[footer]\nsocial = [{{ network = \"facebook\", url = \"https://www.facebook.com/fixture-toyota\" }}]\n"
        )
    })
}

/// Builds the site once for every test of this file, at `now`, into `dir`.
fn build_site(dir: &Path, now: chrono::DateTime<Utc>) -> PathBuf {
    std::fs::create_dir_all(dir).expect("dir");
    let feed = dir.join("feed.jsonl");
    std::fs::write(&feed, rows().join("\n") + "\n").expect("feed");
    let mut opts = BuildOptions::new(dealers(dir), &feed, dir.join("dist"));
    opts.only = vec![DEALER.to_string()];
    opts.frontend = stand_in_frontend(dir);
    opts.worker = Some(WorkerCommand::node(
        &opts.frontend.join("build/server/worker.js"),
    ));
    opts.workers = 1;
    opts.now = now;
    let report = build(&opts, &Progress::quiet()).unwrap_or_else(|e| panic!("build: {e}"));
    assert!(report.success(), "{report:?}");
    LAST_REPORT.with(|r| *r.borrow_mut() = report.to_string());
    dir.join("dist").join(DEALER)
}

thread_local! {
    /// The closing report of this thread's last build.
    static LAST_REPORT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The closing report of the build [`site`] made.
static REPORT: OnceLock<String> = OnceLock::new();

/// The site every test reads, built once.
fn site() -> &'static Path {
    static SITE: OnceLock<PathBuf> = OnceLock::new();
    SITE.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("seo-site");
        let _ = std::fs::remove_dir_all(&dir);
        let site = build_site(&dir, Utc::now());
        let _ = REPORT.set(LAST_REPORT.with(|r| r.borrow().clone()));
        site
    })
}

fn file(path: &str) -> String {
    let rel = path.trim_start_matches('/');
    let file = if rel.ends_with(".html") || rel.ends_with(".xml") || rel.ends_with(".txt") {
        site().join(rel)
    } else {
        site().join(rel).join("index.html")
    };
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// Every page of the site: its path and its document.
fn pages() -> BTreeMap<String, String> {
    WalkDir::new(site())
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(site())
                .expect("inside")
                .to_string_lossy()
                .into_owned();
            let path = if rel == "index.html" {
                "/".to_string()
            } else if let Some(dir) = rel.strip_suffix("/index.html") {
                format!("/{dir}")
            } else {
                format!("/{rel}")
            };
            (path, std::fs::read_to_string(e.path()).expect("read"))
        })
        .collect()
}

/// The attribute value after `marker` (up to the closing quote), `&#x2f;` read as `/`.
fn attribute(html: &str, marker: &str) -> Option<String> {
    let rest = html.split(marker).nth(1)?;
    Some(rest.split('"').next()?.replace("&#x2f;", "/"))
}

fn canonical(html: &str) -> Option<String> {
    attribute(html, "<link rel=\"canonical\" href=\"")
}

fn noindexed(html: &str) -> bool {
    html.contains("<meta name=\"robots\" content=\"noindex, follow\">")
}

/// The sitemap's URLs with their dates.
fn sitemap() -> Vec<(String, Option<String>)> {
    file("/sitemap.xml")
        .lines()
        .filter_map(|l| {
            let loc = l.split("<loc>").nth(1)?.split("</loc>").next()?;
            let date = l
                .split("<lastmod>")
                .nth(1)
                .and_then(|d| d.split("</lastmod>").next())
                .map(str::to_string);
            Some((loc.to_string(), date))
        })
        .collect()
}

fn json_ld(html: &str) -> Vec<Value> {
    html.split(r#"<script type="application/ld+json">"#)
        .skip(1)
        .map(|rest| {
            let block = rest.split("</script>").next().unwrap_or_default();
            serde_json::from_str(block).unwrap_or_else(|e| panic!("JSON-LD: {e}: {block}"))
        })
        .collect()
}

/// The vehicle block of a car page (the one with an `offers` or a VIN-like `model`).
fn vehicle(path: &str) -> Value {
    json_ld(&file(path))
        .into_iter()
        .find(|b| b.get("model").is_some() && b.get("brand").is_some())
        .unwrap_or_else(|| panic!("{path}: no vehicle JSON-LD"))
}

const NOINDEXED: [&str; 9] = [
    "/cars/2022-toyota-corolla-101/checkout",
    "/sign-in",
    "/watchlist",
    "/success",
    "/print",
    "/online-payment",
    "/checkout-journey",
    "/compare",
    "/404.html",
];

#[test]
fn pages_kept_out_of_the_index_say_noindex_and_robots_lets_crawlers_read_them() {
    let pages = pages();
    for path in NOINDEXED {
        let html = pages
            .get(path)
            .unwrap_or_else(|| panic!("{path} is published"));
        assert!(noindexed(html), "{path} says noindex, follow");
    }
    for path in [
        "/",
        COROLLA,
        "/search/used-cars",
        "/trade-in",
        "/dealerships",
    ] {
        assert!(!noindexed(&pages[path]), "{path} is indexable");
    }
    assert_eq!(
        pages.values().filter(|html| noindexed(html)).count(),
        pages
            .keys()
            .filter(|p| p.ends_with("/checkout") || NOINDEXED.contains(&p.as_str()))
            .count(),
        "only those pages are noindexed"
    );
    // The 404 page answers at any path: no canonical names a /404 that does not exist.
    let not_found = &pages["/404.html"];
    assert_eq!(canonical(not_found), None, "{not_found}");
    assert!(!not_found.contains("/404\""), "{not_found}");

    let robots = file("/robots.txt");
    for path in NOINDEXED {
        let path = path.trim_end_matches(".html");
        assert!(
            !robots
                .lines()
                .any(|l| l.trim() == format!("Disallow: {path}")),
            "{path} is fetchable: {robots}"
        );
    }
    let disallowed: Vec<&str> = robots
        .lines()
        .filter_map(|l| l.strip_prefix("Disallow:"))
        .map(str::trim)
        .collect();
    assert_eq!(disallowed, ["/api/"], "{robots}");
    assert!(robots.contains(&format!("Sitemap: {BASE}/sitemap.xml")));
}

#[test]
fn the_sitemap_lists_only_what_should_rank_each_with_a_date() {
    let pages = pages();
    let listed = sitemap();
    assert!(!listed.is_empty());
    for (loc, date) in &listed {
        let path = loc.strip_prefix(BASE).expect("on the primary domain");
        let html = pages
            .get(path)
            .unwrap_or_else(|| panic!("{path} in the sitemap is published"));
        assert!(!noindexed(html), "{path} is noindexed but listed");
        assert_eq!(
            canonical(html).as_deref(),
            Some(loc.as_str()),
            "{path} is listed but canonicalises elsewhere"
        );
        let date = date
            .as_deref()
            .unwrap_or_else(|| panic!("{path} has no lastmod"));
        assert!(
            chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok(),
            "{path}: {date}"
        );
    }
    let locs: Vec<&str> = listed.iter().map(|(l, _)| l.as_str()).collect();
    let has = |path: &str| locs.contains(&format!("{BASE}{path}").as_str());
    assert!(!has(SOLD_CAMRY), "a sold car is not listed");
    assert!(has(COROLLA));
    assert!(
        pages["/search/demo-cars"].contains("<html"),
        "the empty landing page is published"
    );
    assert!(!has("/search/demo-cars"), "but not listed: no car");
    assert!(has("/search/used-cars"));
    // A car is dated by its listing.
    let corolla = &listed
        .iter()
        .find(|(l, _)| l.ends_with(COROLLA))
        .expect("the Corolla")
        .1;
    let listed_on = (Utc::now() - Duration::days(5)).date_naive().to_string();
    assert_eq!(corolla.as_deref(), Some(listed_on.as_str()));
    // Every indexable page that canonicalises to itself is listed (but empty landings and
    // sold cars).
    for (path, html) in &pages {
        if noindexed(html) || canonical(html) != Some(format!("{BASE}{path}")) {
            continue;
        }
        if path == SOLD_CAMRY || path == "/search/demo-cars" || path.starts_with("/search/") {
            continue;
        }
        assert!(has(path), "{path} is indexable but not in the sitemap");
    }
}

#[test]
fn a_page_keeps_its_sitemap_date_until_its_content_changes() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("seo-dates");
    let _ = std::fs::remove_dir_all(&dir);
    let yesterday = Utc::now() - Duration::days(1);
    let site = build_site(&dir, yesterday);
    let dates = |site: &Path| -> BTreeMap<String, String> {
        std::fs::read_to_string(site.join("sitemap.xml"))
            .expect("sitemap")
            .lines()
            .filter_map(|l| {
                let loc = l.split("<loc>").nth(1)?.split("</loc>").next()?;
                let date = l.split("<lastmod>").nth(1)?.split("</lastmod>").next()?;
                Some((loc.to_string(), date.to_string()))
            })
            .collect()
    };
    let before = dates(&site);
    let manifest = |site: &Path| -> Value {
        serde_json::from_str(
            &std::fs::read_to_string(site.join(".forecourt/manifest.json")).expect("manifest"),
        )
        .expect("manifest JSON")
    };
    let hashes_before = manifest(&site)["outputs"].clone();
    let site = build_site(&dir, Utc::now());
    let after = dates(&site);
    let hashes_after = manifest(&site)["outputs"].clone();
    let today = Utc::now().date_naive().to_string();
    let (mut kept, mut moved) = (0, 0);
    for (loc, date) in &after {
        let path = loc.strip_prefix(BASE).expect("primary domain");
        if path.starts_with("/cars/") {
            continue;
        }
        let output = if path == "/" {
            "index.html".to_string()
        } else {
            format!("{}/index.html", path.trim_start_matches('/'))
        };
        if hashes_before[&output] == hashes_after[&output] {
            assert_eq!(Some(date), before.get(loc), "{path} did not change");
            kept += 1;
        } else {
            assert_eq!(date, &today, "{path} changed today");
            moved += 1;
        }
    }
    assert!(kept + moved > 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_group_of_duplicate_routes_names_one_canonical_url_and_only_it_is_listed() {
    let pages = pages();
    let listed: Vec<String> = sitemap().into_iter().map(|(l, _)| l).collect();
    let groups: [(&str, &[&str]); 5] = [
        (
            &format!("/locations/{LOCATION}"),
            &[
                &format!("/contact-us/{LOCATION}"),
                &format!("/our-location/{LOCATION}"),
            ],
        ),
        ("/special-offers", &["/offers"]),
        ("/dealerships", &["/contact"]),
        ("/search/new-used-and-demo-cars", &["/search"]),
        (
            "/trade-in",
            &["/sell-my-car", "/sell-your-car", "/cars/trade-in"],
        ),
    ];
    for (primary, others) in groups {
        let url = format!("{BASE}{primary}");
        for path in std::iter::once(&primary).chain(others.iter()) {
            let html = pages
                .get(*path)
                .unwrap_or_else(|| panic!("{path} stays reachable"));
            assert_eq!(
                canonical(html).as_deref(),
                Some(url.as_str()),
                "{path} names {primary}"
            );
            assert_eq!(
                listed.contains(&format!("{BASE}{path}")),
                *path == primary,
                "{path}: only {primary} is in the sitemap"
            );
        }
    }
}

#[test]
fn the_vehicle_markup_says_what_the_page_says() {
    let corolla = vehicle(COROLLA);
    assert_eq!(corolla["@type"], "Car");
    assert_eq!(corolla["vehicleConfiguration"], "Ascent Sport");
    assert_eq!(corolla["fuelType"], "Petrol");
    assert_eq!(corolla["vehicleTransmission"], "Automatic");
    assert_eq!(corolla["driveWheelConfiguration"], "FWD");
    assert_eq!(corolla["seatingCapacity"], 5);
    assert_eq!(
        corolla["vehicleEngine"]["engineDisplacement"]["value"],
        1987
    );
    assert_eq!(
        corolla["vehicleEngine"]["engineDisplacement"]["unitCode"],
        "CMQ"
    );
    assert_eq!(corolla["offers"]["price"], 24_990.0);
    assert_eq!(
        corolla["offers"]["availability"],
        "https://schema.org/InStock"
    );

    // Enquire for price: the car, without an Offer it cannot price.
    let unpriced = vehicle(UNPRICED);
    assert_eq!(unpriced["@type"], "Car");
    assert!(unpriced.get("offers").is_none(), "{unpriced}");

    // Pre-order only where the page shows "coming soon" (the custom tag wins the card).
    assert_eq!(
        vehicle(COMING_SOON)["offers"]["availability"],
        "https://schema.org/PreOrder"
    );
    assert!(file(COMING_SOON).contains("<html"));
    assert_eq!(
        vehicle(COMING_SOON_TAGGED)["offers"]["availability"],
        "https://schema.org/InStock"
    );
    assert_eq!(
        vehicle(SOLD_CAMRY)["offers"]["availability"],
        "https://schema.org/SoldOut"
    );

    assert_eq!(vehicle(MOTORCYCLE)["@type"], "Motorcycle");
    assert!(vehicle(MOTORCYCLE).get("seatingCapacity").is_none());
    assert_eq!(vehicle(CARAVAN)["@type"], "Vehicle");
}

#[test]
fn every_page_has_an_absolute_open_graph_image() {
    let pages = pages();
    for (path, html) in &pages {
        let image = attribute(html, "<meta property=\"og:image\" content=\"")
            .unwrap_or_else(|| panic!("{path} has no og:image"));
        assert!(image.starts_with("https://"), "{path}: {image}");
    }
    // A car page shows its first photo, sized for sharing by the image service.
    let corolla =
        attribute(&pages[COROLLA], "<meta property=\"og:image\" content=\"").expect("og:image");
    assert!(
        corolla.starts_with(&format!("{BASE}/img/w_"))
            && corolla.contains("cdn.example.com/2022-toyota-corolla-101.jpg"),
        "{corolla}"
    );
    // A page without an image of its own: the dealer's logo.
    let terms = attribute(
        &pages["/terms-and-conditions"],
        "<meta property=\"og:image\" content=\"",
    )
    .expect("og:image");
    assert_eq!(terms, format!("{BASE}/logo.svg"));
}

/// The text of the element or attribute after `marker`, up to `end`, with the shell's
/// HTML escapes read back.
fn text_after(html: &str, marker: &str, end: &str) -> Option<String> {
    let raw = html.split(marker).nth(1)?.split(end).next()?;
    Some(
        raw.replace("&#x2f;", "/")
            .replace("&#x27;", "'")
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

fn title(html: &str) -> String {
    text_after(html, "<title>", "</title>").expect("a title")
}

fn description(html: &str) -> String {
    text_after(html, "<meta name=\"description\" content=\"", "\"").expect("a description")
}

#[test]
fn every_indexable_page_has_its_own_title_and_a_description_results_show_whole() {
    let pages = pages();
    let mut titles: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut indexable = 0;
    for (path, html) in &pages {
        let own = canonical(html).is_some_and(|c| c == format!("{BASE}{path}"));
        if noindexed(html) || !own {
            continue;
        }
        indexable += 1;
        titles.entry(title(html)).or_default().push(path.clone());
        let text = description(html);
        let length = text.chars().count();
        assert!(
            (65..=160).contains(&length),
            "{path}: a description of {length} characters: {text}"
        );
    }
    assert!(indexable > 20, "{indexable} indexable pages");
    let shared: Vec<_> = titles.iter().filter(|(_, paths)| paths.len() > 1).collect();
    assert!(shared.is_empty(), "titles shared by pages: {shared:?}");

    // Alike cars are told apart by what differs, and say what they are and cost.
    let first = file("/cars/2022-toyota-corolla-110");
    let second = file("/cars/2022-toyota-corolla-111");
    assert!(title(&first).starts_with("2022 Toyota Corolla Ascent Sport, White, 40,000 km"));
    assert!(title(&second).starts_with("2022 Toyota Corolla Ascent Sport, White, 52,000 km"));
    assert!(
        description(&first)
            .starts_with("Used 2022 Toyota Corolla Ascent Sport for $23,990: 40,000 km"),
        "{}",
        description(&first)
    );
    // A name said twice by the feed is said once.
    let yaris = file("/cars/2022-toyota-yaris-112");
    assert!(
        title(&yaris).starts_with("2022 Toyota Yaris |"),
        "{}",
        title(&yaris)
    );
    assert_eq!(
        vehicle("/cars/2022-toyota-yaris-112")["name"],
        "2022 Toyota Yaris"
    );
    // A landing page says what it lists, how many and from what price.
    let corollas = description(&file("/search/toyota/corolla"));
    assert!(
        corollas.contains(": 3 in stock from $23,990."),
        "{corollas}"
    );
}

#[test]
fn the_build_prints_what_the_site_tells_search_engines() {
    let pages = pages();
    let listed = sitemap().len();
    let kept_out = pages.values().filter(|html| noindexed(html)).count();
    let indexable = pages
        .iter()
        .filter(|(path, html)| {
            !noindexed(html) && canonical(html).is_some_and(|c| c == format!("{BASE}{path}"))
        })
        .count();
    let report = REPORT.get().expect("the site was built");
    let line = report
        .lines()
        .find(|l| l.starts_with(&format!("seo {DEALER}: ")))
        .unwrap_or_else(|| panic!("no SEO line in {report}"));
    // The demo-cars landing page lists none and the sold Camry is past ranking.
    assert_eq!(
        line,
        format!(
            "seo {DEALER}: {indexable} indexable, {kept_out} noindexed, {listed} in sitemap, \
             {} indexable not in sitemap, 0 duplicate titles",
            indexable - listed
        )
    );
}

#[test]
fn the_dealer_markup_has_its_address_social_pages_and_one_id_its_locations_name() {
    let home = json_ld(&file("/"));
    let dealer = home
        .iter()
        .find(|b| b["@type"] == "AutoDealer")
        .expect("the home page's AutoDealer");
    let id = format!("{BASE}/#dealer");
    assert_eq!(dealer["@id"], id.as_str());
    assert_eq!(
        dealer["sameAs"],
        json!(["https://www.facebook.com/fixture-toyota"])
    );
    assert_eq!(dealer["address"]["@type"], "PostalAddress");
    assert!(dealer["address"]["addressLocality"].is_string(), "{dealer}");
    let location = json_ld(&file(&format!("/locations/{LOCATION}")))
        .into_iter()
        .find(|b| b["@type"] == "AutoDealer")
        .expect("the location's AutoDealer");
    assert_eq!(location["parentOrganization"]["@id"], id.as_str());
    assert_eq!(
        location["@id"],
        format!("{BASE}/locations/{LOCATION}#dealer").as_str()
    );
    assert!(dealer["department"]
        .as_array()
        .expect("departments")
        .iter()
        .any(|d| d["@id"] == location["@id"]));

    // A model's landing page's trail passes through its make's.
    let trail = json_ld(&file("/search/toyota/corolla"))
        .into_iter()
        .find(|b| b["@type"] == "BreadcrumbList")
        .expect("a trail");
    let items: Vec<(String, String)> = trail["itemListElement"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| {
            (
                i["name"].as_str().unwrap_or_default().to_string(),
                i["item"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(
        items[1],
        ("Toyota".to_string(), format!("{BASE}/search/toyota"))
    );
    assert_eq!(
        items.last().map(|i| i.1.clone()),
        Some(format!("{BASE}/search/toyota/corolla"))
    );
    assert_eq!(items.len(), 3);
}
