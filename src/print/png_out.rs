//! Rendered pixmaps as PNG files: 8-bit straight RGBA, a pHYs chunk recording the dpi,
//! fast compression.
//!
//! [`encode_png`] writes the bytes the `png` crate (0.17) writes with
//! `Compression::Fast` and its default filter (Sub on every row), but in one pass over
//! the pixels: each row is un-premultiplied into a row buffer, Sub-filtered and handed
//! to the same Deflate compressor (`fdeflate`, the one the `png` crate calls), whose
//! output goes straight into a buffer of about the right size. The `png` crate's own
//! path made three passes over a card's 4 MB of pixels and grew its compressed output
//! eight bytes at a time through a cursor. A unit test holds the two encoders' bytes
//! equal.

use resvg::tiny_skia;

use crate::print::render::{RenderError, check_dpi, recycle, reuse};

/// Millimetres per inch.
const MM_PER_INCH: f32 = 25.4;

/// Encodes a rendered pixmap as an 8-bit RGBA PNG (fast compression) with a pHYs chunk
/// giving `dpi` in pixels per metre (300 dpi → 11811), with the bytes of the `png`
/// crate's `write_image_data` (see the module's note).
pub fn encode_png(pixmap: tiny_skia::Pixmap, dpi: f32) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let zlib = sub_filtered_zlib(pixmap.data(), 4 * width as usize).map_err(png::EncodingError::from)?;
    recycle(pixmap);
    let mut out = Vec::with_capacity(zlib.len() + 128);
    let mut writer = png_encoder(&mut out, width, height, dpi)?.write_header()?;
    // The `png` crate's largest IDAT chunk.
    for chunk in zlib.chunks((u32::MAX >> 1) as usize) {
        writer.write_chunk(png::chunk::IDAT, chunk)?;
    }
    writer.finish()?;
    Ok(out)
}

/// The zlib stream of `pixels` (premultiplied RGBA rows of `row_bytes`), each row
/// un-premultiplied and Sub-filtered, as the `png` crate compresses it with
/// `Compression::Fast`: one `fdeflate` write per row (filter byte and row), and, when
/// that comes out larger than storing, the rows stored unfiltered instead.
fn sub_filtered_zlib(pixels: &[u8], row_bytes: usize) -> std::io::Result<Vec<u8>> {
    let table = demultiply_table();
    let height = pixels.len() / row_bytes.max(1);
    let mut straight = vec![0u8; row_bytes];
    let mut filtered = vec![0u8; row_bytes + 1];
    filtered[0] = png::FilterType::Sub as u8;
    // A card's PNG comes to a twentieth to a fifteenth of its pixels.
    let mut compressor = fdeflate::Compressor::new(Vec::with_capacity(pixels.len() / 8))?;
    for row in pixels.chunks_exact(row_bytes) {
        straight.copy_from_slice(row);
        demultiply_in_place(&mut straight, table);
        let (first, rest) = filtered[1..].split_at_mut(4.min(row_bytes));
        first.copy_from_slice(&straight[..first.len()]);
        for ((out, &now), &left) in rest.iter_mut().zip(&straight[4..]).zip(&straight) {
            *out = now.wrapping_sub(left);
        }
        compressor.write_data(&filtered)?;
    }
    let compressed = compressor.finish()?;
    if compressed.len() <= fdeflate::StoredOnlyCompressor::<()>::compressed_size((row_bytes + 1) * height) {
        return Ok(compressed);
    }
    let mut stored = fdeflate::StoredOnlyCompressor::new(std::io::Cursor::new(Vec::new()))?;
    for row in pixels.chunks_exact(row_bytes) {
        straight.copy_from_slice(row);
        demultiply_in_place(&mut straight, table);
        stored.write_data(&[png::FilterType::NoFilter as u8])?;
        stored.write_data(&straight)?;
    }
    Ok(stored.finish()?.into_inner())
}

/// A PNG encoder for 8-bit RGBA at `dpi` (pHYs), with fast compression.
fn png_encoder(
    out: &mut Vec<u8>,
    width: u32,
    height: u32,
    dpi: f32,
) -> Result<png::Encoder<'_, &mut Vec<u8>>, RenderError> {
    check_dpi(dpi)?;
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let ppm = (dpi / MM_PER_INCH * 1000.0).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions { xppu: ppm, yppu: ppm, unit: png::Unit::Meter }));
    Ok(encoder)
}

/// The pixmap's bytes as straight (not premultiplied) RGBA, converted in place.
pub(crate) fn demultiplied(pixmap: tiny_skia::Pixmap) -> Vec<u8> {
    let mut rgba = pixmap.take();
    demultiply_in_place(&mut rgba, demultiply_table());
    rgba
}

/// Un-premultiplies RGBA `pixels` in place.
///
/// Only pixels that are neither opaque nor fully transparent change (a premultiplied
/// transparent pixel is all zero); a card is nearly all opaque, so runs of 16 pixels
/// are tested at once (a test the compiler vectorises) and skipped when none changes.
fn demultiply_in_place(pixels: &mut [u8], table: &[[u8; 256]; 256]) {
    // 0 and 255 are the alphas that adding 1 takes to at most 1 (255 wraps to 0).
    let unchanged = |px: &[u8]| {
        let alpha = u32::from_le_bytes([px[0], px[1], px[2], px[3]]) >> 24;
        (alpha.wrapping_add(1) & 0xff) <= 1
    };
    let mut runs = pixels.chunks_exact_mut(64);
    for run in &mut runs {
        if run.chunks_exact(4).fold(true, |all, px| all & unchanged(px)) {
            continue;
        }
        demultiply_pixels(run, table);
    }
    demultiply_pixels(runs.into_remainder(), table);
}

/// Demultiplies each pixel of `pixels` (RGBA) whose alpha is neither 0 nor 255.
fn demultiply_pixels(pixels: &mut [u8], table: &[[u8; 256]; 256]) {
    for px in pixels.chunks_exact_mut(4) {
        if px[3] != 255 && px[3] != 0 {
            let row = &table[usize::from(px[3])];
            for c in &mut px[..3] {
                *c = row[usize::from(*c)];
            }
        }
    }
}

/// `table[a][c]`: the straight value of channel `c` of a pixel of alpha `a`, by
/// tiny-skia's own `PremultipliedColorU8::demultiply` formula (rounded `c / (a / 255)`),
/// computed once instead of a division per channel.
fn demultiply_table() -> &'static [[u8; 256]; 256] {
    static TABLE: std::sync::OnceLock<Box<[[u8; 256]; 256]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[0u8; 256]; 256]);
        for (alpha, row) in table.iter_mut().enumerate().skip(1) {
            let a = alpha as f64 / 255.0;
            for (c, value) in row.iter_mut().enumerate() {
                *value = (c as f64 / a + 0.5) as u8;
            }
        }
        table
    })
}

/// [`encode_png`] of an image `width`×`height` px given as horizontal bands, top to
/// bottom, each `width` px wide, their heights adding up to `height`. Each band is
/// un-premultiplied in place and dropped once compressed, so neither a copy of the
/// pixels nor (for a tall sheet drawn band by band) the whole image is ever in memory:
/// a Tabletop Simulator sheet is 65 MB of pixels, one row of its cards 9 MB.
pub fn encode_png_bands(
    width: u32,
    height: u32,
    dpi: f32,
    bands: impl IntoIterator<Item = Result<tiny_skia::Pixmap, RenderError>>,
) -> Result<Vec<u8>, RenderError> {
    use std::io::Write;
    let mut out = Vec::new();
    let mut writer = png_encoder(&mut out, width, height, dpi)?.write_header()?;
    let mut stream = writer.stream_writer_with_size(1 << 20)?;
    for band in bands {
        let band = band?;
        assert_eq!(band.width(), width, "every band is as wide as the image");
        let rgba = demultiplied(band);
        stream.write_all(&rgba).map_err(png::EncodingError::from)?;
        reuse(rgba);
    }
    stream.finish()?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `png` crate's own encoding of the pixmap, as [`encode_png`] wrote it before.
    fn png_crates(pixmap: tiny_skia::Pixmap, dpi: f32) -> Vec<u8> {
        let (width, height) = (pixmap.width(), pixmap.height());
        let rgba = demultiplied(pixmap);
        let mut out = Vec::new();
        let mut writer = png_encoder(&mut out, width, height, dpi).unwrap().write_header().unwrap();
        writer.write_image_data(&rgba).unwrap();
        writer.finish().unwrap();
        out
    }

    /// A pixmap of `width`×`height` whose pixels come from `pixel(i)` (premultiplied).
    fn pixmap(width: u32, height: u32, pixel: impl Fn(u32) -> [u8; 4]) -> tiny_skia::Pixmap {
        let mut pixmap = tiny_skia::Pixmap::new(width, height).unwrap();
        for (i, px) in pixmap.pixels_mut().iter_mut().enumerate() {
            let [r, g, b, a] = pixel(i as u32);
            *px = tiny_skia::PremultipliedColorU8::from_rgba(r.min(a), g.min(a), b.min(a), a).unwrap();
        }
        pixmap
    }

    /// The one-pass encoder writes the `png` crate's bytes: for a drawn card (opaque,
    /// with anti-aliased edges), for pixels of every alpha, for noise that Deflate
    /// cannot shrink (the stored fallback), for an empty pixmap and for narrow ones.
    #[test]
    fn the_one_pass_encoder_writes_the_png_crates_bytes() {
        let card = crate::print::render::svg_to_pixmap(
            &crate::print::render::card_svg(
                r##"<circle cx="30" cy="40" r="20.3" fill="#8b1e1e80"/><text x="10" y="20" font-size="6">Peace 泰</text>"##,
            ),
            150.0,
        )
        .unwrap();
        let noise = |i: u32| {
            let h = i.wrapping_mul(2_654_435_761).rotate_left(13).wrapping_mul(2_246_822_519);
            h.to_le_bytes()
        };
        let cases = [
            ("card", card),
            ("every alpha", pixmap(256, 64, |i| [(i % 256) as u8, (i / 3) as u8, 90, (i / 256 * 4) as u8])),
            ("noise", pixmap(97, 41, noise)),
            ("transparent", tiny_skia::Pixmap::new(33, 7).unwrap()),
            ("one pixel wide", pixmap(1, 9, noise)),
        ];
        for (name, pixmap) in cases {
            let expected = png_crates(pixmap.clone(), 300.0);
            assert_eq!(encode_png(pixmap, 300.0).unwrap(), expected, "{name}");
        }
    }

    /// The in-place conversion gives tiny-skia's own answer for every premultiplied pixel.
    #[test]
    fn demultiplying_in_place_is_tiny_skias() {
        let pixmap = pixmap(256, 256, |i| {
            let (a, c) = ((i / 256) as u8, (i % 256) as u8);
            [c, c / 2, 0, a]
        });
        let expected: Vec<u8> = pixmap
            .pixels()
            .iter()
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect();
        assert_eq!(demultiplied(pixmap), expected);
    }
}
