//! Dragons of the Ba-Gua's wheel, from the rules crate (`hexforge_rules::dragons::wheel`), where
//! the engine that plays the game reads them too; re-exported under the old path for the
//! art, the print files and the rulebook.

pub use hexforge_rules::dragons::wheel::*;
