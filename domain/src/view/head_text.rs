//! The titles and meta descriptions search results show: each car's title tells it apart
//! from the dealer's other cars, and every description is 65 to 160 characters (shorter
//! says too little to be shown, longer is cut off in the results).

use std::collections::HashMap;

use crate::car::{Car, CarType};
use crate::rules::format::format_dollars;

use super::location_cards::visible_locations;
use super::names::{car_type_label, display_name};
use super::site::ViewContext;

/// The shortest meta description worth showing, in characters.
pub const DESCRIPTION_MIN: usize = 65;
/// The longest meta description search results show whole, in characters.
pub const DESCRIPTION_MAX: usize = 160;

fn non_empty(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// "12,345".
fn thousands(n: u32) -> String {
    format_dollars(f64::from(n))
        .trim_start_matches('$')
        .to_string()
}

/// The odometer as a title or description says it; none for a new car's delivery km.
fn odometer(car: &Car) -> Option<String> {
    car.km
        .filter(|km| *km > 0 && car.car_type != CarType::New)
        .map(|km| format!("{} km", thousands(km)))
}

/// The yard a car is at: its location's name.
fn yard(car: &Car) -> Option<&str> {
    car.location
        .as_ref()
        .and_then(|l| non_empty(Some(l.name.as_str())))
        .or(non_empty(car.location_name.as_deref()))
}

fn stock_number(car: &Car) -> String {
    match non_empty(car.stocknum.as_deref()) {
        Some(n) => format!("Stock {n}"),
        None => format!("Stock {}", car.id),
    }
}

/// The title of each car's page (by car id), without the dealer's name: the car's name,
/// then only as much as tells it from the dealer's alike cars: its colour, its odometer,
/// its yard and, last, its stock number.
pub fn car_titles(cars: &[Car]) -> HashMap<u64, String> {
    let levels = |car: &Car| -> Vec<String> {
        let mut title = display_name(car);
        let mut levels = vec![title.clone()];
        for part in [
            non_empty(car.colour.as_deref()).map(|c| format!(", {c}")),
            odometer(car).map(|km| format!(", {km}")),
            yard(car).map(|y| format!(" at {y}")),
            Some(format!(", {}", stock_number(car))),
        ]
        .into_iter()
        .flatten()
        {
            title.push_str(&part);
            levels.push(title.clone());
        }
        levels
    };
    let all: Vec<(u64, Vec<String>)> = cars.iter().map(|c| (c.id, levels(c))).collect();
    let mut counts: HashMap<String, usize> = HashMap::new();
    for (_, levels) in &all {
        // A title that is the same at two levels (nothing added) counts once per car.
        let mut seen: Vec<String> = levels.iter().map(|t| t.to_lowercase()).collect();
        seen.dedup();
        for title in seen {
            *counts.entry(title).or_default() += 1;
        }
    }
    all.into_iter()
        .map(|(id, levels)| {
            let title = levels
                .iter()
                .find(|t| counts.get(&t.to_lowercase()) == Some(&1))
                .cloned()
                // Two cars alike down to their stock number: the feed's id tells them apart.
                .unwrap_or_else(|| format!("{} #{id}", levels.last().cloned().unwrap_or_default()));
            (id, title)
        })
        .collect()
}

/// The sentences of a description, in order, as many as fit in [`DESCRIPTION_MAX`];
/// the first is always kept (cut at a word if it alone is too long).
fn fitted(sentences: &[String]) -> String {
    let mut out = String::new();
    for sentence in sentences {
        let sentence = sentence.trim();
        if sentence.is_empty() {
            continue;
        }
        let joined = if out.is_empty() {
            sentence.to_string()
        } else {
            format!("{out} {sentence}")
        };
        if joined.chars().count() <= DESCRIPTION_MAX {
            out = joined;
        } else if out.is_empty() {
            out = cut(sentence);
        }
    }
    out
}

/// `text` cut at the last word that fits, with an ellipsis.
fn cut(text: &str) -> String {
    let head: String = text.chars().take(DESCRIPTION_MAX - 1).collect();
    let head = match head.rsplit_once(' ') {
        Some((words, _)) if !words.is_empty() => words.to_string(),
        _ => head,
    };
    format!("{}…", head.trim_end_matches([',', ';', ':', ' ']))
}

/// The dealer's own sentences that complete a short description: where it is and how to
/// call it, all from its configuration.
fn dealer_sentences(ctx: &ViewContext<'_>) -> Vec<String> {
    let name = &ctx.dealer.config.name;
    let mut sentences = Vec::new();
    if let Some(location) = visible_locations(ctx).first() {
        let a = &location.address;
        let place = [a.street.trim(), a.city.trim(), a.state.trim()]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        if !place.is_empty() {
            sentences.push(format!("Visit {name} at {place}."));
        }
        if let Some(phone) = non_empty(location.contact_detail.phone.as_deref()) {
            sentences.push(format!("Call {phone}."));
        }
    }
    if let Some(domain) = ctx.dealer.config.domains.first() {
        sentences.push(format!("{name} online at {}.", domain.trim()));
    }
    sentences.push(format!(
        "See what {name} has in stock and enquire online, any time of day."
    ));
    sentences
}

/// A page's description made to fit search results: a short one is completed with the
/// dealer's address and phone, a long one ends at the last sentence (or word) that fits.
pub fn fit_description(description: &str, ctx: &ViewContext<'_>) -> String {
    let description = description.trim();
    if description.chars().count() > DESCRIPTION_MAX {
        return fitted(&[description.to_string()]);
    }
    let mut sentences = vec![description.to_string()];
    for sentence in dealer_sentences(ctx) {
        if fitted(&sentences).chars().count() >= DESCRIPTION_MIN {
            break;
        }
        sentences.push(sentence);
    }
    fitted(&sentences)
}

/// A car page's description: what it is and costs, then what tells it apart (odometer,
/// colour, transmission, fuel), where it is, and its stock number last.
pub fn car_description(car: &Car, ctx: &ViewContext<'_>) -> String {
    let name = display_name(car);
    let kind = car_type_label(car.car_type);
    let opening = match car.visible_price() {
        Some(price) => format!("{kind} {name} for {}", format_dollars(price)),
        None => format!("{kind} {name}, enquire for price"),
    };
    let mut details: Vec<String> = [
        odometer(car),
        non_empty(car.colour.as_deref()).map(str::to_string),
        non_empty(car.simple_transmission.as_deref()).map(str::to_lowercase),
        non_empty(car.simple_fuel.as_deref()).map(str::to_lowercase),
    ]
    .into_iter()
    .flatten()
    .collect();
    let dealer = &ctx.dealer.config.name;
    let place = match (
        yard(car),
        car.location
            .as_ref()
            .and_then(|l| non_empty(l.city.as_deref())),
    ) {
        (Some(yard), Some(city)) if !yard.contains(city) => format!("At {yard}, {city}."),
        (Some(yard), _) => format!("At {yard}."),
        (None, _) => format!("At {dealer}."),
    };
    let stock = format!("{}.", stock_number(car));
    // The details go first when the whole does not fit: the stock number tells the car
    // apart and stays.
    loop {
        let first = if details.is_empty() {
            format!("{opening}.")
        } else {
            format!("{opening}: {}.", details.join(", "))
        };
        let sentences = [first, place.clone(), stock.clone()];
        let whole = sentences.join(" ");
        if whole.chars().count() <= DESCRIPTION_MAX || details.is_empty() {
            return fit_description(&fitted(&sentences), ctx);
        }
        details.pop();
    }
}

/// A search landing page's description: what it lists, how many and from what price,
/// where ("Used Toyota RAV4 for sale at Acme Motors, Grafton: 12 in stock from
/// $21,990.").
pub fn search_description(heading: &str, matching: &[&Car], ctx: &ViewContext<'_>) -> String {
    let dealer = &ctx.dealer.config.name;
    let mut cities: Vec<&str> = Vec::new();
    for city in matching.iter().filter_map(|c| {
        c.location
            .as_ref()
            .and_then(|l| non_empty(l.city.as_deref()))
    }) {
        if !cities.iter().any(|c| c.eq_ignore_ascii_case(city)) {
            cities.push(city);
        }
    }
    let place = match cities.as_slice() {
        [] => String::new(),
        [one] => format!(", {one}"),
        [one, two] => format!(", {one} and {two}"),
        [one, ..] => format!(", {one} and {} more towns", cities.len() - 1),
    };
    let from = matching
        .iter()
        .filter_map(|c| c.visible_price())
        .filter(|p| *p > 0.0)
        .fold(None, |min: Option<f64>, p| {
            Some(min.map_or(p, |m| m.min(p)))
        })
        .map(|p| format!(" from {}", format_dollars(p)))
        .unwrap_or_default();
    // Headings mostly say "for Sale" already, and a location's says where it is.
    let what = if heading.to_lowercase().contains("for sale") {
        heading.to_string()
    } else {
        format!("{heading} for sale")
    };
    let at = if what.contains(" at ") {
        String::new()
    } else {
        format!(" at {dealer}")
    };
    let first = if matching.is_empty() {
        format!("{what}{at}: none in stock right now, new arrivals are listed here first.")
    } else {
        format!("{what}{at}{place}: {} in stock{from}.", matching.len())
    };
    fit_description(
        &fitted(&[
            first,
            "Compare photos, prices and features, then enquire online.".to_string(),
        ]),
        ctx,
    )
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::view::test_dealer;

    fn car(id: u64, extra: serde_json::Value) -> Car {
        let mut value = serde_json::json!({
            "id": id, "slug": format!("c{id}"), "year": 2022, "make": "Toyota",
            "model": "Corolla", "badge": "Ascent", "car_type": "used", "status": "in_stock",
            "created_at": "2026-11-01T00:00:00Z", "dealership_slug": "acme", "price": 24990.0,
            "km": 35000, "colour": "White",
            "location": {"name": "Acme Grafton", "slug": "acme-grafton", "city": "Grafton"}
        });
        if let (Some(v), Some(e)) = (value.as_object_mut(), extra.as_object()) {
            v.extend(e.clone());
        }
        serde_json::from_value(value).expect("car")
    }

    #[test]
    fn alike_cars_get_titles_that_tell_them_apart_and_others_stay_short() {
        let cars = vec![
            car(1, serde_json::json!({"model": "Camry"})),
            car(2, serde_json::json!({})),
            car(3, serde_json::json!({"colour": "Red"})),
            car(4, serde_json::json!({"km": 12000})),
            car(5, serde_json::json!({"stocknum": "A5"})),
            car(6, serde_json::json!({"stocknum": "A6"})),
        ];
        let titles = car_titles(&cars);
        assert_eq!(titles[&1], "2022 Toyota Camry Ascent");
        assert_eq!(titles[&3], "2022 Toyota Corolla Ascent, Red");
        assert_eq!(titles[&4], "2022 Toyota Corolla Ascent, White, 12,000 km");
        assert_eq!(
            titles[&2],
            "2022 Toyota Corolla Ascent, White, 35,000 km at Acme Grafton, Stock 2"
        );
        assert_eq!(
            titles[&5],
            "2022 Toyota Corolla Ascent, White, 35,000 km at Acme Grafton, Stock A5"
        );
        let distinct: std::collections::HashSet<&String> = titles.values().collect();
        assert_eq!(distinct.len(), cars.len());
    }

    #[test]
    fn descriptions_say_what_tells_the_car_apart_within_65_to_160_characters() {
        let dealer = test_dealer("");
        let now = chrono::Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let ctx = ViewContext::new(&dealer, now);
        let plain = car_description(
            &car(7, serde_json::json!({"simple_transmission": "Automatic"})),
            &ctx,
        );
        assert_eq!(
            plain,
            "Used 2022 Toyota Corolla Ascent for $24,990: 35,000 km, White, automatic. \
             At Acme Grafton. Stock 7."
        );
        let long = car_description(
            &car(
                8,
                serde_json::json!({"badge": "Ascent Sport Hybrid Premium Edition Long Name",
                 "simple_transmission": "Automatic", "simple_fuel": "Hybrid",
                 "colour": "Eclipse Black Metallic"}),
            ),
            &ctx,
        );
        assert!(long.chars().count() <= DESCRIPTION_MAX, "{long}");
        assert!(long.ends_with("Stock 8."), "{long}");
        let short = fit_description("About Acme Motors.", &ctx);
        assert!(short.chars().count() >= DESCRIPTION_MIN, "{short}");
        assert!(short.starts_with("About Acme Motors. "), "{short}");
        let search = search_description(
            "Used Toyota Corolla",
            &[
                &car(9, serde_json::json!({})),
                &car(10, serde_json::json!({"price": 19990.0})),
            ],
            &ctx,
        );
        assert_eq!(
            search,
            "Used Toyota Corolla for sale at Acme Motors, Grafton: 2 in stock from $19,990. \
             Compare photos, prices and features, then enquire online."
        );
        let none = search_description("Toyota Yaris for Sale", &[], &ctx);
        assert_eq!(
            none,
            "Toyota Yaris for Sale at Acme Motors: none in stock right now, new arrivals are \
             listed here first. Compare photos, prices and features, then enquire online."
        );
    }
}
