//! `serve`: the HTTP service and web page of [`crate::http`], until Ctrl-C.

use super::Outcome;
use crate::http::{self, AppState};
use anyhow::Context;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  hexforge serve\n  hexforge serve --addr 0.0.0.0:8080 --downloads output\n\nThe page is at http://ADDR/, the API description at http://ADDR/openapi.json.\nLogs go to stderr; set RUST_LOG (e.g. RUST_LOG=debug) for more or less."
)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0 picks a free one; the log shows it).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Folder served under /downloads/: where `hexforge generate` wrote its files.
    #[arg(long, default_value = "output")]
    downloads: PathBuf,
}

pub fn run(args: ServeArgs) -> anyhow::Result<Outcome> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // A subscriber may already be set (e.g. by an embedding program); keep it then.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the async runtime")?;
    runtime.block_on(http::run(args.addr, AppState::new(args.downloads)))?;
    Ok(Outcome::Success)
}
