//! `cast`: six line values, or a card method with a seed.

use super::{Outcome, print_json};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{ArgGroup, Args, ValueEnum};
use hexforge_rules::core::casting::{Cast, DrawMethod, cast, draw};
use hexforge_rules::core::spread::{self, SPREADS, SpreadReading, draw_spread};

#[derive(Debug, Args)]
#[command(
    group = ArgGroup::new("cards").args(["draw", "spread"]),
    after_help = "Examples:\n  hexforge cast 9 6 9 6 9 6\n  hexforge cast --draw three --seed 42 --json\n  hexforge cast --spread three --seed 42"
)]
pub struct CastArgs {
    /// Six line values, bottom line first: 6 old yin (changing), 7 young yang, 8 young yin, 9 old yang (changing).
    #[arg(num_args = 0.., conflicts_with_all = ["draw", "spread"], allow_negative_numbers = true)]
    values: Vec<i64>,
    /// Cast by drawing cards instead (seed section VII): `one` (a card, then a second draw for the changing lines) or `three` (majority of three cards).
    #[arg(long, value_enum)]
    draw: Option<Method>,
    /// Lay out a spread: named positions, each read as a draw-three cast, from one shuffled deck (docs/divination.md).
    #[arg(long, value_name = "NAME", value_parser = spread_names())]
    spread: Option<String>,
    /// Seed for the card draw or spread, to repeat a reading (default: a fresh random seed, printed).
    #[arg(long, requires = "cards", allow_negative_numbers = true, value_parser = super::values::whole_number::<u64>(0, u64::MAX))]
    seed: Option<u64>,
    /// With --draw three: put each card back before the next draw (the coin-equivalent variant).
    #[arg(long, requires = "draw", conflicts_with = "spread")]
    replace: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Method {
    One,
    Three,
}

/// The spreads' names, each with its one line for `--help`.
fn spread_names() -> PossibleValuesParser {
    PossibleValuesParser::new(SPREADS.iter().map(|s| PossibleValue::new(s.name).help(s.about)))
}

pub fn run(args: CastArgs) -> anyhow::Result<Outcome> {
    if let Some(name) = &args.spread {
        let seed = args.seed.unwrap_or_else(rand::random);
        let reading = draw_spread(spread::spread(name)?, seed);
        if args.json {
            print_json(&reading);
        } else {
            out!("{}", describe_spread(&reading));
        }
        return Ok(Outcome::Success);
    }
    match args.draw {
        None => {
            if args.values.len() != 6 {
                anyhow::bail!(
                    "expected six line values (6, 7, 8 or 9, bottom line first) but got {}; or use --draw one|three or --spread {}",
                    args.values.len(),
                    SPREADS.map(|s| s.name).join("|")
                );
            }
            let result = cast(&args.values)?;
            if args.json {
                print_json(&result);
            } else {
                out!("{}", describe(&result));
            }
        }
        Some(method) => {
            let method = match method {
                Method::One => DrawMethod::One,
                Method::Three => DrawMethod::Three,
            };
            let seed = args.seed.unwrap_or_else(rand::random);
            let drawn = draw(method, seed, args.replace);
            if args.json {
                print_json(&drawn);
            } else {
                let cards: Vec<String> = drawn.cards.iter().map(|c| c.number().to_string()).collect();
                outln!("cards drawn (dark side up): {}   seed {}", cards.join(", "), seed);
                out!("{}", describe(&drawn.cast));
            }
        }
    }
    Ok(Outcome::Success)
}

/// A spread as text: the spread and seed, then each position's cards and cast.
fn describe_spread(r: &SpreadReading) -> String {
    let spread = spread::spread(r.spread).expect("a reading names its spread");
    let mut text = format!("spread {}   seed {}\n", r.spread, r.seed);
    for (i, (p, place)) in r.positions.iter().zip(spread.positions).enumerate() {
        let cards: Vec<String> = p.cards.iter().map(|c| c.number().to_string()).collect();
        text += &format!("\n{} {}: {}\n", i + 1, p.position, place.asks);
        text += &format!("cards laid (dark side up): {}\n", cards.join(", "));
        text += &describe(&p.cast);
    }
    text
}

fn describe(c: &Cast) -> String {
    let p = c.primary;
    let mut text = format!("primary  {} {} {} — {}\n", p.number(), p.symbol(), p.names().zh, p.names().en);
    match c.relating {
        Some(r) => {
            let lines: Vec<String> = c.changing.iter().map(|l| l.to_string()).collect();
            text += &format!("changing lines {}\n", lines.join(", "));
            text += &format!("relating {} {} {} — {}\n", r.number(), r.symbol(), r.names().zh, r.names().en);
        }
        None => text += "no changing lines\n",
    }
    text
}
