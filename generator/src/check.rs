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
    load_dealers, BrandsFile, ConfigError, ConfigErrors, Dealer, DealerConfig, LocationsFile,
    OffersFile, PartsFile,
};
use domain::entities::Model;
use domain::rules::constants::CARD_BUTTONS_SHOWN;
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
    let secrets = secret_keys(dir);
    let dealers = match load_dealers(dir) {
        Ok(dealers) if secrets.is_empty() => dealers,
        Ok(_) => return Err(ConfigErrors(secrets)),
        Err(ConfigErrors(mut errors)) => {
            errors.extend(secrets);
            return Err(ConfigErrors(errors));
        }
    };
    let card_errors: Vec<ConfigError> = dealers.iter().filter_map(card_key_error).collect();
    if !card_errors.is_empty() {
        return Err(ConfigErrors(card_errors));
    }
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

/// Stripe secret (`sk_`) and restricted (`rk_`) keys found in any file under the dealers
/// folder: dealer files are committed and published, and such a key moves money. TOML
/// files are read as TOML so the error names the key; other text files by line.
fn secret_keys(dir: &Path) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    for entry in walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
    {
        let path = entry.path();
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let toml_value = (path.extension().and_then(|e| e.to_str()) == Some("toml"))
            .then(|| text.parse::<toml::Table>().ok())
            .flatten();
        match toml_value {
            Some(table) => {
                let mut found = Vec::new();
                toml_secrets(&toml::Value::Table(table), String::new(), &mut found);
                for key in found {
                    errors.push(ConfigError::new(path, key, SECRET_KEY_MESSAGE));
                }
            }
            None => {
                for (line, content) in text.lines().enumerate() {
                    if content
                        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .any(is_secret_key)
                    {
                        let mut error = ConfigError::new(path, "", SECRET_KEY_MESSAGE);
                        error.position = Some((line + 1, 1));
                        errors.push(error);
                    }
                }
            }
        }
    }
    errors
}

/// What `forecourt check` says about a secret key in a dealer file.
const SECRET_KEY_MESSAGE: &str = "a Stripe secret or restricted key (sk_... or rk_...) must never be in a dealer file: remove it, roll the key in Stripe's dashboard, and give the API its secret key through FORECOURT_STRIPE_SECRET_KEY; a dealer file names only the publishable key (reserve.stripe_publishable_key = \"pk_...\")";

/// Whether a word is a Stripe secret or restricted key (`sk_test_...`, `rk_live_...`).
fn is_secret_key(word: &str) -> bool {
    let word = word.trim();
    ["sk_", "rk_"].iter().any(|prefix| {
        word.strip_prefix(prefix)
            .and_then(|rest| {
                rest.strip_prefix("test_")
                    .or_else(|| rest.strip_prefix("live_"))
            })
            .is_some_and(|rest| !rest.is_empty())
    })
}

/// The dotted keys of every string in a TOML value holding a secret key.
fn toml_secrets(value: &toml::Value, key: String, found: &mut Vec<String>) {
    match value {
        toml::Value::String(text)
            if text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(is_secret_key) =>
        {
            found.push(key);
        }
        toml::Value::Table(table) => {
            for (name, value) in table {
                let path = if key.is_empty() {
                    name.clone()
                } else {
                    format!("{key}.{name}")
                };
                toml_secrets(value, path, found);
            }
        }
        toml::Value::Array(items) => {
            for (i, value) in items.iter().enumerate() {
                toml_secrets(value, format!("{key}[{i}]"), found);
            }
        }
        _ => {}
    }
}

/// A dealer taking deposits by card needs its publishable key, and only that kind of key.
fn card_key_error(dealer: &Dealer) -> Option<ConfigError> {
    let reserve = &dealer.config.reserve;
    if reserve.payment != domain::config::ReservePayment::Stripe {
        return None;
    }
    let file = dealer.dir.join("dealer.toml");
    match reserve.stripe_publishable_key.as_deref().map(str::trim) {
        Some(key) if key.starts_with("pk_test_") || key.starts_with("pk_live_") => None,
        Some(_) => Some(ConfigError::new(
            file,
            "reserve.stripe_publishable_key",
            "must be the dealer's Stripe publishable key, starting pk_test_ or pk_live_",
        )),
        None => Some(ConfigError::new(
            file,
            "reserve.stripe_publishable_key",
            "is required with payment = \"stripe\": the dealer's Stripe publishable key (pk_test_... or pk_live_...)",
        )),
    }
}

fn dealer_warnings(dealer: &Dealer, today: NaiveDate) -> Vec<String> {
    let mut warnings = Vec::new();
    let dir = dealer.dir.display();
    let buttons = &dealer.config.search.card_buttons;
    if buttons.len() > CARD_BUTTONS_SHOWN {
        // The snake_case names the dealer wrote in dealer.toml.
        let hidden: Vec<String> = buttons[CARD_BUTTONS_SHOWN..]
            .iter()
            .map(|b| {
                serde_json::to_value(b)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_else(|| format!("{b:?}"))
            })
            .collect();
        warnings.push(format!(
            "{dir}/dealer.toml: search.card_buttons: {} buttons listed but a card shows {CARD_BUTTONS_SHOWN} at once; {} only under its More menu",
            buttons.len(),
            hidden.join(", ")
        ));
    }
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
    for (i, slide) in dealer.slides.iter().enumerate() {
        if slide.expiry.is_some_and(|expiry| expiry < today) {
            warnings.push(format!(
                "{dir}/offers.toml: slides[{i}].expiry: slide expired and is not shown"
            ));
        }
    }
    for page in &dealer.pages {
        if page.expiry.is_some_and(|expiry| expiry < today) {
            warnings.push(format!(
                "{dir}/pages/{}.md: expiry: the sale ended; its page says so and nothing links to it",
                page.slug
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
    for problem in domain::view::figures::contradicted_figures(dealer) {
        warnings.push(format!("{dir}/{problem}"));
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
