//! The greedy heuristic (the `greedy` bot, and the `search` bot's playouts): it sees what a
//! player sees, never the stock. Lay a pile card whenever one fits, choosing the one after
//! which the most pile cards fit (then the taller pile, then the pile further left, dark
//! side up first); turn a stock card only when no pile card goes; lay a card turned up in
//! the reading after which the most pile cards fit (then the one whose hexagram has the
//! lower bits, so the choice is fixed). The search bot's value of a state where its
//! playout stops is the share of the 48 pile cards laid.

use super::engine::{Action, Solitaire, shown};
use super::{DEPTH, PILES};
use crate::play::bots::Heuristic;
use crate::play::{Game, Outcome, Seat};

impl Heuristic for Solitaire {
    fn score(&self, action: &Action) -> i32 {
        match *action {
            Action::Read(o) => {
                let card = self.pending.expect("a card turned up");
                let showing = shown(card, o);
                self.fitting(showing, None) as i32 * 64 + (63 - i32::from(showing))
            }
            Action::Play(play) => {
                let p = play.pile - 1;
                let card = self.pile_top(p).expect("a card on a pile played");
                let after = self.fitting(shown(card, play.orientation), Some(p));
                10_000 + after as i32 * 1_000 + self.heights[p] as i32 * 10 + (PILES - p) as i32
            }
            Action::Turn => 0,
        }
    }

    fn value(&self, _seat: Seat) -> f64 {
        match self.outcome() {
            Some(Outcome::Won(_)) => 1.0,
            Some(Outcome::Stalled) => 0.0,
            None => 0.01 + 0.98 * self.laid() as f64 / (PILES * DEPTH) as f64,
        }
    }
}
