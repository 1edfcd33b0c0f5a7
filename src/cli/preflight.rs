//! `preflight`: a written file checked against a shop's requirements, rule by rule.

use super::{Outcome, print_json};
use crate::print::preflight::{self, Shop};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  hexforge preflight output/changing-lines/dtc/changing-lines-dtc.pdf --shop dtc\n  \
    hexforge preflight output/zhi-pai/tgc/back.png --shop tgc\n  \
    hexforge preflight output/changing-lines/tts-sheet-1.png --shop tts --json\n  \
    hexforge preflight output/liubo/pieces-a4.pdf --shop home\n\n\
    Each rule prints pass, or what to change; docs/print.md (\"Preflight\") cites each rule's source.\n\
    Exit status: 0 when every rule passes, 1 when one fails, 2 on bad input (a missing file, a file\n\
    that is not the shop's format)."
)]
pub struct PreflightArgs {
    /// The file to check: a PDF for dtc and home, a PNG for tgc, mpc and tts.
    file: PathBuf,
    /// The shop whose requirements the file must meet.
    #[arg(long, value_enum)]
    shop: Shop,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: PreflightArgs) -> anyhow::Result<Outcome> {
    let report = preflight::check_file(&args.file, args.shop, 0.0)?;
    let file = args.file.display().to_string();
    if args.json {
        print_json(&json!({
            "file": file,
            "shop": args.shop,
            "pass": report.passed(),
            "rules": &report.verdicts,
        }));
    } else {
        outln!("{file}: preflight for {} ({})", args.shop.name(), args.shop.key());
        let width = report.verdicts.iter().map(|v| v.rule.len()).max().unwrap_or(0);
        for v in &report.verdicts {
            let mark = if v.pass { "pass" } else { "FAIL" };
            outln!("  {mark}  {:width$}  {}", v.rule, v.detail);
        }
        let failed = report.failures().count();
        let total = report.verdicts.len();
        match failed {
            0 => outln!("all {total} rules pass"),
            n => outln!("{n} of {total} rules fail"),
        }
    }
    Ok(if report.passed() { Outcome::Success } else { Outcome::CheckFailed })
}
