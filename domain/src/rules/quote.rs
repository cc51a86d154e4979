//! The local finance quote (seed 001 s3/s7: `POST /api/youx/quote` answers
//! weeklyRepaymentAmount, advertisedRate, comparisonRate). Without a quoting provider the
//! dealer's own lender rules price the loan: the calculator's default rate (or its locked
//! rate), loaded for the car's age and the shopper's self-assessed credit as lenders do,
//! kept within the dealer's interest range; the weekly repayment by the domain's
//! amortisation with the establishment fee financed; the comparison rate by the National
//! Credit Code example loan with the dealer's fees.

use serde::{Deserialize, Serialize};

use super::finance::{comparison_rate, repayment, CalculatorSettings, PaymentFrequency, RepaymentInput};
use crate::config::ComparisonFees;

/// Self-assessed credit scores a quote request may carry (the seed always sends GREAT).
pub const CREDIT_SCORES: [&str; 5] = ["EXCELLENT", "GREAT", "GOOD", "FAIR", "POOR"];

/// Rate loading in percentage points by self-assessed credit score, in [`CREDIT_SCORES`] order.
const CREDIT_LOADING: [f64; 5] = [0.0, 0.0, 1.5, 3.5, 6.0];

/// Rate loading in percentage points by the car's age in years: up to 3 years none,
/// up to 7 years 1 point, older 2.5 points.
pub fn age_loading(age_years: i32) -> f64 {
    match age_years {
        i32::MIN..=3 => 0.0,
        4..=7 => 1.0,
        _ => 2.5,
    }
}

/// The quote object of seed 001 s3 (`youxQuote`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    /// Weekly repayment, AUD.
    pub weekly_repayment_amount: f64,
    /// Interest rate, percent per annum.
    pub advertised_rate: f64,
    /// Comparison rate, percent per annum.
    pub comparison_rate: f64,
}

/// The loan a quote prices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QuoteRequest {
    /// Purchase price, AUD (financed in full: the seed's request has no deposit).
    pub purchase_price: f64,
    /// Term in years.
    pub loan_term_years: f64,
    /// The car's model year.
    pub year: i32,
    /// Index into [`CREDIT_SCORES`].
    pub credit: usize,
}

/// Prices the loan with the dealer's calculator settings and fees in `current_year`.
pub fn local_quote(settings: &CalculatorSettings, fees: ComparisonFees, request: &QuoteRequest, current_year: i32) -> Quote {
    let rate = match settings.interest_locked {
        Some(locked) => locked,
        None => {
            let loading = age_loading(current_year - request.year) + CREDIT_LOADING.get(request.credit).copied().unwrap_or(0.0);
            (settings.interest_default + loading).clamp(settings.interest_min, settings.interest_max)
        }
    };
    let weekly = repayment(&RepaymentInput {
        amount: request.purchase_price,
        deposit: 0.0,
        trade_in: 0.0,
        establishment_fees: fees.upfront,
        balloon: 0.0,
        rate,
        term_years: request.loan_term_years,
        frequency: PaymentFrequency::Week,
        round_up: false,
    });
    Quote {
        weekly_repayment_amount: weekly,
        advertised_rate: (rate * 100.0).round() / 100.0,
        comparison_rate: comparison_rate(rate, fees.upfront, fees.monthly),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(year: i32, credit: &str) -> QuoteRequest {
        let credit = CREDIT_SCORES.iter().position(|c| *c == credit).expect("score");
        QuoteRequest { purchase_price: 30_000.0, loan_term_years: 5.0, year, credit }
    }

    #[test]
    fn a_new_car_with_great_credit_gets_the_dealers_default_rate() {
        let settings = CalculatorSettings::default(); // 8.5 %
        let quote = local_quote(&settings, ComparisonFees::default(), &request(2026, "GREAT"), 2026);
        assert_eq!(quote.advertised_rate, 8.5);
        // $30,000 at 8.5 % over 5 years, 260 weekly payments.
        assert!((quote.weekly_repayment_amount - 141.7).abs() < 0.5, "{}", quote.weekly_repayment_amount);
        assert_eq!(quote.comparison_rate, 8.5, "no fees: the comparison rate is the rate");
        let fees = ComparisonFees { upfront: 395.0, monthly: 8.0 };
        let with_fees = local_quote(&settings, fees, &request(2026, "GREAT"), 2026);
        assert!(with_fees.comparison_rate > with_fees.advertised_rate + 0.5, "{with_fees:?}");
        assert!(with_fees.weekly_repayment_amount > quote.weekly_repayment_amount);
    }

    #[test]
    fn older_cars_and_weaker_credit_cost_more_within_the_dealers_range() {
        let settings = CalculatorSettings::default();
        let new = local_quote(&settings, ComparisonFees::default(), &request(2025, "GREAT"), 2026).advertised_rate;
        let mid = local_quote(&settings, ComparisonFees::default(), &request(2020, "GREAT"), 2026).advertised_rate;
        let old = local_quote(&settings, ComparisonFees::default(), &request(2012, "GOOD"), 2026).advertised_rate;
        assert_eq!((new, mid, old), (8.5, 9.5, 12.5));
        let poor = local_quote(&settings, ComparisonFees::default(), &request(2010, "POOR"), 2026).advertised_rate;
        assert_eq!(poor, settings.interest_max, "clamped to the dealer's maximum");
        let locked = CalculatorSettings { interest_locked: Some(12.94), ..CalculatorSettings::default() };
        assert_eq!(local_quote(&locked, ComparisonFees::default(), &request(2010, "POOR"), 2026).advertised_rate, 12.94);
    }
}
