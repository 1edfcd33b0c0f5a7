//! Rulebooks: one typeset PDF per game, in an A4 and a US Letter edition.
//!
//! The prose and layout live in `templates/rulebooks/<game>.typ` (typst), editable
//! without a recompile; `common.typ` there holds the shared style. This module only
//! gathers what the templates need and runs typst:
//!
//! - **data**: the game's facts, computed from the core (deck lists, score and
//!   probability tables, worked examples) and handed over as one JSON string in
//!   `sys.inputs.data`, so no number in a rulebook is typed by hand;
//! - **figures**: SVGs drawn by hexforge ([`figures`]), handed over as in-memory files
//!   `figures/<name>.svg` and placed by typst as vector art;
//! - **fonts**: the bundled fonts only ([`crate::print::fonts`]), never the system's.
//!
//! Output is deterministic: no clock, no randomness, a fixed PDF identifier.

pub mod figures;

use crate::cards::export as card_export;
use crate::cards::{Deck as CardDeck, Face as CardFace};
use crate::core::card::{Card, Orientation};
use crate::core::casting;
use crate::core::hexagram::{Hexagram, Line, LinePosition};
use crate::core::trigram::Trigram;
use crate::games::changing_lines::deck::{self, Deck, DeckName};
use crate::games::changing_lines::pathways::{self, Laid, Mode};
use crate::games::liubo::rules as liubo;
use crate::games::yijing_pai::art as yijing_pai_art;
use crate::games::yijing_pai::rules::{self as yijing_pai, TileKind, TileSet, Variant};
use crate::games::zhi_pai::{self as zhipai, Condition, Side};
use crate::print::output::{Output, OutputError};
use crate::print::pdf;
use crate::print::tiling;
use serde_json::{Value, json};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;
use typst::foundations::{Dict, IntoValue, Smart};
use typst::text::Font;
use typst_as_lib::TypstEngine;

/// A game that has a rulebook.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Game {
    /// The Changing Lines deck: Tao, Pathways and divination.
    ChangingLines,
    /// Zhi Pai (易經紙牌).
    ZhiPai,
    /// 易经牌, Yijing Pai.
    YijingPai,
    /// Liubo (六博).
    Liubo,
    /// Dragons of the Ba-Gua; its template is written alongside that game's components.
    Dragons,
}

impl Game {
    /// Every game, in the order the product lists them.
    pub const ALL: [Game; 5] = [Game::ChangingLines, Game::ZhiPai, Game::YijingPai, Game::Liubo, Game::Dragons];

    /// The key used in file names and on the command line: `changing-lines`, …
    pub fn key(self) -> &'static str {
        match self {
            Game::ChangingLines => "changing-lines",
            Game::ZhiPai => "zhi-pai",
            Game::YijingPai => "yijing-pai",
            Game::Liubo => "liubo",
            Game::Dragons => "dragons",
        }
    }

    /// The template's file name inside the rulebook templates folder.
    pub fn template(self) -> String {
        format!("{}.typ", self.key())
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Game {
    type Err = RulebookError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Game::ALL
            .into_iter()
            .find(|g| g.key() == s.trim().to_lowercase())
            .ok_or_else(|| RulebookError::UnknownGame(s.to_string()))
    }
}

/// The paper of an edition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Both editions.
    pub const BOTH: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// The key used in file names: `a4`, `letter`.
    pub fn key(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// typst's name for the paper.
    fn typst_name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "us-letter",
        }
    }

    /// Page width and height in PDF points.
    pub fn size_pt(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0 / 25.4 * 72.0, 297.0 / 25.4 * 72.0),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// What can go wrong making a rulebook.
#[derive(Debug, Error)]
pub enum RulebookError {
    #[error("unknown game {0:?}; expected one of changing-lines, zhi-pai, yijing-pai, liubo, dragons")]
    UnknownGame(String),
    #[error("cannot read rulebook template {path}: {source}")]
    Template {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("typst could not compile {template}: {message}")]
    Compile { template: String, message: String },
    #[error("typst could not export {template} as PDF: {message}")]
    Pdf { template: String, message: String },
    #[error("cannot draw figure {name}: {message}")]
    Figure { name: String, message: String },
    #[error(transparent)]
    Templates(#[from] crate::print::template::TemplateError),
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The folder holding the rulebook templates: `rulebooks/` inside the project's
/// templates folder (see [`crate::print::template::templates_dir`]: `$HEXFORGE_TEMPLATES`,
/// else `./templates`, else the source tree's).
pub fn templates_dir() -> Result<PathBuf, RulebookError> {
    Ok(crate::print::template::templates_dir()?.join("rulebooks"))
}

/// The bundled fonts, parsed once.
fn fonts() -> &'static [Font] {
    static FONTS: OnceLock<Vec<Font>> = OnceLock::new();
    FONTS.get_or_init(crate::print::fonts::typst_fonts)
}

/// Compiles one rulebook edition to PDF bytes. Same input, same bytes.
pub fn rulebook_pdf(game: Game, paper: Paper) -> Result<Vec<u8>, RulebookError> {
    rulebook_pdf_in(&templates_dir()?, game, paper)
}

/// [`rulebook_pdf`] with an explicit templates folder.
pub fn rulebook_pdf_in(dir: &Path, game: Game, paper: Paper) -> Result<Vec<u8>, RulebookError> {
    let template = game.template();
    let main = dir.join(&template);
    let source =
        std::fs::read_to_string(&main).map_err(|source| RulebookError::Template { path: main.clone(), source })?;
    let figures: Vec<(String, Vec<u8>)> =
        figures::figures(game)?.into_iter().map(|(name, svg)| (format!("/figures/{name}"), svg.into_bytes())).collect();
    let engine = TypstEngine::builder()
        .fonts(fonts().iter().cloned())
        .with_static_source_file_resolver([(format!("/{template}").as_str(), source)])
        .with_static_file_resolver(figures.iter().map(|(p, b)| (p.as_str(), b.clone())))
        .with_file_system_resolver(dir)
        .build();
    let mut inputs = Dict::new();
    inputs.insert("paper".into(), paper.typst_name().into_value());
    inputs.insert("data".into(), game_data(game).to_string().into_value());
    let compiled = engine.compile_with_input(format!("/{template}").as_str(), inputs);
    let document = compiled.output.map_err(|e| RulebookError::Compile {
        template: template.clone(),
        message: match e {
            typst_as_lib::TypstAsLibError::TypstSource(diags) => diagnostics(&diags),
            other => other.to_string(),
        },
    })?;
    let options = typst_pdf::PdfOptions {
        ident: Smart::Custom(format!("hexforge-rulebook-{}-{}", game.key(), paper.key())),
        timestamp: None,
        ..Default::default()
    };
    typst_pdf::pdf(&document, &options).map_err(|diags| RulebookError::Pdf { template, message: diagnostics(&diags) })
}

/// typst's diagnostics as one line: each message with its hints.
fn diagnostics(diags: &[typst::diag::SourceDiagnostic]) -> String {
    diags
        .iter()
        .map(|d| {
            let hints: String = d.hints.iter().map(|h| format!(" (hint: {})", h.v)).collect();
            format!("{}{hints}", d.message)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Where an edition goes inside the output folder: `rulebooks/<game>-<paper>.pdf`.
pub fn output_path(game: Game, paper: Paper) -> String {
    format!("rulebooks/{}-{}.pdf", game.key(), paper.key())
}

/// Writes both editions of each game's rulebook through `out` (atomic, in the manifest).
pub fn write_rulebooks(out: &Output, games: &[Game]) -> Result<(), RulebookError> {
    for &game in games {
        for paper in Paper::BOTH {
            let pdf = rulebook_pdf(game, paper)?;
            out.write(&output_path(game, paper), "rulebook-pdf", &pdf)?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Game data: everything a template prints that is a fact of the game.

/// The facts a rulebook prints, as the JSON its template reads from `sys.inputs.data`.
pub fn game_data(game: Game) -> Value {
    match game {
        Game::ChangingLines => changing_lines_data(),
        Game::ZhiPai => zhi_pai_data(),
        Game::YijingPai => yijing_pai_data(),
        Game::Liubo => liubo_data(),
        Game::Dragons => {
            let mut data = crate::games::dragons::art::rulebook_data();
            data["components"] = json!(components(Game::Dragons));
            data
        }
    }
}

/// Card 12 shows 12 dark and 11 light: the booklet's example card.
pub(crate) const EXAMPLE_CARD: u8 = 12;
/// Hexagram 3 has four different opposites, so it shows them all.
pub(crate) const OPPOSITES_EXAMPLE: u8 = 3;
/// The worked Zhi Pai chain of SPEC §3, left to right.
pub(crate) const ZHI_PAI_SEQUENCE: [u8; 6] = [12, 6, 40, 55, 22, 11];
/// The seed's two scoring examples are worth 5 and 4½: four and three yang lines.
pub(crate) const YIJING_EXAMPLES: [&str; 2] = ["111010", "101100"];

/// The Pathways example: from 1 to 11 in the 3D deck, dark reading, by the solver.
pub(crate) fn pathways_example() -> Vec<Laid> {
    pathways::shortest(hex(1), hex(11), &Deck::named(DeckName::ThreeD), Mode::Dark)
        .expect("1 and 11 are joined in the 3d deck")
}

/// The print size of a card file, for the templates' `trimmed` helper (mm).
fn card_size() -> Value {
    use crate::cards::{BLEED_MM, CANVAS_HEIGHT_MM, CANVAS_WIDTH_MM};
    json!({ "w": CANVAS_WIDTH_MM, "h": CANVAS_HEIGHT_MM, "bleed": BLEED_MM })
}

fn hex(n: u8) -> Hexagram {
    Hexagram::from_number(i64::from(n)).expect("rulebook examples use numbers 1..=64")
}

fn numbers(hs: impl IntoIterator<Item = Hexagram>) -> Vec<u8> {
    hs.into_iter().map(Hexagram::number).collect()
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

fn trigrams_json() -> Value {
    Trigram::ALL
        .iter()
        .map(|t| {
            json!({
                "key": t.name(),
                "name": capitalised(t.name()),
                "zh": t.chinese(),
                "pinyin": t.pinyin(),
                "image": t.nature(),
                "symbol": t.symbol().to_string(),
                "lines": t.line_string(),
            })
        })
        .collect()
}

fn hexagrams_json() -> Value {
    Hexagram::all()
        .map(|h| {
            let names = h.names();
            json!({
                "n": h.number(),
                "zh": names.zh,
                "pinyin": names.pinyin,
                "en": names.en,
                "lines": h.line_string(),
                "lower": h.lower().name(),
                "upper": h.upper().name(),
                "neighbours": numbers(h.neighbours()),
                "inverse": h.inverse().number(),
                "complement": h.complement().number(),
                "swap": h.swapped().number(),
            })
        })
        .collect()
}

/// A component row that is not printed (coins, dice, this booklet): how many, what, and a
/// note.
fn component(count: u32, name: &str, note: &str) -> Value {
    json!({ "count": count, "name": name, "note": note })
}

/// A printed component row: as [`component`], plus `files`, the paths (relative to the
/// output folder, as in `manifest.json`) of the files `hexforge generate` writes for it.
fn printed(count: u32, name: &str, note: &str, files: Vec<String>) -> Value {
    json!({ "count": count, "name": name, "note": note, "files": files })
}

/// One file name per home paper (A4, then Letter).
fn home_files(path: impl Fn(pdf::Paper) -> String) -> Vec<String> {
    pdf::Paper::ALL.into_iter().map(path).collect()
}

/// A board printed tiled on the home papers and whole on the large ones:
/// `<stem>-a4.pdf`, `-letter.pdf`, `-a3.pdf`, `-tabloid.pdf`, as the game's art module
/// writes them.
fn board_files(stem: &str) -> Vec<String> {
    tiling::Paper::HOME.into_iter().chain(tiling::Paper::LARGE).map(|p| format!("{stem}-{}.pdf", p.key())).collect()
}

/// The throw charts Liubo prints: one per player, both on the pieces sheet's second page.
const LIUBO_THROW_CHARTS: u32 = 2;

/// The components of each game, in the words and counts `hexforge generate` prints; each
/// printed row carries the `files` to print for it (see [`printed`]).
pub fn components(game: Game) -> Vec<Value> {
    let cards = |deck: CardDeck| home_files(|p| card_export::sheet_pdf_path(deck, p));
    // How many cards of a deck have a front or back like `which`, counted from its print pairs.
    let count = |deck: CardDeck, which: fn(&(CardFace, CardFace)) -> bool| {
        deck.print_pairs().iter().filter(|pair| which(pair)).count() as u32
    };
    let numbered = |pair: &(CardFace, CardFace)| matches!(pair.0, CardFace::Card(_));
    let backed = |pair: &(CardFace, CardFace)| pair.1 == CardFace::Back;
    let trigram = |pair: &(CardFace, CardFace)| matches!(pair.0, CardFace::Trigram(_));
    match game {
        Game::ChangingLines => vec![
            printed(
                count(CardDeck::ChangingLines, numbered),
                "Changing Lines cards",
                "one per hexagram, two readings each; poker size 63 × 88 mm",
                cards(CardDeck::ChangingLines),
            ),
            printed(
                count(CardDeck::ChangingLines, backed),
                "Card backs",
                "on the back pages of the same file; print double-sided, flip on the long edge",
                cards(CardDeck::ChangingLines),
            ),
            component(1, "Rulebook", "this booklet"),
            component(3, "Coins (optional)", "for the 6/7/8/9 method of divination; not printed"),
        ],
        Game::ZhiPai => vec![
            printed(
                count(CardDeck::ZhiPai, numbered),
                "Hexagram cards",
                "each with its complement in the corner; poker size 63 × 88 mm",
                cards(CardDeck::ZhiPai),
            ),
            printed(
                count(CardDeck::ZhiPai, backed),
                "Card backs",
                "for the hexagram cards, on the back pages; print double-sided",
                cards(CardDeck::ZhiPai),
            ),
            printed(
                count(CardDeck::ZhiPai, trigram),
                "Trigram cards",
                "8 per player, active face and inactive face (front and back)",
                cards(CardDeck::ZhiPai),
            ),
            component(1, "Rulebook", "this booklet"),
        ],
        Game::YijingPai => {
            let set = |s: TileSet, note: &str| {
                let tiles = format!(
                    "{} yang 阳爻, {} yin 阴爻 and {} taiji 太极 tiles; {note}",
                    s.count(TileKind::Yang),
                    s.count(TileKind::Yin),
                    s.count(TileKind::Taiji)
                );
                let files = home_files(|p| format!("yijing-pai/sheets-{}-{}.pdf", s.key(), p.slug()));
                printed(s.total(), &format!("Tile set of {}", s.total()), &tiles, files)
            };
            vec![
                set(TileSet::Standard144, "the standard set"),
                set(TileSet::Large162, "the larger set, instead of the standard one"),
                component(2, "Dice (not printed)", "to choose the dealer"),
                component(1, "Rulebook", "this booklet"),
            ]
        }
        Game::Liubo => {
            let p = liubo::PIECES;
            let pieces = || home_files(|paper| format!("liubo/pieces-{}.pdf", paper.slug()));
            vec![
                printed(
                    1,
                    "Board",
                    "29 stations: circuit of 20, two crossings, the centre; tiled on A4/Letter, whole on A3/Tabloid",
                    board_files("liubo/board"),
                ),
                printed(p.white_stones, "White stones", "one player's pieces", pieces()),
                printed(p.black_stones, "Black stones", "the other player's pieces", pieces()),
                printed(p.owls, "Owl markers", "one per player, set on a promoted stone", pieces()),
                printed(p.sticks, "Throwing sticks", "a flat (yang) and a round (yin) face each", pieces()),
                printed(
                    LIUBO_THROW_CHARTS,
                    "Throw chart",
                    "one per player: what each throw of the sticks scores",
                    pieces(),
                ),
                component(1, "Rulebook", "this booklet"),
            ]
        }
        // The rows are Dragons' own (they also make `dragons/components.json`); only the
        // files to print are added here: the board of human has its own tiled and poster
        // PDFs, everything else is in the home-print PDF.
        Game::Dragons => crate::games::dragons::art::components_json()
            .into_iter()
            .map(|mut row| {
                row["files"] = json!(match row["key"].as_str() {
                    Some("board-human") => board_files("dragons/board-human"),
                    _ => home_files(|p| format!("dragons/dragons-{}.pdf", p.slug())),
                });
                row
            })
            .collect(),
    }
}

/// The Pathways decks, by card number, from the deck module.
fn deck_lists() -> Vec<(&'static str, Vec<u8>)> {
    DeckName::ALL.iter().map(|d| (d.name(), d.cards().numbers())).collect()
}

/// Whether turning every card of a deck over gives hexagrams of the same deck.
fn closed_under_inverse(deck: &[u8]) -> bool {
    deck.iter().all(|&n| deck.contains(&hex(n).inverse().number()))
}

/// The longest cancel chain of Tao from card `start` read dark: the four cards that
/// show the start hexagram or its complement, alternating.
fn cancel_chain(start: u8) -> Value {
    let h = hex(start);
    let c = h.complement();
    let steps = [(h, Orientation::Dark), (c, Orientation::Dark), (h, Orientation::Light), (c, Orientation::Light)];
    steps
        .iter()
        .map(|&(shows, o)| {
            let card = Card::showing(shows, o);
            json!({ "card": card.number(), "reading": o.name(), "shows": shows.number() })
        })
        .collect()
}

fn fraction(num: u64, den: u64) -> String {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let g = gcd(num, den).max(1);
    format!("{}/{}", num / g, den / g)
}

/// Chance of each line value in the draw-three method, with and without replacing
/// the cards, counted over the 64 cards (for one line position).
fn draw_three_table() -> Value {
    let line1 = LinePosition::ALL[0];
    let yang = Hexagram::all().filter(|h| h.line(line1) == Line::Yang).count() as u64;
    let total = 64u64;
    let yin = total - yang;
    // With replacement: independent draws. Without: ordered distinct triples.
    let with = |k: u64| -> u64 {
        let choose = [1, 3, 3, 1][k as usize];
        choose * yang.pow(k as u32) * yin.pow(3 - k as u32)
    };
    let without = |k: u64| -> u64 {
        let choose = [1, 3, 3, 1][k as usize];
        let falling = |n: u64, r: u64| (0..r).map(|i| n - i).product::<u64>();
        choose * falling(yang, k) * falling(yin, 3 - k)
    };
    let coins = |k: u64| fraction([1, 3, 3, 1][k as usize], 8);
    let rows = [(6, "old yin", 0), (7, "young yang", 2), (8, "young yin", 1), (9, "old yang", 3)];
    rows.iter()
        .map(|&(value, label, k)| {
            json!({
                "value": value,
                "label": label,
                "coins": coins(k),
                "with_replacement": fraction(with(k), total.pow(3)),
                "without_replacement": fraction(without(k), total * (total - 1) * (total - 2)),
            })
        })
        .collect()
}

fn casting_table() -> Value {
    let rows = [
        (6, "old yin", "yin, changing", "becomes yang", "1/8"),
        (7, "young yang", "yang", "stays yang", "3/8"),
        (8, "young yin", "yin", "stays yin", "3/8"),
        (9, "old yang", "yang, changing", "becomes yin", "1/8"),
    ];
    // The line and its fate come from the core's caster: a value on every line.
    rows.iter()
        .map(|&(value, name, _, _, coins)| {
            let c = casting::cast(&[value; 6]).expect("6..=9 are line values");
            let line = if c.primary.line(LinePosition::ALL[0]) == Line::Yang { "yang" } else { "yin" };
            let changing = !c.changing.is_empty();
            let becomes = match (line, changing) {
                ("yang", true) => "becomes yin",
                ("yin", true) => "becomes yang",
                (l, _) => {
                    if l == "yang" {
                        "stays yang"
                    } else {
                        "stays yin"
                    }
                }
            };
            json!({
                "value": value,
                "name": name,
                "line": if changing { format!("{line}, changing") } else { line.to_string() },
                "becomes": becomes,
                "coins": coins,
            })
        })
        .collect()
}

fn casting_example() -> Value {
    let values = [7, 8, 9, 7, 6, 8];
    let c = casting::cast(&values).expect("a valid cast");
    let lines_text =
        c.primary.lines().iter().map(|l| if *l == Line::Yang { "yang" } else { "yin" }).collect::<Vec<_>>().join(", ");
    json!({
        "values": values,
        "lines_text": lines_text,
        "primary": c.primary.number(),
        "changing": c.changing.iter().map(|p| p.get()).collect::<Vec<_>>(),
        "relating": c.relating.map(Hexagram::number),
    })
}

fn changing_lines_data() -> Value {
    let decks = deck_lists();
    let example = Card::from_number(i64::from(EXAMPLE_CARD)).expect("a card number");
    let opp = hex(OPPOSITES_EXAMPLE);
    let special = |f: fn(Hexagram) -> bool| -> Vec<u8> {
        let mut v: Vec<u8> = Hexagram::all().filter(|&h| f(h)).map(Hexagram::number).collect();
        v.sort_unstable();
        v
    };
    let path = pathways_example();
    json!({
        "components": components(Game::ChangingLines),
        "card": card_size(),
        "trigrams": trigrams_json(),
        "hexagrams": hexagrams_json(),
        "example_card": {
            "card": example.number(),
            "light": example.shows(Orientation::Light).number(),
            "lower": example.shows(Orientation::Dark).lower().name(),
            "upper": example.shows(Orientation::Dark).upper().name(),
            "dark_neighbours": example.neighbour_numbers(Orientation::Dark),
            "light_neighbours": example.neighbour_numbers(Orientation::Light),
        },
        "opposites": {
            "n": opp.number(),
            "complement": opp.complement().number(),
            "inverse": opp.inverse().number(),
            "swap": opp.swapped().number(),
        },
        "special": {
            "doubles": special(|h| h.is_double() && !h.is_mirror()),
            "mirrors": special(|h| h.is_mirror() && !h.is_double()),
            "double_mirrors": special(Hexagram::is_double_mirror),
        },
        "cancel_chain": cancel_chain(3),
        "decks": decks.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
        "deck_3d_lower": hex(deck::THREE_D[0]).lower().name(),
        "deck_closure": decks.iter().map(|(k, v)| (k.to_uppercase(), json!(closed_under_inverse(v)))).collect::<serde_json::Map<_, _>>(),
        "path": {
            "deck": "3D",
            "mode": Mode::Dark.name(),
            "from": path[0].hexagram.number(),
            "to": path[path.len() - 1].hexagram.number(),
            "cards": path.iter().map(|l| json!({
                "card": l.card.number(), "reading": l.orientation.name(), "shows": l.hexagram.number(),
            })).collect::<Vec<_>>(),
        },
        "draw_three": draw_three_table(),
        "casting": casting_table(),
        "casting_example": casting_example(),
    })
}

// --- Zhi Pai ---------------------------------------------------------------------------

/// The worked example of SPEC §3, played through the rules engine so that every
/// placement is checked, with what each one does to the trigram cards.
pub(crate) fn zhi_pai_example() -> Value {
    let start = hex(ZHI_PAI_SEQUENCE[0]);
    let moves = [(6, Side::Left), (22, Side::Right), (40, Side::Left), (55, Side::Left)];
    let mut game = zhipai::Game::new(zhipai::Setup::new(start));
    // The turn on which each trigram card last woke, by trigram bits.
    let mut woke_on = [0usize; 8];
    let mut rows = Vec::new();
    for (turn, (card, side)) in moves.into_iter().enumerate() {
        let (card, turn) = (hex(card), turn + 1);
        let touching = game.end(side);
        let before = game.active();
        let placed = game.place(card, side).expect("the SPEC's worked example is legal");
        let after = game.active();
        let woke: Vec<Trigram> =
            [card.lower(), card.upper()].into_iter().filter(|&t| after.contains(t) && !before.contains(t)).collect();
        for t in &woke {
            woke_on[t.bits() as usize] = turn;
        }
        let lines: Vec<u8> = card.differing_lines(touching).iter().map(|p| p.get()).collect();
        let link = match placed.condition {
            Condition::OneLine => format!("1 (line {})", lines[0]),
            Condition::Swap => format!("2 (lines {} and {})", lines[0], lines[1]),
            Condition::Trigram => format!("3 ({})", placed.trigram.map_or("", |t| t.name())),
        };
        rows.push(json!({
            "card": card.number(),
            // A card on the left chain goes right of its end, and the other way round.
            "side": match side { Side::Left => "right", Side::Right => "left" },
            "touching": touching.number(),
            "lines": lines,
            "link": link,
            "activated": woke.iter().map(|t| t.name()).collect::<Vec<_>>(),
            "spent": placed.trigram.map(|t| t.name()),
        }));
    }
    let (_, finish) = game.finish().expect("the SPEC's worked example finishes");
    let (left, right) = (game.end(Side::Left), game.end(Side::Right));
    let lines: Vec<u8> = left.differing_lines(right).iter().map(|p| p.get()).collect();
    // The ends may also share a trigram whose card is active: the seed's own reading.
    let shared = zhipai::shared_trigram(left, right).map(|(_, t)| t).filter(|&t| game.active().contains(t));
    json!({
        "start": start.number(),
        "end": start.complement().number(),
        "placements": rows,
        "finish": {
            "left": left.number(),
            "right": right.number(),
            "condition": finish.condition.number(),
            "lines": lines,
            "trigram": finish.trigram.map(|t| t.name()),
            "shared": shared.map(|t| t.name()),
            "shared_active_since": shared.map(|t| woke_on[t.bits() as usize]),
        },
        "sequence": numbers(game.sequence()),
        "gaps": gaps(&game),
    })
}

/// A label for each gap of a finished line, left to right: the condition and what it
/// used (lines or trigram), as the chain figure prints them.
fn gaps(game: &zhipai::Game) -> Vec<Value> {
    let seq = game.sequence();
    let (_, finish) = game.finish().expect("a finished game");
    let junction = seq.iter().position(|&h| h == game.end(Side::Left)).expect("the left end is in the line");
    let placement = |card: Hexagram| {
        let p = game.placements().iter().find(|p| p.card == card).expect("every inner card was placed");
        (p.condition, p.trigram)
    };
    seq.windows(2)
        .enumerate()
        .map(|(i, w)| {
            // Left of the junction the right card of a pair was laid last; right of it,
            // the left one; at the junction the two ends closed the line.
            let (condition, trigram) = match i.cmp(&junction) {
                std::cmp::Ordering::Less => placement(w[1]),
                std::cmp::Ordering::Equal => (finish.condition, finish.trigram),
                std::cmp::Ordering::Greater => placement(w[0]),
            };
            let lines: Vec<String> = w[0].differing_lines(w[1]).iter().map(|p| p.to_string()).collect();
            let detail = match (condition, trigram) {
                (Condition::Trigram, Some(t)) => t.name().to_string(),
                (Condition::OneLine, _) => format!("line {}", lines.join(", ")),
                _ => format!("lines {}", lines.join(", ")),
            };
            json!({ "condition": condition.number(), "detail": detail, "finish": i == junction })
        })
        .collect()
}

fn zhi_pai_data() -> Value {
    let example = zhi_pai_example();
    let length = example["sequence"].as_array().map_or(0, Vec::len);
    json!({
        "components": components(Game::ZhiPai),
        "card": card_size(),
        "trigrams": trigrams_json(),
        "hexagrams": hexagrams_json(),
        "card_example": {
            "n": ZHI_PAI_SEQUENCE[0],
            "complement": hex(ZHI_PAI_SEQUENCE[0]).complement().number(),
        },
        "score_table": zhipai::SOLO_PENALTIES.iter().map(|row| json!({
            "zone": if row.or_more { format!("{} or more", row.common_zone) } else { row.common_zone.to_string() },
            "penalty": row.penalty,
        })).collect::<Vec<_>>(),
        "example": example,
        "example_score": {
            "penalty": zhipai::common_zone_penalty(6).expect("6 is a valid zone"),
            "total": zhipai::solo_score(length, 6).expect("6 is a valid zone"),
        },
        "example_score_two_passes": zhipai::solo_score(length, 8).expect("8 is a valid zone"),
    })
}

// --- Yijing Pai ------------------------------------------------------------------------

fn yijing_pai_data() -> Value {
    let sets: Vec<Value> = TileSet::ALL
        .iter()
        .map(|&s| {
            json!({
                "name": format!("{} tiles", s.total()),
                "yang": s.count(TileKind::Yang),
                "yin": s.count(TileKind::Yin),
                "taiji": s.count(TileKind::Taiji),
                "total": s.total(),
            })
        })
        .collect();
    let variant =
        |v: Variant| json!({ "hand": v.hand_size(), "group": v.group_size(), "plays": v.plays_per_hexagram() });
    let points: Vec<Value> = (0..=6u32)
        .map(|yang| {
            let lines: String = (0..6).map(|i| if i < yang { '1' } else { '0' }).collect();
            let h = Hexagram::from_line_string(&lines).expect("six line characters");
            json!({ "yang": yang, "points": yijing_pai::hexagram_points(h).to_string() })
        })
        .collect();
    let examples: Vec<Value> = YIJING_EXAMPLES
        .iter()
        .map(|s| {
            let h = Hexagram::from_line_string(s).expect("six line characters");
            let yang = h.bits().count_ones();
            json!({
                "lines": s, "n": h.number(), "yang": yang, "yin": 6 - yang,
                "points": yijing_pai::hexagram_points(h).to_string(),
            })
        })
        .collect();
    let word = |l: &str| if l == "1" { "yang" } else { "yin" };
    let say = |s: &str| s.chars().map(|c| word(&c.to_string())).collect::<Vec<_>>().join(", ");
    json!({
        "components": components(Game::YijingPai),
        "tile": {
            "w": yijing_pai_art::TILE_W_MM + 2.0 * yijing_pai_art::BLEED_MM,
            "h": yijing_pai_art::TILE_H_MM + 2.0 * yijing_pai_art::BLEED_MM,
            "bleed": yijing_pai_art::BLEED_MM,
        },
        "tile_names": TileKind::ALL.iter().map(|k| format!("{} {}", k.key(), k.chinese())).collect::<Vec<_>>(),
        "sets": sets,
        "variants": { "pairs": variant(Variant::Pairs), "triples": variant(Variant::Triples) },
        "pairs": [
            { "inside": "yang", "outside": "yang", "zh": "太阳", "pinyin": "tàiyáng", "en": "great yang: two yang" },
            { "inside": "yin", "outside": "yin", "zh": "太阴", "pinyin": "tàiyīn", "en": "great yin: two yin" },
            { "inside": "yang", "outside": "yin", "zh": "少阴 / 少阳", "pinyin": "shàoyīn / shàoyáng", "en": "a lesser figure: mixed, yang nearer you" },
            { "inside": "yin", "outside": "yang", "zh": "少阳 / 少阴", "pinyin": "shàoyáng / shàoyīn", "en": "the other lesser figure: mixed, yin nearer you" },
        ],
        "build": {
            "first": say("01"),
            "yang_pung": say("1011"),
            "response": say("0110"),
        },
        "points": points,
        "examples": examples,
        "glossary": [
            { "zh": "易经牌", "pinyin": "yìjīng pái", "en": "I Ching tiles, the name of the game" },
            { "zh": "阳爻 / 阴爻", "pinyin": "yáng yáo / yīn yáo", "en": "a yang line / a yin line, the two line tiles" },
            { "zh": "太极", "pinyin": "tàijí", "en": "the supreme pole; the taiji tile" },
            { "zh": "牌墙", "pinyin": "pái qiáng", "en": "the wall of face-down tiles" },
            { "zh": "庄家", "pinyin": "zhuāngjiā", "en": "the dealer" },
            { "zh": "上家 / 下家", "pinyin": "shàngjiā / xiàjiā", "en": "the player before you / after you" },
            { "zh": "出牌前 / 出牌 / 出牌后", "pinyin": "chū pái qián / chū pái / chū pái hòu", "en": "before the play, the play, after the play" },
            { "zh": "从内往外", "pinyin": "cóng nèi wǎng wài", "en": "from the inside outwards: the bottom line nearest you" },
            { "zh": "二画卦 / 三画卦 / 六画卦", "pinyin": "èr / sān / liù huà guà", "en": "figure of two, three, six lines" },
            { "zh": "应", "pinyin": "yìng", "en": "respond: the ordinary play" },
            { "zh": "碰 / 阴碰 / 阳碰", "pinyin": "pèng / yīn pèng / yáng pèng", "en": "pung: claim a double out of turn" },
            { "zh": "听", "pinyin": "tīng", "en": "ready: one pair from winning" },
            { "zh": "胡", "pinyin": "hú", "en": "win" },
            { "zh": "放炮", "pinyin": "fàng pào", "en": "fire the cannon: give the winning double" },
            { "zh": "自摸", "pinyin": "zìmō", "en": "self-drawn win" },
            { "zh": "和局", "pinyin": "héjú", "en": "a drawn hand" },
        ],
    })
}

// --- Liubo -----------------------------------------------------------------------------

fn station(n: u32) -> liubo::Station {
    liubo::Station::new(n).expect("rulebook examples use stations 1..=29")
}

fn liubo_data() -> Value {
    use liubo::{Path as Road, Station};
    let table: Vec<Value> = liubo::throw_table()
        .iter()
        .map(|r| {
            json!({
                "score": r.score,
                "ways": r.ways,
                "probability": r.probability.to_string(),
                "percent": format!("{}", r.probability.percent()),
                "trigrams": r.trigrams.iter().map(|t| t.name()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let prob = |p: liubo::Probability| json!({ "fraction": p.to_string(), "denominator": p.denominator() });
    let double_one = liubo::double_probability(1).expect("1 is a score");
    let crossing = Road::Crossing6To16;
    let across = liubo::walk(station(6), crossing, 4);
    let owl_first = [22, 29, 27];
    let owl_second = [28, 1];
    // The owl's walk must follow the board's links.
    let owl_ok = std::iter::once(21)
        .chain(owl_first)
        .chain(owl_second)
        .collect::<Vec<u32>>()
        .windows(2)
        .all(|w| liubo::neighbours(station(w[0])).contains(&station(w[1])));
    assert!(owl_ok, "the owl example walks along the board's links");
    let sticks_left = Trigram::FIRE;
    let sticks_right = Trigram::THUNDER;
    json!({
        "components": components(Game::Liubo),
        "trigrams": trigrams_json(),
        "board": {
            "stations": liubo::STATION_COUNT,
            "circuit": liubo::CIRCUIT_LEN,
            "inner": liubo::STATION_COUNT - liubo::CIRCUIT_LEN,
            "cardinals": Station::CARDINALS.iter().map(|s| s.number()).collect::<Vec<_>>(),
            "crossing_steps": crossing.steps(),
            "around_steps": liubo::steps_forward(station(6), station(16)).expect("16 follows 6"),
        },
        "throw_table": table,
        "double_one": prob(double_one),
        "extra_throw": prob(liubo::extra_throw_probability()),
        "sticks_example": {
            "left": liubo::group_score(sticks_left),
            "left_yang": sticks_left.bits().count_ones(),
            "right": liubo::group_score(sticks_right),
            "right_yang": sticks_right.bits().count_ones(),
        },
        "move_example": {
            "a": 4,
            "b": 2,
            "across": std::iter::once(6).chain(across.iter().map(|s| u32::from(s.number()))).collect::<Vec<_>>(),
            "enter": 2,
            "owl_from": 21,
            "owl_a": owl_first.len(),
            "owl_b": owl_second.len(),
            "owl_first": std::iter::once(21).chain(owl_first).collect::<Vec<_>>(),
            "owl_second": owl_second,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_round_trip_through_their_keys() {
        for g in Game::ALL {
            assert_eq!(g.key().parse::<Game>().unwrap(), g);
        }
        assert!("chess".parse::<Game>().is_err());
    }

    #[test]
    fn the_5d_deck_is_the_seed_list() {
        let decks = deck_lists();
        let seed: Vec<u8> = vec![
            1, 3, 5, 9, 10, 11, 13, 14, 17, 19, 21, 22, 24, 25, 26, 27, 30, 34, 36, 37, 38, 41, 42, 43, 49, 51, 54, 55,
            58, 60, 61, 63,
        ];
        assert_eq!(decks[2].1, seed);
    }

    #[test]
    fn only_4d_and_6d_survive_turning_over() {
        let closed: Vec<bool> = deck_lists().iter().map(|(_, d)| closed_under_inverse(d)).collect();
        assert_eq!(closed, vec![false, true, false, true]);
    }

    #[test]
    fn the_zhi_pai_example_wakes_what_the_spec_says() {
        let ex = zhi_pai_example();
        let woke: Vec<Value> = ex["placements"].as_array().unwrap().iter().map(|p| p["activated"].clone()).collect();
        assert_eq!(woke[0], json!(["water", "heaven"]));
        assert_eq!(woke[1], json!(["fire", "mountain"]));
        assert_eq!(woke[2], json!(["thunder"]));
        assert_eq!(woke[3], json!([]));
    }

    #[test]
    fn the_cancel_chain_uses_four_cards() {
        let chain = cancel_chain(3);
        let cards: Vec<u64> = chain.as_array().unwrap().iter().map(|s| s["card"].as_u64().unwrap()).collect();
        assert_eq!(cards, vec![3, 50, 4, 49]);
    }

    #[test]
    fn the_casting_example_is_55_to_17() {
        let ex = casting_example();
        assert_eq!(ex["primary"], 55);
        assert_eq!(ex["relating"], 17);
    }
}
