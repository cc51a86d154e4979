//! Client-only page shells (sign-in, watchlist, checkout journey, success, print, my
//! garage, online payment) and the 404 page. Their flows run in the browser; the generator publishes the
//! layout and an accessible status region.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::routes;

/// Which client-only page a shell is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ClientShell {
    /// /sign-in.
    SignIn,
    /// /watchlist.
    Watchlist,
    /// /checkout-journey.
    CheckoutJourney,
    /// /success.
    Success,
    /// /print.
    Print,
    /// /my-garage.
    MyGarage,
    /// /online-payment: the deposits of the shopper's reservations and how to pay them.
    OnlinePayment,
}

impl ClientShell {
    /// Every shell.
    pub const ALL: [ClientShell; 7] = [
        ClientShell::SignIn,
        ClientShell::Watchlist,
        ClientShell::CheckoutJourney,
        ClientShell::Success,
        ClientShell::Print,
        ClientShell::MyGarage,
        ClientShell::OnlinePayment,
    ];

    /// Route and heading.
    pub fn route_and_title(self) -> (&'static str, &'static str) {
        match self {
            ClientShell::SignIn => (routes::SIGN_IN.pattern, "Sign In"),
            ClientShell::Watchlist => (routes::WATCHLIST.pattern, "Watchlist"),
            ClientShell::CheckoutJourney => (routes::CHECKOUT_JOURNEY.pattern, "Buy Online"),
            ClientShell::Success => (routes::SUCCESS.pattern, "Thank You"),
            ClientShell::Print => (routes::PRINT.pattern, "Print"),
            ClientShell::MyGarage => (routes::MY_GARAGE.pattern, "My Garage"),
            ClientShell::OnlinePayment => (routes::ONLINE_PAYMENT.pattern, "Online Payment"),
        }
    }
}

/// A client-only page shell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ClientPageView {
    /// Which page.
    pub shell: ClientShell,
    /// Heading.
    pub title: String,
    /// The reservation terms (deposit in AUD, hours held) the online purchase journey
    /// quotes; absent on the other shells.
    pub reserve_terms: Option<ReserveTerms>,
}

/// Seed 001 s9: the reservation deposit (fully refundable) and how long the car is held.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReserveTerms {
    /// Deposit, AUD.
    pub deposit: u32,
    /// Hours the car is held.
    pub hold_hours: u32,
    /// How the deposit is paid, as the payment provider tells the shopper (the local
    /// provider: at the dealership).
    pub pay_note: String,
}

/// The 404 page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NotFoundView {
    /// Heading.
    pub title: String,
    /// The default search page, offered as a way on.
    pub search_path: String,
}
