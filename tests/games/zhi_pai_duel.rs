//! Zhi Pai for two through the real binary: `simulate zhi-pai` prints the summary every
//! game shares, the same for the same seed, and refuses what the duel cannot be; its
//! records (and Pathways') are checked by `check GAME --record` like Tao's.

use std::process::Output;

use crate::binary::hexforge;

use crate::temp_dir;
use temp_dir::TempDir;

fn json(out: &Output) -> serde_json::Value {
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn simulate_zhi_pai_counts_both_seats_and_is_the_same_for_the_same_seed() {
    let args = ["simulate", "zhi-pai", "--games", "400", "--seed", "5", "--bots", "greedy,random", "--json"];
    let first = hexforge(&args);
    let v = json(&first);
    assert_eq!(v["game"], "zhi-pai");
    assert_eq!(v["players"], 2);
    assert_eq!(v["games"], 400);
    assert_eq!(v["unfinished"], 0);
    let wins: Vec<u64> = v["wins_by_seat"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect();
    assert!(wins[0] > 0 && wins[1] > 0, "both seats win some games: {wins:?}");
    assert_eq!(wins[0] + wins[1], v["finished"].as_u64().unwrap());
    assert_eq!(v["first_player"]["wins"].as_u64(), Some(wins[0]), "seat 0 plays first");
    assert_eq!(v["finished"].as_u64().unwrap() + v["stalled"].as_u64().unwrap(), 400);
    for kind in ["one-line", "swap", "trigram"] {
        assert!(v["plays_by_kind"][kind].as_u64().unwrap() > 0, "{kind}");
    }
    assert_eq!(v["wins_by_bot"][0]["bot"], "greedy");
    assert!(v["wins_by_bot"][0]["low"].as_f64().unwrap() > 0.5, "greedy beats random: {}", v["wins_by_bot"]);
    assert_eq!(hexforge(&args).stdout, first.stdout, "the same seed, the same summary");
    let other =
        json(&hexforge(&["simulate", "zhi-pai", "--games", "400", "--seed", "6", "--bots", "greedy,random", "--json"]));
    assert_ne!(other, v);
}

#[test]
fn simulate_zhi_pai_refuses_other_player_counts() {
    for players in ["1", "3", "4"] {
        let out = hexforge(&["simulate", "zhi-pai", "--players", players, "--games", "2"]);
        assert_eq!(out.status.code(), Some(2), "--players {players}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("--players {players}")) && err.contains("exactly 2 players"), "{err}");
    }
}

/// Records of the games beyond Tao go through the same `check GAME --record`: valid as
/// simulated, and a broken one names its move and rule with exit 1.
#[test]
fn zhi_pai_and_pathways_records_are_checked_like_taos() {
    let dir = TempDir::new("duel-records");
    for game in ["zhi-pai", "pathways"] {
        let path = dir.0.join(format!("{game}.jsonl"));
        let file = path.to_str().unwrap();
        let out = hexforge(&["simulate", game, "--games", "6", "--seed", "4", "--bots", "greedy", "--record", file]);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let verdicts = json(&hexforge(&["check", game, "--record", file, "--json"]));
        assert_eq!(verdicts.as_array().unwrap().len(), 6);
        assert!(verdicts.as_array().unwrap().iter().all(|v| v["valid"] == true), "{game}: {verdicts}");
        let text = std::fs::read_to_string(&path).unwrap();
        let mut first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        first["actions"][0]["seat"] = 1.into();
        std::fs::write(&path, first.to_string()).unwrap();
        let out = hexforge(&["check", game, "--record", file]);
        assert_eq!(out.status.code(), Some(1), "{game}");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.contains("move 1") && said.contains("not-your-turn"), "{game}: {said}");
        std::fs::write(&path, "{\"game\":\"tao\",\"players\":2}\n").unwrap();
        let out = hexforge(&["check", game, "--record", file]);
        assert_eq!(out.status.code(), Some(2), "{game}: a record of another shape");
        assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
    }
    let out = hexforge(&["check", "chess", "--record", "x.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("chess"));
}

/// The Zhi Pai cover's time is measured: its pinned median and 90th-percentile turns are
/// what the command the book prints gives, and the cover prints them at the stated
/// seconds a turn, rounded as every cover is.
#[test]
fn the_zhi_pai_covers_time_is_what_its_command_gives() {
    use hexforge::games::zhi_pai::rulebook::{MEASURED_COMMAND, MEASURED_TURNS, SECONDS_A_TURN};
    let args: Vec<&str> = MEASURED_COMMAND.split(' ').skip(1).chain(["--json"]).collect();
    let out = hexforge(&args);
    assert_eq!(out.status.code(), Some(0), "{MEASURED_COMMAND}");
    let turns = &json(&out)["turns"];
    assert_eq!((turns["median"].as_u64(), turns["p90"].as_u64()), (Some(6), Some(12)), "{MEASURED_COMMAND}");
    assert_eq!(MEASURED_TURNS, (6, 12));
    let minutes = |t: u32| (t * SECONDS_A_TURN + 30) / 60;
    let expected = hexforge::rulebook::data::cover_time(
        hexforge_rules::core::lang::Lang::En,
        minutes(MEASURED_TURNS.0),
        minutes(MEASURED_TURNS.1),
    );
    assert_eq!(expected, "5–10 min", "3 and 6 minutes, widened to fives");
    let data = hexforge::games::zhi_pai::rulebook::data(hexforge_rules::core::lang::Lang::En);
    assert_eq!(data["duration"], expected.as_str());
    assert_eq!(data["measured"]["command"], MEASURED_COMMAND);
}
