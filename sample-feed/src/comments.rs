//! Dealer comments for a sample car, written from the car's own facts the way a salesperson
//! writes them: what it is and its condition (kilometres, owners and logbook services for a
//! used car), what it has (its extras and a standard highlight), and where to see it,
//! with the action the vehicle calls for (a test drive, a test ride, a walk-through).
//!
//! Paragraphs are separated by `|`, as in the feed. Every choice comes from the car's own
//! random stream, so a seed gives the same words on every run.

use domain::car::{Car, CarStatus, CarType};
use domain::config::VehicleCategory;

use super::catalogue::{Fuel, Model, Train, Trans};
use super::rng::Rng;

/// The facts of a car that its comments are written from.
pub(crate) struct Facts<'a> {
    pub car: &'a Car,
    pub model: &'a Model,
    pub train: &'a Train,
    /// The dealer's name.
    pub dealer: &'a str,
    /// The year the feed is written in.
    pub this_year: u16,
}

/// Kilometres as a dealer writes them: "48,200 km".
fn kms(km: u32) -> String {
    let digits = km.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{out} km")
}

/// "a", or "an" before a vowel sound.
fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        Some('8') => "an",
        _ => "a",
    }
}

fn as_strs(items: &[String]) -> Vec<&str> {
    items.iter().map(String::as_str).collect()
}

fn list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The powertrain in words: "2.5-litre hybrid with a CVT", "electric motor".
fn powertrain(train: &Train) -> Option<String> {
    let engine = match train.fuel {
        Fuel::Unfuelled => return None,
        Fuel::Electric => "electric motor".to_string(),
        fuel => {
            let kind = match fuel {
                Fuel::Diesel => "turbo-diesel",
                Fuel::Hybrid => "hybrid",
                Fuel::PlugIn => "plug-in hybrid",
                _ if train.turbo => "turbo petrol",
                _ => "petrol",
            };
            format!("{:.1}-litre {kind}", train.litres)
        }
    };
    let gearbox = match train.trans {
        Trans::Auto(0) => " with a CVT".to_string(),
        Trans::Auto(n) if n > 1 => format!(" with {} {n}-speed automatic", article(&n.to_string())),
        Trans::Manual(n) if n > 0 => format!(" with {} {n}-speed manual", article(&n.to_string())),
        _ => String::new(),
    };
    Some(format!("{engine}{gearbox}"))
}

/// The verb for seeing the vehicle before buying it.
fn try_it(category: VehicleCategory) -> &'static str {
    match category {
        VehicleCategory::Motorcycles => "book a test ride",
        VehicleCategory::Caravans => "book a time to walk through it",
        _ => "book a test drive",
    }
}

/// The comments of one car.
pub(crate) fn comments(rng: &mut Rng, facts: &Facts<'_>) -> String {
    let Facts {
        car,
        model,
        train,
        dealer,
        this_year,
    } = *facts;
    let category = model.category;
    let colour = car.colour.as_deref().unwrap_or("factory").to_string();
    // A badge that carries the model ("Ninja 400 KRT") is not put after the model again.
    let badge = car.badge.as_deref().unwrap_or_default();
    let title = if badge.to_lowercase().starts_with(&car.model.to_lowercase()) {
        format!("{} {badge}", car.make)
    } else {
        format!("{} {} {badge}", car.make, car.model)
    }
    .trim_end()
    .to_string();
    let mut paragraphs = Vec::new();

    // What it is and its condition.
    let mut opening = match (category, car.car_type) {
        (VehicleCategory::Caravans, car_type) => {
            let berths = car.variant.berths.as_ref().and_then(|b| b.as_u64());
            let length = car.variant.vehiclelength.as_ref().and_then(|l| l.as_f64());
            let atm = car.variant.atm.as_ref().and_then(|a| a.as_u64());
            let mut s = match car_type {
                CarType::New => format!("A new {} {title}", car.year),
                CarType::Demo => format!("Our {} display {title}", car.year),
                CarType::Used => format!("A {} {title}", car.year),
            };
            if let Some(b) = berths {
                s.push_str(&format!(", a {b}-berth van"));
            }
            if let Some(l) = length {
                s.push_str(&format!(" {:.1} m long", l / 1000.0));
            }
            if let Some(kg) = atm {
                s.push_str(&format!(
                    " with an ATM of {kg} kg, so check your tow vehicle's braked capacity"
                ));
            }
            s.push('.');
            s
        }
        (_, CarType::New) => {
            let engine = powertrain(train)
                .map(|p| format!(", {} {p}", article(&p)))
                .unwrap_or_default();
            format!("Brand new {} {title} in {colour}{engine}.", car.year)
        }
        (_, CarType::Demo) => format!(
            "Ex-demonstrator {} {title} in {colour} with {}, driven by our own team and still under the balance of the factory warranty.",
            car.year,
            kms(car.km.unwrap_or(0))
        ),
        (_, CarType::Used) => {
            let km = car.km.unwrap_or(0);
            let age = u32::from(this_year.saturating_sub(car.year).max(1));
            let one_owner = car.tag.as_deref() == Some("One Owner") || rng.chance(0.35);
            let owners = if one_owner {
                "One owner from new".to_string()
            } else {
                format!("{} owners", 2 + rng.below(u64::from(age.min(6) / 3 + 1)))
            };
            // One service a year or every 15,000 km, whichever comes first, as most logbooks ask.
            let due = age.max(km / 15_000).max(1);
            let full = car.tag.as_deref() == Some("Full Service History") || rng.chance(0.6);
            let services = |n: u32| {
                if n == 1 {
                    "1 service".to_string()
                } else {
                    format!("{n} services")
                }
            };
            let history = if full {
                format!("a full logbook history of {}", services(due))
            } else {
                format!("{} on record in the logbook", services((due * 2 / 3).max(1)))
            };
            let last = km.saturating_sub(rng.range(5, 60) as u32 * 100);
            let last = if last >= 1000 {
                format!(", the last at {}", kms(last / 100 * 100))
            } else {
                String::new()
            };
            format!(
                "{} {title} in {colour} with {}. {owners}, {history}{last}.",
                car.year,
                kms(km)
            )
        }
    };
    if car.certified {
        opening.push_str(&format!(
            " It qualifies for {dealer}'s certified pre-owned program."
        ));
    }
    paragraphs.push(opening);

    // What it has.
    let extras: Vec<String> = car.features.iter().map(|f| in_sentence(f)).collect();
    let highlights: Vec<String> = rng
        .sample(&car.standard_equipment, 2)
        .iter()
        .map(|f| in_sentence(f))
        .collect();
    let mut has = String::new();
    if !extras.is_empty() {
        has.push_str(&format!("Fitted with {}.", list(&as_strs(&extras))));
    }
    if !highlights.is_empty() {
        if !has.is_empty() {
            has.push(' ');
        }
        has.push_str(&format!(
            "{} as standard.",
            capitalise(&list(&as_strs(&highlights)))
        ));
    }
    if category == VehicleCategory::Cars && model.ancap > 0 && rng.chance(0.5) {
        has.push_str(&format!(" {}-star ANCAP safety rating.", model.ancap));
    }
    if model.tow > 0 && category != VehicleCategory::Caravans && rng.chance(0.4) {
        has.push_str(&format!(" Rated to tow {} kg braked.", model.tow));
    }
    if !has.is_empty() {
        paragraphs.push(has.trim().to_string());
    }

    // Where to see it, and what to do next.
    let place = car
        .location_name
        .as_deref()
        .map(|name| match car.city.as_deref() {
            Some(city) if !name.contains(city) => format!("{name} in {city}"),
            _ => name.to_string(),
        });
    let next = try_it(category);
    let visit = match (place, car.status) {
        (Some(place), CarStatus::ComingSoon) => format!(
            "Arriving soon at {place}: send us an enquiry to be the first to {}.",
            next.trim_start_matches("book a ")
        ),
        (Some(place), _) => format!("On display at {place}: {next} online or call the team."),
        (None, _) => format!("Ask {dealer} to {next}."),
    };
    // As dealers do, so a caller names the exact vehicle.
    let visit = match car.stocknum.as_deref() {
        Some(stock) => format!("{visit} Stock number {stock}."),
        None => visit,
    };
    paragraphs.push(visit);
    paragraphs.join("|")
}

/// A feature name inside a sentence: "Heated front seats" reads "heated front seats", but
/// "LED headlights" and "Apple CarPlay" keep their capitals.
fn in_sentence(item: &str) -> String {
    let first = item.split_whitespace().next().unwrap_or_default();
    let proper = first.chars().skip(1).any(char::is_uppercase) || first == "Apple";
    if proper {
        return item.to_string();
    }
    let mut chars = item.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kilometres_and_articles_read_as_written() {
        assert_eq!(kms(48_213), "48,213 km");
        assert_eq!(kms(950), "950 km");
        assert_eq!(kms(1_200_000), "1,200,000 km");
        assert_eq!(article("electric motor"), "an");
        assert_eq!(article("2.5-litre hybrid"), "a");
        assert_eq!(list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(capitalise("abs"), "Abs");
        assert_eq!(in_sentence("Heated front seats"), "heated front seats");
        assert_eq!(in_sentence("LED headlights"), "LED headlights");
        assert_eq!(
            in_sentence("Apple CarPlay and Android Auto"),
            "Apple CarPlay and Android Auto"
        );
    }
}
