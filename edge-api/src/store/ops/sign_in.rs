//! Sign-in codes, users and sessions.

use chrono::{DateTime, Duration, Utc};

use super::{new_item, to_data, OTP_RACE_RETRIES};
use crate::store::records::OtpRecord;
use crate::store::{
    keys, Condition, Item, OtpCheck, OtpIssue, SessionRecord, Store, StoreError, UserRecord, Write,
    OTP_MAX_ATTEMPTS,
};

pub(crate) async fn put_otp<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    phone: &str,
    code_hash: &str,
    now: DateTime<Utc>,
    ttl: Duration,
) -> Result<OtpIssue, StoreError> {
    let pk = keys::otp(dealer, phone);
    for _ in 0..OTP_RACE_RETRIES {
        let current = store.get(&pk, keys::SK_OTP).await?;
        let mut attempts_left = OTP_MAX_ATTEMPTS;
        if let Some(item) = current.as_ref().filter(|i| !i.expired(now)) {
            attempts_left = item.record::<OtpRecord>()?.attempts_left;
            if attempts_left == 0 {
                let until = item
                    .expires_at
                    .and_then(|at| DateTime::from_timestamp(at, 0))
                    .unwrap_or(now + ttl);
                return Ok(OtpIssue::Locked { until });
            }
        }
        let record = OtpRecord {
            code_hash: code_hash.to_owned(),
            attempts_left,
            created_at: now,
        };
        let mut item = new_item(pk.clone(), keys::SK_OTP, &record, Some(now + ttl))?;
        // Conditional on what was read, so a wrong guess racing this write is not lost.
        let condition = match &current {
            Some(old) => {
                item.version = old.version + 1;
                Condition::Version(old.version)
            }
            None => Condition::Absent { now },
        };
        match store.write(vec![Write::Put { item, condition }]).await {
            Ok(()) => return Ok(OtpIssue::Issued { attempts_left }),
            Err(StoreError::ConditionFailed) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::ConditionFailed)
}

pub(crate) async fn check_otp<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    phone: &str,
    code_hash: &str,
    now: DateTime<Utc>,
) -> Result<OtpCheck, StoreError> {
    let pk = keys::otp(dealer, phone);
    for _ in 0..OTP_RACE_RETRIES {
        let Some(item) = store
            .get(&pk, keys::SK_OTP)
            .await?
            .filter(|i| !i.expired(now))
        else {
            return Ok(OtpCheck::Missing);
        };
        let mut record: OtpRecord = item.record()?;
        if record.attempts_left == 0 {
            return Ok(OtpCheck::Locked);
        }
        let outcome = if record.code_hash == code_hash {
            let delete = Write::Delete {
                pk: pk.clone(),
                sk: keys::SK_OTP.into(),
                condition: Condition::Version(item.version),
            };
            store.write(vec![delete]).await.map(|()| OtpCheck::Valid)
        } else {
            record.attempts_left -= 1;
            let attempts_left = record.attempts_left;
            let next = Item {
                data: to_data(&record)?,
                version: item.version + 1,
                ..item.clone()
            };
            store
                .write(vec![Write::Put {
                    item: next,
                    condition: Condition::Version(item.version),
                }])
                .await
                .map(|()| {
                    if attempts_left == 0 {
                        OtpCheck::Locked
                    } else {
                        OtpCheck::Wrong { attempts_left }
                    }
                })
        };
        match outcome {
            Err(StoreError::ConditionFailed) => continue,
            other => return other,
        }
    }
    Err(StoreError::ConditionFailed)
}

pub(crate) async fn ensure_user<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    phone: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let record = UserRecord {
        phone: phone.to_owned(),
        created_at: now,
    };
    let item = new_item(keys::user(dealer, phone), keys::SK_PROFILE, &record, None)?;
    match store
        .write(vec![Write::Put {
            item,
            condition: Condition::Absent { now },
        }])
        .await
    {
        Err(StoreError::ConditionFailed) => Ok(()),
        other => other,
    }
}

pub(crate) async fn user<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    phone: &str,
) -> Result<Option<UserRecord>, StoreError> {
    match store
        .get(&keys::user(dealer, phone), keys::SK_PROFILE)
        .await?
    {
        Some(item) => item.record().map(Some),
        None => Ok(None),
    }
}

pub(crate) async fn create_session<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    token_hash: &str,
    session: &SessionRecord,
) -> Result<(), StoreError> {
    let item = new_item(
        keys::session(dealer, token_hash),
        keys::SK_SESSION,
        session,
        Some(session.expires_at),
    )?;
    store
        .write(vec![Write::Put {
            item,
            condition: Condition::Absent {
                now: session.created_at,
            },
        }])
        .await
}

pub(crate) async fn session<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Option<SessionRecord>, StoreError> {
    match store
        .get(&keys::session(dealer, token_hash), keys::SK_SESSION)
        .await?
    {
        Some(item) if !item.expired(now) => item.record().map(Some),
        _ => Ok(None),
    }
}

pub(crate) async fn delete_session<S: Store + ?Sized>(
    store: &S,
    dealer: &str,
    token_hash: &str,
) -> Result<(), StoreError> {
    let pk = keys::session(dealer, token_hash);
    store
        .write(vec![Write::Delete {
            pk,
            sk: keys::SK_SESSION.into(),
            condition: Condition::Always,
        }])
        .await
}
