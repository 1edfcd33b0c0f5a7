//! Liubo (六博): the pure model of the board, the sticks and the pieces (docs/conventions.md, The Liubo board).
//!
//! No I/O and no drawing here: the engine ([`super`]), the board art, the rulebook and the
//! tests all read the facts from this module.
//!
//! # Board and numbering
//!
//! The board has the shape of the Korean Yut board: a square circuit of 20 stations and two
//! diagonals crossing at a central station, 20 + 8 + 1 = 29 stations.
//!
//! - Stations **1–20** form the outer circuit, numbered counter-clockwise. Station 1 is the
//!   bottom-right corner and the entry; play runs up the right side, so the corners are the
//!   cardinal stations 1 (bottom right), 6 (top right), 11 (top left) and 16 (bottom left).
//! - Stations **21–28** are the inner stations of the two crossings, numbered in the
//!   direction a stone travels along them:
//!   - crossing 6 → 16: `6, 21, 22, 29, 23, 24, 16`
//!   - crossing 11 → 1: `11, 25, 26, 29, 27, 28, 1`
//! - Station **29** is the central station (the "water", where a stone becomes an owl),
//!   shared by both crossings.
//!
//! Each crossing is 6 steps long; the circuit from 6 to 16 (or from 11 to 1) is 10 steps.
//!
//! # Sticks
//!
//! Six sticks with a flat face (yang) and a round face (yin) are read as two groups of three,
//! i.e. two trigrams. A group scores 1 + its number of yang faces, 1..=4. The distribution is
//! computed by enumerating the faces, never typed in.

use crate::core::trigram::Trigram;
use std::collections::VecDeque;
use std::fmt;

/// Number of stations on the board.
pub const STATION_COUNT: u8 = 29;
/// Number of stations on the outer circuit.
pub const CIRCUIT_LEN: u8 = 20;
/// Stones per player.
pub const STONES_PER_PLAYER: u32 = 6;
/// Owl markers per player.
pub const OWLS_PER_PLAYER: u32 = 1;
/// Rule 13: an owl's owner loses when the opponent, without an owl, has this many ordinary
/// stones on the board after the owner's turn.
pub const OWL_OUTNUMBERED_BY: u32 = 5;
/// Throwing sticks in the game.
pub const STICK_COUNT: u32 = 6;
/// Sticks in one group (one trigram).
pub const STICKS_PER_GROUP: u32 = 3;

/// Errors of the Liubo model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LiuboError {
    /// A station number outside 1..=29.
    #[error("station {0} is out of range 1..=29")]
    StationOutOfRange(u32),
    /// A group score outside 1..=4.
    #[error("stick group score {0} is out of range 1..=4")]
    ScoreOutOfRange(u32),
}

/// One station of the board, 1..=29 (see the module docs for the numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Station(u8);

impl Station {
    /// The entry station, where every stone comes onto the board.
    pub const ENTRY: Station = Station(1);
    /// The central station, shared by both crossings.
    pub const CENTRE: Station = Station(29);
    /// The four cardinal stations (the corners of the circuit), in circuit order.
    pub const CARDINALS: [Station; 4] = [Station(1), Station(6), Station(11), Station(16)];

    /// The station numbered `n`, if `n` is in 1..=29.
    pub fn new(n: u32) -> Result<Station, LiuboError> {
        match u8::try_from(n) {
            Ok(v @ 1..=STATION_COUNT) => Ok(Station(v)),
            _ => Err(LiuboError::StationOutOfRange(n)),
        }
    }

    /// All 29 stations in number order.
    pub fn all() -> impl Iterator<Item = Station> {
        (1..=STATION_COUNT).map(Station)
    }

    /// The station's number, 1..=29.
    pub fn number(self) -> u8 {
        self.0
    }

    /// What kind of station this is.
    pub fn kind(self) -> StationKind {
        match self.0 {
            1 | 6 | 11 | 16 => StationKind::Cardinal,
            2..=20 => StationKind::Circuit,
            29 => StationKind::Centre,
            _ => StationKind::Crossing,
        }
    }

    /// Whether the station lies on the outer circuit (1..=20).
    pub fn on_circuit(self) -> bool {
        self.0 <= CIRCUIT_LEN
    }

    /// The crossing that starts here, if this is station 6 or 11 (rule 6).
    pub fn shortcut(self) -> Option<Path> {
        Path::CROSSINGS.into_iter().find(|p| p.stations()[0] == self)
    }
}

impl fmt::Display for Station {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The kinds of station, as the board marks them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StationKind {
    /// A corner of the circuit: 1, 6, 11 or 16.
    Cardinal,
    /// Any other circuit station.
    Circuit,
    /// An inner station of a crossing (21..=28).
    Crossing,
    /// The central station, 29.
    Centre,
}

/// A line of travel on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Path {
    /// The outer circuit 1 → 2 → … → 20 → 1, counter-clockwise.
    Circuit,
    /// The crossing from 6 through the centre to 16.
    Crossing6To16,
    /// The crossing from 11 through the centre to 1.
    Crossing11To1,
}

const CIRCUIT_STATIONS: [Station; 20] = {
    let mut s = [Station(1); 20];
    let mut i = 0;
    while i < 20 {
        s[i] = Station(i as u8 + 1);
        i += 1;
    }
    s
};
const CROSSING_6_16: [Station; 7] =
    [Station(6), Station(21), Station(22), Station(29), Station(23), Station(24), Station(16)];
const CROSSING_11_1: [Station; 7] =
    [Station(11), Station(25), Station(26), Station(29), Station(27), Station(28), Station(1)];

impl Path {
    /// Both crossings.
    pub const CROSSINGS: [Path; 2] = [Path::Crossing6To16, Path::Crossing11To1];
    /// All three paths.
    pub const ALL: [Path; 3] = [Path::Circuit, Path::Crossing6To16, Path::Crossing11To1];

    /// The stations of the path in the direction of travel. The circuit lists 1..=20 and
    /// closes back on 1; a crossing lists both of its cardinal ends.
    pub fn stations(self) -> &'static [Station] {
        match self {
            Path::Circuit => &CIRCUIT_STATIONS,
            Path::Crossing6To16 => &CROSSING_6_16,
            Path::Crossing11To1 => &CROSSING_11_1,
        }
    }

    /// The links of the path, in the direction of travel.
    pub fn links(self) -> Vec<Link> {
        let s = self.stations();
        let mut links: Vec<Link> = s.windows(2).map(|w| Link { from: w[0], to: w[1], path: self }).collect();
        if self == Path::Circuit {
            links.push(Link { from: s[s.len() - 1], to: s[0], path: self });
        }
        links
    }

    /// The number of steps along the path (20 for the circuit, 6 for a crossing).
    pub fn steps(self) -> usize {
        self.links().len()
    }
}

/// A link between two neighbouring stations, oriented in the direction a stone travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Link {
    /// Where a stone comes from.
    pub from: Station,
    /// Where it goes.
    pub to: Station,
    /// The path the link belongs to.
    pub path: Path,
}

/// All 32 links of the board: the 20 of the circuit, then 6 for each crossing.
pub fn links() -> Vec<Link> {
    Path::ALL.into_iter().flat_map(Path::links).collect()
}

/// The stations reachable from `s` in one step in the direction of travel (stones may
/// continue on the circuit or, from a crossing start, take the shortcut).
pub fn successors(s: Station) -> Vec<Station> {
    links().into_iter().filter(|l| l.from == s).map(|l| l.to).collect()
}

/// The stations next to `s` in either direction: the moves of the owl (rule 10).
pub fn neighbours(s: Station) -> Vec<Station> {
    let mut n: Vec<Station> = links()
        .into_iter()
        .filter_map(|l| {
            if l.from == s {
                Some(l.to)
            } else if l.to == s {
                Some(l.from)
            } else {
                None
            }
        })
        .collect();
    n.sort();
    n.dedup();
    n
}

/// The fewest steps from `from` to `to` in the direction of travel, or `None` if `to`
/// cannot be reached. A stone on the centre may leave along either crossing here; the rules
/// keep it on the crossing it came from, which [`walk`] models.
pub fn steps_forward(from: Station, to: Station) -> Option<usize> {
    shortest(from, to, successors)
}

/// The steps from `from` to `to` along the circuit alone, counter-clockwise, never taking a
/// crossing: "the way round" that rule 6's shortcut is measured against. `None` unless both
/// stations lie on the circuit.
pub fn circuit_steps(from: Station, to: Station) -> Option<usize> {
    if !(from.on_circuit() && to.on_circuit()) {
        return None;
    }
    let len = usize::from(CIRCUIT_LEN);
    Some((usize::from(to.0) + len - usize::from(from.0)) % len)
}

/// Rule 6's shortcut in numbers: the steps of a crossing, of the way round between the same
/// two corners, and what the crossing saves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shortcut {
    /// Steps along a crossing, centre included.
    pub across: usize,
    /// Steps along the circuit between the crossing's two ends.
    pub around: usize,
}

impl Shortcut {
    /// The steps the crossing saves over the way round.
    pub fn saves(self) -> usize {
        self.around - self.across
    }
}

/// The shortcut of `crossing`: its length and the circuit's between its ends.
pub fn shortcut(crossing: Path) -> Option<Shortcut> {
    let stations = crossing.stations();
    let (&start, &end) = (stations.first()?, stations.last()?);
    if crossing == Path::Circuit {
        return None;
    }
    Some(Shortcut { across: crossing.steps(), around: circuit_steps(start, end)? })
}

/// How a promoted stone is shown on the table (rule 9), worded once for the rulebook and the
/// pieces sheet: the marker sits on the stone, so a demoted owl (rule 14) is the same stone.
pub const OWL_PROMOTION: &str = "put your owl marker on top of the stone; if the owl is demoted, lift the marker off";

/// The fewest steps from `from` to `to` when links may be used in both directions.
pub fn steps_any(from: Station, to: Station) -> Option<usize> {
    shortest(from, to, neighbours)
}

fn shortest(from: Station, to: Station, next: fn(Station) -> Vec<Station>) -> Option<usize> {
    let mut dist = [usize::MAX; STATION_COUNT as usize + 1];
    dist[from.0 as usize] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        if s == to {
            return Some(dist[s.0 as usize]);
        }
        for n in next(s) {
            if dist[n.0 as usize] == usize::MAX {
                dist[n.0 as usize] = dist[s.0 as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    None
}

/// The stations a stone visits moving `steps` from `start` along `path` (rule 6: after a
/// crossing it goes on counter-clockwise on the circuit). `start` must lie on `path`;
/// otherwise the walk is empty. The start itself is not in the result.
pub fn walk(start: Station, path: Path, steps: usize) -> Vec<Station> {
    let mut out = Vec::with_capacity(steps);
    let (mut path, mut here) = (path, start);
    let Some(mut i) = path.stations().iter().position(|&s| s == here) else {
        return out;
    };
    for _ in 0..steps {
        let line = path.stations();
        if path == Path::Circuit {
            here = line[(i + 1) % line.len()];
            i = (i + 1) % line.len();
        } else if i + 1 < line.len() {
            i += 1;
            here = line[i];
            if i + 1 == line.len() {
                // The end of a crossing is a circuit station: continue from there.
                path = Path::Circuit;
                i = usize::from(here.0 - 1);
            }
        }
        out.push(here);
    }
    out
}

/// Which way stones travel on the circuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Counter-clockwise, seen from above.
    CounterClockwise,
}

/// The direction of travel on the circuit (rule 5).
pub const DIRECTION: Direction = Direction::CounterClockwise;

/// One face of a stick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StickFace {
    /// The flat face, read as yang.
    Flat,
    /// The round (convex) face, read as yin.
    Round,
}

impl StickFace {
    /// Whether the face reads as yang.
    pub fn is_yang(self) -> bool {
        self == StickFace::Flat
    }

    /// The face stick `i` (0 = bottom line) shows in a group read as trigram `t`.
    pub fn in_group(t: Trigram, i: usize) -> StickFace {
        if t.bits() >> i & 1 == 1 { StickFace::Flat } else { StickFace::Round }
    }
}

/// The score of a group of three sticks read as trigram `t`: 1 + the number of yang lines
/// (flat faces), 1..=4 (rule 3).
pub fn group_score(t: Trigram) -> u32 {
    1 + t.bits().count_ones()
}

/// An exact probability, kept as a reduced fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Probability {
    num: u32,
    den: u32,
}

impl Probability {
    /// `num / den`, reduced. `den` must be non-zero.
    pub fn new(num: u32, den: u32) -> Probability {
        assert!(den > 0, "probability denominator must be non-zero");
        let g = gcd(num, den);
        Probability { num: num / g, den: den / g }
    }

    /// The numerator of the reduced fraction.
    pub fn numerator(self) -> u32 {
        self.num
    }

    /// The denominator of the reduced fraction.
    pub fn denominator(self) -> u32 {
        self.den
    }

    /// The value in percent, e.g. `37.5`.
    pub fn percent(self) -> f64 {
        f64::from(self.num) * 100.0 / f64::from(self.den)
    }
}

impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// One row of the throw chart: a group score and how often it comes up.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ThrowRow {
    /// The score of a group of three sticks, 1..=4.
    pub score: u32,
    /// How many of the 8 equally likely groups give this score.
    pub ways: u32,
    /// Probability of the score for one group.
    pub probability: Probability,
    /// The trigrams that give this score, in bit order.
    pub trigrams: Vec<Trigram>,
}

/// The throw chart for one group of three sticks, scores 1..=4, computed by enumerating the
/// eight equally likely ways three fair sticks can fall (the eight trigrams).
pub fn throw_table() -> Vec<ThrowRow> {
    let groups = 1u32 << STICKS_PER_GROUP;
    (1..=STICKS_PER_GROUP + 1)
        .map(|score| {
            let trigrams: Vec<Trigram> =
                (0..groups as u8).map(Trigram::from_bits).filter(|&t| group_score(t) == score).collect();
            let ways = trigrams.len() as u32;
            ThrowRow { score, ways, probability: Probability::new(ways, groups), trigrams }
        })
        .collect()
}

/// Scores whose double (both groups alike) gives an extra throw (rule 16).
pub const EXTRA_THROW_DOUBLES: [u32; 2] = [1, 4];

/// The probability that both groups of a throw score `score`.
pub fn double_probability(score: u32) -> Result<Probability, LiuboError> {
    let row = throw_table().into_iter().find(|r| r.score == score).ok_or(LiuboError::ScoreOutOfRange(score))?;
    Ok(Probability::new(row.ways * row.ways, THROWS))
}

/// The probability that a throw earns an extra throw by a double 1-1 or 4-4 (rule 16).
pub fn extra_throw_probability() -> Probability {
    let ways = throw_table().iter().filter(|r| EXTRA_THROW_DOUBLES.contains(&r.score)).map(|r| r.ways * r.ways).sum();
    Probability::new(ways, THROWS)
}

/// The number of equally likely throws of six sticks (two groups of eight).
const THROWS: u32 = 1 << STICK_COUNT;

/// The pieces of one Liubo game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PieceCounts {
    /// White stones.
    pub white_stones: u32,
    /// Black stones.
    pub black_stones: u32,
    /// Owl markers, one per player.
    pub owls: u32,
    /// Throwing sticks.
    pub sticks: u32,
}

/// The pieces of the game (docs/conventions.md, The Liubo board): 6 white and 6 black stones, an owl per player, six
/// sticks.
pub const PIECES: PieceCounts = PieceCounts {
    white_stones: STONES_PER_PLAYER,
    black_stones: STONES_PER_PLAYER,
    owls: 2 * OWLS_PER_PLAYER,
    sticks: STICK_COUNT,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn st(n: u32) -> Station {
        Station::new(n).unwrap()
    }

    #[test]
    fn there_are_29_stations_and_32_links() {
        assert_eq!(Station::all().count(), 29);
        assert_eq!(links().len(), 32);
        let mut seen: Vec<(u8, u8)> = links().iter().map(|l| (l.from.0, l.to.0)).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 32, "no link is listed twice");
    }

    #[test]
    fn stations_out_of_range_are_refused() {
        for n in [0, 30, 256, u32::MAX] {
            assert_eq!(Station::new(n), Err(LiuboError::StationOutOfRange(n)));
        }
        assert_eq!(Station::new(30).unwrap_err().to_string(), "station 30 is out of range 1..=29");
    }

    #[test]
    fn every_station_is_linked() {
        for s in Station::all() {
            assert!(!neighbours(s).is_empty(), "station {s} is isolated");
            assert!(!successors(s).is_empty(), "station {s} is a dead end");
        }
    }

    #[test]
    fn degrees_match_the_yut_shape() {
        for s in Station::all() {
            let expected = match s.kind() {
                StationKind::Centre => 4,
                StationKind::Cardinal => 3,
                _ => 2,
            };
            assert_eq!(neighbours(s).len(), expected, "station {s}");
        }
    }

    #[test]
    fn crossing_is_six_steps_and_circuit_is_ten() {
        // 1 -> 20 takes the shortcut from 6: 5 + 6 + 4 steps.
        let cases = [(6, 16, 6), (11, 1, 6), (1, 6, 5), (16, 1, 5), (1, 20, 15)];
        for (a, b, n) in cases {
            assert_eq!(steps_forward(st(a), st(b)), Some(n), "{a} -> {b}");
        }
        for p in Path::CROSSINGS {
            assert_eq!(p.steps(), 6);
        }
        assert_eq!(Path::Circuit.steps(), 20);
        assert_eq!(walk(st(6), Path::Circuit, 10).last(), Some(&st(16)));
        assert_eq!(walk(st(11), Path::Circuit, 10).last(), Some(&st(1)));
        assert_eq!(circuit_steps(st(6), st(16)), Some(10));
        assert_eq!(circuit_steps(st(16), st(1)), Some(5));
        assert_eq!(circuit_steps(st(6), st(29)), None);
    }

    #[test]
    fn shortcut_saves_four_steps() {
        for p in Path::CROSSINGS {
            let s = p.stations();
            let (a, b) = (s[0], s[s.len() - 1]);
            let around = walk(a, Path::Circuit, 10);
            let across = walk(a, p, 6);
            assert_eq!(around.last(), Some(&b));
            assert_eq!(across.last(), Some(&b));
            assert_eq!(around.len() - across.len(), 4);
        }
    }

    #[test]
    fn crossings_share_only_the_centre() {
        let a: Vec<_> = Path::Crossing6To16.stations()[1..6].to_vec();
        let b: Vec<_> = Path::Crossing11To1.stations()[1..6].to_vec();
        let shared: Vec<_> = a.iter().filter(|s| b.contains(s)).collect();
        assert_eq!(shared, vec![&Station::CENTRE]);
        assert_eq!(a[2], Station::CENTRE);
    }

    #[test]
    fn shortcuts_start_at_6_and_11_only() {
        for s in Station::all() {
            let expected = match s.0 {
                6 => Some(Path::Crossing6To16),
                11 => Some(Path::Crossing11To1),
                _ => None,
            };
            assert_eq!(s.shortcut(), expected, "station {s}");
        }
    }

    #[test]
    fn walk_continues_on_the_circuit_after_a_crossing() {
        let w: Vec<u8> = walk(st(6), Path::Crossing6To16, 8).iter().map(|s| s.0).collect();
        assert_eq!(w, vec![21, 22, 29, 23, 24, 16, 17, 18]);
        let w: Vec<u8> = walk(st(26), Path::Crossing11To1, 5).iter().map(|s| s.0).collect();
        assert_eq!(w, vec![29, 27, 28, 1, 2]);
        let w: Vec<u8> = walk(st(19), Path::Circuit, 3).iter().map(|s| s.0).collect();
        assert_eq!(w, vec![20, 1, 2]);
        assert!(walk(st(21), Path::Circuit, 3).is_empty());
    }

    #[test]
    fn the_owl_can_turn_at_the_centre() {
        assert_eq!(neighbours(Station::CENTRE).len(), 4);
        assert_eq!(steps_any(st(22), st(27)), Some(2));
        assert_eq!(steps_any(st(16), st(11)), Some(5));
        assert_eq!(steps_any(st(1), st(11)), Some(6));
    }

    #[test]
    fn throw_table_is_computed() {
        let t = throw_table();
        let scores: Vec<u32> = t.iter().map(|r| r.score).collect();
        assert_eq!(scores, vec![1, 2, 3, 4]);
        let probs: Vec<String> = t.iter().map(|r| r.probability.to_string()).collect();
        assert_eq!(probs, vec!["1/8", "3/8", "3/8", "1/8"]);
        assert_eq!(t.iter().map(|r| r.ways).sum::<u32>(), 8);
        assert_eq!(t[0].trigrams, vec![Trigram::EARTH]);
        assert_eq!(t[3].trigrams, vec![Trigram::HEAVEN]);
        assert_eq!(t[1].trigrams, vec![Trigram::THUNDER, Trigram::WATER, Trigram::MOUNTAIN]);
        // 1 and 4 are three times less likely than 2 and 3, as the seed says.
        assert_eq!(t[1].ways, 3 * t[0].ways);
        assert_eq!(t[1].probability.percent(), 37.5);
    }

    #[test]
    fn doubles_and_extra_throws() {
        assert_eq!(double_probability(1).unwrap(), Probability::new(1, 64));
        assert_eq!(double_probability(2).unwrap(), Probability::new(9, 64));
        assert_eq!(double_probability(5), Err(LiuboError::ScoreOutOfRange(5)));
        assert_eq!(extra_throw_probability(), Probability::new(1, 32));
    }

    #[test]
    fn group_score_counts_flat_faces() {
        for t in Trigram::ALL {
            let flat = (0..3).filter(|&i| StickFace::in_group(t, i).is_yang()).count() as u32;
            assert_eq!(group_score(t), 1 + flat, "{t}");
        }
        assert_eq!(group_score(Trigram::EARTH), 1);
        assert_eq!(group_score(Trigram::HEAVEN), 4);
    }

    #[test]
    fn piece_counts_match_the_seed() {
        assert_eq!(PIECES.white_stones, 6);
        assert_eq!(PIECES.black_stones, 6);
        assert_eq!(PIECES.owls, 2);
        assert_eq!(PIECES.sticks, 6);
    }

    /// The seed's rule 6 says it in words: across the board, centre included, is six steps,
    /// the way round is ten, so a shortcut saves four. The rulebook once printed "the way
    /// round is 6, so the shortcut saves 0" because it measured the way round with
    /// [`steps_forward`], which itself takes the shortcut.
    #[test]
    fn shortcut_matches_the_seeds_rule_6() {
        for crossing in Path::CROSSINGS {
            let s = shortcut(crossing).expect("a crossing has a shortcut");
            assert_eq!((s.across, s.around, s.saves()), (6, 10, 4), "{crossing:?}");
        }
        assert_eq!(shortcut(Path::Circuit), None);
    }
}
