//! What `kill -9` under load loses of the answered puzzle checks: `hexforge serve` (the
//! binary given) with a fresh SQLite results store and no rate limit, `--clients`
//! keep-alive connections on loopback posting the solved answer of one daily puzzle back
//! to back, the server killed outright (SIGKILL) after `--seconds`; then the store is
//! opened again and its count of the puzzle's answers compared with the answers the
//! clients read whole. An answer cut off by the kill is not counted as answered, though
//! its record may be written: so the store may hold up to one more per client.
//!
//! Bounded: at most 256 clients, 30 s a round and 10 rounds, each request cut off after
//! 10 s; every scratch folder is removed.
//!
//! Run: `scripts/loadtest.sh crash` (release build of the binary and of this example).

#[path = "../tests/http1/mod.rs"]
mod http1;
#[path = "serve_child/mod.rs"]
mod serve_child;

use clap::Parser;
use hexforge::results::{Database, ResultStore};
use std::io::BufReader;
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(about = "Count the answered puzzle checks a kill -9 under load loses, on loopback")]
struct Args {
    /// The `hexforge` binary to serve with.
    #[arg(long)]
    binary: std::path::PathBuf,
    /// Connections posting checks at once (1-256).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=256))]
    clients: u64,
    /// Seconds of load before the kill (1-30).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=30))]
    seconds: u64,
    /// Rounds, each with a server and a store of its own (1-10).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=10))]
    rounds: u64,
}

/// The daily puzzle posted, as in the load test.
const PUZZLE: &str = "pathways-2026-11-24";

/// A scratch folder, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One round: (answered 200, stored).
fn round(args: &Args, n: u64) -> (u64, u64) {
    let scratch = Scratch(std::env::temp_dir().join(format!("hexforge-results-crash-{}-{n}", std::process::id())));
    std::fs::create_dir_all(&scratch.0).expect("a scratch folder");
    let database = Database::sqlite_file(&scratch.0.join("results.sqlite3"));
    let url = match &database {
        Database::Sqlite(url) => url.clone(),
        _ => unreachable!("an SQLite file"),
    };
    let limits = ["--record-per-minute", "1000000", "--record-burst", "1000000"];
    let (mut child, addr) = serve_child::start(&args.binary, &[&["--database", url.as_str()][..], &limits].concat());
    let body = hexforge::api::puzzles::solution_request(&PUZZLE.parse().expect("an id"));
    let request = Arc::new(
        format!(
            "POST /api/puzzles/{PUZZLE}/check HTTP/1.1\r\nhost: crash\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicU64::new(0));
    let clients: Vec<_> = (0..args.clients)
        .map(|_| {
            let (stop, answered, request) = (Arc::clone(&stop), Arc::clone(&answered), Arc::clone(&request));
            std::thread::spawn(move || {
                let Ok(stream) = TcpStream::connect(addr) else { return };
                let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
                let _ = stream.set_nodelay(true);
                let mut stream = BufReader::new(stream);
                while !stop.load(Relaxed) {
                    match http1::exchange(&mut stream, &request) {
                        Some(200) => answered.fetch_add(1, Relaxed),
                        _ => return,
                    };
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(args.seconds));
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    stop.store(true, Relaxed);
    for client in clients {
        let _ = client.join();
    }
    let stored =
        tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime").block_on(async {
            let store = ResultStore::open(&database).await.expect("the store opens").expect("a store");
            let counts = store.counts(PUZZLE).await.expect("the counts");
            store.close().await;
            counts.attempts
        });
    (answered.load(Relaxed), stored)
}

fn main() {
    let args = Args::parse();
    let mut lost_shares = Vec::new();
    for n in 0..args.rounds {
        let (answered, stored) = round(&args, n);
        let lost = answered.saturating_sub(stored);
        let share = if answered == 0 { 0.0 } else { lost as f64 / answered as f64 * 100.0 };
        lost_shares.push(share);
        println!(
            "round {}: {} clients, kill -9 after {} s: {answered} checks answered, {stored} in the store, {lost} lost ({share:.2} %), {} written beyond the answers read",
            n + 1,
            args.clients,
            args.seconds,
            stored.saturating_sub(answered),
        );
    }
    let worst = lost_shares.iter().copied().fold(0.0, f64::max);
    println!("worst round: {worst:.2} % of the answered checks lost");
}
