//! Dragons of the Ba-Gua on paper: the game's facts ([`crate::games::dragons::rules`]) laid out in
//! millimetres, drawn through the templates in `templates/dragons/`, and exported as SVG,
//! PNG and print-ready PDF.
//!
//! Stages: [`crate::games::dragons::rules`] (facts) → layout here (positions, rotations, which face)
//! → `templates/dragons/*.svg.j2` (looks) → [`crate::print::render`] (PNG), [`crate::print::pdf`] and
//! [`crate::print::tiling`] (PDF). Nothing here decides a rule.
//!
//! Sizes: a square of the board of human is [`CELL_MM`] (25 mm) and a tile [`TILE_MM`]
//! (24 mm, so it sits inside its square). The board of human is 9 × 9 squares in a 12 mm
//! frame, 249 mm square: larger than A4 and Letter, so it is printed over two pages with
//! [`crate::print::tiling`] and on one A3 or Tabloid sheet. The board of Ba-Gua is 184 × 250 mm
//! and fits on one page of either paper.
//!
//! Two-faced pieces (dragon tiles, portals, the ruler, the flux coin) are printed as
//! fold-and-glue pairs: the two faces side by side (tiles, coin) or one above the other
//! (the ruler), with a dashed fold line between them, so the faces always line up, even
//! on a printer that cannot print both sides in register.

use crate::core::trigram::Trigram;
use crate::games::dragons::rules::{
    self as dragons, COMPONENTS, Cell, Component, Direction, Dragon, DragonBody, PortalColour, PortalRule, RULER_SLANT,
    RULER_STRAIGHT, Scenario, SegmentFace, Shape, Space, WHEEL,
};
use crate::print::art::{self, ArtError};
use crate::print::output::Output;
use crate::print::pdf::{self, MmRect, ViewerPreferences};
use crate::print::render;
use crate::print::template;
use crate::print::tiling;
use serde::Serialize;
use serde_json::{Value, json};
use std::f32::consts::PI;

/// Side of a square of the board of human, mm.
pub const CELL_MM: f32 = 25.0;
/// Side of a tile (dragon, portal, rock), mm: a millimetre less than a square.
pub const TILE_MM: f32 = 24.0;
/// Frame around the grid of the board of human, mm.
pub const BOARD_MARGIN_MM: f32 = 12.0;
/// Diameter of a stone token (Ba-Gua, water, fire), mm.
pub const STONE_MM: f32 = 15.0;
/// Diameter of the flux coin, mm.
pub const COIN_MM: f32 = 30.0;
/// Length and width of the distance ruler, mm.
pub const RULER_MM: (f32, f32) = (150.0, 20.0);
/// Width and height of the board of Ba-Gua, mm.
pub const BAGUA_MM: (f32, f32) = (184.0, 250.0);

/// Side of the board of human, frame included, mm.
pub fn board_side_mm() -> f32 {
    2.0 * BOARD_MARGIN_MM + f32::from(dragons::BOARD_SIZE) * CELL_MM
}

// ---------------------------------------------------------------------------------------
// Pieces

/// One piece as the templates draw it (see `templates/dragons/pieces.svg.j2`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Piece {
    /// head, segment, portal, rock, water, fire, bagua-white, bagua-black, coin.
    pub kind: &'static str,
    /// The face shown.
    pub face: &'static str,
    /// sky or earth, for dragon tiles.
    pub dragon: Option<&'static str>,
    /// white, black, green, red, blue.
    pub colour: Option<&'static str>,
    /// Centre, mm.
    pub x: f32,
    pub y: f32,
    /// Side (tiles) or diameter (tokens), mm.
    pub size: f32,
    /// Clockwise degrees.
    pub rotate: f32,
    /// The square of the board of human it stands on.
    pub cell: Option<String>,
}

impl Piece {
    fn new(kind: &'static str, face: &'static str, size: f32) -> Piece {
        Piece { kind, face, dragon: None, colour: None, x: 0.0, y: 0.0, size, rotate: 0.0, cell: None }
    }

    fn at(mut self, x: f32, y: f32) -> Piece {
        self.x = x;
        self.y = y;
        self
    }
}

/// One printed face of a component: what the templates need and the file stem.
#[derive(Debug, Clone, PartialEq)]
pub struct Face {
    pub component: &'static Component,
    pub face: &'static str,
}

impl Face {
    /// The file stem, e.g. `dragon-white-head-alive`; one-faced pieces keep the key alone.
    pub fn stem(&self) -> String {
        if self.component.faces.len() == 1 {
            self.component.key.to_string()
        } else {
            format!("{}-{}", self.component.key, self.face)
        }
    }

    /// The piece of this face, centred on 0.
    fn piece(&self) -> Option<Piece> {
        let key = self.component.key;
        let tile = |kind| Piece::new(kind, self.face, TILE_MM);
        let p = match key {
            "dragon-white-head" | "dragon-black-head" | "dragon-white-segment" | "dragon-black-segment" => {
                let mut p = tile(if key.ends_with("head") { "head" } else { "segment" });
                let white = key.starts_with("dragon-white");
                p.dragon = Some(if white { "sky" } else { "earth" });
                p.colour = Some(if white { "white" } else { "black" });
                p
            }
            "portal-green" | "portal-red" | "portal-blue" => {
                let mut p = tile("portal");
                p.colour = Some(&key["portal-".len()..]);
                p
            }
            "rock" => tile("rock"),
            "water-stone" => Piece::new("water", "face", STONE_MM),
            "fire-stone" => Piece::new("fire", "face", STONE_MM),
            "bagua-stone-white" => Piece::new("bagua-white", "face", STONE_MM),
            "bagua-stone-black" => Piece::new("bagua-black", "face", STONE_MM),
            "flux-coin" => Piece::new("coin", self.face, COIN_MM),
            _ => return None,
        };
        Some(p)
    }

    /// Width and height of the face's own SVG, mm.
    fn size_mm(&self) -> (f32, f32) {
        match self.component.shape {
            Shape::Ruler => RULER_MM,
            _ => {
                let s = self.piece().map_or(TILE_MM, |p| p.size);
                (s, s)
            }
        }
    }
}

/// Every face of every piece (boards excluded), in the order of [`COMPONENTS`].
pub fn faces() -> Vec<Face> {
    COMPONENTS
        .iter()
        .filter(|c| c.shape != Shape::Board)
        .flat_map(|c| c.faces.iter().map(move |&face| Face { component: c, face }))
        .collect()
}

/// A face of the ruler, laid out from its mouth end.
#[derive(Debug, Clone, Serialize)]
struct RulerFace {
    face: &'static str,
    len: f32,
    h: f32,
    cells: Vec<RulerCell>,
    title: &'static str,
    hint: &'static str,
    label_x: f32,
}

#[derive(Debug, Clone, Serialize)]
struct RulerCell {
    x: f32,
    w: f32,
    value: u8,
    n: usize,
}

/// The straight face measures squares straight ahead (one square = 25 mm); the slant
/// face measures diagonal squares (one = 25 mm × √2) from the head's front corner.
fn ruler_face(face: &str) -> RulerFace {
    let (values, pitch, title, hint, face): (&[u8], f32, _, _, _) = if face == "slant" {
        (&RULER_SLANT, CELL_MM * std::f32::consts::SQRT_2, "SLANT", "lay it from the front corner, diagonally", "slant")
    } else {
        (&RULER_STRAIGHT, CELL_MM, "STRAIGHT", "lay it ahead", "straight")
    };
    let cells: Vec<RulerCell> = values
        .iter()
        .enumerate()
        .map(|(i, &value)| RulerCell { x: i as f32 * pitch, w: pitch, value, n: i + 1 })
        .collect();
    let end = values.len() as f32 * pitch;
    RulerFace { face, len: RULER_MM.0, h: RULER_MM.1, cells, title, hint, label_x: (end + RULER_MM.0) / 2.0 }
}

/// The SVG of one face, the piece filling the canvas (its trim).
pub fn face_svg(face: &Face) -> Result<String, ArtError> {
    let (w, h) = face.size_mm();
    let ctx = json!({
        "width": w,
        "height": h,
        "component": face.component.key,
        "face": face.face,
        "piece": face.piece().map(|p| p.at(w / 2.0, h / 2.0)),
        "ruler": (face.component.shape == Shape::Ruler).then(|| ruler_face(face.face)),
    });
    Ok(template::render("dragons/piece.svg.j2", ctx)?)
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
    let n = f32::from(dragons::BOARD_SIZE);
    let x = BOARD_MARGIN_MM + (f32::from(c.col()) + 0.5) * CELL_MM;
    let y = BOARD_MARGIN_MM + (n - 1.0 - f32::from(c.row()) + 0.5) * CELL_MM;
    (x, y)
}

/// Clockwise quarter turns that take the drawn curve (bottom and right edges) onto the
/// two edges `a` and `b`.
fn curve_turns(a: Direction, b: Direction) -> u8 {
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
    let (key, colour) = match body.dragon {
        Dragon::Sky => ("sky", "white"),
        Dragon::Earth => ("earth", "black"),
    };
    body.poses()
        .into_iter()
        .map(|pose| {
            let (kind, face, turns) = match pose.face {
                None => ("head", "alive", pose.front.quarter_turns()),
                Some(SegmentFace::Straight) => ("segment", "straight", pose.front.quarter_turns() % 2),
                Some(SegmentFace::Curve) => {
                    ("segment", "curve", curve_turns(pose.front, pose.back.expect("a curve has two ends")))
                }
            };
            let (x, y) = centre(pose.cell);
            Piece {
                kind,
                face,
                dragon: Some(key),
                colour: Some(colour),
                x,
                y,
                size: TILE_MM,
                rotate: f32::from(turns) * 90.0,
                cell: Some(pose.cell.to_string()),
            }
        })
        .collect()
}

/// Every tile a scenario puts on the board, board-relative.
pub fn scenario_pieces(s: &Scenario) -> Vec<Piece> {
    let mut out: Vec<Piece> = s.dragons.iter().flat_map(|d| dragon_pieces(d, cell_centre)).collect();
    if let Some(rock) = s.rock {
        let (x, y) = cell_centre(rock);
        let mut p = Piece::new("rock", "face", TILE_MM).at(x, y);
        p.cell = Some(rock.to_string());
        out.push(p);
    }
    for portal in &s.portals {
        let (x, y) = cell_centre(portal.cell);
        let mut p = Piece::new("portal", "free", TILE_MM).at(x, y);
        p.colour = Some(portal.colour.key());
        p.cell = Some(portal.cell.to_string());
        out.push(p);
    }
    out
}

fn board_labels() -> Vec<Label> {
    let s = board_side_mm();
    let m = BOARD_MARGIN_MM;
    let n = dragons::BOARD_SIZE;
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

/// A scenario's setup in words, one line per thing placed.
pub fn setup_lines(s: &Scenario) -> Vec<String> {
    let mut lines = Vec::new();
    for d in &s.dragons {
        let cells: Vec<String> = d.cells.iter().map(Cell::to_string).collect();
        let towards = match d.facing() {
            Direction::North => "the Sky side",
            Direction::South => "the Earth side",
            Direction::East => "the right",
            Direction::West => "the left",
        };
        let first = if d.dragon == Dragon::Sky { ", plays first" } else { "" };
        lines.push(format!(
            "{} ({}{first}): head {} facing {towards}, then {}; tail on {}.",
            d.dragon.name(),
            d.dragon.colour().key(),
            cells[0],
            cells[1..cells.len() - 1].join(", "),
            cells[cells.len() - 1],
        ));
    }
    let mut things = Vec::new();
    if let Some(r) = s.rock {
        things.push(format!("Rock on {r}"));
    }
    for colour in [PortalColour::Green, PortalColour::Red, PortalColour::Blue] {
        let cells: Vec<String> = s.portals.iter().filter(|p| p.colour == colour).map(|p| p.cell.to_string()).collect();
        if !cells.is_empty() {
            let word = if cells.len() > 1 { "portals" } else { "portal" };
            things.push(format!("{} {word} on {}", colour.key(), cells.join(" and ")));
        }
    }
    lines.push(format!("{}.", things.join(" · ")));
    lines.push(match s.portal_rule {
        PortalRule::Twins => "Each portal leads to its colour twin. The red and blue portals stay in the box.".into(),
        PortalRule::Valley => {
            "Green leads to green. Red or blue leads to any free portal, for a fire (red) or water (blue) stone.".into()
        }
    });
    lines
}

/// The board of human as SVG: bare (`scenario` none) or with a scenario's tiles. With
/// `framed`, a title above and the setup in words below (the standalone setup sheet).
pub fn board_human_svg(scenario: Option<&Scenario>, framed: bool) -> Result<String, ArtError> {
    let s = board_side_mm();
    let m = BOARD_MARGIN_MM;
    let n = dragons::BOARD_SIZE;
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
    let (pad, header_h): (f32, f32) = if framed { (8.0, 22.0) } else { (0.0, 0.0) };
    let legend = match (scenario, framed) {
        (Some(sc), true) => setup_lines(sc),
        _ => Vec::new(),
    };
    let legend_h = if legend.is_empty() { pad } else { 6.0 + 5.0 * legend.len() as f32 };
    let header = match (scenario, framed) {
        (Some(sc), true) => Some(json!({
            "title": format!("Dragons of the Ba-Gua — setup: {}", sc.name),
            "subtitle": "The board of human at the start. Squares are named by column (a–i) and row (1–9, from the Earth side).",
        })),
        _ => None,
    };
    let ctx = json!({
        "width": s + 2.0 * pad,
        "height": header_h.max(pad) + s + legend_h,
        "bx": pad,
        "by": header_h.max(pad),
        "size": s,
        "margin": m,
        "grid": f32::from(n) * CELL_MM,
        "cells": cells,
        "labels": board_labels(),
        "corners": corners,
        "centre": { "x": centre.0, "y": centre.1 },
        "pieces": scenario.map(scenario_pieces).unwrap_or_default(),
        "header": header,
        "legend": legend,
        "scenario": scenario.map(|s| s.key),
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
    let sectors: Vec<Value> = WHEEL
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            let main = [Trigram::HEAVEN, Trigram::EARTH, Trigram::FIRE, Trigram::WATER].contains(&t);
            json!({
                "index": i,
                "key": t.name(),
                "element": dragons::element_name(t),
                "name": dragons::element_name(t).to_uppercase(),
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
                "life": if setup { dragons::LIFE_MAX } else { 0 },
                "fire": 0,
            })
        })
        .collect();
    let mut pieces = Vec::new();
    if setup {
        for (i, space) in dragons::starting_wheel().iter().enumerate() {
            let colours = std::iter::repeat_n("bagua-white", space.white as usize)
                .chain(std::iter::repeat_n("bagua-black", space.black as usize));
            for (kind, (x, y)) in colours.zip(stone_spots(i, space.total() as usize)) {
                pieces.push(Piece::new(kind, "face", STONE_MM).at(x, y));
            }
        }
        let (cx, cy) = BAGUA_CENTRE;
        for k in 0..dragons::FIRE_STONES {
            let (x, y) = if k == 0 {
                (cx, cy)
            } else {
                let a = (f32::from(k) - 1.0) * 360.0 / 7.0 - 90.0;
                (cx + 14.0 * (a * PI / 180.0).cos(), cy + 14.0 * (a * PI / 180.0).sin())
            };
            pieces.push(Piece::new("fire", "face", STONE_MM).at(x, y));
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
    });
    Ok(template::render("dragons/board-bagua.svg.j2", ctx)?)
}

// ---------------------------------------------------------------------------------------
// Rulebook figures

#[derive(Debug, Clone, Serialize)]
struct Diagram {
    x: f32,
    y: f32,
    cols: u8,
    rows: u8,
    cell: f32,
    title: String,
    subtitle: String,
    /// Squares to tint, with an optional label: [{x, y, label, kind}] diagram-relative.
    marks: Vec<Value>,
    pieces: Vec<Piece>,
    /// Arrows: SVG path data, diagram-relative.
    paths: Vec<String>,
}

/// A small board of `cols` × `rows` squares; square (c, r) has its centre at the returned
/// closure's value (row 0 at the bottom).
fn mini_centre(cell: f32, rows: u8) -> impl Fn(u8, u8) -> (f32, f32) {
    move |c, r| ((f32::from(c) + 0.5) * cell, (f32::from(rows - 1 - r) + 0.5) * cell)
}

/// The mini diagrams of the eight movements: a dragon in the middle of a 5 × 5 board,
/// facing up (on the vertical axis) or right (on the horizontal axis), with every square
/// its head may end on. Drawn from [`dragons::reachable`], so the pictures follow the rules.
fn moves_figure() -> Result<String, ArtError> {
    let cell = 10.0;
    let size = 5u8;
    let up = |c, r| Cell::new(c, r).expect("inside the mini board");
    // Boards are the real 9 × 9 coordinates, shifted: the 5 × 5 window is a1..e5.
    let vertical = DragonBody { dragon: Dragon::Sky, cells: vec![up(2, 2), up(2, 1), up(2, 0), up(3, 0)] };
    let horizontal = DragonBody { dragon: Dragon::Sky, cells: vec![up(2, 2), up(1, 2), up(0, 2), up(0, 3)] };
    let outside = |c: Cell| c.col() >= size || c.row() >= size;
    let cases: [(Trigram, &DragonBody, &str); 10] = [
        (Trigram::HEAVEN, &vertical, "1 or 2 squares, vertical"),
        (Trigram::EARTH, &vertical, "1 or 2 squares, horizontal"),
        (Trigram::WIND, &vertical, "vertical, then horizontal"),
        (Trigram::THUNDER, &vertical, "horizontal, then vertical"),
        (Trigram::LAKE, &vertical, "vertical axis: one step"),
        (Trigram::LAKE, &horizontal, "horizontal axis: still"),
        (Trigram::MOUNTAIN, &vertical, "vertical axis: still"),
        (Trigram::MOUNTAIN, &horizontal, "horizontal axis: one step"),
        (Trigram::FIRE, &vertical, "one step, any way"),
        (Trigram::WATER, &horizontal, "one step, any way"),
    ];
    let per_row = 5;
    let (gap_x, gap_y, head_h) = (8.0, 16.0, 11.0);
    let centre = mini_centre(cell, size);
    let mut diagrams = Vec::new();
    for (k, (t, body, what)) in cases.iter().enumerate() {
        let reach = dragons::reachable(body, *t, outside);
        let mut marks = Vec::new();
        let mut paths = Vec::new();
        for r in &reach {
            if r.head() == body.head() {
                continue;
            }
            let (x, y) = centre(r.head().col(), r.head().row());
            marks.push(json!({ "x": x, "y": y, "kind": "end" }));
            // The head's path: every square the head passed, from its start.
            let mut trail: Vec<Cell> = r.cells.iter().take_while(|c| !body.cells.contains(c)).copied().collect();
            trail.reverse();
            let mut d = {
                let (x0, y0) = centre(body.head().col(), body.head().row());
                format!("M{x0:.2} {y0:.2}")
            };
            for c in trail {
                let (x1, y1) = centre(c.col(), c.row());
                d.push_str(&format!(" L{x1:.2} {y1:.2}"));
            }
            paths.push(d);
        }
        let pieces = dragon_pieces(body, |c| centre(c.col(), c.row()))
            .into_iter()
            .map(|mut p| {
                p.size = cell * TILE_MM / CELL_MM;
                p
            })
            .collect();
        let col = (k % per_row) as f32;
        let row = (k / per_row) as f32;
        diagrams.push(Diagram {
            x: col * (f32::from(size) * cell + gap_x),
            y: head_h + row * (f32::from(size) * cell + gap_y + head_h),
            cols: size,
            rows: size,
            cell,
            title: format!("{} {}", t.chinese(), dragons::element_name(*t).to_uppercase()),
            subtitle: what.to_string(),
            marks,
            pieces,
            paths,
        });
    }
    let width = per_row as f32 * (f32::from(size) * cell + gap_x) - gap_x;
    let height = 2.0 * (f32::from(size) * cell + head_h) + gap_y + 2.0;
    diagram_svg(width, height, &diagrams, "moves")
}

/// The ruler's reach: a dragon on a 7 × 6 board with the squares each face covers and
/// their values, drawn from [`dragons::ruler_reach`].
fn ruler_reach_figure() -> Result<String, ArtError> {
    let cell = 11.0;
    let (cols, rows) = (7u8, 7u8);
    let at = |c, r| Cell::new(c, r).expect("inside the mini board");
    let body = DragonBody { dragon: Dragon::Sky, cells: vec![at(3, 1), at(3, 0), at(2, 0), at(1, 0)] };
    let enemy = DragonBody { dragon: Dragon::Earth, cells: vec![at(6, 5), at(6, 4), at(5, 4), at(5, 5)] };
    let rock = at(3, 4);
    let tiles: Vec<Cell> = body.cells.iter().chain(&enemy.cells).copied().chain([rock]).collect();
    let outside = |c: Cell| c.col() >= cols || c.row() >= rows;
    let centre = mini_centre(cell, rows);
    let reach = dragons::ruler_reach(body.head(), body.facing(), |c| tiles.contains(&c) || outside(c));
    let mut marks = Vec::new();
    for r in reach.iter().filter(|r| !outside(r.cell)) {
        let (x, y) = centre(r.cell.col(), r.cell.row());
        let hit = enemy.cells.contains(&r.cell);
        let kind = if hit {
            "hit"
        } else if tiles.contains(&r.cell) {
            "blocked"
        } else {
            "reach"
        };
        marks.push(json!({ "x": x, "y": y, "kind": kind, "label": r.value.to_string() }));
    }
    let mut pieces: Vec<Piece> = dragon_pieces(&body, |c| centre(c.col(), c.row()));
    pieces.extend(dragon_pieces(&enemy, |c| centre(c.col(), c.row())));
    let (rx, ry) = centre(rock.col(), rock.row());
    pieces.push(Piece::new("rock", "face", TILE_MM).at(rx, ry));
    for p in &mut pieces {
        p.size = cell * TILE_MM / CELL_MM;
    }
    let best = reach.iter().filter(|r| enemy.cells.contains(&r.cell)).map(|r| r.value).max().unwrap_or(0);
    let d = Diagram {
        x: 0.0,
        y: 11.0,
        cols,
        rows,
        cell,
        title: "The ruler's reach".into(),
        subtitle: format!("both faces of the ruler; best value on Dilong: {best}"),
        marks,
        pieces,
        paths: Vec::new(),
    };
    diagram_svg(f32::from(cols) * cell, 11.0 + f32::from(rows) * cell + 2.0, &[d], "ruler-reach")
}

fn diagram_svg(width: f32, height: f32, diagrams: &[Diagram], key: &str) -> Result<String, ArtError> {
    let ctx = json!({ "width": width, "height": height, "diagrams": diagrams, "key": key });
    Ok(template::render("dragons/diagram.svg.j2", ctx)?)
}

/// The two ruler faces one above the other, as printed (also a rulebook figure).
fn ruler_pair(x: f32, y: f32) -> Value {
    json!({
        "x": x,
        "y": y,
        "faces": [ruler_face("straight"), ruler_face("slant")],
    })
}

/// A row of every face, for the rulebook's components page.
fn pieces_figure() -> Result<String, ArtError> {
    let mut pieces = Vec::new();
    let mut labels = Vec::new();
    let pitch = 28.0;
    let mut x = TILE_MM / 2.0 + 1.0;
    let mut row_y = 14.0;
    for (i, f) in faces().iter().filter(|f| f.component.shape != Shape::Ruler).enumerate() {
        if i == 9 {
            x = TILE_MM / 2.0 + 1.0;
            row_y += 42.0;
        }
        let Some(p) = f.piece() else { continue };
        let y = row_y + (TILE_MM - p.size.min(TILE_MM)) / 2.0;
        pieces.push(p.at(x, y));
        labels.push(json!({ "x": x, "y": row_y + TILE_MM / 2.0 + 5.0, "lines": face_caption(f) }));
        x += pitch;
    }
    let ctx = json!({
        "width": 9.0 * pitch - 2.0,
        "height": row_y + 26.0 + RULER_MM.1 * 2.0 + 8.0,
        "pieces": pieces,
        "labels": labels,
        "ruler": ruler_pair(1.0, row_y + 28.0),
    });
    Ok(template::render("dragons/pieces-figure.svg.j2", ctx)?)
}

fn face_caption(f: &Face) -> Vec<String> {
    let name = match f.component.key {
        "dragon-white-head" => "white head",
        "dragon-white-segment" => "white segment",
        "dragon-black-head" => "black head",
        "dragon-black-segment" => "black segment",
        "portal-green" => "green portal",
        "portal-red" => "red portal",
        "portal-blue" => "blue portal",
        "water-stone" => "water stone",
        "fire-stone" => "fire stone",
        "bagua-stone-white" => "Ba-Gua stone",
        "bagua-stone-black" => "Ba-Gua stone",
        "flux-coin" => "flux coin",
        other => other,
    };
    let face = if f.component.faces.len() == 1 {
        match f.component.key {
            "bagua-stone-white" => "white".to_string(),
            "bagua-stone-black" => "black".to_string(),
            _ => String::new(),
        }
    } else {
        f.face.to_string()
    };
    vec![name.to_string(), face]
}

/// Every figure the rulebook template uses: (file name, SVG).
pub fn rulebook_figures() -> Result<Vec<(&'static str, String)>, ArtError> {
    let [intro, valley] = dragons::scenarios();
    Ok(vec![
        ("cover.svg", board_bagua_svg(false)?),
        ("bagua-setup.svg", board_bagua_svg(true)?),
        ("board.svg", board_human_svg(None, false)?),
        ("setup-introductory.svg", board_human_svg(Some(&intro), false)?),
        ("setup-valley.svg", board_human_svg(Some(&valley), false)?),
        ("moves.svg", moves_figure()?),
        ("ruler-reach.svg", ruler_reach_figure()?),
        ("pieces.svg", pieces_figure()?),
    ])
}

/// The components list, as the rulebook and `components.json` print it.
pub fn components_json() -> Vec<Value> {
    let note = |c: &Component| -> String {
        match c.key {
            "board-human" => format!(
                "{n} × {n} squares of {CELL_MM} mm; two pages to glue, or one A3/Tabloid sheet",
                n = dragons::BOARD_SIZE
            ),
            "board-bagua" => "the wheel of the eight trigrams, the centre and both dragons' areas".into(),
            k if k.starts_with("dragon-") && k.ends_with("head") => "faces: alive and defeated".into(),
            k if k.starts_with("dragon-") => "faces: straight and curve".into(),
            k if k.starts_with("portal-") => "faces: free and occupied".into(),
            "distance-ruler" => {
                format!("faces: straight ({}) and slant ({})", join_values(&RULER_STRAIGHT), join_values(&RULER_SLANT))
            }
            "flux-coin" => "faces: counter-clockwise and clockwise".into(),
            "water-stone" => "life points".into(),
            "fire-stone" => "attack power".into(),
            "rock" => "an obstacle".into(),
            _ => String::new(),
        }
    };
    COMPONENTS
        .iter()
        .map(|c| json!({ "count": c.quantity, "name": c.name, "note": note(c), "key": c.key, "group": c.group }))
        .collect()
}

fn join_values(v: &[u8]) -> String {
    v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

/// The facts the rulebook prints, for `sys.inputs.data`.
pub fn rulebook_data() -> Value {
    let scenarios: Vec<Value> = dragons::scenarios()
        .iter()
        .map(|s| {
            let dragon = |d: &DragonBody| {
                json!({
                    "name": d.dragon.name(),
                    "head": d.head().to_string(),
                    "facing": d.facing().key(),
                    "cells": d.cells.iter().map(Cell::to_string).collect::<Vec<_>>(),
                })
            };
            json!({
                "key": s.key,
                "name": s.name,
                "sky": dragon(s.dragon(Dragon::Sky)),
                "earth": dragon(s.dragon(Dragon::Earth)),
                "rock": s.rock.map(|c| c.to_string()),
                "portals": s.portals.iter().map(|p| json!({ "colour": p.colour.key(), "cell": p.cell.to_string() })).collect::<Vec<_>>(),
                "rule": s.portal_rule,
                "lines": setup_lines(s),
            })
        })
        .collect();
    let start = dragons::starting_wheel();
    let wheel: Vec<Value> = WHEEL
        .iter()
        .zip(start)
        .map(|(&t, Space { white, black })| {
            json!({
                "element": dragons::element_name(t),
                "trigram": t.name(),
                "zh": t.chinese(),
                "pinyin": t.pinyin(),
                "symbol": t.symbol().to_string(),
                "white": white,
                "black": black,
                "bites": dragons::bites(t),
            })
        })
        .collect();
    json!({
        "components": components_json(),
        "board": {
            "size": dragons::BOARD_SIZE,
            "cell_mm": CELL_MM,
            "tile_mm": TILE_MM,
            "side_mm": board_side_mm(),
            "last_column": char::from(b'a' + dragons::BOARD_SIZE - 1).to_string(),
        },
        "bagua_mm": [BAGUA_MM.0, BAGUA_MM.1],
        "life_max": dragons::LIFE_MAX,
        "fire_max": dragons::FIRE_MAX,
        "segments": dragons::SEGMENTS,
        "bite": dragons::BITE_DAMAGE,
        "water_stones": dragons::WATER_STONES,
        "fire_stones": dragons::FIRE_STONES,
        "ruler": { "straight": RULER_STRAIGHT, "slant": RULER_SLANT },
        "wheel": wheel,
        "scenarios": scenarios,
    })
}

// ---------------------------------------------------------------------------------------
// Print sheets

/// What a sheet page draws: pieces, ruler faces, cut outlines, fold lines, texts.
#[derive(Debug, Clone, Default, Serialize)]
struct Sheet {
    width: f32,
    height: f32,
    pieces: Vec<Piece>,
    rulers: Vec<Value>,
    /// [{shape: rect|circle, x, y, w, h}] cut outlines.
    cuts: Vec<Value>,
    /// [{x1, y1, x2, y2}] fold lines.
    folds: Vec<Value>,
    texts: Vec<Value>,
    /// The trim: the bounding box of everything to cut out.
    #[serde(skip)]
    trim: Option<MmRect>,
}

impl Sheet {
    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, text: impl Into<String>) {
        self.texts.push(json!({ "x": x, "y": y, "size": size, "bold": bold, "text": text.into() }));
    }

    fn grow(&mut self, r: MmRect) {
        self.trim = Some(match self.trim {
            None => r,
            Some(t) => {
                let (x0, y0) = (t.x.min(r.x), t.y.min(r.y));
                MmRect::new(x0, y0, t.right().max(r.right()) - x0, t.bottom().max(r.bottom()) - y0)
            }
        });
    }

    fn cut_rect(&mut self, r: MmRect) {
        self.cuts.push(json!({ "shape": "rect", "x": r.x, "y": r.y, "w": r.w, "h": r.h }));
        self.grow(r);
    }

    /// A two-faced piece: the faces side by side, fold between them.
    fn fold_pair(&mut self, a: Piece, b: Piece, x: f32, y: f32) {
        let s = a.size;
        self.pieces.push(a.at(x + s / 2.0, y + s / 2.0));
        self.pieces.push(b.at(x + 1.5 * s, y + s / 2.0));
        self.cut_rect(MmRect::new(x, y, 2.0 * s, s));
        self.folds.push(json!({ "x1": x + s, "y1": y, "x2": x + s, "y2": y + s }));
    }
}

const SHEET_MARGIN: f32 = 12.0;

/// The pieces of one face pair for the sheets: (front, back).
fn pair(c: &'static Component) -> (Piece, Piece) {
    let face = |i: usize| Face { component: c, face: c.faces[i.min(c.faces.len() - 1)] };
    let a = face(0).piece().expect("a drawn piece");
    let b = face(1).piece().expect("a drawn piece");
    (a, b)
}

/// The two piece sheets for `paper`: tiles and the ruler; stones and the coin.
fn piece_sheets(paper: pdf::Paper) -> Vec<Sheet> {
    let (pw, ph) = paper.size_mm();
    let m = SHEET_MARGIN;
    let title = |s: &mut Sheet, n: usize, what: &str| {
        s.text(m, m + 1.0, 4.2, true, format!("Dragons of the Ba-Gua — pieces, sheet {n} of 2: {what}"));
        s.text(
            m,
            m + 6.0,
            2.6,
            false,
            "Print at 100 % (no scaling) on card. Cut on the solid lines; fold two-faced pieces on the dashed line and glue the halves back to back.",
        );
    };

    // Sheet 1: every tile as a fold pair, three to a row, then the ruler.
    let mut one = Sheet { width: pw, height: ph, ..Default::default() };
    title(&mut one, 1, "tiles and the ruler");
    let tiles: Vec<&'static Component> = COMPONENTS
        .iter()
        .filter(|c| c.shape == Shape::Tile)
        .flat_map(|c| std::iter::repeat_n(c, c.quantity as usize))
        .collect();
    let (cols, gx, gy) = (3usize, 8.0, 6.0);
    let block = cols as f32 * 2.0 * TILE_MM + (cols - 1) as f32 * gx;
    let x0 = (pw - block) / 2.0;
    let y0 = m + 14.0;
    for (i, c) in tiles.iter().enumerate() {
        let (a, b) = pair(c);
        let x = x0 + (i % cols) as f32 * (2.0 * TILE_MM + gx);
        let y = y0 + (i / cols) as f32 * (TILE_MM + gy);
        one.fold_pair(a, b, x, y);
    }
    let rows = tiles.len().div_ceil(cols) as f32;
    let ry = y0 + rows * (TILE_MM + gy) + 6.0;
    let rx = (pw - RULER_MM.0) / 2.0;
    one.rulers.push(ruler_pair(rx, ry));
    one.cut_rect(MmRect::new(rx, ry, RULER_MM.0, 2.0 * RULER_MM.1));
    one.folds.push(json!({ "x1": rx, "y1": ry + RULER_MM.1, "x2": rx + RULER_MM.0, "y2": ry + RULER_MM.1 }));
    one.text(
        rx,
        ry + 2.0 * RULER_MM.1 + 4.5,
        2.5,
        false,
        "Distance ruler: fold along its length, so the mouth (◀ at the left) is at the same end on both faces.",
    );

    // Sheet 2: the stones, eight to a row, and the flux coin.
    let mut two = Sheet { width: pw, height: ph, ..Default::default() };
    title(&mut two, 2, "stones and the flux coin");
    let pitch = STONE_MM + 3.0;
    let per_row = 8usize;
    let sx0 = (pw - per_row as f32 * pitch) / 2.0;
    let mut y = m + 16.0;
    for key in ["water-stone", "fire-stone", "bagua-stone-white", "bagua-stone-black"] {
        let c = dragons::component(key).expect("listed component");
        let face = Face { component: c, face: c.faces[0] };
        for k in 0..c.quantity as usize {
            let col = k % per_row;
            if k > 0 && col == 0 {
                y += pitch;
            }
            let (cx, cy) = (sx0 + (col as f32 + 0.5) * pitch, y + pitch / 2.0);
            two.pieces.push(face.piece().expect("a token").at(cx, cy));
            two.cuts.push(json!({ "shape": "circle", "x": cx, "y": cy, "w": STONE_MM, "h": STONE_MM }));
            two.grow(MmRect::new(cx - STONE_MM / 2.0, cy - STONE_MM / 2.0, STONE_MM, STONE_MM));
        }
        if key != "bagua-stone-white" {
            y += pitch + 4.0;
        } else {
            y += pitch;
        }
    }
    let coin = dragons::component("flux-coin").expect("listed component");
    let (a, b) = pair(coin);
    let cx = (pw - 2.0 * COIN_MM) / 2.0;
    let cy = y + 8.0;
    two.fold_pair(a, b, cx, cy);
    two.text(cx, cy + COIN_MM + 4.5, 2.5, false, "Flux coin: fold, glue, then cut the circle through both layers.");
    vec![one, two]
}

fn sheet_svg(s: &Sheet) -> Result<String, ArtError> {
    Ok(template::render("dragons/sheet.svg.j2", s)?)
}

/// One page of the home-print document: an SVG filling the page, its trim (the box to
/// cut out) and whether crop marks go at the trim's corners.
struct Page {
    svg: String,
    trim: MmRect,
    marks: bool,
}

/// The home-print document for `paper`: the board of Ba-Gua, the two piece sheets and
/// the two setup diagrams (reduced to fit). The board of human is a separate, tiled PDF.
pub fn home_print_pdf(paper: pdf::Paper) -> Result<Vec<u8>, ArtError> {
    let (pw, ph) = paper.size_mm();
    let mut pages = Vec::new();

    // The board of Ba-Gua, centred, with crop marks at its corners.
    let (bw, bh) = BAGUA_MM;
    let bx = (pw - bw) / 2.0;
    let by = (ph - bh) / 2.0 + 3.0;
    let mut board = Sheet { width: pw, height: ph, ..Default::default() };
    // Clear of the crop marks, which stand at the corners.
    board.text(bx + 9.0, by - 6.0, 3.4, true, "Dragons of the Ba-Gua — board of Ba-Gua");
    board.text(bx + 9.0, by - 2.6, 2.3, false, "Print at 100 % (no scaling). Cut on the crop marks.");
    let mut svg = sheet_svg(&board)?;
    let inner = board_bagua_svg(false)?;
    svg = embed(&svg, &inner, bx, by, bw, bh);
    pages.push(Page { svg, trim: MmRect::new(bx, by, bw, bh), marks: true });

    for sheet in piece_sheets(paper) {
        let trim = sheet.trim.expect("a sheet holds pieces");
        pages.push(Page { svg: sheet_svg(&sheet)?, trim, marks: false });
    }

    // The setup diagrams, reduced to the page.
    for s in dragons::scenarios() {
        let inner = board_human_svg(Some(&s), true)?;
        let (iw, ih) = svg_size(&inner);
        let scale = ((pw - 2.0 * SHEET_MARGIN) / iw).min((ph - 2.0 * SHEET_MARGIN - 8.0) / ih);
        let (w, h) = (iw * scale, ih * scale);
        let (x, y) = ((pw - w) / 2.0, SHEET_MARGIN + 8.0);
        let mut page = Sheet { width: pw, height: ph, ..Default::default() };
        page.text(
            x,
            SHEET_MARGIN + 3.0,
            2.6,
            false,
            format!("Setup reference, reduced to {:.0} % — not for cutting. The full-size board is the separate tiled print.", scale * 100.0),
        );
        let svg = embed(&sheet_svg(&page)?, &inner, x, y, w, h);
        pages.push(Page { svg, trim: MmRect::new(x, y, w, h), marks: false });
    }

    let mut doc = pdf::new_document("Dragons of the Ba-Gua — print and play");
    for p in &pages {
        let tree = render::svg_tree(&p.svg, 72.0)?;
        let settings = pdf::page_settings((pw, ph), p.trim, p.trim)?;
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        let full = MmRect::new(0.0, 0.0, pw, ph);
        pdf::draw_svg(&mut surface, &tree, full, full)?;
        if p.marks {
            let t = p.trim;
            pdf::draw_crop_marks(
                &mut surface,
                &pdf::CropMarks {
                    xs: vec![t.x, t.right()],
                    ys: vec![t.y, t.bottom()],
                    offset: (2.0, 2.0, 2.0, 2.0),
                    length: (5.0, 5.0, 5.0, 5.0),
                    width_pt: 0.5,
                },
            );
        }
        surface.finish();
        page.finish();
    }
    let prefs = ViewerPreferences { no_print_scaling: true, duplex: None };
    Ok(pdf::finish(doc, Some(prefs))?)
}

/// Nests the SVG `inner` inside `outer` at (`x`, `y`), `w` × `h` mm.
fn embed(outer: &str, inner: &str, x: f32, y: f32, w: f32, h: f32) -> String {
    let body_at = inner.find("<svg").expect("an svg document");
    let nested = inner[body_at..].replacen("<svg ", &format!("<svg x=\"{x}\" y=\"{y}\" "), 1);
    let nested = replace_attr(&nested, "width", &format!("{w}"));
    let nested = replace_attr(&nested, "height", &format!("{h}"));
    let end = outer.rfind("</svg>").expect("an svg document");
    format!("{}{}\n{}", &outer[..end], nested, &outer[end..])
}

/// Replaces the first `name="…"` attribute (on the root element) with `value`.
fn replace_attr(svg: &str, name: &str, value: &str) -> String {
    let key = format!(" {name}=\"");
    match svg.find(&key) {
        Some(at) => {
            let start = at + key.len();
            let end = start + svg[start..].find('"').expect("a closed attribute");
            format!("{}{}{}", &svg[..start], value, &svg[end..])
        }
        None => svg.to_string(),
    }
}

/// Width and height of an SVG whose root says `width="…mm" height="…mm"`.
fn svg_size(svg: &str) -> (f32, f32) {
    let read = |name: &str| -> f32 {
        let key = format!(" {name}=\"");
        let at = svg.find(&key).expect("a sized svg") + key.len();
        let end = at + svg[at..].find('"').expect("a closed attribute");
        svg[at..end].trim_end_matches("mm").parse().expect("a size in mm")
    };
    (read("width"), read("height"))
}

/// The board of human over several pages of `paper` (A4 or Letter), with overlaps and
/// alignment marks.
pub fn board_human_tiled_pdf(paper: tiling::Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&board_human_svg(None, false)?, 72.0)?;
    Ok(tiling::tiled_pdf(&board_human_artwork(&tree), paper, &tiling::TilingOptions::default())?)
}

/// The board of human on one large sheet (A3 or Tabloid).
pub fn board_human_poster_pdf(paper: tiling::Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&board_human_svg(None, false)?, 72.0)?;
    Ok(tiling::poster_pdf(&board_human_artwork(&tree), paper, 15.0)?)
}

/// The bare board of human (`tree`, parsed from [`board_human_svg`]) as tiling artwork.
fn board_human_artwork(tree: &usvg::Tree) -> tiling::Artwork<'_> {
    let s = board_side_mm();
    tiling::Artwork {
        tree, width_mm: s, height_mm: s, bleed_mm: 0.0, title: "Dragons of the Ba-Gua — board of human"
    }
}

// ---------------------------------------------------------------------------------------
// generate

/// A PDF to make, run on a worker thread.
type PdfJob = Box<dyn Fn() -> Result<Vec<u8>, ArtError> + Sync>;

/// Everything Dragons prints, written under `dragons/` in `out`:
///
/// - `board-human`, `board-bagua`, `setup-introductory`, `setup-valley`: SVG and PNG;
/// - `pieces/<face>`: every face of every piece, SVG and PNG (PNG at `dpi`);
/// - `dragons-a4.pdf`, `dragons-letter.pdf`: board of Ba-Gua, piece sheets, setups;
/// - `board-human-a4.pdf`, `board-human-letter.pdf`: the board of human, tiled;
/// - `board-human-a3.pdf`, `board-human-tabloid.pdf`: the same on one sheet;
/// - `components.json`: the components list with counts and the files of each.
pub fn generate(out: &Output, dpi: f32) -> anyhow::Result<()> {
    use anyhow::Context;
    use rayon::prelude::*;

    let [intro, valley] = dragons::scenarios();
    let mut drawings: Vec<(String, &str, String)> = vec![
        ("dragons/board-human".into(), "board", board_human_svg(None, false)?),
        ("dragons/board-bagua".into(), "board", board_bagua_svg(false)?),
        ("dragons/setup-introductory".into(), "setup", board_human_svg(Some(&intro), true)?),
        ("dragons/setup-valley".into(), "setup", board_human_svg(Some(&valley), true)?),
    ];
    for f in faces() {
        drawings.push((format!("dragons/pieces/{}", f.stem()), "piece", face_svg(&f)?));
    }
    drawings.par_iter().try_for_each(|(stem, kind, svg)| art::write_svg_and_png(out, stem, kind, svg, dpi))?;

    let pdfs: Vec<(String, &str, PdfJob)> = vec![
        ("dragons/dragons-a4.pdf".into(), "sheet-pdf", Box::new(|| home_print_pdf(pdf::Paper::A4))),
        ("dragons/dragons-letter.pdf".into(), "sheet-pdf", Box::new(|| home_print_pdf(pdf::Paper::Letter))),
        ("dragons/board-human-a4.pdf".into(), "board-pdf", Box::new(|| board_human_tiled_pdf(tiling::Paper::A4))),
        (
            "dragons/board-human-letter.pdf".into(),
            "board-pdf",
            Box::new(|| board_human_tiled_pdf(tiling::Paper::Letter)),
        ),
        ("dragons/board-human-a3.pdf".into(), "board-pdf", Box::new(|| board_human_poster_pdf(tiling::Paper::A3))),
        (
            "dragons/board-human-tabloid.pdf".into(),
            "board-pdf",
            Box::new(|| board_human_poster_pdf(tiling::Paper::Tabloid)),
        ),
    ];
    pdfs.par_iter().try_for_each(|(path, kind, make)| -> anyhow::Result<()> {
        let bytes = make().with_context(|| format!("making {path}"))?;
        out.write(path, kind, &bytes)?;
        Ok(())
    })?;

    let listing: Vec<Value> = components_json()
        .into_iter()
        .map(|mut c| {
            let key = c["key"].as_str().unwrap_or_default().to_string();
            let files: Vec<String> = faces()
                .iter()
                .filter(|f| f.component.key == key)
                .map(|f| format!("pieces/{}.svg", f.stem()))
                .chain((key == "board-human" || key == "board-bagua").then(|| format!("{key}.svg")))
                .collect();
            c["files"] = json!(files);
            c
        })
        .collect();
    let json = serde_json::to_string_pretty(&json!({ "game": "dragons", "components": listing }))?;
    out.write("dragons/components.json", "data", format!("{json}\n").as_bytes())?;
    Ok(())
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

    #[test]
    fn board_is_larger_than_a_home_page_and_fits_a3() {
        let s = board_side_mm();
        assert_eq!(s, 249.0);
        assert!(s > 210.0 - 2.0 * SHEET_MARGIN);
        assert!(s + 30.0 <= 297.0);
    }

    #[test]
    fn every_piece_face_has_a_drawing() {
        let f = faces();
        assert!(f.iter().all(|f| f.piece().is_some() || f.component.shape == Shape::Ruler));
        let stems: std::collections::BTreeSet<String> = f.iter().map(Face::stem).collect();
        assert_eq!(stems.len(), f.len(), "stems are unique");
    }

    #[test]
    fn sheets_hold_every_piece_once() {
        for paper in pdf::Paper::ALL {
            let sheets = piece_sheets(paper);
            let count = |kind: &str| sheets.iter().flat_map(|s| &s.pieces).filter(|p| p.kind == kind).count();
            // Two-faced tiles print two faces each.
            assert_eq!(count("head"), 2 * 2);
            assert_eq!(count("segment"), 2 * 6);
            assert_eq!(count("portal"), 2 * 4);
            assert_eq!(count("rock"), 2);
            assert_eq!(count("water"), 8);
            assert_eq!(count("fire"), 8);
            assert_eq!(count("bagua-white") + count("bagua-black"), 8);
            assert_eq!(count("coin"), 2);
            let (pw, ph) = paper.size_mm();
            for s in &sheets {
                let t = s.trim.unwrap();
                assert!(t.x >= SHEET_MARGIN - 0.01 && t.right() <= pw - SHEET_MARGIN + 0.01, "{paper:?} {t:?}");
                assert!(t.y >= SHEET_MARGIN && t.bottom() <= ph - SHEET_MARGIN, "{paper:?} {t:?}");
            }
        }
    }
}
