//! The five games, one folder each: its rules, its art, its print files and its rulebook data.
//!
//! Every game implements [`Game`]. `generate` asks a game for its [`Game::files`] and has it
//! write them; the rulebook engine asks it for its [`Game::components`],
//! [`Game::rulebook_data`] and [`Game::figures`]. A game's output paths are spelled in one
//! place, inside its folder, and its components list picks its files from [`Game::files`].

pub mod changing_lines;
pub mod dragons;
pub mod liubo;
pub mod yijing_pai;
pub mod zhi_pai;

use serde::Serialize;

use crate::cards::Lang;
use crate::print::art::ArtError;
use crate::print::dpi::Dpi;
use crate::print::output::Output;
use crate::print::profile::Profiles;

/// What every game can do on paper.
pub trait Game: Sync {
    /// The key used in file names, folders and on the command line: `changing-lines`, …
    fn key(&self) -> &'static str;

    /// Every file [`Game::generate`] writes with these options, paths relative to the
    /// output folder (as in `manifest.json`). The one list of the game's files.
    fn files(&self, options: &PrintOptions) -> Vec<PrintFile>;

    /// Writes exactly the files of [`Game::files`] into `out`.
    fn generate(&self, out: &Output, options: &PrintOptions) -> Result<(), ArtError>;

    /// The rulebook's components list; every printed row names files taken from
    /// [`Game::files`] with the default options.
    fn components(&self) -> Vec<Component>;

    /// The game's facts for its rulebook template (`sys.inputs.data`), computed from the
    /// rules, so no number in the prose is typed by hand.
    fn rulebook_data(&self) -> serde_json::Value;

    /// The rulebook's figures, as `(file name, SVG)`; the template places
    /// `figures/<file name>`.
    fn figures(&self) -> Result<Vec<Figure>, ArtError>;
}

/// Every game, in the order the product lists them.
pub fn all() -> [&'static dyn Game; 5] {
    [&changing_lines::ChangingLines, &zhi_pai::ZhiPai, &yijing_pai::YijingPai, &liubo::Liubo, &dragons::Dragons]
}

/// The game with this key (`changing-lines`, `zhi-pai`, `yijing-pai`, `liubo`, `dragons`).
pub fn by_key(key: &str) -> Option<&'static dyn Game> {
    all().into_iter().find(|g| g.key() == key)
}

/// A rulebook figure: its file name and its SVG.
pub type Figure = (String, String);

/// How to print: the options `generate` passes to every game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintOptions {
    /// Resolution of the PNG exports (default 300 dpi).
    pub dpi: Dpi,
    /// Language of the names on cards (default English).
    pub lang: Lang,
    /// Which print profiles of card images to make (default all).
    pub profiles: Profiles,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions { dpi: Dpi::DEFAULT, lang: Lang::En, profiles: Profiles::ALL }
    }
}

/// One file a game writes: where, and of what kind (the manifest's `kind`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct PrintFile {
    /// Relative to the output folder, `/`-separated.
    pub path: String,
    /// The manifest kind, e.g. `sheet-pdf`.
    pub kind: String,
}

impl PrintFile {
    /// A file at `path` of manifest kind `kind`.
    pub fn new(path: impl Into<String>, kind: impl Into<String>) -> PrintFile {
        PrintFile { path: path.into(), kind: kind.into() }
    }
}

/// A row of a rulebook's components list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Component {
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

impl Component {
    /// A printed row, with the files to print.
    pub fn printed(count: u32, name: &str, note: &str, files: Vec<String>) -> Component {
        Component { count, name: name.to_string(), note: note.to_string(), files }
    }

    /// A row that is not printed.
    pub fn other(count: u32, name: &str, note: &str) -> Component {
        Component { count, name: name.to_string(), note: note.to_string(), files: Vec::new() }
    }
}
