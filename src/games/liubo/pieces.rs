//! The Liubo pieces as SVG: the stones, the owls, the sticks, the throw chart and the
//! sheet that holds them, laid out in millimetres from [`hexforge_rules::liubo::rules`].
//!
//! # Sizes
//!
//! - Stones: 20 mm tokens, sized to sit inside a station of the board ([`super::board`]).
//! - Owl markers: 26 mm tokens, one per player, a size larger than a stone so one covers a
//!   promoted stone; the sheet prints how, in the words of [`liubo::OWL_PROMOTION`].
//! - Sticks: six strips of 14 × 110 mm per face, printed flat face and round face side by
//!   side, folded along the middle and glued (on card, or around a craft stick).
//! - Throw chart: 186 × 120 mm, two per page, one for each player.

use super::board::{Pt, pt};
use crate::games::ArtError;
use crate::print::template;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::liubo::rules::{self as liubo, StickFace};
use serde::{Serialize, Serializer};

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

/// A token: a stone, or the owl a promoted stone becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// An ordinary piece, 20 mm.
    Stone,
    /// A promoted piece, 26 mm.
    Owl,
}

impl Piece {
    /// Both, stone first.
    pub const ALL: [Piece; 2] = [Piece::Stone, Piece::Owl];

    /// The name in file names and in the SVG: `stone`, `owl`.
    pub fn key(self) -> &'static str {
        match self {
            Piece::Stone => "stone",
            Piece::Owl => "owl",
        }
    }

    /// Diameter, mm.
    pub fn diameter(self) -> f32 {
        match self {
            Piece::Stone => STONE_MM,
            Piece::Owl => OWL_MM,
        }
    }
}

/// A player's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// White pieces.
    White,
    /// Black pieces.
    Black,
}

impl Side {
    /// Both, white first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The name in file names and in the SVG: `white`, `black`.
    pub fn key(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl Serialize for Side {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
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
    /// Stone or owl.
    pub piece: Piece,
    /// White or black.
    pub side: Side,
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
    /// How a promoted stone is shown: rule 9's own words.
    pub owl_promotion: &'static str,
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
    let rows = [(Side::White, liubo::PIECES.white_stones), (Side::Black, liubo::PIECES.black_stones)];
    let owls_each = liubo::PIECES.owls / 2;
    let pitch = STONE_MM + 4.0;
    for (row, (side, stones)) in rows.into_iter().enumerate() {
        let y = 12.0 + len + 22.0 + row as f32 * (OWL_MM + 8.0) + OWL_MM / 2.0;
        for i in 0..stones {
            tokens.push(TokenView {
                piece: Piece::Stone,
                side,
                at: pt(4.0 + STONE_MM / 2.0 + i as f32 * pitch, y),
                r: STONE_MM / 2.0,
            });
        }
        for i in 0..owls_each {
            tokens.push(TokenView {
                piece: Piece::Owl,
                side,
                at: pt(w - 4.0 - OWL_MM / 2.0 - i as f32 * (OWL_MM + 4.0), y),
                r: OWL_MM / 2.0,
            });
        }
    }
    PiecesLayout { width: w, height: h, sticks, tokens, owl_promotion: liubo::OWL_PROMOTION }
}

/// The pieces sheet as SVG, 186 × 250 mm.
pub fn pieces_svg() -> Result<String, ArtError> {
    Ok(template::render("liubo/pieces.svg.j2", pieces_layout())?)
}

/// One stone or owl token alone, as SVG at its own size.
pub fn token_svg(piece: Piece, side: Side) -> Result<String, ArtError> {
    let d = piece.diameter();
    let token = TokenView { piece, side, at: pt(d / 2.0 + 1.0, d / 2.0 + 1.0), r: d / 2.0 };
    let ctx = serde_json::json!({ "size": d + 2.0, "token": token });
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
    pub faces: [StickFace; 3],
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
    /// The key to the faces, top right, as runs each ending at its own `x` (mm).
    pub legend: Vec<LegendRun>,
}

/// One run of the throw chart's key, drawn right-aligned at `x`.
///
/// The key is cut into runs so that no `<text>` mixes the line symbols with Latin text:
/// usvg shapes a whole text with each span's font and, where Noto Sans forms the "fl"
/// ligature of "flat", gives up fallback and warns about glyphs it then draws.
#[derive(Debug, Clone, Serialize)]
pub struct LegendRun {
    /// The characters.
    pub text: String,
    /// Right end, mm.
    pub x: f32,
}

/// Font size of the key, mm.
const LEGEND_SIZE_MM: f32 = 2.9;

/// The key "flat face = yang ⚊ · round face = yin ⚋", ending `right` mm from the left.
fn legend(right: f32) -> Vec<LegendRun> {
    let words = ["flat face = yang", "⚊", "·", "round face = yin", "⚋"];
    let space = crate::cards::text_width(" ", LEGEND_SIZE_MM, false);
    let mut x = right;
    let mut runs: Vec<LegendRun> = words
        .iter()
        .rev()
        .map(|w| {
            let run = LegendRun { text: w.to_string(), x };
            x -= crate::cards::text_width(w, LEGEND_SIZE_MM, false) + space;
            run
        })
        .collect();
    runs.reverse();
    runs
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
                    faces: std::array::from_fn(|i| StickFace::in_group(t, i)),
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
        legend: legend(CHART_MM.0 - 8.0),
    }
}

/// The throw chart as SVG, 186 × 120 mm. Public for the rulebook.
pub fn throw_chart_svg() -> Result<String, ArtError> {
    Ok(template::render("liubo/throw-chart.svg.j2", chart_layout())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_sheet_holds_every_piece_inside_it() {
        let p = pieces_layout();
        let count =
            |piece: Piece, side: Side| p.tokens.iter().filter(|t| t.piece == piece && t.side == side).count() as u32;
        assert_eq!(count(Piece::Stone, Side::White), liubo::PIECES.white_stones);
        assert_eq!(count(Piece::Stone, Side::Black), liubo::PIECES.black_stones);
        assert_eq!(count(Piece::Owl, Side::White) + count(Piece::Owl, Side::Black), liubo::PIECES.owls);
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
