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
