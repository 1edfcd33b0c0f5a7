//! The command line: argument definitions and dispatch. Each subcommand's work is
//! in the file named after it; all of them only call the library.

/// `print!` to standard output, except that a reader who has gone (`hexforge … | head`)
/// ends the command quietly, as ripgrep does, instead of a panic.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::write_out(format_args!($($arg)*)) };
}

/// `println!`, with [`out!`]'s care for a closed pipe.
macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::write_out(format_args!("{}\n", format_args!($($arg)*))) };
}

mod cast;
mod check_sequence;
mod generate;
mod hexagram;
mod named;
mod preflight;
mod puzzle;
mod record;
mod serve;
mod simulate;
mod solve;
mod tao;
mod values;
mod verify;
mod verify_photo;

use clap::{Parser, Subcommand};
use hexforge_rules::core::error::CoreError;
use hexforge_rules::core::hexagram::{Hexagram, LinePosition};
use std::process::ExitCode;

/// hexforge — print-and-play games from the I Ching.
///
/// Generates the Changing Lines and Zhi Pai decks, the Liubo, Dragons of the Ba-Gua
/// and 易经牌 components and every rulebook; answers and checks puzzles; verifies the
/// numbers printed on cards. Hexagrams are named by King Wen number (1-64) or by
/// six lines written bottom to top (000111 is 12).
#[derive(Debug, Parser)]
#[command(name = "hexforge", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show one hexagram: lines, trigrams, names, neighbours and relatives.
    Hexagram(hexagram::HexagramArgs),
    /// List all 64 hexagrams in King Wen order.
    Hexagrams(hexagram::HexagramsArgs),
    /// Change some lines of a hexagram and show the result.
    Change(hexagram::ChangeArgs),
    /// Cast a hexagram from six line values (6, 7, 8, 9) or by drawing cards.
    Cast(cast::CastArgs),
    /// Check the neighbour numbers printed on a card, or on a whole deck from a CSV file.
    VerifyNeighbours(verify::VerifyArgs),
    /// Read the numbers printed on cards from photos or scans and check them: exit 0 all right, 1 not.
    VerifyPhoto(verify_photo::VerifyPhotoArgs),
    /// Make every printable asset into an output folder.
    Generate(generate::GenerateArgs),
    /// Check a written file against a shop's requirements (dtc, tgc, mpc, tts, home): exit 0 all pass, 1 a rule fails.
    Preflight(preflight::PreflightArgs),
    /// Find the shortest sequence of a Pathways or Zhi Pai puzzle.
    Solve(solve::SolveArgs),
    /// Check game records of any game (`check GAME --record FILE`): exit 0 all valid, 1 a rule broken.
    Check(record::CheckArgs),
    /// Check a Pathways or Zhi Pai puzzle sequence: exit 0 solved, 1 not.
    CheckSequence(check_sequence::CheckSequenceArgs),
    /// Daily and numbered puzzles (Pathways ladders, Zhi Pai deals, I-Ching Solitaire deals): show one, or check an answer.
    Puzzle(puzzle::PuzzleArgs),
    /// Run the HTTP service and web page: the same JSON as --json, card images, downloads.
    Serve(serve::ServeArgs),
    /// Tao, the Changing Lines deck's game: the legal plays on a card.
    Tao(tao::TaoArgs),
    /// Play many seeded games between bots and summarise them (turns, wins, plays by kind).
    Simulate(simulate::SimulateArgs),
}

/// How a command ended, mapped to the process exit code.
pub enum Outcome {
    /// Exit 0: done, or the check passed.
    Success,
    /// Exit 1: the check ran and found a problem (a wrong number, an illegal move).
    CheckFailed,
    /// Exit 3: the search stopped (its budget spent) before deciding.
    Undecided,
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<Outcome> {
    match cli.command {
        Command::Hexagram(args) => hexagram::show(args),
        Command::Hexagrams(args) => hexagram::list(args),
        Command::Change(args) => hexagram::change(args),
        Command::Cast(args) => cast::run(args),
        Command::VerifyNeighbours(args) => verify::run(args),
        Command::VerifyPhoto(args) => verify_photo::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Preflight(args) => preflight::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Check(args) => record::main(args),
        Command::CheckSequence(args) => check_sequence::run(args),
        Command::Puzzle(args) => puzzle::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Tao(args) => tao::run(args),
        Command::Simulate(args) => simulate::run(args),
    }
}

/// Parses the process arguments and runs. Bad input exits 2 with a message that
/// names the value; a failed check exits 1; a search that stopped undecided exits 3.
pub fn main() -> ExitCode {
    let outcome = run(Cli::parse());
    match outcome {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::CheckFailed) => ExitCode::from(1),
        Ok(Outcome::Undecided) => ExitCode::from(3),
        Err(err) => {
            eprintln!("error: {}", one_line(&err));
            ExitCode::from(2)
        }
    }
}

/// An error and its causes on one line, each said once. Many messages already end with
/// their cause (`cannot write X: No such file…`) and also hold it as their source, so
/// anyhow's `{:#}`, which adds every source after a colon, said it two or three times;
/// a cause whose text the line already holds is left out.
pub fn one_line(err: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if line.contains(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

/// clap value parser for a hexagram: a King Wen number or six lines bottom to top.
pub(crate) fn parse_hexagram(s: &str) -> Result<Hexagram, CoreError> {
    s.parse()
}

/// clap value parser for a line position 1..=6.
pub(crate) fn parse_line(s: &str) -> Result<LinePosition, String> {
    let n: i64 = s.trim().parse().map_err(|_| format!("line {s:?} is not a number; expected 1..=6"))?;
    LinePosition::new(n).map_err(|e| e.to_string())
}

use generate::progress_bar;

/// Prints a value as pretty JSON on stdout.
pub(crate) fn print_json(value: &impl serde::Serialize) {
    outln!("{}", serde_json::to_string_pretty(value).expect("our views always serialise"));
}

/// Writes to standard output. A closed pipe ends the process with success (the reader took
/// what it wanted); any other write error ends it with the error named.
pub(crate) fn write_out(text: std::fmt::Arguments) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: `generate --out /proc/x` said "No such file or directory" three times.
    #[test]
    fn an_error_line_says_each_cause_once() {
        #[derive(Debug, thiserror::Error)]
        #[error("cannot write /proc/x: {0}")]
        struct Write(#[source] std::io::Error);
        let io = || std::io::Error::from(std::io::ErrorKind::NotFound);
        let err = anyhow::Error::new(Write(io())).context(format!("cannot write /proc/x: {}", io()));
        let line = one_line(&err);
        assert_eq!(line, format!("cannot write /proc/x: {}", io()));
        // Causes that are not repeated are all kept, in order.
        let err = anyhow::Error::new(io()).context("cannot open the photo").context("cannot read cards");
        assert_eq!(one_line(&err), format!("cannot read cards: cannot open the photo: {}", io()));
    }
}
