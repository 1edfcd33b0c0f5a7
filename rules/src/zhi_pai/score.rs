//! Zhi Pai (docs/conventions.md, Zhi Pai): the solo score, one point per card plus a penalty for the cards
//! left in the Common Zone.

use super::rules::ZhiPaiError;
use serde::Serialize;

/// One row of the solo penalty table: a Common Zone of `common_zone` cards at the end
/// (or more, when `or_more`) costs `penalty` points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SoloPenalty {
    pub common_zone: u32,
    pub or_more: bool,
    pub penalty: u32,
}

/// The solo penalty by Common Zone size at the end of the game (docs/conventions.md, Zhi Pai).
pub const SOLO_PENALTIES: [SoloPenalty; 6] = [
    SoloPenalty { common_zone: 6, or_more: false, penalty: 0 },
    SoloPenalty { common_zone: 7, or_more: false, penalty: 1 },
    SoloPenalty { common_zone: 8, or_more: false, penalty: 2 },
    SoloPenalty { common_zone: 9, or_more: false, penalty: 4 },
    SoloPenalty { common_zone: 10, or_more: false, penalty: 8 },
    SoloPenalty { common_zone: 11, or_more: true, penalty: 16 },
];

/// The penalty for a Common Zone of this size at the end; below 6 is an error.
pub fn common_zone_penalty(common_zone: i64) -> Result<u32, ZhiPaiError> {
    SOLO_PENALTIES
        .iter()
        .rev()
        .find(|row| {
            i64::from(row.common_zone) == common_zone || row.or_more && common_zone >= i64::from(row.common_zone)
        })
        .map(|row| row.penalty)
        .ok_or(ZhiPaiError::CommonZoneTooSmall(common_zone))
}

/// The solo score of a finished game (lower is better): one point per card in the
/// sequence plus the Common Zone penalty.
pub fn solo_score(sequence_length: usize, common_zone: i64) -> Result<u32, ZhiPaiError> {
    Ok(sequence_length as u32 + common_zone_penalty(common_zone)?)
}
