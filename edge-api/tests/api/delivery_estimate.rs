//! `GET /api/delivery-estimate`: the seed's two messages word for word, and the sample
//! dealers' zones priced from the real postcode dataset.

use std::sync::Arc;

use domain::messages::{DELIVERY_NO_ESTIMATE, INVALID_POSTCODE_FORMAT, PLEASE_ENTER_A_POSTCODE};
use edge_api::policy::Policy;
use reqwest::StatusCode;

use crate::support::{postcode_table, sample_tenants, serve, spawn, state, tenants};

#[tokio::test]
async fn empty_and_malformed_postcodes_get_the_seed_messages() {
    let (mut st, clock, dir) = state(tenants(None), Policy::default());
    st.postcodes = Arc::new(postcode_table());
    let app = serve(st, clock, dir).await;
    for path in [
        "/api/delivery-estimate",
        "/api/delivery-estimate?postcode=",
        "/api/delivery-estimate?postcode=%20%20",
    ] {
        let answer = app.get("alpha.localhost", path, None).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(answer.json["message"], PLEASE_ENTER_A_POSTCODE);
        assert_eq!(answer.json["fields"]["postcode"], PLEASE_ENTER_A_POSTCODE);
    }
    for bad in ["12", "40000", "abcd", "4%2000", "%F0%9F%9A%97"] {
        let answer = app
            .get(
                "alpha.localhost",
                &format!("/api/delivery-estimate?postcode={bad}"),
                None,
            )
            .await;
        assert_eq!(
            (answer.status, answer.json["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some(INVALID_POSTCODE_FORMAT)),
            "{bad}"
        );
    }
    // A postcode the dataset does not know, or one beyond every zone, has no estimate.
    for none in ["0000", "6000"] {
        let answer = app
            .get(
                "alpha.localhost",
                &format!("/api/delivery-estimate?postcode={none}"),
                None,
            )
            .await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{none}");
        assert_eq!(
            (
                answer.json["code"].as_str(),
                answer.json["message"].as_str()
            ),
            (Some("no_estimate"), Some(DELIVERY_NO_ESTIMATE))
        );
    }
    // A dealer without zones never has one.
    let beta = app
        .get(
            "beta.example.com.au",
            "/api/delivery-estimate?postcode=4870",
            None,
        )
        .await;
    assert_eq!(beta.json["message"], DELIVERY_NO_ESTIMATE);
    let ok = app
        .get(
            "alpha.localhost",
            "/api/delivery-estimate?postcode=4000",
            None,
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(ok.headers["cache-control"], "public, max-age=3600");
}

#[tokio::test]
async fn without_the_postcode_file_the_answer_is_503_not_a_guess() {
    let app = spawn().await;
    let answer = app
        .get(
            "alpha.localhost",
            "/api/delivery-estimate?postcode=4000",
            None,
        )
        .await;
    assert_eq!(
        (answer.status, answer.json["code"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("unavailable"))
    );
}

/// (dealer host, postcode, region, price): metro, regional and remote postcodes of
/// single-city dealers, and the group whose zones run from its nearest yard.
const SAMPLES: [(&str, &str, &str, f64); 10] = [
    // Jacaranda Toyota, Grafton NSW: Grafton, Lismore (about 100 km), Brisbane (about 250 km).
    ("jacaranda-toyota.localhost", "2460", "Clarence Valley", 0.0),
    (
        "jacaranda-toyota.localhost",
        "2480",
        "Northern Rivers and Coffs Coast",
        290.0,
    ),
    (
        "jacaranda-toyota.localhost",
        "4000",
        "NSW and South East Queensland",
        690.0,
    ),
    // Redgum Motors, Adelaide: the city, the Riverland (about 180 km), Melbourne (about 650 km).
    ("redgum-motors.localhost", "5000", "Adelaide Metro", 0.0),
    (
        "redgum-motors.localhost",
        "5343",
        "Regional South Australia",
        650.0,
    ),
    (
        "redgum-motors.localhost",
        "3000",
        "Interstate (Melbourne, Broken Hill)",
        1190.0,
    ),
    // Wattle Nissan, Penrith: St Marys, Sydney CBD (about 50 km), Dubbo (about 300 km).
    (
        "wattle-nissan.localhost",
        "2760",
        "Greater Western Sydney",
        0.0,
    ),
    (
        "wattle-nissan.localhost",
        "2000",
        "Sydney, Blue Mountains and Central Coast",
        220.0,
    ),
    ("wattle-nissan.localhost", "2830", "Regional NSW", 790.0),
    // Moreton Motor Group: Brisbane has a yard within 30 km.
    (
        "moreton-motor-group.localhost",
        "4000",
        "Local (within 30 km of a Moreton dealership)",
        0.0,
    ),
];

#[tokio::test]
async fn metro_regional_and_remote_postcodes_of_the_sample_dealers_are_priced_by_their_zones() {
    let (mut st, clock, dir) = state(sample_tenants(), Policy::default());
    st.postcodes = Arc::new(postcode_table());
    let app = serve(st, clock, dir).await;
    for (host, postcode, region, price) in SAMPLES {
        let answer = app
            .get(
                host,
                &format!("/api/delivery-estimate?postcode={postcode}"),
                None,
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "{host} {postcode}: {}",
            answer.text
        );
        assert_eq!(
            (
                answer.json["region"].as_str(),
                answer.json["price"].as_f64()
            ),
            (Some(region), Some(price)),
            "{host} {postcode}: {}",
            answer.text
        );
        assert_eq!(answer.json["postcode"], postcode);
        assert!(answer.json["distance_km"]
            .as_f64()
            .is_some_and(|d| d >= 0.0));
        assert!(!answer.json["locality"].as_str().unwrap_or("").is_empty());
    }
    // Remote: Darwin and Perth are beyond every zone of Kingfisher Chery (Melbourne).
    for remote in ["0800", "6000"] {
        let answer = app
            .get(
                "kingfisher-chery.localhost",
                &format!("/api/delivery-estimate?postcode={remote}"),
                None,
            )
            .await;
        assert_eq!(
            (answer.status, answer.json["message"].as_str()),
            (StatusCode::NOT_FOUND, Some(DELIVERY_NO_ESTIMATE)),
            "{remote}"
        );
    }
}

#[tokio::test]
async fn the_estimate_is_measured_from_the_cars_own_location_and_names_the_usual_locality() {
    let (mut st, clock, dir) = state(sample_tenants(), Policy::default());
    st.postcodes = Arc::new(postcode_table());
    let app = serve(st, clock, dir).await;
    let host = "moreton-motor-group.localhost";
    // Beenleigh (4207) is about 16 km from Springwood and 36 km from Newstead.
    let nearest = app
        .get(host, "/api/delivery-estimate?postcode=4207", None)
        .await;
    assert_eq!(
        (
            nearest.json["region"].as_str(),
            nearest.json["price"].as_f64()
        ),
        (
            Some("Local (within 30 km of a Moreton dealership)"),
            Some(0.0)
        ),
        "{}",
        nearest.text
    );
    let from_newstead = app
        .get(
            host,
            "/api/delivery-estimate?postcode=4207&location=moreton-newstead",
            None,
        )
        .await;
    assert_eq!(
        from_newstead.status,
        StatusCode::OK,
        "{}",
        from_newstead.text
    );
    assert_eq!(
        (
            from_newstead.json["region"].as_str(),
            from_newstead.json["price"].as_f64()
        ),
        (Some("Nearby (30 to 120 km)"), Some(250.0)),
        "{}",
        from_newstead.text
    );
    assert!(
        from_newstead.json["location"]
            .as_str()
            .is_some_and(|l| l.contains("Newstead")),
        "{}",
        from_newstead.text
    );
    assert!(from_newstead.json["distance_km"]
        .as_f64()
        .is_some_and(|d| d > 30.0));
    // A location the dealer does not have is the caller's mistake, said in words.
    let unknown = app
        .get(
            host,
            "/api/delivery-estimate?postcode=4207&location=nowhere",
            None,
        )
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{}", unknown.text);
    assert!(
        unknown.json["fields"]["location"]
            .as_str()
            .is_some_and(|m| m.contains("'nowhere'")),
        "{}",
        unknown.text
    );
    // 2000 is Sydney, not the alphabetically first of its localities (Barangaroo).
    let sydney = app
        .get(
            "wattle-nissan.localhost",
            "/api/delivery-estimate?postcode=2000",
            None,
        )
        .await;
    assert_eq!(sydney.json["locality"], "Sydney", "{}", sydney.text);
    // A well-formed postcode the dataset does not place gets the seed's no-estimate text.
    let unplaced = app
        .get(
            "wattle-nissan.localhost",
            "/api/delivery-estimate?postcode=0001",
            None,
        )
        .await;
    assert_eq!(
        (unplaced.status, unplaced.json["message"].as_str()),
        (StatusCode::NOT_FOUND, Some(DELIVERY_NO_ESTIMATE)),
        "{}",
        unplaced.text
    );
}
