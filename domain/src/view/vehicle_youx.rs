//! The youX quote box of a vehicle page (seed 001 s4/s7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::site::ViewContext;
use crate::car::Car;

/// The youX quote box of a vehicle page (seed 001 s7): the quote, or the request for one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct YouxQuoteView {
    /// The feed's quote, when it has a complete one (nothing is requested then).
    pub quote: Option<QuoteFigures>,
    /// The body of POST /api/youx/quote, when the quote is not known when the page is
    /// built (never on a priced, available car: see [`youx_quote_view`]).
    pub request: Option<YouxQuoteRequest>,
    /// Whose quote it is and on what terms, printed beside its figure: they differ from
    /// the loan the rest of the page quotes.
    pub assumptions: String,
}

/// A quote's repayment and the rates it is quoted at (the comparison rate always with it).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuoteFigures {
    /// Weekly repayment, AUD.
    pub weekly_repayment_amount: f64,
    /// Interest rate, percent per annum.
    pub advertised_rate: f64,
    /// Comparison rate, percent per annum.
    pub comparison_rate: f64,
}

/// Seed 001 s7: the body of POST /api/youx/quote (credit score always GREAT, 5-year term,
/// whoIsHelping empty).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct YouxQuoteRequest {
    /// Always "GREAT".
    pub self_assessed_credit_score: String,
    /// The car's price, AUD.
    pub purchase_price: f64,
    /// Loan term, years (5).
    pub loan_term: f64,
    /// Model year.
    pub year: u16,
    /// VIN, when known.
    pub vin: Option<String>,
    /// NVIC, when known.
    pub nvic: Option<String>,
    /// Always empty.
    pub who_is_helping: String,
}

/// The quoting service's name as shoppers read it (seed 001 s3: `youxQuote`).
pub const YOUX_NAME: &str = "youX";
/// Seed 001 s7: the quote's self-assessed credit score.
pub const YOUX_CREDIT_SCORE: &str = "GREAT";
/// Seed 001 s7: the quote's loan term, years.
pub const YOUX_LOAN_TERM_YEARS: f64 = 5.0;

/// The youX quote box of `car` where the site offers quotes (seed 001 s4/s7). No quoting
/// provider is configured on this platform, so the quote is priced when the page is built,
/// by the same engine and on the same loan as every other figure of the page
/// ([`crate::rules::quote::quote_on`] on [`super::finance::car_loan`]), with the seed's
/// request (GREAT credit, 5 years, the price financed in full). A feed's youxQuote is not
/// shown: priced elsewhere on other rates, it put a fourth repayment on the page that
/// nothing else agreed with.
pub fn youx_quote_view(car: &Car, ctx: &ViewContext<'_>) -> Option<YouxQuoteView> {
    if !ctx.dealer.config.features.youx_quote {
        return None;
    }
    let loan = super::finance::car_loan(car, ctx)?;
    let terms = ctx.dealer.config.finance.loan_terms();
    let credit = crate::rules::quote::CREDIT_SCORES
        .iter()
        .position(|s| *s == YOUX_CREDIT_SCORE)
        .unwrap_or(0);
    let request = crate::rules::quote::QuoteRequest {
        purchase_price: loan.amount,
        loan_term_years: YOUX_LOAN_TERM_YEARS,
        year: i32::from(car.year),
        credit,
    };
    let q = crate::rules::quote::quote_on(&terms, &loan, &request, ctx.current_year);
    let fee = if loan.establishment_fee > 0.0 {
        format!(
            " and a {} establishment fee",
            crate::rules::format::format_price(loan.establishment_fee)
        )
    } else {
        String::new()
    };
    Some(YouxQuoteView {
        quote: Some(QuoteFigures {
            weekly_repayment_amount: q.weekly_repayment_amount,
            advertised_rate: q.advertised_rate,
            comparison_rate: q.comparison_rate,
        }),
        request: None,
        // The quote is a second loan on the page: it says whose it is and on what terms,
        // and that they are not the estimate's, so its figure never reads as a rival
        // price of the car.
        assumptions: format!(
            "{YOUX_NAME}'s quote for {} credit, over {YOUX_LOAN_TERM_YEARS} years on the full price of {}{fee}, with no \
             deposit and no final payment (the estimate assumes a deposit and a final payment)",
            YOUX_CREDIT_SCORE.to_lowercase(),
            crate::rules::format::format_dollars(loan.amount)
        ),
    })
}

#[cfg(test)]
pub(crate) mod youx_tests {
    use super::*;
    use crate::car::YouxQuote;
    use crate::view::vehicle_specs::with_warranty;

    fn car() -> Car {
        Car {
            id: 4,
            year: 2022,
            price: Some(32990.0),
            vin: Some(" JTM123 ".into()),
            ..Car::default()
        }
    }

    fn dealer(youx: bool) -> crate::config::Dealer {
        crate::view::test_dealer(&format!(
            "[features]\nyoux_quote = {youx}\n[finance]\nprovider = \"taurus\"\n[finance.calculator.interest]\ndefault = 10\n"
        ))
    }

    pub(crate) fn ctx(dealer: &crate::config::Dealer) -> ViewContext<'_> {
        use chrono::TimeZone;
        ViewContext::new(
            dealer,
            chrono::Utc
                .with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        )
    }

    #[test]
    fn the_quote_is_priced_on_the_cars_loan_not_taken_from_the_feed() {
        let d = dealer(true);
        let mut quoted = car();
        quoted.make = "Toyota".into();
        quoted.status = crate::car::CarStatus::InStock;
        quoted.youx_quote = Some(YouxQuote {
            weekly_repayment_amount: Some(123.0),
            advertised_rate: Some(7.99),
            comparison_rate: Some(8.19),
        });
        quoted.finance_lenders = std::collections::BTreeMap::from([(
            "taurus".to_string(),
            crate::car::Lender {
                interest_rate: Some(6.42),
                comparison_rate: Some(7.01),
                establishment_fees: Some(395.0),
                balloon: Some(8_000.0),
                term_years: Some(5.0),
                ..crate::car::Lender::default()
            },
        )]);
        let view = youx_quote_view(&quoted, &ctx(&d)).expect("offered");
        let q = view.quote.expect("priced at build");
        assert_eq!(
            (q.advertised_rate, q.comparison_rate),
            (6.42, 7.01),
            "the lender's rates, as the rest of the page"
        );
        let loan = super::super::finance::car_loan(&quoted, &ctx(&d)).expect("loan");
        assert_eq!(
            q.weekly_repayment_amount,
            crate::rules::finance::CarLoan {
                deposit: 0.0,
                balloon: 0.0,
                ..loan
            }
            .weekly()
        );
        assert_eq!(view.request, None);
        assert_eq!(view.assumptions, "youX's quote for great credit, over 5 years on the full price of $32,990 and a $395 establishment fee, with no deposit and no final payment (the estimate assumes a deposit and a final payment)");
    }

    #[test]
    fn no_quote_when_off_unpriced_or_unavailable() {
        let (on, off) = (dealer(true), dealer(false));
        assert!(youx_quote_view(&car(), &ctx(&on)).is_some());
        assert_eq!(youx_quote_view(&car(), &ctx(&off)), None);
        assert_eq!(
            youx_quote_view(
                &Car {
                    price: None,
                    ..car()
                },
                &ctx(&on)
            ),
            None
        );
        assert_eq!(
            youx_quote_view(
                &Car {
                    price: Some(0.0),
                    ..car()
                },
                &ctx(&on)
            ),
            None
        );
        assert_eq!(
            youx_quote_view(
                &Car {
                    sold: true,
                    ..car()
                },
                &ctx(&on)
            ),
            None
        );
    }

    /// Seed 001 s9: "warranties quoted 3-year standard, 5 or 7 year for some brands".
    #[test]
    fn new_and_demo_cars_quote_the_standard_or_the_brands_warranty() {
        let standard = crate::config::VehiclePageConfig::default();
        let brands: crate::config::VehiclePageConfig =
            toml::from_str("brand_warranty_years = { Chery = 7, Toyota = 5 }\n").expect("config");
        let of = |make: &str, car_type: crate::car::CarType, config| {
            let car = Car {
                make: make.into(),
                car_type,
                ..Car::default()
            };
            with_warranty(Vec::new(), &car, config)
                .into_iter()
                .map(|r| format!("{}: {}", r.label, r.value))
                .collect::<Vec<_>>()
        };
        use crate::car::CarType::{Demo, New, Used};
        assert_eq!(
            of("Kia", New, &standard),
            ["Warranty: 3-year standard warranty"]
        );
        assert_eq!(of("Chery", New, &brands), ["Warranty: 7-year warranty"]);
        assert_eq!(of("toyota", Demo, &brands), ["Warranty: 5-year warranty"]);
        assert_eq!(
            of("Kia", New, &brands),
            ["Warranty: 3-year standard warranty"]
        );
        assert!(of("Chery", Used, &brands).is_empty());
    }
}
