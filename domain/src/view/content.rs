//! Content pages: the dealer's `pages/*.md` rendered with the markdown subset, and the
//! platform's default privacy policy and terms and conditions (seed 001 s2: every
//! site has /privacy-policy and /terms-and-conditions), filled with the dealer's legal name,
//! ABN, licence and contact details; a dealer's own page of the same route replaces each.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::config::ContentPage;

use super::location_cards::visible_locations;
use super::markdown::{escape_html, markdown_to_html};
use super::site::ViewContext;

/// A content page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ContentPageView {
    /// Heading.
    pub title: String,
    /// Body HTML from the markdown subset (every dealer character escaped first).
    pub html: String,
}

/// The view of a dealer page.
pub fn content_page_view(page: &ContentPage) -> ContentPageView {
    ContentPageView {
        title: page.title.clone(),
        html: markdown_to_html(&page.markdown),
    }
}

/// The About Us page of a dealer without an `about-us` page: its name and the addresses
/// and phones of its visible locations, all from its configuration.
pub fn about_us_from_config(ctx: &ViewContext<'_>) -> ContentPageView {
    let dealer = &ctx.dealer.config;
    let mut html = format!("<p>{}</p>\n", escape_html(&dealer.name));
    let locations: Vec<_> = ctx.dealer.locations.iter().filter(|l| l.visible).collect();
    if !locations.is_empty() {
        html.push_str("<h2>Our locations</h2>\n<ul>\n");
        for l in locations {
            let a = &l.address;
            html.push_str(&format!(
                "<li><a href=\"/locations/{}\">{}</a>: {}, {} {} {}</li>\n",
                escape_html(&l.slug),
                escape_html(&l.name),
                escape_html(&a.street),
                escape_html(&a.city),
                escape_html(&a.state),
                escape_html(&a.postcode)
            ));
        }
        html.push_str("</ul>\n");
    }
    ContentPageView {
        title: "About Us".to_string(),
        html,
    }
}

// ---------------------------------------------------------------- legal pages

/// The dealer's identity and contact details as the legal pages state them, in markdown
/// (dealer text is escaped when the markdown is rendered).
struct Identity<'a> {
    /// The site's name, "Jacaranda Toyota".
    name: &'a str,
    /// "Jacaranda Motors Pty Ltd (ABN 90 749 288 305), trading as Jacaranda Toyota".
    party: String,
    /// The licence sentence with its leading space, where configured; else empty.
    licence: String,
    /// The "How to contact us" list.
    contacts: String,
}

fn identity<'a>(ctx: &ViewContext<'a>) -> Identity<'a> {
    let config = &ctx.dealer.config;
    let footer = &config.footer;
    let trimmed = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    };
    let legal_name = trimmed(&footer.legal_name);
    let mut party = legal_name.clone().unwrap_or_else(|| config.name.clone());
    if let Some(abn) = trimmed(&footer.abn) {
        party.push_str(&format!(" (ABN {abn})"));
    }
    if legal_name.is_some_and(|l| l != config.name) {
        party.push_str(&format!(", trading as {}", config.name));
    }
    let licence = trimmed(&footer.dealer_licence)
        .map(|l| format!(" We hold motor dealer licence {l}."))
        .unwrap_or_default();
    let mut contact: Vec<String> = visible_locations(ctx)
        .into_iter()
        .map(|l| {
            let a = &l.address;
            let phone = l
                .contact_detail
                .phone
                .as_deref()
                .or(l.contact_detail.landline_phone.as_deref())
                .map(|p| format!(", phone {p}"))
                .unwrap_or_default();
            format!(
                "{}: {}, {} {} {}{phone}",
                l.name, a.street, a.city, a.state, a.postcode
            )
        })
        .collect();
    contact.push("Online: [our contact page](/contact)".to_string());
    Identity {
        name: &config.name,
        party,
        licence,
        contacts: contact.iter().map(|i| format!("- {i}\n")).collect(),
    }
}

/// The default privacy policy of a dealer.
pub fn default_privacy_policy(ctx: &ViewContext<'_>) -> ContentPageView {
    let Identity {
        name,
        party,
        licence,
        contacts,
    } = identity(ctx);
    let markdown = format!(
        "This policy explains how {party} (\"{name}\", \"we\") collects, uses, holds and \
discloses your personal information, under the Privacy Act 1988 (Cth) and the Australian \
Privacy Principles.{licence}

# What we collect

When you send us an enquiry, book a test drive or a service, value a trade-in, reserve a \
car or apply for finance on this website, we collect what you enter: your name, email \
address, phone number and postcode, and the details of the car or service you ask about. \
We also record which pages of this website you viewed before you enquired, so that our \
team can answer with the right car.

# How we use it

- To answer your enquiry and arrange the test drive, service, reservation or finance you ask for
- To send your enquiry to the {name} location you choose, and to the finance or valuation provider where you ask for a quote
- To send you offers, only where you opt in; every message tells you how to opt out

# Cookies and analytics

Analytics and advertising tags load only after you accept them in the cookie notice. Your \
saved cars and form details are kept in your own browser and never leave it unless you \
send a form.

# Access, correction and complaints

You can ask for the personal information we hold about you, ask us to correct it, or \
complain about how we handled it. We answer within 30 days. If you are not satisfied with \
our answer you can contact the Office of the Australian Information Commissioner at \
[oaic.gov.au](https://www.oaic.gov.au).

# How to contact us

{contacts}",
    );
    ContentPageView {
        title: "Privacy Policy".to_string(),
        html: markdown_to_html(&markdown),
    }
}

/// The default terms and conditions of a dealer's website.
pub fn default_terms(ctx: &ViewContext<'_>) -> ContentPageView {
    let Identity {
        name,
        party,
        licence,
        contacts,
    } = identity(ctx);
    let markdown = format!(
        "These terms apply to your use of the {name} website, operated by {party}.{licence} \
By using this website or sending a form you agree to them.

# Vehicles, prices and offers

Prices are in Australian dollars and include GST. A price shown as drive away includes \
registration, stamp duty and dealer delivery; any other price excludes government and \
dealer charges. Cars are subject to prior sale, and specifications, photos and features \
are given in good faith: please confirm what matters to you with our team before you buy. \
Special offers apply for the dates shown.

# Finance and repayment estimates

Repayment figures are estimates for comparison only and are not an offer of finance. \
Finance is subject to the lender's approval criteria; fees and charges apply.

# Reserving a car

A reservation holds a car for the hours stated when you reserve it. The deposit is fully \
refundable, and a reservation does not oblige you to buy.

# Your personal information

We handle the details you send us as our [privacy policy](/privacy-policy) describes.

# Contact

{contacts}",
    );
    ContentPageView {
        title: "Terms and Conditions".to_string(),
        html: markdown_to_html(&markdown),
    }
}

#[cfg(test)]
mod legal_tests {
    use chrono::TimeZone;

    use super::*;
    use crate::view::test_dealer;

    fn ctx_of(dealer: &crate::config::Dealer) -> ViewContext<'_> {
        let now = chrono::Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        ViewContext::new(dealer, now)
    }

    /// Seed 001 s2: "/privacy-policy, /terms-and-conditions" for every site, filled with
    /// the dealer's legal name, ABN, licence and contact details, every value escaped.
    #[test]
    fn default_legal_pages_name_the_dealer_and_escape_its_values() {
        let dealer = test_dealer(
            "[footer]\nlegal_name = \"Acme <Holdings> Pty Ltd\"\nabn = \"51 824 753 556\"\ndealer_licence = \"MD 3456789\"\n",
        );
        let ctx = ctx_of(&dealer);
        for page in [default_privacy_policy(&ctx), default_terms(&ctx)] {
            assert!(
                page.html.contains(
                    "Acme &lt;Holdings&gt; Pty Ltd (ABN 51 824 753 556), trading as Acme Motors"
                ),
                "{}",
                page.html
            );
            assert!(page.html.contains("licence MD 3456789"), "{}", page.html);
            assert!(page.html.contains("<a href=\"/contact\">"), "{}", page.html);
            assert!(!page.html.contains("<Holdings>"));
        }
        let terms = default_terms(&ctx);
        assert!(terms
            .html
            .contains("<a href=\"/privacy-policy\">privacy policy</a>"));
    }

    #[test]
    fn without_a_legal_name_the_trading_name_is_the_party() {
        let dealer = test_dealer("");
        let ctx = ctx_of(&dealer);
        let page = default_privacy_policy(&ctx);
        assert!(page
            .html
            .contains("This policy explains how Acme Motors (&quot;Acme Motors&quot;"));
        assert!(!page.html.contains("trading as"));
        assert!(!page.html.contains("licence"));
    }
}
