//! Every file Dragons of the Ba-Gua prints, each path spelled once: the drawings (SVG and
//! PNG), the print PDFs and `components.json`; [`files`] lists them and [`generate`]
//! writes exactly those, all under `dragons/` in the output folder.

use super::boards::{board_bagua_svg, board_human_svg};
use super::components::{COMPONENTS, Component, ComponentKind};
use super::pieces::CELL_MM;
use super::pieces::{PieceFace, face_svg, faces};
use super::sheets::{board_human_poster_pdf, board_human_tiled_pdf, home_print_pdf};
use crate::games::ArtError;
use crate::games::{PrintFile, PrintOptions};
use crate::print::output::Output;
use crate::print::render;
use hexforge_rules::dragons::rules::{BOARD_SIZE, RULER_SLANT, RULER_STRAIGHT};
use hexforge_rules::dragons::scenarios::{Scenario, scenarios};
use serde::Serialize;

/// The folder of the output everything of the game goes in.
const FOLDER: &str = super::KEY;

/// A drawing, written as SVG and as PNG.
pub enum Drawing {
    /// The bare board of human.
    BoardHuman,
    /// The empty board of Ba-Gua.
    BoardBagua,
    /// A scenario's setup sheet: the board of human with its tiles, titled and described.
    Setup(Scenario),
    /// One face of one piece.
    Piece(PieceFace),
}

impl Drawing {
    /// Every drawing, boards first.
    pub fn all() -> Vec<Drawing> {
        let mut v = vec![Drawing::BoardHuman, Drawing::BoardBagua];
        v.extend(scenarios().into_iter().map(Drawing::Setup));
        v.extend(faces().into_iter().map(Drawing::Piece));
        v
    }

    /// The path without extension, relative to the game's folder: `board-human`,
    /// `setup-valley`, `pieces/rock`.
    pub fn name(&self) -> String {
        match self {
            Drawing::BoardHuman => ComponentKind::BoardHuman.key().to_string(),
            Drawing::BoardBagua => ComponentKind::BoardBagua.key().to_string(),
            Drawing::Setup(s) => format!("setup-{}", s.key),
            Drawing::Piece(f) => format!("pieces/{}", f.stem()),
        }
    }

    /// The SVG's path, relative to the game's folder.
    pub fn svg_name(&self) -> String {
        format!("{}.svg", self.name())
    }

    /// The manifest kind before `-svg` / `-png`.
    fn kind(&self) -> &'static str {
        match self {
            Drawing::BoardHuman | Drawing::BoardBagua => "board",
            Drawing::Setup(_) => "setup",
            Drawing::Piece(_) => "piece",
        }
    }

    /// The component it draws, if it is one.
    pub fn component(&self) -> Option<ComponentKind> {
        match self {
            Drawing::BoardHuman => Some(ComponentKind::BoardHuman),
            Drawing::BoardBagua => Some(ComponentKind::BoardBagua),
            Drawing::Setup(_) => None,
            Drawing::Piece(f) => Some(f.component.kind),
        }
    }

    /// The two files: SVG, then PNG.
    fn files(&self) -> [PrintFile; 2] {
        let stem = format!("{FOLDER}/{}", self.name());
        let kind = self.kind();
        [
            PrintFile::new(format!("{stem}.svg"), format!("{kind}-svg")),
            PrintFile::new(format!("{stem}.png"), format!("{kind}-png")),
        ]
    }

    fn svg(&self) -> Result<String, ArtError> {
        match self {
            Drawing::BoardHuman => board_human_svg(None, false),
            Drawing::BoardBagua => board_bagua_svg(false),
            Drawing::Setup(s) => board_human_svg(Some(s), true),
            Drawing::Piece(f) => face_svg(f),
        }
    }

    /// Draws it and writes the SVG and, rasterised at `dpi`, the PNG.
    fn write(&self, out: &Output, dpi: f32) -> Result<(), ArtError> {
        let svg = self.svg()?;
        let [svg_file, png_file] = self.files();
        out.write(&svg_file.path, &svg_file.kind, svg.as_bytes())?;
        let png = render::svg_to_png(&svg, dpi)?;
        out.write(&png_file.path, &png_file.kind, &png)?;
        Ok(())
    }
}

/// A print-ready PDF.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PrintPdf {
    /// The home-print document: board of Ba-Gua, piece sheets, setups.
    Home(crate::print::paper::Paper),
    /// The board of human over several pages of a home paper.
    BoardTiled(crate::print::paper::Paper),
    /// The board of human on one large sheet.
    BoardPoster(crate::print::paper::Paper),
}

impl PrintPdf {
    /// The home-print documents, A4 then Letter.
    pub fn home() -> impl Iterator<Item = PrintPdf> {
        crate::print::paper::Paper::HOME.into_iter().map(PrintPdf::Home)
    }

    /// The board of human's PDFs: tiled on A4 and Letter, then whole on A3 and Tabloid.
    pub fn board_human() -> impl Iterator<Item = PrintPdf> {
        crate::print::paper::Paper::HOME
            .into_iter()
            .map(PrintPdf::BoardTiled)
            .chain(crate::print::paper::Paper::LARGE.into_iter().map(PrintPdf::BoardPoster))
    }

    /// Every PDF.
    pub fn all() -> Vec<PrintPdf> {
        PrintPdf::home().chain(PrintPdf::board_human()).collect()
    }

    /// Relative to the output folder: `dragons/dragons-pieces-a4.pdf` (the pieces sheets),
    /// `dragons/board-human-a3.pdf`.
    pub fn path(self) -> String {
        match self {
            PrintPdf::Home(paper) => format!("{FOLDER}/dragons-pieces-{}.pdf", paper.key()),
            PrintPdf::BoardTiled(paper) | PrintPdf::BoardPoster(paper) => {
                format!("{FOLDER}/{}-{}.pdf", ComponentKind::BoardHuman.key(), paper.key())
            }
        }
    }

    fn kind(self) -> &'static str {
        match self {
            PrintPdf::Home(_) => "sheet-pdf",
            PrintPdf::BoardTiled(_) | PrintPdf::BoardPoster(_) => "board-pdf",
        }
    }

    fn file(self) -> PrintFile {
        PrintFile::new(self.path(), self.kind())
    }

    fn make(self) -> Result<Vec<u8>, ArtError> {
        match self {
            PrintPdf::Home(paper) => home_print_pdf(paper),
            PrintPdf::BoardTiled(paper) => board_human_tiled_pdf(paper),
            PrintPdf::BoardPoster(paper) => board_human_poster_pdf(paper),
        }
    }
}

/// The PDFs to print for a component: the board of human has its own tiled and poster
/// PDFs, everything else is in the home-print documents.
pub fn print_files(kind: ComponentKind) -> Vec<String> {
    match kind {
        ComponentKind::BoardHuman => PrintPdf::board_human().map(PrintPdf::path).collect(),
        _ => PrintPdf::home().map(PrintPdf::path).collect(),
    }
}

/// The SVGs of a component, relative to the game's folder, as `components.json` lists them.
pub fn drawing_files(kind: ComponentKind) -> Vec<String> {
    Drawing::all().iter().filter(|d| d.component() == Some(kind)).map(Drawing::svg_name).collect()
}

/// The components list with the drawings of each.
fn components_file() -> PrintFile {
    PrintFile::new(format!("{FOLDER}/components.json"), "data")
}

/// Every file [`generate`] writes; the options change none of them.
pub fn files(_options: &PrintOptions) -> Vec<PrintFile> {
    let mut v: Vec<PrintFile> = Drawing::all().iter().flat_map(Drawing::files).collect();
    v.extend(PrintPdf::all().into_iter().map(PrintPdf::file));
    v.push(components_file());
    v
}

/// Writes every file of [`files`] into `out`, PNGs at `options.dpi`.
pub fn generate(out: &Output, options: &PrintOptions) -> Result<(), ArtError> {
    use rayon::prelude::*;

    Drawing::all().par_iter().try_for_each(|d| d.write(out, options.dpi.as_f32()))?;
    PrintPdf::all().par_iter().try_for_each(|&p| -> Result<(), ArtError> {
        let file = p.file();
        out.write(&file.path, &file.kind, &p.make()?)?;
        Ok(())
    })?;
    let file = components_file();
    out.write(&file.path, &file.kind, components_json().as_bytes())?;
    Ok(())
}

/// The note printed beside a component.
pub(super) fn note(c: &Component) -> String {
    match c.kind {
        ComponentKind::BoardHuman => {
            format!("{n} × {n} squares of {CELL_MM} mm; two pages to glue, or one A3/Tabloid sheet", n = BOARD_SIZE)
        }
        ComponentKind::BoardBagua => "the wheel of the eight trigrams, the centre and both dragons' areas".into(),
        ComponentKind::DragonHead(_) => "faces: alive and defeated".into(),
        ComponentKind::DragonSegment(_) => "faces: straight and curve".into(),
        ComponentKind::Portal(_) => "faces: free and occupied".into(),
        ComponentKind::DistanceRuler => {
            format!("faces: straight ({}) and slant ({})", join_values(&RULER_STRAIGHT), join_values(&RULER_SLANT))
        }
        ComponentKind::FluxCoin => "faces: counter-clockwise and clockwise".into(),
        ComponentKind::WaterStone => "life points".into(),
        ComponentKind::FireStone => "attack power".into(),
        ComponentKind::Rock => "an obstacle".into(),
        ComponentKind::BaguaStone(_) => String::new(),
    }
}

fn join_values(v: &[u8]) -> String {
    v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

/// A row of `components.json`. The fields are in alphabetical order, the order the file
/// has always had.
#[derive(Serialize)]
struct ListedComponent {
    count: u8,
    /// Its drawings, relative to the game's folder.
    files: Vec<String>,
    group: &'static str,
    key: ComponentKind,
    name: &'static str,
    note: String,
}

/// `components.json`: every component with its count, group and drawings.
pub fn components_json() -> String {
    #[derive(Serialize)]
    struct Listing {
        components: Vec<ListedComponent>,
        game: &'static str,
    }
    let components = COMPONENTS
        .iter()
        .map(|c| ListedComponent {
            count: c.quantity,
            files: drawing_files(c.kind),
            group: c.group,
            key: c.kind,
            name: c.name,
            note: note(c),
        })
        .collect();
    let json = serde_json::to_string_pretty(&Listing { components, game: super::KEY }).expect("the listing serialises");
    format!("{json}\n")
}
