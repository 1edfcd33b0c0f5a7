//! Zhi Pai (docs/conventions.md, Zhi Pai): the hardest questions found so far by `examples/zhi_pai_hard_family.rs`,
//! kept once for the regression tests (`tests/games/zhi_pai_hard.rs`), the benchmarks
//! (`benches/solver.rs`) and the load script's heavy clients (`examples/loadtest.rs`).

use super::rules::{Setup, TrigramSet};
use crate::core::deck::CardSet;
use crate::core::hexagram::Hexagram;

/// A question as the hunt prints it.
#[derive(Clone, Copy, Debug)]
pub struct HardQuestion {
    pub name: &'static str,
    pub start: i64,
    pub available: &'static [i64],
    pub active: &'static [&'static str],
}

impl HardQuestion {
    pub fn setup(&self) -> Setup {
        let start = Hexagram::from_number(self.start).expect("a card number");
        let available = CardSet::from_numbers(self.available).expect("card numbers");
        let active = TrigramSet::from_names(self.active).expect("trigram names");
        Setup::with_available(start, available, active).expect("the start cards are not listed")
    }

    /// The question as the body of `POST /api/zhipai/shortest`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({ "start": self.start, "available": self.available, "active": self.active })
    }
}

/// Every one has no finished sequence. The first four cost the A* search alone 26,655 to
/// 710,233 positions (27 ms to 5.1 s); the abstraction refinement decides each in a few
/// milliseconds. The last two are the worst the hunt found against the refinement.
pub const HARD_QUESTIONS: [HardQuestion; 6] = [
    HardQuestion {
        name: "issue 17",
        start: 2,
        available: &[4, 7, 8, 11, 15, 16, 19, 20, 23, 25, 29, 35, 36, 39, 40, 45, 46, 52, 62],
        active: &[],
    },
    HardQuestion {
        name: "hunt, 23 cards",
        start: 2,
        available: &[4, 7, 11, 15, 16, 18, 19, 20, 22, 23, 25, 28, 29, 31, 35, 36, 40, 45, 46, 52, 55, 56, 62],
        active: &[],
    },
    HardQuestion {
        name: "hunt, 23 cards, mountain and thunder active",
        start: 2,
        available: &[4, 7, 11, 15, 16, 19, 20, 23, 25, 28, 29, 31, 35, 36, 39, 40, 45, 46, 52, 53, 55, 56, 62],
        active: &["mountain", "thunder"],
    },
    HardQuestion {
        name: "hunt, 27 cards",
        start: 2,
        available: &[
            4, 7, 11, 15, 16, 19, 20, 22, 23, 25, 28, 29, 32, 35, 36, 39, 40, 45, 46, 47, 50, 52, 55, 56, 60, 62, 63,
        ],
        active: &[],
    },
    HardQuestion {
        name: "hunt against the refinement, 42 cards, heaven active",
        start: 2,
        available: &[
            4, 5, 6, 9, 10, 13, 18, 22, 24, 26, 28, 29, 30, 31, 32, 33, 34, 35, 37, 38, 39, 40, 41, 43, 44, 47, 48, 49,
            50, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64,
        ],
        active: &["heaven"],
    },
    HardQuestion {
        name: "hunt against the refinement, start 57, 37 cards",
        start: 57,
        available: &[
            2, 3, 4, 7, 8, 9, 12, 15, 17, 19, 21, 22, 23, 24, 25, 27, 29, 30, 32, 35, 36, 38, 39, 40, 41, 45, 47, 49,
            52, 54, 55, 56, 58, 60, 62, 63, 64,
        ],
        active: &[],
    },
];

/// The costliest of [`HARD_QUESTIONS`] for the search as it is (abstract states explored).
pub const HEAVIEST: HardQuestion = HARD_QUESTIONS[4];
