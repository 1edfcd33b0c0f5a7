//! The state of a game of Dragons of the Ba-Gua as the engine keeps it: both dragons (body,
//! facing, life, fire, segments, portal crossings), the wheel, the flux coin, the centre's
//! stones, the portals, and what the board holds square by square. Every piece of it is
//! `Copy`, so a search bot clones a state for nothing.

use super::rules::{BOARD_SIZE, Cell, Direction, Dragon, FIRE_STONES, LIFE_MAX, PortalColour, SEGMENTS, WATER_STONES};
use super::scenarios::{PortalRule, Scenario};
use super::wheel::{Flow, Space, starting_wheel};
use serde::Serialize;

/// Squares on the board.
pub const SQUARES: usize = BOARD_SIZE as usize * BOARD_SIZE as usize;

/// The most portals a scenario places.
pub const MAX_PORTALS: usize = 4;

/// The game modes, each adding to the one before: grasshopper (the plain game), monk (the
/// stones' colours make combinations), master (the flux coin turns the flow), the chosen
/// one (the master game played without the board of human: the engine is the players'
/// minds, so it plays exactly as master).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    Grasshopper,
    Monk,
    Master,
    ChosenOne,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Grasshopper, Mode::Monk, Mode::Master, Mode::ChosenOne];

    pub fn key(self) -> &'static str {
        match self {
            Mode::Grasshopper => "grasshopper",
            Mode::Monk => "monk",
            Mode::Master => "master",
            Mode::ChosenOne => "chosen-one",
        }
    }

    pub fn parse(s: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.key() == s)
    }

    /// Whether the stones' colours make focus and balance combinations.
    pub fn combinations(self) -> bool {
        self >= Mode::Monk
    }

    /// Whether the flux coin and the majorities turn the flow.
    pub fn flux(self) -> bool {
        self >= Mode::Master
    }
}

/// What one square of the board of human holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tile {
    Empty,
    Rock,
    /// A free portal, by its index in the scenario's portals.
    Portal(u8),
    /// A tile of this dragon's body.
    Body(Dragon),
    /// An occupied portal: a tile of the dragon crossing it.
    Gate(Dragon),
}

impl Tile {
    /// Whether this square holds a tile of `dragon` (its body or a portal it is crossing).
    pub fn of(self, dragon: Dragon) -> bool {
        matches!(self, Tile::Body(d) | Tile::Gate(d) if d == dragon)
    }
}

/// A portal crossing: the body runs from `cells[at]` (beside the portal it came out of,
/// `exit`) to `cells[at + 1]` (beside the portal it went into, `entered`) through the two
/// portals, which count as the dragon's tiles while the link lasts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub at: u8,
    pub entered: u8,
    pub exit: u8,
}

/// One dragon in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Beast {
    pub dragon: Dragon,
    /// Head first; `len` of them are on the board.
    pub cells: [Cell; 1 + SEGMENTS as usize],
    pub len: u8,
    /// The way the head faces: the way of its last step.
    pub facing: Direction,
    pub links: [Option<Link>; 2],
    /// Water stones on its life meter.
    pub life: u8,
    /// Fire stones in its fire row.
    pub fire: u8,
}

impl Beast {
    pub fn head(&self) -> Cell {
        self.cells[0]
    }

    pub fn tail(&self) -> Cell {
        self.cells[self.len as usize - 1]
    }

    /// Segments still behind the head.
    pub fn segments(&self) -> u8 {
        self.len - 1
    }

    pub fn body(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }

    /// Damage it can still take: life now, plus a full meter for each segment beyond the last.
    pub fn health(&self) -> u8 {
        (self.segments().saturating_sub(1)) * LIFE_MAX + self.life
    }

    /// Drops the crossings no longer joined to two of its tiles (their portals turn free).
    fn prune_links(&mut self) {
        for link in &mut self.links {
            if link.is_some_and(|l| l.at + 1 >= self.len) {
                *link = None;
            }
        }
    }

    /// One step: the tail leaves, the head goes to `to` facing `facing`, the tail's segment
    /// fills the head's old square; `through` is a new crossing (entered, exit).
    pub fn advance(&mut self, to: Cell, facing: Direction, through: Option<(u8, u8)>) {
        let n = self.len as usize;
        for i in (1..n).rev() {
            self.cells[i] = self.cells[i - 1];
        }
        self.cells[0] = to;
        self.facing = facing;
        for l in self.links.iter_mut().flatten() {
            l.at += 1;
        }
        self.prune_links();
        if let Some((entered, exit)) = through {
            let free = self.links.iter().position(Option::is_none).expect("at most two crossings");
            self.links[free] = Some(Link { at: 0, entered, exit });
        }
    }

    /// The tail segment taken off for good.
    fn lose_segment(&mut self) {
        self.len -= 1;
        self.prune_links();
    }
}

/// A portal on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Portal {
    pub colour: PortalColour,
    pub cell: Cell,
}

/// The whole game state (apart from the flow of turns, kept by [`super::Dragons`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub beasts: [Beast; 2],
    pub rock: Option<Cell>,
    pub portals: [Portal; MAX_PORTALS],
    pub portal_count: u8,
    pub portal_rule: PortalRule,
    pub wheel: [Space; 8],
    pub coin: Flow,
    pub centre_water: u8,
    pub centre_fire: u8,
}

fn index(c: Cell) -> usize {
    c.row() as usize * BOARD_SIZE as usize + c.col() as usize
}

impl Board {
    /// The board of a scenario at the start.
    pub fn new(s: &Scenario) -> Board {
        let beast = |d: Dragon| {
            let body = s.dragon(d);
            let mut cells = [body.cells[0]; 1 + SEGMENTS as usize];
            cells[..body.cells.len()].copy_from_slice(&body.cells);
            Beast {
                dragon: d,
                cells,
                len: body.cells.len() as u8,
                facing: body.facing(),
                links: [None; 2],
                life: LIFE_MAX,
                fire: 0,
            }
        };
        let filler = Portal { colour: PortalColour::Green, cell: Cell::new(0, 0).expect("a1") };
        let mut portals = [filler; MAX_PORTALS];
        for (slot, p) in portals.iter_mut().zip(&s.portals) {
            *slot = Portal { colour: p.colour, cell: p.cell };
        }
        Board {
            beasts: [beast(Dragon::Sky), beast(Dragon::Earth)],
            rock: s.rock,
            portals,
            portal_count: s.portals.len() as u8,
            portal_rule: s.portal_rule,
            wheel: starting_wheel(),
            coin: Flow::CounterClockwise,
            centre_water: WATER_STONES - 2 * LIFE_MAX,
            centre_fire: FIRE_STONES,
        }
    }

    pub fn beast(&self, d: Dragon) -> &Beast {
        &self.beasts[d as usize]
    }

    pub fn beast_mut(&mut self, d: Dragon) -> &mut Beast {
        &mut self.beasts[d as usize]
    }

    pub fn portals(&self) -> &[Portal] {
        &self.portals[..self.portal_count as usize]
    }

    /// The dragon crossing portal `p`, if one is.
    pub fn crossing(&self, p: u8) -> Option<Dragon> {
        self.beasts.iter().find(|b| b.links.iter().flatten().any(|l| l.entered == p || l.exit == p)).map(|b| b.dragon)
    }

    /// What every square holds.
    pub fn grid(&self) -> Grid {
        let mut g = Grid([Tile::Empty; SQUARES]);
        if let Some(r) = self.rock {
            g.set(r, Tile::Rock);
        }
        for (i, p) in self.portals().iter().enumerate() {
            g.set(p.cell, Tile::Portal(i as u8));
        }
        for b in &self.beasts {
            for &c in b.body() {
                g.set(c, Tile::Body(b.dragon));
            }
            for l in b.links.iter().flatten() {
                g.set(self.portals[l.entered as usize].cell, Tile::Gate(b.dragon));
                g.set(self.portals[l.exit as usize].cell, Tile::Gate(b.dragon));
            }
        }
        g
    }

    /// Deals `n` damage to `d`, a water stone to the centre a point; an empty meter costs
    /// the tail segment and is refilled from the centre. Returns the segments lost.
    pub fn hurt(&mut self, d: Dragon, n: u8) -> u8 {
        let mut lost = 0;
        for _ in 0..n {
            let b = &mut self.beasts[d as usize];
            if b.segments() == 0 {
                break;
            }
            b.life -= 1;
            self.centre_water += 1;
            if b.life == 0 {
                b.lose_segment();
                lost += 1;
                if b.segments() > 0 {
                    b.life = LIFE_MAX;
                    self.centre_water -= LIFE_MAX;
                }
            }
        }
        lost
    }

    /// The defeated dragon, if one is.
    pub fn defeated(&self) -> Option<Dragon> {
        self.beasts.iter().find(|b| b.segments() == 0).map(|b| b.dragon)
    }
}

/// What the board holds, square by square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Grid(pub [Tile; SQUARES]);

impl Grid {
    pub fn at(&self, c: Cell) -> Tile {
        self.0[index(c)]
    }

    pub fn set(&mut self, c: Cell, t: Tile) {
        self.0[index(c)] = t;
    }
}
