//! Zhi Pai (docs/conventions.md, Zhi Pai): the judge of a proposed sequence of placements (pure: every move
//! through the rules, no search), and the checker that adds the optimal length.

use super::rules::{Chain, Condition, Placement, Setup, Side, Violation, ZhiPaiError};
use super::solve::shortest;
use crate::core::deck::DeckError;
use crate::core::hexagram::Hexagram;
use crate::core::trigram::Trigram;
use serde::Serialize;

/// One placement as judged, as JSON:
/// `{"move":1,"card":6,"side":"left","condition":1,"trigram":null,"ok":true}`;
/// a refused placement has `"ok":false` and no condition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JudgedMove {
    /// Counted from 1.
    #[serde(rename = "move")]
    pub step: usize,
    pub card: Hexagram,
    pub side: Side,
    /// How the card links to the end it touches; `None` when it does not.
    pub condition: Option<Condition>,
    /// The trigram card spent (condition 3).
    pub trigram: Option<Trigram>,
    pub ok: bool,
}

/// The verdict of the rules alone on a proposed sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The placements up to and including the first refused one.
    pub moves: Vec<JudgedMove>,
    /// The first broken rule, or why the sequence is not finished.
    pub violation: Option<Violation>,
    /// The move a rule refused (`None` when every move was legal).
    pub failed_move: Option<usize>,
    /// The ends linked after some placement.
    pub finished: bool,
    /// When every move was legal and the ends are not linked yet: each placement legal
    /// next (empty otherwise).
    pub legal_next: Vec<Placement>,
}

impl Judgement {
    /// Every move legal but the ends not linked: not wrong, only not done.
    pub fn is_unfinished(&self) -> bool {
        matches!(self.violation, Some(Violation::NoPlacements | Violation::NotFinished { .. }))
    }
}

/// Plays the placements through the rules, stopping at the first refused one. Pure and
/// quick: no search, so a verdict is always given.
pub fn judge(setup: &Setup, placements: &[(Hexagram, Side)]) -> Judgement {
    let mut game = Chain::new(*setup);
    let mut moves = Vec::with_capacity(placements.len());
    let mut violation = None;
    let mut failed_move = None;
    for (i, &(card, side)) in placements.iter().enumerate() {
        let step = i + 1;
        match game.place(card, side) {
            Ok(p) => {
                moves.push(JudgedMove { step, card, side, condition: Some(p.condition), trigram: p.trigram, ok: true })
            }
            Err(v) => {
                moves.push(JudgedMove { step, card, side, condition: None, trigram: None, ok: false });
                violation = Some(v);
                failed_move = Some(step);
                break;
            }
        }
    }
    if violation.is_none() && game.finish().is_none() {
        violation = Some(if placements.is_empty() {
            Violation::NoPlacements
        } else {
            let (left, right) = (game.end(Side::Left), game.end(Side::Right));
            let last = game.placements().len();
            let why = game.why_not(left, right, game.last_usable(), Some(last));
            Violation::NotFinished { after: last, left, right, why }
        });
    }
    let legal_next = if failed_move.is_none() { game.legal_next() } else { Vec::new() };
    Judgement { moves, violation, failed_move, finished: game.finish().is_some(), legal_next }
}

/// The verdict on a proposed sequence, as JSON:
/// `{"valid":true,"finished":true,"length":6,"shortest":4,"errors":[]}`
/// (plus `"solo_score"` when a Common Zone size was given).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Every placement legal and the sequence finished by the last one.
    pub valid: bool,
    /// The ends linked after some placement.
    pub finished: bool,
    /// Cards in the sequence, both starting cards included.
    pub length: usize,
    /// The optimal length, `null` when no sequence exists.
    pub shortest: Option<usize>,
    /// The first broken rule in words; empty when valid.
    pub errors: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_score: Option<u32>,
    /// The first broken rule, for programs.
    #[serde(skip)]
    pub violation: Option<Violation>,
}

/// [`judge`], with the sequence's length and the optimal length. Errs only when the
/// search for the optimal length passes [`SEARCH_LIMIT`](super::SEARCH_LIMIT).
pub fn check(setup: &Setup, placements: &[(Hexagram, Side)]) -> Result<Report, ZhiPaiError> {
    let judgement = judge(setup, placements);
    Ok(Report {
        valid: judgement.violation.is_none(),
        finished: judgement.finished,
        length: sequence_length(placements.len()),
        shortest: shortest(setup)?.map(|s| s.sequence.len()),
        errors: judgement.violation.iter().map(ToString::to_string).collect(),
        solo_score: None,
        violation: judgement.violation,
    })
}

/// Cards on the table after `placements` placements: both starting cards count.
pub fn sequence_length(placements: usize) -> usize {
    placements + 2
}

/// Parses `6:left,22:right,…` (side `left`/`right`, or `l`/`r`).
pub fn parse_placements(text: &str) -> Result<Vec<(Hexagram, Side)>, ZhiPaiError> {
    let items: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    if items.len() > 62 {
        return Err(ZhiPaiError::TooManyPlacements(items.len()));
    }
    items
        .into_iter()
        .map(|item| {
            let (card, side) = item.split_once(':').ok_or_else(|| ZhiPaiError::BadPlacement(item.to_string()))?;
            let number: i64 = card.trim().parse().map_err(|_| DeckError::NotACardNumber(card.trim().to_string()))?;
            let card = Hexagram::from_number(number).map_err(|_| DeckError::CardOutOfRange(number))?;
            Ok((card, side.parse()?))
        })
        .collect()
}
