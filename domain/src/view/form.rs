//! Form pages (seed 001 s2/s3/s5/s8/s9): general enquiry, service booking, trade-in (sell
//! my car), parts order, finance enquiry and the reserve page of a car. Every form but
//! the reservation (`POST /api/reservations`) posts to `POST /api/leads`; the
//! view names each field by its key in that payload and takes which fields are required,
//! and the words of their messages, from `rules::forms::validate_enquiry` run on an empty
//! enquiry with the dealer's settings, so the browser asks for what the API checks, in the
//! same words.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::config::Dealer;
use crate::entities::{Location, LocationType};
use crate::messages;
use crate::rules::forms::{auto_select_location, validate_enquiry, EnquiryFormSettings, EnquiryInput, FormField};
use crate::rules::format::format_dollars;
use crate::rules::postcode::POSTCODE_LENGTH;

use super::card::{card_view, CardView};
use super::finance::{finance_calculator_view, FinanceCalculatorView};

use super::location::visible_locations;
use super::site::ViewContext;
use super::vehicle::Crumb;

/// The endpoint every form but the reservation posts to.
pub const LEADS_API_PATH: &str = "/api/leads";
/// The endpoint of the reservation form.
pub const RESERVATIONS_API_PATH: &str = "/api/reservations";
/// Where the finance links land (seed 001 s2: they end with `#finance-form`).
pub const FINANCE_FORM_ID: &str = "finance-form";
/// Where the service links land (seed 001 s2: `/service#service-booking`).
pub const SERVICE_FORM_ID: &str = "service-booking";

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
        }
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
        }
    }

    /// Whether a location of this type can take this form's leads.
    fn serves(self, location_type: LocationType) -> bool {
        match self {
            FormKind::ServiceBooking => matches!(location_type, LocationType::Service | LocationType::ServiceAndParts),
            FormKind::PartsOrder => matches!(location_type, LocationType::Parts | LocationType::ServiceAndParts),
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
    /// A yes/no box, sent as a JSON boolean.
    Checkbox,
    /// Not shown; filled from `query_param` or `default_value`.
    Hidden,
}

/// One field of a form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FieldView {
    /// The field's key in the `POST /api/leads` payload (also the input's name).
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

/// The terms of use the shopper must accept (some sites).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TermsView {
    /// Checkbox label.
    pub label: String,
    /// The dealer's terms page, when it has one.
    pub url: Option<String>,
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
    /// The steps, each with its fields; one step for every form but the parts order.
    pub steps: Vec<FormStepView>,
    /// The locations this form's leads can go to (visible ones serving the form's
    /// department, else every visible one), primary first.
    pub locations: Vec<LocationOption>,
    /// The location sent when the shopper has not picked one: the only option, when
    /// there is exactly one (seed 001 s4: a single option is selected once).
    #[ts(type = "number | null")]
    pub default_location_id: Option<u64>,
    /// The terms checkbox, on sites that require agreeing to the terms of use.
    pub terms: Option<TermsView>,
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

/// Every form route of a dealer (seed 001 s2), leaving out any path one of the dealer's
/// own pages (`pages/*.md`) occupies: /contact-us, /service, /trade-in with its aliases
/// /sell-my-car and /sell-your-car, /parts (and /vehicle-parts-and-accessories where the
/// parts order feature is on), /finance, and the dealer's finance link (e.g.
/// /apply-for-finance, /finance-enquiry) as the main finance route when it is a local path.
pub fn form_routes(dealer: &Dealer) -> Vec<FormRoute> {
    let route = |path: &str, kind, alias| FormRoute { path: path.to_string(), kind, alias };
    let mut routes = vec![
        route("/contact-us", FormKind::GeneralEnquiry, false),
        route("/service", FormKind::ServiceBooking, false),
        route("/trade-in", FormKind::TradeIn, false),
        route("/sell-my-car", FormKind::TradeIn, true),
        route("/sell-your-car", FormKind::TradeIn, true),
        route("/parts", FormKind::PartsOrder, false),
    ];
    if dealer.config.features.parts_orders {
        routes.push(route("/vehicle-parts-and-accessories", FormKind::PartsOrder, true));
    }
    let finance_link = local_path(&dealer.config.finance.link);
    match finance_link {
        Some(link) if link != crate::config::DEFAULT_FINANCE_LINK => {
            routes.push(route(link, FormKind::FinanceEnquiry, false));
            routes.push(route(crate::config::DEFAULT_FINANCE_LINK, FormKind::FinanceEnquiry, true));
        }
        _ => routes.push(route(crate::config::DEFAULT_FINANCE_LINK, FormKind::FinanceEnquiry, false)),
    }
    let mut seen = std::collections::BTreeSet::new();
    routes.retain(|r| seen.insert(r.path.clone()) && !dealer.pages.iter().any(|p| p.path == r.path));
    routes
}

/// The path of a site-relative link without its query or anchor; none for other sites.
fn local_path(link: &str) -> Option<&str> {
    let path = link.split(['?', '#']).next().unwrap_or_default().trim_end_matches('/');
    (link.starts_with('/') && !link.starts_with("//") && !path.is_empty()).then_some(path)
}

/// The messages of the fields an empty enquiry leaves missing under `settings`: which
/// fields are required, and in which words (`rules::forms::validate_enquiry`).
fn required_messages(settings: &EnquiryFormSettings) -> Required {
    validate_enquiry(&EnquiryInput::default(), settings).into_iter().map(|e| (e.field, e.message)).collect()
}

/// The required-field messages by field.
type Required = HashMap<FormField, String>;

fn contact_fields(required: &Required) -> Vec<FieldView> {
    let need = |field: FormField| required.get(&field);
    let mut postcode = FieldView::new("postcode", "Postcode", InputKind::Postcode).autocomplete("postal-code");
    postcode.max_length = u32::try_from(POSTCODE_LENGTH).ok();
    vec![
        FieldView::new("name", "First name", InputKind::Text).required(need(FormField::Name)).autocomplete("given-name"),
        FieldView::new("last_name", "Last name", InputKind::Text).autocomplete("family-name"),
        FieldView::new("email", "Email", InputKind::Email).required(need(FormField::Email)).autocomplete("email"),
        FieldView::new("phone", "Phone", InputKind::Tel).required(need(FormField::Phone)).autocomplete("tel"),
        postcode,
    ]
}

fn vehicle_fields(make_default: Option<&str>, required: bool) -> Vec<FieldView> {
    let need = |label: &str| required.then(|| messages::field_required(label));
    let mut make = FieldView::new("Vehicle Make", "Make", InputKind::Text);
    make.required_message = need("Make");
    make.default_value = make_default.unwrap_or_default().to_string();
    let mut model = FieldView::new("Vehicle Model", "Model", InputKind::Text);
    model.required_message = need("Model");
    let mut year = FieldView::new("Vehicle Year", "Year", InputKind::Number);
    year.required_message = need("Year");
    year.max_length = Some(4);
    vec![make, model, year]
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
    FieldView::new("PreferredContactMethod", "Preferred contact method", InputKind::Select)
        .options(&[messages::CONTACT_PHONE, messages::CONTACT_EMAIL, messages::CONTACT_SMS], messages::CONTACT_PHONE)
}

fn message_field(required: &Required) -> FieldView {
    FieldView::new("message", FormField::Message.label(), InputKind::Textarea)
        .required(required.get(&FormField::Message))
        .prefilled_by("message")
}

fn location_field(required: &Required) -> FieldView {
    FieldView::new("location", FormField::Location.label(), InputKind::Location).required(required.get(&FormField::Location))
}

fn opt_in_field() -> FieldView {
    FieldView::new("opt_in", "Keep me up to date with news and offers", InputKind::Checkbox)
}

/// The steps of a form. The location select is a field only when the dealer shows it
/// (more than one visible sales location).
fn form_steps(kind: FormKind, ctx: &ViewContext<'_>, settings: &EnquiryFormSettings) -> Vec<FormStepView> {
    let config = &ctx.dealer.config;
    let required = required_messages(settings);
    let location = settings.location_shown.then(|| location_field(&required));
    let single = |fields: Vec<FieldView>| vec![FormStepView { title: None, fields }];
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
            fields.push(rego_field("Rego"));
            fields.push(message_field(&required));
            fields.push(opt_in_field());
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
            fields.push(FieldView::new("regoState", "Rego state", InputKind::Select).options(&REGO_STATES, &state));
            fields.extend(vehicle_fields(None, true));
            fields.push(kms_field());
            fields.push(message_field(&required));
            fields.push(opt_in_field());
            single(fields)
        }
        FormKind::PartsOrder => {
            let mut contact = contact_fields(&required);
            contact.extend(location);
            let mut vehicle = vehicle_fields(config.manufacturer.as_deref(), false);
            if config.forms.parts_combined_field {
                vehicle.push(FieldView::new("Rego/VIN/Part#", "Rego, VIN or part number", InputKind::Text));
            } else {
                vehicle.push(FieldView::new("Rego", "Rego", InputKind::Text));
                vehicle.push(FieldView::new("VIN", "VIN", InputKind::Text));
                vehicle.push(FieldView::new("Part#", "Part number", InputKind::Text));
            }
            let mut detail = FieldView::new("Order Detail", "Order detail", InputKind::Textarea);
            detail.required_message = Some(messages::field_required("Order detail"));
            detail.placeholder = Some("The parts or accessories you need, with quantities".to_string());
            let step = |title: &str, fields| FormStepView { title: Some(title.to_string()), fields };
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
            let mut budget = FieldView::new("price", "Vehicle price budget", InputKind::Number).prefilled_by("vehiclePriceBudget");
            budget.suffix = Some("AUD".to_string());
            fields.push(budget);
            fields.push(
                FieldView::new("do-you-have-a-trade-in", "Do you have a trade-in?", InputKind::Select).options(&[messages::NO, messages::YES], messages::NO),
            );
            fields.push(message_field(&required));
            fields.push(opt_in_field());
            fields.push(FieldView::new("car_id", "Car", InputKind::Hidden).prefilled_by("car_id"));
            fields.push(FieldView::new("vehicle_status", "Car type", InputKind::Hidden).prefilled_by("car_type"));
            fields.push(FieldView::new("VIN", "VIN", InputKind::Hidden).prefilled_by("vin"));
            single(fields)
        }
    }
}

fn location_option(location: &Location) -> LocationOption {
    LocationOption { id: location.id, name: location.name.clone(), slug: location.slug.clone() }
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
                    "Reserve this car online and {name} will hold it for you for {} hours. The {} deposit is fully refundable.",
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
    }
}

fn service_booking(dealer: &Dealer) -> Option<ServiceBookingView> {
    let service = &dealer.config.service;
    let present = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
    if let Some(url) = present(&service.booking_embed_url) {
        return Some(ServiceBookingView::Embed { url, title: format!("Book a service with {}", dealer.config.name) });
    }
    if service.booking_embed {
        return Some(ServiceBookingView::Missing { message: messages::NO_XTIME_URL.to_string() });
    }
    present(&service.external_booking_url).map(|url| {
        let mut label = messages::BOOK_SERVICE_ONLINE.to_string();
        if let Some(first) = label.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        ServiceBookingView::External { url, label }
    })
}

/// The view of a form page.
pub fn form_page_view(kind: FormKind, ctx: &ViewContext<'_>) -> FormPageView {
    let dealer = ctx.dealer;
    let mut settings = dealer.enquiry_form_settings();
    // The parts order has no message field: its Order Detail takes the message's place.
    settings.message_optional |= kind == FormKind::PartsOrder;
    let serving: Vec<&Location> = visible_locations(ctx).into_iter().filter(|l| kind.serves(l.location_type)).collect();
    let locations: Vec<LocationOption> = if serving.is_empty() {
        visible_locations(ctx).into_iter().map(location_option).collect()
    } else {
        serving.into_iter().map(location_option).collect()
    };
    let ids: Vec<String> = locations.iter().map(|l| l.id.to_string()).collect();
    let default_location_id = auto_select_location(&ids, false).and_then(|id| id.parse().ok());
    let required = required_messages(&settings);
    let terms = required.get(&FormField::Terms).map(|message| TermsView {
        label: "I agree to the terms of use".to_string(),
        url: dealer
            .pages
            .iter()
            .find(|p| p.slug == "terms-and-conditions" || p.path == "/terms-and-conditions")
            .map(|_| "/terms-and-conditions".to_string()),
        message: message.clone(),
    });
    let (title, intro, noun) = title_and_intro(kind, ctx);
    let (category, subcategory) = kind.category();
    FormPageView {
        steps: form_steps(kind, ctx, &settings),
        breadcrumbs: vec![
            Crumb { label: messages::BREADCRUMB_HOME.to_string(), url: Some("/".to_string()) },
            Crumb { label: title.clone(), url: None },
        ],
        thank_you: ThankYouView {
            title: "Thank You".to_string(),
            text: format!("We have received your {noun}. The {} team will be in touch soon.", dealer.config.name),
        },
        title,
        intro,
        kind,
        form_id: kind.form_id().to_string(),
        category: category.to_string(),
        subcategory: subcategory.map(str::to_string),
        locations,
        default_location_id,
        terms,
        submit_label: dealer.config.forms.enquiry_button_text.label().to_string(),
        next_label: "Next".to_string(),
        booking: (kind == FormKind::ServiceBooking).then(|| service_booking(dealer)).flatten(),
        api_path: LEADS_API_PATH.to_string(),
        lead_source: messages::LEAD_SOURCE_WEBSITE.to_string(),
        car: None,
        calculator: (kind == FormKind::FinanceEnquiry).then(|| finance_calculator_view(ctx, None)),
    }
}

/// The reserve page of a car (seed 000 s2: /cars/{slug}/checkout, or /buy-online on some
/// sites): the car's card, the hold and deposit copy and the reservation form, which
/// posts to `POST /api/reservations` with the car's id.
pub fn reservation_page_view(car: &Car, ctx: &ViewContext<'_>) -> FormPageView {
    let mut view = form_page_view(FormKind::Reservation, ctx);
    let card = card_view(car, ctx);
    let reserve = &ctx.dealer.config.reserve;
    view.title = format!("Reserve the {}", card.name);
    for field in view.steps.iter_mut().flat_map(|s| s.fields.iter_mut()) {
        if field.name == "car_id" {
            field.default_value = car.id.to_string();
        }
    }
    view.breadcrumbs = vec![
        Crumb { label: messages::BREADCRUMB_HOME.to_string(), url: Some("/".to_string()) },
        Crumb { label: card.name.clone(), url: Some(card.path.clone()) },
        Crumb { label: messages::RESERVE_ONLINE.to_string(), url: None },
    ];
    view.thank_you = ThankYouView {
        title: "Thank You".to_string(),
        text: messages::reservation_held_pay_at_dealership(reserve.hold_hours, reserve.deposit),
    };
    view.submit_label = messages::RESERVE_NOW.to_string();
    view.api_path = RESERVATIONS_API_PATH.to_string();
    view.car = Some(card);
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
        Dealer { locations, ..Dealer::with_config(config, "dealers/acme") }
    }

    fn view(kind: FormKind, dealer: &Dealer) -> FormPageView {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).single().expect("time");
        form_page_view(kind, &ViewContext::new(dealer, now))
    }

    fn field<'a>(view: &'a FormPageView, name: &str) -> Option<&'a FieldView> {
        view.steps.iter().flat_map(|s| &s.fields).find(|f| f.name == name)
    }

    fn paths(dealer: &Dealer) -> Vec<(String, bool)> {
        form_routes(dealer).into_iter().map(|r| (r.path, r.alias)).collect()
    }

    #[test]
    fn routes_follow_the_finance_link_and_leave_dealer_pages_alone() {
        let plain = dealer("", vec![]);
        let all: Vec<(String, bool)> = [
            ("/contact-us", false),
            ("/service", false),
            ("/trade-in", false),
            ("/sell-my-car", true),
            ("/sell-your-car", true),
            ("/parts", false),
            ("/finance", false),
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
        assert!(got.contains(&("/apply-for-finance".to_string(), false)), "{got:?}");
        assert!(got.contains(&("/finance".to_string(), true)), "{got:?}");
        assert!(got.contains(&("/vehicle-parts-and-accessories".to_string(), true)), "{got:?}");
        assert!(!got.iter().any(|(p, _)| p == "/service"), "a dealer page occupies /service: {got:?}");
    }

    #[test]
    fn required_fields_and_messages_come_from_the_enquiry_rules() {
        let one_yard = dealer("", vec![location(1, "springwood", "sales"), location(2, "service", "service-and-parts")]);
        let general = view(FormKind::GeneralEnquiry, &one_yard);
        let required = |v: &FormPageView, name: &str| field(v, name).and_then(|f| f.required_message.clone());
        assert_eq!(required(&general, "name").as_deref(), Some("Name is required."));
        assert_eq!(required(&general, "email").as_deref(), Some("Email is required."));
        assert_eq!(required(&general, "phone").as_deref(), Some("Phone is required."));
        assert_eq!(required(&general, "message").as_deref(), Some("Message is required."));
        assert_eq!(required(&general, "postcode"), None, "postcode optional, checked when given");
        assert_eq!(field(&general, "postcode").and_then(|f| f.max_length), Some(4));
        assert!(field(&general, "location").is_none(), "one sales location: no select");
        assert_eq!(general.default_location_id, Some(1), "the only sales location is sent");
        assert_eq!(general.category, "General Enquiry");
        assert_eq!(general.submit_label, "Enquire Now");
        assert_eq!(general.terms, None);

        let service = view(FormKind::ServiceBooking, &one_yard);
        assert_eq!(service.form_id, "service-booking");
        assert_eq!(service.locations.iter().map(|l| l.id).collect::<Vec<_>>(), [2], "service leads go to the service centre");
        assert_eq!(field(&service, "Vehicle Make").map(|f| f.default_value.as_str()), Some("Toyota"));

        let group = dealer(
            "[forms]\nmessage_required = false\nterms_notice = true\nenquiry_button_text = \"message_now\"\n",
            vec![location(1, "springwood", "sales"), location(3, "capalaba", "sales")],
        );
        let finance = view(FormKind::FinanceEnquiry, &group);
        assert_eq!(finance.form_id, "finance-form");
        let select = field(&finance, "location").expect("two sales locations show the select");
        assert_eq!(select.required_message.as_deref(), Some("Location is required."));
        assert_eq!(select.query_param.as_deref(), Some("preferredDealership"));
        assert_eq!(finance.default_location_id, None);
        assert_eq!(required(&finance, "message"), None, "the site lifts the message requirement");
        assert_eq!(finance.submit_label, "Message Now");
        let terms = finance.terms.expect("terms notice");
        assert_eq!(terms.message, "You must agree to the terms of use before submitting the form.");
        assert_eq!(terms.url, None, "no terms page to link");
        let params: Vec<&str> = finance.steps[0].fields.iter().filter_map(|f| f.query_param.as_deref()).collect();
        assert_eq!(params, ["preferredDealership", "vehiclePriceBudget", "message", "car_id", "car_type", "vin"]);
    }

    #[test]
    fn parts_order_has_three_steps_and_trade_in_asks_for_the_car() {
        let acme = dealer("[forms]\nparts_combined_field = true\n", vec![location(1, "springwood", "sales")]);
        let parts = view(FormKind::PartsOrder, &acme);
        let titles: Vec<Option<&str>> = parts.steps.iter().map(|s| s.title.as_deref()).collect();
        assert_eq!(titles, [Some("Contact Details"), Some("Vehicle Details"), Some("Order Details")]);
        assert_eq!(parts.title, "Order Parts Online");
        assert!(field(&parts, "Rego/VIN/Part#").is_some() && field(&parts, "Part#").is_none());
        assert!(field(&parts, "message").is_none());
        assert_eq!(field(&parts, "Order Detail").and_then(|f| f.required_message.as_deref()), Some("Order detail is required."));
        assert_eq!(parts.locations.len(), 1, "no parts location: every visible location");

        let trade = view(FormKind::TradeIn, &acme);
        for name in ["rego", "regoState", "Vehicle Make", "Vehicle Model", "Vehicle Year", "kms"] {
            assert!(field(&trade, name).is_some(), "trade-in asks for {name}");
        }
        assert_eq!(field(&trade, "regoState").map(|f| f.default_value.as_str()), Some("QLD"));
        assert_eq!(field(&trade, "Vehicle Year").and_then(|f| f.required_message.as_deref()), Some("Year is required."));
    }

    #[test]
    fn the_finance_page_carries_the_dealers_calculator() {
        let ironbark = dealer(
            "[finance]\nprovider = \"powertorque\"\n[finance.calculator]\nfrequency = \"fortnight\"\n\
             [finance.calculator.interest]\nmin = 7.5\nmax = 14.5\ndefault = 9.5\n",
            vec![],
        );
        let finance = view(FormKind::FinanceEnquiry, &ironbark);
        let calculator = finance.calculator.expect("the finance page has the calculator");
        assert_eq!(calculator.anchor_id, "finance-calculator");
        assert_eq!((calculator.ranges.interest.min, calculator.ranges.interest.max, calculator.ranges.interest.default), (7.5, 14.5, 9.5));
        assert_eq!(calculator.frequency, crate::rules::finance::PaymentFrequency::Fortnight);
        for kind in [FormKind::GeneralEnquiry, FormKind::ServiceBooking, FormKind::TradeIn, FormKind::PartsOrder] {
            assert_eq!(view(kind, &ironbark).calculator, None, "{kind:?}");
        }
    }

    #[test]
    fn service_booking_embed_missing_or_external() {
        let booking = |extra: &str| view(FormKind::ServiceBooking, &dealer(extra, vec![])).booking;
        assert_eq!(booking(""), None);
        assert_eq!(
            booking("[service]\nbooking_embed = true\n"),
            Some(ServiceBookingView::Missing { message: "no xtime url found".to_string() })
        );
        assert!(matches!(booking("[service]\nbooking_embed = true\nbooking_embed_url = \"https://x.example/b\"\n"),
            Some(ServiceBookingView::Embed { url, .. }) if url == "https://x.example/b"));
        assert_eq!(
            booking("[service]\nexternal_booking_url = \"https://www.toyota.com.au/service-booking\"\n"),
            Some(ServiceBookingView::External {
                url: "https://www.toyota.com.au/service-booking".to_string(),
                label: "Book service online".to_string()
            })
        );
        assert_eq!(view(FormKind::TradeIn, &dealer("[service]\nbooking_embed = true\n", vec![])).booking, None);
    }
}
