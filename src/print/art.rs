//! What the game art modules ([`crate::games::liubo::art`], [`crate::games::dragons::art`],
//! [`crate::games::yijing_pai::art`]) share: one error type for a drawing that could not be made,
//! and the step that writes a drawing as SVG and PNG.

use crate::print::output::{Output, OutputError};
use crate::print::pdf;
use crate::print::render;
use crate::print::template;
use crate::print::tiling;
use anyhow::Context;

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

/// Writes `svg` to `{stem}.svg` (manifest kind `{kind}-svg`) and, rasterised at `dpi`,
/// to `{stem}.png` (kind `{kind}-png`).
pub fn write_svg_and_png(out: &Output, stem: &str, kind: &str, svg: &str, dpi: f32) -> anyhow::Result<()> {
    out.write(&format!("{stem}.svg"), &format!("{kind}-svg"), svg.as_bytes())?;
    let png = render::svg_to_png(svg, dpi).with_context(|| format!("rendering {stem}.png"))?;
    out.write(&format!("{stem}.png"), &format!("{kind}-png"), &png)?;
    Ok(())
}
