//! I-Ching Solitaire in the registry of games ([`crate::games`]): one seat, no options,
//! and a deal from the seed.

use super::engine::{PLAYERS, Solitaire};
use super::record::{ACTION_LIMIT, NAME, Record};
use crate::play::Illegal;
use crate::play::descriptor::{CardFace, GameDescriptor, Names, Picture};
use crate::play::registry::{GameOption, Registered, Setup};
use std::ops::RangeInclusive;

/// I-Ching Solitaire's entry.
pub struct SolitaireRules;

pub static RULES: SolitaireRules = SolitaireRules;

impl Registered for SolitaireRules {
    type Record = Record;
    const NAME: &'static str = NAME;
    const PLAYERS: RangeInclusive<usize> = PLAYERS..=PLAYERS;
    const DEFAULT_PLAYERS: usize = PLAYERS;
    const OPTIONS: &'static [GameOption] = &[];
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, _setup: &Setup, seed: u64) -> Result<Solitaire, Illegal> {
        Ok(Solitaire::dealt(seed))
    }
}

/// I-Ching Solitaire, declared once ([`crate::games`] lists it).
pub static GAME: GameDescriptor = GameDescriptor {
    rules: &RULES,
    names: Names { en: "I-Ching Solitaire", fr: Some("Réussite du Yi King"), zh: Some("易经接龙") },
    about: "One player clears four piles of Changing Lines cards onto a centre pile, each card one line changed from the last, all six, or a Mirror.",
    printed: super::printed::PRINTED,
    puzzles: Some(crate::puzzles::PuzzleGame::Solitaire),
    picture: Picture::Card(CardFace { deck: crate::changing_lines::PRINTED.key, number: 63, light: false }),
    hidden_information: true,
    grace_seconds: 120,
};
