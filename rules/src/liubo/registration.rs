//! Liubo in the registry of games ([`crate::games`]): two seats, one option (the variant),
//! and how a setup deals it.

use super::record::{ACTION_LIMIT, NAME, Record};
use super::{Liubo, PLAYERS, Variant};
use crate::play::Illegal;
use crate::play::descriptor::{GameDescriptor, Names, Picture, Printed};
use crate::play::registry::{GameOption, Registered, Setup};
use std::ops::RangeInclusive;

/// Liubo's entry.
pub struct LiuboRules;

pub static RULES: LiuboRules = LiuboRules;

impl Registered for LiuboRules {
    type Record = Record;
    const NAME: &'static str = NAME;
    const PLAYERS: RangeInclusive<usize> = PLAYERS..=PLAYERS;
    const DEFAULT_PLAYERS: usize = PLAYERS;
    const OPTIONS: &'static [GameOption] = &[GameOption {
        name: "variant",
        values: &["standard", "every-extra-throw"],
        help: "standard: a throw earns at most one extra throw; every-extra-throw: each reason (a 1-1 or 4-4, a loop, a promotion) earns its own",
    }];
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, setup: &Setup, seed: u64) -> Result<Liubo, Illegal> {
        let variant = match setup.option("variant") {
            Some(name) => Variant::ALL.into_iter().find(|v| v.name() == name).unwrap_or_default(),
            None => Variant::Standard,
        };
        Ok(Liubo::with_variant(seed, variant))
    }
}

/// Liubo, declared once ([`crate::games`] lists it).
pub static GAME: GameDescriptor = GameDescriptor {
    rules: &RULES,
    names: Names { en: "Liubo", fr: None, zh: Some("六博") },
    about: "六博: throw the sticks and race your stones round the 29 stations of the Han board.",
    printed: Printed {
        key: NAME,
        title: Names { en: "Liubo", fr: None, zh: Some("六博") },
        about: "Liubo: the board (tiled A4/Letter, whole A3/Tabloid), stones, owls, sticks, throw chart",
    },
    puzzles: None,
    picture: Picture::Art,
    hidden_information: false,
    grace_seconds: 120,
};
