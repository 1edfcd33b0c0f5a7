//! Putting things on paper: templates, fonts, SVG to PNG, PDFs, sheets of cards, boards
//! tiled over pages, print profiles, the atomic output folder, and the preflight that checks
//! written files against the shops' requirements. Knows no game rules.

pub mod cmyk;
pub mod dpi;
pub mod fonts;
pub mod output;
pub mod paper;
pub mod pdf;
pub mod pdfx;
pub mod plan;
pub mod png_out;
pub mod preflight;
pub mod profile;
pub mod reframe;
pub mod render;
pub mod seams;
pub mod template;
pub mod text_check;
pub mod tiling;
