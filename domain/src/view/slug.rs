//! URL slugs of makes, models, bodies and locations in search routes.

/// Lower-case letters and digits (non-ASCII letters kept, lower-cased), every other run of characters one hyphen, no
/// hyphen at either end: "Mercedes-Benz" gives "mercedes-benz", "Cab Chassis" gives
/// "cab-chassis", "C-HR" gives "c-hr".
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    let mut pending_hyphen = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if pending_hyphen && !slug.is_empty() {
                slug.push('-');
            }
            pending_hyphen = false;
            slug.extend(c.to_lowercase());
        } else {
            pending_hyphen = true;
        }
    }
    slug
}

#[cfg(test)]
mod tests {
    use super::slugify;

    #[test]
    fn slugs_are_lower_case_with_single_hyphens() {
        assert_eq!(slugify("Mercedes-Benz"), "mercedes-benz");
        assert_eq!(slugify("  Cab  Chassis "), "cab-chassis");
        assert_eq!(slugify("C-HR"), "c-hr");
        assert_eq!(slugify("Škoda"), "škoda");
        assert_eq!(slugify("!!!"), "");
    }
}
