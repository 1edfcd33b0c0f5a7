//! The puzzles of docs/puzzles.md as JSON, shared by `hexforge puzzle` and (later) the service:
//! a puzzle as shown to a player (the answer only on request) and the verdict on a
//! proposed answer. Pure.

use super::{Replayed, State, distance};
use hexforge_rules::changing_lines::deck::Deck;
use hexforge_rules::changing_lines::pathways::{self, JudgedMove, Laid, Mode, PathwaysError, Puzzle as Puzzle_};
use hexforge_rules::core::card::Card;
use hexforge_rules::core::deck::CardSet;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::puzzles::deal::{self, Turn};
use hexforge_rules::puzzles::{DealDifficulty, LadderDifficulty, Puzzle, PuzzleError, PuzzleGame, PuzzleId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::solitaire_puzzle;
pub use super::solitaire_puzzle::{SolitaireCheck, SolitaireDealView};

/// `POST /api/puzzles/{id}/check`: `{"sequence":[{"card":29,"orientation":"dark"},…]}`
/// for a ladder, `{"turns":["17:left","pass","54:right"]}` for a deal,
/// `{"moves":["dark","2:light","turn","light"]}` for a solitaire deal.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    #[serde(default, deserialize_with = "super::fields::some")]
    pub sequence: Option<Vec<super::pathways::LaidRequest>>,
    #[serde(default, deserialize_with = "turns")]
    pub turns: Option<Vec<String>>,
    #[serde(default, deserialize_with = "super::fields::some")]
    pub moves: Option<Vec<String>>,
}

/// Turns as `/openapi.json` spells them: `pass`, or a card 1..=64 and a side
/// (`17:left`, `54:right`), one turn a string; absent is `None`, `null` is refused.
fn turns<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<String>>, D::Error> {
    let turns = Vec::<String>::deserialize(deserializer)?;
    let spelled = |turn: &str| {
        turn == "pass"
            || turn.split_once(':').is_some_and(|(card, side)| {
                let canonical = !card.starts_with('0') && card.bytes().all(|b| b.is_ascii_digit());
                canonical && card.parse::<u8>().is_ok_and(|n| (1..=64).contains(&n)) && matches!(side, "left" | "right")
            })
    };
    match turns.iter().find(|t| !spelled(t)) {
        Some(bad) => Err(serde::de::Error::custom(format!(
            "turn {bad:?} is not a turn; write pass or a card 1..=64 and a side, such as 17:left or 54:right"
        ))),
        None => Ok(Some(turns)),
    }
}

/// The most turns a deal's answer can hold (as `/openapi.json` says).
const MAX_TURNS: usize = 118;

/// A proposed answer: a Pathways sequence, a list of Zhi Pai turns or of solitaire moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Sequence(Vec<Laid>),
    Turns(Vec<Turn>),
    Moves(Vec<hexforge_rules::solitaire::engine::Action>),
}

impl CheckRequest {
    /// The answer, validated as cards and turns (the rules judge it next).
    pub fn answer(&self) -> Result<Answer, AnswerError> {
        match (&self.sequence, &self.turns, &self.moves) {
            (Some(sequence), None, None) => Ok(Answer::Sequence(super::pathways::laid_cards(sequence)?)),
            (None, None, Some(moves)) => Ok(Answer::Moves(solitaire_puzzle::moves(moves).map_err(AnswerError::Shape)?)),
            (None, Some(turns), None) => {
                if turns.len() > MAX_TURNS {
                    return Err(AnswerError::Shape(format!("{} turns; a deal has at most {MAX_TURNS}", turns.len())));
                }
                Ok(Answer::Turns(deal::parse_turns(&turns.join(","))?))
            }
            _ => Err(AnswerError::Shape(
                "give one of \"sequence\" (a ladder), \"turns\" (a Zhi Pai deal) or \"moves\" (a solitaire deal)"
                    .to_string(),
            )),
        }
    }
}

/// Why an answer could not be read.
#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    #[error(transparent)]
    Pathways(#[from] PathwaysError),
    #[error(transparent)]
    ZhiPai(#[from] hexforge_rules::zhi_pai::ZhiPaiError),
    #[error("{0}")]
    Shape(String),
}

/// A puzzle as a player sees it; `"solution"` only when asked to reveal it.
/// Ladder: `{"id":…,"game":"pathways","from":A,"to":B,"deck":"6d","orientation":"dark","removed":[…],"optimum":N,"difficulty":…}`;
/// deal: `{"id":…,"game":"zhipai","start":S,"deal":[62 card numbers in reveal order],"optimum":SCORE,"difficulty":…}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PuzzleView {
    Ladder(LadderView),
    Deal(DealView),
    Solitaire(SolitaireDealView),
}

/// A Pathways ladder as a player sees it.
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
    /// The rules, short, one sentence each.
    pub rules: &'static [&'static str],
    /// The unique shortest sequence, card numbers, start first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<Hexagram>>,
}

/// A Zhi Pai deal as a player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealView {
    pub id: String,
    pub game: PuzzleGame,
    pub start: Hexagram,
    pub deal: Vec<Hexagram>,
    /// The lowest solo score (cards in the sequence plus the Common Zone penalty).
    pub optimum: u32,
    pub difficulty: DealDifficulty,
    /// The rules, short, one sentence each.
    pub rules: &'static [&'static str],
    /// One best list of turns: `"17:left"`, `"pass"`, …
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
}

/// Puzzles each thread remembers, at most; past it the memory starts over.
const REMEMBERED: usize = 256;

/// A puzzle made, and the JSON of its view without the answer once asked for.
struct Made {
    puzzle: Puzzle,
    shown: std::cell::OnceCell<Box<[u8]>>,
}

thread_local! {
    /// Puzzles by id: making one proves its optimum (about a millisecond), and everyone
    /// asks for the same few (today's, and checks every move of them). Per thread, so that
    /// no lock is shared; an id always names the same puzzle, so nothing is ever stale.
    static PUZZLES: std::cell::RefCell<std::collections::HashMap<PuzzleId, std::rc::Rc<Made>>> =
        std::cell::RefCell::default();
}

/// [`Puzzle::from_id`], remembered.
fn made(id: &PuzzleId) -> std::rc::Rc<Made> {
    if let Some(made) = PUZZLES.with_borrow(|puzzles| puzzles.get(id).cloned()) {
        return made;
    }
    let made = std::rc::Rc::new(Made { puzzle: Puzzle::from_id(id), shown: std::cell::OnceCell::new() });
    PUZZLES.with_borrow_mut(|puzzles| super::remember(puzzles, *id, std::rc::Rc::clone(&made), REMEMBERED));
    made
}

/// The puzzle an id names, with its answer when `reveal`.
pub fn show(id: &PuzzleId, reveal: bool) -> PuzzleView {
    view(id, &made(id).puzzle, reveal)
}

/// The JSON of [`show`] without the answer (`GET /api/puzzles/{id}`), written once per
/// puzzle and thread: writing it cost more than the rest of the request.
pub fn show_json(id: &PuzzleId) -> Vec<u8> {
    let made = made(id);
    let json = made.shown.get_or_init(|| {
        serde_json::to_vec(&view(id, &made.puzzle, false)).expect("a puzzle's view is JSON").into_boxed_slice()
    });
    json.to_vec()
}

fn view(id: &PuzzleId, puzzle: &Puzzle, reveal: bool) -> PuzzleView {
    match puzzle {
        Puzzle::Ladder(ladder) => PuzzleView::Ladder(LadderView {
            id: id.to_string(),
            game: id.game,
            from: ladder.from,
            to: ladder.to,
            deck: "6d",
            orientation: "dark",
            optimum: ladder.solution.len(),
            difficulty: ladder.difficulty,
            rules: &hexforge_rules::puzzles::ladder::RULES,
            solution: reveal.then(|| ladder.solution.clone()),
            removed: ladder.removed.clone(),
        }),
        Puzzle::Deal(deal) => PuzzleView::Deal(DealView {
            id: id.to_string(),
            game: id.game,
            start: deal.start,
            optimum: deal.optimum,
            difficulty: deal.difficulty,
            rules: &hexforge_rules::puzzles::deal::RULES,
            solution: reveal.then(|| deal.solution.iter().map(ToString::to_string).collect()),
            deal: deal.deal.clone(),
        }),
        Puzzle::Solitaire(deal) => PuzzleView::Solitaire(solitaire_puzzle::view(id, deal, reveal)),
    }
}

/// The body of `POST /api/puzzles/{id}/check` that answers the puzzle with its own
/// solution: `{"sequence":[{"card":38,"orientation":"dark"},…]}` for a ladder,
/// `{"turns":["17:left","pass",…]}` for a deal.
pub fn solution_request(id: &PuzzleId) -> String {
    let body = match show(id, true) {
        PuzzleView::Ladder(ladder) => {
            let laid: Vec<_> = ladder
                .solution
                .unwrap_or_default()
                .iter()
                .map(|h| serde_json::json!({"card": h.number(), "orientation": ladder.orientation}))
                .collect();
            serde_json::json!({ "sequence": laid })
        }
        PuzzleView::Deal(deal) => serde_json::json!({ "turns": deal.solution.unwrap_or_default() }),
        PuzzleView::Solitaire(deal) => serde_json::json!({ "moves": deal.solution.unwrap_or_default() }),
    };
    body.to_string()
}

/// The verdict on a proposed answer:
/// `{"valid":…,"finished":…,"length"|"score":…,"optimum":…,"errors":[…]}`, with the
/// `state`, the `distance` from the optimum once finished, and the move (`failed_move`,
/// Pathways) or turn (`failed_turn`, Zhi Pai) and stable `rule` of the first broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PuzzleCheck {
    Ladder(LadderCheck),
    Deal(DealCheck),
    Solitaire(SolitaireCheck),
}

impl PuzzleCheck {
    pub fn valid(&self) -> bool {
        match self {
            PuzzleCheck::Ladder(c) => c.valid,
            PuzzleCheck::Deal(c) => c.valid,
            PuzzleCheck::Solitaire(c) => c.valid,
        }
    }
}

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
    /// Legal so far, but the goal cannot be reached any more from the top of the pile
    /// with the cards left in the deck: undo a move.
    pub dead_end: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealCheck {
    pub id: String,
    pub valid: bool,
    pub finished: bool,
    /// Once finished: the solo score.
    pub score: Option<u32>,
    pub optimum: u32,
    /// Score minus the optimum, once finished.
    pub distance: Option<u32>,
    pub state: State,
    /// Cards in the sequence, both starting cards included, and turns passed.
    pub length: usize,
    pub passes: usize,
    pub errors: Vec<String>,
    pub failed_turn: Option<usize>,
    pub rule: Option<&'static str>,
    /// The trigram cards active after the last legal turn (usable from the next one).
    pub active: hexforge_rules::zhi_pai::TrigramSet,
    /// Legal so far, but no turn is left: no card of the Common Zone links and every card
    /// of the deal is revealed.
    pub dead_end: bool,
}

/// What the store knows of one puzzle: the counts behind `GET /api/puzzles/{id}/stats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Answers checked (every check, moves of a game in progress included).
    pub attempts: u64,
    /// Answers that solved the puzzle.
    pub solved: u64,
    /// Solved answers at the optimum.
    pub optimal: u64,
    /// Solved answers by distance from the optimum.
    pub distribution: BTreeMap<u64, u64>,
}

/// How a solved answer compares with everyone's, as the service knows it, the answer
/// itself counted: `{"solved":5,"as_good":3,"optimal":2,"share_as_good":0.6}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Compared {
    /// Solved answers, this one included.
    pub solved: u64,
    /// Solved answers as close to the optimum as this one or closer, this one included.
    pub as_good: u64,
    /// Solved answers at the optimum, this one included if it is.
    pub optimal: u64,
    /// `as_good / solved`, rounded to two decimals.
    pub share_as_good: f64,
}

impl Compared {
    /// A solved answer `distance` from the optimum beside `counts`, which do not hold it yet.
    pub fn new(counts: &Counts, distance: u64) -> Compared {
        let solved = counts.solved + 1;
        let as_good = 1 + counts.distribution.range(..=distance).map(|(_, n)| n).sum::<u64>();
        let optimal = counts.optimal + u64::from(distance == 0);
        let share_as_good = (as_good as f64 / solved as f64 * 100.0).round() / 100.0;
        Compared { solved, as_good, optimal, share_as_good }
    }
}

/// A verdict with, on request, how it compares (`POST /api/puzzles/{id}/check?compare=true`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Checked {
    #[serde(flatten)]
    pub verdict: PuzzleCheck,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compared: Option<Compared>,
}

impl PuzzleCheck {
    /// Cards or points beyond the optimum, once solved.
    pub fn distance(&self) -> Option<u64> {
        match self {
            PuzzleCheck::Ladder(c) => c.distance.map(|d| d as u64),
            PuzzleCheck::Deal(c) => c.distance.map(u64::from),
            PuzzleCheck::Solitaire(c) => c.distance.map(|d| d as u64),
        }
    }
}

/// Judges a proposed answer to the puzzle `id` names: the first move that breaks a rule
/// is named; a legal answer that finishes is valid, with its distance from the optimum.
pub fn check(id: &PuzzleId, answer: &Answer) -> Result<PuzzleCheck, PuzzleError> {
    match (&made(id).puzzle, answer) {
        (Puzzle::Ladder(ladder), Answer::Sequence(sequence)) => {
            Ok(PuzzleCheck::Ladder(check_ladder(id, ladder, sequence)))
        }
        (Puzzle::Deal(deal), Answer::Turns(turns)) => {
            let played = deal::play(deal.start, &deal.deal, turns);
            let verdict = Replayed::new(played.failure.as_ref(), played.finished, || {
                format!("after {} the sequence is not finished", super::cards(played.length))
            });
            Ok(PuzzleCheck::Deal(DealCheck {
                id: id.to_string(),
                valid: verdict.state == State::Solved,
                finished: played.finished,
                score: played.score,
                optimum: deal.optimum,
                distance: played.score.map(|s| s - deal.optimum),
                state: verdict.state,
                length: played.length,
                passes: played.passes,
                errors: verdict.errors,
                failed_turn: verdict.failed_at,
                rule: verdict.rule,
                active: played.active,
                dead_end: played.dead_end,
            }))
        }
        (Puzzle::Solitaire(deal), Answer::Moves(moves)) => {
            Ok(PuzzleCheck::Solitaire(solitaire_puzzle::check(id, deal, moves)))
        }
        (puzzle, answer) => {
            let sent = match answer {
                Answer::Sequence(_) => "a sequence (a Pathways ladder's answer)",
                Answer::Turns(_) => "turns (a Zhi Pai deal's answer)",
                Answer::Moves(_) => "moves (a solitaire deal's answer)",
            };
            let is = match puzzle {
                Puzzle::Ladder(_) => {
                    "a Pathways ladder: answer it with a sequence of the cards laid, start first (1:dark,44:dark,…)"
                }
                Puzzle::Deal(_) => "a Zhi Pai deal: answer it with turns (17:left,pass,54:right,…)",
                Puzzle::Solitaire(_) => "a solitaire deal: answer it with moves (dark,2:light,turn,light,…)",
            };
            Err(PuzzleError::WrongAnswer(id.to_string(), sent, is))
        }
    }
}

fn check_ladder(id: &PuzzleId, ladder: &hexforge_rules::puzzles::Ladder, sequence: &[Laid]) -> LadderCheck {
    let mut cards = CardSet::ALL;
    for &removed in &ladder.removed {
        cards.remove(Card::new(removed));
    }
    let deck = Deck::from_set(cards).expect("the start and goal stay in");
    let puzzle = Puzzle_ { from: ladder.from, to: ladder.to, deck, mode: Mode::Dark };
    let judgement = pathways::judge(&puzzle, sequence);
    let state = match &judgement.violation {
        None => State::Solved,
        Some(_) if judgement.is_unfinished() => State::Unfinished,
        Some(_) => State::Broken,
    };
    let optimum = ladder.solution.len();
    // The cards left once those laid are out, searched from the top of the pile.
    let dead_end = state == State::Unfinished
        && judgement.moves.last().is_some_and(|top| {
            let laid = judgement.moves.iter().fold(0u64, |m, l| m | 1 << l.hexagram.bits());
            hexforge_rules::puzzles::ladder::shortest_count(ladder.deck() & !laid, top.hexagram, ladder.to).is_none()
        });
    LadderCheck {
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
        dead_end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexforge_rules::core::card::Orientation;

    fn id(text: &str) -> PuzzleId {
        text.parse().unwrap()
    }

    fn laid(cards: &[Hexagram]) -> Vec<Laid> {
        cards
            .iter()
            .map(|h| {
                Laid::new(hexforge_rules::core::card::Card::from_number(h.number().into()).unwrap(), Orientation::Dark)
            })
            .collect()
    }

    #[test]
    fn a_puzzles_own_solution_sent_as_a_request_is_an_optimal_answer() {
        for text in [
            "pathways-1",
            "pathways-2026-11-24",
            "zhipai-3",
            "zhipai-2026-11-24",
            "solitaire-2",
            "solitaire-2026-11-29",
        ] {
            let request: CheckRequest = serde_json::from_str(&solution_request(&id(text))).unwrap();
            let verdict = check(&id(text), &request.answer().unwrap()).unwrap();
            assert_eq!((verdict.valid(), verdict.distance()), (true, Some(0)), "{text}");
        }
    }

    #[test]
    fn an_answer_is_compared_with_itself_counted() {
        let counts = Counts {
            attempts: 20,
            solved: 4,
            optimal: 1,
            distribution: [(0, 1), (1, 2), (3, 1)].into_iter().collect(),
        };
        let c = Compared::new(&counts, 1);
        assert_eq!((c.solved, c.as_good, c.optimal, c.share_as_good), (5, 4, 1, 0.8));
        let c = Compared::new(&counts, 0);
        assert_eq!((c.solved, c.as_good, c.optimal, c.share_as_good), (5, 2, 2, 0.4));
        let first = Compared::new(&Counts::default(), 2);
        assert_eq!((first.solved, first.as_good, first.optimal, first.share_as_good), (1, 1, 0, 1.0));
        // The verdict's fields and the comparison side by side in one object.
        let request: CheckRequest = serde_json::from_str(&solution_request(&id("pathways-1"))).unwrap();
        let verdict = check(&id("pathways-1"), &request.answer().unwrap()).unwrap();
        let json = serde_json::to_value(Checked { verdict, compared: Some(c) }).unwrap();
        assert_eq!((json["state"].as_str(), json["compared"]["as_good"].as_u64()), (Some("solved"), Some(2)));
    }

    #[test]
    fn the_written_view_is_the_view() {
        for text in ["pathways-1", "pathways-2026-11-24", "zhipai-3", "zhipai-2026-11-24"] {
            let written: serde_json::Value = serde_json::from_slice(&show_json(&id(text))).unwrap();
            assert_eq!(written, serde_json::to_value(show(&id(text), false)).unwrap(), "{text}");
            // Again, from the memory.
            assert_eq!(serde_json::from_slice::<serde_json::Value>(&show_json(&id(text))).unwrap(), written);
        }
    }

    #[test]
    fn the_answer_checks_as_optimal_and_a_removed_card_is_named() {
        for text in ["pathways-1", "pathways-2026-11-24"] {
            let PuzzleView::Ladder(shown) = show(&id(text), true) else { panic!("a ladder") };
            let solution = shown.solution.clone().unwrap();
            let ladder_check = |cards: &[Hexagram]| match check(&id(text), &Answer::Sequence(laid(cards))).unwrap() {
                PuzzleCheck::Ladder(c) => c,
                PuzzleCheck::Deal(_) | PuzzleCheck::Solitaire(_) => panic!("a ladder's verdict"),
            };
            let verdict = ladder_check(&solution);
            assert_eq!((verdict.valid, verdict.distance, verdict.optimum), (true, Some(0), solution.len()), "{text}");
            assert!(
                matches!(show(&id(text), false), PuzzleView::Ladder(LadderView { solution: None, .. })),
                "the answer only on request"
            );

            // A removed card one line from the start, laid second: refused at move 2.
            let removed = shown.removed.iter().find(|h| h.distance(shown.from) == 1).copied();
            if let Some(card) = removed {
                let verdict = ladder_check(&[shown.from, card]);
                assert_eq!(
                    (verdict.state, verdict.failed_move, verdict.rule),
                    (State::Broken, Some(2), Some("not-in-deck"))
                );
            }
            let unfinished = ladder_check(&solution[..2]);
            assert_eq!((unfinished.state, unfinished.finished), (State::Unfinished, false));
        }
    }

    /// A pile whose top has no way left to the goal is a dead end; one step back is not.
    #[test]
    fn a_ladder_pile_that_cannot_reach_the_goal_is_a_dead_end() {
        let ladder_check =
            |text: &str, cards: &[Hexagram]| match check(&id(text), &Answer::Sequence(laid(cards))).unwrap() {
                PuzzleCheck::Ladder(c) => c,
                PuzzleCheck::Deal(_) | PuzzleCheck::Solitaire(_) => panic!("a ladder's verdict"),
            };
        let mut found = 0;
        for n in 1..=40 {
            let text = format!("pathways-{n}");
            let PuzzleView::Ladder(shown) = show(&id(&text), true) else { panic!("a ladder") };
            let solution = shown.solution.clone().unwrap();
            assert!(!ladder_check(&text, &solution[..2]).dead_end, "{text}: the answer's own way is open");
            // Every second card whose way to the goal is cut by the removed cards and the start.
            for next in shown.from.neighbours().into_iter().filter(|h| !shown.removed.contains(h) && *h != shown.to) {
                let verdict = ladder_check(&text, &[shown.from, next]);
                assert_eq!(verdict.state, State::Unfinished, "{text}");
                // Independently: flood from the second card over cards neither removed nor laid.
                let mut seen = vec![next];
                let mut at = 0;
                while at < seen.len() {
                    for h in seen[at].neighbours() {
                        if h != shown.from && !shown.removed.contains(&h) && !seen.contains(&h) {
                            seen.push(h);
                        }
                    }
                    at += 1;
                }
                let cut = !seen.contains(&shown.to);
                assert_eq!(verdict.dead_end, cut, "{text}: {shown:?} then {next:?}");
                found += usize::from(cut);
            }
        }
        assert!(found > 0, "some ladder among the first 40 has a dead end one card from the start");
    }

    #[test]
    fn a_deal_is_checked_by_its_turns_and_the_wrong_kind_of_answer_is_named() {
        let PuzzleView::Deal(shown) = show(&id("zhipai-1"), true) else { panic!("a deal") };
        assert_eq!(shown.deal.len(), 62);
        let turns = deal::parse_turns(&shown.solution.clone().unwrap().join(",")).unwrap();
        let PuzzleCheck::Deal(verdict) = check(&id("zhipai-1"), &Answer::Turns(turns)).unwrap() else { panic!() };
        assert_eq!((verdict.valid, verdict.score, verdict.distance), (true, Some(shown.optimum), Some(0)));
        let PuzzleCheck::Deal(pass) = check(&id("zhipai-1"), &Answer::Turns(vec![Turn::Pass])).unwrap() else {
            panic!()
        };
        assert_eq!((pass.state, pass.rule), (State::Unfinished, Some("not-finished")));
        let wrong = check(&id("zhipai-1"), &Answer::Sequence(Vec::new())).unwrap_err();
        assert!(wrong.to_string().contains("turns"), "{wrong}");
    }
}
