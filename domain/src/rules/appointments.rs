//! Test-drive appointment slots (seed 000 s5: "Test drive date and time is optional;
//! appointment slots are fetched"). A location offers a slot every [`SLOT_MINUTES`] from
//! its opening time while the slot ends by closing time, on the dates its weekly or
//! special hours open it, minus the slots already booked, and never a slot that starts
//! sooner than [`MIN_NOTICE_MINUTES`] from now in the location's own time.
//!
//! Local time comes from the location's state with the Australian daylight-saving rule
//! (NSW, ACT, VIC, TAS and SA from the first Sunday of October to the first Sunday of
//! April; QLD, NT and WA never).

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Utc};

use super::hours::opening_interval;
use crate::entities::{OpeningHour, SpecialHours};

/// Length of one appointment.
pub const SLOT_MINUTES: i64 = 30;
/// A slot today must start at least this long from now.
pub const MIN_NOTICE_MINUTES: i64 = 60;
/// How many days ahead appointments may be booked.
pub const BOOKING_HORIZON_DAYS: i64 = 60;

/// A state's standard offset from UTC in minutes and whether it keeps daylight saving.
fn state_zone(state: &str) -> (i64, bool) {
    match state.trim().to_ascii_uppercase().as_str() {
        "WA" => (8 * 60, false),
        "NT" => (9 * 60 + 30, false),
        "SA" => (9 * 60 + 30, true),
        "QLD" => (10 * 60, false),
        // NSW, ACT, VIC, TAS (and anything unrecognised, the eastern default).
        _ => (10 * 60, true),
    }
}

/// The first Sunday of a month.
fn first_sunday(year: i32, month: u32) -> NaiveDate {
    let first = NaiveDate::from_ymd_opt(year, month, 1).unwrap_or_default();
    let ahead = (7 - first.weekday().num_days_from_sunday()) % 7;
    first + Duration::days(i64::from(ahead))
}

/// The wall-clock time now in a location of `state` (e.g. "QLD", "NSW").
pub fn local_now(state: &str, now: chrono::DateTime<Utc>) -> NaiveDateTime {
    let (standard, keeps_dst) = state_zone(state);
    let local_standard = now.naive_utc() + Duration::minutes(standard);
    if !keeps_dst {
        return local_standard;
    }
    // Daylight saving runs from 2:00 standard time on the first Sunday of October to
    // 2:00 standard time (3:00 daylight) on the first Sunday of April.
    let year = local_standard.year();
    let two = NaiveTime::from_hms_opt(2, 0, 0).unwrap_or_default();
    let ends = first_sunday(year, 4).and_time(two);
    let starts = first_sunday(year, 10).and_time(two);
    if local_standard < ends || local_standard >= starts {
        local_standard + Duration::hours(1)
    } else {
        local_standard
    }
}

/// The start times offered at a location on `date` (its local date), earliest first:
/// every [`SLOT_MINUTES`] from opening while the slot ends by closing, none on a closed
/// day, before today or beyond the booking horizon, none starting within
/// [`MIN_NOTICE_MINUTES`] of `now_local`, and none in `booked`.
pub fn appointment_slots(
    date: NaiveDate,
    weekly: &[OpeningHour],
    special: &[SpecialHours],
    booked: &[NaiveTime],
    now_local: NaiveDateTime,
) -> Vec<NaiveTime> {
    let today = now_local.date();
    if date < today || date > today + Duration::days(BOOKING_HORIZON_DAYS) {
        return Vec::new();
    }
    let Some((open, close)) = opening_interval(date, weekly, special) else {
        return Vec::new();
    };
    let earliest = now_local + Duration::minutes(MIN_NOTICE_MINUTES);
    let step = Duration::minutes(SLOT_MINUTES);
    let mut slots = Vec::new();
    let mut start = date.and_time(open);
    let end = date.and_time(close);
    while start + step <= end {
        if start >= earliest && !booked.contains(&start.time()) {
            slots.push(start.time());
        }
        start += step;
    }
    slots
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::entities::OpenStatus;

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).expect("time")
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("date")
    }

    fn week() -> Vec<OpeningHour> {
        // Monday to Friday 8:30 to 17:00 by open/close, Saturday by text only, Sunday closed.
        let mut days: Vec<OpeningHour> = (1..=5)
            .map(|weekday| OpeningHour {
                weekday,
                status: OpenStatus::Open,
                formated_hours: None,
                open: Some("08:30".into()),
                close: Some("17:00".into()),
            })
            .collect();
        days.push(OpeningHour {
            weekday: 6,
            status: OpenStatus::Open,
            formated_hours: Some("9:00am - 12pm".into()),
            open: None,
            close: None,
        });
        days.push(OpeningHour {
            weekday: 0,
            status: OpenStatus::Closed,
            formated_hours: None,
            open: None,
            close: None,
        });
        days
    }

    #[test]
    fn slots_fill_the_opening_hours_and_skip_booked_and_closed_days() {
        let now = d(2026, 11, 23).and_time(t(7, 0)); // a Monday morning
        let tuesday = appointment_slots(d(2026, 11, 24), &week(), &[], &[t(10, 0)], now);
        assert_eq!(tuesday.first(), Some(&t(8, 30)));
        assert_eq!(
            tuesday.last(),
            Some(&t(16, 30)),
            "the last slot ends at closing"
        );
        assert_eq!(
            tuesday.len(),
            16,
            "17 half hours from 8:30 to 17:00, one booked"
        );
        assert!(!tuesday.contains(&t(10, 0)));
        let saturday = appointment_slots(d(2026, 11, 28), &week(), &[], &[], now);
        assert_eq!(
            saturday,
            vec![t(9, 0), t(9, 30), t(10, 0), t(10, 30), t(11, 0), t(11, 30)]
        );
        assert!(
            appointment_slots(d(2026, 11, 29), &week(), &[], &[], now).is_empty(),
            "Sunday is closed"
        );
        assert!(
            appointment_slots(d(2026, 11, 20), &week(), &[], &[], now).is_empty(),
            "the past"
        );
        assert!(
            appointment_slots(d(2027, 3, 1), &week(), &[], &[], now).is_empty(),
            "beyond the horizon"
        );
    }

    #[test]
    fn special_hours_close_or_shorten_a_day_and_today_needs_notice() {
        let special = vec![
            SpecialHours::closed(d(2026, 12, 25), Some("Christmas Day")),
            SpecialHours::open(d(2026, 12, 24), "09:00", "12:00"),
        ];
        let now = d(2026, 12, 24).and_time(t(9, 40));
        assert!(appointment_slots(d(2026, 12, 25), &week(), &special, &[], now).is_empty());
        let eve = appointment_slots(d(2026, 12, 24), &week(), &special, &[], now);
        assert_eq!(
            eve,
            vec![t(11, 0), t(11, 30)],
            "an hour's notice from 9:40, closing at 12"
        );
    }

    #[test]
    fn local_time_follows_each_state_and_daylight_saving() {
        let summer = Utc
            .with_ymd_and_hms(2026, 1, 15, 0, 0, 0)
            .single()
            .expect("utc");
        let winter = Utc
            .with_ymd_and_hms(2026, 7, 15, 0, 0, 0)
            .single()
            .expect("utc");
        assert_eq!(local_now("QLD", summer).time(), t(10, 0));
        assert_eq!(local_now("NSW", summer).time(), t(11, 0));
        assert_eq!(local_now("NSW", winter).time(), t(10, 0));
        assert_eq!(local_now("SA", summer).time(), t(10, 30));
        assert_eq!(local_now("WA", summer).time(), t(8, 0));
        // 2026's change-overs: 5 April and 4 October.
        let before_end = Utc
            .with_ymd_and_hms(2026, 4, 4, 15, 59, 0)
            .single()
            .expect("utc");
        let after_end = Utc
            .with_ymd_and_hms(2026, 4, 4, 16, 0, 0)
            .single()
            .expect("utc");
        assert_eq!(local_now("VIC", before_end).time(), t(2, 59));
        assert_eq!(local_now("VIC", after_end).time(), t(2, 0));
        let after_start = Utc
            .with_ymd_and_hms(2026, 10, 3, 16, 0, 0)
            .single()
            .expect("utc");
        assert_eq!(local_now("VIC", after_start).time(), t(3, 0));
    }
}
