//! The rules crate's face to the browser: one function, [`call`], that takes a request as
//! JSON and answers in JSON, so that the page plays every game of the registry
//! (`hexforge_rules::games()`) and its checkers ask the rules instead of copying them.
//!
//! The WebAssembly module exports it through a small C shim ([`ffi`]); natively it is a
//! plain function, unit-tested here and run on the test vectors (`tests/vectors.rs`) whose
//! answers the module must give too under Node (`scripts/wasm-vectors.mjs`).
//!
//! Requests are `{"op": …, …}`, typed once ([`request::Request`]); answers `{"ok": …}` or `{"error": {"rule", "message"}}`.
//! Sessions (games in progress) live in the module between calls, each named by a number.

pub mod ffi;
mod ops;
mod puzzle;
pub mod request;
pub mod vectors;

use serde_json::{Value, json};
use std::cell::RefCell;

pub use ops::Sessions;
use request::{Request, SetupFields, Whole};

thread_local! {
    /// The sessions of this instance (the module runs on one thread).
    static SESSIONS: RefCell<Sessions> = RefCell::new(Sessions::default());
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
    SESSIONS.with(|sessions| answer(&mut sessions.borrow_mut(), request))
}

/// [`call`] against the given sessions (tests keep theirs apart).
pub fn answer(sessions: &mut Sessions, request: &str) -> String {
    let result = Request::read(request).and_then(|request| dispatch(sessions, request));
    let value = match result {
        Ok(ok) => json!({ "ok": ok }),
        Err(refused) => json!({ "error": { "rule": refused.rule, "message": refused.message } }),
    };
    value.to_string()
}

fn dispatch(sessions: &mut Sessions, request: Request) -> Result<Value, Refused> {
    match request {
        Request::Games => Ok(ops::games()),
        Request::New(r) => {
            sessions.new_table(&r.game, &SetupFields { players: r.players, options: r.options }, r.seed.0)
        }
        Request::Replay(r) => sessions.replay(&r.game, &r.record, r.upto.map_or(usize::MAX, Whole::index)),
        Request::State(r) => sessions.state(r.table.index(), r.seat.map(Whole::index)),
        Request::Act(r) => sessions.act(r.table.index(), r.index.index()),
        Request::Choose(r) => sessions.choose(r.table.index(), &r.bot, r.seed.0),
        Request::Drop(r) => sessions.drop_table(r.table.index()),
        Request::Check(r) => ops::check(&r.game, &r.record),
        Request::Simulate(r) => {
            let setup = SetupFields { players: r.players, options: r.options };
            ops::simulate(&r.game, &setup, &r.bots, r.seed.0, r.index.map_or(0, |i| i.0))
        }
        Request::ZhipaiLine(r) => puzzle::zhipai_line(r.start.0, &r.active, &r.placements),
        Request::ZhipaiPenalties => Ok(puzzle::zhipai_penalties()),
        Request::DealTurn(r) => puzzle::deal_turn(r.start.0, &r.deal, &r.turns),
    }
}

#[cfg(test)]
mod tests;
