//! A location's hours as times: what the browser needs to say "Open now, closes 5:00 pm"
//! and mark today's row (the page is static, so "now" is known only where it is read),
//! and the special hours of the holiday dialog. Location pages and location cards both
//! carry it.

use chrono::{Datelike, Days, NaiveDate};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::Location;
use crate::rules::hours::{hours_on, opening_interval, HoursRow, DISPLAY_ORDER, WEEKDAY_NAMES};

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

/// When a department is open on one weekday, in its own local time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct OpenSession {
    /// 0 Sunday to 6 Saturday.
    pub weekday: u8,
    /// Opening time, 24-hour "HH:MM".
    pub opens: String,
    /// Closing time, 24-hour "HH:MM" (after `opens`).
    pub closes: String,
}

/// Special hours of one date, as the open-now line reads them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SpecialSession {
    /// ISO date, e.g. "2026-12-24".
    pub date: String,
    /// Opening time "HH:MM", absent when closed all day.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens: Option<String>,
    /// Closing time "HH:MM", absent when closed all day.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closes: Option<String>,
}

/// What the browser needs to say "Open now, closes 5:00 pm" and mark today's row: the
/// page is static, so "now" can only be known where it is read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ScheduleView {
    /// IANA time zone of the location, e.g. "Australia/Brisbane".
    pub time_zone: String,
    /// The weekly sessions; a weekday without one is closed.
    pub week: Vec<OpenSession>,
    /// Special hours from the build date on, which win over the week on their date.
    pub special: Vec<SpecialSession>,
    /// The weekdays (0 Sunday) of each row of `hours`, in the same order.
    pub row_weekdays: Vec<Vec<u8>>,
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
                    .unwrap_or_else(|| crate::messages::CLOSED.to_string()),
            }
        })
        .collect()
}

/// The IANA zone of an Australian state; Queensland's (no daylight saving) when the
/// state is not one of the eight.
pub fn state_time_zone(state: &str) -> &'static str {
    match state.trim().to_ascii_uppercase().as_str() {
        "NSW" | "ACT" => "Australia/Sydney",
        "VIC" => "Australia/Melbourne",
        "TAS" => "Australia/Hobart",
        "SA" => "Australia/Adelaide",
        "NT" => "Australia/Darwin",
        "WA" => "Australia/Perth",
        _ => "Australia/Brisbane",
    }
}

/// The weekdays each row of [`hours_rows`] stands for: the grouped "Monday - Friday" row
/// is Monday to Friday, every other row is the day it names.
fn row_weekdays(rows: &[HoursRow]) -> Vec<Vec<u8>> {
    let grouped = rows.len() < DISPLAY_ORDER.len();
    rows.iter()
        .map(
            |row| match WEEKDAY_NAMES.iter().position(|n| *n == row.label) {
                Some(day) => vec![day as u8],
                None if grouped => (1..=5).collect(),
                None => Vec::new(),
            },
        )
        .collect()
}

/// The schedule of `location` as times, with special hours from `today` on.
pub fn schedule_view(location: &Location, rows: &[HoursRow], today: NaiveDate) -> ScheduleView {
    let weekly = &location.contact_detail.opening_hours;
    let hhmm = |t: chrono::NaiveTime| t.format("%H:%M").to_string();
    let mut week: Vec<OpenSession> = (0..7u64)
        .filter_map(|i| {
            let date = today.checked_add_days(Days::new(i))?;
            let (open, close) = opening_interval(date, weekly, &[])?;
            Some(OpenSession {
                weekday: date.weekday().num_days_from_sunday() as u8,
                opens: hhmm(open),
                closes: hhmm(close),
            })
        })
        .collect();
    week.sort_by_key(|s| s.weekday);
    let special = holiday_hours(location, today)
        .into_iter()
        .filter_map(|row| {
            let date: NaiveDate = row.date.parse().ok()?;
            let interval = opening_interval(date, weekly, &location.special_hours);
            let open = hours_on(date, weekly, &location.special_hours).open;
            // Open with hours that cannot be read: leave the date to the weekly hours
            // rather than call it closed.
            if open && interval.is_none() {
                return None;
            }
            Some(SpecialSession {
                date: row.date,
                opens: interval.map(|(o, _)| hhmm(o)),
                closes: interval.map(|(_, c)| hhmm(c)),
            })
        })
        .collect();
    ScheduleView {
        time_zone: state_time_zone(&location.address.state).to_string(),
        week,
        special,
        row_weekdays: row_weekdays(rows),
    }
}
