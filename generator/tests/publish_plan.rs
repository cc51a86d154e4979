//! The deploy plan for a small change lists exactly the S3 and CloudFront operations
//! a dry run prints and a deploy runs.

use std::fs;
use std::path::Path;

use generator::publish::{plan, Listing, Operation, Target, IMMUTABLE, REVALIDATE};

fn write(root: &Path, rel: &str, body: &str) {
    let path = root.join(rel);
    fs::create_dir_all(path.parent().expect("file has a parent")).expect("mkdir");
    fs::write(path, body).expect("write");
}

fn target() -> Target {
    Target {
        bucket: "forecourt-sites-staging".into(),
        prefix: "acme-motors".into(),
        distribution: Some("E2ABC".into()),
    }
}

#[test]
fn small_change_uploads_changed_files_deletes_gone_pages_and_invalidates_their_paths() {
    let site = tempfile::tempdir().expect("tempdir");
    let root = site.path();
    write(root, "index.html", "<h1>home</h1>");
    write(root, "cars/a/index.html", "car a");
    write(root, "cars/b/index.html", "car b");
    write(root, "assets/vehicle-1111.js", "js1");
    write(root, ".forecourt/manifest.json", "{}");
    let published = Listing::scan(root).expect("scan");
    assert_eq!(
        published.files.len(),
        4,
        "build metadata is not published as a page"
    );

    // The nightly build: car a's price changed, car b sold out of the feed, a new car c,
    // and the bundle was rebuilt with a new hash.
    write(root, "cars/a/index.html", "car a, new price");
    fs::remove_dir_all(root.join("cars/b")).expect("rm");
    write(root, "cars/c/index.html", "car c");
    fs::remove_file(root.join("assets/vehicle-1111.js")).expect("rm");
    write(root, "assets/vehicle-2222.js", "js2");
    let current = Listing::scan(root).expect("scan");

    let plan = plan(root, &current, &published, &target());
    assert_eq!((plan.uploaded, plan.deleted, plan.unchanged), (3, 2, 1));
    let keys: Vec<String> = plan
        .operations
        .iter()
        .map(|op| match op {
            Operation::Put {
                key, cache_control, ..
            } => format!("put {key} {cache_control}"),
            Operation::Delete { key } => format!("delete {key}"),
            Operation::Invalidate {
                distribution,
                paths,
            } => format!("invalidate {distribution} {}", paths.join(" ")),
            Operation::MapHost { host, slug } => format!("map {host} {slug}"),
            Operation::SetPolicy { host, csp } => format!("policy {host} {csp}"),
        })
        .collect();
    assert_eq!(
        keys,
        vec![
            format!("put acme-motors/assets/vehicle-2222.js {IMMUTABLE}"),
            format!("put acme-motors/cars/a/index.html {REVALIDATE}"),
            format!("put acme-motors/cars/c/index.html {REVALIDATE}"),
            "delete acme-motors/assets/vehicle-1111.js".to_string(),
            "delete acme-motors/cars/b/index.html".to_string(),
            "invalidate E2ABC /cars/a /cars/a/ /cars/b /cars/b/".to_string(),
        ]
    );

    let shell = plan.to_shell("forecourt-sites-staging");
    assert!(
        shell.contains("aws s3 rm 's3://forecourt-sites-staging/acme-motors/cars/b/index.html'"),
        "{shell}"
    );
    assert!(shell.contains("aws cloudfront create-invalidation --distribution-id 'E2ABC' --paths '/cars/a' '/cars/a/' '/cars/b' '/cars/b/'"), "{shell}");
}

#[test]
fn nothing_changed_means_nothing_to_do() {
    let site = tempfile::tempdir().expect("tempdir");
    write(site.path(), "index.html", "home");
    let listing = Listing::scan(site.path()).expect("scan");
    let plan = plan(site.path(), &listing, &listing, &target());
    assert!(plan.operations.is_empty());
    assert_eq!(plan.to_shell("b"), "");
}

#[test]
fn a_first_deploy_uploads_everything_and_invalidates_nothing() {
    let site = tempfile::tempdir().expect("tempdir");
    write(site.path(), "index.html", "home");
    write(site.path(), "robots.txt", "User-agent: *");
    let current = Listing::scan(site.path()).expect("scan");
    let missing =
        Listing::read(&site.path().join("no-such-published.json")).expect("missing is empty");
    let plan = plan(site.path(), &current, &missing, &target());
    assert_eq!(plan.uploaded, 2);
    assert!(!plan
        .operations
        .iter()
        .any(|op| matches!(op, Operation::Invalidate { .. })));
}

#[test]
fn publish_maps_the_dealer_hosts_and_record_writes_the_listing() {
    use generator::publish::{publish, PublishOptions};
    let site = tempfile::tempdir().expect("tempdir");
    write(site.path(), "index.html", "home");
    let mut opts = PublishOptions {
        site: site.path().to_path_buf(),
        prefix: "acme-motors".into(),
        bucket: "b".into(),
        distribution: Some("E1".into()),
        previous: None,
        hosts: vec!["www.acme.com.au".into()],
        policies: vec![("WWW.acme.com.au".into(), "default-src 'self'".into())],
        record: false,
    };
    let shell = publish(&opts).expect("plan");
    let lines: Vec<&str> = shell.lines().collect();
    assert_eq!(lines.len(), 3, "{shell}");
    assert!(lines[0].starts_with("aws s3 cp "), "{shell}");
    assert_eq!(lines[1], "kvs_put 'www.acme.com.au' 'acme-motors'");
    // The host's policy, keyed as SiteHeadersFunction looks it up (lower case), quoted
    // for the shell.
    assert_eq!(
        lines[2],
        r"kvs_put_csp 'www.acme.com.au' 'default-src '\''self'\'''"
    );

    // With the stock state the build wrote, the publish uploads it outside the site's
    // prefix (where the API reads it and the CDN serves nothing) before the host mapping.
    write(site.path(), ".forecourt/stock.tsv", "dealer\tslug\n");
    let shell = publish(&opts).expect("plan");
    let lines: Vec<&str> = shell.lines().collect();
    assert_eq!(lines.len(), 4, "{shell}");
    assert!(
        lines[1].ends_with(
            "/.forecourt/stock.tsv' 's3://b/_stock/acme-motors.tsv' --content-type 'text/tab-separated-values; charset=utf-8' --cache-control 'no-store'"
        ),
        "{shell}"
    );
    std::fs::remove_file(site.path().join(".forecourt/stock.tsv")).expect("remove");

    opts.record = true;
    publish(&opts).expect("record");
    let recorded = Listing::read(&site.path().join(".forecourt/published.json")).expect("listing");
    assert_eq!(recorded.files.len(), 1);
    opts.record = false;
    opts.previous = Some(site.path().join(".forecourt/published.json"));
    opts.hosts.clear();
    opts.policies.clear();
    assert_eq!(
        publish(&opts).expect("plan"),
        "",
        "after recording, nothing is left to do"
    );
}

#[test]
fn publishing_the_errors_prefix_uploads_the_platform_error_page() {
    use generator::publish::{
        publish, PublishOptions, ERRORS_PREFIX, ERROR_PAGE_KEY, PLATFORM_404,
    };
    let dist = tempfile::tempdir().expect("tempdir");
    let folder = dist.path().join(ERRORS_PREFIX);
    let mut opts = PublishOptions {
        site: folder.clone(),
        prefix: ERRORS_PREFIX.into(),
        bucket: "forecourt-sites-staging".into(),
        distribution: Some("E2ABC".into()),
        previous: None,
        hosts: Vec::new(),
        policies: Vec::new(),
        record: false,
    };
    let shell = publish(&opts).expect("plan");
    let page = folder.join("404.html");
    assert_eq!(
        fs::read_to_string(&page).expect("the page is written"),
        PLATFORM_404
    );
    assert_eq!(
        shell.lines().collect::<Vec<_>>(),
        vec![format!(
            "aws s3 cp '{}' 's3://forecourt-sites-staging/{ERROR_PAGE_KEY}' --content-type 'text/html; charset=utf-8' --cache-control '{REVALIDATE}'",
            page.display()
        )]
    );
    opts.record = true;
    publish(&opts).expect("record");
    opts.record = false;
    opts.previous = Some(folder.join(".forecourt/published.json"));
    assert_eq!(
        publish(&opts).expect("plan"),
        "",
        "an unchanged page is not uploaded again"
    );
    // A page changed by a later release is uploaded and its error-page path invalidated.
    let previous = Listing {
        files: [("404.html".to_string(), "an older page".to_string())].into(),
    };
    let current = Listing::scan(&folder).expect("scan");
    let target = Target {
        bucket: "b".into(),
        prefix: ERRORS_PREFIX.into(),
        distribution: Some("E2ABC".into()),
    };
    let changed = plan(&folder, &current, &previous, &target);
    assert_eq!(
        changed.operations.last(),
        Some(&Operation::Invalidate {
            distribution: "E2ABC".into(),
            paths: vec![format!("/{ERROR_PAGE_KEY}")]
        })
    );
}

/// The repository root.
fn repo() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn cloudfronts_error_page_is_an_object_the_deploy_uploads() {
    use generator::publish::ERROR_PAGE_KEY;
    // CloudFront fetches ResponsePagePath from the bucket as is (no viewer-request
    // function maps it to a dealer's prefix), so it must be the key the deploy writes.
    let template = fs::read_to_string(repo().join("infra/template.yaml")).expect("template");
    let pages: Vec<&str> = template
        .lines()
        .filter_map(|l| l.trim().strip_prefix("ResponsePagePath:"))
        .map(str::trim)
        .collect();
    assert!(!pages.is_empty(), "the template names an error page");
    for page in pages {
        assert_eq!(page, format!("/{ERROR_PAGE_KEY}"));
    }

    // The dry run of a deploy (what the nightly workflow runs, printed) lists the object.
    let dist = tempfile::tempdir().expect("tempdir");
    write(dist.path(), "fixture-toyota/index.html", "home");
    let output = std::process::Command::new(repo().join("scripts/deploy.sh"))
        .arg("staging")
        .env("DRY_RUN", "1")
        .env("SITE_BUCKET", "forecourt-sites-staging")
        .env("DISTRIBUTION_ID", "E2ABC")
        .env(
            "DEALER_HOSTS_ARN",
            "arn:aws:cloudfront::123456789012:key-value-store/hosts",
        )
        .env("DIST", dist.path())
        // The fixture dealers, not the demo ones, give the host mapping.
        .env(
            "DEALERS",
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dealers"),
        )
        .env("FORECOURT", env!("CARGO_BIN_EXE_forecourt"))
        // Tiles or not is the deployment's choice; this fixture's is the offline basemap.
        .env_remove("VITE_MAP_TILE_URL")
        .output()
        .expect("run scripts/deploy.sh");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains(&format!("'s3://forecourt-sites-staging/{ERROR_PAGE_KEY}'")),
        "{stdout}"
    );
    assert!(
        stdout.contains("'s3://forecourt-sites-staging/fixture-toyota/index.html'"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("s3://forecourt-sites-staging/404.html"),
        "{stdout}"
    );
    // The dealer host's pages get the dealer's policy at the edge; no tag ids
    // and no tiles in the fixture, so the platform's policy.
    assert!(
        stdout.contains(&format!(
            "kvs_put_csp 'www.fixture-toyota.example' '{}'",
            domain::csp::PAGE_CSP.replace('\'', r"'\''")
        )),
        "{stdout}"
    );
}
