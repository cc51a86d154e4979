//! Special offers: the `/special-offers` list (seed 000 s2, s7, s8, s9: filters on
//! categories and price, query, page of 21, the empty state with Clear Filters) and one
//! page per offer (`/offers/{id}`).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::SpecialOffer;
use crate::messages;
use crate::rules::constants::PAGE_SIZE;

use super::crumbs::Crumb;
use super::links::{enquiry_url, OFFERS_PATH};
use super::offer_cards::{offer_expired, offer_started, offer_view, OfferView};

/// The offers list: every current offer; the page filters, searches and pages them in the
/// browser (the list is small and comes whole with the page).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct OffersPageView {
    /// Heading.
    pub title: String,
    /// Current offers, soonest expiry first.
    pub offers: Vec<OfferView>,
    /// Category filter choices, in first-seen order.
    pub categories: Vec<String>,
    /// Lowest and highest offer price, for the price filter.
    pub price_min: Option<f64>,
    /// Highest offer price.
    pub price_max: Option<f64>,
    /// Offers per page (seed: 21).
    #[ts(type = "number")]
    pub page_size: usize,
}

/// One offer's page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct OfferPageView {
    /// The offer.
    pub offer: OfferView,
    /// Terms and conditions, paragraphs.
    pub terms: Vec<String>,
    /// Whether the offer's expiry has passed (the page stays for old links and says so).
    pub ended: bool,
    /// The ended notice.
    pub ended_text: String,
    /// Call to action label.
    pub cta_label: String,
    /// Call to action target.
    pub cta_url: String,
    /// Back to the list.
    pub offers_url: String,
    /// Breadcrumbs.
    pub breadcrumbs: Vec<Crumb>,
}

/// The offers list at `today`: started and not expired, soonest expiry first (open-ended
/// last), then by id.
pub fn offers_page_view(offers: &[SpecialOffer], today: NaiveDate) -> OffersPageView {
    let mut current: Vec<&SpecialOffer> = offers
        .iter()
        .filter(|o| offer_started(o, today) && !offer_expired(o, today))
        .collect();
    current.sort_by_key(|o| (o.expiry.is_none(), o.expiry, o.id));
    let mut categories: Vec<String> = Vec::new();
    for category in current.iter().flat_map(|o| o.categories.iter()) {
        let category = category.trim();
        if !category.is_empty() && !categories.iter().any(|c| c == category) {
            categories.push(category.to_string());
        }
    }
    let prices: Vec<f64> = current
        .iter()
        .filter_map(|o| o.price)
        .filter(|p| *p > 0.0)
        .collect();
    OffersPageView {
        title: messages::OFFERS_TITLE.to_string(),
        offers: current.into_iter().map(offer_view).collect(),
        categories,
        price_min: prices.iter().copied().reduce(f64::min),
        price_max: prices.iter().copied().reduce(f64::max),
        page_size: PAGE_SIZE,
    }
}

/// The page of one offer at `today`.
pub fn offer_page_view(offer: &SpecialOffer, today: NaiveDate) -> OfferPageView {
    let view = offer_view(offer);
    OfferPageView {
        terms: offer
            .terms
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect(),
        ended: offer_expired(offer, today),
        ended_text: messages::OFFER_ENDED.to_string(),
        cta_label: messages::ENQUIRE_ABOUT_OFFER.to_string(),
        cta_url: enquiry_url(&format!("I'm interested in the offer: {}", offer.title)),
        offers_url: OFFERS_PATH.to_string(),
        breadcrumbs: vec![
            Crumb {
                label: messages::BREADCRUMB_HOME.to_string(),
                url: Some("/".to_string()),
            },
            Crumb {
                label: messages::OFFERS_TITLE.to_string(),
                url: Some(OFFERS_PATH.to_string()),
            },
            Crumb {
                label: view.title.clone(),
                url: None,
            },
        ],
        offer: view,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(
        id: u64,
        price: Option<f64>,
        start: Option<&str>,
        expiry: Option<&str>,
        categories: &[&str],
    ) -> SpecialOffer {
        let date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date");
        SpecialOffer {
            id,
            title: format!("Offer {id}"),
            categories: categories.iter().map(|c| c.to_string()).collect(),
            price,
            make: None,
            model: None,
            body: None,
            description: String::new(),
            terms: "First.\n\nSecond.".to_string(),
            image: "/media/o.svg".to_string(),
            start: start.map(date),
            expiry: expiry.map(date),
        }
    }

    #[test]
    fn the_list_keeps_current_offers_soonest_expiry_first() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 23).expect("date");
        let offers = vec![
            offer(1, Some(45990.0), None, None, &["SUV"]),
            offer(
                2,
                Some(39990.0),
                Some("2026-11-01"),
                Some("2027-01-31"),
                &["New Car Offers", "SUV"],
            ),
            offer(3, None, Some("2026-12-01"), None, &["Later"]),
            offer(4, Some(1.0), None, Some("2026-11-22"), &["Gone"]),
            offer(5, Some(20000.0), None, Some("2026-11-23"), &["Service"]),
        ];
        let view = offers_page_view(&offers, today);
        let ids: Vec<u64> = view.offers.iter().map(|o| o.id).collect();
        assert_eq!(ids, [5, 2, 1]);
        assert_eq!(view.categories, ["Service", "New Car Offers", "SUV"]);
        assert_eq!(
            (view.price_min, view.price_max),
            (Some(20000.0), Some(45990.0))
        );
        assert_eq!(view.page_size, 21);
        assert_eq!(
            view.offers[1].expiry_text.as_deref(),
            Some("Offer ends 31/01/2027")
        );
        assert_eq!(view.offers[1].price_text.as_deref(), Some("$39,990"));
        let page = offer_page_view(&offers[3], today);
        assert!(page.ended);
        assert_eq!(page.terms, ["First.", "Second."]);
        assert_eq!(
            page.cta_url,
            "/contact-us?message=I%27m%20interested%20in%20the%20offer%3A%20Offer%204#enquiry-form"
        );
    }
}
