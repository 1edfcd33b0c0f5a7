//! `check tao --record FILE`: game records (JSON Lines, one game a line) replayed against
//! the rules; each game's verdict names the first move that breaks a rule. Exit 0 when
//! every game is valid, 1 when a rule is broken, 2 when the file cannot be read as records.

use super::{Outcome, print_json};
use anyhow::Context;
use clap::Args;
use hexforge_rules::tao::record::{self, Record, Verdict};
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge simulate tao --players 4 --games 10 --record games.jsonl\n  \
    hexforge check tao --record games.jsonl --json")]
pub struct CheckRecordArgs {
    /// The records: JSON Lines, one game a line (blank lines are skipped). `-` reads stdin.
    #[arg(long, value_name = "FILE")]
    record: PathBuf,
    /// Print the verdicts as JSON (an array, one object a game).
    #[arg(long)]
    json: bool,
}

/// Reads the records of a file, naming the line of any that is not a record.
fn read(path: &PathBuf) -> anyhow::Result<Vec<(usize, Record)>> {
    let text = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read the records from stdin")?
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?
    };
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let record: Record = serde_json::from_str(line)
            .with_context(|| format!("{} line {}: not a game record", path.display(), i + 1))?;
        records.push((i + 1, record));
    }
    if records.is_empty() {
        anyhow::bail!("{} holds no game record", path.display());
    }
    Ok(records)
}

pub fn tao(args: CheckRecordArgs) -> anyhow::Result<Outcome> {
    let verdicts: Vec<Verdict> =
        read(&args.record)?.iter().enumerate().map(|(i, (_, record))| record::check(i + 1, record)).collect();
    if args.json {
        print_json(&verdicts);
    } else {
        for v in &verdicts {
            let winner = match (v.winner, v.stalled) {
                (Some(seat), _) => format!("seat {seat} won"),
                (None, true) => "stalled".to_string(),
                (None, false) => "not over".to_string(),
            };
            match (v.failed_move, v.rule, &v.message) {
                (Some(0), Some(rule), Some(message)) => {
                    println!("game {}: the deal is wrong: {message} ({rule})", v.game)
                }
                (Some(at), Some(rule), Some(message)) => println!("game {}: move {at}: {message} ({rule})", v.game),
                _ => println!("game {}: valid, {winner}", v.game),
            }
        }
    }
    Ok(if verdicts.iter().all(|v| v.valid) { Outcome::Success } else { Outcome::CheckFailed })
}
