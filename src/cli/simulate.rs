//! `simulate GAME`: many seeded games between bots, on every core, summarised (turns, wins
//! by seat and by bot, plays by kind); `--record FILE` also writes every game as a record.
//! The same seed and bots give the same summary, whatever the number of cores.

use super::print_json;
use super::{Outcome, progress_bar};
use crate::print::output::write_atomic;
use clap::{Args, ValueEnum};
use hexforge_rules::changing_lines::deck::Deck;
use hexforge_rules::changing_lines::pathways::{Mode, engine as pathways};
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::simulate::{GameResult, Summary};
use hexforge_rules::tao;
use hexforge_rules::zhi_pai::duel as zhi_pai;
use rayon::prelude::*;
use std::path::PathBuf;

/// The games that can be simulated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimulatedGame {
    /// Tao, the shedding game of the Changing Lines deck (2 to 8 players).
    Tao,
    /// Pathways, the open-deck route game of the Changing Lines deck (2 to 8 players;
    /// --deck, --mode).
    Pathways,
    /// Zhi Pai for two players, racing through a shared Common Zone (2 players only).
    ZhiPai,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge simulate tao --players 4 --games 10000 --seed 1\n  \
    hexforge simulate tao --players 4 --games 2000 --seed 1 --bots search,greedy --json\n  \
    hexforge simulate tao --players 2 --games 10 --seed 7 --record games.jsonl\n  \
    hexforge simulate pathways --players 3 --deck 4d --mode free --games 10000 --seed 1 --bots greedy\n  \
    hexforge simulate zhi-pai --games 10000 --seed 1 --bots greedy,random")]
pub struct SimulateArgs {
    /// The game.
    #[arg(value_enum)]
    game: SimulatedGame,
    /// Seats at the table (default 4; zhi-pai: 2, its only count).
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
    /// Cards dealt to each player: 8, or 7 for the eight-player variant (which leaves a
    /// draw pile).
    #[arg(long, default_value_t = 8)]
    hand: usize,
    /// Pathways: the deck, 3d, 4d, 5d, 6d (the default) or a list of card numbers.
    #[arg(long)]
    deck: Option<Deck>,
    /// Pathways: which way cards lie, dark (the default), light or free.
    #[arg(long)]
    mode: Option<Mode>,
    /// Pathways variant: the last player standing wins without the final play.
    #[arg(long)]
    last_standing_wins: bool,
    /// Write every game's record to FILE (JSON Lines, what `hexforge check GAME --record` reads).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: SimulateArgs) -> anyhow::Result<Outcome> {
    let (name, players) = match args.game {
        SimulatedGame::Tao => ("tao", tao::PLAYERS),
        SimulatedGame::Pathways => ("pathways", pathways::PLAYERS),
        SimulatedGame::ZhiPai => ("zhi-pai", zhi_pai::PLAYERS..=zhi_pai::PLAYERS),
    };
    let default_players = if args.game == SimulatedGame::ZhiPai { zhi_pai::PLAYERS } else { 4 };
    let seats = args.players.unwrap_or(default_players);
    if !players.contains(&seats) {
        if players.start() == players.end() {
            anyhow::bail!("--players {seats}: {name} is played by exactly {} players", players.start());
        }
        anyhow::bail!("--players {seats} is out of range {}..={} for {name}", players.start(), players.end());
    }
    if args.game == SimulatedGame::ZhiPai && args.record.is_some() {
        anyhow::bail!("--record is not available for zhi-pai yet (tao and pathways write records)");
    }
    if args.game != SimulatedGame::Pathways && (args.deck.is_some() || args.mode.is_some() || args.last_standing_wins) {
        anyhow::bail!("--deck, --mode and --last-standing-wins are for pathways, not {name}");
    }
    let deck = args.deck.unwrap_or_default();
    if seats > deck.cards().len() {
        anyhow::bail!("--players {seats}: {deck} has only {} starting cards", deck.cards().len());
    }
    if args.games == 0 {
        anyhow::bail!("--games 0: play at least one game");
    }
    let bar = progress_bar();
    bar.set_length(args.games);
    bar.set_message("games");
    // Each game keeps its summary line and, only when asked for, its record as JSON: a
    // game's events would take hundreds of bytes an action over a long run.
    let keep_records = args.record.is_some();
    let games: Vec<_> = (0..args.games)
        .into_par_iter()
        .map(|index| {
            let (result, line): (GameResult, _) = match args.game {
                SimulatedGame::Tao => {
                    let (result, record) = tao::record::simulated(seats, args.hand, &args.bots, args.seed, index)?;
                    (result, if keep_records { Some(serde_json::to_string(&record)?) } else { None })
                }
                SimulatedGame::Pathways => {
                    let mode = args.mode.unwrap_or_default();
                    let (result, record) = pathways::simulated_variant(
                        deck,
                        mode,
                        seats,
                        !args.last_standing_wins,
                        &args.bots,
                        args.seed,
                        index,
                    )?;
                    (result, if keep_records { Some(serde_json::to_string(&record)?) } else { None })
                }
                SimulatedGame::ZhiPai => (zhi_pai::simulated(&args.bots, args.seed, index), None),
            };
            bar.inc(1);
            Ok::<_, anyhow::Error>((result, line))
        })
        .collect::<Result<_, _>>()?;
    bar.finish_and_clear();
    let results: Vec<_> = games.iter().map(|(result, _)| result.clone()).collect();
    let summary = Summary::of(name, seats, args.seed, &args.bots, &results);
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
        print!("{}", text(&summary));
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
