//! The pure core: hexagrams, trigrams, their names, the Changing Lines card, casting, the
//! hypercube and the neighbour check. No I/O; nothing here knows of SVG, PDF, HTTP or files.

pub mod card;
pub mod casting;
pub mod deck;
pub mod error;
pub mod hexagram;
pub mod hypercube;
pub mod lang;
pub mod names;
pub mod trigram;
pub mod verify;
pub mod view;
