//! Semantic checks of one feed row, after it parsed as a [`Car`]. Duplicates across rows
//! are checked later, in file order, by the collector.

use domain::car::Car;

use super::RowError;

/// Earliest plausible model year.
pub const MIN_YEAR: u16 = 1900;

/// Whether `s` is non-empty and made only of RFC 3986 unreserved characters (ASCII
/// letters, digits, `-`, `.`, `_`, `~`), so it can sit in a URL path as it is.
pub fn is_url_safe(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// Characters a VIN may contain: digits and capital letters except I, O and Q.
fn vin_char(b: u8) -> bool {
    b.is_ascii_digit() || (b.is_ascii_uppercase() && !matches!(b, b'I' | b'O' | b'Q'))
}

/// What is wrong with a VIN, or `None` when it is 17 characters of `[A-HJ-NPR-Z0-9]`.
pub fn vin_problem(vin: &str) -> Option<String> {
    if let Some(c) = vin.chars().find(|c| !c.is_ascii() || !vin_char(*c as u8)) {
        return Some(format!(
            "\"{vin}\" contains '{c}'; a VIN has only digits and capital letters other than I, O and Q"
        ));
    }
    let len = vin.len();
    if len != 17 {
        return Some(format!("\"{vin}\" has {len} characters; a VIN has 17"));
    }
    None
}

/// The first rule a parsed row breaks: slug non-empty and URL-safe, dealership_slug
/// present, year from [`MIN_YEAR`] to `max_year`, price not negative, VIN well formed
/// when present (an empty VIN counts as absent).
pub fn check_car(car: &Car, max_year: u16) -> Result<(), (&'static str, String)> {
    if car.slug.is_empty() {
        return Err(("slug", "must not be empty".to_string()));
    }
    if !is_url_safe(&car.slug) {
        return Err((
            "slug",
            format!("\"{}\" is not URL-safe; use only letters, digits, '-', '.', '_' and '~'", car.slug),
        ));
    }
    if car.dealership_slug.trim().is_empty() {
        return Err(("dealership_slug", "must not be empty".to_string()));
    }
    if car.year < MIN_YEAR || car.year > max_year {
        return Err(("year", format!("{} is not a plausible model year (expected {MIN_YEAR} to {max_year})", car.year)));
    }
    for (field, value) in [("price", car.price), ("before_price", car.before_price)] {
        if let Some(v) = value {
            if !v.is_finite() || v < 0.0 {
                return Err((field, format!("{v} must not be negative")));
            }
        }
    }
    if let Some(vin) = car.vin.as_deref().filter(|v| !v.is_empty()) {
        if let Some(problem) = vin_problem(vin) {
            return Err(("vin", problem));
        }
    }
    Ok(())
}

/// [`check_car`] as a row result, attributing the row to its dealer.
pub(crate) fn checked(car: Car, max_year: u16) -> Result<Car, RowError> {
    match check_car(&car, max_year) {
        Ok(()) => Ok(car),
        Err((field, problem)) => Err(RowError::new(field, problem, Some(car.dealership_slug))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vins_need_17_characters_of_the_vin_alphabet() {
        assert_eq!(vin_problem("JTMW43FV60D123456"), None);
        assert_eq!(vin_problem("JTMW43FV60D12345").as_deref(), Some("\"JTMW43FV60D12345\" has 16 characters; a VIN has 17"));
        assert!(vin_problem("JTMW43FV60D12345O").is_some_and(|p| p.contains("contains 'O'")));
        assert!(vin_problem("jtmw43fv60d123456").is_some_and(|p| p.contains("contains 'j'")));
    }

    #[test]
    fn url_safe_slugs() {
        assert!(is_url_safe("2022-toyota-rav4-gxl-100001"));
        assert!(!is_url_safe(""));
        assert!(!is_url_safe("rav4 gxl"));
        assert!(!is_url_safe("rav4/gxl"));
        assert!(!is_url_safe("škoda"));
    }
}
