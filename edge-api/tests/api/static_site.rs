//! Serving the fixture dist/ by Host: clean URLs, 404 page, shared media, cached assets.

use reqwest::StatusCode;

use crate::support::spawn;

#[tokio::test]
async fn each_host_gets_its_own_site_with_clean_urls() {
    let app = spawn().await;
    let home = app.get("alpha.localhost", "/", None).await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(home.text.contains("Alpha home"));
    assert!(home.headers["content-type"]
        .to_str()
        .expect("type")
        .starts_with("text/html"));
    assert_eq!(
        home.headers["cache-control"],
        edge_api::routes::static_site::REVALIDATE
    );
    for path in [
        "/cars/red-ute",
        "/cars/red-ute/",
        "/cars/red-ute/index.html",
    ] {
        let car = app.get("alpha.localhost", path, None).await;
        assert_eq!(car.status, StatusCode::OK, "{path}");
        assert!(car.text.contains("Alpha red ute"), "{path}");
    }
    let beta = app.get("beta.localhost", "/", None).await;
    assert!(beta.text.contains("Beta home"));
    let domain = app
        .get("www.alphamotors.com.au", "/cars/red-ute", None)
        .await;
    assert!(domain.text.contains("Alpha red ute"));
}

#[tokio::test]
async fn missing_pages_get_the_sites_404_page_with_status_404() {
    let app = spawn().await;
    let missing = app
        .get("alpha.localhost", "/cars/sold-long-ago", None)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.text.contains("Alpha page not found"));
    let beta_missing = app.get("beta.localhost", "/cars/red-ute", None).await;
    assert_eq!(
        beta_missing.status,
        StatusCode::NOT_FOUND,
        "alpha's pages are not beta's"
    );
    assert!(beta_missing.text.contains("Beta page not found"));
    for path in [
        "/../beta/index.html",
        "/%2e%2e/beta/index.html",
        "/..%2fbeta/index.html",
    ] {
        let escape = app.get("alpha.localhost", path, None).await;
        assert!(
            !escape.text.contains("Beta home"),
            "{path} escaped the site folder"
        );
    }
    let unknown = app.get("gamma.localhost", "/", None).await;
    assert_eq!(
        (unknown.status, unknown.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_site"))
    );
}

#[tokio::test]
async fn media_is_shared_and_assets_are_cached_for_a_year() {
    let app = spawn().await;
    for host in ["alpha.localhost", "beta.localhost"] {
        let media = app.get(host, "/media/car-1.svg", None).await;
        assert_eq!(media.status, StatusCode::OK, "{host}");
        assert_eq!(media.headers["content-type"], "image/svg+xml");
    }
    let asset = app
        .get("alpha.localhost", "/assets/app-3f9a1c.js", None)
        .await;
    assert_eq!(asset.status, StatusCode::OK);
    assert_eq!(
        asset.headers["cache-control"],
        edge_api::routes::static_site::IMMUTABLE
    );
    assert!(asset.text.contains("alpha app"));
    let api_missing = app.get("alpha.localhost", "/api/nothing-here", None).await;
    assert_eq!(
        (api_missing.status, api_missing.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
}

#[tokio::test]
async fn a_path_segment_longer_than_a_file_name_is_the_sites_404_page() {
    let app = spawn().await;
    let long = "a".repeat(domain::site_files::MAX_SEGMENT_BYTES + 1);
    for path in [
        format!("/cars/{long}"),
        format!("/{long}/"),
        format!("/media/{long}.svg"),
        format!("/assets/{long}.js"),
    ] {
        let missing = app.get("alpha.localhost", &path, None).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            missing.text.contains("Alpha page not found"),
            "{path}: {}",
            missing.text
        );
    }
}

#[tokio::test]
async fn dotfiles_and_build_records_are_not_served() {
    let app = spawn().await;
    for path in [
        "/.forecourt/manifest.json",
        "/.forecourt/changed.txt",
        "/%2eforecourt/manifest.json",
        "/%2Eforecourt/changed.txt",
        "/.forecourt/",
        "/cars/../.forecourt/changed.txt",
        "/media/../alpha/.forecourt/changed.txt",
    ] {
        let hidden = app.get("alpha.localhost", path, None).await;
        assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            hidden.text.contains("Alpha page not found"),
            "{path}: {}",
            hidden.text
        );
        assert!(
            !hidden.text.contains("build-internal") && !hidden.text.contains("red-ute"),
            "{path} leaked: {}",
            hidden.text
        );
    }
}
