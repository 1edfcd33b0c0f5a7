//! hexforge-rules: the rules of hexforge's games, pure.
//!
//! Three floors, each using only those below it:
//! - [`core`]: the hexagrams, trigrams, cards and decks, values and transformations that
//!   every game, renderer, solver and edge shares;
//! - [`play`]: the one engine interface every game implements, and what drives it once for
//!   all games (bots, seeded simulation and its summary);
//! - the games: [`tao`], [`changing_lines`] (the decks and Pathways: puzzles, searches,
//!   the engine) and [`zhi_pai`] (its rules, score, searches, checker and the game for
//!   two); the others move in as their engines land;
//! - [`puzzles`]: the puzzles of both card games, each generated from its id alone, and
//!   what checks an answer.
//!
//! No I/O, no async, no rendering, no OS randomness (seeds come from the caller), so the
//! crate also builds for the browser (`wasm32-unknown-unknown`, `scripts/rules-wasm.sh`).
//! The application (`hexforge`: art, print, rulebooks, photo, results, HTTP, CLI) depends
//! on it, and the compiler keeps the layering.
#![forbid(unsafe_code)]

pub mod changing_lines;
pub mod core;
pub mod dragons;
pub mod liubo;
pub mod play;
pub mod poker;
pub mod puzzles;
pub mod solitaire;
pub mod tao;
pub mod yijing_pai;
pub mod zhi_pai;

use play::descriptor::GameDescriptor;

/// Every game, as the command line, the server, `generate`, the play page and the browser
/// list them, each declared once in its own folder ([`play::descriptor`]). A new game
/// joins here, with one line.
pub fn games() -> Vec<&'static GameDescriptor> {
    vec![
        &tao::registration::GAME,
        &changing_lines::pathways::registration::GAME,
        &zhi_pai::duel_registration::GAME,
        &liubo::registration::GAME,
        &yijing_pai::registration::GAME,
        &dragons::registration::GAME,
        &poker::registration::GAME,
        &solitaire::registration::GAME,
    ]
}

/// The game of this name (`tao`, `pathways`, `zhi-pai`…; case and `_` or `-` do not
/// matter, and a name written without its hyphen, `zhipai`, is the same game).
pub fn game(name: &str) -> Option<&'static GameDescriptor> {
    let wanted = core::folded(name).replace('_', "-");
    let bare = |key: &str| key.replace('-', "");
    games().into_iter().find(|game| game.key() == wanted || bare(game.key()) == wanted)
}

#[cfg(test)]
#[path = "games_tests.rs"]
mod games_tests;
