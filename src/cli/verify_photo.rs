//! `verify-photo`: read the numbers printed on cards from photos or scans and check them.

use super::{Outcome, print_json};
use crate::photo::{PhotoReport, Reading, verify_photo};
use anyhow::Context;
use clap::Args;
use hexforge_rules::core::verify::LineStatus;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "\
Each image may be a phone photo of one card on a table or a flatbed scan of a sheet of
cards, in PNG or JPEG. For every hexagram found, the six lines are read (solid or broken)
to know which hexagram it is, and the number at the left of each line is read and compared
with the neighbour reached by changing that line. A Changing Lines card is checked both
ways up: the numbers upside down at the right of the lines are its other reading.

A number that cannot be read with confidence is reported unreadable, never as wrong.

Examples:
  hexforge verify-photo card.jpg
  hexforge verify-photo --json scan-page-1.png scan-page-2.png

With --json: {\"readings\":[{\"hexagram\":12,\"orientation\":\"dark\",\"lines\":[{\"line\":1,
\"read\":25,\"expected\":25,\"status\":\"ok\"}, ...]}]}, the readings of every file in order.

Exit status: 0 when every number was read and is right, 1 when any is wrong or unreadable,
2 on bad input (a file that is not a PNG or JPEG, or in which no card can be read).")]
pub struct VerifyPhotoArgs {
    /// Photos or scans of cards (PNG or JPEG).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: VerifyPhotoArgs) -> anyhow::Result<Outcome> {
    let mut reports = Vec::new();
    for path in &args.files {
        let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let report = verify_photo(&bytes).with_context(|| path.display().to_string())?;
        reports.push((path, report));
    }
    let all_ok = reports.iter().all(|(_, r)| r.all_ok());
    if args.json {
        let readings = reports.into_iter().flat_map(|(_, r)| r.readings).collect();
        print_json(&PhotoReport { readings });
    } else {
        for (path, report) in &reports {
            for reading in &report.readings {
                print_reading(&path.display().to_string(), reading);
            }
        }
        let lines = reports.iter().flat_map(|(_, r)| &r.readings).flat_map(|r| &r.lines);
        let count = |s: LineStatus| lines.clone().filter(|l| l.status == s).count();
        outln!(
            "{} right, {} wrong, {} unreadable",
            count(LineStatus::Ok),
            count(LineStatus::Mismatch),
            count(LineStatus::Unreadable)
        );
    }
    Ok(if all_ok { Outcome::Success } else { Outcome::CheckFailed })
}

/// One reading as the card shows it: line 6 at the top.
fn print_reading(file: &str, reading: &Reading) {
    let which = match reading.orientation {
        Some(o) => format!(" ({o} reading)"),
        None => String::new(),
    };
    outln!("{file}: hexagram {}{which}", reading.hexagram);
    for l in reading.lines.iter().rev() {
        match (l.status, l.read) {
            (LineStatus::Ok, _) => outln!("  line {}: {:>2}  ok", l.line, l.expected),
            (LineStatus::Mismatch, Some(read)) => {
                outln!("  line {}: {read:>2}  WRONG, should be {}", l.line, l.expected)
            }
            _ => outln!("  line {}:  ?  unreadable (should be {})", l.line, l.expected),
        }
    }
}
