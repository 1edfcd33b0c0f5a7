//! The how-to-play panel of `/play/{game}`: the game at a glance (its goal, a turn, the
//! kinds of move) from [`crate::games::glance`], the same words its rulebook prints in its
//! "At a glance" box, and links to the rulebook's PDF (served from `/downloads` once
//! `hexforge generate` has written it). Rendered once into the page, in place of
//! [`MARK`] in `web/play.html`.

use crate::games::glance::glance;
use crate::print::paper::Paper;

/// The mark in `web/play.html` replaced by the panel.
pub(super) const MARK: &str = "<!-- how-to-play -->";

/// The rulebook a game is in (Tao and Pathways share the Changing Lines book).
fn edition(game: &str) -> &str {
    match game {
        "tao" | "pathways" => "changing-lines",
        other => other,
    }
}

/// The panel's HTML for `game` (empty for a game without a glance).
pub(super) fn panel(game: &str) -> String {
    let Some(g) = glance(game) else { return String::new() };
    let e = super::play::escape;
    let moves: String =
        g.moves.iter().map(|(name, what)| format!("<dt>{}</dt><dd>{}</dd>", e(name), e(what))).collect();
    let book = |paper: Paper, label: &str| {
        format!("<a href=\"/downloads/{}\">{label}</a>", crate::rulebook::output_path(edition(game), paper))
    };
    format!(
        "<details id=\"play-rules\" class=\"rules-panel\"><summary>How to play</summary>\
<p><strong>Goal.</strong> {}</p><p><strong>A turn.</strong> {}</p>\
<h3 class=\"rules-kinds\">The kinds of move</h3><dl class=\"kinds\">{moves}</dl>\
<p class=\"muted\">The whole rules: the rulebook, PDF ({} · {}).</p></details>",
        e(&g.goal),
        e(&g.turn),
        book(Paper::A4, "A4"),
        book(Paper::Letter, "US Letter"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_panel_with_its_rulebook() {
        for rules in hexforge_rules::games() {
            let html = panel(rules.name());
            let g = glance(rules.name()).unwrap();
            assert!(html.contains(&super::super::play::escape(&g.goal)), "{html}");
            assert_eq!(html.matches("<dt>").count(), g.moves.len());
            assert!(html.contains(&format!("/downloads/rulebooks/{}-rules-a4.pdf", edition(rules.name()))), "{html}");
        }
        assert_eq!(panel("chess"), "");
    }
}
