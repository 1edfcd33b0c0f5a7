//! Pathways (docs/conventions.md, The Changing Lines deck): the judge of a proposed sequence (pure: the rules alone, move by
//! move) and the checker that adds the optimal length.

use super::super::deck::{Deck, DeckError};
use super::solve::shortest;
use super::{Laid, Mode, PathwaysError, Puzzle};
use crate::core::card::{Card, Orientation};
use crate::core::hexagram::Hexagram;
use crate::core::hexagram::{LinePosition, Lines};
use serde::Serialize;
use std::fmt;

/// The first rule a proposed sequence breaks. Moves count from 1 (the start card).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// No card at all.
    Empty,
    /// The card lies a way the mode does not allow.
    WrongOrientation { step: usize, card: Card, orientation: Orientation, mode: Mode },
    /// The card is not in the deck.
    NotInDeck { step: usize, card: Card, deck: Deck },
    /// The card was laid before.
    CardReused { step: usize, card: Card, first: usize },
    /// The start card does not show the start hexagram.
    WrongStart { laid: Laid, from: Hexagram },
    /// The card does not differ from the top of the pile in exactly one line.
    NotOneLine { step: usize, laid: Laid, top: Hexagram },
    /// Every move is legal but the pile does not end on the goal.
    WrongEnd { top: Hexagram, to: Hexagram },
}

impl Violation {
    /// The move that broke the rule; `None` when no single move did (nothing laid, or the
    /// pile ends elsewhere).
    pub fn step(&self) -> Option<usize> {
        match self {
            Violation::Empty | Violation::WrongEnd { .. } => None,
            Violation::WrongStart { .. } => Some(1),
            Violation::WrongOrientation { step, .. }
            | Violation::NotInDeck { step, .. }
            | Violation::CardReused { step, .. }
            | Violation::NotOneLine { step, .. } => Some(*step),
        }
    }

    /// A short name of the rule, stable for tests and clients.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::Empty => "empty",
            Violation::WrongOrientation { .. } => "orientation",
            Violation::NotInDeck { .. } => "not-in-deck",
            Violation::CardReused { .. } => "card-reused",
            Violation::WrongStart { .. } => "start",
            Violation::NotOneLine { .. } => "one-line",
            Violation::WrongEnd { .. } => "end",
        }
    }
}

/// "card 40 shows 40", or "card 44, laid light, shows 43".
fn describe_laid(laid: &Laid) -> String {
    match laid.orientation {
        Orientation::Dark => format!("card {} shows {}", laid.card.number(), laid.hexagram),
        Orientation::Light => format!("card {}, laid light, shows {}", laid.card.number(), laid.hexagram),
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Empty => {
                write!(f, "the sequence is empty; it must start with a card showing the start hexagram")
            }
            Violation::WrongOrientation { step, card, orientation, mode } => write!(
                f,
                "move {step}: card {} is laid {orientation}, but in {mode} mode every card lies {}",
                card.number(),
                if *mode == Mode::Dark { "dark side up" } else { "light side up" }
            ),
            Violation::NotInDeck { step, card, deck } => {
                write!(f, "move {step}: card {} is not in {deck}", card.number())
            }
            Violation::CardReused { step, card, first } => write!(
                f,
                "move {step}: card {} was already laid at move {first}; each card is laid at most once",
                card.number()
            ),
            Violation::WrongStart { laid, from } => {
                write!(f, "move 1: {}, but the sequence starts from {from}", describe_laid(laid))
            }
            Violation::NotOneLine { step, laid, top } => {
                let lines = laid.hexagram.differing_lines(*top);
                let differs = match lines.as_slice() {
                    [] => format!("which is the same hexagram as the top of the pile, {top}"),
                    _ => format!("which differs from {top} in {} lines ({})", lines.len(), list_lines(&lines)),
                };
                write!(f, "move {step}: {}, {differs}; a card must change exactly one line", describe_laid(laid))
            }
            Violation::WrongEnd { top, to } => {
                write!(f, "the sequence ends on {top}, not on the goal {to}")
            }
        }
    }
}

/// The verdict on a proposed sequence, as JSON:
/// `{"valid":false,"length":3,"shortest":7,"errors":["move 3: card 40 shows 40, …"]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Every move legal and the pile ends on the goal.
    pub valid: bool,
    /// Cards in the proposed sequence.
    pub length: usize,
    /// The optimal length, `null` when the goal cannot be reached.
    pub shortest: Option<usize>,
    /// The first broken rule in words; empty when valid.
    pub errors: Vec<String>,
    /// The first broken rule, for programs.
    #[serde(skip)]
    pub violation: Option<Violation>,
}

/// One card of a proposed sequence as judged, as JSON:
/// `{"move":2,"card":44,"orientation":"dark","hexagram":44,"lines_changed":[1],"ok":true}`;
/// `lines_changed` are the lines that differ from the card below (none for the start card).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JudgedMove {
    /// Counted from 1 (the start card).
    #[serde(rename = "move")]
    pub step: usize,
    pub card: Card,
    pub orientation: Orientation,
    pub hexagram: Hexagram,
    pub lines_changed: Lines,
    pub ok: bool,
}

/// The verdict of the rules alone on a proposed sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The cards up to and including the first refused one.
    pub moves: Vec<JudgedMove>,
    /// The first broken rule, or why the pile is not done.
    pub violation: Option<Violation>,
    /// The move a rule refused (`None` when every move was legal).
    pub failed_move: Option<usize>,
    /// While every move is legal and the goal not reached: each card that may be laid
    /// next (empty otherwise).
    pub legal_next: Vec<LegalMove>,
}

/// A card a player may lay next, as JSON:
/// `{"card":44,"orientation":"dark","hexagram":44,"line":1}`; `line` is the line it
/// changes (`null` for the start card).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    pub card: Card,
    pub orientation: Orientation,
    pub hexagram: Hexagram,
    pub line: Option<LinePosition>,
}

impl Judgement {
    /// Every move legal but the goal not reached (or nothing laid yet): not wrong, only
    /// not done.
    pub fn is_unfinished(&self) -> bool {
        matches!(self.violation, Some(Violation::Empty | Violation::WrongEnd { .. }))
    }
}

/// Judges a proposed sequence against the rules, stopping at the first broken one.
pub fn judge(puzzle: &Puzzle, sequence: &[Laid]) -> Judgement {
    let violation = first_violation(puzzle, sequence);
    let failed_move = violation.as_ref().and_then(Violation::step);
    let judged = failed_move.unwrap_or(sequence.len());
    let moves = sequence[..judged]
        .iter()
        .enumerate()
        .map(|(i, laid)| JudgedMove {
            step: i + 1,
            card: laid.card,
            orientation: laid.orientation,
            hexagram: laid.hexagram,
            lines_changed: if i == 0 {
                Lines::default()
            } else {
                laid.hexagram.lines_differing_from(sequence[i - 1].hexagram)
            },
            ok: Some(i + 1) != failed_move,
        })
        .collect();
    let unfinished = matches!(violation, Some(Violation::Empty | Violation::WrongEnd { .. }));
    let legal_next = if unfinished { legal_next(puzzle, sequence) } else { Vec::new() };
    Judgement { moves, violation, failed_move, legal_next }
}

/// Every card, laid each way the mode allows, that may go on top of a legal pile that
/// has not reached the goal: the start card(s) on an empty pile, else a card not used yet
/// showing a hexagram one line away from the top.
fn legal_next(puzzle: &Puzzle, sequence: &[Laid]) -> Vec<LegalMove> {
    let top = sequence.last().map(|laid| laid.hexagram);
    let unused = puzzle.deck.cards().iter().filter(|&card| sequence.iter().all(|laid| laid.card != card));
    unused
        .flat_map(|card| {
            Orientation::BOTH.into_iter().filter(|&o| puzzle.mode.allows(o)).map(move |o| Laid::new(card, o))
        })
        .filter_map(|laid| {
            let line = match top {
                None => (laid.hexagram == puzzle.from).then_some(None)?,
                Some(top) => match laid.hexagram.differing_lines(top)[..] {
                    [line] => Some(line),
                    _ => return None,
                },
            };
            Some(LegalMove { card: laid.card, orientation: laid.orientation, hexagram: laid.hexagram, line })
        })
        .collect()
}

/// Checks a proposed sequence against the rules, stopping at the first broken one,
/// and reports it with the sequence's length and the optimal length.
pub fn check(puzzle: &Puzzle, sequence: &[Laid]) -> Report {
    let violation = judge(puzzle, sequence).violation;
    let shortest = shortest(puzzle.from, puzzle.to, &puzzle.deck, puzzle.mode).map(|s| s.len());
    Report {
        valid: violation.is_none(),
        length: sequence.len(),
        shortest,
        errors: violation.iter().map(ToString::to_string).collect(),
        violation,
    }
}

/// "2, 5": the line numbers, as the Zhi Pai messages list them.
fn list_lines(lines: &[LinePosition]) -> String {
    lines.iter().map(|l| l.get().to_string()).collect::<Vec<_>>().join(", ")
}

fn first_violation(puzzle: &Puzzle, sequence: &[Laid]) -> Option<Violation> {
    let Some(last) = sequence.last() else {
        return Some(Violation::Empty);
    };
    for (i, laid) in sequence.iter().enumerate() {
        let step = i + 1;
        let card = laid.card;
        if !puzzle.mode.allows(laid.orientation) {
            return Some(Violation::WrongOrientation { step, card, orientation: laid.orientation, mode: puzzle.mode });
        }
        if !puzzle.deck.contains(card) {
            return Some(Violation::NotInDeck { step, card, deck: puzzle.deck });
        }
        if let Some(first) = sequence[..i].iter().position(|earlier| earlier.card == card) {
            return Some(Violation::CardReused { step, card, first: first + 1 });
        }
        if i == 0 {
            if laid.hexagram != puzzle.from {
                return Some(Violation::WrongStart { laid: *laid, from: puzzle.from });
            }
        } else {
            let top = sequence[i - 1].hexagram;
            if laid.hexagram.distance(top) != 1 {
                return Some(Violation::NotOneLine { step, laid: *laid, top });
            }
        }
    }
    (last.hexagram != puzzle.to).then_some(Violation::WrongEnd { top: last.hexagram, to: puzzle.to })
}

/// Parses `1:dark,44:dark,…` (orientation `dark`/`light`, or `d`/`l`).
pub fn parse_sequence(text: &str) -> Result<Vec<Laid>, PathwaysError> {
    let items: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    if items.len() > 64 {
        return Err(PathwaysError::SequenceTooLong(items.len()));
    }
    items
        .into_iter()
        .map(|item| {
            let (card, orientation) =
                item.split_once(':').ok_or_else(|| PathwaysError::BadLaidCard(item.to_string()))?;
            let number: i64 = card.trim().parse().map_err(|_| DeckError::NotACardNumber(card.trim().to_string()))?;
            let card = Card::from_number(number).map_err(|_| DeckError::CardOutOfRange(number))?;
            Ok(Laid::new(card, orientation.parse()?))
        })
        .collect()
}
