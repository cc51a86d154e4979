//! Forecourt's edge API: one axum router for every dealer. The dealer comes from the
//! Host; every stored key is partitioned by dealer. [`app`] builds the router apart
//! from serving, so the same router feeds `oneshot` tests, the local server
//! (`forecourt-api`, which also serves `dist/`) and `lambda_http::run` (`bootstrap`).

pub mod clock;
pub mod config;
pub mod delivery;
pub mod error;
pub mod extract;
pub mod headers;
pub mod images;
pub mod lambda;
pub mod layers;
pub mod lead;
pub mod market;
pub mod origin;
pub mod payment;
pub mod policy;
pub mod price_comparison;
pub mod rate;
pub mod routes;
pub mod search_backend;
pub mod server;
pub mod site_path;
pub mod stock_car;
pub mod store;
pub mod tenancy;
pub mod trade_in;
pub mod validate;

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::Router;
use domain::rules::postcodes::PostcodeTable;
use tokio::sync::Notify;
use tower_http::catch_panic::CatchPanicLayer;

use crate::clock::{Clock, SystemClock};
use crate::delivery::outbox::Backoff;
use crate::delivery::sms::{LogSms, SmsSender};
use crate::images::ImageService;
use crate::market::MarketSource;
use crate::payment::{LocalPayment, PaymentProvider};
use crate::policy::Policy;
use crate::price_comparison::{LocalPriceComparison, PriceComparisonProvider};
use crate::search_backend::SearchBackend;
use crate::store::Store;
use crate::tenancy::Tenants;
use crate::trade_in::{LocalValuer, TradeInValuer};

/// Which server runs the router. What only a developer's machine may do hangs on this,
/// and the Lambda variant has no switch for it: no setting, dealer file or environment
/// variable can open a development door in production.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runtime {
    /// `forecourt-api` on a developer's machine: `http://<slug>.localhost[:port]` is the
    /// dealer's own origin, and `dev_mode` (the `--dev-mode` flag) mounts `/api/dev/*`.
    Local {
        /// Development endpoints (the SMS outbox, stored leads) are mounted.
        dev_mode: bool,
    },
    /// AWS Lambda (`bootstrap`): only the dealer's configured https origins, no
    /// development endpoints.
    Lambda,
}

impl Runtime {
    /// Whether `/api/dev/*` is served.
    pub fn dev_mode(self) -> bool {
        matches!(self, Runtime::Local { dev_mode: true })
    }

    /// Whether this is the local server.
    pub fn is_local(self) -> bool {
        matches!(self, Runtime::Local { .. })
    }
}

/// Everything a handler needs, built once and shared.
#[derive(Clone)]
pub struct AppState {
    /// Where shopper data lives.
    pub store: Arc<dyn Store>,
    /// The dealers served.
    pub tenants: Arc<Tenants>,
    /// How sign-in codes are sent.
    pub sms: Arc<dyn SmsSender>,
    /// How reservation deposits are collected from dealers paid at the dealership.
    pub payments: Arc<dyn PaymentProvider>,
    /// Card deposits through Stripe (`FORECOURT_STRIPE_*`); `None` when not configured.
    pub card_payments: Option<Arc<payment::CardPayments>>,
    /// The dealers taking deposits by card (`[reserve] payment = "stripe"`), with their
    /// publishable keys.
    pub card_dealers: Arc<std::collections::BTreeMap<String, String>>,
    /// The time.
    pub clock: Arc<dyn Clock>,
    /// Limits.
    pub policy: Arc<Policy>,
    /// Delay between delivery attempts.
    pub backoff: Backoff,
    /// HTTP client for lead webhooks.
    pub http: reqwest::Client,
    /// Wakes the outbox worker after a lead is stored.
    pub outbox_wake: Arc<Notify>,
    /// The built sites (`dist/`), served for non-API paths when set.
    pub dist: Option<PathBuf>,
    /// Which server this is: development endpoints and `*.localhost` origins exist
    /// only in the local one, and where the client address comes from.
    pub runtime: Runtime,
    /// On Lambda, the origin secrets every request must carry (CloudFront adds one).
    pub origin_secrets: extract::OriginSecrets,
    /// Where `GET /api/search` looks stock up.
    pub search: Arc<SearchBackend>,
    /// Where each postcode is (`GET /api/postcodes/{postcode}`, delivery estimates).
    pub postcodes: Arc<PostcodeTable>,
    /// Every dealer's published stock state (what may be reserved, compared and
    /// valued), read again while the API runs.
    pub market: Arc<MarketSource>,
    /// Where price comparisons come from.
    pub price_comparison: Arc<dyn PriceComparisonProvider>,
    /// Where trade-in valuations come from.
    pub trade_in: Arc<dyn TradeInValuer>,
    /// The image service (`/img/*`): originals, feed hosts, limits and its disk cache.
    pub images: Arc<ImageService>,
    /// How lead emails and confirmations are sent; `None` sends none (webhooks only).
    pub mail: Option<delivery::mail::MailSettings>,
}

impl AppState {
    /// A state with the local defaults: system clock, logging SMS sender, deposits paid
    /// at the dealership, price comparisons and trade-in valuations from the market,
    /// default policy and backoff, no `dist/`, no search backend, no postcodes or market, an image service without a disk cache, and the strictest runtime (Lambda's: no development
    /// endpoints, no localhost origins) until the local server says otherwise.
    pub fn new(store: Arc<dyn Store>, tenants: Tenants) -> Self {
        AppState {
            store,
            tenants: Arc::new(tenants),
            sms: Arc::new(LogSms::default()),
            payments: Arc::new(LocalPayment),
            card_payments: None,
            card_dealers: Arc::default(),
            clock: Arc::new(SystemClock),
            policy: Arc::new(Policy::default()),
            backoff: Backoff::default(),
            http: reqwest::Client::new(),
            outbox_wake: Arc::new(Notify::new()),
            dist: None,
            runtime: Runtime::Lambda,
            origin_secrets: extract::OriginSecrets::default(),
            search: Arc::new(SearchBackend::none()),
            postcodes: Arc::new(PostcodeTable::default()),
            market: Arc::new(MarketSource::default()),
            price_comparison: Arc::new(LocalPriceComparison),
            trade_in: Arc::new(LocalValuer),
            images: Arc::new(ImageService::new(None, None)),
            mail: None,
        }
    }
}

/// The router of every endpoint, with the common layers (body limit, CORS limited to
/// the dealer's origins, state changes refused from other origins, security headers,
/// panics answered as JSON errors, tracing). `/api/dev/*` is mounted only in the local
/// server's dev mode; elsewhere it is an unknown path like any other.
pub fn app(state: AppState) -> Router {
    routes::router(state.runtime.dev_mode())
        .method_not_allowed_fallback(layers::method_not_allowed)
        .fallback(routes::static_site::site)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            market::fresh_stock,
        ))
        .layer(DefaultBodyLimit::max(state.policy.max_body_bytes))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            origin::same_origin_writes,
        ))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state.tenants),
            layers::security_headers,
        ))
        .layer(layers::cors(Arc::clone(&state.tenants), state.runtime))
        .layer(CatchPanicLayer::custom(layers::panic_response))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}
