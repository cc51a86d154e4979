//! schema.org JSON-LD of the pages: Car with Offer, AutoDealer with opening hours and
//! BreadcrumbList.

use serde_json::{json, Map, Value};

use crate::car::{Car, CarStatus};
use crate::entities::{Location, OpenStatus};
use crate::rules::availability::is_available;
use crate::rules::hours::WEEKDAY_NAMES;

use super::crumbs::Crumb;
use super::names::display_name;
use super::site::ViewContext;

/// The schema.org availability URL of a car.
pub fn availability(car: &Car) -> &'static str {
    if !is_available(car) {
        "https://schema.org/SoldOut"
    } else if car.status == CarStatus::ComingSoon {
        "https://schema.org/PreOrder"
    } else {
        "https://schema.org/InStock"
    }
}

/// A `Car` with its `Offer` (price in AUD when visible).
pub fn car_json_ld(car: &Car, ctx: &ViewContext<'_>) -> Value {
    let url = ctx.absolute(&car.page_path());
    let mut offer = Map::new();
    offer.insert("@type".into(), json!("Offer"));
    offer.insert("priceCurrency".into(), json!("AUD"));
    if let Some(price) = car.visible_price() {
        offer.insert("price".into(), json!(price));
    }
    offer.insert("availability".into(), json!(availability(car)));
    offer.insert("url".into(), json!(url));
    offer.insert(
        "seller".into(),
        json!({"@type": "AutoDealer", "name": ctx.dealer.config.name}),
    );
    let mut value = Map::new();
    value.insert("@context".into(), json!("https://schema.org"));
    value.insert("@type".into(), json!("Car"));
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
    value.insert("offers".into(), Value::Object(offer));
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
        "name": location.name,
        "url": ctx.absolute(&format!("/locations/{}", location.slug)),
        "parentOrganization": {"@type": "Organization", "name": ctx.dealer.config.name},
        "address": {
            "@type": "PostalAddress",
            "streetAddress": a.street,
            "addressLocality": a.city,
            "addressRegion": a.state,
            "postalCode": a.postcode,
            "addressCountry": "AU",
        },
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

/// A `BreadcrumbList`; the current page (no link) gets the page's own URL.
pub fn breadcrumb_json_ld(crumbs: &[Crumb], page_path: &str, ctx: &ViewContext<'_>) -> Value {
    let items: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({
                "@type": "ListItem",
                "position": i + 1,
                "name": c.label,
                "item": ctx.absolute(c.url.as_deref().unwrap_or(page_path)),
            })
        })
        .collect();
    json!({"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items})
}
