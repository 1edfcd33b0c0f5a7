//! Tao in the registry of games ([`crate::games`]): its seats, its one option (the hand
//! size), and the table, simulation and record checking the edges drive.

use super::deal::Deal;
use super::record::{ACTION_LIMIT, Record};
use super::{HAND, PLAYERS, Tao};
use crate::play::Illegal;
use crate::play::bots::Bot;
use crate::play::record::{GameOption, Rules, Seated, Setup, Table, Verdict, check_text, simulate_text};
use crate::play::simulate::{GameResult, game_seed};

/// Tao's entry.
pub struct TaoRules;

pub static RULES: TaoRules = TaoRules;

const OPTIONS: &[GameOption] = &[GameOption {
    name: "hand",
    values: &["8", "7"],
    help: "cards dealt to each player: 8, or 7 for the eight-player variant (which leaves a draw pile)",
}];

impl TaoRules {
    fn deal(&self, setup: &Setup, seed: u64) -> Result<Deal, Illegal> {
        setup.checked(self)?;
        let hand = setup.option("hand").map_or(HAND, |h| h.parse().unwrap_or(HAND));
        Deal::shuffled_hands(setup.players(self)?, hand, seed)
    }
}

impl Rules for TaoRules {
    fn name(&self) -> &'static str {
        "tao"
    }

    fn players(&self) -> std::ops::RangeInclusive<usize> {
        PLAYERS
    }

    fn default_players(&self) -> usize {
        4
    }

    fn options(&self) -> &'static [GameOption] {
        OPTIONS
    }

    fn table(&self, setup: &Setup, seed: u64) -> Result<Box<dyn Table>, Illegal> {
        let game = Tao::new(&self.deal(setup, seed)?, seed);
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
        let game_seed = game_seed(seed, index);
        let game = Tao::new(&self.deal(setup, game_seed)?, game_seed);
        Ok(simulate_text::<Record>(game, bots, seed, index, ACTION_LIMIT, keep_record))
    }

    fn check(&self, number: usize, record: &str) -> Result<Verdict, String> {
        check_text::<Record>(self.name(), number, record)
    }

    fn replay(&self, record: &str, upto: usize) -> Result<Box<dyn Table>, String> {
        Ok(Box::new(Seated::<Record>::replayed(self.name(), record, upto)?))
    }
}
