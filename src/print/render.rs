//! SVG to PNG, with the bundled fonts only.
//!
//! Every SVG hexforge draws goes through here: [`svg_tree`] parses it with usvg against
//! [`crate::print::fonts::fontdb`] (never system fonts), [`svg_to_png`] rasterises it with
//! resvg at a given dpi and writes a PNG that records that dpi (pHYs chunk), and
//! [`svg_to_png_sized`] fits a card to a print service's pixel canvas. The PDF sheets
//! reuse [`svg_tree`] so that PNG and PDF see the same tree.
//!
//! Output is deterministic: the same SVG and dpi give the same bytes.

use resvg::tiny_skia;

use crate::print::dpi::Dpi;
use crate::print::fonts;
pub use crate::print::png_out::{encode_png, encode_png_bands};
pub use crate::print::text_check::{unknown_font_families, unresolved_glyphs};

/// Why an SVG could not be turned into a PNG.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// usvg rejected the document.
    #[error("svg could not be parsed: {0}")]
    Svg(#[from] usvg::Error),
    /// The dpi is not a finite number in the renderer's range ([`Dpi::renders`]).
    #[error("dpi {0} is out of range {min}..={max}", min = Dpi::RENDER_MIN, max = Dpi::RENDER_MAX)]
    Dpi(f32),
    /// The pixel size asked for is zero or larger than the limit.
    #[error("image size {width}x{height} px is out of range 1..=20000 on each side")]
    Size {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// The bleed leaves no trim box inside the SVG.
    #[error("bleed of {bleed_mm} mm leaves no trim box inside a {width_mm}x{height_mm} mm svg")]
    Bleed {
        /// Bleed asked for, per side.
        bleed_mm: f32,
        /// SVG width.
        width_mm: f32,
        /// SVG height.
        height_mm: f32,
    },
    /// The PNG encoder failed.
    #[error("png encoding failed: {0}")]
    Png(#[from] png::EncodingError),
}

/// Largest accepted side of a rendered image, in pixels (a 69 mm card at 2400 dpi is
/// 6520 px; this leaves room for boards).
const MAX_SIDE_PX: u32 = 20_000;

/// A print service's card image: canvas size and the trim box centred in it, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintProfile {
    /// Short name, as the CLI and API spell it.
    pub name: &'static str,
    /// Full image width, bleed included.
    pub width_px: u32,
    /// Full image height, bleed included.
    pub height_px: u32,
    /// Width of the cut card.
    pub trim_width_px: u32,
    /// Height of the cut card.
    pub trim_height_px: u32,
    /// Resolution recorded in the PNG.
    pub dpi: Dpi,
}

/// A poker-size card image at the print standard's dpi, cut to 750×1050 px.
const fn poker(name: &'static str, width_px: u32, height_px: u32) -> PrintProfile {
    PrintProfile { name, width_px, height_px, trim_width_px: 750, trim_height_px: 1050, dpi: Dpi::DEFAULT }
}

/// The Game Crafter, poker size: 825×1125 px at 300 dpi, trim 750×1050 (bleed 37.5 px).
pub const TGC_POKER: PrintProfile = poker("tgc", 825, 1125);

/// MakePlayingCards, poker size: 822×1122 px at 300 dpi, trim 750×1050 (bleed 36 px).
pub const MPC_POKER: PrintProfile = poker("mpc", 822, 1122);

/// DriveThruCards, poker size: a 2.75×3.75 in page (2.5×3.5 in card plus 1/8 in bleed
/// on each side) at 300 dpi, the resolution the shop asks for: the same canvas as TGC's.
pub const DTC_POKER: PrintProfile = poker("dtc", 825, 1125);

/// The usvg options every render uses: bundled fonts only, Noto Sans for text without
/// a `font-family`, and `dpi` to convert absolute units (`width="69mm"` is 815 px at
/// 300 dpi).
///
/// `<image>` elements may only use `data:` URLs: file references are not resolved, so
/// a render never depends on the current folder.
pub fn usvg_options(dpi: f32) -> usvg::Options<'static> {
    let mut opt = usvg::Options {
        dpi,
        font_family: fonts::SANS.to_string(),
        fontdb: fonts::fontdb(),
        ..usvg::Options::default()
    };
    opt.image_href_resolver.resolve_string = Box::new(|_, _| None);
    opt.font_resolver.select_fallback = Box::new(quiet_fallback);
    opt
}

/// usvg's default fallback choice, without its warning.
///
/// usvg shapes a text with the first family of its `font-family` stack that exists and
/// ignores the rest of the stack: every character that family lacks (a 龍 in a Noto
/// Sans run) goes through this function, which picks the first other bundled face
/// that has it. With bundled fonts only, that is the designed path, not an accident,
/// so usvg's "Fallback from … to …" warning (one per character, some 1,300 per deck
/// served) only buried real problems; it is logged at debug level instead. A character
/// no bundled face has still warns: usvg's "No fonts with a … character were found".
///
/// The choice itself is usvg's, unchanged (same faces, same order), so output is
/// byte-identical to usvg's default.
fn quiet_fallback(
    c: char,
    exclude: &[usvg::fontdb::ID],
    db: &mut std::sync::Arc<usvg::fontdb::Database>,
) -> Option<usvg::fontdb::ID> {
    let base = db.face(*exclude.first()?)?;
    // usvg's own test: skip a face only when style, weight and stretch all differ.
    let unlike = |face: &usvg::fontdb::FaceInfo| {
        base.style != face.style && base.weight != face.weight && base.stretch != face.stretch
    };
    let face = db.faces().find(|face| !exclude.contains(&face.id) && !unlike(face) && has_char(db, face.id, c))?;
    tracing::debug!(character = %c, from = %base.families[0].0, to = %face.families[0].0, "font fallback");
    Some(face.id)
}

/// True when face `id` maps `c` to a glyph (usvg's own test, which it does not export).
fn has_char(db: &usvg::fontdb::Database, id: usvg::fontdb::ID, c: char) -> bool {
    db.with_face_data(id, |data, index| ttf_parser::Face::parse(data, index).ok()?.glyph_index(c)).flatten().is_some()
}

/// Parses `svg` with [`usvg_options`]`(dpi)`.
///
/// The tree's size is in pixels at `dpi`. krilla-svg places it on a PDF page; resvg
/// draws it. In debug builds, a `font-family` that names no bundled family is logged
/// as a warning (usvg would otherwise substitute a font silently).
pub fn svg_tree(svg: &str, dpi: f32) -> Result<usvg::Tree, RenderError> {
    check_dpi(dpi)?;
    let tree = usvg::Tree::from_str(svg, &usvg_options(dpi))?;
    if cfg!(debug_assertions) {
        for family in crate::print::text_check::unknown_families(svg, &tree) {
            tracing::warn!(family, "svg uses a font family that is not bundled");
        }
    }
    Ok(tree)
}

/// Renders `svg` at `dpi` to an RGBA PNG with a pHYs chunk recording the dpi.
///
/// The pixel size is the SVG's size at that dpi, rounded: a 69×94 mm card is 815×1110
/// at 300 dpi and 1630×2220 at 600 dpi.
///
/// An image of more than [`BAND_BYTES`] of pixels (a 300-dpi board: 44 MB) is drawn and
/// compressed in bands of rows, each band drawing the whole tree moved up by its first
/// row, so only one band is in memory at a time.
pub fn svg_to_png(svg: &str, dpi: f32) -> Result<Vec<u8>, RenderError> {
    check_dpi(dpi)?;
    let tree = svg_tree(svg, dpi)?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    if width == 0 || height == 0 || width > MAX_SIDE_PX || height > MAX_SIDE_PX {
        return Err(RenderError::Size { width, height });
    }
    let rows = (BAND_BYTES / (4 * u64::from(width.max(1)))).max(1) as u32;
    let bands = (0..height).step_by(rows as usize).map(|top| {
        let mut band = new_pixmap(width, rows.min(height - top))?;
        resvg::render(&tree, tiny_skia::Transform::from_translate(0.0, -(top as f32)), &mut band.as_mut());
        Ok(band)
    });
    if height <= rows {
        let pixmap = bands.into_iter().next().expect("one band")?;
        return encode_png(pixmap, dpi);
    }
    encode_png_bands(width, height, dpi, bands)
}

/// The most pixel bytes [`svg_to_png`] keeps in one band.
pub const BAND_BYTES: u64 = 8 << 20;

/// Renders `svg` at `dpi` to a pixmap (premultiplied RGBA), for callers that compose
/// or inspect pixels before encoding with [`encode_png`].
pub fn svg_to_pixmap(svg: &str, dpi: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    let tree = svg_tree(svg, dpi)?;
    let size = tree.size().to_int_size();
    let mut pixmap = new_pixmap(size.width(), size.height())?;
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Renders a card SVG onto a print service's canvas so that the card's trim box lands
/// on the profile's trim box.
///
/// `bleed_mm` is the SVG's own bleed on each side (3 mm for hexforge cards: a 69×94 mm
/// SVG around a 63×88 mm trim).
///
/// Why not just scale the whole SVG to the canvas: the profiles' bleeds (TGC 37.5 px =
/// 3.175 mm, MPC 36 px = 3.05 mm) are not our 3 mm, and their trim (750×1050 px =
/// 63.5×88.9 mm, 2.5×3.5 in) is not our 63×88 mm either, so scaling the full SVG would
/// put the cut line in the wrong place. Instead:
///
/// 1. Scale uniformly so the SVG's trim box covers the profile's trim box: the factor
///    is the larger of the width and height ratios (750/63 vs 1050/88 px per mm). The
///    two ratios differ by 0.2 %, so the trim overshoots by under one pixel per side
///    on one axis, well inside the 3 mm safe margin; a uniform scale keeps circles round.
/// 2. Centre the card on the canvas (profiles centre their trim).
/// 3. Where the SVG's bleed is narrower than the profile's (TGC: about 1.7 px short),
///    extend the outermost fully drawn row or column of pixels to the canvas edge;
///    where it is wider, the canvas crops it.
///
/// The PNG records the profile's dpi.
pub fn svg_to_png_sized(svg: &str, profile: &PrintProfile, bleed_mm: f32) -> Result<Vec<u8>, RenderError> {
    encode_png(svg_to_pixmap_sized(svg, profile, bleed_mm)?, profile.dpi.as_f32())
}

/// The pixels of [`svg_to_png_sized`], before encoding (the DriveThruCards PDF converts
/// them to CMYK).
pub fn svg_to_pixmap_sized(svg: &str, profile: &PrintProfile, bleed_mm: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    tree_to_pixmap_sized(&svg_tree(svg, SIZED_DPI)?, profile, bleed_mm)
}

/// The dpi a card is parsed at for [`tree_to_pixmap_sized`]: 96, so user units are CSS
/// px and a bleed in mm converts exactly.
pub const SIZED_DPI: f32 = 96.0;

/// [`svg_to_pixmap_sized`] of a card already parsed at [`SIZED_DPI`]: one tree serves
/// every print service's canvas (TGC, MPC, DriveThruCards), with the same pixels as
/// parsing the SVG for each.
pub fn tree_to_pixmap_sized(
    tree: &usvg::Tree,
    profile: &PrintProfile,
    bleed_mm: f32,
) -> Result<tiny_skia::Pixmap, RenderError> {
    let canvas = crate::print::reframe::SizedCanvas::new(tree.size(), profile, bleed_mm)?;
    let mut pixmap = new_pixmap(profile.width_px, profile.height_px)?;
    resvg::render(tree, canvas.transform, &mut pixmap.as_mut());
    canvas.extend_edges(&mut pixmap);
    Ok(pixmap)
}

pub(crate) fn check_dpi(dpi: f32) -> Result<(), RenderError> {
    if Dpi::renders(dpi) { Ok(()) } else { Err(RenderError::Dpi(dpi)) }
}

/// A transparent pixmap, in a buffer the thread has used before when it has one
/// ([`reuse`]): a card's PNGs take three 4 MB pixmaps, and fresh ones from the allocator
/// came as new pages the kernel had to zero, a tenth of a run's CPU.
pub fn new_pixmap(width: u32, height: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let size = tiny_skia::IntSize::from_wh(width, height);
    let (Some(size), true) = (size, width <= MAX_SIDE_PX && height <= MAX_SIDE_PX) else {
        return Err(RenderError::Size { width, height });
    };
    let bytes = 4 * width as usize * height as usize;
    // Only a buffer of about the right size: a small pixmap kept for long (a contact
    // sheet's thumbnail) must not hold on to a card's 4 MB.
    let fits = |b: &Vec<u8>| b.capacity() >= bytes && b.capacity() <= bytes + bytes / 4;
    let spare = SPARE.with_borrow_mut(|spare| spare.iter().position(fits).map(|i| spare.swap_remove(i)));
    let mut data = spare.unwrap_or_default();
    data.clear();
    data.resize(bytes, 0);
    tiny_skia::Pixmap::from_vec(data, size).ok_or(RenderError::Size { width, height })
}

thread_local! {
    /// Pixel buffers done with on this thread, for [`new_pixmap`].
    static SPARE: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Gives a pixmap done with back for [`new_pixmap`] to use again on this thread.
pub fn recycle(pixmap: tiny_skia::Pixmap) {
    reuse(pixmap.take());
}

/// Gives a pixel buffer back for [`new_pixmap`] to use again on this thread; the thread
/// keeps the last two, of at most 16 MB (a deck's faces, then its TTS cards and bands).
pub(crate) fn reuse(buffer: Vec<u8>) {
    if buffer.capacity() <= 16 << 20 {
        SPARE.with_borrow_mut(|spare| {
            if spare.len() == 2 {
                spare.remove(0);
            }
            spare.push(buffer);
        });
    }
}

/// Copies the pixels of the inclusive box x0..=x1, y0..=y1 outwards to the pixmap's
/// edges: each outside pixel takes the value of the nearest pixel in the box.
pub(crate) fn extend_edges(pixmap: &mut tiny_skia::Pixmap, x0: u32, x1: u32, y0: u32, y1: u32) {
    let (w, h) = (pixmap.width(), pixmap.height());
    if x0 == 0 && y0 == 0 && x1 + 1 == w && y1 + 1 == h {
        return;
    }
    let (w, x0, x1) = (w as usize, x0 as usize, x1 as usize);
    let pixels = pixmap.pixels_mut();
    // Within the box's rows, only the pixels left and right of it change…
    for y in y0..=y1 {
        let row = &mut pixels[y as usize * w..(y as usize + 1) * w];
        let (left, right) = (row[x0], row[x1]);
        row[..x0].fill(left);
        row[x1 + 1..].fill(right);
    }
    // …and every row above or below it is a copy of the box's first or last row.
    for y in (0..y0).chain(y1 + 1..h) {
        let from = y.clamp(y0, y1) as usize * w;
        pixels.copy_within(from..from + w, y as usize * w);
    }
}

/// A 69×94 mm card for the print module's tests: white background, a black rectangle
/// inset by the bleed, and `body`.
#[cfg(test)]
pub(crate) fn card_svg(body: &str) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">
<rect width="69" height="94" fill="#fff"/>
<rect x="3" y="3" width="63" height="88" fill="none" stroke="#000" stroke-width="0.5"/>
{body}
</svg>"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pixel outside the box takes the value of the nearest pixel in it.
    #[test]
    fn edges_extend_from_the_nearest_pixel_of_the_box() {
        let (w, h) = (7u32, 6u32);
        let mut pixmap = tiny_skia::Pixmap::new(w, h).unwrap();
        for (i, px) in pixmap.pixels_mut().iter_mut().enumerate() {
            *px = tiny_skia::PremultipliedColorU8::from_rgba(i as u8, 0, 0, 255).unwrap();
        }
        let before = pixmap.clone();
        extend_edges(&mut pixmap, 2, 4, 1, 3);
        for y in 0..h {
            for x in 0..w {
                let nearest = before.pixels()[(y.clamp(1, 3) * w + x.clamp(2, 4)) as usize];
                assert_eq!(pixmap.pixels()[(y * w + x) as usize], nearest, "({x}, {y})");
            }
        }
    }

    /// A tall drawing (more than one band of pixels) decodes to the pixels of the drawing
    /// rendered whole, but for some anti-aliased edge pixels.
    #[test]
    fn a_large_png_drawn_in_bands_has_the_pixels_of_the_whole_but_some_edges() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="300mm" viewBox="0 0 200 300">
<rect width="200" height="300" fill="#f4efe3"/>
<circle cx="100" cy="150" r="90.3" fill="none" stroke="#8b1e1e" stroke-width="1.7"/>
<path d="M10 10 L190 287 L17 260 Z" fill="#0004"/>
<text x="20" y="150" font-size="23">乾 Heaven</text>
</svg>"##;
        let dpi = 300.0;
        let whole = svg_to_pixmap(svg, dpi).unwrap();
        assert!(u64::from(whole.width()) * u64::from(whole.height()) * 4 > 2 * BAND_BYTES, "several bands");
        let (info, pixels, _) = decode(&svg_to_png(svg, dpi).unwrap());
        assert_eq!((info.width, info.height), (whole.width(), whole.height()));
        let whole = crate::print::png_out::demultiplied(whole);
        let differ: Vec<u8> = pixels.iter().zip(&whole).map(|(a, b)| a.abs_diff(*b)).filter(|&d| d > 0).collect();
        let worst = differ.iter().copied().max().unwrap_or(0);
        // A band draws the paths moved up by its first row, and tiny-skia's coverage of an
        // anti-aliased edge pixel moves with the rounding of the coordinates: some edge
        // pixels of long slanted lines differ (here 0.02 % of the channels), nothing else.
        assert!(differ.len() * 1000 < pixels.len(), "{} channels differ, by up to {worst}", differ.len());
    }

    fn decode(png_bytes: &[u8]) -> (png::OutputInfo, Vec<u8>, Option<png::PixelDimensions>) {
        let decoder = png::Decoder::new(png_bytes);
        let mut reader = decoder.read_info().unwrap();
        let dims = reader.info().pixel_dims;
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (info, buf, dims)
    }

    #[test]
    fn card_png_sizes_follow_dpi() {
        let svg = card_svg("");
        for (dpi, w, h) in [(300.0, 815, 1110), (600.0, 1630, 2220), (150.0, 407, 555)] {
            let (info, _, _) = decode(&svg_to_png(&svg, dpi).unwrap());
            assert_eq!((info.width, info.height), (w, h), "at {dpi} dpi");
        }
    }

    #[test]
    fn png_records_dpi_in_phys() {
        let (_, _, dims) = decode(&svg_to_png(&card_svg(""), 300.0).unwrap());
        let dims = dims.expect("pHYs chunk present");
        assert_eq!((dims.xppu, dims.yppu, dims.unit), (11811, 11811, png::Unit::Meter));
        let (_, _, dims) = decode(&svg_to_png(&card_svg(""), 600.0).unwrap());
        assert_eq!(dims.unwrap().xppu, 23622);
    }

    #[test]
    fn same_svg_gives_identical_bytes() {
        let svg = card_svg(r#"<text x="10" y="20" font-family="Noto Sans" font-size="6">Peace 泰 ䷊ ☯ →</text>"#);
        assert_eq!(svg_to_png(&svg, 300.0).unwrap(), svg_to_png(&svg, 300.0).unwrap());
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        assert!(matches!(svg_to_png("<svg", 300.0), Err(RenderError::Svg(_))));
        assert!(matches!(svg_to_png(&card_svg(""), 0.0), Err(RenderError::Dpi(_))));
        assert!(matches!(svg_to_png(&card_svg(""), f32::NAN), Err(RenderError::Dpi(_))));
        let err = svg_to_png_sized(&card_svg(""), &TGC_POKER, 40.0).unwrap_err();
        assert!(matches!(err, RenderError::Bleed { .. }), "{err}");
        assert_eq!(RenderError::Dpi(0.0).to_string(), "dpi 0 is out of range 1..=2400");
    }

    /// Renders one glyph, black on white, and counts dark pixels: zero means the font
    /// fell back to nothing.
    fn dark_pixels(text: &str, family: &str) -> usize {
        let svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">
<rect width="20" height="20" fill="#fff"/>
<text x="2" y="16" font-family="{family}" font-size="14" fill="#000">{text}</text>
</svg>"##
        );
        let pixmap = svg_to_pixmap(&svg, 150.0).unwrap();
        pixmap.pixels().iter().filter(|p| p.red() < 100 && p.alpha() == 255).count()
    }

    #[test]
    fn glyphs_of_every_bundled_family_draw() {
        let cases = [
            ("é", fonts::SANS),
            ("Ç", fonts::SERIF),
            ("龍", fonts::CJK),
            ("经", fonts::CJK),
            ("☰", fonts::SYMBOLS),
            ("䷀", fonts::SYMBOLS),
            ("☯", fonts::SYMBOLS_EXTRA),
            ("↻", fonts::MATH),
            // Fallback: characters the named family lacks come from another bundled font.
            ("龍", fonts::SANS),
            ("䷿", fonts::SERIF),
        ];
        for (text, family) in cases {
            let dark = dark_pixels(text, family);
            assert!(dark > 50, "{text:?} in {family} drew {dark} dark pixels");
        }
    }

    #[test]
    fn missing_glyph_draws_far_less_than_a_real_one() {
        // A private-use character is in no font: the .notdef box is thin, far fewer
        // pixels than a CJK glyph. This keeps the threshold above meaningful.
        assert!(dark_pixels("\u{E000}", fonts::SANS) < dark_pixels("龍", fonts::CJK));
    }

    #[test]
    fn print_profiles_put_the_trim_on_the_profile_trim() {
        // Black outside the trim (the bleed), white inside: after fitting, the canvas
        // must be black in its bleed band and white just inside the profile's trim.
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">
<rect width="69" height="94" fill="#000"/>
<rect x="3" y="3" width="63" height="88" fill="#fff"/>
</svg>"##;
        for profile in [TGC_POKER, MPC_POKER] {
            let (info, rgba, dims) = decode(&svg_to_png_sized(svg, &profile, 3.0).unwrap());
            assert_eq!((info.width, info.height), (profile.width_px, profile.height_px));
            assert_eq!(dims.unwrap().xppu, 11811);
            let px = |x: u32, y: u32| rgba[((y * info.width + x) * 4) as usize];
            let alpha = |x: u32, y: u32| rgba[((y * info.width + x) * 4 + 3) as usize];
            let bx = (profile.width_px - profile.trim_width_px) / 2;
            let by = (profile.height_px - profile.trim_height_px) / 2;
            let (mx, my) = (profile.width_px / 2, profile.height_px / 2);
            // Corners and edges: bleed extended, opaque black.
            for (x, y) in [(0, 0), (profile.width_px - 1, profile.height_px - 1), (0, my), (mx, 0)] {
                assert_eq!((px(x, y), alpha(x, y)), (0, 255), "{} at {x},{y}", profile.name);
            }
            // Two pixels outside the trim: black; two inside: white.
            assert_eq!(px(bx - 2, my), 0, "{}", profile.name);
            assert_eq!(px(mx, by - 2), 0, "{}", profile.name);
            assert_eq!(px(bx + 2, my), 255, "{}", profile.name);
            assert_eq!(px(mx, by + 2), 255, "{}", profile.name);
            assert_eq!(px(profile.width_px - bx + 1, my), 0, "{}", profile.name);
            assert_eq!(px(profile.width_px - bx - 3, my), 255, "{}", profile.name);
        }
    }
}
