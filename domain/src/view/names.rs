//! Display names of cars, car types and location departments, shared by the page views
//! and the JSON-LD.

use crate::car::{without_repeats, Car, CarType};
use crate::entities::LocationType;
use crate::messages;

/// The car's display name: the feed's `name`, else "{year} {make} {model} {badge}",
/// without saying a name twice: a model named after its make ("Omoda 5", not "Omoda
/// Omoda 5") and a badge that repeats the model ("Tenere 700") appear once, and a badge
/// that carries the model ("V-Strom 650XT" of the V-Strom 650, "Ninja 400 KRT") stands
/// in its place ("Suzuki V-Strom 650XT", not "Suzuki V-Strom 650 V-Strom 650XT").
pub fn display_name(car: &Car) -> String {
    let badge = car
        .badge
        .as_deref()
        .map(str::trim)
        .filter(|b| !b.is_empty());
    let name = car.name.trim();
    if !name.is_empty() {
        let name = without_repeats(name, ' ');
        return match badge {
            Some(badge) => without_model_before(&name, car.model.trim(), badge),
            None => name,
        };
    }
    let make_model = super::words::make_and_model(&car.make, &car.model);
    let mut parts = vec![car.year.to_string(), make_model.clone()];
    if let Some(badge) = badge {
        if !make_model.to_lowercase().ends_with(&badge.to_lowercase()) {
            parts.push(badge.to_string());
        }
    }
    let name = without_repeats(&parts.join(" "), ' ');
    match badge {
        Some(badge) => without_model_before(&name, car.model.trim(), badge),
        None => name,
    }
}

/// `name` with "{model} {badge}" said as "{badge}" where the badge begins with the
/// model but says more ("V-Strom 650 V-Strom 650XT" gives "V-Strom 650XT"); compared
/// ignoring case, the name's own spelling of the badge kept. Any other name as it is.
fn without_model_before(name: &str, model: &str, badge: &str) -> String {
    let (lower_model, lower_badge) = (model.to_lowercase(), badge.to_lowercase());
    if model.is_empty() || lower_badge == lower_model || !lower_badge.starts_with(&lower_model) {
        return name.to_owned();
    }
    let repeated = format!("{lower_model} {lower_badge}");
    let lower = name.to_lowercase();
    // Lower-casing keeps byte offsets only for names whose case mapping keeps lengths.
    if lower.len() != name.len() {
        return name.to_owned();
    }
    let at_word = |i: usize| i == 0 || lower.as_bytes()[i - 1] == b' ';
    let ends_word =
        |i: usize| i == lower.len() || lower.as_bytes().get(i).is_some_and(|b| *b == b' ');
    match lower
        .match_indices(&repeated)
        .find(|(i, _)| at_word(*i) && ends_word(*i + repeated.len()))
    {
        Some((i, _)) => {
            let badge_at = i + model.len() + 1;
            format!("{}{}", &name[..i], &name[badge_at..])
        }
        None => name.to_owned(),
    }
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

#[cfg(test)]
mod tests {
    use super::display_name;
    use crate::car::Car;

    fn car(name: &str, make: &str, model: &str, badge: Option<&str>) -> Car {
        serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "c", "name": name, "year": 2025, "make": make, "model": model,
            "badge": badge, "car_type": "new", "status": "in_stock",
            "created_at": "2026-11-01T00:00:00Z", "dealership_slug": "acme"
        }))
        .expect("car")
    }

    #[test]
    fn a_badge_that_carries_the_model_stands_in_its_place() {
        for name in ["", "2025 Suzuki V-Strom 650 V-Strom 650XT"] {
            assert_eq!(
                display_name(&car(name, "Suzuki", "V-Strom 650", Some("V-Strom 650XT"))),
                "2025 Suzuki V-Strom 650XT",
                "{name:?}"
            );
        }
        for name in ["", "2025 Kawasaki Ninja 400 Ninja 400 KRT"] {
            assert_eq!(
                display_name(&car(name, "Kawasaki", "Ninja 400", Some("Ninja 400 KRT"))),
                "2025 Kawasaki Ninja 400 KRT",
                "{name:?}"
            );
        }
        // A badge that only shares letters with the model, or names another model, stays.
        assert_eq!(
            display_name(&car("", "Honda", "CB500X", Some("NX500"))),
            "2025 Honda CB500X NX500"
        );
        assert_eq!(
            display_name(&car("", "Jayco", "Journey", Some("19.61-3 Outback"))),
            "2025 Jayco Journey 19.61-3 Outback"
        );
        assert_eq!(
            display_name(&car(
                "2025 Mazda CX-5 CX-50 Touring",
                "Mazda",
                "CX-5",
                Some("Touring")
            )),
            "2025 Mazda CX-5 CX-50 Touring"
        );
    }
}
