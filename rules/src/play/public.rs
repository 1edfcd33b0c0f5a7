//! What every seat of a table sees alike: the public view a referee shows spectators, and
//! the part of a seat's message a table decides ([`seat_part`]), built here, once, for the
//! server and for the checks that nothing hidden reaches a seat.
//!
//! A game's private fields are found by playing it, not declared: every field of the view,
//! by its path through the view's objects (`hand`, `me.tiles`), whose value differed between
//! two seats' views at some position of seeded games of every table size played by random
//! bots ([`private_fields`]). A property of the game, never of the table at hand: a field
//! that only happens to be equal for every seat now (two hands alike) stays private.

use super::Seat;
use super::bots::Bot;
use super::registry::{Session, Setup};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{LazyLock, Mutex};

/// Seeded games played, per number of seats, to find a game's private fields.
const SURVEY_GAMES: u64 = 12;

/// What spectators see: seat 0's view without its private fields ([`private_fields`]).
pub fn public_view(table: &dyn Session) -> Value {
    let private = private_fields(table.game());
    let mut view = table.view(0);
    strip(&mut view, "", private);
    view
}

/// The part of what a table shows `seat` (a spectator when `None`) that the table decides:
/// its view (the spectators' [`public_view`]), and, for the seat to move, its legal actions
/// and the same actions in words (what the play page's buttons say).
pub fn seat_part(table: &dyn Session, seat: Option<Seat>) -> (Value, Vec<Value>, Vec<String>) {
    match seat {
        Some(seat) if table.to_move() == Some(seat) => (table.view(seat), table.actions(), table.action_words()),
        Some(seat) => (table.view(seat), Vec::new(), Vec::new()),
        None => (public_view(table), Vec::new(), Vec::new()),
    }
}

/// The bytes a server sends for `message`: serde_json's compact form (as `axum::Json`
/// writes it). Serialised, and dropped, here in the rules crate, which the workspace builds
/// optimised even for tests, so that checks comparing millions of messages stay quick.
pub fn bytes(message: Value) -> Vec<u8> {
    serde_json::to_vec(&message).unwrap_or_default()
}

/// Removes from `value` the fields whose paths (under `at`) are in `private`.
pub fn strip(value: &mut Value, at: &str, private: &[String]) {
    let Value::Object(fields) = value else { return };
    strip_fields(fields, &mut at.to_string(), private);
}

fn strip_fields(fields: &mut Map<String, Value>, path: &mut String, private: &[String]) {
    let base = path.len();
    fields.retain(|key, _| {
        path.truncate(base);
        path.push_str(key);
        !private.iter().any(|p| p == path)
    });
    for (key, inner) in fields.iter_mut() {
        if let Value::Object(inner) = inner {
            path.truncate(base);
            path.push_str(key);
            path.push('.');
            strip_fields(inner, path, private);
        }
    }
    path.truncate(base);
}

/// The fields of `game`'s view that are a seat's own (`seat`, `hand`…), found once a
/// process by playing it (the module's notes); none for a game not served.
pub fn private_fields(game: &str) -> &'static [String] {
    static FOUND: LazyLock<Mutex<BTreeMap<String, &'static [String]>>> = LazyLock::new(Mutex::default);
    if let Some(found) = FOUND.lock().unwrap_or_else(|e| e.into_inner()).get(game) {
        return found;
    }
    let Some(rules) = crate::game(game) else { return &[] };
    let mut private = BTreeSet::new();
    for players in rules.players().filter(|&n| n <= 8) {
        let setup = Setup { players: Some(players), options: Vec::new() };
        for seed in 0..SURVEY_GAMES {
            let Ok(mut table) = rules.table(&setup, seed) else { continue };
            for step in 0..5000 {
                let views: Vec<Value> = (0..players).map(|s| table.view(s)).collect();
                differing(&views, "", &mut private);
                let Some(action) = table.choose(Bot::Random, seed * 7919 + step) else { break };
                if table.act(action).is_err() {
                    break;
                }
            }
        }
    }
    let mut found = FOUND.lock().unwrap_or_else(|e| e.into_inner());
    found.entry(game.to_string()).or_insert_with(|| Vec::leak(private.into_iter().collect()))
}

/// Adds to `private` the paths of the fields that differ between `views`.
pub fn differing(views: &[Value], at: &str, private: &mut BTreeSet<String>) {
    let Some(Value::Object(first)) = views.first() else { return };
    for key in first.keys() {
        let path = format!("{at}{key}");
        let fields: Vec<Value> = views.iter().map(|v| v.get(key).cloned().unwrap_or(Value::Null)).collect();
        if fields.iter().all(|f| *f == fields[0]) {
            continue;
        }
        if fields.iter().all(Value::is_object) {
            differing(&fields, &format!("{path}."), private);
        } else {
            private.insert(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_seats_own_fields_are_found_by_path_and_stripped() {
        let views = [
            json!({"seat": 0, "hand": [1, 2], "sizes": [2, 3], "top": {"card": 4, "mine": true}}),
            json!({"seat": 1, "hand": [5, 6, 7], "sizes": [2, 3], "top": {"card": 4, "mine": false}}),
        ];
        let mut private = BTreeSet::new();
        differing(&views, "", &mut private);
        let private: Vec<String> = private.into_iter().collect();
        assert_eq!(private, ["hand", "seat", "top.mine"]);
        let mut view = views[0].clone();
        strip(&mut view, "", &private);
        assert_eq!(view, json!({"sizes": [2, 3], "top": {"card": 4}}));
    }

    #[test]
    fn tao_keeps_hands_and_the_seat_private() {
        assert_eq!(private_fields("tao"), ["hand", "seat"]);
    }
}
