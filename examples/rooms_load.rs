//! Rooms under load: `hexforge serve` (the binary given, a fresh SQLite store) with
//! `--rooms` Tao rooms of two seats played at once by bots, each seat on a live socket of
//! its own (`GET /api/rooms/{room}/live`), over loopback only.
//!
//! Each room is created by `POST /api/rooms` and both its seats open their socket; the
//! clients of 8 rooms share a loopback address (127.10.x.y: the server's limits are per
//! client address, as they would be for players on their own connections). Then every
//! bot, when its seat is to move, thinks `--think` ms and sends a random legal move over
//! its socket (the first moves spread over one thought); when a game ends seat 0 asks a
//! rematch (`POST …/rematch`). Measured over `--seconds` after 3 s of warm-up: moves a
//! second, and for each move the time from its sending to the other seat's socket
//! receiving the event (the latency a player sees, including the server's write of the
//! event in the database and the other seat's message built from its own view). The
//! server's memory (VmRSS) is read before the rooms, once they are all open, and after
//! the play: per room, the growth over the rooms.
//!
//! Bounded: at most 5,000 rooms and 120 s; every request and socket read cut off after
//! 10 s; the scratch folder is removed and the server stopped.
//!
//! Run: `scripts/loadtest.sh rooms --rooms 1000` (release build of the binary and of this
//! example).

#[path = "serve_child/mod.rs"]
mod serve_child;

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

#[derive(Debug, Parser)]
#[command(about = "Play many rooms at once over live sockets and time each move's arrival, on loopback")]
struct Args {
    /// The `hexforge` binary to serve with.
    #[arg(long)]
    binary: std::path::PathBuf,
    /// Rooms played at once, two seats each (1-5000).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=5000))]
    rooms: u64,
    /// Seconds of play measured (1-120), after 3 s of warm-up.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=120))]
    seconds: u64,
    /// How long a bot thinks before each move, ms (0-10000).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(0..=10_000))]
    think: u64,
}

/// Rooms whose clients share one loopback address (the server allows 10 rooms created at
/// once per address).
const ROOMS_PER_ADDRESS: u64 = 8;
const WAIT: Duration = Duration::from_secs(10);

/// The loopback address of room `i`'s clients.
fn address_of(i: u64) -> IpAddr {
    let a = i / ROOMS_PER_ADDRESS;
    IpAddr::V4(Ipv4Addr::new(127, 10, (a / 250) as u8, (a % 250 + 1) as u8))
}

async fn connect_from(ip: IpAddr, addr: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(ip, 0))?;
    socket.connect(addr).await
}

/// `POST path` with a JSON `body` (and a room key) from `ip`, on a connection of its own:
/// the status and the body.
async fn post(ip: IpAddr, addr: SocketAddr, path: &str, key: Option<&str>, body: &str) -> Option<(u16, String)> {
    let exchange = async {
        let mut stream = connect_from(ip, addr).await.ok()?;
        let key = key.map(|k| format!("x-room-key: {k}\r\n")).unwrap_or_default();
        let request = format!(
            "POST {path} HTTP/1.1\r\nhost: load\r\ncontent-type: application/json\r\n{key}content-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.ok()?;
        let (head, body) = answer.split_once("\r\n\r\n")?;
        Some((head.split(' ').nth(1)?.parse().ok()?, body.to_string()))
    };
    tokio::time::timeout(WAIT, exchange).await.ok().flatten()
}

/// A room being played: its id, and the move on its way (the event number it will be,
/// when it was sent, by which seat).
struct Room {
    id: String,
    ip: IpAddr,
    sent: Mutex<Option<(i64, Instant, u64)>>,
}

#[derive(Default)]
struct Stats {
    open: AtomicU64,
    moves: AtomicU64,
    games: AtomicU64,
    refusals: AtomicU64,
    dropped: AtomicU64,
    latencies: Mutex<Vec<u64>>,
}

/// When the play starts, when the measuring does, when both end.
#[derive(Clone, Copy)]
struct Clock {
    play: Instant,
    measure: Instant,
    end: Instant,
}

/// A small generator for the bots' choices (xorshift).
fn pick(state: &mut u64, n: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state % n as u64) as usize
}

/// One seat's bot on its socket, until the clock's end.
async fn seat(
    addr: SocketAddr,
    room: Arc<Room>,
    seat: u64,
    key: String,
    stats: Arc<Stats>,
    clock: Clock,
    think: Duration,
) {
    let opened = async {
        let stream = connect_from(room.ip, addr).await.ok()?;
        let url = format!("ws://{addr}/api/rooms/{}/live", room.id);
        let (mut socket, _) = tokio_tungstenite::client_async(url, stream).await.ok()?;
        socket.send(Message::text(json!({"key": key}).to_string())).await.ok()?;
        Some(socket)
    };
    let Some(mut socket) = tokio::time::timeout(WAIT, opened).await.ok().flatten() else {
        stats.dropped.fetch_add(1, Relaxed);
        return;
    };
    stats.open.fetch_add(1, Relaxed);
    let mut first = true;
    let mut choices =
        (seat + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ room.id.bytes().fold(0, |h, b| h * 31 + u64::from(b) % 7) | 1;
    loop {
        let until = tokio::time::Instant::from_std(clock.end);
        let message = match tokio::time::timeout_at(until, socket.next()).await {
            Err(_) => return,
            Ok(Some(Ok(Message::Text(text)))) => text,
            Ok(Some(Ok(_))) => continue,
            Ok(_) => {
                stats.dropped.fetch_add(1, Relaxed);
                return;
            }
        };
        let Ok(state) = serde_json::from_str::<Value>(message.as_str()) else { continue };
        if state.get("error").is_some() {
            stats.refusals.fetch_add(1, Relaxed);
            continue;
        }
        let seq = state["seq"].as_i64().unwrap_or(0);
        let arrived = Instant::now();
        if let Some((number, at, by)) = *room.sent.lock().unwrap()
            && number == seq
            && by != seat
            && at >= clock.measure
            && arrived < clock.end
        {
            stats.latencies.lock().unwrap().push((arrived - at).as_micros() as u64);
        }
        if !state["outcome"].is_null() {
            if seat == 0 {
                stats.games.fetch_add(1, Relaxed);
                let body = json!({"seq": seq}).to_string();
                let path = format!("/api/rooms/{}/rematch", room.id);
                post(room.ip, addr, &path, Some(&key), &body).await;
            }
            continue;
        }
        let actions = state["actions"].as_array().map_or(0, Vec::len);
        if state["to_move"] != seat || actions == 0 {
            continue;
        }
        // The first moves spread over one thought from the start, not all at once.
        let spread = if first {
            Duration::from_millis(pick(&mut choices, think.as_millis() as usize + 1) as u64)
        } else {
            think
        };
        first = false;
        tokio::time::sleep_until(tokio::time::Instant::from_std(clock.play.max(Instant::now() + spread))).await;
        let request = json!({"seq": seq, "action": pick(&mut choices, actions)}).to_string();
        let at = Instant::now();
        *room.sent.lock().unwrap() = Some((seq + 1, at, seat));
        if socket.send(Message::text(request)).await.is_err() {
            stats.dropped.fetch_add(1, Relaxed);
            return;
        }
        if at >= clock.measure && at < clock.end {
            stats.moves.fetch_add(1, Relaxed);
        }
    }
}

/// The server's resident memory, bytes.
fn rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb =
        status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse().ok());
    kb.unwrap_or(0u64) * 1024
}

fn main() {
    let args = Args::parse();
    let scratch = std::env::temp_dir().join(format!("hexforge-rooms-load-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let database = format!("sqlite://{}?mode=rwc", scratch.join("rooms.sqlite3").display());
    let (mut child, addr) = serve_child::start(&args.binary, &["--database", &database]);
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
    let stats = Arc::new(Stats::default());
    let (before, open, after, clock) = runtime.block_on(async {
        // The server at rest, once it answers.
        post(address_of(0), addr, "/api/rooms", None, "{}").await;
        let before = rss(child.id());
        let created = Instant::now();
        let mut rooms = Vec::new();
        let mut made = futures_util::stream::iter(0..args.rooms)
            .map(|i| async move {
                let body = json!({"game": "tao", "seats": ["person", "person"]}).to_string();
                let (status, body) = post(address_of(i), addr, "/api/rooms", None, &body).await?;
                let room: Value = serde_json::from_str(&body).ok().filter(|_| status == 201)?;
                let keys: Vec<String> =
                    room["seats"].as_array()?.iter().filter_map(|s| Some(s["key"].as_str()?.to_string())).collect();
                let room = Room { id: room["room"].as_str()?.to_string(), ip: address_of(i), sent: Mutex::new(None) };
                Some((Arc::new(room), keys))
            })
            .buffer_unordered(32);
        while let Some(made) = made.next().await {
            rooms.push(made.expect("a room is created"));
        }
        let now = Instant::now();
        let clock = Clock {
            play: now + Duration::from_secs(2 + args.rooms / 250),
            measure: now + Duration::from_secs(5 + args.rooms / 250),
            end: now + Duration::from_secs(5 + args.rooms / 250 + args.seconds),
        };
        let think = Duration::from_millis(args.think);
        let bots: Vec<_> = rooms
            .iter()
            .flat_map(|(room, keys)| {
                keys.iter().enumerate().map(move |(s, key)| (Arc::clone(room), s as u64, key.clone()))
            })
            .map(|(room, s, key)| tokio::spawn(seat(addr, room, s, key, Arc::clone(&stats), clock, think)))
            .collect();
        tokio::time::sleep_until(tokio::time::Instant::from_std(clock.play)).await;
        eprintln!(
            "{} rooms created in {:.1?}, {} sockets open",
            rooms.len(),
            created.elapsed(),
            stats.open.load(Relaxed)
        );
        let open = rss(child.id());
        for bot in bots {
            let _ = bot.await;
        }
        (before, open, rss(child.id()), clock)
    });
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&scratch);
    let mut latencies = std::mem::take(&mut *stats.latencies.lock().unwrap());
    latencies.sort_unstable();
    let at = |p: f64| {
        let i = ((latencies.len() as f64 * p).ceil() as usize).saturating_sub(1);
        latencies.get(i).copied().unwrap_or(0) as f64 / 1000.0
    };
    let seconds = (clock.end - clock.measure).as_secs_f64();
    let mib = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
    println!(
        "{} Tao rooms of two bot seats, each seat on its own socket ({} open, {} dropped), {} ms of thought a move, {:.0} s measured after 3 s of warm-up:",
        args.rooms,
        stats.open.load(Relaxed),
        stats.dropped.load(Relaxed),
        args.think,
        seconds
    );
    println!(
        "moves: {} ({:.0} a second), games finished: {}, refusals: {}",
        stats.moves.load(Relaxed),
        stats.moves.load(Relaxed) as f64 / seconds,
        stats.games.load(Relaxed),
        stats.refusals.load(Relaxed)
    );
    println!(
        "move sent -> the other seat's socket has it: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} moves timed)",
        at(0.5),
        at(0.99),
        at(1.0),
        latencies.len()
    );
    println!(
        "server memory (VmRSS): {:.1} MiB at rest, {:.1} MiB with the rooms and sockets open ({:.1} KiB a room), {:.1} MiB after the play ({:.1} KiB a room)",
        mib(before),
        mib(open),
        open.saturating_sub(before) as f64 / 1024.0 / args.rooms as f64,
        mib(after),
        after.saturating_sub(before) as f64 / 1024.0 / args.rooms as f64
    );
    println!("load average: {}", std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim());
}
