//! Tao through the real binary: `tao legal`, `simulate tao` and `check tao --record`, their
//! JSON shapes and exit codes.

use crate::binary::{hexforge, json};

use crate::book_row;
use crate::temp_dir;
use temp_dir::TempDir;

#[test]
fn legal_lists_the_plays_on_a_card_with_their_kinds_and_effects() {
    let out = hexforge(&["tao", "legal", "--on", "12:dark", "--card", "11", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["on"], serde_json::json!({"card": 12, "orientation": "dark", "shows": 12}));
    assert_eq!(
        v["plays"][0],
        serde_json::json!({"card": 11, "orientation": "dark", "shows": 11, "kinds": ["cancel", "invert"],
            "reverses": false, "skips_next": true, "next_draws": 2, "extra_play": false})
    );
    assert_eq!(v["plays"][1]["kinds"], serde_json::json!(["match"]));
    // Every card: the Double Mirrors are legal on anything, both ways.
    let all = json(&hexforge(&["tao", "legal", "--on", "12:dark", "--json"]));
    let ones: Vec<_> = all["plays"].as_array().unwrap().iter().filter(|p| p["card"] == 1).collect();
    assert_eq!(ones.len(), 2);
}

#[test]
fn legal_refuses_a_card_without_its_orientation() {
    for bad in ["12", "65:dark", "12:sideways"] {
        let out = hexforge(&["tao", "legal", "--on", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn simulate_is_the_same_for_the_same_seed_and_its_records_check_as_valid() {
    let dir = TempDir::new("tao-sim");
    let records = dir.0.join("games.jsonl");
    let records = records.to_str().unwrap();
    let args =
        ["simulate", "tao", "--players", "3", "--games", "40", "--seed", "9", "--bots", "greedy,random", "--json"];
    let first = hexforge(&[&args[..], &["--record", records]].concat());
    assert_eq!(first.status.code(), Some(0), "{}", String::from_utf8_lossy(&first.stderr));
    let summary = json(&first);
    assert_eq!(json(&hexforge(&args)), summary, "same seed, same bots: same summary");
    assert_eq!(summary["games"], 40);
    assert_eq!(summary["finished"].as_u64().unwrap() + summary["stalled"].as_u64().unwrap(), 40);
    let wins: u64 = summary["wins_by_seat"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
    assert_eq!(wins, summary["finished"].as_u64().unwrap());
    assert!(summary["plays_by_kind"]["change-trigram"].as_u64().unwrap() > 0);
    assert_ne!(
        json(&hexforge(&["simulate", "tao", "--players", "3", "--games", "40", "--seed", "10", "--json"])),
        summary
    );

    let check = hexforge(&["check", "tao", "--record", records, "--json"]);
    assert_eq!(check.status.code(), Some(0), "{}", String::from_utf8_lossy(&check.stdout));
    let verdicts = json(&check);
    assert_eq!(verdicts.as_array().unwrap().len(), 40);
    assert!(verdicts.as_array().unwrap().iter().all(|v| v["valid"] == true && v["failed_move"].is_null()));

    // The same games with one move broken: the checker names the game, the move and the rule.
    let text = std::fs::read_to_string(records).unwrap();
    let mut lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let seat = lines[1]["actions"][2]["seat"].as_u64().unwrap();
    lines[1]["actions"][2]["seat"] = (seat + 1).into();
    let broken = dir.0.join("broken.jsonl");
    let broken_text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&broken, broken_text).unwrap();
    let check = hexforge(&["check", "tao", "--record", broken.to_str().unwrap(), "--json"]);
    assert_eq!(check.status.code(), Some(1));
    let second = &json(&check)[1];
    assert_eq!((second["game"].clone(), second["valid"].clone()), (2.into(), false.into()));
    assert_eq!((second["failed_move"].clone(), second["rule"].clone()), (3.into(), "not-your-turn".into()));
}

#[test]
fn check_refuses_a_file_that_holds_no_records_naming_the_line() {
    let dir = TempDir::new("tao-bad");
    let file = dir.0.join("bad.jsonl");
    std::fs::write(&file, "\n{\"game\":\"tao\"}\n").unwrap();
    let out = hexforge(&["check", "tao", "--record", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"), "{}", String::from_utf8_lossy(&out.stderr));
    let out = hexforge(&["simulate", "tao", "--players", "9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2..=8"));
}

/// The rulebook's table of Tao's lengths names, under each row, the command that plays
/// its games again: run two of them and compare with what the book prints.
#[test]
fn the_rulebooks_simulate_commands_give_its_figures() {
    let data = hexforge::games::changing_lines::rulebook::data();
    let rows = data["tao"]["measured"]["rows"].as_array().expect("the measured rows").clone();
    assert_eq!(rows.len(), 6);
    for row in [&rows[0], &rows[5]] {
        book_row::check_row(row, "stalled");
    }
}

/// Eight players are dealt seven cards each unless `--hand 8` asks for the source's deal:
/// the command line takes the rules' one default.
#[test]
fn simulate_deals_eight_players_seven_cards_unless_asked_for_eight() {
    let dir = TempDir::new("tao-eight");
    for (hand, expected) in [(None, 7), (Some("8"), 8)] {
        let records = dir.0.join("eight.jsonl");
        let records = records.to_str().unwrap();
        let mut args = vec!["simulate", "tao", "--players", "8", "--games", "2", "--seed", "3", "--record", records];
        args.extend(hand.map(|h| ["--hand", h]).iter().flatten());
        let out = hexforge(&args);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        for line in std::fs::read_to_string(records).unwrap().lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let sizes: Vec<usize> =
                record["hands"].as_array().unwrap().iter().map(|h| h.as_array().unwrap().len()).collect();
            assert_eq!(sizes, [expected; 8], "{hand:?}");
            assert_eq!(record["first"].is_object(), expected == 7, "a first card turned up only when a pile remains");
        }
    }
}
