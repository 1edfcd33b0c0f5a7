//! `hexforge generate`: every printable asset, written into one output folder.
//!
//! Each part of the product (data tables, decks, boards, rulebooks) is one step
//! here; the steps only call the modules that own the work.

use crate::output::{ManifestEntry, Output};
use crate::verify::neighbour_table_csv;
use crate::view::all_hexagrams;
use anyhow::Context;
use serde::Serialize;
use std::path::PathBuf;

/// The parts `generate` can make; all of them by default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// hexagrams.json and neighbours.csv.
    Data,
}

impl Part {
    pub const ALL: &'static [Part] = &[Part::Data];
}

/// What to make and where.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    /// The output folder (default `output`).
    pub out: PathBuf,
    /// Raster resolution of PNG exports (default 300).
    pub dpi: f32,
    /// The parts to make (default: all).
    pub parts: Vec<Part>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions { out: PathBuf::from("output"), dpi: 300.0, parts: Part::ALL.to_vec() }
    }
}

/// Makes every requested part and writes the manifest. Returns what was written.
pub fn generate(options: &GenerateOptions) -> anyhow::Result<Vec<ManifestEntry>> {
    let out =
        Output::create(&options.out).with_context(|| format!("cannot use output folder {}", options.out.display()))?;
    for part in Part::ALL.iter().filter(|p| options.parts.contains(p)) {
        match part {
            Part::Data => write_data(&out)?,
        }
    }
    Ok(out.finish()?)
}

/// The core's tables, for people who check a deck by other means.
fn write_data(out: &Output) -> anyhow::Result<()> {
    let json = serde_json::to_string_pretty(&all_hexagrams()).expect("hexagram views always serialise");
    out.write("hexagrams.json", "data", format!("{json}\n").as_bytes())?;
    out.write("neighbours.csv", "data", neighbour_table_csv().as_bytes())?;
    Ok(())
}
