//! The puzzle book (docs/puzzles.md): 30 Pathways ladders, 30 Zhi Pai deals and 30 solitaire
//! deals from the numbered series, each series in rising difficulty, the answers at the back; typeset by the
//! rulebook engine from `templates/rulebooks/puzzle-book.typ`. With a base address, each
//! puzzle carries a QR code to `<base>/?puzzle=ID`, which opens it on the page.

use super::{Book, RulebookError, rulebook_pdf};
use crate::print::output::Output;
use crate::print::paper::Paper;
use hexforge_rules::core::lang::Lang;
use hexforge_rules::puzzles::{Puzzle, PuzzleGame, PuzzleId, Serial};
use serde_json::{Value, json};

/// Puzzles of each kind in the book.
pub const PER_KIND: u32 = 30;

/// Where each edition goes: `puzzles/puzzle-book-<paper>.pdf`.
pub fn output_path(paper: Paper) -> String {
    format!("puzzles/puzzle-book-{}.pdf", paper.key())
}

/// The first [`PER_KIND`] puzzles of a kind, easiest first (by rating, then number).
fn series(game: PuzzleGame) -> Vec<(PuzzleId, Puzzle)> {
    let mut puzzles: Vec<(PuzzleId, Puzzle)> = (1..=PER_KIND)
        .map(|n| {
            let id = PuzzleId { game, serial: Serial::Numbered(n) };
            (id, Puzzle::from_id(&id))
        })
        .collect();
    puzzles.sort_by_key(|(id, p)| {
        let rating = match p {
            Puzzle::Ladder(l) => l.difficulty.rating as u32,
            Puzzle::Deal(d) => d.difficulty.rating,
            Puzzle::Solitaire(s) => s.difficulty.rating,
        };
        (rating, id.to_string().len(), id.to_string())
    });
    puzzles
}

/// What the template reads, and the QR codes as figures `qr-<id>.svg`.
pub fn book(base_url: Option<&str>) -> Book {
    let mut figures = Vec::new();
    let mut qr = |id: &PuzzleId| -> Value {
        let Some(base) = base_url else { return Value::Null };
        let url = format!("{base}/?puzzle={id}");
        let code = qrcode::QrCode::new(url.as_bytes()).expect("a short address fits a QR code");
        let svg = code.render::<qrcode::render::svg::Color>().quiet_zone(true).min_dimensions(120, 120).build();
        figures.push((format!("qr-{id}.svg"), svg));
        json!(url)
    };
    let numbers =
        |cards: &[hexforge_rules::core::hexagram::Hexagram]| cards.iter().map(|h| h.number()).collect::<Vec<_>>();
    let ladders: Vec<Value> = series(PuzzleGame::Pathways)
        .into_iter()
        .filter_map(|(id, p)| match p {
            Puzzle::Ladder(l) => Some(json!({
                "id": id.to_string(), "qr": qr(&id), "from": l.from.number(), "to": l.to.number(),
                "removed": numbers(&l.removed), "optimum": l.solution.len(), "rating": l.difficulty.rating,
                "solution": numbers(&l.solution),
            })),
            Puzzle::Deal(_) | Puzzle::Solitaire(_) => None,
        })
        .collect();
    let deals: Vec<Value> = series(PuzzleGame::Zhipai)
        .into_iter()
        .filter_map(|(id, p)| match p {
            Puzzle::Deal(d) => Some(json!({
                "id": id.to_string(), "qr": qr(&id), "start": d.start.number(), "complement": d.start.complement().number(),
                "deal": numbers(&d.deal), "opening": hexforge_rules::puzzles::deal::OPENING_ZONE, "optimum": d.optimum,
                "rating": d.difficulty.rating,
                "solution": d.solution.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })),
            Puzzle::Ladder(_) | Puzzle::Solitaire(_) => None,
        })
        .collect();
    let solitaires: Vec<Value> = series(PuzzleGame::Solitaire)
        .into_iter()
        .filter_map(|(id, p)| match p {
            Puzzle::Solitaire(s) => {
                let view = crate::api::solitaire_puzzle::view(&id, &s, true);
                Some(json!({
                    "id": id.to_string(), "qr": qr(&id), "piles": view.piles, "start": view.start,
                    "stock": view.stock, "optimum": view.optimum, "rating": s.difficulty.rating,
                    "solution": view.solution,
                }))
            }
            Puzzle::Ladder(_) | Puzzle::Deal(_) => None,
        })
        .collect();
    let data = json!({
        "hexagrams": super::hexagrams_json(),
        "ladders": ladders,
        "deals": deals,
        "solitaires": solitaires,
        "mirrors": (1..=64u8).filter(|&n| hexforge_rules::core::hexagram::Hexagram::from_number(n.into()).is_ok_and(|h| h.is_mirror())).collect::<Vec<_>>(),
        "penalties": hexforge_rules::zhi_pai::SOLO_PENALTIES,
        "base_url": base_url,
    });
    Book { key: "puzzle-book", lang: Lang::En, data, figures }
}

/// Writes both editions through `out` (atomic, in the manifest), one after the other (see
/// [`super::write_rulebooks`]).
pub fn write(out: &Output, base_url: Option<&str>) -> Result<(), RulebookError> {
    let book = book(base_url);
    for paper in Paper::HOME {
        out.write(&output_path(paper), "puzzle-book-pdf", &rulebook_pdf(&book, paper)?)?;
    }
    Ok(())
}
