//! The rulebook PDFs: they parse, have the right pages and fonts, say everything the
//! issue asks for, print the core's numbers, and come out byte-identical every time.

use hexforge::print::paper::Paper;
use hexforge::rulebook;
use hexforge_rules::core::hexagram::{Hexagram, Line, LinePosition};
use hexforge_rules::core::lang::Lang;

/// A game, by its key.
type Game = &'static str;

/// The game with this key.
fn g(key: Game) -> &'static dyn hexforge::games::PrintedGame {
    hexforge::games::by_key(key).unwrap_or_else(|| panic!("no game {key}"))
}

/// The book of an edition: a game's key for its English book, `<game>-fr` for its French.
fn book(edition: Game) -> rulebook::Book {
    match edition.strip_suffix("-fr") {
        Some(key) => g(key).book_in(Lang::Fr),
        None => g(edition).book(),
    }
    .unwrap_or_else(|e| panic!("{edition}: the book is made: {e}"))
}
use lopdf::Document;
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::outside_tool::PDFTOPPM;
use crate::pdf_text;
use crate::ppm;
use crate::temp_dir;
use pdf_text::number;

/// The games whose rulebook text this file checks (Dragons' text has its own tests).
const GAMES: [Game; 6] = ["changing-lines", "zhi-pai", "yijing-pai", "liubo", "solitaire", "poker"];
/// Every rulebook edition: all of them must parse, fit the paper, embed their fonts and
/// repeat. `zhi-pai-fr` is Zhi Pai's French book.
const ALL: [Game; 8] =
    ["changing-lines", "zhi-pai", "yijing-pai", "liubo", "dragons", "zhi-pai-fr", "solitaire", "poker"];

/// Every edition, compiled once for the whole test binary.
fn pdfs() -> &'static HashMap<(Game, Paper), Vec<u8>> {
    static PDFS: OnceLock<HashMap<(Game, Paper), Vec<u8>>> = OnceLock::new();
    PDFS.get_or_init(|| {
        let jobs: Vec<(Game, Paper)> = ALL.iter().flat_map(|&g| Paper::HOME.map(|p| (g, p))).collect();
        let out: HashMap<_, _> = std::thread::scope(|s| {
            let handles: Vec<_> = jobs
                .iter()
                .map(|&(key, p)| s.spawn(move || ((key, p), rulebook::rulebook_pdf(&book(key), p))))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    let ((g, p), pdf) = h.join().expect("compile thread");
                    ((g, p), pdf.unwrap_or_else(|e| panic!("{g} {p:?}: {e}")))
                })
                .collect()
        });
        // Keep a copy to look at: target/tmp/rulebooks/<game>-<paper>.pdf.
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("rulebooks");
        if std::fs::create_dir_all(&dir).is_ok() {
            for ((g, p), pdf) in &out {
                let _ = std::fs::write(dir.join(format!("{g}-{}.pdf", p.key())), pdf);
            }
        }
        out
    })
}

fn pdf(game: Game, paper: Paper) -> &'static [u8] {
    &pdfs()[&(game, paper)]
}

fn doc(game: Game, paper: Paper) -> Document {
    Document::load_mem(pdf(game, paper)).unwrap_or_else(|e| panic!("{game} {paper:?} parses: {e}"))
}

/// All text of a PDF with runs of whitespace collapsed to one space.
fn text(game: Game, paper: Paper) -> String {
    pdf_text::document_text(&doc(game, paper))
}

#[test]
fn every_edition_has_its_page_size() {
    for game in ALL {
        for paper in Paper::HOME {
            let d = doc(game, paper);
            let (w, h) = paper.size_pt();
            let pages = d.get_pages();
            assert!(pages.len() >= 6, "{game} {paper:?} has only {} pages", pages.len());
            for (n, id) in pages {
                let page = d.get_dictionary(id).expect("page dictionary");
                let mb = page.get(b"MediaBox").expect("MediaBox").as_array().expect("array");
                let (pw, ph) = (number(&mb[2]) - number(&mb[0]), number(&mb[3]) - number(&mb[1]));
                assert!(
                    (pw - w).abs() < 0.1 && (ph - h).abs() < 0.1,
                    "{game} {paper:?} page {n} is {pw}×{ph}, expected {w:.2}×{h:.2}"
                );
            }
        }
    }
}

#[test]
fn every_font_is_embedded() {
    for game in ALL {
        let d = doc(game, Paper::A4);
        let mut descriptors = 0;
        for (_, obj) in d.objects.iter() {
            let Ok(dict) = obj.as_dict() else { continue };
            if dict.get(b"Type").ok().and_then(|t| t.as_name().ok()) != Some(b"FontDescriptor") {
                continue;
            }
            descriptors += 1;
            let name = dict
                .get(b"FontName")
                .ok()
                .and_then(|n| n.as_name().ok())
                .map(|n| String::from_utf8_lossy(n).into_owned())
                .unwrap_or_default();
            assert!(
                dict.has(b"FontFile2") || dict.has(b"FontFile3") || dict.has(b"FontFile"),
                "{game}: font {name} is not embedded"
            );
            assert!(name.contains("Noto"), "{game}: font {name} is not a bundled Noto font");
        }
        assert!(descriptors >= 3, "{game}: only {descriptors} fonts");
    }
}

#[test]
fn two_compilations_are_byte_identical() {
    for game in ALL {
        let again = rulebook::rulebook_pdf(&book(game), Paper::Letter).expect("compiles");
        assert!(again == pdf(game, Paper::Letter), "{game}: letter edition differs between runs");
    }
}

/// The sections the issue lists for each rulebook, as headings or key phrases.
fn required(game: Game) -> Vec<&'static str> {
    let mut common = vec!["Contents", "Components"];
    common.extend(match game {
        "changing-lines" => vec![
            "The deck",
            "Lines, trigrams and hexagrams",
            "Reading a card",
            "dark reading",
            "light reading",
            "Neighbour numbers",
            "The kinds of opposite",
            "Complement",
            "Inverse",
            "Trigram swap",
            "Special cards",
            "Double Mirror",
            "Tao",
            "Change a trigram",
            "Match the hexagram",
            "Cancel the hexagram",
            "Invert the trigrams",
            "Special-card powers",
            "Pathways",
            "Crashing",
            "Winning and ranking",
            "Smaller decks",
            "Free orientation",
            "Divination",
            "Pick a card",
            "Draw three",
            "Sixes, sevens, eights and nines",
        ],
        "zhi-pai" => vec![
            "Setting up",
            "Trigram cards",
            "Playing a turn",
            "The three conditions",
            "Condition 1",
            "Condition 2",
            "Condition 3",
            "Finishing a chain",
            "The end of a two-player game",
            "Playing solo",
            "A complete example",
            "How this edition reads the rules",
            "right of 40",
        ],
        "yijing-pai" => vec![
            "Setting up",
            "Walls",
            "Dealer",
            "The calls",
            "应",
            "碰",
            "听",
            "胡",
            "yìng",
            "pèng",
            "tīng",
            "hú",
            "The three plays that build a hexagram",
            "First play",
            "Second play",
            "Third play",
            "Winning and points",
            "Variant: hands of nine",
            "Glossary",
        ],
        "liubo" => {
            vec!["The board", "The sticks", "The 17 rules", "The owl", "prisoner", "large victory", "How a game ends"]
        }
        "dragons" => vec![],
        "solitaire" | "poker" => {
            vec!["Goal", "Setup", "A turn", "A hand", "The end", "Example", "Why these rules", "measured", "Ties"]
                .into_iter()
                .filter(|s| match game {
                    "solitaire" => !["A hand", "Ties"].contains(s),
                    _ => !["A turn", "measured"].contains(s),
                })
                .collect()
        }
        other => panic!("no required sections for {other}"),
    });
    common
}

#[test]
fn every_section_is_there() {
    for game in GAMES {
        let t = text(game, Paper::A4);
        for phrase in required(game) {
            assert!(t.contains(phrase), "{game}: the text lacks {phrase:?}");
        }
    }
}

#[test]
fn liubo_lists_all_seventeen_rules() {
    let t = text("liubo", Paper::A4);
    let start = t.find("The 17 rules").expect("rules heading");
    let rules = &t[start..];
    let mut at = 0;
    for n in 1..=17 {
        let marker = format!(" {n}. ");
        let found = rules[at..].find(&marker).unwrap_or_else(|| panic!("rule {n} is missing"));
        at += found + marker.len();
    }
}

fn list(xs: &[u8]) -> String {
    let xs: Vec<String> = xs.iter().map(u8::to_string).collect();
    format!("{} and {}", xs[..xs.len() - 1].join(", "), xs[xs.len() - 1])
}

#[test]
fn pathways_decks_are_the_cores() {
    let t = text("changing-lines", Paper::A4);
    let line1 = LinePosition::new(1).expect("line 1");
    let mut d5: Vec<u8> = Hexagram::all().filter(|h| h.line(line1) == Line::Yang).map(Hexagram::number).collect();
    d5.sort_unstable();
    assert_eq!(d5.len(), 32);
    // The data handed to the template is the core's, and the PDF prints it.
    let data = g("changing-lines").book().expect("the book is made").data;
    assert_eq!(data["decks"]["5d"], serde_json::json!(d5));
    assert!(t.contains(&list(&d5)), "5D list not printed as {}", list(&d5));
    for key in ["3d", "4d"] {
        let deck: Vec<u8> = serde_json::from_value(data["decks"][key].clone()).expect("numbers");
        assert!(t.contains(&list(&deck)), "{key} list not printed");
    }
}

/// The two-player note (docs/rules.md, Pathways) states what the exact search finds, from the data: every
/// start a tie on 3D, 4D and 4D with free orientation.
#[test]
fn the_two_player_note_states_the_searchs_figures() {
    use hexforge_rules::changing_lines::deck::DeckName;
    use hexforge_rules::changing_lines::pathways::{Mode, duel};
    let t = text("changing-lines", Paper::A4).split_whitespace().collect::<Vec<_>>().join(" ");
    for (deck, mode, printed) in [
        (DeckName::ThreeD, Mode::Dark, "on the 3D deck ("),
        (DeckName::FourD, Mode::Dark, "on the 4D deck ("),
        (DeckName::FourD, Mode::Free, "free orientation ("),
    ] {
        let counts = duel::tally(deck.cards(), mode);
        let starts: usize = counts.values().sum();
        let ties = counts.get(&duel::Value::Tie).copied().unwrap_or(0);
        assert_eq!(ties, starts, "the note says every start is a tie");
        let phrase = format!("{printed}{ties} of {starts}");
        assert!(t.contains(&phrase), "the book does not say {phrase:?}");
    }
}

#[test]
fn zhi_pai_score_table_is_printed() {
    let t = text("zhi-pai", Paper::A4);
    let data = g("zhi-pai").book().expect("the book is made").data;
    let rows = data["score_table"].as_array().expect("rows");
    let penalties: Vec<String> = rows.iter().map(|r| r["penalty"].to_string()).collect();
    assert_eq!(penalties, ["0", "1", "2", "4", "8", "16"]);
    let printed = format!("Penalty {}", penalties.join(" "));
    assert!(t.contains(&printed), "score table row {printed:?} not in the PDF");
    assert!(t.contains("12 6 40 55 22 11"), "the worked chain is printed");
}

#[test]
fn liubo_stick_values_are_the_cores() {
    let t = text("liubo", Paper::A4);
    for row in hexforge_rules::liubo::rules::throw_table() {
        let cell = format!("{} ({}%)", row.probability, row.probability.percent());
        assert!(t.contains(&cell), "stick value {} chance {cell:?} not printed", row.score);
    }
    let extra = hexforge_rules::liubo::rules::extra_throw_probability();
    assert!(t.contains(&extra.to_string()), "extra-throw chance {extra} not printed");
}

#[test]
fn casting_table_is_the_cores() {
    let t = text("changing-lines", Paper::A4);
    let c = hexforge_rules::core::casting::cast(&[7, 8, 9, 7, 6, 8]).expect("cast");
    let relating = c.relating.expect("lines change");
    for n in [c.primary, relating] {
        let s = format!("{} {}", n.number(), n.names().en);
        assert!(t.contains(&s), "casting example lacks {s:?}");
    }
}

#[test]
fn yijing_pai_points_are_the_cores() {
    let t = text("yijing-pai", Paper::A4);
    let points: Vec<String> = (0..=6u32)
        .map(|yang| {
            let lines: String = (0..6).map(|i| if i < yang { '1' } else { '0' }).collect();
            let h = Hexagram::from_line_string(&lines).expect("lines");
            hexforge_rules::yijing_pai::tiles::hexagram_points(h).to_string()
        })
        .collect();
    let printed = format!("Points {}", points.join(" "));
    assert!(t.contains(&printed), "points row {printed:?} not printed");
}

/// Every character the templates and data print must be in a bundled font, or it
/// would come out as a box.
#[test]
fn bundled_fonts_cover_every_character() {
    let dir = rulebook::templates_dir().expect("templates folder");
    for game in GAMES {
        let mut chars: String = std::fs::read_to_string(dir.join(format!("{game}.typ"))).expect("template");
        chars.push_str(&std::fs::read_to_string(dir.join("common.typ")).expect("common"));
        chars.push_str(&g(game).book().expect("the book is made").data.to_string());
        for (_, svg) in g(game).figures().expect("figures draw") {
            chars.push_str(&svg);
        }
        let missing = hexforge::print::fonts::missing_chars(&chars, &[]);
        assert!(missing.is_empty(), "{game}: no bundled font has {missing:?}");
    }
}

/// Number words a count might be typed as: four and up. One to three are the grammar of a
/// sentence ("two cards", "draw three"); a count of a game's pieces is four or more.
const SPELLED_COUNTS: [&str; 38] = [
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty-two",
    "sixty-two",
    "sixty-four",
    // The French editions' (six is spelled alike).
    "quatre",
    "cinq",
    "sept",
    "huit",
    "neuf",
    "dix",
    "onze",
    "douze",
    "treize",
    "quatorze",
    "quinze",
    "seize",
    "vingt",
    "trente-deux",
    "soixante",
    "soixante-deux",
    "soixante-quatre",
    "dix-huit",
];

/// What a count counts: the pieces and people of the games.
const COUNTED: [&str; 11] =
    ["card", "stone", "stick", "tile", "station", "marker", "player", "people", "prisoner", "carte", "joueur"];

/// A game's book prints the title its descriptor declares (`printed.title`, in the book's
/// language, the Chinese name under it), handed to the template as `data.title`: no
/// template spells a game's title (the puzzle book is no game's part).
#[test]
fn every_books_title_is_its_games_descriptor() {
    let dir = rulebook::templates_dir().expect("templates folder");
    let parts = hexforge_rules::play::descriptor::printed(&hexforge_rules::games());
    let mut spelled = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("templates folder") {
        let name = entry.expect("a file").file_name().to_string_lossy().into_owned();
        let Some(edition) = name.strip_suffix(".typ") else { continue };
        if !parts.iter().any(|p| edition == p.key || edition.starts_with(&format!("{}-", p.key))) {
            continue;
        }
        let source = std::fs::read_to_string(dir.join(&name)).expect("template");
        if source.lines().any(|l| l.trim_start().starts_with("title: \"")) {
            spelled.push(name);
        }
    }
    assert!(spelled.is_empty(), "templates spelling their game's title (use data.title): {spelled:?}");
    for edition in ALL {
        let (key, lang) = edition.strip_suffix("-fr").map_or((edition, Lang::En), |key| (key, Lang::Fr));
        let part = parts.iter().find(|p| p.key == key).unwrap_or_else(|| panic!("{key} is a printed part"));
        let first_page: String = text(edition, Paper::A4).chars().take(400).collect();
        for title in [Some(part.title.get(lang)), part.title.zh] {
            let title = title.expect("a title");
            assert!(first_page.contains(title), "{edition}: the cover lacks {title:?}: {first_page}");
        }
    }
}

/// Issue 10: a count in the prose comes from the data (`#words(data.…)`), so it cannot
/// disagree with the components or the core. A number word or a number of four or more
/// typed just before a piece ("twelve special cards", "deal eight cards") fails.
#[test]
fn no_count_is_typed_into_a_template() {
    let dir = rulebook::templates_dir().expect("templates folder");
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-').to_lowercase();
    let mut typed = Vec::new();
    for game in ALL {
        let source = std::fs::read_to_string(dir.join(format!("{game}.typ"))).expect("template");
        let raw: Vec<&str> =
            source.lines().filter(|l| !l.trim_start().starts_with("//")).flat_map(str::split_whitespace).collect();
        let counted = |w: &str| COUNTED.iter().any(|noun| bare(w).starts_with(noun));
        for (i, w) in raw.iter().enumerate() {
            let next = |k: usize| raw.get(i + k).copied().unwrap_or("");
            // Digits count only when the noun follows at once ("4 cards"): "5. Stones" is a
            // list item, "moves 4: stations" a throw, "6 to station 16" a station's number.
            let digits = w.parse::<u32>().is_ok_and(|n| n >= 4) && counted(next(1));
            // A spelled count may have one word before its noun ("twelve special cards"), but
            // not across the end of a sentence ("the eight trigrams. Players").
            let spelled = SPELLED_COUNTS.contains(&bare(w).as_str())
                && (counted(next(1)) || (!next(1).ends_with(['.', ':', ';', ',']) && counted(next(2))));
            if digits || spelled {
                typed.push(format!("{game}.typ: {} {} {}", w, next(1), next(2)));
            }
        }
    }
    assert!(typed.is_empty(), "counts typed into templates (take them from data):\n{}", typed.join("\n"));
}

/// The counts handed to the templates are the core's, and the PDFs print them.
#[test]
fn rulebook_counts_are_the_cores() {
    use hexforge::games::{changing_lines, dragons};
    use hexforge_rules::core::trigram::Trigram;
    let data = |game| g(game).book().expect("the book is made").data;
    let deck = Hexagram::all().count();

    let cl = data("changing-lines");
    assert_eq!(cl["deck_size"], deck);
    assert_eq!(cl["tao"]["hand"], changing_lines::rulebook::TAO_HAND);
    // With the whole deck dealt, the largest table.
    assert_eq!(cl["tao"]["max_players"].as_u64().unwrap() * cl["tao"]["hand"].as_u64().unwrap(), deck as u64);
    let special = Hexagram::all().filter(|h| h.is_double() || h.is_mirror()).count();
    let t = text("changing-lines", Paper::A4);
    assert_eq!(special, 12);
    assert!(t.contains("The 12 special cards"), "the special cards are not counted as the core counts them");
    assert!(t.contains("deal eight cards to each player"), "Tao's deal is not printed");

    let zp = data("zhi-pai");
    assert_eq!(zp["counts"]["hexagram_cards"], deck);
    assert_eq!(zp["counts"]["trigram_cards"], Trigram::ALL.len());
    assert_eq!(zp["counts"]["common_zone"], hexforge_rules::zhi_pai::score::SOLO_PENALTIES[0].common_zone);
    let t = text("zhi-pai", Paper::A4);
    assert!(t.contains("a set of eight trigram cards"), "the trigram set is not counted");
    assert!(t.contains("remaining 62 cards"), "the cards left after one setup are not counted");

    let lb = data("liubo");
    assert_eq!(lb["sticks"], hexforge_rules::liubo::rules::STICK_COUNT);
    assert_eq!(lb["stones_each"], hexforge_rules::liubo::rules::PIECES.white_stones);
    assert_eq!(lb["owl_outnumbered"], hexforge_rules::liubo::rules::OWL_OUTNUMBERED_BY);
    // The seed's rule 6: six steps across, ten round, four saved.
    let t = text("liubo", Paper::A4);
    assert!(t.contains("A crossing is 6 steps and the way round is 10, so the shortcut saves 4 steps"), "rule 6");
    assert!(
        t.contains(hexforge_rules::liubo::rules::OWL_PROMOTION),
        "rule 9 does not state the owl as the pieces sheet does"
    );

    let yp = data("yijing-pai");
    assert_eq!(yp["players"], hexforge_rules::yijing_pai::tiles::PLAYERS);

    let dr = data("dragons");
    let portals: u32 = dragons::components::COMPONENTS
        .iter()
        .filter(|c| matches!(c.kind, dragons::components::ComponentKind::Portal(_)))
        .map(|c| u32::from(c.quantity))
        .sum();
    assert_eq!(dr["portal_tiles"], portals);
}

// A count as the new games' books print it: a comma between thousands.
use hexforge_rules::core::thousands;

/// I-Ching Solitaire's book prints its layout as the rules deal it and the measured
/// figures pinned in `rules/src/solitaire/measured.rs`, with the command beside them.
#[test]
fn solitaire_counts_are_the_rules() {
    use hexforge_rules::solitaire::{self as sol, measured};
    let d = book("solitaire").data;
    assert_eq!((d["piles"].as_u64(), d["depth"].as_u64()), (Some(sol::PILES as u64), Some(sol::DEPTH as u64)));
    assert_eq!(d["stock"], sol::STOCK);
    assert_eq!(sol::PILES * sol::DEPTH + sol::STOCK + 1, Hexagram::all().count(), "every card is dealt");
    let m = measured::hundred_thousand();
    let t = text("solitaire", Paper::A4);
    let median = m.median_turned();
    for want in [
        format!("Over {} shuffled deals", thousands(m.deals)),
        format!("{} ({:.1}%)", thousands(m.winnable), m.winnable as f64 * 100.0 / m.deals as f64),
        format!("{} ({:.1}%)", thousands(m.greedy_wins), m.greedy_wins as f64 * 100.0 / m.deals as f64),
        format!("{median} of {} ({} moves)", sol::STOCK, sol::PILES * sol::DEPTH + median),
        format!("solitaire_measure -- {}", m.deals),
        format!("Deal {} piles of {} cards", "four", sol::DEPTH),
    ] {
        assert!(t.contains(&want), "the solitaire book lacks {want:?}");
    }
    // The bots beside the solver, over the thousand deals the rules crate pins.
    let b = measured::bots_thousand();
    for (who, wins) in [("knowing the stock", b.winnable), ("search player", b.search), ("greedy player", b.greedy)] {
        let want = format!("{} ({:.1}%)", thousands(wins), wins as f64 * 100.0 / b.deals as f64);
        let at = t.find(who).unwrap_or_else(|| panic!("the solitaire book does not name the {who}"));
        assert!(t[at..].contains(&want), "the solitaire book lacks {want:?} after {who:?}");
    }
    assert!(t.contains(&format!("solitaire_measure -- {} bots", b.deals)), "the bots' command");
    let mirrors: Vec<String> = Hexagram::all().filter(|h| h.is_mirror()).map(|h| h.number().to_string()).collect();
    let (last, rest) = mirrors.split_last().expect("some Mirrors");
    let listed = format!("{} and {last}", rest.join(", "));
    assert!(t.contains(&listed), "the Mirrors are not listed as the core finds them: {listed:?}");
}

/// I-Ching Poker's book and player aid print both hand-rank tables row by row, in order, as
/// `rules/src/poker/measured.rs` pins the exact counts, with their probabilities.
#[test]
fn poker_tables_are_the_rules() {
    use hexforge_rules::poker::count::HANDS;
    use hexforge_rules::poker::measured::{FIXED, VARIABLE};
    let t = text("poker", Paper::A4);
    assert!(t.contains(&format!("{} possible hands", thousands(HANDS))), "the number of hands");
    assert!(t.contains("cargo run -p hexforge-rules --release --example poker_table"), "the command");
    let mut from = t.find("Hand What it is Hands Probability One in").expect("the fixed table's header");
    for (class, hands) in FIXED.iter().chain(VARIABLE.iter()) {
        let row = format!("{} {} {:.6}", class.name(), thousands(*hands), *hands as f64 / HANDS as f64);
        let row_at = t[from..].find(class.name()).map(|at| from + at);
        let found = row_at.and_then(|at| t[at..].find(&thousands(*hands)).map(|c| at + c));
        let p = format!("{:.6}", *hands as f64 / HANDS as f64);
        let (Some(at), Some(count_at)) = (row_at, found) else { panic!("the poker book lacks the row {row:?}") };
        assert!(count_at > at && t[count_at..].starts_with(&format!("{} {p}", thousands(*hands))), "{row:?}");
        from = count_at;
    }
}

/// The Changing Lines book gives the spreads `hexforge cast --spread` deals, each position
/// with what it asks, in the order the rules crate deals them.
#[test]
fn the_changing_lines_book_gives_the_spreads_the_rules_deal() {
    let squeezed: String = text("changing-lines", Paper::A4).split_whitespace().collect::<Vec<_>>().join(" ");
    for spread in hexforge_rules::core::spread::SPREADS {
        let mut from = squeezed.find("Spreads").expect("the Spreads section");
        // The name is set in italics, which the text may give as a run of its own.
        for said in spread.positions.iter().flat_map(|p| [p.name, p.asks]) {
            let at = squeezed[from..]
                .find(said)
                .unwrap_or_else(|| panic!("{}: the book lacks {said:?} in order", spread.name));
            from += at;
        }
    }
}

/// I-Ching Poker's book prints how strong its bots are, each setting as
/// `rules/src/poker/strength.rs` pins it, with the command that plays it again.
#[test]
fn poker_bots_strength_is_the_pinned_figures() {
    use hexforge_rules::play::simulate::Rate;
    use hexforge_rules::poker::strength::MEASURED;
    let t = text("poker", Paper::A4);
    let section = &t[t.find("How strong the bots are").expect("the bots' section")..];
    for m in MEASURED {
        let rate = Rate::of(m.wins, m.games);
        let want = format!(
            "{} ({:.1} %) {:.1} to {:.1} %",
            thousands(m.wins),
            rate.rate * 100.0,
            rate.low * 100.0,
            rate.high * 100.0
        );
        assert!(section.contains(&want), "the poker book lacks {want:?} for {}", m.bots);
        let command: String = m.command().split_whitespace().collect();
        let squeezed: String = section.split_whitespace().collect();
        assert!(squeezed.contains(&command), "the poker book lacks the command {:?}", m.command());
    }
}

/// Table 2 of 易经牌 named both mixed pairs "少阴 / 少阳"; the seed fixes ⚍ 少阴 (yang
/// inside, yin outside) and ⚎ 少阳 (yin inside, yang outside).
#[test]
fn yijing_pai_names_each_pair_once() {
    let data = g("yijing-pai").book().expect("the book is made").data;
    let pairs: Vec<(String, String, String)> = data["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|p| {
            let s = |k: &str| p[k].as_str().expect("a string").to_string();
            (format!("{} {}", s("inside"), s("outside")), s("symbol"), s("zh"))
        })
        .collect();
    let want =
        [("yang yang", "⚌", "太阳"), ("yang yin", "⚍", "少阴"), ("yin yang", "⚎", "少阳"), ("yin yin", "⚏", "太阴")];
    for (lines, symbol, zh) in want {
        assert!(
            pairs.iter().any(|p| p.0 == lines && p.1 == symbol && p.2 == zh),
            "the pair {lines} is not {symbol} {zh}: {pairs:?}"
        );
    }
    // One script per book: simplified, as the seed and the glossary write it.
    let t = text("yijing-pai", Paper::A4);
    assert!(t.contains("易经牌") && !t.contains("易經牌"), "the book mixes 易经牌 and 易經牌");
}

// ---------------------------------------------------------------------------------------
// Issue 11: Zhi Pai in French.

/// A count as the French book writes it (docs/conventions.md, "Numbers in the books"):
/// one to nine in words, written out here apart from the template's `mots()`, 10 and above
/// in digits.
fn mots(n: u64) -> String {
    match n {
        6 => "six".into(),
        8 => "huit".into(),
        n if n >= 10 => n.to_string(),
        other => panic!("no French word here for {other}"),
    }
}

/// The French book is French: the seed's vocabulary, its headings, the French names the
/// French cards print, and none of the English book's headings.
#[test]
fn zhi_pai_fr_is_written_in_french() {
    let t = text("zhi-pai-fr", Paper::A4);
    for phrase in [
        "Sommaire",
        "Matériel",
        "Le but du jeu",
        "La mise en place",
        "Les trois conditions",
        "Jouer seul",
        "Une partie complète",
        "Zone Commune",
        "cartes Trigramme",
        "cartes Hexagramme",
        "opposé",
        "séquence",
        "trigramme du bas",
        "Exemple",
        "Édition A4",
    ] {
        assert!(t.contains(phrase), "the French book lacks {phrase:?}");
    }
    for english in ["Contents", "Components", "Common Zone", "Trigram cards", "Example", "A4 edition"] {
        assert!(!t.contains(english), "the French book prints the English {english:?}");
    }
    // The worked example retells the French rules' own and names its cards as the cards
    // print them (La Stagnation); the book gives the rules' names once too (12 Adversité).
    let names = &book("zhi-pai-fr").data["example_names"];
    for n in [12, 6, 40, 55, 22, 11] {
        let named = format!("{n} {}", names[n.to_string()].as_str().expect("a name from the rules"));
        assert!(t.contains(&named), "the French book lacks {named:?}");
        // The example's table names each card as the card prints it ("6 Le Conflit").
        let card = format!("{n} {}", Lang::Fr.hexagram_name(Hexagram::from_number(n).expect("a hexagram")));
        assert!(t.contains(&card), "the French example never names card {n} as printed, {card:?}");
    }
    let start = Lang::Fr.hexagram_name(Hexagram::from_number(12).expect("a hexagram"));
    assert!(t.contains(start), "the French book never names card 12 as it prints it, {start:?}");
    let water = Lang::Fr.trigram_name(hexforge_rules::core::trigram::Trigram::WATER);
    assert!(t.contains(&format!("(ici {water},")), "the trigram card's caption names {water}");
}

/// The French book's counts and tables are the core's, spelled in French.
#[test]
fn zhi_pai_fr_counts_are_the_cores() {
    use hexforge_rules::core::trigram::Trigram;
    use hexforge_rules::zhi_pai::score::SOLO_PENALTIES;
    let data = book("zhi-pai-fr").data;
    let counts = &data["counts"];
    let deck = Hexagram::all().count() as u64;
    assert_eq!(counts["hexagram_cards"], deck);
    assert_eq!(counts["after_one_setup"], deck - 2);
    assert_eq!(counts["draw_pile"], deck - 4);
    assert_eq!(counts["trigram_cards"], Trigram::ALL.len());
    assert_eq!(counts["common_zone"], SOLO_PENALTIES[0].common_zone);
    let count = |key: &str| mots(counts[key].as_u64().expect("a count"));
    let t = text("zhi-pai-fr", Paper::A4);
    for phrase in [
        format!("Chacune des {} cartes Hexagramme", count("hexagram_cards")),
        format!("une série de {} cartes Trigramme", count("trigram_cards")),
        format!("les {} cartes restantes", count("after_one_setup")),
        format!("Les {} dernières cartes", count("draw_pile")),
        format!("Ces {} cartes visibles", count("common_zone")),
    ] {
        assert!(t.contains(&phrase), "the French book lacks {phrase:?}");
    }
    let penalties: Vec<String> = SOLO_PENALTIES.iter().map(|row| row.penalty.to_string()).collect();
    let printed = format!("Pénalité {}", penalties.join(" "));
    assert!(t.contains(&printed), "score table row {printed:?} not in the French PDF");
    let last = SOLO_PENALTIES.last().expect("a row");
    assert!(t.contains(&format!("{} et plus", last.common_zone)), "the last zone is not 'et plus'");
    assert!(t.contains("12 6 40 55 22 11"), "the worked chain is printed");
    // Each turn of the worked example says its link in French, as the table prints it.
    for placement in data["example"]["placements"].as_array().expect("placements") {
        let link = placement["link"].as_str().expect("a link");
        match placement["spent"].as_str() {
            Some(key) => {
                let t = Trigram::ALL.into_iter().find(|t| t.name() == key).expect("a trigram");
                assert_eq!(link, format!("3 ({})", Lang::Fr.trigram_name(t)), "condition 3 names the French trigram");
            }
            None => assert!(link.contains("(trait") && !link.contains("line"), "the link {link:?} is not in French"),
        }
        assert!(t.contains(link), "the table lacks the link {link:?}");
    }
    // The components rows and the English book's agree on every count.
    let english = book("zhi-pai").data;
    let rows = |d: &serde_json::Value| -> Vec<serde_json::Value> {
        d["components"].as_array().expect("rows").iter().map(|r| r["count"].clone()).collect()
    };
    assert_eq!(rows(&data), rows(&english));
    assert_eq!(data["example"]["sequence"], english["example"]["sequence"]);
}

/// `generate --lang fr --only zhi-pai --only rulebooks` writes the French cards and the
/// French Zhi Pai book (instead of the English one), and the other games' English books.
#[test]
fn generate_in_french_writes_the_french_zhi_pai() {
    use hexforge::games::PrintOptions;
    use hexforge::generate::{GenerateOptions, Part, generate};
    let out = temp_dir::TempDir::new("rulebooks-fr");
    let print = PrintOptions {
        dpi: hexforge::print::dpi::Dpi::new(72).expect("72 is in range"),
        lang: Lang::Fr,
        profiles: hexforge::print::profile::Profiles::HOME,
        ..Default::default()
    };
    let options = GenerateOptions { out: out.0.clone(), print, parts: vec![Part::Printed("zhi-pai"), Part::Rulebooks] };
    let written: std::collections::BTreeSet<String> =
        generate(&options, &|_, _, _| ()).expect("generate runs").into_iter().map(|e| e.path).collect();
    let mut expected: std::collections::BTreeSet<String> =
        g("zhi-pai").files(&print).into_iter().map(|f| f.path).collect();
    expected.extend(hexforge::generate::alignment_test_files(&options).into_iter().map(|f| f.path));
    expected.insert("README.txt".to_string());
    for game in hexforge::games::all() {
        let edition = if game.key() == "zhi-pai" { "zhi-pai-fr" } else { game.key() };
        for paper in Paper::HOME {
            expected.insert(rulebook::output_path(edition, paper));
        }
    }
    assert_eq!(written, expected);
    // The rulebooks are told the same list before the parts are made.
    assert_eq!(written.iter().cloned().collect::<Vec<_>>(), hexforge::generate::run_files(&options));
    let card = std::fs::read_to_string(out.0.join("zhi-pai/svg/card-12.svg")).expect("card 12 is written");
    assert!(card.contains("data-lang=\"fr\""), "card 12 is not the French card");
    let pdf = std::fs::read(out.0.join("rulebooks/zhi-pai-fr-rules-a4.pdf")).expect("the French book is written");
    // The book generate made is the French one, told this run's files.
    let books = hexforge::generate::books(&options).expect("the books are made");
    let french = books.iter().find(|b| b.edition() == "zhi-pai-fr").expect("the French edition");
    let compiled = rulebook::rulebook_pdf(french, Paper::A4).expect("it compiles");
    assert!(pdf == compiled, "generate's French book is not the one compiled here");
}

/// Whether a command-line tool is installed.
/// A card or tile picture is shown cut to its trim, centred in its frame: once the print
/// file (with bleed) was shrunk to the frame's height and then moved by the bleed, so the
/// cards sat up and left in their frames with a white strip below. A probe card, red bleed
/// around a green trim, is set with the templates' `trimmed` and rendered: the frame shows
/// green from edge to edge and no red. Rendered with `pdftoppm` (under CI=true for real).
#[test]
fn a_trimmed_picture_fills_its_frame_to_the_trim() {
    let Some(pdftoppm) = PDFTOPPM.or_skip() else { return };
    let dir = temp_dir::TempDir::new("trim");
    let books = dir.0.join("rulebooks");
    std::fs::create_dir_all(&books).unwrap();
    let templates = rulebook::templates_dir().expect("templates folder");
    std::fs::copy(templates.join("common.typ"), books.join("common.typ")).unwrap();
    std::fs::copy(templates.parent().unwrap().join("style.json"), dir.0.join("style.json")).unwrap();
    // A 69 × 94 mm card with 3 mm bleed, shown 50 mm wide at 10 mm from the page's corner.
    std::fs::write(
        books.join("trim-probe.typ"),
        "#import \"common.typ\": *\n#set page(width: 100mm, height: 120mm, margin: 10mm, footer: none)\n\
         #trimmed(\"probe.svg\", width: 50mm, bleed: 3mm, size: (69mm, 94mm))\n",
    )
    .unwrap();
    let probe = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"69mm\" height=\"94mm\" viewBox=\"0 0 69 94\">\
                 <rect width=\"69\" height=\"94\" fill=\"#ff0000\"/>\
                 <rect x=\"3\" y=\"3\" width=\"63\" height=\"88\" fill=\"#00ff00\"/></svg>";
    let book = rulebook::Book {
        key: "trim-probe",
        lang: Lang::En,
        data: serde_json::json!({}),
        figures: vec![("probe.svg".into(), probe.into())],
    };
    let pdf = rulebook::rulebook_pdf_in(&books, &book, Paper::A4).expect("the probe compiles");
    std::fs::write(dir.0.join("probe.pdf"), pdf).unwrap();
    let dpi = 150.0;
    let status = std::process::Command::new(pdftoppm)
        .args(["-r", "150", "-singlefile"])
        .arg(dir.0.join("probe.pdf"))
        .arg(dir.0.join("probe"))
        .status()
        .unwrap();
    assert!(status.success(), "pdftoppm renders the probe");
    let (width, _, pixels) = ppm::ppm(&std::fs::read(dir.0.join("probe.ppm")).unwrap());
    let (mut red, mut green) = (0, (usize::MAX, usize::MAX, 0, 0));
    for (i, px) in pixels.chunks(3).enumerate() {
        let (x, y) = (i % width, i / width);
        if px[0] > 180 && px[1] < 90 && px[2] < 90 {
            red += 1;
        }
        if px[1] > 180 && px[0] < 90 && px[2] < 90 {
            green = (green.0.min(x), green.1.min(y), green.2.max(x), green.3.max(y));
        }
    }
    let mm = |px: usize| px as f64 * 25.4 / dpi;
    assert_eq!(red, 0, "the bleed shows inside the frame");
    let (left, top, right, bottom) = (mm(green.0), mm(green.1), mm(green.2 + 1), mm(green.3 + 1));
    let tall = 50.0 * 88.0 / 63.0;
    for (what, got, want) in
        [("left", left, 10.0), ("top", top, 10.0), ("right", right, 60.0), ("bottom", bottom, 10.0 + tall)]
    {
        assert!((got - want).abs() < 0.5, "the trim's {what} edge is at {got:.2} mm, the frame's at {want:.2} mm");
    }
}

/// The new games' sheets (the poker player aid and chips, the solitaire score sheet) are
/// written by their games on both papers, at the paper's size, with every font embedded;
/// the aid prints both hand tables' counts and probabilities as the rules crate pins them.
#[test]
fn solitaire_and_poker_sheets_print_on_both_papers() {
    use hexforge::games::PrintOptions;
    use hexforge::print::output::Output;
    use hexforge_rules::poker::count::HANDS;
    use hexforge_rules::poker::measured::{FIXED, VARIABLE};
    let dir = crate::temp_dir::TempDir::new("new-games-sheets");
    let out = Output::create(dir.0.clone()).expect("output folder");
    let options = PrintOptions::default();
    for key in ["solitaire", "poker"] {
        g(key).generate(&out, &options).unwrap_or_else(|e| panic!("{key}: the sheets are written: {e}"));
        let files = g(key).files(&options);
        assert_eq!(files.len(), if key == "poker" { 4 } else { 2 }, "{key}: {files:?}");
        for file in files {
            let paper =
                Paper::HOME.into_iter().find(|p| file.path.ends_with(&format!("-{}.pdf", p.key()))).expect("a paper");
            // Keep a copy to look at: target/tmp/sheets/<game>-<file>.
            let keep = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sheets");
            if std::fs::create_dir_all(&keep).is_ok() {
                let _ = std::fs::copy(dir.0.join(&file.path), keep.join(file.path.replace('/', "-")));
            }
            let d = Document::load(dir.0.join(&file.path)).unwrap_or_else(|e| panic!("{}: {e}", file.path));
            let (w, h) = paper.size_pt();
            for (n, id) in d.get_pages() {
                let mb = d
                    .get_dictionary(id)
                    .expect("page")
                    .get(b"MediaBox")
                    .expect("MediaBox")
                    .as_array()
                    .expect("array")
                    .clone();
                let (pw, ph) = (number(&mb[2]) - number(&mb[0]), number(&mb[3]) - number(&mb[1]));
                assert!((pw - w).abs() < 0.1 && (ph - h).abs() < 0.1, "{} page {n} is {pw}×{ph}", file.path);
            }
            let t = pdf_text::document_text(&d);
            if file.path.contains("/aid-") {
                for (class, hands) in FIXED.iter().chain(VARIABLE.iter()) {
                    let row = format!(
                        "{} {:.2}% {:.1}",
                        thousands(*hands),
                        *hands as f64 * 100.0 / HANDS as f64,
                        HANDS as f64 / *hands as f64
                    );
                    assert!(t.contains(&row), "{}: the aid lacks {} as {row:?}", file.path, class.name());
                }
            }
        }
    }
}
