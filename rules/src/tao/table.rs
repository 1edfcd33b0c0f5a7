//! Tao in the registry of games ([`crate::games`]): its seats, its one option (the hand
//! size), and how a setup deals it.

use super::deal::Deal;
use super::record::{ACTION_LIMIT, Record};
use super::{HAND, PLAYERS, Tao};
use crate::play::Illegal;
use crate::play::record::{GameOption, Registered, Setup};
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
        help: "cards dealt to each player: 8, or 7 for the eight-player variant (which leaves a draw pile)",
    }];
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, setup: &Setup, seed: u64) -> Result<Tao, Illegal> {
        let hand = setup.option("hand").map_or(HAND, |h| h.parse().unwrap_or(HAND));
        Ok(Tao::new(&Deal::shuffled_hands(setup.players(self)?, hand, seed)?, seed))
    }
}
