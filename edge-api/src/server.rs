//! The local server: the router plus `dist/` and compression, the outbox worker, a
//! start-up banner, a header-read timeout and graceful shutdown.

use std::net::SocketAddr;
use std::time::Duration;

use std::future::Future;

use anyhow::Context;
use axum::extract::{ConnectInfo, Request};
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tower::ServiceExt;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::timeout::{RequestBodyDeadlineLayer, RequestBodyTimeoutLayer};

use crate::config::{OutboxCommand, Settings, SmsChoice, StoreChoice};
use crate::delivery::outbox::spawn_worker;
use crate::store::DynamoStore;
use crate::store::ParkedItem;
use crate::{app, AppState, Runtime};

/// How often the outbox worker looks for due retries when no new lead wakes it.
pub const OUTBOX_POLL: Duration = Duration::from_secs(5);

/// The start-up line naming every dealer site.
pub fn banner(addr: SocketAddr, slugs: &[&str]) -> String {
    format!(
        "Forecourt API listening on http://{addr} — dealer sites at http://<slug>.localhost:{} ({})",
        addr.port(),
        slugs.join(", ")
    )
}

/// Where the local server's lead emails go, said once at start (`make demo` shows the
/// folder a shopper's lead arrives in).
pub fn mail_banner(settings: &Settings) -> String {
    match settings.mail.unwrap_or(crate::config::MailChoice::File) {
        crate::config::MailChoice::File => format!(
            "Lead emails and shoppers' confirmations are written as .eml files to {}/",
            settings.mail_dir.display()
        ),
        crate::config::MailChoice::Smtp => {
            "Lead emails and shoppers' confirmations go to the SMTP server of FORECOURT_SMTP_URL"
                .to_owned()
        }
        crate::config::MailChoice::Ses => {
            "Lead emails and shoppers' confirmations go out through Amazon SES".to_owned()
        }
        crate::config::MailChoice::Off => "Lead emails are off (FORECOURT_MAIL=off)".to_owned(),
    }
}

/// Builds the state of the local server from its settings.
pub async fn local_state(settings: &Settings) -> anyhow::Result<AppState> {
    let mut state = settings.state(SmsChoice::Log).await?;
    state.mail = settings
        .mail_settings(crate::config::MailChoice::File)
        .await?;
    state.dist = Some(settings.dist.clone());
    state.runtime = Runtime::Local {
        dev_mode: settings.dev_mode,
    };
    // The dealer's payment links point at this server.
    state.card_payments = settings.card_payments(Some(settings.addr.port()))?;
    Ok(state)
}

/// How long a client may take to send a request's headers (and how long a kept-alive
/// connection may sit idle) before the local server closes the connection, so half-sent
/// requests cannot hold connections open.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request's whole body may take to arrive, and how long it may stall
/// between two pieces: a body that trickles or stops holds a connection and a task.
pub const BODY_DEADLINE: Duration = Duration::from_secs(30);
/// See [`BODY_DEADLINE`].
pub const BODY_STALL: Duration = Duration::from_secs(10);

/// Brotli and gzip quality of the local server: close to the best ratio of text at a
/// small part of the cost of the highest levels, which would dominate a page's time.
const COMPRESSION_QUALITY: i32 = 5;

/// The router of the local server: [`app`] plus compression of text answers (brotli or
/// gzip, as the client accepts; images other than SVG are left alone). CloudFront
/// compresses in production, so local measurements see what shoppers get.
pub fn local_app(state: AppState) -> Router {
    local_app_with_body_limits(state, BODY_DEADLINE, BODY_STALL)
}

/// [`local_app`] with other body time limits (tests use short ones). A body past either
/// fails to read, so its handler answers 400 and the connection is closed.
pub fn local_app_with_body_limits(state: AppState, deadline: Duration, stall: Duration) -> Router {
    app(state)
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(COMPRESSION_QUALITY)))
        .layer(
            tower::ServiceBuilder::new()
                .layer(RequestBodyDeadlineLayer::new(deadline))
                .layer(RequestBodyTimeoutLayer::new(stall))
                .map_request(|request: Request<_>| request.map(axum::body::Body::new)),
        )
}

/// Serves until Ctrl-C or SIGTERM, finishing requests in flight.
pub async fn serve(settings: &Settings) -> anyhow::Result<()> {
    let state = local_state(settings).await?;
    let listener = tokio::net::TcpListener::bind(settings.addr)
        .await
        .with_context(|| format!("listening on {}", settings.addr))?;
    let addr = listener.local_addr().context("reading the bound address")?;
    println!("{}", banner(addr, &state.tenants.slugs()));
    println!("{}", mail_banner(settings));
    let worker = spawn_worker(state.clone(), OUTBOX_POLL);
    serve_listener(
        listener,
        local_app(state),
        HEADER_READ_TIMEOUT,
        shutdown_signal(),
    )
    .await;
    worker.abort();
    Ok(())
}

/// Serves `router` over HTTP/1.1 on `listener` until `shutdown` resolves, then waits for
/// the requests in flight. Each connection must send a request's headers within
/// `header_read_timeout` (`axum::serve` sets no timer, so it has no such limit); handlers
/// see the peer as `ConnectInfo<SocketAddr>`.
pub async fn serve_listener(
    listener: TcpListener,
    router: Router,
    header_read_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait rather than spin.
                    tracing::warn!(error = %e, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Without TCP_NODELAY a response written in more than one piece (a file's
        // headers, then its body) waits for the client's delayed ACK: about 40 ms a request.
        if let Err(e) = stream.set_nodelay(true) {
            tracing::warn!(error = %e, "TCP_NODELAY could not be set on a connection");
        }
        let router = router.clone();
        let service = service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(request)
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection closed with an error");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// Resolves on Ctrl-C or SIGTERM (what `kill` and process managers send).
async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// Creates the DynamoDB table (with GSI1 and TTL) when missing.
pub async fn migrate(settings: &Settings) -> anyhow::Result<()> {
    let StoreChoice::Dynamo { table, endpoint } = &settings.store else {
        anyhow::bail!(
            "migrate needs a DynamoDB table: set FORECOURT_DYNAMODB_TABLE (or --dynamodb-table)"
        );
    };
    let store = DynamoStore::from_env(table.clone(), endpoint.as_deref()).await;
    let created = store
        .migrate()
        .await
        .map_err(anyhow::Error::new)
        .context("creating the table")?;
    if created {
        println!("created DynamoDB table {table} (PK/SK, GSI1, TTL on expires_at)");
    } else {
        println!("DynamoDB table {table} already exists");
    }
    Ok(())
}

/// `forecourt-api outbox parked|retry`: what an operator reads and does about lead
/// deliveries the worker parked.
pub async fn outbox(settings: &Settings, command: OutboxCommand) -> anyhow::Result<()> {
    let state = settings.state(SmsChoice::Log).await?;
    match command {
        OutboxCommand::Parked => {
            let parked = crate::delivery::outbox::parked(&state).await?;
            if parked.is_empty() {
                println!("no parked lead deliveries");
            }
            for (dealer, item) in parked {
                match item {
                    ParkedItem::Entry(entry) => {
                        let (at, reason) = entry
                            .parked
                            .as_ref()
                            .map(|p| (p.at.to_rfc3339(), p.reason.as_str()))
                            .unwrap_or_default();
                        println!(
                            "{dealer} lead {} step {} parked {at}: {reason}",
                            entry.lead_id, entry.seq
                        );
                    }
                    ParkedItem::Unreadable(item) => println!(
                        "{dealer} unreadable item {} {}: {}",
                        item.pk, item.sk, item.error
                    ),
                }
            }
        }
        OutboxCommand::Retry {
            dealer,
            lead_id,
            seq,
        } => {
            if crate::delivery::outbox::retry(&state, &dealer, &lead_id, seq).await? {
                println!("{dealer} lead {lead_id} step {seq} is due again");
            } else {
                anyhow::bail!("{dealer} has no parked entry for lead {lead_id} step {seq}");
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_names_every_dealer_site() {
        let addr: SocketAddr = "127.0.0.1:8080".parse().expect("addr");
        assert_eq!(
            banner(addr, &["jacaranda-toyota", "redgum-motors"]),
            "Forecourt API listening on http://127.0.0.1:8080 — dealer sites at http://<slug>.localhost:8080 (jacaranda-toyota, redgum-motors)"
        );
    }
}
