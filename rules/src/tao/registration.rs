//! Tao in the registry of games ([`crate::games`]): its seats, its one option (the hand
//! size), and how a setup deals it.

use super::deal::{Deal, default_hand};
use super::record::{ACTION_LIMIT, Record};
use super::{PLAYERS, Tao};
use crate::play::Illegal;
use crate::play::descriptor::{CardFace, GameDescriptor, Names, Picture};
use crate::play::registry::{GameOption, Registered, Setup};
use std::ops::RangeInclusive;

/// Tao's entry.
pub struct TaoRules;

pub static RULES: TaoRules = TaoRules;

impl Registered for TaoRules {
    type Record = Record;
    const NAME: &'static str = "tao";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const DEFAULT_PLAYERS: usize = 4;
    const OPTIONS: &'static [GameOption] = &[GameOption {
        name: "hand",
        values: &["8", "7"],
        help: "cards dealt to each player: 8; to eight players 7 (the default, which leaves a draw pile) or 8",
    }];
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, setup: &Setup, seed: u64) -> Result<Tao, Illegal> {
        let players = setup.players(self)?;
        let hand = setup.option("hand").map_or(default_hand(players), |h| h.parse().unwrap_or(default_hand(players)));
        Ok(Tao::new(&Deal::shuffled_hands(players, hand, seed)?, seed))
    }
}

/// Tao, declared once ([`crate::games`] lists it).
pub static GAME: GameDescriptor = GameDescriptor {
    rules: &RULES,
    names: Names::one("Tao"),
    about: "The shedding game of the Changing Lines deck: play your cards onto one pile, each as the hexagram it shows allows.",
    printed: crate::changing_lines::PRINTED,
    puzzles: None,
    picture: Picture::Card(CardFace { deck: crate::changing_lines::PRINTED.key, number: 17, light: true }),
    hidden_information: true,
    grace_seconds: 60,
};
