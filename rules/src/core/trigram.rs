//! The eight trigrams: three lines each, with their names in English, Chinese and pinyin.

use crate::core::error::CoreError;
use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One of the eight trigrams. The value inside is its three lines as bits,
/// bit 0 = the bottom line, 1 = yang.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Trigram(u8);

struct TrigramInfo {
    key: &'static str,
    /// The French name, as Zhi Pai's French rules name the trigrams (water is "ravine",
    /// fire "lumière"); "eau" and "feu" are still read as aliases.
    french: &'static str,
    chinese: &'static str,
    pinyin: &'static str,
    nature: &'static str,
    symbol: char,
}

/// Indexed by the trigram's bits (bit 0 = bottom line).
const INFO: [TrigramInfo; 8] = [
    TrigramInfo { key: "earth", french: "terre", chinese: "坤", pinyin: "kūn", nature: "地", symbol: '☷' },
    TrigramInfo { key: "thunder", french: "tonnerre", chinese: "震", pinyin: "zhèn", nature: "雷", symbol: '☳' },
    TrigramInfo { key: "water", french: "ravine", chinese: "坎", pinyin: "kǎn", nature: "水", symbol: '☵' },
    TrigramInfo { key: "lake", french: "lac", chinese: "兌", pinyin: "duì", nature: "澤", symbol: '☱' },
    TrigramInfo { key: "mountain", french: "montagne", chinese: "艮", pinyin: "gèn", nature: "山", symbol: '☶' },
    TrigramInfo { key: "fire", french: "lumière", chinese: "離", pinyin: "lí", nature: "火", symbol: '☲' },
    TrigramInfo { key: "wind", french: "vent", chinese: "巽", pinyin: "xùn", nature: "風", symbol: '☴' },
    TrigramInfo { key: "heaven", french: "ciel", chinese: "乾", pinyin: "qián", nature: "天", symbol: '☰' },
];

/// Other words people use for a trigram, accepted when parsing (never printed).
const ALIASES: &[(&str, u8)] = &[
    ("sky", 7),
    ("qian", 7),
    ("ciel", 7),
    ("marsh", 3),
    ("dui", 3),
    ("lac", 3),
    ("li", 5),
    ("feu", 5),
    ("lumiere", 5),
    ("zhen", 1),
    ("tonnerre", 1),
    ("xun", 6),
    ("vent", 6),
    ("wood", 6),
    ("kan", 2),
    ("eau", 2),
    ("gen", 4),
    ("montagne", 4),
    ("kun", 0),
    ("terre", 0),
    ("天", 7),
    ("澤", 3),
    ("火", 5),
    ("雷", 1),
    ("風", 6),
    ("水", 2),
    ("山", 4),
];

impl Trigram {
    pub const HEAVEN: Trigram = Trigram(0b111);
    pub const LAKE: Trigram = Trigram(0b011);
    pub const FIRE: Trigram = Trigram(0b101);
    pub const THUNDER: Trigram = Trigram(0b001);
    pub const WIND: Trigram = Trigram(0b110);
    pub const WATER: Trigram = Trigram(0b010);
    pub const MOUNTAIN: Trigram = Trigram(0b100);
    pub const EARTH: Trigram = Trigram(0b000);

    /// The eight trigrams in the order of docs/conventions.md, Hexagrams: heaven, lake, fire, thunder,
    /// wind, water, mountain, earth (the Earlier Heaven sequence).
    pub const ALL: [Trigram; 8] =
        [Self::HEAVEN, Self::LAKE, Self::FIRE, Self::THUNDER, Self::WIND, Self::WATER, Self::MOUNTAIN, Self::EARTH];

    /// The trigram with these three line bits (bit 0 = bottom line). Only the low three bits count.
    pub const fn from_bits(bits: u8) -> Trigram {
        Trigram(bits & 0b111)
    }

    /// The three lines as bits, bit 0 = bottom line, 1 = yang.
    pub const fn bits(self) -> u8 {
        self.0
    }

    fn info(self) -> &'static TrigramInfo {
        &INFO[self.0 as usize]
    }

    /// The lowercase English name used in the API and CLI: `heaven`, `lake`, …
    pub fn name(self) -> &'static str {
        self.info().key
    }

    /// The French name, lowercase.
    pub fn french(self) -> &'static str {
        self.info().french
    }

    /// The trigram's own Chinese character (乾, 兌, …).
    pub fn chinese(self) -> &'static str {
        self.info().chinese
    }

    /// The pinyin of the trigram's name, with tone marks.
    pub fn pinyin(self) -> &'static str {
        self.info().pinyin
    }

    /// The character of the natural image (天 heaven, 澤 lake, …).
    pub fn nature(self) -> &'static str {
        self.info().nature
    }

    /// The Unicode trigram symbol ☰ … ☷.
    pub fn symbol(self) -> char {
        self.info().symbol
    }

    /// Lines bottom to top as `0`/`1`, e.g. thunder is `"100"`.
    pub fn line_string(self) -> String {
        (0..3).map(|i| if self.0 >> i & 1 == 1 { '1' } else { '0' }).collect()
    }

    /// Every line flipped.
    pub const fn complement(self) -> Trigram {
        Trigram(!self.0 & 0b111)
    }
}

impl FromStr for Trigram {
    type Err = CoreError;

    /// Accepts the English key (`water`), French, unaccented pinyin, the Chinese
    /// character, the natural-image character, or the symbol, in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = super::folded(s);
        Trigram::ALL
            .into_iter()
            .find(|t| {
                wanted == t.name()
                    || wanted == t.french()
                    || wanted == t.chinese()
                    || wanted == t.pinyin()
                    || wanted.chars().eq(std::iter::once(t.symbol()))
            })
            .or_else(|| ALIASES.iter().find(|(alias, _)| *alias == wanted).map(|&(_, bits)| Trigram(bits)))
            .ok_or_else(|| CoreError::UnknownTrigram(s.to_string()))
    }
}

impl fmt::Display for Trigram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Trigram {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_strings_match_spec() {
        let expected = [
            ("heaven", "111"),
            ("lake", "110"),
            ("fire", "101"),
            ("thunder", "100"),
            ("wind", "011"),
            ("water", "010"),
            ("mountain", "001"),
            ("earth", "000"),
        ];
        for (t, (name, lines)) in Trigram::ALL.iter().zip(expected) {
            assert_eq!(t.name(), name);
            assert_eq!(t.line_string(), lines, "{name}");
        }
    }

    #[test]
    fn parses_every_spelling() {
        for t in Trigram::ALL {
            assert_eq!(t.name().parse::<Trigram>(), Ok(t));
            assert_eq!(t.name().to_uppercase().parse::<Trigram>(), Ok(t));
            assert_eq!(t.chinese().parse::<Trigram>(), Ok(t));
            assert_eq!(t.symbol().to_string().parse::<Trigram>(), Ok(t));
            assert_eq!(t.french().parse::<Trigram>(), Ok(t));
        }
        assert_eq!("sky".parse::<Trigram>(), Ok(Trigram::HEAVEN));
        assert_eq!("kan".parse::<Trigram>(), Ok(Trigram::WATER));
        let err = "lava".parse::<Trigram>().unwrap_err();
        assert!(err.to_string().contains("\"lava\""));
    }

    #[test]
    fn symbols_follow_unicode_order() {
        // U+2630 ☰ heaven … U+2637 ☷ earth, in the order of docs/conventions.md, Hexagrams.
        for (i, t) in Trigram::ALL.iter().enumerate() {
            assert_eq!(t.symbol() as u32, 0x2630 + i as u32);
        }
    }

    #[test]
    fn complement_is_an_involution() {
        for t in Trigram::ALL {
            assert_eq!(t.complement().complement(), t);
            assert_ne!(t.complement(), t);
        }
        assert_eq!(Trigram::WATER.complement(), Trigram::FIRE);
    }
}
