//! Paying a reservation's deposit. Payment is a provider behind [`PaymentProvider`],
//! chosen when the [`AppState`](crate::AppState) is built (like the SMS sender); the
//! local provider, [`LocalPayment`], takes no money online: the hold is recorded as
//! awaiting payment and the shopper pays the deposit at the dealership.

use async_trait::async_trait;
use domain::messages::reservation_held_pay_at_dealership;

use crate::lead::PaymentStatus;
use crate::store::ReservationRecord;

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
