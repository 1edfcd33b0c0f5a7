//! The JSON functions, natively: each request shape, the refusals, and a whole game of
//! every registered game played through them as the page plays it.

use super::*;

fn ask(sessions: &mut Sessions, request: Value) -> Result<Value, Value> {
    let answer: Value = serde_json::from_str(&answer(sessions, &request.to_string())).expect("JSON out");
    match answer.get("ok") {
        Some(ok) => Ok(ok.clone()),
        None => Err(answer["error"].clone()),
    }
}

#[test]
fn a_bad_request_is_refused_with_a_rule_never_a_panic() {
    let mut sessions = Sessions::default();
    assert!(answer(&mut sessions, "{").contains("bad-request"));
    assert_eq!(ask(&mut sessions, json!({"op": "fly"})).unwrap_err()["rule"], "unknown-op");
    assert_eq!(
        ask(&mut sessions, json!({"op": "new", "game": "chess", "seed": 1})).unwrap_err()["rule"],
        "unknown-game"
    );
    assert_eq!(ask(&mut sessions, json!({"op": "state", "table": 9})).unwrap_err()["rule"], "no-such-table");
    let tao = ask(&mut sessions, json!({"op": "new", "game": "tao", "seed": 1, "options": {"colour": "red"}}));
    assert_eq!(tao.unwrap_err()["rule"], "unknown-option");
}

#[test]
fn every_game_plays_to_its_end_through_the_json_and_its_record_checks() {
    let mut sessions = Sessions::default();
    let games = ask(&mut sessions, json!({"op": "games"})).unwrap();
    let names: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    for name in ["tao", "pathways", "zhi-pai"] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    for game in games.as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let id = ask(&mut sessions, json!({"op": "new", "game": name, "seed": "7"})).unwrap()["table"].clone();
        let mut moves = 0u64;
        let state = loop {
            let state = ask(&mut sessions, json!({"op": "state", "table": id})).unwrap();
            if state["to_move"].is_null() || moves > 3000 {
                break state;
            }
            // The actions in words, one for each, and every action taken said in the log.
            assert_eq!(state["words"].as_array().unwrap().len(), state["actions"].as_array().unwrap().len(), "{name}");
            assert_eq!(state["log"].as_array().unwrap().len() as u64, moves, "{name}");
            let index =
                ask(&mut sessions, json!({"op": "choose", "table": id, "bot": "greedy", "seed": moves})).unwrap();
            assert!(index.as_u64().unwrap() < state["actions"].as_array().unwrap().len() as u64, "{name}");
            let done = ask(&mut sessions, json!({"op": "act", "table": id, "index": index})).unwrap();
            assert!(!done["said"].as_str().unwrap().is_empty(), "{name}: {done}");
            moves += 1;
        };
        assert!(!state["outcome"].is_null(), "{name} ended: {state}");
        let record = state["record"].as_str().unwrap();
        let verdict = ask(&mut sessions, json!({"op": "check", "game": name, "record": record})).unwrap();
        assert_eq!(verdict["valid"], true, "{name}: {verdict}");
        let half =
            ask(&mut sessions, json!({"op": "replay", "game": name, "record": record, "upto": moves / 2})).unwrap();
        let replayed = ask(&mut sessions, json!({"op": "state", "table": half["table"]})).unwrap();
        assert_eq!(replayed["taken"], moves / 2, "{name}");
        ask(&mut sessions, json!({"op": "drop", "table": id})).unwrap();
        assert!(ask(&mut sessions, json!({"op": "state", "table": id})).is_err());
    }
}

#[test]
fn an_action_out_of_range_is_refused() {
    let mut sessions = Sessions::default();
    let id = ask(&mut sessions, json!({"op": "new", "game": "tao", "seed": 3})).unwrap()["table"].clone();
    let refused = ask(&mut sessions, json!({"op": "act", "table": id, "index": 100000})).unwrap_err();
    assert_eq!(refused["rule"], "no-such-action");
}

#[test]
fn zhi_pai_trigram_cards_follow_the_rules_crate() {
    let mut sessions = Sessions::default();
    // 12 (earth over heaven) laid spending nothing: both its trigrams turn active.
    let line = ask(
        &mut sessions,
        json!({"op": "zhipai-line", "start": 11, "active": ["water"], "placements": [{"card": 12, "trigram": null}]}),
    )
    .unwrap();
    assert_eq!(line["left"], 11);
    assert_eq!(line["right"], 12, "the target is the start's complement");
    assert_eq!(line["steps"][0]["active"], json!(["water"]));
    let after: Vec<&str> = line["steps"][1]["active"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert_eq!(after.len(), 3, "{after:?}");
    // Spending water, then laying a card without water: water stays spent.
    let spent = ask(
        &mut sessions,
        json!({"op": "zhipai-line", "start": 11, "active": ["water"], "placements": [{"card": 2, "trigram": "water"}]}),
    )
    .unwrap();
    assert_eq!(spent["steps"][1]["spent"], json!(["water"]));
    let penalties = ask(&mut sessions, json!({"op": "zhipai-penalties"})).unwrap();
    assert_eq!(penalties.as_array().unwrap().len(), 6);
}

#[test]
fn a_deal_shows_six_cards_then_one_more_a_turn_and_no_pass_once_all_are_shown() {
    use hexforge_rules::puzzles::deal::OPENING_ZONE;
    let mut sessions = Sessions::default();
    let deal: Vec<u8> = (3..=12).collect();
    let ask_turn = |sessions: &mut Sessions, turns: Value| {
        ask(sessions, json!({"op": "deal-turn", "start": 1, "deal": deal, "turns": turns})).unwrap()
    };
    let opening = ask_turn(&mut sessions, json!([]));
    assert_eq!(opening["zone"].as_array().unwrap().len(), OPENING_ZONE);
    assert_eq!(opening["can_pass"], true);
    let passes: Vec<&str> = vec!["pass"; deal.len() - OPENING_ZONE];
    let all = ask_turn(&mut sessions, json!(passes));
    assert_eq!(all["zone"].as_array().unwrap().len(), deal.len());
    assert_eq!(all["can_pass"], false, "every card is shown: no pass");
    let refused = ask(&mut sessions, json!({"op": "deal-turn", "start": 1, "deal": deal, "turns": ["60:left"]}));
    assert_eq!(refused.unwrap_err()["rule"], "not-in-zone");
}
