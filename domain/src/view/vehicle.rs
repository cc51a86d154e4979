//! The vehicle detail page (seed 000 s2/s4, seed 001 s2/s5).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, CarType};
use crate::messages;
use crate::rules::availability::{is_available, similar_cars};
use crate::rules::constants::THUMBNAIL_STRIP_MIN_IMAGES_EXCLUSIVE;
use crate::rules::phone::choose_phone;
use crate::rules::vehicle_text::{dealer_comments, rego_expiry_text, spec_rows, DealerComments, SpecRow};

use super::card::{card_view, display_name, similar_search_path, thousands, CardView};
use super::site::{PhoneView, ViewContext};
use super::slug::slugify;

/// One breadcrumb; the current page has no link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Crumb {
    /// Text.
    pub label: String,
    /// Target, none for the current page.
    pub url: Option<String>,
}

/// One gallery image.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GalleryImage {
    /// Full-size image URL.
    pub url: String,
    /// Thumbnail URL (the full image when the feed has no thumbnail).
    pub thumb: String,
    /// Text alternative, e.g. "2023 Toyota RAV4 GX, photo 2 of 9".
    pub alt: String,
}

/// A link to the car's location page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationLink {
    /// Location name.
    pub name: String,
    /// `/locations/{slug}` when the dealer has that location, else none.
    pub url: Option<String>,
}

/// Everything the vehicle page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct VehiclePageView {
    /// The car's card (title, price, tag, weekly finance, sold wording, buttons).
    pub card: CardView,
    /// Home / car type / make / model / body / current.
    pub breadcrumbs: Vec<Crumb>,
    /// Gallery images, primary first.
    pub images: Vec<GalleryImage>,
    /// Seed 000 s9: the thumbnail strip shows only with more than 3 images.
    pub show_thumbnails: bool,
    /// Key information rows (empty values dropped).
    pub key_information: Vec<SpecRow>,
    /// Specification rows (empty, null and 'null' values dropped).
    pub specifications: Vec<SpecRow>,
    /// Dealer comments with their 400-character short form.
    pub comments: DealerComments,
    /// 'Expires on {date}', 'Unregistered' where the site shows it, or none.
    pub rego_expiry: Option<String>,
    /// The car's location.
    pub location: Option<LocationLink>,
    /// The number to call for this car (phone choice rule).
    pub phone: Option<PhoneView>,
    /// 'SOLD' when the car is unavailable.
    pub sold_notice: Option<String>,
    /// Find Me Something Similar target when the car is unavailable.
    pub find_similar_url: Option<String>,
    /// Feature list.
    pub features: Vec<String>,
    /// Standard equipment list.
    pub standard_equipment: Vec<String>,
    /// Similar in-stock cars.
    pub similar: Vec<CardView>,
}

/// "New", "Demo" or "Used" (seed 001 s9 used keyword 'Used').
pub fn car_type_label(car_type: CarType) -> &'static str {
    match car_type {
        CarType::New => "New",
        CarType::Demo => "Demo",
        CarType::Used => messages::USED,
    }
}

/// Breadcrumbs of a vehicle page (seed 001 s2): Home, car type, make, model, body, current.
pub fn breadcrumbs(car: &Car) -> Vec<Crumb> {
    let link = |label: &str, url: String| Crumb { label: label.to_string(), url: Some(url) };
    let mut crumbs = vec![
        link(messages::BREADCRUMB_HOME, "/".to_string()),
        link(car_type_label(car.car_type), format!("/search/{}-cars", car.car_type.as_str())),
        link(&car.make, format!("/search/{}", slugify(&car.make))),
        link(&car.model, similar_search_path(car)),
    ];
    if let Some(body) = car.simple_body.as_deref().map(str::trim).filter(|b| !b.is_empty() && !slugify(b).is_empty()) {
        crumbs.push(link(body, format!("/search/{}", slugify(body))));
    }
    crumbs.push(Crumb { label: display_name(car), url: None });
    crumbs
}

/// The gallery of a car: its images, else its primary image alone.
pub fn gallery(car: &Car) -> Vec<GalleryImage> {
    let name = display_name(car);
    let mut images: Vec<(String, String)> = car
        .images
        .iter()
        .filter(|i| !i.url.trim().is_empty())
        .map(|i| {
            let thumb = i.thumb.as_ref().map(|t| t.url.clone()).filter(|t| !t.trim().is_empty());
            (i.url.clone(), thumb.unwrap_or_else(|| i.url.clone()))
        })
        .collect();
    if images.is_empty() {
        if let Some(url) = car.primary_image() {
            images.push((url.to_string(), url.to_string()));
        }
    }
    let total = images.len();
    images
        .into_iter()
        .enumerate()
        .map(|(i, (url, thumb))| GalleryImage { url, thumb, alt: format!("{name}, photo {} of {total}", i + 1) })
        .collect()
}

fn text(value: Option<&str>) -> Option<serde_json::Value> {
    value.map(|v| serde_json::Value::String(v.to_string()))
}

/// Key information rows of a car (empty values dropped by the spec rows rule).
pub fn key_information(car: &Car) -> Vec<SpecRow> {
    let km = car.km.map(|km| serde_json::Value::String(format!("{} km", thousands(u64::from(km)))));
    let rows: Vec<(&str, Option<serde_json::Value>)> = vec![
        ("Condition", text(Some(car_type_label(car.car_type)))),
        ("Year", Some(serde_json::Value::from(car.year))),
        ("Kilometres", km),
        ("Body", text(car.simple_body.as_deref())),
        ("Transmission", text(car.simple_transmission.as_deref())),
        ("Fuel", text(car.simple_fuel.as_deref().or(car.fuel.as_deref()))),
        ("Drive", text(car.simple_drive.as_deref().or(car.drive.as_deref()))),
        ("Colour", text(car.colour.as_deref())),
        ("Seats", car.seats.map(serde_json::Value::from)),
        ("Stock number", text(car.stocknum.as_deref())),
        ("VIN", text(car.vin.as_deref())),
        ("Registration", text(car.regplate.as_deref())),
    ];
    spec_rows(rows.iter().map(|(label, value)| (*label, value.as_ref())))
}

/// Specification rows of a car (empty, null and 'null' values dropped).
pub fn specifications(car: &Car) -> Vec<SpecRow> {
    let v = &car.variant;
    let litres = car.engine_size_litres.map(|l| serde_json::Value::String(format!("{l}L")));
    let rows: Vec<(&str, Option<serde_json::Value>)> = vec![
        ("Badge", text(car.badge.as_deref())),
        ("Series", text(car.series.as_deref())),
        ("Build date", text(car.build_date.as_deref())),
        ("Compliance date", text(car.compliance_date.as_deref())),
        ("Engine size", litres.or_else(|| v.enginesize_litres.clone())),
        ("Engine capacity (cc)", car.engine_size.map(serde_json::Value::from).or_else(|| v.enginesize.clone())),
        ("Cylinders", v.cylinders.clone()),
        ("Induction", v.induction.clone()),
        ("Gears", car.gearnum.map(serde_json::Value::from)),
        ("Body configuration", text(car.bodyconfiguration.as_deref()).or_else(|| v.bodyconfiguration.clone())),
        ("Fuel consumption combined (L/100km)", v.fuelconsumptioncombined.clone()),
        ("Fuel capacity (L)", v.fuelcapacity.clone()),
        ("Torque (Nm)", v.torque.clone()),
        ("Gross vehicle mass (kg)", v.grossvehiclemass.clone()),
        ("Length (mm)", v.vehiclelength.clone()),
        ("Height (mm)", v.vehicleheight.clone()),
        ("Width (mm)", v.vehiclewidth.clone()),
        ("Towing capacity braked (kg)", v.towingcapacitybraked.clone()),
        ("ANCAP rating", v.ancaprating.clone()),
    ];
    spec_rows(rows.iter().map(|(label, value)| (*label, value.as_ref())))
}

/// The location link of a car.
pub fn location_link(car: &Car, ctx: &ViewContext<'_>) -> Option<LocationLink> {
    let location = car.location.as_ref();
    let name = super::card::car_location_name(car)?;
    let url = location
        .map(|l| l.slug.as_str())
        .filter(|slug| ctx.dealer.locations.iter().any(|l| l.visible && l.slug == *slug))
        .map(|slug| format!("/locations/{slug}"));
    Some(LocationLink { name, url })
}

/// The vehicle page of `car`; `stock` is the dealer's stock (for similar cars).
pub fn vehicle_page_view(car: &Car, stock: &[Car], ctx: &ViewContext<'_>) -> VehiclePageView {
    let config = &ctx.dealer.config;
    let images = gallery(car);
    let available = is_available(car);
    let similar_settings = config.vehicle_page.similar_cars_settings();
    VehiclePageView {
        card: card_view(car, ctx),
        breadcrumbs: breadcrumbs(car),
        show_thumbnails: images.len() > THUMBNAIL_STRIP_MIN_IMAGES_EXCLUSIVE,
        images,
        key_information: key_information(car),
        specifications: specifications(car),
        comments: dealer_comments(car.dealercomments.as_deref()),
        rego_expiry: rego_expiry_text(car.rego_expiry, ctx.today, config.vehicle_page.rego_expiry_unregistered),
        location: location_link(car, ctx),
        phone: choose_phone(car, &config.phones.settings()).map(|c| PhoneView::new(&c.number, config.phones.masked)),
        sold_notice: (!available).then(|| messages::SOLD.to_string()),
        find_similar_url: (!available).then(|| similar_search_path(car)),
        features: car.features.clone(),
        standard_equipment: car.standard_equipment.clone(),
        similar: similar_cars(car, stock, &similar_settings).into_iter().map(|c| card_view(c, ctx)).collect(),
    }
}
