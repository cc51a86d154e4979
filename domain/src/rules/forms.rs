//! Enquiry form validation (seed 001 s5), career recategorisation and analytics ids
//! (seed 001 s7/s9). The error banner, the failure messages (seed 001 s8) and the stored
//! user details (seed 001 s5) are the browser's (`frontend/src/features/forms/`, on
//! `domain/tests/data/submit_failure_cases.json` and `user_details_cases.json`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages;

use super::contact::{AuPhone, Email};
use super::postcode::{Postcode, PostcodeError};

/// Per-site switches of the enquiry form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnquiryFormSettings {
    /// The site flag that lifts the message requirement.
    #[serde(default)]
    pub message_optional: bool,
    /// Whether the location select is shown (then it is required).
    #[serde(default)]
    pub location_shown: bool,
    /// How many dealerships the site has; more than one makes the preferred dealership required.
    #[serde(default)]
    pub dealership_count: usize,
    /// Whether the site requires agreeing to the terms of use.
    #[serde(default)]
    pub terms_required: bool,
    /// Lifts the postcode requirement (the reservation form, which is not an enquiry).
    #[serde(default)]
    pub postcode_optional: bool,
}

/// What the shopper entered; blank text counts as missing.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(default)]
pub struct EnquiryInput {
    /// First name.
    pub name: String,
    /// Last name (optional).
    pub last_name: String,
    /// Email address.
    pub email: String,
    /// Phone number.
    pub phone: String,
    /// Postcode (required on enquiry forms, exactly 4 digits).
    pub postcode: String,
    /// Comments.
    pub message: String,
    /// Enquiry category.
    pub category: String,
    /// Selected location.
    pub location: String,
    /// Preferred dealership slug.
    pub dealership_slug: String,
    /// Marketing opt-in (optional).
    pub opt_in: bool,
    /// Registration (optional; helps the dealer assist the enquiry).
    #[serde(rename = "Rego")]
    #[ts(rename = "Rego")]
    pub rego: String,
    /// Whether the terms of use were accepted.
    pub terms_accepted: bool,
}

/// A form field that can carry an error; serialised as the payload key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum FormField {
    /// name.
    Name,
    /// email.
    Email,
    /// phone.
    Phone,
    /// postcode.
    Postcode,
    /// message.
    Message,
    /// category.
    Category,
    /// location.
    Location,
    /// dealership_slug (preferred dealership).
    DealershipSlug,
    /// terms of use.
    Terms,
}

impl FormField {
    /// The field's label on the form, which its required-field message names ("First
    /// name is required." under First name).
    pub fn label(self) -> &'static str {
        match self {
            FormField::Name => "First name",
            FormField::Email => "Email",
            FormField::Phone => "Phone",
            FormField::Postcode => "Postcode",
            // Seed 001 s2: "Enquiry form with a Comments textarea".
            FormField::Message => "Comments",
            FormField::Category => "Enquiry type",
            FormField::Location => "Location",
            FormField::DealershipSlug => "Preferred dealership",
            FormField::Terms => "Terms",
        }
    }
}

/// One field's error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct FieldError {
    /// The field.
    pub field: FormField,
    /// The message shown by the field and in the banner list.
    pub message: String,
}

fn blank(text: &str) -> bool {
    text.trim().is_empty()
}

/// Seed 001 s5: validates an enquiry before submission. Name, email and phone are
/// required (they are what the dealer answers and what the stored user details need);
/// email and phone must parse ([`Email`], [`AuPhone`]); the postcode is required and
/// exactly 4 digits ('Invalid postcode. Please enter a 4-digit number.' whether missing
/// or malformed: the seed gives one message for the rule) unless the form lifts it;
/// message is required unless the site lifts it; category is
/// required; location is required when shown; the preferred dealership is required when
/// there are several dealerships ('*Please select a dealership location.'); terms must
/// be accepted where the site requires it; opt_in and Rego are optional. Errors come in
/// form order.
pub fn validate_enquiry(input: &EnquiryInput, settings: &EnquiryFormSettings) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut push = |field: FormField, message: String| errors.push(FieldError { field, message });
    let required = |field: FormField| messages::field_required(field.label());
    if blank(&input.name) {
        push(FormField::Name, required(FormField::Name));
    }
    if blank(&input.email) {
        push(FormField::Email, required(FormField::Email));
    } else if let Err(e) = Email::parse(&input.email) {
        push(FormField::Email, e.to_string());
    }
    if blank(&input.phone) {
        push(FormField::Phone, required(FormField::Phone));
    } else if let Err(e) = AuPhone::parse(&input.phone) {
        push(FormField::Phone, e.to_string());
    }
    match Postcode::parse(&input.postcode) {
        Ok(_) => {}
        Err(PostcodeError::Missing) if settings.postcode_optional => {}
        Err(PostcodeError::Missing) => push(
            FormField::Postcode,
            messages::INVALID_POSTCODE_FORMAT.to_string(),
        ),
        Err(e) => push(FormField::Postcode, e.to_string()),
    }
    if !settings.message_optional && blank(&input.message) {
        push(FormField::Message, required(FormField::Message));
    }
    if blank(&input.category) {
        push(FormField::Category, required(FormField::Category));
    }
    if settings.location_shown && blank(&input.location) {
        push(FormField::Location, required(FormField::Location));
    }
    if settings.dealership_count > 1 && blank(&input.dealership_slug) {
        push(
            FormField::DealershipSlug,
            messages::SELECT_DEALERSHIP_LOCATION.to_string(),
        );
    }
    if settings.terms_required && !input.terms_accepted {
        push(FormField::Terms, messages::MUST_AGREE_TO_TERMS.to_string());
    }
    errors
}

/// Seed 001 s7/s9: analytics event id of the default form.
pub const EVENT_DEFAULT_FORM: u32 = 22;
/// Seed 001 s7/s9: analytics event id of a career enquiry.
pub const EVENT_CAREER_ENQUIRY: u32 = 51;
/// Seed 001 s7: analytics event id of calculator use or trade-in estimate tracking.
pub const EVENT_CALCULATOR: u32 = 26;
/// Seed 001 s7: analytics event id of a finance enquiry.
pub const EVENT_FINANCE_ENQUIRY: u32 = 9;
/// Seed 001 s7: analytics event id of an accepted offer.
pub const EVENT_OFFER_ACCEPTED: u32 = 18;
/// Seed 001 s7: analytics event id of a history report.
pub const EVENT_HISTORY_REPORT: u32 = 60;
/// Seed 001 s7: analytics event id of print.
pub const EVENT_PRINT: u32 = 61;
/// Seed 000 s7 / seed 001 s7: analytics event id of saving a car (favourite).
pub const EVENT_SAVE: u32 = 39;
/// Seed 000 s7: analytics event id of a phone click.
pub const EVENT_PHONE_CLICK: u32 = 25;
/// Seed 001 s7 lists 14, 15, 17 and 48 as the event ids of enquiry categories without
/// naming the categories; which form kind sends which is ours: a test drive 14.
pub const EVENT_TEST_DRIVE: u32 = 14;
/// An enquiry category id of seed 001 s7: a service booking request.
pub const EVENT_SERVICE_BOOKING: u32 = 15;
/// An enquiry category id of seed 001 s7: a parts order.
pub const EVENT_PARTS_ORDER: u32 = 17;
/// An enquiry category id of seed 001 s7: a trade-in (sell my car) enquiry.
pub const EVENT_TRADE_IN: u32 = 48;
/// Seed 001 s7: analytics event ids of enquiry categories.
pub const EVENT_ENQUIRY_CATEGORIES: [u32; 4] = [
    EVENT_TEST_DRIVE,
    EVENT_SERVICE_BOOKING,
    EVENT_PARTS_ORDER,
    EVENT_TRADE_IN,
];

/// Attribution bounds, kept by the browser and checked by the API: pages per visit.
pub const ATTRIBUTION_MAX_PAGES: usize = 50;
/// Longest visited page, landing page or referrer (characters).
pub const ATTRIBUTION_MAX_URL: usize = 2048;
/// Query parameters per lead.
pub const ATTRIBUTION_MAX_PARAMS: usize = 30;
/// Longest query parameter name (characters).
pub const ATTRIBUTION_MAX_PARAM_NAME: usize = 64;
/// Longest query parameter value (characters).
pub const ATTRIBUTION_MAX_PARAM_VALUE: usize = 512;

/// The additional services an enquiry offers when the dealer lists none of its own (seed
/// 001 s3 Enquiry payload: `additional_services`; the seed names no services). Finance
/// and a trade-in are not among them: the enquiry form asks both as Yes/No questions.
pub const DEFAULT_ADDITIONAL_SERVICES: [&str; 4] = [
    "Extended warranty",
    "Service plan",
    "Paint and interior protection",
    "Roadside assistance",
];

/// Seed 001 s3 `additional_services`: the services a lead asks for must be ones the
/// dealer's form offers (`offered`, config `forms.additional_services`), each once. The
/// error names the offered services, or says the form offers none.
pub fn check_additional_services(sent: &[String], offered: &[String]) -> Result<(), String> {
    if offered.is_empty() {
        return match sent.is_empty() {
            true => Ok(()),
            false => Err("This form offers no additional services.".to_string()),
        };
    }
    let mut seen = std::collections::BTreeSet::new();
    for service in sent {
        let service = service.trim();
        if !offered.iter().any(|o| o == service) {
            return Err(format!(
                "Please choose additional services from: {}.",
                offered.join(", ")
            ));
        }
        if !seen.insert(service) {
            return Err(format!("\"{service}\" is listed twice."));
        }
    }
    Ok(())
}

/// Every analytics event of the seeds with the `event` name it is pushed to `dataLayer`
/// under, so a tag manager trigger can match it by name (the README's dataLayer table
/// lists the same rows). Ids are the seeds'; names are ours.
pub const ANALYTICS_EVENTS: [(u32, &str); 13] = [
    (EVENT_SAVE, "forecourt_save_car"),
    (EVENT_PHONE_CLICK, "forecourt_phone_click"),
    (EVENT_DEFAULT_FORM, "forecourt_form_submit"),
    (EVENT_CAREER_ENQUIRY, "forecourt_career_enquiry"),
    (EVENT_CALCULATOR, "forecourt_calculator"),
    (EVENT_FINANCE_ENQUIRY, "forecourt_finance_enquiry"),
    (EVENT_OFFER_ACCEPTED, "forecourt_offer_accepted"),
    (EVENT_HISTORY_REPORT, "forecourt_history_report"),
    (EVENT_PRINT, "forecourt_print"),
    (EVENT_TEST_DRIVE, "forecourt_test_drive_enquiry"),
    (EVENT_SERVICE_BOOKING, "forecourt_service_enquiry"),
    (EVENT_PARTS_ORDER, "forecourt_parts_enquiry"),
    (EVENT_TRADE_IN, "forecourt_trade_in_enquiry"),
];

/// Category, subcategory and analytics event of a lead after recategorisation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
pub struct LeadCategory {
    /// Category sent.
    pub category: String,
    /// Subcategory sent, if any.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subcategory: Option<String>,
    /// Analytics event id.
    pub event_id: u32,
}

/// Seed 001 s9: a "Career Enquiry" category is sent as General Enquiry with subcategory
/// Career Enquiry and event 51; every other category keeps its subcategory and `event_id`
/// (22 when the form has none).
pub fn categorise_lead(
    category: &str,
    subcategory: Option<&str>,
    event_id: Option<u32>,
) -> LeadCategory {
    if category
        .trim()
        .eq_ignore_ascii_case(messages::CAREER_ENQUIRY)
    {
        return LeadCategory {
            category: messages::GENERAL_ENQUIRY.to_string(),
            subcategory: Some(messages::CAREER_ENQUIRY.to_string()),
            event_id: EVENT_CAREER_ENQUIRY,
        };
    }
    LeadCategory {
        category: category.trim().to_string(),
        subcategory: subcategory.map(str::to_string),
        event_id: event_id.unwrap_or(EVENT_DEFAULT_FORM),
    }
}

/// Seed 001 s4: a location picker with a single option auto-selects it once; returns the
/// option to select when nothing has been selected yet and exactly one option exists.
pub fn auto_select_location(options: &[String], already_selected: bool) -> Option<&str> {
    match options {
        [only] if !already_selected => Some(only.as_str()),
        _ => None,
    }
}

#[cfg(test)]
mod analytics_tests {
    use super::*;

    /// Each seed id has one name and each name one id, so a GTM trigger on a name
    /// counts exactly one seed event.
    #[test]
    fn every_seed_event_has_one_distinct_name() {
        let mut ids: Vec<u32> = ANALYTICS_EVENTS.iter().map(|(id, _)| *id).collect();
        let mut names: Vec<&str> = ANALYTICS_EVENTS.iter().map(|(_, n)| *n).collect();
        ids.sort_unstable();
        names.sort_unstable();
        names.dedup();
        assert_eq!(ids, [9, 14, 15, 17, 18, 22, 25, 26, 39, 48, 51, 60, 61]);
        assert_eq!(names.len(), ANALYTICS_EVENTS.len());
    }

    /// Seed 001 s3 Enquiry payload: "... page_id, additional_services, lead_id ...".
    #[test]
    fn additional_services_are_the_offered_ones_each_once() {
        let offered: Vec<String> = DEFAULT_ADDITIONAL_SERVICES.map(String::from).to_vec();
        let sent = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        assert_eq!(check_additional_services(&[], &offered), Ok(()));
        assert_eq!(
            check_additional_services(&sent(&["Service plan", " Extended warranty "]), &offered),
            Ok(())
        );
        assert_eq!(
            check_additional_services(&sent(&["Free fuel"]), &offered),
            Err(
                "Please choose additional services from: Extended warranty, Service plan, \
                 Paint and interior protection, Roadside assistance."
                    .to_string()
            )
        );
        assert_eq!(
            check_additional_services(&sent(&["Service plan", "Service plan"]), &offered),
            Err("\"Service plan\" is listed twice.".to_string())
        );
        assert_eq!(check_additional_services(&[], &[]), Ok(()));
        assert_eq!(
            check_additional_services(&sent(&["Service plan"]), &[]),
            Err("This form offers no additional services.".to_string())
        );
    }
}
