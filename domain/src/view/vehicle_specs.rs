//! What a vehicle page says about the car: its kind, key information, chips and
//! specifications (seed 000 s4, seed 001 s2/s5).

use super::card::thousands;
use super::names::car_type_label;
use crate::car::Car;
use crate::rules::vehicle_text::{spec_rows, spec_value_text, SpecRow};

fn text(value: Option<&str>) -> Option<serde_json::Value> {
    value.map(|v| serde_json::Value::String(v.to_string()))
}

/// What kind of vehicle a stock item is, for the specifications it shows: a caravan has
/// berths and masses and no seats or engine, a motorcycle an engine capacity and no seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VehicleKind {
    /// Cars, utes, vans, trucks.
    Car,
    /// Motorcycles.
    Motorcycle,
    /// Caravans, camper trailers, pop tops.
    Caravan,
}

impl VehicleKind {
    /// The kind of `car`: by its body (`simple_body`, else `bodyconfiguration`), and a
    /// feed that gives caravan masses is a caravan whatever its body says.
    pub fn of(car: &Car) -> VehicleKind {
        let body = car
            .simple_body
            .as_deref()
            .or(car.bodyconfiguration.as_deref())
            .unwrap_or("")
            .to_ascii_lowercase();
        let v = &car.variant;
        if ["caravan", "camper", "pop top", "trailer"]
            .iter()
            .any(|w| body.contains(w))
            || [&v.berths, &v.tare, &v.atm, &v.ballweight]
                .iter()
                .any(|f| f.is_some())
        {
            VehicleKind::Caravan
        } else if ["motorcycle", "motorbike", "scooter"]
            .iter()
            .any(|w| body.contains(w))
        {
            VehicleKind::Motorcycle
        } else {
            VehicleKind::Car
        }
    }
}

/// A positive count, else nothing (a feed's `seats: 0` is "not given", never "Seats 0").
fn positive(value: Option<u32>) -> Option<serde_json::Value> {
    value.filter(|v| *v > 0).map(serde_json::Value::from)
}

/// Kilograms of a spec value, e.g. "1,780 kg" (blank, null and zero dropped).
fn kilograms(value: Option<&serde_json::Value>) -> Option<serde_json::Value> {
    let kg = value.and_then(|v| {
        v.as_f64()
            .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
    })?;
    (kg.is_finite() && kg > 0.0)
        .then(|| serde_json::Value::String(format!("{} kg", thousands(kg.round() as u64))))
}

/// Engine capacity in cc of a car (its own field, else the variant's).
fn engine_cc(car: &Car) -> Option<serde_json::Value> {
    positive(car.engine_size).or_else(|| car.variant.enginesize.clone())
}

/// Key information rows of a car (empty values dropped by the spec rows rule); caravans
/// and motorcycles show their own specifications instead of seats.
pub fn key_information(car: &Car) -> Vec<SpecRow> {
    let kind = VehicleKind::of(car);
    let km = car
        .km
        .filter(|_| kind != VehicleKind::Caravan)
        .map(|km| serde_json::Value::String(format!("{} km", thousands(u64::from(km)))));
    let v = &car.variant;
    let mut rows: Vec<(&str, Option<serde_json::Value>)> = vec![
        ("Condition", text(Some(car_type_label(car.car_type)))),
        ("Year", Some(serde_json::Value::from(car.year))),
        ("Kilometres", km),
        ("Body", text(car.simple_body.as_deref())),
    ];
    match kind {
        VehicleKind::Caravan => rows.extend([
            ("Berths", v.berths.clone()),
            ("Tare", kilograms(v.tare.as_ref())),
            ("ATM", kilograms(v.atm.as_ref())),
            ("Ball weight", kilograms(v.ballweight.as_ref())),
        ]),
        VehicleKind::Motorcycle => rows.extend([
            ("Engine capacity (cc)", engine_cc(car)),
            ("Transmission", text(car.simple_transmission.as_deref())),
            (
                "Fuel",
                text(car.simple_fuel.as_deref().or(car.fuel.as_deref())),
            ),
        ]),
        VehicleKind::Car => rows.extend([
            ("Transmission", text(car.simple_transmission.as_deref())),
            (
                "Fuel",
                text(car.simple_fuel.as_deref().or(car.fuel.as_deref())),
            ),
            (
                "Drive",
                text(car.simple_drive.as_deref().or(car.drive.as_deref())),
            ),
        ]),
    }
    rows.extend([
        ("Colour", text(car.colour.as_deref())),
        (
            "Seats",
            if kind == VehicleKind::Car {
                positive(car.seats.map(u32::from))
            } else {
                None
            },
        ),
        ("Stock number", text(car.stocknum.as_deref())),
        ("VIN", text(car.vin.as_deref())),
        ("Registration", text(car.regplate.as_deref())),
    ]);
    spec_rows(rows.iter().map(|(label, value)| (*label, value.as_ref())))
}

/// `rows` with the warranty a new or demo car comes with (seed 001 s9: "warranties quoted
/// 3-year standard, 5 or 7 year for some brands"); a used car's warranty is the dealer's
/// to state, so it gets none.
pub(super) fn with_warranty(
    mut rows: Vec<SpecRow>,
    car: &Car,
    config: &crate::config::VehiclePageConfig,
) -> Vec<SpecRow> {
    if car.car_type != crate::car::CarType::Used {
        rows.push(SpecRow {
            label: "Warranty".to_string(),
            value: config.warranty_text(&car.make),
        });
    }
    rows
}

/// The key chips under the price: year, kilometres, transmission, fuel and body,
/// those the car has; a caravan shows its berths instead of kilometres, transmission and
/// fuel, a motorcycle its engine capacity instead of the body.
pub fn key_chips(car: &Car) -> Vec<String> {
    let kind = VehicleKind::of(car);
    let nonblank = |v: Option<&str>| {
        v.map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    };
    let mut chips = vec![car.year.to_string()];
    match kind {
        VehicleKind::Caravan => {
            chips.extend(
                car.variant
                    .berths
                    .as_ref()
                    .and_then(spec_value_text)
                    .map(|b| format!("Sleeps {b}")),
            );
            chips.extend(
                kilograms(car.variant.atm.as_ref())
                    .and_then(|v| v.as_str().map(|kg| format!("ATM {kg}"))),
            );
        }
        VehicleKind::Motorcycle | VehicleKind::Car => {
            chips.extend(car.km.map(|km| format!("{} km", thousands(u64::from(km)))));
            chips.extend(nonblank(car.simple_transmission.as_deref()));
            chips.extend(nonblank(car.simple_fuel.as_deref().or(car.fuel.as_deref())));
        }
    }
    if kind == VehicleKind::Motorcycle {
        chips.extend(
            engine_cc(car)
                .as_ref()
                .and_then(spec_value_text)
                .map(|cc| format!("{cc} cc")),
        );
    } else {
        chips.extend(nonblank(car.simple_body.as_deref()));
    }
    chips
}

/// The month of a feed date as (year, month): "2023-04", "2023-04-17", "04/2023" or
/// "17/04/2023"; None for anything else (free text is not shown as a date).
pub fn feed_month(text: &str) -> Option<(u16, u8)> {
    let text = text.trim();
    let nums: Vec<&str> = text.split(['-', '/']).collect();
    let num = |s: &str| s.trim().parse::<u16>().ok();
    let (year, month) = match nums.as_slice() {
        [y, m] | [y, m, _] if y.len() == 4 => (num(y)?, num(m)?),
        [m, y] if y.len() == 4 => (num(y)?, num(m)?),
        [_, m, y] if y.len() == 4 => (num(y)?, num(m)?),
        _ => return None,
    };
    ((1..=12).contains(&month) && (1900..=2100).contains(&year)).then_some((year, month as u8))
}

/// A month as the compliance plate writes it, for build and compliance date alike:
/// "04/2023".
fn month_text((year, month): (u16, u8)) -> serde_json::Value {
    serde_json::Value::String(format!("{month:02}/{year}"))
}

/// The build and compliance dates shown: months in one format ("04/2023"; text that is
/// no date as the feed gives it); a compliance month before the build month contradicts
/// it (a vehicle is complied after it is built), so the feed's compliance date is left
/// out rather than shown beside a build date it cannot follow.
pub fn build_and_compliance(car: &Car) -> (Option<serde_json::Value>, Option<serde_json::Value>) {
    let shown = |raw: Option<&str>| match raw.and_then(feed_month) {
        Some(month) => Some(month_text(month)),
        None => text(raw),
    };
    let build_month = car.build_date.as_deref().and_then(feed_month);
    let compliance_month = car.compliance_date.as_deref().and_then(feed_month);
    let contradicts = matches!((build_month, compliance_month), (Some(b), Some(c)) if c < b);
    (
        shown(car.build_date.as_deref()),
        (!contradicts)
            .then(|| shown(car.compliance_date.as_deref()))
            .flatten(),
    )
}

/// Specification rows of a car (empty, null and 'null' values dropped).
pub fn specifications(car: &Car) -> Vec<SpecRow> {
    let v = &car.variant;
    let (build, compliance) = build_and_compliance(car);
    let caravan = VehicleKind::of(car) == VehicleKind::Caravan;
    let litres = car
        .engine_size_litres
        .filter(|l| *l > 0.0)
        .map(|l| serde_json::Value::String(format!("{l}L")));
    let rows: Vec<(&str, Option<serde_json::Value>)> = vec![
        ("Badge", text(car.badge.as_deref())),
        ("Series", text(car.series.as_deref())),
        ("Build date", build),
        ("Compliance date", compliance),
        (
            "Engine size",
            litres.or_else(|| v.enginesize_litres.clone()),
        ),
        ("Engine capacity (cc)", engine_cc(car)),
        ("Cylinders", v.cylinders.clone()),
        ("Induction", v.induction.clone()),
        ("Gears", positive(car.gearnum.map(u32::from))),
        (
            "Body configuration",
            text(car.bodyconfiguration.as_deref()).or_else(|| v.bodyconfiguration.clone()),
        ),
        (
            "Fuel consumption combined (L/100km)",
            v.fuelconsumptioncombined.clone(),
        ),
        ("Fuel capacity (L)", v.fuelcapacity.clone()),
        ("Torque (Nm)", v.torque.clone()),
        ("Berths", v.berths.clone()),
        ("Tare mass (kg)", v.tare.clone()),
        // A caravan's ATM is its gross mass: one row, named as caravan buyers know it.
        (
            "ATM (kg)",
            v.atm.clone().or_else(|| {
                if caravan {
                    v.grossvehiclemass.clone()
                } else {
                    None
                }
            }),
        ),
        ("Ball weight (kg)", v.ballweight.clone()),
        (
            "Gross vehicle mass (kg)",
            if caravan {
                None
            } else {
                v.grossvehiclemass.clone()
            },
        ),
        ("Length (mm)", v.vehiclelength.clone()),
        ("Height (mm)", v.vehicleheight.clone()),
        ("Width (mm)", v.vehiclewidth.clone()),
        (
            "Towing capacity braked (kg)",
            v.towingcapacitybraked.clone(),
        ),
        ("ANCAP rating", v.ancaprating.clone()),
    ];
    spec_rows(rows.iter().map(|(label, value)| (*label, value.as_ref())))
}

/// The items of a feed list as shown: trimmed, blanks and repeats dropped, feed order kept.
pub(super) fn listed(items: &[String]) -> Vec<String> {
    let mut shown: Vec<String> = Vec::with_capacity(items.len());
    for item in items.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        if !shown.iter().any(|s| s == item) {
            shown.push(item.to_string());
        }
    }
    shown
}

#[cfg(test)]
mod kind_tests {
    use super::*;
    use crate::view::vehicle_media::gallery;
    use serde_json::json;

    fn rows(rows: &[SpecRow]) -> Vec<(&str, &str)> {
        rows.iter()
            .map(|r| (r.label.as_str(), r.value.as_str()))
            .collect()
    }

    fn caravan() -> Car {
        let mut van = Car {
            year: 2023,
            make: "Jayco".into(),
            model: "Journey".into(),
            simple_body: Some("Caravan".into()),
            seats: Some(0),
            km: Some(0),
            ..Car::default()
        };
        van.variant = crate::car::Variant {
            berths: Some(json!(4)),
            tare: Some(json!(2180.0)),
            atm: Some(json!(2800)),
            ballweight: Some(json!(195)),
            grossvehiclemass: Some(json!(2800)),
            vehiclelength: Some(json!(8000.0)),
            ..Default::default()
        };
        van
    }

    #[test]
    fn a_caravan_shows_berths_and_masses_never_seats_0() {
        let van = caravan();
        assert_eq!(VehicleKind::of(&van), VehicleKind::Caravan);
        let key = key_information(&van);
        assert_eq!(
            rows(&key),
            vec![
                ("Condition", "New"),
                ("Year", "2023"),
                ("Body", "Caravan"),
                ("Berths", "4"),
                ("Tare", "2,180 kg"),
                ("ATM", "2,800 kg"),
                ("Ball weight", "195 kg")
            ]
        );
        let specs = specifications(&van);
        assert!(
            rows(&specs).contains(&("Tare mass (kg)", "2180")),
            "{specs:?}"
        );
        assert!(
            rows(&specs).contains(&("Length (mm)", "8000")),
            "no trailing .0: {specs:?}"
        );
        assert!(
            !specs
                .iter()
                .any(|r| r.label.starts_with("Gross vehicle mass") || r.label == "Seats"),
            "{specs:?}"
        );
        assert_eq!(
            key_chips(&van),
            vec!["2023", "Sleeps 4", "ATM 2,800 kg", "Caravan"]
        );
    }

    #[test]
    fn a_motorcycle_shows_its_engine_capacity_and_no_seats() {
        let bike = Car {
            year: 2024,
            simple_body: Some("Motorcycle".into()),
            seats: Some(2),
            km: Some(1200),
            engine_size: Some(689),
            simple_transmission: Some("Manual".into()),
            simple_fuel: Some("Petrol".into()),
            ..Car::default()
        };
        assert_eq!(VehicleKind::of(&bike), VehicleKind::Motorcycle);
        let key = key_information(&bike);
        assert!(
            rows(&key).contains(&("Engine capacity (cc)", "689")),
            "{key:?}"
        );
        assert!(!key.iter().any(|r| r.label == "Seats"));
        assert_eq!(
            key_chips(&bike),
            vec!["2024", "1,200 km", "Manual", "Petrol", "689 cc"]
        );
    }

    #[test]
    fn the_gallery_holds_photos_not_spin_frames() {
        let image = |url: &str| crate::car::Image {
            url: url.into(),
            thumb: None,
        };
        let car = Car {
            images: vec![
                image("/m/front.svg"),
                image("/m/spin-04.svg"),
                image("/m/side.svg"),
            ],
            spin_images: vec!["/m/spin-01.svg".into(), "/m/spin-04.svg".into()],
            ..Car::default()
        };
        let urls: Vec<String> = gallery(&car).into_iter().map(|g| g.url).collect();
        assert_eq!(urls, vec!["/m/front.svg", "/m/side.svg"]);
    }

    #[test]
    fn a_car_keeps_its_seats_and_drops_a_zero_and_trailing_point_zero() {
        let mut car = Car {
            year: 2024,
            simple_body: Some("SUV".into()),
            seats: Some(5),
            km: Some(21408),
            simple_transmission: Some("Automatic".into()),
            simple_fuel: Some("Hybrid".into()),
            ..Car::default()
        };
        car.variant.vehicleheight = Some(json!(1435.0));
        car.variant.fuelconsumptioncombined = Some(json!(4.7));
        assert!(rows(&key_information(&car)).contains(&("Seats", "5")));
        assert_eq!(
            key_chips(&car),
            vec!["2024", "21,408 km", "Automatic", "Hybrid", "SUV"]
        );
        let specs = specifications(&car);
        assert!(rows(&specs).contains(&("Height (mm)", "1435")), "{specs:?}");
        assert!(
            rows(&specs).contains(&("Fuel consumption combined (L/100km)", "4.7")),
            "{specs:?}"
        );
        let seatless = Car {
            seats: Some(0),
            gearnum: Some(0),
            ..car
        };
        assert!(!key_information(&seatless)
            .iter()
            .any(|r| r.label == "Seats"));
        assert!(!specifications(&seatless).iter().any(|r| r.label == "Gears"));
    }
}
