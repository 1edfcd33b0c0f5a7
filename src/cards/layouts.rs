//! The other ways to print a deck at home, beside the 3×3 duplex sheets of
//! [`super::sheet`]: fold-over sheets, print-then-cut sheets with their cut files, and
//! the duplex alignment test.
//!
//! - **Fold** ([`fold_pdf`]): for printers without duplex. A landscape page holds four
//!   cards: their fronts left of a dashed fold line, their backs right of it, mirrored
//!   about the line (as a long-edge duplex print mirrors them), so folding the sheet along
//!   the line puts each back behind its front. Glue the halves, then cut through both.
//! - **Cut** ([`cut_pdf`], [`cut_svgs`]): for print-then-cut machines. Six cards a
//!   landscape page, each with its full 3 mm bleed, inside Silhouette-style registration
//!   marks (a 5 mm square at the top left, 20 mm corner marks at the top right and
//!   bottom left, 10 mm in from the paper's edges). Each fronts page has an SVG in
//!   millimetres with the same marks and one cut path a card, on the same coordinates.
//!   Backs follow on their own pages, arranged for duplex like the 3×3 sheets.
//! - **Alignment test** ([`alignment_test_pdf`]): a two-sided page with millimetre
//!   scales, to read a duplex printer's drift and pass it to `--back-offset`.

use krilla::geom::{PathBuilder, Point, Transform};
use krilla::paint::{Fill, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use super::sheet::{
    Duplex, MARK_GAP_MM, MarkInks, SEAM_OVERLAP_MM, SheetError, bleed_in_margin, draw_note, krilla_rgb, note_font,
};
use super::{BLEED_MM, CANVAS_HEIGHT_MM, CANVAS_WIDTH_MM, TRIM_HEIGHT_MM, TRIM_WIDTH_MM, text_width};
use crate::print::paper::Paper;
use crate::print::pdf::{self, CropMarks, MmRect, PRINTER_SAFE_MM, PT_PER_MM, ViewerPreferences};
use crate::print::plan::DuplexEdge;
use crate::print::template;

/// A page turned to landscape.
fn landscape(paper: Paper) -> (f32, f32) {
    let (w, h) = paper.size_mm();
    (w.max(h), w.min(h))
}

// ----------------------------------------------------------------------------------
// Fold-over sheets.

/// Distance from the fold line to the nearest cut: room for 3 mm of bleed on each side
/// and 2 mm of clear paper where the fold bends.
pub const FOLD_GAP_MM: f32 = 5.0;

/// Cards a fold sheet holds: two columns, two rows.
pub const FOLD_COLS: usize = 2;
/// Rows of a fold sheet.
pub const FOLD_ROWS: usize = 2;

/// Geometry of a fold-over page, mm from the top left of the landscape page.
#[derive(Clone, Debug, PartialEq)]
pub struct FoldSheet {
    /// Page width and height (landscape).
    pub page: (f32, f32),
    /// x of the fold line (the middle of the page).
    pub fold_x: f32,
    /// The block of fronts, left of the fold.
    pub fronts: MmRect,
    /// The block of backs, right of the fold.
    pub backs: MmRect,
    /// Bleed kept on the outer side of each block (left of the fronts, right of the
    /// backs) and above and below.
    pub outer_bleed: (f32, f32),
}

impl FoldSheet {
    /// The layout on `paper`, turned to landscape.
    pub fn new(paper: Paper) -> FoldSheet {
        let page = landscape(paper);
        let fold_x = page.0 / 2.0;
        let (w, h) = (FOLD_COLS as f32 * TRIM_WIDTH_MM, FOLD_ROWS as f32 * TRIM_HEIGHT_MM);
        let y = (page.1 - h) / 2.0;
        let fronts = MmRect::new(fold_x - FOLD_GAP_MM - w, y, w, h);
        let backs = MmRect::new(fold_x + FOLD_GAP_MM, y, w, h);
        // As on the 3×3 sheets: marks first, what margin is left goes to bleed.
        FoldSheet { page, fold_x, fronts, backs, outer_bleed: (bleed_in_margin(fronts.x), bleed_in_margin(y)) }
    }

    /// The trim box of the front of card `k` (0..4) and of its back.
    pub fn cells(&self, k: usize) -> (MmRect, MmRect) {
        let (col, row) = (k % FOLD_COLS, k / FOLD_COLS);
        let cell = |block: MmRect, col: usize| {
            MmRect::new(
                block.x + col as f32 * TRIM_WIDTH_MM,
                block.y + row as f32 * TRIM_HEIGHT_MM,
                TRIM_WIDTH_MM,
                TRIM_HEIGHT_MM,
            )
        };
        // Folding about a vertical line mirrors the columns.
        (cell(self.fronts, col), cell(self.backs, FOLD_COLS - 1 - col))
    }

    /// What is shown of the card whose trim is `cell` in `block`: the trim, its full bleed
    /// towards the fold, the kept bleed on the outside, a hair across inner cuts.
    fn clip(&self, cell: MmRect, block: MmRect) -> MmRect {
        let (side, vertical) = self.outer_bleed;
        let near = |a: f32, b: f32| (a - b).abs() < 0.01;
        // The fronts' right edge and the backs' left edge face the fold.
        let fold_on_left = near(block.x, self.backs.x);
        let edge = |outer: bool, facing_fold: bool, outer_bleed: f32| match (outer, facing_fold) {
            (true, true) => BLEED_MM,
            (true, false) => outer_bleed,
            (false, _) => SEAM_OVERLAP_MM,
        };
        cell.outset(
            edge(near(cell.x, block.x), fold_on_left, side),
            edge(near(cell.y, block.y), false, vertical),
            edge(near(cell.right(), block.right()), !fold_on_left, side),
            edge(near(cell.bottom(), block.bottom()), false, vertical),
        )
    }

    /// The TrimBox: both blocks and the gap between them.
    pub fn trim_box(&self) -> MmRect {
        MmRect::new(self.fronts.x, self.fronts.y, self.backs.right() - self.fronts.x, self.fronts.h)
    }

    /// The BleedBox: the trim box with the outer bleed.
    pub fn bleed_box(&self) -> MmRect {
        let (s, v) = self.outer_bleed;
        self.trim_box().outset(s, v, s, v)
    }

    /// The crop marks of one block: top and bottom at every column, and on the block's
    /// outer side (never in the fold's gap).
    fn marks(&self, block: MmRect, outer_left: bool) -> CropMarks {
        let (s, v) = self.outer_bleed;
        let xs = (0..=FOLD_COLS).map(|i| block.x + i as f32 * TRIM_WIDTH_MM).collect();
        let ys = (0..=FOLD_ROWS).map(|i| block.y + i as f32 * TRIM_HEIGHT_MM).collect();
        let (left, right) = if outer_left { (6.0, 0.0) } else { (0.0, 6.0) };
        CropMarks {
            xs,
            ys,
            offset: (s + MARK_GAP_MM, v + MARK_GAP_MM, s + MARK_GAP_MM, v + MARK_GAP_MM),
            length: (left, 6.0, right, 6.0),
            width_pt: 0.5,
        }
        .kept_inside(self.page)
    }
}

/// The fold-over PDF of `cards` (front and back trees) on `paper`: four cards a page.
pub fn fold_pdf(cards: &[(&usvg::Tree, &usvg::Tree)], paper: Paper, title: &str) -> Result<Vec<u8>, SheetError> {
    let sheet = FoldSheet::new(paper);
    let mut doc = pdf::new_document(title);
    let font = note_font();
    let inks = MarkInks::from_style()?;
    let per_page = FOLD_COLS * FOLD_ROWS;
    let pages = cards.len().div_ceil(per_page);
    for (i, chunk) in cards.chunks(per_page).enumerate() {
        let settings = pdf::page_settings(sheet.page, sheet.trim_box(), sheet.bleed_box())?;
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        for (k, (front, back)) in chunk.iter().enumerate() {
            let (front_cell, back_cell) = sheet.cells(k);
            for (cell, block, tree) in [(front_cell, sheet.fronts, *front), (back_cell, sheet.backs, *back)] {
                let canvas = cell.outset(BLEED_MM, BLEED_MM, BLEED_MM, BLEED_MM);
                pdf::draw_svg(&mut surface, tree, canvas, sheet.clip(cell, block))?;
            }
        }
        pdf::draw_crop_marks(&mut surface, &sheet.marks(sheet.fronts, true));
        pdf::draw_crop_marks(&mut surface, &sheet.marks(sheet.backs, false));
        draw_fold_line(&mut surface, &sheet, font.as_ref(), &inks);
        if let Some(font) = &font {
            let note = format!(
                "{title} · fold sheet {}/{pages} · print one-sided at 100 % · fold on the dashed line, glue, cut",
                i + 1
            );
            draw_note(&mut surface, font, sheet.page, sheet.fronts.bottom(), &note, &inks);
        }
        surface.finish();
        page.finish();
    }
    let prefs = ViewerPreferences { no_print_scaling: true, duplex: Some(pdf::Duplex::Simplex) };
    Ok(pdf::finish(doc, Some(prefs))?)
}

/// The dashed fold line down the middle of the page, with "fold" at its top.
fn draw_fold_line(surface: &mut Surface, sheet: &FoldSheet, font: Option<&Font>, inks: &MarkInks) {
    let mut pb = PathBuilder::new();
    pb.move_to(sheet.fold_x * PT_PER_MM, PRINTER_SAFE_MM * PT_PER_MM);
    pb.line_to(sheet.fold_x * PT_PER_MM, (sheet.page.1 - PRINTER_SAFE_MM) * PT_PER_MM);
    if let Some(path) = pb.finish() {
        surface.set_fill(None);
        surface.set_stroke(Some(Stroke {
            paint: krilla_rgb(inks.guide).into(),
            width: 0.5,
            dash: Some(StrokeDash { array: vec![3.0, 2.0], offset: 0.0 }),
            ..Stroke::default()
        }));
        surface.draw_path(&path);
        surface.set_stroke(None);
    }
    if let Some(font) = font {
        let size = 2.2;
        let word = "fold";
        let w = text_width(word, size, false);
        let y = (sheet.fronts.y - 2.0).max(PRINTER_SAFE_MM + size);
        draw_text(surface, font, sheet.fold_x - w - 1.5, y, size, word, inks);
    }
}

// ----------------------------------------------------------------------------------
// Print-then-cut sheets.

/// Columns of a print-then-cut page.
pub const CUT_COLS: usize = 3;
/// Rows of a print-then-cut page.
pub const CUT_ROWS: usize = 2;

/// Corner radius of the cut path: a printed deck's round corners.
pub const CUT_CORNER_MM: f32 = 3.0;

/// Silhouette's "type 1" registration marks, at their default size: mm from the paper's
/// edges to the marks, the corner marks' length and thickness, the square's side.
pub const REG_INSET_MM: f32 = 10.0;
/// Length of each arm of a corner mark.
pub const REG_LENGTH_MM: f32 = 20.0;
/// Thickness of a corner mark.
pub const REG_THICKNESS_MM: f32 = 0.5;
/// Side of the square at the top left.
pub const REG_SQUARE_MM: f32 = 5.0;

/// Geometry of a print-then-cut page, mm from the top left of the landscape page.
#[derive(Clone, Debug, PartialEq)]
pub struct CutSheet {
    /// Page width and height (landscape).
    pub page: (f32, f32),
    /// The block of card canvases (each card with its whole bleed), centred.
    pub block: MmRect,
}

impl CutSheet {
    /// The layout on `paper`, turned to landscape.
    pub fn new(paper: Paper) -> CutSheet {
        let page = landscape(paper);
        let (w, h) = (CUT_COLS as f32 * CANVAS_WIDTH_MM, CUT_ROWS as f32 * CANVAS_HEIGHT_MM);
        CutSheet { page, block: MmRect::new((page.0 - w) / 2.0, (page.1 - h) / 2.0, w, h) }
    }

    /// The whole canvas of the card in `col`, `row`.
    pub fn canvas(&self, col: usize, row: usize) -> MmRect {
        MmRect::new(
            self.block.x + col as f32 * CANVAS_WIDTH_MM,
            self.block.y + row as f32 * CANVAS_HEIGHT_MM,
            CANVAS_WIDTH_MM,
            CANVAS_HEIGHT_MM,
        )
    }

    /// The card's cut: its trim box.
    pub fn cut(&self, col: usize, row: usize) -> MmRect {
        let c = self.canvas(col, row);
        MmRect::new(c.x + BLEED_MM, c.y + BLEED_MM, TRIM_WIDTH_MM, TRIM_HEIGHT_MM)
    }

    /// The registration marks, as filled rectangles: the square, then the arms of the
    /// top-right and bottom-left corners.
    pub fn registration_marks(&self) -> Vec<MmRect> {
        let (w, h) = self.page;
        let (i, l, t, s) = (REG_INSET_MM, REG_LENGTH_MM, REG_THICKNESS_MM, REG_SQUARE_MM);
        vec![
            MmRect::new(i, i, s, s),
            MmRect::new(w - i - l, i, l, t),
            MmRect::new(w - i - t, i, t, l),
            MmRect::new(i, h - i - l, t, l),
            MmRect::new(i, h - i - t, l, t),
        ]
    }
}

/// The print-then-cut PDF of `cards` on `paper`: six cards a page with registration
/// marks, each fronts page followed by its backs page (arranged for `duplex`).
pub fn cut_pdf(
    cards: &[(&usvg::Tree, &usvg::Tree)],
    paper: Paper,
    title: &str,
    duplex: Duplex,
) -> Result<Vec<u8>, SheetError> {
    let sheet = CutSheet::new(paper);
    let mut doc = pdf::new_document(title);
    let font = note_font();
    let inks = MarkInks::from_style()?;
    let per_page = CUT_COLS * CUT_ROWS;
    let pages = cards.len().div_ceil(per_page);
    let trim = sheet.block.outset(-BLEED_MM, -BLEED_MM, -BLEED_MM, -BLEED_MM);
    for (i, chunk) in cards.chunks(per_page).enumerate() {
        for backs in [false, true] {
            let (t, b) = if backs {
                (duplex.back_box(trim, sheet.page), duplex.back_box(sheet.block, sheet.page))
            } else {
                (trim, sheet.block)
            };
            let mut page = doc.start_page_with(pdf::page_settings(sheet.page, t, b)?);
            let mut surface = page.surface();
            if backs {
                surface.push_transform(&duplex.back_transform(sheet.page));
            }
            for (k, (front, back)) in chunk.iter().enumerate() {
                let (col, row) = (k % CUT_COLS, k / CUT_COLS);
                let (col, tree) = if backs { (CUT_COLS - 1 - col, *back) } else { (col, *front) };
                let canvas = sheet.canvas(col, row);
                pdf::draw_svg(&mut surface, tree, canvas, canvas)?;
            }
            if backs {
                surface.pop();
            } else {
                fill_rects(&mut surface, &sheet.registration_marks(), &inks);
            }
            if let Some(font) = &font {
                let note = if backs {
                    format!("{title} · cut sheet {}/{pages}, backs · {}", i + 1, duplex.edge.words())
                } else {
                    format!("{title} · cut sheet {}/{pages} · print at 100 % · cut file page {:02}", i + 1, i + 1)
                };
                draw_note(&mut surface, font, sheet.page, sheet.block.bottom(), &note, &inks);
            }
            surface.finish();
            page.finish();
        }
    }
    Ok(pdf::finish(doc, Some(duplex.viewer_preferences()))?)
}

/// One SVG a fronts page of [`cut_pdf`]: the registration marks (group
/// `registration-marks`, filled in [`MarkInks::ink`]) and one cut path a card (group `cut`,
/// a hairline in [`MarkInks::cut_line`], corners rounded by [`CUT_CORNER_MM`]), in
/// millimetres on the page's coordinates.
pub fn cut_svgs(cards: usize, paper: Paper) -> Result<Vec<String>, SheetError> {
    /// A rectangle as the file writes it: millimetres to three decimals, trailing zeros cut.
    #[derive(serde::Serialize)]
    struct Rect {
        x: String,
        y: String,
        w: String,
        h: String,
    }
    #[derive(serde::Serialize)]
    struct CutPage {
        width: String,
        height: String,
        title: String,
        ink: String,
        cut_line: String,
        marks: Vec<Rect>,
        cuts: Vec<Rect>,
        corner: String,
    }
    let inks = MarkInks::from_style()?;
    let hex = |[r, g, b]: [u8; 3]| format!("#{r:02x}{g:02x}{b:02x}");
    let n = |v: f32| format!("{:.3}", v).trim_end_matches('0').trim_end_matches('.').to_string();
    let rect = |r: MmRect| Rect { x: n(r.x), y: n(r.y), w: n(r.w), h: n(r.h) };
    let sheet = CutSheet::new(paper);
    let per_page = CUT_COLS * CUT_ROWS;
    let (w, h) = sheet.page;
    (0..cards.div_ceil(per_page))
        .map(|i| {
            let on_page = (cards - i * per_page).min(per_page);
            let page = CutPage {
                width: n(w),
                height: n(h),
                title: format!("cut file, {} page {:02}: {on_page} cards", paper.name(), i + 1),
                ink: hex(inks.ink),
                cut_line: hex(inks.cut_line),
                marks: sheet.registration_marks().into_iter().map(rect).collect(),
                cuts: (0..on_page).map(|k| rect(sheet.cut(k % CUT_COLS, k / CUT_COLS))).collect(),
                corner: n(CUT_CORNER_MM),
            };
            Ok(template::render("sheets/cut.svg.j2", minijinja::context! { page => minijinja::value::Serde(&page) })?
                + "\n")
        })
        .collect()
}

fn fill_rects(surface: &mut Surface, rects: &[MmRect], inks: &MarkInks) {
    let mut pb = PathBuilder::new();
    for r in rects {
        if let Some(rect) = r.to_pt() {
            pb.push_rect(rect);
        }
    }
    if let Some(path) = pb.finish() {
        surface.set_stroke(None);
        surface.set_fill(Some(Fill { paint: krilla_rgb(inks.ink).into(), ..Fill::default() }));
        surface.draw_path(&path);
    }
}

// ----------------------------------------------------------------------------------
// Duplex alignment test.

/// Half the length of each scale: drift up to this much can be read.
pub const SCALE_MM: i32 = 10;

/// The alignment test on `paper`, at the top of the output folder:
/// `alignment-test-<paper>.pdf`.
pub fn alignment_test_file(paper: Paper) -> crate::print::plan::PrintFile {
    crate::print::plan::PrintFile::new(format!("alignment-test-{}.pdf", paper.key()), "alignment-test-pdf")
}

/// The duplex alignment test on `paper`: a front page with two millimetre scales (one
/// across, one down) crossing at the page's centre, and a back page with the same
/// scales, whose long zero lines, seen through the sheet against the light, point at
/// the front's scales. The front's labels are the numbers to pass to `--back-offset`:
/// where the back's zero line crosses the across scale is X, the down scale Y. The back
/// page is printed with `duplex` (edge and any offset already chosen), so a second test
/// with the offset should read 0, 0.
pub fn alignment_test_pdf(paper: Paper, duplex: Duplex) -> Result<Vec<u8>, SheetError> {
    let page_size = paper.size_mm();
    let (cx, cy) = (page_size.0 / 2.0, page_size.1 / 2.0);
    let mut doc = pdf::new_document("Duplex alignment test");
    let font = note_font();
    let inks = MarkInks::from_style()?;
    let whole = MmRect::new(0.0, 0.0, page_size.0, page_size.1);
    // Which number a drift seen from the front means, per axis: with a long-edge flip a
    // back that lands d mm right of where it should (seen from the front) has moved d mm
    // left on its own page, so +d cancels it; down is the same on both sides, so -d. A
    // short-edge flip turns the back top over bottom: the signs swap.
    let (sx, sy) = match duplex.edge {
        DuplexEdge::Long => (1, -1),
        DuplexEdge::Short => (-1, 1),
    };
    for back in [false, true] {
        let mut page = doc.start_page_with(pdf::page_settings(page_size, whole, whole)?);
        let mut surface = page.surface();
        if back {
            surface.push_transform(&duplex.back_transform(page_size));
            // The back is drawn as the mirror image of the front across the flip, so its
            // marks sit exactly behind the front's: x mirrored for the long edge (then the
            // short edge's turn is applied by the transform above).
            surface.push_transform(&Transform::from_row(-1.0, 0.0, 0.0, 1.0, page_size.0 * PT_PER_MM, 0.0));
        }
        draw_scales(&mut surface, font.as_ref(), (cx, cy), back, (sx, sy), &inks);
        if back {
            surface.pop();
            surface.pop();
        }
        if let Some(font) = &font {
            let lines: &[&str] = if back {
                &["Back of the alignment test. Turn the sheet over to read it."]
            } else {
                &[
                    "Duplex alignment test: print this file two-sided at 100 %, on the edge you print cards with.",
                    "Hold the sheet up to the light, this side towards you. The long lines printed on the back",
                    "cross the two scales: the numbers where they cross are X (across) and Y (down), in mm.",
                    "Pass them when you make the cards: hexforge generate --back-offset X,Y",
                    "A test printed with that offset should read 0 on both scales.",
                ]
            };
            for (i, line) in lines.iter().enumerate() {
                draw_text(&mut surface, font, 20.0, 25.0 + i as f32 * 5.0, 3.2, line, &inks);
            }
        }
        surface.finish();
        page.finish();
    }
    Ok(pdf::finish(doc, Some(duplex.viewer_preferences()))?)
}

/// The two scales crossing at `centre`: ticks every millimetre, longer every 5, labels
/// every 5 on the front (`sign` turns a position into the number to pass). The back's
/// scales carry long zero lines that reach across the front's scales.
fn draw_scales(
    surface: &mut Surface,
    font: Option<&Font>,
    centre: (f32, f32),
    back: bool,
    sign: (i32, i32),
    inks: &MarkInks,
) {
    let (cx, cy) = centre;
    // The scales sit off the centre, so the across scale and the down scale do not meet.
    let (across_y, down_x) = (cy + 30.0, cx + 40.0);
    let mut pb = PathBuilder::new();
    let mut line = |ax: f32, ay: f32, bx: f32, by: f32| {
        pb.move_to(ax * PT_PER_MM, ay * PT_PER_MM);
        pb.line_to(bx * PT_PER_MM, by * PT_PER_MM);
    };
    let range = -SCALE_MM..=SCALE_MM;
    for i in range.clone() {
        let len = if i % 5 == 0 { 4.0 } else { 2.0 };
        let d = i as f32;
        // Across: ticks below the line on the front, above it on the back.
        let (a0, a1) = if back { (across_y - len, across_y) } else { (across_y, across_y + len) };
        line(cx + d, a0, cx + d, a1);
        let (d0, d1) = if back { (down_x - len, down_x) } else { (down_x, down_x + len) };
        line(d0, cy + d, d1, cy + d);
    }
    line(cx - SCALE_MM as f32, across_y, cx + SCALE_MM as f32, across_y);
    line(down_x, cy - SCALE_MM as f32, down_x, cy + SCALE_MM as f32);
    if back {
        // The zero lines that show through.
        line(cx, across_y - 12.0, cx, across_y + 12.0);
        line(down_x - 12.0, cy, down_x + 12.0, cy);
    }
    if let Some(path) = pb.finish() {
        surface.set_fill(None);
        surface.set_stroke(Some(Stroke {
            paint: krilla_rgb(inks.ink).into(),
            width: if back { 0.6 } else { 0.3 },
            ..Stroke::default()
        }));
        surface.draw_path(&path);
        surface.set_stroke(None);
    }
    let Some(font) = font else { return };
    if back {
        return;
    }
    let size = 2.4;
    for i in range.filter(|i| i % 5 == 0) {
        let d = i as f32;
        let label = |v: i32| if v > 0 { format!("+{v}") } else { v.to_string() };
        let x_label = label(i * sign.0);
        let w = text_width(&x_label, size, false);
        draw_text(surface, font, cx + d - w / 2.0, across_y + 4.0 + size + 0.5, size, &x_label, inks);
        let y_label = label(i * sign.1);
        draw_text(surface, font, down_x + 5.0, cy + d + size * 0.35, size, &y_label, inks);
    }
    draw_text(surface, font, cx - 30.0, across_y - 2.0, size, "X (across)", inks);
    draw_text(surface, font, down_x - 3.0, cy - SCALE_MM as f32 - 3.0, size, "Y (down)", inks);
}

fn draw_text(surface: &mut Surface, font: &Font, x: f32, y: f32, size_mm: f32, text: &str, inks: &MarkInks) {
    surface.set_stroke(None);
    surface.set_fill(Some(Fill { paint: krilla_rgb(inks.label).into(), ..Fill::default() }));
    surface.draw_text(
        Point::from_xy(x * PT_PER_MM, y * PT_PER_MM),
        font.clone(),
        size_mm * PT_PER_MM,
        text,
        false,
        TextDirection::Auto,
    );
}
