//! Where a Liubo piece can go, as walks built once from the board model
//! ([`super::rules`]): the spots a stone can stand on, each stone's walk forward with one
//! value (on round the circuit, or across from 6 or 11), and the owl's walks in any
//! direction. Nothing here is typed in: the stations and links are the model's.
//!
//! A *spot* is a station and, on a crossing, which crossing: a stone on the centre goes on
//! along the crossing it came by (the model's [`walk`](super::rules::walk)), so the centre
//! is two spots. Spots 0..20 are the circuit in order from the entry; then each crossing's
//! five inner stations, in the direction of travel.

use super::rules::{self, Path, Station};
use std::sync::OnceLock;

/// A place a stone can stand, 0..[`SPOTS`].
pub type Spot = u8;
/// Circuit stations, then five inner stations for each of the two crossings.
pub const SPOTS: usize = 30;
/// The largest value one group of sticks scores.
pub const MAX_VALUE: usize = 4;
/// A station number, 1..=29; 0 is "none".
pub type StationNo = u8;

/// Where a stone's walk with one value ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    pub spot: Spot,
    /// The walk stepped onto the entry station from the circuit's end or a crossing: a
    /// loop completed (rule 15).
    pub looped: bool,
}

/// The board as the engine reads it.
pub struct Walks {
    /// The station of each spot.
    pub station: [StationNo; SPOTS],
    /// `walk[spot][across][value - 1]`: where a stone lands; `across` (1) takes the
    /// crossing that starts on the spot's station (only 6 and 11 have one).
    walk: [[[Landing; MAX_VALUE]; 2]; SPOTS],
    /// Where a stone entering with each value lands (the entry counts as the first step).
    pub enter: [Spot; MAX_VALUE],
    /// Whether a crossing starts on the spot's station (rule 6).
    pub shortcut: [bool; SPOTS],
    /// Each station's neighbours in any direction (the owl's steps), 0-padded.
    neighbours: [[StationNo; 4]; rules::STATION_COUNT as usize + 1],
    /// `stone_reach[spot][value - 1]`: the stations (bit n for station n) a stone there
    /// can land on with the value, round or across; the heuristic's threats.
    pub stone_reach: [[u32; MAX_VALUE]; SPOTS],
    /// `owl_reach[station][value - 1]`: the stations an owl there can reach with the value.
    pub owl_reach: [[u32; MAX_VALUE]; rules::STATION_COUNT as usize + 1],
}

impl Walks {
    fn build() -> Walks {
        let circuit = Path::Circuit.stations();
        let mut spots: Vec<(Station, Path)> = circuit.iter().map(|&s| (s, Path::Circuit)).collect();
        for crossing in Path::CROSSINGS {
            let line = crossing.stations();
            spots.extend(line[1..line.len() - 1].iter().map(|&s| (s, crossing)));
        }
        assert_eq!(spots.len(), SPOTS, "20 circuit stations and 5 inside each crossing");
        let spot_of = |station: Station, path: Path| -> Spot {
            let on = |&(s, p): &(Station, Path)| s == station && (p == path || (p == Path::Circuit && s.on_circuit()));
            spots.iter().position(on).expect("every station of a path is a spot") as Spot
        };
        let entry = spot_of(Station::ENTRY, Path::Circuit);
        let mut station = [0; SPOTS];
        let mut walk = [[[Landing { spot: 0, looped: false }; MAX_VALUE]; 2]; SPOTS];
        let mut shortcut = [false; SPOTS];
        for (i, &(s, path)) in spots.iter().enumerate() {
            station[i] = s.number();
            let crossing = if path == Path::Circuit { s.shortcut() } else { None };
            shortcut[i] = crossing.is_some();
            for (across, landings) in walk[i].iter_mut().enumerate() {
                let route = if across == 1 { crossing.unwrap_or(path) } else { path };
                for (value, landing) in (1..=MAX_VALUE).zip(landings.iter_mut()) {
                    let steps = rules::walk(s, route, value);
                    let end = *steps.last().expect("a walk of at least one step");
                    // Where the walk ends: on its own path until it leaves it for the circuit.
                    let along = if route != Path::Circuit && !end.on_circuit() { route } else { Path::Circuit };
                    let looped = steps.contains(&Station::ENTRY);
                    *landing = Landing { spot: spot_of(end, along), looped };
                }
            }
        }
        let mut enter = [0; MAX_VALUE];
        enter[0] = entry;
        for value in 2..=MAX_VALUE {
            enter[value - 1] = walk[entry as usize][0][value - 2].spot;
        }
        let mut neighbours = [[0; 4]; rules::STATION_COUNT as usize + 1];
        for s in Station::all() {
            for (k, n) in rules::neighbours(s).into_iter().enumerate() {
                neighbours[usize::from(s.number())][k] = n.number();
            }
        }
        let mut walks = Walks {
            station,
            walk,
            enter,
            shortcut,
            neighbours,
            stone_reach: [[0; MAX_VALUE]; SPOTS],
            owl_reach: [[0; MAX_VALUE]; rules::STATION_COUNT as usize + 1],
        };
        for spot in 0..SPOTS as Spot {
            for value in 1..=MAX_VALUE as u8 {
                let mut bits = 1 << walks.station[usize::from(walks.landing(spot, false, value).spot)];
                if walks.shortcut[usize::from(spot)] {
                    bits |= 1 << walks.station[usize::from(walks.landing(spot, true, value).spot)];
                }
                walks.stone_reach[usize::from(spot)][usize::from(value) - 1] = bits;
            }
        }
        for s in 1..=rules::STATION_COUNT {
            for value in 1..=MAX_VALUE as u8 {
                let bits = walks.owl_walks(s, value, 0).iter().fold(0u32, |b, &(end, _)| b | 1 << end);
                walks.owl_reach[usize::from(s)][usize::from(value) - 1] = bits;
            }
        }
        walks
    }

    /// Where a stone on `spot` lands with `value`, across or round.
    pub fn landing(&self, spot: Spot, across: bool, value: u8) -> Landing {
        self.walk[usize::from(spot)][usize::from(across)][usize::from(value) - 1]
    }

    /// The stations next to `station` (the owl's steps).
    pub fn neighbours(&self, station: StationNo) -> impl Iterator<Item = StationNo> + '_ {
        self.neighbours[usize::from(station)].iter().copied().filter(|&n| n != 0)
    }

    /// The owl's walks of exactly `value` steps from `from`, never stepping straight back
    /// (rule 10), the first step never onto `back`: each end station with the station the
    /// last step came from, in station order. On this board two such walks of up to four
    /// steps never end on the same station (its shortest loop is longer than eight).
    pub fn owl_walks(&self, from: StationNo, value: u8, back: StationNo) -> Vec<(StationNo, StationNo)> {
        let mut ends = Vec::with_capacity(8);
        self.owl_step(from, back, value, &mut ends);
        ends.sort_unstable();
        ends.dedup_by_key(|e| e.0);
        ends
    }

    fn owl_step(&self, here: StationNo, came: StationNo, left: u8, ends: &mut Vec<(StationNo, StationNo)>) {
        for next in self.neighbours(here) {
            if next == came {
                continue;
            }
            if left == 1 {
                ends.push((next, here));
            } else {
                self.owl_step(next, here, left - 1, ends);
            }
        }
    }
}

/// The board's walks, built on first use.
pub fn walks() -> &'static Walks {
    static WALKS: OnceLock<Walks> = OnceLock::new();
    WALKS.get_or_init(Walks::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot_at(station: u8, path_hint: usize) -> Spot {
        let t = walks();
        let spots: Vec<usize> = (0..SPOTS).filter(|&i| t.station[i] == station).collect();
        spots[path_hint.min(spots.len() - 1)] as Spot
    }

    #[test]
    fn the_centre_is_two_spots_and_every_other_station_one() {
        let t = walks();
        for s in 1..=rules::STATION_COUNT {
            let n = t.station.iter().filter(|&&x| x == s).count();
            assert_eq!(n, if s == Station::CENTRE.number() { 2 } else { 1 }, "station {s}");
        }
    }

    #[test]
    fn stones_enter_counting_the_entry_and_walk_as_the_model_says() {
        let t = walks();
        let entered: Vec<u8> = t.enter.iter().map(|&s| t.station[usize::from(s)]).collect();
        assert_eq!(entered, vec![1, 2, 3, 4]);
        let from6 = spot_at(6, 0);
        let at = |l: Landing| t.station[usize::from(l.spot)];
        assert_eq!(at(t.landing(from6, true, 3)), 29);
        assert_eq!(at(t.landing(from6, false, 3)), 9);
        // On from the centre along the crossing from 6: 23, 24, 16.
        let centre = t.landing(from6, true, 3).spot;
        assert_eq!(at(t.landing(centre, false, 3)), 16);
        let from11 = spot_at(11, 0);
        let centre_b = t.landing(from11, true, 3).spot;
        assert_ne!(centre, centre_b, "the centre is a spot for each crossing");
        let home = t.landing(centre_b, false, 4);
        assert_eq!((at(home), home.looped), (2, true), "the crossing from 11 runs through station 1");
        let round = t.landing(spot_at(19, 0), false, 2);
        assert_eq!((at(round), round.looped), (1, true));
        assert!(!t.landing(spot_at(2, 0), false, 4).looped);
        let shortcuts: Vec<u8> = (0..SPOTS).filter(|&i| t.shortcut[i]).map(|i| t.station[i]).collect();
        assert_eq!(shortcuts, vec![6, 11]);
    }

    #[test]
    fn the_owl_walks_any_way_but_never_back() {
        let t = walks();
        let ends: Vec<u8> = t.owl_walks(21, 3, 0).iter().map(|e| e.0).collect();
        // 21 → 22 → 29 → {23, 26, 27}; 21 → 6 → {5, 7} → {4, 8}.
        assert_eq!(ends, vec![4, 8, 23, 26, 27]);
        let ends: Vec<u8> = t.owl_walks(21, 1, 22).iter().map(|e| e.0).collect();
        assert_eq!(ends, vec![6]);
        for s in 1..=rules::STATION_COUNT {
            for v in 1..=4 {
                let walks = t.owl_walks(s, v, 0);
                assert!(!walks.is_empty());
                assert!(walks.iter().all(|&(end, _)| end != s), "no walk of {v} from {s} comes back");
            }
        }
    }
}
