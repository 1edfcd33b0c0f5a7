//! Font-fallback warnings (issue 17): ordinary rendering of every card, board, piece and
//! tile logs no warning at all, so a warning means something; a character that no
//! bundled font has still warns.
//!
//! The log is captured per thread: a `log` logger (usvg logs through `log`) that keeps
//! the warnings of the thread that renders, so tests running side by side do not see
//! each other's records.

use std::cell::RefCell;

use hexforge::cards::{Lang, card_svg_with_backs};
use hexforge::games;
use hexforge::games::decks;
use hexforge::games::dragons::pieces as dragons_pieces;
use hexforge::games::liubo::pieces::{self as liubo_pieces, Piece, Side};
use hexforge::games::yijing_pai::art::{TileFace, tile_svg_with_backs};
use hexforge::print::plan::Backs;
use hexforge::print::render::{svg_tree, unresolved_glyphs};

thread_local! {
    static WARNINGS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Keeps every warning (or worse) logged on the current thread.
struct ThreadLog;

impl log::Log for ThreadLog {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record) {
        if self.enabled(record.metadata()) {
            WARNINGS.with(|w| w.borrow_mut().push(format!("{}: {}", record.target(), record.args())));
        }
    }

    fn flush(&self) {}
}

/// The warnings logged on this thread while parsing `svg` as every render does.
fn warnings_of(svg: &str) -> Vec<String> {
    static LOGGER: ThreadLog = ThreadLog;
    // Only the first call installs it; later calls find it in place.
    if log::set_logger(&LOGGER).is_ok() {
        log::set_max_level(log::LevelFilter::Warn);
    }
    WARNINGS.with(|w| w.borrow_mut().clear());
    svg_tree(svg, 96.0).expect("svg parses");
    WARNINGS.with(|w| w.take())
}

/// Every drawing the project prints, by name: card faces of both decks (both backs
/// too), every game's rulebook figures, boards, pieces and tiles.
fn every_drawing() -> Vec<(String, String)> {
    let mut all = Vec::new();
    for deck in [decks::CHANGING_LINES, decks::ZHI_PAI] {
        for face in deck.faces() {
            for backs in [Backs::Full, Backs::LowInk] {
                let svg = card_svg_with_backs(deck, &face, Lang::En, backs).expect("card draws");
                all.push((format!("{} {} {backs:?}", deck.slug(), face.slug()), svg));
            }
        }
        let fr = card_svg_with_backs(deck, &deck.faces()[0], Lang::Fr, Backs::Full).expect("card draws");
        all.push((format!("{} first card in French", deck.slug()), fr));
    }
    for game in games::all() {
        for (name, svg) in game.figures().expect("figures draw") {
            all.push((format!("{} figure {name}", game.key()), svg));
        }
    }
    all.push(("liubo board".into(), hexforge::games::liubo::board::board_svg().unwrap()));
    all.push(("liubo pieces".into(), liubo_pieces::pieces_svg().unwrap()));
    all.push(("liubo stick".into(), liubo_pieces::stick_svg().unwrap()));
    all.push(("liubo throw chart".into(), liubo_pieces::throw_chart_svg().unwrap()));
    for piece in Piece::ALL {
        for side in Side::ALL {
            all.push((format!("liubo {piece:?} {side:?}"), liubo_pieces::token_svg(piece, side).unwrap()));
        }
    }
    let dragons = &hexforge::games::dragons::boards::board_human_svg;
    all.push(("dragons board of human".into(), dragons(None, true).unwrap()));
    all.push(("dragons ba-gua wheel".into(), hexforge::games::dragons::boards::board_bagua_svg(false).unwrap()));
    for face in dragons_pieces::faces() {
        all.push((format!("dragons {}", face.stem()), dragons_pieces::face_svg(&face).unwrap()));
    }
    for face in TileFace::ALL {
        for backs in [Backs::Full, Backs::LowInk] {
            all.push((format!("yijing-pai {face:?} {backs:?}"), tile_svg_with_backs(face, backs).unwrap()));
        }
    }
    all
}

#[test]
fn rendering_every_drawing_logs_no_warning() {
    let drawings = every_drawing();
    assert!(drawings.len() > 300, "only {} drawings", drawings.len());
    let noisy: Vec<(String, Vec<String>)> = drawings
        .into_iter()
        .map(|(name, svg)| (name, warnings_of(&svg)))
        .filter(|(_, warnings)| !warnings.is_empty())
        .collect();
    assert!(noisy.is_empty(), "{} drawings log warnings, first: {:?}", noisy.len(), noisy.first());
}

#[test]
fn quiet_fallback_hides_no_box() {
    // Silence would be wrong if a glyph were drawn as a box: none is, anywhere.
    for (name, svg) in every_drawing() {
        assert_eq!(unresolved_glyphs(&svg).unwrap(), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn text_in_several_scripts_falls_back_quietly() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">
        <text x="1" y="12" font-family="Noto Sans" font-size="6">Peace 泰 ䷊ ☯ → ☰</text></svg>"#;
    assert_eq!(warnings_of(svg), Vec::<String>::new());
}

#[test]
fn a_character_no_bundled_font_has_still_warns() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">
        <text x="1" y="12" font-family="Noto Sans" font-size="6">a&#xE000;b</text></svg>"#;
    let warnings = warnings_of(svg);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("U+E000"), "{warnings:?}");
}
