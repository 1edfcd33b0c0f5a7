//! `tao legal`: every legal play on a card as it lies (docs/rules.md, Tao), with what each does.

use super::{Outcome, print_json};
use clap::{Args, Subcommand};
use hexforge_rules::core::card::{Card, Orientation};
use hexforge_rules::tao::legal::Laid;
use hexforge_rules::tao::plays::legal_plays;

#[derive(Debug, Args)]
pub struct TaoArgs {
    #[command(subcommand)]
    command: TaoCommand,
}

#[derive(Debug, Subcommand)]
enum TaoCommand {
    /// Every legal play on a card as it lies, or only one card's.
    #[command(
        after_help = "Examples:\n  hexforge tao legal --on 12:dark\n  hexforge tao legal --on 12:dark --card 11 --json"
    )]
    Legal(LegalArgs),
}

#[derive(Debug, Args)]
struct LegalArgs {
    /// The previous card, as CARD:ORIENTATION (12:dark, 30:light).
    #[arg(long, value_name = "CARD:ORIENTATION", value_parser = parse_laid)]
    on: Laid,
    /// Only this card's plays (1-64).
    #[arg(long, value_parser = parse_card)]
    card: Option<Card>,
    /// Print the answer as JSON.
    #[arg(long)]
    json: bool,
}

fn parse_card(s: &str) -> Result<Card, String> {
    let n: i64 = s.trim().parse().map_err(|_| format!("card {s:?} is not a number; expected 1..=64"))?;
    Card::from_number(n).map_err(|e| e.to_string())
}

/// `12:dark` (the orientation may not be left out: a card lies one way or the other).
fn parse_laid(s: &str) -> Result<Laid, String> {
    let (card, orientation) =
        s.split_once(':').ok_or_else(|| format!("{s:?} is not CARD:ORIENTATION, e.g. 12:dark"))?;
    let orientation: Orientation =
        orientation.parse().map_err(|e: hexforge_rules::core::error::CoreError| e.to_string())?;
    Ok(Laid::new(parse_card(card)?, orientation))
}

pub fn run(args: TaoArgs) -> anyhow::Result<Outcome> {
    let TaoCommand::Legal(args) = args.command;
    let answer = legal_plays(args.on, args.card);
    if args.json {
        print_json(&answer);
        return Ok(Outcome::Success);
    }
    let on = &answer.on;
    outln!("On card {} {} (shows {}):", on.card, on.orientation, on.shows);
    if answer.plays.is_empty() {
        outln!("  no legal play");
    }
    for play in &answer.plays {
        let kinds: Vec<&str> = play.kinds.iter().map(|k| k.name()).collect();
        let mut effects = Vec::new();
        if play.effects.reverses {
            effects.push("reverses".to_string());
        }
        if play.effects.skips_next {
            effects.push("skips the next player".to_string());
        }
        if play.effects.next_draws > 0 {
            effects.push(format!("next player draws {}", play.effects.next_draws));
        }
        if play.effects.extra_play {
            effects.push("extra play".to_string());
        }
        let effects = if effects.is_empty() { String::new() } else { format!(" ({})", effects.join(", ")) };
        outln!(
            "  {:>2} {:<5} shows {:>2}  {}{}",
            play.laid.card,
            play.laid.orientation,
            play.laid.shows,
            kinds.join(", "),
            effects
        );
    }
    Ok(Outcome::Success)
}
