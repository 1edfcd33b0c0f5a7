//! Tao's greedy heuristic, which the `greedy` bot follows and the `search` bot's playouts
//! use: lay a card rather than draw; among cards, prefer those that hurt the next player
//! (a cancel makes them draw, an invert skips them), then those that earn an extra play;
//! keep the Double Mirrors (legal on anything) for when nothing else can be laid; take an
//! extra play whenever one is offered.

use super::legal::{self, PlayKind};
use super::{Action, Tao};
use crate::core::card::Orientation;
use crate::play::bots::Heuristic;

impl Heuristic for Tao {
    fn score(&self, action: &Action) -> i32 {
        match *action {
            Action::Play(laid) => {
                let Some(top) = self.top() else { return 100 };
                let kinds = legal::kinds(top, laid.card, laid.orientation);
                let mut score = 100;
                if kinds.contains(PlayKind::Cancel) {
                    score += 30;
                }
                if kinds.contains(PlayKind::Invert) {
                    score += 20;
                }
                if kinds.contains(PlayKind::Match) || laid.shows().is_double() {
                    score += 15;
                }
                if laid.card.shows(Orientation::Dark).is_double_mirror() && self.extra().is_none() {
                    score -= 60;
                }
                score
            }
            Action::Draw => 0,
            Action::Pass => -1,
        }
    }

    /// Fewer cards than the others is better: the seat's share of the cards in hands,
    /// turned around (a seat with none of them stands at 1).
    fn value(&self, seat: crate::play::Seat) -> f64 {
        let total: usize = (0..self.hands.len()).map(|s| self.hands[s].len()).sum();
        if total == 0 {
            return 0.5;
        }
        let mine = self.hands[seat].len() as f64;
        let others = (total as f64 - mine) / (self.hands.len() - 1) as f64;
        others / (others + mine)
    }
}
