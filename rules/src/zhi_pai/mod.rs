//! Zhi Pai (易經紙牌, SPEC §3): two chains of hexagram cards grown toward each other.
//!
//! - [`rules`]: laying a card, the three link conditions, the trigram cards, and a game in
//!   progress that refuses an illegal placement with the reason;
//! - [`score`]: the solo score;
//! - [`duel`]: the game for two players, as an engine plays it (the one interface
//!   [`crate::play::Game`]), its greedy heuristic and its simulation.
//!
//! The searches for the shortest sequence, the checker that adds the optimum, the card art
//! and the rulebook live in the application (`hexforge::games::zhi_pai`), which re-exports
//! [`rules`] and [`score`] under their old paths.

pub mod duel;
pub mod rules;
pub mod score;
