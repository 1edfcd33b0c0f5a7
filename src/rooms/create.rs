//! Creating a room (`POST /api/rooms`; docs/service.md, Rooms): its seats, a key per
//! person seat and one for spectators, its seed; the room is written, its table kept from
//! the start, and the bots move if one of them is first.

use super::referee::{CreateRequest, MAX_SEATS, RoomError, Rooms};
use super::store::{self, RoomRow};
use super::tables::Kept;
use super::{Room, Seating, Sitter, StoredSetup, Who};
use crate::results::now_millis;
use axum::http::StatusCode;
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::registry::Setup;
use serde_json::{Value, json};
use sqlx::AnyPool;
use std::net::IpAddr;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

impl Rooms {
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
            self.mark_seen(pool, &room, Who::Seat(*seat), false);
        }
        {
            // The table is kept from the start: nothing to read back.
            let mut held = self.tables.hold(&id).await;
            let kept = Kept::new(room.clone(), Vec::new(), Instant::now());
            held.put(kept.map_err(|e| RoomError::new(StatusCode::SERVICE_UNAVAILABLE, "room", e))?);
        }
        self.advance(pool, &id).await?;
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
}
