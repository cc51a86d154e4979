//! Request extractors that answer in the common error format: a strict JSON body that
//! names the field at fault, the client address, and the signed-in session.

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::header;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::{ApiError, ErrorCode, MALFORMED_JSON, NOT_JSON, SIGN_IN_REQUIRED, TOO_LARGE};
use crate::tenancy::Site;
use crate::AppState;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "forecourt_session";

/// A JSON body deserialised strictly: malformed JSON, wrong types, missing and unknown
/// fields are 400s naming the field.
#[derive(Debug, Clone)]
pub struct ApiJson<T>(pub T);

/// Turns a deserialisation failure into a 400 that names the field.
pub fn json_error(err: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let inner = err.inner();
    if inner.is_syntax() || inner.is_eof() || inner.is_io() {
        return ApiError::new(ErrorCode::BadRequest, MALFORMED_JSON);
    }
    let text = inner.to_string();
    let text = text.split(" at line ").next().unwrap_or(&text).to_owned();
    let path = err.path().to_string();
    let join = |name: &str| if path == "." { name.to_owned() } else { format!("{path}.{name}") };
    // serde names unknown and missing fields in backticks; the path already ends with
    // an unknown field but stops at the parent of a missing one.
    let quoted = |prefix: &str| text.strip_prefix(prefix).and_then(|rest| rest.split('`').next()).map(str::to_owned);
    let (field, problem) = if quoted("unknown field `").is_some() {
        (path.clone(), "is not a field of this form".to_owned())
    } else if let Some(name) = quoted("missing field `") {
        (join(&name), "is required".to_owned())
    } else if path == "." {
        ("body".to_owned(), text)
    } else {
        (path.clone(), text)
    };
    ApiError::bad_field(&field, format!("{field}: {problem}"))
}

/// Deserialises JSON bytes with [`json_error`] answers.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(json_error)?;
    de.end().map_err(|_| ApiError::new(ErrorCode::BadRequest, MALFORMED_JSON))?;
    Ok(value)
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|mime| {
                let mime = mime.trim().to_ascii_lowercase();
                mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
            });
        if !is_json {
            return Err(ApiError::new(ErrorCode::UnsupportedMediaType, NOT_JSON));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(ErrorCode::PayloadTooLarge, TOO_LARGE)
            } else {
                ApiError::new(ErrorCode::BadRequest, rejection.body_text())
            }
        })?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// The client's address: the first `X-Forwarded-For` hop when the API sits behind a
/// proxy it trusts (Lambda), else the socket peer; "unknown" when neither is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if state.trust_forwarded_for {
            let forwarded = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .map(str::trim)
                .filter(|v| !v.is_empty());
            if let Some(ip) = forwarded {
                return Ok(ClientIp(ip.to_owned()));
            }
        }
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip().to_string());
        Ok(ClientIp(peer.unwrap_or_else(|| "unknown".to_owned())))
    }
}

/// The session token of a request, if it carries the session cookie.
pub fn session_token(parts: &Parts) -> Option<String> {
    parts
        .headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, value)| value.to_owned())
        .filter(|v| !v.is_empty())
}

/// The stored form of a session token.
pub fn token_hash(token: &str) -> String {
    blake3::hash(token.as_bytes()).to_hex().to_string()
}

/// A signed-in shopper of the request's dealer (401 `sign_in_required` otherwise).
#[derive(Debug, Clone)]
pub struct SignedIn {
    /// The dealer.
    pub site: Site,
    /// The signed-in phone number.
    pub phone: String,
    /// Hash of the session token.
    pub token_hash: String,
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let site = Site::from_request_parts(parts, state).await?;
        let unauthorised = || ApiError::new(ErrorCode::SignInRequired, SIGN_IN_REQUIRED);
        let token = session_token(parts).ok_or_else(unauthorised)?;
        let hash = token_hash(&token);
        let session = state.store.session(&site.0.slug, &hash, state.clock.now()).await?.ok_or_else(unauthorised)?;
        Ok(SignedIn { site, phone: session.phone, token_hash: hash })
    }
}
