//! The finance calculator panel and the finance-estimate box (seed 001 s2/s4/s5/s9): the
//! dealer's calculator settings run through `rules::finance` once here, and the browser
//! receives the ranges, defaults, fees, disclaimers and comparison rates as props; only
//! the arithmetic of the shopper's own inputs runs again in TypeScript
//! (`frontend/src/features/finance/finance-math.ts`, tested on the same table).
//!
//! The /finance page carries [`finance_calculator_view`] with no car; the vehicle page
//! passes its car to get the car's price, the lender's disclaimer and the estimate box.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::{Car, Lender};
use crate::config::{ExampleQuote, FinanceConfig, FinanceExamples, QuickPicks};
use crate::rules::availability::is_available;
use crate::rules::finance::{
    estimate_on, truncate_disclaimer, visible_lender, CalculatorRanges, CalculatorSettings,
    CarLoan, PaymentFrequency, ENQUIRE_FOR_FINANCE_THRESHOLD, ESTIMATE_BALLOON_SHARE,
    ESTIMATE_DEPOSIT_SHARE, ESTIMATE_TERM_YEARS, PURCHASE_PRICE_MAX,
};
use crate::rules::format::{format_dollars, format_price, Truncated};

use super::site::ViewContext;

/// The calculator's anchor (seed 001 s2: `#finance-calculator`).
pub const FINANCE_CALCULATOR_ID: &str = "finance-calculator";

/// Everything the finance calculator panel needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FinanceCalculatorView {
    /// The panel's id, the anchor links use: "finance-calculator".
    pub anchor_id: String,
    /// Bounds, steps and defaults of every input, and the purchase price message.
    pub ranges: CalculatorRanges,
    /// The interest input is not shown (some sites); the default rate still applies.
    pub interest_hidden: bool,
    /// Show the term in months instead of years.
    pub term_display_months: bool,
    /// Payment frequency selected first.
    pub frequency: PaymentFrequency,
    /// Establishment fee financed with the loan, AUD.
    pub establishment_fee: f64,
    /// Round repayments up to the whole dollar.
    pub round_up: bool,
    /// Amounts of the purchase price quick picks, AUD.
    pub quick_picks: Vec<f64>,
    /// Upfront fees the comparison rate counts, AUD (`FinanceConfig::comparison_fees`).
    pub comparison_upfront_fees: f64,
    /// Monthly fees the comparison rate counts, AUD.
    pub comparison_monthly_fees: f64,
    /// The lender's rate and its own comparison rate, on a car page whose loan is the
    /// lender's: at that rate the calculator shows the lender's comparison rate (as every
    /// other figure of the page does), at any other rate it computes one on the fees.
    pub lender_rate: Option<LenderRate>,
    /// The full disclaimer (Show More).
    pub disclaimer: String,
    /// The disclaimer cut at 197 characters, and whether it was cut.
    pub disclaimer_short: Truncated,
}

/// A lender's interest rate and the comparison rate it quotes with it, percent per annum.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct LenderRate {
    /// Interest rate.
    pub rate: f64,
    /// The lender's comparison rate at that rate.
    pub comparison_rate: f64,
}

/// The finance-estimate box of a car (seed 001 s9): 5 years, 10.0% deposit, 30% final payment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FinanceEstimateView {
    /// The car's price the estimate is on, AUD.
    pub price: f64,
    /// Weekly repayment, to the cent.
    pub weekly: f64,
    /// Monthly repayment = weekly × 4.33, to the cent.
    pub monthly: f64,
    /// The weekly repayment is 25 or less: show 'Enquire for Finance' instead of amounts.
    pub enquire: bool,
    /// Interest rate, percent per annum.
    pub rate: f64,
    /// Comparison rate, percent per annum (the lender's, else `rules::finance::comparison_rate`).
    pub comparison_rate: f64,
    /// Term, years (5).
    pub term_years: f64,
    /// Deposit share of the price, percent (10).
    pub deposit_percent: f64,
    /// Deposit, AUD.
    pub deposit: f64,
    /// Final payment share of the price, percent (30).
    pub final_payment_percent: f64,
    /// Final payment, AUD.
    pub final_payment: f64,
    /// The box's assumptions as printed beside its figures, e.g. "Over 5 years with a
    /// 10% deposit ($5,299) and a 30% final payment ($15,897)": the basis of every
    /// repayment the car's page and card show, stated where the page explains its figures.
    pub assumptions: String,
    /// The disclaimer of the View disclaimer dialog.
    pub disclaimer: String,
}

/// Money with cents only when there are some: 395 gives "$395", 912.25 gives "$912.25"
/// (the one money format of the finance views, the same as the frontend's `formatDollars`).
fn format_money(amount: f64) -> String {
    format_price(amount)
}

/// A rate as shown, e.g. "8.50%".
pub(crate) fn format_rate(rate: f64) -> String {
    format!("{rate:.2}%")
}

/// The fees sentence of a disclaimer, empty when the dealer lists none.
fn fees_sentence(finance: &FinanceConfig) -> String {
    if finance.fees.is_empty() {
        return String::new();
    }
    let fees: Vec<String> = finance
        .fees
        .iter()
        .map(|f| format!("{} {}", f.name, format_money(f.amount)))
        .collect();
    format!(" Fees and charges: {}.", fees.join(", "))
}

/// The comparison rate examples of a finance disclaimer (seed 001 s9: "Comparison example
/// range 8.38% to 19.42%; alternate example 6.29% rate, 8.19% comparison, 5 years, no
/// deposit"): the one the dealer's `finance.examples` quotes.
pub fn comparison_examples(examples: &FinanceExamples) -> String {
    match examples.quote {
        ExampleQuote::Range => format!(
            "Comparison rates range from {} p.a. to {} p.a.",
            format_rate(examples.range_low),
            format_rate(examples.range_high),
        ),
        ExampleQuote::Example => {
            let deposit = if examples.example_deposit > 0.0 {
                format!("a deposit of {}", format_money(examples.example_deposit))
            } else {
                "no deposit".to_string()
            };
            format!(
                "For example, an interest rate of {} p.a. has a comparison rate of {} p.a. over {} \
                 years with {deposit}.",
                format_rate(examples.example_rate),
                format_rate(examples.example_comparison_rate),
                examples.example_term_years,
            )
        }
    }
}

/// The lender's own disclaimer, when it has a non-empty one, named as the lender's: it
/// may describe the lender's own example loan, which is not the loan the page prices, so
/// it follows the page's own wording rather than standing in for it.
fn lender_disclaimer(ctx: &ViewContext<'_>, lender: Option<&Lender>) -> Option<String> {
    let text = lender
        .and_then(|l| l.disclaimer.as_deref())
        .map(str::trim)
        .filter(|d| !d.is_empty())?;
    Some(match ctx.dealer.config.finance.provider {
        Some(provider) => format!("From {}: {text}", provider.label()),
        None => text.to_string(),
    })
}

/// The calculator's disclaimer: how the calculator works and the dealer's listed fees
/// (Forecourt's wording; the seeds give none), then the lender's own disclaimer when the
/// car's loan is at the lender's rate.
fn calculator_disclaimer(
    ctx: &ViewContext<'_>,
    lender: Option<&Lender>,
    establishment_fee: f64,
) -> String {
    let finance = &ctx.dealer.config.finance;
    let financed = if establishment_fee > 0.0 {
        format!(
            ", plus an establishment fee of {}",
            format_money(establishment_fee)
        )
    } else {
        String::new()
    };
    let own = format!(
        "This calculator gives an estimate only and is not an offer or approval of credit. Repayments are calculated on \
         the purchase price less any deposit and trade-in{financed}, at the interest rate and over the term you choose, \
         with any residual paid with the last repayment. Lending criteria, fees and charges apply; ask {} for a \
         personalised quote.{}",
        ctx.dealer.config.name,
        fees_sentence(finance)
    );
    match lender_disclaimer(ctx, lender) {
        Some(text) => format!("{own} {text}"),
        None => own,
    }
}

/// The lender data of `car` under the dealer's provider, when the finance strip shows it.
fn car_lender<'c>(car: &'c Car, ctx: &ViewContext<'_>) -> Option<&'c Lender> {
    let provider = ctx.dealer.config.finance.provider?;
    visible_lender(car, provider, ctx.current_year)
}

/// The loan every finance figure of `car`'s page is computed on
/// ([`CarLoan::of`]): none when the car is unavailable or has no visible price.
pub fn car_loan(car: &Car, ctx: &ViewContext<'_>) -> Option<CarLoan> {
    if !is_available(car) {
        return None;
    }
    let price = car.visible_price().filter(|p| *p > 0.0)?;
    Some(CarLoan::of(
        &ctx.dealer.config.finance.loan_terms(),
        price,
        car_lender(car, ctx),
    ))
}

/// The quick picks and calculator settings of a car page for a car priced `price`.
///
/// Seed 001 s5 gives every site the everyday picks and a purchase price maximum, and "one
/// group" picks far above both. Read as that group's picks for its dearest stock and its
/// own finance page, not for every car it sells: offered on a car priced below the
/// lowest of them, they are amounts the shopper is not buying, and they stretch the
/// slider so far that the car's own price sits at its very start. So a car priced below
/// the lowest high pick gets the everyday picks and the seed's everyday maximum (still
/// raised by the dealer's rule for dear cars), and a car priced at or above it keeps the
/// group's picks; either set is then cut to the car's range.
fn car_picks(
    picks: QuickPicks,
    settings: &CalculatorSettings,
    price: f64,
) -> (Vec<f64>, CalculatorSettings) {
    let high = QuickPicks::High.values();
    let lowest_high = high.first().copied().unwrap_or(f64::INFINITY);
    if picks == QuickPicks::High && price < lowest_high {
        (
            QuickPicks::Normal.values(),
            CalculatorSettings {
                purchase_price_max: PURCHASE_PRICE_MAX,
                ..settings.clone()
            },
        )
    } else {
        (picks.values(), settings.clone())
    }
}

/// The finance calculator of the dealer: on the /finance page with `car` None (the seed's
/// general starting values), on a vehicle page with its car, where it opens on the car's
/// loan ([`car_loan`]): the car's price, the loan's rate, term, deposit, balloon and
/// establishment fee, so its first repayment is the one the rest of the page shows.
pub fn finance_calculator_view(ctx: &ViewContext<'_>, car: Option<&Car>) -> FinanceCalculatorView {
    let finance = &ctx.dealer.config.finance;
    let calculator = &finance.calculator;
    let terms = finance.loan_terms();
    let loan = car.and_then(|c| car_loan(c, ctx));
    let lender = car
        .and_then(|c| car_lender(c, ctx))
        .filter(|_| loan.is_some_and(|l| l.from_lender));
    let (ranges, picks, establishment_fee, (upfront, monthly)) = match &loan {
        Some(loan) => {
            let (picks, settings) = car_picks(calculator.quick_picks, &terms.settings, loan.amount);
            (
                CalculatorRanges::for_loan(&settings, loan),
                picks,
                loan.establishment_fee,
                (loan.upfront_fees, loan.monthly_fees),
            )
        }
        None => (
            CalculatorRanges::derive(&terms.settings, car.and_then(Car::visible_price)),
            calculator.quick_picks.values(),
            terms.establishment_fee,
            terms.comparison_fees(terms.establishment_fee),
        ),
    };
    let disclaimer = calculator_disclaimer(ctx, lender, establishment_fee);
    FinanceCalculatorView {
        anchor_id: FINANCE_CALCULATOR_ID.to_string(),
        quick_picks: ranges.picks_in_range(&picks),
        ranges,
        interest_hidden: calculator.interest.hidden,
        term_display_months: calculator.term.display_months,
        frequency: calculator.frequency,
        establishment_fee,
        round_up: terms.round_up,
        comparison_upfront_fees: upfront,
        comparison_monthly_fees: monthly,
        lender_rate: loan.filter(|l| l.from_lender).map(|l| LenderRate {
            rate: l.rate,
            comparison_rate: l.comparison_rate,
        }),
        disclaimer_short: truncate_disclaimer(&disclaimer),
        disclaimer,
    }
}

/// The finance-estimate box of `car`, none when the car is unavailable or has no visible
/// price: the car's loan ([`car_loan`], on the seed's estimate basis of term, deposit and
/// final payment), whose weekly figure the card, the sidebar and the calculator's opening
/// state show too; it prints the basis beside its figures.
pub fn finance_estimate_view(car: &Car, ctx: &ViewContext<'_>) -> Option<FinanceEstimateView> {
    let finance = &ctx.dealer.config.finance;
    let loan = car_loan(car, ctx)?;
    let lender = car_lender(car, ctx).filter(|_| loan.from_lender);
    let estimate = estimate_on(&loan);
    let (rate, comparison, price) = (loan.rate, loan.comparison_rate, loan.amount);
    let deposit_percent = ESTIMATE_DEPOSIT_SHARE * 100.0;
    let final_payment_percent = ESTIMATE_BALLOON_SHARE * 100.0;
    let fee = if loan.establishment_fee > 0.0 {
        format!(
            ", a {} establishment fee financed",
            format_money(loan.establishment_fee)
        )
    } else {
        String::new()
    };
    let assumptions = format!(
        "Over {ESTIMATE_TERM_YEARS} years with a {deposit_percent:.0}% deposit ({}) and a {final_payment_percent:.0}% final \
         payment ({}){fee}",
        format_money(estimate.deposit),
        format_money(estimate.final_payment),
    );
    let own = format!(
        "Estimated repayments of {} per week ({} per month, weekly × 4.33) are based on a price of {}, a {} year \
         term, a {deposit_percent:.1}% deposit of {} and a {final_payment_percent:.0}% final payment of {}{fee} at an \
         interest rate of {} p.a. (comparison rate {} p.a.). This is an estimate only and not an offer or approval \
         of credit; lending criteria, fees and charges apply.{} {}",
        format_money(estimate.weekly),
        format_money(estimate.monthly),
        format_dollars(price),
        ESTIMATE_TERM_YEARS,
        format_money(estimate.deposit),
        format_money(estimate.final_payment),
        format_rate(rate),
        format_rate(comparison),
        fees_sentence(finance),
        comparison_examples(&finance.examples)
    );
    let disclaimer = match lender_disclaimer(ctx, lender) {
        Some(text) => format!("{own} {text}"),
        None => own,
    };
    Some(FinanceEstimateView {
        price,
        weekly: estimate.weekly,
        monthly: estimate.monthly,
        enquire: estimate.weekly <= ENQUIRE_FOR_FINANCE_THRESHOLD,
        rate,
        comparison_rate: comparison,
        term_years: ESTIMATE_TERM_YEARS,
        deposit_percent,
        deposit: estimate.deposit,
        final_payment_percent,
        final_payment: estimate.final_payment,
        assumptions,
        disclaimer,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::config::Dealer;
    use crate::messages;
    use crate::view::test_dealer as dealer;

    fn ctx(dealer: &Dealer) -> ViewContext<'_> {
        ViewContext::new(
            dealer,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        )
    }

    fn car(price: Option<f64>, status: &str, lender: Option<Lender>) -> Car {
        let mut car: Car = serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "car-1", "year": 2024, "make": "Toyota", "model": "RAV4",
            "car_type": "used", "status": status, "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme", "price": price
        }))
        .expect("car");
        if let Some(lender) = lender {
            car.finance_lenders = BTreeMap::from([("taurus".to_string(), lender)]);
        }
        car
    }

    #[test]
    fn calculator_carries_the_dealers_settings() {
        let plain = dealer("");
        let view = finance_calculator_view(&ctx(&plain), None);
        assert_eq!(view.anchor_id, "finance-calculator");
        assert_eq!(view.ranges.term_years.default, 6.0);
        assert_eq!(view.ranges.interest.default, 8.5);
        assert_eq!(
            view.ranges.purchase_price_message,
            "Cannot be less than $1,000 or more than $250,000"
        );
        assert_eq!(view.frequency, PaymentFrequency::Week);
        assert_eq!(view.quick_picks.first().copied(), Some(5_000.0));
        assert_eq!(view.quick_picks.last().copied(), Some(70_000.0));
        assert_eq!(
            (view.comparison_upfront_fees, view.comparison_monthly_fees),
            (0.0, 0.0)
        );
        assert!(!view.interest_hidden && !view.term_display_months && !view.round_up);
        assert!(view.disclaimer.chars().count() > 197 && view.disclaimer_short.truncated);
        assert_eq!(
            view.disclaimer_short.text.chars().count(),
            200,
            "197 characters and '...'"
        );

        let configured = dealer(
            "[finance]\nprovider = \"taurus\"\n\
             [[finance.fees]]\nname = \"Establishment fee\"\namount = 395\n\
             [[finance.fees]]\nname = \"Monthly account keeping fee\"\namount = 8\n\
             [finance.calculator]\nestablishment_fee = 395\npurchase_price_min = 5000\nfrequency = \"month\"\nquick_picks = \"high\"\n\
             [finance.calculator.amount]\ndefault_to_car_price = true\n\
             [finance.calculator.term]\nmax = 5\ndefault = 5\ndisplay_months = true\n\
             [finance.calculator.interest]\nhidden = true\n",
        );
        let lender = Lender {
            interest_rate: Some(7.99),
            comparison_rate: Some(8.45),
            disclaimer: Some("Lender terms apply.".to_string()),
            ..Lender::default()
        };
        let c = car(Some(45_990.0), "in_stock", Some(lender));
        let view = finance_calculator_view(&ctx(&configured), Some(&c));
        // The group's high picks are not for a car priced below them: the car
        // gets the everyday picks and the seed's everyday maximum.
        assert_eq!(
            view.ranges.purchase_price_message,
            "Cannot be less than $5,000 or more than $250,000"
        );
        assert_eq!(
            (view.ranges.loan_amount.max, view.ranges.purchase_price.max),
            (250_000.0, 250_000.0)
        );
        assert_eq!(view.ranges.loan_amount.default, 45_990.0, "the car's price");
        // The car's loan is the lender's: the calculator opens on its rate, and shows its
        // comparison rate at that rate.
        assert_eq!(view.ranges.interest.default, 7.99);
        assert_eq!(
            view.lender_rate,
            Some(LenderRate {
                rate: 7.99,
                comparison_rate: 8.45
            })
        );
        assert_eq!(
            (view.ranges.term_years.max, view.ranges.term_years.default),
            (5.0, 5.0)
        );
        assert!(view.interest_hidden && view.term_display_months);
        assert_eq!(view.frequency, PaymentFrequency::Month);
        assert_eq!(
            view.quick_picks,
            [5_000.0, 10_000.0, 20_000.0, 30_000.0, 40_000.0, 50_000.0, 60_000.0, 70_000.0]
        );
        assert_eq!(
            (view.comparison_upfront_fees, view.comparison_monthly_fees),
            (395.0, 8.0),
            "the listed establishment fee is not counted twice"
        );
        assert!(
            view.disclaimer
                .starts_with("This calculator gives an estimate only")
                && view
                    .disclaimer
                    .ends_with(" From Taurus: Lender terms apply."),
            "{}",
            view.disclaimer
        );
        assert!(
            view.disclaimer.contains("Monthly account keeping fee $8"),
            "{}",
            view.disclaimer
        );
    }

    /// The group's high quick picks where the page or the car calls for them,
    /// the everyday picks on a car priced below them, always within the car's range.
    #[test]
    fn quick_picks_follow_the_car_in_front_of_the_shopper() {
        let group = dealer(
            "[finance]\nprovider = \"360_finance\"\n\
             [finance.calculator]\nquick_picks = \"high\"\npurchase_price_min = 5000\n\
             [finance.calculator.amount]\nmin = 5000\nmax_105_percent_of_price = true\n",
        );
        let ctx = ctx(&group);
        let high = [
            300_000.0, 400_000.0, 500_000.0, 600_000.0, 700_000.0, 800_000.0,
        ];
        // The group's finance page: no car, its own picks and a maximum that takes them.
        let page = finance_calculator_view(&ctx, None);
        assert_eq!(page.quick_picks, high);
        assert_eq!(page.ranges.purchase_price.max, 800_000.0);
        // A hatch: everyday picks, and the slider stops at the everyday maximum.
        let hatch = finance_calculator_view(&ctx, Some(&car(Some(23_990.0), "in_stock", None)));
        assert_eq!(hatch.quick_picks.first().copied(), Some(5_000.0));
        assert_eq!(hatch.quick_picks.last().copied(), Some(70_000.0));
        assert_eq!(hatch.ranges.loan_amount.max, 250_000.0);
        assert_eq!(hatch.ranges.loan_amount.default, 23_990.0);
        // A truck dearer than the everyday picks but below the high ones: the range is
        // the dealer's rule for dear cars, and only picks inside it.
        let truck = finance_calculator_view(&ctx, Some(&car(Some(149_990.0), "in_stock", None)));
        assert_eq!(truck.ranges.loan_amount.max, 157_490.0);
        assert_eq!(truck.quick_picks.last().copied(), Some(70_000.0));
        // A prime mover priced among the high picks keeps them, cut to its range.
        let prime = finance_calculator_view(&ctx, Some(&car(Some(450_000.0), "in_stock", None)));
        assert_eq!(prime.ranges.loan_amount.max, 472_500.0);
        assert_eq!(prime.quick_picks, [300_000.0, 400_000.0]);
        for view in [&page, &hatch, &truck, &prime] {
            let r = &view.ranges.purchase_price;
            assert!(
                view.quick_picks.iter().all(|p| (r.min..=r.max).contains(p)),
                "{:?}",
                view.quick_picks
            );
        }
    }

    #[test]
    fn estimate_box_uses_the_lender_rate_or_the_dealers() {
        let taurus = dealer("[finance]\nprovider = \"taurus\"\n");
        let lender = Lender {
            interest_rate: Some(7.99),
            comparison_rate: Some(8.45),
            ..Lender::default()
        };
        let with_lender = car(Some(50_000.0), "in_stock", Some(lender));
        let view = finance_estimate_view(&with_lender, &ctx(&taurus)).expect("priced, available");
        assert_eq!((view.rate, view.comparison_rate), (7.99, 8.45));
        assert_eq!(
            (
                view.term_years,
                view.deposit_percent,
                view.final_payment_percent
            ),
            (5.0, 10.0, 30.0)
        );
        assert_eq!((view.deposit, view.final_payment), (5_000.0, 15_000.0));
        assert!((view.monthly - (view.weekly * 4.33 * 100.0).round() / 100.0).abs() < 1e-9);
        assert!(
            view.disclaimer.contains(
                "a 5 year term, a 10.0% deposit of $5,000 and a 30% final payment of $15,000"
            ),
            "{}",
            view.disclaimer
        );
        assert!(!view.enquire);

        // No lender data: the dealer's default rate and a comparison rate on its fees.
        let fees = dealer("[finance.calculator]\nestablishment_fee = 395\n");
        let view = finance_estimate_view(&car(Some(50_000.0), "in_stock", None), &ctx(&fees))
            .expect("estimate");
        assert_eq!(
            (view.rate, view.comparison_rate),
            (8.5, crate::rules::finance::comparison_rate(8.5, 395.0, 0.0))
        );
        assert_eq!(view.comparison_rate, 9.06);
        // The $395 fee is financed, as in the calculator and the card.
        assert!((view.weekly - 168.11).abs() < 0.005, "{}", view.weekly);
        assert_eq!(view.assumptions, "Over 5 years with a 10% deposit ($5,000) and a 30% final payment ($15,000), a $395 establishment fee financed");

        // A cheap car: 25 or less a week shows Enquire for Finance.
        let cheap = finance_estimate_view(&car(Some(3_000.0), "in_stock", None), &ctx(&fees))
            .expect("estimate");
        assert!(cheap.enquire, "{}", cheap.weekly);
        assert_eq!(messages::ENQUIRE_FOR_FINANCE, "Enquire for Finance");

        assert_eq!(
            finance_estimate_view(&car(None, "in_stock", None), &ctx(&fees)),
            None,
            "no price"
        );
        assert_eq!(
            finance_estimate_view(&car(Some(50_000.0), "sold", None), &ctx(&fees)),
            None,
            "unavailable"
        );
    }

    /// Seed 001 s9: "Comparison example range 8.38% to 19.42%; alternate example 6.29%
    /// rate, 8.19% comparison, 5 years, no deposit; 5-year secured loan of 30,000".
    #[test]
    fn the_estimate_disclaimer_quotes_the_dealers_comparison_example() {
        let with_car = |d: &Dealer| {
            finance_estimate_view(&car(Some(50_000.0), "in_stock", None), &ctx(d))
                .expect("estimate")
                .disclaimer
        };
        let range = with_car(&dealer(""));
        assert!(
            range.ends_with(" Comparison rates range from 8.38% p.a. to 19.42% p.a."),
            "{range}"
        );
        assert!(!range.contains("For example"), "{range}");
        let example = with_car(&dealer("[finance.examples]\nquote = \"example\"\n"));
        assert!(
            example.ends_with(
                " For example, an interest rate of 6.29% p.a. has a comparison rate of 8.19% \
                 p.a. over 5 years with no deposit."
            ),
            "{example}"
        );
        let own = with_car(&dealer(
            "[finance.examples]\nquote = \"example\"\nexample_rate = 7\nexample_comparison_rate = 7.5\n\
             example_term_years = 3\nexample_deposit = 2000\n",
        ));
        assert!(
            own.ends_with("an interest rate of 7.00% p.a. has a comparison rate of 7.50% p.a. over 3 years with a deposit of $2,000."),
            "{own}"
        );
        // The loan every comparison rate shown is calculated on (the note beside it).
        assert_eq!(
            messages::COMPARISON_RATE_BASIS,
            "Comparison rate calculated on a secured loan of $30,000 over 5 years."
        );
    }

    #[test]
    fn money_keeps_cents_only_when_there_are_some() {
        assert_eq!(format_money(395.0), "$395");
        assert_eq!(format_money(912.25), "$912.25");
        assert_eq!(format_money(1360.5), "$1,360.50");
        assert_eq!(format_money(6.0), "$6");
    }
}
