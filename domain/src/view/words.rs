//! The dealer's vehicle words: what headings and counts call its stock. A motorcycle and
//! caravan dealer never says "cars"; a set of stock of one category is called by that
//! category ("Yamaha Motorcycles", "3 caravans found"), a mixed set by the dealer's
//! categories in headings ("Motorcycles and Caravans") and "vehicles" in counts.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::config::{Dealer, VehicleCategory};

/// The word of one vehicle and of several, lower case ("motorcycle", "motorcycles").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct VehicleWords {
    /// One ("1 caravan found").
    pub one: String,
    /// Several ("12 caravans found").
    pub many: String,
}

fn category_words(category: VehicleCategory) -> (&'static str, &'static str) {
    match category {
        VehicleCategory::Cars => ("car", "cars"),
        VehicleCategory::Motorcycles => ("motorcycle", "motorcycles"),
        VehicleCategory::Trucks => ("truck", "trucks"),
        VehicleCategory::Caravans => ("caravan", "caravans"),
    }
}

pub(super) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "A, B and C".
pub fn joined(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The category of a car: its make's brand category (brands.toml) where the dealer sells
/// that category, else the dealer's only category; None when it cannot be told.
pub fn car_category(dealer: &Dealer, car: &Car) -> Option<VehicleCategory> {
    let categories = &dealer.config.vehicle_categories;
    if let [only] = categories.as_slice() {
        return Some(*only);
    }
    let make = car.make.trim();
    let brand = dealer
        .brands
        .iter()
        .find(|b| b.name.trim().eq_ignore_ascii_case(make))?;
    let category = brand.category.trim();
    categories
        .iter()
        .copied()
        .find(|c| c.as_str().eq_ignore_ascii_case(category))
}

/// The categories of `cars`, in the dealer's order; the dealer's categories when any car
/// cannot be told (or there are none).
pub fn categories_of<'a>(
    dealer: &Dealer,
    cars: impl IntoIterator<Item = &'a Car>,
) -> Vec<VehicleCategory> {
    let all = || {
        if dealer.config.vehicle_categories.is_empty() {
            vec![VehicleCategory::Cars]
        } else {
            dealer.config.vehicle_categories.clone()
        }
    };
    let mut seen: Vec<VehicleCategory> = Vec::new();
    for car in cars {
        match car_category(dealer, car) {
            Some(c) if !seen.contains(&c) => seen.push(c),
            Some(_) => {}
            None => return all(),
        }
    }
    if seen.is_empty() {
        return all();
    }
    all().into_iter().filter(|c| seen.contains(c)).collect()
}

/// The heading word of stock of `categories`: "Cars", "Motorcycles and Caravans".
pub fn heading_noun(categories: &[VehicleCategory]) -> String {
    if categories.is_empty() {
        return "Cars".to_string();
    }
    joined(
        &categories
            .iter()
            .map(|c| capitalised(category_words(*c).1))
            .collect::<Vec<_>>(),
    )
}

/// `label` followed by `noun`, without saying the vehicle twice: a label whose last word
/// is already the noun's ("Lotus Caravans", a "Caravan" body) ends with the plural noun
/// instead ("Lotus Caravans", "Caravans"), not "Caravan Caravans".
pub fn with_noun(label: &str, noun: &str) -> String {
    let label = label.trim();
    let (head, last) = label.rsplit_once(' ').unwrap_or(("", label));
    let noun_last = noun.rsplit(' ').next().unwrap_or(noun);
    let singular = noun_last.strip_suffix('s').unwrap_or(noun_last);
    if last.eq_ignore_ascii_case(noun_last) || last.eq_ignore_ascii_case(singular) {
        let head = head.trim();
        if head.is_empty() {
            noun.to_string()
        } else {
            format!("{head} {noun}")
        }
    } else {
        format!("{label} {noun}")
    }
}

/// The count words of stock of `categories`: its category's, or "vehicle(s)" for mixed stock.
pub fn count_words(categories: &[VehicleCategory]) -> VehicleWords {
    let (one, many) = match categories {
        [] => category_words(VehicleCategory::Cars),
        [only] => category_words(*only),
        _ => ("vehicle", "vehicles"),
    };
    VehicleWords {
        one: one.to_string(),
        many: many.to_string(),
    }
}

/// The words one vehicle's page and card use for it and its actions, by its category
/// (a motorcycle is ridden on a test, a caravan inspected; neither is a "car").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionWords {
    /// The vehicle, lower case: "car", "motorcycle", "caravan", "truck", or "vehicle"
    /// when the category cannot be told.
    pub noun: &'static str,
    /// The same, several: "cars", "motorcycles", "vehicles".
    pub many: &'static str,
    /// The test drive's button and dialog title ("Book a Test Ride").
    pub test_drive: &'static str,
    /// The test drive's sentence: "Pick a day and time to {verb} the ..." ("ride",
    /// "inspect").
    pub test_drive_verb: &'static str,
    /// The title of the features and equipment section ("Car Summary", "Summary").
    pub summary: &'static str,
    /// The booked visit, lower case: "test drive", "test ride", "inspection", or "visit"
    /// when the category cannot be told ("Your test ride is booked for ...").
    pub visit: &'static str,
}

/// The [`ActionWords`] of a vehicle of `category` (None: a vehicle whose category cannot
/// be told, at a dealer of several categories).
pub fn action_words(category: Option<VehicleCategory>) -> ActionWords {
    use crate::messages;
    let (noun, many) = category.map_or(("vehicle", "vehicles"), category_words);
    let (test_drive, test_drive_verb, summary) = match category {
        Some(VehicleCategory::Cars) => {
            (messages::BOOK_A_TEST_DRIVE, "drive", messages::CAR_SUMMARY)
        }
        Some(VehicleCategory::Trucks) => (messages::BOOK_A_TEST_DRIVE, "drive", messages::SUMMARY),
        Some(VehicleCategory::Motorcycles) => {
            (messages::BOOK_A_TEST_RIDE, "ride", messages::SUMMARY)
        }
        Some(VehicleCategory::Caravans) => {
            (messages::BOOK_AN_INSPECTION, "inspect", messages::SUMMARY)
        }
        None => (messages::BOOK_A_TEST_DRIVE, "see", messages::SUMMARY),
    };
    let visit = match category {
        Some(VehicleCategory::Cars | VehicleCategory::Trucks) => "test drive",
        Some(VehicleCategory::Motorcycles) => "test ride",
        Some(VehicleCategory::Caravans) => "inspection",
        None => "visit",
    };
    ActionWords {
        noun,
        many,
        test_drive,
        test_drive_verb,
        summary,
        visit,
    }
}

/// The [`ActionWords`] of the dealer's stock as a whole, for pages about no one vehicle
/// (the test drive and trade-in pages): its only category's words, a car dealer's when it
/// names none, and the neutral words ("vehicle", "visit") for a dealer of several.
pub fn dealer_action_words(dealer: &Dealer) -> ActionWords {
    match dealer.config.vehicle_categories.as_slice() {
        [] => action_words(Some(VehicleCategory::Cars)),
        [only] => action_words(Some(*only)),
        _ => action_words(None),
    }
}

/// The [`ActionWords`] of one of the dealer's cars (a dealer naming no category sells
/// cars).
pub fn car_action_words(dealer: &Dealer, car: &Car) -> ActionWords {
    if dealer.config.vehicle_categories.is_empty() {
        return action_words(Some(VehicleCategory::Cars));
    }
    action_words(car_category(dealer, car))
}

/// A model's name with its make in front, unless the model's name already starts with
/// it ("Omoda 5" of make Omoda stays "Omoda 5", not "Omoda Omoda 5").
pub fn make_and_model(make: &str, model: &str) -> String {
    let (make, model) = (make.trim(), model.trim());
    let starts = model.len() >= make.len()
        && model.is_char_boundary(make.len())
        && model[..make.len()].eq_ignore_ascii_case(make)
        && model[make.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
    if make.is_empty() || starts {
        model.to_string()
    } else if model.is_empty() {
        make.to_string()
    } else {
        format!("{make} {model}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::test_dealer;

    fn car(make: &str) -> Car {
        serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "c", "year": 2024, "make": make, "model": "X", "car_type": "new",
            "status": "in_stock", "created_at": "2026-11-01T00:00:00Z", "dealership_slug": "acme"
        }))
        .expect("car")
    }

    fn moto_caravans() -> Dealer {
        let mut dealer = test_dealer("");
        dealer.config.vehicle_categories =
            vec![VehicleCategory::Motorcycles, VehicleCategory::Caravans];
        dealer.brands = serde_json::from_value(serde_json::json!([
            {"id": 1, "name": "Yamaha", "slug": "yamaha", "category": "motorcycles"},
            {"id": 2, "name": "Jayco", "slug": "jayco", "category": "caravans"}
        ]))
        .expect("brands");
        dealer
    }

    #[test]
    fn a_motorcycle_is_ridden_a_caravan_inspected_and_neither_is_a_car() {
        let dealer = moto_caravans();
        let yamaha = car_action_words(&dealer, &car("Yamaha"));
        assert_eq!(
            (
                yamaha.noun,
                yamaha.test_drive,
                yamaha.test_drive_verb,
                yamaha.summary
            ),
            ("motorcycle", "Book a Test Ride", "ride", "Summary")
        );
        let jayco = car_action_words(&dealer, &car("Jayco"));
        assert_eq!(
            (
                jayco.noun,
                jayco.test_drive,
                jayco.test_drive_verb,
                jayco.summary
            ),
            ("caravan", "Book an Inspection", "inspect", "Summary")
        );
        let unknown = car_action_words(&dealer, &car("Unknown"));
        assert_eq!(
            (unknown.noun, unknown.many, unknown.summary),
            ("vehicle", "vehicles", "Summary")
        );
        assert_eq!((yamaha.visit, jayco.visit), ("test ride", "inspection"));
        let whole = dealer_action_words(&dealer);
        assert_eq!((whole.noun, whole.visit), ("vehicle", "visit"));
        let cars = car_action_words(&test_dealer(""), &car("Toyota"));
        assert_eq!(dealer_action_words(&test_dealer("")).visit, "test drive");
        assert_eq!(
            (cars.noun, cars.test_drive, cars.summary),
            ("car", "Book a Test Drive", "Car Summary")
        );
    }

    #[test]
    fn stock_is_called_by_its_categories_never_cars_for_a_dealer_without_cars() {
        let dealer = moto_caravans();
        let (yamaha, jayco, other) = (car("Yamaha"), car("Jayco"), car("Unknown"));
        assert_eq!(
            heading_noun(&categories_of(&dealer, [&yamaha])),
            "Motorcycles"
        );
        assert_eq!(
            heading_noun(&categories_of(&dealer, [&jayco, &jayco])),
            "Caravans"
        );
        assert_eq!(
            heading_noun(&categories_of(&dealer, [&yamaha, &jayco])),
            "Motorcycles and Caravans"
        );
        // A make without a brand category: the dealer's categories, still no "cars".
        assert_eq!(
            heading_noun(&categories_of(&dealer, [&other])),
            "Motorcycles and Caravans"
        );
        assert_eq!(
            count_words(&categories_of(&dealer, [&jayco])),
            VehicleWords {
                one: "caravan".into(),
                many: "caravans".into()
            }
        );
        assert_eq!(
            count_words(&categories_of(&dealer, [&yamaha, &jayco])).many,
            "vehicles"
        );
        // A car dealer's stock is cars.
        let cars = test_dealer("");
        assert_eq!(heading_noun(&categories_of(&cars, [&other])), "Cars");
        assert_eq!(count_words(&categories_of(&cars, [&other])).one, "car");
    }

    #[test]
    fn a_label_that_already_names_the_vehicle_does_not_name_it_twice() {
        assert_eq!(with_noun("Caravan", "Caravans"), "Caravans");
        assert_eq!(with_noun("Lotus Caravans", "Caravans"), "Lotus Caravans");
        assert_eq!(with_noun("Motorcycle", "Motorcycles"), "Motorcycles");
        assert_eq!(with_noun("Jayco", "Caravans"), "Jayco Caravans");
        assert_eq!(with_noun("SUV", "Cars"), "SUV Cars");
    }

    #[test]
    fn a_model_named_after_its_make_is_not_doubled() {
        assert_eq!(make_and_model("Omoda", "Omoda 5"), "Omoda 5");
        assert_eq!(make_and_model("Toyota", "RAV4"), "Toyota RAV4");
        assert_eq!(make_and_model("Mazda", "Mazda3"), "Mazda Mazda3");
        assert_eq!(
            make_and_model("KGM SsangYong", "Musso"),
            "KGM SsangYong Musso"
        );
        assert_eq!(make_and_model("Yamaha", ""), "Yamaha");
    }
}
