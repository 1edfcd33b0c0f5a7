//! The puzzles of SPEC §8 as JSON, shared by `hexforge puzzle` and (later) the service:
//! a puzzle as shown to a player (the answer only on request) and the verdict on a
//! proposed answer. Pure.

use super::{State, distance};
use crate::core::deck::CardSet;
use crate::core::hexagram::Hexagram;
use crate::games::changing_lines::deck::Deck;
use crate::games::changing_lines::pathways::{self, JudgedMove, Laid, Mode, PathwaysError, Puzzle};
use crate::puzzles::{self, LadderDifficulty, PuzzleError, PuzzleGame, PuzzleId};
use serde::{Deserialize, Serialize};

/// `POST /api/puzzles/{id}/check`: `{"sequence":[{"card":29,"orientation":"dark"},…]}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    pub sequence: Vec<super::pathways::LaidRequest>,
}

impl CheckRequest {
    /// The cards laid, validated as cards (the rules judge them next).
    pub fn sequence(&self) -> Result<Vec<Laid>, PathwaysError> {
        super::pathways::laid_cards(&self.sequence)
    }
}

/// A Pathways ladder as a player sees it:
/// `{"id":…,"game":"pathways","from":A,"to":B,"deck":"6d","orientation":"dark","removed":[…],"optimum":N,"difficulty":…}`,
/// plus `"solution"` (card numbers, start first) only when asked to reveal it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LadderView {
    pub id: String,
    pub game: PuzzleGame,
    pub from: Hexagram,
    pub to: Hexagram,
    pub deck: &'static str,
    pub orientation: &'static str,
    pub removed: Vec<Hexagram>,
    /// Cards in the shortest sequence, the start included.
    pub optimum: usize,
    pub difficulty: LadderDifficulty,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<Hexagram>>,
}

/// The puzzle an id names, with its answer when `reveal`.
pub fn show(id: &PuzzleId, reveal: bool) -> Result<LadderView, PuzzleError> {
    let ladder = puzzles::ladder(id)?;
    Ok(LadderView {
        id: id.to_string(),
        game: id.game,
        from: ladder.from,
        to: ladder.to,
        deck: "6d",
        orientation: "dark",
        optimum: ladder.solution.len(),
        difficulty: ladder.difficulty,
        solution: reveal.then(|| ladder.solution.clone()),
        removed: ladder.removed,
    })
}

/// The verdict on a proposed answer:
/// `{"valid":…,"finished":…,"length":…,"optimum":…,"errors":[…]}`, with the `state`, the
/// `distance` from the optimum once finished, the `moves` as judged and the
/// `failed_move` and stable `rule` of the first broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LadderCheck {
    pub id: String,
    pub valid: bool,
    pub finished: bool,
    pub length: usize,
    pub optimum: usize,
    pub distance: Option<usize>,
    pub state: State,
    pub errors: Vec<String>,
    pub moves: Vec<JudgedMove>,
    pub failed_move: Option<usize>,
    pub rule: Option<&'static str>,
}

/// Judges a proposed Pathways answer to the ladder `id` names: the first card taken out,
/// used twice, laid light or not one line from the card below is named.
pub fn check(id: &PuzzleId, sequence: &[Laid]) -> Result<LadderCheck, PuzzleError> {
    let ladder = puzzles::ladder(id)?;
    let left: Vec<i64> =
        Hexagram::all().filter(|h| !ladder.removed.contains(h)).map(|h| i64::from(h.number())).collect();
    let cards = CardSet::from_numbers(&left).expect("numbers of hexagrams");
    let deck = Deck::from_set(cards).expect("the start and goal stay in");
    let puzzle = Puzzle { from: ladder.from, to: ladder.to, deck, mode: Mode::Dark };
    let judgement = pathways::judge(&puzzle, sequence);
    let state = match &judgement.violation {
        None => State::Solved,
        Some(_) if judgement.is_unfinished() => State::Unfinished,
        Some(_) => State::Broken,
    };
    let optimum = ladder.solution.len();
    Ok(LadderCheck {
        id: id.to_string(),
        valid: state == State::Solved,
        finished: state == State::Solved,
        length: sequence.len(),
        optimum,
        distance: distance(state, sequence.len(), Some(optimum)),
        state,
        errors: judgement.violation.iter().map(ToString::to_string).collect(),
        moves: judgement.moves,
        failed_move: judgement.failed_move,
        rule: judgement.violation.as_ref().map(pathways::Violation::rule),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::card::Orientation;

    fn id(text: &str) -> PuzzleId {
        text.parse().unwrap()
    }

    fn laid(cards: &[Hexagram]) -> Vec<Laid> {
        cards
            .iter()
            .map(|h| Laid::new(crate::core::card::Card::from_number(h.number().into()).unwrap(), Orientation::Dark))
            .collect()
    }

    #[test]
    fn the_answer_checks_as_optimal_and_a_removed_card_is_named() {
        for text in ["pathways-1", "pathways-2026-11-24"] {
            let shown = show(&id(text), true).unwrap();
            let solution = shown.solution.clone().unwrap();
            let verdict = check(&id(text), &laid(&solution)).unwrap();
            assert_eq!((verdict.valid, verdict.distance, verdict.optimum), (true, Some(0), solution.len()), "{text}");
            assert!(show(&id(text), false).unwrap().solution.is_none(), "the answer only on request");

            // A removed card one line from the start, laid second: refused at move 2.
            let removed = shown.removed.iter().find(|h| h.distance(shown.from) == 1).copied();
            if let Some(card) = removed {
                let verdict = check(&id(text), &laid(&[shown.from, card])).unwrap();
                assert_eq!(
                    (verdict.state, verdict.failed_move, verdict.rule),
                    (State::Broken, Some(2), Some("not-in-deck"))
                );
            }
            let unfinished = check(&id(text), &laid(&solution[..2])).unwrap();
            assert_eq!((unfinished.state, unfinished.finished), (State::Unfinished, false));
        }
    }

    #[test]
    fn zhi_pai_deals_are_refused_clearly() {
        assert_eq!(show(&id("zhipai-1"), false).unwrap_err(), PuzzleError::NotYet);
    }
}
