//! Puzzles (docs/puzzles.md), each determined by its id alone: the Pathways ladder ([`ladder`])
//! and the Zhi Pai deal ([`deal`]). Pure: no clock, no I/O; a daily id's date is given
//! by the caller (the application's `hexforge::puzzles::today`).

pub mod deal;
pub mod id;
pub mod ladder;

pub use deal::{Deal, DealDifficulty, Turn};
pub use id::{Date, PuzzleError, PuzzleGame, PuzzleId, Serial};
pub use ladder::{Ladder, LadderDifficulty};

/// A puzzle of either game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzle {
    Ladder(Ladder),
    Deal(Deal),
}

impl Puzzle {
    /// The puzzle an id names.
    pub fn from_id(id: &PuzzleId) -> Puzzle {
        match id.game {
            PuzzleGame::Pathways => Puzzle::Ladder(Ladder::generate(id.seed())),
            PuzzleGame::Zhipai => Puzzle::Deal(Deal::generate(id.seed())),
        }
    }
}
