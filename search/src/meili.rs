//! The Meilisearch backend. [`push_meilisearch`] fills index `cars-<dealer>` with the same
//! [`SearchDoc`] records the embedded index holds (the first time built in
//! `cars-<dealer>-next` and swapped in, so a failed push never empties the live index;
//! after that only the changed documents are sent and the removed ones deleted); [`MeiliSearch`] translates a
//! [`SearchQuery`] into Meilisearch filters and answers with one multi-search: the main
//! query (hits, count, facets without a selection) plus one query per selected facet and
//! per ranged field, each without its own selection, for disjunctive counts and slider
//! bounds.
//!
//! Settings that make the answers match the embedded backend: searchable `text` (the
//! phrases of [`crate::facets::searchable_text`], synonyms already expanded); the
//! `synonyms` of [`crate::synonyms`]; ranking rules `sort` first (an
//! explicit sort wins over relevance, as in the embedded backend), then words, typo,
//! exactness, then the written order (`created_ms:desc, id:asc` for documents written
//! latest first, `ord:asc` otherwise) breaks ties; matching
//! strategy `all`; `maxValuesPerFacet` 1000; `maxTotalHits` at least the stock count.
//!
//! The text is sent as the words the embedded backend reads ([`meili_text`]), so quotes,
//! a leading minus, filter or SQL syntax and emoji mean to Meilisearch what they mean to
//! the embedded backend: nothing beyond their letters and digits.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use meilisearch_sdk::client::{Client, SwapIndexes};
use meilisearch_sdk::documents::DocumentsQuery;
use meilisearch_sdk::search::{MatchingStrategies, Selectors};
use meilisearch_sdk::settings::{FacetingSettings, PaginationSetting, Settings};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::answer::{
    car_type_sum, facet_items, page_count, resolve_count, FacetStats, SearchAnswer,
};
use crate::cache::{AnswerCache, DEFAULT_CACHE_ENTRIES};
use crate::embedded::{elapsed_ms, valid_slug};
use crate::facets::{Facet, IndexDoc, RangeField, SearchDoc};
use crate::query::{query_words, SearchQuery, SortBy, LOCATION_FACET};
use crate::synonyms::Synonyms;
use crate::{Search, SearchError};

/// Documents per push.
pub const BATCH_SIZE: usize = 1000;
/// Facet values returned per facet.
pub const MAX_VALUES_PER_FACET: usize = 1000;
/// How long a cached Meilisearch answer is reused (the index changes underneath).
pub const CACHE_MAX_AGE: Duration = Duration::from_secs(60);
/// Longest wait for one indexing task.
pub const TASK_TIMEOUT: Duration = Duration::from_secs(600);

fn meili(e: meilisearch_sdk::errors::Error) -> SearchError {
    SearchError::Meilisearch(e.to_string())
}

/// The index of a dealer.
pub fn index_uid(dealer: &str) -> String {
    format!("cars-{dealer}")
}

/// Whether a facet is stored as a number (its values are numbers in filters).
fn numeric_facet(f: Facet) -> bool {
    f.range_field().is_some()
}

/// The Meilisearch document of one record: value facets as string arrays, range fields as
/// numbers (year and seats are both), `_geo` when the car has coordinates.
pub fn meili_document(doc: &SearchDoc) -> Value {
    let mut m = Map::new();
    m.insert("ord".into(), json!(doc.ord));
    m.insert("id".into(), json!(doc.id));
    for f in Facet::with_values().filter(|f| !numeric_facet(*f)) {
        m.insert(f.name().into(), json!(doc.values[f.index()]));
    }
    for r in RangeField::ALL {
        if let Some(v) = doc.nums[r.index()] {
            // Whole numbers as integers, so facet values read "2021", not "2021.0".
            let n = if v.fract() == 0.0 && v.abs() < 9.0e15 {
                json!(v as i64)
            } else {
                json!(v)
            };
            m.insert(r.name().into(), n);
        }
    }
    m.insert("text".into(), json!(doc.text));
    m.insert("photos".into(), json!(doc.photos));
    if let Some(s) = &doc.stocknum {
        m.insert("stocknum".into(), json!(s));
    }
    m.insert("sold".into(), json!(doc.sold));
    if let Some(t) = doc.sold_at {
        m.insert("sold_at".into(), json!(t));
    }
    m.insert("listed".into(), json!(doc.listed));
    m.insert("location_id".into(), json!(doc.location_ids));
    m.insert("location_type".into(), json!(doc.location_types));
    if let (Some(lat), Some(lng)) = (doc.lat, doc.lng) {
        m.insert("_geo".into(), json!({"lat": lat, "lng": lng}));
    }
    m.insert("card".into(), doc.card.clone());
    Value::Object(m)
}

/// A quoted filter string (backslash and double quote escaped).
fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// The filter of a query, leaving out one facet's selections or one field's range
/// (for disjunctive counts); `None` when nothing filters.
pub fn filter_expression(
    q: &SearchQuery,
    skip_facet: Option<Facet>,
    skip_range: Option<RangeField>,
) -> Option<String> {
    let mut parts: Vec<String> = vec!["listed = true".into()];
    parts.push(match q.sold_after {
        Some(t) => format!("(sold = false OR sold_at >= {t})"),
        None => "sold = false".into(),
    });
    let f = &q.fixed;
    if f.used_only {
        parts.push("car_type = \"used\"".into());
    }
    if f.in_stock_only {
        parts.push("status = \"in_stock\"".into());
    }
    if !f.manufacturers.is_empty() {
        let makes: Vec<String> = f.manufacturers.iter().map(|m| quote(m)).collect();
        parts.push(format!("make IN [{}]", makes.join(", ")));
    }
    if let Some(id) = q.location_id.filter(|_| skip_facet != Some(LOCATION_FACET)) {
        parts.push(format!("location_id = {id}"));
    }
    if let Some(kind) = &q.location_type {
        parts.push(format!("location_type = {}", quote(kind)));
    }
    if f.min_photos > 0 {
        parts.push(format!("photos >= {}", f.min_photos));
    }
    if !q.ids.is_empty() {
        let ids: Vec<String> = q.ids.iter().map(u64::to_string).collect();
        parts.push(format!("id IN [{}]", ids.join(", ")));
    }
    if !f.excluded_stocknums.is_empty() {
        let list: Vec<String> = f
            .excluded_stocknums
            .iter()
            .map(|s| quote(s.trim()))
            .collect();
        parts.push(format!("stocknum NOT IN [{}]", list.join(", ")));
    }
    for r in &q.ranges {
        if Some(r.field) == skip_range {
            continue;
        }
        if let Some(v) = r.min {
            parts.push(format!("{} >= {}", r.field.name(), num(v)));
        }
        if let Some(v) = r.max {
            parts.push(format!("{} <= {}", r.field.name(), num(v)));
        }
    }
    for sel in &q.filters {
        if Some(sel.facet) == skip_facet {
            continue;
        }
        let name = sel.facet.name();
        let ors: Vec<String> = sel
            .values
            .iter()
            .map(|v| match v.trim().parse::<f64>() {
                Ok(n) if numeric_facet(sel.facet) && n.is_finite() => {
                    format!("{name} = {}", num(n))
                }
                _ => format!("{name} = {}", quote(v)),
            })
            .collect();
        parts.push(format!("({})", ors.join(" OR ")));
    }
    if let Some(n) = q.near {
        parts.push(format!(
            "_geoRadius({}, {}, {})",
            n.lat,
            n.lng,
            u64::from(n.radius_km) * 1000
        ));
    }
    Some(parts.join(" AND "))
}

/// The text sent to Meilisearch: the query's words ([`query_words`]: letters and digits,
/// at most ten) joined by spaces, with a trailing space when the last word is not a
/// prefix, so phrase quotes and negation are not operators and both backends read the
/// same words.
pub fn meili_text(text: &str) -> String {
    let (words, prefix) = query_words(text);
    let mut out = words.join(" ");
    if !prefix && !out.is_empty() {
        out.push(' ');
    }
    out
}

/// The sort of a query (the written order breaks ties through the ranking rules).
pub fn sort_expression(sort: SortBy) -> Option<String> {
    match sort {
        SortBy::Relevance => None,
        SortBy::Field { field, desc } => Some(format!(
            "{}:{}",
            field.name(),
            if desc { "desc" } else { "asc" }
        )),
    }
}

fn facet_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Facet::with_values().map(Facet::name).collect();
    for r in RangeField::ALL {
        if !names.contains(&r.name()) {
            names.push(r.name());
        }
    }
    names
}

async fn wait(
    client: &Client,
    task: meilisearch_sdk::task_info::TaskInfo,
) -> Result<(), SearchError> {
    let done = task
        .wait_for_completion(client, None, Some(TASK_TIMEOUT))
        .await
        .map_err(meili)?;
    if done.is_failure() {
        return Err(SearchError::Meilisearch(format!(
            "task failed: {:?}",
            done.unwrap_failure()
        )));
    }
    Ok(())
}

/// What a push to Meilisearch did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MeiliPush {
    /// Documents of the dealer's stock.
    pub docs: usize,
    /// Documents sent (added, or replacing the live index's copy).
    pub sent: usize,
    /// Documents deleted from the live index (cars no longer in the stock).
    pub deleted: usize,
    /// Whether the index was rebuilt whole (a first push, or an index of an older shape).
    pub rebuilt: bool,
}

/// The primary key of the documents: the car's id, stable from one build to the next,
/// so a rebuild sends only the cars that changed.
const PRIMARY_KEY: &str = "id";

/// The ranking rules when the documents come latest first (as a build writes them):
/// `created_ms:desc, id:asc` is that written order without a position in it, so adding
/// one car changes no other document.
const RULES_LATEST: [&str; 6] = [
    "sort",
    "words",
    "typo",
    "exactness",
    "created_ms:desc",
    "id:asc",
];

/// The ranking rules for documents in any other order: their position (`ord`) breaks ties.
const RULES_WRITTEN: [&str; 5] = ["sort", "words", "typo", "exactness", "ord:asc"];

/// Whether `docs` are latest first (newest `created_at`, then lowest id): the order
/// [`RULES_LATEST`] reproduces.
fn latest_first(docs: &[IndexDoc<'_>]) -> bool {
    docs.windows(2).all(|w| {
        domain::view::search::latest_first(w[0].car, w[1].car) != std::cmp::Ordering::Greater
    })
}

/// Pages of `id, hash` read from the live index at a time.
const LIST_PAGE: usize = 1000;

/// The document of one car as pushed: [`meili_document`], without its position when
/// `latest` (the ranking rules order by creation time and id instead), with the creation
/// time and a digest of the rest (`hash`), which the next push compares.
fn push_record(ord: usize, doc: &IndexDoc<'_>, latest: bool) -> (u64, Value) {
    let derived = SearchDoc::derive(ord as u64, doc);
    let id = derived.id;
    let mut record = meili_document(&derived);
    if let Value::Object(m) = &mut record {
        if latest {
            m.remove("ord");
        }
        m.insert(
            "created_ms".into(),
            json!(doc.car.created_at.timestamp_millis()),
        );
        let hash = fnv1a(record_text(m).as_bytes());
        m.insert("hash".into(), json!(format!("{hash:016x}")));
    }
    (id, record)
}

fn record_text(m: &Map<String, Value>) -> String {
    serde_json::to_string(m).unwrap_or_default()
}

/// FNV-1a, 64 bits: a change detector for documents (not a defence against anyone).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

fn push_settings(docs: usize, rules: &[&str]) -> Settings {
    let mut filterable: Vec<&str> = facet_names();
    filterable.extend([
        "id",
        "photos",
        "stocknum",
        "sold",
        "sold_at",
        "listed",
        "_geo",
        "location_id",
        "location_type",
    ]);
    let mut sortable: Vec<&str> = RangeField::ALL.iter().map(|r| r.name()).collect();
    sortable.extend(["created_ms", "id", "ord"]);
    Settings::new()
        .with_searchable_attributes(["text"])
        .with_synonyms(
            Synonyms::get()
                .meili_synonyms()
                .into_iter()
                .collect::<HashMap<_, _>>(),
        )
        .with_filterable_attributes(filterable)
        .with_sortable_attributes(sortable)
        // No proximity or attribute rules: the text is a list of attribute phrases plus
        // synonyms appended in no meaningful order, and the embedded backend ranks by
        // typos and exactness only; with them the two would order the same cars apart.
        .with_ranking_rules(rules)
        .with_faceting(FacetingSettings {
            max_values_per_facet: MAX_VALUES_PER_FACET,
            sort_facet_values_by: None,
        })
        .with_pagination(PaginationSetting {
            max_total_hits: docs.max(1000),
        })
}

/// Pushes a dealer's documents to Meilisearch ([`push_meilisearch`]). Returns the number
/// of documents.
pub async fn index_meilisearch(
    url: &str,
    key: Option<&str>,
    dealer: &str,
    docs: &[IndexDoc<'_>],
) -> Result<usize, SearchError> {
    push_meilisearch(url, key, dealer, docs)
        .await
        .map(|p| p.docs)
}

/// Brings index `cars-<dealer>` up to date with a dealer's documents, waiting for every
/// task and failing on the first that fails. When the live index has this shape (primary
/// key `id`, the ranking rules of this order: [`RULES_LATEST`] for documents latest
/// first, as a build writes them, else [`RULES_WRITTEN`]), only the documents whose digest differs from the live
/// copy's are sent (add or replace), the cars gone are deleted, and the rest is left
/// alone. Otherwise (no index yet, or one an older version built) the index is built
/// whole in `cars-<dealer>-next`, in batches of [`BATCH_SIZE`], then swapped in and the old
/// copy deleted, so a failed push never empties the live index.
pub async fn push_meilisearch(
    url: &str,
    key: Option<&str>,
    dealer: &str,
    docs: &[IndexDoc<'_>],
) -> Result<MeiliPush, SearchError> {
    if !valid_slug(dealer) {
        return Err(SearchError::BadDealer(dealer.chars().take(100).collect()));
    }
    let client = Client::new(url, key).map_err(meili)?;
    let live = index_uid(dealer);
    let latest = latest_first(docs);
    let rules: &[&str] = if latest {
        &RULES_LATEST
    } else {
        &RULES_WRITTEN
    };
    let records: Vec<(u64, Value)> = docs
        .iter()
        .enumerate()
        .map(|(ord, doc)| push_record(ord, doc, latest))
        .collect();
    let settings = push_settings(docs.len(), rules);
    let current = match client.get_index(&live).await {
        Ok(index) if index.primary_key.as_deref() == Some(PRIMARY_KEY) => {
            let live_rules = index.get_ranking_rules().await.map_err(meili)?;
            (live_rules == rules).then_some(index)
        }
        _ => None,
    };
    let Some(index) = current else {
        rebuild(&client, &live, &settings, &records).await?;
        return Ok(MeiliPush {
            docs: docs.len(),
            sent: records.len(),
            deleted: 0,
            rebuilt: true,
        });
    };
    // The live digests, by id.
    let mut held: HashMap<u64, String> = HashMap::new();
    let mut offset = 0;
    loop {
        let page = DocumentsQuery::new(&index)
            .with_fields(["id", "hash"])
            .with_limit(LIST_PAGE)
            .with_offset(offset)
            .execute::<Held>()
            .await
            .map_err(meili)?;
        let count = page.results.len();
        held.extend(page.results.into_iter().map(|d| (d.id, d.hash)));
        offset += count;
        if count < LIST_PAGE {
            break;
        }
    }
    // The settings first: a stock grown past `maxTotalHits` needs the new bound.
    wait(&client, index.set_settings(&settings).await.map_err(meili)?).await?;
    let changed: Vec<&Value> = records
        .iter()
        .filter(|(id, record)| held.get(id).map(String::as_str) != record["hash"].as_str())
        .map(|(_, record)| record)
        .collect();
    if !changed.is_empty() {
        for task in index
            .add_documents_in_batches(&changed, Some(BATCH_SIZE), Some(PRIMARY_KEY))
            .await
            .map_err(meili)?
        {
            wait(&client, task).await?;
        }
    }
    let kept: std::collections::HashSet<u64> = records.iter().map(|(id, _)| *id).collect();
    let mut gone: Vec<u64> = held
        .keys()
        .filter(|id| !kept.contains(id))
        .copied()
        .collect();
    gone.sort_unstable();
    if !gone.is_empty() {
        wait(&client, index.delete_documents(&gone).await.map_err(meili)?).await?;
    }
    Ok(MeiliPush {
        docs: docs.len(),
        sent: changed.len(),
        deleted: gone.len(),
        rebuilt: false,
    })
}

/// `id` and `hash` of a live document.
#[derive(Debug, Deserialize)]
struct Held {
    id: u64,
    #[serde(default)]
    hash: String,
}

/// Builds `<live>-next` whole and swaps it in for `live`.
async fn rebuild(
    client: &Client,
    live: &str,
    settings: &Settings,
    records: &[(u64, Value)],
) -> Result<(), SearchError> {
    let next = format!("{live}-next");
    // Both may be missing; a failed delete or create of an absent/present index is fine.
    if let Ok(task) = client.delete_index(&next).await {
        let _gone = task
            .wait_for_completion(client, None, Some(TASK_TIMEOUT))
            .await;
    }
    if let Ok(task) = client.create_index(live, Some(PRIMARY_KEY)).await {
        let _exists = task
            .wait_for_completion(client, None, Some(TASK_TIMEOUT))
            .await;
    }
    wait(
        client,
        client
            .create_index(&next, Some(PRIMARY_KEY))
            .await
            .map_err(meili)?,
    )
    .await?;
    let index = client.index(&next);
    wait(client, index.set_settings(settings).await.map_err(meili)?).await?;
    let records: Vec<&Value> = records.iter().map(|(_, record)| record).collect();
    if !records.is_empty() {
        for task in index
            .add_documents_in_batches(&records, Some(BATCH_SIZE), Some(PRIMARY_KEY))
            .await
            .map_err(meili)?
        {
            wait(client, task).await?;
        }
    }
    let swap = SwapIndexes {
        indexes: (live.to_string(), next.clone()),
        rename: None,
    };
    wait(client, client.swap_indexes([&swap]).await.map_err(meili)?).await?;
    if let Ok(task) = client.delete_index(&next).await {
        let _old_removed = task
            .wait_for_completion(client, None, Some(TASK_TIMEOUT))
            .await;
    }
    Ok(())
}

#[derive(Debug, Deserialize)]
struct Hit {
    card: Value,
}

/// The Meilisearch search of every dealer (one index per dealer).
pub struct MeiliSearch {
    client: Client,
    cache: AnswerCache,
}

impl MeiliSearch {
    /// A backend for the server at `url` with a search key.
    pub fn new(url: &str, key: Option<&str>) -> Result<MeiliSearch, SearchError> {
        Ok(MeiliSearch {
            client: Client::new(url, key).map_err(meili)?,
            cache: AnswerCache::new(DEFAULT_CACHE_ENTRIES).with_max_age(CACHE_MAX_AGE),
        })
    }

    /// Answers without the answer cache.
    pub async fn search_uncached(&self, q: &SearchQuery) -> Result<SearchAnswer, SearchError> {
        let started = Instant::now();
        if !valid_slug(&q.fixed.dealer) {
            return Err(SearchError::BadDealer(
                q.fixed.dealer.chars().take(100).collect(),
            ));
        }
        let index = self.client.index(index_uid(&q.fixed.dealer));
        let selected: Vec<Facet> = q.selected_facets();
        let ranged: Vec<RangeField> = q.ranges.iter().map(|r| r.field).collect();
        let main_filter = filter_expression(q, None, None);
        let facet_filters: Vec<Option<String>> = selected
            .iter()
            .map(|f| filter_expression(q, Some(*f), None))
            .collect();
        let range_filters: Vec<Option<String>> = ranged
            .iter()
            .map(|r| filter_expression(q, None, Some(*r)))
            .collect();
        let all_facets = facet_names();
        let facet_lists: Vec<[&str; 1]> = selected.iter().map(|f| [f.name()]).collect();
        let range_lists: Vec<[&str; 1]> = ranged.iter().map(|r| [r.name()]).collect();
        let sort = sort_expression(q.sort);
        let sort_list: Vec<&str> = sort.iter().map(String::as_str).collect();
        let retrieve = ["card"];
        let text = meili_text(&q.text);

        let mut multi = self.client.multi_search();
        let mut main = index.search();
        main.with_query(&text)
            .with_matching_strategy(MatchingStrategies::ALL)
            .with_facets(Selectors::Some(&all_facets))
            .with_hits_per_page(q.hits_per_page as usize)
            .with_page(q.page as usize + 1)
            .with_attributes_to_retrieve(Selectors::Some(&retrieve));
        if let Some(f) = &main_filter {
            main.with_filter(f);
        }
        if !sort_list.is_empty() {
            main.with_sort(&sort_list);
        }
        multi.with_search_query(main);
        for (filter, list) in facet_filters
            .iter()
            .zip(&facet_lists)
            .chain(range_filters.iter().zip(&range_lists))
        {
            let mut s = index.search();
            s.with_query(&text)
                .with_matching_strategy(MatchingStrategies::ALL)
                .with_facets(Selectors::Some(list))
                .with_limit(0);
            if let Some(f) = filter {
                s.with_filter(f);
            }
            multi.with_search_query(s);
        }
        let response = multi.execute::<Hit>().await.map_err(|e| match e {
            // A dealer without an index is a 404, as with the embedded backend, not a
            // backend failure.
            meilisearch_sdk::errors::Error::Meilisearch(ref m)
                if m.error_code == meilisearch_sdk::errors::ErrorCode::IndexNotFound =>
            {
                SearchError::UnknownDealer(q.fixed.dealer.clone())
            }
            other => meili(other),
        })?;
        let mut results = response.results.into_iter();
        let main = results
            .next()
            .ok_or_else(|| SearchError::Meilisearch("multi-search returned nothing".into()))?;
        let mut distributions = main.facet_distribution.unwrap_or_default();
        let mut stats = main.facet_stats.unwrap_or_default();
        for facet in &selected {
            if let Some(r) = results.next() {
                let d = r
                    .facet_distribution
                    .unwrap_or_default()
                    .remove(facet.name())
                    .unwrap_or_default();
                distributions.insert(facet.name().to_string(), d);
            }
        }
        for field in &ranged {
            if let Some(r) = results.next() {
                match r.facet_stats.unwrap_or_default().remove(field.name()) {
                    Some(s) => stats.insert(field.name().to_string(), s),
                    None => stats.remove(field.name()),
                };
            }
        }
        let mut facets = std::collections::BTreeMap::new();
        for facet in Facet::with_values() {
            let chosen: Vec<&str> = q
                .filters
                .iter()
                .filter(|f| f.facet == facet)
                .flat_map(|f| f.values.iter().map(String::as_str))
                .collect();
            let raw: HashMap<String, u64> = distributions
                .remove(facet.name())
                .unwrap_or_default()
                .into_iter()
                .map(|(k, v)| (k, v as u64))
                .collect();
            facets.insert(facet.name().to_string(), facet_items(facet, raw, &chosen));
        }
        let facets_stats = RangeField::ALL
            .iter()
            .filter_map(|r| {
                stats.get(r.name()).map(|s| {
                    (
                        r.name().to_string(),
                        FacetStats {
                            min: s.min,
                            max: s.max,
                        },
                    )
                })
            })
            .collect();
        let car_types = q.car_type_values();
        let ct_sum = facets
            .get(Facet::CarType.name())
            .map(|i| car_type_sum(i, &car_types))
            .unwrap_or(0);
        let reported = main.total_hits.or(main.estimated_total_hits).unwrap_or(0) as u64;
        let count = resolve_count(reported, None, ct_sum);
        Ok(SearchAnswer {
            hits: main.hits.into_iter().map(|h| h.result.card).collect(),
            count,
            page: q.page,
            pages: page_count(count, q.hits_per_page),
            ms: elapsed_ms(started),
            facets,
            facets_stats,
        })
    }
}

#[async_trait::async_trait]
impl Search for MeiliSearch {
    async fn search(&self, q: &SearchQuery) -> Result<SearchAnswer, SearchError> {
        let started = Instant::now();
        let key = format!("{}\u{1}{}", q.fixed.dealer, q.cache_key());
        if let Some(mut a) = self.cache.get(&key) {
            a.ms = elapsed_ms(started);
            return Ok(a);
        }
        let answer = self.search_uncached(q).await?;
        self.cache.put(key, answer.clone());
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::FixedFilters;

    #[test]
    fn documents_carry_facets_numbers_and_geo() {
        let car = domain::car::Car {
            id: 7,
            year: 2021,
            make: "Kia".into(),
            model: "Rio".into(),
            seats: Some(5),
            price: Some(15000.0),
            stocknum: Some("K1".into()),
            show_on_dealer_website: true,
            ..Default::default()
        };
        let doc = SearchDoc::derive(3, &IndexDoc::new(&car, json!({"id": 7})).at(-27.5, 153.0));
        let m = meili_document(&doc);
        assert_eq!(m["ord"], json!(3));
        assert_eq!(m["make"], json!(["Kia"]));
        assert_eq!(m["make_model"], json!(["Kia > Rio"]));
        assert_eq!(m["categories"], json!(["new", "new-and-demo"]));
        assert_eq!(
            (m["year"].clone(), m["seats"].clone(), m["price"].clone()),
            (json!(2021), json!(5), json!(15000))
        );
        assert_eq!(m["price_range"], json!(["10000-20000"]));
        assert_eq!(m["_geo"], json!({"lat": -27.5, "lng": 153.0}));
        assert_eq!(
            (
                m["sold"].clone(),
                m["listed"].clone(),
                m["stocknum"].clone()
            ),
            (json!(false), json!(true), json!("K1"))
        );
        assert_eq!(m["card"], json!({"id": 7}));
        assert!(m.get("km").is_none() && m.get("weekly_price").is_none());
    }

    #[test]
    fn translates_the_query() {
        let mut fixed = FixedFilters::for_dealer("demo");
        fixed.used_only = true;
        fixed.min_photos = 3;
        fixed.excluded_stocknums = vec!["A1".into(), "B\"2".into()];
        fixed.manufacturers = vec!["Toyota".into()];
        let q = SearchQuery::from_query_string_at(
            "refinementList[make][0]=Land Rover&refinementList[make][1]=Kia&refinementList[year][0]=2022&range[price]=1000:2500.5&lat=-27.5&lng=153&radius=25",
            &fixed,
            1_700_000_040,
        )
        .expect("valid");
        let cutoff = 1_700_000_040 - 3 * 86_400;
        assert_eq!(
            filter_expression(&q, None, None).as_deref(),
            Some(
                format!(
                    "listed = true AND (sold = false OR sold_at >= {cutoff}) AND car_type = \"used\" AND make IN [\"Toyota\"] \
                     AND photos >= 3 AND stocknum NOT IN [\"A1\", \"B\\\"2\"] AND price >= 1000 AND price <= 2500.5 \
                     AND (make = \"Land Rover\" OR make = \"Kia\") AND (year = 2022) AND _geoRadius(-27.5, 153, 25000)"
                )
                .as_str()
            )
        );
        let no_make =
            filter_expression(&q, Some(Facet::Make), Some(RangeField::Price)).expect("some");
        assert!(
            !no_make.contains("Land Rover")
                && !no_make.contains("price >=")
                && no_make.contains("year = 2022")
        );
        assert_eq!(
            sort_expression(SortBy::parse("latest").expect("sort")).as_deref(),
            Some("created_at_timestamp:desc")
        );
        assert_eq!(sort_expression(SortBy::Relevance), None);
    }
}
