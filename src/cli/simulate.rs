//! `simulate GAME`: many seeded games between bots, on every core, summarised (turns, wins
//! by seat and by bot, plays by kind); `--record FILE` also writes every game as a record,
//! streamed in order as the games end. The same seed and bots give the same summary and
//! records, whatever the number of cores.

use super::named::NamedOutput;
use super::{Outcome, progress_bar};
use clap::Args;
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::registry::{Rules, Setup};
use hexforge_rules::play::simulate::{GameResult, Summary};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

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
    #[arg(long, allow_negative_numbers = true, value_parser = super::values::whole_number::<usize>(0, usize::MAX as u64))]
    players: Option<usize>,
    /// Games to play.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true, value_parser = super::values::whole_number::<u64>(1, u64::MAX))]
    games: u64,
    /// Seed of the run: game i is seeded from it and i, so any game can be replayed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = super::values::whole_number::<u64>(0, u64::MAX))]
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
    /// Write every game's record to FILE (JSON Lines, what `hexforge check GAME --record`
    /// reads), in order, as the games end. `-` is standard output (the summary then goes to
    /// standard error); a device or a pipe is written through; a file is written to a
    /// temporary file beside it and renamed over it once complete (through a symbolic
    /// link, its target is). The path is opened before the first game is played.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// The names of the games with an engine, for clap to check and list; a key written
/// without its hyphen (`zhipai`) is taken as an alias.
pub(super) fn game_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(hexforge_rules::games().into_iter().map(|game| {
        let bare = game.key().replace('-', "");
        let value = clap::builder::PossibleValue::new(game.key());
        if bare == game.key() { value } else { value.alias(&*Box::leak(bare.into_boxed_str())) }
    }))
}

fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.trim().to_string())),
        _ => Err(format!("{s:?}: expected NAME=VALUE, such as scenario=valley")),
    }
}

/// The game named on the command line (clap has checked the name).
pub(super) fn rules(name: &str) -> anyhow::Result<&'static dyn Rules> {
    hexforge_rules::game(name).map(|game| game.rules).ok_or_else(|| anyhow::anyhow!("no game {name:?}"))
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
    // The setup as a whole (a deck too small for the seats…) is checked by dealing one table,
    // before the run, rather than by playing a game the run then plays again.
    rules.table(&setup, args.seed).map_err(|illegal| anyhow::anyhow!("{}", illegal.message))?;
    // A game's record is made only when asked for: its events would take hundreds of bytes
    // an action over a long run.
    let record_wanted = args.record.is_some();
    // The record file is opened before the first game: a path that cannot be written is
    // said at once, not after the run.
    let mut record = args.record.as_deref().map(NamedOutput::create).transpose()?;
    let bar = progress_bar();
    bar.set_length(args.games);
    bar.set_message("games");
    let results = play_in_order(args.games, record.as_mut(), |index| {
        let game = rules.simulate(&setup, &args.bots, args.seed, index, record_wanted);
        bar.inc(1);
        game.map_err(|illegal| anyhow::anyhow!("game {index}: {}", illegal.message))
    })?;
    bar.finish_and_clear();
    let summary = Summary::of(rules.name(), seats, args.seed, &args.bots, &results);
    // Records on standard output: the summary goes to standard error, out of their way.
    let to_stderr = record.as_ref().is_some_and(NamedOutput::is_stdout);
    if let Some(record) = record {
        record.finish()?;
    }
    let report = if args.json {
        format!("{}\n", serde_json::to_string_pretty(&summary).expect("a summary always serialises"))
    } else {
        text(&summary)
    };
    if to_stderr {
        eprint!("{report}");
    } else {
        out!("{report}");
    }
    Ok(Outcome::Success)
}

/// Games played ahead of the oldest one not yet written, for each thread: enough that a
/// long game does not leave the other threads idle, few enough that the records waiting
/// for it take a few megabytes whatever the number of games.
const AHEAD_PER_THREAD: u64 = 16;

/// One game: its summary line and, when records are written, its record (a JSON line).
type Played = anyhow::Result<(GameResult, Option<String>)>;

/// Plays games `0..games` with `play` on every core and returns their results in order,
/// writing each record to `record` as soon as the games before it are written. A thread
/// does not start a game more than [`AHEAD_PER_THREAD`] × threads past the oldest game not
/// yet written, so the records held at once are bounded by the cores, not the games. The
/// first error (a game's, or the file's) stops the run.
fn play_in_order(
    games: u64,
    mut record: Option<&mut NamedOutput>,
    play: impl Fn(u64) -> Played + Sync,
) -> anyhow::Result<Vec<GameResult>> {
    struct Window {
        /// Games written (every game before this index).
        written: u64,
        stop: bool,
    }
    let threads = rayon::current_num_threads().max(1);
    let ahead = AHEAD_PER_THREAD * threads as u64;
    let next = AtomicU64::new(0);
    let window = Mutex::new(Window { written: 0, stop: false });
    let moved = Condvar::new();
    let lock = || window.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let (send, receive) = mpsc::channel::<(u64, Played)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, play, moved) = (&next, &play, &moved);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        return;
                    }
                    let mut state = lock();
                    while !state.stop && index >= state.written + ahead {
                        state = moved.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
                    }
                    if state.stop {
                        return;
                    }
                    drop(state);
                    if send.send((index, play(index))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut results = Vec::new();
        let mut waiting = BTreeMap::new();
        let written = (|| {
            for (index, game) in &receive {
                waiting.insert(index, game);
                while let Some(game) = waiting.remove(&(results.len() as u64)) {
                    let (result, line) = game?;
                    if let (Some(record), Some(line)) = (record.as_deref_mut(), line) {
                        record.write_all(line.as_bytes())?;
                        record.write_all(b"\n")?;
                    }
                    results.push(result);
                }
                lock().written = results.len() as u64;
                moved.notify_all();
            }
            anyhow::Ok(())
        })();
        if written.is_err() {
            lock().stop = true;
            moved.notify_all();
            drop(receive);
        }
        written.map(|()| results)
    })
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
