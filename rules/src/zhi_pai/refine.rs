//! Zhi Pai (docs/conventions.md, Zhi Pai): abstraction refinement, a decision procedure for the questions the
//! A* search finds hard. The abstract game is the real one except that only the cards of a
//! chosen set are single-use: every other card may be laid again and again. Every real line
//! of play is an abstract one, so
//! - when the abstract game cannot finish, the real one cannot either;
//! - a shortest abstract line that lays no card twice is a real line, and a shortest one.
//!
//! Otherwise the cards that line lays twice join the set and the abstract game is solved
//! again (counterexample-guided refinement), until it decides or the set grows too large.
//! Its states are the two ends, the active trigram cards and which single-use cards are
//! spent: at most 2^28, and a few thousand on the questions it is for.
//!
//! Why it is here: the hard family of issue 17 (start 2, twenty-odd cards, nothing
//! finishes) cost the A* search up to 710,233 positions and 5 s. In those decks heaven can
//! be made active only by laying card 11 or 25; 25 links to nothing but card 1, so the right
//! end can leave card 1 only through 11, which must already have been laid to make heaven
//! active. A* enumerates every wandering of the left chain before it runs out; one
//! refinement (card 11 single-use) proves the same in about a millisecond.

use super::astar::{LinkMasks, is_set};
use super::rules::{Setup, Side};
use crate::core::hexagram::Hexagram;
use std::sync::atomic::AtomicBool;

/// Single-use cards at most: the abstract states then number at most 2^28 (a 32 MB bitset).
pub const MAX_SINGLE_USE: usize = 8;

/// Abstract states explored per round at most, before the refinement gives up.
pub const MAX_ABSTRACT_STATES: usize = 2_000_000;

/// Queue entries handled between two looks at the cancel flag.
const CANCEL_POLL: usize = 4096;

/// What the refinement proved.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Decision {
    /// No line of play finishes.
    Impossible,
    /// A shortest finished line: each card (King Wen index) and the side it is laid on.
    Shortest(Vec<(usize, Side)>),
    /// The single-use set or the abstract states reached their limit first.
    Undecided,
    Cancelled,
}

/// Refines until the abstract game decides the question. Also returns the abstract states
/// explored, over all rounds.
pub(super) fn decide(t: &LinkMasks, setup: &Setup, cancel: Option<&AtomicBool>) -> (Decision, usize) {
    let mut single_use: Vec<usize> = Vec::new();
    let mut explored = 0;
    loop {
        let (round, states) = shortest_abstract(t, setup, &single_use, cancel);
        explored += states;
        let line = match round {
            Round::NoFinish => return (Decision::Impossible, explored),
            Round::Stopped(decision) => return (decision, explored),
            Round::Finish(line) => line,
        };
        let mut times_laid = [0u8; 64];
        for &(card, _) in &line {
            times_laid[card] += 1;
        }
        let laid_again: Vec<usize> = (0..64).filter(|&card| times_laid[card] > 1).collect();
        if laid_again.is_empty() {
            return (Decision::Shortest(line), explored);
        }
        if single_use.len() + laid_again.len() > MAX_SINGLE_USE {
            return (Decision::Undecided, explored);
        }
        single_use.extend(laid_again);
    }
}

/// How one round of the abstract game ended.
enum Round {
    NoFinish,
    Finish(Vec<(usize, Side)>),
    Stopped(Decision),
}

/// A breadth-first search of the abstract game with these single-use cards, for a shortest
/// finished line. Also returns the abstract states it stored.
fn shortest_abstract(
    t: &LinkMasks,
    setup: &Setup,
    single_use: &[usize],
    cancel: Option<&AtomicBool>,
) -> (Round, usize) {
    let available = setup.available.mask();
    let mut slot = [None; 64];
    for (i, &card) in single_use.iter().enumerate() {
        slot[card] = Some(i);
    }
    // A state: spent single-use cards (bits 20…), left end, right end, active trigram cards.
    let state = |left: usize, right: usize, active: u8, spent: u32| -> u32 {
        spent << 20 | (left as u32) << 14 | (right as u32) << 8 | u32::from(active)
    };
    let mut seen = vec![0u64; (1usize << (20 + single_use.len())) / 64];
    let mut mark = |s: u32| {
        let (word, bit) = (s as usize / 64, s % 64);
        let new = seen[word] >> bit & 1 == 0;
        seen[word] |= 1 << bit;
        new
    };
    // Each entry: its state, the entry it came from, the card laid and whether on the right.
    let mut queue: Vec<(u32, u32, u8, bool)> = Vec::new();
    let index = |h: Hexagram| usize::from(h.number() - 1);
    let root = state(index(setup.start), index(setup.start.complement()), setup.active.bits(), 0);
    mark(root);
    queue.push((root, u32::MAX, 0, false));
    let mut head = 0;
    while head < queue.len() {
        if head % CANCEL_POLL == 0 && is_set(cancel) {
            return (Round::Stopped(Decision::Cancelled), queue.len());
        }
        if queue.len() > MAX_ABSTRACT_STATES {
            return (Round::Stopped(Decision::Undecided), queue.len());
        }
        let at = queue[head].0;
        let (spent, left, right, active) = (at >> 20, (at >> 14 & 63) as usize, (at >> 8 & 63) as usize, at as u8);
        let mut laid = 0u64;
        for (i, &card) in single_use.iter().enumerate() {
            if spent >> i & 1 == 1 {
                laid |= 1 << card;
            }
        }
        for side in [Side::Left, Side::Right] {
            let (end, other) = if side == Side::Left { (left, right) } else { (right, left) };
            let mut candidates = t.links(end, active) & available & !laid;
            while candidates != 0 {
                let card = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                let spent_trigram = t.spent(card, end);
                if t.links(card, active & !spent_trigram) >> other & 1 == 1 {
                    let mut line = vec![(card, side)];
                    let mut back = head;
                    while queue[back].1 != u32::MAX {
                        let (_, parent, card, right) = queue[back];
                        line.push((usize::from(card), if right { Side::Right } else { Side::Left }));
                        back = parent as usize;
                    }
                    line.reverse();
                    return (Round::Finish(line), queue.len());
                }
                let next_active = (active | t.trigrams[card]) & !spent_trigram;
                let next_spent = slot[card].map_or(spent, |i| spent | 1 << i);
                let next = match side {
                    Side::Left => state(card, right, next_active, next_spent),
                    Side::Right => state(left, card, next_active, next_spent),
                };
                if mark(next) {
                    queue.push((next, head as u32, card as u8, side == Side::Right));
                }
            }
        }
        head += 1;
    }
    (Round::NoFinish, queue.len())
}
