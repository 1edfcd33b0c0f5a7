//! How far a page's ink can reach, read from its content without drawing it.
//!
//! The home margin rule ([`super::home`]) asks whether a page drawn on white has an inked
//! pixel in its outer band. hayro's rasteriser inks a pixel by the area of it a mark covers
//! (a fill ending 0.1 px into a pixel makes it 10 % ink, and one ending on its edge leaves
//! it paper), so a page whose every mark (path, glyph, image, each within the clip paths in
//! force) lies inside the band's inner edge cannot have one, and the rule passes without
//! the page being drawn. [`Reach`] is a hayro device that interprets the page as the
//! renderer does (same transforms, clips and fonts) but keeps only the device-space box of
//! each mark: a fill's path box; a stroke's path box widened by half its width (at least
//! the renderer's hairline) times the miter limit, or exactly, for a straight segment with
//! butt caps (the crop marks that end on the 5 mm line); an image's box, a pixel wider (its
//! edges are not anti-aliased). Boxes only ever over-state where ink falls; marks may reach
//! into the band by [`BUDGET_PX`] in all, far less ink than a pixel needs to count as
//! inked. A page that reaches further is drawn and its pixels read as before: the verdict
//! is the same either way, only cheaper for the pages that keep their distance.

use std::collections::HashMap;

use hayro::hayro_interpret::font::{Glyph, OutlineGlyph};
use hayro::hayro_interpret::{
    BlendMode, CacheKey, ClipPath, Context, Device, GlyphDrawMode, Image, InterpreterCache, InterpreterSettings, Paint,
    PathDrawMode, RectExt, SoftMask, StrokeProps, TransformExt, interpret_page,
};
use hayro::hayro_syntax::page::Page;
use hayro::vello_cpu::kurbo::{Affine, BezPath, Cap, Join, PathEl, Point, Rect, Shape, Vec2};

/// How far into the band the marks of a page may reach, summed over them, in pixels: a
/// pixel they all reach into is covered by at most 1 % and stays paper
/// ([`super::home::PAPER_MIN`]).
pub const BUDGET_PX: f64 = 0.01;

/// The thinnest stroke the renderer draws, in pixels (thinner ones are widened to it);
/// for text, a quarter of that.
const HAIRLINE_PX: f64 = 1.0;

/// How far the renderer's outline of a curved or joined stroke may stray past the ideal
/// one, in pixels (its flattening tolerance, with room to spare).
const STROKE_TOLERANCE_PX: f64 = 0.5;

/// A device that finds whether every mark of a page stays inside a box.
pub struct Reach {
    /// Where marks may go: the page less the band (device pixels).
    inner: Rect,
    /// The clip paths in force, each as its device-space box within the one below.
    clips: Vec<Rect>,
    /// How far into the band the marks so far reach, summed (pixels).
    intrusion: f64,
    /// Each outline glyph's box in its own space, by glyph.
    glyphs: HashMap<u128, Rect>,
}

impl Reach {
    /// Whether every mark of `page`, drawn `scale` pixels a point, stays inside `inner`
    /// (device pixels, origin top left, as [`hayro::render`] lays the page out), but for
    /// [`BUDGET_PX`]. `cache` serves every page of one PDF.
    pub fn stays_inside<'a>(
        page: &Page<'a>,
        cache: &InterpreterCache<'a>,
        settings: &InterpreterSettings,
        scale: f32,
        inner: Rect,
    ) -> bool {
        let (w, h) = page.render_dimensions();
        let viewport = Rect::new(0.0, 0.0, f64::from(w * scale).floor(), f64::from(h * scale).floor());
        let initial = Affine::scale(f64::from(scale)) * page.initial_transform(true).to_kurbo();
        let mut context = Context::new(initial, viewport, cache, page.xref(), settings.clone());
        // The renderer clips the page to its crop box.
        let crop = initial.transform_rect_bbox(page.intersected_crop_box().to_kurbo());
        let mut reach = Reach { inner, clips: vec![crop], intrusion: 0.0, glyphs: HashMap::new() };
        interpret_page(page, &mut context, &mut reach);
        reach.intrusion <= BUDGET_PX
    }

    /// Adds a mark that inks at most `bbox` (device pixels).
    fn mark(&mut self, bbox: Rect) {
        let clipped = match self.clips.last() {
            Some(clip) => clip.intersect(bbox),
            None => bbox,
        };
        if clipped.width() <= 0.0 || clipped.height() <= 0.0 {
            return;
        }
        let inner = self.inner;
        let depth = [inner.x0 - clipped.x0, inner.y0 - clipped.y0, clipped.x1 - inner.x1, clipped.y1 - inner.y1]
            .into_iter()
            .fold(0.0, f64::max);
        // Past the budget, the sum only needs to stay past it.
        self.intrusion += depth;
    }

    /// Adds a path drawn through `transform` as `mode` says.
    fn path(&mut self, path: &BezPath, transform: Affine, mode: &PathDrawMode) {
        match mode {
            PathDrawMode::Fill(_) => self.mark(transform.transform_rect_bbox(path.bounding_box())),
            PathDrawMode::Stroke(stroke) => self.stroke(path, transform, stroke, HAIRLINE_PX),
        }
    }

    /// Adds a path stroked through `transform`, each of its subpaths on its own: a straight
    /// segment with butt caps under a transform that keeps angles by its exact outline,
    /// any other by its box widened as far as its stroke can reach.
    fn stroke(&mut self, path: &BezPath, transform: Affine, stroke: &StrokeProps, hairline: f64) {
        let half = device_width(stroke, transform, hairline) / 2.0;
        let conformal = keeps_angles(transform);
        let mut subpath = BezPath::new();
        let flush = |subpath: &mut BezPath, this: &mut Reach| {
            let elements = subpath.elements();
            match elements {
                [] => {}
                [PathEl::MoveTo(a), PathEl::LineTo(b)] if conformal && stroke.line_cap == Cap::Butt => {
                    this.mark(segment_box(transform * *a, transform * *b, half));
                }
                _ => {
                    let join = match stroke.line_join {
                        Join::Miter => f64::from(stroke.miter_limit).max(std::f64::consts::SQRT_2),
                        _ => std::f64::consts::SQRT_2,
                    };
                    let reach = half * join + STROKE_TOLERANCE_PX;
                    this.mark(transform.transform_rect_bbox(subpath.bounding_box()).inflate(reach, reach));
                }
            }
            subpath.truncate(0);
        };
        for element in path.elements() {
            if let PathEl::MoveTo(_) = element {
                flush(&mut subpath, self);
            }
            subpath.push(*element);
        }
        flush(&mut subpath, self);
    }

    /// The box of an outline glyph in its own space, worked out once a glyph.
    fn glyph_box(&mut self, glyph: &OutlineGlyph) -> Rect {
        *self.glyphs.entry(glyph.identifier().cache_key()).or_insert_with(|| glyph.outline().bounding_box())
    }
}

/// The width in pixels the renderer strokes `stroke` with through `transform`: its own,
/// or `hairline` where that is thinner. Under a transform that stretches one direction
/// more than another, an upper bound.
fn device_width(stroke: &StrokeProps, transform: Affine, hairline: f64) -> f64 {
    let [a, b, c, d, _, _] = transform.as_coeffs();
    let stretch = if keeps_angles(transform) {
        Vec2::new(a, b).hypot()
    } else {
        // The Frobenius norm bounds how much the transform can stretch any direction.
        (a * a + b * b + c * c + d * d).sqrt()
    };
    (f64::from(stroke.line_width) * stretch).max(hairline)
}

/// Whether `transform` scales every direction alike (a rotation, a mirror and one scale).
fn keeps_angles(transform: Affine) -> bool {
    let [a, b, c, d, _, _] = transform.as_coeffs();
    let (x, y) = (a * a + b * b, c * c + d * d);
    let near = |p: f64, q: f64| (p - q).abs() <= 1e-9 * p.abs().max(q.abs());
    x > 0.0 && near(x, y) && (a * c + b * d).abs() <= 1e-9 * x
}

/// The box of a straight segment from `a` to `b` stroked `half` pixels to either side, with
/// butt caps: the rectangle along it.
fn segment_box(a: Point, b: Point, half: f64) -> Rect {
    let along = b - a;
    let normal = match along.hypot() {
        0.0 => return Rect::from_points(a, a),
        length => Vec2::new(-along.y, along.x) * (half / length),
    };
    Rect::from_points(a + normal, a - normal).union(Rect::from_points(b + normal, b - normal))
}

impl<'a> Device<'a> for Reach {
    fn set_soft_mask(&mut self, _: Option<SoftMask<'a>>) {}

    fn set_blend_mode(&mut self, _: BlendMode) {}

    fn draw_path(&mut self, path: &BezPath, transform: Affine, _: &Paint<'a>, mode: &PathDrawMode) {
        self.path(path, transform, mode);
    }

    fn draw_rect(&mut self, rect: &Rect, transform: Affine, _: &Paint<'a>, mode: &PathDrawMode) {
        match mode {
            PathDrawMode::Fill(_) => self.mark(transform.transform_rect_bbox(*rect)),
            PathDrawMode::Stroke(_) => self.path(&rect.to_path(0.1), transform, mode),
        }
    }

    fn push_clip_path(&mut self, clip: &ClipPath) {
        // Clip paths come in device space.
        let bbox = clip.path.bounding_box();
        let within = self.clips.last().map_or(bbox, |outer| outer.intersect(bbox));
        self.clips.push(within);
    }

    fn pop_clip_path(&mut self) {
        self.clips.pop();
    }

    // A group, its opacity and its mask only ever take ink away from what it draws.
    fn push_transparency_group(&mut self, _: f32, _: Option<SoftMask<'a>>, _: BlendMode) {}

    fn pop_transparency_group(&mut self) {}

    fn draw_glyph(
        &mut self,
        glyph: &Glyph<'a>,
        transform: Affine,
        glyph_transform: Affine,
        paint: &Paint<'a>,
        mode: &GlyphDrawMode,
    ) {
        match (glyph, mode) {
            (_, GlyphDrawMode::Invisible) => {}
            (Glyph::Outline(outline), GlyphDrawMode::Fill) => {
                let bbox = self.glyph_box(outline);
                self.mark((transform * glyph_transform).transform_rect_bbox(bbox));
            }
            (Glyph::Outline(outline), GlyphDrawMode::Stroke(stroke)) => {
                // The renderer strokes the outline placed by `glyph_transform`, through
                // `transform`, with a quarter of the hairline.
                let placed = glyph_transform * outline.outline();
                self.stroke(&placed, transform, stroke, HAIRLINE_PX / 4.0);
            }
            // A Type 3 glyph is drawn by its own content: interpreted through this device.
            (Glyph::Type3(glyph), _) => glyph.interpret(self, transform, glyph_transform, paint),
        }
    }

    fn draw_image(&mut self, image: Image<'a, '_>, transform: Affine) {
        // The image's pixels span 0..width × 0..height under `transform`.
        // Its edges are drawn without anti-aliasing: any pixel it touches may be inked whole.
        let bbox = Rect::new(0.0, 0.0, f64::from(image.width()), f64::from(image.height()));
        self.mark(transform.transform_rect_bbox(bbox).inflate(1.0, 1.0));
    }
}
