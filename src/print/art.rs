//! The one error type for a board, piece, tile, sheet or figure that could not be drawn,
//! shared by every game's art.

use crate::print::output::OutputError;
use crate::print::pdf;
use crate::print::render;
use crate::print::template;
use crate::print::tiling;

/// Why a board, piece, tile or print sheet could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum ArtError {
    /// A template failed.
    #[error(transparent)]
    Template(#[from] template::TemplateError),
    /// An SVG could not be parsed or rasterised.
    #[error(transparent)]
    Render(#[from] render::RenderError),
    /// A PDF could not be made.
    #[error(transparent)]
    Pdf(#[from] pdf::PdfError),
    /// A tiled or poster PDF could not be made.
    #[error(transparent)]
    Tiling(#[from] tiling::TilingError),
    /// A file could not be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A card deck could not be exported.
    #[error(transparent)]
    Cards(#[from] crate::cards::export::ExportError),
}
