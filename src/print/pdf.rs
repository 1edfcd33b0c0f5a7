//! Small krilla helpers for print-ready PDFs, shared by card sheets and boards.
//!
//! Everything here speaks millimetres with the origin at the top left of the page (y
//! down), as krilla's surface does; conversion to PDF points happens inside.
//!
//! - [`new_document`]: a krilla document with settings that make output reproducible.
//! - [`page_settings`]: a page of a given size with its TrimBox and BleedBox.
//! - [`draw_svg`]: places a parsed SVG (vector, text kept as text) in a box, clipped.
//! - [`draw_crop_marks`]: cut marks in the margins, outside the bleed.
//! - [`with_viewer_preferences`]: asks viewers not to scale and to print duplex.
//!
//! krilla 0.8 writes TrimBox and BleedBox, but it has no API for `/PrintScaling` or
//! `/Duplex` (it writes `/ViewerPreferences` only for PDF/UA titles and text
//! direction). [`with_viewer_preferences`] adds them as a PDF *incremental update*
//! (ISO 32000-1 §7.5.6): the file krilla wrote stays byte for byte, and a new version of
//! the catalog, a one-entry cross-reference section and a trailer pointing back to the
//! first are appended. That is the mechanism PDF editors use to change a file, needs no
//! PDF parser in the library, and every reader supports it.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Size, Transform};
use krilla::page::PageSettings;
use krilla::paint::{FillRule, Stroke};
use krilla::surface::Surface;
use krilla::{Document, SerializeSettings};
use krilla_svg::{SurfaceExt, SvgSettings};

/// PDF points per millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// krilla refused to write the document.
    #[error("pdf could not be written: {0}")]
    Krilla(String),
    /// The PDF does not have the structure [`with_viewer_preferences`] expects.
    #[error("pdf has no {0}; cannot add viewer preferences")]
    Structure(&'static str),
    /// A box or size is empty or negative.
    #[error("{0} has no area")]
    Empty(&'static str),
}

/// A rectangle in millimetres, origin top left, y down.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MmRect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl MmRect {
    /// A rectangle from its left, top, width and height.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> MmRect {
        MmRect { x, y, w, h }
    }

    /// Right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// Bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// Grown by `left`, `top`, `right`, `bottom` millimetres on each side.
    pub fn outset(&self, left: f32, top: f32, right: f32, bottom: f32) -> MmRect {
        MmRect::new(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)
    }

    /// In PDF points, as krilla wants it.
    pub fn to_pt(&self) -> Option<krilla::geom::Rect> {
        krilla::geom::Rect::from_xywh(self.x * PT_PER_MM, self.y * PT_PER_MM, self.w * PT_PER_MM, self.h * PT_PER_MM)
    }
}

/// A krilla document whose bytes depend only on what is drawn: compressed streams, no
/// creation date, no XMP packet (which would carry an instance id).
pub fn new_document(title: &str) -> Document {
    let settings = SerializeSettings { xmp_metadata: false, ..SerializeSettings::default() };
    let mut doc = Document::new_with(settings);
    doc.set_metadata(krilla::metadata::Metadata::new().title(title.to_string()).creator("hexforge".to_string()));
    doc
}

/// Settings for a page `size_mm` (width, height) with `/TrimBox trim` and
/// `/BleedBox bleed`. MediaBox is the whole page.
pub fn page_settings(size_mm: (f32, f32), trim: MmRect, bleed: MmRect) -> Result<PageSettings, PdfError> {
    let settings =
        PageSettings::from_wh(size_mm.0 * PT_PER_MM, size_mm.1 * PT_PER_MM).ok_or(PdfError::Empty("page"))?;
    Ok(settings
        .with_trim_box(Some(trim.to_pt().ok_or(PdfError::Empty("trim box"))?))
        .with_bleed_box(Some(bleed.to_pt().ok_or(PdfError::Empty("bleed box"))?)))
}

/// Draws `tree` so that its whole canvas fills `at`, showing only what falls inside
/// `clip`. Text stays text (selectable, fonts embedded once per document and subset).
pub fn draw_svg(surface: &mut Surface, tree: &usvg::Tree, at: MmRect, clip: MmRect) -> Result<(), PdfError> {
    let clip_path = {
        let mut pb = PathBuilder::new();
        pb.push_rect(clip.to_pt().ok_or(PdfError::Empty("clip box"))?);
        pb.finish().ok_or(PdfError::Empty("clip box"))?
    };
    let size = Size::from_wh(at.w * PT_PER_MM, at.h * PT_PER_MM).ok_or(PdfError::Empty("svg box"))?;
    surface.push_clip_path(&clip_path, &FillRule::NonZero);
    surface.push_transform(&Transform::from_translate(at.x * PT_PER_MM, at.y * PT_PER_MM));
    surface.draw_svg(tree, size, SvgSettings { embed_text: true, ..SvgSettings::default() });
    surface.pop();
    surface.pop();
    Ok(())
}

/// Crop marks around a grid of cut lines.
#[derive(Clone, Debug, PartialEq)]
pub struct CropMarks {
    /// x of every vertical cut, mm.
    pub xs: Vec<f32>,
    /// y of every horizontal cut, mm.
    pub ys: Vec<f32>,
    /// Distance from the outermost cut to where a mark starts, per side (left, top,
    /// right, bottom), mm; at least the bleed on that side, so marks never touch art.
    pub offset: (f32, f32, f32, f32),
    /// Length of each mark, per side, mm.
    pub length: (f32, f32, f32, f32),
    /// Stroke width in points (0.5 pt prints on any home printer).
    pub width_pt: f32,
}

/// How far inside the paper edge every mark must stay: most home printers print nothing
/// in the outer 4–5 mm, and a cut mark that is not printed leaves the cut to guesswork.
pub const PRINTER_SAFE_MM: f32 = 5.0;

impl CropMarks {
    /// The marks shortened, side by side, so that none reaches into the outer
    /// [`PRINTER_SAFE_MM`] of a page of `page` (width, height) mm. A side whose margin
    /// has no room left keeps a length of 0 (no mark).
    pub fn kept_inside(mut self, page: (f32, f32)) -> CropMarks {
        let (Some(&x0), Some(&x1), Some(&y0), Some(&y1)) =
            (self.xs.first(), self.xs.last(), self.ys.first(), self.ys.last())
        else {
            return self;
        };
        let room = |margin: f32, offset: f32, length: f32| length.min(margin - offset - PRINTER_SAFE_MM).max(0.0);
        let (ol, ot, or, ob) = self.offset;
        let (ll, lt, lr, lb) = self.length;
        self.length = (room(x0, ol, ll), room(y0, ot, lt), room(page.0 - x1, or, lr), room(page.1 - y1, ob, lb));
        self
    }
}

/// Draws `marks`: short strokes in line with each cut, in the margins only (above,
/// below, left and right of the grid), in black.
pub fn draw_crop_marks(surface: &mut Surface, marks: &CropMarks) {
    let (Some(&x0), Some(&x1), Some(&y0), Some(&y1)) =
        (marks.xs.first(), marks.xs.last(), marks.ys.first(), marks.ys.last())
    else {
        return;
    };
    let (ol, ot, or, ob) = marks.offset;
    let (ll, lt, lr, lb) = marks.length;
    let mut pb = PathBuilder::new();
    let mut line = |ax: f32, ay: f32, bx: f32, by: f32| {
        pb.move_to(ax * PT_PER_MM, ay * PT_PER_MM);
        pb.line_to(bx * PT_PER_MM, by * PT_PER_MM);
    };
    for &x in &marks.xs {
        if lt > 0.0 {
            line(x, y0 - ot, x, y0 - ot - lt);
        }
        if lb > 0.0 {
            line(x, y1 + ob, x, y1 + ob + lb);
        }
    }
    for &y in &marks.ys {
        if ll > 0.0 {
            line(x0 - ol, y, x0 - ol - ll, y);
        }
        if lr > 0.0 {
            line(x1 + or, y, x1 + or + lr, y);
        }
    }
    if let Some(path) = pb.finish() {
        surface.set_fill(None);
        surface.set_stroke(Some(Stroke {
            paint: rgb::Color::black().into(),
            width: marks.width_pt,
            ..Stroke::default()
        }));
        surface.draw_path(&path);
        surface.set_stroke(None);
    }
}

/// How a duplex printer should turn the sheet.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Duplex {
    /// One-sided.
    Simplex,
    /// Turn on the short edge.
    FlipShortEdge,
    /// Turn on the long edge (portrait pages; backs mirrored left to right).
    FlipLongEdge,
}

/// What the PDF asks of the print dialog.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ViewerPreferences {
    /// `/PrintScaling /None`: print at 100 %, so cards come out 63 × 88 mm.
    pub no_print_scaling: bool,
    /// `/Duplex`, if any.
    pub duplex: Option<Duplex>,
}

impl ViewerPreferences {
    /// The preferences of a home-print card sheet: no scaling, duplex on the long edge.
    pub const CARD_SHEETS: ViewerPreferences =
        ViewerPreferences { no_print_scaling: true, duplex: Some(Duplex::FlipLongEdge) };

    fn to_pdf(self) -> String {
        let mut entries = Vec::new();
        if self.no_print_scaling {
            entries.push("/PrintScaling /None".to_string());
        }
        if let Some(d) = self.duplex {
            let name = match d {
                Duplex::Simplex => "Simplex",
                Duplex::FlipShortEdge => "DuplexFlipShortEdge",
                Duplex::FlipLongEdge => "DuplexFlipLongEdge",
            };
            entries.push(format!("/Duplex /{name}"));
        }
        format!("/ViewerPreferences << {} >>", entries.join(" "))
    }
}

/// Finishes `doc` and adds `prefs` (see the module docs for how).
pub fn finish(doc: Document, prefs: Option<ViewerPreferences>) -> Result<Vec<u8>, PdfError> {
    let pdf = doc.finish().map_err(|e| PdfError::Krilla(format!("{e:?}")))?;
    match prefs {
        Some(p) => with_viewer_preferences(&pdf, p),
        None => Ok(pdf),
    }
}

/// Appends an incremental update to `pdf` that adds `/ViewerPreferences` to its
/// catalog. Needs a classic cross-reference table and trailer (what krilla writes) and a
/// catalog without viewer preferences of its own.
pub fn with_viewer_preferences(pdf: &[u8], prefs: ViewerPreferences) -> Result<Vec<u8>, PdfError> {
    let startxref = rfind(pdf, b"startxref").ok_or(PdfError::Structure("startxref"))?;
    let prev: usize = ascii_token(&pdf[startxref + b"startxref".len()..])
        .and_then(|t| t.parse().ok())
        .ok_or(PdfError::Structure("cross-reference offset"))?;
    let trailer_at = rfind(&pdf[..startxref], b"trailer").ok_or(PdfError::Structure("trailer"))?;
    let trailer = dictionary(&pdf[trailer_at..startxref]).ok_or(PdfError::Structure("trailer dictionary"))?;
    if trailer.contains("/Prev") {
        return Err(PdfError::Structure("single revision (it was already updated)"));
    }
    let root_at = trailer.find("/Root").ok_or(PdfError::Structure("/Root"))?;
    let mut parts = trailer[root_at + 5..].split_whitespace();
    let (num, generation) = match (parts.next(), parts.next(), parts.next()) {
        (Some(n), Some(g), Some(r)) if r.starts_with('R') => (n.to_string(), g.to_string()),
        _ => return Err(PdfError::Structure("catalog reference")),
    };
    let header = format!("{num} {generation} obj");
    let obj_at = find_object(pdf, header.as_bytes()).ok_or(PdfError::Structure("catalog object"))?;
    let end_at = find(&pdf[obj_at..], b"endobj").ok_or(PdfError::Structure("end of catalog"))? + obj_at;
    let catalog = dictionary(&pdf[obj_at + header.len()..end_at]).ok_or(PdfError::Structure("catalog dictionary"))?;
    if catalog.contains("/ViewerPreferences") {
        return Err(PdfError::Structure("catalog free of viewer preferences"));
    }

    let mut out = pdf.to_vec();
    if !out.ends_with(b"\n") {
        out.push(b'\n');
    }
    let new_obj_at = out.len();
    let close = catalog.rfind(">>").expect("a dictionary ends with >>");
    let updated = format!("{} {} >>", catalog[..close].trim_end(), prefs.to_pdf());
    out.extend_from_slice(format!("{header}\n{updated}\nendobj\n").as_bytes());
    let xref_at = out.len();
    let gen_num: u32 = generation.parse().map_err(|_| PdfError::Structure("catalog generation"))?;
    let trailer_close = trailer.rfind(">>").expect("a dictionary ends with >>");
    let new_trailer = format!("{} /Prev {prev} >>", trailer[..trailer_close].trim_end());
    out.extend_from_slice(
        format!(
            "xref\n{num} 1\n{new_obj_at:010} {gen_num:05} n\r\ntrailer\n{new_trailer}\nstartxref\n{xref_at}\n%%EOF\n"
        )
        .as_bytes(),
    );
    Ok(out)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// The offset of `header` (`12 0 obj`) at the start of a line.
fn find_object(pdf: &[u8], header: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = find(&pdf[from..], header) {
        let at = from + i;
        if at == 0 || matches!(pdf[at - 1], b'\n' | b'\r') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The first whitespace-separated token of `bytes`, if ASCII.
fn ascii_token(bytes: &[u8]) -> Option<&str> {
    std::str::from_utf8(bytes.get(..bytes.len().min(32))?).ok()?.split_whitespace().next()
}

/// The outermost `<< … >>` dictionary in `bytes`, as text (dictionaries of catalogs and
/// trailers are ASCII).
fn dictionary(bytes: &[u8]) -> Option<String> {
    let start = find(bytes, b"<<")?;
    let mut depth = 0usize;
    let mut i = start;
    while i + 1 < bytes.len() {
        match &bytes[i..i + 2] {
            b"<<" => {
                depth += 1;
                i += 2;
            }
            b">>" => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return String::from_utf8(bytes[start..i].to_vec()).ok();
                }
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_page_pdf() -> Vec<u8> {
        let mut doc = new_document("test");
        let settings =
            page_settings((210.0, 297.0), MmRect::new(10.0, 10.0, 190.0, 277.0), MmRect::new(7.0, 7.0, 196.0, 283.0))
                .unwrap();
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        draw_crop_marks(
            &mut surface,
            &CropMarks {
                xs: vec![10.0, 200.0],
                ys: vec![10.0, 287.0],
                offset: (3.5, 3.5, 3.5, 3.5),
                length: (5.0, 5.0, 5.0, 5.0),
                width_pt: 0.5,
            },
        );
        surface.finish();
        page.finish();
        doc.finish().unwrap()
    }

    #[test]
    fn viewer_preferences_are_appended_as_an_update() {
        let pdf = one_page_pdf();
        let updated = with_viewer_preferences(&pdf, ViewerPreferences::CARD_SHEETS).unwrap();
        assert!(updated.starts_with(&pdf), "the original revision stays as written");
        let tail = String::from_utf8_lossy(&updated[pdf.len()..]).to_string();
        assert!(tail.contains("/ViewerPreferences << /PrintScaling /None /Duplex /DuplexFlipLongEdge >>"), "{tail}");
        assert!(tail.contains("/Prev "), "{tail}");
        assert!(tail.ends_with("%%EOF\n"));
        // The new startxref points at the new xref keyword.
        let sx = rfind(&updated, b"startxref").unwrap();
        let at: usize = ascii_token(&updated[sx + 9..]).unwrap().parse().unwrap();
        assert!(updated[at..].starts_with(b"xref\n"));
        // A second update is refused rather than stacked.
        assert!(with_viewer_preferences(&updated, ViewerPreferences::CARD_SHEETS).is_err());
    }

    #[test]
    fn output_is_reproducible() {
        assert_eq!(one_page_pdf(), one_page_pdf());
    }

    #[test]
    fn dictionaries_nest() {
        assert_eq!(dictionary(b"x << /A << /B 1 >> /C 2 >> y").unwrap(), "<< /A << /B 1 >> /C 2 >>");
        assert_eq!(dictionary(b"<< /A 1"), None);
    }

    #[test]
    fn paper_sizes_in_points() {
        use crate::print::paper::Paper;
        assert!((Paper::Letter.size_mm().0 * PT_PER_MM - 612.0).abs() < 0.01);
        assert!((Paper::Letter.size_mm().1 * PT_PER_MM - 792.0).abs() < 0.01);
    }
}
