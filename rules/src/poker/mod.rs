//! I-Ching Poker: hands of five Changing Lines cards ranked by what the deck's structure
//! makes of them (trigrams shared, lines changed, complements, twins) and by rarity, counted
//! exactly over every hand (docs/poker.md); and I-Ching Stud, the betting game played on
//! those ranks ([`stud`]), with its engine, record, words, bots and measured strength.

pub mod count;
mod engine;
pub mod equity;
pub mod features;
pub mod hand;
pub mod heuristic;
pub mod measured;
pub mod printed;
pub mod record;
pub mod registration;
pub mod strength;
pub mod stud;
pub mod view;
pub mod words;

#[cfg(test)]
mod stud_tests;
#[cfg(test)]
mod tests;
