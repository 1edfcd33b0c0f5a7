//! Home print: every page A4 or Letter, and nothing inked within
//! [`PRINTER_SAFE_MM`] of the paper's edge, where most home printers print nothing.
//!
//! The margin is measured the way `tests/print/home_print.rs` measures it with poppler: each
//! page is rendered on white, and every pixel lying wholly inside the outer band must stay
//! paper (each channel at least [`PAPER_MIN`]); here at [`RENDER_DPI`], with the right and
//! bottom sides corrected for the renderer's spread ([`SPREAD_PX`]). The renderer is hayro, the pure
//! Rust PDF renderer typst already builds on, so the binary needs no outside tool. A page
//! is first read without being drawn ([`super::reach`]): when the boxes of all its marks
//! keep out of the band, none of its pixels there can be inked, and it is not drawn.

use hayro::hayro_interpret::{InterpreterCache, InterpreterSettings};
use hayro::hayro_syntax::Pdf;
use hayro::hayro_syntax::page::Page;
use hayro::vello_cpu::color::palette::css::WHITE;
use hayro::vello_cpu::kurbo::Rect;
use hayro::{RenderCache, RenderSettings};

use super::reach::Reach;
use super::{MM_PER_INCH, PT_PER_INCH, PreflightError, Shop, Verdict, not_format};
use crate::print::paper::Paper;
use crate::print::pdf::PRINTER_SAFE_MM;

/// The rules, in the order they are reported.
pub const RULES: &[&str] = &["paper", "margin"];

/// The resolution pages are rendered at for the margin, the lowest the rule needs: 5 mm is
/// exactly 12 pixels of 5/12 mm (11 on the right and at the bottom, [`SPREAD_PX`]), so ink
/// from 4.6 mm of the edge outwards is found, as at 100 dpi (19 and 18 pixels), for 37 % of
/// the pixels to draw.
pub const RENDER_DPI: f32 = 60.96;

/// A channel this light or lighter is paper: a faint anti-aliased fringe of a mark placed
/// just inside the band would still be darker.
pub const PAPER_MIN: u8 = 245;

/// How many pixels hayro's rasteriser lets a shape's far edge spread into the next: a fill
/// ending exactly 5 mm from the right edge inks the whole pixel beyond the one it ends in
/// (RGB 228 at 50 dpi), where its left and top edges ink nothing past theirs (measured on
/// one-rectangle PDFs). On a page turned a quarter (`/Rotate`, the landscape fold sheets)
/// the same spread falls at the bottom: the mark poppler ends at 5 mm from the bottom inks
/// one more row (RGB 243). The bands on the right and at the bottom are narrower by that
/// much, so that a mark ending on the 5 mm line passes on every side, as under poppler.
const SPREAD_PX: usize = 1;

/// How far a page may be from a paper size and still be that paper, in millimetres.
const PAPER_TOLERANCE_MM: f64 = 0.5;

/// Checks a home print PDF; the margin is [`PRINTER_SAFE_MM`] less `back_offset_mm`
/// ([`super::check_allowing`]).
pub fn check(bytes: &[u8], back_offset_mm: f32) -> Result<Vec<Verdict>, PreflightError> {
    let margin_mm = f64::from((PRINTER_SAFE_MM - back_offset_mm.abs()).max(0.0));
    if !bytes.starts_with(b"%PDF-") {
        return Err(not_format(Shop::Home, "it does not start with %PDF-"));
    }
    let pdf = Pdf::new(bytes.to_vec()).map_err(|e| not_format(Shop::Home, format!("{e:?}")))?;
    let pages = pdf.pages();
    if pages.is_empty() {
        return Err(not_format(Shop::Home, "it has no pages"));
    }
    let mut papers = Vec::new();
    let mut wrong_paper = Vec::new();
    let mut inked = Vec::new();
    let caches = (InterpreterCache::new(), RenderCache::new());
    let settings = InterpreterSettings::default();
    for (i, page) in pages.iter().enumerate() {
        let (w, h) = page.render_dimensions();
        let mm = |pt: f32| f64::from(pt) / PT_PER_INCH * MM_PER_INCH;
        match home_paper(mm(w), mm(h)) {
            Some(p) => papers.push(p),
            None => wrong_paper.push(format!(
                "page {} is {:.1}×{:.1} mm, not A4 or Letter: a home printer takes those",
                i + 1,
                mm(w),
                mm(h)
            )),
        }
        if let Some(ink) = page_ink(page, &caches, &settings, margin_mm) {
            inked.push(format!("page {}: {ink}", i + 1));
        }
    }
    papers.sort();
    papers.dedup();
    let paper_names: Vec<&str> = papers.iter().map(|p| p.name()).collect();
    let paper =
        Verdict::from_problems("paper", wrong_paper, format!("{} pages, {}", pages.len(), paper_names.join(" and ")));
    let mut problems = inked;
    if !problems.is_empty() {
        problems.push(format!("keep everything at least {margin_mm} mm inside the paper's edge"));
    }
    let margin = Verdict::from_problems(
        "margin",
        problems,
        format!("nothing inked within {margin_mm} mm of the edge (measured at {RENDER_DPI} dpi)"),
    );
    Ok(vec![paper, margin])
}

/// The ink nearest the paper's edge within the outer `margin_mm` of `page`, described
/// ([`ink_in_band`]): none when the boxes of all its marks keep out of the band
/// ([`Reach`]), else read from the page drawn at [`RENDER_DPI`]. `caches` serve every
/// page of one PDF.
fn page_ink<'a>(
    page: &'a Page<'a>,
    caches: &(InterpreterCache<'a>, RenderCache<'a>),
    settings: &InterpreterSettings,
    margin_mm: f64,
) -> Option<String> {
    let scale = RENDER_DPI / PT_PER_INCH as f32;
    // The page's size in pixels, as the renderer lays it out, less the band on every side.
    let (w, h) = page.render_dimensions();
    let size = |pt: f32| f64::from(pt * scale).floor();
    let (band, far_band) = bands(margin_mm, RENDER_DPI);
    let inner = Rect::new(band as f64, band as f64, size(w) - far_band as f64, size(h) - far_band as f64);
    if Reach::stays_inside(page, &caches.0, settings, scale, inner) {
        return None;
    }
    rendered_ink(page, &caches.1, settings, margin_mm)
}

/// [`page_ink`] from the page drawn at [`RENDER_DPI`] on white.
fn rendered_ink<'a>(
    page: &'a Page<'a>,
    cache: &RenderCache<'a>,
    settings: &InterpreterSettings,
    margin_mm: f64,
) -> Option<String> {
    let scale = RENDER_DPI / PT_PER_INCH as f32;
    let render = RenderSettings { x_scale: scale, y_scale: scale, bg_color: WHITE, ..Default::default() };
    let pixmap = hayro::render(page, cache, settings, &render);
    let (pw, ph) = (usize::from(pixmap.width()), usize::from(pixmap.height()));
    let data = pixmap.data();
    let rgb = |x: usize, y: usize| {
        let p = data[y * pw + x];
        [p.r, p.g, p.b]
    };
    ink_in_band(rgb, pw, ph, margin_mm, RENDER_DPI)
}

/// The home paper a page of `w`×`h` mm is, in either orientation.
fn home_paper(w: f64, h: f64) -> Option<Paper> {
    Paper::HOME.into_iter().find(|p| {
        let (pw, ph) = p.size_mm();
        let near = |a: f64, b: f32| (a - f64::from(b)).abs() < PAPER_TOLERANCE_MM;
        (near(w, pw) && near(h, ph)) || (near(w, ph) && near(h, pw))
    })
}

/// The band's width in pixels at `dpi`: on the left and at the top, then on the right and
/// at the bottom (narrower by the renderer's spread, [`SPREAD_PX`]).
fn bands(margin_mm: f64, dpi: f32) -> (usize, usize) {
    // The 1e-4 keeps a band of exactly whole pixels (5 mm at 60.96 dpi, which an f32 holds
    // as 60.959999) from rounding down.
    let band = (margin_mm / MM_PER_INCH * f64::from(dpi) + 1e-4).floor() as usize;
    (band, band.saturating_sub(SPREAD_PX))
}

/// The inked pixel nearest the paper's edge among those wholly inside the outer
/// `margin_mm` of a `w`×`h` page rendered at `dpi` (`rgb(x, y)` its pixels), described.
/// Only the band's pixels are read, row by row.
pub fn ink_in_band(
    rgb: impl Fn(usize, usize) -> [u8; 3],
    w: usize,
    h: usize,
    margin_mm: f64,
    dpi: f32,
) -> Option<String> {
    let (band, far_band) = bands(margin_mm, dpi);
    let mut nearest: Option<(usize, usize, usize, [u8; 3])> = None;
    for y in 0..h {
        // A row within the band on top or at the bottom is read whole; any other, at its ends.
        let whole = y < band || h - 1 - y < far_band;
        let ends = (0..band.min(w)).chain(w.saturating_sub(far_band).max(band.min(w))..w);
        let xs: Box<dyn Iterator<Item = usize>> = if whole { Box::new(0..w) } else { Box::new(ends) };
        for x in xs {
            let from_edge = x.min(y).min(w - 1 - x).min(h - 1 - y);
            if nearest.is_some_and(|n| n.0 <= from_edge) {
                continue;
            }
            let p = rgb(x, y);
            if p.iter().any(|&v| v < PAPER_MIN) {
                nearest = Some((from_edge, x, y, p));
            }
        }
    }
    let (from_edge, x, y, p) = nearest?;
    let edge = match from_edge {
        d if d == x => "left",
        d if d == y => "top",
        d if d == w - 1 - x => "right",
        _ => "bottom",
    };
    let mm = (from_edge as f64 + 0.5) * MM_PER_INCH / f64::from(dpi);
    Some(format!("ink (RGB {}, {}, {}) {mm:.1} mm from the {edge} edge", p[0], p[1], p[2]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels of a `w`-wide page as `ink_in_band` reads them.
    fn at(rgb: &[[u8; 3]], w: usize) -> impl Fn(usize, usize) -> [u8; 3] + '_ {
        move |x, y| rgb[y * w + x]
    }

    /// A blank 200×240 px page, and one mark at `x` px on row 120.
    fn page_with_mark(at_px: Option<usize>) -> (Vec<[u8; 3]>, usize, usize) {
        let (w, h) = (200, 240);
        let mut rgb = vec![[255u8; 3]; w * h];
        if let Some(x) = at_px {
            rgb[120 * w + x] = [200, 200, 200];
        }
        (rgb, w, h)
    }

    #[test]
    fn ink_in_the_outer_five_millimetres_is_found_and_ink_inside_is_not() {
        // 5 mm at 100 dpi is 19.7 px: pixels 0 to 18 lie wholly in the band on the left
        // and top, 0 to 17 from the right and the bottom (the renderer's spread).
        let (rgb, w, h) = page_with_mark(None);
        assert_eq!(ink_in_band(at(&rgb, w), w, h, 5.0, 100.0), None);
        let (rgb, w, h) = page_with_mark(Some(19));
        assert_eq!(ink_in_band(at(&rgb, w), w, h, 5.0, 100.0), None, "pixel 19 straddles 5 mm");
        let (rgb, w, h) = page_with_mark(Some(18));
        let found = ink_in_band(at(&rgb, w), w, h, 5.0, 100.0).expect("pixel 18 is 4.7 mm in");
        assert!(found.contains("4.7 mm from the left edge"), "{found}");
        let (rgb, w, h) = page_with_mark(Some(w - 1 - 18));
        assert_eq!(ink_in_band(at(&rgb, w), w, h, 5.0, 100.0), None, "the right band is a pixel narrower");
        let (rgb, w, h) = page_with_mark(Some(w - 1 - 10));
        let found = ink_in_band(at(&rgb, w), w, h, 5.0, 100.0).expect("2.7 mm from the right");
        assert!(found.contains("2.7 mm from the right edge"), "{found}");
        // The bottom is a far side too: the row 18 px above it passes, 10 px above it fails.
        let mut rgb = vec![[255u8; 3]; w * h];
        rgb[(h - 1 - 18) * w + 100] = [243, 243, 243];
        assert_eq!(ink_in_band(at(&rgb, w), w, h, 5.0, 100.0), None, "the bottom band is a pixel narrower");
        rgb[(h - 1 - 10) * w + 100] = [243, 243, 243];
        let found = ink_in_band(at(&rgb, w), w, h, 5.0, 100.0).expect("2.7 mm from the bottom");
        assert!(found.contains("2.7 mm from the bottom edge"), "{found}");
        // A narrower margin (a back offset of 3 mm) leaves 2.8 mm in.
        let (rgb, w, h) = page_with_mark(Some(10));
        assert_eq!(ink_in_band(at(&rgb, w), w, h, 2.0, 100.0), None);
    }

    #[test]
    fn at_the_render_resolution_the_band_is_five_millimetres_of_whole_pixels() {
        // 5 mm at 60.96 dpi is exactly 12 px: pixel 11 is in the band, pixel 12 is not;
        // 11 px from the right and the bottom.
        let (w, h) = (120, 160);
        for (x, y, found) in [(11, 80, true), (12, 80, false), (w - 1 - 10, 80, true), (w - 1 - 11, 80, false)]
            .into_iter()
            .chain([(60, 11, true), (60, 12, false), (60, h - 1 - 10, true), (60, h - 1 - 11, false)])
        {
            let mut rgb = vec![[255u8; 3]; w * h];
            rgb[y * w + x] = [0, 0, 0];
            let ink = ink_in_band(at(&rgb, w), w, h, 5.0, RENDER_DPI);
            assert_eq!(ink.is_some(), found, "({x}, {y}): {ink:?}");
        }
    }

    /// Whether each page of `pdf` is left undrawn ([`Reach`]), and the ink its drawing shows
    /// in the band of `margin_mm`.
    fn read_and_drawn(pdf: &[u8], margin_mm: f64) -> Vec<(bool, Option<String>)> {
        let pdf = Pdf::new(pdf.to_vec()).expect("a PDF");
        let caches = (InterpreterCache::new(), RenderCache::new());
        let settings = InterpreterSettings::default();
        let scale = RENDER_DPI / PT_PER_INCH as f32;
        let (band, far_band) = bands(margin_mm, RENDER_DPI);
        let pages = pdf.pages();
        pages
            .iter()
            .map(|page| {
                let (w, h) = page.render_dimensions();
                let size = |pt: f32| f64::from(pt * scale).floor();
                let inner = Rect::new(band as f64, band as f64, size(w) - far_band as f64, size(h) - far_band as f64);
                let undrawn = Reach::stays_inside(page, &caches.0, &settings, scale, inner);
                (undrawn, rendered_ink(page, &caches.1, &settings, margin_mm))
            })
            .collect()
    }

    /// The four edges of a page.
    #[derive(Copy, Clone, Debug)]
    enum Edge {
        Left,
        Right,
        Top,
        Bottom,
    }

    /// An A4 page with one mark `at` mm from `edge` (halfway along it): a filled 10 mm
    /// square, or a 10 mm line across the edge stroked `stroke` pt wide with butt caps
    /// (its path ends `at` from the edge), or a 10 mm line along it (its ink reaches half
    /// its width nearer, at least the renderer's 1 px hairline).
    fn a4_with_mark(edge: Edge, at: f32, stroke: Option<(f32, bool)>) -> Vec<u8> {
        use pdf_writer::{Content, Finish, Rect as PdfRect, Ref};
        let mm = 72.0 / 25.4;
        let (w, h) = (210.0, 297.0);
        // The mark's box in mm from the bottom left: across the edge, 10 mm deep.
        let (x0, y0, x1, y1) = match edge {
            Edge::Left => (at, 140.0, at + 10.0, 150.0),
            Edge::Right => (w - at - 10.0, 140.0, w - at, 150.0),
            Edge::Bottom => (100.0, at, 110.0, at + 10.0),
            Edge::Top => (100.0, h - at - 10.0, 110.0, h - at),
        };
        let mut pdf = pdf_writer::Pdf::new();
        let (catalog, tree, page_id, content_id) = (Ref::new(1), Ref::new(2), Ref::new(3), Ref::new(4));
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree).kids([page_id]).count(1);
        let mut page = pdf.page(page_id);
        page.parent(tree).media_box(PdfRect::new(0.0, 0.0, w * mm, h * mm)).contents(content_id);
        page.finish();
        let mut content = Content::new();
        match stroke {
            None => {
                content.set_fill_gray(0.0);
                content.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm);
                content.fill_nonzero();
            }
            Some((width, across)) => {
                content.set_stroke_gray(0.0);
                content.set_line_width(width);
                // Across the edge: from the mark's near side inwards; along it: on the near side.
                let ((ax, ay), (bx, by)) = match (edge, across) {
                    (Edge::Left, true) => ((x0, y0), (x1, y0)),
                    (Edge::Right, true) => ((x1, y0), (x0, y0)),
                    (Edge::Bottom, true) => ((x0, y0), (x0, y1)),
                    (Edge::Top, true) => ((x0, y1), (x0, y0)),
                    (Edge::Left, false) => ((x0, y0), (x0, y1)),
                    (Edge::Right, false) => ((x1, y0), (x1, y1)),
                    (Edge::Bottom, false) => ((x0, y0), (x1, y0)),
                    (Edge::Top, false) => ((x0, y1), (x1, y1)),
                };
                content.move_to(ax * mm, ay * mm);
                content.line_to(bx * mm, by * mm);
                content.stroke();
            }
        }
        pdf.stream(content_id, &content.finish());
        pdf.finish()
    }

    #[test]
    fn a_page_left_undrawn_is_one_whose_drawing_shows_no_ink_in_the_band() {
        // Marks at every distance from each edge, across the band's inner edge at 5 mm:
        // filled squares, and lines across and along the edge, hairline, thin and wide.
        let (mut undrawn, mut inked) = (0, 0);
        for hundredth in 470..=540 {
            let at = hundredth as f32 / 100.0;
            for edge in [Edge::Left, Edge::Right, Edge::Top, Edge::Bottom] {
                for stroke in [None, Some((0.0, true)), Some((0.5, true)), Some((0.0, false)), Some((6.0, false))] {
                    let [(left_undrawn, ink)]: [(bool, Option<String>); 1] =
                        read_and_drawn(&a4_with_mark(edge, at, stroke), 5.0).try_into().expect("one page");
                    // Every page with ink in the band is drawn.
                    assert!(!left_undrawn || ink.is_none(), "{at} mm from the {edge:?} edge ({stroke:?}): {ink:?}");
                    // Where its ink begins: a line along the edge reaches half its width
                    // (at least half a pixel) nearer.
                    let nearer = match stroke {
                        Some((width, false)) => (width * 25.4 / 72.0).max(25.4 / RENDER_DPI) / 2.0,
                        _ => 0.0,
                    };
                    // The reading decides alone for every mark that keeps out of the band.
                    if at - nearer >= 5.01 {
                        assert!(left_undrawn, "{at} mm from the {edge:?} edge ({stroke:?}) is drawn");
                    }
                    undrawn += usize::from(left_undrawn);
                    inked += usize::from(ink.is_some());
                }
            }
        }
        // Both kinds were met: marks the band holds, and marks clear of it.
        assert!(inked > 200 && undrawn > 500, "{inked} pages inked, {undrawn} left undrawn");
    }

    #[test]
    fn sheets_of_cards_text_and_marks_are_read_as_they_are_drawn() {
        // The alignment test (text, scales and marks near the margin) and a card sheet of
        // both decks' faces (text, fine strokes, the trigram cards' dotted texture), with
        // the full margin and with a narrower one that their marks reach into.
        let duplex = crate::cards::sheet::Duplex::default();
        let tree = |deck: crate::cards::PrintedDeck, face: &str| {
            let face: crate::cards::Face = face.parse().expect("a face");
            let svg = crate::cards::card_svg(deck, &face, crate::cards::Lang::En).expect("a face's SVG");
            crate::print::render::svg_tree(&svg, 72.0).expect("a tree")
        };
        let (zhi_pai, changing_lines) = (crate::games::zhi_pai::DECK, crate::games::changing_lines::DECK);
        let trees = [
            tree(zhi_pai, "trigram-1-heaven-active"),
            tree(zhi_pai, "trigram-2-water-inactive"),
            tree(zhi_pai, "12"),
            tree(zhi_pai, "back"),
            tree(changing_lines, "1"),
            tree(changing_lines, "back"),
        ];
        let pairs: Vec<(&usvg::Tree, &usvg::Tree)> = (0..9).map(|k| (&trees[k % 5], &trees[5])).collect();
        let mut read_alone = 0;
        for paper in Paper::HOME {
            let pdfs = [
                crate::cards::layouts::alignment_test_pdf(paper, duplex).expect("the alignment test"),
                crate::cards::sheet::home_print_pdf(&pairs, paper, "Test", duplex).expect("a sheet"),
            ];
            for (pdf, margin) in pdfs.iter().flat_map(|pdf| [(pdf, 5.0), (pdf, 1.0)]) {
                for (page, (left_undrawn, ink)) in read_and_drawn(pdf, margin).into_iter().enumerate() {
                    assert!(!left_undrawn || ink.is_none(), "{paper:?} page {page}, {margin} mm: {ink:?}");
                    read_alone += usize::from(left_undrawn);
                }
            }
        }
        // The card sheets' pages keep their marks 5 mm in, so they are read, not drawn.
        assert!(read_alone >= 8, "{read_alone} pages left undrawn");
    }

    #[test]
    fn papers_are_told_apart_in_either_orientation() {
        assert_eq!(home_paper(210.0, 297.0), Some(Paper::A4));
        assert_eq!(home_paper(279.4, 215.9), Some(Paper::Letter));
        assert_eq!(home_paper(297.0, 420.0), None);
    }
}
