//! 易经牌's tiles as they are laid, the groups a hand can form, and where a group may go:
//! the pieces the engine's legal-action relation is made of.
//!
//! A laid tile is a kind and the line it stands for: a line tile stands for its own line,
//! a taiji for the line its player names when laying it. Written as characters, line 1
//! (the inside, nearest the player) first: `1` a yang tile, `0` a yin tile, `T` a taiji
//! standing for yang, `t` a taiji standing for yin. Tiles not laid (hands, hidden
//! hexagrams, the wall) are written by kind: `1`, `0`, and `t` for a taiji.

use super::tiles::TileKind;
use crate::play::Illegal;
use serde::{Deserialize, Serialize};

/// A tile as laid: its kind, and whether it stands for a yang line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Laid {
    pub kind: TileKind,
    pub yang: bool,
}

impl Laid {
    /// The character a record writes.
    pub fn char(self) -> char {
        match (self.kind, self.yang) {
            (TileKind::Yang, _) => '1',
            (TileKind::Yin, _) => '0',
            (TileKind::Taiji, true) => 'T',
            (TileKind::Taiji, false) => 't',
        }
    }

    pub fn from_char(c: char) -> Result<Laid, Illegal> {
        Ok(match c {
            '1' => Laid { kind: TileKind::Yang, yang: true },
            '0' => Laid { kind: TileKind::Yin, yang: false },
            'T' => Laid { kind: TileKind::Taiji, yang: true },
            't' => Laid { kind: TileKind::Taiji, yang: false },
            _ => return Err(Illegal::new("bad-tile", format!("{c:?} is no laid tile: expected 1, 0, T or t"))),
        })
    }
}

/// The character of a tile not laid.
pub fn kind_char(kind: TileKind) -> char {
    match kind {
        TileKind::Yang => '1',
        TileKind::Yin => '0',
        TileKind::Taiji => 't',
    }
}

/// Tiles not laid, as characters.
pub fn kinds_string(kinds: &[TileKind]) -> String {
    kinds.iter().map(|&k| kind_char(k)).collect()
}

/// Tiles not laid, from characters.
pub fn kinds_from(text: &str) -> Result<Vec<TileKind>, Illegal> {
    text.chars()
        .map(|c| match c {
            '1' => Ok(TileKind::Yang),
            '0' => Ok(TileKind::Yin),
            't' => Ok(TileKind::Taiji),
            _ => Err(Illegal::new("bad-tile", format!("{c:?} is no tile: expected 1, 0 or t"))),
        })
        .collect()
}

/// Tiles laid in one play: two (three in the variant), line 1 side first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    tiles: [Laid; 3],
    len: u8,
}

impl Group {
    pub fn new(tiles: &[Laid]) -> Group {
        assert!(tiles.len() <= 3, "a group holds at most three tiles");
        let mut all = [Laid { kind: TileKind::Yin, yang: false }; 3];
        all[..tiles.len()].copy_from_slice(tiles);
        Group { tiles: all, len: tiles.len() as u8 }
    }

    pub fn tiles(&self) -> &[Laid] {
        &self.tiles[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Its lines as bits, bit 0 the inside tile.
    pub fn bits(&self) -> u8 {
        self.tiles().iter().enumerate().map(|(i, t)| u8::from(t.yang) << i).sum()
    }

    /// `Some(yang)` when every tile stands for the same line (a double, or a triple of one
    /// line in the variant): what a pung answers.
    pub fn double(&self) -> Option<bool> {
        let first = self.tiles().first()?.yang;
        self.tiles().iter().all(|t| t.yang == first).then_some(first)
    }

    /// Its kinds, sorted (to compare with a hand).
    pub fn kinds(&self) -> Vec<TileKind> {
        let mut kinds: Vec<TileKind> = self.tiles().iter().map(|t| t.kind).collect();
        kinds.sort_unstable();
        kinds
    }

    pub fn string(&self) -> String {
        self.tiles().iter().map(|t| t.char()).collect()
    }

    pub fn parse(text: &str) -> Result<Group, Illegal> {
        let tiles = text.chars().map(Laid::from_char).collect::<Result<Vec<_>, _>>()?;
        if !(2..=3).contains(&tiles.len()) {
            return Err(Illegal::new("group-size", format!("{text:?}: a play lays two or three tiles")));
        }
        Ok(Group::new(&tiles))
    }
}

/// How a play was called.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Call {
    /// 应: the ordinary play of the next player.
    Response,
    /// 碰: a double (a triple in the variant) answered by the same, out of turn.
    Pung,
}

/// Where a group goes on the player's column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Place {
    /// Beyond the tiles already laid (and where a hexagram's first group goes).
    Outside,
    /// Nearer the player than the tiles already laid, pushing them outwards.
    Inside,
    /// A yang pung of two: one tile inside the column, the other outside it.
    Split,
}

/// The column after `group` goes on it at `place`.
pub fn placed(column: &[Laid], group: &Group, place: Place) -> Vec<Laid> {
    let mut out = Vec::with_capacity(column.len() + group.len());
    match place {
        Place::Outside => {
            out.extend_from_slice(column);
            out.extend_from_slice(group.tiles());
        }
        Place::Inside => {
            out.extend_from_slice(group.tiles());
            out.extend_from_slice(column);
        }
        Place::Split => {
            let (inside, outside) = group.tiles().split_at(group.len() / 2);
            out.extend_from_slice(inside);
            out.extend_from_slice(column);
            out.extend_from_slice(outside);
        }
    }
    out
}

/// The places a pung of `yang` lines may go, `group` tiles at a time, on a column of
/// `column` tiles: a group that starts a hexagram goes outside; a yang pair is split; a yin
/// pair, and any triple, goes together outside or inside.
pub fn pung_places(column: usize, group: usize, yang: bool) -> &'static [Place] {
    if column == 0 {
        &[Place::Outside]
    } else if group == 2 && yang {
        &[Place::Split]
    } else {
        &[Place::Outside, Place::Inside]
    }
}

/// Counts of yang, yin and taiji tiles.
pub fn counts(kinds: &[TileKind]) -> [usize; 3] {
    let mut n = [0; 3];
    for &k in kinds {
        n[k as usize] += 1;
    }
    n
}

/// Whether a hand of these kinds can lay the lines `bits` (`len` tiles): every line tile
/// must stand for its own line, so there must be no more yang tiles than yang lines and no
/// more yin tiles than yin lines; taiji fill the rest.
pub fn can_form(hand: [usize; 3], bits: u8, len: usize) -> bool {
    let yang = bits.count_ones() as usize;
    hand[0] + hand[1] + hand[2] == len && hand[0] <= yang && hand[1] <= len - yang
}

/// The group a hand lays as the lines `bits`: its line tiles where they stand, its taiji in
/// the places left, inside first (the one way the engine offers a pattern).
pub fn formed(hand: [usize; 3], bits: u8, len: usize) -> Group {
    let mut left = hand;
    let tiles: Vec<Laid> = (0..len)
        .map(|i| {
            let yang = bits >> i & 1 == 1;
            let own = if yang { 0 } else { 1 };
            let kind = if left[own] > 0 {
                left[own] -= 1;
                if yang { TileKind::Yang } else { TileKind::Yin }
            } else {
                left[2] -= 1;
                TileKind::Taiji
            };
            Laid { kind, yang }
        })
        .collect();
    Group::new(&tiles)
}

/// Every hidden hexagram a hand can set aside: each sequence of six of its tiles, line 1
/// first, in a fixed order (yang before yin before taiji at each line).
pub fn hides(hand: [usize; 3]) -> Vec<[TileKind; 6]> {
    fn walk(left: &mut [usize; 3], at: usize, current: &mut [TileKind; 6], out: &mut Vec<[TileKind; 6]>) {
        if at == 6 {
            out.push(*current);
            return;
        }
        for kind in TileKind::ALL {
            if left[kind as usize] > 0 {
                left[kind as usize] -= 1;
                current[at] = kind;
                walk(left, at + 1, current, out);
                left[kind as usize] += 1;
            }
        }
    }
    let mut out = Vec::new();
    walk(&mut hand.clone(), 0, &mut [TileKind::Yin; 6], &mut out);
    out
}

/// Whether a laid hexagram's lines (`bits`, bit 0 line 1) are the hidden hexagram: each
/// line the hidden tile's, a hidden taiji matching either line.
pub fn matches_hidden(bits: u8, hidden: &[TileKind; 6]) -> bool {
    hidden.iter().enumerate().all(|(i, &k)| match k {
        TileKind::Taiji => true,
        TileKind::Yang => bits >> i & 1 == 1,
        TileKind::Yin => bits >> i & 1 == 0,
    })
}

/// Bits of a column's lines, bit 0 line 1.
pub fn column_bits(column: &[Laid]) -> u8 {
    column.iter().enumerate().map(|(i, t)| u8::from(t.yang) << i).sum()
}
