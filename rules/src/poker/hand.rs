//! I-Ching Poker's hand classes and how two hands compare: the class first (its rank in the
//! table of the game's orientation mode, rarest first), then the hexagrams the cards show.

use super::features::{self as f, reachable, twin_pairs};
use crate::core::card::{Card, Orientation};
use crate::core::hexagram::Hexagram;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Whether the cards all lie dark side up or each is turned as its player chooses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Every card dark side up: card *n* shows hexagram *n*.
    Fixed,
    /// Each card dark or light, as its player fixes it when it is first shown.
    Variable,
}

impl Mode {
    pub const BOTH: [Mode; 2] = [Mode::Fixed, Mode::Variable];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Fixed => "fixed",
            Mode::Variable => "variable",
        }
    }

    /// The classes of this mode, highest first.
    pub fn ranking(self) -> &'static [Class] {
        match self {
            Mode::Fixed => &FIXED,
            Mode::Variable => &VARIABLE,
        }
    }
}

/// A hand's class.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// All five share a trigram in the same place (all lower, or all upper).
    Five,
    /// The five lie in a row, each one changed line from the next.
    Chain,
    /// Two pairs of twins (a card and the card that shows its hexagram turned over).
    TwoTwins,
    /// Two pairs of complements (every line of one card changed in the other).
    TwoComplements,
    /// Four share a trigram in the same place.
    Four,
    /// Three share a trigram, and the other two another, in the same place.
    House,
    /// No two share a trigram in the same place.
    Scatter,
    /// One pair of twins.
    Twins,
    /// Three share a trigram in the same place.
    Three,
    /// Two pairs, each sharing a trigram, in the same place.
    TwoPairs,
    /// Two share a trigram in the same place (every hand that is not a Scatter).
    Pair,
}

/// The fixed-orientation table, highest first: each class is rarer than the next once the
/// hands of the classes above it are taken out (docs/poker.md).
pub const FIXED: [Class; 11] = [
    Class::Five,
    Class::Chain,
    Class::TwoTwins,
    Class::TwoComplements,
    Class::Four,
    Class::House,
    Class::Scatter,
    Class::Twins,
    Class::Three,
    Class::TwoPairs,
    Class::Pair,
];

/// The variable-orientation table, highest first. Turning cards acts as a wild card does,
/// and no longer table keeps the order of rarity (docs/poker.md).
pub const VARIABLE: [Class; 8] = [
    Class::Five,
    Class::TwoComplements,
    Class::Chain,
    Class::Four,
    Class::Twins,
    Class::House,
    Class::Scatter,
    Class::Pair,
];

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Five => "Five",
            Class::Chain => "Chain",
            Class::TwoTwins => "Two Twins",
            Class::TwoComplements => "Two Complements",
            Class::Four => "Four",
            Class::House => "House",
            Class::Scatter => "Scatter",
            Class::Twins => "Twins",
            Class::Three => "Three",
            Class::TwoPairs => "Two Pairs",
            Class::Pair => "Pair",
        }
    }

    /// Its feature bit.
    pub fn bit(self) -> u16 {
        match self {
            Class::Five => f::FIVE,
            Class::Chain => f::CHAIN,
            Class::TwoTwins => f::TWO_TWINS,
            Class::TwoComplements => f::TWO_COMPLEMENTS,
            Class::Four => f::FOUR,
            Class::House => f::HOUSE,
            Class::Scatter => f::SCATTER,
            Class::Twins => f::TWINS,
            Class::Three => f::THREE,
            Class::TwoPairs => f::TWO_PAIRS,
            Class::Pair => f::PAIR,
        }
    }
}

/// The place in `mode`'s table (0 = highest) of the best class among `features`.
pub fn rank_of(mode: Mode, features: u16) -> usize {
    mode.ranking().iter().position(|c| features & c.bit() != 0).expect("every hand is a Pair or a Scatter")
}

/// A five-card hand as it lies: its class and the cards as they show.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hand {
    pub class: Class,
    /// Place of the class in the mode's table, 0 = highest.
    pub rank: usize,
    /// The cards, in the order given.
    pub cards: [Card; 5],
    /// How each lies.
    pub orientations: [Orientation; 5],
    /// King Wen numbers of the hexagrams shown, highest first: the tie-break.
    pub shown: [u8; 5],
}

impl Hand {
    /// Five cards lying as they do.
    pub fn lying(mode: Mode, cards: [Card; 5], orientations: [Orientation; 5]) -> Hand {
        let dark = cards.map(|c| c.shows(Orientation::Dark).bits());
        let shown_bits: [u8; 5] = std::array::from_fn(|i| cards[i].shows(orientations[i]).bits());
        let rank = rank_of(mode, f::features(&shown_bits, twin_pairs(&dark)));
        let mut shown = shown_bits.map(|b| Hexagram::from_bits(b).number());
        shown.sort_unstable_by(|a, b| b.cmp(a));
        Hand { class: mode.ranking()[rank], rank, cards, orientations, shown }
    }

    /// The best way five cards can lie: all dark in the fixed mode; in the variable mode
    /// the orientations that make the highest class, then the highest tie-break (a card
    /// already `fixed` keeps its orientation).
    pub fn best(mode: Mode, cards: [Card; 5], fixed: [Option<Orientation>; 5]) -> Hand {
        if mode == Mode::Fixed {
            return Hand::lying(mode, cards, [Orientation::Dark; 5]);
        }
        let mut best: Option<Hand> = None;
        for turn in 0..32u32 {
            let orientations: [Orientation; 5] =
                std::array::from_fn(|i| if turn >> i & 1 == 1 { Orientation::Light } else { Orientation::Dark });
            if (0..5).any(|i| fixed[i].is_some_and(|o| o != orientations[i])) {
                continue;
            }
            let hand = Hand::lying(mode, cards, orientations);
            if best.is_none_or(|b| hand.beats(&b) == Ordering::Greater) {
                best = Some(hand);
            }
        }
        best.expect("one orientation at least is allowed")
    }

    /// How this hand compares with another: the higher class wins; in one class, the
    /// higher highest number shown, then the next, and so on; equal hands split.
    pub fn beats(&self, other: &Hand) -> Ordering {
        other.rank.cmp(&self.rank).then_with(|| self.shown.cmp(&other.shown))
    }
}

/// The class five cards (named by number) can reach in `mode`, without the tie-break.
pub fn class_of(mode: Mode, cards: [Card; 5]) -> Class {
    let bits = cards.map(|c| c.shows(Orientation::Dark).bits());
    mode.ranking()[rank_of(mode, reachable(&bits, mode == Mode::Variable))]
}
