//! Reserving a car and the routes behind sign-in: `[reserve]` and `[gated_routes]`.

use super::*;

/// Route of the reserve button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReserveRoute {
    /// /cars/{slug}/checkout (default).
    #[default]
    Checkout,
    /// /cars/{slug}/buy-online (some dealers).
    BuyOnline,
}

/// Reserve-online settings (seed 000 section 9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReserveConfig {
    /// Offer Reserve Now on available cars; default true.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Route of the reserve page; default checkout.
    #[serde(default)]
    pub route: ReserveRoute,
    /// Refundable deposit in AUD; default 200.
    #[serde(default = "deposit")]
    pub deposit: u32,
    /// Hours the car is held; default 48.
    #[serde(default = "hold_hours")]
    pub hold_hours: u32,
    /// Offer the online purchase journey (/checkout-journey) on some sites; default false.
    #[serde(default)]
    pub buy_online_journey: bool,
    /// How the deposit is taken: `dealership` (default: paid in person) or `stripe` (the
    /// shopper's card is authorised online and captured only when the sale goes ahead).
    #[serde(default)]
    pub payment: ReservePayment,
    /// The dealer's Stripe publishable key (`pk_test_...` or `pk_live_...`), required with
    /// `payment = "stripe"`. Secret keys never go in dealer files: the API reads
    /// `FORECOURT_STRIPE_SECRET_KEY` from its environment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stripe_publishable_key: Option<String>,
}

/// How a reservation's deposit is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReservePayment {
    /// Paid at the dealership; the hold is recorded as awaiting payment.
    #[default]
    Dealership,
    /// A card authorisation through Stripe, captured when the sale is agreed.
    Stripe,
}

impl ReserveConfig {
    /// The publishable key of a dealer that takes deposits by card; `None` for a dealer
    /// paid at the dealership.
    pub fn card_key(&self) -> Option<&str> {
        match self.payment {
            ReservePayment::Stripe => self.stripe_publishable_key.as_deref(),
            ReservePayment::Dealership => None,
        }
    }
}

fn deposit() -> u32 {
    RESERVE_DEPOSIT_DOLLARS
}
fn hold_hours() -> u32 {
    RESERVE_HOLD_HOURS
}

impl Default for ReserveConfig {
    fn default() -> Self {
        ReserveConfig {
            enabled: true,
            route: ReserveRoute::Checkout,
            deposit: RESERVE_DEPOSIT_DOLLARS,
            hold_hours: RESERVE_HOLD_HOURS,
            buy_online_journey: false,
            payment: ReservePayment::Dealership,
            stripe_publishable_key: None,
        }
    }
}

/// Routes that need a signed-in user only on sites that switch them on (seed 001 section 6).
/// online-payment, my-garage and the garage pages are always gated.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GatedRoutesConfig {
    /// Gate /cars/{slug}/checkout; default false.
    #[serde(default)]
    pub checkout: bool,
    /// Gate /finance; default false.
    #[serde(default)]
    pub finance: bool,
    /// Gate /spin-to-win; default false.
    #[serde(default)]
    pub spin_to_win: bool,
    /// Gate finance by credit check (/personalised/finance); default false.
    #[serde(default)]
    pub finance_by_credit_check: bool,
}
