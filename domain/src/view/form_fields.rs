//! The fields of each form, step by step (seed 001 s5/s9; seed 000 s5 for the test
//! drive's optional date and time): each field is named by its key in the
//! `POST /api/leads` payload, and which fields are required, in which words, comes from
//! `rules::forms::validate_enquiry` run on an empty enquiry with the dealer's settings, so
//! the browser asks for what the API checks, in the same words.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages;
use crate::rules::forms::{
    categorise_lead, validate_enquiry, EnquiryFormSettings, EnquiryInput, FormField, LeadCategory,
};
use crate::rules::postcode::POSTCODE_LENGTH;

use super::form::{
    FormKind, APPOINTMENT_DATE_FIELD, APPOINTMENT_TIME_FIELD, ORDER_DETAIL_PARAM,
    PART_NUMBER_PARAM, VEHICLE_MAKE_PARAM, VEHICLE_MODEL_PARAM,
};
use super::site::ViewContext;

/// Registration states offered for a trade-in (the abbreviations of
/// `config::validate::AU_STATES`, as a shopper writes them).
const REGO_STATES: [&str; 8] = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];

/// How a field is entered (and which format check the browser runs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    /// One line of text.
    Text,
    /// An email address (checked like `rules::contact::Email`).
    Email,
    /// An Australian phone number (checked like `rules::contact::AuPhone`).
    Tel,
    /// A 4-digit postcode (checked like `rules::postcode::Postcode`).
    Postcode,
    /// A whole number, sent as a JSON number (thousands separators allowed).
    Number,
    /// Several lines of text.
    Textarea,
    /// One of `options`.
    Select,
    /// The dealer location select; its options are the view's `locations`.
    Location,
    /// The preferred-dealership select; its options are the view's `dealerships`, its
    /// value a dealership's slug.
    Dealership,
    /// A yes/no box, sent as a JSON boolean.
    Checkbox,
    /// Any of `options`, one box each, sent as a JSON array of the ticked ones (none
    /// ticked sends nothing).
    Choices,
    /// Not shown; filled from `query_param` or `default_value`.
    Hidden,
    /// A date, YYYY-MM-DD, from today to the view's `appointment.horizon_days` ahead.
    Date,
    /// A start time, HH:MM, picked from the slots `GET /api/appointments` offers at the
    /// form's location on the date of the form's `appointment.date` field.
    Slot,
}

/// One field of a form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FieldView {
    /// The field's key in the `POST /api/leads` payload (also the input's name); a
    /// dotted name is a key of a nested object (`appointment.date`).
    pub name: String,
    /// Label text.
    pub label: String,
    /// How it is entered.
    pub input: InputKind,
    /// The message when it is left empty; none when the field is optional.
    pub required_message: Option<String>,
    /// Choices of a select.
    pub options: Vec<String>,
    /// Initial value.
    pub default_value: String,
    /// The browser's autofill token, e.g. "given-name".
    pub autocomplete: Option<String>,
    /// Placeholder text.
    pub placeholder: Option<String>,
    /// Longest value accepted.
    pub max_length: Option<u32>,
    /// Unit shown after the input, e.g. "kms".
    pub suffix: Option<String>,
    /// URL query parameter that prefills the field (finance links carry several).
    pub query_param: Option<String>,
}

impl FieldView {
    fn new(name: &str, label: &str, input: InputKind) -> FieldView {
        FieldView {
            name: name.to_string(),
            label: label.to_string(),
            input,
            required_message: None,
            options: Vec::new(),
            default_value: String::new(),
            autocomplete: None,
            placeholder: None,
            max_length: None,
            suffix: None,
            query_param: None,
        }
    }

    fn required(mut self, message: Option<&String>) -> FieldView {
        self.required_message = message.cloned();
        self
    }

    fn autocomplete(mut self, token: &str) -> FieldView {
        self.autocomplete = Some(token.to_string());
        self
    }

    fn options(mut self, options: &[&str], default: &str) -> FieldView {
        self.options = options.iter().map(|o| o.to_string()).collect();
        self.default_value = default.to_string();
        self
    }

    fn prefilled_by(mut self, param: &str) -> FieldView {
        self.query_param = Some(param.to_string());
        self
    }
}

/// A step of a form; single-step forms have one step without a title.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FormStepView {
    /// Step heading (parts order: Contact Details, Vehicle Details, Order Details).
    pub title: Option<String>,
    /// The fields of the step, in order.
    pub fields: Vec<FieldView>,
}

/// The messages of the fields an empty enquiry leaves missing under `settings`: which
/// fields are required, and in which words (`rules::forms::validate_enquiry`).
pub(super) fn required_messages(settings: &EnquiryFormSettings) -> Required {
    validate_enquiry(&EnquiryInput::default(), settings)
        .into_iter()
        .map(|e| (e.field, e.message))
        .collect()
}

/// The required-field messages by field.
pub(super) type Required = HashMap<FormField, String>;

fn contact_fields(required: &Required) -> Vec<FieldView> {
    let need = |field: FormField| required.get(&field);
    let mut postcode = FieldView::new("postcode", FormField::Postcode.label(), InputKind::Postcode)
        .required(need(FormField::Postcode))
        .autocomplete("postal-code");
    postcode.max_length = u32::try_from(POSTCODE_LENGTH).ok();
    vec![
        FieldView::new("name", FormField::Name.label(), InputKind::Text)
            .required(need(FormField::Name))
            .autocomplete("given-name"),
        FieldView::new("last_name", "Last name", InputKind::Text).autocomplete("family-name"),
        FieldView::new("email", FormField::Email.label(), InputKind::Email)
            .required(need(FormField::Email))
            .autocomplete("email"),
        FieldView::new("phone", FormField::Phone.label(), InputKind::Tel)
            .required(need(FormField::Phone))
            .autocomplete("tel"),
        postcode,
    ]
}

fn vehicle_fields(make_default: Option<&str>, required: bool) -> [FieldView; 3] {
    let need = |label: &str| required.then(|| messages::field_required(label));
    let mut make = FieldView::new("Vehicle Make", "Make", InputKind::Text);
    make.required_message = need("Make");
    make.default_value = make_default.unwrap_or_default().to_string();
    let mut model = FieldView::new("Vehicle Model", "Model", InputKind::Text);
    model.required_message = need("Model");
    let mut year = FieldView::new("Vehicle Year", "Year", InputKind::Number);
    year.required_message = need("Year");
    year.max_length = Some(4);
    [make, model, year]
}

fn kms_field() -> FieldView {
    let mut kms = FieldView::new("kms", "Odometer", InputKind::Number);
    kms.suffix = Some("kms".to_string());
    kms
}

fn rego_field(name: &str) -> FieldView {
    let mut rego = FieldView::new(name, "Rego", InputKind::Text);
    rego.placeholder = Some("Your rego helps us better assist your enquiry".to_string());
    rego.max_length = Some(10);
    rego
}

fn contact_method_field() -> FieldView {
    FieldView::new(
        "PreferredContactMethod",
        "Preferred contact method",
        InputKind::Select,
    )
    .options(
        &[
            messages::CONTACT_PHONE,
            messages::CONTACT_EMAIL,
            messages::CONTACT_SMS,
        ],
        messages::CONTACT_PHONE,
    )
}

/// A Yes/No question, No until answered.
fn yes_no_field(name: &str, label: &str) -> FieldView {
    FieldView::new(name, label, InputKind::Select)
        .options(&[messages::NO, messages::YES], messages::NO)
}

/// Seed 001 s3 `additional_services`: the services the dealer offers with a car
/// (config `forms.additional_services`), any of them ticked; none offered, no question.
fn additional_services_field(offered: &[String]) -> Option<FieldView> {
    let labels: Vec<&str> = offered.iter().map(String::as_str).collect();
    (!labels.is_empty()).then(|| {
        FieldView::new(
            "additional_services",
            "I am also interested in",
            InputKind::Choices,
        )
        .options(&labels, "")
    })
}

/// Seed 001 s9: "default finance vehicle type Car": a select of the dealer's types
/// (config `finance.vehicle_types`) starting on the first, or, with one type, sent
/// without asking.
fn vehicle_type_field(types: &[String]) -> FieldView {
    let types: Vec<&str> = types
        .iter()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .collect();
    let first = types
        .first()
        .copied()
        .unwrap_or(crate::config::DEFAULT_FINANCE_VEHICLE_TYPE);
    if types.len() > 1 {
        FieldView::new("vehicle_type", "Vehicle type", InputKind::Select).options(&types, first)
    } else {
        let mut hidden = FieldView::new("vehicle_type", "Vehicle type", InputKind::Hidden);
        hidden.default_value = first.to_string();
        hidden
    }
}

fn trade_in_question() -> FieldView {
    yes_no_field("do-you-have-a-trade-in", "Do you have a trade-in?")
}

/// The category options of the enquiry form: General Enquiry, then the dealer's own.
pub fn enquiry_categories(configured: &[String]) -> Vec<String> {
    std::iter::once(messages::GENERAL_ENQUIRY.to_string())
        .chain(
            configured
                .iter()
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty()),
        )
        .collect()
}

/// Seed 001 s5: the enquiry form's category select, required. With General Enquiry
/// alone it starts on it; with more, the shopper picks one ("Please select" first).
fn category_field(configured: &[String], required: &Required) -> FieldView {
    let options = enquiry_categories(configured);
    let start = if options.len() == 1 {
        messages::GENERAL_ENQUIRY
    } else {
        ""
    };
    let labels: Vec<&str> = options.iter().map(String::as_str).collect();
    FieldView::new("category", FormField::Category.label(), InputKind::Select)
        .options(&labels, start)
        .required(required.get(&FormField::Category))
}

/// What each category option of a form sends (seed 001 s9: a Career Enquiry goes as
/// General Enquiry with subcategory Career Enquiry and event 51).
pub(super) fn category_choices(kind: FormKind, configured: &[String]) -> Vec<CategoryChoice> {
    if kind != FormKind::GeneralEnquiry {
        return Vec::new();
    }
    let (_, subcategory) = kind.category();
    enquiry_categories(configured)
        .into_iter()
        .map(|label| CategoryChoice {
            sent: categorise_lead(&label, subcategory, Some(kind.event_id())),
            label,
        })
        .collect()
}

fn message_field(required: &Required) -> FieldView {
    FieldView::new("message", FormField::Message.label(), InputKind::Textarea)
        .required(required.get(&FormField::Message))
        .prefilled_by("message")
}

fn location_field(required: &Required) -> FieldView {
    FieldView::new("location", FormField::Location.label(), InputKind::Location)
        .required(required.get(&FormField::Location))
}

fn opt_in_field() -> FieldView {
    FieldView::new(
        "opt_in",
        "Keep me up to date with news and offers",
        InputKind::Checkbox,
    )
}

/// The car a form is about: a car's page links with `?car_id=`, a car's dialog fills it in.
fn car_id_field() -> FieldView {
    FieldView::new("car_id", "Car", InputKind::Hidden).prefilled_by("car_id")
}

/// The appointment's date and slot fields, both optional (seed 000 s5).
fn appointment_fields() -> [FieldView; 2] {
    [
        FieldView::new(APPOINTMENT_DATE_FIELD, "Preferred date", InputKind::Date),
        FieldView::new(APPOINTMENT_TIME_FIELD, "Preferred time", InputKind::Slot),
    ]
}

/// The steps of a form. The location select is a field only when the dealer shows it
/// (more than one visible sales location); `appointment` adds the test drive's date and
/// slot fields.
pub(super) fn form_steps(
    kind: FormKind,
    ctx: &ViewContext<'_>,
    settings: &EnquiryFormSettings,
    appointment: bool,
) -> Vec<FormStepView> {
    let config = &ctx.dealer.config;
    let required = required_messages(settings);
    let location = settings.location_shown.then(|| location_field(&required));
    let single = |fields: Vec<FieldView>| {
        vec![FormStepView {
            title: None,
            fields,
        }]
    };
    match kind {
        FormKind::Reservation => {
            // POST /api/reservations takes the contact details, a message and the car.
            let mut fields = contact_fields(&required);
            let mut message = message_field(&required);
            message.required_message = None;
            fields.push(message);
            fields.push(FieldView::new("car_id", "Car", InputKind::Hidden));
            single(fields)
        }
        FormKind::GeneralEnquiry => {
            let mut fields = contact_fields(&required);
            fields.push(contact_method_field());
            fields.extend(location);
            // Seed 001 s5: "preferred dealership select required when several
            // dealerships exist".
            if settings.dealership_count > 1 {
                fields.push(
                    FieldView::new(
                        "dealership_slug",
                        FormField::DealershipSlug.label(),
                        InputKind::Dealership,
                    )
                    .required(required.get(&FormField::DealershipSlug)),
                );
            }
            fields.push(category_field(&config.forms.enquiry_categories, &required));
            // Seed 001 s5: "Finance question Yes/No; trade-in question Yes/No".
            fields.push(yes_no_field("finance", "Do you need finance?"));
            fields.push(trade_in_question());
            fields.push(rego_field("Rego"));
            fields.extend(additional_services_field(&config.forms.offered_services()));
            fields.push(message_field(&required));
            fields.push(opt_in_field());
            fields.push(car_id_field());
            single(fields)
        }
        FormKind::TestDrive => {
            // The time first (it decides whether the shopper goes on), then who is coming.
            let mut when: Vec<FieldView> = location.into_iter().collect();
            if appointment {
                when.extend(appointment_fields());
            }
            when.push(FieldView::new(
                "Vehicle Model",
                "Car or model you would like to drive",
                InputKind::Text,
            ));
            let mut details = contact_fields(&required);
            details.push(contact_method_field());
            let mut message = message_field(&required);
            // A test drive's comments are optional; the API lifts the requirement for a
            // completed multi-step form too.
            message.required_message = None;
            details.push(message);
            details.push(opt_in_field());
            details.push(car_id_field());
            let step = |title: &str, fields| FormStepView {
                title: Some(title.to_string()),
                fields,
            };
            vec![
                step("Date and Time", when),
                step(messages::STEP_CONTACT_DETAILS, details),
            ]
        }
        FormKind::PhotoRequest => {
            let mut fields = contact_fields(&required);
            fields.push(contact_method_field());
            // The preset text is the message; what the shopper adds is optional.
            let mut message = message_field(&required);
            message.required_message = None;
            message.query_param = None;
            fields.push(message);
            fields.push(opt_in_field());
            fields.push(car_id_field());
            single(fields)
        }
        FormKind::ServiceBooking => {
            let mut fields = contact_fields(&required);
            fields.push(contact_method_field());
            fields.extend(location);
            fields.push(rego_field("Rego"));
            fields.extend(vehicle_fields(config.manufacturer.as_deref(), false));
            fields.push(kms_field());
            fields.push(message_field(&required));
            fields.push(opt_in_field());
            single(fields)
        }
        FormKind::TradeIn => {
            let mut fields = contact_fields(&required);
            fields.extend(location);
            fields.push(rego_field("rego"));
            let state = config.default_state.to_ascii_uppercase();
            fields.push(
                FieldView::new("regoState", "Rego state", InputKind::Select)
                    .options(&REGO_STATES, &state),
            );
            fields.extend(vehicle_fields(None, true));
            fields.push(kms_field());
            fields.push(message_field(&required));
            fields.push(opt_in_field());
            single(fields)
        }
        FormKind::PartsOrder => {
            let mut contact = contact_fields(&required);
            contact.extend(location);
            // A catalogue part's order link (/parts/search) names the part and what it fits.
            let [make, model, year] = vehicle_fields(config.manufacturer.as_deref(), false);
            let mut vehicle = vec![
                make.prefilled_by(VEHICLE_MAKE_PARAM),
                model.prefilled_by(VEHICLE_MODEL_PARAM),
                year,
            ];
            if config.forms.parts_combined_field {
                vehicle.push(
                    FieldView::new(
                        "Rego/VIN/Part#",
                        "Rego, VIN or part number",
                        InputKind::Text,
                    )
                    .prefilled_by(PART_NUMBER_PARAM),
                );
            } else {
                vehicle.push(FieldView::new("Rego", "Rego", InputKind::Text));
                vehicle.push(FieldView::new("VIN", "VIN", InputKind::Text));
                vehicle.push(
                    FieldView::new("Part#", "Part number", InputKind::Text)
                        .prefilled_by(PART_NUMBER_PARAM),
                );
            }
            let mut detail = FieldView::new("Order Detail", "Order detail", InputKind::Textarea)
                .prefilled_by(ORDER_DETAIL_PARAM);
            detail.required_message = Some(messages::field_required("Order detail"));
            detail.placeholder =
                Some("The parts or accessories you need, with quantities".to_string());
            let step = |title: &str, fields| FormStepView {
                title: Some(title.to_string()),
                fields,
            };
            vec![
                step(messages::STEP_CONTACT_DETAILS, contact),
                step(messages::STEP_VEHICLE_DETAILS, vehicle),
                step(messages::STEP_ORDER_DETAILS, vec![detail, opt_in_field()]),
            ]
        }
        FormKind::FinanceEnquiry => {
            let mut fields = contact_fields(&required);
            fields.push(contact_method_field());
            fields.extend(location.map(|l| l.prefilled_by("preferredDealership")));
            fields.push(vehicle_type_field(&config.finance.vehicle_types));
            let mut budget = FieldView::new("price", "Vehicle price budget", InputKind::Number)
                .prefilled_by("vehiclePriceBudget");
            budget.suffix = Some("AUD".to_string());
            fields.push(budget);
            fields.push(trade_in_question());
            fields.push(message_field(&required));
            fields.push(opt_in_field());
            fields.push(car_id_field());
            fields.push(
                FieldView::new("vehicle_status", "Car type", InputKind::Hidden)
                    .prefilled_by("car_type"),
            );
            fields.push(FieldView::new("VIN", "VIN", InputKind::Hidden).prefilled_by("vin"));
            single(fields)
        }
    }
}

/// A category option of the enquiry form and what choosing it sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CategoryChoice {
    /// The option as the select shows it (the `category` field's value).
    pub label: String,
    /// The category, subcategory and analytics event sent for it.
    pub sent: LeadCategory,
}
