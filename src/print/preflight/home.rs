//! Home print: every page A4 or Letter, and nothing inked within
//! [`PRINTER_SAFE_MM`] of the paper's edge, where most home printers print nothing.
//!
//! The margin is measured the way `tests/print/home_print.rs` measures it with poppler: each
//! page is rendered on white, and every pixel lying wholly inside the outer band must stay
//! paper (each channel at least [`PAPER_MIN`]); here at [`RENDER_DPI`], with the right and
//! bottom sides corrected for the renderer's spread ([`SPREAD_PX`]). The renderer is hayro, the pure
//! Rust PDF renderer typst already builds on, so the binary needs no outside tool.

use hayro::hayro_interpret::InterpreterSettings;
use hayro::hayro_syntax::Pdf;
use hayro::vello_cpu::color::palette::css::WHITE;
use hayro::{RenderCache, RenderSettings};

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
    let cache = RenderCache::new();
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
        let scale = RENDER_DPI / PT_PER_INCH as f32;
        let render = RenderSettings { x_scale: scale, y_scale: scale, bg_color: WHITE, ..Default::default() };
        let pixmap = hayro::render(page, &cache, &settings, &render);
        let (pw, ph) = (usize::from(pixmap.width()), usize::from(pixmap.height()));
        let data = pixmap.data();
        let rgb = |x: usize, y: usize| {
            let p = data[y * pw + x];
            [p.r, p.g, p.b]
        };
        if let Some(ink) = ink_in_band(rgb, pw, ph, margin_mm, RENDER_DPI) {
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
        format!("nothing inked within {margin_mm} mm of the edge (rendered at {RENDER_DPI} dpi)"),
    );
    Ok(vec![paper, margin])
}

/// The home paper a page of `w`×`h` mm is, in either orientation.
fn home_paper(w: f64, h: f64) -> Option<Paper> {
    Paper::HOME.into_iter().find(|p| {
        let (pw, ph) = p.size_mm();
        let near = |a: f64, b: f32| (a - f64::from(b)).abs() < PAPER_TOLERANCE_MM;
        (near(w, pw) && near(h, ph)) || (near(w, ph) && near(h, pw))
    })
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
    // The 1e-4 keeps a band of exactly whole pixels (5 mm at 60.96 dpi, which an f32 holds
    // as 60.959999) from rounding down.
    let band = (margin_mm / MM_PER_INCH * f64::from(dpi) + 1e-4).floor() as usize;
    let far_band = band.saturating_sub(SPREAD_PX);
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

    #[test]
    fn papers_are_told_apart_in_either_orientation() {
        assert_eq!(home_paper(210.0, 297.0), Some(Paper::A4));
        assert_eq!(home_paper(279.4, 215.9), Some(Paper::Letter));
        assert_eq!(home_paper(297.0, 420.0), None);
    }
}
