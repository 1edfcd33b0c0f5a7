//! I-Ching Solitaire on paper: its rulebook's facts (every number from the rules crate's
//! `hexforge_rules::solitaire`, the measured ones from its pinned `measured.rs` with the
//! command that reproduces them) and its quick-reference and score sheet. The game is
//! played with the Changing Lines deck, which that part prints.

use crate::games::glance::{Glance, count, row};
use crate::games::{ArtError, ComponentRow, Figure, PrintFile, PrintOptions, PrintedGame};
use crate::print::output::Output;
use crate::print::paper::Paper;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::thousands;
use hexforge_rules::solitaire::{self as sol, Variant, measured};
use serde_json::{Value, json};

/// The game's key: its output folder, its rulebook's name.
pub const KEY: &str = "solitaire";

/// The centre card of the rulebook's example (the start card a player turned up).
pub const EXAMPLE_CENTRE: u8 = 3;

/// I-Ching Solitaire, as a [`PrintedGame`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solitaire;

/// The quick-reference and score sheet on `paper`.
pub fn sheet_file(paper: Paper) -> PrintFile {
    PrintFile::new(format!("{KEY}/sheet-{}.pdf", paper.key()), "sheet-pdf")
}

/// The command that measures `deals` deals, as the book prints it.
pub fn command(deals: u64) -> String {
    format!("cargo run -p hexforge-rules --release --example solitaire_measure -- {deals}")
}

/// A share of `of` as a percentage with one decimal, as the books print it.
pub(crate) fn percent(n: u64, of: u64) -> String {
    format!("{:.1}", n as f64 * 100.0 / of as f64)
}

/// The measured facts: the 100,000 deals of docs/solitaire.md, with their command.
fn measured_json() -> Value {
    let m = measured::hundred_thousand();
    let laid = (sol::PILES * sol::DEPTH) as u64;
    json!({
        "deals": thousands(m.deals),
        "winnable": thousands(m.winnable),
        "winnable_percent": percent(m.winnable, m.deals),
        "greedy_wins": thousands(m.greedy_wins),
        "greedy_percent": percent(m.greedy_wins, m.deals),
        "median_turned": m.median_turned(),
        "median_moves": laid + m.median_turned() as u64,
        "shortest": m.shortest.iter().map(|&n| thousands(n)).collect::<Vec<_>>(),
        "command": command(m.deals),
        "sample_deals": thousands(measured::sample().deals),
        "sample_command": command(measured::sample().deals),
        "bots": bots_json(),
    })
}

/// How often the engine's bots win the first thousand deals (`measured::bots_thousand`),
/// beside the solver, with the command that plays them again.
fn bots_json() -> Value {
    let b = measured::bots_thousand();
    let row = |wins: u64| json!({ "wins": thousands(wins), "percent": percent(wins, b.deals) });
    json!({
        "deals": thousands(b.deals),
        "winnable": row(b.winnable),
        "search": row(b.search),
        "greedy": row(b.greedy),
        "command": format!("{} bots", command(b.deals)),
    })
}

/// The rulebook's worked example: what may go onto centre card [`EXAMPLE_CENTRE`].
fn example() -> Value {
    let centre = Hexagram::from_number(i64::from(EXAMPLE_CENTRE)).expect("a hexagram number");
    let book = Variant::BOOK;
    let fits = |h: Hexagram| book.fits(h.bits(), centre.bits());
    let neighbours: Vec<u8> = centre.neighbours().iter().map(|h| h.number()).collect();
    // A card that fits only when turned: its dark face does not, its light face does.
    let turned = Hexagram::all()
        .find(|h| !fits(*h) && fits(h.inverse()) && h.inverse().distance(centre) == 1)
        .expect("some card fits only turned");
    let stuck = Hexagram::all()
        .find(|h| *h != centre && h.inverse() != centre && !fits(*h) && !fits(h.inverse()))
        .expect("some card does not fit");
    json!({
        "centre": centre.number(),
        "centre_name": centre.names().en,
        "neighbours": neighbours,
        "complement": centre.complement().number(),
        "turned": turned.number(),
        "turned_shows": turned.inverse().number(),
        "stuck": stuck.number(),
        "stuck_shows": stuck.inverse().number(),
    })
}

/// The facts the rulebook and the sheet read from `sys.inputs.data`.
pub fn data() -> Value {
    let laid = sol::PILES * sol::DEPTH;
    let mirrors: Vec<u8> = Hexagram::all().filter(|h| h.is_mirror()).map(Hexagram::number).collect();
    json!({
        "title": hexforge_rules::solitaire::printed::PRINTED.title.en,
        "title_zh": hexforge_rules::solitaire::printed::PRINTED.title.zh,
        "deck": Hexagram::all().count(),
        "piles": sol::PILES,
        "depth": sol::DEPTH,
        "stock": sol::STOCK,
        "laid": laid,
        "longest": laid + sol::STOCK,
        "mirrors": mirrors,
        "duration": format!("{laid}–{} moves", laid + sol::STOCK),
        "example": example(),
        "measured": measured_json(),
    })
}

impl PrintedGame for Solitaire {
    fn key(&self) -> &'static str {
        KEY
    }

    fn files(&self, _options: &PrintOptions) -> Vec<PrintFile> {
        Paper::HOME.into_iter().map(sheet_file).collect()
    }

    fn generate(&self, out: &Output, _options: &PrintOptions) -> Result<(), ArtError> {
        let sheets = Paper::HOME.into_iter().map(|p| ("solitaire-sheet", sheet_file(p)));
        crate::games::write_sheets(out, sheets, &data())
    }

    fn components(&self) -> Vec<ComponentRow> {
        vec![
            crate::games::changing_lines_deck_row(),
            ComponentRow::printed(
                1,
                "Score sheet",
                "the moves at a glance and a row a deal for the stock cards turned",
                Paper::HOME.into_iter().map(|p| sheet_file(p).path).collect(),
            ),
            ComponentRow::other(1, "Rulebook", "this booklet"),
        ]
    }

    fn rulebook_data(&self) -> Value {
        data()
    }

    fn figures(&self) -> Result<Vec<Figure>, ArtError> {
        Ok(Vec::new())
    }

    fn glances(&self) -> Vec<(&'static str, Glance)> {
        vec![(sol::registration::GAME.key(), glance())]
    }
}

/// I-Ching Solitaire at a glance ([`crate::games::glance`]): the book's box and the play
/// page's panel.
fn glance() -> Glance {
    Glance {
        goal: format!(
            "Clear the {} piles onto the centre pile, turning as few of the {} stock cards as you can.",
            count(sol::PILES as u64),
            sol::STOCK
        ),
        turn: "Lay the top card of a pile on the centre pile, either way up, if it fits; or turn the next stock card onto it.".into(),
        moves: vec![
            row("One line", "the card shows a hexagram one changed line from the centre card."),
            row("Complement", "the card shows the centre card with every line changed."),
            row("Mirror", "a card that reads the same either way up fits on anything."),
            row("Stock", "turn the next stock card onto the centre pile, either way up."),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_is_the_rules() {
        let e = example();
        let centre = Hexagram::from_number(i64::from(EXAMPLE_CENTRE)).unwrap();
        let turned = Hexagram::from_number(e["turned"].as_i64().unwrap()).unwrap();
        assert!(!Variant::BOOK.fits(turned.bits(), centre.bits()));
        assert_eq!(turned.inverse().distance(centre), 1);
        assert_eq!(thousands(7_995), "7,995");
        assert_eq!(thousands(100), "100");
    }
}
