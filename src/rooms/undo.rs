//! Taking a move back: only with every other person's consent, and never a move after which
//! something hidden was revealed or chance drew (docs/service.md, Rooms).
//!
//! A seat asks to take back its last move, with the moves the server made after it (bots,
//! stand-ins), provided no other person has moved since. Whether a move revealed or drew is
//! decided the same way for every game, from the engine alone: the move is taken again in
//! tables that each seat cannot tell from the real one ([`Session::determinized`]); if some
//! seat's view after it differs between the real table and one of those (a card drawn, a
//! hand shown, a throw of the sticks), or the move cannot be made there (it showed which
//! card its seat held), the move told someone something, and stands.

use super::{Built, Room, Sitter};
use hexforge_rules::play::Seat;
use hexforge_rules::play::registry::Session;
use serde::Serialize;

/// Re-deals each seat's view is compared in, per move and seat.
const REDEALS: u64 = 3;

/// An undo asked and not yet agreed by everyone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    pub asked_by: Seat,
    /// The moves after this event number are taken back once everyone agrees.
    pub to: i64,
    pub agreed: Vec<Seat>,
}

/// Whether every person but the one who asked has agreed.
pub fn agreed(room: &Room, asked: &Pending) -> bool {
    room.seating
        .seats
        .iter()
        .enumerate()
        .filter(|(seat, sitter)| matches!(sitter, Sitter::Person { .. }) && *seat != asked.asked_by)
        .all(|(seat, _)| asked.agreed.contains(&seat))
}

/// The event number `seat`'s undo would go back to, or why it may not: (rule, sentence).
pub fn target(room: &Room, built: &Built, seat: Seat) -> Result<i64, (&'static str, String)> {
    if built.table.outcome().is_some() {
        return Err(("game-over", "the game is over: start a rematch instead".to_string()));
    }
    let Some(k) = built.moves.iter().rposition(|m| m.seat == seat && m.by.is_none()) else {
        return Err(("nothing-to-undo", format!("seat {seat} has made no move in this game")));
    };
    if let Some(m) = built.moves[k + 1..].iter().find(|m| m.by.is_none()) {
        return Err(("undo-too-late", format!("seat {} has moved since (event {})", m.seat, m.seq)));
    }
    let mut table =
        room.rules.table(&room.setup, room.table_seed(built.table_no)).map_err(|e| ("room", e.to_string()))?;
    for m in &built.moves[..k] {
        table.act(m.action).map_err(|e| ("room", e.to_string()))?;
    }
    for m in &built.moves[k..] {
        let before = replayed(table.as_ref()).ok_or(("room", "the table does not replay".to_string()))?;
        table.act(m.action).map_err(|e| ("room", e.to_string()))?;
        if let Some(seat_told) = told(before.as_ref(), table.as_ref(), m.action, m.seq as u64) {
            let message = format!("event {} told seat {seat_told} something hidden, or chance drew: it stands", m.seq);
            return Err(("undo-after-reveal", message));
        }
    }
    Ok(built.moves[k].seq - 1)
}

/// The seat that action `action`, taken at `before` and giving `after`, told something it
/// could not see (a card drawn or shown, chance), if any.
fn told(before: &dyn Session, after: &dyn Session, action: usize, salt: u64) -> Option<Seat> {
    let offered = before.actions();
    let chosen = offered.get(action)?;
    for seat in 0..before.players() {
        for redeal in 0..REDEALS {
            let mut world = before.determinized(seat, salt.wrapping_mul(31).wrapping_add(redeal * 7 + seat as u64));
            let Some(same) = world.actions().iter().position(|a| a == chosen) else { return Some(seat) };
            if world.act(same).is_err() || world.view(seat) != after.view(seat) {
                return Some(seat);
            }
        }
    }
    None
}

/// A copy of `table` as its record replays it.
fn replayed(table: &dyn Session) -> Option<Box<dyn Session>> {
    hexforge_rules::game(table.game())?.replay(&table.record(), usize::MAX).ok()
}
