//! The DynamoDB store: one table (`PK`, `SK`), the sparse index `GSI1` (`GSI1PK`,
//! `GSI1SK`) for due outbox entries, TTL on `expires_at`, a `version` attribute for
//! optimistic writes. Every invariant is a condition expression; a batch of more than one
//! write is one `TransactWriteItems` call.

use std::collections::HashMap;

use async_trait::async_trait;
use aws_sdk_dynamodb::error::SdkError;
use aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, Delete, GlobalSecondaryIndex,
    KeySchemaElement, KeyType, Projection, ProjectionType, Put, ReturnValue, ScalarAttributeType,
    TimeToLiveSpecification, TransactWriteItem,
};
use aws_sdk_dynamodb::Client;
use serde_json::{Map, Number, Value};

use super::{Condition, Item, Store, StoreError, Write};

/// Name of the GSI holding due outbox entries.
pub const GSI1: &str = "GSI1";
/// The TTL attribute (Unix seconds).
pub const TTL_ATTRIBUTE: &str = "expires_at";

/// [`Store`] in one DynamoDB table.
#[derive(Clone)]
pub struct DynamoStore {
    client: Client,
    table: String,
}

impl DynamoStore {
    /// A store over `table` with an existing client.
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        DynamoStore {
            client,
            table: table.into(),
        }
    }

    /// A store configured from the AWS environment (credentials, region), optionally
    /// talking to a local DynamoDB-protocol server at `endpoint`.
    pub async fn from_env(table: impl Into<String>, endpoint: Option<&str>) -> Self {
        let mut loader = aws_config::defaults(aws_config::BehaviorVersion::latest());
        if let Some(url) = endpoint {
            loader = loader.endpoint_url(url);
        }
        let config = loader.load().await;
        DynamoStore::new(Client::new(&config), table)
    }

    /// The table name.
    pub fn table(&self) -> &str {
        &self.table
    }

    /// Creates the table, its GSI1 index and its TTL setting when the table is missing.
    /// Returns whether it was created.
    pub async fn migrate(&self) -> Result<bool, StoreError> {
        let exists = match self
            .client
            .describe_table()
            .table_name(&self.table)
            .send()
            .await
        {
            Ok(_) => true,
            Err(e)
                if e.as_service_error()
                    .is_some_and(|s| s.is_resource_not_found_exception()) =>
            {
                false
            }
            Err(e) => return Err(StoreError::backend(aws_sdk_dynamodb::Error::from(e))),
        };
        if exists {
            return Ok(false);
        }
        let attr = |name: &str| {
            AttributeDefinition::builder()
                .attribute_name(name)
                .attribute_type(ScalarAttributeType::S)
                .build()
                .map_err(StoreError::backend)
        };
        let key = |name: &str, kind: KeyType| {
            KeySchemaElement::builder()
                .attribute_name(name)
                .key_type(kind)
                .build()
                .map_err(StoreError::backend)
        };
        let gsi = GlobalSecondaryIndex::builder()
            .index_name(GSI1)
            .key_schema(key("GSI1PK", KeyType::Hash)?)
            .key_schema(key("GSI1SK", KeyType::Range)?)
            .projection(
                Projection::builder()
                    .projection_type(ProjectionType::All)
                    .build(),
            )
            .build()
            .map_err(StoreError::backend)?;
        self.client
            .create_table()
            .table_name(&self.table)
            .billing_mode(BillingMode::PayPerRequest)
            .attribute_definitions(attr("PK")?)
            .attribute_definitions(attr("SK")?)
            .attribute_definitions(attr("GSI1PK")?)
            .attribute_definitions(attr("GSI1SK")?)
            .key_schema(key("PK", KeyType::Hash)?)
            .key_schema(key("SK", KeyType::Range)?)
            .global_secondary_indexes(gsi)
            .send()
            .await
            .map_err(|e| StoreError::backend(aws_sdk_dynamodb::Error::from(e)))?;
        // A real table takes a few seconds to become ACTIVE before TTL can be set.
        for _ in 0..120 {
            let described = self
                .client
                .describe_table()
                .table_name(&self.table)
                .send()
                .await
                .map_err(|e| StoreError::backend(aws_sdk_dynamodb::Error::from(e)))?;
            let active = described
                .table()
                .and_then(|t| t.table_status())
                .is_some_and(|s| *s == aws_sdk_dynamodb::types::TableStatus::Active);
            if active {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        }
        self.client
            .update_time_to_live()
            .table_name(&self.table)
            .time_to_live_specification(
                TimeToLiveSpecification::builder()
                    .attribute_name(TTL_ATTRIBUTE)
                    .enabled(true)
                    .build()
                    .map_err(StoreError::backend)?,
            )
            .send()
            .await
            .map_err(|e| StoreError::backend(aws_sdk_dynamodb::Error::from(e)))?;
        Ok(true)
    }
}

fn s(v: &str) -> AttributeValue {
    AttributeValue::S(v.to_owned())
}

fn n(v: impl ToString) -> AttributeValue {
    AttributeValue::N(v.to_string())
}

/// JSON to a DynamoDB attribute (objects become maps, arrays lists).
pub fn to_attribute(value: &Value) -> AttributeValue {
    match value {
        Value::Null => AttributeValue::Null(true),
        Value::Bool(b) => AttributeValue::Bool(*b),
        Value::Number(num) => AttributeValue::N(num.to_string()),
        Value::String(text) => AttributeValue::S(text.clone()),
        Value::Array(items) => AttributeValue::L(items.iter().map(to_attribute).collect()),
        Value::Object(map) => AttributeValue::M(
            map.iter()
                .map(|(k, v)| (k.clone(), to_attribute(v)))
                .collect(),
        ),
    }
}

/// A DynamoDB attribute back to JSON.
pub fn from_attribute(value: &AttributeValue) -> Result<Value, StoreError> {
    Ok(match value {
        AttributeValue::Null(_) => Value::Null,
        AttributeValue::Bool(b) => Value::Bool(*b),
        AttributeValue::S(text) => Value::String(text.clone()),
        AttributeValue::N(text) => {
            let number = if let Ok(i) = text.parse::<i64>() {
                Number::from(i)
            } else if let Ok(u) = text.parse::<u64>() {
                Number::from(u)
            } else {
                text.parse::<f64>()
                    .ok()
                    .and_then(Number::from_f64)
                    .ok_or_else(|| {
                        StoreError::backend(anyhow::anyhow!(
                            "number attribute {text:?} is not a number"
                        ))
                    })?
            };
            Value::Number(number)
        }
        AttributeValue::L(items) => {
            Value::Array(items.iter().map(from_attribute).collect::<Result<_, _>>()?)
        }
        AttributeValue::M(map) => Value::Object(
            map.iter()
                .map(|(k, v)| Ok((k.clone(), from_attribute(v)?)))
                .collect::<Result<Map<_, _>, StoreError>>()?,
        ),
        other => {
            return Err(StoreError::backend(anyhow::anyhow!(
                "unsupported attribute type {other:?}"
            )))
        }
    })
}

fn to_attributes(item: &Item) -> HashMap<String, AttributeValue> {
    let mut map = HashMap::from([
        ("PK".to_owned(), s(&item.pk)),
        ("SK".to_owned(), s(&item.sk)),
        ("version".to_owned(), n(item.version)),
        ("data".to_owned(), to_attribute(&item.data)),
    ]);
    if let Some((gpk, gsk)) = &item.gsi1 {
        map.insert("GSI1PK".into(), s(gpk));
        map.insert("GSI1SK".into(), s(gsk));
    }
    if let Some(at) = item.expires_at {
        map.insert(TTL_ATTRIBUTE.into(), n(at));
    }
    map
}

fn from_attributes(map: &HashMap<String, AttributeValue>) -> Result<Item, StoreError> {
    let text = |name: &str| map.get(name).and_then(|v| v.as_s().ok()).cloned();
    let number = |name: &str| {
        map.get(name)
            .and_then(|v| v.as_n().ok())
            .and_then(|v| v.parse::<i64>().ok())
    };
    let missing = |name: &str| StoreError::backend(anyhow::anyhow!("item without {name}"));
    Ok(Item {
        pk: text("PK").ok_or_else(|| missing("PK"))?,
        sk: text("SK").ok_or_else(|| missing("SK"))?,
        gsi1: text("GSI1PK").zip(text("GSI1SK")),
        expires_at: number(TTL_ATTRIBUTE),
        version: number("version").unwrap_or(0).max(0) as u64,
        data: map
            .get("data")
            .map(from_attribute)
            .transpose()?
            .unwrap_or(Value::Null),
    })
}

/// A condition as a DynamoDB expression and its values.
fn expression(condition: Condition) -> Option<(String, HashMap<String, AttributeValue>)> {
    match condition {
        Condition::Always => None,
        Condition::Absent { now } => Some((
            "attribute_not_exists(PK) OR expires_at <= :now".into(),
            HashMap::from([(":now".to_owned(), n(now.timestamp()))]),
        )),
        Condition::Version(v) => Some((
            "version = :version".into(),
            HashMap::from([(":version".to_owned(), n(v))]),
        )),
    }
}

fn key(pk: &str, sk: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("PK".to_owned(), s(pk)), ("SK".to_owned(), s(sk))])
}

fn transact_item(table: &str, write: &Write) -> Result<TransactWriteItem, StoreError> {
    Ok(match write {
        Write::Put { item, condition } => {
            let mut put = Put::builder()
                .table_name(table)
                .set_item(Some(to_attributes(item)));
            if let Some((expr, values)) = expression(*condition) {
                put = put
                    .condition_expression(expr)
                    .set_expression_attribute_values(Some(values));
            }
            TransactWriteItem::builder()
                .put(put.build().map_err(StoreError::backend)?)
                .build()
        }
        Write::Delete { pk, sk, condition } => {
            let mut delete = Delete::builder()
                .table_name(table)
                .set_key(Some(key(pk, sk)));
            if let Some((expr, values)) = expression(*condition) {
                delete = delete
                    .condition_expression(expr)
                    .set_expression_attribute_values(Some(values));
            }
            TransactWriteItem::builder()
                .delete(delete.build().map_err(StoreError::backend)?)
                .build()
        }
    })
}

/// A cancelled transaction whose condition failed, or which collided with another
/// transaction on one of its items (`TransactionConflict`, the other writer of a race),
/// wrote nothing: both are [`StoreError::ConditionFailed`], which callers answer by
/// reading again (and retrying when the item is still free).
fn transaction_error(
    e: SdkError<TransactWriteItemsError, aws_sdk_dynamodb::config::http::HttpResponse>,
) -> StoreError {
    if let Some(TransactWriteItemsError::TransactionCanceledException(cancelled)) =
        e.as_service_error()
    {
        let lost = |code: Option<&str>| {
            matches!(
                code,
                Some("ConditionalCheckFailed") | Some("TransactionConflict")
            )
        };
        if cancelled
            .cancellation_reasons()
            .iter()
            .any(|r| lost(r.code()))
        {
            return StoreError::ConditionFailed;
        }
    }
    StoreError::backend(aws_sdk_dynamodb::Error::from(e))
}

/// The items of a query, page after page (DynamoDB answers at most 1 MB a page), up to
/// `limit` items when given: each page then asks only for what is still missing.
async fn every_page(
    query: QueryFluentBuilder,
    limit: Option<usize>,
) -> Result<Vec<Item>, StoreError> {
    let mut out = Vec::new();
    let mut start = None;
    loop {
        let mut page = query.clone().set_exclusive_start_key(start);
        if let Some(limit) = limit {
            if out.len() >= limit {
                break;
            }
            page = page.limit(i32::try_from(limit - out.len()).unwrap_or(i32::MAX));
        }
        let page = page
            .send()
            .await
            .map_err(|e| StoreError::backend(aws_sdk_dynamodb::Error::from(e)))?;
        for item in page.items() {
            out.push(from_attributes(item)?);
        }
        match page.last_evaluated_key() {
            Some(last) if !last.is_empty() => start = Some(last.clone()),
            _ => break,
        }
    }
    if let Some(limit) = limit {
        out.truncate(limit);
    }
    Ok(out)
}

#[async_trait]
impl Store for DynamoStore {
    async fn get(&self, pk: &str, sk: &str) -> Result<Option<Item>, StoreError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(key(pk, sk)))
            .consistent_read(true)
            .send()
            .await
            .map_err(|e| StoreError::backend(aws_sdk_dynamodb::Error::from(e)))?;
        out.item().map(from_attributes).transpose()
    }

    async fn query(&self, pk: &str, sk_prefix: &str) -> Result<Vec<Item>, StoreError> {
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("PK = :pk AND begins_with(SK, :prefix)")
            .expression_attribute_values(":pk", s(pk))
            .expression_attribute_values(":prefix", s(sk_prefix))
            .consistent_read(true);
        every_page(query, None).await
    }

    async fn query_gsi1(
        &self,
        gsi1pk: &str,
        sk_max: &str,
        limit: usize,
    ) -> Result<Vec<Item>, StoreError> {
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .index_name(GSI1)
            .key_condition_expression("GSI1PK = :pk AND GSI1SK <= :max")
            .expression_attribute_values(":pk", s(gsi1pk))
            .expression_attribute_values(":max", s(sk_max));
        every_page(query, Some(limit)).await
    }

    async fn write(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        if let [single] = writes.as_slice() {
            return match single {
                Write::Put { item, condition } => {
                    let mut put = self
                        .client
                        .put_item()
                        .table_name(&self.table)
                        .set_item(Some(to_attributes(item)));
                    if let Some((expr, values)) = expression(*condition) {
                        put = put
                            .condition_expression(expr)
                            .set_expression_attribute_values(Some(values));
                    }
                    match put.send().await {
                        Ok(_) => Ok(()),
                        Err(e)
                            if e.as_service_error()
                                .is_some_and(|s| s.is_conditional_check_failed_exception()) =>
                        {
                            Err(StoreError::ConditionFailed)
                        }
                        Err(e) => Err(StoreError::backend(aws_sdk_dynamodb::Error::from(e))),
                    }
                }
                Write::Delete { pk, sk, condition } => {
                    let mut delete = self
                        .client
                        .delete_item()
                        .table_name(&self.table)
                        .set_key(Some(key(pk, sk)));
                    if let Some((expr, values)) = expression(*condition) {
                        delete = delete
                            .condition_expression(expr)
                            .set_expression_attribute_values(Some(values));
                    }
                    match delete.send().await {
                        Ok(_) => Ok(()),
                        Err(e)
                            if e.as_service_error()
                                .is_some_and(|s| s.is_conditional_check_failed_exception()) =>
                        {
                            Err(StoreError::ConditionFailed)
                        }
                        Err(e) => Err(StoreError::backend(aws_sdk_dynamodb::Error::from(e))),
                    }
                }
            };
        }
        if writes.is_empty() {
            return Ok(());
        }
        let items = writes
            .iter()
            .map(|w| transact_item(&self.table, w))
            .collect::<Result<Vec<_>, _>>()?;
        self.client
            .transact_write_items()
            .set_transact_items(Some(items))
            .send()
            .await
            .map(|_| ())
            .map_err(transaction_error)
    }

    async fn increment(&self, pk: &str, sk: &str, expires_at: i64) -> Result<u64, StoreError> {
        let out = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key(pk, sk)))
            .update_expression("ADD #count :one SET #ttl = if_not_exists(#ttl, :expires)")
            .expression_attribute_names("#count", "count")
            .expression_attribute_names("#ttl", TTL_ATTRIBUTE)
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":expires", n(expires_at))
            .return_values(ReturnValue::UpdatedNew)
            .send()
            .await
            .map_err(|e| StoreError::backend(aws_sdk_dynamodb::Error::from(e)))?;
        out.attributes()
            .and_then(|a| a.get("count"))
            .and_then(|v| v.as_n().ok())
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| StoreError::backend(anyhow::anyhow!("counter {pk} returned no count")))
    }
}
