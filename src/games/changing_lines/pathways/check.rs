//! Pathways (SPEC §2): the checker of a proposed sequence, and the check requests of the
//! CLI and the HTTP API.

use super::super::deck::{Deck, DeckError};
use super::solve::shortest;
use super::{Laid, Mode, PathwaysError, Puzzle, Query};
use crate::core::card::{Card, Orientation};
use crate::core::hexagram::Hexagram;
use serde::{Deserialize, Serialize};
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
                let lines = laid.hexagram.distance(*top);
                let differs = if lines == 0 {
                    format!("which is the same hexagram as the top of the pile, {top}")
                } else {
                    format!("which differs from {top} in {lines} lines")
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

/// Checks a proposed sequence against the rules, stopping at the first broken one,
/// and reports it with the sequence's length and the optimal length.
pub fn check(puzzle: &Puzzle, sequence: &[Laid]) -> Report {
    let violation = first_violation(puzzle, sequence);
    let shortest = shortest(puzzle.from, puzzle.to, &puzzle.deck, puzzle.mode).map(|s| s.len());
    Report {
        valid: violation.is_none(),
        length: sequence.len(),
        shortest,
        errors: violation.iter().map(ToString::to_string).collect(),
        violation,
    }
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

/// One card of a proposed sequence as the API receives it: `{"card":1,"orientation":"dark"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaidInput {
    pub card: i64,
    pub orientation: String,
}

/// A check request: the question's fields plus `"sequence":[{"card":1,"orientation":"dark"},…]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "CheckWire")]
pub struct CheckQuery {
    #[serde(flatten)]
    pub query: Query,
    pub sequence: Vec<LaidInput>,
}

/// The flat form of a check request on the wire. It exists so that a misspelt field is
/// refused (serde cannot deny unknown fields through `flatten`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckWire {
    from: i64,
    to: i64,
    #[serde(default)]
    deck: Option<String>,
    #[serde(default)]
    cards: Option<Vec<i64>>,
    #[serde(default)]
    orientation: Option<String>,
    sequence: Vec<LaidInput>,
}

impl From<CheckWire> for CheckQuery {
    fn from(w: CheckWire) -> Self {
        let query = Query { from: w.from, to: w.to, deck: w.deck, cards: w.cards, orientation: w.orientation };
        CheckQuery { query, sequence: w.sequence }
    }
}

impl CheckQuery {
    /// The sequence, validated as cards and orientations (not yet against the rules).
    pub fn sequence(&self) -> Result<Vec<Laid>, PathwaysError> {
        if self.sequence.len() > 64 {
            return Err(PathwaysError::SequenceTooLong(self.sequence.len()));
        }
        self.sequence
            .iter()
            .map(|item| {
                let card = Card::from_number(item.card).map_err(|_| DeckError::CardOutOfRange(item.card))?;
                Ok(Laid::new(card, item.orientation.parse()?))
            })
            .collect()
    }
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

/// Checks a sequence from the API: the same body the CLI prints with `--json`.
pub fn check_query(query: &CheckQuery) -> Result<Report, PathwaysError> {
    let puzzle = query.query.puzzle()?;
    let sequence = query.sequence()?;
    Ok(check(&puzzle, &sequence))
}
