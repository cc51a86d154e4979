//! Comparing cars side by side (seed 000 s4 "save or compare toggle"): the
//! rows a car brings to the compare page, and the `/compare` page itself. The shopper's
//! choice of cars lives in the browser (like the local favourites); each car's rows come
//! with its vehicle page, so the compare page shows what the car's own page says.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages;
use crate::rules::constants::COMPARE_MAX_CARS;

/// The `/compare` page (config `features.compare`): its heading, the row labels in order
/// and how many cars it takes; the cars are the shopper's, read in the browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ComparePageView {
    /// Heading.
    pub title: String,
    /// Row labels, in order ([`messages::COMPARE_ROWS`]).
    pub rows: Vec<String>,
    /// Cars compared at most ([`COMPARE_MAX_CARS`]).
    pub max_cars: u32,
    /// The default search page, where an empty comparison sends the shopper.
    pub search_path: String,
}

/// The compare page of a site whose default search page is `search_path`.
pub fn compare_page_view(search_path: &str) -> ComparePageView {
    ComparePageView {
        title: "Compare cars".to_string(),
        rows: messages::COMPARE_ROWS
            .iter()
            .map(|r| r.to_string())
            .collect(),
        max_cars: u32::try_from(COMPARE_MAX_CARS).unwrap_or(u32::MAX),
        search_path: search_path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::car::Car;
    use crate::view::card::card_view;
    use crate::view::site::ViewContext;
    use crate::view::vehicle::compare_rows;

    fn car() -> Car {
        serde_json::from_value(serde_json::json!({
            "id": 7, "slug": "2021-mazda-cx-5-7", "year": 2021, "make": "Mazda", "model": "CX-5",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": 31_990.0, "price_type": "Drive Away",
            "km": 48_210, "simple_fuel": "Petrol", "simple_transmission": "Automatic",
            "simple_body": "SUV", "simple_drive": "AWD", "engine_size_litres": 2.5,
            "seats": 5
        }))
        .expect("car")
    }

    #[test]
    fn a_car_compares_on_price_km_year_fuel_transmission_body_and_key_specs() {
        // Seed 000 s4 "save or compare toggle": "a compare page of up to 3 or
        // 4 cars side by side (price, km, year, fuel, transmission, body, key specs)".
        let dealer = crate::view::test_dealer("[features]\ncompare = true\n");
        let ctx = ViewContext::new(
            &dealer,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap(),
        );
        let car = car();
        let rows = compare_rows(&car, &card_view(&car, &ctx));
        let pairs: Vec<(&str, &str)> = rows
            .iter()
            .map(|r| (r.label.as_str(), r.value.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("Price", "$31,990 Drive Away"),
                ("Kilometres", "48,210 km"),
                ("Year", "2021"),
                ("Fuel", "Petrol"),
                ("Transmission", "Automatic"),
                ("Body", "SUV"),
                ("Condition", "Used"),
                ("Drive", "AWD"),
                ("Engine size", "2.5L"),
                ("Seats", "5"),
            ]
        );
        // Without a price the row says what the card says.
        let unpriced = Car {
            price: None,
            ..car.clone()
        };
        let rows = compare_rows(&unpriced, &card_view(&unpriced, &ctx));
        assert_eq!(rows[0].value, crate::messages::ENQUIRE_FOR_PRICE);
        // The page's rows are every label a car may bring, in the same order.
        let page = compare_page_view("/search/used-cars");
        assert_eq!(page.rows, messages::COMPARE_ROWS);
        assert_eq!(page.max_cars, 4);
        assert!(pairs
            .iter()
            .all(|(label, _)| page.rows.iter().any(|r| r == label)));
    }
}
