//! `check-sequence pathways` and `check-sequence zhi-pai`: is a proposed sequence of a
//! puzzle legal, and how long is the best? (Game records are `check GAME --record`'s.)
//! Exit 0 when solved, 1 when a rule is broken or the sequence does not reach its end. The
//! verdict never waits on the search: an optimum left unknown is said, not an error.

use super::solve::{PathwaysArgs, ZhiPaiArgs};
use super::{Outcome, print_json};
use crate::api::{self, State, Status};
use clap::{Args, Subcommand};
use hexforge_rules::changing_lines::pathways;
use hexforge_rules::zhi_pai::{self as zhipai, SEARCH_LIMIT};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge check-sequence pathways --from 12 --to 6 --sequence 12:dark,6:dark\n  \
    hexforge check-sequence zhi-pai --start 12 --placements 6:left,22:right,40:left,55:left --json\n\n\
    Game records (JSON Lines, as `hexforge simulate GAME --record FILE` writes them) are checked\n\
    with `hexforge check GAME --record FILE [--json]`, for every game `hexforge simulate` plays.")]
pub struct CheckSequenceArgs {
    #[command(subcommand)]
    puzzle: CheckPuzzle,
}

#[derive(Debug, Subcommand)]
enum CheckPuzzle {
    /// Check a Pathways pile: every card one line from the last, each card once, ending on the goal.
    Pathways(CheckPathwaysArgs),
    /// Check a Zhi Pai sequence: every placement links, cards once, finished by the last one.
    #[command(name = "zhi-pai", alias = "zhipai")]
    ZhiPai(CheckZhiPaiArgs),
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
    #[arg(long, allow_negative_numbers = true)]
    common_zone: Option<i64>,
}

pub fn run(args: CheckSequenceArgs) -> anyhow::Result<Outcome> {
    let state = match args.puzzle {
        CheckPuzzle::Pathways(args) => {
            let question = args.puzzle.request();
            let request = api::pathways::CheckRequest {
                from: question.from,
                to: question.to,
                deck: question.deck,
                cards: question.cards,
                orientation: question.orientation,
                sequence: pathways::parse_sequence(&args.sequence)?
                    .into_iter()
                    .map(|l| api::pathways::LaidRequest { card: l.card.number().into(), orientation: l.orientation })
                    .collect(),
            };
            let answer = api::pathways::check(&request)?;
            if args.puzzle.json {
                print_json(&answer);
            } else {
                let optimum = Optimum { shortest: answer.shortest, status: answer.shortest_status, reason: None };
                out!("{}", verdict(answer.state, answer.length, &optimum, &answer.errors));
            }
            answer.state
        }
        CheckPuzzle::ZhiPai(args) => {
            let question = args.setup.request();
            let request = api::zhi_pai::CheckRequest {
                start: question.start,
                available: question.available,
                active: question.active,
                max_positions: question.max_positions,
                placements: zhipai::parse_placements(&args.placements)?
                    .into_iter()
                    .map(|(card, side)| api::zhi_pai::MoveRequest { card: card.number().into(), side })
                    .collect(),
                common_zone: args.common_zone,
            };
            let answer = api::zhi_pai::check(&request, SEARCH_LIMIT, None)?;
            if args.setup.json {
                print_json(&answer);
            } else {
                let optimum = Optimum {
                    shortest: answer.shortest,
                    status: answer.shortest_status,
                    reason: answer.shortest_reason.as_deref(),
                };
                out!("{}", verdict(answer.state, answer.length, &optimum, &answer.errors));
                if let Some(score) = answer.solo_score {
                    outln!("solo score: {score}");
                }
            }
            answer.state
        }
    };
    Ok(if state == State::Solved { Outcome::Success } else { Outcome::CheckFailed })
}

/// What the check learnt of the shortest sequence.
struct Optimum<'a> {
    shortest: Option<usize>,
    status: Status,
    reason: Option<&'a str>,
}

fn verdict(state: State, length: usize, optimum: &Optimum, errors: &[String]) -> String {
    let best = match (optimum.status, optimum.shortest) {
        (Status::Optimal, Some(n)) => format!("the shortest has {}", api::cards(n)),
        (Status::Unknown, _) => format!("the shortest is unknown: {}", optimum.reason.unwrap_or("the search stopped")),
        _ => "no sequence exists".to_string(),
    };
    let length = api::cards(length);
    match state {
        State::Solved => format!("solved: {length}; {best}\n"),
        State::Unfinished => format!("unfinished: {}\n{length}; {best}\n", errors.join("; ")),
        State::Broken => format!("not valid: {}\n{length}; {best}\n", errors.join("; ")),
    }
}
