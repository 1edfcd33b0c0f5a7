//! The tables a process keeps between requests: for each room played here lately, the
//! room, its log and the table after the log's last event, with the messages already built
//! for that event (docs/service.md, Rooms).
//!
//! The log in the database stays the truth; what is kept here only spares reading and
//! replaying it for every move and every message. A move this process writes is applied
//! to the kept table in the same turn; an event another replica wrote (announced, or found
//! when the log is re-read now and then) is read from the log from the kept table's last
//! event on, and applied the same way. A table that cannot follow (an undo agreed, a
//! rematch) is dealt again from the kept log. Each room's slot is also its turn: one
//! holder at a time, so the writes of one process are ordered. The slots are bounded: a
//! room idle for [`IDLE_TABLE`] is dropped, and beyond [`MAX_TABLES`] rooms the least
//! recently used go first (they are read again from the log when asked for).

use super::{Built, Event, Moved, Room, Who, built, message};
use hexforge_rules::play::Seat;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::OwnedMutexGuard;

/// Rooms whose tables are kept at most (beyond, the least recently used are dropped).
pub const MAX_TABLES: usize = 20_000;
/// A kept table unused this long is dropped: 10 minutes.
pub const IDLE_TABLE: Duration = Duration::from_secs(600);
/// How often the slots are swept of idle tables.
const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// A room's table as kept: the room, its whole log, the table after the log's last event.
pub struct Kept {
    pub room: Room,
    pub log: Vec<(i64, Event)>,
    pub built: Built,
    /// When the log was last read from the database.
    pub read: Instant,
    /// Each recipient's message at the last event, with the stand-ins it shows.
    sent: HashMap<Who, (Vec<Seat>, Arc<str>)>,
}

impl Kept {
    /// `room` as `log` leaves it, read at `read`.
    pub fn new(room: Room, log: Vec<(i64, Event)>, read: Instant) -> Result<Kept, String> {
        let built = built(&room, &log, None)?;
        Ok(Kept { room, log, built, read, sent: HashMap::new() })
    }

    /// The last event's number (0: none yet).
    pub fn seq(&self) -> i64 {
        self.log.last().map_or(0, |(seq, _)| *seq)
    }

    /// Event `seq` (the next number) applied: a move to the table as it stands; anything
    /// else (a rematch, an undo asked or answered) by dealing the table again from the log.
    pub fn push(&mut self, seq: i64, event: Event) -> Result<(), String> {
        if seq != self.seq() + 1 {
            return Err(format!("event {seq} follows event {}", self.seq()));
        }
        self.sent.clear();
        let step = match &event {
            Event::Move { seat, action, by } if self.built.undo.is_none() => {
                Some(Moved { seq, seat: *seat, action: *action, by: by.clone() })
            }
            _ => None,
        };
        self.log.push((seq, event));
        match step {
            Some(m) => {
                let table = &mut self.built.table;
                if table.to_move() != Some(m.seat) {
                    return Err(format!("event {seq}: seat {} is not to move", m.seat));
                }
                table.act(m.action).map_err(|e| format!("event {seq}: {e}"))?;
                self.built.moves.push(m);
                self.built.seq = seq;
            }
            None => self.built = built(&self.room, &self.log, None)?,
        }
        Ok(())
    }

    /// What the room tells `who` at the last event, with `stand_ins` played by the server
    /// (built once per recipient and event).
    pub fn message(&mut self, who: Who, stand_ins: &[Seat]) -> Arc<str> {
        if let Some((shown, text)) = self.sent.get(&who)
            && shown == stand_ins
        {
            return Arc::clone(text);
        }
        let text: Arc<str> = message(&self.room, &self.built, who, stand_ins).to_string().into();
        self.sent.insert(who, (stand_ins.to_vec(), Arc::clone(&text)));
        text
    }

    /// The messages `who` is sent for the events from `first` to the last (each the whole
    /// table as that event left it), replayed from the kept log.
    pub fn replay(&mut self, first: i64, who: Who, stand_ins: &[Seat]) -> Result<Vec<Arc<str>>, String> {
        let last = self.seq();
        if first >= last {
            return Ok(vec![self.message(who, stand_ins)]);
        }
        let upto = self.log.partition_point(|(number, _)| *number <= first);
        let mut at = Kept::new(self.room.clone(), self.log[..upto].to_vec(), self.read)?;
        let mut sent = vec![message(&at.room, &at.built, who, stand_ins).to_string().into()];
        for (seq, event) in self.log[upto..].iter().cloned() {
            if seq == last {
                break;
            }
            at.push(seq, event)?;
            sent.push(message(&at.room, &at.built, who, stand_ins).to_string().into());
        }
        sent.push(self.message(who, stand_ins));
        Ok(sent)
    }
}

/// A room's slot, held: its kept table and its turn. The table is read before it is used
/// ([`Held::put`]); one that could not follow its log is taken out, and read again by the
/// next holder.
pub struct Held(OwnedMutexGuard<Option<Kept>>);

impl Held {
    pub fn kept(&self) -> Option<&Kept> {
        self.0.as_ref()
    }

    pub fn put(&mut self, kept: Kept) {
        *self.0 = Some(kept);
    }

    pub fn take(&mut self) -> Option<Kept> {
        self.0.take()
    }
}

impl std::ops::Deref for Held {
    type Target = Kept;

    fn deref(&self) -> &Kept {
        self.0.as_ref().expect("a held room's table is read before it is used")
    }
}

impl std::ops::DerefMut for Held {
    fn deref_mut(&mut self) -> &mut Kept {
        self.0.as_mut().expect("a held room's table is read before it is used")
    }
}

type Slot = Arc<tokio::sync::Mutex<Option<Kept>>>;

/// The slots of the rooms of this process, with when each was last held.
#[derive(Default)]
pub struct Tables {
    slots: Mutex<HashMap<String, (Slot, Instant)>>,
    swept: Mutex<Option<Instant>>,
}

impl Tables {
    /// Room `id`'s slot, once its turn comes.
    pub async fn hold(&self, id: &str) -> Held {
        let slot = {
            let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
            self.sweep(&mut slots);
            let (slot, used) = slots.entry(id.to_string()).or_insert_with(|| (Slot::default(), Instant::now()));
            *used = Instant::now();
            Arc::clone(slot)
        };
        Held(slot.lock_owned().await)
    }

    /// Drops every kept table nobody holds (after rooms expired).
    pub fn forget(&self) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.retain(|_, (slot, _)| Arc::strong_count(slot) > 1);
    }

    /// Drops the slots idle past [`IDLE_TABLE`] (every [`SWEEP_EVERY`]), and beyond
    /// [`MAX_TABLES`] the least recently held; never a slot someone holds or waits for.
    fn sweep(&self, slots: &mut HashMap<String, (Slot, Instant)>) {
        let now = Instant::now();
        {
            let mut swept = self.swept.lock().unwrap_or_else(|e| e.into_inner());
            if slots.len() < MAX_TABLES && swept.is_some_and(|at| now.duration_since(at) < SWEEP_EVERY) {
                return;
            }
            *swept = Some(now);
        }
        slots.retain(|_, (slot, used)| Arc::strong_count(slot) > 1 || now.duration_since(*used) < IDLE_TABLE);
        if slots.len() >= MAX_TABLES {
            let mut idle: Vec<(Instant, String)> = slots
                .iter()
                .filter(|(_, (slot, _))| Arc::strong_count(slot) == 1)
                .map(|(id, (_, used))| (*used, id.clone()))
                .collect();
            idle.sort_unstable();
            let excess = slots.len() + 1 - MAX_TABLES * 3 / 4;
            for (_, id) in idle.into_iter().take(excess) {
                slots.remove(&id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rooms::{Seating, Sitter};
    use hexforge_rules::play::registry::Setup;

    fn room() -> Room {
        let person = |k: &str| Sitter::Person { key: k.to_string() };
        Room {
            id: "r".to_string(),
            rules: hexforge_rules::game("tao").unwrap().rules,
            setup: Setup { players: Some(2), options: Vec::new() },
            seed: 42,
            seating: Seating { seats: vec![person("a"), person("b")], spectators: "s".to_string() },
        }
    }

    /// Moves (and a rematch) applied one by one to a kept table give what dealing the
    /// table from the whole log gives, message for message.
    #[test]
    fn a_kept_table_follows_its_log_as_a_table_dealt_from_the_log_does() {
        let room = room();
        let mut kept = Kept::new(room.clone(), Vec::new(), Instant::now()).unwrap();
        let mut choice = 7usize;
        for seq in 1..=60 {
            let event = match kept.built.table.to_move() {
                Some(seat) => {
                    choice = choice.wrapping_mul(31).wrapping_add(11);
                    Event::Move { seat, action: choice % kept.built.table.actions().len(), by: None }
                }
                None => Event::Rematch { rematch: kept.built.table_no + 1 },
            };
            kept.push(seq, event).unwrap();
            let dealt = built(&room, &kept.log, None).unwrap();
            assert_eq!(kept.built.seq, dealt.seq);
            assert_eq!(kept.built.moves, dealt.moves);
            for who in [Who::Seat(0), Who::Seat(1), Who::Spectator] {
                assert_eq!(*kept.message(who, &[]), message(&room, &dealt, who, &[]).to_string(), "event {seq}");
            }
        }
        assert!(kept.push(99, Event::Rematch { rematch: 9 }).is_err(), "an event out of order is refused");
    }
}
