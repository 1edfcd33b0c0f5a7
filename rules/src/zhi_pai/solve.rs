//! Zhi Pai (docs/conventions.md, Zhi Pai): the exact shortest-sequence search (A*); its engine is `astar.rs`.

use super::astar::{Tuning, search_tuned};
use super::rules::{Link, Placement, Setup, ZhiPaiError};
use crate::core::hexagram::Hexagram;
use serde::Serialize;
use std::sync::atomic::AtomicBool;

/// A finished sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub placements: Vec<Placement>,
    pub finish: Link,
    /// The whole line, left to right.
    pub sequence: Vec<Hexagram>,
}

/// How many positions [`shortest`] may store before it gives up. A few adversarial
/// restricted decks (whose cards can wander for long without ever finishing) would
/// otherwise take exponential time; ordinary questions store a few hundred positions.
pub const SEARCH_LIMIT: usize = 1_000_000;

/// The fewest cards in a finished sequence, with one such sequence; `Ok(None)` when
/// there is none; an error only when the search passes [`SEARCH_LIMIT`] positions.
/// Why it is exact: see [`search_tuned`](super::astar::search_tuned).
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
    search_tuned(setup, budget, Tuning::default()).0
}

/// [`shortest`] with another limit on the positions stored (each costs about 60 bytes).
pub fn shortest_within(setup: &Setup, max_positions: usize) -> Result<Option<Solution>, ZhiPaiError> {
    match search(setup, &Budget { max_positions, cancel: None }) {
        Outcome::Optimal(solution) => Ok(Some(solution)),
        Outcome::Impossible => Ok(None),
        Outcome::Unknown { .. } => {
            Err(ZhiPaiError::SearchLimit { start: setup.start.number(), positions: max_positions })
        }
    }
}
