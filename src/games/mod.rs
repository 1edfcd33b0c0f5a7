//! The games printed, one folder each: its rules, its art, its print files and its rulebook data.
//!
//! Every game implements [`PrintedGame`] (a game on paper; its rules, where it has an
//! engine, are `hexforge_rules::play::Game`). `generate` asks a game for its
//! [`PrintedGame::files`] and has it write them; the rulebook engine asks it for its
//! [`PrintedGame::components`], [`PrintedGame::rulebook_data`] and [`PrintedGame::figures`].
//! A game's output paths are spelled in one place, inside its folder, and its components
//! list picks its files from [`PrintedGame::files`].

pub mod changing_lines;
pub mod decks;
pub mod dragons;
pub mod glance;
pub mod liubo;
pub mod poker;
pub mod solitaire;
pub mod yijing_pai;
pub mod zhi_pai;

use serde::Serialize;

pub use crate::print::plan::{PrintFile, PrintOptions};
use crate::rulebook::Book;
use hexforge_rules::core::lang::Lang;

use crate::print::output::Output;

/// What every game can do on paper.
pub trait PrintedGame: Sync {
    /// The key used in file names, folders and on the command line: `changing-lines`, …
    fn key(&self) -> &'static str;

    /// Every file [`PrintedGame::generate`] writes with these options, paths relative to the
    /// output folder (as in `manifest.json`). The one list of the game's files.
    fn files(&self, options: &PrintOptions) -> Vec<PrintFile>;

    /// Writes exactly the files of [`PrintedGame::files`] into `out`.
    fn generate(&self, out: &Output, options: &PrintOptions) -> Result<(), ArtError>;

    /// The rulebook's components list; every printed row names files taken from
    /// [`PrintedGame::files`] (with the default options, or with every layout of the card
    /// sheets); each book names those its run wrote.
    fn components(&self) -> Vec<ComponentRow>;

    /// The game's facts for its rulebook template (`sys.inputs.data`), computed from the
    /// rules, so no number in the prose is typed by hand.
    fn rulebook_data(&self) -> serde_json::Value;

    /// The rulebook's figures, as `(file name, SVG)`; the template places
    /// `figures/<file name>`.
    fn figures(&self) -> Result<Vec<Figure>, ArtError>;

    /// What the rulebook engine compiles: the key, the data with the components list, and
    /// the figures. The English edition.
    fn book(&self) -> Result<Book, ArtError> {
        let mut data = self.rulebook_data();
        data["components"] = serde_json::json!(self.components());
        data["written"] = serde_json::json!(default_written(self.key()));
        Ok(Book { key: self.key(), lang: Lang::En, data, figures: self.figures()? })
    }

    /// The languages the rulebook is written in: English, and more where a game says so.
    fn rulebook_langs(&self) -> &'static [Lang] {
        &[Lang::En]
    }

    /// Which of `generate`'s lanes makes the game's files ([`Lane`]): drawn, beside the books.
    fn lane(&self) -> Lane {
        Lane::Drawn
    }

    /// The book in `lang`, one of [`PrintedGame::rulebook_langs`]; other languages get the
    /// English book ([`PrintedGame::book`]), which is all a game with one edition needs.
    fn book_in(&self, _lang: Lang) -> Result<Book, ArtError> {
        self.book()
    }
}

/// Where `generate` makes a game's files. The parts run in two lanes on every core: the
/// typeset books one after another (typst compiles a book on one core), and beside them
/// the drawn boards, pieces and data, then the large decks, whose faces are drawn on every
/// core, so that they take whatever the books leave idle and share out the end of the run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lane {
    /// With the data: boards, pieces and tiles.
    Drawn,
    /// After the drawn parts, beside the books: a large deck (Changing Lines, Zhi Pai).
    Deck,
}

/// Writes the files of a game that makes them one at a time: `file` says where each goes
/// and of what kind, `bytes` makes it.
pub(crate) fn write_each<F: Copy>(
    out: &crate::print::output::Output,
    files: Vec<F>,
    file: impl Fn(F) -> PrintFile,
    bytes: impl Fn(F) -> Result<Vec<u8>, ArtError>,
) -> Result<(), ArtError> {
    for f in files {
        let PrintFile { path, kind } = file(f);
        out.write(&path, &kind, &bytes(f)?)?;
    }
    Ok(())
}

/// The Changing Lines deck as a components row of a game played with it that prints its own
/// sheets beside it (I-Ching Solitaire, I-Ching Poker): the deck's home-print files.
pub(crate) fn changing_lines_deck_row() -> ComponentRow {
    ComponentRow::printed(
        hexforge_rules::core::hexagram::Hexagram::all().count() as u32,
        "Changing Lines cards",
        "the whole deck, printed by the Changing Lines part",
        crate::cards::export::home_sheet_paths(changing_lines::DECK),
    )
}

/// Writes a game's typeset sheets: each `(template, file)` compiled with `data`
/// ([`crate::rulebook::sheet_pdf`]).
pub(crate) fn write_sheets(
    out: &Output,
    sheets: impl IntoIterator<Item = (&'static str, PrintFile)>,
    data: &serde_json::Value,
) -> Result<(), ArtError> {
    for (template, PrintFile { path, kind }) in sheets {
        out.write(&path, &kind, &crate::rulebook::sheet_pdf(template, data.clone(), paper_of(&path))?)?;
    }
    Ok(())
}

/// The home paper a sheet's file is for, by its name's ending (`…-letter.pdf`); A4 otherwise.
fn paper_of(path: &str) -> crate::print::paper::Paper {
    use crate::print::paper::Paper;
    Paper::HOME.into_iter().find(|p| path.ends_with(&format!("-{}.pdf", p.key()))).unwrap_or(Paper::A4)
}

/// The files a default `generate` run writes that the rulebook of game `key` may name:
/// the game's own files and, beside the card decks, the alignment test. A book made
/// outside a run reads these; `generate` gives each book its run's own list instead.
pub fn default_written(key: &str) -> Vec<String> {
    let options = PrintOptions::default();
    let mut files: Vec<String> =
        by_key(key).map(|g| g.files(&options)).unwrap_or_default().into_iter().map(|f| f.path).collect();
    if decks::ALL.iter().any(|deck| deck.slug() == key) {
        files.extend(crate::print::paper::Paper::HOME.map(|p| crate::cards::layouts::alignment_test_file(p).path));
    }
    files
}

/// Every game, in the order the product lists them.
pub fn all() -> [&'static dyn PrintedGame; 7] {
    [
        &changing_lines::ChangingLines,
        &zhi_pai::ZhiPai,
        &yijing_pai::YijingPai,
        &liubo::Liubo,
        &dragons::Dragons,
        &solitaire::Solitaire,
        &poker::Poker,
    ]
}

/// The game with this key (`changing-lines`, `zhi-pai`, `yijing-pai`, `liubo`, `dragons`,
/// `solitaire`, `poker`).
pub fn by_key(key: &str) -> Option<&'static dyn PrintedGame> {
    all().into_iter().find(|g| g.key() == key)
}

/// A rulebook figure: its file name and its SVG.
pub type Figure = (String, String);

/// A row of a rulebook's components list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComponentRow {
    /// How many.
    pub count: u32,
    /// What, e.g. "Hexagram cards".
    pub name: String,
    /// A short note: size, what is on it, how to print it.
    pub note: String,
    /// The files to print for it; empty for what is not printed (coins, dice, the book).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
}

impl ComponentRow {
    /// A printed row, with the files to print.
    pub fn printed(count: u32, name: &str, note: &str, files: Vec<String>) -> ComponentRow {
        ComponentRow { count, name: name.to_string(), note: note.to_string(), files }
    }

    /// A row that is not printed.
    pub fn other(count: u32, name: &str, note: &str) -> ComponentRow {
        ComponentRow { count, name: name.to_string(), note: note.to_string(), files: Vec::new() }
    }
}

/// Why a board, piece, tile or print sheet could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum ArtError {
    /// A template failed.
    #[error(transparent)]
    Template(#[from] crate::print::template::TemplateError),
    /// An SVG could not be parsed or rasterised.
    #[error(transparent)]
    Render(#[from] crate::print::render::RenderError),
    /// A PDF could not be made.
    #[error(transparent)]
    Pdf(#[from] crate::print::pdf::PdfError),
    /// A tiled or poster PDF could not be made.
    #[error(transparent)]
    Tiling(#[from] crate::print::tiling::TilingError),
    /// A file could not be written.
    #[error(transparent)]
    Output(#[from] crate::print::output::OutputError),
    /// A card deck could not be exported.
    #[error(transparent)]
    Cards(#[from] crate::cards::export::ExportError),
    /// A typeset sheet (a player aid, a score or chip sheet) could not be compiled.
    #[error(transparent)]
    Sheet(#[from] crate::rulebook::RulebookError),
}
