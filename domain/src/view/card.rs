//! The car card of search results, the home page's featured stock and similar cars.
//! Every rule comes from `crate::rules`; this module only gathers their results.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarStatus, CarType, Lender};
use crate::config::{CardButton, ReserveRoute};
use crate::messages;
use crate::rules::availability::{
    favourites_offered, is_available, offers_find_similar, reserve_state, sold_text, ReserveState,
};
use crate::rules::finance::visible_lender;
use crate::rules::format::format_dollars;
use crate::rules::tag::{card_tag, CardTag, TagKind};

use super::images::ImageView;
use super::links::{ENQUIRY_PATH, FINANCE_FORM_ID, TEST_DRIVE_PATH};
use super::names::display_name;
use super::site::ViewContext;
use super::slug::{encode_query_value, slugify};

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
    /// The certified logo the certified tag shows (config `tags.certified_logo`).
    pub tag_logo: Option<ImageView>,
    /// Sold wording (default 'JUST SOLD') of an unavailable car.
    pub sold_text: Option<String>,
    /// Primary image.
    pub image: Option<ImageView>,
    /// Location name.
    pub location_name: Option<String>,
    /// The weekly repayment with its lender's rates, where the finance strip rule allows
    /// it; a card never shows the repayment without the comparison rate.
    pub finance: Option<CardFinance>,
    /// Find Me Something Similar target, set when the car is unavailable or has no
    /// visible price (the card then shows it instead of its buttons).
    pub find_similar_url: Option<String>,
    /// Reserve Now target, when the site offers reserving and the car can be reserved.
    pub reserve_url: Option<String>,
    /// The save toggle is offered (seed 000 s5: favourites on and the site's rule holds).
    /// A sold car shows it only when the shopper saved it before (seed 000 s4), which
    /// only the browser knows.
    pub saveable: bool,
    /// The buttons of an available car with a visible price, in the dealer's order
    /// (config `search.card_buttons`); empty when the card offers Find Me Something Similar.
    pub buttons: Vec<CardButtonView>,
    /// The view count as shown ("1,234 views"), on sites that show it (config
    /// `search.show_view_count`) for cars whose feed has one.
    pub views_text: Option<String>,
    /// How many gallery photos the car has (the card's camera count; 0 hides it).
    pub photo_count: u32,
    /// Key spec chips after year and km: transmission and fuel, those the car has.
    pub spec_chips: Vec<String>,
    /// A reservation holds the car: the card says "Reserved" in place of its reserve
    /// button, whatever its tag (a fuel tag outranks the Reserved tag).
    pub reserved: bool,
}

/// One button of a car card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CardButtonView {
    /// Which button.
    pub kind: CardButton,
    /// Text.
    pub label: String,
    /// Target.
    pub url: String,
}

/// Seed 000 s2 / seed 001 s2: the trade-in valuation of a car.
pub fn trade_in_url(car: &Car) -> String {
    format!("{}?car_id={}", crate::routes::CAR_TRADE_IN.pattern, car.id)
}

/// Seed 001 s2: the online purchase of a car, on sites with the journey, when it can be reserved.
pub fn buy_online_url(car: &Car, ctx: &ViewContext<'_>) -> Option<String> {
    (ctx.dealer.config.reserve.buy_online_journey && reserve_url(car, ctx).is_some()).then(|| {
        format!(
            "{}?car_id={}",
            crate::routes::CHECKOUT_JOURNEY.pattern,
            car.slug
        )
    })
}

/// The card buttons of `car` in the dealer's order: none when the card offers Find Me
/// Something Similar; reserve and online purchase only when the car can be reserved.
pub fn card_buttons(car: &Car, ctx: &ViewContext<'_>) -> Vec<CardButtonView> {
    if offers_find_similar(car) {
        return Vec::new();
    }
    let search = &ctx.dealer.config.search;
    search
        .card_buttons
        .iter()
        .filter_map(|kind| {
            let (label, url) = match kind {
                CardButton::Details => (messages::VIEW_DETAILS.to_string(), car.page_path()),
                CardButton::TestDrive => (
                    super::words::car_action_words(ctx.dealer, car)
                        .test_drive
                        .to_string(),
                    format!("{TEST_DRIVE_PATH}?car_id={}", car.id),
                ),
                CardButton::Finance => (
                    messages::GET_PRE_APPROVED.to_string(),
                    finance_link(car, ctx),
                ),
                CardButton::Reserve => (messages::RESERVE_NOW.to_string(), reserve_url(car, ctx)?),
                CardButton::TradeIn => {
                    (messages::GET_YOUR_VALUATION.to_string(), trade_in_url(car))
                }
                CardButton::OnlinePurchase => {
                    (messages::BUY_ONLINE.to_string(), buy_online_url(car, ctx)?)
                }
                CardButton::Enquire => (
                    ctx.dealer
                        .config
                        .forms
                        .enquiry_button_text
                        .label()
                        .to_string(),
                    format!("{ENQUIRY_PATH}?car_id={}", car.id),
                ),
                CardButton::Custom => {
                    let custom = search.custom_card_button.as_ref()?;
                    let url = custom
                        .url
                        .replace("{id}", &car.id.to_string())
                        .replace("{slug}", &car.slug);
                    (custom.label.clone(), url)
                }
            };
            Some(CardButtonView {
                kind: *kind,
                label,
                url,
            })
        })
        .collect()
}

/// The repayment a card shows and the rates it is quoted at (National Credit Code s 164:
/// wherever a repayment is shown, the comparison rate is shown next to it). One value, so
/// a repayment cannot reach a page without its comparison rate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CardFinance {
    /// Weekly repayment as shown before "/wk", e.g. "$123".
    pub weekly: String,
    /// The lender's interest rate as shown, e.g. "7.99% p.a.".
    pub interest_rate: String,
    /// The lender's comparison rate as shown, e.g. "8.19% p.a.".
    pub comparison_rate: String,
    /// The loan's final payment as shown, e.g. "$9,897", where the provider's card states
    /// it (seed 001 s9: Angle); absent elsewhere.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_payment: Option<String>,
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
    crate::routes::SEARCH_MODEL.path(&[&slugify(&car.make), &slugify(&car.model)])
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
/// strip rule shows it (the search index's weekly price): the weekly repayment of the
/// car's loan (`view::finance::car_loan`), the same figure its page's calculator opens on,
/// rather than the feed's paymentWeek, which a lender works out on terms the page would
/// not otherwise show.
pub fn weekly_amount(car: &Car, ctx: &ViewContext<'_>) -> Option<f64> {
    strip_lender(car, ctx)?;
    // At or below the seed's threshold the estimate box and the calculator say Enquire
    // for Finance, so the card and the sidebar show no figure either.
    Some(super::finance::car_loan(car, ctx)?.weekly())
        .filter(|w| *w > crate::rules::finance::ENQUIRE_FOR_FINANCE_THRESHOLD)
}

/// The lender data of the dealer's provider for `car`, when the finance strip shows.
fn strip_lender<'c>(car: &'c Car, ctx: &ViewContext<'_>) -> Option<&'c Lender> {
    visible_lender(car, ctx.dealer.config.finance.provider?, ctx.current_year)
}

/// A rate per annum as shown on a card, e.g. "8.19% p.a.".
fn rate_text(rate: f64) -> String {
    format!("{} p.a.", super::finance::format_rate(rate))
}

/// The finance a card shows: [`weekly_amount`] as shown with the interest and comparison
/// rates of the same loan (the lender's, unless the dealer locks its rate).
pub fn card_finance(car: &Car, ctx: &ViewContext<'_>) -> Option<CardFinance> {
    strip_lender(car, ctx)?;
    let loan = super::finance::car_loan(car, ctx)?;
    let weekly = loan.weekly();
    let states_final_payment = ctx
        .dealer
        .config
        .finance
        .provider
        .is_some_and(|p| p.card_shows_final_payment());
    (weekly > crate::rules::finance::ENQUIRE_FOR_FINANCE_THRESHOLD).then(|| CardFinance {
        weekly: crate::rules::format::format_price(weekly),
        interest_rate: rate_text(loan.rate),
        comparison_rate: rate_text(loan.comparison_rate),
        final_payment: states_final_payment
            .then(|| crate::rules::format::format_price(loan.balloon)),
    })
}

/// The reserve route of a car when the site offers reserving and the car is available,
/// has a visible price and is not already reserved.
pub fn reserve_url(car: &Car, ctx: &ViewContext<'_>) -> Option<String> {
    let reserve = &ctx.dealer.config.reserve;
    if !reserve.enabled || reserve_state(car) != ReserveState::Reservable {
        return None;
    }
    let suffix = match reserve.route {
        ReserveRoute::Checkout => "checkout",
        ReserveRoute::BuyOnline => "buy-online",
    };
    Some(format!("{}/{suffix}", car.page_path()))
}

/// The certified logo of a car whose card tag is the certified one.
fn certified_logo(car: &Car, ctx: &ViewContext<'_>) -> Option<ImageView> {
    let tag = card_tag(car, &ctx.tags, ctx.now).filter(|t| t.kind == TagKind::Certified)?;
    let logo = ctx.dealer.config.tags.certified_logo.as_deref()?;
    Some(ImageView::new(
        super::images::asset_url(logo.trim()),
        format!("{} certified pre-owned", tag.text),
    ))
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
        status: if car.sold {
            CarStatus::Sold
        } else {
            car.status
        },
        available: is_available(car),
        price,
        price_text: price.map_or_else(|| messages::ENQUIRE_FOR_PRICE.to_string(), format_dollars),
        price_type: car.price_type.clone().filter(|t| !t.trim().is_empty()),
        km: car.km,
        km_text: car.km.map(|km| format!("{} km", thousands(u64::from(km)))),
        tag: card_tag(car, &ctx.tags, ctx.now),
        tag_logo: certified_logo(car, ctx),
        sold_text: sold_text(car, Some(&ctx.dealer.config.tags.sold_text)).map(str::to_string),
        image: car
            .primary_image()
            .map(|url| ImageView::new(url.to_string(), display_name(car))),
        location_name: car_location_name(car),
        finance: card_finance(car, ctx),
        find_similar_url: offers_find_similar(car).then(|| similar_search_path(car)),
        reserve_url: reserve_url(car, ctx),
        saveable: favourites_offered(
            car,
            ctx.dealer.config.favourites.enabled,
            ctx.dealer.config.favourites.rule,
        ),
        buttons: card_buttons(car, ctx),
        views_text: car
            .views
            .filter(|_| ctx.dealer.config.search.show_view_count)
            .map(|views| messages::views_text(&thousands(u64::from(views)))),
        photo_count: u32::try_from(
            car.images
                .iter()
                .filter(|i| !i.url.trim().is_empty())
                .count(),
        )
        .unwrap_or(u32::MAX),
        spec_chips: card_spec_chips(car),
        reserved: car.reserved && is_available(car),
    }
}

/// The card's chips after year and km: transmission and fuel, those the car has; a
/// caravan (no engine, no odometer) its berths and length instead, what a caravan shopper
/// picks one by.
pub fn card_spec_chips(car: &Car) -> Vec<String> {
    use crate::rules::vehicle_text::spec_value_text;
    if is_caravan(car) {
        let berths = car
            .variant
            .berths
            .as_ref()
            .and_then(spec_value_text)
            .map(|b| format!("Sleeps {b}"));
        let length = car
            .variant
            .vehiclelength
            .as_ref()
            .and_then(spec_value_text)
            .and_then(|mm| mm.replace(',', "").parse::<f64>().ok())
            .filter(|mm| mm.is_finite() && *mm > 0.0)
            .map(|mm| format!("{:.1} m long", mm / 1000.0));
        return berths.into_iter().chain(length).collect();
    }
    [
        car.simple_transmission.as_deref(),
        car.simple_fuel.as_deref().or(car.fuel.as_deref()),
    ]
    .into_iter()
    .flatten()
    .map(str::trim)
    .filter(|v| !v.is_empty())
    .map(str::to_string)
    .collect()
}

/// Whether the card is a caravan's: its body says so, or the feed gives it caravan
/// specifications (berths or masses), as the vehicle page's specifications judge it.
fn is_caravan(car: &Car) -> bool {
    let body = car
        .simple_body
        .as_deref()
        .or(car.bodyconfiguration.as_deref())
        .unwrap_or("")
        .to_ascii_lowercase();
    let v = &car.variant;
    ["caravan", "camper", "pop top", "trailer"]
        .iter()
        .any(|w| body.contains(w))
        || [&v.berths, &v.tare, &v.atm, &v.ballweight]
            .iter()
            .any(|f| f.is_some())
}

/// A car's card as JSON text (a car's similar cars file): made once, written into every
/// file that lists the car. It reads back as a [`CardView`].
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardJson(Box<serde_json::value::RawValue>);

impl CardJson {
    /// The card of `view`.
    pub fn of(view: &CardView) -> CardJson {
        CardJson(serde_json::value::to_raw_value(view).expect("a card view serializes"))
    }

    /// The JSON text.
    pub fn text(&self) -> &str {
        self.0.get()
    }

    /// The card parsed back (tests and tools).
    pub fn view(&self) -> Result<CardView, serde_json::Error> {
        serde_json::from_str(self.0.get())
    }
}

impl PartialEq for CardJson {
    fn eq(&self, other: &CardJson) -> bool {
        self.0.get() == other.0.get()
    }
}

/// Where the pages of a site get their cars' cards: [`MakeCards`] makes each one when
/// asked; a caller that shows the same cards on many pages may answer with cards it made
/// before, which must equal [`card_view`]'s.
pub trait Cards: Sync {
    /// The card of `car`.
    fn card(&self, car: &Car, ctx: &ViewContext<'_>) -> CardView;

    /// The card of `car` as JSON text.
    fn json(&self, car: &Car, ctx: &ViewContext<'_>) -> CardJson;
}

/// [`Cards`] made on the spot: [`card_view`] and [`CardJson::of`].
#[derive(Debug, Clone, Copy, Default)]
pub struct MakeCards;

impl Cards for MakeCards {
    fn card(&self, car: &Car, ctx: &ViewContext<'_>) -> CardView {
        card_view(car, ctx)
    }

    fn json(&self, car: &Car, ctx: &ViewContext<'_>) -> CardJson {
        CardJson::of(&card_view(car, ctx))
    }
}

/// Seed 001 s2: the car's finance enquiry link: the dealer's finance link with
/// preferredDealership, vehiclePriceBudget, car_id, car_type and vin (those the car has),
/// ending with the anchor #finance-form.
pub fn finance_link(car: &Car, ctx: &ViewContext<'_>) -> String {
    let mut params: Vec<(&str, String)> = Vec::new();
    if let Some(slug) = car
        .location
        .as_ref()
        .map(|l| l.slug.trim())
        .filter(|s| !s.is_empty())
    {
        params.push(("preferredDealership", slug.to_string()));
    }
    if let Some(price) = car.visible_price() {
        params.push(("vehiclePriceBudget", format!("{}", price.round() as i64)));
    }
    params.push(("car_id", car.id.to_string()));
    params.push((
        "car_type",
        serde_json::to_value(car.car_type)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
    ));
    if let Some(vin) = car.vin.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        params.push(("vin", vin.to_string()));
    }
    let query: Vec<String> = params
        .iter()
        .map(|(k, v)| format!("{k}={}", encode_query_value(v)))
        .collect();
    let link = ctx.dealer.config.finance.link.trim();
    let separator = if link.contains('?') { '&' } else { '?' };
    format!("{link}{separator}{}#{FINANCE_FORM_ID}", query.join("&"))
}

/// A card of a car that a reservation holds since the build (seed 000 s4: Reserved ranks
/// below only the fuel tag): the Reserved tag and no reserve button.
pub fn mark_held(card: &mut CardView) {
    if card.tag.as_ref().is_none_or(|t| t.kind != TagKind::Fuel) {
        card.tag = Some(CardTag {
            kind: TagKind::Reserved,
            text: messages::RESERVED.to_string(),
            colour: None,
        });
        card.tag_logo = None;
    }
    card.reserved = true;
    card.reserve_url = None;
    card.buttons
        .retain(|b| !matches!(b.kind, CardButton::Reserve | CardButton::OnlinePurchase));
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    #[test]
    fn a_caravan_card_shows_berths_and_length_not_transmission_and_fuel() {
        let caravan: Car = serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "c", "year": 2023, "make": "Jayco", "model": "Journey",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "simple_body": "Caravan", "simple_transmission": "Manual",
            "variant": {"berths": 6, "atm": 2800, "vehiclelength": 8000.0}
        }))
        .expect("caravan");
        assert_eq!(super::card_spec_chips(&caravan), ["Sleeps 6", "8.0 m long"]);
    }

    #[test]
    fn a_display_name_says_each_name_once() {
        let car = |make: &str, model: &str, badge: Option<&str>| -> Car {
            serde_json::from_value(serde_json::json!({
                "id": 1, "slug": "c", "year": 2025, "make": make, "model": model, "badge": badge, "car_type": "new",
                "status": "in_stock", "created_at": "2026-11-01T00:00:00Z", "dealership_slug": "acme"
            }))
            .expect("car")
        };
        assert_eq!(
            super::display_name(&car("Omoda", "Omoda 5", Some("BX"))),
            "2025 Omoda 5 BX"
        );
        assert_eq!(
            super::display_name(&car("Yamaha", "Tenere 700", Some("Tenere 700"))),
            "2025 Yamaha Tenere 700"
        );
        assert_eq!(
            super::display_name(&car("KGM SsangYong", "Musso", Some("Ultimate"))),
            "2025 KGM SsangYong Musso Ultimate"
        );
        assert_eq!(
            super::display_name(&car("Toyota", "RAV4", None)),
            "2025 Toyota RAV4"
        );
    }

    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::view::test_dealer as dealer;

    fn car(make: &str, lender: Lender) -> Car {
        let mut car: Car = serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "car-1", "year": 2024, "make": make, "model": "RAV4",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": 32_990.0
        }))
        .expect("car");
        car.finance_lenders = BTreeMap::from([("taurus".to_string(), lender)]);
        car
    }

    fn lender(payment_week: Option<f64>) -> Lender {
        Lender {
            interest_rate: Some(7.99),
            comparison_rate: Some(8.194),
            payment_week,
            ..Lender::default()
        }
    }

    #[test]
    fn a_card_counts_photos_lists_spec_chips_and_says_reserved_under_a_fuel_tag() {
        let acme = dealer("[tags]\nfuel_tags = true\n");
        let ctx = ViewContext::new(&acme, Utc.with_ymd_and_hms(2026, 11, 20, 0, 0, 0).unwrap());
        let mut hybrid = car("Toyota", lender(Some(120.0)));
        hybrid.simple_fuel = Some("Hybrid".into());
        hybrid.simple_transmission = Some("Automatic".into());
        hybrid.images = ["a", "b", " "]
            .iter()
            .map(|u| serde_json::from_value(serde_json::json!({ "url": u })).expect("image"))
            .collect();
        let card = card_view(&hybrid, &ctx);
        assert_eq!(card.photo_count, 2, "blank photo URLs are not photos");
        assert_eq!(card.spec_chips, ["Automatic", "Hybrid"]);
        assert!(!card.reserved);

        // The fuel tag outranks Reserved (seed 000 s4), so the card says it elsewhere.
        hybrid.reserved = true;
        let card = card_view(&hybrid, &ctx);
        assert_eq!(card.tag.as_ref().map(|t| t.kind), Some(TagKind::Fuel));
        assert!(card.reserved, "a reserved car's card says so");
        // A hold made since the build, marked by the search, says so too.
        hybrid.reserved = false;
        let mut held = card_view(&hybrid, &ctx);
        mark_held(&mut held);
        assert!(held.reserved && held.reserve_url.is_none());
        assert_eq!(held.tag.as_ref().map(|t| t.kind), Some(TagKind::Fuel));
        // A sold car is not "reserved" whatever its flag.
        hybrid.reserved = true;
        hybrid.sold = true;
        assert!(!card_view(&hybrid, &ctx).reserved);
    }

    #[test]
    fn only_an_autograb_purchasable_car_can_be_reserved_or_bought_online() {
        // Seed 001 s4: "Autograb purchasable: only if in_stock, not sold, not reserved,
        // and price over 200". It decides the Reserve Now and Buy Online buttons, and with
        // them the checkout pages and the API's holds (ReserveState).
        let acme = dealer("[reserve]\nbuy_online_journey = true\n[search]\ncard_buttons = [\"reserve\", \"online_purchase\", \"details\"]\n");
        let ctx = ViewContext::new(&acme, Utc.with_ymd_and_hms(2026, 11, 20, 0, 0, 0).unwrap());
        let offered = |car: &Car| {
            let card = card_view(car, &ctx);
            let kinds: Vec<CardButton> = card.buttons.iter().map(|b| b.kind).collect();
            (
                card.reserve_url.is_some(),
                buy_online_url(car, &ctx).is_some(),
                kinds.contains(&CardButton::Reserve),
                kinds.contains(&CardButton::OnlinePurchase),
            )
        };
        let in_stock = car("Toyota", lender(None));
        assert!(crate::rules::availability::autograb_purchasable(&in_stock));
        assert_eq!(offered(&in_stock), (true, true, true, true));
        let cases = [
            (
                "coming soon",
                Car {
                    status: CarStatus::ComingSoon,
                    ..in_stock.clone()
                },
            ),
            (
                "price 200",
                Car {
                    price: Some(200.0),
                    ..in_stock.clone()
                },
            ),
            (
                "reserved",
                Car {
                    reserved: true,
                    ..in_stock.clone()
                },
            ),
            (
                "sold",
                Car {
                    sold: true,
                    ..in_stock.clone()
                },
            ),
        ];
        for (why, car) in cases {
            assert!(
                !crate::rules::availability::autograb_purchasable(&car),
                "{why}"
            );
            assert_eq!(offered(&car), (false, false, false, false), "{why}");
        }
        let just_over = Car {
            price: Some(201.0),
            ..in_stock
        };
        assert_eq!(
            reserve_state(&just_over),
            ReserveState::Reservable,
            "over 200"
        );
        assert_eq!(
            reserve_state(&Car {
                price: Some(150.0),
                ..just_over
            }),
            ReserveState::NotPurchasable
        );
    }

    #[test]
    fn the_weekly_repayment_comes_with_both_rates() {
        let taurus = dealer("[finance]\nprovider = \"taurus\"\n");
        let ctx = ViewContext::new(
            &taurus,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        let card = card_view(&car("Toyota", lender(Some(123.4))), &ctx);
        let finance = card.finance.expect("the strip shows");
        // The car's loan, not the feed's paymentWeek: $32,990 at 7.99% on the estimate
        // box's 5 years, 10% deposit and 30% final payment, which the page's calculator
        // also opens on.
        let loan = crate::view::finance::car_loan(&car("Toyota", lender(Some(123.4))), &ctx)
            .expect("loan");
        assert_eq!(
            (loan.amount, loan.rate, loan.term_years),
            (32_990.0, 7.99, 5.0)
        );
        assert!((loan.deposit - 3_299.0).abs() < 1e-6 && (loan.balloon - 9_897.0).abs() < 1e-6);
        assert_eq!(
            finance.weekly,
            crate::rules::format::format_price(loan.weekly())
        );
        assert_eq!(finance.weekly, "$107.61");
        assert_eq!(finance.interest_rate, "7.99% p.a.");
        assert_eq!(finance.comparison_rate, "8.19% p.a.");

        // A hidden strip (Suzuki) or no provider: no repayment at all.
        assert_eq!(
            card_view(&car("Suzuki", lender(Some(123.0))), &ctx).finance,
            None
        );
        let none = dealer("");
        let plain = ViewContext::new(
            &none,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        assert_eq!(
            card_view(&car("Toyota", lender(Some(123.0))), &plain).finance,
            None
        );
    }

    /// Seed 001 s9: "Angle card shows $0 final payment"; other providers' cards state none.
    /// The card's repayment is the estimate's loan, so the final payment it
    /// states is that loan's, not a nil one beside a repayment that assumes one.
    #[test]
    fn an_angle_card_states_the_final_payment_of_its_loan() {
        let angle = dealer("[finance]\nprovider = \"angle\"\n");
        let ctx = ViewContext::new(
            &angle,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        let mut on_angle = car("Toyota", lender(Some(123.4)));
        on_angle.finance_lenders = BTreeMap::from([(
            "angle".to_string(),
            Lender {
                payment_week: Some(123.4),
                ..lender(Some(123.4))
            },
        )]);
        let finance = card_view(&on_angle, &ctx).finance.expect("the strip shows");
        assert_eq!(finance.final_payment.as_deref(), Some("$9,897"));

        let taurus = dealer("[finance]\nprovider = \"taurus\"\n");
        let ctx = ViewContext::new(
            &taurus,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        let finance = card_view(&car("Toyota", lender(Some(123.4))), &ctx)
            .finance
            .expect("the strip shows");
        assert_eq!(finance.final_payment, None);
        assert!(!serde_json::to_string(&finance)
            .expect("json")
            .contains("final_payment"));
    }
}
