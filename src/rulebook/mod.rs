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

use crate::core::hexagram::Hexagram;
use crate::core::names::capitalise;
use crate::core::trigram::Trigram;
use crate::games::Game as _;
use crate::games::changing_lines::ChangingLines;
use crate::games::liubo::rules as liubo;
use crate::games::yijing_pai::art as yijing_pai_art;
use crate::games::yijing_pai::rules::{self as yijing_pai, TileKind, TileSet, Variant};
use crate::games::zhi_pai::ZhiPai;
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
        Game::ChangingLines => ChangingLines.rulebook_data(),
        Game::ZhiPai => ZhiPai.rulebook_data(),
        Game::YijingPai => yijing_pai_data(),
        Game::Liubo => liubo_data(),
        Game::Dragons => {
            let mut data = crate::games::dragons::art::rulebook_data();
            data["components"] = json!(components(Game::Dragons));
            data
        }
    }
}

/// The seed's two scoring examples are worth 5 and 4½: four and three yang lines.
pub(crate) const YIJING_EXAMPLES: [&str; 2] = ["111010", "101100"];

pub(crate) fn numbers(hs: impl IntoIterator<Item = Hexagram>) -> Vec<u8> {
    hs.into_iter().map(Hexagram::number).collect()
}

pub(crate) fn trigrams_json() -> Value {
    Trigram::ALL
        .iter()
        .map(|t| {
            json!({
                "key": t.name(),
                "name": capitalise(t.name()),
                "zh": t.chinese(),
                "pinyin": t.pinyin(),
                "image": t.nature(),
                "symbol": t.symbol().to_string(),
                "lines": t.line_string(),
            })
        })
        .collect()
}

pub(crate) fn hexagrams_json() -> Value {
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
    match game {
        Game::ChangingLines => ChangingLines.components().iter().map(|row| json!(row)).collect(),
        Game::ZhiPai => ZhiPai.components().iter().map(|row| json!(row)).collect(),
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

// --- Zhi Pai ---------------------------------------------------------------------------

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
}
