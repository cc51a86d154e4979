//! The parts of a sample car drawn from its stream: type, year, odometer, price, name,
//! VIN, plate, gallery, hotspots, equipment, location, variant and finance quotes.

use std::collections::BTreeMap;

use domain::car::{
    Car, CarLocation, CarStatus, CarType, Hotspot, HotspotPosition, Hotspots, Image, Lender, Thumb,
    Variant, YouxQuote,
};
use domain::config::{Dealer, VehicleCategory};
use domain::entities::Location;
use domain::rules::finance::{repayment, FinanceProvider, PaymentFrequency, RepaymentInput};
use serde_json::json;

use crate::catalogue::{make_matches, Drive, Fuel, Model, Train, Trans};
use crate::media::media_url;
use crate::photo::{Shot, SHOTS};
use crate::rng::Rng;
use crate::svg::{Photo, Shape, VIEWS};
use crate::MIN_SHOTS;

pub(crate) const CUSTOM_TAGS: &[&str] = &[
    "Test Drive Only",
    "Low Kms",
    "One Owner",
    "Price Drop",
    "Finance Special",
    "Full Service History",
];

pub(crate) fn pick_car_type(rng: &mut Rng, types: &[CarType]) -> CarType {
    let weight = |t: &CarType| match t {
        CarType::New => 45,
        CarType::Demo => 10,
        CarType::Used => 45,
    };
    let total: u64 = types.iter().map(weight).sum();
    let mut ticket = rng.below(total);
    for t in types {
        if ticket < weight(t) {
            return *t;
        }
        ticket -= weight(t);
    }
    types[0]
}

pub(crate) fn model_year(rng: &mut Rng, model: &Model, car_type: CarType, this_year: u16) -> u16 {
    let (first, last) = model.years;
    let last = last.min(this_year + 1);
    let year = match car_type {
        CarType::New => this_year - u16::from(rng.chance(0.2)),
        CarType::Demo => this_year - u16::from(rng.chance(0.4)),
        CarType::Used => {
            // Skewed towards recent years: most used stock is 1–6 years old.
            let age = (rng.unit() * rng.unit() * 13.0) as u16 + 1;
            this_year.saturating_sub(age)
        }
    };
    year.clamp(first, last)
}

pub(crate) fn odometer(rng: &mut Rng, model: &Model, car_type: CarType, age: u16) -> Option<u32> {
    if model.category == VehicleCategory::Caravans {
        return None;
    }
    let per_year = match model.category {
        VehicleCategory::Motorcycles => (3_000, 9_000),
        VehicleCategory::Trucks => (30_000, 70_000),
        _ => (9_000, 22_000),
    };
    Some(match car_type {
        CarType::New => rng.range(5, 40) as u32,
        CarType::Demo => rng.range(1_200, 14_000) as u32,
        CarType::Used => {
            let years = f64::from(age.max(1)) - rng.float(0.0, 0.7);
            (years * rng.float(f64::from(per_year.0), f64::from(per_year.1))).round() as u32
        }
    })
}

pub(crate) struct Price {
    pub(crate) price: f64,
    pub(crate) before: Option<f64>,
}

/// Rounds to a price ending in 990 (or 90 under $10,000), as dealers advertise.
pub(crate) fn retail(value: f64) -> f64 {
    if value >= 10_000.0 {
        ((value / 1000.0).floor() * 1000.0 + 990.0).max(1990.0)
    } else {
        (value / 100.0).floor() * 100.0 + 90.0
    }
}

pub(crate) fn asking_price(rng: &mut Rng, rrp: f64, car_type: CarType, age: u16, km: u32) -> Price {
    if rng.chance(0.02) {
        // No advertised price: the card shows the enquiry wording.
        return Price {
            price: 0.0,
            before: None,
        };
    }
    let drive_away = rrp * rng.float(1.02, 1.08) + rng.float(2_500.0, 5_500.0);
    let price = match car_type {
        CarType::New => retail(drive_away),
        CarType::Demo => retail(drive_away * rng.float(0.86, 0.94)),
        CarType::Used => {
            let depreciation = 0.86 * 0.89_f64.powi(i32::from(age.saturating_sub(1)));
            let wear = (f64::from(km) / 400_000.0).min(0.35);
            retail((rrp * depreciation * (1.0 - wear) * rng.float(0.93, 1.07)).max(4_000.0))
        }
    };
    let before = rng
        .chance(0.12)
        .then(|| price + (rng.range(2, 12) * 250) as f64);
    Price { price, before }
}

pub(crate) fn price_type(rng: &mut Rng, car_type: CarType) -> &'static str {
    match car_type {
        CarType::Used => "Drive Away",
        _ if rng.chance(0.2) => "Excl. Government Charges",
        _ => "Drive Away",
    }
}

pub(crate) fn car_name(year: u16, model: &Model, badge: &str, train: &Train) -> String {
    // Motorcycles often have the model as their only badge ("Z900 Z900"): say it once.
    let mut name = format!("{year} {} {}", model.make, model.model);
    if !badge.eq_ignore_ascii_case(model.model) {
        name.push(' ');
        name.push_str(badge);
    }
    if !train.label.is_empty() {
        name.push(' ');
        name.push_str(train.label);
    }
    if model.category == VehicleCategory::Cars || model.category == VehicleCategory::Trucks {
        let trans = match train.trans {
            Trans::Auto(0) => "CVT",
            Trans::Auto(_) => "Auto",
            Trans::Manual(_) => "Manual",
            Trans::Gearless => "",
        };
        if !trans.is_empty() {
            name.push(' ');
            name.push_str(trans);
        }
    }
    name
}

/// Engine litres to one decimal (the catalogue's f32 would print as 1.0839999914169312).
pub(crate) fn litres(train: &Train) -> f64 {
    (f64::from(train.litres) * 10.0).round() / 10.0
}

pub(crate) fn transmission(trans: Trans) -> Option<&'static str> {
    match trans {
        Trans::Auto(_) => Some("Automatic"),
        Trans::Manual(_) => Some("Manual"),
        Trans::Gearless => None,
    }
}

pub(crate) fn gears(trans: Trans) -> Option<u8> {
    match trans {
        Trans::Auto(n) | Trans::Manual(n) if n > 0 => Some(n),
        _ => None,
    }
}

/// VIN model-year characters from 2010 (A) on; 2001–2009 are digits.
pub(crate) fn vin_year(year: u16) -> char {
    const CODES: &[u8] = b"ABCDEFGHJKLMNPRSTVWXY";
    match year {
        2001..=2009 => char::from(b'0' + (year - 2000) as u8),
        2010..=2030 => char::from(CODES[usize::from(year - 2010)]),
        _ => 'Y',
    }
}

pub(crate) const VIN_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

/// ISO 3779 transliteration value of a VIN character.
pub(crate) fn vin_value(c: u8) -> u32 {
    match c {
        b'0'..=b'9' => u32::from(c - b'0'),
        b'A'..=b'H' => u32::from(c - b'A') + 1,
        b'J'..=b'N' => u32::from(c - b'J') + 1,
        b'P' => 7,
        b'R' => 9,
        b'S'..=b'Z' => u32::from(c - b'S') + 2,
        _ => 0,
    }
}

/// A 17-character VIN: the model's WMI, six descriptor characters, the North American
/// check digit (computed, as many imports carry it), model year, plant and serial.
pub(crate) fn vin(rng: &mut Rng, wmi: &str, year: u16) -> String {
    let mut chars: Vec<u8> = wmi.bytes().take(3).collect();
    while chars.len() < 3 {
        chars.push(b'A');
    }
    for _ in 0..5 {
        chars.push(*rng.pick(VIN_ALPHABET));
    }
    chars.push(b'0');
    chars.push(vin_year(year) as u8);
    chars.push(*rng.pick(&VIN_ALPHABET[..23]));
    for _ in 0..6 {
        chars.push(b'0' + rng.below(10) as u8);
    }
    const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum: u32 = chars
        .iter()
        .zip(WEIGHTS)
        .map(|(c, w)| vin_value(*c) * w)
        .sum();
    chars[8] = match sum % 11 {
        10 => b'X',
        d => b'0' + d as u8,
    };
    String::from_utf8(chars).unwrap_or_default()
}

pub(crate) fn letters(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| char::from(b'A' + rng.below(26) as u8))
        .collect()
}

pub(crate) fn digits(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect()
}

/// A registration plate in the style of the car's state.
pub(crate) fn regplate(rng: &mut Rng, state: Option<&str>) -> String {
    match state.unwrap_or("QLD") {
        "NSW" => format!("{}{}{}", letters(rng, 2), digits(rng, 2), letters(rng, 2)),
        "VIC" => format!(
            "{}{}{}{}",
            digits(rng, 1),
            letters(rng, 2),
            digits(rng, 1),
            letters(rng, 2)
        ),
        "WA" => format!("1{}{}", letters(rng, 3), digits(rng, 3)),
        "SA" => format!("S{}{}", digits(rng, 3), letters(rng, 3)),
        "TAS" => format!("{}{}{}", letters(rng, 1), digits(rng, 2), letters(rng, 2)),
        _ => format!("{}{}", digits(rng, 3), letters(rng, 3)),
    }
}

pub(crate) fn nvic(rng: &mut Rng) -> String {
    (0..6)
        .map(|_| char::from(*rng.pick(VIN_ALPHABET)))
        .collect()
}

pub(crate) fn certified(
    rng: &mut Rng,
    dealer: &Dealer,
    model: &Model,
    car_type: CarType,
    age: u16,
    km: Option<u32>,
) -> bool {
    let Some(maker) = dealer.config.tags.certified_manufacturer.as_deref() else {
        return false;
    };
    car_type == CarType::Used
        && make_matches(model, maker)
        && age <= 6
        && km.unwrap_or(0) <= 140_000
        && rng.chance(0.7)
}

/// Gallery: the four photo views plus spin frames as extra angles. Used cars mostly have
/// 8–12 photos; some have fewer (the minimum-photos filter drops them on some sites) and a
/// few coming-soon cars have none yet.
pub(crate) fn gallery(
    rng: &mut Rng,
    model: &Model,
    colour: &'static str,
    hex: &'static str,
    shape: Shape,
    status: CarStatus,
    car_type: CarType,
) -> Vec<Image> {
    if status == CarStatus::ComingSoon && rng.chance(0.4) {
        return Vec::new();
    }
    let count = match rng.unit() {
        u if u < 0.1 => rng.range(1, 5) as usize,
        _ if car_type == CarType::Used => rng.range(8, 12) as usize,
        _ => rng.range(4, 10) as usize,
    };
    // Photos only: a spin frame ("360° · frame 4 of 24") in the gallery would put spin
    // frames in the thumbnail strip; the spin has its own viewer mode.
    let photos = VIEWS.iter().map(|&view| {
        Photo {
            make: model.make,
            model: model.model,
            colour,
            hex,
            shape,
            view,
        }
        .file_name()
    });
    photos
        .take(count)
        .map(|file| {
            let url = media_url(&file);
            Image {
                thumb: Some(Thumb { url: url.clone() }),
                url,
            }
        })
        .collect()
}

/// A photographed car's gallery: 8-25 shots of its shape and colour's pool of `shots`,
/// the front three-quarter first (the hero), then the side and rear, then other angles and
/// the interior in pool order, as a photographer walks round the car.
pub(crate) fn photo_gallery(
    rng: &mut Rng,
    shape: Shape,
    colour: &'static str,
    hex: &'static str,
    shots: u32,
) -> Vec<Image> {
    // Drawn over the whole pool's range whatever `shots`, so a smaller pool only shortens
    // galleries.
    let count = (rng.range(i64::from(MIN_SHOTS), i64::from(SHOTS)) as usize).min(shots as usize);
    let rest: Vec<u32> = (3..shots).collect();
    let picked = rng.sample(&rest, count - 3);
    [0, 1, 2]
        .into_iter()
        .chain(picked)
        .map(|index| {
            let url = media_url(
                &Shot {
                    shape,
                    colour,
                    hex,
                    index,
                }
                .file_name(),
            );
            Image {
                thumb: Some(Thumb { url: url.clone() }),
                url,
            }
        })
        .collect()
}

pub(crate) fn hotspots(model: &Model) -> Hotspots {
    let spot = |description: &str, anchor: &str, angles: &[(u32, f64, f64)]| Hotspot {
        description: description.to_string(),
        anchors: vec![anchor.to_string()],
        positions: angles
            .iter()
            .map(|&(angle, x, y)| HotspotPosition { angle, x, y })
            .collect(),
    };
    let wheel = if model.category == VehicleCategory::Motorcycles {
        "Cast alloy wheels"
    } else {
        "Alloy wheels"
    };
    Hotspots {
        exterior: vec![
            spot(
                "LED headlights with automatic high beam",
                "Headlights",
                &[(0, 18.0, 46.0), (1, 20.0, 46.0), (23, 16.0, 46.0)],
            ),
            spot(
                wheel,
                "Wheels",
                &[(0, 27.0, 70.0), (6, 50.0, 70.0), (12, 73.0, 70.0)],
            ),
            spot(
                "Tail lights",
                "Rear",
                &[(12, 82.0, 45.0), (11, 80.0, 45.0), (13, 84.0, 45.0)],
            ),
        ],
        interior: vec![
            spot(
                "Touchscreen with wireless Apple CarPlay and Android Auto",
                "Infotainment",
                &[(0, 50.0, 40.0)],
            ),
            spot("Climate control", "Climate", &[(0, 50.0, 62.0)]),
        ],
    }
}

pub(crate) fn equipment(model: &Model, train: &Train) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = match model.category {
        VehicleCategory::Cars => vec![
            "Autonomous emergency braking",
            "Lane keep assist",
            "Adaptive cruise control",
            "Reversing camera",
            "Rear parking sensors",
            "Apple CarPlay and Android Auto",
            "Dual-zone climate control",
            "Keyless entry and start",
            "LED headlights",
            "Alloy wheels",
        ],
        VehicleCategory::Motorcycles => vec![
            "ABS",
            "LED lighting",
            "TFT instrument display",
            "Traction control",
            "Slipper clutch",
        ],
        VehicleCategory::Caravans => vec![
            "Queen bed",
            "Ensuite with shower and toilet",
            "Diesel heater",
            "Solar panels and lithium battery",
            "Three-way fridge",
            "Independent coil suspension",
            "External kitchen",
        ],
        VehicleCategory::Trucks => vec![
            "Air brakes",
            "Driver airbag",
            "Cruise control",
            "Bluetooth",
            "Exhaust brake",
        ],
    };
    if matches!(train.fuel, Fuel::Electric | Fuel::PlugIn) {
        out.push("Type 2 CCS charging port");
    }
    if matches!(train.drive, Drive::FourWd) {
        out.push("Low-range transfer case");
    }
    out
}

pub(crate) fn features(category: VehicleCategory) -> &'static [&'static str] {
    match category {
        VehicleCategory::Cars => &[
            "Sunroof",
            "Heated front seats",
            "Wireless phone charger",
            "Tow bar",
            "Roof racks",
            "Leather upholstery",
            "Head-up display",
            "360-degree camera",
            "Tinted windows",
        ],
        VehicleCategory::Motorcycles => &[
            "Heated grips",
            "Quickshifter",
            "Cruise control",
            "Panniers",
            "Touring screen",
        ],
        VehicleCategory::Caravans => &[
            "Awning",
            "Washing machine",
            "Air conditioner",
            "Bike rack",
            "Annexe",
        ],
        VehicleCategory::Trucks => &[
            "Tray body",
            "Tipper",
            "Reversing camera",
            "Tool boxes",
            "Tow hitch",
        ],
    }
}

pub(crate) fn car_location(location: &Location, all: &[&Location], rng: &mut Rng) -> CarLocation {
    let distribution_locations = if all.len() > 1 && rng.chance(0.15) {
        rng.sample(all, 2)
            .into_iter()
            .filter(|l| l.slug != location.slug)
            .map(|l| l.slug.clone())
            .collect()
    } else {
        Vec::new()
    };
    CarLocation {
        name: location.name.clone(),
        slug: location.slug.clone(),
        phone: location.contact_detail.phone.clone(),
        city: Some(location.address.city.clone()),
        state: Some(location.address.state.clone()),
        address: Some(location.address.street.clone()),
        distribution_locations,
    }
}

pub(crate) fn variant(model: &Model, train: &Train) -> Variant {
    let num = |v: f64| Some(json!(v));
    let int = |v: u32| (v > 0).then(|| json!(v));
    Variant {
        cylinders: (train.cylinders > 0).then(|| json!(train.cylinders)),
        enginesize: (train.litres > 0.0).then(|| json!((train.litres * 1000.0).round() as u32)),
        enginesize_litres: (train.litres > 0.0).then(|| json!(litres(train))),
        induction: (train.litres > 0.0).then(|| {
            json!(if train.turbo {
                "Turbo Intercooled"
            } else {
                "Aspirated"
            })
        }),
        fuelconsumptioncombined: (train.l100 > 0.0)
            .then(|| json!((f64::from(train.l100) * 10.0).round() / 10.0)),
        fuelcapacity: int(u32::from(model.tank)),
        grossvehiclemass: int(model.gvm),
        vehiclelength: num(f64::from(model.dims.0)),
        vehiclewidth: num(f64::from(model.dims.1)),
        vehicleheight: num(f64::from(model.dims.2)),
        towingcapacitybraked: int(model.tow),
        bodyconfiguration: Some(json!(model.bodycfg)),
        torque: int(u32::from(train.torque)),
        ancaprating: (model.ancap > 0).then(|| json!(model.ancap)),
        ..caravan_masses(model)
    }
}

/// A caravan's berths, tare and ball weight, drawn from its size: a van over 7 m sleeps
/// four and one over 8 m six (bunks); tare is about 78% of the ATM (`gvm` of a caravan)
/// and the ball weight about 9% of tare, as on Australian compliance plates. Other
/// vehicles have none of these.
pub(crate) fn caravan_masses(model: &Model) -> Variant {
    if model.category != VehicleCategory::Caravans {
        return Variant::default();
    }
    let length = model.dims.0;
    let berths = 2 + 2 * u32::from(length >= 7000) + 2 * u32::from(length >= 8000);
    let tare = (f64::from(model.gvm) * 0.78 / 10.0).round() * 10.0;
    let ball = (tare * 0.09 / 5.0).round() * 5.0;
    Variant {
        berths: Some(json!(berths)),
        tare: Some(json!(tare as u32)),
        atm: Some(json!(model.gvm)),
        ballweight: Some(json!(ball as u32)),
        ..Variant::default()
    }
}

/// Lender data for the dealer's provider: rates by car type and age, repayments from the
/// same amortisation the site's calculator uses, and the lender's disclaimer. A few cars
/// have null rates (the strip is hidden for them).
pub(crate) fn lenders(
    rng: &mut Rng,
    provider: FinanceProvider,
    car: &Car,
) -> BTreeMap<String, Lender> {
    let mut out = BTreeMap::new();
    let Some(price) = car.visible_price() else {
        return out;
    };
    if rng.chance(0.05) {
        out.insert(
            provider.key().to_string(),
            Lender {
                finance_provider: Some(provider.label().to_string()),
                ..Lender::default()
            },
        );
        return out;
    }
    let base = match car.car_type {
        CarType::New => rng.float(5.99, 7.99),
        CarType::Demo => rng.float(6.49, 8.49),
        CarType::Used => rng.float(7.99, 12.99),
    };
    let rate = (base * 100.0).round() / 100.0;
    let comparison = ((rate + rng.float(0.25, 1.1)) * 100.0).round() / 100.0;
    let term_years = 5.0;
    let fees = 395.0;
    let balloon = if car.car_type == CarType::Used {
        0.0
    } else {
        (price * 0.25 / 100.0).round() * 100.0
    };
    let pay = |frequency| {
        repayment(&RepaymentInput {
            amount: price,
            deposit: 0.0,
            trade_in: 0.0,
            establishment_fees: fees,
            balloon,
            rate,
            term_years,
            frequency,
            round_up: false,
        })
    };
    let week = pay(PaymentFrequency::Week);
    let month = pay(PaymentFrequency::Month);
    let disclaimer = format!(
        "Estimated repayment based on an interest rate of {rate:.2}% p.a. (comparison rate {comparison:.2}% p.a.) over {term_years} years \
         with no deposit, a {} establishment fee{}. Comparison rate based on a secured loan of $30,000 over 5 years. WARNING: This \
         comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other \
         loan amounts might result in a different comparison rate. Subject to lender approval; fees and charges apply.",
        domain::rules::format::format_price(fees),
        if balloon > 0.0 { format!(" and a {} balloon", domain::rules::format::format_price(balloon)) } else { String::new() }
    );
    out.insert(
        provider.key().to_string(),
        Lender {
            interest_rate: Some(rate),
            comparison_rate: Some(comparison),
            payment_week: Some(week),
            payment_month: Some(month),
            term_years: Some(term_years),
            term_months: Some(term_years * 12.0),
            term_weeks: Some(term_years * 52.0),
            deposit: Some(0.0),
            balloon: Some(balloon),
            establishment_fees: Some(fees),
            total_payable: Some(((week * term_years * 52.0 + balloon) * 100.0).round() / 100.0),
            disclaimer: Some(disclaimer),
            finance_provider: Some(provider.label().to_string()),
            ..Lender::default()
        },
    );
    out
}

pub(crate) fn youx(rng: &mut Rng, car: &Car) -> YouxQuote {
    let rate = (rng.float(6.49, 11.99) * 100.0).round() / 100.0;
    let weekly = repayment(&RepaymentInput {
        amount: car.visible_price().unwrap_or(0.0),
        deposit: 0.0,
        trade_in: 0.0,
        establishment_fees: 0.0,
        balloon: 0.0,
        rate,
        term_years: 5.0,
        frequency: PaymentFrequency::Week,
        round_up: true,
    });
    YouxQuote {
        weekly_repayment_amount: Some(weekly),
        advertised_rate: Some(rate),
        comparison_rate: Some(((rate + 0.42) * 100.0).round() / 100.0),
    }
}
