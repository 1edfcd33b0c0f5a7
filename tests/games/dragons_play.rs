//! Dragons of the Ba-Gua through the real binary: `simulate dragons` with its scenarios,
//! modes and variant, `check dragons --record`, and the rulebook's measured figures against
//! the commands its footnotes name.

use crate::binary::{hexforge, json};

use crate::book_row;
use crate::temp_dir;
use temp_dir::TempDir;

fn measured() -> serde_json::Value {
    hexforge::games::dragons::rulebook::rulebook_data()["measured"].clone()
}

#[test]
fn simulated_games_are_recorded_and_check_as_valid_and_a_broken_move_is_named() {
    let dir = TempDir::new("dragons-sim");
    let records = dir.0.join("games.jsonl");
    let records = records.to_str().unwrap();
    let args = [
        "simulate",
        "dragons",
        "--scenario",
        "valley",
        "--mode",
        "master",
        "--games",
        "20",
        "--seed",
        "9",
        "--bots",
        "greedy,random",
        "--json",
    ];
    let first = hexforge(&[&args[..], &["--record", records]].concat());
    assert_eq!(first.status.code(), Some(0), "{}", String::from_utf8_lossy(&first.stderr));
    let summary = json(&first);
    assert_eq!(json(&hexforge(&args)), summary, "same seed, same bots: same summary");
    assert_eq!(summary["finished"], 20);
    let text = std::fs::read_to_string(records).unwrap();
    assert!(text.lines().all(|l| l.contains(r#""scenario":"valley","mode":"master""#)));

    let check = hexforge(&["check", "dragons", "--record", records, "--json"]);
    assert_eq!(check.status.code(), Some(0), "{}", String::from_utf8_lossy(&check.stdout));
    let verdicts = json(&check);
    assert_eq!(verdicts.as_array().unwrap().len(), 20);
    assert!(verdicts.as_array().unwrap().iter().all(|v| v["valid"] == true));

    // Without their seeds the games replay the same (nothing is left to chance); with a
    // move changed, the checker names the game, the move and the rule.
    let mut lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for line in &mut lines {
        line.as_object_mut().unwrap().remove("seed");
    }
    lines[1]["actions"][1]["move"] = serde_json::json!(["a1"]);
    let broken = dir.0.join("broken.jsonl");
    std::fs::write(&broken, lines.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let check = hexforge(&["check", "dragons", "--record", broken.to_str().unwrap(), "--json"]);
    assert_eq!(check.status.code(), Some(1));
    let verdicts = json(&check);
    assert_eq!(verdicts[0]["valid"], true);
    assert_eq!((verdicts[1]["failed_move"].clone(), verdicts[1]["rule"].clone()), (2.into(), "illegal-move".into()));
}

#[test]
fn the_options_are_listed_and_a_wrong_one_is_refused() {
    let out = hexforge(&["simulate", "dragons", "--list-options"]);
    let text = String::from_utf8_lossy(&out.stdout);
    for word in ["scenario", "introductory", "valley", "mode", "chosen-one", "focus-by-sower"] {
        assert!(text.contains(word), "{word}: {text}");
    }
    for wrong in
        [&["--scenario", "mountains"][..], &["--mode", "sage"], &["--variant", "no-bites"], &["--players", "3"]]
    {
        let out = hexforge(&[&["simulate", "dragons", "--games", "2"][..], wrong].concat());
        assert_ne!(out.status.code(), Some(0), "{wrong:?}");
    }
}

/// Two of the rulebook's rows (20,000 games each) are what their commands give; the
/// first row is replayed in full by the rules crate's own test, and every row by the
/// ignored test below.
#[test]
fn the_rulebooks_simulate_commands_give_its_figures() {
    let m = measured();
    let rows = m["rows"].as_array().expect("the measured rows");
    assert_eq!(rows.len(), 10, "two scenarios, four modes, the monk's variant in each");
    for row in rows.iter().filter(|r| {
        r["mode"] == "master" && r["scenario"] == "valley"
            || r["variant"] != serde_json::Value::Null && r["scenario"] == "introductory"
    }) {
        book_row::check_row(row, "stalled");
    }
}

/// Every row of the rulebook's table (about three minutes on two cores).
#[test]
#[ignore]
fn every_rulebook_row_is_what_its_command_gives() {
    for row in measured()["rows"].as_array().unwrap() {
        book_row::check_row(row, "stalled");
    }
}
