//! The one conformance suite of [`TradeInValuer`]: the same cases run against the local
//! valuer (over the market of [`crate::trade_in::market`]) and against the HTTP provider
//! pointed at the loopback fake of [`crate::trade_in::fake_provider`]. Each subject names
//! a car it can value and one it has no estimate for; the rest of the cases are shared.

use std::sync::Arc;

use chrono::NaiveDate;
use domain::rules::market::Market;
use domain::rules::trade_in::{Answered, NoOffer, QUESTIONS};
use edge_api::error::ErrorCode;
use edge_api::tenancy::TradeInSettings;
use edge_api::trade_in::api::Vehicle;
use edge_api::trade_in::check::{car_of, check_vehicle, Fields};
use edge_api::trade_in::{
    HttpValuer, LocalValuer, Offer, TradeInValuer, ValuationRequest, ValuationSource,
};

use crate::support::tenants;
use crate::trade_in::{fake_provider, market, Calls};

/// One implementation with what its cases need.
struct Subject {
    valuer: Arc<dyn TradeInValuer>,
    settings: TradeInSettings,
    market: Market,
    /// A car it values, and its odometer.
    valued: (Vehicle, u32),
    /// A car it has no online estimate for, with the answers that make it so.
    unvalued: (Vehicle, u32, Vec<Answered>),
    /// A rego it finds, when it finds cars by rego.
    known_rego: Option<(&'static str, &'static str)>,
    /// What a remote service was sent, when there is one.
    calls: Option<Calls>,
}

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).expect("date")
}

fn vehicle(year: u16, make: &str, model: &str) -> Vehicle {
    Vehicle {
        year,
        make: make.into(),
        model: model.into(),
        badge: None,
        body: None,
    }
}

/// The best answer to every condition question.
fn best() -> Vec<Answered> {
    QUESTIONS
        .iter()
        .map(|question| Answered {
            question,
            answer: &question.answers[0],
        })
        .collect()
}

/// The best answers, but `id` answered `value`.
fn answering(id: &str, value: &str) -> Vec<Answered> {
    QUESTIONS
        .iter()
        .map(|question| Answered {
            question,
            answer: question
                .answers
                .iter()
                .find(|a| question.id == id && a.value == value)
                .unwrap_or(&question.answers[0]),
        })
        .collect()
}

fn alpha_settings() -> TradeInSettings {
    tenants(None)
        .by_slug("alpha")
        .expect("alpha")
        .trade_in
        .clone()
}

impl Subject {
    async fn value(
        &self,
        vehicle: &Vehicle,
        kms: u32,
        answers: &[Answered],
    ) -> Result<Offer, NoOffer> {
        self.valuer
            .value(
                &self.settings,
                &self.market,
                ValuationRequest {
                    vehicle,
                    kms,
                    rego: None,
                    rego_state: None,
                    answers,
                },
                today(),
            )
            .await
            .expect("no failure")
    }

    fn calls(&self) -> Option<usize> {
        self.calls.as_ref().map(|c| c.lock().expect("calls").len())
    }
}

async fn a_valued_car_gets_an_offer_within_its_range(s: &Subject) {
    let (vehicle, kms) = &s.valued;
    assert_eq!(
        s.valuer
            .check(&s.settings, &s.market, &car_of(vehicle, *kms), today()),
        Ok(())
    );
    let offer = s.value(vehicle, *kms, &best()).await.expect("an offer");
    assert!(offer.offer_price > 0.0, "{offer:?}");
    assert!(
        offer.range_min <= offer.offer_price && offer.offer_price <= offer.range_max,
        "{offer:?}"
    );
    assert!(
        offer.deductions.is_empty() || offer.deductions.len() == QUESTIONS.len(),
        "one deduction per answer when itemised: {offer:?}"
    );
}

async fn a_car_without_an_estimate_is_told_so(s: &Subject) {
    let (vehicle, kms, answers) = &s.unvalued;
    let reason = s.value(vehicle, *kms, answers).await.expect_err("no offer");
    assert_ne!(reason, NoOffer::NotEligible, "eligible, only not valued");
    assert!(!reason.message().is_empty());
}

async fn old_or_far_driven_cars_are_not_eligible_and_cost_no_call(s: &Subject) {
    let before = s.calls();
    // The local market holds 2012 HiLuxes: comparables do not make an old car eligible.
    for (vehicle, kms) in [
        (vehicle(2012, "Toyota", "HiLux"), 150_000),
        (s.valued.0.clone(), 100_001),
    ] {
        let car = car_of(&vehicle, kms);
        assert_eq!(
            s.valuer.check(&s.settings, &s.market, &car, today()),
            Err(NoOffer::NotEligible),
            "{vehicle:?} {kms}"
        );
        assert_eq!(
            s.value(&vehicle, kms, &best()).await,
            Err(NoOffer::NotEligible),
            "{vehicle:?} {kms}"
        );
    }
    assert_eq!(s.calls(), before, "nothing asked about an ineligible car");
}

async fn regos_are_looked_up_only_where_the_source_finds_cars_by_rego(s: &Subject) {
    let source = s.valuer.source(&s.settings);
    assert_eq!(source == ValuationSource::Provider, s.known_rego.is_some());
    match s.known_rego {
        Some((rego, state)) => {
            let found = s
                .valuer
                .lookup(&s.settings, rego, state, today())
                .await
                .expect("a known rego");
            let mut fields = Fields::new();
            assert_eq!(
                check_vehicle(&mut fields, &found, today()).as_ref(),
                Some(&found),
                "a usable vehicle: {fields:?}"
            );
            let unknown = s
                .valuer
                .lookup(&s.settings, "ZZZ999", state, today())
                .await
                .expect_err("an unknown rego");
            assert_eq!(unknown.code(), ErrorCode::ValidationFailed);
        }
        None => {
            let off = s
                .valuer
                .lookup(&s.settings, "ABC123", "NSW", today())
                .await
                .expect_err("no lookup");
            assert_eq!(off.code(), ErrorCode::NotFound);
        }
    }
}

async fn a_dealer_without_a_key_is_valued_locally(s: &Subject) {
    let before = s.calls();
    let settings = TradeInSettings {
        provider_key: None,
        ..s.settings.clone()
    };
    assert_eq!(s.valuer.source(&settings), ValuationSource::Local);
    let rav4 = vehicle(2022, "Toyota", "RAV4");
    let request = ValuationRequest {
        vehicle: &rav4,
        kms: 40_500,
        rego: None,
        rego_state: None,
        answers: &best(),
    };
    let offer = s
        .valuer
        .value(&settings, &s.market, request, today())
        .await
        .expect("no failure");
    let local = LocalValuer
        .value(&settings, &s.market, request, today())
        .await
        .expect("no failure");
    assert_eq!(offer, local);
    assert!(offer.is_ok(), "the market values a RAV4: {offer:?}");
    assert_eq!(s.calls(), before, "no remote call without a key");
}

async fn conformance(s: &Subject) {
    a_valued_car_gets_an_offer_within_its_range(s).await;
    a_car_without_an_estimate_is_told_so(s).await;
    old_or_far_driven_cars_are_not_eligible_and_cost_no_call(s).await;
    regos_are_looked_up_only_where_the_source_finds_cars_by_rego(s).await;
    a_dealer_without_a_key_is_valued_locally(s).await;
}

#[tokio::test]
async fn the_local_valuer_conforms() {
    conformance(&Subject {
        valuer: Arc::new(LocalValuer),
        settings: alpha_settings(),
        market: market(),
        valued: (vehicle(2022, "Toyota", "RAV4"), 40_500),
        // Three Yarises are too few to compare with.
        unvalued: (vehicle(2022, "Toyota", "Yaris"), 30_000, best()),
        known_rego: None,
        calls: None,
    })
    .await;
}

#[tokio::test]
async fn the_http_provider_conforms() {
    let calls: Calls = Arc::default();
    let (base, server) = fake_provider(Arc::clone(&calls)).await;
    let subject = Subject {
        valuer: Arc::new(HttpValuer::new(base, reqwest::Client::new())),
        settings: TradeInSettings {
            provider_key: Some("trade-key".into()),
            ..alpha_settings()
        },
        market: market(),
        valued: (vehicle(2021, "Mazda", "CX-5"), 52_000),
        // The fake has no estimate for a worn interior.
        unvalued: (
            vehicle(2021, "Mazda", "CX-5"),
            52_000,
            answering("interior", "worn"),
        ),
        known_rego: Some(("ABC123", "NSW")),
        calls: Some(calls),
    };
    conformance(&subject).await;
    // What only a remote source can do: fail. A failure is a bad gateway.
    server.abort();
    let (vehicle, kms) = &subject.valued;
    let failed = subject
        .valuer
        .value(
            &subject.settings,
            &subject.market,
            ValuationRequest {
                vehicle,
                kms: *kms,
                rego: None,
                rego_state: None,
                answers: &best(),
            },
            today(),
        )
        .await;
    assert_eq!(failed.err().map(|e| e.code()), Some(ErrorCode::BadGateway));
}
