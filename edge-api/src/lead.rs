//! A lead as the forms send it and as it is stored: the payload of `POST /api/leads`
//! (seed 001 s3: Enquiry payload, Lead payload, Parts order fields, Trade-in
//! valuation), the fields stored from it, and lead ids. Below the routes, the store,
//! payments and delivery, so they all share one definition.

use std::collections::BTreeMap;

use axum::http::{header, HeaderMap};
use chrono::{DateTime, Utc};
use domain::messages;
use domain::rules::contact::{AuPhone, Email};
use domain::rules::forms::{categorise_lead, FormField};
use domain::rules::postcode::Postcode;
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::validate;

/// A number or a text (forms send ids and amounts either way).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Scalar {
    /// A JSON number.
    #[schema(value_type = f64)]
    Number(serde_json::Number),
    /// A JSON string.
    Text(String),
}

/// Attribution attached to a lead (seed 001 s3: lead_attributes): the visit's
/// landing page, referrer, campaign parameters (utm_*, gclid, fbclid, msclkid) and the
/// pages seen since, as the browser kept them. Bounded: [`LeadAttributes::check`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadAttributes {
    /// First page of the visit (path and query).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landing_page: Option<String>,
    /// Where the visit came from (another site's URL).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referrer: Option<String>,
    /// Pages the shopper visited, oldest first (the landing page and the latest ones).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visited_pages: Option<Vec<String>>,
    /// Campaign parameters of the landing page, then the form page's own query parameters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linked_query_params: Option<BTreeMap<String, String>>,
}

impl LeadAttributes {
    /// Every bound the attribution breaks, by field (`lead_attributes.<field>`), with a
    /// sentence naming the limit: sizes come from the browser and are never trusted.
    pub fn check(&self) -> BTreeMap<String, String> {
        use domain::rules::forms::{
            ATTRIBUTION_MAX_PAGES as PAGES, ATTRIBUTION_MAX_PARAMS as PARAMS,
            ATTRIBUTION_MAX_PARAM_NAME as NAME, ATTRIBUTION_MAX_PARAM_VALUE as VALUE,
            ATTRIBUTION_MAX_URL as URL,
        };
        let long = |text: &str, max: usize| text.chars().count() > max;
        let mut errors = BTreeMap::new();
        let mut error = |field: &str, message: String| {
            errors
                .entry(format!("lead_attributes.{field}"))
                .or_insert(message);
        };
        for (field, value) in [
            ("landing_page", &self.landing_page),
            ("referrer", &self.referrer),
        ] {
            if value.as_deref().is_some_and(|v| long(v, URL)) {
                error(field, messages::attribution_url_too_long(URL));
            }
        }
        if let Some(pages) = &self.visited_pages {
            if pages.len() > PAGES {
                error("visited_pages", messages::attribution_too_many_pages(PAGES));
            } else if let Some(i) = pages.iter().position(|p| long(p, URL)) {
                error(
                    &format!("visited_pages[{i}]"),
                    messages::attribution_page_too_long(URL),
                );
            }
        }
        if let Some(params) = &self.linked_query_params {
            if params.len() > PARAMS {
                error(
                    "linked_query_params",
                    messages::attribution_too_many_params(PARAMS),
                );
            } else if let Some((name, _)) = params
                .iter()
                .find(|(n, v)| n.is_empty() || long(n, NAME) || long(v, VALUE))
            {
                error(
                    "linked_query_params",
                    messages::attribution_param_too_long(
                        &name.chars().take(NAME).collect::<String>(),
                        NAME,
                        VALUE,
                    ),
                );
            }
        }
        errors
    }
}

/// Where a reservation's deposit stands (kept on the reservation and on its lead).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentStatus {
    /// The car is held; the deposit is not paid yet (paid at the dealership).
    AwaitingPayment,
    /// The card is being authorised (the hold lapses if it is not within 15 minutes).
    Authorising,
    /// The card issuer asks for 3-D Secure, finished in the browser.
    RequiresAction,
    /// The deposit is authorised on the shopper's card (not charged).
    Held,
    /// The card was declined; the hold was released.
    Declined,
    /// The sale was agreed and the deposit taken.
    Captured,
    /// The authorisation was cancelled and the car released (by the shopper or dealer).
    Cancelled,
    /// The hold ended without a sale, or the card was not authorised in time; the
    /// authorisation was cancelled.
    Expired,
    /// The deposit was taken and then refunded.
    Refunded,
}

impl PaymentStatus {
    /// Whether the reservation keeps the car (a live hold stands for it).
    pub fn holds_car(self) -> bool {
        matches!(
            self,
            PaymentStatus::AwaitingPayment
                | PaymentStatus::Authorising
                | PaymentStatus::RequiresAction
                | PaymentStatus::Held
        )
    }

    /// What the dealer and the shopper read.
    pub fn label(self) -> &'static str {
        match self {
            PaymentStatus::AwaitingPayment => messages::STATUS_AWAITING_PAYMENT,
            PaymentStatus::Authorising => messages::STATUS_AUTHORISING,
            PaymentStatus::RequiresAction => messages::STATUS_REQUIRES_ACTION,
            PaymentStatus::Held => messages::STATUS_HELD,
            PaymentStatus::Declined => messages::STATUS_DECLINED,
            PaymentStatus::Captured => messages::STATUS_CAPTURED,
            PaymentStatus::Cancelled => messages::STATUS_CANCELLED,
            PaymentStatus::Expired => messages::STATUS_EXPIRED,
            PaymentStatus::Refunded => messages::STATUS_REFUNDED,
        }
    }
}

/// Writes the request payload and the stored fields from one list, so the two cannot
/// drift apart: they differ only in the contact details (text as sent, parsed when
/// stored), the request-only `lead_id` and honeypot, and the stored reservation details.
/// The payload keeps the seed's field order (its serialisation is an idempotency key's
/// request hash).
macro_rules! lead_types {
    (
        head { $($(#[$head_attr:meta])* pub $head:ident: $head_ty:ty,)* }
        middle { $($(#[$middle_attr:meta])* pub $middle:ident: $middle_ty:ty,)* }
        tail { $($(#[$tail_attr:meta])* pub $tail:ident: $tail_ty:ty,)* }
    ) => {
        /// Every field a form may send (seed 001 s3), all optional; names as the seed spells them.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
        #[serde(deny_unknown_fields)]
        pub struct LeadPayload {
            $($(#[$head_attr])* pub $head: $head_ty,)*
            /// E-mail address.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub email: Option<String>,
            /// Australian phone number.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub phone: Option<String>,
            /// 4-digit postcode.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub postcode: Option<String>,
            $($(#[$middle_attr])* pub $middle: $middle_ty,)*
            /// Lead id of an earlier step (updates that lead).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub lead_id: Option<String>,
            $($(#[$tail_attr])* pub $tail: $tail_ty,)*
            // ---- Abuse
            /// Honeypot: hidden from people; a filled value is answered like success and dropped.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub website: Option<String>,
        }

        /// A lead's fields as stored, merged across its steps: what the forms sent, with
        /// the contact details parsed, and a reservation's hold when the lead came with one.
        /// The JSON keys are the payload's, so leads stored as a plain map read back.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
        pub struct LeadFields {
            $($(#[$head_attr])* pub $head: $head_ty,)*
            /// E-mail address, domain lower-cased.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[schema(value_type = Option<String>)]
            pub email: Option<Email>,
            /// Australian phone number, national digits.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[schema(value_type = Option<String>)]
            pub phone: Option<AuPhone>,
            /// 4-digit postcode.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[schema(value_type = Option<String>)]
            pub postcode: Option<Postcode>,
            $($(#[$middle_attr])* pub $middle: $middle_ty,)*
            $($(#[$tail_attr])* pub $tail: $tail_ty,)*
            /// The reservation the lead came with.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub reservation_id: Option<String>,
            /// Where the reservation's deposit stands.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[schema(value_type = Option<String>)]
            pub reservation_status: Option<PaymentStatus>,
            /// The reservation's deposit (AUD).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub deposit: Option<u32>,
            /// When the reservation's hold ends.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub hold_expires_at: Option<DateTime<Utc>>,
            /// Whether the phone is the one the shopper signed in with when sending the
            /// lead (set by the API, never by the form): only such a phone gets texts.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub phone_verified: Option<bool>,
        }

        impl LeadFields {
            /// The stored fields of a payload whose contact details are already parsed.
            fn of(payload: LeadPayload, contact: Contact) -> LeadFields {
                LeadFields {
                    $($head: payload.$head,)*
                    email: contact.email,
                    phone: contact.phone,
                    postcode: contact.postcode,
                    $($middle: payload.$middle,)*
                    $($tail: payload.$tail,)*
                    reservation_id: None,
                    reservation_status: None,
                    deposit: None,
                    hold_expires_at: None,
                    phone_verified: None,
                }
            }

            /// Takes every field a later step sent; a field it left out keeps its value.
            pub fn merge(&mut self, later: LeadFields) {
                $(if later.$head.is_some() { self.$head = later.$head; })*
                $(if later.$middle.is_some() { self.$middle = later.$middle; })*
                $(if later.$tail.is_some() { self.$tail = later.$tail; })*
                if later.email.is_some() { self.email = later.email; }
                if later.phone.is_some() { self.phone = later.phone; }
                if later.postcode.is_some() { self.postcode = later.postcode; }
                if later.reservation_id.is_some() { self.reservation_id = later.reservation_id; }
                if later.reservation_status.is_some() { self.reservation_status = later.reservation_status; }
                if later.deposit.is_some() { self.deposit = later.deposit; }
                if later.hold_expires_at.is_some() { self.hold_expires_at = later.hold_expires_at; }
                if later.phone_verified.is_some() { self.phone_verified = later.phone_verified; }
            }
        }
    };
}

lead_types! {
    head {
        // ---- Enquiry payload
        /// First name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub name: Option<String>,
        /// Last name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub last_name: Option<String>,
    }
    middle {
        /// Comments.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub message: Option<String>,
        /// Enquiry category (e.g. General Enquiry).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub category: Option<String>,
        /// Subcategory (e.g. 3. Offer Accepted).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub subcategory: Option<String>,
        /// Chosen location.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub location: Option<String>,
        /// Chosen dealership.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub dealership_slug: Option<String>,
        /// Marketing opt-in.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub opt_in: Option<bool>,
        /// Registration (enquiry form spelling).
        #[serde(default, rename = "Rego", skip_serializing_if = "Option::is_none")]
        pub rego_upper: Option<String>,
        /// Page the form was on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub page_id: Option<Scalar>,
        /// Extra services asked for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub additional_services: Option<Vec<String>>,
    }
    tail {
        /// Lead status (Complete on the last parts step).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub lead_status: Option<String>,
        /// True on the last step of a multi-step form.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub form_completed: Option<bool>,
        // ---- Enquiry form fields
        /// Phone (default), Email or SMS.
        #[serde(
        default,
        rename = "PreferredContactMethod",
        skip_serializing_if = "Option::is_none"
        )]
        pub preferred_contact_method: Option<String>,
        /// Finance question (Yes/No).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub finance: Option<String>,
        /// The finance enquiry's vehicle type (seed 001 s9: default Car).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub vehicle_type: Option<String>,
        /// Chosen location id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub location_id: Option<Scalar>,
        /// Odometer of the shopper's car.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub kms: Option<Scalar>,
        /// State of the registration.
        #[serde(default, rename = "regoState", skip_serializing_if = "Option::is_none")]
        pub rego_state: Option<String>,
        /// Registration (rego lookup and trade-in spelling).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub rego: Option<String>,
        /// Trade-in question (Yes/No).
        #[serde(
        default,
        rename = "do-you-have-a-trade-in",
        skip_serializing_if = "Option::is_none"
        )]
        pub has_trade_in: Option<String>,
        /// Price.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub price: Option<Scalar>,
        // ---- Lead payload
        /// Page URL.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub url: Option<String>,
        /// Lead source (Website).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub source: Option<String>,
        /// Browser user agent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub user_agent: Option<String>,
        /// The car enquired about.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub car_id: Option<Scalar>,
        /// The car's dealership id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub car_dealership_id: Option<Scalar>,
        /// Tracking.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub lead_attributes: Option<LeadAttributes>,
        /// True when a trade-in offer was accepted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub offer_accepted: Option<bool>,
        /// Manufacturer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub manufacturer_slug: Option<String>,
        /// Stock number.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub stock_number: Option<String>,
        /// Vehicle make.
        #[serde(
        default,
        rename = "Vehicle Make",
        skip_serializing_if = "Option::is_none"
        )]
        pub vehicle_make: Option<String>,
        /// Vehicle model.
        #[serde(
        default,
        rename = "Vehicle Model",
        skip_serializing_if = "Option::is_none"
        )]
        pub vehicle_model: Option<String>,
        /// new, used or demo.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub vehicle_status: Option<String>,
        /// Whether price comparison was on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub autogauge_enabled: Option<bool>,
        // ---- Parts order fields
        /// Vehicle year.
        #[serde(
        default,
        rename = "Vehicle Year",
        skip_serializing_if = "Option::is_none"
        )]
        pub vehicle_year: Option<Scalar>,
        /// VIN.
        #[serde(default, rename = "VIN", skip_serializing_if = "Option::is_none")]
        pub vin: Option<String>,
        /// Part number.
        #[serde(default, rename = "Part#", skip_serializing_if = "Option::is_none")]
        pub part_number: Option<String>,
        /// Combined free-text field.
        #[serde(
        default,
        rename = "Rego/VIN/Part#",
        skip_serializing_if = "Option::is_none"
        )]
        pub rego_vin_part: Option<String>,
        /// What to order.
        #[serde(
        default,
        rename = "Order Detail",
        skip_serializing_if = "Option::is_none"
        )]
        pub order_detail: Option<String>,
        // ---- Trade-in valuation
        /// Offered price.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub offer_price: Option<Scalar>,
        /// Valuation id (with adjustment answers).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub id: Option<Scalar>,
        /// Valuation adjustment answers.
        #[serde(
        default,
        rename = "adjustmentAnswers",
        skip_serializing_if = "Option::is_none"
        )]
        #[schema(value_type = Object)]
        pub adjustment_answers: Option<Value>,
        // ---- Test drive
        /// The appointment a test drive asks for (optional; first submission only): the slot
        /// is booked with the lead, or the answer is 409 `slot_unavailable`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub appointment: Option<AppointmentChoice>,
    }
}

/// The appointment a test-drive lead asks for (the location's local date and time).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppointmentChoice {
    /// Location slug.
    pub location: String,
    /// Local date, YYYY-MM-DD.
    pub date: String,
    /// Local start time, HH:MM (one of the offered slots).
    pub time: String,
}

/// The payload fields that keep line breaks (free text); every other text is one line.
pub const MULTILINE_FIELDS: &[&str] = &["message", "Order Detail"];

impl LeadPayload {
    /// Every text of the payload holding a character its field cannot take (a line break
    /// in a name, a control character anywhere), by field path, with the message to show.
    /// Checked before anything else: such text reaches mail headers, SMS and ADF.
    pub fn character_errors(&self) -> BTreeMap<String, String> {
        serde_json::to_value(self)
            .map(|value| validate::payload_characters(&value, MULTILINE_FIELDS))
            .unwrap_or_default()
    }
}

pub(crate) fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

pub(crate) fn field_key(field: FormField) -> String {
    match serde_json::to_value(field) {
        Ok(Value::String(key)) => key,
        _ => format!("{field:?}"),
    }
}

/// A submission's contact details, parsed once: each is absent (blank counts as absent)
/// or valid, so the rate limit, the store and ADF use them without checking again.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Contact {
    /// The phone number.
    pub phone: Option<AuPhone>,
    /// The e-mail address.
    pub email: Option<Email>,
    /// The postcode.
    pub postcode: Option<Postcode>,
}

impl Contact {
    /// Parses the payload's phone, e-mail and postcode; each one sent but invalid is
    /// named in the map with the seed's message.
    pub fn parse(payload: &LeadPayload) -> (Contact, BTreeMap<String, String>) {
        let mut contact = Contact::default();
        let mut errors = BTreeMap::new();
        if let Some(phone) = present(&payload.phone) {
            match validate::phone(phone) {
                Ok(phone) => contact.phone = Some(phone),
                Err(message) => {
                    errors.insert("phone".to_owned(), message);
                }
            }
        }
        if let Some(email) = present(&payload.email) {
            match validate::email(email) {
                Ok(email) => contact.email = Some(email),
                Err(message) => {
                    errors.insert("email".to_owned(), message);
                }
            }
        }
        if let Some(postcode) = &payload.postcode {
            match validate::optional_postcode(postcode) {
                Ok(postcode) => contact.postcode = postcode,
                Err(message) => {
                    errors.insert("postcode".to_owned(), message);
                }
            }
        }
        (contact, errors)
    }
}

/// The stored fields of a submission: the payload as sent with its contact details
/// parsed, and the seed's recategorisations applied.
pub(crate) fn stored_fields(
    mut payload: LeadPayload,
    contact: Contact,
    headers: &HeaderMap,
    first: bool,
) -> LeadFields {
    if let Some(category) = present(&payload.category) {
        let sorted = categorise_lead(category, payload.subcategory.as_deref(), None);
        payload.category = Some(sorted.category);
        payload.subcategory = sorted.subcategory;
    }
    if payload.offer_accepted == Some(true) {
        payload.subcategory = Some(messages::OFFER_ACCEPTED_SUBCATEGORY.to_owned());
    }
    if payload.form_completed == Some(true) {
        payload.lead_status = Some(messages::LEAD_STATUS_COMPLETE.to_owned());
    }
    if first {
        payload
            .source
            .get_or_insert_with(|| messages::LEAD_SOURCE_WEBSITE.to_owned());
        if payload.user_agent.is_none() {
            payload.user_agent = headers
                .get(header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
        }
    }
    LeadFields::of(payload, contact)
}

pub(crate) fn new_lead_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
