//! Simulation, written once for every game: one seeded game between bots, and the summary
//! of many. Which games run on which core is the caller's business (the CLI uses every
//! core); the result depends only on the seed and the bots.

use super::bots::{Bot, Heuristic};
use super::{Game, Outcome, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// The seed of game `index` of a run seeded `seed` (SplitMix64 of both), so that games are
/// independent and any one can be replayed alone.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The bots of game `index`: the listed bots (cycled to fill every seat) turned by `index`
/// seats, so that each bot sits in each seat equally often over a run.
pub fn seating(bots: &[Bot], players: usize, index: u64) -> Vec<Bot> {
    let shift = (index % players as u64) as usize;
    (0..players).map(|seat| bots[(seat + players - shift) % players % bots.len()]).collect()
}

/// How one game went.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    pub game: G,
    pub events: Vec<(Seat, G::Event)>,
    /// The outcome; `None` when the action limit was reached first.
    pub outcome: Option<Outcome>,
}

/// Plays `game` with one bot a seat, at most `limit` actions.
pub fn play<G: Heuristic>(mut game: G, bots: &[Bot], seed: u64, limit: usize) -> Played<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(2);
    let mut events = Vec::new();
    while events.len() < limit {
        let Some(seat) = game.to_move() else { break };
        let action = bots[seat].choose(&game, &mut rng);
        let event = game.apply(&action).expect("a bot chose a legal action");
        events.push((seat, event));
    }
    let outcome = game.outcome();
    Played { game, events, outcome }
}

/// What one simulated game leaves for the summary.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub seats: Vec<Bot>,
    /// The seat that acted first.
    pub first: Seat,
    pub turns: u32,
    /// `None`: the action limit came first.
    pub outcome: Option<Outcome>,
    pub counts: super::Counts,
}

impl GameResult {
    pub fn of<G: Game>(played: &Played<G>, seats: Vec<Bot>) -> GameResult {
        let first = played.events.first().map_or(0, |(seat, _)| *seat);
        GameResult { seats, first, turns: played.game.turns(), outcome: played.outcome, counts: played.game.counts() }
    }
}

/// One bot's wins over a run, against what chance gives it (its seats over the players).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotWins {
    pub bot: &'static str,
    /// Seats it held in each game.
    pub seats: usize,
    pub chance: f64,
    #[serde(flatten)]
    pub rate: Rate,
}

/// The summary of a run: what `hexforge simulate --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub game: &'static str,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub bots: Vec<&'static str>,
    /// Games with a winner.
    pub finished: u64,
    /// Games that could no longer progress (no winner).
    pub stalled: u64,
    /// Games cut at the action limit (counted apart; none is expected).
    pub unfinished: u64,
    pub turns: Spread,
    /// Wins of each seat (seat 0 sits at the dealer's left).
    pub wins_by_seat: Vec<u64>,
    /// How often the player who moved first won, with its 95 % interval.
    pub first_player: Rate,
    pub wins_by_bot: Vec<BotWins>,
    pub plays_by_kind: std::collections::BTreeMap<&'static str, u64>,
    pub events: std::collections::BTreeMap<&'static str, u64>,
}

impl Summary {
    /// The summary of `results`, game 0 first (the order does not change it).
    pub fn of(game: &'static str, players: usize, seed: u64, bots: &[Bot], results: &[GameResult]) -> Summary {
        let mut wins_by_seat = vec![0u64; players];
        let (mut finished, mut stalled, mut unfinished) = (0, 0, 0);
        let mut plays_by_kind = std::collections::BTreeMap::new();
        let mut events = std::collections::BTreeMap::new();
        let mut names: Vec<&'static str> = Vec::new();
        for bot in bots {
            if !names.contains(&bot.name()) {
                names.push(bot.name());
            }
        }
        let mut bot_wins = vec![0u64; names.len()];
        let mut first_player = 0;
        for result in results {
            match result.outcome {
                Some(Outcome::Won(seat)) => {
                    finished += 1;
                    first_player += u64::from(seat == result.first);
                    wins_by_seat[seat] += 1;
                    let name = result.seats[seat].name();
                    bot_wins[names.iter().position(|n| *n == name).expect("a listed bot")] += 1;
                }
                Some(Outcome::Stalled) => stalled += 1,
                None => unfinished += 1,
            }
            for (name, n) in &result.counts.plays_by_kind {
                *plays_by_kind.entry(*name).or_insert(0) += n;
            }
            for (name, n) in &result.counts.events {
                *events.entry(*name).or_insert(0) += n;
            }
        }
        let games = results.len() as u64;
        let seated = seating(bots, players, 0);
        let wins_by_bot = names
            .iter()
            .zip(bot_wins)
            .map(|(&bot, wins)| {
                let seats = seated.iter().filter(|b| b.name() == bot).count();
                BotWins { bot, seats, chance: seats as f64 / players as f64, rate: Rate::of(wins, games) }
            })
            .collect();
        Summary {
            game,
            players,
            games,
            seed,
            bots: bots.iter().map(|b| b.name()).collect(),
            finished,
            stalled,
            unfinished,
            turns: Spread::of(results.iter().map(|r| r.turns).collect()),
            first_player: Rate::of(first_player, games),
            wins_by_seat,
            wins_by_bot,
            plays_by_kind,
            events,
        }
    }
}

/// Turns: mean, median, 10th and 90th percentiles, most.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spread {
    pub mean: f64,
    pub median: u32,
    pub p10: u32,
    pub p90: u32,
    pub max: u32,
}

impl Spread {
    pub fn of(mut values: Vec<u32>) -> Spread {
        if values.is_empty() {
            return Spread { mean: 0.0, median: 0, p10: 0, p90: 0, max: 0 };
        }
        values.sort_unstable();
        let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
        let mean = values.iter().map(|&v| f64::from(v)).sum::<f64>() / values.len() as f64;
        Spread { mean: (mean * 100.0).round() / 100.0, median: at(0.5), p10: at(0.1), p90: at(0.9), max: at(1.0) }
    }
}

/// A win rate with its 95 % confidence interval (Wilson score interval).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub wins: u64,
    pub games: u64,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    pub fn of(wins: u64, games: u64) -> Rate {
        let round = |x: f64| (x * 10_000.0).round() / 10_000.0;
        if games == 0 {
            return Rate { wins, games, rate: 0.0, low: 0.0, high: 0.0 };
        }
        let n = games as f64;
        let p = wins as f64 / n;
        let z = 1.959_964;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        Rate { wins, games, rate: round(p), low: round(centre - half), high: round(centre + half) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_differ_by_game_and_by_run() {
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
        assert_eq!(game_seed(5, 9), game_seed(5, 9));
    }

    #[test]
    fn each_bot_sits_in_each_seat_equally_often() {
        let bots = [Bot::Greedy, Bot::Random, Bot::Random, Bot::Random];
        let mut greedy_at = [0; 4];
        for index in 0..8 {
            let seats = seating(&bots, 4, index);
            assert_eq!(seats.iter().filter(|b| **b == Bot::Greedy).count(), 1);
            greedy_at[seats.iter().position(|b| *b == Bot::Greedy).unwrap()] += 1;
        }
        assert_eq!(greedy_at, [2, 2, 2, 2]);
    }

    #[test]
    fn the_wilson_interval_holds_the_rate_and_narrows_with_games() {
        let small = Rate::of(30, 100);
        let large = Rate::of(3000, 10_000);
        assert!(small.low < 0.3 && 0.3 < small.high);
        assert!(large.high - large.low < small.high - small.low);
        assert_eq!(Rate::of(0, 0).rate, 0.0);
    }

    #[test]
    fn spread_percentiles() {
        let s = Spread::of((1..=100).collect());
        assert_eq!((s.median, s.p10, s.p90, s.max), (51, 11, 90, 100));
        assert_eq!(s.mean, 50.5);
    }
}
