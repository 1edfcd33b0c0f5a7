//! The card faces kept as reference pictures in `tests/reference/`: which faces, at what
//! resolution, and how each is drawn. `tests/print/reference_images.rs` compares a fresh
//! drawing with each picture; `cargo run --example reference_images` rewrites the pictures
//! (on purpose only: look at them before committing).

use hexforge::cards::{self, Face, Lang, PrintedDeck};
use hexforge::games::decks;
use hexforge::print::render;
use std::path::{Path, PathBuf};

/// Low, to keep the committed files small.
pub const DPI: f32 = 50.0;

/// (the picture's name, the deck, the face).
pub const FACES: [(&str, PrintedDeck, &str); 5] = [
    ("changing-lines-card-12", decks::CHANGING_LINES, "12"),
    ("changing-lines-card-29", decks::CHANGING_LINES, "29"),
    ("changing-lines-back", decks::CHANGING_LINES, "back"),
    ("zhi-pai-card-12", decks::ZHI_PAI, "12"),
    ("zhi-pai-trigram-2-thunder-inactive", decks::ZHI_PAI, "trigram-2-thunder-inactive"),
];

/// The committed picture of the face named `name`.
pub fn reference(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference").join(format!("{name}.png"))
}

/// The face named `name` drawn now, as PNG bytes.
pub fn draw(name: &str) -> Vec<u8> {
    let (_, deck, face) = FACES.iter().find(|(n, ..)| *n == name).unwrap_or_else(|| panic!("no face {name}"));
    let face: Face = face.parse().expect("a face");
    let svg = cards::card_svg(*deck, &face, Lang::En).expect("the face's SVG");
    render::svg_to_png(&svg, DPI).expect("the face renders")
}
