//! The two scenarios of the seed, introductory and the Valley: where the dragons, the
//! rock and the portals stand at the start (see [`super::rules`] for why), and the
//! setup in words.

use super::rules::{Cell, Direction, Dragon, DragonBody, PortalColour};
use serde::Serialize;

/// How the portals of a scenario link up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PortalRule {
    /// A portal leads to its colour twin.
    Twins,
    /// Green portals lead to their twin; red and blue lead to any free portal, for a
    /// fire (red) or water (blue) stone.
    Valley,
}

/// A portal placed by a scenario.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PortalPlacement {
    pub colour: PortalColour,
    pub cell: Cell,
}

/// A scenario: the board of human at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Scenario {
    /// Stable id, also the stem of its files.
    pub key: &'static str,
    pub name: &'static str,
    /// The Sky dragon first.
    pub dragons: [DragonBody; 2],
    pub rock: Option<Cell>,
    pub portals: Vec<PortalPlacement>,
    pub portal_rule: PortalRule,
}

impl Scenario {
    /// Every square holding a tile at the start.
    pub fn occupied(&self) -> Vec<Cell> {
        let mut v: Vec<Cell> = self.dragons.iter().flat_map(|d| d.cells.iter().copied()).collect();
        v.extend(self.rock);
        v.extend(self.portals.iter().map(|p| p.cell));
        v
    }

    /// The body of one dragon.
    pub fn dragon(&self, d: Dragon) -> &DragonBody {
        &self.dragons[if d == Dragon::Sky { 0 } else { 1 }]
    }
}

fn body(dragon: Dragon, cells: &[Cell]) -> DragonBody {
    DragonBody { dragon, cells: cells.to_vec() }
}

const A: u8 = 0;
const B: u8 = 1;
const C: u8 = 2;
const E: u8 = 4;
const G: u8 = 6;
const H: u8 = 7;
const I: u8 = 8;

/// Row number as printed (1-based) to the 0-based row.
const fn r(n: u8) -> u8 {
    n - 1
}

/// The two scenarios of the seed, in the order they are played: introductory, the valley.
/// See the module docs for the layouts.
pub fn scenarios() -> [Scenario; 2] {
    let at = Cell::at;
    [
        Scenario {
            key: "introductory",
            name: "Introductory",
            dragons: [
                body(Dragon::Sky, &[at(C, r(8)), at(C, r(9)), at(B, r(9)), at(A, r(9))]),
                body(Dragon::Earth, &[at(G, r(2)), at(G, r(1)), at(H, r(1)), at(I, r(1))]),
            ],
            rock: Some(at(E, r(5))),
            portals: vec![
                PortalPlacement { colour: PortalColour::Green, cell: at(A, r(5)) },
                PortalPlacement { colour: PortalColour::Green, cell: at(I, r(5)) },
            ],
            portal_rule: PortalRule::Twins,
        },
        Scenario {
            key: "valley",
            name: "The Valley",
            dragons: [
                body(Dragon::Sky, &[at(B, r(6)), at(B, r(7)), at(B, r(8)), at(B, r(9))]),
                body(Dragon::Earth, &[at(H, r(4)), at(H, r(3)), at(H, r(2)), at(H, r(1))]),
            ],
            rock: Some(at(E, r(5))),
            portals: vec![
                PortalPlacement { colour: PortalColour::Green, cell: at(E, r(8)) },
                PortalPlacement { colour: PortalColour::Green, cell: at(E, r(2)) },
                PortalPlacement { colour: PortalColour::Red, cell: at(A, r(5)) },
                PortalPlacement { colour: PortalColour::Blue, cell: at(I, r(5)) },
            ],
            portal_rule: PortalRule::Valley,
        },
    ]
}

/// The scenario with this key.
pub fn scenario(key: &str) -> Option<Scenario> {
    scenarios().into_iter().find(|s| s.key == key)
}

/// A scenario's setup in words, one line per thing placed.
pub fn setup_lines(s: &Scenario) -> Vec<String> {
    let mut lines = Vec::new();
    for d in &s.dragons {
        let cells: Vec<String> = d.cells.iter().map(Cell::to_string).collect();
        let towards = match d.facing() {
            Direction::North => "the Sky side",
            Direction::South => "the Earth side",
            Direction::East => "the right",
            Direction::West => "the left",
        };
        let first = if d.dragon == Dragon::Sky { ", plays first" } else { "" };
        lines.push(format!(
            "{} ({}{first}): head {} facing {towards}, then {}; tail on {}.",
            d.dragon.name(),
            d.dragon.colour().key(),
            cells[0],
            cells[1..cells.len() - 1].join(", "),
            cells[cells.len() - 1],
        ));
    }
    let mut things = Vec::new();
    if let Some(r) = s.rock {
        things.push(format!("Rock on {r}"));
    }
    for colour in [PortalColour::Green, PortalColour::Red, PortalColour::Blue] {
        let cells: Vec<String> = s.portals.iter().filter(|p| p.colour == colour).map(|p| p.cell.to_string()).collect();
        if !cells.is_empty() {
            let word = if cells.len() > 1 { "portals" } else { "portal" };
            things.push(format!("{} {word} on {}", colour.key(), cells.join(" and ")));
        }
    }
    lines.push(format!("{}.", things.join(" · ")));
    lines.push(match s.portal_rule {
        PortalRule::Twins => "Each portal leads to its colour twin. The red and blue portals stay in the box.".into(),
        PortalRule::Valley => {
            "Green leads to green. Red or blue leads to any free portal, for a fire (red) or water (blue) stone.".into()
        }
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::super::rules::{SEGMENTS, SegmentFace, bites, element_name, reachable};
    use super::super::wheel::WHEEL;
    use super::*;
    use crate::core::trigram::Trigram;

    #[test]
    fn scenarios_are_legal_and_fair() {
        for s in scenarios() {
            let occ = s.occupied();
            let mut uniq = occ.clone();
            uniq.sort();
            uniq.dedup();
            assert_eq!(uniq.len(), occ.len(), "{}: two tiles on one square", s.key);
            let [sky, earth] = &s.dragons;
            assert_eq!((sky.dragon, earth.dragon), (Dragon::Sky, Dragon::Earth));
            for d in &s.dragons {
                assert_eq!(d.cells.len(), 1 + SEGMENTS as usize, "{}", s.key);
                assert!(d.is_joined(), "{}: {} dragon is broken", s.key, d.dragon);
            }
            // Fair: the Earth dragon is the Sky dragon turned half round the board.
            let turned: Vec<Cell> = sky.cells.iter().map(|c| c.half_turn()).collect();
            assert_eq!(turned, earth.cells, "{}", s.key);
            assert_eq!(s.rock.map(Cell::half_turn), s.rock);
            for p in &s.portals {
                assert!(s.portals.iter().any(|q| q.cell == p.cell.half_turn()), "{}: {}", s.key, p.cell);
            }
            // The dragons face each other's side.
            assert_eq!(sky.facing(), Direction::South);
            assert_eq!(earth.facing(), Direction::North);
        }
    }

    #[test]
    fn scenario_portals_match_the_box() {
        let [intro, valley] = scenarios();
        assert_eq!(intro.portal_rule, PortalRule::Twins);
        assert!(intro.portals.iter().all(|p| p.colour == PortalColour::Green));
        assert_eq!(intro.portals.len(), 2, "twins only: the red and blue portals stay in the box");
        assert_eq!(valley.portal_rule, PortalRule::Valley);
        let mut colours: Vec<_> = valley.portals.iter().map(|p| p.colour).collect();
        colours.sort();
        assert_eq!(colours, [PortalColour::Green, PortalColour::Green, PortalColour::Red, PortalColour::Blue]);
    }

    #[test]
    fn every_action_is_possible_at_the_start() {
        // A scenario plays well from the first turn: whatever the wheel decides, both
        // dragons can carry it out without touching a portal.
        for s in scenarios() {
            let occ = s.occupied();
            for d in &s.dragons {
                let blocked = |c: Cell| occ.contains(&c) && !d.cells.contains(&c);
                for t in WHEEL {
                    let r = reachable(d, t, blocked);
                    assert!(!r.is_empty(), "{}: {} cannot do {}", s.key, d.dragon, element_name(t));
                    assert!(r.iter().all(DragonBody::is_joined));
                }
            }
        }
    }

    #[test]
    fn introductory_dragon_has_a_curve() {
        let intro = scenario("introductory").unwrap();
        let poses = intro.dragon(Dragon::Sky).poses();
        let faces: Vec<_> = poses.iter().map(|p| p.face).collect();
        assert_eq!(faces, [None, Some(SegmentFace::Curve), Some(SegmentFace::Straight), Some(SegmentFace::Straight)]);
        assert_eq!(poses[0].front, Direction::South);
        assert_eq!(poses[1].back, Some(Direction::West));
    }

    #[test]
    fn steps_keep_the_body_joined() {
        let intro = scenario("introductory").unwrap();
        let sky = intro.dragon(Dragon::Sky);
        let none = |_: Cell| false;
        let moved = sky.stepped(Direction::South, none).unwrap();
        assert_eq!(moved.cells.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["c7", "c8", "c9", "b9"]);
        assert!(sky.stepped(Direction::North, none).is_none(), "the neck is in the way");
        // Sky: one or two squares south; north is its own body.
        let sky_moves = reachable(sky, Trigram::HEAVEN, none);
        assert_eq!(sky_moves.len(), 2);
        // Mountain leaves a dragon on the vertical axis still.
        assert_eq!(reachable(sky, Trigram::MOUNTAIN, none), vec![sky.clone()]);
        // Wind: south, then east or west.
        let heads: Vec<String> = reachable(sky, Trigram::WIND, none).iter().map(|b| b.head().to_string()).collect();
        assert_eq!(heads, ["d7", "b7"]);
        assert!(bites(Trigram::LAKE) && !bites(Trigram::FIRE) && !bites(Trigram::WATER));
    }
}
