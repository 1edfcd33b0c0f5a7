//! I-Ching Poker: hands of five Changing Lines cards ranked by what the deck's structure
//! makes of them (trigrams shared, lines changed, complements, twins) and by rarity, counted
//! exactly over every hand (docs/poker.md).

pub mod count;
pub mod equity;
pub mod features;
pub mod hand;
pub mod measured;
pub mod printed;

#[cfg(test)]
mod tests;
