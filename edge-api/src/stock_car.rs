//! A car of the dealer's published stock as the API's leads and emails name it: the
//! request names a car only by its id, and the dealer's email, its subject, the ADF and
//! the shopper's confirmation say which car it is ("2021 Toyota HiLux", price in whole
//! dollars). One place, so the reservation, the buy-online order and the outbox's
//! emails cannot name the same car two ways.

use domain::rules::market::MarketCar;
use serde_json::Number;

use crate::lead::{LeadFields, Scalar};
use crate::AppState;

/// The car `car_id` as the dealer's published stock has it.
#[derive(Debug, Clone, PartialEq)]
pub struct StockFacts {
    /// The car's slug (its page is `/cars/{slug}`).
    pub slug: String,
    /// "2021 Toyota HiLux".
    pub name: String,
    /// Model year.
    pub year: u16,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Badge (variant), when the feed names one.
    pub badge: Option<String>,
    /// New, demo or used, as the feed writes it.
    pub status: &'static str,
    /// Asking price, AUD, as listed (the journey's arithmetic uses it as is).
    pub price: f64,
}

impl StockFacts {
    /// The facts of a market car.
    pub fn of(car: &MarketCar) -> StockFacts {
        StockFacts {
            slug: car.slug.clone(),
            name: format!("{} {} {}", car.year, car.make, car.model),
            year: car.year,
            make: car.make.clone(),
            model: car.model.clone(),
            badge: car.badge.clone(),
            status: car.car_type.as_str(),
            price: car.price,
        }
    }

    /// The car as the dealer's team knows it on the lot: "2021 Toyota HiLux SR5".
    pub fn full_name(&self) -> String {
        match &self.badge {
            Some(badge) => format!("{} {badge}", self.name),
            None => self.name.clone(),
        }
    }

    /// The price in whole dollars: a lead's `price` reads "$46990", never "$46990.0".
    pub fn whole_dollars(&self) -> u64 {
        // Listed prices are positive and far below u64::MAX; `as` saturates anyway.
        self.price.max(0.0).round() as u64
    }

    /// Names the car in a lead: id, year, make, model, condition and price.
    pub fn fill(&self, car_id: u64, fields: &mut LeadFields) {
        fields.car_id = Some(Scalar::Number(Number::from(car_id)));
        fields.vehicle_year = Some(Scalar::Number(Number::from(self.year)));
        fields.vehicle_make = Some(self.make.clone());
        fields.vehicle_model = Some(self.model.clone());
        fields.vehicle_status = Some(self.status.to_owned());
        fields.price = Some(Scalar::Number(Number::from(self.whole_dollars())));
    }
}

/// The dealer's published car `car_id`, if the market file lists it.
pub fn stock_facts(state: &AppState, dealer: &str, car_id: u64) -> Option<StockFacts> {
    let market = state.market.current();
    let listing = market.listing_by_id(dealer, car_id)?;
    market.car(dealer, &listing.slug).map(StockFacts::of)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hilux(price: f64) -> MarketCar {
        MarketCar {
            dealer: "alpha".into(),
            slug: "hilux-1042".into(),
            make: "Toyota".into(),
            model: "HiLux".into(),
            year: 2021,
            km: 40_000,
            price,
            car_type: domain::car::CarType::Used,
            badge: None,
        }
    }

    #[test]
    fn a_lead_names_the_car_and_its_price_in_whole_dollars() {
        for (price, want) in [
            (46_990.0, "46990"),
            (46_990.4, "46990"),
            (46_990.5, "46991"),
        ] {
            let facts = StockFacts::of(&hilux(price));
            assert_eq!(facts.name, "2021 Toyota HiLux");
            let mut fields = LeadFields::default();
            facts.fill(1042, &mut fields);
            let json = serde_json::to_value(&fields.price).expect("price");
            assert_eq!(json.to_string(), want, "{price}");
            assert_eq!(fields.vehicle_status.as_deref(), Some("used"));
            assert_eq!(
                serde_json::to_value(&fields.car_id)
                    .expect("id")
                    .to_string(),
                "1042"
            );
        }
    }
}
