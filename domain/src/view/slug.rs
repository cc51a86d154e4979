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

/// A query-string value, percent-encoded (RFC 3986 unreserved characters kept).
pub fn encode_query_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The search URL parameter that selects `value` as the `index`th refinement of `facet`
/// (`refinementList[facet][index]=value`), written by the search URL grammar's writer
/// ([`crate::search_url`]): brackets percent-encoded (`[` and `]` are not allowed unencoded
/// in a URL's query, and the HTML checker rejects such an href), a space as `+`.
pub fn refinement_param(facet: &str, index: usize, value: &str) -> String {
    crate::search_url::encode_pair(&crate::search_url::refinement_key(facet, index), value)
}

/// A link written in a dealer's config as an href that validates: `[`, `]` and spaces
/// (fine to type in TOML, e.g. `?refinementList[make][0]=Jayco`) percent-encoded; every
/// other character, and any encoding already there, is kept.
pub fn valid_href(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    for c in url.chars() {
        match c {
            '[' => out.push_str("%5B"),
            ']' => out.push_str("%5D"),
            ' ' => out.push_str("%20"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{encode_query_value, refinement_param, slugify, valid_href};

    #[test]
    fn config_links_become_valid_hrefs() {
        assert_eq!(
            valid_href("/search/x?refinementList[make][0]=Isuzu%20Trucks"),
            "/search/x?refinementList%5Bmake%5D%5B0%5D=Isuzu%20Trucks"
        );
        assert_eq!(valid_href("/eofy"), "/eofy");
        assert_eq!(valid_href("https://a.b/c d"), "https://a.b/c%20d");
    }

    #[test]
    fn refinement_params_encode_their_brackets() {
        assert_eq!(
            refinement_param("car_type", 0, "used"),
            "refinementList%5Bcar_type%5D%5B0%5D=used"
        );
        assert_eq!(
            refinement_param("make", 1, "Isuzu Trucks"),
            "refinementList%5Bmake%5D%5B1%5D=Isuzu+Trucks"
        );
    }

    #[test]
    fn query_values_are_percent_encoded() {
        assert_eq!(
            encode_query_value("Omoda 5 & more/€"),
            "Omoda%205%20%26%20more%2F%E2%82%AC"
        );
    }

    #[test]
    fn slugs_are_lower_case_with_single_hyphens() {
        assert_eq!(slugify("Mercedes-Benz"), "mercedes-benz");
        assert_eq!(slugify("  Cab  Chassis "), "cab-chassis");
        assert_eq!(slugify("C-HR"), "c-hr");
        assert_eq!(slugify("Škoda"), "škoda");
        assert_eq!(slugify("!!!"), "");
    }
}
