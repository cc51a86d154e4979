//! The fixed words a shopper (or a dealer, in a lead or an alert) reads, in one folder, by
//! audience. The words a dealer chooses are in its dealer.toml instead.
//!
//! - `seeds.rs`: the seeds' messages, word for word (pages, cards, forms, toasts).
//! - `pages.rs`: words the pages show that the seeds do not give.
//! - `api.rs`: the API's answers: error messages, field errors, reservation answers.
//! - `mail.rs`: lead categories, confirmation email and dealer alert words.
//! - [`ui`]: which of them the React components print themselves, exported to TypeScript.
//!
//! Callers name a word as `domain::messages::NAME`, whichever file holds it. A message
//! with values in it is a `..._TEMPLATE` constant with `{name}` placeholders and a small
//! function that fills them in.

mod api;
mod mail;
mod pages;
mod seeds;
pub mod ui;

pub use api::*;
pub use mail::*;
pub use pages::*;
pub use seeds::*;

/// `template` with each `{name}` of `values` replaced by its value, in one pass, so a
/// value holding braces itself (a car's name, a shopper's rego) is never read as a
/// placeholder. A placeholder without a value stays as written.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let value = after.find('}').and_then(|close| {
            let name = &after[1..close];
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (close, *v))
        });
        match value {
            Some((close, value)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn fill_replaces_each_placeholder_once_and_never_inside_a_value() {
        assert_eq!(
            fill("{a} and {b}", &[("a", "{b}"), ("b", "two")]),
            "{b} and two"
        );
        assert_eq!(fill("{a}{a}", &[("a", "x")]), "xx");
        assert_eq!(fill("{unknown} {", &[("a", "x")]), "{unknown} {");
    }
}
