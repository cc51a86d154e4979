//! The form pages (seed 001 s2/s3/s5/s8/s9): general enquiry, service booking, trade-in
//! (sell my car), parts order, finance enquiry, test drive (seed 000 s5: the date and time
//! are optional, the slots come from `GET /api/appointments`) and the reserve page of a
//! car, plus the forms a vehicle page opens as dialogs (enquiry, test drive and the photo
//! request of seed 000 s5), published once per site as a [`VehicleFormSet`]. What a form
//! is for is in [`super::form`], its fields in [`super::form_fields`].

use crate::car::Car;
use crate::config::Dealer;
use crate::entities::Location;
use crate::messages;
use crate::rules::appointments::BOOKING_HORIZON_DAYS;
use crate::rules::forms::{auto_select_location, FormField};

use super::card::card_view;
use super::crumbs::Crumb;
use super::finance::finance_calculator_view;
use super::form::{
    form_car_view, title_and_intro, FormKind, APPOINTMENTS_API_PATH, LEADS_API_PATH,
    RESERVATIONS_API_PATH,
};
use super::form_fields::{
    category_choices, form_steps, required_messages, FormStepView, InputKind,
};
use super::form_view::CardPayment;
use super::location_cards::visible_locations;
use super::site::ViewContext;

pub use super::form_view::{
    AppointmentView, DealershipOption, FormPageView, LocationOption, ServiceBookingView, TermsView,
    ThankYouView, VehicleFormSet, REGISTER_INTEREST_FORM_ID,
};

fn location_option(location: &Location) -> LocationOption {
    LocationOption {
        id: location.id,
        name: location.name.clone(),
        slug: location.slug.clone(),
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
    let visit = super::words::dealer_action_words(dealer).visit;
    // Slots are booked at a location: none to book at, no appointment.
    let appointment =
        (kind == FormKind::TestDrive && !locations.is_empty()).then(|| AppointmentView {
            api_path: APPOINTMENTS_API_PATH.to_string(),
            horizon_days: u32::try_from(BOOKING_HORIZON_DAYS).unwrap_or(u32::MAX),
            time_missing: "Please choose a time, or clear the date.".to_string(),
            booked_template: format!(
                "Your {visit} is booked for {{time}} on {{date}} at {{location}}."
            ),
            visit: visit.to_string(),
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
        card_payment: None,
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
    view.card_payment = reserve.card_key().map(|key| CardPayment {
        publishable_key: key.to_string(),
        js_url: stripe_js_url(),
        deposit: reserve.deposit,
    });
    if view.card_payment.is_some() {
        view.thank_you.text =
            messages::reservation_held_on_card(reserve.hold_hours, reserve.deposit);
    }
    view
}

/// The Stripe.js URL of this build ([`crate::csp::STRIPE_JS_URL_ENV`], Stripe's own when
/// unset); the page policy allows the same origin.
fn stripe_js_url() -> String {
    std::env::var(crate::csp::STRIPE_JS_URL_ENV)
        .ok()
        .map(|url| url.trim().to_string())
        .filter(|url| crate::csp::StripeOrigins::for_js_url(url).is_ok() && !url.is_empty())
        .unwrap_or_else(|| crate::csp::STRIPE_JS_URL.to_string())
}

/// The Register Interest form of a coming-soon model page: the site's enquiry form at
/// `#register-interest-form`, its message naming the model.
pub fn register_interest_form(title: &str, ctx: &ViewContext<'_>) -> FormPageView {
    let mut form = form_page_view(FormKind::GeneralEnquiry, ctx);
    form.form_id = REGISTER_INTEREST_FORM_ID.to_string();
    form.title = messages::REGISTER_INTEREST.to_string();
    for field in form.steps.iter_mut().flat_map(|s| s.fields.iter_mut()) {
        if field.name == "message" {
            field.default_value = format!("Please register my interest in the {title}.");
        }
    }
    form
}

#[cfg(test)]
mod tests {

    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::config::DealerConfig;
    use crate::view::form::{
        vehicle_forms_view, ORDER_DETAIL_PARAM, PART_NUMBER_PARAM, VEHICLE_FORMS_PATH,
        VEHICLE_MAKE_PARAM, VEHICLE_MODEL_PARAM,
    };
    use crate::view::form_fields::FieldView;

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
            Some("Enquiry type is required.")
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
            Some("First name is required.")
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
        // "the terms notice links the terms page (today its link is empty)";
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

    /// "every error names its own label ("First name is required" under First
    /// name)": a required field's message is its label's, except the two the seeds word
    /// themselves (the postcode's and the dealership picker's), which name the field too.
    #[test]
    fn every_required_message_names_its_fields_label() {
        let group = dealer(
            "[forms]\nterms_notice = true\n",
            vec![
                location(1, "springwood", "sales"),
                location(3, "capalaba", "sales"),
            ],
        );
        let seed_worded = [
            messages::INVALID_POSTCODE_FORMAT,
            messages::SELECT_DEALERSHIP_LOCATION,
        ];
        let mut checked = 0;
        for kind in [
            FormKind::GeneralEnquiry,
            FormKind::ServiceBooking,
            FormKind::TradeIn,
            FormKind::PartsOrder,
            FormKind::FinanceEnquiry,
            FormKind::TestDrive,
            FormKind::PhotoRequest,
        ] {
            for f in view(kind, &group).steps.iter().flat_map(|s| &s.fields) {
                let Some(message) = f.required_message.as_deref() else {
                    continue;
                };
                checked += 1;
                if seed_worded.contains(&message) {
                    continue;
                }
                assert_eq!(
                    message,
                    messages::field_required(&f.label),
                    "{kind:?} {}",
                    f.name
                );
            }
        }
        assert!(checked > 20, "the forms have required fields ({checked})");
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
    fn a_dealer_without_cars_books_and_buys_no_car() {
        use crate::config::VehicleCategory::{Caravans, Motorcycles};
        let words = |categories: &[crate::config::VehicleCategory]| {
            let mut dealer = dealer("", vec![location(1, "springwood", "sales")]);
            dealer.config.vehicle_categories = categories.to_vec();
            let drive = view(FormKind::TestDrive, &dealer);
            let appointment = drive.appointment.expect("an appointment");
            let trade = view(FormKind::TradeIn, &dealer);
            (
                drive.thank_you.text,
                appointment.booked_template,
                appointment.visit,
                trade.title,
                drive.intro,
            )
        };
        let cars = words(&[]);
        assert!(cars
            .0
            .starts_with("We have received your test drive request."));
        assert_eq!(
            cars.1,
            "Your test drive is booked for {time} on {date} at {location}."
        );
        assert_eq!(
            (cars.2.as_str(), cars.3.as_str()),
            ("test drive", "Sell or Trade In Your Car")
        );
        let moto = words(&[Motorcycles]);
        assert!(moto
            .0
            .starts_with("We have received your test ride request."));
        assert_eq!(
            moto.1,
            "Your test ride is booked for {time} on {date} at {location}."
        );
        assert_eq!(moto.3, "Sell or Trade In Your Motorcycle");
        assert!(moto.4.contains("have the motorcycle ready"), "{}", moto.4);
        let mixed = words(&[Motorcycles, Caravans]);
        assert!(mixed.0.starts_with("We have received your visit request."));
        assert_eq!(
            (mixed.2.as_str(), mixed.3.as_str()),
            ("visit", "Sell or Trade In Your Vehicle")
        );
        for text in [&mixed.0, &mixed.1, &mixed.3, &mixed.4] {
            assert!(
                !text.to_lowercase().contains("car") && !text.contains("drive"),
                "{text}"
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
            Some("First name is required.")
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

    /// Seed 001 s3 Enquiry payload: "... page_id, additional_services, lead_id ...": the
    /// enquiry lets the shopper tick the dealer's services (a sensible default list), or
    /// asks nothing where the dealer offers none.
    #[test]
    fn the_enquiry_offers_the_dealers_additional_services() {
        let plain = view(FormKind::GeneralEnquiry, &dealer("", vec![]));
        let services = field(&plain, "additional_services").expect("the question");
        assert_eq!(services.input, InputKind::Choices);
        assert_eq!(
            services.options,
            crate::rules::forms::DEFAULT_ADDITIONAL_SERVICES.map(String::from)
        );
        assert_eq!(services.required_message, None);
        let own = view(
            FormKind::GeneralEnquiry,
            &dealer(
                "[forms]\nadditional_services = [\" Service plan \", \"Tyres\", \"\", \"Tyres\"]\n",
                vec![],
            ),
        );
        assert_eq!(
            field(&own, "additional_services")
                .expect("the question")
                .options,
            ["Service plan", "Tyres"]
        );
        let none = view(
            FormKind::GeneralEnquiry,
            &dealer("[forms]\nadditional_services = []\n", vec![]),
        );
        assert!(field(&none, "additional_services").is_none());
        assert!(field(
            &view(FormKind::ServiceBooking, &dealer("", vec![])),
            "additional_services"
        )
        .is_none());
    }

    /// Seed 001 s9: "default finance vehicle type Car".
    #[test]
    fn the_finance_enquiry_sends_the_vehicle_type_car_unless_the_dealer_offers_more() {
        let plain = view(FormKind::FinanceEnquiry, &dealer("", vec![]));
        let kind = field(&plain, "vehicle_type").expect("vehicle type");
        assert_eq!(
            (kind.input, kind.default_value.as_str()),
            (InputKind::Hidden, "Car")
        );
        let several = view(
            FormKind::FinanceEnquiry,
            &dealer(
                "[finance]\nvehicle_types = [\"Car\", \"Motorcycle\", \"Caravan\"]\n",
                vec![],
            ),
        );
        let kind = field(&several, "vehicle_type").expect("vehicle type");
        assert_eq!(
            (kind.input, kind.default_value.as_str()),
            (InputKind::Select, "Car")
        );
        assert_eq!(kind.options, ["Car", "Motorcycle", "Caravan"]);
    }
}
