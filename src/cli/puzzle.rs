//! `hexforge puzzle daily|show|check`: the puzzles of docs/puzzles.md, each named by its id
//! (`pathways-2026-11-24`, `zhipai-7`, `solitaire-2026-11-29`). Exit 0 shown, or the answer solved the puzzle;
//! 1 the answer is unfinished or breaks a rule; 2 bad input.

use super::{Outcome, print_json};
use crate::api::puzzles::{Answer, PuzzleCheck, PuzzleView};
use crate::api::{self, State};
use clap::{Args, Subcommand};
use hexforge_rules::changing_lines::pathways;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::puzzles::{Date, PuzzleGame, PuzzleId};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge puzzle daily\n  hexforge puzzle daily --date 2026-11-24 --json\n  \
    hexforge puzzle show pathways-7 --reveal\n  hexforge puzzle check pathways-7 --sequence 1:dark,44:dark,…\n  \
    hexforge puzzle daily --game zhipai\n  hexforge puzzle check zhipai-7 --turns 17:left,pass,54:right\n  \
    hexforge puzzle daily --game solitaire\n  hexforge puzzle check solitaire-7 --moves dark,2:light,turn,light,…")]
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
    /// Which game: pathways (a ladder), zhipai (a solo deal; zhi-pai, the game's key, too) or
    /// solitaire (an I-Ching Solitaire deal).
    #[arg(long, default_value = "pathways", value_parser = |s: &str| s.parse::<PuzzleGame>())]
    game: PuzzleGame,
    /// The day, YYYY-MM-DD (default: today, UTC); at most tomorrow (UTC), for time zones.
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    date: Option<Date>,
    #[command(flatten)]
    display: Display,
}

#[derive(Debug, Args)]
struct ShowArgs {
    /// GAME-YYYY-MM-DD or GAME-N, GAME pathways, zhipai or solitaire.
    #[arg(value_parser = released_id)]
    id: PuzzleId,
    #[command(flatten)]
    display: Display,
}

#[derive(Debug, Args)]
struct PuzzleCheckArgs {
    /// The puzzle's id.
    #[arg(value_parser = released_id)]
    id: PuzzleId,
    /// A Pathways answer: the cards laid, start first: 1,44 or 1:dark,44:dark (a ladder's
    /// cards lie dark side up).
    #[arg(long, allow_hyphen_values = true, required_unless_present_any = ["turns", "moves"], conflicts_with_all = ["turns", "moves"])]
    sequence: Option<String>,
    /// A Zhi Pai answer: one turn after another, CARD:SIDE or pass: 17:left,pass,54:right.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "moves")]
    turns: Option<String>,
    /// A solitaire answer: one move after another: dark or light (lay the card turned up
    /// that way up), PILE:dark or PILE:light (play the top card of pile 1 to 4), turn (turn
    /// the next stock card): dark,2:light,turn,light.
    #[arg(long, allow_hyphen_values = true)]
    moves: Option<String>,
    /// Print the JSON the service answers with.
    #[arg(long)]
    json: bool,
}

/// An id whose puzzle is out: a daily puzzle of a day after tomorrow (UTC) is refused.
fn released_id(text: &str) -> Result<PuzzleId, hexforge_rules::puzzles::PuzzleError> {
    crate::puzzles::released_now(text.parse::<PuzzleId>()?)
}

/// A ladder's answer: bare card numbers lie dark side up, as every ladder's cards do
/// (`38,64` is `38:dark,64:dark`); a card with an orientation is read as written.
fn ladder_sequence(text: &str) -> Result<Vec<hexforge_rules::changing_lines::pathways::Laid>, pathways::PathwaysError> {
    let items: Vec<String> = text
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| if item.contains(':') { item.to_string() } else { format!("{item}:dark") })
        .collect();
    pathways::parse_sequence(&items.join(","))
}

pub fn run(args: PuzzleArgs) -> anyhow::Result<Outcome> {
    match args.command {
        PuzzleCommand::Daily(a) => {
            let id =
                crate::puzzles::released_now(PuzzleId::daily(a.game, a.date.unwrap_or_else(crate::puzzles::today)))?;
            show(&id, &a.display)
        }
        PuzzleCommand::Show(a) => show(&a.id, &a.display),
        PuzzleCommand::Check(a) => {
            let answer = match (&a.sequence, &a.turns, &a.moves) {
                (Some(sequence), _, _) => Answer::Sequence(ladder_sequence(sequence)?),
                (None, Some(turns), _) => Answer::Turns(hexforge_rules::puzzles::deal::parse_turns(turns)?),
                (None, None, Some(moves)) => Answer::Moves(
                    hexforge_rules::puzzles::solitaire::parse_moves(moves).map_err(|e| anyhow::anyhow!(e.message))?,
                ),
                (None, None, None) => {
                    anyhow::bail!("give the answer with --sequence (pathways), --turns (zhipai) or --moves (solitaire)")
                }
            };
            let verdict = api::puzzles::check(&a.id, &answer)?;
            if a.json {
                print_json(&verdict);
            } else {
                outln!("{}", describe(&verdict));
            }
            Ok(if verdict.valid() { Outcome::Success } else { Outcome::CheckFailed })
        }
    }
}

/// A verdict in one line: solved (and how far from the optimum), or why not.
fn describe(verdict: &PuzzleCheck) -> String {
    let (state, errors, reached, best, distance) = match verdict {
        PuzzleCheck::Ladder(c) => {
            (c.state, &c.errors, api::cards(c.length), api::cards(c.optimum), c.distance.map(api::cards))
        }
        PuzzleCheck::Deal(c) => {
            let points = |n: u32| if n == 1 { "1 point".to_string() } else { format!("{n} points") };
            let reached = format!("score {}", c.score.unwrap_or_default());
            (c.state, &c.errors, reached, format!("score {}", c.optimum), c.distance.map(points))
        }
        PuzzleCheck::Solitaire(c) => {
            let stock = |n: usize| if n == 1 { "1 stock card".to_string() } else { format!("{n} stock cards") };
            let reached = format!("{} turned", stock(c.turned));
            (c.state, &c.errors, reached, format!("{} turned", stock(c.optimum)), c.distance.map(stock))
        }
    };
    let optimal = verdict.distance() == Some(0);
    match state {
        State::Solved if optimal => format!("solved, {reached}: the optimum"),
        State::Solved => format!("solved, {reached}: {} more than the optimum ({best})", distance.unwrap_or_default()),
        State::Broken => format!("not valid: {}", errors.join("; ")),
        State::Unfinished => format!("unfinished: {}", errors.join("; ")),
    }
}

fn show(id: &PuzzleId, display: &Display) -> anyhow::Result<Outcome> {
    let view = api::puzzles::show(id, display.reveal);
    if display.json {
        print_json(&view);
        return Ok(Outcome::Success);
    }
    let numbers = |cards: &[Hexagram]| cards.iter().map(|h| h.number().to_string()).collect::<Vec<_>>().join(", ");
    match view {
        PuzzleView::Ladder(view) => {
            outln!("{}: a Pathways ladder, 6d deck, dark side up", view.id);
            outln!(
                "from {} {} to {} {}",
                view.from.number(),
                view.from.names().en,
                view.to.number(),
                view.to.names().en
            );
            outln!("taken out of the deck: {}", numbers(&view.removed));
            outln!(
                "the shortest answer has {} (difficulty {}: detour of {}, {})",
                api::cards(view.optimum),
                view.difficulty.rating,
                api::cards(view.difficulty.detour),
                match view.difficulty.dead_ends {
                    1 => "1 tempting dead end".to_string(),
                    n => format!("{n} tempting dead ends"),
                }
            );
            if let Some(solution) = &view.solution {
                outln!("answer: {}", numbers(solution));
            }
        }
        PuzzleView::Deal(view) => {
            outln!("{}: a Zhi Pai solo deal", view.id);
            outln!(
                "start {} {} (left), {} (right)",
                view.start.number(),
                view.start.names().en,
                view.start.complement().number()
            );
            outln!(
                "the Common Zone opens with {}; then, one after each turn: {}",
                numbers(&view.deal[..6]),
                numbers(&view.deal[6..])
            );
            outln!("the best score is {} (difficulty {})", view.optimum, view.difficulty.rating);
            if let Some(solution) = &view.solution {
                outln!("answer: {}", solution.join(","));
            }
        }
        PuzzleView::Solitaire(view) => {
            let numbers = |cards: &[u8]| cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
            outln!("{}: an I-Ching Solitaire deal (the play page's seed {})", view.id, view.seed);
            for (p, pile) in view.piles.iter().enumerate() {
                outln!("pile {}, bottom to top: {}", p + 1, numbers(pile));
            }
            outln!("start card {}; the stock, in the order it is turned: {}", view.start, numbers(&view.stock));
            outln!("the shortest win turns {} of 15 stock cards", view.optimum);
            if let Some(solution) = &view.solution {
                outln!("answer: {}", solution.join(","));
            }
        }
    }
    Ok(Outcome::Success)
}
