//! The games printed, one folder each: its rules, its art, its print files and its rulebook data.
//!
//! Every game implements [`PrintedGame`] (a game on paper; its rules, where it has an
//! engine, are `hexforge_rules::play::Game`). `generate` asks a game for its
//! [`PrintedGame::files`] and has it write them; the rulebook engine asks it for its
//! [`PrintedGame::components`], [`PrintedGame::rulebook_data`] and [`PrintedGame::figures`].
//! A game's output paths are spelled in one place, inside its folder, and its components
//! list picks its files from [`PrintedGame::files`]. Whatever else is said of a game on
//! paper or on its play page is the game's too: its [`PrintedGame::glances`], its play
//! page's drawings ([`PrintedGame::play_art`]) and what the output folder's index says of
//! its files ([`PrintedGame::sheet_duplex`], [`PrintedGame::folder_about`],
//! [`PrintedGame::index_note`]); the readers list the games and name none.

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

use self::glance::Glance;
use crate::print::output::{ManifestEntry, Output};
use crate::print::plan::DuplexEdge;
pub use crate::print::plan::{PrintFile, PrintOptions};
use crate::rulebook::Book;
use hexforge_rules::core::lang::Lang;

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
        Ok(book(self.key(), Lang::En, self.rulebook_data(), self.components(), self.figures()?))
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

    /// The glance of each game of the rules crate's registry played with this part, by the
    /// game's name (as `/play/GAME` spells it): the "At a glance" box of the rulebook and
    /// the how-to-play panel of the play page.
    fn glances(&self) -> Vec<(&'static str, Glance)>;

    /// The drawings that the play page of a game played with this part embeds: its pieces
    /// or tile faces and its boards. `None` where the page draws the game in words and with
    /// its own cards.
    fn play_art(&self) -> Option<Result<PlayArt, ArtError>> {
        None
    }

    /// The picture beside the line of a game played with this part on the list of games
    /// (`GET /play`), a standalone SVG, for a game whose descriptor asks for the
    /// application's art (`Picture::Art`).
    fn play_picture(&self) -> Option<Result<String, ArtError>> {
        None
    }

    /// The edge a duplex printer turns this part's two-sided sheets (`sheet-pdf`) on, as the
    /// files preset it; `None` where its sheets print one-sided. The output folder's index
    /// says how to print each file.
    fn sheet_duplex(&self, _print: &PrintOptions) -> Option<DuplexEdge> {
        None
    }

    /// What the part's folder holds, for its line in the output folder's index, given the
    /// files the run wrote.
    fn folder_about(&self, _written: &[ManifestEntry]) -> String {
        String::new()
    }

    /// A note the output folder's index prints under the part's files, given the paths of
    /// the PDFs of its folder the run wrote.
    fn index_note(&self, _pdfs: &[&str]) -> Option<String> {
        None
    }
}

/// The drawings of a play page ([`PrintedGame::play_art`]), each a standalone SVG.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayArt {
    /// Each piece or tile face, under the name the page's script places it by.
    pub symbols: Vec<(String, String)>,
    /// Each board as printed, with the screen-only marks of its template, by name.
    pub boards: Vec<(&'static str, String)>,
}

/// A book of game `key` in `lang`, ready for the engine: the game's `data` with its
/// `components` list, the files a default run writes that it may name (`written`,
/// [`default_written`]; `generate` tells each book its run's own) and every game's glance
/// (`glance`, [`glances`]), and its figures.
pub(crate) fn book(
    key: &'static str,
    lang: Lang,
    mut data: serde_json::Value,
    components: Vec<ComponentRow>,
    figures: Vec<Figure>,
) -> Book {
    data["components"] = serde_json::json!(components);
    data["written"] = serde_json::json!(default_written(key));
    data["glance"] = glances();
    Book { key, lang, data, figures }
}

/// Where `generate` makes a game's files. The parts run in two lanes: the typeset books
/// one after another on a thread of their own, and beside them, at a lower priority, the
/// drawn boards, pieces and data, then the large decks, whose faces are drawn on every
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
    out: &Output,
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

/// The printed game that the game `name` of the rules crate's registry (as `/play/GAME`
/// spells it: `tao`, `pathways`, `liubo`…) is played with: the part its descriptor names.
pub fn played_with(name: &str) -> Option<&'static dyn PrintedGame> {
    let game = hexforge_rules::games().into_iter().find(|g| g.key() == name)?;
    by_key(game.printed.key)
}

/// The glance of the game `name` of the rules crate's registry, or `None` for a name it
/// does not know.
pub fn glance_of(name: &str) -> Option<Glance> {
    played_with(name)?.glances().into_iter().find(|(game, _)| *game == name).map(|(_, glance)| glance)
}

/// Every game's glance, by its name, as the books read them (`data.glance`): each part's
/// own (each part gives those of the games played with it, the test below checks).
pub fn glances() -> serde_json::Value {
    all()
        .into_iter()
        .flat_map(|part| part.glances())
        .map(|(name, glance)| (name.to_string(), serde_json::to_value(glance).expect("plain data")))
        .collect::<serde_json::Map<_, _>>()
        .into()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_registry_has_a_glance_from_the_part_it_is_played_with() {
        for game in hexforge_rules::games() {
            let g = glance_of(game.key()).unwrap_or_else(|| panic!("{} has a glance", game.key()));
            assert!(!g.goal.is_empty() && !g.turn.is_empty() && g.moves.len() >= 2, "{}: {g:?}", game.key());
        }
        // Each part gives the glances of the games played with it: no other, none twice.
        for part in all() {
            let mut given: Vec<&str> = part.glances().into_iter().map(|(name, _)| name).collect();
            let mut played: Vec<&str> =
                hexforge_rules::games().into_iter().filter(|g| g.printed.key == part.key()).map(|g| g.key()).collect();
            given.sort_unstable();
            played.sort_unstable();
            assert_eq!(given, played, "{}", part.key());
        }
        assert_eq!(glance_of("chess"), None);
        assert_eq!(glances().as_object().map(|m| m.len()), Some(hexforge_rules::games().len()));
    }
}
