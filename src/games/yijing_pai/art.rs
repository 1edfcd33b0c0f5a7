//! 易经牌 (Yijing Pai) tiles as SVG, and their home-print sheets as PDF.
//!
//! # Tile format
//!
//! Paper tiles the size of a mahjong tile: **30 × 40 mm**, portrait, with 3 mm bleed on
//! every side (a 36 × 46 mm canvas, `viewBox="0 0 36 46"`). A mahjong-sized tile keeps a
//! laid hexagram (six tiles in a column, from the player outwards) about 24 cm long and lets
//! a whole set print on four or five sheets; poker-sized cards would make a hexagram half a
//! metre long. The line runs across the tile, so a column of tiles reads as the hexagram.
//!
//! Faces: a yang tile shows one solid bar, a yin tile a broken bar, the taiji tile the
//! yin-yang disc; each has its name in the top left corner and, turned, in the bottom right.
//! The back is the same for every tile and is symmetric under a half turn.
//!
//! # Sheets
//!
//! 6 × 6 = 36 tiles per page, edge to edge on shared cut lines, crop marks in the margins,
//! the same grid on A4 and Letter. Fronts and backs alternate; backs are mirrored left to
//! right for long-edge duplex. Tiles on the outside of the grid keep their bleed, so a
//! slightly crooked cut shows no white edge. The 144-tile set is 4 sheets, the 162-tile set
//! 5 (the last one 18 tiles).

use crate::cards::sheet::SEAM_OVERLAP_MM;
use crate::games::ArtError;
use crate::print::pdf::{self, CropMarks, MmRect, ViewerPreferences};
use crate::print::plan::Backs;
use crate::print::render;
use crate::print::template;
use hexforge_rules::yijing_pai::tiles::{TileKind, TileSet};
use serde::Serialize;

/// Trim width of a tile, mm.
pub const TILE_W_MM: f32 = 30.0;
/// Trim height of a tile, mm.
pub const TILE_H_MM: f32 = 40.0;
/// Bleed on every side, mm.
pub const BLEED_MM: f32 = 3.0;
/// Tiles per row of a sheet.
pub const COLS: usize = 6;
/// Rows of tiles on a sheet.
pub const ROWS: usize = 6;

/// A face to draw: one of the three kinds, or the common back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum TileFace {
    /// The front of a tile of this kind.
    Front(TileKind),
    /// The back, the same for every tile.
    Back,
}

impl TileFace {
    /// Every face: yang, yin, taiji, back.
    pub const ALL: [TileFace; 4] = [
        TileFace::Front(TileKind::Yang),
        TileFace::Front(TileKind::Yin),
        TileFace::Front(TileKind::Taiji),
        TileFace::Back,
    ];

    /// Key for file names: `yang`, `yin`, `taiji`, `back`.
    pub fn key(self) -> &'static str {
        match self {
            TileFace::Front(k) => k.key(),
            TileFace::Back => "back",
        }
    }

    /// The corner index printed on the face, e.g. `阳`; none on the back.
    pub fn label(self) -> &'static str {
        match self {
            TileFace::Front(TileKind::Yang) => "阳",
            TileFace::Front(TileKind::Yin) => "阴",
            TileFace::Front(TileKind::Taiji) => "太极",
            TileFace::Back => "",
        }
    }
}

/// The face's drawing model.
#[derive(Debug, Clone, Serialize)]
struct FaceView {
    /// `yang`, `yin`, `taiji` or `back`.
    face: &'static str,
    /// The corner index, e.g. `阳`.
    label: &'static str,
    canvas_w: f32,
    canvas_h: f32,
    bleed: f32,
    trim_w: f32,
    trim_h: f32,
}

/// One tile face as SVG, 36 × 46 mm with bleed.
pub fn tile_svg(face: TileFace) -> Result<String, ArtError> {
    tile_svg_with_backs(face, Backs::Full)
}

/// [`tile_svg`] with the back tile inked as `backs` asks; fronts are the same either way.
pub fn tile_svg_with_backs(face: TileFace, backs: Backs) -> Result<String, ArtError> {
    let view = FaceView {
        face: face.key(),
        label: face.label(),
        canvas_w: TILE_W_MM + 2.0 * BLEED_MM,
        canvas_h: TILE_H_MM + 2.0 * BLEED_MM,
        bleed: BLEED_MM,
        trim_w: TILE_W_MM,
        trim_h: TILE_H_MM,
    };
    Ok(template::render_with("yijing-pai/tile.svg.j2", view, backs)?)
}

/// One page of tiles: its kinds in grid order (row by row, left to right).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetPage {
    /// Tile at each grid cell, row by row; the page may be shorter than 36.
    pub tiles: Vec<TileKind>,
}

/// The pages of a set: every tile in print order, 36 to a page.
pub fn sheet_pages(set: TileSet) -> Vec<SheetPage> {
    set.tiles().chunks(COLS * ROWS).map(|c| SheetPage { tiles: c.to_vec() }).collect()
}

/// Where grid cell `i` of a page lies, trim box in page mm; `mirrored` for backs.
fn cell(paper: crate::print::paper::Paper, i: usize, mirrored: bool) -> MmRect {
    let (pw, ph) = paper.size_mm();
    let (gw, gh) = (COLS as f32 * TILE_W_MM, ROWS as f32 * TILE_H_MM);
    let (x0, y0) = ((pw - gw) / 2.0, (ph - gh) / 2.0);
    let (row, mut col) = (i / COLS, i % COLS);
    if mirrored {
        col = COLS - 1 - col;
    }
    MmRect::new(x0 + col as f32 * TILE_W_MM, y0 + row as f32 * TILE_H_MM, TILE_W_MM, TILE_H_MM)
}

/// The clip of a tile on a sheet: its trim, grown by the bleed on the sides that face the
/// outside of the filled part of the grid, and by [`SEAM_OVERLAP_MM`] across inner cut
/// lines (no hairline seam between neighbours, as on the card sheets).
fn clip(trim: MmRect, filled: &[MmRect]) -> MmRect {
    let has = |dx: f32, dy: f32| {
        filled
            .iter()
            .any(|r| (r.x - (trim.x + dx * TILE_W_MM)).abs() < 0.01 && (r.y - (trim.y + dy * TILE_H_MM)).abs() < 0.01)
    };
    let b = |neighbour: bool| if neighbour { SEAM_OVERLAP_MM } else { BLEED_MM };
    trim.outset(b(has(-1.0, 0.0)), b(has(0.0, -1.0)), b(has(1.0, 0.0)), b(has(0.0, 1.0)))
}

/// The print sheets of a set on A4 or Letter: for each page of [`sheet_pages`], a front
/// page then its back page (mirrored for long-edge duplex). TrimBox = the grid of tiles,
/// BleedBox = the grid with its bleed; viewers are asked not to scale and to print duplex
/// on the long edge.
pub fn sheets_pdf(set: TileSet, paper: crate::print::paper::Paper) -> Result<Vec<u8>, ArtError> {
    sheets_pdf_with_backs(set, paper, Backs::Full)
}

/// [`sheets_pdf`] with the back pages inked as `backs` asks.
pub fn sheets_pdf_with_backs(
    set: TileSet,
    paper: crate::print::paper::Paper,
    backs: Backs,
) -> Result<Vec<u8>, ArtError> {
    let trees: Vec<(TileFace, usvg::Tree)> = TileFace::ALL
        .iter()
        .map(|&f| Ok((f, render::svg_tree(&tile_svg_with_backs(f, backs)?, 96.0)?)))
        .collect::<Result<_, ArtError>>()?;
    let tree = |f: TileFace| &trees.iter().find(|(g, _)| *g == f).expect("all faces").1;
    let size = paper.size_mm();
    let mut doc = pdf::new_document(&format!("易经牌 Yijing Pai: {}-tile set", set.total()));
    for page in sheet_pages(set) {
        for mirrored in [false, true] {
            let cells: Vec<MmRect> = (0..page.tiles.len()).map(|i| cell(paper, i, mirrored)).collect();
            let grid = bounds(&cells);
            let bleed = grid.outset(BLEED_MM, BLEED_MM, BLEED_MM, BLEED_MM);
            let mut p = doc.start_page_with(pdf::page_settings(size, grid, bleed)?);
            let mut s = p.surface();
            for (kind, trim) in page.tiles.iter().zip(&cells) {
                let face = if mirrored { TileFace::Back } else { TileFace::Front(*kind) };
                let at = trim.outset(BLEED_MM, BLEED_MM, BLEED_MM, BLEED_MM);
                pdf::draw_svg(&mut s, tree(face), at, clip(*trim, &cells))?;
            }
            let mut xs: Vec<f32> = cells.iter().flat_map(|c| [c.x, c.right()]).collect();
            let mut ys: Vec<f32> = cells.iter().flat_map(|c| [c.y, c.bottom()]).collect();
            for v in [&mut xs, &mut ys] {
                v.sort_by(f32::total_cmp);
                v.dedup_by(|a, b| (*a - *b).abs() < 0.01);
            }
            let off = BLEED_MM + 1.0;
            let len = ((size.1 - ROWS as f32 * TILE_H_MM) / 2.0 - off - 4.0).clamp(3.0, 8.0);
            pdf::draw_crop_marks(
                &mut s,
                &CropMarks { xs, ys, offset: (off, off, off, off), length: (len, len, len, len), width_pt: 0.5 }
                    .kept_inside(size),
            );
            s.finish();
            p.finish();
        }
    }
    Ok(pdf::finish(doc, Some(ViewerPreferences::CARD_SHEETS))?)
}

fn bounds(rects: &[MmRect]) -> MmRect {
    let x0 = rects.iter().map(|r| r.x).fold(f32::INFINITY, f32::min);
    let y0 = rects.iter().map(|r| r.y).fold(f32::INFINITY, f32::min);
    let x1 = rects.iter().map(|r| r.right()).fold(f32::NEG_INFINITY, f32::max);
    let y1 = rects.iter().map(|r| r.bottom()).fold(f32::NEG_INFINITY, f32::max);
    MmRect::new(x0, y0, x1 - x0, y1 - y0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_fill_four_and_five_sheets() {
        let cases = [(TileSet::Standard144, 4, 36), (TileSet::Large162, 5, 18)];
        for (set, pages, last) in cases {
            let p = sheet_pages(set);
            assert_eq!(p.len(), pages);
            assert_eq!(p.last().unwrap().tiles.len(), last);
            let all: Vec<TileKind> = p.into_iter().flat_map(|p| p.tiles).collect();
            assert_eq!(all, set.tiles());
        }
    }

    #[test]
    fn the_grid_fits_both_papers_with_room_for_marks() {
        for paper in crate::print::paper::Paper::HOME {
            let (pw, ph) = paper.size_mm();
            let first = cell(paper, 0, false);
            let last = cell(paper, COLS * ROWS - 1, false);
            assert!(first.x - BLEED_MM >= 10.0 && first.y - BLEED_MM >= 10.0);
            assert!(last.right() + BLEED_MM <= pw - 10.0);
            assert!(last.bottom() + BLEED_MM <= ph - 10.0);
        }
    }

    #[test]
    fn backs_mirror_left_and_right() {
        for i in 0..COLS * ROWS {
            let (f, b) =
                (cell(crate::print::paper::Paper::A4, i, false), cell(crate::print::paper::Paper::A4, i, true));
            assert_eq!(f.y, b.y);
            assert!((f.x + b.x + TILE_W_MM - 210.0).abs() < 1e-3, "cell {i}");
        }
    }

    #[test]
    fn bleed_only_on_the_outside_of_the_grid() {
        let cells: Vec<MmRect> = (0..COLS * ROWS).map(|i| cell(crate::print::paper::Paper::A4, i, false)).collect();
        let s = SEAM_OVERLAP_MM;
        let inner = clip(cells[COLS + 1], &cells);
        assert_eq!(inner, cells[COLS + 1].outset(s, s, s, s));
        let corner = clip(cells[0], &cells);
        assert_eq!(corner, cells[0].outset(BLEED_MM, BLEED_MM, s, s));
    }
}
