//! `locations.toml`: each location's fields, hours and special hours, unique slugs and
//! ids, and one primary location at most.

use super::*;

fn location(c: &mut Checker, key: &str, location: &Location, slugs: &BTreeSet<&str>) {
    c.not_empty(&format!("{key}.name"), &location.name);
    c.slug(&format!("{key}.slug"), &location.slug);
    let address = &location.address;
    c.not_empty(&format!("{key}.address.street"), &address.street);
    c.not_empty(&format!("{key}.address.city"), &address.city);
    if !AU_STATES.contains(&address.state.to_ascii_lowercase().as_str()) {
        c.error(
            format!("{key}.address.state"),
            format!(
                "expected one of {}, found \"{}\"",
                AU_STATES.map(str::to_ascii_uppercase).join(", "),
                address.state
            ),
        );
    }
    if address.postcode.len() != 4 || !address.postcode.chars().all(|ch| ch.is_ascii_digit()) {
        c.error(
            format!("{key}.address.postcode"),
            format!("expected 4 digits, found \"{}\"", address.postcode),
        );
    }
    if !(-44.0..=-9.0).contains(&address.lat) {
        c.error(
            format!("{key}.address.lat"),
            format!(
                "expected a latitude in Australia (-44 to -9), found {}",
                address.lat
            ),
        );
    }
    if !(112.0..=154.0).contains(&address.long) {
        c.error(
            format!("{key}.address.long"),
            format!(
                "expected a longitude in Australia (112 to 154), found {}",
                address.long
            ),
        );
    }
    if let Some(url) = &address.place_url {
        c.url(&format!("{key}.address.place_url"), url);
    }
    if let Some(map_key) = &address.map_key {
        // It is printed inside a map pin, which fits three characters.
        if !(1..=3).contains(&map_key.chars().count())
            || !map_key.chars().all(|ch| ch.is_ascii_alphanumeric())
        {
            c.error(
                format!("{key}.address.map_key"),
                format!(
                    "expected 1 to 3 letters or digits (e.g. \"A\" or \"S1\"), found \"{map_key}\""
                ),
            );
        }
    }
    let contact = &location.contact_detail;
    if let Some(phone) = &contact.phone {
        c.phone(&format!("{key}.contact_detail.phone"), phone);
    }
    if let Some(phone) = &contact.landline_phone {
        c.phone(&format!("{key}.contact_detail.landline_phone"), phone);
    }
    let mut weekdays = BTreeSet::new();
    for (i, hours) in contact.opening_hours.iter().enumerate() {
        let hkey = format!("{key}.contact_detail.opening_hours[{i}]");
        if hours.weekday > 6 {
            c.error(
                format!("{hkey}.weekday"),
                format!(
                    "expected 0 (Sunday) to 6 (Saturday), found {}",
                    hours.weekday
                ),
            );
        } else if !weekdays.insert(hours.weekday) {
            c.error(
                format!("{hkey}.weekday"),
                format!("weekday {} is listed twice", hours.weekday),
            );
        }
        times(
            c,
            &hkey,
            hours.status,
            hours.open.as_deref(),
            hours.close.as_deref(),
            "open",
            "close",
        );
    }
    for (i, special) in location.special_hours.iter().enumerate() {
        let skey = format!("{key}.special_hours[{i}]");
        special_hours_entry(c, &skey, special);
        if let Some(named) = special.named_location().filter(|id| *id != location.id) {
            let field = if special.location_id.is_some() {
                "location_id"
            } else {
                "location.id"
            };
            c.error(
                format!("{skey}.{field}"),
                format!(
                    "this entry sits under location {} (`{key}`) but names location {named}; remove `{field}` or move the entry to the file-level `[[special_hours]]` list",
                    location.id
                ),
            );
        }
    }
    for (i, review) in location.reviews.iter().enumerate() {
        c.within(
            &format!("{key}.reviews[{i}].rating"),
            review.rating,
            1.0,
            5.0,
        );
        c.not_empty(
            &format!("{key}.reviews[{i}].customer_name"),
            &review.customer_name,
        );
    }
    for (key2, value, first) in duplicates(
        location
            .reviews
            .iter()
            .enumerate()
            .map(|(i, r)| (format!("{key}.reviews[{i}].id"), r.id.to_string())),
    ) {
        c.error(
            key2,
            format!("review id {value} is used twice (also {first})"),
        );
    }
    if let Some(rating) = location.average_rating {
        c.within(&format!("{key}.average_rating"), rating, 1.0, 5.0);
    }
    let badged = location
        .badge
        .as_deref()
        .is_some_and(|b| !b.trim().is_empty());
    if badged && location.badge_until.is_none() {
        c.error(
            format!("{key}.badge"),
            "a badge needs an end: add `badge_until`, the last day it shows (e.g. `badge_until = \"2026-03-31\"` for \"COMING EARLY 2026\")",
        );
    }
    for (i, other) in location.distribution_locations.iter().enumerate() {
        if !slugs.contains(other.as_str()) {
            c.error(
                format!("{key}.distribution_locations[{i}]"),
                format!(
                    "no location has slug \"{other}\"; known: {}",
                    slugs.iter().copied().collect::<Vec<_>>().join(", ")
                ),
            );
        }
    }
}

/// One special hours entry in either of the seed's spellings (seed 001 s3: "location_id
/// or location.id, start_hour and end_hour or hours.begin and end"): one spelling of
/// each, never both, and the hours checked like opening hours.
fn special_hours_entry(c: &mut Checker, key: &str, special: &SpecialHours) {
    if special.location_id.is_some() && special.location.is_some() {
        c.error(
            format!("{key}.location"),
            "give the location either as `location_id` or as `location.id`, not both",
        );
    }
    let flat = special.start_hour.is_some() || special.end_hour.is_some();
    match &special.hours {
        Some(_) if flat => c.error(
            format!("{key}.hours"),
            "give the hours either as `start_hour` and `end_hour` or as `hours.begin` and `hours.end`, not both",
        ),
        Some(hours) => times(
            c,
            key,
            special.status,
            hours.begin.as_deref(),
            hours.end.as_deref(),
            "hours.begin",
            "hours.end",
        ),
        None if !flat && special.status == OpenStatus::Open => c.error(
            key.to_string(),
            "an Open entry needs its hours: `start_hour` and `end_hour`, or `hours.begin` and `hours.end` (e.g. \"08:30\" and \"17:30\")",
        ),
        None => times(
            c,
            key,
            special.status,
            special.start_hour.as_deref(),
            special.end_hour.as_deref(),
            "start_hour",
            "end_hour",
        ),
    }
}

/// The file-level `[[special_hours]]` of locations.toml: each names a location of the
/// file; and no location gets two entries for one date, whichever list they are in.
fn file_special_hours(c: &mut Checker, dealer: &Dealer, special_hours: &[SpecialHours]) {
    let ids: Vec<u64> = dealer.locations.iter().map(|l| l.id).collect();
    // (location id, date) -> the key of its first entry.
    let mut seen: BTreeMap<(u64, chrono::NaiveDate), String> = BTreeMap::new();
    for (i, location) in dealer.locations.iter().enumerate() {
        for (j, special) in location.special_hours.iter().enumerate() {
            let key = format!("locations[{i}].special_hours[{j}].date");
            if let Some(first) = seen.get(&(location.id, special.date)) {
                c.error(
                    key,
                    format!("{} is listed twice (also {first})", special.date),
                );
            } else {
                seen.insert((location.id, special.date), key);
            }
        }
    }
    for (i, special) in special_hours.iter().enumerate() {
        let key = format!("special_hours[{i}]");
        special_hours_entry(c, &key, special);
        let Some(id) = special.named_location() else {
            c.error(
                key,
                "a file-level special hours entry names its location: `location_id = 123` or `location.id = 123`",
            );
            continue;
        };
        if !ids.contains(&id) {
            let field = if special.location_id.is_some() {
                "location_id"
            } else {
                "location.id"
            };
            let known: Vec<String> = ids.iter().map(u64::to_string).collect();
            c.error(
                format!("{key}.{field}"),
                format!("no location has id {id}; known: {}", known.join(", ")),
            );
            continue;
        }
        let date_key = format!("{key}.date");
        if let Some(first) = seen.get(&(id, special.date)) {
            c.error(
                date_key,
                format!(
                    "{} is listed twice for location {id} (also {first})",
                    special.date
                ),
            );
        } else {
            seen.insert((id, special.date), date_key);
        }
    }
}

fn times(
    c: &mut Checker,
    key: &str,
    status: OpenStatus,
    open: Option<&str>,
    close: Option<&str>,
    open_name: &str,
    close_name: &str,
) {
    match status {
        OpenStatus::Open => match (open, close) {
            (Some(open), Some(close)) => {
                if !is_time(open) {
                    c.error(format!("{key}.{open_name}"), format!("expected a 24-hour time like 08:30, found \"{open}\""));
                }
                if !is_time(close) {
                    c.error(format!("{key}.{close_name}"), format!("expected a 24-hour time like 17:30, found \"{close}\""));
                }
                if is_time(open) && is_time(close) && open >= close {
                    c.error(format!("{key}.{close_name}"), format!("closing time {close} must be after opening time {open}"));
                }
            }
            _ => c.error(key.to_string(), format!("an Open entry needs `{open_name}` and `{close_name}` (e.g. \"08:30\" and \"17:30\")")),
        },
        OpenStatus::Closed => {}
    }
}

pub(super) fn locations(dealer: &Dealer, special_hours: &[SpecialHours]) -> Vec<ConfigError> {
    let mut c = Checker::new(dealer.dir.join("locations.toml"));
    let slugs: BTreeSet<&str> = dealer.locations.iter().map(|l| l.slug.as_str()).collect();
    for (i, loc) in dealer.locations.iter().enumerate() {
        location(&mut c, &format!("locations[{i}]"), loc, &slugs);
    }
    file_special_hours(&mut c, dealer, special_hours);
    for (key, value, first) in duplicates(
        dealer
            .locations
            .iter()
            .enumerate()
            .map(|(i, l)| (format!("locations[{i}].slug"), l.slug.as_str())),
    ) {
        c.error(
            key,
            format!("slug \"{value}\" is used twice (also {first})"),
        );
    }
    for (key, value, first) in duplicates(
        dealer
            .locations
            .iter()
            .enumerate()
            .map(|(i, l)| (format!("locations[{i}].id"), l.id.to_string())),
    ) {
        c.error(key, format!("id {value} is used twice (also {first})"));
    }
    if dealer.locations.iter().filter(|l| l.primary).count() > 1 {
        let keys: Vec<String> = dealer
            .locations
            .iter()
            .enumerate()
            .filter(|(_, l)| l.primary)
            .map(|(i, _)| format!("locations[{i}]"))
            .collect();
        c.error(
            format!("{}.primary", keys[1]),
            format!("only one location can be primary ({})", keys.join(", ")),
        );
    }
    c.errors
}
