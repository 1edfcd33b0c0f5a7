//! Zhi Pai (易經紙牌, SPEC §3): two chains of hexagram cards grown toward each other.
//!
//! - [`rules`]: laying a card, the three link conditions, the trigram cards;
//! - [`solve`]: the exact shortest-sequence search; [`check`]: the judge and checker of a
//!   proposed sequence; [`score`]: the solo score. These four are pure: no printing, no I/O.
//! - [`art`]: the layout of the cards; [`rulebook`]: the rulebook's data and figures;
//!   [`aids`]: what the player aid says.
//!
//! The public items of the four rule files are re-exported here, so callers write
//! `zhi_pai::shortest`, `zhi_pai::Setup`, …

pub mod aids;
pub mod art;
pub mod check;
pub mod figures;
pub mod rulebook;
pub mod rules;
pub mod score;
pub mod solve;
#[cfg(test)]
mod tests;

pub use check::{JudgedMove, Judgement, Report, check, judge, parse_placements, sequence_length};
pub use rules::{
    Condition, Game, Link, Placement, Position, Setup, Side, TrigramSet, Violation, ZhiPaiError, activate, is_swap,
    link, shared_trigram,
};
pub use score::{SOLO_PENALTIES, SoloPenalty, common_zone_penalty, solo_score};
pub use solve::{Budget, Outcome, SEARCH_LIMIT, Solution, Stop, search, shortest, shortest_within};

use crate::cards::{self, export};
use crate::games::ArtError;
use crate::games::{Component, Figure, PrintFile, PrintOptions};
use crate::print::output::Output;

/// The Zhi Pai deck and its rulebook.
pub struct ZhiPai;

impl crate::games::Game for ZhiPai {
    fn key(&self) -> &'static str {
        "zhi-pai"
    }

    fn files(&self, options: &PrintOptions) -> Vec<PrintFile> {
        export::files(cards::Deck::ZhiPai, options)
    }

    fn generate(&self, out: &Output, options: &PrintOptions) -> Result<(), ArtError> {
        Ok(export::write_deck(out, cards::Deck::ZhiPai, options, &export::no_progress)?)
    }

    fn components(&self) -> Vec<Component> {
        rulebook::components()
    }

    fn rulebook_data(&self) -> serde_json::Value {
        rulebook::data()
    }

    fn figures(&self) -> Result<Vec<Figure>, ArtError> {
        figures::figures()
    }
}
