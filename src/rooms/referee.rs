//! The referee: every operation on a room, from a request to the database and back.
//!
//! A move is checked against the room's table as the log leaves it (kept in memory between
//! requests, [`super::tables`]) and written as the next event number; the number a client
//! saw goes with its move, so a move made on an old table is refused (`stale`), and of two
//! moves racing for one turn exactly one is written: in one process the room's turn orders
//! them, across replicas the log's primary key does. After each event the seats played by
//! the server move (bots, and the strong bot standing in for a player no replica has heard
//! from for longer than the game's grace period, [`super::presence`]). A client waits for
//! news with a long poll (`since`, `wait`) or on a socket ([`super::live`]): woken at once by
//! an event of this process or a replica's announcement, and a poll re-reading the log twice
//! a second for events written by another replica.

use super::store;
use super::tables::{Held, Kept};
use super::{Built, Event, Room, Sitter, Who, built, message};
use crate::results::{RecordLimiter, RecordRate, now_millis};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use hexforge_rules::play::Seat;
use hexforge_rules::play::bots::Bot;
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

    pub(super) fn database(error: impl std::fmt::Display) -> RoomError {
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

/// The rooms of one process: their kept tables (and turns), presence, waiting clients and
/// limits, in memory; the rooms themselves are in the database.
pub struct Rooms {
    pub(super) tables: super::tables::Tables,
    /// When each seat's player was last heard from, shared through the database.
    presence: super::presence::Presence,
    spectators: Mutex<HashMap<String, usize>>,
    /// Who waits for a room's next event, woken per room ([`super::live::Hub`]).
    pub(super) hub: super::live::Hub,
    pub(super) create_limit: RecordLimiter,
    pub(super) write_limit: RecordLimiter,
    /// The grace period for every game, instead of [`grace`]'s (tests).
    grace: Option<Duration>,
    last_expiry: Mutex<Option<Instant>>,
    /// Events are announced to other replicas (PostgreSQL's NOTIFY; [`super::announce`]).
    pub(super) announcing: std::sync::atomic::AtomicBool,
    /// The turn of this process's writes of events when no other process writes (SQLite).
    sqlite_writer: tokio::sync::Mutex<()>,
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
            tables: super::tables::Tables::default(),
            presence: super::presence::Presence::default(),
            spectators: Mutex::default(),
            hub: super::live::Hub::default(),
            create_limit: RecordLimiter::new(CREATE_RATE),
            write_limit: RecordLimiter::new(WRITE_RATE),
            grace,
            last_expiry: Mutex::new(None),
            announcing: std::sync::atomic::AtomicBool::new(false),
            sqlite_writer: tokio::sync::Mutex::new(()),
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

    /// The grace period of `room`'s game (or the one set for every game).
    fn grace_of(&self, room: &Room) -> Duration {
        self.grace.unwrap_or_else(|| grace(room.rules.name()))
    }

    /// Notes that `who` was heard from (written to the database at once with `at_once`: a
    /// socket opened or closed).
    pub(super) fn mark_seen(&self, pool: &AnyPool, room: &Room, who: Who, at_once: bool) {
        if let Who::Seat(seat) = who {
            self.presence.mark(pool, &room.id, seat, self.grace_of(room), at_once, self.replicated());
        }
    }

    /// The person seats whose players no replica has heard from for longer than the grace
    /// period (this process counting from when it first heard of the room).
    pub(super) async fn absent(&self, pool: &AnyPool, room: &Room) -> Vec<Seat> {
        let people: Vec<Seat> =
            (0..room.players()).filter(|&seat| matches!(room.seating.seats[seat], Sitter::Person { .. })).collect();
        self.presence.gone(pool, &room.id, &people, self.grace_of(room), self.replicated()).await
    }

    /// Room `id`'s table, its turn held: read from the database when not kept here, and
    /// read on from the log's kept end when it may be behind (an event after `behind` was
    /// announced, or with `reread`, the log was last read longer ago than that).
    pub(super) async fn held(
        &self,
        pool: &AnyPool,
        id: &str,
        behind: i64,
        reread: Option<Duration>,
    ) -> Result<Held, RoomError> {
        let mut held = self.tables.hold(id).await;
        match held.kept() {
            None => {
                let read = Instant::now();
                let room = self.room(pool, id).await?;
                let log = self.log(pool, id, 0).await?;
                held.put(Kept::new(room, log, read).map_err(|e| RoomError::new(StatusCode::GONE, "room", e))?);
            }
            Some(kept) if kept.seq() < behind || reread.is_some_and(|every| kept.read.elapsed() >= every) => {
                self.reread(pool, &mut held).await?;
            }
            Some(_) => {}
        }
        Ok(held)
    }

    /// Reads the log on from the held table's last event, and applies what another
    /// replica wrote.
    async fn reread(&self, pool: &AnyPool, held: &mut Held) -> Result<(), RoomError> {
        let read = Instant::now();
        let events = self.log(pool, &held.room.id, held.seq()).await?;
        held.read = read;
        for (seq, event) in events {
            if let Err(e) = held.push(seq, event) {
                held.take();
                return Err(RoomError::new(StatusCode::GONE, "room", e));
            }
        }
        Ok(())
    }

    /// Writes `event` as the held table's next event and applies it, waking this process's
    /// waiters and (in the same transaction) announcing it to the other replicas. `false`:
    /// another replica wrote that number first (the table is then read on from the log).
    async fn append(&self, pool: &AnyPool, held: &mut Held, event: Event) -> Result<bool, RoomError> {
        let seq = held.seq() + 1;
        let text = serde_json::to_string(&event).unwrap_or_default();
        let written = {
            // SQLite writes one transaction at a time: this process's rooms take turns
            // here rather than in SQLite's busy wait, which sleeps in steps of milliseconds.
            let _turn = match self.replicated() {
                false => Some(self.sqlite_writer.lock().await),
                true => None,
            };
            store::append(pool, &held.room.id, seq, &text, now_millis(), self.replicated())
                .await
                .map_err(RoomError::database)?
        };
        if !written {
            self.reread(pool, held).await?;
            return Ok(false);
        }
        if let Err(e) = held.push(seq, event) {
            held.take();
            return Err(RoomError::new(StatusCode::GONE, "room", e));
        }
        self.hub.wake(&held.room.id, seq);
        Ok(true)
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

    pub(super) async fn room(&self, pool: &AnyPool, id: &str) -> Result<Room, RoomError> {
        let row = store::room(pool, id).await.map_err(RoomError::database)?;
        let row = row.ok_or_else(|| {
            RoomError::new(StatusCode::NOT_FOUND, "no-room", format!("no room {id:?}: it never was, or it expired"))
        })?;
        Room::of(&row).map_err(|e| RoomError::new(StatusCode::GONE, "room", e))
    }

    /// Room `id`'s events after event `since`.
    async fn log(&self, pool: &AnyPool, id: &str, since: i64) -> Result<Vec<(i64, Event)>, RoomError> {
        let rows = store::events(pool, id, since).await.map_err(RoomError::database)?;
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

    /// How far behind the log a held table may be before it is read on: in step with
    /// other replicas' writers, never when this process is the only one.
    pub(super) fn reread_every(&self, every: Duration) -> Option<Duration> {
        self.replicated().then_some(every)
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
        let room = self.held(pool, id, 0, None).await?.room.clone();
        let who = Self::who(&room, key)?;
        self.mark_seen(pool, &room, who, false);
        let _spectator = match who {
            Who::Spectator => Some(self.spectator(&room.id)?),
            Who::Seat(_) => None,
        };
        let deadline = Instant::now() + wait.min(MAX_WAIT);
        let mut news = self.hub.subscribe(&room.id);
        let mut first = true;
        loop {
            self.advance(pool, id).await?;
            let behind = *news.borrow_and_update();
            // With replicas, a request's first look reads the log on (another replica may
            // have written an event not announced here yet); a waiting poll's, twice a second.
            let every = if first { Duration::ZERO } else { REREAD };
            let last = self.held(pool, id, behind, self.reread_every(every)).await?.seq();
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
            self.mark_seen(pool, &room, who, false);
        }
        self.answer(pool, id, who).await
    }

    /// What the room tells `who` now, as JSON.
    async fn answer(&self, pool: &AnyPool, id: &str, who: Who) -> Result<Value, RoomError> {
        let held = self.held(pool, id, 0, None).await?;
        let absent = self.absent(pool, &held.room).await;
        Ok(message(&held.room, &held.built, who, &absent))
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

    /// The room `id`, held, and the seat holding `key`, for a write (within the write rate).
    async fn seated(
        &self,
        pool: &AnyPool,
        id: &str,
        key: &str,
        client: Option<IpAddr>,
        spectator: &str,
    ) -> Result<(Held, Seat), RoomError> {
        Self::refuse_over_rate(&self.write_limit, client, "moves")?;
        let held = self.held(pool, id, 0, None).await?;
        let who = Self::who(&held.room, key)?;
        let Who::Seat(seat) = who else {
            return Err(RoomError::new(StatusCode::FORBIDDEN, "spectator", format!("a spectator {spectator}")));
        };
        self.mark_seen(pool, &held.room, who, false);
        Ok((held, seat))
    }

    /// Writes the event `decide` makes of the held table, if the room is still at event
    /// `seq` (the room's turn orders this process's writers; the log's key refuses a second
    /// writer elsewhere); then the seats the server plays move.
    async fn write(
        &self,
        pool: &AnyPool,
        mut held: Held,
        seq: i64,
        decide: impl FnOnce(&Room, &Built) -> Result<Event, RoomError>,
    ) -> Result<(), RoomError> {
        let stale = |message: String| {
            self.counters.stale.fetch_add(1, Relaxed);
            RoomError::new(StatusCode::CONFLICT, "stale", message)
        };
        if seq > held.seq() {
            // The client saw an event this process has not read yet (another replica's).
            self.reread(pool, &mut held).await?;
        }
        if seq != held.seq() {
            return Err(stale(format!("the move was made at event {seq}, but the room is at event {}", held.seq())));
        }
        let event = decide(&held.room, &held.built)?;
        if !self.append(pool, &mut held, event).await? {
            return Err(stale(format!("another event was written as event {} first", seq + 1)));
        }
        let id = held.room.id.clone();
        // The turn is let go first: the sockets woken by the move send it before the
        // server's seats think.
        drop(held);
        self.advance(pool, &id).await
    }

    /// Plays the action numbered `action` for `key`'s seat, if the room is still at event
    /// `seq`; what the seat sees then.
    pub async fn play(
        &self,
        pool: &AnyPool,
        id: &str,
        key: &str,
        seq: i64,
        action: usize,
        client: Option<IpAddr>,
    ) -> Result<Value, RoomError> {
        let seat = self.play_quietly(pool, id, key, seq, action, client).await?;
        self.answer(pool, id, Who::Seat(seat)).await
    }

    /// [`Rooms::play`] without the answer (a socket's move is answered by the socket's
    /// next message); the seat that moved.
    pub async fn play_quietly(
        &self,
        pool: &AnyPool,
        id: &str,
        key: &str,
        seq: i64,
        action: usize,
        client: Option<IpAddr>,
    ) -> Result<Seat, RoomError> {
        let (held, seat) = self.seated(pool, id, key, client, "does not move").await?;
        self.write(pool, held, seq, |_, built| {
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
        Ok(seat)
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
        let (held, seat) = self.seated(pool, id, key, client, "does not start a game").await?;
        self.write(pool, held, seq, |_, built| {
            if built.table.outcome().is_none() {
                return Err(RoomError::new(StatusCode::CONFLICT, "not-over", "a rematch waits for the game to end"));
            }
            Ok(Event::Rematch { rematch: built.table_no + 1 })
        })
        .await?;
        self.answer(pool, id, Who::Seat(seat)).await
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
        let (held, seat) = self.seated(pool, id, key, client, "takes nothing back").await?;
        self.write(pool, held, seq, |room, built| {
            let conflict = |rule, message: String| RoomError::new(StatusCode::CONFLICT, rule, message);
            match (&built.undo, yes) {
                (None, None) => {
                    let to = super::undo::target(room, built, seat).map_err(|(rule, m)| conflict(rule, m))?;
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
        .await?;
        self.answer(pool, id, Who::Seat(seat)).await
    }

    /// Game `table`'s full record (the current game's when `None`), once it is over.
    pub async fn record(&self, pool: &AnyPool, id: &str, key: &str, table: Option<u32>) -> Result<String, RoomError> {
        let held = self.held(pool, id, 0, self.reread_every(Duration::ZERO)).await?;
        Self::who(&held.room, key)?;
        let built =
            built(&held.room, &held.log, table).map_err(|e| RoomError::new(StatusCode::NOT_FOUND, "no-game", e))?;
        if built.table.outcome().is_none() {
            let message = "the record is given out once the game is over: it holds the seed and every hidden card";
            return Err(RoomError::new(StatusCode::CONFLICT, "not-over", message));
        }
        Ok(built.table.record())
    }

    /// Plays the seats the server plays, while one of them is to move: a bot seat's bot,
    /// or the strong bot for a player gone past the grace period. The room's turn is let
    /// go between two moves.
    pub(super) async fn advance(&self, pool: &AnyPool, id: &str) -> Result<(), RoomError> {
        for _ in 0..MAX_SERVER_MOVES {
            let mut held = self.held(pool, id, 0, None).await?;
            let Some((seat, bot, by)) = self.server_seat(pool, &held).await else { return Ok(()) };
            let seed = held.room.bot_seed(held.seq() + 1);
            let action = if matches!(bot, Bot::Search { .. }) {
                // The strong bot thinks on a thread of its own, the table lent to it.
                let Some(kept) = held.take() else { return Ok(()) };
                let busy = |_| RoomError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", "the referee is busy");
                let (kept, action) = crate::http::error::blocking(move || {
                    let action = kept.built.table.choose(bot, seed);
                    Ok((kept, action))
                })
                .await
                .map_err(busy)?;
                held.put(kept);
                action
            } else {
                held.built.table.choose(bot, seed)
            };
            let Some(action) = action else { return Ok(()) };
            if self.append(pool, &mut held, Event::Move { seat, action, by: Some(by) }).await? {
                self.counters.server_moves.fetch_add(1, Relaxed);
            }
        }
        Ok(())
    }

    /// The seat the server plays next at the held table, if one is to move: its bot, and
    /// the name its move is written with.
    async fn server_seat(&self, pool: &AnyPool, kept: &Kept) -> Option<(Seat, Bot, String)> {
        if kept.built.undo.is_some() {
            return None;
        }
        let seat = kept.built.table.to_move()?;
        match kept.room.bot(seat) {
            Some(bot) => Some((seat, bot, bot.name().to_string())),
            None if self.absent(pool, &kept.room).await.contains(&seat) => {
                Some((seat, Bot::Search { playouts: hexforge_rules::play::bots::SEARCH_PLAYOUTS }, "stand-in".into()))
            }
            None => None,
        }
    }

    /// Deletes rooms idle past [`IDLE_EXPIRY`], at most once an hour.
    pub(super) async fn expire_now_and_then(&self, pool: &AnyPool) {
        {
            let mut last = self.last_expiry.lock().unwrap_or_else(|e| e.into_inner());
            if last.is_some_and(|at| at.elapsed() < Duration::from_secs(3600)) {
                return;
            }
            *last = Some(Instant::now());
        }
        let before = now_millis() - IDLE_EXPIRY.as_millis() as i64;
        match store::expire(pool, before).await {
            Ok(gone) if gone > 0 => {
                tracing::info!(rooms = gone, "idle rooms expired");
                self.tables.forget();
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "idle rooms could not be expired"),
        }
    }
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
