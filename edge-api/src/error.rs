//! The one error type of the API. Outside: a JSON body `{success: false, code, message,
//! fields?}` with a stable code and a message a person can act on; one table maps each
//! code to its status. Inside: the full cause chain goes to the logs.

use std::collections::BTreeMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::store::StoreError;

/// The stable error codes of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Malformed JSON or a field of the wrong type or an unknown field (400).
    BadRequest,
    /// Valid JSON whose values break a rule; see `fields` (422).
    ValidationFailed,
    /// A wrong sign-in code (400).
    WrongCode,
    /// No pending sign-in code (400).
    CodeExpired,
    /// Too many wrong sign-in codes (429).
    CodeLocked,
    /// No session (401).
    SignInRequired,
    /// Someone else's data (403).
    Forbidden,
    /// A state-changing request whose `Origin` (or `Sec-Fetch-Site`) is not the dealer's
    /// own site (403).
    CrossSiteRequest,
    /// Unknown path or record (404).
    NotFound,
    /// The Host names no dealer (404).
    UnknownSite,
    /// Known path, wrong method (405).
    MethodNotAllowed,
    /// The car already has an active reservation hold (409).
    CarReserved,
    /// The shopper's phone already holds another car at this dealer (409).
    PhoneHasHold,
    /// No car with that id is published by this dealer (404).
    CarNotFound,
    /// The car has been sold, so it cannot be reserved (409).
    CarSold,
    /// The car has no advertised price, so it cannot be reserved online (409).
    CarNotPriced,
    /// The car is not purchasable online: coming soon, or priced at $200 or less (409).
    CarNotPurchasable,
    /// The idempotency key was used before with another request body (422).
    IdempotencyKeyReused,
    /// The card issuer declined the deposit's authorisation; the hold is released (402).
    CardDeclined,
    /// A hold paid at the dealership needs a phone confirmed by sign-in, and the request
    /// has no session (401).
    PhoneNotVerified,
    /// A hold paid at the dealership is made under the signed-in phone only, and the
    /// request names another (403).
    PhoneNotSignedIn,
    /// The reservation's hold ended before its deposit was authorised (409).
    HoldLapsed,
    /// The delivery calculator has no estimate for the postcode (404).
    NoEstimate,
    /// The price comparison has no data for the car (404).
    NoData,
    /// The appointment slot is not (or no longer) offered (409).
    SlotUnavailable,
    /// The image service's source is on a host the dealer does not allow (400).
    ImageHostNotAllowed,
    /// The image service's source is not a JPEG, PNG or WebP image (400).
    NotAnImage,
    /// The image service's source is over its size limits (400).
    ImageTooLarge,
    /// An upstream provider failed (502).
    BadGateway,
    /// Body over the limit (413).
    PayloadTooLarge,
    /// Body is not JSON (415).
    UnsupportedMediaType,
    /// Rate limit reached (429).
    RateLimited,
    /// A backend the request needs (the search index) cannot answer now (503).
    Unavailable,
    /// Anything else; details only in the logs (500).
    Internal,
}

impl ErrorCode {
    /// The HTTP status of each code: the one table.
    pub fn status(self) -> StatusCode {
        match self {
            ErrorCode::BadRequest
            | ErrorCode::WrongCode
            | ErrorCode::CodeExpired
            | ErrorCode::ImageHostNotAllowed
            | ErrorCode::NotAnImage
            | ErrorCode::ImageTooLarge => StatusCode::BAD_REQUEST,
            ErrorCode::ValidationFailed | ErrorCode::IdempotencyKeyReused => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ErrorCode::SignInRequired | ErrorCode::PhoneNotVerified => StatusCode::UNAUTHORIZED,
            ErrorCode::Forbidden | ErrorCode::CrossSiteRequest | ErrorCode::PhoneNotSignedIn => {
                StatusCode::FORBIDDEN
            }
            ErrorCode::NotFound
            | ErrorCode::UnknownSite
            | ErrorCode::NoEstimate
            | ErrorCode::NoData
            | ErrorCode::CarNotFound => StatusCode::NOT_FOUND,
            ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::CarReserved
            | ErrorCode::PhoneHasHold
            | ErrorCode::SlotUnavailable
            | ErrorCode::CarSold
            | ErrorCode::CarNotPriced
            | ErrorCode::CarNotPurchasable
            | ErrorCode::HoldLapsed => StatusCode::CONFLICT,
            ErrorCode::CardDeclined => StatusCode::PAYMENT_REQUIRED,
            ErrorCode::BadGateway => StatusCode::BAD_GATEWAY,
            ErrorCode::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::RateLimited | ErrorCode::CodeLocked => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The JSON body of every error answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always false (the browser reads this flag).
    pub success: bool,
    /// Stable code.
    pub code: ErrorCode,
    /// What a person can do about it.
    pub message: String,
    /// Per-field messages, keyed by the payload's field name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

/// Every way a request can fail.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// An error a client caused, answered as is.
    #[error("{code:?}: {message}")]
    Client {
        /// Code.
        code: ErrorCode,
        /// Message.
        message: String,
        /// Per-field messages.
        fields: Option<BTreeMap<String, String>>,
        /// Seconds until asking again can succeed (`Retry-After`), when known.
        retry_after: Option<u64>,
    },
    /// A failure of ours; the client gets a generic message.
    #[error("internal error")]
    Internal(#[source] anyhow::Error),
}

impl ApiError {
    /// A client error without field messages.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError::Client {
            code,
            message: message.into(),
            fields: None,
            retry_after: None,
        }
    }

    /// The same error, telling the client how many seconds to wait (`Retry-After`).
    pub fn retry_after(self, secs: u64) -> Self {
        match self {
            ApiError::Client {
                code,
                message,
                fields,
                ..
            } => ApiError::Client {
                code,
                message,
                fields,
                retry_after: Some(secs),
            },
            internal => internal,
        }
    }

    /// A 400 naming the field at fault.
    pub fn bad_field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        ApiError::Client {
            code: ErrorCode::BadRequest,
            message: message.clone(),
            fields: Some(BTreeMap::from([(field.to_owned(), message)])),
            retry_after: None,
        }
    }

    /// A 422 with per-field messages under the seed's banner text.
    pub fn validation(fields: BTreeMap<String, String>) -> Self {
        ApiError::Client {
            code: ErrorCode::ValidationFailed,
            message: domain::messages::PLEASE_FIX_ERRORS.to_owned(),
            fields: Some(fields),
            retry_after: None,
        }
    }

    /// The same error under another code (keeping message and fields).
    pub fn with_code(self, new_code: ErrorCode) -> Self {
        match self {
            ApiError::Client {
                message,
                fields,
                retry_after,
                ..
            } => ApiError::Client {
                code: new_code,
                message,
                fields,
                retry_after,
            },
            internal => internal,
        }
    }

    /// The code of this error.
    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::Client { code, .. } => *code,
            ApiError::Internal(_) => ErrorCode::Internal,
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::Internal(anyhow::Error::new(e))
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(e: anyhow::Error) -> Self {
        ApiError::Internal(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (body, retry_after) = match self {
            ApiError::Client {
                code,
                message,
                fields,
                retry_after,
            } => {
                tracing::info!(code = ?code, %message, "request refused");
                let body = ErrorBody {
                    success: false,
                    code,
                    message,
                    fields,
                };
                (body, retry_after)
            }
            ApiError::Internal(e) => {
                tracing::error!(error = format!("{e:#}"), "request failed");
                let body = ErrorBody {
                    success: false,
                    code: ErrorCode::Internal,
                    message: domain::messages::FORM_SUBMIT_ERROR.to_owned(),
                    fields: None,
                };
                (body, None)
            }
        };
        respond(body, retry_after)
    }
}

/// `Retry-After` of a `rate_limited` answer whose window nobody named (every rate limit
/// names its own).
pub const RETRY_AFTER_UNKNOWN_WINDOW: u64 = 60;

/// Serialises an error body with its status (also used by the panic handler).
pub fn error_response(body: ErrorBody) -> Response {
    respond(body, None)
}

fn respond(body: ErrorBody, retry_after: Option<u64>) -> Response {
    let status = body.code.status();
    let mut response = (status, axum::Json(&body)).into_response();
    let wait =
        retry_after.or((body.code == ErrorCode::RateLimited).then_some(RETRY_AFTER_UNKNOWN_WINDOW));
    if let Some(secs) = wait {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    response
}

/// The error answers many endpoints document alike, each named once for the
/// `responses(...)` of their `#[utoipa::path]`: the common error body under the status,
/// described by the doc comment. An endpoint whose answer means more than these says
/// so in its own `(status = ..., description = ...)` entry.
pub mod answers {
    use utoipa::IntoResponses;

    use super::ErrorBody;

    /// `bad_request`: the body or a parameter is malformed; the message (and `fields`)
    /// say what to fix.
    #[derive(IntoResponses)]
    #[response(status = 400)]
    pub struct BadRequest(pub ErrorBody);

    /// `sign_in_required`: no valid session cookie.
    #[derive(IntoResponses)]
    #[response(status = 401)]
    pub struct SignInRequired(pub ErrorBody);

    /// `forbidden`: the signed-in user may not do this.
    #[derive(IntoResponses)]
    #[response(status = 403)]
    pub struct Forbidden(pub ErrorBody);

    /// `not_found` or `unknown_site`: nothing here, or the host names no dealer.
    #[derive(IntoResponses)]
    #[response(status = 404)]
    pub struct NotFound(pub ErrorBody);

    /// `unknown_site`: the host names no dealer.
    #[derive(IntoResponses)]
    #[response(status = 404)]
    pub struct UnknownSite(pub ErrorBody);

    /// `payload_too_large`: the body is over the size limit.
    #[derive(IntoResponses)]
    #[response(status = 413)]
    pub struct TooLarge(pub ErrorBody);

    /// `unsupported_media_type`: the body is not JSON.
    #[derive(IntoResponses)]
    #[response(status = 415)]
    pub struct NotJson(pub ErrorBody);

    /// `rate_limited`: too many requests from this address (or for this phone); wait
    /// and try again.
    #[derive(IntoResponses)]
    #[response(status = 429)]
    pub struct RateLimited(pub ErrorBody);
}
