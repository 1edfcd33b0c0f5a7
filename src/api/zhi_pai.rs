//! Zhi Pai questions and answers: `POST /api/sequences/zhi-pai/shortest` and `…/check`,
//! and `hexforge solve zhi-pai` / `hexforge check-sequence zhi-pai` with `--json`.

use super::fields::{parsed, some_count, some_whole, some_wholes, whole, words};
use super::{State, Status, cards, distance};
use crate::counter::Counter;
use hexforge_rules::core::deck::{CardSet, DeckError};
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::zhi_pai::{
    self as rules, Budget, JudgedMove, Link, Outcome, Placement, Setup, Side, Solution, Stop, TrigramSet, ZhiPaiError,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// The most placements a sequence can hold: every card but the two starting ones.
const MAX_PLACEMENTS: usize = 62;

/// A shortest-sequence question: `{"start":12,"available":[…],"active":["water"]}`;
/// `available` defaults to the 62 cards other than the start and its complement, `active`
/// to none. `max_positions` may lower the positions the search stores below the
/// server's budget, never raise it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShortestRequest {
    #[serde(deserialize_with = "whole")]
    pub start: i64,
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_wholes")]
    pub available: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "words::<_, Trigram>")]
    pub active: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_count")]
    pub max_positions: Option<usize>,
}

impl ShortestRequest {
    /// Validates the question into a [`Setup`].
    pub fn setup(&self) -> Result<Setup, ZhiPaiError> {
        setup(self.start, self.available.as_deref(), &self.active)
    }
}

fn setup(start: i64, available: Option<&[i64]>, active: &[String]) -> Result<Setup, ZhiPaiError> {
    let start = Hexagram::from_number(start)?;
    let active = TrigramSet::from_names(active)?;
    match available {
        None => Ok(Setup { active, ..Setup::new(start) }),
        Some(numbers) => Setup::with_available(start, CardSet::from_numbers(numbers)?, active),
    }
}

/// Questions whose optimum each thread remembers, at most; past it the memory starts over.
const REMEMBERED: usize = 4096;

/// Questions (shortest and check) answered with a remembered optimum, and questions
/// that searched.
pub static OPTIMUM_CACHE_HITS: Counter = Counter::new();
pub static OPTIMUM_CACHE_MISSES: Counter = Counter::new();

/// Decided outcomes by question (start, available cards, active trigram cards), each
/// with the positions its search stored.
type Optima = HashMap<(u8, u64, TrigramSet), (Outcome, usize)>;

thread_local! {
    /// Decided optima by question (start, available cards, active trigram cards): a check
    /// needs the optimum of its question, a player checks every move of the same question
    /// and asks for hints on it (the page does), and the search costs more than the rest
    /// of the answer. Per thread, so that no lock is shared.
    ///
    /// Each optimum is kept with the positions its search stored to decide it, and given
    /// only to a question whose budget allows as many: the answer is then exactly the one
    /// its own search would give, whatever was asked before. An undecided search is not
    /// remembered (it depends on the budget and the cancel flag).
    static OPTIMA: std::cell::RefCell<Optima> = std::cell::RefCell::new(HashMap::new());
}

/// [`rules::search`], remembered per question once decided.
fn remembered_search(setup: &Setup, budget: &Budget) -> Outcome {
    let key = (setup.start.number(), setup.available.mask(), setup.active);
    let remembered = OPTIMA.with_borrow(|optima| {
        optima.get(&key).filter(|(_, positions)| *positions <= budget.max_positions).map(|(outcome, _)| outcome.clone())
    });
    if let Some(outcome) = remembered {
        OPTIMUM_CACHE_HITS.add(1);
        return outcome;
    }
    OPTIMUM_CACHE_MISSES.add(1);
    let (outcome, effort) = rules::search_tuned(setup, budget, rules::Tuning::default());
    if !matches!(outcome, Outcome::Unknown { .. }) {
        OPTIMA.with_borrow_mut(|optima| {
            super::remember(optima, key, (outcome.clone(), effort.positions), REMEMBERED);
        });
    }
    outcome
}

/// The search budget: the server's, lowered (never raised) by the request.
fn budget(requested: Option<usize>, server_max: usize, cancel: Option<&AtomicBool>) -> Budget<'_> {
    Budget { max_positions: requested.map_or(server_max, |r| r.min(server_max)), cancel }
}

/// One placement of a proposed sequence: `{"card":6,"side":"left"}` (or `l`/`r`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(deserialize_with = "whole")]
    pub card: i64,
    #[serde(deserialize_with = "parsed")]
    pub side: Side,
}

/// A check: the question's fields plus `"placements":[{"card":6,"side":"left"},…]` and,
/// optionally, `"common_zone"` (its size at the end of a solo game) for the solo score.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    #[serde(deserialize_with = "whole")]
    pub start: i64,
    #[serde(default, deserialize_with = "some_wholes")]
    pub available: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "words::<_, Trigram>")]
    pub active: Vec<String>,
    #[serde(default, deserialize_with = "some_count")]
    pub max_positions: Option<usize>,
    pub placements: Vec<MoveRequest>,
    #[serde(default, deserialize_with = "some_whole")]
    pub common_zone: Option<i64>,
}

impl CheckRequest {
    /// The placements, validated as cards (not yet against the rules).
    pub fn placements(&self) -> Result<Vec<(Hexagram, Side)>, ZhiPaiError> {
        if self.placements.len() > MAX_PLACEMENTS {
            return Err(ZhiPaiError::TooManyPlacements(self.placements.len()));
        }
        self.placements
            .iter()
            .map(|p| Ok((Hexagram::from_number(p.card).map_err(|_| DeckError::CardOutOfRange(p.card))?, p.side)))
            .collect()
    }
}

/// The answer to a shortest-sequence question, as JSON:
/// `{"status":"optimal","length":4,"sequence":[12,17,54,11],"placements":[…],"finish":{…},
/// "lower_bound":null,"reason":null}`. With `"status":"none"` every field is `null`; with
/// `"status":"unknown"`, `length` is `null`, `sequence`, `placements` and `finish` are the
/// best finished sequence seen (or `null`), `lower_bound` the fewest cards any finished
/// sequence can have, and `reason` says why the search stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShortestAnswer {
    pub status: Status,
    /// Cards in the shortest finished sequence, both starting cards included.
    pub length: Option<usize>,
    /// The whole line, left to right.
    pub sequence: Option<Vec<Hexagram>>,
    /// In the order they are laid.
    pub placements: Option<Vec<Placement>>,
    /// The link between the two ends that finishes the sequence.
    pub finish: Option<Link>,
    pub lower_bound: Option<usize>,
    pub reason: Option<String>,
}

impl ShortestAnswer {
    fn new(outcome: Outcome, max_positions: usize) -> ShortestAnswer {
        let (status, found, lower_bound, reason) = match outcome {
            Outcome::Optimal(solution) => (Status::Optimal, Some(solution), None, None),
            Outcome::Impossible => (Status::None, None, None, None),
            Outcome::Unknown { best, lower_bound, stop } => {
                let reason = why_unknown(stop, max_positions, lower_bound, best.as_ref());
                (Status::Unknown, best, Some(lower_bound), Some(reason))
            }
        };
        let optimal = status == Status::Optimal;
        let (sequence, placements, finish) = match found {
            Some(Solution { placements, finish, sequence }) => (Some(sequence), Some(placements), Some(finish)),
            None => (None, None, None),
        };
        let length = sequence.as_ref().filter(|_| optimal).map(Vec::len);
        ShortestAnswer { status, length, sequence, placements, finish, lower_bound, reason }
    }
}

fn why_unknown(stop: Stop, max_positions: usize, lower_bound: usize, best: Option<&Solution>) -> String {
    let stopped = match stop {
        Stop::Budget => format!("the search stored its budget of {max_positions} positions before deciding"),
        Stop::Cancelled => "the search was stopped before deciding (the request ended)".to_string(),
    };
    let best = match best {
        Some(s) => format!("; the best found has {}", cards(s.sequence.len())),
        None => "; no finished sequence was found yet".to_string(),
    };
    format!("{stopped}; the shortest has at least {}{best}", cards(lower_bound))
}

/// Answers a shortest-sequence question within the server's budget (`server_max`
/// positions, lowered by the request's `max_positions`), stopping when `cancel` is set.
/// Errs only on a bad question.
pub fn shortest(
    request: &ShortestRequest,
    server_max: usize,
    cancel: Option<&AtomicBool>,
) -> Result<ShortestAnswer, ZhiPaiError> {
    let setup = request.setup()?;
    let budget = budget(request.max_positions, server_max, cancel);
    Ok(ShortestAnswer::new(remembered_search(&setup, &budget), budget.max_positions))
}

/// The verdict on a proposed sequence, as JSON: `state` (`unfinished`, `broken` or
/// `solved`; `valid` is `solved`), the `moves` as judged, the `failed_move` and stable
/// `rule` code of the first broken rule with `errors` in words, and what is known of the
/// optimum: `shortest` (`null` unless `shortest_status` is `optimal`), `shortest_reason`
/// when unknown, and `distance` (length minus the optimum) once solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckAnswer {
    pub state: State,
    pub valid: bool,
    /// The ends linked after some placement.
    pub finished: bool,
    /// Cards in the sequence, both starting cards included.
    pub length: usize,
    pub moves: Vec<JudgedMove>,
    pub failed_move: Option<usize>,
    pub rule: Option<&'static str>,
    pub errors: Vec<String>,
    pub shortest: Option<usize>,
    pub shortest_status: Status,
    pub shortest_reason: Option<String>,
    pub distance: Option<usize>,
    /// With `common_zone`, once solved: the sequence's length plus the Common Zone penalty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_score: Option<u32>,
    /// While `unfinished`: every placement legal next (card, side, condition, trigram
    /// spent), so a page can point at the cards a player may lay. Empty otherwise.
    pub legal_next: Vec<Placement>,
}

/// Judges a proposed sequence (always, whatever the search), then looks for the optimum
/// within the budget. Errs only on a bad request.
pub fn check(
    request: &CheckRequest,
    server_max: usize,
    cancel: Option<&AtomicBool>,
) -> Result<CheckAnswer, ZhiPaiError> {
    let setup = setup(request.start, request.available.as_deref(), &request.active)?;
    let placements = request.placements()?;
    let penalty = request.common_zone.map(rules::common_zone_penalty).transpose()?;
    let judgement = rules::judge(&setup, &placements);
    let state = match &judgement.violation {
        None => State::Solved,
        Some(_) if judgement.is_unfinished() => State::Unfinished,
        Some(_) => State::Broken,
    };
    let length = rules::sequence_length(placements.len());
    let budget = budget(request.max_positions, server_max, cancel);
    let optimum = ShortestAnswer::new(remembered_search(&setup, &budget), budget.max_positions);
    Ok(CheckAnswer {
        state,
        valid: state == State::Solved,
        finished: judgement.finished,
        length,
        moves: judgement.moves,
        failed_move: judgement.failed_move,
        rule: judgement.violation.as_ref().map(rules::Violation::rule),
        errors: judgement.violation.iter().map(ToString::to_string).collect(),
        shortest: optimum.length,
        shortest_status: optimum.status,
        shortest_reason: optimum.reason,
        distance: distance(state, length, optimum.length),
        solo_score: penalty.filter(|_| state == State::Solved).map(|p| length as u32 + p),
        legal_next: judgement.legal_next,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexforge_rules::zhi_pai::SEARCH_LIMIT;

    fn check_json(body: &str, server_max: usize) -> CheckAnswer {
        check(&serde_json::from_str(body).expect("a valid request"), server_max, None).expect("a verdict")
    }

    #[test]
    fn questions_validate_their_fields() {
        let q = |json: &str| -> Result<Setup, String> {
            let request: ShortestRequest = serde_json::from_str(json).map_err(|e| e.to_string())?;
            request.setup().map_err(|e| e.to_string())
        };
        assert_eq!(q(r#"{"start":12}"#).unwrap().available.len(), 62);
        assert_eq!(q(r#"{"start":65}"#).unwrap_err(), "hexagram number 65 is out of range 1..=64");
        assert!(q(r#"{"start":12,"active":["lava"]}"#).unwrap_err().starts_with(
            r#"unknown trigram "lava"; expected one of heaven, lake, fire, thunder, wind, water, mountain, earth"#
        ));
        // A request names a trigram by its English name only (the CLI also takes aliases).
        assert!(q(r#"{"start":12,"active":["water","kan"]}"#).unwrap_err().contains(r#""kan" is not spelled"#));
        assert_eq!(
            q(r#"{"start":12,"active":["water","water"]}"#).unwrap_err(),
            "trigram water is listed twice; each trigram card is active or not"
        );
        assert_eq!(
            q(r#"{"start":12,"available":[6,11]}"#).unwrap_err(),
            "card 11 is on the table from the start (start 12, complement 11); list only other cards as available"
        );
        assert_eq!(
            q(r#"{"start":12,"available":[6,6]}"#).unwrap_err(),
            "card 6 is listed twice; each card may appear once"
        );
    }

    /// A remembered optimum is given only where the question's own search would find it.
    #[test]
    fn a_remembered_optimum_never_changes_an_answer() {
        let question = |budget: &str| {
            let body = format!(r#"{{"start":2,"available":[4,7,8,11,15,16,19,20,23,25,29]{budget}}}"#);
            shortest(&serde_json::from_str(&body).expect("a valid request"), SEARCH_LIMIT, None).expect("an answer")
        };
        let fresh = std::thread::spawn(move || question(r#","max_positions":3"#)).join().expect("no panic");
        assert_eq!(fresh.status, Status::Unknown, "three positions decide nothing");
        let decided = question("");
        assert_ne!(decided.status, Status::Unknown);
        let hits = OPTIMUM_CACHE_HITS.get();
        assert_eq!(question(""), decided, "asked again, the same answer");
        assert!(OPTIMUM_CACHE_HITS.get() > hits, "from memory");
        assert_eq!(question(r#","max_positions":3"#), fresh, "a budget too small still gives its own answer");
    }

    #[test]
    fn a_request_may_only_lower_the_budget() {
        assert_eq!(budget(Some(10), 1000, None).max_positions, 10);
        assert_eq!(budget(Some(10_000), 1000, None).max_positions, 1000);
        assert_eq!(budget(None, 1000, None).max_positions, 1000);
    }

    #[test]
    fn a_side_is_refused_with_the_message_of_the_command_line() {
        let err = serde_json::from_str::<MoveRequest>(r#"{"card":6,"side":"up"}"#).unwrap_err().to_string();
        assert!(err.contains(&"up".parse::<Side>().unwrap_err().to_string()), "{err}");
        let short: MoveRequest = serde_json::from_str(r#"{"card":6,"side":"r"}"#).unwrap();
        assert_eq!(short.side, Side::Right);
    }

    #[test]
    fn three_states_and_the_distance_from_the_optimum() {
        let solved = check_json(
            r#"{"start":12,"placements":[{"card":6,"side":"left"},{"card":22,"side":"right"},
                {"card":40,"side":"left"},{"card":55,"side":"left"}]}"#,
            rules::SEARCH_LIMIT,
        );
        assert_eq!((solved.state, solved.valid, solved.rule), (State::Solved, true, None));
        let optimum = rules::shortest(&Setup::new(Hexagram::from_number(12).unwrap())).unwrap().unwrap();
        assert_eq!(solved.shortest, Some(optimum.sequence.len()));
        assert_eq!(solved.distance, Some(solved.length - optimum.sequence.len()));

        let unfinished = check_json(r#"{"start":12,"placements":[{"card":6,"side":"left"}]}"#, rules::SEARCH_LIMIT);
        assert_eq!(
            (unfinished.state, unfinished.failed_move, unfinished.rule),
            (State::Unfinished, None, Some("not-finished"))
        );
        assert!(unfinished.moves.iter().all(|m| m.ok));

        let broken = check_json(
            r#"{"start":12,"placements":[{"card":6,"side":"left"},{"card":6,"side":"right"}]}"#,
            rules::SEARCH_LIMIT,
        );
        assert_eq!((broken.state, broken.failed_move, broken.rule), (State::Broken, Some(2), Some("card-reused")));
        assert_eq!(broken.moves.iter().map(|m| m.ok).collect::<Vec<_>>(), [true, false]);
        assert_eq!(broken.distance, None);
    }
}
