//! I-Ching Solitaire: four piles of twelve cards laid out face up, a stock of fifteen, and
//! one card turned up to start the centre pile. A pile's top card may go onto the centre
//! when, read one way or the other, it changes one line of the centre card, or all six, or
//! it is a Mirror; the stock turns a card when nothing else will go. The piles cleared is a
//! win; the fewer stock cards turned, the better the win (docs/solitaire.md).

pub mod answer;
pub mod engine;
pub mod greedy;
pub mod heuristic;
pub mod measured;
pub mod printed;
pub mod record;
pub mod registration;
pub mod solve;
pub mod view;
pub mod words;

use crate::core::card::{Card, Orientation};
use crate::core::hexagram::Hexagram;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Piles in the layout.
pub const PILES: usize = 4;
/// Cards in each pile.
pub const DEPTH: usize = 12;
/// Cards in the stock, after the start card.
pub const STOCK: usize = 64 - PILES * DEPTH - 1;

/// Which moves a game allows: the book's rules have all three; the others are variants
/// whose winnable share docs/solitaire.md prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// A card may be laid in either reading (turned 180°, it shows its inverse).
    pub readings: bool,
    /// A card may go onto its complement (all six lines changed).
    pub complements: bool,
    /// A Mirror (it reads the same both ways) may go onto any card.
    pub mirrors: bool,
}

impl Variant {
    /// The rules as the book gives them.
    pub const BOOK: Variant = Variant { readings: true, complements: true, mirrors: true };

    /// The readings a card can be laid in, as hexagram bits (a Mirror has one).
    pub fn readings(self, card: u8) -> impl Iterator<Item = u8> {
        let turned = inverse(card);
        let both = self.readings && turned != card;
        std::iter::once(card).chain(both.then_some(turned))
    }

    /// Whether a card showing `shown` may go onto a centre card showing `top`.
    pub fn fits(self, shown: u8, top: u8) -> bool {
        let changed = (shown ^ top).count_ones();
        changed == 1 || (self.complements && changed == 6) || (self.mirrors && inverse(shown) == shown)
    }

    /// The variant's name, as the tables print it.
    pub fn name(self) -> String {
        let mut parts = vec!["one line"];
        if self.complements {
            parts.push("complements");
        }
        if self.mirrors {
            parts.push("Mirrors on anything");
        }
        if self.readings {
            parts.push("both readings");
        } else {
            parts.push("dark only");
        }
        parts.join(", ")
    }
}

/// The hexagram upside down, as bits.
pub fn inverse(bits: u8) -> u8 {
    Hexagram::from_bits(bits).inverse().bits()
}

/// A deal: the piles (bottom card first), the start card and the stock (next card first),
/// every card named by the bits of its dark face.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub piles: [[u8; DEPTH]; PILES],
    pub start: u8,
    pub stock: [u8; STOCK],
}

impl Deal {
    /// The deal a seed gives: the 64 cards shuffled, dealt to the piles in turn from the
    /// bottom up, then the start card, then the stock.
    pub fn shuffled(seed: u64) -> Deal {
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        let bits: Vec<u8> = deck.iter().map(|c| c.shows(Orientation::Dark).bits()).collect();
        Deal::from_bits(&bits)
    }

    /// A deal from the 64 cards in dealing order.
    pub fn from_bits(order: &[u8]) -> Deal {
        let piles = std::array::from_fn(|p| std::array::from_fn(|row| order[row * PILES + p]));
        Deal { piles, start: order[PILES * DEPTH], stock: std::array::from_fn(|i| order[PILES * DEPTH + 1 + i]) }
    }

    /// The card numbers (King Wen) in dealing order, as a table lays them out.
    pub fn numbers(&self) -> Vec<u8> {
        let mut out: Vec<u8> =
            (0..DEPTH).flat_map(|row| (0..PILES).map(move |p| (p, row))).map(|(p, row)| self.piles[p][row]).collect();
        out.push(self.start);
        out.extend(self.stock);
        out.into_iter().map(|b| Hexagram::from_bits(b).number()).collect()
    }
}

#[cfg(test)]
mod tests;
