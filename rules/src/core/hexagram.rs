//! The hexagram: six lines, known to the outside world by its King Wen number.
//!
//! Inside, a hexagram is a 6-bit number, bit `i - 1` = line `i` counted from the
//! bottom, 1 = yang. Outside (cards, CLI, API) it is always its King Wen number.

use crate::core::error::CoreError;
use crate::core::names::{KING_WEN, Names};
use crate::core::trigram::Trigram;
use serde::{Serialize, Serializer};
use std::fmt;

/// A line's aspect.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Line {
    /// Broken line, 0.
    Yin,
    /// Solid line, 1.
    Yang,
}

impl Line {
    pub fn flipped(self) -> Line {
        match self {
            Line::Yin => Line::Yang,
            Line::Yang => Line::Yin,
        }
    }
}

/// A line's place in a hexagram, 1 (bottom) ..= 6 (top).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LinePosition(u8);

impl LinePosition {
    /// Lines 1 to 6, bottom first.
    pub const ALL: [LinePosition; 6] =
        [LinePosition(1), LinePosition(2), LinePosition(3), LinePosition(4), LinePosition(5), LinePosition(6)];

    pub fn new(n: i64) -> Result<Self, CoreError> {
        match n {
            1..=6 => Ok(LinePosition(n as u8)),
            _ => Err(CoreError::LineOutOfRange(n)),
        }
    }

    /// 1 ..= 6.
    pub const fn get(self) -> u8 {
        self.0
    }

    const fn mask(self) -> u8 {
        1 << (self.0 - 1)
    }

    /// The line at the same height once the hexagram is turned upside down (i ↔ 7 - i).
    pub const fn turned(self) -> LinePosition {
        LinePosition(7 - self.0)
    }
}

impl fmt::Display for LinePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for LinePosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

/// A set of line positions, such as the lines in which two hexagrams differ: a value, so
/// that a verdict naming them for each move allocates nothing. Iterated bottom first, and
/// written in JSON as the list of their numbers (`[2,5]`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lines(u8);

impl Lines {
    /// The positions, bottom first.
    pub fn iter(self) -> impl Iterator<Item = LinePosition> {
        LinePosition::ALL.into_iter().filter(move |p| self.0 & p.mask() != 0)
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Serialize for Lines {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// What makes a hexagram special on the Changing Lines cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Both trigrams are the same.
    Double,
    /// The hexagram is its own inverse: it reads the same upside down.
    Mirror,
}

/// One of the 64 hexagrams. It cannot hold anything else.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hexagram(u8);

/// `NUMBER_BY_BITS[bits]` is the King Wen number; derived from the one table in `names`.
const NUMBER_BY_BITS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let entry = &KING_WEN[i];
        let bits = entry.lower.bits() | entry.upper.bits() << 3;
        table[bits as usize] = i as u8 + 1;
        i += 1;
    }
    table
};

impl Hexagram {
    /// The hexagram with this King Wen number.
    pub fn from_number(number: i64) -> Result<Hexagram, CoreError> {
        match number {
            1..=64 => Ok(Self::from_entry(number as usize - 1)),
            _ => Err(CoreError::HexagramOutOfRange(number)),
        }
    }

    fn from_entry(index: usize) -> Hexagram {
        let entry = &KING_WEN[index];
        Hexagram::from_trigrams(entry.lower, entry.upper)
    }

    /// The hexagram with these line bits, bit 0 = line 1 (bottom). Only the low six bits count.
    pub const fn from_bits(bits: u8) -> Hexagram {
        Hexagram(bits & 0b11_1111)
    }

    /// From a string of six `0`/`1`, written bottom to top (`"000111"` is 12).
    pub fn from_line_string(lines: &str) -> Result<Hexagram, CoreError> {
        let bad = || CoreError::BadLineString(lines.to_string());
        if lines.chars().count() != 6 {
            return Err(bad());
        }
        lines
            .chars()
            .enumerate()
            .try_fold(0u8, |bits, (i, c)| match c {
                '0' => Ok(bits),
                '1' => Ok(bits | 1 << i),
                _ => Err(bad()),
            })
            .map(Hexagram)
    }

    pub const fn from_trigrams(lower: Trigram, upper: Trigram) -> Hexagram {
        Hexagram(lower.bits() | upper.bits() << 3)
    }

    /// All 64 hexagrams in King Wen order.
    pub fn all() -> impl Iterator<Item = Hexagram> + Clone {
        (0..64).map(Hexagram::from_entry)
    }

    /// The King Wen number, 1 ..= 64.
    pub fn number(self) -> u8 {
        NUMBER_BY_BITS[self.0 as usize]
    }

    /// The six lines as bits, bit 0 = line 1 (bottom), 1 = yang.
    pub const fn bits(self) -> u8 {
        self.0
    }

    pub fn names(self) -> &'static Names {
        &KING_WEN[self.number() as usize - 1].names
    }

    /// The Unicode hexagram symbol (U+4DC0 + number − 1).
    pub fn symbol(self) -> char {
        char::from_u32(0x4DC0 + u32::from(self.number()) - 1).expect("U+4DC0..U+4DFF are characters")
    }

    pub fn line(self, position: LinePosition) -> Line {
        if self.0 & position.mask() == 0 { Line::Yin } else { Line::Yang }
    }

    /// Lines 1 to 6, bottom first.
    pub fn lines(self) -> [Line; 6] {
        LinePosition::ALL.map(|p| self.line(p))
    }

    /// Six `0`/`1` characters, bottom to top.
    pub fn line_string(self) -> String {
        self.lines().iter().map(|l| if *l == Line::Yang { '1' } else { '0' }).collect()
    }

    /// Lines 1-3.
    pub const fn lower(self) -> Trigram {
        Trigram::from_bits(self.0)
    }

    /// Lines 4-6.
    pub const fn upper(self) -> Trigram {
        Trigram::from_bits(self.0 >> 3)
    }

    /// The hexagram with one line changed: the line's *neighbour*.
    pub const fn changed(self, position: LinePosition) -> Hexagram {
        Hexagram(self.0 ^ position.mask())
    }

    /// The hexagram with every listed line changed. Listing a line twice is an error,
    /// because on paper nobody changes a line and changes it back in one move.
    pub fn changed_lines(self, positions: &[LinePosition]) -> Result<Hexagram, CoreError> {
        let mut mask = 0u8;
        for p in positions {
            if mask & p.mask() != 0 {
                return Err(CoreError::DuplicateLine(p.get()));
            }
            mask |= p.mask();
        }
        Ok(Hexagram(self.0 ^ mask))
    }

    /// The six neighbours: `neighbours()[i]` has line `i + 1` changed.
    pub fn neighbours(self) -> [Hexagram; 6] {
        LinePosition::ALL.map(|p| self.changed(p))
    }

    /// Upside down: line i becomes line 7 − i. This is what a card shows turned 180°.
    pub const fn inverse(self) -> Hexagram {
        let mut bits = 0;
        let mut i = 0;
        while i < 6 {
            if self.0 >> i & 1 == 1 {
                bits |= 1 << (5 - i);
            }
            i += 1;
        }
        Hexagram(bits)
    }

    /// Every line flipped (the seeds also say opposite, negation, cancel).
    pub const fn complement(self) -> Hexagram {
        Hexagram(!self.0 & 0b11_1111)
    }

    /// Upper and lower trigrams trade places.
    pub const fn swapped(self) -> Hexagram {
        Hexagram::from_trigrams(self.upper(), self.lower())
    }

    /// Lines 2-4 as the lower trigram and 3-5 as the upper.
    pub const fn nuclear(self) -> Hexagram {
        Hexagram::from_trigrams(Trigram::from_bits(self.0 >> 1), Trigram::from_bits(self.0 >> 2))
    }

    /// The lines in which two hexagrams differ, bottom first.
    pub fn differing_lines(self, other: Hexagram) -> Vec<LinePosition> {
        self.lines_differing_from(other).iter().collect()
    }

    /// [`Hexagram::differing_lines`] as a set.
    pub const fn lines_differing_from(self, other: Hexagram) -> Lines {
        Lines(self.0 ^ other.0)
    }

    /// How many lines differ (the Hamming distance on the hypercube).
    pub const fn distance(self, other: Hexagram) -> u32 {
        (self.0 ^ other.0).count_ones()
    }

    pub fn is_double(self) -> bool {
        self.lower() == self.upper()
    }

    pub fn is_mirror(self) -> bool {
        self.inverse() == self
    }

    pub fn is_double_mirror(self) -> bool {
        self.is_double() && self.is_mirror()
    }

    /// The kinds this hexagram has, double first.
    pub fn kinds(self) -> Vec<Kind> {
        let mut kinds = Vec::new();
        if self.is_double() {
            kinds.push(Kind::Double);
        }
        if self.is_mirror() {
            kinds.push(Kind::Mirror);
        }
        kinds
    }
}

impl fmt::Debug for Hexagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hexagram({} {})", self.number(), self.line_string())
    }
}

impl fmt::Display for Hexagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// Hexagrams travel as their King Wen number.
impl Serialize for Hexagram {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl std::str::FromStr for Hexagram {
    type Err = CoreError;

    /// A King Wen number (`12`) or six line characters bottom to top (`000111`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        // Three or more 0/1 characters read as lines (six are needed); "10" and "11" stay numbers.
        if s.len() >= 3 && s.chars().all(|c| c == '0' || c == '1') {
            return Hexagram::from_line_string(s);
        }
        match s.parse::<i64>() {
            Ok(n) => Hexagram::from_number(n),
            Err(_) => Err(CoreError::NotAHexagram(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn h(n: i64) -> Hexagram {
        Hexagram::from_number(n).unwrap()
    }

    fn any_hexagram() -> impl Strategy<Value = Hexagram> {
        (0u8..64).prop_map(Hexagram::from_bits)
    }

    #[test]
    fn the_set_of_lines_two_hexagrams_differ_in_is_the_list_of_them() {
        for a in Hexagram::all() {
            for b in Hexagram::all() {
                let lines = a.lines_differing_from(b);
                let listed: Vec<LinePosition> =
                    LinePosition::ALL.into_iter().filter(|&p| a.line(p) != b.line(p)).collect();
                assert_eq!(lines.iter().collect::<Vec<_>>(), listed, "{a:?} {b:?}");
                assert_eq!((lines.len(), lines.is_empty()), (listed.len(), a == b));
                let numbers: Vec<u8> = listed.iter().map(|p| p.get()).collect();
                assert_eq!(serde_json::to_value(lines).unwrap(), serde_json::json!(numbers));
            }
        }
    }

    #[test]
    fn king_wen_table_is_a_bijection() {
        let mut seen = [false; 64];
        for hex in Hexagram::all() {
            assert!(!seen[hex.bits() as usize], "{hex:?} appears twice");
            seen[hex.bits() as usize] = true;
        }
        assert!(NUMBER_BY_BITS.iter().all(|&n| (1..=64).contains(&n)));
        for (i, hex) in Hexagram::all().enumerate() {
            assert_eq!(hex.number() as usize, i + 1);
        }
    }

    #[test]
    fn hexagram_12_from_the_spec() {
        let pi = h(12);
        assert_eq!(pi.line_string(), "000111");
        assert_eq!(pi.lower(), Trigram::EARTH);
        assert_eq!(pi.upper(), Trigram::HEAVEN);
        assert_eq!(pi.neighbours().map(|n| n.number()), [25, 6, 33, 20, 35, 45]);
        assert_eq!(pi.inverse().number(), 11);
        assert_eq!(pi.complement().number(), 11);
        assert_eq!(pi.swapped().number(), 11);
        assert_eq!(pi.nuclear().number(), 53);
        assert_eq!(pi.names().zh, "否");
        assert_eq!(pi.names().pinyin, "pǐ");
        assert_eq!(pi.symbol(), '䷋');
        assert_eq!(h(11).line_string(), "111000");
    }

    #[test]
    fn seed_facts() {
        // Zhi Pai worked example: 12 changed at line 2 is 6.
        assert_eq!(h(12).changed(LinePosition::new(2).unwrap()).number(), 6);
        // 22 and 11 differ in exactly lines 2 and 6, with opposite aspects (a swap).
        let diff = h(22).differing_lines(h(11));
        assert_eq!(diff.iter().map(|p| p.get()).collect::<Vec<_>>(), [2, 6]);
        assert_ne!(h(22).line(diff[0]), h(22).line(diff[1]));
    }

    #[test]
    fn kinds_match_the_spec_lists() {
        let numbers =
            |f: fn(Hexagram) -> bool| Hexagram::all().filter(|&x| f(x)).map(|x| x.number()).collect::<Vec<_>>();
        assert_eq!(numbers(Hexagram::is_double), [1, 2, 29, 30, 51, 52, 57, 58]);
        assert_eq!(numbers(Hexagram::is_mirror), [1, 2, 27, 28, 29, 30, 61, 62]);
        assert_eq!(numbers(Hexagram::is_double_mirror), [1, 2, 29, 30]);
        assert_eq!(h(1).kinds(), [Kind::Double, Kind::Mirror]);
        assert_eq!(h(12).kinds(), []);
    }

    #[test]
    fn king_wen_pairs_are_inverses_or_complements() {
        for k in 1..=32 {
            let (a, b) = (h(2 * k - 1), h(2 * k));
            if a.is_mirror() {
                assert_eq!(a.complement(), b, "pair {k}");
            } else {
                assert_eq!(a.inverse(), b, "pair {k}");
            }
        }
    }

    #[test]
    fn line_strings_round_trip_and_reject_garbage() {
        for hex in Hexagram::all() {
            assert_eq!(Hexagram::from_line_string(&hex.line_string()), Ok(hex));
            assert_eq!(hex.line_string().parse::<Hexagram>(), Ok(hex));
            assert_eq!(hex.number().to_string().parse::<Hexagram>(), Ok(hex));
        }
        for bad in ["", "00011", "0001112", "00011x", "ab"] {
            assert!(Hexagram::from_line_string(bad).is_err(), "{bad:?}");
        }
        assert!(matches!("0001".parse::<Hexagram>(), Err(CoreError::BadLineString(_))));
        assert_eq!("10".parse::<Hexagram>().map(Hexagram::number), Ok(10));
        assert_eq!("05".parse::<Hexagram>().map(Hexagram::number), Ok(5));
        for bad in [0, 65, -1] {
            assert_eq!(Hexagram::from_number(bad), Err(CoreError::HexagramOutOfRange(bad)));
        }
        assert_eq!(Hexagram::from_number(65).unwrap_err().to_string(), "hexagram number 65 is out of range 1..=64");
    }

    #[test]
    fn changing_a_line_twice_is_refused() {
        let l2 = LinePosition::new(2).unwrap();
        assert_eq!(h(1).changed_lines(&[l2, l2]), Err(CoreError::DuplicateLine(2)));
        assert!(LinePosition::new(7).is_err());
        assert!(LinePosition::new(0).is_err());
    }

    proptest! {
        #[test]
        fn inverse_and_complement_are_involutions(x in any_hexagram()) {
            prop_assert_eq!(x.inverse().inverse(), x);
            prop_assert_eq!(x.complement().complement(), x);
            prop_assert_eq!(x.swapped().swapped(), x);
            prop_assert_eq!(x.inverse().complement(), x.complement().inverse());
        }

        #[test]
        fn each_hexagram_is_a_neighbour_of_each_of_its_neighbours(x in any_hexagram()) {
            for (i, n) in x.neighbours().into_iter().enumerate() {
                prop_assert_eq!(x.distance(n), 1);
                prop_assert_eq!(n.neighbours()[i], x);
                prop_assert!(n.neighbours().contains(&x));
            }
        }

        #[test]
        fn the_inverse_reads_lines_from_the_top(x in any_hexagram()) {
            for p in LinePosition::ALL {
                prop_assert_eq!(x.inverse().line(p), x.line(p.turned()));
            }
            // A neighbour of the turned card is the turned neighbour of the other line.
            for p in LinePosition::ALL {
                prop_assert_eq!(x.inverse().changed(p), x.changed(p.turned()).inverse());
            }
        }

        #[test]
        fn changed_lines_equals_successive_changes(x in any_hexagram(), mask in 0u8..64) {
            let lines: Vec<_> = LinePosition::ALL.into_iter().filter(|p| mask & p.mask() != 0).collect();
            let stepwise = lines.iter().fold(x, |acc, &p| acc.changed(p));
            prop_assert_eq!(x.changed_lines(&lines).unwrap(), stepwise);
            prop_assert_eq!(x.distance(stepwise) as usize, lines.len());
            prop_assert_eq!(x.differing_lines(stepwise), lines);
        }

        #[test]
        fn nuclear_takes_the_inner_lines(x in any_hexagram()) {
            let n = x.nuclear();
            let l = |h: Hexagram, i: u8| h.line(LinePosition::new(i.into()).unwrap());
            prop_assert_eq!([l(n,1), l(n,2), l(n,3)], [l(x,2), l(x,3), l(x,4)]);
            prop_assert_eq!([l(n,4), l(n,5), l(n,6)], [l(x,3), l(x,4), l(x,5)]);
        }
    }
}
