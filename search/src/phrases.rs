//! Phrases a shopper types that are filters, not words to match: "under 30k", "under
//! $30,000", "below 40000", "less than 50,000 km", "2019 or newer", "2015 to 2019",
//! "between 20k and 30k", "2020" (a year), "7 seater". [`understand`] returns them as the same
//! [`RangeFilter`] and [`FacetFilter`] values the sidebar sets (so the page can show them
//! as removable chips and write them into the URL) and the words left over, which are the
//! text query. Everything else (make, model, "diesel", "4x4", "ute") is left as
//! text: the searchable text answers those words, synonyms included.
//!
//! | typed | understood |
//! | --- | --- |
//! | under / below / less than / max / up to / at most / cheaper than / `<` *amount* | `range[price]=:amount` |
//! | over / above / more than / at least / min / from / `>` *amount* | `range[price]=amount:` |
//! | the same words with *number* km (kms, kilometres) | `range[km]` |
//! | between *a* and *b*, *a* to *b*, *a*-*b* | a price, km or year range |
//! | *year* or newer / or later / and newer / onwards / +, from / since *year* | `range[year]=year:` |
//! | *year* or older / or earlier, newer than / after, older than / before *year* | the matching year bound |
//! | a year on its own (1900 to 2100) | `refinementList[year]` |
//! | *n* seater / seaters / seats / seat (1 to 12; as text, "8 seater" would also find a
//! 7-seat Tiggo 8) | `refinementList[seats]` |
//!
//! Amounts: `30k`, `30 k`, `$30,000`, `30000`, `1.2m`; a bare amount under 1,000 after a
//! price word means thousands ("under 30"). A year is a plain four-digit number; written
//! with `$`, `k` or commas it is money. An amount alone ("rav4 30k") is left as text: it
//! says neither under nor over.

use crate::facets::{Facet, RangeField};
use crate::query::{FacetFilter, RangeFilter, SearchQuery};

/// What [`understand`] read in the shopper's text.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Understood {
    /// Ranges understood, at most one per field, sorted by field (several phrases on one
    /// field are intersected).
    pub ranges: Vec<RangeFilter>,
    /// Facet selections understood (a year on its own), sorted by facet.
    pub filters: Vec<FacetFilter>,
    /// The words left over, as typed, separated by single spaces: the text query.
    pub text: String,
    /// The phrases understood, as typed ("under 30k", "2019 or newer"), in text order.
    pub phrases: Vec<String>,
}

impl Understood {
    /// Whether nothing was understood as a filter.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty() && self.filters.is_empty()
    }

    /// Applies to a query: the text becomes the leftover words, each range is intersected
    /// with the query's range on the same field, each facet value joins the query's own
    /// selection of that facet (a refinement list, OR).
    pub fn apply_to(&self, q: &mut SearchQuery) {
        q.text = self.text.clone();
        for r in &self.ranges {
            match q.ranges.iter_mut().find(|x| x.field == r.field) {
                Some(x) => *x = intersect(*x, *r),
                None => q.ranges.push(*r),
            }
        }
        q.ranges.sort_by_key(|r| r.field);
        for f in &self.filters {
            match q.filters.iter_mut().find(|x| x.facet == f.facet && !x.menu) {
                Some(x) => {
                    for v in &f.values {
                        if !x.values.iter().any(|y| y.eq_ignore_ascii_case(v)) {
                            x.values.push(v.clone());
                        }
                    }
                }
                None => q.filters.push(f.clone()),
            }
        }
        q.filters.sort_by_key(|f| (f.facet, f.menu));
    }
}

/// Both bounds; a min above the max is read as the two swapped ("under 20k over 30k").
fn intersect(a: RangeFilter, b: RangeFilter) -> RangeFilter {
    let pick = |x: Option<f64>, y: Option<f64>, hi: bool| match (x, y) {
        (Some(x), Some(y)) => Some(if hi { x.max(y) } else { x.min(y) }),
        (x, y) => x.or(y),
    };
    let min = pick(a.min, b.min, true);
    let max = pick(a.max, b.max, false);
    match (min, max) {
        (Some(lo), Some(hi)) if lo > hi => RangeFilter {
            field: a.field,
            min: Some(hi),
            max: Some(lo),
        },
        _ => RangeFilter {
            field: a.field,
            min,
            max,
        },
    }
}

/// Reads the filter phrases of a shopper's text (see the module docs). Never fails: text
/// it does not understand is left as text.
pub fn understand(text: &str) -> Understood {
    understand_keeping(text, |_| false)
}

/// [`understand`], leaving as text a number on its own for which `keep` is true (a word
/// of the dealer's stock, such as the Peugeot model "2008", is not a year).
pub fn understand_keeping(text: &str, keep: impl Fn(&str) -> bool) -> Understood {
    let toks = tokens(text);
    let mut used = vec![false; toks.len()];
    let mut out = Understood::default();
    let add_range = |out: &mut Understood, r: RangeFilter| match out
        .ranges
        .iter_mut()
        .find(|x| x.field == r.field)
    {
        Some(x) => *x = intersect(*x, r),
        None => out.ranges.push(r),
    };
    let mut i = 0;
    while i < toks.len() {
        if let Some((len, found)) = phrase_at(&toks, i) {
            let typed: Vec<&str> = toks[i..i + len].iter().map(|t| t.raw.as_str()).collect();
            out.phrases.push(typed.join(" "));
            used[i..i + len].iter_mut().for_each(|u| *u = true);
            match found {
                Found::Range(r) => add_range(&mut out, r),
                Found::Year(y) => add_value(&mut out, Facet::Year, y.to_string()),
                Found::Seats(n) => add_value(&mut out, Facet::Seats, n.to_string()),
            }
            i += len;
            continue;
        }
        i += 1;
    }
    // A lone year the caller keeps is text after all.
    if out.filters.iter().any(|f| f.facet == Facet::Year) {
        for (t, u) in toks.iter().zip(used.iter_mut()) {
            if *u && t.year().is_some() && keep(&t.raw) && is_lone_year(&out, t) {
                *u = false;
                if let Some(f) = out.filters.iter_mut().find(|f| f.facet == Facet::Year) {
                    f.values.retain(|v| v != &t.raw);
                }
                out.phrases.retain(|p| p != &t.raw);
            }
        }
        out.filters.retain(|f| !f.values.is_empty());
    }
    out.ranges.sort_by_key(|r| r.field);
    out.filters.sort_by_key(|f| f.facet);
    out.text = toks
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(t, _)| t.raw.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    out
}

/// Adds a value to the facet's understood selection (OR), once.
fn add_value(out: &mut Understood, facet: Facet, v: String) {
    match out.filters.iter_mut().find(|f| f.facet == facet) {
        Some(f) if !f.values.contains(&v) => f.values.push(v),
        Some(_) => {}
        None => out.filters.push(FacetFilter {
            facet,
            values: vec![v],
            menu: false,
        }),
    }
}

fn is_lone_year(out: &Understood, t: &Tok) -> bool {
    out.phrases.iter().any(|p| p == &t.raw)
}

/// One whitespace-separated piece of the text.
#[derive(Debug, Clone)]
struct Tok {
    /// As typed (a range written "20k-30k" is split into three pieces).
    raw: String,
    /// Lower case, without surrounding punctuation.
    word: String,
    num: Option<Num>,
}

#[derive(Debug, Clone, Copy)]
struct Num {
    value: f64,
    /// Written with `$`, `k`/`m` or thousands commas: money, never a year.
    money: bool,
    /// Written with `k` or `m`.
    scaled: bool,
    /// Followed by `km` in the same piece.
    km: bool,
    /// Followed by `+` ("2019+").
    plus: bool,
    /// `<` or `>` in front.
    cmp: Option<char>,
}

impl Tok {
    fn is(&self, w: &str) -> bool {
        self.word == w
    }

    /// The year it names: a plain number from 1900 to 2100.
    fn year(&self) -> Option<u16> {
        let n = self.num?;
        let digits = self.word.trim_end_matches('+');
        (!n.money
            && !n.km
            && n.cmp.is_none()
            && digits.len() == 4
            && digits.chars().all(|c| c.is_ascii_digit())
            && (1900.0..=2100.0).contains(&n.value))
        .then_some(n.value as u16)
    }
}

const KM_UNITS: [&str; 6] = ["km", "kms", "kilometres", "kilometers", "klms", "kilometre"];

fn parse_num(piece: &str) -> Option<Num> {
    let mut s = piece;
    let mut cmp = None;
    if let Some(r) = s.strip_prefix('<') {
        cmp = Some('<');
        s = r;
    } else if let Some(r) = s.strip_prefix('>') {
        cmp = Some('>');
        s = r;
    }
    let dollar = s.starts_with('$');
    s = s.trim_start_matches('$');
    let plus = s.ends_with('+');
    s = s.trim_end_matches('+');
    let mut km = false;
    for unit in KM_UNITS {
        if let Some(r) = s.strip_suffix(unit) {
            if r.ends_with(|c: char| c.is_ascii_digit() || c == 'k') {
                s = r;
                km = true;
                break;
            }
        }
    }
    let (s, scale) = match s.strip_suffix('k') {
        Some(r) => (r, 1_000.0),
        None => match s.strip_suffix('m') {
            Some(r) => (r, 1_000_000.0),
            None => (s, 1.0),
        },
    };
    if s.is_empty() || !s.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if !s
        .chars()
        .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
        || s.matches('.').count() > 1
    {
        return None;
    }
    let commas = s.contains(',');
    let value: f64 = s.replace(',', "").parse().ok()?;
    let value = value * scale;
    (value.is_finite() && value < 1e12).then_some(Num {
        value,
        money: dollar || commas || scale > 1.0,
        scaled: scale > 1.0,
        km,
        plus,
        cmp,
    })
}

fn tokens(text: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    for raw in text.split_whitespace() {
        let lower = raw.to_lowercase();
        let word = lower
            .trim_matches(|c: char| {
                matches!(
                    c,
                    '.' | ',' | '!' | '?' | ';' | ':' | '(' | ')' | '"' | '\''
                )
            })
            .to_string();
        // "20k-30k", "2015-2019": a range written as one piece.
        if let Some((a, b)) = word.split_once('-') {
            if let (Some(na), Some(nb)) = (parse_num(a), parse_num(b)) {
                out.push(Tok {
                    raw: a.to_string(),
                    word: a.to_string(),
                    num: Some(na),
                });
                out.push(Tok {
                    raw: "-".into(),
                    word: "-".into(),
                    num: None,
                });
                out.push(Tok {
                    raw: b.to_string(),
                    word: b.to_string(),
                    num: Some(nb),
                });
                continue;
            }
        }
        let num = parse_num(&word);
        out.push(Tok {
            raw: raw.to_string(),
            word,
            num,
        });
    }
    out
}

enum Found {
    Range(RangeFilter),
    Year(u16),
    Seats(u8),
}

/// The words after a number that make it a seat count ("7 seater", "8 seats").
const SEAT_WORDS: [&str; 4] = ["seater", "seaters", "seats", "seat"];

/// "7 seater", "8 seats": the seat count, 1 to 12.
fn seats_at(toks: &[Tok], i: usize) -> Option<(usize, Found)> {
    let n = toks[i].num?;
    let next = toks.get(i + 1)?;
    let whole = n.value.fract() == 0.0 && (1.0..=12.0).contains(&n.value);
    (whole
        && !n.money
        && !n.km
        && !n.plus
        && n.cmp.is_none()
        && SEAT_WORDS.contains(&next.word.as_str()))
    .then_some((2, Found::Seats(n.value as u8)))
}

const MAX_WORDS: [&[&str]; 12] = [
    &["under"],
    &["below"],
    &["less", "than"],
    &["lower", "than"],
    &["cheaper", "than"],
    &["no", "more", "than"],
    &["up", "to"],
    &["upto"],
    &["at", "most"],
    &["max"],
    &["maximum"],
    &["<"],
];

const MIN_WORDS: [&[&str]; 10] = [
    &["over"],
    &["above"],
    &["more", "than"],
    &["higher", "than"],
    &["at", "least"],
    &["min"],
    &["minimum"],
    &["from"],
    &["starting", "at"],
    &[">"],
];

/// The words of `list` that `toks[i..]` starts with: their count.
fn starts_with(toks: &[Tok], i: usize, list: &[&[&str]]) -> Option<usize> {
    list.iter()
        .find(|words| {
            words.len() <= toks.len() - i
                && words.iter().enumerate().all(|(k, w)| toks[i + k].is(w))
        })
        .map(|w| w.len())
}

/// A number at `i` with an optional separate km unit after it: (number, pieces, km).
fn amount_at(toks: &[Tok], i: usize) -> Option<(Num, usize, bool)> {
    let mut n = toks.get(i)?.num?;
    let mut len = 1;
    if n.cmp.is_some() {
        return None;
    }
    // "30 k", "50 k km".
    if !n.scaled && toks.get(i + len).is_some_and(|t| t.is("k")) {
        n.value *= 1_000.0;
        n.money = true;
        n.scaled = true;
        len += 1;
    }
    let mut km = n.km;
    if !km
        && toks
            .get(i + len)
            .is_some_and(|t| KM_UNITS.contains(&t.word.as_str()))
    {
        km = true;
        len += 1;
    }
    Some((n, len, km))
}

/// A price: bare amounts under 1,000 are thousands ("under 30").
fn price(n: Num) -> f64 {
    if !n.money && n.value > 0.0 && n.value < 1_000.0 {
        n.value * 1_000.0
    } else {
        n.value
    }
}

fn range(field: RangeField, min: Option<f64>, max: Option<f64>) -> Found {
    Found::Range(RangeFilter { field, min, max })
}

/// The filter phrase starting at `i`: (pieces it takes, what it says).
fn phrase_at(toks: &[Tok], i: usize) -> Option<(usize, Found)> {
    if let Some(found) = seats_at(toks, i) {
        return Some(found);
    }
    let t = &toks[i];
    // "<30k", ">2019".
    if let Some(n) = t.num.filter(|n| n.cmp.is_some()) {
        let max = n.cmp == Some('<');
        let plain = Num { cmp: None, ..n };
        let tok = Tok {
            num: Some(plain),
            word: t.word.trim_start_matches(['<', '>']).to_string(),
            raw: t.raw.clone(),
        };
        let km = n.km
            || toks
                .get(i + 1)
                .is_some_and(|t| KM_UNITS.contains(&t.word.as_str()));
        let len = 1 + usize::from(!n.km && km);
        return Some(if let Some(y) = tok.year() {
            let y = f64::from(y);
            (
                1,
                if max {
                    range(RangeField::Year, None, Some(y - 1.0))
                } else {
                    range(RangeField::Year, Some(y + 1.0), None)
                },
            )
        } else if km {
            (
                len,
                if max {
                    range(RangeField::Km, None, Some(n.value))
                } else {
                    range(RangeField::Km, Some(n.value), None)
                },
            )
        } else {
            let p = price(plain);
            (
                1,
                if max {
                    range(RangeField::Price, None, Some(p))
                } else {
                    range(RangeField::Price, Some(p), None)
                },
            )
        });
    }
    // "between a and b".
    if t.is("between") {
        let (a, la, ka) = amount_at(toks, i + 1)?;
        let j = i + 1 + la;
        if !toks
            .get(j)
            .is_some_and(|t| t.is("and") || t.is("to") || t.is("-"))
        {
            return None;
        }
        let (b, lb, kb) = amount_at(toks, j + 1)?;
        let found = two_sided(&toks[i + 1], a, ka, &toks[j + 1], b, kb)?;
        return Some((1 + la + 1 + lb, found));
    }
    // "newer than 2019", "after 2019", "older than 2019", "before 2019", "since 2019".
    for (words, min, shift) in [
        (&["newer", "than"][..], true, 1.0),
        (&["after"][..], true, 1.0),
        (&["since"][..], true, 0.0),
        (&["older", "than"][..], false, -1.0),
        (&["before"][..], false, -1.0),
    ] {
        if let Some(n) = starts_with(toks, i, &[words]) {
            let y = f64::from(toks.get(i + n)?.year()?);
            let found = if min {
                range(RangeField::Year, Some(y + shift), None)
            } else {
                range(RangeField::Year, None, Some(y + shift))
            };
            return Some((n + 1, found));
        }
    }
    // "under 30k", "less than 50,000 km", "from 2019", "over 100000 km".
    for (list, max) in [(&MAX_WORDS[..], true), (&MIN_WORDS[..], false)] {
        if let Some(n) = starts_with(toks, i, list) {
            let (a, la, km) = amount_at(toks, i + n)?;
            let bound = |v: f64, field| {
                if max {
                    range(field, None, Some(v))
                } else {
                    range(field, Some(v), None)
                }
            };
            let found = if km {
                bound(a.value, RangeField::Km)
            } else if let Some(y) = toks[i + n].year().filter(|_| t.is("from")) {
                bound(f64::from(y), RangeField::Year)
            } else {
                bound(price(a), RangeField::Price)
            };
            return Some((n + la, found));
        }
    }
    // Numbers first: "2019 or newer", "2015 to 2019", "20k-30k", "2020".
    let (a, la, ka) = amount_at(toks, i)?;
    if let Some(y) = t.year() {
        let y = f64::from(y);
        let next = i + la;
        for (words, min) in [
            (&["or", "newer"][..], true),
            (&["or", "later"][..], true),
            (&["or", "above"][..], true),
            (&["and", "newer"][..], true),
            (&["and", "later"][..], true),
            (&["and", "up"][..], true),
            (&["onwards"][..], true),
            (&["onward"][..], true),
            (&["plus"][..], true),
            (&["or", "older"][..], false),
            (&["or", "earlier"][..], false),
            (&["and", "older"][..], false),
        ] {
            if let Some(n) = starts_with(toks, next, &[words]) {
                let found = if min {
                    range(RangeField::Year, Some(y), None)
                } else {
                    range(RangeField::Year, None, Some(y))
                };
                return Some((la + n, found));
            }
        }
        if a.plus {
            return Some((la, range(RangeField::Year, Some(y), None)));
        }
    }
    let j = i + la;
    if toks.get(j).is_some_and(|t| t.is("to") || t.is("-")) {
        if let Some((b, lb, kb)) = amount_at(toks, j + 1) {
            if let Some(found) = two_sided(t, a, ka, &toks[j + 1], b, kb) {
                return Some((la + 1 + lb, found));
            }
        }
    }
    if let Some(y) = t.year() {
        return Some((1, Found::Year(y)));
    }
    None
}

/// "a to b": two years, two km figures or two amounts of money (at least one written
/// as money or both 1,000 or more, so "2 to 3" stays text).
fn two_sided(ta: &Tok, a: Num, ka: bool, tb: &Tok, b: Num, kb: bool) -> Option<Found> {
    let order = |x: f64, y: f64| (x.min(y), x.max(y));
    if let (Some(x), Some(y)) = (ta.year(), tb.year()) {
        let (lo, hi) = order(f64::from(x), f64::from(y));
        return Some(range(RangeField::Year, Some(lo), Some(hi)));
    }
    if ka || kb {
        let (lo, hi) = order(a.value, b.value);
        return Some(range(RangeField::Km, Some(lo), Some(hi)));
    }
    let money = a.money || b.money || (a.value >= 1_000.0 && b.value >= 1_000.0);
    if !money {
        return None;
    }
    // "20-30k": the scale of the second side applies to a bare first side.
    let av = if !a.scaled && b.scaled && a.value < 1_000.0 {
        a.value * scale_of(tb)
    } else {
        a.value
    };
    let (lo, hi) = order(av, b.value);
    Some(range(RangeField::Price, Some(lo), Some(hi)))
}

/// The scale a `k` or `m` gave a figure.
fn scale_of(t: &Tok) -> f64 {
    if t.word.trim_end_matches('+').ends_with('m') {
        1_000_000.0
    } else {
        1_000.0
    }
}

/// A spelling of the text the dealer's stock knows ("corrola" is "Corolla"): each word
/// of three letters or more that is none of `known` (the stock's makes and models, most
/// cars first) is replaced by the first known word within two edits (one for words of
/// four letters or fewer; a swap of two letters is one edit). `None` when no word changes.
/// Only whole known words are offered, so the suggestion can be searched as it reads.
pub fn did_you_mean<'a>(text: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let known: Vec<(&str, String)> = known
        .into_iter()
        .flat_map(|k| k.split_whitespace())
        .map(|k| (k, k.to_lowercase()))
        .collect();
    let mut changed = false;
    let words: Vec<String> = text
        .split_whitespace()
        .take(10)
        .map(|word| {
            let lower = word.to_lowercase();
            let letters = lower.chars().count();
            if letters < 3
                || lower.chars().any(|c| !c.is_alphanumeric())
                || lower.chars().all(|c| c.is_ascii_digit())
                || known.iter().any(|(_, k)| *k == lower)
            {
                return word.to_string();
            }
            let budget = if letters <= 4 { 1 } else { 2 };
            let best = known
                .iter()
                .map(|(k, kl)| (edits(&lower, kl), *k))
                .filter(|(d, _)| *d <= budget)
                .min_by_key(|(d, _)| *d);
            match best {
                Some((_, k)) => {
                    changed = true;
                    k.to_string()
                }
                None => word.to_string(),
            }
        })
        .collect();
    changed.then(|| words.join(" "))
}

/// Edits between two words: insertions, deletions, substitutions and swaps of two
/// neighbouring letters (optimal string alignment).
fn edits(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > 2 {
        return usize::MAX;
    }
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::FixedFilters;

    type Case = (
        &'static str,
        &'static [(&'static str, Option<f64>, Option<f64>)],
        &'static [&'static str],
        &'static str,
    );

    #[test]
    fn case_table() {
        // (typed, ranges (field, min, max), year values, leftover text)
        let cases: &[Case] = &[
            ("under 30k", &[("price", None, Some(30_000.0))], &[], ""),
            ("under $30,000", &[("price", None, Some(30_000.0))], &[], ""),
            ("below 40000", &[("price", None, Some(40_000.0))], &[], ""),
            (
                "less than 50,000 km",
                &[("km", None, Some(50_000.0))],
                &[],
                "",
            ),
            ("under 50000km", &[("km", None, Some(50_000.0))], &[], ""),
            ("under 50k kms", &[("km", None, Some(50_000.0))], &[], ""),
            ("over 100,000 km", &[("km", Some(100_000.0), None)], &[], ""),
            ("2019 or newer", &[("year", Some(2019.0), None)], &[], ""),
            ("2019 onwards", &[("year", Some(2019.0), None)], &[], ""),
            ("2019+", &[("year", Some(2019.0), None)], &[], ""),
            ("from 2019", &[("year", Some(2019.0), None)], &[], ""),
            ("newer than 2019", &[("year", Some(2020.0), None)], &[], ""),
            ("2016 or older", &[("year", None, Some(2016.0))], &[], ""),
            ("before 2016", &[("year", None, Some(2015.0))], &[], ""),
            ("2020", &[], &["2020"], ""),
            ("corolla 2020", &[], &["2020"], "corolla"),
            (
                "2015 to 2019",
                &[("year", Some(2015.0), Some(2019.0))],
                &[],
                "",
            ),
            (
                "2015-2019 hilux",
                &[("year", Some(2015.0), Some(2019.0))],
                &[],
                "hilux",
            ),
            (
                "diesel 4x4 ute under 40k",
                &[("price", None, Some(40_000.0))],
                &[],
                "diesel 4x4 ute",
            ),
            (
                "rav4 hybrid under 30 k",
                &[("price", None, Some(30_000.0))],
                &[],
                "rav4 hybrid",
            ),
            (
                "Under $30K SUV",
                &[("price", None, Some(30_000.0))],
                &[],
                "SUV",
            ),
            ("under 30", &[("price", None, Some(30_000.0))], &[], ""),
            (
                "up to $25,500.50",
                &[("price", None, Some(25_500.5))],
                &[],
                "",
            ),
            ("over 20k", &[("price", Some(20_000.0), None)], &[], ""),
            ("from $20k", &[("price", Some(20_000.0), None)], &[], ""),
            (
                "between 20k and 30k",
                &[("price", Some(20_000.0), Some(30_000.0))],
                &[],
                "",
            ),
            (
                "20k-30k",
                &[("price", Some(20_000.0), Some(30_000.0))],
                &[],
                "",
            ),
            (
                "20-30k",
                &[("price", Some(20_000.0), Some(30_000.0))],
                &[],
                "",
            ),
            (
                "$20,000 to $30,000 sedan",
                &[("price", Some(20_000.0), Some(30_000.0))],
                &[],
                "sedan",
            ),
            ("<30k", &[("price", None, Some(30_000.0))], &[], ""),
            (
                "ranger 2018 or newer under 50k less than 80000 km",
                &[
                    ("price", None, Some(50_000.0)),
                    ("km", None, Some(80_000.0)),
                    ("year", Some(2018.0), None),
                ],
                &[],
                "ranger",
            ),
            (
                "under 40k over 20k",
                &[("price", Some(20_000.0), Some(40_000.0))],
                &[],
                "",
            ),
            // Left as text.
            ("rav4 30k", &[], &[], "rav4 30k"),
            ("cx-5", &[], &[], "cx-5"),
            ("mazda 3", &[], &[], "mazda 3"),
            ("7-seater", &[], &[], "7-seater"),
            ("2 to 3", &[], &[], "2 to 3"),
            ("under", &[], &[], "under"),
            ("under the bonnet", &[], &[], "under the bonnet"),
            ("t103", &[], &[], "t103"),
            ("$$$ ,,, ---", &[], &[], "$$$ ,,, ---"),
            ("", &[], &[], ""),
        ];
        for (typed, ranges, years, left) in cases {
            let u = understand(typed);
            let got: Vec<(&str, Option<f64>, Option<f64>)> = u
                .ranges
                .iter()
                .map(|r| (r.field.name(), r.min, r.max))
                .collect();
            assert_eq!(got, ranges.to_vec(), "ranges of {typed:?}");
            let got_years: Vec<&str> = u
                .filters
                .iter()
                .filter(|f| f.facet == Facet::Year)
                .flat_map(|f| f.values.iter().map(String::as_str))
                .collect();
            assert_eq!(got_years, years.to_vec(), "years of {typed:?}");
            assert_eq!(u.text, *left, "text of {typed:?}");
            assert_eq!(
                u.is_empty(),
                ranges.is_empty() && years.is_empty(),
                "{typed:?}"
            );
        }
    }

    #[test]
    fn a_seat_count_is_the_seats_filter() {
        let seats = |typed: &str| {
            let u = understand(typed);
            let values: Vec<String> = u
                .filters
                .iter()
                .filter(|f| f.facet == Facet::Seats)
                .flat_map(|f| f.values.clone())
                .collect();
            (values, u.text)
        };
        assert_eq!(seats("7 seater"), (vec!["7".to_string()], String::new()));
        assert_eq!(
            seats("kluger 8 seats hybrid"),
            (vec!["8".to_string()], "kluger hybrid".to_string())
        );
        assert_eq!(
            seats("5 seat or 7 seater"),
            (vec!["5".to_string(), "7".to_string()], "or".to_string())
        );
        assert_eq!(
            seats("2 Seater under 20k"),
            (vec!["2".to_string()], String::new())
        );
        for text in [
            "seater 7",
            "$7 seater",
            "40 seater bus",
            "7.5 seats",
            "7+ seats",
            "7",
        ] {
            assert!(seats(text).0.is_empty(), "{text:?}");
        }
    }

    #[test]
    fn reports_the_phrases_as_typed() {
        let u = understand("Diesel 4x4 ute under $40K 2019 or newer");
        assert_eq!(u.phrases, vec!["under $40K", "2019 or newer"]);
        assert_eq!(u.text, "Diesel 4x4 ute");
    }

    #[test]
    fn keeps_stock_words() {
        let u = understand_keeping("peugeot 2008 under 30k", |w| w == "2008");
        assert_eq!(u.text, "peugeot 2008");
        assert!(u.filters.is_empty());
        assert_eq!(u.ranges.len(), 1);
        let u = understand_keeping("2008 or newer", |w| w == "2008");
        assert_eq!(u.ranges[0].min, Some(2008.0));
    }

    #[test]
    fn never_fails_on_odd_text() {
        for t in [
            "make = \"x\" OR 1=1",
            "'; DROP TABLE cars; --",
            "🚗🚗 ute",
            "99999999999999999999999k",
            "1e308 to 1e309",
            "under -5",
            "between and",
            "between 5",
            "< > <> <<30k",
            "2019 or",
            "over 2019 km",
        ] {
            let u = understand(t);
            for r in &u.ranges {
                assert!(
                    r.min.is_none_or(f64::is_finite) && r.max.is_none_or(f64::is_finite),
                    "{t}"
                );
            }
        }
        let long = "under 30k ".repeat(100);
        assert_eq!(understand(&long).ranges.len(), 1);
    }

    #[test]
    fn applies_to_a_query_as_the_sidebar_would() {
        let fixed = FixedFilters::for_dealer("demo");
        let mut q = SearchQuery::from_query_string_at(
            "query=x&range[price]=10000:35000&refinementList[make][0]=Toyota",
            &fixed,
            1_700_000_000,
        )
        .expect("valid");
        let u = understand("hilux under 30k 2021");
        u.apply_to(&mut q);
        assert_eq!(q.text, "hilux");
        assert_eq!(
            q.to_query_string(),
            "query=hilux&refinementList%5Bmake%5D%5B0%5D=Toyota&refinementList%5Byear%5D%5B0%5D=2021&range%5Bprice%5D=10000%3A30000"
        );
        let again = SearchQuery::from_query_string_at(&q.to_query_string(), &fixed, 1_700_000_000)
            .expect("the URL reads back");
        assert_eq!(again, q);
    }

    #[test]
    fn did_you_mean_offers_the_stocks_spelling() {
        let known = ["Toyota", "Kia", "Corolla", "RAV4", "Land Cruiser", "Rio"];
        let dym = |text: &str| did_you_mean(text, known);
        assert_eq!(dym("corrola").as_deref(), Some("Corolla"));
        assert_eq!(
            dym("toyta corrola hybrid").as_deref(),
            Some("Toyota Corolla hybrid")
        );
        assert_eq!(dym("kai").as_deref(), Some("Kia"), "a swap is one edit");
        assert_eq!(dym("cruzer").as_deref(), Some("Cruiser"));
        // Known words, short words, numbers and far words are left alone.
        for text in [
            "corolla", "rav4", "xx", "2019", "holden", "", "!!!", "ravv4!",
        ] {
            assert_eq!(dym(text), None, "{text}");
        }
        assert_eq!(did_you_mean("corrola", []), None);
        assert_eq!(edits("corrola", "corolla"), 2);
        assert_eq!(edits("abc", "abcdef"), usize::MAX);
    }
}
