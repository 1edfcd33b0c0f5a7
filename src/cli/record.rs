//! `check GAME --record FILE`: game records (JSON Lines, one game a line) replayed against
//! the rules of any game with an engine; each game's verdict names the first move that
//! breaks a rule. Exit 0 when every game is valid, 1 when a rule is broken, 2 when the file
//! cannot be read as records of that game. The file is read a line at a time (at most
//! [`LINE_LIMIT`] bytes a line) and each verdict printed as it is found.
//!
//! A puzzle's sequence (a Pathways pile, Zhi Pai placements) is checked by its own
//! command, `check-sequence` ([`super::check_sequence`]); the older spelling
//! `check pathways|zhipai` with a puzzle's options and no `--record` still works: those
//! options are parsed by `check-sequence`'s own parser.

use super::Outcome;
use anyhow::Context;
use clap::Args;
use hexforge_rules::play::registry::{Rules, Verdict};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge simulate tao --players 4 --games 10 --record games.jsonl\n  \
    hexforge check tao --record games.jsonl --json\n  hexforge check zhi-pai --record games.jsonl\n\n\
    A puzzle's sequence is checked by `hexforge check-sequence pathways|zhi-pai`.")]
pub struct CheckArgs {
    /// The game: tao, pathways, zhi-pai, and every other game with an engine
    /// (`zhipai`, `yijingpai`: aliases).
    #[arg(value_parser = super::simulate::game_parser())]
    game: String,
    #[command(flatten)]
    args: CheckRecordArgs,
}

#[derive(Debug, Args)]
pub struct CheckRecordArgs {
    /// The records: JSON Lines, one game a line (blank lines are skipped). `-` reads stdin.
    /// Read a line at a time, each verdict printed as it is found; a line may hold at most
    /// 16 MiB, and a line that is too long, not UTF-8 or not a record ends the check
    /// (exit 2) with its line number.
    #[arg(long, value_name = "FILE", required_unless_present = "sequence_options")]
    record: Option<PathBuf>,
    /// Print the verdicts as JSON (an array, one object a game).
    #[arg(long)]
    json: bool,
    /// The older spelling of `check-sequence pathways|zhi-pai`: a puzzle's options
    /// (`--from 1 --to 2 --sequence …`, `--start 12 --placements …`) in place of `--record`.
    #[arg(
        hide = true,
        conflicts_with = "record",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "PUZZLE OPTIONS"
    )]
    sequence_options: Vec<String>,
}

/// Runs `check GAME --record FILE` (or, spelled the older way, `check-sequence GAME …`).
pub fn main(args: CheckArgs) -> anyhow::Result<Outcome> {
    let rules = super::simulate::rules(&args.game)?;
    let Some(record) = args.args.record else {
        return older_sequence_check(rules.name(), args.args.sequence_options, args.args.json);
    };
    run(rules, CheckRecordArgs { record: Some(record), ..args.args })
}

/// `check pathways|zhipai` with a puzzle's options: the same as `check-sequence`, its
/// options read by that command's parser.
fn older_sequence_check(game: &str, options: Vec<String>, json: bool) -> anyhow::Result<Outcome> {
    #[derive(Debug, clap::Parser)]
    #[command(name = "hexforge check-sequence")]
    struct Older {
        #[command(flatten)]
        args: super::check_sequence::CheckSequenceArgs,
    }
    let with_puzzles: Vec<&str> =
        hexforge_rules::games().into_iter().filter(|g| g.puzzles.is_some()).map(|g| g.key()).collect();
    if !with_puzzles.contains(&game) {
        anyhow::bail!(
            "unexpected {:?}: `check {game}` takes --record FILE [--json] (a puzzle's sequence is checked by `check-sequence {}`)",
            options.join(" "),
            with_puzzles.join("|")
        );
    }
    let argv = ["check-sequence".to_string(), game.to_string()]
        .into_iter()
        .chain(options)
        .chain(json.then(|| "--json".to_string()));
    let older = <Older as clap::Parser>::try_parse_from(argv).map_err(|err| anyhow::anyhow!(err.to_string()))?;
    super::check_sequence::run(older.args)
}

/// The longest line `check GAME --record` reads, newline excluded: 16 MiB. A record holds
/// one game (the longest of `simulate tao --players 4 --games 2000 --seed 1` takes 216 KB);
/// a longer line is refused naming it, so that a file without line ends (`/dev/zero`)
/// cannot take all the memory.
pub const LINE_LIMIT: usize = 16 << 20;

/// The records file (or standard input), read one line at a time.
struct Lines {
    reader: Box<dyn BufRead>,
    /// The path as given, for messages.
    shown: String,
    /// Lines read so far (blank ones too): the number of the current line.
    number: usize,
    line: Vec<u8>,
}

impl Lines {
    fn open(path: &Path) -> anyhow::Result<Lines> {
        let (reader, shown): (Box<dyn BufRead>, _) = if path.as_os_str() == "-" {
            (Box::new(std::io::stdin().lock()), "stdin".to_string())
        } else {
            let file = std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
            (Box::new(BufReader::with_capacity(1 << 16, file)), path.display().to_string())
        };
        Ok(Lines { reader, shown, number: 0, line: Vec::new() })
    }

    /// The next line, numbered from 1 (its line end taken off), `None` at the end of the
    /// file; an error names the line: too long, or not UTF-8.
    fn next(&mut self) -> anyhow::Result<Option<(usize, &str)>> {
        self.line.clear();
        let limit = LINE_LIMIT as u64 + 1;
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.line)
            .with_context(|| format!("cannot read {}", self.shown))?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
            if self.line.last() == Some(&b'\r') {
                self.line.pop();
            }
        } else if self.line.len() > LINE_LIMIT {
            anyhow::bail!(
                "{} line {}: longer than {} MiB, the most a record may take",
                self.shown,
                self.number,
                LINE_LIMIT >> 20
            );
        }
        match std::str::from_utf8(&self.line) {
            Ok(text) => Ok(Some((self.number, text))),
            Err(e) => anyhow::bail!(
                "{} line {}: not UTF-8 text (byte {} of the line)",
                self.shown,
                self.number,
                e.valid_up_to() + 1
            ),
        }
    }
}

/// Checks the records one line at a time, printing each verdict as it is found: the
/// memory taken is one line's, whatever the length of the file. A line that is not a
/// record of the game ends the check (exit 2), naming it, after the verdicts before it.
pub fn run(rules: &dyn Rules, args: CheckRecordArgs) -> anyhow::Result<Outcome> {
    let path = args.record.as_deref().context("no records to check: give --record FILE (`-` reads stdin)")?;
    let mut lines = Lines::open(path)?;
    let shown = lines.shown.clone();
    let (mut games, mut all_valid) = (0, true);
    while let Some((number, text)) = lines.next()? {
        if text.trim().is_empty() {
            continue;
        }
        let verdict = rules.check(games + 1, text).map_err(|e| anyhow::anyhow!("{shown} line {number}: {e}"))?;
        games += 1;
        all_valid &= verdict.valid;
        if args.json {
            // The elements of a pretty-printed JSON array, one at a time.
            let object = serde_json::to_string_pretty(&verdict).expect("a verdict always serialises");
            out!("{}  {}", if games == 1 { "[\n" } else { ",\n" }, object.replace('\n', "\n  "));
        } else {
            outln!("{}", verdict_line(&verdict));
        }
    }
    if games == 0 {
        anyhow::bail!("{shown} holds no game record");
    }
    if args.json {
        outln!("\n]");
    }
    Ok(if all_valid { Outcome::Success } else { Outcome::CheckFailed })
}

/// One game's verdict for people.
fn verdict_line(v: &Verdict) -> String {
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
        (Some(0), Some(rule), Some(message)) => format!("game {}: the setup is wrong: {message} ({rule})", v.game),
        (Some(at), Some(rule), Some(message)) => format!("game {}: move {at}: {message} ({rule})", v.game),
        _ => format!("game {}: valid, {winner}", v.game),
    }
}
