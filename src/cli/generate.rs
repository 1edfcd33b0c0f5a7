//! `generate`: every printable asset into an output folder.

use super::Outcome;
use crate::games::PrintOptions;
use crate::generate::{GenerateOptions, Part, generate};
use crate::print::dpi::Dpi;
use crate::print::plan::Backs;
use crate::print::profile::Profiles;
use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(
    after_help = "Files are written atomically and listed with their sha256 in OUT/manifest.json.\nThe same inputs always give byte-identical files."
)]
pub struct GenerateArgs {
    /// Output folder.
    #[arg(long, default_value = "output")]
    out: PathBuf,
    /// Resolution of PNG exports, in dots per inch (a whole number from 72 to 600).
    #[arg(long, default_value_t = Dpi::DEFAULT)]
    dpi: Dpi,
    /// Make only these parts (repeatable; default: everything).
    #[arg(long, value_enum)]
    only: Vec<Part>,
    /// Card images for these print profiles (repeatable; default: all). SVGs, contact
    /// sheets and Tabletop Simulator sheets are always made.
    #[arg(long, value_enum)]
    profile: Vec<crate::print::profile::Profile>,
    /// Language of the cards and sheets, and of the rulebooks that have that language (Zhi
    /// Pai in French, written as rulebooks/zhi-pai-fr-*.pdf); Chinese names are always printed.
    #[arg(long, value_enum, default_value = "en")]
    lang: crate::cards::Lang,
    /// How card and tile backs are printed.
    #[arg(long, value_enum, default_value = "full")]
    backs: Backs,
}

pub fn run(args: GenerateArgs) -> anyhow::Result<Outcome> {
    let parts = if args.only.is_empty() { Part::ALL.to_vec() } else { args.only };
    let print = PrintOptions {
        dpi: args.dpi,
        lang: args.lang,
        profiles: Profiles::from_list(&args.profile),
        backs: args.backs,
    };
    let options = GenerateOptions { out: args.out, print, parts };
    let started = std::time::Instant::now();
    let bar = progress_bar();
    let written = generate(&options, &|part, done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
        bar.set_message(part.to_string());
    })
    .with_context(|| format!("cannot generate into {}", options.out.display()))?;
    bar.finish_and_clear();
    let bytes: u64 = written.iter().map(|e| e.bytes).sum();
    eprintln!(
        "wrote {} files ({:.1} MB) to {} in {:.2} s",
        written.len(),
        bytes as f64 / 1e6,
        options.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(Outcome::Success)
}

/// A progress bar over the parts, on stderr when it is a terminal, hidden otherwise.
fn progress_bar() -> ProgressBar {
    let target =
        if std::io::stderr().is_terminal() { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() };
    let bar = ProgressBar::with_draw_target(Some(0), target);
    if let Ok(style) = ProgressStyle::with_template("{msg:>15} [{bar:30}] {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
