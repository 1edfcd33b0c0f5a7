//! RGB to CMYK for the DriveThruCards PDF, through a real colour engine.
//!
//! Every pixel goes through [moxcms] (an ICC colour management engine in pure Rust) from
//! sRGB to the bundled US web coated profile ([`PROFILE`], see `colour/README.md`), with
//! the relative colorimetric intent: the card's cream paper stays a faint tint instead
//! of being bleached to the sheet's white, and colours inside the press's gamut keep
//! their appearance.
//!
//! One exception, which a print shop asks for: the dark ink of the cards (the hexagram
//! lines, the numbers, the names) prints as a *rich black*, [`RICH_BLACK`] (C 60 M 40
//! Y 40 K 100, 240 % ink), the same on every card, instead of the engine's four-colour
//! near-black. Anti-aliased edges of dark ink on paper are blended between the paper's
//! CMYK and the rich black by the same share as in RGB, so edges stay smooth and text
//! keeps one colour.

use std::sync::Arc;

use moxcms::{ColorProfile, Layout, RenderingIntent, Transform8BitExecutor, TransformOptions};
use resvg::tiny_skia::Pixmap;

/// The output profile: US web offset on grade 3 coated paper (ANSI/CGATS/SWOP TR 003),
/// built with ArgyllCMS; how and under which terms is in `colour/README.md`.
pub const PROFILE: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/colour/swop-tr003-argyll.icc"));

/// What the PDF's OutputIntent calls the printing condition (the ICC registry's name).
pub const OUTPUT_CONDITION: &str = "CGATS TR 003";

/// The dark ink as printed: C 60 M 40 Y 40 K 100, in 0–255 per ink.
pub const RICH_BLACK: [u8; 4] = [153, 102, 102, 255];

/// Why colours could not be converted.
#[derive(Debug, thiserror::Error)]
#[error("colour conversion failed: {0}")]
pub struct CmykError(String);

/// sRGB to the press's CMYK, with the dark ink as rich black.
pub struct Converter {
    to_cmyk: Arc<Transform8BitExecutor>,
    /// The card paper and its CMYK.
    paper: ([u8; 3], [u8; 4]),
    /// The dark ink, printed as [`RICH_BLACK`].
    dark: [u8; 3],
}

impl Converter {
    /// A converter for cards on `paper` with text in `dark` (both sRGB).
    pub fn new(paper: [u8; 3], dark: [u8; 3]) -> Result<Converter, CmykError> {
        let to_cmyk = transform(&ColorProfile::new_srgb(), Layout::Rgb, &press()?, Layout::Rgba)?;
        let mut paper_cmyk = [0u8; 4];
        to_cmyk.transform(&paper, &mut paper_cmyk).map_err(|e| CmykError(format!("{e:?}")))?;
        Ok(Converter { to_cmyk, paper: (paper, paper_cmyk), dark })
    }

    /// The converter for hexforge's cards: the style sheet's paper and dark ink.
    pub fn for_cards() -> Result<Converter, CmykError> {
        let colour = |key: &str| -> Result<[u8; 3], CmykError> {
            let hex = crate::print::template::style_str(&["cards", key]).map_err(|e| CmykError(e.to_string()))?;
            parse_hex(&hex).ok_or_else(|| CmykError(format!("style cards.{key} {hex:?} is not #rrggbb")))
        };
        Converter::new(colour("paper")?, colour("dark_ink")?)
    }

    /// `rgb` (3 bytes a pixel) as CMYK (4 bytes a pixel, 0 = no ink, 255 = full ink).
    pub fn convert(&self, rgb: &[u8]) -> Result<Vec<u8>, CmykError> {
        let mut cmyk = vec![0u8; rgb.len() / 3 * 4];
        self.to_cmyk.transform(rgb, &mut cmyk).map_err(|e| CmykError(format!("{e:?}")))?;
        for (px, out) in rgb.chunks_exact(3).zip(cmyk.chunks_exact_mut(4)) {
            if let Some(t) = self.dark_share([px[0], px[1], px[2]]) {
                let (_, paper) = self.paper;
                for i in 0..4 {
                    let v = paper[i] as f32 + t * (RICH_BLACK[i] as f32 - paper[i] as f32);
                    out[i] = v.round() as u8;
                }
            }
        }
        Ok(cmyk)
    }

    /// A pixmap (premultiplied RGBA) laid on white, as CMYK bytes. Nothing in a PDF/X-1a
    /// may be transparent, so the page is flattened here.
    pub fn convert_pixmap(&self, pixmap: &Pixmap) -> Result<Vec<u8>, CmykError> {
        let mut rgb = Vec::with_capacity(pixmap.pixels().len() * 3);
        for p in pixmap.pixels() {
            // Premultiplied: over white, each channel is c + (255 - a).
            let white = 255 - p.alpha();
            rgb.extend_from_slice(&[p.red() + white, p.green() + white, p.blue() + white]);
        }
        self.convert(&rgb)
    }

    /// How far `rgb` is from the paper towards the dark ink (0 paper, 1 ink), when it lies
    /// on that blend (within 2 levels a channel) and is not the paper itself.
    fn dark_share(&self, rgb: [u8; 3]) -> Option<f32> {
        let (paper, _) = self.paper;
        let (mut dot, mut len) = (0.0f32, 0.0f32);
        for i in 0..3 {
            let span = self.dark[i] as f32 - paper[i] as f32;
            dot += (rgb[i] as f32 - paper[i] as f32) * span;
            len += span * span;
        }
        let t = (dot / len).clamp(0.0, 1.0);
        let on_blend = (0..3).all(|i| {
            let expected = paper[i] as f32 + t * (self.dark[i] as f32 - paper[i] as f32);
            (rgb[i] as f32 - expected).abs() <= 2.0
        });
        (on_blend && t > 0.02).then_some(t)
    }
}

/// The press profile, parsed.
fn press() -> Result<ColorProfile, CmykError> {
    ColorProfile::new_from_slice(PROFILE).map_err(|e| CmykError(format!("bundled CMYK profile: {e:?}")))
}

fn transform(
    from: &ColorProfile,
    from_layout: Layout,
    to: &ColorProfile,
    to_layout: Layout,
) -> Result<Arc<Transform8BitExecutor>, CmykError> {
    let options = TransformOptions { rendering_intent: RenderingIntent::RelativeColorimetric, ..Default::default() };
    from.create_transform_8bit(from_layout, to, to_layout, options).map_err(|e| CmykError(format!("{e:?}")))
}

/// CMYK (4 bytes a pixel) as the press would print it, back in sRGB: what a proof shows.
pub fn proof(cmyk: &[u8]) -> Result<Vec<u8>, CmykError> {
    let to_rgb = transform(&press()?, Layout::Rgba, &ColorProfile::new_srgb(), Layout::Rgb)?;
    let mut rgb = vec![0u8; cmyk.len() / 4 * 3];
    to_rgb.transform(cmyk, &mut rgb).map_err(|e| CmykError(format!("{e:?}")))?;
    Ok(rgb)
}

/// `#rrggbb` as bytes.
pub fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    let h = hex.strip_prefix('#')?;
    if h.len() != 6 {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// CIE L* (0 black … 100 white) of an sRGB colour: how light it looks in greyscale.
pub fn lightness(rgb: [u8; 3]) -> f32 {
    let lin = |c: u8| {
        let c = c as f32 / 255.0;
        if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    };
    let y = 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
    if y > 0.008856 { 116.0 * y.cbrt() - 16.0 } else { 903.3 * y }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards() -> Converter {
        Converter::for_cards().expect("the bundled profile loads")
    }

    #[test]
    fn dark_ink_is_rich_black_and_edges_blend() {
        let c = cards();
        let out = c.convert(&c.dark).unwrap();
        assert_eq!(out, RICH_BLACK);
        // Half way from paper to ink: half way from the paper's CMYK to rich black.
        let (paper, paper_cmyk) = c.paper;
        let mid: Vec<u8> = (0..3).map(|i| ((paper[i] as u16 + c.dark[i] as u16) / 2) as u8).collect();
        let out = c.convert(&mid).unwrap();
        for i in 0..4 {
            let expected = (paper_cmyk[i] as f32 + RICH_BLACK[i] as f32) / 2.0;
            assert!((out[i] as f32 - expected).abs() <= 3.0, "ink {i}: {out:?} vs {expected}");
        }
        // The paper stays the paper, a faint tint, not rich black nor bare white.
        assert_eq!(c.convert(&paper).unwrap(), paper_cmyk);
        assert!(paper_cmyk.iter().map(|&v| v as u32).sum::<u32>() < 40, "{paper_cmyk:?}");
    }

    #[test]
    fn colours_go_through_the_engine_not_a_formula() {
        let c = cards();
        // Pure red on a SWOP press: magenta and yellow, little cyan, and not the naive
        // formula's K = 0, C = 0, M = Y = 255 exactly.
        let red = c.convert(&[255, 0, 0]).unwrap();
        assert!(red[1] > 200 && red[2] > 200 && red[0] < 40, "{red:?}");
        // Mid grey gets all four inks (grey balance), not K alone.
        let grey = c.convert(&[128, 128, 128]).unwrap();
        assert!(grey.iter().all(|&v| v > 20), "{grey:?}");
        // Total ink stays within SWOP's 300 % for every corner of the RGB cube.
        for rgb in [[0, 0, 0], [0, 0, 255], [0, 255, 0], [255, 0, 0], [40, 40, 40], [0, 40, 80]] {
            let ink: u32 = c.convert(&rgb).unwrap().iter().map(|&v| v as u32).sum();
            assert!(ink * 100 / 255 <= 302, "{rgb:?} uses {} %", ink * 100 / 255);
        }
    }

    #[test]
    fn a_proof_of_the_inks_keeps_dark_and_light_apart() {
        let c = cards();
        let light = parse_hex(&crate::print::template::style_str(&["cards", "light_ink"]).unwrap()).unwrap();
        let rgb_gap = lightness(light) - lightness(c.dark);
        let cmyk = [c.convert(&c.dark).unwrap(), c.convert(&light).unwrap()].concat();
        let printed = proof(&cmyk).unwrap();
        let l = |i: usize| lightness([printed[i * 3], printed[i * 3 + 1], printed[i * 3 + 2]]);
        let cmyk_gap = l(1) - l(0);
        assert!(cmyk_gap >= rgb_gap * 0.9, "greyscale gap {cmyk_gap:.1} in print vs {rgb_gap:.1} on screen");
    }
}
