//! The how-to-play panel of `/play/{game}`: the game at a glance (its goal, a turn, the
//! kinds of move) from [`crate::games::glance`], the same words its rulebook prints in its
//! "At a glance" box, and links to the rulebook's PDF (served from `/downloads` once
//! `hexforge generate` has written it). Rendered once into the page, in place of
//! [`MARK`] in `web/play.html`.

use crate::games::glance_of;
use crate::print::paper::Paper;
use hexforge_rules::play::bots::{Bot, SEARCH_PLAYOUTS};

/// The mark in `web/play.html` replaced by the panel.
pub(super) const MARK: &str = "<!-- how-to-play -->";
/// The mark in `web/play.html` replaced by the bots by strength ([`bot_levels`]).
pub(super) const BOTS_MARK: &str = "<!-- bot-levels -->";

/// A bot of the rules crate ([`Bot::NAMES`]) by strength: its level and what it does. The
/// order is measured: in every game greedy beats random and search beats greedy more
/// often than chance (the README's bot-strength table, `tests/games/bot_strength.rs`).
fn level(bot: &str) -> Option<(&'static str, String)> {
    Some(match bot {
        "random" => ("Beginner", "plays any legal move, chosen at random.".into()),
        "greedy" => (
            "Intermediate",
            "takes the move that looks best now, by the game's rule of thumb; it does not look ahead.".into(),
        ),
        "search" => (
            "Strong",
            format!(
                "looks ahead: plays each candidate move out {SEARCH_PLAYOUTS} times, guessing what it cannot see, and takes the one that won most often."
            ),
        ),
        _ => return None,
    })
}

/// The setup form's list of the bots by strength (`web/js/levels.js` reads it), weakest first.
pub(super) fn bot_levels() -> String {
    let e = super::play::escape;
    let items: String = Bot::NAMES
        .iter()
        .filter_map(|name| level(name).map(|(level, does)| (name, level, does)))
        .map(|(name, level, does)| {
            format!(
                "<li data-bot=\"{name}\" data-level=\"{level}\" data-does=\"{}\"><strong>{level}</strong> ({name}): {}</li>",
                e(&does),
                e(&does)
            )
        })
        .collect();
    format!(
        "<div class=\"bot-levels\"><p class=\"muted\">The bots, by strength:</p><ul id=\"play-bot-levels\">{items}</ul></div>"
    )
}

/// The rulebook a game is in: its printed part's (Tao and Pathways share the Changing
/// Lines book).
fn edition(game: &str) -> &str {
    hexforge_rules::game(game).map_or(game, |g| g.printed.key)
}

/// The panel's HTML for `game` (empty for a game without a glance).
pub(super) fn panel(game: &str) -> String {
    let Some(g) = glance_of(game) else { return String::new() };
    let e = super::play::escape;
    let moves: String =
        g.moves.iter().map(|(name, what)| format!("<dt>{}</dt><dd>{}</dd>", e(name), e(what))).collect();
    let book = |paper: Paper, label: &str| {
        format!("<a href=\"/downloads/{}\">{label}</a>", crate::rulebook::output_path(edition(game), paper))
    };
    format!(
        "<details id=\"play-rules\" class=\"rules-panel\"><summary>How to play</summary>\
<p><strong>Goal.</strong> {}</p><p><strong>A turn.</strong> {}</p>\
<h2 class=\"rules-kinds\">The kinds of move</h2><dl class=\"kinds\">{moves}</dl>\
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
            let g = glance_of(rules.name()).unwrap();
            assert!(html.contains(&super::super::play::escape(&g.goal)), "{html}");
            assert_eq!(html.matches("<dt>").count(), g.moves.len());
            assert!(html.contains(&format!("/downloads/rulebooks/{}-rules-a4.pdf", edition(rules.name()))), "{html}");
        }
        assert_eq!(panel("chess"), "");
    }

    #[test]
    fn every_bot_of_the_rules_crate_has_its_level() {
        let html = bot_levels();
        let levels: Vec<&str> = Bot::NAMES.iter().map(|n| level(n).expect(n).0).collect();
        assert_eq!(levels, ["Beginner", "Intermediate", "Strong"], "weakest first");
        for name in Bot::NAMES {
            assert!(html.contains(&format!("data-bot=\"{name}\"")), "{html}");
        }
    }
}
