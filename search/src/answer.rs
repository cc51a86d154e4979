//! The answer of a search, identical for both backends, and the rules that shape it:
//! facet item order and labels, and the count cap of seed 000 s9.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::facets::{fixed_rank, label, Facet};

/// Seed 000 s9: "Counts above 1999 are treated as capped". See [`resolve_count`].
pub use domain::rules::counts::COUNT_CAP;

/// One value of a facet with the number of cars that have it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FacetItem {
    /// Display label (see [`crate::facets::label`]).
    pub label: String,
    /// The value to put in `refinementList[<facet>][<i>]`.
    pub value: String,
    /// Matching cars, counted disjunctively (ignoring this facet's own selection).
    pub count: u64,
}

/// Lowest and highest value of a range field among the matching cars.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FacetStats {
    /// Lowest value.
    pub min: f64,
    /// Highest value.
    pub max: f64,
}

/// The JSON answer of `GET /api/search`.
/// TypeScript type via ts-rs (`SearchAnswer::export_all`), for the search page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchAnswer {
    /// The cards of this page, verbatim as the generator stored them (`CardView`).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub hits: Vec<serde_json::Value>,
    /// Matching cars.
    pub count: u64,
    /// This page, from 0.
    pub page: u32,
    /// Number of pages.
    pub pages: u32,
    /// Time taken to answer, milliseconds.
    pub ms: f64,
    /// Items of every facet that lists values, by facet name.
    pub facets: BTreeMap<String, Vec<FacetItem>>,
    /// Min and max of every range field with a value among the matching cars (ignoring the
    /// field's own range, so a slider keeps its bounds).
    pub facets_stats: BTreeMap<String, FacetStats>,
}

/// Number of pages for `count` hits.
pub fn page_count(count: u64, hits_per_page: u32) -> u32 {
    let per = u64::from(hits_per_page.max(1));
    u32::try_from(count.div_ceil(per)).unwrap_or(u32::MAX)
}

/// Seed 000 s9 "Counts above 1999 are treated as capped; the stock count is used, or facet
/// counts are summed". Our reading: a total reported by an engine is trusted up to
/// [`COUNT_CAP`]; above it the engine may have stopped counting (Meilisearch stops at
/// `maxTotalHits`), so the count is the dealer's stock count when nothing but the fixed
/// filters applies, and otherwise the sum of the `car_type` counts of the selected car
/// types (all of them when none is selected). Facet counts are exact and every car has
/// exactly one car type, so that sum is the exact total. The embedded backend counts
/// exactly and goes through the same rule, which then changes nothing.
pub fn resolve_count(reported: u64, stock_count: Option<u64>, car_type_sum: u64) -> u64 {
    domain::rules::counts::displayed_count(reported, stock_count, &[car_type_sum])
}

/// Sum of the counts of `car_type` items that are selected (all items when none is).
pub fn car_type_sum(items: &[FacetItem], selected: &[&str]) -> u64 {
    items
        .iter()
        .filter(|i| {
            selected.is_empty() || selected.iter().any(|s| s.eq_ignore_ascii_case(&i.value))
        })
        .map(|i| i.count)
        .sum()
}

/// Builds a facet's items from raw counts: selected values missing from the counts are
/// listed with 0 (so a refined checkbox stays visible), then items are ordered by the
/// facet's fixed order or by count (most first) and label.
pub fn facet_items(
    facet: Facet,
    counts: HashMap<String, u64>,
    selected: &[&str],
) -> Vec<FacetItem> {
    let mut items: Vec<FacetItem> = counts
        .into_iter()
        .filter(|(_, c)| *c > 0)
        .map(|(value, count)| FacetItem {
            label: label(facet, &value),
            value,
            count,
        })
        .collect();
    for s in selected {
        if !items.iter().any(|i| i.value.eq_ignore_ascii_case(s)) {
            items.push(FacetItem {
                label: label(facet, s),
                value: s.to_string(),
                count: 0,
            });
        }
    }
    items.sort_by(
        |a, b| match (fixed_rank(facet, &a.value), fixed_rank(facet, &b.value)) {
            (Some(x), Some(y)) => x.cmp(&y).then_with(|| a.value.cmp(&b.value)),
            _ => b
                .count
                .cmp(&a.count)
                .then_with(|| a.label.to_lowercase().cmp(&b.label.to_lowercase()))
                .then_with(|| a.value.cmp(&b.value)),
        },
    );
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape() {
        let mut facets = BTreeMap::new();
        facets.insert(
            "make".to_string(),
            vec![FacetItem {
                label: "Kia".into(),
                value: "Kia".into(),
                count: 3,
            }],
        );
        let mut facets_stats = BTreeMap::new();
        facets_stats.insert("price".to_string(), FacetStats { min: 1.0, max: 2.0 });
        let a = SearchAnswer {
            hits: vec![serde_json::json!({"id": 1})],
            count: 3,
            page: 0,
            pages: 1,
            ms: 0.5,
            facets,
            facets_stats,
        };
        assert_eq!(
            serde_json::to_value(&a).expect("serializes"),
            serde_json::json!({"hits": [{"id": 1}], "count": 3, "page": 0, "pages": 1, "ms": 0.5,
                "facets": {"make": [{"label": "Kia", "value": "Kia", "count": 3}]},
                "facets_stats": {"price": {"min": 1.0, "max": 2.0}}})
        );
        let dir = std::env::temp_dir().join(format!("search-ts-{}", std::process::id()));
        let cfg = ts_rs::Config::new()
            .with_out_dir(&dir)
            .with_large_int("number");
        SearchAnswer::export_all(&cfg).expect("TypeScript export");
        let ts =
            std::fs::read_to_string(dir.join("SearchAnswer.ts")).expect("SearchAnswer.ts written");
        let _cleaned = std::fs::remove_dir_all(&dir);
        assert!(
            ts.contains("facets_stats") && ts.contains("count: number"),
            "{ts}"
        );
    }

    #[test]
    fn count_cap() {
        assert_eq!(resolve_count(1999, Some(5000), 4000), 1999);
        assert_eq!(resolve_count(2000, Some(5000), 4000), 5000);
        assert_eq!(resolve_count(2000, None, 4321), 4321);
    }

    #[test]
    fn items_order_and_zero_selected() {
        let counts: HashMap<String, u64> = [
            ("Mazda".into(), 2),
            ("Toyota".into(), 5),
            ("Audi".into(), 2),
        ]
        .into_iter()
        .collect();
        let items = facet_items(Facet::Make, counts, &["Kia"]);
        let v: Vec<(&str, u64)> = items.iter().map(|i| (i.value.as_str(), i.count)).collect();
        assert_eq!(
            v,
            vec![("Toyota", 5), ("Audi", 2), ("Mazda", 2), ("Kia", 0)]
        );
        let counts: HashMap<String, u64> =
            [("used".into(), 9), ("new".into(), 1), ("demo".into(), 3)]
                .into_iter()
                .collect();
        let items = facet_items(Facet::CarType, counts, &[]);
        assert_eq!(
            items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(),
            vec!["New", "Demo", "Used"]
        );
        assert_eq!(car_type_sum(&items, &["used", "demo"]), 12);
        assert_eq!(car_type_sum(&items, &[]), 13);
        assert_eq!(page_count(0, 21), 0);
        assert_eq!(page_count(43, 21), 3);
    }
}
