//! Dragons of the Ba-Gua: the game's facts as data, with no I/O.
//!
//! Everything the renderer, the rulebook and the tests need to know about the game
//! lives here: the components and their counts (from the seed's list), the Ba-Gua
//! wheel in Earlier Heaven order, the board of human, the two scenario setups, the
//! distance ruler, and the few rules that are pure arithmetic (sowing on the wheel,
//! the flow of the master mode, how a dragon's body follows its head).
//!
//! # Designs made for this edition
//!
//! The seed's pictures are lost, so these points were designed here (SPEC §6) and
//! are printed in the rulebook as well:
//!
//! - **Board of human**: a 9 × 9 grid ([`BOARD_SIZE`]). Columns are lettered `a`–`i`
//!   from left to right, rows numbered `1`–`9` from the Earth dragon's side (bottom)
//!   to the Sky dragon's side (top). A 9 × 9 grid has a centre square for the rock,
//!   leaves each dragon (four squares long) room to turn, and keeps the two dragons
//!   within a few moves of each other. The *vertical axis* of the rules runs between
//!   the two players (north–south on the board), the *horizontal axis* along their edges.
//! - **Scenarios** ([`SCENARIOS`]): both are symmetric under a half turn of the board,
//!   so neither dragon starts nearer to anything than the other.
//!   - *Introductory*: the Sky dragon lies along column c with its head on c7 facing
//!     south and its tail turned onto b9; the Earth dragon mirrors it (head g3 facing
//!     north, tail h1). The rock stands on the centre square e5; the two green portals
//!     open on the side edges, a5 and i5. The red and blue portals stay in the box.
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

/// The eight spaces of the Ba-Gua wheel in Earlier Heaven (Fu Xi) order, listed
/// counter-clockwise as drawn: heaven at the top, then lake, fire, thunder, earth at
/// the bottom, mountain, water, wind. Opposite spaces (index `i` and `i + 4`) are
/// complements: heaven/earth, lake/mountain, fire/water, thunder/wind.
pub const WHEEL: [Trigram; 8] = [
    Trigram::HEAVEN,
    Trigram::LAKE,
    Trigram::FIRE,
    Trigram::THUNDER,
    Trigram::EARTH,
    Trigram::MOUNTAIN,
    Trigram::WATER,
    Trigram::WIND,
];

/// Where `t` sits on [`WHEEL`].
pub fn wheel_index(t: Trigram) -> usize {
    WHEEL.iter().position(|&w| w == t).expect("every trigram is on the wheel")
}

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
    /// The square at 0-based `col`, `row`, if it is on the board.
    pub const fn new(col: u8, row: u8) -> Option<Cell> {
        if col < BOARD_SIZE && row < BOARD_SIZE { Some(Cell { col, row }) } else { None }
    }

    /// For the tables below: a square known to be on the board.
    const fn at(col: u8, row: u8) -> Cell {
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

    /// The stone a dragon returns to the centre to use this portal in the Valley
    /// (red: fire, blue: water); none for green.
    pub fn valley_cost(self) -> Option<Trigram> {
        match self {
            PortalColour::Green => None,
            PortalColour::Red => Some(Trigram::FIRE),
            PortalColour::Blue => Some(Trigram::WATER),
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

/// Which way stones travel round the wheel.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flow {
    /// The normal flow, and the flux coin's starting face.
    CounterClockwise,
    Clockwise,
}

impl Flow {
    pub fn flipped(self) -> Flow {
        match self {
            Flow::CounterClockwise => Flow::Clockwise,
            Flow::Clockwise => Flow::CounterClockwise,
        }
    }

    /// The wheel index one space on from `i`.
    pub fn next(self, i: usize) -> usize {
        match self {
            Flow::CounterClockwise => (i + 1) % 8,
            Flow::Clockwise => (i + 7) % 8,
        }
    }
}

/// Ba-Gua stones on one space of the wheel.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Space {
    pub white: u8,
    pub black: u8,
}

impl Space {
    pub fn total(self) -> u8 {
        self.white + self.black
    }

    /// The master mode's flow of this space: white majority clockwise, black majority
    /// counter-clockwise, a tie as the flux coin shows.
    pub fn master_flow(self, coin: Flow) -> Flow {
        match self.white.cmp(&self.black) {
            std::cmp::Ordering::Greater => Flow::Clockwise,
            std::cmp::Ordering::Less => Flow::CounterClockwise,
            std::cmp::Ordering::Equal => coin,
        }
    }
}

/// The wheel at the start of every game: 2 white stones on heaven, 2 black on earth,
/// one of each on water and on fire. Indexed like [`WHEEL`].
pub fn starting_wheel() -> [Space; 8] {
    let mut w = [Space::default(); 8];
    w[wheel_index(Trigram::HEAVEN)] = Space { white: 2, black: 0 };
    w[wheel_index(Trigram::EARTH)] = Space { white: 0, black: 2 };
    w[wheel_index(Trigram::WATER)] = Space { white: 1, black: 1 };
    w[wheel_index(Trigram::FIRE)] = Space { white: 1, black: 1 };
    w
}

/// Sows the stones of space `from` one by one on the following spaces in `flow`,
/// the sower choosing the colours in `order` (the stones taken, in the order they
/// are dropped). Returns the new wheel and the index of the last space, whose
/// element is the action; `None` if `from` is empty or `order` is not exactly the
/// stones taken.
pub fn sow(wheel: [Space; 8], from: usize, flow: Flow, order: &[StoneColour]) -> Option<([Space; 8], usize)> {
    let taken = wheel[from];
    let whites = order.iter().filter(|&&c| c == StoneColour::White).count();
    if taken.total() == 0 || order.len() != taken.total() as usize || whites != taken.white as usize {
        return None;
    }
    let mut w = wheel;
    w[from] = Space::default();
    let mut at = from;
    for c in order {
        at = flow.next(at);
        match c {
            StoneColour::White => w[at].white += 1,
            StoneColour::Black => w[at].black += 1,
        }
    }
    Some((w, at))
}

/// The monk mode's combinations a colour can make on the wheel.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Combination {
    /// All four stones of the colour on one space: that dragon performs its action.
    Focus { colour: StoneColour, space: usize },
    /// One stone of the colour on each of heaven, earth, fire and water: that dragon
    /// matches its water and fire to its opponent's.
    Balance { colour: StoneColour },
}

/// The combinations present on `wheel`.
pub fn combinations(wheel: &[Space; 8]) -> Vec<Combination> {
    let mut out = Vec::new();
    for colour in [StoneColour::White, StoneColour::Black] {
        let n = |s: &Space| if colour == StoneColour::White { s.white } else { s.black };
        if let Some(space) = wheel.iter().position(|s| n(s) == STONES_PER_COLOUR) {
            out.push(Combination::Focus { colour, space });
        }
        let main = [Trigram::HEAVEN, Trigram::EARTH, Trigram::FIRE, Trigram::WATER];
        if main.iter().all(|&t| n(&wheel[wheel_index(t)]) == 1) {
            out.push(Combination::Balance { colour });
        }
    }
    out
}

/// What a component is, for the sheets that print it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A large board, printed on its own page(s).
    Board,
    /// A square tile the size of a square of the board of human.
    Tile,
    /// A round token.
    Token,
    /// The long distance ruler.
    Ruler,
}

/// One kind of component, as listed in the box.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Component {
    /// Stable id, also the stem of its files (`dragon-white-head`).
    pub key: &'static str,
    /// Name in the rulebook's component list.
    pub name: &'static str,
    /// How many the game has.
    pub quantity: u8,
    /// The seed's line this component counts towards (`dragon tiles`, `portal tiles`…).
    pub group: &'static str,
    pub shape: Shape,
    /// The faces printed for it; two faces are printed side by side to fold and glue.
    pub faces: &'static [&'static str],
}

impl Component {
    /// Whether the piece has two different faces (printed to fold and glue).
    pub fn two_faced(&self) -> bool {
        self.faces.len() == 2
    }
}

const fn comp(
    key: &'static str,
    name: &'static str,
    quantity: u8,
    group: &'static str,
    shape: Shape,
    faces: &'static [&'static str],
) -> Component {
    Component { key, name, quantity, group, shape, faces }
}

/// Every component, with the seed's counts.
pub const COMPONENTS: [Component; 16] = [
    comp("board-human", "Board of human (9 × 9)", 1, "board of human", Shape::Board, &["board"]),
    comp("board-bagua", "Board of Ba-Gua", 1, "board of ba-gua", Shape::Board, &["board"]),
    comp("bagua-stone-white", "Ba-Gua stone, white", 4, "ba-gua stones", Shape::Token, &["face"]),
    comp("bagua-stone-black", "Ba-Gua stone, black", 4, "ba-gua stones", Shape::Token, &["face"]),
    comp("dragon-white-head", "Tianlong head (white)", 1, "dragon tiles", Shape::Tile, &["alive", "defeated"]),
    comp("dragon-white-segment", "Tianlong segment (white)", 3, "dragon tiles", Shape::Tile, &["straight", "curve"]),
    comp("dragon-black-head", "Dilong head (black)", 1, "dragon tiles", Shape::Tile, &["alive", "defeated"]),
    comp("dragon-black-segment", "Dilong segment (black)", 3, "dragon tiles", Shape::Tile, &["straight", "curve"]),
    comp("water-stone", "Water stone", WATER_STONES, "water stones", Shape::Token, &["face"]),
    comp("fire-stone", "Fire stone", FIRE_STONES, "fire stones", Shape::Token, &["face"]),
    comp("distance-ruler", "Distance ruler", 1, "distance ruler", Shape::Ruler, &["straight", "slant"]),
    comp("rock", "Rock tile", 1, "rock tile", Shape::Tile, &["face"]),
    comp("portal-green", "Portal tile, green", 2, "portal tiles", Shape::Tile, &["free", "occupied"]),
    comp("portal-red", "Portal tile, red", 1, "portal tiles", Shape::Tile, &["free", "occupied"]),
    comp("portal-blue", "Portal tile, blue", 1, "portal tiles", Shape::Tile, &["free", "occupied"]),
    comp("flux-coin", "Flux coin", 1, "flux coin", Shape::Token, &["counter-clockwise", "clockwise"]),
];

/// The component with this key.
pub fn component(key: &str) -> Option<&'static Component> {
    COMPONENTS.iter().find(|c| c.key == key)
}

/// How many pieces count towards one of the seed's lines (`dragon tiles` → 8).
pub fn group_total(group: &str) -> u32 {
    COMPONENTS.iter().filter(|c| c.group == group).map(|c| c.quantity as u32).sum()
}

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
                body(Dragon::Sky, &[at(C, r(7)), at(C, r(8)), at(C, r(9)), at(B, r(9))]),
                body(Dragon::Earth, &[at(G, r(3)), at(G, r(2)), at(G, r(1)), at(H, r(1))]),
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

    /// The seed's component list, line by line: (group, count).
    const SEED_COUNTS: [(&str, u32); 11] = [
        ("board of human", 1),
        ("board of ba-gua", 1),
        ("ba-gua stones", 8),
        ("dragon tiles", 8),
        ("water stones", 8),
        ("fire stones", 8),
        ("distance ruler", 1),
        ("rock tile", 1),
        ("portal tiles", 4),
        ("flux coin", 1),
        // The life meter starts with 4 water stones per dragon: all 8.
        ("water stones", 2 * LIFE_MAX as u32),
    ];

    #[test]
    fn component_counts_match_the_seed() {
        for (group, n) in SEED_COUNTS {
            assert_eq!(group_total(group), n, "{group}");
        }
        let groups: std::collections::BTreeSet<_> = COMPONENTS.iter().map(|c| c.group).collect();
        assert_eq!(groups.len(), 10);
        // Each dragon: one head and three segments of its colour.
        for colour in ["white", "black"] {
            assert_eq!(component(&format!("dragon-{colour}-head")).unwrap().quantity, 1);
            assert_eq!(component(&format!("dragon-{colour}-segment")).unwrap().quantity, SEGMENTS);
            assert_eq!(component(&format!("bagua-stone-{colour}")).unwrap().quantity, STONES_PER_COLOUR);
        }
        let portals = [("green", 2), ("red", 1), ("blue", 1)];
        for (colour, n) in portals {
            assert_eq!(component(&format!("portal-{colour}")).unwrap().quantity, n);
        }
    }

    #[test]
    fn wheel_is_earlier_heaven_with_opposites_facing() {
        assert_eq!(WHEEL[0], Trigram::HEAVEN, "heaven at the top");
        assert_eq!(WHEEL[4], Trigram::EARTH, "earth opposite");
        for i in 0..4 {
            assert_eq!(WHEEL[i].complement(), WHEEL[i + 4], "{} faces its complement", WHEEL[i]);
        }
        let fire = wheel_index(Trigram::FIRE);
        assert_eq!(WHEEL[(fire + 4) % 8], Trigram::WATER);
        let mut all = WHEEL.to_vec();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 8);
    }

    #[test]
    fn setup_wheel_has_all_eight_stones() {
        let w = starting_wheel();
        assert_eq!(w.iter().map(|s| s.white).sum::<u8>(), STONES_PER_COLOUR);
        assert_eq!(w.iter().map(|s| s.black).sum::<u8>(), STONES_PER_COLOUR);
        assert_eq!(w[wheel_index(Trigram::HEAVEN)], Space { white: 2, black: 0 });
    }

    #[test]
    fn sowing_goes_counter_clockwise_and_names_the_action() {
        use StoneColour::*;
        let w = starting_wheel();
        // Heaven's two stones fall on lake and fire: the action is fire.
        let (after, last) = sow(w, 0, Flow::CounterClockwise, &[White, White]).unwrap();
        assert_eq!(WHEEL[last], Trigram::FIRE);
        assert_eq!(after[0].total(), 0);
        assert_eq!(after[wheel_index(Trigram::FIRE)], Space { white: 2, black: 1 });
        // Clockwise from heaven the next spaces are wind and water.
        let (_, last) = sow(w, 0, Flow::Clockwise, &[White, White]).unwrap();
        assert_eq!(WHEEL[last], Trigram::WATER);
        assert!(sow(w, 1, Flow::CounterClockwise, &[]).is_none(), "empty space");
        assert!(sow(w, 0, Flow::CounterClockwise, &[Black, White]).is_none(), "wrong colours");
    }

    #[test]
    fn master_flow_follows_the_majority() {
        let coin = Flow::CounterClockwise;
        assert_eq!(Space { white: 2, black: 1 }.master_flow(coin), Flow::Clockwise);
        assert_eq!(Space { white: 0, black: 1 }.master_flow(coin), Flow::CounterClockwise);
        assert_eq!(Space { white: 1, black: 1 }.master_flow(coin.flipped()), Flow::Clockwise);
    }

    #[test]
    fn combinations_are_found() {
        let mut w = [Space::default(); 8];
        w[3].white = 4;
        for t in [Trigram::HEAVEN, Trigram::EARTH, Trigram::FIRE, Trigram::WATER] {
            w[wheel_index(t)].black = 1;
        }
        let found = combinations(&w);
        assert!(found.contains(&Combination::Focus { colour: StoneColour::White, space: 3 }));
        assert!(found.contains(&Combination::Balance { colour: StoneColour::Black }));
        assert!(combinations(&starting_wheel()).is_empty());
    }

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
        assert_eq!(faces, [None, Some(SegmentFace::Straight), Some(SegmentFace::Curve), Some(SegmentFace::Straight)]);
        assert_eq!(poses[0].front, Direction::South);
        assert_eq!(poses[2].back, Some(Direction::West));
    }

    #[test]
    fn steps_keep_the_body_joined() {
        let intro = scenario("introductory").unwrap();
        let sky = intro.dragon(Dragon::Sky);
        let none = |_: Cell| false;
        let moved = sky.stepped(Direction::South, none).unwrap();
        assert_eq!(moved.cells.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["c6", "c7", "c8", "c9"]);
        assert!(sky.stepped(Direction::North, none).is_none(), "the neck is in the way");
        // Sky: one or two squares south; north is its own body.
        let sky_moves = reachable(sky, Trigram::HEAVEN, none);
        assert_eq!(sky_moves.len(), 2);
        // Mountain leaves a dragon on the vertical axis still.
        assert_eq!(reachable(sky, Trigram::MOUNTAIN, none), vec![sky.clone()]);
        // Wind: south, then east or west.
        let heads: Vec<String> = reachable(sky, Trigram::WIND, none).iter().map(|b| b.head().to_string()).collect();
        assert_eq!(heads, ["d6", "b6"]);
        assert!(bites(Trigram::LAKE) && !bites(Trigram::FIRE) && !bites(Trigram::WATER));
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
