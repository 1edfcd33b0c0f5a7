//! Changing Lines: the 64 dual-orientation cards, Tao, Pathways and divination (SPEC §2).
//!
//! - [`deck`]: the Pathways decks (`3d` … `6d`, custom); [`pathways`]: the Pathways
//!   puzzles, their exact search and checker. Both pure.
//! - [`art`]: the layout of the cards; [`rulebook`]: the rulebook's data and figures.

pub mod art;
pub mod deck;
pub mod pathways;
