//! Location pages (seed 001 s2/s3/s4): the list of locations, one location with its
//! address, phones and grouped opening hours.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::{Location, LocationType};
use crate::messages;
use crate::rules::hours::{hours_rows, HoursRow};

use super::card::ImageView;
use super::site::{PhoneView, ViewContext};

/// One location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationView {
    /// Location id.
    #[ts(type = "number")]
    pub id: u64,
    /// Slug.
    pub slug: String,
    /// Name.
    pub name: String,
    /// Department, e.g. "Sales".
    pub department: String,
    /// Street line.
    pub street: String,
    /// "City STATE postcode".
    pub locality: String,
    /// Main phone.
    pub phone: Option<PhoneView>,
    /// Landline phone.
    pub landline: Option<PhoneView>,
    /// Heading of the hours table ('Opening Hours').
    pub hours_heading: String,
    /// Opening hours, identical Monday to Friday hours grouped; empty shows nothing.
    pub hours: Vec<HoursRow>,
    /// Location page.
    pub url: String,
    /// Contact page of the location.
    pub contact_url: String,
    /// Stock at this location.
    pub stock_url: String,
    /// Maps link, when configured.
    pub map_url: Option<String>,
    /// Location image.
    pub image: Option<ImageView>,
    /// Heading badge, e.g. 'COMING EARLY 2026'.
    pub badge: Option<String>,
    /// Dealer licence number, only where the site shows it.
    pub dealer_licence: Option<String>,
    /// Motor vehicle repairer number, only where the site shows it.
    pub repairer_number: Option<String>,
}

/// The list of a dealer's locations (/dealerships, /contact).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationsPageView {
    /// Heading.
    pub title: String,
    /// Visible locations, primary first.
    pub locations: Vec<LocationView>,
}

/// One location's page (/locations/{slug}, /contact-us/{slug}).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationPageView {
    /// Heading.
    pub title: String,
    /// The location.
    pub location: LocationView,
}

/// The department word of a location type.
pub fn department_label(location_type: LocationType) -> &'static str {
    match location_type {
        LocationType::Sales => "Sales",
        LocationType::Service => "Service",
        LocationType::Parts => "Parts",
        LocationType::ServiceAndParts => "Service & Parts",
    }
}

fn phone(value: &Option<String>) -> Option<PhoneView> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| PhoneView::new(p, false))
}

/// The view of one location.
pub fn location_view(location: &Location, ctx: &ViewContext<'_>) -> LocationView {
    let settings = &ctx.dealer.config.locations;
    let address = &location.address;
    let show_licence = settings.show_dealer_licence;
    LocationView {
        id: location.id,
        slug: location.slug.clone(),
        name: location.name.clone(),
        department: department_label(location.location_type).to_string(),
        street: address.street.clone(),
        locality: [address.city.as_str(), address.state.as_str(), address.postcode.as_str()]
            .iter()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" "),
        phone: phone(&location.contact_detail.phone),
        landline: phone(&location.contact_detail.landline_phone),
        hours_heading: messages::OPENING_HOURS.to_string(),
        hours: hours_rows(&location.contact_detail.opening_hours, settings.closed_hours),
        url: format!("/locations/{}", location.slug),
        contact_url: format!("/contact-us/{}", location.slug),
        stock_url: format!("/search/{}", location.slug),
        map_url: address.place_url.clone(),
        image: location.image.as_ref().map(|i| ImageView { url: i.url.clone(), alt: location.name.clone() }),
        badge: location.badge.clone(),
        dealer_licence: location.dealer_license_number.clone().filter(|_| show_licence),
        repairer_number: location.motor_vehicle_repairer.clone().filter(|_| show_licence),
    }
}

/// The visible locations of a dealer, primary first, then in file order.
pub fn visible_locations<'a>(ctx: &ViewContext<'a>) -> Vec<&'a Location> {
    let mut locations: Vec<&Location> = ctx.dealer.locations.iter().filter(|l| l.visible).collect();
    locations.sort_by_key(|l| !l.primary);
    locations
}
