//! The journey's logic behind its handlers: who may open a journey, each step's
//! checks, the drive-away summary, and the order sent to the dealer as a lead.

use crate::delivery::lead_mail::lead_time;
use crate::error::{ApiError, ErrorCode};
use crate::lead::{new_lead_id, AppointmentChoice, LeadFields, PaymentStatus, Scalar};
use crate::rate::limit_lead;
use crate::routes::appointments;
use crate::routes::trade_in::VALUATION_EVENT;
use crate::stock_car::{stock_facts, StockFacts};
use crate::store::{
    DeliveryChoice, DeliveryStep, FinanceChoice, FinanceStep, Frequency, JourneyRecord, LeadRecord,
    ReservationRecord, TradeInChoice, TradeInStep,
};
use crate::tenancy::Tenant;
use crate::AppState;
use chrono::{DateTime, Duration, Utc};
use domain::messages::{
    self, BAD_TOKEN, CHOOSE_DELIVERY, CHOOSE_FINANCE, CHOOSE_PICKUP_LOCATION, CHOOSE_TRADE_IN,
    DELIVERY_UNAVAILABLE, NOT_YOUR_JOURNEY, NO_DELIVERY, NO_JOURNEY, ONLINE_PURCHASE_CATEGORY,
    SIGN_IN_TO_CONTINUE, VALUATION_NOT_FOUND,
};
use domain::rules::delivery::{delivery_estimate, delivery_origins};
use domain::rules::finance::{CarLoan, LoanTerms, PaymentFrequency};
use domain::rules::postcode::{delivery_postcode, DeliveryError};
use domain::view::form::FormKind;
use serde::de::IntoDeserializer;
use serde_json::{Number, Value};

use super::{
    DeliveryInput, Fields, FinanceInput, HoldView, JourneyView, RepaymentView, SummaryView,
    TradeInInput, AMOUNT_MAX, COMPARISON_RATE_MAX, ESTABLISHMENT_FEE_MAX, OFFER_DAYS, RATE_MAX,
    RATE_MIN,
};

pub(super) fn token_hash(secret: &str) -> String {
    blake3::hash(secret.as_bytes()).to_hex().to_string()
}

pub(super) fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// The journey of `car_id` the request may open: the token's, else the signed-in
/// phone's latest.
pub(super) async fn owned(
    state: &AppState,
    site: &Tenant,
    car_id: u64,
    token: Option<&str>,
    session_phone: Option<&str>,
) -> Result<JourneyRecord, ApiError> {
    let token = token.map(str::trim).filter(|t| !t.is_empty());
    if let Some(token) = token {
        let (reservation_id, secret) = token
            .split_once('.')
            .filter(|(id, secret)| {
                !id.is_empty()
                    && id.len() <= 64
                    && id.bytes().all(|b| b.is_ascii_alphanumeric())
                    && secret.len() == 64
                    && secret.bytes().all(|b| b.is_ascii_hexdigit())
            })
            .ok_or_else(|| ApiError::bad_field("token", BAD_TOKEN))?;
        let journey = state.store.journey(&site.slug, reservation_id).await?;
        // Equal hashes of a 256-bit secret: comparing them leaks nothing usable.
        match journey {
            Some(j) if j.token_hash == token_hash(secret) && j.car_id == car_id => return Ok(j),
            _ if session_phone.is_none() => {
                return Err(ApiError::new(ErrorCode::Forbidden, NOT_YOUR_JOURNEY))
            }
            // A stale token of this browser: the signed-in phone decides.
            _ => {}
        }
    }
    let Some(phone) = session_phone else {
        return Err(ApiError::new(
            ErrorCode::SignInRequired,
            SIGN_IN_TO_CONTINUE,
        ));
    };
    let phone = digits(phone);
    let ids = state
        .store
        .journeys_of_phone(&site.slug, &phone, car_id)
        .await?;
    for id in ids.iter().rev() {
        if let Some(journey) = state.store.journey(&site.slug, id).await? {
            if journey.phone.as_deref().map(digits).as_deref() == Some(phone.as_str()) {
                return Ok(journey);
            }
        }
    }
    Err(ApiError::new(ErrorCode::NotFound, NO_JOURNEY))
}

pub(super) async fn reservation_of(
    state: &AppState,
    journey: &JourneyRecord,
) -> Result<ReservationRecord, ApiError> {
    state
        .store
        .reservation(&journey.dealer, &journey.reservation_id)
        .await?
        .ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "journey {} has no reservation",
                journey.reservation_id
            ))
        })
}

/// Whether the reservation's hold still keeps the car (a deposit held on the card, or
/// to be paid at the dealership).
pub(super) async fn live(
    state: &AppState,
    reservation: &ReservationRecord,
    now: DateTime<Utc>,
) -> Result<bool, ApiError> {
    if !matches!(
        reservation.status,
        PaymentStatus::Held | PaymentStatus::AwaitingPayment
    ) {
        return Ok(false);
    }
    Ok(state
        .store
        .hold(&reservation.dealer, reservation.car_id, now)
        .await?
        .is_some_and(|h| h.reservation_id == reservation.id))
}

pub(super) fn domain_frequency(f: Frequency) -> PaymentFrequency {
    match f {
        Frequency::Week => PaymentFrequency::Week,
        Frequency::Fortnight => PaymentFrequency::Fortnight,
        Frequency::Month => PaymentFrequency::Month,
    }
}

/// The loan terms of the journey's dealer (its finance settings), as its car pages use them.
pub(super) fn loan_terms(state: &AppState, dealer: &str) -> LoanTerms {
    state
        .tenants
        .by_slug(dealer)
        .map(|t| t.finance.clone())
        .unwrap_or_default()
}

pub(super) fn summary(
    price: Option<f64>,
    terms: &LoanTerms,
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
) -> SummaryView {
    let trade_in = journey
        .trade_in
        .as_ref()
        .filter(|t| t.choice == TradeInChoice::Offer)
        .and_then(|t| t.offer_price)
        .unwrap_or(0.0);
    let delivery_fee = journey
        .delivery
        .as_ref()
        .filter(|d| d.choice == DeliveryChoice::Delivery)
        .and_then(|d| d.fee)
        .unwrap_or(0.0);
    // Only money the shopper has already put up comes off: a deposit still to pay at the
    // dealership is paid out of the balance, so taking it off too would show them a
    // balance $200 short of what they will hand over.
    let deposit_deducted = matches!(
        reservation.status,
        PaymentStatus::Held | PaymentStatus::Captured
    );
    let deducted = if deposit_deducted {
        f64::from(reservation.deposit)
    } else {
        0.0
    };
    let balance = price.map(|p| {
        let left = p + delivery_fee - trade_in - deducted;
        (left.max(0.0) * 100.0).round() / 100.0
    });
    let repayment = match (&journey.finance, balance) {
        (Some(f), Some(balance)) if f.choice == FinanceChoice::Finance => {
            let (rate, term_years) = (f.rate.unwrap_or(RATE_MIN), f.term_years.unwrap_or(1.0));
            let frequency = f.frequency.unwrap_or(Frequency::Week);
            let deposit = f.deposit.unwrap_or(0.0);
            let balloon = f.balloon.unwrap_or(0.0);
            // The car page's calculator on the shopper's figures: its establishment fee
            // financed, the dealer's fees in the comparison rate, the dealer's rounding. Of
            // the page's terms only the fee comes with the step: the page finances the feed
            // lender's fee where the feed names one and the API has no lender data, so the
            // step carries it (bounded); without it the dealer's own applies.
            let establishment_fee = f.establishment_fee.unwrap_or(terms.establishment_fee);
            let (upfront_fees, monthly_fees) = terms.comparison_fees(establishment_fee);
            let loan = CarLoan {
                deposit,
                establishment_fee,
                upfront_fees,
                monthly_fees,
                balloon,
                rate,
                term_years,
                ..CarLoan::of(terms, balance, None)
            };
            Some(RepaymentView {
                amount: loan.repayment(domain_frequency(frequency)),
                frequency,
                financed: (balance - deposit).max(0.0),
                rate,
                // A lender's quoted comparison rate is in the page's data, not the API's.
                comparison_rate: f
                    .comparison_rate
                    .unwrap_or_else(|| loan.comparison_rate_at(rate)),
                term_years,
                balloon,
            })
        }
        _ => None,
    };
    SummaryView {
        price,
        trade_in,
        deposit: reservation.deposit,
        deposit_deducted,
        delivery_fee,
        balance,
        repayment,
    }
}

pub(super) async fn view(
    state: &AppState,
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
) -> Result<JourneyView, ApiError> {
    let now = state.clock.now();
    let car = stock_facts(state, &journey.dealer, journey.car_id);
    Ok(JourneyView {
        reservation_id: journey.reservation_id.clone(),
        car_id: journey.car_id,
        car_name: car.as_ref().map(|c| c.name.clone()),
        hold: HoldView {
            status: reservation.status,
            label: reservation.status.label().to_owned(),
            live: live(state, reservation, now).await?,
            deposit: reservation.deposit,
            expires_at: reservation.expires_at,
        },
        finance: journey.finance.clone(),
        trade_in: journey.trade_in.clone(),
        delivery: journey.delivery.clone(),
        summary: summary(
            car.map(|c| c.price),
            &loan_terms(state, &journey.dealer),
            journey,
            reservation,
        ),
        order: journey.order.clone(),
    })
}

/// A number in a range, on a step (None: any).
pub(super) fn in_range(
    fields: &mut Fields,
    name: &str,
    value: Option<f64>,
    (min, max, step): (f64, f64, Option<f64>),
    message: String,
) -> Option<f64> {
    let v = value?;
    let on_step = step.is_none_or(|s| ((v / s) - (v / s).round()).abs() < 1e-9);
    if !(v.is_finite() && v >= min && v <= max && on_step) {
        fields.insert(name.to_owned(), message);
        return None;
    }
    Some(v)
}

/// A step's choice as sent: one of its enum's words (`skipped`, `cash`, `offer`, …, as
/// they are stored), else `message` under the field `name`.
pub(super) fn step_choice<C: serde::de::DeserializeOwned>(
    raw: &str,
    name: &str,
    message: &str,
    fields: &mut Fields,
) -> Option<C> {
    let word: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
        raw.trim().into_deserializer();
    let choice = C::deserialize(word).ok();
    if choice.is_none() {
        fields.insert(name.to_owned(), message.to_owned());
    }
    choice
}

pub(super) fn finance_step(
    input: &FinanceInput,
    before: Option<&FinanceStep>,
    fields: &mut Fields,
) -> Option<FinanceStep> {
    let choice: FinanceChoice =
        step_choice(&input.choice, "finance.choice", CHOOSE_FINANCE, fields)?;
    // An application once sent stays on record, whatever the shopper chooses later.
    let (application_lead_id, applied_at) = before
        .map(|b| (b.application_lead_id.clone(), b.applied_at))
        .unwrap_or_default();
    if choice != FinanceChoice::Finance {
        return Some(FinanceStep {
            choice,
            deposit: None,
            term_years: None,
            rate: None,
            balloon: None,
            establishment_fee: None,
            comparison_rate: None,
            frequency: None,
            application_lead_id,
            applied_at,
        });
    }
    let deposit = in_range(
        fields,
        "finance.deposit",
        Some(input.deposit.unwrap_or(0.0)),
        (0.0, AMOUNT_MAX, None),
        messages::enter_amount(messages::A_DEPOSIT),
    );
    let balloon = in_range(
        fields,
        "finance.balloon",
        Some(input.balloon.unwrap_or(0.0)),
        (0.0, AMOUNT_MAX, None),
        messages::enter_amount(messages::A_FINAL_PAYMENT),
    );
    let establishment_fee = in_range(
        fields,
        "finance.establishment_fee",
        input.establishment_fee,
        (0.0, ESTABLISHMENT_FEE_MAX, None),
        messages::ENTER_ESTABLISHMENT_FEE.into(),
    );
    let comparison_rate = in_range(
        fields,
        "finance.comparison_rate",
        input.comparison_rate,
        (RATE_MIN, COMPARISON_RATE_MAX, None),
        messages::comparison_rate_out_of_range(RATE_MIN, COMPARISON_RATE_MAX),
    );
    let term_years = match input.term_years {
        None => {
            fields.insert(
                "finance.term_years".into(),
                messages::CHOOSE_LOAN_TERM.into(),
            );
            None
        }
        some => in_range(
            fields,
            "finance.term_years",
            some,
            (1.0, 7.0, Some(0.5)),
            messages::LOAN_TERM_RANGE.into(),
        ),
    };
    let rate = match input.rate {
        None => {
            fields.insert("finance.rate".into(), messages::ENTER_INTEREST_RATE.into());
            None
        }
        some => in_range(
            fields,
            "finance.rate",
            some,
            (RATE_MIN, RATE_MAX, None),
            messages::interest_rate_out_of_range(RATE_MIN, RATE_MAX),
        ),
    };
    let frequency = match input.frequency.as_deref().map(str::trim) {
        None | Some("") | Some("week") => Some(Frequency::Week),
        Some("fortnight") => Some(Frequency::Fortnight),
        Some("month") => Some(Frequency::Month),
        Some(_) => {
            fields.insert(
                "finance.frequency".into(),
                messages::CHOOSE_FREQUENCY.into(),
            );
            None
        }
    };
    Some(FinanceStep {
        choice,
        deposit,
        term_years,
        rate,
        balloon,
        establishment_fee,
        comparison_rate,
        frequency,
        application_lead_id,
        applied_at,
    })
}

/// The offer recorded under a valuation id in the last [`OFFER_DAYS`] days.
pub(super) async fn valuation(
    state: &AppState,
    dealer: &str,
    id: &str,
    now: DateTime<Utc>,
) -> Result<Option<Value>, ApiError> {
    let today = now.date_naive();
    for back in 0..OFFER_DAYS {
        let date = today - Duration::days(back);
        let events = state.store.events(dealer, VALUATION_EVENT, date).await?;
        if let Some(found) = events.into_iter().find(|e| e["id"].as_str() == Some(id)) {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

pub(super) async fn trade_in_step(
    state: &AppState,
    dealer: &str,
    input: &TradeInInput,
    fields: &mut Fields,
    now: DateTime<Utc>,
) -> Result<Option<TradeInStep>, ApiError> {
    let Some(choice) = step_choice(&input.choice, "trade_in.choice", CHOOSE_TRADE_IN, fields)
    else {
        return Ok(None);
    };
    let mut step = TradeInStep {
        choice,
        valuation_id: None,
        offer_price: None,
        vehicle: None,
        kms: None,
        rego: None,
        valued_at: None,
    };
    if choice != TradeInChoice::Offer {
        return Ok(Some(step));
    }
    let id = input.valuation_id.as_deref().map(str::trim).filter(|id| {
        !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    let Some(id) = id else {
        fields.insert(
            "trade_in.valuation_id".into(),
            messages::VALUE_YOUR_CAR_FIRST.into(),
        );
        return Ok(None);
    };
    let Some(found) = valuation(state, dealer, id, now).await? else {
        fields.insert("trade_in.valuation_id".into(), VALUATION_NOT_FOUND.into());
        return Ok(None);
    };
    let text = |v: &Value| {
        v.as_str()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    };
    let vehicle = &found["vehicle"];
    let name: Vec<String> = [
        vehicle["year"].as_u64().map(|y| y.to_string()),
        text(&vehicle["make"]),
        text(&vehicle["model"]),
        text(&vehicle["badge"]),
    ]
    .into_iter()
    .flatten()
    .collect();
    step.valuation_id = Some(id.to_owned());
    step.offer_price = found["offer_price"]
        .as_f64()
        .filter(|p| p.is_finite() && *p > 0.0);
    step.vehicle = (!name.is_empty()).then(|| name.join(" "));
    step.kms = found["kms"].as_u64().and_then(|k| u32::try_from(k).ok());
    step.rego = text(&found["rego"]);
    step.valued_at = serde_json::from_value(found["at"].clone()).ok();
    if step.offer_price.is_none() {
        fields.insert("trade_in.valuation_id".into(), VALUATION_NOT_FOUND.into());
        return Ok(None);
    }
    Ok(Some(step))
}

/// The field messages of an error about a pick-up, under `delivery.`.
pub(super) fn pickup_error(e: ApiError, fields: &mut Fields) -> Result<(), ApiError> {
    match e {
        ApiError::Client {
            code: ErrorCode::BadRequest,
            fields: Some(errors),
            ..
        } => {
            for (name, message) in errors {
                fields.insert(format!("delivery.{name}"), message);
            }
            Ok(())
        }
        other => Err(other),
    }
}

pub(super) async fn delivery_step(
    state: &AppState,
    site: &Tenant,
    input: &DeliveryInput,
    fields: &mut Fields,
    now: DateTime<Utc>,
) -> Result<Option<DeliveryStep>, ApiError> {
    let Some(choice) = step_choice(&input.choice, "delivery.choice", CHOOSE_DELIVERY, fields)
    else {
        return Ok(None);
    };
    let mut step = DeliveryStep {
        choice,
        postcode: None,
        place: None,
        region: None,
        fee: None,
        location: None,
        location_name: None,
        date: None,
        time: None,
    };
    match choice {
        DeliveryChoice::Skipped => {}
        DeliveryChoice::Delivery => {
            let raw = input.postcode.clone().unwrap_or_default();
            let postcode = match delivery_postcode(&raw) {
                Ok(p) => p,
                Err(e) => {
                    fields.insert("delivery.postcode".into(), e.to_string());
                    return Ok(None);
                }
            };
            if state.postcodes.is_empty() {
                return Err(ApiError::new(ErrorCode::Unavailable, DELIVERY_UNAVAILABLE));
            }
            let estimate = delivery_origins(&site.delivery_origins, None)
                .ok()
                .and_then(|origins| {
                    let place = state.postcodes.get(&postcode)?;
                    delivery_estimate(&site.delivery_zones, origins, place)
                });
            let Some(estimate) = estimate else {
                let message = if state.postcodes.get(&postcode).is_none() {
                    DeliveryError::NoEstimate.to_string()
                } else {
                    NO_DELIVERY.to_owned()
                };
                fields.insert("delivery.postcode".into(), message);
                return Ok(None);
            };
            step.place = Some(format!("{} {}", estimate.locality, estimate.state));
            step.region = Some(estimate.region);
            step.fee = Some(estimate.price);
            step.postcode = Some(estimate.postcode);
        }
        DeliveryChoice::Pickup => {
            let Some(location) = input
                .location
                .as_deref()
                .map(str::trim)
                .filter(|l| !l.is_empty())
            else {
                fields.insert("delivery.location".into(), CHOOSE_PICKUP_LOCATION.into());
                return Ok(None);
            };
            let choice = AppointmentChoice {
                location: location.to_owned(),
                date: input.date.clone().unwrap_or_default(),
                time: input.time.clone().unwrap_or_default(),
            };
            let booking = match appointments::booking(state, site, &choice, "", now).await {
                Ok(b) => b,
                Err(e) => {
                    pickup_error(e, fields)?;
                    return Ok(None);
                }
            };
            step.location_name = site
                .locations
                .iter()
                .find(|l| l.slug == booking.location)
                .map(|l| l.name.clone());
            step.location = Some(booking.location);
            step.date = Some(booking.date);
            step.time = Some(booking.time);
        }
    }
    Ok(Some(step))
}

/// "$12,345" or "$12,345.50": the emails' one money format.
pub(super) fn money(amount: f64) -> String {
    domain::rules::format::format_price(amount)
}

pub(super) fn number(value: f64) -> Scalar {
    Number::from_f64(value)
        .map(Scalar::Number)
        .unwrap_or_else(|| Scalar::Text(value.to_string()))
}

pub(super) fn finance_line(step: Option<&FinanceStep>, s: &SummaryView) -> String {
    match step.map(|f| f.choice) {
        Some(FinanceChoice::Cash) => "Paying cash".to_owned(),
        Some(FinanceChoice::Finance) => {
            let mut line = match &s.repayment {
                Some(r) => format!(
                    "{} financed over {} years at {}% p.a. (comparison rate {:.2}% p.a.), final payment {}, estimated {} per {}",
                    money(r.financed),
                    r.term_years,
                    r.rate,
                    r.comparison_rate,
                    money(r.balloon),
                    money(r.amount),
                    r.frequency.noun()
                ),
                None => "Wanted (no price to work repayments out from)".to_owned(),
            };
            if let Some(f) = step {
                if let Some(d) = f.deposit.filter(|d| *d > 0.0) {
                    line.push_str(&format!(", cash deposit {}", money(d)));
                }
                match &f.application_lead_id {
                    Some(id) => {
                        line.push_str(&format!("; pre-approval application sent (lead {id})"))
                    }
                    None => line.push_str("; no pre-approval application"),
                }
            }
            line
        }
        Some(FinanceChoice::Skipped) => "Skipped: to talk about with the dealer".to_owned(),
        None => "Not chosen".to_owned(),
    }
}

pub(super) fn trade_in_line(step: Option<&TradeInStep>) -> String {
    match step {
        Some(t) if t.choice == TradeInChoice::Offer => {
            let mut line = format!(
                "Online offer {} for {}",
                t.offer_price.map(money).unwrap_or_default(),
                t.vehicle.as_deref().unwrap_or("the shopper's car")
            );
            if let Some(kms) = t.kms {
                line.push_str(&format!(", {kms} km"));
            }
            if let Some(rego) = &t.rego {
                line.push_str(&format!(", rego {rego}"));
            }
            if let Some(id) = &t.valuation_id {
                line.push_str(&format!(" (valuation {id})"));
            }
            line
        }
        Some(t) if t.choice == TradeInChoice::None => "No trade-in".to_owned(),
        Some(_) => "Skipped: to talk about with the dealer".to_owned(),
        None => "Not chosen".to_owned(),
    }
}

pub(super) fn delivery_line(step: Option<&DeliveryStep>) -> String {
    match step {
        Some(d) if d.choice == DeliveryChoice::Delivery => format!(
            "Delivery to {} {} ({}), fee {}",
            d.postcode.as_deref().unwrap_or_default(),
            d.place.as_deref().unwrap_or_default(),
            d.region.as_deref().unwrap_or_default(),
            d.fee.map(money).unwrap_or_default()
        ),
        Some(d) if d.choice == DeliveryChoice::Pickup => format!(
            "Pick-up at {} on {} at {}",
            d.location_name
                .as_deref()
                .or(d.location.as_deref())
                .unwrap_or_default(),
            d.date
                .map(|d| d.format("%A %-d %B %Y").to_string())
                .unwrap_or_default(),
            d.time
                .map(|t| t.format("%H:%M").to_string())
                .unwrap_or_default()
        ),
        Some(_) => "Skipped: to talk about with the dealer".to_owned(),
        None => "Not chosen".to_owned(),
    }
}

/// The order as the dealer reads it: one line a step, then the drive-away figures;
/// `hold_ends` is when the hold ends as the dealer's email writes times.
pub(super) fn order_detail(
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
    s: &SummaryView,
    hold_ends: &str,
) -> String {
    let mut lines = vec![
        format!(
            "1. Reservation {}: {}; {} deposit; hold ends {hold_ends}",
            reservation.id,
            reservation.status.label(),
            money(f64::from(reservation.deposit)),
        ),
        format!("2. Finance: {}", finance_line(journey.finance.as_ref(), s)),
        format!("3. Trade-in: {}", trade_in_line(journey.trade_in.as_ref())),
        format!(
            "4. Delivery or pick-up: {}",
            delivery_line(journey.delivery.as_ref())
        ),
    ];
    let mut review = vec![match s.price {
        Some(p) => format!("price {}", money(p)),
        None => "price to be confirmed".to_owned(),
    }];
    if s.trade_in > 0.0 {
        review.push(format!("less trade-in {}", money(s.trade_in)));
    }
    if s.deposit_deducted {
        review.push(format!("less deposit {}", money(f64::from(s.deposit))));
    } else if reservation.status == PaymentStatus::AwaitingPayment {
        review.push(format!(
            "deposit {} to pay at the dealership (part of the balance)",
            money(f64::from(s.deposit))
        ));
    }
    if s.delivery_fee > 0.0 {
        review.push(format!("plus delivery {}", money(s.delivery_fee)));
    }
    if let Some(balance) = s.balance {
        review.push(format!("balance {}", money(balance)));
    }
    if let Some(r) = &s.repayment {
        review.push(format!(
            "estimated repayments {} per {}",
            money(r.amount),
            r.frequency.noun()
        ));
    }
    lines.push(format!("5. Drive-away: {}", review.join(", ")));
    lines.join("\n")
}

/// The contact details of the reservation's lead, for the leads the journey sends.
pub(super) fn contact_fields(lead: &LeadRecord) -> LeadFields {
    let f = &lead.fields;
    LeadFields {
        name: f.name.clone(),
        last_name: f.last_name.clone(),
        email: f.email.clone(),
        phone: f.phone.clone(),
        postcode: f.postcode.clone(),
        phone_verified: f.phone_verified,
        user_agent: f.user_agent.clone(),
        source: Some(messages::LEAD_SOURCE_WEBSITE.to_owned()),
        ..LeadFields::default()
    }
}

/// Names the car in a lead of the journey: its id always, the rest from the stock.
pub(super) fn car_fields(fields: &mut LeadFields, car_id: u64, car: Option<&StockFacts>) {
    match car {
        Some(car) => car.fill(car_id, fields),
        None => fields.car_id = Some(Scalar::Number(Number::from(car_id))),
    }
}

pub(super) async fn reservation_lead(
    state: &AppState,
    reservation: &ReservationRecord,
) -> Result<LeadRecord, ApiError> {
    state
        .store
        .lead(&reservation.dealer, &reservation.lead_id)
        .await?
        .ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "reservation {} has no lead",
                reservation.id
            ))
        })
}

/// Counts a lead the journey sends against the lead limits, as a form's would.
pub(super) async fn lead_limits(
    state: &AppState,
    site: &Tenant,
    ip: &str,
    lead: &LeadRecord,
) -> Result<(), ApiError> {
    limit_lead(
        state,
        &site.slug,
        ip,
        lead.fields.phone.as_ref().map(|p| p.digits()),
    )
    .await
}

/// The pre-approval application: a finance lead with the calculator's figures for the car.
pub(super) async fn application_lead(
    state: &AppState,
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
    now: DateTime<Utc>,
) -> Result<LeadRecord, ApiError> {
    let contact = reservation_lead(state, reservation).await?;
    let car = stock_facts(state, &journey.dealer, journey.car_id);
    let s = summary(
        car.as_ref().map(|c| c.price),
        &loan_terms(state, &journey.dealer),
        journey,
        reservation,
    );
    let (category, subcategory) = FormKind::FinanceEnquiry.category();
    let mut fields = LeadFields {
        category: Some(category.to_owned()),
        subcategory: subcategory.map(str::to_owned),
        finance: Some(messages::YES.to_owned()),
        vehicle_type: Some(messages::FINANCE_VEHICLE_TYPE_CAR.to_owned()),
        message: Some(format!(
            "Pre-approval application from the buy-online journey (reservation {}). Finance: {}.",
            reservation.id,
            finance_line(journey.finance.as_ref(), &s)
        )),
        ..contact_fields(&contact)
    };
    car_fields(&mut fields, journey.car_id, car.as_ref());
    Ok(LeadRecord {
        id: new_lead_id(),
        dealer: journey.dealer.clone(),
        created_at: now,
        updated_at: now,
        steps: 1,
        fields,
    })
}

/// The Online Purchase lead: the car, the reservation (so the dealer's deposit links
/// come with it) and every step, as fields the dealer's email and ADF show.
pub(super) fn order_lead(
    site: &Tenant,
    journey: &JourneyRecord,
    reservation: &ReservationRecord,
    contact: &LeadRecord,
    car: Option<&StockFacts>,
    s: &SummaryView,
    now: DateTime<Utc>,
) -> LeadRecord {
    let mut fields = LeadFields {
        category: Some(ONLINE_PURCHASE_CATEGORY.to_owned()),
        reservation_id: Some(reservation.id.clone()),
        reservation_status: Some(reservation.status),
        deposit: Some(reservation.deposit),
        hold_expires_at: Some(reservation.expires_at),
        form_completed: Some(true),
        lead_status: Some(messages::LEAD_STATUS_COMPLETE.to_owned()),
        ..contact_fields(contact)
    };
    car_fields(&mut fields, journey.car_id, car);
    match journey.finance.as_ref().map(|f| f.choice) {
        Some(FinanceChoice::Finance) => fields.finance = Some(messages::YES.to_owned()),
        Some(FinanceChoice::Cash) => fields.finance = Some(messages::NO.to_owned()),
        _ => {}
    }
    match &journey.trade_in {
        Some(t) if t.choice == TradeInChoice::Offer => {
            fields.has_trade_in = Some(messages::YES.to_owned());
            fields.offer_price = t.offer_price.map(number);
            fields.id = t.valuation_id.clone().map(Scalar::Text);
            fields.kms = t.kms.map(|k| Scalar::Number(Number::from(k)));
            fields.rego = t.rego.clone();
        }
        Some(t) if t.choice == TradeInChoice::None => {
            fields.has_trade_in = Some(messages::NO.to_owned());
        }
        _ => {}
    }
    if let Some(d) = journey
        .delivery
        .as_ref()
        .filter(|d| d.choice == DeliveryChoice::Pickup)
    {
        fields.location = d.location.clone();
    }
    let mut lead = LeadRecord {
        id: new_lead_id(),
        dealer: journey.dealer.clone(),
        created_at: now,
        updated_at: now,
        steps: 1,
        fields,
    };
    // On the clock of the location the order is for, as the email's "Received".
    let hold_ends = lead_time(site, &lead, reservation.expires_at);
    lead.fields.order_detail = Some(order_detail(journey, reservation, s, &hold_ends));
    lead
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_deposit_on_the_card_comes_off_the_balance() {
        let at = DateTime::<Utc>::UNIX_EPOCH;
        let journey = JourneyRecord {
            dealer: "alpha".into(),
            reservation_id: "R1".into(),
            car_id: 1,
            phone: None,
            token_hash: String::new(),
            created_at: at,
            updated_at: at,
            finance: None,
            trade_in: None,
            delivery: None,
            order: None,
            version: 0,
        };
        let reservation = |status| ReservationRecord {
            id: "R1".into(),
            dealer: "alpha".into(),
            car_id: 1,
            lead_id: "L1".into(),
            status,
            deposit: 200,
            hold_hours: 48,
            created_at: at,
            expires_at: at,
            card: status == PaymentStatus::Held,
            payment_intent: None,
            history: Vec::new(),
        };
        for (status, deducted, balance) in [
            (PaymentStatus::Held, true, 45_790.0),
            (PaymentStatus::Captured, true, 45_790.0),
            (PaymentStatus::AwaitingPayment, false, 45_990.0),
            (PaymentStatus::Expired, false, 45_990.0),
        ] {
            let s = summary(
                Some(45_990.0),
                &LoanTerms::default(),
                &journey,
                &reservation(status),
            );
            assert_eq!(
                (s.deposit_deducted, s.balance),
                (deducted, Some(balance)),
                "{status:?}"
            );
            let detail = order_detail(&journey, &reservation(status), &s, "then");
            assert_eq!(detail.contains("less deposit $200"), deducted, "{detail}");
            assert_eq!(
                detail.contains("deposit $200 to pay at the dealership (part of the balance)"),
                status == PaymentStatus::AwaitingPayment,
                "{detail}"
            );
        }
    }

    #[test]
    fn a_step_choice_is_one_of_its_stored_words_trimmed() {
        let mut fields = Fields::new();
        let cases = [
            (" cash ", Some(FinanceChoice::Cash)),
            ("finance", Some(FinanceChoice::Finance)),
            ("skipped", Some(FinanceChoice::Skipped)),
            ("Cash", None),
            ("", None),
        ];
        for (raw, want) in cases {
            let got: Option<FinanceChoice> =
                step_choice(raw, "finance.choice", "pick", &mut fields);
            assert_eq!(got, want, "{raw:?}");
        }
        assert_eq!(
            fields.get("finance.choice").map(String::as_str),
            Some("pick")
        );
        let none: Option<TradeInChoice> =
            step_choice("none", "trade_in.choice", "pick", &mut fields);
        assert_eq!(none, Some(TradeInChoice::None));
        let pickup: Option<DeliveryChoice> =
            step_choice("pickup", "delivery.choice", "pick", &mut fields);
        assert_eq!(pickup, Some(DeliveryChoice::Pickup));
        assert!(!fields.contains_key("trade_in.choice") && !fields.contains_key("delivery.choice"));
    }
}
