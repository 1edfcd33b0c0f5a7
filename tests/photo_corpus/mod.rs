//! The photo corpus: cards drawn and photographed by the tests themselves.
//!
//! - Changing Lines cards as hexforge prints them, rendered at 150 dpi (both readings on
//!   every card);
//! - the same cards "photographed": put on a coloured table, turned up to ±6°, seen in
//!   perspective, under uneven light, blurred, with sensor noise, saved as JPEG at
//!   quality 50–85 (every parameter from a seed, so a sample is the same every run);
//! - cards of another maker: six bars and a number left of each, drawn here in two
//!   other layouts with fonts the digit reader has no references for: Liberation and
//!   URW base35 (Debian `fonts-liberation`, `fonts-urw-base35`; missing fonts are
//!   skipped and reported);
//! - misprints: one number changed in the SVG before rendering.
//!
//! Shared by `tests/service/photo.rs`, `examples/photo_corpus.rs` and `benches/photo.rs`.
#![allow(dead_code)]

use hexforge::cards::{self, Face, Lang};
use hexforge::games::decks;
use hexforge::photo::PhotoReport;
use hexforge_rules::core::card::{Card, Orientation};
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::verify::LineStatus;
use image::{ImageFormat, Rgb, RgbImage};
use imageproc::geometric_transformations::{Interpolation, Projection, warp_into};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use resvg::{tiny_skia, usvg};
use std::io::Cursor;
use std::sync::Arc;

/// The dpi the corpus is rendered at.
pub const DPI: f32 = 150.0;

/// What is printed on one reading of a card.
#[derive(Debug, Clone, PartialEq)]
pub struct Truth {
    pub hexagram: u8,
    /// Expected orientation in the report (None for cards with one reading).
    pub orientation: Option<Orientation>,
    /// The numbers printed beside lines 1..6.
    pub printed: [u8; 6],
}

/// A misprint: in `orientation`'s reading, line `line` carries `printed` instead of the neighbour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Misprint {
    pub orientation: Orientation,
    pub line: u8,
    pub printed: u8,
}

/// A deterministic misprint for card `n`: a line and a wrong number in 1..=64.
pub fn misprint_for(n: u8, seed: u64) -> Misprint {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (u64::from(n) * 7919));
    let orientation = if rng.random_bool(0.5) { Orientation::Dark } else { Orientation::Light };
    let line = rng.random_range(1..=6u8);
    let right = card(n).neighbour_numbers(orientation)[line as usize - 1];
    let mut printed = rng.random_range(1..=64u8);
    while printed == right {
        printed = rng.random_range(1..=64u8);
    }
    Misprint { orientation, line, printed }
}

fn card(n: u8) -> Card {
    Card::from_number(i64::from(n)).expect("1..=64")
}

/// Both readings of Changing Lines card `n`, with a misprint applied.
pub fn changing_lines_truth(n: u8, misprint: Option<Misprint>) -> Vec<Truth> {
    Orientation::BOTH
        .into_iter()
        .map(|o| {
            let mut printed = card(n).neighbour_numbers(o);
            if let Some(m) = misprint.filter(|m| m.orientation == o) {
                printed[m.line as usize - 1] = m.printed;
            }
            Truth { hexagram: card(n).shows(o).number(), orientation: Some(o), printed }
        })
        .collect()
}

/// Changing Lines card `n` as hexforge prints it, at [`DPI`], optionally misprinted.
pub fn changing_lines_card(n: u8, misprint: Option<Misprint>) -> RgbImage {
    let hexagram = Hexagram::from_number(i64::from(n)).expect("1..=64");
    let mut svg = cards::card_svg(decks::CHANGING_LINES, &Face::Card(hexagram), Lang::En).expect("card svg");
    if let Some(m) = misprint {
        let right = card(n).neighbour_numbers(m.orientation)[m.line as usize - 1];
        let marker = format!(r#"data-orientation="{}" data-line="{}" data-neighbour="{right}""#, m.orientation, m.line);
        let at = svg.find(&marker).expect("the card marks its numbers");
        let close = at + svg[at..].find('>').expect("tag end");
        let end = close + svg[close..].find("</text>").expect("text end");
        svg.replace_range(close + 1..end, &m.printed.to_string());
    }
    let pixmap = hexforge::print::render::svg_to_pixmap(&svg, DPI).expect("render");
    pixmap_to_rgb(&pixmap)
}

fn pixmap_to_rgb(pixmap: &tiny_skia::Pixmap) -> RgbImage {
    // Cards are opaque; composite on white anyway so a transparent corner is paper.
    RgbImage::from_fn(pixmap.width(), pixmap.height(), |x, y| {
        let p = pixmap.pixel(x, y).expect("inside");
        let a = u16::from(p.alpha());
        let c = |v: u8| (u16::from(v) + (255 - a)) as u8;
        Rgb([c(p.red()), c(p.green()), c(p.blue())])
    })
}

/// A font of another maker, found on this machine.
#[derive(Debug, Clone)]
pub struct OtherFont {
    pub family: &'static str,
    pub weight: u16,
    pub file: &'static str,
}

/// The fonts the "other maker" cards use: none of them is a font the digit references
/// are drawn from (Noto, DejaVu), so these cards measure fonts the reader has never seen.
/// Liberation (Debian `fonts-liberation`) and URW base35 (`fonts-urw-base35`).
pub const OTHER_FONTS: [OtherFont; 7] = [
    OtherFont {
        family: "Liberation Sans",
        weight: 700,
        file: "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    },
    OtherFont {
        family: "Liberation Serif",
        weight: 400,
        file: "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    },
    OtherFont {
        family: "Liberation Mono",
        weight: 400,
        file: "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    },
    OtherFont {
        family: "Nimbus Sans",
        weight: 400,
        file: "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf",
    },
    OtherFont { family: "C059", weight: 700, file: "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf" },
    OtherFont { family: "P052", weight: 400, file: "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf" },
    OtherFont { family: "URW Gothic", weight: 400, file: "/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf" },
];

/// The other fonts present on this machine.
pub fn available_other_fonts() -> Vec<OtherFont> {
    OTHER_FONTS.iter().filter(|f| std::path::Path::new(f.file).exists()).cloned().collect()
}

/// A card of another maker: hexagram `n` (one reading only), its six numbers left of
/// the bars in `font`, in layout `style` 0 or 1; `misprint` replaces line `.0`'s number.
pub fn other_maker_card(n: u8, font: &OtherFont, style: u8, misprint: Option<(u8, u8)>) -> (RgbImage, Truth) {
    let hexagram = Hexagram::from_number(i64::from(n)).expect("1..=64");
    let mut printed = hexagram.neighbours().map(Hexagram::number);
    if let Some((line, value)) = misprint {
        printed[line as usize - 1] = value;
    }
    // Two layouts unlike hexforge's: (bar x, width, thickness, pitch, gap fraction,
    // number size, number gap, top line centre).
    let (x, width, thick, pitch, gap, size, ngap, top) = match style {
        0 => (21.0, 32.0, 3.0, 6.2, 0.2, 4.0, 3.0, 32.0),
        _ => (24.0, 30.0, 4.0, 7.6, 1.0 / 3.0, 4.6, 2.0, 30.0),
    };
    let mut body = String::new();
    body.push_str(&format!(
        r##"<rect x="2" y="2" width="59" height="84" rx="3" fill="none" stroke="#555" stroke-width="0.4"/><text x="6" y="12" font-size="6" font-weight="{w}">{n}</text><text x="6" y="19" font-size="3.2">Hexagram {n}</text>"##,
        w = font.weight
    ));
    for i in 1..=6u8 {
        let cy = top + f32::from(6 - i) * pitch;
        let y = cy - thick / 2.0;
        if hexagram.bits() >> (i - 1) & 1 == 1 {
            body.push_str(&format!(r#"<rect x="{x}" y="{y}" width="{width}" height="{thick}"/>"#));
        } else {
            let half = width * (1.0 - gap) / 2.0;
            body.push_str(&format!(
                r#"<rect x="{x}" y="{y}" width="{half}" height="{thick}"/><rect x="{x2}" y="{y}" width="{half}" height="{thick}"/>"#,
                x2 = x + width - half
            ));
        }
        body.push_str(&format!(
            r#"<text x="{nx}" y="{ny}" font-size="{size}" font-weight="{w}" text-anchor="end">{v}</text>"#,
            nx = x - ngap,
            ny = cy + 0.36 * size,
            w = font.weight,
            v = printed[i as usize - 1]
        ));
    }
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 63 88"><rect width="63" height="88" fill="#fbfaf5"/><g fill="#222" font-family="{family}">{body}</g></svg>"##,
        family = font.family
    );
    let mut db = usvg::fontdb::Database::new();
    db.load_font_file(font.file).expect("font file");
    let options = usvg::Options { dpi: DPI, fontdb: Arc::new(db), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(&svg, &options).expect("svg");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("pixmap");
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    (pixmap_to_rgb(&pixmap), Truth { hexagram: n, orientation: None, printed })
}

/// The knobs of one simulated photo, all from a seed.
#[derive(Debug, Clone)]
pub struct PhotoParams {
    pub rotation_deg: f32,
    pub blur_sigma: f32,
    pub jpeg_quality: u8,
    pub light_drop: f32,
    pub noise: f32,
    pub table: [u8; 3],
    /// The card photographed the other way up (its other reading upright).
    pub turned: bool,
}

const TABLES: [[u8; 3]; 5] = [[122, 84, 52], [46, 96, 62], [150, 150, 146], [40, 52, 86], [190, 170, 140]];

impl PhotoParams {
    pub fn from_seed(seed: u64) -> PhotoParams {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        PhotoParams {
            rotation_deg: rng.random_range(-6.0..=6.0),
            blur_sigma: rng.random_range(0.3..=1.2),
            jpeg_quality: rng.random_range(50..=85),
            light_drop: rng.random_range(0.05..=0.4),
            noise: rng.random_range(1.0..=7.0),
            table: TABLES[rng.random_range(0..TABLES.len())],
            turned: rng.random_bool(0.5),
        }
    }
}

/// A photo of `card` as a phone would take it, as JPEG bytes.
pub fn photograph(card: &RgbImage, params: &PhotoParams, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(31).wrapping_add(7));
    let (w, h) = (card.width() as f32, card.height() as f32);
    let (cw, ch) = ((w * 1.45) as u32, (h * 1.35) as u32);
    let (cx, cy) = (cw as f32 / 2.0, ch as f32 / 2.0);
    let turn = if params.turned { std::f32::consts::PI } else { 0.0 };
    let angle = params.rotation_deg.to_radians() + turn;
    let (sin, cos) = angle.sin_cos();
    // Corners of the card turned about the canvas centre, each nudged up to 3 % of the
    // card's size: a camera not quite square to the table.
    let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
    let mut to = [(0.0f32, 0.0f32); 4];
    for (i, (x, y)) in corners.iter().enumerate() {
        let (dx, dy) = (x - w / 2.0, y - h / 2.0);
        let jitter = 0.03 * w;
        to[i] = (
            cx + dx * cos - dy * sin + rng.random_range(-jitter..=jitter),
            cy + dx * sin + dy * cos + rng.random_range(-jitter..=jitter),
        );
    }
    let projection = Projection::from_control_points(corners, to).expect("a proper quadrilateral");
    let table = Rgb(params.table);
    let mut photo = RgbImage::from_pixel(cw, ch, table);
    warp_into(card, &projection, Interpolation::Bilinear, table, &mut photo);
    let photo = imageproc::filter::gaussian_blur_f32(&photo, params.blur_sigma);
    // Light falling off across the photo, from a random side, and sensor noise.
    let light_angle: f32 = rng.random_range(0.0..std::f32::consts::TAU);
    let (lx, ly) = (light_angle.cos(), light_angle.sin());
    let mut photo = photo;
    for (x, y, p) in photo.enumerate_pixels_mut() {
        let t = ((x as f32 - cx) / cw as f32 * lx + (y as f32 - cy) / ch as f32 * ly + 0.5).clamp(0.0, 1.0);
        let light = 1.0 - params.light_drop * t;
        for c in &mut p.0 {
            let noise = (rng.random::<f32>() + rng.random::<f32>() + rng.random::<f32>() - 1.5) * 2.0 * params.noise;
            *c = (f32::from(*c) * light + noise).clamp(0.0, 255.0) as u8;
        }
    }
    let mut out = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, params.jpeg_quality);
    photo.write_with_encoder(encoder).expect("jpeg");
    out
}

/// PNG bytes of an image, as a clean render or a flatbed scan is saved.
pub fn png(image: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image.write_to(&mut Cursor::new(&mut out), ImageFormat::Png).expect("png");
    out
}

/// A flatbed scan of several cards side by side on white, in rows of `per_row`.
pub fn sheet(cards: &[RgbImage], per_row: usize) -> RgbImage {
    let (w, h) = (cards[0].width(), cards[0].height());
    let rows = cards.len().div_ceil(per_row) as u32;
    let margin = 40;
    let mut sheet = RgbImage::from_pixel(per_row as u32 * w + 2 * margin, rows * h + 2 * margin, Rgb([250, 250, 248]));
    for (i, c) in cards.iter().enumerate() {
        let (col, row) = ((i % per_row) as u32, (i / per_row) as u32);
        image::imageops::overlay(&mut sheet, c, i64::from(margin + col * w), i64::from(margin + row * h));
    }
    sheet
}

/// Counts of numbers against the truth.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tally {
    pub numbers: usize,
    pub right: usize,
    pub unreadable: usize,
    /// Read with confidence and not what is printed: must stay 0.
    pub misread: usize,
    pub misprints: usize,
    /// Misprints reported as a mismatch with the printed (wrong) number read.
    pub misprints_caught: usize,
    /// Readings the report named with the wrong orientation or not at all.
    pub readings_missed: usize,
}

impl Tally {
    pub fn add(&mut self, other: Tally) {
        self.numbers += other.numbers;
        self.right += other.right;
        self.unreadable += other.unreadable;
        self.misread += other.misread;
        self.misprints += other.misprints;
        self.misprints_caught += other.misprints_caught;
        self.readings_missed += other.readings_missed;
    }
}

/// Scores a report against what is printed. `misprint` (reading index, line) marks
/// the misprinted number, if any.
pub fn score(report: &PhotoReport, truth: &[Truth], misprint: Option<(usize, u8)>) -> Tally {
    let mut tally = Tally::default();
    for (t_index, t) in truth.iter().enumerate() {
        tally.numbers += 6;
        let Some(reading) = report.readings.iter().find(|r| r.hexagram == t.hexagram && r.orientation == t.orientation)
        else {
            tally.readings_missed += 1;
            tally.unreadable += 6;
            if misprint.is_some_and(|(i, _)| i == t_index) {
                tally.misprints += 1;
            }
            continue;
        };
        for (line, printed) in reading.lines.iter().zip(t.printed) {
            match line.read {
                None => tally.unreadable += 1,
                Some(r) if r == printed => tally.right += 1,
                Some(_) => tally.misread += 1,
            }
            if misprint == Some((t_index, line.line)) {
                tally.misprints += 1;
                if line.status == LineStatus::Mismatch && line.read == Some(printed) {
                    tally.misprints_caught += 1;
                }
            }
        }
    }
    tally
}

/// The index of a misprint's reading in [`changing_lines_truth`]'s order.
pub fn misprint_index(m: &Misprint) -> (usize, u8) {
    (usize::from(m.orientation == Orientation::Light), m.line)
}
