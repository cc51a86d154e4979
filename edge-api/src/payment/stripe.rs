//! A small Stripe API client over the workspace's reqwest: form-encoded requests with the
//! secret key as a Bearer token, an `Idempotency-Key` derived from the reservation on
//! every request that moves money, and answers read only for the fields the API uses
//! (Stripe's objects carry far more, and localstripe's omit some: both parse). The
//! `async-stripe` crate is not used because it fails to parse localstripe's
//! PaymentIntents, which the tests run against.

use domain::messages::CARD_DECLINED;
use std::collections::HashMap;
use std::time::Duration as StdDuration;

use chrono::{DateTime, Utc};
use hmac::{Hmac, KeyInit, Mac};
use serde::Deserialize;
use sha2::Sha256;

/// Stripe's own API.
pub const STRIPE_API_BASE: &str = "https://api.stripe.com";
/// How old a webhook's signature may be.
pub const WEBHOOK_TOLERANCE_SECS: i64 = 300;

/// The deployment's Stripe account (environment only, never dealer files).
#[derive(Clone, PartialEq, Eq)]
pub struct StripeSettings {
    /// `FORECOURT_STRIPE_SECRET_KEY`.
    pub secret_key: String,
    /// `FORECOURT_STRIPE_WEBHOOK_SECRET`; without it the webhook endpoint refuses events.
    pub webhook_secret: Option<String>,
    /// `FORECOURT_STRIPE_API_BASE` (default [`STRIPE_API_BASE`]).
    pub api_base: String,
}

impl std::fmt::Debug for StripeSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeSettings")
            .field("api_base", &self.api_base)
            .field(
                "webhook_secret",
                &self.webhook_secret.as_ref().map(|_| "set"),
            )
            .finish_non_exhaustive()
    }
}

/// A PaymentIntent, as far as the API reads it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct PaymentIntent {
    /// `pi_...`.
    pub id: String,
    /// `requires_capture`, `requires_action`, `succeeded`, `canceled`, ...
    pub status: String,
    /// Given to the browser for 3-D Secure.
    #[serde(default)]
    pub client_secret: Option<String>,
    /// Why the last attempt failed, when it did.
    #[serde(default)]
    pub last_payment_error: Option<ErrorObject>,
    /// The metadata the API set (dealer, car_id, reservation_id).
    #[serde(default)]
    pub metadata: HashMap<String, String>,
}

impl PaymentIntent {
    /// The metadata value of `key`.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.metadata.get(key).map(String::as_str)
    }
}

/// Stripe's error object (`error` of an error answer, `last_payment_error`).
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
pub struct ErrorObject {
    /// What the card issuer or Stripe says.
    #[serde(default)]
    pub message: Option<String>,
    /// `card_declined`, `resource_missing`, ...
    #[serde(default)]
    pub code: Option<String>,
    /// The issuer's decline code, when given.
    #[serde(default)]
    pub decline_code: Option<String>,
    /// `card_error`, `invalid_request_error`, ...
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    /// The parameter at fault.
    #[serde(default)]
    pub param: Option<String>,
}

#[derive(Deserialize)]
struct ErrorAnswer {
    error: ErrorObject,
}

#[derive(Deserialize)]
struct List<T> {
    data: Vec<T>,
    #[serde(default)]
    has_more: bool,
}

#[derive(Deserialize)]
struct TokenAnswer {
    card: Option<IdOnly>,
}

#[derive(Deserialize)]
struct IdOnly {
    id: String,
}

/// Why a Stripe call failed.
#[derive(Debug, thiserror::Error)]
pub enum StripeError {
    /// The card was declined (HTTP 402, a card error): the issuer's reason.
    #[error("card declined: {message}")]
    Declined {
        /// The reason, as the shopper reads it.
        message: String,
    },
    /// Stripe refused the request (4xx): a payment method it does not know, a state
    /// that does not allow the action.
    #[error("Stripe refused the request ({status}): {}", .error.message.as_deref().unwrap_or("no message"))]
    Refused {
        /// HTTP status.
        status: u16,
        /// Stripe's error.
        error: ErrorObject,
    },
    /// Stripe could not be reached or failed (network, 5xx, an answer we cannot read).
    #[error("Stripe is unavailable")]
    Unavailable(#[source] anyhow::Error),
}

/// A client of one Stripe account.
#[derive(Debug, Clone)]
pub struct Stripe {
    settings: StripeSettings,
    http: reqwest::Client,
}

impl Stripe {
    /// A client with its own HTTP client (short timeouts: a shopper is waiting).
    pub fn new(settings: StripeSettings) -> anyhow::Result<Stripe> {
        let http = reqwest::Client::builder()
            .connect_timeout(StdDuration::from_secs(5))
            .timeout(StdDuration::from_secs(20))
            .build()?;
        Ok(Stripe { settings, http })
    }

    /// The settings it was made with.
    pub fn settings(&self) -> &StripeSettings {
        &self.settings
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.settings.api_base.trim_end_matches('/'))
    }

    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, StripeError> {
        let response = request
            .bearer_auth(&self.settings.secret_key)
            .header("Stripe-Version", "2024-06-20")
            .send()
            .await
            .map_err(|e| StripeError::Unavailable(e.into()))?;
        let status = response.status();
        let body = response
            .bytes()
            .await
            .map_err(|e| StripeError::Unavailable(e.into()))?;
        if status.is_success() {
            return serde_json::from_slice(&body).map_err(|e| {
                StripeError::Unavailable(anyhow::Error::new(e).context("reading Stripe's answer"))
            });
        }
        let error = serde_json::from_slice::<ErrorAnswer>(&body)
            .map(|a| a.error)
            .unwrap_or_default();
        if status.is_server_error() || status.as_u16() == 429 || status.as_u16() == 401 {
            return Err(StripeError::Unavailable(anyhow::anyhow!(
                "Stripe answered {status}: {}",
                error.message.as_deref().unwrap_or("no message")
            )));
        }
        if status.as_u16() == 402 || error.kind.as_deref() == Some("card_error") {
            let message = error
                .message
                .filter(|m| !m.trim().is_empty())
                .unwrap_or_else(|| CARD_DECLINED.to_owned());
            return Err(StripeError::Declined { message });
        }
        Err(StripeError::Refused {
            status: status.as_u16(),
            error,
        })
    }

    async fn post<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        form: &[(&str, String)],
        idempotency_key: Option<&str>,
    ) -> Result<T, StripeError> {
        let body =
            serde_urlencoded::to_string(form).map_err(|e| StripeError::Unavailable(e.into()))?;
        let mut request = self
            .http
            .post(self.url(path))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body);
        if let Some(key) = idempotency_key {
            request = request.header("Idempotency-Key", key);
        }
        self.call(request).await
    }

    /// The card of a token (`tok_...` from Stripe.js's `createToken`), which a
    /// PaymentIntent takes as its payment method.
    pub async fn token_card(&self, token: &str) -> Result<String, StripeError> {
        let answer: TokenAnswer = self
            .call(
                self.http
                    .get(self.url(&format!("/v1/tokens/{}", path_part(token)))),
            )
            .await?;
        answer
            .card
            .map(|c| c.id)
            .ok_or_else(|| StripeError::Refused {
                status: 400,
                error: ErrorObject {
                    message: Some("the token holds no card".into()),
                    param: Some("payment_method".into()),
                    ..ErrorObject::default()
                },
            })
    }

    /// Creates and confirms the deposit's PaymentIntent: AUD cents, manual capture (an
    /// authorisation only), metadata naming dealer, car and reservation, idempotent per
    /// reservation.
    pub async fn authorise(
        &self,
        amount_dollars: u32,
        payment_method: &str,
        dealer: &str,
        car_id: u64,
        reservation_id: &str,
    ) -> Result<PaymentIntent, StripeError> {
        let form = [
            ("amount", (u64::from(amount_dollars) * 100).to_string()),
            ("currency", "aud".to_owned()),
            ("capture_method", "manual".to_owned()),
            ("confirm", "true".to_owned()),
            ("payment_method", payment_method.to_owned()),
            ("metadata[dealer]", dealer.to_owned()),
            ("metadata[car_id]", car_id.to_string()),
            ("metadata[reservation_id]", reservation_id.to_owned()),
        ];
        self.post(
            "/v1/payment_intents",
            &form,
            Some(&format!("reservation-{reservation_id}-authorise")),
        )
        .await
    }

    /// The PaymentIntent as Stripe has it now.
    pub async fn retrieve(&self, id: &str) -> Result<PaymentIntent, StripeError> {
        self.call(
            self.http
                .get(self.url(&format!("/v1/payment_intents/{}", path_part(id)))),
        )
        .await
    }

    /// Takes the authorised deposit.
    pub async fn capture(&self, id: &str, key: &str) -> Result<PaymentIntent, StripeError> {
        self.post(
            &format!("/v1/payment_intents/{}/capture", path_part(id)),
            &[],
            Some(&format!("{key}-capture")),
        )
        .await
    }

    /// Cancels an authorisation (nothing is charged).
    pub async fn cancel(&self, id: &str, key: &str) -> Result<PaymentIntent, StripeError> {
        self.post(
            &format!("/v1/payment_intents/{}/cancel", path_part(id)),
            &[],
            Some(&format!("{key}-cancel")),
        )
        .await
    }

    /// Refunds a captured deposit in full.
    pub async fn refund(&self, id: &str, key: &str) -> Result<(), StripeError> {
        let _: serde_json::Value = self
            .post(
                "/v1/refunds",
                &[("payment_intent", id.to_owned())],
                Some(&format!("{key}-refund")),
            )
            .await?;
        Ok(())
    }

    /// Every PaymentIntent of the account still authorised (`requires_capture`) or
    /// waiting for 3-D Secure, page by page (for the reconciliation pass).
    pub async fn open_intents(&self) -> Result<Vec<PaymentIntent>, StripeError> {
        let mut out = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let mut url = self.url("/v1/payment_intents?limit=100");
            if let Some(id) = &after {
                url.push_str(&format!("&starting_after={}", path_part(id)));
            }
            let page: List<PaymentIntent> = self.call(self.http.get(url)).await?;
            after = page.data.last().map(|p| p.id.clone());
            let more = page.has_more && after.is_some();
            out.extend(
                page.data.into_iter().filter(|p| {
                    matches!(p.status.as_str(), "requires_capture" | "requires_action")
                }),
            );
            if !more {
                return Ok(out);
            }
        }
    }
}

/// An id as one path segment (ids are `[A-Za-z0-9_]`; anything else is dropped, so a
/// shopper's text never changes the path).
fn path_part(id: &str) -> String {
    id.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// Whether an id looks like something Stripe.js returns for a card.
pub fn is_card_id(id: &str) -> bool {
    let id = id.trim();
    ["pm_", "card_", "tok_"]
        .iter()
        .any(|p| id.strip_prefix(p).is_some_and(|rest| !rest.is_empty()))
        && id.len() <= 255
        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Why a webhook's signature was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    /// No usable `Stripe-Signature` header.
    #[error("no Stripe-Signature header with t= and v1=")]
    Missing,
    /// Older (or further ahead) than the tolerance.
    #[error("the signature's timestamp is outside the 5-minute tolerance")]
    Stale,
    /// No v1 signature matches.
    #[error("no v1 signature matches the payload")]
    Mismatch,
}

/// Verifies a `Stripe-Signature` header (`t=<unix secs>,v1=<hex>,...`): some v1 is the
/// HMAC-SHA256 of `<t>.<payload>` under the webhook secret (compared in constant time)
/// and `t` is within [`WEBHOOK_TOLERANCE_SECS`] of `now`.
pub fn verify_signature(
    header: &str,
    payload: &[u8],
    secret: &str,
    now: DateTime<Utc>,
) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.push(value),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Missing)?;
    if signatures.is_empty() {
        return Err(SignatureError::Missing);
    }
    if (now.timestamp() - timestamp).abs() > WEBHOOK_TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    for signature in signatures {
        let Ok(expected) = hex::decode(signature) else {
            continue;
        };
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
            .map_err(|_| SignatureError::Mismatch)?;
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        if mac.verify_slice(&expected).is_ok() {
            return Ok(());
        }
    }
    Err(SignatureError::Mismatch)
}

/// The `Stripe-Signature` header Stripe would send for `payload` at `timestamp`.
pub fn sign(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn signatures_are_checked_for_key_payload_and_age() {
        let now = Utc.with_ymd_and_hms(2026, 3, 1, 10, 0, 0).unwrap();
        let header = sign(b"{\"id\":\"evt_1\"}", "whsec_a", now.timestamp());
        assert_eq!(
            verify_signature(&header, b"{\"id\":\"evt_1\"}", "whsec_a", now),
            Ok(())
        );
        assert_eq!(
            verify_signature(&header, b"{\"id\":\"evt_2\"}", "whsec_a", now),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature(&header, b"{\"id\":\"evt_1\"}", "whsec_b", now),
            Err(SignatureError::Mismatch)
        );
        let later = now + chrono::Duration::seconds(WEBHOOK_TOLERANCE_SECS + 1);
        assert_eq!(
            verify_signature(&header, b"{\"id\":\"evt_1\"}", "whsec_a", later),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify_signature("v1=abc", b"x", "whsec_a", now),
            Err(SignatureError::Missing)
        );
        assert_eq!(
            verify_signature("", b"x", "whsec_a", now),
            Err(SignatureError::Missing)
        );
    }

    #[test]
    fn card_ids_are_what_stripe_js_returns() {
        assert!(is_card_id("pm_1Abc"));
        assert!(is_card_id("card_1Abc"));
        assert!(is_card_id("tok_1Abc"));
        assert!(!is_card_id("4242424242424242"));
        assert!(!is_card_id("pm_"));
        assert!(!is_card_id("pm_../../v1/charges"));
    }
}
