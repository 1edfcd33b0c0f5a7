//! What a game is, declared once (after OpenSpiel's `GameType` and `REGISTER_SPIEL_GAME`):
//! its key, its names, its engine (seats, options, records: [`Rules`]), what it is
//! printed on and its puzzles. Each game declares its descriptor in its own folder
//! (`registration.rs`) and [`crate::games`] lists them; the command line, the routes, `generate`,
//! the output index, the play page and the tests read games from that list and name none.

use super::registry::Rules;
use crate::core::lang::Lang;
use crate::puzzles::PuzzleGame;
use serde::Serialize;
use std::ops::Deref;

/// A name in each language the product is made in. A language without its own name
/// prints the English one (a proper name: Liubo, Zhi Pai).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Names {
    pub en: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fr: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zh: Option<&'static str>,
}

impl Names {
    /// A name that is the same in every language (a proper name).
    pub const fn one(en: &'static str) -> Names {
        Names { en, fr: None, zh: None }
    }

    /// The name in `lang` (an edition's base language), English where it has none.
    pub fn get(&self, lang: Lang) -> &'static str {
        match lang.base() {
            Lang::Fr => self.fr.unwrap_or(self.en),
            Lang::Zh => self.zh.unwrap_or(self.en),
            _ => self.en,
        }
    }
}

/// What a game is played with on paper: a part of `generate` (its output folder, its
/// `--only` name, its rulebook) and the title its rulebook's cover prints. Two games
/// played with one deck name the same part (Tao and Pathways: the Changing Lines deck).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Printed {
    /// The part's key: `changing-lines`, `zhi-pai`, `liubo`…
    pub key: &'static str,
    /// The title on the rulebook's cover and in the output folder's index.
    pub title: Names,
    /// One line saying what the part holds, for `generate --help`.
    pub about: &'static str,
}

/// One game, declared once.
pub struct GameDescriptor {
    /// The engine: its key ([`Rules::name`]), seats, options, tables and records.
    pub rules: &'static dyn Rules,
    /// The game's own name.
    pub names: Names,
    /// One sentence for the list of games (`GET /play`): what it is played with and how.
    pub about: &'static str,
    /// What it is printed on.
    pub printed: Printed,
    /// Its puzzles (`hexforge puzzle`, `/api/puzzles/{kind}`), if it has any.
    pub puzzles: Option<PuzzleGame>,
    /// The picture beside its line on the list of games (`GET /play`).
    pub picture: Picture,
    /// Whether a seat's view hides what another seat holds or what the deck or wall will
    /// deal (hands, a face-down pile, a wall), beyond the chance of throws and draws to
    /// come: the referee's leak test plays many seeded games of such a game, a few of the
    /// others.
    pub hidden_information: bool,
    /// How long, in seconds, a player of a room may be gone at their turn before the
    /// strong bot plays for them: a shedding game's turn is quick, a board game's longer.
    pub grace_seconds: u64,
}

/// The picture beside a game's line on the list of games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Picture {
    /// A card face of a printed deck, as the card route serves it.
    Card(CardFace),
    /// The game's own printed board or tile, drawn by the application.
    Art,
}

/// One card face of a printed deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardFace {
    /// The deck's part key (`changing-lines`, `zhi-pai`).
    pub deck: &'static str,
    /// The card's number in the deck.
    pub number: u8,
    /// Drawn in the light orientation (the deck's default otherwise).
    pub light: bool,
}

impl GameDescriptor {
    /// The key in commands, routes, records and pages: `tao`, `zhi-pai`, `yijing-pai`.
    pub fn key(&self) -> &'static str {
        self.rules.name()
    }
}

/// A descriptor is its engine too: `game.players()`, `game.check(…)`.
impl Deref for GameDescriptor {
    type Target = dyn Rules;

    fn deref(&self) -> &(dyn Rules + 'static) {
        self.rules
    }
}

impl std::fmt::Debug for GameDescriptor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameDescriptor").field("key", &self.key()).field("printed", &self.printed.key).finish()
    }
}

/// Every printed part the games are played with, each once, in the order of the games
/// that first name it.
pub fn printed(games: &[&'static GameDescriptor]) -> Vec<Printed> {
    let mut parts: Vec<Printed> = Vec::new();
    for game in games {
        if !parts.iter().any(|p| p.key == game.printed.key) {
            parts.push(game.printed);
        }
    }
    parts
}
