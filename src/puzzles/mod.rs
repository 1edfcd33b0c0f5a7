//! Puzzles (SPEC §8), each determined by its id alone: the Pathways ladder
//! ([`ladder`]) today; the Zhi Pai deal is not built yet. Pure: no clock, no I/O; the
//! daily id's date is given by the caller.

pub mod id;
pub mod ladder;

pub use id::{Date, PuzzleError, PuzzleGame, PuzzleId, Serial};
pub use ladder::{Ladder, LadderDifficulty};

/// The ladder an id names; an error for a Zhi Pai id (not published yet).
pub fn ladder(id: &PuzzleId) -> Result<Ladder, PuzzleError> {
    match id.game {
        PuzzleGame::Pathways => Ok(Ladder::generate(id.seed())),
        PuzzleGame::Zhipai => Err(PuzzleError::NotYet),
    }
}
