//! Offer cards: the `/special-offers` list, an offer's page and a brand's overview show
//! them, current from their start to their expiry.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::config::{ContentPage, Dealer};
use crate::entities::SpecialOffer;
use crate::rules::finance::mentions_rate;
use crate::rules::format::{format_au_date, format_dollars};

use super::images::asset_url;
use super::images::ImageView;

/// One offer as a card and as its page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct OfferView {
    /// Offer id.
    #[ts(type = "number")]
    pub id: u64,
    /// Title.
    pub title: String,
    /// The title or description quotes an interest rate (the page shows the comparison
    /// rate warning).
    pub mentions_rate: bool,
    /// `/offers/{id}`.
    pub url: String,
    /// Image.
    pub image: ImageView,
    /// Offer price in AUD, for the price filter.
    pub price: Option<f64>,
    /// The price as shown, e.g. "$39,990".
    pub price_text: Option<String>,
    /// Categories, for the category filter.
    pub categories: Vec<String>,
    /// Make, model and body, for the query.
    pub make: Option<String>,
    /// Model.
    pub model: Option<String>,
    /// Body.
    pub body: Option<String>,
    /// Short description.
    pub description: String,
    /// "Offer ends 31/01/2027", when the offer has an expiry.
    pub expiry_text: Option<String>,
}

/// Whether an offer has started by `today` (offers without a start have).
pub fn offer_started(offer: &SpecialOffer, today: NaiveDate) -> bool {
    offer.start.is_none_or(|s| s <= today)
}

/// Whether an offer's last day has passed.
pub fn offer_expired(offer: &SpecialOffer, today: NaiveDate) -> bool {
    offer.expiry.is_some_and(|e| e < today)
}

/// Whether a sale page's last day has passed.
pub fn page_ended(page: &ContentPage, today: NaiveDate) -> bool {
    page.expiry.is_some_and(|e| e < today)
}

/// Whether `url` is one of the dealer's offer or sale pages that has ended by `today`:
/// its page stays for old links, but no menu, slide, banner or promo card leads to it.
pub fn links_to_ended(dealer: &Dealer, url: &str, today: NaiveDate) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let path = path.trim_end_matches('/');
    dealer
        .offers
        .iter()
        .any(|o| offer_expired(o, today) && path == crate::routes::OFFER.path(&[&o.id.to_string()]))
        || dealer
            .pages
            .iter()
            .any(|p| page_ended(p, today) && path == p.path.trim_end_matches('/'))
}

/// The card view of an offer.
pub fn offer_view(offer: &SpecialOffer) -> OfferView {
    let price = offer.price.filter(|p| *p > 0.0);
    OfferView {
        id: offer.id,
        title: offer.title.clone(),
        mentions_rate: mentions_rate(&offer.title) || mentions_rate(&offer.description),
        url: crate::routes::OFFER.path(&[&offer.id.to_string()]),
        image: ImageView::new(asset_url(&offer.image), offer.title.clone()),
        price,
        price_text: price.map(format_dollars),
        categories: offer.categories.clone(),
        make: offer.make.clone(),
        model: offer.model.clone(),
        body: offer.body.clone(),
        description: offer.description.clone(),
        expiry_text: offer
            .expiry
            .map(|e| format!("Offer ends {}", format_au_date(e))),
    }
}
