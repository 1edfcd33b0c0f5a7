//! Zhi Pai (SPEC §3): the exact shortest-sequence search (A*).

use super::rules::{
    Game, Link, Placement, Position, Setup, Side, TrigramSet, ZhiPaiError, activate, link, shared_trigram,
};
use crate::core::hexagram::Hexagram;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

/// A finished sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub placements: Vec<Placement>,
    pub finish: Link,
    /// The whole line, left to right.
    pub sequence: Vec<Hexagram>,
}

/// Per-hexagram link masks, by King Wen index (bit `n - 1` = card `n`), derived once
/// from the rule functions above.
struct Tables {
    hexagram: [Hexagram; 64],
    /// Conditions 1 or 2: links that spend nothing.
    free: [u64; 64],
    same_lower: [u64; 64],
    same_upper: [u64; 64],
    /// By trigram bits: the cards with that trigram, lower or upper.
    with_trigram: [u64; 8],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let hexagram: [Hexagram; 64] = std::array::from_fn(|i| Hexagram::from_number(i as i64 + 1).expect("1..=64"));
        let mask = |f: &dyn Fn(Hexagram, Hexagram) -> bool| -> [u64; 64] {
            std::array::from_fn(|i| (0..64).filter(|&j| f(hexagram[i], hexagram[j])).fold(0, |m, j| m | 1 << j))
        };
        let everything = TrigramSet(u8::MAX);
        Tables {
            hexagram,
            free: mask(&|a, b| link(a, b, TrigramSet::EMPTY).is_some()),
            same_lower: mask(&|a, b| {
                matches!(shared_trigram(a, b), Some((Position::Lower, _))) && link(a, b, everything).is_some()
            }),
            same_upper: mask(&|a, b| {
                matches!(shared_trigram(a, b), Some((Position::Upper, _))) && link(a, b, everything).is_some()
            }),
            with_trigram: std::array::from_fn(|bits| {
                (0..64)
                    .filter(|&j| {
                        hexagram[j].lower().bits() as usize == bits || hexagram[j].upper().bits() as usize == bits
                    })
                    .fold(0, |m, j| m | 1 << j)
            }),
        }
    })
}

/// A small, fast hasher for the solver's packed states (FxHash's mixing step).
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// How many positions [`shortest`] may store before it gives up. A few adversarial
/// restricted decks (whose cards can wander for long without ever finishing) would
/// otherwise take exponential time; ordinary questions store a few hundred positions.
pub const SEARCH_LIMIT: usize = 1_000_000;

/// The fewest cards in a finished sequence, with one such sequence; `Ok(None)` when
/// there is none; an error only when the search passes [`SEARCH_LIMIT`] positions.
///
/// Why it is exact. A* over the complete game state: the two ends, the active trigram
/// cards and the set of cards used. Nothing else decides which placements are legal next
/// or whether a placement finishes, so two histories reaching the same state have the same
/// futures; and every history of a state has the same length (one card per placement), so
/// keeping the first is safe. At each placement only the canonical link of [`link`] is
/// tried (a free condition before condition 3), which loses nothing: keeping a trigram
/// card active only ever allows more. The estimate of the placements still needed
/// ([`lower_bound`]) is the number of cards on the shortest chain of links from one end to
/// the other through unused available cards, counting a condition-3 link only when its
/// trigram card could be active then, and at least 1. It never overestimates, and all
/// histories of a position have the same length, so a position on an optimal line is
/// always waiting with an estimated total no larger than the optimum: the first finish,
/// found from the position of lowest estimated total, is optimal. Ties go to the deeper
/// position, then to the first stored: left side before right, lower card numbers first.
pub fn shortest(setup: &Setup) -> Result<Option<Solution>, ZhiPaiError> {
    shortest_within(setup, SEARCH_LIMIT)
}

/// How much a [`search`] may spend before it answers "unknown".
#[derive(Clone, Copy, Debug)]
pub struct Budget<'a> {
    /// Positions stored, at most.
    pub max_positions: usize,
    /// Set by the caller (a timed-out request, a client gone away): the search stops at its
    /// next poll and answers [`Outcome::Unknown`] with [`Stop::Cancelled`].
    pub cancel: Option<&'a AtomicBool>,
}

impl Default for Budget<'_> {
    fn default() -> Self {
        Budget { max_positions: SEARCH_LIMIT, cancel: None }
    }
}

/// Why a search stopped before it decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    Budget,
    Cancelled,
}

/// How a search ended: decided either way, or undecided with what it proved so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A shortest sequence.
    Optimal(Solution),
    /// Proved: no sequence finishes.
    Impossible,
    /// Undecided: the best finished sequence seen (if any) and a proven lower bound on the
    /// length (cards in the finished sequence, both starting cards included).
    Unknown { best: Option<Solution>, lower_bound: usize, stop: Stop },
}

/// The exact search, within a budget: never an error once the setup is valid.
pub fn search(setup: &Setup, budget: &Budget) -> Outcome {
    match shortest_within(setup, budget.max_positions) {
        Ok(Some(solution)) => Outcome::Optimal(solution),
        Ok(None) => Outcome::Impossible,
        Err(_) => Outcome::Unknown { best: None, lower_bound: 3, stop: Stop::Budget },
    }
}

/// [`shortest`] with another limit on the positions stored (each costs about 70 bytes).
pub fn shortest_within(setup: &Setup, max_positions: usize) -> Result<Option<Solution>, ZhiPaiError> {
    let t = tables();
    let index = |h: Hexagram| h.number() as usize - 1;
    #[derive(Copy, Clone)]
    struct Node {
        left: u8,
        right: u8,
        active: TrigramSet,
        used: u64,
        parent: u32,
        card: u8,
        side: Side,
    }
    let start = Node {
        left: index(setup.start) as u8,
        right: index(setup.start.complement()) as u8,
        active: setup.active,
        used: 0,
        parent: u32::MAX,
        card: 0,
        side: Side::Left,
    };
    let available = setup.available.mask();
    let estimate = |n: &Node| lower_bound(t, n.left as usize, n.right as usize, n.active, available & !n.used);
    let key = |n: &Node| {
        u128::from(n.used) | u128::from(n.left) << 64 | u128::from(n.right) << 72 | u128::from(n.active.0) << 80
    };
    // Lowest estimated total first, then the deepest, then the first stored.
    let priority =
        |g: u32, h: u32, index: usize| Reverse(u64::from(g + h) << 40 | u64::from(63 - g) << 32 | index as u64);
    let Some(h0) = estimate(&start) else {
        return Ok(None);
    };
    let mut seen: HashSet<u128, BuildHasherDefault<StateHasher>> = HashSet::default();
    seen.insert(key(&start));
    let mut nodes = vec![start];
    let mut open = BinaryHeap::new();
    open.push(priority(0, h0, 0));
    while let Some(Reverse(entry)) = open.pop() {
        let at = (entry & 0xffff_ffff) as usize;
        let node = nodes[at];
        let depth = node.used.count_ones();
        let free_cards = available & !node.used;
        for side in [Side::Left, Side::Right] {
            let (end, other) = match side {
                Side::Left => (node.left as usize, node.right as usize),
                Side::Right => (node.right as usize, node.left as usize),
            };
            let end_hex = t.hexagram[end];
            let mut candidates = t.free[end];
            if node.active.contains(end_hex.lower()) {
                candidates |= t.same_lower[end];
            }
            if node.active.contains(end_hex.upper()) {
                candidates |= t.same_upper[end];
            }
            candidates &= free_cards;
            while candidates != 0 {
                let card = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                let card_hex = t.hexagram[card];
                let how = link(card_hex, end_hex, node.active).expect("candidates link by construction");
                let mut usable = node.active;
                if let Some(spent) = how.trigram {
                    usable.remove(spent);
                }
                let child = Node {
                    left: if side == Side::Left { card as u8 } else { node.left },
                    right: if side == Side::Right { card as u8 } else { node.right },
                    active: activate(node.active, card_hex, how),
                    used: node.used | 1 << card,
                    parent: at as u32,
                    card: card as u8,
                    side,
                };
                if link(card_hex, t.hexagram[other], usable).is_some() {
                    nodes.push(child);
                    return Ok(Some(replay(setup, &nodes)));
                }
                let Some(h) = estimate(&child) else { continue };
                if seen.insert(key(&child)) {
                    if nodes.len() >= max_positions {
                        return Err(ZhiPaiError::SearchLimit { start: setup.start.number(), positions: max_positions });
                    }
                    open.push(priority(depth + 1, h, nodes.len()));
                    nodes.push(child);
                }
            }
        }
    }
    return Ok(None);

    /// Rebuilds the last node's history and replays it through the rules.
    fn replay(setup: &Setup, nodes: &[Node]) -> Solution {
        let mut moves = Vec::new();
        let mut at = nodes.len() - 1;
        while nodes[at].parent != u32::MAX {
            moves.push((tables().hexagram[nodes[at].card as usize], nodes[at].side));
            at = nodes[at].parent as usize;
        }
        moves.reverse();
        let mut game = Game::new(*setup);
        for (card, side) in moves {
            game.place(card, side).expect("the solver only makes legal moves");
        }
        let (_, finish) = game.finish().expect("the solver stops at a finish");
        Solution { placements: game.placements().to_vec(), finish, sequence: game.sequence() }
    }
}

/// A lower bound on the placements still needed to finish: the cards on the shortest
/// chain of links from the left end to the right end through `unused` cards; at least 1.
/// `None` when no such chain exists: the position is dead.
///
/// A condition-3 link by trigram t counts when t's card could be active at that moment.
/// Between two unused cards: t is active now or some unused card carries it. On a link
/// that touches a current end, the unused card x is laid (or, finishing, checked) with the
/// trigram cards active *before* x is laid, so t must be active now or carried by an unused
/// card other than x: at least two unused cards carry it.
fn lower_bound(t: &Tables, left: usize, right: usize, active: TrigramSet, unused: u64) -> Option<u32> {
    let (mut interior, mut at_end) = (active.0, active.0);
    for (bits, cards) in t.with_trigram.iter().enumerate() {
        match (cards & unused).count_ones() {
            0 => {}
            1 => interior |= 1 << bits,
            _ => {
                interior |= 1 << bits;
                at_end |= 1 << bits;
            }
        }
    }
    let links = |x: usize, usable: u8| -> u64 {
        let h = t.hexagram[x];
        let mut m = t.free[x];
        if usable >> h.lower().bits() & 1 == 1 {
            m |= t.same_lower[x];
        }
        if usable >> h.upper().bits() & 1 == 1 {
            m |= t.same_upper[x];
        }
        m
    };
    let target = 1u64 << right;
    if links(left, interior) & target != 0 {
        return Some(1);
    }
    let mut frontier = links(left, at_end) & unused;
    let mut visited = frontier | 1 << left;
    let mut placements = 1;
    while frontier != 0 {
        let mut reach = 0;
        let mut rest = frontier;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if links(x, at_end) & target != 0 {
                return Some(placements);
            }
            reach |= links(x, interior);
        }
        frontier = reach & unused & !visited;
        visited |= frontier;
        placements += 1;
    }
    None
}
