//! Sign-in by SMS code: request a 6-digit code (valid 5 minutes, 5 attempts, rate-limited
//! per client address, per phone and address, and per phone, each across every dealer),
//! verify it for a session cookie, sign out, and ask who is signed in. Sessions belong
//! to one dealer: a cookie of one site is nothing on another. A new code keeps the wrong
//! guesses left on the pending one, and a phone locked by wrong guesses gets no new code
//! until the lock ends, so asking again never buys more guesses.

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Json;
use axum::Router;
use rand::Rng;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::delivery::sms::Sms;
use crate::error::answers::{BadRequest, NotFound, RateLimited, SignInRequired};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{session_token, token_hash, ApiJson, ClientIp, SignedIn, SESSION_COOKIE};
use crate::rate::{counted_as, limit_platform};
use crate::store::{OtpCheck, OtpIssue, SessionRecord};
use crate::tenancy::{is_local_host, request_host, Site};
use crate::validate;
use crate::AppState;
use domain::messages::{CODE_EXPIRED, CODE_LOCKED, NOT_FOUND, WRONG_CODE};

/// Body of `POST /api/auth/request-code`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RequestCode {
    /// Australian phone number (mobile).
    pub phone: String,
}

/// Answer of `POST /api/auth/request-code`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CodeSent {
    /// Always true.
    pub success: bool,
    /// The normalised phone the code went to.
    pub phone: String,
    /// Seconds the code stays valid.
    pub expires_in: i64,
}

/// Body of `POST /api/auth/verify`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyCode {
    /// The phone the code was sent to.
    pub phone: String,
    /// The 6-digit code.
    pub code: String,
}

/// The signed-in user.
#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    /// Always true.
    pub success: bool,
    /// The user's phone number.
    pub phone: String,
}

/// Answer of `GET /api/session`: who is signed in, if anyone.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionState {
    /// Whether a live session came with the request.
    pub signed_in: bool,
    /// The signed-in user's phone number; null when nobody is signed in.
    pub phone: Option<String>,
}

/// Answer of `POST /api/auth/sign-out`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedOut {
    /// Always true.
    pub success: bool,
}

/// Query of the dev SMS outbox (`?phone=...`).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct OutboxQuery {
    /// The phone whose messages to list.
    pub phone: String,
}

/// Messages sent to one phone (dev mode only).
#[derive(Debug, Serialize, ToSchema)]
pub struct SmsOutbox {
    /// Messages, newest last.
    pub messages: Vec<Sms>,
}

fn code_hash(dealer: &str, phone: &str, code: &str) -> String {
    blake3::hash(format!("{dealer}\n{phone}\n{code}").as_bytes())
        .to_hex()
        .to_string()
}

/// The mobile number in national digits, the key sessions and codes are stored under.
fn phone_field(raw: &str, field: &str) -> Result<String, ApiError> {
    validate::mobile(raw)
        .map(|phone| phone.digits().to_owned())
        .map_err(|message| ApiError::bad_field(field, message))
}

/// Sends a sign-in code by SMS.
#[utoipa::path(post, path = "/api/auth/request-code", tag = "auth", request_body = RequestCode,
    responses((status = 200, body = CodeSent, description = "A code was sent by SMS"), BadRequest,
        (status = 429, body = ErrorBody, description = "`rate_limited`: too many codes for this phone or address; `code_locked`: too many wrong codes, no new code until the lock ends")))]
pub async fn request_code(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<RequestCode>,
) -> Result<Json<CodeSent>, ApiError> {
    let phone = phone_field(&body.phone, "phone")?;
    let policy = &state.policy;
    // Every counter here is the platform's: each code is a paid SMS, whichever dealer's
    // site asks for it.
    limit_platform(&state, &site.slug, "code-ip", &ip, policy.code_per_ip).await?;
    // One address asking for one phone stops at its own limit before the phone's counter
    // sees the request, so a stranger cannot spend the owner's codes and lock them out.
    let phone_at_address = format!("{phone} {}", counted_as(&ip));
    limit_platform(
        &state,
        &site.slug,
        "code-phone-ip",
        &phone_at_address,
        policy.code_per_phone_ip,
    )
    .await?;
    // One phone, one counter, whichever dealer's site asks: SMS cost and the phone's
    // owner are the platform's to protect.
    limit_platform(
        &state,
        &site.slug,
        "code-phone",
        &phone,
        policy.code_per_phone,
    )
    .await?;
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    let now = state.clock.now();
    match state
        .store
        .put_otp(
            &site.slug,
            &phone,
            &code_hash(&site.slug, &phone, &code),
            now,
            policy.otp_ttl(),
        )
        .await?
    {
        OtpIssue::Issued { .. } => {}
        OtpIssue::Locked { until } => {
            tracing::info!(dealer = %site.slug, %until, "code refused: the phone is locked by wrong codes");
            let wait = u64::try_from((until - now).num_seconds())
                .unwrap_or(0)
                .max(1);
            return Err(ApiError::new(ErrorCode::CodeLocked, CODE_LOCKED).retry_after(wait));
        }
    }
    let minutes = policy.otp_ttl_secs / 60;
    let body = format!(
        "{code} is your {} sign-in code. It expires in {minutes} minutes.",
        site.name
    );
    state
        .sms
        .send(Sms {
            dealer: site.slug.clone(),
            phone: phone.clone(),
            body,
            sent_at: now,
        })
        .await
        .map_err(ApiError::Internal)?;
    Ok(Json(CodeSent {
        success: true,
        phone,
        expires_in: policy.otp_ttl_secs,
    }))
}

fn session_cookie(headers: &HeaderMap, value: &str, max_age: i64) -> HeaderValue {
    let secure = if request_host(headers).is_some_and(is_local_host) {
        ""
    } else {
        "; Secure"
    };
    let cookie = format!(
        "{SESSION_COOKIE}={value}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age}{secure}"
    );
    HeaderValue::from_str(&cookie)
        .unwrap_or_else(|_| HeaderValue::from_static("forecourt_session=; Max-Age=0"))
}

/// Checks a sign-in code and starts a session (cookie).
#[utoipa::path(post, path = "/api/auth/verify", tag = "auth", request_body = VerifyCode,
    responses((status = 200, body = Me, description = "Signed in; sets the session cookie"),
        BadRequest, RateLimited))]
pub async fn verify(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<VerifyCode>,
) -> Result<Response, ApiError> {
    let phone = phone_field(&body.phone, "phone")?;
    let code = body.code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_field("code", WRONG_CODE));
    }
    // Across the platform: guesses at codes are the platform's sign-in to protect.
    limit_platform(
        &state,
        &site.slug,
        "verify-ip",
        &ip,
        state.policy.verify_per_ip,
    )
    .await?;
    let now = state.clock.now();
    match state
        .store
        .check_otp(
            &site.slug,
            &phone,
            &code_hash(&site.slug, &phone, code),
            now,
        )
        .await?
    {
        OtpCheck::Valid => {}
        OtpCheck::Wrong { .. } => return Err(ApiError::new(ErrorCode::WrongCode, WRONG_CODE)),
        OtpCheck::Missing => return Err(ApiError::new(ErrorCode::CodeExpired, CODE_EXPIRED)),
        OtpCheck::Locked => return Err(ApiError::new(ErrorCode::CodeLocked, CODE_LOCKED)),
    }
    state.store.ensure_user(&site.slug, &phone, now).await?;
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let session = SessionRecord {
        phone: phone.clone(),
        created_at: now,
        expires_at: now + state.policy.session_ttl(),
    };
    state
        .store
        .create_session(&site.slug, &token_hash(&token), &session)
        .await?;
    let cookie = session_cookie(&headers, &token, state.policy.session_ttl_secs);
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(Me {
            success: true,
            phone,
        }),
    )
        .into_response())
}

/// Ends the session (if any) and clears the cookie.
#[utoipa::path(post, path = "/api/auth/sign-out", tag = "auth", responses((status = 200, body = SignedOut, description = "Signed out; the session cookie is cleared")))]
pub async fn sign_out(
    State(state): State<AppState>,
    Site(site): Site,
    request: axum::extract::Request,
) -> Result<Response, ApiError> {
    let (parts, _) = request.into_parts();
    if let Some(token) = session_token(&parts) {
        state
            .store
            .delete_session(&site.slug, &token_hash(&token))
            .await?;
    }
    let cookie = session_cookie(&parts.headers, "", 0);
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(SignedOut { success: true }),
    )
        .into_response())
}

/// The signed-in user (401 when nobody is).
#[utoipa::path(get, path = "/api/me", tag = "auth", responses((status = 200, body = Me, description = "Who is signed in"), SignInRequired))]
pub async fn me(user: SignedIn) -> Json<Me> {
    Json(Me {
        success: true,
        phone: user.phone,
    })
}

/// Who is signed in: 200 whether or not anybody is (pages ask on load, and a signed-out
/// shopper is not an error). Never cached.
#[utoipa::path(get, path = "/api/session", tag = "auth", responses((status = 200, body = SessionState, description = "Whether anybody is signed in, and who")))]
pub async fn session(
    State(state): State<AppState>,
    Site(site): Site,
    request: axum::extract::Request,
) -> Result<Response, ApiError> {
    let (parts, _) = request.into_parts();
    let phone = match session_token(&parts) {
        Some(token) => state
            .store
            .session(&site.slug, &token_hash(&token), state.clock.now())
            .await?
            .map(|s| s.phone),
        None => None,
    };
    let mut response = Json(SessionState {
        signed_in: phone.is_some(),
        phone,
    })
    .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Text messages sent to a phone. Mounted only in the local server started with
/// `--dev-mode` (see [`crate::app`]); 404 for a phone that was sent nothing.
#[utoipa::path(get, path = "/api/dev/sms-outbox", tag = "dev", params(OutboxQuery),
    responses((status = 200, body = SmsOutbox, description = "The messages sent to the phone, newest last"), BadRequest, NotFound))]
pub async fn sms_outbox(
    State(state): State<AppState>,
    Site(site): Site,
    query: Result<Query<OutboxQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<SmsOutbox>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_field("phone", e.body_text()))?;
    let phone = phone_field(&query.phone, "phone")?;
    let messages = state
        .sms
        .sent_to(&site.slug, &phone)
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, NOT_FOUND))?;
    Ok(Json(SmsOutbox { messages }))
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/request-code", post(request_code))
        .route("/api/auth/verify", post(verify))
        .route("/api/auth/sign-out", post(sign_out))
        .route("/api/me", get(me))
        .route("/api/session", get(session))
}

/// This feature's development endpoints, mounted only in dev mode (see [`crate::app`]).
pub fn dev_router() -> Router<AppState> {
    Router::new().route("/api/dev/sms-outbox", get(sms_outbox))
}
