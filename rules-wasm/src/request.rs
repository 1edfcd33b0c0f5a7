//! The requests the module answers, typed once: a JSON object tagged by `op`
//! (`{"op":"act","table":0,"index":3}`), read by serde into [`Request`], so that a field
//! is named and typed in one place and a missing or mistyped one is refused naming it.

use crate::Refused;
use serde::Deserialize;
use serde_json::{Map, Value};

/// A whole number, written as a JSON number or as a string of digits (JavaScript numbers
/// lose seeds above 2^53, so the page sends seeds as strings).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Whole(pub u64);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Whole, D::Error> {
        deserializer.deserialize_any(WholeVisitor)
    }
}

struct WholeVisitor;

impl serde::de::Visitor<'_> for WholeVisitor {
    type Value = Whole;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a whole number (or a string of digits)")
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Whole, E> {
        Ok(Whole(v))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Whole, E> {
        u64::try_from(v).map(Whole).map_err(|_| E::custom(format!("{v} is not a whole number")))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Whole, E> {
        v.parse().map(Whole).map_err(|_| E::custom(format!("{v:?} is not a whole number")))
    }
}

impl Whole {
    pub fn index(self) -> usize {
        usize::try_from(self.0).unwrap_or(usize::MAX)
    }
}

/// A game's setup as a request gives it: the seats (the game's default when absent) and
/// its options by name (`{"deck":"4d"}`; a value that is not a string is read as its JSON).
#[derive(Clone, Debug, Default)]
pub struct SetupFields {
    pub players: Option<Whole>,
    pub options: Map<String, Value>,
}

/// One placement of a Zhi Pai line: the card, and the trigram card it spent (none: it
/// linked without one).
#[derive(Clone, Debug, Deserialize)]
pub struct LinePlacement {
    pub card: Whole,
    #[serde(default)]
    pub trigram: Option<String>,
}

/// `new`: a table set up, not yet played.
#[derive(Clone, Debug, Deserialize)]
pub struct NewTable {
    pub game: String,
    pub players: Option<Whole>,
    #[serde(default)]
    pub options: Map<String, Value>,
    pub seed: Whole,
}

/// `replay`: the table a record sets up, after its first `upto` actions (all when absent).
#[derive(Clone, Debug, Deserialize)]
pub struct Replay {
    pub game: String,
    pub record: String,
    pub upto: Option<Whole>,
}

/// `state`: what `seat` (the seat to move when absent) sees, the actions offered, in words too.
#[derive(Clone, Debug, Deserialize)]
pub struct State {
    pub table: Whole,
    pub seat: Option<Whole>,
}

/// `act`: takes the legal action at `index`.
#[derive(Clone, Debug, Deserialize)]
pub struct Act {
    pub table: Whole,
    pub index: Whole,
}

/// `choose`: the index of the action `bot` takes, from `seed`.
#[derive(Clone, Debug, Deserialize)]
pub struct Choose {
    pub table: Whole,
    pub bot: String,
    pub seed: Whole,
}

/// `drop`: forgets a table.
#[derive(Clone, Debug, Deserialize)]
pub struct DropTable {
    pub table: Whole,
}

/// `check`: a record replayed against the rules.
#[derive(Clone, Debug, Deserialize)]
pub struct Check {
    pub game: String,
    pub record: String,
}

/// `simulate`: one simulated game, its record and who won.
#[derive(Clone, Debug, Deserialize)]
pub struct Simulate {
    pub game: String,
    pub players: Option<Whole>,
    #[serde(default)]
    pub options: Map<String, Value>,
    pub bots: Vec<String>,
    pub seed: Whole,
    pub index: Option<Whole>,
}

/// `zhipai-line`: a Zhi Pai line's ends and its trigram cards after each placement.
#[derive(Clone, Debug, Deserialize)]
pub struct ZhipaiLine {
    pub start: Whole,
    #[serde(default)]
    pub active: Vec<String>,
    pub placements: Vec<LinePlacement>,
}

/// `deal-turn`: a daily deal's Common Zone after some turns, and whether a pass is allowed.
#[derive(Clone, Debug, Deserialize)]
pub struct DealTurn {
    pub start: Whole,
    pub deal: Vec<i64>,
    pub turns: Vec<String>,
}

/// Every request, tagged by its `op` (`{"op":"act","table":0,"index":3}`): the tag picks
/// the variant, whose fields serde reads from the rest of the object.
#[derive(Clone, Debug)]
pub enum Request {
    /// `games`: each game's name, seats and options.
    Games,
    New(NewTable),
    Replay(Replay),
    State(State),
    Act(Act),
    Choose(Choose),
    Drop(DropTable),
    Check(Check),
    Simulate(Simulate),
    ZhipaiLine(ZhipaiLine),
    /// `zhipai-penalties`: the solo penalty table.
    ZhipaiPenalties,
    DealTurn(DealTurn),
}

impl Request {
    /// Every `op`, as a request names it.
    pub const OPS: [&'static str; 12] = [
        "games",
        "new",
        "replay",
        "state",
        "act",
        "choose",
        "drop",
        "check",
        "simulate",
        "zhipai-line",
        "zhipai-penalties",
        "deal-turn",
    ];

    /// The request a JSON text names, or why it names none: not JSON (`bad-request`), an
    /// `op` that is none of [`Request::OPS`] (`unknown-op`), a field missing or mistyped
    /// (`bad-request`, naming it).
    pub fn read(text: &str) -> Result<Request, Refused> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| Refused::new("bad-request", format!("the request is not JSON: {e}")))?;
        let op = value.get("op").and_then(Value::as_str).unwrap_or("").to_string();
        fn fields<T: serde::de::DeserializeOwned>(op: &str, value: Value) -> Result<T, Refused> {
            serde_json::from_value(value).map_err(|e| Refused::new("bad-request", format!("{op}: {e}")))
        }
        Ok(match op.as_str() {
            "games" => Request::Games,
            "new" => Request::New(fields(&op, value)?),
            "replay" => Request::Replay(fields(&op, value)?),
            "state" => Request::State(fields(&op, value)?),
            "act" => Request::Act(fields(&op, value)?),
            "choose" => Request::Choose(fields(&op, value)?),
            "drop" => Request::Drop(fields(&op, value)?),
            "check" => Request::Check(fields(&op, value)?),
            "simulate" => Request::Simulate(fields(&op, value)?),
            "zhipai-line" => Request::ZhipaiLine(fields(&op, value)?),
            "zhipai-penalties" => Request::ZhipaiPenalties,
            "deal-turn" => Request::DealTurn(fields(&op, value)?),
            _ => {
                return Err(Refused::new(
                    "unknown-op",
                    format!("unknown op {op:?}: the ops are {}", Request::OPS.join(", ")),
                ));
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_reads_by_its_op_and_a_seed_may_be_digits() {
        let Ok(Request::New(NewTable { game, players, options, seed })) = Request::read(
            r#"{"op":"new","game":"tao","players":3,"options":{"deck":"4d"},"seed":"18446744073709551615"}"#,
        ) else {
            panic!("a new table")
        };
        assert_eq!((game.as_str(), players, seed), ("tao", Some(Whole(3)), Whole(u64::MAX)));
        assert_eq!(options["deck"], "4d");
        assert!(matches!(Request::read(r#"{"op":"games"}"#), Ok(Request::Games)));
        assert!(matches!(
            Request::read(r#"{"op":"state","table":2}"#),
            Ok(Request::State(State { table: Whole(2), seat: None }))
        ));
    }

    #[test]
    fn every_op_listed_is_read() {
        // Each op of the list is a request (refused for its missing fields, never unknown).
        for op in Request::OPS {
            let read = Request::read(&format!("{{\"op\":{op:?}}}"));
            assert!(read.as_ref().err().is_none_or(|r| r.rule == "bad-request"), "{op}: {read:?}");
        }
    }

    #[test]
    fn a_bad_request_names_what_is_wrong() {
        assert_eq!(Request::read(r#"{"op":"fly"}"#).unwrap_err().rule, "unknown-op");
        assert_eq!(Request::read(r#"{"table":1}"#).unwrap_err().rule, "unknown-op");
        let missing = Request::read(r#"{"op":"act","table":0}"#).unwrap_err();
        assert_eq!(missing.rule, "bad-request");
        assert!(missing.message.contains("index"), "{}", missing.message);
        let mistyped = Request::read(r#"{"op":"act","table":0,"index":"three"}"#).unwrap_err();
        assert!(mistyped.message.contains("\"three\" is not a whole number"), "{}", mistyped.message);
        assert_eq!(Request::read("{").unwrap_err().rule, "bad-request");
    }
}
