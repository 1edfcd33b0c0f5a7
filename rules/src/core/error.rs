//! The one error type of the pure core: bad values handed to it from outside.
//!
//! Every message is lowercase and says which value was wrong and what is allowed,
//! so the CLI and the HTTP service can show it to a person unchanged.

use thiserror::Error;

/// A value the core refuses, with what it would have accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoreError {
    #[error("hexagram number {0} is out of range 1..=64")]
    HexagramOutOfRange(i64),
    #[error("{0:?} is not a hexagram; expected a King Wen number 1..=64 or six lines like 000111")]
    NotAHexagram(String),
    #[error("line {0} is out of range 1..=6 (lines are counted from the bottom)")]
    LineOutOfRange(i64),
    #[error("line string {0:?} is not six characters of 0 (yin) and 1 (yang), written bottom to top")]
    BadLineString(String),
    #[error("unknown trigram {0:?}; expected one of heaven, lake, fire, thunder, wind, water, mountain, earth")]
    UnknownTrigram(String),
    #[error("unknown orientation {0:?}; expected dark or light")]
    UnknownOrientation(String),
    #[error("line value {value} at line {line} is not 6, 7, 8 or 9")]
    BadCastValue { line: usize, value: i64 },
    #[error("expected {expected} values, one per line from the bottom, but got {got}")]
    WrongCount { expected: usize, got: usize },
    #[error("line {0} is listed twice")]
    DuplicateLine(u8),
    #[error("unknown spread {name:?}; expected one of {allowed}")]
    UnknownSpread { name: String, allowed: String },
}
