//! The car card of search results, the home page's featured stock and similar cars.
//! Every rule comes from `crate::rules`; this module only gathers their results.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarStatus, CarType};
use crate::config::ReserveRoute;
use crate::messages;
use crate::rules::availability::{is_available, offers_find_similar, sold_text};
use crate::rules::finance::visible_lender;
use crate::rules::format::format_dollars;
use crate::rules::tag::{card_tag, CardTag};

use super::site::ViewContext;
use super::slug::slugify;

/// An image with its text alternative.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImageView {
    /// Image URL.
    pub url: String,
    /// Text alternative.
    pub alt: String,
}

/// One car card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CardView {
    /// Car id.
    #[ts(type = "number")]
    pub id: u64,
    /// Car slug.
    pub slug: String,
    /// Vehicle page path.
    pub path: String,
    /// Display name.
    pub name: String,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Model year.
    pub year: u16,
    /// Badge, when the feed has one.
    pub badge: Option<String>,
    /// new, demo or used.
    pub car_type: CarType,
    /// in_stock, coming_soon or sold.
    pub status: CarStatus,
    /// Whether the car is available (in_stock or coming_soon and not sold).
    pub available: bool,
    /// The visible price in AUD (absent or zero prices are not visible).
    pub price: Option<f64>,
    /// The price as shown: "$32,990" or 'Enquire for price.'.
    pub price_text: String,
    /// Price type, e.g. "Drive Away".
    pub price_type: Option<String>,
    /// Odometer, km.
    pub km: Option<u32>,
    /// Odometer as shown, e.g. "12,345 km".
    pub km_text: Option<String>,
    /// The card tag (seed 000 s4 priority order), if any.
    pub tag: Option<CardTag>,
    /// Sold wording (default 'JUST SOLD') of an unavailable car.
    pub sold_text: Option<String>,
    /// Primary image.
    pub image: Option<ImageView>,
    /// Location name.
    pub location_name: Option<String>,
    /// Weekly finance amount as shown before "/wk", e.g. "$123", where the finance
    /// strip rule allows it.
    pub weekly: Option<String>,
    /// Find Me Something Similar target, set when the car is unavailable or has no
    /// visible price (the card then shows it instead of its buttons).
    pub find_similar_url: Option<String>,
    /// Reserve Now target, when the site offers reserving and the car can be reserved.
    pub reserve_url: Option<String>,
}

/// Digits with thousands separators: 12345 gives "12,345".
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The `/search/{make}/{model}` route of a car (its Find Me Something Similar target).
pub fn similar_search_path(car: &Car) -> String {
    format!("/search/{}/{}", slugify(&car.make), slugify(&car.model))
}

/// The location name a card shows: `location_name`, else the car location's name.
pub fn car_location_name(car: &Car) -> Option<String> {
    car.location_name
        .as_deref()
        .or(car.location.as_ref().map(|l| l.name.as_str()))
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
}

/// The weekly finance amount of a car under the dealer's provider, when the finance
/// strip rule shows it and the lender has a weekly payment (the search index's weekly
/// price).
pub fn weekly_amount(car: &Car, ctx: &ViewContext<'_>) -> Option<f64> {
    let provider = ctx.dealer.config.finance.provider?;
    let lender = visible_lender(car, provider, ctx.current_year)?;
    lender.payment_week.filter(|w| *w > 0.0)
}

/// The weekly finance text of a car: [`weekly_amount`] as shown.
pub fn weekly_text(car: &Car, ctx: &ViewContext<'_>) -> Option<String> {
    weekly_amount(car, ctx).map(format_dollars)
}

/// The reserve route of a car when the site offers reserving and the car is available,
/// has a visible price and is not already reserved.
pub fn reserve_url(car: &Car, ctx: &ViewContext<'_>) -> Option<String> {
    let reserve = &ctx.dealer.config.reserve;
    if !reserve.enabled || !is_available(car) || car.reserved || car.visible_price().is_none() {
        return None;
    }
    let suffix = match reserve.route {
        ReserveRoute::Checkout => "checkout",
        ReserveRoute::BuyOnline => "buy-online",
    };
    Some(format!("{}/{suffix}", car.page_path()))
}

/// The card of `car`.
pub fn card_view(car: &Car, ctx: &ViewContext<'_>) -> CardView {
    let price = car.visible_price();
    CardView {
        id: car.id,
        slug: car.slug.clone(),
        path: car.page_path(),
        name: display_name(car),
        make: car.make.clone(),
        model: car.model.clone(),
        year: car.year,
        badge: car.badge.clone().filter(|b| !b.trim().is_empty()),
        car_type: car.car_type,
        status: if car.sold { CarStatus::Sold } else { car.status },
        available: is_available(car),
        price,
        price_text: price.map_or_else(|| messages::ENQUIRE_FOR_PRICE.to_string(), format_dollars),
        price_type: car.price_type.clone().filter(|t| !t.trim().is_empty()),
        km: car.km,
        km_text: car.km.map(|km| format!("{} km", thousands(u64::from(km)))),
        tag: card_tag(car, &ctx.tags, ctx.now),
        sold_text: sold_text(car, Some(&ctx.dealer.config.tags.sold_text)).map(str::to_string),
        image: car.primary_image().map(|url| ImageView { url: url.to_string(), alt: display_name(car) }),
        location_name: car_location_name(car),
        weekly: weekly_text(car, ctx),
        find_similar_url: offers_find_similar(car).then(|| similar_search_path(car)),
        reserve_url: reserve_url(car, ctx),
    }
}

/// The car's display name: the feed's `name`, else "{year} {make} {model} {badge}".
pub fn display_name(car: &Car) -> String {
    let name = car.name.trim();
    if !name.is_empty() {
        return name.to_string();
    }
    let mut parts = vec![car.year.to_string(), car.make.clone(), car.model.clone()];
    if let Some(badge) = car.badge.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
        parts.push(badge.to_string());
    }
    parts.join(" ")
}
