//! Game records, their checking and simulation, written once for every game; and the
//! type-erased face of a game ([`Rules`], [`Session`]) that the command line, the server and
//! the browser drive, so that none of them names a game's types.
//!
//! A record is one game on one line of JSON (JSON Lines): `game`, `players`, `seed` and
//! `bots` when a program played, the setup (a deal, a wall, a scenario), every action as
//! `{"seat":S, …}` in order, and `result` (`{"winner":S}`, or the game's word for an end
//! with no winner). Each game names its own setup and entries ([`GameRecord`]); replaying
//! and checking are [`check`]'s, the same for all.

use super::bots::{Bot, Heuristic};
use super::simulate::{GameResult, game_seed, play, seating};
use super::{Game, Illegal, Outcome, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// A recorded action read back: the seat and the event, or the rule its entry breaks.
pub type RecordedEvent<G> = Result<(Seat, <G as Game>::Event), Illegal>;

/// The first recorded action that breaks a rule: its number, from 1, and the rule.
pub type Failure = (usize, Illegal);

/// A game's record type: what a game set up looks like before its first action, and each
/// event as the record holds it.
pub trait GameRecord: Serialize + DeserializeOwned + Clone {
    type Game: Heuristic;

    /// The record of `game` before any action (seed and bots when a program plays).
    fn start(game: &Self::Game, seed: Option<u64>, bots: Option<Vec<String>>) -> Self;

    /// Appends what a seat did.
    fn push(&mut self, seat: Seat, event: &<Self::Game as Game>::Event);

    /// Writes how the game ended (`None`: it did not end).
    fn set_result(&mut self, outcome: Option<Outcome>);

    /// The game the record sets up, its setup checked (a deal with a card twice is refused).
    fn game(&self) -> Result<Self::Game, Illegal>;

    /// The recorded actions, in order, each read as the event it names.
    fn events(&self) -> Vec<RecordedEvent<Self::Game>>;

    /// The result the record claims, if it has one.
    fn result(&self) -> Option<Outcome>;

    /// The seats that share first place, when `game` ended without a single winner by a
    /// shared place its rules name (Pathways' last two players out in the same round, a
    /// tied duel); `None` otherwise, a stall included.
    fn shared_first(_game: &Self::Game) -> Option<Vec<Seat>> {
        None
    }
}

/// A record of the game `name` read from its JSON line, or why the text is not one: the
/// rules every record's JSON obeys ([`super::json`]), then the game's own types. A message
/// is cut to [`super::json::MESSAGE_LIMIT`] characters, keeping where the text failed.
fn parsed<R: GameRecord>(name: &str, record: &str) -> Result<R, String> {
    let text = super::json::plain(record).map_err(|e| format!("not a record of {name}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("not a record of {name}: {}", super::json::cut(&e.to_string())))
}

/// What checking one record found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The game's number in the file, from 1.
    pub game: usize,
    pub valid: bool,
    /// The first action that breaks a rule, counted from 1 (null: none; 0: the setup).
    pub failed_move: Option<usize>,
    pub rule: Option<&'static str>,
    pub message: Option<String>,
    /// The winner by the replay (null: no winner yet, or a game that ended without one).
    pub winner: Option<Seat>,
    /// The game ended without a winner, and without a shared first place.
    pub stalled: bool,
    /// The seats sharing first place, when the game ended that way (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shared_first: Option<Vec<Seat>>,
}

/// How an outcome reads in a sentence.
fn said(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(Outcome::Won(seat)) => format!("seat {seat} won"),
        Some(Outcome::Stalled) => "the game ended without a winner".to_string(),
        None => "the game is not over".to_string(),
    }
}

/// Replays a record against the rules and names the first action that breaks one, or a
/// claimed result that is not what the play gives (reported at the last action).
pub fn check<R: GameRecord>(number: usize, record: &R) -> Verdict {
    let fail = |at: usize, illegal: Illegal, outcome: Option<Outcome>| Verdict {
        game: number,
        valid: false,
        failed_move: Some(at),
        rule: Some(illegal.rule),
        message: Some(illegal.message),
        winner: outcome.and_then(Outcome::winner),
        stalled: false,
        shared_first: None,
    };
    let (game, failed) = replayed(record, usize::MAX);
    let game = match game {
        Ok(game) => game,
        Err(illegal) => return fail(0, illegal, None),
    };
    if let Some((at, illegal)) = failed {
        return fail(at, illegal, game.outcome());
    }
    let outcome = game.outcome();
    if let Some(claimed) = record.result() {
        if Some(claimed) != outcome {
            let message = format!("the result does not follow from the play: {}", said(outcome));
            let at = record.events().len();
            return fail(at, Illegal::new("wrong-result", message), outcome);
        }
    }
    let shared_first = R::shared_first(&game);
    Verdict {
        game: number,
        valid: true,
        failed_move: None,
        rule: None,
        message: None,
        winner: outcome.and_then(Outcome::winner),
        stalled: outcome == Some(Outcome::Stalled) && shared_first.is_none(),
        shared_first,
    }
}

/// The game a record sets up, after its first `upto` actions; with the first action that
/// breaks a rule (counted from 1), if one does (the game is then as it was before it).
pub fn replayed<R: GameRecord>(record: &R, upto: usize) -> (Result<R::Game, Illegal>, Option<Failure>) {
    let mut game = match record.game() {
        Ok(game) => game,
        Err(illegal) => return (Err(illegal), None),
    };
    for (i, event) in record.events().into_iter().take(upto).enumerate() {
        if let Err(illegal) = event.and_then(|(seat, e)| game.replay(seat, &e)) {
            return (Ok(game), Some((i + 1, illegal)));
        }
    }
    (Ok(game), None)
}

/// Game `index` of a simulated run seeded `seed`, on `game` (set up from the same seed by
/// the caller, see [`game_seed`]): its result for the summary and its record. The bots are
/// turned by `index` seats ([`seating`]).
pub fn simulated<R: GameRecord>(game: R::Game, bots: &[Bot], seed: u64, index: u64, limit: usize) -> (GameResult, R) {
    let game_seed = game_seed(seed, index);
    let seats = seating(bots, game.players(), index);
    let names = seats.iter().map(|b| b.name().to_string()).collect();
    let mut record = R::start(&game, Some(game_seed), Some(names));
    let played = play(game, &seats, game_seed, limit);
    for (seat, event) in &played.events {
        record.push(*seat, event);
    }
    record.set_result(played.outcome);
    (GameResult::of(&played, seats), record)
}

/// An option a game's table takes (`--deck 4d`, `?scenario=valley`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameOption {
    pub name: &'static str,
    /// The values allowed, the default first (empty: the game reads a free value).
    pub values: &'static [&'static str],
    pub help: &'static str,
}

/// How a table is set up: the seats and the game's options by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub players: Option<usize>,
    pub options: Vec<(String, String)>,
}

impl Setup {
    /// The value given for an option, if any.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The seats, checked against the game's range.
    pub fn players(&self, rules: &dyn Rules) -> Result<usize, Illegal> {
        let players = self.players.unwrap_or(rules.default_players());
        let range = rules.players();
        if !range.contains(&players) {
            let allowed = if range.start() == range.end() {
                format!("{} is played by exactly {} players", rules.name(), range.start())
            } else {
                format!("{} is played by {} to {} players", rules.name(), range.start(), range.end())
            };
            return Err(Illegal::new("players", format!("{players} players: {allowed}")));
        }
        Ok(players)
    }

    /// Checks that every option given is one the game takes, with a value it allows.
    pub fn checked(&self, rules: &dyn Rules) -> Result<(), Illegal> {
        for (name, value) in &self.options {
            let Some(option) = rules.options().iter().find(|o| o.name == name) else {
                let known: Vec<_> = rules.options().iter().map(|o| o.name).collect();
                let message = if known.is_empty() {
                    format!("{name} is not an option of {}: it takes none", rules.name())
                } else {
                    format!("{name} is not an option of {}: it takes {}", rules.name(), known.join(", "))
                };
                return Err(Illegal::new("unknown-option", message));
            };
            if !option.values.is_empty() && !option.values.contains(&value.as_str()) {
                let message = format!("{name} {value:?}: expected one of {}", option.values.join(", "));
                return Err(Illegal::new("bad-option", message));
            }
        }
        self.players(rules).map(|_| ())
    }
}

/// A game as the edges see it: its name, seats and options, a table to play at, a
/// simulated game, a record checked. One per game, listed by [`crate::games`].
pub trait Rules: Sync {
    /// The name in commands, routes and records (`tao`, `zhi-pai`, `yijing-pai`).
    fn name(&self) -> &'static str;

    fn players(&self) -> RangeInclusive<usize>;

    fn default_players(&self) -> usize;

    /// The options a table takes, beyond the seats.
    fn options(&self) -> &'static [GameOption];

    /// A game set up as `setup` says, dealt from `seed`.
    fn table(&self, setup: &Setup, seed: u64) -> Result<Box<dyn Session>, Illegal>;

    /// Game `index` of a run seeded `seed` between `bots`: its result, and its record as a
    /// JSON line when `keep_record`.
    fn simulate(
        &self,
        setup: &Setup,
        bots: &[Bot],
        seed: u64,
        index: u64,
        keep_record: bool,
    ) -> Result<(GameResult, Option<String>), Illegal>;

    /// Checks one record (a JSON line); `Err` when the text is not a record of this game.
    fn check(&self, number: usize, record: &str) -> Result<Verdict, String>;

    /// The table a record sets up, after its first `upto` actions (a replay, step by
    /// step); `Err` when the text is not a record of this game or its setup is illegal.
    fn replay(&self, record: &str, upto: usize) -> Result<Box<dyn Session>, String>;
}

/// What a game tells the registry: its record type, seats and options, and how a setup
/// deals it. Its [`Rules`] follow, the same for every game: a table, a simulated game, a
/// record checked or replayed.
pub trait Registered: Sync {
    type Record: GameRecord + 'static;

    /// The name in commands, routes and records.
    const NAME: &'static str;
    const PLAYERS: RangeInclusive<usize>;
    const DEFAULT_PLAYERS: usize;
    /// The options a table takes, beyond the seats.
    const OPTIONS: &'static [GameOption];
    /// Actions a simulated game may take before it is cut: far beyond the game's own end.
    const ACTION_LIMIT: usize;

    /// The game `setup` describes, dealt from `seed`. The setup's option names, values and
    /// seats are checked before this is called.
    fn game(&self, setup: &Setup, seed: u64) -> Result<<Self::Record as GameRecord>::Game, Illegal>;
}

/// The game of a registered entry.
type GameOf<E> = <<E as Registered>::Record as GameRecord>::Game;

impl<E: Registered> Rules for E
where
    E::Record: Send + Sync,
    GameOf<E>: Send + Sync,
    <GameOf<E> as Game>::Action: Serialize,
    <GameOf<E> as Game>::View: Serialize,
{
    fn name(&self) -> &'static str {
        E::NAME
    }

    fn players(&self) -> RangeInclusive<usize> {
        E::PLAYERS
    }

    fn default_players(&self) -> usize {
        E::DEFAULT_PLAYERS
    }

    fn options(&self) -> &'static [GameOption] {
        E::OPTIONS
    }

    fn table(&self, setup: &Setup, seed: u64) -> Result<Box<dyn Session>, Illegal> {
        setup.checked(self)?;
        let game = self.game(setup, seed)?;
        Ok(Box::new(Seated::<E::Record>::new(E::NAME, game, seed)))
    }

    fn simulate(
        &self,
        setup: &Setup,
        bots: &[Bot],
        seed: u64,
        index: u64,
        keep_record: bool,
    ) -> Result<(GameResult, Option<String>), Illegal> {
        setup.checked(self)?;
        let game = self.game(setup, game_seed(seed, index))?;
        let (result, record) = simulated::<E::Record>(game, bots, seed, index, E::ACTION_LIMIT);
        Ok((result, keep_record.then(|| serde_json::to_string(&record).expect("a record serialises"))))
    }

    fn check(&self, number: usize, record: &str) -> Result<Verdict, String> {
        Ok(check(number, &parsed::<E::Record>(E::NAME, record)?))
    }

    fn replay(&self, record: &str, upto: usize) -> Result<Box<dyn Session>, String> {
        Ok(Box::new(Seated::<E::Record>::replayed(E::NAME, record, upto)?))
    }
}

/// How a game ended, as the records of games that end in a win or a stall write it
/// (`{"winner":1}`, `{"stalled":true}`). Games with their own word for an end without a
/// winner (a drawn hand, a tie) keep it in their records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ending {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stalled: bool,
}

impl From<Outcome> for Ending {
    fn from(outcome: Outcome) -> Ending {
        Ending { winner: outcome.winner(), stalled: outcome == Outcome::Stalled }
    }
}

impl Ending {
    /// The outcome claimed: a win only when a winner is named and no stall is.
    pub fn outcome(self) -> Outcome {
        match self.winner {
            Some(seat) if !self.stalled => Outcome::Won(seat),
            _ => Outcome::Stalled,
        }
    }
}

/// A game in progress, type-erased: what the browser plays and replays. Actions are
/// offered in the engine's order and chosen by their index. A table may be handed to and
/// read from other threads (a server keeps its rooms' tables between requests).
pub trait Session: Send + Sync {
    fn game(&self) -> &'static str;

    fn players(&self) -> usize;

    fn to_move(&self) -> Option<Seat>;

    /// The legal actions of the seat to move, as JSON, in the engine's order.
    fn actions(&self) -> Vec<Value>;

    /// The same actions in words, for the seat to move ([`Game::action_words`]).
    fn action_words(&self) -> Vec<String>;

    /// Each action taken so far in words every seat may read ([`Game::event_words`]).
    fn log(&self) -> &[String];

    /// Each seat's name in the game's words.
    fn seat_names(&self) -> Vec<String>;

    /// Each seat's public line in words ([`Game::seat_words`]).
    fn seat_words(&self) -> Vec<String>;

    /// The rule that ended the game, in words ([`Game::ending_words`]).
    fn ending(&self) -> Option<&str>;

    /// Every seat's place and score once the game is over ([`Game::standings`]).
    fn standings(&self) -> Vec<super::Standing>;

    /// The game's letters and names in words ([`Game::terms`]).
    fn terms(&self) -> Vec<(&'static str, &'static str)>;

    /// The table's facts and drawn parts in words, alike for every seat ([`Game::table_words`]).
    fn table_words(&self) -> super::TableWords;

    /// The seats that share first place, once the game has ended that way by a rule that
    /// names a shared place ([`GameRecord::shared_first`]); `None` otherwise (a win, a stall).
    fn shared_first(&self) -> Option<Vec<Seat>>;

    /// Takes the legal action at `index`.
    fn act(&mut self, index: usize) -> Result<(), Illegal>;

    /// The index of the action `bot` takes, from `seed` (`None` once the game is over).
    fn choose(&self, bot: Bot, seed: u64) -> Option<usize>;

    /// What `seat` sees, as JSON.
    fn view(&self, seat: Seat) -> Value;

    fn outcome(&self) -> Option<Outcome>;

    /// Actions taken so far.
    fn taken(&self) -> usize;

    /// The game's record so far, a JSON line that `hexforge check GAME --record` reads.
    fn record(&self) -> String;

    /// A table `seat` cannot tell from this one ([`Game::determinized`], dealt from
    /// `seed`): what a referee may show `seat` must be the same at both.
    fn determinized(&self, seat: Seat, seed: u64) -> Box<dyn Session>;
}

/// A game and its record, kept in step: the [`Session`] of any [`GameRecord`].
pub struct Seated<R: GameRecord> {
    pub game: R::Game,
    pub record: R,
    name: &'static str,
    taken: usize,
    /// Each event taken, in words (shared with the table's determinized copies until one acts).
    log: Arc<Vec<String>>,
    /// The rule that ended the game, in words, once it has.
    ending: Option<String>,
}

impl<R: GameRecord> Seated<R> {
    /// `game`, not yet played, with its record started from `seed`.
    pub fn new(name: &'static str, game: R::Game, seed: u64) -> Seated<R> {
        let record = R::start(&game, Some(seed), None);
        Seated { game, record, name, taken: 0, log: Arc::default(), ending: None }
    }

    /// The table a record sets up, after its first `upto` actions (all of them when the
    /// record is shorter); its record is the given one, cut there.
    pub fn replayed(name: &'static str, record: &str, upto: usize) -> Result<Seated<R>, String> {
        let parsed: R = parsed(name, record)?;
        let mut game = parsed.game().map_err(|illegal| format!("the setup is illegal: {illegal}"))?;
        let mut cut = R::start(&game, None, None);
        let mut taken = 0;
        let mut log = Vec::new();
        let mut ending = None;
        for event in parsed.events().into_iter().take(upto) {
            taken += 1;
            let (seat, event) = event.map_err(|illegal| format!("action {taken}: {illegal}"))?;
            let before = game.clone();
            game.replay(seat, &event).map_err(|illegal| format!("action {taken}: {illegal}"))?;
            log.push(before.event_words(seat, &event));
            ending = game.ending_words(&before, seat);
            cut.push(seat, &event);
        }
        cut.set_result(game.outcome());
        Ok(Seated { game, record: cut, name, taken, log: Arc::new(log), ending })
    }
}

impl<R: GameRecord + Send + Sync + 'static> Session for Seated<R>
where
    R::Game: Send + Sync,
    <R::Game as Game>::Action: Serialize,
    <R::Game as Game>::View: Serialize,
{
    fn game(&self) -> &'static str {
        self.name
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn to_move(&self) -> Option<Seat> {
        self.game.to_move()
    }

    fn actions(&self) -> Vec<Value> {
        self.game.legal_actions().iter().map(|a| serde_json::to_value(a).unwrap_or(Value::Null)).collect()
    }

    fn action_words(&self) -> Vec<String> {
        self.game.legal_actions().iter().map(|a| self.game.action_words(a)).collect()
    }

    fn log(&self) -> &[String] {
        &self.log
    }

    fn seat_names(&self) -> Vec<String> {
        (0..self.game.players()).map(|s| self.game.seat_name(s)).collect()
    }

    fn seat_words(&self) -> Vec<String> {
        (0..self.game.players()).map(|s| self.game.seat_words(s)).collect()
    }

    fn ending(&self) -> Option<&str> {
        self.ending.as_deref()
    }

    fn standings(&self) -> Vec<super::Standing> {
        if self.game.outcome().is_some() { self.game.standings() } else { Vec::new() }
    }

    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        self.game.terms()
    }

    fn table_words(&self) -> super::TableWords {
        self.game.table_words()
    }

    fn shared_first(&self) -> Option<Vec<Seat>> {
        if self.game.outcome() == Some(Outcome::Stalled) { R::shared_first(&self.game) } else { None }
    }

    fn act(&mut self, index: usize) -> Result<(), Illegal> {
        let actions = self.game.legal_actions();
        let Some(action) = actions.get(index) else {
            return Err(Illegal::new("no-such-action", format!("action {index} of {} offered", actions.len())));
        };
        let seat = self.game.to_move().expect("a seat to move while actions are offered");
        let before = self.game.clone();
        let event = self.game.apply(action)?;
        Arc::make_mut(&mut self.log).push(before.event_words(seat, &event));
        self.ending = self.game.ending_words(&before, seat);
        self.record.push(seat, &event);
        self.taken += 1;
        self.record.set_result(self.game.outcome());
        Ok(())
    }

    fn choose(&self, bot: Bot, seed: u64) -> Option<usize> {
        self.game.to_move()?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let action = bot.choose(&self.game, &mut rng);
        self.game.legal_actions().iter().position(|a| *a == action)
    }

    fn view(&self, seat: Seat) -> Value {
        serde_json::to_value(self.game.view(seat)).unwrap_or(Value::Null)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn taken(&self) -> usize {
        self.taken
    }

    fn record(&self) -> String {
        serde_json::to_string(&self.record).expect("a record serialises")
    }

    fn determinized(&self, seat: Seat, seed: u64) -> Box<dyn Session> {
        let game = self.game.determinized(seat, &mut ChaCha8Rng::seed_from_u64(seed));
        Box::new(Seated {
            game,
            record: self.record.clone(),
            name: self.name,
            taken: self.taken,
            log: Arc::clone(&self.log),
            ending: self.ending.clone(),
        })
    }
}
