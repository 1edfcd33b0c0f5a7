//! Dragons of the Ba-Gua, one folder: its rules, its art, its print files and its rulebook.
//!
//! Stages: the facts (the rules crate's `hexforge_rules::dragons::{rules, wheel, scenarios}`,
//! and [`components`]) → layout in
//! millimetres ([`pieces`], [`boards`], [`sheets`], [`figures`]) → `templates/dragons/*.svg.j2`
//! (looks) → [`crate::print::render`] (PNG), [`crate::print::pdf`] and
//! [`crate::print::tiling`] (PDF). [`files`] names every file written; [`rulebook`] gives
//! the rulebook its facts. Nothing outside the rules decides a rule.

pub mod boards;
pub mod components;
pub mod figures;
pub mod files;
pub mod pieces;
pub mod rulebook;
pub mod screen;
pub mod sheets;

use crate::games::ArtError;
use crate::games::glance::Glance;
use crate::games::{ComponentRow, Figure, PlayArt, PrintFile, PrintOptions, PrintedGame};
use crate::print::output::{ManifestEntry, Output};

/// The game's key: its output folder, its rulebook's name, its name on the command line.
pub const KEY: &str = "dragons";

/// Dragons of the Ba-Gua.
pub struct Dragons;

impl PrintedGame for Dragons {
    fn key(&self) -> &'static str {
        KEY
    }

    fn files(&self, options: &PrintOptions) -> Vec<PrintFile> {
        files::files(options)
    }

    fn generate(&self, out: &Output, options: &PrintOptions) -> Result<(), ArtError> {
        files::generate(out, options)
    }

    fn components(&self) -> Vec<ComponentRow> {
        rulebook::component_rows()
    }

    fn rulebook_data(&self) -> serde_json::Value {
        rulebook::rulebook_data()
    }

    fn figures(&self) -> Result<Vec<Figure>, ArtError> {
        figures::rulebook_figures()
    }

    fn glances(&self) -> Vec<(&'static str, Glance)> {
        vec![(hexforge_rules::dragons::registration::GAME.key(), rulebook::glance())]
    }

    fn play_art(&self) -> Option<Result<PlayArt, ArtError>> {
        Some(screen::play_art())
    }

    /// The wheel of the Ba-Gua.
    fn play_picture(&self) -> Option<Result<String, ArtError>> {
        Some(boards::board_bagua_svg(true))
    }

    fn folder_about(&self, _written: &[ManifestEntry]) -> String {
        "the pieces sheets, the board of human (tiled, and whole on A3/Tabloid), every piece's drawing as SVG and \
         PNG, and the list of components"
            .to_string()
    }
}
