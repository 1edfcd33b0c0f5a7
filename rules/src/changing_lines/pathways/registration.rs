//! Pathways in the registry of games ([`crate::games`]): its seats, its options (the deck,
//! the mode, the last-player-standing variant), and how a setup deals it.

use super::Mode;
use super::engine::{ACTION_LIMIT, PLAYERS, Pathways};
use super::record::Record;
use crate::changing_lines::deck::Deck;
use crate::play::Illegal;
use crate::play::descriptor::{CardFace, GameDescriptor, Names, Picture};
use crate::play::registry::{GameOption, Registered, Setup};
use crate::puzzles::PuzzleGame;
use std::ops::RangeInclusive;

/// Pathways' entry.
pub struct PathwaysRules;

pub static RULES: PathwaysRules = PathwaysRules;

impl Registered for PathwaysRules {
    type Record = Record;
    const NAME: &'static str = "pathways";
    const PLAYERS: RangeInclusive<usize> = PLAYERS;
    const DEFAULT_PLAYERS: usize = 4;
    const OPTIONS: &'static [GameOption] = &[
        GameOption {
            name: "deck",
            values: &[],
            help: "the deck: 3d, 4d, 5d, 6d (the default) or a list of card numbers",
        },
        GameOption { name: "mode", values: &["dark", "light", "free"], help: "which way cards lie" },
        GameOption {
            name: "variant",
            values: &["final-play", "last-standing-wins"],
            help: "the seed's rule (the last player standing must make a final play) or the variant where they win without it",
        },
    ];
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, setup: &Setup, seed: u64) -> Result<Pathways, Illegal> {
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

/// Pathways, declared once ([`crate::games`] lists it).
pub static GAME: GameDescriptor = GameDescriptor {
    rules: &RULES,
    names: Names::one("Pathways"),
    about: "Each player grows a pile of Changing Lines cards, each card's hexagram one line away from the one below it.",
    printed: crate::changing_lines::PRINTED,
    puzzles: Some(PuzzleGame::Pathways),
    picture: Picture::Card(CardFace { deck: crate::changing_lines::PRINTED.key, number: 8, light: false }),
    hidden_information: false,
    grace_seconds: 60,
};
