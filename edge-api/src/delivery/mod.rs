//! Everything that leaves the API as a message: leads as the dealer receives them
//! (JSON, ADF 1.0 XML, email; the lead itself is [`crate::lead`]), the outbox that
//! delivers them with retries, and the mail and SMS transports (local and production)
//! that also carry sign-in codes and shopper confirmations.

pub mod adf;
pub mod lead_mail;
pub mod mail;
pub mod outbox;
pub mod ses;
pub mod sms;
pub mod sns;
