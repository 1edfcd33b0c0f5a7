//! `verify-neighbours`: one card's printed numbers, or a whole deck from a CSV file.

use super::{Outcome, print_json};
use anyhow::Context;
use clap::Args;
use hexforge_rules::core::card::{Card, Orientation};
use hexforge_rules::core::verify::{CSV_HEADER, verify_neighbours, verify_table};
use serde_json::json;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  hexforge verify-neighbours --card 12 25 6 33 20 35 45\n  hexforge verify-neighbours --card 12 --orientation light 46 36 19 34 5 26\n  hexforge verify-neighbours --file deck.csv\n\nExit status: 0 when every number matches, 1 when some do not, 2 on bad input."
)]
pub struct VerifyArgs {
    /// The card number (its dark reading's King Wen number), 1-64.
    #[arg(long, required_unless_present = "file", value_parser = clap::value_parser!(i64), allow_negative_numbers = true)]
    card: Option<i64>,
    /// Which reading the numbers come from: dark (the card's own hexagram) or light (turned 180°).
    #[arg(long, default_value = "dark", value_parser = parse_orientation)]
    orientation: Orientation,
    /// The six numbers printed beside lines 1 to 6 of that reading, bottom line first.
    #[arg(num_args = 0.., allow_negative_numbers = true)]
    numbers: Vec<i64>,
    /// A CSV file with the columns card,orientation,line1..line6 (a header line is optional).
    #[arg(long, conflicts_with_all = ["card", "numbers"])]
    file: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

fn parse_orientation(s: &str) -> Result<Orientation, String> {
    s.parse().map_err(|e: hexforge_rules::core::error::CoreError| e.to_string())
}

pub fn run(args: VerifyArgs) -> anyhow::Result<Outcome> {
    if let Some(path) = &args.file {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let reports =
            verify_table(&text).with_context(|| format!("{} (expected columns {CSV_HEADER})", path.display()))?;
        let bad: Vec<_> = reports.iter().filter(|r| !r.mismatches.is_empty()).collect();
        if args.json {
            print_json(&json!({ "ok": bad.is_empty(), "rows": reports.len(), "cards": bad }));
        } else {
            for r in &bad {
                for m in &r.mismatches {
                    outln!(
                        "row {}: card {} {}, line {}: printed {}, expected {}",
                        r.row,
                        r.card.number(),
                        r.orientation,
                        m.line,
                        m.printed,
                        m.expected
                    );
                }
            }
            outln!("{} rows checked, {} with wrong numbers", reports.len(), bad.len());
        }
        return Ok(if bad.is_empty() { Outcome::Success } else { Outcome::CheckFailed });
    }
    let card = Card::from_number(args.card.expect("clap requires --card without --file"))?;
    let mismatches = verify_neighbours(card, args.orientation, &args.numbers)
        .context("give the six numbers printed beside lines 1 to 6, bottom line first")?;
    if args.json {
        print_json(&json!({ "ok": mismatches.is_empty(), "mismatches": mismatches }));
    } else if mismatches.is_empty() {
        outln!("card {} ({}): all six numbers are right", card.number(), args.orientation);
    } else {
        for m in &mismatches {
            outln!(
                "card {} ({}), line {}: printed {}, expected {}",
                card.number(),
                args.orientation,
                m.line,
                m.printed,
                m.expected
            );
        }
    }
    Ok(if mismatches.is_empty() { Outcome::Success } else { Outcome::CheckFailed })
}
