//! Forms (seed 001 s2/s3/s5/s8/s9): what each form is for ([`FormKind`]: its category,
//! analytics event, element id and title), where its pages live ([`form_routes`]), the
//! endpoints they post to, and what the forms of a vehicle page send about their car
//! ([`vehicle_forms_view`]). Every form but the reservation (`POST /api/reservations`)
//! posts to `POST /api/leads`. The fields of each form are in [`super::form_fields`]; the
//! form page, and the vehicle page's dialog forms built from it, in [`super::form_page`].

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::config::Dealer;
use crate::entities::LocationType;
use crate::messages;
use crate::routes;
use crate::rules::format::format_dollars;
use crate::rules::forms::{
    categorise_lead, EVENT_DEFAULT_FORM, EVENT_FINANCE_ENQUIRY, EVENT_PARTS_ORDER,
    EVENT_SERVICE_BOOKING, EVENT_TEST_DRIVE, EVENT_TRADE_IN,
};

use super::links::{ENQUIRY_PATH, FINANCE_FORM_ID, SERVICE_FORM_ID, TEST_DRIVE_PATH};
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
    pub(super) fn serves(self, location_type: LocationType) -> bool {
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
///
/// [`VehicleFormSet`]: super::form_page::VehicleFormSet
pub const VEHICLE_FORMS_PATH: &str = "/_site/vehicle-forms.json";

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
pub const PERSONALISED_FINANCE_PATH: &str = routes::PERSONALISED_FINANCE.pattern;

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
        route(routes::SERVICE.pattern, FormKind::ServiceBooking, false),
        route(routes::TRADE_IN.pattern, FormKind::TradeIn, false),
        route(routes::SELL_MY_CAR.pattern, FormKind::TradeIn, true),
        // Seed 001 s2: a car's trade-in link, /cars/trade-in?car_id={id}.
        route(routes::CAR_TRADE_IN.pattern, FormKind::TradeIn, true),
        route(routes::SELL_YOUR_CAR.pattern, FormKind::TradeIn, true),
        route(routes::PARTS_ORDER.pattern, FormKind::PartsOrder, false),
    ];
    if dealer.config.features.parts_orders {
        routes.push(route(
            routes::PARTS_ORDER_ALIAS.pattern,
            FormKind::PartsOrder,
            true,
        ));
    }
    let finance_link = crate::routes::local_path(&dealer.config.finance.link);
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

pub(super) fn title_and_intro(
    kind: FormKind,
    ctx: &ViewContext<'_>,
) -> (String, String, &'static str) {
    let name = &ctx.dealer.config.name;
    // No one vehicle is known here: the words of the dealer's stock as a whole.
    let words = super::words::dealer_action_words(ctx.dealer);
    let noun = words.noun;
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
            // No seed fixes this heading: a car dealer's reads "Your Car", any other's
            // names its vehicle ("Your Motorcycle", "Your Vehicle").
            format!("Sell or Trade In Your {}", super::words::capitalised(noun)),
            format!("Thinking of selling or trading in your {noun}? Tell us about it and {name} will get back to you with an offer."),
            "details",
        ),
        FormKind::PartsOrder => (
            ctx.dealer.config.forms.parts_heading.clone(),
            format!("Order parts and accessories from {name}. Tell us about your vehicle and what you need, and our parts team will confirm price and availability."),
            "parts order",
        ),
        FormKind::Reservation => {
            let reserve = &ctx.dealer.config.reserve;
            let deposit = format_dollars(f64::from(reserve.deposit));
            // The same story as the success page: the deposit held on the shopper's card
            // for a dealer that takes cards, else paid at the dealership.
            let pay = if reserve.card_key().is_some() {
                format!("The {deposit} fully refundable deposit is held on your card, not charged: it is taken only if you go ahead with the purchase.")
            } else {
                format!("Pay the {deposit} fully refundable deposit at the dealership to complete your reservation.")
            };
            (
                messages::RESERVE_ONLINE.to_string(),
                format!(
                    "Reserve this {} online and {name} will hold it for you for {} hours. {pay}",
                    // One page for all of the dealer's stock: its word ("vehicle" for a
                    // dealer of several categories).
                    super::words::count_words(&ctx.dealer.config.vehicle_categories).one,
                    reserve.hold_hours
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
            format!("Pick a day and time that suits you and {name} will have the {noun} ready. The date and time are optional: leave them out and we will call you to arrange one."),
            match words.visit {
                "test drive" => "test drive request",
                "test ride" => "test ride request",
                "inspection" => "inspection request",
                _ => "visit request",
            },
        ),
        FormKind::PhotoRequest => (
            "Request Photos".to_string(),
            format!("Ask {name} to send you more photos of this car. Add a message if you would like to see something in particular."),
            "photo request",
        ),
    }
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
            ctx.dealer
                .config
                .has_plugin(crate::config::SessionPlugin::Autogauge)
                .to_string(),
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
    let words = super::words::car_action_words(ctx.dealer, car);
    VehicleFormsView {
        enquiry: link(
            FormKind::GeneralEnquiry,
            ctx.dealer.config.forms.enquiry_button_text.label(),
            format!("{ENQUIRY_PATH}?car_id={}", car.id),
            format!("Ask us about the {name} and our team will get back to you."),
        ),
        test_drive: CarFormLink {
            // The vehicle's own words: a test ride, an inspection.
            title: words.test_drive.to_string(),
            ..link(
                FormKind::TestDrive,
                words.test_drive,
                format!("{TEST_DRIVE_PATH}?car_id={}", car.id),
                format!("Pick a day and time to {} the {name} and we will have it ready. The date and time are optional.", words.test_drive_verb),
            )
        },
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ContentPage;
    use crate::view::test_dealer;

    fn paths(dealer: &Dealer) -> Vec<(String, bool)> {
        form_routes(dealer)
            .into_iter()
            .map(|r| (r.path, r.alias))
            .collect()
    }

    #[test]
    fn routes_follow_the_finance_link_and_leave_dealer_pages_alone() {
        let plain = test_dealer("");
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

        let mut linked = test_dealer("[finance]\nlink = \"/apply-for-finance#finance-form\"\n[features]\nparts_orders = true\n");
        linked.pages.push(ContentPage {
            slug: "service".into(),
            title: "Service".into(),
            path: "/service".into(),
            description: None,
            markdown: String::new(),
            expiry: None,
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

    #[test]
    fn the_reserve_intro_tells_where_the_deposit_is_paid() {
        let now = chrono::Utc::now();
        let at_dealership = test_dealer("[reserve]\nenabled = true\n");
        let (_, intro, _) = title_and_intro(
            FormKind::Reservation,
            &ViewContext::new(&at_dealership, now),
        );
        assert!(
            intro.contains("$200 fully refundable deposit at the dealership"),
            "{intro}"
        );
        let by_card = test_dealer(
            "[reserve]\nenabled = true\npayment = \"stripe\"\nstripe_publishable_key = \"pk_test_acme\"\n",
        );
        let (_, intro, _) =
            title_and_intro(FormKind::Reservation, &ViewContext::new(&by_card, now));
        assert!(
            intro.contains("$200 fully refundable deposit is held on your card"),
            "{intro}"
        );
        assert!(!intro.contains("at the dealership"), "{intro}");
    }

    #[test]
    fn the_parts_order_lives_at_parts_unless_a_dealer_page_takes_it() {
        let acme = test_dealer("");
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
            expiry: None,
        };
        let mut taken = test_dealer("[features]\nparts_orders = true\n");
        taken.pages.push(page("/parts"));
        assert_eq!(
            form_path(&taken, FormKind::PartsOrder).as_deref(),
            Some("/vehicle-parts-and-accessories")
        );
        let mut none = test_dealer("");
        none.pages.push(page("/parts"));
        assert_eq!(form_path(&none, FormKind::PartsOrder), None);
    }
}
