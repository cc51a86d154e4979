//! Form pages (seed 001 s2/s3/s5/s8/s9): general enquiry, service booking, trade-in (sell
//! my car), parts order, finance enquiry, test drive (seed 000 s5: the date and time are
//! optional, the slots come from `GET /api/appointments`) and the reserve page of a car,
//! plus the forms a vehicle page opens as dialogs (enquiry, test drive and the photo
//! request of seed 000 s5). Every form but the reservation (`POST /api/reservations`)
//! posts to `POST /api/leads`; the view names each field by its key in that payload and
//! takes which fields are required, and the words of their messages, from
//! `rules::forms::validate_enquiry` run on an empty enquiry with the dealer's settings, so
//! the browser asks for what the API checks, in the same words.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::config::Dealer;
use crate::entities::{Location, LocationType};
use crate::messages;
use crate::rules::appointments::BOOKING_HORIZON_DAYS;
use crate::rules::format::format_dollars;
use crate::rules::forms::{
    auto_select_location, categorise_lead, validate_enquiry, EnquiryFormSettings, EnquiryInput,
    FormField, LeadCategory, EVENT_DEFAULT_FORM, EVENT_FINANCE_ENQUIRY, EVENT_PARTS_ORDER,
    EVENT_SERVICE_BOOKING, EVENT_TEST_DRIVE, EVENT_TRADE_IN,
};
use crate::rules::postcode::POSTCODE_LENGTH;

use super::card::{card_view, CardView};
use super::crumbs::Crumb;
use super::finance::{finance_calculator_view, FinanceCalculatorView};

use super::links::{ENQUIRY_PATH, FINANCE_FORM_ID, SERVICE_FORM_ID, TEST_DRIVE_PATH};
use super::location_cards::visible_locations;
use super::names::display_name;
use super::site::ViewContext;

/// The endpoint every form but the reservation posts to.
pub const LEADS_API_PATH: &str = "/api/leads";
/// The endpoint of the reservation form.
pub const RESERVATIONS_API_PATH: &str = "/api/reservations";
/// Where the test-drive form asks for the slots of a location and date.
pub const APPOINTMENTS_API_PATH: &str = "/api/appointments";
/// The payload key of the appointment's date (`appointment.date` of `POST /api/leads`).
pub const APPOINTMENT_DATE_FIELD: &str = "appointment.date";
/// The payload key of the appointment's start time (`appointment.time`).
pub const APPOINTMENT_TIME_FIELD: &str = "appointment.time";

/// The lead key of whether the site compares prices; the browser sends it as a JSON
/// boolean (it travels as the text "true" or "false" in [`CarFieldValue`]).
pub const AUTOGAUGE_ENABLED_FIELD: &str = "autogauge_enabled";

/// The parts order form's query parameter for the part number (`Part#`, or the combined
/// `Rego/VIN/Part#` field): a catalogue part's order link fills it in.
pub const PART_NUMBER_PARAM: &str = "part_number";
/// The parts order form's query parameter for `Vehicle Make`.
pub const VEHICLE_MAKE_PARAM: &str = "make";
/// The parts order form's query parameter for `Vehicle Model`.
pub const VEHICLE_MODEL_PARAM: &str = "model";
/// The parts order form's query parameter for `Order Detail`.
pub const ORDER_DETAIL_PARAM: &str = "order_detail";

/// Registration states offered for a trade-in (the abbreviations of
/// `config::validate::AU_STATES`, as a shopper writes them).
const REGO_STATES: [&str; 8] = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];

/// What a form is for; decides its fields, category and wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FormKind {
    /// A general enquiry (/contact-us).
    GeneralEnquiry,
    /// A service booking request (/service).
    ServiceBooking,
    /// Trade-in or sell my car (/trade-in, /sell-my-car, /sell-your-car).
    TradeIn,
    /// A parts order in three steps (/parts).
    PartsOrder,
    /// A finance enquiry (/finance or the dealer's finance link).
    FinanceEnquiry,
    /// Reserve a car online (/cars/{slug}/checkout or /buy-online): `POST /api/reservations`.
    Reservation,
    /// A test drive (/book-test-drive, and a vehicle page's dialog): an optional
    /// appointment slot, then the contact details, sent once on the last step.
    TestDrive,
    /// Seed 000 s5: a car's photo request (a vehicle page's dialog): the preset text
    /// 'Please send photos for this car' with an optional message.
    PhotoRequest,
}

impl FormKind {
    /// The lead's category and subcategory (seed 001 s3/s9; only General Enquiry is seed
    /// wording, the seed lists no other category).
    pub fn category(self) -> (&'static str, Option<&'static str>) {
        match self {
            FormKind::GeneralEnquiry => (messages::GENERAL_ENQUIRY, None),
            FormKind::ServiceBooking => ("Service", Some("Service Booking")),
            FormKind::TradeIn => ("Trade-In", None),
            FormKind::PartsOrder => ("Parts", Some("Parts Order")),
            FormKind::FinanceEnquiry => ("Finance", Some("Finance Enquiry")),
            FormKind::Reservation => (messages::RESERVATION_CATEGORY, None),
            FormKind::TestDrive => ("Test Drive", None),
            FormKind::PhotoRequest => (messages::GENERAL_ENQUIRY, Some("Photo Request")),
        }
    }

    /// The analytics event a stored form sends (seed 001 s7; the ids live in
    /// `rules::forms`, which also turns a career enquiry into event 51).
    pub fn event_id(self) -> u32 {
        let own = match self {
            FormKind::GeneralEnquiry | FormKind::PhotoRequest | FormKind::Reservation => {
                EVENT_DEFAULT_FORM
            }
            FormKind::ServiceBooking => EVENT_SERVICE_BOOKING,
            FormKind::TradeIn => EVENT_TRADE_IN,
            FormKind::PartsOrder => EVENT_PARTS_ORDER,
            FormKind::FinanceEnquiry => EVENT_FINANCE_ENQUIRY,
            FormKind::TestDrive => EVENT_TEST_DRIVE,
        };
        let (category, subcategory) = self.category();
        categorise_lead(category, subcategory, Some(own)).event_id
    }

    /// The form element's id, the anchor links end with.
    pub fn form_id(self) -> &'static str {
        match self {
            FormKind::GeneralEnquiry => "enquiry-form",
            FormKind::ServiceBooking => SERVICE_FORM_ID,
            FormKind::TradeIn => "trade-in-form",
            FormKind::PartsOrder => "parts-form",
            FormKind::FinanceEnquiry => FINANCE_FORM_ID,
            FormKind::Reservation => "reserve-form",
            FormKind::TestDrive => "test-drive-form",
            FormKind::PhotoRequest => "photo-request-form",
        }
    }

    /// Whether a location of this type can take this form's leads.
    fn serves(self, location_type: LocationType) -> bool {
        match self {
            FormKind::ServiceBooking => matches!(
                location_type,
                LocationType::Service | LocationType::ServiceAndParts
            ),
            FormKind::PartsOrder => matches!(
                location_type,
                LocationType::Parts | LocationType::ServiceAndParts
            ),
            _ => location_type == LocationType::Sales,
        }
    }
}

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

/// A location a lead can be sent to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocationOption {
    /// Location id (sent as `location_id`).
    #[ts(type = "number")]
    pub id: u64,
    /// Name (sent as `location`).
    pub name: String,
    /// Slug (a `preferredDealership` query parameter may name it).
    pub slug: String,
}

/// A dealership of the dealer group a lead can go to (seed 001 s5: the preferred
/// dealership select, shown when there are several).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DealershipOption {
    /// Sent as `dealership_slug`.
    pub slug: String,
    /// As the select shows it.
    pub name: String,
}

/// The terms of use the shopper must accept (some sites).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TermsView {
    /// Checkbox label.
    pub label: String,
    /// The site's terms page (every site has one: the dealer's, else the platform's).
    pub url: String,
    /// 'You must agree to the terms of use before submitting the form.'
    pub message: String,
}

/// How the service page offers online booking, besides the form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ServiceBookingView {
    /// The booking page in a frame (one dealer's xtime embed).
    Embed {
        /// Frame address.
        url: String,
        /// Frame title.
        title: String,
    },
    /// The embed is switched on without an address: 'no xtime url found'.
    Missing {
        /// The seed's message.
        message: String,
    },
    /// A link to the manufacturer's booking page.
    External {
        /// Link target.
        url: String,
        /// Link text.
        label: String,
    },
}

/// What replaces the form once the lead is stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ThankYouView {
    /// Heading.
    pub title: String,
    /// Text.
    pub text: String,
}

/// The appointment a test-drive form may book (seed 000 s5: optional; the slots are
/// fetched). Sent as `appointment: {location, date, time}` with the lead, which books the
/// slot in the lead's transaction or answers 409 `slot_unavailable`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AppointmentView {
    /// `GET {api_path}?location={slug}&date={YYYY-MM-DD}` lists the slots.
    pub api_path: String,
    /// How many days ahead a date may be chosen (the API offers none later).
    pub horizon_days: u32,
    /// The error when a date is chosen without a time.
    pub time_missing: String,
    /// The success text's addition once a slot is booked; `{date}`, `{time}` and
    /// `{location}` are filled in by the browser.
    pub booked_template: String,
}

/// The car a form is about, as the browser records it once the form is stored (seed 001
/// s3/s4: the enquiry and the viewed car record).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FormCarView {
    /// Car id.
    #[ts(type = "number")]
    pub id: u64,
    /// Car slug.
    pub slug: String,
    /// Display name.
    pub name: String,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Primary image URL ('' when the car has none).
    pub primary_image_url: String,
    /// Stock number ('' when the feed has none).
    pub stocknum: String,
    /// Body configuration ('' when the feed has none).
    pub body: String,
    /// Simplified body, e.g. "SUV" ('' when the feed has none).
    pub simple_body: String,
}

/// Where a site publishes its [`VehicleFormSet`] (one file for every vehicle page).
pub const VEHICLE_FORMS_PATH: &str = "/_site/vehicle-forms.json";

/// The forms a vehicle page opens in dialogs, without a car: published once per site at
/// [`VEHICLE_FORMS_PATH`] and fetched when a shopper opens one, so a vehicle page carries
/// only its car's part ([`VehicleFormsView`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct VehicleFormSet {
    /// The enquiry.
    pub enquiry: FormPageView,
    /// The test drive, without its model question (the car is known).
    pub test_drive: FormPageView,
    /// The photo request.
    pub photo_request: FormPageView,
}

/// A form button of a vehicle page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CarFormLink {
    /// Button text.
    pub label: String,
    /// The form's title: the dialog's heading, also while the form loads.
    pub title: String,
    /// The form's own page, with the car named in the query (`?car_id=`): where the
    /// button goes without JavaScript.
    pub url: String,
    /// The dialog's text above the form, naming the car.
    pub intro: String,
}

/// A value a car's forms send: a field of that name takes it as its value, otherwise it
/// goes as a hidden field of the last step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CarFieldValue {
    /// The field's key in the lead.
    pub name: String,
    /// Its value.
    pub value: String,
}

/// The forms of an available car's vehicle page (seed 000 s2: "Test drive and enquiry
/// open as modals"; seed 000 s5: the photo request): each dialog is the site's form from
/// [`VehicleFormSet`] with this car filled in (frontend: features/forms/vehicle-forms.ts).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct VehicleFormsView {
    /// Enquire Now (or Message Now).
    pub enquiry: CarFormLink,
    /// Book a Test Drive.
    pub test_drive: CarFormLink,
    /// Request Photos.
    pub photo_request: CarFormLink,
    /// The site's [`VehicleFormSet`].
    pub set_url: String,
    /// The car as the forms record it.
    pub car: FormCarView,
    /// The car's id, make, model, stock number and type, sent with the lead.
    pub values: Vec<CarFieldValue>,
    /// The car's location: the location select starts on it where the form lists it.
    pub location_slug: Option<String>,
}

/// A form page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FormPageView {
    /// Heading.
    pub title: String,
    /// Text above the form (also the meta description).
    pub intro: String,
    /// What the form is for.
    pub kind: FormKind,
    /// The form element's id (`finance-form`, `service-booking`...).
    pub form_id: String,
    /// Category sent with the lead.
    pub category: String,
    /// Subcategory sent with the lead.
    pub subcategory: Option<String>,
    /// The enquiry form's category options and what each sends (empty on other forms,
    /// which send `category`).
    pub category_choices: Vec<CategoryChoice>,
    /// The steps, each with its fields; one step for every form but the parts order.
    pub steps: Vec<FormStepView>,
    /// The locations this form's leads can go to (visible ones serving the form's
    /// department, else every visible one), primary first.
    pub locations: Vec<LocationOption>,
    /// The dealerships of the preferred-dealership select (empty without one).
    pub dealerships: Vec<DealershipOption>,
    /// The location sent when the shopper has not picked one: the only option, when
    /// there is exactly one (seed 001 s4: a single option is selected once); on a car's
    /// forms, the car's location (the select starts on it).
    #[ts(type = "number | null")]
    pub default_location_id: Option<u64>,
    /// The terms checkbox, on sites that require agreeing to the terms of use.
    pub terms: Option<TermsView>,
    /// The privacy policy the form links beside its submit button: every form collects
    /// personal details, and every site has the page (issue 27).
    pub privacy_url: String,
    /// Submit button text (config `forms.enquiry_button_text`).
    pub submit_label: String,
    /// Button text of the steps before the last.
    pub next_label: String,
    /// Online booking offered on the service page.
    pub booking: Option<ServiceBookingView>,
    /// Home, then this page.
    pub breadcrumbs: Vec<Crumb>,
    /// Shown once the lead is stored.
    pub thank_you: ThankYouView,
    /// The endpoint the form posts to.
    pub api_path: String,
    /// The lead's `source` (seed 001 s3: Website).
    pub lead_source: String,
    /// The car a reservation is for, as its card.
    pub car: Option<CardView>,
    /// The finance calculator (`#finance-calculator`), on the finance page only.
    pub calculator: Option<FinanceCalculatorView>,
    /// The analytics event sent once the form is stored (seed 001 s7).
    pub event_id: u32,
    /// The car the form is about (recorded with the enquiry), when the page knows it.
    pub subject: Option<FormCarView>,
    /// The test drive's appointment (date and slot fields), where the dealer has a
    /// location to book at.
    pub appointment: Option<AppointmentView>,
    /// Text sent at the start of `message`, before what the shopper writes (seed 000 s5:
    /// the photo request's preset 'Please send photos for this car').
    pub message_preset: Option<String>,
    /// True: the steps advance in the browser and the lead is sent once, with every
    /// step's fields, on the last step (seed 001 s4 multi-step enquiry). False: each step
    /// is posted and later steps carry the first step's lead id (parts order).
    pub send_on_last_step: bool,
}

/// A route of a form page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormRoute {
    /// URL path.
    pub path: String,
    /// The form it shows.
    pub kind: FormKind,
    /// Another address of a form that has a main route (left out of the sitemap).
    pub alias: bool,
}

/// Seed 001 s2: finance by credit check for one car (`?car_id={id}`).
pub const PERSONALISED_FINANCE_PATH: &str = "/personalised/finance";

/// Every form route of a dealer (seed 001 s2), leaving out any path one of the dealer's
/// own pages (`pages/*.md`) occupies: /contact-us, /book-test-drive, /service, /trade-in with its aliases
/// /sell-my-car and /sell-your-car, /parts (and /vehicle-parts-and-accessories where the
/// parts order feature is on), /finance, and the dealer's finance link (e.g.
/// /apply-for-finance, /finance-enquiry) as the main finance route when it is a local path,
/// and /personalised/finance.
pub fn form_routes(dealer: &Dealer) -> Vec<FormRoute> {
    let route = |path: &str, kind, alias| FormRoute {
        path: path.to_string(),
        kind,
        alias,
    };
    let mut routes = vec![
        route(ENQUIRY_PATH, FormKind::GeneralEnquiry, false),
        route(TEST_DRIVE_PATH, FormKind::TestDrive, false),
        route("/service", FormKind::ServiceBooking, false),
        route("/trade-in", FormKind::TradeIn, false),
        route("/sell-my-car", FormKind::TradeIn, true),
        // Seed 001 s2: a car's trade-in link, /cars/trade-in?car_id={id}.
        route("/cars/trade-in", FormKind::TradeIn, true),
        route("/sell-your-car", FormKind::TradeIn, true),
        route("/parts", FormKind::PartsOrder, false),
    ];
    if dealer.config.features.parts_orders {
        routes.push(route(
            "/vehicle-parts-and-accessories",
            FormKind::PartsOrder,
            true,
        ));
    }
    let finance_link = local_path(&dealer.config.finance.link);
    match finance_link {
        Some(link) if link != crate::config::DEFAULT_FINANCE_LINK => {
            routes.push(route(link, FormKind::FinanceEnquiry, false));
            routes.push(route(
                crate::config::DEFAULT_FINANCE_LINK,
                FormKind::FinanceEnquiry,
                true,
            ));
        }
        _ => routes.push(route(
            crate::config::DEFAULT_FINANCE_LINK,
            FormKind::FinanceEnquiry,
            false,
        )),
    }
    // Seed 001 s2: /personalised/finance?car_id={id}, finance by credit check: the finance
    // form with the car's figures and the car filled in (gated where the site says).
    routes.push(route(
        PERSONALISED_FINANCE_PATH,
        FormKind::FinanceEnquiry,
        true,
    ));
    let mut seen = std::collections::BTreeSet::new();
    routes
        .retain(|r| seen.insert(r.path.clone()) && !dealer.pages.iter().any(|p| p.path == r.path));
    routes
}

/// The main page of a form of `kind` (an alias when the main route is taken by one of the
/// dealer's own pages); none when the dealer's pages occupy every route of the form.
pub fn form_path(dealer: &Dealer, kind: FormKind) -> Option<String> {
    let routes: Vec<FormRoute> = form_routes(dealer)
        .into_iter()
        .filter(|r| r.kind == kind)
        .collect();
    routes
        .iter()
        .find(|r| !r.alias)
        .or_else(|| routes.first())
        .map(|r| r.path.clone())
}

/// The path of a site-relative link without its query or anchor; none for other sites.
fn local_path(link: &str) -> Option<&str> {
    let path = link
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .trim_end_matches('/');
    (link.starts_with('/') && !link.starts_with("//") && !path.is_empty()).then_some(path)
}

/// The messages of the fields an empty enquiry leaves missing under `settings`: which
/// fields are required, and in which words (`rules::forms::validate_enquiry`).
fn required_messages(settings: &EnquiryFormSettings) -> Required {
    validate_enquiry(&EnquiryInput::default(), settings)
        .into_iter()
        .map(|e| (e.field, e.message))
        .collect()
}

/// The required-field messages by field.
type Required = HashMap<FormField, String>;

fn contact_fields(required: &Required) -> Vec<FieldView> {
    let need = |field: FormField| required.get(&field);
    let mut postcode = FieldView::new("postcode", "Postcode", InputKind::Postcode)
        .required(need(FormField::Postcode))
        .autocomplete("postal-code");
    postcode.max_length = u32::try_from(POSTCODE_LENGTH).ok();
    vec![
        FieldView::new("name", "First name", InputKind::Text)
            .required(need(FormField::Name))
            .autocomplete("given-name"),
        FieldView::new("last_name", "Last name", InputKind::Text).autocomplete("family-name"),
        FieldView::new("email", "Email", InputKind::Email)
            .required(need(FormField::Email))
            .autocomplete("email"),
        FieldView::new("phone", "Phone", InputKind::Tel)
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
    FieldView::new("category", "Enquiry type", InputKind::Select)
        .options(&labels, start)
        .required(required.get(&FormField::Category))
}

/// What each category option of a form sends (seed 001 s9: a Career Enquiry goes as
/// General Enquiry with subcategory Career Enquiry and event 51).
fn category_choices(kind: FormKind, configured: &[String]) -> Vec<CategoryChoice> {
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
fn form_steps(
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

fn location_option(location: &Location) -> LocationOption {
    LocationOption {
        id: location.id,
        name: location.name.clone(),
        slug: location.slug.clone(),
    }
}

fn title_and_intro(kind: FormKind, ctx: &ViewContext<'_>) -> (String, String, &'static str) {
    let name = &ctx.dealer.config.name;
    match kind {
        FormKind::GeneralEnquiry => (
            "Make an Enquiry".to_string(),
            format!("Send {name} a message and our team will get back to you."),
            "enquiry",
        ),
        FormKind::ServiceBooking => (
            "Book a Service".to_string(),
            format!("Book your next service with {name}. Tell us about your car and our service team will contact you to confirm a time."),
            "service booking request",
        ),
        FormKind::TradeIn => (
            "Sell or Trade In Your Car".to_string(),
            format!("Thinking of selling or trading in your car? Tell us about it and {name} will get back to you with an offer."),
            "details",
        ),
        FormKind::PartsOrder => (
            ctx.dealer.config.forms.parts_heading.clone(),
            format!("Order parts and accessories from {name}. Tell us about your vehicle and what you need, and our parts team will confirm price and availability."),
            "parts order",
        ),
        FormKind::Reservation => {
            let reserve = &ctx.dealer.config.reserve;
            (
                messages::RESERVE_ONLINE.to_string(),
                format!(
                    // The same story as the success page (messages::reservation_held_pay_at_dealership):
                    // until online payment exists the deposit is paid at the dealership.
                    "Reserve this car online and {name} will hold it for you for {} hours. Pay the {} fully refundable deposit at the dealership to complete your reservation.",
                    reserve.hold_hours,
                    format_dollars(f64::from(reserve.deposit))
                ),
                "reservation",
            )
        }
        FormKind::FinanceEnquiry => (
            "Finance Enquiry".to_string(),
            format!("Ask {name} about finance for your next car. Tell us your budget and our finance team will be in touch."),
            "finance enquiry",
        ),
        FormKind::TestDrive => (
            "Book a Test Drive".to_string(),
            format!("Pick a day and time that suits you and {name} will have the car ready. The date and time are optional: leave them out and we will call you to arrange one."),
            "test drive request",
        ),
        FormKind::PhotoRequest => (
            "Request Photos".to_string(),
            format!("Ask {name} to send you more photos of this car. Add a message if you would like to see something in particular."),
            "photo request",
        ),
    }
}

fn service_booking(dealer: &Dealer) -> Option<ServiceBookingView> {
    let service = &dealer.config.service;
    let present = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    };
    if let Some(url) = present(&service.booking_embed_url) {
        return Some(ServiceBookingView::Embed {
            url,
            title: format!("Book a service with {}", dealer.config.name),
        });
    }
    if service.booking_embed {
        return Some(ServiceBookingView::Missing {
            message: messages::NO_XTIME_URL.to_string(),
        });
    }
    present(&service.external_booking_url).map(|url| {
        let mut label = messages::BOOK_SERVICE_ONLINE.to_string();
        if let Some(first) = label.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        ServiceBookingView::External { url, label }
    })
}

/// A category option of the enquiry form and what choosing it sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CategoryChoice {
    /// The option as the select shows it (the `category` field's value).
    pub label: String,
    /// The category, subcategory and analytics event sent for it.
    pub sent: LeadCategory,
}

/// The view of a form page.
pub fn form_page_view(kind: FormKind, ctx: &ViewContext<'_>) -> FormPageView {
    let dealer = ctx.dealer;
    let mut settings = dealer.enquiry_form_settings();
    // The parts order has no message field: its Order Detail takes the message's place.
    settings.message_optional |= kind == FormKind::PartsOrder;
    // A reservation is not an enquiry: its postcode stays optional (as the API checks it).
    settings.postcode_optional |= kind == FormKind::Reservation;
    let serving: Vec<&Location> = visible_locations(ctx)
        .into_iter()
        .filter(|l| kind.serves(l.location_type))
        .collect();
    let locations: Vec<LocationOption> = if serving.is_empty() {
        visible_locations(ctx)
            .into_iter()
            .map(location_option)
            .collect()
    } else {
        serving.into_iter().map(location_option).collect()
    };
    let ids: Vec<String> = locations.iter().map(|l| l.id.to_string()).collect();
    let default_location_id = auto_select_location(&ids, false).and_then(|id| id.parse().ok());
    let required = required_messages(&settings);
    let terms = required.get(&FormField::Terms).map(|message| TermsView {
        label: "I agree to the terms of use".to_string(),
        url: super::links::TERMS_PATH.to_string(),
        message: message.clone(),
    });
    let (title, intro, noun) = title_and_intro(kind, ctx);
    let (category, subcategory) = kind.category();
    // Slots are booked at a location: none to book at, no appointment.
    let appointment =
        (kind == FormKind::TestDrive && !locations.is_empty()).then(|| AppointmentView {
            api_path: APPOINTMENTS_API_PATH.to_string(),
            horizon_days: u32::try_from(BOOKING_HORIZON_DAYS).unwrap_or(u32::MAX),
            time_missing: "Please choose a time, or clear the date.".to_string(),
            booked_template: "Your test drive is booked for {time} on {date} at {location}."
                .to_string(),
        });
    let submit_label = match kind {
        FormKind::TestDrive => "Book Test Drive".to_string(),
        FormKind::PhotoRequest => "Request Photos".to_string(),
        // The parts order's last step sends the order: its button says so, not the
        // site's enquiry wording.
        FormKind::PartsOrder => "Send Parts Order".to_string(),
        _ => dealer.config.forms.enquiry_button_text.label().to_string(),
    };
    let steps = form_steps(kind, ctx, &settings, appointment.is_some());
    let dealerships = if has_field(&steps, InputKind::Dealership) {
        dealership_options(ctx)
    } else {
        Vec::new()
    };
    FormPageView {
        breadcrumbs: vec![
            Crumb {
                label: messages::BREADCRUMB_HOME.to_string(),
                url: Some("/".to_string()),
            },
            Crumb {
                label: title.clone(),
                url: None,
            },
        ],
        steps,
        thank_you: ThankYouView {
            title: "Thank You".to_string(),
            text: format!(
                "We have received your {noun}. The {} team will be in touch soon.",
                dealer.config.name
            ),
        },
        title,
        intro,
        kind,
        form_id: kind.form_id().to_string(),
        category: category.to_string(),
        subcategory: subcategory.map(str::to_string),
        category_choices: category_choices(kind, &dealer.config.forms.enquiry_categories),
        dealerships,
        locations,
        default_location_id,
        terms,
        privacy_url: super::links::PRIVACY_PATH.to_string(),
        submit_label,
        next_label: "Next".to_string(),
        booking: (kind == FormKind::ServiceBooking)
            .then(|| service_booking(dealer))
            .flatten(),
        api_path: LEADS_API_PATH.to_string(),
        lead_source: messages::LEAD_SOURCE_WEBSITE.to_string(),
        car: None,
        calculator: (kind == FormKind::FinanceEnquiry).then(|| finance_calculator_view(ctx, None)),
        event_id: kind.event_id(),
        subject: None,
        appointment,
        message_preset: (kind == FormKind::PhotoRequest)
            .then(|| messages::PHOTO_REQUEST_TEXT.to_string()),
        send_on_last_step: kind == FormKind::TestDrive,
    }
}

fn has_field(steps: &[FormStepView], input: InputKind) -> bool {
    steps
        .iter()
        .flat_map(|s| &s.fields)
        .any(|f| f.input == input)
}

/// The dealer group's dealerships, one per dealership id of its visible locations (the
/// primary's first): the slug and name the locations give it, else the first location's.
pub fn dealership_options(ctx: &ViewContext<'_>) -> Vec<DealershipOption> {
    let mut seen = std::collections::BTreeSet::new();
    visible_locations(ctx)
        .into_iter()
        .filter(|l| l.dealership_id.is_some_and(|id| seen.insert(id)))
        .map(|l| {
            let own = |v: &Option<String>| {
                v.as_deref()
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(str::to_string)
            };
            DealershipOption {
                slug: own(&l.dealership_slug).unwrap_or_else(|| l.slug.clone()),
                name: own(&l.dealership_name).unwrap_or_else(|| l.name.clone()),
            }
        })
        .collect()
}

/// The car as its forms record it.
pub fn form_car_view(car: &Car) -> FormCarView {
    let text = |v: Option<&str>| v.map(str::trim).unwrap_or_default().to_string();
    FormCarView {
        id: car.id,
        slug: car.slug.clone(),
        name: display_name(car),
        make: car.make.clone(),
        model: car.model.clone(),
        primary_image_url: text(car.primary_image()),
        stocknum: text(car.stocknum.as_deref()),
        body: text(car.bodyconfiguration.as_deref()),
        simple_body: text(car.simple_body.as_deref()),
    }
}

/// A form of `kind` for a vehicle page, before its car is known: the test drive's model
/// question is dropped, and so is a step left with no field (a test drive without a
/// location to book at).
fn car_form_base(kind: FormKind, ctx: &ViewContext<'_>) -> FormPageView {
    let mut view = form_page_view(kind, ctx);
    for step in &mut view.steps {
        step.fields
            .retain(|f| !(f.name == "Vehicle Model" && f.input == InputKind::Text));
    }
    view.steps.retain(|s| !s.fields.is_empty());
    view
}

/// The vehicle-page forms of a site (see [`VehicleFormSet`]).
pub fn vehicle_form_set(ctx: &ViewContext<'_>) -> VehicleFormSet {
    VehicleFormSet {
        enquiry: car_form_base(FormKind::GeneralEnquiry, ctx),
        test_drive: car_form_base(FormKind::TestDrive, ctx),
        photo_request: car_form_base(FormKind::PhotoRequest, ctx),
    }
}

/// What a car's forms send about it (seed 001 s3 Lead payload): its id, make, model and
/// type, its dealership's id and its manufacturer's slug (`car_dealership_id`,
/// `manufacturer_slug`), whether the site compares prices (`autogauge_enabled`), and its
/// stock number when it has one.
fn car_field_values(car: &Car, ctx: &ViewContext<'_>) -> Vec<CarFieldValue> {
    let value = |name: &str, value: String| CarFieldValue {
        name: name.to_string(),
        value,
    };
    let mut values = vec![
        value("car_id", car.id.to_string()),
        value("Vehicle Make", car.make.clone()),
        value("Vehicle Model", car.model.clone()),
        value("vehicle_status", car.car_type.as_str().to_string()),
        value("manufacturer_slug", super::slug::slugify(&car.make)),
        value(
            AUTOGAUGE_ENABLED_FIELD,
            ctx.dealer.config.features.autogauge.enabled.to_string(),
        ),
    ];
    if let Some(id) = car.dealership_id {
        values.push(value("car_dealership_id", id.to_string()));
    }
    if let Some(stock) = car
        .stocknum
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        values.push(value("stock_number", stock.to_string()));
    }
    values
}

/// The dialog forms of an available car's vehicle page; without JavaScript their buttons
/// link to the form pages with `?car_id=` (the photo request to the enquiry page, its
/// message prefilled with the preset).
pub fn vehicle_forms_view(car: &Car, ctx: &ViewContext<'_>) -> VehicleFormsView {
    let preset = messages::PHOTO_REQUEST_TEXT.replace(' ', "%20");
    let car_view = form_car_view(car);
    let name = &car_view.name;
    let link = |kind: FormKind, label: &str, url: String, intro: String| CarFormLink {
        label: label.to_string(),
        title: title_and_intro(kind, ctx).0,
        url,
        intro,
    };
    VehicleFormsView {
        enquiry: link(
            FormKind::GeneralEnquiry,
            ctx.dealer.config.forms.enquiry_button_text.label(),
            format!("{ENQUIRY_PATH}?car_id={}", car.id),
            format!("Ask us about the {name} and our team will get back to you."),
        ),
        test_drive: link(
            FormKind::TestDrive,
            "Book a Test Drive",
            format!("{TEST_DRIVE_PATH}?car_id={}", car.id),
            format!("Pick a day and time to drive the {name} and we will have it ready. The date and time are optional."),
        ),
        photo_request: link(
            FormKind::PhotoRequest,
            "Request Photos",
            format!("{ENQUIRY_PATH}?car_id={}&message={preset}", car.id),
            format!("We will send you more photos of the {name}. Add a message if you would like to see something in particular."),
        ),
        set_url: VEHICLE_FORMS_PATH.to_string(),
        values: car_field_values(car, ctx),
        location_slug: car.location.as_ref().map(|l| l.slug.clone()).filter(|s| !s.is_empty()),
        car: car_view,
    }
}

/// The reserve page of a car (seed 000 s2: /cars/{slug}/checkout, or /buy-online on some
/// sites): the car's card, the hold and deposit copy and the reservation form, which
/// posts to `POST /api/reservations` with the car's id. `form` is the site's reservation
/// form (`form_page_view(FormKind::Reservation, ctx)`, made once for every car).
pub fn reservation_page_view(
    car: &Car,
    form: &FormPageView,
    ctx: &ViewContext<'_>,
) -> FormPageView {
    let mut view = form.clone();
    let card = card_view(car, ctx);
    let reserve = &ctx.dealer.config.reserve;
    view.title = format!("Reserve the {}", card.name);
    for field in view.steps.iter_mut().flat_map(|s| s.fields.iter_mut()) {
        if field.name == "car_id" {
            field.default_value = car.id.to_string();
        }
    }
    view.breadcrumbs = vec![
        Crumb {
            label: messages::BREADCRUMB_HOME.to_string(),
            url: Some("/".to_string()),
        },
        Crumb {
            label: card.name.clone(),
            url: Some(card.path.clone()),
        },
        Crumb {
            label: messages::RESERVE_ONLINE.to_string(),
            url: None,
        },
    ];
    view.thank_you = ThankYouView {
        title: "Thank You".to_string(),
        text: messages::reservation_held_pay_at_dealership(reserve.hold_hours, reserve.deposit),
    };
    view.submit_label = messages::RESERVE_NOW.to_string();
    view.api_path = RESERVATIONS_API_PATH.to_string();
    view.car = Some(card);
    view.subject = Some(form_car_view(car));
    view
}

#[cfg(test)]
mod tests {

    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::config::{ContentPage, DealerConfig};

    fn location(id: u64, slug: &str, location_type: &str) -> Location {
        toml::from_str(&format!(
            "id = {id}\nname = \"Acme {slug}\"\nslug = \"{slug}\"\nlocation_type = \"{location_type}\"\n\
             [address]\nstreet = \"1 Main St\"\ncity = \"Springwood\"\nstate = \"QLD\"\npostcode = \"4127\"\nlat = -27.6\nlong = 153.1\n"
        ))
        .expect("location")
    }

    fn dealer(extra: &str, locations: Vec<Location>) -> Dealer {
        let config: DealerConfig = toml::from_str(&format!(
            "slug = \"acme\"\nname = \"Acme Motors\"\nmanufacturer = \"Toyota\"\n\
             [theme]\nprimary = \"#123456\"\nsecondary = \"#654321\"\nlogo = \"logo.svg\"\n{extra}"
        ))
        .expect("dealer.toml");
        Dealer {
            locations,
            ..Dealer::with_config(config, "dealers/acme")
        }
    }

    fn view(kind: FormKind, dealer: &Dealer) -> FormPageView {
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        form_page_view(kind, &ViewContext::new(dealer, now))
    }

    fn field<'a>(view: &'a FormPageView, name: &str) -> Option<&'a FieldView> {
        view.steps
            .iter()
            .flat_map(|s| &s.fields)
            .find(|f| f.name == name)
    }

    fn paths(dealer: &Dealer) -> Vec<(String, bool)> {
        form_routes(dealer)
            .into_iter()
            .map(|r| (r.path, r.alias))
            .collect()
    }

    #[test]
    fn routes_follow_the_finance_link_and_leave_dealer_pages_alone() {
        let plain = dealer("", vec![]);
        let all: Vec<(String, bool)> = [
            ("/contact-us", false),
            ("/book-test-drive", false),
            ("/service", false),
            ("/trade-in", false),
            ("/sell-my-car", true),
            ("/cars/trade-in", true),
            ("/sell-your-car", true),
            ("/parts", false),
            ("/finance", false),
            ("/personalised/finance", true),
        ]
        .map(|(p, a)| (p.to_string(), a))
        .to_vec();
        assert_eq!(paths(&plain), all);

        let mut linked = dealer("[finance]\nlink = \"/apply-for-finance#finance-form\"\n[features]\nparts_orders = true\n", vec![]);
        linked.pages.push(ContentPage {
            slug: "service".into(),
            title: "Service".into(),
            path: "/service".into(),
            description: None,
            markdown: String::new(),
        });
        let got = paths(&linked);
        assert!(
            got.contains(&("/apply-for-finance".to_string(), false)),
            "{got:?}"
        );
        assert!(got.contains(&("/finance".to_string(), true)), "{got:?}");
        assert!(
            got.contains(&("/vehicle-parts-and-accessories".to_string(), true)),
            "{got:?}"
        );
        assert!(
            !got.iter().any(|(p, _)| p == "/service"),
            "a dealer page occupies /service: {got:?}"
        );
    }

    /// Seed 001 s5: "category select required"; s9: "category options: General Enquiry
    /// plus others", "career enquiries recategorised as General Enquiry with subcategory
    /// Career Enquiry, id 51"; s5: "Finance question Yes/No; trade-in question Yes/No".
    #[test]
    fn the_enquiry_form_asks_category_finance_and_trade_in() {
        let plain = view(FormKind::GeneralEnquiry, &dealer("", vec![]));
        let category = field(&plain, "category").expect("category select");
        assert_eq!(category.input, InputKind::Select);
        assert_eq!(category.options, ["General Enquiry"]);
        assert_eq!(category.default_value, "General Enquiry", "the only option");
        assert_eq!(
            category.required_message.as_deref(),
            Some("Category is required.")
        );
        for (name, label) in [
            ("finance", "Do you need finance?"),
            ("do-you-have-a-trade-in", "Do you have a trade-in?"),
        ] {
            let question = field(&plain, name).expect(name);
            assert_eq!(question.label, label);
            assert_eq!(question.input, InputKind::Select);
            assert_eq!(question.options, ["No", "Yes"]);
        }

        let careers = dealer(
            "[forms]\nenquiry_categories = [\"Career Enquiry\", \"Fleet Sales\"]\n",
            vec![],
        );
        let general = view(FormKind::GeneralEnquiry, &careers);
        let category = field(&general, "category").expect("category select");
        assert_eq!(
            category.options,
            ["General Enquiry", "Career Enquiry", "Fleet Sales"]
        );
        assert_eq!(category.default_value, "", "the shopper picks one");
        let sent: Vec<(&str, &str, Option<&str>, u32)> = general
            .category_choices
            .iter()
            .map(|c| {
                (
                    c.label.as_str(),
                    c.sent.category.as_str(),
                    c.sent.subcategory.as_deref(),
                    c.sent.event_id,
                )
            })
            .collect();
        assert_eq!(
            sent,
            [
                ("General Enquiry", "General Enquiry", None, 22),
                (
                    "Career Enquiry",
                    "General Enquiry",
                    Some("Career Enquiry"),
                    51
                ),
                ("Fleet Sales", "Fleet Sales", None, 22),
            ]
        );
        let service = view(FormKind::ServiceBooking, &careers);
        assert!(field(&service, "category").is_none());
        assert!(service.category_choices.is_empty());
    }

    /// Seed 001 s5: "preferred dealership select required when several dealerships
    /// exist"; seed 000 s5: "*Please select a dealership location."
    #[test]
    fn several_dealerships_ask_for_the_preferred_one() {
        let in_dealership = |id: u64, slug: &str, dealership: u64, extra: &str| {
            let mut l = location(id, slug, "sales");
            l.dealership_id = Some(dealership);
            if !extra.is_empty() {
                l.dealership_slug = Some(format!("{extra}-motors"));
                l.dealership_name = Some(format!("Acme {extra} Motors"));
            }
            l
        };
        let one = dealer(
            "",
            vec![
                in_dealership(1, "springwood", 7, ""),
                in_dealership(2, "capalaba", 7, ""),
            ],
        );
        let general = view(FormKind::GeneralEnquiry, &one);
        assert!(field(&general, "dealership_slug").is_none());
        assert!(general.dealerships.is_empty());

        let group = dealer(
            "",
            vec![
                in_dealership(1, "springwood", 7, "toyota"),
                in_dealership(2, "springwood-used", 7, "toyota"),
                in_dealership(3, "capalaba", 8, ""),
            ],
        );
        let general = view(FormKind::GeneralEnquiry, &group);
        let select = field(&general, "dealership_slug").expect("preferred dealership select");
        assert_eq!(select.input, InputKind::Dealership);
        assert_eq!(select.label, "Preferred dealership");
        assert_eq!(
            select.required_message.as_deref(),
            Some("*Please select a dealership location.")
        );
        assert_eq!(select.default_value, "");
        assert_eq!(
            general.dealerships,
            [
                DealershipOption {
                    slug: "toyota-motors".into(),
                    name: "Acme toyota Motors".into()
                },
                DealershipOption {
                    slug: "capalaba".into(),
                    name: "Acme capalaba".into()
                },
            ]
        );
        let service = view(FormKind::ServiceBooking, &group);
        assert!(field(&service, "dealership_slug").is_none());
    }

    #[test]
    fn required_fields_and_messages_come_from_the_enquiry_rules() {
        let one_yard = dealer(
            "",
            vec![
                location(1, "springwood", "sales"),
                location(2, "service", "service-and-parts"),
            ],
        );
        let general = view(FormKind::GeneralEnquiry, &one_yard);
        let required =
            |v: &FormPageView, name: &str| field(v, name).and_then(|f| f.required_message.clone());
        assert_eq!(
            required(&general, "name").as_deref(),
            Some("Name is required.")
        );
        assert_eq!(
            required(&general, "email").as_deref(),
            Some("Email is required.")
        );
        assert_eq!(
            required(&general, "phone").as_deref(),
            Some("Phone is required.")
        );
        // Seed 001 s2: "Enquiry form with a Comments textarea".
        assert_eq!(
            field(&general, "message").map(|f| f.label.as_str()),
            Some("Comments")
        );
        assert_eq!(
            required(&general, "message").as_deref(),
            Some("Comments is required.")
        );
        // Seed 001 s5: "Postcode: required, exactly 4 digits, max length 4, message
        // 'Invalid postcode. Please enter a 4-digit number.'"
        assert_eq!(
            required(&general, "postcode").as_deref(),
            Some("Invalid postcode. Please enter a 4-digit number.")
        );
        assert_eq!(
            field(&general, "postcode").and_then(|f| f.max_length),
            Some(4)
        );
        assert!(
            field(&general, "location").is_none(),
            "one sales location: no select"
        );
        assert_eq!(
            general.default_location_id,
            Some(1),
            "the only sales location is sent"
        );
        assert_eq!(general.category, "General Enquiry");
        assert_eq!(general.submit_label, "Enquire Now");
        assert_eq!(general.terms, None);

        let service = view(FormKind::ServiceBooking, &one_yard);
        assert_eq!(service.form_id, "service-booking");
        assert_eq!(
            service.locations.iter().map(|l| l.id).collect::<Vec<_>>(),
            [2],
            "service leads go to the service centre"
        );
        assert_eq!(
            field(&service, "Vehicle Make").map(|f| f.default_value.as_str()),
            Some("Toyota")
        );

        let group = dealer(
            "[forms]\nmessage_required = false\nterms_notice = true\nenquiry_button_text = \"message_now\"\n",
            vec![location(1, "springwood", "sales"), location(3, "capalaba", "sales")],
        );
        let finance = view(FormKind::FinanceEnquiry, &group);
        assert_eq!(finance.form_id, "finance-form");
        let select = field(&finance, "location").expect("two sales locations show the select");
        assert_eq!(
            select.required_message.as_deref(),
            Some("Location is required.")
        );
        assert_eq!(select.query_param.as_deref(), Some("preferredDealership"));
        assert_eq!(finance.default_location_id, None);
        assert_eq!(
            required(&finance, "message"),
            None,
            "the site lifts the message requirement"
        );
        assert_eq!(finance.submit_label, "Message Now");
        let terms = finance.terms.expect("terms notice");
        assert_eq!(
            terms.message,
            "You must agree to the terms of use before submitting the form."
        );
        // Issue 27: "the terms notice links the terms page (today its link is empty)";
        // every site has /terms-and-conditions, the platform's default at least.
        assert_eq!(terms.url, "/terms-and-conditions");
        assert_eq!(finance.privacy_url, "/privacy-policy");
        let params: Vec<&str> = finance.steps[0]
            .fields
            .iter()
            .filter_map(|f| f.query_param.as_deref())
            .collect();
        assert_eq!(
            params,
            [
                "preferredDealership",
                "vehiclePriceBudget",
                "message",
                "car_id",
                "car_type",
                "vin"
            ]
        );
    }

    #[test]
    fn parts_order_has_three_steps_and_trade_in_asks_for_the_car() {
        let acme = dealer(
            "[forms]\nparts_combined_field = true\n",
            vec![location(1, "springwood", "sales")],
        );
        let parts = view(FormKind::PartsOrder, &acme);
        let titles: Vec<Option<&str>> = parts.steps.iter().map(|s| s.title.as_deref()).collect();
        assert_eq!(
            titles,
            [
                Some("Contact Details"),
                Some("Vehicle Details"),
                Some("Order Details")
            ]
        );
        assert_eq!(parts.title, "Order Parts Online");
        assert_eq!(
            (parts.submit_label.as_str(), parts.next_label.as_str()),
            ("Send Parts Order", "Next")
        );
        assert!(field(&parts, "Rego/VIN/Part#").is_some() && field(&parts, "Part#").is_none());
        assert!(field(&parts, "message").is_none());
        assert_eq!(
            field(&parts, "Order Detail").and_then(|f| f.required_message.as_deref()),
            Some("Order detail is required.")
        );
        assert_eq!(
            parts.locations.len(),
            1,
            "no parts location: every visible location"
        );

        let trade = view(FormKind::TradeIn, &acme);
        for name in ["Vehicle Make", "Vehicle Model"] {
            assert_eq!(
                field(&trade, name).and_then(|f| f.query_param.as_deref()),
                None,
                "a part's link fills in only the parts order"
            );
        }
        for name in [
            "rego",
            "regoState",
            "Vehicle Make",
            "Vehicle Model",
            "Vehicle Year",
            "kms",
        ] {
            assert!(field(&trade, name).is_some(), "trade-in asks for {name}");
        }
        assert_eq!(
            field(&trade, "regoState").map(|f| f.default_value.as_str()),
            Some("QLD")
        );
        assert_eq!(
            field(&trade, "Vehicle Year").and_then(|f| f.required_message.as_deref()),
            Some("Year is required.")
        );
    }

    #[test]
    fn a_catalogue_part_link_fills_in_the_parts_order() {
        let param =
            |view: &FormPageView, name: &str| field(view, name).and_then(|f| f.query_param.clone());
        let split = view(FormKind::PartsOrder, &dealer("", vec![]));
        assert_eq!(param(&split, "Part#").as_deref(), Some(PART_NUMBER_PARAM));
        assert_eq!(
            param(&split, "Vehicle Make").as_deref(),
            Some(VEHICLE_MAKE_PARAM)
        );
        assert_eq!(
            param(&split, "Vehicle Model").as_deref(),
            Some(VEHICLE_MODEL_PARAM)
        );
        assert_eq!(
            param(&split, "Order Detail").as_deref(),
            Some(ORDER_DETAIL_PARAM)
        );
        assert_eq!(param(&split, "Rego"), None);
        let combined = view(
            FormKind::PartsOrder,
            &dealer("[forms]\nparts_combined_field = true\n", vec![]),
        );
        assert_eq!(
            param(&combined, "Rego/VIN/Part#").as_deref(),
            Some(PART_NUMBER_PARAM)
        );
        // Every parameter names one field, so a link cannot fill in two.
        let mut params: Vec<String> = split
            .steps
            .iter()
            .flat_map(|s| &s.fields)
            .filter_map(|f| f.query_param.clone())
            .collect();
        let before = params.len();
        params.sort();
        params.dedup();
        assert_eq!(params.len(), before, "{params:?}");
    }

    #[test]
    fn the_parts_order_lives_at_parts_unless_a_dealer_page_takes_it() {
        let acme = dealer("", vec![]);
        assert_eq!(
            form_path(&acme, FormKind::PartsOrder).as_deref(),
            Some("/parts")
        );
        let page = |path: &str| ContentPage {
            slug: "parts".into(),
            title: "Parts".into(),
            path: path.into(),
            description: None,
            markdown: String::new(),
        };
        let mut taken = dealer("[features]\nparts_orders = true\n", vec![]);
        taken.pages.push(page("/parts"));
        assert_eq!(
            form_path(&taken, FormKind::PartsOrder).as_deref(),
            Some("/vehicle-parts-and-accessories")
        );
        let mut none = dealer("", vec![]);
        none.pages.push(page("/parts"));
        assert_eq!(form_path(&none, FormKind::PartsOrder), None);
    }

    #[test]
    fn each_kind_sends_its_analytics_event() {
        let acme = dealer("", vec![location(1, "springwood", "sales")]);
        let events: Vec<(FormKind, u32)> = [
            FormKind::GeneralEnquiry,
            FormKind::ServiceBooking,
            FormKind::TradeIn,
            FormKind::PartsOrder,
            FormKind::FinanceEnquiry,
            FormKind::TestDrive,
            FormKind::PhotoRequest,
        ]
        .into_iter()
        .map(|kind| (kind, view(kind, &acme).event_id))
        .collect();
        assert_eq!(
            events,
            [
                (FormKind::GeneralEnquiry, 22),
                (FormKind::ServiceBooking, 15),
                (FormKind::TradeIn, 48),
                (FormKind::PartsOrder, 17),
                (FormKind::FinanceEnquiry, 9),
                (FormKind::TestDrive, 14),
                (FormKind::PhotoRequest, 22),
            ]
        );
        for (_, id) in &events {
            assert!(
                *id == 22 || *id == 9 || crate::rules::forms::EVENT_ENQUIRY_CATEGORIES.contains(id),
                "{id} is no seed event id"
            );
        }
    }

    #[test]
    fn the_test_drive_asks_for_an_optional_slot_then_the_details_and_sends_once() {
        let group = dealer(
            "",
            vec![
                location(1, "springwood", "sales"),
                location(3, "capalaba", "sales"),
            ],
        );
        let drive = view(FormKind::TestDrive, &group);
        assert_eq!(
            (
                drive.form_id.as_str(),
                drive.category.as_str(),
                drive.submit_label.as_str()
            ),
            ("test-drive-form", "Test Drive", "Book Test Drive")
        );
        assert!(
            drive.send_on_last_step,
            "seed 001 s4: on the last step the lead is sent"
        );
        let titles: Vec<Option<&str>> = drive.steps.iter().map(|s| s.title.as_deref()).collect();
        assert_eq!(titles, [Some("Date and Time"), Some("Contact Details")]);
        let first: Vec<(&str, InputKind)> = drive.steps[0]
            .fields
            .iter()
            .map(|f| (f.name.as_str(), f.input))
            .collect();
        assert_eq!(
            first,
            [
                ("location", InputKind::Location),
                ("appointment.date", InputKind::Date),
                ("appointment.time", InputKind::Slot),
                ("Vehicle Model", InputKind::Text)
            ]
        );
        assert_eq!(
            field(&drive, "appointment.date").and_then(|f| f.required_message.clone()),
            None,
            "seed 000 s5: the date is optional"
        );
        assert_eq!(
            field(&drive, "appointment.time").and_then(|f| f.required_message.clone()),
            None,
            "seed 000 s5: the time is optional"
        );
        assert_eq!(
            field(&drive, "message").and_then(|f| f.required_message.clone()),
            None
        );
        assert_eq!(
            field(&drive, "name").and_then(|f| f.required_message.as_deref()),
            Some("Name is required.")
        );
        assert_eq!(
            field(&drive, "car_id").and_then(|f| f.query_param.as_deref()),
            Some("car_id")
        );
        let appointment = drive
            .appointment
            .expect("a dealer with locations books slots");
        assert_eq!(
            (appointment.api_path.as_str(), appointment.horizon_days),
            ("/api/appointments", 60)
        );

        let nowhere = view(FormKind::TestDrive, &dealer("", vec![]));
        assert_eq!(nowhere.appointment, None);
        assert!(
            field(&nowhere, "appointment.date").is_none()
                && field(&nowhere, "appointment.time").is_none()
        );
    }

    fn car_at(slug: &str) -> Car {
        Car {
            id: 42,
            slug: "2024-toyota-rav4-gx-42".into(),
            year: 2024,
            make: "Toyota".into(),
            model: "RAV4".into(),
            stocknum: Some("T123".into()),
            simple_body: Some("SUV".into()),
            dealership_id: Some(31),
            location: Some(crate::car::CarLocation {
                name: format!("Acme {slug}"),
                slug: slug.into(),
                ..Default::default()
            }),
            ..Car::default()
        }
    }

    #[test]
    fn a_cars_forms_carry_the_car_and_start_at_its_location() {
        let group = dealer(
            "",
            vec![
                location(1, "springwood", "sales"),
                location(3, "capalaba", "sales"),
            ],
        );
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let ctx = ViewContext::new(&group, now);
        let car = car_at("capalaba");
        let forms = vehicle_forms_view(&car, &ctx);
        assert_eq!(forms.enquiry.url, "/contact-us?car_id=42");
        assert_eq!(forms.test_drive.url, "/book-test-drive?car_id=42");
        assert_eq!(
            forms.photo_request.url,
            "/contact-us?car_id=42&message=Please%20send%20photos%20for%20this%20car"
        );
        assert_eq!(
            (
                forms.enquiry.label.as_str(),
                forms.test_drive.label.as_str()
            ),
            ("Enquire Now", "Book a Test Drive")
        );
        assert!(
            forms
                .test_drive
                .intro
                .contains("drive the 2024 Toyota RAV4"),
            "{}",
            forms.test_drive.intro
        );
        let set = vehicle_form_set(&ctx);
        assert_eq!(
            [
                &forms.enquiry.title,
                &forms.test_drive.title,
                &forms.photo_request.title
            ],
            [
                &set.enquiry.title,
                &set.test_drive.title,
                &set.photo_request.title
            ],
            "the dialog's heading is the same before and after the form loads"
        );
        assert_eq!(forms.set_url, VEHICLE_FORMS_PATH);
        assert_eq!(forms.location_slug.as_deref(), Some("capalaba"));
        let values: Vec<(&str, &str)> = forms
            .values
            .iter()
            .map(|v| (v.name.as_str(), v.value.as_str()))
            .collect();
        assert_eq!(
            values,
            [
                ("car_id", "42"),
                ("Vehicle Make", "Toyota"),
                ("Vehicle Model", "RAV4"),
                ("vehicle_status", "new"),
                // Seed 001 s3 Lead payload: car_dealership_id, manufacturer_slug,
                // autogauge_enabled.
                ("manufacturer_slug", "toyota"),
                ("autogauge_enabled", "false"),
                ("car_dealership_id", "31"),
                ("stock_number", "T123")
            ]
        );
        let subject = &forms.car;
        assert_eq!(
            (
                subject.id,
                subject.name.as_str(),
                subject.stocknum.as_str(),
                subject.simple_body.as_str()
            ),
            (42, "2024 Toyota RAV4", "T123", "SUV")
        );
        let no_stock = vehicle_forms_view(
            &Car {
                stocknum: Some(" ".into()),
                ..car_at("capalaba")
            },
            &ctx,
        );
        assert!(
            !no_stock.values.iter().any(|v| v.name == "stock_number"),
            "no stock number, no field"
        );

        // The site's forms, published once for every car.
        for form in [&set.enquiry, &set.test_drive, &set.photo_request] {
            assert_eq!(
                field(form, "car_id").map(|f| f.input),
                Some(InputKind::Hidden),
                "{:?} sends the car's id",
                form.kind
            );
            let slugs: Vec<&str> = form.locations.iter().map(|l| l.slug.as_str()).collect();
            assert!(
                slugs.contains(&"capalaba"),
                "{:?} lists the car's location",
                form.kind
            );
        }
        assert!(
            !set.test_drive
                .steps
                .iter()
                .flat_map(|s| &s.fields)
                .any(|f| f.name == "Vehicle Model"),
            "the car is known: no model question"
        );
        let photos = &set.photo_request;
        assert_eq!(
            photos.message_preset.as_deref(),
            Some("Please send photos for this car")
        );
        assert_eq!(
            field(photos, "message").and_then(|f| f.required_message.clone()),
            None,
            "seed 000 s5: an optional message"
        );
        assert_eq!(
            (photos.category.as_str(), photos.subcategory.as_deref()),
            ("General Enquiry", Some("Photo Request"))
        );

        // A car at no known location names none; a dealer without locations has no slot
        // step.
        assert_eq!(vehicle_forms_view(&car_at(""), &ctx).location_slug, None);
        let bare = dealer("", vec![]);
        let drive = vehicle_form_set(&ViewContext::new(&bare, now)).test_drive;
        assert_eq!(drive.steps.len(), 1, "{:?}", drive.steps);
        assert_eq!(drive.appointment, None);
    }

    #[test]
    fn only_an_available_car_offers_its_forms() {
        let acme = dealer("", vec![location(1, "springwood", "sales")]);
        let now = Utc
            .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
            .single()
            .expect("time");
        let ctx = ViewContext::new(&acme, now);
        let car = car_at("springwood");
        let available = crate::view::vehicle::vehicle_page_view(&car, &[], &ctx);
        assert!(available.forms.is_some());
        let sold = Car {
            status: crate::car::CarStatus::Sold,
            ..car
        };
        assert_eq!(
            crate::view::vehicle::vehicle_page_view(&sold, &[], &ctx).forms,
            None
        );
    }

    #[test]
    fn the_finance_page_carries_the_dealers_calculator() {
        let ironbark = dealer(
            "[finance]\nprovider = \"powertorque\"\n[finance.calculator]\nfrequency = \"fortnight\"\n\
             [finance.calculator.interest]\nmin = 7.5\nmax = 14.5\ndefault = 9.5\n",
            vec![],
        );
        let finance = view(FormKind::FinanceEnquiry, &ironbark);
        let calculator = finance
            .calculator
            .expect("the finance page has the calculator");
        assert_eq!(calculator.anchor_id, "finance-calculator");
        assert_eq!(
            (
                calculator.ranges.interest.min,
                calculator.ranges.interest.max,
                calculator.ranges.interest.default
            ),
            (7.5, 14.5, 9.5)
        );
        assert_eq!(
            calculator.frequency,
            crate::rules::finance::PaymentFrequency::Fortnight
        );
        for kind in [
            FormKind::GeneralEnquiry,
            FormKind::ServiceBooking,
            FormKind::TradeIn,
            FormKind::PartsOrder,
        ] {
            assert_eq!(view(kind, &ironbark).calculator, None, "{kind:?}");
        }
    }

    #[test]
    fn service_booking_embed_missing_or_external() {
        let booking = |extra: &str| view(FormKind::ServiceBooking, &dealer(extra, vec![])).booking;
        assert_eq!(booking(""), None);
        assert_eq!(
            booking("[service]\nbooking_embed = true\n"),
            Some(ServiceBookingView::Missing {
                message: "no xtime url found".to_string()
            })
        );
        assert!(
            matches!(booking("[service]\nbooking_embed = true\nbooking_embed_url = \"https://x.example/b\"\n"),
            Some(ServiceBookingView::Embed { url, .. }) if url == "https://x.example/b")
        );
        assert_eq!(
            booking(
                "[service]\nexternal_booking_url = \"https://www.toyota.com.au/service-booking\"\n"
            ),
            Some(ServiceBookingView::External {
                url: "https://www.toyota.com.au/service-booking".to_string(),
                label: "Book service online".to_string()
            })
        );
        assert_eq!(
            view(
                FormKind::TradeIn,
                &dealer("[service]\nbooking_embed = true\n", vec![])
            )
            .booking,
            None
        );
    }
}
