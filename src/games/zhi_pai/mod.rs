//! Zhi Pai (易經紙牌, SPEC §3): two chains of hexagram cards grown toward each other.
//!
//! - [`rules`]: laying a card, the three link conditions, the trigram cards, and [`score`]:
//!   the solo score, both in the rules crate (`hexforge_rules::zhi_pai`), re-exported here;
//! - [`solve`]: the exact shortest-sequence search, its engine in `astar.rs`, its
//!   relaxed-game bound in `relax.rs` and its abstraction refinement in `refine.rs`; [`check`]: the judge and checker of a proposed
//!   sequence. These are pure: no printing, no I/O.
//! - [`art`]: the layout of the cards; [`rulebook`]: the rulebook's data and figures;
//!   [`aids`]: what the player aid says.
//!
//! The public items of the four rule files are re-exported here, so callers write
//! `zhi_pai::shortest`, `zhi_pai::Setup`, …

pub use hexforge_rules::zhi_pai::{rules, score};

pub mod aids;
pub mod art;
mod astar;
pub mod check;
pub mod figures;
mod hard;
mod refine;
mod relax;
pub mod rulebook;
pub mod solve;
#[cfg(test)]
mod tests;

pub use astar::{CANCEL_POLL, Effort, REFINE_AFTER, RELAX_AFTER, Tuning, search_tuned};
pub use check::{JudgedMove, Judgement, Report, check, judge, parse_placements, sequence_length};
pub use hard::{HARD_QUESTIONS, HEAVIEST, HardQuestion};
pub use rules::{
    Condition, Game, Link, Placement, Position, Setup, Side, TrigramSet, Violation, ZhiPaiError, activate, is_swap,
    link, shared_trigram,
};
pub use score::{SOLO_PENALTIES, SoloPenalty, common_zone_penalty, solo_score};
pub use solve::{Budget, Outcome, SEARCH_LIMIT, Solution, Stop, search, shortest, shortest_within};

use crate::cards::{self, Lang, export};
use crate::games::ArtError;
use crate::games::{Component, Figure, PrintFile, PrintOptions};
use crate::print::output::Output;
use crate::rulebook::Book;

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
        rulebook::components(Lang::En)
    }

    fn rulebook_data(&self) -> serde_json::Value {
        rulebook::data(Lang::En)
    }

    fn figures(&self) -> Result<Vec<Figure>, ArtError> {
        figures::figures(Lang::En)
    }

    fn rulebook_langs(&self) -> &'static [Lang] {
        &[Lang::En, Lang::Fr]
    }

    fn book_in(&self, lang: Lang) -> Result<Book, ArtError> {
        let mut data = rulebook::data(lang);
        data["components"] = serde_json::json!(rulebook::components(lang));
        data["written"] = serde_json::json!(crate::games::default_written(self.key()));
        Ok(Book { key: self.key(), lang, data, figures: figures::figures(lang)? })
    }
}
