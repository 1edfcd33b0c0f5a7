//! Dragons of the Ba-Gua in the registry of games ([`crate::games`]): two seats, its
//! options (the scenario, the mode, the variants measured against this edition's
//! readings), and the table, simulation and record checking the edges drive.

use super::record::Record;
use super::{Dragons, NAME, Variant};
use crate::play::Illegal;
use crate::play::bots::Bot;
use crate::play::record::{GameOption, Rules, Seated, Setup, Table, Verdict, check_text, simulate_text};
use crate::play::simulate::{GameResult, game_seed};

/// Actions a simulated game may take at most; the turn limit ends every game long before.
pub const ACTION_LIMIT: usize = 100_000;

/// Dragons' entry.
pub struct DragonsRules;

pub static RULES: DragonsRules = DragonsRules;

const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "scenario",
        values: &["introductory", "valley"],
        help: "the board of human at the start: introductory (green portals only) or valley (red and blue portals lead anywhere, for a price)",
    },
    GameOption {
        name: "mode",
        values: &["grasshopper", "monk", "master", "chosen-one"],
        help: "grasshopper (the plain game), monk (focus and balance), master (the flux coin), chosen-one (master without the board of human: the same game for the program)",
    },
    GameOption {
        name: "variant",
        values: &["focus-by-owner", "focus-by-sower"],
        help: "monk and later modes: who moves a dragon a focus sets to act: its own player (this edition) or the player who sowed",
    },
];

impl DragonsRules {
    fn game(&self, setup: &Setup, seed: u64) -> Result<Dragons, Illegal> {
        setup.checked(self)?;
        let scenario = setup.option("scenario").unwrap_or("introductory");
        let mode = setup.option("mode").unwrap_or("grasshopper");
        let variant = setup.option("variant").and_then(Variant::parse).unwrap_or(Variant::FocusByOwner);
        Ok(Dragons::named(scenario, mode)?.with_variant(variant).salted(seed))
    }
}

impl Rules for DragonsRules {
    fn name(&self) -> &'static str {
        NAME
    }

    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn default_players(&self) -> usize {
        2
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
