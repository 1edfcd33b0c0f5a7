//! `generate`: every printable asset into an output folder.

use super::Outcome;
use crate::cards::names::parse_names;
use crate::games::PrintOptions;
use crate::generate::{GenerateOptions, Part, generate};
use crate::print::dpi::Dpi;
use crate::print::plan::{BackOffset, Backs, DuplexEdge, Layout, Layouts};
use crate::print::profile::Profiles;
use crate::print::template;
use anyhow::Context;
use clap::Args;
use hexforge_rules::core::lang::{Edition, Lang};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
#[command(
    after_help = "Files are written atomically and listed with their sha256 in OUT/manifest.json.\nThe same inputs always give byte-identical files."
)]
pub struct GenerateArgs {
    /// Output folder.
    #[arg(long, default_value = "output")]
    out: PathBuf,
    /// Resolution of PNG exports, in dots per inch (a whole number from 72 to 600).
    #[arg(long, default_value_t = Dpi::DEFAULT, allow_negative_numbers = true)]
    dpi: Dpi,
    /// Make only these parts (repeatable; default: everything).
    #[arg(long, value_enum)]
    only: Vec<Part>,
    /// Add card files for these print profiles (repeatable). Home print, tgc and mpc are
    /// always made, so only `dtc` (or `all`) adds anything; no profile takes the others
    /// away. SVGs, contact sheets and Tabletop Simulator sheets are always made.
    #[arg(long, value_enum)]
    profile: Vec<crate::print::profile::Profile>,
    /// How the home-print card sheets are laid out (repeatable; default: duplex). Unlike
    /// --profile, naming a layout makes only the layouts named: add `--layout duplex` to
    /// keep the two-sided sheets.
    #[arg(long, value_enum)]
    layout: Vec<Layout>,
    /// The edge your duplex printer turns the sheet on; the backs are arranged to match
    /// and the PDFs preset the print dialog.
    #[arg(long, value_enum, default_value = "long")]
    duplex: DuplexEdge,
    /// Move every back page X mm right and Y mm down (each -10 to 10, e.g. `1.5,-0.5`) to
    /// cancel your printer's duplex drift; print alignment-test-a4.pdf (or -letter) once
    /// to read X and Y off its scales.
    #[arg(long, value_name = "X,Y", default_value = "0,0", allow_hyphen_values = true)]
    back_offset: BackOffset,
    /// Where the Tabletop Simulator deck files (`<deck>/tts-deck.json`) find their images,
    /// e.g. https://example.org/hexforge when the output folder is published there;
    /// default: `file:///` paths of the sheets as written.
    #[arg(long, value_name = "URL", value_parser = parse_base_url)]
    tts_base_url: Option<String>,
    /// Language of the cards and sheets, and of the rulebooks that have that language (Zhi
    /// Pai in French, written as rulebooks/zhi-pai-fr-rules-*.pdf); Chinese names are always printed.
    #[arg(long, value_parser = super::values::lang_parser(), default_value = "en")]
    lang: Lang,
    /// How card and tile backs are printed.
    #[arg(long, value_enum, default_value = "full")]
    backs: Backs,
    /// Your own hexagram names on every card and sheet, from a UTF-8 CSV of
    /// `number,name` (all 64 numbers, each once; a `number,name` header is optional).
    /// Other words stay in the --lang language; Chinese names are always printed.
    #[arg(long, value_name = "FILE")]
    names: Option<PathBuf>,
    /// A folder of templates searched before the bundled ones (same paths, e.g.
    /// `zhi-pai/hexagram.svg.j2`, or `rulebooks/liubo.typ` for a rulebook); its
    /// `style.json`, if any, is laid over the bundled style sheet key by key.
    #[arg(long, value_name = "DIR")]
    templates: Option<PathBuf>,
    /// Where the puzzles are played online, e.g. https://example.org: each puzzle of the
    /// puzzle book then carries a QR code to URL/?puzzle=ID, which opens it on the page.
    #[arg(long, value_name = "URL", value_parser = parse_base_url)]
    base_url: Option<String>,
}

/// An http(s) address without a query or fragment; a trailing `/` is dropped.
fn parse_base_url(text: &str) -> Result<String, String> {
    let ok = (text.starts_with("https://") || text.starts_with("http://"))
        && text.len() <= 200
        && !text.contains(['?', '#', ' ', '"', '<', '>']);
    if ok {
        Ok(text.trim_end_matches('/').to_string())
    } else {
        Err(format!(
            "{text:?} is not a base address; expected http:// or https:// with no query, fragment or spaces (at most 200 characters)"
        ))
    }
}

pub fn run(args: GenerateArgs) -> anyhow::Result<Outcome> {
    let parts = if args.only.is_empty() { Part::all().to_vec() } else { args.only };
    if let Some(dir) = &args.templates {
        template::use_overrides(dir).with_context(|| format!("--templates {}", dir.display()))?;
    }
    let lang = match &args.names {
        Some(file) => Lang::Edition(read_edition(file, args.lang)?),
        None => args.lang,
    };
    let leak = |url: String| &*Box::leak(url.into_boxed_str());
    let print = PrintOptions {
        dpi: args.dpi,
        lang,
        profiles: Profiles::from_list(&args.profile),
        backs: args.backs,
        base_url: args.base_url.map(leak),
        layouts: Layouts::from_list(&args.layout),
        duplex: args.duplex,
        back_offset: args.back_offset,
        tts_base_url: args.tts_base_url.map(leak),
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

/// The edition in `file`, kept for the rest of the run: a run prints one edition, and
/// holding it for the process's life lets [`Lang`] stay `Copy`.
fn read_edition(file: &Path, base: Lang) -> anyhow::Result<&'static Edition> {
    let text = std::fs::read_to_string(file).with_context(|| format!("--names {}: cannot read it", file.display()))?;
    let edition = parse_names(&text, base, &crate::games::decks::name_rooms())
        .with_context(|| format!("--names {}", file.display()))?;
    Ok(Box::leak(Box::new(edition)))
}

/// A progress bar over the parts, on stderr when it is a terminal, hidden otherwise.
pub(super) fn progress_bar() -> ProgressBar {
    let target =
        if std::io::stderr().is_terminal() { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() };
    let bar = ProgressBar::with_draw_target(Some(0), target);
    if let Ok(style) = ProgressStyle::with_template("{msg:>15} [{bar:30}] {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
