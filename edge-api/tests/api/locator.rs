//! `GET /api/manufacturer-locations`: the websites selling the Host dealer's makes.

use reqwest::StatusCode;

use crate::support::spawn;

#[tokio::test]
async fn the_locator_lists_sales_locations_selling_the_sites_makes_own_site_first() {
    let app = spawn().await;
    // Alpha sells Toyota: its own sales location, then Beta's Toyota location.
    let alpha = app.get("alpha.localhost", "/api/manufacturer-locations", None).await;
    assert_eq!(alpha.status, StatusCode::OK);
    assert_eq!(alpha.headers["cache-control"], "public, max-age=300");
    let sites: Vec<(String, Vec<u64>)> = alpha
        .json
        .as_array()
        .expect("a list of websites")
        .iter()
        .map(|w| {
            let ids = w["locations"].as_array().expect("locations").iter().map(|l| l["id"].as_u64().expect("id")).collect();
            (w["dealership"].as_str().expect("dealership").to_string(), ids)
        })
        .collect();
    assert_eq!(sites, [("alpha".to_string(), vec![11]), ("beta".to_string(), vec![21])]);
    let first = &alpha.json[0];
    for field in ["id", "name", "url", "dealership", "locations"] {
        assert!(!first[field].is_null(), "website field {field}");
    }
    assert_eq!(first["locations"][0]["lat"], -27.47);

    // Beta sells Kia: only its own locations.
    let beta = app.get("beta.example.com.au", "/api/manufacturer-locations", None).await;
    let dealerships: Vec<&str> = beta.json.as_array().expect("list").iter().map(|w| w["dealership"].as_str().expect("slug")).collect();
    assert_eq!(dealerships, ["beta"]);

    let unknown = app.get("nobody.localhost", "/api/manufacturer-locations", None).await;
    assert_eq!((unknown.status, unknown.json["code"].as_str()), (StatusCode::NOT_FOUND, Some("unknown_site")));
}
