//! Test-drive appointments (seed 000 s5/s7: "Test drive date and time is optional;
//! appointment slots are fetched"). `GET /api/appointments?location=<slug>&date=<date>`
//! lists the start times a location offers that day: its weekly or special hours cut
//! into [`SLOT_MINUTES`]-minute slots, minus booked ones and any starting within the
//! notice period of the location's own local time. A test-drive lead that carries an
//! `appointment` books its slot in the same transaction that stores the lead
//! ([`crate::store::Store::book_appointment`]), so a slot is never booked twice.

use std::collections::HashMap;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use axum::Router;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use domain::entities::Location;
use domain::messages::{CHOOSE_DATE, CHOOSE_LOCATION, CHOOSE_TIME, SLOT_UNAVAILABLE};
use domain::rules::appointments::{appointment_slots, local_now, SLOT_MINUTES};
use domain::rules::hours::{format_time, hours_on};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::answers::UnknownSite;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::lead::AppointmentChoice;
use crate::store::BookingRecord;
use crate::tenancy::{Site, Tenant};
use crate::AppState;

/// Cache header of the slot list (it changes with every booking).
pub const CACHE_CONTROL: &str = "no-store";

/// One offered slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Slot {
    /// Start, 24-hour "HH:MM" (what a booking sends back).
    pub time: String,
    /// Start as shown, e.g. "9:30am".
    pub label: String,
}

/// Answer of `GET /api/appointments`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SlotList {
    /// Location slug.
    pub location: String,
    /// Location name.
    pub location_name: String,
    /// The date asked about.
    pub date: String,
    /// The day's hours, e.g. "8:30am - 5:00pm"; null on a closed day.
    pub hours: Option<String>,
    /// Minutes per appointment.
    pub slot_minutes: i64,
    /// Start times still offered, earliest first.
    pub slots: Vec<Slot>,
}

fn location<'a>(site: &'a Tenant, slug: &str) -> Result<&'a Location, ApiError> {
    site.locations
        .iter()
        .find(|l| l.slug == slug.trim())
        .ok_or_else(|| ApiError::bad_field("location", CHOOSE_LOCATION))
}

fn date(text: &str) -> Result<NaiveDate, ApiError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| ApiError::bad_field("date", CHOOSE_DATE))
}

/// The start times `location` still offers on `date`.
async fn offered(
    state: &AppState,
    site: &Tenant,
    location: &Location,
    date: NaiveDate,
    now: DateTime<Utc>,
) -> Result<Vec<NaiveTime>, ApiError> {
    let booked: Vec<NaiveTime> = state
        .store
        .booked_slots(&site.slug, &location.slug, date)
        .await?
        .into_iter()
        .map(|b| b.time)
        .collect();
    let now_local = local_now(&location.address.state, now);
    Ok(appointment_slots(
        date,
        &location.contact_detail.opening_hours,
        &location.special_hours,
        &booked,
        now_local,
    ))
}

/// The start times a location offers on a date.
#[utoipa::path(get, path = "/api/appointments", tag = "appointments",
    params(("location" = String, Query, description = "Location slug"), ("date" = String, Query, description = "The location's local date, YYYY-MM-DD")),
    responses(
        (status = 200, body = SlotList, description = "The slots still offered (none on a closed day, in the past or beyond the booking horizon)"),
        (status = 400, body = ErrorBody, description = "A missing or unknown location, or a bad date"),
        UnknownSite,
    ))]
pub async fn slots(
    State(state): State<AppState>,
    Site(site): Site,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let query = query.map(|Query(q)| q).unwrap_or_default();
    let location = location(&site, query.get("location").map_or("", String::as_str))?;
    let date = date(query.get("date").map_or("", String::as_str))?;
    let times = offered(&state, &site, location, date, state.clock.now()).await?;
    let day = hours_on(
        date,
        &location.contact_detail.opening_hours,
        &location.special_hours,
    );
    let answer = SlotList {
        location: location.slug.clone(),
        location_name: location.name.clone(),
        date: date.format("%Y-%m-%d").to_string(),
        hours: day.hours.filter(|_| day.open),
        slot_minutes: SLOT_MINUTES,
        slots: times
            .iter()
            .map(|t| {
                let time = t.format("%H:%M").to_string();
                Slot {
                    label: format_time(&time).unwrap_or_else(|| time.clone()),
                    time,
                }
            })
            .collect(),
    };
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    Ok(response)
}

/// The booking a lead's appointment asks for, once the slot is checked to be offered now.
pub async fn booking(
    state: &AppState,
    site: &Tenant,
    choice: &AppointmentChoice,
    lead_id: &str,
    now: DateTime<Utc>,
) -> Result<BookingRecord, ApiError> {
    let location = location(site, &choice.location)?;
    let date = date(&choice.date)?;
    let time = NaiveTime::parse_from_str(choice.time.trim(), "%H:%M")
        .map_err(|_| ApiError::bad_field("time", CHOOSE_TIME))?;
    if !offered(state, site, location, date, now)
        .await?
        .contains(&time)
    {
        return Err(ApiError::new(ErrorCode::SlotUnavailable, SLOT_UNAVAILABLE));
    }
    Ok(BookingRecord {
        dealer: site.slug.clone(),
        location: location.slug.clone(),
        date,
        time,
        lead_id: lead_id.to_owned(),
        created_at: now,
    })
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/appointments", get(slots))
}
