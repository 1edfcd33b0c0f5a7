//! `serve`: the HTTP service and web page of [`crate::http`], until Ctrl-C.

use super::Outcome;
use crate::http::{self, AppState, ServeOptions};
use crate::results::{Database, RecordRate, Results};
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
  hexforge serve --database sqlite:///var/lib/hexforge/results.sqlite3
  hexforge serve --database postgres://hexforge@db.internal/hexforge --record-per-minute 30

Every checked puzzle answer is recorded (puzzle, time, verdict, length or score,
distance from the optimum; nothing about the client) for GET /api/puzzles/ID/stats.
The database is created and migrated on start.

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
    /// Where checked puzzle answers are kept: sqlite://PATH (a file, created if
    /// missing), postgres://USER[:PASSWORD]@HOST[:PORT]/NAME (several servers may share
    /// one), or none (record nothing; the stats route answers 503).
    #[arg(long, value_name = "URL", default_value = crate::results::DEFAULT_DATABASE)]
    database: Database,
    /// Answers recorded per client (IP address, IPv6 /64) and minute, on average; the
    /// checks beyond are answered but not recorded.
    #[arg(long, value_name = "N", default_value_t = RecordRate::default().per_minute)]
    record_per_minute: u32,
    /// Answers a client may have recorded at once before --record-per-minute applies
    /// (a game played on the page checks every move). 0 records nothing.
    #[arg(long, value_name = "N", default_value_t = RecordRate::default().burst)]
    record_burst: u32,
    /// Answers waiting to be written before new ones are dropped (counted in
    /// hexforge_results_dropped_total).
    #[arg(long, value_name = "N", default_value_t = crate::results::recorder::DEFAULT_QUEUE, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=10_000_000))]
    record_queue: usize,
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
    let rate = RecordRate { per_minute: args.record_per_minute, burst: args.record_burst };
    runtime.block_on(async move {
        let results = Results::start(&args.database, rate, args.record_queue).await?;
        let mut state = AppState::new(args.downloads);
        let writer = match results {
            Some((results, writer)) => {
                tracing::info!(database = %args.database, "recording puzzle results");
                state = state.with_results(results);
                Some(writer)
            }
            None => {
                tracing::info!("recording no puzzle results (--database none)");
                None
            }
        };
        let store = state.results.as_ref().map(|r| r.store.clone());
        let served = http::run(args.addr, state, options).await;
        if let Some(writer) = writer {
            writer.finish(std::time::Duration::from_secs(10)).await;
        }
        if let Some(store) = store {
            store.close().await;
        }
        served
    })?;
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
