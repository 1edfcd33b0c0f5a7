//! A few card faces rendered at 50 dpi and compared with committed references in
//! `tests/reference/`, resvg style: a tiny per-channel tolerance, a diff image in
//! `tests/diff/` (git-ignored) on failure.
//!
//! References change only on purpose, and never from a test: `cargo run --example
//! reference_images` rewrites them (the faces are listed in `tests/reference_faces/`); look
//! at them before committing.

use std::path::{Path, PathBuf};

use crate::reference_faces::{draw, reference};

/// Largest difference allowed in any channel of any pixel (anti-aliasing may differ
/// by a unit or two between CPUs' floating point paths).
const TOLERANCE: u8 = 3;

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

fn check(name: &str) {
    let actual = draw(name);
    let reference = reference(name);
    let expected = std::fs::read(&reference).unwrap_or_else(|_| {
        panic!("no reference {}; `cargo run --example reference_images` draws it", reference.display())
    });
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

/// Every face listed in `tests/reference_faces/` is drawn as its committed picture.
#[test]
fn every_reference_face_is_drawn_as_committed() {
    for (name, ..) in crate::reference_faces::FACES {
        check(name);
    }
}
