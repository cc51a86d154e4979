//! The in-memory columnar engine of the embedded backend. At open time the index's fast
//! fields become per-facet dictionaries with one bitset per value and per-field number
//! arrays; a query is then bitset algebra: fixed filters, text, distance, ranges and
//! selections are ANDed, and each facet is counted over the AND of everything except its
//! own selection (disjunctive facets).

use std::collections::HashMap;

use domain::rules::distance::haversine_km;

use crate::answer::{
    car_type_sum, facet_items, page_count, resolve_count, FacetStats, SearchAnswer,
};
use crate::facets::{Facet, RangeField, SearchDoc, FACET_COUNT, RANGE_COUNT};
use crate::query::{RangeFilter, SearchQuery, SortBy, LOCATION_FACET};

/// A fixed-size set of document ordinals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    /// The empty set over `len` documents.
    pub fn zeros(len: usize) -> Bits {
        Bits {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    /// The full set over `len` documents.
    pub fn ones(len: usize) -> Bits {
        let mut b = Bits {
            words: vec![u64::MAX; len.div_ceil(64)],
            len,
        };
        b.trim();
        b
    }

    fn trim(&mut self) {
        let rem = self.len % 64;
        if rem != 0 {
            if let Some(last) = self.words.last_mut() {
                *last &= (1u64 << rem) - 1;
            }
        }
    }

    /// Adds a document.
    pub fn set(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Removes a document.
    pub fn clear(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// Whether a document is in the set.
    pub fn get(&self, i: usize) -> bool {
        self.words[i / 64] & (1 << (i % 64)) != 0
    }

    /// Intersects with another set.
    pub fn and_with(&mut self, other: &Bits) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a &= b);
    }

    /// Unites with another set.
    pub fn or_with(&mut self, other: &Bits) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a |= b);
    }

    /// Number of documents in the set.
    pub fn count(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// Size of the intersection with another set.
    pub fn and_count(&self, other: &Bits) -> u64 {
        self.words
            .iter()
            .zip(&other.words)
            .map(|(a, b)| u64::from((a & b).count_ones()))
            .sum()
    }

    /// The documents in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let t = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + t)
            })
        })
    }
}

/// One facet's dictionary, the documents of each value and the values of each document.
#[derive(Debug, Clone, Default)]
struct ValueColumn {
    /// Value as first seen, per value id.
    names: Vec<String>,
    /// Lower-cased value -> value id (matching ignores case, like Meilisearch).
    ids: HashMap<String, u32>,
    /// Documents per value id.
    postings: Vec<Bits>,
    /// Value ids per document: `vals[starts[d]..starts[d + 1]]`.
    starts: Vec<u32>,
    vals: Vec<u32>,
}

impl ValueColumn {
    fn lookup(&self, value: &str) -> Option<u32> {
        self.ids.get(&value.to_lowercase()).copied()
    }

    /// Documents having any of the values.
    fn any_of(&self, values: &[String], n: usize) -> Bits {
        let mut bits = Bits::zeros(n);
        for v in values {
            if let Some(id) = self.lookup(v) {
                bits.or_with(&self.postings[id as usize]);
            }
        }
        bits
    }

    /// Count per value id within a mask, by whichever of the two ways costs less:
    /// walking the mask's documents or intersecting each value's bitset.
    fn counts(&self, mask: &Bits, mask_count: u64) -> Vec<u64> {
        let n_docs = self.starts.len().saturating_sub(1).max(1) as u64;
        let avg_vals = (self.vals.len() as u64).div_ceil(n_docs).max(1);
        // The walk reads each document's values at scattered places (a cache miss or two
        // per document) while the intersection streams words, so a walked value costs as
        // much as a few dozen intersected words.
        let walk_cost = mask_count * avg_vals * 32;
        let pop_cost = self.postings.len() as u64 * mask.words.len() as u64;
        if walk_cost < pop_cost {
            let mut counts = vec![0u64; self.names.len()];
            for d in mask.iter() {
                for &v in &self.vals[self.starts[d] as usize..self.starts[d + 1] as usize] {
                    counts[v as usize] += 1;
                }
            }
            counts
        } else {
            self.postings.iter().map(|p| p.and_count(mask)).collect()
        }
    }
}

/// A dealer's stock as columns, indexed by document ordinal (the written order).
#[derive(Debug, Clone)]
pub struct Columns {
    n: usize,
    facets: Vec<ValueColumn>,
    nums: Vec<Vec<f64>>,
    /// Per range field: the documents with a value, by value then ordinal (see
    /// [`by_value`]).
    sorted: Vec<Vec<u32>>,
    /// Per range field: the documents without a value, in ordinal order.
    missing: Vec<Vec<u32>>,
    photos: Vec<u64>,
    stocknums: HashMap<String, Vec<u32>>,
    car_ids: HashMap<u64, Vec<u32>>,
    sold: Bits,
    sold_at: Vec<i64>,
    listed: Bits,
    /// Distinct coordinates of the stock, and per document the index of its own
    /// ([`NO_PLACE`] without coordinates).
    places: Vec<(f64, f64)>,
    place_of: Vec<u32>,
    location_ids: HashMap<u64, Vec<u32>>,
    location_types: HashMap<String, Vec<u32>>,
}

/// `place_of` for a document without coordinates.
const NO_PLACE: u32 = u32::MAX;

/// The distinct coordinates among `lat` and `lng`, and the index in them of each
/// document's.
fn distinct_places(lat: &[f64], lng: &[f64]) -> (Vec<(f64, f64)>, Vec<u32>) {
    let mut ids: HashMap<(u64, u64), u32> = HashMap::new();
    let mut places = Vec::new();
    let place_of = lat
        .iter()
        .zip(lng)
        .map(|(&a, &b)| {
            if a.is_nan() || b.is_nan() {
                return NO_PLACE;
            }
            *ids.entry((a.to_bits(), b.to_bits())).or_insert_with(|| {
                places.push((a, b));
                (places.len() - 1) as u32
            })
        })
        .collect();
    (places, place_of)
}

/// The documents of a number column with a value, by value then ordinal, and those
/// without one. A large match then finds its lowest and highest value, or a sorted page,
/// near the ends of this order instead of visiting every matching document.
fn by_value(col: &[f64]) -> (Vec<u32>, Vec<u32>) {
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for (d, v) in col.iter().enumerate() {
        if v.is_nan() {
            without.push(d as u32);
        } else {
            with.push(d as u32);
        }
    }
    with.sort_unstable_by(|a, b| {
        col[*a as usize]
            .total_cmp(&col[*b as usize])
            .then_with(|| a.cmp(b))
    });
    (with, without)
}

/// Documents matching the text query with their relevance (higher is better).
#[derive(Debug, Clone)]
pub struct TextMatch {
    /// Matching documents.
    pub docs: Bits,
    /// Relevance per document ordinal (0 where not matching).
    pub score: Vec<f32>,
}

/// What the engine computes; the backend adds the cards of `page_ords`.
#[derive(Debug, Clone)]
pub struct Computed {
    /// Ordinals of this page's hits, in order.
    pub page_ords: Vec<u32>,
    /// The answer without hits.
    pub answer: SearchAnswer,
}

/// Builds [`Columns`] from values given per document ordinal, without per-document
/// allocations (the embedded backend feeds it straight from the index's fast fields).
#[derive(Debug)]
pub struct ColumnsBuilder {
    n: usize,
    facets: Vec<FacetBuilder>,
    nums: Vec<Vec<f64>>,
    photos: Vec<u64>,
    stocknums: HashMap<String, Vec<u32>>,
    car_ids: HashMap<u64, Vec<u32>>,
    sold: Bits,
    sold_at: Vec<i64>,
    listed: Bits,
    lat: Vec<f64>,
    lng: Vec<f64>,
    location_ids: HashMap<u64, Vec<u32>>,
    location_types: HashMap<String, Vec<u32>>,
}

#[derive(Debug, Default)]
struct FacetBuilder {
    names: Vec<String>,
    ids: HashMap<String, u32>,
    pairs: Vec<(u32, u32)>,
}

impl ColumnsBuilder {
    /// A builder for `n` documents (ordinals 0..n), none listed yet.
    pub fn new(n: usize) -> ColumnsBuilder {
        ColumnsBuilder {
            n,
            facets: (0..FACET_COUNT).map(|_| FacetBuilder::default()).collect(),
            nums: vec![vec![f64::NAN; n]; RANGE_COUNT],
            photos: vec![0; n],
            stocknums: HashMap::new(),
            car_ids: HashMap::new(),
            sold: Bits::zeros(n),
            sold_at: vec![i64::MIN; n],
            listed: Bits::zeros(n),
            lat: vec![f64::NAN; n],
            lng: vec![f64::NAN; n],
            location_ids: HashMap::new(),
            location_types: HashMap::new(),
        }
    }

    /// The id of a facet value (values equal ignoring case share one id; the first
    /// spelling seen is the one shown).
    pub fn value_id(&mut self, facet: Facet, value: &str) -> u32 {
        let col = &mut self.facets[facet.index()];
        let key = value.to_lowercase();
        if let Some(id) = col.ids.get(&key) {
            return *id;
        }
        col.names.push(value.to_string());
        let id = (col.names.len() - 1) as u32;
        col.ids.insert(key, id);
        id
    }

    /// Gives document `ord` the value `id` of a facet.
    pub fn add_value(&mut self, facet: Facet, ord: usize, id: u32) {
        if ord < self.n {
            self.facets[facet.index()].pairs.push((ord as u32, id));
        }
    }

    /// Sets a number of document `ord`.
    pub fn set_num(&mut self, field: RangeField, ord: usize, v: f64) {
        if ord < self.n {
            self.nums[field.index()][ord] = v;
        }
    }

    /// Sets the attributes the fixed filters use.
    pub fn set_fixed(
        &mut self,
        ord: usize,
        photos: u64,
        stocknum: Option<&str>,
        sold: bool,
        sold_at: Option<i64>,
        listed: bool,
    ) {
        if ord >= self.n {
            return;
        }
        self.photos[ord] = photos;
        if let Some(s) = stocknum {
            self.stocknums
                .entry(s.to_lowercase())
                .or_default()
                .push(ord as u32);
        }
        if sold {
            self.sold.set(ord);
        }
        self.sold_at[ord] = sold_at.unwrap_or(i64::MIN);
        if listed {
            self.listed.set(ord);
        }
    }

    /// Sets the car id of document `ord`.
    pub fn set_car_id(&mut self, ord: usize, id: u64) {
        if ord < self.n {
            self.car_ids.entry(id).or_default().push(ord as u32);
        }
    }

    /// Sets the coordinates of document `ord`.
    pub fn set_geo(&mut self, ord: usize, lat: f64, lng: f64) {
        if ord < self.n {
            self.lat[ord] = lat;
            self.lng[ord] = lng;
        }
    }

    /// Places document `ord` at a dealer location (its id) and department type; a
    /// document may be at several.
    pub fn add_location(&mut self, ord: usize, id: Option<u64>, kind: Option<&str>) {
        if ord >= self.n {
            return;
        }
        if let Some(id) = id {
            self.location_ids.entry(id).or_default().push(ord as u32);
        }
        if let Some(kind) = kind {
            self.location_types
                .entry(kind.to_lowercase())
                .or_default()
                .push(ord as u32);
        }
    }

    /// Adds a whole record.
    pub fn add_doc(&mut self, doc: &SearchDoc) {
        let d = doc.ord as usize;
        for facet in Facet::ALL {
            for v in &doc.values[facet.index()] {
                let id = self.value_id(facet, v);
                self.add_value(facet, d, id);
            }
        }
        for field in RangeField::ALL {
            if let Some(v) = doc.nums[field.index()] {
                self.set_num(field, d, v);
            }
        }
        self.set_fixed(
            d,
            doc.photos,
            doc.stocknum.as_deref(),
            doc.sold,
            doc.sold_at,
            doc.listed,
        );
        self.set_car_id(d, doc.id);
        if let (Some(a), Some(b)) = (doc.lat, doc.lng) {
            self.set_geo(d, a, b);
        }
        for id in &doc.location_ids {
            self.add_location(d, Some(*id), None);
        }
        for kind in &doc.location_types {
            self.add_location(d, None, Some(kind));
        }
    }

    /// The columns.
    pub fn finish(self) -> Columns {
        let n = self.n;
        let facets = self
            .facets
            .into_iter()
            .map(|mut fb| {
                fb.pairs.sort_unstable();
                fb.pairs.dedup();
                let mut postings = vec![Bits::zeros(n); fb.names.len()];
                let mut starts = vec![0u32; n + 1];
                for &(d, id) in &fb.pairs {
                    starts[d as usize + 1] += 1;
                    postings[id as usize].set(d as usize);
                }
                for i in 0..n {
                    starts[i + 1] += starts[i];
                }
                ValueColumn {
                    names: fb.names,
                    ids: fb.ids,
                    postings,
                    starts,
                    vals: fb.pairs.into_iter().map(|(_, id)| id).collect(),
                }
            })
            .collect();
        let (sorted, missing) = self.nums.iter().map(|c| by_value(c)).unzip();
        let (places, place_of) = distinct_places(&self.lat, &self.lng);
        Columns {
            n,
            facets,
            sorted,
            missing,
            nums: self.nums,
            photos: self.photos,
            stocknums: self.stocknums,
            car_ids: self.car_ids,
            sold: self.sold,
            sold_at: self.sold_at,
            listed: self.listed,
            places,
            place_of,
            location_ids: self.location_ids,
            location_types: self.location_types,
        }
    }
}

impl Columns {
    /// Builds the columns from records whose `ord` are 0..n (in any order).
    pub fn build(docs: &[SearchDoc]) -> Columns {
        let mut b = ColumnsBuilder::new(docs.len());
        for doc in docs {
            b.add_doc(doc);
        }
        b.finish()
    }

    /// Number of documents.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no documents.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    fn facet(&self, f: Facet) -> &ValueColumn {
        &self.facets[f.index()]
    }

    /// The dealer's fixed filters, the sold window and `show_on_dealer_website`.
    fn fixed_bits(&self, q: &SearchQuery) -> Bits {
        let n = self.n;
        let mut bits = self.listed.clone();
        // Sold cars only inside the window.
        let mut keep_sold = Bits::zeros(n);
        if let Some(after) = q.sold_after {
            for d in self.sold.iter() {
                if self.sold_at[d] != i64::MIN && self.sold_at[d] >= after {
                    keep_sold.set(d);
                }
            }
        }
        for (w, (s, k)) in bits
            .words
            .iter_mut()
            .zip(self.sold.words.iter().zip(&keep_sold.words))
        {
            *w &= !s | k;
        }
        let f = &q.fixed;
        if f.used_only {
            bits.and_with(&self.facet(Facet::CarType).any_of(&["used".to_string()], n));
        }
        if f.in_stock_only {
            bits.and_with(
                &self
                    .facet(Facet::Status)
                    .any_of(&["in_stock".to_string()], n),
            );
        }
        if !f.manufacturers.is_empty() {
            bits.and_with(&self.facet(Facet::Make).any_of(&f.manufacturers, n));
        }
        if f.min_photos > 0 {
            for d in 0..n {
                if self.photos[d] < u64::from(f.min_photos) {
                    bits.clear(d);
                }
            }
        }
        if !q.ids.is_empty() {
            let mut named = Bits::zeros(n);
            for id in &q.ids {
                for &d in self.car_ids.get(id).into_iter().flatten() {
                    named.set(d as usize);
                }
            }
            bits.and_with(&named);
        }
        for s in &f.excluded_stocknums {
            for &d in self
                .stocknums
                .get(&s.trim().to_lowercase())
                .into_iter()
                .flatten()
            {
                bits.clear(d as usize);
            }
        }
        bits
    }

    /// The documents within a range: a slice of the field's value order, so only they
    /// are visited.
    fn range_bits(&self, r: &RangeFilter) -> Bits {
        let col = &self.nums[r.field.index()];
        let sorted = &self.sorted[r.field.index()];
        let from = sorted.partition_point(|d| r.min.is_some_and(|m| col[*d as usize] < m));
        let to = from + sorted[from..].partition_point(|d| r.contains(col[*d as usize]));
        let mut bits = Bits::zeros(self.n);
        for &d in &sorted[from..to] {
            bits.set(d as usize);
        }
        bits
    }

    /// Answers a query; `text` is the text match when the query has words.
    pub fn compute(&self, q: &SearchQuery, text: Option<&TextMatch>) -> Computed {
        let n = self.n;
        let mut base = self.fixed_bits(q);
        if let Some(t) = text {
            base.and_with(&t.docs);
        }
        let at = |docs: Option<&Vec<u32>>| {
            let mut bits = Bits::zeros(n);
            for &d in docs.into_iter().flatten() {
                bits.set(d as usize);
            }
            bits
        };
        if let Some(kind) = &q.location_type {
            base.and_with(&at(self.location_types.get(kind)));
        }
        if let Some(near) = q.near {
            let r = f64::from(near.radius_km);
            let bounds = NearBox::around(near.lat, near.lng, r);
            // Stock stands at a dealer's few yards, so each distinct place is judged once,
            // when a car there first needs it. The box test is a few comparisons; the
            // great-circle distance (trigonometry) is worked out only for places inside it.
            let mut place_is_near: Vec<Option<bool>> = vec![None; self.places.len()];
            for d in base.clone().iter() {
                let keep = match self.place_of[d] {
                    NO_PLACE => false,
                    p => *place_is_near[p as usize].get_or_insert_with(|| {
                        let (a, b) = self.places[p as usize];
                        bounds.holds(a, b) && haversine_km(near.lat, near.lng, a, b) <= r
                    }),
                };
                if !keep {
                    base.clear(d);
                }
            }
        }
        let ranges: Vec<(RangeField, Bits)> = q
            .ranges
            .iter()
            .map(|r| (r.field, self.range_bits(r)))
            .collect();
        let mut selections: Vec<(Facet, Bits)> = q
            .filters
            .iter()
            .map(|f| (f.facet, self.facet(f.facet).any_of(&f.values, n)))
            .collect();
        if let Some(id) = q.location_id {
            selections.push((LOCATION_FACET, at(self.location_ids.get(&id))));
        }
        let selected_facets = q.selected_facets();

        // AND of everything except what `skip` says.
        let combine = |skip_facet: Option<Facet>, skip_range: Option<RangeField>| {
            let mut m = base.clone();
            for (f, b) in &ranges {
                if Some(*f) != skip_range {
                    m.and_with(b);
                }
            }
            for (f, b) in &selections {
                if Some(*f) != skip_facet {
                    m.and_with(b);
                }
            }
            m
        };
        let full = combine(None, None);
        let full_count = full.count();

        let mut facets = std::collections::BTreeMap::new();
        for facet in Facet::with_values() {
            let selected: Vec<&str> = q
                .filters
                .iter()
                .filter(|f| f.facet == facet)
                .flat_map(|f| f.values.iter().map(String::as_str))
                .collect();
            let own;
            let (mask, mask_count) = if !selected_facets.contains(&facet) {
                (&full, full_count)
            } else {
                own = combine(Some(facet), None);
                let c = own.count();
                (&own, c)
            };
            let col = self.facet(facet);
            let counts = col.counts(mask, mask_count);
            let raw: HashMap<String, u64> = col.names.iter().cloned().zip(counts).collect();
            facets.insert(facet.name().to_string(), facet_items(facet, raw, &selected));
        }

        let mut facets_stats = std::collections::BTreeMap::new();
        for field in RangeField::ALL {
            let own;
            let mask = if q.ranges.iter().any(|r| r.field == field) {
                own = combine(None, Some(field));
                &own
            } else {
                &full
            };
            if let Some((min, max)) = self.min_max(field, mask) {
                facets_stats.insert(field.name().to_string(), FacetStats { min, max });
            }
        }

        let car_types = q.car_type_values();
        let ct_sum = facets
            .get(Facet::CarType.name())
            .map(|items| car_type_sum(items, &car_types))
            .unwrap_or(0);
        // Unfiltered, the match is exactly the fixed filters' set.
        let stock = q.is_unfiltered().then_some(full_count);
        let count = resolve_count(full_count, stock, ct_sum);

        let per = q.hits_per_page.max(1) as usize;
        let start = (q.page as usize).saturating_mul(per);
        let page_ords = if start as u64 >= full_count {
            Vec::new()
        } else {
            self.order(&full, full_count, q, text, start, per)
        };
        Computed {
            page_ords,
            answer: SearchAnswer {
                hits: Vec::new(),
                count,
                page: q.page,
                pages: page_count(count, q.hits_per_page),
                ms: 0.0,
                facets,
                facets_stats,
            },
        }
    }

    /// The documents of `full` at positions `start..start + len` in a field's order
    /// (documents without a value last, ties by ordinal), read off the value order.
    fn page_in_value_order(
        &self,
        full: &Bits,
        full_count: u64,
        field: RangeField,
        desc: bool,
        start: usize,
        len: usize,
    ) -> Vec<u32> {
        let col = &self.nums[field.index()];
        let sorted = &self.sorted[field.index()];
        let missing = &self.missing[field.index()];
        if desc {
            // Highest value first, equal values still by ordinal.
            let groups = sorted
                .chunk_by(|a, b| col[*a as usize].total_cmp(&col[*b as usize]).is_eq())
                .rev()
                .flatten();
            page_of_order(groups.chain(missing), full, full_count, start, len)
        } else {
            page_of_order(sorted.iter().chain(missing), full, full_count, start, len)
        }
    }

    /// The lowest and highest value of a field among the documents of `mask`.
    fn min_max(&self, field: RangeField, mask: &Bits) -> Option<(f64, f64)> {
        // A large match has a document near each end of the value order; a small one (or
        // one the order puts in the middle) is walked instead, so the probe bounds the
        // extra work.
        const PROBE: usize = 2048;
        let col = &self.nums[field.index()];
        let sorted = &self.sorted[field.index()];
        let in_mask = |d: &&u32| mask.get(**d as usize);
        let lo = sorted.iter().take(PROBE).find(in_mask);
        let hi = sorted.iter().rev().take(PROBE).find(in_mask);
        if let (Some(lo), Some(hi)) = (lo, hi) {
            return Some((col[*lo as usize], col[*hi as usize]));
        }
        if sorted.len() <= PROBE {
            return None;
        }
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for d in mask.iter() {
            let v = col[d];
            if !v.is_nan() {
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
        (lo <= hi).then_some((lo, hi))
    }

    /// The matching ordinals at positions `start..start + len` in the query's order.
    fn order(
        &self,
        full: &Bits,
        full_count: u64,
        q: &SearchQuery,
        text: Option<&TextMatch>,
        start: usize,
        len: usize,
    ) -> Vec<u32> {
        match (q.sort, text) {
            (SortBy::Relevance, None) => full
                .iter()
                .skip(start)
                .take(len)
                .map(|d| d as u32)
                .collect(),
            (SortBy::Relevance, Some(t)) => {
                let ords: Vec<u32> = full.iter().map(|d| d as u32).collect();
                page_of(ords, start, len, |a: &u32, b: &u32| {
                    t.score[*b as usize]
                        .total_cmp(&t.score[*a as usize])
                        .then_with(|| a.cmp(b))
                })
            }
            (SortBy::Field { field, desc }, _)
                if walk_is_cheaper(self.n, full_count, start, len) =>
            {
                self.page_in_value_order(full, full_count, field, desc, start, len)
            }
            (SortBy::Field { field, desc }, _) => {
                let col = &self.nums[field.index()];
                let ords: Vec<u32> = full.iter().map(|d| d as u32).collect();
                page_of(ords, start, len, |a: &u32, b: &u32| {
                    let (x, y) = (col[*a as usize], col[*b as usize]);
                    let by_value = match (x.is_nan(), y.is_nan()) {
                        (true, true) => std::cmp::Ordering::Equal,
                        (true, false) => std::cmp::Ordering::Greater,
                        (false, true) => std::cmp::Ordering::Less,
                        _ if desc => y.total_cmp(&x),
                        _ => x.total_cmp(&y),
                    };
                    by_value.then_with(|| a.cmp(b))
                })
            }
        }
    }
}

/// Whether walking the value order to the page (from the nearer end) costs less than
/// selecting the page among the matching documents: the walk visits about
/// `reach * n / matches` documents at a bit test each; a selection a few comparisons per
/// match.
fn walk_is_cheaper(n: usize, matches: u64, start: usize, len: usize) -> bool {
    let from_end = (matches as usize).saturating_sub(start);
    let reach = (start + len).min(from_end) as u64;
    reach.saturating_mul(n as u64) / matches.max(1) <= 16 * matches
}

/// The items at positions `start..start + len` of `order` restricted to `full`, which
/// holds `full_count` of them; a page past the middle is counted from the end.
fn page_of_order<'a>(
    order: impl DoubleEndedIterator<Item = &'a u32>,
    full: &Bits,
    full_count: u64,
    start: usize,
    len: usize,
) -> Vec<u32> {
    let total = full_count as usize;
    let end = start.saturating_add(len).min(total);
    if start >= end {
        return Vec::new();
    }
    let matching = order.filter(|d| full.get(**d as usize));
    if start > total - end {
        let mut page: Vec<u32> = matching
            .rev()
            .skip(total - end)
            .take(end - start)
            .copied()
            .collect();
        page.reverse();
        page
    } else {
        matching.skip(start).take(end - start).copied().collect()
    }
}

/// A latitude and longitude box holding every point within a radius of a centre (and
/// some beyond it): a point outside it is farther than the radius.
struct NearBox {
    lat: (f64, f64),
    /// `None` when the box reaches a pole or crosses the 180th meridian: no longitude test.
    lng: Option<(f64, f64)>,
}

impl NearBox {
    fn around(lat: f64, lng: f64, radius_km: f64) -> NearBox {
        // A degree of latitude is at least 110.5 km; 110 leaves a margin.
        let dlat = radius_km / 110.0;
        let (lo, hi) = (lat - dlat, lat + dlat);
        let lng = if lo <= -89.0 || hi >= 89.0 {
            None
        } else {
            // A degree of longitude is shortest at the box's latitude farthest from the
            // equator: 111.3 km times its cosine (111 leaves a margin).
            let widest = lo.abs().max(hi.abs()).to_radians().cos();
            let dlng = radius_km / (111.0 * widest);
            (lng - dlng >= -180.0 && lng + dlng <= 180.0).then_some((lng - dlng, lng + dlng))
        };
        NearBox { lat: (lo, hi), lng }
    }

    /// Whether a point may be within the radius (a NaN coordinate is not).
    fn holds(&self, lat: f64, lng: f64) -> bool {
        lat >= self.lat.0
            && lat <= self.lat.1
            && self.lng.is_none_or(|(lo, hi)| lng >= lo && lng <= hi)
    }
}

/// The elements at sorted positions `start..start + len` of `v`, in order, in linear time
/// (two selections, then a sort of the page only).
fn page_of(
    mut v: Vec<u32>,
    start: usize,
    len: usize,
    cmp: impl Fn(&u32, &u32) -> std::cmp::Ordering,
) -> Vec<u32> {
    if start >= v.len() {
        return Vec::new();
    }
    if start > 0 {
        v.select_nth_unstable_by(start, &cmp);
    }
    let mut tail = v.split_off(start);
    if len < tail.len() {
        tail.select_nth_unstable_by(len, &cmp);
        tail.truncate(len);
    }
    tail.sort_unstable_by(cmp);
    tail
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_basics() {
        let mut b = Bits::zeros(130);
        b.set(0);
        b.set(64);
        b.set(129);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 64, 129]);
        assert_eq!(b.count(), 3);
        assert_eq!(Bits::ones(130).count(), 130);
        assert_eq!(b.and_count(&Bits::ones(130)), 3);
        b.clear(64);
        assert!(!b.get(64));
    }

    #[test]
    fn the_near_box_holds_every_point_within_the_radius() {
        // Points on circles around centres from the equator to the far south and across
        // the date line: each within the radius is in the box.
        let centres = [
            (-27.47, 153.02),
            (0.0, 0.0),
            (-43.0, 147.3),
            (-60.0, 179.9),
            (88.5, 10.0),
        ];
        for (lat, lng) in centres {
            for radius in [1.0, 25.0, 100.0, 500.0, 2000.0] {
                let bounds = NearBox::around(lat, lng, radius);
                for step in 0..360 {
                    let bearing = f64::from(step).to_radians();
                    for share in [0.5, 0.99] {
                        // A destination point `share * radius` away along `bearing`.
                        let d = share * radius / 6371.0;
                        let (p, l) = (lat.to_radians(), lng.to_radians());
                        let p2 = (p.sin() * d.cos() + p.cos() * d.sin() * bearing.cos()).asin();
                        let l2 = l
                            + (bearing.sin() * d.sin() * p.cos())
                                .atan2(d.cos() - p.sin() * p2.sin());
                        let mut l2 = l2.to_degrees();
                        if l2 > 180.0 {
                            l2 -= 360.0;
                        } else if l2 < -180.0 {
                            l2 += 360.0;
                        }
                        let p2 = p2.to_degrees();
                        assert!(haversine_km(lat, lng, p2, l2) <= radius);
                        assert!(
                            bounds.holds(p2, l2),
                            "({p2}, {l2}) is {share} of {radius} km from ({lat}, {lng})"
                        );
                    }
                }
            }
        }
        let brisbane = NearBox::around(-27.47, 153.02, 100.0);
        assert!(!brisbane.holds(-33.87, 151.21), "Sydney is 730 km away");
        assert!(!brisbane.holds(f64::NAN, 153.0));
    }

    #[test]
    fn pages_read_off_the_value_order_match_a_full_sort() {
        // Prices with ties and gaps, a mask of about half the documents.
        let n = 300;
        let mut b = ColumnsBuilder::new(n);
        for d in 0..n {
            if d % 7 != 0 {
                b.set_num(RangeField::Price, d, ((d * 37) % 11) as f64);
            }
        }
        let cols = b.finish();
        let mut full = Bits::zeros(n);
        for d in (0..n).filter(|d| d % 3 != 1) {
            full.set(d);
        }
        let count = full.count();
        let col = &cols.nums[RangeField::Price.index()];
        for desc in [false, true] {
            let mut expected: Vec<u32> = full.iter().map(|d| d as u32).collect();
            expected.sort_by(|a, b| {
                let (x, y) = (col[*a as usize], col[*b as usize]);
                match (x.is_nan(), y.is_nan()) {
                    (true, true) => std::cmp::Ordering::Equal,
                    (true, false) => std::cmp::Ordering::Greater,
                    (false, true) => std::cmp::Ordering::Less,
                    _ if desc => y.total_cmp(&x),
                    _ => x.total_cmp(&y),
                }
                .then_with(|| a.cmp(b))
            });
            for start in [0, 5, 90, 150, 190, 199, 200, 250] {
                let got =
                    cols.page_in_value_order(&full, count, RangeField::Price, desc, start, 21);
                let want: Vec<u32> = expected.iter().skip(start).take(21).copied().collect();
                assert_eq!(got, want, "desc {desc}, start {start}");
            }
        }
        let lo = full
            .iter()
            .filter_map(|d| Some(col[d]).filter(|v| !v.is_nan()));
        let (min, max) = lo.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
        assert_eq!(cols.min_max(RangeField::Price, &full), Some((min, max)));
        assert_eq!(cols.min_max(RangeField::Km, &full), None);
    }

    #[test]
    fn a_range_holds_exactly_the_values_inside_it() {
        // Values with ties, negative zero and missing ones; bounds inside, outside, between
        // values, reversed and NaN.
        let n = 200;
        let mut b = ColumnsBuilder::new(n);
        for d in (0..n).filter(|d| d % 9 != 0) {
            let v = ((d * 37) % 23) as f64 - 5.0;
            b.set_num(RangeField::Price, d, if v == 0.0 { -0.0 } else { v });
        }
        let cols = b.finish();
        let col = &cols.nums[RangeField::Price.index()];
        let bounds = [
            None,
            Some(-6.0),
            Some(-0.0),
            Some(0.0),
            Some(3.0),
            Some(3.5),
            Some(17.0),
            Some(40.0),
            Some(f64::NAN),
        ];
        for min in bounds {
            for max in bounds {
                let r = RangeFilter {
                    field: RangeField::Price,
                    min,
                    max,
                };
                let want: Vec<usize> = (0..n).filter(|d| r.contains(col[*d])).collect();
                let got: Vec<usize> = cols.range_bits(&r).iter().collect();
                assert_eq!(got, want, "{min:?}..{max:?}");
            }
        }
    }

    #[test]
    fn page_of_selects_the_right_slice() {
        let v: Vec<u32> = (0..100).rev().collect();
        let cmp = |a: &u32, b: &u32| a.cmp(b);
        assert_eq!(page_of(v.clone(), 0, 3, cmp), vec![0, 1, 2]);
        assert_eq!(page_of(v.clone(), 95, 10, cmp), vec![95, 96, 97, 98, 99]);
        assert_eq!(page_of(v.clone(), 40, 2, cmp), vec![40, 41]);
        assert!(page_of(v, 100, 2, cmp).is_empty());
    }
}
