//! Liubo components as SVG: the board, the stones, the owls, the sticks and the throw
//! chart, plus their home-print PDFs.
//!
//! Stages: [`crate::games::liubo::rules`] gives the facts (stations, links, throw table, piece counts);
//! this module turns them into layout models in millimetres; the templates in
//! `templates/liubo/` only draw those models.
//!
//! # Sizes
//!
//! - Board: 250 × 250 mm, stations 36 mm apart on the circuit (a 180 mm square). Stones
//!   are 20 mm tokens; ordinary stations are 22 mm across, the cardinal stations 26 mm and
//!   the central station 30 mm, so a stone sits inside its station with room to see which
//!   one. 250 mm is larger than A4 and Letter: the home print is two tiles
//!   ([`crate::print::tiling`]); A3 and Tabloid take the board on one sheet.
//! - Owl markers: 26 mm tokens, one per player. A promoted stone is swapped for its owl;
//!   when the owl is degraded (rule 14) it goes back as a stone.
//! - Sticks: six strips of 14 × 110 mm per face, printed flat face and round face side by
//!   side, folded along the middle and glued (on card, or around a craft stick).
//! - Throw chart: 186 × 120 mm, two per page, one for each player.
//!
//! # Marks in the board SVG
//!
//! Every station is a `<g data-station="n" data-kind="…">`, every link a
//! `<line data-from="a" data-to="b" data-path="…">` oriented in the direction of travel, so
//! the board graph can be read back from the file and checked against the rules.

use crate::core::trigram::Trigram;
use crate::games::liubo::rules::{self as liubo, Face, Path, Station, StationKind};
use crate::print::art::{self, ArtError};
use crate::print::output::Output;
use crate::print::pdf::{self, MmRect, ViewerPreferences};
use crate::print::render;
use crate::print::template;
use crate::print::tiling::{self, Artwork, Paper, TilingOptions};
use serde::Serialize;

/// Board side, mm.
pub const BOARD_MM: f32 = 250.0;
/// Distance between neighbouring circuit stations, mm.
pub const PITCH_MM: f32 = 36.0;
/// Diameter of a stone token, mm.
pub const STONE_MM: f32 = 20.0;
/// Diameter of an owl marker, mm.
pub const OWL_MM: f32 = 26.0;
/// Length and width of one face of a stick, mm.
pub const STICK_MM: (f32, f32) = (110.0, 14.0);
/// Size of the throw chart, mm.
pub const CHART_MM: (f32, f32) = (186.0, 120.0);
/// Size of the pieces sheet, mm: fits inside both A4 and Letter with 12 mm margins.
pub const SHEET_MM: (f32, f32) = (186.0, 250.0);

/// A point in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Pt {
    /// Left to right.
    pub x: f32,
    /// Top to bottom.
    pub y: f32,
}

fn pt(x: f32, y: f32) -> Pt {
    Pt { x, y }
}

/// One station as drawn.
#[derive(Debug, Clone, Serialize)]
pub struct StationView {
    /// Station number, 1..=29.
    pub number: u8,
    /// `cardinal`, `circuit`, `crossing` or `centre`.
    pub kind: StationKind,
    /// Centre.
    pub at: Pt,
    /// Radius, mm.
    pub r: f32,
}

/// One link as drawn: a line between two stations and a chevron showing the way.
#[derive(Debug, Clone, Serialize)]
pub struct LinkView {
    /// Station the link leaves.
    pub from: u8,
    /// Station it reaches.
    pub to: u8,
    /// The path it belongs to.
    pub path: Path,
    /// Centre of the `from` station.
    pub a: Pt,
    /// Centre of the `to` station.
    pub b: Pt,
    /// Midway between the two station rims, where the chevron goes.
    pub mid: Pt,
    /// Direction of travel, degrees clockwise from +x (SVG rotation).
    pub angle: f32,
}

/// A polyline of the TLV decoration.
#[derive(Debug, Clone, Serialize)]
pub struct Mark {
    /// `t`, `l`, `v` or `square`.
    pub kind: &'static str,
    /// SVG path data.
    pub d: String,
}

/// The board's layout model.
#[derive(Debug, Clone, Serialize)]
pub struct BoardLayout {
    /// Side of the board, mm.
    pub size: f32,
    /// Board centre.
    pub centre: Pt,
    /// Half side of the central square (the water), mm.
    pub pool: f32,
    /// The stations, in number order.
    pub stations: Vec<StationView>,
    /// The links, circuit first, then each crossing.
    pub links: Vec<LinkView>,
    /// The TLV decoration.
    pub marks: Vec<Mark>,
    /// The entry arrow, from outside the board into station 1.
    pub entry: (Pt, Pt),
    /// Font stack for labels.
    pub font: &'static str,
}

fn station_radius(kind: StationKind) -> f32 {
    match kind {
        StationKind::Centre => 15.0,
        StationKind::Cardinal => 13.0,
        StationKind::Circuit | StationKind::Crossing => 11.0,
    }
}

/// Where station `s` sits on the board, mm from the top left.
///
/// The circuit is a square with station 1 at the bottom right corner; counter-clockwise
/// (as seen on the page) means up the right side, left along the top, down the left side
/// and right along the bottom. Crossing stations divide the diagonals in six equal steps.
pub fn station_position(s: Station) -> Pt {
    let c = BOARD_MM / 2.0;
    let h = 2.5 * PITCH_MM;
    if s.on_circuit() {
        let i = u32::from(s.number() - 1);
        let (side, k) = (i / 5, (i % 5) as f32 * PITCH_MM);
        return match side {
            0 => pt(c + h, c + h - k),
            1 => pt(c + h - k, c - h),
            2 => pt(c - h, c - h + k),
            _ => pt(c - h + k, c + h),
        };
    }
    if s == Station::CENTRE {
        return pt(c, c);
    }
    for path in Path::CROSSINGS {
        let line = path.stations();
        if let Some(i) = line.iter().position(|&x| x == s) {
            let (a, b) = (station_position(line[0]), station_position(line[line.len() - 1]));
            let t = i as f32 / (line.len() - 1) as f32;
            return pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        }
    }
    unreachable!("every inner station lies on a crossing")
}

/// A polyline in local coordinates (x outwards, y along the side) turned to face
/// `(dx, dy)` and moved to the board centre.
fn turned(points: &[(f32, f32)], (dx, dy): (f32, f32), c: f32) -> String {
    points
        .iter()
        .enumerate()
        .map(|(i, &(u, v))| {
            let (x, y) = (c + u * dx - v * dy, c + u * dy + v * dx);
            format!("{}{:.2} {:.2}", if i == 0 { "M" } else { " L" }, x, y)
        })
        .collect()
}

/// The TLV marks of Han liubo boards: a central square; a T on each of its sides; an L
/// against the middle of each side of the circuit, turned the same way round the board
/// (four-fold rotation, as on the boards and mirrors); a V in each corner outside the
/// corner station, opening towards the corner of the board.
fn tlv_marks(pool: f32) -> Vec<Mark> {
    let c = BOARD_MM / 2.0;
    let h = 2.5 * PITCH_MM;
    let mut marks = vec![Mark {
        kind: "square",
        d: format!("M{a:.2} {a:.2} L{b:.2} {a:.2} L{b:.2} {b:.2} L{a:.2} {b:.2} Z", a = c - pool, b = c + pool),
    }];
    let dirs = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)];
    let (stem, bar) = (pool + 16.0, 13.0);
    let l_at = h - 21.0;
    for d in dirs {
        marks.push(Mark {
            kind: "t",
            d: format!("{} {}", turned(&[(pool, 0.0), (stem, 0.0)], d, c), turned(&[(stem, -bar), (stem, bar)], d, c)),
        });
        marks.push(Mark { kind: "l", d: turned(&[(l_at - 11.0, -12.0), (l_at, -12.0), (l_at, 12.0)], d, c) });
    }
    // The V hugs the corner station from outside, its point towards the centre.
    let (vertex, arm) = (h + 12.0, 12.0);
    for (sx, sy) in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)] {
        let (vx, vy) = (c + sx * vertex, c + sy * vertex);
        marks.push(Mark {
            kind: "v",
            d: format!("M{:.2} {:.2} L{vx:.2} {vy:.2} L{:.2} {:.2}", vx + sx * arm, vy, vx, vy + sy * arm),
        });
    }
    marks
}

/// The board's layout, computed from the model's stations and links.
pub fn board_layout() -> BoardLayout {
    let stations: Vec<StationView> = Station::all()
        .map(|s| StationView {
            number: s.number(),
            kind: s.kind(),
            at: station_position(s),
            r: station_radius(s.kind()),
        })
        .collect();
    let links = liubo::links()
        .into_iter()
        .map(|l| {
            let (a, b) = (station_position(l.from), station_position(l.to));
            let (ra, rb) = (station_radius(l.from.kind()), station_radius(l.to.kind()));
            let len = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
            let (ux, uy) = ((b.x - a.x) / len, (b.y - a.y) / len);
            let t = ra + (len - ra - rb) / 2.0;
            LinkView {
                from: l.from.number(),
                to: l.to.number(),
                path: l.path,
                a,
                b,
                mid: pt(a.x + ux * t, a.y + uy * t),
                angle: uy.atan2(ux).to_degrees(),
            }
        })
        .collect();
    let one = station_position(Station::ENTRY);
    let r = station_radius(StationKind::Cardinal);
    let pool = 20.0;
    BoardLayout {
        size: BOARD_MM,
        centre: pt(BOARD_MM / 2.0, BOARD_MM / 2.0),
        pool,
        stations,
        links,
        marks: tlv_marks(pool),
        entry: (pt(one.x, BOARD_MM - 9.0), pt(one.x, one.y + r + 1.5)),
        font: crate::print::fonts::SANS_STACK,
    }
}

/// The board as SVG, 250 × 250 mm. Public for the rulebook.
pub fn board_svg() -> Result<String, ArtError> {
    Ok(template::render("liubo/board.svg.j2", board_layout())?)
}

/// One stick as drawn: its two faces side by side, to fold along the middle.
#[derive(Debug, Clone, Serialize)]
pub struct StickView {
    /// Top left of the strip.
    pub at: Pt,
    /// Length of the stick, mm.
    pub length: f32,
    /// Width of one face, mm.
    pub width: f32,
    /// Stick number, 1..=6.
    pub number: u32,
}

/// One token as drawn.
#[derive(Debug, Clone, Serialize)]
pub struct TokenView {
    /// `stone` or `owl`.
    pub piece: &'static str,
    /// `white` or `black`.
    pub side: &'static str,
    /// Centre.
    pub at: Pt,
    /// Radius, mm.
    pub r: f32,
}

/// The sheet of pieces: the sticks, the stones and the owls.
#[derive(Debug, Clone, Serialize)]
pub struct PiecesLayout {
    /// Sheet width, mm.
    pub width: f32,
    /// Sheet height, mm.
    pub height: f32,
    /// The sticks.
    pub sticks: Vec<StickView>,
    /// Stones and owls.
    pub tokens: Vec<TokenView>,
    /// Font stack.
    pub font: &'static str,
}

/// The pieces sheet: six sticks across the top, then a row of white stones with the white
/// owl and a row of black stones with the black owl. Counts come from [`liubo::PIECES`].
pub fn pieces_layout() -> PiecesLayout {
    let (w, h) = SHEET_MM;
    let (len, face) = STICK_MM;
    let sticks_n = liubo::PIECES.sticks;
    let gap = (w - sticks_n as f32 * 2.0 * face) / (sticks_n as f32 - 1.0);
    let sticks = (0..sticks_n)
        .map(|i| StickView { at: pt(i as f32 * (2.0 * face + gap), 12.0), length: len, width: face, number: i + 1 })
        .collect();
    let mut tokens = Vec::new();
    let rows = [("white", liubo::PIECES.white_stones), ("black", liubo::PIECES.black_stones)];
    let owls_each = liubo::PIECES.owls / 2;
    let pitch = STONE_MM + 4.0;
    for (row, (side, stones)) in rows.into_iter().enumerate() {
        let y = 12.0 + len + 22.0 + row as f32 * (OWL_MM + 8.0) + OWL_MM / 2.0;
        for i in 0..stones {
            tokens.push(TokenView {
                piece: "stone",
                side,
                at: pt(4.0 + STONE_MM / 2.0 + i as f32 * pitch, y),
                r: STONE_MM / 2.0,
            });
        }
        for i in 0..owls_each {
            tokens.push(TokenView {
                piece: "owl",
                side,
                at: pt(w - 4.0 - OWL_MM / 2.0 - i as f32 * (OWL_MM + 4.0), y),
                r: OWL_MM / 2.0,
            });
        }
    }
    PiecesLayout { width: w, height: h, sticks, tokens, font: crate::print::fonts::SANS_STACK }
}

/// The pieces sheet as SVG, 186 × 250 mm.
pub fn pieces_svg() -> Result<String, ArtError> {
    Ok(template::render("liubo/pieces.svg.j2", pieces_layout())?)
}

/// One stone or owl token alone, as SVG at its own size (`piece` is `stone` or `owl`,
/// `side` is `white` or `black`).
pub fn token_svg(piece: &'static str, side: &'static str) -> Result<String, ArtError> {
    let d = if piece == "owl" { OWL_MM } else { STONE_MM };
    let token = TokenView { piece, side, at: pt(d / 2.0 + 1.0, d / 2.0 + 1.0), r: d / 2.0 };
    let ctx = serde_json::json!({ "size": d + 2.0, "token": token, "font": crate::print::fonts::SANS_STACK });
    Ok(template::render("liubo/token.svg.j2", ctx)?)
}

/// One stick alone (both faces, fold line between), as SVG.
pub fn stick_svg() -> Result<String, ArtError> {
    let (len, face) = STICK_MM;
    let stick = StickView { at: pt(1.0, 1.0), length: len, width: face, number: 1 };
    let ctx = serde_json::json!({
        "width": 2.0 * face + 2.0,
        "height": len + 2.0,
        "stick": stick,
        "font": crate::print::fonts::SANS_STACK,
    });
    Ok(template::render("liubo/stick.svg.j2", ctx)?)
}

/// One group of three sticks in the chart.
#[derive(Debug, Clone, Serialize)]
pub struct ChartGroup {
    /// The trigram the group reads as.
    pub trigram: Trigram,
    /// Its symbol, ☰…☷.
    pub symbol: char,
    /// English name.
    pub name: &'static str,
    /// Chinese name.
    pub chinese: &'static str,
    /// Faces of sticks 1, 2, 3 (bottom first).
    pub faces: [Face; 3],
    /// Score of the group.
    pub score: u32,
}

/// One score of the chart.
#[derive(Debug, Clone, Serialize)]
pub struct ChartScore {
    /// Score, 1..=4.
    pub score: u32,
    /// Ways out of eight.
    pub ways: u32,
    /// Probability as a fraction, e.g. `3/8`.
    pub fraction: String,
    /// Probability in percent, e.g. `37.5`.
    pub percent: String,
    /// The groups giving this score.
    pub groups: Vec<ChartGroup>,
}

/// The throw chart's model: everything computed from [`liubo::throw_table`].
#[derive(Debug, Clone, Serialize)]
pub struct ChartLayout {
    /// Width, mm.
    pub width: f32,
    /// Height, mm.
    pub height: f32,
    /// The four scores.
    pub scores: Vec<ChartScore>,
    /// Largest number of ways, to scale the bars.
    pub max_ways: u32,
    /// Probability of a double 1-1 (and of 4-4), as a fraction.
    pub double_one: String,
    /// Probability of an extra throw by a double, as a fraction.
    pub extra: String,
    /// Font stack.
    pub font: &'static str,
}

/// The throw chart, computed from the model.
pub fn chart_layout() -> ChartLayout {
    let table = liubo::throw_table();
    let scores: Vec<ChartScore> = table
        .iter()
        .map(|row| ChartScore {
            score: row.score,
            ways: row.ways,
            fraction: row.probability.to_string(),
            percent: format!("{}", row.probability.percent()),
            groups: row
                .trigrams
                .iter()
                .map(|&t| ChartGroup {
                    trigram: t,
                    symbol: t.symbol(),
                    name: t.name(),
                    chinese: t.chinese(),
                    faces: std::array::from_fn(|i| Face::in_group(t, i)),
                    score: liubo::group_score(t),
                })
                .collect(),
        })
        .collect();
    ChartLayout {
        width: CHART_MM.0,
        height: CHART_MM.1,
        max_ways: scores.iter().map(|s| s.ways).max().unwrap_or(1),
        scores,
        double_one: liubo::double_probability(1).expect("1 is a score").to_string(),
        extra: liubo::extra_throw_probability().to_string(),
        font: crate::print::fonts::SANS_STACK,
    }
}

/// The throw chart as SVG, 186 × 120 mm. Public for the rulebook.
pub fn throw_chart_svg() -> Result<String, ArtError> {
    Ok(template::render("liubo/throw-chart.svg.j2", chart_layout())?)
}

/// The board's home print on A4 or Letter: tiles with overlap and registration marks.
pub fn board_tiled_pdf(paper: Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&board_svg()?, 96.0)?;
    Ok(tiling::tiled_pdf(&board_artwork(&tree), paper, &TilingOptions::default())?)
}

/// The board on one large sheet, A3 or Tabloid.
pub fn board_poster_pdf(paper: Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&board_svg()?, 96.0)?;
    Ok(tiling::poster_pdf(&board_artwork(&tree), paper, 12.0)?)
}

fn board_artwork(tree: &usvg::Tree) -> Artwork<'_> {
    Artwork { tree, width_mm: BOARD_MM, height_mm: BOARD_MM, bleed_mm: 0.0, title: "Liubo 六博 board" }
}

/// The pieces on A4 or Letter: page 1 the sticks, stones and owls; page 2 the throw chart
/// twice, one for each player. Every page is centred, TrimBox on the art, no scaling.
pub fn pieces_pdf(paper: pdf::Paper) -> Result<Vec<u8>, ArtError> {
    let pieces = render::svg_tree(&pieces_svg()?, 96.0)?;
    let chart = render::svg_tree(&throw_chart_svg()?, 96.0)?;
    let size = paper.size_mm();
    let mut doc = pdf::new_document("Liubo 六博 pieces");
    let centred = |w: f32, h: f32| MmRect::new((size.0 - w) / 2.0, (size.1 - h) / 2.0, w, h);

    let sheet = centred(SHEET_MM.0, SHEET_MM.1);
    let mut page = doc.start_page_with(pdf::page_settings(size, sheet, sheet)?);
    let mut s = page.surface();
    pdf::draw_svg(&mut s, &pieces, sheet, sheet)?;
    s.finish();
    page.finish();

    let gap = 8.0;
    let both = centred(CHART_MM.0, 2.0 * CHART_MM.1 + gap);
    let mut page = doc.start_page_with(pdf::page_settings(size, both, both)?);
    let mut s = page.surface();
    for i in 0..2 {
        let at = MmRect::new(both.x, both.y + i as f32 * (CHART_MM.1 + gap), CHART_MM.0, CHART_MM.1);
        pdf::draw_svg(&mut s, &chart, at, at)?;
    }
    s.finish();
    page.finish();
    Ok(pdf::finish(doc, Some(ViewerPreferences { no_print_scaling: true, duplex: None }))?)
}

/// Writes every Liubo component under `liubo/`: each as SVG and PNG (at `dpi`), the board
/// tiled on A4 and Letter and whole on A3 and Tabloid, the pieces and throw chart on A4 and
/// Letter.
pub fn generate(out: &Output, dpi: f32) -> anyhow::Result<()> {
    let mut svgs = vec![
        ("board".to_string(), "board", board_svg()?),
        ("pieces".to_string(), "piece", pieces_svg()?),
        ("stick".to_string(), "piece", stick_svg()?),
        ("throw-chart".to_string(), "chart", throw_chart_svg()?),
    ];
    for piece in ["stone", "owl"] {
        for side in ["white", "black"] {
            svgs.push((format!("{piece}-{side}"), "piece", token_svg(piece, side)?));
        }
    }
    for (name, kind, svg) in &svgs {
        art::write_svg_and_png(out, &format!("liubo/{name}"), kind, svg, dpi)?;
    }
    for paper in Paper::HOME {
        let name = format!("liubo/board-{}.pdf", paper.key());
        out.write(&name, "board-pdf", &board_tiled_pdf(paper)?)?;
    }
    for paper in Paper::LARGE {
        let name = format!("liubo/board-{}.pdf", paper.key());
        out.write(&name, "board-pdf", &board_poster_pdf(paper)?)?;
    }
    for paper in pdf::Paper::ALL {
        let name = format!("liubo/pieces-{}.pdf", paper.slug());
        out.write(&name, "sheet-pdf", &pieces_pdf(paper)?)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(a: Pt, b: Pt) -> f32 {
        ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
    }

    #[test]
    fn circuit_runs_counter_clockwise_from_the_bottom_right() {
        let p = |n| station_position(Station::new(n).unwrap());
        let c = BOARD_MM / 2.0;
        assert!(p(1).x > c && p(1).y > c, "1 is bottom right");
        assert!(p(6).x > c && p(6).y < c, "6 is top right");
        assert!(p(11).x < c && p(11).y < c, "11 is top left");
        assert!(p(16).x < c && p(16).y > c, "16 is bottom left");
        // Counter-clockwise on screen (y down): the signed area is negative.
        let area: f32 = (1..=20)
            .map(|i| {
                let (a, b) = (p(i), p(i % 20 + 1));
                a.x * b.y - b.x * a.y
            })
            .sum();
        assert!(area < 0.0);
    }

    #[test]
    fn stations_never_overlap_and_stay_on_the_board() {
        let layout = board_layout();
        for (i, a) in layout.stations.iter().enumerate() {
            assert!(a.at.x - a.r > 5.0 && a.at.x + a.r < BOARD_MM - 5.0);
            assert!(a.at.y - a.r > 5.0 && a.at.y + a.r < BOARD_MM - 5.0);
            assert!(a.r * 2.0 >= STONE_MM + 2.0, "a stone fits in station {}", a.number);
            for b in &layout.stations[i + 1..] {
                assert!(dist(a.at, b.at) > a.r + b.r + 8.0, "stations {} and {} are too close", a.number, b.number);
            }
        }
    }

    #[test]
    fn chevrons_point_along_the_links() {
        for l in board_layout().links {
            let d = dist(l.a, l.mid) + dist(l.mid, l.b) - dist(l.a, l.b);
            assert!(d.abs() < 1e-3, "{}->{}", l.from, l.to);
        }
    }

    #[test]
    fn pieces_sheet_holds_every_piece_inside_it() {
        let p = pieces_layout();
        let count =
            |piece: &str, side: &str| p.tokens.iter().filter(|t| t.piece == piece && t.side == side).count() as u32;
        assert_eq!(count("stone", "white"), liubo::PIECES.white_stones);
        assert_eq!(count("stone", "black"), liubo::PIECES.black_stones);
        assert_eq!(count("owl", "white") + count("owl", "black"), liubo::PIECES.owls);
        assert_eq!(p.sticks.len() as u32, liubo::PIECES.sticks);
        for t in &p.tokens {
            assert!(t.at.x - t.r >= 0.0 && t.at.x + t.r <= p.width);
            assert!(t.at.y - t.r >= 0.0 && t.at.y + t.r <= p.height);
        }
        for s in &p.sticks {
            assert!(s.at.x >= 0.0 && s.at.x + 2.0 * s.width <= p.width + 1e-3);
        }
    }

    #[test]
    fn chart_probabilities_add_up() {
        let c = chart_layout();
        assert_eq!(c.scores.iter().map(|s| s.ways).sum::<u32>(), 8);
        assert_eq!(c.scores.iter().map(|s| s.groups.len()).sum::<usize>(), 8);
        assert_eq!(c.double_one, "1/64");
        assert_eq!(c.extra, "1/32");
    }
}
