//! Boards larger than a page: home-print tiles and one-sheet posters, as vector PDFs.
//!
//! Give it any artwork (a usvg tree and its size in millimetres) and a paper:
//!
//! - [`tiled_pdf`] splits the art over as many A4 or Letter pages as needed (portrait or
//!   landscape, whichever needs fewer pages). Neighbouring tiles overlap by
//!   [`TilingOptions::overlap_mm`]. Seams stay out of the art's play spaces
//!   ([`Artwork::keep_whole`]: stations, grid squares, the title), so tiles may differ in
//!   size ([`crate::print::seams`]). Tiles are named by column letter and row number, `A1`
//!   at the top left. Each tile is laid over its left and upper neighbours: cut its left
//!   and top margins off along the art, lay the cut edge on the dashed guide line of the
//!   neighbour, match the half-circle registration marks (⊕ when aligned) and glue. Every
//!   page says so in its margin ("B2 — glue to A2 and B1") with a map of the tiles.
//! - [`poster_pdf`] centres the whole art on one A3 or Tabloid sheet with crop marks.
//!
//! The art stays vector (krilla + krilla-svg, text embedded). Every page carries a TrimBox
//! (the tile or the art's trim) and a BleedBox, and the document asks viewers to print at
//! 100 % (`/PrintScaling /None`), since a scaled tile no longer meets its neighbour.
//!
//! [`plan`] does the arithmetic alone, without drawing, so callers and tests can see the
//! grid before any PDF is made. Page furniture (marks, labels, the tile map) is drawn from
//! the template `templates/tiling/page.svg.j2`.

use crate::print::paper::Paper;
use crate::print::pdf::{self, MmRect, PRINTER_SAFE_MM, PdfError, ViewerPreferences};
use crate::print::render;
use crate::print::seams::{self, Span};
use crate::print::template;
use krilla::page::PageLabel;
use serde::Serialize;

/// Errors of tiling.
#[derive(Debug, thiserror::Error)]
pub enum TilingError {
    /// The art size is not a positive finite number.
    #[error("art size {0} x {1} mm is not a positive size")]
    BadArtSize(f32, f32),
    /// Margin and overlap leave no room to make progress from page to page.
    #[error(
        "margin {margin_mm} mm and overlap {overlap_mm} mm leave no room on {paper}; \
         the overlap must be smaller than the printable area"
    )]
    NoRoom {
        /// The paper.
        paper: &'static str,
        /// Margin asked for.
        margin_mm: f32,
        /// Overlap asked for.
        overlap_mm: f32,
    },
    /// The art does not fit on the poster paper, in either orientation.
    #[error("art of {width_mm} x {height_mm} mm does not fit on {paper} with {margin_mm} mm margins")]
    TooLarge {
        /// The paper.
        paper: &'static str,
        /// Art width with bleed.
        width_mm: f32,
        /// Art height with bleed.
        height_mm: f32,
        /// Margin asked for.
        margin_mm: f32,
    },
    /// No way to place the seams clear of the art's play spaces.
    #[error(
        "no tiling of {width_mm} x {height_mm} mm art on {paper} keeps every seam out of the play spaces; \
         a seam needs a gap between them within each page's reach"
    )]
    NoCleanSeam {
        /// The paper.
        paper: &'static str,
        /// Art width.
        width_mm: f32,
        /// Art height.
        height_mm: f32,
    },
    /// The page furniture template failed.
    #[error(transparent)]
    Template(#[from] template::TemplateError),
    /// The page furniture SVG could not be parsed.
    #[error(transparent)]
    Render(#[from] render::RenderError),
    /// krilla could not draw or write the PDF.
    #[error(transparent)]
    Pdf(#[from] PdfError),
}

/// A piece of art to print: a parsed SVG and its physical size.
///
/// `width_mm` × `height_mm` is the whole SVG canvas, bleed included; the trim is inset by
/// `bleed_mm` on every side (0 for art without bleed).
#[derive(Clone, Copy)]
pub struct Artwork<'a> {
    /// The art, e.g. from [`crate::print::render::svg_tree`].
    pub tree: &'a usvg::Tree,
    /// Canvas width in millimetres.
    pub width_mm: f32,
    /// Canvas height in millimetres.
    pub height_mm: f32,
    /// Bleed on every side, inside the canvas (default 0).
    pub bleed_mm: f32,
    /// A short title printed in the margins, e.g. "Liubo board".
    pub title: &'a str,
    /// Play spaces and text no seam may cut through, in canvas millimetres (default none).
    pub keep_whole: &'a [MmRect],
}

/// How tiles are cut from the art.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TilingOptions {
    /// Blank margin on every side of a page, where the labels and marks go (default 12 mm,
    /// safe for home printers, which cannot print the outer 4–6 mm).
    pub margin_mm: f32,
    /// Overlap between neighbouring tiles, the glue strip (default 15 mm).
    pub overlap_mm: f32,
}

impl Default for TilingOptions {
    fn default() -> Self {
        TilingOptions { margin_mm: 12.0, overlap_mm: 15.0 }
    }
}

/// One page of a tiled print.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tile {
    /// Column, 0 = left.
    pub col: usize,
    /// Row, 0 = top.
    pub row: usize,
    /// The part of the art on this page, in art millimetres from its top left.
    pub x_mm: f32,
    /// See `x_mm`.
    pub y_mm: f32,
    /// Width of the part shown.
    pub width_mm: f32,
    /// Height of the part shown.
    pub height_mm: f32,
    /// Where that part's top left lies on the page, in millimetres.
    pub page_x_mm: f32,
    /// See `page_x_mm`.
    pub page_y_mm: f32,
}

impl Tile {
    /// The tile's name: column letter and row number, `A1` at the top left.
    pub fn label(&self) -> String {
        tile_label(self.col, self.row)
    }
}

fn tile_label(col: usize, row: usize) -> String {
    let mut letters = String::new();
    let mut c = col;
    loop {
        letters.insert(0, char::from(b'A' + (c % 26) as u8));
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    format!("{letters}{}", row + 1)
}

/// The grid of tiles for one art size and paper.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TilePlan {
    /// The paper.
    pub paper: Paper,
    /// Whether pages are landscape.
    pub landscape: bool,
    /// Page width in millimetres, as oriented.
    pub page_width_mm: f32,
    /// Page height in millimetres, as oriented.
    pub page_height_mm: f32,
    /// Columns of tiles.
    pub cols: usize,
    /// Rows of tiles.
    pub rows: usize,
    /// Tiles row by row, `A1, B1, …, A2, …`: the page order.
    pub tiles: Vec<Tile>,
}

impl TilePlan {
    /// The tile at `col`, `row`.
    pub fn tile(&self, col: usize, row: usize) -> Option<&Tile> {
        (col < self.cols && row < self.rows).then(|| &self.tiles[row * self.cols + col])
    }

    /// The smallest overlap between neighbouring tiles, or `None` for a single page.
    pub fn min_overlap_mm(&self) -> Option<f32> {
        let mut min: Option<f32> = None;
        for t in &self.tiles {
            for n in [self.tile(t.col + 1, t.row), self.tile(t.col, t.row + 1)].into_iter().flatten() {
                let o = if n.col > t.col { t.x_mm + t.width_mm - n.x_mm } else { t.y_mm + t.height_mm - n.y_mm };
                min = Some(min.map_or(o, |m| m.min(o)));
            }
        }
        min
    }
}

/// The tile grid for art of `width_mm` × `height_mm` on `paper`: portrait or landscape,
/// whichever needs fewer pages (portrait on a tie). Neighbours overlap by exactly
/// `opts.overlap_mm`, no seam cuts through a rectangle of `keep_whole` (art millimetres),
/// and every tile is centred on its page. Tiles of a column share their width, tiles of a
/// row their height.
pub fn plan(
    width_mm: f32,
    height_mm: f32,
    keep_whole: &[MmRect],
    paper: Paper,
    opts: &TilingOptions,
) -> Result<TilePlan, TilingError> {
    if !(width_mm > 0.0 && height_mm > 0.0 && width_mm.is_finite() && height_mm.is_finite()) {
        return Err(TilingError::BadArtSize(width_mm, height_mm));
    }
    let (pw, ph) = paper.size_mm();
    let m = opts.margin_mm;
    let usable = (pw.min(ph) - 2.0 * m).min(pw.max(ph) - 2.0 * m);
    if !(m >= 0.0 && opts.overlap_mm >= 0.0 && usable > opts.overlap_mm) {
        return Err(TilingError::NoRoom { paper: paper.name(), margin_mm: m, overlap_mm: opts.overlap_mm });
    }
    let across: Vec<Span> = keep_whole.iter().map(|r| Span { start: r.x, end: r.right() }).collect();
    let down: Vec<Span> = keep_whole.iter().map(|r| Span { start: r.y, end: r.bottom() }).collect();
    let make = |landscape: bool| {
        let (pw, ph) = if landscape { (ph, pw) } else { (pw, ph) };
        let columns = seams::split(width_mm, pw - 2.0 * m, opts.overlap_mm, &across)?;
        let rows = seams::split(height_mm, ph - 2.0 * m, opts.overlap_mm, &down)?;
        let tiles = rows
            .iter()
            .enumerate()
            .flat_map(|(row, r)| {
                columns.iter().enumerate().map(move |(col, c)| Tile {
                    col,
                    row,
                    x_mm: c.start,
                    y_mm: r.start,
                    width_mm: c.end - c.start,
                    height_mm: r.end - r.start,
                    page_x_mm: (pw - (c.end - c.start)) / 2.0,
                    page_y_mm: (ph - (r.end - r.start)) / 2.0,
                })
            })
            .collect();
        Some(TilePlan {
            paper,
            landscape,
            page_width_mm: pw,
            page_height_mm: ph,
            cols: columns.len(),
            rows: rows.len(),
            tiles,
        })
    };
    match (make(false), make(true)) {
        (Some(portrait), Some(landscape)) if landscape.tiles.len() < portrait.tiles.len() => Ok(landscape),
        (Some(portrait), _) => Ok(portrait),
        (None, Some(landscape)) => Ok(landscape),
        (None, None) => Err(TilingError::NoCleanSeam { paper: paper.name(), width_mm, height_mm }),
    }
}

/// A line of page furniture, in page millimetres.
#[derive(Debug, Clone, Serialize)]
struct Line {
    x1: f32,
    y1: f32,
    x2: f32,
    y2: f32,
    /// `cut` (solid tick), `guide` (dashed, where a neighbour's edge goes) or `crop`.
    class: &'static str,
}

/// A text of page furniture.
#[derive(Debug, Clone, Serialize)]
struct Text {
    x: f32,
    y: f32,
    text: String,
    size: f32,
    anchor: &'static str,
    bold: bool,
}

/// A cell of the tile map.
#[derive(Debug, Clone, Serialize)]
struct MapCell {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    current: bool,
}

/// Everything the page template draws.
#[derive(Debug, Clone, Default, Serialize)]
struct Furniture {
    width: f32,
    height: f32,
    lines: Vec<Line>,
    /// Registration marks (half on each tile of a seam), centres in page millimetres.
    marks: Vec<(f32, f32)>,
    /// Glue strips, as rectangles in the margin beside the strip.
    strips: Vec<(f32, f32, f32, f32)>,
    texts: Vec<Text>,
    map: Vec<MapCell>,
}

impl Furniture {
    fn new(width: f32, height: f32) -> Furniture {
        Furniture { width, height, ..Default::default() }
    }

    fn line(&mut self, class: &'static str, x1: f32, y1: f32, x2: f32, y2: f32) {
        self.lines.push(Line { x1, y1, x2, y2, class });
    }

    fn text(&mut self, x: f32, y: f32, size: f32, anchor: &'static str, bold: bool, t: String) {
        self.texts.push(Text { x, y, text: t, size, anchor, bold });
    }

    fn render(&self) -> Result<usvg::Tree, TilingError> {
        let svg = template::render("tiling/page.svg.j2", self)?;
        Ok(render::svg_tree(&svg, 72.0)?)
    }
}

/// The page furniture of one tile.
fn tile_furniture(plan: &TilePlan, tile: &Tile, art: &Artwork, opts: &TilingOptions) -> Furniture {
    let mut f = Furniture::new(plan.page_width_mm, plan.page_height_mm);
    let (px, py) = (tile.page_x_mm, tile.page_y_mm);
    let (pw, ph) = (tile.width_mm, tile.height_mm);
    let (x0, y0, x1, y1) = (px, py, px + pw, py + ph);
    // Page position of an art coordinate on this tile.
    let to_x = |ax: f32| px + ax - tile.x_mm;
    let to_y = |ay: f32| py + ay - tile.y_mm;
    // Ticks end 1 mm short of the art and stay out of the outer PRINTER_SAFE_MM.
    let tick = (opts.margin_mm - PRINTER_SAFE_MM - 1.0).clamp(2.0, 9.0);
    // Text baselines: just outside the art, but never in the outer 6 mm most home printers
    // cannot print.
    let top_y = (py - 3.0).max(8.5);
    let bottom_y = (y1 + 6.0).min(plan.page_height_mm - 6.0);

    // Cut edges: left and top, where this tile lies over its neighbours.
    let left = tile.col > 0;
    let top = tile.row > 0;
    if left {
        f.line("cut", x0, y0 - 1.0, x0, y0 - tick);
        f.line("cut", x0, y1 + 1.0, x0, y1 + tick);
        f.text(x0 - 1.5, y0 - 1.5, 3.0, "end", false, "✂".into());
    }
    if top {
        f.line("cut", x0 - 1.0, y0, x0 - tick, y0);
        f.line("cut", x1 + 1.0, y0, x1 + tick, y0);
    }
    // Guides: where the right and lower neighbours' cut edges go.
    let right = plan.tile(tile.col + 1, tile.row);
    let below = plan.tile(tile.col, tile.row + 1);
    if let Some(right) = right {
        let gx = to_x(right.x_mm);
        f.line("guide", gx, y0, gx, y1);
        f.strips.push((gx, y0 - tick, x1 - gx, tick - 1.0));
        f.strips.push((gx, y1 + 1.0, x1 - gx, tick - 1.0));
        let label = format!("glue {} here", right.label());
        f.text((gx + x1) / 2.0, bottom_y, 2.4, "middle", false, label);
    }
    if let Some(below) = below {
        let gy = to_y(below.y_mm);
        f.line("guide", x0, gy, x1, gy);
        f.strips.push((x0 - tick, gy, tick - 1.0, y1 - gy));
        f.strips.push((x1 + 1.0, gy, tick - 1.0, y1 - gy));
        f.text(x0 - 2.0, (gy + y1) / 2.0 + 1.0, 2.4, "end", false, below.label());
    }
    // Registration marks a third and two thirds along every seam this tile touches. A
    // seam lies on the left or top edge of the tile that covers it, so each of the two
    // tiles prints half of every mark that stays visible.
    let thirds = [1.0 / 3.0, 2.0 / 3.0];
    let seams_x = [left.then_some(tile.x_mm), right.map(|n| n.x_mm)];
    let seams_y = [top.then_some(tile.y_mm), below.map(|n| n.y_mm)];
    for sx in seams_x.into_iter().flatten() {
        for t in thirds {
            f.marks.push((to_x(sx), to_y(tile.y_mm + t * tile.height_mm)));
        }
    }
    for sy in seams_y.into_iter().flatten() {
        for t in thirds {
            f.marks.push((to_x(tile.x_mm + t * tile.width_mm), to_y(sy)));
        }
    }
    // Crop marks at the corners of the art's trim that fall on this tile.
    let b = art.bleed_mm;
    for (ax, ay, sx, sy) in [
        (b, b, -1.0, -1.0),
        (art.width_mm - b, b, 1.0, -1.0),
        (b, art.height_mm - b, -1.0, 1.0),
        (art.width_mm - b, art.height_mm - b, 1.0, 1.0),
    ] {
        let inside = |a: f32, lo: f32, len: f32| a >= lo - 0.01 && a <= lo + len + 0.01;
        if inside(ax, tile.x_mm, pw) && inside(ay, tile.y_mm, ph) {
            let (x, y) = (to_x(ax), to_y(ay));
            let (ex, ey) = (if sx < 0.0 { x0 } else { x1 }, if sy < 0.0 { y0 } else { y1 });
            f.line("crop", ex + sx * 1.0, y, ex + sx * tick, y);
            f.line("crop", x, ey + sy * 1.0, x, ey + sy * tick);
        }
    }

    // Labels: the tile's name and what to do with it, above; printing advice, below.
    let label = tile.label();
    let under: Vec<String> = [
        tile.col.checked_sub(1).map(|c| tile_label(c, tile.row)),
        tile.row.checked_sub(1).map(|r| tile_label(tile.col, r)),
    ]
    .into_iter()
    .flatten()
    .collect();
    let action = if under.is_empty() {
        "lay this one down first".to_string()
    } else {
        let cut = match (left, top) {
            (true, true) => "cut off the left and top margins",
            (true, false) => "cut off the left margin",
            _ => "cut off the top margin",
        };
        format!("glue to {}: {cut}, match the marks", under.join(" and "))
    };
    f.text(x0 + 2.0, top_y, 4.2, "start", true, label.clone());
    let indent = 4.2 * 0.62 * label.chars().count() as f32 + 4.0;
    f.text(x0 + indent, top_y, 2.6, "start", false, format!("— {action}"));
    let page_no = tile.row * plan.cols + tile.col + 1;
    f.text(
        x0 + 2.0,
        bottom_y,
        2.3,
        "start",
        false,
        format!(
            "{} · tile {page_no} of {} · {} · print at 100 % (no scaling)",
            art.title,
            plan.tiles.len(),
            plan.paper.name()
        ),
    );
    // The tile map, top right.
    let cell = (5.0 / plan.rows as f32).min(18.0 / plan.cols as f32);
    let (mx, my) = (x1 - cell * plan.cols as f32, top_y - cell * plan.rows as f32 + 0.5);
    for t in &plan.tiles {
        f.map.push(MapCell {
            x: mx + cell * t.col as f32,
            y: my + cell * t.row as f32,
            w: cell,
            h: cell,
            current: t == tile,
        });
    }
    f
}

/// What every tiled or poster PDF asks of the print dialog: no scaling, one-sided.
const PREFS: ViewerPreferences = ViewerPreferences { no_print_scaling: true, duplex: None };

/// The multi-page home print of `art` on `paper` (A4 or Letter, though any paper works):
/// one page per tile of [`plan`], in page order `A1, B1, …`, each labelled with its tile
/// name in the viewer's page list.
pub fn tiled_pdf(art: &Artwork, paper: Paper, opts: &TilingOptions) -> Result<Vec<u8>, TilingError> {
    let plan = plan(art.width_mm, art.height_mm, art.keep_whole, paper, opts)?;
    let page_size = (plan.page_width_mm, plan.page_height_mm);
    let whole_page = MmRect::new(0.0, 0.0, page_size.0, page_size.1);
    let mut doc = pdf::new_document(art.title);
    for tile in &plan.tiles {
        let furniture = tile_furniture(&plan, tile, art, opts).render()?;
        let trim = MmRect::new(tile.page_x_mm, tile.page_y_mm, tile.width_mm, tile.height_mm);
        let settings =
            pdf::page_settings(page_size, trim, trim)?.with_page_label(PageLabel::new(None, Some(tile.label()), None));
        let mut page = doc.start_page_with(settings);
        let mut s = page.surface();
        let at = MmRect::new(tile.page_x_mm - tile.x_mm, tile.page_y_mm - tile.y_mm, art.width_mm, art.height_mm);
        pdf::draw_svg(&mut s, art.tree, at, trim)?;
        pdf::draw_svg(&mut s, &furniture, whole_page, whole_page)?;
        s.finish();
        page.finish();
    }
    Ok(pdf::finish(doc, Some(PREFS))?)
}

/// The one-sheet print of `art`, centred on `paper` (A3 or Tabloid, though any paper
/// works) in the orientation where it fits, portrait first, with crop marks at the trim.
/// Fails if the art with `margin_mm` on every side fits in neither orientation.
pub fn poster_pdf(art: &Artwork, paper: Paper, margin_mm: f32) -> Result<Vec<u8>, TilingError> {
    let (pw, ph) = paper.size_mm();
    let fits = |w: f32, h: f32| art.width_mm + 2.0 * margin_mm <= w && art.height_mm + 2.0 * margin_mm <= h;
    let (pw, ph) = if fits(pw, ph) {
        (pw, ph)
    } else if fits(ph, pw) {
        (ph, pw)
    } else {
        return Err(TilingError::TooLarge {
            paper: paper.name(),
            width_mm: art.width_mm,
            height_mm: art.height_mm,
            margin_mm,
        });
    };
    let canvas = MmRect::new((pw - art.width_mm) / 2.0, (ph - art.height_mm) / 2.0, art.width_mm, art.height_mm);
    let b = art.bleed_mm;
    let trim = canvas.outset(-b, -b, -b, -b);
    let whole_page = MmRect::new(0.0, 0.0, pw, ph);
    let mut f = Furniture::new(pw, ph);
    let label_y = (canvas.y - margin_mm / 2.0).max(5.0);
    f.text(canvas.x + 10.0, label_y, 3.0, "start", true, art.title.to_string());
    f.text(
        canvas.right() - 10.0,
        label_y,
        2.4,
        "end",
        false,
        format!("{} · print at 100 % (no scaling) · cut on the crop marks", paper.name()),
    );
    let furniture = f.render()?;

    let mut doc = pdf::new_document(art.title);
    let mut page = doc.start_page_with(pdf::page_settings((pw, ph), trim, canvas)?);
    let mut s = page.surface();
    pdf::draw_svg(&mut s, art.tree, canvas, canvas)?;
    pdf::draw_svg(&mut s, &furniture, whole_page, whole_page)?;
    let offset = b + 1.0;
    let length = (margin_mm - offset - 2.0).clamp(2.0, 8.0);
    pdf::draw_crop_marks(
        &mut s,
        &pdf::CropMarks {
            xs: vec![trim.x, trim.right()],
            ys: vec![trim.y, trim.bottom()],
            offset: (offset, offset, offset, offset),
            length: (length, length, length, length),
            width_pt: 0.5,
        }
        .kept_inside((pw, ph)),
    );
    s.finish();
    page.finish();
    Ok(pdf::finish(doc, Some(PREFS))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_run_by_column_letter_and_row_number() {
        let cases = [((0, 0), "A1"), ((1, 0), "B1"), ((0, 1), "A2"), ((25, 2), "Z3"), ((26, 0), "AA1")];
        for ((c, r), want) in cases {
            assert_eq!(tile_label(c, r), want);
        }
    }

    #[test]
    fn a_board_that_fits_is_one_centred_page() {
        let p = plan(150.0, 100.0, &[], Paper::A4, &TilingOptions::default()).unwrap();
        assert_eq!((p.cols, p.rows), (1, 1));
        let t = &p.tiles[0];
        assert_eq!((t.page_x_mm, t.page_y_mm), (30.0, 98.5));
        assert_eq!(p.min_overlap_mm(), None);
    }

    #[test]
    fn grids_cover_the_art_with_enough_overlap() {
        let opts = TilingOptions::default();
        let cases = [
            (250.0, 250.0, Paper::A4, 2),
            (250.0, 250.0, Paper::Letter, 2),
            (400.0, 400.0, Paper::A4, 6),
            (600.0, 420.0, Paper::Letter, 8),
        ];
        for (w, h, paper, pages) in cases {
            let p = plan(w, h, &[], paper, &opts).unwrap();
            assert_eq!(p.tiles.len(), pages, "{w}x{h} on {paper:?}");
            assert!((p.min_overlap_mm().unwrap() - opts.overlap_mm).abs() < 1e-3);
            let last = p.tiles.last().unwrap();
            assert!((last.x_mm + last.width_mm - w).abs() < 1e-3, "covers the width");
            assert!((last.y_mm + last.height_mm - h).abs() < 1e-3, "covers the height");
            for t in &p.tiles {
                assert!(t.page_x_mm >= opts.margin_mm - 1e-3);
                assert!(t.page_x_mm + t.width_mm <= p.page_width_mm - opts.margin_mm + 1e-3);
                assert!(t.page_y_mm + t.height_mm <= p.page_height_mm - opts.margin_mm + 1e-3);
            }
        }
    }

    #[test]
    fn landscape_is_chosen_when_it_saves_pages() {
        let p = plan(380.0, 180.0, &[], Paper::A4, &TilingOptions::default()).unwrap();
        assert!(p.landscape);
        assert_eq!((p.cols, p.rows), (2, 1));
    }

    #[test]
    fn impossible_options_are_refused() {
        let opts = TilingOptions { margin_mm: 20.0, overlap_mm: 200.0 };
        assert!(matches!(plan(500.0, 500.0, &[], Paper::A4, &opts), Err(TilingError::NoRoom { .. })));
        assert!(matches!(plan(0.0, 10.0, &[], Paper::A4, &TilingOptions::default()), Err(TilingError::BadArtSize(..))));
    }
}
