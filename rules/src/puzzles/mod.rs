//! Puzzles (docs/puzzles.md), each determined by its id alone: the Pathways ladder ([`ladder`]),
//! the Zhi Pai deal ([`deal`]) and the solitaire deal ([`solitaire`]). Pure: no clock, no I/O; a daily id's date is given
//! by the caller (the application's `hexforge::puzzles::today`).

pub mod deal;
pub mod id;
pub mod ladder;
pub mod solitaire;

pub use deal::{Deal, DealDifficulty, Turn};
pub use id::{Date, PuzzleError, PuzzleGame, PuzzleId, Serial};
pub use ladder::{Ladder, LadderDifficulty};
pub use solitaire::{SolitaireDeal, SolitaireDifficulty};

/// A puzzle of any of the three games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzle {
    Ladder(Ladder),
    Deal(Deal),
    Solitaire(SolitaireDeal),
}

impl Puzzle {
    /// The puzzle an id names.
    pub fn from_id(id: &PuzzleId) -> Puzzle {
        match id.game {
            PuzzleGame::Pathways => Puzzle::Ladder(Ladder::generate(id.seed())),
            PuzzleGame::Zhipai => Puzzle::Deal(Deal::generate(id.seed())),
            PuzzleGame::Solitaire => Puzzle::Solitaire(SolitaireDeal::generate(id.seed())),
        }
    }
}
