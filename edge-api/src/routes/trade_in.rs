//! The online trade-in valuation's endpoints, for dealers with `features.trade_in`; the
//! valuations come from the [`crate::trade_in`] valuer chosen at start-up:
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
//! Not being able to estimate is an ordinary answer with a message; bad input is 422 with
//! a message per field; a failing provider is 502.

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Json;
use axum::Router;
use domain::messages;
use domain::messages::{REGO_OR_VEHICLE, TRADE_IN_OFF};
use domain::rules::trade_in::{
    check_answers, newest_year, valued_models, AnswerInput, NoOffer, QUESTIONS, REGO_STATES,
    TRADE_IN_MAX_AGE_YEARS, TRADE_IN_MAX_KM,
};
use serde_json::json;

use crate::error::answers::{BadRequest, NotJson, RateLimited, TooLarge, UnknownSite};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ClientIp};
use crate::lead::new_lead_id;
use crate::rate::limit_platform;
use crate::tenancy::{Site, TradeInSettings};
use crate::trade_in::api::{
    AdjustmentView, AnswerChoice, CarMessages, LookupAnswer, LookupBody, LookupOutcome,
    QuestionChoice, TradeInOptions, Valuation, ValuationBody, ValuationOutcome,
};
use crate::trade_in::catalogue::offered_models;
use crate::trade_in::check::{car_of, check_kms, check_rego, check_vehicle, Fields};
use crate::trade_in::{ValuationRequest, ValuationSource};
use crate::AppState;

/// Event kind of a recorded valuation.
pub const VALUATION_EVENT: &str = "trade-in-valuation";
/// Model years offered in the year choice (this year's and older ones, so an older car is
/// told it gets no online estimate rather than missing from the list).
pub const YEARS_OFFERED: u16 = 30;
/// Cache header of the options (the market changes with a build).
pub const OPTIONS_CACHE_CONTROL: &str = "public, max-age=3600";

fn enabled(site: &crate::tenancy::Tenant) -> Result<&TradeInSettings, ApiError> {
    if site.trade_in.enabled {
        Ok(&site.trade_in)
    } else {
        Err(ApiError::new(ErrorCode::NotFound, TRADE_IN_OFF))
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
    let lookup = on && state.trade_in.source(settings) == ValuationSource::Provider;
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
    let vehicle = match (rego.as_ref(), vehicle) {
        (Some((rego, rego_state)), _) => {
            state
                .trade_in
                .lookup(settings, rego, rego_state, today)
                .await?
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
    let checked = state
        .trade_in
        .check(settings, &state.market.current(), &car, today);
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
    let source = state.trade_in.source(settings);
    let request = ValuationRequest {
        vehicle: &vehicle,
        kms: body.kms,
        rego: rego.as_ref().map(|(r, _)| r.as_str()),
        rego_state: rego.as_ref().map(|(_, s)| s.as_str()),
        answers: &answers,
    };
    let offered = state
        .trade_in
        .value(settings, &state.market.current(), request, today)
        .await?;
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
        source: source.as_str().to_owned(),
    };
    let mut provider_id = None;
    let offered = offered.map(|offer| {
        provider_id = offer.provider_id;
        answer.offer_price = Some(offer.offer_price);
        answer.range_min = Some(offer.range_min);
        answer.range_max = Some(offer.range_max);
        answer.comparables = offer.comparables;
        answer.confidence = offer.confidence;
        for (view, amount) in answer.adjustments.iter_mut().zip(offer.deductions) {
            view.amount = Some(amount);
        }
    });
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

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/trade-in/options", get(options))
        .route("/api/trade-in/lookup", post(lookup))
        .route("/api/trade-in/valuation", post(valuation))
}
