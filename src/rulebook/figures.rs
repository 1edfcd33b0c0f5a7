//! The rulebooks' figures: every SVG a game's template places, by file name.
//!
//! [`figures`] is the seam between the rulebooks and the renderers. Cards, tiles and
//! boards come from the modules that print them (`cards`, `yijing_pai_art`,
//! `liubo_art`, `dragons_art`), so the booklet shows exactly what `generate` prints.
//! The diagrams no renderer draws (a pile of hexagrams, a table layout, where a pung
//! goes) are drawn here, plainly, from the core's facts.

use super::{Game, RulebookError, YIJING_EXAMPLES};
use crate::core::hexagram::{Hexagram, Line};
use crate::core::trigram::Trigram;
use crate::games::Game as _;
use crate::games::changing_lines::ChangingLines;
use crate::games::dragons::art as dragons_art;
use crate::games::liubo::art as liubo_art;
use crate::games::liubo::rules as liubo;
use crate::games::yijing_pai::art::{self as yijing_pai_art, TileFace};
use crate::games::yijing_pai::rules::TileKind;
use crate::games::zhi_pai::ZhiPai;
use std::fmt::Write;

pub(crate) const INK: &str = "#1d1d1b";
pub(crate) const ACCENT: &str = "#8c2f1c";
pub(crate) const MUTED: &str = "#6b6b66";
pub(crate) const LIGHT_INK: &str = "#9a948a";
pub(crate) const PAPER: &str = "#fffdf8";
pub(crate) const TINT: &str = "#f3efe6";
pub(crate) const RULE: &str = "#b9b5ab";
const SANS: &str = crate::print::fonts::SANS_STACK;

fn failed(name: &str, e: impl std::fmt::Display) -> RulebookError {
    RulebookError::Figure { name: name.to_string(), message: e.to_string() }
}

/// Every figure a game's rulebook uses: (file name, SVG text).
pub fn figures(game: Game) -> Result<Vec<(String, String)>, RulebookError> {
    fn own(list: Vec<(&'static str, String)>) -> impl Iterator<Item = (String, String)> {
        list.into_iter().map(|(n, s)| (n.to_string(), s))
    }
    let mut out: Vec<(String, String)> = Vec::new();
    match game {
        Game::ChangingLines => out.extend(ChangingLines.figures().map_err(|e| failed("changing-lines", e))?),
        Game::ZhiPai => out.extend(ZhiPai.figures().map_err(|e| failed("zhi-pai", e))?),
        Game::YijingPai => {
            out.extend(own(vec![
                ("cover.svg", yijing_cover()),
                ("table.svg", yijing_table()),
                ("build.svg", yijing_build()),
                ("scoring.svg", yijing_scoring(&YIJING_EXAMPLES)),
            ]));
            for kind in TileKind::ALL {
                let name = format!("tile-{}.svg", kind.key());
                let svg = yijing_pai_art::tile_svg(TileFace::Front(kind)).map_err(|e| failed(&name, e))?;
                out.push((name, svg));
            }
        }
        Game::Liubo => {
            let board = liubo_art::board_svg().map_err(|e| failed("board.svg", e))?;
            out.push(("cover.svg".into(), board.clone()));
            out.push(("board.svg".into(), board));
            out.extend(own(vec![("sticks.svg", liubo_sticks(Trigram::FIRE, Trigram::THUNDER))]));
        }
        Game::Dragons => {
            let list = dragons_art::rulebook_figures().map_err(|e| failed("dragons", e))?;
            out.extend(list.into_iter().map(|(n, s)| (n.to_string(), s)));
        }
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

// --- Yijing Pai ---------------------------------------------------------------------

const TILE_W: f64 = 64.0;
const TILE_H: f64 = 30.0;

#[derive(Clone, Copy, PartialEq)]
enum Tile {
    Yang,
    Yin,
    Taiji,
    Back,
}

fn taiji(svg: &mut Svg, cx: f64, cy: f64, r: f64) {
    svg.circle(cx, cy, r, PAPER, INK, 1.0);
    let _ = writeln!(
        svg.body,
        r#"<path d="M{cx:.2},{top:.2} A{r:.2},{r:.2} 0 0 1 {cx:.2},{bot:.2} A{h:.2},{h:.2} 0 0 1 {cx:.2},{cy:.2} A{h:.2},{h:.2} 0 0 0 {cx:.2},{top:.2} Z" fill="{INK}"/>"#,
        top = cy - r,
        bot = cy + r,
        h = r / 2.0
    );
    svg.circle(cx, cy - r / 2.0, r / 7.0, PAPER, "none", 0.0);
    svg.circle(cx, cy + r / 2.0, r / 7.0, INK, "none", 0.0);
}

fn tile(svg: &mut Svg, kind: Tile, x: f64, y: f64, shade: bool) {
    let fill = match (kind, shade) {
        (Tile::Back, _) => "#6f8f7a",
        (_, true) => TINT,
        _ => PAPER,
    };
    svg.rect(x, y, TILE_W, TILE_H, fill, INK, 1.0, 4.0);
    match kind {
        Tile::Yang => line_bar(svg, Line::Yang, x + 12.0, y + 11.0, TILE_W - 24.0, 8.0, INK),
        Tile::Yin => line_bar(svg, Line::Yin, x + 12.0, y + 11.0, TILE_W - 24.0, 8.0, INK),
        Tile::Taiji => taiji(svg, x + TILE_W / 2.0, y + TILE_H / 2.0, 10.5),
        Tile::Back => {}
    }
}

fn tile_of(c: char) -> Tile {
    if c == '1' { Tile::Yang } else { Tile::Yin }
}

/// A column of tiles, first (inside, line 1) at the bottom; `shade` marks tiles by index.
fn column(svg: &mut Svg, tiles: &[Tile], x: f64, bottom: f64, shade: &[usize]) {
    for (i, t) in tiles.iter().enumerate() {
        let y = bottom - (i as f64 + 1.0) * (TILE_H + 3.0);
        tile(svg, *t, x, y, shade.contains(&i));
    }
}

fn yijing_cover() -> String {
    let mut svg = Svg::new(260.0, 260.0);
    let h = "101101";
    let tiles: Vec<Tile> = h.chars().map(tile_of).collect();
    column(&mut svg, &tiles, 40.0, 230.0, &[]);
    column(&mut svg, &[Tile::Back; 6], 150.0, 230.0, &[]);
    tile(&mut svg, Tile::Taiji, 95.0, 10.0, false);
    svg.finish()
}

fn yijing_table() -> String {
    let mut svg = Svg::new(640.0, 330.0);
    // The wall: two tiers, drawn as a strip of tile backs along the top.
    svg.text(10.0, 16.0, 12.0, "start", INK, "bold", "wall (two tiers)");
    for i in 0..9 {
        let x = 10.0 + i as f64 * (TILE_W * 0.55 + 2.0);
        svg.rect(x, 26.0, TILE_W * 0.55, 16.0, "#6f8f7a", INK, 0.8, 2.0);
        svg.rect(x + 2.0, 22.0, TILE_W * 0.55, 16.0, "#7f9f8a", INK, 0.8, 2.0);
    }
    let bottom = 290.0;
    column(&mut svg, &[Tile::Back; 6], 20.0, bottom, &[]);
    svg.text(52.0, bottom + 18.0, 11.0, "middle", MUTED, "normal", "hidden hexagram");
    let first: Vec<Tile> = "011010".chars().map(tile_of).collect();
    let second: Vec<Tile> = "1101".chars().map(tile_of).collect();
    column(&mut svg, &first, 120.0, bottom, &[]);
    column(&mut svg, &second, 200.0, bottom, &[]);
    svg.text(192.0, bottom + 18.0, 11.0, "middle", MUTED, "normal", "hexagrams laid, left to right");
    tile(&mut svg, Tile::Back, 330.0, bottom - 33.0, false);
    tile(&mut svg, Tile::Back, 400.0, bottom - 33.0, false);
    svg.text(397.0, bottom + 18.0, 11.0, "middle", MUTED, "normal", "your hand: two tiles");
    // Inside and outside.
    svg.line(560.0, bottom, 560.0, bottom - 190.0, ACCENT, 1.4);
    let _ = writeln!(
        svg.body,
        r#"<path d="M560,{:.1} L556,{:.1} L564,{:.1} Z" fill="{ACCENT}"/>"#,
        bottom - 196.0,
        bottom - 186.0,
        bottom - 186.0
    );
    svg.text(570.0, bottom - 180.0, 11.0, "start", ACCENT, "normal", "outside 外");
    svg.text(570.0, bottom, 11.0, "start", ACCENT, "normal", "inside 内");
    svg.text(320.0, bottom + 36.0, 13.0, "middle", INK, "bold", "you sit here");
    svg.finish()
}

fn yijing_build() -> String {
    let mut svg = Svg::new(600.0, 200.0);
    let bottom = 160.0;
    let y = Tile::Yang;
    let n = Tile::Yin;
    // The first pair: yin inside, yang outside.
    let panels: [(&str, Vec<Tile>, Vec<usize>); 4] = [
        ("response", vec![n, y, y, n], vec![0, 1]),
        ("yin pung, outside", vec![n, y, n, n], vec![0, 1]),
        ("yin pung, inside", vec![n, n, n, y], vec![2, 3]),
        ("yang pung", vec![y, n, y, y], vec![1, 2]),
    ];
    for (i, (title, tiles, shade)) in panels.iter().enumerate() {
        let x = 30.0 + i as f64 * 150.0;
        column(&mut svg, tiles, x, bottom, shade);
        svg.text(x + TILE_W / 2.0, bottom + 24.0, 12.0, "middle", INK, "bold", title);
    }
    svg.finish()
}

fn yijing_scoring(examples: &[&str]) -> String {
    let mut svg = Svg::new(300.0, 260.0);
    for (i, s) in examples.iter().enumerate() {
        let h = Hexagram::from_line_string(s).expect("six line characters");
        let tiles: Vec<Tile> = s.chars().map(tile_of).collect();
        let x = 30.0 + i as f64 * 150.0;
        column(&mut svg, &tiles, x, 210.0, &[]);
        let points = crate::games::yijing_pai::rules::hexagram_points(h);
        svg.text(x + TILE_W / 2.0, 236.0, 14.0, "middle", ACCENT, "bold", &format!("{points} points"));
    }
    svg.finish()
}

// --- Liubo --------------------------------------------------------------------------

fn liubo_sticks(left: Trigram, right: Trigram) -> String {
    let mut svg = Svg::new(450.0, 150.0);
    for (g, t) in [left, right].iter().enumerate() {
        let x = 20.0 + g as f64 * 210.0;
        for i in 0..3 {
            let y = 80.0 - i as f64 * 30.0;
            let flat = t.bits() >> i & 1 == 1;
            if flat {
                svg.rect(x, y, 160.0, 16.0, "#ead9b0", INK, 1.2, 3.0);
                svg.text(x + 170.0, y + 12.0, 10.0, "start", MUTED, "normal", "flat");
            } else {
                svg.rect(x, y, 160.0, 16.0, "#a8814f", INK, 1.2, 8.0);
                svg.line(x + 8.0, y + 5.0, x + 152.0, y + 5.0, "#c9a678", 2.0);
                svg.text(x + 170.0, y + 12.0, 10.0, "start", MUTED, "normal", "round");
            }
        }
        let yang = t.bits().count_ones();
        svg.text(
            x + 80.0,
            130.0,
            13.0,
            "middle",
            ACCENT,
            "bold",
            &format!("{} yang → {}", yang, liubo::group_score(*t)),
        );
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
