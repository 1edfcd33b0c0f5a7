//! Verifying printed cards from a photo or a scan: find each hexagram, read its lines
//! and the number beside each line, and check every number against the core.
//!
//! Stages, each in the file named after it: [`decode`] (bytes to a bounded grey
//! image), [`page`] (divide out the light), [`stack`] (bars → lines → hexagrams),
//! [`numbers`] (the strip beside each line → a number or nothing), [`digits`] (one
//! digit's shape against the bundled fonts' digits). The hexagram comes from the bars,
//! so no card number is read; the expected numbers come from
//! [`hexforge_rules::core::verify::check_read_numbers`], the comparison the typed
//! `verify-neighbours` uses.
//!
//! Pure Rust and deterministic: the same bytes give the same report on every machine.

pub mod decode;
pub mod digits;
pub mod numbers;
pub mod page;
pub mod stack;

use serde::Serialize;
use thiserror::Error;

use hexforge_rules::core::card::Orientation;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::verify::{LineCheck, LineStatus, check_read_numbers};
use numbers::{Side, SideReading, read_side};

/// Why a photo could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PhotoError {
    #[error("the file is {found}; a PNG or JPEG photo or scan is expected")]
    NotAnImage { found: String },
    #[error("the {format} image could not be decoded: {reason}")]
    Decode { format: String, reason: String },
    #[error(
        "image too large: {width}x{height} px; at most {max_side} px a side and {max_mp} megapixels are accepted",
        max_side = decode::MAX_SIDE_PX,
        max_mp = decode::MAX_PIXELS / 1_000_000
    )]
    TooLarge { width: u32, height: u32 },
    #[error("image too small: {reason} (photograph the card closer, or scan at 150 dpi or more)")]
    TooSmall { reason: String },
    #[error("no card found: nothing in the image looks like the bars of a hexagram (dark bars on light paper)")]
    NoCard,
    #[error(
        "lines not found: {bars} bar-like marks but no six lines of equal length stacked together (the most found together: {largest_stack}); photograph the card flat and whole"
    )]
    LinesNotFound { bars: usize, largest_stack: usize },
    #[error(
        "found the six lines but no numbers beside them; the numbers are read at the left end of each line, upright or turned 180°"
    )]
    NoNumbers,
}

/// One reading of one card: the hexagram its lines show that way up, and its numbers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reading {
    /// King Wen number of the hexagram shown.
    pub hexagram: u8,
    /// For a Changing Lines card, which reading this is, told by its ink (the dark
    /// reading is printed darker); None when the card does not say.
    pub orientation: Option<Orientation>,
    /// Lines 1..6, bottom to top.
    pub lines: [LineCheck; 6],
}

impl Reading {
    /// True when all six numbers were read and are right.
    pub fn all_ok(&self) -> bool {
        self.lines.iter().all(|l| l.status == LineStatus::Ok)
    }
}

/// What a photo says: every reading found, cards in reading order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PhotoReport {
    pub readings: Vec<Reading>,
}

impl PhotoReport {
    /// True when every number of every reading was read and is right.
    pub fn all_ok(&self) -> bool {
        self.readings.iter().all(Reading::all_ok)
    }
}

/// A side must have numbers beside at least this many lines to count as a reading.
const MIN_NUMBERS_PER_SIDE: usize = 3;
/// The dark reading's ink is at least this much darker (fraction of paper) than the light one's.
const INK_DIFFERENCE: f32 = 0.15;

/// Reads a PNG or JPEG and checks every number found against the core.
pub fn verify_photo(bytes: &[u8]) -> Result<PhotoReport, PhotoError> {
    let grey = decode::decode_grey(bytes)?;
    verify_grey(&grey)
}

/// [`verify_photo`] on an already decoded grey image.
pub fn verify_grey(grey: &image::GrayImage) -> Result<PhotoReport, PhotoError> {
    Ok(PhotoReport { readings: read_grey(grey)?.into_iter().map(|r| r.reading).collect() })
}

/// A reading with what the digit reader saw, for calibration.
#[derive(Debug, Clone)]
pub struct DetailedReading {
    pub reading: Reading,
    pub side: SideReading,
}

/// Every reading in a grey image, with details.
pub fn read_grey(grey: &image::GrayImage) -> Result<Vec<DetailedReading>, PhotoError> {
    let page = page::Page::from_grey(grey);
    let stacks = stack::find_stacks(&page)?;
    let mut readings = Vec::new();
    for stack in &stacks {
        let upright = Hexagram::from_bits(stack.upright_bits());
        let expected = |h: Hexagram| h.neighbours().map(|n| n.number());
        let left = read_side(&page, stack, Side::Left, expected(upright));
        let right = read_side(&page, stack, Side::Right, expected(upright.inverse()));
        let has_numbers = |s: &SideReading| s.found >= MIN_NUMBERS_PER_SIDE;
        // Only a card with numbers on both sides has two readings; its darker side is dark.
        let (left_orientation, right_orientation) = if has_numbers(&left) && has_numbers(&right) {
            if left.ink + INK_DIFFERENCE <= right.ink {
                (Some(Orientation::Dark), Some(Orientation::Light))
            } else if right.ink + INK_DIFFERENCE <= left.ink {
                (Some(Orientation::Light), Some(Orientation::Dark))
            } else {
                (None, None)
            }
        } else {
            (None, None)
        };
        let mut sides = vec![];
        if has_numbers(&left) {
            sides.push((upright, left_orientation, left));
        }
        if has_numbers(&right) {
            sides.push((upright.inverse(), right_orientation, right));
        }
        // The dark reading first.
        sides.sort_by_key(|(_, o, _)| *o != Some(Orientation::Dark));
        for (hexagram, orientation, side) in sides {
            let lines = check_read_numbers(hexagram, side.numbers);
            readings
                .push(DetailedReading { reading: Reading { hexagram: hexagram.number(), orientation, lines }, side });
        }
    }
    if readings.is_empty() {
        return Err(PhotoError::NoNumbers);
    }
    Ok(readings)
}
