//! Rooms: friends playing one game over the network, the server as referee
//! (docs/service.md, Rooms).
//!
//! A room is a game of the registry with its options, a seat for each player (a person,
//! reached by an invite link holding the seat's key, or a bot) and a key for spectators.
//! The server deals and keeps the seed and every hidden card; what happened at the table is
//! an append-only log of events in the results database ([`store`]), and a table is the
//! game dealt from the room's seed with the log's moves applied, through the rules crate's
//! engine ([`Built`]). Each seat is sent only [`message`]: what `view(seat)` shows, the
//! actions it may take when it is to move, and the room's public facts; spectators the
//! part every seat sees alike ([`public_view`]). The full record is given out only once the
//! game is over.
//!
//! [`referee`] runs the rooms: the checks of a move and its writing, bots, long polls,
//! stand-ins for absent players, limits and expiry; [`tables`] keeps each room's table
//! between requests; [`presence`] shares who is here across replicas; [`live`] the
//! sockets that carry each event to the seats at once.

pub mod announce;
pub mod create;
pub mod live;
pub mod presence;
pub mod referee;
pub mod store;
pub mod tables;
pub mod undo;

pub use referee::{RoomError, Rooms};

/// The word for a seat a person takes in `POST /api/rooms` (the others name a bot).
pub const PERSON: &str = "person";

use hexforge_rules::play::Seat;
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::registry::{Rules, Session, Setup};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub use hexforge_rules::play::public::{private_fields, public_view, seat_part};
use sha2::Digest;

/// Who sits at a seat, as stored: a person (the SHA-256 of their key) or a bot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sitter {
    Person { key: String },
    Bot { bot: String },
}

/// The seats of a room and its spectators' key, as stored (`rooms.seats`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seating {
    pub seats: Vec<Sitter>,
    pub spectators: String,
}

/// A room's setup as stored (`rooms.setup`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSetup {
    pub players: usize,
    pub options: Vec<(String, String)>,
}

/// One event of a room's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Event {
    /// A seat took the legal action of this index. `by` names who chose it when not the
    /// seat's own player: a bot seat's bot, or the stand-in for an absent player.
    Move {
        seat: Seat,
        action: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    /// A new game at the same table (the number of games played before it).
    Rematch { rematch: u32 },
    /// A seat asks to take back the moves after event `to` (its last move and the server's
    /// after it); every other person must agree ([`undo`]).
    UndoAsk { undo_ask: Seat, to: i64 },
    /// A seat's answer to the undo asked.
    UndoAnswer { undo_answer: Seat, yes: bool },
}

/// A room read back: its game, setup, seed and seating.
#[derive(Clone)]
pub struct Room {
    pub id: String,
    pub rules: &'static dyn Rules,
    pub setup: Setup,
    pub seed: u64,
    pub seating: Seating,
}

impl Room {
    /// The room stored as `row`, or why it cannot be read (a game no longer served).
    pub fn of(row: &store::RoomRow) -> Result<Room, String> {
        let rules = hexforge_rules::game(&row.game)
            .map(|game| game.rules)
            .ok_or_else(|| format!("the game {:?} is not served", row.game))?;
        let setup: StoredSetup = serde_json::from_str(&row.setup).map_err(|e| format!("setup: {e}"))?;
        let seating: Seating = serde_json::from_str(&row.seats).map_err(|e| format!("seats: {e}"))?;
        let setup = Setup { players: Some(setup.players), options: setup.options };
        Ok(Room { id: row.id.clone(), rules, setup, seed: row.seed, seating })
    }

    pub fn players(&self) -> usize {
        self.seating.seats.len()
    }

    /// Who holds `key`: a seat, or a spectator; `None` for a key of nobody here.
    pub fn who(&self, key: &str) -> Option<Who> {
        let hash = key_hash(key);
        if let Some(seat) = self.seating.seats.iter().position(|s| matches!(s, Sitter::Person { key } if *key == hash))
        {
            return Some(Who::Seat(seat));
        }
        (self.seating.spectators == hash).then_some(Who::Spectator)
    }

    /// The bot at `seat`, if a bot sits there.
    pub fn bot(&self, seat: Seat) -> Option<Bot> {
        match self.seating.seats.get(seat)? {
            Sitter::Bot { bot } => bot.parse().ok(),
            Sitter::Person { .. } => None,
        }
    }

    /// The seed of game `table` at this room (0 the first, one more each rematch).
    pub fn table_seed(&self, table: u32) -> u64 {
        hexforge_rules::play::simulate::game_seed(self.seed, u64::from(table))
    }

    /// The seed a bot chooses event `seq`'s action with.
    pub fn bot_seed(&self, seq: i64) -> u64 {
        hexforge_rules::play::simulate::game_seed(self.seed ^ 0x6b6f_7473_626f_7473, seq as u64)
    }
}

/// Who is asking: a seat's player or a spectator.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    Seat(Seat),
    Spectator,
}

/// The SHA-256 of a key, in hex: what the room stores instead of the key.
pub fn key_hash(key: &str) -> String {
    sha2::Sha256::digest(key.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh key: 128 random bits from the operating system's generator, in hex.
pub fn new_key() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh room id: 12 letters and digits (62 bits).
pub fn new_room_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    (0..12).map(|_| ALPHABET[rand::random_range(0..ALPHABET.len())] as char).collect()
}

/// A room's table as its log leaves it.
pub struct Built {
    pub table: Box<dyn Session>,
    /// The last event's number (0: none yet).
    pub seq: i64,
    /// Games played at this room before this one.
    pub table_no: u32,
    /// The moves of this game standing (not taken back), in order.
    pub moves: Vec<Moved>,
    /// An undo asked and not yet answered by everyone.
    pub undo: Option<undo::Pending>,
}

/// A move standing at a table: its event number, seat, action index and who chose it
/// when not the seat's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    pub seq: i64,
    pub seat: Seat,
    pub action: usize,
    pub by: Option<String>,
}

/// Game `table` of `room` as the events `log` (numbered from 1, in order) leave it; the
/// game being played when `which` is `None`.
pub fn built(room: &Room, log: &[(i64, Event)], which: Option<u32>) -> Result<Built, String> {
    let starts = |i: usize| match log[i].1 {
        Event::Rematch { rematch } => Some(rematch),
        _ => None,
    };
    let current = log.iter().rev().find_map(|(_, e)| match e {
        Event::Rematch { rematch } => Some(*rematch),
        _ => None,
    });
    let table_no = which.unwrap_or(current.unwrap_or(0));
    let from = match table_no {
        0 => 0,
        n => (0..log.len()).find(|&i| starts(i) == Some(n)).ok_or_else(|| format!("no game {n} at this table"))? + 1,
    };
    let mut moves: Vec<Moved> = Vec::new();
    let mut pending: Option<undo::Pending> = None;
    let mut seq = if from == 0 { 0 } else { log[from - 1].0 };
    for (number, event) in &log[from..] {
        match event {
            Event::Rematch { .. } => break,
            Event::Move { seat, action, by } => {
                moves.push(Moved { seq: *number, seat: *seat, action: *action, by: by.clone() })
            }
            Event::UndoAsk { undo_ask, to } => {
                pending = Some(undo::Pending { asked_by: *undo_ask, to: *to, agreed: Vec::new() })
            }
            Event::UndoAnswer { undo_answer, yes } => match &mut pending {
                Some(asked) if *yes => asked.agreed.push(*undo_answer),
                _ => pending = None,
            },
        }
        if let Some(asked) = pending.as_ref().filter(|asked| undo::agreed(room, asked)) {
            moves.retain(|m| m.seq <= asked.to);
            pending = None;
        }
        seq = *number;
    }
    let mut table = room.rules.table(&room.setup, room.table_seed(table_no)).map_err(|e| e.to_string())?;
    for m in &moves {
        if table.to_move() != Some(m.seat) {
            return Err(format!("event {}: seat {} is not to move", m.seq, m.seat));
        }
        table.act(m.action).map_err(|e| format!("event {}: {e}", m.seq))?;
    }
    if which.is_none() || table_no == current.unwrap_or(0) {
        seq = log.last().map_or(0, |(seq, _)| *seq);
    }
    Ok(Built { table, seq, table_no, moves, undo: pending })
}

/// What the room tells a seat or a spectator: a function of the room's public facts, the
/// table's public flow (its seat to move, its outcome) and `view(seat)` alone (the
/// spectators' [`public_view`]), and the seat's legal actions when it is to move.
pub fn message(room: &Room, built: &Built, who: Who, stand_ins: &[Seat]) -> Value {
    let table = built.table.as_ref();
    let seat = match who {
        Who::Seat(seat) => Some(seat),
        Who::Spectator => None,
    };
    let (view, actions, words) = seat_part(table, seat);
    let seats: Vec<Value> = room
        .seating
        .seats
        .iter()
        .enumerate()
        .map(|(seat, sitter)| match sitter {
            Sitter::Bot { bot } => json!({"seat": seat, "bot": bot}),
            Sitter::Person { .. } => json!({"seat": seat, "person": true, "stand_in": stand_ins.contains(&seat)}),
        })
        .collect();
    let last = built.moves.last().map(|m| json!({"seq": m.seq, "seat": m.seat, "by": m.by}));
    let over = table.outcome().is_some();
    let mut sent = json!({
        "room": room.id,
        "game": room.rules.name(),
        "seq": built.seq,
        "table": built.table_no,
        "players": room.players(),
        "seats": seats,
        "you": seat,
        "to_move": table.to_move(),
        // Each seat's public line and name, and the game's letters, in the rules crate's words.
        "seat_words": table.seat_words(),
        "seat_names": table.seat_names(),
        "terms": table.terms().into_iter().map(|(k, v)| (k.to_string(), Value::from(v))).collect::<serde_json::Map<_, _>>(),
        // The table's facts and drawn parts in words, alike for every seat.
        "table_words": table.table_words(),
        "last": last,
        "outcome": table.outcome(),
        "record": over.then(|| format!("/api/rooms/{}/record?table={}", room.id, built.table_no)),
        "undo": built.undo,
    });
    // The table's part is moved in, not copied through `json!` (a seat's view is most of
    // the message).
    if let Value::Object(fields) = &mut sent {
        fields.insert("actions".to_string(), Value::Array(actions));
        // The same actions in words, from the rules crate (what the play page's buttons say).
        fields.insert("words".to_string(), Value::Array(words.into_iter().map(Value::String).collect()));
        fields.insert("view".to_string(), view);
    }
    sent
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_fresh_and_only_their_hashes_name_seats() {
        let (a, b) = (new_key(), new_key());
        assert_ne!(a, b);
        assert_eq!(a.len(), 32);
        assert_eq!(key_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        let id = new_room_id();
        assert_eq!(id.len(), 12);
        assert!(id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
    }
}
