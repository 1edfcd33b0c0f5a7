//! Zhi Pai (docs/conventions.md, Zhi Pai): the relaxed game, a lower bound for the search. Its rules are the
//! real ones except that a card, once laid, may be laid again; so its state is only the
//! two ends and the active trigram cards (at most 64 × 64 × 256), small enough to solve
//! completely. Every real line of play is a relaxed one, so the relaxed distance to a
//! finish never overestimates the real one, and a state from which the relaxed game
//! cannot finish is dead.

use super::astar::{LinkMasks, is_set};
use super::rules::Setup;
use std::sync::atomic::AtomicBool;

/// Queue entries handled between two looks at the cancel flag.
const CANCEL_POLL: usize = 4096;

/// Placements to a finish from every relaxed state.
pub(super) struct Relaxed {
    /// By [`state`]: placements to finish, 0 when the relaxed game cannot finish.
    distance: Vec<u8>,
    finite: usize,
}

/// The index of a relaxed state.
fn state(left: usize, right: usize, active: u8) -> usize {
    (left << 6 | right) << 8 | usize::from(active)
}

/// Every subset of `mask` (including the empty one and `mask` itself), each OR-ed on `base`.
fn each_with_subset(base: u8, mask: u8, mut f: impl FnMut(u8)) {
    let mut subset = mask;
    loop {
        f(base | subset);
        if subset == 0 {
            break;
        }
        subset = (subset - 1) & mask;
    }
}

impl Relaxed {
    /// Solves the relaxed game of `setup` by a breadth-first search backwards from the
    /// states that finish in one placement. `None` when `cancel` was set meanwhile.
    pub(super) fn build(t: &LinkMasks, setup: &Setup, cancel: Option<&AtomicBool>) -> Option<Relaxed> {
        let available = setup.available.mask();
        let lefts = available | 1 << (setup.start.number() - 1);
        let rights = available | 1 << (setup.start.complement().number() - 1);
        let mut distance = vec![0u8; 64 * 64 * 256];
        let mut queue: Vec<u32> = Vec::new();
        for left in bits(lefts) {
            for right in bits(rights) {
                for active in 0..=u8::MAX {
                    if finishes_at_once(t, available, left, right, active) {
                        distance[state(left, right, active)] = 1;
                        queue.push(state(left, right, active) as u32);
                    }
                }
            }
        }
        let mut head = 0;
        while head < queue.len() {
            if head % CANCEL_POLL == 0 && is_set(cancel) {
                return None;
            }
            let at = queue[head] as usize;
            head += 1;
            let next = distance[at].saturating_add(1);
            let (left, right, after) = (at >> 14, at >> 8 & 63, at as u8);
            let mut reach = |before: usize| {
                if distance[before] == 0 {
                    distance[before] = next;
                    queue.push(before as u32);
                }
            };
            // The state before `left` was laid on the left end `end`, then before `right`
            // was laid on the right end.
            if available >> left & 1 == 1 {
                for end in bits(t.links(left, u8::MAX) & lefts) {
                    each_before(t, left, end, after, |active| reach(state(end, right, active)));
                }
            }
            if available >> right & 1 == 1 {
                for end in bits(t.links(right, u8::MAX) & rights) {
                    each_before(t, right, end, after, |active| reach(state(left, end, active)));
                }
            }
        }
        Some(Relaxed { distance, finite: queue.len() })
    }

    /// The placements still needed from ends `left`, `right` with these trigram cards
    /// active, at least; `None` when no line of play finishes.
    pub(super) fn bound(&self, left: usize, right: usize, active: u8) -> Option<u32> {
        match self.distance[state(left, right, active)] {
            0 => None,
            d => Some(u32::from(d)),
        }
    }

    /// States from which the relaxed game finishes.
    pub(super) fn finite_states(&self) -> usize {
        self.finite
    }
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// Whether one placement, on either side, finishes (the same test as the real search).
fn finishes_at_once(t: &LinkMasks, available: u64, left: usize, right: usize, active: u8) -> bool {
    let finishes = |end: usize, other: usize| {
        bits(t.links(end, active) & available).any(|card| {
            let usable = active & !t.spent(card, end);
            t.links(card, usable) >> other & 1 == 1
        })
    };
    finishes(left, right) || finishes(right, left)
}

/// Calls `f` with every set of active trigram cards from which laying `card` next to
/// `end` (by the canonical link, the one the rules choose) leaves `after` active.
fn each_before(t: &LinkMasks, card: usize, end: usize, after: u8, f: impl FnMut(u8)) {
    let carried = t.trigrams[card];
    let spent = t.spent(card, end);
    // Laying activates the card's trigrams, then turns the spent one off.
    let activated = carried & !spent;
    if after & activated != activated || after & spent != 0 {
        return;
    }
    // Before: the spent card was active; the card's other trigrams may or may not have been.
    each_with_subset((after & !carried) | spent, activated, f);
}
