//! Location pages (seed 001 s2/s3/s4/s9): the card grid of a dealer's locations, the Our
//! Locations carousel, and one location's page with its map block, contact details,
//! reviews, and the opening hours of each department at the site (Monday to Friday
//! grouped, Closed worded per site, holiday hours from the special hours).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::{Location, LocationType, Review};
use crate::messages;
use crate::rules::constants::{
    MAP_DEFAULT_ZOOM, NARROW_CARDS_MIN_LOCATIONS_EXCLUSIVE, SWIPE_HINT_MAX_LOCATIONS,
};
use crate::rules::distance::haversine_km;
use crate::rules::format::format_au_date;
use crate::rules::hours::{hours_on, hours_rows, HoursRow, CLOSED};
use crate::rules::reviews::{
    shown_reviews, star_rating, summarise, summary_from_aggregate, StarRating,
    GOOGLE_REVIEWS_FULL_QUANTITY,
};

use super::card::ImageView;
use super::form::ENQUIRY_PATH;
use super::site::{asset_url, PhoneView, ViewContext};
use super::vehicle::Crumb;

/// Heading of the locations carousel (seed 001 s2).
pub const OUR_LOCATIONS: &str = "Our Locations";
/// Route and heading of the card grid of every location.
pub const DEALERSHIPS_PATH: &str = "/dealerships";

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

fn rating_view(count: u32, average: f64) -> RatingView {
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
}

/// The card grid of a dealer's locations (/dealerships, /contact).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationsPageView {
    /// Heading.
    pub title: String,
    /// Visible locations, primary first.
    pub locations: Vec<LocationView>,
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

/// One row of the holiday hours dialog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct HolidayHoursRow {
    /// ISO date, e.g. "2026-12-24".
    pub date: String,
    /// "Thursday 24 December 2026".
    pub label: String,
    /// The occasion, e.g. "Christmas Eve".
    pub occasion: Option<String>,
    /// Hours, or "Closed".
    pub text: String,
}

/// One department of a site: what the department dropdown switches between.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct DepartmentView {
    /// Department type (the dropdown's value).
    pub location_type: LocationType,
    /// "Sales", "Service", "Parts" or "Service & Parts".
    pub label: String,
    /// The location of the department.
    pub location_name: String,
    /// Its page.
    pub url: String,
    /// Its phone.
    pub phone: Option<PhoneView>,
    /// Its weekly hours.
    pub hours: Vec<HoursRow>,
    /// Where an Enquire link of a Closed day goes.
    pub enquire_url: String,
    /// Special hours from the build date on, by date; empty hides View Holiday Hours.
    pub holiday_hours: Vec<HolidayHoursRow>,
}

/// The map block: no tiles or scripts are loaded, only the address and links out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MapView {
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub long: f64,
    /// Directions from the shopper's position (opens the maps site).
    pub directions_url: String,
    /// The place on the maps site, at the default zoom.
    pub place_url: String,
}

/// One review as shown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReviewView {
    /// Review id.
    #[ts(type = "number")]
    pub id: u64,
    /// Reviewer.
    pub customer_name: String,
    /// Text.
    pub text: String,
    /// Its rating.
    pub rating: RatingView,
    /// "18/10/2026".
    pub date: String,
    /// The dealer's reply.
    pub reply_text: Option<String>,
    /// "20/10/2026".
    pub reply_date: Option<String>,
}

/// The reviews section of a location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReviewsView {
    /// The aggregate.
    pub rating: RatingView,
    /// Reviews rated at least the site's minimum (default 4), newest first, at most 12.
    pub reviews: Vec<ReviewView>,
}

/// One location's page (/locations/{slug}, /contact-us/{slug}, /our-location/{slug}).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationPageView {
    /// Heading.
    pub title: String,
    /// The location.
    pub location: LocationView,
    /// The departments of the site, this location's first; the dropdown shows when there
    /// are two or more.
    pub departments: Vec<DepartmentView>,
    /// The map block.
    pub map: MapView,
    /// Reviews, when the location has any.
    pub reviews: Option<ReviewsView>,
    /// Breadcrumbs.
    pub breadcrumbs: Vec<Crumb>,
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

/// The place on the maps site: its configured place URL, else its coordinates at the
/// default zoom (seed 001 s9: zoom 10).
pub fn place_url(location: &Location) -> String {
    let a = &location.address;
    match a.place_url.as_deref().map(str::trim).filter(|u| u.starts_with("https://")) {
        Some(url) => url.to_string(),
        None => format!("https://www.google.com/maps/@?api=1&map_action=map&center={},{}&zoom={MAP_DEFAULT_ZOOM}", a.lat, a.long),
    }
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
        hours: hours_rows(
            &location.contact_detail.opening_hours,
            settings.closed_hours,
        ),
        url: format!("/locations/{}", location.slug),
        contact_url: format!("/contact-us/{}", location.slug),
        enquire_url: ENQUIRY_PATH.to_string(),
        stock_url: format!("/search/{}", location.slug),
        directions_url: directions_url(location),
        image: location
            .image
            .as_ref()
            .filter(|i| !i.url.trim().is_empty())
            .map(|i| ImageView {
                url: asset_url(&i.url),
                alt: location.name.clone(),
            }),
        badge: non_empty(&location.badge),
        dealer_licence: non_empty(&location.dealer_license_number).filter(|_| show_licence),
        repairer_number: non_empty(&location.motor_vehicle_repairer).filter(|_| show_licence),
        rating: location_rating(location),
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

/// Special hours from `today` on, by date.
pub fn holiday_hours(location: &Location, today: NaiveDate) -> Vec<HolidayHoursRow> {
    let mut dates: Vec<NaiveDate> = location
        .special_hours
        .iter()
        .map(|s| s.date)
        .filter(|d| *d >= today)
        .collect();
    dates.sort();
    dates.dedup();
    dates
        .into_iter()
        .map(|date| {
            let day = hours_on(
                date,
                &location.contact_detail.opening_hours,
                &location.special_hours,
            );
            HolidayHoursRow {
                date: date.to_string(),
                label: date.format("%A %-d %B %Y").to_string(),
                occasion: day.occasion,
                text: day
                    .hours
                    .filter(|_| day.open)
                    .unwrap_or_else(|| CLOSED.to_string()),
            }
        })
        .collect()
}

fn department_view(location: &Location, ctx: &ViewContext<'_>) -> DepartmentView {
    let closed = ctx.dealer.config.locations.closed_hours;
    DepartmentView {
        location_type: location.location_type,
        label: department_label(location.location_type).to_string(),
        location_name: location.name.clone(),
        url: format!("/locations/{}", location.slug),
        phone: phone(&location.contact_detail.phone)
            .or_else(|| phone(&location.contact_detail.landline_phone)),
        hours: hours_rows(&location.contact_detail.opening_hours, closed),
        enquire_url: ENQUIRY_PATH.to_string(),
        holiday_hours: holiday_hours(location, ctx.today),
    }
}

/// How far a department of the same dealership may be from a location and still be
/// offered in its dropdown: a yard's service centre in the next suburb, not the group's
/// yard in the next town (Forecourt's choice; the seeds give no figure).
pub const DEPARTMENT_RADIUS_KM: f64 = 25.0;

/// The departments for `location`'s dropdown: its own first, then for each other
/// department type the nearest visible location of the same dealership within
/// [`DEPARTMENT_RADIUS_KM`], in the order sales, service, parts, service and parts.
pub fn site_departments(location: &Location, ctx: &ViewContext<'_>) -> Vec<DepartmentView> {
    const ORDER: [LocationType; 4] = [
        LocationType::Sales,
        LocationType::Service,
        LocationType::Parts,
        LocationType::ServiceAndParts,
    ];
    let distance = |other: &Location| {
        haversine_km(
            location.address.lat,
            location.address.long,
            other.address.lat,
            other.address.long,
        )
    };
    let mut picked: Vec<&Location> = vec![location];
    if location.dealership_id.is_some() {
        let visible = visible_locations(ctx);
        for department in ORDER.into_iter().filter(|t| *t != location.location_type) {
            let nearest = visible
                .iter()
                .copied()
                .filter(|o| {
                    o.id != location.id
                        && o.dealership_id == location.dealership_id
                        && o.location_type == department
                })
                .map(|o| (distance(o), o))
                .filter(|(km, _)| *km <= DEPARTMENT_RADIUS_KM)
                .min_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((_, other)) = nearest {
                picked.push(other);
            }
        }
    }
    picked
        .into_iter()
        .map(|l| department_view(l, ctx))
        .collect()
}

fn review_view(review: &Review) -> ReviewView {
    let reply = review
        .reply_text
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string);
    ReviewView {
        id: review.id,
        customer_name: review.customer_name.clone(),
        text: review.text.clone(),
        rating: rating_view(1, review.rating.clamp(0.0, 5.0)),
        date: format_au_date(review.review_date),
        reply_date: reply.as_ref().and(review.reply_date).map(format_au_date),
        reply_text: reply,
    }
}

/// The reviews section: the aggregate and the reviews rated at least the site's minimum
/// (seed 001 s9: default 4), newest first, at most the Google reviews quantity (12).
pub fn reviews_view(location: &Location, ctx: &ViewContext<'_>) -> Option<ReviewsView> {
    let rating = location_rating(location)?;
    let min = ctx.dealer.config.locations.min_review_rating;
    let reviews = shown_reviews(&location.reviews, min)
        .into_iter()
        .take(GOOGLE_REVIEWS_FULL_QUANTITY)
        .map(review_view)
        .collect();
    Some(ReviewsView { rating, reviews })
}

/// One location's page view under `title`.
pub fn location_page_view(
    location: &Location,
    title: String,
    ctx: &ViewContext<'_>,
) -> LocationPageView {
    LocationPageView {
        location: location_view(location, ctx),
        departments: site_departments(location, ctx),
        map: MapView {
            lat: location.address.lat,
            long: location.address.long,
            directions_url: directions_url(location),
            place_url: place_url(location),
        },
        reviews: reviews_view(location, ctx),
        breadcrumbs: vec![
            Crumb {
                label: messages::BREADCRUMB_HOME.to_string(),
                url: Some("/".to_string()),
            },
            Crumb {
                label: "Our Dealerships".to_string(),
                url: Some(DEALERSHIPS_PATH.to_string()),
            },
            Crumb {
                label: location.name.clone(),
                url: None,
            },
        ],
        title,
    }
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
        title: OUR_LOCATIONS.to_string(),
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

    #[test]
    fn place_ids_are_encoded_in_directions() {
        let mut location: Location = toml::from_str(
            r#"
            id = 1
            name = "A"
            slug = "a"
            [address]
            street = "1 Main St"
            city = "Town"
            state = "QLD"
            postcode = "4000"
            lat = -27.5
            long = 153.0
            "#,
        )
        .expect("location");
        assert_eq!(
            directions_url(&location),
            "https://www.google.com/maps/dir/?api=1&destination=-27.5,153"
        );
        location.address.place_id = Some("ChIJ a&b".into());
        assert!(directions_url(&location).ends_with("&destination_place_id=ChIJ%20a%26b"));
        assert!(place_url(&location).contains("center=-27.5,153&zoom=10"));
    }
}
