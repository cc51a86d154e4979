//! Texts of the vehicle page (seed 001 s5, seed 000 s4/s9): rego expiry, specification
//! rows, dealer comments, trade-in estimate eligibility and blog promo truncation.

use chrono::{Datelike, NaiveDate};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages;

use super::format::{format_au_date, truncate_chars, Truncated};

/// Seed 001 s5: the rego expiry line. A date before `today` shows 'Unregistered' when
/// the site shows it, else nothing; `today` or later shows 'Expires on {date}' with the
/// date as dd/mm/yyyy (e.g. "Expires on 12/03/2027"). No date shows nothing.
pub fn rego_expiry_text(
    expiry: Option<NaiveDate>,
    today: NaiveDate,
    show_unregistered: bool,
) -> Option<String> {
    let expiry = expiry?;
    if expiry < today {
        show_unregistered.then(|| messages::UNREGISTERED.to_string())
    } else {
        Some(messages::expires_on(&format_au_date(expiry)))
    }
}

/// One specification row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct SpecRow {
    /// Row label, e.g. "Fuel Consumption".
    pub label: String,
    /// Row value as shown.
    pub value: String,
}

/// The text of a spec value, or None when it is dropped: null, an empty or blank
/// string, or the string 'null' (any case). Numbers and booleans show as written.
pub fn spec_value_text(value: &serde_json::Value) -> Option<String> {
    let text = match value {
        serde_json::Value::Null => return None,
        serde_json::Value::String(s) => s.trim().to_string(),
        serde_json::Value::Number(n) => number_text(n),
        serde_json::Value::Bool(b) => b.to_string(),
        other => other.to_string(),
    };
    if text.is_empty() || text.eq_ignore_ascii_case("null") {
        None
    } else {
        Some(text)
    }
}

/// A feed number as a person writes it: a whole number without a trailing ".0" (feeds
/// send 1435.0 mm), any other as given.
fn number_text(n: &serde_json::Number) -> String {
    match n.as_f64() {
        Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", f as i64),
        _ => n.to_string(),
    }
}

/// Seed 001 s5: spec rows with empty, null or 'null' values are dropped; order is kept.
pub fn spec_rows<'a, I>(rows: I) -> Vec<SpecRow>
where
    I: IntoIterator<Item = (&'a str, Option<&'a serde_json::Value>)>,
{
    rows.into_iter()
        .filter_map(|(label, value)| {
            let value = spec_value_text(value?)?;
            Some(SpecRow {
                label: label.to_string(),
                value,
            })
        })
        .collect()
}

/// Seed 001 s2: the model page shows the first 4 non-null specifications.
pub const MODEL_PAGE_SPEC_COUNT: usize = 4;

/// Seed 000 s4/s9: dealer comments cut at 400 characters.
pub const DEALER_COMMENTS_MAX_CHARS: usize = 400;

/// Dealer comments ready to render.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct DealerComments {
    /// Every paragraph (the pending message alone when there are no comments).
    pub paragraphs: Vec<String>,
    /// The paragraphs within the first 400 characters, the last one cut with "...".
    pub short_paragraphs: Vec<String>,
    /// Whether the short form is shorter (the UI offers Show More / Show Less).
    pub truncated: bool,
    /// Whether the comments are pending (empty or only pipes).
    pub pending: bool,
}

/// Seed 001 s5 / seed 000 s4: pipes split paragraphs (each trimmed, empty ones dropped);
/// empty or pipe-only comments give 'Dealer comments are pending. Please check back here
/// later.'; the short form keeps the first 400 characters of paragraph text (paragraph
/// breaks not counted).
pub fn dealer_comments(text: Option<&str>) -> DealerComments {
    let paragraphs: Vec<String> = text
        .unwrap_or("")
        .split('|')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect();
    if paragraphs.is_empty() {
        let pending = vec![messages::DEALER_COMMENTS_PENDING.to_string()];
        return DealerComments {
            short_paragraphs: pending.clone(),
            paragraphs: pending,
            truncated: false,
            pending: true,
        };
    }
    let mut budget = DEALER_COMMENTS_MAX_CHARS;
    let mut short_paragraphs = Vec::new();
    let mut truncated = false;
    for paragraph in &paragraphs {
        if budget == 0 {
            truncated = true;
            break;
        }
        let Truncated {
            text,
            truncated: cut,
        } = truncate_chars(paragraph, budget);
        short_paragraphs.push(text);
        if cut {
            truncated = true;
            break;
        }
        budget -= paragraph.chars().count();
    }
    DealerComments {
        paragraphs,
        short_paragraphs,
        truncated,
        pending: false,
    }
}

/// Seed 001 s5/s9: no online trade-in estimate for cars over this many years old.
pub const TRADE_IN_MAX_AGE_YEARS: i32 = 7;
/// Seed 001 s5/s9: no online trade-in estimate for cars over this many km.
pub const TRADE_IN_MAX_KM: u32 = 100_000;

/// Seed 001 s5: an online estimate is generated only for a car at most 7 years old
/// (today's year minus the model year) with at most 100,000 km.
pub fn trade_in_estimate_eligible(year: u16, km: u32, today: NaiveDate) -> bool {
    today.year() - i32::from(year) <= TRADE_IN_MAX_AGE_YEARS && km <= TRADE_IN_MAX_KM
}

/// Seed 001 s9: blog promo titles are cut at 80 characters.
pub const BLOG_TITLE_MAX_CHARS: usize = 80;
/// Seed 001 s9: blog promo descriptions are cut at 100 characters.
pub const BLOG_DESCRIPTION_MAX_CHARS: usize = 100;

/// A blog promo card's texts after truncation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct BlogPromoText {
    /// Title, at most 80 characters plus "...".
    pub title: String,
    /// Description, at most 100 characters plus "...".
    pub description: String,
}

/// Seed 001 s9: truncates a blog promo's title (80) and description (100).
pub fn blog_promo_text(title: &str, description: &str) -> BlogPromoText {
    BlogPromoText {
        title: truncate_chars(title, BLOG_TITLE_MAX_CHARS).text,
        description: truncate_chars(description, BLOG_DESCRIPTION_MAX_CHARS).text,
    }
}
