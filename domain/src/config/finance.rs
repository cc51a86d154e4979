//! The `[finance]` section of dealer.toml: the active provider and the calculator's
//! ranges and defaults (seed 001 sections 5 and 9). Every "some sites" / "one provider"
//! variation of the calculator is a field here with the seed's general default.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::constants::{QUICK_PICKS, QUICK_PICKS_HIGH};
use crate::rules::finance::{
    CalculatorSettings, FinanceProvider, LoanTerms, PaymentFrequency, DEFAULT_INTEREST_MAX,
    DEFAULT_INTEREST_MIN, DEFAULT_INTEREST_RATE, DEFAULT_LOAN_AMOUNT_MIN,
    DEFAULT_PURCHASE_PRICE_MIN, DEFAULT_TERM_MAX_YEARS, DEFAULT_TERM_YEARS, PURCHASE_PRICE_MAX,
};

/// Default finance page; a configured link can replace it (seed 001 section 2).
pub const DEFAULT_FINANCE_LINK: &str = "/finance";

fn finance_link() -> String {
    DEFAULT_FINANCE_LINK.to_string()
}

/// A dealer's finance settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinanceConfig {
    /// Active finance provider (taurus, 360_finance, ausloans, manual, angle, powertorque, nissan_finance, car_clarity); absent hides every finance strip.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<FinanceProvider>,
    /// Page the finance links go to; default "/finance" (e.g. "/finance-enquiry" or "/apply-for-finance" on some sites).
    #[serde(default = "finance_link")]
    pub link: String,
    /// Finance calculator ranges and defaults.
    #[serde(default)]
    pub calculator: CalculatorConfig,
    /// Extra fees listed in the finance disclaimer for one brand (establishment 395, security registration 6, ...); default none.
    #[serde(default)]
    pub fees: Vec<FinanceFee>,
    /// The comparison rate examples of the finance-estimate box's disclaimer; default the
    /// seed's (8.38% to 19.42%; 6.29% with 8.19% over 5 years, no deposit).
    #[serde(default)]
    pub examples: FinanceExamples,
    /// Vehicle types the finance enquiry asks about, the first selected; one type is sent
    /// without asking; default ["Car"] (some sites also finance motorcycles and caravans).
    #[serde(default = "vehicle_types")]
    pub vehicle_types: Vec<String>,
}

/// Seed 001 s9: "default finance vehicle type Car".
pub const DEFAULT_FINANCE_VEHICLE_TYPE: &str = crate::messages::FINANCE_VEHICLE_TYPE_CAR;

fn vehicle_types() -> Vec<String> {
    vec![DEFAULT_FINANCE_VEHICLE_TYPE.to_string()]
}

impl Default for FinanceConfig {
    fn default() -> Self {
        FinanceConfig {
            provider: None,
            link: finance_link(),
            calculator: CalculatorConfig::default(),
            fees: Vec::new(),
            examples: FinanceExamples::default(),
            vehicle_types: vehicle_types(),
        }
    }
}

/// The comparison rate examples a finance disclaimer quotes (seed 001 s9: "Comparison
/// example range 8.38% to 19.42%; alternate example 6.29% rate, 8.19% comparison, 5
/// years, no deposit"), percent per annum. The two are alternatives, one a site: the
/// alternate example's 8.19% lies below the range's 8.38%, so a disclaimer quoting both
/// would contradict itself.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinanceExamples {
    /// Which example the disclaimer quotes: range (the range of comparison rates) or
    /// example (one loan's rate and comparison rate); default range.
    #[serde(default)]
    pub quote: ExampleQuote,
    /// Lowest comparison rate of the range; default 8.38.
    #[serde(default = "range_low")]
    pub range_low: f64,
    /// Highest comparison rate of the range; default 19.42.
    #[serde(default = "range_high")]
    pub range_high: f64,
    /// The alternate example's interest rate; default 6.29.
    #[serde(default = "example_rate")]
    pub example_rate: f64,
    /// The alternate example's comparison rate; default 8.19.
    #[serde(default = "example_comparison_rate")]
    pub example_comparison_rate: f64,
    /// The alternate example's term in years; default 5.
    #[serde(default = "example_term_years")]
    pub example_term_years: u32,
    /// The alternate example's deposit, AUD; default 0 (no deposit).
    #[serde(default)]
    pub example_deposit: f64,
}

fn range_low() -> f64 {
    8.38
}
fn range_high() -> f64 {
    19.42
}
fn example_rate() -> f64 {
    6.29
}
fn example_comparison_rate() -> f64 {
    8.19
}
fn example_term_years() -> u32 {
    5
}

/// Which comparison example a finance disclaimer quotes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExampleQuote {
    /// The range of comparison rates (seed: 8.38% to 19.42%).
    #[default]
    Range,
    /// The alternate example (seed: 6.29% rate, 8.19% comparison, 5 years, no deposit).
    Example,
}

impl Default for FinanceExamples {
    fn default() -> Self {
        FinanceExamples {
            quote: ExampleQuote::Range,
            range_low: range_low(),
            range_high: range_high(),
            example_rate: example_rate(),
            example_comparison_rate: example_comparison_rate(),
            example_term_years: example_term_years(),
            example_deposit: 0.0,
        }
    }
}

impl FinanceConfig {
    /// The fees the comparison rate counts (`rules::finance::comparison_rate`). Every fee
    /// listed in `fees` counts: one whose name says "monthly" as a monthly fee, every
    /// other as an upfront fee. The calculator's `establishment_fee` (the fee the
    /// repayment finances) counts as upfront too, unless a listed fee already names an
    /// establishment fee. Counting every listed fee keeps the comparison rate from
    /// understating the cost of the loan.
    pub fn comparison_fees(&self) -> ComparisonFees {
        let mut fees = ComparisonFees::default();
        let mut listed_establishment = false;
        for fee in &self.fees {
            let name = fee.name.to_lowercase();
            let amount = fee.amount.max(0.0);
            if name.contains("monthly") {
                fees.monthly += amount;
            } else {
                listed_establishment |= name.contains("establishment");
                fees.upfront += amount;
            }
        }
        if !listed_establishment {
            fees.upfront += self.calculator.establishment_fee.max(0.0);
        }
        fees
    }
}

impl FinanceConfig {
    /// The dealer's side of every loan its pages price (`rules::finance::LoanTerms`): the
    /// calculator's establishment fee is the fee financed; a listed establishment fee is
    /// that fee when the calculator names none; the other listed fees count in the
    /// comparison rate only (monthly ones as monthly fees). Same totals as
    /// [`FinanceConfig::comparison_fees`].
    pub fn loan_terms(&self) -> LoanTerms {
        let mut listed_establishment = 0.0;
        let (mut other_upfront, mut monthly) = (0.0, 0.0);
        for fee in &self.fees {
            let name = fee.name.to_lowercase();
            let amount = fee.amount.max(0.0);
            if name.contains("monthly") {
                monthly += amount;
            } else if name.contains("establishment") {
                listed_establishment += amount;
            } else {
                other_upfront += amount;
            }
        }
        let own = self.calculator.establishment_fee.max(0.0);
        LoanTerms {
            settings: self.calculator.settings(),
            establishment_fee: if own > 0.0 { own } else { listed_establishment },
            other_upfront_fees: other_upfront,
            monthly_fees: monthly,
            round_up: self.calculator.round_up,
        }
    }
}

/// The fees of a loan product as the comparison rate counts them, in AUD.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ComparisonFees {
    /// Paid at the start (financed with the loan).
    pub upfront: f64,
    /// Added to every monthly payment.
    pub monthly: f64,
}

/// A named fee shown in the finance disclaimer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinanceFee {
    /// Fee name, e.g. "Security registration".
    pub name: String,
    /// Amount in AUD.
    pub amount: f64,
}

/// Which money-input quick-pick set a site shows (seed 001 section 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuickPicks {
    /// $5,000 to $70,000 (default).
    #[default]
    Normal,
    /// $300,000 to $800,000 (one group).
    High,
}

impl QuickPicks {
    /// The lowest and highest quick pick in AUD.
    pub fn range(self) -> [u32; 2] {
        match self {
            QuickPicks::Normal => QUICK_PICKS,
            QuickPicks::High => QUICK_PICKS_HIGH,
        }
    }

    /// The amounts offered, in AUD: the seed gives only the ends, so the normal set is
    /// $5,000 then every $10,000 from $10,000 to $70,000, and the high set every $100,000
    /// from $300,000 to $800,000.
    pub fn values(self) -> Vec<f64> {
        let [from, to] = self.range();
        let step = match self {
            QuickPicks::Normal => 10_000,
            QuickPicks::High => 100_000,
        };
        let mut values = vec![f64::from(from)];
        let mut next = (from / step + 1) * step;
        while next <= to {
            values.push(f64::from(next));
            next += step;
        }
        values
    }
}

fn purchase_price_min() -> f64 {
    DEFAULT_PURCHASE_PRICE_MIN
}

/// The finance calculator of one dealer. Only what varies between dealers in the seeds
/// is here; steps and the fixed maximums are constants of `rules::finance`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CalculatorConfig {
    /// Lowest accepted purchase price in AUD; default 1000 (5000 for one provider or brand).
    #[serde(default = "purchase_price_min")]
    pub purchase_price_min: f64,
    /// Loan amount slider.
    #[serde(default)]
    pub amount: AmountConfig,
    /// Loan term slider, in years.
    #[serde(default)]
    pub term: TermConfig,
    /// Interest rate slider, in percent.
    #[serde(default)]
    pub interest: InterestConfig,
    /// Payment frequency selected first: week, fortnight or month; default week.
    #[serde(default)]
    pub frequency: PaymentFrequency,
    /// Establishment fee added to the financed amount in AUD; default 0 (1300 for one provider on one site; AusLoans 1360.5).
    #[serde(default)]
    pub establishment_fee: f64,
    /// Round repayments up to the next whole dollar (some sites); default false.
    #[serde(default)]
    pub round_up: bool,
    /// Money-input quick-pick set: normal ($5,000 to $70,000) or high ($300,000 to $800,000, one group); default normal.
    #[serde(default)]
    pub quick_picks: QuickPicks,
}

impl Default for CalculatorConfig {
    fn default() -> Self {
        CalculatorConfig {
            purchase_price_min: DEFAULT_PURCHASE_PRICE_MIN,
            amount: AmountConfig::default(),
            term: TermConfig::default(),
            interest: InterestConfig::default(),
            frequency: PaymentFrequency::default(),
            establishment_fee: 0.0,
            round_up: false,
            quick_picks: QuickPicks::Normal,
        }
    }
}

impl CalculatorConfig {
    /// The parameters of the calculator rules (`rules::finance::CalculatorRanges::derive`).
    pub fn settings(&self) -> CalculatorSettings {
        CalculatorSettings {
            purchase_price_min: self.purchase_price_min,
            term_max_years: self.term.max,
            term_default_years: self.term.default,
            interest_min: self.interest.min,
            interest_max: self.interest.max,
            interest_default: self.interest.default,
            interest_locked: self.interest.locked.then_some(self.interest.default),
            loan_amount_min: self.amount.min,
            loan_max_follows_price: self.amount.max_105_percent_of_price,
            loan_default_is_price: self.amount.default_to_car_price,
            // Seed 001 s5 gives one group quick picks of $300,000 to $800,000 and every site
            // a maximum of $250,000: a pick the box then refuses is incoherent, so the
            // maximum rises to the highest pick.
            purchase_price_max: PURCHASE_PRICE_MAX.max(f64::from(self.quick_picks.range()[1])),
        }
    }
}

fn amount_min() -> f64 {
    DEFAULT_LOAN_AMOUNT_MIN
}

/// The loan amount slider (maximum 100000, step 500, default 30000 for every dealer).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AmountConfig {
    /// Slider minimum in AUD; default 1000 (5000 for some providers).
    #[serde(default = "amount_min")]
    pub min: f64,
    /// Start at the car's price instead of 30000 (some sites; 30000 when the car has no price); default false.
    #[serde(default)]
    pub default_to_car_price: bool,
    /// When the price is over 100000 the maximum becomes 105% of the price (some sites); default false.
    #[serde(default)]
    pub max_105_percent_of_price: bool,
}

impl Default for AmountConfig {
    fn default() -> Self {
        AmountConfig {
            min: DEFAULT_LOAN_AMOUNT_MIN,
            default_to_car_price: false,
            max_105_percent_of_price: false,
        }
    }
}

fn term_max() -> f64 {
    DEFAULT_TERM_MAX_YEARS
}
fn term_default() -> f64 {
    DEFAULT_TERM_YEARS
}

/// The loan term slider, in years (minimum 1, step 0.5 for every dealer).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TermConfig {
    /// Longest term in years; default 7 (5 on some sites).
    #[serde(default = "term_max")]
    pub max: f64,
    /// Term selected first in years; default 6 (5 for some providers).
    #[serde(default = "term_default")]
    pub default: f64,
    /// Show the term in months instead of years; default false.
    #[serde(default)]
    pub display_months: bool,
}

impl Default for TermConfig {
    fn default() -> Self {
        TermConfig {
            max: DEFAULT_TERM_MAX_YEARS,
            default: DEFAULT_TERM_YEARS,
            display_months: false,
        }
    }
}

fn interest_min() -> f64 {
    DEFAULT_INTEREST_MIN
}
fn interest_max() -> f64 {
    DEFAULT_INTEREST_MAX
}
fn interest_default() -> f64 {
    DEFAULT_INTEREST_RATE
}

/// The interest rate slider, in percent (step 0.5 for every dealer).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InterestConfig {
    /// Lowest rate; default 0.5 (1, 4, 5.99, 7.5 or 9.95 by provider).
    #[serde(default = "interest_min")]
    pub min: f64,
    /// Highest rate; default 15 (14.5, 15.99, 19.95 or 20 by provider).
    #[serde(default = "interest_max")]
    pub max: f64,
    /// Rate selected first; default 8.5 (10 in another config; 12.94 fixed for one dealer).
    #[serde(default = "interest_default")]
    pub default: f64,
    /// Hide the interest slider (some sites); default false.
    #[serde(default)]
    pub hidden: bool,
    /// Lock the rate at `default` so shoppers cannot change it (one dealer, fixed 12.94%); default false.
    #[serde(default)]
    pub locked: bool,
}

impl Default for InterestConfig {
    fn default() -> Self {
        InterestConfig {
            min: DEFAULT_INTEREST_MIN,
            max: DEFAULT_INTEREST_MAX,
            default: DEFAULT_INTEREST_RATE,
            hidden: false,
            locked: false,
        }
    }
}
