//! `forecourt-api`: the local server of every dealer site and the edge API
//! (`forecourt-api migrate` creates the DynamoDB table).

use std::process::ExitCode;

use clap::Parser;
use edge_api::config::{Cli, Command, Settings};
use edge_api::server;

#[tokio::main]
async fn main() -> ExitCode {
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = async {
        let settings = Settings::resolve(&cli.flags)?;
        match cli.command.unwrap_or(Command::Serve) {
            Command::Serve => server::serve(&settings).await,
            Command::Migrate => server::migrate(&settings).await,
            Command::Outbox(command) => server::outbox(&settings, command).await,
        }
    }
    .await;
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("forecourt-api: {e:#}");
            ExitCode::FAILURE
        }
    }
}
