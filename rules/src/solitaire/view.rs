//! What the player sees: every pile card (they lie face up, overlapping), the centre card
//! as it lies, a card turned up and waiting for its reading, and how many stock cards are
//! left and have been turned; never the stock's order.

use super::engine::{Solitaire, number, shown};
use crate::core::card::Orientation;
use crate::play::{Game, Outcome, Seat};
use serde::Serialize;

/// The centre card as it lies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Centre {
    /// The card's number.
    pub card: u8,
    pub orientation: Orientation,
    /// The King Wen number of the hexagram it shows.
    pub shows: u8,
    /// The name of the hexagram it shows.
    pub name: &'static str,
}

/// The player's view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolitaireView {
    pub seat: Seat,
    /// The cards of piles 1 to 4 (numbers), the bottom card first and the playable top last.
    pub piles: Vec<Vec<u8>>,
    /// The centre card, once the start card is laid.
    pub centre: Option<Centre>,
    /// A card turned up (the start card, a stock card), to be laid in a reading.
    pub turned_up: Option<u8>,
    /// Stock cards left, face down.
    pub stock: usize,
    /// Stock cards turned: the score, fewer is better.
    pub turned: usize,
    pub to_move: Option<Seat>,
    pub outcome: Option<Outcome>,
}

impl SolitaireView {
    pub fn of(game: &Solitaire, seat: Seat) -> SolitaireView {
        let piles = (0..super::PILES)
            .map(|p| game.deal.piles[p][..game.heights[p]].iter().map(|&c| number(c)).collect())
            .collect();
        let centre = game.top.map(|top| {
            // The centre card is the one showing `top` in the reading that shows it.
            let (card, orientation) =
                if game.centre_card == top { (top, Orientation::Dark) } else { (game.centre_card, Orientation::Light) };
            debug_assert_eq!(shown(card, orientation), top);
            Centre { card: number(card), orientation, shows: number(top), name: name(top) }
        });
        SolitaireView {
            seat,
            piles,
            centre,
            turned_up: game.pending.map(number),
            stock: super::STOCK - game.turned,
            turned: game.turned,
            to_move: game.to_move(),
            outcome: game.outcome(),
        }
    }
}

/// The English name of the hexagram whose bits are `bits`.
fn name(bits: u8) -> &'static str {
    crate::core::hexagram::Hexagram::from_bits(bits).names().en
}
