//! Dragons of the Ba-Gua's print documents: the piece sheets (every tile as a fold-and-glue
//! pair, the ruler, the stones, the coin), the home-print PDF (board of Ba-Gua, piece
//! sheets, setups) and the board of human tiled over home paper or whole on a large
//! sheet ([`crate::print::tiling`]).

use super::boards::{
    BAGUA_MM, Placement, board_bagua_svg_placed, board_human_size_mm, board_human_svg, board_human_svg_placed,
    board_side_mm, cell_centre,
};
use super::components::{COMPONENTS, Component, ComponentKind, Shape, component};
use super::pieces::CELL_MM;
use super::pieces::{COIN_MM, Piece, PieceFace, RULER_MM, STONE_MM, TILE_MM, pair, ruler_pair};
use crate::games::ArtError;
use crate::print::pdf::{self, MmRect, ViewerPreferences};
use crate::print::render;
use crate::print::template;
use crate::print::tiling;
use hexforge_rules::dragons::rules::{BOARD_SIZE, Cell, StoneColour};
use hexforge_rules::dragons::scenarios::scenarios;
use serde::Serialize;
use serde_json::{Value, json};

/// What a sheet page draws: pieces, ruler faces, cut outlines, fold lines, texts.
#[derive(Debug, Clone, Default, Serialize)]
struct Sheet {
    width: f32,
    height: f32,
    pieces: Vec<Piece>,
    rulers: Vec<Value>,
    /// [{shape: rect|circle, x, y, w, h}] cut outlines.
    cuts: Vec<Value>,
    /// [{x1, y1, x2, y2}] fold lines.
    folds: Vec<Value>,
    texts: Vec<Value>,
    /// A board nested in the page, drawn over the rest (its SVG, placed).
    board: Option<String>,
    /// The trim: the bounding box of everything to cut out.
    #[serde(skip)]
    trim: Option<MmRect>,
}

impl Sheet {
    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, text: impl Into<String>) {
        self.texts.push(json!({ "x": x, "y": y, "size": size, "bold": bold, "text": text.into() }));
    }

    fn grow(&mut self, r: MmRect) {
        self.trim = Some(match self.trim {
            None => r,
            Some(t) => {
                let (x0, y0) = (t.x.min(r.x), t.y.min(r.y));
                MmRect::new(x0, y0, t.right().max(r.right()) - x0, t.bottom().max(r.bottom()) - y0)
            }
        });
    }

    fn cut_rect(&mut self, r: MmRect) {
        self.cuts.push(json!({ "shape": "rect", "x": r.x, "y": r.y, "w": r.w, "h": r.h }));
        self.grow(r);
    }

    /// A two-faced piece: the faces side by side, fold between them.
    fn fold_pair(&mut self, a: Piece, b: Piece, x: f32, y: f32) {
        let s = a.size;
        self.pieces.push(a.at(x + s / 2.0, y + s / 2.0));
        self.pieces.push(b.at(x + 1.5 * s, y + s / 2.0));
        self.cut_rect(MmRect::new(x, y, 2.0 * s, s));
        self.folds.push(json!({ "x1": x + s, "y1": y, "x2": x + s, "y2": y + s }));
    }
}

const SHEET_MARGIN: f32 = 12.0;

/// The two piece sheets for `paper`: tiles and the ruler; stones and the coin.
fn piece_sheets(paper: crate::print::paper::Paper) -> Vec<Sheet> {
    let (pw, ph) = paper.size_mm();
    let m = SHEET_MARGIN;
    let title = |s: &mut Sheet, n: usize, what: &str| {
        s.text(m, m + 1.0, 4.2, true, format!("Dragons of the Ba-Gua — pieces, sheet {n} of 2: {what}"));
        s.text(
            m,
            m + 6.0,
            2.6,
            false,
            "Print at 100 % (no scaling) on card. Cut on the solid lines; fold two-faced pieces on the dashed line and glue the halves back to back.",
        );
    };

    // Sheet 1: every tile as a fold pair, three to a row, then the ruler.
    let mut one = Sheet { width: pw, height: ph, ..Default::default() };
    title(&mut one, 1, "tiles and the ruler");
    let tiles: Vec<&'static Component> = COMPONENTS
        .iter()
        .filter(|c| c.shape == Shape::Tile)
        .flat_map(|c| std::iter::repeat_n(c, c.quantity as usize))
        .collect();
    let (cols, gx, gy) = (3usize, 8.0, 6.0);
    let block = cols as f32 * 2.0 * TILE_MM + (cols - 1) as f32 * gx;
    let x0 = (pw - block) / 2.0;
    let y0 = m + 14.0;
    for (i, c) in tiles.iter().enumerate() {
        let (a, b) = pair(c);
        let x = x0 + (i % cols) as f32 * (2.0 * TILE_MM + gx);
        let y = y0 + (i / cols) as f32 * (TILE_MM + gy);
        one.fold_pair(a, b, x, y);
    }
    let rows = tiles.len().div_ceil(cols) as f32;
    let ry = y0 + rows * (TILE_MM + gy) + 6.0;
    let rx = (pw - RULER_MM.0) / 2.0;
    one.rulers.push(ruler_pair(rx, ry));
    one.cut_rect(MmRect::new(rx, ry, RULER_MM.0, 2.0 * RULER_MM.1));
    one.folds.push(json!({ "x1": rx, "y1": ry + RULER_MM.1, "x2": rx + RULER_MM.0, "y2": ry + RULER_MM.1 }));
    one.text(
        rx,
        ry + 2.0 * RULER_MM.1 + 4.5,
        2.5,
        false,
        "Distance ruler: fold along its length, so the mouth (◀ at the left) is at the same end on both faces.",
    );

    // Sheet 2: the stones, eight to a row, and the flux coin.
    let mut two = Sheet { width: pw, height: ph, ..Default::default() };
    title(&mut two, 2, "stones and the flux coin");
    let pitch = STONE_MM + 3.0;
    let per_row = 8usize;
    let sx0 = (pw - per_row as f32 * pitch) / 2.0;
    let mut y = m + 16.0;
    let stones = [
        ComponentKind::WaterStone,
        ComponentKind::FireStone,
        ComponentKind::BaguaStone(StoneColour::White),
        ComponentKind::BaguaStone(StoneColour::Black),
    ];
    for kind in stones {
        let c = component(kind);
        let face = PieceFace { component: c, face: c.faces[0] };
        for k in 0..c.quantity as usize {
            let col = k % per_row;
            if k > 0 && col == 0 {
                y += pitch;
            }
            let (cx, cy) = (sx0 + (col as f32 + 0.5) * pitch, y + pitch / 2.0);
            two.pieces.push(face.piece().expect("a token").at(cx, cy));
            two.cuts.push(json!({ "shape": "circle", "x": cx, "y": cy, "w": STONE_MM, "h": STONE_MM }));
            two.grow(MmRect::new(cx - STONE_MM / 2.0, cy - STONE_MM / 2.0, STONE_MM, STONE_MM));
        }
        if kind != ComponentKind::BaguaStone(StoneColour::White) {
            y += pitch + 4.0;
        } else {
            y += pitch;
        }
    }
    let coin = component(ComponentKind::FluxCoin);
    let (a, b) = pair(coin);
    let cx = (pw - 2.0 * COIN_MM) / 2.0;
    let cy = y + 8.0;
    two.fold_pair(a, b, cx, cy);
    two.text(cx, cy + COIN_MM + 4.5, 2.5, false, "Flux coin: fold, glue, then cut the circle through both layers.");
    vec![one, two]
}

fn sheet_svg(s: &Sheet) -> Result<String, ArtError> {
    Ok(template::render("dragons/sheet.svg.j2", s)?)
}

/// One page of the home-print document: an SVG filling the page, its trim (the box to
/// cut out) and whether crop marks go at the trim's corners.
struct Page {
    svg: String,
    trim: MmRect,
    marks: bool,
}

/// The home-print document for `paper`: the board of Ba-Gua, the two piece sheets and
/// the two setup diagrams (reduced to fit). The board of human is a separate, tiled PDF.
pub fn home_print_pdf(paper: crate::print::paper::Paper) -> Result<Vec<u8>, ArtError> {
    let (pw, ph) = paper.size_mm();
    let mut pages = Vec::new();

    // The board of Ba-Gua, centred, with crop marks at its corners.
    let (bw, bh) = BAGUA_MM;
    let bx = (pw - bw) / 2.0;
    let by = (ph - bh) / 2.0 + 3.0;
    let mut board = Sheet { width: pw, height: ph, ..Default::default() };
    // Clear of the crop marks, which stand at the corners.
    board.text(bx + 9.0, by - 6.0, 3.4, true, "Dragons of the Ba-Gua — board of Ba-Gua");
    board.text(bx + 9.0, by - 2.6, 2.3, false, "Print at 100 % (no scaling). Cut on the crop marks.");
    board.board = Some(board_bagua_svg_placed(false, Placement { x: bx, y: by, w: bw, h: bh })?);
    pages.push(Page { svg: sheet_svg(&board)?, trim: MmRect::new(bx, by, bw, bh), marks: true });

    for sheet in piece_sheets(paper) {
        let trim = sheet.trim.expect("a sheet holds pieces");
        pages.push(Page { svg: sheet_svg(&sheet)?, trim, marks: false });
    }

    // The setup diagrams, reduced to the page.
    for s in scenarios() {
        let (iw, ih) = board_human_size_mm(Some(&s), true);
        let scale = ((pw - 2.0 * SHEET_MARGIN) / iw).min((ph - 2.0 * SHEET_MARGIN - 8.0) / ih);
        let (w, h) = (iw * scale, ih * scale);
        let (x, y) = ((pw - w) / 2.0, SHEET_MARGIN + 8.0);
        let mut page = Sheet { width: pw, height: ph, ..Default::default() };
        page.text(
            x,
            SHEET_MARGIN + 3.0,
            2.6,
            false,
            format!("Setup reference, reduced to {:.0} % — not for cutting. The full-size board is the separate tiled print.", scale * 100.0),
        );
        page.board = Some(board_human_svg_placed(Some(&s), true, Placement { x, y, w, h })?);
        pages.push(Page { svg: sheet_svg(&page)?, trim: MmRect::new(x, y, w, h), marks: false });
    }

    let mut doc = pdf::new_document("Dragons of the Ba-Gua — print and play");
    for p in &pages {
        let tree = render::svg_tree(&p.svg, 72.0)?;
        let settings = pdf::page_settings((pw, ph), p.trim, p.trim)?;
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        let full = MmRect::new(0.0, 0.0, pw, ph);
        pdf::draw_svg(&mut surface, &tree, full, full)?;
        if p.marks {
            let t = p.trim;
            pdf::draw_crop_marks(
                &mut surface,
                &pdf::CropMarks {
                    xs: vec![t.x, t.right()],
                    ys: vec![t.y, t.bottom()],
                    offset: (2.0, 2.0, 2.0, 2.0),
                    length: (5.0, 5.0, 5.0, 5.0),
                    width_pt: 0.5,
                }
                .kept_inside((pw, ph)),
            );
        }
        surface.finish();
        page.finish();
    }
    let prefs = ViewerPreferences { no_print_scaling: true, duplex: None };
    Ok(pdf::finish(doc, Some(prefs))?)
}

/// The board of human over several pages of `paper` (A4 or Letter), with overlaps and
/// alignment marks.
pub fn board_human_tiled_pdf(paper: crate::print::paper::Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&board_human_svg(None, false)?, 72.0)?;
    let squares = board_human_squares();
    let art = tiling::Artwork { keep_whole: &squares, ..board_human_artwork(&tree) };
    Ok(tiling::tiled_pdf(&art, paper, &tiling::TilingOptions::default())?)
}

/// The board of human on one large sheet (A3 or Tabloid).
pub fn board_human_poster_pdf(paper: crate::print::paper::Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&board_human_svg(None, false)?, 72.0)?;
    Ok(tiling::poster_pdf(&board_human_artwork(&tree), paper, 15.0)?)
}

/// The bare board of human (`tree`, parsed from [`board_human_svg`]) as tiling artwork.
fn board_human_artwork(tree: &usvg::Tree) -> tiling::Artwork<'_> {
    let s = board_side_mm();
    tiling::Artwork {
        tree,
        width_mm: s,
        height_mm: s,
        bleed_mm: 0.0,
        title: "Dragons of the Ba-Gua — board of human",
        keep_whole: &[],
    }
}

/// Every square of the board of human: the tiles' seams fall on grid lines, never
/// through a square a piece stands on.
pub fn board_human_squares() -> Vec<MmRect> {
    (0..BOARD_SIZE)
        .flat_map(|row| (0..BOARD_SIZE).map(move |col| Cell::new(col, row).expect("on the board")))
        .map(|c| {
            let (x, y) = cell_centre(c);
            MmRect::new(x - CELL_MM / 2.0, y - CELL_MM / 2.0, CELL_MM, CELL_MM)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dragons::pieces::PieceKind;

    #[test]
    fn board_is_larger_than_a_home_page_and_fits_a3() {
        let s = board_side_mm();
        assert_eq!(s, 249.0);
        assert!(s > 210.0 - 2.0 * SHEET_MARGIN);
        assert!(s + 30.0 <= 297.0);
    }

    #[test]
    fn sheets_hold_every_piece_once() {
        for paper in crate::print::paper::Paper::HOME {
            let sheets = piece_sheets(paper);
            let count = |kind: PieceKind| sheets.iter().flat_map(|s| &s.pieces).filter(|p| p.kind == kind).count();
            // Two-faced tiles print two faces each.
            assert_eq!(count(PieceKind::Head), 2 * 2);
            assert_eq!(count(PieceKind::Segment), 2 * 6);
            assert_eq!(count(PieceKind::Portal), 2 * 4);
            assert_eq!(count(PieceKind::Rock), 2);
            assert_eq!(count(PieceKind::Water), 8);
            assert_eq!(count(PieceKind::Fire), 8);
            assert_eq!(count(PieceKind::BaguaWhite) + count(PieceKind::BaguaBlack), 8);
            assert_eq!(count(PieceKind::Coin), 2);
            let (pw, ph) = paper.size_mm();
            for s in &sheets {
                let t = s.trim.unwrap();
                assert!(t.x >= SHEET_MARGIN - 0.01 && t.right() <= pw - SHEET_MARGIN + 0.01, "{paper:?} {t:?}");
                assert!(t.y >= SHEET_MARGIN && t.bottom() <= ph - SHEET_MARGIN, "{paper:?} {t:?}");
            }
        }
    }
}
