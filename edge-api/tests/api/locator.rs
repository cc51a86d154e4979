//! `GET /api/manufacturer-locations`: the websites selling the Host dealer's makes.

use reqwest::StatusCode;

use crate::support::spawn;

#[tokio::test]
async fn the_locator_lists_sales_locations_selling_the_sites_makes_own_site_first() {
    let app = spawn().await;
    // Alpha sells Toyota: its own sales location, then Beta's Toyota location.
    let alpha = app
        .get("alpha.localhost", "/api/manufacturer-locations", None)
        .await;
    assert_eq!(alpha.status, StatusCode::OK);
    assert_eq!(alpha.headers["cache-control"], "public, max-age=300");
    let sites: Vec<(String, Vec<u64>)> = alpha
        .json
        .as_array()
        .expect("a list of websites")
        .iter()
        .map(|w| {
            let ids = w["locations"]
                .as_array()
                .expect("locations")
                .iter()
                .map(|l| l["id"].as_u64().expect("id"))
                .collect();
            (
                w["dealership"]["slug"]
                    .as_str()
                    .expect("dealership")
                    .to_string(),
                ids,
            )
        })
        .collect();
    // Alpha's fixture configures the Toyota network: Beta's Toyota yard follows, marked.
    assert_eq!(
        sites,
        [
            ("alpha".to_string(), vec![11]),
            ("beta".to_string(), vec![21])
        ]
    );
    assert!(alpha.json[0]["network"].is_null(), "the dealer's own");
    assert_eq!(alpha.json[1]["network"], "Toyota");
    let first = &alpha.json[0];
    for field in ["id", "name", "url", "dealership", "locations"] {
        assert!(!first[field].is_null(), "website field {field}");
    }
    // Seed 000 s3: "Dealership location: id, name, location_type (sales, service,
    // parts), address (lat, long), dealership (id, slug), website_id, website_name,
    // website_url."
    let location = &first["locations"][0];
    assert_eq!(location["location_type"], "sales");
    assert_eq!(location["address"]["lat"], -27.47);
    assert_eq!(location["address"]["long"], 153.02);
    assert_eq!(location["dealership"]["slug"], "alpha");
    assert!(location["dealership"]["id"].is_u64());
    assert_eq!(location["website_id"], first["id"]);
    assert_eq!(location["website_name"], "Alpha Motors");
    assert_eq!(location["website_url"], first["url"]);

    // Beta's network is Kia, which no other site sells: only its own locations.
    let beta = app
        .get("beta.example.com.au", "/api/manufacturer-locations", None)
        .await;
    let dealerships: Vec<&str> = beta
        .json
        .as_array()
        .expect("list")
        .iter()
        .map(|w| w["dealership"]["slug"].as_str().expect("slug"))
        .collect();
    assert_eq!(dealerships, ["beta"]);

    let unknown = app
        .get("nobody.localhost", "/api/manufacturer-locations", None)
        .await;
    assert_eq!(
        (unknown.status, unknown.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_site"))
    );
}

#[tokio::test]
async fn a_postcode_answers_where_it_is_with_the_seed_messages_otherwise() {
    use std::sync::Arc;

    use domain::rules::postcodes::PostcodeTable;
    use edge_api::policy::Policy;

    use crate::support::{serve, state, tenants};

    // Without the postcode file: 503, never 500.
    let app = spawn().await;
    let off = app
        .get("alpha.localhost", "/api/postcodes/4000", None)
        .await;
    assert_eq!(
        (off.status, off.json["code"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("unavailable"))
    );

    let (mut with_table, clock, dir) = state(tenants(None), Policy::default());
    let table = PostcodeTable::from_tsv(
        "postcode\tlat\tlng\tlocality\tstate\n4000\t-27.4685\t153.0225\tBRISBANE\tQLD\n",
    )
    .expect("postcode table");
    with_table.postcodes = Arc::new(table);
    let app = serve(with_table, clock, dir).await;
    let found = app
        .get("alpha.localhost", "/api/postcodes/4000", None)
        .await;
    assert_eq!(found.status, StatusCode::OK);
    assert_eq!(found.json["locality"], "Brisbane");
    assert_eq!(found.json["lat"], -27.4685);
    assert_eq!(found.headers["cache-control"], "public, max-age=86400");
    let unknown = app
        .get("alpha.localhost", "/api/postcodes/0001", None)
        .await;
    assert_eq!(
        (unknown.status, unknown.json["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("Invalid postcode."))
    );
    for bad in ["400", "40000", "abcd", "%20400"] {
        let answer = app
            .get("alpha.localhost", &format!("/api/postcodes/{bad}"), None)
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(
            answer.json["fields"]["postcode"], "Invalid postcode. Please enter a 4-digit number.",
            "{bad}"
        );
    }
}

/// The sample dealers: a group's locator lists the group's own dealerships, never another
/// dealer's; a franchise dealer that configures its manufacturer's network lists it after
/// its own, marked.
#[tokio::test]
async fn a_dealers_locator_lists_its_own_dealerships_and_only_a_configured_network() {
    use crate::support::{sample_tenants, spawn_with};
    use edge_api::policy::Policy;

    let app = spawn_with(sample_tenants(), Policy::default()).await;
    let listed = |json: &serde_json::Value| -> Vec<(String, Option<String>)> {
        json.as_array()
            .expect("websites")
            .iter()
            .map(|w| {
                (
                    w["dealership"]["slug"].as_str().expect("slug").to_string(),
                    w["network"].as_str().map(str::to_string),
                )
            })
            .collect()
    };
    let moreton = app
        .get(
            "moreton-motor-group.localhost",
            "/api/manufacturer-locations",
            None,
        )
        .await;
    assert_eq!(moreton.status, StatusCode::OK);
    assert_eq!(
        listed(&moreton.json),
        [("moreton-motor-group".to_string(), None)],
        "no Jacaranda Toyota yards in Grafton on Moreton's locator"
    );
    let jacaranda = app
        .get(
            "jacaranda-toyota.localhost",
            "/api/manufacturer-locations",
            None,
        )
        .await;
    let sites = listed(&jacaranda.json);
    assert_eq!(sites[0], ("jacaranda-toyota".to_string(), None));
    assert!(sites.len() > 1, "the Toyota network follows: {sites:?}");
    assert!(
        sites[1..]
            .iter()
            .all(|(_, network)| network.as_deref() == Some("Toyota")),
        "{sites:?}"
    );
    for website in &jacaranda.json.as_array().expect("websites")[1..] {
        for location in website["locations"].as_array().expect("locations") {
            let makes: Vec<&str> = location["makes"]
                .as_array()
                .expect("makes")
                .iter()
                .filter_map(|m| m.as_str())
                .collect();
            assert!(makes.contains(&"Toyota"), "{makes:?}");
        }
    }
}

/// A postcode's point is where its people are: Jacaranda Toyota's Grafton yard is inside
/// 2460 and must read as near, not as 48 km away at the dataset's Alumy Creek point.
#[tokio::test]
async fn a_dealer_inside_a_postcode_is_near_that_postcodes_point() {
    use std::sync::Arc;

    use domain::rules::distance::haversine_km;
    use edge_api::policy::Policy;

    use crate::support::{postcode_table, sample_tenants, serve, state};

    let (mut st, clock, dir) = state(sample_tenants(), Policy::default());
    st.postcodes = Arc::new(postcode_table());
    let app = serve(st, clock, dir).await;
    let grafton = app
        .get("jacaranda-toyota.localhost", "/api/postcodes/2460", None)
        .await;
    assert_eq!(grafton.status, StatusCode::OK);
    assert_eq!(grafton.json["locality"], "Grafton");
    let locations = app
        .get(
            "jacaranda-toyota.localhost",
            "/api/manufacturer-locations",
            None,
        )
        .await;
    let yard = &locations.json[0]["locations"][0]["address"];
    assert_eq!(yard["postcode"], "2460");
    let km = haversine_km(
        grafton.json["lat"].as_f64().expect("lat"),
        grafton.json["lng"].as_f64().expect("lng"),
        yard["lat"].as_f64().expect("lat"),
        yard["long"].as_f64().expect("long"),
    );
    assert!(km < 5.0, "the Grafton yard is {km:.1} km from 2460's point");
}
