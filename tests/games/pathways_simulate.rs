//! `simulate pathways` through the real binary: the summary's shape, determinism by seed,
//! the records it writes, and bad input refused with exit code 2.

use std::process::Output;

use crate::binary::hexforge;

use crate::book_row;
use crate::temp_dir;
use temp_dir::TempDir;

fn json(out: &Output) -> serde_json::Value {
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn simulate_pathways_is_the_same_for_the_same_seed_on_every_deck_and_mode() {
    for (deck, mode) in [("3d", "dark"), ("4d", "free"), ("5d", "light"), ("6d", "dark")] {
        let args = [
            "simulate",
            "pathways",
            "--players",
            "3",
            "--deck",
            deck,
            "--mode",
            mode,
            "--games",
            "60",
            "--seed",
            "4",
            "--bots",
            "greedy,random",
            "--json",
        ];
        let summary = json(&hexforge(&args));
        assert_eq!(json(&hexforge(&args)), summary, "{deck} {mode}: same seed, same summary");
        assert_eq!(summary["game"], "pathways");
        assert_eq!(summary["unfinished"], 0, "{deck} {mode}: every game ends");
        assert_eq!(summary["finished"].as_u64().unwrap() + summary["stalled"].as_u64().unwrap(), 60);
        let wins: u64 = summary["wins_by_seat"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
        assert_eq!(wins, summary["finished"].as_u64().unwrap());
        assert!(summary["plays_by_kind"]["lay"].as_u64().unwrap() > 0);
        // Every game ends with all but one player crashed, and more with shared first place.
        let crashes = summary["events"]["crash"].as_u64().unwrap();
        assert_eq!(crashes, 2 * 60 + summary["events"]["shared-first"].as_u64().unwrap());
        let other = hexforge(&[&args[..10], &["--seed", "5", "--bots", "greedy,random", "--json"]].concat());
        assert_ne!(json(&other), summary, "{deck} {mode}: another seed, other games");
    }
}

#[test]
fn simulate_pathways_refuses_bad_decks_modes_and_tables() {
    for bad in [
        &["--deck", "7d"][..],
        &["--mode", "sideways"],
        &["--players", "9"],
        &["--players", "1"],
        &["--deck", "1,2,3", "--players", "4"],
    ] {
        let out = hexforge(&[&["simulate", "pathways", "--games", "1"][..], bad].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(bad.iter().any(|v| err.contains(v)), "{bad:?}: the error names the value: {err}");
    }
    let out = hexforge(&["simulate", "tao", "--deck", "4d", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn simulate_pathways_writes_one_record_a_game_holding_the_start_and_every_action() {
    let dir = TempDir::new("pathways-sim");
    let path = dir.0.join("games.jsonl");
    let args = ["simulate", "pathways", "--players", "4", "--deck", "5d", "--games", "12", "--seed", "2", "--json"];
    let summary = json(&hexforge(&[&args[..], &["--record", path.to_str().unwrap()]].concat()));
    let text = std::fs::read_to_string(&path).unwrap();
    let records: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 12);
    let mut actions = 0;
    for r in &records {
        assert_eq!(
            (r["game"].as_str(), r["deck"].as_str(), r["mode"].as_str()),
            (Some("pathways"), Some("5d"), Some("dark"))
        );
        assert_eq!(r["starts"].as_array().unwrap().len(), 4);
        assert!(r["result"]["winner"].is_u64() || r["result"]["shared_first"] == true);
        actions += r["actions"].as_array().unwrap().len() as u64;
    }
    let lays = summary["plays_by_kind"]["lay"].as_u64().unwrap();
    assert_eq!(actions, lays + summary["events"]["crash"].as_u64().unwrap(), "every lay and crash is recorded");
}

#[test]
fn the_last_standing_variant_always_has_a_winner_and_is_only_for_pathways() {
    let args = ["simulate", "pathways", "--players", "3", "--deck", "5d", "--games", "200", "--seed", "3", "--json"];
    let seed_rule = json(&hexforge(&args));
    let variant = json(&hexforge(&[&args[..], &["--last-standing-wins"]].concat()));
    assert!(seed_rule["stalled"].as_u64().unwrap() > 0, "the seed's final play leaves some games without a winner");
    assert_eq!(variant["stalled"], 0);
    assert_eq!(variant["finished"], 200);
    let out = hexforge(&["simulate", "tao", "--last-standing-wins", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The rulebook's Pathways table names, under each row, the command that plays its games
/// again: run two of them (and a variant's) and compare with what the book prints.
#[test]
fn the_rulebooks_pathways_commands_give_its_figures() {
    let data = hexforge::games::changing_lines::rulebook::data();
    let measured = &data["pathways_measured"];
    let rows = measured["rows"].as_array().expect("the measured rows");
    let variant = measured["variant"].as_array().expect("the variant's rows");
    for row in [&rows[1], &rows[11], &variant[10]] {
        book_row::check_row(row, "shared_first");
    }
}
