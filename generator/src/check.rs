//! `forecourt check` and `forecourt schema`: validate the dealers folder and publish the
//! JSON Schemas of its files.
//!
//! [`check`] loads every dealer (all errors of all files at once, see
//! `domain::config::ConfigErrors`) and returns a summary with warnings that do not stop a
//! build (expired offers, stale schema files, ...). [`schema_json`] is the schema of
//! dealer.toml; [`file_schemas`] lists every schema file under dealers/ so editors that
//! read the `#:schema` comment (taplo, Even Better TOML) complete and check each file.

use std::fmt;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use domain::config::{
    load_dealers, BrandsFile, ConfigErrors, Dealer, DealerConfig, LocationsFile, OffersFile,
    PartsFile,
};
use domain::entities::Model;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;

/// One dealer in a check report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealerSummary {
    /// Dealer slug.
    pub slug: String,
    /// Trading name.
    pub name: String,
    /// Domains served.
    pub domains: Vec<String>,
    /// Number of locations.
    pub locations: usize,
    /// Number of brands.
    pub brands: usize,
    /// Number of model pages.
    pub models: usize,
    /// Number of special offers.
    pub offers: usize,
    /// Number of parts in the parts catalogue.
    pub parts: usize,
    /// Number of static pages.
    pub pages: usize,
}

/// The result of a successful check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    /// The dealers found, sorted by folder name.
    pub dealers: Vec<DealerSummary>,
    /// Problems that do not stop a build, one sentence each, naming the file.
    pub warnings: Vec<String>,
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for dealer in &self.dealers {
            writeln!(
                f,
                "ok {}: {} ({}), {} locations, {} brands, {} models, {} offers, {} parts, {} pages",
                dealer.slug,
                dealer.name,
                if dealer.domains.is_empty() {
                    "no domains".to_string()
                } else {
                    dealer.domains.join(", ")
                },
                dealer.locations,
                dealer.brands,
                dealer.models,
                dealer.offers,
                dealer.parts,
                dealer.pages
            )?;
        }
        for warning in &self.warnings {
            writeln!(f, "warning: {warning}")?;
        }
        write!(
            f,
            "{} dealers checked, {} warnings",
            self.dealers.len(),
            self.warnings.len()
        )
    }
}

/// Checks the dealers folder `dir` as of today (Australia/Brisbane calendar day is close
/// enough to UTC's for expiry warnings, which are only advice).
pub fn check(dir: &Path) -> Result<CheckReport, ConfigErrors> {
    check_on(dir, chrono::Utc::now().date_naive())
}

/// Checks the dealers folder `dir`, judging offer and promo expiry against `today`.
pub fn check_on(dir: &Path, today: NaiveDate) -> Result<CheckReport, ConfigErrors> {
    let dealers = load_dealers(dir)?;
    let mut warnings = Vec::new();
    for dealer in &dealers {
        warnings.extend(dealer_warnings(dealer, today));
    }
    warnings.extend(stale_schemas(dir));
    let dealers = dealers
        .iter()
        .map(|d| DealerSummary {
            slug: d.config.slug.clone(),
            name: d.config.name.clone(),
            domains: d.config.domains.clone(),
            locations: d.locations.len(),
            brands: d.brands.len(),
            models: d.models.len(),
            offers: d.offers.len(),
            parts: d.parts.len(),
            pages: d.pages.len(),
        })
        .collect();
    Ok(CheckReport { dealers, warnings })
}

fn dealer_warnings(dealer: &Dealer, today: NaiveDate) -> Vec<String> {
    let mut warnings = Vec::new();
    let dir = dealer.dir.display();
    if dealer.locations.is_empty() {
        warnings.push(format!(
            "{dir}/locations.toml: no locations; the dealer locator and location pages stay empty"
        ));
    }
    for (i, location) in dealer.locations.iter().enumerate() {
        if location.contact_detail.opening_hours.is_empty() {
            warnings.push(format!(
                "{dir}/locations.toml: locations[{i}].contact_detail.opening_hours: none given; no opening hours are shown for {}",
                location.slug
            ));
        }
    }
    for (i, offer) in dealer.offers.iter().enumerate() {
        if offer.expiry.is_some_and(|expiry| expiry < today) {
            warnings.push(format!(
                "{dir}/offers.toml: offers[{i}].expiry: offer {} expired and is not shown",
                offer.id
            ));
        }
    }
    for (i, promo) in dealer.promos.iter().enumerate() {
        if promo.expiry.is_some_and(|expiry| expiry < today) {
            warnings.push(format!(
                "{dir}/offers.toml: promos[{i}].expiry: promo expired and is not shown"
            ));
        }
    }
    let service = &dealer.config.service;
    if service.booking_embed && service.booking_embed_url.is_none() {
        warnings.push(format!(
            "{dir}/dealer.toml: service.booking_embed_url: missing; the service page shows \"{}\"",
            domain::messages::NO_XTIME_URL
        ));
    }
    if dealer.config.leads.webhook_url.is_none() && dealer.config.leads.adf_webhook_url.is_none() {
        warnings.push(format!(
            "{dir}/dealer.toml: leads: no webhook; leads are stored but not delivered"
        ));
    }
    warnings
}

fn stale_schemas(dir: &Path) -> Vec<String> {
    file_schemas()
        .into_iter()
        .filter_map(|(path, json)| {
            let file = dir.join(path);
            let current = std::fs::read_to_string(&file).ok();
            (current.as_deref() != Some(json.as_str())).then(|| {
                format!(
                    "{}: out of date with the code; run `make schema`",
                    file.display()
                )
            })
        })
        .collect()
}

fn schema_of<T: JsonSchema>() -> String {
    let schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>();
    let mut json = serde_json::to_string_pretty(&schema).expect("a JSON Schema always serializes");
    json.push('\n');
    json
}

/// The JSON Schema of dealer.toml (committed as dealers/schema.json).
pub fn schema_json() -> String {
    schema_of::<DealerConfig>()
}

/// Every schema file under dealers/: (path relative to dealers/, JSON text).
pub fn file_schemas() -> Vec<(&'static str, String)> {
    vec![
        ("schema.json", schema_json()),
        ("schema/locations.json", schema_of::<LocationsFile>()),
        ("schema/brands.json", schema_of::<BrandsFile>()),
        ("schema/offers.json", schema_of::<OffersFile>()),
        ("schema/parts.json", schema_of::<PartsFile>()),
        ("schema/model.json", schema_of::<Model>()),
    ]
}

/// Writes every schema file under `dealers_dir` (what `make schema` runs); returns the
/// files written.
pub fn write_schemas(dealers_dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for (path, json) in file_schemas() {
        let file = dealers_dir.join(path);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&file, json)?;
        written.push(file);
    }
    Ok(written)
}
