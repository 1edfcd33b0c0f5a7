//! The Liubo board as SVG: stations, links and the TLV marks, laid out in millimetres.
//!
//! Stages: [`hexforge_rules::liubo::rules`] gives the facts (stations, links); this module turns them into
//! a layout model; `templates/liubo/board.svg.j2` only draws it. The board's PDFs are in
//! [`super::sheets`].
//!
//! # Size
//!
//! 250 × 250 mm, stations 36 mm apart on the circuit (a 180 mm square). Stones are 20 mm
//! tokens; ordinary stations are 22 mm across, the cardinal stations 26 mm and the central
//! station 30 mm, so a stone sits inside its station with room to see which one. 250 mm is
//! larger than A4 and Letter: the home print is two tiles ([`crate::print::tiling`]); A3
//! and Tabloid take the board on one sheet.
//!
//! # Marks in the board SVG
//!
//! Every station is a `<g data-station="n" data-kind="…">`, every link a
//! `<line data-from="a" data-to="b" data-path="…">` oriented in the direction of travel, so
//! the board graph can be read back from the file and checked against the rules.

use crate::games::ArtError;
use crate::print::template;
use hexforge_rules::liubo::rules::{self as liubo, Path, Station, StationKind};
use serde::{Serialize, Serializer};

/// Board side, mm.
pub const BOARD_MM: f32 = 250.0;
/// Distance between neighbouring circuit stations, mm.
pub const PITCH_MM: f32 = 36.0;

/// A point in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Pt {
    /// Left to right.
    pub x: f32,
    /// Top to bottom.
    pub y: f32,
}

pub(super) fn pt(x: f32, y: f32) -> Pt {
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

/// What a polyline of the TLV decoration is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// The central square, the water.
    Square,
    /// A T on a side of the square.
    T,
    /// An L against a side of the circuit.
    L,
    /// A V outside a corner station.
    V,
}

impl MarkKind {
    /// The name the template reads: `square`, `t`, `l`, `v`.
    pub fn key(self) -> &'static str {
        match self {
            MarkKind::Square => "square",
            MarkKind::T => "t",
            MarkKind::L => "l",
            MarkKind::V => "v",
        }
    }
}

impl Serialize for MarkKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// A polyline of the TLV decoration.
#[derive(Debug, Clone, Serialize)]
pub struct Mark {
    /// Which mark.
    pub kind: MarkKind,
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
        kind: MarkKind::Square,
        d: format!("M{a:.2} {a:.2} L{b:.2} {a:.2} L{b:.2} {b:.2} L{a:.2} {b:.2} Z", a = c - pool, b = c + pool),
    }];
    let dirs = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)];
    let (stem, bar) = (pool + 16.0, 13.0);
    let l_at = h - 21.0;
    for d in dirs {
        marks.push(Mark {
            kind: MarkKind::T,
            d: format!("{} {}", turned(&[(pool, 0.0), (stem, 0.0)], d, c), turned(&[(stem, -bar), (stem, bar)], d, c)),
        });
        marks.push(Mark { kind: MarkKind::L, d: turned(&[(l_at - 11.0, -12.0), (l_at, -12.0), (l_at, 12.0)], d, c) });
    }
    // The V hugs the corner station from outside, its point towards the centre.
    let (vertex, arm) = (h + 12.0, 12.0);
    for (sx, sy) in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)] {
        let (vx, vy) = (c + sx * vertex, c + sy * vertex);
        marks.push(Mark {
            kind: MarkKind::V,
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
    }
}

/// The board as SVG, 250 × 250 mm. Public for the rulebook.
pub fn board_svg() -> Result<String, ArtError> {
    Ok(template::render("liubo/board.svg.j2", board_layout())?)
}

/// The board for the play page: [`board_svg`] with each station's centre and radius
/// written on it (`data-x`, `data-y`, `data-r`) and an empty layer for the pieces, which
/// the page places there. The printed board never carries these marks.
pub fn board_screen_svg() -> Result<String, ArtError> {
    #[derive(Serialize)]
    struct Screen {
        #[serde(flatten)]
        layout: BoardLayout,
        screen: bool,
    }
    Ok(template::render("liubo/board.svg.j2", Screen { layout: board_layout(), screen: true })?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::liubo::pieces::STONE_MM;

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
}
