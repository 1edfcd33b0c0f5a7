//! Who is here: when each seat's player was last heard from, shared by the replicas
//! through the database (`room_seen`), so that a replica never stands in for a player
//! connected to another one (docs/service.md, Rooms).
//!
//! Each process notes when it hears from a seat (a request, a socket's look-in); with
//! replicas (PostgreSQL) it writes that time to the database when the seat's socket opens
//! or closes, and otherwise at most every [`write_every`] per seat, off the request's path
//! (a process serving the rooms alone keeps it in memory only). A seat looks gone to this
//! process once it has not heard from it for the grace period (a process that never heard
//! from it counts from when it first heard of the room); only then is the database asked
//! (at most every [`CHECK_EVERY`] per room), and a later time written there by another
//! replica means the player is still here.

use super::store;
use crate::results::now_millis;
use hexforge_rules::play::Seat;
use sqlx::AnyPool;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often this process asks the database about a room's seats that look gone here.
pub const CHECK_EVERY: Duration = Duration::from_secs(1);

/// How often a seat's last-seen time is written while its player is here: every 5 s, or
/// a quarter of the grace period when that is shorter (so other replicas always hear of
/// the player well within it).
pub fn write_every(grace: Duration) -> Duration {
    (grace / 4).min(Duration::from_secs(5))
}

#[derive(Clone, Copy)]
struct Seen {
    /// When this process last heard from the seat, or learnt from the database it was heard.
    at: Instant,
    /// When this process last wrote it to the database.
    written: Option<Instant>,
}

/// The seats' last-seen times as this process knows them.
#[derive(Default)]
pub struct Presence {
    seen: Mutex<HashMap<(String, Seat), Seen>>,
    /// When the database was last asked about a room's seats.
    checked: Mutex<HashMap<String, Instant>>,
}

impl Presence {
    /// Notes that `seat` of room `id` was heard from now; writes it to the database (in the
    /// background) when `at_once` says so, or when the last write is older than
    /// [`write_every`]`(grace)`.
    /// Nothing is written without `shared` (one process serves the rooms alone).
    pub fn mark(&self, pool: &AnyPool, id: &str, seat: Seat, grace: Duration, at_once: bool, shared: bool) {
        let now = Instant::now();
        let write = {
            let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            let entry = seen.entry((id.to_string(), seat)).or_insert(Seen { at: now, written: None });
            entry.at = now;
            let due = shared && (at_once || entry.written.is_none_or(|w| now.duration_since(w) >= write_every(grace)));
            if due {
                entry.written = Some(now);
            }
            due
        };
        if let (true, Ok(runtime)) = (write, tokio::runtime::Handle::try_current()) {
            let (pool, id, at) = (pool.clone(), id.to_string(), now_millis());
            runtime.spawn(async move {
                if let Err(error) = store::seen(&pool, &id, seat, at).await {
                    tracing::debug!(%error, "a seat's last-seen time could not be written");
                }
            });
        }
    }

    /// Which of `seats` of room `id` have not been heard from, by any replica (this one
    /// alone without `shared`), for longer than `grace`.
    pub async fn gone(&self, pool: &AnyPool, id: &str, seats: &[Seat], grace: Duration, shared: bool) -> Vec<Seat> {
        let local = self.gone_here(id, seats, grace);
        if local.is_empty() || !shared {
            return local;
        }
        let due = {
            let mut checked = self.checked.lock().unwrap_or_else(|e| e.into_inner());
            if checked.len() > 100_000 {
                checked.retain(|_, at| at.elapsed() < CHECK_EVERY);
            }
            let due = checked.get(id).is_none_or(|at| at.elapsed() >= CHECK_EVERY);
            if due {
                checked.insert(id.to_string(), Instant::now());
            }
            due
        };
        if !due {
            return local;
        }
        match store::seen_at(pool, id).await {
            Ok(times) => {
                let (now, now_ms) = (Instant::now(), now_millis());
                let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
                for (seat, at_ms) in times {
                    let ago = Duration::from_millis(now_ms.saturating_sub(at_ms).max(0) as u64);
                    let at = now.checked_sub(ago).unwrap_or(now);
                    if let Some(entry) = seen.get_mut(&(id.to_string(), seat))
                        && entry.at < at
                    {
                        entry.at = at;
                    }
                }
            }
            // The database is away: nobody is taken for gone on this process's word alone.
            Err(error) => {
                tracing::debug!(%error, "the seats' last-seen times could not be read");
                return Vec::new();
            }
        }
        self.gone_here(id, seats, grace)
    }

    /// Which of `seats` this process has not heard from (nor learnt of) for longer than `grace`.
    fn gone_here(&self, id: &str, seats: &[Seat], grace: Duration) -> Vec<Seat> {
        let now = Instant::now();
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() > 200_000 {
            seen.retain(|_, s| now.duration_since(s.at) < Duration::from_secs(3600));
        }
        seats
            .iter()
            .copied()
            .filter(|&seat| {
                let entry = seen.entry((id.to_string(), seat)).or_insert(Seen { at: now, written: None });
                now.duration_since(entry.at) > grace
            })
            .collect()
    }
}
