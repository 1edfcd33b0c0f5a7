//! What one seat at a Tao table may see: its own hand, the others' hand sizes, the piles'
//! sizes, the top card and the direction; never another hand or the draw pile's order.

use super::{Extra, Tao};
use crate::play::{Game, Outcome, Seat};
use serde::Serialize;

/// A card as it lies, with what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LaidView {
    pub card: u8,
    pub orientation: &'static str,
    pub shows: u8,
    /// The English name of the hexagram it shows.
    pub name: &'static str,
}

/// One seat's view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TaoView {
    pub seat: Seat,
    /// The seat's own cards, ascending.
    pub hand: Vec<u8>,
    /// Every seat's number of cards.
    pub hand_sizes: Vec<usize>,
    pub top: Option<LaidView>,
    pub direction: &'static str,
    pub draw_pile: usize,
    pub play_pile: usize,
    /// The seat to act (null once over).
    pub to_move: Option<Seat>,
    /// Cards the seat to move must draw before acting.
    pub owed: u8,
    pub extra: Option<Extra>,
    /// The extra card on offer in words (what it must be).
    pub extra_words: Option<String>,
    pub outcome: Option<Outcome>,
}

impl TaoView {
    pub fn of(game: &Tao, seat: Seat) -> TaoView {
        TaoView {
            seat,
            hand: game.hand(seat).numbers(),
            hand_sizes: (0..game.players()).map(|s| game.hand(s).len()).collect(),
            top: game.top().map(|t| LaidView {
                card: t.card.number(),
                orientation: t.orientation.name(),
                shows: t.shows().number(),
                name: t.shows().names().en,
            }),
            direction: if game.clockwise() { "clockwise" } else { "counter-clockwise" },
            draw_pile: game.draw_pile(),
            play_pile: game.play_pile(),
            to_move: game.to_move(),
            owed: game.owed(),
            extra: game.extra(),
            extra_words: game.extra().map(|e| format!("one more card may be laid: {}; or decline it", e.rule())),
            outcome: game.outcome(),
        }
    }
}
