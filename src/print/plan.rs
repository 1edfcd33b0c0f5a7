//! What a run prints: the options every game prints with, and the files it lists.

use serde::Serialize;

use crate::core::lang::Lang;
use crate::print::dpi::Dpi;
use crate::print::profile::Profiles;

/// How to print: the options `generate` passes to every game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintOptions {
    /// Resolution of the PNG exports (default 300 dpi).
    pub dpi: Dpi,
    /// Language of the names on cards (default English).
    pub lang: Lang,
    /// Which print profiles of card images to make (default all).
    pub profiles: Profiles,
    /// How card and tile backs are inked (default [`Backs::Full`]).
    pub backs: Backs,
    /// Where the puzzles are played online: the puzzle book prints a QR code to
    /// `<base_url>/?puzzle=ID` beside each puzzle (default none: no QR codes).
    pub base_url: Option<&'static str>,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions { dpi: Dpi::DEFAULT, lang: Lang::En, profiles: Profiles::ALL, backs: Backs::Full, base_url: None }
    }
}

/// How the backs of cards and tiles are printed.
///
/// `LowInk` draws each back as a line drawing on white, for inkjet printers whose paper
/// soaks under a near-solid page. The colours are the style sheet's: `style.json`'s
/// `low_ink` group is laid over the rest of the sheet (see
/// [`crate::print::template::Templates::render_with`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Backs {
    /// The designed backs, full colour (the default).
    #[default]
    Full,
    /// Backs as line drawings on white.
    LowInk,
}

impl Backs {
    /// Every choice, as offered on the command line.
    pub const ALL: &'static [Backs] = &[Backs::Full, Backs::LowInk];

    /// The name on the command line: `full`, `low-ink`.
    pub fn key(self) -> &'static str {
        match self {
            Backs::Full => "full",
            Backs::LowInk => "low-ink",
        }
    }

    /// One line saying what the choice prints, for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            Backs::Full => "backs in full colour, as designed (default)",
            Backs::LowInk => "backs as line drawings on white, to spare ink and inkjet paper",
        }
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
