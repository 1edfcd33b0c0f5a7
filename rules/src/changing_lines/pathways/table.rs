//! Pathways in the registry of games ([`crate::games`]): its seats, its options (the deck,
//! the mode, the last-player-standing variant), and the table, simulation and record
//! checking the edges drive.

use super::Mode;
use super::engine::{ACTION_LIMIT, PLAYERS, Pathways};
use super::record::Record;
use crate::changing_lines::deck::Deck;
use crate::play::Illegal;
use crate::play::bots::Bot;
use crate::play::record::{GameOption, Rules, Seated, Setup, Table, Verdict, check_text, simulate_text};
use crate::play::simulate::{GameResult, game_seed};

/// Pathways' entry.
pub struct PathwaysRules;

pub static RULES: PathwaysRules = PathwaysRules;

const OPTIONS: &[GameOption] = &[
    GameOption { name: "deck", values: &[], help: "the deck: 3d, 4d, 5d, 6d (the default) or a list of card numbers" },
    GameOption { name: "mode", values: &["dark", "light", "free"], help: "which way cards lie" },
    GameOption {
        name: "variant",
        values: &["final-play", "last-standing-wins"],
        help: "the seed's rule (the last player standing must make a final play) or the variant where they win without it",
    },
];

impl PathwaysRules {
    fn dealt(&self, setup: &Setup, seed: u64) -> Result<Pathways, Illegal> {
        setup.checked(self)?;
        let deck: Deck = match setup.option("deck") {
            Some(deck) => deck.parse().map_err(|e| Illegal::new("bad-option", format!("deck {deck:?}: {e}")))?,
            None => Deck::default(),
        };
        let mode: Mode = match setup.option("mode") {
            Some(mode) => mode.parse().map_err(|e| Illegal::new("bad-option", format!("{e}")))?,
            None => Mode::default(),
        };
        let players = setup.players(self)?;
        if players > deck.cards().len() {
            let message = format!("{players} players: {deck} has only {} starting cards", deck.cards().len());
            return Err(Illegal::new("players", message));
        }
        let game = Pathways::dealt(deck, mode, players, seed)?;
        Ok(if setup.option("variant") == Some("last-standing-wins") { game.last_standing_wins() } else { game })
    }
}

impl Rules for PathwaysRules {
    fn name(&self) -> &'static str {
        "pathways"
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
        Ok(Box::new(Seated::<Record>::new(self.name(), self.dealt(setup, seed)?, seed)))
    }

    fn simulate(
        &self,
        setup: &Setup,
        bots: &[Bot],
        seed: u64,
        index: u64,
        keep_record: bool,
    ) -> Result<(GameResult, Option<String>), Illegal> {
        let game = self.dealt(setup, game_seed(seed, index))?;
        Ok(simulate_text::<Record>(game, bots, seed, index, ACTION_LIMIT, keep_record))
    }

    fn check(&self, number: usize, record: &str) -> Result<Verdict, String> {
        check_text::<Record>(self.name(), number, record)
    }

    fn replay(&self, record: &str, upto: usize) -> Result<Box<dyn Table>, String> {
        Ok(Box::new(Seated::<Record>::replayed(self.name(), record, upto)?))
    }
}
