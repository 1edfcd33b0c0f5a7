//! How quickly `/health` answers while many clients load the server with heavy requests:
//! long game records posted to `POST /api/dragons/check` (`--kind records`), or the rules
//! module downloaded whole (`--kind wasm`, `Accept-Encoding: br, gzip`, as a browser asks).
//!
//! In one process, over loopback only: the service runs as `hexforge serve` runs it
//! (`serve_with`, default options, on a runtime of its own with one worker thread per
//! core), except that one address may hold as many connections as the run opens (every
//! client here is 127.0.0.1); `--clients` keep-alive connections each send their request
//! back to back, and one more connection asks `/health` `--probes` times a second and
//! times each answer. The anchor of the same run is bare axum on the same runtime under
//! the same load, doing only its input and output: reading each record whole and
//! answering a small verdict, or sending the module's brotli bytes made once. The two are
//! loaded in turn, `--rounds` times. Bounded: at most 500 clients, 5 rounds of 60 s per
//! server, each request cut off after 10 s.
//!
//! Run: `scripts/loadtest.sh health --kind records --clients 200` (release build).

use clap::Parser;
use hexforge::http::{AppState, ServeOptions, serve_with};
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::registry::Setup;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[derive(Debug, Parser)]
#[command(about = "Time /health while clients post long records or download the rules module, on loopback")]
struct Args {
    /// What the clients ask: `records` or `wasm`.
    #[arg(long, default_value = "records", value_parser = ["records", "wasm"])]
    kind: String,
    /// Clients loading the server at once (1-500).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=500))]
    clients: u64,
    /// Seconds of load (1-60), after one second of warm-up.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=60))]
    duration: u64,
    /// `/health` requests a second (1-200).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=200))]
    probes: u64,
    /// Rounds, each loading the anchor and then hexforge for `--duration` (1-5).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=5))]
    rounds: u64,
}

/// The longest of the first 40 Dragons games `hexforge simulate dragons --record` writes
/// (random bots, seed 1) whose record fits well within the body limit.
fn long_record() -> String {
    let rules = hexforge_rules::game("dragons").expect("dragons is registered");
    (0..40)
        .filter_map(|i| rules.simulate(&Setup::default(), &[Bot::Random], 1, i, true).ok()?.1)
        .filter(|r| r.len() < 48 * 1024)
        .max_by_key(String::len)
        .expect("a record")
}

/// Reads one response: its status and how long its body was.
async fn response(stream: &mut TcpStream, buf: &mut Vec<u8>) -> std::io::Result<u16> {
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    buf.clear();
    let mut chunk = [0u8; 64 * 1024];
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = std::str::from_utf8(&buf[..end]).map_err(|_| bad("head"))?;
            let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| bad("status"))?;
            let length: usize = head
                .lines()
                .find_map(|l| {
                    let (name, value) = l.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length").then(|| value.trim().parse().ok())?
                })
                .ok_or_else(|| bad("no content-length"))?;
            while buf.len() < end + 4 + length {
                let n = stream.read(&mut chunk).await?;
                if n == 0 {
                    return Err(bad("closed"));
                }
                buf.extend_from_slice(&chunk[..n]);
            }
            return Ok(status);
        }
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(bad("closed"));
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

/// What the clients got: answered (2xx), refused busy (503), other or failed.
#[derive(Default)]
struct Counts {
    ok: AtomicU64,
    busy: AtomicU64,
    other: AtomicU64,
}

/// One client sending `request` back to back until `deadline`.
async fn client(addr: SocketAddr, request: Arc<Vec<u8>>, counts: Arc<Counts>, deadline: Instant) {
    let mut buf = Vec::new();
    let mut stream: Option<TcpStream> = None;
    while Instant::now() < deadline {
        if stream.is_none() {
            stream = TcpStream::connect(addr).await.ok();
            if stream.is_none() {
                counts.other.fetch_add(1, Relaxed);
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        }
        let s = stream.as_mut().expect("connected");
        let exchange = async {
            s.write_all(&request).await?;
            response(s, &mut buf).await
        };
        match tokio::time::timeout(Duration::from_secs(10), exchange).await {
            Ok(Ok(200..=299)) => counts.ok.fetch_add(1, Relaxed),
            Ok(Ok(503)) => {
                // Told to come back: as a client honouring Retry-After would, a little later.
                tokio::time::sleep(Duration::from_millis(100)).await;
                counts.busy.fetch_add(1, Relaxed)
            }
            Ok(Ok(_)) => counts.other.fetch_add(1, Relaxed),
            _ => {
                stream = None;
                counts.other.fetch_add(1, Relaxed)
            }
        };
    }
}

/// `/health` asked `per_second` times a second until `deadline`: each answer's time, µs.
async fn prober(addr: SocketAddr, per_second: u64, deadline: Instant) -> (Vec<u64>, u64) {
    let mut times = Vec::new();
    let mut failed = 0;
    let mut buf = Vec::new();
    let mut stream = TcpStream::connect(addr).await.expect("the server listens");
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / per_second));
    let request = b"GET /health HTTP/1.1\r\nhost: loadtest\r\n\r\n";
    while Instant::now() < deadline {
        tick.tick().await;
        let start = Instant::now();
        let exchange = async {
            stream.write_all(request).await?;
            response(&mut stream, &mut buf).await
        };
        match tokio::time::timeout(Duration::from_secs(10), exchange).await {
            Ok(Ok(200)) => times.push(start.elapsed().as_micros() as u64),
            _ => {
                failed += 1;
                stream = TcpStream::connect(addr).await.expect("the server listens");
            }
        }
    }
    (times, failed)
}

/// One target's `/health` times (µs) and the clients' counts, over its rounds.
#[derive(Default)]
struct Measured {
    times: Vec<u64>,
    failed: u64,
    ok: u64,
    busy: u64,
    other: u64,
}

impl Measured {
    fn at(&self, p: f64) -> f64 {
        let i = ((self.times.len() as f64 * p).ceil() as usize).saturating_sub(1);
        self.times.get(i).copied().unwrap_or(0) as f64 / 1000.0
    }
}

/// The anchor: bare axum, on the same kind of runtime, answering `/health` with the same
/// bytes and the load's route the plainest way: a record's body read whole and answered
/// with a small verdict, or the module's brotli bytes (made once, here) sent as stored.
fn anchor(kind: &str) -> axum::Router {
    use axum::routing::{get, post};
    const HEALTH: &str = concat!(r#"{"status":"ok","version":""#, env!("CARGO_PKG_VERSION"), r#""}"#);
    let router =
        axum::Router::new().route("/health", get(|| async { ([("content-type", "application/json")], HEALTH) }));
    if kind == "records" {
        router.route(
            "/api/dragons/check",
            post(|body: axum::body::Bytes| async move {
                let verdict = if body.is_empty() { "{}" } else { r#"{"valid":true}"# };
                ([("content-type", "application/json")], verdict)
            }),
        )
    } else {
        let mut br = Vec::new();
        {
            use std::io::Write;
            let mut writer = brotli::CompressorWriter::new(&mut br, 64 * 1024, 9, 22);
            writer.write_all(include_bytes!("../web/wasm/hexforge_rules.wasm")).expect("writing to memory");
        }
        let br = axum::body::Bytes::from(br);
        router.route(
            "/wasm/hexforge_rules.wasm",
            get(move || {
                let br = br.clone();
                async move { ([("content-type", "application/wasm"), ("content-encoding", "br")], br) }
            }),
        )
    }
}

/// `clients` load `addr` with `request` and `/health` is timed, for `duration` after a
/// second of warm-up.
fn measure(
    clients_rt: &tokio::runtime::Runtime,
    addr: SocketAddr,
    request: &Arc<Vec<u8>>,
    args: &Args,
    into: &mut Measured,
) {
    let counts = Arc::new(Counts::default());
    let start = Instant::now();
    let warm = start + Duration::from_secs(1);
    let deadline = warm + Duration::from_secs(args.duration);
    let (times, failed) = clients_rt.block_on(async {
        let load: Vec<_> = (0..args.clients)
            .map(|_| tokio::spawn(client(addr, Arc::clone(request), Arc::clone(&counts), deadline)))
            .collect();
        tokio::time::sleep_until(warm.into()).await;
        counts.ok.store(0, Relaxed);
        counts.busy.store(0, Relaxed);
        counts.other.store(0, Relaxed);
        let probed = prober(addr, args.probes, deadline).await;
        for task in load {
            let _ = task.await;
        }
        probed
    });
    into.times.extend(times);
    into.failed += failed;
    into.ok += counts.ok.load(Relaxed);
    into.busy += counts.busy.load(Relaxed);
    into.other += counts.other.load(Relaxed);
}

fn main() {
    let args = Args::parse();
    let request = if args.kind == "records" {
        let record = long_record();
        eprintln!("record: a Dragons game of {} bytes", record.len());
        format!(
            "POST /api/dragons/check HTTP/1.1\r\nhost: loadtest\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{record}",
            record.len()
        )
    } else {
        "GET /wasm/hexforge_rules.wasm HTTP/1.1\r\nhost: loadtest\r\naccept-encoding: br, gzip\r\n\r\n".to_string()
    };
    let request = Arc::new(request.into_bytes());
    let server = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a runtime");
    let listener = server.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a loopback port");
    let addr = listener.local_addr().expect("bound");
    let options = ServeOptions { max_connections_per_address: 1024, ..ServeOptions::default() };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    server.spawn(serve_with(listener, AppState::default(), options, async move {
        let _ = stopped.await;
    }));
    let bare = server.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a loopback port");
    let bare_addr = bare.local_addr().expect("bound");
    let router = anchor(&args.kind);
    server.spawn(async move { axum::serve(bare, router).await });
    let clients =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
    let (mut bare_axum, mut hexforge) = (Measured::default(), Measured::default());
    // In turn, so that whatever else the machine does hits both alike.
    for _ in 0..args.rounds {
        measure(&clients, bare_addr, &request, &args, &mut bare_axum);
        measure(&clients, addr, &request, &args, &mut hexforge);
    }
    let _ = stop.send(());
    let seconds = (args.duration * args.rounds) as f64;
    println!(
        "{} clients, {}, {} rounds of {} s, /health asked {} times a second:",
        args.clients, args.kind, args.rounds, args.duration, args.probes
    );
    println!("| server | answered/s | refused 503 | other | /health probes | p50 ms | p99 ms | max ms | failed |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (name, m) in [("bare axum (anchor)", &mut bare_axum), ("hexforge", &mut hexforge)] {
        m.times.sort_unstable();
        println!(
            "| {name} | {:.0} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {} |",
            m.ok as f64 / seconds,
            m.busy,
            m.other,
            m.times.len(),
            m.at(0.5),
            m.at(0.99),
            m.at(1.0),
            m.failed
        );
    }
    let ratio = |p| hexforge.at(p) / bare_axum.at(p).max(0.001);
    println!("hexforge / anchor: p50 {:.2}x, p99 {:.2}x", ratio(0.5), ratio(0.99));
    println!("load average: {}", std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim());
}
