//! The online trade-in valuation (seed 001 s3 "Trade-in valuation: offer_price, adjustment
//! answers (id, adjustmentAnswers), rego, regoState"; s5/s9 "online estimates are not
//! generated for cars over 7 years or 100,000 km"; s7 "Trade-in estimate provider"), for
//! dealers with `features.trade_in`:
//! - `GET /api/trade-in/options`: whether the dealer values cars online, how the flow asks
//!   for the car (by rego when the dealer has a provider, else year, make and model from
//!   the market's models), the default state, and the condition questions (every trade-in
//!   page asks, so a dealer without valuations answers 200 with `enabled` false rather
//!   than an error in the shopper's console);
//! - `POST /api/trade-in/lookup`: the "Your Car" step: finds the car (by rego at the
//!   provider, or as entered) and says whether an online estimate can be made;
//! - `POST /api/trade-in/valuation`: the offer for the car, its odometer and the
//!   condition answers, recorded under its id (`DEALER#<slug>#EVENT#trade-in-valuation`).
//!
//! A dealer with `features.trade_in_provider_key` is answered by the provider at
//! `FORECOURT_VALUATION_URL` (`POST {url}/lookup` with `{rego, state}` answering the
//! vehicle, 404 for an unknown rego; `POST {url}/valuation` with `{vehicle, kms,
//! adjustmentAnswers}` answering `{offer_price, range_min?, range_max?, id?}`, 404 when it
//! has no estimate), with the key as a bearer token and a 3-second limit. Every other
//! dealer gets the local offer ([`domain::rules::trade_in`]) from the market file the
//! build writes; no registry is reachable here, so the shopper picks year, make and model.
//! Not being able to estimate (too old, too far driven, too few comparables) is an
//! ordinary answer with a message; bad input is 422 with a message per field; a failing
//! provider is 502.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Json;
use axum::Router;
use chrono::NaiveDate;
use domain::messages;
use domain::rules::trade_in::{
    check_answers, eligibility, local_check, local_offer, newest_year, parse_rego,
    parse_rego_state, valued_models, AnswerInput, Answered, NoOffer, TradeInCar, INVALID_KMS,
    MAX_KMS_INPUT, MAX_NAME_CHARS, OLDEST_YEAR, QUESTIONS, REGO_STATES, TRADE_IN_MAX_AGE_YEARS,
    TRADE_IN_MAX_KM,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::error::answers::{BadRequest, NotJson, RateLimited, TooLarge, UnknownSite};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ClientIp};
use crate::lead::new_lead_id;
use crate::policy::PROVIDER_TIMEOUT;
use crate::rate::limit_platform;
use crate::tenancy::{Site, TradeInSettings};
use crate::AppState;

/// Shown when the dealer does not offer online valuations.
pub const TRADE_IN_OFF: &str = "Online trade-in valuations are not offered on this site.";
/// Shown when a rego is looked up on a site without a provider.
pub const LOOKUP_OFF: &str =
    "Rego lookup is not available on this site. Please choose your car's year, make and model.";
/// Shown when the provider failed.
pub const PROVIDER_FAILED: &str = "The valuation service did not answer. Please try again, or send us your car's details instead.";
/// Shown when a lookup names neither a rego nor a vehicle, or both.
pub const REGO_OR_VEHICLE: &str = "Please enter your car's rego, or its year, make and model.";
/// Shown for a year outside the years a valuation takes.
pub const INVALID_YEAR: &str = "Please choose the year the car was built.";
/// Event kind of a recorded valuation.
pub const VALUATION_EVENT: &str = "trade-in-valuation";
/// Model years offered in the year choice (this year's and older ones, so an older car is
/// told it gets no online estimate rather than missing from the list).
pub const YEARS_OFFERED: u16 = 30;
/// The makes and models shoppers own, by vehicle category (see the file's header).
pub const CATALOGUE_TOML: &str = include_str!("../../data/trade_in_catalogue.toml");
/// Longest badge or body accepted.
pub const MAX_DETAIL_CHARS: usize = 100;
/// Cache header of the options (the market changes with a build).
pub const OPTIONS_CACHE_CONTROL: &str = "public, max-age=3600";

/// A make with the models the market can value.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MakeModels {
    /// Make.
    pub make: String,
    /// Models, sorted.
    pub models: Vec<String>,
    /// Those of `models` the market has enough comparable cars to value online; the rest
    /// are told there is no online estimate.
    pub valued: Vec<String>,
}

/// One answer of a condition question.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AnswerChoice {
    /// The value sent as the answer.
    pub value: String,
    /// What the shopper reads.
    pub label: String,
}

/// A condition (adjustment) question.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct QuestionChoice {
    /// Question id (an adjustment answer's `id`).
    pub id: String,
    /// The question.
    pub question: String,
    /// The message when it is left unanswered.
    pub required_message: String,
    /// The answers, the best condition first.
    pub answers: Vec<AnswerChoice>,
}

/// The messages of the car step's checks the browser makes before asking the API.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CarMessages {
    /// The rego is empty.
    pub rego_required: String,
    /// No year chosen.
    pub year_required: String,
    /// No make chosen.
    pub make_required: String,
    /// No model chosen.
    pub model_required: String,
    /// The odometer is empty.
    pub kms_required: String,
    /// The odometer is not a whole number of km.
    pub kms_invalid: String,
}

impl CarMessages {
    fn new() -> CarMessages {
        CarMessages {
            rego_required: messages::field_required("Rego"),
            year_required: messages::field_required("Year"),
            make_required: messages::field_required("Make"),
            model_required: messages::field_required("Model"),
            kms_required: messages::field_required("Odometer"),
            kms_invalid: INVALID_KMS.to_owned(),
        }
    }
}

/// Answer of `GET /api/trade-in/options`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct TradeInOptions {
    /// The dealer values cars online (config `features.trade_in`); when false the page
    /// keeps its ordinary trade-in enquiry and the lists below are empty.
    pub enabled: bool,
    /// The car is found by rego and state (a provider answers); otherwise the shopper picks
    /// year, make and model from `years` and `makes`.
    pub lookup: bool,
    /// The state preselected.
    pub default_state: String,
    /// Registration states.
    pub states: Vec<String>,
    /// Model years offered, newest first.
    pub years: Vec<u16>,
    /// Makes and models with enough cars in the market to value (empty with a provider).
    pub makes: Vec<MakeModels>,
    /// The condition questions, in order.
    pub questions: Vec<QuestionChoice>,
    /// Save each valuation through `POST /api/miscellaneous` with column_name valuation.
    pub save_valuations: bool,
    /// Seed 001 s5: no online estimate for cars older than this many years.
    pub max_age_years: i32,
    /// Seed 001 s5: no online estimate for cars with more km than this.
    pub max_km: u32,
    /// Seed 001 s4: the subcategory of the lead sent when the shopper accepts the offer.
    pub lead_subcategory: String,
    /// Seed 001 s9: the call to action that starts the valuation ('Get Your Valuation').
    pub start_label: String,
    /// The car step's messages.
    pub messages: CarMessages,
}

/// The shopper's car as entered (or as a lookup answered it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Vehicle {
    /// Model year.
    pub year: u16,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Badge (variant), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub badge: Option<String>,
    /// Body, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
}

/// Body of `POST /api/trade-in/lookup`: a rego (and its state), or the vehicle.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LookupBody {
    /// Registration plate (with a provider).
    #[serde(default)]
    pub rego: Option<String>,
    /// State of the registration (default: the dealer's state).
    #[serde(default, rename = "regoState")]
    pub rego_state: Option<String>,
    /// The vehicle, when the shopper picked it.
    #[serde(default)]
    pub vehicle: Option<Vehicle>,
    /// Odometer, km.
    pub kms: u32,
}

/// Whether an online estimate can be made for the car.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LookupOutcome {
    /// Go on to the condition questions.
    Ready,
    /// Over 7 years or 100,000 km: no online estimate.
    NotEligible,
    /// Too few comparable cars: no online estimate.
    NoEstimate,
}

/// Answer of `POST /api/trade-in/lookup`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LookupAnswer {
    /// What happens next.
    pub outcome: LookupOutcome,
    /// Why there is no online estimate.
    pub message: Option<String>,
    /// The car.
    pub vehicle: Vehicle,
    /// Odometer, km.
    pub kms: u32,
    /// The rego as a registry writes it, when looked up.
    pub rego: Option<String>,
    /// Its state.
    #[serde(rename = "regoState")]
    pub rego_state: Option<String>,
}

/// One adjustment answer (seed 001 s3: id, adjustmentAnswers).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdjustmentAnswer {
    /// Question id.
    pub id: String,
    /// Answer value.
    pub answer: String,
}

/// Body of `POST /api/trade-in/valuation`.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ValuationBody {
    /// The car.
    pub vehicle: Vehicle,
    /// Odometer, km.
    pub kms: u32,
    /// An answer to every condition question.
    #[serde(rename = "adjustmentAnswers")]
    pub adjustment_answers: Vec<AdjustmentAnswer>,
    /// Registration plate, when looked up.
    #[serde(default)]
    pub rego: Option<String>,
    /// Its state.
    #[serde(default, rename = "regoState")]
    pub rego_state: Option<String>,
}

/// How a valuation came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ValuationOutcome {
    /// An offer.
    Offer,
    /// Over 7 years or 100,000 km: no online estimate.
    NotEligible,
    /// No online estimate for this car.
    NoEstimate,
}

/// What one answer took off the offer.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AdjustmentView {
    /// Question id.
    pub id: String,
    /// Answer value.
    pub answer: String,
    /// Dollars taken off (local offers; null from a provider).
    pub amount: Option<f64>,
}

/// Answer of `POST /api/trade-in/valuation`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Valuation {
    /// Offer or why not.
    pub outcome: ValuationOutcome,
    /// Why there is no offer.
    pub message: Option<String>,
    /// The valuation's id (send it with the lead).
    pub id: Option<String>,
    /// The offer, AUD.
    pub offer_price: Option<f64>,
    /// Bottom of the range, AUD.
    pub range_min: Option<f64>,
    /// Top of the range, AUD.
    pub range_max: Option<f64>,
    /// Comparable cars behind a local offer.
    pub comparables: Option<usize>,
    /// Confidence of a local offer, 0 to 1.
    pub confidence: Option<f64>,
    /// The answers and what each took off.
    pub adjustments: Vec<AdjustmentView>,
    /// The car.
    pub vehicle: Vehicle,
    /// Odometer, km.
    pub kms: u32,
    /// The rego, when looked up.
    pub rego: Option<String>,
    /// Its state.
    #[serde(rename = "regoState")]
    pub rego_state: Option<String>,
    /// `local` (from the market) or `provider`.
    pub source: String,
}

fn enabled(site: &crate::tenancy::Tenant) -> Result<&TradeInSettings, ApiError> {
    if site.trade_in.enabled {
        Ok(&site.trade_in)
    } else {
        Err(ApiError::new(ErrorCode::NotFound, TRADE_IN_OFF))
    }
}

/// The provider's base URL and the dealer's key, when both are set.
fn provider<'a>(state: &'a AppState, settings: &'a TradeInSettings) -> Option<(&'a str, &'a str)> {
    match (&state.valuation_url, &settings.provider_key) {
        (Some(url), Some(key)) => Some((url.as_str(), key.as_str())),
        _ => None,
    }
}

/// How the flow asks for the car, and the condition questions.
#[utoipa::path(get, path = "/api/trade-in/options", tag = "trade-in",
    responses((status = 200, body = TradeInOptions, description = "`enabled` false: the dealer does not value cars online"),
        UnknownSite))]
pub async fn options(
    State(state): State<AppState>,
    Site(site): Site,
) -> Result<Response, ApiError> {
    let settings = &site.trade_in;
    let on = settings.enabled;
    let lookup = on && provider(&state, settings).is_some();
    let today = state.clock.now().date_naive();
    // The list starts at this year: a car built next year is not on the road yet.
    let this_year = newest_year(today).saturating_sub(1);
    let makes = if lookup || !on {
        Vec::new()
    } else {
        offered_models(&settings.makes, valued_models(&state.market.current()))
    };
    let questions = QUESTIONS.iter().map(|q| QuestionChoice {
        id: q.id.to_owned(),
        question: q.question.to_owned(),
        required_message: q.required_message(),
        answers: q
            .answers
            .iter()
            .map(|a| AnswerChoice {
                value: a.value.to_owned(),
                label: a.label.to_owned(),
            })
            .collect(),
    });
    let answer = TradeInOptions {
        enabled: on,
        lookup,
        default_state: settings.default_state.clone(),
        states: REGO_STATES.iter().map(|s| (*s).to_owned()).collect(),
        years: if on {
            (0..YEARS_OFFERED).map(|i| this_year - i).collect()
        } else {
            Vec::new()
        },
        makes,
        questions: if on { questions.collect() } else { Vec::new() },
        save_valuations: settings.save_valuations,
        max_age_years: TRADE_IN_MAX_AGE_YEARS,
        max_km: TRADE_IN_MAX_KM,
        lead_subcategory: messages::OFFER_ACCEPTED_SUBCATEGORY.to_owned(),
        start_label: messages::GET_YOUR_VALUATION.to_owned(),
        messages: CarMessages::new(),
    };
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(OPTIONS_CACHE_CONTROL),
    );
    Ok(response)
}

type Fields = BTreeMap<String, String>;

/// Makes with their models, by vehicle category.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Catalogue {
    #[serde(default)]
    cars: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    motorcycles: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    caravans: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    trucks: BTreeMap<String, Vec<String>>,
}

/// The catalogue compiled in, read once (the API tests read it through the options; a file
/// that did not parse would offer only the market's models).
fn catalogue() -> &'static Catalogue {
    static CATALOGUE: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
    CATALOGUE.get_or_init(|| {
        toml::from_str(CATALOGUE_TOML).unwrap_or_else(|e| {
            tracing::error!(error = %e, "the trade-in catalogue does not parse");
            Catalogue::default()
        })
    })
}

/// The makes and models the form offers: the catalogue's cars, its motorcycles, caravans
/// and trucks where the dealer sells a make of that category, and every model the market
/// can value; one entry per make (ignoring case), makes and models sorted ignoring case.
pub fn offered_models(
    dealer_makes: &[String],
    valued: Vec<(String, Vec<String>)>,
) -> Vec<MakeModels> {
    let catalogue = catalogue();
    let sells = |category: &BTreeMap<String, Vec<String>>| {
        category
            .keys()
            .any(|make| dealer_makes.iter().any(|m| m.eq_ignore_ascii_case(make)))
    };
    let mut groups: Vec<&BTreeMap<String, Vec<String>>> = vec![&catalogue.cars];
    groups.extend(
        [
            &catalogue.motorcycles,
            &catalogue.caravans,
            &catalogue.trucks,
        ]
        .into_iter()
        .filter(|c| sells(c)),
    );
    // make key -> (make as written, model key -> (model as written, valued))
    type Models = BTreeMap<String, (String, bool)>;
    let mut makes: BTreeMap<String, (String, Models)> = BTreeMap::new();
    let mut add = |make: &str, models: &mut dyn Iterator<Item = String>, valued: bool| {
        let entry = makes
            .entry(make.to_lowercase())
            .or_insert_with(|| (make.to_owned(), BTreeMap::new()));
        for model in models {
            entry
                .1
                .entry(model.to_lowercase())
                .or_insert((model, false))
                .1 |= valued;
        }
    };
    for group in groups {
        for (make, models) in group {
            add(make, &mut models.iter().cloned(), false);
        }
    }
    for (make, models) in valued {
        add(&make, &mut models.into_iter(), true);
    }
    makes
        .into_values()
        .map(|(make, models)| MakeModels {
            make,
            valued: models
                .values()
                .filter(|(_, valued)| *valued)
                .map(|(m, _)| m.clone())
                .collect(),
            models: models.into_values().map(|(m, _)| m).collect(),
        })
        .collect()
}

/// A make, model, badge or body: trimmed, within `max` characters, no control characters.
fn name(
    fields: &mut Fields,
    key: &str,
    label: &str,
    raw: &str,
    max: usize,
    required: bool,
) -> Option<String> {
    let text = raw.trim();
    if text.is_empty() {
        if required {
            fields.insert(key.to_owned(), messages::field_required(label));
        }
        return None;
    }
    if text.chars().count() > max || text.chars().any(char::is_control) {
        fields.insert(
            key.to_owned(),
            format!("{label} must be at most {max} letters, numbers or spaces."),
        );
        return None;
    }
    Some(text.to_owned())
}

/// The vehicle checked and trimmed, each bad field named under `vehicle.`.
fn check_vehicle(fields: &mut Fields, vehicle: &Vehicle, today: NaiveDate) -> Option<Vehicle> {
    let before = fields.len();
    if !(OLDEST_YEAR..=newest_year(today)).contains(&vehicle.year) {
        fields.insert("vehicle.year".to_owned(), INVALID_YEAR.to_owned());
    }
    let make = name(
        fields,
        "vehicle.make",
        "Make",
        &vehicle.make,
        MAX_NAME_CHARS,
        true,
    );
    let model = name(
        fields,
        "vehicle.model",
        "Model",
        &vehicle.model,
        MAX_NAME_CHARS,
        true,
    );
    let badge = vehicle
        .badge
        .as_deref()
        .and_then(|b| name(fields, "vehicle.badge", "Badge", b, MAX_DETAIL_CHARS, false));
    let body = vehicle
        .body
        .as_deref()
        .and_then(|b| name(fields, "vehicle.body", "Body", b, MAX_DETAIL_CHARS, false));
    if fields.len() > before {
        return None;
    }
    Some(Vehicle {
        year: vehicle.year,
        make: make?,
        model: model?,
        badge,
        body,
    })
}

fn check_kms(fields: &mut Fields, kms: u32) {
    if kms > MAX_KMS_INPUT {
        fields.insert("kms".to_owned(), INVALID_KMS.to_owned());
    }
}

/// The rego and state, when a rego is given (state defaults to the dealer's).
fn check_rego(
    fields: &mut Fields,
    rego: Option<&str>,
    rego_state: Option<&str>,
    default_state: &str,
) -> Option<(String, String)> {
    let rego = rego.filter(|r| !r.trim().is_empty())?;
    let rego = parse_rego(rego)
        .map_err(|m| fields.insert("rego".to_owned(), m.to_owned()))
        .ok();
    let state = rego_state
        .filter(|s| !s.trim().is_empty())
        .unwrap_or(default_state);
    let state = parse_rego_state(state)
        .map_err(|m| fields.insert("regoState".to_owned(), m.to_owned()))
        .ok();
    Some((rego?, state?.to_owned()))
}

fn car_of(vehicle: &Vehicle, kms: u32) -> TradeInCar {
    TradeInCar {
        year: vehicle.year,
        make: vehicle.make.clone(),
        model: vehicle.model.clone(),
        km: kms,
    }
}

/// The "Your Car" step: finds the car and says whether an online estimate can be made.
#[utoipa::path(post, path = "/api/trade-in/lookup", tag = "trade-in", request_body = LookupBody,
    responses((status = 200, body = LookupAnswer, description = "The car; `outcome` says whether the condition questions follow"),
        BadRequest, (status = 404, body = ErrorBody, description = "No online valuations, or no rego lookup, on this site"),
        TooLarge, NotJson,
        (status = 422, body = ErrorBody, description = "A bad field, or a rego the provider does not know; `fields` names each one"),
        RateLimited, (status = 502, body = ErrorBody, description = "The valuation provider failed")))]
pub async fn lookup(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LookupBody>,
) -> Result<Json<LookupAnswer>, ApiError> {
    let settings = enabled(&site)?;
    let today = state.clock.now().date_naive();
    let mut fields = Fields::new();
    check_kms(&mut fields, body.kms);
    let has_rego = body.rego.as_deref().is_some_and(|r| !r.trim().is_empty());
    let (rego, vehicle) = match (has_rego, &body.vehicle) {
        (true, None) => (
            check_rego(
                &mut fields,
                body.rego.as_deref(),
                body.rego_state.as_deref(),
                &settings.default_state,
            ),
            None,
        ),
        (false, Some(vehicle)) => (None, check_vehicle(&mut fields, vehicle, today)),
        _ => {
            fields.insert("rego".to_owned(), REGO_OR_VEHICLE.to_owned());
            (None, None)
        }
    };
    if !fields.is_empty() {
        return Err(ApiError::validation(fields));
    }
    // Across the platform: a valuation may cost a paid provider call whichever dealer
    // asks.
    limit_platform(
        &state,
        &site.slug,
        "valuations-ip",
        &ip,
        state.policy.valuations_per_ip,
    )
    .await?;
    let provider = provider(&state, settings);
    let vehicle = match (rego.as_ref(), vehicle) {
        (Some((rego, rego_state)), _) => {
            let (url, key) =
                provider.ok_or_else(|| ApiError::new(ErrorCode::NotFound, LOOKUP_OFF))?;
            provider_lookup(&state.http, url, key, rego, rego_state, today).await?
        }
        (None, Some(vehicle)) => vehicle,
        (None, None) => {
            return Err(ApiError::validation(Fields::from([(
                "rego".to_owned(),
                REGO_OR_VEHICLE.to_owned(),
            )])))
        }
    };
    let car = car_of(&vehicle, body.kms);
    // A provider values any car it found; locally the market must hold comparables.
    let checked = if provider.is_some() {
        eligibility(car.year, car.km, today)
    } else {
        local_check(&state.market.current(), &car, today).map(|_| ())
    };
    let (outcome, message) = match checked {
        Ok(()) => (LookupOutcome::Ready, None),
        Err(NoOffer::NotEligible) => (
            LookupOutcome::NotEligible,
            Some(NoOffer::NotEligible.message().to_owned()),
        ),
        Err(reason) => (LookupOutcome::NoEstimate, Some(reason.message().to_owned())),
    };
    let (rego, rego_state) = rego.map_or((None, None), |(r, s)| (Some(r), Some(s)));
    Ok(Json(LookupAnswer {
        outcome,
        message,
        vehicle,
        kms: body.kms,
        rego,
        rego_state,
    }))
}

/// The offer for the car and the condition answers, recorded under its id.
#[utoipa::path(post, path = "/api/trade-in/valuation", tag = "trade-in", request_body = ValuationBody,
    responses((status = 200, body = Valuation, description = "An offer, or (`not_eligible`, `no_estimate`) why there is none"),
        BadRequest, (status = 404, body = ErrorBody, description = "No online valuations on this site"),
        TooLarge, NotJson,
        (status = 422, body = ErrorBody, description = "A bad field or a missing answer; `fields` names each one"),
        RateLimited, (status = 502, body = ErrorBody, description = "The valuation provider failed")))]
pub async fn valuation(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ValuationBody>,
) -> Result<Json<Valuation>, ApiError> {
    let settings = enabled(&site)?;
    let now = state.clock.now();
    let today = now.date_naive();
    let mut fields = Fields::new();
    let vehicle = check_vehicle(&mut fields, &body.vehicle, today);
    check_kms(&mut fields, body.kms);
    let rego = check_rego(
        &mut fields,
        body.rego.as_deref(),
        body.rego_state.as_deref(),
        &settings.default_state,
    );
    let inputs: Vec<AnswerInput> = body
        .adjustment_answers
        .iter()
        .map(|a| AnswerInput {
            id: a.id.clone(),
            answer: a.answer.clone(),
        })
        .collect();
    let answers = check_answers(&inputs)
        .map_err(|errors| fields.extend(errors))
        .ok();
    let (Some(vehicle), Some(answers), true) = (vehicle, answers, fields.is_empty()) else {
        return Err(ApiError::validation(fields));
    };
    // Across the platform: a valuation may cost a paid provider call whichever dealer
    // asks.
    limit_platform(
        &state,
        &site.slug,
        "valuations-ip",
        &ip,
        state.policy.valuations_per_ip,
    )
    .await?;
    let car = car_of(&vehicle, body.kms);
    let provider = provider(&state, settings);
    let (rego, rego_state) = rego.map_or((None, None), |(r, s)| (Some(r), Some(s)));
    let mut answer = Valuation {
        outcome: ValuationOutcome::NoEstimate,
        message: None,
        id: None,
        offer_price: None,
        range_min: None,
        range_max: None,
        comparables: None,
        confidence: None,
        adjustments: answers
            .iter()
            .map(|a| AdjustmentView {
                id: a.question.id.to_owned(),
                answer: a.answer.value.to_owned(),
                amount: None,
            })
            .collect(),
        vehicle,
        kms: body.kms,
        rego,
        rego_state,
        source: if provider.is_some() {
            "provider"
        } else {
            "local"
        }
        .to_owned(),
    };
    let mut provider_id = None;
    let offered = match provider {
        Some((url, key)) => match eligibility(car.year, car.km, today) {
            Err(reason) => Err(reason),
            Ok(()) => match provider_valuation(&state.http, url, key, &answer, &answers).await? {
                Some(offer) => {
                    provider_id = offer.id;
                    answer.offer_price = Some(offer.offer_price);
                    answer.range_min = Some(offer.range_min.unwrap_or(offer.offer_price));
                    answer.range_max = Some(
                        offer
                            .range_max
                            .unwrap_or(offer.offer_price)
                            .max(offer.offer_price),
                    );
                    Ok(())
                }
                None => Err(NoOffer::NoOnlineOffer),
            },
        },
        None => local_offer(&state.market.current(), &car, &answers, today).map(|offer| {
            answer.offer_price = Some(offer.offer_price);
            answer.range_min = Some(offer.range_min);
            answer.range_max = Some(offer.range_max);
            answer.comparables = Some(offer.comparables);
            answer.confidence = Some(offer.confidence);
            for (view, deduction) in answer.adjustments.iter_mut().zip(&offer.deductions) {
                view.amount = Some(deduction.amount);
            }
        }),
    };
    match offered {
        Ok(()) => {
            let id = new_lead_id();
            answer.outcome = ValuationOutcome::Offer;
            answer.id = Some(id.clone());
            let mut data =
                serde_json::to_value(&answer).map_err(|e| ApiError::Internal(e.into()))?;
            data["provider_id"] = json!(provider_id);
            data["at"] = json!(now);
            state
                .store
                .record_event(&site.slug, VALUATION_EVENT, &id, data, now)
                .await?;
            tracing::info!(dealer = %site.slug, %id, offer = answer.offer_price, source = %answer.source, "trade-in valuation");
        }
        Err(reason) => {
            answer.outcome = if reason == NoOffer::NotEligible {
                ValuationOutcome::NotEligible
            } else {
                ValuationOutcome::NoEstimate
            };
            answer.message = Some(reason.message().to_owned());
            for view in &mut answer.adjustments {
                view.amount = None;
            }
        }
    }
    Ok(Json(answer))
}

fn provider_failed(url: &str, error: String) -> ApiError {
    tracing::warn!(%url, %error, "trade-in valuation provider failed");
    ApiError::new(ErrorCode::BadGateway, PROVIDER_FAILED)
}

/// The vehicle the provider found for a rego; 422 on `rego` when it knows none.
async fn provider_lookup(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    rego: &str,
    rego_state: &str,
    today: NaiveDate,
) -> Result<Vehicle, ApiError> {
    let url = format!("{}/lookup", base.trim_end_matches('/'));
    let sent = http
        .post(&url)
        .bearer_auth(key)
        .timeout(PROVIDER_TIMEOUT)
        .json(&json!({ "rego": rego, "state": rego_state }))
        .send()
        .await;
    let response = sent.map_err(|e| provider_failed(&url, e.to_string()))?;
    match response.status().as_u16() {
        200 => {}
        404 => {
            let message = format!("We couldn't find a car with the rego {rego} in {rego_state}. Please check the rego and state, or send us your car's details instead.");
            return Err(ApiError::validation(Fields::from([(
                "rego".to_owned(),
                message,
            )])));
        }
        status => return Err(provider_failed(&url, format!("status {status}"))),
    }
    let found: ProviderVehicle = response
        .json()
        .await
        .map_err(|e| provider_failed(&url, e.to_string()))?;
    let mut fields = Fields::new();
    let vehicle = Vehicle {
        year: found.year,
        make: found.make,
        model: found.model,
        badge: found.badge,
        body: found.body,
    };
    check_vehicle(&mut fields, &vehicle, today)
        .ok_or_else(|| provider_failed(&url, format!("unusable vehicle: {fields:?}")))
}

/// A vehicle as the provider describes it (other fields it sends are ignored).
#[derive(Debug, Deserialize)]
struct ProviderVehicle {
    year: u16,
    make: String,
    model: String,
    #[serde(default)]
    badge: Option<String>,
    #[serde(default)]
    body: Option<String>,
}

/// The provider's offer.
#[derive(Debug, Deserialize)]
struct ProviderOffer {
    offer_price: f64,
    #[serde(default)]
    range_min: Option<f64>,
    #[serde(default)]
    range_max: Option<f64>,
    #[serde(default)]
    id: Option<String>,
}

/// The provider's offer for the car, or none when it has no estimate.
async fn provider_valuation(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    answer: &Valuation,
    answers: &[Answered],
) -> Result<Option<ProviderOffer>, ApiError> {
    let url = format!("{}/valuation", base.trim_end_matches('/'));
    let adjustment_answers: Vec<_> = answers
        .iter()
        .map(|a| json!({ "id": a.question.id, "answer": a.answer.value }))
        .collect();
    let body = json!({
        "vehicle": answer.vehicle,
        "kms": answer.kms,
        "rego": answer.rego,
        "state": answer.rego_state,
        "adjustmentAnswers": adjustment_answers,
    });
    let sent = http
        .post(&url)
        .bearer_auth(key)
        .timeout(PROVIDER_TIMEOUT)
        .json(&body)
        .send()
        .await;
    let response = sent.map_err(|e| provider_failed(&url, e.to_string()))?;
    match response.status().as_u16() {
        200 => {}
        404 => return Ok(None),
        status => return Err(provider_failed(&url, format!("status {status}"))),
    }
    let offer: ProviderOffer = response
        .json()
        .await
        .map_err(|e| provider_failed(&url, e.to_string()))?;
    let money = |v: f64| v.is_finite() && v > 0.0;
    let ranges_ok = [offer.range_min, offer.range_max]
        .iter()
        .flatten()
        .all(|v| money(*v));
    if !money(offer.offer_price) || !ranges_ok {
        return Err(provider_failed(
            &url,
            format!("unusable offer {}", offer.offer_price),
        ));
    }
    Ok(Some(offer))
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/trade-in/options", get(options))
        .route("/api/trade-in/lookup", post(lookup))
        .route("/api/trade-in/valuation", post(valuation))
}
