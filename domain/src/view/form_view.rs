//! The view model of a form page (seed 001 s2/s3/s5): what a form page, a vehicle
//! page's form dialogs and a model page's Register Interest form carry. Shared, so a page
//! that embeds a form needs no other page view; built in [`super::form_page`].

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::card::CardView;
use super::crumbs::Crumb;
use super::finance::FinanceCalculatorView;
use super::form::{FormCarView, FormKind};
use super::form_fields::{CategoryChoice, FormStepView};

/// Seed 001 s2 anchor of a coming-soon model's Register Interest form.
pub const REGISTER_INTEREST_FORM_ID: &str = "register-interest-form";

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
    /// What is booked, lower case ("test drive", "test ride", "inspection", "visit"), for
    /// the slot picker's "Each test ride takes 30 minutes."
    pub visit: String,
}

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
    /// personal details, and every site has the page.
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
    /// The card field of a reserve page whose dealer takes the deposit by card; `None`
    /// on every other form (and for dealers paid at the dealership).
    pub card_payment: Option<CardPayment>,
}

/// What the reserve page needs to take the deposit by card with Stripe.js: the card
/// details go from the browser to Stripe, and only the id Stripe.js returns is posted
/// as `payment_method`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CardPayment {
    /// The dealer's Stripe publishable key.
    pub publishable_key: String,
    /// Where Stripe.js loads from (Stripe's own in production).
    pub js_url: String,
    /// The deposit authorised on the card, AUD.
    pub deposit: u32,
}
