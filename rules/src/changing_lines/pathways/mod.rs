//! Pathways puzzles (docs/conventions.md, The Changing Lines deck): the fewest cards that lead from one hexagram to another,
//! one changed line per card, and the checking of a proposed sequence.
//!
//! The walk happens on the [`hypercube`](crate::core::hypercube). Cards are a layer on top:
//! card *n* shows *n* dark side up and inverse(*n*) turned light side up. In `free` mode
//! hexagram *h* can be laid with card *h* (dark) or card inverse(*h*) (light), so a pair
//! {*h*, inverse(*h*)} may own only one card of the deck; the search then has to remember
//! which such pairs it has used (see [`shortest`] for why that is exact).
//!
//! Here: the question ([`Puzzle`]) and what a card laid is ([`Laid`], [`Mode`]);
//! [`solve`] finds the fewest cards, [`check`] judges a proposed sequence; [`duel`] solves
//! the two-player game exactly and [`engine`] plays the game for 2 to 8 players. All pure.

pub mod check;
pub mod duel;
pub mod engine;
#[cfg(test)]
mod engine_tests;
pub mod measured;
pub mod record;
pub mod registration;
pub mod solve;
#[cfg(test)]
mod tests;
pub mod words;

pub use check::{JudgedMove, Judgement, LegalMove, Report, Violation, check, judge, parse_sequence};
pub use solve::shortest;

use super::deck::{Deck, DeckError};
use crate::core::card::{Card, Orientation};
use crate::core::error::CoreError;
use crate::core::hexagram::Hexagram;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A Pathways question or check the core refuses, naming the value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PathwaysError {
    #[error(transparent)]
    Core(#[from] CoreError),
    #[error(transparent)]
    Deck(#[from] DeckError),
    #[error("unknown orientation mode {0:?}; expected dark, light or free")]
    UnknownMode(String),
    #[error("card {0:?} in the sequence is not of the form CARD:ORIENTATION, such as 44:dark")]
    BadLaidCard(String),
    #[error("give either a named deck or a list of cards, not both")]
    DeckAndCards,
    #[error("a sequence holds at most 64 cards, but this one has {0}")]
    SequenceTooLong(usize),
}

/// Which way cards may be laid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Every card dark side up: card *n* shows *n*. The default.
    #[default]
    Dark,
    /// Every card turned: card *n* shows inverse(*n*).
    Light,
    /// Each card either way (the seed's advanced option).
    Free,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Dark, Mode::Light, Mode::Free];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Dark => "dark",
            Mode::Light => "light",
            Mode::Free => "free",
        }
    }

    /// Whether a card may lie this way up in this mode.
    pub fn allows(self, orientation: Orientation) -> bool {
        match self {
            Mode::Dark => orientation == Orientation::Dark,
            Mode::Light => orientation == Orientation::Light,
            Mode::Free => true,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = PathwaysError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match &*crate::core::folded(s) {
            "dark" => Ok(Mode::Dark),
            "light" => Ok(Mode::Light),
            "free" => Ok(Mode::Free),
            _ => Err(PathwaysError::UnknownMode(s.to_string())),
        }
    }
}

/// One card on the pile: which card, which way up, and the hexagram it then shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Laid {
    pub card: Card,
    pub orientation: Orientation,
    pub hexagram: Hexagram,
}

impl Laid {
    pub fn new(card: Card, orientation: Orientation) -> Laid {
        Laid { card, orientation, hexagram: card.shows(orientation) }
    }
}

/// A validated Pathways question: from, to, deck and orientation mode.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub from: Hexagram,
    pub to: Hexagram,
    pub deck: Deck,
    pub mode: Mode,
}
