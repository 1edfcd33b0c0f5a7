//! The spread sheet (docs/divination.md, The spread sheet): one A4 or Letter page for the
//! `three` spread, a column for each position holding three card-sized boxes, each box
//! laid over the foot of the one before so every card's number and six lines stay in view.

use super::KEY;
use crate::cards::{TRIM_HEIGHT_MM, TRIM_WIDTH_MM};
use crate::games::{ArtError, PrintFile, PrintOptions};
use crate::print::paper::Paper;
use crate::print::pdf::{self, MmRect, ViewerPreferences};
use crate::print::{render, template};
use hexforge_rules::core::spread::{CARDS_PER_POSITION, Spread};
use serde::Serialize;

/// The spread the sheet lays out.
pub const SPREAD: &str = "three";

/// Vertical distance from one card of a column to the next: more than the foot of a
/// card's six lines ([`super::art::lines_bottom_mm`]), so the next card leaves them bare.
pub const CARD_STEP_MM: f32 = 70.0;
/// Between two columns.
const COLUMN_GAP_MM: f32 = 4.0;
/// From the top of the title block to the first card's top edge.
const HEAD_MM: f32 = 33.0;

/// A card-sized box: its top left corner and the card it holds (1 = laid first).
#[derive(Debug, Clone, Serialize)]
pub struct CardBox {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    pub card: usize,
}

/// A position's column: its number, name and what it asks, and its boxes.
#[derive(Debug, Clone, Serialize)]
pub struct Column {
    pub number: usize,
    pub name: &'static str,
    pub asks: &'static str,
    /// Centre of the column, for its heading.
    pub centre: f32,
    pub boxes: Vec<CardBox>,
}

/// The page: its size, where its title goes, and the columns.
#[derive(Debug, Clone, Serialize)]
pub struct SheetLayout {
    pub width: f32,
    pub height: f32,
    pub top: f32,
    pub title: String,
    pub columns: Vec<Column>,
}

fn spread() -> &'static Spread {
    hexforge_rules::core::spread::spread(SPREAD).expect("the sheet's spread is a spread")
}

/// The sheet on `paper`: the columns centred across, the whole block centred down.
pub fn layout(paper: Paper) -> SheetLayout {
    let (width, height) = paper.size_mm();
    let spread = spread();
    let mut places: Vec<_> = spread.positions.iter().enumerate().collect();
    places.sort_by_key(|(_, p)| (p.row, p.column));
    let columns = places.len() as f32;
    let block_width = columns * TRIM_WIDTH_MM + (columns - 1.0) * COLUMN_GAP_MM;
    let column_height = (CARDS_PER_POSITION - 1) as f32 * CARD_STEP_MM + TRIM_HEIGHT_MM;
    let top = (height - HEAD_MM - column_height) / 2.0;
    let left = (width - block_width) / 2.0;
    let columns = places
        .iter()
        .map(|&(i, p)| {
            let x = left + f32::from(p.column) * (TRIM_WIDTH_MM + COLUMN_GAP_MM);
            let boxes = (0..CARDS_PER_POSITION)
                .map(|k| CardBox {
                    x,
                    y: top + HEAD_MM + k as f32 * CARD_STEP_MM,
                    width: TRIM_WIDTH_MM,
                    height: TRIM_HEIGHT_MM,
                    card: k + 1,
                })
                .collect();
            Column { number: i + 1, name: p.name, asks: p.asks, centre: x + TRIM_WIDTH_MM / 2.0, boxes }
        })
        .collect();
    SheetLayout { width, height, top, title: format!("A spread of {}", spread.name), columns }
}

/// The sheet as SVG, a whole page of `paper`.
pub fn sheet_svg(paper: Paper) -> Result<String, ArtError> {
    Ok(template::render("changing-lines/spread-sheet.svg.j2", layout(paper))?)
}

/// The sheet's PDF on `paper`: one page, the drawing the size of the paper.
pub fn sheet_pdf(paper: Paper) -> Result<Vec<u8>, ArtError> {
    let tree = render::svg_tree(&sheet_svg(paper)?, 96.0)?;
    let (width, height) = paper.size_mm();
    let whole = MmRect::new(0.0, 0.0, width, height);
    let mut doc = pdf::new_document("Changing Lines: a spread of three");
    let mut page = doc.start_page_with(pdf::page_settings((width, height), whole, whole)?);
    let mut surface = page.surface();
    pdf::draw_svg(&mut surface, &tree, whole, whole)?;
    surface.finish();
    page.finish();
    Ok(pdf::finish(doc, Some(ViewerPreferences { no_print_scaling: true, duplex: None }))?)
}

/// Where the sheet on `paper` is written, beside the deck's card sheets.
pub fn sheet_file(paper: Paper) -> PrintFile {
    PrintFile::new(format!("{KEY}/spread-{SPREAD}-{}.pdf", paper.key()), "spread-sheet-pdf")
}

/// The papers the sheet is made on: A4 and Letter when the run prints at home.
fn papers(options: &PrintOptions) -> Vec<Paper> {
    if options.profiles.home { Paper::HOME.to_vec() } else { Vec::new() }
}

/// The sheets a run writes, A4 then Letter.
pub fn files(options: &PrintOptions) -> Vec<PrintFile> {
    papers(options).into_iter().map(sheet_file).collect()
}

/// Writes the sheets, each whole or not at all.
pub fn write(out: &crate::print::output::Output, options: &PrintOptions) -> Result<(), ArtError> {
    crate::games::write_each(out, papers(options), sheet_file, sheet_pdf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_card_leaves_the_lines_of_the_one_before_in_view_and_the_page_keeps_its_margin() {
        assert!(CARD_STEP_MM > super::super::art::lines_bottom_mm() + 1.0);
        for paper in Paper::HOME {
            let l = layout(paper);
            for b in l.columns.iter().flat_map(|c| &c.boxes) {
                let inside = b.x >= 6.0 && b.x + b.width <= l.width - 6.0 && b.y + b.height <= l.height - 6.0;
                assert!(inside, "{paper:?}: a box at ({}, {}) is within 6 mm of the edge", b.x, b.y);
            }
            assert!(l.top >= 6.0, "{paper:?}: the title starts {} mm from the top", l.top);
        }
    }
}
