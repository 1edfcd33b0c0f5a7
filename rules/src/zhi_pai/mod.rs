//! Zhi Pai (易經紙牌, SPEC §3): two chains of hexagram cards grown toward each other.
//!
//! - [`rules`]: laying a card, the three link conditions, the trigram cards, and a game in
//!   progress that refuses an illegal placement with the reason;
//! - [`score`]: the solo score.
//!
//! The searches for the shortest sequence, the checker that adds the optimum, the card art
//! and the rulebook live in the application (`hexforge::games::zhi_pai`), which re-exports
//! these modules under their old paths.

pub mod rules;
pub mod score;
