//! Fuel cost calculator (seed 001 s5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;

/// Seed 001 s5: default fuel price, dollars a litre.
pub const DEFAULT_FUEL_PRICE: f64 = 1.70;
/// Seed 001 s5: default distance, km a week.
pub const DEFAULT_KM_PER_WEEK: f64 = 250.0;
/// Seed 001 s5: economy when the variant has none, L/100km.
pub const DEFAULT_CONSUMPTION: f64 = 10.0;

/// Starting values of the fuel calculator for one car.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct FuelCalculator {
    /// Fuel price, dollars a litre.
    pub fuel_price: f64,
    /// Distance, km a week.
    pub km_per_week: f64,
    /// Consumption, L/100km.
    pub consumption: f64,
    /// Weekly cost, to the cent.
    pub weekly_cost: f64,
}

/// Seed 001 s5: weekly cost = distance / 100 × consumption × price, to the cent.
pub fn weekly_fuel_cost(km_per_week: f64, consumption: f64, fuel_price: f64) -> f64 {
    (km_per_week / 100.0 * consumption * fuel_price * 100.0).round() / 100.0
}

/// Reads a variant's `fuelconsumptioncombined` (a number, or text such as "7.4" or
/// "7.4 L/100km"); zero, negative or unreadable values count as none.
pub fn parse_consumption(value: &serde_json::Value) -> Option<f64> {
    let number = match value {
        serde_json::Value::Number(n) => n.as_f64(),
        serde_json::Value::String(s) => {
            let numeric: String = s
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            numeric.parse::<f64>().ok()
        }
        _ => None,
    };
    number.filter(|n| n.is_finite() && *n > 0.0)
}

/// Whether the car runs on electricity only (its `simple_fuel` or `fuel` is "Electric").
pub fn is_electric(car: &Car) -> bool {
    car.simple_fuel
        .as_deref()
        .or(car.fuel.as_deref())
        .is_some_and(|f| f.trim().eq_ignore_ascii_case("electric"))
}

/// Seed 001 s5: the calculator for a car, hidden (None) for electric cars; defaults
/// 1.70 a litre and 250 km a week, and 10 L/100km when the variant has no economy.
pub fn fuel_calculator(car: &Car, fuel_price: f64, km_per_week: f64) -> Option<FuelCalculator> {
    if is_electric(car) {
        return None;
    }
    let consumption = car
        .variant
        .fuelconsumptioncombined
        .as_ref()
        .and_then(parse_consumption)
        .unwrap_or(DEFAULT_CONSUMPTION);
    Some(FuelCalculator {
        fuel_price,
        km_per_week,
        consumption,
        weekly_cost: weekly_fuel_cost(km_per_week, consumption, fuel_price),
    })
}
