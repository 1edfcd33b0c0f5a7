//! Turning untrusted bytes into a grey image, within fixed bounds.
//!
//! The header is read first and its dimensions checked before any pixel is decoded, so
//! a small file that claims a huge image (a decompression bomb) is refused without
//! allocating it. Phone photos carry their rotation in EXIF; it is applied so the card
//! is seen as the camera's user saw it.
//!
//! Memory: the card never needs more than [`WORKING_SIDE_PX`] on its long side, so the
//! full-size colour image is never made. A PNG is decoded row by row, each row turned
//! grey and summed into a box [`shrink`]ing by a whole factor (to at most twice the
//! working side) as it comes; a JPEG is decoded straight to grey (one byte a pixel) and
//! shrunk the same way (a progressive JPEG, whose decoder holds every coefficient, only up
//! to [`MAX_PROGRESSIVE_PIXELS`]). Only then is the small grey image averaged down to the
//! working size. Decoding the largest accepted photo (64 megapixels) so takes about 70 MB
//! at most (a JPEG's grey pixels).

use image::{DynamicImage, GrayImage, ImageDecoder, ImageFormat, ImageReader};
use std::io::Cursor;

use super::PhotoError;

/// Largest accepted side of a photo, in pixels.
pub const MAX_SIDE_PX: u32 = 12_000;
/// Largest accepted pixel count (a 50 megapixel phone photo fits).
pub const MAX_PIXELS: u64 = 64_000_000;
/// Smallest accepted side: below this no card can be read.
pub const MIN_SIDE_PX: u32 = 100;
/// Larger photos are scaled down to this side before recognition: a card filling the
/// frame still has lines about 70 px thick, and the work stays bounded.
pub const WORKING_SIDE_PX: u32 = 2000;
/// Largest interlaced PNG accepted: its rows come in seven passes over the whole image,
/// so it is decoded whole (four bytes a pixel), which only a small one may.
pub const MAX_INTERLACED_PIXELS: u64 = 16_000_000;

/// Largest progressive JPEG accepted: its decoder keeps every coefficient of every
/// component until the last scan (2 bytes a sample, up to 6 bytes a pixel), so only a
/// smaller one stays within the memory of a baseline JPEG of 64 megapixels.
pub const MAX_PROGRESSIVE_PIXELS: u64 = 12_000_000;

/// Decodes a PNG or JPEG into a grey image no larger than [`WORKING_SIDE_PX`] a side.
pub fn decode_grey(bytes: &[u8]) -> Result<GrayImage, PhotoError> {
    let format = sniff(bytes)?;
    let bad = |e: image::ImageError| PhotoError::Decode { format: format_name(format), reason: e.to_string() };
    let (width, height) = reader(bytes, format).into_dimensions().map_err(bad)?;
    check_dimensions(width, height)?;
    // The orientation from the headers only; the pixels are decoded below.
    let orientation = reader(bytes, format).into_decoder().and_then(|mut d| d.orientation()).map_err(bad)?;
    if format == ImageFormat::Jpeg
        && is_progressive(bytes)
        && u64::from(width) * u64::from(height) > MAX_PROGRESSIVE_PIXELS
    {
        return Err(PhotoError::Decode {
            format: "JPEG".into(),
            reason: format!(
                "a progressive JPEG of {width}x{height} px is too large to decode; at most {} megapixels (save it as a baseline JPEG or a PNG, or smaller)",
                MAX_PROGRESSIVE_PIXELS / 1_000_000
            ),
        });
    }
    let factor = shrink_factor(width.max(height));
    let grey = match format {
        ImageFormat::Png => png_grey(bytes, factor)?,
        _ => jpeg_grey(bytes, width, height, factor)?,
    };
    let (width, height) = (grey.width(), grey.height());
    let longest = width.max(height);
    let grey = if longest > WORKING_SIDE_PX {
        let scale = f64::from(WORKING_SIDE_PX) / f64::from(longest);
        let w = ((f64::from(width) * scale).round() as u32).max(1);
        let h = ((f64::from(height) * scale).round() as u32).max(1);
        // An area average straight into the small image: `resize` would make an RGBA
        // float copy of the whole input first (16 bytes a pixel).
        image::imageops::thumbnail(&grey, w, h)
    } else {
        grey
    };
    let mut image = DynamicImage::ImageLuma8(grey);
    image.apply_orientation(orientation);
    Ok(image.into_luma8())
}

/// The whole factor a photo whose longest side is `longest` is box-shrunk by while it
/// is decoded: to at most twice [`WORKING_SIDE_PX`], so that the resampling after has
/// little left to do and a small image to do it on.
fn shrink_factor(longest: u32) -> u32 {
    longest.div_ceil(2 * WORKING_SIDE_PX).max(1)
}

/// Whether a JPEG's frame is progressive (SOF2, or SOF6, SOF10, SOF14), from its
/// markers before the first scan.
fn is_progressive(bytes: &[u8]) -> bool {
    let mut at = 2;
    while at + 4 <= bytes.len() && bytes[at] == 0xFF {
        let marker = bytes[at + 1];
        if matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE) {
            return true;
        }
        if matches!(marker, 0xC0 | 0xC1 | 0xC3 | 0xC5 | 0xC7 | 0xC9 | 0xCB | 0xCD | 0xCF | 0xDA) {
            return false;
        }
        if marker == 0xFF {
            at += 1;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
        at += 2 + length;
    }
    false
}

/// Grey from the samples of one pixel (grey, grey and alpha, RGB or RGBA), with the
/// weights `image` uses (ITU-R BT.709), alpha ignored.
fn luma(pixel: &[u8]) -> u8 {
    match pixel.len() {
        1 | 2 => pixel[0],
        _ => {
            let (r, g, b) = (u32::from(pixel[0]), u32::from(pixel[1]), u32::from(pixel[2]));
            ((2126 * r + 7152 * g + 722 * b + 5000) / 10000) as u8
        }
    }
}

/// Sums rows of grey into blocks of `factor` × `factor` pixels and gives their means.
struct Shrink {
    width: u32,
    factor: u32,
    sums: Vec<u32>,
    rows: u32,
    out: Vec<u8>,
}

impl Shrink {
    fn new(width: u32, height: u32, factor: u32) -> Shrink {
        let out_w = width.div_ceil(factor);
        let capacity = out_w as usize * height.div_ceil(factor) as usize;
        Shrink { width, factor, sums: vec![0; out_w as usize], rows: 0, out: Vec::with_capacity(capacity) }
    }

    fn push(&mut self, row: impl Iterator<Item = u8>) {
        for (x, grey) in row.enumerate() {
            self.sums[x / self.factor as usize] += u32::from(grey);
        }
        self.rows += 1;
        if self.rows == self.factor {
            self.emit();
        }
    }

    fn emit(&mut self) {
        let (f, rows) = (self.factor, self.rows);
        for (i, sum) in self.sums.iter_mut().enumerate() {
            let columns = (self.width - i as u32 * f).min(f);
            let count = columns * rows;
            self.out.push(((*sum + count / 2) / count) as u8);
            *sum = 0;
        }
        self.rows = 0;
    }

    fn finish(mut self) -> Option<GrayImage> {
        if self.rows > 0 {
            self.emit();
        }
        let out_w = self.sums.len() as u32;
        let out_h = (self.out.len() / self.sums.len().max(1)) as u32;
        GrayImage::from_raw(out_w, out_h, self.out)
    }
}

/// A PNG, row by row, grey and shrunk by `factor`.
fn png_grey(bytes: &[u8], factor: u32) -> Result<GrayImage, PhotoError> {
    let bad = |reason: String| PhotoError::Decode { format: "PNG".into(), reason };
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    // No single buffer beyond a few rows (the rows are what the decoder holds).
    decoder.set_limits(png::Limits { bytes: 64 * 1024 * 1024 });
    let mut reader = decoder.read_info().map_err(|e| bad(e.to_string()))?;
    let (width, height, interlaced) = {
        let info = reader.info();
        (info.width, info.height, info.interlaced)
    };
    if interlaced {
        if u64::from(width) * u64::from(height) > MAX_INTERLACED_PIXELS {
            return Err(bad(format!(
                "an interlaced PNG of {width}x{height} px is too large to decode; at most {} megapixels (save it without interlacing)",
                MAX_INTERLACED_PIXELS / 1_000_000
            )));
        }
        let whole = ImageReader::with_format(Cursor::new(bytes), ImageFormat::Png)
            .decode()
            .map_err(|e| bad(e.to_string()))?
            .into_luma8();
        let mut shrink = Shrink::new(width, height, factor);
        for row in whole.rows() {
            shrink.push(row.map(|p| p.0[0]));
        }
        return shrink.finish().ok_or_else(|| bad("no pixels".into()));
    }
    let channels = reader.output_color_type().0.samples();
    let mut shrink = Shrink::new(width, height, factor);
    while let Some(row) = reader.next_row().map_err(|e| bad(e.to_string()))? {
        shrink.push(row.data().chunks_exact(channels).map(luma));
    }
    if shrink.rows + (shrink.out.len() / shrink.sums.len().max(1)) as u32 * factor < height {
        return Err(bad("the image data ends early".into()));
    }
    shrink.finish().ok_or_else(|| bad("no pixels".into()))
}

/// A JPEG decoded straight to grey (one byte a pixel), shrunk by `factor`.
fn jpeg_grey(bytes: &[u8], width: u32, height: u32, factor: u32) -> Result<GrayImage, PhotoError> {
    use zune_core::bytestream::ZCursor;
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;
    let bad = |reason: String| PhotoError::Decode { format: "JPEG".into(), reason };
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::Luma)
        .set_max_width(MAX_SIDE_PX as usize)
        .set_max_height(MAX_SIDE_PX as usize);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    let pixels = decoder.decode().map_err(|e| bad(format!("{e:?}")))?;
    if pixels.len() != width as usize * height as usize {
        return Err(bad(format!("{} grey bytes for {width}x{height} px", pixels.len())));
    }
    if factor == 1 {
        return GrayImage::from_raw(width, height, pixels).ok_or_else(|| bad("no pixels".into()));
    }
    let mut shrink = Shrink::new(width, height, factor);
    for row in pixels.chunks_exact(width as usize) {
        shrink.push(row.iter().copied());
    }
    drop(pixels);
    shrink.finish().ok_or_else(|| bad("no pixels".into()))
}

fn reader(bytes: &[u8], format: ImageFormat) -> ImageReader<Cursor<&[u8]>> {
    ImageReader::with_format(Cursor::new(bytes), format)
}

/// The format from the first bytes; only PNG and JPEG are accepted.
fn sniff(bytes: &[u8]) -> Result<ImageFormat, PhotoError> {
    if bytes.is_empty() {
        return Err(PhotoError::NotAnImage { found: "an empty file".into() });
    }
    match image::guess_format(bytes) {
        Ok(f @ (ImageFormat::Png | ImageFormat::Jpeg)) => Ok(f),
        Ok(other) => Err(PhotoError::NotAnImage { found: format!("a {} image", format_name(other)) }),
        Err(_) => Err(PhotoError::NotAnImage { found: "bytes that are not an image".into() }),
    }
}

fn format_name(format: ImageFormat) -> String {
    format.extensions_str().first().copied().unwrap_or("unknown").to_uppercase()
}

fn check_dimensions(width: u32, height: u32) -> Result<(), PhotoError> {
    if width > MAX_SIDE_PX || height > MAX_SIDE_PX || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(PhotoError::TooLarge { width, height });
    }
    if width < MIN_SIDE_PX || height < MIN_SIDE_PX {
        return Err(PhotoError::TooSmall { reason: format!("it is {width}x{height} px") });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        GrayImage::new(width, height).write_to(&mut Cursor::new(&mut out), ImageFormat::Png).expect("encode");
        out
    }

    #[test]
    fn a_header_claiming_a_huge_image_is_refused_before_decoding() {
        let mut bytes = png(200, 200);
        // IHDR width and height live at bytes 16..24; claim 60000 x 60000.
        bytes[16..20].copy_from_slice(&60_000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&60_000u32.to_be_bytes());
        // The chunk's CRC covers type and data (bytes 12..29), so the header stays valid.
        let crc = crc32fast::hash(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        assert!(matches!(decode_grey(&bytes), Err(PhotoError::TooLarge { width: 60_000, height: 60_000 })));
    }

    #[test]
    fn other_formats_and_garbage_are_named() {
        assert!(decode_grey(b"").unwrap_err().to_string().contains("empty"));
        assert!(decode_grey(b"GIF89a\x01\x00").unwrap_err().to_string().contains("GIF"));
        assert!(decode_grey(b"hello").unwrap_err().to_string().contains("PNG or JPEG"));
        let png = png(300, 300);
        let err = decode_grey(&png[..png.len() / 2]).unwrap_err();
        assert!(matches!(err, PhotoError::Decode { .. }), "{err}");
    }

    #[test]
    fn shrinking_takes_the_mean_of_each_block_and_keeps_the_edges() {
        let mut shrink = Shrink::new(5, 3, 2);
        for row in [[0u8, 2, 10, 10, 7], [4, 6, 20, 20, 9], [100, 100, 0, 0, 50]] {
            shrink.push(row.into_iter());
        }
        let small = shrink.finish().unwrap();
        assert_eq!((small.width(), small.height()), (3, 2));
        assert_eq!(small.into_raw(), vec![3, 15, 8, 100, 0, 50]);
        assert_eq!((shrink_factor(4000), shrink_factor(4001), shrink_factor(12_000)), (1, 2, 3));
    }

    #[test]
    fn grey_is_the_same_from_png_and_jpeg_and_colour() {
        // A left half black and a right half white, in RGB: the same grey as image's.
        let mut rgb = image::RgbImage::new(400, 200);
        for (x, _, p) in rgb.enumerate_pixels_mut() {
            *p = if x < 200 { image::Rgb([10, 20, 30]) } else { image::Rgb([250, 240, 230]) };
        }
        let expected = DynamicImage::ImageRgb8(rgb.clone()).to_luma8();
        for format in [ImageFormat::Png, ImageFormat::Jpeg] {
            let mut bytes = Vec::new();
            rgb.write_to(&mut Cursor::new(&mut bytes), format).unwrap();
            let grey = decode_grey(&bytes).unwrap();
            assert_eq!(grey.dimensions(), (400, 200));
            for (x, y) in [(10, 10), (390, 190)] {
                let (got, want) = (grey.get_pixel(x, y).0[0], expected.get_pixel(x, y).0[0]);
                assert!(got.abs_diff(want) <= 3, "{format:?} at {x},{y}: {got} vs {want}");
            }
        }
    }

    #[test]
    fn a_large_progressive_jpeg_is_refused_and_a_baseline_one_is_not() {
        let mut bytes = Vec::new();
        image::RgbImage::new(300, 200).write_to(&mut Cursor::new(&mut bytes), ImageFormat::Jpeg).unwrap();
        assert!(!is_progressive(&bytes));
        // The same headers with the frame marked progressive and claiming 5000 x 4000 px.
        let sof = bytes.windows(2).position(|w| w == [0xFF, 0xC0]).expect("a baseline frame");
        bytes[sof + 1] = 0xC2;
        bytes[sof + 5..sof + 7].copy_from_slice(&4000u16.to_be_bytes());
        bytes[sof + 7..sof + 9].copy_from_slice(&5000u16.to_be_bytes());
        assert!(is_progressive(&bytes));
        let err = decode_grey(&bytes).unwrap_err().to_string();
        assert!(err.contains("progressive") && err.contains("5000x4000"), "{err}");
    }

    #[test]
    fn tiny_images_are_too_small_and_big_ones_are_scaled_down() {
        assert!(matches!(decode_grey(&png(40, 300)), Err(PhotoError::TooSmall { .. })));
        let grey = decode_grey(&png(2600, 1300)).unwrap();
        assert_eq!((grey.width(), grey.height()), (2000, 1000));
    }
}
