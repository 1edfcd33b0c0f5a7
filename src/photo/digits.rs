//! Reading one digit by comparing its shape with digits drawn from the bundled fonts.
//!
//! A digit is reduced to a descriptor: its ink, scaled to a fixed height and centred in
//! a square, then made zero-mean and unit-length, so that ink darkness, stroke blur and
//! size drop out and only shape is left; the square is taken twice, as it is and
//! blurred, so a stroke a little off or thicker (another font) still correlates. The
//! references are the ten digits of the bundled faces, each drawn large (the shape),
//! small (the shape as a low-resolution photo draws it) and small and blurred (as a
//! lens and JPEG blur it). A digit is read only when its best digit clearly beats every
//! other digit, its width suits that digit's, and so do its holes (a "6" has one, a "5"
//! none); otherwise it is not read at all.

use resvg::tiny_skia;
use std::sync::OnceLock;

/// Side of the descriptor square, in cells.
const CELLS: usize = 20;
/// A digit wider or narrower than the closest reference by more than this factor is
/// not read: two digits run together ("11" in a serif face) look like one wide "1"
/// once scaled into the square.
pub const MAX_ASPECT_RATIO: f32 = 1.45;
/// A digit whose best correlation is below this is not read.
pub const MIN_SCORE: f32 = 0.70;
/// Nor one whose best digit leads the runner-up by less than this.
pub const MIN_MARGIN: f32 = 0.06;

/// A shape reduced for comparison.
pub type Descriptor = Vec<f32>;

/// One reference digit.
struct Reference {
    digit: u8,
    descriptor: Descriptor,
    /// Width over height of the drawn digit.
    aspect: f32,
}

/// One digit-sized patch of ink, ready to compare.
#[derive(Debug, Clone, PartialEq)]
pub struct Glyph {
    pub descriptor: Descriptor,
    /// Size of the ink's bounding box, in pixels.
    pub width: f32,
    pub height: f32,
    /// Enclosed areas of paper (an "8" has two, a "6" one, a "5" none).
    pub holes: usize,
}

impl Glyph {
    /// The glyph of an ink patch (`ink` row-major, 0 = paper, 1 = ink): its ink above
    /// `threshold`, boxed; None when nothing is left or it holds no shape.
    pub fn from_ink(ink: &[f32], width: usize, height: usize, threshold: f32) -> Option<Glyph> {
        let (patch, pw, ph) = ink_box(ink, width, height, threshold)?;
        Some(Glyph {
            descriptor: descriptor(&patch, pw, ph)?,
            width: pw as f32,
            height: ph as f32,
            holes: holes(&patch, pw, ph, HOLE_INK),
        })
    }

    fn aspect(&self) -> f32 {
        self.width / self.height.max(1.0)
    }
}

/// What the comparison concluded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DigitRead {
    /// The digit, when read with confidence.
    pub digit: Option<u8>,
    /// The closest digit, confident or not (for calibration only; never reported).
    pub closest: u8,
    /// Correlation with the best reference, −1..1.
    pub score: f32,
    /// Lead of the best digit over the best other digit.
    pub margin: f32,
    /// The shape matches but its width does not: perhaps two digits run together.
    pub too_wide: bool,
    /// Nor does it when it is much narrower than the reference.
    pub too_narrow: bool,
    /// The closest digit cannot have as many holes as the glyph has.
    pub wrong_holes: bool,
    /// The glyph's holes.
    pub holes: usize,
    /// The glyph's height, in pixels.
    pub height: f32,
    /// The best correlation of each digit 0..=9.
    pub scores: [f32; 10],
}

impl DigitRead {
    /// The digit, or which test it failed.
    pub fn result(&self) -> Result<u8, super::numbers::Unread> {
        use super::numbers::Unread;
        match self.digit {
            Some(d) => Ok(d),
            None if self.score < MIN_SCORE => Err(Unread::LowScore),
            None if self.margin < MIN_MARGIN => Err(Unread::LowMargin),
            None if self.wrong_holes => Err(Unread::WrongHoles),
            None => Err(Unread::WrongWidth),
        }
    }
}

/// The descriptor of an ink patch (`ink` row-major, `width` × `height`, 0 = paper,
/// 1 = ink), or None when the patch holds no shape.
pub fn descriptor(ink: &[f32], width: usize, height: usize) -> Option<Descriptor> {
    if width == 0 || height == 0 {
        return None;
    }
    let scale = (CELLS as f32 / height as f32).min(CELLS as f32 / width as f32);
    let (ox, oy) = ((CELLS as f32 - width as f32 * scale) / 2.0, (CELLS as f32 - height as f32 * scale) / 2.0);
    let at = |x: f32, y: f32| -> f32 {
        if x < 0.0 || y < 0.0 || x >= width as f32 || y >= height as f32 {
            return 0.0;
        }
        ink[(y as usize) * width + x as usize]
    };
    // Each cell averages a 4x4 grid of samples: an area filter, whether the patch is
    // larger or smaller than the square.
    const SUB: usize = 4;
    let mut out = vec![0f32; CELLS * CELLS];
    for (cell, value) in out.iter_mut().enumerate() {
        let (cx, cy) = ((cell % CELLS) as f32, (cell / CELLS) as f32);
        let mut sum = 0.0;
        for s in 0..SUB * SUB {
            let sx = cx + ((s % SUB) as f32 + 0.5) / SUB as f32;
            let sy = cy + ((s / SUB) as f32 + 0.5) / SUB as f32;
            sum += at((sx - ox) / scale, (sy - oy) / scale);
        }
        *value = sum / (SUB * SUB) as f32;
    }
    let normalise = |mut v: Vec<f32>| -> Option<Vec<f32>> {
        let mean = v.iter().sum::<f32>() / v.len() as f32;
        v.iter_mut().for_each(|x| *x -= mean);
        let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        if norm < 1e-3 {
            return None;
        }
        v.iter_mut().for_each(|x| *x /= norm);
        Some(v)
    };
    // The shape as it is, and blurred: the blurred half forgives a stroke a cell off
    // or a little thicker, which is how an unseen font differs from the references.
    let raw = normalise(out.clone())?;
    let smoothed = normalise(smooth(&out, SMOOTH_CELLS))?;
    Some(raw.iter().chain(&smoothed).map(|v| v * std::f32::consts::FRAC_1_SQRT_2).collect())
}

/// The descriptor square blurred by a Gaussian of `sigma` cells (separable).
fn smooth(cells: &[f32], sigma: f32) -> Vec<f32> {
    let radius = (3.0 * sigma).ceil() as i32;
    let kernel: Vec<f32> = (-radius..=radius).map(|k| (-(k * k) as f32 / (2.0 * sigma * sigma)).exp()).collect();
    let pass = |src: &[f32], horizontal: bool| -> Vec<f32> {
        let mut dst = vec![0f32; CELLS * CELLS];
        for y in 0..CELLS as i32 {
            for x in 0..CELLS as i32 {
                let (mut sum, mut weight) = (0.0, 0.0);
                for (k, w) in (-radius..=radius).zip(&kernel) {
                    let (sx, sy) = if horizontal { (x + k, y) } else { (x, y + k) };
                    if sx >= 0 && sy >= 0 && sx < CELLS as i32 && sy < CELLS as i32 {
                        sum += w * src[(sy as usize) * CELLS + sx as usize];
                    }
                    weight += w;
                }
                dst[(y as usize) * CELLS + x as usize] = sum / weight;
            }
        }
        dst
    };
    pass(&pass(cells, true), false)
}

/// Compares a glyph with every reference.
pub fn classify(glyph: &Glyph) -> DigitRead {
    let mut best = [(f32::MIN, 0f32); 10];
    for r in references() {
        let score: f32 = r.descriptor.iter().zip(&glyph.descriptor).map(|(a, b)| a * b).sum();
        let slot = &mut best[r.digit as usize];
        if score > slot.0 {
            *slot = (score, r.aspect);
        }
    }
    let mut order: Vec<usize> = (0..10).collect();
    order.sort_by(|a, b| best[*b].0.total_cmp(&best[*a].0));
    let (score, margin) = (best[order[0]].0, best[order[0]].0 - best[order[1]].0);
    let reference_width = best[order[0]].1.max(1e-3) * glyph.height;
    // Blur widens a glyph by a pixel or two whatever its size: that much is allowed.
    let too_wide = glyph.width > reference_width * MAX_ASPECT_RATIO + BLUR_WIDTH_PX;
    let too_narrow = glyph.aspect() * MAX_ASPECT_RATIO < best[order[0]].1;
    let wrong_holes = !HOLES[order[0]].contains(&glyph.holes);
    let confident = score >= MIN_SCORE && margin >= MIN_MARGIN && !too_wide && !too_narrow && !wrong_holes;
    DigitRead {
        digit: confident.then_some(order[0] as u8),
        closest: order[0] as u8,
        score,
        margin,
        too_wide,
        too_narrow,
        wrong_holes,
        holes: glyph.holes,
        height: glyph.height,
        scores: best.map(|b| b.0),
    }
}

/// How many holes each digit may have, in any common font: a "4" is open or closed (and
/// a bold one may close a notch where its strokes meet), a
/// "0" may be dotted or slashed, blur can fill one of the two small holes of a bold "8"
/// and noise can split the hole of a "6" or a "9".
const HOLES: [&[usize]; 10] = [&[1, 2], &[0], &[0], &[0], &[0, 1, 2], &[0], &[1, 2], &[0], &[1, 2], &[1, 2]];
/// Ink above this (0 paper, 1 the darkest ink) closes a hole: halfway, where the digit's
/// blobs were cut from the paper.
const HOLE_INK: f32 = 0.5;
/// An enclosed area of paper smaller than this many pixels is noise, not a hole.
const MIN_HOLE_PX: usize = 2;
/// The width a glyph may gain by blur, in pixels, beyond [`MAX_ASPECT_RATIO`].
const BLUR_WIDTH_PX: f32 = 2.0;

/// Counts the areas of paper (ink at most `threshold`) enclosed by ink, 4-connected.
pub fn holes(ink: &[f32], width: usize, height: usize, threshold: f32) -> usize {
    // A frame of paper around the patch, so the outside is one area.
    let (w, h) = (width + 2, height + 2);
    let paper =
        |x: usize, y: usize| x == 0 || y == 0 || x > width || y > height || ink[(y - 1) * width + (x - 1)] <= threshold;
    let mut seen = vec![false; w * h];
    let mut count = 0;
    let mut queue = Vec::new();
    for start in 0..w * h {
        if seen[start] || !paper(start % w, start / w) {
            continue;
        }
        seen[start] = true;
        queue.push(start);
        let mut area = 0;
        while let Some(p) = queue.pop() {
            area += 1;
            let (x, y) = (p % w, p / w);
            let mut visit = |nx: usize, ny: usize| {
                let q = ny * w + nx;
                if !seen[q] && paper(nx, ny) {
                    seen[q] = true;
                    queue.push(q);
                }
            };
            if x > 0 {
                visit(x - 1, y);
            }
            if x + 1 < w {
                visit(x + 1, y);
            }
            if y > 0 {
                visit(x, y - 1);
            }
            if y + 1 < h {
                visit(x, y + 1);
            }
        }
        // The first area is the outside (it holds the corner).
        if start != 0 && area >= MIN_HOLE_PX {
            count += 1;
        }
    }
    count
}

/// Fonts the references are drawn from: family and weight. Noto Sans and Serif are the
/// fonts hexforge prints with (`fonts/`); the others are common on cards and documents,
/// bundled as digit-only subsets (`src/photo/fonts/`, README there).
const REFERENCE_FACES: [(&str, u16); 11] = [
    ("Noto Sans", 400),
    ("Noto Sans", 700),
    ("Noto Serif", 400),
    ("Noto Serif", 700),
    ("Noto Sans Mono", 400),
    ("Noto Sans Mono", 700),
    ("DejaVu Sans", 400),
    ("DejaVu Sans", 700),
    ("DejaVu Serif", 400),
    ("DejaVu Serif", 700),
    ("DejaVu Sans Mono", 400),
];
/// Font sizes (px) each reference is drawn at: the clean shape, and a small one whose
/// anti-aliasing looks like a 150 dpi photo; the small one is also drawn blurred by
/// [`REFERENCE_BLUR_PX`], as a photo's lens and JPEG blur it.
const REFERENCE_SIZES: [f32; 2] = [64.0, 20.0];
/// The blur of the third drawing of each reference (Gaussian sigma, pixels at 20 px).
const REFERENCE_BLUR_PX: f32 = 0.8;
/// The blur of the descriptor's second half (Gaussian sigma, in cells).
const SMOOTH_CELLS: f32 = 1.5;

/// The digit-only subsets, compiled in like the fonts in `fonts/`.
const DIGIT_FONTS: [&[u8]; 7] = [
    include_bytes!("fonts/NotoSansMono-Regular-digits.ttf"),
    include_bytes!("fonts/NotoSansMono-Bold-digits.ttf"),
    include_bytes!("fonts/DejaVuSans-digits.ttf"),
    include_bytes!("fonts/DejaVuSans-Bold-digits.ttf"),
    include_bytes!("fonts/DejaVuSerif-digits.ttf"),
    include_bytes!("fonts/DejaVuSerif-Bold-digits.ttf"),
    include_bytes!("fonts/DejaVuSansMono-digits.ttf"),
];

/// The bundled faces and the digit subsets in one database.
fn reference_fontdb() -> std::sync::Arc<usvg::fontdb::Database> {
    static DB: OnceLock<std::sync::Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = (*crate::print::fonts::fontdb()).clone();
        for data in DIGIT_FONTS {
            db.load_font_source(usvg::fontdb::Source::Binary(std::sync::Arc::new(data)));
        }
        std::sync::Arc::new(db)
    })
    .clone()
}

fn references() -> &'static [Reference] {
    static REFERENCES: OnceLock<Vec<Reference>> = OnceLock::new();
    REFERENCES.get_or_init(|| {
        let mut refs = Vec::new();
        for (family, weight) in REFERENCE_FACES {
            for size in REFERENCE_SIZES {
                for digit in 0..10u8 {
                    if let Some(glyph) = draw_digit(family, weight, size, digit) {
                        let aspect = glyph.aspect();
                        refs.push(Reference { digit, descriptor: glyph.descriptor, aspect });
                    }
                    if size < 30.0
                        && let Some(glyph) = draw(family, weight, size, digit, REFERENCE_BLUR_PX)
                    {
                        let aspect = glyph.aspect();
                        refs.push(Reference { digit, descriptor: glyph.descriptor, aspect });
                    }
                }
            }
        }
        refs
    })
}

/// Draws one digit in a reference face.
pub fn draw_digit(family: &str, weight: u16, size: f32, digit: u8) -> Option<Glyph> {
    draw(family, weight, size, digit, 0.0)
}

/// Draws one digit, blurred by a Gaussian of `blur` pixels and cut at half its darkest
/// ink as a photo's digit is.
fn draw(family: &str, weight: u16, size: f32, digit: u8, blur: f32) -> Option<Glyph> {
    let side = (size * 1.6).ceil();
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}"><text x="{x}" y="{y}" font-family="{family}" font-weight="{weight}" font-size="{size}">{digit}</text></svg>"#,
        x = size * 0.3,
        y = size * 1.2,
    );
    let options = usvg::Options { fontdb: reference_fontdb(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(&svg, &options).ok()?;
    let mut pixmap = tiny_skia::Pixmap::new(side as u32, side as u32)?;
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    let alpha: Vec<f32> = pixmap.pixels().iter().map(|p| f32::from(p.alpha()) / 255.0).collect();
    if blur <= 0.0 {
        return Glyph::from_ink(&alpha, w, h, 0.5);
    }
    let blurred = gaussian(&alpha, w, h, blur);
    let darkest = blurred.iter().copied().fold(0.0f32, f32::max).max(1e-3);
    let cut: Vec<f32> = blurred.iter().map(|v| v / darkest).map(|v| if v > 0.5 { v } else { 0.0 }).collect();
    Glyph::from_ink(&cut, w, h, 0.5)
}

/// An image blurred by a Gaussian of `sigma` pixels (separable; outside is 0).
fn gaussian(values: &[f32], w: usize, h: usize, sigma: f32) -> Vec<f32> {
    let radius = (3.0 * sigma).ceil() as i32;
    let kernel: Vec<f32> = (-radius..=radius).map(|k| (-(k * k) as f32 / (2.0 * sigma * sigma)).exp()).collect();
    let total: f32 = kernel.iter().sum();
    let pass = |src: &[f32], horizontal: bool| -> Vec<f32> {
        let mut dst = vec![0f32; w * h];
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let mut sum = 0.0;
                for (k, weight) in (-radius..=radius).zip(&kernel) {
                    let (sx, sy) = if horizontal { (x + k, y) } else { (x, y + k) };
                    if sx >= 0 && sy >= 0 && sx < w as i32 && sy < h as i32 {
                        sum += weight * src[sy as usize * w + sx as usize];
                    }
                }
                dst[y as usize * w + x as usize] = sum / total;
            }
        }
        dst
    };
    pass(&pass(values, true), false)
}

/// The part of an ink image inside the bounding box of its pixels above `threshold`.
pub fn ink_box(ink: &[f32], width: usize, height: usize, threshold: f32) -> Option<(Vec<f32>, usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, &v) in ink.iter().enumerate() {
        if v > threshold {
            let (x, y) = (i % width, i / width);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    if x0 > x1 || y0 > y1 || height == 0 {
        return None;
    }
    let (pw, ph) = (x1 - x0 + 1, y1 - y0 + 1);
    let patch = (y0..=y1).flat_map(|y| (x0..=x1).map(move |x| (x, y))).map(|(x, y)| ink[y * width + x]).collect();
    Some((patch, pw, ph))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reference_digit_reads_as_itself_and_only_itself() {
        for (family, weight) in REFERENCE_FACES {
            for digit in 0..10 {
                // A size the references do not contain.
                let glyph = draw_digit(family, weight, 31.0, digit).expect("bundled fonts have digits");
                let read = classify(&glyph);
                assert_eq!(read.digit, Some(digit), "{family} {weight} {digit}: {read:?}");
            }
        }
    }

    #[test]
    fn holes_are_counted_as_digits_have_them() {
        for (family, weight) in [("Noto Sans", 700), ("Noto Serif", 400), ("DejaVu Sans Mono", 400)] {
            for (digit, holes) in [(0, 1), (1, 0), (3, 0), (5, 0), (6, 1), (8, 2), (9, 1)] {
                let glyph = draw_digit(family, weight, 40.0, digit).unwrap();
                assert_eq!(glyph.holes, holes, "{family} {weight} {digit}");
            }
        }
        // A ring has one hole; opened on one side, none (a "6" cut open is a "5" shape).
        let mut ring = vec![0.0; 14 * 14];
        for (i, v) in ring.iter_mut().enumerate() {
            let (x, y) = ((i % 14) as f32 - 6.5, (i / 14) as f32 - 6.5);
            *v = if (x.hypot(y) - 5.0).abs() < 1.2 { 1.0 } else { 0.0 };
        }
        assert_eq!(holes(&ring, 14, 14, 0.5), 1);
        for y in 5..9 {
            ring[y * 14..y * 14 + 4].fill(0.0);
        }
        assert_eq!(holes(&ring, 14, 14, 0.5), 0, "opened on the left");
    }

    #[test]
    fn every_reference_face_is_in_the_database_under_its_own_name() {
        // usvg silently draws another face for a family it does not know.
        let db = reference_fontdb();
        for (family, weight) in REFERENCE_FACES {
            let query = usvg::fontdb::Query {
                families: &[usvg::fontdb::Family::Name(family)],
                weight: usvg::fontdb::Weight(weight),
                ..usvg::fontdb::Query::default()
            };
            let id = db.query(&query).unwrap_or_else(|| panic!("{family} {weight} missing"));
            let face = db.face(id).unwrap();
            assert!(face.families.iter().any(|(name, _)| name == family), "{family}: {:?}", face.families);
            assert_eq!(face.weight.0, weight, "{family}");
        }
    }

    #[test]
    fn a_blob_or_a_bar_is_not_a_digit() {
        let square = vec![1.0; 12 * 12];
        assert_eq!(descriptor(&square, 12, 12), None, "a uniform patch has no shape");
        let mut ring = vec![0.0; 14 * 14];
        for (i, v) in ring.iter_mut().enumerate() {
            let (x, y) = ((i % 14) as f32 - 6.5, (i / 14) as f32 - 6.5);
            *v = if (x.hypot(y) - 5.5).abs() < 1.2 { 1.0 } else { 0.0 };
        }
        // A round ring is closest to 0 but wider than any 0: not confident.
        let read = classify(&Glyph::from_ink(&ring, 14, 14, 0.5).unwrap());
        assert_eq!(read.digit, None, "{read:?}");
        // A "1" drawn twice side by side is not a wide "1".
        let one = draw_digit("Noto Serif", 700, 40.0, 1).unwrap();
        assert_eq!(classify(&one).digit, Some(1));
        let wide = Glyph { width: one.width * 2.0, ..one.clone() };
        assert_eq!(classify(&wide).digit, None);
        assert!(classify(&wide).too_wide);
    }
}
