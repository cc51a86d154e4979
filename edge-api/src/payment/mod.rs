//! Paying a reservation's deposit. A dealer paid at the dealership uses the provider
//! behind [`PaymentProvider`], chosen when the [`AppState`](crate::AppState) is built
//! (like the SMS sender); the local provider, [`LocalPayment`], takes no money online:
//! the hold is recorded as awaiting payment and the shopper pays at the dealership.
//!
//! A dealer with `[reserve] payment = "stripe"` takes the deposit as a card
//! authorisation through [`stripe`] ([`CardPayments`], configured from the environment):
//! captured only when the dealer agrees the sale, cancelled otherwise. [`flow`] holds
//! the changes of state every entry point shares (the reserve request, 3-D Secure
//! confirmation, the shopper's and the dealer's actions, webhooks, the expiry and
//! reconciliation pass).

pub mod flow;
pub mod links;
pub mod stripe;

use async_trait::async_trait;
use domain::messages::reservation_held_pay_at_dealership;

use crate::lead::PaymentStatus;
use crate::store::ReservationRecord;

/// Card deposits through Stripe: the client, and the key of the dealer's signed links.
pub struct CardPayments {
    /// The Stripe client.
    pub stripe: stripe::Stripe,
    /// Key of the dealer links' signatures, derived from the Stripe secret key.
    link_key: [u8; 32],
    /// The local server's port: dealer links then point at `http://<slug>.localhost:<port>`;
    /// `None` (Lambda) points them at the dealer's first domain.
    pub local_port: Option<u16>,
    /// When the reconciliation pass last listed Stripe's open authorisations.
    pub last_reconciled: std::sync::Mutex<Option<chrono::DateTime<chrono::Utc>>>,
}

impl std::fmt::Debug for CardPayments {
    // The link key never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CardPayments")
            .field("stripe", &self.stripe)
            .field("local_port", &self.local_port)
            .finish_non_exhaustive()
    }
}

impl CardPayments {
    /// Card payments on the account of `settings`.
    pub fn new(settings: stripe::StripeSettings, local_port: Option<u16>) -> anyhow::Result<Self> {
        let link_key = blake3::derive_key(
            "forecourt 2026 dealer payment links",
            settings.secret_key.as_bytes(),
        );
        Ok(CardPayments {
            stripe: stripe::Stripe::new(settings)?,
            link_key,
            local_port,
            last_reconciled: std::sync::Mutex::new(None),
        })
    }
}

/// What the shopper is told once the car is held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentStart {
    /// Where the deposit stands now.
    pub status: PaymentStatus,
    /// How to pay it, in words a shopper reads.
    pub message: String,
}

/// Something that collects reservation deposits.
#[async_trait]
pub trait PaymentProvider: Send + Sync {
    /// Starts collecting the deposit of a reservation whose hold is already stored (so a
    /// shopper who lost the race for the car never starts a payment).
    async fn start(&self, reservation: &ReservationRecord) -> anyhow::Result<PaymentStart>;
}

/// The local provider: the deposit is paid at the dealership.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalPayment;

#[async_trait]
impl PaymentProvider for LocalPayment {
    async fn start(&self, reservation: &ReservationRecord) -> anyhow::Result<PaymentStart> {
        Ok(PaymentStart {
            status: PaymentStatus::AwaitingPayment,
            message: reservation_held_pay_at_dealership(
                reservation.hold_hours,
                reservation.deposit,
            ),
        })
    }
}
