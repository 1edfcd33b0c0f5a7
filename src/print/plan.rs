//! What a run prints: the options every game prints with, and the files it lists.

use serde::Serialize;

use crate::print::dpi::Dpi;
use crate::print::profile::Profiles;
use hexforge_rules::core::lang::Lang;

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
    /// Which home-print sheets of cards to make (default the duplex sheets).
    pub layouts: Layouts,
    /// Which edge a duplex printer turns the sheet on (default the long edge).
    pub duplex: DuplexEdge,
    /// How far every back page is moved, to cancel a duplex printer's drift.
    pub back_offset: BackOffset,
    /// Where the Tabletop Simulator deck files point for their images (default: the
    /// `file:///` paths of the sheets as written).
    pub tts_base_url: Option<&'static str>,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            dpi: Dpi::DEFAULT,
            lang: Lang::En,
            profiles: Profiles::DEFAULT,
            backs: Backs::Full,
            base_url: None,
            layouts: Layouts::DEFAULT,
            duplex: DuplexEdge::Long,
            back_offset: BackOffset::NONE,
            tts_base_url: None,
        }
    }
}

/// A way of laying cards on home-print pages, as named on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// 3×3 cards a page, fronts and backs on alternate pages for a duplex printer.
    Duplex,
    /// Front and back side by side, folded along the middle and glued: no duplex needed.
    Fold,
    /// Print-then-cut: 3×2 cards a page with registration marks, and an SVG of the cut
    /// paths for each page.
    Cut,
}

impl Layout {
    /// Every layout, as offered on the command line.
    pub const ALL: &'static [Layout] = &[Layout::Duplex, Layout::Fold, Layout::Cut];

    /// The name on the command line: `duplex`, `fold`, `cut`.
    pub fn key(self) -> &'static str {
        match self {
            Layout::Duplex => "duplex",
            Layout::Fold => "fold",
            Layout::Cut => "cut",
        }
    }

    /// One line saying what the layout prints, for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            Layout::Duplex => "3×3 cards a page, backs on the next page, for duplex printers (default)",
            Layout::Fold => "front and back side by side, fold and glue: for printers without duplex",
            Layout::Cut => "print-then-cut: 3×2 cards with registration marks, plus an SVG of cut paths per page",
        }
    }
}

/// The layouts a run makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layouts {
    /// 3×3 duplex sheets.
    pub duplex: bool,
    /// Fold-over sheets.
    pub fold: bool,
    /// Print-then-cut sheets and their cut files.
    pub cut: bool,
}

impl Layouts {
    /// The duplex sheets only, as before layouts could be chosen.
    pub const DEFAULT: Layouts = Layouts { duplex: true, fold: false, cut: false };

    /// The union of `chosen`; nothing chosen means [`Layouts::DEFAULT`].
    pub fn from_list(chosen: &[Layout]) -> Layouts {
        if chosen.is_empty() {
            return Layouts::DEFAULT;
        }
        Layouts {
            duplex: chosen.contains(&Layout::Duplex),
            fold: chosen.contains(&Layout::Fold),
            cut: chosen.contains(&Layout::Cut),
        }
    }
}

/// The edge a duplex printer turns the sheet on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuplexEdge {
    /// Like a book: the backs' columns are mirrored (the default).
    #[default]
    Long,
    /// Like a notepad: the back pages are also turned 180°.
    Short,
}

impl DuplexEdge {
    /// Both, as offered on the command line.
    pub const ALL: &'static [DuplexEdge] = &[DuplexEdge::Long, DuplexEdge::Short];

    /// The name on the command line: `long`, `short`.
    pub fn key(self) -> &'static str {
        match self {
            DuplexEdge::Long => "long",
            DuplexEdge::Short => "short",
        }
    }

    /// One line for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            DuplexEdge::Long => "flip on the long edge, like a book (default)",
            DuplexEdge::Short => "flip on the short edge; back pages are turned 180° to match",
        }
    }

    /// The words a sheet's note uses.
    pub fn words(self) -> &'static str {
        match self {
            DuplexEdge::Long => "flip on long edge",
            DuplexEdge::Short => "flip on short edge",
        }
    }
}

/// How far every back page is moved, in mm: `x` to the right and `y` down, as the back
/// page is seen on its own (the alignment test's scales read in these terms).
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize)]
pub struct BackOffset {
    /// To the right, mm.
    pub x: f32,
    /// Down, mm.
    pub y: f32,
}

impl BackOffset {
    /// No offset.
    pub const NONE: BackOffset = BackOffset { x: 0.0, y: 0.0 };

    /// The largest offset accepted on either axis: drift seen on home printers is 1–4 mm,
    /// and more would push the backs' bleed off the page.
    pub const MAX_MM: f32 = 10.0;

    /// True when nothing moves.
    pub fn is_none(self) -> bool {
        self == BackOffset::NONE
    }
}

impl std::str::FromStr for BackOffset {
    type Err = String;

    /// `X,Y` in millimetres, e.g. `1.5,-0.5`.
    fn from_str(text: &str) -> Result<BackOffset, String> {
        let bad = || {
            format!(
                "{text:?} is not a back offset; expected X,Y in millimetres, each from -{0} to {0} (e.g. 1.5,-0.5)",
                BackOffset::MAX_MM
            )
        };
        let (x, y) = text.split_once(',').ok_or_else(bad)?;
        let number = |s: &str| -> Result<f32, String> {
            let v: f32 = s.trim().parse().map_err(|_| bad())?;
            if v.is_finite() && v.abs() <= BackOffset::MAX_MM { Ok(v) } else { Err(bad()) }
        };
        Ok(BackOffset { x: number(x)?, y: number(y)? })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_offsets_parse_and_refuse_with_the_range() {
        assert_eq!("1.5,-0.5".parse::<BackOffset>(), Ok(BackOffset { x: 1.5, y: -0.5 }));
        assert_eq!(" 0 , 2 ".parse::<BackOffset>(), Ok(BackOffset { x: 0.0, y: 2.0 }));
        for bad in ["1.5", "a,b", "11,0", "0,-10.5", "NaN,0", "1,2,3"] {
            let err = bad.parse::<BackOffset>().unwrap_err();
            assert!(err.contains(&format!("{bad:?}")) && err.contains("-10 to 10"), "{err}");
        }
    }

    #[test]
    fn layouts_default_to_duplex() {
        assert_eq!(Layouts::from_list(&[]), Layouts::DEFAULT);
        assert_eq!(Layouts::from_list(&[Layout::Fold]), Layouts { duplex: false, fold: true, cut: false });
    }
}
