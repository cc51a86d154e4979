//! The local finance quote (seed 001 s3/s7: `POST /api/youx/quote` answers
//! weeklyRepaymentAmount, advertisedRate, comparisonRate). Without a quoting provider the
//! quote is priced by the same engine as every other finance figure
//! ([`super::finance::CarLoan`]): the loan's rate (the lender's where the car has lender
//! data, else the dealer's default or locked rate), loaded for the shopper's
//! self-assessed credit and, on the dealer's default rate only, for the car's age (a
//! lender's rate already prices the car it was quoted on), kept within the dealer's
//! interest range; the loan's establishment fee financed and its fees in the comparison
//! rate; the seed's request terms (full price, no deposit or final payment).

use serde::{Deserialize, Serialize};

use super::finance::{CarLoan, LoanTerms};

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

/// Prices the request with the dealer's terms alone (the endpoint, which knows no lender data).
pub fn local_quote(terms: &LoanTerms, request: &QuoteRequest, current_year: i32) -> Quote {
    quote_on(
        terms,
        &CarLoan::of(terms, request.purchase_price, None),
        request,
        current_year,
    )
}

/// Prices the request on `loan`, the car's loan (a car page's quote).
pub fn quote_on(
    terms: &LoanTerms,
    loan: &CarLoan,
    request: &QuoteRequest,
    current_year: i32,
) -> Quote {
    let settings = &terms.settings;
    let credit = CREDIT_LOADING.get(request.credit).copied().unwrap_or(0.0);
    let rate = match settings.interest_locked {
        Some(locked) => locked,
        // The lender's rate is the lender's price for this car; only the shopper's credit loads it.
        None if loan.from_lender => loan.rate + credit,
        None => {
            let loading = age_loading(current_year - request.year) + credit;
            (loan.rate + loading).clamp(
                settings.interest_min.min(settings.interest_max),
                settings.interest_max,
            )
        }
    };
    let quoted = CarLoan {
        amount: request.purchase_price,
        deposit: 0.0,
        balloon: 0.0,
        term_years: request.loan_term_years,
        rate,
        ..*loan
    };
    Quote {
        weekly_repayment_amount: quoted.weekly(),
        advertised_rate: (rate * 100.0).round() / 100.0,
        comparison_rate: loan.comparison_rate_at(rate),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::finance::CalculatorSettings;

    fn request(year: i32, credit: &str) -> QuoteRequest {
        let credit = CREDIT_SCORES
            .iter()
            .position(|c| *c == credit)
            .expect("score");
        QuoteRequest {
            purchase_price: 30_000.0,
            loan_term_years: 5.0,
            year,
            credit,
        }
    }

    #[test]
    fn a_new_car_with_great_credit_gets_the_dealers_default_rate() {
        let terms = LoanTerms::default(); // 8.5 %
        let quote = local_quote(&terms, &request(2026, "GREAT"), 2026);
        assert_eq!(quote.advertised_rate, 8.5);
        // $30,000 at 8.5 % over 5 years, 260 weekly payments.
        assert!(
            (quote.weekly_repayment_amount - 141.7).abs() < 0.5,
            "{}",
            quote.weekly_repayment_amount
        );
        assert_eq!(
            quote.comparison_rate, 8.5,
            "no fees: the comparison rate is the rate"
        );
        let fees = LoanTerms {
            establishment_fee: 395.0,
            monthly_fees: 8.0,
            ..LoanTerms::default()
        };
        let with_fees = local_quote(&fees, &request(2026, "GREAT"), 2026);
        assert!(
            with_fees.comparison_rate > with_fees.advertised_rate + 0.5,
            "{with_fees:?}"
        );
        assert!(with_fees.weekly_repayment_amount > quote.weekly_repayment_amount);
    }

    #[test]
    fn older_cars_and_weaker_credit_cost_more_within_the_dealers_range() {
        let terms = LoanTerms::default();
        let settings = &terms.settings;
        let new = local_quote(&terms, &request(2025, "GREAT"), 2026).advertised_rate;
        let mid = local_quote(&terms, &request(2020, "GREAT"), 2026).advertised_rate;
        let old = local_quote(&terms, &request(2012, "GOOD"), 2026).advertised_rate;
        assert_eq!((new, mid, old), (8.5, 9.5, 12.5));
        let poor = local_quote(&terms, &request(2010, "POOR"), 2026).advertised_rate;
        assert_eq!(
            poor, settings.interest_max,
            "clamped to the dealer's maximum"
        );
        let locked = LoanTerms {
            settings: CalculatorSettings {
                interest_locked: Some(12.94),
                ..CalculatorSettings::default()
            },
            ..LoanTerms::default()
        };
        assert_eq!(
            local_quote(&locked, &request(2010, "POOR"), 2026).advertised_rate,
            12.94
        );
    }

    #[test]
    fn a_car_with_lender_data_is_quoted_at_the_lenders_rate_and_comparison_rate() {
        // The moreton RAV4: the page quoted 10.00% beside the lender's 6.42%.
        let terms = LoanTerms {
            settings: CalculatorSettings {
                interest_default: 10.0,
                ..CalculatorSettings::default()
            },
            ..LoanTerms::default()
        };
        let lender = crate::car::Lender {
            interest_rate: Some(6.42),
            comparison_rate: Some(7.01),
            establishment_fees: Some(395.0),
            term_years: Some(5.0),
            balloon: Some(13_200.0),
            ..crate::car::Lender::default()
        };
        let loan = CarLoan::of(&terms, 52_990.0, Some(&lender));
        let quote = quote_on(
            &terms,
            &loan,
            &QuoteRequest {
                purchase_price: 52_990.0,
                ..request(2020, "GREAT")
            },
            2026,
        );
        assert_eq!((quote.advertised_rate, quote.comparison_rate), (6.42, 7.01));
        let no_balloon = CarLoan {
            deposit: 0.0,
            balloon: 0.0,
            ..loan
        };
        assert_eq!(
            quote.weekly_repayment_amount,
            no_balloon.weekly(),
            "the loan's fee, the request's terms"
        );
    }
}
