//! Zhi Pai (易經紙牌, docs/conventions.md, Zhi Pai): two chains of hexagram cards grown toward each other.
//!
//! - [`rules`]: laying a card, the three link conditions, the trigram cards, and a game in
//!   progress that refuses an illegal placement with the reason;
//! - [`score`]: the solo score;
//! - [`solve`]: the exact shortest-sequence search, its engine in `astar.rs`, its
//!   relaxed-game bound in `relax.rs` and its abstraction refinement in `refine.rs`;
//!   [`hard`]: the hardest questions it is asked (the benchmarks' and tests' cases);
//! - [`check`]: the judge and checker of a proposed sequence (it adds the optimum);
//! - [`duel`]: the game for two players, as an engine plays it (the one interface
//!   [`crate::play::Game`]), its greedy heuristic and its simulation.
//!
//! The card art and the rulebook live in the application (`hexforge::games::zhi_pai`),
//! which reads them here. The public items of the rule files are re-exported by this
//! module, so callers write `zhi_pai::shortest`, `zhi_pai::Setup`, …

mod astar;
pub mod check;
pub mod duel;
pub mod duel_record;
pub mod duel_registration;
pub mod duel_words;
mod hard;
mod refine;
mod relax;
pub mod rules;
pub mod score;
pub mod solve;
#[cfg(test)]
mod tests;

/// The game's key: in file and folder names, on the command line, in the API and in
/// records (`zhi-pai`).
pub const KEY: &str = "zhi-pai";

pub use astar::{CANCEL_POLL, Effort, REFINE_AFTER, RELAX_AFTER, Tuning, search_tuned};
pub use check::{JudgedMove, Judgement, Report, check, judge, parse_placements, sequence_length};
pub use hard::{HARD_QUESTIONS, HEAVIEST, HardQuestion};
pub use rules::{
    Chain, Condition, Link, Placement, Position, Setup, Side, TrigramSet, Violation, ZhiPaiError, activate, is_swap,
    link, shared_trigram,
};
pub use score::{SOLO_PENALTIES, SoloPenalty, common_zone_penalty, solo_score};
pub use solve::{Budget, Outcome, SEARCH_LIMIT, Solution, Stop, search, shortest, shortest_within};
