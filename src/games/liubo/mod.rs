//! Liubo (六博): the Han board game of stations, stones, owls and throwing sticks, as one
//! folder: its rules, its drawings, its print files and its rulebook.
//!
//! - the pure model (stations, links, the throw table, the pieces) is the rules crate's
//!   `hexforge_rules::liubo::rules`, beside the engine that plays it;
//! - [`board`], [`pieces`]: the SVG drawings; [`sheets`]: the PDFs made of them;
//! - [`rulebook`]: the rulebook's facts, components list and figures;
//! - here: [`Liubo`], the [`PrintedGame`] that lists ([`OutFile`]) and writes every file under
//!   `liubo/`.

pub mod board;
pub mod figures;
pub mod pieces;
pub mod rulebook;
pub mod sheets;

use self::pieces::{Piece, Side};
use crate::games::ArtError;
use crate::games::glance::Glance;
use crate::games::{ComponentRow, Figure, PlayArt, PrintFile, PrintOptions, PrintedGame};
use crate::print::output::{ManifestEntry, Output};
use crate::print::render;

/// The game's key: its output folder, its rulebook's name.
pub const KEY: &str = "liubo";

/// Liubo, as a [`PrintedGame`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Liubo;

/// A drawing written as SVG and as PNG.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawing {
    /// The board, 250 × 250 mm.
    Board,
    /// The pieces sheet: sticks, stones and owls.
    Pieces,
    /// One stick, both faces.
    Stick,
    /// The throw chart.
    ThrowChart,
    /// One stone or owl alone.
    Token(Piece, Side),
}

impl Drawing {
    /// Every drawing, in the order they are written.
    pub const ALL: [Drawing; 8] = [
        Drawing::Board,
        Drawing::Pieces,
        Drawing::Stick,
        Drawing::ThrowChart,
        Drawing::Token(Piece::Stone, Side::White),
        Drawing::Token(Piece::Stone, Side::Black),
        Drawing::Token(Piece::Owl, Side::White),
        Drawing::Token(Piece::Owl, Side::Black),
    ];

    /// The file name without extension: `board`, `stone-white`, …
    fn name(self) -> String {
        match self {
            Drawing::Board => "board".into(),
            Drawing::Pieces => "pieces".into(),
            Drawing::Stick => "stick".into(),
            Drawing::ThrowChart => "throw-chart".into(),
            Drawing::Token(piece, side) => format!("{}-{}", piece.key(), side.key()),
        }
    }

    /// The manifest kind before `-svg` / `-png`.
    fn kind(self) -> &'static str {
        match self {
            Drawing::Board => "board",
            Drawing::ThrowChart => "chart",
            Drawing::Pieces | Drawing::Stick | Drawing::Token(..) => "piece",
        }
    }

    /// The drawing as SVG.
    pub fn svg(self) -> Result<String, ArtError> {
        match self {
            Drawing::Board => board::board_svg(),
            Drawing::Pieces => pieces::pieces_svg(),
            Drawing::Stick => pieces::stick_svg(),
            Drawing::ThrowChart => pieces::throw_chart_svg(),
            Drawing::Token(piece, side) => pieces::token_svg(piece, side),
        }
    }
}

/// One file Liubo writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutFile {
    /// A drawing as SVG.
    Svg(Drawing),
    /// A drawing as PNG.
    Png(Drawing),
    /// The board: tiled on a home paper, whole on a large one.
    Board(crate::print::paper::Paper),
    /// The pieces and throw charts on a home paper.
    Pieces(crate::print::paper::Paper),
}

impl OutFile {
    /// Every file, in the order [`Liubo`] writes them: each drawing as SVG and PNG, the
    /// board tiled on A4 and Letter and whole on A3 and Tabloid, the pieces on A4 and Letter.
    pub fn all() -> Vec<OutFile> {
        let drawings = Drawing::ALL.into_iter().flat_map(|d| [OutFile::Svg(d), OutFile::Png(d)]);
        let boards =
            crate::print::paper::Paper::HOME.into_iter().chain(crate::print::paper::Paper::LARGE).map(OutFile::Board);
        drawings.chain(boards).chain(crate::print::paper::Paper::HOME.into_iter().map(OutFile::Pieces)).collect()
    }

    /// Where it goes and its manifest kind.
    pub fn file(self) -> PrintFile {
        match self {
            OutFile::Svg(d) => PrintFile::new(format!("{KEY}/{}.svg", d.name()), format!("{}-svg", d.kind())),
            OutFile::Png(d) => PrintFile::new(format!("{KEY}/{}.png", d.name()), format!("{}-png", d.kind())),
            OutFile::Board(paper) => PrintFile::new(format!("{KEY}/board-{}.pdf", paper.key()), "board-pdf"),
            OutFile::Pieces(paper) => PrintFile::new(format!("{KEY}/pieces-{}.pdf", paper.key()), "sheet-pdf"),
        }
    }

    /// Its content; PNGs at `dpi`.
    pub fn bytes(self, dpi: f32) -> Result<Vec<u8>, ArtError> {
        Ok(match self {
            OutFile::Svg(d) => d.svg()?.into_bytes(),
            OutFile::Png(d) => render::svg_to_png(&d.svg()?, dpi)?,
            OutFile::Board(paper) if crate::print::paper::Paper::LARGE.contains(&paper) => {
                sheets::board_poster_pdf(paper)?
            }
            OutFile::Board(paper) => sheets::board_tiled_pdf(paper)?,
            OutFile::Pieces(paper) => sheets::pieces_pdf(paper)?,
        })
    }
}

/// The board's PDF on `paper`.
pub fn board_pdf_file(paper: crate::print::paper::Paper) -> PrintFile {
    OutFile::Board(paper).file()
}

/// The pieces' PDF on `paper`.
pub fn pieces_pdf_file(paper: crate::print::paper::Paper) -> PrintFile {
    OutFile::Pieces(paper).file()
}

impl PrintedGame for Liubo {
    fn key(&self) -> &'static str {
        KEY
    }

    fn files(&self, _options: &PrintOptions) -> Vec<PrintFile> {
        OutFile::all().into_iter().map(OutFile::file).collect()
    }

    fn generate(&self, out: &Output, options: &PrintOptions) -> Result<(), ArtError> {
        crate::games::write_each(out, OutFile::all(), OutFile::file, |f| f.bytes(options.dpi.as_f32()))
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

    fn glances(&self) -> Vec<(&'static str, Glance)> {
        vec![(hexforge_rules::liubo::registration::GAME.key(), rulebook::glance())]
    }

    /// The white and black stones and owls, and the board with its stations marked.
    fn play_art(&self) -> Option<Result<PlayArt, ArtError>> {
        let art = || -> Result<PlayArt, ArtError> {
            let mut symbols = Vec::new();
            for piece in Piece::ALL {
                for side in Side::ALL {
                    let name = format!("{KEY}-{}-{}", piece.key(), side.key());
                    symbols.push((name, pieces::token_svg(piece, side)?));
                }
            }
            Ok(PlayArt { symbols, boards: vec![(KEY, board::board_screen_svg()?)] })
        };
        Some(art())
    }

    /// The board.
    fn play_picture(&self) -> Option<Result<String, ArtError>> {
        Some(board::board_svg())
    }

    fn folder_about(&self, _written: &[ManifestEntry]) -> String {
        "the board (tiled, and whole on A3/Tabloid), the pieces sheet, every drawing as SVG and PNG".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_its_own_path() {
        let files = Liubo.files(&PrintOptions::default());
        let paths: std::collections::BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths.len(), files.len());
        assert_eq!(files.len(), 2 * Drawing::ALL.len() + 4 + 2);
        assert!(paths.contains("liubo/board-a3.pdf") && paths.contains("liubo/owl-black.png"));
    }

    #[test]
    fn printed_components_name_written_files() {
        let files: Vec<String> = Liubo.files(&PrintOptions::default()).into_iter().map(|f| f.path).collect();
        for row in Liubo.components() {
            assert!(row.files.iter().all(|f| files.contains(f)), "{}", row.name);
        }
    }
}
