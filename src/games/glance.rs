//! A game at a glance: its goal, a turn, and the kinds of move, in a few lines. One source
//! for two readers: the rulebook prints it as the "At a glance" box at the head of the
//! game's rules (`data.glance`, `templates/rulebooks/common.typ`), and the play page
//! `/play/GAME` shows it beside the table (`src/http/play_rules.rs`). Each game writes its
//! own ([`super::PrintedGame::glances`]), every number from the rules; where its printed
//! player aid already lists its plays, the rows are the aid's own ([`aid_rows`]). Here, the
//! shape and the words the glances share.

use crate::cards::aids::{Aid, Block};
use serde::Serialize;

/// A game at a glance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Glance {
    /// How the game is won, in a sentence.
    pub goal: String,
    /// What a player does on a turn, in a sentence or two.
    pub turn: String,
    /// The kinds of move: a name and what it does.
    pub moves: Vec<(String, String)>,
}

/// The rows of the aid `slug` among `aids`, as its player aid prints them.
pub(crate) fn aid_rows(aids: &[Aid], slug: &str) -> Vec<(String, String)> {
    let aid = aids.iter().find(|a| a.slug == slug).unwrap_or_else(|| panic!("the aid {slug} is printed"));
    aid.blocks.iter().flat_map(|b| if let Block::Rows(rows) = b { rows.clone() } else { Vec::new() }).collect()
}

/// The first paragraph of the aid `slug`.
pub(crate) fn aid_text(aids: &[Aid], slug: &str) -> String {
    let aid = aids.iter().find(|a| a.slug == slug).unwrap_or_else(|| panic!("the aid {slug} is printed"));
    aid.blocks.iter().find_map(|b| if let Block::Text(t) = b { Some(t.clone()) } else { None }).unwrap_or_default()
}

/// A count as the books write it (docs/conventions.md, Numbers in the books): one to nine
/// in words, 10 and up in digits.
pub(crate) fn count(n: impl Into<u64>) -> String {
    const WORDS: [&str; 10] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
    let n = n.into();
    WORDS.get(n as usize).map_or_else(|| n.to_string(), |w| w.to_string())
}

/// `word` with its first letter a capital (a count that opens a sentence).
pub(crate) fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A kind of move: its name and what it does.
pub(crate) fn row(name: &str, what: impl Into<String>) -> (String, String) {
    (name.to_string(), what.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_follow_the_books_numbers_convention() {
        assert_eq!(
            (count(0u8), count(2u8), count(9u8), count(10u8), count(64u8)),
            ("zero".into(), "two".into(), "nine".into(), "10".into(), "64".into())
        );
        assert_eq!((capital("two"), capital("")), ("Two".into(), String::new()));
    }
}
