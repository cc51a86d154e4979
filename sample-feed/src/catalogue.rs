//! The makes and models the sample feed draws from: real Australian-market models with
//! their badges, series codes, powertrains and specifications (approximate published
//! figures, rounded), grouped by vehicle category, and the colours they come in. The data
//! is `data/catalogue.json`, compiled into the binary so it needs no files beside it.
//!
//! The table is append-only in spirit: a car is built from its model's index, so
//! reordering entries changes the output for a given seed.

use std::sync::LazyLock;

use domain::config::VehicleCategory;
use serde::Deserialize;

/// Fuel of a powertrain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Fuel {
    Petrol,
    Premium,
    Diesel,
    Hybrid,
    PlugIn,
    Electric,
    /// Caravans: no engine.
    Unfuelled,
}

impl Fuel {
    /// The feed's `fuel` text.
    pub(crate) fn text(self) -> Option<&'static str> {
        match self {
            Fuel::Petrol => Some("Petrol - Unleaded ULP"),
            Fuel::Premium => Some("Petrol - Premium ULP"),
            Fuel::Diesel => Some("Diesel"),
            Fuel::Hybrid => Some("Hybrid - Petrol/Electric"),
            Fuel::PlugIn => Some("Plug-in Hybrid - Petrol/Electric"),
            Fuel::Electric => Some("Electric"),
            Fuel::Unfuelled => None,
        }
    }

    /// The feed's `simple_fuel` word.
    pub(crate) fn simple(self) -> Option<&'static str> {
        match self {
            Fuel::Petrol | Fuel::Premium => Some("Petrol"),
            Fuel::Diesel => Some("Diesel"),
            Fuel::Hybrid => Some("Hybrid"),
            Fuel::PlugIn => Some("Plug-in Hybrid"),
            Fuel::Electric => Some("Electric"),
            Fuel::Unfuelled => None,
        }
    }
}

/// Driven wheels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Drive {
    Fwd,
    Rwd,
    Awd,
    #[serde(rename = "4wd")]
    FourWd,
    /// Caravans.
    Undriven,
}

impl Drive {
    /// (`simple_drive`, `drive`).
    pub(crate) fn texts(self) -> Option<(&'static str, &'static str)> {
        match self {
            Drive::Fwd => Some(("FWD", "Front Wheel Drive")),
            Drive::Rwd => Some(("RWD", "Rear Wheel Drive")),
            Drive::Awd => Some(("AWD", "All Wheel Drive")),
            Drive::FourWd => Some(("4WD", "Four Wheel Drive")),
            Drive::Undriven => None,
        }
    }
}

/// Gearbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Trans {
    /// Automatic with this many gears (1 for electric, 0 for CVT).
    Auto(u8),
    /// Manual with this many gears.
    Manual(u8),
    /// No gearbox (caravans).
    Gearless,
}

/// One powertrain of a model: the name suffix, series code and engine figures.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Train {
    /// Appended to the name after the badge ("Hybrid AWD"); may be empty.
    pub label: &'static str,
    /// Series (chassis) code.
    pub series: &'static str,
    pub fuel: Fuel,
    /// Engine litres (0 for electric).
    pub litres: f32,
    pub cylinders: u8,
    pub turbo: bool,
    pub trans: Trans,
    pub drive: Drive,
    /// Combined consumption, L/100km (0 for electric).
    pub l100: f32,
    /// Torque, Nm.
    pub torque: u16,
    /// Added to the badge RRP.
    pub premium: u32,
}

/// One model on sale in Australia.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Model {
    pub make: &'static str,
    /// Other names dealers use for the make ("Isuzu" for "Isuzu UTE").
    #[serde(default, borrow)]
    pub aliases: Vec<&'static str>,
    pub model: &'static str,
    pub category: VehicleCategory,
    /// `simple_body`.
    pub body: &'static str,
    /// `bodyconfiguration`.
    pub bodycfg: &'static str,
    pub seats: u8,
    /// First and last model year sold new.
    pub years: (u16, u16),
    /// World manufacturer identifier (first three VIN characters).
    pub wmi: &'static str,
    /// ANCAP stars (0 = not rated).
    pub ancap: u8,
    /// Length, width, height in mm.
    pub dims: (u16, u16, u16),
    /// Gross vehicle mass (ATM for caravans), kg.
    pub gvm: u32,
    /// Fuel tank, litres (0 when none).
    pub tank: u16,
    /// Braked towing capacity, kg (0 when none).
    pub tow: u32,
    /// Badges with their current RRP in AUD.
    #[serde(borrow)]
    pub badges: Vec<(&'static str, u32)>,
    pub trains: Vec<Train>,
}

/// Exterior colours (name, hex) by category; each model offers a fixed subset.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Palettes {
    #[serde(borrow)]
    cars: Vec<(&'static str, &'static str)>,
    #[serde(borrow)]
    motorcycles: Vec<(&'static str, &'static str)>,
    #[serde(borrow)]
    caravans: Vec<(&'static str, &'static str)>,
    #[serde(borrow)]
    trucks: Vec<(&'static str, &'static str)>,
}

/// The whole of `data/catalogue.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "'de: 'static"))]
struct Catalogue {
    palettes: Palettes,
    models: Vec<Model>,
}

/// Parsed once, borrowing its strings from the embedded text; a unit test holds the file
/// to parsing, so the `expect` cannot fire in a tested build.
static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../data/catalogue.json"))
        .expect("data/catalogue.json is a sample catalogue")
});

/// Every model of the sample feed.
pub(crate) fn models() -> &'static [Model] {
    &CATALOGUE.models
}

/// Exterior colours (name, hex) of a category; each model offers a fixed subset.
pub(crate) fn palette(category: VehicleCategory) -> &'static [(&'static str, &'static str)] {
    let palettes = &CATALOGUE.palettes;
    match category {
        VehicleCategory::Cars => &palettes.cars,
        VehicleCategory::Motorcycles => &palettes.motorcycles,
        VehicleCategory::Caravans => &palettes.caravans,
        VehicleCategory::Trucks => &palettes.trucks,
    }
}

/// The colours a model is offered in: a fixed stride through its category's palette, so
/// every model has its own subset and the number of image files stays bounded.
pub(crate) fn model_colours(index: usize, model: &Model) -> Vec<(&'static str, &'static str)> {
    let palette = palette(model.category);
    let count = match model.category {
        VehicleCategory::Cars => 6,
        VehicleCategory::Motorcycles => 4,
        VehicleCategory::Caravans | VehicleCategory::Trucks => 3,
    };
    (0..count)
        .map(|k| palette[(index * 5 + k * 3) % palette.len()])
        .collect()
}

/// Whether a make name a dealer uses (any case, spaces and hyphens ignored) names this model's make.
pub(crate) fn make_matches(model: &Model, name: &str) -> bool {
    let key = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let wanted = key(name);
    key(model.make) == wanted || model.aliases.iter().any(|a| key(a) == wanted)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use domain::config::is_hex_colour;

    use super::*;

    const CATEGORIES: [VehicleCategory; 4] = [
        VehicleCategory::Cars,
        VehicleCategory::Motorcycles,
        VehicleCategory::Caravans,
        VehicleCategory::Trucks,
    ];

    /// The data file parses and still holds every make and model count the catalogue had
    /// when it was a Rust table (entries may be appended, never lost).
    #[test]
    fn the_catalogue_parses_with_every_make_it_had() {
        let json: serde_json::Value =
            serde_json::from_str(include_str!("../data/catalogue.json")).expect("valid JSON");
        assert_eq!(
            json["models"].as_array().map(Vec::len),
            Some(models().len())
        );
        for (category, at_least) in CATEGORIES.into_iter().zip([76, 15, 6, 4]) {
            let count = models().iter().filter(|m| m.category == category).count();
            assert!(count >= at_least, "{category:?}: {count} models");
        }
        let makes: BTreeSet<&str> = models().iter().map(|m| m.make).collect();
        for make in [
            "Audi",
            "BMW",
            "BYD",
            "Chery",
            "Chevrolet",
            "Coromal",
            "Crusader",
            "Cupra",
            "Ducati",
            "Ford",
            "Fuso",
            "GWM",
            "Genesis",
            "Harley-Davidson",
            "Hino",
            "Holden",
            "Honda",
            "Hyundai",
            "Isuzu Trucks",
            "Isuzu UTE",
            "Jayco",
            "Jeep",
            "KGM SsangYong",
            "KTM",
            "Kawasaki",
            "Kia",
            "LDV",
            "Land Rover",
            "Lexus",
            "Lotus Caravans",
            "MG",
            "Mazda",
            "Mercedes-Benz",
            "Mitsubishi",
            "Nissan",
            "Omoda",
            "Peugeot",
            "Polestar",
            "Ram",
            "Renault",
            "Skoda",
            "Subaru",
            "Suzuki",
            "Tesla",
            "Toyota",
            "Triumph",
            "UD Trucks",
            "Volkswagen",
            "Volvo",
            "Yamaha",
        ] {
            assert!(makes.contains(make), "{make} is missing");
        }
    }

    /// Each model can be drawn: it has badges and powertrains that fit its category, and
    /// its category's palette has the colours [`model_colours`] takes from it.
    #[test]
    fn every_model_is_complete() {
        for category in CATEGORIES {
            assert!(palette(category).len() >= 3, "{category:?}");
            for (name, hex) in palette(category) {
                assert!(is_hex_colour(hex), "{name}: {hex}");
            }
        }
        for (index, model) in models().iter().enumerate() {
            let name = format!("{} {}", model.make, model.model);
            assert!(
                !model.badges.is_empty() && !model.trains.is_empty(),
                "{name}"
            );
            assert!(model.badges.iter().all(|(_, rrp)| *rrp > 0), "{name}");
            assert!(model.years.0 <= model.years.1, "{name}");
            assert_eq!(model.wmi.len(), 3, "{name}");
            assert!(!model_colours(index, model).is_empty(), "{name}");
            for train in &model.trains {
                let caravan = model.category == VehicleCategory::Caravans;
                assert_eq!(caravan, train.fuel == Fuel::Unfuelled, "{name}");
                match train.fuel {
                    Fuel::Electric => {
                        assert_eq!((train.litres, train.l100), (0.0, 0.0), "{name}");
                        assert_eq!(train.trans, Trans::Auto(1), "{name}");
                    }
                    Fuel::Unfuelled => {
                        assert_eq!(train.trans, Trans::Gearless, "{name}");
                        assert_eq!(train.drive, Drive::Undriven, "{name}");
                    }
                    _ => assert!(train.litres > 0.0 && train.l100 > 0.0, "{name}"),
                }
            }
        }
    }
}
