//! The drawings embedded in a `/play/{game}` page: the printed boards and pieces of that
//! game, rendered once from the same templates and layout models as the print files, so
//! the page draws the table with the artwork of the paper game and asks the server
//! nothing during play.
//!
//! For a game with drawings the page gets, in place of the `<!-- play-art -->` mark of
//! `web/play.html`, one `<div id="play-art" data-game="…">` holding
//! - a hidden `<svg class="play-sprites">` of `<symbol>`s, one per piece or tile face,
//!   each the piece's own print SVG turned into a symbol (its `viewBox` in millimetres,
//!   like the boards'); `web/js/boards.js` places them with `<use href="#name">`;
//! - one `<template data-board="…">` per board, the board as printed plus the screen-only
//!   marks of its template (each place a piece can stand, with its centre in data-x and
//!   data-y), which `boards.js` clones and fills from the rules module's view.
//!
//! Each game draws its own ([`crate::games::PrintedGame::play_art`] of the part it is played
//! with); a game without drawings is played in words and with the page's own cards.

use crate::games::{ArtError, PlayArt, played_with};

/// The mark in `web/play.html` replaced by a game's drawings.
pub(super) const MARK: &str = "<!-- play-art -->";

/// A standalone SVG as a `<symbol id="…">` with the same viewBox and drawing (its title
/// left out: the page names each piece in words where it places it).
pub(super) fn symbol(id: &str, svg: &str) -> String {
    let start = svg.find("<svg").unwrap_or(0);
    let open_end = start + svg[start..].find('>').map_or(0, |i| i + 1);
    let open = &svg[start..open_end];
    let view_box = open.split("viewBox=\"").nth(1).and_then(|rest| rest.split('"').next()).unwrap_or("0 0 10 10");
    let close = svg.rfind("</svg>").unwrap_or(svg.len()).max(open_end);
    let mut body = svg[open_end..close].to_string();
    if let (Some(a), Some(b)) = (body.find("<title>"), body.find("</title>")) {
        body.replace_range(a..b + "</title>".len(), "");
    }
    format!("<symbol id=\"{id}\" viewBox=\"{view_box}\">{}</symbol>", body.trim())
}

/// The board SVG without what precedes its root element.
fn board(name: &str, svg: &str) -> String {
    let start = svg.find("<svg").unwrap_or(0);
    format!("<template data-board=\"{name}\">{}</template>", svg[start..].trim())
}

/// The drawings of `game` (a name of the rules crate's registry) as the page embeds them,
/// or `None` for a game drawn in words and the page's own cards only.
pub(super) fn art(game: &str) -> Option<Result<String, ArtError>> {
    let drawn = played_with(game)?.play_art()?;
    Some(drawn.map(|PlayArt { symbols, boards }| {
        let mut out = format!("<div id=\"play-art\" data-game=\"{game}\">");
        out.push_str("<svg class=\"play-sprites\" aria-hidden=\"true\" focusable=\"false\"><defs>");
        for (id, svg) in &symbols {
            out.push_str(&symbol(id, svg));
        }
        out.push_str("</defs></svg>");
        for (name, svg) in &boards {
            out.push_str(&board(name, svg));
        }
        out.push_str("</div>");
        out
    }))
}

/// The picture of `game` on the list of games (`GET /play`), as a standalone SVG: the
/// part's own ([`crate::games::PrintedGame::play_picture`]), a printed board or tile.
pub(super) fn picture(game: &str) -> Option<String> {
    let svg = played_with(game)?.play_picture()?;
    svg.inspect_err(|err| tracing::error!(game, error = %err, "the game's picture did not render")).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standalone_svg_becomes_a_symbol_with_its_view_box() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4mm\" height=\"2mm\" viewBox=\"0 0 4 2\">\n  <title>t</title><rect width=\"4\" height=\"2\"/></svg>\n";
        assert_eq!(symbol("x", svg), "<symbol id=\"x\" viewBox=\"0 0 4 2\"><rect width=\"4\" height=\"2\"/></symbol>");
    }

    #[test]
    fn the_drawn_games_have_their_pieces_and_marked_boards() {
        let liubo = art("liubo").expect("liubo is drawn").expect("it renders");
        assert_eq!(liubo.matches("<symbol ").count(), 4);
        assert_eq!(liubo.matches(" data-station=").count(), 29);
        assert_eq!(liubo.matches(" data-x=").count(), 29, "every station carries its centre");
        let dragons = art("dragons").expect("dragons is drawn").expect("it renders");
        assert_eq!(dragons.matches(" data-cell=").count(), 81);
        assert!(dragons.contains("data-slot=\"space-7-black\"") && dragons.contains("data-slot=\"centre-fire\""));
        let tiles = art("yijing-pai").expect("易经牌 is drawn").expect("it renders");
        assert!(tiles.contains("id=\"yijing-pai-taiji\"") && tiles.contains("id=\"yijing-pai-back\""));
        assert!(art("tao").is_none());
    }
}
