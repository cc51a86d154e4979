//! Opening hours (seed 001 sections 3 and 4): "8:30am - 5:30pm" texts, Monday to Friday
//! grouping, Closed wording per site and special (holiday) hours for a date.

use chrono::{Datelike, NaiveDate, NaiveTime};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::{OpenStatus, OpeningHour, SpecialHours};
use crate::messages;

/// Day names by weekday number, 0 Sunday to 6 Saturday (seed 001 s3).
pub const WEEKDAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
/// Display order of the week: Monday first, Sunday last.
pub const DISPLAY_ORDER: [u8; 7] = [1, 2, 3, 4, 5, 6, 0];

/// How a Closed day reads (seed 001 s4: "By appointment only or an Enquire link").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum ClosedDisplay {
    /// "Closed".
    #[default]
    Closed,
    /// "By appointment only".
    ByAppointmentOnly,
    /// An "Enquire" link.
    EnquireLink,
}

/// One row of the hours table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct HoursRow {
    /// "Monday - Friday" or a day name.
    pub label: String,
    /// Hours text, or the closed wording.
    pub text: String,
    /// Whether `text` is the Enquire link.
    pub enquire_link: bool,
}

/// Reads "HH:MM" (or "HH:MM:SS") 24-hour time.
fn parse_time(text: &str) -> Option<NaiveTime> {
    let text = text.trim();
    NaiveTime::parse_from_str(text, "%H:%M")
        .or_else(|_| NaiveTime::parse_from_str(text, "%H:%M:%S"))
        .ok()
}

/// 12-hour time with minutes and a lower-case suffix: "08:30" gives "8:30am", "12:00"
/// gives "12:00pm", "00:00" gives "12:00am". None when unreadable.
pub fn format_time(text: &str) -> Option<String> {
    Some(parse_time(text)?.format("%-I:%M%P").to_string())
}

/// The `formated_hours` derivation: "8:30am - 5:30pm" from "08:30" and "17:30".
pub fn formatted_hours(open: &str, close: &str) -> Option<String> {
    Some(format!("{} - {}", format_time(open)?, format_time(close)?))
}

/// An entry's hours text: its `formated_hours` when given, else derived from open and
/// close. None for a Closed entry or an Open entry with no readable hours.
pub fn entry_hours(entry: &OpeningHour) -> Option<String> {
    if entry.status == OpenStatus::Closed {
        return None;
    }
    if let Some(text) = entry
        .formated_hours
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        return Some(text.to_string());
    }
    formatted_hours(entry.open.as_deref()?, entry.close.as_deref()?)
}

fn closed_row(label: String, closed: ClosedDisplay) -> HoursRow {
    let (text, enquire_link) = match closed {
        ClosedDisplay::Closed => (messages::CLOSED, false),
        ClosedDisplay::ByAppointmentOnly => (messages::BY_APPOINTMENT_ONLY, false),
        ClosedDisplay::EnquireLink => (messages::ENQUIRE, true),
    };
    HoursRow {
        label,
        text: text.to_string(),
        enquire_link,
    }
}

fn row(label: String, entry: Option<&OpeningHour>, closed: ClosedDisplay) -> HoursRow {
    match entry.and_then(entry_hours) {
        Some(text) => HoursRow {
            label,
            text,
            enquire_link: false,
        },
        None => closed_row(label, closed),
    }
}

/// Seed 001 s4: the week's rows, Monday first. When Monday to Friday all have entries
/// with the same text they become one "Monday - Friday" row. A day without an entry, a
/// Closed day and an Open day without hours read as closed (per `closed`). No entries at
/// all gives no rows ("No opening hours: nothing shown").
pub fn hours_rows(entries: &[OpeningHour], closed: ClosedDisplay) -> Vec<HoursRow> {
    if entries.is_empty() {
        return Vec::new();
    }
    let find = |day: u8| entries.iter().find(|e| e.weekday == day);
    let weekday_texts: Vec<Option<String>> =
        (1..=5).map(|d| find(d).and_then(entry_hours)).collect();
    let group =
        weekday_texts.iter().all(|t| t.is_some()) && weekday_texts.windows(2).all(|w| w[0] == w[1]);
    let mut rows = Vec::new();
    for day in DISPLAY_ORDER {
        if group && (1..=5).contains(&day) {
            if day == 1 {
                rows.push(row(
                    format!("{} - {}", WEEKDAY_NAMES[1], WEEKDAY_NAMES[5]),
                    find(1),
                    closed,
                ));
            }
            continue;
        }
        rows.push(row(
            WEEKDAY_NAMES[usize::from(day)].to_string(),
            find(day),
            closed,
        ));
    }
    rows
}

/// The special hours entry for `date`, if any.
pub fn special_hours_on(date: NaiveDate, special: &[SpecialHours]) -> Option<&SpecialHours> {
    special.iter().find(|s| s.date == date)
}

/// Reads a time as `formated_hours` writes it: "8:30am", "5pm", "12:00pm"; or 24-hour.
fn parse_any_time(text: &str) -> Option<NaiveTime> {
    let text = text.trim().to_ascii_lowercase().replace(' ', "");
    if let Some(t) = parse_time(&text) {
        return Some(t);
    }
    let (clock, pm) = match (text.strip_suffix("am"), text.strip_suffix("pm")) {
        (Some(c), _) => (c, false),
        (_, Some(c)) => (c, true),
        _ => return None,
    };
    let (h, m) = clock.split_once(':').unwrap_or((clock, "0"));
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    if !(1..=12).contains(&h) {
        return None;
    }
    NaiveTime::from_hms_opt(h % 12 + if pm { 12 } else { 0 }, m, 0)
}

/// When a location opens and closes on `date`: special hours for that date win over the
/// weekly entry of its weekday; times come from open/close (or start/end), else from the
/// "8:30am - 5:30pm" text. None on a closed day, or when the hours cannot be read.
pub fn opening_interval(
    date: NaiveDate,
    weekly: &[OpeningHour],
    special: &[SpecialHours],
) -> Option<(NaiveTime, NaiveTime)> {
    let (open, close) = if let Some(s) = special_hours_on(date, special) {
        if s.status != OpenStatus::Open {
            return None;
        }
        (
            parse_any_time(s.start_hour.as_deref()?)?,
            parse_any_time(s.end_hour.as_deref()?)?,
        )
    } else {
        let weekday = date.weekday().num_days_from_sunday();
        let entry = weekly
            .iter()
            .find(|e| u32::from(e.weekday) == weekday && e.status == OpenStatus::Open)?;
        match (entry.open.as_deref(), entry.close.as_deref()) {
            (Some(o), Some(c)) => (parse_any_time(o)?, parse_any_time(c)?),
            _ => {
                let text = entry.formated_hours.as_deref()?;
                let (o, c) = text.split_once('-')?;
                (parse_any_time(o)?, parse_any_time(c)?)
            }
        }
    };
    (open < close).then_some((open, close))
}

/// What a location's hours are on one date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct DayHours {
    /// Whether the location opens that day.
    pub open: bool,
    /// Hours text when open.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hours: Option<String>,
    /// Name of the special occasion, when special hours apply.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occasion: Option<String>,
    /// Whether special hours replaced the weekly hours.
    pub special: bool,
}

/// The hours on `date`: special hours for that date win over the weekly entry of its
/// weekday (0 Sunday). A day without an entry is closed.
pub fn hours_on(date: NaiveDate, weekly: &[OpeningHour], special: &[SpecialHours]) -> DayHours {
    if let Some(s) = special_hours_on(date, special) {
        let hours = match (s.status, s.start_hour.as_deref(), s.end_hour.as_deref()) {
            (OpenStatus::Open, Some(start), Some(end)) => formatted_hours(start, end),
            _ => None,
        };
        return DayHours {
            open: s.status == OpenStatus::Open,
            hours,
            occasion: s.name.clone(),
            special: true,
        };
    }
    let weekday = date.weekday().num_days_from_sunday();
    let hours = weekly
        .iter()
        .find(|e| u32::from(e.weekday) == weekday)
        .and_then(entry_hours);
    DayHours {
        open: hours.is_some(),
        hours,
        occasion: None,
        special: false,
    }
}
