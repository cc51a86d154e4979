//! Reading dealer folders. Each TOML file is parsed once into toml's spanned document
//! tree, then deserialized with serde_path_to_error; after an error the offending key is
//! removed from the tree and deserialization is retried, so one run reports every bad
//! key of a file (not only the first) with its line and column. Semantic checks run
//! after all files of all dealers parsed, and every error is returned together.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::error::{describe, line_col, unknown_key_message, ConfigError, ConfigErrors, Problem};
use super::page::{split, FrontMatter, PageSource};
use super::validate;
use super::{BrandsFile, ContentPage, Dealer, DealerConfig, LocationsFile, OffersFile, PartsFile};
use crate::entities::Model;
use crate::entities::SpecialHours;

/// Files a dealer folder may hold at its top level (besides images and other assets).
pub(crate) const DEALER_FILES: [&str; 5] = [
    "dealer.toml",
    "locations.toml",
    "brands.toml",
    "offers.toml",
    "parts.toml",
];

/// Most errors reported for one file before giving up on it.
const MAX_ERRORS_PER_FILE: usize = 50;

/// The sources read so far, to place semantic errors on their line.
#[derive(Default)]
pub(crate) struct Sources {
    /// File -> (TOML text, byte offset of that text in the file).
    files: BTreeMap<PathBuf, (String, usize)>,
    /// Full text of each file, for line numbers.
    full: BTreeMap<PathBuf, String>,
}

impl Sources {
    /// Fills in the position of errors that name a key but have none.
    pub(crate) fn place(&self, errors: &mut [ConfigError]) {
        for error in errors
            .iter_mut()
            .filter(|e| e.position.is_none() && !e.key.is_empty())
        {
            let (Some((toml_text, offset)), Some(full)) =
                (self.files.get(&error.file), self.full.get(&error.file))
            else {
                continue;
            };
            let Ok(root) = DeTable::parse(toml_text) else {
                continue;
            };
            let root = Spanned::new(root.span(), DeValue::Table(root.into_inner()));
            if let Some(span) = span_of(&root, &parse_key_path(&error.key)) {
                error.position = Some(line_col(full, offset + span.start));
            }
        }
    }
}

/// Loads every dealer under `dir` (each sub-folder with a dealer.toml, sorted by name)
/// and checks them together (domains unique across dealers).
pub fn load_dealers(dir: &Path) -> Result<Vec<Dealer>, ConfigErrors> {
    let mut errors = Vec::new();
    let mut sources = Sources::default();
    let mut read = Vec::new();
    let entries = walkdir::WalkDir::new(dir)
        .min_depth(1)
        .max_depth(1)
        .sort_by_file_name();
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                errors.push(ConfigError::new(
                    dir,
                    "",
                    format!("cannot read the folder: {error}"),
                ));
                continue;
            }
        };
        if !entry.file_type().is_dir() || entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let folder = entry.path();
        if folder.join("dealer.toml").is_file() {
            read.extend(read_dealer(folder, &mut sources, &mut errors));
        } else if has_toml(folder) {
            errors.push(ConfigError::new(
                folder.join("dealer.toml"),
                "",
                "missing file; every dealer folder needs a dealer.toml",
            ));
        }
    }
    if read.is_empty() && errors.is_empty() {
        errors.push(ConfigError::new(
            dir,
            "",
            "no dealer folders found (a dealer folder holds a dealer.toml)",
        ));
    }
    for one in &read {
        errors.extend(one.validate());
    }
    let dealers: Vec<Dealer> = read.into_iter().map(Read::into_dealer).collect();
    errors.extend(validate::across(&dealers));
    finish(dealers, errors, &sources)
}

/// Loads and checks the one dealer folder `dir`.
pub fn load_dealer(dir: &Path) -> Result<Dealer, ConfigErrors> {
    let mut errors = Vec::new();
    let mut sources = Sources::default();
    let read = read_dealer(dir, &mut sources, &mut errors);
    if let Some(one) = &read {
        errors.extend(one.validate());
    }
    match (read, finish((), errors, &sources)) {
        (Some(one), Ok(())) => Ok(one.into_dealer()),
        (_, Err(errors)) => Err(errors),
        (None, Ok(())) => Err(ConfigErrors(vec![ConfigError::new(
            dir.join("dealer.toml"),
            "",
            "cannot be loaded",
        )])),
    }
}

fn finish<T>(value: T, mut errors: Vec<ConfigError>, sources: &Sources) -> Result<T, ConfigErrors> {
    if errors.is_empty() {
        return Ok(value);
    }
    sources.place(&mut errors);
    // File by file, top to bottom; errors without a line keep their order at the end.
    errors.sort_by(|a, b| {
        let line = |e: &ConfigError| e.position.unwrap_or((usize::MAX, usize::MAX));
        a.file.cmp(&b.file).then(line(a).cmp(&line(b)))
    });
    Err(ConfigErrors(errors))
}

fn has_toml(folder: &Path) -> bool {
    std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .flatten()
                .any(|e| e.path().extension().is_some_and(|ext| ext == "toml"))
        })
        .unwrap_or(false)
}

/// Reads every file of one dealer folder; parse errors go to `errors`.
fn read_dealer(dir: &Path, sources: &mut Sources, errors: &mut Vec<ConfigError>) -> Option<Read> {
    let config: Option<DealerConfig> = read_toml(&dir.join("dealer.toml"), true, sources, errors);
    let locations: Option<LocationsFile> =
        read_toml(&dir.join("locations.toml"), false, sources, errors);
    let before_brands = errors.len();
    let brands: Option<BrandsFile> = read_toml(&dir.join("brands.toml"), false, sources, errors);
    let brands_ok = errors.len() == before_brands;
    let offers: Option<OffersFile> = read_toml(&dir.join("offers.toml"), false, sources, errors);
    let parts: Option<PartsFile> = read_toml(&dir.join("parts.toml"), false, sources, errors);
    check_top_level_files(dir, errors);
    let (models, model_files) = read_models(&dir.join("models"), sources, errors);
    let pages = read_pages(&dir.join("pages"), sources, errors);
    // Files that failed to parse are left out here; what did parse is still checked, so
    // one run reports the semantic problems of the good files too.
    let offers = offers.unwrap_or_default();
    let locations = locations.unwrap_or_default();
    let dealer = Dealer {
        config: config?,
        locations: locations.locations,
        offers: offers.offers,
        models,
        promos: offers.promos,
        slides: offers.slides,
        banners: offers.banners,
        brands: brands.unwrap_or_default().brands,
        parts: parts.unwrap_or_default().parts,
        pages,
        dir: dir.to_path_buf(),
    };
    Some(Read {
        dealer,
        special_hours: locations.special_hours,
        brands_ok,
        model_files,
    })
}

/// A dealer whose dealer.toml parsed (other files may have failed).
struct Read {
    dealer: Dealer,
    /// locations.toml's file-level `[[special_hours]]`, added to their locations once
    /// checked.
    special_hours: Vec<SpecialHours>,
    /// brands.toml parsed (or is absent), so checks against the brands are meaningful.
    brands_ok: bool,
    /// The file of each model, in the order of `dealer.models`.
    model_files: Vec<PathBuf>,
}

impl Read {
    fn validate(&self) -> Vec<ConfigError> {
        validate::dealer(
            &self.dealer,
            &self.special_hours,
            self.brands_ok,
            &self.model_files,
        )
    }

    /// The dealer with every special hours entry under its location, in the first of the
    /// seed's spellings (`location_id`, `start_hour`/`end_hour`).
    fn into_dealer(self) -> Dealer {
        let mut dealer = self.dealer;
        for mut special in self.special_hours {
            special.normalize();
            let target = special.location_id;
            if let Some(location) = dealer.locations.iter_mut().find(|l| Some(l.id) == target) {
                location.special_hours.push(special);
            }
        }
        for location in &mut dealer.locations {
            for special in &mut location.special_hours {
                special.normalize();
                special.location_id = Some(location.id);
            }
            location.special_hours.sort_by_key(|s| s.date);
        }
        dealer
    }
}

/// A misspelt file name would silently be ignored, so TOML files must be known ones.
fn check_top_level_files(dir: &Path, errors: &mut Vec<ConfigError>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".toml") && !DEALER_FILES.contains(&name.as_str()))
        .collect();
    names.sort();
    let allowed: Vec<String> = DEALER_FILES.iter().map(|s| s.to_string()).collect();
    for name in names {
        let mut message = "unknown file".to_string();
        match super::error::closest(&name, &allowed) {
            Some(best) => message.push_str(&format!("; did you mean `{best}`?")),
            None => message.push(';'),
        }
        message.push_str(&format!(
            " allowed: {}, models/*.toml, pages/*.md",
            allowed.join(", ")
        ));
        errors.push(ConfigError::new(dir.join(name), "", message));
    }
}

fn files_with_extension(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .min_depth(1)
        .max_depth(1)
        .into_iter()
        .flatten()
        .filter(|e| {
            e.file_type().is_file() && e.path().extension().is_some_and(|ext| ext == extension)
        })
        .map(|e| e.into_path())
        .collect();
    files.sort();
    files
}

fn read_models(
    dir: &Path,
    sources: &mut Sources,
    errors: &mut Vec<ConfigError>,
) -> (Vec<Model>, Vec<PathBuf>) {
    let mut models: Vec<(Model, PathBuf)> = Vec::new();
    for file in files_with_extension(dir, "toml") {
        if let Some(model) = read_toml::<Model>(&file, true, sources, errors) {
            models.push((model, file));
        }
    }
    models.sort_by(|a, b| a.0.slug.cmp(&b.0.slug));
    models.into_iter().unzip()
}

fn read_pages(
    dir: &Path,
    sources: &mut Sources,
    errors: &mut Vec<ConfigError>,
) -> Vec<ContentPage> {
    let mut pages = Vec::new();
    for file in files_with_extension(dir, "md") {
        let slug = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let source = match std::fs::read_to_string(&file) {
            Ok(source) => source,
            Err(error) => {
                errors.push(ConfigError::new(
                    &file,
                    "",
                    format!("cannot read the file: {error}"),
                ));
                continue;
            }
        };
        let default_path = format!("/pages/{slug}");
        let page = match split(&source) {
            PageSource::FrontMatter { toml, offset, body } => {
                sources.full.insert(file.clone(), source.clone());
                parse_toml::<FrontMatter>(&file, toml, offset, &source, sources, errors).map(
                    |front| ContentPage {
                        slug: slug.clone(),
                        title: front.title,
                        path: front.path.unwrap_or(default_path),
                        description: front.description,
                        markdown: body.to_string(),
                        expiry: front.expiry,
                    },
                )
            }
            PageSource::Heading { title, body } => Some(ContentPage {
                slug: slug.clone(),
                title: title.to_string(),
                path: default_path,
                description: None,
                markdown: body.to_string(),
                expiry: None,
            }),
            PageSource::Untitled => {
                errors.push(ConfigError {
                    position: Some((1, 1)),
                    ..ConfigError::new(
                        &file,
                        "",
                        "a page starts with a `# Title` line or with front matter between `+++` lines holding `title = \"...\"`",
                    )
                });
                None
            }
            PageSource::UnclosedFrontMatter => {
                errors.push(ConfigError {
                    position: Some((1, 1)),
                    ..ConfigError::new(
                        &file,
                        "",
                        "the front matter opened with `+++` is never closed by a `+++` line",
                    )
                });
                None
            }
        };
        pages.extend(page);
    }
    pages.sort_by(|a, b| a.slug.cmp(&b.slug));
    pages
}

/// Reads and deserializes one TOML file; `None` when absent (and not required) or bad.
fn read_toml<T: DeserializeOwned>(
    file: &Path,
    required: bool,
    sources: &mut Sources,
    errors: &mut Vec<ConfigError>,
) -> Option<T> {
    let source = match std::fs::read_to_string(file) {
        Ok(source) => source,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound && !required => return None,
        Err(error) => {
            errors.push(ConfigError::new(
                file,
                "",
                format!("cannot read the file: {error}"),
            ));
            return None;
        }
    };
    sources.full.insert(file.to_path_buf(), source.clone());
    parse_toml(file, &source, 0, &source, sources, errors)
}

/// One step of a key path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

fn format_path(steps: &[Step]) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            Step::Key(key) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Step::Index(index) => out.push_str(&format!("[{index}]")),
        }
    }
    out
}

/// Parses `a.b[2].c` back into steps (keys in dealer files never hold `.` or `[`).
fn parse_key_path(key: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    for part in key.split('.') {
        let mut rest = part;
        if let Some(open) = rest.find('[') {
            if open > 0 {
                steps.push(Step::Key(rest[..open].to_string()));
            }
            rest = &rest[open..];
            while let Some(stripped) = rest.strip_prefix('[') {
                let Some(close) = stripped.find(']') else {
                    break;
                };
                if let Ok(index) = stripped[..close].parse() {
                    steps.push(Step::Index(index));
                }
                rest = &stripped[close + 1..];
            }
        } else if !rest.is_empty() {
            steps.push(Step::Key(rest.to_string()));
        }
    }
    steps
}

fn value_at<'a, 'i>(
    root: &'a Spanned<DeValue<'i>>,
    steps: &[Step],
) -> Option<&'a Spanned<DeValue<'i>>> {
    let mut value = root;
    for step in steps {
        value = match (step, value.get_ref()) {
            (Step::Key(key), DeValue::Table(table)) => table.get(key.as_str())?,
            (Step::Index(index), DeValue::Array(array)) => array.get(*index)?,
            _ => return None,
        };
    }
    Some(value)
}

/// Span of the deepest node of `steps` that exists (a key's value, else its table).
fn span_of(root: &Spanned<DeValue<'_>>, steps: &[Step]) -> Option<std::ops::Range<usize>> {
    // The whole document is no place to point at, so the search stops above the root.
    (1..=steps.len())
        .rev()
        .find_map(|n| value_at(root, &steps[..n]).map(Spanned::span))
}

/// Removes the value of the last key of `steps`; false when nothing could be removed.
fn remove_last_key(root: &mut Spanned<DeValue<'_>>, steps: &[Step]) -> bool {
    let Some(last_key) = steps.iter().rposition(|s| matches!(s, Step::Key(_))) else {
        return false;
    };
    let Step::Key(key) = &steps[last_key] else {
        return false;
    };
    let mut value = root.get_mut();
    for step in &steps[..last_key] {
        value = match (step, value) {
            (Step::Key(k), DeValue::Table(table)) => match table.get_mut(k.as_str()) {
                Some(v) => v.get_mut(),
                None => return false,
            },
            (Step::Index(i), DeValue::Array(array)) => match array.get_mut(*i) {
                Some(v) => v.get_mut(),
                None => return false,
            },
            _ => return false,
        };
    }
    match value {
        DeValue::Table(table) => table.remove(key.as_str()).is_some(),
        _ => false,
    }
}

/// The message for a key dealer files no longer have, saying what replaced it (the
/// generic "unknown key" would leave a dealer guessing).
fn retired_key_message(file: &Path, steps: &[Step]) -> Option<String> {
    let in_dealer_file = file.file_name().is_some_and(|name| name == "dealer.toml");
    match steps {
        // A dealer file ships to production, so it can never open the development door.
        [Step::Key(key)] if in_dealer_file && key == "dev_mode" => Some(
            "not a dealer setting: development endpoints (/api/dev/*) are turned on only by starting the local server with `--dev-mode` (`forecourt-api --dev-mode`, as `make serve` does); remove this key"
                .to_string(),
        ),
        // The panel became a seed 001 s3 website session plugin; the key would otherwise
        // read as merely unknown.
        [Step::Key(features), Step::Key(autogauge), Step::Key(enabled)]
            if in_dealer_file
                && features == "features"
                && autogauge == "autogauge"
                && enabled == "enabled" =>
        {
            Some(
                "moved: the price comparison panel is the website session plugin \"Autogauge\"; write `session_plugins = [\"Autogauge\", \"PPSR Report\"]` near the top of dealer.toml (keep the plugins the site has) and remove this key"
                    .to_string(),
            )
        }
        _ => None,
    }
}

/// Deserializes `text` (which starts at byte `offset` of the file `full`), collecting
/// every error: after each one the offending key is dropped and the rest re-checked.
fn parse_toml<T: DeserializeOwned>(
    file: &Path,
    text: &str,
    offset: usize,
    full: &str,
    sources: &mut Sources,
    errors: &mut Vec<ConfigError>,
) -> Option<T> {
    sources
        .files
        .insert(file.to_path_buf(), (text.to_string(), offset));
    let position =
        |span: Option<std::ops::Range<usize>>| span.map(|span| line_col(full, offset + span.start));
    let root = match DeTable::parse(text) {
        Ok(root) => root,
        Err(error) => {
            let message = error
                .message()
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>();
            errors.push(ConfigError {
                position: position(error.span()),
                ..ConfigError::new(file, "", format!("not valid TOML: {}", message.join("; ")))
            });
            return None;
        }
    };
    let mut root = Spanned::new(root.span(), DeValue::Table(root.into_inner()));
    // Keys dropped after their error was reported (a later "missing" for them is not news).
    let mut removed: Vec<Vec<Step>> = Vec::new();
    // Array elements dropped: (path of the array, original index), oldest first, so
    // later errors still name the original index.
    let mut dropped: Vec<(Vec<Step>, usize)> = Vec::new();
    let mut found = 0;
    loop {
        let DeValue::Table(table) = root.get_ref().clone() else {
            return None;
        };
        let deserializer = toml::de::Deserializer::from(Spanned::new(root.span(), table));
        let error = match serde_path_to_error::deserialize::<_, T>(deserializer) {
            Ok(value) => return (found == 0).then_some(value),
            Err(error) => error,
        };
        // Steps in the pruned tree (to edit it) and in the file (to report).
        let mut tree_steps: Vec<Step> = Vec::new();
        for segment in error.path() {
            match segment {
                serde_path_to_error::Segment::Map { key } => {
                    tree_steps.push(Step::Key(key.clone()))
                }
                serde_path_to_error::Segment::Seq { index } => tree_steps.push(Step::Index(*index)),
                serde_path_to_error::Segment::Enum { .. }
                | serde_path_to_error::Segment::Unknown => {}
            }
        }
        let inner = error.into_inner();
        let span = inner.span().or_else(|| span_of(&root, &tree_steps));
        let problem = describe(inner.message());
        if let Problem::UnknownKey(key, _) = &problem {
            if tree_steps.last() != Some(&Step::Key(key.clone())) {
                tree_steps.push(Step::Key(key.clone()));
            }
        }
        if let Problem::MissingKey(key) = &problem {
            let mut missing = tree_steps.clone();
            missing.push(Step::Key(key.clone()));
            if removed.contains(&original_steps(&missing, &dropped)) {
                // Its wrong value was already reported; drop the whole array element
                // holding it (if any) so the rest of the file is still checked.
                match drop_enclosing_element(&mut root, &tree_steps) {
                    Some((array, index)) => {
                        let original = original_steps(&array, &dropped);
                        let original_index = original_index(&original, index, &dropped);
                        dropped.push((original, original_index));
                        continue;
                    }
                    None => return None,
                }
            }
        }
        let file_steps = original_steps(&tree_steps, &dropped);
        let (key_steps, message, removable, position) = match problem {
            Problem::UnknownKey(key, allowed) => {
                let message = retired_key_message(file, &file_steps)
                    .unwrap_or_else(|| unknown_key_message(&key, &allowed));
                (file_steps, message, true, position(span))
            }
            Problem::MissingKey(key) => {
                let mut key_steps = file_steps;
                let top_level = key_steps.is_empty();
                key_steps.push(Step::Key(key));
                // A missing top-level key has no place in the file to point at.
                let position = if top_level { None } else { position(span) };
                (
                    key_steps,
                    "missing required key".to_string(),
                    false,
                    position,
                )
            }
            Problem::Other(message) => (file_steps, message, true, position(span)),
        };
        errors.push(ConfigError {
            position,
            ..ConfigError::new(file, format_path(&key_steps), message)
        });
        found += 1;
        if !removable || found >= MAX_ERRORS_PER_FILE || !remove_last_key(&mut root, &tree_steps) {
            return None;
        }
        if let Some(last) = key_steps.iter().rposition(|s| matches!(s, Step::Key(_))) {
            removed.push(key_steps[..=last].to_vec());
        }
    }
}

/// Index in the file of element `index` of the pruned array at (file path) `array`.
fn original_index(array: &[Step], index: usize, dropped: &[(Vec<Step>, usize)]) -> usize {
    let mut earlier: Vec<usize> = dropped
        .iter()
        .filter(|(path, _)| path.as_slice() == array)
        .map(|(_, i)| *i)
        .collect();
    earlier.sort_unstable();
    let mut original = index;
    for gone in earlier {
        if gone <= original {
            original += 1;
        }
    }
    original
}

/// Maps steps in the pruned tree back to the file, undoing dropped array elements.
fn original_steps(steps: &[Step], dropped: &[(Vec<Step>, usize)]) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    for step in steps {
        match step {
            Step::Index(index) => {
                let index = original_index(&out, *index, dropped);
                out.push(Step::Index(index));
            }
            Step::Key(key) => out.push(Step::Key(key.clone())),
        }
    }
    out
}

/// Removes the innermost array element on `steps`; returns (tree path of the array, index).
fn drop_enclosing_element(
    root: &mut Spanned<DeValue<'_>>,
    steps: &[Step],
) -> Option<(Vec<Step>, usize)> {
    let at = steps.iter().rposition(|s| matches!(s, Step::Index(_)))?;
    let Step::Index(index) = steps[at] else {
        return None;
    };
    let mut value = root.get_mut();
    for step in &steps[..at] {
        value = match (step, value) {
            (Step::Key(k), DeValue::Table(table)) => table.get_mut(k.as_str())?.get_mut(),
            (Step::Index(i), DeValue::Array(array)) => array.get_mut(*i)?.get_mut(),
            _ => return None,
        };
    }
    match value {
        DeValue::Array(array) if index < array.len() => {
            // DeArray has no remove; its array-of-tables flag only matters while parsing.
            let mut kept = toml::de::DeArray::new();
            for (i, element) in array.iter().enumerate() {
                if i != index {
                    kept.push(element.clone());
                }
            }
            *array = kept;
            Some((steps[..at].to_vec(), index))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_paths_round_trip() {
        let steps = parse_key_path("locations[2].contact_detail.opening_hours[0].open");
        assert_eq!(
            format_path(&steps),
            "locations[2].contact_detail.opening_hours[0].open"
        );
        assert_eq!(steps.len(), 6);
    }
}
