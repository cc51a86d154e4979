//! Location pages (seed 001 s2/s3/s4/s9): the card grid of a dealer's locations, the Our
//! Locations carousel, and one location's page with its map block, contact details,
//! reviews, and the opening hours of each department at the site (Monday to Friday
//! grouped, Closed worded per site, holiday hours from the special hours).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::{Location, LocationType, Review};
use crate::messages;
use crate::rules::constants::MAP_DEFAULT_ZOOM;
use crate::rules::distance::haversine_km;
use crate::rules::format::format_au_date;
use crate::rules::hours::{hours_rows, HoursRow};
use crate::rules::reviews::{shown_reviews, GOOGLE_REVIEWS_FULL_QUANTITY};

use super::crumbs::Crumb;
use super::links::ENQUIRY_PATH;
use super::location_cards::{
    directions_url, location_rating, location_view, phone, rating_view, visible_locations,
    LocationView, RatingView, DEALERSHIPS_PATH,
};
use super::names::department_label;
pub use super::schedule::{
    holiday_hours, schedule_view, state_time_zone, HolidayHoursRow, OpenSession, ScheduleView,
    SpecialSession,
};
use super::site::{PhoneView, ViewContext};

/// The card grid of a dealer's locations (/dealerships, /contact).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationsPageView {
    /// Heading.
    pub title: String,
    /// Visible locations, primary first.
    pub locations: Vec<LocationView>,
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
    /// The hours as times, for the open-now line and today's row.
    pub schedule: ScheduleView,
}

/// The map block: the point the browser's map marks once it comes into view, and the
/// directions and place links that stay as text beside it.
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

/// The place on the maps site: its configured place URL, else its coordinates at the
/// default zoom (seed 001 s9: zoom 10).
pub fn place_url(location: &Location) -> String {
    let a = &location.address;
    match a.place_url.as_deref().map(str::trim).filter(|u| u.starts_with("https://")) {
        Some(url) => url.to_string(),
        None => format!("https://www.google.com/maps/@?api=1&map_action=map&center={},{}&zoom={MAP_DEFAULT_ZOOM}", a.lat, a.long),
    }
}

fn department_view(location: &Location, ctx: &ViewContext<'_>) -> DepartmentView {
    let closed = ctx.dealer.config.locations.closed_hours;
    let hours = hours_rows(&location.contact_detail.opening_hours, closed);
    DepartmentView {
        location_type: location.location_type,
        label: department_label(location.location_type).to_string(),
        location_name: location.name.clone(),
        url: crate::routes::LOCATION.path(&[&location.slug]),
        phone: phone(&location.contact_detail.phone)
            .or_else(|| phone(&location.contact_detail.landline_phone)),
        schedule: schedule_view(location, &hours, ctx.today),
        hours,
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

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

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

    #[test]
    fn schedule_gives_times_zone_special_days_and_row_days() {
        let location: Location = toml::from_str(
            r#"
            id = 1
            name = "A"
            slug = "a"
            [address]
            street = "1 Main St"
            city = "Sydney"
            state = "NSW"
            postcode = "2000"
            lat = -33.9
            long = 151.2
            [contact_detail]
            opening_hours = [
              { weekday = 1, status = "Open", open = "08:30", close = "17:00" },
              { weekday = 2, status = "Open", open = "08:30", close = "17:00" },
              { weekday = 3, status = "Open", open = "08:30", close = "17:00" },
              { weekday = 4, status = "Open", open = "08:30", close = "17:00" },
              { weekday = 5, status = "Open", open = "08:30", close = "17:00" },
              { weekday = 6, status = "Open", formated_hours = "9:00am - 1:00pm" },
              { weekday = 0, status = "Closed" },
            ]
            [[special_hours]]
            date = "2026-12-25"
            status = "Closed"
            [[special_hours]]
            date = "2026-12-24"
            status = "Open"
            start_hour = "09:00"
            end_hour = "12:00"
            [[special_hours]]
            date = "2026-01-01"
            status = "Closed"
            "#,
        )
        .expect("location");
        let today = NaiveDate::from_ymd_opt(2026, 11, 28).expect("date");
        let rows = hours_rows(
            &location.contact_detail.opening_hours,
            crate::rules::hours::ClosedDisplay::Closed,
        );
        let schedule = schedule_view(&location, &rows, today);
        assert_eq!(schedule.time_zone, "Australia/Sydney");
        assert_eq!(schedule.week.len(), 6);
        assert_eq!(schedule.week[0].weekday, 1);
        assert_eq!(
            (
                schedule.week[5].weekday,
                schedule.week[5].opens.as_str(),
                schedule.week[5].closes.as_str()
            ),
            (6, "09:00", "13:00")
        );
        // Past special days are left out; a closed one has no times.
        assert_eq!(
            schedule.special,
            vec![
                SpecialSession {
                    date: "2026-12-24".into(),
                    opens: Some("09:00".into()),
                    closes: Some("12:00".into()),
                },
                SpecialSession {
                    date: "2026-12-25".into(),
                    opens: None,
                    closes: None,
                },
            ]
        );
        assert_eq!(
            schedule.row_weekdays,
            vec![vec![1, 2, 3, 4, 5], vec![6], vec![0]]
        );
        assert_eq!(state_time_zone("wa"), "Australia/Perth");
        assert_eq!(state_time_zone(""), "Australia/Brisbane");
    }
}
