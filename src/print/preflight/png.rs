//! The PNG shops: The Game Crafter's and MakePlayingCards' card faces (pixel size with
//! bleed, and the dpi the PNG records) and Tabletop Simulator's deck sheets (RGB, at most
//! [`TTS_MAX_SIDE_PX`] a side). Only the PNG header is read.

use std::io::Cursor;

use super::{MM_PER_INCH, PreflightError, Shop, Verdict, not_format};
use crate::cards::sheet::TTS_MAX_SIDE_PX;
use crate::print::profile::Profile;
use crate::print::render::PrintProfile;

/// The rules of a print service's card face.
pub const CARD_RULES: &[&str] = &["pixel-size", "dpi"];

/// The rules of a Tabletop Simulator deck sheet.
pub const SHEET_RULES: &[&str] = &["rgb", "sheet-size"];

/// What the header of a PNG says.
struct Header {
    width: u32,
    height: u32,
    color: png::ColorType,
    depth: png::BitDepth,
    /// Pixels per metre across and down, when the PNG records them in metres.
    per_metre: Option<(u32, u32)>,
}

fn header(bytes: &[u8], shop: Shop) -> Result<Header, PreflightError> {
    let reader = png::Decoder::new(Cursor::new(bytes)).read_info().map_err(|e| not_format(shop, e))?;
    let info = reader.info();
    let per_metre = info.pixel_dims.filter(|d| d.unit == png::Unit::Meter).map(|d| (d.xppu, d.yppu));
    Ok(Header { width: info.width, height: info.height, color: info.color_type, depth: info.bit_depth, per_metre })
}

/// The canvas hexforge draws the shop's cards on: TGC's or MPC's.
fn canvas(shop: Shop) -> &'static PrintProfile {
    let profile = match shop {
        Shop::Mpc => Profile::Mpc,
        _ => Profile::Tgc,
    };
    profile.service().expect("tgc and mpc have a canvas")
}

/// Pixels per metre at `dpi`, as PNG's pHYs writes it.
fn per_metre(dpi: f64) -> u32 {
    (dpi / MM_PER_INCH * 1000.0).round() as u32
}

/// Checks a card face for The Game Crafter or MakePlayingCards (`shop`).
pub fn check_card(bytes: &[u8], shop: Shop) -> Result<Vec<Verdict>, PreflightError> {
    let h = header(bytes, shop)?;
    let c = canvas(shop);
    let dpi = f64::from(c.dpi.get());
    let size = if (h.width, h.height) == (c.width_px, c.height_px) {
        Verdict::pass(
            "pixel-size",
            format!(
                "{}×{} px: the {}×{} px card and {} px of bleed a side at {dpi:.0} dpi",
                h.width,
                h.height,
                c.trim_width_px,
                c.trim_height_px,
                f64::from(c.width_px - c.trim_width_px) / 2.0
            ),
        )
    } else {
        Verdict::fail(
            "pixel-size",
            format!(
                "{}×{} px; {} takes {}×{} px for a poker card (bleed included, {dpi:.0} dpi): export at that size",
                h.width,
                h.height,
                shop.name(),
                c.width_px,
                c.height_px
            ),
        )
    };
    let wanted = per_metre(dpi);
    // One pixel a metre either way is rounding (11811 is 299.9994 dpi).
    let recorded = h.per_metre.filter(|&(x, y)| x.abs_diff(wanted) <= 1 && y.abs_diff(wanted) <= 1);
    let dpi_verdict = match (recorded, h.per_metre) {
        (Some(_), _) => Verdict::pass("dpi", format!("the PNG records {dpi:.0} dpi")),
        (None, Some((x, y))) => Verdict::fail(
            "dpi",
            format!(
                "the PNG records {:.0}×{:.0} dpi; set it to {dpi:.0} so the card prints at {}×{} in",
                f64::from(x) * MM_PER_INCH / 1000.0,
                f64::from(y) * MM_PER_INCH / 1000.0,
                f64::from(c.trim_width_px) / dpi,
                f64::from(c.trim_height_px) / dpi
            ),
        ),
        (None, None) => Verdict::fail("dpi", format!("the PNG records no resolution (pHYs); save it at {dpi:.0} dpi")),
    };
    Ok(vec![size, dpi_verdict])
}

/// A PNG colour type as a reader would say it.
fn colour_name(color: png::ColorType) -> &'static str {
    match color {
        png::ColorType::Grayscale => "grey",
        png::ColorType::GrayscaleAlpha => "grey with alpha",
        png::ColorType::Rgb => "RGB",
        png::ColorType::Rgba => "RGBA",
        png::ColorType::Indexed => "indexed (palette)",
    }
}

/// Checks a Tabletop Simulator deck sheet.
pub fn check_sheet(bytes: &[u8]) -> Result<Vec<Verdict>, PreflightError> {
    let h = header(bytes, Shop::Tts)?;
    let (colour, bits) = (colour_name(h.color), h.depth as u8);
    let rgb = match (h.color, h.depth) {
        (png::ColorType::Rgb | png::ColorType::Rgba, png::BitDepth::Eight) => {
            Verdict::pass("rgb", format!("{bits}-bit {colour}"))
        }
        _ => Verdict::fail("rgb", format!("{bits}-bit {colour}; save the sheet as 8-bit RGB (or RGBA)")),
    };
    let max = TTS_MAX_SIDE_PX;
    let size = if h.width <= max && h.height <= max {
        Verdict::pass("sheet-size", format!("{}×{} px, within {max}×{max}", h.width, h.height))
    } else {
        Verdict::fail(
            "sheet-size",
            format!(
                "{}×{} px; Tabletop Simulator reads sheets of at most {max} px a side: scale the sheet down or split the deck",
                h.width, h.height
            ),
        )
    };
    Ok(vec![rgb, size])
}
