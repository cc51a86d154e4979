use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Department type of a location (seed 001: sales, service, parts, service-and-parts;
/// empty means sales).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema, TS,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum LocationType {
    /// Sales (also the meaning of an empty type).
    #[default]
    Sales,
    /// Service department.
    Service,
    /// Parts department.
    Parts,
    /// Combined service and parts.
    ServiceAndParts,
}

/// Open or Closed, as in an opening hour entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub enum OpenStatus {
    /// Open between `open` and `close`.
    Open,
    /// Closed all day.
    Closed,
}

/// One weekday's opening hours (seed 001 "Opening hour entry").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct OpeningHour {
    /// 0 Sunday to 6 Saturday.
    pub weekday: u8,
    /// Open or Closed.
    pub status: OpenStatus,
    /// Pre-formatted hours text, e.g. "8:30am - 5:30pm"; derived from open/close when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub formated_hours: Option<String>,
    /// Opening time, 24-hour "HH:MM".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub open: Option<String>,
    /// Closing time, 24-hour "HH:MM".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub close: Option<String>,
}

/// Holiday or special hours for one date (seed 001 s3 "Special hours entry": date,
/// status, `location_id` or `location.id`, `start_hour` and `end_hour` or `hours.begin`
/// and `end`). Either spelling is read from locations.toml; loading folds the second into
/// the first ([`SpecialHours::normalize`]), so everything downstream reads `location_id`,
/// `start_hour` and `end_hour` only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct SpecialHours {
    /// The date these hours apply to.
    pub date: NaiveDate,
    /// Open or Closed.
    pub status: OpenStatus,
    /// Id of the location these hours belong to; required in the file-level
    /// `[[special_hours]]` list, optional under a location (where it must be that
    /// location's id). Alternative to `location.id`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub location_id: Option<u64>,
    /// The location as `location.id` (the other spelling of `location_id`; give one).
    #[serde(default, skip_serializing)]
    #[ts(skip)]
    pub location: Option<SpecialHoursLocation>,
    /// Opening time "HH:MM" when open (or give `hours.begin`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub start_hour: Option<String>,
    /// Closing time "HH:MM" when open (or give `hours.end`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub end_hour: Option<String>,
    /// The hours as `hours.begin` and `hours.end` (the other spelling of `start_hour`
    /// and `end_hour`; give one).
    #[serde(default, skip_serializing)]
    #[ts(skip)]
    pub hours: Option<HoursSpan>,
    /// Name of the occasion, e.g. "Christmas Day".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
}

/// `location.id` of a special hours entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialHoursLocation {
    /// The location's id.
    pub id: u64,
}

/// `hours.begin` and `hours.end` of a special hours entry.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HoursSpan {
    /// Opening time "HH:MM".
    #[serde(default)]
    pub begin: Option<String>,
    /// Closing time "HH:MM".
    #[serde(default)]
    pub end: Option<String>,
}

impl SpecialHours {
    /// Closed all day on `date`.
    pub fn closed(date: NaiveDate, name: Option<&str>) -> SpecialHours {
        SpecialHours {
            date,
            status: OpenStatus::Closed,
            location_id: None,
            location: None,
            start_hour: None,
            end_hour: None,
            hours: None,
            name: name.map(str::to_string),
        }
    }

    /// Open from `start` to `end` ("HH:MM") on `date`.
    pub fn open(date: NaiveDate, start: &str, end: &str) -> SpecialHours {
        SpecialHours {
            status: OpenStatus::Open,
            start_hour: Some(start.to_string()),
            end_hour: Some(end.to_string()),
            ..SpecialHours::closed(date, None)
        }
    }

    /// The location the entry names, in either spelling.
    pub fn named_location(&self) -> Option<u64> {
        self.location_id.or(self.location.map(|l| l.id))
    }

    /// Folds the seed's second spellings into the first: `location.id` into
    /// `location_id`, `hours.begin`/`hours.end` into `start_hour`/`end_hour` (the
    /// config check has refused an entry giving both).
    pub fn normalize(&mut self) {
        if let Some(location) = self.location.take() {
            self.location_id.get_or_insert(location.id);
        }
        if let Some(hours) = self.hours.take() {
            if self.start_hour.is_none() && self.end_hour.is_none() {
                self.start_hour = hours.begin;
                self.end_hour = hours.end;
            }
        }
    }
}

/// Street address with coordinates.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct Address {
    /// Street line.
    pub street: String,
    /// City or suburb.
    pub city: String,
    /// State abbreviation.
    pub state: String,
    /// 4-digit postcode.
    pub postcode: String,
    /// Latitude.
    pub lat: f64,
    /// Longitude (the seeds call it `long`).
    pub long: f64,
    /// Maps place id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub place_id: Option<String>,
    /// Maps place URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub place_url: Option<String>,
    /// Seed 001 s3 `address.map_key`: the short key (1 to 3 letters or digits, e.g. "A"
    /// or "S1") printed on the location's map marker and beside its name in the dealer
    /// locator, so a shopper matches list and map; default none (a plain pin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub map_key: Option<String>,
}

/// Phones and hours of a location.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ContactDetail {
    /// Main (mobile-friendly) phone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub phone: Option<String>,
    /// Landline phone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub landline_phone: Option<String>,
    /// Weekly opening hours.
    #[serde(default)]
    pub opening_hours: Vec<OpeningHour>,
}

/// A customer review of a location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct Review {
    /// Review id.
    pub id: u64,
    /// Reviewer's name.
    pub customer_name: String,
    /// Review text.
    #[serde(default)]
    pub text: String,
    /// Rating 1 to 5.
    pub rating: f64,
    /// Date of the review.
    pub review_date: NaiveDate,
    /// Dealer's reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reply_text: Option<String>,
    /// Date of the reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reply_date: Option<NaiveDate>,
    /// Reviewer's image URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image: Option<String>,
}

/// Image of a location.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct LocationImage {
    /// Full image URL.
    pub url: String,
    /// Thumbnail URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub thumb_url: Option<String>,
}

/// A dealership location (seed 001 section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct Location {
    /// Location id.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// URL slug (`/locations/{slug}`).
    pub slug: String,
    /// Department type; empty means sales.
    #[serde(default)]
    pub location_type: LocationType,
    /// Sub-types, e.g. "buying".
    #[serde(default)]
    pub location_subtype: Vec<String>,
    /// Shown on the site.
    #[serde(default = "yes")]
    pub visible: bool,
    /// The dealer's primary location.
    #[serde(default)]
    pub primary: bool,
    /// Makes sold or serviced here.
    #[serde(default)]
    pub manufacturers: Vec<String>,
    /// Dealership id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub dealership_id: Option<u64>,
    /// Slug of the dealership (seed 001 s3); a lead's preferred dealership names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub dealership_slug: Option<String>,
    /// Name of the dealership, as the preferred-dealership select shows it (seed 000 s3
    /// dealership_name); default the location's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub dealership_name: Option<String>,
    /// Address with coordinates.
    pub address: Address,
    /// Phones and opening hours.
    #[serde(default)]
    pub contact_detail: ContactDetail,
    /// Holiday and special hours.
    #[serde(default)]
    pub special_hours: Vec<SpecialHours>,
    /// Location image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image: Option<LocationImage>,
    /// Dealer licence number (shown only when the site flag is on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub dealer_license_number: Option<String>,
    /// Motor vehicle repairer number (shown only when the site flag is on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub motor_vehicle_repairer: Option<String>,
    /// Reviews of this location.
    #[serde(default)]
    pub reviews: Vec<Review>,
    /// Average rating when known without individual reviews.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub average_rating: Option<f64>,
    /// Review count when known without individual reviews.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub review_count: Option<u32>,
    /// Other location slugs whose stock is shown here.
    #[serde(default)]
    pub distribution_locations: Vec<String>,
    /// Heading badge, e.g. "COMING EARLY 2026".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub badge: Option<String>,
    /// Last day the badge shows: news such as "COMING EARLY 2026" goes stale, so a badge
    /// needs an end date. It is not shown after it, nor once the location holds stock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub badge_until: Option<NaiveDate>,
}

fn yes() -> bool {
    true
}
