//! Turning untrusted bytes into a grey image, within fixed bounds.
//!
//! The header is read first and its dimensions checked before any pixel is decoded, so
//! a small file that claims a huge image (a decompression bomb) is refused without
//! allocating it; the decoder also runs under [`image::Limits`] in case a header lies.
//! Phone photos carry their rotation in EXIF; it is applied so the card is seen as
//! the camera's user saw it.

use image::{DynamicImage, GrayImage, ImageDecoder, ImageFormat, ImageReader};
use std::io::Cursor;

use super::PhotoError;

/// Largest accepted side of a photo, in pixels.
pub const MAX_SIDE_PX: u32 = 12_000;
/// Largest accepted pixel count (a 50 megapixel phone photo fits).
pub const MAX_PIXELS: u64 = 64_000_000;
/// Smallest accepted side: below this no card can be read.
pub const MIN_SIDE_PX: u32 = 100;
/// Decoder memory budget: an RGBA image of [`MAX_PIXELS`] and some room.
const MAX_ALLOC_BYTES: u64 = 320 * 1024 * 1024;
/// Larger photos are scaled down to this side before recognition: a card filling the
/// frame still has lines about 70 px thick, and the work stays bounded.
pub const WORKING_SIDE_PX: u32 = 2000;

/// Decodes a PNG or JPEG into a grey image no larger than [`WORKING_SIDE_PX`] a side.
pub fn decode_grey(bytes: &[u8]) -> Result<GrayImage, PhotoError> {
    let format = sniff(bytes)?;
    let (width, height) = reader(bytes, format)
        .into_dimensions()
        .map_err(|e| PhotoError::Decode { format: format_name(format), reason: e.to_string() })?;
    check_dimensions(width, height)?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE_PX);
    limits.max_image_height = Some(MAX_SIDE_PX);
    limits.max_alloc = Some(MAX_ALLOC_BYTES);
    let mut reader = reader(bytes, format);
    reader.limits(limits);
    let bad = |e: image::ImageError| PhotoError::Decode { format: format_name(format), reason: e.to_string() };
    let mut decoder = reader.into_decoder().map_err(bad)?;
    let orientation = decoder.orientation().map_err(bad)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(bad)?;
    image.apply_orientation(orientation);
    let (width, height) = (image.width(), image.height());
    check_dimensions(width, height)?;
    let longest = width.max(height);
    let image = if longest > WORKING_SIDE_PX {
        let scale = f64::from(WORKING_SIDE_PX) / f64::from(longest);
        let w = ((f64::from(width) * scale).round() as u32).max(1);
        let h = ((f64::from(height) * scale).round() as u32).max(1);
        image.resize_exact(w, h, image::imageops::FilterType::Triangle)
    } else {
        image
    };
    Ok(image.to_luma8())
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
    fn tiny_images_are_too_small_and_big_ones_are_scaled_down() {
        assert!(matches!(decode_grey(&png(40, 300)), Err(PhotoError::TooSmall { .. })));
        let grey = decode_grey(&png(2600, 1300)).unwrap();
        assert_eq!((grey.width(), grey.height()), (2000, 1000));
    }
}
