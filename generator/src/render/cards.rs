//! The cards of a build's stock, made once: a car's card shows on its own page, in its
//! neighbours' similar cars files, in search results and in the search index. Each is
//! made and turned into JSON text once per build, not once per page or file that shows it.

use std::collections::HashMap;

use domain::car::Car;
use domain::view::card::{card_view, CardJson, CardView, Cards};
use domain::view::site::ViewContext;
use rayon::prelude::*;

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
                let json = CardJson::of(&view);
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
            || CardJson::of(&card_view(car, ctx)),
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

    fn read(json: &CardJson) -> CardView {
        json.view().expect("parses")
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
            assert_eq!(read(&cache.json(car, &ctx)), card_view(car, &ctx));
        }
        // A car from elsewhere (a copy with the stock's id, not the stock's own) gets its
        // own card.
        let mut stranger = stock[0].clone();
        stranger.price = Some(1_000.0);
        assert_eq!(cache.card(&stranger, &ctx).price_text, "$1,000");
        assert_eq!(read(&cache.json(&stranger, &ctx)).price_text, "$1,000");
    }
}
