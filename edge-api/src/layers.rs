//! The layers around every answer: security headers (listed in [`crate::headers`]), CORS limited to the dealer's own
//! domains, and panics turned into the common JSON error.

use std::any::Any;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method, Response};
use axum::middleware::Next;
use axum::response::IntoResponse;
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::error::{error_response, ApiError, ErrorBody, ErrorCode};
use crate::extract::IDEMPOTENCY_HEADER;
use crate::headers;
use crate::tenancy::{is_local_host, request_host, Tenants};

/// Adds the security headers of [`crate::headers`]: the page list, or the media list
/// under `/media/`; HSTS only outside localhost; a header of [`headers::SET_BY_ANSWER`]
/// only when the answer has none. A page of a known dealer gets that dealer's CSP (its
/// tag origins).
pub async fn security_headers(
    State(tenants): State<Arc<Tenants>>,
    request: Request,
    next: Next,
) -> axum::response::Response {
    let local = request_host(request.headers()).is_none_or(is_local_host);
    let kind = headers::Kind::of_path(request.uri().path());
    let dealer_csp = match kind {
        headers::Kind::Page => tenants
            .resolve(request.headers())
            .and_then(|tenant| HeaderValue::from_str(&tenant.page_csp).ok()),
        headers::Kind::Media => None,
    };
    let mut response = next.run(request).await;
    let target = response.headers_mut();
    for (name, value) in headers::headers(kind) {
        if local && name == headers::HSTS_HEADER {
            continue;
        }
        if headers::SET_BY_ANSWER.contains(&name) && target.contains_key(name) {
            continue;
        }
        target.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    if let Some(csp) = dealer_csp {
        target.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    response
}

/// CORS allowing exactly the dealer's own origins for the request's host (see
/// [`crate::origin`]: its configured https domains, and `http://<slug>.localhost` only
/// in the local server), with credentials (the session cookie).
pub fn cors(tenants: Arc<Tenants>, runtime: crate::Runtime) -> CorsLayer {
    CorsLayer::new()
        .allow_origin(AllowOrigin::predicate(move |origin, parts| {
            tenants.resolve(&parts.headers).is_some_and(|tenant| {
                crate::origin::is_own_origin(runtime, tenant, request_host(&parts.headers), origin)
            })
        }))
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([
            header::CONTENT_TYPE,
            HeaderName::from_static(IDEMPOTENCY_HEADER),
        ])
        .allow_credentials(true)
}

/// The answer to a panic: the common 500 JSON body (the panic goes to the logs).
pub fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response<Body> {
    let detail = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "unknown panic".to_owned());
    tracing::error!(panic = %detail, "handler panicked");
    error_response(ErrorBody {
        success: false,
        code: ErrorCode::Internal,
        message: domain::messages::FORM_SUBMIT_ERROR.to_owned(),
        fields: None,
    })
}

/// A known path with the wrong method: the common error body with 405.
pub async fn method_not_allowed() -> axum::response::Response {
    ApiError::new(
        ErrorCode::MethodNotAllowed,
        "This method is not allowed here.",
    )
    .into_response()
}
