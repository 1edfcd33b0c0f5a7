//! Dragons of the Ba-Gua on the play page (`/play/dragons`): the printed boards with the
//! places a piece can stand marked ([`super::boards::board_human_screen_svg`],
//! [`super::boards::board_bagua_screen_svg`]), and every piece the page places on them,
//! each drawn by the same template as the printed piece (`templates/dragons/piece.svg.j2`)
//! in every turn it can take on the board.
//!
//! A piece is named for the page by what the rules module's view says of it: a head by
//! its dragon and the way it faces (`dragons-sky-head-north`, `…-defeated` its defeated
//! face), a body segment by its
//! dragon and the two edges it joins, in the order north, east, south, west
//! (`dragons-earth-segment-east-south`), a portal by its colour and whether a dragon is
//! in it, stones by kind, the flux coin by its face.

use super::boards::{board_bagua_screen_svg, board_human_screen_svg, curve_turns};
use super::components::ComponentFace;
use super::pieces::{COIN_MM, Piece, PieceKind, STONE_MM, TILE_MM};
use crate::games::{ArtError, PlayArt};
use crate::print::template;
use hexforge_rules::dragons::rules::{Direction, Dragon, PortalColour};
use serde_json::json;

/// One piece alone as SVG at its printed size (mm), drawn by `dragons/piece.svg.j2`.
fn piece_svg(mut piece: Piece) -> Result<String, ArtError> {
    let size = piece.size;
    piece.x = size / 2.0;
    piece.y = size / 2.0;
    let ctx = json!({
        "width": size,
        "height": size,
        "component": "screen",
        "face": piece.face,
        "piece": piece,
        "ruler": null,
    });
    Ok(template::render("dragons/piece.svg.j2", ctx)?)
}

fn turned(mut piece: Piece, quarter_turns: u8) -> Piece {
    piece.rotate = f32::from(quarter_turns) * 90.0;
    piece
}

/// The play page's drawings: every piece ([`pieces`]) and the two boards, the board of
/// human bare (the scenario's rock and portals come from the view) and the board of Ba-Gua.
pub fn play_art() -> Result<PlayArt, ArtError> {
    let boards = vec![("human", board_human_screen_svg()?), ("bagua", board_bagua_screen_svg()?)];
    Ok(PlayArt { symbols: pieces()?, boards })
}

/// Every piece the play page places, as (name, SVG at the piece's size in mm).
pub fn pieces() -> Result<Vec<(String, String)>, ArtError> {
    let mut out = Vec::new();
    for dragon in [Dragon::Sky, Dragon::Earth] {
        let d = dragon.key();
        for facing in Direction::ALL {
            let head = Piece::dragon_tile(PieceKind::Head, ComponentFace::Alive, dragon);
            out.push((format!("dragons-{d}-head-{}", facing.key()), piece_svg(turned(head, facing.quarter_turns()))?));
            let beaten = Piece::dragon_tile(PieceKind::Head, ComponentFace::Defeated, dragon);
            out.push((
                format!("dragons-{d}-head-{}-defeated", facing.key()),
                piece_svg(turned(beaten, facing.quarter_turns()))?,
            ));
        }
        for (i, &a) in Direction::ALL.iter().enumerate() {
            for &b in &Direction::ALL[i + 1..] {
                let piece = if b == a.opposite() {
                    turned(
                        Piece::dragon_tile(PieceKind::Segment, ComponentFace::Straight, dragon),
                        a.quarter_turns() % 2,
                    )
                } else {
                    turned(Piece::dragon_tile(PieceKind::Segment, ComponentFace::Curve, dragon), curve_turns(a, b))
                };
                out.push((format!("dragons-{d}-segment-{}-{}", a.key(), b.key()), piece_svg(piece)?));
            }
        }
    }
    for colour in [PortalColour::Green, PortalColour::Red, PortalColour::Blue] {
        for face in [ComponentFace::Free, ComponentFace::Occupied] {
            out.push((
                format!("dragons-portal-{}-{}", colour.key(), face.key()),
                piece_svg(Piece::portal(colour, face))?,
            ));
        }
    }
    let plain = |kind, size| Piece::new(kind, ComponentFace::Plain, size);
    out.push(("dragons-rock".into(), piece_svg(plain(PieceKind::Rock, TILE_MM))?));
    out.push(("dragons-water".into(), piece_svg(plain(PieceKind::Water, STONE_MM))?));
    out.push(("dragons-fire".into(), piece_svg(plain(PieceKind::Fire, STONE_MM))?));
    out.push(("dragons-bagua-white".into(), piece_svg(plain(PieceKind::BaguaWhite, STONE_MM))?));
    out.push(("dragons-bagua-black".into(), piece_svg(plain(PieceKind::BaguaBlack, STONE_MM))?));
    for face in [ComponentFace::CounterClockwise, ComponentFace::Clockwise] {
        out.push((format!("dragons-coin-{}", face.key()), piece_svg(Piece::new(PieceKind::Coin, face, COIN_MM))?));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_is_drawn_once_by_name() {
        let pieces = pieces().expect("the pieces render");
        let names: std::collections::BTreeSet<&str> = pieces.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names.len(), pieces.len());
        // 2 dragons × (4 heads alive + 4 defeated + 6 segments), 3 portals × 2 faces, rock,
        // 4 stones, 2 coin faces.
        assert_eq!(pieces.len(), 28 + 6 + 1 + 4 + 2);
        assert!(names.contains("dragons-sky-segment-north-south") && names.contains("dragons-earth-head-west"));
        assert!(names.contains("dragons-earth-head-west-defeated"));
    }
}
