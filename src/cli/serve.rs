//! `serve`: the HTTP service and web page of [`crate::http`], until Ctrl-C.

use super::Outcome;
use crate::http::{self, AppState, ServeOptions};
use anyhow::Context;
use axum::http::HeaderValue;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  hexforge serve
  hexforge serve --addr 0.0.0.0:8080 --downloads output --access-log
  hexforge serve --cors-origin https://puzzles.example --cors-origin http://localhost:3000

The page is at http://ADDR/, the API description at http://ADDR/openapi.json, counters
for Prometheus at http://ADDR/metrics.

Logs go to stderr through a non-blocking writer (a slow terminal never slows the
answers; under a flood, lines may be dropped rather than wait). By default only the
start, the stop and errors are logged; --access-log adds one line per request:
  INFO hexforge::access: ID METHOD URI STATUS MICROSECONDSus
where ID is the client's x-request-id or a number, sent back as x-request-id.
RUST_LOG filters as usual (e.g. RUST_LOG=warn, RUST_LOG=debug).")]
pub struct ServeArgs {
    /// Address and port to listen on (port 0 picks a free one; the log shows it).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Folder served under /downloads/: where `hexforge generate` wrote its files.
    #[arg(long, default_value = "output")]
    downloads: PathBuf,
    /// Log one line per request (off by default: it costs more than most answers).
    #[arg(long)]
    access_log: bool,
    /// Let pages from ORIGIN (scheme://host[:port], or * for any) call the API from a
    /// browser (CORS). Repeat for several origins. None by default.
    #[arg(long, value_name = "ORIGIN", value_parser = parse_origin)]
    cors_origin: Vec<HeaderValue>,
    /// Most connections served at once; more wait until one closes.
    #[arg(long, default_value_t = http::MAX_CONNECTIONS as u64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: u64,
}

/// An origin as browsers send it: `*`, or `http(s)://host[:port]` with no path.
fn parse_origin(text: &str) -> Result<HeaderValue, String> {
    let bad = || format!("{text:?} is not an origin; expected * or scheme://host[:port], such as https://example.org");
    if text != "*" {
        let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://")).ok_or_else(bad)?;
        if rest.is_empty() || rest.contains(['/', '?', '#', ' ', '@']) {
            return Err(bad());
        }
    }
    HeaderValue::from_str(text).map_err(|_| bad())
}

pub fn run(args: ServeArgs) -> anyhow::Result<Outcome> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Lines go to a writer thread; the guard flushes what is left when `run` returns.
    let (writer, _guard) = tracing_appender::non_blocking(std::io::stderr());
    // A subscriber may already be set (e.g. by an embedding program); keep it then.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let options = ServeOptions {
        access_log: args.access_log,
        cors_origins: args.cors_origin,
        max_connections: usize::try_from(args.max_connections).unwrap_or(usize::MAX),
        ..ServeOptions::default()
    };
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the async runtime")?;
    runtime.block_on(http::run(args.addr, AppState::new(args.downloads), options))?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_checked() {
        for good in ["*", "https://example.org", "http://localhost:3000"] {
            assert!(parse_origin(good).is_ok(), "{good}");
        }
        for bad in ["example.org", "https://", "https://a.org/path", "ftp://a.org", ""] {
            let err = parse_origin(bad).unwrap_err();
            assert!(err.contains(&format!("{bad:?}")), "{err}");
        }
    }
}
