//! Relevance figures for `make bench`: recall and precision at 21 of each backend over the
//! relevance case table (`tests/data/relevance.json`, judged from the feed's fields by
//! `tests/data/relevance.py`). Meilisearch is measured when `MEILISEARCH_BIN` (a binary
//! this starts) or `MEILISEARCH_URL` is set; otherwise it says it was skipped.
//!
//!     cargo run --release -p search --example relevance
//!     MEILISEARCH_BIN=/path/to/meilisearch cargo run --release -p search --example relevance

#[path = "../tests/support/relevance.rs"]
mod relevance;

use search::test_server::RealMeilisearch;
use search::{index_meilisearch, write_index, EmbeddedSearch, MeiliSearch, Search};

async fn measure(name: &str, backend: &dyn Search) {
    let table = relevance::table();
    let cars = relevance::stock();
    let (mut recall, mut precision, mut kept) = (0.0, 0.0, 0);
    let mut failing = Vec::new();
    for case in &table.cases {
        let outcome = relevance::run(backend, case, &cars, table.page).await;
        recall += outcome.recall;
        precision += outcome.precision;
        if outcome.passes() {
            kept += 1;
        } else {
            failing.push(format!("{} {:?} ({})", case.dealer, case.text, case.why));
        }
    }
    let n = table.cases.len() as f64;
    println!(
        "{name:<12} cases {:>4}  recall@{} {:.3}  precision@{} {:.3}  cases kept {kept}",
        table.cases.len(),
        table.page,
        recall / n,
        table.page,
        precision / n
    );
    for f in failing {
        println!("    fails: {f}");
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let cars = relevance::stock();
    let dir = tempfile::tempdir().expect("temp dir");
    for dealer in relevance::dealers(&cars) {
        write_index(dir.path(), &dealer, &relevance::docs(&cars, &dealer)).expect("index written");
    }
    let embedded = EmbeddedSearch::open(dir.path()).expect("opened");
    measure("embedded", &embedded).await;
    let Some(server) = RealMeilisearch::from_env("relevance bench") else {
        return;
    };
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
    let meili = MeiliSearch::new(server.url(), server.key()).expect("client");
    measure("meilisearch", &meili).await;
}
