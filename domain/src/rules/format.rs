//! Small formatting helpers shared by the rules: Australian dollar amounts, Australian
//! dates and character-based truncation.

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Whole dollars with thousands separators and a `$` prefix: 1000 gives "$1,000",
/// 250000 gives "$250,000", -1500 gives "-$1,500". Cents are rounded half away from zero.
pub fn format_dollars(amount: f64) -> String {
    let rounded = amount.round();
    let negative = rounded < 0.0;
    let digits = format!("{:.0}", rounded.abs());
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if negative {
        format!("-${grouped}")
    } else {
        format!("${grouped}")
    }
}

/// The Australian numeric date format used on every page: day/month/year with two-digit
/// day and month, e.g. 2027-03-12 gives "12/03/2027".
pub fn format_au_date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// Text cut to a maximum number of characters, with whether it was cut.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct Truncated {
    /// The text, followed by "..." when it was cut.
    pub text: String,
    /// Whether the original was longer than the limit (the UI offers Show More).
    pub truncated: bool,
}

/// Cuts `text` to its first `max_chars` characters (Unicode scalar values, not bytes),
/// trims trailing whitespace at the cut and appends "..."; text within the limit is
/// returned unchanged.
pub fn truncate_chars(text: &str, max_chars: usize) -> Truncated {
    match text.char_indices().nth(max_chars) {
        None => Truncated { text: text.to_string(), truncated: false },
        Some((byte_index, _)) => Truncated {
            text: format!("{}...", text[..byte_index].trim_end()),
            truncated: true,
        },
    }
}

