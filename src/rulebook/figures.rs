//! The rulebooks' figures: every SVG a game's template places, by file name.
//!
//! [`figures`] is the seam between the rulebooks and the renderers. Cards, tiles and
//! boards come from the modules that print them (`cards`, `yijing_pai_art`,
//! `liubo_art`, the Dragons folder), so the booklet shows exactly what `generate` prints.
//! The diagrams no renderer draws (a pile of hexagrams, a table layout, where a pung
//! goes) are drawn here, plainly, from the core's facts.

use super::{EXAMPLE_CARD, Game, OPPOSITES_EXAMPLE, RulebookError, ZHI_PAI_SEQUENCE};
use crate::cards::{self, Face, Lang, PlayerSet, TrigramFace};
use crate::core::hexagram::{Hexagram, Line};
use crate::core::trigram::Trigram;
use crate::games::Game as _;
use std::fmt::Write;

pub(crate) const INK: &str = "#1d1d1b";
pub(crate) const ACCENT: &str = "#8c2f1c";
pub(crate) const MUTED: &str = "#6b6b66";
const LIGHT_INK: &str = "#9a948a";
pub(crate) const PAPER: &str = "#fffdf8";
pub(crate) const TINT: &str = "#f3efe6";
const RULE: &str = "#b9b5ab";
const SANS: &str = crate::print::fonts::SANS_STACK;

fn failed(name: &str, e: impl std::fmt::Display) -> RulebookError {
    RulebookError::Figure { name: name.to_string(), message: e.to_string() }
}

/// A card face as the card renderer prints it (69 × 94 mm, bleed included).
fn card(deck: cards::Deck, face: Face, name: &str) -> Result<(String, String), RulebookError> {
    Ok((name.to_string(), cards::card_svg(deck, &face, Lang::En).map_err(|e| failed(name, e))?))
}

/// Every figure a game's rulebook uses: (file name, SVG text).
pub fn figures(game: Game) -> Result<Vec<(String, String)>, RulebookError> {
    fn own(list: Vec<(&'static str, String)>) -> impl Iterator<Item = (String, String)> {
        list.into_iter().map(|(n, s)| (n.to_string(), s))
    }
    let mut out: Vec<(String, String)> = Vec::new();
    match game {
        Game::ChangingLines => {
            let path: Vec<u8> = super::pathways_example().iter().map(|l| l.hexagram.number()).collect();
            out.extend(own(vec![
                ("cover.svg", hexagram_grid()),
                ("opposites.svg", opposites(OPPOSITES_EXAMPLE)),
                ("pathways-example.svg", pathway(&path)),
            ]));
            out.push(card(cards::Deck::ChangingLines, Face::Card(hex(EXAMPLE_CARD)), "card.svg")?);
        }
        Game::ZhiPai => {
            out.extend(own(vec![("setup.svg", zhipai_setup(ZHI_PAI_SEQUENCE[0]))]));
            for n in ZHI_PAI_SEQUENCE {
                out.push(card(cards::Deck::ZhiPai, Face::Card(hex(n)), &format!("card-{n}.svg"))?);
            }
            for active in [true, false] {
                let face = Face::Trigram(TrigramFace { set: PlayerSet::One, trigram: Trigram::WATER, active });
                let name = if active { "trigram-active.svg" } else { "trigram-inactive.svg" };
                out.push(card(cards::Deck::ZhiPai, face, name)?);
            }
        }
        Game::YijingPai => {
            out.extend(crate::games::yijing_pai::YijingPai.figures().map_err(|e| failed("yijing-pai", e))?)
        }
        Game::Liubo => out.extend(crate::games::liubo::Liubo.figures().map_err(|e| failed("liubo", e))?),
        Game::Dragons => out.extend(crate::games::dragons::Dragons.figures().map_err(|e| failed("dragons", e))?),
    }
    Ok(out)
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

    fn group(&mut self, transform: &str, inner: Svg) {
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

fn hex(n: u8) -> Hexagram {
    Hexagram::from_number(i64::from(n)).expect("figures use numbers 1..=64")
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
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
fn hexagram_at(svg: &mut Svg, h: Hexagram, x: f64, y: f64, w: f64, t: f64, pitch: f64, fill: &str) -> [f64; 6] {
    let mut ys = [0.0; 6];
    for (i, line) in h.lines().iter().enumerate() {
        let ly = y + (5 - i) as f64 * pitch;
        ys[i] = ly;
        line_bar(svg, *line, x, ly, w, t, fill);
    }
    ys
}

fn arrow(svg: &mut Svg, x1: f64, y: f64, x2: f64, colour: &str) {
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

// --- Changing Lines -----------------------------------------------------------------

fn hexagram_grid() -> String {
    let (cw, ch) = (56.0, 66.0);
    let mut svg = Svg::new(cw * 8.0, ch * 8.0);
    for h in Hexagram::all() {
        let i = f64::from(h.number() - 1);
        let (col, row) = (i % 8.0, (i / 8.0).floor());
        let (x, y) = (col * cw + 12.0, row * ch + 8.0);
        let special = h.is_double() || h.is_mirror();
        let fill = if special { ACCENT } else { INK };
        hexagram_at(&mut svg, h, x, y, 32.0, 4.2, 7.0, fill);
        svg.text(x + 16.0, y + 54.0, 9.0, "middle", MUTED, "normal", &h.number().to_string());
    }
    svg.finish()
}

fn labelled_hexagram(svg: &mut Svg, h: Hexagram, cx: f64, y: f64, title: &str, highlight: &[usize]) {
    let w = 70.0;
    let ys = hexagram_at(svg, h, cx - w / 2.0, y, w, 9.0, 15.0, INK);
    for &i in highlight {
        svg.circle(cx + w / 2.0 + 10.0, ys[i] + 4.5, 3.0, ACCENT, "none", 0.0);
    }
    svg.text(cx, y + 112.0, 14.0, "middle", ACCENT, "bold", title);
    svg.text(cx, y + 130.0, 14.0, "middle", INK, "bold", &h.number().to_string());
    svg.text(cx, y + 147.0, 12.0, "middle", MUTED, "normal", h.names().en);
}

fn opposites(n: u8) -> String {
    let h = hex(n);
    let mut svg = Svg::new(640.0, 170.0);
    labelled_hexagram(&mut svg, h, 80.0, 8.0, "start", &[]);
    labelled_hexagram(&mut svg, h.complement(), 240.0, 8.0, "complement", &[0, 1, 2, 3, 4, 5]);
    labelled_hexagram(&mut svg, h.inverse(), 400.0, 8.0, "inverse", &[]);
    labelled_hexagram(&mut svg, h.swapped(), 560.0, 8.0, "trigram swap", &[]);
    svg.line(160.0, 10.0, 160.0, 150.0, RULE, 1.0);
    svg.finish()
}

fn pathway(path: &[u8]) -> String {
    let step = 150.0;
    let mut svg = Svg::new(step * path.len() as f64 - 40.0, 160.0);
    for (i, &n) in path.iter().enumerate() {
        let h = hex(n);
        let cx = 55.0 + i as f64 * step;
        let changed = path
            .get(i.wrapping_sub(1))
            .filter(|_| i > 0)
            .map(|&p| hex(p).differing_lines(h).iter().map(|l| usize::from(l.get()) - 1).collect())
            .unwrap_or_else(Vec::new);
        labelled_hexagram(&mut svg, h, cx, 6.0, if i == 0 { "start" } else { "" }, &changed);
        if i + 1 < path.len() {
            let next = hex(path[i + 1]);
            let line = h.differing_lines(next)[0].get();
            arrow(&mut svg, cx + 58.0, 50.0, cx + step - 58.0, ACCENT);
            svg.text(cx + step / 2.0, 40.0, 12.0, "middle", ACCENT, "normal", &format!("line {line}"));
        }
    }
    svg.finish()
}

// --- Zhi Pai ------------------------------------------------------------------------

/// A Zhi Pai hexagram card, 63 × 88 units × 2.
fn zhipai_card(n: u8, faded: bool) -> Svg {
    let (w, h) = (126.0, 176.0);
    let hx = hex(n);
    let c = hx.complement();
    let ink = if faded { LIGHT_INK } else { INK };
    let mut svg = Svg::new(w, h);
    svg.rect(1.0, 1.0, w - 2.0, h - 2.0, PAPER, ink, 1.5, 8.0);
    svg.text(10.0, 22.0, 15.0, "start", ink, "bold", &n.to_string());
    hexagram_at(&mut svg, hx, 28.0, 42.0, 70.0, 8.0, 14.0, ink);
    svg.text(w / 2.0, 140.0, 10.5, "middle", ink, "normal", hx.names().en);
    // The complement, small, bottom right.
    hexagram_at(&mut svg, c, w - 34.0, 150.0, 20.0, 2.4, 3.6, LIGHT_INK);
    svg.text(w - 40.0, 170.0, 9.0, "end", LIGHT_INK, "normal", &c.number().to_string());
    svg
}

fn trigram_card(t: Trigram, active: bool) -> Svg {
    let (w, h) = (54.0, 76.0);
    let mut svg = Svg::new(w, h);
    if active {
        svg.rect(1.0, 1.0, w - 2.0, h - 2.0, PAPER, INK, 1.2, 5.0);
        let lines: Vec<Line> = (0..3).map(|i| if t.bits() >> i & 1 == 1 { Line::Yang } else { Line::Yin }).collect();
        for (i, l) in lines.iter().enumerate() {
            line_bar(&mut svg, *l, 12.0, 38.0 - i as f64 * 11.0, 30.0, 6.0, INK);
        }
        svg.text(w / 2.0, 64.0, 9.0, "middle", INK, "normal", &cap(t.name()));
    } else {
        svg.rect(1.0, 1.0, w - 2.0, h - 2.0, TINT, RULE, 1.2, 5.0);
        svg.text(w / 2.0, 42.0, 9.0, "middle", MUTED, "normal", &cap(t.name()));
    }
    svg
}

fn zhipai_setup(n: u8) -> String {
    let mut svg = Svg::new(760.0, 430.0);
    let start = hex(n);
    svg.text(10.0, 16.0, 13.0, "start", INK, "bold", "Your chain");
    svg.group("translate(10 26)", zhipai_card(n, false));
    for i in 0..4 {
        let x = 150.0 + i as f64 * 126.0;
        let _ = writeln!(
            svg.body,
            r#"<rect x="{x:.1}" y="27" width="112" height="174" rx="8" fill="none" stroke="{RULE}" stroke-width="1.2" stroke-dasharray="5 4"/>"#
        );
    }
    svg.text(380.0, 220.0, 11.0, "middle", MUTED, "normal", "new cards go at the two inner ends");
    svg.group("translate(624 26)", zhipai_card(start.complement().number(), false));
    svg.text(70.0, 220.0, 11.0, "middle", MUTED, "normal", "start (left)");
    svg.text(688.0, 220.0, 11.0, "middle", MUTED, "normal", "complement (right)");
    svg.text(10.0, 250.0, 13.0, "start", INK, "bold", "Your trigram cards (all inactive at the start)");
    for (i, t) in Trigram::ALL.iter().enumerate() {
        svg.group(&format!("translate({} 260)", 10.0 + i as f64 * 60.0), trigram_card(*t, false));
    }
    svg.text(500.0, 250.0, 13.0, "start", INK, "bold", "Draw pile");
    svg.rect(500.0, 260.0, 60.0, 84.0, TINT, INK, 1.2, 5.0);
    svg.rect(504.0, 256.0, 60.0, 84.0, TINT, INK, 1.2, 5.0);
    svg.text(10.0, 366.0, 13.0, "start", INK, "bold", "Common Zone: six cards face up");
    for (i, m) in [3u8, 50, 6, 22, 40, 55].iter().enumerate() {
        let x = 10.0 + i as f64 * 62.0;
        svg.rect(x, 374.0, 54.0, 50.0, PAPER, INK, 1.0, 4.0);
        hexagram_at(&mut svg, hex(*m), x + 12.0, 378.0, 22.0, 3.0, 5.5, INK);
        svg.text(x + 46.0, 418.0, 9.0, "end", MUTED, "normal", &m.to_string());
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_is_well_formed_svg() {
        for game in Game::ALL {
            for (name, svg) in figures(game).unwrap() {
                let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{game} {name}: {e}"));
                assert_eq!(doc.root_element().tag_name().name(), "svg", "{game} {name}");
            }
        }
    }
}
