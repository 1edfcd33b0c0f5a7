//! One parse of a card for every resolution it is drawn at, with the pixels of a parse at
//! each.
//!
//! A card's SVG gives its size in mm (`width="69mm"`) and draws in user units (its
//! viewBox), so the trees usvg makes of it at two dpi differ only in their size and in
//! the transform of their root group, the viewBox's scale and offset at that dpi. resvg
//! draws a tree through `ts ∘ root`, composed by tiny-skia in f32. A tree parsed at one
//! dpi therefore draws every pixel of the tree parsed at another when the composed
//! transforms are equal to the bit: [`Frame::onto`] finds such a `ts` and checks it with
//! tiny-skia's own composition, and where f32 rounding allows none the SVG is parsed at
//! the other dpi as before ([`draw_as`]). A frame is the SVG's root element parsed alone.
//!
//! An SVG whose content uses absolute units (a `stroke-width` in mm) would differ in its
//! content too: the card templates draw in user units only, and the tests that compare
//! every file of a run with a run that parses at each dpi hold them to it.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use resvg::tiny_skia::{self, Transform};

use crate::print::render::{self, PrintProfile, RenderError, SIZED_DPI};

/// Millimetres per inch.
const MM_PER_INCH: f32 = 25.4;

/// An SVG's size and root transform at one dpi: what its tree at that dpi has that its
/// tree at another lacks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// The dpi it was parsed at.
    pub dpi: f32,
    /// The tree's size in pixels at that dpi.
    pub size: usvg::Size,
    /// The root group's transform (the viewBox at that size), identity when it has none.
    root: Transform,
}

impl Frame {
    /// The frame of `svg` at `dpi`: its root element parsed alone, with one child (a
    /// 1-unit rectangle) so that usvg keeps the root group. Without its `data-`
    /// attributes, which usvg ignores, every card of a deck has the same root element:
    /// its frame is parsed once a dpi and remembered.
    pub fn of(svg: &str, dpi: f32) -> Result<Frame, RenderError> {
        static FRAMES: OnceLock<Mutex<HashMap<(String, u32), Frame>>> = OnceLock::new();
        let Some(start) = root_start_tag(svg) else {
            let tree = render::svg_tree(svg, dpi)?;
            return Ok(Frame { dpi, size: tree.size(), root: root_transform(&tree) });
        };
        let key = (format!("{}<rect width=\"1\" height=\"1\"/></svg>", without_data(start)), dpi.to_bits());
        let frames = FRAMES.get_or_init(Mutex::default);
        let known = |frames: &Mutex<HashMap<_, Frame>>| frames.lock().ok()?.get(&key).copied();
        if let Some(frame) = known(frames) {
            return Ok(frame);
        }
        let tree = render::svg_tree(&key.0, dpi)?;
        let frame = Frame { dpi, size: tree.size(), root: root_transform(&tree) };
        if let Ok(mut frames) = frames.lock() {
            if frames.len() >= 64 {
                frames.clear();
            }
            frames.insert(key, frame);
        }
        Ok(frame)
    }

    /// The transform that draws a tree of this frame as a tree of `target`'s frame drawn
    /// with `ts`, to the bit: `None` when f32 has no such transform (or a transform skews).
    pub fn onto(&self, target: &Frame, ts: Transform) -> Option<Transform> {
        let wanted = ts.pre_concat(target.root);
        let (from, bits) = (self.root, |t: Transform| [t.sx, t.kx, t.ky, t.sy, t.tx, t.ty].map(f32::to_bits));
        if wanted.has_skew() || from.has_skew() || from.sx == 0.0 || from.sy == 0.0 {
            return None;
        }
        let sx = solve_scale(wanted.sx, from.sx)?;
        let sy = solve_scale(wanted.sy, from.sy)?;
        let tx = solve_offset(wanted.tx, sx, from.tx)?;
        let ty = solve_offset(wanted.ty, sy, from.ty)?;
        let found = Transform::from_row(sx, 0.0, 0.0, sy, tx, ty);
        (bits(found.pre_concat(from)) == bits(wanted)).then_some(found)
    }
}

/// The SVG's text up to the end of its root element's start tag, without a `/>`.
fn root_start_tag(svg: &str) -> Option<&str> {
    let open = svg.find("<svg")?;
    let mut quote = None;
    for (i, c) in svg[open..].char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => {
                let tag = &svg[..open + i + 1];
                return (!tag.ends_with("/>")).then_some(tag);
            }
            _ => {}
        }
    }
    None
}

/// `tag` (a start tag) without its `data-*` attributes and the space before each.
fn without_data(tag: &str) -> String {
    let (mut out, mut quote, mut skipping) = (String::with_capacity(tag.len()), None, false);
    for (i, c) in tag.char_indices() {
        match quote {
            Some(q) if c == q => {
                quote = None;
                if std::mem::take(&mut skipping) {
                    continue;
                }
            }
            Some(_) => {}
            None if c.is_whitespace() && tag[i + c.len_utf8()..].starts_with("data-") => {
                skipping = true;
                continue;
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None => {}
        }
        if !skipping {
            out.push(c);
        }
    }
    out
}

/// The root group's transform of `tree`, where usvg made one for the viewBox.
fn root_transform(tree: &usvg::Tree) -> Transform {
    match tree.root().children() {
        [usvg::Node::Group(group)] => group.transform(),
        _ => Transform::identity(),
    }
}

/// An `a` with `a * b == product` in f32, near `product / b`.
fn solve_scale(product: f32, b: f32) -> Option<f32> {
    nearby(product / b).find(|a| a * b == product)
}

/// A `t` with `scale * offset + t == wanted` in f32 (tiny-skia's composition).
fn solve_offset(wanted: f32, scale: f32, offset: f32) -> Option<f32> {
    let moved = scale * offset;
    nearby(wanted - moved).find(|t| moved + t == wanted)
}

/// `x` and the floats a few steps above and below it, nearest first.
fn nearby(x: f32) -> impl Iterator<Item = f32> {
    (0..=4).flat_map(move |k| {
        let (mut up, mut down) = (x, x);
        for _ in 0..k {
            up = next(up, true);
            down = next(down, false);
        }
        [up, down]
    })
}

/// The float next to finite `x`, above it when `up` (`f32::next_up`, newer than the
/// toolchain the crate supports).
fn next(x: f32, up: bool) -> f32 {
    if x == 0.0 {
        let tiny = f32::from_bits(1);
        return if up { tiny } else { -tiny };
    }
    let bits = x.to_bits();
    f32::from_bits(if (x > 0.0) == up { bits + 1 } else { bits - 1 })
}

/// Draws `tree` (the tree of `svg` in frame `from`) onto `pixmap` with `ts` as the tree
/// of `svg` parsed in frame `to` would be drawn: from `tree` when [`Frame::onto`] finds
/// the transform, from a parse at `to`'s dpi otherwise.
pub fn draw_as(
    svg: &str,
    tree: &usvg::Tree,
    from: &Frame,
    to: &Frame,
    ts: Transform,
    pixmap: &mut tiny_skia::Pixmap,
) -> Result<(), RenderError> {
    match from.onto(to, ts) {
        Some(found) => resvg::render(tree, found, &mut pixmap.as_mut()),
        None => resvg::render(&render::svg_tree(svg, to.dpi)?, ts, &mut pixmap.as_mut()),
    }
    Ok(())
}

/// A new `width`×`height` pixmap with [`draw_as`] of `svg` on it. When `svg` has a
/// [`backdrop`] and the tree is drawn from `tree`, the backdrop's pixels come from
/// [`backdrop_pixels`] and the rest of the tree is drawn over them: the same pixels, since
/// resvg draws a tree's elements one after another onto the same pixmap.
fn draw_new(
    svg: &str,
    tree: &usvg::Tree,
    from: &Frame,
    to: &Frame,
    ts: Transform,
    (width, height): (u32, u32),
) -> Result<tiny_skia::Pixmap, RenderError> {
    match from.onto(to, ts) {
        Some(found) => draw_scaled(svg, tree, from.dpi, found, (width, height)),
        None => {
            let mut pixmap = render::new_pixmap(width, height)?;
            draw_as(svg, tree, from, to, ts, &mut pixmap)?;
            Ok(pixmap)
        }
    }
}

/// A new `width`×`height` pixmap with `tree` (the tree of `svg` parsed at `dpi`) drawn on
/// it with `ts`. When `svg` has a [`backdrop`], the backdrop's pixels come from
/// [`backdrop_pixels`] and the rest of the tree is drawn over them: the same pixels, since
/// resvg draws a tree's elements one after another onto the same pixmap.
pub fn draw_scaled(
    svg: &str,
    tree: &usvg::Tree,
    dpi: f32,
    ts: Transform,
    (width, height): (u32, u32),
) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap = render::new_pixmap(width, height)?;
    match backdrop(svg) {
        Some((under, rest)) => {
            let under = backdrop_pixels(&under, dpi, ts, (width, height))?;
            pixmap.data_mut().copy_from_slice(under.data());
            REST.with_borrow_mut(|last| -> Result<(), RenderError> {
                let key = (svg.to_string(), dpi.to_bits());
                if last.as_ref().is_none_or(|(k, _)| *k != key) {
                    *last = Some((key, render::svg_tree(&rest, dpi)?));
                }
                let (_, tree) = last.as_ref().expect("just parsed");
                resvg::render(tree, ts, &mut pixmap.as_mut());
                Ok(())
            })?;
        }
        None => resvg::render(tree, ts, &mut pixmap.as_mut()),
    }
    Ok(pixmap)
}

thread_local! {
    /// The last card drawn over a backdrop on this thread, by its SVG and dpi, and the
    /// tree of what it draws over the backdrop: a card is drawn at several sizes in turn.
    static REST: std::cell::RefCell<Option<((String, u32), usvg::Tree)>> = const { std::cell::RefCell::new(None) };
}

/// The backdrop of a card: its leading root elements up to the end of a root-level
/// `<g data-role="pattern">` (a ground and a texture of many strokes, the same on many
/// cards, such as one player's Zhi Pai trigram cards), as an SVG of its own without its
/// title and the root element's `data-` attributes, and the
/// card without them (the same root element, then the elements after the pattern). `None`
/// when the card has no such pattern, or the pattern holds groups.
pub fn backdrop(svg: &str) -> Option<(String, String)> {
    let root = root_start_tag(svg)?;
    let start = root.len() + svg[root.len()..].find("<g data-role=\"pattern\"")?;
    let end = start + svg[start..].find("</g>")? + "</g>".len();
    if svg[start + 1..end].contains("<g") || svg[root.len()..start].contains("<g") {
        return None;
    }
    // Without what usvg ignores and tells one card from another (the root element's
    // `data-` attributes, the title), so that the cards sharing it have the same backdrop.
    let mut under = svg[root.len()..end].to_string();
    if let (Some(a), Some(b)) = (under.find("<title>"), under.find("</title>")) {
        under.replace_range(a..b + "</title>".len(), "");
    }
    Some((format!("{}{under}\n</svg>\n", without_data(root)), format!("{root}{}", &svg[end..])))
}

/// A backdrop's SVG, dpi, transform and pixmap size.
type BackdropKey = (String, u32, [u32; 6], (u32, u32));

/// The backdrops' pixels [`backdrop_pixels`] made last, newest last: 10 of them, as many as
/// two threads drawing a card at five sizes each need (a card's PNG, two print services'
/// canvases, the DriveThruCards canvas and the contact sheet's thumbnail), when cards that
/// share a backdrop are drawn one after another.
static KEPT: OnceLock<Mutex<Vec<KeptBackdrop>>> = OnceLock::new();

/// A backdrop's key and pixels.
type KeptBackdrop = (BackdropKey, std::sync::Arc<tiny_skia::Pixmap>);

/// How many backdrops [`KEPT`] holds.
const KEEP: usize = 10;

/// Lets go of the backdrops' pixels kept so far (up to 30 MB), once a deck's cards are drawn.
pub fn forget_backdrops() {
    if let Some(Ok(mut kept)) = KEPT.get().map(Mutex::lock) {
        kept.clear();
    }
}

/// The pixels of the backdrop SVG `under` parsed at `dpi` and drawn with `ts` on a
/// transparent `width`×`height` pixmap, made once and kept for the other cards that share
/// it (the last few, about 4 MB each at 300 dpi).
fn backdrop_pixels(
    under: &str,
    dpi: f32,
    ts: Transform,
    (width, height): (u32, u32),
) -> Result<std::sync::Arc<tiny_skia::Pixmap>, RenderError> {
    let bits = [ts.sx, ts.kx, ts.ky, ts.sy, ts.tx, ts.ty].map(f32::to_bits);
    let key: BackdropKey = (under.to_string(), dpi.to_bits(), bits, (width, height));
    let kept = KEPT.get_or_init(Mutex::default);
    if let Some(found) = kept.lock().ok().and_then(|k| k.iter().find(|(k, _)| *k == key).map(|(_, p)| p.clone())) {
        return Ok(found);
    }
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Size { width, height })?;
    resvg::render(&render::svg_tree(under, dpi)?, ts, &mut pixmap.as_mut());
    let pixmap = std::sync::Arc::new(pixmap);
    if let Ok(mut kept) = kept.lock() {
        if kept.len() >= KEEP {
            kept.remove(0);
        }
        kept.push((key, pixmap.clone()));
    }
    Ok(pixmap)
}

/// [`render::svg_to_png`] of `svg` at `dpi`, drawn from `tree`, its tree in frame `from`
/// ([`draw_as`]): the same bytes. An image of more than one band is parsed at `dpi`.
pub fn svg_to_png_from(svg: &str, tree: &usvg::Tree, from: &Frame, dpi: f32) -> Result<Vec<u8>, RenderError> {
    let to = Frame::of(svg, dpi)?;
    let size = to.size.to_int_size();
    if 4 * u64::from(size.width()) * u64::from(size.height()) > render::BAND_BYTES {
        return render::svg_to_png(svg, dpi);
    }
    let pixmap = draw_new(svg, tree, from, &to, Transform::identity(), (size.width(), size.height()))?;
    render::encode_png(pixmap, dpi)
}

/// [`render::tree_to_pixmap_sized`] of `svg`, drawn from `tree`, its tree in frame `from`
/// ([`draw_as`]): the same pixels.
pub fn pixmap_sized_from(
    svg: &str,
    tree: &usvg::Tree,
    from: &Frame,
    profile: &PrintProfile,
    bleed_mm: f32,
) -> Result<tiny_skia::Pixmap, RenderError> {
    let to = Frame::of(svg, SIZED_DPI)?;
    let canvas = SizedCanvas::new(to.size, profile, bleed_mm)?;
    let mut pixmap = draw_new(svg, tree, from, &to, canvas.transform, (profile.width_px, profile.height_px))?;
    canvas.extend_edges(&mut pixmap);
    Ok(pixmap)
}

/// Where a card parsed at [`SIZED_DPI`] goes on a print service's canvas (see
/// [`render::svg_to_png_sized`]): its transform and the box of pixels it fully covers.
pub struct SizedCanvas {
    /// Scale and centring onto the canvas.
    pub transform: Transform,
    /// The fully covered pixels, inclusive: x0, x1, y0, y1.
    covered: (u32, u32, u32, u32),
}

impl SizedCanvas {
    /// The canvas of `profile` for a tree of `size` at [`SIZED_DPI`] with `bleed_mm` on each side.
    pub fn new(size: usvg::Size, profile: &PrintProfile, bleed_mm: f32) -> Result<SizedCanvas, RenderError> {
        let (w, h) = (size.width(), size.height());
        let bleed = bleed_mm / MM_PER_INCH * SIZED_DPI;
        let (trim_w, trim_h) = (w - 2.0 * bleed, h - 2.0 * bleed);
        if !(bleed >= 0.0 && trim_w > 0.0 && trim_h > 0.0) {
            return Err(RenderError::Bleed {
                bleed_mm,
                width_mm: w / SIZED_DPI * MM_PER_INCH,
                height_mm: h / SIZED_DPI * MM_PER_INCH,
            });
        }
        let scale = (profile.trim_width_px as f32 / trim_w).max(profile.trim_height_px as f32 / trim_h);
        let (cw, ch) = (profile.width_px, profile.height_px);
        let dx = (cw as f32 - w * scale) / 2.0;
        let dy = (ch as f32 - h * scale) / 2.0;
        // Pixels fully covered by the drawing; everything outside copies the nearest one.
        let covered = |start: f32, len: f32, canvas: u32| {
            let lo = start.ceil().clamp(0.0, canvas as f32 - 1.0) as u32;
            let hi = ((start + len).floor() as i64 - 1).clamp(lo as i64, canvas as i64 - 1) as u32;
            (lo, hi)
        };
        let ((x0, x1), (y0, y1)) = (covered(dx, w * scale, cw), covered(dy, h * scale, ch));
        Ok(SizedCanvas { transform: Transform::from_row(scale, 0.0, 0.0, scale, dx, dy), covered: (x0, x1, y0, y1) })
    }

    /// Copies the covered box's edge pixels outwards over the bleed the drawing left short.
    pub fn extend_edges(&self, pixmap: &mut tiny_skia::Pixmap) {
        let (x0, x1, y0, y1) = self.covered;
        render::extend_edges(pixmap, x0, x1, y0, y1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card drawn from a tree parsed at 72 dpi has, byte for byte, the PNG of the card
    /// parsed at 300 and 600 dpi, and the print services' pixels of the card parsed at 96.
    #[test]
    fn a_tree_drawn_as_parsed_at_another_dpi_gives_the_same_bytes() {
        let svg = render::card_svg(
            r##"<circle cx="30.3" cy="41.7" r="17.1" fill="#8b1e1e" stroke="#123" stroke-width="0.7"/>
<path d="M5 80 C20 60 40 99 64 70" fill="none" stroke="#000" stroke-width="0.35"/>
<text x="8" y="20" font-size="6.3">Peace 泰 ䷊</text>"##,
        );
        let from = Frame::of(&svg, 72.0).unwrap();
        let tree = render::svg_tree(&svg, 72.0).unwrap();
        for dpi in [300.0, 600.0, 150.0] {
            let to = Frame::of(&svg, dpi).unwrap();
            assert!(from.onto(&to, Transform::identity()).is_some(), "{dpi} dpi: no exact transform");
            assert_eq!(svg_to_png_from(&svg, &tree, &from, dpi).unwrap(), render::svg_to_png(&svg, dpi).unwrap());
        }
        for profile in [render::TGC_POKER, render::MPC_POKER] {
            let parsed = render::svg_tree(&svg, SIZED_DPI).unwrap();
            let expected = render::tree_to_pixmap_sized(&parsed, &profile, 3.0).unwrap();
            assert!(pixmap_sized_from(&svg, &tree, &from, &profile, 3.0).unwrap() == expected, "{}", profile.name);
        }
    }

    /// Cards that share a backdrop (a ground and a texture of strokes) are drawn over its
    /// pixels, made once: each has, byte for byte, the PNG and the print services' pixels
    /// of the whole card parsed at that dpi, the second card (drawn from the kept backdrop)
    /// as much as the first.
    #[test]
    fn a_card_drawn_over_a_shared_backdrop_gives_the_same_bytes() {
        let card = |name: &str, ink: &str| {
            render::card_svg(&format!(
                r##"<title>{name}</title>
<rect data-role="ground" width="69" height="94" fill="#c9a227"/>
<g data-role="pattern" stroke="#8b1e1e" stroke-width="1.2" stroke-linecap="round">
<line x1="1.5" y1="1.5" x2="69" y2="1.5" stroke-dasharray="0.01 2.99"/>
<line x1="1.5" y1="4.5" x2="69" y2="4.5" stroke-dasharray="0.01 2.99"/>
<line x1="-94" y1="0" x2="0" y2="94"/>
</g>
<rect x="9.5" y="9.5" width="50" height="75" rx="3" fill="#fffdf7" stroke="{ink}" stroke-width="0.4"/>
<text x="20" y="60" font-size="11" fill="{ink}">{name} 乾</text>"##
            ))
        };
        let cards = [card("Heaven", "#123"), card("Earth", "#456")];
        let (under, rest) = backdrop(&cards[0]).expect("the card has a backdrop");
        assert_eq!(Some(under), backdrop(&cards[1]).map(|(under, _)| under), "the two cards share a backdrop");
        assert!(rest.starts_with("<svg") && rest.contains("Heaven") && !rest.contains("data-role=\"pattern\""));
        assert_eq!(backdrop(&render::card_svg("<rect width=\"1\" height=\"1\"/>")), None);
        for svg in &cards {
            let from = Frame::of(svg, 72.0).unwrap();
            let tree = render::svg_tree(svg, 72.0).unwrap();
            for dpi in [300.0, 150.0] {
                assert_eq!(svg_to_png_from(svg, &tree, &from, dpi).unwrap(), render::svg_to_png(svg, dpi).unwrap());
            }
            for profile in [render::TGC_POKER, render::MPC_POKER] {
                let parsed = render::svg_tree(svg, SIZED_DPI).unwrap();
                let expected = render::tree_to_pixmap_sized(&parsed, &profile, 3.0).unwrap();
                assert!(pixmap_sized_from(svg, &tree, &from, &profile, 3.0).unwrap() == expected, "{}", profile.name);
            }
            // The sheets' sizes (a contact thumbnail, a Tabletop Simulator face): the tree
            // drawn whole with the sheet's transform, byte for byte.
            for ts in [Transform::from_scale(0.5, 0.5), Transform::from_row(0.6, 0.0, 0.0, 0.61, -2.5, -2.5)] {
                let size = (120, 170);
                let mut whole = render::new_pixmap(size.0, size.1).unwrap();
                resvg::render(&tree, ts, &mut whole.as_mut());
                assert!(draw_scaled(svg, &tree, 72.0, ts, size).unwrap() == whole, "{ts:?}");
            }
        }
    }

    #[test]
    fn a_frame_is_the_root_of_the_tree() {
        let svg = render::card_svg("");
        for dpi in [72.0, 96.0, 300.0] {
            let tree = render::svg_tree(&svg, dpi).unwrap();
            let frame = Frame::of(&svg, dpi).unwrap();
            assert_eq!((frame.size, frame.root), (tree.size(), root_transform(&tree)));
        }
        assert_eq!(
            root_start_tag("<?xml version=\"1.0\"?><svg a='>' b=\"x\">…"),
            Some("<?xml version=\"1.0\"?><svg a='>' b=\"x\">")
        );
        assert_eq!(root_start_tag("<svg/>"), None);
        for x in [1.5f32, -1.5, 3.0e-3, -7.25e5] {
            assert!(next(x, true) > x && next(x, false) < x, "{x}");
            assert_eq!((next(next(x, true), false), next(next(x, false), true)), (x, x));
        }
        assert!(next(0.0, true) > 0.0 && next(0.0, false) < 0.0);
        let tag = r#"<svg data-deck="x" width="69mm" data-face='a "b"' height="94mm">"#;
        assert_eq!(without_data(tag), r#"<svg width="69mm" height="94mm">"#);
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" data-face="a" width="50mm" height="20mm" viewBox="0 0 40 20" preserveAspectRatio="xMaxYMin slice" data-x="1"><text y="9">x</text></svg>"#;
        for dpi in [72.0, 300.0] {
            let (tree, frame) = (render::svg_tree(svg, dpi).unwrap(), Frame::of(svg, dpi).unwrap());
            assert_eq!((frame.size, frame.root), (tree.size(), root_transform(&tree)));
        }
    }
}
