//! Request extractors that answer in the common error format: a strict JSON body that
//! names the field at fault, the client address, and the signed-in session.

use std::net::{IpAddr, SocketAddr};

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::header;
use axum::http::request::Parts;
use lambda_http::request::RequestContext;
use lambda_http::RequestExt;
use serde::de::DeserializeOwned;

use crate::error::{ApiError, ErrorCode};
use crate::tenancy::Site;
use crate::{AppState, Runtime};
use domain::messages::{INVALID_CAR_ID, MALFORMED_JSON, NOT_JSON, SIGN_IN_REQUIRED, TOO_LARGE};

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
    let join = |name: &str| {
        if path == "." {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    // serde names unknown and missing fields in backticks; the path already ends with
    // an unknown field but stops at the parent of a missing one.
    let quoted = |prefix: &str| {
        text.strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(str::to_owned)
    };
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
    de.end()
        .map_err(|_| ApiError::new(ErrorCode::BadRequest, MALFORMED_JSON))?;
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
                mime == "application/json"
                    || (mime.starts_with("application/") && mime.ends_with("+json"))
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

/// The origin secrets CloudFront adds to every request it sends to the API (the current
/// one, and the previous one while a rotation is under way), kept only as hashes.
#[derive(Clone, Default, PartialEq)]
pub struct OriginSecrets(Vec<blake3::Hash>);

impl std::fmt::Debug for OriginSecrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OriginSecrets({} configured)", self.0.len())
    }
}

impl OriginSecrets {
    /// The accepted secrets.
    pub fn new<S: AsRef<str>>(secrets: impl IntoIterator<Item = S>) -> Self {
        OriginSecrets(
            secrets
                .into_iter()
                .map(|s| blake3::hash(s.as_ref().as_bytes()))
                .collect(),
        )
    }

    /// No secret configured: nothing can be proven to come from CloudFront.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether a header value is one of the secrets. Hashes compare in constant time
    /// (`blake3::Hash`'s equality) and are of one length, so the time taken says nothing
    /// about how much of a guess was right; every secret is compared.
    pub fn matches(&self, value: &[u8]) -> bool {
        let guess = blake3::hash(value);
        self.0
            .iter()
            .fold(false, |found, secret| found | (*secret == guess))
    }
}

/// Marks a request whose origin secret matched: it came through CloudFront, so the
/// headers CloudFront sets (`CloudFront-Viewer-Address`) are CloudFront's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViaCloudFront;

/// The header CloudFront sets to the viewer's address and port.
pub const VIEWER_ADDRESS_HEADER: &str = "cloudfront-viewer-address";

/// The address of a `CloudFront-Viewer-Address` value: `198.51.100.10:46532`, or IPv6
/// unbracketed with the port after the last colon (`2001:db8::1:46532`); bracketed
/// socket addresses are accepted too. Anything else is `None`.
pub fn viewer_address(value: &str) -> Option<IpAddr> {
    let value = value.trim();
    if let Ok(socket) = value.parse::<SocketAddr>() {
        return Some(socket.ip());
    }
    let (ip, port) = value.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    ip.parse::<IpAddr>().ok()
}

/// The client's address, never from a header the client can write:
/// - locally, the socket peer;
/// - on Lambda, `CloudFront-Viewer-Address` when the request carried the origin secret
///   ([`ViaCloudFront`]), else API Gateway's `requestContext.http.sourceIp`.
///
/// `X-Forwarded-For` is never read: CloudFront and API Gateway append to it, so its
/// first hop is whatever the client wrote. A value that is not an IP address is
/// skipped; "unknown" when nothing is known (one shared rate-limit bucket).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientIp(pub String);

impl ClientIp {
    /// The address of a request's parts as the API at `runtime` sees it.
    pub fn of(parts: &Parts, runtime: Runtime) -> ClientIp {
        let ip = match runtime {
            Runtime::Local { .. } => parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
            Runtime::Lambda => parts
                .extensions
                .get::<ViaCloudFront>()
                .and_then(|_| single_header(parts, VIEWER_ADDRESS_HEADER))
                .and_then(viewer_address)
                .or_else(|| gateway_source_ip(parts)),
        };
        ClientIp(ip.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string()))
    }
}

/// The bucket a client address is rate-limited under. An IPv6 client is counted by its
/// /64: one subscriber or host network gets a whole /64 and can rotate through it at
/// will, so a single address would give a fresh quota per request. An IPv4-mapped IPv6
/// address (a dual-stack socket's view of an IPv4 peer) is the IPv4 address it maps.
/// The address itself ([`ClientIp`]) stays as it is for the logs.
pub fn address_bucket(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let [a, b, c, d, ..] = v6.segments();
                format!("{}/64", std::net::Ipv6Addr::new(a, b, c, d, 0, 0, 0, 0))
            }
        },
    }
}

/// The one value of a header (none when absent, repeated or not text).
fn single_header<'a>(parts: &'a Parts, name: &str) -> Option<&'a str> {
    let mut values = parts.headers.get_all(name).iter();
    let value = values.next()?;
    values
        .next()
        .is_none()
        .then(|| value.to_str().ok())
        .flatten()
}

/// The address API Gateway (HTTP API, payload 2.0) saw the request come from.
fn gateway_source_ip(parts: &Parts) -> Option<IpAddr> {
    match parts.extensions.request_context_ref()? {
        RequestContext::ApiGatewayV2(context) => {
            context.http.source_ip.as_deref()?.trim().parse().ok()
        }
        _ => None,
    }
}

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientIp::of(parts, state.runtime))
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

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let site = Site::from_request_parts(parts, state).await?;
        let unauthorised = || ApiError::new(ErrorCode::SignInRequired, SIGN_IN_REQUIRED);
        let token = session_token(parts).ok_or_else(unauthorised)?;
        let hash = token_hash(&token);
        let session = state
            .store
            .session(&site.0.slug, &hash, state.clock.now())
            .await?
            .ok_or_else(unauthorised)?;
        Ok(SignedIn {
            site,
            phone: session.phone,
            token_hash: hash,
        })
    }
}

/// Header that makes a submission safe to retry.
pub const IDEMPOTENCY_HEADER: &str = "idempotency-key";
/// Longest accepted idempotency key.
pub const MAX_IDEMPOTENCY_KEY: usize = 200;

/// The car id of a `/{car_id}` path: a positive whole number that fits a `u64`, or a 400
/// naming `car_id` (axum's own rejection would answer in its words, not the API's).
pub fn car_id_param(
    raw: Result<axum::extract::Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<u64, ApiError> {
    raw.ok()
        .map(|axum::extract::Path(raw)| raw)
        .filter(|raw| !raw.is_empty() && raw.len() <= 20 && raw.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|raw| raw.parse::<u64>().ok())
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::bad_field("car_id", INVALID_CAR_ID))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts_of(event: &str) -> Parts {
        lambda_http::request::from_str(event)
            .expect("a Lambda event")
            .into_parts()
            .0
    }

    fn fixture(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn viewer_addresses_are_read_with_their_port_after_the_last_colon() {
        let ip = |s: &str| s.parse::<IpAddr>().ok();
        assert_eq!(viewer_address("198.51.100.10:46532"), ip("198.51.100.10"));
        assert_eq!(viewer_address("2001:db8::1:46532"), ip("2001:db8::1"));
        assert_eq!(
            viewer_address("0000:0000:0000:0000:0000:0000:0000:0001:52325"),
            ip("::1")
        );
        assert_eq!(viewer_address("[2001:db8::1]:443"), ip("2001:db8::1"));
        for garbage in [
            "",
            "198.51.100.10",
            "198.51.100.10:",
            "198.51.100.10:99999",
            "evil:80",
            "1.2.3.4, 5.6.7.8:80",
            "<script>:1",
        ] {
            assert_eq!(viewer_address(garbage), None, "{garbage:?}");
        }
    }

    #[test]
    fn ipv6_clients_share_the_bucket_of_their_64_and_mapped_ipv4_is_ipv4() {
        let bucket = |s: &str| address_bucket(s.parse().expect("an address"));
        assert_eq!(bucket("2001:db8:4:7::15"), "2001:db8:4:7::/64");
        assert_eq!(
            bucket("2001:db8:4:7:ffff:ffff:ffff:ffff"),
            "2001:db8:4:7::/64"
        );
        assert_ne!(bucket("2001:db8:4:8::15"), bucket("2001:db8:4:7::15"));
        assert_eq!(bucket("::ffff:198.51.100.10"), "198.51.100.10");
        assert_eq!(bucket("198.51.100.10"), "198.51.100.10");
        assert_eq!(bucket("::1"), "::/64");
    }

    #[test]
    fn on_lambda_the_viewer_address_counts_only_with_the_origin_proven() {
        let lambda = Runtime::Lambda;
        // A direct call: a forged viewer address and X-Forwarded-For, the gateway's source.
        let mut parts = parts_of(&fixture("apigw-v2-direct-forged.json"));
        assert_eq!(
            ClientIp::of(&parts, lambda),
            ClientIp("198.51.100.66".into())
        );
        // The same headers, proven to come through CloudFront: CloudFront's header.
        parts.extensions.insert(ViaCloudFront);
        assert_eq!(ClientIp::of(&parts, lambda), ClientIp("192.0.2.99".into()));
        // Locally headers and the request context mean nothing; no peer is "unknown".
        assert_eq!(
            ClientIp::of(&parts, Runtime::Local { dev_mode: false }),
            ClientIp("unknown".into())
        );
        parts.extensions.insert(ConnectInfo(
            "127.0.0.1:5000".parse::<SocketAddr>().expect("peer"),
        ));
        assert_eq!(
            ClientIp::of(&parts, Runtime::Local { dev_mode: false }),
            ClientIp("127.0.0.1".into())
        );
        // A garbage source address is not used either.
        let mut garbage = parts_of(
            &fixture("apigw-v2-direct-forged.json").replace("\"198.51.100.66\"", "\"not-an-ip\""),
        );
        assert_eq!(ClientIp::of(&garbage, lambda), ClientIp("unknown".into()));
        garbage.extensions.insert(ViaCloudFront);
        assert_eq!(
            ClientIp::of(&garbage, lambda),
            ClientIp("192.0.2.99".into())
        );
    }

    #[test]
    fn origin_secrets_match_exactly() {
        let secrets = OriginSecrets::new([
            "current-secret-0123456789abcdef0123",
            "previous-secret-0123456789abcdef012",
        ]);
        assert!(secrets.matches(b"current-secret-0123456789abcdef0123"));
        assert!(secrets.matches(b"previous-secret-0123456789abcdef012"));
        for wrong in [
            &b""[..],
            b"current-secret-0123456789abcdef012",
            b"current-secret-0123456789abcdef01234",
            b"CURRENT-SECRET-0123456789ABCDEF0123",
        ] {
            assert!(
                !secrets.matches(wrong),
                "{}",
                String::from_utf8_lossy(wrong)
            );
        }
        assert!(
            !OriginSecrets::default().matches(b""),
            "no secret matches nothing"
        );
        assert_eq!(
            format!("{secrets:?}"),
            "OriginSecrets(2 configured)",
            "Debug never shows a secret"
        );
    }
}
