//! Sets of cards: lists of card numbers, validated (range, duplicates, length) with errors
//! that name the value. The Pathways decks of Changing Lines
//! (`hexforge::games::changing_lines::deck`) and Zhi Pai's "available cards" are [`CardSet`]s.

use crate::core::card::Card;
use crate::core::hexagram::Hexagram;
use serde::{Serialize, Serializer};
use std::fmt;
use thiserror::Error;

/// A list of card numbers refused, with what would have been accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DeckError {
    #[error("unknown deck {0:?}; expected 3d, 4d, 5d, 6d or a list of card numbers")]
    UnknownDeck(String),
    #[error("card {0} is out of range 1..=64")]
    CardOutOfRange(i64),
    #[error("{0:?} is not a card number; expected a whole number 1..=64")]
    NotACardNumber(String),
    #[error("card {0} is listed twice; each card may appear once")]
    DuplicateCard(u8),
    #[error("a card list holds at most 64 cards, but this one has {0}")]
    TooManyCards(usize),
    #[error("the card list is empty; list at least one card number 1..=64")]
    Empty,
}

/// A set of cards, named by King Wen number. Iterates in ascending card number.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 64 cards.
    pub const ALL: CardSet = CardSet(u64::MAX);

    /// The set of these card numbers. Refuses numbers outside 1..=64, a number listed
    /// twice and lists longer than 64 (checked first, so a huge list fails at once).
    /// An empty list gives the empty set.
    pub fn from_numbers(numbers: &[i64]) -> Result<CardSet, DeckError> {
        if numbers.len() > 64 {
            return Err(DeckError::TooManyCards(numbers.len()));
        }
        let mut set = CardSet::EMPTY;
        for &n in numbers {
            let card = Card::from_number(n).map_err(|_| DeckError::CardOutOfRange(n))?;
            if set.contains_number(card.number()) {
                return Err(DeckError::DuplicateCard(card.number()));
            }
            set.insert_number(card.number());
        }
        Ok(set)
    }

    /// Parses a comma-separated list such as `1,5,9` (spaces allowed).
    pub fn parse_list(text: &str) -> Result<CardSet, DeckError> {
        let items: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        if items.len() > 64 {
            return Err(DeckError::TooManyCards(items.len()));
        }
        let numbers = items
            .iter()
            .map(|s| s.parse::<i64>().map_err(|_| DeckError::NotACardNumber(s.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        CardSet::from_numbers(&numbers)
    }

    /// The raw mask: bit `n - 1` is card `n`.
    pub const fn mask(self) -> u64 {
        self.0
    }

    /// The set with this raw mask (bit `n - 1` is card `n`).
    pub const fn from_mask(mask: u64) -> CardSet {
        CardSet(mask)
    }

    pub fn contains(self, card: Card) -> bool {
        self.contains_number(card.number())
    }

    /// Whether the card numbered like this hexagram is in the set.
    pub fn contains_hexagram(self, hexagram: Hexagram) -> bool {
        self.contains_number(hexagram.number())
    }

    fn contains_number(self, number: u8) -> bool {
        self.0 >> (number - 1) & 1 == 1
    }

    fn insert_number(&mut self, number: u8) {
        self.0 |= 1 << (number - 1);
    }

    pub fn insert(&mut self, card: Card) {
        self.insert_number(card.number());
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << (card.number() - 1));
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards, ascending number.
    pub fn iter(self) -> impl Iterator<Item = Card> + Clone {
        Card::all().filter(move |c| self.contains(*c))
    }

    /// The card numbers, ascending.
    pub fn numbers(self) -> Vec<u8> {
        self.iter().map(Card::number).collect()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.numbers()).finish()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

/// Card sets travel as an ascending list of numbers.
impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.numbers().serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_sets_round_trip() {
        let set = CardSet::from_numbers(&[64, 1, 12]).unwrap();
        assert_eq!(set.numbers(), [1, 12, 64]);
        assert_eq!(set.len(), 3);
        assert_eq!(serde_json::to_string(&set).unwrap(), "[1,12,64]");
        assert_eq!(CardSet::from_mask(set.mask()), set);
        assert_eq!(CardSet::ALL.len(), 64);
    }
}
