//! The Liubo print files as PDF: the board tiled on A4 and Letter or whole on A3 and
//! Tabloid, and the pieces with the throw charts on A4 and Letter.

use super::board::{BOARD_MM, board_layout, board_svg};
use super::pieces::{CHART_MM, SHEET_MM, pieces_svg, throw_chart_svg};
use crate::games::ArtError;
use crate::print::paper::Paper;
use crate::print::pdf::{self, MmRect, ViewerPreferences};
use crate::print::render;
use crate::print::tiling::{self, Artwork, TilingOptions};

/// The board's home print on A4 or Letter: tiles with overlap and registration marks.
pub fn board_tiled_pdf(paper: Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&board_svg()?, 96.0)?;
    let spaces = play_spaces();
    let art = Artwork { keep_whole: &spaces, ..board_artwork(&tree) };
    Ok(tiling::tiled_pdf(&art, paper, &TilingOptions::default())?)
}

/// The board on one large sheet, A3 or Tabloid.
pub fn board_poster_pdf(paper: Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&board_svg()?, 96.0)?;
    Ok(tiling::poster_pdf(&board_artwork(&tree), paper, 12.0)?)
}

fn board_artwork(tree: &usvg::Tree) -> Artwork<'_> {
    Artwork {
        tree, width_mm: BOARD_MM, height_mm: BOARD_MM, bleed_mm: 0.0, title: "Liubo 六博 board", keep_whole: &[]
    }
}

/// The board's title as `templates/liubo/board.svg.j2` draws it: baseline, and a box
/// (width, height) generous for "六博 LIUBO" at 7 mm bold with 1.2 mm letter spacing.
const TITLE_BASELINE_MM: f32 = 19.0;
const TITLE_BOX_MM: (f32, f32) = (48.0, 7.0);

/// What no seam of the tiled board may cut: every station (the square around its circle)
/// and the title, so each station and the name of the game stay on one piece of paper.
pub fn play_spaces() -> Vec<MmRect> {
    let stations =
        board_layout().stations.into_iter().map(|s| MmRect::new(s.at.x - s.r, s.at.y - s.r, 2.0 * s.r, 2.0 * s.r));
    let (title_width, title_height) = TITLE_BOX_MM;
    let title =
        MmRect::new((BOARD_MM - title_width) / 2.0, TITLE_BASELINE_MM - title_height, title_width, title_height);
    stations.chain(std::iter::once(title)).collect()
}

/// The pieces on A4 or Letter: page 1 the sticks, stones and owls; page 2 the throw chart
/// twice, one for each player. Every page is centred, TrimBox on the art, no scaling.
pub fn pieces_pdf(paper: crate::print::paper::Paper) -> Result<Vec<u8>, ArtError> {
    let pieces = render::svg_tree(&pieces_svg()?, 96.0)?;
    let chart = render::svg_tree(&throw_chart_svg()?, 96.0)?;
    let size = paper.size_mm();
    let mut doc = pdf::new_document("Liubo 六博 pieces");
    let centred = |w: f32, h: f32| MmRect::new((size.0 - w) / 2.0, (size.1 - h) / 2.0, w, h);

    let sheet = centred(SHEET_MM.0, SHEET_MM.1);
    let mut page = doc.start_page_with(pdf::page_settings(size, sheet, sheet)?);
    let mut s = page.surface();
    pdf::draw_svg(&mut s, &pieces, sheet, sheet)?;
    s.finish();
    page.finish();

    let gap = 8.0;
    let both = centred(CHART_MM.0, 2.0 * CHART_MM.1 + gap);
    let mut page = doc.start_page_with(pdf::page_settings(size, both, both)?);
    let mut s = page.surface();
    for i in 0..2 {
        let at = MmRect::new(both.x, both.y + i as f32 * (CHART_MM.1 + gap), CHART_MM.0, CHART_MM.1);
        pdf::draw_svg(&mut s, &chart, at, at)?;
    }
    s.finish();
    page.finish();
    Ok(pdf::finish(doc, Some(ViewerPreferences { no_print_scaling: true, duplex: None }))?)
}
