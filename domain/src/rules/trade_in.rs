//! The online trade-in offer (seed 001 s3 "Trade-in valuation: offer_price, adjustment
//! answers (id, adjustmentAnswers), rego, regoState"; s4 "accepting sends the lead with
//! subcategory '3. Offer Accepted' and offer_accepted true"; s5/s9 "online estimates are
//! not generated for cars over 7 years or 100,000 km"): who gets an estimate, the
//! condition questions and what each answer takes off, and the offer a dealer without a
//! valuation provider makes from the market ([`crate::rules::market`]: every priced,
//! available car across every dealer's stock).
//!
//! The local offer, in order:
//! 1. the comparables are the market's for the car's make and model, year and odometer
//!    (the price comparison's windows); fewer than [`MIN_COMPARABLES`] give no estimate;
//! 2. the car's retail value is the low end of their asking prices (the 10th percentile,
//!    the price comparison's range minimum), moved for the car's year and odometer against
//!    the comparables' medians ([`YEAR_SHARE`] a year, [`KM_SHARE_PER_10000`] per 10,000
//!    km, at most [`AGE_KM_LIMIT`] either way);
//! 3. the dealer buys below retail: less its margin ([`DEALER_MARGIN_SHARE`]) and the
//!    reconditioning every used car needs before sale ([`RECONDITIONING_DOLLARS`]);
//! 4. each condition answer takes its share (in question order, each of what is left) or
//!    its amount off;
//! 5. the offer is rounded down to $100; below [`MIN_OFFER_DOLLARS`] there is no online
//!    offer. The range's top is the same computation from the median asking price: what
//!    the car may fetch once the dealer has seen it.

use std::collections::{BTreeMap, HashSet};

use chrono::{Datelike, NaiveDate};

use crate::car::CarType;
use crate::messages;
use crate::rules::market::{
    confidence, percentile, Market, MarketCar, MIN_COMPARABLES, MIN_MARKET_PRICE,
};
pub use crate::rules::vehicle_text::{
    trade_in_estimate_eligible, TRADE_IN_MAX_AGE_YEARS, TRADE_IN_MAX_KM,
};

/// Share of retail the dealer keeps as its margin.
pub const DEALER_MARGIN_SHARE: f64 = 0.12;
/// What the dealer spends readying a used car for sale (detail, service, roadworthy).
pub const RECONDITIONING_DOLLARS: f64 = 1_200.0;
/// Retail moves this share for each model year newer (or older) than the comparables' median.
pub const YEAR_SHARE: f64 = 0.05;
/// Retail moves this share for each 10,000 km fewer (or more) than the comparables' median.
pub const KM_SHARE_PER_10000: f64 = 0.02;
/// The year and odometer move retail by at most this share either way.
pub const AGE_KM_LIMIT: f64 = 0.15;
/// Offers are rounded down to this many dollars.
pub const OFFER_STEP_DOLLARS: f64 = 100.0;
/// Below this no online offer is made.
pub const MIN_OFFER_DOLLARS: f64 = 1_000.0;
/// Oldest model year a valuation accepts as input (older cars are real, but a typo).
pub const OLDEST_YEAR: u16 = 1950;
/// Largest odometer reading accepted as input, km.
pub const MAX_KMS_INPUT: u32 = 2_000_000;
/// Longest make or model accepted.
pub const MAX_NAME_CHARS: usize = 60;
/// Longest rego accepted (letters and digits once spaces and hyphens are dropped).
pub const MAX_REGO_CHARS: usize = 9;
/// Registration states, as a shopper writes them.
pub const REGO_STATES: [&str; 8] = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];

/// What an answer does to the offer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Effect {
    /// Nothing.
    None,
    /// Takes this share (0 to 1) of what is left off.
    Share(f64),
    /// Takes this many dollars off.
    Dollars(f64),
}

/// One answer to a condition question.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnswerOption {
    /// Stable value sent as the answer.
    pub value: &'static str,
    /// What the shopper reads.
    pub label: &'static str,
    /// What it does to the offer.
    pub effect: Effect,
}

/// A condition (adjustment) question.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Question {
    /// Stable id (the `id` of an adjustment answer).
    pub id: &'static str,
    /// The question.
    pub question: &'static str,
    /// A short name, used in its required message.
    pub label: &'static str,
    /// The answers, the best condition first.
    pub answers: &'static [AnswerOption],
}

impl Question {
    /// The message when the question is left unanswered.
    pub fn required_message(&self) -> String {
        messages::field_required(self.label)
    }
}

const fn answer(value: &'static str, label: &'static str, effect: Effect) -> AnswerOption {
    AnswerOption {
        value,
        label,
        effect,
    }
}

/// The condition questions, in the order they are asked and applied.
pub const QUESTIONS: [Question; 6] = [
    Question {
        id: "accident_damage",
        question: "Has the car been in an accident, or does it have body damage?",
        label: "Accident or body damage",
        answers: &[
            answer("none", "No accidents or damage", Effect::None),
            answer("minor", "Minor dents or scratches", Effect::Dollars(800.0)),
            answer(
                "repaired",
                "Past accident damage, repaired",
                Effect::Share(0.06),
            ),
            answer(
                "unrepaired",
                "Damage still to be repaired",
                Effect::Share(0.15),
            ),
        ],
    },
    Question {
        id: "service_history",
        question: "Does the car have a service history?",
        label: "Service history",
        answers: &[
            answer("full", "Full log book history", Effect::None),
            answer("partial", "Partial history", Effect::Share(0.04)),
            answer("none", "No service history", Effect::Share(0.08)),
        ],
    },
    Question {
        id: "mechanical",
        question: "Are there any warning lights on or mechanical problems?",
        label: "Warning lights or mechanical problems",
        answers: &[
            answer("no", "No", Effect::None),
            answer("yes", "Yes", Effect::Share(0.12)),
        ],
    },
    Question {
        id: "tyres",
        question: "How are the tyres?",
        label: "Tyres",
        answers: &[
            answer("good", "Good tread all round", Effect::None),
            answer("worn", "One or more need replacing", Effect::Dollars(900.0)),
        ],
    },
    Question {
        id: "keys",
        question: "How many keys do you have?",
        label: "Keys",
        answers: &[
            answer("two", "Two or more", Effect::None),
            answer("one", "One", Effect::Dollars(450.0)),
        ],
    },
    Question {
        id: "interior",
        question: "What condition is the interior in?",
        label: "Interior",
        answers: &[
            answer("clean", "Clean, normal wear", Effect::None),
            answer("worn", "Stains, tears or odours", Effect::Share(0.03)),
        ],
    },
];

/// An answer as sent (`adjustmentAnswers` items: the question's id and the answer's value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerInput {
    /// Question id.
    pub id: String,
    /// Answer value.
    pub answer: String,
}

/// A checked answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Answered {
    /// The question.
    pub question: &'static Question,
    /// The chosen answer.
    pub answer: &'static AnswerOption,
}

/// A field key of an answer's error: `adjustmentAnswers.<question id>`.
pub fn answer_field(id: &str) -> String {
    format!("adjustmentAnswers.{id}")
}

fn clipped(text: &str) -> String {
    text.chars().take(40).collect()
}

/// Checks the answers: every question answered once with one of its values, no unknown
/// question. Answers come back in question order; errors are keyed by
/// [`answer_field`] (or `adjustmentAnswers` for an unknown or repeated question).
pub fn check_answers(answers: &[AnswerInput]) -> Result<Vec<Answered>, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    let mut seen = HashSet::new();
    for a in answers {
        let id = a.id.trim();
        if !QUESTIONS.iter().any(|q| q.id == id) {
            errors.insert(
                "adjustmentAnswers".to_owned(),
                format!("There is no question \"{}\".", clipped(id)),
            );
        } else if !seen.insert(id) {
            errors.insert(
                "adjustmentAnswers".to_owned(),
                format!("The question \"{id}\" is answered more than once."),
            );
        }
    }
    let mut checked = Vec::with_capacity(QUESTIONS.len());
    for question in &QUESTIONS {
        let given = answers
            .iter()
            .find(|a| a.id.trim() == question.id)
            .map(|a| a.answer.trim());
        match given {
            None | Some("") => {
                errors.insert(answer_field(question.id), question.required_message());
            }
            Some(value) => match question.answers.iter().find(|o| o.value == value) {
                Some(answer) => checked.push(Answered { question, answer }),
                None => {
                    let values: Vec<&str> = question.answers.iter().map(|o| o.value).collect();
                    errors.insert(
                        answer_field(question.id),
                        format!(
                            "{}: please choose one of {}.",
                            question.label,
                            values.join(", ")
                        ),
                    );
                }
            },
        }
    }
    if errors.is_empty() {
        Ok(checked)
    } else {
        Err(errors)
    }
}

/// A rego as written ("abc 123", "ABC-123") in the form a registry takes ("ABC123").
pub fn parse_rego(raw: &str) -> Result<String, &'static str> {
    let rego: String = raw
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .collect::<String>()
        .to_ascii_uppercase();
    let ok = !rego.is_empty()
        && rego.chars().count() <= MAX_REGO_CHARS
        && rego.chars().all(|c| c.is_ascii_alphanumeric());
    if ok {
        Ok(rego)
    } else {
        Err(messages::INVALID_REGO)
    }
}

/// A registration state in upper case ("qld" gives "QLD").
pub fn parse_rego_state(raw: &str) -> Result<&'static str, &'static str> {
    let state = raw.trim().to_ascii_uppercase();
    REGO_STATES
        .iter()
        .copied()
        .find(|s| *s == state)
        .ok_or(messages::INVALID_REGO_STATE)
}

/// The shopper's car as the valuation needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TradeInCar {
    /// Model year.
    pub year: u16,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Odometer, km.
    pub km: u32,
}

/// Why there is no online offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoOffer {
    /// Over 7 years old or over 100,000 km.
    NotEligible,
    /// Too few comparable cars in the market.
    NoComparables,
    /// The offer comes to less than the minimum (or a provider has no estimate).
    NoOnlineOffer,
}

impl NoOffer {
    /// What the shopper reads.
    pub fn message(self) -> &'static str {
        match self {
            NoOffer::NotEligible => messages::NOT_ELIGIBLE,
            NoOffer::NoComparables => messages::NO_COMPARABLES,
            NoOffer::NoOnlineOffer => messages::NO_ONLINE_OFFER,
        }
    }
}

/// Seed 001 s5/s9: whether an online estimate may be generated for the car today.
pub fn eligibility(year: u16, km: u32, today: NaiveDate) -> Result<(), NoOffer> {
    if trade_in_estimate_eligible(year, km, today) {
        Ok(())
    } else {
        Err(NoOffer::NotEligible)
    }
}

/// The youngest model year a valuation accepts today (next year's models are on sale).
pub fn newest_year(today: NaiveDate) -> u16 {
    u16::try_from(today.year() + 1).unwrap_or(u16::MAX)
}

/// One comparable car: model year, odometer and asking price.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Comparable {
    /// Model year.
    pub year: u16,
    /// Odometer, km.
    pub km: u32,
    /// Asking price, AUD.
    pub price: f64,
}

/// What one answer took off.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Deduction {
    /// Question id.
    pub id: &'static str,
    /// Answer value.
    pub answer: &'static str,
    /// Dollars taken off (0 for the best condition).
    pub amount: f64,
}

/// The local offer.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalOffer {
    /// The offer, whole hundreds of dollars.
    pub offer_price: f64,
    /// Bottom of the range (the offer).
    pub range_min: f64,
    /// Top of the range: the same computation from the median asking price.
    pub range_max: f64,
    /// The retail value the offer starts from (low end of the comparables, moved for year and km).
    pub retail_value: f64,
    /// Comparables used.
    pub comparables: usize,
    /// Confidence, 0 to 1, from the number of comparables.
    pub confidence: f64,
    /// What each answer took off, in question order.
    pub deductions: Vec<Deduction>,
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    percentile(&values, 0.5)
}

/// The share retail moves for a car `year`/`km` against comparables of median year and km.
pub fn age_km_factor(year: u16, km: u32, median_year: f64, median_km: f64) -> f64 {
    let years = f64::from(year) - median_year;
    let tens_of_thousands = (median_km - f64::from(km)) / 10_000.0;
    (1.0 + YEAR_SHARE * years + KM_SHARE_PER_10000 * tens_of_thousands)
        .clamp(1.0 - AGE_KM_LIMIT, 1.0 + AGE_KM_LIMIT)
}

/// Retail less margin and reconditioning, less the answers; with what each answer took.
fn after_answers(retail: f64, answers: &[Answered]) -> (f64, Vec<Deduction>) {
    let mut value = retail * (1.0 - DEALER_MARGIN_SHARE) - RECONDITIONING_DOLLARS;
    let mut deductions = Vec::with_capacity(answers.len());
    for a in answers {
        let amount = match a.answer.effect {
            Effect::None => 0.0,
            Effect::Share(share) => (value.max(0.0) * share).round(),
            Effect::Dollars(dollars) => dollars,
        };
        value -= amount;
        deductions.push(Deduction {
            id: a.question.id,
            answer: a.answer.value,
            amount,
        });
    }
    (value, deductions)
}

fn round_down(value: f64) -> f64 {
    (value / OFFER_STEP_DOLLARS).floor() * OFFER_STEP_DOLLARS
}

/// The offer for `car` from its comparables and the checked answers (steps 2 to 5 of the
/// module's computation).
pub fn offer_from(
    car: &TradeInCar,
    comparables: &[Comparable],
    answers: &[Answered],
) -> Result<LocalOffer, NoOffer> {
    let priced: Vec<&Comparable> = comparables
        .iter()
        .filter(|c| c.price.is_finite() && c.price > MIN_MARKET_PRICE)
        .collect();
    if priced.len() < MIN_COMPARABLES {
        return Err(NoOffer::NoComparables);
    }
    let mut prices: Vec<f64> = priced.iter().map(|c| c.price).collect();
    prices.sort_by(f64::total_cmp);
    let factor = age_km_factor(
        car.year,
        car.km,
        median(priced.iter().map(|c| f64::from(c.year)).collect()),
        median(priced.iter().map(|c| f64::from(c.km)).collect()),
    );
    let retail_value = (percentile(&prices, 0.10) * factor).round();
    let (value, deductions) = after_answers(retail_value, answers);
    let offer_price = round_down(value);
    if offer_price < MIN_OFFER_DOLLARS {
        return Err(NoOffer::NoOnlineOffer);
    }
    let (top, _) = after_answers(percentile(&prices, 0.5) * factor, answers);
    Ok(LocalOffer {
        offer_price,
        range_min: offer_price,
        range_max: round_down(top).max(offer_price),
        retail_value,
        comparables: priced.len(),
        confidence: confidence(priced.len()),
        deductions,
    })
}

/// The comparables of the shopper's car in the market (the price comparison's windows).
pub fn market_comparables(market: &Market, car: &TradeInCar) -> Vec<Comparable> {
    // A subject no dealer lists: nothing is excluded as "itself".
    let subject = MarketCar {
        dealer: String::new(),
        slug: String::new(),
        make: car.make.clone(),
        model: car.model.clone(),
        year: car.year,
        km: car.km,
        price: 0.0,
        // The shopper's car is a used car: valued against used and demo stock, never new.
        car_type: CarType::Used,
        badge: None,
    };
    market
        .comparables(&subject)
        .map(|c| Comparable {
            year: c.year,
            km: c.km,
            price: c.price,
        })
        .collect()
}

/// Whether the market can value the car (eligible, and enough comparables).
pub fn local_check(market: &Market, car: &TradeInCar, today: NaiveDate) -> Result<usize, NoOffer> {
    eligibility(car.year, car.km, today)?;
    let n = market_comparables(market, car)
        .iter()
        .filter(|c| c.price.is_finite() && c.price > MIN_MARKET_PRICE)
        .count();
    if n < MIN_COMPARABLES {
        return Err(NoOffer::NoComparables);
    }
    Ok(n)
}

/// The local offer for the shopper's car today.
pub fn local_offer(
    market: &Market,
    car: &TradeInCar,
    answers: &[Answered],
    today: NaiveDate,
) -> Result<LocalOffer, NoOffer> {
    eligibility(car.year, car.km, today)?;
    offer_from(car, &market_comparables(market, car), answers)
}

/// Make and models the market can value: those with at least [`MIN_COMPARABLES`] cars,
/// grouped by make (sorted, ignoring case).
pub fn valued_models(market: &Market) -> Vec<(String, Vec<String>)> {
    let mut makes: Vec<(String, Vec<String>)> = Vec::new();
    for (make, model, count) in market.models() {
        if count < MIN_COMPARABLES {
            continue;
        }
        match makes.last_mut() {
            Some((last, models)) if last.eq_ignore_ascii_case(make) => {
                models.push(model.to_owned())
            }
            _ => makes.push((make.to_owned(), vec![model.to_owned()])),
        }
    }
    makes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).expect("date")
    }

    fn best() -> Vec<Answered> {
        QUESTIONS
            .iter()
            .map(|question| Answered {
                question,
                answer: &question.answers[0],
            })
            .collect()
    }

    fn inputs(pairs: &[(&str, &str)]) -> Vec<AnswerInput> {
        pairs
            .iter()
            .map(|(id, answer)| AnswerInput {
                id: (*id).into(),
                answer: (*answer).into(),
            })
            .collect()
    }

    fn all_best() -> Vec<AnswerInput> {
        QUESTIONS
            .iter()
            .map(|q| AnswerInput {
                id: q.id.into(),
                answer: q.answers[0].value.into(),
            })
            .collect()
    }

    fn car(year: u16, km: u32) -> TradeInCar {
        TradeInCar {
            year,
            make: "Toyota".into(),
            model: "RAV4".into(),
            km,
        }
    }

    /// Twenty RAV4s, 2022, 40,000 km, priced 30,000 to 39,500.
    fn twenty() -> Vec<Comparable> {
        (0..20)
            .map(|i| Comparable {
                year: 2022,
                km: 40_000,
                price: 30_000.0 + f64::from(i) * 500.0,
            })
            .collect()
    }

    #[test]
    fn eligibility_follows_the_seeds_7_years_and_100000_km() {
        let cases = [
            ("7 years old, 100,000 km", 2019, 100_000, Ok(())),
            ("8 years old", 2018, 20_000, Err(NoOffer::NotEligible)),
            ("100,001 km", 2024, 100_001, Err(NoOffer::NotEligible)),
            ("this year's car", 2026, 5, Ok(())),
        ];
        for (name, year, km, expected) in cases {
            assert_eq!(eligibility(year, km, today()), expected, "{name}");
        }
        assert!(messages::NOT_ELIGIBLE.contains("over 7 years or 100,000 km"));
    }

    #[test]
    fn the_offer_is_the_low_end_of_retail_less_margin_and_reconditioning() {
        let offer = offer_from(&car(2022, 40_000), &twenty(), &best()).expect("offer");
        // 10th percentile of 30,000..39,500 in steps of 500: 30,950; same year and km as
        // the comparables, so no move. 30,950 x 0.88 - 1,200 = 26,036, down to 26,000.
        assert_eq!(offer.retail_value, 30_950.0);
        assert_eq!(offer.offer_price, 26_000.0);
        assert_eq!((offer.range_min, offer.comparables), (26_000.0, 20));
        // Median 34,750 x 0.88 - 1,200 = 29,380, down to 29,300.
        assert_eq!(offer.range_max, 29_300.0);
        assert_eq!(offer.confidence, confidence(20));
        assert!(offer.deductions.iter().all(|d| d.amount == 0.0));
    }

    #[test]
    fn newer_and_lower_km_cars_are_worth_more_within_the_limit() {
        let base = offer_from(&car(2022, 40_000), &twenty(), &best())
            .expect("offer")
            .offer_price;
        let newer = offer_from(&car(2023, 40_000), &twenty(), &best())
            .expect("offer")
            .offer_price;
        let fewer_km = offer_from(&car(2022, 20_000), &twenty(), &best())
            .expect("offer")
            .offer_price;
        let more_km = offer_from(&car(2022, 60_000), &twenty(), &best())
            .expect("offer")
            .offer_price;
        assert!(
            newer > base && fewer_km > base && more_km < base,
            "{newer} {fewer_km} {base} {more_km}"
        );
        assert_eq!(age_km_factor(2030, 0, 2022.0, 90_000.0), 1.0 + AGE_KM_LIMIT);
        assert_eq!(
            age_km_factor(2010, 400_000, 2022.0, 10_000.0),
            1.0 - AGE_KM_LIMIT
        );
        assert!((age_km_factor(2023, 30_000, 2022.0, 40_000.0) - 1.07).abs() < 1e-9);
    }

    #[test]
    fn each_answer_takes_its_share_of_what_is_left_or_its_amount() {
        let answers = check_answers(&inputs(&[
            ("accident_damage", "repaired"),
            ("service_history", "partial"),
            ("mechanical", "no"),
            ("tyres", "worn"),
            ("keys", "one"),
            ("interior", "clean"),
        ]))
        .expect("answers");
        let offer = offer_from(&car(2022, 40_000), &twenty(), &answers).expect("offer");
        // From 26,036: 6% is 1,562 (24,474 left), 4% of that is 979 (23,495), tyres 900,
        // keys 450: 22,145, down to 22,100.
        let amounts: Vec<(&str, f64)> = offer.deductions.iter().map(|d| (d.id, d.amount)).collect();
        assert_eq!(
            amounts,
            [
                ("accident_damage", 1_562.0),
                ("service_history", 979.0),
                ("mechanical", 0.0),
                ("tyres", 900.0),
                ("keys", 450.0),
                ("interior", 0.0)
            ]
        );
        assert_eq!(offer.offer_price, 22_100.0);
        assert!(offer.range_max > offer.offer_price);
    }

    #[test]
    fn too_few_comparables_or_too_low_an_offer_give_no_estimate() {
        let four: Vec<Comparable> = twenty().into_iter().take(4).collect();
        assert_eq!(
            offer_from(&car(2022, 40_000), &four, &best()),
            Err(NoOffer::NoComparables)
        );
        // Nominal prices ($500 and under) are not asking prices.
        let nominal: Vec<Comparable> = (0..10)
            .map(|_| Comparable {
                year: 2022,
                km: 40_000,
                price: 1.0,
            })
            .collect();
        assert_eq!(
            offer_from(&car(2022, 40_000), &nominal, &best()),
            Err(NoOffer::NoComparables)
        );
        let cheap: Vec<Comparable> = (0..10)
            .map(|i| Comparable {
                year: 2022,
                km: 40_000,
                price: 2_000.0 + f64::from(i) * 50.0,
            })
            .collect();
        assert_eq!(
            offer_from(&car(2022, 40_000), &cheap, &best()),
            Err(NoOffer::NoOnlineOffer)
        );
        for reason in [
            NoOffer::NotEligible,
            NoOffer::NoComparables,
            NoOffer::NoOnlineOffer,
        ] {
            assert!(
                reason
                    .message()
                    .ends_with("our team will value it for you."),
                "{reason:?}"
            );
        }
    }

    #[test]
    fn answers_must_cover_every_question_once_with_a_known_value() {
        assert_eq!(
            check_answers(&all_best()).expect("all answered").len(),
            QUESTIONS.len()
        );
        let mut answers = all_best();
        answers.reverse();
        let ids: Vec<&str> = check_answers(&answers)
            .expect("any order")
            .iter()
            .map(|a| a.question.id)
            .collect();
        assert_eq!(
            ids,
            QUESTIONS.map(|q| q.id),
            "answers come back in question order"
        );

        let errors = check_answers(&inputs(&[
            ("accident_damage", "none"),
            ("tyres", "bald"),
            ("colour", "red"),
        ]))
        .expect_err("bad");
        assert_eq!(
            errors.get("adjustmentAnswers.tyres").map(String::as_str),
            Some("Tyres: please choose one of good, worn.")
        );
        assert_eq!(
            errors.get("adjustmentAnswers.keys").map(String::as_str),
            Some("Keys is required.")
        );
        assert_eq!(
            errors.get("adjustmentAnswers").map(String::as_str),
            Some("There is no question \"colour\".")
        );
        assert!(!errors.contains_key("adjustmentAnswers.accident_damage"));

        let mut twice = all_best();
        twice.push(AnswerInput {
            id: "keys".into(),
            answer: "one".into(),
        });
        let errors = check_answers(&twice).expect_err("twice");
        assert_eq!(
            errors.get("adjustmentAnswers").map(String::as_str),
            Some("The question \"keys\" is answered more than once.")
        );
        let blank = check_answers(&inputs(&[("keys", " ")])).expect_err("blank");
        assert_eq!(
            blank.get("adjustmentAnswers.keys").map(String::as_str),
            Some("Keys is required.")
        );
    }

    #[test]
    fn regos_and_states_are_normalised_or_refused() {
        assert_eq!(parse_rego(" abc-123 "), Ok("ABC123".to_owned()));
        assert_eq!(parse_rego("1 ab 2cd"), Ok("1AB2CD".to_owned()));
        for bad in ["", "  ", "ABC_123", "ABCDEFGHIJ", "ÄBC123", "<b>"] {
            assert_eq!(parse_rego(bad), Err(messages::INVALID_REGO), "{bad:?}");
        }
        assert_eq!(parse_rego_state(" qld"), Ok("QLD"));
        assert_eq!(
            parse_rego_state("Queensland"),
            Err(messages::INVALID_REGO_STATE)
        );
    }

    #[test]
    fn the_market_values_models_with_enough_cars_in_the_windows() {
        let listing = |i: u32, model: &str, year: u16, km: u32| MarketCar {
            dealer: if i % 2 == 0 { "a" } else { "b" }.into(),
            slug: format!("{model}-{i}"),
            make: "Toyota".into(),
            model: model.into(),
            year,
            km,
            price: 30_000.0 + f64::from(i) * 500.0,
            car_type: CarType::Used,
            badge: None,
        };
        let mut cars: Vec<MarketCar> = (0..8)
            .map(|i| listing(i, "RAV4", 2022, 35_000 + i * 1_000))
            .collect();
        cars.extend((0..3).map(|i| listing(i, "Yaris", 2022, 30_000)));
        cars.extend((0..6).map(|i| listing(i, "HiLux", 2012, 150_000)));
        let market = Market::new(cars);
        assert_eq!(
            valued_models(&market),
            [(
                "Toyota".to_owned(),
                vec!["HiLux".to_owned(), "RAV4".to_owned()]
            )]
        );

        assert_eq!(local_check(&market, &car(2022, 40_000), today()), Ok(8));
        let offer = local_offer(&market, &car(2022, 40_000), &best(), today()).expect("offer");
        assert_eq!(offer.comparables, 8);
        // Far from every RAV4's odometer: nothing compares.
        assert_eq!(
            local_check(&market, &car(2022, 2_000), today()),
            Err(NoOffer::NoComparables)
        );
        let yaris = TradeInCar {
            model: "yaris".into(),
            ..car(2022, 30_000)
        };
        assert_eq!(
            local_offer(&market, &yaris, &best(), today()),
            Err(NoOffer::NoComparables)
        );
        // The HiLuxes are there, but too old and worn for an online estimate.
        let hilux = TradeInCar {
            model: "HiLux".into(),
            ..car(2012, 150_000)
        };
        assert_eq!(
            local_check(&market, &hilux, today()),
            Err(NoOffer::NotEligible)
        );
    }
}
