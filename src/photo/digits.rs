//! Reading one digit by comparing its shape with digits drawn from the bundled fonts.
//!
//! A digit is reduced to a descriptor: its ink, scaled to a fixed height and centred in
//! a square, then made zero-mean and unit-length, so that ink darkness, stroke blur and
//! size drop out and only shape is left. The references are the ten digits of Noto Sans
//! and Noto Serif, regular and bold, each drawn large (the shape) and small (the shape as
//! a low-resolution photo blurs it). A digit is read only when its best digit clearly
//! beats every other digit; otherwise it is not read at all.

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
}

impl DigitRead {
    /// The digit, or which test it failed.
    pub fn result(&self) -> Result<u8, super::numbers::Unread> {
        use super::numbers::Unread;
        match self.digit {
            Some(d) => Ok(d),
            None if self.score < MIN_SCORE => Err(Unread::LowScore),
            None if self.margin < MIN_MARGIN => Err(Unread::LowMargin),
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
    let mean = out.iter().sum::<f32>() / out.len() as f32;
    out.iter_mut().for_each(|v| *v -= mean);
    let norm = out.iter().map(|v| v * v).sum::<f32>().sqrt();
    if norm < 1e-3 {
        return None;
    }
    out.iter_mut().for_each(|v| *v /= norm);
    Some(out)
}

/// Compares a descriptor of a digit `aspect` (width / height) wide with every reference.
pub fn classify(descriptor: &Descriptor, aspect: f32) -> DigitRead {
    let mut best = [(f32::MIN, 0f32); 10];
    for r in references() {
        let score: f32 = r.descriptor.iter().zip(descriptor).map(|(a, b)| a * b).sum();
        let slot = &mut best[r.digit as usize];
        if score > slot.0 {
            *slot = (score, r.aspect);
        }
    }
    let mut order: Vec<usize> = (0..10).collect();
    order.sort_by(|a, b| best[*b].0.total_cmp(&best[*a].0));
    let (score, margin) = (best[order[0]].0, best[order[0]].0 - best[order[1]].0);
    let reference_aspect = best[order[0]].1.max(1e-3);
    let too_wide = aspect > reference_aspect * MAX_ASPECT_RATIO;
    let too_narrow = aspect * MAX_ASPECT_RATIO < reference_aspect;
    let confident = score >= MIN_SCORE && margin >= MIN_MARGIN && !too_wide && !too_narrow;
    DigitRead {
        digit: confident.then_some(order[0] as u8),
        closest: order[0] as u8,
        score,
        margin,
        too_wide,
        too_narrow,
    }
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
/// anti-aliasing looks like a 150 dpi photo.
const REFERENCE_SIZES: [f32; 2] = [64.0, 20.0];

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
                    if let Some((descriptor, aspect)) = draw_digit(family, weight, size, digit) {
                        refs.push(Reference { digit, descriptor, aspect });
                    }
                }
            }
        }
        refs
    })
}

/// Draws one digit in a reference face and returns its descriptor and aspect.
pub fn draw_digit(family: &str, weight: u16, size: f32, digit: u8) -> Option<(Descriptor, f32)> {
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
    let (patch, pw, ph) = ink_box(&alpha, w, h, 0.5)?;
    Some((descriptor(&patch, pw, ph)?, pw as f32 / ph as f32))
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
                let (d, aspect) = draw_digit(family, weight, 31.0, digit).expect("bundled fonts have digits");
                let read = classify(&d, aspect);
                assert_eq!(read.digit, Some(digit), "{family} {weight} {digit}: {read:?}");
            }
        }
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
        let read = classify(&descriptor(&ring, 14, 14).unwrap(), 1.0);
        assert_eq!(read.digit, None, "{read:?}");
        // A "1" drawn twice side by side is not a wide "1".
        let (one, aspect) = draw_digit("Noto Serif", 700, 40.0, 1).unwrap();
        assert_eq!(classify(&one, aspect).digit, Some(1));
        assert_eq!(classify(&one, aspect * 2.0).digit, None);
        assert!(classify(&one, aspect * 2.0).too_wide);
    }
}
