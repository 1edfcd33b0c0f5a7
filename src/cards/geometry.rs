//! The shared pieces of the two decks' layout models: text boxes measured in the bundled
//! fonts, rectangles, hexagram line geometry and the card canvas (colours and font stacks
//! are in `templates/style.json`).

use std::sync::OnceLock;

use serde::Serialize;

use super::{BLEED_MM, CANVAS_HEIGHT_MM, CANVAS_WIDTH_MM, SAFE_MM, TRIM_HEIGHT_MM, TRIM_WIDTH_MM};
use crate::print::fonts;

/// A piece of text placed on the card (mm; `y` is the baseline).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextBox {
    /// The characters.
    pub text: String,
    /// Anchor point, mm from the canvas's left edge.
    pub x: f32,
    /// Baseline, mm from the canvas's top edge.
    pub y: f32,
    /// Font size (em), mm.
    pub size: f32,
    /// SVG `text-anchor`: `start`, `middle` or `end`.
    pub anchor: &'static str,
    /// 400 or 700.
    pub weight: u16,
    /// Letter spacing, mm.
    pub spacing: f32,
    /// The text is a number that reads as another when the card is turned (6 and 9,
    /// 16, 19, 60, 61), so the templates underline it, as playing cards do. Set from
    /// the text by [`TextBox::new`]; absent from the template context when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub turn_mark: bool,
}

impl TextBox {
    /// Text anchored at its start (left), not spaced.
    pub fn new(text: impl Into<String>, x: f32, y: f32, size: f32, weight: u16) -> TextBox {
        let text = text.into();
        let turn_mark = reads_otherwise_turned(&text);
        TextBox { text, x, y, size, anchor: "start", weight, spacing: 0.0, turn_mark }
    }

    /// The same text with another anchor.
    pub fn anchored(mut self, anchor: &'static str) -> TextBox {
        self.anchor = anchor;
        self
    }

    /// The same text with letter spacing.
    pub fn spaced(mut self, spacing: f32) -> TextBox {
        self.spacing = spacing;
        self
    }

    /// Advance width in mm, letter spacing included (no kerning, so a slight overestimate).
    pub fn width(&self) -> f32 {
        let n = self.text.chars().count() as f32;
        text_width(&self.text, self.size, self.weight >= 600) + self.spacing * (n - 1.0).max(0.0)
    }

    /// Left and right edges in mm, from the anchor.
    pub fn span(&self) -> (f32, f32) {
        let w = self.width();
        match self.anchor {
            "middle" => (self.x - w / 2.0, self.x + w / 2.0),
            "end" => (self.x - w, self.x),
            _ => (self.x, self.x + w),
        }
    }

    /// Shrinks the font (down to `min_size`) until the text is at most `max_width` wide.
    pub fn fit(mut self, max_width: f32, min_size: f32) -> TextBox {
        let w = self.width();
        if w > max_width {
            self.size = (self.size * max_width / w).max(min_size);
        }
        self
    }
}

/// The room a hexagram name has on a card: [`TextBox::fit`] shrinks it to `min_size`
/// at most, so a name wider than `max_width` at that size runs off the card.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NameRoom {
    /// Where the name is, for messages (`Zhi Pai title`).
    pub place: &'static str,
    /// The widest the name may be, mm.
    pub max_width: f32,
    /// Its usual font size, mm.
    pub size: f32,
    /// The smallest size it may be shrunk to, mm.
    pub min_size: f32,
    /// Its font weight.
    pub weight: u16,
}

impl NameRoom {
    /// `name` as a text box at (`x`, `y`), shrunk to fit the room where it can be.
    pub fn text_box(&self, name: &str, x: f32, y: f32) -> TextBox {
        TextBox::new(name, x, y, self.size, self.weight).fit(self.max_width, self.min_size)
    }

    /// How wide `name` is at the smallest size, mm.
    pub fn smallest_width(&self, name: &str) -> f32 {
        TextBox::new(name, 0.0, 0.0, self.min_size, self.weight).width()
    }
}

/// True when `text` is a numeral that reads as a different numeral turned 180°: its
/// digits all survive the turn (0 1 8 stay, 6 and 9 swap) and it holds a 6 or a 9, so
/// the turned reading differs (`6` → `9`, `19` → `61`, `16` → `91`).
pub fn reads_otherwise_turned(text: &str) -> bool {
    let turnable = |c: char| matches!(c, '0' | '1' | '6' | '8' | '9');
    !text.is_empty() && text.chars().all(turnable) && text.chars().any(|c| matches!(c, '6' | '9'))
}

/// An axis-aligned rectangle, mm.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// One stroke of a background texture: a line, usually dashed, so that a row of bars or
/// dots is one element. Cheaper than an SVG `<pattern>` for resvg (which samples
/// patterns bicubically, pixel by pixel) and tiny in a PDF (dashes are native there).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextureLine {
    /// Start, mm.
    pub x1: f32,
    /// Start, mm.
    pub y1: f32,
    /// End, mm.
    pub x2: f32,
    /// End, mm.
    pub y2: f32,
    /// `stroke-dasharray`, mm; empty for a solid line.
    pub dash: String,
}

/// One drawn line of a hexagram or trigram: a bar (yang) or two bars (yin).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LineShape {
    /// 1..=6 counted from the bottom of the reading the shape was laid out for.
    pub line: u8,
    /// `yang` or `yin`.
    pub aspect: &'static str,
    /// The bars: one for yang, two for yin.
    pub bars: Vec<Rect>,
    /// Vertical centre, mm.
    pub cy: f32,
}

/// Geometry of a drawn hexagram or trigram: where its lines go.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stack {
    /// Left edge of the bars.
    pub x: f32,
    /// Width of a yang bar.
    pub width: f32,
    /// Centre of the top line.
    pub top: f32,
    /// Bar thickness.
    pub thickness: f32,
    /// Centre-to-centre distance of neighbouring lines in a trigram.
    pub pitch: f32,
    /// Extra distance between line 3 and line 4 (hexagrams only).
    pub trigram_gap: f32,
    /// Width of the break in a yin line, as a fraction of the width.
    pub break_fraction: f32,
}

impl Stack {
    /// Vertical centre of line `i` (1 = bottom) of a stack of `count` lines.
    pub fn centre(&self, i: u8, count: u8) -> f32 {
        let from_top = (count - i) as f32;
        let gap = if count == 6 && i <= 3 { self.trigram_gap } else { 0.0 };
        self.top + from_top * self.pitch + gap
    }

    /// The shapes of `bits` (bit 0 = line 1), `count` lines, bottom line first.
    pub fn shapes(&self, bits: u8, count: u8) -> Vec<LineShape> {
        (1..=count)
            .map(|i| {
                let yang = bits >> (i - 1) & 1 == 1;
                let cy = self.centre(i, count);
                let y = cy - self.thickness / 2.0;
                let bars = if yang {
                    vec![Rect { x: self.x, y, w: self.width, h: self.thickness }]
                } else {
                    let w = self.width * (1.0 - self.break_fraction) / 2.0;
                    vec![
                        Rect { x: self.x, y, w, h: self.thickness },
                        Rect { x: self.x + self.width - w, y, w, h: self.thickness },
                    ]
                };
                LineShape { line: i, aspect: if yang { "yang" } else { "yin" }, bars, cy }
            })
            .collect()
    }
}

/// The canvas every card shares, for templates.
#[derive(Debug, Clone, Serialize)]
pub struct Canvas {
    /// Width, mm (69).
    pub width: f32,
    /// Height, mm (94).
    pub height: f32,
    /// Bleed, mm (3).
    pub bleed: f32,
    /// Horizontal centre, mm.
    pub cx: f32,
    /// Vertical centre, mm.
    pub cy: f32,
    /// The trim box.
    pub trim: Rect,
    /// The safe area.
    pub safe: Rect,
}

/// The 69×94 mm canvas.
pub fn canvas() -> Canvas {
    Canvas {
        width: CANVAS_WIDTH_MM,
        height: CANVAS_HEIGHT_MM,
        bleed: BLEED_MM,
        cx: CANVAS_WIDTH_MM / 2.0,
        cy: CANVAS_HEIGHT_MM / 2.0,
        trim: Rect { x: BLEED_MM, y: BLEED_MM, w: TRIM_WIDTH_MM, h: TRIM_HEIGHT_MM },
        safe: Rect {
            x: BLEED_MM + SAFE_MM,
            y: BLEED_MM + SAFE_MM,
            w: TRIM_WIDTH_MM - 2.0 * SAFE_MM,
            h: TRIM_HEIGHT_MM - 2.0 * SAFE_MM,
        },
    }
}

/// Rounds to 0.01 mm so that the SVG text stays short and stable.
pub(crate) fn r2(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

/// The bundled faces used to measure text, in fallback order, as
/// (bold?, parsed face). Measuring lets the layout shrink a long name to fit instead of
/// letting it run off the card.
fn measure_faces() -> &'static [(bool, ttf_parser::Face<'static>)] {
    static FACES: OnceLock<Vec<(bool, ttf_parser::Face<'static>)>> = OnceLock::new();
    FACES.get_or_init(|| {
        let order = [
            ("NotoSans-Regular-subset.ttf", false),
            ("NotoSans-Bold-subset.ttf", true),
            ("NotoSansCJKtc-Regular-subset.otf", false),
            ("NotoSansCJKtc-Bold-subset.otf", true),
            ("NotoSansSymbols2-Regular-subset.ttf", false),
            ("NotoSansMath-Regular-subset.ttf", false),
            ("NotoSansSymbols-Regular-subset.ttf", false),
        ];
        order
            .iter()
            .filter_map(|(name, bold)| {
                let (_, data) = fonts::font_files().iter().find(|(n, _)| n == name)?;
                Some((*bold, ttf_parser::Face::parse(data, 0).ok()?))
            })
            .collect()
    })
}

/// Advance width of `text` at `size` mm in the bundled sans (bold or regular), with
/// the same per-character fallback as the renderers. Unknown characters count 1 em.
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let faces = measure_faces();
    text.chars()
        .map(|c| {
            // Prefer the requested weight; symbol faces have only a regular weight.
            let pick = faces.iter().filter(|(b, _)| *b == bold).chain(faces.iter()).find_map(|(_, face)| {
                let gid = face.glyph_index(c)?;
                let advance = face.glyph_hor_advance(gid)?;
                Some(advance as f32 / face.units_per_em() as f32)
            });
            pick.unwrap_or(1.0) * size
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_that_read_otherwise_turned_are_marked() {
        for (text, marked) in [
            ("6", true),
            ("9", true),
            ("16", true),
            ("19", true),
            ("60", true),
            ("61", true),
            ("1", false),
            ("8", false),
            ("11", false),
            ("18", false),
            ("26", false),
            ("64", false),
            ("", false),
            ("Peace", false),
        ] {
            assert_eq!(reads_otherwise_turned(text), marked, "{text:?}");
            assert_eq!(TextBox::new(text, 0.0, 0.0, 3.0, 400).turn_mark, marked, "{text:?}");
        }
    }
}
