//! The spin-to-win page (seed 001 s2 /spin-to-win, gated where the site says, seed 001
//! s6): the dealer's prize wheel with every prize's odds and the promotion's terms, all
//! from `[spin_to_win]`. The entry is a lead; the prize follows from it by the published
//! rule the browser applies (`frontend/src/features/forms/spin/spin.ts`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::LocationType;
use crate::rules::spin::odds_percent;

use super::crumbs::Crumb;
use super::links::{PRIVACY_PATH, TERMS_PATH};
use super::location_cards::visible_locations;
use super::markdown::markdown_to_html;
use super::site::ViewContext;

/// The spin-to-win route.
pub const SPIN_TO_WIN_PATH: &str = crate::routes::SPIN_TO_WIN.pattern;

/// The spin-to-win page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SpinPageView {
    /// Heading.
    pub title: String,
    /// What the promotion is.
    pub intro: String,
    /// Home, then this page.
    pub breadcrumbs: Vec<Crumb>,
    /// The wheel's prizes, in wheel order.
    pub prizes: Vec<SpinPrizeView>,
    /// The promotion's terms, from the markdown subset (dealer text escaped).
    pub terms_html: String,
    /// The dealer slug the draw is keyed on (and sent as `dealership_slug`).
    pub dealer: String,
    /// Where the entry is posted.
    pub api_path: String,
    /// The entry's lead category.
    pub category: String,
    /// The site's privacy policy.
    pub privacy_url: String,
    /// The site's terms and conditions.
    pub terms_url: String,
    /// The error of an entry sent without agreeing to the promotion's terms (seed 001 s9).
    pub terms_message: String,
    /// Where the prize is redeemed: the dealer's visible sales locations (every visible
    /// one where none sells), primary first; the entry names one.
    pub locations: Vec<SpinLocation>,
}

/// A location a prize can be redeemed at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SpinLocation {
    /// Sent as `location_id`.
    #[ts(type = "number")]
    pub id: u64,
    /// As the select shows it (sent as `location`).
    pub name: String,
    /// Its dealership, sent as `dealership_slug` (the dealer's slug where none is set).
    pub dealership_slug: String,
}

/// One prize of the wheel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SpinPrizeView {
    /// What is won.
    pub label: String,
    /// Its weight in the draw (the rule's input).
    pub weight: u32,
    /// Its odds as shown: "40%".
    pub odds: String,
}

/// The spin-to-win page of a dealer that runs the promotion (`features.spin_to_win` and
/// a wheel of at least two prizes), else None.
pub fn spin_page_view(ctx: &ViewContext<'_>) -> Option<SpinPageView> {
    let config = &ctx.dealer.config;
    let spin = &config.spin_to_win;
    if !config.features.spin_to_win || spin.prizes.len() < 2 {
        return None;
    }
    let total: u64 = spin.prizes.iter().map(|p| u64::from(p.weight)).sum();
    let visible = visible_locations(ctx);
    let sales: Vec<_> = visible
        .iter()
        .filter(|l| l.location_type == LocationType::Sales)
        .collect();
    let locations = if sales.is_empty() {
        visible.iter().collect::<Vec<_>>()
    } else {
        sales
    }
    .into_iter()
    .map(|l| SpinLocation {
        id: l.id,
        name: l.name.clone(),
        dealership_slug: l
            .dealership_slug
            .clone()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| config.slug.clone()),
    })
    .collect();
    Some(SpinPageView {
        title: spin.title.clone(),
        intro: spin.intro.clone(),
        breadcrumbs: vec![
            Crumb {
                label: crate::messages::BREADCRUMB_HOME.to_string(),
                url: Some("/".to_string()),
            },
            Crumb {
                label: spin.title.clone(),
                url: None,
            },
        ],
        prizes: spin
            .prizes
            .iter()
            .map(|p| SpinPrizeView {
                label: p.label.clone(),
                weight: p.weight,
                odds: odds_percent(p.weight, total),
            })
            .collect(),
        terms_html: markdown_to_html(&spin.terms),
        dealer: config.slug.clone(),
        api_path: "/api/leads".to_string(),
        category: crate::messages::SPIN_TO_WIN_CATEGORY.to_string(),
        privacy_url: PRIVACY_PATH.to_string(),
        terms_url: TERMS_PATH.to_string(),
        terms_message: crate::messages::MUST_AGREE_TO_TERMS.to_string(),
        locations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::test_dealer;

    /// Seed 001 s2: "/spin-to-win": a real prize wheel with prizes, odds and
    /// terms from dealer config.
    #[test]
    fn the_wheel_shows_the_configured_prizes_with_their_odds_and_terms() {
        let dealer = test_dealer(
            "[features]\nspin_to_win = true\n[spin_to_win]\nterms = \"One spin per <person>.\"\nprizes = [{ label = \"$50 fuel voucher\", weight = 3 }, { label = \"Free service\", weight = 1 }]\n",
        );
        let ctx = ViewContext::new(&dealer, chrono::Utc::now());
        let view = spin_page_view(&ctx).expect("the promotion runs");
        assert_eq!(view.title, "Spin to Win");
        let odds: Vec<(&str, &str)> = view
            .prizes
            .iter()
            .map(|p| (p.label.as_str(), p.odds.as_str()))
            .collect();
        assert_eq!(odds, [("$50 fuel voucher", "75%"), ("Free service", "25%")]);
        assert_eq!(view.terms_html, "<p>One spin per &lt;person&gt;.</p>\n");
        assert_eq!(view.dealer, "acme");
    }

    #[test]
    fn no_promotion_without_the_switch() {
        let dealer = test_dealer(
            "[spin_to_win]\nterms = \"T\"\nprizes = [{ label = \"A\", weight = 1 }, { label = \"B\", weight = 1 }]\n",
        );
        let ctx = ViewContext::new(&dealer, chrono::Utc::now());
        assert_eq!(spin_page_view(&ctx), None);
    }
}
