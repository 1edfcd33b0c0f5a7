//! Zhi Pai for two in the registry of games ([`crate::games`]): two seats, no options, and
//! how a game is dealt.

use super::duel::{ACTION_LIMIT, Deal, Duel, PLAYERS};
use super::duel_record::Record;
use crate::play::Illegal;
use crate::play::descriptor::{CardFace, GameDescriptor, Names, Picture, Printed};
use crate::play::registry::{GameOption, Registered, Setup};
use crate::puzzles::PuzzleGame;
use std::ops::RangeInclusive;

/// Zhi Pai's entry (the game for two).
pub struct ZhiPaiRules;

pub static RULES: ZhiPaiRules = ZhiPaiRules;

impl Registered for ZhiPaiRules {
    type Record = Record;
    const NAME: &'static str = super::KEY;
    const PLAYERS: RangeInclusive<usize> = PLAYERS..=PLAYERS;
    const DEFAULT_PLAYERS: usize = PLAYERS;
    const OPTIONS: &'static [GameOption] = &[];
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, _setup: &Setup, seed: u64) -> Result<Duel, Illegal> {
        Ok(Duel::new(&Deal::shuffled(seed)))
    }
}

/// Zhi Pai, declared once ([`crate::games`] lists it).
pub static GAME: GameDescriptor = GameDescriptor {
    rules: &RULES,
    names: Names { en: "Zhi Pai", fr: Some("Zhi Pai"), zh: Some("易經紙牌") },
    about: "Zhi Pai for two: lay hexagram cards into your line, with your eight trigram cards.",
    printed: Printed {
        key: super::KEY,
        title: Names { en: "Zhi Pai", fr: Some("Zhi Pai"), zh: Some("易經紙牌") },
        about: "the Zhi Pai deck: hexagram cards, back, two sets of trigram cards; same outputs",
    },
    puzzles: Some(PuzzleGame::Zhipai),
    picture: Picture::Card(CardFace { deck: super::KEY, number: 12, light: false }),
    hidden_information: true,
    grace_seconds: 90,
};
