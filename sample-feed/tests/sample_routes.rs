//! The route variants a dealer can switch on (seed 001 s2) are built, linked and
//! link-checked on the sample dealers themselves, from a small sample feed rendered by the
//! real SSR bundle: moreton-motor-group's garage at /mymotorama (one of the seed's
//! site-specific garage pages) and redgum-motors' `used-car/{car type}/` stock paths. A
//! build publishes a dealer only when every internal link of every page reaches a page or
//! file it publishes. The same build shows Moreton's ended EOFY sale hidden.

use std::path::{Path, PathBuf};

use chrono::Utc;
use generator::pipeline::{build, BuildOptions, DealerStatus, Progress};
use sample_feed::{write_sample, MediaKind, SampleOptions};

const MORETON: &str = "moreton-motor-group";
const REDGUM: &str = "redgum-motors";

fn page(site: &Path, path: &str) -> String {
    let file = site.join(path.trim_start_matches('/')).join("index.html");
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

#[test]
fn the_garage_page_and_the_used_car_paths_of_the_samples_are_built_and_linked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dealers: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers");
    let feed = dir.path().join("feed/sample.jsonl");
    let sample = write_sample(&SampleOptions {
        cars: 60,
        seed: 7,
        dealers: dealers.clone(),
        out: feed.clone(),
        as_of: Utc::now().date_naive(),
        media: MediaKind::Drawings,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    for slug in [MORETON, REDGUM] {
        assert!(
            sample.per_dealer.get(slug).is_some_and(|n| *n > 0),
            "{sample}"
        );
    }
    let mut opts = BuildOptions::new(dealers, feed, dir.path().join("dist"));
    opts.only = vec![MORETON.to_string(), REDGUM.to_string()];
    opts.frontend = Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend");
    opts.workers = 2;
    let report = build(&opts, &Progress::quiet()).unwrap_or_else(|e| panic!("{e}"));
    for slug in [MORETON, REDGUM] {
        let outcome = report.dealer(slug).expect("the dealer");
        assert_eq!(
            outcome.status,
            DealerStatus::Published,
            "{slug} publishes only with every internal link alive: {outcome:?}"
        );
    }

    let moreton = dir.path().join("dist").join(MORETON);
    assert!(
        page(&moreton, "/mymotorama").contains("<title"),
        "the garage page is built at its own route"
    );
    assert!(
        page(&moreton, "/").contains(r#"href="/mymotorama""#),
        "the header links the garage"
    );

    // Moreton's EOFY sale (seed 001 s9's promo expiring mid-June 2025) has ended: its
    // own pages say so, out of the sitemap; no other page shows or links it.
    let sitemap = std::fs::read_to_string(moreton.join("sitemap.xml")).expect("sitemap");
    for own in ["/eofy", "/offers/5301"] {
        assert!(
            page(&moreton, own).contains("This offer has ended."),
            "{own}"
        );
        assert!(
            !sitemap.contains(&format!("{own}<")),
            "{own} in the sitemap"
        );
    }
    for file in walkdir::WalkDir::new(&moreton)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() == "index.html")
    {
        let rel = file.path().strip_prefix(&moreton).expect("inside");
        if rel.starts_with("eofy") || rel.starts_with("offers/5301") {
            continue;
        }
        let html = std::fs::read_to_string(file.path()).expect("page");
        for ended in [
            r#"href="/eofy""#,
            r#"href="/offers/5301""#,
            "EOFY demo run-out",
            "EOFY run-out: demo stock",
        ] {
            assert!(!html.contains(ended), "{} shows {ended}", rel.display());
        }
    }

    let redgum = dir.path().join("dist").join(REDGUM);
    assert!(
        page(&redgum, "/used-car/used").contains("Used Cars"),
        "the used-car path is a stock page"
    );
    let car = std::fs::read_dir(redgum.join("cars"))
        .expect("vehicle pages")
        .filter_map(Result::ok)
        .find(|e| e.path().join("index.html").is_file())
        .expect("a vehicle page");
    let car = format!("/cars/{}", car.file_name().to_string_lossy());
    for path in ["/", car.as_str()] {
        assert!(
            page(&redgum, path).contains(r#"href="/used-car/used""#),
            "{path} links the used-car path"
        );
    }
}
