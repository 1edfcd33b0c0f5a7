//! The small diagrams of the rulebooks that no card, tile or board renderer draws (a pile
//! of hexagrams, a table layout, where a pung goes): a minimal SVG writer and the rulebook
//! palette, used by the games' `rulebook.rs`. Cards, tiles and boards in the books come
//! from the renderers that print them, so the booklet shows what `generate` prints.
//!
//! The palette lives in `templates/style.json` (`figures`): the constants below are
//! role tokens such as `%ink%` that [`paint`] replaces with the style sheet's colours
//! once a game's figures are drawn, so a designer recolours them without recompiling.

use crate::core::hexagram::{Hexagram, Line};
use crate::print::template::{self, TemplateError};
use std::fmt::Write;

pub(crate) const INK: &str = "%ink%";
pub(crate) const ACCENT: &str = "%accent%";
pub(crate) const MUTED: &str = "%muted%";
pub(crate) const LIGHT_INK: &str = "%light_ink%";
pub(crate) const PAPER: &str = "%paper%";
pub(crate) const TINT: &str = "%tint%";
pub(crate) const RULE: &str = "%rule%";
/// The colour of a tile's back.
pub(crate) const TILE_BACK: &str = "%tile_back%";
/// A lighter tile back, for the tile on top of a pile.
pub(crate) const TILE_BACK_LIGHT: &str = "%tile_back_light%";
/// A flat stick's face.
pub(crate) const STICK_FLAT: &str = "%stick_flat%";
/// A round stick's face.
pub(crate) const STICK_ROUND: &str = "%stick_round%";
/// The grain line on a round stick.
pub(crate) const STICK_GRAIN: &str = "%stick_grain%";
/// The font stack, from the style sheet's `fonts.sans`.
const SANS: &str = "%sans%";

/// Replaces the role tokens in each figure by the style sheet's colours
/// (`figures.<role>`) and font stack (`fonts.sans`); an unknown token is an error.
pub(crate) fn paint(figures: Vec<(String, String)>) -> Result<Vec<(String, String)>, TemplateError> {
    let sheet = template::style()?;
    let lookup = |role: &str| -> Result<String, TemplateError> {
        let path: [&str; 2] = if role == "sans" { ["fonts", "sans"] } else { ["figures", role] };
        sheet[path[0]][path[1]].as_str().map(str::to_string).ok_or_else(|| TemplateError::Style {
            path: template::STYLE_FILE.into(),
            message: format!("no text value at {}", path.join(".")),
        })
    };
    figures
        .into_iter()
        .map(|(name, svg)| {
            let mut out = String::with_capacity(svg.len());
            let mut rest = svg.as_str();
            while let Some(start) = rest.find('%') {
                out.push_str(&rest[..start]);
                let after = &rest[start + 1..];
                match after.find('%') {
                    Some(end) if end > 0 && after[..end].bytes().all(|b| b.is_ascii_lowercase() || b == b'_') => {
                        out.push_str(&lookup(&after[..end])?);
                        rest = &after[end + 1..];
                    }
                    _ => {
                        out.push('%');
                        rest = after;
                    }
                }
            }
            out.push_str(rest);
            Ok((name, out))
        })
        .collect()
}

// --- A tiny SVG writer ---------------------------------------------------------------

pub(crate) struct Svg {
    w: f64,
    h: f64,
    pub(crate) body: String,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

impl Svg {
    pub(crate) fn new(w: f64, h: f64) -> Svg {
        Svg { w, h, body: String::new() }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str, sw: f64, rx: f64) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" rx="{rx:.2}" fill="{fill}" stroke="{stroke}" stroke-width="{sw:.2}"/>"#
        );
    }

    pub(crate) fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, sw: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" stroke="{stroke}" stroke-width="{sw:.2}" stroke-linecap="round"/>"#
        );
    }

    pub(crate) fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: &str, sw: f64) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{cx:.2}" cy="{cy:.2}" r="{r:.2}" fill="{fill}" stroke="{stroke}" stroke-width="{sw:.2}"/>"#
        );
    }

    /// Text; `anchor` is start, middle or end; `weight` normal or bold.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn text(&mut self, x: f64, y: f64, size: f64, anchor: &str, fill: &str, weight: &str, s: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.2}" y="{y:.2}" font-family="{SANS}" font-size="{size:.2}" text-anchor="{anchor}" fill="{fill}" font-weight="{weight}">{}</text>"#,
            esc(s)
        );
    }

    pub(crate) fn group(&mut self, transform: &str, inner: Svg) {
        let _ = writeln!(self.body, r#"<g transform="{transform}">"#);
        self.body.push_str(&inner.body);
        self.body.push_str("</g>\n");
    }

    pub(crate) fn finish(self) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.2} {h:.2}">
{body}</svg>
"#,
            w = self.w,
            h = self.h,
            body = self.body
        )
    }
}

/// Draws one line, solid or broken, from `x` with width `w`.
pub(crate) fn line_bar(svg: &mut Svg, line: Line, x: f64, y: f64, w: f64, t: f64, fill: &str) {
    match line {
        Line::Yang => svg.rect(x, y, w, t, fill, "none", 0.0, t * 0.12),
        Line::Yin => {
            let gap = w * 0.16;
            let half = (w - gap) / 2.0;
            svg.rect(x, y, half, t, fill, "none", 0.0, t * 0.12);
            svg.rect(x + half + gap, y, half, t, fill, "none", 0.0, t * 0.12);
        }
    }
}

#[allow(clippy::too_many_arguments)]
/// Draws a hexagram with its top line at `y`; returns the y of each line, line 1 first.
pub(crate) fn hexagram_at(
    svg: &mut Svg,
    h: Hexagram,
    x: f64,
    y: f64,
    w: f64,
    t: f64,
    pitch: f64,
    fill: &str,
) -> [f64; 6] {
    let mut ys = [0.0; 6];
    for (i, line) in h.lines().iter().enumerate() {
        let ly = y + (5 - i) as f64 * pitch;
        ys[i] = ly;
        line_bar(svg, *line, x, ly, w, t, fill);
    }
    ys
}

pub(crate) fn arrow(svg: &mut Svg, x1: f64, y: f64, x2: f64, colour: &str) {
    svg.line(x1, y, x2 - 4.0, y, colour, 1.4);
    let _ = writeln!(
        svg.body,
        r#"<path d="M{:.2},{:.2} L{:.2},{:.2} L{:.2},{:.2} Z" fill="{colour}"/>"#,
        x2,
        y,
        x2 - 7.0,
        y - 3.5,
        x2 - 7.0,
        y + 3.5
    );
}
