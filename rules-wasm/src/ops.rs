//! The games' requests: the registry listed, sessions set up, replayed, played and read,
//! records checked and games simulated. Every answer is the registry's; nothing here
//! knows a game.

use crate::Refused;
use crate::request::SetupFields;
use hexforge_rules::play::Outcome;
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::registry::{Rules, Session, Setup};
use serde_json::{Value, json};

/// The game named `name` in the registry.
fn rules(name: &str) -> Result<&'static dyn Rules, Refused> {
    hexforge_rules::game(name).map(|game| game.rules).ok_or_else(|| {
        let names: Vec<&str> = hexforge_rules::games().iter().map(|r| r.name()).collect();
        Refused::new("unknown-game", format!("no game {name:?}: the games are {}", names.join(", ")))
    })
}

/// `{"op":"games"}`: each game's key, names, line, seats and options.
pub fn games() -> Value {
    let games: Vec<Value> = hexforge_rules::games()
        .iter()
        .map(|r| {
            json!({
                "name": r.name(),
                "names": r.names,
                "about": r.about,
                "players": [r.players().start(), r.players().end()],
                "default_players": r.default_players(),
                "options": r.options(),
            })
        })
        .collect();
    Value::Array(games)
}

/// The setup a request names, checked against the game.
fn setup(rules: &dyn Rules, given: &SetupFields) -> Result<Setup, Refused> {
    let players = given.players.map(|p| p.index());
    let options = given
        .options
        .iter()
        .map(|(name, value)| (name.clone(), value.as_str().map_or_else(|| value.to_string(), str::to_string)))
        .collect();
    let setup = Setup { players, options };
    setup.checked(rules)?;
    Ok(setup)
}

fn outcome(outcome: Option<Outcome>) -> Value {
    match outcome {
        None => Value::Null,
        Some(Outcome::Won(seat)) => json!({ "winner": seat }),
        Some(Outcome::Stalled) => json!({ "stalled": true }),
    }
}

/// A table's outcome, with the seats that share first place when its rules name a shared
/// place (`{"stalled":true,"shared_first":[0,2]}`); a stall without one names none.
fn table_outcome(table: &dyn Session) -> Value {
    let mut said = outcome(table.outcome());
    if let (Value::Object(fields), Some(seats)) = (&mut said, table.shared_first()) {
        fields.insert("shared_first".to_string(), json!(seats));
    }
    said
}

fn bot(name: &str) -> Result<Bot, Refused> {
    name.parse().map_err(|e: String| Refused::new("unknown-bot", e))
}

/// The sessions in play, by number; a dropped table's number is not given again.
#[derive(Default)]
pub struct Sessions {
    sessions: Vec<Option<Box<dyn Session>>>,
}

impl Sessions {
    fn keep(&mut self, table: Box<dyn Session>) -> Value {
        self.sessions.push(Some(table));
        json!({ "table": self.sessions.len() - 1 })
    }

    fn table(&mut self, id: usize) -> Result<&mut Box<dyn Session>, Refused> {
        self.sessions
            .get_mut(id)
            .and_then(Option::as_mut)
            .ok_or_else(|| Refused::new("no-such-table", format!("no table {id}")))
    }

    /// `{"op":"new","game","players"?,"options"?,"seed"}`: a table set up, not yet played.
    pub fn new_table(&mut self, game: &str, given: &SetupFields, seed: u64) -> Result<Value, Refused> {
        let rules = rules(game)?;
        let setup = setup(rules, given)?;
        let table = rules.table(&setup, seed)?;
        Ok(self.keep(table))
    }

    /// `{"op":"replay","game","record","upto"?}`: the table a record sets up, after its
    /// first `upto` actions (all when absent).
    pub fn replay(&mut self, game: &str, record: &str, upto: usize) -> Result<Value, Refused> {
        let table = rules(game)?.replay(record.trim(), upto).map_err(|e| Refused::new("bad-record", e))?;
        Ok(self.keep(table))
    }

    /// `{"op":"state","table","seat"?}`: the seat to move, its legal actions in the
    /// engine's order and in words (`words`), what `seat` sees (the seat to move when
    /// absent), the outcome, the actions taken, each in words every seat may read (`log`),
    /// the seats' names and public lines (`seat_words`), once over the rule that ended the
    /// game (`ending`) and every seat's place (`standings`), the game's letters in words
    /// (`terms`), the table's facts and drawn parts in words (`table_words`) and the record
    /// so far. The outcome names the seats sharing first place when the rules name one.
    pub fn state(&mut self, id: usize, seat: Option<usize>) -> Result<Value, Refused> {
        let table = self.table(id)?;
        let to_move = table.to_move();
        let seat = seat.or(to_move).unwrap_or(0);
        if seat >= table.players() {
            return Err(Refused::new("no-such-seat", format!("seat {seat} of {} players", table.players())));
        }
        // Words for the seat to move only: another seat's view of its buttons is none.
        let words = if Some(seat) == to_move { table.action_words() } else { Vec::new() };
        Ok(json!({
            "game": table.game(),
            "players": table.players(),
            "to_move": to_move,
            "seat": seat,
            "actions": table.actions(),
            "words": words,
            "view": table.view(seat),
            "outcome": table_outcome(table.as_ref()),
            "taken": table.taken(),
            "log": table.log(),
            "seat_names": table.seat_names(),
            "seat_words": table.seat_words(),
            "ending": table.ending(),
            "standings": table.standings(),
            "terms": table.terms().into_iter().map(|(k, v)| (k.to_string(), Value::from(v))).collect::<serde_json::Map<_, _>>(),
            "table_words": table.table_words(),
            "record": table.record(),
        }))
    }

    /// `{"op":"act","table","index"}`: takes the legal action at `index`; says it in words.
    pub fn act(&mut self, id: usize, index: usize) -> Result<Value, Refused> {
        let table = self.table(id)?;
        table.act(index)?;
        Ok(json!({
            "taken": table.taken(),
            "to_move": table.to_move(),
            "outcome": table_outcome(table.as_ref()),
            "said": table.log().last(),
        }))
    }

    /// `{"op":"choose","table","bot","seed"}`: the index of the action the bot takes.
    pub fn choose(&mut self, id: usize, bot_name: &str, seed: u64) -> Result<Value, Refused> {
        let bot = bot(bot_name)?;
        let table = self.table(id)?;
        table.choose(bot, seed).map(Value::from).ok_or_else(|| Refused::new("game-over", "the game is already over"))
    }

    /// `{"op":"drop","table"}`: forgets a table.
    pub fn drop_table(&mut self, id: usize) -> Result<Value, Refused> {
        self.table(id)?;
        self.sessions[id] = None;
        Ok(Value::Null)
    }
}

/// `{"op":"check","game","record"}`: a record replayed against the rules, as
/// `hexforge check GAME --record` judges it.
pub fn check(game: &str, record: &str) -> Result<Value, Refused> {
    let verdict = rules(game)?.check(1, record.trim()).map_err(|e| Refused::new("bad-record", e))?;
    serde_json::to_value(verdict).map_err(|e| Refused::new("bad-record", e.to_string()))
}

/// `{"op":"simulate","game","players"?,"options"?,"bots":[…],"seed","index"?}`: one
/// simulated game, its record and who won (the test vectors compare it with the native
/// build's, bots and shuffles included).
pub fn simulate(game: &str, given: &SetupFields, bots: &[String], seed: u64, index: u64) -> Result<Value, Refused> {
    let rules = rules(game)?;
    let setup = setup(rules, given)?;
    let bots = bots.iter().map(|b| bot(b)).collect::<Result<Vec<_>, _>>()?;
    let (result, record) = rules.simulate(&setup, &bots, seed, index, true)?;
    Ok(json!({ "turns": result.turns, "outcome": outcome(result.outcome), "record": record }))
}
