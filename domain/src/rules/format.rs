//! Small formatting helpers shared by the rules: Australian dollar amounts (whole dollars
//! for cars, dollars and cents for parts), Australian dates and character-based truncation.

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

/// A price that may have cents: whole amounts as [`format_dollars`] ("$1,290"), others
/// with two decimals ("$79.95", "$1,290.50"). Amounts are rounded to the cent.
pub fn format_price(amount: f64) -> String {
    // Prices are far below u64::MAX cents; the cast saturates on nonsense rather than wrapping.
    let cents = (amount.abs() * 100.0).round() as u64;
    let sign = if amount < 0.0 && cents > 0 { "-" } else { "" };
    let whole = format_dollars((cents / 100) as f64);
    match cents % 100 {
        0 => format!("{sign}{whole}"),
        rest => format!("{sign}{whole}.{rest:02}"),
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
        None => Truncated {
            text: text.to_string(),
            truncated: false,
        },
        Some((byte_index, _)) => Truncated {
            text: format!("{}...", text[..byte_index].trim_end()),
            truncated: true,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::format_price;

    #[test]
    fn prices_show_cents_only_when_they_have_some() {
        assert_eq!(format_price(79.95), "$79.95");
        assert_eq!(format_price(1290.0), "$1,290");
        assert_eq!(format_price(1290.5), "$1,290.50");
        assert_eq!(format_price(0.05), "$0.05");
        assert_eq!(format_price(19.999), "$20");
        assert_eq!(format_price(-12.5), "-$12.50");
    }
}
