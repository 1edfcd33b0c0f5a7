//! The spread sheets (docs/divination.md, The spread sheet): for each spread, A4 or Letter
//! pages with a column for each position holding three card-sized boxes, each box laid over
//! the foot of the one before so every card's number and six lines stay in view. A page
//! holds one row of the spread's grid (the `three` spread: one page; the `cross`: three,
//! laid top to bottom), each column at its grid column so the pages line up into the spread.

use super::KEY;
use crate::cards::{TRIM_HEIGHT_MM, TRIM_WIDTH_MM};
use crate::games::{ArtError, PrintFile, PrintOptions};
use crate::print::paper::Paper;
use crate::print::pdf::{self, MmRect, ViewerPreferences};
use crate::print::{render, template};
use hexforge_rules::core::spread::{CARDS_PER_POSITION, Spread};
use serde::Serialize;

/// The spreads that have a sheet, as `hexforge cast --spread` names them: every spread.
pub const SPREADS: [&str; 2] = ["three", "cross"];
/// The spread of [`layout`], one page.
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

/// A page: its size, where its title goes, what it says, and the columns.
#[derive(Debug, Clone, Serialize)]
pub struct SheetLayout {
    pub width: f32,
    pub height: f32,
    pub top: f32,
    pub title: String,
    /// The lines under the title: how to deal and read.
    pub lines: Vec<String>,
    pub columns: Vec<Column>,
}

fn spread(name: &str) -> &'static Spread {
    hexforge_rules::core::spread::spread(name).expect("the sheet's spread is a spread")
}

/// The sheet of the `three` spread on `paper`: one page.
pub fn layout(paper: Paper) -> SheetLayout {
    pages(SPREAD, paper).remove(0)
}

/// The pages of spread `name` on `paper`, one for each row of its grid from the top: the
/// columns centred across as the whole grid would be, each block centred down.
pub fn pages(name: &str, paper: Paper) -> Vec<SheetLayout> {
    let (width, height) = paper.size_mm();
    let spread = spread(name);
    let mut places: Vec<_> = spread.positions.iter().enumerate().collect();
    places.sort_by_key(|(_, p)| (p.row, p.column));
    let grid = places.iter().map(|(_, p)| p.column).max().unwrap_or(0) + 1;
    let rows = places.iter().map(|(_, p)| p.row).max().unwrap_or(0) + 1;
    let grid = f32::from(grid);
    let block_width = grid * TRIM_WIDTH_MM + (grid - 1.0) * COLUMN_GAP_MM;
    let column_height = (CARDS_PER_POSITION - 1) as f32 * CARD_STEP_MM + TRIM_HEIGHT_MM;
    let top = (height - HEAD_MM - column_height) / 2.0;
    let left = (width - block_width) / 2.0;
    let order = spread.positions.iter().map(|p| p.name).collect::<Vec<_>>().join(", ");
    (0..rows)
        .map(|row| {
            let columns = places
                .iter()
                .filter(|(_, p)| p.row == row)
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
            let mut lines = vec![
                format!("Deal three cards to each position from one shuffled deck, in the order numbered: {order}."),
                "Lay them dark side up, each over the foot of the one before. Read each column as a cast:".to_string(),
                "a line takes the aspect of most of its three cards, and changes when all three agree.".to_string(),
            ];
            let title = if rows > 1 {
                lines.push(format!(
                    "Lay the {rows} pages one below the other, page 1 at the top: their columns line up into the {}.",
                    spread.name
                ));
                format!("The {} spread, page {} of {rows}", spread.name, row + 1)
            } else {
                format!("A spread of {}", spread.name)
            };
            SheetLayout { width, height, top, title, lines, columns }
        })
        .collect()
}

/// A page of a sheet as SVG, the whole page of its paper.
pub fn page_svg(page: &SheetLayout) -> Result<String, ArtError> {
    Ok(template::render("changing-lines/spread-sheet.svg.j2", page)?)
}

/// The `three` spread's sheet as SVG, a whole page of `paper`.
pub fn sheet_svg(paper: Paper) -> Result<String, ArtError> {
    page_svg(&layout(paper))
}

/// The `three` spread's sheet as PDF on `paper`.
pub fn sheet_pdf(paper: Paper) -> Result<Vec<u8>, ArtError> {
    spread_pdf(SPREAD, paper)
}

/// The PDF of spread `name`'s sheet on `paper`: a page for each row of the spread, each
/// drawing the size of the paper.
pub fn spread_pdf(name: &str, paper: Paper) -> Result<Vec<u8>, ArtError> {
    let (width, height) = paper.size_mm();
    let whole = MmRect::new(0.0, 0.0, width, height);
    let mut doc = pdf::new_document(&format!("Changing Lines: a spread of {}", spread(name).name));
    for layout in pages(name, paper) {
        let tree = render::svg_tree(&page_svg(&layout)?, 96.0)?;
        let mut page = doc.start_page_with(pdf::page_settings((width, height), whole, whole)?);
        let mut surface = page.surface();
        pdf::draw_svg(&mut surface, &tree, whole, whole)?;
        surface.finish();
        page.finish();
    }
    Ok(pdf::finish(doc, Some(ViewerPreferences { no_print_scaling: true, duplex: None }))?)
}

/// Where the `three` spread's sheet on `paper` is written, beside the deck's card sheets.
pub fn sheet_file(paper: Paper) -> PrintFile {
    spread_file(SPREAD, paper)
}

/// Where spread `name`'s sheet on `paper` is written.
pub fn spread_file(name: &str, paper: Paper) -> PrintFile {
    PrintFile::new(format!("{KEY}/spread-{name}-{}.pdf", paper.key()), "spread-sheet-pdf")
}

/// The sheets a run makes: every spread on A4 and Letter when the run prints at home.
fn sheets(options: &PrintOptions) -> Vec<(&'static str, Paper)> {
    if !options.profiles.home {
        return Vec::new();
    }
    SPREADS.iter().flat_map(|&s| Paper::HOME.map(|p| (s, p))).collect()
}

/// The sheets a run writes: each spread, A4 then Letter.
pub fn files(options: &PrintOptions) -> Vec<PrintFile> {
    sheets(options).into_iter().map(|(s, p)| spread_file(s, p)).collect()
}

/// Writes the sheets, each whole or not at all.
pub fn write(out: &crate::print::output::Output, options: &PrintOptions) -> Result<(), ArtError> {
    crate::games::write_each(out, sheets(options), |(s, p)| spread_file(s, p), |(s, p)| spread_pdf(s, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_card_leaves_the_lines_of_the_one_before_in_view_and_the_page_keeps_its_margin() {
        assert!(CARD_STEP_MM > super::super::art::lines_bottom_mm() + 1.0);
        for (spread, paper) in SPREADS.iter().flat_map(|&s| Paper::HOME.map(|p| (s, p))) {
            for l in pages(spread, paper) {
                for b in l.columns.iter().flat_map(|c| &c.boxes) {
                    let inside = b.x >= 6.0 && b.x + b.width <= l.width - 6.0 && b.y + b.height <= l.height - 6.0;
                    assert!(inside, "{spread} {paper:?}: a box at ({}, {}) is within 6 mm of the edge", b.x, b.y);
                }
                assert!(l.top >= 6.0, "{spread} {paper:?}: the title starts {} mm from the top", l.top);
            }
        }
    }
}
