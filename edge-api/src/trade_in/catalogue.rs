//! The makes and models the valuation form offers: a catalogue compiled in
//! (`data/trade_in_catalogue.toml`) and the models the market can value.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::api::MakeModels;

/// The makes and models shoppers own, by vehicle category (see the file's header).
pub const CATALOGUE_TOML: &str = include_str!("../../data/trade_in_catalogue.toml");

/// Makes with their models, by vehicle category.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Catalogue {
    #[serde(default)]
    cars: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    motorcycles: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    caravans: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    trucks: BTreeMap<String, Vec<String>>,
}

/// The catalogue compiled in, read once (the API tests read it through the options; a file
/// that did not parse would offer only the market's models).
fn catalogue() -> &'static Catalogue {
    static CATALOGUE: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
    CATALOGUE.get_or_init(|| {
        toml::from_str(CATALOGUE_TOML).unwrap_or_else(|e| {
            tracing::error!(error = %e, "the trade-in catalogue does not parse");
            Catalogue::default()
        })
    })
}

/// The makes and models the form offers: the catalogue's cars, its motorcycles, caravans
/// and trucks where the dealer sells a make of that category, and every model the market
/// can value; one entry per make (ignoring case), makes and models sorted ignoring case.
pub fn offered_models(
    dealer_makes: &[String],
    valued: Vec<(String, Vec<String>)>,
) -> Vec<MakeModels> {
    let catalogue = catalogue();
    let sells = |category: &BTreeMap<String, Vec<String>>| {
        category
            .keys()
            .any(|make| dealer_makes.iter().any(|m| m.eq_ignore_ascii_case(make)))
    };
    let mut groups: Vec<&BTreeMap<String, Vec<String>>> = vec![&catalogue.cars];
    groups.extend(
        [
            &catalogue.motorcycles,
            &catalogue.caravans,
            &catalogue.trucks,
        ]
        .into_iter()
        .filter(|c| sells(c)),
    );
    // make key -> (make as written, model key -> (model as written, valued))
    type Models = BTreeMap<String, (String, bool)>;
    let mut makes: BTreeMap<String, (String, Models)> = BTreeMap::new();
    let mut add = |make: &str, models: &mut dyn Iterator<Item = String>, valued: bool| {
        let entry = makes
            .entry(make.to_lowercase())
            .or_insert_with(|| (make.to_owned(), BTreeMap::new()));
        for model in models {
            entry
                .1
                .entry(model.to_lowercase())
                .or_insert((model, false))
                .1 |= valued;
        }
    };
    for group in groups {
        for (make, models) in group {
            add(make, &mut models.iter().cloned(), false);
        }
    }
    for (make, models) in valued {
        add(&make, &mut models.into_iter(), true);
    }
    makes
        .into_values()
        .map(|(make, models)| MakeModels {
            make,
            valued: models
                .values()
                .filter(|(_, valued)| *valued)
                .map(|(m, _)| m.clone())
                .collect(),
            models: models.into_values().map(|(m, _)| m).collect(),
        })
        .collect()
}
