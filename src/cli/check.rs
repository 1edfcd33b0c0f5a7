//! `check pathways` and `check zhipai`: is a proposed sequence legal, and how long is the best?
//! Exit 0 when valid, 1 when a rule is broken (or the sequence does not reach its end).

use super::solve::{PathwaysArgs, ZhiPaiArgs};
use super::{Outcome, print_json};
use crate::games::changing_lines::pathways;
use crate::games::zhi_pai as zhipai;
use clap::{Args, Subcommand};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge check pathways --from 12 --to 6 --sequence 12:dark,6:dark\n  \
    hexforge check zhipai --start 12 --placements 6:left,22:right,40:left,55:left --json")]
pub struct CheckArgs {
    #[command(subcommand)]
    puzzle: CheckPuzzle,
}

#[derive(Debug, Subcommand)]
enum CheckPuzzle {
    /// Check a Pathways pile: every card one line from the last, each card once, ending on the goal.
    Pathways(CheckPathwaysArgs),
    /// Check a Zhi Pai sequence: every placement links, cards once, finished by the last one.
    Zhipai(CheckZhiPaiArgs),
}

#[derive(Debug, Args)]
struct CheckPathwaysArgs {
    #[command(flatten)]
    puzzle: PathwaysArgs,
    /// The cards laid, start card first, as CARD:ORIENTATION separated by commas: 1:dark,44:dark.
    #[arg(long, allow_hyphen_values = true)]
    sequence: String,
}

#[derive(Debug, Args)]
struct CheckZhiPaiArgs {
    #[command(flatten)]
    setup: ZhiPaiArgs,
    /// The placements in turn order, as CARD:SIDE separated by commas: 6:left,22:right.
    /// `left` lays right of the left chain's end, `right` left of the right chain's end.
    #[arg(long, allow_hyphen_values = true)]
    placements: String,
    /// Common Zone size at the end of a solo game (6 or more): adds the solo score.
    #[arg(long)]
    common_zone: Option<i64>,
}

pub fn run(args: CheckArgs) -> anyhow::Result<Outcome> {
    let valid = match args.puzzle {
        CheckPuzzle::Pathways(args) => {
            let puzzle = args.puzzle.puzzle();
            let sequence = pathways::parse_sequence(&args.sequence)?;
            let report = pathways::check(&puzzle, &sequence);
            if args.puzzle.json {
                print_json(&report);
            } else {
                print!("{}", verdict(report.valid, report.length, report.shortest, &report.errors));
            }
            report.valid
        }
        CheckPuzzle::Zhipai(args) => {
            let setup = args.setup.setup()?;
            let placements = zhipai::parse_placements(&args.placements)?;
            let report = zhipai::check_scored(&setup, &placements, args.common_zone)?;
            if args.setup.json {
                print_json(&report);
            } else {
                print!("{}", verdict(report.valid, report.length, report.shortest, &report.errors));
                if let Some(score) = report.solo_score {
                    println!("solo score: {score}");
                }
            }
            report.valid
        }
    };
    Ok(if valid { Outcome::Success } else { Outcome::CheckFailed })
}

fn verdict(valid: bool, length: usize, shortest: Option<usize>, errors: &[String]) -> String {
    let best = match shortest {
        Some(n) => format!("the shortest has {n}"),
        None => "no sequence exists".to_string(),
    };
    if valid {
        format!("valid: {length} cards; {best}\n")
    } else {
        format!("not valid: {}\n{length} cards; {best}\n", errors.join("; "))
    }
}
