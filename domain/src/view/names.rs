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
        return without_repeats(name, ' ');
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
    without_repeats(&parts.join(" "), ' ')
}

/// `text` split at `separator` with any run of words said twice in a row said once,
/// case-insensitively: "Toyota Toyota RAV4" gives "Toyota RAV4", "Omoda Omoda 5 FX FX"
/// gives "Omoda 5 FX", and with `-` the slug "2022-ktm-390-duke-390-duke-7" gives
/// "2022-ktm-390-duke-7". Feeds build names by joining make, model and badge, which
/// often already contain each other.
pub fn without_repeats(text: &str, separator: char) -> String {
    let mut words: Vec<&str> = text.split(separator).filter(|w| !w.is_empty()).collect();
    let same = |a: &[&str], b: &[&str]| a.iter().zip(b).all(|(x, y)| x.eq_ignore_ascii_case(y));
    let mut i = 0;
    while i < words.len() {
        // The longest run starting here that the next words repeat, removed once; then
        // this position is looked at again (a run may repeat three times).
        let longest = (1..=(words.len() - i) / 2)
            .rev()
            .find(|&n| same(&words[i..i + n], &words[i + n..i + 2 * n]));
        match longest {
            Some(n) => {
                words.drain(i + n..i + 2 * n);
            }
            None => i += 1,
        }
    }
    words.join(&separator.to_string())
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
    use super::without_repeats;

    #[test]
    fn words_said_twice_in_a_row_are_said_once() {
        assert_eq!(without_repeats("Toyota Toyota RAV4", ' '), "Toyota RAV4");
        assert_eq!(without_repeats("Omoda Omoda 5 FX FX", ' '), "Omoda 5 FX");
        assert_eq!(
            without_repeats("2022 KTM 390 Duke 390 Duke", ' '),
            "2022 KTM 390 Duke"
        );
        assert_eq!(
            without_repeats("Ford Ranger ranger XLT", ' '),
            "Ford Ranger XLT"
        );
        assert_eq!(
            without_repeats("2022-ktm-390-duke-390-duke-7", '-'),
            "2022-ktm-390-duke-7"
        );
        assert_eq!(without_repeats("ranger-ranger", '-'), "ranger");
        // Nothing repeated: unchanged, including a model that contains its make.
        assert_eq!(
            without_repeats("2024 Mazda Mazda3 G20", ' '),
            "2024 Mazda Mazda3 G20"
        );
        assert_eq!(
            without_repeats("2022-toyota-corolla-101", '-'),
            "2022-toyota-corolla-101"
        );
    }
}
