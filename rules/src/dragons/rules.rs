//! Dragons of the Ba-Gua's board of human and its moves: the dragons, squares,
//! directions and axes, how a dragon's body follows its head, what each element lets
//! it reach, and the distance ruler. Pure data, no I/O.
//!
//! The rest of the game's facts sit beside it: [`super::wheel`] (the Ba-Gua wheel and
//! sowing), [`super::scenarios`] (the two setups), [`super::components`] (what is in
//! the box).
//!
//! # Designs made for this edition
//!
//! The seed's pictures are lost, so these points were designed here (docs/conventions.md, Dragons of the Ba-Gua) and
//! are printed in the rulebook as well:
//!
//! - **Board of human**: a 9 × 9 grid ([`BOARD_SIZE`]). Columns are lettered `a`–`i`
//!   from left to right, rows numbered `1`–`9` from the Earth dragon's side (bottom)
//!   to the Sky dragon's side (top). A 9 × 9 grid has a centre square for the rock,
//!   leaves each dragon (four squares long) room to turn, and keeps the two dragons
//!   within a few moves of each other. The *vertical axis* of the rules runs between
//!   the two players (north–south on the board), the *horizontal axis* along their edges.
//! - **Scenarios** ([`super::scenarios::scenarios`]): both are symmetric under a half turn of the board,
//!   so neither dragon starts nearer to anything than the other.
//!   - *Introductory*: the Sky dragon's head is on c8 facing south, its body bends at
//!     c9 and runs along the top row to its tail on a9; the Earth dragon mirrors it (head
//!     g2 facing north, tail i1). The rock stands on the centre square e5; the two green
//!     portals open on the side edges, a5 and i5. The red and blue portals stay in the box.
//!     (The first design, head c7 with the tail turned onto b9, gave the second player 59 %
//!     of 20,000 games between greedy bots; one row further back, the first player wins
//!     about half: see [`super::measured`].)
//!   - *The Valley*: the dragons start straight in the side columns (Sky head b6 facing
//!     south, tail b9; Earth head h4 facing north, tail h1). The rock still blocks the
//!     centre e5; the green portals sit on the two crests e8 and e2; the red portal opens
//!     at the west end of the valley (a5), the blue one at the east end (i5). Red and blue
//!     have no twin here: they lead to any free portal, for a fire or a water stone.
//! - **Distance ruler** ([`RULER_STRAIGHT`], [`RULER_SLANT`]): one strip with two faces.
//!   The *straight* face is laid from the mouth straight ahead and reads 2, 2, 1, 1, 1 on
//!   the first five squares; the *slant* face is laid from the mouth towards the square
//!   diagonally ahead (left or right) and reads 2, 1, 1 on the first three diagonal
//!   squares. A face stops at the first square holding any tile and at the board edge;
//!   a tile of the attacked dragon on that square is reached.
//! - **Readings of the seed's movement words** (see [`Movement`]): a move of two squares
//!   is two steps, each step moving the head one square and the last segment into the
//!   head's old square, so the body always stays joined. The head faces the way of its
//!   last step; the *axis* of a dragon is the axis its head faces along. Wind is one step
//!   along the vertical axis then one along the horizontal; Thunder the other way round.
//!   Lake moves one step any way when the dragon is on the vertical axis and stays still
//!   on the horizontal axis; Mountain the opposite.

use crate::core::trigram::Trigram;
use serde::Serialize;
use std::fmt;

/// Squares along each side of the board of human.
pub const BOARD_SIZE: u8 = 9;
/// Life points of a dragon: water stones on its life meter, at most.
pub const LIFE_MAX: u8 = 4;
/// Fire stones a dragon may hold, at most.
pub const FIRE_MAX: u8 = 4;
/// Segments behind each head.
pub const SEGMENTS: u8 = 3;
/// Ba-Gua stones of each colour.
pub const STONES_PER_COLOUR: u8 = 4;
/// Water stones in the game.
pub const WATER_STONES: u8 = 8;
/// Fire stones in the game.
pub const FIRE_STONES: u8 = 8;
/// Damage of a bite.
pub const BITE_DAMAGE: u8 = 1;

/// Values on the ruler's straight face, square 1 (next to the mouth) first.
pub const RULER_STRAIGHT: [u8; 5] = [2, 2, 1, 1, 1];
/// Values on the ruler's slant face, diagonal square 1 first.
pub const RULER_SLANT: [u8; 3] = [2, 1, 1];

/// The game's name for the element of a trigram: `sky` for heaven, otherwise the
/// trigram's own English name.
pub fn element_name(t: Trigram) -> &'static str {
    if t == Trigram::HEAVEN { "sky" } else { t.name() }
}

/// One of the two dragons.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dragon {
    /// Tianlong, the white dragon of the sky. Plays first.
    Sky,
    /// Dilong, the black dragon of the earth.
    Earth,
}

impl Dragon {
    /// Both dragons, the one who plays first first.
    pub const BOTH: [Dragon; 2] = [Dragon::Sky, Dragon::Earth];

    /// `sky` or `earth`.
    pub fn key(self) -> &'static str {
        match self {
            Dragon::Sky => "sky",
            Dragon::Earth => "earth",
        }
    }

    /// The dragon's own name.
    pub fn name(self) -> &'static str {
        match self {
            Dragon::Sky => "Tianlong",
            Dragon::Earth => "Dilong",
        }
    }

    /// The name in Chinese characters.
    pub fn chinese(self) -> &'static str {
        match self {
            Dragon::Sky => "天龍",
            Dragon::Earth => "地龍",
        }
    }

    /// The colour of its tiles and of its Ba-Gua stones.
    pub fn colour(self) -> StoneColour {
        match self {
            Dragon::Sky => StoneColour::White,
            Dragon::Earth => StoneColour::Black,
        }
    }

    pub fn opponent(self) -> Dragon {
        match self {
            Dragon::Sky => Dragon::Earth,
            Dragon::Earth => Dragon::Sky,
        }
    }
}

impl fmt::Display for Dragon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Colour of a Ba-Gua stone (and of a dragon).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StoneColour {
    White,
    Black,
}

impl StoneColour {
    pub fn key(self) -> &'static str {
        match self {
            StoneColour::White => "white",
            StoneColour::Black => "black",
        }
    }

    /// The dragon this colour belongs to.
    pub fn dragon(self) -> Dragon {
        match self {
            StoneColour::White => Dragon::Sky,
            StoneColour::Black => Dragon::Earth,
        }
    }
}

/// A direction on the board of human. North is the top of the printed board, the
/// Sky dragon's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    North,
    East,
    South,
    West,
}

/// The two axes of the board of human.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Axis {
    /// North–south: between the two players. Sky's axis.
    Vertical,
    /// East–west: along the players' edges. Earth's axis.
    Horizontal,
}

impl Axis {
    /// The two directions along this axis.
    pub fn directions(self) -> [Direction; 2] {
        match self {
            Axis::Vertical => [Direction::North, Direction::South],
            Axis::Horizontal => [Direction::East, Direction::West],
        }
    }

    pub fn other(self) -> Axis {
        match self {
            Axis::Vertical => Axis::Horizontal,
            Axis::Horizontal => Axis::Vertical,
        }
    }
}

impl Direction {
    pub const ALL: [Direction; 4] = [Direction::North, Direction::East, Direction::South, Direction::West];

    pub fn axis(self) -> Axis {
        match self {
            Direction::North | Direction::South => Axis::Vertical,
            Direction::East | Direction::West => Axis::Horizontal,
        }
    }

    pub fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }

    /// Column and row change of one step.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    /// Clockwise quarter turns from north, as drawn on the printed board (north up).
    pub fn quarter_turns(self) -> u8 {
        match self {
            Direction::North => 0,
            Direction::East => 1,
            Direction::South => 2,
            Direction::West => 3,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::East => "east",
            Direction::South => "south",
            Direction::West => "west",
        }
    }
}

/// A square of the board of human. `col` 0 is column `a` (west), `row` 0 is row `1`
/// (south, the Earth dragon's side).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    col: u8,
    row: u8,
}

impl Cell {
    /// The square a1, the board's south-west corner.
    pub const A1: Cell = Cell { col: 0, row: 0 };

    /// The square at 0-based `col`, `row`, if it is on the board.
    pub const fn new(col: u8, row: u8) -> Option<Cell> {
        if col < BOARD_SIZE && row < BOARD_SIZE { Some(Cell { col, row }) } else { None }
    }

    /// For the tables below: a square known to be on the board.
    pub const fn at(col: u8, row: u8) -> Cell {
        assert!(col < BOARD_SIZE && row < BOARD_SIZE);
        Cell { col, row }
    }

    /// Parses a name like `e5`.
    pub fn parse(name: &str) -> Option<Cell> {
        let mut chars = name.chars();
        let c = chars.next()?.to_ascii_lowercase();
        let r: u8 = chars.as_str().parse().ok()?;
        if !c.is_ascii_lowercase() || r == 0 {
            return None;
        }
        Cell::new(c as u8 - b'a', r - 1)
    }

    /// 0-based column, west to east.
    pub fn col(self) -> u8 {
        self.col
    }

    /// 0-based row, south to north.
    pub fn row(self) -> u8 {
        self.row
    }

    /// The square one step away, if it is on the board.
    pub fn step(self, d: Direction) -> Option<Cell> {
        let (dc, dr) = d.delta();
        let col = self.col.checked_add_signed(dc)?;
        let row = self.row.checked_add_signed(dr)?;
        Cell::new(col, row)
    }

    /// The square `dc` columns east and `dr` rows north of this one, if on the board.
    pub fn offset(self, dc: i8, dr: i8) -> Option<Cell> {
        Cell::new(self.col.checked_add_signed(dc)?, self.row.checked_add_signed(dr)?)
    }

    /// The direction from this square to an orthogonal neighbour.
    pub fn direction_to(self, other: Cell) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| self.step(d) == Some(other))
    }

    /// The same square after a half turn of the board.
    pub fn half_turn(self) -> Cell {
        Cell { col: BOARD_SIZE - 1 - self.col, row: BOARD_SIZE - 1 - self.row }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Colour of a portal tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PortalColour {
    Green,
    Red,
    Blue,
}

impl PortalColour {
    pub fn key(self) -> &'static str {
        match self {
            PortalColour::Green => "green",
            PortalColour::Red => "red",
            PortalColour::Blue => "blue",
        }
    }
}

/// The face a segment tile shows, which the player picks to keep the body joined.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SegmentFace {
    /// Joins two opposite edges.
    Straight,
    /// Joins two neighbouring edges.
    Curve,
}

/// One dragon on the board of human: its squares, head first, tail last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DragonBody {
    pub dragon: Dragon,
    pub cells: Vec<Cell>,
}

/// How one tile of a dragon lies: which face, and which edges it joins.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TilePose {
    pub cell: Cell,
    /// `None` for the head.
    pub face: Option<SegmentFace>,
    /// The edge towards the head (for the head: the way it faces).
    pub front: Direction,
    /// The edge towards the tail, `None` for the tail end.
    pub back: Option<Direction>,
}

impl DragonBody {
    pub fn head(&self) -> Cell {
        self.cells[0]
    }

    /// The way the head faces: away from its neck.
    pub fn facing(&self) -> Direction {
        self.cells[1].direction_to(self.cells[0]).expect("a dragon's squares are joined")
    }

    /// The axis the dragon is on: the one its head faces along.
    pub fn axis(&self) -> Axis {
        self.facing().axis()
    }

    /// Whether the squares form one joined chain of distinct squares on the board.
    pub fn is_joined(&self) -> bool {
        let distinct = self.cells.iter().enumerate().all(|(i, c)| !self.cells[..i].contains(c));
        distinct && self.cells.windows(2).all(|w| w[0].direction_to(w[1]).is_some())
    }

    /// Every tile's face and joining edges, head first.
    pub fn poses(&self) -> Vec<TilePose> {
        let n = self.cells.len();
        (0..n)
            .map(|i| {
                let cell = self.cells[i];
                let back = (i + 1 < n).then(|| cell.direction_to(self.cells[i + 1]).expect("joined"));
                if i == 0 {
                    return TilePose { cell, face: None, front: self.facing(), back };
                }
                let front = cell.direction_to(self.cells[i - 1]).expect("joined");
                let face = match back {
                    Some(b) if b != front.opposite() => SegmentFace::Curve,
                    _ => SegmentFace::Straight,
                };
                TilePose { cell, face: Some(face), front, back }
            })
            .collect()
    }

    /// One step of the head: the tail leaves the board first, the head moves one square
    /// `d`, the tail segment fills the head's old square. `None` when the square ahead
    /// is off the board or taken (by `blocked`, or by this dragon's body other than
    /// the tail that is leaving).
    pub fn stepped(&self, d: Direction, blocked: impl Fn(Cell) -> bool) -> Option<DragonBody> {
        let to = self.head().step(d)?;
        let keep = &self.cells[..self.cells.len() - 1];
        if blocked(to) || keep.contains(&to) {
            return None;
        }
        let mut cells = Vec::with_capacity(self.cells.len());
        cells.push(to);
        cells.extend_from_slice(keep);
        Some(DragonBody { dragon: self.dragon, cells })
    }
}

/// How an element moves the dragon in the matter phase.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Movement {
    /// One or two steps in a straight line along `axis` (sky: vertical, earth: horizontal).
    Straight { axis: Axis, max_steps: u8 },
    /// One step along `first`, then one along the other axis; then another spirit and
    /// matter phase, once per turn (wind: vertical first, thunder: horizontal first).
    Curve { first: Axis },
    /// One step any way when the dragon is on `moves_on`, still otherwise
    /// (lake: moves on the vertical axis, mountain: on the horizontal).
    Calm { moves_on: Axis },
    /// One step any way; then absorb or expel the element (fire, water).
    Surge,
}

/// The movement of the element of `t`.
pub fn movement(t: Trigram) -> Movement {
    match t {
        Trigram::HEAVEN => Movement::Straight { axis: Axis::Vertical, max_steps: 2 },
        Trigram::EARTH => Movement::Straight { axis: Axis::Horizontal, max_steps: 2 },
        Trigram::WIND => Movement::Curve { first: Axis::Vertical },
        Trigram::THUNDER => Movement::Curve { first: Axis::Horizontal },
        Trigram::LAKE => Movement::Calm { moves_on: Axis::Vertical },
        Trigram::MOUNTAIN => Movement::Calm { moves_on: Axis::Horizontal },
        _ => Movement::Surge,
    }
}

/// Whether the element's action ends with a bite check (all but fire and water).
pub fn bites(t: Trigram) -> bool {
    movement(t) != Movement::Surge
}

/// Every position the dragon can reach with the element of `t`, ignoring portals.
/// A still dragon (lake or mountain off its axis) reaches its own position.
/// Empty means the action is impossible.
pub fn reachable(body: &DragonBody, t: Trigram, blocked: impl Fn(Cell) -> bool + Copy) -> Vec<DragonBody> {
    let mut out = Vec::new();
    match movement(t) {
        Movement::Straight { axis, max_steps } => {
            for d in axis.directions() {
                let mut now = body.clone();
                for _ in 0..max_steps {
                    match now.stepped(d, blocked) {
                        Some(next) => {
                            out.push(next.clone());
                            now = next;
                        }
                        None => break,
                    }
                }
            }
        }
        Movement::Curve { first } => {
            for d in first.directions() {
                if let Some(mid) = body.stepped(d, blocked) {
                    for e in first.other().directions() {
                        out.extend(mid.stepped(e, blocked));
                    }
                }
            }
        }
        Movement::Calm { moves_on } => {
            if body.axis() == moves_on {
                out.extend(Direction::ALL.into_iter().filter_map(|d| body.stepped(d, blocked)));
            } else {
                out.push(body.clone());
            }
        }
        Movement::Surge => out.extend(Direction::ALL.into_iter().filter_map(|d| body.stepped(d, blocked))),
    }
    out
}

/// One square the ruler reaches, with its printed value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulerReach {
    pub cell: Cell,
    pub value: u8,
}

/// The squares each face of the ruler covers from a head at `head` facing `facing`:
/// the straight face ahead, and the slant face on each forward diagonal. A line stops
/// at the board edge and at the first square for which `tile` is true (that square
/// is included: a tile there is reached).
pub fn ruler_reach(head: Cell, facing: Direction, tile: impl Fn(Cell) -> bool) -> Vec<RulerReach> {
    let (fc, fr) = facing.delta();
    let mut lines: Vec<(i8, i8, &[u8])> = vec![(fc, fr, &RULER_STRAIGHT)];
    // The two forward diagonals: ahead plus one step to either side.
    let (sc, sr) = (fr, fc);
    lines.push((fc + sc, fr + sr, &RULER_SLANT));
    lines.push((fc - sc, fr - sr, &RULER_SLANT));
    let mut out = Vec::new();
    for (dc, dr, values) in lines {
        for (k, &value) in values.iter().enumerate() {
            let k = k as i8 + 1;
            let Some(cell) = head.offset(dc * k, dr * k) else { break };
            out.push(RulerReach { cell, value });
            if tile(cell) {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_name_and_parse() {
        assert_eq!(Cell::parse("e5").unwrap().to_string(), "e5");
        assert_eq!(Cell::parse("a1").unwrap(), Cell::new(0, 0).unwrap());
        assert_eq!(Cell::parse("i9").unwrap().half_turn().to_string(), "a1");
        for bad in ["", "j1", "a0", "a10", "5e"] {
            assert!(Cell::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(Cell::parse("e5").unwrap().step(Direction::North).unwrap().to_string(), "e6");
    }

    #[test]
    fn ruler_stops_at_tiles_and_edges() {
        let head = Cell::parse("e5").unwrap();
        let none = |_: Cell| false;
        let reach = ruler_reach(head, Direction::North, none);
        let straight: Vec<_> = reach.iter().filter(|r| r.cell.col() == 4).collect();
        assert_eq!(straight.len(), 4, "e6..e9, then the edge");
        assert_eq!(straight[0].value, RULER_STRAIGHT[0]);
        assert!(reach.iter().any(|r| r.cell.to_string() == "d6" && r.value == RULER_SLANT[0]));
        assert!(reach.iter().any(|r| r.cell.to_string() == "h8" && r.value == RULER_SLANT[2]));
        let wall = Cell::parse("e7").unwrap();
        let blocked = ruler_reach(head, Direction::North, |c| c == wall);
        assert!(blocked.iter().any(|r| r.cell == wall));
        assert!(!blocked.iter().any(|r| r.cell.to_string() == "e8"));
    }

    #[test]
    fn ruler_values_never_grow_with_distance() {
        for face in [&RULER_STRAIGHT[..], &RULER_SLANT[..]] {
            assert!(face.windows(2).all(|w| w[0] >= w[1]));
            assert!(face.iter().all(|&v| v >= 1));
        }
    }
}
