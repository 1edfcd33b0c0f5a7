//! The games' requests: the registry listed, tables set up, replayed, played and read,
//! records checked and games simulated. Every answer is the registry's; nothing here
//! knows a game.

use crate::{Refused, field, number, text};
use hexforge_rules::play::Outcome;
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::registry::{Rules, Setup, Table};
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

/// The setup a request names: `players` (optional) and `options` (`{"deck":"4d"}`),
/// checked against the game.
fn setup(rules: &dyn Rules, request: &Value) -> Result<Setup, Refused> {
    let players = match request.get("players") {
        None | Some(Value::Null) => None,
        Some(_) => Some(number(request, "players")? as usize),
    };
    let mut options = Vec::new();
    if let Some(given) = request.get("options").and_then(Value::as_object) {
        for (name, value) in given {
            let value = value.as_str().map_or_else(|| value.to_string(), str::to_string);
            options.push((name.clone(), value));
        }
    }
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

fn bot(name: &str) -> Result<Bot, Refused> {
    name.parse().map_err(|e: String| Refused::new("unknown-bot", e))
}

/// The tables in play, by number; a dropped table's number is not given again.
#[derive(Default)]
pub struct Tables {
    tables: Vec<Option<Box<dyn Table>>>,
}

impl Tables {
    fn keep(&mut self, table: Box<dyn Table>) -> Value {
        self.tables.push(Some(table));
        json!({ "table": self.tables.len() - 1 })
    }

    fn table(&mut self, request: &Value) -> Result<&mut Box<dyn Table>, Refused> {
        let id = number(request, "table")? as usize;
        self.tables
            .get_mut(id)
            .and_then(Option::as_mut)
            .ok_or_else(|| Refused::new("no-such-table", format!("no table {id}")))
    }

    /// `{"op":"new","game","players"?,"options"?,"seed"}`: a table set up, not yet played.
    pub fn new_table(&mut self, request: &Value) -> Result<Value, Refused> {
        let rules = rules(text(request, "game")?)?;
        let setup = setup(rules, request)?;
        let table = rules.table(&setup, number(request, "seed")?)?;
        Ok(self.keep(table))
    }

    /// `{"op":"replay","game","record","upto"?}`: the table a record sets up, after its
    /// first `upto` actions (all when absent).
    pub fn replay(&mut self, request: &Value) -> Result<Value, Refused> {
        let rules = rules(text(request, "game")?)?;
        let upto = if request.get("upto").is_some() { number(request, "upto")? as usize } else { usize::MAX };
        let table = rules.replay(text(request, "record")?.trim(), upto).map_err(|e| Refused::new("bad-record", e))?;
        Ok(self.keep(table))
    }

    /// `{"op":"state","table","seat"?}`: the seat to move, its legal actions in the
    /// engine's order, what `seat` sees (the seat to move when absent), the outcome, the
    /// actions taken and the record so far.
    pub fn state(&mut self, request: &Value) -> Result<Value, Refused> {
        let seat = if request.get("seat").is_some() { Some(number(request, "seat")? as usize) } else { None };
        let table = self.table(request)?;
        let to_move = table.to_move();
        let seat = seat.or(to_move).unwrap_or(0);
        if seat >= table.players() {
            return Err(Refused::new("no-such-seat", format!("seat {seat} of {} players", table.players())));
        }
        Ok(json!({
            "game": table.game(),
            "players": table.players(),
            "to_move": to_move,
            "seat": seat,
            "actions": table.actions(),
            "view": table.view(seat),
            "outcome": outcome(table.outcome()),
            "taken": table.taken(),
            "record": table.record(),
        }))
    }

    /// `{"op":"act","table","index"}`: takes the legal action at `index`.
    pub fn act(&mut self, request: &Value) -> Result<Value, Refused> {
        let index = number(request, "index")? as usize;
        let table = self.table(request)?;
        table.act(index)?;
        Ok(json!({ "taken": table.taken(), "to_move": table.to_move(), "outcome": outcome(table.outcome()) }))
    }

    /// `{"op":"choose","table","bot","seed"}`: the index of the action the bot takes.
    pub fn choose(&mut self, request: &Value) -> Result<Value, Refused> {
        let bot = bot(text(request, "bot")?)?;
        let seed = number(request, "seed")?;
        let table = self.table(request)?;
        table.choose(bot, seed).map(Value::from).ok_or_else(|| Refused::new("game-over", "the game is already over"))
    }

    /// `{"op":"drop","table"}`: forgets a table.
    pub fn drop_table(&mut self, request: &Value) -> Result<Value, Refused> {
        let id = number(request, "table")? as usize;
        self.table(request)?;
        self.tables[id] = None;
        Ok(Value::Null)
    }
}

/// `{"op":"check","game","record"}`: a record replayed against the rules, as
/// `hexforge check GAME --record` judges it.
pub fn check(request: &Value) -> Result<Value, Refused> {
    let rules = rules(text(request, "game")?)?;
    let verdict = rules.check(1, text(request, "record")?.trim()).map_err(|e| Refused::new("bad-record", e))?;
    serde_json::to_value(verdict).map_err(|e| Refused::new("bad-record", e.to_string()))
}

/// `{"op":"simulate","game","players"?,"options"?,"bots":[…],"seed","index"?}`: one
/// simulated game, its record and who won (the test vectors compare it with the native
/// build's, bots and shuffles included).
pub fn simulate(request: &Value) -> Result<Value, Refused> {
    let rules = rules(text(request, "game")?)?;
    let setup = setup(rules, request)?;
    let bots = field(request, "bots")?
        .as_array()
        .ok_or_else(|| Refused::new("bad-request", "\"bots\" must be a list"))?
        .iter()
        .map(|b| bot(b.as_str().unwrap_or("")))
        .collect::<Result<Vec<_>, _>>()?;
    let index = if request.get("index").is_some() { number(request, "index")? } else { 0 };
    let (result, record) = rules.simulate(&setup, &bots, number(request, "seed")?, index, true)?;
    Ok(json!({ "turns": result.turns, "outcome": outcome(result.outcome), "record": record }))
}
