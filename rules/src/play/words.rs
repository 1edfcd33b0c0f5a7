//! Small pieces of the words games use to describe their actions and events
//! ([`super::Game::action_words`], [`super::Game::event_words`]), so that each game's
//! sentences read alike: counts with their nouns, a hexagram named, clauses joined.

use crate::core::hexagram::Hexagram;

/// `1 card`, `2 cards`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// What a table says of a card of the deck as it lies, for the games that draw one, each way
/// up (`{}`: the drawing fills in the card's number and the hexagram it shows, from the
/// view): a card's label, the note under it, the way a card may be turned, the top card of
/// a pile.
pub const CARD_TERMS: [(&str, &str); 8] = [
    ("card", "card {}"),
    ("card lies dark", "card {} dark side up, showing {}"),
    ("card lies light", "card {} light side up, showing {}"),
    ("card side dark", "card {} dark side up"),
    ("card side light", "card {} light side up"),
    ("side up dark", "dark side up"),
    ("side up light", "light side up"),
    ("card top", "top"),
];

/// A game's own terms followed by the deck's ([`CARD_TERMS`]).
pub fn with_cards(terms: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    [terms, &CARD_TERMS[..]].concat()
}

/// A hexagram as a player reads it: its symbol, number and English name (`䷐ 17 Following`).
pub fn hexagram(h: Hexagram) -> String {
    format!("{} {} {}", h.symbol(), h.number(), h.names().en)
}

/// The sentence's head and its clauses, joined by semicolons (`threw 2 and 3; plays again`).
pub fn clauses(head: impl Into<String>, rest: impl IntoIterator<Item = String>) -> String {
    let mut out = head.into();
    for clause in rest.into_iter().filter(|c| !c.is_empty()) {
        out.push_str("; ");
        out.push_str(&clause);
    }
    out
}

/// Items joined in English (`a`, `a and b`, `a, b and c`).
pub fn and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The first letter made capital (a button's words begin a sentence).
pub fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_read_as_english() {
        assert_eq!(count(1, "card"), "1 card");
        assert_eq!(count(4, "card"), "4 cards");
        assert_eq!(hexagram(Hexagram::from_number(17).unwrap()), "䷐ 17 Following");
        assert_eq!(clauses("threw 2 and 3", ["".to_string(), "plays again".to_string()]), "threw 2 and 3; plays again");
        assert_eq!(and(&["a".into(), "b".into(), "c".into()]), "a, b and c");
        assert_eq!(capital("draw a card"), "Draw a card");
    }
}
