//! `serve`: the HTTP service and web page of [`crate::http`], until Ctrl-C.

use super::Outcome;
use crate::http::{self, AppState, ServeOptions};
use crate::results::{Database, RecordRate, Results};
use anyhow::Context;
use axum::http::HeaderValue;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  hexforge serve
  hexforge serve --addr 0.0.0.0:8080 --downloads output --access-log
  hexforge serve --cors-origin https://puzzles.example --cors-origin http://localhost:3000
  hexforge serve --database sqlite:///var/lib/hexforge/results.sqlite3
  hexforge serve --database postgres://hexforge@db.internal/hexforge --record-per-minute 30

Every checked puzzle answer is recorded (puzzle, time, verdict, length or score,
distance from the optimum; nothing about the client) for GET /api/puzzles/ID/stats.
An SQLite file is created and migrated on start. A PostgreSQL server is connected to
(and migrated) in the background: the service answers at once, answers wait in the
queue while the database is away, and GET /ready says 503 until it is connected.

Behind a load balancer or reverse proxy, --trusted-proxy CIDR says whose Forwarded or
X-Forwarded-For header names the client (for --record-per-minute); from any other
peer those headers are ignored.

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
    #[arg(long, default_value_t = http::MAX_CONNECTIONS as u64, allow_negative_numbers = true, value_parser = super::values::whole_number::<u64>(1, 1_000_000))]
    max_connections: u64,
    /// Most connections one client address (IPv4, or IPv6 /64) holds at once; beyond, a
    /// connection is answered 503 and closed. A --trusted-proxy is not capped.
    #[arg(long, default_value_t = http::MAX_CONNECTIONS_PER_ADDRESS as u64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections_per_address: u64,
    /// Where checked puzzle answers are kept: sqlite://PATH (a file, created if
    /// missing), postgres://USER[:PASSWORD]@HOST[:PORT]/NAME (several servers may share
    /// one), or none (record nothing; the stats route answers 503).
    #[arg(long, value_name = "URL", default_value = crate::results::DEFAULT_DATABASE)]
    database: Database,
    /// Answers recorded per client (IP address, IPv6 /64) and minute, on average; the
    /// checks beyond are answered but not recorded.
    #[arg(long, value_name = "N", default_value_t = RecordRate::default().per_minute, allow_negative_numbers = true, value_parser = super::values::whole_number::<u32>(0, u32::MAX as u64))]
    record_per_minute: u32,
    /// Answers a client may have recorded at once before --record-per-minute applies
    /// (a game played on the page checks every move). 0 records nothing.
    #[arg(long, value_name = "N", default_value_t = RecordRate::default().burst, allow_negative_numbers = true, value_parser = super::values::whole_number::<u32>(0, u32::MAX as u64))]
    record_burst: u32,
    /// Answers waiting to be written before new ones are dropped (counted in
    /// hexforge_results_dropped_total).
    #[arg(long, value_name = "N", default_value_t = crate::results::recorder::DEFAULT_QUEUE, allow_negative_numbers = true, value_parser = super::values::whole_number::<usize>(1, 10_000_000))]
    record_queue: usize,
    /// On Ctrl-C or SIGTERM, how long to go on writing queued answers to the database
    /// (seconds, fractions allowed); what is left then is logged and counted as lost.
    #[arg(long, value_name = "SECONDS", default_value = "5", allow_negative_numbers = true, value_parser = parse_grace)]
    shutdown_grace: Duration,
    /// A proxy or load balancer (an address, or a network such as 10.0.0.0/8): from these
    /// peers only, the client is taken from the Forwarded or X-Forwarded-For header (the
    /// right-most address that is not a trusted proxy). Repeat for several.
    #[arg(long, value_name = "CIDR", value_parser = parse_trusted_proxy)]
    trusted_proxy: Vec<http::Network>,
    /// How long a room's player may be gone, when it is their turn, before the strong bot
    /// plays for them (seconds, fractions allowed), the same for every game; by default
    /// each game's own (60 to 120 s).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = parse_grace)]
    room_grace: Option<Duration>,
}

/// Seconds, such as `5` or `0.5`, at most an hour.
fn parse_grace(text: &str) -> Result<Duration, String> {
    let seconds: f64 =
        text.trim().parse().map_err(|_| format!("{text:?} is not a number of seconds; expected e.g. 5 or 0.5"))?;
    if !(0.0..=3600.0).contains(&seconds) {
        return Err(format!("{text:?} seconds is out of range 0..=3600"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

fn parse_trusted_proxy(text: &str) -> Result<http::Network, String> {
    text.parse().map_err(|e: http::NetworkError| e.to_string())
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
        max_connections_per_address: usize::try_from(args.max_connections_per_address).unwrap_or(usize::MAX),
        trusted_proxies: args.trusted_proxy,
        ..ServeOptions::default()
    };
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the async runtime")?;
    let rate = RecordRate { per_minute: args.record_per_minute, burst: args.record_burst };
    let served = runtime.block_on(async move {
        let results = Results::start(&args.database, rate, args.record_queue).await?;
        let mut state = AppState::new(args.downloads);
        if let Some(grace) = args.room_grace {
            state = state.with_rooms(crate::rooms::Rooms::new(Some(grace)));
        }
        let writer = match results {
            Some((results, writer)) => {
                if results.store.is_connected() {
                    tracing::info!(database = %args.database, "recording puzzle results");
                } else {
                    tracing::info!(database = %args.database, "recording puzzle results once the database is connected (in the background)");
                }
                state = state.with_results(results);
                if let crate::results::Database::Postgres(url) = &args.database {
                    // Replicas on one database wake each other's rooms.
                    state.rooms.listen(url.clone());
                }
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
            writer.finish(args.shutdown_grace).await;
        }
        // An away database is not waited for: a connection still being attempted would
        // hold the close for its whole timeout, and what is unwritten is already counted.
        if let Some(store) = store.filter(|s| s.is_connected()) {
            let _ = tokio::time::timeout(Duration::from_secs(1), store.close()).await;
        }
        served
    });
    // Tasks still trying an away database (a connection attempt, the pool's upkeep) are
    // not waited for: the grace is over and what is lost is counted.
    runtime.shutdown_timeout(Duration::from_millis(200));
    served?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shutdown_graces_are_seconds_within_an_hour() {
        assert_eq!(parse_grace("5"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_grace("0.25"), Ok(Duration::from_millis(250)));
        for bad in ["-1", "x", "3601", "NaN"] {
            assert!(parse_grace(bad).unwrap_err().contains(&format!("{bad:?}")), "{bad}");
        }
    }

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
