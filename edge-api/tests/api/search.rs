//! `GET /api/search` over an embedded index written with the search crate: the Host's
//! dealer, its fixed filters, bad parameters as 400s naming them, 404s for hosts and
//! dealers without an index, and no 5xx for any query string. Every case runs again,
//! as `real_meilisearch::<case>`, with the same stock in a real Meilisearch when the
//! environment names one (`search::test_server`), and is skipped otherwise.

use std::sync::Arc;

use ::search::test_server::RealMeilisearch;
use ::search::{index_meilisearch, write_index, FixedFilters, IndexDoc, INDEX_DIR};
use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::car::{Car, CarStatus, CarType};
use domain::messages::SEARCH_NO_INDEX;
use edge_api::policy::Policy;
use edge_api::routes::search::CACHE_CONTROL;
use edge_api::search_backend::SearchBackend;
use edge_api::tenancy::{Tenant, Tenants};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tempfile::TempDir;

use crate::support::{serve, state, TestApp};

/// The test clock's time (see `support::state`).
fn clock_now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0)
        .single()
        .expect("time")
}

fn car(id: u64, make: &str, model: &str, car_type: CarType, price: f64) -> Car {
    Car {
        id,
        slug: format!("{}-{}-{id}", make.to_lowercase(), model.to_lowercase()),
        year: 2021,
        make: make.into(),
        model: model.into(),
        car_type,
        status: CarStatus::InStock,
        price: Some(price),
        created_at: clock_now() - Duration::days(id as i64),
        dealership_slug: "alpha".into(),
        show_on_dealer_website: true,
        ..Default::default()
    }
}

/// Four cars, one of them sold ten days before the clock (outside the sold window).
fn stock() -> Vec<Car> {
    let mut sold = car(4, "Mazda", "CX-5", CarType::Used, 31_000.0);
    sold.status = CarStatus::Sold;
    sold.sold = true;
    sold.sold_at = Some(clock_now() - Duration::days(10));
    vec![
        car(1, "Toyota", "Corolla", CarType::Used, 21_990.0),
        car(2, "Toyota", "RAV4", CarType::New, 42_500.0),
        car(3, "Kia", "Rio", CarType::Used, 15_490.0),
        sold,
    ]
}

/// A card as the generator stores it: the whole view model for the RAV4 (id 2), the
/// fields the search page checks for the others.
fn card(car: &Car) -> Value {
    if car.id == 2 {
        let dealer = crate::support::sample_dealer("jacaranda-toyota");
        let ctx = domain::view::site::ViewContext::new(&dealer, clock_now());
        return serde_json::to_value(domain::view::card::card_view(car, &ctx)).expect("card");
    }
    json!({ "id": car.id, "path": format!("/cars/{}", car.slug), "name": format!("{} {} {}", car.year, car.make, car.model),
            "make": car.make, "price_text": format!("${}", car.price.unwrap_or_default()) })
}

fn tenant(slug: &str, search: FixedFilters) -> Tenant {
    let alpha = crate::support::tenants(None)
        .by_slug("alpha")
        .expect("alpha")
        .as_ref()
        .clone();
    Tenant {
        slug: slug.into(),
        name: slug.into(),
        domains: vec![format!("www.{slug}.com.au")],
        search,
        website: crate::support::website(slug, slug, &[]),
        makes: Vec::new(),
        ..alpha
    }
}

/// The backend a case runs on.
#[derive(Clone, Copy)]
enum On {
    /// The generator's embedded index under the dist folder.
    Embedded,
    /// A real Meilisearch, when the environment names one.
    Meilisearch,
}

/// Every case below, once per backend: `embedded::<case>` and `real_meilisearch::<case>`.
macro_rules! on_each_backend {
    ($($case:ident),* $(,)?) => {
        mod embedded {
            $(#[tokio::test]
            async fn $case() {
                super::$case(super::On::Embedded).await
            })*
        }
        mod real_meilisearch {
            $(#[tokio::test]
            async fn $case() {
                super::$case(super::On::Meilisearch).await
            })*
        }
    };
}

on_each_backend!(
    answers_the_hosts_dealer_with_cards_count_and_facets,
    filters_text_sort_and_pages_narrow_the_answer,
    a_malformed_parameter_is_a_400_naming_it,
    unknown_hosts_and_dealers_without_an_index_are_404s,
    odd_query_strings_never_give_a_server_error,
    post_takes_the_same_parameters_as_a_form_body,
    a_car_reserved_after_the_build_shows_reserved_in_the_results,
    phrases_in_the_text_become_the_sidebars_filters,
    an_answer_emptied_by_a_range_names_it_and_what_is_found_without_it,
    a_misspelt_make_or_model_suggests_the_stocks_spelling,
    text_that_is_not_words_is_answered_not_refused,
);

/// A running app over the stock, and what must live as long as it.
struct Fixture {
    app: TestApp,
    dist: TempDir,
    /// Stopped when the case ends.
    _meilisearch: Option<RealMeilisearch>,
}

/// alpha (default filters) and beta (used cars only) have an index of [`stock`]; gamma
/// is a dealer without one. `None` when `on` is a real Meilisearch and none is configured.
async fn spawn_search(on: On) -> Option<Fixture> {
    let dist = tempfile::tempdir().expect("temp dist");
    let root = dist.path().join(INDEX_DIR);
    let cars = stock();
    let docs: Vec<IndexDoc<'_>> = cars.iter().map(|c| IndexDoc::new(c, card(c))).collect();
    // Delta also sells a car whose model is a number that reads as a year.
    let mut peugeot = car(5, "Peugeot", "2008", CarType::Used, 27_990.0);
    peugeot.year = 2022;
    let delta_cars: Vec<Car> = cars.iter().cloned().chain([peugeot]).collect();
    let delta_docs: Vec<IndexDoc<'_>> = delta_cars
        .iter()
        .map(|c| IndexDoc::new(c, card(c)))
        .collect();
    let (backend, meilisearch) = match on {
        On::Embedded => {
            for slug in ["alpha", "beta"] {
                write_index(&root, slug, &docs).expect("index");
            }
            write_index(&root, "delta", &delta_docs).expect("index");
            (SearchBackend::embedded(root), None)
        }
        On::Meilisearch => {
            let server = RealMeilisearch::from_env("edge-api search")?;
            for slug in ["alpha", "beta"] {
                index_meilisearch(server.url(), server.key(), slug, &docs)
                    .await
                    .expect("indexed in Meilisearch");
            }
            index_meilisearch(server.url(), server.key(), "delta", &delta_docs)
                .await
                .expect("indexed in Meilisearch");
            let backend =
                SearchBackend::meilisearch(server.url(), server.key()).expect("Meilisearch client");
            (backend, Some(server))
        }
    };
    let used_only = FixedFilters {
        used_only: true,
        ..FixedFilters::for_dealer("beta")
    };
    let tenants = Tenants::new([
        tenant("alpha", FixedFilters::for_dealer("alpha")),
        tenant("beta", used_only),
        tenant("gamma", FixedFilters::for_dealer("gamma")),
        tenant("delta", FixedFilters::for_dealer("delta")),
    ]);
    let (mut state, clock, dir) = state(tenants, Policy::default());
    state.search = Arc::new(backend);
    // The published stock, as the build's market file lists it (reservations need it).
    let listings = ["alpha", "beta"].into_iter().flat_map(|slug| {
        cars.iter()
            .map(move |c| domain::rules::market::Listing::of(slug, c))
    });
    state.market = Arc::new(edge_api::market::MarketSource::fixed(
        domain::rules::market::Market::default().with_listings(listings),
    ));
    Some(Fixture {
        app: serve(state, clock, dir).await,
        dist,
        _meilisearch: meilisearch,
    })
}

fn ids(answer: &Value) -> Vec<u64> {
    answer["hits"]
        .as_array()
        .map(|h| h.iter().filter_map(|c| c["id"].as_u64()).collect())
        .unwrap_or_default()
}

async fn answers_the_hosts_dealer_with_cards_count_and_facets(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let all = app.get("alpha.localhost", "/api/search", None).await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.text);
    assert_eq!(all.headers["cache-control"], CACHE_CONTROL);
    assert!(all.headers["content-type"]
        .to_str()
        .expect("type")
        .starts_with("application/json"));
    assert_eq!(
        (
            all.json["count"].as_u64(),
            all.json["page"].as_u64(),
            all.json["pages"].as_u64()
        ),
        (Some(3), Some(0), Some(1))
    );
    assert_eq!(
        ids(&all.json),
        vec![1, 2, 3],
        "the sold car is outside the 3-day window"
    );
    assert_eq!(
        all.json["hits"][0]["path"], "/cars/toyota-corolla-1",
        "hits are the stored cards"
    );
    let makes = all.json["facets"]["make"].as_array().expect("make facet");
    assert_eq!(
        makes[0],
        json!({ "label": "Toyota", "value": "Toyota", "count": 2 })
    );
    assert!(all.json["facets_stats"]["price"]["min"].as_f64().is_some());

    // The same through the dealer's domain and through X-Forwarded-Host.
    let domain = app.get("www.alpha.com.au", "/api/search", None).await;
    assert_eq!(domain.json["count"], 3);
    let forwarded = app
        .send(
            app.request(reqwest::Method::GET, "127.0.0.1", "/api/search")
                .header("x-forwarded-host", "alpha.localhost"),
        )
        .await;
    assert_eq!(forwarded.json["count"], 3);
}

async fn filters_text_sort_and_pages_narrow_the_answer(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let toyota = app
        .get(
            "alpha.localhost",
            "/api/search?refinementList%5Bmake%5D%5B0%5D=Toyota",
            None,
        )
        .await;
    assert_eq!(toyota.status, StatusCode::OK, "{}", toyota.text);
    assert_eq!(ids(&toyota.json), vec![1, 2]);
    assert!(toyota.json["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .all(|h| h["make"] == "Toyota"));
    // The make facet still counts the other makes (disjunctive), the selected one first.
    assert_eq!(
        toyota.json["facets"]["make"].as_array().map(Vec::len),
        Some(2)
    );

    let text = app
        .get("alpha.localhost", "/api/search?query=rav", None)
        .await;
    assert_eq!(ids(&text.json), vec![2]);
    let menu_range = app
        .get(
            "alpha.localhost",
            "/api/search?menu[make]=Kia&range[price]=10000:16000",
            None,
        )
        .await;
    assert_eq!(ids(&menu_range.json), vec![3]);
    let sorted = app
        .get("alpha.localhost", "/api/search?sortBy=price_desc", None)
        .await;
    assert_eq!(ids(&sorted.json), vec![2, 1, 3]);
    let second = app
        .get(
            "alpha.localhost",
            "/api/search?sortBy=price_asc&hitsPerPage=2&page=1",
            None,
        )
        .await;
    assert_eq!(
        (
            ids(&second.json),
            second.json["pages"].as_u64(),
            second.json["count"].as_u64()
        ),
        (vec![2], Some(2), Some(3))
    );
    // The query string the search page sends (its fixed filters as menu[...]).
    let page = app
        .get(
            "alpha.localhost",
            "/api/search?sortBy=latest&menu%5Bcar_type%5D=used&hitsPerPage=21",
            None,
        )
        .await;
    assert_eq!(ids(&page.json), vec![1, 3]);

    // Beta's fixed filter keeps used cars only, whatever the shopper asks.
    let beta = app
        .get(
            "beta.localhost",
            "/api/search?refinementList[car_type][0]=new",
            None,
        )
        .await;
    assert_eq!(
        (beta.status, beta.json["count"].as_u64()),
        (StatusCode::OK, Some(0))
    );
    let beta_all = app.get("beta.localhost", "/api/search", None).await;
    assert_eq!(ids(&beta_all.json), vec![1, 3]);
}

async fn a_malformed_parameter_is_a_400_naming_it(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    for (qs, parameter) in [
        ("page=-1", "page"),
        ("page=x", "page"),
        ("hitsPerPage=1000", "hitsPerPage"),
        ("range[price]=abc:100", "range[price]"),
        ("range[price]=500:100", "range[price]"),
        ("refinementList[nope][0]=x", "refinementList[nope][0]"),
        ("sortBy=colour:asc", "sortBy"),
        ("lat=1", "lng"),
        // Seed 000 s2 dealer search parameters.
        ("locationId=abc", "locationId"),
        ("locationType=garage", "locationType"),
    ] {
        let answer = app
            .get("alpha.localhost", &format!("/api/search?{qs}"), None)
            .await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{qs}: {}",
            answer.text
        );
        assert_eq!(answer.json["code"], "bad_request", "{qs}");
        let message = answer.json["message"].as_str().expect("message");
        assert!(message.starts_with(parameter), "{qs}: {message}");
        assert_eq!(
            answer.json["fields"][parameter].as_str(),
            Some(message),
            "{qs}"
        );
    }
}

async fn unknown_hosts_and_dealers_without_an_index_are_404s(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let unknown = app.get("nobody.localhost", "/api/search", None).await;
    assert_eq!(
        (unknown.status, unknown.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_site"))
    );
    let no_index = app
        .get("gamma.localhost", "/api/search?query=x", None)
        .await;
    assert_eq!(
        (no_index.status, no_index.json["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    assert_eq!(no_index.json["message"], SEARCH_NO_INDEX);
    // POST takes a form body only; JSON is a 400 that says so.
    let post = app
        .post("alpha.localhost", "/api/search", &json!({}), None)
        .await;
    assert_eq!(post.status, StatusCode::BAD_REQUEST, "{}", post.text);
    assert!(
        post.text.contains("application/x-www-form-urlencoded"),
        "{}",
        post.text
    );

    // No index folder at all (before the first build), or no backend: 404 too.
    for backend in [
        SearchBackend::embedded(fx.dist.path().join("missing")),
        SearchBackend::none(),
    ] {
        let (mut state, clock, dir) = state_for_alpha();
        state.search = Arc::new(backend);
        let app = serve(state, clock, dir).await;
        let answer = app.get("alpha.localhost", "/api/search", None).await;
        assert_eq!(
            (answer.status, answer.json["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("not_found"))
        );
    }
}

fn state_for_alpha() -> (
    edge_api::AppState,
    Arc<edge_api::clock::ManualClock>,
    TempDir,
) {
    state(
        Tenants::new([tenant("alpha", FixedFilters::for_dealer("alpha"))]),
        Policy::default(),
    )
}

async fn odd_query_strings_never_give_a_server_error(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let long_text = format!("query={}", "a".repeat(5_000));
    let long_value = format!("refinementList[make][0]={}", "Ž".repeat(300));
    let many_keys: String = (0..150)
        .map(|i| format!("refinementList[make][{i}]=M{i}&"))
        .collect();
    let repeated: String = (0..500).map(|_| "query=toyota&page=0&").collect();
    let huge = format!("query=x&pad={}", "z".repeat(20_000));
    let odd = [
        "query=%F0%9F%9A%97%20ute",
        "query=%E6%97%A5%E6%9C%AC%E8%BB%8A",
        "query=%ZZ%%%25",
        "query=%00%01%02",
        "query=+++",
        "query=a+",
        "query=supercalifragilistic+toyotaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "refinementList[make]=Toyota",
        "refinementList[make][]=Toyota&refinementList[make][]=Kia",
        "refinementList[make][99999999999999999999]=x",
        "refinementList[[make]]=x",
        "refinementList[make][0][1]=x",
        "refinementList=x",
        "menu[]=x",
        "menu[make]=",
        "range[price]=:",
        "range[price]=1e308:1e309",
        "range[price]=NaN:inf",
        "range[km]=-5:-1",
        "range[year]=%242%2C000:",
        "page=4294967296",
        "page=100000",
        "hitsPerPage=100&page=99999",
        "sortBy=",
        "sortBy=price:sideways",
        "lat=-90&lng=180&radius=1000",
        "lat=abc&lng=1",
        "lat=1&lng=1&radius=50.0000001",
        "=&&&=&",
        "[]=[]",
        "query",
        "&&&",
        "%5B%5D%5B=1",
        "query=under",
        "query=under+%24",
        "query=under+1e308k",
        "query=between+99999999999999999999999+and+-1",
        "query=2019+or+newer+2015+or+older",
        "query=%21%21%21%3F%3F%2E%2E%2C%2C%3B%3B",
        "query=%F0%9F%9A%97%F0%9F%94%A5",
        "query=%27%3B+DROP+TABLE+cars%3B--",
        "query=price+%3C+20000+AND+make+%3D+Toyota",
        "query=range%5Bprice%5D%3D1%3A2",
    ];
    let long_phrases = format!("query={}", "under+30k+".repeat(100));
    let generated = [
        long_text,
        long_value,
        many_keys,
        repeated,
        huge,
        long_phrases,
    ];
    for qs in odd.iter().map(|s| s.to_string()).chain(generated) {
        let answer = app
            .get("alpha.localhost", &format!("/api/search?{qs}"), None)
            .await;
        let shown: String = qs.chars().take(60).collect();
        assert!(
            answer.status.as_u16() < 500,
            "{shown}: {} {}",
            answer.status,
            answer.text.chars().take(200).collect::<String>()
        );
        assert!(
            matches!(answer.status, StatusCode::OK | StatusCode::BAD_REQUEST),
            "{shown}: {}",
            answer.status
        );
        if answer.status == StatusCode::OK {
            assert!(
                answer.json["hits"].is_array() && answer.json["count"].is_u64(),
                "{shown}"
            );
        } else {
            assert_eq!(answer.json["code"], "bad_request", "{shown}");
        }
    }
}

async fn post_takes_the_same_parameters_as_a_form_body(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let form = |body: &str| {
        app.request(reqwest::Method::POST, "alpha.localhost", "/api/search")
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body.to_string())
    };
    let toyota = app
        .send(form(
            "refinementList%5Bmake%5D%5B0%5D=Toyota&sortBy=price_desc",
        ))
        .await;
    assert_eq!(toyota.status, StatusCode::OK, "{}", toyota.text);
    assert_eq!(ids(&toyota.json), vec![2, 1]);
    let bad = app.send(form("page=-1")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert!(bad.text.contains("page"), "{}", bad.text);
}

async fn a_car_reserved_after_the_build_shows_reserved_in_the_results(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let before = app.get("alpha.localhost", "/api/search", None).await;
    assert_eq!(before.json["hits"][1]["id"], 2);
    assert!(
        before.json["hits"][1]["reserve_url"].is_string(),
        "{}",
        before.text
    );
    assert_ne!(before.json["hits"][1]["tag"]["kind"], "reserved");

    let hold =
        json!({ "car_id": 2, "name": "Jo", "email": "jo@example.com", "phone": "0412345678" });
    // A hold paid at the dealership is taken under the shopper's signed-in phone.
    let cookie = app.sign_in("alpha.localhost", "0412345678").await;
    assert_eq!(
        app.post("alpha.localhost", "/api/reservations", &hold, Some(&cookie))
            .await
            .status,
        StatusCode::CREATED
    );
    let after = app.get("alpha.localhost", "/api/search", None).await;
    assert_eq!(
        after.json["hits"][1]["tag"],
        json!({ "kind": "reserved", "text": "Reserved" })
    );
    assert!(
        after.json["hits"][1]["reserve_url"].is_null(),
        "no reserve button on a held car"
    );
    assert_eq!(
        after.json["hits"][0], before.json["hits"][0],
        "other cars are as built"
    );
    // Another dealer's hold of the same id changes nothing here; an expired hold neither.
    assert_eq!(
        app.get("beta.localhost", "/api/search", None).await.json["hits"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    app.clock.advance(Duration::hours(48));
    let expired = app.get("alpha.localhost", "/api/search", None).await;
    assert_eq!(expired.json["hits"][1], before.json["hits"][1]);
}

async fn phrases_in_the_text_become_the_sidebars_filters(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let under = app
        .get(
            "alpha.localhost",
            "/api/search?query=toyota+under+30k",
            None,
        )
        .await;
    assert_eq!(under.status, StatusCode::OK, "{}", under.text);
    assert_eq!(ids(&under.json), vec![1], "the RAV4 at $42,500 is over");
    assert_eq!(
        under.json["understood"],
        json!({ "query": "toyota", "phrases": ["under 30k"],
                "ranges": { "price": { "min": null, "max": 30000.0 } }, "refinements": {} })
    );
    // The same answer as the sidebar's own filter.
    let sidebar = app
        .get(
            "alpha.localhost",
            "/api/search?query=toyota&range%5Bprice%5D=%3A30000",
            None,
        )
        .await;
    assert_eq!(ids(&sidebar.json), ids(&under.json));
    assert!(sidebar.json.get("understood").is_none(), "{}", sidebar.text);

    // A phrase narrows the URL's own range of the same field; a year is a refinement.
    let both = app
        .get(
            "alpha.localhost",
            "/api/search?query=2021+over+%2416%2C000&range%5Bprice%5D=10000%3A30000",
            None,
        )
        .await;
    assert_eq!(ids(&both.json), vec![1]);
    assert_eq!(
        both.json["understood"],
        json!({ "query": "", "phrases": ["2021", "over $16,000"],
                "ranges": { "price": { "min": 16000.0, "max": 30000.0 } },
                "refinements": { "year": ["2021"] } })
    );
    let plain = app
        .get("alpha.localhost", "/api/search?query=rav4", None)
        .await;
    assert!(plain.json.get("understood").is_none(), "{}", plain.text);

    // A seat count is the seats filter, not two words that any "8" and "seater" match.
    let seats = app
        .get("alpha.localhost", "/api/search?query=toyota+7+seater", None)
        .await;
    assert_eq!(seats.status, StatusCode::OK, "{}", seats.text);
    assert_eq!(
        seats.json["understood"],
        json!({ "query": "toyota", "phrases": ["7 seater"], "ranges": {},
                "refinements": { "seats": ["7"] } })
    );

    // A number the stock sells as a model is the model, not a year.
    let model = app
        .get("delta.localhost", "/api/search?query=peugeot+2008", None)
        .await;
    assert_eq!(ids(&model.json), vec![5], "{}", model.text);
    assert!(model.json.get("understood").is_none(), "{}", model.text);
    let year = app
        .get("delta.localhost", "/api/search?query=2022", None)
        .await;
    assert_eq!(ids(&year.json), vec![5]);
    assert_eq!(
        year.json["understood"]["refinements"],
        json!({ "year": ["2022"] })
    );
}

async fn an_answer_emptied_by_a_range_names_it_and_what_is_found_without_it(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let empty = app
        .get(
            "alpha.localhost",
            "/api/search?query=toyota+under+20k",
            None,
        )
        .await;
    assert_eq!(empty.status, StatusCode::OK, "{}", empty.text);
    assert_eq!(empty.json["count"], 0);
    assert_eq!(
        empty.json["relaxed"],
        json!({ "field": "price", "applied": { "min": null, "max": 20000.0 },
                "count": 2, "min": 21990.0, "max": 42500.0 })
    );
    // Nothing to relax: no range, or no car even without it.
    for qs in [
        "query=holden",
        "query=holden+under+20k",
        "range%5Bprice%5D=1%3A2&query=zzzz",
    ] {
        let none = app
            .get("alpha.localhost", &format!("/api/search?{qs}"), None)
            .await;
        assert_eq!(none.json["count"], 0, "{qs}");
        assert!(none.json.get("relaxed").is_none(), "{qs}: {}", none.text);
    }
    let found = app
        .get(
            "alpha.localhost",
            "/api/search?range%5Bprice%5D=%3A20000",
            None,
        )
        .await;
    assert_eq!(ids(&found.json), vec![3]);
    assert!(found.json.get("relaxed").is_none());
}

async fn a_misspelt_make_or_model_suggests_the_stocks_spelling(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let typo = app
        .get("alpha.localhost", "/api/search?query=corrola", None)
        .await;
    assert_eq!(typo.status, StatusCode::OK, "{}", typo.text);
    assert_eq!(typo.json["count"], 0, "two edits are beyond the typo rules");
    assert_eq!(
        typo.json["suggestion"],
        json!({ "query": "Corolla", "count": 1 })
    );
    // The suggestion keeps the other filters and must find cars with them.
    let used = app
        .get(
            "alpha.localhost",
            "/api/search?query=toyta+corrola&refinementList%5Bcar_type%5D%5B0%5D=used",
            None,
        )
        .await;
    assert_eq!(
        used.json["suggestion"],
        json!({ "query": "Toyota Corolla", "count": 1 })
    );
    for qs in [
        "query=corrola&refinementList%5Bcar_type%5D%5B0%5D=new",
        "query=holden",
        "query=corolla",
    ] {
        let none = app
            .get("alpha.localhost", &format!("/api/search?{qs}"), None)
            .await;
        assert!(none.json.get("suggestion").is_none(), "{qs}: {}", none.text);
    }
}

/// Whatever a shopper pastes into the search box is a query: a 1,000-character paste,
/// punctuation, emoji, SQL or filter syntax get a 200 with a page of cars (possibly
/// empty), never a 400 or a 5xx.
async fn text_that_is_not_words_is_answered_not_refused(on: On) {
    let Some(fx) = spawn_search(on).await else {
        return;
    };
    let app = &fx.app;
    let long_paste = "toyota corolla hybrid with a tow bar please call me back ".repeat(20);
    let texts = [
        long_paste[..1000].to_string(),
        "a".repeat(1000),
        "!!! ??? ... ,,, ;;; ---".to_string(),
        "\u{1F697}\u{1F525}".to_string(),
        "'; DROP TABLE cars; --".to_string(),
        "make = \"Toyota\" OR 1=1".to_string(),
        "price < 20000 AND make = Toyota".to_string(),
        "range[price]=1:2&refinementList[make][0]=Kia".to_string(),
        "\"corolla\" -hybrid kia*".to_string(),
    ];
    for text in texts {
        let shown: String = text.chars().take(40).collect();
        let qs = serde_urlencoded::to_string([("query", &text)]).expect("encoded");
        let answer = app
            .get("alpha.localhost", &format!("/api/search?{qs}"), None)
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{shown:?}: {}", answer.text);
        assert!(
            answer.json["hits"].is_array() && answer.json["count"].is_u64(),
            "{shown:?}: {}",
            answer.text
        );
    }
}
