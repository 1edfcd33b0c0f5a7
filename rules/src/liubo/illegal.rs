//! Why a Liubo move is refused: the rule a move outside the legal list breaks, named for
//! the checker (`hexforge check liubo`) and the players.

use super::moves::{StationNo, walks};
use super::{Liubo, Move, Place, STONES};
use crate::play::Illegal;

impl Liubo {
    /// Why `m` is not legal now (it is not among the legal moves).
    pub(super) fn why_illegal(&self, m: &Move) -> Illegal {
        if self.left == [0, 0] {
            return Illegal::new("throw-first", "throw the sticks before moving");
        }
        if !(1..=4).contains(&m.value) || !self.left.contains(&m.value) {
            return Illegal::new(
                "no-such-value",
                format!("{} is not a value left to play ({:?})", m.value, self.left()),
            );
        }
        let me = self.to_move;
        let piece = |i: usize| match (self.places[me][i], m.from) {
            (Place::Home, None) => !m.owl,
            (Place::At(spot), Some(from)) => !m.owl && walks().station[usize::from(spot)] == from,
            (Place::Owl(s), Some(from)) => m.owl && s == from,
            _ => false,
        };
        let pieces: Vec<usize> = (0..STONES).filter(|&i| piece(i)).collect();
        if pieces.is_empty() {
            let what = if m.owl { "owl" } else { "stone" };
            return Illegal::new("no-piece", format!("seat {me} has no {what} {}", where_from(m.from)));
        }
        if !pieces.iter().any(|&i| self.may_move(i)) {
            return Illegal::new("same-stone", "the two values move two different stones (rule 4)");
        }
        if m.promote {
            return Illegal::new("no-promotion", "only a stone stopping on the centre, by a player without an owl");
        }
        if let (true, Some(from)) = (m.owl, m.from) {
            let t = walks();
            let back = if self.moved.is_some_and(|i| pieces.contains(&i)) { self.owl_back } else { 0 };
            let reaches = |back| t.owl_walks(from, m.value, back).iter().any(|w| w.0 == m.to);
            if back != 0 && reaches(0) && !reaches(back) {
                return Illegal::new(
                    "owl-back-and-forth",
                    format!("the owl may not begin its {} by stepping back to station {back} (rule 10)", m.value),
                );
            }
        }
        if let (false, Some(from)) = (m.owl, m.from) {
            let t = walks();
            let across = pieces.iter().find_map(|&i| match self.places[me][i] {
                Place::At(spot) if t.shortcut[usize::from(spot)] => Some(t.landing(spot, true, m.value).spot),
                _ => None,
            });
            if across.is_some_and(|spot| t.station[usize::from(spot)] == m.to) {
                return Illegal::new(
                    "cross-next-turn",
                    format!("a stone that stopped on {from} this turn goes across on a later turn (rule 6)"),
                );
            }
        }
        Illegal::new("wrong-destination", format!("{} does not end on station {}", where_from(m.from), m.to))
    }
}

fn where_from(from: Option<StationNo>) -> String {
    match from {
        Some(s) => format!("on station {s}"),
        None => "to enter".to_string(),
    }
}
