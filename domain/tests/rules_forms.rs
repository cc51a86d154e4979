//! Forms (seed 001 sections 5 and 8, seed 000 sections 5 and 8): postcodes, delivery
//! messages, phone and email, enquiry validation.

use domain::messages;
use domain::rules::contact::*;
use domain::rules::forms::*;
use domain::rules::postcode::*;
use serde::Deserialize;

/// A table of `domain/tests/data/<name>`, shared with the frontend's tests.
fn table<T: for<'de> Deserialize<'de>>(text: &str) -> Vec<T> {
    #[derive(Deserialize)]
    struct Table<T> {
        cases: Vec<T>,
    }
    let table: Table<T> = serde_json::from_str(text).expect("the case table parses");
    assert!(
        !table.cases.is_empty(),
        "a table without cases tests nothing"
    );
    table.cases
}

#[derive(Deserialize)]
struct PostcodeCase {
    input: String,
    postcode: Option<String>,
    error: Option<PostcodeError>,
}

#[test]
fn postcode_is_exactly_four_digits() {
    // The table the form check reads too (frontend/src/features/forms/validation.test.ts).
    for case in table::<PostcodeCase>(include_str!("data/postcode_cases.json")) {
        let got = Postcode::parse(&case.input).map(|p| p.as_str().to_string());
        let expected = match (&case.postcode, case.error) {
            (Some(postcode), None) => Ok(postcode.clone()),
            (None, Some(error)) => Err(error),
            _ => panic!("{:?}: a case has a postcode or an error", case.input),
        };
        assert_eq!(got, expected, "{:?}", case.input);
    }
    assert_eq!(
        PostcodeError::Missing.to_string(),
        "Please enter a postcode."
    );
    assert_eq!(
        PostcodeError::Format.to_string(),
        "Invalid postcode. Please enter a 4-digit number."
    );
    let parsed: Postcode = serde_json::from_str("\"4217\"").expect("valid postcode");
    assert_eq!(
        serde_json::to_string(&parsed).expect("serialises"),
        "\"4217\""
    );
    assert!(serde_json::from_str::<Postcode>("\"421\"").is_err());
}

#[test]
fn delivery_messages_word_for_word() {
    assert_eq!(
        delivery_postcode("").map_err(|e| e.to_string()),
        Err("Please enter a postcode.".to_string())
    );
    assert_eq!(
        delivery_postcode("4000").map(|p| p.to_string()),
        Ok("4000".to_string())
    );
    assert_eq!(
        DeliveryError::NoEstimate.to_string(),
        "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote."
    );
}

#[derive(Deserialize)]
struct PhoneCase {
    input: String,
    national: Option<String>,
    kind: Option<AuPhoneKind>,
    display: Option<String>,
    e164: Option<String>,
}

#[test]
fn au_phone_normalises_common_forms() {
    // The table the form check reads too (frontend/src/features/forms/validation.test.ts).
    for case in table::<PhoneCase>(include_str!("data/phone_cases.json")) {
        let got = AuPhone::parse(&case.input)
            .ok()
            .map(|p| (p.digits().to_string(), p.kind(), p.display(), p.e164()));
        let expected = case.national.map(|national| {
            let view = |v: Option<String>| v.unwrap_or_else(|| panic!("{national}: every view"));
            (
                national.clone(),
                case.kind,
                view(case.display),
                view(case.e164),
            )
        });
        assert_eq!(got, expected, "{:?}", case.input);
    }
}

#[derive(Deserialize)]
struct EmailCase {
    input: String,
    stored: Option<String>,
}

#[test]
fn email_rule() {
    // The table the form check reads too (frontend/src/features/forms/validation.test.ts).
    for case in table::<EmailCase>(include_str!("data/email_cases.json")) {
        assert_eq!(
            Email::parse(&case.input)
                .ok()
                .map(|e| e.as_str().to_string()),
            case.stored,
            "{:?}",
            case.input
        );
    }
}

/// (case, input, site settings, expected errors in form order)
type EnquiryCase = (
    &'static str,
    EnquiryInput,
    EnquiryFormSettings,
    Vec<(FormField, &'static str)>,
);

fn valid_input() -> EnquiryInput {
    EnquiryInput {
        name: "Jo".into(),
        email: "jo@example.com".into(),
        phone: "0412 345 678".into(),
        postcode: "4000".into(),
        message: "Is it still available?".into(),
        category: "General Enquiry".into(),
        ..EnquiryInput::default()
    }
}

#[test]
fn enquiry_validation_per_field() {
    let base = EnquiryFormSettings::default();
    let many = EnquiryFormSettings {
        dealership_count: 2,
        ..base
    };
    let one = EnquiryFormSettings {
        dealership_count: 1,
        ..base
    };
    let lifted = EnquiryFormSettings {
        message_optional: true,
        ..base
    };
    let located = EnquiryFormSettings {
        location_shown: true,
        ..base
    };
    let terms = EnquiryFormSettings {
        terms_required: true,
        ..base
    };
    let reservation = EnquiryFormSettings {
        postcode_optional: true,
        ..base
    };
    let with = |f: fn(&mut EnquiryInput)| {
        let mut input = valid_input();
        f(&mut input);
        input
    };
    let cases: Vec<EnquiryCase> = vec![
        (
            "valid; opt_in and Rego optional",
            valid_input(),
            base,
            vec![],
        ),
        (
            "message required",
            with(|i| i.message = " ".into()),
            base,
            // Seed 001 s2: "Enquiry form with a Comments textarea".
            vec![(FormField::Message, "Comments is required.")],
        ),
        (
            "a site flag lifts the message requirement",
            with(|i| i.message.clear()),
            lifted,
            vec![],
        ),
        (
            "category select required",
            with(|i| i.category.clear()),
            base,
            vec![(FormField::Category, "Enquiry type is required.")],
        ),
        (
            "location required when shown",
            valid_input(),
            located,
            vec![(FormField::Location, "Location is required.")],
        ),
        (
            "location not required when hidden",
            valid_input(),
            base,
            vec![],
        ),
        (
            "preferred dealership required when several",
            valid_input(),
            many,
            vec![(
                FormField::DealershipSlug,
                "*Please select a dealership location.",
            )],
        ),
        (
            "preferred dealership not required for one",
            valid_input(),
            one,
            vec![],
        ),
        (
            "terms notice",
            valid_input(),
            terms,
            vec![(
                FormField::Terms,
                "You must agree to the terms of use before submitting the form.",
            )],
        ),
        (
            "terms accepted",
            with(|i| i.terms_accepted = true),
            terms,
            vec![],
        ),
        (
            // Seed 001 s5: "Postcode: required, exactly 4 digits, max length 4, message
            // 'Invalid postcode. Please enter a 4-digit number.'"
            "postcode required on enquiry forms",
            with(|i| i.postcode = "  ".into()),
            base,
            vec![(
                FormField::Postcode,
                "Invalid postcode. Please enter a 4-digit number.",
            )],
        ),
        (
            "a form that is not an enquiry lifts the postcode requirement",
            with(|i| i.postcode.clear()),
            reservation,
            vec![],
        ),
        (
            "postcode checked when given",
            with(|i| i.postcode = "40".into()),
            base,
            vec![(
                FormField::Postcode,
                "Invalid postcode. Please enter a 4-digit number.",
            )],
        ),
        (
            "bad phone",
            with(|i| i.phone = "12345".into()),
            base,
            vec![(FormField::Phone, messages::INVALID_PHONE)],
        ),
        (
            "bad email",
            with(|i| i.email = "jo@".into()),
            base,
            vec![(FormField::Email, messages::INVALID_EMAIL)],
        ),
        (
            "contact fields required, in form order",
            EnquiryInput {
                message: "Hi".into(),
                category: "Service".into(),
                ..EnquiryInput::default()
            },
            base,
            vec![
                (FormField::Name, "First name is required."),
                (FormField::Email, "Email is required."),
                (FormField::Phone, "Phone is required."),
                (
                    FormField::Postcode,
                    "Invalid postcode. Please enter a 4-digit number.",
                ),
            ],
        ),
    ];
    for (name, input, settings, expected) in cases {
        let errors = validate_enquiry(&input, &settings);
        let got: Vec<(FormField, &str)> = errors
            .iter()
            .map(|e| (e.field, e.message.as_str()))
            .collect();
        assert_eq!(got, expected, "{name}");
    }
}

#[test]
fn enquiry_errors_come_in_form_order_ending_with_the_terms() {
    let errors = validate_enquiry(
        &EnquiryInput::default(),
        &EnquiryFormSettings {
            terms_required: true,
            ..EnquiryFormSettings::default()
        },
    );
    assert_eq!(
        errors.last().map(|e| e.message.as_str()),
        Some("You must agree to the terms of use before submitting the form.")
    );
}

#[test]
fn career_enquiries_are_recategorised() {
    let career = categorise_lead("Career Enquiry", None, None);
    assert_eq!(
        (
            career.category.as_str(),
            career.subcategory.as_deref(),
            career.event_id
        ),
        ("General Enquiry", Some("Career Enquiry"), 51)
    );
    let general = categorise_lead("General Enquiry", None, None);
    assert_eq!(
        (
            general.category.as_str(),
            general.subcategory,
            general.event_id
        ),
        ("General Enquiry", None, 22)
    );
    let finance = categorise_lead("Finance", Some("Pre-approval"), Some(EVENT_FINANCE_ENQUIRY));
    assert_eq!(
        (finance.subcategory.as_deref(), finance.event_id),
        (Some("Pre-approval"), 9)
    );
}

#[test]
fn seed_messages_word_for_word() {
    let cases = [
        (messages::NO_RESULTS_TITLE, "No Results Available"),
        (messages::NO_RESULTS_TEXT, "No results found for your search at this time. Please try adjusting the filters for more results"),
        (messages::SELECT_DEALERSHIP_LOCATION, "*Please select a dealership location."),
        (messages::CAR_SAVED_IN_WATCHLIST, "Car Saved In Watchlist"),
        (messages::CAR_REMOVED, "Car Removed"),
        (messages::VIEW_LIST, "View List"),
        (messages::ENQUIRE_FOR_PRICE, "Enquire for price."),
        (messages::NO_XTIME_URL, "no xtime url found"),
        (messages::FAILED_TO_FETCH_LOCATIONS, "Failed to fetch locations"),
        (messages::UNEXPECTED_ERROR, "An unexpected error occured"),
        (messages::FORM_SUBMIT_ERROR, "An error occurred when submitting this form"),
        (messages::PLEASE_FIX_ERRORS, "Please fix the following errors:"),
        (messages::INVALID_POSTCODE, "Invalid postcode."),
        (messages::DEALER_COMMENTS_PENDING, "Dealer comments are pending. Please check back here later."),
        (messages::PHOTO_REQUEST_TEXT, "Please send photos for this car"),
        (messages::OFFER_ACCEPTED_SUBCATEGORY, "3. Offer Accepted"),
        (messages::JUST_SOLD, "JUST SOLD"),
        (messages::COMING_SOON, "COMING SOON"),
        (messages::NEW_ARRIVAL, "New Arrival"),
    ];
    for (constant, seed) in cases {
        assert_eq!(constant, seed);
    }
    // The share button fills the template's one placeholder with the car's name.
    assert_eq!(
        messages::COPIED_TO_CLIPBOARD_TEMPLATE.replace("{car name}", "2023 Toyota RAV4 GX"),
        "Copied 2023 Toyota RAV4 GX to your clipboard!"
    );
    assert_eq!(messages::expires_on("12/03/2027"), "Expires on 12/03/2027");
}

#[test]
fn single_location_option_auto_selects_once() {
    let one = vec!["brisbane".to_string()];
    let two = vec!["brisbane".to_string(), "gold-coast".to_string()];
    let cases: [(&[String], bool, Option<&str>); 4] = [
        (&one, false, Some("brisbane")),
        (&one, true, None),
        (&two, false, None),
        (&[], false, None),
    ];
    for (options, selected, expected) in cases {
        assert_eq!(
            auto_select_location(options, selected),
            expected,
            "{options:?} {selected}"
        );
    }
}
