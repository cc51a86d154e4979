//! The rule constants the frontend uses, exported as the TypeScript module
//! `frontend/src/types/generated/constants.ts`. It lives with the views because a few
//! entries (the not-found image, the photo layouts) are view values; the rules stay free
//! of views.

/// One constant of [`frontend_constants`]: its name, the seed line it comes from, its value.
pub type FrontendConstant = (&'static str, &'static str, serde_json::Value);

/// The constants of `rules::constants` (and the sold window of `rules::stock`, the
/// analytics event ids of `rules::forms`, the finance and slider constants, the
/// appointment's payload keys of `view::form`) that the frontend uses, each by its Rust name. `macro_rules` takes the name from the constant itself, so a
/// rename or a new value reaches the TypeScript module without a second copy.
pub fn frontend_constants() -> Vec<FrontendConstant> {
    macro_rules! constant {
        ($name:ident, $doc:literal) => {
            (stringify!($name), $doc, serde_json::json!($name))
        };
    }
    use super::form::{APPOINTMENT_DATE_FIELD, APPOINTMENT_TIME_FIELD};
    use crate::rules::constants::*;
    use crate::rules::finance::{
        PaymentFrequency, COMPARISON_LOAN_AMOUNT, COMPARISON_TERM_MONTHS,
        ENQUIRE_FOR_FINANCE_THRESHOLD,
    };
    use crate::rules::forms::{
        ANALYTICS_EVENTS, ATTRIBUTION_MAX_PAGES, ATTRIBUTION_MAX_PARAMS,
        ATTRIBUTION_MAX_PARAM_NAME, ATTRIBUTION_MAX_PARAM_VALUE, ATTRIBUTION_MAX_URL,
        EVENT_CALCULATOR, EVENT_HISTORY_REPORT, EVENT_OFFER_ACCEPTED, EVENT_PHONE_CLICK,
        EVENT_PRINT, EVENT_SAVE,
    };
    use crate::rules::slider::PRICE_RANGE_STEP;
    use crate::rules::stock::DEFAULT_INCLUDE_SOLD_CARS_DAYS;
    // Keyed by the frequency's JSON name, as the calculator's props send it.
    let payments_per_year = [
        PaymentFrequency::Week,
        PaymentFrequency::Fortnight,
        PaymentFrequency::Month,
    ]
    .into_iter()
    .map(|f| {
        let key = serde_json::json!(f).as_str().unwrap_or_default().to_owned();
        (key, serde_json::json!(f.per_year()))
    })
    .collect();
    vec![
        constant!(
            AUTOCOMPLETE_DEBOUNCE_MS,
            "Seed 000 s9: address autocomplete debounce, ms."
        ),
        constant!(
            SEARCH_BOX_DEBOUNCE_MS,
            "Seed 000 s2/s9: search box debounce, ms."
        ),
        constant!(SLIDER_DEBOUNCE_MS, "Seed 000 s5/s9: slider debounce, ms."),
        constant!(DISTANCE_CHOICES_KM, "Seed 000 s9: distance choices, km."),
        constant!(DEFAULT_RADIUS_KM, "Seed 000 s9: default nearby radius, km."),
        constant!(
            MAP_PICK_RADIUS_KM,
            "Seed 000 s9: radius after a map pick, km."
        ),
        constant!(
            MAP_PICK_NEAREST,
            "Seed 000 s9: locations shown after a map pick."
        ),
        constant!(MAP_MAX_ZOOM, "Seed 000 s9: map maximum zoom."),
        constant!(MAP_DEFAULT_ZOOM, "Seed 001 s9: map default zoom."),
        constant!(EARTH_RADIUS_KM, "Seed 001 s9: earth radius, km."),
        constant!(
            DEFAULT_INCLUDE_SOLD_CARS_DAYS,
            "Seed 001 s9: sold cars stay listed this many days unless a dealer sets its own window."
        ),
        constant!(
            PAGE_SIZE,
            "Seed 000 s9 / seed 001 s7/s9: page size of the catalogue, offers and default search."
        ),
        constant!(
            MAX_IDS,
            "The most car ids one search may name (the watchlist's saved cars in one query)."
        ),
        constant!(
            SEARCH_HISTORY_SIZE,
            "Seed 001 s3/s9: search history entries kept."
        ),
        constant!(
            OFFERS_CACHE_SIZE,
            "Seed 000 s9: offers and catalogue caches hold this many answers (the oldest dropped when full)."
        ),
        constant!(
            COMPARE_MAX_CARS,
            "Cars the compare page sets side by side at most."
        ),
        constant!(
            EVENT_PHONE_CLICK,
            "Seed 000 s7: analytics event id of a phone click."
        ),
        constant!(
            EVENT_CALCULATOR,
            "Seed 001 s7: analytics event id of calculator use or trade-in estimate tracking."
        ),
        constant!(EVENT_PRINT, "Seed 001 s7: analytics event id of print."),
        constant!(
            EVENT_HISTORY_REPORT,
            "Seed 001 s7: analytics event id of a history report."
        ),
        constant!(
            EVENT_OFFER_ACCEPTED,
            "Seed 001 s7: analytics event id of an accepted offer."
        ),
        constant!(
            EVENT_SAVE,
            "Seed 000 s7 / seed 001 s7: analytics event id of saving a car (favourite)."
        ),
        constant!(
            ANALYTICS_EVENTS,
            "Seed 000 s7 / seed 001 s7: every analytics event id with its dataLayer event name."
        ),
        constant!(
            ATTRIBUTION_MAX_PAGES,
            "Visited pages a lead carries at most."
        ),
        constant!(
            ATTRIBUTION_MAX_URL,
            "Longest visited page, landing page or referrer, characters."
        ),
        constant!(
            ATTRIBUTION_MAX_PARAMS,
            "Query parameters a lead carries at most."
        ),
        constant!(
            ATTRIBUTION_MAX_PARAM_NAME,
            "Longest query parameter name, characters."
        ),
        constant!(
            ATTRIBUTION_MAX_PARAM_VALUE,
            "Longest query parameter value, characters."
        ),
        constant!(
            ENQUIRE_FOR_FINANCE_THRESHOLD,
            "Seed 001 s5: a repayment of this or less displays 'Enquire for Finance'."
        ),
        constant!(
            COMPARISON_LOAN_AMOUNT,
            "The comparison-rate example loan, dollars."
        ),
        constant!(
            COMPARISON_TERM_MONTHS,
            "The comparison-rate example term, monthly payments."
        ),
        (
            "PAYMENTS_PER_YEAR",
            "Seed 001 s3: payments per year of each frequency (week 52, fortnight 26, month 12).",
            serde_json::Value::Object(payments_per_year),
        ),
        constant!(PRICE_RANGE_STEP, "Seed 001 s5/s9: price-range slider step."),
        constant!(
            CARD_BUTTONS_SHOWN,
            "Buttons a car card shows at once; the rest wait under its More menu."
        ),
        constant!(
            APPOINTMENT_DATE_FIELD,
            "The payload key of a test drive's date."
        ),
        constant!(
            APPOINTMENT_TIME_FIELD,
            "The payload key of a test drive's start time."
        ),
        (
            "BREAKPOINTS",
            "Seed 001 s9: style breakpoints (min-width px): xs 400px, sm 576px, md 768px, lg 992px, xl 1200px, xxl 1400px. Every CSS media query uses these or BREAKPOINTS_DOWN (src/styles/breakpoints.test.ts).",
            serde_json::json!(breakpoints::ALL),
        ),
        (
            "BREAKPOINTS_DOWN",
            "Seed 001 s9: \"matching max-width down variants for sm, md, lg and xl\" (max-width px, 0.02 short of the breakpoint).",
            serde_json::json!(breakpoints::DOWN),
        ),
        (
            "NOT_FOUND_IMAGE",
            "Seed 001 s9: the default not-found image, for a missing photo or one that fails to load.",
            serde_json::json!(super::images::NOT_FOUND_IMAGE),
        ),
        (
            "IMAGE_LAYOUTS",
            "Photo layouts (box and `sizes` at the seed 001 s9 breakpoints), the same the page head preloads with.",
            serde_json::json!(super::images::image_layouts()),
        ),
    ]
}

/// [`frontend_constants`] as a TypeScript module, written to
/// `frontend/src/types/generated/constants.ts` by `domain/tests/view_types.rs`, which
/// fails while the committed file differs (as for the messages and the view types).
pub fn constants_module() -> String {
    let mut out = String::from(
        "// Generated from domain/src/rules/constants.rs by domain/tests/view_types.rs. Do not edit this file manually.\n",
    );
    for (name, doc, value) in frontend_constants() {
        // Arrays are read-only tuples, as the Rust arrays are fixed.
        let suffix = if value.is_array() { " as const" } else { "" };
        out.push_str(&format!(
            "\n/** {doc} */\nexport const {name} = {value}{suffix};\n"
        ));
    }
    out
}
