//! Typed configuration of the binaries, loaded once: an optional TOML file, overridden
//! by environment variables, overridden by command-line flags.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use domain::rules::postcodes::PostcodeTable;
use serde::Deserialize;

use crate::delivery::mail::{FileMail, MailSettings, MailTransport, SmtpMail};
use crate::delivery::ses::SesMail;
use crate::delivery::sms::{LogSms, SmsSender};
use crate::delivery::sns::SnsSms;
use crate::extract::OriginSecrets;
use crate::images::ImageService;
use crate::market::MarketSource;
use crate::payment::stripe::StripeSettings;
use crate::policy::Policy;
use crate::price_comparison::HttpPriceComparison;
use crate::search_backend::SearchBackend;
use crate::store::{DynamoStore, RedbStore, Store};
use crate::tenancy::Tenants;
use crate::trade_in::HttpValuer;
use crate::AppState;

/// Default listening address.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// File name of the embedded store inside the data folder.
pub const STORE_FILE: &str = "forecourt.redb";
/// Folder of the image service's variants inside the data folder.
pub const IMAGE_CACHE_DIR: &str = "images";

/// `forecourt-api`: the local server of every dealer site and the edge API.
#[derive(Debug, Parser)]
#[command(name = "forecourt-api", version, about)]
pub struct Cli {
    /// What to do (serve when omitted).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Settings.
    #[command(flatten)]
    pub flags: Flags,
}

/// Subcommands.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Serve the API and dist/ (the default).
    Serve,
    /// Create the DynamoDB table with its index and TTL (needs FORECOURT_DYNAMODB_TABLE).
    Migrate,
    /// Lead deliveries taken out of the outbox for an operator (`parked`), and putting
    /// one back (`retry`). The embedded store is one process's: stop the server first.
    #[command(subcommand)]
    Outbox(OutboxCommand),
}

/// What an operator does with parked lead deliveries.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum OutboxCommand {
    /// List every dealer's parked entries with the reason each was parked.
    Parked,
    /// Put a parked entry back in the queue, due now, after the cause is fixed.
    Retry {
        /// The dealer's slug.
        dealer: String,
        /// The lead's id.
        lead_id: String,
        /// The lead step (1 for the first submission).
        seq: u32,
    },
}

/// Settings from flags or environment variables (flags win).
#[derive(Debug, Clone, Default, Args)]
pub struct Flags {
    /// TOML file with any of the settings below and a `[policy]` table.
    #[arg(long, env = "FORECOURT_CONFIG", global = true)]
    pub config: Option<PathBuf>,
    /// Address to listen on [default: 127.0.0.1:8080].
    #[arg(long, env = "FORECOURT_ADDR", global = true)]
    pub addr: Option<SocketAddr>,
    /// Folder of the built sites [default: dist].
    #[arg(long, env = "FORECOURT_DIST", global = true)]
    pub dist: Option<PathBuf>,
    /// Folder of the embedded store [default: data].
    #[arg(long, env = "FORECOURT_DATA", global = true)]
    pub data: Option<PathBuf>,
    /// Folder of the dealer configuration [default: dealers].
    #[arg(long, env = "FORECOURT_DEALERS", global = true)]
    pub dealers: Option<PathBuf>,
    /// Enable dev-only endpoints (`/api/dev/*`: the SMS outbox, stored leads) of the
    /// local server; never on Lambda.
    #[arg(long, env = "FORECOURT_DEV_MODE", global = true, num_args = 0..=1, default_missing_value = "true")]
    pub dev_mode: Option<bool>,
    /// DynamoDB table; when set, the store is DynamoDB instead of the embedded file.
    #[arg(long, env = "FORECOURT_DYNAMODB_TABLE", global = true)]
    pub dynamodb_table: Option<String>,
    /// Endpoint of a local DynamoDB-protocol server.
    #[arg(long, env = "FORECOURT_DYNAMODB_ENDPOINT", global = true)]
    pub dynamodb_endpoint: Option<String>,
    /// How sign-in codes are texted: `log` (the log and the dev outbox) or `sns`
    /// (Amazon SNS) [default: log; sns on Lambda].
    #[arg(long, env = "FORECOURT_SMS", global = true)]
    pub sms: Option<SmsChoice>,
    /// How lead emails and confirmations are sent: `file` (`.eml` files into
    /// `--mail-dir`), `smtp` (`--smtp-url`), `ses` (Amazon SES) or `off`
    /// [default: file; ses on Lambda].
    #[arg(long, env = "FORECOURT_MAIL", global = true)]
    pub mail: Option<MailChoice>,
    /// The From address of every lead email, on the platform's SES-verified domain
    /// [default: leads@forecourt.localhost locally; required with ses].
    #[arg(long, env = "FORECOURT_MAIL_FROM", global = true)]
    pub mail_from: Option<String>,
    /// Folder of the `file` mail transport [default: <data>/mail].
    #[arg(long, env = "FORECOURT_MAIL_DIR", global = true)]
    pub mail_dir: Option<PathBuf>,
    /// SMTP server of the `smtp` mail transport, e.g. smtp://127.0.0.1:1025 or
    /// smtps://user:password@smtp.example.com:465.
    #[arg(
        long,
        env = "FORECOURT_SMTP_URL",
        global = true,
        hide_env_values = true
    )]
    pub smtp_url: Option<String>,
    /// Endpoint of a local SES-protocol server (tests use moto).
    #[arg(long, env = "FORECOURT_SES_ENDPOINT", global = true)]
    pub ses_endpoint: Option<String>,
    /// The postcode file (`forecourt postcodes`); default `<dist>/_data/postcodes.tsv`.
    #[arg(long, env = "FORECOURT_POSTCODES", global = true)]
    pub postcodes: Option<PathBuf>,
    /// The market file of the local price comparison (`forecourt build`); default
    /// `<dist>/_data/market.tsv`.
    #[arg(long, env = "FORECOURT_MARKET", global = true)]
    pub market: Option<PathBuf>,
    /// The site bucket holding each dealer's published stock state
    /// (`_stock/<slug>.tsv`, written by `forecourt publish`); when set it replaces the
    /// market file (on AWS).
    #[arg(long, env = "FORECOURT_STOCK_BUCKET", global = true)]
    pub stock_bucket: Option<String>,
    /// Seconds the stock state read from the bucket is kept before asking again
    /// [default and most: 60].
    #[arg(long, env = "FORECOURT_STOCK_TTL_SECS", global = true)]
    pub stock_ttl_secs: Option<u32>,
    /// Endpoint of a local S3-protocol server (tests use moto).
    #[arg(long, env = "FORECOURT_S3_ENDPOINT", global = true)]
    pub s3_endpoint: Option<String>,
    /// Price comparison provider asked for dealers with `features.autogauge.provider_key`.
    #[arg(long, env = "FORECOURT_AUTOGAUGE_URL", global = true)]
    pub autogauge_url: Option<String>,
    /// Trade-in valuation provider asked for dealers with `features.trade_in_provider_key`.
    #[arg(long, env = "FORECOURT_VALUATION_URL", global = true)]
    pub valuation_url: Option<String>,
    /// Where the image service reads site media when there is no `dist/` (Lambda):
    /// `<url><path>` with the dealer's domain as `Host`; default `https://<domain><path>`.
    #[arg(long, env = "FORECOURT_IMAGE_SITE_URL", global = true)]
    pub image_site_url: Option<String>,
    /// Most bytes of variants the image service keeps in its disk cache; past it the
    /// least recently used are removed [default: 2 GiB].
    #[arg(long, env = "FORECOURT_IMAGE_CACHE_MAX_BYTES", global = true)]
    pub image_cache_max_bytes: Option<u64>,
    /// The map tile URL template the frontend was built with (`VITE_MAP_TILE_URL`, the
    /// same variable): its origin joins the pages' `img-src`. Unset: the offline basemap.
    #[arg(long, env = domain::csp::MAP_TILE_URL_ENV, global = true)]
    pub map_tile_url: Option<String>,
    /// Meilisearch server answering `GET /api/search`; when unset (or empty) the search
    /// reads the generator's embedded indexes in `<dist>/_search`.
    #[arg(long, env = "MEILISEARCH_URL", global = true)]
    pub meilisearch_url: Option<String>,
    /// Meilisearch search key.
    #[arg(long, env = "MEILISEARCH_KEY", global = true, hide_env_values = true)]
    pub meilisearch_key: Option<String>,
    /// On Lambda: the secret CloudFront sends in `X-Forecourt-Origin-Verify`; requests
    /// without it are refused (at least 32 visible characters; the local server ignores it).
    #[arg(
        long,
        env = "FORECOURT_ORIGIN_SECRET",
        global = true,
        hide_env_values = true
    )]
    pub origin_secret: Option<String>,
    /// On Lambda: the previous origin secret, accepted too while a rotation reaches
    /// every CloudFront edge.
    #[arg(
        long,
        env = "FORECOURT_ORIGIN_SECRET_PREVIOUS",
        global = true,
        hide_env_values = true
    )]
    pub origin_secret_previous: Option<String>,
    /// Stripe secret key of the deployment (`sk_...`), for dealers taking deposits by
    /// card; never in dealer files.
    #[arg(
        long,
        env = "FORECOURT_STRIPE_SECRET_KEY",
        global = true,
        hide_env_values = true
    )]
    pub stripe_secret_key: Option<String>,
    /// Signing secret of the Stripe webhook endpoint (`whsec_...`).
    #[arg(
        long,
        env = "FORECOURT_STRIPE_WEBHOOK_SECRET",
        global = true,
        hide_env_values = true
    )]
    pub stripe_webhook_secret: Option<String>,
    /// Stripe's API (default https://api.stripe.com; tests and the demo use localstripe).
    #[arg(long, env = "FORECOURT_STRIPE_API_BASE", global = true)]
    pub stripe_api_base: Option<String>,
}

/// How sign-in codes are texted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum SmsChoice {
    /// Written to the log and kept for the dev outbox.
    Log,
    /// Sent by Amazon SNS.
    Sns,
}

/// How lead emails are sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum MailChoice {
    /// Each message written as an `.eml` file into the mail folder.
    File,
    /// Sent to an SMTP server.
    Smtp,
    /// Sent by Amazon SES.
    Ses,
    /// Not sent (leads go to webhooks only).
    Off,
}

/// The default From address of the local server.
pub const LOCAL_MAIL_FROM: &str = "leads@forecourt.localhost";
/// Folder of the file mail transport inside the data folder.
pub const MAIL_DIR: &str = "mail";

/// The config file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileConfig {
    /// See [`Flags::addr`].
    pub addr: Option<SocketAddr>,
    /// See [`Flags::dist`].
    pub dist: Option<PathBuf>,
    /// See [`Flags::data`].
    pub data: Option<PathBuf>,
    /// See [`Flags::dealers`].
    pub dealers: Option<PathBuf>,
    /// See [`Flags::dev_mode`].
    pub dev_mode: Option<bool>,
    /// See [`Flags::dynamodb_table`].
    pub dynamodb_table: Option<String>,
    /// See [`Flags::dynamodb_endpoint`].
    pub dynamodb_endpoint: Option<String>,
    /// See [`Flags::sms`].
    pub sms: Option<SmsChoice>,
    /// See [`Flags::meilisearch_url`].
    pub meilisearch_url: Option<String>,
    /// See [`Flags::meilisearch_key`].
    pub meilisearch_key: Option<String>,
    /// Limits.
    #[serde(default)]
    pub policy: Policy,
}

/// Which store to use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreChoice {
    /// redb file at this path.
    Embedded(PathBuf),
    /// DynamoDB table, optionally at a local endpoint.
    Dynamo {
        /// Table name.
        table: String,
        /// Local server URL.
        endpoint: Option<String>,
    },
}

/// The resolved settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Listening address.
    pub addr: SocketAddr,
    /// Built sites.
    pub dist: PathBuf,
    /// Dealer configuration.
    pub dealers: PathBuf,
    /// Dev-only endpoints on (the local server only; Lambda ignores it).
    pub dev_mode: bool,
    /// The store.
    pub store: StoreChoice,
    /// The SMS sender; `None` leaves the choice to the binary (log locally, SNS on Lambda).
    pub sms: Option<SmsChoice>,
    /// Meilisearch URL and search key; `None` searches the embedded indexes in `dist/_search`.
    pub meilisearch: Option<(String, Option<String>)>,
    /// Limits.
    pub policy: Policy,
    /// The postcode file.
    pub postcodes: PathBuf,
    /// The market file.
    pub market: PathBuf,
    /// The bucket of the dealers' stock objects, read instead of the market file.
    pub stock_bucket: Option<String>,
    /// How long the stock state read from the bucket is kept.
    pub stock_ttl: chrono::Duration,
    /// Local S3 endpoint.
    pub s3_endpoint: Option<String>,
    /// The price comparison provider.
    pub autogauge_url: Option<String>,
    /// The trade-in valuation provider.
    pub valuation_url: Option<String>,
    /// The origin secrets a request must carry on Lambda (current, then previous).
    pub origin_secrets: OriginSecrets,
    /// The image service's disk cache (`<data>/images`).
    pub image_cache: PathBuf,
    /// See [`Flags::image_site_url`].
    pub image_site_url: Option<String>,
    /// See [`Flags::image_cache_max_bytes`].
    pub image_cache_max_bytes: u64,
    /// The mail transport; `None` leaves the choice to the binary (file locally, SES on Lambda).
    pub mail: Option<MailChoice>,
    /// The From address of lead emails, if configured.
    pub mail_from: Option<String>,
    /// Folder of the file mail transport.
    pub mail_dir: PathBuf,
    /// SMTP URL of the smtp transport.
    pub smtp_url: Option<String>,
    /// Local SES endpoint.
    pub ses_endpoint: Option<String>,
    /// The deployment's map tiles, whose origin the pages' policy admits.
    pub map_tiles: Option<domain::csp::MapTiles>,
    /// The Stripe account of card deposits, when a secret key is set.
    pub stripe: Option<StripeSettings>,
}

/// The Stripe settings of the flags: none without a secret key; a key that is not a
/// secret or restricted key, or an API base that is not http(s), is refused.
fn stripe_settings(flags: &Flags) -> anyhow::Result<Option<StripeSettings>> {
    let non_empty = |v: &Option<String>| {
        v.as_ref()
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let Some(secret_key) = non_empty(&flags.stripe_secret_key) else {
        return Ok(None);
    };
    if !(secret_key.starts_with("sk_") || secret_key.starts_with("rk_")) {
        anyhow::bail!("FORECOURT_STRIPE_SECRET_KEY must be a Stripe secret key (sk_...) or restricted key (rk_...)");
    }
    let api_base = non_empty(&flags.stripe_api_base)
        .unwrap_or_else(|| crate::payment::stripe::STRIPE_API_BASE.to_owned());
    if !(api_base.starts_with("https://") || api_base.starts_with("http://")) {
        anyhow::bail!("FORECOURT_STRIPE_API_BASE must be an http(s) URL, not \"{api_base}\"");
    }
    Ok(Some(StripeSettings {
        secret_key,
        webhook_secret: non_empty(&flags.stripe_webhook_secret),
        api_base,
    }))
}

/// The dealers taking deposits by card, with their publishable keys.
pub fn card_dealers(dealers: &[domain::config::Dealer]) -> BTreeMap<String, String> {
    dealers
        .iter()
        .filter_map(|d| {
            d.config
                .reserve
                .card_key()
                .map(|key| (d.config.slug.clone(), key.to_owned()))
        })
        .collect()
}

/// The stock cache window: at most [`crate::market::MAX_STOCK_TTL`], so a build's stock
/// reaches the API within a minute.
fn stock_ttl(secs: Option<u32>) -> anyhow::Result<chrono::Duration> {
    let max = crate::market::MAX_STOCK_TTL;
    let Some(secs) = secs else { return Ok(max) };
    let ttl = chrono::Duration::seconds(i64::from(secs));
    if ttl > max {
        anyhow::bail!(
            "FORECOURT_STOCK_TTL_SECS must be at most {} (seconds), found {secs}",
            max.num_seconds()
        );
    }
    Ok(ttl)
}

/// The shortest origin secret accepted (`openssl rand -hex 32` gives 64 characters).
pub const MIN_ORIGIN_SECRET_LEN: usize = 32;

/// The configured origin secrets; a set one that is too short or not a header value
/// (visible ASCII, as CloudFront sends it) is an error naming its variable.
fn origin_secrets(flags: &Flags) -> anyhow::Result<OriginSecrets> {
    let mut secrets = Vec::new();
    for (name, value) in [
        ("FORECOURT_ORIGIN_SECRET", &flags.origin_secret),
        (
            "FORECOURT_ORIGIN_SECRET_PREVIOUS",
            &flags.origin_secret_previous,
        ),
    ] {
        let Some(value) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) else {
            continue;
        };
        if value.len() < MIN_ORIGIN_SECRET_LEN || !value.bytes().all(|b| b.is_ascii_graphic()) {
            anyhow::bail!("{name} must be at least {MIN_ORIGIN_SECRET_LEN} visible ASCII characters without spaces (e.g. `openssl rand -hex 32`)");
        }
        secrets.push(value.to_owned());
    }
    Ok(OriginSecrets::new(secrets))
}

impl Settings {
    /// Merges the file (if any) under the flags/environment.
    pub fn resolve(flags: &Flags) -> anyhow::Result<Settings> {
        let file = match &flags.config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?;
                toml::from_str::<FileConfig>(&text)
                    .with_context(|| format!("in {}", path.display()))?
            }
            None => FileConfig::default(),
        };
        let default_addr: SocketAddr = DEFAULT_ADDR.parse().context("default address")?;
        let data = flags
            .data
            .clone()
            .or(file.data)
            .unwrap_or_else(|| PathBuf::from("data"));
        let table = flags
            .dynamodb_table
            .clone()
            .or(file.dynamodb_table)
            .filter(|t| !t.is_empty());
        let store = match table {
            Some(table) => StoreChoice::Dynamo {
                table,
                endpoint: flags
                    .dynamodb_endpoint
                    .clone()
                    .or(file.dynamodb_endpoint)
                    .filter(|e| !e.is_empty()),
            },
            None => StoreChoice::Embedded(data.join(STORE_FILE)),
        };
        let non_empty =
            |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let meilisearch =
            non_empty(flags.meilisearch_url.clone().or(file.meilisearch_url)).map(|url| {
                (
                    url,
                    non_empty(flags.meilisearch_key.clone().or(file.meilisearch_key)),
                )
            });
        let dist = flags
            .dist
            .clone()
            .or(file.dist)
            .unwrap_or_else(|| PathBuf::from("dist"));
        Ok(Settings {
            addr: flags.addr.or(file.addr).unwrap_or(default_addr),
            postcodes: flags
                .postcodes
                .clone()
                .unwrap_or_else(|| dist.join("_data").join("postcodes.tsv")),
            market: flags
                .market
                .clone()
                .unwrap_or_else(|| dist.join("_data").join("market.tsv")),
            stock_bucket: non_empty(flags.stock_bucket.clone()),
            stock_ttl: stock_ttl(flags.stock_ttl_secs)?,
            s3_endpoint: non_empty(flags.s3_endpoint.clone()),
            autogauge_url: non_empty(flags.autogauge_url.clone()),
            valuation_url: non_empty(flags.valuation_url.clone()),
            dist,
            dealers: flags
                .dealers
                .clone()
                .or(file.dealers)
                .unwrap_or_else(|| PathBuf::from("dealers")),
            dev_mode: flags.dev_mode.or(file.dev_mode).unwrap_or(false),
            store,
            sms: flags.sms.or(file.sms),
            meilisearch,
            policy: file.policy,
            origin_secrets: origin_secrets(flags)?,
            image_cache: data.join(IMAGE_CACHE_DIR),
            image_site_url: non_empty(flags.image_site_url.clone()),
            image_cache_max_bytes: flags
                .image_cache_max_bytes
                .unwrap_or(crate::images::DEFAULT_CACHE_MAX_BYTES),
            mail: flags.mail,
            mail_from: non_empty(flags.mail_from.clone()),
            mail_dir: flags
                .mail_dir
                .clone()
                .unwrap_or_else(|| data.join(MAIL_DIR)),
            smtp_url: non_empty(flags.smtp_url.clone()),
            ses_endpoint: non_empty(flags.ses_endpoint.clone()),
            map_tiles: domain::csp::MapTiles::parse(flags.map_tile_url.as_deref().unwrap_or(""))
                .map_err(anyhow::Error::msg)?,
            stripe: stripe_settings(flags)?,
        })
    }

    /// The postcode table; empty (with a warning) when the file is missing or unreadable,
    /// so the API still serves everything else and `GET /api/postcodes` answers 503.
    pub fn postcode_table(&self) -> PostcodeTable {
        match std::fs::read_to_string(&self.postcodes) {
            Ok(text) => match PostcodeTable::from_tsv(&text) {
                Ok(table) => table,
                Err(e) => {
                    tracing::warn!(path = %self.postcodes.display(), error = %e, "postcode file unreadable; postcode lookups are off");
                    PostcodeTable::default()
                }
            },
            Err(e) => {
                tracing::warn!(path = %self.postcodes.display(), error = %e, "no postcode file (run `forecourt postcodes`); postcode lookups are off");
                PostcodeTable::default()
            }
        }
    }

    /// Builds the SMS sender (`default` when neither file, environment nor flag chose).
    pub async fn sms_sender(&self, default: SmsChoice) -> Arc<dyn SmsSender> {
        match self.sms.unwrap_or(default) {
            SmsChoice::Log => Arc::new(LogSms::default()),
            SmsChoice::Sns => Arc::new(SnsSms::from_env(None).await),
        }
    }

    /// The mail transport and From address (`default` when nothing chose a transport);
    /// `None` for `off`. A missing SMTP URL, or SES without a From address, is an error
    /// naming the variable to set.
    pub async fn mail_settings(&self, default: MailChoice) -> anyhow::Result<Option<MailSettings>> {
        let choice = self.mail.unwrap_or(default);
        let from = match (&self.mail_from, choice) {
            (Some(from), _) => from.clone(),
            (None, MailChoice::Ses) => anyhow::bail!("FORECOURT_MAIL_FROM must name the sending address on the platform's SES-verified domain (e.g. leads@mail.forecourt.com.au)"),
            (None, _) => LOCAL_MAIL_FROM.to_owned(),
        };
        if domain::rules::contact::Email::parse(&from).is_err() {
            anyhow::bail!("FORECOURT_MAIL_FROM must be an email address like leads@mail.forecourt.com.au, found \"{from}\"");
        }
        let transport: Arc<dyn MailTransport> = match choice {
            MailChoice::Off => return Ok(None),
            MailChoice::File => Arc::new(FileMail::new(self.mail_dir.clone())),
            MailChoice::Smtp => {
                let url = self.smtp_url.as_deref().ok_or_else(|| {
                    anyhow::anyhow!(
                        "FORECOURT_MAIL=smtp needs FORECOURT_SMTP_URL (e.g. smtp://127.0.0.1:1025)"
                    )
                })?;
                Arc::new(SmtpMail::from_url(url).context("FORECOURT_SMTP_URL")?)
            }
            MailChoice::Ses => Arc::new(SesMail::from_env(self.ses_endpoint.as_deref()).await),
        };
        Ok(Some(MailSettings { transport, from }))
    }

    /// The search backend: Meilisearch when configured, else the embedded indexes the
    /// generator writes under `<dist>/_search` (opened on the first search).
    pub fn search_backend(&self) -> anyhow::Result<SearchBackend> {
        Ok(match &self.meilisearch {
            Some((url, key)) => SearchBackend::meilisearch(url, key.as_deref())
                .with_context(|| format!("Meilisearch at {url}"))?,
            None => SearchBackend::embedded(self.dist.join(::search::INDEX_DIR)),
        })
    }

    /// The state both binaries serve: the store, the dealers, the SMS sender (`sms`
    /// unless configured), limits, search, postcodes and the price comparison's market
    /// and provider.
    pub async fn state(&self, sms: SmsChoice) -> anyhow::Result<AppState> {
        let store = self.open_store().await?;
        let dealers = load_dealer_configs(&self.dealers)?;
        let tenants = Tenants::from_dealers_with_tiles(&dealers, self.map_tiles.as_ref());
        let mut state = AppState::new(store, tenants);
        state.images = Arc::new(
            ImageService::new(self.image_site_url.clone(), Some(self.image_cache.clone()))
                .with_cache_max_bytes(self.image_cache_max_bytes)
                .allow_dealers(&dealers),
        );
        state.sms = self.sms_sender(sms).await;
        state.policy = Arc::new(self.policy.clone());
        state.search = Arc::new(self.search_backend()?);
        state.postcodes = Arc::new(self.postcode_table());
        state.market = Arc::new(self.market_source(&dealers).await);
        if let Some(url) = &self.autogauge_url {
            state.price_comparison = Arc::new(HttpPriceComparison::new(url, state.http.clone()));
        }
        if let Some(url) = &self.valuation_url {
            state.trade_in = Arc::new(HttpValuer::new(url, state.http.clone()));
        }
        state.card_dealers = Arc::new(card_dealers(&dealers));
        state.card_payments = self.card_payments(None)?;
        if state.card_payments.is_none() && !state.card_dealers.is_empty() {
            tracing::warn!(dealers = ?state.card_dealers.keys().collect::<Vec<_>>(),
                "these dealers take deposits by card but FORECOURT_STRIPE_SECRET_KEY is not set: their reservations answer 503");
        }
        Ok(state)
    }

    /// Card payments on the configured Stripe account; `local_port` points the dealer's
    /// links at the local server.
    pub fn card_payments(
        &self,
        local_port: Option<u16>,
    ) -> anyhow::Result<Option<Arc<crate::payment::CardPayments>>> {
        self.stripe
            .clone()
            .map(|s| crate::payment::CardPayments::new(s, local_port).map(Arc::new))
            .transpose()
    }

    /// The stock state: every dealer's object in the stock bucket when one is set (read
    /// once now, so a cold start logs a missing object at once), else the market file.
    pub async fn market_source(&self, dealers: &[domain::config::Dealer]) -> MarketSource {
        let Some(bucket) = &self.stock_bucket else {
            return MarketSource::file(self.market.clone());
        };
        let mut loader = aws_config::defaults(aws_config::BehaviorVersion::latest());
        if let Some(url) = &self.s3_endpoint {
            loader = loader.endpoint_url(url);
        }
        let config = aws_sdk_s3::config::Builder::from(&loader.load().await)
            // A local endpoint (moto) has no per-bucket host names.
            .force_path_style(self.s3_endpoint.is_some())
            // The request that finds the window over waits for the answer: a slow S3
            // costs it at most this, and the last state is kept.
            .timeout_config(
                aws_config::timeout::TimeoutConfig::builder()
                    .operation_timeout(std::time::Duration::from_secs(3))
                    .build(),
            )
            .build();
        let source = MarketSource::bucket(
            aws_sdk_s3::Client::from_conf(config),
            bucket.clone(),
            dealers.iter().map(|d| d.config.slug.clone()),
            self.stock_ttl,
        );
        source.refresh(chrono::Utc::now()).await;
        source
    }

    /// Opens the configured store.
    pub async fn open_store(&self) -> anyhow::Result<Arc<dyn Store>> {
        Ok(match &self.store {
            StoreChoice::Embedded(path) => {
                Arc::new(RedbStore::open(path).context("opening the embedded store")?)
            }
            StoreChoice::Dynamo { table, endpoint } => {
                Arc::new(DynamoStore::from_env(table.clone(), endpoint.as_deref()).await)
            }
        })
    }
}

/// Loads the dealers folder into tenants (every configuration error in one message).
pub fn load_tenants(dir: &Path) -> anyhow::Result<Tenants> {
    Ok(Tenants::from_dealers(&load_dealer_configs(dir)?))
}

/// Loads the dealers folder (every configuration error in one message).
fn load_dealer_configs(dir: &Path) -> anyhow::Result<Vec<domain::config::Dealer>> {
    domain::config::load_dealers(dir)
        .map_err(|errors| anyhow::anyhow!("{errors}"))
        .with_context(|| format!("loading dealers from {}", dir.display()))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[test]
    fn the_file_is_overridden_by_the_environment_which_is_overridden_by_flags() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("api.toml");
        std::fs::write(
            &file,
            "addr = \"127.0.0.1:9000\"\ndist = \"file-dist\"\ndealers = \"file-dealers\"\ndev_mode = true\n[policy]\notp_ttl_secs = 120\n",
        )
        .expect("write");
        // The only test of this binary that touches the process environment.
        std::env::set_var("FORECOURT_DIST", "env-dist");
        std::env::set_var("FORECOURT_DEALERS", "env-dealers");
        let cli = Cli::try_parse_from([
            "forecourt-api",
            "--config",
            file.to_str().expect("utf-8"),
            "--addr",
            "127.0.0.1:9100",
            "--dealers",
            "flag-dealers",
        ])
        .expect("parse");
        std::env::remove_var("FORECOURT_DIST");
        std::env::remove_var("FORECOURT_DEALERS");
        let settings = Settings::resolve(&cli.flags).expect("resolve");
        assert_eq!(
            settings.addr.to_string(),
            "127.0.0.1:9100",
            "flag over file"
        );
        assert_eq!(
            settings.dist,
            PathBuf::from("env-dist"),
            "environment over file"
        );
        assert_eq!(
            settings.dealers,
            PathBuf::from("flag-dealers"),
            "flag over environment"
        );
        assert!(settings.dev_mode, "file over default");
        assert_eq!(settings.policy.otp_ttl_secs, 120);
        assert_eq!(
            settings.policy.session_ttl_secs,
            Policy::default().session_ttl_secs
        );
        assert_eq!(
            settings.store,
            StoreChoice::Embedded(PathBuf::from("data").join(STORE_FILE))
        );
    }

    #[test]
    fn a_table_selects_dynamodb_and_bad_files_are_reported() {
        let cli = Cli::try_parse_from([
            "forecourt-api",
            "migrate",
            "--dynamodb-table",
            "forecourt-dev",
        ])
        .expect("parse");
        assert_eq!(cli.command, Some(Command::Migrate));
        let settings = Settings::resolve(&cli.flags).expect("resolve");
        assert_eq!(
            settings.store,
            StoreChoice::Dynamo {
                table: "forecourt-dev".into(),
                endpoint: None
            }
        );
        let sns = Cli::try_parse_from(["forecourt-api", "--sms", "sns"]).expect("parse");
        assert_eq!(
            Settings::resolve(&sns.flags).expect("resolve").sms,
            Some(SmsChoice::Sns)
        );
        assert!(Cli::try_parse_from(["forecourt-api", "--sms", "pigeon"]).is_err());
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("api.toml");
        std::fs::write(&file, "adress = \"x\"\n").expect("write");
        let flags = Flags {
            config: Some(file),
            ..Flags::default()
        };
        let error = format!("{:#}", Settings::resolve(&flags).expect_err("unknown key"));
        assert!(
            error.contains("api.toml") && error.contains("adress"),
            "{error}"
        );
    }

    #[test]
    fn the_stock_bucket_and_its_window_are_read_and_a_window_over_a_minute_is_refused() {
        let cli = Cli::try_parse_from([
            "forecourt-api",
            "--stock-bucket",
            "forecourt-sites-test",
            "--stock-ttl-secs",
            "5",
        ])
        .expect("parse");
        let settings = Settings::resolve(&cli.flags).expect("resolve");
        assert_eq!(
            (settings.stock_bucket.as_deref(), settings.stock_ttl),
            (Some("forecourt-sites-test"), chrono::Duration::seconds(5))
        );
        let local = Settings::resolve(&Flags::default()).expect("resolve");
        assert_eq!(
            (local.stock_bucket, local.stock_ttl),
            (None, crate::market::MAX_STOCK_TTL)
        );
        let long = Flags {
            stock_ttl_secs: Some(61),
            ..Flags::default()
        };
        let error = format!("{:#}", Settings::resolve(&long).expect_err("over a minute"));
        assert!(
            error.contains("FORECOURT_STOCK_TTL_SECS must be at most 60"),
            "{error}"
        );
    }

    #[test]
    fn origin_secrets_are_read_and_weak_ones_refused() {
        let current = "c".repeat(MIN_ORIGIN_SECRET_LEN);
        let previous = "p".repeat(MIN_ORIGIN_SECRET_LEN + 8);
        let flags = Flags {
            origin_secret: Some(current.clone()),
            origin_secret_previous: Some(previous.clone()),
            ..Flags::default()
        };
        let secrets = Settings::resolve(&flags).expect("resolve").origin_secrets;
        assert!(secrets.matches(current.as_bytes()) && secrets.matches(previous.as_bytes()));
        assert!(
            Settings::resolve(&Flags::default())
                .expect("resolve")
                .origin_secrets
                .is_empty(),
            "unset locally"
        );
        for (flags, name) in [
            (
                Flags {
                    origin_secret: Some("short".into()),
                    ..Flags::default()
                },
                "FORECOURT_ORIGIN_SECRET must",
            ),
            (
                Flags {
                    origin_secret_previous: Some(format!("{current} with spaces")),
                    ..Flags::default()
                },
                "FORECOURT_ORIGIN_SECRET_PREVIOUS must",
            ),
        ] {
            let error = format!("{:#}", Settings::resolve(&flags).expect_err("weak secret"));
            assert!(error.contains(name) && !error.contains(&current), "{error}");
        }
    }
}
