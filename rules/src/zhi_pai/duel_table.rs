//! Zhi Pai for two in the registry of games ([`crate::games`]): two seats, no options, and
//! the table, simulation and record checking the edges drive.

use super::duel::{ACTION_LIMIT, Deal, Duel, PLAYERS};
use super::duel_record::Record;
use crate::play::Illegal;
use crate::play::bots::Bot;
use crate::play::record::{GameOption, Rules, Seated, Setup, Table, Verdict, check_text, simulate_text};
use crate::play::simulate::{GameResult, game_seed};

/// Zhi Pai's entry (the game for two).
pub struct ZhiPaiRules;

pub static RULES: ZhiPaiRules = ZhiPaiRules;

impl Rules for ZhiPaiRules {
    fn name(&self) -> &'static str {
        "zhi-pai"
    }

    fn players(&self) -> std::ops::RangeInclusive<usize> {
        PLAYERS..=PLAYERS
    }

    fn default_players(&self) -> usize {
        PLAYERS
    }

    fn options(&self) -> &'static [GameOption] {
        &[]
    }

    fn table(&self, setup: &Setup, seed: u64) -> Result<Box<dyn Table>, Illegal> {
        setup.checked(self)?;
        Ok(Box::new(Seated::<Record>::new(self.name(), Duel::new(&Deal::shuffled(seed)), seed)))
    }

    fn simulate(
        &self,
        setup: &Setup,
        bots: &[Bot],
        seed: u64,
        index: u64,
        keep_record: bool,
    ) -> Result<(GameResult, Option<String>), Illegal> {
        setup.checked(self)?;
        let game = Duel::new(&Deal::shuffled(game_seed(seed, index)));
        Ok(simulate_text::<Record>(game, bots, seed, index, ACTION_LIMIT, keep_record))
    }

    fn check(&self, number: usize, record: &str) -> Result<Verdict, String> {
        check_text::<Record>(self.name(), number, record)
    }

    fn replay(&self, record: &str, upto: usize) -> Result<Box<dyn Table>, String> {
        Ok(Box::new(Seated::<Record>::replayed(self.name(), record, upto)?))
    }
}
