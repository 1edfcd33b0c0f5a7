//! `hexforge generate`: every printable asset, written into one output folder.
//!
//! Each part of the product (data tables, decks, boards, rulebooks) is one step
//! here; the steps only call the modules that own the work.

use crate::core::verify::neighbour_table_csv;
use crate::core::view::all_hexagrams;
use crate::games::changing_lines::ChangingLines;
use crate::games::zhi_pai::ZhiPai;
use crate::games::{Game, PrintOptions};
use crate::print::output::{ManifestEntry, Output};
use anyhow::Context;
use serde::Serialize;
use std::path::PathBuf;

/// The parts `generate` can make; all of them by default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// hexagrams.json and neighbours.csv.
    Data,
    /// The Changing Lines deck: SVG, PNG, print-service PNGs, A4/Letter PDFs, contact and TTS sheets.
    ChangingLines,
    /// The Zhi Pai deck: hexagram cards, back, two sets of trigram cards; same outputs.
    ZhiPai,
    /// Dragons of the Ba-Gua: both boards, every piece, the setups; A4/Letter and A3/Tabloid PDFs.
    Dragons,
    /// Liubo: the board (tiled A4/Letter, whole A3/Tabloid), stones, owls, sticks, throw chart.
    Liubo,
    /// 易经牌 Yijing Pai: the tile faces and back, sheets of the 144 and 162 sets on A4/Letter.
    YijingPai,
    /// One PDF rulebook per game, A4 and Letter editions.
    Rulebooks,
}

impl Part {
    pub const ALL: &'static [Part] =
        &[Part::Data, Part::ChangingLines, Part::ZhiPai, Part::Dragons, Part::Liubo, Part::YijingPai, Part::Rulebooks];
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
    /// Language of the names on the cards (default English).
    pub lang: crate::cards::Lang,
    /// Print profiles of the card images (default all).
    pub profiles: crate::print::profile::Profiles,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            out: PathBuf::from("output"),
            dpi: 300.0,
            parts: Part::ALL.to_vec(),
            lang: crate::cards::Lang::En,
            profiles: crate::print::profile::Profiles::ALL,
        }
    }
}

/// Makes every requested part and writes the manifest. Returns what was written.
pub fn generate(options: &GenerateOptions) -> anyhow::Result<Vec<ManifestEntry>> {
    let out =
        Output::create(&options.out).with_context(|| format!("cannot use output folder {}", options.out.display()))?;
    for part in Part::ALL.iter().filter(|p| options.parts.contains(p)) {
        match part {
            Part::Data => write_data(&out)?,
            Part::ChangingLines => {
                ChangingLines.generate(&out, &print_options(options)).context("cannot make the changing-lines deck")?
            }
            Part::ZhiPai => ZhiPai.generate(&out, &print_options(options)).context("cannot make the zhi-pai deck")?,
            Part::Dragons => {
                crate::games::dragons::art::generate(&out, options.dpi).context("cannot make Dragons of the Ba-Gua")?
            }
            Part::Liubo => crate::games::liubo::art::generate(&out, options.dpi).context("cannot make Liubo")?,
            Part::YijingPai => {
                crate::games::yijing_pai::art::generate(&out, options.dpi).context("cannot make Yijing Pai")?
            }
            Part::Rulebooks => crate::rulebook::write_rulebooks(&out, &crate::rulebook::Game::ALL)
                .context("cannot make the rulebooks")?,
        }
    }
    Ok(out.finish()?)
}

/// The options a card deck is printed with.
fn print_options(options: &GenerateOptions) -> PrintOptions {
    PrintOptions { dpi: options.dpi, lang: options.lang, profiles: options.profiles }
}

/// The core's tables, for people who check a deck by other means.
fn write_data(out: &Output) -> anyhow::Result<()> {
    let json = serde_json::to_string_pretty(&all_hexagrams()).expect("hexagram views always serialise");
    out.write("hexagrams.json", "data", format!("{json}\n").as_bytes())?;
    out.write("neighbours.csv", "data", neighbour_table_csv().as_bytes())?;
    Ok(())
}
