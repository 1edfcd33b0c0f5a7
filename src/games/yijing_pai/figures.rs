//! The yijing pai rulebook's figures, drawn from the rules.

use super::art::{self, TileFace};
use super::rulebook::*;
use super::rules::{self as yijing_pai, TileKind};
use crate::core::hexagram::{Hexagram, Line};
use crate::games::ArtError;
use crate::games::Figure;
use crate::rulebook::figures::{ACCENT, INK, MUTED, PAPER, Svg, TILE_BACK, TILE_BACK_LIGHT, TINT, line_bar, paint};
use std::fmt::Write;

/// The rulebook's figures: the table diagrams, then each tile front as printed.
pub fn figures() -> Result<Vec<Figure>, ArtError> {
    let mut out: Vec<Figure> = paint(vec![
        ("cover.svg".into(), cover()),
        ("table.svg".into(), table()),
        ("build.svg".into(), build()),
        ("scoring.svg".into(), scoring(&EXAMPLES)),
    ])?;
    for kind in TileKind::ALL {
        out.push((format!("tile-{}.svg", kind.key()), art::tile_svg(TileFace::Front(kind))?));
    }
    Ok(out)
}

// --- Diagrams: tiles seen from above, 64 × 30 units -----------------------------------

const TILE_W: f64 = 64.0;
const TILE_H: f64 = 30.0;
/// The colour of a tile's back, in the diagrams.
const BACK: &str = TILE_BACK;

const YANG: TileFace = TileFace::Front(TileKind::Yang);
const YIN: TileFace = TileFace::Front(TileKind::Yin);
const TAIJI: TileFace = TileFace::Front(TileKind::Taiji);

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

fn tile(svg: &mut Svg, face: TileFace, x: f64, y: f64, shade: bool) {
    let fill = match (face, shade) {
        (TileFace::Back, _) => BACK,
        (_, true) => TINT,
        _ => PAPER,
    };
    svg.rect(x, y, TILE_W, TILE_H, fill, INK, 1.0, 4.0);
    match face {
        TileFace::Front(TileKind::Yang) => line_bar(svg, Line::Yang, x + 12.0, y + 11.0, TILE_W - 24.0, 8.0, INK),
        TileFace::Front(TileKind::Yin) => line_bar(svg, Line::Yin, x + 12.0, y + 11.0, TILE_W - 24.0, 8.0, INK),
        TileFace::Front(TileKind::Taiji) => taiji(svg, x + TILE_W / 2.0, y + TILE_H / 2.0, 10.5),
        TileFace::Back => {}
    }
}

/// The tiles of a line string, `1` yang and `0` yin, line 1 first.
fn tiles_of(lines: &str) -> Vec<TileFace> {
    lines.chars().map(|c| if c == '1' { YANG } else { YIN }).collect()
}

/// A column of tiles, first (inside, line 1) at the bottom; `shade` marks tiles by index.
fn column(svg: &mut Svg, tiles: &[TileFace], x: f64, bottom: f64, shade: &[usize]) {
    for (i, t) in tiles.iter().enumerate() {
        let y = bottom - (i as f64 + 1.0) * (TILE_H + 3.0);
        tile(svg, *t, x, y, shade.contains(&i));
    }
}

fn cover() -> String {
    let mut svg = Svg::new(260.0, 260.0);
    column(&mut svg, &tiles_of("101101"), 40.0, 230.0, &[]);
    column(&mut svg, &[TileFace::Back; 6], 150.0, 230.0, &[]);
    tile(&mut svg, TAIJI, 95.0, 10.0, false);
    svg.finish()
}

fn table() -> String {
    let mut svg = Svg::new(640.0, 330.0);
    // The wall: two tiers, drawn as a strip of tile backs along the top.
    svg.text(10.0, 16.0, 12.0, "start", INK, "bold", "wall (two tiers)");
    for i in 0..9 {
        let x = 10.0 + i as f64 * (TILE_W * 0.55 + 2.0);
        svg.rect(x, 26.0, TILE_W * 0.55, 16.0, BACK, INK, 0.8, 2.0);
        svg.rect(x + 2.0, 22.0, TILE_W * 0.55, 16.0, TILE_BACK_LIGHT, INK, 0.8, 2.0);
    }
    let bottom = 290.0;
    column(&mut svg, &[TileFace::Back; 6], 20.0, bottom, &[]);
    svg.text(52.0, bottom + 18.0, 11.0, "middle", MUTED, "normal", "hidden hexagram");
    column(&mut svg, &tiles_of("011010"), 120.0, bottom, &[]);
    column(&mut svg, &tiles_of("1101"), 200.0, bottom, &[]);
    svg.text(192.0, bottom + 18.0, 11.0, "middle", MUTED, "normal", "hexagrams laid, left to right");
    tile(&mut svg, TileFace::Back, 330.0, bottom - 33.0, false);
    tile(&mut svg, TileFace::Back, 400.0, bottom - 33.0, false);
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

fn build() -> String {
    let mut svg = Svg::new(600.0, 200.0);
    let bottom = 160.0;
    // The first pair: yin inside, yang outside.
    let panels: [(&str, &str, Vec<usize>); 4] = [
        ("response", RESPONSE, vec![0, 1]),
        ("yin pung, outside", "0100", vec![0, 1]),
        ("yin pung, inside", "0001", vec![2, 3]),
        ("yang pung", YANG_PUNG, vec![1, 2]),
    ];
    for (i, (title, lines, shade)) in panels.iter().enumerate() {
        let x = 30.0 + i as f64 * 150.0;
        column(&mut svg, &tiles_of(lines), x, bottom, shade);
        svg.text(x + TILE_W / 2.0, bottom + 24.0, 12.0, "middle", INK, "bold", title);
    }
    svg.finish()
}

fn scoring(examples: &[&str]) -> String {
    let mut svg = Svg::new(300.0, 260.0);
    for (i, s) in examples.iter().enumerate() {
        let h = Hexagram::from_line_string(s).expect("six line characters");
        let x = 30.0 + i as f64 * 150.0;
        column(&mut svg, &tiles_of(s), x, 210.0, &[]);
        let points = yijing_pai::hexagram_points(h);
        svg.text(x + TILE_W / 2.0, 236.0, 14.0, "middle", ACCENT, "bold", &format!("{points} points"));
    }
    svg.finish()
}
