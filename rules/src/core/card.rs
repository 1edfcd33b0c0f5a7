//! Changing Lines cards: card *n* shows hexagram *n* dark side up and its inverse turned 180°.

use crate::core::error::CoreError;
use crate::core::hexagram::Hexagram;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which way up a dual-orientation card lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// Dark ink up: card *n* shows hexagram *n*.
    Dark,
    /// Turned 180°, light ink up: card *n* shows the inverse of *n*.
    Light,
}

impl Orientation {
    pub const BOTH: [Orientation; 2] = [Orientation::Dark, Orientation::Light];

    pub fn name(self) -> &'static str {
        match self {
            Orientation::Dark => "dark",
            Orientation::Light => "light",
        }
    }

    pub fn turned(self) -> Orientation {
        match self {
            Orientation::Dark => Orientation::Light,
            Orientation::Light => Orientation::Dark,
        }
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Orientation {
    type Err = CoreError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match &*super::folded(s) {
            "dark" | "d" => Ok(Orientation::Dark),
            "light" | "l" => Ok(Orientation::Light),
            _ => Err(CoreError::UnknownOrientation(s.to_string())),
        }
    }
}

/// A physical Changing Lines card, named by the hexagram it shows dark side up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(Hexagram);

impl Card {
    pub const fn new(dark_face: Hexagram) -> Card {
        Card(dark_face)
    }

    pub fn from_number(number: i64) -> Result<Card, CoreError> {
        Hexagram::from_number(number).map(Card)
    }

    /// All 64 cards in King Wen order.
    pub fn all() -> impl Iterator<Item = Card> + Clone {
        Hexagram::all().map(Card)
    }

    /// The card's number, which is the King Wen number of its dark reading.
    pub fn number(self) -> u8 {
        self.0.number()
    }

    /// The hexagram this card shows when it lies this way up.
    pub const fn shows(self, orientation: Orientation) -> Hexagram {
        match orientation {
            Orientation::Dark => self.0,
            Orientation::Light => self.0.inverse(),
        }
    }

    /// The card that shows `hexagram` in `orientation`.
    pub const fn showing(hexagram: Hexagram, orientation: Orientation) -> Card {
        match orientation {
            Orientation::Dark => Card(hexagram),
            Orientation::Light => Card(hexagram.inverse()),
        }
    }

    /// The numbers printed beside lines 1..6 of one reading: each line's neighbour
    /// in the hexagram that reading shows.
    pub fn neighbour_numbers(self, orientation: Orientation) -> [u8; 6] {
        self.shows(orientation).neighbours().map(Hexagram::number)
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hexagram::LinePosition;

    #[test]
    fn card_12_in_both_readings() {
        let card = Card::from_number(12).unwrap();
        assert_eq!(card.shows(Orientation::Dark).number(), 12);
        assert_eq!(card.shows(Orientation::Light).number(), 11);
        assert_eq!(card.neighbour_numbers(Orientation::Dark), [25, 6, 33, 20, 35, 45]);
        assert_eq!(card.neighbour_numbers(Orientation::Light), [46, 36, 19, 34, 5, 26]);
    }

    #[test]
    fn the_light_reading_is_the_dark_reading_turned() {
        // The number printed beside line i in the light reading belongs to the line
        // that sits at height 7 - i of the dark hexagram, turned upside down.
        for card in Card::all() {
            let dark = card.shows(Orientation::Dark);
            for p in LinePosition::ALL {
                let light_number = card.neighbour_numbers(Orientation::Light)[p.get() as usize - 1];
                assert_eq!(light_number, dark.changed(p.turned()).inverse().number());
            }
            for o in Orientation::BOTH {
                assert_eq!(Card::showing(card.shows(o), o), card);
            }
        }
    }

    #[test]
    fn orientations_parse() {
        assert_eq!("Dark".parse(), Ok(Orientation::Dark));
        assert_eq!("light".parse(), Ok(Orientation::Light));
        assert!("up".parse::<Orientation>().unwrap_err().to_string().contains("dark or light"));
    }
}
