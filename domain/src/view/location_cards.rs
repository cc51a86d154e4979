//! Location cards: the card grid of a dealer's locations, the Our Locations carousel of
//! the home page, and the head of a location's page; which locations a site shows.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::{Address, Location, LocationType};
use crate::messages;
use crate::rules::constants::{NARROW_CARDS_MIN_LOCATIONS_EXCLUSIVE, SWIPE_HINT_MAX_LOCATIONS};
use crate::rules::hours::{hours_rows, HoursRow};
use crate::rules::reviews::{star_rating, summarise, summary_from_aggregate, StarRating};

use super::images::{asset_url, ImageView};
use super::links::ENQUIRY_PATH;
use super::names::department_label;
use super::schedule::{schedule_view, ScheduleView};
use super::site::{PhoneView, ViewContext};

/// Route and heading of the card grid of every location.
pub const DEALERSHIPS_PATH: &str = crate::routes::DEALERSHIPS.pattern;

/// An average rating as shown: stars and the accessible "4.6 out of 5".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RatingView {
    /// Number of reviews.
    pub count: u32,
    /// Average, one decimal.
    pub average: f64,
    /// Up to 4 whole stars plus a partial (seed 001 s9).
    pub stars: StarRating,
    /// "4.6 out of 5".
    pub label: String,
}

/// The rating text of an average: one decimal, "out of 5".
pub fn rating_label(average: f64) -> String {
    format!("{average:.1} out of 5")
}

/// The shown rating of `count` reviews averaging `average`.
pub fn rating_view(count: u32, average: f64) -> RatingView {
    RatingView {
        count,
        average,
        stars: star_rating(average),
        label: rating_label(average),
    }
}

/// A location's aggregate: the reported `average_rating` and `review_count` (seed 001
/// s3), else the average of its reviews; None without reviews.
pub fn location_rating(location: &Location) -> Option<RatingView> {
    summary_from_aggregate(location.average_rating, location.review_count)
        .or_else(|| summarise(&location.reviews))
        .map(|s| rating_view(s.count, s.average))
}

/// One location card (grid and carousel) and the head of its page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationView {
    /// Location id.
    #[ts(type = "number")]
    pub id: u64,
    /// Slug.
    pub slug: String,
    /// Name.
    pub name: String,
    /// Department type.
    pub location_type: LocationType,
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
    /// The hours as times, so the card can say whether the yard is open and mark today's
    /// row where it is read, as the location page does.
    pub schedule: ScheduleView,
    /// Location page.
    pub url: String,
    /// Contact page of the location.
    pub contact_url: String,
    /// The enquiry form, where an Enquire link of a Closed day goes.
    pub enquire_url: String,
    /// Stock at this location.
    pub stock_url: String,
    /// Directions to the location (a link; no map is loaded).
    pub directions_url: String,
    /// Location image (shown 230 px high on its page, 600 by 400 on a card).
    pub image: Option<ImageView>,
    /// Heading badge, e.g. 'COMING EARLY 2026'.
    pub badge: Option<String>,
    /// Dealer licence number, only where the site shows it.
    pub dealer_licence: Option<String>,
    /// Motor vehicle repairer number, only where the site shows it.
    pub repairer_number: Option<String>,
    /// Review aggregate, when the location has reviews.
    pub rating: Option<RatingView>,
    /// Where it is on the map; none when the address has no usable coordinates.
    pub point: Option<MapPoint>,
    /// Seed 001 s3 `address.map_key`: the key printed on its map marker.
    pub map_key: Option<String>,
}

/// A point on the map, in degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct MapPoint {
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lng: f64,
}

/// The map point of an address: none when the coordinates are missing (0, 0 is what an
/// address without them carries), not finite or out of range, so no marker lands in the
/// Gulf of Guinea.
pub fn map_point(address: &Address) -> Option<MapPoint> {
    let (lat, lng) = (address.lat, address.long);
    let usable = lat.is_finite()
        && lng.is_finite()
        && (-90.0..=90.0).contains(&lat)
        && (-180.0..=180.0).contains(&lng)
        && !(lat == 0.0 && lng == 0.0);
    usable.then_some(MapPoint { lat, lng })
}

/// The Our Locations carousel (seed 001 s2/s9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationsCarouselView {
    /// 'Our Locations'.
    pub title: String,
    /// The hint text, 'Swipe'.
    pub swipe_hint: String,
    /// Seed 001 s9: more than 3 locations hide the swipe hint on large screens.
    pub hide_hint_on_large: bool,
    /// Seed 001 s9: more than 4 locations use narrower cards.
    pub narrow_cards: bool,
    /// One card per site.
    pub locations: Vec<LocationView>,
    /// The page listing every location.
    pub all_url: String,
}

/// A configured phone number, when it is not blank.
pub fn phone(value: &Option<String>) -> Option<PhoneView> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| PhoneView::new(p, false))
}

/// Directions to a location on the maps site: to its place when it has a place id, else
/// to its coordinates.
pub fn directions_url(location: &Location) -> String {
    let a = &location.address;
    let mut url = format!(
        "https://www.google.com/maps/dir/?api=1&destination={},{}",
        a.lat, a.long
    );
    if let Some(place) = a
        .place_id
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        url.push_str("&destination_place_id=");
        url.push_str(&url_encode(place));
    }
    url
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The heading badge while it is news: up to its last day, and only on a location that
/// holds no stock yet ("COMING EARLY 2026" on a yard selling cars contradicts the page).
fn current_badge(location: &Location, ctx: &ViewContext<'_>) -> Option<String> {
    let badge = location
        .badge
        .as_deref()
        .map(str::trim)
        .filter(|b| !b.is_empty())?;
    let in_date = location.badge_until.is_none_or(|last| ctx.today <= last);
    (in_date && !ctx.stocked_locations.contains(&location.slug)).then(|| badge.to_string())
}

/// The view of one location.
pub fn location_view(location: &Location, ctx: &ViewContext<'_>) -> LocationView {
    let settings = &ctx.dealer.config.locations;
    let address = &location.address;
    let show_licence = settings.show_dealer_licence;
    let non_empty = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let hours = hours_rows(
        &location.contact_detail.opening_hours,
        settings.closed_hours,
    );
    LocationView {
        id: location.id,
        slug: location.slug.clone(),
        name: location.name.clone(),
        location_type: location.location_type,
        department: department_label(location.location_type).to_string(),
        street: address.street.clone(),
        locality: [
            address.city.as_str(),
            address.state.as_str(),
            address.postcode.as_str(),
        ]
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" "),
        phone: phone(&location.contact_detail.phone),
        landline: phone(&location.contact_detail.landline_phone),
        hours_heading: messages::OPENING_HOURS.to_string(),
        schedule: schedule_view(location, &hours, ctx.today),
        hours,
        url: crate::routes::LOCATION.path(&[&location.slug]),
        contact_url: crate::routes::LOCATION_CONTACT.path(&[&location.slug]),
        enquire_url: ENQUIRY_PATH.to_string(),
        stock_url: crate::routes::SEARCH.path(&[&location.slug]),
        directions_url: directions_url(location),
        image: location
            .image
            .as_ref()
            .filter(|i| !i.url.trim().is_empty())
            .map(|i| ImageView::new(asset_url(&i.url), location.name.clone())),
        badge: current_badge(location, ctx),
        dealer_licence: non_empty(&location.dealer_license_number).filter(|_| show_licence),
        repairer_number: non_empty(&location.motor_vehicle_repairer).filter(|_| show_licence),
        rating: location_rating(location),
        point: map_point(address),
        map_key: non_empty(&address.map_key),
    }
}

/// The visible locations of a dealer, primary first, then in file order.
pub fn visible_locations<'a>(ctx: &ViewContext<'a>) -> Vec<&'a Location> {
    let mut locations: Vec<&Location> = ctx.dealer.locations.iter().filter(|l| l.visible).collect();
    locations.sort_by_key(|l| !l.primary);
    locations
}

/// Two locations are one site when they belong to the same dealership and town: a sales
/// yard and its service centre round the corner.
fn same_site(a: &Location, b: &Location) -> bool {
    a.dealership_id.is_some()
        && a.dealership_id == b.dealership_id
        && a.address
            .city
            .trim()
            .eq_ignore_ascii_case(b.address.city.trim())
}

/// Seed 001 s9: (hide the swipe hint on large screens, use narrower cards) for a carousel
/// of `count` locations: more than 3 hide the hint, more than 4 narrow the cards.
pub fn carousel_layout(count: usize) -> (bool, bool) {
    (
        count > SWIPE_HINT_MAX_LOCATIONS,
        count > NARROW_CARDS_MIN_LOCATIONS_EXCLUSIVE,
    )
}

/// The Our Locations carousel: one card per site (its sales location when it has one,
/// else its first visible location), primary first; None without visible locations.
pub fn locations_carousel(ctx: &ViewContext<'_>) -> Option<LocationsCarouselView> {
    let visible = visible_locations(ctx);
    let mut sites: Vec<&Location> = Vec::new();
    for location in &visible {
        match sites.iter().position(|s| same_site(s, location)) {
            Some(i)
                if sites[i].location_type != LocationType::Sales
                    && location.location_type == LocationType::Sales =>
            {
                sites[i] = location;
            }
            Some(_) => {}
            None => sites.push(location),
        }
    }
    if sites.is_empty() {
        return None;
    }
    let (hide_hint_on_large, narrow_cards) = carousel_layout(sites.len());
    Some(LocationsCarouselView {
        title: messages::OUR_LOCATIONS.to_string(),
        swipe_hint: messages::SWIPE.to_string(),
        hide_hint_on_large,
        narrow_cards,
        locations: sites.into_iter().map(|l| location_view(l, ctx)).collect(),
        all_url: DEALERSHIPS_PATH.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carousel_hides_the_hint_above_three_and_narrows_above_four() {
        let cases = [
            (1, false, false),
            (3, false, false),
            (4, true, false),
            (5, true, true),
            (26, true, true),
        ];
        for (count, hide, narrow) in cases {
            assert_eq!(carousel_layout(count), (hide, narrow), "{count} locations");
        }
    }

    #[test]
    fn rating_labels_have_one_decimal() {
        assert_eq!(rating_label(4.6), "4.6 out of 5");
        assert_eq!(rating_label(5.0), "5.0 out of 5");
        assert_eq!(rating_label(4.0), "4.0 out of 5");
    }
}
