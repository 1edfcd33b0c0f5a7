//! 易经牌 (Yijing Pai): the tiles, the two sets, the two ways to play and the scoring
//! (docs/conventions.md, 易经牌 tiles), pure; the engine ([`super`]) and the print sheets both read them.
//!
//! Three kinds of tile: a yang line, a yin line and the taiji. A set has as many yang as yin
//! tiles plus four taiji: 144 = 70 + 70 + 4 (the standard set) or 162 = 79 + 79 + 4 (the
//! large set). A finished hexagram scores 1 point per yang line and ½ point per yin line;
//! the taiji is not counted. Scores are kept in half points so they stay exact.

use crate::core::hexagram::{Hexagram, Line};
use std::fmt;

/// Players at the table.
pub const PLAYERS: u32 = 4;
/// Taiji tiles in every set.
pub const TAIJI_TILES: u32 = 4;

/// The three kinds of tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TileKind {
    /// A yang line, 阳爻 (solid).
    Yang,
    /// A yin line, 阴爻 (broken).
    Yin,
    /// The taiji, 太极图.
    Taiji,
}

impl TileKind {
    /// The three kinds, in the order the sheets print them.
    pub const ALL: [TileKind; 3] = [TileKind::Yang, TileKind::Yin, TileKind::Taiji];

    /// A short lowercase key, used in file names: `yang`, `yin`, `taiji`.
    pub fn key(self) -> &'static str {
        match self {
            TileKind::Yang => "yang",
            TileKind::Yin => "yin",
            TileKind::Taiji => "taiji",
        }
    }

    /// The Chinese name, as printed on the tile.
    pub fn chinese(self) -> &'static str {
        match self {
            TileKind::Yang => "阳爻",
            TileKind::Yin => "阴爻",
            TileKind::Taiji => "太极",
        }
    }

    /// The tile's worth in a scored hexagram: yang 1, yin ½, the taiji not counted.
    pub fn points(self) -> Points {
        match self {
            TileKind::Yang => Points::from_halves(2),
            TileKind::Yin => Points::from_halves(1),
            TileKind::Taiji => Points::from_halves(0),
        }
    }

    /// The line tile that shows `line`.
    pub fn of_line(line: Line) -> TileKind {
        match line {
            Line::Yang => TileKind::Yang,
            Line::Yin => TileKind::Yin,
        }
    }
}

impl fmt::Display for TileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A score in points, exact to the half point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize)]
pub struct Points(u32);

impl Points {
    /// `halves` half points.
    pub const fn from_halves(halves: u32) -> Points {
        Points(halves)
    }

    /// The score in half points.
    pub const fn halves(self) -> u32 {
        self.0
    }

    /// The score as a float, e.g. `4.5`.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

impl fmt::Display for Points {
    /// `5`, `4½`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => f.write_str("½"),
            (n, 1) => write!(f, "{n}½"),
            (n, _) => write!(f, "{n}"),
        }
    }
}

/// The points a winning hexagram is worth: 1 per yang line, ½ per yin line.
pub fn hexagram_points(h: Hexagram) -> Points {
    h.lines().into_iter().map(|l| TileKind::of_line(l).points()).sum()
}

/// The two sizes of set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum TileSet {
    /// 144 tiles: 70 yang, 70 yin, 4 taiji.
    Standard144,
    /// 162 tiles: 79 yang, 79 yin, 4 taiji.
    Large162,
}

impl TileSet {
    /// Both sets.
    pub const ALL: [TileSet; 2] = [TileSet::Standard144, TileSet::Large162];

    /// Yang tiles in the set; the set has as many yin tiles.
    pub const fn line_tiles_each(self) -> u32 {
        match self {
            TileSet::Standard144 => 70,
            TileSet::Large162 => 79,
        }
    }

    /// How many tiles of `kind` the set holds.
    pub const fn count(self, kind: TileKind) -> u32 {
        match kind {
            TileKind::Yang | TileKind::Yin => self.line_tiles_each(),
            TileKind::Taiji => TAIJI_TILES,
        }
    }

    /// All tiles of the set.
    pub fn total(self) -> u32 {
        TileKind::ALL.iter().map(|&k| self.count(k)).sum()
    }

    /// A short key, used in file names: `144`, `162`.
    pub fn key(self) -> &'static str {
        match self {
            TileSet::Standard144 => "144",
            TileSet::Large162 => "162",
        }
    }

    /// Every tile of the set in print order: all yang, then all yin, then the taiji.
    pub fn tiles(self) -> Vec<TileKind> {
        TileKind::ALL.iter().flat_map(|&k| std::iter::repeat_n(k, self.count(k) as usize)).collect()
    }
}

/// The two ways to play: by pairs (the main game) or by triples (the variant of the seed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// Hands of 8; six tiles are set aside as the hidden hexagram and tiles are played two
    /// at a time, three plays to a hexagram.
    Pairs,
    /// Hands of 9; tiles are played three at a time, two plays to a hexagram.
    Triples,
}

impl Variant {
    /// Tiles dealt to each player.
    pub const fn hand_size(self) -> u32 {
        self.group_size() + 6
    }

    /// Tiles laid in one play.
    pub const fn group_size(self) -> u32 {
        match self {
            Variant::Pairs => 2,
            Variant::Triples => 3,
        }
    }

    /// Plays needed to lay one hexagram.
    pub const fn plays_per_hexagram(self) -> u32 {
        6 / self.group_size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_counts_match_the_seed() {
        let cases = [(TileSet::Standard144, 70, 144), (TileSet::Large162, 79, 162)];
        for (set, each, total) in cases {
            assert_eq!(set.count(TileKind::Yang), each);
            assert_eq!(set.count(TileKind::Yin), each);
            assert_eq!(set.count(TileKind::Taiji), 4);
            assert_eq!(set.total(), total);
            let tiles = set.tiles();
            assert_eq!(tiles.len() as u32, total);
            for k in TileKind::ALL {
                let n = tiles.iter().filter(|&&t| t == k).count() as u32;
                assert_eq!(n, set.count(k), "{k} in {}", set.key());
            }
            assert!(tiles.is_sorted(), "print order is yang, yin, taiji");
        }
    }

    #[test]
    fn scoring_examples_of_the_seed() {
        // The seed's two examples score 5 and 4½: four and three yang lines.
        let five = Hexagram::from_line_string("110110").unwrap();
        let four_half = Hexagram::from_line_string("101100").unwrap();
        assert_eq!(hexagram_points(five), Points::from_halves(10));
        assert_eq!(hexagram_points(four_half), Points::from_halves(9));
        assert_eq!(hexagram_points(four_half).to_string(), "4½");
        assert_eq!(hexagram_points(four_half).value(), 4.5);
    }

    #[test]
    fn every_hexagram_scores_three_plus_half_its_yang_lines() {
        for h in Hexagram::all() {
            let yang = h.bits().count_ones();
            assert_eq!(hexagram_points(h).halves(), 6 + yang);
        }
    }

    #[test]
    fn points_display() {
        let cases = [(0, "0"), (1, "½"), (2, "1"), (9, "4½"), (12, "6")];
        for (halves, text) in cases {
            assert_eq!(Points::from_halves(halves).to_string(), text);
        }
        assert_eq!(TileKind::Taiji.points(), Points::default());
    }

    #[test]
    fn variants() {
        assert_eq!(Variant::Pairs.hand_size(), 8);
        assert_eq!(Variant::Triples.hand_size(), 9);
        assert_eq!(Variant::Pairs.plays_per_hexagram(), 3);
        assert_eq!(Variant::Triples.plays_per_hexagram(), 2);
    }

    #[test]
    fn a_full_deal_fits_in_the_smaller_set() {
        for v in [Variant::Pairs, Variant::Triples] {
            assert!(PLAYERS * v.hand_size() < TileSet::Standard144.total());
        }
    }
}
