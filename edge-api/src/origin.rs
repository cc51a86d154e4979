//! Which origins are a dealer's own, for CORS (what a page may read) and for requests
//! that change state (what a page may do): the same answer for both.
//!
//! A dealer's own origins are `https://<each configured domain>` (default port) and, in
//! the local server only and for a request addressed to a local host,
//! `http://<slug>.localhost[:any port]`. Nothing else: not another scheme of the
//! dealer's host, not another dealer, not a localhost page talking to a production host.
//!
//! A POST, PUT, PATCH or DELETE is refused (403 `cross_site_request`) when its `Origin`
//! is not one of them, or, without `Origin`, when `Sec-Fetch-Site` says `same-site` or
//! `cross-site`. With neither header it is let through: every browser sends `Origin` on
//! a request that is not a GET or HEAD (the Fetch standard), so a request without both
//! comes from a program (curl, a server, the fuzzer), which carries no shopper's cookie
//! it was not given.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, ErrorCode};
use crate::tenancy::{is_local_host, request_host, Tenant};
use crate::{AppState, Runtime};
use domain::messages::CROSS_SITE;

/// The parts of an `Origin` value: scheme, host (lower case) and port when given.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ParsedOrigin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

/// Parses a serialized origin (`scheme://host[:port]`, nothing after). `null` (sandboxed
/// frames, `data:` pages) and anything with a path, user or query is not an origin of
/// anybody's site.
fn parse_origin(value: &str) -> Option<ParsedOrigin> {
    let (scheme, rest) = value.split_once("://")?;
    if rest.is_empty() || rest.contains(['/', '?', '#', '@']) {
        return None;
    }
    // An IPv6 host is bracketed (`[::1]:8080`); its colons are not the port's.
    let (host, port) = match rest.strip_prefix('[').and_then(|inner| inner.find(']')) {
        Some(end) => {
            let (host, after) = rest.split_at(end + 2);
            let port = if after.is_empty() {
                None
            } else {
                Some(after.strip_prefix(':')?.parse::<u16>().ok()?)
            };
            (host, port)
        }
        None => match rest.split_once(':') {
            Some((host, port)) => (host, Some(port.parse::<u16>().ok()?)),
            None => (rest, None),
        },
    };
    if host.is_empty() {
        return None;
    }
    Some(ParsedOrigin {
        scheme: scheme.to_ascii_lowercase(),
        host: host.to_ascii_lowercase(),
        port,
    })
}

/// Whether `origin` is one of `tenant`'s own origins for a request addressed to `host`
/// on a server of this runtime.
pub fn is_own_origin(
    runtime: Runtime,
    tenant: &Tenant,
    host: Option<&str>,
    origin: &HeaderValue,
) -> bool {
    let Some(origin) = origin.to_str().ok().and_then(parse_origin) else {
        return false;
    };
    // Browsers leave the default port out of an origin, so a configured domain's origin
    // has none.
    if origin.scheme == "https" && origin.port.is_none() && tenant.domains.contains(&origin.host) {
        return true;
    }
    // The local server's sites live at http://<slug>.localhost:<port>; a page there may
    // call the same dealer's API on any local port (a dev server next to the API), but
    // never a production host, and Lambda has no local sites at all.
    runtime.is_local()
        && host.is_some_and(is_local_host)
        && origin.scheme == "http"
        && domain::hosts::local_slug(&origin.host) == Some(tenant.slug.as_str())
}

/// Whether a request with these headers may change state for `tenant`.
fn may_change_state(runtime: Runtime, tenant: &Tenant, headers: &HeaderMap) -> bool {
    if let Some(origin) = headers.get(axum::http::header::ORIGIN) {
        return is_own_origin(runtime, tenant, request_host(headers), origin);
    }
    match headers.get("sec-fetch-site").map(HeaderValue::as_bytes) {
        // `none` is a navigation the user started (typed, bookmarked).
        Some(b"same-origin" | b"none") | None => true,
        Some(_) => false,
    }
}

/// Refuses POST, PUT, PATCH and DELETE from pages outside the dealer's own site (403
/// `cross_site_request`). Requests for no known dealer pass on to their 404.
pub async fn same_origin_writes(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let changes_state = matches!(
        *request.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    if changes_state {
        if let Some(tenant) = state.tenants.resolve(request.headers()) {
            if !may_change_state(state.runtime, tenant, request.headers()) {
                tracing::info!(
                    dealer = %tenant.slug,
                    origin = ?request.headers().get(axum::http::header::ORIGIN),
                    sec_fetch_site = ?request.headers().get("sec-fetch-site"),
                    path = request.uri().path(),
                    "cross-site request refused"
                );
                return ApiError::new(ErrorCode::CrossSiteRequest, CROSS_SITE).into_response();
            }
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_parse_into_scheme_host_and_port() {
        let parsed = |v: &str| parse_origin(v).map(|o| (o.scheme, o.host, o.port));
        assert_eq!(
            parsed("https://WWW.Acme.com.au"),
            Some(("https".into(), "www.acme.com.au".into(), None))
        );
        assert_eq!(
            parsed("http://alpha.localhost:5173"),
            Some(("http".into(), "alpha.localhost".into(), Some(5173)))
        );
        assert_eq!(
            parsed("http://[::1]:8080"),
            Some(("http".into(), "[::1]".into(), Some(8080)))
        );
        assert_eq!(
            parsed("http://[::1]"),
            Some(("http".into(), "[::1]".into(), None))
        );
        for bad in [
            "null",
            "",
            "https://",
            "https://acme.com.au/",
            "https://acme.com.au:x",
            "https://evil@acme.com.au",
            "acme.com.au",
        ] {
            assert_eq!(parsed(bad), None, "{bad}");
        }
    }
}
