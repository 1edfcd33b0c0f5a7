//! Dragons of the Ba-Gua's pieces on paper: their sizes, how the templates draw one
//! ([`Piece`]), every printed face of every piece ([`PieceFace`], [`faces`]) and its own
//! SVG through `templates/dragons/piece.svg.j2`.
//!
//! Two-faced pieces (dragon tiles, portals, the ruler, the flux coin) are printed as
//! fold-and-glue pairs (see [`super::sheets`]), so the faces always line up, even on a
//! printer that cannot print both sides in register.

use super::components::{COMPONENTS, Component, ComponentFace, ComponentKind, Shape};
use crate::games::ArtError;
use crate::print::template;
use hexforge_rules::dragons::rules::{Dragon, PortalColour, RULER_SLANT, RULER_STRAIGHT, StoneColour};
use serde::Serialize;
use serde_json::{Value, json};

/// Side of a square of the board of human, mm.
pub const CELL_MM: f32 = 25.0;
/// Side of a tile (dragon, portal, rock), mm: a millimetre less than a square.
pub const TILE_MM: f32 = 24.0;
/// Diameter of a stone token (Ba-Gua, water, fire), mm.
pub const STONE_MM: f32 = 15.0;
/// Diameter of the flux coin, mm.
pub const COIN_MM: f32 = 30.0;
/// Length and width of the distance ruler, mm.
pub const RULER_MM: (f32, f32) = (150.0, 20.0);

/// What the templates draw for a piece (`templates/dragons/pieces.svg.j2`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PieceKind {
    Head,
    Segment,
    Portal,
    Rock,
    Water,
    Fire,
    BaguaWhite,
    BaguaBlack,
    Coin,
}

/// The colour of a piece: a dragon's (white, black) or a portal's (green, red, blue).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PieceColour {
    Stone(StoneColour),
    Portal(PortalColour),
}

/// One piece as the templates draw it (see `templates/dragons/pieces.svg.j2`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Piece {
    pub kind: PieceKind,
    /// The face shown.
    pub face: ComponentFace,
    /// For dragon tiles.
    pub dragon: Option<Dragon>,
    /// For dragon tiles and portals.
    pub colour: Option<PieceColour>,
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
    pub(super) fn new(kind: PieceKind, face: ComponentFace, size: f32) -> Piece {
        Piece { kind, face, dragon: None, colour: None, x: 0.0, y: 0.0, size, rotate: 0.0, cell: None }
    }

    pub(super) fn at(mut self, x: f32, y: f32) -> Piece {
        self.x = x;
        self.y = y;
        self
    }

    /// A tile of `dragon`, in its colour.
    pub(super) fn dragon_tile(kind: PieceKind, face: ComponentFace, dragon: Dragon) -> Piece {
        let mut p = Piece::new(kind, face, TILE_MM);
        p.dragon = Some(dragon);
        p.colour = Some(PieceColour::Stone(dragon.colour()));
        p
    }

    /// A portal tile of `colour`.
    pub(super) fn portal(colour: PortalColour, face: ComponentFace) -> Piece {
        let mut p = Piece::new(PieceKind::Portal, face, TILE_MM);
        p.colour = Some(PieceColour::Portal(colour));
        p
    }
}

/// One printed face of a component: what the templates need and the file stem.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceFace {
    pub component: &'static Component,
    pub face: ComponentFace,
}

impl PieceFace {
    /// The file stem, e.g. `dragon-white-head-alive`; one-faced pieces keep the key alone.
    pub fn stem(&self) -> String {
        if self.component.faces.len() == 1 {
            self.component.kind.key().to_string()
        } else {
            format!("{}-{}", self.component.kind.key(), self.face.key())
        }
    }

    /// The piece of this face, centred on 0; none for the ruler and the boards.
    pub(super) fn piece(&self) -> Option<Piece> {
        let face = self.face;
        let p = match self.component.kind {
            ComponentKind::DragonHead(d) => Piece::dragon_tile(PieceKind::Head, face, d),
            ComponentKind::DragonSegment(d) => Piece::dragon_tile(PieceKind::Segment, face, d),
            ComponentKind::Portal(colour) => Piece::portal(colour, face),
            ComponentKind::Rock => Piece::new(PieceKind::Rock, face, TILE_MM),
            ComponentKind::WaterStone => Piece::new(PieceKind::Water, ComponentFace::Plain, STONE_MM),
            ComponentKind::FireStone => Piece::new(PieceKind::Fire, ComponentFace::Plain, STONE_MM),
            ComponentKind::BaguaStone(StoneColour::White) => {
                Piece::new(PieceKind::BaguaWhite, ComponentFace::Plain, STONE_MM)
            }
            ComponentKind::BaguaStone(StoneColour::Black) => {
                Piece::new(PieceKind::BaguaBlack, ComponentFace::Plain, STONE_MM)
            }
            ComponentKind::FluxCoin => Piece::new(PieceKind::Coin, face, COIN_MM),
            ComponentKind::BoardHuman | ComponentKind::BoardBagua | ComponentKind::DistanceRuler => return None,
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
pub fn faces() -> Vec<PieceFace> {
    COMPONENTS
        .iter()
        .filter(|c| c.shape != Shape::Board)
        .flat_map(|c| c.faces.iter().map(move |&face| PieceFace { component: c, face }))
        .collect()
}

/// A face of the ruler, laid out from its mouth end.
#[derive(Debug, Clone, Serialize)]
struct RulerFace {
    face: ComponentFace,
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
fn ruler_face(face: ComponentFace) -> RulerFace {
    let (values, pitch, title, hint, face): (&[u8], f32, _, _, _) = if face == ComponentFace::Slant {
        (
            &RULER_SLANT,
            CELL_MM * std::f32::consts::SQRT_2,
            "SLANT",
            "lay it from the front corner, diagonally",
            ComponentFace::Slant,
        )
    } else {
        (&RULER_STRAIGHT, CELL_MM, "STRAIGHT", "lay it ahead", ComponentFace::Straight)
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
pub fn face_svg(face: &PieceFace) -> Result<String, ArtError> {
    let (w, h) = face.size_mm();
    let ctx = json!({
        "width": w,
        "height": h,
        "component": face.component.kind,
        "face": face.face,
        "piece": face.piece().map(|p| p.at(w / 2.0, h / 2.0)),
        "ruler": (face.component.shape == Shape::Ruler).then(|| ruler_face(face.face)),
    });
    Ok(template::render("dragons/piece.svg.j2", ctx)?)
}

/// The two ruler faces one above the other, as printed (also a rulebook figure).
pub(super) fn ruler_pair(x: f32, y: f32) -> Value {
    json!({
        "x": x,
        "y": y,
        "faces": [ruler_face(ComponentFace::Straight), ruler_face(ComponentFace::Slant)],
    })
}

/// The pieces of one component's face pair for the sheets: (front, back).
pub(super) fn pair(c: &'static Component) -> (Piece, Piece) {
    let face = |i: usize| PieceFace { component: c, face: c.faces[i.min(c.faces.len() - 1)] };
    let a = face(0).piece().expect("a drawn piece");
    let b = face(1).piece().expect("a drawn piece");
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_face_has_a_drawing() {
        let f = faces();
        assert!(f.iter().all(|f| f.piece().is_some() || f.component.shape == Shape::Ruler));
        let stems: std::collections::BTreeSet<String> = f.iter().map(PieceFace::stem).collect();
        assert_eq!(stems.len(), f.len(), "stems are unique");
    }
}
