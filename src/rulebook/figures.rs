//! The rulebooks' own diagrams (a pile of hexagrams, a table layout, where a pung goes) as
//! layout data: a [`Drawing`] of [`Mark`]s placed in Rust and drawn by
//! `templates/figures/drawing.svg.j2`, the same way the cards are drawn. Hexagram lines
//! are the cards' own [`LineShape`]s, colours are roles ([`Ink`]) that the template looks
//! up in the style sheet's `figures` palette, and text takes the style sheet's font stack,
//! so a designer recolours a figure without recompiling. Cards, tiles and boards shown in
//! the books come from the renderers that print them, not from here.

use crate::cards::geometry::{LineShape, Rect, Stack, TextBox};
use crate::print::template::{self, TemplateError};
use hexforge_rules::core::hexagram::{Hexagram, Line};
use serde::Serialize;

/// A colour role of the rulebook palette (`style.json` → `figures.<role>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ink {
    Ink,
    Accent,
    Muted,
    LightInk,
    Paper,
    Tint,
    Rule,
    /// A tile's back.
    TileBack,
    /// A lighter tile back, for the tile on top of a pile.
    TileBackLight,
    /// A flat stick's face.
    StickFlat,
    /// A round stick's face.
    StickRound,
    /// The grain line on a round stick.
    StickGrain,
}

/// A stroke: its colour role and width.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Stroke {
    pub ink: Ink,
    pub width: f32,
}

/// A stroke of `ink`, `width` units wide.
pub fn stroke(ink: Ink, width: f32) -> Option<Stroke> {
    Some(Stroke { ink, width })
}

/// One thing drawn. Coordinates are in the drawing's units, y down.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mark {
    /// A rectangle with rounded corners (`round` is the corner radius); `dash` is an SVG
    /// `stroke-dasharray`, empty for a solid outline.
    Rect { rect: Rect, round: f32, fill: Option<Ink>, stroke: Option<Stroke>, dash: String },
    /// A straight line with round caps.
    Line { x1: f32, y1: f32, x2: f32, y2: f32, stroke: Stroke },
    /// A disc.
    Circle { cx: f32, cy: f32, r: f32, fill: Ink, stroke: Option<Stroke> },
    /// A closed outline in SVG path syntax, filled, moved by (`dx`, `dy`).
    Path { d: String, fill: Ink, dx: f32, dy: f32 },
    /// A line of text in the style sheet's sans font stack.
    Text { text: TextBox, fill: Ink },
    /// The bars of hexagram or trigram lines, as the cards draw them.
    Lines { shapes: Vec<LineShape>, fill: Ink },
}

impl Mark {
    /// The same mark moved by (`dx`, `dy`).
    fn moved(mut self, dx: f32, dy: f32) -> Mark {
        let shift = |r: &mut Rect| {
            r.x += dx;
            r.y += dy;
        };
        match &mut self {
            Mark::Rect { rect, .. } => shift(rect),
            Mark::Line { x1, y1, x2, y2, .. } => {
                (*x1, *y1, *x2, *y2) = (*x1 + dx, *y1 + dy, *x2 + dx, *y2 + dy);
            }
            Mark::Circle { cx, cy, .. } => (*cx, *cy) = (*cx + dx, *cy + dy),
            Mark::Path { dx: x, dy: y, .. } => (*x, *y) = (*x + dx, *y + dy),
            Mark::Text { text, .. } => (text.x, text.y) = (text.x + dx, text.y + dy),
            Mark::Lines { shapes, .. } => {
                for shape in shapes {
                    shape.cy += dy;
                    shape.bars.iter_mut().for_each(shift);
                }
            }
        }
        self
    }
}

/// A diagram: its size and its marks, in drawing order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drawing {
    pub width: f32,
    pub height: f32,
    pub marks: Vec<Mark>,
}

/// Text weight: regular or bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

impl Drawing {
    pub fn new(width: f32, height: f32) -> Drawing {
        Drawing { width, height, marks: Vec::new() }
    }

    /// A filled rectangle, outlined by `stroke` if given.
    pub fn rect(&mut self, rect: Rect, round: f32, fill: Ink, stroke: Option<Stroke>) {
        self.marks.push(Mark::Rect { rect, round, fill: Some(fill), stroke, dash: String::new() });
    }

    /// An unfilled rectangle with a dashed outline: a place where something will go.
    pub fn dashed(&mut self, rect: Rect, round: f32, stroke: Stroke, dash: &str) {
        self.marks.push(Mark::Rect { rect, round, fill: None, stroke: Some(stroke), dash: dash.to_string() });
    }

    pub fn line(&mut self, (x1, y1): (f32, f32), (x2, y2): (f32, f32), stroke: Stroke) {
        self.marks.push(Mark::Line { x1, y1, x2, y2, stroke });
    }

    pub fn circle(&mut self, (cx, cy): (f32, f32), r: f32, fill: Ink, stroke: Option<Stroke>) {
        self.marks.push(Mark::Circle { cx, cy, r, fill, stroke });
    }

    pub fn path(&mut self, d: String, fill: Ink) {
        self.marks.push(Mark::Path { d, fill, dx: 0.0, dy: 0.0 });
    }

    /// Text with its baseline at `y`; `anchor` is `start`, `middle` or `end`.
    #[allow(clippy::too_many_arguments)]
    pub fn text(&mut self, (x, y): (f32, f32), size: f32, anchor: &'static str, fill: Ink, weight: Weight, s: &str) {
        let bold = match weight {
            Weight::Regular => 400,
            Weight::Bold => 700,
        };
        self.marks.push(Mark::Text { text: TextBox::new(s, x, y, size, bold).anchored(anchor), fill });
    }

    /// Draws `inner` with its origin at (`dx`, `dy`).
    pub fn place(&mut self, (dx, dy): (f32, f32), inner: Drawing) {
        self.marks.extend(inner.marks.into_iter().map(|m| m.moved(dx, dy)));
    }

    /// One line, solid or broken, from `x`, `width` long, `thickness` thick, its top at `y`.
    pub fn line_bar(&mut self, line: Line, (x, y): (f32, f32), width: f32, thickness: f32, fill: Ink) {
        let stack = bars(x, y, width, thickness, 0.0);
        let bits = u8::from(line == Line::Yang);
        self.marks.push(Mark::Lines { shapes: stack.shapes(bits, 1), fill });
    }

    /// A hexagram with the top of its top line at `y`, lines `pitch` apart; returns the
    /// top of each line, line 1 first.
    #[allow(clippy::too_many_arguments)]
    pub fn hexagram(
        &mut self,
        h: Hexagram,
        (x, y): (f32, f32),
        width: f32,
        thickness: f32,
        pitch: f32,
        fill: Ink,
    ) -> [f32; 6] {
        let stack = bars(x, y, width, thickness, pitch);
        let shapes = stack.shapes(h.bits(), 6);
        let tops = std::array::from_fn(|i| shapes[i].cy - thickness / 2.0);
        self.marks.push(Mark::Lines { shapes, fill });
        tops
    }

    /// An arrow along y = `y` from `x1` to the tip at `x2`.
    pub fn arrow(&mut self, x1: f32, y: f32, x2: f32, ink: Ink) {
        self.line((x1, y), (x2 - 4.0, y), Stroke { ink, width: 1.4 });
        self.path(format!("M{x2},{y} L{},{} L{},{} Z", x2 - 7.0, y - 3.5, x2 - 7.0, y + 3.5), ink);
    }

    /// The SVG, drawn by `templates/figures/drawing.svg.j2`.
    pub fn svg(&self) -> Result<String, TemplateError> {
        template::render("figures/drawing.svg.j2", self)
    }
}

/// The cards' line geometry for a stack whose top line's top is at `y`.
fn bars(x: f32, y: f32, width: f32, thickness: f32, pitch: f32) -> Stack {
    Stack { x, width, top: y + thickness / 2.0, thickness, pitch, trigram_gap: 0.0, break_fraction: 0.16 }
}

/// A rectangle from its left, top, width and height.
pub fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect { x, y, w, h }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_a_drawing_moves_every_mark() {
        let mut inner = Drawing::new(10.0, 10.0);
        inner.rect(rect(1.0, 2.0, 3.0, 4.0), 0.0, Ink::Paper, None);
        inner.hexagram(Hexagram::from_number(1).unwrap(), (0.0, 0.0), 10.0, 1.0, 2.0, Ink::Ink);
        let mut outer = Drawing::new(100.0, 100.0);
        outer.place((50.0, 60.0), inner);
        let Mark::Rect { rect: r, .. } = &outer.marks[0] else { panic!("a rect first") };
        assert_eq!((r.x, r.y), (51.0, 62.0));
        let Mark::Lines { shapes, .. } = &outer.marks[1] else { panic!("then lines") };
        assert_eq!(shapes[5].bars[0].y, 60.0, "the top line's top is at the origin, moved");
    }

    #[test]
    fn a_drawing_renders_every_role_from_the_style_sheet() {
        let mut d = Drawing::new(40.0, 20.0);
        d.rect(rect(0.0, 0.0, 40.0, 20.0), 2.0, Ink::TileBack, stroke(Ink::Ink, 1.0));
        d.text((20.0, 10.0), 5.0, "middle", Ink::Accent, Weight::Bold, "A & B");
        let svg = d.svg().unwrap();
        let style = template::style().unwrap();
        for role in ["tile_back", "ink", "accent"] {
            let colour = style["figures"][role].as_str().unwrap();
            assert!(svg.contains(colour), "{role} ({colour}) missing in {svg}");
        }
        assert!(svg.contains("A &amp; B"), "text is escaped: {svg}");
        assert!(!svg.contains('%'), "no unreplaced tokens: {svg}");
    }
}
