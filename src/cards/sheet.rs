//! Sheets of many cards: the home-print PDFs (3×3 cards on A4 or Letter), the contact
//! sheet (every face of a deck in one PNG) and Tabletop Simulator deck sheets.
//!
//! Home print (docs/conventions.md, Print): nine 63×88 mm cards edge to edge on the trim pitch (189×264 mm),
//! centred on the page. Full 69×94 mm cards would not fit three high on Letter, so each
//! card is clipped to its trim box, except on the outside of the block, where the
//! card's own bleed is kept (3 mm, less where the margin is too narrow to also hold the
//! crop marks) so a slightly-off cut shows no white edge. Crop marks sit in the margins
//! only, at least [`PRINTER_SAFE_MM`] inside the paper edge, so every cut keeps a printed
//! mark on a printer that cannot print the outer 5 mm. Pages alternate fronts and backs;
//! on a back page the columns are mirrored (A B C becomes C B A), so after a duplex print
//! flipped on the long edge each back lands behind its front; for the short edge the back
//! page is also turned 180°. `--back-offset` moves every back page to cancel a printer's
//! drift ([`Duplex`]). Every page has TrimBox (the 3×3 block) and BleedBox (the block
//! plus the kept bleed), and the PDF asks viewers to print at 100 % and duplex on the
//! chosen edge.

use resvg::tiny_skia;
use serde::Serialize;

use crate::cards::{self, BLEED_MM, CANVAS_HEIGHT_MM, CANVAS_WIDTH_MM, TRIM_HEIGHT_MM, TRIM_WIDTH_MM, TextBox};
use crate::print::cmyk::parse_hex;
use crate::print::fonts;
use crate::print::paper::Paper;
use crate::print::pdf::{self, CropMarks, MmRect, PRINTER_SAFE_MM, PdfError, ViewerPreferences};
use crate::print::plan::{BackOffset, DuplexEdge};
use crate::print::render::{self, RenderError};
use crate::print::template::{self, TemplateError};
use krilla::geom::Transform;

/// Why a sheet could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    /// The PDF could not be written.
    #[error(transparent)]
    Pdf(#[from] PdfError),
    /// A card or the sheet could not be rendered.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// The sheet's template failed.
    #[error(transparent)]
    Template(#[from] TemplateError),
    /// A colour of the style sheet is not `#rrggbb`.
    #[error("style {path} {value:?} is not #rrggbb")]
    Colour {
        /// Where in the style sheet.
        path: String,
        /// What it holds.
        value: String,
    },
    /// More faces than the sheet holds.
    #[error("{given} cards do not fit a sheet of {capacity}")]
    TooMany {
        /// Cards given.
        given: usize,
        /// Slots on the sheet.
        capacity: usize,
    },
}

/// Columns and rows of a home-print sheet.
pub const HOME_COLS: usize = 3;
/// Rows of a home-print sheet.
pub const HOME_ROWS: usize = 3;

/// How far each card reaches across an inner cut line into its neighbour. Cards
/// clipped exactly at a shared edge leave a hairline seam in many viewers and RIPs (each
/// side is anti-aliased separately); the overlap shows the next card's bleed instead, a
/// quarter millimetre of its own background, well inside any cutting tolerance.
pub const SEAM_OVERLAP_MM: f32 = 0.25;

/// Gap between the bleed and the start of a crop mark, so a mark never touches art.
pub const MARK_GAP_MM: f32 = 0.8;
/// The shortest crop mark worth giving bleed up for (a 2.5 mm stroke is easy to find).
const MIN_MARK_MM: f32 = 2.5;

/// The bleed a sheet keeps outside its cards in a margin `margin` mm wide: what is left
/// once the crop marks have room (out of the printer's blank edge, [`MARK_GAP_MM`] off the
/// art, at least [`MIN_MARK_MM`] long), at most the card's 3 mm.
pub fn bleed_in_margin(margin: f32) -> f32 {
    (margin - PRINTER_SAFE_MM - MARK_GAP_MM - MIN_MARK_MM).clamp(0.0, BLEED_MM)
}

/// Geometry of a 3×3 home-print page, in mm from the top left of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct HomeSheet {
    /// The paper.
    pub paper: Paper,
    /// Page width and height.
    pub page: (f32, f32),
    /// The 3×3 block of trimmed cards: the TrimBox.
    pub block: MmRect,
    /// Bleed kept outside the block: left, top, right, bottom.
    pub bleed: (f32, f32, f32, f32),
    /// The crop marks.
    pub marks: CropMarks,
}

impl HomeSheet {
    /// The layout on `paper`: block centred, bleed and marks fitted to the margins.
    pub fn new(paper: Paper) -> HomeSheet {
        let page = paper.size_mm();
        let (w, h) = (HOME_COLS as f32 * TRIM_WIDTH_MM, HOME_ROWS as f32 * TRIM_HEIGHT_MM);
        let block = MmRect::new((page.0 - w) / 2.0, (page.1 - h) / 2.0, w, h);
        // The marks stay out of the outer PRINTER_SAFE_MM, where home printers print
        // nothing, and keep at least MIN_MARK_MM of length where the margin allows; only
        // what is left, up to the card's 3 mm, goes to bleed. On Letter the top and bottom
        // margins (7.7 mm) then keep no bleed at all: a mark that prints matters more than
        // bleed there, since the cream card fronts give no other clue where to cut.
        let (mx, my) = (block.x, block.y);
        let (bx, by) = (bleed_in_margin(mx), bleed_in_margin(my));
        let offset = |b: f32| b + MARK_GAP_MM;
        let length = |margin: f32, b: f32| (margin - PRINTER_SAFE_MM - offset(b)).clamp(0.0, 6.0);
        let marks = CropMarks {
            xs: (0..=HOME_COLS).map(|i| block.x + i as f32 * TRIM_WIDTH_MM).collect(),
            ys: (0..=HOME_ROWS).map(|i| block.y + i as f32 * TRIM_HEIGHT_MM).collect(),
            offset: (offset(bx), offset(by), offset(bx), offset(by)),
            length: (length(mx, bx), length(my, by), length(mx, bx), length(my, by)),
            width_pt: 0.5,
        };
        HomeSheet { paper, page, block, bleed: (bx, by, bx, by), marks }
    }

    /// The BleedBox: the block plus the kept bleed.
    pub fn bleed_box(&self) -> MmRect {
        let (l, t, r, b) = self.bleed;
        self.block.outset(l, t, r, b)
    }

    /// The trim box of the card in `col`, `row`.
    pub fn cell(&self, col: usize, row: usize) -> MmRect {
        MmRect::new(
            self.block.x + col as f32 * TRIM_WIDTH_MM,
            self.block.y + row as f32 * TRIM_HEIGHT_MM,
            TRIM_WIDTH_MM,
            TRIM_HEIGHT_MM,
        )
    }

    /// Where the card's whole 69×94 mm canvas goes.
    pub fn canvas(&self, col: usize, row: usize) -> MmRect {
        self.cell(col, row).outset(BLEED_MM, BLEED_MM, BLEED_MM, BLEED_MM)
    }

    /// What is shown of the card: its trim box, plus the kept bleed on the block's
    /// outside and [`SEAM_OVERLAP_MM`] of its bleed across each inner cut line.
    pub fn clip(&self, col: usize, row: usize) -> MmRect {
        let (l, t, r, b) = self.bleed;
        let side = |outer: bool, b: f32| if outer { b } else { SEAM_OVERLAP_MM };
        self.cell(col, row).outset(
            side(col == 0, l),
            side(row == 0, t),
            side(col == HOME_COLS - 1, r),
            side(row == HOME_ROWS - 1, b),
        )
    }
}

/// Front or back page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Side {
    Fronts,
    Backs,
}

/// How the backs of a two-sided sheet meet their fronts.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Duplex {
    /// The edge the printer turns the sheet on.
    pub edge: DuplexEdge,
    /// How far every back page is moved.
    pub back_offset: BackOffset,
}

impl Duplex {
    /// Where a back page's drawing goes: for the short edge, the long-edge page turned
    /// 180° about its centre (the sheet turns top over bottom, so each back must be upside
    /// down relative to a book-style back); then moved by the offset. In points, for a
    /// page of `page` mm.
    pub fn back_transform(&self, page: (f32, f32)) -> Transform {
        let (w, h) = (page.0 * pdf::PT_PER_MM, page.1 * pdf::PT_PER_MM);
        let (dx, dy) = (self.back_offset.x * pdf::PT_PER_MM, self.back_offset.y * pdf::PT_PER_MM);
        match self.edge {
            DuplexEdge::Long => Transform::from_translate(dx, dy),
            // p ↦ (w, h) − p, then moved.
            DuplexEdge::Short => Transform::from_row(-1.0, 0.0, 0.0, -1.0, w + dx, h + dy),
        }
    }

    /// A back page's box: `rect` turned (the boxes are centred, so turning keeps them)
    /// and moved by the offset.
    pub fn back_box(&self, rect: MmRect, page: (f32, f32)) -> MmRect {
        let turned = match self.edge {
            DuplexEdge::Long => rect,
            DuplexEdge::Short => MmRect::new(page.0 - rect.right(), page.1 - rect.bottom(), rect.w, rect.h),
        };
        MmRect::new(turned.x + self.back_offset.x, turned.y + self.back_offset.y, turned.w, turned.h)
    }

    /// The viewer preference that presets the print dialog.
    pub fn viewer_preferences(&self) -> ViewerPreferences {
        let duplex = match self.edge {
            DuplexEdge::Long => pdf::Duplex::FlipLongEdge,
            DuplexEdge::Short => pdf::Duplex::FlipShortEdge,
        };
        ViewerPreferences { no_print_scaling: true, duplex: Some(duplex) }
    }
}

/// The home-print PDF of `cards` (front and back SVG trees, parsed with
/// [`render::svg_tree`]) on `paper`: for every nine cards a fronts page then a backs page,
/// the backs arranged for `duplex`.
pub fn home_print_pdf(
    cards: &[(&usvg::Tree, &usvg::Tree)],
    paper: Paper,
    title: &str,
    duplex: Duplex,
) -> Result<Vec<u8>, SheetError> {
    let sheet = HomeSheet::new(paper);
    let mut doc = pdf::new_document(title);
    let note_font = note_font();
    let inks = MarkInks::from_style()?;
    let sheets = cards.len().div_ceil(HOME_COLS * HOME_ROWS);
    for (i, chunk) in cards.chunks(HOME_COLS * HOME_ROWS).enumerate() {
        for side in [Side::Fronts, Side::Backs] {
            let (trim, bleed) = match side {
                Side::Fronts => (sheet.block, sheet.bleed_box()),
                Side::Backs => {
                    (duplex.back_box(sheet.block, sheet.page), duplex.back_box(sheet.bleed_box(), sheet.page))
                }
            };
            let settings = pdf::page_settings(sheet.page, trim, bleed)?;
            let mut page = doc.start_page_with(settings);
            let mut surface = page.surface();
            if side == Side::Backs {
                surface.push_transform(&duplex.back_transform(sheet.page));
            }
            for (k, (front, back)) in chunk.iter().enumerate() {
                let (col, row) = (k % HOME_COLS, k / HOME_COLS);
                let (col, tree) = match side {
                    Side::Fronts => (col, *front),
                    // Long-edge duplex mirrors the columns.
                    Side::Backs => (HOME_COLS - 1 - col, *back),
                };
                pdf::draw_svg(&mut surface, tree, sheet.canvas(col, row), sheet.clip(col, row))?;
            }
            pdf::draw_crop_marks(&mut surface, &sheet.marks);
            if side == Side::Backs {
                surface.pop();
            }
            if let Some(font) = &note_font {
                let what = match side {
                    Side::Fronts => "fronts",
                    Side::Backs => "backs",
                };
                let note = format!(
                    "{title} · {what} {}/{sheets} · print at 100 % · two-sided, {}",
                    i + 1,
                    duplex.edge.words()
                );
                draw_note(&mut surface, font, sheet.page, sheet.block.bottom(), &note, &inks);
            }
            surface.finish();
            page.finish();
        }
    }
    Ok(pdf::finish(doc, Some(duplex.viewer_preferences()))?)
}

/// The colours a sheet draws of its own, not a card's (`style.json` → `sheets.marks`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkInks {
    /// Registration marks and the alignment test's scales.
    pub ink: [u8; 3],
    /// The notes in the margin and the fold line.
    pub guide: [u8; 3],
    /// The alignment test's words and numbers.
    pub label: [u8; 3],
    /// The path a print-then-cut machine cuts along, in its cut files.
    pub cut_line: [u8; 3],
}

impl MarkInks {
    /// The style sheet's.
    pub fn from_style() -> Result<MarkInks, SheetError> {
        let colour = |name: &str| {
            let value = template::style_str(&["sheets", "marks", name])?;
            parse_hex(&value).ok_or_else(|| SheetError::Colour { path: format!("sheets.marks.{name}"), value })
        };
        Ok(MarkInks {
            ink: colour("ink")?,
            guide: colour("guide")?,
            label: colour("label")?,
            cut_line: colour("cut_line")?,
        })
    }
}

/// A colour as krilla paints it.
pub fn krilla_rgb([r, g, b]: [u8; 3]) -> krilla::color::rgb::Color {
    krilla::color::rgb::Color::new(r, g, b)
}

/// How far a note's lowest glyphs (g, p) reach below its baseline, in em of its size.
const NOTE_DESCENT_EM: f32 = 0.3;

/// The small sans face of the notes in a sheet's margin.
pub fn note_font() -> Option<krilla::text::Font> {
    let (_, data) = fonts::font_files().iter().find(|(n, _)| *n == "NotoSans-Regular-subset.ttf")?;
    krilla::text::Font::new(krilla::Data::from(*data), 0)
}

/// A one-line note in the bottom margin (below `bottom` mm on a `page` mm page),
/// centred, no wider than a card so it stays between the middle crop marks, and never in
/// the outer [`PRINTER_SAFE_MM`] of the paper.
pub fn draw_note(
    surface: &mut krilla::surface::Surface,
    font: &krilla::text::Font,
    page: (f32, f32),
    bottom: f32,
    note: &str,
    inks: &MarkInks,
) {
    let gap = TRIM_WIDTH_MM - 4.0;
    let mut size = 5.0 / pdf::PT_PER_MM;
    let width = cards::text_width(note, size, false);
    if width > gap {
        size *= gap / width;
    }
    let width = cards::text_width(note, size, false);
    let x = page.0 / 2.0 - width / 2.0;
    // Middle of the margin, but the descenders (about 0.3 em) stay out of the printer's
    // blank edge: centred in Letter's 7.7 mm margin they would sit 2.8 mm from the edge.
    let margin = page.1 - bottom;
    let y = (bottom + margin / 2.0 + size * 0.35).min(page.1 - PRINTER_SAFE_MM - NOTE_DESCENT_EM * size);
    surface.set_stroke(None);
    surface.set_fill(Some(krilla::paint::Fill { paint: krilla_rgb(inks.guide).into(), ..Default::default() }));
    surface.draw_text(
        krilla::geom::Point::from_xy(x * pdf::PT_PER_MM, y * pdf::PT_PER_MM),
        font.clone(),
        size * pdf::PT_PER_MM,
        note,
        false,
        krilla::text::TextDirection::Auto,
    );
}

// ----------------------------------------------------------------------------------
// Contact sheet.

/// Resolution of the contact sheet: neighbour numbers stay readable on screen.
pub const CONTACT_DPI: f32 = 64.0;

/// One block of a contact sheet: a heading over a grid of faces.
pub struct ContactSection<'a> {
    /// Printed over the block.
    pub heading: String,
    /// The faces (rendered at [`CONTACT_DPI`]); `true` shows the face turned 180°.
    pub faces: Vec<(&'a tiny_skia::Pixmap, bool)>,
}

/// What `sheets/contact.svg.j2` draws under the cards (pixels).
#[derive(Debug, Serialize)]
struct ContactLayout {
    width: u32,
    height: u32,
    title: TextBox,
    headings: Vec<TextBox>,
    slots: Vec<cards::Rect>,
}

/// Renders a face for the contact sheet, from `tree`, its SVG `svg` parsed at `dpi`: over
/// the kept pixels of its backdrop when it has one ([`crate::print::reframe::draw_scaled`]).
pub fn contact_face(svg: &str, tree: &usvg::Tree, dpi: f32) -> Result<tiny_skia::Pixmap, SheetError> {
    let px = |mm: f32| (mm / 25.4 * CONTACT_DPI).round() as u32;
    let scale = CONTACT_DPI / 25.4 / px_per_mm(tree);
    let ts = tiny_skia::Transform::from_scale(scale, scale);
    Ok(crate::print::reframe::draw_scaled(svg, tree, dpi, ts, (px(CANVAS_WIDTH_MM), px(CANVAS_HEIGHT_MM)))?)
}

/// The pixels per millimetre of a card's tree (the dpi it was parsed at, over 25.4).
fn px_per_mm(tree: &usvg::Tree) -> f32 {
    tree.size().width() / CANVAS_WIDTH_MM
}

/// A PNG with every face of `sections`, blocks side by side, `cols` faces per row.
pub fn contact_sheet(title: &str, sections: &[ContactSection<'_>], cols: usize) -> Result<Vec<u8>, SheetError> {
    let px = |mm: f32| (mm / 25.4 * CONTACT_DPI).round() as u32;
    let (cw, ch) = (px(CANVAS_WIDTH_MM), px(CANVAS_HEIGHT_MM));
    let (gap, margin, head, title_h) = (12u32, 40u32, 44u32, 70u32);
    let block_w = cols as u32 * cw + (cols as u32 - 1) * gap;
    let rows = |s: &ContactSection| s.faces.len().div_ceil(cols) as u32;
    let block_h = |s: &ContactSection| rows(s) * ch + rows(s).saturating_sub(1) * gap;
    let width = 2 * margin + sections.len() as u32 * block_w + sections.len().saturating_sub(1) as u32 * 3 * gap;
    let height = 2 * margin + title_h + head + sections.iter().map(block_h).max().unwrap_or(0);

    let mut headings = Vec::new();
    let mut slots = Vec::new();
    let mut placed = Vec::new();
    for (i, section) in sections.iter().enumerate() {
        let x0 = margin + i as u32 * (block_w + 3 * gap);
        let y0 = margin + title_h + head;
        headings.push(TextBox::new(section.heading.clone(), x0 as f32, (y0 - 16) as f32, 26.0, 700));
        for (k, (face, turned)) in section.faces.iter().enumerate() {
            let (col, row) = ((k % cols) as u32, (k / cols) as u32);
            let (x, y) = (x0 + col * (cw + gap), y0 + row * (ch + gap));
            slots.push(cards::Rect { x: x as f32, y: y as f32, w: cw as f32, h: ch as f32 });
            placed.push((x, y, *face, *turned));
        }
    }
    let layout = ContactLayout {
        width,
        height,
        title: TextBox::new(title, margin as f32, (margin + 40) as f32, 40.0, 700),
        headings,
        slots,
    };
    let svg =
        template::render("sheets/contact.svg.j2", minijinja::context! { sheet => minijinja::value::Serde(&layout) })?;
    let mut sheet = render::svg_to_pixmap(&svg, 96.0)?;
    for (x, y, face, turned) in placed {
        let turned_face;
        let face = if turned {
            turned_face = turn(face);
            &turned_face
        } else {
            face
        };
        blit(&mut sheet, face, x, y);
    }
    Ok(render::encode_png(sheet, CONTACT_DPI)?)
}

/// Copies `src` into `dst` with its top left at `x`, `y`, replacing what was there
/// (cards are opaque, so this equals drawing them, without the cost of a blend
/// pipeline). Whatever falls outside `dst` is cut off.
pub fn blit(dst: &mut tiny_skia::Pixmap, src: &tiny_skia::Pixmap, x: u32, y: u32) {
    let (dw, dh) = (dst.width(), dst.height());
    if x >= dw || y >= dh {
        return;
    }
    let w = src.width().min(dw - x) as usize * 4;
    let rows = src.height().min(dh - y) as usize;
    let (src_stride, dst_stride) = (src.width() as usize * 4, dw as usize * 4);
    let data = dst.data_mut();
    for r in 0..rows {
        let d = (y as usize + r) * dst_stride + x as usize * 4;
        data[d..d + w].copy_from_slice(&src.data()[r * src_stride..r * src_stride + w]);
    }
}

/// The pixmap turned 180°.
pub fn turn(pixmap: &tiny_skia::Pixmap) -> tiny_skia::Pixmap {
    let mut turned = pixmap.clone();
    turned.pixels_mut().reverse();
    turned
}

// ----------------------------------------------------------------------------------
// Tabletop Simulator.

/// Columns of a Tabletop Simulator deck sheet.
pub const TTS_COLS: u32 = 10;
/// Most rows of a Tabletop Simulator deck sheet (TTS takes at most 10×7 cards).
pub const TTS_ROWS: u32 = 7;
/// The largest side of an image Tabletop Simulator reads, in pixels (its Custom Deck
/// instructions; docs/print.md, "Preflight"): every sheet is made within it, and
/// `hexforge preflight --shop tts` holds any sheet to it.
pub const TTS_MAX_SIDE_PX: u32 = 4096;
/// Width of one card on a TTS sheet: 10 of them fit [`TTS_MAX_SIDE_PX`].
pub const TTS_CARD_WIDTH: u32 = 409;
/// Height of one card on a TTS sheet, the 63×88 mm proportion of [`TTS_CARD_WIDTH`].
pub const TTS_CARD_HEIGHT: u32 = 571;

/// A card face as the sheets draw it: its SVG, and its tree parsed at the dpi given.
#[derive(Clone, Copy)]
pub struct SheetFace<'a> {
    /// The card's SVG.
    pub svg: &'a str,
    /// Its tree.
    pub tree: &'a usvg::Tree,
    /// The dpi `tree` was parsed at.
    pub dpi: f32,
}

/// Renders the trim box of a card (no bleed: TTS shows the cut card) at TTS size, from
/// its tree parsed at any dpi: over the kept pixels of its backdrop when it has one
/// ([`crate::print::reframe::draw_scaled`]).
pub fn tts_face(face: SheetFace<'_>) -> Result<tiny_skia::Pixmap, SheetError> {
    Ok(tts_pixmap(face)?)
}

fn tts_pixmap(face: SheetFace<'_>) -> Result<tiny_skia::Pixmap, RenderError> {
    // Pixels per mm on the sheet; the tree's own pixels are `px_per_mm` a mm.
    let sx = TTS_CARD_WIDTH as f32 / TRIM_WIDTH_MM;
    let sy = TTS_CARD_HEIGHT as f32 / TRIM_HEIGHT_MM;
    let k = px_per_mm(face.tree);
    let transform = tiny_skia::Transform::from_row(sx / k, 0.0, 0.0, sy / k, -BLEED_MM * sx, -BLEED_MM * sy);
    crate::print::reframe::draw_scaled(face.svg, face.tree, face.dpi, transform, (TTS_CARD_WIDTH, TTS_CARD_HEIGHT))
}

/// The dpi recorded in TTS sheets: the card's 63 mm over 409 px.
pub fn tts_dpi() -> f32 {
    TTS_CARD_WIDTH as f32 / TRIM_WIDTH_MM * 25.4
}

/// A TTS deck sheet: 10 columns and as many rows as needed, at most 7 (a full sheet is
/// 4090×3997 px): the cards' trees `faces` in reading order from the top left; `hidden`, if
/// given, in the last slot of the grid, which TTS shows for cards in a hand.
///
/// Drawn and compressed one row of cards at a time (its faces rendered in parallel), so a
/// sheet takes 9 MB of pixels at most, not 65 MB.
pub fn tts_sheet(faces: &[SheetFace<'_>], hidden: Option<SheetFace<'_>>) -> Result<Vec<u8>, SheetError> {
    use rayon::prelude::*;
    let slots = faces.len() + usize::from(hidden.is_some());
    let capacity = (TTS_COLS * TTS_ROWS) as usize;
    if slots > capacity {
        return Err(SheetError::TooMany { given: slots, capacity });
    }
    let rows = (slots as u32).div_ceil(TTS_COLS).max(1);
    let (w, h) = (TTS_COLS * TTS_CARD_WIDTH, rows * TTS_CARD_HEIGHT);
    let last = (TTS_COLS * rows - 1) as usize;
    let placed: Vec<(usize, SheetFace<'_>)> =
        faces.iter().copied().enumerate().chain(hidden.map(|f| (last, f))).collect();
    let band = |row: u32| -> Result<tiny_skia::Pixmap, RenderError> {
        let mut band = render::new_pixmap(w, TTS_CARD_HEIGHT)?;
        let in_row: Vec<&(usize, SheetFace<'_>)> = placed.iter().filter(|(k, _)| *k as u32 / TTS_COLS == row).collect();
        let drawn =
            in_row.par_iter().map(|(k, face)| Ok((*k, tts_pixmap(*face)?))).collect::<Result<Vec<_>, RenderError>>()?;
        for (k, face) in drawn {
            blit(&mut band, &face, k as u32 % TTS_COLS * TTS_CARD_WIDTH, 0);
            render::recycle(face);
        }
        Ok(band)
    };
    Ok(render::encode_png_bands(w, h, tts_dpi(), (0..rows).map(band))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_sheets_fit_both_papers() {
        for paper in Paper::HOME {
            let s = HomeSheet::new(paper);
            let bleed = s.bleed_box();
            assert!(bleed.x > 0.0 && bleed.y > 0.0, "{paper:?}");
            assert!(bleed.right() < s.page.0 && bleed.bottom() < s.page.1, "{paper:?}");
            // Marks stay outside the bleed and out of the printer's unprintable edge.
            let (ol, ot, _, _) = s.marks.offset;
            let (ll, lt, _, _) = s.marks.length;
            assert!(ol >= s.bleed.0 && ot >= s.bleed.1);
            assert!(s.block.x - ol - ll >= PRINTER_SAFE_MM - 1e-3, "{paper:?}");
            assert!(s.block.y - ot - lt >= PRINTER_SAFE_MM - 1e-3, "{paper:?}");
            assert!(ll >= 1.5 && lt >= 1.5, "{paper:?}: marks too short to find");
            // The block is centred, so mirrored backs land behind their fronts.
            assert!((s.block.x - (s.page.0 - s.block.right())).abs() < 1e-3);
        }
        let a4 = HomeSheet::new(Paper::A4);
        assert_eq!(a4.block, MmRect::new(10.5, 16.5, 189.0, 264.0));
        assert!((a4.bleed.0 - 2.2).abs() < 1e-3 && a4.bleed.1 == 3.0, "{:?}", a4.bleed);
        let letter = HomeSheet::new(Paper::Letter);
        assert_eq!((letter.bleed.0, letter.bleed.1), (3.0, 0.0), "{:?}", letter.bleed);
    }

    #[test]
    fn inner_edges_are_cut_lines_outer_edges_keep_bleed() {
        let s = HomeSheet::new(Paper::A4);
        let o = SEAM_OVERLAP_MM;
        assert_eq!(s.clip(1, 1), s.cell(1, 1).outset(o, o, o, o));
        let corner = s.clip(0, 0);
        assert_eq!((corner.x, corner.y), (s.block.x - s.bleed.0, s.block.y - s.bleed.1));
        assert_eq!(corner.right(), s.cell(0, 0).right() + o);
        assert_eq!(s.canvas(2, 2).w, CANVAS_WIDTH_MM);
    }

    // TTS reads sheets up to TTS_MAX_SIDE_PX on each side.
    const _: () =
        assert!(TTS_COLS * TTS_CARD_WIDTH <= TTS_MAX_SIDE_PX && TTS_ROWS * TTS_CARD_HEIGHT <= TTS_MAX_SIDE_PX);

    #[test]
    fn tts_cards_have_the_card_proportion() {
        let ratio = TTS_CARD_HEIGHT as f32 / TTS_CARD_WIDTH as f32;
        assert!((ratio - TRIM_HEIGHT_MM / TRIM_WIDTH_MM).abs() < 0.002);
    }

    #[test]
    fn blit_copies_and_clips() {
        let mut dst = tiny_skia::Pixmap::new(4, 3).unwrap();
        let mut src = tiny_skia::Pixmap::new(2, 2).unwrap();
        src.fill(tiny_skia::Color::from_rgba8(10, 20, 30, 255));
        blit(&mut dst, &src, 3, 2);
        let px = |x: usize, y: usize| dst.pixels()[y * 4 + x];
        assert_eq!(px(3, 2).red(), 10);
        assert_eq!(px(2, 2).alpha(), 0);
        assert_eq!(px(3, 1).alpha(), 0);
        blit(&mut dst, &src, 9, 9);
    }

    #[test]
    fn turning_twice_is_the_identity() {
        let mut p = tiny_skia::Pixmap::new(3, 2).unwrap();
        p.pixels_mut()[0] = tiny_skia::PremultipliedColorU8::from_rgba(255, 0, 0, 255).unwrap();
        let t = turn(&p);
        assert_eq!(t.pixels()[5], p.pixels()[0]);
        assert_eq!(turn(&t), p);
    }
}
