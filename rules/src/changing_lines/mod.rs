//! Changing Lines (docs/conventions.md, The Changing Lines deck), its pure rules: the Pathways decks ([`deck`]) and Pathways
//! ([`pathways`]: the puzzles, their exact search and checker, the two-player search and
//! the engine that plays the game for 2 to 8 players). The art, the rulebook and the
//! player aids are the application's (`hexforge::games::changing_lines`).

pub mod deck;
pub mod pathways;
