//! The Pathways decks of docs/conventions.md, The Changing Lines deck (`3d`, `4d`, `5d`, `6d`) and custom decks: a named or a
//! custom, non-empty [`CardSet`].

use crate::core::card::Card;
pub use crate::core::deck::{CardSet, DeckError};
use std::fmt;
use std::str::FromStr;

/// The reduced Changing Lines decks of the seed (docs/conventions.md, The Changing Lines deck), by name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DeckName {
    /// 8 cards with the same lower trigram (heaven): a 3-cube.
    ThreeD,
    /// 16 cards with lines 1 and 6 yang: a 4-cube.
    FourD,
    /// 32 cards with line 1 yang: a 5-cube.
    FiveD,
    /// All 64 cards.
    SixD,
}

/// The `3d` deck as the seed lists it.
pub const THREE_D: [u8; 8] = [1, 5, 9, 11, 14, 26, 34, 43];
/// The `4d` deck as the seed lists it.
pub const FOUR_D: [u8; 16] = [1, 9, 10, 13, 14, 21, 22, 25, 26, 27, 30, 37, 38, 41, 42, 61];
/// The `5d` deck as the seed lists it.
pub const FIVE_D: [u8; 32] = [
    1, 3, 5, 9, 10, 11, 13, 14, 17, 19, 21, 22, 24, 25, 26, 27, 30, 34, 36, 37, 38, 41, 42, 43, 49, 51, 54, 55, 58, 60,
    61, 63,
];

impl DeckName {
    pub const ALL: [DeckName; 4] = [DeckName::ThreeD, DeckName::FourD, DeckName::FiveD, DeckName::SixD];

    pub fn name(self) -> &'static str {
        match self {
            DeckName::ThreeD => "3d",
            DeckName::FourD => "4d",
            DeckName::FiveD => "5d",
            DeckName::SixD => "6d",
        }
    }

    /// The cards of this deck.
    pub fn cards(self) -> CardSet {
        let numbers: &[u8] = match self {
            DeckName::ThreeD => &THREE_D,
            DeckName::FourD => &FOUR_D,
            DeckName::FiveD => &FIVE_D,
            DeckName::SixD => return CardSet::ALL,
        };
        numbers.iter().map(|&n| Card::from_number(n.into()).expect("deck tables hold 1..=64")).collect()
    }
}

impl FromStr for DeckName {
    type Err = DeckError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = crate::core::folded(s);
        DeckName::ALL.into_iter().find(|d| d.name() == wanted).ok_or_else(|| DeckError::UnknownDeck(s.to_string()))
    }
}

impl fmt::Display for DeckName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A Pathways deck: a named one or a custom, non-empty set of cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    name: Option<DeckName>,
    cards: CardSet,
}

impl Deck {
    pub fn named(name: DeckName) -> Deck {
        Deck { name: Some(name), cards: name.cards() }
    }

    /// A custom deck from card numbers: 1 to 64 distinct numbers 1..=64.
    pub fn custom(numbers: &[i64]) -> Result<Deck, DeckError> {
        Deck::from_set(CardSet::from_numbers(numbers)?)
    }

    /// A custom deck from a set of cards; it must not be empty.
    pub fn from_set(cards: CardSet) -> Result<Deck, DeckError> {
        if cards.is_empty() {
            return Err(DeckError::Empty);
        }
        Ok(Deck { name: None, cards })
    }

    /// `Some` for `3d` … `6d`, `None` for a custom list.
    pub fn name(&self) -> Option<DeckName> {
        self.name
    }

    pub fn cards(&self) -> CardSet {
        self.cards
    }

    pub fn contains(&self, card: Card) -> bool {
        self.cards.contains(card)
    }
}

impl Default for Deck {
    /// The full `6d` deck.
    fn default() -> Self {
        Deck::named(DeckName::SixD)
    }
}

impl fmt::Display for Deck {
    /// `3d` … `6d`, or `custom deck of N cards`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name {
            Some(name) => write!(f, "the {name} deck"),
            None => write!(f, "the custom deck of {} cards", self.cards.len()),
        }
    }
}

impl FromStr for Deck {
    type Err = DeckError;

    /// `3d`, `4d`, `5d`, `6d`, or a comma-separated list of card numbers.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Ok(name) = s.parse::<DeckName>() {
            return Ok(Deck::named(name));
        }
        let looks_like_list = s.chars().all(|c| c.is_ascii_digit() || c == ',' || c == '-' || c.is_whitespace());
        if !looks_like_list || s.trim().is_empty() {
            return Err(DeckError::UnknownDeck(s.to_string()));
        }
        Deck::from_set(CardSet::parse_list(s)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hexagram::Hexagram;
    use crate::core::hexagram::LinePosition;
    use crate::core::trigram::Trigram;

    fn numbers_where(f: impl Fn(Hexagram) -> bool) -> Vec<u8> {
        let mut v: Vec<u8> = Hexagram::all().filter(|&h| f(h)).map(Hexagram::number).collect();
        v.sort();
        v
    }

    fn yang(h: Hexagram, line: i64) -> bool {
        h.line(LinePosition::new(line).unwrap()) == crate::core::hexagram::Line::Yang
    }

    #[test]
    fn the_deck_and_mode_parsers_take_any_case_and_surrounding_space() {
        use crate::changing_lines::pathways::Mode;
        assert_eq!("Free".parse::<Mode>().ok(), Some(Mode::Free));
        assert_eq!("6D".parse::<DeckName>().ok(), "6d".parse::<DeckName>().ok());
        assert!("6d".parse::<DeckName>().is_ok());
    }

    #[test]
    fn three_d_is_the_cards_with_lower_heaven() {
        assert_eq!(numbers_where(|h| h.lower() == Trigram::HEAVEN), THREE_D);
        // "Same trigram in the same position": one lower trigram for all eight.
        let lowers: Vec<_> = THREE_D.iter().map(|&n| Hexagram::from_number(n.into()).unwrap().lower()).collect();
        assert!(lowers.iter().all(|&t| t == lowers[0]));
    }

    #[test]
    fn four_d_is_the_cards_with_lines_1_and_6_yang() {
        assert_eq!(numbers_where(|h| yang(h, 1) && yang(h, 6)), FOUR_D);
    }

    #[test]
    fn five_d_is_the_cards_with_line_1_yang() {
        assert_eq!(numbers_where(|h| yang(h, 1)), FIVE_D);
    }

    #[test]
    fn named_decks_have_the_right_sizes() {
        let sizes: Vec<usize> = DeckName::ALL.iter().map(|d| d.cards().len()).collect();
        assert_eq!(sizes, [8, 16, 32, 64]);
        assert_eq!(Deck::named(DeckName::ThreeD).cards().numbers(), THREE_D);
    }

    #[test]
    fn decks_parse_from_names_and_lists() {
        assert_eq!("4D".parse::<Deck>().unwrap(), Deck::named(DeckName::FourD));
        assert_eq!("1, 5,9".parse::<Deck>().unwrap().cards().numbers(), [1, 5, 9]);
    }

    #[test]
    fn bad_lists_are_refused_with_the_value_named() {
        let cases: &[(&str, &str)] = &[
            ("7d", r#"unknown deck "7d"; expected 3d, 4d, 5d, 6d or a list of card numbers"#),
            ("1,65", "card 65 is out of range 1..=64"),
            ("1,0", "card 0 is out of range 1..=64"),
            ("1,-3", "card -3 is out of range 1..=64"),
            ("1,5,1", "card 1 is listed twice; each card may appear once"),
            ("1,,x", r#"unknown deck "1,,x"; expected 3d, 4d, 5d, 6d or a list of card numbers"#),
            ("", r#"unknown deck ""; expected 3d, 4d, 5d, 6d or a list of card numbers"#),
            (",", "the card list is empty; list at least one card number 1..=64"),
            ("99999999999999999999", r#""99999999999999999999" is not a card number; expected a whole number 1..=64"#),
        ];
        for (text, message) in cases {
            assert_eq!(text.parse::<Deck>().unwrap_err().to_string(), *message, "{text:?}");
        }
        let thousand: Vec<i64> = (1..=1000).collect();
        assert_eq!(
            Deck::custom(&thousand).unwrap_err().to_string(),
            "a card list holds at most 64 cards, but this one has 1000"
        );
        let text = thousand.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        assert_eq!(text.parse::<Deck>().unwrap_err(), DeckError::TooManyCards(1000));
        assert_eq!(Deck::custom(&[]).unwrap_err(), DeckError::Empty);
    }
}
