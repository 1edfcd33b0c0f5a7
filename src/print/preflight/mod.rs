//! Preflight: a written file checked against a shop's published requirements, rule by rule.
//!
//! `hexforge preflight FILE --shop dtc|tgc|mpc|tts|home` and `generate` (on what it writes
//! for each print profile) both call [`check`]. Each [`Shop`] has its rules ([`Shop::rules`]);
//! each rule gives a [`Verdict`]: pass, with what was measured, or fail, with what to
//! change. Where each rule comes from is in docs/print.md, "Preflight".
//!
//! - [`dtc`]: DriveThruCards' PDF (page size with bleed, PDF/X-1a, CMYK only, total ink,
//!   image resolution, page order), read with lopdf.
//! - [`png`]: The Game Crafter's and MakePlayingCards' card images (pixel size, dpi) and
//!   Tabletop Simulator's deck sheets (RGB, at most 4096 px a side).
//! - [`home`]: home print sheets: A4 or Letter, nothing inked in the outer 5 mm, measured on
//!   the page as rendered (hayro, the PDF renderer under typst).
//!
//! The shops' figures are read from where the files are made ([`crate::print::render`]'s
//! canvases, [`crate::cards::sheet::TTS_MAX_SIDE_PX`], [`crate::print::pdf::PRINTER_SAFE_MM`]);
//! only what no generator needs, such as DriveThruCards' ink limit, is stated here.

pub mod dtc;
pub mod home;
mod pdf_read;
pub mod png;
mod reach;

pub use pdf_read::{Matrix, multiply};

use serde::Serialize;
use std::path::Path;

/// A shop (or the home printer) a file can be checked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shop {
    /// DriveThruCards: a PDF/X-1a file of the deck.
    Dtc,
    /// The Game Crafter: one PNG a card face.
    Tgc,
    /// MakePlayingCards: one PNG a card face.
    Mpc,
    /// Tabletop Simulator: PNG deck sheets.
    Tts,
    /// A home printer: A4 or Letter PDFs.
    Home,
}

impl Shop {
    /// Every shop, in the order `--shop` lists them.
    pub const ALL: &'static [Shop] = &[Shop::Dtc, Shop::Tgc, Shop::Mpc, Shop::Tts, Shop::Home];

    /// The name on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Shop::Dtc => "dtc",
            Shop::Tgc => "tgc",
            Shop::Mpc => "mpc",
            Shop::Tts => "tts",
            Shop::Home => "home",
        }
    }

    /// The shop's name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Shop::Dtc => "DriveThruCards",
            Shop::Tgc => "The Game Crafter",
            Shop::Mpc => "MakePlayingCards",
            Shop::Tts => "Tabletop Simulator",
            Shop::Home => "home print",
        }
    }

    /// One line saying what the shop takes, for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            Shop::Dtc => "a PDF/X-1a deck file: page size with bleed, CMYK, total ink, resolution, page order",
            Shop::Tgc => "a PNG card face: The Game Crafter's pixel size and dpi",
            Shop::Mpc => "a PNG card face: MakePlayingCards' pixel size and dpi",
            Shop::Tts => "a PNG deck sheet: RGB, at most 4096 px a side",
            Shop::Home => "an A4 or Letter PDF: nothing printed in the outer 5 mm",
        }
    }

    /// The rules checked for the shop, in the order they are reported.
    pub fn rules(self) -> &'static [&'static str] {
        match self {
            Shop::Dtc => dtc::RULES,
            Shop::Tgc | Shop::Mpc => png::CARD_RULES,
            Shop::Tts => png::SHEET_RULES,
            Shop::Home => home::RULES,
        }
    }

    /// What kind of file the shop takes.
    fn format(self) -> Format {
        match self {
            Shop::Dtc | Shop::Home => Format::Pdf,
            Shop::Tgc | Shop::Mpc | Shop::Tts => Format::Png,
        }
    }
}

/// A file format the shops take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Format {
    Pdf,
    Png,
}

/// One rule's outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The rule's key, e.g. `total-ink` (docs/print.md, "Preflight", lists them).
    pub rule: &'static str,
    /// Whether the file meets it.
    pub pass: bool,
    /// On a pass, what was measured; on a failure, what is wrong and what to change.
    pub detail: String,
}

impl Verdict {
    /// A pass of `rule`, saying what was measured.
    pub fn pass(rule: &'static str, detail: impl Into<String>) -> Verdict {
        Verdict { rule, pass: true, detail: detail.into() }
    }

    /// A failure of `rule`, saying what to change.
    pub fn fail(rule: &'static str, detail: impl Into<String>) -> Verdict {
        Verdict { rule, pass: false, detail: detail.into() }
    }

    /// A pass when `problems` is empty, else a failure naming the first few.
    pub fn from_problems(rule: &'static str, problems: Vec<String>, passed: impl Into<String>) -> Verdict {
        if problems.is_empty() {
            return Verdict::pass(rule, passed);
        }
        let shown = problems.iter().take(3).cloned().collect::<Vec<_>>().join("; ");
        let more = problems.len().saturating_sub(3);
        let tail = if more > 0 { format!(" (and {more} more)") } else { String::new() };
        Verdict::fail(rule, format!("{shown}{tail}"))
    }
}

/// The verdicts on one file for one shop.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The shop.
    pub shop: Shop,
    /// Every rule of the shop, in [`Shop::rules`] order.
    pub verdicts: Vec<Verdict>,
}

impl Report {
    /// Whether every rule passed.
    pub fn passed(&self) -> bool {
        self.verdicts.iter().all(|v| v.pass)
    }

    /// The rules that failed.
    pub fn failures(&self) -> impl Iterator<Item = &Verdict> {
        self.verdicts.iter().filter(|v| !v.pass)
    }
}

/// Why a file could not be checked at all (as opposed to failing a rule).
#[derive(Debug, thiserror::Error)]
pub enum PreflightError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file is not of the format the shop takes.
    #[error("not a {expected} file ({reason}); {shop} takes {expected} files")]
    Format {
        /// `PDF` or `PNG`.
        expected: &'static str,
        /// What the reader said.
        reason: String,
        /// The shop, by name.
        shop: &'static str,
    },
}

/// Checks `bytes` against every rule of `shop`.
pub fn check(bytes: &[u8], shop: Shop) -> Result<Report, PreflightError> {
    check_allowing(bytes, shop, 0.0)
}

/// [`check`], with home sheets' margin narrowed by `back_offset_mm`: `generate
/// --back-offset X,Y` moves every back page by up to that much on purpose, to where the
/// printer's drift puts it back, so `generate` allows its largest component.
pub fn check_allowing(bytes: &[u8], shop: Shop, back_offset_mm: f32) -> Result<Report, PreflightError> {
    let verdicts = match shop {
        Shop::Dtc => dtc::check(bytes)?,
        Shop::Tgc | Shop::Mpc => png::check_card(bytes, shop)?,
        Shop::Tts => png::check_sheet(bytes)?,
        Shop::Home => home::check(bytes, back_offset_mm)?,
    };
    debug_assert_eq!(verdicts.iter().map(|v| v.rule).collect::<Vec<_>>(), shop.rules());
    Ok(Report { shop, verdicts })
}

/// Reads `path` and checks it against `shop` ([`check_allowing`]).
pub fn check_file(path: &Path, shop: Shop, back_offset_mm: f32) -> Result<Report, PreflightError> {
    let bytes =
        std::fs::read(path).map_err(|source| PreflightError::Io { path: path.display().to_string(), source })?;
    check_allowing(&bytes, shop, back_offset_mm)
}

/// The error for a file that is not `shop`'s format.
fn not_format(shop: Shop, reason: impl std::fmt::Display) -> PreflightError {
    let expected = match shop.format() {
        Format::Pdf => "PDF",
        Format::Png => "PNG",
    };
    PreflightError::Format { expected, reason: reason.to_string(), shop: shop.name() }
}

/// Millimetres per inch.
const MM_PER_INCH: f64 = 25.4;
/// PDF points per inch.
const PT_PER_INCH: f64 = 72.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verdict_names_the_first_problems_and_counts_the_rest() {
        let v = Verdict::from_problems("x", vec![], "all good");
        assert!(v.pass && v.detail == "all good");
        let v = Verdict::from_problems("x", (1..=5).map(|i| format!("page {i}")).collect(), "");
        assert!(!v.pass);
        assert_eq!(v.detail, "page 1; page 2; page 3 (and 2 more)");
    }

    #[test]
    fn a_file_of_another_format_is_bad_input_for_every_shop() {
        for &shop in Shop::ALL {
            let err = check(b"plain text, neither PDF nor PNG", shop).unwrap_err();
            assert!(matches!(err, PreflightError::Format { .. }), "{shop:?}: {err}");
            assert!(err.to_string().contains(shop.name()), "{err}");
        }
    }
}
