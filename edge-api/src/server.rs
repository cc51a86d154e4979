//! The local server: the router plus `dist/`, the outbox worker, a start-up banner and
//! graceful shutdown.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use axum::serve::ListenerExt;

use crate::config::{Settings, SmsChoice, StoreChoice};
use crate::outbox::spawn_worker;
use crate::store::DynamoStore;
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

/// Builds the state of the local server from its settings.
pub async fn local_state(settings: &Settings) -> anyhow::Result<AppState> {
    let mut state = settings.state(SmsChoice::Log).await?;
    state.dist = Some(settings.dist.clone());
    state.runtime = Runtime::Local { dev_mode: settings.dev_mode };
    Ok(state)
}

/// Serves until Ctrl-C or SIGTERM, finishing requests in flight.
pub async fn serve(settings: &Settings) -> anyhow::Result<()> {
    let state = local_state(settings).await?;
    let listener = tokio::net::TcpListener::bind(settings.addr)
        .await
        .with_context(|| format!("listening on {}", settings.addr))?;
    let addr = listener.local_addr().context("reading the bound address")?;
    // Without TCP_NODELAY a response written in more than one piece (a file's headers,
    // then its body) waits for the client's delayed ACK: about 40 ms a request.
    let listener = listener.tap_io(|stream| {
        if let Err(e) = stream.set_nodelay(true) {
            tracing::warn!(error = %e, "TCP_NODELAY could not be set on a connection");
        }
    });
    println!("{}", banner(addr, &state.tenants.slugs()));
    let worker = spawn_worker(state.clone(), OUTBOX_POLL);
    let router = app(state).into_make_service_with_connect_info::<SocketAddr>();
    let served = axum::serve(listener, router)
        .with_graceful_shutdown(shutdown_signal())
        .await
        .context("serving");
    worker.abort();
    served
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
        anyhow::bail!("migrate needs a DynamoDB table: set FORECOURT_DYNAMODB_TABLE (or --dynamodb-table)");
    };
    let store = DynamoStore::from_env(table.clone(), endpoint.as_deref()).await;
    let created = store.migrate().await.map_err(anyhow::Error::new).context("creating the table")?;
    if created {
        println!("created DynamoDB table {table} (PK/SK, GSI1, TTL on expires_at)");
    } else {
        println!("DynamoDB table {table} already exists");
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
