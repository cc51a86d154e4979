//! The relevance case table (`tests/data/relevance.json`, written by `relevance.py` from
//! rules over the feed fields of `relevance-stock.jsonl`) and how a backend is held to it.
//! Shared by the test (`tests/relevance.rs`) and `make bench` (`examples/relevance.rs`).

use std::collections::HashSet;
use std::path::PathBuf;

use chrono::{TimeZone, Utc};
use domain::car::Car;
use search::{FixedFilters, IndexDoc, Search, SearchQuery};
use serde::Deserialize;
use serde_json::json;

/// One shopper query and its judgement.
#[derive(Debug, Deserialize)]
pub struct Case {
    /// The dealer whose stock is searched.
    pub dealer: String,
    /// What the shopper typed.
    pub text: String,
    /// The rule that judged it, in words.
    pub why: String,
    /// Cars that must be on the first page.
    pub must_in: Vec<u64>,
    /// Every car that answers the text: the first page leads with them (with room left
    /// it may go on with near answers, such as one typo away).
    pub relevant: Vec<u64>,
    /// Cars the rule cannot judge: the make's own name holds a typed word the rule reads
    /// otherwise ("Isuzu UTE" for "ute"). Neither required nor forbidden.
    #[serde(default)]
    pub neutral: Vec<u64>,
    /// Cars with one of the typed words that do not answer the text: never ranked above
    /// a relevant car.
    pub must_not: Vec<u64>,
}

/// The table.
#[derive(Debug, Deserialize)]
pub struct Table {
    /// The first page's size.
    pub page: u32,
    /// The cases.
    pub cases: Vec<Case>,
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Reads the table.
pub fn table() -> Table {
    let path = data("relevance.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// Reads the stock, each dealer's cars latest first (the order the generator indexes).
pub fn stock() -> Vec<Car> {
    let path = data("relevance-stock.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut cars: Vec<Car> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(n, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{path:?} line {}: {e}", n + 1))
        })
        .collect();
    cars.sort_by(|a, b| {
        a.dealership_slug
            .cmp(&b.dealership_slug)
            .then(domain::view::search::latest_first(a, b))
    });
    cars
}

/// The dealers of the stock, in order.
pub fn dealers(cars: &[Car]) -> Vec<String> {
    let mut out: Vec<String> = cars.iter().map(|c| c.dealership_slug.clone()).collect();
    out.dedup();
    out
}

/// A dealer's documents (the card is the car's id: the hits are read back as ids).
pub fn docs<'a>(cars: &'a [Car], dealer: &str) -> Vec<IndexDoc<'a>> {
    cars.iter()
        .filter(|c| c.dealership_slug == dealer)
        .map(|c| IndexDoc::new(c, json!({ "id": c.id })))
        .collect()
}

/// When the cases are searched: years after the stock's last sale, so no sold car is in
/// its sold window (the table leaves sold cars out).
pub fn now() -> i64 {
    Utc.with_ymd_and_hms(2031, 1, 1, 0, 0, 0)
        .single()
        .expect("valid date")
        .timestamp()
}

/// The query of a case as the API builds it: the filter phrases of the text ("under
/// 40k", "2020 or newer", a year) become filters, except a number that is a make or
/// model word of the stock.
pub fn query(case: &Case, cars: &[Car], page: u32) -> SearchQuery {
    let qs = format!(
        "{}&hitsPerPage={page}",
        domain::search_url::encode_pair("query", &case.text)
    );
    let fixed = FixedFilters::for_dealer(&case.dealer);
    let mut q = SearchQuery::from_query_string_at(&qs, &fixed, now())
        .unwrap_or_else(|e| panic!("{:?}: {e}", case.text));
    let known: HashSet<String> = cars
        .iter()
        .filter(|c| c.dealership_slug == case.dealer)
        .flat_map(|c| [c.make.to_lowercase(), c.model.to_lowercase()])
        .collect();
    let understood = search::understand_keeping(&q.text, |w| known.contains(&w.to_lowercase()));
    if !understood.is_empty() {
        understood.apply_to(&mut q);
    }
    q
}

/// How one answer measures against its case.
pub struct Outcome {
    /// Cars of `must_in` not on the page.
    pub missing: Vec<u64>,
    /// Cars that do not answer the text ranked above one that does (within the first
    /// `min(relevant, page)` hits).
    pub stray: Vec<u64>,
    /// Fewer relevant cars on the page than fit on it, when more answer the text.
    pub short: bool,
    /// Relevant cars on the page over the relevant cars that fit on it (1 for none).
    pub recall: f64,
    /// Relevant cars on the page over the cars on it (1 for an empty page of no answer).
    pub precision: f64,
}

impl Outcome {
    /// Whether the answer keeps the case.
    pub fn passes(&self) -> bool {
        self.missing.is_empty() && self.stray.is_empty() && !self.short
    }
}

/// Searches one case and judges the answer.
pub async fn run(backend: &dyn Search, case: &Case, cars: &[Car], page: u32) -> Outcome {
    let q = query(case, cars, page);
    let answer = backend
        .search(&q)
        .await
        .unwrap_or_else(|e| panic!("{:?}: {e}", case.text));
    let hits: Vec<u64> = answer
        .hits
        .iter()
        .map(|h| h["id"].as_u64().expect("card id"))
        .collect();
    let relevant: HashSet<u64> = case.relevant.iter().copied().collect();
    let neutral: HashSet<u64> = case.neutral.iter().copied().collect();
    let missing = case
        .must_in
        .iter()
        .copied()
        .filter(|id| !hits.contains(id))
        .collect();
    // The relevant cars lead the page; what fills the room after them is not judged.
    let on_page_neutral = hits.iter().filter(|id| neutral.contains(id)).count();
    let lead = (relevant.len() + on_page_neutral).min(page as usize);
    let stray: Vec<u64> = hits
        .iter()
        .take(lead)
        .copied()
        .filter(|id| !neutral.contains(id))
        .filter(|id| !relevant.contains(id) || case.must_not.contains(id))
        .collect();
    let found = hits.iter().filter(|id| relevant.contains(id)).count() as f64;
    let fit = relevant.len().min(page as usize) as f64;
    let recall = if fit == 0.0 { 1.0 } else { found / fit };
    let precision = match (hits.len(), relevant.len()) {
        (0, 0) => 1.0,
        (0, _) => 0.0,
        (n, _) => found / n as f64,
    };
    Outcome {
        short: hits.len() < lead,
        missing,
        stray,
        recall,
        precision,
    }
}
