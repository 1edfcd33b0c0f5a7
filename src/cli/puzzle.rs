//! `hexforge puzzle daily|show|check`: the puzzles of SPEC §8, each named by its id
//! (`pathways-2026-11-24`, `pathways-7`). Exit 0 shown, or the answer solved the puzzle;
//! 1 the answer is unfinished or breaks a rule; 2 bad input.

use super::{Outcome, print_json};
use crate::api::{self, State};
use crate::games::changing_lines::pathways;
use crate::puzzles::{Date, PuzzleGame, PuzzleId};
use clap::{Args, Subcommand};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge puzzle daily\n  hexforge puzzle daily --date 2026-11-24 --json\n  \
    hexforge puzzle show pathways-7 --reveal\n  hexforge puzzle check pathways-7 --sequence 1:dark,44:dark,…\n\n\
    Pathways ladders are published; Zhi Pai deals (zhipai-…) are not yet.")]
pub struct PuzzleArgs {
    #[command(subcommand)]
    command: PuzzleCommand,
}

#[derive(Debug, Subcommand)]
enum PuzzleCommand {
    /// Show the puzzle of a day (today, UTC, unless --date).
    Daily(DailyArgs),
    /// Show the puzzle an id names.
    Show(ShowArgs),
    /// Check an answer to a puzzle.
    Check(PuzzleCheckArgs),
}

#[derive(Debug, Args)]
struct Display {
    /// Print the JSON the service answers with.
    #[arg(long)]
    json: bool,
    /// Show the answer too (a spoiler).
    #[arg(long)]
    reveal: bool,
}

#[derive(Debug, Args)]
struct DailyArgs {
    /// Which game: pathways (a ladder) or zhipai (a solo deal).
    #[arg(long, default_value = "pathways", value_parser = |s: &str| s.parse::<PuzzleGame>())]
    game: PuzzleGame,
    /// The day, YYYY-MM-DD (default: today, UTC).
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    date: Option<Date>,
    #[command(flatten)]
    display: Display,
}

#[derive(Debug, Args)]
struct ShowArgs {
    /// pathways-YYYY-MM-DD, pathways-N, zhipai-YYYY-MM-DD or zhipai-N.
    #[arg(value_parser = |s: &str| s.parse::<PuzzleId>())]
    id: PuzzleId,
    #[command(flatten)]
    display: Display,
}

#[derive(Debug, Args)]
struct PuzzleCheckArgs {
    /// The puzzle's id.
    #[arg(value_parser = |s: &str| s.parse::<PuzzleId>())]
    id: PuzzleId,
    /// A Pathways answer: the cards laid, start first, as CARD:ORIENTATION: 1:dark,44:dark.
    #[arg(long, allow_hyphen_values = true)]
    sequence: String,
    /// Print the JSON the service answers with.
    #[arg(long)]
    json: bool,
}

pub fn run(args: PuzzleArgs) -> anyhow::Result<Outcome> {
    match args.command {
        PuzzleCommand::Daily(a) => {
            let date = a.date.unwrap_or_else(today);
            show(&PuzzleId::daily(a.game, date), &a.display)
        }
        PuzzleCommand::Show(a) => show(&a.id, &a.display),
        PuzzleCommand::Check(a) => {
            let sequence = pathways::parse_sequence(&a.sequence)?;
            let verdict = api::puzzles::check(&a.id, &sequence)?;
            if a.json {
                print_json(&verdict);
            } else {
                let cards = api::cards(verdict.length);
                let best = api::cards(verdict.optimum);
                match (verdict.state, verdict.distance) {
                    (State::Solved, Some(0)) => println!("solved with {cards}: the optimum"),
                    (State::Solved, Some(d)) => {
                        println!("solved with {cards}: {} more than the optimum ({best})", api::cards(d))
                    }
                    (_, _) => println!(
                        "{}: {}",
                        if verdict.state == State::Broken { "not valid" } else { "unfinished" },
                        verdict.errors.join("; ")
                    ),
                }
            }
            Ok(if verdict.valid { Outcome::Success } else { Outcome::CheckFailed })
        }
    }
}

fn show(id: &PuzzleId, display: &Display) -> anyhow::Result<Outcome> {
    let view = api::puzzles::show(id, display.reveal)?;
    if display.json {
        print_json(&view);
        return Ok(Outcome::Success);
    }
    let numbers = |cards: &[crate::core::hexagram::Hexagram]| {
        cards.iter().map(|h| h.number().to_string()).collect::<Vec<_>>().join(", ")
    };
    println!("{}: a Pathways ladder, 6d deck, dark side up", view.id);
    println!("from {} {} to {} {}", view.from.number(), view.from.names().en, view.to.number(), view.to.names().en);
    println!("taken out of the deck: {}", numbers(&view.removed));
    println!(
        "the shortest answer has {} (difficulty {}: detour of {}, {} tempting dead ends)",
        api::cards(view.optimum),
        view.difficulty.rating,
        api::cards(view.difficulty.detour),
        view.difficulty.dead_ends
    );
    if let Some(solution) = &view.solution {
        println!("answer: {}", numbers(solution));
    }
    Ok(Outcome::Success)
}

/// Today's date, UTC.
fn today() -> Date {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    Date::from_unix_seconds(seconds)
}
