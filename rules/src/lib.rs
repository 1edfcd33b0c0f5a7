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
pub mod play;
pub mod puzzles;
pub mod tao;
pub mod zhi_pai;
