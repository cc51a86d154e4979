//! Card deposits after the reserve request: the shopper's 3-D Secure confirmation
//! (`POST /api/reservations/{reservation_id}/confirm`) and cancellation
//! (`POST /api/reservations/{reservation_id}/cancel`, signed in with the reservation's
//! phone), the dealer's signed links (`GET` shows a confirmation page whose button
//! `POST`s; only the POST acts, so a mail scanner following links changes nothing), and
//! Stripe's webhook (`POST /api/payments/stripe/webhook`, signature checked, each event
//! handled once, the PaymentIntent read from Stripe rather than trusted from the body).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::answers::UnknownSite;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::SignedIn;
use crate::lead::PaymentStatus;
use crate::payment::flow;
use crate::payment::links::DealerAction;
use crate::payment::stripe::{verify_signature, StripeError};
use crate::payment::CardPayments;
use crate::routes::reservations::{card_answer, follow_answer, ReservationAnswer};
use crate::stock_car::stock_facts;
use crate::store::{HoldChange, ReservationRecord, TransitionOutcome};
use crate::tenancy::{Site, Tenant};
use crate::AppState;
use domain::messages::{
    self, CANNOT_CANCEL, CARD_PAYMENTS_UNAVAILABLE, HOLD_LAPSED, NOT_YOUR_RESERVATION,
    RESERVATION_NOT_FOUND, STRIPE_FAILED,
};

/// Answer of the shopper's cancellation.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CancelAnswer {
    /// The reservation.
    pub reservation_id: String,
    /// Always `cancelled`.
    pub status: PaymentStatus,
}

/// Answer of the webhook.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct WebhookAnswer {
    /// The event was accepted (handled now, before, or not about a deposit).
    pub received: bool,
}

/// The query of a dealer link.
#[derive(Debug, Clone, Deserialize, IntoParams)]
pub struct LinkQuery {
    /// `capture`, `cancel` or `refund`.
    pub action: Option<String>,
    /// The link's signed token.
    pub token: Option<String>,
}

/// Empty body of `POST .../confirm`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Empty {}

fn reservation_id(raw: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    raw.ok()
        .map(|Path(id)| id)
        .filter(|id| {
            !id.is_empty()
                && id.len() <= 64
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
        .ok_or_else(|| ApiError::bad_field("reservation_id", messages::INVALID_RESERVATION_ID))
}

async fn load(state: &AppState, dealer: &str, id: &str) -> Result<ReservationRecord, ApiError> {
    state
        .store
        .reservation(dealer, id)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, RESERVATION_NOT_FOUND))
}

fn card_payments(state: &AppState) -> Result<Arc<CardPayments>, ApiError> {
    state
        .card_payments
        .clone()
        .ok_or_else(|| ApiError::new(ErrorCode::Unavailable, CARD_PAYMENTS_UNAVAILABLE))
}

fn stripe_failed(e: StripeError) -> ApiError {
    tracing::error!(error = %e, "a Stripe call failed");
    ApiError::new(ErrorCode::Unavailable, STRIPE_FAILED)
}

/// Finishes a card reservation after the browser's 3-D Secure step: reads the
/// PaymentIntent at Stripe and records what it says.
#[utoipa::path(post, path = "/api/reservations/{reservation_id}/confirm", tag = "reservations",
    params(("reservation_id" = String, Path, description = "The reservation's id")),
    request_body = Empty,
    responses((status = 200, body = ReservationAnswer, description = "`held` (authorised), or still `requires_action` with its `client_secret`"),
        (status = 400, body = ErrorBody, description = "A bad reservation id"),
        (status = 402, body = ErrorBody, description = "`card_declined`: 3-D Secure failed or the card was declined; the car was released"),
        (status = 404, body = ErrorBody, description = "No such reservation of this dealer"),
        (status = 409, body = ErrorBody, description = "`hold_lapsed`: the 15 minutes to authorise ran out; the car was released"),
        (status = 503, body = ErrorBody, description = "Card payments cannot be reached"),
        UnknownSite))]
pub async fn confirm(
    State(state): State<AppState>,
    Site(site): Site,
    raw: Result<Path<String>, PathRejection>,
) -> Result<Json<ReservationAnswer>, ApiError> {
    let id = reservation_id(raw)?;
    let reservation = load(&state, &site.slug, &id).await?;
    if !reservation.card {
        return Err(ApiError::new(ErrorCode::NotFound, RESERVATION_NOT_FOUND));
    }
    let card = card_payments(&state)?;
    let Some(intent_id) = reservation.payment_intent.clone() else {
        return Err(ApiError::new(ErrorCode::HoldLapsed, HOLD_LAPSED));
    };
    let intent = card
        .stripe
        .retrieve(&intent_id)
        .await
        .map_err(stripe_failed)?;
    if reservation.status == PaymentStatus::Held {
        return Ok(Json(card_answer(&reservation, None)));
    }
    let client_secret = intent.client_secret.clone();
    follow_answer(&state, &card, &reservation, &intent, client_secret)
        .await
        .map(Json)
}

/// The shopper cancels their reservation: a card authorisation is cancelled at once and
/// the car is free again.
#[utoipa::path(post, path = "/api/reservations/{reservation_id}/cancel", tag = "reservations",
    params(("reservation_id" = String, Path, description = "The reservation's id")),
    responses((status = 200, body = CancelAnswer, description = "Cancelled; the car is free and nothing is charged"),
        (status = 400, body = ErrorBody, description = "A bad reservation id"),
        (status = 401, body = ErrorBody, description = "Not signed in"),
        (status = 403, body = ErrorBody, description = "The reservation was made with another phone"),
        (status = 404, body = ErrorBody, description = "No such reservation of this dealer"),
        (status = 409, body = ErrorBody, description = "`hold_lapsed`: the reservation has already ended or the sale went ahead"),
        (status = 503, body = ErrorBody, description = "Card payments cannot be reached"),
        UnknownSite))]
pub async fn cancel(
    State(state): State<AppState>,
    user: SignedIn,
    raw: Result<Path<String>, PathRejection>,
) -> Result<Json<CancelAnswer>, ApiError> {
    let id = reservation_id(raw)?;
    let dealer = user.site.0.slug.clone();
    let reservation = load(&state, &dealer, &id).await?;
    let lead = state.store.lead(&dealer, &reservation.lead_id).await?;
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let owner = lead
        .as_ref()
        .and_then(|l| l.fields.phone.as_ref())
        .is_some_and(|p| digits(p.digits()) == digits(&user.phone));
    if !owner {
        return Err(ApiError::new(ErrorCode::Forbidden, NOT_YOUR_RESERVATION));
    }
    let live: &[PaymentStatus] = if reservation.card {
        flow::LIVE
    } else {
        &[PaymentStatus::AwaitingPayment]
    };
    if !live.contains(&reservation.status) {
        return Err(ApiError::new(ErrorCode::HoldLapsed, CANNOT_CANCEL));
    }
    if let Some(intent) = &reservation.payment_intent {
        let card = card_payments(&state)?;
        flow::cancel_intent(&card, intent, &reservation.id)
            .await
            .map_err(stripe_failed)?;
    }
    let outcome = flow::record(
        &state,
        &reservation,
        live,
        PaymentStatus::Cancelled,
        "shopper",
        None,
        None,
        HoldChange::Release,
    )
    .await?;
    match outcome {
        TransitionOutcome::Done(record) => Ok(Json(CancelAnswer {
            reservation_id: record.id,
            status: record.status,
        })),
        _ => Err(ApiError::new(ErrorCode::HoldLapsed, CANNOT_CANCEL)),
    }
}

fn parse_action(query: &LinkQuery) -> Option<DealerAction> {
    match query.action.as_deref()? {
        "capture" => Some(DealerAction::Capture),
        "cancel" => Some(DealerAction::Cancel),
        "refund" => Some(DealerAction::Refund),
        _ => None,
    }
}

/// The states an action may start from.
fn allowed_from(action: DealerAction) -> &'static [PaymentStatus] {
    match action {
        DealerAction::Capture => &[PaymentStatus::Held],
        DealerAction::Cancel => flow::LIVE,
        DealerAction::Refund => &[PaymentStatus::Captured],
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A small HTML page for the dealer (never indexed, never cached), headed with the
/// dealer's name so the team sees whose reservation it is, then `heading`. Its empty
/// icon keeps the browser from asking for a /favicon.ico the API does not have.
fn page(status: StatusCode, dealer: &str, heading: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en-AU\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex, nofollow\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><link rel=\"icon\" href=\"data:,\"><title>{} – {}</title></head><body style=\"font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem\"><h1>{}</h1><h2>{}</h2>{body}</body></html>",
        escape(heading),
        escape(dealer),
        escape(dealer),
        escape(heading)
    );
    let mut response = (status, Html(html)).into_response();
    let headers = response.headers_mut();
    headers.insert(
        "x-robots-tag",
        HeaderValue::from_static("noindex, nofollow"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        // Not no-referrer: a browser then sends `Origin: null` with the page's own form,
        // which the cross-site check refuses. same-origin sends the link to nobody else.
        HeaderValue::from_static("same-origin"),
    );
    response
}

/// Why a link cannot be used, as a page.
fn refused(dealer: &str, message: &str) -> Response {
    page(
        StatusCode::GONE,
        dealer,
        messages::LINK_REFUSED_TITLE,
        &format!("<p>{}</p>", escape(message)),
    )
}

/// A dealer link that may act: its action, its token (and when that ends) and the
/// reservation, in a state the action applies to.
struct CheckedLink {
    card: Arc<CardPayments>,
    action: DealerAction,
    token: String,
    until: chrono::DateTime<chrono::Utc>,
    reservation: ReservationRecord,
}

/// Checks a dealer link, for its page and its button alike: the reservation id, the
/// query, the action, the signed token and the reservation's state. A link that fails
/// any answers the page that says why.
async fn checked_link(
    state: &AppState,
    site: &Tenant,
    raw: Result<Path<String>, PathRejection>,
    query: Result<Query<LinkQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<CheckedLink, Response> {
    let (dealer, name) = (site.slug.as_str(), site.name.as_str());
    let Ok(id) = reservation_id(raw) else {
        return Err(refused(name, RESERVATION_NOT_FOUND));
    };
    let Ok(Query(query)) = query else {
        return Err(refused(name, messages::LINK_INCOMPLETE));
    };
    let Some(action) = parse_action(&query) else {
        return Err(page(
            StatusCode::BAD_REQUEST,
            name,
            messages::LINK_NO_ACTION_TITLE,
            &format!("<p>{}</p>", escape(messages::LINK_NO_ACTION)),
        ));
    };
    let card = card_payments(state).map_err(IntoResponse::into_response)?;
    let now = state.clock.now();
    let token = query.token.unwrap_or_default();
    let Some(until) = card.check_token(dealer, &id, action, &token, now) else {
        return Err(refused(name, messages::LINK_INVALID));
    };
    let reservation = match state.store.reservation(dealer, &id).await {
        Ok(Some(r)) => r,
        Ok(None) => return Err(refused(name, RESERVATION_NOT_FOUND)),
        Err(e) => return Err(ApiError::from(e).into_response()),
    };
    if !allowed_from(action).contains(&reservation.status) {
        return Err(refused(
            name,
            &messages::link_state_changed(reservation.status.label()),
        ));
    }
    Ok(CheckedLink {
        card,
        action,
        token,
        until,
        reservation,
    })
}

/// The dealer's link opens a confirmation page; its button POSTs to the same address.
#[utoipa::path(get, path = "/api/reservations/{reservation_id}/dealer", tag = "reservations",
    params(("reservation_id" = String, Path, description = "The reservation's id"), LinkQuery),
    responses((status = 200, content_type = "text/html", description = "A confirmation page whose button performs the action"),
        (status = 400, content_type = "text/html", description = "The link has no valid action"),
        (status = 410, content_type = "text/html", description = "The link is forged, expired, used, or the reservation is no longer in a state it applies to"),
        UnknownSite))]
pub async fn dealer_page(
    State(state): State<AppState>,
    Site(site): Site,
    raw: Result<Path<String>, PathRejection>,
    query: Result<Query<LinkQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let CheckedLink {
        action,
        token,
        reservation,
        ..
    } = match checked_link(&state, &site, raw, query).await {
        Ok(checked) => checked,
        Err(response) => return response,
    };
    // The car as the dealer's team knows it (the stock's year, make, model and badge,
    // and its page, which shows the stock number), never the API's ids: the reservation's
    // stays as small reference text for a call to support.
    let car = stock_facts(&state, &site.slug, reservation.car_id);
    let car_name = match &car {
        Some(car) => messages::the_car(Some(&car.full_name())),
        None => messages::RESERVED_CAR_GONE.to_owned(),
    };
    let template = match action {
        DealerAction::Capture => messages::CAPTURE_EXPLAINED_TEMPLATE,
        DealerAction::Cancel => messages::CANCEL_EXPLAINED_TEMPLATE,
        DealerAction::Refund => messages::REFUND_EXPLAINED_TEMPLATE,
    };
    let what = messages::deposit_action(template, reservation.deposit, &car_name);
    let car_page = car
        .zip(site.site_url())
        .map(|(car, site)| {
            format!(
                " · <a href=\"{}\">{}</a>",
                escape(&format!("{site}/cars/{}", car.slug)),
                escape(messages::THE_CARS_PAGE)
            )
        })
        .unwrap_or_default();
    let target = format!(
        "/api/reservations/{}/dealer?action={}&token={}",
        reservation.id,
        action.as_str(),
        token
    );
    page(
        StatusCode::OK,
        &site.name,
        action.label(),
        &format!(
            "<p>{}</p><p>Now: {}</p><form method=\"post\" action=\"{}\"><button type=\"submit\" style=\"font-size:1.1rem;padding:.6rem 1.2rem\">{}</button></form><p><small>Reservation reference {}{car_page}</small></p>",
            escape(&what),
            escape(reservation.status.label()),
            escape(&target),
            escape(action.label()),
            escape(&reservation.id),
        ),
    )
}

/// The dealer's confirmation: the only request that acts (once per link).
#[utoipa::path(post, path = "/api/reservations/{reservation_id}/dealer", tag = "reservations",
    params(("reservation_id" = String, Path, description = "The reservation's id"), LinkQuery),
    responses((status = 200, content_type = "text/html", description = "Done: the deposit was taken, released or refunded"),
        (status = 400, content_type = "text/html", description = "The link has no valid action"),
        (status = 410, content_type = "text/html", description = "The link is forged, expired, used, or the reservation is no longer in a state it applies to"),
        (status = 503, body = ErrorBody, description = "Stripe cannot be reached; nothing changed"),
        UnknownSite))]
pub async fn dealer_act(
    State(state): State<AppState>,
    Site(site): Site,
    raw: Result<Path<String>, PathRejection>,
    query: Result<Query<LinkQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let CheckedLink {
        card,
        action,
        token,
        until,
        reservation,
    } = match checked_link(&state, &site, raw, query).await {
        Ok(checked) => checked,
        Err(response) => return response,
    };
    let token_hash = blake3::hash(token.as_bytes()).to_hex().to_string();
    match state
        .store
        .use_link_token(&site.slug, &token_hash, until, state.clock.now())
        .await
    {
        Ok(true) => {}
        Ok(false) => return refused(&site.name, messages::LINK_USED),
        Err(e) => return ApiError::from(e).into_response(),
    }
    match act(&state, &site, &card, action, &reservation).await {
        Ok(done) => page(
            StatusCode::OK,
            &site.name,
            done,
            &format!("<p>{}</p>", escape(messages::EVERYONE_IS_TOLD)),
        ),
        Err(response) => response,
    }
}

async fn act(
    state: &AppState,
    site: &Tenant,
    card: &CardPayments,
    action: DealerAction,
    reservation: &ReservationRecord,
) -> Result<&'static str, Response> {
    let key = format!("reservation-{}", reservation.id);
    let intent = reservation.payment_intent.as_deref();
    let (to, hold, done) = match action {
        DealerAction::Capture => {
            let intent =
                intent.ok_or_else(|| refused(&site.name, messages::NO_CARD_AUTHORISATION))?;
            card.stripe
                .capture(intent, &key)
                .await
                .map_err(|e| stripe_failed(e).into_response())?;
            (
                PaymentStatus::Captured,
                HoldChange::Keep,
                messages::DEPOSIT_TAKEN,
            )
        }
        DealerAction::Cancel => {
            if let Some(intent) = intent {
                flow::cancel_intent(card, intent, &reservation.id)
                    .await
                    .map_err(|e| stripe_failed(e).into_response())?;
            }
            (
                PaymentStatus::Cancelled,
                HoldChange::Release,
                messages::CAR_RELEASED,
            )
        }
        DealerAction::Refund => {
            let intent = intent.ok_or_else(|| refused(&site.name, messages::NO_CARD_PAYMENT))?;
            card.stripe
                .refund(intent, &key)
                .await
                .map_err(|e| stripe_failed(e).into_response())?;
            (
                PaymentStatus::Refunded,
                HoldChange::Keep,
                messages::DEPOSIT_REFUNDED,
            )
        }
    };
    flow::record(
        state,
        reservation,
        allowed_from(action),
        to,
        "dealer",
        None,
        None,
        hold,
    )
    .await
    .map_err(|e| ApiError::from(e).into_response())?;
    Ok(done)
}

/// The parts of an event the webhook reads.
#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: EventObject,
}

#[derive(Deserialize)]
struct EventObject {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    object: Option<String>,
}

/// Stripe's webhook: a signed event about a PaymentIntent brings its reservation in
/// line with the PaymentIntent as Stripe has it now.
#[utoipa::path(post, path = "/api/payments/stripe/webhook", tag = "reservations",
    request_body(content = String, content_type = "application/json", description = "A Stripe event, signed in `Stripe-Signature`"),
    responses((status = 200, body = WebhookAnswer, description = "Accepted (handled now, handled before, or not about a deposit)"),
        (status = 400, body = ErrorBody, description = "Unsigned, stale or forged, or not an event: nothing changed"),
        (status = 503, body = ErrorBody, description = "Card payments are not configured, or Stripe cannot be reached (Stripe retries)")))]
pub async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<WebhookAnswer>, ApiError> {
    let card = card_payments(&state)?;
    let Some(secret) = card.stripe.settings().webhook_secret.clone() else {
        return Err(ApiError::new(
            ErrorCode::Unavailable,
            "The webhook signing secret is not configured.",
        ));
    };
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if let Err(e) = verify_signature(signature, &body, &secret, state.clock.now()) {
        tracing::warn!(error = %e, "a webhook with a bad signature was refused");
        return Err(ApiError::bad_field("stripe-signature", e.to_string()));
    }
    let event: Event = serde_json::from_slice(&body)
        .map_err(|_| ApiError::bad_field("body", "The body is not a Stripe event."))?;
    let accepted = Json(WebhookAnswer { received: true });
    if !event.kind.starts_with("payment_intent.")
        || event.data.object.object.as_deref() != Some("payment_intent")
    {
        return Ok(accepted);
    }
    let Some(intent_id) = event.data.object.id.filter(|id| id.starts_with("pi_")) else {
        return Ok(accepted);
    };
    let intent = match card.stripe.retrieve(&intent_id).await {
        Ok(intent) => intent,
        // Not at Stripe (another account's event, or forged before it was signed).
        Err(StripeError::Refused { .. }) => return Ok(accepted),
        Err(e) => return Err(stripe_failed(e)),
    };
    let (Some(dealer), Some(reservation_id)) =
        (intent.meta("dealer"), intent.meta("reservation_id"))
    else {
        return Ok(accepted);
    };
    if state.tenants.by_slug(dealer).is_none() {
        return Ok(accepted);
    }
    if !state
        .store
        .first_sight_of_event(dealer, &event.id, state.clock.now())
        .await?
    {
        return Ok(accepted);
    }
    if let Some(reservation) = state.store.reservation(dealer, reservation_id).await? {
        flow::follow(&state, &card, &reservation, &intent, "stripe")
            .await
            .map_err(ApiError::Internal)?;
    }
    Ok(accepted)
}

/// What a dealer taking leads by webhook and ADF receives about a reservation (dev mode
/// only): the local server cannot reach a dealer's real endpoints, so a journey reads
/// the links here.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DevDeliveries {
    /// The webhook's JSON body of each step the dealer is told about, oldest first.
    #[schema(value_type = Vec<Object>)]
    pub webhook: Vec<serde_json::Value>,
    /// The ADF document of the same steps.
    pub adf: Vec<String>,
}

/// The webhook bodies and ADF documents of a reservation's steps, built as the outbox
/// builds them for the dealer's endpoints. Mounted only in the local server started
/// with `--dev-mode` (see [`crate::app`]).
#[utoipa::path(get, path = "/api/dev/reservations/{reservation_id}/deliveries", tag = "dev",
    params(("reservation_id" = String, Path, description = "The reservation's id")),
    responses((status = 200, body = DevDeliveries, description = "What the dealer's webhook and ADF endpoint receive"),
        (status = 400, body = ErrorBody, description = "A bad reservation id"),
        (status = 404, body = ErrorBody, description = "No such reservation of this dealer")))]
pub async fn dev_deliveries(
    State(state): State<AppState>,
    Site(site): Site,
    raw: Result<Path<String>, PathRejection>,
) -> Result<Json<DevDeliveries>, ApiError> {
    let id = reservation_id(raw)?;
    let reservation = load(&state, &site.slug, &id).await?;
    let mut out = DevDeliveries {
        webhook: Vec::new(),
        adf: Vec::new(),
    };
    for entry in state
        .store
        .outbox_of_lead(&site.slug, &reservation.lead_id)
        .await?
    {
        if !crate::delivery::outbox::for_dealer(&state, &site, &entry).await? {
            continue;
        }
        let links = crate::delivery::outbox::payment_links(&state, &site, &entry);
        out.webhook
            .push(crate::delivery::outbox::lead_json(&entry, &site, &links));
        out.adf
            .push(crate::delivery::outbox::adf_body(&entry, &site, &links));
    }
    Ok(Json(out))
}

/// This feature's development endpoints, mounted only in dev mode (see [`crate::app`]).
pub fn dev_router() -> Router<AppState> {
    Router::new().route(
        "/api/dev/reservations/{reservation_id}/deliveries",
        get(dev_deliveries),
    )
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/reservations/{car_id}/confirm", post(confirm))
        .route("/api/reservations/{car_id}/cancel", post(cancel))
        .route(
            "/api/reservations/{car_id}/dealer",
            get(dealer_page).post(dealer_act),
        )
        .route("/api/payments/stripe/webhook", post(webhook))
}
