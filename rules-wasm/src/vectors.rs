//! The test vectors: requests covering every game of the registry (two simulated games
//! each, bots and shuffles included; a table played a few actions by the search and greedy
//! bots, read from two seats) and the fixed requests of `tests/requests.jsonl` (refusals,
//! the checkers' questions). Native answers are written by `examples/vectors.rs`; the
//! module must give the same bytes under Node (`scripts/wasm-vectors.mjs`).

use crate::{Sessions, answer};
use serde_json::{Value, json};

/// Each request (as sent) and the native answer, in order; sessions carry over.
pub fn vectors(fixed: &str) -> Vec<(String, String)> {
    let mut sessions = Sessions::default();
    let mut out = Vec::new();
    let mut ask = |request: Value| -> Value {
        let text = request.to_string();
        let got = answer(&mut sessions, &text);
        let value = serde_json::from_str(&got).unwrap_or(Value::Null);
        out.push((text, got));
        value
    };
    let games = ask(json!({"op": "games"}));
    let names: Vec<String> = games["ok"]
        .as_array()
        .map(|games| games.iter().filter_map(|g| g["name"].as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let players: Vec<u64> = games["ok"]
        .as_array()
        .map(|g| g.iter().map(|g| g["default_players"].as_u64().unwrap_or(2)).collect())
        .unwrap_or_default();
    for (game, &n) in names.iter().zip(&players) {
        let bots: Vec<&str> = ["greedy", "random", "search", "greedy"].into_iter().cycle().take(n as usize).collect();
        let reversed: Vec<&str> = bots.iter().rev().copied().collect();
        ask(json!({"op": "simulate", "game": game, "bots": bots, "seed": 1}));
        ask(json!({"op": "simulate", "game": game, "bots": reversed, "seed": "18446744073709551615", "index": 3}));
        let table = ask(json!({"op": "new", "game": game, "seed": 42}))["ok"]["table"].clone();
        for k in 0..3 {
            ask(json!({"op": "choose", "table": table, "bot": "search", "seed": k}));
            ask(json!({"op": "choose", "table": table, "bot": "greedy", "seed": k}));
            ask(json!({"op": "act", "table": table, "index": 0}));
            ask(json!({"op": "state", "table": table}));
        }
        // The last seat's view (seat 1 of most games; the only seat of a game for one).
        ask(json!({"op": "state", "table": table, "seat": n - 1}));
    }
    for line in fixed.lines().filter(|l| !l.trim().is_empty()) {
        let got = answer(&mut sessions, line);
        out.push((line.to_string(), got));
    }
    out
}
