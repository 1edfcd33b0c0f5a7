//! Changing Lines (docs/conventions.md, The Changing Lines deck), its pure rules: the Pathways decks ([`deck`]) and Pathways
//! ([`pathways`]: the puzzles, their exact search and checker, the two-player search and
//! the engine that plays the game for 2 to 8 players). The art, the rulebook and the
//! player aids are the application's (`hexforge::games::changing_lines`).

pub mod deck;
pub mod pathways;

use crate::play::descriptor::{Names, Printed};

/// The Changing Lines deck, which Tao and Pathways are played with.
pub const PRINTED: Printed = Printed {
    key: "changing-lines",
    title: Names { en: "Changing Lines", fr: None, zh: Some("變爻") },
    about: "the Changing Lines deck: SVG, PNG, print-service PNGs, A4/Letter PDFs, contact and TTS sheets",
};
