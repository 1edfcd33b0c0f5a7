//! `simulate GAME`: many seeded games between bots, on every core, summarised (turns, wins
//! by seat and by bot, plays by kind); `--record FILE` also writes every game as a record.
//! The same seed and bots give the same summary, whatever the number of cores.

use super::print_json;
use super::{Outcome, progress_bar};
use crate::print::output::write_atomic;
use clap::Args;
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::record::{Rules, Setup};
use hexforge_rules::play::simulate::Summary;
use rayon::prelude::*;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge simulate tao --players 4 --games 10000 --seed 1\n  \
    hexforge simulate tao --players 4 --games 2000 --seed 1 --bots search,greedy --json\n  \
    hexforge simulate tao --players 2 --games 10 --seed 7 --record games.jsonl\n  \
    hexforge simulate pathways --players 3 --deck 4d --mode free --games 10000 --seed 1 --bots greedy\n  \
    hexforge simulate zhi-pai --games 10000 --seed 1 --bots greedy,random\n\n\
    Each game's options (--hand, --deck, --mode, --scenario, --variant, or any as --option NAME=VALUE)\n\
    are listed by `hexforge simulate GAME --list-options`.")]
pub struct SimulateArgs {
    /// The game: tao, pathways, zhi-pai, and every other game with an engine.
    #[arg(value_parser = game_parser())]
    game: String,
    /// Seats at the table (default: the game's usual count).
    #[arg(long)]
    players: Option<usize>,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the run: game i is seeded from it and i, so any game can be replayed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots for the seats, comma-separated (random, greedy, search), repeated to fill the
    /// table and turned one seat a game, so each bot sits in each seat equally often.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<Bot>,
    /// Tao: cards dealt to each player: 8; to eight players 7 (the default, which leaves a
    /// draw pile) or 8, as the original deals.
    #[arg(long)]
    hand: Option<String>,
    /// Pathways: the deck, 3d, 4d, 5d, 6d (the default) or a list of card numbers.
    #[arg(long)]
    deck: Option<String>,
    /// The game's mode: Pathways dark (the default), light or free; other games list theirs.
    #[arg(long)]
    mode: Option<String>,
    /// The game's scenario, for games that have them.
    #[arg(long)]
    scenario: Option<String>,
    /// A variant of the game's rules, by name (see --list-options).
    #[arg(long)]
    variant: Option<String>,
    /// Pathways variant: the last player standing wins without the final play (the same
    /// as --variant last-standing-wins).
    #[arg(long)]
    last_standing_wins: bool,
    /// Any other option of the game, as NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
    options: Vec<(String, String)>,
    /// List the game's options and their values, and stop.
    #[arg(long)]
    list_options: bool,
    /// Write every game's record to FILE (JSON Lines, what `hexforge check GAME --record` reads).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// The names of the games with an engine, for clap to check and list.
pub(super) fn game_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(hexforge_rules::games().into_iter().map(|rules| rules.name()))
}

fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.trim().to_string())),
        _ => Err(format!("{s:?}: expected NAME=VALUE, such as scenario=valley")),
    }
}

/// The game named on the command line (clap has checked the name).
pub(super) fn rules(name: &str) -> anyhow::Result<&'static dyn Rules> {
    hexforge_rules::game(name).ok_or_else(|| anyhow::anyhow!("no game {name:?}"))
}

impl SimulateArgs {
    /// The table's setup: the seats and every option given, by the game's names.
    fn setup(&self) -> Setup {
        let mut options = Vec::new();
        let named = [
            ("hand", &self.hand),
            ("deck", &self.deck),
            ("mode", &self.mode),
            ("scenario", &self.scenario),
            ("variant", &self.variant),
        ];
        for (name, value) in named {
            if let Some(value) = value {
                options.push((name.to_string(), value.clone()));
            }
        }
        if self.last_standing_wins {
            options.push(("variant".to_string(), "last-standing-wins".to_string()));
        }
        options.extend(self.options.iter().cloned());
        Setup { players: self.players, options }
    }
}

/// The game's options for people.
fn options_text(rules: &dyn Rules) -> String {
    let range = rules.players();
    let mut out = format!(
        "{}: {} to {} players (default {})\n",
        rules.name(),
        range.start(),
        range.end(),
        rules.default_players()
    );
    if rules.options().is_empty() {
        out += "  no options\n";
    }
    for option in rules.options() {
        let values = if option.values.is_empty() { "a value".to_string() } else { option.values.join(", ") };
        out += &format!("  --option {}=VALUE ({values}): {}\n", option.name, option.help);
    }
    out
}

pub fn run(args: SimulateArgs) -> anyhow::Result<Outcome> {
    let rules = rules(&args.game)?;
    if args.list_options {
        out!("{}", options_text(rules));
        return Ok(Outcome::Success);
    }
    let setup = args.setup();
    let range = rules.players();
    let seats = setup.players.unwrap_or(rules.default_players());
    if !range.contains(&seats) {
        if range.start() == range.end() {
            anyhow::bail!("--players {seats}: {} is played by exactly {} players", rules.name(), range.start());
        }
        anyhow::bail!("--players {seats} is out of range {}..={} for {}", range.start(), range.end(), rules.name());
    }
    setup.checked(rules).map_err(|illegal| anyhow::anyhow!("{}", illegal.message))?;
    if args.games == 0 {
        anyhow::bail!("--games 0: play at least one game");
    }
    // The setup as a whole (a deck too small for the seats…) is checked by dealing one table,
    // before the run, rather than by playing a game the run then plays again.
    rules.table(&setup, args.seed).map_err(|illegal| anyhow::anyhow!("{}", illegal.message))?;
    let bar = progress_bar();
    bar.set_length(args.games);
    bar.set_message("games");
    // Each game keeps its summary line and, only when asked for, its record as JSON: a
    // game's events would take hundreds of bytes an action over a long run.
    let keep_records = args.record.is_some();
    let games: Vec<_> = (0..args.games)
        .into_par_iter()
        .map(|index| {
            let game = rules.simulate(&setup, &args.bots, args.seed, index, keep_records);
            bar.inc(1);
            game.map_err(|illegal| anyhow::anyhow!("game {index}: {}", illegal.message))
        })
        .collect::<Result<_, _>>()?;
    bar.finish_and_clear();
    let results: Vec<_> = games.iter().map(|(result, _)| result.clone()).collect();
    let summary = Summary::of(rules.name(), seats, args.seed, &args.bots, &results);
    if let Some(path) = &args.record {
        let mut lines = String::new();
        for line in games.iter().filter_map(|(_, line)| line.as_deref()) {
            lines.push_str(line);
            lines.push('\n');
        }
        write_atomic(path, lines.as_bytes())?;
    }
    if args.json {
        print_json(&summary);
    } else {
        out!("{}", text(&summary));
    }
    Ok(Outcome::Success)
}

/// The summary for people.
fn text(s: &Summary) -> String {
    let mut out = format!(
        "{} games of {} for {} players, seed {}, bots {}\n",
        s.games,
        s.game,
        s.players,
        s.seed,
        s.bots.join(",")
    );
    out += &format!("  won {}, stalled {}, cut at the action limit {}\n", s.finished, s.stalled, s.unfinished);
    out += &format!(
        "  turns: median {}, 10-90 % {}-{}, mean {}, most {}\n",
        s.turns.median, s.turns.p10, s.turns.p90, s.turns.mean, s.turns.max
    );
    out += &format!("  wins by seat: {:?}\n", s.wins_by_seat);
    for b in &s.wins_by_bot {
        out += &format!(
            "  {} ({} seat{}): {:.1} % of games (95 %: {:.1}-{:.1} %), chance {:.1} %\n",
            b.bot,
            b.seats,
            if b.seats == 1 { "" } else { "s" },
            b.rate.rate * 100.0,
            b.rate.low * 100.0,
            b.rate.high * 100.0,
            b.chance * 100.0
        );
    }
    let kinds: Vec<String> = s.plays_by_kind.iter().map(|(k, n)| format!("{k} {n}")).collect();
    out += &format!("  plays by kind: {}\n", kinds.join(", "));
    out
}
