//! Zhi Pai (易經紙牌, docs/conventions.md, Zhi Pai): two chains of hexagram cards grown toward each other.
//!
//! The rules, the solo score, the searches for the shortest sequence, the checker and the
//! game for two are pure and live in the rules crate (`hexforge_rules::zhi_pai`), where
//! callers find them. This folder holds what prints: [`art`]: the layout of the cards;
//! [`rulebook`]: the rulebook's data and [`figures`]; [`aids`]: what the player aid says.

pub use hexforge_rules::zhi_pai::KEY;

pub mod aids;
pub mod art;
pub mod figures;
pub mod rulebook;

use crate::cards::{Lang, PrintedDeck, export};
use crate::games::ArtError;
use crate::games::glance::Glance;
use crate::games::{ComponentRow, Figure, PrintFile, PrintOptions};
use crate::print::output::{ManifestEntry, Output};
use crate::print::plan::DuplexEdge;
use crate::rulebook::Book;

/// The Zhi Pai deck, as the card engine (`cards`) takes it.
pub const DECK: PrintedDeck = PrintedDeck::new(&art::Cards);

/// The Zhi Pai deck and its rulebook.
pub struct ZhiPai;

impl crate::games::PrintedGame for ZhiPai {
    fn lane(&self) -> super::Lane {
        super::Lane::Deck
    }

    fn key(&self) -> &'static str {
        KEY
    }

    fn files(&self, options: &PrintOptions) -> Vec<PrintFile> {
        export::files(DECK, options)
    }

    fn generate(&self, out: &Output, options: &PrintOptions) -> Result<(), ArtError> {
        Ok(export::write_deck(out, DECK, options, &export::no_progress)?)
    }

    fn components(&self) -> Vec<ComponentRow> {
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
        Ok(crate::games::book(
            self.key(),
            lang,
            rulebook::data(lang),
            rulebook::components(lang),
            figures::figures(lang)?,
        ))
    }

    fn glances(&self) -> Vec<(&'static str, Glance)> {
        vec![(hexforge_rules::zhi_pai::duel_registration::GAME.key(), aids::glance())]
    }

    fn sheet_duplex(&self, print: &PrintOptions) -> Option<DuplexEdge> {
        Some(print.duplex)
    }

    fn folder_about(&self, written: &[ManifestEntry]) -> String {
        DECK.folder_about(written)
    }
}
