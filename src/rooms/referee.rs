//! The referee: every operation on a room, from a request to the database and back.
//!
//! A move is checked against the table rebuilt from the log and written as the next event
//! number; the number a client saw goes with its move, so a move made on an old table is
//! refused (`stale`), and of two moves racing for one turn exactly one is written: in one
//! process a lock per room orders them, across replicas the log's primary key does. After
//! each event the seats played by the server move (bots, and the strong bot standing in for
//! a player gone longer than the game's grace period). A client waits for news with a long
//! poll (`since`, `wait`) or on a socket ([`super::live`]): woken at once by an event of
//! this process or a replica's announcement, and a poll re-reading the log twice a second
//! for events written by another replica.

use super::store::{self, RoomRow};
use super::{Built, Event, Room, Seating, Sitter, StoredSetup, Who, built, message};
use crate::results::{RecordLimiter, RecordRate, now_millis};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use hexforge_rules::play::Seat;
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::registry::Setup;
use serde_json::{Value, json};
use sqlx::AnyPool;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Rooms idle this long (no event written) are deleted with their logs: 7 days.
pub const IDLE_EXPIRY: Duration = Duration::from_secs(7 * 24 * 3600);
/// Longest a long poll waits for news: 8 s (under the request timeout).
pub const MAX_WAIT: Duration = Duration::from_secs(8);
/// How often a long poll re-reads the log for events written by another replica.
pub const REREAD: Duration = Duration::from_millis(500);
/// Spectators waiting on one room at once, at most (429 beyond).
pub const MAX_SPECTATORS: usize = 64;
/// Most seats at a room created over the network.
pub const MAX_SEATS: usize = 8;
/// Rooms one client address may create: 10 at once, then one more every 6 minutes.
pub const CREATE_RATE: RecordRate = RecordRate { per_minute: 10, burst: 10 };
/// Moves and other writes one client address may send: 1,200 a minute, 600 at once (a
/// household behind one address, or a whole game played as fast as a script can).
pub const WRITE_RATE: RecordRate = RecordRate { per_minute: 1200, burst: 600 };
/// Events the server plays in a row (bots, stand-ins) before it lets a request answer.
const MAX_SERVER_MOVES: usize = 400;

/// How long a player may be gone, when it is their turn, before the strong bot plays for
/// them (docs/service.md, Rooms): the game's own figure
/// ([`hexforge_rules::play::descriptor::GameDescriptor::grace_seconds`]), two minutes for a
/// name that is no game.
pub fn grace(game: &str) -> Duration {
    Duration::from_secs(hexforge_rules::game(game).map_or(120, |g| g.grace_seconds))
}

/// Why a request about a room was refused: its status, a stable name (the rule's name for
/// an illegal move) and a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomError {
    pub status: StatusCode,
    pub rule: &'static str,
    pub message: String,
}

impl RoomError {
    pub fn new(status: StatusCode, rule: &'static str, message: impl Into<String>) -> RoomError {
        RoomError { status, rule, message: message.into() }
    }

    fn database(error: impl std::fmt::Display) -> RoomError {
        tracing::warn!(error = %error, "the rooms' database failed");
        RoomError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "database",
            "the rooms' database is not reachable at the moment",
        )
    }
}

impl IntoResponse for RoomError {
    fn into_response(self) -> Response {
        let mut response = (self.status, axum::Json(json!({"error": self.message, "rule": self.rule}))).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from(5));
        }
        response
    }
}

/// What `POST /api/rooms` asks for.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    pub game: String,
    /// Who sits at each seat: `person`, or a bot (`random`, `greedy`, `search`).
    pub seats: Vec<String>,
    #[serde(default)]
    pub options: std::collections::BTreeMap<String, String>,
}

/// The counters `/metrics` shows.
#[derive(Debug, Default)]
pub struct RoomCounters {
    pub rooms_created: AtomicU64,
    pub seats_created: AtomicU64,
    pub moves: AtomicU64,
    pub server_moves: AtomicU64,
    pub reconnects: AtomicU64,
    pub stale: AtomicU64,
    /// Live sockets open now, opened in all, and opened with a last event number.
    pub sockets_open: AtomicU64,
    pub sockets_opened: AtomicU64,
    pub socket_reconnects: AtomicU64,
}

/// The rooms of one process: locks, presence, waiting clients and limits, in memory; the
/// rooms themselves are in the database.
pub struct Rooms {
    locks: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    /// When each seat's player last asked anything (room, seat).
    seen: Mutex<HashMap<(String, Seat), Instant>>,
    spectators: Mutex<HashMap<String, usize>>,
    /// Who waits for a room's next event, woken per room ([`super::live::Hub`]).
    pub(super) hub: super::live::Hub,
    create_limit: RecordLimiter,
    pub(super) write_limit: RecordLimiter,
    /// The grace period for every game, instead of [`grace`]'s (tests).
    grace: Option<Duration>,
    last_expiry: Mutex<Option<Instant>>,
    /// Events are announced to other replicas (PostgreSQL's NOTIFY; [`super::announce`]).
    pub(super) announcing: std::sync::atomic::AtomicBool,
    pub counters: RoomCounters,
}

impl Default for Rooms {
    fn default() -> Self {
        Rooms::new(None)
    }
}

impl Rooms {
    /// Rooms with the documented grace periods, or `grace` for every game.
    pub fn new(grace: Option<Duration>) -> Rooms {
        Rooms {
            locks: Mutex::default(),
            seen: Mutex::default(),
            spectators: Mutex::default(),
            hub: super::live::Hub::default(),
            create_limit: RecordLimiter::new(CREATE_RATE),
            write_limit: RecordLimiter::new(WRITE_RATE),
            grace,
            last_expiry: Mutex::new(None),
            announcing: std::sync::atomic::AtomicBool::new(false),
            counters: RoomCounters::default(),
        }
    }

    /// Listens for the other replicas' events on the PostgreSQL database `url`, and
    /// announces this one's, from now on (a task on the current runtime).
    pub fn listen(self: &Arc<Self>, url: String) {
        self.announcing.store(true, Relaxed);
        let rooms = Arc::clone(self);
        tokio::spawn(super::announce::listen(url, move |room, seq| rooms.hub.wake(room, seq)));
    }

    /// Wakes this process's waiting polls and sockets, and the other replicas', after
    /// event `seq`.
    async fn announce(&self, pool: &AnyPool, id: &str, seq: i64) {
        self.hub.wake(id, seq);
        if self.announcing.load(Relaxed) {
            super::announce::notify(pool, id, seq).await;
        }
    }

    fn lock(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
        if locks.len() > 100_000 {
            locks.retain(|_, lock| Arc::strong_count(lock) > 1);
        }
        Arc::clone(locks.entry(id.to_string()).or_default())
    }

    pub(super) fn mark_seen(&self, room: &Room, who: Who) {
        if let Who::Seat(seat) = who {
            let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            seen.insert((room.id.clone(), seat), Instant::now());
        }
    }

    /// The person seats whose players are gone past the grace period (never seen here: gone
    /// since this process first heard of the room).
    pub(super) fn absent(&self, room: &Room) -> Vec<Seat> {
        let grace = self.grace.unwrap_or_else(|| grace(room.rules.name()));
        let now = Instant::now();
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        (0..room.players())
            .filter(|&seat| matches!(room.seating.seats[seat], Sitter::Person { .. }))
            .filter(|&seat| now.duration_since(*seen.entry((room.id.clone(), seat)).or_insert(now)) > grace)
            .collect()
    }

    pub(super) fn refuse_over_rate(
        limiter: &RecordLimiter,
        client: Option<IpAddr>,
        what: &str,
    ) -> Result<(), RoomError> {
        if limiter.allow(client) {
            return Ok(());
        }
        Err(RoomError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate",
            format!("too many {what} from this address; wait a minute"),
        ))
    }

    /// Creates a room: its seats, a key per person seat and one for spectators.
    pub async fn create(
        &self,
        pool: &AnyPool,
        request: CreateRequest,
        client: Option<IpAddr>,
    ) -> Result<Value, RoomError> {
        let bad = |rule, message: String| RoomError::new(StatusCode::BAD_REQUEST, rule, message);
        let Some(rules) = hexforge_rules::game(&request.game) else {
            let names: Vec<&str> = hexforge_rules::games().iter().map(|r| r.name()).collect();
            return Err(bad("unknown-game", format!("no game {:?}; the games are {}", request.game, names.join(", "))));
        };
        if request.seats.is_empty() || request.seats.len() > MAX_SEATS {
            return Err(bad("players", format!("{} seats: a room has 1 to {MAX_SEATS}", request.seats.len())));
        }
        let mut keys = Vec::new();
        let mut seats = Vec::new();
        for (seat, sitter) in request.seats.iter().enumerate() {
            if sitter == super::PERSON {
                let key = super::new_key();
                seats.push(Sitter::Person { key: super::key_hash(&key) });
                keys.push((seat, key));
            } else if sitter.parse::<Bot>().is_ok() {
                seats
                    .push(Sitter::Bot { bot: sitter.parse::<Bot>().map(|b| b.name().to_string()).unwrap_or_default() });
            } else {
                let message = format!("seat {seat} {sitter:?}: expected person, random, greedy or search");
                return Err(bad("bad-seat", message));
            }
        }
        if keys.is_empty() {
            return Err(bad("no-person", "a room needs at least one seat for a person".to_string()));
        }
        let options: Vec<(String, String)> = request.options.into_iter().collect();
        let setup = Setup { players: Some(seats.len()), options: options.clone() };
        let seed: u64 = rand::random();
        rules.table(&setup, seed).map_err(|e| bad(e.rule, e.message))?;
        Self::refuse_over_rate(&self.create_limit, client, "rooms")?;
        self.expire_now_and_then(pool).await;
        let spectators = super::new_key();
        let id = super::new_room_id();
        let now = now_millis();
        let seating = Seating { seats, spectators: super::key_hash(&spectators) };
        let row = RoomRow {
            id: id.clone(),
            game: rules.name().to_string(),
            setup: serde_json::to_string(&StoredSetup { players: setup.players.unwrap_or(1), options })
                .unwrap_or_default(),
            seed,
            seats: serde_json::to_string(&seating).unwrap_or_default(),
            created_at: now,
            last_active: now,
        };
        store::insert_room(pool, &row).await.map_err(RoomError::database)?;
        self.counters.rooms_created.fetch_add(1, Relaxed);
        self.counters.seats_created.fetch_add(keys.len() as u64, Relaxed);
        let room = Room::of(&row).map_err(|e| RoomError::new(StatusCode::SERVICE_UNAVAILABLE, "room", e))?;
        for (seat, _) in &keys {
            self.mark_seen(&room, Who::Seat(*seat));
        }
        self.advance(pool, &room).await?;
        let invites: Vec<Value> = keys
            .iter()
            .map(|(seat, key)| json!({"seat": seat, "key": key, "link": format!("/room/{id}#key={key}")}))
            .collect();
        Ok(json!({
            "room": id,
            "game": rules.name(),
            "players": room.players(),
            "seats": invites,
            "spectators": {"key": spectators, "link": format!("/room/{id}#key={spectators}")},
        }))
    }

    pub(super) async fn room(&self, pool: &AnyPool, id: &str) -> Result<Room, RoomError> {
        let row = store::room(pool, id).await.map_err(RoomError::database)?;
        let row = row.ok_or_else(|| {
            RoomError::new(StatusCode::NOT_FOUND, "no-room", format!("no room {id:?}: it never was, or it expired"))
        })?;
        Room::of(&row).map_err(|e| RoomError::new(StatusCode::GONE, "room", e))
    }

    pub(super) async fn log(&self, pool: &AnyPool, id: &str) -> Result<Vec<(i64, Event)>, RoomError> {
        let rows = store::events(pool, id, 0).await.map_err(RoomError::database)?;
        rows.into_iter()
            .map(|(seq, text)| {
                let event = serde_json::from_str(&text)
                    .map_err(|e| RoomError::new(StatusCode::GONE, "room", format!("event {seq}: {e}")))?;
                Ok((seq, event))
            })
            .collect()
    }

    pub(super) fn who(room: &Room, key: &str) -> Result<Who, RoomError> {
        room.who(key).ok_or_else(|| {
            RoomError::new(
                StatusCode::FORBIDDEN,
                "bad-key",
                "this key is no seat's and not the spectators' of this room",
            )
        })
    }

    fn rebuilt(room: &Room, log: &[(i64, Event)], which: Option<u32>) -> Result<Built, RoomError> {
        built(room, log, which).map_err(|e| RoomError::new(StatusCode::NOT_FOUND, "no-game", e))
    }

    /// What `key`'s holder sees now; with `since`, waits up to `wait` for an event after it.
    pub async fn state(
        &self,
        pool: &AnyPool,
        id: &str,
        key: &str,
        since: Option<i64>,
        wait: Duration,
    ) -> Result<Value, RoomError> {
        let room = self.room(pool, id).await?;
        let who = Self::who(&room, key)?;
        self.mark_seen(&room, who);
        let _spectator = match who {
            Who::Spectator => Some(self.spectator(&room.id)?),
            Who::Seat(_) => None,
        };
        let deadline = Instant::now() + wait.min(MAX_WAIT);
        let mut news = self.hub.subscribe(&room.id);
        let mut first = true;
        loop {
            self.advance(pool, &room).await?;
            let last = store::last_seq(pool, id).await.map_err(RoomError::database)?;
            match since {
                Some(since) if last > since && first => {
                    self.counters.reconnects.fetch_add(1, Relaxed);
                    break;
                }
                Some(since) if last <= since && Instant::now() < deadline => {}
                _ => break,
            }
            first = false;
            let nap = REREAD.min(deadline.saturating_duration_since(Instant::now()));
            let _ = tokio::time::timeout(nap, news.changed()).await;
            self.mark_seen(&room, who);
        }
        self.message(pool, &room, who).await
    }

    async fn message(&self, pool: &AnyPool, room: &Room, who: Who) -> Result<Value, RoomError> {
        let log = self.log(pool, &room.id).await?;
        let absent = self.absent(room);
        let built = Self::rebuilt(room, &log, None)?;
        Ok(message(room, &built, who, &absent))
    }

    pub(super) fn spectator(&self, id: &str) -> Result<SpectatorSlot<'_>, RoomError> {
        let mut spectators = self.spectators.lock().unwrap_or_else(|e| e.into_inner());
        let watching = spectators.entry(id.to_string()).or_insert(0);
        if *watching >= MAX_SPECTATORS {
            let message = format!("{MAX_SPECTATORS} spectators are watching this room already");
            return Err(RoomError::new(StatusCode::TOO_MANY_REQUESTS, "spectators", message));
        }
        *watching += 1;
        Ok(SpectatorSlot { rooms: self, id: id.to_string() })
    }

    /// The room `id` and the seat holding `key`, for a write (within the write rate).
    async fn seated(
        &self,
        pool: &AnyPool,
        id: &str,
        key: &str,
        client: Option<IpAddr>,
        spectator: &str,
    ) -> Result<(Room, Seat), RoomError> {
        Self::refuse_over_rate(&self.write_limit, client, "moves")?;
        let room = self.room(pool, id).await?;
        let who = Self::who(&room, key)?;
        let Who::Seat(seat) = who else {
            return Err(RoomError::new(StatusCode::FORBIDDEN, "spectator", format!("a spectator {spectator}")));
        };
        self.mark_seen(&room, who);
        Ok((room, seat))
    }

    /// Writes the event `decide` makes of the table as the log leaves it, if the room is
    /// still at event `seq` (under the room's lock; the log's key refuses a second writer
    /// elsewhere); then the seats the server plays move, and `seat` is told the table.
    async fn write(
        &self,
        pool: &AnyPool,
        room: &Room,
        seat: Seat,
        seq: i64,
        decide: impl FnOnce(&Built) -> Result<Event, RoomError>,
    ) -> Result<Value, RoomError> {
        let stale = |message: String| {
            self.counters.stale.fetch_add(1, Relaxed);
            RoomError::new(StatusCode::CONFLICT, "stale", message)
        };
        let lock = self.lock(&room.id);
        {
            let _turn = lock.lock().await;
            let log = self.log(pool, &room.id).await?;
            let event = {
                let built = Self::rebuilt(room, &log, None)?;
                if seq != built.seq {
                    return Err(stale(format!(
                        "the move was made at event {seq}, but the room is at event {}",
                        built.seq
                    )));
                }
                decide(&built)?
            };
            let text = serde_json::to_string(&event).unwrap_or_default();
            if !store::append(pool, &room.id, seq + 1, &text, now_millis()).await.map_err(RoomError::database)? {
                return Err(stale(format!("another event was written as event {} first", seq + 1)));
            }
        }
        self.announce(pool, &room.id, seq + 1).await;
        self.advance(pool, room).await?;
        self.message(pool, room, Who::Seat(seat)).await
    }

    /// Plays the action numbered `action` for `key`'s seat, if the room is still at event `seq`.
    pub async fn play(
        &self,
        pool: &AnyPool,
        id: &str,
        key: &str,
        seq: i64,
        action: usize,
        client: Option<IpAddr>,
    ) -> Result<Value, RoomError> {
        let (room, seat) = self.seated(pool, id, key, client, "does not move").await?;
        let answer = self
            .write(pool, &room, seat, seq, |built| {
                let conflict = |rule, message: String| RoomError::new(StatusCode::CONFLICT, rule, message);
                if built.undo.is_some() {
                    let message = "an undo is asked: the game waits for every player's answer";
                    return Err(conflict("undo-pending", message.to_string()));
                }
                hexforge_rules::play::check_turn(built.table.to_move(), seat)
                    .map_err(|illegal| conflict(illegal.rule, illegal.message))?;
                let offered = built.table.actions().len();
                if action >= offered {
                    let message = format!("action {action} of {offered} offered");
                    return Err(RoomError::new(StatusCode::UNPROCESSABLE_ENTITY, "no-such-action", message));
                }
                Ok(Event::Move { seat, action, by: None })
            })
            .await?;
        self.counters.moves.fetch_add(1, Relaxed);
        Ok(answer)
    }

    /// A new game at the same table, once the game is over, for a seated player.
    pub async fn rematch(
        &self,
        pool: &AnyPool,
        id: &str,
        key: &str,
        seq: i64,
        client: Option<IpAddr>,
    ) -> Result<Value, RoomError> {
        let (room, seat) = self.seated(pool, id, key, client, "does not start a game").await?;
        self.write(pool, &room, seat, seq, |built| {
            if built.table.outcome().is_none() {
                return Err(RoomError::new(StatusCode::CONFLICT, "not-over", "a rematch waits for the game to end"));
            }
            Ok(Event::Rematch { rematch: built.table_no + 1 })
        })
        .await
    }

    /// Asks to take back `key`'s seat's last move (`yes` absent), or answers the undo asked.
    pub async fn undo(
        &self,
        pool: &AnyPool,
        id: &str,
        key: &str,
        seq: i64,
        yes: Option<bool>,
        client: Option<IpAddr>,
    ) -> Result<Value, RoomError> {
        let (room, seat) = self.seated(pool, id, key, client, "takes nothing back").await?;
        self.write(pool, &room, seat, seq, |built| {
            let conflict = |rule, message: String| RoomError::new(StatusCode::CONFLICT, rule, message);
            match (&built.undo, yes) {
                (None, None) => {
                    let to = super::undo::target(&room, built, seat).map_err(|(rule, m)| conflict(rule, m))?;
                    Ok(Event::UndoAsk { undo_ask: seat, to })
                }
                (None, Some(_)) => Err(conflict("no-undo-asked", "no undo is asked".to_string())),
                (Some(_), None) => Err(conflict("undo-pending", "an undo is asked already".to_string())),
                (Some(asked), Some(_)) if asked.asked_by == seat || asked.agreed.contains(&seat) => {
                    Err(conflict("answered", format!("seat {seat} has answered already")))
                }
                (Some(_), Some(yes)) => Ok(Event::UndoAnswer { undo_answer: seat, yes }),
            }
        })
        .await
    }

    /// Game `table`'s full record (the current game's when `None`), once it is over.
    pub async fn record(&self, pool: &AnyPool, id: &str, key: &str, table: Option<u32>) -> Result<String, RoomError> {
        let room = self.room(pool, id).await?;
        Self::who(&room, key)?;
        let log = self.log(pool, id).await?;
        let built = Self::rebuilt(&room, &log, table)?;
        if built.table.outcome().is_none() {
            let message = "the record is given out once the game is over: it holds the seed and every hidden card";
            return Err(RoomError::new(StatusCode::CONFLICT, "not-over", message));
        }
        Ok(built.table.record())
    }

    /// Plays the seats the server plays, while one of them is to move: a bot seat's bot,
    /// or the strong bot for a player gone past the grace period.
    pub(super) async fn advance(&self, pool: &AnyPool, room: &Room) -> Result<(), RoomError> {
        for _ in 0..MAX_SERVER_MOVES {
            let lock = self.lock(&room.id);
            let _turn = lock.lock().await;
            let log = self.log(pool, &room.id).await?;
            let absent = self.absent(room);
            let chosen = {
                let room = room.clone();
                crate::http::error::blocking(move || Ok(server_move(&room, &log, &absent)))
                    .await
                    .map_err(|_| RoomError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", "the referee is busy"))?
            };
            let Some((seq, event)) = chosen else { return Ok(()) };
            let text = serde_json::to_string(&event).unwrap_or_default();
            if !store::append(pool, &room.id, seq + 1, &text, now_millis()).await.map_err(RoomError::database)? {
                continue;
            }
            self.counters.server_moves.fetch_add(1, Relaxed);
            self.announce(pool, &room.id, seq + 1).await;
        }
        Ok(())
    }

    /// Deletes rooms idle past [`IDLE_EXPIRY`], at most once an hour.
    async fn expire_now_and_then(&self, pool: &AnyPool) {
        {
            let mut last = self.last_expiry.lock().unwrap_or_else(|e| e.into_inner());
            if last.is_some_and(|at| at.elapsed() < Duration::from_secs(3600)) {
                return;
            }
            *last = Some(Instant::now());
        }
        let before = now_millis() - IDLE_EXPIRY.as_millis() as i64;
        match store::expire(pool, before).await {
            Ok(gone) if gone > 0 => tracing::info!(rooms = gone, "idle rooms expired"),
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "idle rooms could not be expired"),
        }
    }
}

/// The event the server writes next at `room` (its number less one, and the move), if a
/// seat it plays is to move.
fn server_move(room: &Room, log: &[(i64, Event)], absent: &[Seat]) -> Option<(i64, Event)> {
    let built = built(room, log, None).ok()?;
    if built.undo.is_some() {
        return None;
    }
    let seat = built.table.to_move()?;
    let (bot, by) = match room.bot(seat) {
        Some(bot) => (bot, bot.name().to_string()),
        None if absent.contains(&seat) => {
            (Bot::Search { playouts: hexforge_rules::play::bots::SEARCH_PLAYOUTS }, "stand-in".to_string())
        }
        None => return None,
    };
    let action = built.table.choose(bot, room.bot_seed(built.seq + 1))?;
    Some((built.seq, Event::Move { seat, action, by: Some(by) }))
}

/// A spectator's place while it waits; given back when dropped.
pub(super) struct SpectatorSlot<'a> {
    rooms: &'a Rooms,
    id: String,
}

impl Drop for SpectatorSlot<'_> {
    fn drop(&mut self) {
        let mut spectators = self.rooms.spectators.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = spectators.get_mut(&self.id) {
            *n -= 1;
            if *n == 0 {
                spectators.remove(&self.id);
            }
        }
    }
}
