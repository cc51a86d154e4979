//! Configuration errors a dealer can act on: each names the file, the line and column
//! when known, the key path, what was found and what is allowed. serde's messages are
//! rewritten into plain words here, in one place.

use std::fmt;
use std::path::PathBuf;

/// One problem in one dealer file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file, as reached from the directory given to the loader.
    pub file: PathBuf,
    /// 1-based line and column of the offending value, when known.
    pub position: Option<(usize, usize)>,
    /// Dotted key path, e.g. `finance.interest.max` or `locations[2].slug`; empty for the whole file.
    pub key: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl ConfigError {
    /// An error about `key` in `file` without a position.
    pub fn new(
        file: impl Into<PathBuf>,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        ConfigError {
            file: file.into(),
            position: None,
            key: key.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some((line, column)) = self.position {
            write!(f, ":{line}:{column}")?;
        }
        if !self.key.is_empty() {
            write!(f, ": {}", self.key)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every problem found in a dealers folder; Display prints one per line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConfigErrors(pub Vec<ConfigError>);

impl ConfigErrors {
    /// Whether no error was found.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Number of errors.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The errors in order.
    pub fn iter(&self) -> std::slice::Iter<'_, ConfigError> {
        self.0.iter()
    }

    /// The display lines, one per error.
    pub fn lines(&self) -> Vec<String> {
        self.0.iter().map(ToString::to_string).collect()
    }
}

impl fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigErrors {}

/// 1-based line and column of a byte offset.
pub(crate) fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rfind('\n').map_or(before.chars().count(), |nl| {
        before[nl + 1..].chars().count()
    }) + 1;
    (line, column)
}

/// What a serde message says, in words a dealer reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Problem {
    /// A key that is not allowed at this place (the key itself).
    UnknownKey(String, Vec<String>),
    /// A required key that is absent (the key itself).
    MissingKey(String),
    /// Anything else, already worded.
    Other(String),
}

/// Rewrites one serde/toml message.
pub(crate) fn describe(message: &str) -> Problem {
    let message = message.trim();
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (found, allowed) = split_expected(rest);
        return Problem::UnknownKey(found, allowed);
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (found, allowed) = split_expected(rest);
        return Problem::Other(with_suggestion(
            &format!("unknown value \"{found}\""),
            &found,
            &allowed,
        ));
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        return Problem::MissingKey(rest.trim_matches('`').to_string());
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(prefix) {
            if let Some((found, expected)) = rest.rsplit_once(", expected ") {
                return Problem::Other(format!(
                    "expected {}, found {}",
                    expected_words(expected, found),
                    found_words(found, expected)
                ));
            }
        }
    }
    if message == "wanted string or table" {
        // toml's word for a list or number where one of several names was expected.
        return Problem::Other("expected one of the allowed values, in quotes".to_string());
    }
    Problem::Other(message.to_string())
}

/// The unknown-key message with a suggestion and the allowed keys.
pub(crate) fn unknown_key_message(found: &str, allowed: &[String]) -> String {
    with_suggestion("unknown key", found, allowed)
}

fn with_suggestion(head: &str, found: &str, allowed: &[String]) -> String {
    let mut out = head.to_string();
    if let Some(best) = closest(found, allowed) {
        out.push_str(&format!("; did you mean `{best}`?"));
    } else {
        out.push(';');
    }
    if allowed.is_empty() {
        out.push_str(" nothing is allowed here");
    } else {
        out.push_str(&format!(" allowed: {}", allowed.join(", ")));
    }
    out
}

/// The allowed name nearest to `found`, when it is near enough to be a typo.
pub(crate) fn closest<'a>(found: &str, allowed: &'a [String]) -> Option<&'a str> {
    let found_lower = found.to_ascii_lowercase();
    allowed
        .iter()
        .map(|name| {
            (
                strsim::jaro_winkler(&found_lower, &name.to_ascii_lowercase()),
                name,
            )
        })
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| name.as_str())
}

/// Splits "`x`, expected one of `a`, `b`" into ("x", ["a", "b"]).
fn split_expected(rest: &str) -> (String, Vec<String>) {
    let (found, expected) = match rest.split_once(", expected ") {
        Some((found, expected)) => (found, expected),
        None => (rest.split(',').next().unwrap_or(rest), ""),
    };
    let found = found.trim().trim_matches('`').to_string();
    let expected = expected.strip_prefix("one of ").unwrap_or(expected);
    // serde words two choices "`a` or `b`" and more "`a`, `b`, `c`".
    let allowed = expected
        .split(", ")
        .flat_map(|part| part.split(" or "))
        .map(|name| name.trim().trim_matches('`').to_string())
        .filter(|name| !name.is_empty() && !name.contains(' '))
        .collect();
    (found, allowed)
}

fn expected_words(expected: &str, found: &str) -> String {
    let expected = expected.trim();
    let max = match expected {
        "u8" => Some(u64::from(u8::MAX)),
        "u16" => Some(u64::from(u16::MAX)),
        "u32" => Some(u64::from(u32::MAX)),
        "u64" | "usize" => Some(u64::MAX),
        _ => None,
    };
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" if found.starts_with("integer") => {
            format!("a whole number from 0 to {}", max.unwrap_or(u64::MAX))
        }
        "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize" => {
            "a whole number".to_string()
        }
        "f32" | "f64" => "a number".to_string(),
        "a boolean" => "true or false".to_string(),
        "a string" | "a borrowed string" => "a string".to_string(),
        "a sequence" => "a list".to_string(),
        "a map" => "a table".to_string(),
        "a formatted date string" if found == "map" => {
            "a date in quotes like \"2026-12-25\"".to_string()
        }
        "a formatted date string" => "a date like \"2026-12-25\"".to_string(),
        "a char" => "a single character".to_string(),
        _ if expected.starts_with("struct ") => "a table".to_string(),
        _ if expected.starts_with("internally tagged enum") || expected.starts_with("enum ") => {
            "a table with a `kind` key".to_string()
        }
        _ if expected.starts_with("a sequence of") || expected.starts_with("a tuple") => {
            expected.to_string()
        }
        _ => expected.to_string(),
    }
}

fn found_words(found: &str, expected: &str) -> String {
    let found = found.trim();
    // toml hands a bare TOML date to serde as a table; dates here are quoted strings.
    let expected_date = expected.trim() == "a formatted date string";
    let unquote = |s: &str| s.trim().trim_matches('`').to_string();
    if let Some(rest) = found.strip_prefix("string ") {
        return format!("the string {rest}");
    }
    if let Some(rest) = found.strip_prefix("integer ") {
        return format!("the whole number {}", unquote(rest));
    }
    if let Some(rest) = found.strip_prefix("floating point ") {
        return format!("the number {}", unquote(rest));
    }
    if let Some(rest) = found.strip_prefix("boolean ") {
        return unquote(rest);
    }
    match found {
        "map" if expected_date => "a date without quotes".to_string(),
        "map" => "a table".to_string(),
        "sequence" => "a list".to_string(),
        "unit value" => "nothing".to_string(),
        _ => found.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_types_read_as_plain_words() {
        assert_eq!(
            describe("invalid type: string \"five\", expected u32"),
            Problem::Other("expected a whole number, found the string \"five\"".to_string())
        );
        assert_eq!(
            describe("invalid type: integer `3`, expected a string"),
            Problem::Other("expected a string, found the whole number 3".to_string())
        );
        assert_eq!(
            describe("invalid value: integer `-1`, expected u32"),
            Problem::Other(
                "expected a whole number from 0 to 4294967295, found the whole number -1"
                    .to_string()
            )
        );
        assert_eq!(
            describe("invalid type: floating point `1.5`, expected a boolean"),
            Problem::Other("expected true or false, found the number 1.5".to_string())
        );
    }

    #[test]
    fn unknown_keys_suggest_the_nearest_name() {
        let Problem::UnknownKey(found, allowed) = describe(
            "unknown field `provder`, expected one of `provider`, `link`, `calculator`, `fees`",
        ) else {
            panic!("not an unknown key");
        };
        assert_eq!(found, "provder");
        assert_eq!(
            unknown_key_message(&found, &allowed),
            "unknown key; did you mean `provider`? allowed: provider, link, calculator, fees"
        );
        assert_eq!(
            unknown_key_message("zzzz", &allowed),
            "unknown key; allowed: provider, link, calculator, fees"
        );
        assert_eq!(closest("zzzz", &allowed), None);
    }

    #[test]
    fn unknown_values_list_the_choices() {
        assert_eq!(
            describe("unknown variant `tauras`, expected one of `taurus`, `angle`"),
            Problem::Other(
                "unknown value \"tauras\"; did you mean `taurus`? allowed: taurus, angle"
                    .to_string()
            )
        );
        assert_eq!(
            describe("unknown variant `Shut`, expected `Open` or `Closed`"),
            Problem::Other("unknown value \"Shut\"; allowed: Open, Closed".to_string())
        );
        assert_eq!(
            describe("invalid type: map, expected a formatted date string"),
            Problem::Other(
                "expected a date in quotes like \"2026-12-25\", found a date without quotes"
                    .to_string()
            )
        );
    }

    #[test]
    fn positions_are_one_based() {
        let source = "a = 1\nbb = 2\n";
        assert_eq!(line_col(source, 0), (1, 1));
        assert_eq!(line_col(source, 6), (2, 1));
        assert_eq!(line_col(source, 11), (2, 6));
    }
}
