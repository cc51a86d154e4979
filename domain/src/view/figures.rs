//! Group figures ("26 locations", "42 brands") taken from the dealer's own data rather than
//! typed: a stat banner's value may name a figure in braces (`{locations}`, `{brands}`,
//! `{cars}`) that the build fills in, and [`contradicted_figures`] finds typed figures in
//! the stat banners, slides and announcement that the data contradicts ("50+ locations"
//! beside 26), for `forecourt check` to warn about.

use crate::config::Dealer;
use crate::entities::LocationType;

/// The dealer's figures by the placeholder name that stands for each: `locations` (the
/// dealerships a shopper can visit: visible sales locations, one per dealership),
/// `brands` (brands.toml, else the configured makes) and, with the stock, `cars`.
pub fn group_figures(dealer: &Dealer, cars: Option<usize>) -> Vec<(&'static str, usize)> {
    let mut dealerships: Vec<&str> = dealer
        .locations
        .iter()
        .filter(|l| l.visible && l.location_type == LocationType::Sales)
        .map(|l| l.dealership_slug.as_deref().unwrap_or(l.slug.as_str()))
        .collect();
    dealerships.sort_unstable();
    dealerships.dedup();
    let brands = if dealer.brands.is_empty() {
        dealer.config.makes.len()
    } else {
        dealer.brands.len()
    };
    let mut out = vec![("locations", dealerships.len()), ("brands", brands)];
    if let Some(cars) = cars {
        out.push(("cars", cars));
    }
    out
}

/// `text` with each `{name}` of `figures` replaced by its number ("1,204" style).
pub fn fill_figures(text: &str, figures: &[(&'static str, usize)]) -> String {
    let mut out = text.to_string();
    for (name, value) in figures {
        out = out.replace(&format!("{{{name}}}"), &thousands(*value));
    }
    out
}

fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Which figure a word counts: locations ("locations", "dealerships", "sites") or
/// brands ("brands", "makes").
fn figure_of(word: &str) -> Option<&'static str> {
    let word = word
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    match word.as_str() {
        "location" | "locations" | "dealership" | "dealerships" | "site" | "sites" => {
            Some("locations")
        }
        "brand" | "brands" | "make" | "makes" => Some("brands"),
        _ => None,
    }
}

/// Typed figures in `text` (each a number, "26" or "50+", followed by what it counts):
/// (figure name, number, whether it is "at least").
fn typed_figures(text: &str) -> Vec<(&'static str, usize, bool)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .windows(2)
        .filter_map(|pair| {
            let number = pair[0].trim_start_matches(|c: char| !c.is_ascii_digit());
            let at_least = number.ends_with('+');
            let number: usize = number.trim_end_matches('+').replace(',', "").parse().ok()?;
            Some((figure_of(pair[1])?, number, at_least))
        })
        .collect()
}

/// Sentences naming each typed figure of the stat banners, slides and announcement that the
/// dealer's data contradicts: "50+" where there are 26, or "40" where there are 42.
pub fn contradicted_figures(dealer: &Dealer) -> Vec<String> {
    let figures = group_figures(dealer, None);
    let config = &dealer.config;
    let mut texts: Vec<(String, String)> = config
        .group
        .stat_banners
        .iter()
        .enumerate()
        .map(|(i, s)| {
            (
                format!("dealer.toml: group.stat_banners[{i}]"),
                format!("{} {}", s.value, s.label),
            )
        })
        .collect();
    for (i, slide) in dealer.slides.iter().enumerate() {
        texts.push((
            format!("offers.toml: slides[{i}]"),
            format!("{} {}", slide.name, slide.description),
        ));
    }
    if let Some(announcement) = &config.announcement {
        texts.push((
            "dealer.toml: announcement.text".to_string(),
            announcement.text.clone(),
        ));
    }
    let mut out = Vec::new();
    for (place, text) in texts {
        for (name, typed, at_least) in typed_figures(&text) {
            let Some(&(_, actual)) = figures.iter().find(|(n, _)| *n == name) else {
                continue;
            };
            let wrong = if at_least {
                actual < typed
            } else {
                actual != typed
            };
            if wrong {
                let shown = if at_least {
                    format!("{typed}+")
                } else {
                    typed.to_string()
                };
                out.push(format!(
                    "{place}: \"{text}\" says {shown} {name} but the dealer's data has {actual}; write {{{name}}} to show the real figure"
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_fill_their_placeholders() {
        let figures = [("locations", 26), ("cars", 1204)];
        assert_eq!(fill_figures("{locations}", &figures), "26");
        assert_eq!(fill_figures("{cars} cars", &figures), "1,204 cars");
        assert_eq!(fill_figures("30+", &figures), "30+");
        assert_eq!(fill_figures("{unknown}", &figures), "{unknown}");
    }

    #[test]
    fn typed_figures_are_read_with_what_they_count() {
        assert_eq!(
            typed_figures("50+ locations. 40+ brands. 30+ years."),
            vec![("locations", 50, true), ("brands", 40, true)]
        );
        assert_eq!(
            typed_figures("Find your next car across 26 dealerships"),
            vec![("locations", 26, false)]
        );
    }
}
