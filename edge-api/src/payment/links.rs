//! The dealer's signed links in a reservation's email: "Sale agreed: take the deposit",
//! "Release the car" and, after a capture, "Refund the deposit". A token is
//! `<valid until, unix secs>.<keyed BLAKE3 of dealer, reservation, action and that time>`:
//! it names one action on one reservation, ends with the hold (the refund link after
//! 180 days), and is used once (the store remembers a used token's hash).

use chrono::{DateTime, Duration, TimeZone, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

use super::CardPayments;
use crate::tenancy::Tenant;

/// What a dealer link does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DealerAction {
    /// Take the authorised deposit (the sale is agreed).
    Capture,
    /// Cancel the authorisation and free the car.
    Cancel,
    /// Refund a deposit taken.
    Refund,
}

impl DealerAction {
    /// The name in the link.
    pub fn as_str(self) -> &'static str {
        match self {
            DealerAction::Capture => "capture",
            DealerAction::Cancel => "cancel",
            DealerAction::Refund => "refund",
        }
    }

    /// The link's words in the email and the confirmation page's button.
    pub fn label(self) -> &'static str {
        match self {
            DealerAction::Capture => "Sale agreed: take the deposit",
            DealerAction::Cancel => "Release the car",
            DealerAction::Refund => "Refund the deposit",
        }
    }
}

/// How long a refund link lasts (Stripe refunds a charge for 180 days).
pub const REFUND_LINK_DAYS: i64 = 180;

impl CardPayments {
    fn mac(&self, dealer: &str, reservation_id: &str, action: DealerAction, until: i64) -> String {
        let message = format!("{dealer}\n{reservation_id}\n{}\n{until}", action.as_str());
        blake3::keyed_hash(&self.link_key, message.as_bytes())
            .to_hex()
            .to_string()
    }

    /// The token of a link valid until `until`.
    pub fn link_token(
        &self,
        dealer: &str,
        reservation_id: &str,
        action: DealerAction,
        until: DateTime<Utc>,
    ) -> String {
        let until = until.timestamp();
        format!(
            "{until}.{}",
            self.mac(dealer, reservation_id, action, until)
        )
    }

    /// When a token ends, if it is this link's and has not ended at `now`.
    pub fn check_token(
        &self,
        dealer: &str,
        reservation_id: &str,
        action: DealerAction,
        token: &str,
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        let (until, mac) = token.split_once('.')?;
        let until: i64 = until.parse().ok()?;
        let expected = self.mac(dealer, reservation_id, action, until);
        // Constant time: blake3's Hash compares so.
        let given = blake3::Hash::from_hex(mac).ok()?;
        let expected = blake3::Hash::from_hex(expected).ok()?;
        if given != expected {
            return None;
        }
        let until = Utc.timestamp_opt(until, 0).single()?;
        (until > now).then_some(until)
    }

    /// The link of an action on a reservation of `tenant`, valid until `until`; `None`
    /// when the dealer has no domain to point at (and no local server).
    pub fn dealer_link(
        &self,
        tenant: &Tenant,
        reservation_id: &str,
        action: DealerAction,
        until: DateTime<Utc>,
    ) -> Option<String> {
        let origin = match self.local_port {
            Some(port) => format!("http://{}.localhost:{port}", tenant.slug),
            None => tenant.site_url()?,
        };
        let token = self.link_token(&tenant.slug, reservation_id, action, until);
        Some(format!(
            "{origin}/api/reservations/{}/dealer?action={}&token={token}",
            urlencode(reservation_id),
            action.as_str()
        ))
    }

    /// The dealer's links of a reservation in this state: capture and cancel while the
    /// deposit is held (until the hold ends), refund once it was taken.
    pub fn links_for(
        &self,
        tenant: &Tenant,
        reservation_id: &str,
        status: crate::lead::PaymentStatus,
        hold_ends: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Vec<(DealerAction, String)> {
        use crate::lead::PaymentStatus;
        let wanted: &[(DealerAction, DateTime<Utc>)] = match status {
            PaymentStatus::Held => &[
                (DealerAction::Capture, hold_ends),
                (DealerAction::Cancel, hold_ends),
            ],
            PaymentStatus::Captured => {
                &[(DealerAction::Refund, now + Duration::days(REFUND_LINK_DAYS))]
            }
            _ => &[],
        };
        wanted
            .iter()
            .filter_map(|(action, until)| {
                self.dealer_link(tenant, reservation_id, *action, *until)
                    .map(|link| (*action, link))
            })
            .collect()
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}
