//! hexforge-rules: the rules of hexforge's games, pure.
//!
//! The hexagram core ([`core`]): values, tables and transformations that every game,
//! renderer, solver and edge shares. No I/O, no async, no rendering, no OS randomness
//! (seeds come from the caller), so the crate also builds for the browser
//! (`wasm32-unknown-unknown`). The application (`hexforge`: art, print, rulebooks, photo,
//! results, HTTP, CLI) depends on it, and the compiler keeps the layering.
#![forbid(unsafe_code)]

pub mod changing_lines;
pub mod core;
pub mod play;
pub mod tao;
pub mod zhi_pai;
