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

use play::record::Rules;

/// Every game the engines play, as the command line, the server and the browser list them.
pub fn games() -> Vec<&'static dyn Rules> {
    vec![
        &tao::table::RULES,
        &changing_lines::pathways::table::RULES,
        &zhi_pai::duel_table::RULES,
        &liubo::table::RULES,
        &yijing_pai::record::RULES,
        &dragons::table::RULES,
    ]
}

/// The game of this name (`tao`, `pathways`, `zhi-pai`…; case and `_` or `-` do not matter).
pub fn game(name: &str) -> Option<&'static dyn Rules> {
    let wanted = core::folded(name).replace('_', "-");
    games().into_iter().find(|rules| rules.name() == wanted)
}

#[cfg(test)]
#[path = "games_tests.rs"]
mod games_tests;
