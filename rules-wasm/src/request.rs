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

/// Every request, by its `op`.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum Request {
    /// Each game's name, seats and options.
    Games,
    /// A table set up, not yet played.
    New {
        game: String,
        players: Option<Whole>,
        #[serde(default)]
        options: Map<String, Value>,
        seed: Whole,
    },
    /// The table a record sets up, after its first `upto` actions (all when absent).
    Replay { game: String, record: String, upto: Option<Whole> },
    /// What `seat` (the seat to move when absent) sees, the actions offered, in words too.
    State { table: Whole, seat: Option<Whole> },
    /// Takes the legal action at `index`.
    Act { table: Whole, index: Whole },
    /// The index of the action `bot` takes, from `seed`.
    Choose { table: Whole, bot: String, seed: Whole },
    /// Forgets a table.
    Drop { table: Whole },
    /// A record replayed against the rules.
    Check { game: String, record: String },
    /// One simulated game, its record and who won.
    Simulate {
        game: String,
        players: Option<Whole>,
        #[serde(default)]
        options: Map<String, Value>,
        bots: Vec<String>,
        seed: Whole,
        index: Option<Whole>,
    },
    /// A Zhi Pai line's ends and its trigram cards after each placement.
    ZhipaiLine {
        start: Whole,
        #[serde(default)]
        active: Vec<String>,
        placements: Vec<LinePlacement>,
    },
    /// The solo penalty table.
    ZhipaiPenalties,
    /// A daily deal's Common Zone after some turns, and whether a pass is allowed.
    DealTurn { start: Whole, deal: Vec<i64>, turns: Vec<String> },
}

impl Request {
    /// The request a JSON text names, or why it names none: not JSON (`bad-request`), an
    /// `op` that is none of [`Request`]'s (`unknown-op`), a field missing or mistyped
    /// (`bad-request`, naming it).
    pub fn read(text: &str) -> Result<Request, Refused> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| Refused::new("bad-request", format!("the request is not JSON: {e}")))?;
        let op = value.get("op").and_then(Value::as_str).unwrap_or("").to_string();
        serde_json::from_value(value).map_err(|e| {
            let message = e.to_string();
            if message.starts_with("unknown variant") || message.starts_with("missing field `op`") {
                Refused::new("unknown-op", format!("unknown op {op:?}"))
            } else {
                Refused::new("bad-request", format!("{op}: {message}"))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_reads_by_its_op_and_a_seed_may_be_digits() {
        let Ok(Request::New { game, players, options, seed }) = Request::read(
            r#"{"op":"new","game":"tao","players":3,"options":{"deck":"4d"},"seed":"18446744073709551615"}"#,
        ) else {
            panic!("a new table")
        };
        assert_eq!((game.as_str(), players, seed), ("tao", Some(Whole(3)), Whole(u64::MAX)));
        assert_eq!(options["deck"], "4d");
        assert!(matches!(Request::read(r#"{"op":"games"}"#), Ok(Request::Games)));
        assert!(matches!(
            Request::read(r#"{"op":"state","table":2}"#),
            Ok(Request::State { table: Whole(2), seat: None })
        ));
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
