//! Dragons of the Ba-Gua's two boards as SVG: the board of human (9 × 9 squares, bare or
//! with a scenario's tiles) and the board of Ba-Gua (the wheel of the eight trigrams,
//! empty or set up), laid out in millimetres and drawn through
//! `templates/dragons/board-human.svg.j2` and `board-bagua.svg.j2`.
//!
//! Sizes: a square of the board of human is [`CELL_MM`] (25 mm) and a tile [`TILE_MM`]
//! (24 mm, so it sits inside its square). The board of human is 9 × 9 squares in a 12 mm
//! frame, 249 mm square: larger than A4 and Letter, so it is printed over two pages and on
//! one A3 or Tabloid sheet ([`super::sheets`]). The board of Ba-Gua is 184 × 250 mm and
//! fits on one page of either paper.

use super::components::ComponentFace;
use super::pieces::{CELL_MM, COIN_MM, Piece, PieceKind, STONE_MM, TILE_MM};
use crate::games::ArtError;
use crate::print::template;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::dragons::rules::{
    BOARD_SIZE, Cell, Direction, Dragon, DragonBody, FIRE_STONES, LIFE_MAX, SegmentFace, element_name,
};
use hexforge_rules::dragons::scenarios::{Scenario, setup_lines};
use hexforge_rules::dragons::wheel::{WHEEL, starting_wheel};
use serde::Serialize;
use serde_json::{Value, json};
use std::f32::consts::PI;

/// Frame around the grid of the board of human, mm.
pub const BOARD_MARGIN_MM: f32 = 12.0;
/// Width and height of the board of Ba-Gua, mm.
pub const BAGUA_MM: (f32, f32) = (184.0, 250.0);

/// Side of the board of human, frame included, mm.
pub fn board_side_mm() -> f32 {
    2.0 * BOARD_MARGIN_MM + f32::from(BOARD_SIZE) * CELL_MM
}

// ---------------------------------------------------------------------------------------
// Board of human

#[derive(Debug, Clone, Serialize)]
struct GridCell {
    x: f32,
    y: f32,
    w: f32,
    name: String,
    shade: bool,
}

#[derive(Debug, Clone, Serialize)]
struct Label {
    x: f32,
    y: f32,
    text: String,
    rotate: f32,
    size: f32,
    weight: &'static str,
}

/// Centre of a square, board-relative mm (row 1 at the bottom).
pub fn cell_centre(c: Cell) -> (f32, f32) {
    let n = f32::from(BOARD_SIZE);
    let x = BOARD_MARGIN_MM + (f32::from(c.col()) + 0.5) * CELL_MM;
    let y = BOARD_MARGIN_MM + (n - 1.0 - f32::from(c.row()) + 0.5) * CELL_MM;
    (x, y)
}

/// Clockwise quarter turns that take the drawn curve (bottom and right edges) onto the
/// two edges `a` and `b`.
pub(super) fn curve_turns(a: Direction, b: Direction) -> u8 {
    let want = [a.quarter_turns(), b.quarter_turns()];
    (0..4)
        .find(|k| {
            let s = (Direction::South.quarter_turns() + k) % 4;
            let e = (Direction::East.quarter_turns() + k) % 4;
            want.contains(&s) && want.contains(&e)
        })
        .expect("a curve joins two neighbouring edges")
}

/// The tiles of a dragon as pieces, with the face and turn each needs to stay joined.
pub fn dragon_pieces(body: &DragonBody, centre: impl Fn(Cell) -> (f32, f32)) -> Vec<Piece> {
    body.poses()
        .into_iter()
        .map(|pose| {
            let (kind, face, turns) = match pose.face {
                None => (PieceKind::Head, ComponentFace::Alive, pose.front.quarter_turns()),
                Some(SegmentFace::Straight) => {
                    (PieceKind::Segment, ComponentFace::Straight, pose.front.quarter_turns() % 2)
                }
                Some(SegmentFace::Curve) => (
                    PieceKind::Segment,
                    ComponentFace::Curve,
                    curve_turns(pose.front, pose.back.expect("a curve has two ends")),
                ),
            };
            let (x, y) = centre(pose.cell);
            let mut p = Piece::dragon_tile(kind, face, body.dragon).at(x, y);
            p.rotate = f32::from(turns) * 90.0;
            p.cell = Some(pose.cell.to_string());
            p
        })
        .collect()
}

/// Every tile a scenario puts on the board, board-relative.
pub fn scenario_pieces(s: &Scenario) -> Vec<Piece> {
    let mut out: Vec<Piece> = s.dragons.iter().flat_map(|d| dragon_pieces(d, cell_centre)).collect();
    if let Some(rock) = s.rock {
        let (x, y) = cell_centre(rock);
        let mut p = Piece::new(PieceKind::Rock, ComponentFace::Plain, TILE_MM).at(x, y);
        p.cell = Some(rock.to_string());
        out.push(p);
    }
    for portal in &s.portals {
        let (x, y) = cell_centre(portal.cell);
        let mut p = Piece::portal(portal.colour, ComponentFace::Free).at(x, y);
        p.cell = Some(portal.cell.to_string());
        out.push(p);
    }
    out
}

fn board_labels() -> Vec<Label> {
    let s = board_side_mm();
    let m = BOARD_MARGIN_MM;
    let n = BOARD_SIZE;
    let mut v = Vec::new();
    let label = |x, y, text: String, rotate, size, weight| Label { x, y, text, rotate, size, weight };
    for i in 0..n {
        let letter = char::from(b'a' + i).to_string();
        let c = m + (f32::from(i) + 0.5) * CELL_MM;
        v.push(label(c, s - m + 4.4, letter.clone(), 0.0, 4.0, "bold"));
        v.push(label(c, m - 4.4, letter, 180.0, 4.0, "bold"));
        let number = (i + 1).to_string();
        let y = m + (f32::from(n - 1 - i) + 0.5) * CELL_MM;
        v.push(label(m - 4.4, y, number.clone(), 0.0, 4.0, "bold"));
        v.push(label(s - m + 4.4, y, number, 180.0, 4.0, "bold"));
    }
    let side = |d: Dragon| {
        format!(
            "{} {} · THE {} DRAGON'S SIDE · ↔ HORIZONTAL AXIS",
            d.chinese(),
            d.name().to_uppercase(),
            d.key().to_uppercase()
        )
    };
    v.push(label(s / 2.0, s - 2.4, side(Dragon::Earth), 0.0, 2.3, "normal"));
    v.push(label(s / 2.0, 2.4, side(Dragon::Sky), 180.0, 2.3, "normal"));
    let vertical = "↕ VERTICAL AXIS · BETWEEN THE PLAYERS".to_string();
    v.push(label(2.6, s / 2.0, vertical.clone(), -90.0, 2.3, "normal"));
    v.push(label(s - 2.6, s / 2.0, vertical, 90.0, 2.3, "normal"));
    v
}

/// Where a board is drawn inside a print page: its top left corner and its size there,
/// in the page's millimetres. The board's template writes it on its root `<svg>`, so the
/// board nests in the page as it is.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Placement {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

/// What frames the board of human: a margin (`pad`) round it, room above it (`top`) for
/// a title, the setup in words below it, and the size of the whole.
struct HumanFrame {
    pad: f32,
    top: f32,
    legend: Vec<String>,
    width: f32,
    height: f32,
}

impl HumanFrame {
    fn new(scenario: Option<&Scenario>, framed: bool) -> HumanFrame {
        let s = board_side_mm();
        let (pad, header_h): (f32, f32) = if framed { (8.0, 22.0) } else { (0.0, 0.0) };
        let legend = match (scenario, framed) {
            (Some(sc), true) => setup_lines(sc),
            _ => Vec::new(),
        };
        let legend_h = if legend.is_empty() { pad } else { 6.0 + 5.0 * legend.len() as f32 };
        let top = header_h.max(pad);
        HumanFrame { pad, top, width: s + 2.0 * pad, height: top + s + legend_h, legend }
    }
}

/// Width and height of [`board_human_svg`] with the same arguments, mm.
pub fn board_human_size_mm(scenario: Option<&Scenario>, framed: bool) -> (f32, f32) {
    let frame = HumanFrame::new(scenario, framed);
    (frame.width, frame.height)
}

/// The board of human as SVG: bare (`scenario` none) or with a scenario's tiles. With
/// `framed`, a title above and the setup in words below (the standalone setup sheet).
pub fn board_human_svg(scenario: Option<&Scenario>, framed: bool) -> Result<String, ArtError> {
    human_svg(scenario, framed, None, false)
}

/// The bare board of human for the play page: each square's centre written on it
/// (`data-x`, `data-y`) and an empty layer for the tiles, which the page places. The
/// printed board never carries these marks.
pub fn board_human_screen_svg() -> Result<String, ArtError> {
    human_svg(None, false, None, true)
}

/// [`board_human_svg`] placed inside a print page (see [`Placement`]).
pub fn board_human_svg_placed(scenario: Option<&Scenario>, framed: bool, place: Placement) -> Result<String, ArtError> {
    human_svg(scenario, framed, Some(place), false)
}

fn human_svg(
    scenario: Option<&Scenario>,
    framed: bool,
    place: Option<Placement>,
    screen: bool,
) -> Result<String, ArtError> {
    let s = board_side_mm();
    let m = BOARD_MARGIN_MM;
    let n = BOARD_SIZE;
    let cells: Vec<GridCell> = (0..n)
        .flat_map(|row| (0..n).map(move |col| Cell::new(col, row).expect("on the board")))
        .map(|c| {
            let (x, y) = cell_centre(c);
            GridCell {
                x: x - CELL_MM / 2.0,
                y: y - CELL_MM / 2.0,
                w: CELL_MM,
                name: c.to_string(),
                shade: (c.col() + c.row()) % 2 == 1,
            }
        })
        .collect();
    let centre = cell_centre(Cell::new(n / 2, n / 2).expect("the centre is on the board"));
    let corners: Vec<Value> =
        [(m / 2.0, m / 2.0), (s - m / 2.0, m / 2.0), (m / 2.0, s - m / 2.0), (s - m / 2.0, s - m / 2.0)]
            .iter()
            .map(|&(x, y)| {
                let (t, rotate) = if y < s / 2.0 { (Trigram::HEAVEN, 180) } else { (Trigram::EARTH, 0) };
                json!({ "x": x, "y": y, "key": t.name(), "lines": lines_of(t), "rotate": rotate })
            })
            .collect();
    let frame = HumanFrame::new(scenario, framed);
    let header = match (scenario, framed) {
        (Some(sc), true) => Some(json!({
            "title": format!("Dragons of the Ba-Gua — setup: {}", sc.name),
            "subtitle": "The board of human at the start. Squares are named by column (a–i) and row (1–9, from the Earth side).",
        })),
        _ => None,
    };
    let ctx = json!({
        "width": frame.width,
        "height": frame.height,
        "place": place,
        "bx": frame.pad,
        "by": frame.top,
        "size": s,
        "margin": m,
        "grid": f32::from(n) * CELL_MM,
        "cells": cells,
        "labels": board_labels(),
        "corners": corners,
        "centre": { "x": centre.0, "y": centre.1 },
        "pieces": scenario.map(scenario_pieces).unwrap_or_default(),
        "header": header,
        "legend": frame.legend,
        "scenario": scenario.map(|s| s.key),
        "screen": screen,
    });
    Ok(template::render("dragons/board-human.svg.j2", ctx)?)
}

/// Lines bottom to top, 1 = yang.
fn lines_of(t: Trigram) -> [u8; 3] {
    [t.bits() & 1, (t.bits() >> 1) & 1, (t.bits() >> 2) & 1]
}

// ---------------------------------------------------------------------------------------
// Board of Ba-Gua

const BAGUA_CENTRE: (f32, f32) = (92.0, 125.0);
const BAGUA_R_IN: f32 = 26.0;
const BAGUA_R_OUT: f32 = 68.0;
const BAGUA_R_FLOW: f32 = 72.0;
const BAGUA_BAND: f32 = 49.0;

/// A point at `r` from the wheel's centre, at screen angle `deg` (0 = right, clockwise).
fn polar(r: f32, deg: f32) -> (f32, f32) {
    let a = deg * PI / 180.0;
    (BAGUA_CENTRE.0 + r * a.cos(), BAGUA_CENTRE.1 + r * a.sin())
}

/// Screen angle of the centre of wheel space `i` (heaven straight up, then
/// counter-clockwise).
pub fn wheel_angle(i: usize) -> f32 {
    -90.0 - 45.0 * i as f32
}

fn wedge_path() -> String {
    let (a, b) = (wheel_angle(0) - 22.5, wheel_angle(0) + 22.5);
    let (o1, o2) = (polar(BAGUA_R_OUT, a), polar(BAGUA_R_OUT, b));
    let (i2, i1) = (polar(BAGUA_R_IN, b), polar(BAGUA_R_IN, a));
    format!(
        "M{:.3} {:.3} A{r} {r} 0 0 1 {:.3} {:.3} L{:.3} {:.3} A{ri} {ri} 0 0 0 {:.3} {:.3} Z",
        o1.0,
        o1.1,
        o2.0,
        o2.1,
        i2.0,
        i2.1,
        i1.0,
        i1.1,
        r = BAGUA_R_OUT,
        ri = BAGUA_R_IN
    )
}

/// The flow arrows: one across each boundary between spaces, pointing counter-clockwise.
fn flow_arrows() -> Vec<Value> {
    (0..8)
        .map(|i| {
            let boundary = wheel_angle(i) - 22.5;
            let (from, to) = (boundary + 11.0, boundary - 11.0);
            let (p, q) = (polar(BAGUA_R_FLOW, from), polar(BAGUA_R_FLOW, to));
            let d = format!("M{:.3} {:.3} A{r} {r} 0 0 0 {:.3} {:.3}", p.0, p.1, q.0, q.1, r = BAGUA_R_FLOW);
            // Arrowhead: tip further along the circle, base across it.
            let tip = polar(BAGUA_R_FLOW, to - 3.2);
            let (b1, b2) = (polar(BAGUA_R_FLOW + 1.5, to), polar(BAGUA_R_FLOW - 1.5, to));
            let head = format!("M{:.3} {:.3} L{:.3} {:.3} L{:.3} {:.3} Z", tip.0, tip.1, b1.0, b1.1, b2.0, b2.1);
            json!({ "d": d, "head": head })
        })
        .collect()
}

/// Where the setup figure draws `n` stones on wheel space `i`: side by side across it.
fn stone_spots(i: usize, n: usize) -> Vec<(f32, f32)> {
    (0..n)
        .map(|k| {
            let offset = (k as f32 - (n as f32 - 1.0) / 2.0) * 24.0;
            polar(37.0, wheel_angle(i) + offset)
        })
        .collect()
}

/// The board of Ba-Gua as SVG: empty, or (`setup`) with the stones of the start of a game.
pub fn board_bagua_svg(setup: bool) -> Result<String, ArtError> {
    bagua_svg(setup, None, false)
}

/// The empty board of Ba-Gua for the play page, with the places the page puts stones
/// marked (`data-slot` with `data-x`, `data-y`, `data-size`): two per wheel space (its
/// white and its black stones), the centre's water and fire, each dragon's life and fire
/// circles and the flux coin. The printed board never carries these marks.
pub fn board_bagua_screen_svg() -> Result<String, ArtError> {
    bagua_svg(false, None, true)
}

/// [`board_bagua_svg`] placed inside a print page (see [`Placement`]).
pub fn board_bagua_svg_placed(setup: bool, place: Placement) -> Result<String, ArtError> {
    bagua_svg(setup, Some(place), false)
}

/// The screen's stone places on the board of Ba-Gua (see [`board_bagua_screen_svg`]).
fn screen_slots() -> Vec<Value> {
    let mut slots = Vec::new();
    for i in 0..WHEEL.len() {
        for (colour, (x, y)) in ["white", "black"].iter().zip(stone_spots(i, 2)) {
            slots.push(json!({ "slot": format!("space-{i}-{colour}"), "x": x, "y": y, "size": STONE_MM }));
        }
    }
    let (cx, cy) = BAGUA_CENTRE;
    let half = BAGUA_R_IN / 2.0;
    slots.push(json!({ "slot": "centre-water", "x": cx + half, "y": cy + 1.0, "size": STONE_MM * 0.8 }));
    slots.push(json!({ "slot": "centre-fire", "x": cx - half, "y": cy - 1.0, "size": STONE_MM * 0.8 }));
    slots
}

fn bagua_svg(setup: bool, place: Option<Placement>, screen: bool) -> Result<String, ArtError> {
    let sectors: Vec<Value> = WHEEL
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            let main = [Trigram::HEAVEN, Trigram::EARTH, Trigram::FIRE, Trigram::WATER].contains(&t);
            json!({
                "index": i,
                "key": t.name(),
                "element": element_name(t),
                "name": element_name(t).to_uppercase(),
                "zh": t.chinese(),
                "pinyin": t.pinyin(),
                "lines": lines_of(t),
                "rotate": -45.0 * i as f32,
                "main": main,
            })
        })
        .collect();
    let (w, h) = BAGUA_MM;
    let turn = format!("rotate(180 {} {})", w / 2.0, h / 2.0);
    let bands: Vec<Value> = [Dragon::Earth, Dragon::Sky]
        .iter()
        .map(|&d| {
            let flip = if d == Dragon::Sky { format!("{turn} ") } else { String::new() };
            json!({
                "dragon": d.key(),
                "name": d.name(),
                "zh": d.chinese(),
                "subtitle": format!(
                    "the {} dragon · {} tiles and stones · plays {}",
                    d.key(), d.colour().key(), if d == Dragon::Sky { "first" } else { "second" }
                ),
                "transform": format!("{flip}translate(0 {})", h - BAGUA_BAND),
                "corner": format!("{flip}translate({} {})", w - 3.5, h - BAGUA_BAND - 17.0),
                "life": if setup { LIFE_MAX } else { 0 },
                "fire": 0,
            })
        })
        .collect();
    let mut pieces = Vec::new();
    if setup {
        for (i, space) in starting_wheel().iter().enumerate() {
            let colours = std::iter::repeat_n(PieceKind::BaguaWhite, space.white as usize)
                .chain(std::iter::repeat_n(PieceKind::BaguaBlack, space.black as usize));
            for (kind, (x, y)) in colours.zip(stone_spots(i, space.total() as usize)) {
                pieces.push(Piece::new(kind, ComponentFace::Plain, STONE_MM).at(x, y));
            }
        }
        let (cx, cy) = BAGUA_CENTRE;
        for k in 0..FIRE_STONES {
            let (x, y) = if k == 0 {
                (cx, cy)
            } else {
                let a = (f32::from(k) - 1.0) * 360.0 / 7.0 - 90.0;
                (cx + 14.0 * (a * PI / 180.0).cos(), cy + 14.0 * (a * PI / 180.0).sin())
            };
            pieces.push(Piece::new(PieceKind::Fire, ComponentFace::Plain, STONE_MM).at(x, y));
        }
    }
    let ctx = json!({
        "width": w,
        "height": h,
        "cx": BAGUA_CENTRE.0,
        "cy": BAGUA_CENTRE.1,
        "r_in": BAGUA_R_IN,
        "r_out": BAGUA_R_OUT,
        "wedge": wedge_path(),
        "sectors": sectors,
        "arrows": flow_arrows(),
        "band_h": BAGUA_BAND,
        "bands": bands,
        "coin": { "x": 20.0, "y": h - BAGUA_BAND - 20.0, "r": COIN_MM / 2.0 + 0.5 },
        "pieces": pieces,
        "setup": setup,
        "place": place,
        "screen": screen,
        "slots": if screen { screen_slots() } else { Vec::new() },
    });
    Ok(template::render("dragons/board-bagua.svg.j2", ctx)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curves_turn_onto_their_edges() {
        use Direction::*;
        assert_eq!(curve_turns(South, East), 0);
        assert_eq!(curve_turns(East, South), 0);
        assert_eq!(curve_turns(West, South), 1);
        assert_eq!(curve_turns(North, West), 2);
        assert_eq!(curve_turns(East, North), 3);
    }
}
