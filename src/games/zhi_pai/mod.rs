//! Zhi Pai (易經紙牌, SPEC §3): two chains of hexagram cards grown toward each other.
//!
//! - [`rules`]: laying a card, the three link conditions, the trigram cards;
//! - [`solve`]: the exact shortest-sequence search; [`check`]: the checker of a proposed
//!   sequence; [`score`]: the solo score. These four are pure: no printing, no I/O.
//! - [`art`]: the layout of the cards; [`rulebook`]: the rulebook's data and figures.
//!
//! The public items of the four rule files are re-exported here, so callers write
//! `zhi_pai::shortest`, `zhi_pai::Setup`, …

pub mod art;
pub mod check;
pub mod rules;
pub mod score;
pub mod solve;
#[cfg(test)]
mod tests;

pub use check::{CheckQuery, PlacementInput, Report, check, check_query, check_scored, parse_placements};
pub use rules::{
    Condition, Game, Link, Placement, Position, Setup, Side, TrigramSet, Violation, ZhiPaiError, activate, is_swap,
    link, shared_trigram,
};
pub use score::{SOLO_PENALTIES, SoloPenalty, common_zone_penalty, solo_score};
pub use solve::{Answer, Query, SEARCH_LIMIT, Solution, shortest, shortest_within, solve_query};
