//! Both backends held to the relevance case table (`tests/data/relevance.json`): for each
//! shopper query, the cars the feed's fields say must be on the first page are there, and
//! none that does not answer the query is. The embedded backend always runs; Meilisearch
//! when `MEILISEARCH_BIN` or `MEILISEARCH_URL` is set (see `search::test_server`).

#[path = "support/relevance.rs"]
mod relevance;

use search::test_server::RealMeilisearch;
use search::{index_meilisearch, write_index, EmbeddedSearch, MeiliSearch, Search};

/// Every case on one backend; the failures are listed together.
async fn holds_to_the_table(backend: &dyn Search, name: &str) {
    let table = relevance::table();
    let cars = relevance::stock();
    assert!(
        table.cases.len() >= 100,
        "the table has {} cases",
        table.cases.len()
    );
    let mut failures = Vec::new();
    let (mut recall, mut precision) = (0.0, 0.0);
    for case in &table.cases {
        let outcome = relevance::run(backend, case, &cars, table.page).await;
        recall += outcome.recall;
        precision += outcome.precision;
        if !outcome.passes() {
            failures.push(format!(
                "{} {:?} ({}): missing {:?}, not answering {:?}",
                case.dealer, case.text, case.why, outcome.missing, outcome.stray
            ));
        }
    }
    let n = table.cases.len() as f64;
    println!(
        "{name}: recall@{page} {:.3}, precision@{page} {:.3} over {} cases",
        recall / n,
        precision / n,
        table.cases.len(),
        page = table.page
    );
    assert!(
        failures.is_empty(),
        "{name}: {} of {} cases fail:\n{}",
        failures.len(),
        table.cases.len(),
        failures.join("\n")
    );
}

#[tokio::test]
async fn embedded_backend_keeps_the_relevance_table() {
    let cars = relevance::stock();
    let dir = tempfile::tempdir().expect("temp dir");
    for dealer in relevance::dealers(&cars) {
        write_index(dir.path(), &dealer, &relevance::docs(&cars, &dealer)).expect("index written");
    }
    let backend = EmbeddedSearch::open(dir.path()).expect("opened");
    holds_to_the_table(&backend, "embedded").await;
}

#[tokio::test]
async fn real_meilisearch_keeps_the_relevance_table() {
    let Some(server) = RealMeilisearch::from_env("meilisearch relevance") else {
        return;
    };
    let cars = relevance::stock();
    for dealer in relevance::dealers(&cars) {
        index_meilisearch(
            server.url(),
            server.key(),
            &dealer,
            &relevance::docs(&cars, &dealer),
        )
        .await
        .expect("indexed");
    }
    let backend = MeiliSearch::new(server.url(), server.key()).expect("client");
    holds_to_the_table(&backend, "meilisearch").await;
}
