//! Rulebooks: one typeset PDF per game, in an A4 and a US Letter edition.
//!
//! The prose and layout live in `templates/rulebooks/<game>.typ` (typst), editable
//! without a recompile; `common.typ` there holds the shared style. This module is the
//! engine only: each game ([`crate::games::PrintedGame`]) hands it its data and figures, and it
//! runs typst:
//!
//! - **data**: the game's facts, computed from the core (deck lists, score and
//!   probability tables, worked examples) and handed over as one JSON string in
//!   `sys.inputs.data`, so no number in a rulebook is typed by hand;
//! - **figures**: SVGs drawn by the game ([`PrintedGame::figures`]), handed over as in-memory files
//!   `figures/<name>.svg` and placed by typst as vector art;
//! - **fonts**: the bundled fonts only ([`crate::print::fonts`]), never the system's.
//!
//! Output is deterministic: no clock, no randomness, a fixed PDF identifier.

pub mod figures;
pub mod puzzle_book;

use crate::print::output::{Output, OutputError};
use crate::print::paper::Paper;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::lang::Lang;
use hexforge_rules::core::names::capitalise;
use hexforge_rules::core::trigram::Trigram;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use thiserror::Error;
use typst::foundations::{Dict, IntoValue, Smart};
use typst::text::Font;
use typst_as_lib::TypstEngine;

/// What can go wrong making a rulebook.
#[derive(Debug, Error)]
pub enum RulebookError {
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

/// What a game hands the engine: its key and language (the template, see
/// [`Book::edition`]), the facts its template reads, and its figures as `(file name, SVG)`.
#[derive(Debug, Clone)]
pub struct Book {
    /// The game's key, e.g. `zhi-pai`.
    pub key: &'static str,
    /// The language the book is written in.
    pub lang: Lang,
    /// The JSON the template reads from `sys.inputs.data`.
    pub data: Value,
    /// The figures, placed by the template as `figures/<file name>`.
    pub figures: Vec<(String, String)>,
}

impl Book {
    /// The edition's name, for its template (`<edition>.typ`) and its files: the game's key
    /// for English, the key and the language code otherwise (`zhi-pai-fr`).
    pub fn edition(&self) -> String {
        edition_name(self.key, self.lang)
    }
}

/// The edition of game `key` in `lang`, as [`Book::edition`] names it (a run knows the
/// names of its books before it makes them).
pub fn edition_name(key: &str, lang: Lang) -> String {
    match lang {
        Lang::En => key.to_string(),
        other => format!("{key}-{}", other.code()),
    }
}

/// The printed part whose rulebook is `key`'s, as the games' descriptors declare it (the
/// puzzle book is no game's part).
fn printed_part(key: &str) -> Option<hexforge_rules::play::descriptor::Printed> {
    hexforge_rules::play::descriptor::printed(&hexforge_rules::games()).into_iter().find(|p| p.key == key)
}

/// Compiles one rulebook edition to PDF bytes. Same input, same bytes.
///
/// With `generate --templates DIR` ([`crate::print::template::use_overrides`]), a `.typ`
/// file in `DIR/rulebooks/` replaces the bundled one of the same name (the edition's own
/// template or one it imports, such as `common.typ`), and the layered style sheet gives
/// the rulebooks their colours.
pub fn rulebook_pdf(game: &Book, paper: Paper) -> Result<Vec<u8>, RulebookError> {
    match crate::print::template::overrides_dir() {
        Some(designer) => {
            let style = crate::print::template::style()?;
            compile(&templates_dir()?, Some(&designer.join("rulebooks")), style, game, paper)
        }
        None => rulebook_pdf_in(&templates_dir()?, game, paper),
    }
}

/// [`rulebook_pdf`] with an explicit templates folder (its parent holds the style sheet).
pub fn rulebook_pdf_in(dir: &Path, game: &Book, paper: Paper) -> Result<Vec<u8>, RulebookError> {
    // The house style (colours, font stacks) from the style sheet beside the rulebooks
    // folder, so the rulebooks and their figures share one palette.
    let style = crate::print::template::Templates::new(dir.parent().unwrap_or(dir)).style()?;
    compile(dir, None, style, game, paper)
}

/// The `.typ` files of a designer's rulebooks folder, as `(/name, source)`: they shadow
/// the bundled files of the same name.
fn designer_sources(designer: Option<&Path>) -> Result<Vec<(String, String)>, RulebookError> {
    let Some(folder) = designer.filter(|f| f.is_dir()) else { return Ok(Vec::new()) };
    let entries =
        std::fs::read_dir(folder).map_err(|source| RulebookError::Template { path: folder.into(), source })?;
    let mut sources = Vec::new();
    for entry in entries {
        let path = entry.map_err(|source| RulebookError::Template { path: folder.into(), source })?.path();
        if path.extension().is_some_and(|e| e == "typ") {
            let source = std::fs::read_to_string(&path)
                .map_err(|source| RulebookError::Template { path: path.clone(), source })?;
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            sources.push((format!("/{name}"), source));
        }
    }
    sources.sort();
    Ok(sources)
}

fn compile(
    dir: &Path,
    designer: Option<&Path>,
    style: Value,
    game: &Book,
    paper: Paper,
) -> Result<Vec<u8>, RulebookError> {
    let template = format!("{}.typ", game.edition());
    let mut sources = designer_sources(designer)?;
    if !sources.iter().any(|(name, _)| *name == format!("/{template}")) {
        let main = dir.join(&template);
        let source =
            std::fs::read_to_string(&main).map_err(|source| RulebookError::Template { path: main.clone(), source })?;
        sources.push((format!("/{template}"), source));
    }
    let figures: Vec<(String, Vec<u8>)> =
        game.figures.iter().map(|(name, svg)| (format!("/figures/{name}"), svg.clone().into_bytes())).collect();
    let engine = TypstEngine::builder()
        .fonts(fonts().iter().cloned())
        .with_static_source_file_resolver(sources.iter().map(|(name, source)| (name.as_str(), source.clone())))
        .with_static_file_resolver(figures.iter().map(|(p, b)| (p.as_str(), b.clone())))
        .with_file_system_resolver(dir)
        .build();
    let mut inputs = Dict::new();
    inputs.insert("paper".into(), paper.typst_name().into_value());
    // Every book may print a game's glance (`data.glance`), the same the play page shows,
    // and a game's book its title as the game's descriptor declares it (`data.title`, and
    // `data.title_zh` under it in a book in another language).
    let mut data = game.data.clone();
    if let Value::Object(map) = &mut data {
        map.insert("glance".into(), crate::games::glance::all());
        if let Some(part) = printed_part(game.key) {
            map.insert("title".into(), part.title.get(game.lang).into());
            let zh = part.title.zh.filter(|_| game.lang.base() != Lang::Zh);
            map.insert("title_zh".into(), zh.into());
        }
    }
    inputs.insert("data".into(), data.to_string().into_value());
    inputs.insert("lang".into(), game.lang.code().into_value());
    inputs.insert("style".into(), style.to_string().into_value());
    let compiled = engine.compile_with_input(format!("/{template}").as_str(), inputs);
    let document = compiled.output.map_err(|e| RulebookError::Compile {
        template: template.clone(),
        message: match e {
            typst_as_lib::TypstAsLibError::TypstSource(diags) => diagnostics(&diags),
            other => other.to_string(),
        },
    })?;
    let options = typst_pdf::PdfOptions {
        ident: Smart::Custom(format!("hexforge-rulebook-{}-{}", game.edition(), paper.key())),
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

/// A typeset sheet of a game (a player aid, a score or chip sheet): the template
/// `<template>.typ` beside the rulebooks, compiled as a book is, with `data` (and no
/// figures). Same input, same bytes.
pub fn sheet_pdf(template: &'static str, data: Value, paper: Paper) -> Result<Vec<u8>, RulebookError> {
    rulebook_pdf(&Book { key: template, lang: Lang::En, data, figures: Vec::new() }, paper)
}

/// Where an edition goes inside the output folder: `rulebooks/<edition>-rules-<paper>.pdf`,
/// the edition being [`Book::edition`] (`zhi-pai`, `zhi-pai-fr`, `yijing-pai-zh`); "rules"
/// keeps it apart from the deck's card sheets, `<deck>/<deck>-cards-<paper>.pdf`. Every
/// edition is named the same way, the Chinese one a Chinese run writes beside the English
/// book ([`beside_english`]) too: `yijing-pai-zh-rules-a4.pdf`.
pub fn output_path(edition: &str, paper: Paper) -> String {
    format!("rulebooks/{edition}-rules-{}.pdf", paper.key())
}

/// The playing time every cover prints, in one format: the measured median game to the
/// game at the 90th percentile, in minutes, widened to fives as a publisher rounds a box's
/// time (down for the first figure, up for the second, five minutes at least and never a
/// range of nothing): medians of 7 and 12 minutes print "5–15 min", "5–15 分钟" in Chinese.
pub fn cover_time(lang: Lang, median_minutes: u32, p90_minutes: u32) -> String {
    let low = (median_minutes / 5 * 5).max(5);
    let high = p90_minutes.div_ceil(5).max(1) * 5;
    let high = if high <= low { low + 5 } else { high };
    match lang {
        Lang::Zh => format!("{low}–{high} 分钟"),
        _ => format!("{low}–{high} min"),
    }
}

/// Whether a run in `lang` writes a game's book in that language beside its English book
/// rather than instead of it: a Chinese run keeps every card in English, so its players
/// need the English book too; a French run's Zhi Pai deck is French, and so is its book.
pub fn beside_english(lang: Lang) -> bool {
    lang == Lang::Zh
}

/// Writes both editions of each game's rulebook through `out` (atomic, in the manifest),
/// one after another: a typst compile holds 60–100 MB, and `generate` makes the other
/// parts meanwhile.
pub fn write_rulebooks(out: &Output, books: &[Book]) -> Result<(), RulebookError> {
    for book in books {
        for paper in Paper::HOME {
            let pdf = rulebook_pdf(book, paper)?;
            out.write(&output_path(&book.edition(), paper), "rulebook-pdf", &pdf)?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Game data: what every template reads.

// Shared by the games' rulebook data: the core's tables as the templates read them.

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
