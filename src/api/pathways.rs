//! Pathways questions and answers: `POST /api/sequences/pathways/shortest` and
//! `…/check`, and `hexforge solve pathways` / `hexforge check-sequence pathways` with
//! `--json`. The search is a small breadth-first walk that always decides.

use super::fields::{parsed, some_wholes, some_word, whole};
use super::{State, Status, distance};
use hexforge_rules::changing_lines::deck::{Deck, DeckError, DeckName};
use hexforge_rules::changing_lines::pathways::{
    self as rules, JudgedMove, Laid, LegalMove, Mode, PathwaysError, Puzzle,
};
use hexforge_rules::core::card::{Card, Orientation};
use hexforge_rules::core::hexagram::Hexagram;
use serde::{Deserialize, Serialize};

/// The most cards a sequence can hold.
const MAX_SEQUENCE: usize = 64;

/// A shortest-sequence question: `{"from":1,"to":2,"deck":"6d","orientation":"dark"}`, or
/// `"cards":[1,5,9]` instead of `deck`. Both absent means `6d`; `orientation` (`dark`,
/// `light` or `free`) defaults to `dark`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShortestRequest {
    #[serde(deserialize_with = "whole")]
    pub from: i64,
    #[serde(deserialize_with = "whole")]
    pub to: i64,
    #[serde(default, deserialize_with = "some_word::<_, DeckName>")]
    pub deck: Option<String>,
    #[serde(default, deserialize_with = "some_wholes")]
    pub cards: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "parsed")]
    pub orientation: Mode,
}

impl ShortestRequest {
    /// Validates the question into a [`Puzzle`].
    pub fn puzzle(&self) -> Result<Puzzle, PathwaysError> {
        puzzle(self.from, self.to, self.deck.as_deref(), self.cards.as_deref(), self.orientation)
    }
}

fn puzzle(from: i64, to: i64, deck: Option<&str>, cards: Option<&[i64]>, mode: Mode) -> Result<Puzzle, PathwaysError> {
    let deck = match (deck, cards) {
        (Some(_), Some(_)) => return Err(PathwaysError::DeckAndCards),
        (Some(name), None) => name.parse::<Deck>()?,
        (None, Some(cards)) => Deck::custom(cards)?,
        (None, None) => Deck::named(DeckName::SixD),
    };
    Ok(Puzzle { from: Hexagram::from_number(from)?, to: Hexagram::from_number(to)?, deck, mode })
}

/// One card of a proposed sequence: `{"card":44,"orientation":"dark"}` (or `d`/`l`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaidRequest {
    #[serde(deserialize_with = "whole")]
    pub card: i64,
    #[serde(deserialize_with = "parsed")]
    pub orientation: Orientation,
}

/// A check: the question's fields plus `"sequence":[{"card":1,"orientation":"dark"},…]`,
/// start card first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    #[serde(deserialize_with = "whole")]
    pub from: i64,
    #[serde(deserialize_with = "whole")]
    pub to: i64,
    #[serde(default, deserialize_with = "some_word::<_, DeckName>")]
    pub deck: Option<String>,
    #[serde(default, deserialize_with = "some_wholes")]
    pub cards: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "parsed")]
    pub orientation: Mode,
    pub sequence: Vec<LaidRequest>,
}

impl CheckRequest {
    /// The sequence, validated as cards (not yet against the rules).
    pub fn sequence(&self) -> Result<Vec<Laid>, PathwaysError> {
        laid_cards(&self.sequence)
    }
}

/// A requested pile as cards, each validated (at most [`MAX_SEQUENCE`] of them).
pub fn laid_cards(sequence: &[LaidRequest]) -> Result<Vec<Laid>, PathwaysError> {
    if sequence.len() > MAX_SEQUENCE {
        return Err(PathwaysError::SequenceTooLong(sequence.len()));
    }
    sequence
        .iter()
        .map(|l| {
            let card = Card::from_number(l.card).map_err(|_| DeckError::CardOutOfRange(l.card))?;
            Ok(Laid::new(card, l.orientation))
        })
        .collect()
}

/// The answer to a shortest-sequence question, as JSON:
/// `{"status":"optimal","length":7,"sequence":[{"card":1,"orientation":"dark","hexagram":1},…]}`,
/// or `{"status":"none","length":null,"sequence":null}` when the goal cannot be reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShortestAnswer {
    pub status: Status,
    /// Cards laid, the start card included.
    pub length: Option<usize>,
    pub sequence: Option<Vec<Laid>>,
}

impl From<Option<Vec<Laid>>> for ShortestAnswer {
    fn from(sequence: Option<Vec<Laid>>) -> Self {
        let status = if sequence.is_some() { Status::Optimal } else { Status::None };
        ShortestAnswer { status, length: sequence.as_ref().map(Vec::len), sequence }
    }
}

/// Answers a shortest-sequence question. Errs only on a bad question.
pub fn shortest(request: &ShortestRequest) -> Result<ShortestAnswer, PathwaysError> {
    let p = request.puzzle()?;
    Ok(rules::shortest(p.from, p.to, &p.deck, p.mode).into())
}

/// The verdict on a proposed sequence, as JSON: the same fields as a Zhi Pai check
/// (`state`, `valid`, `moves`, `failed_move`, `rule`, `errors`, `shortest`,
/// `shortest_status`, `shortest_reason`, `distance`); each move names its card,
/// orientation, the hexagram shown and the lines changed from the card below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckAnswer {
    pub state: State,
    pub valid: bool,
    /// Cards in the proposed sequence.
    pub length: usize,
    pub moves: Vec<JudgedMove>,
    pub failed_move: Option<usize>,
    pub rule: Option<&'static str>,
    pub errors: Vec<String>,
    pub shortest: Option<usize>,
    pub shortest_status: Status,
    /// Always `null`: this search always decides.
    pub shortest_reason: Option<String>,
    pub distance: Option<usize>,
    /// While `unfinished`: each card that may be laid next, the way it may lie, the
    /// hexagram it would show and the line it would change. Empty otherwise.
    pub legal_next: Vec<LegalMove>,
}

/// Judges a proposed sequence and finds the optimum. Errs only on a bad request.
pub fn check(request: &CheckRequest) -> Result<CheckAnswer, PathwaysError> {
    let puzzle =
        puzzle(request.from, request.to, request.deck.as_deref(), request.cards.as_deref(), request.orientation)?;
    let sequence = request.sequence()?;
    let judgement = rules::judge(&puzzle, &sequence);
    let state = match &judgement.violation {
        None => State::Solved,
        Some(_) if judgement.is_unfinished() => State::Unfinished,
        Some(_) => State::Broken,
    };
    let optimum = ShortestAnswer::from(rules::shortest(puzzle.from, puzzle.to, &puzzle.deck, puzzle.mode));
    Ok(CheckAnswer {
        state,
        valid: state == State::Solved,
        length: sequence.len(),
        moves: judgement.moves,
        failed_move: judgement.failed_move,
        rule: judgement.violation.as_ref().map(rules::Violation::rule),
        errors: judgement.violation.iter().map(ToString::to_string).collect(),
        shortest: optimum.length,
        shortest_status: optimum.status,
        shortest_reason: None,
        distance: distance(state, sequence.len(), optimum.length),
        legal_next: judgement.legal_next,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_json(body: &str) -> CheckAnswer {
        check(&serde_json::from_str(body).expect("a valid request")).expect("a verdict")
    }

    #[test]
    fn questions_validate_their_fields() {
        let q = |json: &str| -> Result<Puzzle, String> {
            let request: ShortestRequest = serde_json::from_str(json).map_err(|e| e.to_string())?;
            request.puzzle().map_err(|e| e.to_string())
        };
        assert_eq!(q(r#"{"from":1,"to":2}"#).unwrap().deck, Deck::named(DeckName::SixD));
        assert_eq!(q(r#"{"from":1,"to":2,"cards":[1,2],"orientation":"free"}"#).unwrap().mode, Mode::Free);
        assert_eq!(q(r#"{"from":65,"to":2}"#).unwrap_err(), "hexagram number 65 is out of range 1..=64");
        assert!(
            q(r#"{"from":1,"to":2,"deck":"7d"}"#)
                .unwrap_err()
                .starts_with(r#"unknown deck "7d"; expected 3d, 4d, 5d, 6d or a list of card numbers"#)
        );
        // A list of cards is the CLI's spelling of --deck; a request gives it as `cards`.
        assert!(q(r#"{"from":1,"to":2,"deck":"1,2"}"#).is_err());
        assert_eq!(
            q(r#"{"from":1,"to":2,"cards":[1,1]}"#).unwrap_err(),
            "card 1 is listed twice; each card may appear once"
        );
        assert!(
            q(r#"{"from":1,"to":2,"orientation":"up"}"#)
                .unwrap_err()
                .starts_with(r#"unknown orientation mode "up"; expected dark, light or free"#)
        );
        assert_eq!(
            q(r#"{"from":1,"to":2,"deck":"3d","cards":[1]}"#).unwrap_err(),
            "give either a named deck or a list of cards, not both"
        );
        let check: CheckRequest = serde_json::from_str(
            r#"{"from":12,"to":6,"sequence":[{"card":12,"orientation":"dark"},{"card":6,"orientation":"dark"}]}"#,
        )
        .unwrap();
        assert!(super::check(&check).unwrap().valid);
    }

    #[test]
    fn an_orientation_is_refused_with_the_message_of_the_command_line() {
        let err = serde_json::from_str::<LaidRequest>(r#"{"card":1,"orientation":"up"}"#).unwrap_err().to_string();
        assert!(err.contains(&"up".parse::<Orientation>().unwrap_err().to_string()), "{err}");
        let err = serde_json::from_str::<ShortestRequest>(r#"{"from":1,"to":2,"orientation":"sideways"}"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains(&"sideways".parse::<Mode>().unwrap_err().to_string()), "{err}");
    }

    #[test]
    fn moves_name_the_lines_changed_and_the_first_broken_move() {
        // 1 is ䷀ (all solid); 44 changes line 1; 1 → 2 changes all six.
        let answer = check_json(
            r#"{"from":1,"to":2,"sequence":[{"card":1,"orientation":"dark"},{"card":44,"orientation":"dark"},{"card":2,"orientation":"dark"}]}"#,
        );
        assert_eq!((answer.state, answer.failed_move, answer.rule), (State::Broken, Some(3), Some("one-line")));
        let h = |n| Hexagram::from_number(n).unwrap();
        let changed: Vec<Vec<u8>> =
            answer.moves.iter().map(|m| m.lines_changed.iter().map(|l| l.get()).collect()).collect();
        assert_eq!(changed[1], h(44).differing_lines(h(1)).iter().map(|l| l.get()).collect::<Vec<_>>());
        assert_eq!(changed[2].len() as u32, h(2).distance(h(44)));
        assert_eq!(answer.moves.iter().map(|m| m.ok).collect::<Vec<_>>(), [true, true, false]);
        assert!(answer.errors[0].contains("differs from 44 in 5 lines (2, 3, 4, 5, 6)"), "{:?}", answer.errors);
    }

    #[test]
    fn a_legal_pile_short_of_the_goal_is_unfinished() {
        let answer = check_json(r#"{"from":1,"to":2,"sequence":[{"card":1,"orientation":"dark"}]}"#);
        assert_eq!((answer.state, answer.valid, answer.failed_move), (State::Unfinished, false, None));
        assert_eq!(answer.distance, None);
    }
}
