//! Live updates: a room's events carried to its seats and spectators the moment they are
//! written, on a socket each (`GET /api/rooms/{room}/live`, `src/http/room_socket.rs`;
//! docs/service.md, Rooms).
//!
//! Who waits for a room (a long poll, a socket) subscribes to the room's channel in the
//! [`Hub`]; writing an event wakes that room's waiters only, and a replica's announcement
//! ([`super::announce`]) wakes them the same way. A woken socket reads the log and sends,
//! for each event it has not sent, the one message a long poll answering at that event
//! would have sent ([`super::message`], nothing else builds one): so a client that comes
//! back with its last event number is given what it missed from the log, in order, never
//! a reset, and a seat is sent nothing `view(seat)` does not show.

use super::referee::{RoomError, Rooms, SpectatorSlot};
use super::{Room, Who};
use axum::http::StatusCode;
use hexforge_rules::play::Seat;
use sqlx::AnyPool;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How often a socket looks in on its room without being woken: its player is still here,
/// an absent player's seat is played, and (across replicas) the log is re-read for an
/// announcement that was missed.
pub const REREAD: Duration = Duration::from_secs(2);
/// Most events a socket is sent one by one when it comes back; the ones before are in
/// the first of those messages anyway (each is the whole table as that event left it).
pub const MAX_REPLAY: i64 = 256;
/// Sockets one seat may hold on its room at once (tabs, devices): 8 (429 beyond).
pub const MAX_SEAT_SOCKETS: usize = 8;

/// The rooms' channels: each carries the last event number announced for its room.
#[derive(Default)]
pub struct Hub {
    rooms: Mutex<HashMap<String, watch::Sender<i64>>>,
    /// Channels kept when the map was last pruned of those nobody listens to.
    kept: std::sync::atomic::AtomicUsize,
    /// Sockets open per seat (room, seat).
    seats: Mutex<HashMap<(String, Seat), usize>>,
}

impl Hub {
    /// A receiver woken by room `id`'s next event.
    pub fn subscribe(&self, id: &str) -> watch::Receiver<i64> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        if rooms.len() > 2 * self.kept.load(Relaxed).max(512) {
            rooms.retain(|_, channel| channel.receiver_count() > 0);
            self.kept.store(rooms.len(), Relaxed);
        }
        rooms.entry(id.to_string()).or_insert_with(|| watch::Sender::new(0)).subscribe()
    }

    /// Wakes whoever waits for room `id` (event `seq` was written); every room's waiters
    /// when `id` is empty (announcements may have been missed).
    pub fn wake(&self, id: &str, seq: i64) {
        let rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        if id.is_empty() {
            rooms.values().for_each(|channel| channel.send_modify(|_| {}));
        } else if let Some(channel) = rooms.get(id) {
            channel.send_modify(|last| *last = (*last).max(seq));
        }
    }
}

/// A socket's place at a room: the room, who holds the socket, the room's channel, and
/// the slot it takes (a spectator's, or one of the seat's sockets), given back when dropped.
pub struct Joined<'a> {
    pub room: Room,
    pub who: Who,
    pub news: watch::Receiver<i64>,
    rooms: &'a Rooms,
    pool: AnyPool,
    _spectator: Option<SpectatorSlot<'a>>,
}

impl Drop for Joined<'_> {
    fn drop(&mut self) {
        self.rooms.counters.sockets_open.fetch_sub(1, Relaxed);
        // The player was here until now: other replicas count their grace from this.
        self.rooms.mark_seen(&self.pool, &self.room, self.who, true);
        if let Who::Seat(seat) = self.who {
            let mut seats = self.rooms.hub.seats.lock().unwrap_or_else(|e| e.into_inner());
            let key = (self.room.id.clone(), seat);
            if let Some(n) = seats.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    seats.remove(&key);
                }
            }
        }
    }
}

impl Rooms {
    /// The room `id`, if there is one (before a socket is opened on it).
    pub async fn exists(&self, pool: &AnyPool, id: &str) -> Result<(), RoomError> {
        self.held(pool, id, 0, None).await.map(|_| ())
    }

    /// A socket on room `id` for `key`'s holder, who has the room up to event `since`
    /// (none: nothing yet), within the room's limits of spectators and sockets per seat.
    pub async fn join(&self, pool: &AnyPool, id: &str, key: &str, since: Option<i64>) -> Result<Joined<'_>, RoomError> {
        let room = self.held(pool, id, 0, None).await?.room.clone();
        let who = Self::who(&room, key)?;
        let spectator = match who {
            Who::Spectator => Some(self.spectator(&room.id)?),
            Who::Seat(seat) => {
                let mut seats = self.hub.seats.lock().unwrap_or_else(|e| e.into_inner());
                let open = seats.entry((room.id.clone(), seat)).or_insert(0);
                if *open >= MAX_SEAT_SOCKETS {
                    let message = format!("seat {seat} holds {MAX_SEAT_SOCKETS} sockets on this room already");
                    return Err(RoomError::new(StatusCode::TOO_MANY_REQUESTS, "sockets", message));
                }
                *open += 1;
                None
            }
        };
        self.mark_seen(pool, &room, who, true);
        let news = self.hub.subscribe(&room.id);
        self.counters.sockets_open.fetch_add(1, Relaxed);
        self.counters.sockets_opened.fetch_add(1, Relaxed);
        if since.is_some() {
            self.counters.socket_reconnects.fetch_add(1, Relaxed);
        }
        Ok(Joined { room, who, news, rooms: self, pool: pool.clone(), _spectator: spectator })
    }

    /// What `joined`'s holder has not been sent, after event `after`: for each later event
    /// (at most the last [`MAX_REPLAY`]), the message a long poll would have answered at
    /// it; with `after` none, or past the log's end, the message of the table as it is.
    /// And the log's last event number. The room's kept table answers: the log is read only
    /// from its kept end, when another replica announced an event after it (or, with
    /// replicas, every [`REREAD`] in case an announcement was missed).
    pub async fn catch_up(
        &self,
        pool: &AnyPool,
        joined: &Joined<'_>,
        after: Option<i64>,
    ) -> Result<(Vec<Arc<str>>, i64), RoomError> {
        let behind = *joined.news.borrow();
        let mut held = self.held(pool, &joined.room.id, behind, self.reread_every(REREAD / 2)).await?;
        let last = held.seq();
        let first = match after {
            Some(after) if after < last => after + 1,
            Some(after) if after == last => return Ok((Vec::new(), last)),
            _ => last,
        };
        let absent = self.absent(pool, &joined.room).await;
        let messages = held
            .replay(first.max(last - MAX_REPLAY + 1).max(0), joined.who, &absent)
            .map_err(|e| RoomError::new(StatusCode::GONE, "room", e))?;
        Ok((messages, last))
    }

    /// A socket's look-in every [`REREAD`]: its holder is here, and a seat whose player is
    /// gone past the grace period is played when it is to move.
    pub async fn keep(&self, pool: &AnyPool, joined: &Joined<'_>) -> Result<(), RoomError> {
        self.mark_seen(pool, &joined.room, joined.who, false);
        if !self.absent(pool, &joined.room).await.is_empty() {
            self.advance(pool, &joined.room.id).await?;
        }
        Ok(())
    }

    /// Whether events may be written by other replicas (so a socket re-reads the log on
    /// each look-in, in case an announcement was missed).
    pub fn replicated(&self) -> bool {
        self.announcing.load(Relaxed)
    }

    /// Counts a message that is not a move against the client's rate of writes.
    pub fn over_rate(&self, client: Option<IpAddr>) -> Result<(), RoomError> {
        Self::refuse_over_rate(&self.write_limit, client, "messages")
    }
}
