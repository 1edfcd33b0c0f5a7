//! 易经牌 (Yijing Pai): the tile game of yang, yin and taiji tiles, as one folder: its
//! rules, its tiles and print sheets, and its rulebook.
//!
//! - the pure model (tile sets, variants, scoring): the rules crate's `hexforge_rules::yijing_pai::tiles`;
//! - [`art`]: the tile faces as SVG and the sheets as PDF;
//! - [`rulebook`]: the rulebook's facts, components list and figures; [`rulebook_zh`] the
//!   same in simplified Chinese, for the Chinese book (`generate --lang zh`);
//! - here: [`YijingPai`], the [`PrintedGame`] that lists ([`OutFile`]) and writes every file under
//!   `yijing-pai/`.

pub mod art;
pub mod figures;
pub mod rulebook;
pub mod rulebook_zh;

use self::art::TileFace;
use crate::games::ArtError;
use crate::games::glance::Glance;
use crate::games::{ComponentRow, Figure, PlayArt, PrintFile, PrintOptions, PrintedGame};
use crate::print::output::{ManifestEntry, Output};
use crate::print::plan::{Backs, DuplexEdge};
use crate::print::render;
use hexforge_rules::yijing_pai::tiles::{TileKind, TileSet};

/// The game's key: its output folder, its rulebook's name.
pub const KEY: &str = "yijing-pai";

/// 易经牌 Yijing Pai, as a [`PrintedGame`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YijingPai;

/// One file Yijing Pai writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutFile {
    /// A tile face as SVG.
    Svg(TileFace),
    /// A tile face as PNG.
    Png(TileFace),
    /// The print sheets of a set on a home paper.
    Sheets(TileSet, crate::print::paper::Paper),
}

impl OutFile {
    /// Every file, in the order [`YijingPai`] writes them: each face as SVG and PNG, then
    /// the sheets of both sets on A4 and Letter.
    pub fn all() -> Vec<OutFile> {
        let faces = TileFace::ALL.into_iter().flat_map(|f| [OutFile::Svg(f), OutFile::Png(f)]);
        let sheets =
            TileSet::ALL.into_iter().flat_map(|s| crate::print::paper::Paper::HOME.map(|p| OutFile::Sheets(s, p)));
        faces.chain(sheets).collect()
    }

    /// Where it goes and its manifest kind.
    pub fn file(self) -> PrintFile {
        match self {
            OutFile::Svg(f) => PrintFile::new(format!("{KEY}/tile-{}.svg", f.key()), "tile-svg"),
            OutFile::Png(f) => PrintFile::new(format!("{KEY}/tile-{}.png", f.key()), "tile-png"),
            OutFile::Sheets(s, p) => PrintFile::new(format!("{KEY}/sheets-{}-{}.pdf", s.key(), p.key()), "sheet-pdf"),
        }
    }

    /// Its content; PNGs at `dpi`, the back tile inked as `backs` asks.
    pub fn bytes(self, dpi: f32, backs: Backs) -> Result<Vec<u8>, ArtError> {
        Ok(match self {
            OutFile::Svg(f) => art::tile_svg_with_backs(f, backs)?.into_bytes(),
            OutFile::Png(f) => render::svg_to_png(&art::tile_svg_with_backs(f, backs)?, dpi)?,
            OutFile::Sheets(s, p) => art::sheets_pdf_with_backs(s, p, backs)?,
        })
    }
}

/// The print sheets of `set` on `paper`.
pub fn sheets_file(set: TileSet, paper: crate::print::paper::Paper) -> PrintFile {
    OutFile::Sheets(set, paper).file()
}

impl PrintedGame for YijingPai {
    fn key(&self) -> &'static str {
        KEY
    }

    fn files(&self, _options: &PrintOptions) -> Vec<PrintFile> {
        OutFile::all().into_iter().map(OutFile::file).collect()
    }

    fn generate(&self, out: &Output, options: &PrintOptions) -> Result<(), ArtError> {
        crate::games::write_each(out, OutFile::all(), OutFile::file, |f| f.bytes(options.dpi.as_f32(), options.backs))
    }

    fn components(&self) -> Vec<ComponentRow> {
        rulebook::components()
    }

    fn rulebook_data(&self) -> serde_json::Value {
        rulebook::data()
    }

    fn figures(&self) -> Result<Vec<Figure>, ArtError> {
        figures::figures()
    }

    fn rulebook_langs(&self) -> &'static [hexforge_rules::core::lang::Lang] {
        &[hexforge_rules::core::lang::Lang::En, hexforge_rules::core::lang::Lang::Zh]
    }

    fn book_in(&self, lang: hexforge_rules::core::lang::Lang) -> Result<crate::rulebook::Book, ArtError> {
        if lang == hexforge_rules::core::lang::Lang::Zh { rulebook_zh::book() } else { self.book() }
    }

    fn glances(&self) -> Vec<(&'static str, Glance)> {
        vec![(hexforge_rules::yijing_pai::registration::GAME.key(), rulebook::glance())]
    }

    /// The three tile faces and the back.
    fn play_art(&self) -> Option<Result<PlayArt, ArtError>> {
        let symbols = TileFace::ALL.iter().map(|&face| Ok((format!("{KEY}-{}", face.key()), art::tile_svg(face)?)));
        Some(symbols.collect::<Result<Vec<_>, ArtError>>().map(|symbols| PlayArt { symbols, boards: Vec::new() }))
    }

    /// A taiji tile.
    fn play_picture(&self) -> Option<Result<String, ArtError>> {
        Some(art::tile_svg(TileFace::Front(TileKind::Taiji)))
    }

    /// The sheets ask for long-edge duplex (`ViewerPreferences::CARD_SHEETS`).
    fn sheet_duplex(&self, _print: &PrintOptions) -> Option<DuplexEdge> {
        Some(DuplexEdge::Long)
    }

    fn folder_about(&self, _written: &[ManifestEntry]) -> String {
        "the tile sheets to print and every tile face as SVG and PNG".to_string()
    }

    /// Where the run wrote the larger set's sheets: print one set, not both.
    fn index_note(&self, pdfs: &[&str]) -> Option<String> {
        let (standard, large) = (TileSet::Standard144, TileSet::Large162);
        let larger = crate::print::paper::Paper::HOME.map(|paper| sheets_file(large, paper).path);
        pdfs.iter().any(|p| larger.iter().any(|l| l == p)).then(|| {
            format!(
                "The two tile sheets are two sizes of one set: print one, the standard {} or, instead of it, the \
                 larger {}.",
                standard.total(),
                large.total()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_its_own_path() {
        let files = YijingPai.files(&PrintOptions::default());
        let paths: std::collections::BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths.len(), files.len());
        assert_eq!(files.len(), 2 * TileFace::ALL.len() + TileSet::ALL.len() * crate::print::paper::Paper::HOME.len());
        assert!(paths.contains("yijing-pai/sheets-162-letter.pdf") && paths.contains("yijing-pai/tile-back.png"));
    }

    #[test]
    fn printed_components_name_written_files() {
        let files: Vec<String> = YijingPai.files(&PrintOptions::default()).into_iter().map(|f| f.path).collect();
        for row in YijingPai.components() {
            assert!(row.files.iter().all(|f| files.contains(f)), "{}", row.name);
        }
    }
}
