//! Liubo through the real binary: `simulate liubo` and `check liubo --record`, and the
//! rulebook's measured figures against the commands its footnotes name.

use crate::binary::{hexforge, json};

use crate::book_row;
use crate::temp_dir;
use temp_dir::TempDir;

fn measured() -> serde_json::Value {
    hexforge::games::liubo::rulebook::data()["measured"].clone()
}

#[test]
fn simulated_games_are_recorded_with_their_throws_and_check_as_valid() {
    let dir = TempDir::new("liubo-sim");
    let records = dir.0.join("games.jsonl");
    let records = records.to_str().unwrap();
    let args = ["simulate", "liubo", "--games", "30", "--seed", "9", "--bots", "greedy,random", "--json"];
    let first = hexforge(&[&args[..], &["--record", records]].concat());
    assert_eq!(first.status.code(), Some(0), "{}", String::from_utf8_lossy(&first.stderr));
    let summary = json(&first);
    assert_eq!(json(&hexforge(&args)), summary, "same seed, same bots: same summary");
    assert_eq!(summary["finished"], 30);
    let text = std::fs::read_to_string(records).unwrap();
    assert!(text.lines().all(|l| l.contains(r#""throw":["#)), "every record holds its throws");

    let check = hexforge(&["check", "liubo", "--record", records, "--json"]);
    assert_eq!(check.status.code(), Some(0), "{}", String::from_utf8_lossy(&check.stdout));
    let verdicts = json(&check);
    assert_eq!(verdicts.as_array().unwrap().len(), 30);
    assert!(verdicts.as_array().unwrap().iter().all(|v| v["valid"] == true));

    // Without their seeds the games replay the same; with a throw changed, the checker
    // names the game, the move and the rule.
    let mut lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for line in &mut lines {
        line.as_object_mut().unwrap().remove("seed");
    }
    lines[1]["actions"][0]["throw"] = serde_json::json!([5, 1]);
    let broken = dir.0.join("broken.jsonl");
    std::fs::write(&broken, lines.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let check = hexforge(&["check", "liubo", "--record", broken.to_str().unwrap(), "--json"]);
    assert_eq!(check.status.code(), Some(1));
    let verdicts = json(&check);
    assert_eq!(verdicts[0]["valid"], true);
    assert_eq!((verdicts[1]["failed_move"].clone(), verdicts[1]["rule"].clone()), (1.into(), "bad-throw".into()));
}

#[test]
fn the_variant_is_an_option_and_a_wrong_one_is_refused() {
    let out = hexforge(&["simulate", "liubo", "--games", "5", "--variant", "every-extra-throw", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let out = hexforge(&["simulate", "liubo", "--games", "5", "--variant", "no-owls"]);
    assert_ne!(out.status.code(), Some(0));
    let out = hexforge(&["simulate", "liubo", "--players", "3"]);
    assert_ne!(out.status.code(), Some(0));
}

/// Every row of the rulebook's table of lengths is what its command gives (100,000 games
/// each), and the cover's time is the reference row's.
#[test]
fn the_rulebooks_simulate_commands_give_its_figures() {
    let m = measured();
    let rows = m["rows"].as_array().expect("the measured rows").clone();
    assert_eq!(rows.len(), 4);
    for row in &rows {
        book_row::check_row(row, "no_winner");
    }
    let reference = &rows[m["reference"].as_u64().unwrap() as usize];
    let minutes = |key: &str| reference[key].as_u64().unwrap() as u32;
    let duration = hexforge::rulebook::data::cover_time(
        hexforge_rules::core::lang::Lang::En,
        minutes("median_minutes"),
        minutes("p90_minutes"),
    );
    assert_eq!(hexforge::games::liubo::rulebook::data()["duration"], duration.as_str());
}

/// How often each rule fired, and how the games ended, as the book prints them (per game,
/// and in percent of the games), for the two settings of random players.
#[test]
fn the_rulebooks_rule_counts_are_what_the_commands_give() {
    let m = measured();
    for row in m["rows"].as_array().unwrap().iter().filter(|r| r["bots"].as_array().unwrap().contains(&"random".into()))
    {
        let command = row["command"].as_str().unwrap();
        let args: Vec<&str> = command.split(' ').skip(1).collect();
        let out = hexforge(&args);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let summary = json(&out);
        let games = summary["games"].as_f64().unwrap();
        let count = |name: &str| {
            summary["events"].get(name).or_else(|| summary["plays_by_kind"].get(name)).and_then(|v| v.as_f64())
        };
        for name in m["fired"].as_array().unwrap() {
            let name = name.as_str().unwrap();
            let n = count(name).unwrap_or_else(|| panic!("{command}: no count {name}"));
            assert_eq!(format!("{:.1}", n / games), row["fired"][name].as_str().unwrap(), "{command}: {name}");
        }
        let ends: Vec<String> = ["owl_taken", "outnumbered", "large_victories"]
            .iter()
            .map(|name| format!("{:.1}", count(name).unwrap() * 100.0 / games))
            .collect();
        assert_eq!(serde_json::json!(ends), row["ends"], "{command}");
        if row["bots"].as_array().unwrap().len() == 2 {
            let first = &summary["wins_by_bot"][0];
            assert_eq!(
                format!("{:.1}", first["wins"].as_f64().unwrap() * 100.0 / games),
                row["first_bot"],
                "{command}"
            );
        }
    }
}
