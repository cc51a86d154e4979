//! The AWS Lambda entry points of the `bootstrap` binary: the API (the same [`app`]
//! router under `lambda_http::run`) and, with `FORECOURT_LAMBDA_MODE=drain-outbox`, one
//! outbox delivery pass per scheduled event.


use anyhow::Context;
use serde::Serialize;
use serde_json::Value;

use crate::config::{Settings, SmsChoice, StoreChoice};
use crate::outbox::{drain, DrainReport};
use crate::{app, AppState, Runtime};

/// The variable selecting the Lambda mode.
pub const MODE_VARIABLE: &str = "FORECOURT_LAMBDA_MODE";
/// The mode value of the delivery function.
pub const DRAIN_MODE: &str = "drain-outbox";
/// Where the embedded store lives on Lambda when no table is configured (the only
/// writable folder; a real deployment sets FORECOURT_DYNAMODB_TABLE).
pub const LAMBDA_DATA: &str = "/tmp/forecourt";

/// JSON logs for CloudWatch (the alarms filter on `fields.event`).
pub fn init_json_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    tracing_subscriber::fmt().json().with_env_filter(filter).with_current_span(false).without_time().init();
}

/// The state of a Lambda instance: settings from the environment, clients built once.
/// Its runtime is [`Runtime::Lambda`] whatever the settings say: development endpoints
/// and localhost origins never exist here.
pub async fn state_from_env(settings: &Settings) -> anyhow::Result<AppState> {
    if settings.dev_mode {
        tracing::warn!("FORECOURT_DEV_MODE is ignored on Lambda: development endpoints exist only in the local server (forecourt-api --dev-mode)");
    }
    let mut state = settings.state(SmsChoice::Sns).await?;
    state.runtime = Runtime::Lambda;
    // Behind API Gateway the socket peer is the gateway, the shopper is X-Forwarded-For.
    state.trust_forwarded_for = true;
    Ok(state)
}

/// Settings of a Lambda instance (environment only; the embedded store under /tmp).
pub fn settings_from_env() -> anyhow::Result<Settings> {
    let cli = <crate::config::Cli as clap::Parser>::try_parse_from(["bootstrap"]).context("reading the environment")?;
    let mut settings = Settings::resolve(&cli.flags)?;
    if let StoreChoice::Embedded(path) = &settings.store {
        if path.is_relative() {
            let file = path.file_name().map(ToOwned::to_owned).unwrap_or_default();
            settings.store = StoreChoice::Embedded(std::path::Path::new(LAMBDA_DATA).join(file));
        }
    }
    Ok(settings)
}

/// What one drain invocation returns (visible in the Lambda console).
#[derive(Debug, Serialize)]
pub struct DrainOutput {
    /// Entries delivered.
    pub delivered: usize,
    /// Entries rescheduled after a failure.
    pub failed: usize,
}

impl From<DrainReport> for DrainOutput {
    fn from(r: DrainReport) -> Self {
        DrainOutput { delivered: r.delivered, failed: r.failed }
    }
}

/// Runs the API until the Lambda runtime stops it.
pub async fn run_api(state: AppState) -> Result<(), lambda_http::Error> {
    lambda_http::run(app(state)).await
}

/// Runs one delivery pass per scheduled event until the Lambda runtime stops it.
pub async fn run_drain(state: AppState) -> Result<(), lambda_http::Error> {
    let handler = lambda_http::service_fn(move |_event: lambda_http::LambdaEvent<Value>| {
        let state = state.clone();
        async move {
            let report = drain(&state).await.map_err(|e| lambda_http::Error::from(format!("{:#}", anyhow::Error::new(e))))?;
            tracing::info!(delivered = report.delivered, failed = report.failed, "outbox drained");
            Ok::<DrainOutput, lambda_http::Error>(report.into())
        }
    });
    lambda_http::lambda_runtime::run(handler).await
}
