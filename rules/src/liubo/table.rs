//! Liubo in the registry of games ([`crate::games`]): two seats, one option (the variant),
//! and the table, simulation and record checking the edges drive.

use super::record::{ACTION_LIMIT, Record};
use super::{Liubo, PLAYERS, Variant};
use crate::play::Illegal;
use crate::play::bots::Bot;
use crate::play::record::{GameOption, Rules, Seated, Setup, Table, Verdict, check_text, simulate_text};
use crate::play::simulate::{GameResult, game_seed};

/// Liubo's entry.
pub struct LiuboRules;

pub static RULES: LiuboRules = LiuboRules;

const OPTIONS: &[GameOption] = &[GameOption {
    name: "variant",
    values: &["standard", "every-extra-throw"],
    help: "standard: a throw earns at most one extra throw; every-extra-throw: each reason (a 1-1 or 4-4, a loop, a promotion) earns its own",
}];

impl LiuboRules {
    fn game(&self, setup: &Setup, seed: u64) -> Result<Liubo, Illegal> {
        setup.checked(self)?;
        let variant = match setup.option("variant") {
            Some(name) => Variant::ALL.into_iter().find(|v| v.name() == name).unwrap_or_default(),
            None => Variant::Standard,
        };
        Ok(Liubo::with_variant(seed, variant))
    }
}

impl Rules for LiuboRules {
    fn name(&self) -> &'static str {
        super::record::NAME
    }

    fn players(&self) -> std::ops::RangeInclusive<usize> {
        PLAYERS..=PLAYERS
    }

    fn default_players(&self) -> usize {
        PLAYERS
    }

    fn options(&self) -> &'static [GameOption] {
        OPTIONS
    }

    fn table(&self, setup: &Setup, seed: u64) -> Result<Box<dyn Table>, Illegal> {
        let game = self.game(setup, seed)?;
        Ok(Box::new(Seated::<Record>::new(self.name(), game, seed)))
    }

    fn simulate(
        &self,
        setup: &Setup,
        bots: &[Bot],
        seed: u64,
        index: u64,
        keep_record: bool,
    ) -> Result<(GameResult, Option<String>), Illegal> {
        let game = self.game(setup, game_seed(seed, index))?;
        Ok(simulate_text::<Record>(game, bots, seed, index, ACTION_LIMIT, keep_record))
    }

    fn check(&self, number: usize, record: &str) -> Result<Verdict, String> {
        check_text::<Record>(self.name(), number, record)
    }

    fn replay(&self, record: &str, upto: usize) -> Result<Box<dyn Table>, String> {
        Ok(Box::new(Seated::<Record>::replayed(self.name(), record, upto)?))
    }
}
