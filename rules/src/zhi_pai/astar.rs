//! Zhi Pai (docs/conventions.md, Zhi Pai): the engine of the exact shortest-sequence search. A* over packed game
//! states, with dominance between states and two lower bounds (a chain of links through
//! the unused cards; the relaxed game of [`super::relax`]), within a budget of positions
//! and a cancel flag. A question A* does not answer within [`REFINE_AFTER`] positions is
//! handed to the abstraction refinement of [`super::refine`], which decides the long
//! proofs that nothing finishes; A* goes on only when it cannot. [`super::search`] is its
//! public face.

use super::refine::{self, Decision};
use super::relax::Relaxed;
use super::rules::{Chain, Position, Setup, Side, TrigramSet, link, shared_trigram};
use super::solve::{Budget, Outcome, Solution, Stop};
use crate::core::hexagram::Hexagram;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// Positions stored before the relaxed game is built. Most questions are answered well
/// before this, so they never pay for it; the hard ones (long proofs that nothing
/// finishes) are cut short by it.
pub const RELAX_AFTER: usize = 5_000;

/// Positions stored before the abstraction refinement of [`super::refine`] is tried. Below
/// it A* alone answers in well under a millisecond; the refinement decides the long proofs
/// that nothing finishes, which A* would store hundreds of thousands of positions for.
pub const REFINE_AFTER: usize = 2_000;

/// Expansions between two looks at [`Budget::cancel`]: often enough to stop within a
/// millisecond or two, rarely enough to cost nothing.
pub const CANCEL_POLL: usize = 1024;

/// Positions an ordinary question stores, about: the search's tables start this large.
/// A ten-card question stores 11 on average (25 at the 90th percentile), a full-deck one
/// 54. Measured over 20,000 ten-card and the 64 full-deck questions (average time, best of
/// several rounds): 32 gives 2.07 and 4.98 us, 64 gives 2.12 and 4.68, 256 gives 2.17
/// and 4.73; zeroing tables larger than the search costs about what growing them does.
const TYPICAL_POSITIONS: usize = 64;

/// Knobs of the search that callers normally leave at their defaults; tests and
/// benchmarks turn them to reach each part of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Build the relaxed game once this many positions are stored (`Some(0)`: at once;
    /// `None`: never). Default [`RELAX_AFTER`].
    pub relax_after: Option<usize>,
    /// Try the abstraction refinement once this many positions are stored (`None`: never).
    /// Default [`REFINE_AFTER`].
    pub refine_after: Option<usize>,
}

impl Tuning {
    /// A* alone: no relaxed game, no refinement.
    pub const PLAIN: Tuning = Tuning { relax_after: None, refine_after: None };
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning { relax_after: Some(RELAX_AFTER), refine_after: Some(REFINE_AFTER) }
    }
}

/// What a search spent, for benchmarks and the hard-question hunt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Positions stored (the quantity [`Budget::max_positions`] limits).
    pub positions: usize,
    /// Positions expanded.
    pub expansions: usize,
    /// Relaxed-game states with a finite distance, 0 when the relaxed game was not built.
    pub relaxed_states: usize,
    /// Abstract states the refinement explored, 0 when it did not run.
    pub abstract_states: usize,
}

/// Per-hexagram link masks, by King Wen index (bit `n - 1` = card `n`), derived once
/// from the rule functions [`link`] and [`shared_trigram`].
pub(super) struct LinkMasks {
    pub(super) hexagram: [Hexagram; 64],
    /// Conditions 1 or 2: links that spend nothing.
    pub(super) free: [u64; 64],
    /// Condition 3 by the shared lower trigram (whether or not a free link exists too).
    pub(super) same_lower: [u64; 64],
    pub(super) same_upper: [u64; 64],
    /// By trigram bits: the cards with that trigram, lower or upper.
    with_trigram: [u64; 8],
    /// By card: its trigrams, as trigram-set bits (one bit for a doubled trigram).
    pub(super) trigrams: [u8; 64],
}

impl LinkMasks {
    /// The cards that link to card `x` while the trigram cards `usable` are active.
    pub(super) fn links(&self, x: usize, usable: u8) -> u64 {
        let h = self.hexagram[x];
        let mut m = self.free[x];
        if usable >> h.lower().bits() & 1 == 1 {
            m |= self.same_lower[x];
        }
        if usable >> h.upper().bits() & 1 == 1 {
            m |= self.same_upper[x];
        }
        m
    }

    /// The trigram card (as set bits) that laying `card` next to `end` spends: 0 for a free
    /// link. Only meaningful when the two link.
    pub(super) fn spent(&self, card: usize, end: usize) -> u8 {
        let h = self.hexagram[card];
        if self.free[card] >> end & 1 == 1 {
            0
        } else if self.same_lower[card] >> end & 1 == 1 {
            1 << h.lower().bits()
        } else {
            1 << h.upper().bits()
        }
    }
}

pub(super) fn link_masks() -> &'static LinkMasks {
    static LINK_MASKS: OnceLock<LinkMasks> = OnceLock::new();
    LINK_MASKS.get_or_init(|| {
        let hexagram: [Hexagram; 64] = std::array::from_fn(|i| Hexagram::from_number(i as i64 + 1).expect("1..=64"));
        let mask = |f: &dyn Fn(Hexagram, Hexagram) -> bool| -> [u64; 64] {
            std::array::from_fn(|i| (0..64).filter(|&j| f(hexagram[i], hexagram[j])).fold(0, |m, j| m | 1 << j))
        };
        let everything = TrigramSet::from_bits(u8::MAX);
        LinkMasks {
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
            trigrams: std::array::from_fn(|i| 1 << hexagram[i].lower().bits() | 1 << hexagram[i].upper().bits()),
        }
    })
}

/// A small, fast hasher for the solver's packed states (FxHash's mixing step).
#[derive(Default)]
pub(super) struct StateHasher(u64);

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

/// A stored position, 24 bytes.
#[derive(Copy, Clone)]
struct Node {
    used: u64,
    parent: u32,
    /// The previous stored position with the same ends and used cards (`u32::MAX`: none),
    /// so that a new one is compared with each of them.
    same_cards: u32,
    left: u8,
    right: u8,
    active: u8,
    /// The card laid (bits 0-5), on the right side (bit 6), superseded by a position
    /// that dominates it (bit 7).
    move_and_flags: u8,
}

const RIGHT: u8 = 1 << 6;
const SUPERSEDED: u8 = 1 << 7;

impl Node {
    fn card(self) -> usize {
        usize::from(self.move_and_flags & 63)
    }

    fn side(self) -> Side {
        if self.move_and_flags & RIGHT == 0 { Side::Left } else { Side::Right }
    }

    /// Ends and used cards: the part of the state that dominance compares exactly.
    fn cards_key(self) -> u128 {
        u128::from(self.used) | u128::from(self.left) << 64 | u128::from(self.right) << 72
    }

    /// The two ends: positions that may differ only in the cards used and the trigram
    /// cards active.
    fn ends_key(self) -> u32 {
        u32::from(self.left) << 8 | u32::from(self.right)
    }
}

/// Lowest estimated total first, then the deepest, then the first stored. The total sits
/// in the top bits so that the heap's top tells the proven lower bound.
fn priority(g: u32, h: u32, index: usize) -> Reverse<u64> {
    Reverse(u64::from(g + h) << 40 | u64::from(63 - g) << 32 | index as u64)
}

/// The search of [`super::search`], with its knobs and a count of what it spent.
///
/// Why it is exact. A* over the complete game state: the two ends, the active trigram
/// cards and the set of cards used. Nothing else decides which placements are legal next
/// or whether a placement finishes, and every history of a state has the same length (one
/// card per placement). At each placement only the canonical link of [`link`] is tried (a
/// free condition before condition 3), which loses nothing: keeping a trigram card active
/// only ever allows more. For the same reason a state is dominated by one with the same
/// ends and used cards and a superset of active trigram cards, and is dropped. Both
/// estimates never overestimate ([`chain_bound`], [`Relaxed`]), so a position on an optimal
/// line (or one dominating it) always waits with an estimated total no larger than the
/// optimum, and the first finish found is optimal. When it stops undecided, the lowest
/// estimated total still waiting is a proven lower bound. What the refinement answers is
/// exact for its own reasons (see [`super::refine`]), and its line is replayed through the
/// rules like A*'s.
pub fn search_tuned(setup: &Setup, budget: &Budget, tuning: Tuning) -> (Outcome, Effort) {
    let search = |scratch: &mut Scratch| {
        scratch.clear();
        let answer = search_in(scratch, setup, budget, tuning);
        if scratch.nodes.capacity() > KEPT_POSITIONS {
            *scratch = Scratch::default();
        }
        answer
    };
    SCRATCH
        .try_with(|kept| kept.try_borrow_mut().ok().map(|mut scratch| search(&mut scratch)))
        .ok()
        .flatten()
        .unwrap_or_else(|| search(&mut Scratch::default()))
}

/// The tables a search fills. Each thread keeps those of its last search for the next,
/// emptied: an ordinary question stores about ten positions, and allocating its tables
/// anew (and a vector per pair of ends) cost about a fifth of its time.
#[derive(Default)]
struct Scratch {
    nodes: Vec<Node>,
    /// The newest stored position by ends and used cards (see [`dominance`]).
    same_cards: HashMap<u128, u32, BuildHasherDefault<StateHasher>>,
    same_ends: SameEnds,
    /// Positions waiting to be expanded, by [`priority`].
    open: BinaryHeap<Reverse<u64>>,
}

impl Scratch {
    fn clear(&mut self) {
        if self.nodes.capacity() == 0 {
            // Sized for an ordinary question, so that it seldom regrows.
            self.nodes.reserve(TYPICAL_POSITIONS);
            self.same_cards.reserve(TYPICAL_POSITIONS);
            self.same_ends.first.reserve(TYPICAL_POSITIONS);
            self.open.reserve(TYPICAL_POSITIONS);
        }
        self.nodes.clear();
        self.same_cards.clear();
        self.same_ends.clear();
        self.open.clear();
    }
}

/// Positions beyond which a thread lets go of its tables after the search instead of
/// keeping them: a hard question's (hundreds of thousands of positions) is not kept.
const KEPT_POSITIONS: usize = 4096;

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

fn search_in(scratch: &mut Scratch, setup: &Setup, budget: &Budget, tuning: Tuning) -> (Outcome, Effort) {
    let Scratch { nodes, same_cards, same_ends, open } = scratch;
    let t = link_masks();
    let index = |h: Hexagram| h.number() - 1;
    let available = setup.available.mask();
    let start = Node {
        used: 0,
        parent: u32::MAX,
        same_cards: u32::MAX,
        left: index(setup.start),
        right: index(setup.start.complement()),
        active: setup.active.bits(),
        move_and_flags: 0,
    };
    let mut effort = Effort::default();
    let mut relaxed: Option<Relaxed> = None;
    // The estimate of a position whose unused cards carry each trigram as `carried` says.
    let estimate_carried = |n: &Node, carried: Carried, relaxed: &Option<Relaxed>| -> Option<u32> {
        let (l, r) = (usize::from(n.left), usize::from(n.right));
        let chain = chain_bound(t, l, r, n.active, carried, available & !n.used)?;
        match relaxed {
            Some(game) => Some(chain.max(game.bound(l, r, n.active)?)),
            None => Some(chain),
        }
    };
    let estimate =
        |n: &Node, relaxed: &Option<Relaxed>| estimate_carried(n, Carried::by(t, available & !n.used), relaxed);
    let unknown = |lower: u32, stop: Stop| Outcome::Unknown { best: None, lower_bound: lower as usize + 2, stop };

    let Some(h) = estimate(&start, &relaxed) else {
        return (Outcome::Impossible, effort);
    };
    nodes.push(start);
    same_cards.insert(start.cards_key(), 0);
    same_ends.remember(start);
    // The proven lower bound, in placements; reported in cards (two starting cards more).
    let mut lower = h;
    open.push(priority(0, h, 0));
    let mut refined = false;
    while let Some(Reverse(entry)) = open.pop() {
        let at = (entry & 0xffff_ffff) as usize;
        let total = (entry >> 40) as u32;
        let node = nodes[at];
        if node.move_and_flags & SUPERSEDED != 0 {
            continue;
        }
        let depth = node.used.count_ones();
        if !refined && tuning.refine_after.is_some_and(|after| nodes.len() >= after) {
            refined = true;
            let (decision, states) = refine::decide(t, setup, budget.cancel);
            effort.abstract_states = states;
            let effort = Effort { positions: nodes.len(), ..effort };
            match decision {
                Decision::Impossible => return (Outcome::Impossible, effort),
                Decision::Shortest(line) => {
                    let line: Vec<_> = line.into_iter().map(|(card, side)| (t.hexagram[card], side)).collect();
                    return (Outcome::Optimal(replay(setup, &line)), effort);
                }
                Decision::Cancelled => return (unknown(lower.max(total), Stop::Cancelled), effort),
                Decision::Undecided => {}
            }
        }
        if relaxed.is_none() && tuning.relax_after.is_some_and(|after| nodes.len() >= after) {
            match Relaxed::build(t, setup, budget.cancel) {
                Some(game) => {
                    effort.relaxed_states = game.finite_states();
                    relaxed = Some(game);
                }
                None => {
                    return (unknown(lower.max(total), Stop::Cancelled), Effort { positions: nodes.len(), ..effort });
                }
            }
        }
        if relaxed.is_some() {
            // Estimates stored before the relaxed game existed may be too low: look again.
            match estimate(&node, &relaxed) {
                None => continue,
                Some(h) if depth + h > total => {
                    open.push(priority(depth, h, at));
                    continue;
                }
                Some(_) => {}
            }
        }
        lower = lower.max(total);
        effort.expansions += 1;
        if effort.expansions % CANCEL_POLL == 0 && is_set(budget.cancel) {
            return (unknown(lower, Stop::Cancelled), Effort { positions: nodes.len(), ..effort });
        }
        let free_cards = available & !node.used;
        // What the cards left carry, once for all the children (each uses one more).
        let carried = CarriedDeep::by(t, free_cards);
        for side in [Side::Left, Side::Right] {
            let (end, other) = match side {
                Side::Left => (usize::from(node.left), usize::from(node.right)),
                Side::Right => (usize::from(node.right), usize::from(node.left)),
            };
            let mut candidates = t.links(end, node.active) & free_cards;
            while candidates != 0 {
                let card = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                // The canonical link of [`link`], read from the tables: free if it can be.
                let spent = t.spent(card, end);
                let child = Node {
                    used: node.used | 1 << card,
                    parent: at as u32,
                    same_cards: u32::MAX,
                    left: if side == Side::Left { card as u8 } else { node.left },
                    right: if side == Side::Right { card as u8 } else { node.right },
                    active: (node.active | t.trigrams[card]) & !spent,
                    move_and_flags: card as u8 | if side == Side::Right { RIGHT } else { 0 },
                };
                if t.links(card, node.active & !spent) >> other & 1 == 1 {
                    nodes.push(child);
                    let solution = replay(setup, &line_to_last(nodes));
                    return (Outcome::Optimal(solution), Effort { positions: nodes.len(), ..effort });
                }
                let Some(h) = estimate_carried(&child, carried.without(t.trigrams[card]), &relaxed) else { continue };
                let Some(previous) = dominance(nodes, same_cards, child) else { continue };
                if same_ends.fewer_cards(child) {
                    continue;
                }
                if nodes.len() >= budget.max_positions {
                    return (unknown(lower, Stop::Budget), Effort { positions: nodes.len(), ..effort });
                }
                let child_at = nodes.len();
                same_cards.insert(child.cards_key(), child_at as u32);
                same_ends.remember(child);
                open.push(priority(depth + 1, h, child_at));
                nodes.push(Node { same_cards: previous, ..child });
            }
        }
    }
    (Outcome::Impossible, Effort { positions: nodes.len(), ..effort })
}

/// Compares `child` with the stored positions of the same ends and used cards: `None` when
/// one of them has every trigram card active that `child` has (it is no better); otherwise
/// marks those it beats as superseded and returns the newest of them (`u32::MAX`: none), to
/// be chained behind `child`.
fn dominance(
    nodes: &mut [Node],
    same_cards: &HashMap<u128, u32, BuildHasherDefault<StateHasher>>,
    child: Node,
) -> Option<u32> {
    let newest = same_cards.get(&child.cards_key()).copied().unwrap_or(u32::MAX);
    let mut at = newest;
    while at != u32::MAX {
        let other = &mut nodes[at as usize];
        if other.active & child.active == child.active {
            return None;
        }
        if other.active & child.active == other.active {
            other.move_and_flags |= SUPERSEDED;
        }
        at = other.same_cards;
    }
    Some(newest)
}

/// The used-card sets of the stored positions, by ends, then by active trigram cards:
/// for each pair of ends, a chain of groups (one per set of active trigram cards, in the
/// order first reached), each with its used-card sets side by side, oldest first (the
/// likeliest to have fewer cards), so that the scan reads memory in order.
#[derive(Default)]
struct SameEnds {
    /// By ends: its first group.
    first: HashMap<u32, u32, BuildHasherDefault<StateHasher>>,
    /// The groups of this search are `groups[..live]`; those after are kept from earlier
    /// searches for their vectors' memory.
    groups: Vec<Group>,
    live: usize,
}

struct Group {
    active: u8,
    /// The next group with the same ends (`u32::MAX`: none).
    next: u32,
    used: Vec<u64>,
}

impl SameEnds {
    fn clear(&mut self) {
        self.first.clear();
        self.live = 0;
    }

    fn remember(&mut self, node: Node) {
        let new = self.live as u32;
        let mut at = *self.first.entry(node.ends_key()).or_insert(new);
        while at != new {
            let group = &mut self.groups[at as usize];
            if group.active == node.active {
                group.used.push(node.used);
                return;
            }
            if group.next == u32::MAX {
                group.next = new;
            }
            at = group.next;
        }
        match self.groups.get_mut(self.live) {
            Some(kept) => {
                kept.active = node.active;
                kept.next = u32::MAX;
                kept.used.clear();
                // Each kept group holds at most an ordinary group's memory.
                kept.used.shrink_to(TYPICAL_POSITIONS);
                kept.used.push(node.used);
            }
            None => self.groups.push(Group { active: node.active, next: u32::MAX, used: vec![node.used] }),
        }
        self.live += 1;
    }

    /// Whether a stored position with the same ends, and every trigram card active that
    /// `child` has, used only cards that `child` used too: it reached the same place with
    /// fewer cards and has every card left that `child` has, so nothing `child` can do is out
    /// of its reach, in fewer placements, and `child` is dropped.
    ///
    /// Every such position is compared, not only the newest few: on the hard questions (long
    /// proofs that nothing finishes) this is what ends the search. Issue 17's question stored
    /// 922,503 positions when only the newest 32 were compared, and 36,759 with all of them.
    /// The used-card sets of each set of active cards are kept side by side, oldest first
    /// (the likeliest to have fewer cards), so the scan reads memory in order. One lookup
    /// finds every set of active cards the ends were reached with (there are few): looking
    /// up each superset of the child's instead cost up to 256 lookups a position, most of a
    /// small question's time.
    fn fewer_cards(&self, child: Node) -> bool {
        let mut at = self.first.get(&child.ends_key()).copied().unwrap_or(u32::MAX);
        while at != u32::MAX {
            let group = &self.groups[at as usize];
            if group.active & child.active == child.active && group.used.iter().any(|&used| used & !child.used == 0) {
                return true;
            }
            at = group.next;
        }
        false
    }
}

/// The placements that led to the last node, first to last.
fn line_to_last(nodes: &[Node]) -> Vec<(Hexagram, Side)> {
    let t = link_masks();
    let mut moves = Vec::new();
    let mut at = nodes.len() - 1;
    while nodes[at].parent != u32::MAX {
        moves.push((t.hexagram[nodes[at].card()], nodes[at].side()));
        at = nodes[at].parent as usize;
    }
    moves.reverse();
    moves
}

/// Replays a finished line through the rules, which check every placement and the finish.
fn replay(setup: &Setup, line: &[(Hexagram, Side)]) -> Solution {
    let mut game = Chain::new(*setup);
    for &(card, side) in line {
        game.place(card, side).expect("the solver only makes legal moves");
    }
    let (_, finish) = game.finish().expect("the solver stops at a finish");
    Solution { placements: game.placements().to_vec(), finish, sequence: game.sequence() }
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
///
/// `carried` tells which trigrams the unused cards carry.
fn chain_bound(t: &LinkMasks, left: usize, right: usize, active: u8, carried: Carried, unused: u64) -> Option<u32> {
    let (interior, at_end) = (active | carried.once, active | carried.twice);
    let target = 1u64 << right;
    if t.links(left, interior) & target != 0 {
        return Some(1);
    }
    let mut frontier = t.links(left, at_end) & unused;
    let mut visited = frontier | 1 << left;
    let mut placements = 1;
    while frontier != 0 {
        let mut reach = 0;
        let mut rest = frontier;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if t.links(x, at_end) & target != 0 {
                return Some(placements);
            }
            reach |= t.links(x, interior);
        }
        frontier = reach & unused & !visited;
        visited |= frontier;
        placements += 1;
    }
    None
}

/// The trigrams (as set bits) that at least one, and at least two, of a set of cards carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Carried {
    once: u8,
    twice: u8,
}

impl Carried {
    fn by(t: &LinkMasks, cards: u64) -> Carried {
        CarriedDeep::by(t, cards).carried
    }
}

/// [`Carried`] with the trigrams that at least three of the cards carry: enough to tell
/// what the cards carry once any one of them is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CarriedDeep {
    carried: Carried,
    thrice: u8,
}

impl CarriedDeep {
    fn by(t: &LinkMasks, cards: u64) -> CarriedDeep {
        let (mut once, mut twice, mut thrice) = (0, 0, 0);
        for (bits, with) in t.with_trigram.iter().enumerate() {
            // None, one, two or more, without a population count (a dozen instructions on
            // baseline x86-64): each step clears the lowest card.
            let one = with & cards;
            let two = one & one.wrapping_sub(1);
            let three = two & two.wrapping_sub(1);
            once |= u8::from(one != 0) << bits;
            twice |= u8::from(two != 0) << bits;
            thrice |= u8::from(three != 0) << bits;
        }
        CarriedDeep { carried: Carried { once, twice }, thrice }
    }

    /// What the cards carry without one of them, a card that carries `trigrams`: each of
    /// its trigrams needs one card more than before.
    fn without(self, trigrams: u8) -> Carried {
        let Carried { once, twice } = self.carried;
        Carried { once: once & !trigrams | twice & trigrams, twice: twice & !trigrams | self.thrice & trigrams }
    }
}

/// Whether a flag asks to stop; `None` never does.
pub(super) fn is_set(flag: Option<&AtomicBool>) -> bool {
    flag.is_some_and(|f| f.load(Ordering::Relaxed))
}
