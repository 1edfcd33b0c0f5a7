//! Zhi Pai for two in the registry of games ([`crate::games`]): two seats, no options, and
//! how a game is dealt.

use super::duel::{ACTION_LIMIT, Deal, Duel, PLAYERS};
use super::duel_record::Record;
use crate::play::Illegal;
use crate::play::registry::{GameOption, Registered, Setup};
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
