//! Puzzles (docs/puzzles.md): their generation, ids and checks are pure and live in the rules
//! crate (`hexforge_rules::puzzles`). What the
//! application adds is the clock: today's date and which daily puzzles are out now.

use hexforge_rules::puzzles::{Date, PuzzleError, PuzzleId};

/// Now, in Unix seconds (0 if the clock is before 1970).
pub fn now_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Today's date in UTC, from the system clock.
pub fn today() -> Date {
    Date::from_unix_seconds(now_seconds())
}

/// [`PuzzleId::released`] by the system clock: the id, if its puzzle is out now.
pub fn released_now(id: PuzzleId) -> Result<PuzzleId, PuzzleError> {
    id.released(Date::latest_released(now_seconds()))
}
