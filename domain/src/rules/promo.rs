//! Promo cards in search results (seed 000 sections 2, 3 and 4; seed 001 s4).

use chrono::NaiveDate;
use serde::Serialize;

use crate::car::CarType;
use crate::entities::PromoNode;

/// Seed 000 s4: a promo shows only from its start to its expiry date (both inclusive;
/// a missing bound is open) and for its display car types. `search_types` are the car
/// types the search is restricted to (empty: all types). With no display types the promo
/// shows on every search. Otherwise a non-strict promo shows when the search is
/// unrestricted or shares a car type with it; a strictDisplay promo shows only when the
/// search is restricted to exactly its car types.
pub fn promo_visible(promo: &PromoNode, today: NaiveDate, search_types: &[CarType]) -> bool {
    if promo.start.is_some_and(|start| today < start)
        || promo.expiry.is_some_and(|expiry| today > expiry)
    {
        return false;
    }
    if promo.display.is_empty() {
        return true;
    }
    if promo.strict_display {
        let mut wanted = promo.display.clone();
        wanted.sort();
        wanted.dedup();
        let mut searched = search_types.to_vec();
        searched.sort();
        searched.dedup();
        return wanted == searched;
    }
    search_types.is_empty() || search_types.iter().any(|t| promo.display.contains(t))
}

/// One cell of the results grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "item", rename_all = "snake_case")]
pub enum ResultCell<'a, T> {
    /// A result (car card).
    Result(&'a T),
    /// A promo card.
    Promo(&'a PromoNode),
}

/// Seed 000 s2/s4: inserts the visible promos at their configured (zero-based) positions
/// in the grid. Promos are placed in position order, so a position counts the cells
/// before it, promos included; a position past the end puts the promo at the end; equal
/// positions keep their configured order.
pub fn insert_promos<'a, T>(
    results: &'a [T],
    promos: &'a [PromoNode],
    today: NaiveDate,
    search_types: &[CarType],
) -> Vec<ResultCell<'a, T>> {
    let mut cells: Vec<ResultCell<'a, T>> = results.iter().map(ResultCell::Result).collect();
    let mut visible: Vec<&PromoNode> = promos
        .iter()
        .filter(|p| promo_visible(p, today, search_types))
        .collect();
    visible.sort_by_key(|p| p.position);
    let mut last: Option<usize> = None;
    for promo in visible {
        let wanted = usize::try_from(promo.position).unwrap_or(usize::MAX);
        // A promo sharing the previous one's position goes right after it.
        let at = last.map_or(wanted, |l| wanted.max(l + 1)).min(cells.len());
        cells.insert(at, ResultCell::Promo(promo));
        last = Some(at);
    }
    cells
}
