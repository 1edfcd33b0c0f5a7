//! 易经牌 in the registry of games ([`crate::games`]): its seats, its two options (the set
//! and the hand), and how a setup deals it.

use super::record::{ACTION_LIMIT, NAME, Record, settings};
use super::{Settings, YijingPai};
use crate::play::Illegal;
use crate::play::descriptor::{GameDescriptor, Names, Picture, Printed};
use crate::play::registry::{GameOption, Registered, Setup};
use std::ops::RangeInclusive;

/// 易经牌 in the registry of games.
#[derive(Copy, Clone, Debug, Default)]
pub struct YijingPaiRules;

/// The registry's entry ([`crate::games`]).
pub static RULES: YijingPaiRules = YijingPaiRules;

/// The table's options.
const OPTIONS: &[GameOption] = &[
    GameOption { name: "set", values: &["144", "162"], help: "the tile set: 144 (70 yang, 70 yin, 4 taiji) or 162" },
    GameOption { name: "hand", values: &["8", "9"], help: "tiles dealt: 8 (played in pairs) or 9 (in triples)" },
];

/// The settings a table's setup names (the defaults: 144 tiles, hands of 8).
pub fn setup_settings(setup: &Setup) -> Result<Settings, Illegal> {
    setup.checked(&YijingPaiRules)?;
    let number = |name: &str, default: u32| {
        setup
            .option(name)
            .map_or(Ok(default), |v| v.parse::<u32>().map_err(|_| Illegal::new("bad-option", format!("{name} {v:?}"))))
    };
    settings(number("set", 144)?, number("hand", 8)?)
}

impl Registered for YijingPaiRules {
    type Record = Record;
    const NAME: &'static str = NAME;
    const PLAYERS: RangeInclusive<usize> = super::SEATS..=super::SEATS;
    const DEFAULT_PLAYERS: usize = super::SEATS;
    const OPTIONS: &'static [GameOption] = OPTIONS;
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, setup: &Setup, seed: u64) -> Result<YijingPai, Illegal> {
        Ok(YijingPai::shuffled(setup_settings(setup)?, seed))
    }
}

/// 易经牌, declared once ([`crate::games`] lists it).
pub static GAME: GameDescriptor = GameDescriptor {
    rules: &RULES,
    names: Names { en: "Yijing Pai", fr: None, zh: Some("易经牌") },
    about: "易经牌: a mahjong-like game for four, building six-line hexagrams of yang, yin and taiji tiles.",
    printed: Printed {
        key: NAME,
        title: Names { en: "Yijing Pai", fr: None, zh: Some("易经牌") },
        about: "易经牌 Yijing Pai: the tile faces and back, sheets of the 144 and 162 sets on A4/Letter",
    },
    puzzles: None,
    picture: Picture::Art,
    hidden_information: true,
    grace_seconds: 90,
};
