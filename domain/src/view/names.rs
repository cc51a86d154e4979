//! Display names of cars, car types and location departments, shared by the page views
//! and the JSON-LD.

use crate::car::{Car, CarType};
use crate::entities::LocationType;
use crate::messages;

/// The car's display name: the feed's `name`, else "{year} {make} {model} {badge}",
/// without saying a name twice: a model named after its make ("Omoda 5", not "Omoda
/// Omoda 5") and a badge that repeats the model ("Tenere 700") appear once.
pub fn display_name(car: &Car) -> String {
    let name = car.name.trim();
    if !name.is_empty() {
        return name.to_string();
    }
    let make_model = super::words::make_and_model(&car.make, &car.model);
    let mut parts = vec![car.year.to_string(), make_model.clone()];
    if let Some(badge) = car
        .badge
        .as_deref()
        .map(str::trim)
        .filter(|b| !b.is_empty())
    {
        if !make_model.to_lowercase().ends_with(&badge.to_lowercase()) {
            parts.push(badge.to_string());
        }
    }
    parts.join(" ")
}

/// "New", "Demo" or "Used" (seed 001 s9 used keyword 'Used').
pub fn car_type_label(car_type: CarType) -> &'static str {
    match car_type {
        CarType::New => "New",
        CarType::Demo => "Demo",
        CarType::Used => messages::USED,
    }
}

/// The department word of a location type.
pub fn department_label(location_type: LocationType) -> &'static str {
    match location_type {
        LocationType::Sales => "Sales",
        LocationType::Service => "Service",
        LocationType::Parts => "Parts",
        LocationType::ServiceAndParts => "Service & Parts",
    }
}
