//! I-Ching Poker in the registry of games ([`crate::games`]): its seats, its one option
//! (the orientation mode), and how a setup deals it. It is played with the Changing Lines
//! deck, so it names that deck's printed part.

use super::hand::Mode;
use super::record::{ACTION_LIMIT, Record};
use super::stud::{PLAYERS, Stud, shuffled_decks};
use crate::play::Illegal;
use crate::play::descriptor::{CardFace, GameDescriptor, Names, Picture};
use crate::play::registry::{GameOption, Registered, Setup};
use std::ops::RangeInclusive;

/// I-Ching Poker's entry.
pub struct PokerRules;

pub static RULES: PokerRules = PokerRules;

impl Registered for PokerRules {
    type Record = Record;
    const NAME: &'static str = "poker";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const DEFAULT_PLAYERS: usize = 4;
    const OPTIONS: &'static [GameOption] = &[GameOption {
        name: "orientation",
        values: &["variable", "fixed"],
        help: "variable: each up card is turned dark or light as it is dealt; fixed: every card dark side up",
    }];
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, setup: &Setup, seed: u64) -> Result<Stud, Illegal> {
        let players = setup.players(self)?;
        let mode = if setup.option("orientation") == Some("fixed") { Mode::Fixed } else { Mode::Variable };
        Stud::new(mode, players, shuffled_decks(players, seed))
    }
}

/// I-Ching Poker, declared once ([`crate::games`] lists it).
pub static GAME: GameDescriptor = GameDescriptor {
    rules: &RULES,
    names: Names { en: "I-Ching Poker", fr: Some("Poker du Yi King"), zh: Some("易经扑克") },
    about: "Five-card stud with the Changing Lines deck: hands ranked by what the hexagrams share, fixed-limit bets in chips, each up card turned as it is dealt.",
    printed: super::printed::PRINTED,
    puzzles: None,
    picture: Picture::Card(CardFace { deck: crate::changing_lines::PRINTED.key, number: 29, light: true }),
    hidden_information: true,
    grace_seconds: 120,
};
