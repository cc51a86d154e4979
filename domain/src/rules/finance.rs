//! Finance rules (seed 001 sections 5 and 9): the provider enum dealers configure, the
//! finance strip visibility per provider, the repayment formula, the comparison rate
//! (National Credit Code s 164: shown wherever a rate or repayment is), the calculator
//! ranges and the finance-estimate box. `repayment` and `comparison_rate` have TypeScript
//! twins in `frontend/src/features/finance/finance-math.ts`; both sides are tested on
//! `domain/tests/data/repayment_cases.json`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A finance provider named in the dealer configuration (seed 001 section 1). The serde
/// name is also the key of the provider's entry in `Car::finance_lenders`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema, TS,
)]
pub enum FinanceProvider {
    /// Taurus.
    #[serde(rename = "taurus")]
    Taurus,
    /// 360 Finance.
    #[serde(rename = "360_finance")]
    ThreeSixtyFinance,
    /// AusLoans.
    #[serde(rename = "ausloans")]
    AusLoans,
    /// Manual (dealer-entered lender data).
    #[serde(rename = "manual")]
    Manual,
    /// Angle.
    #[serde(rename = "angle")]
    Angle,
    /// Powertorque.
    #[serde(rename = "powertorque")]
    Powertorque,
    /// Nissan Finance.
    #[serde(rename = "nissan_finance")]
    NissanFinance,
    /// Car Clarity.
    #[serde(rename = "car_clarity")]
    CarClarity,
}

impl FinanceProvider {
    /// Every provider, in the order of the seed 001 section 5 table.
    pub const ALL: [FinanceProvider; 8] = [
        FinanceProvider::Taurus,
        FinanceProvider::ThreeSixtyFinance,
        FinanceProvider::AusLoans,
        FinanceProvider::Manual,
        FinanceProvider::Angle,
        FinanceProvider::Powertorque,
        FinanceProvider::NissanFinance,
        FinanceProvider::CarClarity,
    ];

    /// The configuration name, which is also the `finance_lenders` key.
    pub fn key(self) -> &'static str {
        match self {
            FinanceProvider::Taurus => "taurus",
            FinanceProvider::ThreeSixtyFinance => "360_finance",
            FinanceProvider::AusLoans => "ausloans",
            FinanceProvider::Manual => "manual",
            FinanceProvider::Angle => "angle",
            FinanceProvider::Powertorque => "powertorque",
            FinanceProvider::NissanFinance => "nissan_finance",
            FinanceProvider::CarClarity => "car_clarity",
        }
    }

    /// The name shoppers read, as spelled in seed 001.
    pub fn label(self) -> &'static str {
        match self {
            FinanceProvider::Taurus => "Taurus",
            FinanceProvider::ThreeSixtyFinance => "360 Finance",
            FinanceProvider::AusLoans => "AusLoans",
            FinanceProvider::Manual => "Manual",
            FinanceProvider::Angle => "Angle",
            FinanceProvider::Powertorque => "Powertorque",
            FinanceProvider::NissanFinance => "Nissan Finance",
            FinanceProvider::CarClarity => "Car Clarity",
        }
    }

    /// Seed 001 s9: "Angle card shows $0 final payment": the provider whose finance card
    /// states the loan's final payment. The card's loan is the estimate box's,
    /// so the figure stated is that loan's final payment.
    pub fn card_shows_final_payment(self) -> bool {
        self == FinanceProvider::Angle
    }
}

use crate::car::{Car, Lender};
use crate::messages;

use super::availability::is_available;
use super::format::{format_dollars, truncate_chars, Truncated};

/// Seed 001 s5: the finance strip is never shown for this manufacturer.
pub const EXCLUDED_MANUFACTURER: &str = "Suzuki";
/// Seed 001 s5: Taurus needs a year newer than the current year minus this.
pub const TAURUS_MAX_AGE_YEARS: i32 = 12;
/// Seed 001 s5: Taurus, Manual, Angle, Powertorque and Nissan Finance need a price over this.
pub const STRIP_MIN_PRICE: f64 = 500.0;

/// Seed 001 s5: whether the finance summary strip shows for `car` under the active
/// provider in `current_year`. Common rules: the car has lender data keyed by the
/// provider, neither interestRate nor comparisonRate is null, the make is not Suzuki and
/// the car is available (seed 001 s4: unavailable cars show no finance strip). Provider
/// rules: Taurus year > current year − 12 and price > 500; 360 Finance and AusLoans
/// nothing more; Manual, Angle and Powertorque price > 500 and a weekly payment; Nissan
/// Finance price > 500 and a monthly payment. Car Clarity is not in the seed's table, so
/// only the common rules apply to it.
pub fn finance_strip_visible(car: &Car, provider: FinanceProvider, current_year: i32) -> bool {
    let Some(lender) = car.finance_lenders.get(provider.key()) else {
        return false;
    };
    if lender.interest_rate.is_none() || lender.comparison_rate.is_none() {
        return false;
    }
    if car.make.trim().eq_ignore_ascii_case(EXCLUDED_MANUFACTURER) || !is_available(car) {
        return false;
    }
    let price_ok = car.price.is_some_and(|p| p > STRIP_MIN_PRICE);
    match provider {
        FinanceProvider::Taurus => {
            i32::from(car.year) > current_year - TAURUS_MAX_AGE_YEARS && price_ok
        }
        FinanceProvider::ThreeSixtyFinance
        | FinanceProvider::AusLoans
        | FinanceProvider::CarClarity => true,
        FinanceProvider::Manual | FinanceProvider::Angle | FinanceProvider::Powertorque => {
            price_ok && lender.payment_week.is_some()
        }
        FinanceProvider::NissanFinance => price_ok && lender.payment_month.is_some(),
    }
}

/// The lender data of the active provider, when the strip is visible.
pub fn visible_lender(car: &Car, provider: FinanceProvider, current_year: i32) -> Option<&Lender> {
    if finance_strip_visible(car, provider, current_year) {
        car.finance_lenders.get(provider.key())
    } else {
        None
    }
}

/// Payment frequency of the calculator (seed 001 s3: week 52, fortnight 26, month 12).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema, TS,
)]
#[serde(rename_all = "snake_case")]
pub enum PaymentFrequency {
    /// 52 payments a year.
    #[default]
    Week,
    /// 26 payments a year.
    Fortnight,
    /// 12 payments a year.
    Month,
}

impl PaymentFrequency {
    /// Payments per year: 52, 26 or 12.
    pub fn per_year(self) -> u32 {
        match self {
            PaymentFrequency::Week => 52,
            PaymentFrequency::Fortnight => 26,
            PaymentFrequency::Month => 12,
        }
    }
}

/// Inputs of one repayment calculation; money in dollars, rate in percent per annum.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct RepaymentInput {
    /// Purchase price (loan amount before deposit and trade-in).
    pub amount: f64,
    /// Cash deposit.
    pub deposit: f64,
    /// Trade-in value.
    pub trade_in: f64,
    /// Establishment fees financed with the loan.
    pub establishment_fees: f64,
    /// Balloon (residual, final payment) due with the last payment.
    pub balloon: f64,
    /// Interest rate, percent per annum.
    pub rate: f64,
    /// Term in years (steps of 0.5).
    pub term_years: f64,
    /// Payment frequency.
    pub frequency: PaymentFrequency,
    /// Round the payment up to the next whole dollar (some sites) instead of to the cent.
    pub round_up: bool,
}

/// Seed 001 s9: standard amortisation (payments in arrears) of
/// P = (amount − deposit − trade-in) + establishment fees, with the balloon B paid at the
/// end: with r = rate / 100 / frequency and n = term × frequency,
/// payment = (P − B / (1 + r)^n) × r / (1 − (1 + r)^−n), or (P − B) / n when r = 0.
/// A financed amount of zero or less (deposit and trade-in cover the price) gives 0, as
/// does a zero term; a negative result (balloon above the loan) is 0. The payment is
/// rounded to the cent, or up to the next whole dollar when `round_up` is set.
pub fn repayment(input: &RepaymentInput) -> f64 {
    let net = input.amount.max(0.0) - input.deposit.max(0.0) - input.trade_in.max(0.0);
    let periods = (input.term_years * f64::from(input.frequency.per_year())).round();
    if net <= 0.0 || periods <= 0.0 {
        return 0.0;
    }
    let principal = net + input.establishment_fees.max(0.0);
    let balloon = input.balloon.max(0.0);
    let r = input.rate.max(0.0) / 100.0 / f64::from(input.frequency.per_year());
    let payment = if r == 0.0 {
        (principal - balloon) / periods
    } else {
        let growth = (1.0 + r).powf(periods);
        (principal - balloon / growth) * r / (1.0 - 1.0 / growth)
    };
    let payment = payment.max(0.0);
    if input.round_up {
        // Guard against 123.0000000001 from floating point becoming 124.
        ((payment * 100.0).round() / 100.0).ceil()
    } else {
        (payment * 100.0).round() / 100.0
    }
}

/// The comparison-rate example loan (National Credit Code s 164 / Consumer Credit Code
/// comparison rate schedule): $30,000.
pub const COMPARISON_LOAN_AMOUNT: f64 = 30_000.0;
/// The comparison-rate example term: 5 years of monthly payments.
pub const COMPARISON_TERM_MONTHS: u32 = 60;
/// Bisection stops once the bracket is narrower than this many percentage points, well
/// inside the 0.01 % the result is rounded to.
const COMPARISON_TOLERANCE: f64 = 1e-7;

/// The level monthly payment of `principal` over `months` at `annual_rate_percent`
/// (payments in arrears, no balloon); `principal / months` at a zero rate.
fn monthly_payment(principal: f64, annual_rate_percent: f64, months: u32) -> f64 {
    let n = f64::from(months);
    let r = annual_rate_percent / 100.0 / 12.0;
    if r == 0.0 {
        return principal / n;
    }
    let growth = (1.0 + r).powf(n);
    principal * r * growth / (growth - 1.0)
}

/// The comparison rate of a loan product, percent per annum, rounded to 2 decimals: the
/// rate at which an amortising $30,000 loan over 60 monthly payments with no fees has the
/// same repayment as $30,000 at `annual_rate_percent` with `upfront_fees` financed and
/// `monthly_fees` added to every payment. Solved by bisection (the payment rises with the
/// rate) to well under 0.01 %; the frontend's `comparisonRate` is the same algorithm and
/// both are tested on `domain/tests/data/repayment_cases.json`. Negative inputs count as
/// zero; a non-finite input gives NaN.
pub fn comparison_rate(annual_rate_percent: f64, upfront_fees: f64, monthly_fees: f64) -> f64 {
    if !(annual_rate_percent.is_finite() && upfront_fees.is_finite() && monthly_fees.is_finite()) {
        return f64::NAN;
    }
    let rate = annual_rate_percent.max(0.0);
    let target = monthly_payment(
        COMPARISON_LOAN_AMOUNT + upfront_fees.max(0.0),
        rate,
        COMPARISON_TERM_MONTHS,
    ) + monthly_fees.max(0.0);
    let payment_at = |r: f64| monthly_payment(COMPARISON_LOAN_AMOUNT, r, COMPARISON_TERM_MONTHS);
    // The fees only raise the payment, so the answer is at least the rate itself.
    let mut lo = rate;
    let mut hi = rate.max(1.0) * 2.0;
    while payment_at(hi) < target && hi < 1.0e6 {
        lo = hi;
        hi *= 2.0;
    }
    while hi - lo > COMPARISON_TOLERANCE {
        let mid = (lo + hi) / 2.0;
        if payment_at(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (((lo + hi) / 2.0) * 100.0).round() / 100.0
}

/// Whether marketing text quotes an interest rate: a percentage ("2.99%") in text that
/// speaks of finance ("p.a.", "rate", "finance"). Such text must be shown with the
/// comparison rate warning (National Credit Code s 164), like any calculator.
pub fn mentions_rate(text: &str) -> bool {
    let bytes = text.as_bytes();
    let percent = bytes
        .iter()
        .enumerate()
        .any(|(i, b)| *b == b'%' && i > 0 && bytes[i - 1].is_ascii_digit());
    let lower = text.to_lowercase();
    percent
        && ["p.a.", "rate", "finance"]
            .iter()
            .any(|word| lower.contains(word))
}

/// Seed 001 s5: a repayment of this or less displays [`messages::ENQUIRE_FOR_FINANCE`]
/// (on cards and the estimate box here; the calculator's in the browser, on
/// `domain/tests/data/calculator_cases.json`).
pub const ENQUIRE_FOR_FINANCE_THRESHOLD: f64 = 25.0;

/// Seed 001 s5: purchase price minimum.
pub const DEFAULT_PURCHASE_PRICE_MIN: f64 = 1000.0;
/// Seed 001 s5: purchase price minimum for one provider or one brand.
pub const RAISED_PURCHASE_PRICE_MIN: f64 = 5000.0;
/// Seed 001 s5: purchase price maximum (also deposit, trade-in and residual maximum).
pub const PURCHASE_PRICE_MAX: f64 = 250_000.0;
/// Seed 001 s5: loan term minimum, years.
pub const TERM_MIN_YEARS: f64 = 1.0;
/// Seed 001 s5/s9: loan term maximum, years (max 5 on some sites).
pub const DEFAULT_TERM_MAX_YEARS: f64 = 7.0;
/// Seed 001 s9: the shorter term maximum of some sites.
pub const SHORT_TERM_MAX_YEARS: f64 = 5.0;
/// Seed 001 s5/s9: step of the term, interest, deposit, trade-in and residual inputs.
pub const CALCULATOR_STEP: f64 = 0.5;
/// Seed 001 s9: default term, years (5 for some providers).
pub const DEFAULT_TERM_YEARS: f64 = 6.0;
/// Seed 001 s9: the default term of some providers and configs.
pub const SHORT_DEFAULT_TERM_YEARS: f64 = 5.0;
/// Seed 001 s5: interest rate minimum, percent.
pub const DEFAULT_INTEREST_MIN: f64 = 0.5;
/// Seed 001 s5: interest rate maximum, percent.
pub const DEFAULT_INTEREST_MAX: f64 = 15.0;
/// Seed 001 s5: one provider's interest rate minimum.
pub const PROVIDER_INTEREST_MIN: f64 = 7.5;
/// Seed 001 s5: one provider's interest rate maximum.
pub const PROVIDER_INTEREST_MAX: f64 = 14.5;
/// Seed 001 s5: one brand's interest rate minimum.
pub const BRAND_INTEREST_MIN: f64 = 4.0;
/// Seed 001 s5: one brand's interest rate maximum.
pub const BRAND_INTEREST_MAX: f64 = 20.0;
/// Seed 001 s9: default rate "8.5% in one config" (10 in another, set by configuration).
pub const DEFAULT_INTEREST_RATE: f64 = 8.5;
/// Seed 000 s9: the interest rate fixed for one dealer.
pub const FIXED_DEALER_INTEREST_RATE: f64 = 12.94;
/// Seed 001 s9: loan amount slider minimum.
pub const DEFAULT_LOAN_AMOUNT_MIN: f64 = 1000.0;
/// Seed 001 s9: loan amount slider minimum for some providers.
pub const RAISED_LOAN_AMOUNT_MIN: f64 = 5000.0;
/// Seed 001 s9: loan amount slider maximum.
pub const LOAN_AMOUNT_MAX: f64 = 100_000.0;
/// Seed 001 s9: on some sites the loan maximum is this share of a price over 100000.
pub const LOAN_AMOUNT_PRICE_SHARE: f64 = 1.05;
/// Seed 001 s9: loan amount slider step.
pub const LOAN_AMOUNT_STEP: f64 = 500.0;
/// Seed 001 s9: loan amount default (also when the car has no price).
pub const DEFAULT_LOAN_AMOUNT: f64 = 30_000.0;
/// Seed 001 s9: ausloans establishment fee.
pub const AUSLOANS_ESTABLISHMENT_FEE: f64 = 1360.5;
/// Seed 001 s9: default establishment fee of one provider on one site.
pub const SITE_ESTABLISHMENT_FEE: f64 = 1300.0;

fn d_purchase_min() -> f64 {
    DEFAULT_PURCHASE_PRICE_MIN
}
fn d_term_max() -> f64 {
    DEFAULT_TERM_MAX_YEARS
}
fn d_term_default() -> f64 {
    DEFAULT_TERM_YEARS
}
fn d_interest_min() -> f64 {
    DEFAULT_INTEREST_MIN
}
fn d_interest_max() -> f64 {
    DEFAULT_INTEREST_MAX
}
fn d_interest_default() -> f64 {
    DEFAULT_INTEREST_RATE
}
fn d_loan_min() -> f64 {
    DEFAULT_LOAN_AMOUNT_MIN
}
fn d_purchase_max() -> f64 {
    PURCHASE_PRICE_MAX
}

/// Per-dealer calculator settings (seed 001 s5/s9); every default is the seed's general
/// value, and the seed's provider or brand variants are the `*_MIN`/`*_MAX` constants
/// of this module.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CalculatorSettings {
    /// Purchase price minimum: 1000, or 5000 for one provider or brand.
    #[serde(default = "d_purchase_min")]
    pub purchase_price_min: f64,
    /// Term maximum in years: 7, or 5 on some sites.
    #[serde(default = "d_term_max")]
    pub term_max_years: f64,
    /// Default term in years: 6, or 5 for some providers.
    #[serde(default = "d_term_default")]
    pub term_default_years: f64,
    /// Interest minimum: 0.5 (7.5 for one provider, 4 for one brand).
    #[serde(default = "d_interest_min")]
    pub interest_min: f64,
    /// Interest maximum: 15 (14.5 for one provider, 20 for one brand).
    #[serde(default = "d_interest_max")]
    pub interest_max: f64,
    /// Default interest rate: 8.5.
    #[serde(default = "d_interest_default")]
    pub interest_default: f64,
    /// A rate that cannot be changed (12.94 for one dealer); the interest slider is locked.
    #[serde(default)]
    pub interest_locked: Option<f64>,
    /// Loan amount slider minimum: 1000, or 5000 for some providers.
    #[serde(default = "d_loan_min")]
    pub loan_amount_min: f64,
    /// When set, a car priced over 100000 raises the loan maximum to 105% of its price.
    #[serde(default)]
    pub loan_max_follows_price: bool,
    /// When set, the loan amount defaults to the car price (30000 when it has none).
    #[serde(default)]
    pub loan_default_is_price: bool,
    /// Purchase price maximum: 250000, or the highest quick pick where the dealer's picks
    /// go beyond it (the group whose picks run to $800,000), so no pick is out of range.
    #[serde(default = "d_purchase_max")]
    pub purchase_price_max: f64,
}

impl Default for CalculatorSettings {
    fn default() -> Self {
        CalculatorSettings {
            purchase_price_min: DEFAULT_PURCHASE_PRICE_MIN,
            term_max_years: DEFAULT_TERM_MAX_YEARS,
            term_default_years: DEFAULT_TERM_YEARS,
            interest_min: DEFAULT_INTEREST_MIN,
            interest_max: DEFAULT_INTEREST_MAX,
            interest_default: DEFAULT_INTEREST_RATE,
            interest_locked: None,
            loan_amount_min: DEFAULT_LOAN_AMOUNT_MIN,
            loan_max_follows_price: false,
            loan_default_is_price: false,
            purchase_price_max: PURCHASE_PRICE_MAX,
        }
    }
}

/// One calculator input's bounds, step and starting value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct InputRange {
    /// Lowest value.
    pub min: f64,
    /// Highest value.
    pub max: f64,
    /// Step of the slider or number input.
    pub step: f64,
    /// Starting value.
    pub default: f64,
}

impl InputRange {
    /// Seed 001 s5: out-of-range values are clamped.
    pub fn clamp(&self, value: f64) -> f64 {
        if value.is_nan() {
            return self.default;
        }
        value.clamp(self.min, self.max)
    }
}

/// Every calculator range for one car, derived by [`CalculatorRanges::derive`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct CalculatorRanges {
    /// Purchase price, whole dollars.
    pub purchase_price: InputRange,
    /// Loan amount slider.
    pub loan_amount: InputRange,
    /// Term in years.
    pub term_years: InputRange,
    /// Interest rate, percent.
    pub interest: InputRange,
    /// Deposit.
    pub deposit: InputRange,
    /// Trade-in.
    pub trade_in: InputRange,
    /// Residual (balloon).
    pub residual: InputRange,
    /// Whether the interest slider is locked at its default.
    pub interest_locked: bool,
    /// The purchase price range message, e.g. "Cannot be less than $1,000 or more than $250,000".
    pub purchase_price_message: String,
}

impl CalculatorRanges {
    /// Derives the ranges from the dealer's settings and the car's price (None when the
    /// car has no visible price), with the seed's general starting values (the /finance
    /// page, and every test of the seed's constants).
    pub fn derive(settings: &CalculatorSettings, car_price: Option<f64>) -> CalculatorRanges {
        let price = car_price.filter(|p| *p > 0.0);
        let amount = match price {
            Some(p) if settings.loan_default_is_price => p,
            _ => DEFAULT_LOAN_AMOUNT,
        };
        let opening = Opening {
            price,
            amount,
            term_years: settings.term_default_years,
            rate: settings
                .interest_locked
                .unwrap_or(settings.interest_default),
            deposit: 0.0,
            balloon: 0.0,
        };
        derive_ranges(settings, &opening)
    }

    /// The ranges of a car page's calculator: they open on `loan`, the loan every other
    /// figure of the page is computed on (the car's price, the lender's rate, and the
    /// estimate box's term, deposit and final payment), so the calculator agrees with
    /// them until the shopper changes something. A bound that would exclude an opening
    /// value gives way to it (a lender's promotional rate under the slider minimum, a
    /// dealer's term maximum below the estimate's term): clamping it would make the
    /// calculator contradict the rest of the page.
    pub fn for_loan(settings: &CalculatorSettings, loan: &CarLoan) -> CalculatorRanges {
        let opening = Opening {
            price: Some(loan.amount).filter(|p| *p > 0.0),
            amount: loan.amount,
            term_years: loan.term_years,
            rate: loan.rate,
            deposit: loan.deposit,
            balloon: loan.balloon,
        };
        derive_ranges(settings, &opening)
    }

    /// The quick picks of `picks` inside the purchase price range: no page offers an
    /// amount its own range would refuse.
    pub fn picks_in_range(&self, picks: &[f64]) -> Vec<f64> {
        picks
            .iter()
            .copied()
            .filter(|p| (self.purchase_price.min..=self.purchase_price.max).contains(p))
            .collect()
    }
}

/// The values a calculator opens on.
struct Opening {
    price: Option<f64>,
    amount: f64,
    term_years: f64,
    rate: f64,
    deposit: f64,
    balloon: f64,
}

/// The purchase price maximum in force for a car priced `price`: where the dealer applies
/// the 105% rule and the price is over 100000, 105% of the price; otherwise the dealer's
/// maximum (250000, or its highest quick pick). The seed gives the loan slider a maximum
/// of 100000 and the purchase price box 250000; one calculator with two maximums lets
/// the slider and the box disagree, so both use this one.
pub fn purchase_price_max(settings: &CalculatorSettings, price: Option<f64>) -> f64 {
    match price.filter(|p| *p > 0.0) {
        Some(p) if settings.loan_max_follows_price && p > LOAN_AMOUNT_MAX => {
            (p * LOAN_AMOUNT_PRICE_SHARE).round()
        }
        _ => settings.purchase_price_max.max(settings.purchase_price_min),
    }
}

fn derive_ranges(settings: &CalculatorSettings, opening: &Opening) -> CalculatorRanges {
    // The slider and the box are one input: one minimum (the higher of the two the
    // dealer sets) and one maximum, widened to the opening amount so a car dearer than the
    // dealer's maximum still opens on its own price.
    let min = settings.purchase_price_min.max(settings.loan_amount_min);
    let max = purchase_price_max(settings, opening.price)
        .max(opening.amount)
        .max(min);
    let amount = opening.amount.clamp(min, max);
    let purchase_price = InputRange {
        min,
        max,
        step: 1.0,
        default: amount,
    };
    let loan_amount = InputRange {
        min,
        max,
        step: LOAN_AMOUNT_STEP,
        default: amount,
    };
    let (interest_min, interest_max, interest_default) = match settings.interest_locked {
        Some(rate) => (rate, rate, rate),
        None => {
            let rate = opening.rate.max(0.0);
            let (lo, hi) = (
                settings.interest_min.min(settings.interest_max),
                settings.interest_max,
            );
            if rate == settings.interest_default {
                (lo, hi, rate.clamp(lo, hi))
            } else {
                (lo.min(rate), hi.max(rate), rate)
            }
        }
    };
    let money = |default: f64| InputRange {
        min: 0.0,
        max: PURCHASE_PRICE_MAX.max(max),
        step: CALCULATOR_STEP,
        default: default.clamp(0.0, PURCHASE_PRICE_MAX.max(max)),
    };
    let term_max = settings.term_max_years.max(opening.term_years);
    CalculatorRanges {
        purchase_price,
        loan_amount,
        term_years: InputRange {
            min: TERM_MIN_YEARS.min(opening.term_years.max(CALCULATOR_STEP)),
            max: term_max,
            step: CALCULATOR_STEP,
            default: opening.term_years.clamp(
                TERM_MIN_YEARS.min(opening.term_years.max(CALCULATOR_STEP)),
                term_max,
            ),
        },
        interest: InputRange {
            min: interest_min,
            max: interest_max,
            step: CALCULATOR_STEP,
            default: interest_default,
        },
        deposit: money(opening.deposit),
        trade_in: money(0.0),
        residual: money(opening.balloon),
        interest_locked: settings.interest_locked.is_some(),
        purchase_price_message: price_range_message(min, max),
    }
}

/// Seed 001 s5: 'Cannot be less than {min} or more than $250,000' with the minimum
/// formatted as dollars, e.g. "$1,000".
pub fn purchase_price_message(min: f64) -> String {
    messages::cannot_be_less_than(&format_dollars(min))
}

/// The seed's range message with the maximum in force: word for word the seed's
/// ("... or more than $250,000") at the seed's maximum; where a dealer's quick picks or
/// the 105% rule set another maximum, the message quotes that one, since a message naming
/// $250,000 beside a box that accepts $800,000 tells the shopper something untrue.
pub fn price_range_message(min: f64, max: f64) -> String {
    let message = purchase_price_message(min);
    if max == PURCHASE_PRICE_MAX {
        message
    } else {
        message.replace(&format_dollars(PURCHASE_PRICE_MAX), &format_dollars(max))
    }
}

/// Seed 001 s9: the finance-estimate box term, years.
pub const ESTIMATE_TERM_YEARS: f64 = 5.0;
/// Seed 001 s9: the finance-estimate box deposit, share of the price (10.0%).
pub const ESTIMATE_DEPOSIT_SHARE: f64 = 0.10;
/// Seed 001 s9: the finance-estimate box final payment, share of the price (30%).
pub const ESTIMATE_BALLOON_SHARE: f64 = 0.30;
/// Seed 001 s9: monthly equals weekly times 4.33.
pub const WEEKS_PER_MONTH: f64 = 4.33;

/// The finance-estimate box of the vehicle page.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct FinanceEstimate {
    /// Weekly repayment, to the cent.
    pub weekly: f64,
    /// Monthly repayment = weekly × 4.33, to the cent.
    pub monthly: f64,
    /// Deposit assumed (10% of the price).
    pub deposit: f64,
    /// Final payment assumed (30% of the price).
    pub final_payment: f64,
}

/// Seed 001 s9: estimate over 5 years with a 10.0% deposit and a 30% final payment at
/// `rate` percent; monthly = weekly × 4.33. None when the car has no visible price.
pub fn finance_estimate(price: Option<f64>, rate: f64) -> Option<FinanceEstimate> {
    let price = price.filter(|p| *p > 0.0)?;
    Some(estimate_on(&CarLoan {
        rate,
        ..CarLoan::of(&LoanTerms::default(), price, None)
    }))
}

/// Seed 001 s9: the estimate box of a car page: `loan`'s price, rate and establishment
/// fee (and rounding) on the seed's own assumptions of 5 years, a 10.0% deposit and a 30%
/// final payment, which the box prints beside its figure.
pub fn estimate_on(loan: &CarLoan) -> FinanceEstimate {
    let deposit = loan.amount * ESTIMATE_DEPOSIT_SHARE;
    let final_payment = loan.amount * ESTIMATE_BALLOON_SHARE;
    let weekly = CarLoan {
        deposit,
        balloon: final_payment,
        term_years: ESTIMATE_TERM_YEARS,
        ..*loan
    }
    .weekly();
    let monthly = (weekly * WEEKS_PER_MONTH * 100.0).round() / 100.0;
    FinanceEstimate {
        weekly,
        monthly,
        deposit,
        final_payment,
    }
}

/// The dealer's side of every loan its pages price: the calculator settings (default,
/// locked and bounding rates, default term), the establishment fee the repayment
/// finances, the other fees the comparison rate counts, and whether repayments round up.
#[derive(Debug, Clone, PartialEq)]
pub struct LoanTerms {
    /// Calculator settings (rates, term).
    pub settings: CalculatorSettings,
    /// Establishment fee financed with the loan when the lender names none, AUD.
    pub establishment_fee: f64,
    /// Upfront fees other than the establishment fee (the comparison rate counts them), AUD.
    pub other_upfront_fees: f64,
    /// Monthly fees (the comparison rate counts them), AUD.
    pub monthly_fees: f64,
    /// Round repayments up to the next whole dollar.
    pub round_up: bool,
}

impl Default for LoanTerms {
    fn default() -> Self {
        LoanTerms {
            settings: CalculatorSettings::default(),
            establishment_fee: 0.0,
            other_upfront_fees: 0.0,
            monthly_fees: 0.0,
            round_up: false,
        }
    }
}

impl LoanTerms {
    /// The rate a loan without lender data is priced at: the locked rate, else the
    /// default rate kept inside the dealer's interest range (where the calculator opens).
    pub fn default_rate(&self) -> f64 {
        let s = &self.settings;
        s.interest_locked.unwrap_or_else(|| {
            s.interest_default
                .clamp(s.interest_min.min(s.interest_max), s.interest_max)
        })
    }

    /// The fees the comparison rate counts for a loan that finances `establishment_fee`.
    pub fn comparison_fees(&self, establishment_fee: f64) -> (f64, f64) {
        (
            self.other_upfront_fees.max(0.0) + establishment_fee.max(0.0),
            self.monthly_fees.max(0.0),
        )
    }
}

/// The one loan every finance figure of a car page is computed on: the car's price on
/// the finance-estimate box's basis (seed 001 s9: [`ESTIMATE_TERM_YEARS`] years, an
/// [`ESTIMATE_DEPOSIT_SHARE`] deposit and an [`ESTIMATE_BALLOON_SHARE`] final payment),
/// at the rate, comparison rate and establishment fee of the dealer's provider where the
/// finance strip shows its lender data, else the dealer's defaults. The card and sidebar
/// repayment, the calculator's opening state and the estimate box are this one loan, so
/// they show one weekly figure; the youX quote starts from it and states its own terms.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct CarLoan {
    /// Purchase price, AUD.
    pub amount: f64,
    /// Deposit, AUD.
    pub deposit: f64,
    /// Balloon (final payment), AUD.
    pub balloon: f64,
    /// Establishment fee financed with the loan, AUD.
    pub establishment_fee: f64,
    /// Interest rate, percent per annum.
    pub rate: f64,
    /// Term, years.
    pub term_years: f64,
    /// Comparison rate, percent per annum: the lender's own where it quotes this rate,
    /// else [`comparison_rate`] of the rate with the fees below.
    pub comparison_rate: f64,
    /// Upfront fees the comparison rate counts, AUD.
    pub upfront_fees: f64,
    /// Monthly fees the comparison rate counts, AUD.
    pub monthly_fees: f64,
    /// Repayments round up to the whole dollar.
    pub round_up: bool,
    /// The rate and comparison rate are the lender's.
    pub from_lender: bool,
}

impl CarLoan {
    /// The loan of a car priced `price` under `terms`, with `lender` the lender data the
    /// finance strip shows (None when it shows none).
    pub fn of(terms: &LoanTerms, price: f64, lender: Option<&Lender>) -> CarLoan {
        let amount = price.max(0.0);
        let finite = |v: Option<f64>| v.filter(|v| v.is_finite() && *v >= 0.0);
        // A dealer that locks its rate (seed 000 s9: 12.94% fixed for one dealer) quotes
        // that rate on every car, lender data or not: the lender's rate and its comparison
        // rate then do not apply, though its term, deposit, balloon and fee still do.
        let lender_rate = lender
            .filter(|_| terms.settings.interest_locked.is_none())
            .and_then(|l| finite(l.interest_rate).zip(finite(l.comparison_rate)));
        let establishment_fee = lender
            .and_then(|l| finite(l.establishment_fees))
            .unwrap_or(terms.establishment_fee.max(0.0));
        let (upfront_fees, monthly_fees) = terms.comparison_fees(establishment_fee);
        let (rate, comparison, from_lender) = match lender_rate {
            Some((rate, comparison)) => (rate, comparison, true),
            None => {
                let rate = terms.default_rate();
                (
                    rate,
                    comparison_rate(rate, upfront_fees, monthly_fees),
                    false,
                )
            }
        };
        // The seeds give a car page several bases: the calculator's default term, the
        // lender's own term, deposit and balloon, the Angle card's nil final payment, and
        // the estimate box's term, deposit and final payment. Priced on more than one, a
        // page showed two or three weekly figures for one car. A shopper can
        // follow only one, and the estimate box's is the one the seed spells out and the
        // page prints, so every figure of the car is on it: the lender contributes its
        // rate and fees, not its terms, and a card that states the final payment states
        // this loan's.
        let term_years = ESTIMATE_TERM_YEARS;
        let deposit = amount * ESTIMATE_DEPOSIT_SHARE;
        let balloon = amount * ESTIMATE_BALLOON_SHARE;
        CarLoan {
            amount,
            deposit,
            balloon,
            establishment_fee,
            rate,
            term_years,
            comparison_rate: comparison,
            upfront_fees,
            monthly_fees,
            round_up: terms.round_up,
            from_lender,
        }
    }

    /// The repayment of this loan per `frequency` period.
    pub fn repayment(&self, frequency: PaymentFrequency) -> f64 {
        repayment(&RepaymentInput {
            amount: self.amount,
            deposit: self.deposit,
            trade_in: 0.0,
            establishment_fees: self.establishment_fee,
            balloon: self.balloon,
            rate: self.rate,
            term_years: self.term_years,
            frequency,
            round_up: self.round_up,
        })
    }

    /// The weekly repayment: the headline figure of the car.
    pub fn weekly(&self) -> f64 {
        self.repayment(PaymentFrequency::Week)
    }

    /// The comparison rate at `rate` with this loan's fees: the lender's own at the
    /// lender's rate, computed elsewhere (the calculator does the same in TypeScript).
    pub fn comparison_rate_at(&self, rate: f64) -> f64 {
        if self.from_lender && rate == self.rate {
            self.comparison_rate
        } else {
            comparison_rate(rate, self.upfront_fees, self.monthly_fees)
        }
    }
}

/// Seed 001 s9: the lender disclaimer is cut at 197 characters (Show More/Less).
pub const DISCLAIMER_MAX_CHARS: usize = 197;

/// Seed 001 s9: the short form of a lender disclaimer.
pub fn truncate_disclaimer(disclaimer: &str) -> Truncated {
    truncate_chars(disclaimer, DISCLAIMER_MAX_CHARS)
}
