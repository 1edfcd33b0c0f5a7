//! Pathways for two (docs/rules.md, Pathways): the exact value of every start under the seed's rules.
//!
//! Two piles, one deck. On a turn the player lays a card not laid before, showing a
//! hexagram one line from the top of their own pile. A player who cannot crashes; the
//! other is then the last player left and wins if they can still make a legal play on
//! their next turn (the crashed pile is not back in the deck yet), else both have crashed
//! in the same round and tie. A memoised minimax over (the two tops, the cards laid, who
//! is to move) gives each start its value with perfect play.

use super::Mode;
use crate::changing_lines::deck::DeckName;
use crate::core::card::{Card, Orientation};
use crate::core::deck::CardSet;
use crate::core::hexagram::Hexagram;
use serde::Serialize;
use std::collections::HashMap;

/// The result of a game with perfect play, for the player who moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Value {
    FirstWins,
    Tie,
    SecondWins,
}

/// One start: a card and the way it lies, for each player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Start {
    pub first: (Card, Orientation),
    pub second: (Card, Orientation),
}

/// Every start on `deck` in `mode`: ordered pairs of different cards, each card lying
/// every way the mode allows that shows a different hexagram (a mirror card shows the
/// same hexagram either way, so it counts once).
pub fn starts(deck: CardSet, mode: Mode) -> Vec<Start> {
    let ways: Vec<(Card, Orientation)> = deck
        .iter()
        .flat_map(|card| {
            let mut ways: Vec<(Card, Orientation)> =
                Orientation::BOTH.into_iter().filter(|&o| mode.allows(o)).map(|o| (card, o)).collect();
            ways.dedup_by_key(|(card, o)| card.shows(*o));
            ways
        })
        .collect();
    let mut out = Vec::new();
    for &first in &ways {
        for &second in &ways {
            if first.0 != second.0 {
                out.push(Start { first, second });
            }
        }
    }
    out
}

/// The solver: the deck, the mode, and what it has learnt so far.
pub struct Duel {
    /// For each hexagram (by bits), the cards that may be laid showing it: (card number
    /// bit, hexagram bits).
    moves_to: [Vec<u64>; 64],
    memo: HashMap<(u8, u8, u64), i8>,
}

impl Duel {
    pub fn new(deck: CardSet, mode: Mode) -> Duel {
        let mut moves_to: [Vec<u64>; 64] = std::array::from_fn(|_| Vec::new());
        for card in deck.iter() {
            for o in Orientation::BOTH.into_iter().filter(|&o| mode.allows(o)) {
                let bit = 1u64 << (card.number() - 1);
                let shown = card.shows(o).bits() as usize;
                if !moves_to[shown].contains(&bit) {
                    moves_to[shown].push(bit);
                }
            }
        }
        Duel { moves_to, memo: HashMap::new() }
    }

    /// The moves from `top` with `used` cards laid: (card bit, hexagram shown).
    fn moves(&self, top: Hexagram, used: u64) -> impl Iterator<Item = (u64, Hexagram)> + '_ {
        top.neighbours().into_iter().flat_map(move |n| {
            self.moves_to[n.bits() as usize].iter().filter(move |&&bit| used & bit == 0).map(move |&bit| (bit, n))
        })
    }

    /// +1 when the player to move (top `mine`) wins with perfect play, 0 a tie, −1 a loss.
    fn value(&mut self, mine: Hexagram, theirs: Hexagram, used: u64) -> i8 {
        let key = (mine.bits(), theirs.bits(), used);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let moves: Vec<(u64, Hexagram)> = self.moves(mine, used).collect();
        let v = if moves.is_empty() {
            // Crashed: the other wins if they can still play once, else both crashed.
            if self.moves(theirs, used).next().is_some() { -1 } else { 0 }
        } else {
            let mut best = -1;
            for (bit, shown) in moves {
                best = best.max(-self.value(theirs, shown, used | bit));
                if best == 1 {
                    break;
                }
            }
            best
        };
        self.memo.insert(key, v);
        v
    }

    /// The value of a start with perfect play.
    pub fn solve(&mut self, start: Start) -> Value {
        let used = 1u64 << (start.first.0.number() - 1) | 1u64 << (start.second.0.number() - 1);
        match self.value(start.first.0.shows(start.first.1), start.second.0.shows(start.second.1), used) {
            1 => Value::FirstWins,
            0 => Value::Tie,
            _ => Value::SecondWins,
        }
    }

    /// Positions solved so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }
}

/// How the starts of one deck and mode end with perfect play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcomes {
    pub deck: DeckName,
    pub mode: Mode,
    pub ties: usize,
    pub first_wins: usize,
    pub second_wins: usize,
}

impl Outcomes {
    /// Every start, however it ends.
    pub fn starts(&self) -> usize {
        self.ties + self.first_wins + self.second_wins
    }

    /// The search's count for `deck` and `mode` ([`tally`]): seconds of CPU, so only the
    /// test that proves [`SOLVED`] runs it.
    pub fn search(deck: DeckName, mode: Mode) -> Outcomes {
        let counts = tally(deck.cards(), mode);
        let of = |v| counts.get(&v).copied().unwrap_or(0);
        Outcomes {
            deck,
            mode,
            ties: of(Value::Tie),
            first_wins: of(Value::FirstWins),
            second_wins: of(Value::SecondWins),
        }
    }
}

/// The two-player figures (docs/rules.md, Pathways), as the rulebook and the player aids print them: every start is a
/// tie on the 3D deck, the 4D deck, and the 4D deck in free orientation. Pinned, because
/// the search behind them took most of a `generate` run to solve again a game whose
/// answer never changes; the test `the_pinned_duel_outcomes_are_the_searchs` runs the
/// search and fails if it ever disagrees with these.
pub const SOLVED: [Outcomes; 3] = [
    Outcomes { deck: DeckName::ThreeD, mode: Mode::Dark, ties: 56, first_wins: 0, second_wins: 0 },
    Outcomes { deck: DeckName::FourD, mode: Mode::Dark, ties: 240, first_wins: 0, second_wins: 0 },
    Outcomes { deck: DeckName::FourD, mode: Mode::Free, ties: 732, first_wins: 0, second_wins: 0 },
];

/// Every start of a deck and mode, solved: how many end each way.
pub fn tally(deck: CardSet, mode: Mode) -> HashMap<Value, usize> {
    let mut duel = Duel::new(deck, mode);
    let mut counts = HashMap::new();
    for start in starts(deck, mode) {
        *counts.entry(duel.solve(start)).or_insert(0) += 1;
    }
    counts
}
