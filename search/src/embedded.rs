//! The embedded backend: the generator writes one tantivy index per dealer and build
//! (`<root>/<dealer>/gen-<n>/`, named by `<root>/<dealer>/CURRENT`); the API opens the root
//! read-only and memory-mapped, loads a dealer's fast fields into [`Columns`] on first use,
//! and swaps to a newer build when `CURRENT` names another generation.
//!
//! Text search runs in tantivy over one field holding the searchable phrases of
//! [`crate::facets::searchable_text`] (every attribute a shopper names, with the synonyms
//! of [`crate::synonyms`] expanded at index time): every query word must match; the last word matches as a
//! prefix unless the text ends with a space; words of 5 letters or more match with one
//! typo and of 9 or more with two (Meilisearch's defaults). Relevance: an exact word
//! scores highest, then one typo, then two; ties keep the written order.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use tantivy::query::{EnableScoring, FuzzyTermQuery, Query, TermQuery};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, FAST, STORED,
};
use tantivy::{DocAddress, DocId, Index, Score, SegmentOrdinal, TantivyDocument, Term};

use crate::answer::SearchAnswer;
use crate::cache::{AnswerCache, DEFAULT_CACHE_ENTRIES};
use crate::engine::{Bits, Columns, ColumnsBuilder, TextMatch};
use crate::facets::{Facet, IndexDoc, RangeField, SearchDoc};
use crate::query::{allowed_typos, query_words, SearchQuery};
use crate::{Search, SearchError};

const CURRENT: &str = "CURRENT";
/// The folder of the embedded indexes inside the build output (`dist/_search`): the
/// generator writes there and the API reads there.
pub const INDEX_DIR: &str = "_search";
const WRITER_MEMORY: usize = 64 * 1024 * 1024;
/// tantivy's default tokenizer removes tokens of this many bytes or more.
const MAX_TOKEN_BYTES: usize = 40;
/// Prefixes this short have their documents cached per build.
const SHORT_PREFIX_CHARS: usize = 2;
/// Most cached short prefixes per dealer (the cache is emptied when full).
const MAX_CACHED_PREFIXES: usize = 512;

/// Whether a dealer slug is safe as a folder and index name.
pub fn valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 100
        && slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

fn check_slug(slug: &str) -> Result<(), SearchError> {
    if valid_slug(slug) {
        Ok(())
    } else {
        Err(SearchError::BadDealer(slug.chars().take(100).collect()))
    }
}

fn ix(e: tantivy::TantivyError) -> SearchError {
    SearchError::Index(e.to_string())
}

fn io(path: &Path, e: std::io::Error) -> SearchError {
    SearchError::Io(format!("{}: {e}", path.display()))
}

fn facet_field(f: Facet) -> String {
    format!("f_{}", f.name())
}

fn num_field(f: RangeField) -> String {
    format!("n_{}", f.name())
}

/// The index schema: one place for both writing and reading.
fn schema() -> Schema {
    let mut b = Schema::builder();
    b.add_u64_field("ord", FAST);
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer("default")
            .set_index_option(IndexRecordOption::Basic),
    );
    b.add_text_field("text", text);
    b.add_text_field("card", STORED);
    for f in Facet::with_values() {
        b.add_text_field(&facet_field(f), TextOptions::default().set_fast("raw"));
    }
    for f in RangeField::ALL {
        b.add_f64_field(&num_field(f), FAST);
    }
    b.add_u64_field("photos", FAST);
    b.add_u64_field("car_id", FAST);
    b.add_text_field("stocknum", TextOptions::default().set_fast("raw"));
    b.add_u64_field("sold", FAST);
    b.add_i64_field("sold_at", FAST);
    b.add_u64_field("listed", FAST);
    b.add_f64_field("lat", FAST);
    b.add_f64_field("lng", FAST);
    // Several per car (its location and those it is distributed to).
    b.add_text_field("location_id", TextOptions::default().set_fast("raw"));
    b.add_text_field("location_type", TextOptions::default().set_fast("raw"));
    b.build()
}

fn field(schema: &Schema, name: &str) -> Result<Field, SearchError> {
    schema.get_field(name).map_err(ix)
}

/// What [`write_index`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteReport {
    /// Folder of the new generation.
    pub path: PathBuf,
    /// Generation name now in `CURRENT`.
    pub generation: String,
    /// Documents written.
    pub docs: usize,
}

fn current_generation(dealer_dir: &Path) -> Result<Option<String>, SearchError> {
    let path = dealer_dir.join(CURRENT);
    match std::fs::read_to_string(&path) {
        Ok(s) => Ok(Some(s.trim().to_string()).filter(|s| !s.is_empty())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io(&path, e)),
    }
}

fn generation_number(name: &str) -> Option<u64> {
    name.strip_prefix("gen-")?.parse().ok()
}

/// Writes a dealer's search index at build time as a new generation under
/// `<dir>/<dealer_slug>/`, then points `CURRENT` at it (write and rename, so readers see
/// the old or the new build, never half of one). Generations older than the previous one
/// are removed. Document order is the "most relevant" order without text.
///
/// The same as [`stage_index`] followed at once by [`StagedIndex::publish`].
pub fn write_index(
    dir: &Path,
    dealer_slug: &str,
    docs: &[IndexDoc<'_>],
) -> Result<WriteReport, SearchError> {
    stage_index(dir, dealer_slug, docs)?.publish()
}

/// A dealer's index written as a new generation that readers do not see yet: the first
/// half of [`write_index`], for a build that publishes the index only once the rest of
/// the dealer's build succeeded. [`StagedIndex::publish`] points `CURRENT` at it;
/// dropping it unpublished removes the generation, leaving the served one untouched.
#[derive(Debug)]
#[must_use = "a staged index is removed when dropped; call publish() to serve it"]
pub struct StagedIndex {
    dealer_dir: PathBuf,
    previous: Option<String>,
    number: u64,
    report: WriteReport,
    published: bool,
}

/// Writes a dealer's index as a new generation under `<dir>/<dealer_slug>/` without
/// serving it (see [`StagedIndex`]). On error nothing a reader sees has changed.
pub fn stage_index(
    dir: &Path,
    dealer_slug: &str,
    docs: &[IndexDoc<'_>],
) -> Result<StagedIndex, SearchError> {
    check_slug(dealer_slug)?;
    let dealer_dir = dir.join(dealer_slug);
    std::fs::create_dir_all(&dealer_dir).map_err(|e| io(&dealer_dir, e))?;
    let previous = current_generation(&dealer_dir)?;
    let mut number = previous.as_deref().and_then(generation_number).unwrap_or(0) + 1;
    // Skip numbers left behind by a failed build.
    while dealer_dir.join(format!("gen-{number:06}")).exists() {
        number += 1;
    }
    let generation = format!("gen-{number:06}");
    let gen_dir = dealer_dir.join(&generation);
    std::fs::create_dir_all(&gen_dir).map_err(|e| io(&gen_dir, e))?;
    let staged = StagedIndex {
        dealer_dir,
        previous,
        number,
        report: WriteReport {
            path: gen_dir,
            generation,
            docs: docs.len(),
        },
        published: false,
    };
    // On error `staged` is dropped, which removes the half-written generation.
    write_documents(&staged.report.path, docs)?;
    Ok(staged)
}

/// Writes every document into a new tantivy index in `gen_dir`.
fn write_documents(gen_dir: &Path, docs: &[IndexDoc<'_>]) -> Result<(), SearchError> {
    let schema = schema();
    let index = Index::create_in_dir(gen_dir, schema.clone()).map_err(ix)?;
    let mut writer = index
        .writer_with_num_threads::<TantivyDocument>(1, WRITER_MEMORY)
        .map_err(ix)?;
    let f = |name: &str| field(&schema, name);
    let (ord_f, text_f, card_f) = (f("ord")?, f("text")?, f("card")?);
    let facet_fs: Vec<Option<Field>> = Facet::ALL
        .iter()
        .map(|fa| {
            if fa.has_values() {
                f(&facet_field(*fa)).map(Some)
            } else {
                Ok(None)
            }
        })
        .collect::<Result<_, _>>()?;
    let num_fs: Vec<Field> = RangeField::ALL
        .iter()
        .map(|r| f(&num_field(*r)))
        .collect::<Result<_, _>>()?;
    let car_id_f = f("car_id")?;
    let (photos_f, stock_f, sold_f, sold_at_f, listed_f, lat_f, lng_f) = (
        f("photos")?,
        f("stocknum")?,
        f("sold")?,
        f("sold_at")?,
        f("listed")?,
        f("lat")?,
        f("lng")?,
    );
    let (loc_id_f, loc_type_f) = (f("location_id")?, f("location_type")?);
    for (i, doc) in docs.iter().enumerate() {
        let s = SearchDoc::derive(i as u64, doc);
        let mut d = TantivyDocument::new();
        d.add_u64(ord_f, s.ord);
        d.add_text(text_f, s.text.join(" "));
        d.add_text(card_f, s.card.to_string());
        d.add_u64(car_id_f, s.id);
        for (fi, values) in s.values.iter().enumerate() {
            if let Some(field) = facet_fs[fi] {
                for v in values {
                    d.add_text(field, v);
                }
            }
        }
        for (ri, v) in s.nums.iter().enumerate() {
            if let Some(v) = v {
                d.add_f64(num_fs[ri], *v);
            }
        }
        d.add_u64(photos_f, s.photos);
        if let Some(sn) = &s.stocknum {
            d.add_text(stock_f, sn);
        }
        d.add_u64(sold_f, u64::from(s.sold));
        if let Some(t) = s.sold_at {
            d.add_i64(sold_at_f, t);
        }
        d.add_u64(listed_f, u64::from(s.listed));
        if let (Some(a), Some(b)) = (s.lat, s.lng) {
            d.add_f64(lat_f, a);
            d.add_f64(lng_f, b);
        }
        for id in &s.location_ids {
            d.add_text(loc_id_f, id.to_string());
        }
        for kind in &s.location_types {
            d.add_text(loc_type_f, kind);
        }
        writer.add_document(d).map_err(ix)?;
    }
    writer.commit().map_err(ix)?;
    writer.wait_merging_threads().map_err(ix)?;
    Ok(())
}

impl StagedIndex {
    /// Documents written.
    pub fn docs(&self) -> usize {
        self.report.docs
    }

    /// The generation written (not served until published).
    pub fn generation(&self) -> &str {
        &self.report.generation
    }

    /// Points `CURRENT` at this generation (write and rename) and removes generations
    /// older than the previous one (a reader may still be opening that).
    pub fn publish(mut self) -> Result<WriteReport, SearchError> {
        let tmp = self.dealer_dir.join(format!("{CURRENT}.tmp"));
        std::fs::write(&tmp, &self.report.generation).map_err(|e| io(&tmp, e))?;
        std::fs::rename(&tmp, self.dealer_dir.join(CURRENT)).map_err(|e| io(&tmp, e))?;
        self.published = true;

        let keep_from = self
            .previous
            .as_deref()
            .and_then(generation_number)
            .unwrap_or(self.number);
        if let Ok(entries) = std::fs::read_dir(&self.dealer_dir) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().to_string();
                if generation_number(&name).is_some_and(|n| n < keep_from) {
                    let _removed = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        Ok(self.report.clone())
    }
}

impl Drop for StagedIndex {
    fn drop(&mut self) {
        if !self.published {
            let _removed = std::fs::remove_dir_all(&self.report.path);
        }
    }
}

/// One dealer's opened generation.
struct Loaded {
    generation: String,
    searcher: tantivy::Searcher,
    text_field: Field,
    card_field: Field,
    columns: Columns,
    /// Per segment: document id -> ordinal.
    seg_ords: Vec<Vec<u32>>,
    /// Per ordinal: where the stored card is.
    addrs: Vec<DocAddress>,
    /// Documents per short prefix (see `match_docs`).
    prefixes: Mutex<HashMap<String, Arc<Bits>>>,
}

fn load(gen_dir: &Path, generation: &str) -> Result<Loaded, SearchError> {
    let index = Index::open_in_dir(gen_dir).map_err(ix)?;
    let schema = index.schema();
    let reader = index
        .reader_builder()
        .reload_policy(tantivy::ReloadPolicy::Manual)
        .try_into()
        .map_err(ix)?;
    let searcher = reader.searcher();
    let n: usize = searcher
        .segment_readers()
        .iter()
        .map(|s| s.max_doc() as usize)
        .sum();
    let mut b = ColumnsBuilder::new(n);
    let mut seg_ords = Vec::new();
    let mut addrs: Vec<Option<DocAddress>> = vec![None; n];
    for (si, seg) in searcher.segment_readers().iter().enumerate() {
        let ff = seg.fast_fields();
        let ord_col = ff.u64("ord").map_err(ix)?;
        let mut ords = Vec::with_capacity(seg.max_doc() as usize);
        for doc in 0..seg.max_doc() {
            let ord = ord_col
                .first(doc)
                .ok_or_else(|| SearchError::Index(format!("document {doc} has no ord")))?
                as usize;
            match addrs.get_mut(ord) {
                Some(slot @ None) => *slot = Some(DocAddress::new(si as SegmentOrdinal, doc)),
                _ => {
                    return Err(SearchError::Index(format!(
                        "{}: ordinal {ord} repeated or out of 0..{n}",
                        gen_dir.display()
                    )))
                }
            }
            ords.push(ord as u32);
        }
        for facet in Facet::with_values() {
            let Some((col, names)) = str_column(ff, &facet_field(facet))? else {
                continue;
            };
            let ids: Vec<u32> = names.iter().map(|v| b.value_id(facet, v)).collect();
            for (doc, ord) in ords.iter().enumerate() {
                for t in col.term_ords(doc as DocId) {
                    if let Some(id) = ids.get(t as usize) {
                        b.add_value(facet, *ord as usize, *id);
                    }
                }
            }
        }
        for field in RangeField::ALL {
            let Some(col) = ff.column_opt::<f64>(&num_field(field)).map_err(ix)? else {
                continue;
            };
            for (doc, ord) in ords.iter().enumerate() {
                if let Some(v) = col.first(doc as DocId) {
                    b.set_num(field, *ord as usize, v);
                }
            }
        }
        let photos = ff.column_opt::<u64>("photos").map_err(ix)?;
        let car_id = ff.column_opt::<u64>("car_id").map_err(ix)?;
        let stock = str_column(ff, "stocknum")?;
        let sold = ff.column_opt::<u64>("sold").map_err(ix)?;
        let sold_at = ff.column_opt::<i64>("sold_at").map_err(ix)?;
        let listed = ff.column_opt::<u64>("listed").map_err(ix)?;
        let lat = ff.column_opt::<f64>("lat").map_err(ix)?;
        let lng = ff.column_opt::<f64>("lng").map_err(ix)?;
        let loc_ids = str_column(ff, "location_id")?;
        let loc_types = str_column(ff, "location_type")?;
        for (doc, ord) in ords.iter().enumerate() {
            let (doc, ord) = (doc as DocId, *ord as usize);
            let stocknum = stock
                .as_ref()
                .and_then(|(c, names)| c.term_ords(doc).next().and_then(|t| names.get(t as usize)));
            b.set_fixed(
                ord,
                photos.as_ref().and_then(|c| c.first(doc)).unwrap_or(0),
                stocknum.map(String::as_str),
                sold.as_ref().and_then(|c| c.first(doc)).unwrap_or(0) == 1,
                sold_at.as_ref().and_then(|c| c.first(doc)),
                listed.as_ref().and_then(|c| c.first(doc)).unwrap_or(1) == 1,
            );
            if let Some(id) = car_id.as_ref().and_then(|c| c.first(doc)) {
                b.set_car_id(ord, id);
            }
            if let (Some(a), Some(g)) = (
                lat.as_ref().and_then(|c| c.first(doc)),
                lng.as_ref().and_then(|c| c.first(doc)),
            ) {
                b.set_geo(ord, a, g);
            }
            if let Some((c, names)) = &loc_ids {
                for t in c.term_ords(doc) {
                    let id = names.get(t as usize).and_then(|n| n.parse::<u64>().ok());
                    b.add_location(ord, id, None);
                }
            }
            if let Some((c, names)) = &loc_types {
                for t in c.term_ords(doc) {
                    b.add_location(ord, None, names.get(t as usize).map(String::as_str));
                }
            }
        }
        seg_ords.push(ords);
    }
    let addrs = addrs
        .into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.ok_or_else(|| {
                SearchError::Index(format!("{}: ordinal {i} missing", gen_dir.display()))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Loaded {
        generation: generation.to_string(),
        text_field: field(&schema, "text")?,
        card_field: field(&schema, "card")?,
        columns: b.finish(),
        seg_ords,
        addrs,
        searcher,
        prefixes: Mutex::new(HashMap::new()),
    })
}

fn str_column(
    ff: &tantivy::fastfield::FastFieldReaders,
    name: &str,
) -> Result<Option<(tantivy::columnar::StrColumn, Vec<String>)>, SearchError> {
    let Some(col) = ff.str(name).map_err(ix)? else {
        return Ok(None);
    };
    // One pass over the dictionary (looking each ordinal up would decode a block per term).
    let mut names = Vec::with_capacity(col.num_terms());
    let mut stream = col
        .dictionary()
        .stream()
        .map_err(|e| SearchError::Index(e.to_string()))?;
    while stream.advance() {
        names.push(String::from_utf8_lossy(stream.key()).into_owned());
    }
    Ok(Some((col, names)))
}

/// How a query word may match a term of the text; each way a document matches adds its
/// score to the document's relevance.
#[derive(Debug, Clone, Copy)]
enum WordMatch {
    /// The word itself.
    Exact,
    /// A term starting with the word.
    Prefix,
    /// A term (or a term's start, for a prefix) within this many typos of the word.
    Typos(u8),
}

/// The ways a query word matches, with their scores (see the module docs): a document
/// matches the word when it matches any of them and scores the sum of those it matches.
fn word_matches(word: &str, prefix: bool) -> Vec<(WordMatch, Score)> {
    let mut ways = if prefix {
        vec![(WordMatch::Exact, 1.0), (WordMatch::Prefix, 4.0)]
    } else {
        vec![(WordMatch::Exact, 5.0)]
    };
    for d in 1..=allowed_typos(word) {
        ways.push((WordMatch::Typos(d), if d == 1 { 2.0 } else { 1.0 }));
    }
    ways
}

impl Loaded {
    fn text_match(&self, text: &str) -> Result<Option<TextMatch>, SearchError> {
        let (words, last_prefix) = query_words(text);
        if words.is_empty() {
            return Ok(None);
        }
        let n = self.columns.len();
        // The tokenizer drops words this long, so such a word matches nothing.
        if words.iter().any(|w| w.len() >= MAX_TOKEN_BYTES) {
            return Ok(Some(TextMatch {
                docs: Bits::zeros(n),
                score: vec![0.0; n],
            }));
        }
        // Every word must match. Each way of matching is a bitset, cheaper to combine than
        // tantivy's intersection of unions (which steps through the documents one by one),
        // and only the documents matching every word are scored.
        let mut docs = Bits::ones(n);
        let mut ways: Vec<(Arc<Bits>, Score)> = Vec::new();
        let last = words.len() - 1;
        for (i, word) in words.iter().enumerate() {
            let prefix = i == last && last_prefix;
            let mut any = Bits::zeros(n);
            for (how, score) in word_matches(word, prefix) {
                let matched = self.match_docs(word, how, prefix)?;
                any.or_with(&matched);
                ways.push((matched, score));
            }
            docs.and_with(&any);
        }
        let mut score = vec![0.0; n];
        for d in docs.iter() {
            score[d] = ways
                .iter()
                .filter(|(matched, _)| matched.get(d))
                .map(|(_, s)| s)
                .sum();
        }
        Ok(Some(TextMatch { docs, score }))
    }

    /// The documents a word matches one way; `prefix` when it is the last word, typed on.
    fn match_docs(
        &self,
        word: &str,
        how: WordMatch,
        prefix: bool,
    ) -> Result<Arc<Bits>, SearchError> {
        let term = Term::from_field_text(self.text_field, word);
        let query: Box<dyn Query> = match how {
            WordMatch::Exact => Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
            // A one- or two-letter prefix can expand to a large share of the dictionary
            // (every VIN starting with "v"); its documents are computed once per build.
            WordMatch::Prefix if word.chars().count() <= SHORT_PREFIX_CHARS => {
                return self.prefix_docs(word)
            }
            WordMatch::Prefix => Box::new(FuzzyTermQuery::new_prefix(term, 0, true)),
            WordMatch::Typos(d) if prefix => Box::new(FuzzyTermQuery::new_prefix(term, d, true)),
            WordMatch::Typos(d) => Box::new(FuzzyTermQuery::new(term, d, true)),
        };
        self.docs_of(query.as_ref()).map(Arc::new)
    }

    /// The ordinals of the documents matching a query.
    fn docs_of(&self, query: &dyn Query) -> Result<Bits, SearchError> {
        let mut bits = Bits::zeros(self.columns.len());
        let weight = query
            .weight(EnableScoring::disabled_from_searcher(&self.searcher))
            .map_err(ix)?;
        for (seg, ords) in self.searcher.segment_readers().iter().zip(&self.seg_ords) {
            let alive = seg.alive_bitset();
            weight
                .for_each_no_score(seg, &mut |docs| {
                    for &doc in docs {
                        if alive.is_none_or(|a| a.is_alive(doc)) {
                            if let Some(&ord) = ords.get(doc as usize) {
                                bits.set(ord as usize);
                            }
                        }
                    }
                })
                .map_err(ix)?;
        }
        Ok(bits)
    }

    /// Documents with a word starting with `prefix`, cached.
    fn prefix_docs(&self, prefix: &str) -> Result<Arc<Bits>, SearchError> {
        if let Some(bits) = self
            .prefixes
            .lock()
            .ok()
            .and_then(|m| m.get(prefix).cloned())
        {
            return Ok(bits);
        }
        let query =
            FuzzyTermQuery::new_prefix(Term::from_field_text(self.text_field, prefix), 0, true);
        let bits = Arc::new(self.docs_of(&query)?);
        if let Ok(mut m) = self.prefixes.lock() {
            if m.len() >= MAX_CACHED_PREFIXES {
                m.clear();
            }
            m.insert(prefix.to_string(), bits.clone());
        }
        Ok(bits)
    }

    fn card(&self, ord: u32) -> Result<serde_json::Value, SearchError> {
        let addr = self
            .addrs
            .get(ord as usize)
            .ok_or_else(|| SearchError::Index(format!("no document {ord}")))?;
        let doc: TantivyDocument = self.searcher.doc(*addr).map_err(ix)?;
        let raw = doc
            .get_first(self.card_field)
            .and_then(|v| v.as_str())
            .unwrap_or("null");
        serde_json::from_str(raw).map_err(|e| SearchError::Index(format!("stored card {ord}: {e}")))
    }

    fn answer(&self, q: &SearchQuery) -> Result<SearchAnswer, SearchError> {
        let text = self.text_match(&q.text)?;
        let computed = self.columns.compute(q, text.as_ref());
        let mut answer = computed.answer;
        answer.hits = computed
            .page_ords
            .iter()
            .map(|o| self.card(*o))
            .collect::<Result<_, _>>()?;
        Ok(answer)
    }
}

struct Slot {
    loaded: Arc<Loaded>,
    checked: Instant,
}

/// The embedded search of every dealer under one root folder (see the module docs).
pub struct EmbeddedSearch {
    root: PathBuf,
    dealers: RwLock<HashMap<String, Slot>>,
    cache: AnswerCache,
    check_every: Duration,
}

/// How often `CURRENT` is looked at for a newer build, by default.
pub const DEFAULT_CHECK_EVERY: Duration = Duration::from_secs(2);

impl EmbeddedSearch {
    /// Opens the folder `write_index` wrote to. Dealers load on their first search.
    pub fn open(root: &Path) -> Result<EmbeddedSearch, SearchError> {
        if !root.is_dir() {
            return Err(SearchError::Io(format!("{}: not a folder", root.display())));
        }
        Ok(EmbeddedSearch {
            root: root.to_path_buf(),
            dealers: RwLock::new(HashMap::new()),
            cache: AnswerCache::new(DEFAULT_CACHE_ENTRIES),
            check_every: DEFAULT_CHECK_EVERY,
        })
    }

    /// The same search checking for newer builds at this interval (zero: every search).
    pub fn with_check_every(mut self, every: Duration) -> EmbeddedSearch {
        self.check_every = every;
        self
    }

    /// The same search with an answer cache of `entries` (0 disables caching).
    pub fn with_cache_entries(mut self, entries: usize) -> EmbeddedSearch {
        self.cache = AnswerCache::new(entries);
        self
    }

    /// Number of answers in the cache.
    pub fn cached_answers(&self) -> usize {
        self.cache.len()
    }

    /// Loads a dealer now (the API can call this at start to fail early).
    pub fn preload(&self, dealer: &str) -> Result<(), SearchError> {
        self.dealer(dealer).map(|_| ())
    }

    /// The generation currently served for a dealer, once loaded.
    pub fn generation(&self, dealer: &str) -> Option<String> {
        self.dealers
            .read()
            .ok()?
            .get(dealer)
            .map(|s| s.loaded.generation.clone())
    }

    fn dealer(&self, dealer: &str) -> Result<Arc<Loaded>, SearchError> {
        check_slug(dealer)?;
        if let Ok(map) = self.dealers.read() {
            if let Some(slot) = map.get(dealer) {
                if slot.checked.elapsed() < self.check_every {
                    return Ok(slot.loaded.clone());
                }
            }
        }
        let dealer_dir = self.root.join(dealer);
        let generation = current_generation(&dealer_dir)?
            .ok_or_else(|| SearchError::UnknownDealer(dealer.to_string()))?;
        let existing = self
            .dealers
            .read()
            .ok()
            .and_then(|m| m.get(dealer).map(|s| s.loaded.clone()));
        let loaded = match existing {
            Some(l) if l.generation == generation => l,
            existing => {
                let fresh = if generation_number(&generation).is_none() {
                    Err(SearchError::Index(format!(
                        "{}: bad generation '{generation}'",
                        dealer_dir.display()
                    )))
                } else {
                    load(&dealer_dir.join(&generation), &generation).map(Arc::new)
                };
                match (fresh, existing) {
                    (Ok(l), _) => l,
                    // A build that cannot be opened never replaces one that works; it is
                    // tried again at the next check.
                    (Err(_), Some(old)) => old,
                    (Err(e), None) => return Err(e),
                }
            }
        };
        if let Ok(mut map) = self.dealers.write() {
            map.insert(
                dealer.to_string(),
                Slot {
                    loaded: loaded.clone(),
                    checked: Instant::now(),
                },
            );
        }
        Ok(loaded)
    }

    /// Answers a query now, on this thread, using the answer cache.
    pub fn search_now(&self, q: &SearchQuery) -> Result<SearchAnswer, SearchError> {
        let started = Instant::now();
        let loaded = self.dealer(&q.fixed.dealer)?;
        let key = format!(
            "{}\u{1}{}\u{1}{}",
            q.fixed.dealer,
            loaded.generation,
            q.cache_key()
        );
        let mut answer = match self.cache.get(&key) {
            Some(a) => a,
            None => {
                let a = loaded.answer(q)?;
                self.cache.put(key, a.clone());
                a
            }
        };
        answer.ms = elapsed_ms(started);
        Ok(answer)
    }

    /// Answers a query without the answer cache (for benchmarks and tests).
    pub fn search_uncached(&self, q: &SearchQuery) -> Result<SearchAnswer, SearchError> {
        let started = Instant::now();
        let mut answer = self.dealer(&q.fixed.dealer)?.answer(q)?;
        answer.ms = elapsed_ms(started);
        Ok(answer)
    }
}

/// Milliseconds since `started`, to the microsecond.
pub(crate) fn elapsed_ms(started: Instant) -> f64 {
    (started.elapsed().as_secs_f64() * 1e6).round() / 1e3
}

#[async_trait::async_trait]
impl Search for EmbeddedSearch {
    async fn search(&self, query: &SearchQuery) -> Result<SearchAnswer, SearchError> {
        // A few milliseconds of CPU at most; not worth a blocking-pool hop.
        self.search_now(query)
    }
}
