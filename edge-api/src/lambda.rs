//! The AWS Lambda entry points of the `bootstrap` binary: the API ([`router`]: the same
//! [`app`] router behind the origin secret check, under `lambda_http::run`) and, with `FORECOURT_LAMBDA_MODE=drain-outbox`, one
//! outbox delivery pass per scheduled event.
//!
//! The API answers only requests that came through CloudFront: CloudFront adds the
//! origin secret header to every request it sends to the API origin, and [`router`]
//! refuses any request without it (someone calling the `execute-api` endpoint directly),
//! so `CloudFront-Viewer-Address` can be believed when the secret matched.

use std::sync::Arc;

use anyhow::Context;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde::Serialize;
use serde_json::Value;

use crate::config::{Settings, SmsChoice, StoreChoice};
use crate::delivery::outbox::{drain, DrainReport};
use crate::error::{ApiError, ErrorCode};
use crate::extract::{OriginSecrets, ViaCloudFront};
use crate::{app, AppState, Runtime};
use domain::messages::ORIGIN_REQUIRED;

/// The header CloudFront adds to every request to the API origin (infra/template.yaml,
/// `OriginCustomHeaders`), holding the origin secret.
pub const ORIGIN_SECRET_HEADER: &str = "x-forecourt-origin-verify";

/// The variable selecting the Lambda mode.
pub const MODE_VARIABLE: &str = "FORECOURT_LAMBDA_MODE";
/// The mode value of the delivery function.
pub const DRAIN_MODE: &str = "drain-outbox";
/// Where the embedded store lives on Lambda when no table is configured (the only
/// writable folder; a real deployment sets FORECOURT_DYNAMODB_TABLE).
pub const LAMBDA_DATA: &str = "/tmp/forecourt";

/// JSON logs for CloudWatch (the alarms filter on `fields.event`).
pub fn init_json_tracing() {
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    tracing_subscriber::fmt()
        .json()
        .with_env_filter(filter)
        .with_current_span(false)
        .without_time()
        .init();
}

/// The state of a Lambda instance: settings from the environment, clients built once.
/// Its runtime is [`Runtime::Lambda`] whatever the settings say: development endpoints
/// and localhost origins never exist here.
pub async fn state_from_env(settings: &Settings) -> anyhow::Result<AppState> {
    if settings.dev_mode {
        tracing::warn!("FORECOURT_DEV_MODE is ignored on Lambda: development endpoints exist only in the local server (forecourt-api --dev-mode)");
    }
    if settings.stock_bucket.is_none() {
        tracing::warn!("FORECOURT_STOCK_BUCKET is not set: the API reads no published stock state, so no car can be reserved or compared");
    }
    let mut state = settings.state(SmsChoice::Sns).await?;
    state.mail = settings
        .mail_settings(crate::config::MailChoice::Ses)
        .await?;
    state.runtime = Runtime::Lambda;
    state.origin_secrets = settings.origin_secrets.clone();
    Ok(state)
}

/// The API as the Lambda serves it: [`app`] behind the origin secret check. A state not
/// running on Lambda has no secrets, so every request is refused.
pub fn router(state: AppState) -> Router {
    let secrets = match state.runtime {
        Runtime::Lambda => state.origin_secrets.clone(),
        Runtime::Local { .. } => OriginSecrets::default(),
    };
    app(state).layer(axum::middleware::from_fn_with_state(
        Arc::new(secrets),
        origin_guard,
    ))
}

/// Refuses (403) a request without exactly one origin secret header matching a
/// configured secret; marks the others [`ViaCloudFront`] and drops the header, so no
/// handler, log or stored lead ever sees the secret.
async fn origin_guard(
    State(secrets): State<Arc<OriginSecrets>>,
    mut request: Request,
    next: Next,
) -> Response {
    let mut values = request.headers().get_all(ORIGIN_SECRET_HEADER).iter();
    let proven = match (values.next(), values.next()) {
        (Some(value), None) => secrets.matches(value.as_bytes()),
        _ => false,
    };
    if !proven {
        tracing::warn!(path = %request.uri().path(), "request without the origin secret refused");
        return ApiError::new(ErrorCode::Forbidden, ORIGIN_REQUIRED).into_response();
    }
    request.headers_mut().remove(ORIGIN_SECRET_HEADER);
    request.extensions_mut().insert(ViaCloudFront);
    next.run(request).await
}

/// Settings of a Lambda instance (environment only; the embedded store under /tmp).
pub fn settings_from_env() -> anyhow::Result<Settings> {
    let cli = <crate::config::Cli as clap::Parser>::try_parse_from(["bootstrap"])
        .context("reading the environment")?;
    let mut settings = Settings::resolve(&cli.flags)?;
    if let StoreChoice::Embedded(path) = &settings.store {
        if path.is_relative() {
            let file = path.file_name().map(ToOwned::to_owned).unwrap_or_default();
            settings.store = StoreChoice::Embedded(std::path::Path::new(LAMBDA_DATA).join(file));
        }
    }
    // The instance's variants go to its /tmp (CloudFront keeps them for every viewer).
    if settings.image_cache.is_relative() {
        settings.image_cache =
            std::path::Path::new(LAMBDA_DATA).join(crate::config::IMAGE_CACHE_DIR);
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
    /// Entries parked for an operator in this pass.
    pub parked: usize,
}

impl From<DrainReport> for DrainOutput {
    fn from(r: DrainReport) -> Self {
        DrainOutput {
            delivered: r.delivered,
            failed: r.failed,
            parked: r.parked,
        }
    }
}

/// What the drain function does with one scheduled event: one delivery pass.
pub async fn drain_event(state: &AppState) -> Result<DrainOutput, lambda_http::Error> {
    // Lead emails name the car from the stock state, read as the API reads it.
    state.market.refresh(state.clock.now()).await;
    let report = drain(state)
        .await
        .map_err(|e| lambda_http::Error::from(format!("{:#}", anyhow::Error::new(e))))?;
    tracing::info!(
        delivered = report.delivered,
        failed = report.failed,
        parked = report.parked,
        "outbox drained"
    );
    Ok(report.into())
}

/// Runs the API until the Lambda runtime stops it; refuses to start without an origin
/// secret (it would refuse every request).
pub async fn run_api(state: AppState) -> Result<(), lambda_http::Error> {
    match state.runtime {
        Runtime::Lambda if !state.origin_secrets.is_empty() => lambda_http::run(router(state)).await,
        _ => Err("FORECOURT_ORIGIN_SECRET is not set: the API would refuse every request (see infra/README.md, \"The origin secret\")".into()),
    }
}

/// Runs one delivery pass per scheduled event until the Lambda runtime stops it.
pub async fn run_drain(state: AppState) -> Result<(), lambda_http::Error> {
    let handler = lambda_http::service_fn(move |_event: lambda_http::LambdaEvent<Value>| {
        let state = state.clone();
        async move { drain_event(&state).await }
    });
    lambda_http::lambda_runtime::run(handler).await
}
