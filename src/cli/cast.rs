//! `cast`: six line values, or a card method with a seed.

use super::{Outcome, print_json};
use clap::{Args, ValueEnum};
use hexforge_rules::core::casting::{Cast, DrawMethod, cast, draw};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge cast 9 6 9 6 9 6\n  hexforge cast --draw three --seed 42 --json")]
pub struct CastArgs {
    /// Six line values, bottom line first: 6 old yin (changing), 7 young yang, 8 young yin, 9 old yang (changing).
    #[arg(num_args = 0.., conflicts_with = "draw", allow_negative_numbers = true)]
    values: Vec<i64>,
    /// Cast by drawing cards instead (seed section VII): `one` (a card, then a second draw for the changing lines) or `three` (majority of three cards).
    #[arg(long, value_enum)]
    draw: Option<Method>,
    /// Seed for the card draw, to repeat a reading (default: a fresh random seed, printed).
    #[arg(long, requires = "draw", allow_negative_numbers = true, value_parser = super::values::whole_number::<u64>(0, u64::MAX))]
    seed: Option<u64>,
    /// With --draw three: put each card back before the next draw (the coin-equivalent variant).
    #[arg(long, requires = "draw")]
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

pub fn run(args: CastArgs) -> anyhow::Result<Outcome> {
    match args.draw {
        None => {
            if args.values.len() != 6 {
                anyhow::bail!(
                    "expected six line values (6, 7, 8 or 9, bottom line first) but got {}; or use --draw one|three",
                    args.values.len()
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
