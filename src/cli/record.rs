//! `check GAME --record FILE`: game records (JSON Lines, one game a line) replayed against
//! the rules of any game with an engine; each game's verdict names the first move that
//! breaks a rule. Exit 0 when every game is valid, 1 when a rule is broken, 2 when the file
//! cannot be read as records of that game.
//!
//! `check pathways` and `check zhipai` also check puzzle answers (`--sequence`,
//! `--placements`); a command line with `--record` is a record check for every game, so
//! it is told apart before the puzzle subcommands are parsed ([`wanted`]).

use super::{Outcome, print_json};
use anyhow::Context;
use clap::{Args, Parser};
use hexforge_rules::play::record::{Rules, Verdict};
use std::ffi::OsString;
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

/// `hexforge check GAME --record FILE`, parsed on its own.
#[derive(Debug, Parser)]
#[command(name = "hexforge check", about = "Check game records (JSON Lines) against a game's rules")]
struct RecordCli {
    /// The game: tao, pathways, zhi-pai, and every other game with an engine.
    #[arg(value_parser = super::simulate::game_parser())]
    game: String,
    #[command(flatten)]
    args: CheckRecordArgs,
}

/// Whether a command line is `check GAME … --record …`.
pub fn wanted(args: &[OsString]) -> bool {
    args.get(1).is_some_and(|a| a == "check")
        && args.iter().skip(2).any(|a| a == "--record" || a.to_string_lossy().starts_with("--record="))
}

/// Runs `check GAME --record FILE` from the process arguments.
pub fn main(args: &[OsString]) -> anyhow::Result<Outcome> {
    let cli = RecordCli::parse_from(args.iter().skip(1));
    run(super::simulate::rules(&cli.game)?, cli.args)
}

/// Reads the lines of a file that hold something, numbered from 1.
fn read(path: &PathBuf) -> anyhow::Result<Vec<(usize, String)>> {
    let text = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read the records from stdin")?
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?
    };
    let lines: Vec<_> =
        text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l.to_string())).collect();
    if lines.is_empty() {
        anyhow::bail!("{} holds no game record", path.display());
    }
    Ok(lines)
}

pub fn run(rules: &dyn Rules, args: CheckRecordArgs) -> anyhow::Result<Outcome> {
    let mut verdicts: Vec<Verdict> = Vec::new();
    for (number, (line, text)) in read(&args.record)?.into_iter().enumerate() {
        let verdict = rules
            .check(number + 1, &text)
            .map_err(|e| anyhow::anyhow!("{} line {line}: {e}", args.record.display()))?;
        verdicts.push(verdict);
    }
    if args.json {
        print_json(&verdicts);
    } else {
        for v in &verdicts {
            let winner = match (v.winner, v.stalled, &v.shared_first) {
                (Some(seat), _, _) => format!("seat {seat} won"),
                (None, _, Some(seats)) => {
                    let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
                    format!("seats {} share first place", seats.join(" and "))
                }
                (None, true, None) => "no winner".to_string(),
                (None, false, None) => "not over".to_string(),
            };
            match (v.failed_move, v.rule, &v.message) {
                (Some(0), Some(rule), Some(message)) => {
                    outln!("game {}: the setup is wrong: {message} ({rule})", v.game)
                }
                (Some(at), Some(rule), Some(message)) => outln!("game {}: move {at}: {message} ({rule})", v.game),
                _ => outln!("game {}: valid, {winner}", v.game),
            }
        }
    }
    Ok(if verdicts.iter().all(|v| v.valid) { Outcome::Success } else { Outcome::CheckFailed })
}
