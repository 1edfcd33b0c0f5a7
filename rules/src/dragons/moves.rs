//! How a dragon moves on the board of human as the engine plays it: a step (onto a free
//! square, or through a free portal and out beside the portal it leads to), the moves each
//! element allows as paths of steps, the bite, and the ranged attack with the ruler.

use super::rules::{Axis, Cell, Direction, Dragon, Movement, PortalColour, movement, ruler_reach};
use super::scenarios::PortalRule;
use super::state::{Board, Grid, Tile};
use crate::core::trigram::Trigram;
use std::fmt;

/// One step of the head.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Onto a free square.
    To(Cell),
    /// Into the free portal on `enter`, out of the portal on `exit`, the head on `to`
    /// beside it, facing away from it.
    Through { enter: Cell, exit: Cell, to: Cell },
}

/// The steps of one move, in order: none (a dragon that stays still), one or two.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    steps: [Step; 2],
    len: u8,
}

impl Path {
    pub const STILL: Path = Path { steps: [Step::To(Cell::A1); 2], len: 0 };

    pub fn of(steps: &[Step]) -> Path {
        let mut p = Path::STILL;
        for (slot, s) in p.steps.iter_mut().zip(steps) {
            *slot = *s;
        }
        p.len = steps.len().min(2) as u8;
        p
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    fn then(self, s: Step) -> Path {
        let mut p = self;
        p.steps[p.len as usize] = s;
        p.len += 1;
        p
    }

    /// Whether any step goes through a portal.
    pub fn through_portal(&self) -> bool {
        self.steps().iter().any(|s| matches!(s, Step::Through { .. }))
    }

    /// The steps as a record writes them: `"c6"`, or `"a5>i5>h5"` through a portal (the
    /// portal entered, the portal left, the head's square).
    pub fn words(&self) -> Vec<String> {
        self.steps()
            .iter()
            .map(|s| match *s {
                Step::To(c) => c.to_string(),
                Step::Through { enter, exit, to } => format!("{enter}>{exit}>{to}"),
            })
            .collect()
    }

    /// Reads the words of [`Path::words`] back.
    pub fn parse(words: &[String]) -> Option<Path> {
        if words.len() > 2 {
            return None;
        }
        let mut steps = Vec::new();
        for w in words {
            let parts: Vec<&str> = w.split('>').collect();
            steps.push(match parts[..] {
                [c] => Step::To(Cell::parse(c)?),
                [a, b, c] => Step::Through { enter: Cell::parse(a)?, exit: Cell::parse(b)?, to: Cell::parse(c)? },
                _ => return None,
            });
        }
        Some(Path::of(&steps))
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("still");
        }
        f.write_str(&self.words().join(", "))
    }
}

/// The portals a dragon entering free portal `p` may come out of, with the price it pays
/// (the red portal of the Valley costs a fire stone, the blue one a water stone).
fn exits(board: &Board, tile: &impl Fn(Cell) -> Tile, dragon: Dragon, p: u8) -> ([u8; 4], usize) {
    let mut out = [0u8; 4];
    let mut n = 0;
    let entered = board.portals[p as usize];
    let beast = board.beast(dragon);
    let any = board.portal_rule == PortalRule::Valley && entered.colour != PortalColour::Green;
    let payable = match (any, entered.colour) {
        (false, _) => true,
        (true, PortalColour::Red) => beast.fire >= 1,
        (true, _) => beast.life >= 2,
    };
    if !payable {
        return (out, 0);
    }
    for (q, portal) in board.portals().iter().enumerate() {
        let q = q as u8;
        let fits = q != p && (any || portal.colour == entered.colour);
        if fits && tile(portal.cell) == Tile::Portal(q) {
            out[n] = q;
            n += 1;
        }
    }
    (out, n)
}

/// Every way the head of `dragon` can make one step in direction `dir`, with the board
/// after it. The tail leaves first, so the head may take the square it frees.
pub fn steps(board: &Board, dragon: Dragon, dir: Direction, out: &mut Vec<(Step, Board)>) {
    steps_on(board, &board.grid(), dragon, dir, out);
}

/// [`steps`] with the board's grid already drawn.
fn steps_on(board: &Board, grid: &Grid, dragon: Dragon, dir: Direction, out: &mut Vec<(Step, Board)>) {
    let beast = board.beast(dragon);
    let Some(to) = beast.head().step(dir) else { return };
    // The tail leaves first: its square is free, and a crossing joined only to the tail
    // frees both its portals.
    let tail = beast.tail();
    let mut freed = [u8::MAX; 4];
    for l in beast.links.iter().flatten() {
        if l.at + 2 >= beast.len {
            freed[0] = l.entered;
            freed[1] = l.exit;
        }
    }
    let tile = |c: Cell| {
        if c == tail {
            return Tile::Empty;
        }
        match grid.at(c) {
            Tile::Gate(owner) => {
                let i = board.portals().iter().position(|p| p.cell == c).expect("a gate is a portal") as u8;
                if owner == dragon && freed.contains(&i) { Tile::Portal(i) } else { Tile::Gate(owner) }
            }
            t => t,
        }
    };
    match tile(to) {
        Tile::Empty => {
            let mut next = *board;
            next.beast_mut(dragon).advance(to, dir, None);
            out.push((Step::To(to), next));
        }
        Tile::Portal(p) => {
            let (qs, n) = exits(board, &tile, dragon, p);
            for &q in &qs[..n] {
                let from = board.portals[q as usize].cell;
                for d in Direction::ALL {
                    let Some(head) = from.step(d) else { continue };
                    if tile(head) != Tile::Empty {
                        continue;
                    }
                    let mut next = *board;
                    pay(&mut next, dragon, p);
                    next.beast_mut(dragon).advance(head, d, Some((p, q)));
                    let (enter, exit) = (board.portals[p as usize].cell, from);
                    out.push((Step::Through { enter, exit, to: head }, next));
                }
            }
        }
        _ => {}
    }
}

/// Whether the head of `dragon` can step in direction `dir` at all.
fn can_step(board: &Board, grid: &Grid, dragon: Dragon, dir: Direction) -> bool {
    let beast = board.beast(dragon);
    let Some(to) = beast.head().step(dir) else { return false };
    if to == beast.tail() {
        return true;
    }
    match grid.at(to) {
        Tile::Empty => true,
        Tile::Portal(_) | Tile::Gate(_) => {
            let mut buf = Vec::new();
            steps_on(board, grid, dragon, dir, &mut buf);
            !buf.is_empty()
        }
        _ => false,
    }
}

/// The Valley's price for entering portal `p`.
fn pay(board: &mut Board, dragon: Dragon, p: u8) {
    if board.portal_rule != PortalRule::Valley {
        return;
    }
    match board.portals[p as usize].colour {
        PortalColour::Green => {}
        PortalColour::Red => {
            board.beast_mut(dragon).fire -= 1;
            board.centre_fire += 1;
        }
        PortalColour::Blue => {
            board.beast_mut(dragon).life -= 1;
            board.centre_water += 1;
        }
    }
}

/// Every move the element of `t` allows `dragon`, with the board after it. Empty: the
/// action is impossible. A dragon that stays still (Lake or Mountain off its axis) has one
/// move, the still one.
pub fn paths(board: &Board, dragon: Dragon, t: Trigram) -> Vec<(Path, Board)> {
    let mut out = Vec::new();
    let mut first = Vec::new();
    let mut second = Vec::new();
    let grid = board.grid();
    let single = |dirs: &[Direction], out: &mut Vec<(Path, Board)>, buf: &mut Vec<(Step, Board)>| {
        for &d in dirs {
            buf.clear();
            steps_on(board, &grid, dragon, d, buf);
            out.extend(buf.drain(..).map(|(s, b)| (Path::STILL.then(s), b)));
        }
    };
    match movement(t) {
        Movement::Straight { axis, max_steps } => {
            for d in axis.directions() {
                first.clear();
                steps_on(board, &grid, dragon, d, &mut first);
                for &(s1, b1) in &first {
                    out.push((Path::STILL.then(s1), b1));
                    if max_steps > 1 {
                        second.clear();
                        steps(&b1, dragon, d, &mut second);
                        out.extend(second.iter().map(|&(s2, b2)| (Path::STILL.then(s1).then(s2), b2)));
                    }
                }
            }
        }
        Movement::Curve { first: axis } => {
            for d in axis.directions() {
                first.clear();
                steps_on(board, &grid, dragon, d, &mut first);
                for &(s1, b1) in &first {
                    for e in axis.other().directions() {
                        second.clear();
                        steps(&b1, dragon, e, &mut second);
                        out.extend(second.iter().map(|&(s2, b2)| (Path::STILL.then(s1).then(s2), b2)));
                    }
                }
            }
        }
        Movement::Calm { moves_on } => {
            if board.beast(dragon).facing.axis() == moves_on {
                single(&Direction::ALL, &mut out, &mut first);
            } else {
                out.push((Path::STILL, *board));
            }
        }
        Movement::Surge => single(&Direction::ALL, &mut out, &mut first),
    }
    out
}

/// Whether the element of `t` is possible for `dragon` (some move exists).
pub fn possible(board: &Board, dragon: Dragon, t: Trigram) -> bool {
    let on = board.beast(dragon).facing.axis();
    let grid = board.grid();
    let any = |dirs: &[Direction]| dirs.iter().any(|&d| can_step(board, &grid, dragon, d));
    match movement(t) {
        Movement::Straight { axis, .. } => any(&axis.directions()),
        Movement::Calm { moves_on } => on != moves_on || any(&Direction::ALL),
        Movement::Surge => any(&Direction::ALL),
        Movement::Curve { first } => any(&first.directions()) && !paths(board, dragon, t).is_empty(),
    }
}

/// Whether `dragon`'s mouth is against a tile of the other dragon.
pub fn bite(board: &Board, dragon: Dragon) -> bool {
    let b = board.beast(dragon);
    b.head().step(b.facing).is_some_and(|front| board.grid().at(front).of(dragon.opponent()))
}

/// The highest ruler value on a square holding a tile of the other dragon, if the ruler
/// reaches it at all (lines stop at the edge and at the first tile of any kind).
pub fn ruler_value(board: &Board, dragon: Dragon) -> Option<u8> {
    let b = board.beast(dragon);
    let grid = board.grid();
    let reach = ruler_reach(b.head(), b.facing, |c| grid.at(c) != Tile::Empty);
    reach.iter().filter(|r| grid.at(r.cell).of(dragon.opponent())).map(|r| r.value).max()
}

/// Squares between two heads, along the axes.
pub fn distance(a: Cell, b: Cell) -> u8 {
    a.col().abs_diff(b.col()) + a.row().abs_diff(b.row())
}

/// The axis a dragon is on.
pub fn axis(board: &Board, dragon: Dragon) -> Axis {
    board.beast(dragon).facing.axis()
}
