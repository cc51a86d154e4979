//! The cards of a build's stock, made once: a car's card shows on its own page, on its
//! neighbours' pages as a similar car and in search results and the search index. Each
//! card's JSON text carries a fingerprint, the digest of the card, by which the SSR
//! worker keeps a card's markup (frontend/src/server/render.tsx): equal fingerprints
//! mean equal cards, so a worker renders a card once however many pages list it.

use std::collections::HashMap;

use domain::car::Car;
use domain::view::card::{card_view, CardJson, CardView, Cards};
use domain::view::site::ViewContext;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// A card's JSON text with its fingerprint: the [`CardView`]'s members and one more,
/// `fingerprint`, 32 hex digits of the blake3 digest of the rest of the text.
pub fn fingerprinted(view: &CardView) -> CardJson {
    let mut text = serde_json::to_string(view).expect("a card view serializes");
    let digest = blake3::hash(text.as_bytes()).to_hex();
    // A struct serializes as an object: its closing brace is the last character.
    text.pop();
    text.push_str(",\"fingerprint\":\"");
    text.push_str(&digest[..32]);
    text.push_str("\"}");
    CardJson::from_text(text).expect("a card with its fingerprint is JSON")
}

/// [`fingerprinted`] text read back (in TypeScript, `CardView & { fingerprint: string }`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FingerprintedCard {
    /// The card.
    #[serde(flatten)]
    pub card: CardView,
    /// 32 hex digits of the blake3 digest of the card's JSON text (without this member).
    pub fingerprint: String,
}

/// The cards of one stock, made once for a build on every core. A car of that stock is
/// looked up by its id (and must be that very car, not an equal copy); any other car
/// gets its card made on the spot.
pub struct CardCache<'a> {
    cars: &'a [Car],
    /// The position in `cars` of each id (the first car with it).
    positions: HashMap<u64, usize>,
    cards: Vec<(CardView, CardJson)>,
}

impl<'a> CardCache<'a> {
    /// The card of every car of `cars`.
    pub fn new(cars: &'a [Car], ctx: &ViewContext<'_>) -> CardCache<'a> {
        let cards = cars
            .par_iter()
            .map(|car| {
                let view = card_view(car, ctx);
                let json = fingerprinted(&view);
                (view, json)
            })
            .collect();
        let mut positions = HashMap::with_capacity(cars.len());
        for (at, car) in cars.iter().enumerate() {
            positions.entry(car.id).or_insert(at);
        }
        CardCache {
            cars,
            positions,
            cards,
        }
    }

    fn cached(&self, car: &Car) -> Option<&(CardView, CardJson)> {
        let at = *self.positions.get(&car.id)?;
        std::ptr::eq(&self.cars[at], car).then(|| &self.cards[at])
    }
}

impl Cards for CardCache<'_> {
    fn card(&self, car: &Car, ctx: &ViewContext<'_>) -> CardView {
        self.cached(car)
            .map_or_else(|| card_view(car, ctx), |(view, _)| view.clone())
    }

    fn json(&self, car: &Car, ctx: &ViewContext<'_>) -> CardJson {
        self.cached(car).map_or_else(
            || fingerprinted(&card_view(car, ctx)),
            |(_, json)| json.clone(),
        )
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, TimeZone, Utc};
    use domain::config::{Dealer, DealerConfig};
    use serde_json::json;

    use super::*;

    fn dealer() -> Dealer {
        let config: DealerConfig = serde_json::from_value(json!({
            "slug": "acme", "name": "Acme Motors", "manufacturer": "Toyota",
            "theme": { "primary": "#123456", "secondary": "#654321", "logo": "logo.svg" },
        }))
        .expect("dealer config");
        Dealer::with_config(config, "dealers/acme")
    }

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time")
    }

    fn car(id: u64, make: &str, price: Option<f64>) -> Car {
        serde_json::from_value(json!({
            "id": id, "slug": format!("car-{id}"), "year": 2024, "make": make, "model": "RAV4",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": price
        }))
        .expect("car")
    }

    fn read(json: &CardJson) -> FingerprintedCard {
        serde_json::from_str(json.text()).expect("parses")
    }

    #[test]
    fn the_card_cache_answers_the_cards_card_view_makes() {
        let dealer = dealer();
        let ctx = ViewContext::new(&dealer, now());
        let stock = vec![
            car(1, "Toyota", Some(32_990.0)),
            car(2, "Suzuki", None),
            // A second car with the first one's id: a feed mistake, still its own card.
            car(1, "Mazda", Some(9_990.0)),
        ];
        let cache = CardCache::new(&stock, &ctx);
        for car in &stock {
            assert_eq!(cache.card(car, &ctx), card_view(car, &ctx));
            assert_eq!(read(&cache.json(car, &ctx)).card, card_view(car, &ctx));
        }
        // A car from elsewhere (a copy with the stock's id, not the stock's own) gets its
        // own card.
        let mut stranger = stock[0].clone();
        stranger.price = Some(1_000.0);
        assert_eq!(cache.card(&stranger, &ctx).price_text, "$1,000");
        assert_eq!(read(&cache.json(&stranger, &ctx)).card.price_text, "$1,000");
    }

    #[test]
    fn a_cards_fingerprint_changes_with_anything_on_the_card_and_only_then() {
        let dealer = dealer();
        let ctx = ViewContext::new(&dealer, now());
        let view = card_view(&car(1, "Toyota", Some(32_990.0)), &ctx);
        let parsed = read(&fingerprinted(&view));
        assert_eq!(parsed.card, view, "the card itself is unchanged");
        assert_eq!(parsed.fingerprint.len(), 32);
        assert!(parsed.fingerprint.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(
            read(&fingerprinted(&view)).fingerprint,
            parsed.fingerprint,
            "the same card, the same fingerprint"
        );
        let mut cheaper = view.clone();
        cheaper.price_text = "$32,989".into();
        let mut renamed = view.clone();
        renamed.name.push(' ');
        let mut older = view.clone();
        older.year -= 1;
        for (what, other) in [("price text", cheaper), ("name", renamed), ("year", older)] {
            assert_ne!(
                read(&fingerprinted(&other)).fingerprint,
                parsed.fingerprint,
                "a different {what} keeps the fingerprint"
            );
        }
    }
}
