//! The puzzle questions and answers of the JSON API, typed once: the HTTP service
//! deserialises these requests and the CLI builds the same ones from its flags, so both
//! validate the same way and answer with the same bodies (`--json` prints exactly what
//! the service sends). Pure: the games' rules and searches, nothing that serves or prints.
//!
//! - [`zhi_pai`]: `POST /api/zhipai/shortest` and `/check`;
//! - [`pathways`]: `POST /api/pathways/shortest` and `/check`;
//! - [`tao`]: `POST /api/tao/legal`.
//!
//! Every shortest answer carries a [`Status`]; every check answer a [`State`], the moves
//! as judged and, separately, what is known of the optimum. The verdict on a proposed
//! sequence never waits on the search: a search that runs out of budget leaves the
//! optimum unknown, not the verdict.

pub mod fields;
pub mod pathways;
pub mod puzzles;
pub mod solitaire_puzzle;
pub mod tao;
pub mod zhi_pai;

use serde::Serialize;

/// What a search decided about the shortest sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A shortest sequence was found.
    Optimal,
    /// Proved: no sequence exists.
    None,
    /// The search stopped (budget spent, or cancelled) before deciding.
    Unknown,
}

/// Where a proposed sequence stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// Every move legal, the goal not reached yet.
    Unfinished,
    /// A move broke a rule.
    Broken,
    /// Every move legal and the goal reached.
    Solved,
}

/// The verdict on an answer replayed move by move, as far as the first broken rule: where
/// it stands, the errors (the broken rule in words, or what is left for an answer that stops
/// short), the move or turn that broke the rule, and the rule's stable code (`not-finished`
/// for a legal answer that stops short).
pub(crate) struct Replayed {
    pub state: State,
    pub errors: Vec<String>,
    pub failed_at: Option<usize>,
    pub rule: Option<&'static str>,
}

impl Replayed {
    /// The verdict on an answer whose replay met `failure` (the move's index, the rule's
    /// code and the rule in words) or none, and `finished` the game or not; `left` says
    /// what is left of an answer that stops short.
    pub(crate) fn new(
        failure: Option<&(usize, &'static str, String)>,
        finished: bool,
        left: impl FnOnce() -> String,
    ) -> Replayed {
        let state = match (failure, finished) {
            (Some(_), _) => State::Broken,
            (None, true) => State::Solved,
            (None, false) => State::Unfinished,
        };
        let mut errors: Vec<String> = failure.iter().map(|(_, _, why)| why.clone()).collect();
        let unfinished = state == State::Unfinished;
        if unfinished {
            errors.push(left());
        }
        Replayed {
            state,
            errors,
            failed_at: failure.map(|(at, _, _)| *at),
            rule: failure.map(|(_, rule, _)| *rule).or(unfinished.then_some("not-finished")),
        }
    }
}

/// `1 card`, `4 cards`: the rules crate's count of a noun, as the tables say it.
pub fn cards(n: usize) -> String {
    hexforge_rules::play::words::count(n, "card")
}

/// Keeps `value` under `key` in a thread's memory of answers, which holds at most
/// `at_most` of them: past it the memory starts over (cheaper than tracking which is
/// oldest, and an answer forgotten is only made again).
pub(crate) fn remember<K: std::hash::Hash + Eq, V>(
    memory: &mut std::collections::HashMap<K, V>,
    key: K,
    value: V,
    at_most: usize,
) {
    if memory.len() >= at_most {
        memory.clear();
    }
    memory.insert(key, value);
}

/// How far a solved sequence is from the optimum: its length minus the shortest, when
/// the shortest is known.
fn distance(state: State, length: usize, shortest: Option<usize>) -> Option<usize> {
    match state {
        State::Solved => shortest.map(|s| length.saturating_sub(s)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_cards_agree_in_number() {
        assert_eq!(cards(1), "1 card");
        assert_eq!(cards(0), "0 cards");
        assert_eq!(cards(7), "7 cards");
    }

    #[test]
    fn only_a_solved_sequence_has_a_distance() {
        assert_eq!(distance(State::Solved, 7, Some(4)), Some(3));
        assert_eq!(distance(State::Solved, 7, None), None);
        assert_eq!(distance(State::Broken, 7, Some(4)), None);
        assert_eq!(distance(State::Unfinished, 3, Some(4)), None);
    }
}
