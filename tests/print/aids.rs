//! Issue 11, "a wasted sheet": the player aids fill every slot the decks leave free on
//! their last home-print sheet, say what the rules say (each number checked against the
//! core), and keep their text inside the card's safe area.

use crate::temp_dir;

use hexforge::cards::aids::{Aid, Block, aid_back_svg, aid_svg, aids, spare_slots};
use hexforge::cards::export::{self, aid_svg_file};
use hexforge::cards::sheet::{HOME_COLS, HOME_ROWS};
use hexforge::cards::{BLEED_MM, Lang, PrintedDeck, SAFE_MM, TRIM_HEIGHT_MM, TRIM_WIDTH_MM};
use hexforge::games::changing_lines::rulebook::TAO_CANCEL_DRAWS;
use hexforge::games::decks;
use hexforge::games::{PrintOptions, by_key};
use hexforge::print::dpi::Dpi;
use hexforge::print::output::Output;
use hexforge::print::plan::Backs;
use hexforge::print::profile::Profiles;
use hexforge_rules::changing_lines::deck::DeckName;
use hexforge_rules::core::casting;
use hexforge_rules::core::hexagram::{Hexagram, Line, LinePosition};
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::zhi_pai::{SOLO_PENALTIES, common_zone_penalty};

fn aid(deck: PrintedDeck, slug: &str) -> Aid {
    aids(deck, Lang::En).into_iter().find(|a| a.slug == slug).unwrap_or_else(|| panic!("{deck} has no aid {slug}"))
}

/// Every number written in `text`, in order.
fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect()
}

/// The text block following the heading that starts with `heading`.
fn text_after(aid: &Aid, heading: &str) -> String {
    let at = aid
        .blocks
        .iter()
        .position(|b| matches!(b, Block::Heading(h) if h.starts_with(heading)))
        .unwrap_or_else(|| panic!("{}: no heading {heading}", aid.slug));
    match &aid.blocks[at + 1] {
        Block::Text(t) => t.clone(),
        other => panic!("{}: {heading} is followed by {other:?}", aid.slug),
    }
}

fn rows(aid: &Aid) -> Vec<(String, String)> {
    aid.blocks.iter().filter_map(|b| if let Block::Rows(r) = b { Some(r.clone()) } else { None }).flatten().collect()
}

#[test]
fn the_aids_fill_the_last_sheet_of_every_deck() {
    for deck in decks::ALL {
        let slots = HOME_COLS * HOME_ROWS;
        let cards = deck.print_pairs().len();
        assert!(cards % slots != 0, "{deck}: nothing to fill");
        assert_eq!((cards + aids(deck, Lang::En).len()) % slots, 0, "{deck}: the last sheet still has empty slots");
        assert_eq!(aids(deck, Lang::En).len(), spare_slots(deck));
    }
}

/// The home PDFs have as many pages as the cards and aids fill (fronts and backs), and
/// every aid's SVG is among the files the deck lists and writes.
#[test]
fn the_home_sheets_carry_the_aids() {
    let dir = temp_dir::TempDir::new("aids");
    let out = Output::create(dir.0.clone()).expect("output folder");
    let options =
        PrintOptions { dpi: Dpi::new(72).expect("72 is in range"), profiles: Profiles::HOME, ..Default::default() };
    let deck = decks::ZHI_PAI;
    let game = by_key(deck.slug()).expect("a game");
    export::write_deck(&out, deck, &options, &export::no_progress).expect("the deck is written");
    let listed: Vec<String> = game.files(&options).into_iter().map(|f| f.path).collect();
    for a in aids(deck, Lang::En) {
        let path = aid_svg_file(deck, a.slug).path;
        assert!(listed.contains(&path), "{path} is not listed");
        assert!(dir.0.join(&path).exists(), "{path} was not written");
    }
    let pdf = lopdf::Document::load(dir.0.join(export::sheet_pdf_path(deck, hexforge::print::paper::Paper::A4)))
        .expect("a PDF");
    let filled = deck.print_pairs().len() + aids(deck, Lang::En).len();
    assert_eq!(pdf.get_pages().len(), 2 * filled / (HOME_COLS * HOME_ROWS));
}

#[test]
fn pathways_deck_lists_are_the_core_decks() {
    let cl = decks::CHANGING_LINES;
    let three_four = aid(cl, "pathways-3d-4d");
    let five = aid(cl, "pathways-5d");
    for (aid, deck) in [(&three_four, DeckName::ThreeD), (&five, DeckName::FiveD), (&three_four, DeckName::FourD)] {
        let head = deck.name().to_uppercase();
        let printed = numbers(&text_after(aid, &head));
        let core: Vec<u32> = deck.cards().numbers().into_iter().map(u32::from).collect();
        assert_eq!(printed, core, "{head}");
    }
    // 5D by its definition: every card whose line 1 is yang.
    let yang: Vec<u32> =
        Hexagram::all().filter(|h| h.line(LinePosition::ALL[0]) == Line::Yang).map(|h| u32::from(h.number())).collect();
    assert_eq!(numbers(&text_after(&five, "5D")), yang);
    // The sizes on the Pathways card.
    for (name, size) in rows(&aid(cl, "pathways")).into_iter().filter(|(k, _)| k.ends_with('D')) {
        let deck = DeckName::ALL.into_iter().find(|d| d.name().to_uppercase() == name).expect("a deck");
        assert_eq!(numbers(&size), vec![deck.cards().numbers().len() as u32], "{name}");
    }
}

#[test]
fn tao_numbers_are_the_rules() {
    let powers = aid(decks::CHANGING_LINES, "tao-powers");
    let kind =
        |f: fn(&Hexagram) -> bool| -> Vec<u32> { Hexagram::all().filter(f).map(|h| u32::from(h.number())).collect() };
    assert_eq!(numbers(&text_after(&powers, "Double Mirror")), kind(|h| h.is_double_mirror()));
    assert_eq!(numbers(&text_after(&powers, "Mirror")), kind(|h| h.is_mirror() && !h.is_double()));
    assert_eq!(numbers(&text_after(&powers, "Double")), kind(|h| h.is_double() && !h.is_mirror()));
    let draws: Vec<u32> = TAO_CANCEL_DRAWS.iter().map(|&d| d as u32).collect();
    assert_eq!(numbers(&text_after(&powers, "Cancel chain")), draws);
    let plays = rows(&aid(decks::CHANGING_LINES, "tao-plays"));
    let cancel = &plays.iter().find(|(k, _)| k == "Cancel").expect("a cancel row").1;
    assert_eq!(numbers(cancel), vec![draws[0]]);
}

#[test]
fn casting_rows_are_the_casters() {
    let lines = rows(&aid(decks::CHANGING_LINES, "divination-lines"));
    assert_eq!(lines.iter().map(|(k, _)| k.parse::<i64>().unwrap()).collect::<Vec<_>>(), vec![6, 7, 8, 9]);
    for (value, text) in &lines {
        let cast = casting::cast(&[value.parse().unwrap(); 6]).unwrap();
        assert_eq!(text.contains("changing"), !cast.changing.is_empty(), "{value}: {text}");
        let yang = cast.primary.line(LinePosition::ALL[0]) == Line::Yang;
        assert!(text.contains(if yang { ": yang" } else { ": yin" }), "{value}: {text}");
    }
    let three = rows(&aid(decks::CHANGING_LINES, "divination-cards"));
    // Three coins: a line value's chance is its count of heads (value − 6 for 6..9 in
    // 3-head steps) over 8, i.e. 1, 3, 3, 1 eighths.
    let eighths: Vec<u32> = three.iter().map(|(_, t)| numbers(t)[..2].iter().product()).collect();
    assert_eq!(eighths, vec![8, 24, 24, 8], "{three:?}");
}

#[test]
fn trigram_rows_are_the_trigrams() {
    let rows = rows(&aid(decks::CHANGING_LINES, "trigrams"));
    assert_eq!(rows.len(), 8);
    for t in Trigram::ALL {
        let key = format!("{} {}", t.symbol(), t.chinese());
        let (_, value) = rows.iter().find(|(k, _)| *k == key).unwrap_or_else(|| panic!("no row {key}"));
        let lines: String = value
            .split(' ')
            .filter_map(|w| ["yin", "yang"].iter().position(|l| l == &w))
            .map(|i| i.to_string())
            .collect();
        assert_eq!(lines, t.line_string(), "{}", t.name());
        assert!(value.starts_with(t.name()));
    }
}

#[test]
fn the_solo_score_table_is_score_rs() {
    let rows = rows(&aid(decks::ZHI_PAI, "links-and-score"));
    let penalties: Vec<&(String, String)> = rows.iter().filter(|(_, v)| v.starts_with('+')).collect();
    assert_eq!(penalties.len(), SOLO_PENALTIES.len());
    for ((zone, penalty), row) in penalties.iter().zip(SOLO_PENALTIES) {
        let size = numbers(zone)[0];
        assert_eq!(size, row.common_zone);
        assert_eq!(zone.contains("or more"), row.or_more);
        assert_eq!(numbers(penalty), vec![common_zone_penalty(i64::from(size)).unwrap()]);
    }
    let conditions: Vec<&str> =
        rows.iter().filter(|(_, v)| !v.starts_with('+') && v != "penalty").map(|(k, _)| k.as_str()).collect();
    assert_eq!(conditions, ["1", "2", "3"]);
}

/// Every text of every aid and back, measured by usvg in the bundled fonts, lies inside
/// the card's safe area (3 mm inside the trim).
#[test]
fn aid_text_stays_inside_the_safe_area() {
    let (left, top) = (BLEED_MM + SAFE_MM, BLEED_MM + SAFE_MM);
    let (right, bottom) = (BLEED_MM + TRIM_WIDTH_MM - SAFE_MM, BLEED_MM + TRIM_HEIGHT_MM - SAFE_MM);
    let mut checked = 0;
    for (deck, lang) in decks::ALL.into_iter().flat_map(|d| [(d, Lang::En), (d, Lang::Fr)]) {
        let mut svgs: Vec<(String, String)> =
            aids(deck, lang).iter().map(|a| (a.slug.to_string(), aid_svg(deck, a).unwrap())).collect();
        svgs.push(("back".into(), aid_back_svg(deck, Backs::Full, lang).unwrap()));
        for (name, svg) in svgs {
            // At 25.4 dpi one user unit (mm) is one pixel.
            let tree = hexforge::print::render::svg_tree(&svg, 25.4).unwrap();
            let mut texts = 0;
            for node in tree.root().children() {
                walk(node, &mut |n| {
                    if let usvg::Node::Text(t) = n {
                        let b = t.abs_bounding_box();
                        assert!(
                            b.left() >= left && b.top() >= top && b.right() <= right && b.bottom() <= bottom,
                            "{deck}/{name}: text {:?} at {b:?} leaves the safe area",
                            t.chunks().iter().map(|c| c.text()).collect::<String>()
                        );
                        texts += 1;
                    }
                });
            }
            assert!(texts >= 2, "{deck}/{name}: only {texts} texts");
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * (8 + 1 + 2), "every aid and back in both languages");
}

fn walk(node: &usvg::Node, f: &mut impl FnMut(&usvg::Node)) {
    f(node);
    if let usvg::Node::Group(g) = node {
        for child in g.children() {
            walk(child, f);
        }
    }
}

/// Under `--lang fr` the Zhi Pai aid is French and says the same: the same conditions and
/// the same score table, numbers and all.
#[test]
fn the_zhi_pai_aid_follows_the_language() {
    let (en, fr) = (&aids(decks::ZHI_PAI, Lang::En)[0], &aids(decks::ZHI_PAI, Lang::Fr)[0]);
    assert!(fr.title.contains("liens et score"), "{}", fr.title);
    assert_eq!(en.blocks.len(), fr.blocks.len());
    for (e, f) in en.blocks.iter().zip(&fr.blocks) {
        match (e, f) {
            (Block::Rows(e), Block::Rows(f)) => {
                let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
                let keys =
                    |rows: &Vec<(String, String)>| rows.iter().map(|(k, v)| (digits(k), digits(v))).collect::<Vec<_>>();
                assert_eq!(keys(e), keys(f), "the French rows carry the same numbers");
            }
            (Block::Text(e), Block::Text(f)) | (Block::Heading(e), Block::Heading(f)) => assert_ne!(e, f),
            _ => panic!("the French aid has another shape"),
        }
    }
    let back = aid_back_svg(decks::ZHI_PAI, Backs::Full, Lang::Fr).unwrap();
    assert!(back.contains("Aide de jeu"), "{back}");
}
