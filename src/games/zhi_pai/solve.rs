//! Zhi Pai (SPEC §3): the exact shortest-sequence search (A*), and the questions of the
//! CLI and the HTTP API.

use super::astar::{Tuning, search_tuned};
use super::rules::{Link, Placement, Setup, TrigramSet, ZhiPaiError};
use crate::core::deck::CardSet;
use crate::core::hexagram::Hexagram;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// A solution, as JSON:
/// `{"length":4,"sequence":[12,17,54,11],"placements":[…],"finish":{"condition":2,"trigram":null}}`,
/// every field `null` when there is none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// Cards in the finished sequence, both starting cards included.
    pub length: Option<usize>,
    /// The whole line, left to right.
    pub sequence: Option<Vec<Hexagram>>,
    /// In the order they are laid.
    pub placements: Option<Vec<Placement>>,
    /// The link between the two ends that finishes the sequence.
    pub finish: Option<Link>,
}

/// A finished sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub placements: Vec<Placement>,
    pub finish: Link,
    /// The whole line, left to right.
    pub sequence: Vec<Hexagram>,
}

impl From<Option<Solution>> for Answer {
    fn from(solution: Option<Solution>) -> Self {
        match solution {
            Some(s) => Answer {
                length: Some(s.sequence.len()),
                sequence: Some(s.sequence),
                placements: Some(s.placements),
                finish: Some(s.finish),
            },
            None => Answer { length: None, sequence: None, placements: None, finish: None },
        }
    }
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

/// A shortest-sequence question as the HTTP API receives it:
/// `{"start":12,"available":[…],"active":["water"]}`; `available` defaults to the 62
/// cards other than the start and its complement, `active` to none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    pub start: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub active: Vec<String>,
}

impl Query {
    /// Validates every field into a [`Setup`].
    pub fn setup(&self) -> Result<Setup, ZhiPaiError> {
        let start = Hexagram::from_number(self.start)?;
        let active = TrigramSet::from_names(&self.active)?;
        match &self.available {
            None => Ok(Setup { active, ..Setup::new(start) }),
            Some(numbers) => Setup::with_available(start, CardSet::from_numbers(numbers)?, active),
        }
    }
}

/// Answers a question from the API: the same body the CLI prints with `--json`.
pub fn solve_query(query: &Query) -> Result<Answer, ZhiPaiError> {
    Ok(shortest(&query.setup()?)?.into())
}
