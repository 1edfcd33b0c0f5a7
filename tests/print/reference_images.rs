//! A few card faces rendered at 50 dpi and compared with committed references in
//! `tests/reference/`, resvg style: a tiny per-channel tolerance, a diff image in
//! `tests/diff/` (git-ignored) on failure.
//!
//! References change only on purpose: `HEXFORGE_BLESS=1 cargo test --test print
//! reference_images::` rewrites them; look at them before committing.

use std::path::{Path, PathBuf};

use hexforge::cards::{self, Face, Lang, PrintedDeck};
use hexforge::games::decks;
use hexforge::print::render;

/// Largest difference allowed in any channel of any pixel (anti-aliasing may differ
/// by a unit or two between CPUs' floating point paths).
const TOLERANCE: u8 = 3;
/// Low, to keep the committed files small.
const DPI: f32 = 50.0;

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(name)
}

struct Image {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

fn decode(bytes: &[u8]) -> Image {
    let mut decoder = png::Decoder::new(bytes);
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    assert_eq!(info.color_type, png::ColorType::Rgba, "references are RGBA");
    Image { width: info.width, height: info.height, rgba: buf }
}

/// A red-on-grey picture of where two images differ.
fn diff_png(a: &Image, b: &Image) -> Vec<u8> {
    let mut out = Vec::new();
    let mut data = Vec::with_capacity(a.rgba.len());
    for (p, q) in a.rgba.chunks(4).zip(b.rgba.chunks(4)) {
        let d = p.iter().zip(q).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
        let grey = p[0] / 3 + p[1] / 3 + p[2] / 3;
        data.extend_from_slice(&if d > TOLERANCE { [255, 0, 0, 255] } else { [grey, grey, grey, 255] });
    }
    let mut enc = png::Encoder::new(&mut out, a.width, a.height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header().unwrap().write_image_data(&data).unwrap();
    out
}

fn check(name: &str, deck: PrintedDeck, face: &str) {
    let face: Face = face.parse().unwrap();
    let svg = cards::card_svg(deck, &face, Lang::En).unwrap();
    let actual = render::svg_to_png(&svg, DPI).unwrap();
    let reference = dir("reference").join(format!("{name}.png"));
    if std::env::var_os("HEXFORGE_BLESS").is_some() {
        std::fs::create_dir_all(reference.parent().unwrap()).unwrap();
        std::fs::write(&reference, &actual).unwrap();
        return;
    }
    let expected = std::fs::read(&reference)
        .unwrap_or_else(|_| panic!("no reference {}; run with HEXFORGE_BLESS=1 to create it", reference.display()));
    let (a, b) = (decode(&actual), decode(&expected));
    assert_eq!((a.width, a.height), (b.width, b.height), "{name}: size changed");
    let differing = a
        .rgba
        .chunks(4)
        .zip(b.rgba.chunks(4))
        .filter(|(p, q)| p.iter().zip(*q).any(|(x, y)| x.abs_diff(*y) > TOLERANCE))
        .count();
    if differing > 0 {
        let diff_dir = dir("diff");
        std::fs::create_dir_all(&diff_dir).unwrap();
        std::fs::write(diff_dir.join(format!("{name}.png")), diff_png(&a, &b)).unwrap();
        std::fs::write(diff_dir.join(format!("{name}.actual.png")), &actual).unwrap();
        panic!(
            "{name}: {differing} pixels differ by more than {TOLERANCE}; see {}",
            diff_dir.join(format!("{name}.png")).display()
        );
    }
}

#[test]
fn changing_lines_card_12() {
    check("changing-lines-card-12", decks::CHANGING_LINES, "12");
}

#[test]
fn changing_lines_card_29_double_mirror() {
    check("changing-lines-card-29", decks::CHANGING_LINES, "29");
}

#[test]
fn changing_lines_back() {
    check("changing-lines-back", decks::CHANGING_LINES, "back");
}

#[test]
fn zhi_pai_card_12() {
    check("zhi-pai-card-12", decks::ZHI_PAI, "12");
}

#[test]
fn zhi_pai_trigram_card_inactive() {
    check("zhi-pai-trigram-2-thunder-inactive", decks::ZHI_PAI, "trigram-2-thunder-inactive");
}
