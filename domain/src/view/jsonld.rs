//! schema.org JSON-LD of the pages: Car (Motorcycle, Vehicle) with Offer, AutoDealer with
//! opening hours and BreadcrumbList.

use serde_json::{json, Map, Value};

use crate::car::Car;
use crate::config::VehicleCategory;
use crate::entities::{Location, OpenStatus};
use crate::rules::availability::is_available;
use crate::rules::hours::WEEKDAY_NAMES;
use crate::rules::tag::{card_tag, TagKind};

use super::crumbs::Crumb;
use super::names::display_name;
use super::site::ViewContext;
use super::words::car_category;

/// What kind of stock item a vehicle page shows (the page view tells them apart by body
/// and specifications), which decides its schema.org type and the specifications it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockKind {
    /// Cars, utes, vans, trucks.
    Car,
    /// Motorcycles: no drive or seats.
    Motorcycle,
    /// Caravans: no engine, drive or seats.
    Caravan,
}

/// The schema.org availability URL of a car: pre-order only where its page shows it as
/// coming soon (its tag), so the markup claims nothing the page does not.
pub fn availability(car: &Car, ctx: &ViewContext<'_>) -> &'static str {
    let shown_coming_soon =
        card_tag(car, &ctx.tags, ctx.now).is_some_and(|t| t.kind == TagKind::ComingSoon);
    if !is_available(car) {
        "https://schema.org/SoldOut"
    } else if shown_coming_soon {
        "https://schema.org/PreOrder"
    } else {
        "https://schema.org/InStock"
    }
}

/// The schema.org type of a stock item: `Motorcycle`; `Vehicle` for caravans and trucks,
/// which schema.org has no type of their own for; else `Car`.
pub fn vehicle_type(car: &Car, kind: StockKind, ctx: &ViewContext<'_>) -> &'static str {
    let category = car_category(ctx.dealer, car);
    match kind {
        StockKind::Motorcycle => "Motorcycle",
        StockKind::Caravan => "Vehicle",
        StockKind::Car => match category {
            Some(VehicleCategory::Motorcycles) => "Motorcycle",
            Some(VehicleCategory::Caravans | VehicleCategory::Trucks) => "Vehicle",
            _ => "Car",
        },
    }
}

/// A trimmed, non-empty text of the feed.
fn text(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// The car's specifications the vehicle page shows, as schema.org properties.
fn specifications(car: &Car, kind: StockKind, value: &mut Map<String, Value>) {
    if let Some(badge) = text(car.badge.as_deref()) {
        value.insert("vehicleConfiguration".into(), json!(badge));
    }
    if kind == StockKind::Caravan {
        return;
    }
    if let Some(fuel) = text(car.simple_fuel.as_deref()).or(text(car.fuel.as_deref())) {
        value.insert("fuelType".into(), json!(fuel));
    }
    if let Some(transmission) = text(car.simple_transmission.as_deref()) {
        value.insert("vehicleTransmission".into(), json!(transmission));
    }
    if kind == StockKind::Car {
        if let Some(drive) = text(car.simple_drive.as_deref()).or(text(car.drive.as_deref())) {
            value.insert("driveWheelConfiguration".into(), json!(drive));
        }
        if let Some(seats) = car.seats.filter(|s| *s > 0) {
            value.insert("seatingCapacity".into(), json!(seats));
        }
    }
    let cc = car.engine_size.filter(|cc| *cc > 0);
    let litres = car.engine_size_litres.filter(|l| *l > 0.0);
    let displacement = match (cc, litres) {
        (Some(cc), _) => {
            Some(json!({"@type": "QuantitativeValue", "value": cc, "unitCode": "CMQ"}))
        }
        (None, Some(l)) => {
            Some(json!({"@type": "QuantitativeValue", "value": l, "unitCode": "LTR"}))
        }
        _ => None,
    };
    let fuel = text(car.simple_fuel.as_deref()).or(text(car.fuel.as_deref()));
    if displacement.is_some() || fuel.is_some() {
        let mut engine = Map::new();
        engine.insert("@type".into(), json!("EngineSpecification"));
        if let Some(displacement) = displacement {
            engine.insert("engineDisplacement".into(), displacement);
        }
        if let Some(fuel) = fuel {
            engine.insert("fuelType".into(), json!(fuel));
        }
        if engine.contains_key("engineDisplacement") {
            value.insert("vehicleEngine".into(), Value::Object(engine));
        }
    }
}

/// A `Car` (or `Motorcycle`, `Vehicle`) with its `Offer` in AUD; a car whose page shows
/// no price (enquire for price) has no Offer, as an Offer without a price is invalid.
pub fn car_json_ld(car: &Car, kind: StockKind, ctx: &ViewContext<'_>) -> Value {
    let url = ctx.absolute(&car.page_path());
    let mut offer = Map::new();
    offer.insert("@type".into(), json!("Offer"));
    offer.insert("priceCurrency".into(), json!("AUD"));
    let price = car.visible_price();
    if let Some(price) = price {
        offer.insert("price".into(), json!(price));
    }
    offer.insert("availability".into(), json!(availability(car, ctx)));
    offer.insert("url".into(), json!(url));
    offer.insert(
        "seller".into(),
        json!({"@type": "AutoDealer", "name": ctx.dealer.config.name}),
    );
    let mut value = Map::new();
    value.insert("@context".into(), json!("https://schema.org"));
    value.insert("@type".into(), json!(vehicle_type(car, kind, ctx)));
    value.insert("name".into(), json!(display_name(car)));
    value.insert("url".into(), json!(url));
    value.insert("brand".into(), json!({"@type": "Brand", "name": car.make}));
    value.insert("model".into(), json!(car.model));
    value.insert("vehicleModelDate".into(), json!(car.year.to_string()));
    let condition = match car.car_type {
        crate::car::CarType::Used => "https://schema.org/UsedCondition",
        _ => "https://schema.org/NewCondition",
    };
    value.insert("itemCondition".into(), json!(condition));
    if let Some(vin) = car.vin.as_deref().filter(|v| !v.trim().is_empty()) {
        value.insert("vehicleIdentificationNumber".into(), json!(vin));
    }
    if let Some(km) = car.km {
        value.insert(
            "mileageFromOdometer".into(),
            json!({"@type": "QuantitativeValue", "value": km, "unitCode": "KMT"}),
        );
    }
    if let Some(colour) = car.colour.as_deref().filter(|c| !c.trim().is_empty()) {
        value.insert("color".into(), json!(colour));
    }
    if let Some(body) = car.simple_body.as_deref().filter(|c| !c.trim().is_empty()) {
        value.insert("bodyType".into(), json!(body));
    }
    specifications(car, kind, &mut value);
    let images: Vec<&str> = car.images.iter().map(|i| i.url.as_str()).take(10).collect();
    if !images.is_empty() {
        let absolute: Vec<String> = images
            .iter()
            .map(|u| {
                if u.starts_with('/') {
                    ctx.absolute(u)
                } else {
                    u.to_string()
                }
            })
            .collect();
        value.insert("image".into(), json!(absolute));
    }
    if price.is_some() {
        value.insert("offers".into(), Value::Object(offer));
    }
    Value::Object(value)
}

/// An `AutoDealer` for a location, with `openingHoursSpecification` of its open days.
pub fn dealer_json_ld(location: &Location, ctx: &ViewContext<'_>) -> Value {
    let a = &location.address;
    let hours: Vec<Value> = location
        .contact_detail
        .opening_hours
        .iter()
        .filter(|h| h.status == OpenStatus::Open)
        .filter_map(|h| {
            let day = WEEKDAY_NAMES.get(usize::from(h.weekday))?;
            Some(json!({
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": format!("https://schema.org/{day}"),
                "opens": h.open.as_deref()?,
                "closes": h.close.as_deref()?,
            }))
        })
        .collect();
    let mut value = json!({
        "@context": "https://schema.org",
        "@type": "AutoDealer",
        "@id": location_id(location, ctx),
        "name": location.name,
        "url": ctx.absolute(&crate::routes::LOCATION.path(&[&location.slug])),
        "parentOrganization": {"@type": "AutoDealer", "@id": dealer_id(ctx), "name": ctx.dealer.config.name},
        "address": postal_address(location),
        "geo": {"@type": "GeoCoordinates", "latitude": a.lat, "longitude": a.long},
        "openingHoursSpecification": hours,
    });
    if let (Some(phone), Value::Object(map)) =
        (location.contact_detail.phone.as_deref(), &mut value)
    {
        map.insert("telephone".into(), json!(phone));
    }
    value
}

/// The home page's `AutoDealer`: the dealer under a stable `@id` (its home URL with
/// `#dealer`, which each location's markup names as its parent), its primary location's
/// address and phone, its social pages as `sameAs`, and its locations as departments.
pub fn home_dealer_json_ld(locations: &[&Location], ctx: &ViewContext<'_>) -> Value {
    let config = &ctx.dealer.config;
    let mut value = Map::new();
    value.insert("@context".into(), json!("https://schema.org"));
    value.insert("@type".into(), json!("AutoDealer"));
    value.insert("@id".into(), json!(dealer_id(ctx)));
    value.insert("name".into(), json!(config.name));
    value.insert("url".into(), json!(ctx.absolute("/")));
    value.insert("logo".into(), json!(ctx.absolute(&ctx.site.logo_url)));
    if let Some(primary) = locations.first() {
        value.insert("address".into(), postal_address(primary));
        if let Some(phone) = primary.contact_detail.phone.as_deref() {
            value.insert("telephone".into(), json!(phone));
        }
    }
    let same_as: Vec<&str> = config
        .footer
        .social
        .iter()
        .map(|s| s.url.trim())
        .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
        .collect();
    if !same_as.is_empty() {
        value.insert("sameAs".into(), json!(same_as));
    }
    if !locations.is_empty() {
        let departments: Vec<Value> = locations
            .iter()
            .map(|l| json!({"@type": "AutoDealer", "@id": location_id(l, ctx), "name": l.name}))
            .collect();
        value.insert("department".into(), json!(departments));
    }
    Value::Object(value)
}

/// The dealer's `@id`: its home page URL with `#dealer`.
fn dealer_id(ctx: &ViewContext<'_>) -> String {
    format!("{}#dealer", ctx.absolute("/"))
}

/// A location's `@id`: its page URL with `#dealer`.
fn location_id(location: &Location, ctx: &ViewContext<'_>) -> String {
    format!(
        "{}#dealer",
        ctx.absolute(&crate::routes::LOCATION.path(&[&location.slug]))
    )
}

fn postal_address(location: &Location) -> Value {
    let a = &location.address;
    json!({
        "@type": "PostalAddress",
        "streetAddress": a.street,
        "addressLocality": a.city,
        "addressRegion": a.state,
        "postalCode": a.postcode,
        "addressCountry": "AU",
    })
}

/// A `BreadcrumbList` of the trail the page shows; the current page (the last crumb)
/// gets the page's own URL. A middle crumb without a link has no page to name, and the
/// page's own URL would say the trail passes through the page itself: it is left out.
pub fn breadcrumb_json_ld(crumbs: &[Crumb], page_path: &str, ctx: &ViewContext<'_>) -> Value {
    let last = crumbs.len().saturating_sub(1);
    let items: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match (&c.url, i == last) {
            (Some(url), _) => Some((c, url.as_str())),
            (None, true) => Some((c, page_path)),
            (None, false) => None,
        })
        .enumerate()
        .map(|(i, (c, url))| {
            json!({
                "@type": "ListItem",
                "position": i + 1,
                "name": c.label,
                "item": ctx.absolute(url),
            })
        })
        .collect();
    json!({"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items})
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::view::test_dealer;

    fn car(body: &str) -> Car {
        serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "c1", "year": 2024, "make": "Isuzu", "model": "N Series",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": 80000.0, "simple_body": body
        }))
        .expect("car")
    }

    /// A truck dealer's stock is a `Vehicle`, a motorcycle a `Motorcycle` and a
    /// caravan a `Vehicle`, whatever the dealer sells; a car stays a `Car`.
    #[test]
    fn the_schema_type_follows_the_vehicle_not_the_word_car() {
        let now = chrono::Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let mut dealer = test_dealer("");
        let ctx = ViewContext::new(&dealer, now);
        let suv = car("SUV");
        assert_eq!(vehicle_type(&suv, StockKind::Car, &ctx), "Car");
        assert_eq!(
            vehicle_type(&suv, StockKind::Motorcycle, &ctx),
            "Motorcycle"
        );
        assert_eq!(vehicle_type(&suv, StockKind::Caravan, &ctx), "Vehicle");
        dealer.config.vehicle_categories = vec![VehicleCategory::Trucks];
        let ctx = ViewContext::new(&dealer, now);
        let truck = car("Cab Chassis");
        assert_eq!(vehicle_type(&truck, StockKind::Car, &ctx), "Vehicle");
        assert_eq!(
            car_json_ld(&truck, StockKind::Car, &ctx)["@type"],
            "Vehicle"
        );
    }
}
