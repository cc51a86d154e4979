//! The one conformance suite of [`Store`]: the same async checks run against the
//! embedded redb store and against DynamoDB (moto's server, started and stopped here).

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration as StdDuration, Instant};

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use edge_api::lead::{LeadFields, PaymentStatus};
use edge_api::store::keys;
use edge_api::store::{
    BookingOutcome, BookingRecord, Condition, DynamoStore, HoldChange, IdempotencyKey, Item,
    LeadOutcome, LeadRecord, OtpCheck, OtpIssue, RedbStore, ReservationRecord, ReserveOutcome,
    SessionRecord, StateChange, Store, StoreError, Target, Transition, TransitionOutcome, Write,
    OTP_MAX_ATTEMPTS,
};
use edge_api::store::{
    DeliveryChoice, DeliveryStep, FinanceChoice, FinanceStep, JourneyRecord, JourneySave, OrderSent,
};
use serde_json::{json, Map, Value};

/// A store whose reads take a while to arrive, as over a network: by the time a caller
/// acts on what it read, concurrent callers have acted too, so read-modify-write races
/// are lost in every round instead of now and then.
#[derive(Clone)]
pub struct SlowReads(pub Arc<dyn Store>);

/// How late a [`SlowReads`] read arrives.
const READ_LATENCY: StdDuration = StdDuration::from_millis(20);

#[async_trait::async_trait]
impl Store for SlowReads {
    async fn get(&self, pk: &str, sk: &str) -> Result<Option<Item>, StoreError> {
        let item = self.0.get(pk, sk).await;
        tokio::time::sleep(READ_LATENCY).await;
        item
    }
    async fn query(&self, pk: &str, sk_prefix: &str) -> Result<Vec<Item>, StoreError> {
        self.0.query(pk, sk_prefix).await
    }
    async fn query_gsi1(
        &self,
        gsi1pk: &str,
        sk_max: &str,
        limit: usize,
    ) -> Result<Vec<Item>, StoreError> {
        self.0.query_gsi1(gsi1pk, sk_max, limit).await
    }
    async fn write(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        self.0.write(writes).await
    }
    async fn increment(&self, pk: &str, sk: &str, expires_at: i64) -> Result<u64, StoreError> {
        self.0.increment(pk, sk, expires_at).await
    }
}

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0)
        .single()
        .expect("time")
}

/// Lead fields from the JSON keys the forms send.
fn fields(pairs: &[(&str, Value)]) -> LeadFields {
    let map: Map<String, Value> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect();
    serde_json::from_value(Value::Object(map)).expect("lead fields")
}

fn lead(dealer: &str, id: &str, now: DateTime<Utc>) -> LeadRecord {
    LeadRecord {
        id: id.into(),
        dealer: dealer.into(),
        created_at: now,
        updated_at: now,
        steps: 1,
        fields: fields(&[
            ("name", json!("Jo")),
            ("category", json!("General Enquiry")),
        ]),
    }
}

async fn batch_is_all_or_nothing(store: &dyn Store) {
    let now = t0();
    let item = |pk: &str| Item {
        pk: pk.into(),
        sk: "X".into(),
        gsi1: None,
        expires_at: None,
        version: 1,
        data: json!({ "n": 1 }),
    };
    store
        .write(vec![Write::Put {
            item: item("DEALER#t#A"),
            condition: Condition::Absent { now },
        }])
        .await
        .expect("first");
    let batch = vec![
        Write::Put {
            item: item("DEALER#t#B"),
            condition: Condition::Absent { now },
        },
        Write::Put {
            item: item("DEALER#t#A"),
            condition: Condition::Absent { now },
        },
    ];
    assert!(matches!(
        store.write(batch).await,
        Err(StoreError::ConditionFailed)
    ));
    assert!(
        store.get("DEALER#t#B", "X").await.expect("get").is_none(),
        "a failed batch wrote nothing"
    );
    // Version conditions: a stale version loses.
    let v2 = Item {
        version: 2,
        data: json!({ "n": 2 }),
        ..item("DEALER#t#A")
    };
    store
        .write(vec![Write::Put {
            item: v2.clone(),
            condition: Condition::Version(1),
        }])
        .await
        .expect("v1 -> v2");
    assert!(matches!(
        store
            .write(vec![Write::Put {
                item: v2,
                condition: Condition::Version(1)
            }])
            .await,
        Err(StoreError::ConditionFailed)
    ));
    assert_eq!(
        store
            .get("DEALER#t#A", "X")
            .await
            .expect("get")
            .expect("item")
            .data,
        json!({ "n": 2 })
    );
    // An expired item counts as absent for create-once.
    let expiring = Item {
        expires_at: Some(now.timestamp() + 10),
        ..item("DEALER#t#E")
    };
    store
        .write(vec![Write::Put {
            item: expiring.clone(),
            condition: Condition::Absent { now },
        }])
        .await
        .expect("put");
    assert!(store
        .write(vec![Write::Put {
            item: expiring.clone(),
            condition: Condition::Absent { now }
        }])
        .await
        .is_err());
    let later = now + Duration::seconds(11);
    store
        .write(vec![Write::Put {
            item: expiring,
            condition: Condition::Absent { now: later },
        }])
        .await
        .expect("reuse");
    // Nested JSON survives the round trip.
    let rich = Item {
        data: json!({ "a": [1, 2.5, "x", null, true, { "b": -3 }], "empty": "", "big": 18446744073709551615u64 }),
        ..item("DEALER#t#R")
    };
    store
        .write(vec![Write::Put {
            item: rich.clone(),
            condition: Condition::Always,
        }])
        .await
        .expect("rich");
    assert_eq!(
        store
            .get("DEALER#t#R", "X")
            .await
            .expect("get")
            .expect("rich")
            .data,
        rich.data
    );
}

async fn sign_in_codes(store: &dyn Store) {
    let now = t0();
    let ttl = Duration::minutes(5);
    let issued = |attempts_left| OtpIssue::Issued { attempts_left };
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "h", now)
            .await
            .expect("check"),
        OtpCheck::Missing
    );
    assert_eq!(
        store
            .put_otp("alpha", "0412345678", "right", now, ttl)
            .await
            .expect("put"),
        issued(OTP_MAX_ATTEMPTS)
    );
    assert_eq!(
        store
            .check_otp("beta", "0412345678", "right", now)
            .await
            .expect("other dealer"),
        OtpCheck::Missing
    );
    for left in (3..=4).rev() {
        assert_eq!(
            store
                .check_otp("alpha", "0412345678", "wrong", now)
                .await
                .expect("check"),
            OtpCheck::Wrong {
                attempts_left: left
            }
        );
    }
    // A new code replaces the old one but keeps the guesses left.
    assert_eq!(
        store
            .put_otp("alpha", "0412345678", "right-2", now, ttl)
            .await
            .expect("new code"),
        issued(3)
    );
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "right", now)
            .await
            .expect("old code"),
        OtpCheck::Wrong { attempts_left: 2 }
    );
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "wrong", now)
            .await
            .expect("4th"),
        OtpCheck::Wrong { attempts_left: 1 }
    );
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "wrong", now)
            .await
            .expect("5th"),
        OtpCheck::Locked
    );
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "right-2", now)
            .await
            .expect("locked"),
        OtpCheck::Locked
    );
    // Locked: no new code until the locked one expires; then a fresh budget.
    let later = now + Duration::minutes(1);
    assert_eq!(
        store
            .put_otp("alpha", "0412345678", "right-3", later, ttl)
            .await
            .expect("refused"),
        OtpIssue::Locked { until: now + ttl }
    );
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "right-3", later)
            .await
            .expect("still locked"),
        OtpCheck::Locked
    );
    let after = now + ttl;
    assert_eq!(
        store
            .put_otp("alpha", "0412345678", "right", after, ttl)
            .await
            .expect("new code"),
        issued(OTP_MAX_ATTEMPTS)
    );
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "right", after)
            .await
            .expect("valid"),
        OtpCheck::Valid
    );
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "right", after)
            .await
            .expect("used"),
        OtpCheck::Missing
    );
    assert_eq!(
        store
            .put_otp("alpha", "0412345678", "right", after, ttl)
            .await
            .expect("again"),
        issued(OTP_MAX_ATTEMPTS)
    );
    let expired = after + ttl;
    assert_eq!(
        store
            .check_otp("alpha", "0412345678", "right", expired)
            .await
            .expect("expired"),
        OtpCheck::Missing
    );
}

/// 40 concurrent wrong guesses at one code, over slow reads (so most guesses lose the
/// race to write in every round): every answer is wrong or locked (never missing),
/// exactly `OTP_MAX_ATTEMPTS - 1` are wrong, and the code ends locked.
async fn concurrent_wrong_guesses<S: Store + Clone + 'static>(store: &S) {
    let store = SlowReads(Arc::new(store.clone()));
    let now = t0();
    store
        .put_otp("gamma", "0412345678", "right", now, Duration::minutes(5))
        .await
        .expect("put");
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..40 {
        let store = store.clone();
        tasks.spawn(async move { store.check_otp("gamma", "0412345678", "wrong", now).await });
    }
    let answers: Vec<OtpCheck> = tasks
        .join_all()
        .await
        .into_iter()
        .collect::<Result<_, _>>()
        .expect("no backend error");
    assert!(
        answers
            .iter()
            .all(|a| matches!(a, OtpCheck::Wrong { .. } | OtpCheck::Locked)),
        "{answers:?}"
    );
    let wrong = answers
        .iter()
        .filter(|a| matches!(a, OtpCheck::Wrong { .. }))
        .count();
    assert_eq!(wrong, OTP_MAX_ATTEMPTS as usize - 1, "{answers:?}");
    assert_eq!(
        store
            .check_otp("gamma", "0412345678", "right", now)
            .await
            .expect("locked"),
        OtpCheck::Locked
    );
}

async fn users_and_sessions(store: &dyn Store) {
    let now = t0();
    store
        .ensure_user("alpha", "0412345678", now)
        .await
        .expect("create");
    store
        .ensure_user("alpha", "0412345678", now + Duration::days(1))
        .await
        .expect("again");
    assert_eq!(
        store
            .user("alpha", "0412345678")
            .await
            .expect("user")
            .expect("exists")
            .created_at,
        now
    );
    assert!(store
        .user("beta", "0412345678")
        .await
        .expect("user")
        .is_none());
    let session = SessionRecord {
        phone: "0412345678".into(),
        created_at: now,
        expires_at: now + Duration::days(30),
    };
    store
        .create_session("alpha", "tok", &session)
        .await
        .expect("session");
    assert!(matches!(
        store.create_session("alpha", "tok", &session).await,
        Err(StoreError::ConditionFailed)
    ));
    assert_eq!(
        store.session("alpha", "tok", now).await.expect("read"),
        Some(session.clone())
    );
    assert_eq!(
        store
            .session("beta", "tok", now)
            .await
            .expect("other dealer"),
        None
    );
    assert_eq!(
        store
            .session("alpha", "tok", now + Duration::days(30))
            .await
            .expect("expired"),
        None
    );
    store.delete_session("alpha", "tok").await.expect("delete");
    assert_eq!(
        store.session("alpha", "tok", now).await.expect("deleted"),
        None
    );
}

async fn watchlists(store: &dyn Store) {
    let now = t0();
    for id in [30, 4, 30, 1_000_000] {
        store
            .save_car("alpha", "0412345678", id, now)
            .await
            .expect("save");
    }
    assert_eq!(
        store.watchlist("alpha", "0412345678").await.expect("list"),
        vec![4, 30, 1_000_000]
    );
    assert!(store
        .watchlist("alpha", "0400000000")
        .await
        .expect("other user")
        .is_empty());
    assert!(store
        .watchlist("beta", "0412345678")
        .await
        .expect("other dealer")
        .is_empty());
    store
        .remove_car("alpha", "0412345678", 30)
        .await
        .expect("remove");
    store
        .remove_car("alpha", "0412345678", 31)
        .await
        .expect("remove missing");
    assert_eq!(
        store.watchlist("alpha", "0412345678").await.expect("list"),
        vec![4, 1_000_000]
    );
}

async fn leads_and_outbox(store: &dyn Store) {
    let now = t0();
    let key = |key, request_hash| Some(IdempotencyKey { key, request_hash });
    let first = store
        .create_lead(lead("alpha", "L1", now), key("key-1", "body-1"), now)
        .await
        .expect("create");
    assert_eq!(first, LeadOutcome::Stored("L1".into()));
    let retry = store
        .create_lead(lead("alpha", "L1-retry", now), key("key-1", "body-1"), now)
        .await
        .expect("retry");
    assert_eq!(retry, LeadOutcome::Replayed("L1".into()));
    assert!(
        store
            .lead("alpha", "L1-retry")
            .await
            .expect("read")
            .is_none(),
        "a replay stores nothing"
    );
    // The same key with another body is refused, and stores nothing either.
    let reused = store
        .create_lead(lead("alpha", "L1-other", now), key("key-1", "body-2"), now)
        .await
        .expect("reuse");
    assert_eq!(reused, LeadOutcome::KeyReused);
    assert!(
        store
            .lead("alpha", "L1-other")
            .await
            .expect("read")
            .is_none(),
        "a reused key stores nothing"
    );
    assert_eq!(
        store
            .outbox_of_lead("alpha", "L1")
            .await
            .expect("outbox")
            .len(),
        1
    );
    // The same key on another dealer is another key.
    let other = store
        .create_lead(lead("beta", "B1", now), key("key-1", "body-2"), now)
        .await
        .expect("beta");
    assert_eq!(other, LeadOutcome::Stored("B1".into()));

    let step = fields(&[
        ("form_completed", json!(true)),
        ("Order Detail", json!("Wiper blades")),
    ]);
    let later = now + Duration::minutes(2);
    let updated = store
        .update_lead("alpha", "L1", step.clone(), key("key-2", "step-1"), later)
        .await
        .expect("update");
    assert_eq!(updated, LeadOutcome::Stored("L1".into()));
    let again = store
        .update_lead("alpha", "L1", step.clone(), key("key-2", "step-1"), later)
        .await
        .expect("update retry");
    assert_eq!(again, LeadOutcome::Replayed("L1".into()));
    let reused = store
        .update_lead("alpha", "L1", step.clone(), key("key-2", "step-2"), later)
        .await
        .expect("update reuse");
    assert_eq!(reused, LeadOutcome::KeyReused);
    let stored = store
        .lead("alpha", "L1")
        .await
        .expect("read")
        .expect("lead");
    assert_eq!(stored.steps, 2);
    assert_eq!(stored.fields.name.as_deref(), Some("Jo"));
    assert_eq!(stored.fields.order_detail.as_deref(), Some("Wiper blades"));
    assert_eq!(stored.updated_at, later);
    assert_eq!(
        store
            .update_lead("beta", "L1", step.clone(), None, later)
            .await
            .expect("cross"),
        LeadOutcome::NotFound
    );
    assert_eq!(
        store
            .update_lead("alpha", "nope", step, None, later)
            .await
            .expect("unknown"),
        LeadOutcome::NotFound
    );

    let entries = store.outbox_of_lead("alpha", "L1").await.expect("outbox");
    assert_eq!(
        entries.iter().map(|e| e.seq).collect::<Vec<_>>(),
        vec![1, 2]
    );
    assert_eq!(
        entries[1].lead.fields.order_detail.as_deref(),
        Some("Wiper blades")
    );

    assert!(store
        .due_outbox("alpha", now - Duration::seconds(1), 10)
        .await
        .expect("not yet")
        .is_empty());
    let due = store.due_outbox("alpha", later, 10).await.expect("due");
    assert_eq!(
        due.iter()
            .map(|e| (e.lead_id.as_str(), e.seq))
            .collect::<Vec<_>>(),
        vec![("L1", 1), ("L1", 2)]
    );
    assert_eq!(
        store
            .due_outbox("alpha", later, 1)
            .await
            .expect("limit")
            .len(),
        1
    );
    assert_eq!(
        store
            .due_outbox("beta", later, 10)
            .await
            .expect("beta")
            .len(),
        1
    );

    // Optimistic saves: the second writer of the same version loses.
    let mut claimed = due[0].clone();
    claimed.due_at = Some(later + Duration::seconds(60));
    let claimed = store.save_outbox(&claimed).await.expect("claim");
    assert!(matches!(
        store.save_outbox(&due[0]).await,
        Err(StoreError::ConditionFailed)
    ));
    assert_eq!(
        store
            .due_outbox("alpha", later, 10)
            .await
            .expect("due")
            .len(),
        1,
        "the claimed entry is hidden"
    );
    let mut delivered = claimed.clone();
    delivered.delivered = vec![Target::Json];
    delivered.delivered_at = Some(later);
    delivered.due_at = None;
    store.save_outbox(&delivered).await.expect("delivered");
    let far = later + Duration::days(1);
    let left = store.due_outbox("alpha", far, 10).await.expect("due");
    assert_eq!(
        left.iter().map(|e| e.seq).collect::<Vec<_>>(),
        vec![2],
        "delivered entries leave the index"
    );
    let kept = store.outbox_of_lead("alpha", "L1").await.expect("outbox");
    assert_eq!(
        kept[0].delivered_at,
        Some(later),
        "delivered entries are kept"
    );
}

async fn rate_counters(store: &dyn Store) {
    let now = t0();
    let window = Duration::minutes(15);
    let mut counts = Vec::new();
    for _ in 0..3 {
        counts.push(
            store
                .hit_rate("alpha", "code-phone", "0412345678", window, now)
                .await
                .expect("hit"),
        );
    }
    assert_eq!(counts, vec![1, 2, 3]);
    assert_eq!(
        store
            .hit_rate("alpha", "code-phone", "0499999999", window, now)
            .await
            .expect("other"),
        1
    );
    assert_eq!(
        store
            .hit_rate("beta", "code-phone", "0412345678", window, now)
            .await
            .expect("beta"),
        1
    );
    assert_eq!(
        store
            .hit_rate("alpha", "code-phone", "0412345678", window, now + window)
            .await
            .expect("next"),
        1
    );
    // A platform counter is one for every dealer, apart from the dealers' own counters.
    let platform: Vec<u64> = [
        store
            .hit_platform_rate("code-phone", "0412345678", window, now)
            .await
            .expect("hit"),
        store
            .hit_platform_rate("code-phone", "0412345678", window, now)
            .await
            .expect("hit"),
    ]
    .into();
    assert_eq!(platform, vec![1, 2]);
    assert_eq!(
        store
            .hit_platform_rate("code-phone", "0499999999", window, now)
            .await
            .expect("other"),
        1
    );
    assert_eq!(
        store
            .hit_platform_rate("code-phone", "0412345678", window, now + window)
            .await
            .expect("next"),
        1
    );
    assert_eq!(
        store
            .hit_rate("alpha", "code-phone", "0412345678", window, now)
            .await
            .expect("dealer"),
        4
    );
}

async fn provider_cache(store: &dyn Store) {
    let now = t0();
    let day = Duration::hours(24);
    assert_eq!(
        store
            .cached("alpha", "autogauge", "car-1", now)
            .await
            .expect("empty"),
        None
    );
    let answer = json!({ "fill": 0.5, "view": { "label": "Good Deal" }, "comparables": null });
    store
        .cache(
            "alpha",
            "autogauge",
            "car-1",
            answer.clone(),
            now,
            now + day,
        )
        .await
        .expect("cache");
    assert_eq!(
        store
            .cached("alpha", "autogauge", "car-1", now + Duration::hours(23))
            .await
            .expect("fresh"),
        Some(answer.clone())
    );
    assert_eq!(
        store
            .cached("beta", "autogauge", "car-1", now)
            .await
            .expect("other dealer"),
        None
    );
    assert_eq!(
        store
            .cached("alpha", "autogauge", "car-2", now)
            .await
            .expect("other car"),
        None
    );
    assert_eq!(
        store
            .cached("alpha", "other", "car-1", now)
            .await
            .expect("other name"),
        None
    );
    assert_eq!(
        store
            .cached("alpha", "autogauge", "car-1", now + day)
            .await
            .expect("stale"),
        None
    );
    // A new answer replaces the old one.
    store
        .cache(
            "alpha",
            "autogauge",
            "car-1",
            json!({ "fill": null }),
            now + day,
            now + day + day,
        )
        .await
        .expect("again");
    assert_eq!(
        store
            .cached("alpha", "autogauge", "car-1", now + day)
            .await
            .expect("new"),
        Some(json!({ "fill": null }))
    );
}

fn reservation(
    dealer: &str,
    id: &str,
    car_id: u64,
    now: DateTime<Utc>,
) -> (ReservationRecord, LeadRecord) {
    let record = ReservationRecord {
        id: id.into(),
        dealer: dealer.into(),
        car_id,
        lead_id: format!("lead-{id}"),
        status: PaymentStatus::AwaitingPayment,
        deposit: 200,
        hold_hours: 48,
        created_at: now,
        expires_at: now + Duration::hours(48),
        card: false,
        payment_intent: None,
        history: Vec::new(),
    };
    let mut lead = lead(dealer, &record.lead_id, now);
    lead.fields.category = Some("Reservation".into());
    (record, lead)
}

async fn reservations(store: &dyn Store) {
    let now = t0();
    let (first, first_lead) = reservation("alpha", "R1", 77, now);
    assert_eq!(
        store
            .reserve(&first, &first_lead, now)
            .await
            .expect("reserve"),
        ReserveOutcome::Held
    );
    let hold = store
        .hold("alpha", 77, now)
        .await
        .expect("hold")
        .expect("held");
    assert_eq!(
        (hold.reservation_id.as_str(), hold.expires_at),
        ("R1", now + Duration::hours(48))
    );
    assert_eq!(
        store.reservation("alpha", "R1").await.expect("read"),
        Some(first.clone())
    );
    assert_eq!(
        store
            .lead("alpha", "lead-R1")
            .await
            .expect("lead")
            .expect("stored")
            .fields
            .category,
        Some("Reservation".into())
    );
    assert_eq!(
        store
            .outbox_of_lead("alpha", "lead-R1")
            .await
            .expect("outbox")
            .len(),
        1
    );

    // A second reservation of the held car stores nothing, its lead included.
    let (second, second_lead) = reservation("alpha", "R2", 77, now + Duration::hours(1));
    let taken = store
        .reserve(&second, &second_lead, now + Duration::hours(1))
        .await
        .expect("second");
    assert_eq!(taken, ReserveOutcome::Taken(hold.clone()));
    assert!(store
        .reservation("alpha", "R2")
        .await
        .expect("read")
        .is_none());
    assert!(
        store
            .lead("alpha", "lead-R2")
            .await
            .expect("read")
            .is_none(),
        "the losing lead is not stored"
    );
    // Holds are per dealer and per car.
    let (beta, beta_lead) = reservation("beta", "B1", 77, now);
    assert_eq!(
        store.reserve(&beta, &beta_lead, now).await.expect("beta"),
        ReserveOutcome::Held
    );
    assert!(store
        .hold("alpha", 78, now)
        .await
        .expect("other car")
        .is_none());
    assert_eq!(store.held_cars("alpha", now).await.expect("held"), vec![77]);
    assert!(
        store
            .held_cars("alpha", now + Duration::hours(48))
            .await
            .expect("held")
            .is_empty(),
        "expired holds hold nothing"
    );

    // At 48 hours the hold is gone and the car can be held again.
    let expiry = now + Duration::hours(48);
    assert!(store
        .hold("alpha", 77, expiry - Duration::seconds(1))
        .await
        .expect("hold")
        .is_some());
    assert!(store
        .hold("alpha", 77, expiry)
        .await
        .expect("expired")
        .is_none());
    let (third, third_lead) = reservation("alpha", "R3", 77, expiry);
    assert_eq!(
        store
            .reserve(&third, &third_lead, expiry)
            .await
            .expect("again"),
        ReserveOutcome::Held
    );
    let renewed = store
        .hold("alpha", 77, expiry)
        .await
        .expect("hold")
        .expect("held again");
    assert_eq!(
        (renewed.reservation_id.as_str(), renewed.expires_at),
        ("R3", expiry + Duration::hours(48))
    );
    assert!(
        store
            .reservation("alpha", "R1")
            .await
            .expect("read")
            .is_some(),
        "old reservations stay on record"
    );
}

/// 100 concurrent reservations of one car: exactly one holds it, and only its lead is stored.
async fn concurrent_holds<S: Store + Clone + 'static>(store: &S) {
    let now = t0();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..100 {
        let store = store.clone();
        tasks.spawn(async move {
            let (record, lead) = reservation("alpha", &format!("C{i}"), 900, now);
            store
                .reserve(&record, &lead, now)
                .await
                .map(|outcome| (i, outcome))
        });
    }
    let outcomes: Vec<(usize, ReserveOutcome)> = tasks
        .join_all()
        .await
        .into_iter()
        .collect::<Result<_, _>>()
        .expect("no backend error");
    let winners: Vec<usize> = outcomes
        .iter()
        .filter(|(_, o)| *o == ReserveOutcome::Held)
        .map(|(i, _)| *i)
        .collect();
    assert_eq!(winners.len(), 1, "exactly one hold: {outcomes:?}");
    let winner = format!("C{}", winners[0]);
    let hold = store
        .hold("alpha", 900, now)
        .await
        .expect("hold")
        .expect("held");
    assert_eq!(hold.reservation_id, winner);
    assert!(outcomes
        .iter()
        .all(|(_, o)| *o == ReserveOutcome::Held || *o == ReserveOutcome::Taken(hold.clone())));
    for i in 0..100 {
        let id = format!("C{i}");
        let stored = store
            .lead("alpha", &format!("lead-{id}"))
            .await
            .expect("lead")
            .is_some();
        assert_eq!(
            stored,
            id == winner,
            "only the winner's lead is stored ({id})"
        );
    }
}

fn booking(dealer: &str, lead_id: &str, now: DateTime<Utc>) -> BookingRecord {
    BookingRecord {
        dealer: dealer.into(),
        location: "brisbane".into(),
        date: NaiveDate::from_ymd_opt(2026, 11, 24).expect("date"),
        time: NaiveTime::from_hms_opt(10, 0, 0).expect("time"),
        lead_id: lead_id.into(),
        created_at: now,
    }
}

async fn appointments_and_events(store: &dyn Store) {
    let now = t0();
    let date = NaiveDate::from_ymd_opt(2026, 11, 24).expect("date");
    let first = lead("alpha", "T1", now);
    let td_key = Some(IdempotencyKey {
        key: "td-key",
        request_hash: "td-body",
    });
    assert_eq!(
        store
            .book_appointment(&first, &booking("alpha", "T1", now), td_key, now)
            .await
            .expect("book"),
        BookingOutcome::Booked("T1".into())
    );
    assert_eq!(
        store
            .outbox_of_lead("alpha", "T1")
            .await
            .expect("outbox")
            .len(),
        1,
        "the lead is queued for delivery"
    );
    // Another lead for the same slot stores nothing; the same key replays the first.
    let second = lead("alpha", "T2", now);
    assert_eq!(
        store
            .book_appointment(&second, &booking("alpha", "T2", now), None, now)
            .await
            .expect("book"),
        BookingOutcome::Taken
    );
    assert!(
        store.lead("alpha", "T2").await.expect("read").is_none(),
        "the losing lead is not stored"
    );
    let third = lead("alpha", "T3", now);
    assert_eq!(
        store
            .book_appointment(&third, &booking("alpha", "T3", now), td_key, now)
            .await
            .expect("book"),
        BookingOutcome::Replayed("T1".into())
    );
    let other_body = Some(IdempotencyKey {
        key: "td-key",
        request_hash: "another body",
    });
    assert_eq!(
        store
            .book_appointment(&third, &booking("alpha", "T3", now), other_body, now)
            .await
            .expect("book"),
        BookingOutcome::KeyReused
    );
    let booked = store
        .booked_slots("alpha", "brisbane", date)
        .await
        .expect("slots");
    assert_eq!(booked, vec![booking("alpha", "T1", now)]);
    assert!(store
        .booked_slots("alpha", "brisbane", date.succ_opt().expect("day"))
        .await
        .expect("slots")
        .is_empty());
    assert!(
        store
            .booked_slots("beta", "brisbane", date)
            .await
            .expect("slots")
            .is_empty(),
        "per dealer"
    );
    let beta = lead("beta", "BT1", now);
    assert_eq!(
        store
            .book_appointment(&beta, &booking("beta", "BT1", now), None, now)
            .await
            .expect("book"),
        BookingOutcome::Booked("BT1".into())
    );

    // Logged events read back in time order, per dealer, kind and day.
    store
        .record_event(
            "alpha",
            "reveal-phone",
            "e2",
            json!({ "car_id": 2 }),
            now + Duration::seconds(5),
        )
        .await
        .expect("event");
    store
        .record_event("alpha", "reveal-phone", "e1", json!({ "car_id": 1 }), now)
        .await
        .expect("event");
    store
        .record_event(
            "alpha",
            "miscellaneous",
            "m1",
            json!({ "column_name": "valuation" }),
            now,
        )
        .await
        .expect("event");
    let day = now.date_naive();
    let reveals = store
        .events("alpha", "reveal-phone", day)
        .await
        .expect("events");
    assert_eq!(
        reveals,
        vec![json!({ "car_id": 1 }), json!({ "car_id": 2 })]
    );
    assert_eq!(
        store
            .events("alpha", "miscellaneous", day)
            .await
            .expect("events")
            .len(),
        1
    );
    assert!(store
        .events("beta", "reveal-phone", day)
        .await
        .expect("events")
        .is_empty());
    assert!(store
        .events("alpha", "reveal-phone", day.succ_opt().expect("day"))
        .await
        .expect("events")
        .is_empty());
}

/// 50 concurrent bookings of one slot: exactly one is booked, with its lead.
async fn concurrent_bookings<S: Store + Clone + 'static>(store: &S) {
    let now = t0();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..50 {
        let store = store.clone();
        tasks.spawn(async move {
            let id = format!("CB{i}");
            let mut slot = booking("gamma", &id, now);
            slot.time = NaiveTime::from_hms_opt(15, 30, 0).expect("time");
            store
                .book_appointment(&lead("gamma", &id, now), &slot, None, now)
                .await
        });
    }
    let outcomes: Vec<BookingOutcome> = tasks
        .join_all()
        .await
        .into_iter()
        .collect::<Result<_, _>>()
        .expect("no backend error");
    let winners: Vec<&BookingOutcome> = outcomes
        .iter()
        .filter(|o| matches!(o, BookingOutcome::Booked(_)))
        .collect();
    assert_eq!(winners.len(), 1, "{outcomes:?}");
    assert!(outcomes
        .iter()
        .all(|o| matches!(o, BookingOutcome::Booked(_) | BookingOutcome::Taken)));
    let booked = store
        .booked_slots(
            "gamma",
            "brisbane",
            NaiveDate::from_ymd_opt(2026, 11, 24).expect("date"),
        )
        .await
        .expect("slots");
    assert_eq!(booked.len(), 1);
    assert_eq!(
        winners[0],
        &BookingOutcome::Booked(booked[0].lead_id.clone())
    );
}

/// A lead as the store kept it before its fields were typed: a plain JSON map under the
/// keys the forms send (contact details already normalised, reservation terms added).
const OLD_FORMAT_LEAD: &str = r#"{
    "id": "old-1", "dealer": "alpha", "steps": 2,
    "created_at": "2026-01-05T10:00:00Z", "updated_at": "2026-01-05T10:05:00Z",
    "fields": {
        "Vehicle Make": "Toyota", "Vehicle Year": 2019, "Rego/VIN/Part#": "ABC123",
        "adjustmentAnswers": [{"id": 1, "answer": "No"}],
        "appointment": {"location": "brisbane", "date": "2026-01-06", "time": "10:00"},
        "car_id": 1042, "category": "Reservation", "deposit": 500,
        "email": "jo@example.com", "phone": "0412345678", "postcode": "4000",
        "hold_expires_at": "2026-01-07T10:00:00Z", "reservation_id": "R1",
        "reservation_status": "awaiting_payment",
        "lead_attributes": {"visited_pages": ["/"], "linked_query_params": {"utm_source": "x"}},
        "name": "Jo", "opt_in": true, "regoState": "QLD", "source": "Website"
    }
}"#;

/// A lead stored in the old format reads back typed, writes back as the same JSON (so
/// the dev endpoint and the JSON webhook show what they showed) and takes a later step.
async fn leads_stored_before_typed_fields(store: &dyn Store) {
    let old: Value = serde_json::from_str(OLD_FORMAT_LEAD).expect("old lead JSON");
    let item = Item {
        pk: keys::lead("alpha", "old-1"),
        sk: keys::SK_LEAD.to_owned(),
        gsi1: None,
        expires_at: None,
        version: 1,
        data: old.clone(),
    };
    store
        .write(vec![Write::Put {
            item,
            condition: Condition::Always,
        }])
        .await
        .expect("write old lead");
    let lead = store
        .lead("alpha", "old-1")
        .await
        .expect("read old lead")
        .expect("old lead");
    let f = &lead.fields;
    assert_eq!(f.phone.as_ref().map(|p| p.digits()), Some("0412345678"));
    assert_eq!(f.email.as_ref().map(|e| e.as_str()), Some("jo@example.com"));
    assert_eq!(f.postcode.as_ref().map(|p| p.as_str()), Some("4000"));
    assert_eq!(f.vehicle_make.as_deref(), Some("Toyota"));
    assert_eq!(f.reservation_status, Some(PaymentStatus::AwaitingPayment));
    assert_eq!(f.deposit, Some(500));
    assert_eq!(serde_json::to_value(&lead).expect("lead JSON"), old);

    let later = Utc
        .with_ymd_and_hms(2026, 1, 5, 10, 9, 0)
        .single()
        .expect("time");
    let step = fields(&[("message", json!("Call after 5pm"))]);
    assert_eq!(
        store
            .update_lead("alpha", "old-1", step, None, later)
            .await
            .expect("step on old lead"),
        LeadOutcome::Stored("old-1".into())
    );
    let merged = store
        .lead("alpha", "old-1")
        .await
        .expect("read merged")
        .expect("merged");
    assert_eq!(merged.steps, 3);
    assert_eq!(merged.fields.message.as_deref(), Some("Call after 5pm"));
    assert_eq!(merged.fields.phone, lead.fields.phone);
    assert_eq!(merged.fields.vehicle_year, lead.fields.vehicle_year);
}

/// The raw queries answer every match, in key order, and `query_gsi1` stops at its
/// limit and at its maximum sort key (DynamoDB pages its answers; the store reads on
/// until it has them all or enough).
async fn queries_page_through(store: &dyn Store) {
    let writes = (0..7)
        .map(|i| Write::Put {
            item: Item {
                pk: "DEALER#paging#LIST".to_owned(),
                sk: format!("ITEM#{i}"),
                gsi1: Some(("DEALER#paging#DUE".to_owned(), format!("{i:03}"))),
                expires_at: None,
                version: 1,
                data: json!({ "n": i }),
            },
            condition: Condition::Always,
        })
        .collect();
    store.write(writes).await.expect("write items");
    let numbers = |items: Vec<Item>| -> Vec<i64> {
        items
            .iter()
            .map(|i| i.data["n"].as_i64().expect("n"))
            .collect()
    };
    let all = store
        .query("DEALER#paging#LIST", "ITEM#")
        .await
        .expect("query");
    assert_eq!(numbers(all), vec![0, 1, 2, 3, 4, 5, 6]);
    let first = store
        .query_gsi1("DEALER#paging#DUE", "999", 3)
        .await
        .expect("gsi1 limit");
    assert_eq!(numbers(first), vec![0, 1, 2]);
    let due = store
        .query_gsi1("DEALER#paging#DUE", "004", 100)
        .await
        .expect("gsi1 max");
    assert_eq!(numbers(due), vec![0, 1, 2, 3, 4]);
}

/// Every check, in order, against one store.
async fn conformance(store: &dyn Store) {
    batch_is_all_or_nothing(store).await;
    queries_page_through(store).await;
    sign_in_codes(store).await;
    users_and_sessions(store).await;
    watchlists(store).await;
    leads_and_outbox(store).await;
    leads_stored_before_typed_fields(store).await;
    rate_counters(store).await;
    provider_cache(store).await;
    reservations(store).await;
    card_reservations(store).await;
    appointments_and_events(store).await;
    journeys(store).await;
}

/// A card reservation: held 15 minutes until authorised, then to the hold's end; each
/// change recorded, queued for the dealer, and the hold extended or released with it.
async fn card_reservations(store: &dyn Store) {
    let now = t0();
    let (mut card, card_lead) = reservation("gamma", "C1", 90, now);
    card.card = true;
    card.status = PaymentStatus::Authorising;
    card.expires_at = now + Duration::minutes(15);
    assert_eq!(
        store
            .reserve(&card, &card_lead, now)
            .await
            .expect("reserve"),
        ReserveOutcome::Held
    );
    let due = |at| async move {
        store
            .due_card_reservations("gamma", at, 10)
            .await
            .expect("due")
            .into_iter()
            .map(|r| (r.id, r.status))
            .collect::<Vec<_>>()
    };
    assert!(due(now).await.is_empty());
    assert_eq!(
        due(now + Duration::minutes(15)).await,
        [("C1".to_owned(), PaymentStatus::Authorising)]
    );
    let change = |status, by: &str, at| StateChange {
        at,
        status,
        by: by.into(),
        note: None,
    };
    let until = now + Duration::hours(48);
    let held = store
        .transition(
            "gamma",
            "C1",
            &Transition {
                from: &[PaymentStatus::Authorising],
                change: change(PaymentStatus::Held, "stripe", now),
                payment_intent: Some("pi_1".into()),
                hold: HoldChange::Extend(until),
            },
            now,
        )
        .await
        .expect("authorised");
    let TransitionOutcome::Done(record) = held else {
        panic!("{held:?}")
    };
    assert_eq!(
        (
            record.status,
            record.expires_at,
            record.payment_intent.as_deref()
        ),
        (PaymentStatus::Held, until, Some("pi_1"))
    );
    assert_eq!(
        store
            .hold("gamma", 90, now + Duration::hours(1))
            .await
            .expect("hold")
            .map(|h| h.expires_at),
        Some(until)
    );
    assert!(due(now + Duration::hours(1)).await.is_empty());
    assert_eq!(due(until).await, [("C1".to_owned(), PaymentStatus::Held)]);
    let lead = store
        .lead("gamma", "lead-C1")
        .await
        .expect("lead")
        .expect("stored");
    assert_eq!(lead.fields.reservation_status, Some(PaymentStatus::Held));
    assert_eq!(
        store
            .outbox_of_lead("gamma", "lead-C1")
            .await
            .expect("outbox")
            .len(),
        2,
        "the change reaches the dealer"
    );
    // Cancelled: the car is free, the reservation leaves the index, the history stays.
    let cancel = Transition {
        from: &[PaymentStatus::Held],
        change: change(
            PaymentStatus::Cancelled,
            "shopper",
            now + Duration::hours(2),
        ),
        payment_intent: None,
        hold: HoldChange::Release,
    };
    let outcome = store
        .transition("gamma", "C1", &cancel, now + Duration::hours(2))
        .await
        .expect("cancel");
    assert!(matches!(outcome, TransitionOutcome::Done(_)), "{outcome:?}");
    assert!(store
        .hold("gamma", 90, now + Duration::hours(2))
        .await
        .expect("hold")
        .is_none());
    assert!(due(until).await.is_empty());
    let stored = store
        .reservation("gamma", "C1")
        .await
        .expect("read")
        .expect("kept");
    assert_eq!(
        stored.history.iter().map(|c| c.status).collect::<Vec<_>>(),
        [PaymentStatus::Held, PaymentStatus::Cancelled]
    );
    assert!(matches!(
        store
            .transition("gamma", "C1", &cancel, now + Duration::hours(3))
            .await
            .expect("again"),
        TransitionOutcome::NotAllowed(_)
    ));
    assert_eq!(
        store
            .transition("gamma", "nope", &cancel, now)
            .await
            .expect("missing"),
        TransitionOutcome::NotFound
    );
    // A hold that lapsed before its card was authorised is not extended.
    let (mut late, late_lead) = reservation("gamma", "C2", 91, now);
    late.card = true;
    late.status = PaymentStatus::RequiresAction;
    late.expires_at = now + Duration::minutes(15);
    store
        .reserve(&late, &late_lead, now)
        .await
        .expect("reserve");
    let outcome = store
        .transition(
            "gamma",
            "C2",
            &Transition {
                from: &[PaymentStatus::RequiresAction],
                change: change(PaymentStatus::Held, "shopper", now + Duration::minutes(20)),
                payment_intent: None,
                hold: HoldChange::Extend(now + Duration::hours(48)),
            },
            now + Duration::minutes(20),
        )
        .await
        .expect("late");
    assert!(
        matches!(outcome, TransitionOutcome::Lapsed(_)),
        "{outcome:?}"
    );
    // Event ids and link tokens are used once.
    assert!(store
        .first_sight_of_event("gamma", "evt_1", now)
        .await
        .expect("first"));
    assert!(!store
        .first_sight_of_event("gamma", "evt_1", now)
        .await
        .expect("again"));
    let until = now + Duration::hours(1);
    assert!(store
        .use_link_token("gamma", "abc", until, now)
        .await
        .expect("first"));
    assert!(!store
        .use_link_token("gamma", "abc", until, now)
        .await
        .expect("again"));
}

fn journey(
    dealer: &str,
    reservation_id: &str,
    car_id: u64,
    phone: &str,
    now: DateTime<Utc>,
) -> JourneyRecord {
    JourneyRecord {
        dealer: dealer.into(),
        reservation_id: reservation_id.into(),
        car_id,
        phone: Some(phone.into()),
        token_hash: format!("hash-{reservation_id}"),
        created_at: now,
        updated_at: now,
        finance: None,
        trade_in: None,
        delivery: None,
        order: None,
        version: 0,
    }
}

/// A buy-online journey: created once per reservation, found from its phone, saved
/// against its version, and saved with a lead and a booked slot all or nothing.
async fn journeys(store: &dyn Store) {
    let now = t0();
    let first = journey("delta", "J1", 42, "0412000001", now);
    assert!(store.open_journey(&first, now).await.expect("open"));
    assert!(
        !store.open_journey(&first, now).await.expect("open again"),
        "a journey is created once"
    );
    let later = journey("delta", "J2", 42, "0412000001", now + Duration::minutes(5));
    assert!(store.open_journey(&later, now).await.expect("open later"));
    assert!(store
        .open_journey(&journey("delta", "J3", 43, "0412000001", now), now)
        .await
        .expect("another car"));
    assert_eq!(
        store
            .journeys_of_phone("delta", "0412000001", 42)
            .await
            .expect("of phone"),
        vec!["J1".to_owned(), "J2".to_owned()],
        "a phone's journeys of one car, oldest first"
    );
    assert!(store
        .journeys_of_phone("delta", "0412999999", 42)
        .await
        .expect("stranger")
        .is_empty());
    assert!(
        store.journey("beta", "J1").await.expect("read").is_none(),
        "another dealer's journey cannot be addressed"
    );
    // The phone's watchlist is untouched by its journeys.
    assert!(store
        .watchlist("delta", "0412000001")
        .await
        .expect("watchlist")
        .is_empty());

    let mut read = store
        .journey("delta", "J1")
        .await
        .expect("read")
        .expect("J1");
    assert_eq!(read.version, 1);
    read.finance = Some(FinanceStep {
        choice: FinanceChoice::Cash,
        deposit: None,
        term_years: None,
        rate: None,
        balloon: None,
        establishment_fee: None,
        comparison_rate: None,
        frequency: None,
        application_lead_id: None,
        applied_at: None,
    });
    let saved = match store
        .save_journey(&read, None, None, now)
        .await
        .expect("save")
    {
        JourneySave::Saved(saved) => *saved,
        other => panic!("saved: {other:?}"),
    };
    assert_eq!(saved.version, 2);
    // A stale copy loses and writes nothing.
    let mut stale = read.clone();
    stale.finance = None;
    assert_eq!(
        store
            .save_journey(&stale, None, None, now)
            .await
            .expect("stale"),
        JourneySave::Changed
    );
    let stored = store
        .journey("delta", "J1")
        .await
        .expect("read")
        .expect("J1");
    assert_eq!(stored.finance.map(|f| f.choice), Some(FinanceChoice::Cash));

    // The order: the journey, its lead and the pick-up slot in one write.
    let date = NaiveDate::from_ymd_opt(2026, 11, 24).expect("date");
    let time = NaiveTime::from_hms_opt(10, 0, 0).expect("time");
    let mut ordered = saved.clone();
    ordered.delivery = Some(DeliveryStep {
        choice: DeliveryChoice::Pickup,
        postcode: None,
        place: None,
        region: None,
        fee: None,
        location: Some("brisbane".into()),
        location_name: None,
        date: Some(date),
        time: Some(time),
    });
    ordered.order = Some(OrderSent {
        lead_id: "order-1".into(),
        sent_at: now,
    });
    let order_lead = lead("delta", "order-1", now);
    let slot = booking("delta", "order-1", now);
    // A slot booked by someone else: nothing is written.
    let taken = booking("delta", "other-lead", now);
    let other = lead("delta", "other-lead", now);
    assert_eq!(
        store
            .book_appointment(&other, &taken, None, now)
            .await
            .expect("book"),
        BookingOutcome::Booked("other-lead".into())
    );
    assert_eq!(
        store
            .save_journey(&ordered, Some(&order_lead), Some(&slot), now)
            .await
            .expect("slot taken"),
        JourneySave::SlotTaken
    );
    assert!(store
        .lead("delta", "order-1")
        .await
        .expect("lead")
        .is_none());
    assert!(store
        .journey("delta", "J1")
        .await
        .expect("read")
        .expect("J1")
        .order
        .is_none());
    // Another time: stored, with its lead queued for the dealer.
    let free = BookingRecord {
        time: NaiveTime::from_hms_opt(11, 0, 0).expect("time"),
        ..slot.clone()
    };
    match store
        .save_journey(&ordered, Some(&order_lead), Some(&free), now)
        .await
        .expect("order")
    {
        JourneySave::Saved(saved) => assert_eq!(saved.version, 3),
        other => panic!("ordered: {other:?}"),
    }
    assert!(store
        .lead("delta", "order-1")
        .await
        .expect("lead")
        .is_some());
    assert_eq!(
        store
            .outbox_of_lead("delta", "order-1")
            .await
            .expect("outbox")
            .len(),
        1
    );
    let stored = store
        .journey("delta", "J1")
        .await
        .expect("read")
        .expect("J1");
    assert_eq!(stored.order.map(|o| o.lead_id), Some("order-1".to_owned()));
    let booked = store
        .booked_slots("delta", "brisbane", date)
        .await
        .expect("slots");
    assert_eq!(
        booked
            .iter()
            .map(|b| (b.time, b.lead_id.as_str()))
            .collect::<Vec<_>>(),
        vec![(time, "other-lead"), (free.time, "order-1")],
        "the order's slot is booked with it, the other lead's kept"
    );
}

#[tokio::test]
async fn redb_store_conforms() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = RedbStore::open(&dir.path().join("nested/store.redb")).expect("open");
    conformance(&store).await;
    concurrent_holds(&store).await;
    concurrent_bookings(&store).await;
    concurrent_wrong_guesses(&store).await;
    // The data survives reopening the file.
    drop(store);
    let reopened = RedbStore::open(&dir.path().join("nested/store.redb")).expect("reopen");
    assert_eq!(
        reopened
            .watchlist("alpha", "0412345678")
            .await
            .expect("list"),
        vec![4, 1_000_000]
    );
}

/// moto's server (DynamoDB, SNS), killed (by its PID) when dropped, also on panic.
pub struct MotoServer {
    child: Child,
    /// Base URL of the server.
    pub url: String,
}

impl Drop for MotoServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// moto's own server entry point with every request run under one lock. moto runs each
/// request on its own thread, and a cancelled `TransactWriteItems` applies its other
/// writes and then restores a snapshot of the whole table, which can undo or resurrect
/// the writes of transactions running alongside; DynamoDB isolates transactions, and so
/// does moto one request at a time. Clients stay concurrent (the 100-holds check).
const SERIAL_MOTO: &str = "\
import sys, threading
import moto.server as server
lock = threading.Lock()
run_simple = server.run_simple
def serial(app):
    def call(environ, start_response):
        with lock:
            return list(app(environ, start_response))
    return call
server.run_simple = lambda host, port, app, **options: run_simple(host, port, serial(app), **options)
server.main(sys.argv[1:])
";

/// Starts moto's server on a free port (fails with a hint when the venv is missing).
pub fn start_moto() -> MotoServer {
    let bin = repo_root().join(".venv/bin/moto_server");
    assert!(
        bin.exists(),
        "{} is missing: run `make venv` (it installs moto's DynamoDB server), or set FORECOURT_SKIP_DYNAMODB=1 to skip the DynamoDB run",
        bin.display()
    );
    let port = crate::support::free_port();
    let child = Command::new(repo_root().join(".venv/bin/python"))
        .args([
            "-c",
            SERIAL_MOTO,
            "-H",
            "127.0.0.1",
            "-p",
            &port.to_string(),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start moto_server");
    let server = MotoServer {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + StdDuration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "moto_server did not start on port {port}"
        );
        std::thread::sleep(StdDuration::from_millis(100));
    }
    server
}

/// A DynamoDB store on moto with dummy credentials in ap-southeast-2, table migrated.
pub async fn dynamo_store(url: &str, table: &str) -> DynamoStore {
    use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("ap-southeast-2"))
        .credentials_provider(Credentials::new(
            "testing",
            "testing",
            None,
            None,
            "conformance",
        ))
        .endpoint_url(url)
        .build();
    let store = DynamoStore::new(aws_sdk_dynamodb::Client::from_conf(config), table);
    assert!(
        store.migrate().await.expect("migrate"),
        "a fresh server has no table"
    );
    assert!(
        !store.migrate().await.expect("migrate twice"),
        "migrate is idempotent"
    );
    store
}

#[tokio::test]
async fn dynamodb_store_conforms() {
    if std::env::var("FORECOURT_SKIP_DYNAMODB").is_ok_and(|v| v == "1") {
        eprintln!("FORECOURT_SKIP_DYNAMODB=1: the DynamoDB conformance run is skipped");
        return;
    }
    let moto = start_moto();
    let store = dynamo_store(&moto.url, "forecourt-test").await;
    conformance(&store).await;
    concurrent_holds(&store).await;
    concurrent_bookings(&store).await;
    concurrent_wrong_guesses(&store).await;
    // The table really carries the TTL setting and the index.
    let client = aws_sdk_dynamodb::Client::from_conf(
        aws_sdk_dynamodb::Config::builder()
            .behavior_version(aws_sdk_dynamodb::config::BehaviorVersion::latest())
            .region(aws_sdk_dynamodb::config::Region::new("ap-southeast-2"))
            .credentials_provider(aws_sdk_dynamodb::config::Credentials::new(
                "testing", "testing", None, None, "check",
            ))
            .endpoint_url(&moto.url)
            .build(),
    );
    let ttl = client
        .describe_time_to_live()
        .table_name("forecourt-test")
        .send()
        .await
        .expect("ttl");
    let attribute = ttl
        .time_to_live_description()
        .and_then(|d| d.attribute_name())
        .map(str::to_owned);
    assert_eq!(attribute.as_deref(), Some("expires_at"));
}
