//! The rules crate's face to the browser: one function, [`call`], that takes a request as
//! JSON and answers in JSON, so that the page plays every game of the registry
//! (`hexforge_rules::games()`) and its checkers ask the rules instead of copying them.
//!
//! The WebAssembly module exports it through a small C shim ([`ffi`]); natively it is a
//! plain function, unit-tested here and run on the test vectors (`tests/vectors.rs`) whose
//! answers the module must give too under Node (`scripts/wasm-vectors.mjs`).
//!
//! Requests are `{"op": …, …}`; answers `{"ok": …}` or `{"error": {"rule", "message"}}`.
//! Tables (games in progress) live in the module between calls, each named by a number.

pub mod ffi;
mod ops;
mod puzzle;
pub mod vectors;

use serde_json::{Value, json};
use std::cell::RefCell;

pub use ops::Tables;

thread_local! {
    /// The tables of this instance (the module runs on one thread).
    static TABLES: RefCell<Tables> = RefCell::new(Tables::default());
}

/// A request's refusal: a rule's name (or a request fault's) and a sentence.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused {
    pub rule: String,
    pub message: String,
}

impl Refused {
    pub fn new(rule: &str, message: impl Into<String>) -> Refused {
        Refused { rule: rule.to_string(), message: message.into() }
    }
}

impl From<hexforge_rules::play::Illegal> for Refused {
    fn from(illegal: hexforge_rules::play::Illegal) -> Refused {
        Refused::new(illegal.rule, illegal.message)
    }
}

/// Answers one JSON request (see the module's doc); never panics on bad input.
pub fn call(request: &str) -> String {
    TABLES.with(|tables| answer(&mut tables.borrow_mut(), request))
}

/// [`call`] against the given tables (tests keep theirs apart).
pub fn answer(tables: &mut Tables, request: &str) -> String {
    let result = serde_json::from_str::<Value>(request)
        .map_err(|e| Refused::new("bad-request", format!("the request is not JSON: {e}")))
        .and_then(|request| dispatch(tables, &request));
    let value = match result {
        Ok(ok) => json!({ "ok": ok }),
        Err(refused) => json!({ "error": { "rule": refused.rule, "message": refused.message } }),
    };
    value.to_string()
}

fn dispatch(tables: &mut Tables, request: &Value) -> Result<Value, Refused> {
    let op = request.get("op").and_then(Value::as_str).unwrap_or("");
    match op {
        "games" => Ok(ops::games()),
        "new" => tables.new_table(request),
        "replay" => tables.replay(request),
        "state" => tables.state(request),
        "act" => tables.act(request),
        "choose" => tables.choose(request),
        "drop" => tables.drop_table(request),
        "check" => ops::check(request),
        "simulate" => ops::simulate(request),
        "zhipai-line" => puzzle::zhipai_line(request),
        "zhipai-penalties" => Ok(puzzle::zhipai_penalties()),
        "deal-turn" => puzzle::deal_turn(request),
        _ => Err(Refused::new("unknown-op", format!("unknown op {op:?}"))),
    }
}

/// A field of a request, or a refusal naming it.
pub(crate) fn field<'a>(request: &'a Value, name: &str) -> Result<&'a Value, Refused> {
    request.get(name).ok_or_else(|| Refused::new("bad-request", format!("the request has no {name:?}")))
}

/// A string field.
pub(crate) fn text<'a>(request: &'a Value, name: &str) -> Result<&'a str, Refused> {
    field(request, name)?.as_str().ok_or_else(|| Refused::new("bad-request", format!("{name:?} must be a string")))
}

/// A whole number field; a string of digits is read too (JavaScript numbers lose seeds
/// above 2^53).
pub(crate) fn number(request: &Value, name: &str) -> Result<u64, Refused> {
    let value = field(request, name)?;
    value
        .as_u64()
        .or_else(|| value.as_str().and_then(|s| s.parse().ok()))
        .ok_or_else(|| Refused::new("bad-request", format!("{name:?} must be a whole number")))
}

#[cfg(test)]
mod tests;
