//! Bots, written once for every game: `random` (uniform over the legal actions), `greedy`
//! (the best action by the game's own documented heuristic, [`Heuristic`]) and `search`
//! (determinized Monte Carlo: it deals the cards it cannot see at random, many times, plays
//! each legal action out with greedy players, and takes the action that won most often; a
//! game with very many actions may name the few it plays out, [`Heuristic::searched`]).

use super::{Game, Outcome, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

/// A game's greedy heuristic: how good an action looks now, higher is better. Each game
/// documents its heuristic beside its implementation.
pub trait Heuristic: Game {
    fn score(&self, action: &Self::Action) -> i32;

    /// How well `seat` stands, 0 (lost) to 1 (won): the search bot's value of a state
    /// where its playout stops. An ended game is 1 for the winner and 0 for the others.
    fn value(&self, seat: Seat) -> f64;

    /// The actions the search bot plays out, of the legal `actions` (as they come): all of
    /// them unless a game has so many that its playouts would be spread too thin; such a
    /// game keeps the heuristic's best few.
    fn searched(&self, actions: Vec<Self::Action>) -> Vec<Self::Action> {
        actions
    }
}

/// A kind of bot.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bot {
    Random,
    Greedy,
    /// Determinized Monte Carlo with this many playouts a move.
    Search {
        playouts: u32,
    },
}

/// Playouts a search bot makes per move by default.
pub const SEARCH_PLAYOUTS: u32 = 400;

impl Bot {
    pub const NAMES: [&'static str; 3] = ["random", "greedy", "search"];

    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Greedy => "greedy",
            Bot::Search { .. } => "search",
        }
    }

    /// The action this bot takes in `game` (which must not be over), as the seat to move.
    pub fn choose<G: Heuristic>(self, game: &G, rng: &mut ChaCha8Rng) -> G::Action {
        let actions = game.legal_actions();
        assert!(!actions.is_empty(), "a bot was asked to move in a finished game");
        if actions.len() == 1 {
            return actions[0].clone();
        }
        match self {
            Bot::Random => actions[rng.random_range(0..actions.len())].clone(),
            Bot::Greedy => greedy(game, &actions).clone(),
            Bot::Search { playouts } => {
                let actions = game.searched(actions);
                match actions.len() {
                    1 => actions[0].clone(),
                    _ => search(game, &actions, playouts, rng).clone(),
                }
            }
        }
    }
}

impl fmt::Display for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Bot {
    type Err = String;

    fn from_str(s: &str) -> Result<Bot, String> {
        match &*crate::core::folded(s) {
            "random" => Ok(Bot::Random),
            "greedy" => Ok(Bot::Greedy),
            "search" => Ok(Bot::Search { playouts: SEARCH_PLAYOUTS }),
            _ => Err(format!("unknown bot {s:?}: expected one of random, greedy, search")),
        }
    }
}

/// The first action with the best score.
fn greedy<'a, G: Heuristic>(game: &G, actions: &'a [G::Action]) -> &'a G::Action {
    let mut best = &actions[0];
    let mut best_score = i32::MIN;
    for action in actions {
        let score = game.score(action);
        if score > best_score {
            best = action;
            best_score = score;
        }
    }
    best
}

/// Turns a playout looks ahead, per player at the table, before it values the state.
const HORIZON_ROUNDS: u32 = 3;

/// Plays `game` on with greedy players for `turns` turns, or to its end; `seat`'s value
/// of where it stops.
pub fn playout<G: Heuristic>(mut game: G, seat: Seat, turns: u32) -> f64 {
    let stop = game.turns() + turns;
    while game.outcome().is_none() && game.turns() < stop {
        let actions = game.legal_actions();
        let action = greedy(&game, &actions).clone();
        if game.apply(&action).is_err() {
            return 0.0;
        }
    }
    match game.outcome() {
        Some(Outcome::Won(winner)) => f64::from(u8::from(winner == seat)),
        Some(Outcome::Stalled) => 0.0,
        None => game.value(seat),
    }
}

/// Determinized Monte Carlo: the playouts are shared out over the actions in turn, each on
/// a fresh deal of what the bot cannot see; the action with most wins is taken (ties: the
/// greedy order, as the actions come).
fn search<'a, G: Heuristic>(game: &G, actions: &'a [G::Action], playouts: u32, rng: &mut ChaCha8Rng) -> &'a G::Action {
    let me = game.to_move().expect("a seat to move");
    let horizon = HORIZON_ROUNDS * game.players() as u32;
    let mut values = vec![0.0f64; actions.len()];
    let rounds = (playouts as usize / actions.len()).max(1);
    for _ in 0..rounds {
        let seed: u64 = rng.random();
        for (i, action) in actions.iter().enumerate() {
            // The same deal for every action of a round, so they are compared fairly.
            let mut deal_rng = ChaCha8Rng::seed_from_u64(seed);
            let mut world = game.determinized(me, &mut deal_rng);
            if world.apply(action).is_ok() {
                values[i] += playout(world, me, horizon);
            }
        }
    }
    // The best value; ties go to the earlier action (the greedy order of the list).
    let mut best = 0;
    for i in 1..actions.len() {
        if values[i] > values[best] {
            best = i;
        }
    }
    &actions[best]
}
