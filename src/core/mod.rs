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

/// A word as the parsers of the API's words compare it: trimmed and lower-cased. A word
/// that already is (what the JSON API sends) is borrowed, not copied: lower-casing a copy
/// was an allocation for every card of a checked sequence.
pub fn folded(word: &str) -> std::borrow::Cow<'_, str> {
    if word.bytes().all(|b| b.is_ascii_lowercase()) {
        std::borrow::Cow::Borrowed(word)
    } else {
        std::borrow::Cow::Owned(word.trim().to_lowercase())
    }
}
