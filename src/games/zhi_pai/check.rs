//! Zhi Pai (SPEC §3): the checker of a proposed sequence of placements, and the check
//! requests of the CLI and the HTTP API.

use super::rules::{Game, Setup, Side, Violation, ZhiPaiError};
use super::score::common_zone_penalty;
use super::solve::{Query, shortest};
use crate::core::deck::DeckError;
use crate::core::hexagram::Hexagram;
use serde::{Deserialize, Serialize};

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

/// Checks a proposed sequence of placements, stopping at the first broken rule, and
/// reports it with the sequence's length and the optimal length. Errs only when the
/// search for the optimal length passes [`SEARCH_LIMIT`](super::SEARCH_LIMIT).
pub fn check(setup: &Setup, placements: &[(Hexagram, Side)]) -> Result<Report, ZhiPaiError> {
    let mut game = Game::new(*setup);
    let mut violation = None;
    for &(card, side) in placements {
        if let Err(v) = game.place(card, side) {
            violation = Some(v);
            break;
        }
    }
    if violation.is_none() && game.finish().is_none() {
        violation = Some(if placements.is_empty() {
            Violation::NoPlacements
        } else {
            let (left, right) = (game.end(Side::Left), game.end(Side::Right));
            let last = game.placements().len();
            let why = game.why_not(left, right, game.last_usable, Some(last));
            Violation::NotFinished { after: last, left, right, why }
        });
    }
    Ok(Report {
        valid: violation.is_none(),
        finished: game.finish().is_some(),
        length: setup_length(placements.len()),
        shortest: shortest(setup)?.map(|s| s.sequence.len()),
        errors: violation.iter().map(ToString::to_string).collect(),
        solo_score: None,
        violation,
    })
}

fn setup_length(placements: usize) -> usize {
    placements + 2
}

/// One placement as the API receives it: `{"card":6,"side":"left"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementInput {
    pub card: i64,
    pub side: String,
}

/// A check request: the question's fields plus `"placements":[{"card":6,"side":"left"},…]`
/// and, optionally, `"common_zone"` (its size at the end) for the solo score.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "CheckWire")]
pub struct CheckQuery {
    #[serde(flatten)]
    pub query: Query,
    pub placements: Vec<PlacementInput>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub common_zone: Option<i64>,
}

/// The flat form of a check request on the wire. It exists so that a misspelt field is
/// refused (serde cannot deny unknown fields through `flatten`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckWire {
    start: i64,
    #[serde(default)]
    available: Option<Vec<i64>>,
    #[serde(default)]
    active: Vec<String>,
    placements: Vec<PlacementInput>,
    #[serde(default)]
    common_zone: Option<i64>,
}

impl From<CheckWire> for CheckQuery {
    fn from(w: CheckWire) -> Self {
        let query = Query { start: w.start, available: w.available, active: w.active };
        CheckQuery { query, placements: w.placements, common_zone: w.common_zone }
    }
}

impl CheckQuery {
    /// The placements, validated as cards and sides (not yet against the rules).
    pub fn placements(&self) -> Result<Vec<(Hexagram, Side)>, ZhiPaiError> {
        if self.placements.len() > 62 {
            return Err(ZhiPaiError::TooManyPlacements(self.placements.len()));
        }
        self.placements
            .iter()
            .map(|p| {
                let card = Hexagram::from_number(p.card).map_err(|_| DeckError::CardOutOfRange(p.card))?;
                Ok((card, p.side.parse()?))
            })
            .collect()
    }
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

/// Checks placements from the API: the same body the CLI prints with `--json`. The solo
/// score is filled in when `common_zone` is given and the sequence is valid.
pub fn check_query(query: &CheckQuery) -> Result<Report, ZhiPaiError> {
    check_scored(&query.query.setup()?, &query.placements()?, query.common_zone)
}

/// [`check`], plus the solo score when a Common Zone size is given and the sequence is
/// valid. A Common Zone below 6 is an error.
pub fn check_scored(
    setup: &Setup,
    placements: &[(Hexagram, Side)],
    common_zone: Option<i64>,
) -> Result<Report, ZhiPaiError> {
    let penalty = common_zone.map(common_zone_penalty).transpose()?;
    let mut report = check(setup, placements)?;
    if report.valid {
        report.solo_score = penalty.map(|p| report.length as u32 + p);
    }
    Ok(report)
}
