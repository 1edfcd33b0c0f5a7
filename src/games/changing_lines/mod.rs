//! Changing Lines: the 64 dual-orientation cards, Tao, Pathways and divination (docs/conventions.md, The Changing Lines deck).
//!
//! - the Pathways decks (`3d` … `6d`, custom) and the Pathways puzzles, their exact search
//!   and checker, are pure, in the rules crate (`hexforge_rules::changing_lines`).
//! - [`art`]: the layout of the cards; [`rulebook`]: the rulebook's data and figures;
//!   [`aids`]: what the player aids say; [`glance`]: Tao and Pathways at a glance;
//!   [`spread_sheet`]: the page a spread is laid on.

pub mod aids;
pub mod art;
pub mod figures;
pub mod glance;
pub mod rulebook;
pub mod spread_sheet;

use crate::cards::{PrintedDeck, export};
use crate::games::ArtError;
use crate::games::glance::Glance;
use crate::games::{ComponentRow, Figure, PrintFile, PrintOptions};
use crate::print::output::{ManifestEntry, Output};
use crate::print::plan::DuplexEdge;

/// The deck's key: in file and folder names, on the command line and in the API.
pub const KEY: &str = "changing-lines";

/// The Changing Lines deck, as the card engine (`cards`) takes it.
pub const DECK: PrintedDeck = PrintedDeck::new(&art::Cards);

/// The Changing Lines deck and its rulebook.
pub struct ChangingLines;

impl crate::games::PrintedGame for ChangingLines {
    fn lane(&self) -> super::Lane {
        super::Lane::Deck
    }

    fn key(&self) -> &'static str {
        KEY
    }

    fn files(&self, options: &PrintOptions) -> Vec<PrintFile> {
        let mut files = export::files(DECK, options);
        files.extend(spread_sheet::files(options));
        files
    }

    fn generate(&self, out: &Output, options: &PrintOptions) -> Result<(), ArtError> {
        export::write_deck(out, DECK, options, &export::no_progress)?;
        spread_sheet::write(out, options)
    }

    fn components(&self) -> Vec<ComponentRow> {
        rulebook::components()
    }

    fn rulebook_data(&self) -> serde_json::Value {
        rulebook::data()
    }

    fn figures(&self) -> Result<Vec<Figure>, ArtError> {
        figures::figures()
    }

    fn glances(&self) -> Vec<(&'static str, Glance)> {
        use hexforge_rules::{changing_lines::pathways, tao};
        vec![(tao::registration::GAME.key(), glance::tao()), (pathways::registration::GAME.key(), glance::pathways())]
    }

    fn sheet_duplex(&self, print: &PrintOptions) -> Option<DuplexEdge> {
        Some(print.duplex)
    }

    fn folder_about(&self, written: &[ManifestEntry]) -> String {
        DECK.folder_about(written)
    }
}
