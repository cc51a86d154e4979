//! A lead as the forms send it and as it is stored: the payload of `POST /api/leads`
//! (seed 001 s3: Enquiry payload, Lead payload, Parts order fields, Trade-in
//! valuation), the fields stored from it, and lead ids. Below the routes, so the lead
//! and reservation handlers, the store and ADF share one definition.

use axum::http::{header, HeaderMap};
use domain::messages;
use domain::rules::forms::{categorise_lead, FormField};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::error::ApiError;
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

/// Tracking attached to a lead (seed 001 s3: lead_attributes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadAttributes {
    /// Pages the shopper visited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visited_pages: Option<Vec<String>>,
    /// Query parameters of the landing URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Object)]
    pub linked_query_params: Option<Value>,
}

/// Every field a form may send (seed 001 s3), all optional; names as the seed spells them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadPayload {
    // ---- Enquiry payload
    /// First name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Last name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// E-mail address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Australian phone number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// 4-digit postcode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postcode: Option<String>,
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
    /// Lead id of an earlier step (updates that lead).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead_id: Option<String>,
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
    // ---- Abuse
    /// Honeypot: hidden from people; a filled value is answered like success and dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub website: Option<String>,
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

pub(crate) fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

pub(crate) fn field_key(field: FormField) -> String {
    match serde_json::to_value(field) {
        Ok(Value::String(key)) => key,
        _ => format!("{field:?}"),
    }
}

/// The stored fields of a submission: the payload as sent, normalised (phone digits,
/// e-mail, postcode), with the seed's recategorisations applied.
pub(crate) fn fields_of(
    mut payload: LeadPayload,
    headers: &HeaderMap,
    first: bool,
) -> Result<Map<String, Value>, ApiError> {
    payload.lead_id = None;
    payload.website = None;
    if let Some(phone) = present(&payload.phone) {
        payload.phone = validate::phone(phone).ok();
    }
    if let Some(email) = present(&payload.email) {
        payload.email = validate::email(email).ok();
    }
    if let Some(postcode) = &payload.postcode {
        payload.postcode = validate::optional_postcode(postcode).ok().flatten();
    }
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
    match serde_json::to_value(&payload).map_err(|e| ApiError::Internal(e.into()))? {
        Value::Object(map) => Ok(map),
        _ => Ok(Map::new()),
    }
}

pub(crate) fn new_lead_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
