//! The changes of state of a card deposit, shared by every entry point. Each reads the
//! PaymentIntent (or acts on it) at Stripe first and then records the change with
//! [`Store::transition`](crate::store::Store::transition), which also frees or extends
//! the hold and tells the dealer (through the outbox) and the shopper (by email).

use chrono::{DateTime, Duration, Utc};

use super::stripe::{PaymentIntent, StripeError};
use super::CardPayments;
use crate::lead::PaymentStatus;
use crate::store::{
    HoldChange, ReservationRecord, StateChange, StoreError, Transition, TransitionOutcome,
};
use crate::AppState;
use domain::messages::CARD_DECLINED;

/// How long a card has to be authorised (3-D Secure included) before the hold lapses.
pub const AUTHORISE_WITHIN: Duration = Duration::minutes(15);
/// How often the reconciliation pass lists Stripe's open authorisations.
pub const RECONCILE_EVERY: Duration = Duration::minutes(5);

/// The states a deposit is still being authorised in.
pub const AUTHORISING: &[PaymentStatus] =
    &[PaymentStatus::Authorising, PaymentStatus::RequiresAction];
/// The states in which the car is held for a card deposit.
pub const LIVE: &[PaymentStatus] = &[
    PaymentStatus::Authorising,
    PaymentStatus::RequiresAction,
    PaymentStatus::Held,
];

/// Records a change of state.
// Each argument is one part of the change; a struct would only rename them.
#[allow(clippy::too_many_arguments)]
pub async fn record(
    state: &AppState,
    reservation: &ReservationRecord,
    from: &[PaymentStatus],
    to: PaymentStatus,
    by: &str,
    note: Option<String>,
    payment_intent: Option<String>,
    hold: HoldChange,
) -> Result<TransitionOutcome, StoreError> {
    let now = state.clock.now();
    let transition = Transition {
        from,
        change: StateChange {
            at: now,
            status: to,
            by: by.to_owned(),
            note,
        },
        payment_intent,
        hold,
    };
    let outcome = state
        .store
        .transition(&reservation.dealer, &reservation.id, &transition, now)
        .await?;
    if let TransitionOutcome::Done(record) = &outcome {
        tracing::info!(event = "reservation_state", dealer = %record.dealer, reservation_id = %record.id,
            status = ?record.status, by, "reservation changed state");
        state.outbox_wake.notify_one();
    }
    Ok(outcome)
}

/// What a PaymentIntent's state means for the reservation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// Authorised: the deposit is held.
    Authorised,
    /// 3-D Secure is needed; the browser has the client secret.
    NeedsAction(String),
    /// Declined or 3-D Secure failed: the issuer's reason.
    Declined(String),
    /// Captured.
    Captured,
    /// Cancelled at Stripe.
    Cancelled,
    /// Still on its way (processing): nothing to record yet.
    Pending,
}

/// Reads a PaymentIntent's state.
pub fn read(intent: &PaymentIntent) -> Reading {
    match intent.status.as_str() {
        "requires_capture" => Reading::Authorised,
        "requires_action" => Reading::NeedsAction(intent.client_secret.clone().unwrap_or_default()),
        "succeeded" => Reading::Captured,
        "canceled" => Reading::Cancelled,
        "requires_payment_method" => Reading::Declined(
            intent
                .last_payment_error
                .as_ref()
                .and_then(|e| e.message.clone())
                .filter(|m| !m.trim().is_empty())
                .unwrap_or_else(|| CARD_DECLINED.to_owned()),
        ),
        _ => Reading::Pending,
    }
}

/// Brings a reservation in line with its PaymentIntent as Stripe has it (3-D Secure
/// confirmation, webhooks): authorised holds the car for the hold's hours, declined or
/// cancelled frees it, captured records the sale. An authorisation that comes after the
/// hold lapsed is cancelled at once.
pub async fn follow(
    state: &AppState,
    card: &CardPayments,
    reservation: &ReservationRecord,
    intent: &PaymentIntent,
    by: &str,
) -> Result<TransitionOutcome, anyhow::Error> {
    let pi = Some(intent.id.clone());
    let outcome = match read(intent) {
        Reading::Authorised => {
            let until = state.clock.now() + Duration::hours(i64::from(reservation.hold_hours));
            let outcome = record(
                state,
                reservation,
                AUTHORISING,
                PaymentStatus::Held,
                by,
                None,
                pi,
                HoldChange::Extend(until),
            )
            .await?;
            if let TransitionOutcome::Lapsed(lapsed) = &outcome {
                cancel_intent(card, &intent.id, &lapsed.id).await?;
                record(
                    state,
                    lapsed,
                    AUTHORISING,
                    PaymentStatus::Expired,
                    by,
                    Some("the card was authorised after the hold lapsed; the authorisation was cancelled".into()),
                    None,
                    HoldChange::Release,
                )
                .await?;
            }
            outcome
        }
        Reading::Declined(reason) => {
            record(
                state,
                reservation,
                AUTHORISING,
                PaymentStatus::Declined,
                by,
                Some(reason),
                pi,
                HoldChange::Release,
            )
            .await?
        }
        Reading::Cancelled => {
            record(
                state,
                reservation,
                LIVE,
                PaymentStatus::Cancelled,
                by,
                None,
                pi,
                HoldChange::Release,
            )
            .await?
        }
        Reading::Captured => {
            record(
                state,
                reservation,
                &[PaymentStatus::Held],
                PaymentStatus::Captured,
                by,
                None,
                pi,
                HoldChange::Keep,
            )
            .await?
        }
        Reading::NeedsAction(_) | Reading::Pending => {
            TransitionOutcome::NotAllowed(reservation.clone())
        }
    };
    Ok(outcome)
}

/// Cancels an authorisation; one already cancelled (or never authorised) is fine.
pub async fn cancel_intent(
    card: &CardPayments,
    intent_id: &str,
    reservation_id: &str,
) -> Result<(), StripeError> {
    match card
        .stripe
        .cancel(intent_id, &format!("reservation-{reservation_id}"))
        .await
    {
        Ok(_) => Ok(()),
        Err(StripeError::Refused { .. }) => {
            // Refused: not in a cancellable state. Whatever it is, it holds no money
            // unless it is still authorised, which a retrieve tells.
            let intent = card.stripe.retrieve(intent_id).await?;
            if intent.status == "requires_capture" {
                return Err(StripeError::Unavailable(anyhow::anyhow!(
                    "Stripe refused to cancel the authorised {intent_id}"
                )));
            }
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// One pass of the scheduled job: each dealer's card reservations whose hold has ended
/// get their authorisation cancelled and are recorded as expired (a hold of 48 hours
/// without a sale, or 15 minutes without an authorisation); then, at most every
/// [`RECONCILE_EVERY`], [`reconcile`]. Returns how many reservations expired.
pub async fn payment_pass(state: &AppState) -> anyhow::Result<usize> {
    let Some(card) = state.card_payments.clone() else {
        return Ok(0);
    };
    let mut expired = 0;
    for tenant in state.tenants.all() {
        let now = state.clock.now();
        let due = state
            .store
            .due_card_reservations(&tenant.slug, now, 100)
            .await?;
        for reservation in due {
            if let Some(id) = &reservation.payment_intent {
                if let Err(e) = cancel_intent(&card, id, &reservation.id).await {
                    tracing::warn!(dealer = %tenant.slug, reservation_id = %reservation.id, error = %e,
                        "cancelling an ended hold's authorisation failed; tried again next pass");
                    continue;
                }
            }
            let outcome = record(
                state,
                &reservation,
                LIVE,
                PaymentStatus::Expired,
                "expiry",
                None,
                None,
                HoldChange::Release,
            )
            .await?;
            if matches!(outcome, TransitionOutcome::Done(_)) {
                expired += 1;
            }
        }
    }
    let due = {
        let now = state.clock.now();
        let mut last = card
            .last_reconciled
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let due = last.is_none_or(|at: DateTime<Utc>| now - at >= RECONCILE_EVERY);
        if due {
            *last = Some(now);
        }
        due
    };
    if due {
        reconcile(state).await?;
    }
    Ok(expired)
}

/// No orphan money: every authorisation standing at Stripe (or waiting for 3-D Secure)
/// whose reservation is not a live hold of this API (unknown, settled, or its hold
/// gone: a crash between the authorisation and the store) is cancelled. Returns the
/// ids cancelled.
pub async fn reconcile(state: &AppState) -> anyhow::Result<Vec<String>> {
    let Some(card) = state.card_payments.clone() else {
        return Ok(Vec::new());
    };
    let mut cancelled = Vec::new();
    for intent in card.stripe.open_intents().await? {
        let (Some(dealer), Some(reservation_id)) =
            (intent.meta("dealer"), intent.meta("reservation_id"))
        else {
            // Not one of ours (another system on the same account).
            continue;
        };
        if state.tenants.by_slug(dealer).is_none() {
            continue;
        }
        let now = state.clock.now();
        let reservation = state.store.reservation(dealer, reservation_id).await?;
        let live = match &reservation {
            Some(r) if LIVE.contains(&r.status) => state
                .store
                .hold(dealer, r.car_id, now)
                .await?
                .is_some_and(|h| h.reservation_id == r.id),
            _ => false,
        };
        if live {
            continue;
        }
        cancel_intent(&card, &intent.id, reservation_id).await?;
        tracing::warn!(event = "orphan_authorisation_cancelled", dealer, reservation_id, payment_intent = %intent.id,
            "an authorisation without a live hold was cancelled");
        if let Some(r) = reservation.filter(|r| LIVE.contains(&r.status)) {
            record(
                state,
                &r,
                LIVE,
                PaymentStatus::Expired,
                "reconciliation",
                None,
                Some(intent.id.clone()),
                HoldChange::Release,
            )
            .await?;
        }
        cancelled.push(intent.id);
    }
    Ok(cancelled)
}
